"""The client contract from Python: movements, tokens, geometry, taps and the story in Spanish."""

import random
from collections import Counter
from typing import Any, Dict, List

import pytest

import fichas

GAMES = ["poleana:assisted", "parchis:pairs", "cartas"]


def _key(token: Dict[str, Any]) -> str:
    return f"{token['owner']}@{token['spot']}"


def _moved(tokens: List[Dict[str, Any]], movements: List[Dict[str, Any]]) -> Counter[str]:
    """The tokens after `movements`, played one after another, as a multiset."""
    standing = Counter(_key(t) for t in tokens)
    for m in movements:
        start = f"{m['owner']}@{m['from']}"
        assert standing[start] > 0, f"{m} moves a token that is not there"
        standing[start] -= 1
        standing[f"{m['owner']}@{m['path'][-1]}"] += 1
    return +standing


@pytest.mark.parametrize("variant", GAMES)
def test_the_movements_of_every_choice_replay_to_the_position_the_engine_reaches(variant: str) -> None:
    rng = random.Random(44)
    spots = {s["spot"] for s in fichas.geometry(variant)["spots"]}
    game = fichas.Game(variant, seed=44)
    decisions = 0
    while decisions < 10_000:
        if game.is_over:
            game = fichas.Game(variant, seed=decisions)
        if game.to_act is None:
            game.roll()
            continue
        choices = game.legal_actions()
        tokens = game.tokens()
        for choice in choices:
            movements = game.movements(choice)
            for m in movements:
                assert m["from"] in spots and all(s in spots for s in m["path"]), f"{m} names a spot with no place"
            after = game.copy()
            after.apply(choice.notation)
            assert _moved(tokens, movements) == Counter(_key(t) for t in after.tokens()), (game.position(), choice)
        game.apply(rng.choice(choices))
        decisions += 1


def test_taps_start_from_tokens_on_the_board() -> None:
    game = fichas.Game.from_position("parchis:YR turn=Y roll=4-2 Y=10,20,home,home R=40,home,home,home")
    taps = game.taps()
    assert [t["action"] for t in taps] == [c.notation for c in game.legal_actions()]
    assert [t["option"] for t in taps if t["tokens"] == ["Y@10"]] == ["+2", "+4"]
    assert game.movements("10+4")[0]["path"] == ["11", "12", "13", "14"]
    with pytest.raises(fichas.IllegalActionError):
        game.movements("40+4")


def test_a_game_is_told_in_spanish_with_one_call() -> None:
    game = fichas.Game("poleana:2", seed=3)
    for _ in range(200):
        if game.is_over:
            break
        game.roll() if game.to_act is None else game.apply(game.legal_actions()[0])
    story = game.story()
    assert len(story) >= 200 and story[0].startswith("Amarillo tira ")
    english = {"the", "token", "rolls", "turn", "and", "from", "to"}
    assert not [line for line in story if english & set(line.lower().replace(":", " ").split())]
    assert game.story("en")[0].startswith("Yellow rolls ")
    assert game.tell("es-MX") == game.story("es")[-len(game.last_events) :]
    assert fichas.languages() == ["en", "es"]
    with pytest.raises(fichas.ConfigError, match=r"no catalogue for the language 'fr': there are en \(English\) and es \(español\)"):
        game.story("fr")
