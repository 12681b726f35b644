"""The end of the game (§8): `final_scores` (the Scoring Track, end-game tile VP,
the total) and `winners` with the rulebook's tie-breakers."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .rules import end_tile_vp


@dataclass(frozen=True)
class ScoreBreakdown:
    """One player's score: `track` (VP on the Scoring Track), `tiles` (the end-game
    VP of Architects' Guild and Magisters' Court, §8), `total`; `tie_break` is the
    first tie-breaker's figure (Recruit tokens + Gold + Resources, §8, A29)."""
    player: int
    name: str
    track: int
    tiles: int
    total: int
    tie_break: int

    LINES: ClassVar[tuple[str, ...]] = ("track", "tiles")


def final_scores(state) -> list[ScoreBreakdown]:
    """One breakdown per player; a projection (as if the game ended now) when not over."""
    t = state._t
    out = []
    for p, s in enumerate(t.seats):
        tiles = end_tile_vp(t, p)
        out.append(ScoreBreakdown(p, s.name, s.vp, tiles, s.vp + tiles, s.recruits + s.gold + s.cubes))
    return out


def winners(state) -> list[int]:
    """§8: most VP; tied: the largest Recruit tokens + Gold + Resources; still tied:
    a shared victory (every seat still tied)."""
    scores = final_scores(state)
    best = max((sc.total, sc.tie_break) for sc in scores)
    return [sc.player for sc in scores if (sc.total, sc.tie_break) == best]
