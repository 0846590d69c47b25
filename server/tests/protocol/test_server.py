"""fichas-server end to end, as a black box: it runs as its own process, and real WebSocket
clients on 127.0.0.1 play whole games through it.

    cargo build --release -p fichas-server
    pytest -s server/tests/protocol/test_server.py     # -s shows each game's figures

FICHAS_SERVER names the binary (default: target/release/fichas-server of this checkout).
"""

from __future__ import annotations

import asyncio
import json
import queue
import re
import sqlite3
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import IO, Any, Callable, Coroutine, Dict, Iterator, List, TypeVar, Union

import pytest

pytest.importorskip("websockets")

import fichas  # noqa: E402

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from client import Client, Player, Refused, play_all, play_table  # noqa: E402

#: The server under test.
SERVER = Path(os.environ.get("FICHAS_SERVER") or HERE.parents[2] / "target" / "release" / "fichas-server")
#: Generous bounds, so that a broken server fails a test instead of hanging it.
STARTUP_S = 30.0
GAME_S = 120.0
REPLY_S = 5.0

T = TypeVar("T")


def run(coroutine: Coroutine[Any, Any, T], timeout: float = GAME_S) -> T:
    return asyncio.run(asyncio.wait_for(coroutine, timeout))


class ServerProcess:
    """fichas-server in a subprocess on a free port of 127.0.0.1, serving no page; its log goes to
    a file."""

    def __init__(self, db: Union[Path, str], log: Path, *options: str) -> None:
        self.log = log
        self._log_file = log.open("a")
        if not SERVER.is_file():
            raise AssertionError(f"{SERVER} is missing: cargo build --release -p fichas-server, or set FICHAS_SERVER")
        self.proc = subprocess.Popen(
            [str(SERVER), "--web", "none", "--db", str(db), "--port", "0", *options],
            stdout=subprocess.PIPE,
            stderr=self._log_file,
            text=True,
        )
        assert self.proc.stdout is not None
        line = first_line(self.proc.stdout, STARTUP_S)
        found = re.fullmatch(r"listening on (\S+):(\d+)", line.strip())
        if found is None:
            self.stop()
            raise AssertionError(f"the server did not start: {line!r}\n{self.log.read_text()}")
        self.url = f"ws://127.0.0.1:{found.group(2)}"

    def kill(self) -> None:
        """As a crash would: no chance to clean up."""
        self.proc.kill()
        self.proc.wait()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
        self._log_file.close()


def first_line(stream: IO[str], timeout: float) -> str:
    """The stream's first line, or "" after `timeout` seconds (readline alone cannot time out)."""
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: lines.put(stream.readline()), daemon=True).start()
    try:
        return lines.get(timeout=timeout)
    except queue.Empty:
        return ""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path / "games.sqlite3", tmp_path / "server.log")
    yield process
    process.stop()


@pytest.fixture(scope="module")
def cartas_game(tmp_path_factory: pytest.TempPathFactory) -> List[Player]:
    """One whole game of Cartas with verifiable dice, four clients, one per seat."""
    path = tmp_path_factory.mktemp("cartas")
    process = ServerProcess(path / "games.sqlite3", path / "server.log")
    try:
        return run(play_table(process.url, "cartas", dice="verifiable"))
    finally:
        process.stop()


# Which seats may see the card of an event (docs/rules/tables.md §3.2): everyone else gets null.
CARD_SEEN_BY: Dict[str, Callable[[Dict[str, Any], int], bool]] = {
    "dealt": lambda e, seat: e["to"] == seat,
    "chose": lambda e, seat: e["seat"] == seat,
    "received": lambda e, seat: seat in (e["seat"], e["from"]),
    "stole": lambda e, seat: seat in (e["thief"], e["victim"]),
}


def check_messages(player: Player, views_name_their_seat: bool) -> int:
    """Checks everything a seat received against what that seat may see; the number of hidden
    cards it was sent."""
    hidden = 0
    last = 0
    for message in player.received:
        assert message["type"] in ("update", "refused"), message
        if message["type"] != "update":
            continue
        seat = player.seat
        assert message["seat"] == seat
        if views_name_their_seat:
            assert message["view"]["seat"] == seat, "another seat's view (and hand) was sent"
        assert message["legal"] == [] or message["to_act"] == seat
        # The secret and the whole record (every hand) only once the game is over.
        assert ("secret" in message) == ("record" in message) == message["over"]
        for event in message["events"]:
            # Each event once: from the connection's last update (or hello's since) on.
            assert last <= event["step"] < message["step"], (last, event, message["step"])
            seen_by = CARD_SEEN_BY.get(event["event"])
            if seen_by is None:
                continue
            if seen_by(event, seat):
                assert event["card"] is not None, event
            else:
                assert event["card"] is None, f"seat {seat} was sent a card it may not see: {event}"
                hidden += 1
        last = message["step"]
    return hidden


def delivered_events(player: Player) -> List[Dict[str, Any]]:
    return [event for update in player.updates for event in update["events"]]


def check_finished(players: List[Player]) -> Dict[str, Any]:
    """Every seat got the same end, verified it, and got each of its events exactly once."""
    final = players[0].final
    assert final is not None
    for player in players:
        assert player.final is not None and player.verified
        assert (player.final["record"], player.final["winners"]) == (final["record"], final["winners"])
    assert final["winners"]
    table = fichas.Table.resume(final["record"], secret=final["secret"])
    assert table.is_over and table.step == final["step"]
    for player in players:
        assert delivered_events(player) == table.events_for(player.seat)
    return final


def summary(name: str, players: List[Player], final: Dict[str, Any], restart: bool) -> str:
    messages = sum(len(p.received) for p in players)
    refusals = sum(len(p.refusals) for p in players)
    return (
        f"{name}: games=1 steps={final['step']} messages={messages} refusals={refusals} "
        f"restart={'yes' if restart else 'no'} winners={final['winners']}"
    )


def test_four_clients_play_cartas_and_each_sees_only_its_own_cards(cartas_game: List[Player]) -> None:
    players = cartas_game
    final = check_finished(players)
    hidden = [check_messages(p, views_name_their_seat=True) for p in players]
    assert all(h > 0 for h in hidden), "every seat has others' cards dealt and hidden from it"
    assert not any(p.refusals for p in players), [p.refusals for p in players]
    print(summary("cartas", players, final, restart=False), f"hidden_cards={sum(hidden)}")


def test_the_server_clock_times_out_a_seat_that_does_not_answer(server: ServerProcess) -> None:
    limit = 1000
    lazy = 2
    players = run(play_table(server.url, "poleana:4", dice="verifiable", turn_limit_ms=limit, skip_turns={lazy: 1}))
    final = check_finished(players)
    for player in players:
        check_messages(player, views_name_their_seat=False)
    steps = json.loads(final["record"])["steps"]
    timeouts = [i for i, step in enumerate(steps) if step.get("timeout")]
    assert len(timeouts) == 1, timeouts
    index = timeouts[0]
    assert steps[index]["seat"] == lazy
    # The clock ran from the step that gave the lazy seat its turn, which it left unanswered.
    waited = steps[index]["time"] - steps[index - 1]["time"]
    assert limit <= waited < limit + 2000, waited
    ignored = next(u for u in players[lazy].updates if u["to_act"] == lazy and u["legal"])
    assert ignored["deadline"] == steps[index - 1]["time"] + limit
    print(summary("poleana:4", players, final, restart=False), f"timeouts=1 waited_ms={waited}")


def test_refused_messages_change_nothing(server: ServerProcess) -> None:
    async def scenario() -> None:
        host = await Client.connect(server.url)
        created = await host.create("poleana:2", dice="verifiable")
        table = created["table"]
        with pytest.raises(Refused) as refused:
            await host.request({"type": "act", "table": table, "token": "made-up", "step": 0, "action": "roll"})
        assert refused.value.error == "BadToken"
        tokens = [await host.join(table, seat, player=f"p{seat}") for seat in range(created["seats"])]
        with pytest.raises(Refused) as refused:
            await host.join(table, 0, player="late")
        assert refused.value.error == "SeatTaken"

        seats = [await Client.connect(server.url) for _ in tokens]
        current = [await seats[seat].hello(table, tokens[seat]) for seat in range(len(tokens))]
        assert current[0]["legal"] == ["roll"] and current[1]["legal"] == []
        # Roll until a seat has a move to choose (a roll may leave it nothing to move).
        for _ in range(200):
            mover = current[0]["to_act"]
            if current[mover]["legal"] != ["roll"]:
                break
            await seats[mover].act(table, tokens[mover], current[mover]["step"], "roll")
            current = [await asyncio.wait_for(c.recv(), REPLY_S) for c in seats]
        else:
            raise AssertionError("nobody had a move to choose after 200 rolls")
        other = 1 - mover
        step, legal = current[mover]["step"], current[mover]["legal"]
        assert step > 0 and current[other]["legal"] == [] and current[other]["step"] == step

        def act(token: str, at_step: int, action: str, **extra: Any) -> Dict[str, Any]:
            return {"type": "act", "table": table, "token": token, "step": at_step, "action": action, **extra}

        cases: List[tuple[str, Dict[str, Any], set[str]]] = [
            ("out of turn", act(tokens[other], step, legal[0]), {"NotYourTurnError"}),
            ("on a stale step", act(tokens[mover], step - 1, legal[0]), {"StaleStepError"}),
            # The seat is the token's: naming the mover's seat in the message changes nothing.
            (
                "with another seat's token",
                act(tokens[other], step, legal[0], seat=mover),
                {"NotYourTurnError", "BadToken"},
            ),
            ("with a made-up token", act("x" * 32, step, legal[0]), {"BadToken"}),
            (
                "with a token of another table",
                dict(act(tokens[mover], step, legal[0]), table="elsewhere"),
                {"BadToken"},
            ),
            ("asking for a timeout", act(tokens[mover], step, "timeout"), {"HostOnlyError"}),
            ("with an illegal move", act(tokens[mover], step, "not a move"), {"IllegalActionError"}),
            ("a roll that is not due", act(tokens[mover], step, "roll"), {"IllegalActionError"}),
            (
                "without a step",
                {"type": "act", "table": table, "token": tokens[mover], "action": legal[0]},
                {"BadRequest"},
            ),
            ("on a negative step", act(tokens[mover], -1, legal[0]), {"BadRequest"}),
            ("of an unknown type", {"type": "cheat", "table": table}, {"BadRequest"}),
        ]
        for what, message, errors in cases:
            sender = seats[mover] if message.get("token") == tokens[mover] else seats[other]
            with pytest.raises(Refused) as refused:
                await asyncio.wait_for(sender.request(message), REPLY_S)
            assert refused.value.error in errors, (what, refused.value.reply)
            if refused.value.error == "StaleStepError":
                assert refused.value.reply["step"] == step
            # Nothing moved: a fresh hello sees the same step, turn and moves, and no new event.
            again = await asyncio.wait_for(seats[mover].hello(table, tokens[mover], since=step), REPLY_S)
            assert (again["step"], again["to_act"], again["legal"], again["events"]) == (step, mover, legal, []), what

        # No update came between the refusals: nothing was accepted.
        for client in seats:
            assert not any(m["type"] == "update" and m["step"] > step for m in client.received)
        # The table still plays: the mover's move goes through and reaches both seats.
        await seats[mover].act(table, tokens[mover], step, legal[0])
        for client in seats:
            update = await asyncio.wait_for(client.recv(), REPLY_S)
            assert update["type"] == "update" and update["step"] > step

        # A second connection saying hello for a seat takes it over; the first is closed.
        newcomer = await Client.connect(server.url)
        await newcomer.hello(table, tokens[other])
        await asyncio.wait_for(seats[other].ws.wait_closed(), REPLY_S)
        assert seats[other].ws.close_code == 4000
        for client in [host, newcomer, *seats]:
            await client.close()

    run(scenario(), timeout=30)


def stored_record(db: Path) -> str:
    """The one table's record as the store holds it: its header and its appended step rows."""
    with sqlite3.connect(db) as connection:
        tables = connection.execute("SELECT id, header FROM tables").fetchall()
        assert len(tables) == 1
        table_id, header = tables[0]
        steps = [row[0] for row in connection.execute("SELECT step FROM steps WHERE table_id = ? ORDER BY idx", (table_id,))]
    record = fichas.Record.from_parts(header, steps)
    record.verify()
    return record.to_json()


def test_a_killed_server_resumes_its_games_from_sqlite(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    first = ServerProcess(db, tmp_path / "first.log")
    # Seat 0 gets one update per accepted step: the start, then every move. Kill after 25.
    kill_after = 25
    seen_by_seat_0: List[int] = []
    killed: List[int] = []

    async def crash_once(update: Dict[str, Any]) -> None:
        if update["seat"] == 0:
            seen_by_seat_0.append(update["step"])
        if not killed and len(seen_by_seat_0) >= kill_after:
            killed.append(update["step"])
            first.kill()

    async def seat_players() -> List[Player]:
        host = await Client.connect(first.url)
        created = await host.create("cartas", dice="verifiable")
        players = [
            Player(
                created["table"],
                seat,
                await host.join(created["table"], seat, seed=f"s{seat}"),
                commitment=created["commitment"],
                seed=f"s{seat}",
                on_update=crash_once,
            )
            for seat in range(created["seats"])
        ]
        await host.close()
        return players

    try:
        players = run(seat_players())
        ended = run(play_all(players, first.url))
    finally:
        first.stop()
    assert killed and not any(ended), "the server was killed mid-game"
    seen = max(p.last_step for p in players)
    before = stored_record(db)
    before_steps = fichas.Record.from_json(before).steps
    # Whatever a seat saw had been stored first.
    assert seen <= len(before_steps)
    assert sum("action" in step for step in before_steps) >= 20

    second = ServerProcess(db, tmp_path / "second.log")
    try:
        for player in players:
            player.on_update = None
        ended = run(play_all(players, second.url))
    finally:
        second.stop()
    assert all(ended)
    final = check_finished(players)
    for player in players:
        assert player.connections == 2
        check_messages(player, views_name_their_seat=True)
    record = fichas.Record.from_json(final["record"])
    assert record.steps[: len(before_steps)] == before_steps
    assert record.steps[:seen] == before_steps[:seen]
    # One hash chain through the restart: the links and times of the steps before it are kept.
    assert json.loads(final["record"])["steps"][: len(before_steps)] == json.loads(before)["steps"]
    record.verify()
    record.verify(final["head"])
    fichas.verify_dice(final["record"], final["secret"])
    print(
        summary("cartas", players, final, restart=True), f"killed_at_step={killed[0]} stored_then={len(before_steps)}"
    )


def test_clients_check_the_dice_and_catch_a_changed_outcome(cartas_game: List[Player]) -> None:
    final = cartas_game[0].final
    assert final is not None and all(p.verified for p in cartas_game)
    record, secret = final["record"], final["secret"]
    fichas.verify_dice(record, secret)

    data = json.loads(record)
    index = next(i for i, step in enumerate(data["steps"]) if "chance" in step)
    card = data["steps"][index]["chance"]
    data["steps"][index]["chance"] = "K" if card != "K" else "Q"
    changed = json.dumps(data)
    with pytest.raises(fichas.DiceError):
        fichas.verify_dice(changed, secret)
    # A seat's own check at the end refuses it too, and a secret other than the committed one.
    seat = Player(final["table"], 0, "", commitment=cartas_game[0].commitment, seed=cartas_game[0].seed)
    with pytest.raises(fichas.DiceError):
        seat.verify(dict(final, record=changed))
    with pytest.raises(fichas.DiceError):
        fichas.verify_dice(record, "00" * 32)
    assert not seat.verified
    print(f"dice: {sum('chance' in s for s in data['steps'])} outcomes verified; a changed one is caught")


def test_a_table_waiting_for_players_survives_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    first = ServerProcess(db, tmp_path / "first.log")

    async def create_and_join_one() -> tuple[Dict[str, Any], str]:
        host = await Client.connect(first.url)
        created = await host.create("poleana:2", dice="verifiable")
        token = await host.join(created["table"], 0, player="ana", seed="early words")
        await host.close()
        return created, token

    try:
        created, early = run(create_and_join_one())
        first.kill()
    finally:
        first.stop()

    second = ServerProcess(db, tmp_path / "second.log")

    async def join_the_rest_and_play() -> List[Player]:
        host = await Client.connect(second.url)
        late = await host.join(created["table"], 1, player="bea")
        await host.close()
        players = [
            Player(created["table"], seat, token, commitment=created["commitment"], seed=seed)
            for seat, (token, seed) in enumerate([(early, "early words"), (late, None)])
        ]
        assert all(await play_all(players, second.url))
        return players

    try:
        players = run(join_the_rest_and_play())
    finally:
        second.stop()
    final = check_finished(players)
    table = json.loads(final["record"])["table"]
    # The join before the crash and the commitment published at the creation both held.
    assert table["commitment"] == created["commitment"]
    assert table["players"] == ["ana", "bea"]
    assert table["seeds"][0] == "early words"
    print(summary("poleana:2", players, final, restart=True), "joined_across_restart=yes")
