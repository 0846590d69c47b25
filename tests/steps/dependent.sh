#!/usr/bin/env bash
# what: the crate as a dependency: a project outside the checkout, with the [dependencies] of README.md, runs the Quickstart's random game
# needs: python3
source "$(dirname "$0")/../lib.sh"

dependent="$(mktemp -d)"
trap 'rm -rf "$dependent"' EXIT
python3 tests/tools/dependent_project.py README.md "$PWD/core" "$dependent"
# The project resolves its own versions, as a user's would; it builds in this checkout's target/.
CARGO_TARGET_DIR="$PWD/target" cargo run --quiet --manifest-path "$dependent/Cargo.toml"
