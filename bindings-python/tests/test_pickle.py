"""Games, records and views copy and pickle; a copied or unpickled game rolls what the original
would roll next, in this process or in another."""

import copy
import json
import multiprocessing
import operator
import pickle
import random
from typing import Any, Callable, Dict, List, Optional, Type

import pytest

import fichas
from conftest import play_out

# Every way to get a second game that goes on as this one would.
TWINS: List[Callable[[fichas.Game], fichas.Game]] = [
    lambda g: pickle.loads(pickle.dumps(g)),
    lambda g: pickle.loads(pickle.dumps(g, protocol=0)),
    copy.copy,
    copy.deepcopy,
    lambda g: g.copy(),
    lambda g: fichas.Game.from_json(g.to_json()),
]


def steps(game: fichas.Game, rng: random.Random, count: int) -> None:
    for _ in range(count):
        if game.is_over:
            return
        if game.to_act is None:
            game.roll()
        else:
            game.apply(rng.choice(game.legal_actions()))


def assert_same(a: fichas.Game, b: fichas.Game) -> None:
    assert a.position() == b.position()
    assert (a.phase, a.to_act, a.is_over, a.outcome) == (b.phase, b.to_act, b.is_over, b.outcome)
    assert a.legal_actions() == b.legal_actions()
    assert a.last_events == b.last_events
    assert a.record() == b.record()
    assert a.record().to_json() == b.record().to_json()
    assert a.text() == b.text()


@pytest.mark.parametrize("twin", TWINS, ids=["pickle", "pickle-0", "copy", "deepcopy", "Game.copy", "json"])
def test_a_twin_is_the_same_game_and_rolls_the_same_dice(variant: str, twin: Callable[[fichas.Game], fichas.Game]) -> None:
    game = fichas.Game(variant, seed=21)
    for _ in range(4):
        steps(game, random.Random(len(game.record())), 15)
        other = twin(game)
        assert other is not game
        assert_same(other, game)
        # Both play on with the same choices: every roll is the same, to the end.
        a, b = copy.deepcopy(game), other
        play_out(a, random.Random(8))
        play_out(b, random.Random(8))
        assert_same(a, b)


def test_the_twin_of_an_unseeded_or_finished_game_rolls_alike_too() -> None:
    game = fichas.Game("parchis:pairs")
    steps(game, random.Random(1), 30)
    other = pickle.loads(pickle.dumps(game))
    if game.to_act is not None:
        game.apply(game.legal_actions()[0])
        other.apply(other.legal_actions()[0])
    while game.to_act is None and not game.is_over:
        assert game.roll() == other.roll()
    done = play_out(fichas.Game("poleana:2", seed=4), random.Random(4))
    assert_same(pickle.loads(pickle.dumps(done)), done)


def test_a_game_from_a_position_keeps_its_start() -> None:
    source = fichas.Game("poleana-express:3", seed=2)
    steps(source, random.Random(2), 40)
    game = fichas.Game.from_position(source.position(), seed=6)
    steps(game, random.Random(3), 10)
    other = pickle.loads(pickle.dumps(game))
    assert_same(other, game)
    assert json.loads(other.to_json())["record"]["start"] == source.position()


def test_a_twin_changes_apart_from_the_original() -> None:
    game = fichas.Game("poleana:2", seed=9)
    game.apply_chance("5-1")
    other = pickle.loads(pickle.dumps(game))
    other.apply("release")
    assert game.to_act == 0 and other.to_act is None


def test_copy_with_a_seed_rolls_dice_of_its_own() -> None:
    game = fichas.Game("parchis", seed=1)
    firsts = set()
    for seed in range(8):
        rollout, again = game.copy(seed=seed), game.copy(seed=seed)
        assert rollout.position() == game.position()
        assert rollout.roll() == again.roll(), "the same seed rolls the same"
        firsts.add(str(rollout.last_events))
    assert len(firsts) > 1
    # The original's own dice are untouched.
    assert game.roll() == fichas.Game("parchis", seed=1).roll()


def test_the_json_form_holds_the_record_and_the_dice() -> None:
    game = fichas.Game("cartas", seed=5)
    steps(game, random.Random(5), 40)
    data = json.loads(game.to_json())
    assert list(data) == ["format", "dice", "record"]
    assert data["format"] == "fichas-game"
    assert len(data["dice"]) == 64 and int(data["dice"], 16) > 0
    assert fichas.Record.from_json(json.dumps(data["record"])) == game.record()
    assert fichas.Game.from_json(json.dumps(data, indent=2)).to_json() == game.to_json()


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        (lambda d: d.update(format="fichas-record"), fichas.ParseError, "not a game's"),
        (lambda d: d.update(dice="00" * 32), fichas.ParseError, "64 hex digits"),
        (lambda d: d.update(dice="xyz"), fichas.ParseError, "64 hex digits"),
        (lambda d: d.update(dice="f" * 65), fichas.ParseError, "64 hex digits"),
        (lambda d: d.pop("dice"), fichas.ParseError, "dice"),
        (lambda d: d.update(extra=1), fichas.ParseError, "extra"),
        (lambda d: d["record"]["steps"].insert(0, {"chance": "6-6"}), fichas.RecordError, "step"),
        (lambda d: d.update(record=[]), fichas.RecordError, None),
    ],
)
def test_a_changed_json_form_is_refused(
    change: Callable[[Dict[str, Any]], object], error: Type[Exception], message: Optional[str]
) -> None:
    game = fichas.Game("poleana:2", seed=3)
    steps(game, random.Random(3), 12)
    data = json.loads(game.to_json())
    change(data)
    with pytest.raises(error, match=message):
        fichas.Game.from_json(json.dumps(data))
    with pytest.raises(fichas.ParseError):
        fichas.Game.from_json("{")


def test_records_and_views_pickle_and_copy_as_equal_values(variant: str) -> None:
    game = fichas.Game(variant, seed=13)
    steps(game, random.Random(13), 60)
    record = game.record()
    for other in (pickle.loads(pickle.dumps(record)), copy.copy(record), copy.deepcopy(record)):
        assert other == record and other.to_json() == record.to_json()
        assert other.replay().position() == game.position()
    for seat in range(game.seats):
        view = game.view(seat)
        for again in (pickle.loads(pickle.dumps(view)), copy.copy(view), copy.deepcopy(view)):
            assert again == view and hash(again) == hash(view)
            assert again.to_json() == view.to_json()
            assert again.legal_actions() == view.legal_actions()


def test_a_table_record_pickles_with_its_metadata_and_chain() -> None:
    table = fichas.Table("poleana:2", dice="verifiable")
    table.join(0, player="ana")
    table.start(at=1000)
    table.submit(0, table.step, "roll", at=1500)
    record = table.record()
    again = pickle.loads(pickle.dumps(record))
    assert again == record
    assert (again.table, again.times, again.head) == (record.table, record.times, record.head)
    again.verify(table.head)


def test_a_table_is_not_pickled() -> None:
    # A server keeps a table as its record and resumes it with Table.resume.
    with pytest.raises(TypeError):
        pickle.dumps(fichas.Table("cartas"))


def test_a_game_rolls_alike_in_another_process() -> None:
    game = fichas.Game("parchis:two-player", seed=17)
    steps(game, random.Random(17), 25)
    while game.to_act is not None:
        game.apply(game.legal_actions()[0])
    expected = game.copy().roll()
    # A fresh interpreter (spawn): the game goes there pickled and comes back pickled.
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        rolled = pool.apply(operator.methodcaller("roll"), (game,))
        back = pool.apply(copy.copy, (game,))
    assert rolled == expected
    assert_same(back, game)
    assert back.roll() == expected

