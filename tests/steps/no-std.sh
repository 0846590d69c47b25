#!/usr/bin/env bash
# what: the crate builds without std (thumbv7em-none-eabihf), with and without serde
source "$(dirname "$0")/../lib.sh"

rust_target thumbv7em-none-eabihf "to check that the crate builds without std"
cargo build -p fichas --no-default-features --target thumbv7em-none-eabihf
cargo build -p fichas --no-default-features --features serde --target thumbv7em-none-eabihf
