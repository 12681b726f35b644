"""The game protocol: what the kit (records, codes, bots, coach, widgets) may ask
of a game, in the spirit of OpenSpiel's Game and State.

A game is one `Game` object of data and plain functions (as boardgame.io wraps
a game): its name and title, its player range, its frozen options class, how to
start, replay and load a game, its scoring, its table read API, the explainer
that words its actions and events, its rule set, and where its bots' evaluator,
determinizer and win-chance features live. `archwk.GAMES` lists every game
explicitly; nothing registers itself.

A game's states follow the `State` protocol: the kit reads a state only
through it. The rest of a state (a player's board, the table) is the game's
own read API, shown by the game's own widgets.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class State(Protocol):
    """A position of some game, with whose decision it is. Immutable: `apply`
    returns a new state and never changes the receiver."""

    @property
    def game(self) -> Game: ...
    @property
    def current_player(self) -> int | None: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def prompt(self) -> str: ...
    @property
    def events(self) -> Sequence[Any]: ...
    @property
    def history(self) -> Sequence[Any]: ...
    @property
    def players(self) -> Sequence[Any]: ...
    @property
    def is_view(self) -> bool: ...

    def legal_actions(self) -> list: ...
    def apply(self, action) -> State: ...
    def view(self, player: int) -> State: ...
    def edit(self, player: int | None = None, **changes) -> State: ...
    def record(self) -> dict: ...
    def to_json(self, **meta) -> str: ...
    def game_code(self) -> str: ...


@dataclass(frozen=True)
class Feature:
    """One number of a game's observation vector (`Game.observation_layout`): its name
    and the range its value always lies in (learning environments declare the range;
    archwk.interop checks every value against it)."""
    name: str
    low: float
    high: float


def _load(path: str) -> Any:
    """``"package.module:name"`` -> that object (imported when first asked)."""
    module, _, name = path.partition(":")
    obj: Any = importlib.import_module(module)
    for part in filter(None, name.split(".")):
        obj = getattr(obj, part)
    return obj


@dataclass(frozen=True, eq=False, repr=False)
class Game:
    """One game the kit knows (see the module docstring). Every field is the
    game's own; the kit holds no game's rules.

    The play side (bots' evaluator, determinizer, win-chance features) sits above
    the rules, so a game names it by import path (``"module:name"``) and the kit
    imports it when first asked: the rules never import the bots.
    """

    name: str                                   #: short id: "architects"
    title: str                                  #: "Architects of the West Kingdom"
    min_players: int
    max_players: int
    Options: Any                                #: its frozen options class (a dataclass)
    new_game: Callable[..., State]              #: (players, *, seed, options=None) -> State
    replay: Callable[[Any], State]              #: a record (dict or its JSON) -> State
    #: a record (dict or its JSON) -> `archwk.kit.records.Loaded` (with every state on
    #: the way when `states=True`, and the save's metadata)
    load_record: Callable[..., Any]
    from_game_code: Callable[[str], State]
    code_prefix: str                            #: what its game codes start with ("aw1.")
    final_scores: Callable[..., list]       #: one breakdown per player, each with `.total`
    winners: Callable[..., list[int]]       #: after the game's tie-breakers
    table: Callable[..., Any]               #: the read API for what is on the table
    explainer: ModuleType                       #: the words of its actions, events and reasons
    rules: ModuleType                           #: its rule set (what is checked, where)
    #: everything a state shows, as JSON-ready data: a player's view shows only what that
    #: player may know, so two games that differ only in hidden things observe alike
    observation: Callable[..., dict]
    #: the same position for a playout nobody reads: no event log (the same states follow)
    quiet: Callable[..., State]
    #: a finished game's facts for batch statistics: per game ({"turns": n, ...}) and per
    #: seat ({"character": ..., ...}); None for a seat the game itself plays (an automa)
    game_facts: Callable[..., dict]
    seat_facts: Callable[..., dict | None]
    #: the seats the game itself plays (an automa, such as Architects' solo opponent)
    automa_seats: Callable[..., frozenset[int]] = lambda state: frozenset()
    play_side: Mapping[str, str] = field(default_factory=dict)  #: role -> "module:name"
    #: the figures its source does not print, marked as examples (empty: all printed)
    unprinted: tuple[str, ...] = ()
    #: the play-side objects already imported, by role (`play` fills it)
    _imported: dict = field(default_factory=dict, init=False, compare=False)

    # -- optional: for game-AI libraries (archwk.interop: OpenSpiel, PettingZoo). A game
    # -- without them still plays everywhere else; the adapters then refuse it, naming
    # -- the missing field.

    #: (players, options) -> every action any state of a game of that many players with
    #: those options (an `Options`) may list, each once. Its position in this sequence is
    #: the action's integer id in OpenSpiel and PettingZoo, so it means the same choice in
    #: every state: the order must depend on nothing but the arguments, and a new
    #: version of the game should only ever add actions at the end. A superset is fine
    #: (ids never listed cost only a longer action mask); an action missing from it is an
    #: error the adapters name.
    all_actions: Callable[[int, Any], Sequence[Any]] | None = None
    #: (players, options) -> the layout of the numbers a player observes, one `Feature`
    #: per number: the same for every state of such a game (its length is the size of
    #: OpenSpiel's observation tensor and of PettingZoo's observation vector)
    observation_layout: Callable[[int, Any], Sequence[Feature]] | None = None
    #: (a player's view, that player's seat) -> the numbers of `observation_layout`, in
    #: its order, each inside its Feature's range. Computed from the view alone, so it
    #: shows only what that player may know.
    observation_vector: Callable[[Any, int], Sequence[float]] | None = None

    def __repr__(self) -> str:
        return f"<Game {self.name}: {self.title}, {self.min_players}-{self.max_players} players>"

    def play(self, role: str) -> Any:
        """The play-side object for `role` ("evaluator", "determinizer",
        "winchance_features", ...; `archwk.ai.roles` lists them), imported
        when first asked."""
        try:
            return self._imported[role]
        except KeyError:
            pass
        try:
            path = self.play_side[role]
        except KeyError:
            raise LookupError(f"{self.title} has no {role!r} for the bots") from None
        obj = self._imported[role] = _load(path)
        return obj
