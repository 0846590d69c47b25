"""PostgresStore on a real PostgreSQL (pgserver.py's throwaway cluster): it stores and loads
exactly what SqliteStore does (each test writes the same batches to both and compares), a failing
batch changes nothing, and its leases let several processes share one database — one holder per
table, a killed holder's tables taken over within milliseconds, a lost connection fencing every
later call.

    pytest -q -s -p no:cacheprovider examples/server/test_postgres_store.py    # -s: timings

Without PostgreSQL (`apt-get install postgresql`) or asyncpg (`pip install asyncpg`) these tests
skip, unless FICHAS_REQUIRE_POSTGRES is set to anything but the empty string: then they fail.
One cluster serves the whole module; each test gets a database of its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import select
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path
from typing import Any, AsyncIterator, Awaitable, Callable, Coroutine, Iterator, List, Tuple, TypeVar
from urllib.parse import urlsplit, urlunsplit

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import pgserver  # noqa: E402
from pgserver import running_postgres  # noqa: E402
from store import EXPIRED, OVER, Batch, NewTable, SqliteStore  # noqa: E402

try:
    import asyncpg
except ImportError:
    asyncpg = None

if asyncpg is not None:
    from postgres_store import PostgresStore, StoreLost
else:  # the tests skip or fail before they use them
    PostgresStore = StoreLost = None  # type: ignore[misc,assignment]

REQUIRED = bool(os.environ.get("FICHAS_REQUIRE_POSTGRES"))
if pgserver.find_bindir() is None:
    MISSING = "PostgreSQL is not installed (apt-get install postgresql)"
elif asyncpg is None:
    MISSING = "asyncpg is not installed (pip install asyncpg)"
else:
    MISSING = ""
if MISSING and not REQUIRED:
    pytest.skip(f"{MISSING}; FICHAS_REQUIRE_POSTGRES=1 makes this a failure", allow_module_level=True)

#: Bounds that only a broken store reaches, so that it fails a test instead of hanging it.
CALL_S = 60.0
START_S = 30.0
#: The takeover bound the brief sets; a healthy one takes milliseconds.
TAKEOVER_S = 5.0

T = TypeVar("T")


def run(coroutine: Coroutine[Any, Any, T], timeout: float = CALL_S) -> T:
    return asyncio.run(asyncio.wait_for(coroutine, timeout))


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """One cluster for the module: its DSN (database `fichas`)."""
    if MISSING:
        pytest.fail(f"FICHAS_REQUIRE_POSTGRES is set but {MISSING}")
    with running_postgres() as dsn:
        yield dsn


@pytest.fixture
def db(cluster: str, request: pytest.FixtureRequest) -> Iterator[str]:
    """A fresh database of the test's own: its DSN."""
    name = "t_" + "".join(c if c.isalnum() else "_" for c in request.node.name.lower())[:50]
    parts = urlsplit(cluster)
    dsn = urlunsplit(parts._replace(path="/" + name))

    async def admin(sql: str) -> None:
        conn = await asyncpg.connect(cluster, timeout=10)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    run(admin(f'CREATE DATABASE "{name}"'))
    try:
        yield dsn
    finally:
        # FORCE: a store a failed test left open must not keep the database alive.
        run(admin(f'DROP DATABASE "{name}" WITH (FORCE)'))


@pytest.fixture
def scratch() -> Iterator[Path]:
    """A temporary directory removed afterwards (pytest's tmp_path would stay in /tmp)."""
    path = Path(tempfile.mkdtemp(prefix="fichas-pgstore-test-"))
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


@contextlib.asynccontextmanager
async def postgres(dsn: str, url: str = "ws://127.0.0.1:9001", **kwargs: Any) -> AsyncIterator[Any]:
    store = PostgresStore(dsn, url, **kwargs)
    await store.open()
    try:
        yield store
    finally:
        await store.close()


@contextlib.asynccontextmanager
async def sqlite(directory: Path) -> AsyncIterator[SqliteStore]:
    store = SqliteStore(str(directory / "games.sqlite3"))
    await store.open()
    try:
        yield store
    finally:
        await store.close()


async def both(pg: Any, lite: SqliteStore, call: Callable[[Any], Awaitable[T]]) -> T:
    """The same call on both stores: they must answer the same."""
    answer = await call(pg)
    assert answer == await call(lite)
    return answer


def table(table_id: str, created: int, lock_key: int, secret: Any = None, header: str = "{}") -> NewTable:
    return NewTable(table_id, "cartas", "verifiable" if secret else "plain", secret, header, created, lock_key)


def steps(table_id: str, indices: List[int]) -> List[Tuple[str, int, str, str]]:
    return [(table_id, i, f'{{"i":{i},"time":{1000 + i},"link":"{i:064x}"}}', f"{i:064x}") for i in indices]


def test_a_batch_loads_back_as_sqlite_loads_it(db: str, scratch: Path) -> None:
    first = Batch(
        tables=[table("t1", 1000, 11, secret="ab" * 16, header='{"v":1,"host":"Zoë 🎲"}'),
                table("t2", 2000, 12), table("t3", 3000, 13)],
        seats=[("t1", 0, "tok-a", "Ana"), ("t1", 1, "tok-b", None)],
        headers=[("t1", '{"v":2}', False)],
        steps=steps("t1", [0, 1]),
    )
    second = Batch(
        seats=[("t2", 0, "tok-c", "Zoë 🎲")],
        headers=[("t1", '{"v":3}', True)],
        steps=steps("t1", [2, 3]),
        ends=[("t3", EXPIRED)],
    )
    third = Batch(steps=steps("t1", [4]), ends=[("t1", OVER)])

    async def check() -> None:
        async with postgres(db) as pg, sqlite(scratch) as lite:
            for batch in (first, second, third):
                await pg.commit(batch)
                await lite.commit(batch)
            loaded = {}
            for table_id in ("t1", "t2", "t3", "nope"):
                loaded[table_id] = await both(pg, lite, lambda s: s.load(table_id))
            assert await both(pg, lite, lambda s: s.open_tables()) == ["t2"]
        # Agreeing is not enough: both could be wrong the same way.
        t1 = loaded["t1"]
        assert (t1.id, t1.variant, t1.dice, t1.secret) == ("t1", "cartas", "verifiable", "ab" * 16)
        assert t1.header == '{"v":3}'
        assert (t1.started, t1.over, t1.created) == (True, OVER, 1000)
        assert t1.steps == [s[2] for s in steps("t1", [0, 1, 2, 3, 4])]
        assert t1.seats == {0: ("tok-a", "Ana"), 1: ("tok-b", None)}
        assert loaded["t2"].seats == {0: ("tok-c", "Zoë 🎲")} and loaded["t2"].started is False
        assert loaded["t3"].over == EXPIRED and loaded["t3"].steps == []
        assert loaded["nope"] is None

    run(check())


def test_steps_come_back_in_index_order(db: str, scratch: Path) -> None:
    async def check() -> None:
        async with postgres(db) as pg, sqlite(scratch) as lite:
            batches = [Batch(tables=[table("t", 1, 1)], steps=steps("t", [2, 0, 1])),
                       Batch(steps=steps("t", [5, 3, 4])), Batch(steps=steps("t", [10, 6]))]
            for batch in batches:
                await pg.commit(batch)
                await lite.commit(batch)
            loaded = await both(pg, lite, lambda s: s.load("t"))
            assert loaded.steps == [s[2] for s in steps("t", [0, 1, 2, 3, 4, 5, 6, 10])]

    run(check())


def test_a_failing_batch_changes_nothing(db: str, scratch: Path) -> None:
    base = Batch(tables=[table("t1", 1, 1)], seats=[("t1", 0, "tok-a", "Ana")], steps=steps("t1", [0, 1]))
    # Every kind of row, the duplicate step last but one: what came before it must go too.
    bad = Batch(
        tables=[table("t9", 9, 9)],
        seats=[("t9", 0, "tok-z", None), ("t1", 1, "tok-b", "Bea")],
        headers=[("t1", '{"changed":true}', True)],
        steps=steps("t9", [0]) + steps("t1", [2, 0]),
        ends=[("t1", OVER)],
    )

    async def check() -> None:
        async with postgres(db) as pg, sqlite(scratch) as lite:
            await pg.commit(base)
            await lite.commit(base)
            before = await both(pg, lite, lambda s: s.load("t1"))
            with pytest.raises(asyncpg.UniqueViolationError):
                await pg.commit(bad)
            with pytest.raises(sqlite3.IntegrityError):
                await lite.commit(bad)
            assert await both(pg, lite, lambda s: s.load("t1")) == before
            assert await both(pg, lite, lambda s: s.load("t9")) is None
            assert await both(pg, lite, lambda s: s.find_token("tok-z")) is None
            assert await both(pg, lite, lambda s: s.open_tables()) == ["t1"]
            assert not pg.lost.is_set()
            # The store goes on: the same batch without the duplicate commits.
            good = Batch(bad.tables, bad.headers, bad.seats, bad.steps[:-1], bad.ends)
            await pg.commit(good)
            await lite.commit(good)
            after = await both(pg, lite, lambda s: s.load("t1"))
            assert len(after.steps) == 3 and after.over == OVER

    run(check())


def test_drop_step(db: str, scratch: Path) -> None:
    async def check() -> None:
        async with postgres(db) as pg, sqlite(scratch) as lite:
            for store in (pg, lite):
                await store.commit(Batch(tables=[table("t", 1, 1), table("u", 2, 2)],
                                         steps=steps("t", [0, 1, 2, 3, 4]) + steps("u", [0, 1, 2, 3, 4])))
                await store.drop_step("t", 3)
                await store.drop_step("t", 10)  # nothing that far: nothing dropped
            loaded = await both(pg, lite, lambda s: s.load("t"))
            assert loaded.steps == [s[2] for s in steps("t", [0, 1, 2])]
            assert len((await both(pg, lite, lambda s: s.load("u"))).steps) == 5
            for store in (pg, lite):  # the index is free again
                await store.commit(Batch(steps=steps("t", [3])))
            assert len((await both(pg, lite, lambda s: s.load("t"))).steps) == 4

    run(check())


def test_find_token(db: str, scratch: Path) -> None:
    batch = Batch(tables=[table("t1", 1, 1), table("t2", 2, 2)],
                  seats=[("t1", 0, "tok-a", "Ana"), ("t1", 1, "tok-b", None), ("t2", 3, "tok-c", "Cai")])

    async def check() -> None:
        async with postgres(db) as pg, sqlite(scratch) as lite:
            await pg.commit(batch)
            await lite.commit(batch)
            assert await both(pg, lite, lambda s: s.find_token("tok-b")) == ("t1", 1)
            assert await both(pg, lite, lambda s: s.find_token("tok-c")) == ("t2", 3)
            assert await both(pg, lite, lambda s: s.find_token("tok-x")) is None
            assert await both(pg, lite, lambda s: s.find_token("")) is None

    run(check())


def test_lobby(db: str, scratch: Path) -> None:
    batch = Batch(
        tables=[table("w1", 1, 1), table("w2", 2, 2), table("s3", 3, 3), table("o4", 4, 4),
                table("e5", 5, 5), table("w6", 6, 6)],
        seats=[("w2", 0, "a", None), ("w2", 1, "b", None), ("s3", 0, "c", None), ("w6", 2, "d", None)],
        headers=[("s3", "{}", True)],
        ends=[("o4", OVER), ("e5", EXPIRED)],
    )

    async def check() -> None:
        async with postgres(db) as pg, sqlite(scratch) as lite:
            assert await both(pg, lite, lambda s: s.lobby(10)) == []
            await pg.commit(batch)
            await lite.commit(batch)
            assert await both(pg, lite, lambda s: s.lobby(10)) == [
                ("w6", "cartas", "plain", 1), ("w2", "cartas", "plain", 2), ("w1", "cartas", "plain", 0)]
            assert [row[0] for row in await both(pg, lite, lambda s: s.lobby(2))] == ["w6", "w2"]
            assert await both(pg, lite, lambda s: s.lobby(0)) == []

    run(check())


def test_two_stores_open_a_fresh_database_at_once(db: str) -> None:
    async def check() -> None:
        stores = [PostgresStore(db, f"ws://127.0.0.1:{9000 + i}") for i in range(4)]
        try:
            await asyncio.gather(*(store.open() for store in stores))
            await stores[0].commit(Batch(tables=[table("t", 1, 1)]))
            assert [await store.open_tables() for store in stores] == [["t"]] * 4
        finally:
            for store in stores:
                await store.close()

    run(check())


def test_two_processes_one_holder(db: str) -> None:
    async def check() -> None:
        async with postgres(db, "ws://a:1") as a, postgres(db, "ws://b:2") as b:
            await a.commit(Batch(tables=[table("x", 1, 100), table("y", 2, 200), table("z", 3, 300)],
                                 ends=[("z", OVER)]))
            assert await a.orphans() == ["x", "y"]
            assert await a.acquire("x")
            assert not await b.acquire("x")
            assert await a.acquire("x")  # already held: true, and not locked a second time
            assert a.held == {"x"} and b.held == set()
            assert await a.owner_url("x") == await b.owner_url("x") == "ws://a:1"
            assert await a.owner_url("y") is None and await b.owner_url("nope") is None
            assert await a.orphans() == await b.orphans() == ["y"]  # z is over: nobody's business

            await a.release("x")
            assert a.held == set()
            assert await b.owner_url("x") is None
            assert await b.orphans() == ["x", "y"]
            # One release sufficed although a acquired twice: the lock did not stack.
            assert await b.acquire("x")
            assert await a.owner_url("x") == "ws://b:2"
            assert not await a.acquire("x")
            await a.release("x")  # not a's: changes nothing
            assert await a.owner_url("x") == "ws://b:2"

            # The creator may take the lease before the table's row is committed.
            assert await a.acquire("n", lock_key=400)
            assert not await b.acquire("n", lock_key=400)
            await a.commit(Batch(tables=[table("n", 4, 400)]))
            assert await b.owner_url("n") == "ws://a:1"
            assert "n" not in await b.orphans()
            with pytest.raises(KeyError):
                await a.acquire("nope")
            with pytest.raises(ValueError):
                await a.acquire("y", lock_key=201)
            with pytest.raises(ValueError):
                await a.acquire("m", lock_key=-1)
            assert a.held == {"n"} and b.held == {"x"}

    run(check())


HOLDER = textwrap.dedent(
    """
    import asyncio, sys
    sys.path.insert(0, sys.argv[1])
    from postgres_store import PostgresStore

    async def main() -> None:
        store = PostgresStore(sys.argv[2], sys.argv[3])
        await store.open()
        assert await store.acquire(sys.argv[4])
        print("held", flush=True)
        await asyncio.sleep(600)  # killed long before

    asyncio.run(main())
    """
)


def test_a_killed_holders_table_is_taken_over(db: str) -> None:
    async def setup() -> None:
        async with postgres(db) as store:
            await store.commit(Batch(tables=[table("old", 1, 7), table("t", 2, 42)]))

    run(setup())
    # -B: no bytecode left beside the module by the child.
    holder = subprocess.Popen([sys.executable, "-B", "-c", HOLDER, str(HERE), db, "ws://dead:1", "t"],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None
        ready, _, _ = select.select([holder.stdout], [], [], START_S)
        assert ready and holder.stdout.readline().strip() == "held", "the holder did not take the lease"

        async def take_over() -> Tuple[float, float]:
            async with postgres(db, "ws://alive:2") as store:
                assert await store.owner_url("t") == "ws://dead:1"
                assert not await store.acquire("t")
                assert await store.orphans() == ["old"]
                killed = time.perf_counter()
                holder.send_signal(signal.SIGKILL)
                # Poll as the server would, without sleeping: each query is well under a ms.
                while "t" not in await store.orphans():
                    assert time.perf_counter() - killed < TAKEOVER_S, "the lease was not freed in time"
                seen = time.perf_counter() - killed
                # The dead holder's row is still there, but its lock is not: it does not count.
                assert await store.owner_url("t") is None
                assert await store.acquire("t")
                acquired = time.perf_counter() - killed
                assert await store.owner_url("t") == "ws://alive:2"
                assert await store.orphans() == ["old"]
                return seen, acquired

        seen, acquired = run(take_over())
    finally:
        holder.kill()
        holder.wait()
        assert holder.stdout is not None
        holder.stdout.close()
    print(f"\ntakeover: orphaned {seen * 1000:.1f} ms after kill -9, acquired at {acquired * 1000:.1f} ms")
    assert acquired < TAKEOVER_S


def test_a_terminated_backend_makes_the_store_lost(db: str) -> None:
    async def check() -> float:
        async with postgres(db, "ws://a:1") as a, postgres(db, "ws://b:2") as b:
            await a.commit(Batch(tables=[table("t", 1, 1)], seats=[("t", 0, "tok", None)]))
            assert await a.acquire("t")
            admin = await asyncpg.connect(db, timeout=10)
            try:
                started = time.perf_counter()
                assert await admin.fetchval("SELECT pg_terminate_backend($1)", a._conn.get_server_pid())
                await asyncio.wait_for(a.lost.wait(), TAKEOVER_S)
                noticed = time.perf_counter() - started
            finally:
                await admin.close()
            assert a.held == set()
            calls: List[Callable[[], Awaitable[Any]]] = [
                lambda: a.commit(Batch(steps=steps("t", [0]))), lambda: a.open_tables(),
                lambda: a.load("t"), lambda: a.drop_step("t", 0), lambda: a.find_token("tok"),
                lambda: a.lobby(5), lambda: a.acquire("t"), lambda: a.release("t"),
                lambda: a.owner_url("t"), lambda: a.orphans(),
            ]
            for call in calls:
                with pytest.raises(StoreLost):
                    await call()
            # Its lease went with its session: another process takes the table at once.
            assert await b.orphans() == ["t"]
            assert await b.acquire("t")
            assert (await b.load("t")).steps == []  # the commit after the loss wrote nothing
            return noticed

    noticed = run(check())
    print(f"\nlost noticed {noticed * 1000:.1f} ms after pg_terminate_backend")


def test_a_call_that_hangs_makes_the_store_lost(db: str) -> None:
    async def check() -> float:
        async with postgres(db, "ws://a:1", timeout=0.5) as a, postgres(db, "ws://b:2") as b:
            await a.commit(Batch(tables=[table("t", 1, 1)]))
            assert await a.acquire("t")
            blocker = await asyncpg.connect(db, timeout=10)
            try:
                # Another session holds the table's row: a's update waits for it.
                transaction = blocker.transaction()
                await transaction.start()
                await blocker.execute("UPDATE tables SET header = header WHERE id = 't'")
                started = time.perf_counter()
                with pytest.raises(StoreLost):
                    await a.commit(Batch(headers=[("t", '{"late":true}', True)]))
                assert 0.4 < time.perf_counter() - started < 5
                assert a.lost.is_set() and a.held == set()
                # The connection was ended, not merely given up on: its lease is freed as soon as
                # its backend, still waiting for the row, notices (client_connection_check_interval).
                while not await b.acquire("t"):
                    assert time.perf_counter() - started < TAKEOVER_S, "the hung store's lease was not freed"
                    await asyncio.sleep(0.01)
                freed = time.perf_counter() - started
                await transaction.rollback()
            finally:
                await blocker.close()
            # Its update never committed.
            assert (await b.load("t")).header == "{}"
            return freed

    freed = run(check())
    print(f"\na call hung 0.5 s: its lease was free {freed * 1000:.0f} ms after the call began")


def test_a_cancelled_callers_commit_still_completes(db: str) -> None:
    async def check() -> None:
        async with postgres(db) as store:
            await store.commit(Batch(tables=[table("t", 1, 1)]))
            task = asyncio.ensure_future(store.commit(Batch(steps=steps("t", list(range(2000))))))
            await asyncio.sleep(0)  # the commit is under way: thousands of rows take longer than a turn of the loop
            assert not task.done()
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            # The commit ran to its end without its caller (unshielded, asyncpg would have rolled
            # it back), and the connection is fine.
            loaded = await store.load("t")
            assert loaded is not None and len(loaded.steps) == 2000
            assert not store.lost.is_set()
            await store.commit(Batch(steps=steps("t", [len(loaded.steps)])))
            assert len((await store.load("t")).steps) == len(loaded.steps) + 1

    run(check())


def test_commit_throughput(db: str, scratch: Path) -> None:
    batches, per_batch = 20, 50
    step_json = '{"action":{"play":[3,"oros"]},"time":1735000000000,"link":"' + "ab" * 32 + '","seat":1}'

    async def measure(store: Any) -> float:
        await store.commit(Batch(tables=[table("t", 1, 1)]))
        started = time.perf_counter()
        for b in range(batches):
            await store.commit(Batch(steps=[("t", b * per_batch + i, step_json, "ab" * 32) for i in range(per_batch)]))
        elapsed = time.perf_counter() - started
        assert len((await store.load("t")).steps) == batches * per_batch
        return elapsed / batches

    async def check() -> Tuple[float, float]:
        async with postgres(db) as pg, sqlite(scratch) as lite:
            return await measure(pg), await measure(lite)

    pg_s, lite_s = run(check())
    print(f"\ncommit of {per_batch} steps: PostgreSQL {pg_s * 1000:.2f} ms ({per_batch / pg_s:,.0f} steps/s),"
          f" SQLite {lite_s * 1000:.2f} ms ({per_batch / lite_s:,.0f} steps/s)")
