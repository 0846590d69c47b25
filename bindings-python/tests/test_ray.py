"""simulate(..., backend="ray"): a batch split into Ray tasks gives the local rows and totals.

A local Ray cluster of 2 CPUs starts once for the module. Without ray installed these tests
skip, unless FICHAS_REQUIRE_RAY=1 (as ./run-tests sets it): then each of them fails.
"""

import importlib
import os
import threading
import time
from typing import Any, Iterator, List, Optional

import pytest

import fichas

ray: Optional[Any]
try:
    ray = importlib.import_module("ray")
except ImportError:
    ray = None

REQUIRED = os.environ.get("FICHAS_REQUIRE_RAY") == "1"


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """The ray module, with a local cluster of 2 CPUs of its own running."""
    if ray is None:
        if REQUIRED:
            pytest.fail("FICHAS_REQUIRE_RAY=1 but ray is not importable: pip install ray")
        pytest.skip("ray is not installed (FICHAS_REQUIRE_RAY=1 makes this a failure)")
    if ray.is_initialized():
        ray.shutdown()
    started = time.perf_counter()
    # address="local": a cluster of its own, even where `ray start` left one running.
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    print(f"\nthe Ray cluster started in {time.perf_counter() - started:.1f} s")
    try:
        yield ray
    finally:
        ray.shutdown()


@pytest.mark.parametrize(
    "variant, policy, games",
    [
        ("parchis", "random", 300),
        ("poleana:2", ["greedy", "random"], 300),
        ("cartas", "random", 300),
        ("poleana", "random", 300),
        # A Bot plays as its strength, not as the policy of the same name: Bot("random") draws
        # from a bot's generator, "random" from the game's.
        ("parchis:pairs", fichas.Bot("random", seed=5), 200),
        ("poleana-express:2", [fichas.Bot("search", seed=1, nodes=300, depth=1), "greedy"], 12),
    ],
)
def test_rows_on_ray_are_the_local_rows(cluster: Any, variant: str, policy: Any, games: int) -> None:
    local = fichas.simulate(variant, games=games, seed=11, policy=policy)
    spread = fichas.simulate(variant, games=games, seed=11, policy=policy, backend="ray")
    assert isinstance(spread, fichas.SimulationResult)
    assert len(spread) == games
    assert spread.to_dict() == local.to_dict()
    assert (spread.variant, spread.seed) == (variant, 11)


def test_a_bot_is_not_its_policy_name(cluster: Any) -> None:
    bot = fichas.simulate("parchis", games=50, seed=3, policy=fichas.Bot("random"), backend="ray")
    name = fichas.simulate("parchis", games=50, seed=3, policy="random", backend="ray")
    assert bot.to_dict() != name.to_dict()


@pytest.mark.parametrize("tasks", [1, 3, 7, 64])
def test_any_number_of_tasks_gives_the_same_rows(cluster: Any, tasks: int) -> None:
    # 64 tasks for 40 games: one game a task.
    local = fichas.simulate("parchis:two-colours", games=40, seed=2, first=1000)
    spread = fichas.simulate(
        "parchis:two-colours", games=40, seed=2, first=1000, backend="ray", tasks=tasks
    )
    assert spread.to_dict() == local.to_dict()


def test_summary_on_ray_is_the_local_summary(cluster: Any) -> None:
    for variant in ["parchis", "poleana", "cartas"]:
        local = fichas.simulate(variant, games=2_000, seed=4, summary=True)
        spread = fichas.simulate(variant, games=2_000, seed=4, summary=True, backend="ray")
        assert isinstance(spread, fichas.SimulationSummary)
        assert spread == local
        assert spread.games == 2_000
    special = fichas.simulate("poleana", games=2_000, seed=4, summary=True, backend="ray", tasks=5)
    assert special.special > 0
    split = fichas.simulate(
        "poleana:2", games=500, seed=1, policy=["greedy", "random"], summary=True,
        backend="ray", tasks=3, threads=2,
    )
    whole = fichas.simulate("poleana:2", games=500, seed=1, policy=["greedy", "random"], summary=True)
    assert split == whole


def test_no_games_send_no_task(cluster: Any) -> None:
    assert len(fichas.simulate("cartas", games=0, backend="ray")) == 0
    empty = fichas.simulate("cartas", games=0, backend="ray", summary=True)
    assert empty.to_dict()["games"] == 0 and empty.wins == [0, 0, 0, 0]


def test_a_function_that_pickles_travels(cluster: Any) -> None:
    # Defined here, so Ray's cloudpickle sends the function itself; its answer depends only on
    # the view and the actions, so every task plays the local games.
    def last_action(view: fichas.View, actions: List[fichas.Choice]) -> str:
        return actions[-1].notation

    policy: List[fichas.Policy] = [last_action, "greedy"]
    local = fichas.simulate("poleana-express:2", games=24, seed=6, policy=policy)
    spread = fichas.simulate(
        "poleana-express:2", games=24, seed=6, policy=policy, backend="ray", tasks=4
    )
    assert spread.to_dict() == local.to_dict()


def test_a_callable_that_does_not_pickle_is_refused(cluster: Any) -> None:
    lock = threading.Lock()

    def locked(view: fichas.View, actions: List[fichas.Choice]) -> fichas.Choice:
        with lock:
            return actions[0]

    with pytest.raises(fichas.ConfigError, match="does not pickle.*a policy name, a Bot"):
        fichas.simulate("poleana:2", games=10, policy=locked, backend="ray")


def test_bad_options_are_refused_before_any_task(cluster: Any) -> None:
    with pytest.raises(fichas.ConfigError, match="unknown backend 'spark'.*'local'.*'ray'"):
        fichas.simulate("parchis", games=10, backend="spark")
    with pytest.raises(fichas.ConfigError, match="tasks must be at least 1"):
        fichas.simulate("parchis", games=10, backend="ray", tasks=0)
    with pytest.raises(fichas.ConfigError, match="threads must be at least 1"):
        fichas.simulate("parchis", games=10, backend="ray", threads=0)
    # The variant and the policy are checked here, as the local backend checks them.
    with pytest.raises(fichas.FichasError) as local:
        fichas.simulate("parchis:nine", games=10)
    with pytest.raises(type(local.value), match=str(local.value)[:20]):
        fichas.simulate("parchis:nine", games=10, backend="ray")
    with pytest.raises(fichas.ConfigError, match="unknown policy `genius`"):
        fichas.simulate("parchis", games=10, policy="genius", backend="ray")
    with pytest.raises(fichas.ConfigError, match="at most 100,000,000 games a call with rows"):
        fichas.simulate("parchis", games=100_000_001, backend="ray")


def test_progress_counts_the_finished_tasks(
    cluster: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    fichas.simulate("poleana:2", games=40, seed=1, progress=True, backend="ray", tasks=4)
    assert "4/4 tasks" in capsys.readouterr().err


def test_ray_is_initialised_when_it_is_not(cluster: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # The cluster runs already: simulate is told, once, that it does not (Ray itself asks too),
    # and its ray.init() is recorded instead of called.
    calls: List[Any] = []
    answers = iter([False])
    monkeypatch.setattr(cluster, "is_initialized", lambda: next(answers, True))
    monkeypatch.setattr(cluster, "init", lambda *args, **kwargs: calls.append((args, kwargs)))
    result = fichas.simulate("parchis", games=20, seed=1, backend="ray")
    assert calls == [((), {})]
    assert result.to_dict() == fichas.simulate("parchis", games=20, seed=1).to_dict()


def test_the_default_number_of_tasks(cluster: Any, capsys: pytest.CaptureFixture[str]) -> None:
    # Four tasks for each of the cluster's 2 CPUs (a task takes `threads` CPUs), and no more
    # tasks than games; the progress counter shows how many.
    for games, threads, tasks in [(100, None, 8), (3, None, 3), (100, 2, 4)]:
        fichas.simulate("parchis", games=games, seed=1, threads=threads, backend="ray", progress=True)
        assert f"{tasks}/{tasks} tasks" in capsys.readouterr().err
