#!/usr/bin/env bash
# The game server's binary, target/release/fichas-server, as `cargo run --release -p
# fichas-server` builds it. Used by the steps server and web (once a run).
source "$(dirname "$0")/../lib.sh"

cargo build --release -p fichas-server --quiet
