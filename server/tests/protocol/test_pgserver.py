"""pgserver.py, the throwaway PostgreSQL server of the server's tests: it starts a real cluster
on 127.0.0.1, asyncpg connects to it, an advisory lock held by a process killed with kill -9 is
released, and nothing is left behind — no server, no temporary directory — however it ends.

    pytest -q -s -p no:cacheprovider server/tests/protocol/test_pgserver.py    # -s shows the timings

Without PostgreSQL (`apt-get install postgresql`) or asyncpg (`pip install asyncpg`) these tests
skip, unless FICHAS_REQUIRE_POSTGRES is set to anything but the empty string: then they fail.
Run as root, the clusters belong to the `postgres` user (see pgserver.py); run as anyone else,
to that user.
"""

from __future__ import annotations

import asyncio
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path
from typing import Any, Iterator, List, Tuple
from urllib.parse import urlsplit

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import pgserver  # noqa: E402
from pgserver import running_postgres  # noqa: E402

try:
    import asyncpg
except ImportError:
    asyncpg = None

REQUIRED = bool(os.environ.get("FICHAS_REQUIRE_POSTGRES"))
if pgserver.find_bindir() is None and not REQUIRED:
    pytest.skip(
        "PostgreSQL is not installed (apt-get install postgresql); "
        "FICHAS_REQUIRE_POSTGRES=1 makes this a failure",
        allow_module_level=True,
    )

#: Bounds that only a broken harness reaches, so that it fails a test instead of hanging it.
START_S = 30.0
STOP_S = 30.0


def need_asyncpg() -> Any:
    if asyncpg is None:
        if REQUIRED:
            pytest.fail("FICHAS_REQUIRE_POSTGRES is set but asyncpg is not importable: pip install asyncpg")
        pytest.skip("asyncpg is not installed: pip install asyncpg (FICHAS_REQUIRE_POSTGRES=1 makes this a failure)")
    return asyncpg


@pytest.fixture
def parent(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A directory of the test's own that stands for /tmp, so that the test sees exactly what the
    harness leaves there; it must be empty at the end."""
    path = Path(tempfile.mkdtemp(prefix="fichas-pgtest-"))
    # Run as root, the cluster's user must get through it to the cluster's own directory.
    path.chmod(0o711)
    monkeypatch.setattr(tempfile, "tempdir", str(path))
    try:
        yield path
        assert list(path.iterdir()) == [], "the harness left files in the temporary directory"
    finally:
        # The check above failing must not leave it behind either.
        shutil.rmtree(path, ignore_errors=True)


def port_of(dsn: str) -> int:
    port = urlsplit(dsn).port
    assert port is not None
    return port


def accepts(port: int) -> bool:
    """True if something accepts TCP connections on 127.0.0.1:port."""
    with socket.socket() as sock:
        sock.settimeout(2)
        return sock.connect_ex(("127.0.0.1", port)) == 0


def cluster_dir(parent: Path) -> Path:
    """The one directory that running_postgres made in `parent`."""
    children = list(parent.iterdir())
    assert len(children) == 1, children
    return children[0]


def postmaster_pid(parent: Path) -> int:
    return int((cluster_dir(parent) / "data" / "postmaster.pid").read_text().split()[0])


def alive(pid: int) -> bool:
    # /proc rather than kill(pid, 0): a zombie, not yet reaped by init, counts as gone.
    try:
        return (Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0]) != "Z"
    except (OSError, IndexError):
        return False


def test_postgres_is_installed() -> None:
    # The failure FICHAS_REQUIRE_POSTGRES asks for, with the install line.
    assert pgserver.find_bindir() is not None, "PostgreSQL is not installed: apt-get install postgresql"


def test_a_cluster_serves_asyncpg_and_leaves_nothing(parent: Path) -> None:
    pg = need_asyncpg()
    started = time.perf_counter()
    with running_postgres() as dsn:
        elapsed = time.perf_counter() - started
        print(f"\nthe cluster started in {elapsed:.2f} s: {dsn}")
        assert elapsed < START_S
        url = urlsplit(dsn)
        assert (url.scheme, url.hostname, url.path) == ("postgresql", "127.0.0.1", "/fichas")
        home = cluster_dir(parent)
        info = home.stat()
        assert info.st_mode & 0o777 == 0o700
        if os.geteuid() == 0:
            assert info.st_uid != 0, "run as root, the cluster must belong to an unprivileged user"
        else:
            assert info.st_uid == os.geteuid()
        pid = postmaster_pid(parent)

        async def check() -> None:
            conn = await pg.connect(dsn, timeout=10)
            try:
                assert await conn.fetchval("SELECT current_database()") == "fichas"
                assert await conn.fetchval("SHOW fsync") == "on"
                assert await conn.fetchval("SHOW listen_addresses") == "127.0.0.1"
                assert await conn.fetchval("SHOW unix_socket_directories") == str(home)
                await conn.execute("CREATE TABLE steps (id bigserial PRIMARY KEY, body text)")
                await conn.executemany("INSERT INTO steps (body) VALUES ($1)", [(str(i),) for i in range(50)])
                assert await conn.fetchval("SELECT count(*) FROM steps") == 50
            finally:
                await conn.close()

        asyncio.run(check())
    assert not home.exists(), "the cluster's temporary directory is still there"
    assert not alive(pid), "the postmaster is still running"
    assert not accepts(url.port or 0)


def test_the_body_raising_still_stops_and_removes(parent: Path) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with pytest.raises(ZeroDivisionError):
        with running_postgres(port) as dsn:
            assert port_of(dsn) == port
            assert accepts(port)
            pid = postmaster_pid(parent)
            1 / 0
    assert not alive(pid)
    assert not accepts(port)


HOLDER = textwrap.dedent(
    """
    import asyncio, sys
    import asyncpg

    async def main() -> None:
        conn = await asyncpg.connect(sys.argv[1])
        assert await conn.fetchval("SELECT pg_try_advisory_lock($1)", int(sys.argv[2]))
        print(conn.get_server_pid(), flush=True)
        await asyncio.sleep(600)  # killed long before

    asyncio.run(main())
    """
)


def test_an_advisory_lock_of_a_killed_process_is_released(parent: Path) -> None:
    pg = need_asyncpg()
    key = 20261129
    with running_postgres() as dsn:
        home = cluster_dir(parent)
        holder = subprocess.Popen([sys.executable, "-c", HOLDER, dsn, str(key)],
                                  stdout=subprocess.PIPE, text=True)
        try:
            assert holder.stdout is not None
            ready, _, _ = select.select([holder.stdout], [], [], START_S)
            assert ready, "the lock holder did not take the lock"
            backend = int(holder.stdout.readline())

            async def check() -> float:
                conn = await pg.connect(dsn, timeout=10)
                try:
                    assert await conn.fetchval(
                        "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND objid = $1",
                        key) == backend
                    assert not await conn.fetchval("SELECT pg_try_advisory_lock($1)", key)
                    killed = time.perf_counter()
                    holder.send_signal(signal.SIGKILL)
                    # Poll without sleeping: one round trip on loopback is a fraction of a ms.
                    while not await conn.fetchval("SELECT pg_try_advisory_lock($1)", key):
                        assert time.perf_counter() - killed < 10, "the lock was not released in 10 s"
                    released = time.perf_counter() - killed
                    assert not await conn.fetchval(
                        "SELECT count(*) FROM pg_stat_activity WHERE pid = $1", backend)
                    return released
                finally:
                    await conn.close()

            released = asyncio.run(check())
        finally:
            holder.kill()
            holder.wait()
            assert holder.stdout is not None
            holder.stdout.close()
    print(f"\nthe advisory lock was free {released * 1000:.1f} ms after kill -9")
    assert released < 5
    assert not home.exists()


def test_no_postgres_is_a_clear_error(parent: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pgserver, "DEBIAN_GLOB", str(parent / "none" / "*" / "bin"))
    monkeypatch.setenv("PATH", str(parent / "none"))
    assert pgserver.find_bindir() is None
    with pytest.raises(pgserver.PostgresNotFound) as raised:
        with running_postgres():
            pass
    assert "initdb" in str(raised.value) and "apt-get install postgresql" in str(raised.value)


def start_cli(parent: Path) -> Tuple["subprocess.Popen[str]", str]:
    """`python pgserver.py` with `parent` as its TMPDIR, and the DSN it printed."""
    env = dict(os.environ, TMPDIR=str(parent))
    # Its standard error is a few lines at most, so a pipe nobody reads until the end is safe.
    proc = subprocess.Popen([sys.executable, str(HERE / "pgserver.py")], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    ready, _, _ = select.select([proc.stdout], [], [], START_S)
    line = proc.stdout.readline() if ready else ""
    if not line.startswith("dsn: "):
        proc.kill()
        _, err = proc.communicate()
        pytest.fail(f"pgserver.py printed {line!r} instead of its dsn; its stderr: {err.strip()}")
    return proc, line[len("dsn: "):].strip()


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_the_command_line_stops_cleanly_on_a_signal(parent: Path, sig: int) -> None:
    proc, dsn = start_cli(parent)
    try:
        assert accepts(port_of(dsn))
        pid = postmaster_pid(parent)
        proc.send_signal(sig)
        assert proc.wait(timeout=STOP_S) == 0
    finally:
        proc.kill()
        proc.communicate()
    assert not alive(pid)
    assert not accepts(port_of(dsn))


def test_the_watchdog_cleans_up_after_kill_9(parent: Path) -> None:
    proc, dsn = start_cli(parent)
    pid = postmaster_pid(parent)
    proc.kill()
    proc.communicate()
    deadline = time.monotonic() + STOP_S
    left: List[Path] = list(parent.iterdir())
    while (left or alive(pid)) and time.monotonic() < deadline:
        time.sleep(0.05)
        left = list(parent.iterdir())
    assert not alive(pid), "the postmaster outlived the watchdog"
    assert left == [], "the watchdog did not remove the cluster's directory"
    assert not accepts(port_of(dsn))
