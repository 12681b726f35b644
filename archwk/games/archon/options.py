"""How an Archon game is set up: `Options`, a frozen dataclass checked on creation.

The default is the rulebook with the facts file's recommended resolutions; each
field below is a place where the facts file names two readings.

>>> Options().starting_vp, Options().marketplace_refill, Options().odd_gold
(3, 'exact', 'kept')
"""
from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping

from ...kit.errors import InvalidOptions
from . import components as _components


@dataclasses.dataclass(frozen=True)
class Options:
    #: the components file (a path); None: the kit's own, whose figures the rulebook does
    #: not print are examples. Loaded through the same checks (`components.load`).
    components: str | None = None
    #: VP each player starts with: §3 step 8 puts the Marker on "the 4th space" of the
    #: Scoring Track, 3 if its first space is 0 (A6, the default), 4 if it is 1
    starting_vp: int = 3
    #: §7.2b "Refill the Marketplace": "exact" (A17: its cubes go back to the stockpile
    #: and the next King's Grant is laid out exactly) or "top_up" (cubes left stay; only
    #: what the card shows beyond them is added)
    marketplace_refill: str = "exact"
    #: §7 a raid's shortfall paid in Gold, 2 a point: with an odd Gold left, "kept" (A21:
    #: Gold covers floor(Gold / 2) points and the last coin stays) or "lost" (the player
    #: "exhausts" their Gold: the odd coin goes too)
    odd_gold: str = "kept"

    def __post_init__(self):
        if self.components is not None:
            if isinstance(self.components, os.PathLike):
                object.__setattr__(self, "components", os.fspath(self.components))
            if not isinstance(self.components, str) or not self.components.strip():
                raise InvalidOptions(f"Options.components: expected the path of a components file, "
                                     f"got {self.components!r}")
            _components.load(self.components)  # CardDataError names the file, entry and field
        if type(self.starting_vp) is not int or self.starting_vp not in (3, 4):
            raise InvalidOptions(f"Options.starting_vp: must be 3 or 4 (the 4th space of the Scoring Track), "
                                 f"got {self.starting_vp!r}")
        if self.marketplace_refill not in ("exact", "top_up"):
            raise InvalidOptions(f"Options.marketplace_refill: must be 'exact' or 'top_up', "
                                 f"got {self.marketplace_refill!r}")
        if self.odd_gold not in ("kept", "lost"):
            raise InvalidOptions(f"Options.odd_gold: must be 'kept' or 'lost', got {self.odd_gold!r}")

    @property
    def parts(self) -> _components.Components:
        """The components these options play with."""
        return _components.load(self.components)

    def to_dict(self) -> dict:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, d: Mapping) -> Options:
        if not isinstance(d, Mapping):
            raise InvalidOptions("options: expected an object")
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = set(d) - known
        if unknown:
            raise InvalidOptions(f"options: unknown field(s) {sorted(unknown)}")
        return cls(**d)
