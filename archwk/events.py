"""Events: what an action caused, as data; `event.text` words it.

Rules record events through `core.record_event`, which builds them with `_make`
(no copy of the figures it already owns). A state made quiet
(`archwk.engine.quiet`, for rollouts: nobody reads their log) records none: its
`events` is the empty `QUIET` tuple, and its transactions log into `QUIET_LOG`,
which keeps nothing. Events are never read by the rules, so a quiet game
reaches the same states (tests/test_speed.py).
"""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from . import actions


class Event:
    """Something an action caused. `kind` names it; `data` holds its figures;
    `text` is the plain-English sentence (from `archwk.explain`)."""
    __slots__ = ("_data", "kind", "player", "who")
    kind: str
    player: int | None
    who: str | None
    _data: dict

    def __init__(self, kind: str, player: int | None, who: str | None, data: Mapping):
        _set_kind(self, kind)
        _set_player(self, player)
        _set_who(self, who)
        _set_data(self, dict(data))

    def __setattr__(self, name, value):
        raise AttributeError("Event is immutable")

    @property
    def data(self) -> Mapping:
        """The event's figures (read only)."""
        return MappingProxyType(self._data)

    @property
    def text(self) -> str:
        return actions._words.describe(self)

    def __repr__(self):
        return f"Event({self.kind!r}, player={self.player}, {self._data})"

    def __eq__(self, other):
        return (isinstance(other, Event) and self.kind == other.kind
                and self.player == other.player and self._data == other._data)

    __hash__ = None  # type: ignore[assignment]


_set_kind = Event.__dict__["kind"].__set__
_set_player = Event.__dict__["player"].__set__
_set_who = Event.__dict__["who"].__set__
_set_data = Event.__dict__["_data"].__set__
_new_event = Event.__new__


def _make(kind: str, player: int | None, who: str | None, data: dict) -> Event:
    """An event owning `data` (a fresh dict nobody else holds): no copy."""
    e = _new_event(Event)
    _set_kind(e, kind)
    _set_player(e, player)
    _set_who(e, who)
    _set_data(e, data)
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
