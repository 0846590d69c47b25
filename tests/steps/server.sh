#!/usr/bin/env bash
# what: the game server: fichas-server held to the protocol tests and its SQLite crowd, limits and probes; the Python server on PostgreSQL
# needs: python3
source "$(dirname "$0")/../lib.sh"

once python
once server
# The PostgreSQL tests start a throwaway cluster of Debian's packages on loopback (pgserver.py).
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    apt_install postgresql "for the reference server's second store"
fi
# The protocol's tests run against fichas-server as a black box (FICHAS_SERVER names it): the
# whole games, then the crowd, the limits and the probes on SQLite.
part "fichas-server: whole games, the crowd, limits and probes on SQLite"
(cd examples/server && FICHAS_SERVER="$PWD/../../target/release/fichas-server" ../../target/python/bin/python -m pytest \
    -q -s -p no:cacheprovider test_server.py test_scale.py -k "not postgres and not killed")
# FICHAS_REQUIRE_POSTGRES: the PostgreSQL tests fail, rather than skip, without it.
part "the Python server on PostgreSQL: its store, its crowd and a killed process taken over"
(cd examples/server && FICHAS_REQUIRE_POSTGRES=1 ../../target/python/bin/python -m pytest -q -s -p no:cacheprovider \
    test_pgserver.py test_postgres_store.py test_scale.py -k "postgres or killed")
