"""Events: what an action caused, as data (`kind`, `player`, `data`); `event.text`
is the sentence the explainer makes of it (`archwk.games.archon.explain`)."""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from .actions import own_words


class Event:
    __slots__ = ("_data", "_kind", "_names", "_player")

    def __init__(self, kind: str, player: int | None, data: Mapping, names: tuple[str, ...] = ()):
        self._kind, self._player, self._data = kind, player, dict(data)
        self._names = names  # the players' names, for the sentence (not part of the event)

    kind = property(lambda self: self._kind, doc="what happened")
    who = property(lambda self: self._names[self._player] if self._player is not None and self._names else None,
                   doc="the name of the player it happened to")
    player = property(lambda self: self._player, doc="the seat it happened to (None: the table)")

    @property
    def data(self) -> Mapping:
        return MappingProxyType(self._data)

    @property
    def text(self) -> str:
        return own_words().describe(self, self._names)

    def __repr__(self):
        return f"Event({self._kind!r}, player={self._player}, {self._data})"

    def __eq__(self, other):
        return isinstance(other, Event) and (self._kind, self._player, self._data) == \
            (other._kind, other._player, other._data)

    __hash__ = None  # type: ignore[assignment]

    def to_dict(self) -> dict:
        return {"kind": self._kind, "player": self._player, "data": _plain(self._data)}


def _plain(v):
    if isinstance(v, Mapping):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    return v
