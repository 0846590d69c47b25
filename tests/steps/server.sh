#!/usr/bin/env bash
# what: the game server: whole games through fichas-server on SQLite and PostgreSQL, a crowd of 200 on each, a killed process taken over, limits and probes
# needs: python3
source "$(dirname "$0")/../lib.sh"

once python
once server
# The PostgreSQL tests start a throwaway cluster of Debian's packages on loopback (pgserver.py).
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    apt_install postgresql "for the game server's second store"
fi
# The protocol's tests hold the binary to docs/server.md as a black box. First the whole games,
# as docs/server.md runs them (in the test venv, activated); then the crowd, a killed process
# taken over, the limits and the probes. FICHAS_REQUIRE_POSTGRES: the PostgreSQL tests fail,
# rather than skip, without it.
(export VIRTUAL_ENV="$PWD/target/python" PATH="$PWD/target/python/bin:$PATH"
    pytest -s server/tests/protocol/test_server.py)
(cd server/tests/protocol && FICHAS_REQUIRE_POSTGRES=1 ../../../target/python/bin/python -m pytest -q -s -p no:cacheprovider \
    test_scale.py test_pgserver.py)
