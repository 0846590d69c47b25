"""Learning environments: PettingZoo (every seat), Gymnasium (one seat against bots) and a batch.

This module needs the ``env`` extra (``pip install 'fichas[env]'``: gymnasium and pettingzoo);
``import fichas`` alone never imports it. Every environment observes a seat through
`fichas.Game.observation` (float32 numbers in 0..1, from that seat's view alone, laid out as
``fichas._fichas.observation_layout(variant)`` lists) and acts by action id: ids run from 0 to
the variant's action space less one, and a mask says which are legal. Chance (the dice, the
deals) is resolved inside; the only rewards come at the end, +1 for every winning seat and -1
for the others.

Every seat of a game, as a PettingZoo AEC environment (agents ``"seat_0"``, ``"seat_1"``, …)::

    from fichas import env
    e = env.aec_env("parchis:two-player")
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:            # truncated: cut off at max_steps decisions
            action = None                      # PettingZoo's convention for a finished agent
        else:
            action = e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

One seat learning against bots, as a Gymnasium environment::

    e = env.gym_env("poleana:2", opponents="greedy", seat=0)
    obs, info = e.reset(seed=7)
    terminated = truncated = False
    while not (terminated or truncated):       # truncated after max_steps of the learner's
        action = e.action_space.sample(info["action_mask"])
        obs, reward, terminated, truncated, info = e.step(action)
    print(reward)                              # 1.0 if seat 0 won, else -1.0

Every variant also has a Gymnasium id, registered when this module is imported, and a vector
environment stepped in Rust, one learner against bots in every game::

    import gymnasium
    e = gymnasium.make("fichas/Parchis-v0", opponents="easy")
    envs = gymnasium.make_vec("fichas/ParchisTwoPlayer-v0", num_envs=8, opponents="easy")
    obs, info = envs.reset(seed=0)
    for _ in range(50):                        # one legal id per game, from its mask
        actions = [envs.single_action_space.sample(m) for m in info["action_mask"]]
        obs, rewards, terminated, truncated, info = envs.step(actions)

Many games stepped together in Rust (the games that end start anew by themselves)::

    v = env.VectorEnv("cartas", num_envs=64, seed=0, threads=2)
    obs, info = v.reset()
    for _ in range(100):
        obs, rewards, dones, info = v.step(v.random_actions())
        finished = rewards[dones]              # each seat's return in every game that ended
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

try:
    import gymnasium
    from gymnasium import spaces
    from gymnasium.envs.registration import EnvSpec
    from gymnasium.utils import seeding
    from gymnasium.vector import AutoresetMode
    from gymnasium.vector.utils import batch_space
    from pettingzoo import AECEnv  # type: ignore[import-untyped, import-not-found, unused-ignore]
except ImportError as e:  # pragma: no cover - depends on the environment
    raise ImportError(
        "fichas.env needs gymnasium and pettingzoo: pip install 'fichas[env]'"
    ) from e

from ._fichas import (
    MAX_DECISIONS,
    Bot,
    ConfigError,
    Game,
    IllegalActionError,
    LearnerGames,
    VectorGames,
)

__all__ = [
    "GYM_IDS",
    "FichasAECEnv",
    "FichasGymEnv",
    "Opponent",
    "VectorEnv",
    "VectorGymEnv",
    "aec_env",
    "gym_env",
]

#: The Gymnasium ids this module registers when it is imported, each with its variant:
#: ``gymnasium.make(id, **kwargs)`` makes ``gym_env(variant, **kwargs)``, and
#: ``gymnasium.make_vec(id, num_envs, **kwargs)`` makes ``VectorGymEnv(variant, num_envs, **kwargs)``.
GYM_IDS: Dict[str, str] = {
    "fichas/Poleana-v0": "poleana",
    "fichas/PoleanaTwoPlayer-v0": "poleana:2",
    "fichas/PoleanaThreePlayer-v0": "poleana:3",
    "fichas/PoleanaAssisted-v0": "poleana:assisted",
    "fichas/PoleanaFree-v0": "poleana:free",
    "fichas/PoleanaExpress-v0": "poleana-express",
    "fichas/PoleanaExpressThreePlayer-v0": "poleana-express:3",
    "fichas/Parchis-v0": "parchis",
    "fichas/ParchisTwoPlayer-v0": "parchis:two-player",
    "fichas/ParchisTwoColours-v0": "parchis:two-colours",
    "fichas/ParchisPairs-v0": "parchis:pairs",
    "fichas/ParchisThreePlayer-v0": "parchis:YBR",
    "fichas/Cartas-v0": "cartas",
}

#: Each registered variant's id (the variant as ``Game.variant`` writes it).
_ID_OF: Dict[str, str] = {variant: env_id for env_id, variant in GYM_IDS.items()}

#: How a seat the learner does not play is played in `gym_env`: a bot strength (``"random"``,
#: ``"greedy"``, ``"easy"``, ``"medium"``, ``"hard"``) or a `fichas.Bot`.
Opponent = Union[str, Bot]

#: The render modes: ``"ansi"`` gives `Game.text` (a text diagram), ``"svg"`` `Game.svg`.
RENDER_MODES = ["ansi", "svg"]


def _check_render_mode(render_mode: Optional[str]) -> None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ConfigError(f"render_mode must be None, 'ansi' or 'svg', not {render_mode!r}")


def _draw_seed(rng: np.random.Generator) -> int:
    """A seed for a game or a bot, drawn from the environment's generator."""
    return int(rng.integers(0, 2**64, dtype=np.uint64))


def _resolve_chance(game: Game) -> None:
    """Rolls (or draws) until a seat decides or the game is over."""
    while game.to_act is None and not game.is_over:
        game.roll_quietly()


def _check_max_steps(max_steps: int) -> None:
    if not 1 <= max_steps < 2**32:
        raise ConfigError(f"max_steps must be from 1 to 4,294,967,295, not {max_steps}")


def _started(game: Optional[Game]) -> Game:
    """The game an environment plays, once reset() has started one."""
    if game is None:
        raise gymnasium.error.ResetNeeded("call reset() first")
    return game


def _render(game: Optional[Game], render_mode: Optional[str]) -> Optional[str]:
    if render_mode is None:
        gymnasium.logger.warn(
            "render() was called without a render mode: pass render_mode='ansi' or 'svg'"
        )
        return None
    if game is None:
        raise gymnasium.error.ResetNeeded("call reset() before render()")
    return game.text() if render_mode == "ansi" else game.svg()


class FichasAECEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """Every seat of one game of `variant` as a PettingZoo AEC environment (see `aec_env`).

    Agents are ``"seat_0"`` to ``"seat_{n-1}"``; ``agent_selection`` is the seat to decide (a
    seat may decide several times in a row). An observation is a dict: ``"observation"``, what
    the agent's seat sees (float32, in 0..1), and ``"action_mask"`` (int8, 1 at the ids that are
    legal for the agent now; all 0 for an agent that is not to decide, and for every agent once
    the game is over). Chance is resolved inside ``step``. At the end every agent's reward is
    its return (+1 for each winning seat, both seats of a winning side included; -1 for the
    others) and every agent is terminated; each then steps with ``None`` to leave, as PettingZoo
    expects. A game still going after ``max_steps`` decisions (all agents' together; default
    `fichas.MAX_DECISIONS`, 20,000) is cut off: every agent is truncated, with reward 0, and
    leaves the same way. The rules have no draw: the bound only ends a game that agents keep
    from ending (random play ends every game in a few thousand decisions at most). An illegal
    action raises `fichas.IllegalActionError` and changes nothing.
    """

    metadata: Dict[str, Any] = {
        "render_modes": RENDER_MODES,
        "name": "fichas_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self, variant: str, render_mode: Optional[str] = None, max_steps: int = MAX_DECISIONS
    ) -> None:
        super().__init__()
        _check_render_mode(render_mode)
        _check_max_steps(max_steps)
        probe = Game(variant)
        self.max_steps = max_steps
        self._steps = 0
        self._variant = variant
        self.variant: str = probe.variant
        self.render_mode = render_mode
        self.metadata = dict(type(self).metadata, name=f"fichas_{probe.variant}_v0")
        size = len(probe.observation(0))
        self._actions = probe.action_space
        self.possible_agents: List[str] = [f"seat_{s}" for s in range(probe.seats)]
        self.agent_name_mapping: Dict[str, int] = {a: s for s, a in enumerate(self.possible_agents)}
        self.observation_spaces: Dict[str, spaces.Dict] = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self._actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces: Dict[str, spaces.Discrete] = {
            agent: spaces.Discrete(self._actions) for agent in self.possible_agents
        }
        self.agents: List[str] = []
        self.rewards: Dict[str, float] = {}
        self._cumulative_rewards: Dict[str, float] = {}
        self.terminations: Dict[str, bool] = {}
        self.truncations: Dict[str, bool] = {}
        self.infos: Dict[str, Dict[str, Any]] = {}
        self._game: Optional[Game] = None
        self._rng: Optional[np.random.Generator] = None

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    @property
    def game(self) -> Game:
        """The game being played (reset() starts one): every card in it, hidden ones included,
        for debugging and tests. An agent reads only its observation."""
        return _started(self._game)

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """Starts a new game. With `seed` its dice come from it (``Game(variant, seed=seed)``),
        so the same seed and actions give the same game; without, the game's seed is drawn from
        a generator that the last seeded reset seeded (or, before any, from the system)."""
        if seed is not None:
            self._rng = seeding.np_random(seed)[0]
            game_seed = seed
        else:
            if self._rng is None:
                self._rng = seeding.np_random()[0]
            game_seed = _draw_seed(self._rng)
        self._game = Game(self._variant, seed=game_seed)
        self._steps = 0
        _resolve_chance(self._game)
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self._skip_agent_selection: Optional[str] = None
        to_act = self._game.to_act
        assert to_act is not None, "a new game waits for a decision once chance is resolved"
        self.agent_selection: str = self.possible_agents[to_act]

    def observe(self, agent: str) -> Dict[str, npt.NDArray[Any]]:
        game = self.game
        seat = self.agent_name_mapping[agent]
        if game.to_act == seat:
            mask = game.legal_mask().astype(np.int8)
        else:
            mask = np.zeros(self._actions, dtype=np.int8)
        return {"observation": game.observation(seat), "action_mask": mask}

    def step(self, action: Optional[Union[int, np.integer[Any]]]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(f"{agent} is to decide: None is only for finished agents")
        game = self.game
        game.apply_id(int(action))  # an illegal id raises and changes nothing
        self._steps += 1
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        _resolve_chance(game)
        if game.is_over:
            for a, reward in zip(self.possible_agents, game.returns()):
                self.rewards[a] = reward
                self.terminations[a] = True
        elif self._steps >= self.max_steps:
            for a in self.possible_agents:
                self.truncations[a] = True
        else:
            to_act = game.to_act
            assert to_act is not None
            self.agent_selection = self.possible_agents[to_act]
        self._accumulate_rewards()

    def render(self) -> Optional[str]:
        """The game as text (render_mode "ansi") or as an SVG document ("svg")."""
        return _render(self._game, self.render_mode)

    def close(self) -> None:
        pass


def aec_env(
    variant: str, render_mode: Optional[str] = None, max_steps: int = MAX_DECISIONS
) -> FichasAECEnv:
    """Every seat of a game of `variant` as a PettingZoo AEC environment (`FichasAECEnv`).

    ``observation_space(agent)`` is a Dict of ``"observation"`` (Box(0, 1, (L,), float32)) and
    ``"action_mask"`` (Box(0, 1, (A,), int8)), as PettingZoo's classic games have it;
    ``action_space(agent)`` is Discrete(A). `render_mode` is None, "ansi" or "svg". A game is
    truncated after `max_steps` decisions (default `fichas.MAX_DECISIONS`).
    """
    return FichasAECEnv(variant, render_mode=render_mode, max_steps=max_steps)


def _rebuilt(opponent: Opponent, seed: int) -> Bot:
    """A bot of `opponent`'s strength (and search budget) that plays from `seed`."""
    if isinstance(opponent, str):
        return Bot(opponent, seed=seed)
    if opponent.kind == "search":
        return Bot(opponent.strength, seed=seed, **opponent.budget)
    return Bot(opponent.strength, seed=seed)


class FichasGymEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """One seat of `variant` as a Gymnasium environment, the other seats played by bots (see
    `gym_env`).

    ``info["action_mask"]`` (int8, 1 at the legal ids) comes with every observation; step
    infos also say ``"illegal_action"``. The reward is 0 until the end, then the learner's
    return (+1 if its seat, or its side, won; else -1). Episodes terminate at the end of the
    game, and are truncated (reward 0, ``truncated=True``, as Gymnasium's time limits do) once
    the learner has taken ``max_steps`` steps without the game ending, or the bots
    `fichas.MAX_DECISIONS` decisions in one stretch (default `fichas.MAX_DECISIONS`, 20,000:
    random play ends every game in a few thousand decisions at most).
    """

    metadata: Dict[str, Any] = {"render_modes": RENDER_MODES, "render_fps": 1}
    action_space: spaces.Discrete

    def __init__(
        self,
        variant: str,
        opponents: Union[Opponent, Sequence[Opponent]] = "random",
        seat: int = 0,
        render_mode: Optional[str] = None,
        on_illegal: str = "lose",
        max_steps: int = MAX_DECISIONS,
    ) -> None:
        _check_render_mode(render_mode)
        _check_max_steps(max_steps)
        if on_illegal not in ("lose", "raise"):
            raise ConfigError(f"on_illegal must be 'lose' or 'raise', not {on_illegal!r}")
        probe = Game(variant)
        if not 0 <= seat < probe.seats:
            raise ConfigError(f"seat must be 0 to {probe.seats - 1} in {probe.variant}, not {seat}")
        others = [s for s in range(probe.seats) if s != seat]
        if isinstance(opponents, (str, Bot)):
            entries: List[Opponent] = [opponents] * len(others)
        else:
            entries = list(opponents)
            if len(entries) != len(others):
                raise ConfigError(
                    f"opponents lists one entry per other seat: {len(others)} in {probe.variant}, "
                    f"not {len(entries)}"
                )
        for entry in entries:
            if isinstance(entry, str):
                Bot(entry)  # an unknown strength raises now, not at the first reset
            elif not isinstance(entry, Bot):
                raise ConfigError(f"an opponent is a strength name or a fichas.Bot, not {entry!r}")
        self._variant = variant
        self.variant: str = probe.variant
        self.seat = seat
        self.on_illegal = on_illegal
        self.max_steps = max_steps
        self._steps = 0
        self.render_mode = render_mode
        self._opponents: Dict[int, Opponent] = dict(zip(others, entries))
        self._actions = probe.action_space
        self.observation_space = spaces.Box(0.0, 1.0, (len(probe.observation(seat)),), np.float32)
        self.action_space = spaces.Discrete(self._actions)
        self._game: Optional[Game] = None
        self._bots: Dict[int, Bot] = {}
        self._done = True
        if all(isinstance(entry, str) for entry in entries):
            # How gymnasium.make (and check_env) make this environment again: under the id of
            # its variant where one is registered. A Bot does not copy, so an environment with
            # Bot opponents has no spec.
            self.spec = EnvSpec(
                id=_ID_OF.get(probe.variant, f"fichas/{probe.variant}-v0"),
                entry_point=_make_gym_env,
                vector_entry_point=_make_vector_gym_env,
                kwargs={
                    "variant": variant,
                    "opponents": opponents if isinstance(opponents, str) else list(entries),
                    "seat": seat,
                    "render_mode": render_mode,
                    "on_illegal": on_illegal,
                    "max_steps": max_steps,
                },
            )

    @property
    def game(self) -> Game:
        """The game being played (reset() starts one): every card in it, hidden ones included,
        for debugging and tests. An agent reads only its observation."""
        return _started(self._game)

    def _mask(self) -> npt.NDArray[np.int8]:
        game = self.game
        if game.to_act == self.seat:
            return game.legal_mask().astype(np.int8)
        return np.zeros(self._actions, dtype=np.int8)

    def _play_others(self) -> bool:
        """Resolves chance and lets the bots decide until the learner decides or the end;
        False if the bots took `fichas.MAX_DECISIONS` decisions first (the game is cut off)."""
        game = self.game
        decisions = 0
        while not game.is_over:
            to_act = game.to_act
            if to_act is None:
                game.roll_quietly()
            elif to_act == self.seat:
                return True
            elif decisions >= MAX_DECISIONS:
                return False
            else:
                decisions += 1
                hint = self._bots[to_act].choose(game)
                if hint is None:
                    game.apply_id(game.legal_action_ids()[0])
                else:
                    game.apply(hint.action)
        return True

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[npt.NDArray[np.float32], Dict[str, Any]]:
        """Starts a new game and plays the bots until the learner decides.

        With `seed` the dice come from it (``Game(variant, seed=seed)``) and the bots from seeds
        drawn from ``np_random``, which the seed seeds: the same seed and actions give the same
        episode. Without, the game's seed is drawn from ``np_random`` too (Gymnasium's
        convention: after one seeded reset, the following episodes reproduce as well). A
        `fichas.Bot` given as an opponent plays as a new bot of its strength and budget with
        such a seed.
        """
        super().reset(seed=seed)
        rng = self.np_random
        game_seed = seed if seed is not None else _draw_seed(rng)
        self._bots = {s: _rebuilt(o, _draw_seed(rng)) for s, o in self._opponents.items()}
        for _ in range(1000):
            self._game = Game(self._variant, seed=game_seed)
            if self._play_others() and not self._game.is_over:
                break
            # The others finished before the learner ever decided: deal another game.
            game_seed = _draw_seed(rng)
        else:  # pragma: no cover - a seat always gets to decide in practice
            raise RuntimeError(f"seat {self.seat} never got to decide in 1000 games")
        self._done = False
        self._steps = 0
        return self.game.observation(self.seat), {"action_mask": self._mask()}

    def step(
        self, action: Union[int, np.integer[Any]]
    ) -> Tuple[npt.NDArray[np.float32], float, bool, bool, Dict[str, Any]]:
        """Plays the learner's action id, then the bots until the learner decides again or the
        game is over. An id that is not legal now loses the episode (reward -1, terminated,
        ``info["illegal_action"]``) with ``on_illegal="lose"``, or raises
        `fichas.IllegalActionError` (and changes nothing) with ``on_illegal="raise"``."""
        game = self.game
        if self._done:
            raise gymnasium.error.ResetNeeded("the episode is over: call reset()")
        chosen = int(action)
        if chosen not in game.legal_action_ids():
            if self.on_illegal == "raise":
                raise IllegalActionError(
                    f"action id {chosen} is not legal for seat {self.seat} now "
                    f"(legal ids: {game.legal_action_ids()})"
                )
            self._done = True
            info = {"action_mask": np.zeros(self._actions, dtype=np.int8), "illegal_action": True}
            return game.observation(self.seat), -1.0, True, False, info
        game.apply_id(chosen)
        self._steps += 1
        bots_done = self._play_others()
        reward = 0.0
        truncated = False
        if game.is_over:
            self._done = True
            reward = float(game.returns()[self.seat])
        elif self._steps >= self.max_steps or not bots_done:
            self._done = truncated = True
        info = {"action_mask": self._mask(), "illegal_action": False}
        return game.observation(self.seat), reward, game.is_over, truncated, info

    def render(self) -> Optional[str]:
        """The game as text (render_mode "ansi") or as an SVG document ("svg")."""
        return _render(self._game, self.render_mode)

    def close(self) -> None:
        pass


def _make_gym_env(**kwargs: Any) -> FichasGymEnv:
    """The entry point of `FichasGymEnv`'s spec (gymnasium.make calls it with keywords)."""
    return FichasGymEnv(**kwargs)


def gym_env(
    variant: str,
    opponents: Union[Opponent, Sequence[Opponent]] = "random",
    seat: int = 0,
    render_mode: Optional[str] = None,
    on_illegal: str = "lose",
    max_steps: int = MAX_DECISIONS,
) -> FichasGymEnv:
    """Seat `seat` of `variant` as a Gymnasium environment (`FichasGymEnv`); bots play the rest.

    `opponents` is a bot strength or a `fichas.Bot` for every other seat, or a list with one
    entry per other seat in seat order (the learner's seat left out). observation_space is
    Box(0, 1, (L,), float32), action_space Discrete(A); ``info["action_mask"]`` gives the legal
    ids. `on_illegal` is "lose" (an illegal action ends the episode as a loss) or "raise".
    `render_mode` is None, "ansi" or "svg". An episode is truncated after `max_steps` of the
    learner's steps (default `fichas.MAX_DECISIONS`).
    """
    return FichasGymEnv(variant, opponents, seat, render_mode, on_illegal, max_steps)


class VectorEnv:
    """`num_envs` games of `variant` stepped together in Rust, on `threads` threads.

    Every game always waits at a decision (chance is resolved inside): ``observations[i]`` is
    what game i's seat to act (``to_act[i]``) sees, ``masks[i]`` its legal ids. ``step`` takes
    one action id per game. A game that ends in a step reports each seat's return in that
    step's ``rewards[i]`` (+1 winners, -1 the others; rewards are 0 on every other row) with
    ``dones[i]`` True, and a new game starts in its place at once: ``observations[i]`` is then
    the new game's. The same seed gives the same games for any number of threads.

    The arrays returned (observations, masks, to_act, rewards, dones) are the environment's own
    buffers: the next ``reset`` or ``step`` overwrites them in place. Copy them
    (``obs.copy()``) to keep them, and do not read them from another thread while a step runs
    (it runs without the interpreter lock).

    It is not a ``gymnasium.vector.VectorEnv``: every game's seat to act takes the step (self
    play, one agent per seat), ``rewards`` holds every seat's, and a game's last position is
    not shown (its only reward is the result, which the step reports).
    """

    def __init__(self, variant: str, num_envs: int, seed: int = 0, threads: int = 1) -> None:
        self._games = VectorGames(variant, num_envs, seed, threads)
        #: One game's observation space, Box(0, 1, (observation_length,), float32).
        self.single_observation_space = spaces.Box(
            0.0, 1.0, (self.observation_length,), np.float32
        )
        #: One game's action space, Discrete(num_actions).
        self.single_action_space = spaces.Discrete(self.num_actions)

    @property
    def variant(self) -> str:
        """The variant, as its configuration text."""
        return self._games.variant

    @property
    def num_envs(self) -> int:
        """The number of games."""
        return self._games.num_envs

    @property
    def threads(self) -> int:
        """The threads each step uses."""
        return self._games.threads

    @property
    def seats(self) -> int:
        """The seats of each game (the columns of ``rewards``)."""
        return int(self._games.rewards.shape[1])

    @property
    def observation_length(self) -> int:
        """The numbers in one observation (the columns of ``observations``)."""
        return int(self._games.observations.shape[1])

    @property
    def num_actions(self) -> int:
        """The size of the action space: ids run from 0 to num_actions - 1 (the columns of
        ``masks``)."""
        return int(self._games.masks.shape[1])

    @property
    def observations(self) -> npt.NDArray[np.float32]:
        """What each game's seat to act sees: float32, (num_envs, observation_length); the
        env's own buffer."""
        return self._games.observations

    @property
    def masks(self) -> npt.NDArray[np.bool_]:
        """Each game's legal ids: bool, (num_envs, num_actions); the env's own buffer."""
        return self._games.masks

    @property
    def to_act(self) -> npt.NDArray[np.uint8]:
        """Each game's seat to act: uint8, (num_envs,); the env's own buffer."""
        return self._games.to_act

    @property
    def rewards(self) -> npt.NDArray[np.float32]:
        """Each seat's reward from the last step: float32, (num_envs, seats); the env's own
        buffer."""
        return self._games.rewards

    @property
    def dones(self) -> npt.NDArray[np.bool_]:
        """Which games ended in the last step (and started anew): bool, (num_envs,); the env's
        own buffer."""
        return self._games.dones

    def _info(self) -> Dict[str, Any]:
        return {"to_act": self._games.to_act, "action_mask": self._games.masks}

    def reset(self, seed: Optional[int] = None) -> Tuple[npt.NDArray[np.float32], Dict[str, Any]]:
        """Starts every game anew: ``(observations, {"to_act": ..., "action_mask": ...})``.

        With `seed` the games roll as a new ``VectorEnv(variant, num_envs, seed)``'s would;
        without, their dice go on. The arrays are the env's own buffers (see the class).
        """
        self._games.reset(seed)
        return self._games.observations, self._info()

    def step(
        self, actions: npt.ArrayLike
    ) -> Tuple[npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.bool_], Dict[str, Any]]:
        """Plays one action id per game: ``(observations, rewards, dones, info)``, info holding
        ``"to_act"`` and ``"action_mask"``. The arrays are the env's own buffers, overwritten by
        the next step (copy to keep). If an id is not legal in its game, raises
        `fichas.IllegalActionError` naming the game, and no game changes.
        """
        ids = np.asarray(actions)
        if ids.size and not np.issubdtype(ids.dtype, np.integer):
            raise TypeError(f"actions are integer ids, not {ids.dtype} values")
        self._games.step(np.ascontiguousarray(ids, dtype=np.int64))
        return self._games.observations, self._games.rewards, self._games.dones, self._info()

    def legal_mask(self) -> npt.NDArray[np.bool_]:
        """Each game's legal ids: bool, (num_envs, num_actions); the env's own buffer."""
        return self._games.masks

    def random_actions(self) -> npt.NDArray[np.int64]:
        """A uniformly random legal id for each game (a new int64 array), from a generator of
        the env's own."""
        return self._games.random_actions()

    def position(self, i: int) -> str:
        """Game i's position text (hidden cards included: for debugging)."""
        return self._games.position(i)

    def __repr__(self) -> str:
        return f"<VectorEnv {self.variant}: {self.num_envs} games on {self.threads} threads>"


_AUTORESET_MODES = ", ".join(repr(m.value) for m in AutoresetMode)


def _autoreset_mode(mode: Union[AutoresetMode, str]) -> AutoresetMode:
    if isinstance(mode, AutoresetMode):
        return mode
    try:
        return AutoresetMode(mode)
    except ValueError:
        raise ConfigError(
            f"autoreset_mode must be a gymnasium.vector.AutoresetMode or its value "
            f"({_AUTORESET_MODES}), not {mode!r}"
        ) from None


def _strength_texts(variant: str, seat: int, opponents: Union[Opponent, Sequence[Opponent]]) -> List[str]:
    """The opponents as strength texts, one per other seat (or one for them all), checked as
    `gym_env` checks them."""
    if isinstance(opponents, (str, Bot)):
        entries: List[Opponent] = [opponents]
    else:
        entries = list(opponents)
        probe = Game(variant)
        if len(entries) != probe.seats - 1:
            raise ConfigError(
                f"opponents lists one entry per other seat: {probe.seats - 1} in {probe.variant}, "
                f"not {len(entries)}"
            )
    texts = []
    for entry in entries:
        if isinstance(entry, Bot):
            texts.append(entry.strength)  # its strength and budget; each game seeds its own
        elif isinstance(entry, str):
            texts.append(entry)
        else:
            raise ConfigError(f"an opponent is a strength name or a fichas.Bot, not {entry!r}")
    return texts


class VectorGymEnv(
    gymnasium.vector.VectorEnv[npt.NDArray[np.float32], npt.NDArray[np.int64], npt.NDArray[Any]]
):
    """`num_envs` games of `variant` as a ``gymnasium.vector.VectorEnv``: in each, seat `seat`
    learns and bots play the other seats, stepped in Rust on `threads` threads.

    What `gym_env` is for one game, this is for many: ``single_observation_space`` is
    Box(0, 1, (L,), float32) and ``single_action_space`` Discrete(A) (the batched
    ``observation_space`` and ``action_space`` are Box(0, 1, (num_envs, L)) and
    MultiDiscrete); ``reset`` returns ``(observations, infos)`` and ``step(actions)``, one
    action id per game, returns ``(observations, rewards, terminations, truncations, infos)``:
    float32 (num_envs, L), float64, bool and bool arrays of (num_envs,). Every observation is
    the learner's seat's; a reward is the learner's return when its game ended in the step (+1
    when its seat, or its side, won; -1 when not), else 0. ``infos["action_mask"]`` (int8,
    (num_envs, A), 1 at the learner's legal ids) comes with every observation, and step infos
    also hold ``"illegal_action"`` (bool, (num_envs,)), each with Gymnasium's ``"_key"`` mask.

    The bots play inside the step, in Rust, without the interpreter lock. `opponents` is a bot
    strength (``"random"``, ``"greedy"``, ``"easy"``, ``"medium"``, ``"hard"``, or a budgeted
    search text such as ``"search:iterations=50"``) or a `fichas.Bot` (its strength and budget:
    each game seeds its own bots) for every other seat, or a list with one entry per other seat
    in seat order. Game i rolls its dice and seeds its bots from `seed` and i alone, so the
    same seed gives the same games on any number of threads; with no seed, one is drawn from
    the system.

    A game terminates when it is over (or when the learner's action was illegal, with
    ``on_illegal="lose"``: reward -1 and ``infos["illegal_action"]``, nothing played; with
    ``on_illegal="raise"`` an illegal id raises `fichas.IllegalActionError` naming the game
    and no game changes). It is truncated, as `gym_env` truncates it, after `max_steps` of the
    learner's steps, or when the bots take `fichas.MAX_DECISIONS` decisions in one stretch.

    ``metadata["autoreset_mode"]`` says what happens next (`autoreset_mode`, Gymnasium's
    ``AutoresetMode``):

    - ``NEXT_STEP`` (the default, Gymnasium's): the step that ends a game shows its last
      observation; that row's next ``step`` starts a new game in it, ignores its action, and
      shows the new game's first observation with reward 0 and both flags false.
    - ``SAME_STEP``: the step that ends a game starts the next one and shows its first
      observation; the ended game's last observation is in ``infos["final_obs"]`` (an object
      array, None on the other rows) and its infos in ``infos["final_info"]``, each with its
      ``"_key"`` mask.
    - ``DISABLED``: a game that ended stays over until ``reset(options={"reset_mask": mask})``
      starts the rows where the mask is true (a step before that raises
      ``gymnasium.error.ResetNeeded``).

    ``reset(options={"reset_mask": mask})`` restarts only those rows in every mode; with
    ``seed``, those rows start as they would in a new environment of that seed. Arrays are
    copies unless ``copy=False``: then they are the environment's own buffers, overwritten in
    place by the next ``reset`` or ``step``. ``render()`` gives every game's text diagram
    (``render_mode="ansi"``) or SVG picture (``"svg"``), as a tuple.
    """

    metadata: Dict[str, Any] = {
        "render_modes": RENDER_MODES,
        "render_fps": 1,
        "autoreset_mode": AutoresetMode.NEXT_STEP,
    }
    single_observation_space: spaces.Box
    single_action_space: spaces.Discrete

    def __init__(
        self,
        variant: str,
        num_envs: int,
        opponents: Union[Opponent, Sequence[Opponent]] = "random",
        seat: int = 0,
        seed: Optional[int] = None,
        threads: int = 1,
        render_mode: Optional[str] = None,
        on_illegal: str = "lose",
        max_steps: int = MAX_DECISIONS,
        autoreset_mode: Union[AutoresetMode, str] = AutoresetMode.NEXT_STEP,
        copy: bool = True,
    ) -> None:
        _check_render_mode(render_mode)
        _check_max_steps(max_steps)
        if on_illegal not in ("lose", "raise"):
            raise ConfigError(f"on_illegal must be 'lose' or 'raise', not {on_illegal!r}")
        if isinstance(num_envs, bool) or not isinstance(num_envs, (int, np.integer)) or num_envs < 1:
            raise ConfigError(f"num_envs must be 1 to 1,048,576, not {num_envs!r}")
        mode = _autoreset_mode(autoreset_mode)
        if seed is None:
            seed = _draw_seed(seeding.np_random()[0])
        _check_seed(seed)
        self._games = LearnerGames(
            variant,
            int(num_envs),
            _strength_texts(variant, seat, opponents),
            seat,
            int(seed),
            threads,
            max_steps,
            mode.value,
            on_illegal,
        )
        self.num_envs = int(num_envs)
        self.render_mode = render_mode
        self.copy = copy
        self.metadata = dict(type(self).metadata, autoreset_mode=mode)
        length = int(self._games.observations.shape[1])
        #: One game's observation space, Box(0, 1, (observation length,), float32).
        self.single_observation_space = spaces.Box(0.0, 1.0, (length,), np.float32)
        #: One game's action space, Discrete(action space).
        self.single_action_space = spaces.Discrete(int(self._games.masks.shape[1]))
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        # The games made above wait at their first decision: the first reset shows them.
        self._fresh = True
        self._started = False

    @property
    def variant(self) -> str:
        """The variant, as its configuration text."""
        return self._games.variant

    @property
    def seat(self) -> int:
        """The learner's seat."""
        return self._games.seat

    @property
    def opponents(self) -> List[Optional[str]]:
        """The bot strength on each seat, as text (None on the learner's)."""
        return self._games.opponents

    @property
    def threads(self) -> int:
        """The threads each step uses."""
        return self._games.threads

    @property
    def max_steps(self) -> int:
        """The learner's steps after which a game still going is truncated."""
        return self._games.max_steps

    @property
    def on_illegal(self) -> str:
        """What an illegal action does: "lose" or "raise"."""
        return self._games.on_illegal

    @property
    def autoreset_mode(self) -> AutoresetMode:
        """The autoreset mode (also ``metadata["autoreset_mode"]``)."""
        return AutoresetMode(self._games.autoreset)

    def _out(self, array: npt.NDArray[Any]) -> npt.NDArray[Any]:
        return array.copy() if self.copy else array

    def _all(self) -> npt.NDArray[np.bool_]:
        return np.ones(self.num_envs, dtype=np.bool_)

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[npt.NDArray[np.float32], Dict[str, Any]]:
        """Starts new games: ``(observations, {"action_mask": ..., "_action_mask": ...})``.

        With `seed`, game i starts as game i of a new ``VectorGymEnv(..., seed=seed)`` (its dice
        and bots from the seed); without, each game's dice go on, so that after one seeded reset
        the following games reproduce too (the first reset of an environment shows the games it
        was made with). ``options={"reset_mask": mask}`` (a bool array of shape (num_envs,),
        with a True) starts only those rows, the others going on as they were.
        """
        if seed is not None:
            _check_seed(seed)
            seed = int(seed)
        super().reset(seed=seed)
        mask = _reset_mask(options, self.num_envs)
        if mask is not None:
            self._games.reset_rows(mask, seed)
        elif seed is not None:
            self._games.reset(seed)
        elif not self._fresh:
            self._games.reset()
        self._fresh = False
        self._started = True
        info = {"action_mask": self._out(self._games.masks), "_action_mask": self._all()}
        return self._out(self._games.observations), info

    def step(
        self, actions: npt.ArrayLike
    ) -> Tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        Dict[str, Any],
    ]:
        """Plays the learner's action id in every game (an array of num_envs ids), then the bots
        until the learner decides again or the game ends; see the class for the autoreset mode
        and illegal actions."""
        if not self._started:
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        ids = np.asarray(actions)
        if ids.size and not np.issubdtype(ids.dtype, np.integer):
            raise TypeError(f"actions are integer ids, not {ids.dtype} values")
        if ids.shape != (self.num_envs,):
            raise ValueError(f"actions are one id per game, shape ({self.num_envs},), not {ids.shape}")
        mode = self.metadata["autoreset_mode"]
        if mode is AutoresetMode.DISABLED:
            ended = np.flatnonzero(self._games.ended())
            if ended.size:
                raise gymnasium.error.ResetNeeded(
                    f"games {ended.tolist()} are over and autoreset is disabled: "
                    "reset them with reset(options={'reset_mask': mask})"
                )
        self._games.step(np.ascontiguousarray(ids, dtype=np.int64))
        games = self._games
        terminated, truncated = self._out(games.terminated), self._out(games.truncated)
        info: Dict[str, Any] = {"action_mask": self._out(games.masks), "_action_mask": self._all()}
        illegal = self._out(games.illegal)
        if mode is AutoresetMode.SAME_STEP:
            done = terminated | truncated
            # As Gymnasium's own vector envs have it: the rows that started anew show the new
            # game's infos (a reset's: no "illegal_action"), the ended games' are final_info.
            info["illegal_action"], info["_illegal_action"] = illegal, ~done
            if done.any():
                final_obs = np.full(self.num_envs, None, dtype=object)
                final_masks = np.zeros_like(games.masks)
                for i in np.flatnonzero(done):
                    final_obs[i] = games.final_observations[i].copy()
                    final_masks[i] = games.final_masks[i]
                info["final_obs"], info["_final_obs"] = final_obs, done.copy()
                info["final_info"] = {
                    "action_mask": final_masks,
                    "_action_mask": done.copy(),
                    "illegal_action": illegal & done,
                    "_illegal_action": done.copy(),
                }
                info["_final_info"] = done.copy()
        else:
            info["illegal_action"], info["_illegal_action"] = illegal, self._all()
        return self._out(games.observations), self._out(games.rewards), terminated, truncated, info

    def render(self) -> Optional[Tuple[str, ...]]:
        """Every game as text (render_mode "ansi") or as an SVG document ("svg")."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() was called without a render mode: pass render_mode='ansi' or 'svg'"
            )
            return None
        games = (Game.from_position(self._games.position(i)) for i in range(self.num_envs))
        return tuple(g.text() if self.render_mode == "ansi" else g.svg() for g in games)

    def position(self, i: int) -> str:
        """Game i's position text (hidden cards included: for debugging)."""
        return self._games.position(i)

    def learner_steps(self) -> npt.NDArray[np.uint32]:
        """The learner's steps so far in each game's episode (a new uint32 array)."""
        return self._games.steps()

    def close_extras(self, **kwargs: Any) -> None:
        pass


def _check_seed(seed: Any) -> None:
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed < 2**64:
        raise ConfigError(f"a seed is a whole number from 0 to 2**64 - 1, not {seed!r}")


def _reset_mask(options: Optional[Dict[str, Any]], num_envs: int) -> Optional[npt.NDArray[np.bool_]]:
    """``options["reset_mask"]``, checked as Gymnasium's vector envs check it."""
    if not options or "reset_mask" not in options:
        return None
    mask = options["reset_mask"]
    if not isinstance(mask, np.ndarray):
        raise TypeError(f"`options['reset_mask']` must be a numpy array, got {type(mask)}")
    if mask.shape != (num_envs,):
        raise ValueError(f"`options['reset_mask']` must have shape `({num_envs},)`, got {mask.shape}")
    if mask.dtype != np.bool_:
        raise TypeError(f"`options['reset_mask']` must have `dtype=np.bool_`, got {mask.dtype}")
    if not mask.any():
        raise ValueError(f"`options['reset_mask']` must contain at least one True value, got {mask}")
    return np.ascontiguousarray(mask)


def _make_vector_gym_env(
    num_envs: int = 1, max_episode_steps: Optional[int] = None, **kwargs: Any
) -> VectorGymEnv:
    """The vector entry point of the registered ids: ``gymnasium.make_vec(id, num_envs, ...)``
    calls it with the id's variant and the keywords given. ``max_episode_steps`` (Gymnasium's
    time limit, in the learner's steps) is the environment's own `max_steps`."""
    if max_episode_steps is not None:
        kwargs["max_steps"] = max_episode_steps
    return VectorGymEnv(num_envs=num_envs, **kwargs)


def _register() -> None:
    """Registers `GYM_IDS` with Gymnasium (once, however often the module is imported)."""
    for env_id, variant in GYM_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="fichas.env:FichasGymEnv",
                vector_entry_point="fichas.env:_make_vector_gym_env",
                kwargs={"variant": variant},
            )


_register()
