#!/usr/bin/env python3
"""Rates bots on one Elo scale from a round robin in a two-seat variant, OpenSpiel's MCTS included.

    python bindings-python/tools/elo_ladder.py --variant parchis:two-player \\
        --bots random,easy,medium,hard,expert --games 400 \\
        --mcts 100,1000 --mcts-games 100 --processes 2 --seed 0 --out target/ladder.json

Every pair of fichas bots plays ``--games`` games with `fichas.simulate`, half with each bot in
the first seat (the two halves meet the same dice). Each MCTS budget (``--mcts``, simulations a
decision, random rollouts on the engine, as `mcts_match.py` plays it) plays ``--mcts-games``
games against every fichas bot, the seats alternating game by game; two MCTS budgets do not meet
each other. A game cut off unfinished counts for neither side.

The ratings are the Bradley-Terry model's, fitted by maximum likelihood, on Elo's scale: a bot
400 points above another is expected to win 10 games to 1 against it. Every pairing counts half a
win each way on top of its games, so that a bot that never won, or never lost, still gets a
finite rating. The first bot of ``--bots`` is the anchor, at 0. The intervals are the 2.5% and
97.5% points of the ratings refitted on 1,000 parametric resamples (each pairing's wins drawn
again from its own win rate). The whole ladder is a function of ``--seed``.

It prints a table and writes the pairings, ratings and times to ``--out`` (JSON).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import multiprocessing
import sys
import time
from pathlib import Path
from typing import Any, Dict, List, NamedTuple, Optional, Sequence, Tuple

import numpy as np

import fichas

TOOLS = Path(__file__).resolve().parent


class Pairing(NamedTuple):
    """The games of two players: `wins` of the first, `losses` (wins of the second), `games`
    played to the end."""

    first: str
    second: str
    wins: int
    losses: int
    games: int


def fit(players: Sequence[str], pairings: Sequence[Pairing], prior: float = 0.5, rounds: int = 10_000) -> List[float]:
    """Bradley-Terry ratings on Elo's scale, the first player at 0: the maximum of the likelihood,
    by the minorisation-maximisation iteration, with `prior` wins added each way per pairing."""
    index = {p: i for i, p in enumerate(players)}
    n = len(players)
    wins = np.zeros((n, n))
    for p in pairings:
        i, j = index[p.first], index[p.second]
        wins[i, j] += p.wins + prior
        wins[j, i] += p.losses + prior
    played = wins + wins.T
    strength = np.ones(n)
    for _ in range(rounds):
        denominator = (played / (strength[:, None] + strength[None, :])).sum(axis=1)
        updated = wins.sum(axis=1) / denominator
        updated /= updated[0]
        if np.max(np.abs(np.log(updated) - np.log(strength))) < 1e-10:
            strength = updated
            break
        strength = updated
    return [400.0 * math.log10(s) for s in strength]


def intervals(
    players: Sequence[str], pairings: Sequence[Pairing], seed: int, resamples: int = 1000
) -> List[Tuple[float, float]]:
    """Each rating's 95% interval: its 2.5% and 97.5% points over `resamples` parametric
    resamples of the pairings."""
    rng = np.random.default_rng(seed)
    draws = []
    for _ in range(resamples):
        again = []
        for p in pairings:
            decided = p.wins + p.losses
            wins = int(rng.binomial(decided, p.wins / decided)) if decided else 0
            again.append(p._replace(wins=wins, losses=decided - wins))
        draws.append(fit(players, again, rounds=2_000))
    table = np.array(draws)
    return [(float(np.percentile(table[:, k], 2.5)), float(np.percentile(table[:, k], 97.5))) for k in range(len(players))]


def expected_share(difference: float) -> float:
    """The share of games a player `difference` Elo points above another is expected to win."""
    return float(1.0 / (1.0 + 10.0 ** (-difference / 400.0)))


def fichas_pairing(variant: str, a: str, b: str, games: int, seed: int, threads: int) -> Pairing:
    """`games` games of bots `a` and `b`, half with each in the first seat, on the same dice."""
    half = games // 2
    wins = losses = decided = 0
    for seats in ((a, b), (b, a)):
        result = fichas.simulate(variant, games=half, seed=seed, threads=threads, policy=list(seats)).to_dict()
        a_seat = seats.index(a)
        for winners, cut in zip(result["winners"], result["truncated"]):
            if cut or len(winners) != 1:
                continue
            decided += 1
            if winners[0] == a_seat:
                wins += 1
            else:
                losses += 1
    return Pairing(a, b, wins, losses, decided)


def mcts_pairing(
    variant: str, bot: str, simulations: int, games: int, seed: int, processes: int
) -> Tuple[Pairing, float]:
    """`games` games of fichas bot `bot` against MCTS with `simulations`, as `mcts_match.py`
    plays them; with MCTS's mean seconds a decision."""
    sys.path.insert(0, str(TOOLS))
    import mcts_match  # the match's own games, seeding and timing

    settings = mcts_match.MatchSettings(variant, bot, simulations, 2.0, "fichas", seed)
    results = mcts_match.play_match(settings, games, processes, progress=False)
    wins = sum(r.won for r in results)
    losses = sum(r.mcts_won for r in results)
    seconds = sum(r.mcts_seconds for r in results) / max(1, sum(r.mcts_decisions for r in results))
    return Pairing(bot, f"mcts-{simulations}", wins, losses, wins + losses), seconds


def table(players: Sequence[str], ratings: Sequence[float], spans: Sequence[Tuple[float, float]]) -> str:
    """The ladder, best first, as a Markdown table."""
    rows = ["| player | Elo | 95% interval |", "|---|---:|---|"]
    for k in sorted(range(len(players)), key=lambda k: -ratings[k]):
        low, high = spans[k]
        rows.append(f"| {players[k]} | {ratings[k]:.0f} | {low:.0f} to {high:.0f} |")
    return "\n".join(rows)


def main(argv: Optional[List[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="parchis:two-player", help="a two-seat variant (default %(default)s)")
    parser.add_argument(
        "--bots", default="random,easy,medium,hard,expert",
        help="fichas bots, comma-separated; the first is rated 0 (default %(default)s)",
    )
    parser.add_argument("--games", type=int, default=400, help="games a pair of fichas bots (default %(default)s)")
    parser.add_argument("--mcts", default="", help="MCTS budgets in simulations a decision, comma-separated")
    parser.add_argument("--mcts-games", type=int, default=100, help="games of each MCTS against each bot")
    parser.add_argument("--processes", type=int, default=2, help="threads and worker processes (default %(default)s)")
    parser.add_argument("--seed", type=int, default=0, help="the ladder's seed (default %(default)s)")
    parser.add_argument("--out", type=Path, help="where to write the ladder (JSON)")
    args = parser.parse_args(argv)
    bots = [b for b in args.bots.split(",") if b]
    try:
        budgets = [int(m) for m in args.mcts.split(",") if m]
    except ValueError:
        parser.error(f"--mcts takes whole numbers of simulations, such as 100,1000, not {args.mcts!r}")
    if len(bots) < 2 or len(set(bots)) != len(bots):
        parser.error("--bots names at least two different bots")
    if args.games < 2 or args.mcts_games < 1 or args.processes < 1 or any(m < 1 for m in budgets):
        parser.error("--games is at least 2; --mcts-games, --processes and each budget at least 1")
    if fichas.Game(args.variant).seats != 2:
        parser.error(f"{args.variant} does not have two seats: a ladder compares two players a game")

    pairings: List[Pairing] = []
    times: Dict[str, float] = {}
    started = time.perf_counter()
    for k, (a, b) in enumerate(itertools.combinations(bots, 2)):
        pairings.append(fichas_pairing(args.variant, a, b, args.games, args.seed * 1_000 + k, args.processes))
        print(f"{a} against {b}: {pairings[-1].wins}-{pairings[-1].losses}", file=sys.stderr)
    for simulations in budgets:
        spent: List[float] = []
        for bot in bots:
            pairing, theirs = mcts_pairing(
                args.variant, bot, simulations, args.mcts_games, args.seed, args.processes
            )
            pairings.append(pairing)
            spent.append(theirs)
            print(f"{bot} against MCTS {simulations}: {pairing.wins}-{pairing.losses}", file=sys.stderr)
        times[f"mcts-{simulations}"] = sum(spent) / len(spent)
    players = bots + [f"mcts-{m}" for m in budgets]
    ratings = fit(players, pairings)
    spans = intervals(players, pairings, args.seed)
    print(f"{args.variant}, seed {args.seed}, {time.perf_counter() - started:.0f} s")
    print(table(players, ratings, spans))
    if args.out is not None:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        ladder = {
            "variant": args.variant,
            "seed": args.seed,
            "pairings": [p._asdict() for p in pairings],
            "ratings": {p: {"elo": r, "interval": list(s)} for p, r, s in zip(players, ratings, spans)},
            "mcts_seconds_a_decision": times,
        }
        args.out.write_text(json.dumps(ladder, indent=2) + "\n")


if __name__ == "__main__":
    multiprocessing.freeze_support()
    main()
