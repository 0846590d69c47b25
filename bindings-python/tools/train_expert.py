"""Trains the expert bots' networks from scratch by self-play, and writes the weights the crate
embeds (core/src/bot/weights/GAME.bin).

    python bindings-python/tools/train_expert.py --game all --seed 1

Each game's network (Poleana: classic and Express; Parchís: every mode; Cartas) learns from
positions with every seat's features (docs/bots.md, "The expert"): in the dice games positions
waiting for the dice, in Cartas what the seat to act knows after its action. The first
generation's games are played by a bot (medium in the dice games, greedy in Cartas, where medium
searches), and a position's target is the result its side ended with. Each later generation's
games are played by the network itself, its own plan at every seat (with --opponent, a bot on
half of them), with a few random moves to explore, and a position's target is the TD(λ) return
of the network's estimates at the positions that follow. After each generation the network plays
medium (1,000 games; 400 in Cartas), or with --measure-against start the starting weights head
to head; the best generation is written, and the curve of those results goes to --curve (JSON).
With --prune UNITS it trains nothing: it keeps the UNITS busiest hidden units of the --start
network and fits its output layer again, a narrower network that judges faster.

The whole run is a function of --seed: the games come from the engine's seeded batches, and the
network's initial weights, the order of the samples and every update from numpy generators
seeded from it (numpy's matrix products use one thread here, so their sums run in one order).
On this 2-core machine `--game all` takes about an hour and a half: an hour for the dice games,
25 minutes for Cartas.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Tuple

# One thread for the matrix products: their sums then run in one order, and the same seed gives
# the same weights. Set before numpy loads.
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import numpy as np  # noqa: E402

from fichas import _fichas  # noqa: E402

MAGIC = b"FICHASNN"
VERSION = 2  # written; version 1 (the first layer a byte a weight) is read too
TAGS = {"poleana": 1, "parchis": 2, "cartas": 3}
REPO = Path(__file__).resolve().parents[2]
WEIGHTS = REPO / "core" / "src" / "bot" / "weights"

#: The variants each game's network learns from, played in turn.
VARIANTS: Dict[str, List[str]] = {
    "poleana": ["poleana", "poleana:2", "poleana:3", "poleana-express", "poleana-express:2"],
    "parchis": ["parchis", "parchis:two-player", "parchis:two-colours", "parchis:pairs"],
    "cartas": ["cartas"],
}
#: The variant each generation's network is measured on.
MEASURED = {"poleana": "poleana:2", "parchis": "parchis", "cartas": "cartas"}


@dataclass
class Settings:
    """How long and how hard a training run works."""

    hidden: int = 64
    generations: int = 12
    games: int = 20000  # per generation, shared among the game's variants
    keep_one_in: int = 16
    explore: float = 0.03
    td_lambda: float = 0.7
    epochs: int = 3
    batch: int = 256
    learning_rate: float = 1e-3
    teacher: str = "medium"
    opponent: Optional[str] = None  # a bot on half the seats of the network's games; None: self-play
    measure_games: int = 1000
    measure_against: str = "medium"  # or "start": head to head against the starting weights
    final_games: int = 0  # a last match against final_opponent (slow: hard takes milliseconds a move)
    final_opponent: Optional[str] = "hard"
    threads: int = 2
    window: int = 2  # generations of samples kept


#: What differs for a game's run from the defaults above (an option given on the command line
#: wins). Cartas: greedy teaches the first generation (medium searches, and costs milliseconds a
#: move), and its network is wider and keeps more positions, since a game's result says less
#: of a position than in the dice games.
GAME_SETTINGS: Dict[str, Dict[str, Any]] = {
    "cartas": {"hidden": 128, "games": 10000, "keep_one_in": 8, "teacher": "greedy", "generations": 10,
               "measure_games": 400},
}

QUICK = Settings(
    hidden=32, generations=1, games=240, keep_one_in=2, epochs=4, teacher="greedy",
    measure_games=200, final_games=0, final_opponent=None,
)


@dataclass
class Network:
    """A network of one hidden layer of rectified units: the crate's format."""

    w1: np.ndarray  # (features, hidden)
    b1: np.ndarray  # (hidden,)
    w2: np.ndarray  # (hidden,)
    b2: np.ndarray  # (1,)

    @staticmethod
    def new(features: int, hidden: int, rng: np.random.Generator) -> "Network":
        return Network(
            (rng.standard_normal((features, hidden)) * np.sqrt(2.0 / 32.0)).astype(np.float32) * 0.5,
            np.zeros(hidden, np.float32),
            (rng.standard_normal(hidden) * np.sqrt(1.0 / hidden)).astype(np.float32) * 0.1,
            np.zeros(1, np.float32),
        )

    @staticmethod
    def from_bytes(data: bytes) -> "Network":
        """The network of a weights file, version 1 or 2 (its first layer as the whole-number
        weights times the scales)."""
        version = int.from_bytes(data[8:10], "little")
        if data[:8] != MAGIC or version not in (1, 2):
            raise ValueError(f"not a fichas network of format version 1 or 2 (magic {data[:8]!r}, version {version})")
        features = int.from_bytes(data[12:14], "little")
        hidden = int.from_bytes(data[14:16], "little")
        floats = np.frombuffer(data[16 : 16 + 4 * (3 * hidden + 1)], dtype="<f4").astype(np.float32)
        stored = data[16 + 4 * (3 * hidden + 1) :]
        if version == 1:
            q = np.frombuffer(stored, dtype=np.int8).astype(np.float32)
        else:
            # Each weight the upper half of its float32's bits.
            q = (np.frombuffer(stored, dtype="<u2").astype(np.uint32) << 16).view(np.float32)
        q = q.reshape(features, hidden)
        scales = floats[:hidden]
        return Network(
            (q.astype(np.float32) * scales[None, :]).astype(np.float32),
            floats[hidden : 2 * hidden].copy(),
            floats[2 * hidden : 3 * hidden].copy(),
            floats[3 * hidden :].copy(),
        )

    def widened(self, features: int, hidden: int, rng: np.random.Generator) -> "Network":
        """The same function, reading `features` inputs with at least `hidden` units: features
        added at the end (a newer version of the game's features) start with no weight, and new
        units with small random inputs and no output, so the network plays as before."""
        have, units = (int(n) for n in self.w1.shape)
        if have > features:
            raise ValueError(f"the starting weights read {have} features; this game has {features}")
        w1 = np.concatenate([self.w1, np.zeros((features - have, units), np.float32)])
        if hidden <= units:
            return Network(w1, self.b1, self.w2, self.b2)
        fresh = Network.new(features, hidden - units, rng)
        return Network(
            np.concatenate([w1, fresh.w1 * np.float32(0.1)], axis=1).astype(np.float32),
            np.concatenate([self.b1, fresh.b1]),
            np.concatenate([self.w2, np.zeros(hidden - units, np.float32)]),
            self.b2,
        )

    def params(self) -> List[np.ndarray]:
        return [self.w1, self.b1, self.w2, self.b2]

    def to_bytes(self, game: str) -> bytes:
        """The crate's format: the first layer rounded to 8-bit weights, a scale per unit."""
        features, hidden = (int(n) for n in self.w1.shape)
        scales = (np.abs(self.w1).max(axis=0) / 127.0).astype(np.float32)
        scales = np.where(scales > 0, scales, np.float32(1.0)).astype(np.float32)
        q = np.clip(np.rint(self.w1 / scales[None, :]), -127, 127).astype(np.int8)
        header = MAGIC + VERSION.to_bytes(2, "little") + bytes([TAGS[game], 0])
        header += features.to_bytes(2, "little") + hidden.to_bytes(2, "little")
        floats = np.concatenate([scales, self.b1, self.w2, self.b2]).astype("<f4")
        # Stored two bytes wide, the upper half of each weight's float32, which the crate turns
        # into a float by a shift: whole numbers up to 127 lose nothing.
        wide = (q.astype(np.float32).view(np.uint32) >> 16).astype("<u2")
        return bytes(header + floats.tobytes() + wide.tobytes())

    def pruned(self, inputs: np.ndarray, units: int) -> Tuple["Network", float]:
        """The network of the `units` hidden units whose part in the output varies most over
        `inputs` (one row of features a seat), its output layer fitted again by least squares to
        the whole network's output there; and the root mean square of what that changes."""
        act = np.maximum(inputs.astype(np.float32) @ self.w1 + self.b1, np.float32(0.0))
        out = act.astype(np.float64) @ self.w2.astype(np.float64) + float(self.b2[0])
        spread = np.array([(act[:, j].astype(np.float64) * float(self.w2[j])).std() for j in range(act.shape[1])])
        keep = np.sort(np.argsort(-spread, kind="stable")[:units])
        design = np.hstack([act[:, keep].astype(np.float64), np.ones((len(act), 1))])
        fitted, *_ = np.linalg.lstsq(design, out, rcond=None)
        error = float(np.sqrt(np.mean((design @ fitted - out) ** 2)))
        net = Network(
            self.w1[:, keep].copy(), self.b1[keep].copy(),
            fitted[:-1].astype(np.float32), np.array([fitted[-1]], np.float32),
        )
        return net, error


def _sides(sides: np.ndarray) -> np.ndarray:
    """(n, 4 seats, 4 sides): 1/size of the seat's side where the seat plays for that side."""
    onehot = (sides[:, :, None] == np.arange(4, dtype=np.uint8)[None, None, :]).astype(np.float32)
    sizes = onehot.sum(axis=1, keepdims=True)
    return np.asarray(onehot / np.maximum(sizes, 1.0), dtype=np.float32)


def loss_and_grads(
    net: Network, x: np.ndarray, base: np.ndarray, groups: np.ndarray, target: np.ndarray
) -> Tuple[float, List[np.ndarray]]:
    """Cross-entropy of the sides' softmax against the shares they ended with, and its gradient.
    A seat's strength is `base` (Cartas: the greedy bot's) plus the network's output."""
    b, seats, features = x.shape
    flat = x.reshape(b * seats, features)
    pre = flat @ net.w1 + net.b1
    act = np.maximum(pre, 0.0)
    z = (act @ net.w2 + net.b2[0]).reshape(b, seats) + base
    strength = np.einsum("bs,bsk->bk", z, groups)
    used = groups.sum(axis=1) > 0
    masked = np.where(used, strength, -np.inf)
    top = masked.max(axis=1, keepdims=True)
    e = np.where(used, np.exp(masked - top), 0.0)
    p = e / e.sum(axis=1, keepdims=True)
    loss = -(target * np.log(np.maximum(p, 1e-12))).sum(axis=1).mean()
    d_strength = (p - target) / b
    dz = np.einsum("bk,bsk->bs", d_strength, groups).reshape(b * seats)
    g_w2 = act.T @ dz
    g_b2 = np.array([dz.sum()], np.float32)
    d_act = np.outer(dz, net.w2) * (pre > 0)
    g_w1 = flat.T @ d_act
    g_b1 = d_act.sum(axis=0)
    return float(loss), [g_w1, g_b1, g_w2.astype(np.float32), g_b2]


class Adam:
    def __init__(self, params: List[np.ndarray], lr: float) -> None:
        self.lr = lr
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]
        self.t = 0

    def step(self, params: List[np.ndarray], grads: List[np.ndarray]) -> None:
        self.t += 1
        b1, b2, eps = 0.9, 0.999, 1e-8
        for p, g, m, v in zip(params, grads, self.m, self.v):
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * g * g
            m_hat = m / (1 - b1**self.t)
            v_hat = v / (1 - b2**self.t)
            p -= (self.lr * m_hat / (np.sqrt(v_hat) + eps)).astype(np.float32)


@dataclass
class Data:
    inputs: np.ndarray
    base: np.ndarray
    groups: np.ndarray
    targets: np.ndarray

    @staticmethod
    def of(samples: Dict[str, Any]) -> "Data":
        groups = _sides(samples["sides"])
        targets = np.einsum("bs,bsk->bk", samples["shares"], groups).astype(np.float32)
        return Data(samples["inputs"], samples["base"], groups, targets)

    @staticmethod
    def join(parts: List["Data"]) -> "Data":
        fields = ("inputs", "base", "groups", "targets")
        return Data(*(np.concatenate([getattr(p, f) for p in parts]) for f in fields))

    def __len__(self) -> int:
        return len(self.inputs)


def fit(net: Network, data: Data, settings: Settings, rng: np.random.Generator, adam: Adam) -> float:
    """Some epochs of minibatch Adam over `data`; returns the last epoch's mean loss."""
    last = 0.0
    for _ in range(settings.epochs):
        order = rng.permutation(len(data))
        total, count = 0.0, 0
        for start in range(0, len(order), settings.batch):
            idx = np.sort(order[start : start + settings.batch])
            loss, grads = loss_and_grads(net, data.inputs[idx], data.base[idx], data.groups[idx], data.targets[idx])
            adam.step(net.params(), grads)
            total += loss * len(idx)
            count += len(idx)
        last = total / max(count, 1)
    return last


@dataclass
class Curve:
    game: str
    seed: int
    settings: Dict[str, Any]
    generations: List[Dict[str, Any]] = field(default_factory=list)
    final: Optional[Dict[str, Any]] = None
    start: Optional[Dict[str, Any]] = None  # the starting weights' share, with --start
    pruned: Optional[Dict[str, Any]] = None  # with --prune: the pruned network against the start


def _say(text: str) -> None:
    print(text, flush=True)


def wilson(wins: float, n: int, z: float = 1.96) -> List[float]:
    if n == 0:
        return [0.0, 1.0]
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return [float(centre - half), float(centre + half)]


def self_play(game: str, weights: Optional[bytes], settings: Settings, seed: int) -> Data:
    variants = VARIANTS[game]
    per = max(1, settings.games // len(variants))
    parts = []
    for i, variant in enumerate(variants):
        samples = _fichas.training_samples(
            variant, per, seed * 1000 + i, weights=weights, teacher=settings.teacher,
            keep_one_in=settings.keep_one_in, explore=settings.explore if weights else 0.0,
            td_lambda=settings.td_lambda, threads=settings.threads,
            opponent=settings.opponent if weights else None,
        )
        parts.append(Data.of(samples))
    return Data.join(parts)


def train(game: str, seed: int, settings: Settings, out: Optional[Path],
          log: Callable[[str], None] = _say, start: Optional[bytes] = None) -> Tuple[bytes, Curve]:
    """Trains `game`'s network (from `start`'s weights, if given, whose games it then plays
    first); returns (bytes, Curve)."""
    features = _fichas.training_features(VARIANTS[game][0])
    rng = np.random.default_rng(seed)
    if start is not None:
        net = Network.from_bytes(start).widened(features, settings.hidden, rng)
    else:
        net = Network.new(features, settings.hidden, rng)
    encoded = net.to_bytes(game)
    # The crate reads the network and the opponent's name before it plays any game: a shape it
    # refuses (more hidden units than it holds) or a bot it does not know stops the run here, not
    # after a generation of self-play.
    _fichas.training_samples(VARIANTS[game][0], 0, seed, weights=encoded, opponent=settings.opponent)
    if start is not None:
        start = encoded  # the widened network, which is measured and kept as the start
    if settings.measure_against not in ("medium", "start"):
        raise ValueError(f"a generation is measured against medium or start, not {settings.measure_against!r}")
    against_start = settings.measure_against == "start"
    if against_start and start is None:
        raise ValueError("measuring against the starting weights needs starting weights (--start)")
    if settings.measure_games < 0:
        raise ValueError(f"a generation is measured over 0 games or more, not {settings.measure_games}")
    # Over no games there is nothing to choose by, against either measure: the last generation
    # is written.
    measured = settings.measure_games > 0
    adam = Adam(net.params(), settings.learning_rate)
    curve = Curve(game, seed, settings.__dict__.copy())
    window: List[Data] = []
    weights: Optional[bytes] = start
    best: Optional[bytes] = start
    best_share = -1.0
    if against_start:
        # Head to head, the starting weights would win half the games against themselves; they
        # stay unless a generation wins more.
        best_share = 0.5
    elif start is not None and measured:
        # The starting weights stay unless a generation plays medium better than they do.
        wins, n = _fichas.training_match(
            MEASURED[game], start, "medium", settings.measure_games, seed + 7919, threads=settings.threads
        )
        best_share = round(wins / max(n, 1), 4)
        curve.start = {"against": "medium", "variant": MEASURED[game], "games": n, "share": best_share,
                       "interval": [round(v, 4) for v in wilson(wins, n)]}
        log(f"{game} starting weights: {best_share:.1%} against medium over {n} games")
    started = time.monotonic()
    for generation in range(settings.generations):
        data = self_play(game, weights, settings, seed * 100 + generation)
        window = (window + [data])[-settings.window :]
        loss = fit(net, Data.join(window), settings, rng, adam)
        weights = net.to_bytes(game)
        wins, n = _fichas.training_match(
            MEASURED[game], weights, start if against_start and start is not None else "medium",
            settings.measure_games, seed + 7919 * (generation + 1), threads=settings.threads,
        )
        share = round(wins / max(n, 1), 4)
        point: Dict[str, Any] = {
            "generation": generation + 1,
            "samples": len(data),
            "loss": round(loss, 5),
            "against": settings.measure_against,
            "variant": MEASURED[game],
            "games": n,
            "share": share,
            "interval": [round(v, 4) for v in wilson(wins, n)],
            "minutes": round((time.monotonic() - started) / 60, 2),
        }
        curve.generations.append(point)
        # The generation that plays best is the one written: self-play can drift.
        if not measured or share > best_share or best is None:
            best, best_share = weights, share
        log(f"{game} generation {generation + 1}: {len(data)} samples, loss {loss:.4f}, "
            f"{point['share']:.1%} against {settings.measure_against} over {n} games ({point['minutes']} min)")
        if out is not None and best is weights:
            out.write_bytes(weights)
    assert best is not None
    weights = best
    if out is not None and best is start:
        out.write_bytes(best)
    if settings.final_opponent and settings.final_games:
        wins, n = _fichas.training_match(
            MEASURED[game], weights, settings.final_opponent, settings.final_games, seed + 104729,
            threads=settings.threads,
        )
        curve.final = {"against": settings.final_opponent, "variant": MEASURED[game], "games": n,
                       "share": round(wins / max(n, 1), 4), "interval": [round(v, 4) for v in wilson(wins, n)]}
        log(f"{game}: {curve.final['share']:.1%} against {settings.final_opponent} over {n} games")
    return weights, curve


def prune(game: str, seed: int, settings: Settings, start: bytes, units: int, out: Optional[Path],
          log: Callable[[str], None] = _say) -> Tuple[bytes, Curve]:
    """Keeps `units` of the hidden units of `start`'s network: those whose part in the output
    varies most over positions of its own games (one generation of self-play), the output layer
    fitted again to the whole network's output there. A narrower network judges faster; the
    pruned one is measured head to head against `start`. Returns (bytes, Curve)."""
    features = _fichas.training_features(VARIANTS[game][0])
    net = Network.from_bytes(start).widened(features, 0, np.random.default_rng(seed))
    have = int(net.w1.shape[1])
    if not 1 <= units < have:
        raise ValueError(f"pruning keeps 1 to {have - 1} of the starting network's {have} hidden units, not {units}")
    if settings.measure_games < 0:
        raise ValueError(f"the pruned network is measured over 0 games or more, not {settings.measure_games}")
    data = self_play(game, start, settings, seed * 100)
    pruned, error = net.pruned(data.inputs.reshape(-1, features), units)
    weights = pruned.to_bytes(game)
    curve = Curve(game, seed, settings.__dict__.copy())
    curve.pruned = {"units": units, "from": have, "positions": len(data), "rms_change": round(error, 5)}
    log(f"{game}: {units} of {have} units kept over {len(data)} positions; the output moves by {error:.4f} (rms)")
    if settings.measure_games > 0:
        wins, n = _fichas.training_match(
            MEASURED[game], weights, start, settings.measure_games, seed + 7919, threads=settings.threads
        )
        share = round(wins / max(n, 1), 4)
        curve.pruned.update(against="start", variant=MEASURED[game], games=n, share=share,
                            interval=[round(v, 4) for v in wilson(wins, n)])
        log(f"{game}: the pruned network wins {share:.1%} against the starting weights over {n} games")
    if out is not None:
        out.write_bytes(weights)
    return weights, curve


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=["all", *VARIANTS], default="all")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a run of seconds, for checks")
    parser.add_argument("--out", type=Path, default=WEIGHTS, help="the directory the weights go to")
    parser.add_argument("--curve", type=Path, default=None, help="the directory the learning curves go to (JSON)")
    parser.add_argument("--generations", type=int)
    parser.add_argument("--games", type=int)
    parser.add_argument("--threads", type=int)
    parser.add_argument("--keep-one-in", type=int)
    parser.add_argument("--epochs", type=int)
    parser.add_argument("--hidden", type=int)
    parser.add_argument("--learning-rate", type=float, help="Adam's step size")
    parser.add_argument("--td-lambda", type=float, help="λ of the TD(λ) targets (1: the results alone)")
    parser.add_argument("--measure-against", choices=["medium", "start"],
                        help="what each generation plays to be measured: medium, or the starting weights head to "
                        "head (with --start; a sharper test, since the expert decides in a fraction of a millisecond)")
    parser.add_argument("--opponent", help="a bot (medium, hard, search:iterations=800, ...) that holds half the "
                        "seats of the network's games, the seats taken in turn (default: self-play)")
    parser.add_argument("--measure-games", type=int, help="the games of each generation's measure (0: none, and the "
                        "last generation is written)")
    parser.add_argument("--final-games", type=int, help="games of the last match, against hard (0: none)")
    parser.add_argument("--start", type=Path, help="go on from these weights instead of from scratch (with more "
                        "--hidden units than they have, or fewer features than the game's, the new ones start with "
                        "no effect)")
    parser.add_argument("--prune", type=int, metavar="UNITS",
                        help="instead of training, keep this many of the --start network's hidden units (those "
                        "whose part in its output varies most over one generation of its games) and fit its output "
                        "layer again: a narrower network that judges faster")
    args = parser.parse_args(argv)
    if args.prune is not None and args.start is None:
        parser.error("--prune keeps some of the units of a trained network: give it with --start")
    if args.measure_against == "start" and args.start is None:
        parser.error("--measure-against start measures each generation against the starting weights: "
                     "give them with --start")
    games = list(VARIANTS) if args.game == "all" else [args.game]
    args.out.mkdir(parents=True, exist_ok=True)
    for game in games:
        settings = Settings(**QUICK.__dict__) if args.quick else Settings(**GAME_SETTINGS.get(game, {}))
        options = ("generations", "games", "threads", "keep_one_in", "epochs", "hidden", "final_games",
                   "learning_rate", "td_lambda", "measure_against", "measure_games", "opponent")
        for name in options:
            if getattr(args, name) is not None:
                setattr(settings, name, getattr(args, name))
        start = args.start.read_bytes() if args.start else None
        if args.prune is not None and start is not None:
            weights, curve = prune(game, args.seed, settings, start, args.prune, args.out / f"{game}.bin")
        else:
            weights, curve = train(game, args.seed, settings, args.out / f"{game}.bin", start=start)
        print(f"{game}: wrote {args.out / (game + '.bin')} ({len(weights):,} bytes)")
        if args.curve is not None:
            args.curve.mkdir(parents=True, exist_ok=True)
            (args.curve / f"{game}.json").write_text(json.dumps(curve.__dict__, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
