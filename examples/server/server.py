#!/usr/bin/env python3
"""A reference game server for fichas tables, over WebSocket, its games kept append-only in SQLite
or PostgreSQL.

Run::

    python server.py --db games.sqlite3 --port 8765 [--host 127.0.0.1] [--workers 2]
    python server.py --db postgresql://user@host/db --port 8765 [--workers 2]

Once it accepts connections it prints one line, ``listening on HOST:PORT``, on standard output
(``--port 0`` picks a free port; the line gives the real one). Everything else goes to standard
error. ``python server.py --help`` lists the limits and their defaults.

The protocol (JSON text messages, one object each; a request may carry ``"id"``, which its direct
reply echoes) is documented in README.md next to this file: ``create``, ``join``, ``hello``,
``act``, ``watch``, ``list`` and ``supply`` from clients; ``created``, ``joined``, ``update``,
``tables``, ``moved``, ``closed`` and ``refused`` from the server.

How it holds a crowd (docs/server.md says why each piece is there):

- A move costs the same at every step: the table keeps its chain's head, hands out only the
  steps the store has not appended (``Table.steps_since``) and each seat's new events.
- Storage appends one row per step. What every table did in the last few milliseconds is
  committed in one transaction (group commit, ``Committer``), and no seat hears of a step before
  its transaction is committed: a seat never learns of a step a crash could lose.
- ``--workers N`` runs N processes that share the port; a table is served by one process at a
  time. With SQLite a table's id says which worker serves it; with PostgreSQL each process
  holds its tables by a lease (an advisory lock), and when a process dies the others take its
  tables over. A client that reaches the wrong process gets ``moved`` with the right address.
- Limits against abuse, each an option: frame size, messages per second, tables created per
  minute and open at once per connection, tables waiting for players in all, and the time a
  table may wait for its players.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import inspect
import logging
import os
import secrets
import signal
import socket
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Dict, List, Optional, Set, Tuple, Union

import orjson
from websockets.asyncio.server import ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed

import fichas
from store import EXPIRED, OVER, Batch, NewTable, SqliteStore, StoredTable, now_ms

log = logging.getLogger("fichas.server")

#: How often the clock looks for turns past their deadline and tables that waited too long.
CLOCK_PERIOD_S = 0.05
#: How often a PostgreSQL process looks for tables whose process died.
TAKEOVER_PERIOD_S = 0.5
#: Bytes waiting for a slow connection before the server drops it (it reconnects with hello).
MAX_BACKLOG_BYTES = 1024 * 1024
#: websockets 14 and newer write UTF-8 bytes as a text frame as they are; older ones take text.
SENDS_BYTES_AS_TEXT = "text" in inspect.signature(broadcast).parameters
#: Close code for a connection whose seat another connection took over.
CLOSE_TAKEN_OVER = 4000
#: The largest whole number a request may carry (a step, a seat, a limit).
MAX_NUMBER = 2**53
#: The shortest and the longest turn limit a table may have: a second (a shorter one would let
#: an abandoned table time out, and grow, many times a second) and a week.
MIN_TURN_LIMIT_MS = 1000
MAX_TURN_LIMIT_MS = 7 * 24 * 3600 * 1000
#: A request's id, echoed in its reply: a number or a short text.
MAX_ID_CHARS = 64
#: The dice this server runs. "host" dice wait for the table's host to `supply` each outcome.
DICE = ("verifiable", "system", "host")
#: The seat number under which the host's token is kept (host dice).
HOST_SEAT = -1
#: Tables the lobby lists at most.
LOBBY_SIZE = 100
#: The reply to a create or a join whose commit failed: nothing of it was kept.
NOT_STORED = {"type": "refused", "error": "ServerError", "message": "the store failed; nothing was kept: try again"}


@dataclass
class Limits:
    """Limits against abuse; each is a command-line option with this default."""

    #: The largest message a client may send, in bytes: requests are small. A larger frame
    #: closes the connection (code 1009).
    max_message_bytes: int = 8 * 1024
    #: Messages a connection may send per second, on average, up to `burst` at once: past it
    #: the connection is read more slowly.
    messages_per_second: float = 50.0
    burst: int = 100
    #: Tables one connection may create per minute.
    creates_per_minute: int = 10
    #: Tables created by one connection that may wait for their players at once.
    open_tables_per_connection: int = 5
    #: Tables waiting for their players, in all, on this process.
    open_tables: int = 10_000
    #: How long a table may wait for its players before it expires, in seconds.
    unjoined_ttl_s: float = 600.0
    #: The least time between two commits' starts, in milliseconds: the steps of every table in
    #: that window share one transaction and one sync (a step waits for the transaction that is
    #: running, if any, and then up to this long for its own).
    commit_interval_ms: float = 5.0


class Refusal(Exception):
    """A request this server refuses before the table sees it."""

    def __init__(self, error: str, message: str) -> None:
        super().__init__(message)
        self.error = error


class Bucket:
    """A token bucket: `rate` a second on average, up to `burst` at once."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.at = burst, time.monotonic()

    def take(self) -> bool:
        """Takes a token if there is one."""
        self.refill()
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def wait(self) -> float:
        """Takes a token, owing it if need be: the seconds to wait before it is there."""
        self.refill()
        self.tokens -= 1
        return 0.0 if self.tokens >= 0 else -self.tokens / self.rate

    def refill(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now


class Peer:
    """One WebSocket connection. A message is written at once, without waiting, so handling a
    message never waits on a slow client and every connection gets its messages in order; what
    a slow client has not read yet waits in the connection's buffer, up to MAX_BACKLOG_BYTES."""

    def __init__(self, ws: ServerConnection, limits: Limits) -> None:
        self.ws = ws
        # (table id, seat) -> the table step of the last update this connection got for it; the
        # host's seat is HOST_SEAT, a spectator's None.
        self.delivered: Dict[Tuple[str, Optional[int]], int] = {}
        self.messages = Bucket(limits.messages_per_second, limits.burst)
        self.creates = Bucket(limits.creates_per_minute / 60.0, limits.creates_per_minute)
        #: Tables this connection created that wait for their players.
        self.waiting: Set[str] = set()
        # The closing handshake runs as a task; holding it keeps it from being collected.
        self.closing: Optional[asyncio.Task[None]] = None

    def send(self, message: Union[Dict[str, Any], bytes]) -> None:
        if self.closing is not None:
            return
        if self.ws.transport.get_write_buffer_size() > MAX_BACKLOG_BYTES:
            log.warning("dropping a connection that is over %d bytes behind", MAX_BACKLOG_BYTES)
            self.close(1013, "too far behind: reconnect and say hello")
            return
        data = message if isinstance(message, bytes) else orjson.dumps(message)
        # broadcast() is websockets' send that never waits (one connection here): the frame goes
        # into the connection's buffer now. Text frames: every message is JSON, in UTF-8.
        if SENDS_BYTES_AS_TEXT:
            broadcast((self.ws,), data, text=True)
        else:  # pragma: no cover - websockets 13
            broadcast((self.ws,), data.decode())

    def close(self, code: int, reason: str) -> None:
        if self.closing is None:
            self.closing = asyncio.get_running_loop().create_task(self.ws.close(code, reason))


@dataclass
class Live:
    """A table in memory, with its seats' tokens and the connections attached to them."""

    id: str
    table: fichas.Table
    secret: Optional[str]
    created: int
    seats: Dict[int, str] = field(default_factory=dict)  # seat -> token (HOST_SEAT: the host's)
    peers: Dict[int, Peer] = field(default_factory=dict)  # seat -> its connection
    watchers: Set[Peer] = field(default_factory=set)
    #: How many of the table's steps went into a batch for the store.
    appended: int = 0
    creator: Optional[Peer] = None


class Committer:
    """Group commit: what the tables did is gathered and committed in one transaction, then
    what waited for it (updates, replies) goes out, in the order it was added. Whatever comes in
    while a transaction runs goes in the next one, so the batch grows with the load and a sync
    is shared by every table that stepped meanwhile."""

    def __init__(
        self,
        commit: Callable[[Batch], Awaitable[None]],
        failed: Callable[[Set[str], BaseException], None],
        interval_s: float,
    ):
        self.commit = commit
        self.failed = failed
        #: The least time between two commits' starts: a commit waits this long for company.
        self.interval_s = interval_s
        self.pending: List[Entry] = []
        #: Tables whose rows a failed commit lost: nothing more of theirs is stored or sent
        #: until they are loaded again from what the store holds.
        self.poisoned: Set[str] = set()
        self.wake = asyncio.Event()

    def add(
        self,
        table_id: str,
        batch: Batch,
        then: Optional[Callable[[], None]] = None,
        otherwise: Optional[Callable[[], None]] = None,
    ) -> None:
        """Stores `batch` (rows of table `table_id`) in the next commit, then calls `then`; if
        the commit fails, calls `otherwise` instead."""
        self.pending.append(Entry(table_id, batch, then, otherwise))
        self.wake.set()

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        started = 0.0
        while True:
            await self.wake.wait()
            wait = started + self.interval_s - loop.time()
            if wait > 0:
                await asyncio.sleep(wait)
            started = loop.time()
            self.wake.clear()
            entries = [e for e in self.pending if e.table_id not in self.poisoned]
            self.pending = []
            merged = Batch()
            for entry in entries:
                merged.extend(entry.batch)
            if merged:
                try:
                    await self.commit(merged)
                except Exception as e:  # the store failed: nothing of this batch may reach anyone
                    log.exception("a batch of %d steps could not be stored", len(merged.steps))
                    lost = {entry.table_id for entry in entries}
                    self.poisoned |= lost
                    # What those tables did meanwhile follows rows that are not stored: dropped.
                    dropped = [entry for entry in self.pending if entry.table_id in lost]
                    self.pending = [entry for entry in self.pending if entry.table_id not in lost]
                    for entry in entries + dropped:
                        call(entry.otherwise)
                    self.failed(lost, e)
                    continue
            for entry in entries:
                call(entry.then)


@dataclass
class Entry:
    """What a table did, waiting for the next commit."""

    table_id: str
    batch: Batch
    then: Optional[Callable[[], None]]
    otherwise: Optional[Callable[[], None]]


def call(callback: Optional[Callable[[], None]]) -> None:
    """Runs a callback of the committer: one that fails is logged, and the others still run."""
    if callback is None:
        return
    try:
        callback()
    except Exception:
        log.exception("a callback after a commit failed")


class Owners:
    """Which process serves a table, with SQLite: the worker its id falls to."""

    def __init__(self, index: int, urls: List[str]) -> None:
        self.index, self.urls = index, urls

    def worker_of(self, table_id: str) -> int:
        return int(table_id, 16) % len(self.urls)

    async def acquire(self, table_id: str, lock_key: Optional[int] = None) -> bool:
        return self.worker_of(table_id) == self.index

    async def release(self, table_id: str) -> None:
        pass

    async def owner_url(self, table_id: str) -> Optional[str]:
        return self.urls[self.worker_of(table_id)]

    async def orphans(self) -> List[str]:
        return []

    async def new_lock_key(self) -> int:
        return secrets.randbelow(2**31)  # no lease with SQLite: the key is never locked

    def new_id(self) -> str:
        while True:  # an id that falls to this worker
            table_id = secrets.token_hex(6)
            if self.worker_of(table_id) == self.index:
                return table_id


class GameServer:
    def __init__(self, store: Any, owners: Any, turn_limit_ms: Optional[int], limits: Limits) -> None:
        self.store = store
        self.owners = owners
        self.turn_limit_ms = turn_limit_ms
        self.limits = limits
        self.tables: Dict[str, Live] = {}
        self.tokens: Dict[str, Tuple[str, int]] = {}
        self.loading: Dict[str, asyncio.Future[Optional[Live]]] = {}
        self.committer = Committer(store.commit, self.store_failed, limits.commit_interval_ms / 1000)
        self.seat_counts: Dict[str, int] = {}
        #: Tables in memory that wait for their players.
        self.unstarted: Set[str] = set()
        #: Tables being closed (expired), whose last row is not committed yet: not to be loaded.
        self.closing: Set[str] = set()
        #: Tables whose stored rows do not resume: kept (and their leases held) so that no
        #: process loads them again and again; an operator looks at them.
        self.broken: Set[str] = set()
        self.handlers: Dict[str, Callable[[Peer, Dict[str, Any]], Any]] = {
            "create": self.on_create,
            "join": self.on_join,
            "hello": self.on_hello,
            "act": self.on_act,
            "watch": self.on_watch,
            "list": self.on_list,
            "supply": self.on_supply,
        }

    # -- start-up and takeover ----------------------------------------------------------------

    async def restore(self) -> int:
        """Resumes every open table this process serves; the number resumed."""
        restored = 0
        for table_id in await self.store.open_tables():
            if await self.owners.acquire(table_id) and await self.take(table_id) is not None:
                restored += 1
        return restored

    async def take(self, table_id: str) -> Optional[Live]:
        """Loads a table this process now holds, once, however many messages ask for it."""
        if table_id in self.tables:
            return self.tables[table_id]
        if table_id not in self.loading:
            self.loading[table_id] = asyncio.ensure_future(self._load(table_id))
        try:
            return await asyncio.shield(self.loading[table_id])
        finally:
            self.loading.pop(table_id, None)

    async def _load(self, table_id: str) -> Optional[Live]:
        if table_id in self.broken:
            return None
        stored = await self.store.load(table_id)
        if stored is None or stored.over == EXPIRED:
            return None  # an expired table is closed for good
        try:
            table, kept = await self.resume(stored)
        except fichas.FichasError as e:
            # Kept out of service, its lease held: no process loads it again and again.
            log.error("table %s cannot be resumed: %s", table_id, e)
            self.broken.add(table_id)
            return None
        live = Live(table_id, table, stored.secret, stored.created, appended=kept)
        self.committer.poisoned.discard(table_id)  # what the store holds is the table now
        if not table.started:
            self.unstarted.add(table_id)
        for seat, (token, _) in stored.seats.items():
            live.seats[seat] = token
            self.tokens[token] = (table_id, seat)
        self.tables[table_id] = live
        if table.step > kept:
            # The resume drew what was due (a card to deal or to steal after a dropped row):
            # stored like any step before anyone hears of it.
            self.advance(live)
        return live

    async def resume(self, stored: StoredTable) -> Tuple[fichas.Table, int]:
        """The table from its rows, and how many of them it kept."""
        steps = stored.steps
        try:
            fichas.Record.from_parts(stored.header, steps).verify()
        except fichas.RecordError as e:
            # A last row the chain refuses. A store that appends in place can tear its last
            # write; SQLite and PostgreSQL cannot, so there the row was changed after its
            # commit, and its seats may have seen the step: the row is dropped, loudly. Any other
            # break is not a torn write, and the table is not resumed.
            if e.step is None or e.step != len(steps) - 1:
                raise
            log.error("table %s: dropping its last step %d, which does not follow its chain (%s)", stored.id, e.step, e)
            await self.store.drop_step(stored.id, e.step)
            steps = steps[:-1]
        # The seat to act gets its whole turn again: no one pays for the time the server was down.
        table = fichas.Table.resume(stored.header, steps=steps, secret=stored.secret, at=now_ms())
        return table, len(steps)

    async def run_takeover(self) -> None:
        """Takes over the open tables nobody holds: those of a process that died."""
        while True:
            await asyncio.sleep(TAKEOVER_PERIOD_S)
            try:
                for table_id in await self.owners.orphans():
                    if table_id not in self.tables and await self.owners.acquire(table_id):
                        if await self.take(table_id) is not None:
                            log.info("took over table %s", table_id)
            except Exception:
                log.exception("the takeover scan failed")

    def store_failed(self, lost: Set[str], error: BaseException) -> None:
        """A commit failed: its tables leave memory untold, and resume from what was stored."""
        for table_id in lost:
            live = self.tables.get(table_id)
            if live is not None:
                self.unload(live, "the table could not be stored; reconnect later")

    def unload(self, live: Live, reason: str) -> None:
        if self.tables.get(live.id) is live:
            del self.tables[live.id]
        self.unstarted.discard(live.id)
        for token in live.seats.values():
            if self.tokens.get(token, (None,))[0] == live.id:
                del self.tokens[token]
        for peer in list(live.peers.values()) + list(live.watchers):
            peer.send({"type": "closed", "table": live.id, "reason": reason})
            for key in [k for k in peer.delivered if k[0] == live.id]:
                del peer.delivered[key]
        live.peers.clear()
        live.watchers.clear()
        if live.creator is not None:
            live.creator.waiting.discard(live.id)
        asyncio.ensure_future(self.owners.release(live.id))

    # -- connections --------------------------------------------------------------------------

    async def connection(self, ws: ServerConnection) -> None:
        peer = Peer(ws, self.limits)
        try:
            async for data in ws:
                # Past its rate, a connection is read more slowly: what it sends waits in its own
                # socket buffers, then in its client, and costs this server nothing.
                delay = peer.messages.wait()
                if delay > 0:
                    await asyncio.sleep(delay)
                await self.handle(peer, data)
        except ConnectionClosed:
            pass
        finally:
            self.detach(peer)

    def detach(self, peer: Peer) -> None:
        for table_id, seat in list(peer.delivered):
            live = self.tables.get(table_id)
            if live is None:
                continue
            live.watchers.discard(peer)
            if seat is not None and live.peers.get(seat) is peer:
                del live.peers[seat]
            # A finished table leaves memory with its last connection; its rows stay.
            if live.table.is_over and not live.peers and not live.watchers:
                self.tables.pop(table_id, None)
                for token in live.seats.values():
                    self.tokens.pop(token, None)
                asyncio.ensure_future(self.owners.release(table_id))
        peer.delivered.clear()

    async def handle(self, peer: Peer, data: Any) -> None:
        """Handles one message. A move is checked, and its updates built, without awaiting, so two
        messages never interleave on a table; only the store (loading a table, a lease, the
        lobby) is awaited."""
        request_id: Any = None
        table_id: Optional[str] = None
        try:
            message = parse(data)
            request_id = message.get("id")
            if not valid_id(request_id):
                request_id = None
                raise Refusal("BadRequest", f"id is a whole number or a text of at most {MAX_ID_CHARS} characters")
            kind = message.get("type")
            handler = self.handlers.get(kind) if isinstance(kind, str) else None
            if handler is None:
                raise Refusal("BadRequest", f"unknown message type {short(kind)}")
            if isinstance(message.get("table"), str):
                table_id = message["table"]
            reply = handler(peer, message)
            if asyncio.iscoroutine(reply):
                reply = await reply
            if reply is not None:
                peer.send(with_id(reply, request_id))
        except Moved as m:
            peer.send(with_id({"type": "moved", "table": m.table_id, "url": m.url}, request_id))
        except Refusal as r:
            peer.send(with_id({"type": "refused", "error": r.error, "message": str(r)}, request_id))
        except fichas.FichasError as e:
            # Built from the table as it stands, which may hold a step still being committed: the
            # refusal goes out after that commit, as an update would.
            refusal = orjson.dumps(with_id(refusal_of(e), request_id))
            if table_id is not None and table_id in self.tables:
                self.committer.add(table_id, Batch(), lambda: peer.send(refusal))
            else:
                peer.send(refusal)
        except Exception:
            log.exception("unexpected error while handling a message")
            peer.send(with_id({"type": "refused", "error": "ServerError", "message": "internal error"}, request_id))

    # -- requests -----------------------------------------------------------------------------

    async def on_create(self, peer: Peer, message: Dict[str, Any]) -> None:
        variant = text_field(message, "variant")
        dice = message.get("dice", "verifiable")
        if dice not in DICE:
            raise Refusal("BadRequest", f"dice is one of {', '.join(DICE)}, not {short(dice)}")
        turn_limit_ms = message.get("turn_limit_ms", self.turn_limit_ms)
        if turn_limit_ms is not None and not (
            is_int(turn_limit_ms) and MIN_TURN_LIMIT_MS <= turn_limit_ms <= MAX_TURN_LIMIT_MS
        ):
            raise Refusal(
                "BadRequest", f"turn_limit_ms is from {MIN_TURN_LIMIT_MS} to {MAX_TURN_LIMIT_MS} milliseconds, or null"
            )
        if len(peer.waiting) >= self.limits.open_tables_per_connection:
            raise Refusal(
                "TooManyTables",
                f"this connection has {len(peer.waiting)} tables waiting for players: at most"
                f" {self.limits.open_tables_per_connection}",
            )
        if len(self.unstarted) >= self.limits.open_tables:
            raise Refusal("TooManyTables", "the server has as many tables waiting for players as it takes")
        if not peer.creates.take():
            raise Refusal("RateLimited", f"at most {self.limits.creates_per_minute} tables a minute per connection")
        table = fichas.Table(variant, dice=dice, turn_limit_ms=turn_limit_ms)
        # With SQLite the id says which worker serves the table; with PostgreSQL the lease does.
        table_id = self.owners.new_id() if isinstance(self.owners, Owners) else secrets.token_hex(6)
        lock_key = await self.owners.new_lock_key()
        # The lease is taken before the table's row is stored, so no other process can take
        # the new table over in between.
        if not await self.owners.acquire(table_id, lock_key=lock_key):
            raise Refusal("ServerError", "the new table could not be leased; try again")
        secret = table.reveal() if dice == "verifiable" else None
        live = Live(table_id, table, secret, now_ms(), creator=peer)
        reply: Dict[str, Any] = {
            "type": "created",
            "table": table_id,
            "variant": table.variant,
            "seats": table.seats,
            "dice": table.dice,
            "turn_limit_ms": turn_limit_ms,
            "commitment": table.commitment,
        }
        batch = Batch()
        if dice == "host":
            token = secrets.token_urlsafe(24)
            live.seats[HOST_SEAT] = token
            self.tokens[token] = (table_id, HOST_SEAT)
            batch.seats.append((table_id, HOST_SEAT, token, None))
            reply["host_token"] = token
        # Stored at once, with its secret: a restart must keep the commitment already published.
        batch.tables.insert(
            0,
            NewTable(table_id, table.variant, table.dice, secret, table.header().to_json(), live.created, lock_key),
        )
        self.tables[table_id] = live
        self.unstarted.add(table_id)
        peer.waiting.add(table_id)
        self.committer.add(
            table_id,
            batch,
            lambda: peer.send(with_id(reply, message.get("id"))),
            otherwise=lambda: peer.send(with_id(NOT_STORED, message.get("id"))),
        )

    async def on_join(self, peer: Peer, message: Dict[str, Any]) -> None:
        live = await self.find_table(message.get("table"))
        seat = int_field(message, "seat")
        if not 0 <= seat < live.table.seats:
            raise Refusal("BadRequest", f"seat {seat} is not at this table of {live.table.seats}")
        if seat in live.seats:
            raise Refusal("SeatTaken", f"seat {seat} is taken")
        player = optional_text(message, "player")
        live.table.join(seat, player=player, seed=optional_text(message, "seed"))
        token = secrets.token_urlsafe(24)
        live.seats[seat] = token
        self.tokens[token] = (live.id, seat)
        # The joining phone learns the dice commitment with its seat: it gave its seed knowing it.
        joined = {
            "type": "joined",
            "table": live.id,
            "seat": seat,
            "token": token,
            "dice": live.table.dice,
            "commitment": live.table.commitment,
        }
        batch = Batch(seats=[(live.id, seat, token, player)])
        starts = self.joined(live) == live.table.seats
        if not starts:
            batch.headers.append((live.id, live.table.header().to_json(), False))
        # The reply goes out first, before the start's updates.
        self.committer.add(
            live.id,
            batch,
            lambda: peer.send(with_id(joined, message.get("id"))),
            otherwise=lambda: peer.send(with_id(NOT_STORED, message.get("id"))),
        )
        if starts:
            live.table.start(at=now_ms())
            self.advance(live, header=True)

    async def on_hello(self, peer: Peer, message: Dict[str, Any]) -> None:
        live, seat = await self.authorize(message)
        since = int_field(message, "since", default=0)
        previous = live.peers.get(seat)
        if previous is not None and previous is not peer:
            previous.delivered.pop((live.id, seat), None)
            previous.close(CLOSE_TAKEN_OVER, "another connection took this seat")
        live.peers[seat] = peer
        peer.delivered[(live.id, seat)] = since
        update = self.update_for(live, peer, seat, self.shared(live), message.get("id"))
        # After whatever the table stored last: the update may show it.
        self.committer.add(live.id, Batch(), lambda: peer.send(update))

    async def on_watch(self, peer: Peer, message: Dict[str, Any]) -> None:
        live = await self.find_table(message.get("table"))
        since = int_field(message, "since", default=0)
        live.watchers.add(peer)
        peer.delivered[(live.id, None)] = since
        update = self.update_for(live, peer, None, self.shared(live), message.get("id"))
        self.committer.add(live.id, Batch(), lambda: peer.send(update))

    async def on_list(self, peer: Peer, message: Dict[str, Any]) -> Dict[str, Any]:
        rows = await self.store.lobby(LOBBY_SIZE)
        tables = []
        for table_id, variant, dice, joined in rows:
            seats = self.seats_of(variant)
            if joined < seats:
                tables.append({"table": table_id, "variant": variant, "dice": dice, "seats": seats, "joined": joined})
        return {"type": "tables", "tables": tables}

    async def on_act(self, peer: Peer, message: Dict[str, Any]) -> None:
        live, seat = await self.authorize(message)
        if seat == HOST_SEAT:
            raise Refusal("BadRequest", "the host supplies outcomes: it does not act for a seat")
        step = int_field(message, "step")
        action = text_field(message, "action")
        now = now_ms()
        # A move that comes after the deadline is too late: the timeout goes first.
        if live.table.expire(now):
            self.advance(live)
        # The table refuses a wrong turn, a stale step, an illegal move and "timeout".
        live.table.submit(seat, step, action, at=now)
        self.advance(live)

    async def on_supply(self, peer: Peer, message: Dict[str, Any]) -> None:
        live, seat = await self.authorize(message)
        if seat != HOST_SEAT:
            raise Refusal("BadToken", "only the host's token supplies outcomes")
        outcome = text_field(message, "outcome")
        live.table.supply(outcome, at=now_ms())
        self.advance(live)

    # -- tables -------------------------------------------------------------------------------

    def joined(self, live: Live) -> int:
        return sum(1 for seat in live.seats if seat != HOST_SEAT)

    def seats_of(self, variant: str) -> int:
        if variant not in self.seat_counts:
            self.seat_counts[variant] = fichas.Table(variant).seats
        return self.seat_counts[variant]

    async def find_table(self, table_id: Any) -> Live:
        if not isinstance(table_id, str) or len(table_id) != 12 or not all(c in "0123456789abcdef" for c in table_id):
            raise Refusal("NoSuchTable", "table is the id that create gave")
        live = self.tables.get(table_id)
        if live is not None:
            return live
        if table_id in self.closing:
            raise Refusal("NoSuchTable", f"there is no open table {table_id}")
        try:
            acquired = await self.owners.acquire(table_id)
        except KeyError:  # PostgreSQL: no row of that id
            raise Refusal("NoSuchTable", f"there is no open table {table_id}") from None
        if not acquired:
            url = await self.owners.owner_url(table_id)
            if url is not None:
                raise Moved(table_id, url)
            raise Refusal("NoSuchTable", f"table {table_id} is moving to another server: try again in a moment")
        live = await self.take(table_id)
        if live is None:
            await self.owners.release(table_id)
            raise Refusal("NoSuchTable", f"there is no open table {table_id}")
        return live

    async def authorize(self, message: Dict[str, Any]) -> Tuple[Live, int]:
        """The table and seat a token holds: the only way a message names a seat."""
        token, table_id = message.get("token"), message.get("table")
        if not isinstance(token, str) or not isinstance(table_id, str) or len(token) > 64:
            raise Refusal("BadToken", "a table id and the token its join gave are needed")
        found = self.tokens.get(token)
        if found is None or found[0] != table_id:
            try:
                live = await self.find_table(table_id)
            except Moved:
                raise  # another process holds the table: the client goes there with its token
            except Refusal:
                raise Refusal("BadToken", "this token holds no seat at this table") from None
            found = self.tokens.get(token)
            if found is None or found[0] != live.id:
                raise Refusal("BadToken", "this token holds no seat at this table")
        live = self.tables.get(table_id)
        if live is None:
            raise Refusal("NoSuchTable", f"there is no open table {table_id}")
        return live, found[1]

    def advance(self, live: Live, header: bool = False) -> None:
        """After an accepted step: the new rows go to the store, and every connected seat's and
        spectator's update waits for their commit."""
        table = live.table
        batch = Batch()
        if header:
            batch.headers.append((live.id, table.header().to_json(), table.started))
        for row in table.steps_since(live.appended):
            batch.steps.append((live.id, row["index"], row["step"], row["link"]))
        live.appended = table.step
        if table.is_over:
            batch.ends.append((live.id, OVER))
        if table.started:
            self.unstarted.discard(live.id)
        if table.started and live.creator is not None:
            live.creator.waiting.discard(live.id)
            live.creator = None
        shared = self.shared(live)
        out = [(peer, self.update_for(live, peer, seat, shared)) for seat, peer in live.peers.items()]
        out += [(peer, self.update_for(live, peer, None, shared)) for peer in live.watchers]

        def deliver() -> None:
            for peer, update in out:
                peer.send(update)

        self.committer.add(live.id, batch, deliver)

    def shared(self, live: Live) -> Dict[str, Any]:
        """What every seat's update says alike."""
        table = live.table
        shared: Dict[str, Any] = {
            "type": "update",
            "table": live.id,
            "step": table.step,
            "to_act": table.to_act,
            "deadline": table.deadline,
            "over": table.is_over,
            "winners": table.winners,
            "head": table.head,
            "dice": table.dice,
            "commitment": table.commitment,
        }
        if table.is_over:
            shared.update(outcome=table.outcome, record=table.record().to_json(), secret=live.secret)
        return shared

    def update_for(
        self, live: Live, peer: Peer, seat: Optional[int], shared: Dict[str, Any], request_id: Any = None
    ) -> bytes:
        """A seat's (or a spectator's, seat None, or the host's) update, from its connection's
        last delivered step on; it counts as delivered now, since updates go out in order."""
        table = live.table
        key = (live.id, seat)
        since = peer.delivered.get(key, 0)
        peer.delivered[key] = table.step
        update = dict(shared, rolls=table.rolls(since))
        if seat is None or seat == HOST_SEAT:
            update.update(seat=None, legal=[])
            # What anyone may see: the position in the dice games, no card of a hand in Cartas.
            update["view"] = table.public_view()
            if seat == HOST_SEAT:
                update.update(host=True, events=table.events(since), chance_due=table.chance_due)
                update["outcomes"] = table.chance_outcomes()
            else:
                update["events"] = table.events_for(None, since=since)
        else:
            update.update(
                seat=seat,
                view=orjson.Fragment(table.view(seat).to_json()),
                events=table.events_for(seat, since=since),
                legal=table.legal_actions(seat),
            )
        if request_id is not None:
            update["id"] = request_id
        return orjson.dumps(update)

    async def run_clock(self) -> None:
        """Times out every seat whose turn ran past its deadline, and expires tables that waited
        too long for their players."""
        while True:
            await asyncio.sleep(CLOCK_PERIOD_S)
            now = now_ms()
            ttl_ms = self.limits.unjoined_ttl_s * 1000
            for live in list(self.tables.values()):
                table = live.table
                if not table.started:
                    if now - live.created >= ttl_ms:
                        self.expire(live)
                    continue
                deadline = table.deadline
                if deadline is None or now < deadline:
                    continue
                try:
                    if table.expire(now):
                        self.advance(live)
                except (fichas.FichasError, Refusal) as e:
                    log.error("table %s: the timeout failed: %s", live.id, e)

    def expire(self, live: Live) -> None:
        """Closes a table whose players did not all come: it is never resumed."""
        seconds = self.limits.unjoined_ttl_s
        self.closing.add(live.id)

        def closed() -> None:
            self.closing.discard(live.id)
            self.unload(live, f"the table expired: its seats did not all join within {seconds:g} s")

        self.committer.add(live.id, Batch(ends=[(live.id, EXPIRED)]), closed, otherwise=lambda: self.closing.discard(live.id))
        self.tables.pop(live.id, None)
        self.unstarted.discard(live.id)
        if live.creator is not None:
            live.creator.waiting.discard(live.id)


class Moved(Refusal):
    """The table is served by another process, at `url`."""

    def __init__(self, table_id: str, url: str) -> None:
        super().__init__("Moved", url)
        self.table_id, self.url = table_id, url


def parse(data: Any) -> Dict[str, Any]:
    """A request: a JSON object in a text frame. Anything else is a BadRequest, whatever it holds."""
    if not isinstance(data, str):
        raise Refusal("BadRequest", "messages are JSON text frames")
    try:
        # orjson refuses nesting past 1024 levels and integers past 64 bits as malformed JSON.
        message = orjson.loads(data)
    except (orjson.JSONDecodeError, ValueError, RecursionError) as e:
        raise Refusal("BadRequest", f"not JSON: {str(e)[:120]}") from None
    if not isinstance(message, dict):
        raise Refusal("BadRequest", 'a message is a JSON object with a "type"')
    return message


def short(value: Any) -> str:
    """A client's value quoted in a message, never long: text and numbers as they are, anything
    else by its JSON type (a nested value is never walked)."""
    if isinstance(value, (dict, list)):
        return "an object" if isinstance(value, dict) else "an array"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def valid_id(value: Any) -> bool:
    """Whether a request's id can be echoed: none, a whole number or a short text."""
    return value is None or (is_int(value) and abs(value) <= MAX_NUMBER) or (
        isinstance(value, str) and len(value) <= MAX_ID_CHARS
    )


def refusal_of(error: fichas.FichasError) -> Dict[str, Any]:
    """A table's refusal as a message, with what the error knows (current step, legal moves)."""
    out: Dict[str, Any] = {"type": "refused", "error": type(error).__name__, "message": str(error)}
    for name in ("step", "to_act", "legal"):
        value = getattr(error, name, None)
        if value is not None:
            out[name] = value
    return out


def with_id(message: Dict[str, Any], request_id: Any) -> Dict[str, Any]:
    return message if request_id is None else dict(message, id=request_id)


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def int_field(message: Dict[str, Any], name: str, default: Optional[int] = None) -> int:
    """A whole number from 0 on: what the table takes as a step or a seat."""
    value = message.get(name, default)
    if not is_int(value) or not 0 <= value <= MAX_NUMBER:
        raise Refusal("BadRequest", f"{name} is a whole number from 0 to {MAX_NUMBER}")
    return value


def text_field(message: Dict[str, Any], name: str) -> str:
    value = message.get(name)
    if not isinstance(value, str):
        raise Refusal("BadRequest", f"{name} is text")
    if len(value) > 256:
        raise Refusal("BadRequest", f"{name} is at most 256 characters")
    return value


def optional_text(message: Dict[str, Any], name: str) -> Optional[str]:
    value = message.get(name)
    if value is not None and not isinstance(value, str):
        raise Refusal("BadRequest", f"{name} is text or null")
    if value is not None and len(value) > 256:
        raise Refusal("BadRequest", f"{name} is at most 256 characters")
    return value


# -- processes --------------------------------------------------------------------------------


def listening_socket(host: str, port: int, reuse_port: bool) -> socket.socket:
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if reuse_port:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    return sock


async def open_store(db: str, url: str) -> Any:
    if db.startswith(("postgresql://", "postgres://")):
        from postgres_store import PostgresStore

        store: Any = PostgresStore(db, url)
    else:
        store = SqliteStore(db)
    await store.open()
    return store


async def serve_worker(args: argparse.Namespace, index: int, public: socket.socket, private: socket.socket,
                       urls: List[str], ready: Optional[int]) -> None:
    """One process: its store, its tables, the shared port and its own (for `moved`)."""
    limits = Limits(
        max_message_bytes=args.max_message_bytes,
        messages_per_second=args.messages_per_second,
        burst=args.burst,
        creates_per_minute=args.creates_per_minute,
        open_tables_per_connection=args.open_tables_per_connection,
        open_tables=args.open_tables,
        unjoined_ttl_s=args.unjoined_ttl_s,
        commit_interval_ms=args.commit_interval_ms,
    )
    store = await open_store(args.db, urls[index])
    # PostgreSQL's store holds leases itself; with SQLite, a table's id names its worker.
    owners: Any = store if hasattr(store, "orphans") else Owners(index, urls)
    server = GameServer(store, owners, args.turn_limit_ms, limits)
    committer = asyncio.create_task(server.committer.run())
    restored = await server.restore()
    log.info("worker %d resumed %d open tables from %s", index, restored, args.db)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows' loop
            loop.add_signal_handler(sig, stop.set)
    lost = getattr(store, "lost", None)
    # Compression costs CPU on every update to every seat; it is off unless asked for.
    options: Dict[str, Any] = dict(max_size=limits.max_message_bytes, compression=args.compression, ping_interval=20)
    public.listen(1024)
    private.listen(1024)
    async with serve(server.connection, sock=public, **options), serve(server.connection, sock=private, **options):
        tasks = [asyncio.create_task(server.run_clock()), asyncio.create_task(server.run_takeover())]
        if ready is not None:
            os.write(ready, b"1")
            os.close(ready)
        else:
            print(f"listening on {args.host}:{public.getsockname()[1]}", flush=True)
        waits = [asyncio.create_task(stop.wait())]
        if lost is not None:
            waits.append(asyncio.create_task(lost.wait()))
        await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        if lost is not None and lost.is_set():
            # Its leases went with its connection: another process serves its tables now.
            log.error("worker %d lost its database connection and with it its tables; stopping", index)
        for task in tasks + waits:
            task.cancel()
    committer.cancel()
    await store.close()


def run_worker(args: argparse.Namespace, index: int, public: socket.socket, private: socket.socket,
               urls: List[str], ready: Optional[int]) -> None:
    try:
        import uvloop  # faster event loop where it is installed (not on Windows)

        uvloop.install()
    except ImportError:
        pass
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve_worker(args, index, public, private, urls, ready))


def main(argv: Optional[List[str]] = None) -> None:
    defaults = Limits()
    parser = argparse.ArgumentParser(description="A reference WebSocket server for fichas tables.")
    parser.add_argument("--db", required=True, help="a SQLite file, or postgresql://user@host:port/database")
    parser.add_argument("--port", type=int, required=True, help="0 picks a free port")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--public-host", default=None, help="the host name clients reach this machine by (moved replies)")
    parser.add_argument("--workers", type=int, default=1, help="processes sharing the port (default 1; one per core pays)")
    parser.add_argument("--turn-limit-ms", type=int, default=None, help="for tables whose create names none")
    parser.add_argument("--compression", choices=["deflate", "none"], default="none",
                        help="permessage-deflate costs CPU per update and seat (default none)")
    parser.add_argument("--max-message-bytes", type=int, default=defaults.max_message_bytes)
    parser.add_argument("--messages-per-second", type=float, default=defaults.messages_per_second)
    parser.add_argument("--burst", type=int, default=defaults.burst)
    parser.add_argument("--creates-per-minute", type=int, default=defaults.creates_per_minute)
    parser.add_argument("--open-tables-per-connection", type=int, default=defaults.open_tables_per_connection)
    parser.add_argument("--open-tables", type=int, default=defaults.open_tables)
    parser.add_argument("--unjoined-ttl-s", type=float, default=defaults.unjoined_ttl_s)
    parser.add_argument("--commit-interval-ms", type=float, default=defaults.commit_interval_ms)
    args = parser.parse_args(argv)
    args.compression = None if args.compression == "none" else "deflate"
    if args.workers < 1:
        parser.error("--workers is 1 or more")
    logging.basicConfig(stream=sys.stderr, level=logging.INFO, format="%(asctime)s %(process)d %(levelname)s %(message)s")
    logging.getLogger("websockets").setLevel(logging.WARNING)  # not a line per connection

    # The shared port (every worker listens on it, and the kernel spreads connections) and each
    # worker's own, where `moved` sends a client: all bound before any worker starts.
    reserve = listening_socket(args.host, args.port, reuse_port=True)
    port = reserve.getsockname()[1]
    privates = [listening_socket(args.host, 0, reuse_port=False) for _ in range(args.workers)]
    host = args.public_host or args.host
    urls = [f"ws://{host}:{p.getsockname()[1]}" for p in privates]
    if args.workers == 1:
        # One process: the shared port is the reserved socket itself.
        run_worker(args, 0, reserve, privates[0], urls, None)
        return
    children: Dict[int, int] = {}
    started: Dict[int, float] = {}
    stopping = False

    def spawn(index: int) -> None:
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:
            # The worker's own: the parent's handlers forward signals, a worker's stop it.
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            os.close(read)
            for other, sock in enumerate(privates):
                if other != index:
                    sock.close()
            public = listening_socket(args.host, port, reuse_port=True)
            run_worker(args, index, public, privates[index], urls, write)
            os._exit(0)
        os.close(write)
        children[pid] = index
        started[index] = time.monotonic()
        with contextlib.suppress(InterruptedError):
            os.read(read, 1)  # ready, or exited
        os.close(read)
        if stopping:  # a stop came while it started
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)

    def stop(signum: int, frame: Any) -> None:
        nonlocal stopping
        stopping = True
        for pid in children:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for index in range(args.workers):
        spawn(index)
    print(f"listening on {args.host}:{port}", flush=True)
    while children:
        try:
            pid, status = os.wait()
        except ChildProcessError:
            break
        index = children.pop(pid, None)
        if index is not None and not stopping:
            # A worker that died is started again: it resumes its tables from the store. One that
            # dies as it starts (a database out of reach) is started again only after a pause.
            code = os.waitstatus_to_exitcode(status)
            log.error("worker %d exited (%s); starting it again", index, f"code {code}" if code >= 0 else f"signal {-code}")
            if time.monotonic() - started[index] < 5:
                time.sleep(2)
            if not stopping:
                spawn(index)


if __name__ == "__main__":
    main()
