#!/usr/bin/env python3
"""A load generator for fichas-server: many whole games at once, every
seat on its own WebSocket connection, as phones would play them.

Run it in its own process, next to one or more servers::

    python server/tests/protocol/load.py --url ws://127.0.0.1:8765 [--url ws://127.0.0.1:8766 ...]
        [--games 200] [--variant parchis] [--seconds 120] [--dice verifiable]
        [--turn-limit-ms MS] [--spread] [--compression deflate|none] [--json]

Each game is one connection that creates the table (and closes) and one connection per seat
that joins, says ``hello`` and plays its seat to the end: on every ``update`` that gives it legal
moves it sends ``act`` with ``legal[(step * 7 + seat) % len(legal)]``, the choice of client.py's
``Player``. All games start at once. Every client starts at the first ``--url``; with
``--spread`` each new client takes the next URL in turn, so a game's seats land on different
servers. A client follows a ``moved`` reply (``{"type":"moved","table":ID,"url":URL}``, for a
table another server process serves) by connecting to that URL and repeating its request, and a
client whose connection closes unexpectedly reconnects to the next URL of the list (a short
backoff, for up to 10 s) and says ``hello`` from the last step it saw.

Once a game is over, seat 0 checks it with client.py's ``Player.verify``: the revealed secret
against the commitment published at the creation, the record's seeds, every chance outcome
(``fichas.verify_dice``), and the hash chain (``fichas.Record.from_json(record).verify(head)``)
including every head seat 0 was sent during the game. The other seats check that they saw the
same final head.

Figures (``--json`` prints them as one JSON object, keys in parentheses):

- games finished and verified (``finished``, ``verified``); a game still running at the
  ``--seconds`` bound is ``unfinished``, never a success;
- accepted moves (``moves``): acts answered by an update; ``moves_per_game`` over finished games;
- moves per second over the sustained part of the run, from the first act sent to the last
  update received (``moves_per_s``, ``sustained_s``);
- move latency (``latency_ms``: p50, p95, p99, max): from sending ``act`` to the first update on
  the same connection whose step is past the step the act answered (an act whose connection was
  lost before its answer counts as accepted if the new connection shows a later step, but gives
  no latency sample: ``moves_across_reconnect``);
- refusals by error name (``refusals``): none in a healthy run;
- ``reconnects`` (connections replaced after an unexpected close), ``moved`` (moved replies
  followed), ``lost_acts`` (acts that a reconnection showed never took effect; they are resent);
- the generator's own CPU time during the run, from ``resource.getrusage`` (``cpu_s``,
  ``cpu_us_per_move``, ``cpu_share_of_one_core``): the generator shares the machine with the
  server, and these say how much of it the generator took.

Exit status 0 when every game finished and verified within the bound and no request was
refused, else 1, after printing what failed.

Needs Python 3.9+, ``fichas``, ``websockets`` 13 or newer; uses ``uvloop`` and ``orjson`` when
they are importable (else asyncio's own loop and ``json``).
"""

from __future__ import annotations

import argparse
import array
import asyncio
import collections
import inspect
import json
import math
import resource
import sys
import time
from pathlib import Path
from typing import Any, Callable, Counter, Dict, List, Optional, Set

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException

sys.path.insert(0, str(Path(__file__).resolve().parent))
from client import MAX_MESSAGE_BYTES, Player, choose  # noqa: E402  (client.py sits next to this file)

try:
    import orjson

    loads: Callable[[Any], Any] = orjson.loads
    JSON_LIBRARY = "orjson"

    def dumps(message: Dict[str, Any]) -> str:
        # The server reads text frames only: orjson's bytes go out as text.
        return orjson.dumps(message).decode()

except ImportError:  # pragma: no cover - depends on the environment
    loads = json.loads
    JSON_LIBRARY = "json"

    def dumps(message: Dict[str, Any]) -> str:
        return json.dumps(message, separators=(",", ":"))


try:
    import uvloop
except ImportError:  # pragma: no cover - depends on the environment
    uvloop = None  # type: ignore[assignment]

#: The seat that checks each finished game: every seat gets the same final update, so one
#: check per game is enough, and seat 0 exists in every variant.
VERIFYING_SEAT = 0
#: How long a client keeps trying to reconnect after its connection closed unexpectedly.
RECONNECT_FOR_S = 10.0
RECONNECT_FIRST_DELAY_S = 0.05
RECONNECT_MAX_DELAY_S = 1.0
#: Handshakes in flight at once. A server's listen backlog is bounded (fichas-server asks for 1024,
#: the kernel may give less): opening a thousand connections at once can overflow it, and a
#: dropped SYN is retried only after a second, so an unbounded start (or a reconnection storm)
#: stalls instead of hurrying.
MAX_OPENING = 64
#: Moved replies followed in a row for one request before giving up: two servers that each
#: say the other has the table would otherwise bounce a client forever.
MAX_MOVES_IN_A_ROW = 8
#: Close code of a connection whose seat another connection took over (fichas-server).
CLOSE_TAKEN_OVER = 4000
#: Failures printed in full; the rest are counted.
MAX_FAILURES_SHOWN = 20

#: websockets 15 added `proxy` (on by default: it reads the proxy environment variables); a load
#: generator talks to the servers it was given, never through a proxy.
CONNECT_OPTIONS: Dict[str, Any] = {"proxy": None} if "proxy" in inspect.signature(connect).parameters else {}


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


class SeatFailed(Exception):
    """A client cannot go on: a refused request it cannot do without, or no server to reach."""


class Stats:
    """The figures of the whole run, shared by every client (one event loop: no locks)."""

    def __init__(self) -> None:
        self.moves = 0
        self.moves_across_reconnect = 0
        self.lost_acts = 0
        #: One float per accepted move, in seconds: 8 bytes a move, not a message kept.
        self.latencies = array.array("d")
        self.refusals: Counter[str] = collections.Counter()
        self.reconnects = 0
        self.moved = 0
        self.connections = 0
        self.first_act: Optional[float] = None
        self.last_update: Optional[float] = None
        #: When the last seat got its first update: every table started and every seat attached.
        self.seated: Optional[float] = None
        self.verify_s = 0.0


class LoadRun:
    """What every client of the run shares: the servers, the figures, the handshake slots."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.urls: List[str] = args.url
        self.spread: bool = args.spread
        self.compression: Optional[str] = None if args.compression == "none" else args.compression
        self.stats = Stats()
        self.started = time.perf_counter()
        self.opening = asyncio.Semaphore(MAX_OPENING)
        self.clients_started = 0
        #: Closing handshakes left to finish on their own; held so they are not collected.
        self.background: Set[asyncio.Task[None]] = set()

    def first_url_index(self) -> int:
        """Where a new client starts: the first URL, or the next one in turn with --spread."""
        index = self.clients_started % len(self.urls) if self.spread else 0
        self.clients_started += 1
        return index

    async def open(self, url: str) -> ClientConnection:
        async with self.opening:
            ws = await connect(
                url,
                max_size=MAX_MESSAGE_BYTES,
                compression=self.compression,
                # No keepalive pings: a server busy with the load would miss a ping's deadline and
                # the client would drop a healthy connection; a killed server's socket closes anyway.
                ping_interval=None,
                **CONNECT_OPTIONS,
            )
        self.stats.connections += 1
        return ws

    def close_later(self, ws: ClientConnection) -> None:
        task = asyncio.ensure_future(ws.close())
        self.background.add(task)
        task.add_done_callback(self.background.discard)


#: What opening a connection may raise when the server is not (or no longer) there.
CONNECT_ERRORS = (OSError, asyncio.TimeoutError, WebSocketException)


class Link:
    """One client's connection, kept the way a phone keeps it: it follows `moved` replies and
    replaces a connection that closed unexpectedly."""

    def __init__(self, run: LoadRun) -> None:
        self.run = run
        self.url_index = run.first_url_index()
        self._ws: Optional[ClientConnection] = None

    @property
    def ws(self) -> ClientConnection:
        assert self._ws is not None, "the link is not connected"
        return self._ws

    async def send(self, message: Dict[str, Any]) -> None:
        await self.ws.send(dumps(message))

    async def recv(self) -> Dict[str, Any]:
        # Bytes, not text: orjson validates the UTF-8 itself, so websockets need not decode first.
        message: Dict[str, Any] = loads(await self.ws.recv(decode=False))
        return message

    async def open_first(self) -> None:
        await self._dial(self.url_index, skip_current=False)

    async def reconnect(self) -> None:
        """After an unexpected close: the next URL of the list, then round it, for up to 10 s."""
        self._drop()
        await self._dial(self.url_index, skip_current=True)
        self.run.stats.reconnects += 1

    async def move(self, url: str) -> None:
        """After a `moved` reply: the server it names; if that fails, the list as after a close."""
        self.run.stats.moved += 1
        if self._ws is not None:
            self.run.close_later(self._ws)
            self._ws = None
        try:
            self._ws = await self.run.open(url)
        except CONNECT_ERRORS:
            await self.reconnect()

    async def _dial(self, index: int, skip_current: bool) -> None:
        urls = self.run.urls
        give_up = time.monotonic() + RECONNECT_FOR_S
        delay = RECONNECT_FIRST_DELAY_S
        if skip_current:
            index += 1
        last_error: Optional[BaseException] = None
        while True:
            index %= len(urls)
            try:
                self._ws = await self.run.open(urls[index])
                self.url_index = index
                return
            except CONNECT_ERRORS as e:
                last_error = e
            if time.monotonic() + delay > give_up:
                raise SeatFailed(f"no server reachable for {RECONNECT_FOR_S:.0f} s: {last_error!r}")
            await asyncio.sleep(delay)
            delay = min(delay * 2, RECONNECT_MAX_DELAY_S)
            index += 1

    async def request(self, message: Dict[str, Any], request_id: str) -> Dict[str, Any]:
        """A request and its reply (create, join), through moves and reconnections."""
        message = dict(message, id=request_id)
        moves = 0
        while True:
            try:
                await self.send(message)
                while True:
                    reply = await self.recv()
                    reply_id = reply.get("id")
                    if reply_id is not None and reply_id != request_id:
                        continue
                    kind = reply.get("type")
                    if kind == "moved":
                        moves += 1
                        if moves > MAX_MOVES_IN_A_ROW:
                            raise SeatFailed(f"{request_id}: moved {moves} times in a row")
                        await self.move(reply["url"])
                        break  # repeat the request on the new connection
                    if kind == "refused":
                        self.run.stats.refusals[reply.get("error", "?")] += 1
                        raise SeatFailed(f"{request_id} refused: {reply.get('error')}: {reply.get('message')}")
                    if reply_id == request_id:
                        return reply
            except ConnectionClosed:
                # A join repeated after its reply was lost is refused (SeatTaken): the seat's
                # token went with the connection, and the game fails, as it would for a phone.
                await self.reconnect()

    async def close(self) -> None:
        if self._ws is not None:
            ws, self._ws = self._ws, None
            await ws.close()

    def abort(self) -> None:
        """At the bound: no closing handshake, the run is over."""
        self._drop()

    def _drop(self) -> None:
        if self._ws is not None:
            self._ws.transport.abort()
            self._ws = None


class Game:
    """One table: its creation, its seats, and what became of it."""

    def __init__(self, run: LoadRun, index: int) -> None:
        self.run = run
        self.index = index
        self.table = ""
        self.commitment: Optional[str] = None
        self.seats: List[Seat] = []
        self.moves = 0
        self.finished = False
        self.verified = False
        self.failures: List[str] = []

    async def play(self) -> None:
        args = self.run.args
        creator = Link(self.run)
        create: Dict[str, Any] = {"type": "create", "variant": args.variant, "dice": args.dice}
        if args.turn_limit_ms is not None:
            create["turn_limit_ms"] = args.turn_limit_ms
        try:
            await creator.open_first()
            created = await creator.request(create, "create")
        except SeatFailed as e:
            self.failures.append(f"create: {e}")
            creator.abort()
            return
        except BaseException:  # cancelled at the bound
            creator.abort()
            raise
        # The creator has nothing more to say: a phone that set up the table would go.
        self.run.close_later(creator.ws)
        self.table, self.commitment = created["table"], created.get("commitment")
        self.seats = [Seat(self, seat) for seat in range(created["seats"])]
        tasks = [asyncio.ensure_future(seat.play_to_end()) for seat in self.seats]
        try:
            # A seat that fails stops its game: the others would only wait for its turns.
            done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_EXCEPTION)
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        for task in done:
            error = task.exception()
            if error is not None:
                self.failures.append(f"{type(error).__name__}: {error}")
        self.conclude()

    def conclude(self) -> None:
        if not self.seats or any(seat.final_head is None for seat in self.seats):
            return
        self.finished = True
        heads = {seat.final_head or "" for seat in self.seats}
        if len(heads) != 1:
            self.failures.append(f"the seats saw different final heads: {sorted(heads)}")
            return
        verifier = self.seats[VERIFYING_SEAT]
        self.verified = verifier.verified
        if verifier.verify_error is not None:
            self.failures.append(f"seat {VERIFYING_SEAT}'s check failed: {verifier.verify_error}")

    def describe(self) -> str:
        steps = max((seat.last_step for seat in self.seats), default=0)
        return f"game {self.index} (table {self.table or '-'}, step {steps})"


class Seat:
    """One seat's phone: joins, says hello and plays to the end on its own connection."""

    def __init__(self, game: Game, seat: int) -> None:
        self.game = game
        self.stats = game.run.stats
        self.seat = seat
        self.think_s = game.run.args.think_ms / 1000
        self.seed = f"load game {game.index} seat {seat}"
        self.link = Link(game.run)
        self.token = ""
        self.commitment: Optional[str] = None
        #: The step of the last update seen, over every connection: hello's `since`.
        self.last_step = 0
        #: The step this connection already sent an act for: one act per step and connection.
        self.acted_step = -1
        #: The act sent and not yet answered (a seat has at most one: it acts on an update).
        self.pending_step: Optional[int] = None
        self.pending_action = ""
        self.pending_sent = 0.0
        #: The pending act went out on a connection that has since closed.
        self.pending_lost = False
        #: The last act counted as accepted and its latency sample (if any), in case a refusal
        #: for it comes after the update that seemed to answer it.
        self.counted_step: Optional[int] = None
        self.counted_sample: Optional[int] = None
        #: Whether this connection's hello was answered: a `moved` without an id then answers an act.
        self.hello_answered = False
        self.seen_update = False
        #: (step, head) of every update, for the verifying seat's chain check; others keep none.
        self.heads: Optional[List[Dict[str, Any]]] = [] if seat == VERIFYING_SEAT else None
        self.final_head: Optional[str] = None
        self.verified = False
        self.verify_error: Optional[str] = None

    async def play_to_end(self) -> None:
        try:
            await self.link.open_first()
            join = {"type": "join", "table": self.game.table, "seat": self.seat, "player": f"load {self.seat}"}
            joined = await self.link.request(dict(join, seed=self.seed), "join")
            self.token = joined["token"]
            self.commitment = joined.get("commitment")
            if self.commitment != self.game.commitment:
                raise SeatFailed(f"seat {self.seat} joined under another commitment than the one published")
            await self.play()
        except SeatFailed as e:
            raise SeatFailed(f"seat {self.seat}: {e}") from None
        finally:
            # Cancelled at the bound, or failed: drop the connection at once.
            self.link.abort()

    def hello(self) -> Dict[str, Any]:
        return {"type": "hello", "table": self.game.table, "token": self.token, "since": self.last_step, "id": "hello"}

    async def play(self) -> None:
        link = self.link
        fresh = True  # a new connection says hello (and repeats a moved act) before anything else
        resend = False
        moves_in_a_row = 0
        while True:
            try:
                if fresh:
                    fresh = False
                    self.acted_step = -1
                    self.hello_answered = False
                    await link.send(self.hello())
                    if resend and self.pending_step is not None:
                        resend = False
                        await self.send_act(self.pending_step, self.pending_action)
                message = await link.recv()
                kind = message.get("type")
                if kind == "update":
                    moves_in_a_row = 0
                    if await self.on_update(message):
                        await link.close()
                        return
                elif kind == "refused":
                    self.on_refused(message)
                elif kind == "moved":
                    moves_in_a_row += 1
                    if moves_in_a_row > MAX_MOVES_IN_A_ROW:
                        raise SeatFailed(f"moved {moves_in_a_row} times in a row")
                    reply_id = message.get("id")
                    answers_act = reply_id == self.pending_step if reply_id is not None else self.hello_answered
                    await link.move(message["url"])
                    fresh = True
                    resend = answers_act and self.pending_step is not None
            except ConnectionClosed as closed:
                if closed.rcvd is not None and closed.rcvd.code == CLOSE_TAKEN_OVER:
                    raise SeatFailed("another connection took this seat over") from None
                await link.reconnect()
                fresh = True
                resend = False
                if self.pending_step is not None:
                    self.pending_lost = True

    async def send_act(self, step: int, action: str) -> None:
        self.acted_step = step
        self.pending_step, self.pending_action, self.pending_lost = step, action, False
        # The id is the step, so that a refusal or a moved reply names the act it answers.
        message = {"type": "act", "table": self.game.table, "token": self.token, "step": step, "action": action}
        message["id"] = step
        now = time.perf_counter()
        self.pending_sent = now
        if self.stats.first_act is None:
            self.stats.first_act = now
        await self.link.send(message)

    async def on_update(self, update: Dict[str, Any]) -> bool:
        """Acts on an update; True once the game is over."""
        now = time.perf_counter()
        stats = self.stats
        stats.last_update = now
        self.hello_answered = True
        if not self.seen_update:
            self.seen_update = True
            stats.seated = now
        step: int = update["step"]
        pending = self.pending_step
        if pending is not None:
            if step > pending:
                self.pending_step = None
                self.counted_step = pending
                stats.moves += 1
                self.game.moves += 1
                if self.pending_lost:
                    stats.moves_across_reconnect += 1
                    self.counted_sample = None
                else:
                    self.counted_sample = len(stats.latencies)
                    stats.latencies.append(now - self.pending_sent)
            elif self.pending_lost:
                # The new connection's hello shows the very step the act answered: the act
                # never reached the table. It goes out again below, as a new act.
                self.pending_step = None
                stats.lost_acts += 1
            self.pending_lost = False
        if step < self.last_step:
            return False  # an older position than one already seen: nothing to answer
        self.last_step = step
        if self.heads is not None:
            self.heads.append({"step": step, "head": update["head"]})
        if update["over"]:
            self.final_head = update["head"]
            if self.seat == VERIFYING_SEAT:
                self.verify(update)
            return True
        if update["legal"] and step != self.acted_step:
            if self.think_s > 0:
                # A player looks at the board before moving: the offered load is the games'
                # pace, and the latency measured is the server's at that load.
                await asyncio.sleep(self.think_s)
            await self.send_act(step, choose(update))
        return False

    def on_refused(self, refusal: Dict[str, Any]) -> None:
        error = refusal.get("error", "?")
        self.stats.refusals[error] += 1
        reply_id = refusal.get("id")
        if reply_id == "hello":
            raise SeatFailed(f"hello refused: {error}: {refusal.get('message')}")
        if reply_id is not None and reply_id == self.pending_step:
            self.pending_step = None
        elif reply_id is not None and reply_id == self.counted_step:
            # The server's clock moved the table on before the act arrived (a turn limit): the
            # update was not the act's answer after all. Its sample stays in place (others
            # came after it) but is marked void.
            self.stats.moves -= 1
            self.game.moves -= 1
            if self.counted_sample is not None:
                self.stats.latencies[self.counted_sample] = math.nan
            self.counted_step = self.counted_sample = None
        if len(self.game.failures) < MAX_FAILURES_SHOWN:
            what = f"seat {self.seat}: act at step {reply_id} refused"
            self.game.failures.append(f"{what}: {error}: {refusal.get('message')}")

    def verify(self, final: Dict[str, Any]) -> None:
        """client.py's check of a finished game: commitment, seeds, dice and hash chain."""
        started = time.perf_counter()
        player = Player(
            self.game.table, self.seat, self.token, commitment=self.commitment, seed=self.seed, updates=self.heads or []
        )
        try:
            player.verify(final)
            self.verified = player.verified
        except Exception as e:  # any failure of the check is the finding, whatever its type
            self.verify_error = f"{type(e).__name__}: {e}"
        self.heads = None  # the chain is checked: let it go
        self.stats.verify_s += time.perf_counter() - started


def percentile(ordered: List[float], p: float) -> float:
    """Nearest rank of an ascending list."""
    if not ordered:
        return 0.0
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


async def run_load(args: argparse.Namespace) -> Dict[str, Any]:
    started, cpu_started = time.perf_counter(), cpu_seconds()
    run = LoadRun(args)
    games = [Game(run, index) for index in range(args.games)]
    tasks = [asyncio.ensure_future(game.play()) for game in games]
    done, pending = await asyncio.wait(tasks, timeout=max(0.0, args.seconds - (time.perf_counter() - started)))
    at_bound = time.perf_counter()
    for task in pending:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for task in done:
        error = task.exception()
        if error is not None:  # a bug of this program, not a finding about the server
            games[tasks.index(task)].failures.append(f"load.py error: {type(error).__name__}: {error}")
    for task, game in zip(tasks, games):
        if task in pending:
            game.failures.insert(0, f"unfinished at the {args.seconds:g} s bound")
    if run.background:
        await asyncio.wait(list(run.background), timeout=2.0)
    wall = (at_bound if pending else time.perf_counter()) - started
    cpu = cpu_seconds() - cpu_started
    return report(run, games, wall, cpu)


def report(run: LoadRun, games: List[Game], wall: float, cpu: float) -> Dict[str, Any]:
    stats = run.stats
    args = run.args
    finished = [game for game in games if game.finished]
    failed = [game for game in games if game.failures or not game.verified]
    sustained = (
        stats.last_update - stats.first_act
        if stats.first_act is not None and stats.last_update is not None and stats.last_update > stats.first_act
        else 0.0
    )
    ordered = sorted(sample for sample in stats.latencies if sample == sample)  # without the void (NaN)
    refused = sum(stats.refusals.values())
    failures: List[str] = []
    for game in failed:
        reasons = game.failures or ["not verified"]
        failures.append(f"{game.describe()}: {'; '.join(reasons[:3])}")
    return {
        "urls": run.urls,
        "variant": args.variant,
        "dice": args.dice,
        "turn_limit_ms": args.turn_limit_ms,
        # What the generator offered; the server accepts it only if it runs with compression on.
        "compression_offered": run.compression,
        "games": len(games),
        "finished": len(finished),
        "verified": sum(game.verified for game in games),
        "unfinished": len(games) - len(finished),
        "moves": stats.moves,
        "moves_per_game": round(sum(game.moves for game in finished) / len(finished), 1) if finished else 0.0,
        "moves_per_s": round(stats.moves / sustained, 1) if sustained else 0.0,
        "sustained_s": round(sustained, 3),
        "wall_s": round(wall, 3),
        "seated_s": round(stats.seated - run.started, 3) if stats.seated is not None else None,
        "latency_ms": {
            "samples": len(ordered),
            "p50": round(percentile(ordered, 50) * 1000, 2),
            "p95": round(percentile(ordered, 95) * 1000, 2),
            "p99": round(percentile(ordered, 99) * 1000, 2),
            "max": round((ordered[-1] if ordered else 0.0) * 1000, 2),
        },
        "refusals": dict(stats.refusals),
        "refused": refused,
        "reconnects": stats.reconnects,
        "moved": stats.moved,
        "lost_acts": stats.lost_acts,
        "moves_across_reconnect": stats.moves_across_reconnect,
        "connections": stats.connections,
        "cpu_s": round(cpu, 3),
        "cpu_us_per_move": round(cpu / stats.moves * 1e6, 1) if stats.moves else None,
        "cpu_share_of_one_core": round(cpu / wall, 3) if wall else None,
        "verify_s": round(stats.verify_s, 3),
        "event_loop": "uvloop" if uvloop is not None else "asyncio",
        "json_library": JSON_LIBRARY,
        "ok": not failed and refused == 0,
        "failed_games": len(failed),
        "failures": failures[:MAX_FAILURES_SHOWN],
    }


def print_report(figures: Dict[str, Any]) -> None:
    latency = figures["latency_ms"]
    refusals = ", ".join(f"{name} {count}" for name, count in sorted(figures["refusals"].items())) or "none"
    per_move = figures["cpu_us_per_move"]
    share = figures["cpu_share_of_one_core"]
    lines = [
        f"{figures['games']} games of {figures['variant']} ({figures['dice']} dice) on {', '.join(figures['urls'])}",
        f"finished {figures['finished']}, verified {figures['verified']}, unfinished {figures['unfinished']},"
        f" in {figures['wall_s']:.1f} s"
        + (f" (the last seat attached after {figures['seated_s']:.1f} s)" if figures["seated_s"] is not None else ""),
        f"moves {figures['moves']:,} accepted, {figures['moves_per_s']:,.1f}/s over {figures['sustained_s']:.1f} s"
        f" (first act to last update), {figures['moves_per_game']:.1f} per finished game",
        f"move latency ms: p50 {latency['p50']:.1f}, p95 {latency['p95']:.1f}, p99 {latency['p99']:.1f},"
        f" max {latency['max']:.1f} ({latency['samples']:,} samples)",
        f"refusals: {refusals}",
        f"connections {figures['connections']:,}, reconnects {figures['reconnects']}, moved {figures['moved']},"
        f" lost acts {figures['lost_acts']}",
        f"generator CPU {figures['cpu_s']:.2f} s"
        + (f" ({share * 100:.0f}% of one core)" if share is not None else "")
        + (f", {per_move:.0f} µs per move" if per_move is not None else "")
        + f", of which checking games {figures['verify_s']:.2f} s;"
        f" {figures['event_loop']}, {figures['json_library']}",
    ]
    print("\n".join(lines))
    if figures["failures"]:
        print(f"FAILED: {figures['failed_games']} games", file=sys.stderr)
        for failure in figures["failures"]:
            print(f"  {failure}", file=sys.stderr)
        if figures["failed_games"] > len(figures["failures"]):
            print(f"  ... and {figures['failed_games'] - len(figures['failures'])} more", file=sys.stderr)
    elif figures["refused"]:
        print(f"FAILED: {figures['refused']} requests refused", file=sys.stderr)


def parse_args(argv: Optional[List[str]]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Load generator for fichas-server.")
    parser.add_argument("--url", action="append", required=True, help="a server, ws://HOST:PORT (repeatable)")
    parser.add_argument("--games", type=int, default=200, help="games played at once (default 200)")
    # "parchis" is 4-seat individual Parchís; "parchis:4" names the same variant.
    parser.add_argument("--variant", default="parchis", help="the table's variant (default parchis)")
    parser.add_argument("--seconds", type=float, default=120.0, help="hard bound on the whole run (default 120)")
    parser.add_argument("--dice", default="verifiable", choices=("verifiable", "system"))
    parser.add_argument("--turn-limit-ms", type=int, default=None, help="the tables' turn limit (default none)")
    parser.add_argument("--spread", action="store_true", help="each new client takes the next --url in turn")
    parser.add_argument(
        "--compression",
        default="deflate",
        choices=("deflate", "none"),
        help="offer permessage-deflate as browsers do (default), or not",
    )
    parser.add_argument("--think-ms", type=float, default=0.0,
                        help="each seat waits this long before each move, as a player looks at the board (default 0)")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    args = parser.parse_args(argv)
    if args.games < 1 or args.seconds <= 0:
        parser.error("--games and --seconds must be positive")
    if args.turn_limit_ms is not None and args.turn_limit_ms <= 0:
        parser.error("--turn-limit-ms must be positive")
    return args


def main(argv: Optional[List[str]] = None) -> int:
    args = parse_args(argv)
    if uvloop is not None and hasattr(uvloop, "run"):
        figures = uvloop.run(run_load(args))
    else:
        if uvloop is not None:  # uvloop before 0.18 has no run()
            asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
        figures = asyncio.run(run_load(args))
    if args.json:
        print(json.dumps(figures))
        if figures["failures"]:
            print("\n".join(figures["failures"]), file=sys.stderr)
    else:
        print_report(figures)
    return 0 if figures["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
