"""A small asyncio client of fichas-server (docs/server.md gives the protocol), and a
deterministic player that plays a seat to the end and checks the dice once the game is over.

    client = await Client.connect("ws://127.0.0.1:8765")
    created = await client.create("cartas")
    token = await client.join(created["table"], seat=0, player="ana", seed="my own words")
    update = await client.hello(created["table"], token)
"""

from __future__ import annotations

import asyncio
import collections
import hashlib
import itertools
import json
from dataclasses import dataclass, field
from typing import Any, Awaitable, Callable, Deque, Dict, List, Optional

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

import fichas

#: The final update carries the whole record: allow large messages from the server.
MAX_MESSAGE_BYTES = 64 * 1024 * 1024


class Refused(Exception):
    """The server refused a request; `reply` is its `refused` message."""

    def __init__(self, reply: Dict[str, Any]) -> None:
        super().__init__(f"{reply.get('error')}: {reply.get('message')}")
        self.reply = reply
        self.error: str = reply.get("error", "")


class Client:
    """One connection. Replies are matched to requests by their "id"; any other message waits in
    order for `recv`. Every message received is kept in `received`."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.received: List[Dict[str, Any]] = []
        #: The last `joined` reply: the seat, its token, and the dice commitment it joined under.
        self.joined: Dict[str, Any] = {}
        self._waiting: Deque[Dict[str, Any]] = collections.deque()
        self._ids = itertools.count(1)

    @classmethod
    async def connect(cls, url: str) -> Client:
        return cls(await connect(url, max_size=MAX_MESSAGE_BYTES))

    async def close(self) -> None:
        await self.ws.close()

    async def send(self, message: Dict[str, Any]) -> None:
        await self.ws.send(json.dumps(message))

    async def _read(self) -> Dict[str, Any]:
        message: Dict[str, Any] = json.loads(await self.ws.recv())
        self.received.append(message)
        return message

    async def recv(self) -> Dict[str, Any]:
        """The next message that was not a reply to a request."""
        if self._waiting:
            return self._waiting.popleft()
        return await self._read()

    async def request(self, message: Dict[str, Any]) -> Dict[str, Any]:
        """Sends `message` with a fresh id and returns its reply; raises `Refused` on a refusal."""
        request_id = next(self._ids)
        await self.send(dict(message, id=request_id))
        while True:
            reply = await self._read()
            if reply.get("id") == request_id:
                if reply.get("type") == "refused":
                    raise Refused(reply)
                return reply
            self._waiting.append(reply)

    async def create(
        self, variant: str, dice: str = "verifiable", turn_limit_ms: Optional[int] = None
    ) -> Dict[str, Any]:
        """A new table; without `turn_limit_ms` the server's default limit applies."""
        message: Dict[str, Any] = {"type": "create", "variant": variant, "dice": dice}
        if turn_limit_ms is not None:
            message["turn_limit_ms"] = turn_limit_ms
        return await self.request(message)

    async def join(self, table: str, seat: int, player: Optional[str] = None, seed: Optional[str] = None) -> str:
        reply = await self.request({"type": "join", "table": table, "seat": seat, "player": player, "seed": seed})
        self.joined = reply
        token: str = reply["token"]
        return token

    async def hello(self, table: str, token: str, since: int = 0) -> Dict[str, Any]:
        """Attaches this connection to the token's seat; the seat's update from step `since` on."""
        return await self.request({"type": "hello", "table": table, "token": token, "since": since})

    async def act(self, table: str, token: str, step: int, action: str) -> None:
        """Sends a move; a refusal comes back later as a `refused` message through `recv`."""
        await self.send({"type": "act", "table": table, "token": token, "step": step, "action": action})


def choose(update: Dict[str, Any]) -> str:
    """A deterministic choice among the legal moves, from the step and the seat alone."""
    legal: List[str] = update["legal"]
    step: int = update["step"]
    seat: int = update["seat"]
    return legal[(step * 7 + seat) % len(legal)]


@dataclass
class Player:
    """Plays one seat: acts on every update that gives it moves, until the game is over or the
    connection closes. `skip_turns` turns are left unanswered first, for the server to time out."""

    table: str
    seat: int
    token: str
    #: The commitment published at the creation, before the start: the revealed secret must match it.
    commitment: Optional[str] = None
    #: The seed this seat gave when it joined: the record must carry it.
    seed: Optional[str] = None
    skip_turns: int = 0
    #: Called with every update before the player acts on it (a test hooks in here).
    on_update: Optional[Callable[[Dict[str, Any]], Awaitable[None]]] = None
    #: The step of the last update received: a reconnection says hello from there.
    last_step: int = 0
    #: Every message received, over every connection, in order.
    received: List[Dict[str, Any]] = field(default_factory=list)
    updates: List[Dict[str, Any]] = field(default_factory=list)
    refusals: List[Dict[str, Any]] = field(default_factory=list)
    connections: int = 0
    skipped: int = 0
    final: Optional[Dict[str, Any]] = None
    verified: bool = False

    async def play(self, url: str) -> bool:
        """Connects, says hello from the last step seen and plays; True once the game is over,
        False if the connection closed first (call again to reconnect)."""
        client = await Client.connect(url)
        self.connections += 1
        try:
            try:
                message = await client.hello(self.table, self.token, since=self.last_step)
            except Refused as refused:
                # The table is between processes (one died, another is taking it over): the
                # caller tries again.
                self.refusals.append(refused.reply)
                return False
            if message["type"] == "moved":
                return False  # served elsewhere now: the caller connects to message["url"]
            while True:
                if message["type"] == "refused":
                    self.refusals.append(message)
                elif message["type"] == "update":
                    if await self.on(message, client):
                        return True
                message = await client.recv()
        except ConnectionClosed:
            return False
        finally:
            self.received.extend(client.received)
            await client.close()

    async def on(self, update: Dict[str, Any], client: Client) -> bool:
        self.updates.append(update)
        self.last_step = update["step"]
        if self.on_update is not None:
            await self.on_update(update)
        if update["over"]:
            self.final = update
            self.verify(update)
            return True
        if update["to_act"] == self.seat and update["legal"]:
            if self.skipped < self.skip_turns:
                self.skipped += 1
            else:
                await client.act(self.table, self.token, update["step"], choose(update))
        return False

    def verify(self, final: Dict[str, Any]) -> None:
        """Checks the finished game as a seat can: the secret against the commitment published
        before the start, every chance outcome against the secret, and the hash chain against
        the head the server announced."""
        record: str = final["record"]
        parsed = fichas.Record.from_json(record)
        meta = parsed.table
        assert meta is not None, "a table's record carries the host's metadata"
        if meta["dice"] == "verifiable":
            secret: Optional[str] = final.get("secret")
            if secret is None:
                raise fichas.DiceError("the server revealed no secret for verifiable dice")
            if self.commitment is None or hashlib.sha256(bytes.fromhex(secret)).hexdigest() != self.commitment:
                raise fichas.DiceError("the revealed secret does not match the commitment published before the start")
            if meta["commitment"] != self.commitment:
                raise fichas.DiceError("the record names another commitment than the one published")
            if meta["seeds"][self.seat] != (self.seed or ""):
                raise fichas.DiceError("the record does not carry the seed this seat gave")
            fichas.verify_dice(record, secret)
        # Every head this seat was sent during the game is a link of the final chain: the record
        # is the game it watched, not one rewritten since.
        links = parsed.links
        for update in self.updates:
            step, head = update["step"], update["head"]
            if step > 0 and step <= len(links) and links[step - 1] != head:
                raise fichas.RecordError(f"the head sent at step {step} is not the record's link there")
        parsed.verify(final["head"])
        self.verified = True


async def play_table(
    url: str,
    variant: str,
    *,
    dice: str = "verifiable",
    turn_limit_ms: Optional[int] = None,
    skip_turns: Optional[Dict[int, int]] = None,
) -> List[Player]:
    """Creates a table, seats one player per seat and plays it to the end."""
    client = await Client.connect(url)
    try:
        created = await client.create(variant, dice=dice, turn_limit_ms=turn_limit_ms)
        players = [
            Player(
                created["table"],
                seat,
                await client.join(created["table"], seat, player=f"player {seat}", seed=f"seed of seat {seat}"),
                commitment=client.joined["commitment"],
                seed=f"seed of seat {seat}",
                skip_turns=(skip_turns or {}).get(seat, 0),
            )
            for seat in range(created["seats"])
        ]
        # Each seat learned the commitment when it joined, before the start: the one published.
        assert all(p.commitment == created["commitment"] for p in players)
    finally:
        await client.close()
    await play_all(players, url)
    return players


async def play_all(players: List[Player], url: str) -> List[bool]:
    """Plays every seat at once; for each, whether it saw the end (else its connection closed)."""
    return list(await asyncio.gather(*(p.play(url) for p in players)))
