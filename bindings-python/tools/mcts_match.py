#!/usr/bin/env python3
"""Plays a fichas bot against OpenSpiel's MCTS through fichas.openspiel, and reports the score.

    python bindings-python/tools/mcts_match.py --variant parchis:two-player --bot hard \\
        --games 400 --simulations 1000 --processes 2 --seed 0

The fichas bot (`fichas.Bot` of the strength given, any name fichas knows) takes seat
``g % seats`` in game ``g``, so the seats alternate game by game; OpenSpiel's Python MCTS
(`open_spiel.python.algorithms.mcts.MCTSBot`: UCT with c = ``--uct-c``, ``--simulations``
simulations a decision, MCTS-Solver on) plays every other seat. Its leaves are valued by one
random rollout each, played on the engine by `fichas.openspiel.FichasRolloutEvaluator`
(``--rollouts fichas``, about a microsecond a step) or by OpenSpiel's own
`mcts.RandomRolloutEvaluator` (``--rollouts openspiel``, through OpenSpiel's states: the same
random play, over ten times slower). A decision with a single legal action is played
without asking either bot, and is not timed.

Game ``g`` is seeded from ``--seed`` and ``g`` alone (its dice and deals, the MCTS's choices,
its rollouts, the fichas bot), so a match gives the same games for any ``--processes``. It
prints the fichas bot's wins, the games, its win rate with a Wilson 95% interval, and the mean
time a decision of each side. A win is a game in which the fichas bot's seat wins (in
``parchis:pairs`` its partner is an MCTS seat, so a two-seat variant compares more cleanly); a
game cut off at ``fichas.MAX_DECISIONS`` decisions is counted apart, as no side's win.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
import time
from typing import Any, Iterable, List, NamedTuple, Optional, Tuple

import numpy as np

import fichas
import fichas.openspiel as bridge
from open_spiel.python.algorithms import mcts  # type: ignore[import-untyped, import-not-found, unused-ignore]


class GameResult(NamedTuple):
    """One game of a match, from the fichas bot's side."""

    game: int
    seat: int
    won: bool
    mcts_won: bool
    cut_off: bool
    fichas_seconds: float
    fichas_decisions: int
    mcts_seconds: float
    mcts_decisions: int


class MatchSettings(NamedTuple):
    variant: str
    bot: str
    simulations: int
    uct_c: float
    rollouts: str
    seed: int


def seeds(seed: int, index: int) -> List[int]:
    """Four independent seeds for game `index` of a match: chance, MCTS, rollouts, fichas bot."""
    return [int(s) for s in np.random.SeedSequence([seed, index]).generate_state(4, dtype=np.uint32)]


def play_game(settings: MatchSettings, index: int) -> GameResult:
    """Plays game `index` of the match and times each side's decisions."""
    game = bridge.load_game(settings.variant)
    chance_seed, mcts_seed, rollout_seed, bot_seed = seeds(settings.seed, index)
    chance = np.random.RandomState(chance_seed)
    evaluator: mcts.Evaluator
    if settings.rollouts == "fichas":
        evaluator = bridge.FichasRolloutEvaluator(seed=rollout_seed)
    else:
        evaluator = mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(rollout_seed))
    searcher = mcts.MCTSBot(
        game,
        uct_c=settings.uct_c,
        max_simulations=settings.simulations,
        evaluator=evaluator,
        solve=True,
        random_state=np.random.RandomState(mcts_seed),
    )
    ours = bridge.FichasBot(settings.bot, seed=bot_seed)
    seat = index % game.num_players()
    seconds = {True: 0.0, False: 0.0}
    decisions = {True: 0, False: 0}
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(chance.choice(outcomes, p=probabilities)))
            continue
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
            continue
        mine = state.current_player() == seat
        started = time.perf_counter()
        action = (ours if mine else searcher).step(state)
        seconds[mine] += time.perf_counter() - started
        decisions[mine] += 1
        state.apply_action(action)
    returns = state.returns()
    won = returns[seat] > 0
    return GameResult(
        game=index,
        seat=seat,
        won=won,
        mcts_won=any(r > 0 for s, r in enumerate(returns) if s != seat) and not won,
        cut_off=state.cut_off,
        fichas_seconds=seconds[True],
        fichas_decisions=decisions[True],
        mcts_seconds=seconds[False],
        mcts_decisions=decisions[False],
    )


def _play_indexed(job: Any) -> GameResult:
    settings, index = job
    return play_game(settings, index)


def wilson(wins: int, games: int, z: float = 1.959964) -> Tuple[float, float]:
    """The Wilson score interval of a win rate (95% for the default z)."""
    if games == 0:
        return 0.0, 1.0
    rate = wins / games
    centre = rate + z * z / (2 * games)
    spread = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return (centre - spread) / scale, (centre + spread) / scale


def play_match(settings: MatchSettings, games: int, processes: int, progress: bool = True) -> List[GameResult]:
    """Plays games 0 to `games` - 1 on `processes` worker processes, in any order."""
    jobs = [(settings, index) for index in range(games)]
    results: List[GameResult] = []
    if processes == 1:
        finished: Iterable[GameResult] = map(_play_indexed, jobs)
        pool = None
    else:
        pool = multiprocessing.Pool(processes)
        finished = pool.imap_unordered(_play_indexed, jobs)
    try:
        for result in finished:
            results.append(result)
            if progress:
                wins = sum(r.won for r in results)
                sys.stderr.write(f"\r{len(results)}/{games} games, {settings.bot} won {wins}")
                sys.stderr.flush()
    finally:
        if pool is not None:
            pool.terminate()
        if progress:
            sys.stderr.write("\n")
    return sorted(results)


def report(settings: MatchSettings, results: List[GameResult]) -> str:
    """The match's summary: wins, games, win rate and interval, time a decision per side."""
    games = len(results)
    wins = sum(r.won for r in results)
    mcts_wins = sum(r.mcts_won for r in results)
    cut = sum(r.cut_off for r in results)
    low, high = wilson(wins, games)
    rate = wins / games if games else 0.0

    def per_decision(seconds: float, count: int) -> str:
        return f"{1000 * seconds / count:.1f} ms" if count else "no decision"

    ours_seconds = sum(r.fichas_seconds for r in results)
    ours_count = sum(r.fichas_decisions for r in results)
    theirs_seconds = sum(r.mcts_seconds for r in results)
    theirs_count = sum(r.mcts_decisions for r in results)
    rollouts = "on the engine" if settings.rollouts == "fichas" else "through OpenSpiel states"
    return "\n".join(
        [
            f"{settings.variant}: fichas {settings.bot} against MCTS (UCT c={settings.uct_c:g}, "
            f"{settings.simulations} simulations, random rollouts {rollouts}), seed {settings.seed}",
            f"wins: {wins}",
            f"games: {games}",
            f"win rate: {rate:.1%} (Wilson 95%: {low:.1%} to {high:.1%})",
            f"MCTS won {mcts_wins}; cut off unfinished: {cut}",
            f"mean time a decision: {settings.bot} {per_decision(ours_seconds, ours_count)} "
            f"({ours_count} decisions), MCTS {per_decision(theirs_seconds, theirs_count)} "
            f"({theirs_count} decisions)",
        ]
    )


def main(argv: Optional[List[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="parchis:two-player", help="any fichas variant (default %(default)s)")
    parser.add_argument("--bot", default="hard", help="the fichas bot's strength, as fichas.Bot takes it (default %(default)s)")
    parser.add_argument("--games", type=int, default=400, help="games to play (default %(default)s)")
    parser.add_argument("--simulations", type=int, default=1000, help="MCTS simulations a decision (default %(default)s)")
    parser.add_argument("--processes", type=int, default=2, help="worker processes (default %(default)s)")
    parser.add_argument("--seed", type=int, default=0, help="the match's seed (default %(default)s)")
    parser.add_argument("--uct-c", type=float, default=2.0, help="the UCT exploration constant (default %(default)s)")
    parser.add_argument(
        "--rollouts", choices=("fichas", "openspiel"), default="fichas",
        help="who plays the random rollouts: the engine (fast) or OpenSpiel's evaluator (default %(default)s)",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress line on standard error")
    args = parser.parse_args(argv)
    if args.games < 1 or args.simulations < 1 or args.processes < 1:
        parser.error("--games, --simulations and --processes must be at least 1")
    try:
        # Both are checked here, once, so that a typo fails before any worker starts.
        fichas.Bot(args.bot)
        bridge.load_game(args.variant)
    except fichas.ConfigError as e:
        parser.error(str(e))
    settings = MatchSettings(args.variant, args.bot, args.simulations, args.uct_c, args.rollouts, args.seed)
    results = play_match(settings, args.games, args.processes, progress=not args.quiet)
    print(report(settings, results))


if __name__ == "__main__":
    main()
