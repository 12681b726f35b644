"""Every game in `archwk.GAMES` as an OpenSpiel game (needs ``pip install "archwk[interop]"``).

Importing this module registers each game with OpenSpiel as ``archwk_<name>``:

>>> import pyspiel
>>> import archwk.interop.openspiel
>>> game = pyspiel.load_game("archwk_architects", {"players": 3, "seed": 7})
>>> state = game.new_initial_state()
>>> state.current_player(), len(state.legal_actions()) > 0
(1, True)

What OpenSpiel sees (`archwk.interop` describes the players, ids and returns):

- **Parameters**: ``players`` (as `archwk.new_game`: Architects' 1 is the solo game
  against the Byzantine opponent, which OpenSpiel does not see as a player), ``seed``
  (the game's own seed: the same seed and actions give the same game),
  ``max_game_length`` (default 20,000 decisions), and each option of the game's
  `Options` that is one number, flag or word, under its own name (Architects:
  ``board_side``, ``artisans``, ``expansion_cards``, ...; ``solo_opponent`` with ""
  for the default). Options that are lists (Architects' ``characters``, ``schemes``)
  are not parameters.
- **Game type**: sequential, imperfect information, general-sum (several players may
  share a win), terminal rewards. **Chance is folded into the state**: the setup and
  every later draw (building cards at the Workshop, the Black Market reset, ...) come
  from a generator seeded by ``seed`` and kept inside the state, so given its
  parameters the game is deterministic (OpenSpiel's DETERMINISTIC chance mode, no
  chance nodes). Exposing the draws as chance nodes would mean stopping the rules in
  the middle of a player's action; OpenSpiel's SAMPLED_STOCHASTIC mode would need a
  generator held by the game object, which a Python game cannot serialise. No view shows
  the generator or the hidden cards, and `resample_from_infostate` deals both afresh
  (the game's determinizer), which is what information-set search needs.
- **Actions**: integer ids from `Game.all_actions` (the same id is the same choice in
  every state); `action_to_string` is our label for the action, worded from the
  state; where two legal actions read the same (two copies of one card) each gets
  "(1 of 2)", "(2 of 2)".
- **Observation string**: the position as that player sees it now, in words: the
  prompt of their view, each non-zero number of their observation vector ("name:
  value"), and, for the player to move, their choices. **Observation tensor**: the
  observation vector (`Game.observation_layout` names each number, read from the
  player's view by `Game.observation_vector`). There is no information-state tensor.
- **Information state string**: the observation string, then the record of choices as
  that player's view shows it (others' private cards hidden), as its length and a
  digest chained step by step (so a long game costs one step per decision, not its
  whole record). It is not strictly perfect recall: like the view, it does not remember
  which card anyone kept or discarded, nor cards a player saw that went back out of sight.
- **Returns** from the final scores: 1 to each winner, 0 to the others.
- **Serialisation**: `serialize()` / `pyspiel.serialize_game_and_state` carry the
  game's record (seed, options, actions: `state.record()`), and loading replays it
  through the rules. OpenSpiel wraps a Python game's state in pickle, so deserialise
  only strings you made; for files from others use the record itself (`to_record`,
  `from_record`, or `archwk.replay`), which never executes anything.

OpenSpiel's bots on these games (open_spiel 2.0.2):

- **IS-MCTS**: OpenSpiel's C++ `pyspiel.ISMCTSBot` asks a state's C++
  `ResampleFromInfostate`, which a Python game cannot provide (pyspiel does not expose
  the bot's resampler hook): it fails with "ResampleFromInfostate() not implemented".
  Use OpenSpiel's own Python port, `open_spiel.python.algorithms.ismcts.ISMCTSBot`,
  which calls our `resample_from_infostate`.
- **MCTS**: `open_spiel.python.algorithms.mcts.MCTSBot` works as it is. The C++
  `pyspiel.MCTSBot` searches a Python game through `mcts_search(state)` (take
  `.best_child().action`); its `step` releases Python's lock before searching and
  crashes the interpreter on a Python game's states. MCTS searches the state it is
  given, hidden cards and future draws included: give it
  `state.resample_from_infostate(player)` to keep it honest
  (`benchmarks/bench_interop.py` does).
"""
from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from ..games import GAMES
from ..kit.errors import ArchwkError, IllegalAction
from ..kit.game import Game
from . import MAX_GAME_LENGTH, Encoding, agent_seats, encoding, unique_labels, win_returns

#: OpenSpiel's name of each game: "archwk_" + its name in archwk.GAMES
PREFIX = "archwk_"
_WHERE = "OpenSpiel"
#: the parameters every game has, besides its options
_BASE = ("players", "seed", "max_game_length")

__all__ = ["PREFIX", "ArchwkGame", "ArchwkState", "from_record", "short_name", "to_record"]


def short_name(game: Game | str) -> str:
    """OpenSpiel's name of an archwk game (`archwk_architects`)."""
    return PREFIX + (game if isinstance(game, str) else game.name)


# --------------------------------------------------------------------------- parameters

def _option_params(game: Game) -> dict[str, Any]:
    """The game's options that are one bool, int, float or str (None as ""), with their defaults."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(game.Options):
        default = f.default
        if isinstance(default, (bool, int, float, str)):
            out[f.name] = default
        elif default is None and str(f.type).replace(" ", "") in ("str|None", "Optional[str]", "None|str"):
            out[f.name] = ""
    return out


def _options(game: Game, params: Mapping[str, Any]):
    """The Options from the parameters (only those that differ from the defaults)."""
    given = {}
    for name, default in _option_params(game).items():
        if name in params and params[name] != default:
            value = params[name]
            given[name] = None if default == "" and value == "" else value
    if not given:
        return None
    try:
        return game.Options(**given)
    except TypeError as e:
        raise ArchwkError(f"{short_name(game)} options: {e}") from None


def _default_players(game: Game) -> int:
    return min(max(game.min_players, 2), game.max_players)


def _int_param(params: Mapping[str, Any], name: str, default: int) -> int:
    value = params.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArchwkError(f"parameter {name!r}: expected a whole number, got {value!r}")
    return value


# --------------------------------------------------------------------------- one game's setup

@dataclasses.dataclass(frozen=True, eq=False)
class _Setup:
    """What every state of one OpenSpiel game shares."""
    game: Game
    players: int
    seed: int
    options: Any
    max_length: int
    start: Any                      # the archwk state every game starts from
    seats: tuple[int, ...]          # player i -> seat
    player_of: dict[int, int]       # seat -> player
    enc: Encoding

    @functools.cached_property
    def first(self) -> _Held:
        """The first decision (shared: every new state starts from it)."""
        return _Held(self, self.start, 0)

    @property
    def key(self) -> tuple:
        opts = None if self.options is None else json.dumps(self.options.to_dict(), sort_keys=True)
        return (self.game.name, self.players, self.seed, opts, self.max_length)


@functools.lru_cache(maxsize=64)
def _setup(name: str, players: int, seed: int, options_json: str | None, max_length: int) -> _Setup:
    game = GAMES[name]
    options = None if options_json is None else game.Options.from_dict(json.loads(options_json))
    start = game.new_game(players, seed=seed, options=options)
    seats = agent_seats(start)
    enc = encoding(game, players, options, _WHERE)
    return _Setup(game, players, seed, options, max_length, start, seats,
                  {s: i for i, s in enumerate(seats)}, enc)


def _setup_of(game: Game, players: int, seed: int, options, max_length: int) -> _Setup:
    opts = None if options is None else json.dumps(options.to_dict(), sort_keys=True)
    return _setup(game.name, players, seed, opts, max_length)


# --------------------------------------------------------------------------- a state's contents

class _Held:
    """One archwk state as a pyspiel state holds it, with what is computed from it.

    OpenSpiel clones a Python state by deep-copying its attributes and serialises it by
    pickling them: an archwk state is immutable, so a copy is the same object, and the
    pickled form is the game's record (replayed through the rules when loaded)."""
    __slots__ = ("_cache", "_earlier", "digests", "moves", "setup", "state")

    def __init__(self, setup: _Setup, state, moves: int, earlier: tuple | None = None):
        self.setup, self.state, self.moves = setup, state, moves
        self._cache: dict = {}
        #: seat -> the digest of the record that seat has seen (filled when asked)
        self.digests: dict[int, str] = {}
        #: (the state before's digests, that state): to extend them by this step
        self._earlier = earlier

    def __deepcopy__(self, memo):
        return self

    def __copy__(self):
        return self

    def __reduce__(self):
        return (_restore, (self.setup.key, json.dumps(self.state.record(), sort_keys=True), self.moves))

    def after(self, action) -> _Held:
        """The state after `action`, which extends this one's record digests when asked."""
        return _Held(self.setup, self.state.apply(action), self.moves + 1, (self.digests, self.state))

    @property
    def over(self) -> bool:
        return self.state.is_over or self.moves >= self.setup.max_length

    def legal(self) -> list[tuple[int, Any]]:
        got = self._cache.get("legal")
        if got is None:
            got = self._cache["legal"] = [] if self.over else self.setup.enc.legal(self.state)
        return got

    def by_id(self) -> dict[int, Any]:
        got = self._cache.get("by_id")
        if got is None:
            got = self._cache["by_id"] = dict(self.legal())
        return got

    def labels(self) -> dict[int, str]:
        got = self._cache.get("labels")
        if got is None:
            legal = self.legal()
            words = unique_labels([str(a) for _, a in legal])
            got = self._cache["labels"] = {i: w for (i, _), w in zip(legal, words)}
        return got

    def seen(self, seat: int) -> tuple:
        """What `seat` sees, read from one view of it: (the observation vector as float32,
        the view's prompt, the length of its record of choices, that record's digest).
        Kept small: OpenSpiel keeps every state of a simulation."""
        got = self._cache.get(("seen", seat))
        if got is None:
            view = self.state.view(seat)
            steps = view.history
            got = self._cache[("seen", seat)] = (
                np.asarray(self.setup.enc.vector(view, seat), np.float32), view.prompt, len(steps),
                self._digest(seat, steps))
        return got

    def _digest(self, seat: int, steps) -> str:
        """A digest of the record of choices `seat` sees (its view's history, each step by
        its label), chained step by step, so extending it costs one step."""
        got, start = "", 0
        if self._earlier is not None and seat in self._earlier[0]:
            got, start = self._earlier[0][seat], len(self._earlier[1].history)
        for step in steps[start:]:
            got = hashlib.blake2b(f"{got}|{step!s}".encode(), digest_size=12).hexdigest()
        self.digests[seat] = got
        return got

    def digest(self, seat: int) -> str:
        return self.seen(seat)[3]

    def cached(self, key, fn):
        got = self._cache.get(key)
        if got is None:
            got = self._cache[key] = fn()
        return got


def _restore(key: tuple, record_json: str, moves: int) -> _Held:
    """A pickled state back: its game's setup, and its record replayed through the rules."""
    name, players, seed, options_json, max_length = key
    setup = _setup(name, players, seed, options_json, max_length)
    state = setup.game.replay(record_json)
    return _Held(setup, state, moves)


# --------------------------------------------------------------------------- the game and state

class ArchwkGame(pyspiel.Game):
    """An archwk game as a pyspiel game (one class per game in archwk.GAMES; see the
    module docstring)."""

    archwk_game: Game  # set on each game's class

    def __init__(self, params: Mapping[str, Any] | None = None):
        game = self.archwk_game
        params = dict(params or {})
        players = _int_param(params, "players", _default_players(game))
        seed = _int_param(params, "seed", 0)
        max_length = _int_param(params, "max_game_length", MAX_GAME_LENGTH)
        if max_length < 1:
            raise ArchwkError(f"parameter 'max_game_length': must be at least 1, got {max_length}")
        self.setup = _setup_of(game, players, seed, _options(game, params), max_length)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.setup.enc.actions),
            max_chance_outcomes=0,
            num_players=len(self.setup.seats),
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=max_length)
        super().__init__(_TYPES[game.name], info, params)

    def new_initial_state(self, state=None):
        """The game's first decision (OpenSpiel's struct argument is not supported)."""
        if state is not None:
            raise ArchwkError(f"{short_name(self.archwk_game)}: new_initial_state takes no argument; "
                              "use archwk.interop.openspiel.from_record for a position")
        return ArchwkState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The player's own observation (the default) or information state (perfect recall)."""
        if params:
            raise ArchwkError(f"{short_name(self.archwk_game)}: observer parameters are not supported: {params}")
        if iig_obs_type is None:
            return _Observer(self.setup, recall=False)
        if not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ArchwkError(f"{short_name(self.archwk_game)}: only a player's own view can be observed "
                              "(public and that player's private information)")
        return _Observer(self.setup, recall=iig_obs_type.perfect_recall)


class ArchwkState(pyspiel.State):
    """A position of an archwk game, as a pyspiel state (see the module docstring).
    `archwk_state` is the archwk state itself."""

    def __init__(self, game: ArchwkGame, held: _Held | None = None):
        super().__init__(game)
        self._held = held or game.setup.first

    @property
    def archwk_state(self):
        return self._held.state

    # -- the pyspiel API

    def current_player(self):
        h = self._held
        if h.over:
            return pyspiel.PlayerId.TERMINAL
        return h.setup.player_of[h.state.current_player]

    def _legal_actions(self, player):
        return [i for i, _ in self._held.legal()]

    def _apply_action(self, action):
        h = self._held
        a = h.by_id().get(action)
        if a is None:
            name = h.setup.enc.action(action)  # IllegalAction for an id out of range
            raise IllegalAction(f"action id {action} ({name!s}) is not legal now: {h.state.prompt}")
        self._held = h.after(a)

    def _action_to_string(self, player, action):
        h = self._held
        label = h.labels().get(action)
        if label is None:
            label = str(h.setup.enc.action(action))
        return label

    def is_terminal(self):
        return self._held.over

    def returns(self):
        h = self._held
        if not h.over:
            return [0.0] * len(h.setup.seats)
        return h.cached("returns", lambda: win_returns(h.state, h.setup.seats))

    def __str__(self):
        h = self._held
        if h.state.is_over:
            return f"{h.setup.game.title}, decision {h.moves}: the game is over"
        if h.over:
            return f"{h.setup.game.title}, decision {h.moves}: stopped at max_game_length"
        return f"{h.setup.game.title}, decision {h.moves}: {h.state.prompt}"

    # -- for information-set search

    def resample_from_infostate(self, player_id, probability_sampler=None):
        """A state `player_id` cannot tell from this one: the hidden cards and the
        generator dealt afresh by the game's determinizer (`Game.play("determinizer")`),
        drawn with `probability_sampler` (a callable giving numbers in [0, 1)), or
        with a fresh generator when it is None."""
        h = self._held
        seat = h.setup.seats[player_id]
        if probability_sampler is None:
            rng = random.Random()
        else:
            rng = random.Random(int(probability_sampler() * 2 ** 53))
        sample = h.setup.game.play("determinizer")(h.state.view(seat), seat).sample(rng)
        out = self.clone()
        out._held = _Held(h.setup, sample, h.moves)
        out._held.digests[seat] = h.digest(seat)  # the same record: the player cannot tell them apart
        return out

    def archwk_view(self, player: int):
        """Player `player`'s view of the position (the archwk state)."""
        return self._held.state.view(self._held.setup.seats[player])


class _Observer:
    """OpenSpiel's observer: the observation vector and string, or the information
    state string (with `recall`: the view as the game observes it)."""

    def __init__(self, setup: _Setup, recall: bool):
        self.recall = recall
        if recall:
            self.tensor = None
            self.dict: dict = {}
        else:
            self.tensor = np.zeros(len(setup.enc.layout), np.float32)
            self.dict = {"observation": self.tensor}

    def set_from(self, state: ArchwkState, player: int):
        if self.tensor is not None:
            self.tensor[:] = _vector(state._held, player)

    def string_from(self, state: ArchwkState, player: int) -> str:
        h = state._held
        if self.recall:
            return h.cached(("info", player), lambda: _info_string(h, player))
        return h.cached(("obs", player), lambda: _observation_string(h, player))


def _seat(h: _Held, player: int) -> int:
    return h.setup.seats[max(player, 0)]  # OpenSpiel asks the tensor's shape of player -1


def _vector(h: _Held, player: int) -> np.ndarray:
    return h.seen(_seat(h, player))[0]


def _observation_string(h: _Held, player: int) -> str:
    seat = _seat(h, player)
    vector, prompt, _, _ = h.seen(seat)
    lines = [prompt if not h.over else "The game is over."]
    lines += [f"{f.name}: {x:g}" for f, x in zip(h.setup.enc.layout, vector.tolist()) if x]
    if not h.over and h.state.current_player == seat:
        lines.append("choices: " + "; ".join(h.labels().values()))
    return "\n".join(lines)


def _info_string(h: _Held, player: int) -> str:
    _, _, steps, digest = h.seen(_seat(h, player))
    return (f"{h.cached(('obs', player), lambda: _observation_string(h, player))}\n"
            f"record: {steps} choices, digest {digest}")


# --------------------------------------------------------------------------- records

def to_record(state: ArchwkState) -> dict:
    """The state's game record (seed, options, actions): `archwk.replay` reads it."""
    return state.archwk_state.record()


def from_record(game: ArchwkGame, record: Mapping | str) -> ArchwkState:
    """The position a record stands for, as a state of `game` (whose players, seed and
    options must be the record's). Replays the record through the rules; the OpenSpiel
    history of the state is rebuilt from the record's actions."""
    setup = game.setup
    target = setup.game.replay(record)
    state = game.new_initial_state()
    for a in target.history:
        i = setup.enc.ids.get(a)
        if i is None:
            raise ArchwkError(f"{short_name(setup.game)}: the record's step {a!s} is no action of the game "
                              "(a what-if edit?)")
        if i not in state.legal_actions():
            raise ArchwkError(f"{short_name(setup.game)}: the record is of another game (its step {a!s} is "
                              "not legal here: players, seed or options differ from this game's parameters)")
        state.apply_action(i)
    if state.archwk_state.to_json() != target.to_json():
        raise ArchwkError(f"{short_name(setup.game)}: the record is of another game (players, seed or "
                          "options differ from this game's parameters)")
    return state


# --------------------------------------------------------------------------- registration

def _game_type(game: Game) -> pyspiel.GameType:
    spec = {"players": _default_players(game), "seed": 0, "max_game_length": MAX_GAME_LENGTH,
            **_option_params(game)}
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"archwk: {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec)


_TYPES: dict[str, pyspiel.GameType] = {}
_CLASSES: dict[str, type[ArchwkGame]] = {}


def _register() -> None:
    registered = set(pyspiel.registered_names())
    for game in GAMES.values():
        _TYPES[game.name] = _game_type(game)
        cls = type(f"{game.name.title()}Game", (ArchwkGame,), {"archwk_game": game, "__module__": __name__})
        _CLASSES[game.name] = cls
        if short_name(game) not in registered:
            pyspiel.register_game(_TYPES[game.name], cls)


_register()
