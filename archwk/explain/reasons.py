"""Reasons: why a location or an action is not open now, in words. The rules
give a `decisions.Reason` (a code and its figures) or, for the rules not yet
typed, their own sentence."""
from __future__ import annotations

from ..decisions import Reason

REASONS = {
    "not_your_turn": lambda r: f"it is not time to place a worker ({r.get('prompt')})",
    "game_over": lambda r: "the game is over",
}


def reason(r) -> str:
    """A reason in words."""
    if isinstance(r, Reason):
        f = REASONS.get(r.code)
        if f is None:
            raise ValueError(f"archwk.explain: no words for the reason {r.code!r}")
        return f(r)
    return str(r)
