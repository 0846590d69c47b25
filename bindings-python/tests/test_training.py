"""The expert's training (bindings-python/tools/train_expert.py): a short run learns to beat
random play, and the same seed gives the same weights."""

import pathlib
from dataclasses import replace
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import fichas
from fichas import _fichas

from conftest import load_tool


@pytest.fixture(scope="module")
def train_expert() -> ModuleType:
    return load_tool("train_expert")


def short_run(train_expert: ModuleType, seed: int, game: str = "parchis") -> bytes:
    settings = replace(train_expert.QUICK, games=160, measure_games=0)
    weights, curve = train_expert.train(game, seed, settings, None, log=lambda _: None)
    assert len(curve.generations) == 1
    return bytes(weights)


def test_a_short_training_run_beats_random_play_and_repeats_from_its_seed(train_expert: ModuleType) -> None:
    weights = short_run(train_expert, seed=5)
    # The seats alternate (A B A B, then B A B A): random play would win half the games.
    wins, games = _fichas.training_match("parchis:two-player", weights, "random", 200, 11)
    assert games == 200
    assert wins / games > 0.75, f"{wins} of {games} against random play"
    assert short_run(train_expert, seed=5) == weights, "the same seed gives the same weights"
    assert short_run(train_expert, seed=6) != weights


def test_a_short_cartas_run_learns_from_the_views_and_beats_random_play(train_expert: ModuleType) -> None:
    weights = short_run(train_expert, seed=5, game="cartas")
    assert weights[10] == 3, "the weights are tagged for Cartas"
    wins, games = _fichas.training_match("cartas", weights, "random", 100, 11)
    assert games == 100
    assert wins / games > 0.75, f"{wins} of {games} against random play"
    assert short_run(train_expert, seed=5, game="cartas") == weights, "the same seed gives the same weights"


def test_weights_are_checked_before_they_play() -> None:
    with pytest.raises(fichas.ConfigError, match="do not start with FICHASNN"):
        _fichas.training_match("parchis", b"not weights", "random", 1, 1)
    poleana = _fichas.training_samples("poleana:2", 1, 1, keep_one_in=1)
    assert poleana["inputs"].shape[1:] == (4, _fichas.training_features("poleana"))
    with pytest.raises(fichas.ConfigError, match="another game"):
        parchis_shape = bytes(pathlib.Path(_weights_dir() / "parchis.bin").read_bytes())
        _fichas.training_match("poleana:2", parchis_shape, "random", 1, 1)
    cartas = _fichas.training_samples("cartas", 1, 1, keep_one_in=1)
    assert cartas["inputs"].shape[1:] == (4, _fichas.training_features("cartas"))
    # One seat won each kept position's game: its target is 1, the others' 0.
    assert (cartas["shares"].sum(axis=1) == 1.0).all() and cartas["games"] == 1
    with pytest.raises(fichas.ConfigError, match="another game"):
        _fichas.training_match("cartas", parchis_shape, "random", 1, 1)


def test_a_network_meets_another_network_head_to_head(train_expert: ModuleType) -> None:
    shipped = (_weights_dir() / "cartas.bin").read_bytes()
    # A network that outputs nothing leaves Cartas' expert judging as greedy does.
    silent = train_expert.Network.new(_fichas.training_features("cartas"), 1, np.random.default_rng(0))
    silent.w2[:] = 0.0
    greedy = silent.to_bytes("cartas")
    # The seats alternate, so two equal players would win half the games each.
    wins, games = _fichas.training_match("cartas", shipped, greedy, 100, 2)
    assert games == 100 and wins > 55, f"the shipped network won {wins} of {games}"
    wins, games = _fichas.training_match("cartas", greedy, shipped, 100, 2)
    assert games == 100 and wins < 45, f"greedy's judgement won {wins} of {games}"


def test_an_opponent_is_a_bots_name_or_a_networks_weights() -> None:
    shipped = (_weights_dir() / "cartas.bin").read_bytes()
    with pytest.raises(fichas.ConfigError, match="the opponent's weights: .* do not start with FICHASNN"):
        _fichas.training_match("cartas", shipped, b"not weights", 1, 1)
    parchis = (_weights_dir() / "parchis.bin").read_bytes()
    with pytest.raises(fichas.ConfigError, match="the opponent's weights: .*another game"):
        _fichas.training_match("cartas", shipped, parchis, 1, 1)
    with pytest.raises(TypeError, match=r"a bot's name \(str\) or a network's weights \(bytes\), not int"):
        _fichas.training_match("cartas", shipped, 3, 1, 1)  # type: ignore[arg-type]


def test_samples_can_come_from_games_against_a_bot() -> None:
    shipped = (_weights_dir() / "cartas.bin").read_bytes()
    # Game 0 seats the network on seats 0 and 2 and random play on 1 and 3; with λ = 1 every kept
    # position's target is the result, so the first row names the winner.
    samples = _fichas.training_samples("cartas", 1, 3, weights=shipped, keep_one_in=1, opponent="random")
    assert samples["games"] == 1 and len(samples["shares"]) > 50
    assert int(np.argmax(samples["shares"][0])) in (0, 2), "the network's seats won"
    with pytest.raises(fichas.ConfigError, match="nobody"):
        _fichas.training_samples("cartas", 1, 3, weights=shipped, opponent="nobody")


def refused_before_any_game(
    train_expert: ModuleType, monkeypatch: pytest.MonkeyPatch, game: str, message: str, **setting: Any
) -> None:
    """A quick run of `game` with `setting` stops with a ConfigError matching `message` before
    the first generation's self-play."""
    played: list[str] = []
    monkeypatch.setattr(train_expert, "self_play", lambda *args: played.append("a generation"))
    settings = replace(train_expert.QUICK, **setting)
    with pytest.raises(fichas.ConfigError, match=message):
        train_expert.train(game, 1, settings, None, log=lambda _: None)
    assert played == [], "the refusal came before the first generation's self-play"


def test_an_unknown_opponent_stops_a_run_before_any_game(
    train_expert: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    refused_before_any_game(train_expert, monkeypatch, "cartas", "nobody", opponent="nobody")


def _weights_dir() -> pathlib.Path:
    return pathlib.Path(__file__).resolve().parents[2] / "core" / "src" / "bot" / "weights"


def test_keeping_one_position_in_zero_is_refused() -> None:
    with pytest.raises(fichas.ConfigError, match="keep_one_in is at least 1"):
        _fichas.training_samples("parchis", 2, 1, keep_one_in=0)


def test_going_on_keeps_the_starting_weights_when_no_generation_beats_them(
    train_expert: ModuleType, monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path
) -> None:
    start = short_run(train_expert, seed=5)
    # The starting weights win 60% against medium, the generation after them 40%.
    shares = iter([(60.0, 100), (40.0, 100)])
    monkeypatch.setattr(train_expert._fichas, "training_match", lambda *args, **kwargs: next(shares))
    settings = replace(train_expert.QUICK, games=40, measure_games=100)
    out = tmp_path / "parchis.bin"
    weights, curve = train_expert.train("parchis", 7, settings, out, log=lambda _: None, start=start)
    assert weights == start and out.read_bytes() == start
    assert curve.start["share"] == 0.6 and curve.generations[0]["share"] == 0.4


def test_generations_can_be_measured_head_to_head_against_the_starting_weights(
    train_expert: ModuleType, monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path
) -> None:
    start = short_run(train_expert, seed=5)
    opponents: list[Any] = []
    wins = 52.0

    def match(variant: str, weights: bytes, opponent: Any, games: int, seed: int, threads: int = 1) -> Any:
        opponents.append(opponent)
        return (wins, 100)

    monkeypatch.setattr(train_expert._fichas, "training_match", match)
    settings = replace(train_expert.QUICK, games=40, measure_games=100, measure_against="start")
    out = tmp_path / "parchis.bin"
    weights, curve = train_expert.train("parchis", 7, settings, out, log=lambda _: None, start=start)
    # The start is not measured: against itself it would win half. A generation that wins 52%
    # beats that; one that wins 48% does not, and the start stays.
    assert opponents == [start], "one match, the generation's, against the starting weights"
    assert weights != start and out.read_bytes() == weights
    assert curve.start is None and curve.generations[0]["against"] == "start"
    wins = 48.0
    weights, curve = train_expert.train("parchis", 7, settings, out, log=lambda _: None, start=start)
    assert weights == start and out.read_bytes() == start
    settings.measure_against = "hard"
    with pytest.raises(ValueError, match="measured against medium or start, not 'hard'"):
        train_expert.train("parchis", 7, settings, None, log=lambda _: None, start=start)
    settings.measure_against = "start"
    with pytest.raises(ValueError, match=r"needs starting weights \(--start\)"):
        train_expert.train("parchis", 7, settings, None, log=lambda _: None)


def test_an_unmeasured_run_writes_its_last_generation_against_either_measure(
    train_expert: ModuleType, monkeypatch: pytest.MonkeyPatch, tmp_path: pathlib.Path
) -> None:
    start = short_run(train_expert, seed=5)
    made: list[bytes] = []
    to_bytes = train_expert.Network.to_bytes

    def recorded(net: Any, game: str) -> bytes:
        made.append(to_bytes(net, game))
        return made[-1]

    monkeypatch.setattr(train_expert.Network, "to_bytes", recorded)
    settings = replace(train_expert.QUICK, games=40, generations=2, measure_games=0)
    for against in ("medium", "start"):
        settings.measure_against = against
        made.clear()
        out = tmp_path / f"{against}.bin"
        weights, curve = train_expert.train("parchis", 7, settings, out, log=lambda _: None, start=start)
        # The start's bytes, then one network a generation.
        assert len(made) == 3 and len(curve.generations) == 2
        assert weights == made[-1] == out.read_bytes() != start, f"the last generation, measured against {against}"
    settings.measure_games = -1
    with pytest.raises(ValueError, match="measured over 0 games or more, not -1"):
        train_expert.train("parchis", 7, settings, None, log=lambda _: None, start=start)


def test_a_network_wider_than_the_crate_holds_is_refused_before_any_game(
    train_expert: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    refused_before_any_game(
        train_expert, monkeypatch, "parchis", "513 hidden units does not fit: a network has 1 to 512", hidden=513
    )


def test_widened_weights_judge_as_before(train_expert: ModuleType) -> None:
    """Going on from weights of an older, narrower network: features added at the end and new
    hidden units start with no effect on the output, and fewer features than the weights read
    are refused."""
    import numpy as np

    net = train_expert.Network.from_bytes(short_run(train_expert, seed=5))
    features, hidden = net.w1.shape
    wider = net.widened(features + 3, hidden + 16, np.random.default_rng(1))
    assert wider.w1.shape == (features + 3, hidden + 16)
    x = np.random.default_rng(2).standard_normal((50, features + 3)).astype(np.float32)

    def judge(n: Any, inputs: np.ndarray) -> np.ndarray:
        return np.asarray(np.maximum(inputs @ n.w1 + n.b1, 0.0) @ n.w2 + n.b2[0])

    assert np.allclose(judge(wider, x), judge(net, x[:, :features]), atol=1e-5)
    assert np.abs(wider.w1[:features, hidden:]).max() > 0, "the new units start from random inputs"
    with pytest.raises(ValueError, match=f"read {features} features; this game has 10"):
        net.widened(10, hidden, np.random.default_rng(1))


def test_weights_are_written_two_bytes_wide_and_read_in_either_width(train_expert: ModuleType) -> None:
    """Version 2 stores each first-layer weight as the upper half of its float32; the version 1
    file of the same network (a byte a weight) reads as the same network, in the tool and in the
    crate, which judges both alike."""
    weights = short_run(train_expert, seed=5)
    assert int.from_bytes(weights[8:10], "little") == 2
    hidden = int.from_bytes(weights[14:16], "little")
    cut = 16 + 4 * (3 * hidden + 1)
    wide = (np.frombuffer(weights[cut:], dtype="<u2").astype(np.uint32) << 16).view(np.float32)
    assert (wide == np.rint(wide)).all() and np.abs(wide).max() <= 127
    narrow = weights[:8] + (1).to_bytes(2, "little") + weights[10:cut] + wide.astype(np.int8).tobytes()
    for field in ("w1", "b1", "w2", "b2"):
        assert np.array_equal(getattr(train_expert.Network.from_bytes(narrow), field),
                              getattr(train_expert.Network.from_bytes(weights), field))
    # The same decisions, so the same games.
    medium = _fichas.training_match("parchis", weights, "medium", 40, 3)
    assert _fichas.training_match("parchis", narrow, "medium", 40, 3) == medium
    with pytest.raises(ValueError, match="not a fichas network of format version 1 or 2 .* version 3"):
        train_expert.Network.from_bytes(weights[:8] + (3).to_bytes(2, "little") + weights[10:])


def test_pruning_keeps_the_units_that_move_the_output(train_expert: ModuleType) -> None:
    rng = np.random.default_rng(3)
    net = train_expert.Network.new(6, 8, rng)
    net.b1[:] = 0.5  # every unit is active somewhere
    net.w2[[1, 4, 6]] = 0.0  # three units have no part in the output
    inputs = rng.standard_normal((400, 6)).astype(np.float32)
    pruned, change = net.pruned(inputs, 5)
    kept = [0, 2, 3, 5, 7]
    assert np.array_equal(pruned.w1, net.w1[:, kept]) and np.array_equal(pruned.b1, net.b1[kept])
    assert np.allclose(pruned.w2, net.w2[kept], atol=1e-5) and change < 1e-5
    # Dropping a unit that matters moves the output, and the refit output layer makes up what
    # it can.
    fewer, change = net.pruned(inputs, 4)
    assert fewer.w1.shape == (6, 4) and change > 1e-3


def test_a_pruned_network_is_written_narrower_and_plays(
    train_expert: ModuleType, tmp_path: pathlib.Path
) -> None:
    start = short_run(train_expert, seed=5)
    settings = replace(train_expert.QUICK, games=40, measure_games=0)
    out = tmp_path / "parchis.bin"
    weights, curve = train_expert.prune("parchis", 1, settings, start, 12, out, log=lambda _: None)
    assert out.read_bytes() == weights and int.from_bytes(weights[14:16], "little") == 12
    assert curve.pruned["units"] == 12 and curve.pruned["from"] == 32 and curve.pruned["positions"] > 0
    wins, games = _fichas.training_match("parchis:two-player", weights, "random", 100, 11)
    assert games == 100 and wins / games > 0.7, f"{wins} of {games} against random play"
    with pytest.raises(ValueError, match="keeps 1 to 31 of the starting network's 32 hidden units, not 32"):
        train_expert.prune("parchis", 1, settings, start, 32, None, log=lambda _: None)
