"""Workshop: hire 1 apprentice OR work on building plans (RB, Workshop).

Hire: 4 Silver of which 2 Tax (Rudolf: 1 less non-Tax). With W own workers
there you may hire from columns 1..min(W, 4); a further column costs 1 Silver
laid on each skipped card of that row, left-most first. Plans: draw 1 building
card plus 1 per 2 own workers there."""
from __future__ import annotations

from ..actions import Action
from ..behaviour import hook_sum
from ..core import draw_buildings, hire, open_decision, own_at, pay, price, record_event, writable_player
from ..decisions import DecisionRule, LocationRule, WorkshopChoice, no_blocker

HIRE_SILVER, HIRE_TAX = 4, 2


def hire_cost(s, p) -> tuple[int, int]:
    silver = HIRE_SILVER - hook_sum(s, p, "hire_discount")
    return silver, HIRE_TAX


def skips(w: int, slot: int) -> int:
    """Silver to lay on skipped cards to reach this slot's column."""
    return max(0, slot % 4 + 1 - min(w, 4))


def _legal(s, dec):
    p, w = dec.player, dec.data.workers
    silver, tax = hire_cost(s, p)
    total = price(s, p, silver, tax)[0]
    have = s.players[p].silver
    out = [Action("hire", target=slot) for slot, card in enumerate(s.display)
           if card and have >= total + skips(w, slot)]
    out.append(Action("plans", hint=("draw", 1 + w // 2)))
    return out


def _resolve(t, dec, a):
    p, w = dec.player, dec.data.workers
    if a.kind == "plans":
        draw_buildings(t, p, 1 + w // 2, cause="building plans at the Workshop")
        return
    slot = a.target
    k = skips(w, slot)
    if k:
        row = slot // 4 * 4
        silv = list(t.display_silver)
        for c in range(k):
            silv[row + c] += 1
        t.display_silver = tuple(silv)
        writable_player(t, p).silver -= k
        record_event(t, "skipped", p, count=k)
    silver, tax = hire_cost(t, p)
    pay(t, p, silver, tax, cause="hiring at the Workshop")
    hire(t, p, slot, via="the Workshop")


def _why(s, dec, a):
    if a.kind == "hire" and isinstance(a.target, int) and 0 <= a.target < 8:
        if not s.display[a.target]:
            return "Workshop: that display space is empty"
        silver, tax = hire_cost(s, dec.player)
        need = price(s, dec.player, silver, tax)[0] + skips(dec.data.workers, a.target)
        return (f"Workshop: hiring there costs {need} Silver (4, of which 2 Tax, plus 1 per "
                f"skipped card) and you have {s.players[dec.player].silver}")
    return None


LOCATION = LocationRule("workshop", blocker=no_blocker,
                        place=lambda t, p: open_decision(t, "workshop", p, WorkshopChoice(own_at(t, "workshop", p))),
                        hint=lambda s, p: ("workshop", own_at(s, "workshop", p) + 1))
DECISION = DecisionRule("workshop", legal=_legal, resolve=_resolve, why=_why, data=WorkshopChoice,
                        prompt=lambda s, dec: "Workshop: hire an apprentice or work on building plans")
