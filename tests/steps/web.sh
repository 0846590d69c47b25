#!/usr/bin/env bash
# what: the browser app: offline games against bots and an online game of four pages, in Debian's headless Chromium
# needs: node npm
source "$(dirname "$0")/../lib.sh"

once npm
once server
if ! [ -x /usr/bin/chromium ]; then
    apt_install chromium "the browser the app's tests drive"
fi
installing "playwright-core into web/node_modules (npm ci, as web/package-lock.json pins it), to drive Chromium; it downloads no browser"
(cd web && npm ci --silent --no-audit --no-fund)
(cd web && FICHAS_SERVER="$PWD/../target/release/fichas-server" npm test --silent)
