"""fichas-server under a crowd and under attack, each test bounded in time:

- 200 concurrent 4-seat Parchís games from the load generator (load.py, its own process), on
  SQLite and on PostgreSQL: at least 2,000 accepted moves a second with p99 latency under
  100 ms, every game finished and verified (the best of up to three runs, each printed: the
  machine may be shared); and no collapse as games are added (200 games at least 0.8x the
  throughput of 20);
- memory per idle open table, with 5,000 of them;
- two processes on one PostgreSQL: one is killed (kill -9) mid-game and the other takes its
  tables over within 5 s, no step lost, no seat told of a step that was not stored;
- limits: 10,000 creates from one connection leave at most the configured tables; a table
  nobody joins expires; malformed messages of every kind get BadRequest and no panic; a
  connection that reads nothing is dropped once 1 MiB waits for it;
- spectators (`watch`), the lobby (`list`), host dice (`supply`), and a torn last row.

    pytest -s server/tests/protocol/test_scale.py     # -s prints the figures

PostgreSQL comes from Debian's packages (pgserver.py starts a throwaway cluster on loopback);
its tests skip without it, unless FICHAS_REQUIRE_POSTGRES is set: then they fail.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Awaitable, Callable, Dict, Iterator, List, Optional, Tuple

import pytest

pytest.importorskip("websockets")
pytest.importorskip("orjson")

import fichas  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import pgserver  # noqa: E402
from client import Client, Player, Refused, play_all  # noqa: E402
from test_server import ServerProcess, run  # noqa: E402

LOAD = HERE / "load.py"
#: The tests' load: 200 games, each seat looking at the board 30 ms before it moves.
GAMES, THINK_MS = 200, 30
#: Every load run ends within this bound (a run that does not finish fails).
LOAD_S = 150
#: Runs of the crowd, at most, for one to meet the targets (see `crowd`).
CROWD_RUNS = 3
#: Options that let the load generator create its tables (one connection per game).
OPEN = ("--creates-per-minute", "100000", "--open-tables-per-connection", "100000")
REQUIRE_POSTGRES = bool(os.environ.get("FICHAS_REQUIRE_POSTGRES"))


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    if pgserver.find_bindir() is None or not has_asyncpg():
        if REQUIRE_POSTGRES:
            pytest.fail("PostgreSQL (apt-get install postgresql) and asyncpg (pip install asyncpg) are required")
        pytest.skip("PostgreSQL or asyncpg is not installed")
    with pgserver.running_postgres() as dsn:
        yield dsn


def has_asyncpg() -> bool:
    try:
        import asyncpg  # noqa: F401
    except ImportError:
        return False
    return True


def load(urls: List[str], games: int, think_ms: float) -> Dict[str, Any]:
    """One run of the load generator in its own process; its figures."""
    command = [sys.executable, str(LOAD), "--games", str(games), "--seconds", str(LOAD_S - 10)]
    command += ["--think-ms", str(think_ms), "--json"]
    for url in urls:
        command += ["--url", url]
    done = subprocess.run(command, capture_output=True, text=True, timeout=LOAD_S)
    figures: Dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    print(f"\n{games} games, think {think_ms} ms: {figures['moves_per_s']:.0f} moves/s,"
          f" p50 {figures['latency_ms']['p50']:.1f} ms, p99 {figures['latency_ms']['p99']:.1f} ms,"
          f" finished {figures['finished']}, verified {figures['verified']}, generator CPU {figures['cpu_s']:.1f} s")
    assert done.returncode == 0, done.stderr[-2000:]
    assert figures["finished"] == figures["verified"] == games
    assert not figures["refusals"], figures["refusals"]
    return figures


def meets_targets(figures: Dict[str, Any]) -> bool:
    return figures["moves_per_s"] >= 2000 and figures["latency_ms"]["p99"] < 100


def crowd(urls: List[str]) -> int:
    """The crowd of GAMES games against the targets: at least 2,000 moves a second and a p99
    under 100 ms. The machine may be shared (a virtual machine's neighbours take its cores at
    times), so a run that misses is followed by another, up to CROWD_RUNS, every run printed;
    the check fails if none meets the targets. Every run must finish and verify every game. The
    number of runs it took."""
    runs = []
    for _ in range(CROWD_RUNS):
        runs.append(load(urls, GAMES, THINK_MS))
        if meets_targets(runs[-1]):
            return len(runs)
    summary = [(r["moves_per_s"], r["latency_ms"]["p99"]) for r in runs]
    pytest.fail(f"no run of {CROWD_RUNS} made 2,000 moves/s with a p99 under 100 ms: (moves/s, p99 ms) {summary}")


def no_panic(server: ServerProcess) -> None:
    """Nothing the clients sent made the server panic: every input got a typed refusal."""
    text = server.log.read_text()
    assert "panicked" not in text, text[-3000:]


# -- a crowd ----------------------------------------------------------------------------------


def test_200_games_on_sqlite(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "games.sqlite3", tmp_path / "server.log", *OPEN)
    try:
        runs = crowd([server.url])
        # No collapse as games are added: the same generator without think time, 20 then 200.
        few = load([server.url], 20, 0)
        many = load([server.url], GAMES, 0)
        print(f"200 games / 20 games: {many['moves_per_s'] / few['moves_per_s']:.2f}")
        assert many["moves_per_s"] >= 0.8 * few["moves_per_s"]
    finally:
        server.stop()
    no_panic(server)
    with sqlite3.connect(tmp_path / "games.sqlite3") as db:
        assert db.execute("SELECT count(*) FROM tables WHERE over = 1").fetchone()[0] == (runs + 1) * GAMES + 20


def test_200_games_on_postgresql(tmp_path: Path, postgres: str) -> None:
    server = ServerProcess(postgres, tmp_path / "server.log", *OPEN)
    try:
        crowd([server.url])
    finally:
        server.stop()
    no_panic(server)


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def test_an_idle_open_table_costs_at_most_64_kib(tmp_path: Path) -> None:
    tables = 5000
    server = ServerProcess(
        tmp_path / "games.sqlite3", tmp_path / "server.log", *OPEN, "--open-tables", "100000",
        "--messages-per-second", "100000", "--burst", "100000",
    )

    async def create(count: int) -> None:
        client = await Client.connect(server.url)
        for start in range(0, count, 500):
            for _ in range(min(500, count - start)):
                await client.send({"type": "create", "variant": "parchis", "id": "c"})
            for _ in range(min(500, count - start)):
                reply = await client.recv()
                assert reply["type"] == "created", reply
        await client.close()

    try:
        run(create(200))  # the first tables warm the process up (imports, caches, pools)
        before = rss_kib(server.proc.pid)
        run(create(tables))
        after = rss_kib(server.proc.pid)
    finally:
        server.stop()
    per_table = (after - before) * 1024 / tables
    print(f"\nmemory per idle open table: {per_table / 1024:.1f} KiB ({tables} tables, RSS {before} -> {after} KiB)")
    assert per_table <= 64 * 1024


# -- two processes, one killed ----------------------------------------------------------------


def test_a_killed_process_s_tables_are_taken_over_within_5_s(tmp_path: Path, postgres: str) -> None:
    first = ServerProcess(postgres, tmp_path / "first.log", *OPEN)
    second = ServerProcess(postgres, tmp_path / "second.log", *OPEN)
    games = 10
    stamps: Dict[str, List[float]] = {"killed": []}
    # For every game, the time of the first update a seat got after the kill.
    resumed: Dict[str, float] = {}

    def after_kill(player: Player) -> Callable[[Dict[str, Any]], Awaitable[None]]:
        async def hook(update: Dict[str, Any]) -> None:
            # Only an update on a connection opened after the kill: one from the second process.
            if stamps["killed"] and player.connections >= 2 and update["table"] not in resumed:
                resumed[update["table"]] = time.monotonic()

        return hook

    async def scenario() -> List[Player]:
        host = await Client.connect(first.url)
        players: List[Player] = []
        for _ in range(games):
            created = await host.create("parchis:pairs", dice="verifiable")
            for seat in range(created["seats"]):
                token = await host.join(created["table"], seat, seed=f"s{seat}")
                player = Player(created["table"], seat, token, commitment=created["commitment"], seed=f"s{seat}")
                player.on_update = after_kill(player)
                players.append(player)
        await host.close()

        async def play(player: Player) -> None:
            # The first process until it dies, then the second, as a phone given both addresses.
            if not await player.play(first.url):
                for _ in range(50):
                    if await player.play(second.url):
                        return
                    await asyncio.sleep(0.1)

        async def kill() -> None:
            await asyncio.sleep(1.0)
            first.kill()
            stamps["killed"].append(time.monotonic())

        await asyncio.gather(kill(), *(play(p) for p in players))
        return players

    try:
        players = run(scenario(), timeout=120)
    finally:
        first.stop()
        second.stop()
    assert stamps["killed"], "the first process was killed"
    finished = [p for p in players if p.final is not None]
    assert len(finished) == len(players), "every seat saw its game end"
    assert all(p.verified for p in players), "every seat checked its record, dice and every head it was sent"
    taken = {table: at - stamps["killed"][0] for table, at in resumed.items()}
    print(f"\ntakeover: every game moved again within {max(taken.values()):.2f} s of the kill")
    assert len(taken) == games and max(taken.values()) <= 5.0
    # What a seat saw was stored: the final record holds every head it was sent (Player.verify).
    no_panic(second)


# -- limits and probes ------------------------------------------------------------------------


def test_ten_thousand_creates_leave_at_most_the_configured_tables(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "games.sqlite3", tmp_path / "server.log", "--open-tables-per-connection", "3",
                           "--messages-per-second", "100000", "--burst", "100000")

    async def flood() -> Dict[str, int]:
        client = await Client.connect(server.url)
        counts: Dict[str, int] = {}
        # In rounds that read their replies: a connection that reads nothing while the server
        # answers is dropped once a thousand replies wait for it.
        for _ in range(20):
            for _ in range(500):
                await client.send({"type": "create", "variant": "parchis"})
            for _ in range(500):
                reply = await client.recv()
                key = reply["type"] if reply["type"] != "refused" else reply["error"]
                counts[key] = counts.get(key, 0) + 1
        await client.close()
        return counts

    try:
        counts = run(flood(), timeout=60)
    finally:
        server.stop()
    print(f"\n10,000 creates: {counts}")
    assert counts["created"] == 3 and counts["TooManyTables"] == 10_000 - 3
    with sqlite3.connect(tmp_path / "games.sqlite3") as db:
        assert db.execute("SELECT count(*) FROM tables").fetchone()[0] == 3
    no_panic(server)


def test_creates_past_the_rate_are_refused(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "games.sqlite3", tmp_path / "server.log", "--creates-per-minute", "4")

    async def creates() -> List[str]:
        client = await Client.connect(server.url)
        out = []
        for _ in range(6):
            try:
                out.append((await client.create("poleana:2"))["type"])
            except Refused as e:
                out.append(e.error)
        await client.close()
        return out

    try:
        assert run(creates()) == ["created"] * 4 + ["RateLimited"] * 2
    finally:
        server.stop()


def test_a_table_nobody_joins_expires_and_is_not_resumed(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    server = ServerProcess(db, tmp_path / "server.log", "--unjoined-ttl-s", "0.5")

    async def scenario() -> Dict[str, Any]:
        client = await Client.connect(server.url)
        created = await client.create("poleana:2")
        token = await client.join(created["table"], 0)
        await client.hello(created["table"], token)
        closed = await asyncio.wait_for(client.recv(), 5)
        await client.close()
        # Closed for good: a seat that comes late finds no table.
        late = await Client.connect(server.url)
        with pytest.raises(Refused) as refused:
            await late.join(created["table"], 1)
        assert refused.value.error == "NoSuchTable"
        await late.close()
        return dict(closed, table_id=created["table"])

    try:
        closed = run(scenario())
    finally:
        server.stop()
    assert closed["type"] == "closed" and "expired" in closed["reason"], closed
    with sqlite3.connect(db) as connection:
        assert connection.execute("SELECT over FROM tables").fetchone()[0] == 2
    again = ServerProcess(db, tmp_path / "again.log")
    again.stop()
    assert "resumed 0 open tables" in again.log.read_text()


#: Malformed messages of every kind, each as a client could send it.
PROBES: List[Any] = [
    "not json",
    "",
    "[1, 2, 3]",
    "42",
    "null",
    '"text"',
    "[" * 3000 + "]" * 3000,  # deeper than any parser should follow, within the frame limit
    '{"type": "act", "table": "aaaaaaaaaaaa", "token": "t", "step": ' + "9" * 5000 + ', "action": "roll"}',
    '{"type": "act", "table": "aaaaaaaaaaaa", "token": "t", "step": ' + "[" * 2000 + "]" * 2000 + "}",
    '{"type": {"nested": [[[[[]]]]]}}',
    '{"type": "create", "variant": 7}',
    '{"type": "create", "variant": "parchis", "turn_limit_ms": 1e308}',
    '{"type": "create", "variant": "parchis", "turn_limit_ms": -5}',
    '{"type": "create", "variant": "parchis", "dice": ["verifiable"]}',
    '{"type": "create", "variant": "' + "x" * 5000 + '"}',
    '{"type": "join", "table": "aaaaaaaaaaaa", "seat": 1.5}',
    '{"type": "join", "table": "aaaaaaaaaaaa", "seat": true}',
    '{"type": "hello", "table": 5, "token": null}',
    '{"type": "act", "table": "aaaaaaaaaaaa", "token": "t", "step": NaN, "action": "roll"}',
    '{"type": "watch", "table": "aaaaaaaaaaaa", "since": -1}',
    '{"type": "nonsense"}',
    '{"type": "act" "table": 1}',
    '{"type": "act", "table": "\\ud800"}',
    '{"type": "list", "id": ' + "[" * 300 + "]" * 300 + "}",  # nested past what a reply can echo
    '{"type": "create", "variant": "parchis", "id": {"a": 1}}',
    '{"type": "create", "variant": "parchis", "id": "' + "i" * 200 + '"}',
    '{"type": ' + "[" * 500 + "]" * 500 + "}",
    '{"type": "watch", "table": "000000000000"}',
    '{"type": "create", "variant": "parchis", "turn_limit_ms": 1}',
]


@pytest.mark.parametrize("store", ["sqlite", "postgresql"])
def test_every_malformed_message_gets_bad_request_and_no_panic(
    tmp_path: Path, store: str, request: pytest.FixtureRequest
) -> None:
    db = tmp_path / "games.sqlite3" if store == "sqlite" else request.getfixturevalue("postgres")
    server = ServerProcess(db, tmp_path / "server.log")

    async def probe() -> List[Dict[str, Any]]:
        client = await Client.connect(server.url)
        replies = []
        for text in PROBES:
            await client.ws.send(text)
            replies.append(await asyncio.wait_for(client.recv(), 5))
        await client.ws.send(b"\x00\x01binary")
        replies.append(await asyncio.wait_for(client.recv(), 5))
        await client.close()
        return replies

    try:
        replies = run(probe())
    finally:
        server.stop()
    errors = [r.get("error") for r in replies]
    # A table id that names no table is NoSuchTable, a token that holds no seat BadToken: the
    # rest of the probes are malformed and get BadRequest.
    allowed = {"BadRequest", "NoSuchTable", "BadToken"}
    assert set(errors) <= allowed, list(zip(PROBES + ["binary"], errors))
    # A probe that names a table may be refused for the table (or the token) before its other
    # fields are read; every other probe is malformed.
    named = [text for text in PROBES if '"table"' in text]
    assert errors.count("BadRequest") >= len(PROBES) + 1 - len(named), errors
    no_panic(server)


def test_a_frame_past_the_limit_closes_the_connection(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "games.sqlite3", tmp_path / "server.log", "--max-message-bytes", "1024")

    async def big() -> Optional[int]:
        client = await Client.connect(server.url)
        await client.ws.send('{"type": "list", "pad": "' + "x" * 2000 + '"}')
        await client.ws.wait_closed()
        return client.ws.close_code

    try:
        assert run(big()) == 1009
    finally:
        server.stop()


def test_a_connection_that_reads_nothing_is_dropped_once_a_mebibyte_waits_for_it(tmp_path: Path) -> None:
    server = ServerProcess(
        tmp_path / "games.sqlite3", tmp_path / "server.log", "--creates-per-minute", "1000",
        "--open-tables-per-connection", "1000", "--messages-per-second", "100000", "--burst", "100000",
    )
    asked = 2000
    dropped = "dropping a connection that is over 1048576 bytes behind"

    async def scenario() -> Tuple[int, Optional[int]]:
        host = await Client.connect(server.url)
        for _ in range(100):  # a full lobby: each `tables` reply is some 8 KB
            await host.create("parchis")
        # Asks for 16 MB of replies and reads none until it has asked for all: once the socket's
        # buffers are full, what the server writes waits in its own buffer.
        slow = await Client.connect(server.url)
        for _ in range(asked):
            await slow.send({"type": "list"})
        for _ in range(200):  # reading nothing until the server has given up on it
            if dropped in server.log.read_text():
                break
            await asyncio.sleep(0.1)
        replies = 0
        with contextlib.suppress(ConnectionClosed):
            while True:
                await asyncio.wait_for(slow.ws.recv(), 30)
                replies += 1
        # The others are served as before.
        assert (await host.request({"type": "list"}))["type"] == "tables"
        await host.close()
        return replies, slow.ws.close_code

    try:
        replies, code = run(scenario(), timeout=90)
    finally:
        server.stop()
    assert dropped in server.log.read_text()
    assert replies < asked and code == 1013, (replies, code)
    no_panic(server)


# -- spectators, the lobby, host dice, a torn row ---------------------------------------------


def test_a_spectator_sees_the_public_stream_and_the_lobby_lists_open_tables(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "games.sqlite3", tmp_path / "server.log")

    async def scenario() -> None:
        host = await Client.connect(server.url)
        cartas = await host.create("cartas")
        waiting = await host.create("parchis")
        await host.join(waiting["table"], 1)
        lobby = await host.request({"type": "list"})
        listed = {t["table"]: t for t in lobby["tables"]}
        assert listed[waiting["table"]]["joined"] == 1 and listed[waiting["table"]]["seats"] == 4
        assert listed[cartas["table"]]["variant"] == "cartas"
        hosted = await host.create("poleana:2", dice="host")
        lobby = await host.request({"type": "list"})
        assert {t["table"]: t["joined"] for t in lobby["tables"]}[hosted["table"]] == 0, "the host is not a seat"
        watcher = await Client.connect(server.url)
        first = await watcher.request({"type": "watch", "table": cartas["table"], "since": 0})
        assert first["type"] == "update" and first["seat"] is None and first["legal"] == []
        players = [
            Player(cartas["table"], seat, await host.join(cartas["table"], seat), commitment=cartas["commitment"])
            for seat in range(4)
        ]
        lobby = await host.request({"type": "list"})
        assert cartas["table"] not in {t["table"] for t in lobby["tables"]}, "a full table leaves the lobby"
        await host.close()
        watched: List[Dict[str, Any]] = []

        async def watch() -> None:
            while True:
                update = await watcher.recv()
                watched.append(update)
                if update.get("over"):
                    return

        await asyncio.gather(watch(), play_all(players, server.url))
        await watcher.close()
        assert watched[-1]["over"] and watched[-1]["step"] == players[0].final["step"]  # type: ignore[index]
        public = fichas.Record.from_json(watched[-1]["record"])
        dealt = [e for u in watched for e in u["events"] if e["event"] == "dealt"]
        assert dealt and all(e["card"] is None for e in dealt), "a spectator never sees a dealt card"
        for update in watched:  # the board and the public piles, no card of any hand
            assert isinstance(update["view"], dict) and "hand" not in update["view"], update["view"]
            assert all(theft["card"] is None for theft in update["view"]["thefts"])
        assert watched[-1]["view"]["stage"] == players[0].final["view"]["stage"]  # type: ignore[index]
        assert public.head == watched[-1]["head"]

    try:
        run(scenario())
    finally:
        server.stop()
    no_panic(server)


def test_host_dice_are_supplied_over_the_protocol(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "games.sqlite3", tmp_path / "server.log")

    async def scenario() -> None:
        client = await Client.connect(server.url)
        created = await client.create("poleana:2", dice="host")
        host_token = created["host_token"]
        tokens = [await client.join(created["table"], seat) for seat in range(2)]
        host = await Client.connect(server.url)
        first = await host.hello(created["table"], host_token)
        assert first["host"] is True and first["chance_due"] is False
        seat0 = await Client.connect(server.url)
        update = await seat0.hello(created["table"], tokens[0])
        with pytest.raises(Refused) as refused:
            await client.request({"type": "supply", "table": created["table"], "token": tokens[0], "outcome": "6-6"})
        assert refused.value.error == "BadToken"
        await seat0.act(created["table"], tokens[0], update["step"], "roll")
        due = await asyncio.wait_for(host.recv(), 5)
        assert due["chance_due"] is True and ["5-3", 2] in due["outcomes"]
        await host.send({"type": "supply", "table": created["table"], "token": host_token, "outcome": "5-3"})
        # The seat hears of its ask (no step yet: nothing was rolled), then of the roll.
        asked = await asyncio.wait_for(seat0.recv(), 5)
        assert asked["step"] == update["step"] and asked["rolls"] == [] and asked["to_act"] is None
        rolled = await asyncio.wait_for(seat0.recv(), 5)
        assert rolled["step"] == update["step"] + 1 and rolled["rolls"][-1]["roll"] == "5-3"
        for c in (client, host, seat0):
            await c.close()

    try:
        run(scenario())
    finally:
        server.stop()
    no_panic(server)


def test_a_torn_last_row_is_dropped_and_the_table_resumes_before_it(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    server = ServerProcess(db, tmp_path / "server.log")

    async def start() -> List[Player]:
        client = await Client.connect(server.url)
        created = await client.create("poleana:2")
        players = [Player(created["table"], s, await client.join(created["table"], s)) for s in range(2)]
        await client.close()
        # Three moves at least, whoever's turn it is (a seat may move twice running), each seat on
        # a connection of its own that then leaves: the torn row is then never the table's first.
        moves = 0
        while moves < 3:
            for player in players:
                c = await Client.connect(server.url)
                update = await c.hello(player.table, player.token)
                if update["legal"]:
                    await c.act(player.table, player.token, update["step"], update["legal"][0])
                    await asyncio.wait_for(c.recv(), 5)
                    moves += 1
                await c.close()
        return players

    try:
        run(start())
    finally:
        server.stop()
    with sqlite3.connect(db) as connection:
        (last, step), = connection.execute("SELECT idx, step FROM steps ORDER BY idx DESC LIMIT 1").fetchall()
        connection.execute("UPDATE steps SET step = ? WHERE idx = ?", (step[: len(step) // 2], last))
    again = ServerProcess(db, tmp_path / "again.log")
    again.stop()
    text = again.log.read_text()
    assert f"dropping its last step {last}" in text and "resumed 1 open tables" in text, text
    with sqlite3.connect(db) as connection:
        assert connection.execute("SELECT max(idx) FROM steps").fetchone()[0] == last - 1
