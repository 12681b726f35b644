"""Reasons: why a location or an action is not open now, in words. The rules give
a `decisions.Reason` (a code and its figures); the rules whose reasons are not
typed yet give their own sentence, passed through unchanged."""
from __future__ import annotations

from ..decisions import Reason
from .words import player, plural


def _why(s, r) -> str:
    return reason(s, r)


REASONS = {
    # placing a worker
    "space_taken": lambda s, r: f"this space is taken by {player(s, r.get('by'))} until the next Black Market reset",
    "black_market_closed": lambda s, r: "Virtue 10 or more: the Black Market is closed to you",
    "leftmost_space": lambda s, r: "the Byzantine opponent takes the left-most free Black Market space",
    "costs": lambda s, r: f"it costs {r.get('silver')} Silver and you have {r.get('have')}",
    "tax_stand_empty": lambda s, r: "the Tax Stand is empty: there is no Tax to steal",
    "no_guard_action": lambda s, r: ("no Guardhouse action is possible: no captured workers on your board, "
                                     "none of yours in Prison or on other boards, and no Debt you can pay off "
                                     f"({r.get('silver')} Silver)"),
    "cannot_construct": lambda s, r: ("you cannot construct anything: no building in hand whose cost and skills "
                                      f"you meet, and for the Cathedral: {_why(s, r.get('cathedral'))}"),
    # the Cathedral
    "cathedral_complete": lambda s, r: "your work on the Cathedral is complete",
    "cathedral_virtue": lambda s, r: "Virtue 4 or less: you cannot work on the Cathedral",
    "cathedral_full": lambda s, r: f"no free space on Cathedral level {r.get('level')}",
    "cathedral_discard": lambda s, r: "advancing the Cathedral needs a building card to discard",
    "cathedral_cost": lambda s, r: "you cannot pay for the next Cathedral level",
    "cathedral_cost_action": lambda s, r: "you cannot pay that cost",
    "cathedral_action": lambda s, r: f"Advancing work on the Cathedral: {_why(s, r.get('why'))}",
    # constructing
    "not_in_hand": lambda s, r: f"Constructing a Building: {r.get('card')!r} is not in your hand",
    "needs_skills": lambda s, r: (f"Constructing a Building: the {r.get('card')} needs apprentices with "
                                  f"{', '.join(r.get('skills'))}"),
    "cannot_pay_building": lambda s, r: f"Constructing a Building: you cannot pay that for the {r.get('card')}",
    # the Workshop
    "display_space_empty": lambda s, r: "Workshop: there is no apprentice at that position of the display",
    "hire_costs": lambda s, r: (f"Workshop: hiring there costs {r.get('silver') + r.get('skipped')} Silver "
                                f"({r.get('tax')} of it Tax"
                                + (f", {r.get('skipped')} laid on skipped cards" if r.get('skipped') else "")
                                + f") and you have {r.get('have')}"),
    # the Town Centre
    "capture_where": lambda s, r: ("Town Centre: only groups on the large open locations can be captured, "
                                   "never in the Guildhall, Black Market, Prison or on a player's board"),
    "capture_locations": lambda s, r: (f"Town Centre: with {r.get('players')} players captures may come from "
                                       f"at most {plural(r.get('limit'), 'location')} in one action"),
    "capture_costs": lambda s, r: "Town Centre: each capture costs 1 Silver (the first is Tax) and you have none",
    # the Guardhouse
    "guard_send_to_prison": lambda s, r: "Guardhouse: you have no captured workers on your board",
    "guard_release_prison": lambda s, r: "Guardhouse: none of your workers is in Prison",
    "guard_release_silver": lambda s, r: (f"Guardhouse: freeing your workers needs some on other boards and "
                                          f"{r.get('silver')} Silver ({r.get('tax')} Tax)"),
    "guard_release_debt": lambda s, r: "Guardhouse: none of your workers is on another player's board",
    "guard_pay_debt": lambda s, r: (f"Guardhouse: paying off a Debt needs an unpaid Debt and {r.get('silver')} "
                                    f"Silver ({r.get('tax')} Tax)"),
    "guard_first": lambda s, r: "Guardhouse: the first action is chosen when placing; it cannot be skipped",
}


def reason(s, r) -> str:
    """A reason in words (`s`: the state it was found in, for names)."""
    if isinstance(r, Reason):
        f = REASONS.get(r.code)
        if f is None:
            raise ValueError(f"archwk.games.architects.explain: no words for the reason {r.code!r}")
        return f(s, r)
    return str(r)
