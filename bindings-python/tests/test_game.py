"""Playing every variant from Python."""

import copy
import json
import random

import pytest

import fichas
from conftest import VARIANTS, play_out


def test_every_variant_plays_to_the_end(variant: str) -> None:
    game = play_out(fichas.Game(variant, seed=3), random.Random(3))
    assert game.is_over
    assert game.phase == "over"
    assert game.to_act is None
    outcome = game.outcome
    assert outcome is not None
    assert outcome["winners"], outcome
    assert all(0 <= s < game.seats for s in outcome["winners"])
    assert game.legal_actions() == []


def test_phase_and_seat_to_act_follow_the_game() -> None:
    game = fichas.Game("poleana:2", seed=1)
    assert (game.phase, game.to_act, game.is_over, game.outcome) == ("chance", None, False, None)
    assert len(game.chance_outcomes()) == 21
    assert sum(w for _, w in game.chance_outcomes()) == 36
    events = game.apply_chance("5-1")
    assert events[0] == {"event": "rolled", "colour": "yellow", "roll": [5, 1]}
    assert (game.phase, game.to_act) == ("decide", 0)


def test_actions_read_like_the_game() -> None:
    game = fichas.Game("poleana:2:assisted", seed=1)
    game.apply_chance((5, 1))
    (release,) = game.legal_actions()
    assert release.notation == "release"
    assert str(release) == "release"
    assert repr(release) == "Choice('release', compliance='compliant', mark='safe')"
    assert release.id == 1
    assert release.seat == 0
    assert release.priority == 2
    assert release.landing == "Y0"
    assert release.info["action"] == "release"
    assert game.action_from_id(release.id) == "release"
    events = game.apply(release)
    assert {"event": "released", "colour": "yellow", "to": "Y0", "count": 1} in events


def test_actions_can_be_applied_as_text() -> None:
    game = fichas.Game("parchis:pairs", seed=1)
    game.apply_chance("5-2")
    assert [a.notation for a in game.legal_actions()] == ["home+5"]
    events = game.apply("home+5")
    assert events[0]["event"] == "exited"
    assert [a.notation for a in game.legal_actions()] == ["5+2"]
    action = game.legal_actions()[0]
    assert action.captures is None and action.compliance is None


def test_parchis_actions_name_captures() -> None:
    text = "parchis turn=Y Y=10,home,home,home B=home,home,home,home R=13,home,home,home G=home,home,home,home"
    game = fichas.Game.from_position("parchis", text, seed=1)
    game.apply_chance("3-1")
    capture = [a for a in game.legal_actions() if a.notation == "10+3"][0]
    assert capture.captures == "red"
    assert "captures='red'" in repr(capture)


def test_positions_read_back() -> None:
    game = fichas.Game("poleana-express:3", seed=5)
    play_out(game, random.Random(5))
    again = fichas.Game.from_position(game.position())
    assert again.position() == game.position()
    assert again.is_over


def test_copies_are_independent() -> None:
    game = fichas.Game("poleana:2", seed=9)
    game.apply_chance("5-1")
    twin = game.copy()
    twin.apply("release")
    assert game.to_act == 0 and twin.to_act is None
    for other in (copy.copy(game), copy.deepcopy(game)):
        assert other.position() == game.position()


def test_the_same_seed_rolls_the_same_game() -> None:
    a = play_out(fichas.Game("parchis", seed=11), random.Random(1))
    b = play_out(fichas.Game("parchis", seed=11), random.Random(1))
    assert a.record().to_json() == b.record().to_json()


def test_pictures_render() -> None:
    game = fichas.Game("poleana:2", seed=2)
    game.apply_chance("5-1")
    game.apply("release")
    svg = game._repr_svg_()
    assert svg.startswith("<svg") or svg.startswith("<?xml")
    assert "</svg>" in svg
    assert isinstance(str(game), str) and str(game)
    view = game.view(1)
    assert view.svg() == view._repr_svg_()
    assert view.text


def test_views_travel_as_json() -> None:
    game = fichas.Game("parchis:pairs", seed=4)
    game.apply_chance("5-5")
    view = game.view(0)
    again = fichas.View.from_json(view.to_json())
    assert again.to_json() == view.to_json()
    assert again.variant == "parchis:pairs"


def test_variants_lists_playable_texts() -> None:
    for text in fichas.variants():
        assert fichas.Game(text, seed=0).variant == text or text.startswith("parchis")
    assert set(VARIANTS) >= {"poleana", "parchis:pairs"}


def test_seat_names() -> None:
    assert fichas.Game("parchis:two-colours", seed=0).seat_names == ["yellow+red", "blue+green"]
    assert fichas.Game("poleana:2", seed=0).seat_names == ["yellow", "red"]


def test_cartas_views_hide_the_other_hands() -> None:
    # Two positions that differ only in the hands of seats 1 to 3 (same sizes).
    a = fichas.Game.from_position("cartas tokens=0!,20/-/-/- hands=7*J42A/356/5K8/9TQ discards=AA3333333", seed=1)
    b = fichas.Game.from_position("cartas tokens=0!,20/-/-/- hands=7*J42A/KKK/AAA/234 discards=AA3333333", seed=1)
    assert a.view(0).to_json() == b.view(0).to_json(), "seat 0 cannot tell the two apart"
    assert a.view(1).to_json() != b.view(1).to_json()
    view = json.loads(a.view(0).to_json())
    assert view["hand_sizes"] == [6, 3, 3, 3]
    assert view["hand"] == "A247J*"
    for hidden in ("356", "5K8", "9TQ"):
        assert hidden not in a.view(0).to_json()
    # The seat to act sees its legal actions in its view, the same choices the game lists; the
    # others see none.
    assert a.view(0).legal_actions() == a.legal_actions()
    assert all(isinstance(c, fichas.Choice) for c in a.view(0).legal_actions())
    assert a.view(2).legal_actions() == []


def test_variants_are_the_engines_list_and_say_what_they_have() -> None:
    assert "poleana-express:3" in fichas.variants() and "poleana:free" in fichas.variants()
    pairs = fichas.variant_info("parchis:pairs")
    assert (pairs["variant"], pairs["game"], pairs["mode"]) == ("parchis:pairs", "parchis", "pairs")
    assert pairs["action_space"] == fichas.Game("parchis:pairs").action_space
    assert [s["partner"] for s in pairs["seats"]] == [2, 3, 0, 1]
    assert pairs["has"] == {"dice": True, "roll": True, "cards": False, "hidden_hands": False, "marks": False, "partners": True}
    assert fichas.variant_info("cartas")["has"]["hidden_hands"] is True
    with pytest.raises(fichas.ConfigError, match="nonsense"):
        fichas.variant_info("nonsense")


def test_a_refusal_carries_its_codes() -> None:
    game = fichas.Game.from_position("parchis:YR turn=Y roll=6-5 Y=home,home,home,home R=6,home,home,home")
    with pytest.raises(fichas.IllegalActionError) as refused:
        game.apply("home+6")
    assert (refused.value.code, refused.value.reason) == ("illegal", "parchis-exit_needs_five")
    table = fichas.Table("poleana:2")
    table.start()
    with pytest.raises(fichas.IllegalActionError) as early:
        table.submit(0, 0, "release")
    assert (early.value.code, early.value.reason, early.value.legal) == ("illegal", "table-roll_first", ["roll"])
    with pytest.raises(fichas.NotYourTurnError) as turn:
        table.submit(1, 0, "roll")
    assert turn.value.code == "not_your_turn"


def test_action_is_a_deprecated_name_of_choice() -> None:
    with pytest.warns(DeprecationWarning, match=r"fichas\.Action is deprecated: it is fichas\.Choice"):
        old = fichas.Action
    assert old is fichas.Choice
    with pytest.warns(DeprecationWarning):
        from fichas import Action  # noqa: F401
    assert "Action" not in fichas.__all__
    with pytest.raises(AttributeError, match="no attribute 'Actions'"):
        fichas.Actions  # noqa: B018
