#!/usr/bin/env bash
# what: the crate builds with the minimum Rust version Cargo.toml declares
source "$(dirname "$0")/../lib.sh"

msrv="$(sed -n 's/^rust-version = "\(.*\)"$/\1/p' Cargo.toml)"
if ! rustup toolchain list | grep -q "^$msrv-"; then
    installing "the Rust toolchain $msrv (rustup toolchain install $msrv --profile minimal), the minimum version Cargo.toml declares"
    rustup toolchain install "$msrv" --profile minimal
fi
echo "Rust $msrv"
CARGO_TARGET_DIR=target/msrv cargo "+$msrv" build -p fichas --all-features --quiet
