"""The top of the rules: `GameState` with its methods, `new_game` and `replay`.

Everything below this module is imported here at module level; nothing below
imports it (tests/test_architecture.py keeps the import graph acyclic). States
made below are frozen into the class they were thawed from, and fresh ones
(a new game, a loaded save) into the class this module passes down.
"""
from __future__ import annotations

import json
from types import MappingProxyType
from typing import Mapping

from . import actions, core, edit as _edit, engine, explain, save, setup, views
from .actions import Action
from .errors import InvalidOptions, InvalidSave
from .options import Options
from .state import FrozenState

# the explainer words actions and events (`str(action)`, `event.text`)
actions.use_words(explain)


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

    # ---- decisions
    def legal_actions(self) -> list[Action]:
        return engine.legal_actions(self)

    def preview(self, action: Action):
        """What a legal action gives and costs the player choosing it (a
        `archwk.decisions.Preview`), None if it has no figures to state."""
        return engine.preview(self, action)

    def apply(self, action: Action) -> "GameState":
        return engine.apply(self, action)

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

    def view(self, player: int) -> "GameState":
        return views.view(self, player)

    def edit(self, player: int | None = None, **changes) -> "GameState":
        return _edit.edit(self, player, **changes)

    def to_json(self) -> str:
        return save.to_json(self)

    @classmethod
    def from_json(cls, text: str) -> "GameState":
        return save.from_json(text, cls)

    def record(self) -> dict:
        """The game record (players, seed, options, actions) that `archwk.replay` replays."""
        return save.record(self)

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


def replay(rec: Mapping | str) -> GameState:
    """Play a game record (a dict or its JSON) from the start to its last action."""
    if isinstance(rec, (str, bytes)):
        try:
            rec = json.loads(rec)
        except json.JSONDecodeError as e:
            raise InvalidSave(f"record: not valid JSON ({e.msg})") from None
    if not isinstance(rec, Mapping):
        raise InvalidSave("record: expected an object")
    if rec.get("format") != save.RECORD_FORMAT or rec.get("version") != save.VERSION:
        raise InvalidSave(f"record: expected format {save.RECORD_FORMAT!r} version {save.VERSION}")
    for k, typ in (("players", list), ("seed", int), ("options", dict), ("actions", list)):
        if not isinstance(rec.get(k), typ):
            raise InvalidSave(f"record: field {k!r} missing or of the wrong type")
    try:
        s = new_game(rec["players"], seed=rec["seed"], options=Options.from_dict(rec["options"]))
    except InvalidOptions as e:  # a record's players and options are part of the record
        raise InvalidSave(f"record: {e}") from None
    for i, ad in enumerate(rec["actions"]):
        a = Action.from_dict(ad)
        try:
            s = s.apply(a)
        except ValueError as e:
            raise InvalidSave(f"record: action {i} ({ad}) cannot be played: {e}") from None
    return s
