"""Workshop: hire 1 apprentice OR work on building plans (RB, Workshop).

Hire: 4 Silver of which 2 Tax (Rudolf: 1 less non-Tax). With W own workers
there you may hire from columns 1..min(W, 4); a further column costs 1 Silver
laid on each skipped card of that row, left-most first. Plans: draw 1 building
card plus 1 per 2 own workers there."""
from __future__ import annotations

from ..actions import shared
from ..behaviour import hook_sum
from ..core import APPRENTICES, draw_buildings, hire, open_decision, own_at, pay, price, record_event, writable_player
from ..decisions import DecisionRule, LocationRule, WorkshopChoice, no_blocker, preview, reason

HIRE_SILVER, HIRE_TAX = 4, 2


def hire_cost(s, p) -> tuple[int, int]:
    silver = HIRE_SILVER - hook_sum(s, p, "hire_discount")
    return silver, HIRE_TAX


def plans_draw(w: int) -> int:
    """Building cards drawn by working on plans with w own workers there."""
    return 1 + w // 2


def columns(w: int) -> int:
    """Display columns hired from without laying Silver on skipped cards."""
    return min(w, 4)


def skips(w: int, slot: int) -> int:
    """Silver to lay on skipped cards to reach this slot's column."""
    return max(0, slot % 4 + 1 - columns(w))


def _legal(s, dec):
    p, w = dec.player, dec.data.workers
    silver, tax = hire_cost(s, p)
    total = price(s, p, silver, tax)[0]
    have = s.players[p].silver
    out = [shared("hire", target=slot) for slot, card in enumerate(s.display)
           if card and have >= total + skips(w, slot)]
    out.append(shared("plans"))
    return out


def _resolve(t, dec, a):
    p, w = dec.player, dec.data.workers
    if a.kind == "plans":
        draw_buildings(t, p, plans_draw(w), cause="building plans at the Workshop")
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


def _preview(s, dec, a):
    p, w = dec.player, dec.data.workers
    if a.kind == "plans":
        return preview(gain={"cards": plans_draw(w)})
    if a.kind == "hire":
        silver, tax = price(s, p, *hire_cost(s, p))
        laid = skips(w, a.target)
        return preview(gain=hired_gains(s, a.target), cost={"silver": silver + laid}, tax=tax, skipped=laid)
    return None


def hired_gains(s, slot: int) -> dict:
    """What hiring the apprentice at a display slot gives beside the apprentice:
    the Silver lying on it and its Virtue (as `core.hire` applies them)."""
    return {"silver": s.display_silver[slot], "virtue": APPRENTICES[s.display[slot] - 1].virtue}


def _why(s, dec, a):
    if a.kind == "hire" and isinstance(a.target, int) and 0 <= a.target < 8:
        if not s.display[a.target]:
            return reason("display_space_empty")
        silver, tax = price(s, dec.player, *hire_cost(s, dec.player))
        return reason("hire_costs", silver=silver, tax=tax, skipped=skips(dec.data.workers, a.target),
                      have=s.players[dec.player].silver)
    return None


LOCATION = LocationRule("workshop", blocker=no_blocker,
                        place=lambda t, p: open_decision(t, "workshop", p, WorkshopChoice(own_at(t, "workshop", p))),
                        preview=lambda s, p: preview(then=(("workshop", columns(own_at(s, "workshop", p) + 1),
                                                                    plans_draw(own_at(s, "workshop", p) + 1)),)))
DECISION = DecisionRule("workshop", legal=_legal, resolve=_resolve, why=_why, data=WorkshopChoice,
                        preview=_preview)
