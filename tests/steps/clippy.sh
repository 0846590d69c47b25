#!/usr/bin/env bash
# what: clippy on every crate, warnings denied (quick: the engine, the examples, the Python bindings)
# quick: yes
source "$(dirname "$0")/../lib.sh"

rust_component clippy "for the lints"

if [ "$FICHAS_MODE" = quick ]; then
    # The crates a change most often touches; the full mode adds fichas-mobile (uniffi and its
    # generator, a minute more from cold).
    cargo clippy -p fichas -p fichas-examples -p fichas-python --all-targets -- -D warnings
else
    cargo clippy --workspace --all-targets -- -D warnings
fi
