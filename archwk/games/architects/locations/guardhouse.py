"""Guardhouse: one action per own worker there, any order, repeats allowed; the
first is chosen on placing, the others are optional (RB, Guardhouse; facts §10).

send_to_prison   : captured workers on your board to Prison, 1 Silver each
release_prison   : all your workers in Prison back to your board
release_silver   : 5 Silver (2 Tax) to free all your workers from other boards
release_debt     : or take 1 Debt and lose 1 Virtue for the same
pay_debt         : 6 Silver (3 Tax) to pay off 1 Debt"""
from __future__ import annotations

from ..actions import shared
from ..behaviour import hooked
from ..core import (
    can_pay,
    change_virtue,
    debt_bonuses,
    gain,
    held_by_others,
    open_decision,
    own_at,
    pay,
    pay_off_debt,
    price,
    record_event,
    release_from_boards,
    release_from_prison,
    take_debt,
    writable_player,
)
from ..decisions import DecisionRule, GuardActionsLeft, LocationRule, add_bundles, no_blocker, preview, reason

GUARD_ACTIONS = ("send_to_prison", "release_prison", "release_silver", "release_debt", "pay_debt")


def available(s, p) -> list[str]:
    pl = s.players[p]
    out = []
    if sum(pl.captured):
        out.append("send_to_prison")
    if pl.in_prison:
        out.append("release_prison")
    if held_by_others(s, p):
        if can_pay(s, p, 5, 2):
            out.append("release_silver")
        out.append("release_debt")
    if pl.debts_unpaid and can_pay(s, p, 6, 3):
        out.append("pay_debt")
    return out


def imprison_captured(t, p, *, cause: str) -> int:
    """All the captured workers on p's board go to Prison (RB, Guardhouse); the
    sale itself, shared by the players and the solo opponent. Returns how many."""
    pl = writable_player(t, p)
    n = sum(pl.captured)
    for o, c in enumerate(pl.captured):
        if c:
            writable_player(t, o).in_prison += c
    pl.captured = (0,) * len(t.players)
    record_event(t, "sent_to_prison", p, count=n, cause=cause)
    return n


def prison_sale(s, p, n: int) -> list[tuple[str, dict]]:
    """What selling n captured workers to Prison gives, each with what gives it."""
    out = [("sending captured workers to Prison", {"silver": n})]
    for h in hooked(s, p, "prison_sale_gain"):
        out.append((h.cause, dict(h.value)))
    return out


def send_to_prison(t, p, *, cause: str) -> None:
    n = imprison_captured(t, p, cause=cause)
    for why, goods in prison_sale(t, p, n):
        gain(t, p, goods, cause=why)


#: the Silver (of which Tax) each paid Guardhouse action costs
GUARD_PRICES = {"release_silver": (5, 2), "pay_debt": (6, 3)}


def _guard_preview(s, dec, a):
    if a.kind != "guard":
        return None
    p, o = dec.player, a.option
    if o == "send_to_prison":
        return preview(gain=add_bundles(*(g for _, g in prison_sale(s, p, sum(s.players[p].captured)))))
    if o in GUARD_PRICES:
        silver, tax = price(s, p, *GUARD_PRICES[o])
        return preview(cost={"silver": silver}, tax=tax,
                       gain=add_bundles({"virtue": 1}, *(g for _, g in debt_bonuses(s, p))) if o == "pay_debt" else {})
    if o == "release_debt":
        return preview(cost={"virtue": 1})
    return preview()


def _legal(s, dec):
    p, first = dec.player, dec.data.first
    out = [shared("guard", option=o) for o in available(s, p)]
    if not first:
        out.append(shared("stop"))
    return out


def _resolve(t, dec, a):
    p, left = dec.player, dec.data.left
    if a.kind == "stop":
        return
    o = a.option
    if o == "send_to_prison":
        send_to_prison(t, p, cause="the Guardhouse")
    elif o == "release_prison":
        release_from_prison(t, p, cause="the Guardhouse")
    elif o == "release_silver":
        pay(t, p, *GUARD_PRICES[o], cause="freeing workers at the Guardhouse")
        release_from_boards(t, p, cause="the Guardhouse")
    elif o == "release_debt":
        take_debt(t, p, 1, cause="freeing workers at the Guardhouse")
        change_virtue(t, p, -1, cause="freeing workers at the Guardhouse")
        release_from_boards(t, p, cause="the Guardhouse")
    elif o == "pay_debt":
        pay(t, p, *GUARD_PRICES[o], cause="paying off a Debt")
        pay_off_debt(t, p)
    if left > 1:
        open_decision(t, "guardhouse", p, GuardActionsLeft(left - 1, False))


def _allows(s, p) -> bool:
    """Whether `available(s, p)` offers anything (one of its conditions holds)."""
    pl = s.players[p]
    if pl.in_prison or any(pl.captured):
        return True
    for o, q in enumerate(s.players):  # held_by_others, inline
        if q.captured[p] and o != p:
            return True
    return bool(pl.debts_unpaid and can_pay(s, p, 6, 3))


def _blocker(s, p):
    if available(s, p):
        return None
    return reason("no_guard_action", silver=price(s, p, *GUARD_PRICES["pay_debt"])[0])


def _why(s, dec, a):
    if a.kind == "guard":
        if a.option not in GUARD_ACTIONS:
            return None
        silver, tax = GUARD_PRICES.get(a.option, (0, 0))
        return reason("guard_" + a.option, silver=silver, tax=tax)
    if a.kind == "stop" and dec.data.first:
        return reason("guard_first")
    return None


LOCATION = LocationRule(
    "guardhouse", blocker=_blocker, allows=_allows,
    place=lambda t, p: open_decision(t, "guardhouse", p, GuardActionsLeft(own_at(t, "guardhouse", p), True)),
    preview=lambda s, p: preview(then=(("guard_actions", own_at(s, "guardhouse", p) + 1),)))
DECISION = DecisionRule("guardhouse", legal=_legal, resolve=_resolve, why=_why, data=GuardActionsLeft,
                        preview=_guard_preview)


# ---- the solo opponent (RB, Solo Play: it "can capture and sell Workers (1 Marble for all)")

def _opponent_place(t, p):
    """Its worker stands here and it sells every worker it captured: all to
    Prison, 1 Marble for the lot (whatever their number)."""
    if sum(t.players[p].captured):
        imprison_captured(t, p, cause="a Scheme card")
        gain(t, p, {"marble": 1}, cause="selling captured workers")


#: how the Guardhouse plays for the Byzantine opponent: always open to it
OPPONENT = LocationRule("guardhouse", blocker=no_blocker, place=_opponent_place)
