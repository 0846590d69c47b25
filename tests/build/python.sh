#!/usr/bin/env bash
# The Python package as a release would upload it, a manylinux abi3 wheel and an sdist in
# target/wheels, and the full suite's test venv, target/python, with the wheel installed from
# there as a user installs it. Used by the steps python, server, web and docs (once a run).
source "$(dirname "$0")/../lib.sh"

# The build tools have an environment of their own. Zig (the ziglang package) links against
# glibc 2.17, so the wheel is manylinux2014: maturin checks the tag, auditwheel shows it.
python3 -m venv target/python-build
installing "the Python packages pip, maturin, ziglang, auditwheel and twine into target/python-build (a venv of the suite's own), to build and check the wheel and the sdist"
target/python-build/bin/pip install --quiet --upgrade pip maturin ziglang auditwheel twine
rm -rf target/wheels
PATH="$PWD/target/python-build/bin:$PATH" maturin build --release -m bindings-python/Cargo.toml \
    --zig --compatibility manylinux2014 --out target/wheels
PATH="$PWD/target/python-build/bin:$PATH" maturin sdist -m bindings-python/Cargo.toml --out target/wheels

python3 -m venv --clear target/python
installing "into target/python (the tests' venv): pip; numpy, pettingzoo, gymnasium, matplotlib and open_spiel; the wheel just built; pytest, hypothesis, mypy, pandas, polars, websockets, ray, and the game server tests' orjson, uvloop and asyncpg"
target/python/bin/pip install --quiet --upgrade pip
# The wheel depends on numpy, which the no-index install below cannot fetch; fichas.env and its
# tests need gymnasium and pettingzoo (the env extra); docs/learning.md plots with matplotlib;
# fichas.openspiel and docs/openspiel.md need OpenSpiel (the openspiel extra).
target/python/bin/pip install --quiet numpy pettingzoo gymnasium matplotlib open_spiel
# The built wheel, never the source tree: no index, binary only (tests/test_installed.py checks).
target/python/bin/pip install --quiet --no-index --find-links target/wheels --only-binary fichas fichas
target/python/bin/pip install --quiet pytest hypothesis mypy pandas polars websockets ray orjson uvloop asyncpg
