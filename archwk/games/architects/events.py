"""Events: what an action caused, as data; `event.text` words it.

Rules record events through `core.record_event`, which builds them with `_make`
(no copy of the figures it already owns). A state made quiet
(`archwk.games.architects.engine.quiet`, for rollouts: nobody reads their log) records none: its
`events` is the empty `QUIET` tuple, and its transactions log into `QUIET_LOG`,
which keeps nothing. Events are never read by the rules, so a quiet game
reaches the same states (tests/test_speed.py).
"""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from .actions import own_words


class Event:
    """Something an action caused. `kind` names it; `data` holds its figures;
    `text` is the plain-English sentence (from `archwk.games.architects.explain`)."""
    # Immutable through read-only properties over private slots (see Action).
    __slots__ = ("_data", "_kind", "_player", "_who")
    _kind: str
    _player: int | None
    _who: str | None
    _data: dict

    def __init__(self, kind: str, player: int | None, who: str | None, data: Mapping):
        self._kind, self._player, self._who, self._data = kind, player, who, dict(data)

    kind = property(lambda self: self._kind, doc="what happened")
    player = property(lambda self: self._player, doc="the player it happened to (None: the game)")
    who = property(lambda self: self._who, doc="that player's name")

    @property
    def data(self) -> Mapping:
        """The event's figures (read only)."""
        return MappingProxyType(self._data)

    @property
    def text(self) -> str:
        """The event in the game's words (its explainer's `describe`)."""
        return own_words().describe(self)

    def __repr__(self):
        return f"Event({self.kind!r}, player={self.player}, {self._data})"

    def __eq__(self, other):
        return (isinstance(other, Event) and self._kind == other._kind
                and self._player == other._player and self._data == other._data)

    __hash__ = None  # type: ignore[assignment]


_new_event = Event.__new__


def _make(kind: str, player: int | None, who: str | None, data: dict) -> Event:
    """An event owning `data` (a fresh dict nobody else holds): no copy."""
    e = _new_event(Event)
    e._kind, e._player, e._who, e._data = kind, player, who, data
    return e


class _Quiet(tuple):
    """The (empty) event log of a quiet state; see the module doc."""
    __slots__ = ()


class _QuietLog(list):
    """A transaction's event log that keeps nothing (quiet states)."""
    __slots__ = ()

    def append(self, item) -> None:
        pass

    def extend(self, items) -> None:
        pass


#: the `events` of every quiet state
QUIET = _Quiet()
#: the log of every quiet transaction
QUIET_LOG = _QuietLog()
