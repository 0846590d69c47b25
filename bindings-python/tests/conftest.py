import random

import pytest

import fichas

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
