#!/usr/bin/env python3
"""A reference game server for fichas tables, over WebSocket, with its games kept in SQLite.

Run::

    python server.py --db games.sqlite3 --port 8765 [--host 127.0.0.1] [--turn-limit-ms 30000]

Once it accepts connections it prints one line, ``listening on HOST:PORT``, on standard output
(``--port 0`` picks a free port; the line gives the real one). Everything else goes to standard
error. ``--turn-limit-ms`` is the turn limit of tables whose ``create`` names none.

Protocol: JSON text messages, one object each. A request may carry ``"id"`` (any JSON value);
its direct reply (``created``, ``joined``, ``refused``, or the ``update`` answering a ``hello``)
echoes it.

``create``
    ``{"type":"create","variant":"cartas","dice":"verifiable","turn_limit_ms":1500}``
    -> ``{"type":"created","table":ID,"variant":"cartas","seats":4,"dice":"verifiable",
    "turn_limit_ms":1500,"commitment":hex|null}``. ``dice`` is ``verifiable`` (the default) or
    ``system``. The commitment is published now, before anyone joins; ``turn_limit_ms`` may be
    ``null`` (no limit).

``join``
    ``{"type":"join","table":ID,"seat":0,"player":"ana","seed":"any text"|null}``
    -> ``{"type":"joined","table":ID,"seat":0,"token":TOKEN}``. A seat already taken is refused
    (``SeatTaken``). The seed joins the derivation of every verifiable outcome. When the last
    seat joins, the table starts (Cartas deals its first hands then).

``hello``
    ``{"type":"hello","table":ID,"token":TOKEN,"since":STEP}`` -> the seat's ``update`` with the
    events from table step ``since`` on (0: everything). From then on this connection gets the
    seat's updates; a ``hello`` for the same seat from another connection takes them over and
    closes this one (code 4000). A client that reconnects sends the last step it saw.

``act``
    ``{"type":"act","table":ID,"token":TOKEN,"step":STEP,"action":"roll"}``: a move made on table
    step ``STEP`` (the ``step`` of the update it answers). The seat is the token's: a message
    never names the seat it acts for. Nothing comes back unless the move is refused; an accepted
    move reaches every seat as an ``update``.

``refused``
    ``{"type":"refused","error":NAME,"message":TEXT}``: nothing changed. ``error`` is the table's
    refusal (``NotYourTurnError`` with ``"to_act"``, ``StaleStepError`` with ``"step"``, the
    current step; ``HostOnlyError`` for the action ``timeout``, which only this server's clock
    makes; ``IllegalActionError`` with ``"legal"``; ``GameOverError``; ``TableError``) or this
    server's (``BadRequest``, ``BadToken``, ``NoSuchTable``, ``SeatTaken``, ``ServerError``).

``update``
    ``{"type":"update","table":ID,"seat":n,"step":STEP,"view":{..},"events":[..],"to_act":n|null,
    "legal":[..],"deadline":ms|null,"rolls":[..],"over":false,"winners":[],"head":hex}``, sent
    after every accepted step (a move, a timeout, the start) once the table is stored, to every
    connected seat: its own view, its events as it may see them (Cartas hides the cards of
    others), and its legal moves (``[]`` when it is not its turn). ``events`` and ``rolls`` are
    those since the connection's previous update (or since ``hello``'s ``since``), so a client
    appends them. ``deadline`` is the server's clock (ms since the Unix epoch) at which the turn
    times out. ``head`` is the record's hash-chain head. Once the game is over the update adds
    ``"outcome"``, ``"record"`` (the record as JSON text) and ``"secret"`` (hex, verifiable
    dice), so that every client can check the dice with ``fichas.verify_dice(record, secret)``.

The server's clock times out a seat whose turn runs past its deadline. Every step is committed
to SQLite before any seat hears of it, so what a seat saw survives a crash; on start-up the
server resumes every table that is not over, joined seats and tokens included.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import secrets
import signal
import sqlite3
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Tuple

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

import fichas

log = logging.getLogger("fichas.server")

#: How often the clock looks for turns past their deadline.
CLOCK_PERIOD_S = 0.05
#: The largest message a client may send: requests are small.
MAX_REQUEST_BYTES = 64 * 1024
#: Messages waiting for a slow connection before the server drops it (it reconnects with hello).
MAX_BACKLOG = 1000
#: Close code for a connection whose seat another connection took over.
CLOSE_TAKEN_OVER = 4000
#: The largest whole number a request may carry (a step, a seat, a limit): the table takes
#: unsigned 64-bit numbers, and anything beyond this bound is a client's mistake.
MAX_NUMBER = 2**53
#: The longest turn limit a table may have: a week.
MAX_TURN_LIMIT_MS = 7 * 24 * 3600 * 1000
#: The dice this server can run: "host" dice would need an operator to supply every outcome.
DICE = ("verifiable", "system")

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    variant TEXT NOT NULL,
    dice TEXT NOT NULL,
    secret TEXT,              -- hex, verifiable dice; published only once the game is over
    record TEXT NOT NULL,     -- the table's record JSON after its last step
    head TEXT NOT NULL,       -- the record's hash-chain head
    step INTEGER NOT NULL,
    over INTEGER NOT NULL DEFAULT 0,
    created INTEGER NOT NULL  -- ms since the Unix epoch
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    token TEXT NOT NULL UNIQUE,
    player TEXT,
    PRIMARY KEY (table_id, seat)
);
"""


def now_ms() -> int:
    """The server's clock: wall time, since deadlines and record times outlive a restart."""
    return int(time.time() * 1000)


def dumps(message: Dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


class Refusal(Exception):
    """A request this server refuses before the table sees it."""

    def __init__(self, error: str, message: str) -> None:
        super().__init__(message)
        self.error = error


@dataclass
class StoredTable:
    id: str
    variant: str
    dice: str
    secret: Optional[str]
    record: str
    head: str
    over: bool


class Store:
    """The games on disk: one row per table (its record after every step) and one per seat."""

    def __init__(self, path: str) -> None:
        self.db = sqlite3.connect(path)
        # WAL keeps each step's commit small and readers unblocked; FULL syncs every commit, so
        # a step a seat has seen is on disk even if the machine loses power.
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    @staticmethod
    def snapshot(table: fichas.Table) -> Tuple[str, str]:
        return table.record().to_json(), table.head

    def create(self, table_id: str, table: fichas.Table, secret: Optional[str]) -> Tuple[str, str]:
        record, head = self.snapshot(table)
        with self.db:
            self.db.execute(
                "INSERT INTO tables (id, variant, dice, secret, record, head, step, over, created)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?)",
                (table_id, table.variant, table.dice, secret, record, head, table.step, now_ms()),
            )
        return record, head

    def join(self, table_id: str, table: fichas.Table, seat: int, token: str, player: Optional[str]) -> Tuple[str, str]:
        # The seat's row and the record that names its player and seed go in together.
        record, head = self.snapshot(table)
        with self.db:
            self.db.execute(
                "INSERT INTO seats (table_id, seat, token, player) VALUES (?, ?, ?, ?)",
                (table_id, seat, token, player),
            )
            self._update(table_id, table, record, head)
        return record, head

    def save(self, table_id: str, table: fichas.Table) -> Tuple[str, str]:
        record, head = self.snapshot(table)
        with self.db:
            self._update(table_id, table, record, head)
        return record, head

    def _update(self, table_id: str, table: fichas.Table, record: str, head: str) -> None:
        self.db.execute(
            "UPDATE tables SET record = ?, head = ?, step = ?, over = ? WHERE id = ?",
            (record, head, table.step, int(table.is_over), table_id),
        )

    def open_tables(self) -> List[str]:
        return [row[0] for row in self.db.execute("SELECT id FROM tables WHERE over = 0 ORDER BY created")]

    def table(self, table_id: str) -> Optional[StoredTable]:
        row = self.db.execute(
            "SELECT id, variant, dice, secret, record, head, over FROM tables WHERE id = ?", (table_id,)
        ).fetchone()
        return None if row is None else StoredTable(row[0], row[1], row[2], row[3], row[4], row[5], bool(row[6]))

    def seats(self, table_id: str) -> Dict[int, str]:
        rows = self.db.execute("SELECT seat, token FROM seats WHERE table_id = ?", (table_id,))
        return {seat: token for seat, token in rows}

    def find_token(self, token: str) -> Optional[Tuple[str, int]]:
        row = self.db.execute("SELECT table_id, seat FROM seats WHERE token = ?", (token,)).fetchone()
        return None if row is None else (row[0], row[1])


class Peer:
    """One WebSocket connection: a queue its writer task drains, so that handling a message never
    waits on a slow client and every connection gets its messages in order."""

    def __init__(self, ws: ServerConnection) -> None:
        self.ws = ws
        self.queue: asyncio.Queue[str] = asyncio.Queue()
        # (table id, seat) -> the table step of the last update this connection got for it.
        self.delivered: Dict[Tuple[str, int], int] = {}
        # The closing handshake runs as a task; holding it keeps it from being collected.
        self.closing: Optional[asyncio.Task[None]] = None

    def send(self, message: Dict[str, Any]) -> None:
        if self.closing is not None:
            return
        if self.queue.qsize() >= MAX_BACKLOG:
            log.warning("dropping a connection that is %d messages behind", MAX_BACKLOG)
            self.close(1013, "too far behind: reconnect and say hello")
            return
        self.queue.put_nowait(dumps(message))

    def close(self, code: int, reason: str) -> None:
        if self.closing is None:
            self.closing = asyncio.get_running_loop().create_task(self.ws.close(code, reason))

    async def write(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                await self.ws.send(await self.queue.get())


@dataclass
class Live:
    """A table in memory, with its seats' tokens and the connections attached to them."""

    id: str
    table: fichas.Table
    secret: Optional[str]
    seats: Dict[int, str] = field(default_factory=dict)  # seat -> token
    peers: Dict[int, Peer] = field(default_factory=dict)  # seat -> its connection
    record: str = ""  # the record JSON last stored
    head: str = ""


class GameServer:
    def __init__(self, store: Store, turn_limit_ms: Optional[int]) -> None:
        self.store = store
        self.turn_limit_ms = turn_limit_ms
        self.tables: Dict[str, Live] = {}
        self.tokens: Dict[str, Tuple[str, int]] = {}
        # Each returns its direct reply, or None when it has nothing (more) to say.
        self.handlers: Dict[str, Callable[[Peer, Dict[str, Any]], Optional[Dict[str, Any]]]] = {
            "create": self.on_create,
            "join": self.on_join,
            "hello": self.on_hello,
            "act": self.on_act,
        }

    # -- start-up -----------------------------------------------------------------------------

    def restore(self) -> int:
        """Resumes every table that is not over; the number resumed."""
        restored = 0
        for table_id in self.store.open_tables():
            try:
                live = self.load(table_id)
            except fichas.FichasError as e:
                log.error("table %s cannot be resumed: %s", table_id, e)
                continue
            restored += 1
            # A crash between the last join and the start leaves a full table unstarted.
            if not live.table.started and len(live.seats) == live.table.seats:
                live.table.start(at=now_ms())
                self.advance(live)
        return restored

    def load(self, table_id: str) -> Live:
        stored = self.store.table(table_id)
        if stored is None:
            raise Refusal("NoSuchTable", f"there is no table {table_id}")
        # The stored record must end at the head stored with it: a row changed behind the
        # server's back is not resumed (RecordError).
        fichas.Record.from_json(stored.record).verify(stored.head)
        # The seat to act gets its whole turn again: no one pays for the time the server was down.
        table = fichas.Table.resume(stored.record, secret=stored.secret, at=now_ms())
        live = Live(table_id, table, stored.secret, seats=self.store.seats(table_id))
        live.record, live.head = stored.record, table.head
        self.tables[table_id] = live
        for seat, token in live.seats.items():
            self.tokens[token] = (table_id, seat)
        return live

    def unload(self, live: Live) -> None:
        self.tables.pop(live.id, None)
        for token in live.seats.values():
            self.tokens.pop(token, None)
        for peer in live.peers.values():
            peer.close(1011, "the table is closed until the server restarts")
        live.peers.clear()

    # -- connections --------------------------------------------------------------------------

    async def connection(self, ws: ServerConnection) -> None:
        peer = Peer(ws)
        writer = asyncio.create_task(peer.write())
        try:
            async for text in ws:
                self.handle(peer, text)
        except ConnectionClosed:
            pass
        finally:
            self.detach(peer)
            writer.cancel()

    def detach(self, peer: Peer) -> None:
        for table_id, seat in peer.delivered:
            live = self.tables.get(table_id)
            if live is None or live.peers.get(seat) is not peer:
                continue
            del live.peers[seat]
            # A finished table leaves memory with its last connection; its record stays on disk.
            if live.table.is_over and not live.peers:
                self.tables.pop(table_id, None)
                for token in live.seats.values():
                    self.tokens.pop(token, None)
        peer.delivered.clear()

    def handle(self, peer: Peer, text: Any) -> None:
        """Handles one message. Synchronous on purpose: a move is checked, stored and queued to
        every seat before the next message is looked at, so no lock is needed."""
        request_id: Any = None
        try:
            try:
                message = json.loads(text) if isinstance(text, str) else None
            except json.JSONDecodeError as e:
                raise Refusal("BadRequest", f"not JSON: {e}") from None
            if not isinstance(message, dict):
                raise Refusal("BadRequest", 'a message is a JSON object with a "type"')
            request_id = message.get("id")
            kind = message.get("type")
            handler = self.handlers.get(kind) if isinstance(kind, str) else None
            if handler is None:
                raise Refusal("BadRequest", f"unknown message type {kind!r}")
            reply = handler(peer, message)
            if reply is not None:
                peer.send(with_id(reply, request_id))
        except Refusal as r:
            peer.send(with_id({"type": "refused", "error": r.error, "message": str(r)}, request_id))
        except fichas.FichasError as e:
            peer.send(with_id(refusal_of(e), request_id))
        except Exception:
            log.exception("unexpected error while handling a message")
            peer.send(with_id({"type": "refused", "error": "ServerError", "message": "internal error"}, request_id))

    # -- requests -----------------------------------------------------------------------------

    def on_create(self, peer: Peer, message: Dict[str, Any]) -> Dict[str, Any]:
        variant = text_field(message, "variant")
        dice = message.get("dice", "verifiable")
        if dice not in DICE:
            raise Refusal("BadRequest", f"dice is one of {', '.join(DICE)}, not {dice!r}")
        turn_limit_ms = message.get("turn_limit_ms", self.turn_limit_ms)
        if turn_limit_ms is not None and not (is_int(turn_limit_ms) and 0 < turn_limit_ms <= MAX_TURN_LIMIT_MS):
            raise Refusal("BadRequest", f"turn_limit_ms is from 1 to {MAX_TURN_LIMIT_MS} milliseconds, or null")
        table = fichas.Table(variant, dice=dice, turn_limit_ms=turn_limit_ms)
        table_id = secrets.token_hex(6)
        secret = table.reveal() if dice == "verifiable" else None
        live = Live(table_id, table, secret)
        # Stored at once, with its secret: a restart must keep the commitment already published.
        live.record, live.head = self.store.create(table_id, table, secret)
        self.tables[table_id] = live
        return {
            "type": "created",
            "table": table_id,
            "variant": table.variant,
            "seats": table.seats,
            "dice": table.dice,
            "turn_limit_ms": turn_limit_ms,
            "commitment": table.commitment,
        }

    def on_join(self, peer: Peer, message: Dict[str, Any]) -> Optional[Dict[str, Any]]:
        live = self.find_table(message.get("table"))
        seat = int_field(message, "seat")
        if not 0 <= seat < live.table.seats:
            raise Refusal("BadRequest", f"seat {seat} is not at this table of {live.table.seats}")
        if seat in live.seats:
            raise Refusal("SeatTaken", f"seat {seat} is taken")
        player = optional_text(message, "player")
        live.table.join(seat, player=player, seed=optional_text(message, "seed"))
        token = secrets.token_urlsafe(24)
        live.record, live.head = self.store.join(live.id, live.table, seat, token, player)
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
        peer.send(with_id(joined, message.get("id")))
        if len(live.seats) == live.table.seats:
            live.table.start(at=now_ms())
            self.advance(live)
        return None  # the reply went out first, before the start's updates

    def on_hello(self, peer: Peer, message: Dict[str, Any]) -> Dict[str, Any]:
        live, seat = self.authorize(message)
        since = int_field(message, "since", default=0)
        previous = live.peers.get(seat)
        if previous is not None and previous is not peer:
            previous.delivered.pop((live.id, seat), None)
            previous.close(CLOSE_TAKEN_OVER, "another connection took this seat")
        live.peers[seat] = peer
        peer.delivered[(live.id, seat)] = since
        return self.updates(live, [seat])[seat]

    def on_act(self, peer: Peer, message: Dict[str, Any]) -> None:
        live, seat = self.authorize(message)
        step = int_field(message, "step")
        action = text_field(message, "action")
        now = now_ms()
        # A move that comes after the deadline is too late: the timeout goes first.
        if live.table.expire(now):
            self.advance(live)
        # The table refuses a wrong turn, a stale step, an illegal move and "timeout".
        live.table.submit(seat, step, action, at=now)
        self.advance(live)

    # -- tables -------------------------------------------------------------------------------

    def find_table(self, table_id: Any) -> Live:
        if not isinstance(table_id, str):
            raise Refusal("BadRequest", "table is the id that create gave")
        live = self.tables.get(table_id)
        if live is None:
            raise Refusal("NoSuchTable", f"there is no open table {table_id}")
        return live

    def authorize(self, message: Dict[str, Any]) -> Tuple[Live, int]:
        """The table and seat a token holds: the only way a message names a seat."""
        token, table_id = message.get("token"), message.get("table")
        if not isinstance(token, str) or not isinstance(table_id, str):
            raise Refusal("BadToken", "a table id and the token its join gave are needed")
        found = self.tokens.get(token)
        if found is None:
            # A finished table left memory; its seats may still look at the end.
            found = self.store.find_token(token)
            if found is not None and found[0] == table_id and table_id not in self.tables:
                self.load(table_id)
        if found is None or found[0] != table_id:
            raise Refusal("BadToken", "this token holds no seat at this table")
        return self.tables[table_id], found[1]

    def advance(self, live: Live) -> None:
        """After an accepted step: store first, then tell every connected seat."""
        try:
            live.record, live.head = self.store.save(live.id, live.table)
        except sqlite3.Error as e:
            # Nothing unstored may reach a seat: the table waits for a restart, which resumes
            # it from its last stored step.
            log.exception("table %s could not be stored; closing it", live.id)
            self.unload(live)
            raise Refusal("ServerError", "the table could not be stored; it is closed until the server restarts") from e
        for seat, update in self.updates(live, list(live.peers)).items():
            live.peers[seat].send(update)

    def updates(self, live: Live, seats: List[int]) -> Dict[int, Dict[str, Any]]:
        """Each seat's update, from its connection's last delivered step on."""
        table = live.table
        step, over = table.step, table.is_over
        rolls = table.rolls()
        shared: Dict[str, Any] = {
            "type": "update",
            "table": live.id,
            "step": step,
            "to_act": table.to_act,
            "deadline": table.deadline,
            "over": over,
            "winners": table.winners,
            "head": live.head,
            "dice": table.dice,
            "commitment": table.commitment,
        }
        if over:
            shared.update(outcome=table.outcome, record=live.record, secret=live.secret)
        out: Dict[int, Dict[str, Any]] = {}
        for seat in seats:
            peer = live.peers[seat]
            since = peer.delivered.get((live.id, seat), 0)
            out[seat] = dict(
                shared,
                seat=seat,
                view=json.loads(table.view(seat).to_json()),
                events=table.events_for(seat, since=since),
                legal=table.legal_actions(seat),
                rolls=[r for r in rolls if r["step"] >= since],
            )
            peer.delivered[(live.id, seat)] = step
        return out

    async def run_clock(self) -> None:
        """Times out every seat whose turn ran past its deadline, by this server's clock."""
        while True:
            await asyncio.sleep(CLOCK_PERIOD_S)
            now = now_ms()
            for live in list(self.tables.values()):
                deadline = live.table.deadline
                if deadline is None or now < deadline:
                    continue
                try:
                    if live.table.expire(now):
                        self.advance(live)
                except (fichas.FichasError, Refusal) as e:
                    log.error("table %s: the timeout failed: %s", live.id, e)


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
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_NUMBER:
        raise Refusal("BadRequest", f"{name} is a whole number from 0 to {MAX_NUMBER}")
    return value


def text_field(message: Dict[str, Any], name: str) -> str:
    value = message.get(name)
    if not isinstance(value, str):
        raise Refusal("BadRequest", f"{name} is text")
    return value


def optional_text(message: Dict[str, Any], name: str) -> Optional[str]:
    value = message.get(name)
    if value is not None and not isinstance(value, str):
        raise Refusal("BadRequest", f"{name} is text or null")
    return value


async def main(argv: Optional[List[str]] = None) -> None:
    parser = argparse.ArgumentParser(description="A reference WebSocket server for fichas tables.")
    parser.add_argument("--db", required=True, help="the SQLite file that keeps the games")
    parser.add_argument("--port", type=int, required=True, help="0 picks a free port")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--turn-limit-ms", type=int, default=None, help="for tables whose create names none")
    args = parser.parse_args(argv)
    logging.basicConfig(stream=sys.stderr, level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    logging.getLogger("websockets").setLevel(logging.WARNING)  # not a line per connection

    store = Store(args.db)
    server = GameServer(store, args.turn_limit_ms)
    restored = server.restore()
    log.info("resumed %d open tables from %s", restored, args.db)

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows' loop
            loop.add_signal_handler(sig, stop.set)
    async with serve(server.connection, args.host, args.port, max_size=MAX_REQUEST_BYTES) as ws_server:
        port = next(iter(ws_server.sockets)).getsockname()[1]
        print(f"listening on {args.host}:{port}", flush=True)
        clock = asyncio.create_task(server.run_clock())
        await stop.wait()
        clock.cancel()
    store.close()


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(main())
