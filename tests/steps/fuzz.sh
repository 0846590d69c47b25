#!/usr/bin/env bash
# what: the fuzz targets: format, lints, and a smoke run of every target for 30 seconds (FUZZ_SECONDS)
source "$(dirname "$0")/../lib.sh"

if ! command -v cargo-fuzz >/dev/null; then
    installing "cargo-fuzz (cargo install cargo-fuzz --locked, a few minutes), to build and run the fuzz targets"
    cargo install cargo-fuzz --locked
fi
cd fuzz
cargo clippy --all-targets -- -D warnings
# The fuzz targets are the sources in fuzz_targets/. `cargo fuzz list` names every [[bin]] of
# fuzz/Cargo.toml, and so also seed-corpus, the program that rewrites the checked-in seeds/.
targets=()
for source in fuzz_targets/*.rs; do targets+=("$(basename "$source" .rs)"); done
listed="$(cargo fuzz list)"
for target in "${targets[@]}"; do
    grep -qx "$target" <<<"$listed" || { echo "fuzz/fuzz_targets/$target.rs is not a [[bin]] of fuzz/Cargo.toml"; exit 1; }
done
# Built once; then every target runs at once, 30 seconds of wall-clock time each: libFuzzer
# keeps to one core, so they share the machine's, which is enough for a smoke run (a
# campaign runs one target for hours).
RUSTC_BOOTSTRAP=1 cargo fuzz build
smoke() { # smoke TARGET: one run, its output in fuzz/target/smoke-TARGET.log
    local target="$1" log="target/smoke-$1.log"
    # A fresh corpus from the checked-in seeds, so every run starts alike. libFuzzer writes
    # what it finds (and removes what it reduces) in the first directory only, corpus/ (git
    # ignores it); seeds/ is only read.
    rm -rf "corpus/$target" && mkdir -p "corpus/$target"
    if ! RUSTC_BOOTSTRAP=1 cargo fuzz run "$target" "corpus/$target" "seeds/$target" -- \
        -max_total_time="${FUZZ_SECONDS:-30}" -print_final_stats=1 > "$log" 2>&1; then
        echo "fuzz target $target crashed; the input is in fuzz/artifacts/$target/" >> "$log"
        return 1
    fi
    grep -q 'Done [0-9]* runs in [0-9]* second(s)' "$log" || {
        echo "fuzz target $target ran without libFuzzer's closing summary" >> "$log"
        return 1
    }
}
pids=()
for target in "${targets[@]}"; do smoke "$target" & pids+=($!); done
for n in "${!targets[@]}"; do
    target="${targets[$n]}"
    if ! wait "${pids[$n]}"; then
        kill "${pids[@]}" 2>/dev/null || true   # the others stop with it
        tail -n 60 "target/smoke-$target.log"
        exit 1
    fi
    echo "$target: $(grep -o 'Done [0-9]* runs in [0-9]* second(s)' "target/smoke-$target.log")"
done
