"""The top of Archon's rules: `GameState` with its methods, `new_game`, `replay`.

A `GameState` holds a `Table` it never changes; `apply` plays an action on a copy
and returns a new state (the receiver is unchanged). Legal actions are listed by
`rules.legal` in a stable order; anything else raises `IllegalAction` naming the
rule (`rules.why_illegal`, worded by the explainer) and changes nothing.

>>> s = new_game(["Ann", "Ben"], seed=1)
>>> s.prompt.endswith("choose your two starting Magisters")
True
>>> s2 = s.apply(s.legal_actions()[0])
>>> len(s2.history), len(s.history)
(1, 0)
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from ...kit.errors import ArchwkError, IllegalAction, InvalidSave
from . import edit as _edit
from . import gamecode, rules, views
from . import record as _record
from .actions import Action
from .constants import LOCATIONS, RESOURCES
from .options import Options
from .save import steps
from .state import PlayerState, Table, player_state

if TYPE_CHECKING:
    from ...kit.game import Game

class GameState:
    """A position of Archon, with whose decision it is. Immutable."""
    __slots__ = ("__weakref__", "_acts", "_bound", "_players", "_t")

    #: the game this is a state of (set by `archwk.games.archon.definition`)
    game: ClassVar[Game]
    _t: Table
    _acts: list[Action] | None
    _bound: list[Action] | None
    _players: tuple[PlayerState, ...] | None

    def __init__(self, t: Table, acts: list | None = None):
        object.__setattr__(self, "_t", t)
        object.__setattr__(self, "_acts", acts)
        object.__setattr__(self, "_bound", None)
        object.__setattr__(self, "_players", None)

    def __setattr__(self, name, value):
        raise AttributeError("a GameState is immutable: apply() returns a new one")

    # ---- decisions
    def _raw_legal(self) -> list[Action]:
        acts = self._acts
        if acts is None:
            acts = rules.legal(self._t)
            object.__setattr__(self, "_acts", acts)
        return acts

    def legal_actions(self) -> list[Action]:
        """Every legal choice at the current decision, in a stable order (none in a
        view or a finished game)."""
        if self._t.is_view or self._t.phase == "over":
            return []
        bound = self._bound
        if bound is None:
            bound = [a._with_ctx(self) for a in self._raw_legal()]
            object.__setattr__(self, "_bound", bound)
        return list(bound)

    def is_legal(self, action) -> bool:
        return not self._t.is_view and isinstance(action, Action) and action in self._raw_legal()

    def why_illegal(self, action) -> str | None:
        """None if legal, else the rule that forbids it, in words."""
        if self.is_legal(action):
            return None
        code, data = rules.why_illegal(self._t, action)
        return self.game.explainer.reason(self, code, data, action)

    def apply(self, action) -> GameState:
        """A new state after `action`; `IllegalAction` naming the rule if it is not
        legal here (nothing changes)."""
        t0 = self._t
        if t0.is_view:
            raise IllegalAction("a view of the game can be shown but not played on")
        legal = self._raw_legal()
        if not isinstance(action, Action) or action not in legal:
            raise IllegalAction(self.why_illegal(action) or "not a legal choice here")
        a = legal[legal.index(action)]
        actor = t0.pending[-1].player
        t = t0.copy()
        rules.resolve(t, a)
        acts = rules.advance(t)
        step = a._with_ctx(None) if a._ctx is not None else a
        t.hist = (t0.hist, step, actor)
        t.hist_len = t0.hist_len + 1
        if t0.seen is not None:
            t.seen = tuple((chain, views.mask_action(step, i, actor), actor) for i, chain in enumerate(t0.seen))
        return GameState(t, acts)

    def preview(self, action: Action) -> dict:
        """What a legal action gives and costs its player at once (see `rules.preview`)."""
        if not self.is_legal(action):
            raise IllegalAction(self.why_illegal(action) or "not a legal choice here")
        return rules.preview(self._t, action)

    @property
    def prompt(self) -> str:
        return self.game.explainer.prompt(self)

    @property
    def current_player(self) -> int | None:
        t = self._t
        if t.phase == "over" or not t.pending:
            return None
        return t.pending[-1].player

    @property
    def decision(self) -> str | None:
        """The kind of the current decision ("turn", "split", "market", ...), None when over."""
        t = self._t
        return t.pending[-1].kind if t.pending and t.phase != "over" else None

    @property
    def is_over(self) -> bool:
        return self._t.phase == "over"

    @property
    def is_view(self) -> bool:
        return self._t.is_view

    @property
    def events(self) -> tuple:
        return tuple(self._t.events or ())

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action since `new_game` (what-if edits are steps of the record, not actions)."""
        return tuple(s for s, _ in steps(self._t) if isinstance(s, Action))

    # ---- reading
    @property
    def players(self) -> tuple[PlayerState, ...]:
        players = self._players
        if players is None:
            t = self._t
            players = tuple(player_state(t, i, t.is_view and i != t.viewer) for i in range(t.n))
            object.__setattr__(self, "_players", players)
        return players

    @property
    def seed(self) -> int:
        return self._t.seed

    @property
    def options(self) -> Options:
        return self._t.options

    @property
    def round(self) -> int:
        return self._t.round

    @property
    def season(self) -> int:
        return self._t.season

    @property
    def order(self) -> tuple[int, ...]:
        """This round's player order (seats, first player first)."""
        return tuple(self._t.order)

    @property
    def components(self):
        """The figures this game plays with (`archwk.games.archon.components.Components`)."""
        return self._t.parts

    @property
    def viewer(self) -> int | None:
        return self._t.viewer

    def workers_at(self, location: str) -> Mapping[int, int]:
        """Wooden Figures per seat at a location."""
        if location not in LOCATIONS:
            raise ArchwkError(f"no location {location!r} (the locations: {', '.join(LOCATIONS)})")
        out: dict[int, int] = {}
        for occ in self._t.occ[LOCATIONS.index(location)]:
            for p in occ:
                out[p] = out.get(p, 0) + 1
        return out

    def placement_blockers(self) -> Mapping[str, str]:
        """For each location the current player cannot place at now, why, in words."""
        return self.game.explainer.blockers(self)

    @property
    def repository(self) -> Mapping[str, int]:
        return dict(zip(RESOURCES, self._t.repository))

    def view(self, player: int) -> GameState:
        """What `player` may know (`archwk.games.archon.views`). Not playable."""
        return GameState(views.view_table(self._t, player), [])

    def edit(self, player: int | None = None, **changes) -> GameState:
        return _edit.edit(self, player, **changes)

    # ---- saving
    def record(self) -> dict:
        """The game record (players, seed, options, actions and edits) `archwk.replay` replays."""
        return _record.record_doc(self)

    def to_json(self, **meta) -> str:
        """The save file: the game record with the archwk version and a check of the
        position. Optional metadata: title=, date=, comments={step: text}."""
        return _record.to_json(self, **meta)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameState:
        return _record.load(text, _fresh).state

    def game_code(self) -> str:
        """A short URL-safe code for this position (`archwk.from_game_code`)."""
        return gamecode.encode(self, _fresh)

    def __repr__(self) -> str:
        who = "over" if self.is_over else repr(self.prompt)
        return f"<archon GameState {self._t.n} players, round {self._t.round}, {who}>"

    def __copy__(self) -> GameState:      # immutable: a copy is the state itself
        return self

    def __deepcopy__(self, memo) -> GameState:
        return self

    def __reduce__(self):  # no pickling: a state travels as its record
        raise TypeError("a GameState is saved as its record (to_json), not pickled")


def _fresh(players, seed: int, options: Options | None) -> GameState:
    t = rules.set_up(players, seed=seed, options=options)
    acts = rules.advance(t)
    return GameState(t, acts)


def new_game(players, *, seed: int, options: Options | None = None) -> GameState:
    """A new game of Archon (2-4 players: a count or a list of names) at its first decision."""
    return _fresh(players, seed, options)


def quiet(state: GameState) -> GameState:
    """The same position for a playout nobody reads: no event log (the same states follow)."""
    t = state._t.copy()
    t.events = None
    return GameState(t, state._acts)


def replay(rec: Mapping | str | bytes) -> GameState:
    """Play a game record (a dict or its JSON) from the start to its last step."""
    return load_record(rec).state


def load_record(rec: Any, *, states: bool = False):
    """A record (a dict or a save file's JSON) replayed, with its metadata and (with
    `states`) every state on the way: an `archwk.kit.records.Loaded`."""
    if isinstance(rec, (str, bytes, bytearray, memoryview)):
        return _record.load(bytes(rec) if isinstance(rec, (bytearray, memoryview)) else rec, _fresh, states=states)
    if not isinstance(rec, Mapping):
        raise InvalidSave("record: expected an object")
    return _record.replay_doc(rec, _fresh, states=states)


def from_game_code(code: str) -> GameState:
    """The position a game code (`GameState.game_code()`) stands for, replayed."""
    return gamecode.decode(code, _fresh)

