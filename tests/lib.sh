# What every step of ./run-tests shares: sourced by each step, never run alone.
#
# A step runs from the repository root with `set -euo pipefail`. FICHAS_MODE is `full` (CI's) or
# `quick` (before a push); a step that does less in quick mode says so in its header.
# FICHAS_RUN_DIR is a temporary folder of this run of ./run-tests, where tests/build/ marks what
# it has built (the Python package's venv, the npm package): a step run alone builds what it
# needs, and a step of the whole suite does not build it twice.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export FICHAS_MODE="${FICHAS_MODE:-full}"
# Property tests draw their cases from this seed, so every run checks the same cases; set
# PROPTEST_RNG_SEED to another number to explore others.
export PROPTEST_RNG_SEED="${PROPTEST_RNG_SEED:-20261129}"

# Every install the suite makes is announced first, with what it is for.
installing() { printf -- '--> installing %s\n' "$*"; }

# A part of a step, with the time since the step started.
part() { printf -- '--- [%d:%02d] %s\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*"; }

# apt_install PACKAGE WHY: Debian's package, as root or through sudo.
apt_install() {
    installing "Debian's $1 (apt-get install $1), $2"
    local sudo=()
    [ "$(id -u)" = 0 ] || sudo=(sudo)
    "${sudo[@]}" apt-get update -qq
    "${sudo[@]}" apt-get install -y -qq "$1" >/dev/null
}

# rust_component NAME WHY: the rustup component, added when missing.
rust_component() {
    if ! rustup component list --installed 2>/dev/null | grep -q "^$1"; then
        installing "the Rust component $1 (rustup component add $1), $2"
        rustup component add "$1"
    fi
}

# rust_target TARGET WHY: the Rust target, added when missing.
rust_target() {
    if ! rustup target list --installed | grep -qx "$1"; then
        installing "the Rust target $1 (rustup target add $1), $2"
        rustup target add "$1"
    fi
}

# once BUILDER: runs tests/build/BUILDER.sh unless this run of ./run-tests ran it already.
once() {
    local mark="${FICHAS_RUN_DIR:?run the steps through ./run-tests}/$1"
    [ -e "$mark" ] && return 0
    bash "tests/build/$1.sh"
    touch "$mark"
}
