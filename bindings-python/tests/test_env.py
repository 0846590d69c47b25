"""Learning environments (fichas.env) and the Game calls under them: PettingZoo's and
Gymnasium's own checkers pass for every variant; masks, rewards, seeds and the batch behave as
documented."""

from __future__ import annotations

import random
import re
import subprocess
import sys
import textwrap
import warnings
from typing import Any, Dict, Iterator, List

import gymnasium
import numpy as np
import numpy.typing as npt
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped, import-not-found, unused-ignore]

import fichas
from fichas import env
from fichas._fichas import observation_layout

VARIANTS = [
    "poleana:2",
    "poleana:3",
    "poleana",
    "poleana-express:2",
    "poleana-express",
    "poleana:free",
    "parchis",
    "parchis:3",
    "parchis:two-player",
    "parchis:two-colours",
    "parchis:pairs",
    "cartas",
]


@pytest.fixture
def strict_warnings() -> Iterator[None]:
    """Turns warnings into errors, except two that PettingZoo's api_test gives every env not on
    its own lists of names: it accepts a dict observation ({"observation", "action_mask"}, the
    format of its classic games, which these envs follow) only from the envs it names
    (env_obs_dicts and env_obs_space in pettingzoo/test/api_test.py)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings(
            "ignore", message="Observation space for each agent probably should be gymnasium.spaces.box"
        )
        yield


# ---------------------------------------------------------------- Game calls for learning


@pytest.mark.parametrize("variant", VARIANTS)
def test_game_ids_masks_observations_and_returns_agree_through_a_random_game(variant: str) -> None:
    g = fichas.Game(variant, seed=11)
    rng = random.Random(11)
    layout = observation_layout(variant)
    length = layout[-1]["stop"]
    assert [s["start"] for s in layout] == [0] + [s["stop"] for s in layout[:-1]]
    decisions = 0
    while not g.is_over:
        assert g.returns() == [0.0] * g.seats and g.rewards() == [0.0] * g.seats
        mask = g.legal_mask()
        ids = g.legal_action_ids()
        assert mask.dtype == np.bool_ and mask.shape == (g.action_space,)
        if g.to_act is None:
            assert ids == [] and not mask.any()
            g.roll_quietly()
            continue
        assert int(mask.sum()) == len(ids) > 0
        assert ids == [a.id for a in g.legal_actions()]
        assert sorted(ids) == list(np.flatnonzero(mask))
        obs = g.observation(g.to_act)
        assert obs.dtype == np.float32 and obs.shape == (length,)
        assert ((obs >= 0) & (obs <= 1)).all()
        g.apply_id(rng.choice(ids))
        decisions += 1
    assert decisions > 0 and g.to_act is None
    assert g.legal_action_ids() == [] and not g.legal_mask().any()
    outcome = g.outcome
    assert outcome is not None
    winners = set(outcome["winners"])
    expected = [1.0 if s in winners else -1.0 for s in range(g.seats)]
    assert g.returns() == expected and g.rewards() == expected
    assert sum(g.returns()) == len(winners) - (g.seats - len(winners))
    for seat in range(g.seats):
        obs = g.observation(seat)
        assert ((obs >= 0) & (obs <= 1)).all()


def test_game_apply_id_refuses_an_illegal_id_and_changes_nothing() -> None:
    g = fichas.Game("parchis", seed=2)
    with pytest.raises(fichas.IllegalActionError):
        g.apply_id(0)  # chance is pending
    g.roll_quietly()
    before = g.position()
    illegal = next(i for i in range(g.action_space) if i not in g.legal_action_ids())
    for bad in (illegal, -1, g.action_space, 1 << 40):
        with pytest.raises(fichas.IllegalActionError):
            g.apply_id(bad)
    assert g.position() == before


def test_game_roll_quietly_rolls_what_roll_would() -> None:
    loud, quiet = fichas.Game("poleana:2", seed=9), fichas.Game("poleana:2", seed=9)
    for _ in range(30):
        if loud.is_over:
            break
        if loud.to_act is None:
            loud.roll()
            quiet.roll_quietly()
        else:
            action = loud.legal_actions()[0]
            loud.apply(action)
            assert action.id is not None
            quiet.apply_id(action.id)
        assert loud.position() == quiet.position()


# ---------------------------------------------------------------- PettingZoo


class CountingEnds(env.FichasAECEnv):
    """Counts the steps of finished agents (each leaves with one)."""

    leaving = 0

    def step(self, action: Any) -> None:
        if self.agents and self.terminations[self.agent_selection]:
            self.leaving += 1
        super().step(action)


@pytest.mark.parametrize("variant", VARIANTS)
def test_aec_env_passes_pettingzoos_api_test(variant: str, strict_warnings: None) -> None:
    e = CountingEnds(variant)
    api_test(e, num_cycles=1000)
    # The test played at least one whole game, its end and every agent leaving included.
    assert e.leaving >= len(e.possible_agents)


@pytest.mark.parametrize("variant", VARIANTS)
def test_aec_env_passes_pettingzoos_seed_test(variant: str, strict_warnings: None) -> None:
    seed_test(lambda: env.aec_env(variant), num_cycles=500)


@pytest.mark.parametrize("variant", ["poleana-express:2", "parchis:pairs", "cartas"])
def test_aec_env_plays_a_game_to_its_end_with_the_returns_as_rewards(variant: str) -> None:
    e = env.aec_env(variant)
    e.reset(seed=3)
    assert e.agents == [f"seat_{s}" for s in range(e.game.seats)]
    rng = np.random.default_rng(3)
    final: Dict[str, float] = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        assert not truncated and info == {}
        if terminated:
            final[agent] = reward
            e.step(None)
            continue
        assert reward == 0
        seat = e.agent_name_mapping[agent]
        assert e.game.to_act == seat
        mask = obs["action_mask"]
        assert mask.dtype == np.int8
        assert sorted(np.flatnonzero(mask)) == sorted(e.game.legal_action_ids())
        for other in e.possible_agents:
            if other != agent:
                assert not e.observe(other)["action_mask"].any()
        e.step(int(rng.choice(np.flatnonzero(mask))))
    assert e.agents == [] and e.game.is_over
    assert final == dict(zip(e.possible_agents, e.game.returns()))
    assert set(final.values()) == {1.0, -1.0}


def test_aec_env_refuses_an_illegal_action_and_changes_nothing() -> None:
    e = env.aec_env("parchis")
    e.reset(seed=1)
    agent = e.agent_selection
    before = e.game.position()
    mask = e.observe(agent)["action_mask"]
    with pytest.raises(fichas.IllegalActionError):
        e.step(int(np.flatnonzero(mask == 0)[0]))
    with pytest.raises(fichas.IllegalActionError):
        e.step(None)  # None is for finished agents only
    assert e.game.position() == before and e.agent_selection == agent
    e.step(int(np.flatnonzero(mask)[0]))


def test_aec_env_a_finished_agent_steps_only_with_none() -> None:
    e = env.aec_env("poleana-express:2")
    e.reset(seed=5)
    rng = np.random.default_rng(0)
    while not e.terminations[e.agent_selection]:
        e.step(int(rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"]))))
    assert all(e.terminations.values())
    with pytest.raises(ValueError):
        e.step(0)
    e.step(None)
    assert len(e.agents) == 1


def test_aec_env_seeded_reset_deals_the_games_seeded_dice() -> None:
    e = env.aec_env("parchis:3")
    e.reset(seed=42)
    g = fichas.Game("parchis:3", seed=42)
    while g.to_act is None:
        g.roll_quietly()
    assert e.game.position() == g.position()
    agent = e.agent_selection
    assert agent == f"seat_{g.to_act}"
    np.testing.assert_array_equal(e.observe(agent)["observation"], g.observation(g.to_act))
    # Unseeded resets after a seeded one reproduce too; with no seed ever, games differ.
    e.reset()
    again = env.aec_env("parchis:3")
    again.reset(seed=42)
    again.reset()
    assert e.game.position() == again.game.position()
    positions = set()
    for _ in range(5):
        fresh = env.aec_env("cartas")
        fresh.reset()
        positions.add(fresh.game.position())
    assert len(positions) > 1


def test_aec_env_spaces_and_metadata() -> None:
    e = env.aec_env("cartas")
    assert e.metadata["render_modes"] == ["ansi", "svg"] and e.metadata["is_parallelizable"] is False
    assert "cartas" in e.metadata["name"]
    space = e.observation_space("seat_0")
    assert isinstance(space, gymnasium.spaces.Dict)
    assert space["observation"] == gymnasium.spaces.Box(0, 1, (399,), np.float32)
    assert space["action_mask"] == gymnasium.spaces.Box(0, 1, (4170,), np.int8)
    assert e.action_space("seat_3") == gymnasium.spaces.Discrete(4170)
    assert e.possible_agents == ["seat_0", "seat_1", "seat_2", "seat_3"]


def test_aec_env_renders_text_and_svg() -> None:
    for mode, start in (("ansi", "parchis"), ("svg", "<svg")):
        e = env.aec_env("parchis", render_mode=mode)
        e.reset(seed=0)
        shown = e.render()
        assert isinstance(shown, str) and shown.lstrip().startswith(start)
    quiet = env.aec_env("parchis")
    quiet.reset(seed=0)
    with pytest.warns(UserWarning, match="render mode"):
        assert quiet.render() is None
    with pytest.raises(fichas.ConfigError):
        env.aec_env("parchis", render_mode="human")


# ---------------------------------------------------------------- Gymnasium


@pytest.mark.parametrize("variant", VARIANTS)
def test_gym_env_passes_gymnasiums_check_env(variant: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.gym_env(variant).unwrapped)
        check_env(env.gym_env(variant, opponents="greedy", seat=1, render_mode="ansi").unwrapped)


def play_gym(e: env.FichasGymEnv, seed: int) -> List[Any]:
    """Plays an episode with random legal actions; returns what it saw."""
    rng = np.random.default_rng(seed)
    obs, info = e.reset(seed=seed)
    seen: List[Any] = [obs.tobytes()]
    while True:
        mask = info["action_mask"]
        assert mask.dtype == np.int8 and mask.any()
        assert e.game.to_act == e.seat
        obs, reward, terminated, truncated, info = e.step(int(rng.choice(np.flatnonzero(mask))))
        assert truncated is False and info["illegal_action"] is False
        seen.append((obs.tobytes(), reward))
        if terminated:
            assert reward in (1.0, -1.0) and not info["action_mask"].any()
            return seen
        assert reward == 0.0


@pytest.mark.parametrize("variant,seat", [("poleana-express:2", 1), ("parchis:pairs", 2), ("cartas", 3)])
def test_gym_env_the_learner_decides_only_at_its_seat_and_gets_its_return(variant: str, seat: int) -> None:
    e = env.gym_env(variant, seat=seat)
    seen = play_gym(e, seed=4)
    assert seen[-1][1] == e.game.returns()[seat]
    assert e.observation_space.shape == (len(e.game.observation(seat)),)
    with pytest.raises(gymnasium.error.ResetNeeded):
        e.step(0)


def test_gym_env_seeded_episodes_reproduce_dice_and_bots() -> None:
    for opponents in ("random", "greedy", ["random", "easy", "greedy"], fichas.Bot("random", seed=99)):
        a = env.gym_env("parchis", opponents=opponents)
        b = env.gym_env("parchis", opponents=opponents)
        assert play_gym(a, seed=8) == play_gym(b, seed=8)
    e = env.gym_env("parchis")
    e.reset(seed=42)
    g = fichas.Game("parchis", seed=42)
    while g.to_act is None:
        g.roll_quietly()
    assert e.game.position() == g.position()  # seat 0 decides first: the game's own dice


def test_gym_env_opponents_are_names_bots_or_one_per_other_seat() -> None:
    hard = fichas.Bot("medium", seed=1)
    e = env.gym_env("poleana:3", opponents=["greedy", hard], seat=1)
    e.reset(seed=0)
    assert e.spec is None  # a Bot does not copy, so gymnasium.make cannot make this env again
    named = env.gym_env("poleana:3", opponents=["random", "greedy"], seat=2)
    assert named.spec is not None and named.spec.kwargs["opponents"] == ["random", "greedy"]
    assert isinstance(gymnasium.make(named.spec).unwrapped, env.FichasGymEnv)
    with pytest.raises(fichas.ConfigError, match="one entry per other seat"):
        env.gym_env("poleana:3", opponents=["random"])
    with pytest.raises(fichas.FichasError):
        env.gym_env("poleana:3", opponents="grandmaster")
    with pytest.raises(fichas.ConfigError):
        env.gym_env("poleana:3", seat=3)
    with pytest.raises(fichas.ConfigError):
        env.gym_env("poleana:3", on_illegal="ignore")


def test_gym_env_an_illegal_action_loses_the_episode() -> None:
    e = env.gym_env("parchis:two-player")
    obs, info = e.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs2, reward, terminated, truncated, info2 = e.step(illegal)
    assert (reward, terminated, truncated, info2["illegal_action"]) == (-1.0, True, False, True)
    np.testing.assert_array_equal(obs, obs2)
    assert not info2["action_mask"].any()
    with pytest.raises(gymnasium.error.ResetNeeded):
        e.step(int(np.flatnonzero(info["action_mask"])[0]))
    for out_of_range in (-1, e.action_space.n):
        e.reset(seed=1)
        assert e.step(out_of_range)[1:4] == (-1.0, True, False)


def test_gym_env_on_illegal_raise_raises_and_changes_nothing() -> None:
    e = env.gym_env("parchis:two-player", on_illegal="raise")
    obs, info = e.reset(seed=1)
    before = e.game.position()
    with pytest.raises(fichas.IllegalActionError):
        e.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
    assert e.game.position() == before
    e.step(int(np.flatnonzero(info["action_mask"])[0]))  # the episode goes on


def test_gym_env_renders_text_and_svg() -> None:
    for mode, start in (("ansi", "poleana"), ("svg", "<svg")):
        e = env.gym_env("poleana:2", render_mode=mode)
        e.reset(seed=0)
        shown = e.render()
        assert isinstance(shown, str) and shown.lstrip().startswith(start)


# ---------------------------------------------------------------- VectorEnv


def test_vector_env_shapes_dtypes_and_sizes() -> None:
    v = env.VectorEnv("parchis", num_envs=5, seed=1, threads=1)
    g = fichas.Game("parchis")
    assert (v.variant, v.num_envs, v.threads, v.seats) == ("parchis", 5, 1, 4)
    assert v.observation_length == len(g.observation(0)) and v.num_actions == g.action_space
    assert v.single_observation_space == gymnasium.spaces.Box(0, 1, (v.observation_length,), np.float32)
    assert v.single_action_space == gymnasium.spaces.Discrete(v.num_actions)
    obs, info = v.reset()
    assert obs.shape == (5, v.observation_length) and obs.dtype == np.float32
    assert info["action_mask"].shape == (5, v.num_actions) and info["action_mask"].dtype == np.bool_
    assert info["to_act"].shape == (5,) and info["to_act"].dtype == np.uint8
    obs, rewards, dones, info = v.step(v.random_actions())
    assert rewards.shape == (5, 4) and rewards.dtype == np.float32
    assert dones.shape == (5,) and dones.dtype == np.bool_
    assert ((obs >= 0) & (obs <= 1)).all()
    assert v.legal_mask().any(axis=1).all()  # every game waits at a decision
    assert v.random_actions().dtype == np.int64
    assert "parchis" in repr(v) and isinstance(v.position(4), str)
    with pytest.raises(fichas.FichasError):
        v.position(5)


def test_vector_env_arrays_are_its_own_buffers_overwritten_by_each_step() -> None:
    v = env.VectorEnv("poleana:2", num_envs=4, seed=3)
    obs, info = v.reset()
    kept = obs.copy()
    obs2, _, _, info2 = v.step(v.random_actions())
    assert obs2 is obs and info2["action_mask"] is info["action_mask"]
    assert not np.array_equal(kept, obs)


def test_vector_env_rewards_come_only_on_done_rows_and_games_start_anew() -> None:
    v = env.VectorEnv("poleana-express:2", num_envs=8, seed=5)
    v.reset()
    ended = 0
    for _ in range(600):
        actions = v.random_actions()
        _, rewards, dones, info = v.step(actions)
        assert not rewards[~dones].any()
        for row in rewards[dones]:
            assert set(row.tolist()) == {1.0, -1.0}
        ended += int(dones.sum())
        assert info["action_mask"].any(axis=1).all()  # the new games wait at a decision too
    assert ended >= 8


def test_vector_env_an_illegal_action_raises_naming_the_game_and_changes_nothing() -> None:
    v = env.VectorEnv("cartas", num_envs=3, seed=2)
    obs, info = v.reset()
    before = (obs.copy(), info["action_mask"].copy(), info["to_act"].copy())
    positions = [v.position(i) for i in range(3)]
    actions = v.random_actions()
    actions[1] = int(np.flatnonzero(~info["action_mask"][1])[0])
    with pytest.raises(fichas.IllegalActionError, match="game 1"):
        v.step(actions)
    np.testing.assert_array_equal(before[0], v.observations)
    np.testing.assert_array_equal(before[1], v.masks)
    np.testing.assert_array_equal(before[2], v.to_act)
    assert [v.position(i) for i in range(3)] == positions
    with pytest.raises(fichas.ConfigError):
        v.step(actions[:2])
    v.step(list(v.random_actions()))  # any array-like of ids


def run_vector(v: env.VectorEnv, steps: int) -> List[bytes]:
    obs, _ = v.reset()
    seen = [obs.tobytes()]
    for _ in range(steps):
        obs, rewards, dones, _ = v.step(v.random_actions())
        seen.append(obs.tobytes() + rewards.tobytes() + dones.tobytes())
    return seen


@pytest.mark.parametrize("variant", ["poleana:2", "parchis:pairs", "cartas"])
def test_vector_env_same_seed_same_games_and_threads_change_nothing(variant: str) -> None:
    one = run_vector(env.VectorEnv(variant, num_envs=16, seed=7, threads=1), 300)
    assert one == run_vector(env.VectorEnv(variant, num_envs=16, seed=7, threads=1), 300)
    assert one == run_vector(env.VectorEnv(variant, num_envs=16, seed=7, threads=2), 300)
    assert one != run_vector(env.VectorEnv(variant, num_envs=16, seed=8, threads=1), 300)
    # reset(seed=7) starts the games a new VectorEnv(..., seed=7) starts with.
    v = env.VectorEnv(variant, num_envs=16, seed=1)
    v.step(v.random_actions())
    obs, _ = v.reset(seed=7)
    assert obs.tobytes() == env.VectorEnv(variant, num_envs=16, seed=7).observations.tobytes()
    assert v.random_actions().tolist() == env.VectorEnv(variant, num_envs=16, seed=7).random_actions().tolist()


# ---------------------------------------------------------------- the module


def test_importing_fichas_imports_no_environment_library() -> None:
    code = (
        "import sys, fichas\n"
        "loaded = {'fichas.env', 'gymnasium', 'pettingzoo'} & set(sys.modules)\n"
        "assert not loaded, loaded\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_module_docstring_examples_run() -> None:
    doc = env.__doc__
    assert doc is not None
    examples = re.findall(r"::\n\n((?:    .*\n|\n)+)", doc)
    assert len(examples) == 4
    namespace: Dict[str, Any] = {}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        exec(textwrap.dedent("".join(examples)), namespace)
    assert namespace["reward"] in (1.0, -1.0)
    assert isinstance(namespace["envs"], env.VectorGymEnv) and namespace["envs"].num_envs == 8
    assert namespace["v"].num_envs == 64


def test_vector_env_refuses_actions_that_are_not_integer_ids() -> None:
    v = env.VectorEnv("parchis:two-player", num_envs=3, seed=1)
    before = v.observations.copy()
    with pytest.raises(TypeError, match="integer ids, not float64"):
        v.step(np.array([0.5, 1.5, 2.5]))
    assert np.array_equal(v.observations, before)


def test_a_new_vector_env_shows_its_games_without_rolling_them_again() -> None:
    # Constructing shows the batch's first decisions; a reset starts new games after them.
    a = env.VectorEnv("poleana:2", num_envs=4, seed=9)
    b = env.VectorEnv("poleana:2", num_envs=4, seed=9)
    assert [a.position(i) for i in range(4)] == [b.position(i) for i in range(4)]
    first = [a.position(i) for i in range(4)]
    a.reset()
    assert [a.position(i) for i in range(4)] != first


# The rules have no draw, but every loop the environments run is bounded: a game that agents
# keep from ending is truncated, as PettingZoo and Gymnasium mean it.


def test_aec_env_truncates_a_game_that_never_ends_at_max_steps() -> None:
    # Every seat always takes its first legal id: this Cartas game would never end.
    e = env.aec_env("cartas", max_steps=3_000)
    e.reset(seed=1)
    steps = 0
    for agent in e.agent_iter(max_iter=10_000):
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            assert (terminated, truncated, reward) == (False, True, 0.0)
            e.step(None)
            continue
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps == 3_000 and e.agents == []
    assert not e.game.is_over
    assert env.aec_env("cartas").max_steps == fichas.MAX_DECISIONS
    with pytest.raises(fichas.ConfigError, match="max_steps must be from 1"):
        env.aec_env("cartas", max_steps=0)


def test_aec_env_with_a_bound_passes_pettingzoos_api_test(strict_warnings: None) -> None:
    api_test(env.aec_env("cartas", max_steps=40), num_cycles=100)


def test_gym_env_truncates_an_episode_at_max_steps() -> None:
    e = env.gym_env("cartas", opponents="random", seat=0, max_steps=5)
    obs, info = e.reset(seed=3)
    for step in range(1, 6):
        action = int(np.flatnonzero(info["action_mask"])[0])
        obs, reward, terminated, truncated, info = e.step(action)
        if terminated:  # pragma: no cover - a Cartas game does not end in five turns
            break
        assert truncated == (step == 5) and reward == 0.0
    assert truncated and not terminated
    with pytest.raises(gymnasium.error.ResetNeeded):
        e.step(0)
    e.reset(seed=3)  # a new episode starts its count again
    assert e.step(int(np.flatnonzero(e._mask())[0]))[3] is False
    assert env.gym_env("cartas").max_steps == fichas.MAX_DECISIONS
    assert e.spec is not None
    made = gymnasium.make(e.spec).unwrapped
    assert isinstance(made, env.FichasGymEnv) and made.max_steps == 5
    with pytest.raises(fichas.ConfigError, match="max_steps must be from 1"):
        env.gym_env("cartas", max_steps=-3)


# ---------------------------------------------------------------- Gymnasium ids


@pytest.mark.parametrize("env_id", sorted(env.GYM_IDS))
def test_every_registered_id_makes_its_variant_and_passes_check_env(env_id: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        made = gymnasium.make(env_id, opponents="easy")
        e = made.unwrapped
        assert isinstance(e, env.FichasGymEnv) and e.variant == env.GYM_IDS[env_id]
        assert made.spec is not None and made.spec.id == env_id
        check_env(e)


def test_the_ids_are_versioned_in_the_fichas_namespace() -> None:
    from gymnasium.envs.registration import parse_env_id

    names = set()
    for env_id, variant in env.GYM_IDS.items():
        namespace, name, version = parse_env_id(env_id)
        assert (namespace, version) == ("fichas", 0) and re.fullmatch(r"[A-Z][A-Za-z]+", name)
        names.add(name)
        spec = gymnasium.spec(env_id)
        assert spec.kwargs == {"variant": variant} and spec.max_episode_steps is None
        assert spec.vector_entry_point is not None
    assert len(names) == len(env.GYM_IDS) == len(fichas.variants())
    assert set(env.GYM_IDS.values()) == set(fichas.variants())
    assert "fichas/Parchis-v0" in gymnasium.registry


def test_an_id_passes_its_keywords_to_gym_env_and_leaves_the_time_limit_to_it() -> None:
    made = gymnasium.make(
        "fichas/ParchisPairs-v0",
        opponents=["random", "easy", "greedy"],
        seat=2,
        render_mode="ansi",
        on_illegal="raise",
        max_steps=7,
    )
    e = made.unwrapped
    assert isinstance(e, env.FichasGymEnv)
    assert (e.seat, e.render_mode, e.on_illegal, e.max_steps) == (2, "ansi", "raise", 7)
    assert [type(w).__name__ for w in _wrappers(made)] == ["OrderEnforcing", "PassiveEnvChecker"]
    # gymnasium.make's own time limit still works, as a TimeLimit wrapper over the learner's steps.
    limited = gymnasium.make("fichas/Cartas-v0", max_episode_steps=3)
    assert "TimeLimit" in [type(w).__name__ for w in _wrappers(limited)]
    # The spec of an env made directly names its variant's id (or, for other variants, the text).
    assert env.gym_env("parchis:pairs").spec is not None
    assert env.gym_env("parchis:pairs").spec.id == "fichas/ParchisPairs-v0"  # type: ignore[union-attr]
    assert env.gym_env("parchis:3").spec.id == "fichas/ParchisThreePlayer-v0"  # type: ignore[union-attr]
    assert env.gym_env("poleana-express:2").spec.id == "fichas/poleana-express:2-v0"  # type: ignore[union-attr]


def _wrappers(e: Any) -> List[Any]:
    found = []
    while isinstance(e, gymnasium.Wrapper):
        found.append(e)
        e = e.env
    return found


def test_an_id_with_the_module_prefix_imports_fichas_env_itself() -> None:
    code = (
        "import sys, gymnasium\n"
        "assert 'fichas.env' not in sys.modules\n"
        "e = gymnasium.make('fichas.env:fichas/Cartas-v0', opponents='easy')\n"
        "v = gymnasium.make_vec('fichas.env:fichas/Cartas-v0', num_envs=2)\n"
        "print(e.unwrapped.variant, type(v).__name__)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    assert done.stdout.split() == ["cartas", "VectorGymEnv"]


def test_make_vec_makes_the_rust_vector_env_from_the_vector_entry_point() -> None:
    for mode in (None, "vector_entry_point"):
        envs = gymnasium.make_vec(
            "fichas/Parchis-v0", num_envs=8, vectorization_mode=mode, opponents="easy", seat=1
        )
        assert isinstance(envs, env.VectorGymEnv)
        assert (envs.num_envs, envs.variant, envs.seat) == (8, "parchis", 1)
        assert envs.opponents == ["greedy", None, "greedy", "greedy"]
        assert envs.spec is not None and envs.spec.id == "fichas/Parchis-v0"
    # Gymnasium's time limit in the learner's steps is the env's own bound.
    limited = gymnasium.make_vec("fichas/Cartas-v0", num_envs=2, max_episode_steps=9)
    assert isinstance(limited, env.VectorGymEnv) and limited.max_steps == 9
    # The other modes vectorise gym_env in Python, as for any registered env.
    synced = gymnasium.make_vec("fichas/Cartas-v0", num_envs=2, vectorization_mode="sync")
    assert isinstance(synced, gymnasium.vector.SyncVectorEnv)
    obs, info = synced.reset(seed=1)
    assert obs.shape == (2, 399) and info["action_mask"].shape == (2, 4170)


# ---------------------------------------------------------------- VectorGymEnv


def random_legal(info: Dict[str, Any], rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """A random legal id for every row (0 where none is legal: a row about to start anew)."""
    masks = info["action_mask"]
    return np.array(
        [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks], dtype=np.int64
    )


def game_of(v: env.VectorGymEnv, i: int) -> fichas.Game:
    return fichas.Game.from_position(v.position(i))


def test_vector_gym_env_spaces_metadata_and_first_observations_are_the_learners() -> None:
    v = env.VectorGymEnv("parchis:pairs", num_envs=5, opponents="easy", seat=2, seed=1)
    assert isinstance(v, gymnasium.vector.VectorEnv)
    assert v.metadata["autoreset_mode"] is gymnasium.vector.AutoresetMode.NEXT_STEP
    assert v.single_observation_space == gymnasium.spaces.Box(0, 1, (332,), np.float32)
    assert v.single_action_space == gymnasium.spaces.Discrete(685)
    assert v.observation_space == gymnasium.spaces.Box(0, 1, (5, 332), np.float32)
    assert v.action_space == gymnasium.spaces.MultiDiscrete([685] * 5)
    obs, info = v.reset()
    assert obs.dtype == np.float32 and obs.shape == (5, 332) and obs in v.observation_space
    assert set(info) == {"action_mask", "_action_mask"} and info["_action_mask"].all()
    assert info["action_mask"].dtype == np.int8 and info["action_mask"].shape == (5, 685)
    for i in range(5):
        g = game_of(v, i)
        assert g.to_act == 2
        np.testing.assert_array_equal(obs[i], g.observation(2))
        np.testing.assert_array_equal(info["action_mask"][i], g.legal_mask().astype(np.int8))
    assert v.action_space.sample(mask=tuple(info["action_mask"])) in v.action_space
    assert v.learner_steps().tolist() == [0] * 5
    assert "VectorGymEnv" in repr(v)


@pytest.mark.parametrize("variant,seat", [("poleana:2", 1), ("parchis:pairs", 3), ("cartas", 2)])
def test_vector_gym_env_rows_are_the_learners_games_step_after_step(variant: str, seat: int) -> None:
    v = env.VectorGymEnv(variant, num_envs=6, opponents="easy", seat=seat, seed=4)
    obs, info = v.reset()
    rng = np.random.default_rng(4)
    ended = 0
    for _ in range(60):
        was_over = [game_of(v, i).is_over for i in range(6)]
        obs, rewards, terminated, truncated, info = v.step(random_legal(info, rng))
        assert rewards.dtype == np.float64 and terminated.dtype == truncated.dtype == np.bool_
        assert not truncated.any() and not info["illegal_action"].any()
        for i in range(6):
            g = game_of(v, i)
            np.testing.assert_array_equal(obs[i], g.observation(seat))
            if terminated[i]:
                assert g.is_over and rewards[i] == g.returns()[seat] and not info["action_mask"][i].any()
                ended += 1
            else:
                assert g.to_act == seat and rewards[i] == 0.0
                np.testing.assert_array_equal(info["action_mask"][i], g.legal_mask().astype(np.int8))
                if was_over[i]:
                    assert v.learner_steps()[i] == 0  # the step after the end started a new game
    assert variant == "cartas" or ended > 0


def test_next_step_autoreset_shows_the_end_then_starts_anew_ignoring_the_action() -> None:
    v = env.VectorGymEnv("poleana-express:2", num_envs=4, opponents="random", seed=5)
    obs, info = v.reset()
    rng = np.random.default_rng(5)
    while True:
        obs, rewards, terminated, truncated, info = v.step(random_legal(info, rng))
        if terminated.any():
            break
    i = int(np.flatnonzero(terminated)[0])
    over = game_of(v, i)
    assert over.is_over and rewards[i] == over.returns()[0] in (1.0, -1.0)
    np.testing.assert_array_equal(obs[i], over.observation(0))  # the last observation
    assert not info["action_mask"][i].any()
    actions = random_legal(info, rng)
    actions[i] = -5  # ignored: the row starts anew
    obs, rewards, terminated, truncated, info = v.step(actions)
    assert (rewards[i], terminated[i], truncated[i], info["illegal_action"][i]) == (0.0, False, False, False)
    new = game_of(v, i)
    assert not new.is_over and new.to_act == 0 and v.learner_steps()[i] == 0
    np.testing.assert_array_equal(obs[i], new.observation(0))
    np.testing.assert_array_equal(info["action_mask"][i], new.legal_mask().astype(np.int8))


def test_same_step_autoreset_starts_anew_at_once_and_keeps_the_end_in_final_obs() -> None:
    kwargs: Dict[str, Any] = dict(num_envs=4, opponents="random", seat=1, seed=2)
    nxt = env.VectorGymEnv("poleana-express:2", **kwargs)
    same = env.VectorGymEnv("poleana-express:2", autoreset_mode="SameStep", **kwargs)
    assert same.metadata["autoreset_mode"] is gymnasium.vector.AutoresetMode.SAME_STEP
    (o1, i1), (o2, i2) = nxt.reset(), same.reset()
    rng = np.random.default_rng(2)
    while True:
        actions = random_legal(i1, rng)
        o1, r1, t1, u1, i1 = nxt.step(actions)
        o2, r2, t2, u2, i2 = same.step(actions)
        np.testing.assert_array_equal(r1, r2)
        np.testing.assert_array_equal(t1, t2)
        if t1.any():
            break
        np.testing.assert_array_equal(o1, o2)
        assert "final_obs" not in i2 and "final_info" not in i2
    done = t2 | u2
    assert i2["_final_obs"].tolist() == done.tolist() == i2["_final_info"].tolist()
    for i in range(4):
        if done[i]:
            np.testing.assert_array_equal(i2["final_obs"][i], o1[i])  # next-step's last observation
            assert game_of(same, i).to_act == 1 and same.learner_steps()[i] == 0
        else:
            assert i2["final_obs"][i] is None
            np.testing.assert_array_equal(o2[i], o1[i])
    final_info = i2["final_info"]
    np.testing.assert_array_equal(final_info["action_mask"][done], i1["action_mask"][done])
    assert final_info["_action_mask"].tolist() == final_info["_illegal_action"].tolist() == done.tolist()
    assert i2["_illegal_action"].tolist() == (~done).tolist()
    # The next-step env shows the new games one step later: the same games.
    o1, *_ = nxt.step(random_legal(i1, rng))
    for row in np.flatnonzero(done).tolist():
        np.testing.assert_array_equal(o1[row], o2[row])
        assert nxt.position(row) == same.position(row)


def test_disabled_autoreset_waits_for_a_reset_mask() -> None:
    disabled = gymnasium.vector.AutoresetMode.DISABLED
    v = env.VectorGymEnv("poleana-express:2", num_envs=3, seed=3, autoreset_mode=disabled)
    assert v.metadata["autoreset_mode"] is disabled
    obs, info = v.reset()
    rng = np.random.default_rng(3)
    while True:
        obs, rewards, terminated, truncated, info = v.step(random_legal(info, rng))
        if terminated.any():
            break
    positions = [v.position(i) for i in range(3)]
    with pytest.raises(gymnasium.error.ResetNeeded, match=r"games \[\d\] are over"):
        v.step(random_legal(info, rng))
    assert [v.position(i) for i in range(3)] == positions
    obs, info = v.reset(options={"reset_mask": terminated.copy()})
    for i in range(3):
        if terminated[i]:
            assert not game_of(v, i).is_over and v.learner_steps()[i] == 0
        else:
            assert v.position(i) == positions[i]
        np.testing.assert_array_equal(obs[i], game_of(v, i).observation(0))
    v.step(random_legal(info, rng))
    bad_masks = [
        (terminated.tolist(), TypeError),
        (np.zeros(3, bool), ValueError),
        (np.ones(2, bool), ValueError),
        (np.ones(3, int), TypeError),
    ]
    for bad, error in bad_masks:
        with pytest.raises(error, match="reset_mask"):
            v.reset(options={"reset_mask": bad})


def test_reset_with_a_seed_and_mask_starts_those_rows_as_that_seed_would() -> None:
    a = env.VectorGymEnv("parchis", num_envs=4, opponents="easy", seed=1)
    a.reset()
    a.step(random_legal(a.reset()[1], np.random.default_rng(0)))
    fresh = env.VectorGymEnv("parchis", num_envs=4, opponents="easy", seed=9)
    fresh.reset()
    mask = np.array([True, False, True, False])
    before = a.position(1)
    a.reset(seed=9, options={"reset_mask": mask})
    assert [a.position(i) for i in (0, 2)] == [fresh.position(i) for i in (0, 2)]
    assert a.position(1) == before


def run_gym_vector(v: env.VectorGymEnv, seed: int, steps: int) -> List[bytes]:
    obs, info = v.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen = [obs.tobytes() + info["action_mask"].tobytes()]
    for _ in range(steps):
        obs, rewards, terminated, truncated, info = v.step(random_legal(info, rng))
        seen.append(b"".join(a.tobytes() for a in (obs, rewards, terminated, truncated, info["action_mask"])))
    return seen


@pytest.mark.parametrize("variant", ["poleana:3", "parchis:pairs", "cartas"])
def test_vector_gym_env_same_seed_same_trajectories_on_one_and_two_threads(variant: str) -> None:
    others = fichas.Game(variant).seats - 1
    kwargs: Dict[str, Any] = dict(num_envs=6, opponents=["easy", "random", "greedy"][:others])
    one = run_gym_vector(env.VectorGymEnv(variant, threads=1, **kwargs), 7, 80)
    assert one == run_gym_vector(env.VectorGymEnv(variant, threads=1, **kwargs), 7, 80)
    assert one == run_gym_vector(env.VectorGymEnv(variant, threads=2, **kwargs), 7, 80)
    assert one != run_gym_vector(env.VectorGymEnv(variant, threads=1, **kwargs), 8, 80)
    # The first reset of an env made with a seed shows what reset(seed=...) starts.
    made = env.VectorGymEnv(variant, seed=7, **kwargs)
    first = made.reset()[0].tobytes()
    # A numpy integer seeds as the int it holds.
    _, info = made.reset(seed=np.int64(7))  # type: ignore[arg-type]
    assert first + info["action_mask"].tobytes() == one[0]
    # After a seeded reset, unseeded resets reproduce too.
    a, b = env.VectorGymEnv(variant, **kwargs), env.VectorGymEnv(variant, **kwargs)
    a.reset(seed=3), b.reset(seed=3)
    assert a.reset()[0].tobytes() == b.reset()[0].tobytes()


def test_gymnasiums_vector_wrappers_accept_it_and_count_its_episodes() -> None:
    from gymnasium.wrappers.vector import DictInfoToList, NormalizeReward, RecordEpisodeStatistics

    for mode in ("NextStep", "SameStep"):
        inner = env.VectorGymEnv("poleana-express:2", num_envs=4, seed=6, autoreset_mode=mode)
        stats = RecordEpisodeStatistics(inner)
        wrapped = DictInfoToList(stats)
        obs, infos = wrapped.reset(seed=6)
        assert isinstance(infos, list) and len(infos) == 4 and infos[0]["action_mask"].shape == (3704,)
        rng = np.random.default_rng(6)
        returns, lengths, fresh = np.zeros(4), np.zeros(4, dtype=int), np.zeros(4, dtype=bool)
        episodes: List[Any] = []
        while len(episodes) < 12:
            masks = [i["action_mask"] for i in infos]
            actions = np.array([int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks])
            obs, rewards, terminated, truncated, infos = wrapped.step(actions)
            counted = ~fresh  # a next-step reset step belongs to no episode
            returns[counted] += rewards[counted]
            lengths[counted] += 1
            for i in np.flatnonzero(terminated | truncated):
                assert infos[i]["episode"]["r"] == returns[i] and infos[i]["episode"]["l"] == lengths[i]
                if mode == "SameStep":
                    assert infos[i]["final_obs"].shape == (458,)
                episodes.append((returns[i], lengths[i]))
                returns[i], lengths[i] = 0.0, 0
            fresh = (terminated | truncated) if mode == "NextStep" else np.zeros(4, dtype=bool)
        assert stats.episode_count == len(episodes)
        assert set(r for r, _ in episodes) <= {1.0, -1.0} and min(n for _, n in episodes) > 0
    normalized = NormalizeReward(env.VectorGymEnv("parchis:two-player", num_envs=3, seed=1))
    obs, info = normalized.reset(seed=1)
    for _ in range(5):
        obs, rewards, *_, info = normalized.step(random_legal(info, np.random.default_rng(1)))
        assert rewards.shape == (3,)


def test_vector_gym_env_an_illegal_action_loses_or_raises_as_gym_env_does() -> None:
    v = env.VectorGymEnv("parchis:two-player", num_envs=3, seed=1)
    obs, info = v.reset()
    rng = np.random.default_rng(1)
    actions = random_legal(info, rng)
    actions[1] = int(np.flatnonzero(info["action_mask"][1] == 0)[0])
    before = v.position(1)
    obs2, rewards, terminated, truncated, info2 = v.step(actions)
    assert (rewards[1], terminated[1], truncated[1], info2["illegal_action"][1]) == (-1.0, True, False, True)
    assert v.position(1) == before and not info2["action_mask"][1].any()
    np.testing.assert_array_equal(obs2[1], obs[1])
    assert not info2["illegal_action"][[0, 2]].any()
    for out_of_range in (-1, 685, 2**40):
        v.reset(seed=1)
        actions[1] = out_of_range
        assert v.step(actions)[1][1] == -1.0

    strict = env.VectorGymEnv("parchis:two-player", num_envs=3, seed=1, on_illegal="raise")
    obs, info = strict.reset()
    positions = [strict.position(i) for i in range(3)]
    actions = random_legal(info, rng)
    actions[2] = -1
    with pytest.raises(fichas.IllegalActionError, match="game 2"):
        strict.step(actions)
    assert [strict.position(i) for i in range(3)] == positions
    with pytest.raises(TypeError, match="integer ids"):
        strict.step(np.zeros(3))
    with pytest.raises(ValueError, match=r"shape \(3,\)"):
        strict.step(np.zeros((3, 1), dtype=np.int64))
    strict.step(random_legal(info, rng).tolist())  # any array-like of ids


def test_vector_gym_env_truncates_at_max_steps_of_the_learner() -> None:
    v = env.VectorGymEnv("cartas", num_envs=2, seed=3, max_steps=3)
    obs, info = v.reset()
    for step in range(1, 4):
        obs, rewards, terminated, truncated, info = v.step(info["action_mask"].argmax(axis=1))
        assert truncated.tolist() == [step == 3] * 2 and not terminated.any() and not rewards.any()
    assert info["action_mask"].any(axis=1).all()  # cut at the learner's decision, as gym_env
    obs, rewards, terminated, truncated, info = v.step(np.zeros(2, dtype=np.int64))
    assert not truncated.any() and v.learner_steps().tolist() == [0, 0]


def test_vector_gym_env_copies_its_arrays_unless_told_not_to() -> None:
    shared = env.VectorGymEnv("poleana:2", num_envs=2, seed=1, copy=False)
    obs, info = shared.reset()
    obs2, *_, info2 = shared.step(random_legal(info, np.random.default_rng(0)))
    assert obs2 is obs and info2["action_mask"] is info["action_mask"]
    copied = env.VectorGymEnv("poleana:2", num_envs=2, seed=1)
    obs, info = copied.reset()
    kept = obs.copy()
    obs2, *_ = copied.step(random_legal(info, np.random.default_rng(0)))
    assert obs2 is not obs and np.array_equal(obs, kept)


def test_vector_gym_env_renders_every_game_and_closes() -> None:
    for mode, start in (("ansi", "parchis"), ("svg", "<svg")):
        v = env.VectorGymEnv("parchis", num_envs=2, seed=0, render_mode=mode)
        v.reset()
        frames = v.render()
        assert isinstance(frames, tuple) and len(frames) == 2
        assert all(f.lstrip().startswith(start) for f in frames)
        v.close()
        assert v.closed
    quiet = env.VectorGymEnv("parchis", num_envs=2, seed=0)
    with pytest.warns(UserWarning, match="render mode"):
        assert quiet.render() is None
    with pytest.raises(gymnasium.error.ResetNeeded):
        quiet.step(np.zeros(2, dtype=np.int64))


def test_vector_gym_env_opponents_are_names_bots_or_one_per_other_seat() -> None:
    searcher = fichas.Bot("search", seed=5, iterations=30)
    v = env.VectorGymEnv("cartas", num_envs=2, opponents=["random", searcher, "easy"], seat=1, seed=1)
    assert v.opponents == ["random", None, searcher.strength, "greedy"]
    medium = env.VectorGymEnv("cartas", num_envs=1, opponents=fichas.Bot("medium"))
    assert medium.opponents[1:] == ["medium"] * 3


@pytest.mark.parametrize(
    "kwargs,message",
    [
        (dict(opponents="grandmaster"), "cannot read bot from `grandmaster`"),
        (dict(opponents=["random"]), "one entry per other seat: 2"),
        (dict(opponents=[1, 2]), "a strength name or a fichas.Bot"),
        (dict(seat=3), "seat must be 0 to 2 in poleana:3, not 3"),
        (dict(seat=-1), "seat must be 0 to 2 in poleana:3, not -1"),
        (dict(num_envs=0), "num_envs must be 1 to"),
        (dict(threads=0), "threads must be 1 to 256"),
        (dict(max_steps=0), "max_steps must be from 1"),
        (dict(on_illegal="ignore"), "on_illegal must be"),
        (dict(autoreset_mode="Sometimes"), "autoreset_mode must be a gymnasium.vector.AutoresetMode"),
        (dict(render_mode="human"), "render_mode must be"),
        (dict(seed=-1), "a seed is a whole number"),
    ],
)
def test_vector_gym_env_refuses_a_bad_configuration_with_config_error(
    kwargs: Dict[str, Any], message: str
) -> None:
    arguments: Dict[str, Any] = dict(num_envs=2)
    arguments.update(kwargs)
    with pytest.raises(fichas.ConfigError, match=re.escape(message)):
        env.VectorGymEnv("poleana:3", **arguments)


def test_learner_games_refuses_bad_input_with_config_error_and_never_panics() -> None:
    from fichas._fichas import LearnerGames

    for args, message in (
        (("cartas", 2, ["random"], -2), "the learner's seat must be 0 to 3 in cartas, not -2"),
        (("cartas", 2, ["random"], 9), "the learner's seat must be 0 to 3 in cartas, not 9"),
        (("cartas", 2, ["easy", "easy"]), "opponents are one strength for every seat but the learner's"),
        (("cartas", 2, ["hard:nodes=x"]), "cannot read nodes from `x`"),
        (("cartas", 2, ["random"], 0, 0, 1, 0), "max_steps must be from 1"),
        (("cartas", 2, ["random"], 0, 0, 1, 5, "next"), "autoreset must be"),
        (("cartas", 2, ["random"], 0, 0, 1, 5, "NextStep", "skip"), "on_illegal must be"),
        (("no-such-game", 2, ["random"]), "cannot read"),
    ):
        with pytest.raises(fichas.ConfigError, match=re.escape(message)):
            LearnerGames(*args)
    games = LearnerGames("cartas", 2, ["random"], 0, 0, 1, 5, "Disabled")
    assert games.final_observations.shape == (0, 399)
    with pytest.raises(fichas.ConfigError, match="actions has 1 entries"):
        games.step(np.zeros(1, dtype=np.int64))
    with pytest.raises(fichas.ConfigError, match="the reset mask has 3 entries"):
        games.reset_rows(np.ones(3, dtype=bool))
