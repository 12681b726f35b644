"""The resource-gathering rule shared by the Quarry, Forest and Silversmith
(RB, Board Locations: Quarry, Forest, Mines and Silversmith): gain by the number
of your own workers there after placing, plus the matching apprentice bonus."""
from __future__ import annotations

from ..behaviour import hook_sum
from ..core import gain, own_at
from ..decisions import LocationRule, no_blocker, preview


def gathering(location: str, *, item: str, base: int, bonus_hook: str, label: str) -> LocationRule:
    def amount(s, p, workers: int) -> int:
        """What `workers` own workers there (the placed one included) gather: the one
        amount both placing and its preview use."""
        return workers + base + hook_sum(s, p, bonus_hook)

    def place(t, p):
        gain(t, p, {item: amount(t, p, own_at(t, location, p))}, cause=label)

    return LocationRule(location, blocker=no_blocker, place=place,
                        preview=lambda s, p: preview(gain={item: amount(s, p, own_at(s, location, p) + 1)}))
