"""Where the reference server keeps its games: append-only, one row per step.

A game is three kinds of rows: its table (variant, dice, the secret of verifiable dice, the
record's header — configuration and host metadata — and whether it has started or ended), its
seats (one per joined seat, with the token that acts for it), and its steps (one per step, as
the record's JSON writes the step, its link of the hash chain included). A step is inserted once
and never rewritten, so a move costs the same to store at step 5,000 as at step 5.

Writes come in batches (`Batch`): the server gathers what every table did in the last few
milliseconds and commits it in one transaction (group commit), so durability costs one sync per
batch rather than one per move, and no seat hears of a step before its batch is committed.

Two stores share the schema and the interface:

- `SqliteStore`, the embedded default (`--db games.sqlite3`): one file, WAL journal,
  `synchronous=FULL`. Several worker processes of one server may share it: each serves the
  tables whose id falls to it (server.py's `Owners`).
- `PostgresStore` (`--db postgresql://…`, in postgres_store.py): for several server processes,
  on one machine or more, which hold each table by a lease.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import sqlite3
import time
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

#: The schema of both stores (PostgreSQL reads INTEGER as a 4-byte integer: times are BIGINT).
SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    variant TEXT NOT NULL,
    dice TEXT NOT NULL,
    secret TEXT,               -- hex, verifiable dice; published only once the game is over
    header TEXT NOT NULL,      -- the record without its steps (Table.header()), as JSON
    started INTEGER NOT NULL DEFAULT 0,
    over INTEGER NOT NULL DEFAULT 0,   -- 1: ended; 2: expired unjoined (never resumed)
    created BIGINT NOT NULL,   -- ms since the Unix epoch
    lock_key INTEGER NOT NULL  -- PostgreSQL's advisory lock of the table's lease
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    token TEXT NOT NULL UNIQUE,
    player TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS steps (
    table_id TEXT NOT NULL REFERENCES tables(id),
    idx INTEGER NOT NULL,
    step TEXT NOT NULL,        -- the step's JSON as the record writes it, with time and link
    link TEXT NOT NULL,        -- the step's link of the hash chain, hex
    PRIMARY KEY (table_id, idx)
);
"""

#: `tables.over`: still playing or waiting; ended; expired before its seats joined.
OPEN, OVER, EXPIRED = 0, 1, 2


def now_ms() -> int:
    """The server's clock: wall time, since deadlines and record times outlive a restart."""
    return int(time.time() * 1000)


@dataclass
class NewTable:
    id: str
    variant: str
    dice: str
    secret: Optional[str]
    header: str
    created: int
    lock_key: int


@dataclass
class Batch:
    """What the tables did since the last commit, in the order it happened."""

    tables: List[NewTable] = field(default_factory=list)
    #: (table id, header JSON, started): a join or the start changed the header.
    headers: List[Tuple[str, str, bool]] = field(default_factory=list)
    #: (table id, seat, token, player)
    seats: List[Tuple[str, int, str, Optional[str]]] = field(default_factory=list)
    #: (table id, index, step JSON, link)
    steps: List[Tuple[str, int, str, str]] = field(default_factory=list)
    #: (table id, OVER or EXPIRED)
    ends: List[Tuple[str, int]] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.tables or self.headers or self.seats or self.steps or self.ends)

    def extend(self, other: Batch) -> None:
        self.tables += other.tables
        self.headers += other.headers
        self.seats += other.seats
        self.steps += other.steps
        self.ends += other.ends


@dataclass
class StoredTable:
    id: str
    variant: str
    dice: str
    secret: Optional[str]
    header: str
    started: bool
    over: int
    created: int
    #: Every step's JSON, in order.
    steps: List[str]
    #: seat -> (token, player)
    seats: Dict[int, Tuple[str, Optional[str]]]


class SqliteStore:
    """The games in one SQLite file. Its calls run on one thread of their own, so a commit's
    sync never stalls the server's event loop; being one thread, they never overlap."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.pool = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite")
        self.db: Optional[sqlite3.Connection] = None

    async def _run(self, fn, *args):  # type: ignore[no-untyped-def]
        return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)

    async def open(self) -> None:
        await self._run(self._open)

    def _open(self) -> None:
        # Several worker processes may write: a writer waits for the others' short transactions.
        self.db = sqlite3.connect(self.path, timeout=30, check_same_thread=False, isolation_level=None)
        # WAL keeps each commit small and readers unblocked; FULL syncs every commit, so a step a
        # seat has seen is on disk even if the machine loses power.
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)

    async def close(self) -> None:
        if self.db is not None:
            await self._run(self.db.close)
        self.pool.shutdown(wait=True)

    async def commit(self, batch: Batch) -> None:
        await self._run(self._commit, batch)

    def _commit(self, batch: Batch) -> None:
        db = self.db
        assert db is not None
        db.execute("BEGIN IMMEDIATE")
        try:
            # Only what the batch holds: an empty executemany still costs a statement.
            if batch.tables:
                db.executemany(
                    "INSERT INTO tables (id, variant, dice, secret, header, created, lock_key) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [(t.id, t.variant, t.dice, t.secret, t.header, t.created, t.lock_key) for t in batch.tables],
                )
            if batch.seats:
                db.executemany("INSERT INTO seats (table_id, seat, token, player) VALUES (?, ?, ?, ?)", batch.seats)
            if batch.headers:
                db.executemany(
                    "UPDATE tables SET header = ?, started = ? WHERE id = ?",
                    [(header, int(started), table_id) for table_id, header, started in batch.headers],
                )
            if batch.steps:
                db.executemany("INSERT INTO steps (table_id, idx, step, link) VALUES (?, ?, ?, ?)", batch.steps)
            if batch.ends:
                db.executemany("UPDATE tables SET over = ? WHERE id = ?", [(how, table_id) for table_id, how in batch.ends])
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    async def open_tables(self) -> List[str]:
        return await self._run(self._open_tables)

    def _open_tables(self) -> List[str]:
        assert self.db is not None
        return [row[0] for row in self.db.execute("SELECT id FROM tables WHERE over = 0 ORDER BY created")]

    async def load(self, table_id: str) -> Optional[StoredTable]:
        return await self._run(self._load, table_id)

    def _load(self, table_id: str) -> Optional[StoredTable]:
        db = self.db
        assert db is not None
        row = db.execute(
            "SELECT id, variant, dice, secret, header, started, over, created FROM tables WHERE id = ?", (table_id,)
        ).fetchone()
        if row is None:
            return None
        steps = [r[0] for r in db.execute("SELECT step FROM steps WHERE table_id = ? ORDER BY idx", (table_id,))]
        seats = {
            seat: (token, player)
            for seat, token, player in db.execute("SELECT seat, token, player FROM seats WHERE table_id = ?", (table_id,))
        }
        return StoredTable(row[0], row[1], row[2], row[3], row[4], bool(row[5]), row[6], row[7], steps, seats)

    async def drop_step(self, table_id: str, index: int) -> None:
        """Deletes a torn last step (the chain refused it): it was never acknowledged."""
        await self._run(self._drop_step, table_id, index)

    def _drop_step(self, table_id: str, index: int) -> None:
        assert self.db is not None
        with self.db:
            self.db.execute("DELETE FROM steps WHERE table_id = ? AND idx >= ?", (table_id, index))

    async def find_token(self, token: str) -> Optional[Tuple[str, int]]:
        return await self._run(self._find_token, token)

    def _find_token(self, token: str) -> Optional[Tuple[str, int]]:
        assert self.db is not None
        row = self.db.execute("SELECT table_id, seat FROM seats WHERE token = ?", (token,)).fetchone()
        return None if row is None else (row[0], row[1])

    async def lobby(self, limit: int) -> List[Tuple[str, str, str, int]]:
        """Tables waiting for players, newest first: (id, variant, dice, seats joined)."""
        return await self._run(self._lobby, limit)

    def _lobby(self, limit: int) -> List[Tuple[str, str, str, int]]:
        assert self.db is not None
        return list(
            self.db.execute(
                "SELECT t.id, t.variant, t.dice, (SELECT count(*) FROM seats s WHERE s.table_id = t.id AND s.seat >= 0)"
                " FROM tables t WHERE t.over = 0 AND t.started = 0 ORDER BY t.created DESC LIMIT ?",
                (limit,),
            )
        )
