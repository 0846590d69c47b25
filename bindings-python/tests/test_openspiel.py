"""The OpenSpiel bridge (fichas.openspiel): OpenSpiel's own checks pass for every variant; chance,
observations, information states, serialisation, the cut-off and the bots behave as documented,
and Cartas never shows a seat another seat's cards."""

from __future__ import annotations

import contextlib
import io
import pickle
from typing import Any, Dict, List, Tuple

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python import observation as os_observation  # type: ignore[import-untyped, import-not-found, unused-ignore]  # noqa: E402
from open_spiel.python.algorithms import evaluate_bots, mcts  # type: ignore[import-untyped, import-not-found, unused-ignore]  # noqa: E402

import fichas  # noqa: E402
from fichas import openspiel as bridge  # noqa: E402

from conftest import TOOLS, load_tool  # noqa: E402


# fichas.variants(), a mode with infractions, and options that OpenSpiel's game strings cannot
# hold as fichas writes them.
VARIANTS = fichas.variants() + ["poleana-express:2:assisted", "parchis:pairs:first=G", "cartas:sets=1"]


def random_state(game: Any, steps: int, seed: int) -> Any:
    """A state `steps` steps into a game of random decisions and weighted chance."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def to_decision(state: Any, rng: np.random.RandomState) -> Any:
    """Plays chance until a seat decides."""
    while state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes())
        state.apply_action(int(rng.choice(outcomes, p=probabilities)))
    return state


# ---------------------------------------------------------------- OpenSpiel's checks


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_passes_openspiels_random_simulation_checks(variant: str) -> None:
    # Clones, legal actions, chance outcomes, observations, returns and, with serialize=True,
    # serialize_game_and_state round trips along whole random games.
    game = bridge.load_game(variant)
    pyspiel.random_sim_test(game, num_sims=1 if variant.startswith("cartas") else 2, serialize=True, verbose=False)


def test_both_games_are_registered_with_their_kind_of_information() -> None:
    types = {t.short_name: t for t in pyspiel.registered_games()}
    dice, cartas = types[bridge.DICE_GAME], types[bridge.CARTAS_GAME]
    assert dice.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert cartas.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    for kind in (dice, cartas):
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
        assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert pyspiel.load_game(bridge.DICE_GAME).get_parameters()["variant"] == "parchis:two-player"
    assert pyspiel.load_game(bridge.CARTAS_GAME).get_parameters()["variant"] == "cartas"


@pytest.mark.parametrize(
    "variant, zero_sum",
    [
        ("poleana:2", True),
        ("poleana-express:2", True),
        ("parchis:two-player", True),
        ("parchis:two-colours", True),
        ("parchis:pairs", True),
        ("poleana", False),
        ("poleana:3", False),
        ("parchis", False),
        ("parchis:3", False),
        ("cartas", False),
    ],
)
def test_a_game_is_zero_sum_exactly_when_every_end_sums_to_zero(variant: str, zero_sum: bool) -> None:
    game = bridge.load_game(variant)
    utility = game.get_type().utility
    assert utility == (pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM)
    assert game.utility_sum() == (0.0 if zero_sum else None)
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)


@pytest.mark.parametrize("variant", ["parchis:two-player", "poleana", "cartas"])
def test_game_info_comes_from_the_variant(variant: str) -> None:
    game = bridge.load_game(variant)
    probe = fichas.Game(variant)
    assert game.num_players() == probe.seats
    assert game.num_distinct_actions() == probe.action_space
    assert game.max_chance_outcomes() == (14 if variant == "cartas" else 21)
    assert game.max_game_length() == fichas.MAX_DECISIONS
    assert game.observation_tensor_shape() == [len(probe.observation(0))]


# ---------------------------------------------------------------- chance


@pytest.mark.parametrize("variant", ["parchis:two-player", "poleana:3", "cartas"])
def test_chance_probabilities_are_the_engines_weights_and_sum_to_one(variant: str) -> None:
    game = bridge.load_game(variant)
    table = bridge.CARD_OUTCOMES if variant == "cartas" else bridge.ROLL_OUTCOMES
    checked = 0
    for seed in range(20):
        if checked >= 300:
            break
        state = game.new_initial_state()
        rng = np.random.RandomState(seed)
        while not state.is_terminal() and checked < 300:
            if state.is_chance_node():
                weights = dict(state.fichas_game().chance_outcomes())
                total = sum(weights.values())
                outcomes = state.chance_outcomes()
                assert [i for i, _ in outcomes] == sorted(i for i, _ in outcomes)
                assert {table[i]: p for i, p in outcomes} == {t: w / total for t, w in weights.items()}
                assert sum(p for _, p in outcomes) == pytest.approx(1.0, abs=1e-12)
                checked += 1
                actions, probabilities = zip(*outcomes)
                state.apply_action(int(rng.choice(actions, p=probabilities)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
    assert checked >= 300


def test_chance_indices_follow_the_engines_listing_of_a_fresh_game() -> None:
    assert [text for text, _ in fichas.Game("parchis").chance_outcomes()] == list(bridge.ROLL_OUTCOMES)
    assert [text for text, _ in fichas.Game("cartas").chance_outcomes()] == list(bridge.CARD_OUTCOMES)
    state = bridge.load_game("parchis:two-player").new_initial_state()
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 0) == "roll 6-6"
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 20) == "roll 1-1"
    cards = bridge.load_game("cartas").new_initial_state()
    assert cards.action_to_string(pyspiel.PlayerId.CHANCE, 13) == "draw *"


def test_an_outcome_that_cannot_happen_now_raises_and_changes_nothing() -> None:
    # A custom deck without 7s: drawing one is refused by the engine.
    state = bridge.load_game("cartas:deck=8,8,8,8,8,8,0,8,8,8,8,8,8,6").new_initial_state()
    assert bridge.CARD_OUTCOMES.index("7") not in [i for i, _ in state.chance_outcomes()]
    before = str(state)
    with pytest.raises(fichas.FichasError):
        state.apply_action(bridge.CARD_OUTCOMES.index("7"))
    assert str(state) == before


# ---------------------------------------------------------------- decisions and the end


def test_legal_actions_are_the_games_ids_sorted_and_named_by_their_notation() -> None:
    state = to_decision(bridge.load_game("poleana").new_initial_state(), np.random.RandomState(4))
    for _ in range(40):
        state = to_decision(state, np.random.RandomState(len(state.history())))
        if state.is_terminal():
            break
        game = state.fichas_game()
        legal = state.legal_actions()
        assert legal == sorted(game.legal_action_ids())
        seat = state.current_player()
        assert [state.action_to_string(seat, a) for a in legal] == [game.action_from_id(a) for a in legal]
        assert state.action_to_string((seat + 1) % 4, legal[0]) == f"action {legal[0]}"
        for other in range(4):
            if other != seat:
                assert state.legal_actions(other) == []
        state.apply_action(legal[-1])


def test_an_illegal_id_raises_and_changes_nothing() -> None:
    state = to_decision(bridge.load_game("parchis:two-player").new_initial_state(), np.random.RandomState(0))
    illegal = next(a for a in range(state.get_game().num_distinct_actions()) if a not in state.legal_actions())
    before = str(state), state.history()
    with pytest.raises(fichas.IllegalActionError):
        state.apply_action(illegal)
    assert (str(state), state.history()) == before


def test_returns_are_the_engines_at_the_end_and_zero_before() -> None:
    for variant in ("parchis:pairs", "poleana-express"):
        state = bridge.load_game(variant).new_initial_state()
        assert state.returns() == [0.0] * state.num_players()
        state = random_state(state.get_game(), 100_000, seed=2)
        assert state.is_terminal() and not state.cut_off
        assert state.current_player() == pyspiel.PlayerId.TERMINAL
        game = state.fichas_game()
        winners = game.outcome["winners"]
        assert state.returns() == [1.0 if s in winners else -1.0 for s in range(state.num_players())]
        assert state.returns() == game.returns()


def test_a_game_is_cut_off_at_max_decisions_unfinished_with_zero_returns() -> None:
    game = bridge.load_game("cartas", max_decisions=40)
    assert game.max_game_length() == 40
    assert game.get_parameters()["max_decisions"] == 40
    state = random_state(game, 10_000, seed=1)
    assert state.is_terminal() and state.cut_off
    assert state.decisions == 40 and state.chance_events < 80
    assert not state.fichas_game().is_over
    assert state.returns() == [0.0, 0.0, 0.0, 0.0]
    assert state.legal_actions() == []
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    with pytest.raises(fichas.FichasError, match="cut off unfinished"):
        state.apply_action(0)


def test_a_game_is_cut_off_at_twice_max_decisions_chance_events() -> None:
    # The first deal alone is 24 cards: with max_decisions=5 the tenth card ends the game.
    state = random_state(bridge.load_game("cartas", max_decisions=5), 10_000, seed=1)
    assert state.cut_off and (state.decisions, state.chance_events) == (0, 10)
    assert state.returns() == [0.0, 0.0, 0.0, 0.0]


def test_a_rollout_stops_where_the_state_would_be_cut_off() -> None:
    game = bridge.load_game("cartas", max_decisions=40)
    rng = np.random.RandomState(0)
    early = to_decision(game.new_initial_state(), rng)
    while early.decisions < 39:
        early.apply_action(int(rng.choice(early.legal_actions())))
        to_decision(early, rng)
    # A Cartas game does not end in 40 decisions, so every rollout is cut off and returns 0.
    assert list(bridge.FichasRolloutEvaluator(n_rollouts=3, seed=0).evaluate(early)) == [0.0] * 4


# ---------------------------------------------------------------- clones and serialisation


def test_a_clone_plays_on_without_touching_the_original() -> None:
    state = random_state(bridge.load_game("poleana:2"), 30, seed=3)
    before = str(state), state.history()
    clone = state.clone()
    for _ in range(20):
        to_decision(clone, np.random.RandomState(0))
        clone.apply_action(clone.legal_actions()[-1])
    assert (str(state), state.history()) == before
    assert str(clone) != before[0]


@pytest.mark.parametrize("variant", ["parchis:pairs", "poleana", "cartas", "cartas:sets=1"])
def test_serialisation_round_trips_mid_game_and_plays_on_alike(variant: str) -> None:
    game = bridge.load_game(variant)
    state = random_state(game, 120, seed=5)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert game2.get_parameters() == game.get_parameters()
    pickled = pickle.loads(pickle.dumps(state))  # pyspiel pickles a state through the same form
    rng = np.random.RandomState(9)
    for _ in range(60):
        for restored in (state2, pickled):
            assert str(restored) == str(state)
            assert restored.history() == state.history()
            assert restored.current_player() == state.current_player()
            for seat in range(game.num_players()):
                assert restored.observation_tensor(seat) == state.observation_tensor(seat)
                assert restored.information_state_string(seat) == state.information_state_string(seat)
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            action = int(rng.choice(outcomes, p=probabilities))
        else:
            action = int(rng.choice(state.legal_actions()))
        for playing in (state, state2, pickled):
            playing.apply_action(action)


def test_a_game_string_holds_a_variant_with_options_and_loads_it_again() -> None:
    game = pyspiel.load_game(bridge.CARTAS_GAME, {"variant": "cartas:sets=3:jokers=2"})
    assert str(game) == "python_fichas_cartas(max_decisions=20000,variant=cartas:sets~3:jokers~2)"
    again = pyspiel.load_game(str(game))
    assert again.new_initial_state().fichas_game().variant == "cartas:sets=3:jokers=2"
    deck = bridge.load_game("cartas:deck=8,8,8,8,8,8,0,8,8,8,8,8,8,6")
    assert pyspiel.load_game(str(deck)).get_parameters() == deck.get_parameters()


# ---------------------------------------------------------------- observations


@pytest.mark.parametrize("variant", ["parchis:two-colours", "poleana:3", "cartas"])
def test_observation_tensors_are_the_seats_fichas_observations(variant: str) -> None:
    game = bridge.load_game(variant)
    observer = os_observation.make_observation(game)
    layout = fichas.observation_layout(variant)
    assert list(observer.dict) == [s["name"] for s in layout]
    for steps in (0, 15, 80, 300):
        state = random_state(game, steps, seed=steps)
        engine = state.fichas_game()
        for seat in range(game.num_players()):
            expected = engine.observation(seat)
            assert len(state.observation_tensor(seat)) == game.observation_tensor_shape()[0]
            np.testing.assert_array_equal(np.array(state.observation_tensor(seat), np.float32), expected)
            observer.set_from(state, seat)
            np.testing.assert_array_equal(observer.tensor, expected)
            for section in layout:
                np.testing.assert_array_equal(observer.dict[section["name"]], expected[section["start"] : section["stop"]])


def test_dice_games_observe_the_position_and_recall_the_history() -> None:
    state = random_state(bridge.load_game("parchis:pairs"), 50, seed=1)
    for seat in range(4):
        assert state.observation_string(seat) == str(state) == state.fichas_game().position()
        assert state.information_state_string(seat) == state.history_str()


def deal_then_exchange(seat_1_rank: str) -> List[Any]:
    """A Cartas state after each step of a deal and an exchange in which every card is fixed
    but seat 1's: six of `seat_1_rank`. Seat 0 leads, and no card of seat 0 can steal."""
    hands = {0: "A34568", 1: seat_1_rank * 6, 2: "778899", 3: "TTJJA9"}
    passes = {0: "3", 1: seat_1_rank, 2: "7", 3: "T"}
    state = bridge.load_game("cartas").new_initial_state()
    states = [state.clone()]
    for card in range(6):
        for seat in range(4):
            assert state.is_chance_node()
            state.apply_action(bridge.CARD_OUTCOMES.index(hands[seat][card]))
            states.append(state.clone())
    for seat in range(4):
        assert state.current_player() == seat
        named = {state.action_to_string(seat, a): a for a in state.legal_actions()}
        state.apply_action(named[f"pass:{passes[seat]}"])
        states.append(state.clone())
    assert state.current_player() == 0
    return states


def test_cartas_shows_seat_0_nothing_of_seat_1s_hand() -> None:
    queens, kings = deal_then_exchange("Q"), deal_then_exchange("K")
    seen_apart = 0
    for q, k in zip(queens, kings):
        assert q.observation_tensor(0) == k.observation_tensor(0)
        assert q.observation_string(0) == k.observation_string(0)
        assert q.information_state_string(0) == k.information_state_string(0)
        assert q.legal_actions(0) == k.legal_actions(0)
        # The check can fail: seat 1 sees its own cards, and the full state shows every hand.
        seen_apart += q.information_state_string(1) != k.information_state_string(1)
    assert seen_apart == len(queens) - 2  # all but before any card and before seat 1's first
    assert str(queens[-1]) != str(kings[-1])
    # Seat 0's bot decides from its view, so the hidden hand changes nothing.
    assert bridge.FichasBot("hard", seed=3).step(queens[-1]) == bridge.FichasBot("hard", seed=3).step(kings[-1])


def test_a_cartas_information_state_digests_every_view_the_seat_had_and_its_own_actions() -> None:
    # The documented definition, recomputed from the history on a fresh engine game.
    state = random_state(bridge.load_game("cartas"), 90, seed=4)
    replayed = fichas.Game("cartas", seed=0)
    digests = [bridge._recall_step(b"", b"", replayed.view(seat).to_json()) for seat in range(4)]
    for step in state.full_history():
        player, action = step.player, step.action
        if player == pyspiel.PlayerId.CHANCE:
            replayed.apply_chance(bridge.CARD_OUTCOMES[action])
        else:
            replayed.apply_id(action)
        digests = [
            bridge._recall_step(digest, b"\x01%d" % action if seat == player else b"\x00", replayed.view(seat).to_json())
            for seat, digest in enumerate(digests)
        ]
    for seat in range(4):
        assert state.information_state_string(seat) == f"{replayed.view(seat).to_json()} recall={digests[seat].hex()}"
    assert len(set(state.information_state_string(seat) for seat in range(4))) == 4


def test_openspiels_rl_environment_observes_the_observation_tensor() -> None:
    from open_spiel.python import rl_environment  # type: ignore[import-untyped, import-not-found, unused-ignore]

    env = rl_environment.Environment(bridge.load_game("parchis:two-player"), seed=1)
    step = env.reset()
    decisions = 0
    while not step.last():
        seat = step.observations["current_player"]
        engine = env.get_state.fichas_game()
        np.testing.assert_array_equal(np.array(step.observations["info_state"][seat], np.float32), engine.observation(seat))
        assert step.observations["legal_actions"][seat] == env.get_state.legal_actions()
        step = env.step([step.observations["legal_actions"][seat][-1]])
        decisions += 1
    assert sorted(step.rewards) == [-1.0, 1.0] and decisions > 20


def test_observers_refuse_what_they_do_not_offer() -> None:
    cartas = bridge.load_game("cartas")
    everyone = pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)
    with pytest.raises(ValueError, match="SINGLE_PLAYER"):
        cartas.make_py_observer(everyone)
    with pytest.raises(ValueError, match="public_info"):
        cartas.make_py_observer(pyspiel.IIGObservationType(public_info=False, perfect_recall=False))
    with pytest.raises(ValueError, match="no parameters"):
        cartas.make_py_observer(None, {"cards": "all"})
    with pytest.raises(ValueError, match="no tensor"):
        cartas.new_initial_state().information_state_tensor(0)
    # The dice games hide nothing, so any private_info observes the same.
    dice = bridge.load_game("parchis")
    state = random_state(dice, 30, seed=0)
    public = dice.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))
    assert public.string_from(state, 2) == state.observation_string(2)


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize(
    "name, params, error, message",
    [
        (bridge.DICE_GAME, {"variant": "parchis:six"}, fichas.ConfigError, "cannot read Parchís configuration"),
        (bridge.DICE_GAME, {"variant": "dominoes"}, fichas.ConfigError, "expected poleana, poleana-express, parchis or cartas"),
        (bridge.DICE_GAME, {"variant": "cartas"}, fichas.ConfigError, "python_fichas_cartas"),
        (bridge.CARTAS_GAME, {"variant": "poleana"}, fichas.ConfigError, "'python_fichas'"),
        (bridge.DICE_GAME, {"max_decisions": 0}, fichas.ConfigError, "max_decisions must be from 1"),
        (bridge.DICE_GAME, {"seats": 2}, pyspiel.SpielError, "Unknown parameter 'seats'"),
        (bridge.DICE_GAME, {"variant": 2}, pyspiel.SpielError, "Wrong type for parameter variant"),
    ],
)
def test_bad_parameters_raise_errors_that_say_what_is_wrong(
    name: str, params: Dict[str, Any], error: type, message: str
) -> None:
    with pytest.raises(error, match=message):
        pyspiel.load_game(name, params)


# ---------------------------------------------------------------- bots


def test_a_fichas_bot_plays_what_fichas_bot_chooses_from_the_seats_view() -> None:
    state = random_state(bridge.load_game("parchis:two-player"), 60, seed=8)
    state = to_decision(state, np.random.RandomState(1))
    seat = state.current_player()
    hint = fichas.Bot("hard", seed=5).choose(state.fichas_game().view(seat))
    assert hint is not None
    expected = hint.action.id
    assert bridge.FichasBot("hard", seed=5).step(state) == expected
    assert bridge.FichasBot(fichas.Bot("hard", seed=5)).step(state) == expected


def test_a_fichas_bot_refuses_chance_nodes_other_games_and_unknown_strengths() -> None:
    bot = bridge.FichasBot("easy")
    with pytest.raises(fichas.FichasError, match="no seat decides"):
        bot.step(bridge.load_game("poleana").new_initial_state())
    with pytest.raises(TypeError, match="python_fichas"):
        bot.step(pyspiel.load_game("tic_tac_toe").new_initial_state())
    with pytest.raises(fichas.ConfigError, match="cannot read bot"):
        bridge.FichasBot("grandmaster")


def test_openspiels_mcts_plays_a_whole_game_against_a_fichas_bot() -> None:
    game = bridge.load_game("poleana-express:2")
    searcher = mcts.MCTSBot(
        game, uct_c=2, max_simulations=4,
        evaluator=mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(1)),
        random_state=np.random.RandomState(2),
    )
    for seats in ([searcher, bridge.FichasBot("easy", seed=1)], [bridge.FichasBot("easy", seed=1), searcher]):
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), seats, np.random.RandomState(3))
        assert sorted(returns) == [-1.0, 1.0]


def test_fichas_rollouts_value_a_state_as_openspiels_rollouts_do() -> None:
    # Both evaluators play uniformly random legal actions and weighted chance to the end, so
    # their means agree within sampling error. This position is open (about -0.55 for seat 0)
    # and late enough for short rollouts.
    game = bridge.load_game("parchis:two-player")
    state = to_decision(random_state(game, 150, seed=13), np.random.RandomState(0))
    assert not state.is_terminal()
    ours_n, theirs_n = 1200, 300
    ours = bridge.FichasRolloutEvaluator(n_rollouts=ours_n, seed=1).evaluate(state)
    theirs = mcts.RandomRolloutEvaluator(n_rollouts=theirs_n, random_state=np.random.RandomState(1)).evaluate(state)
    assert ours.sum() == pytest.approx(0.0) and theirs.sum() == pytest.approx(0.0)
    assert -0.9 < ours[0] < -0.2  # open indeed: a test of agreement between two near-certain values would be weak
    # Four standard errors of the difference of two means of returns in [-1, 1].
    assert abs(ours[0] - theirs[0]) < 4 * np.sqrt(1 / ours_n + 1 / theirs_n)
    assert bridge.FichasRolloutEvaluator(seed=0).prior(state) == mcts.RandomRolloutEvaluator().prior(state)


# ---------------------------------------------------------------- tools/mcts_match.py


def load_match_tool() -> Any:
    """tools/mcts_match.py as the module ``mcts_match`` (its workers unpickle it by that name)."""
    return load_tool("mcts_match")


def test_the_match_tool_reports_wins_games_rate_and_times() -> None:
    tool = load_match_tool()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        tool.main(["--variant", "poleana-express:2", "--bot", "easy", "--games", "2",
                   "--simulations", "3", "--processes", "1", "--quiet"])
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("poleana-express:2: fichas easy against MCTS (UCT c=2, 3 simulations")
    wins = int(lines[1].removeprefix("wins: "))
    assert lines[2] == "games: 2"
    assert lines[3].startswith(f"win rate: {wins / 2:.1%} (Wilson 95%: ")
    assert lines[5].startswith("mean time a decision: easy ")


def test_the_match_tool_plays_the_same_games_on_any_number_of_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(TOOLS))  # for workers that start by importing the tool
    tool = load_match_tool()
    settings = tool.MatchSettings("parchis:two-player", "random", 2, 2.0, "fichas", 7)

    def untimed(results: List[Any]) -> List[Tuple[int, int, bool, int, int]]:
        return [(r.game, r.seat, r.won, r.fichas_decisions, r.mcts_decisions) for r in results]

    one = tool.play_match(settings, 2, 1, progress=False)
    two = tool.play_match(settings, 2, 2, progress=False)
    assert untimed(one) == untimed(two)
    assert [r.seat for r in one] == [0, 1]


def test_the_wilson_interval_matches_its_formula_at_known_points() -> None:
    tool = load_match_tool()
    low, high = tool.wilson(50, 100)
    assert (round(low, 4), round(high, 4)) == (0.4038, 0.5962)
    assert tool.wilson(0, 10)[0] == 0.0 and round(tool.wilson(0, 10)[1], 4) == 0.2775
