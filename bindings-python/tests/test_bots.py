"""Bots from Python: fichas.Bot, Game.suggest and the policies of simulate."""

from typing import List, Union

import pytest

import fichas

CAPTURE = "poleana:2:assisted turn=Y roll=5-3 Y=Y5,B2,start,start R=Y8,R9,start,start quiet=-"


def test_a_bot_suggests_an_action_with_its_reason() -> None:
    g = fichas.Game.from_position("poleana:2:assisted", CAPTURE)
    hint = fichas.Bot("easy", seed=1).choose(g)
    assert hint is not None
    assert hint.notation == "Y5+3"
    assert hint.action in g.legal_actions()
    assert hint.reason == "captures"
    assert hint.explanation == "captures a red token"
    assert hint.estimate is not None and 0.0 <= hint.estimate <= 1.0
    assert repr(hint).startswith("Suggestion('Y5+3', reason='captures'")
    # The same bot and seed on the same view: the same suggestion; g.suggest is a shortcut.
    again = g.suggest("easy", seed=1)
    assert again is not None and again.action == hint.action
    g.apply(hint.action)


def test_every_strength_plays_every_variant_to_the_end() -> None:
    strengths = ["random", "greedy", "search", "easy", "medium"]
    for i, variant in enumerate(["poleana:3", "poleana-express:2", "parchis:pairs", "parchis:two-colours", "cartas"]):
        g = fichas.Game(variant, seed=i)
        bots = [fichas.Bot(strengths[(i + s) % len(strengths)], seed=s) for s in range(4)]
        while not g.is_over:
            if g.to_act is None:
                g.roll()
                continue
            hint = bots[g.to_act].choose(g.view(g.to_act))
            assert hint is not None, g.position()
            g.apply(hint.action)
        assert g.outcome is not None


def test_the_expert_plays_every_game_and_explains_its_hints() -> None:
    # The expert judges with the network shipped in the crate; its hint says why, as the others'.
    reasons = set()
    for i, variant in enumerate(["poleana:2", "poleana-express", "parchis", "parchis:pairs", "cartas"]):
        g = fichas.Game(variant, seed=i)
        expert = fichas.Bot("expert", seed=i)
        while not g.is_over:
            if g.to_act is None:
                g.roll()
                continue
            hint = expert.choose(g.view(g.to_act))
            assert hint is not None and hint.action in g.legal_actions()
            assert hint.reason is not None and hint.explanation
            assert hint.estimate is not None and 0.0 <= hint.estimate <= 1.0
            reasons.add(hint.reason)
            g.apply(hint.action)
        assert g.outcome is not None
    assert {"captures", "advances"} <= reasons
    assert fichas.Bot("expert").strength == "expert"
    played = fichas.simulate("parchis:two-player", games=20, seed=3, policy=["expert", "medium"])
    assert len(played) == 20 and not any(played["truncated"])


def test_the_random_bot_gives_no_reason() -> None:
    hint = fichas.Bot("random", seed=3).choose(fichas.Game.from_position("poleana:2:assisted", CAPTURE))
    assert hint is not None and hint.reason is None and hint.estimate is None


def test_a_bot_does_not_act_while_nobody_decides() -> None:
    g = fichas.Game("parchis", seed=1)
    assert g.to_act is None
    assert fichas.Bot("hard").choose(g) is None
    assert g.suggest() is None


def test_a_search_takes_its_own_budget() -> None:
    bot = fichas.Bot("search", seed=2, nodes=5000, depth=1, iterations=50, playout=2, time_limit=0.5)
    assert bot.kind == "search"
    assert bot.budget == {"nodes": 5000, "depth": 1, "iterations": 50, "playout": 2, "time_limit": 0.5}
    assert fichas.Bot("hard").strength == "hard"
    assert fichas.Bot("easy").kind == "greedy"
    assert repr(fichas.Bot("medium", seed=4)) == "Bot('medium', seed=4)"
    # A budget of its own is written out, and the text makes the same bot again.
    assert bot.strength == "search:nodes=5000:depth=1:iterations=50:playout=2:ms=500"
    assert fichas.Bot(bot.strength, seed=2).budget == bot.budget
    assert fichas.Bot("search:iterations=800").budget["iterations"] == 800
    hint = bot.choose(fichas.Game.from_position("poleana:2:assisted", CAPTURE))
    assert hint is not None and hint.notation == "Y5+3"


def test_a_budget_has_one_limit_and_one_message_in_text_and_in_arguments() -> None:
    for key in ("nodes", "iterations"):
        with pytest.raises(fichas.ConfigError) as from_text:
            fichas.Bot(f"search:{key}=1000000000")
        with pytest.raises(fichas.ConfigError) as from_argument:
            fichas.Bot("hard", **{key: 10**9})
        assert str(from_text.value) == str(from_argument.value) == (
            f"cannot read {key} from `1000000000`: expected a whole number from 0 to 999,999,999"
        )
        most = fichas.Bot("hard", **{key: 999_999_999})
        assert most.strength == fichas.Bot(f"hard:{key}=999999999").strength


def test_the_experts_depth_is_its_one_budget_keyword() -> None:
    shallow = fichas.Bot("expert", seed=3, depth=0)
    assert shallow.strength == "expert:depth=0" == fichas.Bot("expert:depth=0").strength
    assert fichas.Bot("expert:depth=0", depth=1).strength == "expert"
    game = fichas.Game("parchis:two-player", seed=4)
    while game.to_act is None:
        game.roll()
    view = game.view(game.to_act)
    hint, same = shallow.choose(view), fichas.Bot("expert:depth=0", seed=3).choose(view)
    assert hint is not None and same is not None and hint.action == same.action
    with pytest.raises(fichas.ConfigError, match="expected depth=0 or depth=1"):
        fichas.Bot("expert", depth=2)
    with pytest.raises(fichas.ConfigError, match="does not search [(]the expert takes depth alone, 0 or 1[)]"):
        fichas.Bot("expert", depth=0, nodes=10)


def test_bad_bots_are_refused_with_a_clear_error() -> None:
    with pytest.raises(fichas.ConfigError, match="random, greedy, search, easy, medium, hard or expert"):
        fichas.Bot("genius")
    with pytest.raises(fichas.ConfigError, match="does not search"):
        fichas.Bot("greedy", nodes=10)
    with pytest.raises(fichas.ConfigError, match="cannot read nodes from `-1`"):
        fichas.Bot("search", nodes=-1)
    with pytest.raises(fichas.ConfigError, match="expected a whole number from 0 to 255"):
        fichas.Bot("hard", depth=1000)
    with pytest.raises(fichas.ConfigError, match="time_limit"):
        fichas.Bot("hard", time_limit=float("nan"))
    with pytest.raises(TypeError, match="Game or a View"):
        fichas.Bot().choose("poleana")  # type: ignore[arg-type]
    with pytest.raises(fichas.ConfigError):
        fichas.Game("poleana").suggest("genius")


def test_a_cartas_bot_sees_only_its_view() -> None:
    g = fichas.Game("cartas", seed=5)
    while g.to_act is None:
        g.roll()
    seat = g.to_act
    view = g.view(seat)
    bot = fichas.Bot("medium", seed=9)
    from_view, from_game = bot.choose(view), bot.choose(g)
    assert from_view is not None and from_game is not None
    assert from_view.action == from_game.action
    # A view sent to a client and read back gives the same suggestion.
    again = bot.choose(fichas.View.from_json(view.to_json()))
    assert again is not None and again.action == from_view.action


def test_simulate_takes_names_bots_and_lists_of_them() -> None:
    greedy = fichas.simulate("parchis:two-player", games=40, seed=3, policy="greedy")
    assert greedy.to_dict() == fichas.simulate("parchis:two-player", games=40, seed=3, policy="easy").to_dict()
    assert greedy.to_dict() != fichas.simulate("parchis:two-player", games=40, seed=3).to_dict()
    assert greedy.to_dict() == fichas.simulate("parchis:two-player", games=40, seed=3, policy=fichas.Bot("greedy")).to_dict()
    # Seat 0 greedy against seat 1 random: greedy wins most.
    searched = fichas.simulate("cartas", games=2, seed=3, policy="search:iterations=20")
    assert len(searched) == 2
    mixed = fichas.simulate("parchis:two-player", games=200, seed=3, policy=("greedy", "random"), threads=2)
    assert mixed.win_shares()[0] > 0.8
    assert mixed.to_dict() == fichas.simulate("parchis:two-player", games=200, seed=3, policy=["greedy", "random"], threads=1).to_dict()


def test_simulate_takes_a_python_callable() -> None:
    seen: List[int] = []

    def first(view: fichas.View, actions: List[fichas.Choice]) -> Union[fichas.Choice, str]:
        assert actions and actions == view.legal_actions()
        seen.append(len(actions))
        # Answer by notation every other time: both are accepted.
        return actions[0] if len(seen) % 2 else actions[0].notation

    result = fichas.simulate("poleana-express:2", games=5, seed=1, policy=[first, "greedy"])
    assert len(result) == 5 and all(w is not None for w in result["winner"])
    assert len(seen) > 0
    # A callable may use a bot: a hard bot's hint for every seat of a Cartas game.
    hard = fichas.Bot("search", iterations=20)

    def hinted(view: fichas.View, actions: List[fichas.Choice]) -> fichas.Choice:
        hint = hard.choose(view)
        assert hint is not None
        return hint.action

    cartas = fichas.simulate("cartas", games=1, seed=4, policy=hinted)
    assert len(cartas) == 1 and cartas["winner"][0] is not None


def test_a_callable_that_fails_stops_the_simulation() -> None:
    def boom(view: fichas.View, actions: List[fichas.Choice]) -> str:
        raise KeyError("my bug")

    with pytest.raises(KeyError, match="my bug"):
        fichas.simulate("parchis", games=3, policy=boom)

    def nonsense(view: fichas.View, actions: List[fichas.Choice]) -> str:
        return "Y99+42"

    with pytest.raises(fichas.IllegalActionError, match="not one of the legal actions"):
        fichas.simulate("parchis", games=1, policy=nonsense)

    def wrong_type(view: fichas.View, actions: List[fichas.Choice]) -> int:
        return 3

    with pytest.raises(TypeError, match="returns one of the Actions"):
        fichas.simulate("cartas", games=1, policy=wrong_type)  # type: ignore[arg-type]


def test_bad_policies_are_refused() -> None:
    with pytest.raises(fichas.ConfigError, match="unknown policy `genius`"):
        fichas.simulate("poleana", games=1, policy="genius")
    with pytest.raises(fichas.ConfigError, match="1 to 4 seats"):
        fichas.simulate("poleana", games=1, policy=[])
    with pytest.raises(TypeError, match="a policy is a name"):
        fichas.simulate("poleana", games=1, policy=[3])  # type: ignore[list-item]
