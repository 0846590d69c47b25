"""fichas: rules engine for Poleana, Parchís and a Dog-style card race.

Play a game step by step::

    import fichas
    g = fichas.Game("poleana:2", seed=7)
    while not g.is_over:
        if g.to_act is None:
            g.roll()
        else:
            g.apply(g.legal_actions()[0])
    print(g.outcome["winners"])

A server holds a `Table` instead: seats act only through ``submit``, the table rolls, and
each seat gets only the events it may see::

    t = fichas.Table("cartas", dice="verifiable")
    t.start()
    t.submit(t.to_act, t.step, t.legal_actions(t.to_act)[0])
    print(t.events_for(0)[-1])

or simulate many games in Rust, on every core::

    result = fichas.simulate("parchis:pairs", games=2_000, seed=1)
    print(result.to_pandas().groupby("winner").size())

Bots play every variant from what their seat may see::

    g = fichas.Game("parchis:pairs", seed=3)
    while g.to_act is None:
        g.roll()
    hint = fichas.Bot("hard", seed=1).choose(g)      # or g.suggest("hard")
    print(hint.action, hint.reason, hint.estimate)
    fichas.simulate("poleana", games=1000, policy=["medium", "easy"])   # seats take turns

A `Game`, a `Record` and a `View` copy and pickle (a game with the state of its dice).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Callable, Dict, Iterator, List, Optional, Union

from ._fichas import (
    Action,
    Bot,
    ConfigError,
    DiceError,
    FichasError,
    Game,
    GameOverError,
    HostOnlyError,
    IllegalActionError,
    NotYourTurnError,
    ParseError,
    Record,
    RecordError,
    StaleStepError,
    Suggestion,
    Table,
    TableError,
    View,
    __version__,
    replay,
    variants,
    verify_dice,
)
from ._fichas import simulate as _simulate

__all__ = [
    "Action",
    "Bot",
    "ConfigError",
    "DiceError",
    "FichasError",
    "Game",
    "GameOverError",
    "HostOnlyError",
    "IllegalActionError",
    "NotYourTurnError",
    "ParseError",
    "Record",
    "Policy",
    "RecordError",
    "SimulationResult",
    "StaleStepError",
    "Suggestion",
    "Table",
    "TableError",
    "View",
    "__version__",
    "replay",
    "simulate",
    "variants",
    "verify_dice",
]

#: How a seat plays in `simulate`: a name (``"random"``, ``"greedy"``, ``"search"``,
#: ``"easy"``, ``"medium"``, ``"hard"``), a `Bot`, or a callable that gets the seat's `View`
#: and its legal actions and returns one of them (or its notation).
Policy = Union[str, Bot, Callable[[View, List[Action]], Union[Action, str]]]


class SimulationResult:
    """One row per simulated game, kept as columns.

    Columns: ``winner`` (the first winning seat), ``winners`` (every winning seat: two for a
    side in the partnership modes, several for Poleana's special victory), ``turns``,
    ``decisions``, ``captures`` and, for Poleana, ``special`` (whether the special victory
    decided the game).
    """

    def __init__(self, variant: str, seed: int, columns: Dict[str, List[Any]]) -> None:
        self.variant = variant
        self.seed = seed
        self._columns = columns

    def __len__(self) -> int:
        return len(self._columns["winner"])

    def __iter__(self) -> Iterator[Dict[str, Any]]:
        names = list(self._columns)
        for row in zip(*(self._columns[n] for n in names)):
            yield dict(zip(names, row))

    @property
    def columns(self) -> List[str]:
        return list(self._columns)

    def __getitem__(self, column: str) -> List[Any]:
        return self._columns[column]

    def to_dict(self) -> Dict[str, List[Any]]:
        """The columns as a dict of lists (a copy)."""
        return {name: list(values) for name, values in self._columns.items()}

    def to_pandas(self) -> Any:
        """The results as a pandas DataFrame (needs pandas installed)."""
        try:
            import pandas  # type: ignore[import-untyped, import-not-found, unused-ignore]
        except ImportError as e:  # pragma: no cover - depends on the environment
            raise ImportError("to_pandas() needs pandas: pip install pandas") from e
        return pandas.DataFrame(self.to_dict())

    def to_polars(self) -> Any:
        """The results as a polars DataFrame (needs polars installed)."""
        try:
            import polars  # type: ignore[import-not-found, unused-ignore]
        except ImportError as e:  # pragma: no cover - depends on the environment
            raise ImportError("to_polars() needs polars: pip install polars") from e
        return polars.DataFrame(self.to_dict())

    def win_shares(self) -> Dict[int, float]:
        """The share of games each seat won (a side's seats share its wins)."""
        counts: Dict[int, int] = {}
        for winners in self._columns["winners"]:
            for seat in winners:
                counts[seat] = counts.get(seat, 0) + 1
        total = max(len(self), 1)
        return {seat: counts[seat] / total for seat in sorted(counts)}

    def __repr__(self) -> str:
        shares = ", ".join(f"seat {s}: {share:.1%}" for s, share in self.win_shares().items())
        return f"<SimulationResult {self.variant}: {len(self)} games; wins {shares}>"


def simulate(
    variant: str,
    games: int = 1000,
    seed: int = 0,
    threads: Optional[int] = None,
    policy: Union[Policy, Sequence[Policy]] = "random",
    progress: bool = False,
) -> SimulationResult:
    """Play ``games`` games of ``variant`` in Rust and return one row per game.

    ``policy`` says how every seat plays (see `Policy`), or is a list that seat ``s`` takes
    entry ``s % len(policy)`` of: ``["hard", "random"]`` seats the hard bot at seats 0 and 2.
    The bots run in Rust; the interpreter lock is released while the games run, on
    ``threads`` threads (default: every core). A Python callable needs the lock, so with one
    the games run one after another on this thread; whatever it raises stops the simulation,
    and an answer that is not a legal action raises `IllegalActionError`.

    Game ``i`` is seeded from ``seed`` and ``i`` (its dice, deals and every bot's choices), so
    the results are the same for any number of threads. ``progress=True`` shows a counter on
    standard error. Ctrl-C stops the batch, its worker threads included, and raises
    `KeyboardInterrupt`.
    """
    if games < 0:
        raise ConfigError(f"games must be at least 0, not {games}")
    if threads is not None and threads < 1:
        raise ConfigError(f"threads must be at least 1, not {threads}")
    report = _progress_bar(variant, games) if progress else None
    try:
        if isinstance(policy, Sequence) and not isinstance(policy, str):
            policy = list(policy)
        columns = _simulate(variant, games, seed, threads, policy, report)
    finally:
        if report is not None:
            report.close()
    return SimulationResult(variant, seed, columns)


class _progress_bar:
    """Shows how many games are done: with tqdm when it is installed, else a line on stderr."""

    def __init__(self, variant: str, games: int) -> None:
        self.games = games
        self.variant = variant
        self.shown = 0
        try:
            from tqdm.auto import tqdm  # type: ignore[import-untyped, import-not-found, unused-ignore]

            self.bar: Any = tqdm(total=games, desc=f"simulating {variant}", unit="game")
        except ImportError:
            self.bar = None

    def __call__(self, done: int) -> None:
        if self.bar is not None:
            self.bar.update(done - self.shown)
        else:
            import sys

            sys.stderr.write(f"\rsimulating {self.variant}: {done}/{self.games} games")
            sys.stderr.flush()
        self.shown = done

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
        else:
            import sys

            sys.stderr.write("\n")
