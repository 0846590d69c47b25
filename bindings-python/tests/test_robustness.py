"""Garbage at every entry point raises an exception; nothing crashes the interpreter."""

from typing import Any, Callable, List

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fichas

# What a caller may legitimately see for bad input: the library's errors, or Python's own for
# arguments of the wrong type or size.
EXPECTED = (fichas.FichasError, TypeError, OverflowError, ValueError)

GARBAGE: List[Any] = [
    None,
    "",
    " ",
    "\0",
    "ñ🎲",
    "x" * 10_000,
    3.5,
    -1,
    2**70,
    b"bytes",
    [],
    {},
    (1, 2, 3),
    ("a", "b"),
    object(),
]


def fresh(variant: str = "poleana") -> fichas.Game:
    return fichas.Game(variant, seed=1)


def decide(variant: str) -> fichas.Game:
    game = fresh(variant)
    while game.to_act is None:
        game.roll()
    return game


def raises_cleanly(call: Callable[[], Any]) -> None:
    try:
        call()
    except EXPECTED:
        pass


@pytest.mark.parametrize("bad", GARBAGE, ids=repr)
def test_constructors_refuse_garbage(bad: Any) -> None:
    with pytest.raises(EXPECTED):
        fichas.Game(bad)
    raises_cleanly(lambda: fichas.Game("poleana", seed=bad))
    with pytest.raises(EXPECTED):
        fichas.Game.from_position(bad)
    with pytest.raises(EXPECTED):
        fichas.replay(bad)
    with pytest.raises(EXPECTED):
        fichas.Record.from_json(bad)
    with pytest.raises(EXPECTED):
        fichas.View.from_json(bad)


@pytest.mark.parametrize("variant", ["poleana:2", "parchis:pairs", "cartas"])
@pytest.mark.parametrize("bad", GARBAGE, ids=repr)
def test_game_methods_refuse_garbage(variant: str, bad: Any) -> None:
    game = decide(variant)
    before = game.position()
    with pytest.raises(EXPECTED):
        game.apply(bad)
    with pytest.raises(EXPECTED):
        game.apply_chance(bad)
    with pytest.raises(EXPECTED):
        game.view(bad)
    raises_cleanly(lambda: game.action_from_id(bad))
    assert game.position() == before, "refused input changed nothing"


def test_huge_and_negative_numbers_are_refused() -> None:
    game = decide("poleana:2")
    for seat in (-1, 4, 2**31, 2**64, 2**100):
        with pytest.raises(EXPECTED):
            game.view(seat)
    for id_ in (-1, 2**16, 2**70):
        with pytest.raises(EXPECTED):
            game.action_from_id(id_)
    with pytest.raises(EXPECTED):
        game.apply_chance((2**70, 1))
    for games in (-1, 2**70, 10**9):
        with pytest.raises(EXPECTED):
            fichas.simulate("poleana", games=games)
    for threads in (0, -5, 2**70):
        with pytest.raises(EXPECTED):
            fichas.simulate("poleana", games=1, threads=threads)
    with pytest.raises(EXPECTED):
        fichas.simulate("poleana", games=1, seed=-1)


def test_a_finished_game_refuses_every_move() -> None:
    game = fichas.Game.from_position(
        "parchis:pairs turn=Y roll=- Y=goal,goal,goal,goal B=home,home,home,home "
        "R=goal,goal,goal,goal G=home,home,home,home result=YR"
    )
    assert game.is_over and game.legal_actions() == [] and game.chance_outcomes() == []
    for act in (game.roll, game.timeout, lambda: game.apply("home+5"), lambda: game.apply_chance("5-5")):
        with pytest.raises(fichas.IllegalActionError, match="the game is over"):
            act()
    assert game.record().replay().is_over


def test_actions_of_another_game_are_refused() -> None:
    parchis = decide("parchis")
    action = parchis.legal_actions()[0]
    poleana = decide("poleana")
    with pytest.raises(fichas.FichasError):
        poleana.apply(action)


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=60))
def test_any_text_is_refused_or_applied_without_a_crash(text: str) -> None:
    for variant in ("poleana", "parchis:pairs", "cartas"):
        game = decide(variant)
        for call in (
            lambda: game.apply(text),
            lambda: game.apply_chance(text),
            lambda: fichas.Game.from_position(text),
            lambda: fichas.replay(text),
            lambda: fichas.Game(text),
        ):
            try:
                call()
            except fichas.FichasError:
                pass
