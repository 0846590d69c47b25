"""Batch simulation in Rust."""

import os
import subprocess
import sys
from typing import Any, Dict, List

import pytest

import fichas


def test_simulate_returns_one_row_per_game() -> None:
    result = fichas.simulate("poleana:2", games=200, seed=1)
    assert len(result) == 200
    columns = result.to_dict()
    assert set(columns) == {
        "winner", "winners", "turns", "decisions", "captures", "truncated", "special"
    }
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


def first_action(view: fichas.View, actions: List[fichas.Choice]) -> fichas.Choice:
    return actions[0]


def test_a_game_that_never_ends_is_truncated_at_max_decisions() -> None:
    # Always the first legal action: these Cartas games would never end.
    assert fichas.MAX_DECISIONS == 20_000
    for summary in (False, True):
        result = fichas.simulate(
            "cartas", games=3, seed=1, policy=first_action, max_decisions=2_000, summary=summary
        )
        assert result.truncated == 3
        if isinstance(result, fichas.SimulationResult):
            assert result["truncated"] == [True] * 3 and result["winner"] == [None] * 3
            assert result["decisions"] == [2_000] * 3 and result.win_shares() == {}
            assert "(3 truncated)" in repr(result)
    # The default bound ends them too, and random games finish well inside it.
    looping = fichas.simulate("cartas", games=1, seed=2, policy=first_action)
    assert looping["truncated"] == [True] and looping["decisions"] == [fichas.MAX_DECISIONS]
    assert fichas.simulate("cartas", games=200, seed=3).truncated == 0
    for bad in (0, -1, 2**32):
        with pytest.raises(fichas.ConfigError, match="max_decisions must be from 1"):
            fichas.simulate("cartas", games=1, max_decisions=bad)


def test_win_shares_share_out_a_shared_win_and_sum_to_one() -> None:
    # Poleana's quiet players share the special victory; Parchís' sides share their wins.
    for variant, games in (("poleana", 20_000), ("parchis:pairs", 500)):
        rows = fichas.simulate(variant, games=games, seed=5, summary=False)
        summary = fichas.simulate(variant, games=games, seed=5, summary=True)
        shared = [w for w in rows["winners"] if len(w) > 1]
        assert shared, f"{variant}: no shared win in {games} games"
        assert sum(rows.win_shares().values()) == pytest.approx(1.0, abs=1e-12)
        assert summary.win_shares() == pytest.approx(rows.win_shares())
        assert sum(summary.win_twelfths) == 12 * games
        # `winner` gives a shared win to its lowest seat only; the shares split it.
        firsts = {seat: rows["winner"].count(seat) / games for seat in set(rows["winner"])}
        assert sum(firsts.values()) == pytest.approx(1.0)
        if variant == "parchis:pairs":
            assert rows.win_shares()[0] == pytest.approx(firsts[0] / 2)


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


# Summary mode and parts of a batch: totals in constant memory, and games numbered from `first`.


def totals_of(result: fichas.SimulationResult) -> Dict[str, Any]:
    """The totals that summary mode keeps, counted from the rows."""
    seats = max(seat for winners in result["winners"] for seat in winners) + 1
    wins = [0] * max(seats, 2)
    twelfths = [0] * max(seats, 2)
    for winners in result["winners"]:
        for seat in winners:
            wins[seat] += 1
            twelfths[seat] += 12 // len(winners)
    return {
        "games": len(result),
        "truncated": sum(result["truncated"]),
        "wins": wins,
        "win_twelfths": twelfths,
        "special": sum(result["special"]) if "special" in result.columns else 0,
        "turns": sum(result["turns"]),
        "decisions": sum(result["decisions"]),
        "captures": sum(result["captures"]),
    }


@pytest.mark.parametrize(
    "variant, policy",
    [
        ("poleana", "random"),
        ("poleana:2", ["greedy", "random"]),
        ("parchis:pairs", "random"),
        ("parchis:two-player", fichas.Bot("easy", seed=2)),
        ("cartas", "random"),
    ],
)
def test_summary_totals_are_the_totals_of_the_rows(variant: str, policy: Any) -> None:
    rows = fichas.simulate(variant, games=400, seed=2, policy=policy)
    summary = fichas.simulate(variant, games=400, seed=2, policy=policy, summary=True)
    assert isinstance(summary, fichas.SimulationSummary)
    expected = totals_of(rows)
    seats = len(summary.wins)
    expected["wins"] = (expected["wins"] + [0] * 4)[:seats]
    expected["win_twelfths"] = (expected["win_twelfths"] + [0] * 4)[:seats]
    assert summary.to_dict() == expected
    assert summary.games == len(summary) == 400
    assert (summary.variant, summary.seed) == (variant, 2)
    shares = {seat: share for seat, share in summary.win_shares().items() if share}
    assert shares == pytest.approx(rows.win_shares())
    assert summary.mean_turns == pytest.approx(sum(rows["turns"]) / 400)
    assert summary.mean_decisions == pytest.approx(sum(rows["decisions"]) / 400)
    assert summary.mean_captures == pytest.approx(sum(rows["captures"]) / 400)
    assert f"<SimulationSummary {variant}: 400 games; wins seat 0: " in repr(summary)
    assert ("by the special victory" in repr(summary)) == variant.startswith("poleana")
    # The wrapper's totals are the compiled function's.
    compiled = fichas._fichas.simulate(variant, 400, 2, None, policy, None, 0, True)
    assert summary.to_dict() == compiled


def test_poleana_summary_counts_the_special_victories() -> None:
    rows = fichas.simulate("poleana", games=2_000, seed=3)
    summary = fichas.simulate("poleana", games=2_000, seed=3, summary=True)
    assert summary.special == sum(rows["special"]) > 0
    # Every winner of a special victory counts, so the wins may add up past the games.
    assert sum(summary.wins) >= summary.games


def test_summary_with_a_python_policy() -> None:
    def first_action(view: fichas.View, actions: List[fichas.Choice]) -> fichas.Choice:
        return actions[0]

    rows = fichas.simulate("poleana-express:2", games=30, seed=4, policy=[first_action, "random"])
    summary = fichas.simulate(
        "poleana-express:2", games=30, seed=4, policy=[first_action, "random"], summary=True
    )
    assert summary.to_dict() == totals_of(rows)


def test_summary_of_no_games() -> None:
    summary = fichas.simulate("parchis", games=0, summary=True)
    assert summary.to_dict() == {
        "games": 0, "truncated": 0, "wins": [0, 0, 0, 0], "win_twelfths": [0, 0, 0, 0],
        "special": 0, "turns": 0, "decisions": 0, "captures": 0,
    }
    assert summary.win_shares() == {}
    assert summary.mean_turns == 0.0


def test_summaries_compare_by_their_totals() -> None:
    one = fichas.simulate("parchis", games=200, seed=1, summary=True, threads=1)
    two = fichas.simulate("parchis", games=200, seed=1, summary=True, threads=2)
    assert one == two
    assert one != fichas.simulate("parchis", games=200, seed=2, summary=True)
    assert one != fichas.simulate("parchis", games=199, seed=1, summary=True)


@pytest.mark.parametrize("variant", ["poleana:3", "parchis", "cartas"])
def test_parts_numbered_with_first_join_into_the_whole(variant: str) -> None:
    whole = fichas.simulate(variant, games=300, seed=9)
    bounds = [0, 1, 120, 121, 299, 300]
    joined: Dict[str, List[Any]] = {name: [] for name in whole.columns}
    for start, end in zip(bounds, bounds[1:]):
        part = fichas.simulate(variant, games=end - start, seed=9, first=start, threads=1)
        assert len(part) == end - start
        for name in whole.columns:
            joined[name].extend(part[name])
    assert joined == whole.to_dict()
    # The parts' totals add up to the whole's.
    totals = fichas.simulate(variant, games=300, seed=9, summary=True).to_dict()
    parts = [
        fichas.simulate(variant, games=end - start, seed=9, first=start, summary=True).to_dict()
        for start, end in zip(bounds, bounds[1:])
    ]
    assert sum(p["turns"] for p in parts) == totals["turns"]
    assert sum(p["games"] for p in parts) == 300
    assert [sum(seat) for seat in zip(*(p["wins"] for p in parts))] == totals["wins"]


def test_a_part_far_into_a_batch() -> None:
    # Game 10**12 of the batch is the first game of the part that starts there.
    far = fichas.simulate("parchis", games=3, seed=1, first=10**12)
    assert far.to_dict() != fichas.simulate("parchis", games=3, seed=1).to_dict()
    again = fichas.simulate("parchis", games=1, seed=1, first=10**12 + 2)
    assert again["turns"] == far["turns"][2:]


def test_summary_shows_progress(capsys: pytest.CaptureFixture[str]) -> None:
    fichas.simulate("poleana:2", games=20, seed=1, progress=True, summary=True)
    assert "20/20 games" in capsys.readouterr().err


def test_bad_parts_and_options_are_refused() -> None:
    with pytest.raises(fichas.ConfigError, match="first must be at least 0"):
        fichas.simulate("parchis", games=10, first=-1)
    with pytest.raises(fichas.ConfigError, match="past 2"):
        fichas.simulate("parchis", games=10, first=2**64 - 5)
    with pytest.raises(fichas.ConfigError, match="tasks is for backend='ray'"):
        fichas.simulate("parchis", games=10, tasks=2)
    with pytest.raises(fichas.ConfigError, match="unknown backend 'dask'.*'local'.*'ray'"):
        fichas.simulate("parchis", games=10, backend="dask")
    with pytest.raises(fichas.ConfigError, match="at most 100,000,000 games a call with rows"):
        fichas.simulate("parchis", games=100_000_001)
    with pytest.raises(fichas.ConfigError, match="at most 10,000,000,000 games a call"):
        fichas.simulate("parchis", games=10_000_000_001, summary=True)


# Peak memory of a fresh interpreter: summary totals first at 20,000 games, then at 150,000,
# then 60,000 games with rows. Parchís two-player is the quickest variant. The peak is VmHWM,
# the high-water mark of this process's memory since its exec: ru_maxrss (getrusage) would keep
# the peak of the pytest process it was forked from.
MEMORY = """
import fichas
def peak():
    with open("/proc/self/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
fichas.simulate("parchis:two-player", games=20_000, seed=1, summary=True)
small = peak()
fichas.simulate("parchis:two-player", games=150_000, seed=1, summary=True)
large = peak()
rows = fichas.simulate("parchis:two-player", games=60_000, seed=1)
print(small, large, peak())
"""


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="reads Linux's /proc")
def test_summary_runs_in_constant_memory() -> None:
    done = subprocess.run(
        [sys.executable, "-c", MEMORY], capture_output=True, text=True, timeout=300, check=True
    )
    small, large, with_rows = (int(kib) for kib in done.stdout.split())
    # In KiB. 7.5 times the games, and the peak grows by under 2 MiB...
    assert large - small < 2 * 1024, (small, large)
    # ...while the rows of 60,000 games take several (about 110 bytes a game).
    assert with_rows - large > 4 * 1024, (large, with_rows)
