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

import importlib
from collections.abc import Iterable, Sequence
from typing import (
    Any,
    Callable,
    Dict,
    Iterator,
    List,
    Literal,
    NamedTuple,
    Optional,
    Union,
    overload,
)

from ._fichas import (
    MAX_DECISIONS,
    Bot,
    Choice,
    ConfigError,
    DiceError,
    FichasError,
    FutureStepError,
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
    geometry,
    languages,
    observation_layout,
    replay,
    variant_info,
    variants,
    verify_dice,
)
from ._fichas import simulate as _simulate

__all__ = [
    "MAX_DECISIONS",
    "Bot",
    "Choice",
    "ConfigError",
    "DiceError",
    "FichasError",
    "FutureStepError",
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
    "SimulationSummary",
    "StaleStepError",
    "Suggestion",
    "Table",
    "TableError",
    "View",
    "__version__",
    "geometry",
    "languages",
    "observation_layout",
    "replay",
    "simulate",
    "variant_info",
    "variants",
    "verify_dice",
]

#: How a seat plays in `simulate`: a name (``"random"``, ``"greedy"``, ``"search"``,
#: ``"easy"``, ``"medium"``, ``"hard"``), a `Bot`, or a callable that gets the seat's `View`
#: and its legal actions and returns one of them (or its notation).
Policy = Union[str, Bot, Callable[[View, List[Choice]], Union[Choice, str]]]


def __getattr__(name: str) -> Any:
    # `Action` was `Choice`'s name in 0.1; it stays, with a warning, for a while.
    if name == "Action":
        import warnings

        warnings.warn(
            "fichas.Action is deprecated: it is fichas.Choice, a legal action with its seat, id and marks",
            DeprecationWarning,
            stacklevel=2,
        )
        return Choice
    raise AttributeError(f"module 'fichas' has no attribute {name!r}")


class SimulationResult:
    """One row per simulated game, kept as columns.

    Columns: ``winner`` (the first winning seat), ``winners`` (every winning seat: two for a
    side in the partnership modes, several for Poleana's special victory), ``turns``,
    ``decisions``, ``captures``, ``truncated`` (the game was cut off at ``max_decisions``,
    unfinished: its ``winner`` is None and ``winners`` empty) and, for Poleana, ``special``
    (whether the special victory decided the game).

    ``winner`` names one seat of a shared win (the lowest), so counting it gives a shared win
    to that seat alone; `win_shares` shares it out.
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

    @property
    def truncated(self) -> int:
        """How many games were cut off, unfinished, at ``max_decisions``."""
        return sum(self._columns["truncated"])

    def win_shares(self) -> Dict[int, float]:
        """Each seat's share of the finished games' wins, for the seats that won any.

        A game's one win is shared equally among its winners: half to each seat of a winning
        side, a third to each of three quiet players who share Poleana's special victory. So
        the shares sum to 1 (truncated games, which nobody won, are left out).
        """
        return _shares(_twelfths(self._columns["winners"]), len(self) - self.truncated)

    def __repr__(self) -> str:
        shares = ", ".join(f"seat {s}: {share:.1%}" for s, share in self.win_shares().items())
        cut = f" ({self.truncated:,} truncated)" if self.truncated else ""
        return f"<SimulationResult {self.variant}: {len(self)} games{cut}; wins {shares}>"


def _twelfths(winners: Iterable[Sequence[int]]) -> Dict[int, int]:
    """Each seat's parts of the wins in twelfths: 12 for a lone winner, 6 for each of two, 4
    for each of three, 3 for each of four, so every finished game adds exactly 12."""
    parts: Dict[int, int] = {}
    for seats in winners:
        for seat in seats:
            parts[seat] = parts.get(seat, 0) + 12 // len(seats)
    return parts


def _shares(twelfths: Dict[int, int], finished: int) -> Dict[int, float]:
    whole = 12 * max(finished, 1)
    return {seat: part / whole for seat, part in sorted(twelfths.items()) if part}


class SimulationSummary:
    """The totals of a batch of games, without their rows: what ``simulate(..., summary=True)``
    returns, kept in constant memory however many games were played.

    ``games``; ``truncated``, the games cut off unfinished at ``max_decisions``; ``wins``, the
    games each seat won (both seats of a winning side count, and every winner of Poleana's
    special victory); ``win_twelfths``, each seat's parts of the wins in twelfths (see
    `win_shares`); ``special``, the games the special victory decided; and the ``turns``,
    ``decisions`` and ``captures`` of all the games added up.
    """

    def __init__(self, variant: str, seed: int, totals: Dict[str, Any]) -> None:
        self.variant = variant
        self.seed = seed
        self.games: int = totals["games"]
        self.truncated: int = totals["truncated"]
        self.wins: List[int] = list(totals["wins"])
        self.win_twelfths: List[int] = list(totals["win_twelfths"])
        self.special: int = totals["special"]
        self.turns: int = totals["turns"]
        self.decisions: int = totals["decisions"]
        self.captures: int = totals["captures"]

    def __len__(self) -> int:
        return self.games

    def win_shares(self) -> Dict[int, float]:
        """Each seat's share of the finished games' wins, as `SimulationResult.win_shares` gives
        it: a shared win is shared equally among its winners, the shares sum to 1, and seats
        that won no game are left out."""
        return _shares(dict(enumerate(self.win_twelfths)), self.games - self.truncated)

    @property
    def mean_turns(self) -> float:
        """Turns a game, on average."""
        return self.turns / max(self.games, 1)

    @property
    def mean_decisions(self) -> float:
        """Decisions a game, on average."""
        return self.decisions / max(self.games, 1)

    @property
    def mean_captures(self) -> float:
        """Captures a game, on average."""
        return self.captures / max(self.games, 1)

    def to_dict(self) -> Dict[str, Any]:
        """The totals as a dict: ``games``, ``truncated``, ``wins`` and ``win_twelfths`` (lists,
        one per seat), ``special``, ``turns``, ``decisions`` and ``captures``."""
        return {
            "games": self.games,
            "truncated": self.truncated,
            "wins": list(self.wins),
            "win_twelfths": list(self.win_twelfths),
            "special": self.special,
            "turns": self.turns,
            "decisions": self.decisions,
            "captures": self.captures,
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SimulationSummary):
            return NotImplemented
        mine = (self.variant, self.seed, self.to_dict())
        return mine == (other.variant, other.seed, other.to_dict())

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        shares = ", ".join(f"seat {s}: {share:.1%}" for s, share in self.win_shares().items())
        special = ""
        if self.variant.startswith("poleana"):
            special = f"; {self.special:,} by the special victory"
        cut = f" ({self.truncated:,} truncated)" if self.truncated else ""
        return (
            f"<SimulationSummary {self.variant}: {self.games:,} games{cut}; wins {shares}{special}; "
            f"a game {self.mean_turns:.1f} turns, {self.mean_decisions:.1f} decisions, "
            f"{self.mean_captures:.1f} captures>"
        )


# The backends `simulate` runs on.
_BACKENDS = ("local", "ray")


@overload
def simulate(
    variant: str,
    games: int = ...,
    seed: int = ...,
    threads: Optional[int] = ...,
    policy: Union[Policy, Sequence[Policy]] = ...,
    progress: bool = ...,
    *,
    summary: Literal[False] = ...,
    backend: str = ...,
    tasks: Optional[int] = ...,
    first: int = ...,
    max_decisions: int = ...,
) -> SimulationResult: ...
@overload
def simulate(
    variant: str,
    games: int = ...,
    seed: int = ...,
    threads: Optional[int] = ...,
    policy: Union[Policy, Sequence[Policy]] = ...,
    progress: bool = ...,
    *,
    summary: Literal[True],
    backend: str = ...,
    tasks: Optional[int] = ...,
    first: int = ...,
    max_decisions: int = ...,
) -> SimulationSummary: ...
@overload
def simulate(
    variant: str,
    games: int = ...,
    seed: int = ...,
    threads: Optional[int] = ...,
    policy: Union[Policy, Sequence[Policy]] = ...,
    progress: bool = ...,
    *,
    summary: bool,
    backend: str = ...,
    tasks: Optional[int] = ...,
    first: int = ...,
    max_decisions: int = ...,
) -> Union[SimulationResult, SimulationSummary]: ...
def simulate(
    variant: str,
    games: int = 1000,
    seed: int = 0,
    threads: Optional[int] = None,
    policy: Union[Policy, Sequence[Policy]] = "random",
    progress: bool = False,
    *,
    summary: bool = False,
    backend: str = "local",
    tasks: Optional[int] = None,
    first: int = 0,
    max_decisions: int = MAX_DECISIONS,
) -> Union[SimulationResult, SimulationSummary]:
    """Play ``games`` games of ``variant`` in Rust and return one row per game.

    ``policy`` says how every seat plays (see `Policy`), or is a list that seat ``s`` takes
    entry ``s % len(policy)`` of: ``["hard", "random"]`` seats the hard bot at seats 0 and 2.
    The bots run in Rust; the interpreter lock is released while the games run, on
    ``threads`` threads (default: every core). A Python callable needs the lock, so with one
    the games run one after another on this thread; whatever it raises stops the simulation,
    and an answer that is not a legal action raises `IllegalActionError`.

    Game ``i`` is seeded from ``seed`` and ``i`` (its dice, deals and every bot's choices), so
    the results are the same for any number of threads. The games are numbered from ``first``:
    ``simulate(v, 600, s, first=400)`` plays the last 600 rows of ``simulate(v, 1000, s)``, so
    parts of a batch played anywhere join into the whole. ``progress=True`` shows a counter on
    standard error. Ctrl-C stops the batch, its worker threads included, and raises
    `KeyboardInterrupt`.

    A game still going after ``max_decisions`` decisions (default `MAX_DECISIONS`, 20,000) is
    cut off and reported apart: its row has ``truncated=True`` and no winner, and the totals
    count it in ``truncated``. The rules have no draw; the bound only ends a loop that would
    never end, such as a policy that always takes the first legal action in Cartas (random
    players finish every game in a few thousand decisions at most).

    ``summary=True`` returns a `SimulationSummary` instead: the totals only (wins per seat,
    turns, decisions, captures, special victories), added up in Rust in constant memory, so
    a call may play up to 10,000,000,000 games where rows stop at 100,000,000.

    ``backend="ray"`` plays the batch as ``tasks`` Ray tasks of consecutive games (default: four
    for each CPU of the cluster, and never more tasks than games), each on ``threads`` threads
    and as many CPUs (default 1), then joins their rows in order or adds up their totals: the
    same result as ``backend="local"``, row for row. Ray must be installed, and fichas on every
    node. Unless Ray is initialised already (call ``ray.init(address=...)`` first to choose the
    cluster), this calls ``ray.init()``: it joins the cluster that ``RAY_ADDRESS`` names or the
    last one ``ray start`` started here, else starts one on this machine. Policy names and
    `Bot` objects travel to the tasks. A callable must pickle (with Ray's cloudpickle: a
    function or a lambda does, one that holds a lock or an open file does not, and raises
    `ConfigError`); each task plays with a copy of its own, so the games are the local ones
    only when its answer depends on nothing but the view and the actions.
    ``progress=True`` counts the finished tasks::

        import ray
        ray.init(num_cpus=2)
        totals = fichas.simulate("parchis", games=100_000, summary=True, backend="ray")
        print(totals.win_shares())
    """
    if backend not in _BACKENDS:
        raise ConfigError(
            f"unknown backend {backend!r}: a backend is 'local' (the cores of this machine) "
            "or 'ray' (the tasks of a Ray cluster)"
        )
    if games < 0:
        raise ConfigError(f"games must be at least 0, not {games}")
    if first < 0:
        raise ConfigError(f"first must be at least 0, not {first}")
    if threads is not None and threads < 1:
        raise ConfigError(f"threads must be at least 1, not {threads}")
    if tasks is not None and backend != "ray":
        raise ConfigError(
            "tasks is for backend='ray'; the local backend splits a batch into threads"
        )
    if tasks is not None and tasks < 1:
        raise ConfigError(f"tasks must be at least 1, not {tasks}")
    if not 1 <= max_decisions < 2**32:
        raise ConfigError(f"max_decisions must be from 1 to 4,294,967,295, not {max_decisions}")
    if isinstance(policy, Sequence) and not isinstance(policy, str):
        policy = list(policy)
    if backend == "ray":
        totals = _simulate_on_ray(
            variant, games, seed, threads, policy, progress, summary, tasks, first, max_decisions
        )
    else:
        report = _progress_bar(variant, games) if progress else None
        try:
            totals = _simulate(
                variant, games, seed, threads, policy, report, first, summary, max_decisions
            )
        finally:
            if report is not None:
                report.close()
    if summary:
        return SimulationSummary(variant, seed, totals)
    return SimulationResult(variant, seed, totals)


class _BotSpec(NamedTuple):
    """A `Bot` on its way to a Ray task (a Bot does not pickle): the text of its strength, which
    makes the same strength again, and its seed."""

    strength: str
    seed: int


def _portable(policy: Any, ray: Any) -> Any:
    """The policy (or list of them) as it can travel to a Ray task."""
    if isinstance(policy, list):
        return [_portable(p, ray) for p in policy]
    if isinstance(policy, Bot):
        return _BotSpec(policy.strength, policy.seed)
    if callable(policy):
        try:
            ray.cloudpickle.dumps(policy)
        except Exception as e:
            raise ConfigError(
                f"backend='ray' sends the policy to other processes, and {policy!r} does not "
                f"pickle ({type(e).__name__}: {e}); use a policy name, a Bot, or a callable that "
                "pickles"
            ) from e
    return policy


def _local(policy: Any) -> Any:
    """The policy a Ray task plays with, from its `_portable` form."""
    if isinstance(policy, list):
        return [_local(p) for p in policy]
    if isinstance(policy, _BotSpec):
        return Bot(policy.strength, policy.seed)
    return policy


def _simulate_part(
    variant: str,
    games: int,
    seed: int,
    threads: int,
    policy: Any,
    first: int,
    summary: bool,
    max_decisions: int,
) -> Any:
    """One Ray task: the games ``first``..``first + games`` of the batch."""
    from . import _fichas

    return _fichas.simulate(
        variant, games, seed, threads, _local(policy), None, first, summary, max_decisions
    )


def _simulate_on_ray(
    variant: str,
    games: int,
    seed: int,
    threads: Optional[int],
    policy: Any,
    progress: bool,
    summary: bool,
    tasks: Optional[int],
    first: int,
    max_decisions: int,
) -> Dict[str, Any]:
    """Plays the batch as Ray tasks of consecutive games and joins what they return in order."""
    limit = 10_000_000_000 if summary else 100_000_000
    if games > limit:
        raise ConfigError(
            "at most 10,000,000,000 games a call"
            if summary
            else "at most 100,000,000 games a call with rows (summary=True keeps only totals)"
        )
    if first + games >= 2**64:
        raise ConfigError("first + games is past 2**64")
    # No game: the variant and the policy are checked here, before any task is sent, and a
    # batch of no games is this answer.
    empty: Dict[str, Any] = _simulate(
        variant, 0, seed, 1, policy, None, first, summary, max_decisions
    )
    if games == 0:
        return empty
    try:
        ray: Any = importlib.import_module("ray")
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise ImportError("backend='ray' needs ray: pip install ray") from e
    portable = _portable(policy, ray)
    if not ray.is_initialized():
        ray.init()
    cpus = 1 if threads is None else threads
    if tasks is None:
        tasks = max(1, 4 * int(ray.cluster_resources().get("CPU", 1)) // cpus)
    tasks = min(tasks, games)
    starts = [first + games * k // tasks for k in range(tasks + 1)]
    part = ray.remote(num_cpus=cpus)(_simulate_part)
    refs = [
        part.remote(
            variant, starts[k + 1] - starts[k], seed, cpus, portable, starts[k], summary, max_decisions
        )
        for k in range(tasks)
    ]
    order = {ref: k for k, ref in enumerate(refs)}
    parts: List[Dict[str, Any]] = [empty] * tasks
    pending = list(refs)
    report = _progress_bar(variant, tasks, unit="task") if progress else None
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                parts[order[ref]] = ray.get(ref)
            if report is not None:
                report(tasks - len(pending))
    except BaseException:
        # Ctrl-C, or a task that raised: the others stop too.
        for ref in pending:
            ray.cancel(ref)
        raise
    finally:
        if report is not None:
            report.close()
    if summary:
        totals = dict(empty)
        for counts in parts:
            for name, value in counts.items():
                if name in ("wins", "win_twelfths"):
                    totals[name] = [a + b for a, b in zip(totals[name], value)]
                else:
                    totals[name] += value
        return totals
    return {name: [value for rows in parts for value in rows[name]] for name in empty}


class _progress_bar:
    """Shows how many games (or tasks) are done: with tqdm when it is installed, else a line on
    stderr."""

    def __init__(self, variant: str, games: int, unit: str = "game") -> None:
        self.games = games
        self.variant = variant
        self.unit = unit
        self.shown = 0
        try:
            from tqdm.auto import tqdm  # type: ignore[import-untyped, import-not-found, unused-ignore]

            self.bar: Any = tqdm(total=games, desc=f"simulating {variant}", unit=unit)
        except ImportError:
            self.bar = None

    def __call__(self, done: int) -> None:
        if self.bar is not None:
            self.bar.update(done - self.shown)
        else:
            import sys

            sys.stderr.write(f"\rsimulating {self.variant}: {done}/{self.games} {self.unit}s")
            sys.stderr.flush()
        self.shown = done

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
        else:
            import sys

            sys.stderr.write("\n")
