import importlib.util
import pathlib
import random
import sys
from types import ModuleType

import pytest

import fichas

# The project's tools (bindings-python/tools), which are not part of the installed package.
TOOLS = pathlib.Path(__file__).resolve().parents[1] / "tools"


def load_tool(name: str) -> ModuleType:
    """The tool `TOOLS/name.py`, loaded once as the module `name`: registered before it runs,
    because its dataclasses and worker processes look it up by that name."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


# Every variant and mode of every game the package plays.
VARIANTS = [
    "poleana",
    "poleana:2",
    "poleana:3:free",
    "poleana-express",
    "poleana-express:2:assisted",
    "parchis",
    "parchis:YBR",
    "parchis:two-player",
    "parchis:two-colours",
    "parchis:pairs",
    "cartas",
]


def play_out(game: fichas.Game, rng: random.Random, limit: int = 200_000) -> fichas.Game:
    """Plays a game to its end with random choices."""
    for _ in range(limit):
        if game.is_over:
            return game
        if game.to_act is None:
            game.roll()
        else:
            game.apply(rng.choice(game.legal_actions()))
    raise AssertionError(f"no end after {limit} steps: {game.position()}")


@pytest.fixture(params=VARIANTS)
def variant(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    return name
