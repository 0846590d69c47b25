"""OpenSpiel games: every fichas variant as a Python game of OpenSpiel, and fichas' bots as bots.

This module needs OpenSpiel (the ``openspiel`` extra: ``pip install 'fichas[openspiel]'``);
``import fichas`` alone never imports it. Importing it registers two games with ``pyspiel``:

- ``python_fichas``: the dice games, Poleana and Parchís (perfect information), parameter
  ``variant`` (default ``"parchis:two-player"``);
- ``python_fichas_cartas``: Cartas (imperfect information: hands are hidden), parameter
  ``variant`` (default ``"cartas"``).

OpenSpiel fixes a game's kind of information when the game is registered, and one name cannot
be both, so each kind has its name. Both take ``max_decisions`` too (default
`fichas.MAX_DECISIONS`): the rules have no draw and no limit, so a game still going after that
many decisions (or twice as many chance events) is cut off, unfinished, with a return of 0 for
every seat, and OpenSpiel gets the finite bounds it needs::

    import random
    import pyspiel
    import fichas.openspiel

    game = pyspiel.load_game("python_fichas", {"variant": "parchis:pairs"})
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes())
            state.apply_action(random.choices(outcomes, probabilities)[0])
        else:
            state.apply_action(random.choice(state.legal_actions()))
    print(state.returns())                     # [1.0, -1.0, 1.0, -1.0] or [-1.0, 1.0, -1.0, 1.0]

`load_game` picks the name from the variant. Chance is explicit: a roll of two dice (21
outcomes, in the order ``6-6``, ``6-5``, …, ``1-1``) or a card drawn in Cartas (14 ranks,
``A``, ``2``, …, ``T``, ``J``, ``Q``, ``K``, ``*``), with the probabilities of the engine's
exact integer weights. Decisions are the variant's stable action ids (`fichas.Game.action_space`
of them). Returns are fichas' own (`fichas.Game.returns`): +1 for every winning seat and -1 for
the others at the end.

`FichasBot` plays a `fichas.Bot` in OpenSpiel (``evaluate_bots``, matches against MCTS), and
`FichasRolloutEvaluator` gives OpenSpiel's MCTS random rollouts played on the engine directly.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

try:
    import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
    from open_spiel.python.algorithms import mcts  # type: ignore[import-not-found, import-untyped, unused-ignore]
except ImportError as e:  # pragma: no cover - depends on the environment
    raise ImportError(
        "fichas.openspiel needs OpenSpiel: pip install 'fichas[openspiel]'"
    ) from e

from ._fichas import MAX_DECISIONS, Bot, ConfigError, FichasError, Game, View, observation_layout

__all__ = [
    "CARTAS_GAME",
    "CARD_OUTCOMES",
    "DICE_GAME",
    "FichasBot",
    "FichasCartasGame",
    "FichasGame",
    "FichasObserver",
    "FichasRolloutEvaluator",
    "FichasState",
    "ROLL_OUTCOMES",
    "load_game",
]

#: The OpenSpiel name of the dice games (Poleana and Parchís: perfect information).
DICE_GAME = "python_fichas"
#: The OpenSpiel name of Cartas (imperfect information).
CARTAS_GAME = "python_fichas_cartas"

#: The chance outcomes of the dice games, by index: every roll of two dice, as the engine
#: writes it (the higher die first), in the engine's order.
ROLL_OUTCOMES: Tuple[str, ...] = tuple(
    f"{high}-{low}" for high in range(6, 0, -1) for low in range(high, 0, -1)
)
#: The chance outcomes of Cartas, by index: the rank of the card drawn (T is the 10, * the joker).
CARD_OUTCOMES: Tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "*")

# Each chance outcome's index, by its text: the dice games', then Cartas'.
_OUTCOMES = {False: ROLL_OUTCOMES, True: CARD_OUTCOMES}
_INDEX = {cartas: {text: i for i, text in enumerate(texts)} for cartas, texts in _OUTCOMES.items()}

# OpenSpiel's game strings, ``python_fichas(variant=...)``, split parameters at "," and "=", so
# a variant's options are kept there as "~" for "=" and "/" for "," (fichas' own texts use
# neither): "cartas:sets=3:jokers=2" is "cartas:sets~3:jokers~2". Either spelling loads.
_ESCAPES = (("=", "~"), (",", "/"))


def _escaped(variant: str) -> str:
    for plain, kept in _ESCAPES:
        variant = variant.replace(plain, kept)
    return variant


def _plain(variant: str) -> str:
    for plain, kept in _ESCAPES:
        variant = variant.replace(kept, plain)
    return variant


def _is_cartas(variant: str) -> bool:
    return variant == "cartas" or variant.startswith("cartas:")


def _game_type(
    short_name: str,
    long_name: str,
    information: "pyspiel.GameType.Information",
    utility: "pyspiel.GameType.Utility",
    players: Tuple[int, int],
    default_variant: str,
) -> "pyspiel.GameType":
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        min_num_players=players[0],
        max_num_players=players[1],
        # Dice games: the history is the information state. Cartas: the seat's views, step by
        # step (see FichasObserver). Neither fits a tensor of fixed size with perfect recall.
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"variant": default_variant, "max_decisions": MAX_DECISIONS},
    )


_INFO = pyspiel.GameType.Information
_UTILITY = pyspiel.GameType.Utility
# As registered, both are general-sum: a four-player game has one winner and three losers. A
# loaded game whose every end sums to 0 says ZERO_SUM in its own type (see _zero_sum).
_DICE_TYPE = _game_type(
    DICE_GAME, "fichas: Poleana and Parchís", _INFO.PERFECT_INFORMATION, _UTILITY.GENERAL_SUM,
    (2, 4), "parchis:two-player",
)
_CARTAS_TYPE = _game_type(
    CARTAS_GAME, "fichas: Cartas", _INFO.IMPERFECT_INFORMATION, _UTILITY.GENERAL_SUM,
    (4, 4), "cartas",
)


def _zero_sum(probe: Game) -> bool:
    """Whether every end of the variant sums to 0: one winner of two seats, or one side of two
    equal sides. Parchís' ``side`` section says which colours win with the observer; a variant
    that plays twice as many colours as seat 0's side has two equal sides. A game cut off at
    ``max_decisions`` returns 0 to everyone, which sums to 0 as well."""
    if probe.seats == 2:
        return True
    sections = {s["name"]: s for s in observation_layout(probe.variant)}
    if "side" not in sections or "in_play" not in sections:
        return False
    seen = probe.observation(0)
    side = seen[sections["side"]["start"] : sections["side"]["stop"]].sum()
    in_play = seen[sections["in_play"]["start"] : sections["in_play"]["stop"]].sum()
    return bool(in_play == 2 * side)


def _recall_step(digest: bytes, marker: bytes, view_json: str) -> bytes:
    return hashlib.blake2b(digest + marker + view_json.encode(), digest_size=16).digest()


class FichasGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """A fichas variant of Poleana or Parchís as an OpenSpiel game (``python_fichas``).

    ``params``: ``variant``, any variant text fichas reads (``"poleana:3:free"``,
    ``"parchis:pairs"``; options written ``~`` for ``=`` are read too, as game strings keep
    them), and ``max_decisions``, where a game is cut off. An unknown variant raises
    `fichas.ConfigError` with the engine's message.
    """

    _type = _DICE_TYPE
    _cartas = False

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        params = dict(params or {})
        spec = self._type.parameter_specification
        variant = params.get("variant", spec["variant"])
        max_decisions = params.get("max_decisions", spec["max_decisions"])
        if not isinstance(variant, str):
            raise ConfigError(f"variant is a variant's text such as 'parchis:pairs', not {variant!r}")
        if isinstance(max_decisions, bool) or not isinstance(max_decisions, int) or not 1 <= max_decisions <= 1_000_000_000:
            raise ConfigError(f"max_decisions must be from 1 to 1,000,000,000, not {max_decisions!r}")
        probe = Game(_plain(variant), seed=0)
        self._check_family(probe.variant)
        base = self._type
        kind = _UTILITY.ZERO_SUM if _zero_sum(probe) else _UTILITY.GENERAL_SUM
        own_type = _game_type(
            base.short_name, base.long_name, base.information, kind,
            (base.min_num_players, base.max_num_players), spec["variant"],
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=probe.action_space,
            max_chance_outcomes=len(_OUTCOMES[self._cartas]),
            num_players=probe.seats,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if kind == _UTILITY.ZERO_SUM else None,
            max_game_length=max_decisions,
        )
        # The variant is kept in its game-string spelling, so that game strings (and
        # serialize_game_and_state) load the same game again.
        super().__init__(own_type, info, {"variant": _escaped(probe.variant), "max_decisions": max_decisions})
        self.variant: str = probe.variant
        self.max_decisions: int = max_decisions
        # Cartas' information states start from each seat's first view (see FichasObserver).
        self.first_recall: Optional[Tuple[bytes, ...]] = None
        if self._cartas:
            self.first_recall = tuple(
                _recall_step(b"", b"", probe.view(seat).to_json()) for seat in range(probe.seats)
            )
        self.observation_sections: List[Tuple[str, int, int]] = [
            (s["name"], s["start"], s["stop"]) for s in observation_layout(probe.variant)
        ]
        self.observation_size: int = len(probe.observation(0))

    @property
    def perfect_information(self) -> bool:
        """False for Cartas, whose hands are hidden; True for the dice games."""
        return not self._cartas

    def _check_family(self, variant: str) -> None:
        if _is_cartas(variant):
            raise ConfigError(
                f"{variant} hides the hands, so it is the imperfect-information game "
                f"{CARTAS_GAME!r}: pyspiel.load_game({CARTAS_GAME!r}, {{'variant': {variant!r}}}) "
                "or fichas.openspiel.load_game"
            )

    def max_chance_nodes_in_history(self) -> int:
        """The bound on chance events in one history: a game is cut off at twice
        ``max_decisions`` of them (random play rolls or draws about once a decision)."""
        return 2 * self.max_decisions

    def new_initial_state(self) -> "FichasState":
        """A new game: chance (the first roll, or the first card dealt) comes first."""
        return FichasState(self)

    def make_py_observer(
        self, iig_obs_type: Optional["pyspiel.IIGObservationType"] = None, params: Optional[Dict[str, Any]] = None
    ) -> "FichasObserver":
        """An observer of what one seat sees (see `FichasObserver`)."""
        return FichasObserver(self, iig_obs_type, params)


class FichasCartasGame(FichasGame):
    """Cartas as an OpenSpiel game (``python_fichas_cartas``): ``variant`` is ``"cartas"`` or a
    deck such as ``"cartas:sets=1"``; ``max_decisions`` as in `FichasGame`."""

    _type = _CARTAS_TYPE
    _cartas = True

    def _check_family(self, variant: str) -> None:
        if not _is_cartas(variant):
            raise ConfigError(
                f"{variant} is a dice game with perfect information, so it is {DICE_GAME!r}: "
                f"pyspiel.load_game({DICE_GAME!r}, {{'variant': {variant!r}}}) or "
                "fichas.openspiel.load_game"
            )


class FichasState(pyspiel.State):  # type: ignore[misc]
    """A position of a fichas game in OpenSpiel, held by a `fichas.Game`.

    OpenSpiel clones a state by making a new one and deep-copying its attributes, and
    serialises it by pickling them: the `fichas.Game` copies cheaply and pickles as its record
    and the state of its dice, so both are exact.
    """

    def __init__(self, game: FichasGame) -> None:
        super().__init__(game)
        # Chance is always supplied (apply_chance), never rolled from the game's own dice, so
        # its seed plays no part. OpenSpiel deep-copies every attribute at each clone, so the
        # state keeps only these; the constants among them are atoms, which deepcopy shares.
        self._game = Game(game.variant, seed=0)
        self._cartas = game._cartas
        self._max_decisions = game.max_decisions
        self._decisions = 0
        self._chance_events = 0
        self._cut_off = False
        self._recall = game.first_recall

    # The state as OpenSpiel asks for it.

    def current_player(self) -> int:
        """The seat to decide; CHANCE while dice are to roll or a card to draw; TERMINAL once
        the game is over or cut off."""
        if self._cut_off or self._game.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        seat = self._game.to_act
        return int(pyspiel.PlayerId.CHANCE) if seat is None else seat

    def _legal_actions(self, player: int) -> List[int]:
        """The ids of the seat's legal actions, in ascending order."""
        return sorted(self._game.legal_action_ids())

    def chance_outcomes(self) -> List[Tuple[int, float]]:
        """(outcome index, probability) for each outcome of the pending chance event, the
        probabilities being the engine's integer weights over their total."""
        weighted = self._game.chance_outcomes()
        total = sum(weight for _, weight in weighted)
        try:
            index = _INDEX[self._cartas]
            return sorted((index[text], weight / total) for text, weight in weighted)
        except KeyError as e:  # pragma: no cover - the tables list every outcome the engine has
            raise FichasError(
                f"the engine offers the chance outcome {e.args[0]!r}, which fichas.openspiel "
                f"does not number (it knows {', '.join(_OUTCOMES[self._cartas])})"
            ) from None

    def _apply_action(self, action: int) -> None:
        """Applies a chance outcome (by index) or a decision (by action id)."""
        if self._cut_off:
            raise FichasError(
                f"the game was cut off unfinished (max_decisions={self._max_decisions}): it takes no more steps"
            )
        seat = self._game.to_act
        if seat is None:
            outcomes = _OUTCOMES[self._cartas]
            if not 0 <= action < len(outcomes):
                raise FichasError(f"chance outcome {action} is not one of 0 to {len(outcomes) - 1}")
            self._game.apply_chance(outcomes[action])  # one that cannot happen now raises
            self._chance_events += 1
        else:
            self._game.apply_id(action)  # an illegal id raises IllegalActionError
            self._decisions += 1
        if self._recall is not None:
            self._remember(seat, action)
        if not self._game.is_over and (
            self._decisions >= self._max_decisions
            or self._chance_events >= 2 * self._max_decisions
        ):
            self._cut_off = True

    def _remember(self, actor: Optional[int], action: int) -> None:
        """Adds the step to each seat's digest of its own past: its view after the step, and
        its own action when it decided."""
        assert self._recall is not None
        self._recall = tuple(
            _recall_step(
                digest,
                b"\x01%d" % action if seat == actor else b"\x00",
                self._game.view(seat).to_json(),
            )
            for seat, digest in enumerate(self._recall)
        )

    def _action_to_string(self, player: int, action: int) -> str:
        """``roll 6-5`` and ``draw Q`` for chance; a decision's notation (``home+5``, ``7:0+3``)
        when `player` is the seat to decide, else ``action <id>``."""
        if player == pyspiel.PlayerId.CHANCE:
            outcomes = _OUTCOMES[self._cartas]
            if not 0 <= action < len(outcomes):
                return f"chance {action}"
            return f"{'draw' if self._cartas else 'roll'} {outcomes[action]}"
        if player == self._game.to_act:
            notation = self._game.action_from_id(action)
            if notation is not None:
                return notation
        return f"action {action}"

    def is_terminal(self) -> bool:
        """Whether the game is over, or cut off at ``max_decisions``."""
        return self._cut_off or self._game.is_over

    def returns(self) -> List[float]:
        """fichas' returns once the game is over: +1 for each winning seat (both seats of a
        side, every quiet winner of Poleana's special victory), -1 for the others; 0 for every
        seat before the end and in a game cut off at ``max_decisions``."""
        if self._game.is_over:
            return [float(r) for r in self._game.returns()]
        return [0.0] * self._game.seats

    def __str__(self) -> str:
        """The position text (`fichas.Game.position`), which reads back with
        `fichas.Game.from_position`. It is the whole state, as OpenSpiel's ``ToString`` is:
        in Cartas, every hand. A seat's share is its observation or information state."""
        return self._game.position()

    # What fichas adds.

    @property
    def variant(self) -> str:
        """The variant, as its configuration text."""
        return self._game.variant

    @property
    def decisions(self) -> int:
        """The decisions taken so far."""
        return self._decisions

    @property
    def chance_events(self) -> int:
        """The chance events (rolls, cards drawn) so far."""
        return self._chance_events

    @property
    def cut_off(self) -> bool:
        """Whether the game was cut off, unfinished, at ``max_decisions`` decisions (or twice
        as many chance events)."""
        return self._cut_off

    def fichas_game(self, seed: Optional[int] = None) -> Game:
        """A copy of the `fichas.Game` (a change to it does not touch this state). Its dice
        roll from `seed` when given."""
        return self._game.copy(seed)

    def view(self, seat: int) -> View:
        """What `seat` may see (`fichas.Game.view`)."""
        return self._game.view(seat)


class FichasObserver:
    """What one seat observes of a `FichasState`, for ``make_py_observer``.

    The observation (``perfect_recall=False``, OpenSpiel's ``observation_tensor`` and
    ``observation_string``) is the seat's view alone: ``tensor`` holds `fichas.Game.observation`
    (float32, in 0..1, laid out as `fichas.observation_layout`; ``dict`` has a piece per
    section), and the string is the position text in the dice games, where nothing is hidden,
    and the seat's `fichas.View` as JSON in Cartas. Neither holds a card the seat may not see.

    The information state (``perfect_recall=True``) must let the seat tell apart every two
    histories it saw differently. In the dice games everyone sees everything, so it is the
    history of actions and outcomes, as OpenSpiel's perfect-information games have it. In
    Cartas it is the seat's view now, then ``recall=`` and a 128-bit digest of every view the
    seat had after each step and of its own actions: two histories give a seat the same
    information state exactly when it saw them alike (up to a collision of BLAKE2b, of
    negligible chance). A view alone would not do: it forgets past rounds' exchanges and thefts.
    Neither has a tensor (a history has no fixed size), so ``tensor`` is None.

    Cartas is observed from one seat only (``private_info`` SINGLE_PLAYER); the dice games have
    nothing private, so every ``private_info`` gives the same. ``public_info=False`` and
    observation ``params`` are refused with a ValueError.
    """

    def __init__(
        self,
        game: FichasGame,
        iig_obs_type: Optional["pyspiel.IIGObservationType"] = None,
        params: Optional[Dict[str, Any]] = None,
    ) -> None:
        if params:
            raise ValueError(f"fichas observers take no parameters, not {params!r}")
        if iig_obs_type is not None and not iig_obs_type.public_info:
            raise ValueError("a fichas observation always includes the public board: public_info=False is not offered")
        private = pyspiel.PrivateInfoType.SINGLE_PLAYER if iig_obs_type is None else iig_obs_type.private_info
        if not game.perfect_information and private != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError(
                "Cartas is observed from one seat's view: private_info=SINGLE_PLAYER is the only "
                f"kind offered, not {private}"
            )
        self.perfect_recall: bool = iig_obs_type is not None and iig_obs_type.perfect_recall
        self._perfect_information = game.perfect_information
        self.tensor: Optional[npt.NDArray[np.float32]] = None
        self.dict: Dict[str, npt.NDArray[np.float32]] = {}
        if not self.perfect_recall:
            self.tensor = np.zeros(game.observation_size, np.float32)
            sections = game.observation_sections
            stops = [0] + [stop for _, _, stop in sections]
            if all(start == stops[i] for i, (_, start, _) in enumerate(sections)) and stops[-1] == game.observation_size:
                # OpenSpiel writes the pieces one after another, so they must tile the tensor.
                self.dict = {name: self.tensor[start:stop] for name, start, stop in sections}
            else:  # pragma: no cover - the engine's layouts tile their observations
                self.dict = {"observation": self.tensor}

    def set_from(self, state: FichasState, player: int) -> None:
        """Writes what `player` observes of `state` into ``tensor`` (and so ``dict``)."""
        if self.tensor is None:
            raise ValueError("an information state of fichas has no tensor: use information_state_string")
        self.tensor[:] = state._game.observation(player)

    def string_from(self, state: FichasState, player: int) -> str:
        """What `player` observes of `state` (or its information state), as text."""
        if self._perfect_information:
            return state.history_str() if self.perfect_recall else state._game.position()
        seen = state._game.view(player).to_json()
        if not self.perfect_recall:
            return seen
        assert state._recall is not None
        return f"{seen} recall={state._recall[player].hex()}"


def load_game(variant: str = "parchis:two-player", max_decisions: int = MAX_DECISIONS) -> "pyspiel.Game":
    """The OpenSpiel game of `variant`: ``python_fichas`` for Poleana and Parchís,
    ``python_fichas_cartas`` for Cartas."""
    name = CARTAS_GAME if _is_cartas(_plain(variant)) else DICE_GAME
    return pyspiel.load_game(name, {"variant": variant, "max_decisions": max_decisions})


def _fichas_state(state: Any) -> FichasState:
    if not isinstance(state, FichasState):
        raise TypeError(
            f"fichas.openspiel plays states of {DICE_GAME!r} and {CARTAS_GAME!r}, not {type(state).__name__}"
        )
    return state


class FichasBot(pyspiel.Bot):  # type: ignore[misc]
    """A `fichas.Bot` as an OpenSpiel bot, for ``evaluate_bots`` and matches.

    ``FichasBot("hard", seed=1)`` makes the bot (any strength `fichas.Bot` knows, with its
    search budget as keywords), or ``FichasBot(fichas.Bot(...))`` wraps one. At each decision
    it asks the bot about the seat's `fichas.View`, so in Cartas it never sees another hand. It
    keeps nothing between moves, so ``restart_at`` and ``inform_action`` have nothing to do.
    """

    def __init__(self, strength: Union[str, Bot] = "medium", seed: int = 0, **budget: Any) -> None:
        pyspiel.Bot.__init__(self)
        if isinstance(strength, Bot):
            if budget:
                raise ConfigError("a budget is for a new bot: FichasBot(fichas.Bot(...)) takes none")
            self.bot = strength
        else:
            self.bot = Bot(strength, seed, **budget)

    def step(self, state: Any) -> int:
        """The id of the action the bot takes for the seat to decide."""
        state = _fichas_state(state)
        seat = state.current_player()
        if seat < 0:
            raise FichasError(f"no seat decides in this state (player {seat}): a bot steps at decisions")
        hint = self.bot.choose(state.view(seat))
        if hint is None or hint.action.id is None:  # pragma: no cover - a seat to act has actions
            raise FichasError(f"the {self.bot.strength} bot found no action for seat {seat}")
        return hint.action.id

    def restart_at(self, state: Any) -> None:
        pass

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        pass

    def __repr__(self) -> str:
        return f"<FichasBot {self.bot.strength} (seed {self.bot.seed})>"


class FichasRolloutEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """Random rollouts for OpenSpiel's MCTS, played on the engine directly.

    Each of ``n_rollouts`` rollouts copies the state's `fichas.Game` with dice of its own and
    plays it to the end as `mcts.RandomRolloutEvaluator` does, a uniformly random legal action
    at each decision and the engine's weights at each chance event, cut off at the state's
    ``max_decisions`` as the state would be; it goes through no OpenSpiel state, so a rollout
    costs about a microsecond a step. ``prior`` is uniform, as OpenSpiel's is.
    """

    def __init__(self, n_rollouts: int = 1, seed: Optional[int] = None) -> None:
        if n_rollouts < 1:
            raise ConfigError(f"n_rollouts must be at least 1, not {n_rollouts}")
        self.n_rollouts = n_rollouts
        self._rng = random.Random(seed)

    def evaluate(self, state: Any) -> npt.NDArray[np.float64]:
        """Each seat's mean return over the rollouts from `state`."""
        state = _fichas_state(state)
        total = np.zeros(state.num_players())
        if state.is_terminal():
            return np.array(state.returns())
        pick = self._rng.randrange
        for _ in range(self.n_rollouts):
            game = state._game.copy(pick(2**64))
            decisions = state._decisions
            chance_events = state._chance_events
            limit = state._max_decisions
            while not game.is_over and decisions < limit and chance_events < 2 * limit:
                if game.to_act is None:
                    game.roll_quietly()
                    chance_events += 1
                else:
                    ids = game.legal_action_ids()
                    game.apply_id(ids[pick(len(ids))])
                    decisions += 1
            if game.is_over:
                total += game.returns()
        return total / self.n_rollouts

    def prior(self, state: Any) -> Sequence[Tuple[int, float]]:
        """The chance outcomes' probabilities, or equal priors for the legal actions."""
        if state.is_chance_node():
            return [(int(a), float(p)) for a, p in state.chance_outcomes()]
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


# Registration happens once per process: a second import finds the games registered.
for _game_type_, _class in ((_DICE_TYPE, FichasGame), (_CARTAS_TYPE, FichasCartasGame)):
    if _game_type_.short_name not in pyspiel.registered_names():
        pyspiel.register_game(_game_type_, _class)
