"""End of the game and scoring (RB, End of the Game; End-Game Scoring; facts §14).

At the end, each player's end-game buildings change their Virtue (Trading Post,
Castle, Chapel, Dungeon, Observatory, Reservoir, Museum), then everyone scores:
buildings (printed VP plus bonuses), Cathedral level, Virtue track, -2 per
unpaid Debt (Fountain: -1), +1 per Gold and Marble, +1 per 10 Silver, -1 per 2
own workers in Prison. Ties: highest Virtue, then most Silver, then shared.
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from ...kit.errors import ArchwkError
from . import cards
from .behaviour.buildings import BUILDING_BEHAVIOUR
from .core import BUILDING, change_virtue, commit, record_event, thaw
from .state import _STATE_FIELDS, _MutableState

CATHEDRAL_VP = (0,) + tuple(level.vp for level in cards.CATHEDRAL)
#: the building effects worked out at the end: end-game Virtue (`end_game_virtue`),
#: VP bonuses (`building_bonus`) and the Fountain's Debts
END_GAME_EFFECTS = frozenset(e for e, b in BUILDING_BEHAVIOUR.items()
                             if b.end_game_virtue or b.vp_bonus or b.debt_vp)


@dataclass(frozen=True)
class ScoreBreakdown:
    """One player's score, one field per scoring line of the rulebook."""
    player: int
    name: str
    buildings: int
    cathedral: int
    virtue: int
    debts: int
    gold_marble: int
    silver: int
    prison: int
    guildhall: int = 0  # the solo opponent only: VP per worker in the Guildhall
    total: int = 0

    LINES = ("buildings", "cathedral", "virtue", "debts", "gold_marble", "silver", "prison", "guildhall")

    def as_dict(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}


# ---- end-game virtue (before scoring)

def end_game_virtue(s, p, b) -> int:
    """The Virtue an end-game building changes at the end (its behaviour's `end_game_virtue`)."""
    rule = BUILDING_BEHAVIOUR[b.effect].end_game_virtue
    if rule is None:
        raise ArchwkError(f"{b.name}: no end-game rule for effect {b.effect!r}")
    return rule(s, p, b)


def apply_end_game(t) -> None:
    for p in reversed(range(len(t.players))):
        for name in t.players[p].buildings:
            b = BUILDING[name]
            if b.category == "end_game":
                d = end_game_virtue(t, p, b)
                if d:
                    change_virtue(t, p, d, cause=f"the {name} (end of game)")


# ---- VP bonuses

def building_bonus(s, p, b) -> int:
    """The VP a building scores beside its printed VP (its behaviour's `vp_bonus`)."""
    rule = BUILDING_BEHAVIOUR[b.effect].vp_bonus
    if rule is None:
        raise ArchwkError(f"{b.name}: no VP rule for effect {b.effect!r}")
    return rule(s, p, b)


def _score(s, p) -> ScoreBreakdown:
    pl = s.players[p]
    if pl.is_byzantine:
        return byzantine_score(s, p)
    blds = 0
    debt_vp = -2
    for name in pl.buildings:
        b = BUILDING[name]
        blds += b.vp
        if b.category == "vp_bonus":
            blds += building_bonus(s, p, b)
        else:
            rule = BUILDING_BEHAVIOUR[b.effect].debt_vp
            if rule is not None:  # the Fountain
                debt_vp = rule(b)
    lines = dict(
        buildings=blds,
        cathedral=CATHEDRAL_VP[pl.cathedral_level],
        virtue=cards.VIRTUE_TRACK[pl.virtue].vp,
        debts=debt_vp * pl.debts_unpaid,
        gold_marble=pl.gold + pl.marble,
        silver=pl.silver // 10,
        prison=-(pl.in_prison // 2),
    )
    return ScoreBreakdown(p, pl.name, total=sum(lines.values()), **lines)


def _projection(s):
    """The state as if the game ended now (end-game building effects applied once)."""
    if not s.is_over:
        t = thaw(s)
        t.phase = "over"  # a projection: no decisions (Hugo's) inside it
        apply_end_game(t)
        s = commit(t)
    return s


def final_scores(s) -> list[ScoreBreakdown]:
    """Scores by the rulebook; before the end, a projection as if the game ended now
    (end-game building effects included)."""
    s = _projection(s)
    return [_score(s, p) for p in range(len(s.players))]


def winners(s) -> list[int]:
    """Highest total; ties broken by Virtue, then Silver; else shared. Before the
    end, on the same projection as `final_scores` (final Virtue after end-game
    effects)."""
    s = _projection(s)
    scores = final_scores(s)
    key = {sc.player: (sc.total, s.players[sc.player].virtue, s.players[sc.player].silver) for sc in scores}
    best = max(key.values())
    return [p for p, k in key.items() if k == best]


def game_over(t) -> None:
    t.phase = "over"
    t.pending = ()
    apply_end_game(t)
    t.turn_player = None
    s = snapshot(t)
    scores = (_score(s, p) for p in range(len(s.players)))
    record_event(t, "game_over", None, scores={sc.name: sc.total for sc in scores})


def snapshot(t):
    """A copy of a transaction in progress, to score inside it (read only)."""
    c = _MutableState.__new__(_MutableState)
    for f in _STATE_FIELDS:
        setattr(c, f, getattr(t, f))
    c.players = list(t.players)
    c.events = list(t.events)
    c._tx = {}
    c.phase = "over"
    c.players = tuple(c.players)
    c.events = tuple(c.events)
    return c


# ---- the Byzantine opponent (RB, Solo Play)

#: VP per worker of the opponent in the Guildhall
GUILDHALL_VP = {"Constantine": 1, "Helena": 3}


def byzantine_score(s, p: int) -> ScoreBreakdown:
    """Cathedral, Virtue, 1 per Marble, 1 (Constantine) or 3 (Helena) per worker
    in the Guildhall, -2 per unpaid Debt, -1 per 2 prisoners."""
    pl = s.players[p]
    lines = dict(
        buildings=0,
        cathedral=CATHEDRAL_VP[pl.cathedral_level],
        virtue=cards.VIRTUE_TRACK[pl.virtue].vp,
        debts=-2 * pl.debts_unpaid,
        gold_marble=pl.marble,
        silver=0,
        prison=-(pl.in_prison // 2),
        guildhall=GUILDHALL_VP.get(pl.character, 1) * sum(1 for o in s.guildhall if o == p),
    )
    return ScoreBreakdown(p, pl.name, total=sum(lines.values()), **lines)
