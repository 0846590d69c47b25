"""Objects shared between threads: a Game's calls take turns; every other object is immutable."""

import random
import threading
from typing import Callable, List

import pytest

import fichas


def run_together(*tasks: Callable[[], None]) -> List[BaseException]:
    """Runs every task on a thread of its own and returns what they raised."""
    errors: List[BaseException] = []

    def guarded(task: Callable[[], None]) -> Callable[[], None]:
        def run() -> None:
            try:
                task()
            except BaseException as e:  # whatever a thread raised fails the test
                errors.append(e)

        return run

    threads = [threading.Thread(target=guarded(task)) for task in tasks]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
        assert not t.is_alive(), "a thread did not finish"
    return errors


@pytest.mark.parametrize("variant", ["poleana:2", "parchis:pairs", "cartas"])
def test_one_game_shared_by_two_threads(variant: str) -> None:
    # One thread asks for hints and lists actions while the other plays the game to its end:
    # no call fails, and the game ends as its record says.
    g = fichas.Game(variant, seed=5)
    over = threading.Event()
    hints = [0]

    def watch() -> None:
        bots = [fichas.Bot("medium", seed=1), fichas.Bot("search", seed=2, iterations=1_500, nodes=50_000)]
        while not over.is_set():
            g.suggest("medium")
            bots[hints[0] % 2].choose(g)
            g.legal_actions()
            g.view(0)
            g.position()
            hints[0] += 1

    def play() -> None:
        rng = random.Random(5)
        try:
            while not g.is_over:
                if g.to_act is None:
                    g.roll()
                else:
                    g.apply(rng.choice(g.legal_actions()))
        finally:
            over.set()

    assert run_together(watch, play) == []
    assert g.is_over and g.outcome is not None
    assert hints[0] > 0
    again = g.record().replay()
    assert again.position() == g.position()
    assert again.outcome == g.outcome


def test_threads_playing_one_game_take_turns() -> None:
    # Four threads race to play the same game. An action may be stale by the time it is
    # applied (another thread moved first): that is an IllegalActionError, and the game is
    # unchanged. Nothing else goes wrong, and the game is whole at the end.
    g = fichas.Game("parchis:pairs", seed=2)

    def player(seed: int) -> Callable[[], None]:
        def play() -> None:
            rng = random.Random(seed)
            while not g.is_over:
                try:
                    if g.to_act is None:
                        g.roll()
                    else:
                        actions = g.legal_actions()
                        if actions:
                            g.apply(rng.choice(actions))
                except fichas.IllegalActionError:
                    pass

        return play

    assert run_together(*(player(s) for s in range(4))) == []
    assert g.is_over
    assert g.record().replay().position() == g.position()


def test_one_bot_shared_by_threads_chooses_as_alone() -> None:
    # A Bot, like an Action, a View, a Record and a Suggestion, never changes: threads share it.
    bot = fichas.Bot("search", seed=3, iterations=300)
    g = fichas.Game("cartas", seed=4)
    while g.to_act is None:
        g.roll()
    view = g.view(g.to_act)
    alone = bot.choose(view)
    assert alone is not None
    seen: List[str] = []

    def choose() -> None:
        for _ in range(5):
            hint = bot.choose(view)
            assert hint is not None
            seen.append(hint.notation)

    assert run_together(choose, choose, choose) == []
    assert seen == [alone.notation] * 15
