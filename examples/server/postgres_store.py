"""The reference server's games in PostgreSQL, shared by several server processes, each table
served by one process at a time under a lease.

`PostgresStore` has the methods and the semantics of `store.SqliteStore` (same schema, same
batches, same answers; see store.py), plus leases:

- `acquire(table_id)` takes the table's lease: a session-level advisory lock
  ``pg_try_advisory_lock(NAMESPACE, lock_key)``, and a row in ``leases`` naming this process's
  WebSocket `url`, so that another process can send a client where the table is served
  (`owner_url`);
- `release(table_id)` gives it back;
- `orphans()` lists the open tables whose lease nobody holds (their process died), for a
  surviving process to take over: PostgreSQL frees a dead process's locks within milliseconds
  of its connection closing.

Why one connection, and not a pool: the leases and every write travel on ONE dedicated
connection, its calls serialised by an asyncio.Lock. An advisory lock belongs to the server
session that took it, so when that connection dies — the process killed, the network cut, the
backend terminated — PostgreSQL frees every lease of the process at once, and since the writes
went over the same session, none of them can arrive after a lease was lost: the store is
fenced for free, with no lease epochs to check. The price is that a lost connection is final:
`lost` is set, `held` empties, every later call raises `StoreLost`, and the process must drop
its tables (a new store, once connected, may acquire them again like anyone else). It is also
why there is no pool: asyncpg's pool resets a connection on release with
``pg_advisory_unlock_all()``, which would drop leases behind our back, and a transaction-pooling
PgBouncer between this store and PostgreSQL breaks session locks the same way (a session-pooling
one is fine).

Two more ways a connection can be lost without closing, and how they end:

- the server's host vanishes (crash, partition): PostgreSQL only notices a silent client through
  TCP keepalives, by default after two hours; this store asks for probes after `KEEPALIVE_IDLE_S`
  seconds, so its leases are freed within a minute or so and another process takes over;
- PostgreSQL stops answering: a call that takes more than `timeout` seconds terminates the
  connection and counts as lost (we can no longer know what became of it, and giving every
  lease up is the one safe answer). A backend stuck in a statement (waiting for a row lock, say)
  keeps the session's locks until it notices the connection is gone: PostgreSQL 14+ checks
  every `CONNECTION_CHECK_MS` (client_connection_check_interval); older servers only when the
  statement ends. Either way its transaction never commits, as the COMMIT was never sent.

Durability: a commit returns once PostgreSQL says COMMIT, which means on disk only with
``synchronous_commit`` on (the default; ``remote_apply`` etc. for replicas): leave it so.

Calls must be made from the event loop the store was created in (on Python 3.9 asyncio binds an
Event and a Lock to the loop current when they are made).
"""

from __future__ import annotations

import asyncio
from typing import Any, Awaitable, Callable, Dict, FrozenSet, List, Optional, Tuple, TypeVar

import asyncpg

from store import SCHEMA, Batch, StoredTable, now_ms

#: The first key of every advisory lock of fichas (b"fich" read as a big-endian int4), so that
#: our locks cannot collide with another application's two-key locks in the same database.
NAMESPACE = 1718182760
#: The second key of the lock that serialises `open`'s schema creation. A table's `lock_key` is
#: non-negative (`acquire` checks), so it can never be this one.
SCHEMA_KEY = -1

#: Who serves each table now. A row is only a hint: it counts only while its table's advisory
#: lock is held (see `owner_url`), so a row left by a killed process is harmless.
LEASES = """
CREATE TABLE IF NOT EXISTS leases (
    table_id TEXT PRIMARY KEY,
    url TEXT NOT NULL,         -- the WebSocket URL of the process holding the table
    since BIGINT NOT NULL      -- ms since the Unix epoch
);
-- The tables' lock keys, one each: two open tables never share a lease's lock.
CREATE SEQUENCE IF NOT EXISTS lock_keys MINVALUE 0 MAXVALUE 2147483647 START 0 CYCLE;
"""

#: PostgreSQL's TCP keepalives for our session: probes after this many idle seconds, then every
#: `KEEPALIVE_INTERVAL_S`, given up after `KEEPALIVE_COUNT` unanswered ones (about 25 s in all).
#: They are user-settable, so no server configuration is needed (ignored on a unix socket).
KEEPALIVE_IDLE_S = 10
KEEPALIVE_INTERVAL_S = 5
KEEPALIVE_COUNT = 3
#: How often (ms) PostgreSQL 14+ checks, during a statement, that we are still connected.
CONNECTION_CHECK_MS = 1000

#: `pg_locks` rows of a table's lease: the two-int4 form of an advisory lock shows its keys as
#: classid and objid, with objsubid 2. $1 is the database's oid (advisory locks are per database),
#: $2 is NAMESPACE, `t` the table's row.
_LOCK_HELD = (
    "EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.database = $1"
    " AND l.classid = $2 AND l.objid = t.lock_key::oid AND l.objsubid = 2 AND l.granted)"
)

T = TypeVar("T")


class StoreLost(Exception):
    """The store's connection to PostgreSQL is gone, and with it every lease of this process:
    it must stop serving its tables."""


def _is_connection_error(error: BaseException) -> bool:
    """True when `error` means the session is over (so are its locks), not that one statement
    failed."""
    if isinstance(error, (asyncpg.PostgresConnectionError, OSError)):
        return True
    if isinstance(error, asyncpg.PostgresError):
        # 08: connection exceptions; 57P: the server shut down or terminated us (57014, a
        # cancelled statement, leaves the session alive). A FATAL error always ends the session.
        sqlstate = getattr(error, "sqlstate", None) or ""
        severity = getattr(error, "severity_en", None) or getattr(error, "severity", None) or ""
        return sqlstate.startswith(("08", "57P")) or severity.upper() in ("FATAL", "PANIC")
    return False


def _consume(task: "asyncio.Future[Any]") -> None:
    """Retrieve the outcome of a call whose caller was cancelled, so asyncio does not log it."""
    if not task.cancelled():
        task.exception()


class PostgresStore:
    """The games in a PostgreSQL database, and this process's leases on them. `url` is the
    WebSocket URL of this process: where clients should go for the tables it holds.

    `timeout` bounds every call (and the connection's set-up); one that takes longer makes the
    store lost. None: no bound.
    """

    def __init__(self, dsn: str, url: str, *, timeout: Optional[float] = 30.0) -> None:
        self.dsn = dsn
        self.url = url
        self.timeout = timeout
        #: Set once the connection is lost; from then on every call raises StoreLost.
        self.lost = asyncio.Event()
        # One call at a time on the one connection: asyncpg refuses overlapping operations, and
        # a transaction must not interleave with another call's statements.
        self._lock = asyncio.Lock()
        self._conn: Optional[asyncpg.Connection] = None
        self._closed = False
        self._why = ""
        #: table id -> lock_key of every lease held. Session locks stack (locking twice needs two
        #: unlocks), so `acquire` never locks a table it holds.
        self._held: Dict[str, int] = {}
        #: The database's oid, for pg_locks (advisory locks are per database).
        self._db_oid = 0

    @property
    def held(self) -> FrozenSet[str]:
        """The ids of the tables this process holds now (empty once lost)."""
        return frozenset(self._held)

    # --- the connection -------------------------------------------------------------------

    async def open(self) -> None:
        assert self._conn is None, "open() once"
        conn = await asyncpg.connect(
            self.dsn,
            timeout=self.timeout if self.timeout is not None else 60,
            server_settings={
                # Shows in pg_stat_activity which process a backend (and its locks) belongs to.
                "application_name": f"fichas {self.url}"[:63],
                "tcp_keepalives_idle": str(KEEPALIVE_IDLE_S),
                "tcp_keepalives_interval": str(KEEPALIVE_INTERVAL_S),
                "tcp_keepalives_count": str(KEEPALIVE_COUNT),
            },
        )
        try:
            async with conn.transaction():
                # CREATE TABLE IF NOT EXISTS is not safe against itself: two sessions that both
                # see no table both create it, and one fails on pg_type's unique index. The
                # transaction-level lock makes the second wait until the first has committed.
                await conn.execute("SELECT pg_advisory_xact_lock($1::int4, $2::int4)", NAMESPACE, SCHEMA_KEY)
                # store.SCHEMA as it is: its types mean the same in PostgreSQL (times are BIGINT).
                await conn.execute(SCHEMA + LEASES)
            self._db_oid = await conn.fetchval("SELECT oid FROM pg_database WHERE datname = current_database()")
            if conn.get_server_version() >= (14,):
                # A backend busy with a statement (waiting for a row lock, say) does not notice
                # that we terminated the connection, and keeps our leases until the statement
                # ends; with this it checks the socket every CONNECTION_CHECK_MS and gives up.
                # (Set here, not at connect: older servers reject the name.)
                await conn.execute(f"SET client_connection_check_interval = {CONNECTION_CHECK_MS}")
        except BaseException:
            conn.terminate()
            raise
        conn.add_termination_listener(self._on_termination)
        self._conn = conn

    async def close(self) -> None:
        """Closes the connection, which frees every lease; their rows go first."""
        conn = self._conn
        if conn is None or self._closed:
            return
        async with self._lock:  # after the call in flight, if any
            self._closed = True
            conn.remove_termination_listener(self._on_termination)
            held, self._held = list(self._held), {}
            if self.lost.is_set() or conn.is_closed():
                conn.terminate()
                return
            try:
                if held:
                    # Tidiness only: owner_url ignores the rows of unheld leases anyway.
                    await conn.execute(
                        "DELETE FROM leases WHERE url = $1 AND table_id = ANY($2::text[])", self.url, held
                    )
                await conn.close(timeout=self.timeout if self.timeout is not None else 60)
            except Exception:
                conn.terminate()

    def _on_termination(self, conn: asyncpg.Connection) -> None:
        # Called soon after asyncpg sees the connection close, whatever the cause (close()
        # removes this listener first, so it is never us closing it).
        if conn is self._conn:
            self._lose("the connection to PostgreSQL closed")

    def _lose(self, why: str) -> None:
        if self.lost.is_set():
            return
        self._why = f"the PostgreSQL store is lost ({why}); this process holds no table any more"
        # PostgreSQL frees the session's locks when the connection ends: nothing is held.
        self._held.clear()
        self.lost.set()
        conn = self._conn
        if conn is not None and not conn.is_closed():
            # A call timed out or failed oddly: end the session for sure, so the server frees our
            # locks now and nothing more can be written under them.
            conn.terminate()

    def _usable(self) -> asyncpg.Connection:
        if self._conn is None:
            raise RuntimeError("PostgresStore.open() has not been called")
        if self._closed:
            raise RuntimeError("the PostgresStore is closed")
        if not self.lost.is_set() and self._conn.is_closed():
            self._lose("the connection to PostgreSQL closed")
        if self.lost.is_set():
            raise StoreLost(self._why)
        return self._conn

    async def _call(self, what: str, fn: Callable[[asyncpg.Connection], Awaitable[T]]) -> T:
        # Shielded: a caller cancelled mid-call (a client gone, a shutdown) leaves the call to run
        # to its end, so that a batch is committed or refused on its own merits, and the
        # connection every table shares is never left mid-transaction by a cancelled ROLLBACK.
        inner = asyncio.ensure_future(self._serialised(what, fn))
        try:
            return await asyncio.shield(inner)
        except asyncio.CancelledError:
            inner.add_done_callback(_consume)
            raise

    async def _serialised(self, what: str, fn: Callable[[asyncpg.Connection], Awaitable[T]]) -> T:
        async with self._lock:
            conn = self._usable()
            # The timeout terminates the connection rather than cancelling the call (as wait_for
            # would): a cancelled transaction still waits for its ROLLBACK, on a connection that
            # may be the very thing that hangs.
            timer = None
            if self.timeout is not None:
                timer = asyncio.get_running_loop().call_later(
                    self.timeout, self._lose, f"{what} took more than {self.timeout:g} s"
                )
            try:
                return await fn(conn)
            except Exception as error:
                if self.lost.is_set() or conn.is_closed() or _is_connection_error(error):
                    self._lose(f"{what} failed: {type(error).__name__}: {error}")
                    raise StoreLost(self._why) from error
                raise
            finally:
                if timer is not None:
                    timer.cancel()

    # --- SqliteStore's interface ----------------------------------------------------------

    async def commit(self, batch: Batch) -> None:
        """The whole batch in one transaction, in the order tables, seats, headers, steps, ends:
        all of it or (it raises) none of it."""
        if not batch:
            return

        async def run(conn: asyncpg.Connection) -> None:
            async with conn.transaction():
                # executemany pipelines its rows: one round trip per statement, not per row.
                if batch.tables:
                    await conn.executemany(
                        "INSERT INTO tables (id, variant, dice, secret, header, created, lock_key)"
                        " VALUES ($1, $2, $3, $4, $5, $6, $7)",
                        [(t.id, t.variant, t.dice, t.secret, t.header, t.created, t.lock_key) for t in batch.tables],
                    )
                if batch.seats:
                    await conn.executemany(
                        "INSERT INTO seats (table_id, seat, token, player) VALUES ($1, $2, $3, $4)", batch.seats
                    )
                if batch.headers:
                    await conn.executemany(
                        "UPDATE tables SET header = $1, started = $2 WHERE id = $3",
                        [(header, int(started), table_id) for table_id, header, started in batch.headers],
                    )
                if batch.steps:
                    await conn.executemany(
                        "INSERT INTO steps (table_id, idx, step, link) VALUES ($1, $2, $3, $4)", batch.steps
                    )
                if batch.ends:
                    await conn.executemany(
                        "UPDATE tables SET over = $1 WHERE id = $2", [(how, table_id) for table_id, how in batch.ends]
                    )

        await self._call("commit", run)

    async def open_tables(self) -> List[str]:
        async def run(conn: asyncpg.Connection) -> List[str]:
            # `id` breaks ties of `created`, which SQLite leaves in no particular order either.
            return [r[0] for r in await conn.fetch("SELECT id FROM tables WHERE over = 0 ORDER BY created, id")]

        return await self._call("open_tables", run)

    async def load(self, table_id: str) -> Optional[StoredTable]:
        async def run(conn: asyncpg.Connection) -> Optional[StoredTable]:
            # One snapshot for the three reads, so the header, steps and seats agree even if
            # another process writes the table meanwhile (it should not: it lacks the lease).
            async with conn.transaction(isolation="repeatable_read", readonly=True):
                row = await conn.fetchrow(
                    "SELECT id, variant, dice, secret, header, started, over, created FROM tables WHERE id = $1",
                    table_id,
                )
                if row is None:
                    return None
                steps = [r[0] for r in await conn.fetch(
                    "SELECT step FROM steps WHERE table_id = $1 ORDER BY idx", table_id)]
                seats = {
                    r[0]: (r[1], r[2])
                    for r in await conn.fetch(
                        "SELECT seat, token, player FROM seats WHERE table_id = $1 ORDER BY seat", table_id)
                }
            return StoredTable(row[0], row[1], row[2], row[3], row[4], bool(row[5]), row[6], row[7], steps, seats)

        return await self._call("load", run)

    async def drop_step(self, table_id: str, index: int) -> None:
        """Deletes a torn last step (the chain refused it): it was never acknowledged."""

        async def run(conn: asyncpg.Connection) -> None:
            await conn.execute("DELETE FROM steps WHERE table_id = $1 AND idx >= $2", table_id, index)

        await self._call("drop_step", run)

    async def find_token(self, token: str) -> Optional[Tuple[str, int]]:
        async def run(conn: asyncpg.Connection) -> Optional[Tuple[str, int]]:
            row = await conn.fetchrow("SELECT table_id, seat FROM seats WHERE token = $1", token)
            return None if row is None else (row[0], row[1])

        return await self._call("find_token", run)

    async def lobby(self, limit: int) -> List[Tuple[str, str, str, int]]:
        """Tables waiting for players, newest first: (id, variant, dice, seats joined)."""

        async def run(conn: asyncpg.Connection) -> List[Tuple[str, str, str, int]]:
            rows = await conn.fetch(
                "SELECT t.id, t.variant, t.dice, (SELECT count(*) FROM seats s WHERE s.table_id = t.id AND s.seat >= 0)"
                " FROM tables t WHERE t.over = 0 AND t.started = 0 ORDER BY t.created DESC, t.id DESC LIMIT $1",
                limit,
            )
            return [(r[0], r[1], r[2], r[3]) for r in rows]

        return await self._call("lobby", run)

    # --- leases ---------------------------------------------------------------------------

    async def acquire(self, table_id: str, *, lock_key: Optional[int] = None) -> bool:
        """Takes the table's lease if nobody holds it: True when this process holds it now
        (already held included), False when another does. The lock's key is the table's stored
        `lock_key`; `lock_key` lets the creator take the lease of a table whose row is not
        committed yet (so that no other process sees it unheld in `orphans` meanwhile). KeyError:
        no such table and no `lock_key`."""

        async def run(conn: asyncpg.Connection) -> bool:
            if table_id in self._held:
                return True
            stored = await conn.fetchval("SELECT lock_key FROM tables WHERE id = $1", table_id)
            key = stored if stored is not None else lock_key
            if key is None:
                raise KeyError(f"no table {table_id!r} to acquire")
            if lock_key is not None and lock_key != key:
                raise ValueError(f"table {table_id!r} is stored with lock_key {key}, not {lock_key}")
            if not 0 <= key < 2**31:
                raise ValueError(f"lock_key {key} of table {table_id!r} is not a non-negative int4")
            if not await conn.fetchval("SELECT pg_try_advisory_lock($1::int4, $2::int4)", NAMESPACE, key):
                return False
            self._held[table_id] = key
            try:
                # After the lock, never before: the row of a lease we do not hold would send
                # clients to the wrong process. A stale row of a dead holder is overwritten.
                await conn.execute(
                    "INSERT INTO leases (table_id, url, since) VALUES ($1, $2, $3)"
                    " ON CONFLICT (table_id) DO UPDATE SET url = EXCLUDED.url, since = EXCLUDED.since",
                    table_id, self.url, now_ms(),
                )
            except Exception as error:
                if not (conn.is_closed() or _is_connection_error(error)):
                    # A lease nobody can find is worse than none: give the lock back.
                    del self._held[table_id]
                    await conn.fetchval("SELECT pg_advisory_unlock($1::int4, $2::int4)", NAMESPACE, key)
                raise
            return True

        return await self._call("acquire", run)

    async def new_lock_key(self) -> int:
        """A lock key for a new table, none of an open table's (a sequence: it cycles only
        after two thousand million tables)."""

        async def run(conn: asyncpg.Connection) -> int:
            key: int = await conn.fetchval("SELECT nextval('lock_keys')")
            return key

        return await self._call("new_lock_key", run)

    async def release(self, table_id: str) -> None:
        """Gives the table's lease back (if held) and deletes its row if it names this process."""

        async def run(conn: asyncpg.Connection) -> None:
            # The row first: once unlocked, another process may take the table and write its own.
            await conn.execute("DELETE FROM leases WHERE table_id = $1 AND url = $2", table_id, self.url)
            key = self._held.get(table_id)
            if key is not None:
                await conn.fetchval("SELECT pg_advisory_unlock($1::int4, $2::int4)", NAMESPACE, key)
                del self._held[table_id]

        await self._call("release", run)

    async def owner_url(self, table_id: str) -> Optional[str]:
        """The url of the process that holds the table's lease now; None when nobody does (a row
        left by a killed process does not count: its lock is gone)."""

        async def run(conn: asyncpg.Connection) -> Optional[str]:
            url: Optional[str] = await conn.fetchval(
                "SELECT le.url FROM leases le JOIN tables t ON t.id = le.table_id"
                f" WHERE le.table_id = $3 AND {_LOCK_HELD}",
                self._db_oid, NAMESPACE, table_id,
            )
            return url

        return await self._call("owner_url", run)

    async def orphans(self) -> List[str]:
        """The open tables whose lease nobody holds, oldest first: to take over."""

        async def run(conn: asyncpg.Connection) -> List[str]:
            rows = await conn.fetch(
                f"SELECT t.id FROM tables t WHERE t.over = 0 AND NOT {_LOCK_HELD} ORDER BY t.created, t.id",
                self._db_oid, NAMESPACE,
            )
            return [r[0] for r in rows]

        return await self._call("orphans", run)
