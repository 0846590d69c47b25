"""Errors a person can read: what a reader expected, and never a whole hostile input echoed."""

import pytest

import fichas


@pytest.mark.parametrize("text, kind", [("[]", "an array"), ("3", "a number"), ("null", "null")])
def test_a_view_json_of_the_wrong_shape_says_what_a_view_holds(text: str, kind: str) -> None:
    with pytest.raises(fichas.ParseError) as err:
        fichas.View.from_json(text)
    message = str(err.value)
    assert message.startswith("a view is a position text"), message
    assert f"not {kind}" in message


def test_record_errors_echo_only_a_snippet_of_a_huge_input() -> None:
    huge = "x" * 5_000_000
    for text in [
        '{"format":"%s","version":1,"variant":"poleana","steps":[]}' % huge,
        '{"format":"fichas-record","version":"%s","variant":"poleana","steps":[]}' % huge,
        '{"format":"fichas-record","version":1,"variant":"poleana:%s","steps":[]}' % huge,
    ]:
        with pytest.raises(fichas.RecordError) as err:
            fichas.Record.from_json(text)
        assert len(str(err.value)) < 400
        assert "xxx" in str(err.value)
    with pytest.raises(fichas.ParseError) as unread:
        fichas.View.from_json('{"%s": 1}' % huge)
    assert len(str(unread.value)) < 400


def test_a_record_of_version_zero_is_refused() -> None:
    with pytest.raises(fichas.RecordError, match="version 0, which no version of this library writes"):
        fichas.Record.from_json('{"format":"fichas-record","version":0,"variant":"poleana","steps":[]}')
