"""Batch simulation in Rust."""

from typing import List

import pytest

import fichas


def test_simulate_returns_one_row_per_game() -> None:
    result = fichas.simulate("poleana:2", games=200, seed=1)
    assert len(result) == 200
    columns = result.to_dict()
    assert set(columns) == {"winner", "winners", "turns", "decisions", "captures", "special"}
    assert all(len(values) == 200 for values in columns.values())
    assert all(w in (0, 1) for w in columns["winner"])
    assert all(d > 0 for d in columns["decisions"])
    rows = list(result)
    assert rows[0].keys() == columns.keys()
    assert abs(sum(result.win_shares().values()) - 1.0) < 0.05
    assert "poleana:2: 200 games" in repr(result)


def test_simulate_gives_the_same_games_whatever_the_thread_count() -> None:
    one = fichas.simulate("parchis:pairs", games=120, seed=5, threads=1)
    four = fichas.simulate("parchis:pairs", games=120, seed=5, threads=4)
    default = fichas.simulate("parchis:pairs", games=120, seed=5)
    assert one.to_dict() == four.to_dict() == default.to_dict()
    assert one.to_dict() != fichas.simulate("parchis:pairs", games=120, seed=6).to_dict()


def test_partnership_wins_name_both_seats() -> None:
    result = fichas.simulate("parchis:two-colours", games=50, seed=2)
    assert all(len(w) == 1 for w in result["winners"])
    pairs = fichas.simulate("parchis:pairs", games=50, seed=2)
    assert all(sorted(w) in ([0, 2], [1, 3]) for w in pairs["winners"])


def test_results_become_dataframes() -> None:
    import pandas  # type: ignore[import-untyped, unused-ignore]
    import polars

    result = fichas.simulate("poleana", games=30, seed=3)
    frame = result.to_pandas()
    assert isinstance(frame, pandas.DataFrame)
    assert list(frame.columns) == result.columns and len(frame) == 30
    assert frame["special"].dtype == bool
    wide = result.to_polars()
    assert isinstance(wide, polars.DataFrame) and wide.height == 30


def test_progress_can_be_shown(capsys: pytest.CaptureFixture[str]) -> None:
    fichas.simulate("poleana:2", games=20, seed=1, progress=True)
    assert "20/20 games" in capsys.readouterr().err


def test_progress_reaches_the_compiled_callback() -> None:
    seen: List[int] = []
    fichas._fichas.simulate("parchis", 300, 1, None, "random", seen.append)
    assert seen and seen[-1] == 300
    assert seen == sorted(seen)
