"""Guardhouse: one action per own worker there, any order, repeats allowed; the
first is chosen on placing, the others are optional (RB, Guardhouse; facts §10).

send_to_prison   : captured workers on your board to Prison, 1 Silver each
release_prison   : all your workers in Prison back to your board
release_silver   : 5 Silver (2 Tax) to free all your workers from other boards
release_debt     : or take 1 Debt and lose 1 Virtue for the same
pay_debt         : 6 Silver (3 Tax) to pay off 1 Debt"""
from __future__ import annotations

from ..actions import Action
from ..behaviour import hooked
from ..core import (can_pay, change_virtue, gain, held_by_others, open_decision, own_at, pay,
                    pay_off_debt, record_event, release_from_boards, release_from_prison, take_debt,
                    writable_player)
from ..decisions import DecisionRule, GuardActionsLeft, LocationRule, no_blocker

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


def send_to_prison(t, p, *, cause: str) -> None:
    n = imprison_captured(t, p, cause=cause)
    gain(t, p, {"silver": n}, cause="sending captured workers to Prison")
    for h in hooked(t, p, "prison_sale_gain"):
        gain(t, p, h.value, cause=h.cause)


def _legal(s, dec):
    p, first = dec.player, dec.data.first
    out = [Action("guard", option=o) for o in available(s, p)]
    if not first:
        out.append(Action("stop"))
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
        pay(t, p, 5, 2, cause="freeing workers at the Guardhouse")
        release_from_boards(t, p, cause="the Guardhouse")
    elif o == "release_debt":
        take_debt(t, p, 1, cause="freeing workers at the Guardhouse")
        change_virtue(t, p, -1, cause="freeing workers at the Guardhouse")
        release_from_boards(t, p, cause="the Guardhouse")
    elif o == "pay_debt":
        pay(t, p, 6, 3, cause="paying off a Debt")
        pay_off_debt(t, p)
    if left > 1:
        open_decision(t, "guardhouse", p, GuardActionsLeft(left - 1, False))


def _blocker(s, p):
    if available(s, p):
        return None
    return ("no Guardhouse action is possible: no captured workers on your board, none of yours in "
            "Prison or on other boards, and no Debt you can pay off (6 Silver)")


def _why(s, dec, a):
    if a.kind == "guard":
        return {
            "send_to_prison": "Guardhouse: you have no captured workers on your board",
            "release_prison": "Guardhouse: none of your workers is in Prison",
            "release_silver": "Guardhouse: freeing your workers needs some on other boards and 5 Silver (2 Tax)",
            "release_debt": "Guardhouse: none of your workers is on another player's board",
            "pay_debt": "Guardhouse: paying off a Debt needs an unpaid Debt and 6 Silver (3 Tax)",
        }.get(a.option)
    if a.kind == "stop" and dec.data.first:
        return "Guardhouse: the first action is chosen when placing; it cannot be skipped"
    return None


LOCATION = LocationRule(
    "guardhouse", blocker=_blocker,
    place=lambda t, p: open_decision(t, "guardhouse", p, GuardActionsLeft(own_at(t, "guardhouse", p), True)),
    hint=lambda s, p: ("actions", own_at(s, "guardhouse", p) + 1))
DECISION = DecisionRule("guardhouse", legal=_legal, resolve=_resolve, why=_why, data=GuardActionsLeft,
                        prompt=lambda s, dec: f"Guardhouse: choose an action ({dec.data.left} left)")


# ---- the solo opponent (RB, Solo Play: it "can capture and sell Workers (1 Marble for all)")

def _opponent_place(t, p):
    """Its worker stands here and it sells every worker it captured: all to
    Prison, 1 Marble for the lot (whatever their number)."""
    if sum(t.players[p].captured):
        imprison_captured(t, p, cause="a Scheme card")
        gain(t, p, {"marble": 1}, cause="selling captured workers")


#: how the Guardhouse plays for the Byzantine opponent: always open to it
OPPONENT = LocationRule("guardhouse", blocker=no_blocker, place=_opponent_place)
