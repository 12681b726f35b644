"""Archon's heuristic player and the worth of a position, in VP.

`position_value(state, seat)` is what the bots' search values a leaf by: the VP on
the track and from end-game tiles, this Season's King's Grant as the standings
now stand (counted in full near the Season's end, about half at its start), the
Building tiles' incomes still to come, and Gold, Recruit tokens, cubes and
Magister cards at rough exchange rates. It reads only what the seat may know
(public parts and the seat's own cards).

`HeuristicBot` looks one move ahead: it plays each legal action, follows its own
decisions that follow (a cube to take, a trade, a Magister to recruit) greedily,
and keeps the action whose position is worth most to it against the best other
seat; ties go to its seeded generator. A split keeps the Magisters about evenly
between the two piles.
"""
from __future__ import annotations

import random

from ..constants import CARD_TYPES, CATEGORIES
from ..game import GameState, quiet
from ..rules import category_counts, end_tile_vp, rank_shares

GOLD, RECRUIT, CUBE, MAGISTER = 0.45, 0.5, 0.8, 0.8
CUBE_CAP = 10
#: VP a card (Arts, Science) or an Elite Warrior on the wall is worth beyond the
#: standings it buys now: later cards contest the ranks, and a warrior on the wall
#: also spares its owner a point of each raid's shortfall
PER_CARD, PER_WARRIOR = 0.5, 0.9
#: decisions the heuristic follows as part of the move it values
FOLLOW = frozenset({"take", "lab", "market", "recruit", "replace", "guard", "tile", "more", "scribe"})


def _season_progress(t) -> float:
    rps = t.parts.rounds_per_season
    return ((t.round - 1) % rps + 1) / rps


def position_value(state: GameState, seat: int) -> float:
    """Seat's prospects in VP (see the module text)."""
    t = state._t
    s = t.seats[seat]
    worth = float(s.vp + end_tile_vp(t, seat))
    if t.phase == "over":
        return worth + 0.001 * (s.gold + s.recruits + s.cubes)
    parts = t.parts
    season = t.season
    grant = parts.grant(t.grants[season - 1])
    weight = 0.4 + 0.6 * _season_progress(t)
    for cat in CATEGORIES:
        counts = category_counts(t, cat)
        worth += weight * rank_shares(counts, grant.values(cat))[seat]
        worth += (PER_WARRIOR if cat == "warriors" else PER_CARD) * counts[seat]
    seasons_left = parts.seasons - season
    for name in s.tiles:
        tile = parts.tile(name)
        if tile.ability == "season_gain":
            g = tile.params
            worth += seasons_left * (GOLD * g.get("gold", 0) + RECRUIT * g.get("recruits", 0) + g.get("vp", 0))
        elif tile.ability == "season_vp":
            worth += (seasons_left + weight) * category_counts(t, tile.params["per"])[seat] * tile.params["vp"] * 0.5
        elif tile.ability == "tile_gold":
            worth += GOLD * tile.params["gold"] * min(2, seasons_left + 1)
    worth += GOLD * s.gold + RECRUIT * s.recruits + CUBE * min(s.cubes, CUBE_CAP)
    worth += MAGISTER * sum(s.cards()[1:]) * (seasons_left + 1) / parts.seasons
    return worth


def relative_value(state: GameState, seat: int) -> float:
    vals = [position_value(state, i) for i in range(state._t.n)]
    others = [v for i, v in enumerate(vals) if i != seat]
    return vals[seat] - max(others)


def _split_score(a, pool) -> float:
    hand_m = sum(a.hand[1:])
    total_m = sum(pool[1:])
    return -abs(2 * hand_m - total_m)


class HeuristicBot:
    """One move of lookahead (see the module text)."""

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"HeuristicBot({self.seed})"

    def choose(self, state: GameState):
        acts = state.legal_actions()
        if len(acts) == 1:
            return acts[0]
        me = state.current_player
        assert me is not None  # a legal action: the game is not over
        t = state._t
        kind = t.pending[-1].kind
        if kind == "split":
            pool = t.seats[me].cards()
            even = max(_split_score(a, pool) for a in acts)
            return self.rng.choice([a for a in acts if _split_score(a, pool) == even])
        base = quiet(state)
        scored = [(self._settle(base.apply(a), me, 3), a) for a in acts]
        top = max(v for v, _ in scored)
        best = [a for v, a in scored if v >= top - 1e-9]
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def _settle(self, s: GameState, me: int, depth: int) -> float:
        """The worth of `s` after me's own follow-up decisions, taken greedily."""
        while depth > 0 and not s.is_over and s.current_player == me and s._t.pending[-1].kind in FOLLOW:
            acts = s.legal_actions()
            s = max((s.apply(a) for a in acts), key=lambda x: relative_value(x, me))
            depth -= 1
        return relative_value(s, me)


def lookahead(before: GameState, after: GameState, seat: int, reply: bool = False) -> GameState:
    """The position the expert bot values after a seat's move (role "lookahead"): the
    seat's own follow-up decisions (a cube to take, a trade, a Magister to recruit, ...,
    `FOLLOW`) taken greedily, as `HeuristicBot` values a move, so a placement is worth
    what it leads to. (`reply`, the next player's turn too, is not played here.)"""
    s = after
    depth = 3
    while depth > 0 and not s.is_over and s.current_player == seat and s._t.pending[-1].kind in FOLLOW:
        s = max((s.apply(a) for a in s.legal_actions()), key=lambda x: relative_value(x, seat))
        depth -= 1
    return s


def rollout_policy(state: GameState, actions, rng: random.Random):
    """A cheap playout policy: placements before passing, else uniform."""
    places = [a for a in actions if a.kind != "pass"]
    pool = places if places and rng.random() < 0.85 else actions
    return pool[rng.randrange(len(pool))]


__all__ = ["CARD_TYPES", "HeuristicBot", "lookahead", "position_value", "rollout_policy"]
