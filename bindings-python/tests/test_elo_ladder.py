"""The Elo ladder (bindings-python/tools/elo_ladder.py): its fit recovers known ratings, and a
small round robin rates the stronger bot higher, the same from the same seed."""

import json
import math
import pathlib
from types import ModuleType

import pytest

from conftest import load_tool


@pytest.fixture(scope="module")
def ladder() -> ModuleType:
    return load_tool("elo_ladder")


def test_the_fit_recovers_the_ratings_that_made_the_results(ladder: ModuleType) -> None:
    truth = {"a": 0.0, "b": 150.0, "c": 400.0}
    games = 100_000
    pairings = []
    for first, second in [("a", "b"), ("a", "c"), ("b", "c")]:
        wins = round(games * ladder.expected_share(truth[first] - truth[second]))
        pairings.append(ladder.Pairing(first, second, wins, games - wins, games))
    ratings = ladder.fit(list(truth), pairings)
    for rating, expected in zip(ratings, truth.values()):
        assert rating == pytest.approx(expected, abs=1.0)


def test_a_player_that_never_won_still_gets_a_finite_rating(ladder: ModuleType) -> None:
    pairings = [ladder.Pairing("weak", "strong", 0, 50, 50)]
    weak, strong = ladder.fit(["weak", "strong"], pairings)
    # Half a win each way: 0.5 against 50.5, about 800 points.
    assert (weak, round(strong)) == (0.0, round(400 * math.log10(50.5 / 0.5)))


def test_a_small_round_robin_rates_easy_above_random(ladder: ModuleType, tmp_path: pathlib.Path) -> None:
    out = tmp_path / "ladder.json"
    args = ["--bots", "random,easy", "--games", "60", "--processes", "1", "--seed", "3", "--out", str(out)]
    ladder.main(args)
    first = json.loads(out.read_text())
    easy = first["ratings"]["easy"]
    assert first["ratings"]["random"]["elo"] == 0.0
    assert easy["elo"] > 300 and easy["interval"][0] > 0, easy
    (pairing,) = first["pairings"]
    assert (pairing["first"], pairing["second"], pairing["wins"] + pairing["losses"]) == ("random", "easy", 60)
    ladder.main(args)
    assert json.loads(out.read_text()) == first, "the same seed gives the same ladder"


def test_a_variant_of_more_than_two_seats_is_refused(ladder: ModuleType) -> None:
    with pytest.raises(SystemExit):
        ladder.main(["--variant", "parchis", "--games", "4"])
