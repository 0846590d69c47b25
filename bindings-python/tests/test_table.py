"""A server holds a `Table`: one door for seats, host-only timeouts, per-seat streams, dice
nobody can tilt, and records fit for a dispute."""

from __future__ import annotations

import json
import random
from typing import Any, Dict, List

import pytest

import fichas

CARD_EVENTS = {"dealt", "chose", "received", "stole"}


def play_out(table: fichas.Table, rng: random.Random, limit: int = 100_000) -> None:
    steps = 0
    while not table.is_over and steps < limit:
        seat = table.to_act
        assert seat is not None, f"nobody to act at step {table.step}"
        table.submit(seat, table.step, rng.choice(table.legal_actions(seat)), at=steps)
        steps += 1


def may_see(event: Dict[str, Any], seat: int) -> bool:
    kind = event["event"]
    if kind == "dealt":
        return bool(event["to"] == seat)
    if kind == "chose":
        return bool(event["seat"] == seat)
    if kind == "received":
        return seat in (event["seat"], event["from"])
    if kind == "stole":
        return seat in (event["thief"], event["victim"])
    return True


def test_every_refusal_is_its_own_error_and_changes_nothing() -> None:
    table = fichas.Table("poleana:2")
    with pytest.raises(fichas.TableError, match="not started"):
        table.submit(0, 0, "roll")
    table.start(at=0)
    head = table.head
    with pytest.raises(fichas.NotYourTurnError, match=r"seat 0 \(yellow\) is to act") as turn:
        table.submit(1, 0, "roll")
    assert turn.value.to_act == 0
    with pytest.raises(fichas.HostOnlyError):
        table.submit(0, 0, "timeout")
    with pytest.raises(fichas.FutureStepError, match="which the table has not reached") as ahead:
        table.submit(0, 3, "roll")
    assert ahead.value.step == 0
    with pytest.raises(fichas.IllegalActionError) as illegal:
        table.submit(0, 0, "release")
    assert illegal.value.legal == ["roll"]
    with pytest.raises(fichas.IllegalActionError, match="cannot read"):
        table.submit(0, 0, "x" * 5000)
    with pytest.raises(fichas.FichasError, match="not at this table"):
        table.submit(2, 0, "roll")
    assert (table.step, table.head) == (0, head), "nothing changed"
    assert issubclass(fichas.NotYourTurnError, fichas.TableError)
    assert issubclass(fichas.FutureStepError, fichas.TableError)
    assert issubclass(fichas.TableError, fichas.FichasError)


def test_a_move_on_a_step_the_table_has_not_reached_is_a_future_step_error() -> None:
    table = fichas.Table("parchis")
    table.start()
    table.submit(0, 0, "roll")
    with pytest.raises(fichas.StaleStepError, match="made on step 0, but the table is at step 1"):
        table.submit(table.to_act or 0, 0, "roll")
    with pytest.raises(fichas.FutureStepError) as ahead:
        table.submit(table.to_act or 0, 2, "roll")
    assert (ahead.value.step, str(ahead.value)) == (
        1, "the move names step 2, which the table has not reached: it is at step 1"
    )
    assert not issubclass(fichas.FutureStepError, fichas.StaleStepError)


def test_a_negative_step_is_refused_in_submit_and_events_for() -> None:
    table = fichas.Table("poleana:2")
    table.start()
    table.submit(0, 0, "roll")
    for call in (
        lambda: table.events_for(0, since=-1),
        lambda: table.events_for(None, since=-5),
        lambda: table.events(since=-1),
        lambda: table.submit(0, -1, "roll"),
    ):
        with pytest.raises(fichas.FichasError, match="a step is a number of steps, 0 or more, not -"):
            call()
    assert table.events_for(0, since=0) == table.events_for(0)


def test_a_move_padded_with_white_space_is_refused_as_the_record_reader_refuses_it() -> None:
    table = fichas.Table("poleana:2")
    table.start()
    for padded in ("\u00a0roll\n", " roll", "roll\t"):
        with pytest.raises(fichas.IllegalActionError, match="no white space around it") as refused:
            table.submit(0, 0, padded)
        assert refused.value.legal == ["roll"]
    assert table.step == 0
    with_action = fichas.Game("poleana:2", seed=1)
    while not any("action" in s for s in json.loads(with_action.record().to_json())["steps"]):
        with_action.roll() if with_action.to_act is None else with_action.apply(with_action.legal_actions()[0])
    data = json.loads(with_action.record().to_json())
    step = next(s for s in data["steps"] if "action" in s)
    step["action"] = "\u00a0" + step["action"] + "\n"
    for s in data["steps"]:
        s.pop("link", None)
    with pytest.raises(fichas.RecordError):
        fichas.Record.from_json(json.dumps(data))


def test_record_table_names_its_chain_key() -> None:
    table = fichas.Table("cartas")
    table.start()
    meta = table.record().table
    assert meta is not None and len(meta["chain_key"]) == 64
    int(meta["chain_key"], 16)
    assert fichas.Game("cartas", seed=1).record().table is None


def test_resume_refuses_a_record_without_its_chain_key() -> None:
    table = fichas.Table("cartas")
    table.start()
    play_out(table, random.Random(3), limit=20)
    data = json.loads(table.record().to_json())
    data["table"]["chain_key"] = None
    with pytest.raises(fichas.TableError, match="no chain key"):
        fichas.Table.resume(json.dumps(data))
    with pytest.raises(fichas.TableError, match="no table metadata"):
        fichas.Table.resume(fichas.Game("cartas", seed=1).record().to_json())
    assert fichas.Table.resume(table.record().to_json()).head == table.head


def test_a_repeated_message_is_applied_once() -> None:
    table = fichas.Table("cartas")
    table.start()
    seat, step = table.to_act, table.step
    assert seat is not None
    action = table.legal_actions(seat)[0]
    table.submit(seat, step, action)
    with pytest.raises((fichas.StaleStepError, fichas.NotYourTurnError)):
        table.submit(seat, step, action)
    assert table.step == step + 1


def test_a_finished_game_refuses_every_move() -> None:
    table = fichas.Table("poleana-express:2")
    table.start()
    play_out(table, random.Random(2))
    with pytest.raises(fichas.GameOverError):
        table.submit(0, table.step, "roll")
    with pytest.raises(fichas.GameOverError):
        table.timeout()
    assert table.winners


def test_a_timeout_is_the_hosts_and_applies_before_the_roll() -> None:
    game = fichas.Game("poleana:2", seed=1)
    game.apply_chance("5-1")
    with pytest.raises(fichas.IllegalActionError, match="host"):
        game.apply("timeout")
    fresh = fichas.Game("parchis", seed=1)
    events = fresh.timeout()
    assert [e["event"] for e in events] == ["timed_out", "turn_passed"]
    assert fresh.record().steps == [{"seat": 0, "timeout": True}]

    table = fichas.Table("poleana:2", turn_limit_ms=1000)
    table.start(at=0)
    assert table.deadline == 1000
    assert not table.expire(999)
    assert table.expire(1000)
    assert table.to_act == 1
    assert table.deadline == 2000
    steps = table.record().steps
    assert steps == [{"seat": 0, "timeout": True}]
    assert table.record().times == [1000]
    assert [e["event"] for e in table.events_for(1)][0] == "infraction"


@pytest.mark.parametrize("seed", range(6))
def test_no_seat_ever_receives_a_card_its_view_may_not_show(seed: int) -> None:
    table = fichas.Table("cartas", dice="verifiable")
    for seat in range(4):
        table.join(seat, seed=f"seat {seat} {seed}")
    table.start()
    play_out(table, random.Random(seed))
    host = table.events()
    assert all(e["card"] is not None for e in host if e["event"] in CARD_EVENTS)
    for seat in range(4):
        mine = table.events_for(seat)
        assert len(mine) == len(host)
        for event in mine:
            if event["event"] in CARD_EVENTS and event["card"] is not None:
                assert may_see(event, seat), (seat, event)
        view = json.loads(table.view(seat).to_json())
        assert view["seat"] == seat
    assert all(e.get("card") is None for e in table.events_for(None) if e["event"] in CARD_EVENTS)
    later = table.events_for(2, since=40)
    assert later and all(e["step"] >= 40 for e in later)


def test_host_dice_wait_for_the_host() -> None:
    table = fichas.Table("parchis", dice="host")
    table.start()
    assert table.legal_actions(0) == ["roll"]
    table.submit(0, 0, "roll")
    assert table.chance_due and table.to_act is None
    assert ("5-5", 1) in table.chance_outcomes()
    with pytest.raises(fichas.NotYourTurnError, match="nobody is to act"):
        table.submit(0, 0, "roll")
    table.supply("6-1")
    assert table.rolls() == [{"step": 0, "seat": 0, "roll": "6-1"}]
    assert not table.chance_due
    with pytest.raises(fichas.TableError, match="no outcome is due"):
        table.supply("2-2")
    system = fichas.Table("parchis")
    system.start()
    with pytest.raises(fichas.TableError, match="the host supplies none"):
        system.supply("2-2")


def test_the_roll_history_is_every_roll_in_order() -> None:
    table = fichas.Table("poleana:4")
    table.start()
    play_out(table, random.Random(5), limit=300)
    record = table.record().steps
    chances = [(i, s["chance"]) for i, s in enumerate(record) if "chance" in s]
    assert [(r["step"], r["roll"]) for r in table.rolls()] == chances
    assert {r["seat"] for r in table.rolls()} == {0, 1, 2, 3}


def test_verifiable_dice_check_out_and_a_changed_outcome_does_not() -> None:
    table = fichas.Table("poleana:2", dice="verifiable")
    commitment = table.commitment
    assert commitment is not None and len(commitment) == 64
    table.join(0, player="ana", seed="ana's seed")
    table.join(1, player="ben")
    table.start(at=1)
    play_out(table, random.Random(3))
    record = table.record().to_json()
    secret = table.reveal()
    assert fichas.verify_dice(record, secret) == len(table.rolls())
    data = json.loads(record)
    assert data["table"]["commitment"] == commitment
    assert data["table"]["players"] == ["ana", "ben"]
    first = next(i for i, s in enumerate(data["steps"]) if "chance" in s)
    data["steps"][first]["chance"] = "6-6" if data["steps"][first]["chance"] != "6-6" else "1-2"
    with pytest.raises(fichas.DiceError) as differs:
        fichas.verify_dice(json.dumps(data), secret)
    assert differs.value.step == first
    with pytest.raises(fichas.DiceError, match="does not match the record's commitment"):
        fichas.verify_dice(record, "00" * 32)
    with pytest.raises(fichas.TableError, match="system: there is no secret"):
        fichas.Table("cartas").reveal()


def test_the_chain_catches_changes_insertions_removals_and_cuts() -> None:
    table = fichas.Table("cartas")
    table.start()
    play_out(table, random.Random(8), limit=200)
    text, head = table.record().to_json(), table.head
    fichas.Record.from_json(text).verify(head)
    data = json.loads(text)

    def check(steps: List[Dict[str, Any]], message: str, with_head: bool = False) -> None:
        tampered = json.dumps({**data, "steps": steps})
        with pytest.raises(fichas.RecordError, match=message):
            fichas.Record.from_json(tampered).verify(head if with_head else None)

    changed = [dict(s) for s in data["steps"]]
    at = next(i for i, s in enumerate(changed) if i >= 30 and "chance" in s)
    changed[at]["chance"] = "K" if changed[at]["chance"] != "K" else "A"
    check(changed, f"step {at} does not match")
    check(data["steps"][:10] + [data["steps"][12]] + data["steps"][10:], "step 10 does not match")
    check(data["steps"][:10] + data["steps"][11:], "step 10 does not match")
    fichas.Record.from_json(json.dumps({**data, "steps": data["steps"][:-5]})).verify()
    check(data["steps"][:-5], "not at the head", with_head=True)
    rewritten = fichas.Record.from_json(json.dumps({**data, "steps": [{k: v for k, v in s.items() if k != "link"} for s in changed]}))
    forged = fichas.Record.from_json(rewritten.to_json())
    forged.verify()
    with pytest.raises(fichas.RecordError, match="not at the head"):
        forged.verify(head)


def test_resume_continues_the_committed_dice_exactly() -> None:
    original = fichas.Table("cartas", dice="verifiable")
    original.start(at=0)
    play_out(original, random.Random(1), limit=60)
    secret, middle = original.reveal(), original.record().to_json()
    again = fichas.Table.resume(middle, secret=secret)
    assert again.step == original.step and again.events_for(1) == original.events_for(1)
    play_out(original, random.Random(9))
    play_out(again, random.Random(9))
    assert again.record().to_json() == original.record().to_json()
    with pytest.raises(fichas.TableError, match="only with their secret"):
        fichas.Table.resume(middle)
    with pytest.raises(fichas.TableError, match="does not match"):
        fichas.Table.resume(middle, secret="11" * 32)


def test_resumed_system_dice_and_replayed_games_never_roll_alike() -> None:
    table = fichas.Table("parchis")
    table.start()
    play_out(table, random.Random(1), limit=10)
    middle = table.record().to_json()
    nexts = set()
    for _ in range(12):
        resumed = fichas.Table.resume(middle)
        before, rng = len(resumed.rolls()), random.Random(4)
        while len(resumed.rolls()) == before:
            seat = resumed.to_act
            assert seat is not None
            resumed.submit(seat, resumed.step, rng.choice(resumed.legal_actions(seat)))
        nexts.add(resumed.rolls()[-1]["roll"])
    assert len(nexts) > 1, nexts
    game_record = fichas.Game("poleana:2", seed=3).record().to_json()
    rolls = {str(fichas.replay(game_record).roll()[0]["roll"]) for _ in range(12)}
    assert len(rolls) > 1, "a replayed game's dice are seeded afresh"


def appended(table: fichas.Table, rows: List[str]) -> List[str]:
    """What a store appends after the rows it holds, checked to come in order."""
    new = table.steps_since(len(rows))
    assert [row["index"] for row in new] == list(range(len(rows), len(rows) + len(new)))
    return rows + [row["step"] for row in new]


def test_a_store_of_a_header_and_appended_steps_holds_the_record_and_resumes_it() -> None:
    table = fichas.Table("parchis:pairs", dice="verifiable")
    for seat in range(4):
        table.join(seat, player=f"p{seat}", seed=f"s{seat}")
    table.start(at=0)
    header, rows = table.header().to_json(), appended(table, [])
    assert fichas.Record.from_json(header).steps == []
    rng = random.Random(4)
    for _ in range(120):
        to_act = table.to_act
        assert to_act is not None
        table.submit(to_act, table.step, rng.choice(table.legal_actions(to_act)), at=table.step)
        rows = appended(table, rows)
        assert table.steps_since(len(rows) - 1)[0]["link"] == table.head
    record = fichas.Record.from_parts(header, rows)
    assert record == table.record() and record.head == table.head
    record.verify(table.head)
    again = fichas.Table.resume(header, steps=rows, secret=table.reveal())
    assert again.head == table.head and again.events_for(2) == table.events_for(2)
    assert table.steps_since(table.step + 3) == []


def test_a_torn_last_row_names_its_step_and_the_rows_before_it_resume() -> None:
    table = fichas.Table("cartas", dice="verifiable")
    table.start(at=0)
    play_out(table, random.Random(2), limit=40)
    header, rows = table.header(), appended(table, [])
    last = len(rows) - 1
    torn = rows[:last] + [rows[last][: len(rows[last]) // 2]]
    with pytest.raises(fichas.RecordError) as caught:
        fichas.Table.resume(header, steps=torn, secret=table.reveal())
    assert caught.value.step == last
    changed = json.loads(rows[last])
    changed["time"] = 123_456
    with pytest.raises(fichas.RecordError, match=f"step {last} does not match its link") as broken:
        fichas.Record.from_parts(header, rows[:last] + [json.dumps(changed)]).verify()
    assert broken.value.step == last
    resumed = fichas.Table.resume(header, steps=rows[:last], secret=table.reveal())
    # The rows before the torn one are the resumed table's first steps. If the torn row was a
    # draw (a card dealt), the resumed table draws it again, from the same committed dice.
    assert [row["step"] for row in resumed.steps_since(0)][:last] == rows[:last]
    assert resumed.step == last or (resumed.step == last + 1 and resumed.head == table.head)


def test_a_spectator_view_shows_the_board_and_no_card_of_any_hand() -> None:
    table = fichas.Table("cartas", dice="verifiable")
    table.start(at=0)
    play_out(table, random.Random(6), limit=80)
    public = table.public_view()
    assert isinstance(public, dict)
    seat_view = json.loads(table.view(0).to_json())
    assert public["board"] == seat_view["board"] and public["hand_sizes"] == seat_view["hand_sizes"]
    assert not {"hand", "gave", "received"} & set(public), public
    assert all(theft["card"] is None for theft in public["thefts"])
    dice = fichas.Table("parchis")
    dice.start(at=0)
    assert dice.public_view() == json.loads(dice.view(0).to_json())
