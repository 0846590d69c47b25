"""Records round-trip and replay; tampered records are refused at the right step."""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fichas
from conftest import VARIANTS, play_out


@settings(max_examples=25, deadline=None)
@given(variant=st.sampled_from(VARIANTS), seed=st.integers(0, 2**32))
def test_records_round_trip_and_replay(variant: str, seed: int) -> None:
    game = play_out(fichas.Game(variant, seed=seed), random.Random(seed))
    record = game.record()
    text = record.to_json()
    assert fichas.Record.from_json(text).to_json() == text
    assert fichas.Record.from_json(record.to_json(pretty=True)).to_json() == text
    again = fichas.replay(text)
    assert again.position() == game.position()
    assert again.outcome == game.outcome
    assert record.replay().position() == game.position()
    assert len(record) == len(record.steps)


def test_record_steps_are_plain_dicts() -> None:
    game = fichas.Game("poleana:2", seed=1)
    game.apply_chance("5-1")
    game.apply("release")
    assert game.record().steps == [{"chance": "5-1"}, {"seat": 0, "action": "release"}]
    assert json.loads(game.record().to_json())["version"] == 2


def test_a_removed_action_is_reported_at_its_index() -> None:
    game = play_out(fichas.Game("parchis:pairs", seed=2), random.Random(2))
    data = json.loads(game.record().to_json())
    index = next(i for i, s in enumerate(data["steps"]) if "action" in s)
    del data["steps"][index]
    with pytest.raises(fichas.RecordError, match=f"step {index} is illegal"):
        fichas.replay(json.dumps(data))


def test_newer_records_are_refused() -> None:
    text = json.dumps({"format": "fichas-record", "version": 9, "variant": "poleana", "steps": []})
    with pytest.raises(fichas.RecordError, match="version 9, newer than the version 2"):
        fichas.replay(text)


def test_garbage_records_raise_record_error() -> None:
    for text in ["", "{", "[]", '{"format": "fichas-record"}', "null"]:
        with pytest.raises(fichas.RecordError):
            fichas.replay(text)
