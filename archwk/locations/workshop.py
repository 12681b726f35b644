"""Workshop: hire 1 apprentice OR work on building plans (RB, Workshop).

Hire: 4 Silver of which 2 Tax (Rudolf: 1 less non-Tax). With W own workers
there you may hire from columns 1..min(W, 4); a further column costs 1 Silver
laid on each skipped card of that row, left-most first. Plans: draw 1 building
card plus 1 per 2 own workers there."""
from __future__ import annotations

from ..core import P, draw_buildings, frame_rule, hire, own_at, pay, place_rule, price, push, say
from ..model import Action

HIRE_SILVER, HIRE_TAX = 4, 2


def hire_cost(s, p) -> tuple[int, int]:
    silver = HIRE_SILVER - (1 if s.players[p].character == "Rudolf" else 0)
    return silver, HIRE_TAX


def skips(w: int, slot: int) -> int:
    """Silver to lay on skipped cards to reach this slot's column."""
    return max(0, slot % 4 + 1 - min(w, 4))


def _legal(s, f):
    p, w = f[1], f[2][0]
    silver, tax = hire_cost(s, p)
    total = price(s, p, silver, tax)[0]
    have = s.players[p].silver
    out = [Action("hire", target=slot) for slot, card in enumerate(s.display)
           if card and have >= total + skips(w, slot)]
    out.append(Action("plans", hint=("draw", 1 + w // 2)))
    return out


def _resolve(t, f, a):
    p, w = f[1], f[2][0]
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
        P(t, p).silver -= k
        say(t, "skipped", p, count=k)
    silver, tax = hire_cost(t, p)
    pay(t, p, silver, tax, cause="hiring at the Workshop")
    hire(t, p, slot, via="the Workshop")


def _why(s, f, a):
    if a.kind == "hire" and isinstance(a.target, int) and 0 <= a.target < 8:
        if not s.display[a.target]:
            return "Workshop: that display space is empty"
        silver, tax = hire_cost(s, f[1])
        need = price(s, f[1], silver, tax)[0] + skips(f[2][0], a.target)
        return (f"Workshop: hiring there costs {need} Silver (4, of which 2 Tax, plus 1 per "
                f"skipped card) and you have {s.players[f[1]].silver}")
    return None


place_rule("workshop", blocker=lambda s, p: None,
           place=lambda t, p: push(t, "workshop", p, (own_at(t, "workshop", p),)),
           hint=lambda s, p: ("workshop", own_at(s, "workshop", p) + 1))
frame_rule("workshop", legal=_legal, resolve=_resolve, why=_why,
           prompt=lambda s, f: "Workshop: hire an apprentice or work on building plans")
