#!/usr/bin/env bash
# what: the mobile bindings: Kotlin and Swift generated, the jar packaged and tested, the Maven consumer, the AAR and XCFramework scripts checked
# needs: python3 javac jar mvn strip nm readelf
source "$(dirname "$0")/../lib.sh"

# generate fails if a generated source misses a function of the library; it prints the library:
# a release build, stripped, which the jar carries.
library="$(bindings-mobile/generate)"
version="$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n 1)"
# dev.fichas:fichas with that library: the Kotlin tests load it from the classpath, with no
# jna.library.path; then the jar goes into ~/.m2. Maven prints nothing but failures here, and no
# terminal escapes (bindings-mobile/kotlin/.mvn/jvm.config).
(cd bindings-mobile/kotlin && mvn -q -B install) 2>&1 | tee target/mvn-install.log
if grep -q $'\e' target/mvn-install.log; then
    echo "mvn -q -B install printed terminal escape sequences:"; cat -v target/mvn-install.log; exit 1
fi
# The jar that went into ~/.m2 (a copy of this one) carries that library, byte for byte, and it
# has neither debug information nor a symbol table beyond the exported functions.
python3 tests/tools/jar_carries.py "bindings-mobile/kotlin/target/fichas-$version.jar" "$library"
sections="$(readelf -S --wide "$library")"
if grep -q -e '\.debug_' -e '\.symtab' <<<"$sections"; then
    echo "$library is not stripped:"; grep -e '\.debug_' -e '\.symtab' <<<"$sections"; exit 1
fi
# A Maven project of its own takes the jar by its coordinates alone: a game, a table, and the
# Kotlin blocks of README.md, docs/mobile.md and docs/server.md.
(cd bindings-mobile/kotlin/consumer && mvn -q -B verify)
# No Android NDK and no Xcode here: the AAR without its native libraries, and both scripts' syntax.
bash -n bindings-mobile/android/build-aar
bash -n bindings-mobile/swift/build-xcframework
bindings-mobile/android/build-aar --dry-run
if command -v swift >/dev/null 2>&1; then
    dir="$(dirname "$library")"
    (cd bindings-mobile/swift && FICHAS_LIBRARY_DIR="$dir" swift test -Xlinker -L"$dir" -Xlinker -rpath -Xlinker "$dir")
else
    echo "Swift tests skipped: no swift toolchain here (the Swift sources were generated and checked)."
fi
