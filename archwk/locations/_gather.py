"""The resource-gathering rule shared by the Quarry, Forest and Silversmith
(RB, Board Locations: Quarry, Forest, Mines and Silversmith): gain by the number
of your own workers there after placing, plus the matching apprentice bonus."""
from __future__ import annotations

from ..behaviour import hook_sum
from ..core import gain, own_at
from ..decisions import LocationRule, no_blocker


def gathering(location: str, *, item: str, base: int, bonus_hook: str, label: str) -> LocationRule:
    def amount(s, p, after_placing: bool) -> int:
        w = own_at(s, location, p) + (0 if after_placing else 1)
        return w + base + hook_sum(s, p, bonus_hook)

    def place(t, p):
        gain(t, p, {item: amount(t, p, True)}, cause=label)

    return LocationRule(location, blocker=no_blocker, place=place,
                        hint=lambda s, p: ("gain", ((item, amount(s, p, False)),)))
