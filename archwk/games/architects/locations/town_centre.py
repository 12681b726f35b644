"""Town Centre: for each own worker there, 1 Silver captures 1 group (all the
workers of one colour at one large open location); the first Silver is Tax.
At most 2 different locations with 1-3 players, 1 with 4-5 (RB, Town Centre).
Conspirator: each capture after the first costs no Silver (facts §16 row 18)."""
from __future__ import annotations

from ..actions import shared
from ..behaviour import hook_any
from ..constants import LOCATION_NAMES
from ..core import can_pay, capture, capture_location_limit, capture_targets, open_decision, own_at, pay, price
from ..decisions import CapturesLeft, DecisionRule, LocationRule, no_blocker, preview, reason


def capture_cost(s, p, done: int) -> tuple[int, int]:
    if done == 0:
        return 1, 1
    return (0 if hook_any(s, p, "later_captures_free") else 1), 0


def _legal(s, dec):
    p, used, done = dec.player, dec.data.locations, dec.data.done
    out = []
    if can_pay(s, p, *capture_cost(s, p, done)):
        out = [shared("capture", loc, target=o)
               for loc, o in capture_targets(s, p, used, capture_location_limit(s))]
    out.append(shared("stop"))
    return out


def _resolve(t, dec, a):
    p, (left, used, done) = dec.player, dec.data
    if a.kind == "stop":
        return
    pay(t, p, *capture_cost(t, p, done), cause="a capture at the Town Centre")
    capture(t, p, a.location, a.target, cause="the Town Centre")
    if a.location not in used:
        used = used + (a.location,)
    if left > 1:
        open_decision(t, "town_centre", p, CapturesLeft(left - 1, used, done + 1))


def _capture_preview(s, dec, a):
    if a.kind != "capture":
        return None
    silver, tax = price(s, dec.player, *capture_cost(s, dec.player, dec.data.done))
    return preview(cost={"silver": silver}, tax=tax)


def _why(s, dec, a):
    if a.kind != "capture":
        return None
    used, done = dec.data.locations, dec.data.done
    limit = capture_location_limit(s)
    if a.location not in LOCATION_NAMES or a.location in ("guildhall", "black_market_a", "black_market_b",
                                                         "black_market_c", "prison"):
        return reason("capture_where")
    if a.location not in used and len(used) >= limit:
        return reason("capture_locations", players=len(s.players), limit=limit)
    if not can_pay(s, dec.player, *capture_cost(s, dec.player, done)):
        return reason("capture_costs")
    return None


LOCATION = LocationRule(
    "town_centre", blocker=no_blocker,
    place=lambda t, p: open_decision(t, "town_centre", p, CapturesLeft(own_at(t, "town_centre", p), (), 0)),
    preview=lambda s, p: preview(then=(("captures", own_at(s, "town_centre", p) + 1),)))
DECISION = DecisionRule("town_centre", legal=_legal, resolve=_resolve, why=_why, data=CapturesLeft,
                        preview=_capture_preview)


# ---- the solo opponent (archwk's stand-in rule; RB, Solo Play: it captures but never its own workers)

def largest_group(s, p) -> tuple[str, int] | None:
    """The group (location, owner) the opponent captures: the largest group of
    another player's workers among the groups the Town Centre may capture
    (ties: board order, then seat order); None if there is none."""
    groups = [(loc, o) for loc, o in capture_targets(s, p, (), capture_location_limit(s)) if o != p]
    return max(groups, key=lambda g: own_at(s, g[0], g[1]), default=None)


def _opponent_place(t, p):
    """It captures the largest group for free (it uses no Silver)."""
    group = largest_group(t, p)
    if group:
        capture(t, p, group[0], group[1], cause="a Scheme card")


#: how the Town Centre plays for the Byzantine opponent
OPPONENT = LocationRule("town_centre", blocker=no_blocker, place=_opponent_place)
