#!/usr/bin/env bash
# what: every code block of the docs has its runner, and the shell blocks run as a user types them; quick: the inventory only
# quick: yes
# needs: python3
source "$(dirname "$0")/../lib.sh"

if [ "$FICHAS_MODE" = quick ]; then
    docs/check-blocks --list
    exit 0
fi
once python
once npm
# Rust blocks ran as doc tests, Python blocks in test_docs.py, Kotlin blocks in the Maven
# consumer; this lists them all and runs the sh blocks as a user types them, in the test venv
# (activated as a user's venv is: its bin/ first on PATH, VIRTUAL_ENV set). A line that a step
# of this run ran exactly as the docs write it is not run twice (--ran).
ran=(--ran "bindings-wasm/build")
ran_in() { # ran_in STEP LINE...: the lines, if STEP ran in this run
    local step="$1"
    shift
    if [ -e "$FICHAS_RUN_DIR/step-$step" ]; then
        for line in "$@"; do ran+=(--ran "$line"); done
    fi
}
ran_in examples "cargo run --release --example simulate -- poleana --games 10000"
ran_in server "pytest -s server/tests/protocol/test_server.py"
ran_in mobile "(cd bindings-mobile/kotlin && mvn -q -B install)" \
    "(cd bindings-mobile/kotlin/consumer && mvn -q -B verify)" "bindings-mobile/android/build-aar --dry-run"
ran_in npm "bindings-wasm/check-package"
docs/check-blocks --venv target/python "${ran[@]}"
