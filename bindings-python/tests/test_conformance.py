"""The conformance corpus (tests/conformance/corpus.json, written by the engine's own test):
every case's choices, taps, movements, words, played events and refusal, as the Python package
gives them."""

import json
from pathlib import Path
from typing import Any, Dict, List

import pytest

import fichas

CORPUS = Path(__file__).resolve().parents[2] / "tests" / "conformance" / "corpus.json"
CASES: List[Dict[str, Any]] = json.loads(CORPUS.read_text(encoding="utf-8"))["cases"]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_the_package_answers_as_the_corpus_says(case: Dict[str, Any]) -> None:
    game = fichas.Game.from_position(case["position"])
    choices = case["choices"]
    assert [c.notation for c in game.legal_actions()] == [c["action"] for c in choices]
    assert game.taps() == [c["tap"] for c in choices]
    for choice in choices:
        assert game.movements(choice["action"]) == choice["movements"]
    for language in ("en", "es"):
        assert game.describe(language) == [c["says"][language] for c in choices]

    refused = case["refused"]
    with pytest.raises(fichas.IllegalActionError) as caught:
        game.apply(refused["action"])
    assert (caught.value.code, caught.value.reason) == (refused["code"], refused["reason"])

    events = game.apply(case["play"])
    assert json.loads(json.dumps(events)) == case["events"]
    for language in ("en", "es"):
        assert game.tell(language) == case["told"][language]
