"""Guardhouse: one action per own worker there, any order, repeats allowed; the
first is chosen on placing, the others are optional (RB, Guardhouse; facts §10).

send_to_prison   : captured workers on your board to Prison, 1 Silver each
release_prison   : all your workers in Prison back to your board
release_silver   : 5 Silver (2 Tax) to free all your workers from other boards
release_debt     : or take 1 Debt and lose 1 Virtue for the same
pay_debt         : 6 Silver (3 Tax) to pay off 1 Debt"""
from __future__ import annotations

from ..core import (P, PlaceRule, abilities, can_pay, change_virtue, frame_rule, gain, held_by_others,
                    own_at, pay, pay_off_debt, place_rule, push, release_from_boards, release_from_prison,
                    say, take_debt)
from ..model import Action

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
    pl = P(t, p)
    n = sum(pl.captured)
    for o, c in enumerate(pl.captured):
        if c:
            P(t, o).in_prison += c
    pl.captured = (0,) * len(t.players)
    say(t, "sent_to_prison", p, count=n, cause=cause)
    return n


def send_to_prison(t, p, *, cause: str) -> None:
    n = imprison_captured(t, p, cause=cause)
    gain(t, p, {"silver": n}, cause="sending captured workers to Prison")
    if t.players[p].character == "Bertha":
        gain(t, p, {"silver": 2}, cause="Bertha's ability")
    for a in abilities(t, p, "enforcer"):
        gain(t, p, a.params, cause=a.name)


def _legal(s, f):
    p, (left, first) = f[1], f[2]
    out = [Action("guard", option=o) for o in available(s, p)]
    if not first:
        out.append(Action("stop"))
    return out


def _resolve(t, f, a):
    p, (left, first) = f[1], f[2]
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
        push(t, "guardhouse", p, (left - 1, False))


def _blocker(s, p):
    if available(s, p):
        return None
    return ("no Guardhouse action is possible: no captured workers on your board, none of yours in "
            "Prison or on other boards, and no Debt you can pay off (6 Silver)")


def _why(s, f, a):
    if a.kind == "guard":
        return {
            "send_to_prison": "Guardhouse: you have no captured workers on your board",
            "release_prison": "Guardhouse: none of your workers is in Prison",
            "release_silver": "Guardhouse: freeing your workers needs some on other boards and 5 Silver (2 Tax)",
            "release_debt": "Guardhouse: none of your workers is on another player's board",
            "pay_debt": "Guardhouse: paying off a Debt needs an unpaid Debt and 6 Silver (3 Tax)",
        }.get(a.option)
    if a.kind == "stop" and f[2][1]:
        return "Guardhouse: the first action is chosen when placing; it cannot be skipped"
    return None


place_rule("guardhouse", blocker=_blocker,
           place=lambda t, p: push(t, "guardhouse", p, (own_at(t, "guardhouse", p), True)),
           hint=lambda s, p: ("actions", own_at(s, "guardhouse", p) + 1))
frame_rule("guardhouse", legal=_legal, resolve=_resolve, why=_why,
           prompt=lambda s, f: f"Guardhouse: choose an action ({f[2][0]} left)")


# ---- the solo opponent (RB, Solo Play: it "can capture and sell Workers (1 Marble for all)")

def _opponent_place(t, p):
    """Its worker stands here and it sells every worker it captured: all to
    Prison, 1 Marble for the lot (whatever their number)."""
    if sum(t.players[p].captured):
        imprison_captured(t, p, cause="a Scheme card")
        gain(t, p, {"marble": 1}, cause="selling captured workers")


#: how the Guardhouse plays for the Byzantine opponent: always open to it
OPPONENT = PlaceRule(blocker=lambda s, p: None, place=_opponent_place)
