#!/usr/bin/env bash
# what: the npm package on WebAssembly: its size, its Node tests (npm test), a fresh project that installs it, its speed against Python
# needs: node npm python3
source "$(dirname "$0")/../lib.sh"

once npm
# The module must stay small enough for a phone: at most 500 KB gzipped.
gzipped="$(gzip -9 -c bindings-wasm/dist/fichas_wasm_bg.wasm | wc -c)"
echo "the WebAssembly module: $((gzipped / 1024)) KB gzipped"
[ "$gzipped" -le 512000 ] || { echo "the WebAssembly module is $((gzipped / 1024)) KB gzipped, past 500 KB"; exit 1; }
(cd bindings-wasm && npm test --silent)
bindings-wasm/check-package
once python
bindings-wasm/compare-speed target/python/bin/python
