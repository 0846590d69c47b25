#!/usr/bin/env bash
# The npm package, bindings-wasm/dist: the WebAssembly module and its JavaScript and types. Used by
# the steps npm, web and docs (once a run).
source "$(dirname "$0")/../lib.sh"

rust_target wasm32-unknown-unknown "for the npm package"
# wasm-bindgen-cli at the version of the wasm-bindgen crate that Cargo.lock holds.
bindgen="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)"
if ! command -v wasm-bindgen >/dev/null || [ "$(wasm-bindgen --version | cut -d' ' -f2)" != "$bindgen" ]; then
    installing "wasm-bindgen-cli $bindgen (cargo install wasm-bindgen-cli --version $bindgen, a few minutes), to make the package's JavaScript and types"
    cargo install wasm-bindgen-cli --version "$bindgen"
fi
bindings-wasm/build
