#!/usr/bin/env bash
# what: the Python package: the manylinux abi3 wheel and the sdist, checked, and every Python test and type check from a fresh venv; quick: a debug build and two test files
# quick: yes
# needs: python3
source "$(dirname "$0")/../lib.sh"

if [ "$FICHAS_MODE" = quick ]; then
    venv=target/quick/python
    if [ ! -x "$venv/bin/python" ]; then
        python3 -m venv "$venv"
    fi
    # Only what is missing, so a warm run asks no index.
    if ! "$venv/bin/python" -c 'import maturin, pytest, numpy' >/dev/null 2>&1; then
        installing "the Python packages maturin, pytest and numpy into $venv (a venv of the suite's own), to build and test the package"
        "$venv/bin/pip" install --quiet --upgrade pip maturin pytest numpy
    fi
    rm -rf target/quick/wheels
    # A debug build (with line tables only), made into a wheel and installed like a user's: no
    # file of the checkout is written, as `maturin develop` would write the extension in place.
    VIRTUAL_ENV="$PWD/$venv" PATH="$PWD/$venv/bin:$PATH" CARGO_PROFILE_DEV_DEBUG=line-tables-only \
        maturin build --quiet --profile dev -m bindings-python/Cargo.toml --out target/quick/wheels
    "$venv/bin/pip" install --quiet --no-deps --force-reinstall target/quick/wheels/fichas-*.whl
    # From tests/: pytest puts that directory on the path, never bindings-python/python.
    (cd bindings-python/tests && ../../$venv/bin/python -m pytest -q -p no:cacheprovider test_game.py test_errors.py)
    exit 0
fi

once python
wheel="$(ls target/wheels/fichas-*-cp39-abi3-manylinux2014_x86_64.manylinux_2_17_x86_64.whl)"
sdist="$(ls target/wheels/fichas-*.tar.gz)"
audit="$(target/python-build/bin/auditwheel show "$wheel")"
echo "$audit"
grep -q '"manylinux_2_17_x86_64"' <<<"$audit"
target/python-build/bin/twine check --strict "$wheel" "$sdist"
contents="$(python3 -m zipfile -l "$wheel")"
for licence in LICENSE-MIT LICENSE-APACHE; do
    grep -q "dist-info/licenses/$licence" <<<"$contents" || { echo "the wheel lacks $licence"; exit 1; }
done
# The sdist holds what a build from it needs: the crates' sources, the lock file, the licences.
listing="$(tar tzf "$sdist")"
for file in pyproject.toml Cargo.toml Cargo.lock LICENSE-MIT LICENSE-APACHE README.md \
    python/fichas/__init__.py python/fichas/_fichas.pyi python/fichas/py.typed \
    bindings-python/Cargo.toml bindings-python/src/lib.rs core/Cargo.toml core/src/lib.rs; do
    grep -qx "fichas-[^/]*/$file" <<<"$listing" || { echo "the sdist lacks $file"; exit 1; }
done

part "pytest, from a venv with the wheel installed"
# From tests/: pytest puts that directory on the path, never bindings-python/python.
# FICHAS_REQUIRE_RAY=1: test_ray.py fails, rather than skips, where ray does not import.
(cd bindings-python/tests && FICHAS_REQUIRE_RAY=1 ../../target/python/bin/python -m pytest -q -p no:cacheprovider .)
part "mypy --strict on the tests, the stubs, the package and the tools"
(cd bindings-python/tests && ../../target/python/bin/python -m mypy --strict .)
target/python/bin/python -m mypy.stubtest fichas._fichas
target/python/bin/python -m mypy --strict -p fichas
target/python/bin/python -m mypy --strict bindings-python/tools
