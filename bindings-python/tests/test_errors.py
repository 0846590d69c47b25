"""Bad input raises the exceptions of fichas, each saying what was wrong."""

from typing import Callable, List

import pytest

import fichas


def test_exceptions_form_a_family() -> None:
    for error in (fichas.ConfigError, fichas.IllegalActionError, fichas.ParseError, fichas.RecordError):
        assert issubclass(error, fichas.FichasError)
    assert issubclass(fichas.FichasError, ValueError)


def test_bad_variants_raise_config_error() -> None:
    with pytest.raises(fichas.ConfigError, match="2, 3 or 4 colours, not 1"):
        fichas.Game("poleana:1")
    with pytest.raises(fichas.ConfigError, match="poleana, poleana-express, parchis or cartas"):
        fichas.Game("chess")
    with pytest.raises(fichas.ConfigError, match="all four colours"):
        fichas.Game("parchis:pairs:YR")


def test_illegal_actions_raise_with_the_reason() -> None:
    game = fichas.Game("poleana:2", seed=1)
    with pytest.raises(fichas.IllegalActionError, match="chance event is pending"):
        game.apply("release")
    game.apply_chance("6-4")  # no use: passes to Red
    game.apply_chance("5-1")
    with pytest.raises(fichas.IllegalActionError, match="not legal here"):
        game.apply("sweep")
    with pytest.raises(fichas.IllegalActionError, match="no chance event is pending"):
        game.apply_chance("1-1")


def test_unreadable_text_raises_parse_error() -> None:
    game = fichas.Game("poleana:2", seed=1)
    with pytest.raises(fichas.ParseError, match="roll"):
        game.apply_chance("7-1")
    with pytest.raises(fichas.ParseError):
        game.apply_chance((0, 9))
    game.apply_chance("5-1")
    with pytest.raises(fichas.ParseError, match="Poleana action"):
        game.apply("fly")
    with pytest.raises(fichas.ParseError):
        fichas.Game.from_position("poleana:2 turn=Y Y=Y1,Y1,Y1,start R=start,start,start,start")


def test_wrong_types_raise_type_error() -> None:
    game = fichas.Game("poleana:2", seed=1)
    with pytest.raises(TypeError):
        game.apply_chance(3.5)  # type: ignore[arg-type]
    game.apply_chance("5-1")
    with pytest.raises(TypeError):
        game.apply(42)  # type: ignore[arg-type]


def test_seats_are_checked() -> None:
    game = fichas.Game("poleana:2", seed=1)
    with pytest.raises(fichas.FichasError, match="seat 5 is not at this table"):
        game.view(5)
    with pytest.raises(fichas.FichasError):
        game.view(-1)


def test_finished_games_refuse_more_play() -> None:
    game = fichas.Game.from_position(
        "poleana:2 turn=Y roll=- Y=7c,7c,7c,7c R=start,start,start,start quiet=- result=Y"
    )
    assert game.is_over
    acts: List[Callable[[], object]] = [game.roll, lambda: game.apply("release"), game.timeout]
    for act in acts:
        with pytest.raises(fichas.IllegalActionError, match="the game is over"):
            act()


def test_simulate_checks_its_arguments() -> None:
    with pytest.raises(fichas.ConfigError, match="unknown policy"):
        fichas.simulate("poleana", games=1, policy="genius")
    with pytest.raises(fichas.ConfigError):
        fichas.simulate("poleana", games=-1)
    with pytest.raises(fichas.ConfigError):
        fichas.simulate("poleana", games=1, threads=0)
    with pytest.raises(fichas.ConfigError):
        fichas.simulate("nope", games=1)
