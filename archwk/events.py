"""Events: what an action caused, as data; `event.text` words it."""
from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from . import actions


class Event:
    """Something an action caused. `kind` names it; `data` holds its figures;
    `text` is the plain-English sentence (from `archwk.explain`)."""
    __slots__ = ("kind", "player", "who", "data")
    kind: str
    player: int | None
    who: str | None
    data: Mapping

    def __init__(self, kind: str, player: int | None, who: str | None, data: Mapping):
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "who", who)
        object.__setattr__(self, "data", MappingProxyType(dict(data)))

    def __setattr__(self, name, value):
        raise AttributeError("Event is immutable")

    @property
    def text(self) -> str:
        return actions._words.describe(self)

    def __repr__(self):
        return f"Event({self.kind!r}, player={self.player}, {dict(self.data)})"

    def __eq__(self, other):
        return (isinstance(other, Event) and self.kind == other.kind
                and self.player == other.player and dict(self.data) == dict(other.data))

    __hash__ = None  # type: ignore[assignment]
