"""The top of the rules: `GameState` with its methods, `new_game` and `replay`.

Everything below this module is imported here at module level; nothing below
imports it (tests/test_architecture.py keeps the import graph acyclic). States
made below are frozen into the class they were thawed from, and fresh ones
(a new game, a loaded save) into the class this module passes down.
"""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, ClassVar

from ...kit.errors import InvalidSave
from . import core, engine, gamecode, setup, views
from . import edit as _edit
from . import record as _record
from .actions import Action
from .options import Options
from .state import FrozenState

if TYPE_CHECKING:
    from ...kit.game import Game

class GameState(FrozenState):
    """A position, including whose decision it is. Immutable.

    >>> import archwk
    >>> s = archwk.new_game(3, seed=7)
    >>> s.prompt.endswith("keep 1 of these building cards and pass the rest")
    True
    >>> s2 = s.apply(s.legal_actions()[0])
    >>> s2 is not s and len(s2.history) == 1 and len(s.history) == 0
    True
    """
    __slots__ = ()

    #: the game this is a state of (its `archwk.kit.game.Game`, given by `.definition`)
    game: ClassVar[Game]

    # ---- decisions
    #: the legal actions, each able to word its label from this state when asked
    #: (the engine's functions themselves: asked at every decision)
    legal_actions = engine.legal_actions

    def preview(self, action: Action):
        """What a legal action gives and costs the player choosing it (a
        `archwk.games.architects.decisions.Preview`), None if it has no figures to state."""
        return engine.preview(self, action)

    apply = engine.apply

    def is_legal(self, action: Action) -> bool:
        return engine._listed(self, action) is not None

    def why_illegal(self, action: Action) -> str | None:
        """None if legal, else the rule that forbids it, in words."""
        return engine.why_illegal(self, action)

    @property
    def prompt(self) -> str:
        return engine.prompt(self)

    # ---- reading
    def workers_at(self, location: str) -> Mapping[int, int]:
        return MappingProxyType(core.workers_at(self, location))

    def placement_blockers(self) -> Mapping[str, str]:
        return MappingProxyType(engine.placement_blockers(self))

    def view(self, player: int) -> GameState:
        return views.view(self, player)

    def edit(self, player: int | None = None, **changes) -> GameState:
        return _edit.edit(self, player, **changes)

    def to_json(self, **meta) -> str:
        """The save file: the game record (players, seed, options, every action
        and what-if edit), with the archwk version and a check of the position.
        Optional metadata: title=, date=, comments={step: text}."""
        return _record.to_json(self, **meta)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameState:
        """Load a save file: its record is replayed through the rules (each
        action must be legal, each edit valid) and checked against its cache.
        Any problem raises `archwk.InvalidSave` naming the step and the rule."""
        return _record.from_json(text, cls)

    def record(self) -> dict:
        """The game record (players, seed, options, actions and edits) that
        `archwk.replay` replays."""
        return _record.record_doc(self)

    def game_code(self) -> str:
        """A short URL-safe code for this position (`archwk.from_game_code`)."""
        return gamecode.encode(self)

    def __repr__(self):
        who = "over" if self.is_over else f"{self.prompt!r}"
        return f"<GameState {len(self.players)} players, turn {self.turn_no}, {who}>"


def new_game(players, *, seed: int, options: Options | None = None) -> GameState:
    """A new game at its first decision.

    >>> s = new_game(["Ann", "Ben"], seed=1)
    >>> [len(p.hand) for p in s.players], s.tax
    ([0, 0], 4)
    """
    t = setup.set_up(players, seed=seed, options=options)
    engine.advance(t)
    t._frozen_as = GameState
    return core.commit(t)


def replay(rec: Mapping | str | bytes) -> GameState:
    """Play a game record (a dict or its JSON) from the start to its last step.
    A step that cannot be played raises `archwk.InvalidSave` with its number and
    the rule."""
    if isinstance(rec, (str, bytes, bytearray)):
        return _record.load(rec, GameState).state
    if not isinstance(rec, Mapping):
        raise InvalidSave("record: expected an object")
    return _record.replay_doc(rec, GameState).state


def load_record(rec: Mapping | str | bytes, *, states: bool = False):
    """A record (a dict or a save file's JSON) replayed, with its metadata and (with
    `states`) every state on the way: an `archwk.kit.records.Loaded`."""
    if isinstance(rec, (str, bytes, bytearray, memoryview)):
        return _record.load(rec, GameState, states=states)
    if not isinstance(rec, Mapping):
        raise InvalidSave("record: expected an object")
    return _record.replay_doc(rec, GameState, states=states)


def from_game_code(code: str) -> GameState:
    """The position a game code (`GameState.game_code()`) stands for, replayed."""
    return gamecode.decode(code, GameState)
