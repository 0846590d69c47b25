#!/usr/bin/env bash
# what: the crate publishes (cargo publish --dry-run), from what its package holds alone
source "$(dirname "$0")/../lib.sh"

# The package is built from what it holds alone (its README and licence files included).
cargo publish --dry-run -p fichas --quiet
