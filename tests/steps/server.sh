#!/usr/bin/env bash
# what: the reference server: whole games, a crowd of 200 on SQLite and PostgreSQL, a killed process taken over, limits and probes
# needs: python3
source "$(dirname "$0")/../lib.sh"

once python
# The PostgreSQL tests start a throwaway cluster of Debian's packages on loopback (pgserver.py).
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    apt_install postgresql "for the reference server's second store"
fi
# First the whole games, as examples/server/README.md runs them (in the test venv, activated).
(export VIRTUAL_ENV="$PWD/target/python" PATH="$PWD/target/python/bin:$PATH"
    pytest -s examples/server/test_server.py)
# FICHAS_REQUIRE_POSTGRES: the PostgreSQL tests fail, rather than skip, without it.
(cd examples/server && FICHAS_REQUIRE_POSTGRES=1 ../../target/python/bin/python -m pytest -q -s -p no:cacheprovider \
    test_pgserver.py test_postgres_store.py test_scale.py)
