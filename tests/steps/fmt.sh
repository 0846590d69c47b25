#!/usr/bin/env bash
# what: cargo fmt --check, on the workspace and fuzz/
# quick: yes
source "$(dirname "$0")/../lib.sh"

rust_component rustfmt "for the formatting check"

cargo fmt --all -- --check
(cd fuzz && cargo fmt -- --check)
