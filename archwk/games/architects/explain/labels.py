"""Action labels: `str(action)`. An action listed by `legal_actions()` words its
figures from the state it was listed at, through the rules' own previews
(`engine.preview`), so a label states exactly what the rule gives and costs; an
action without a state (made by hand, read from JSON) gets the label without figures."""
from __future__ import annotations

from .. import cards, engine
from ..constants import OPEN_INDEX
from ..core import own_at
from ..decisions import Preview
from .words import apprentice, items, loc, place_name, player, plural


def _stated(pv: Preview, virtue_now: int | None = None) -> str:
    """A preview's gains and costs in words: 'pay 1 Silver, lose 1 Virtue; gain 2 Clay'.
    With the chooser's Virtue (`virtue_now`), a loss that goes below 0 says how much of
    it becomes Debts (RB, Virtue Track): 'lose 1 Virtue and take 1 Debt for the 1 below 0'."""
    costs = dict(pv.cost)
    gains = dict(pv.gain)
    lost = {k: -v for k, v in gains.items() if v < 0}  # e.g. an apprentice's Virtue of -1
    gains = {k: v for k, v in gains.items() if v > 0}
    paid = []
    if costs.get("silver"):
        paid.append(f"pay {costs.pop('silver')} Silver"
                    + (f", {pv.tax} of it Tax" if pv.tax else "")
                    + (f", {pv.skipped} on the skipped card{'s' if pv.skipped != 1 else ''}" if pv.skipped else ""))
    virtue = costs.pop("virtue", 0) + lost.pop("virtue", 0)
    if costs:
        paid.append(f"pay {items(costs)}")
    if virtue:
        below = virtue - virtue_now if virtue_now is not None and virtue > virtue_now else 0
        if not below:
            paid.append(f"lose {virtue} Virtue")
        elif below < virtue:
            paid.append(f"lose {virtue - below} Virtue and take {plural(below, 'Debt')} for the {below} below 0")
        else:
            paid.append(f"take {plural(below, 'Debt')} for the {below} Virtue below 0")
    if lost:
        paid.append(f"lose {items(lost)}")
    parts = [", ".join(paid)] if paid else []
    if gains:
        parts.append(f"gain {items(gains)}")
    for then in pv.then:
        parts.append(_then(then))
    return "; ".join(p for p in parts if p)


def _then(then: tuple) -> str:
    what = then[0]
    if what == "or":
        return "gain " + " or ".join(items(p.gain, " and ") for p in then[1])
    if what == "trades":
        return f"up to {plural(then[1], 'trade')}" if then[1] != 1 else "1 trade"
    if what == "captures":
        return f"up to {plural(then[1], 'capture')}" if then[1] != 1 else "1 capture"
    if what == "guard_actions":
        return plural(then[1], "Guardhouse action")
    if what == "workshop":
        cols, draw = then[1], then[2]
        where = "column 1" if cols == 1 else f"columns 1 to {cols}"
        return f"hire from {where} or draw {plural(draw, 'building card')}"
    if what == "hire_or_look":
        return "then hire any face-up apprentice free or look at 5 building cards"
    raise ValueError(f"archwk.games.architects.explain: no words for what follows {then!r}")


def _with(base: str, pv: Preview | None, virtue_now: int | None = None) -> str:
    words = _stated(pv, virtue_now) if pv is not None else ""
    return f"{base} ({words})" if words else base


GUARD_LABELS = {
    "send_to_prison": "Send the captured workers on your board to Prison",
    "release_prison": "Release your workers from Prison",
    "release_silver": "Free your workers from other players' boards",
    "release_debt": "Free your workers from other players' boards for 1 Debt",
    "pay_debt": "Pay off 1 Debt",
}

FIXED = {"stop": "Stop", "skip": "Skip", "pass": "Pass", "release": "Free your workers from other players' boards",
         "destroy_debt": "Destroy an unpaid Debt", "hugo_pay": "Pay Silver instead of taking the Debt",
         "take_debt": "Take the Debt", "draw5": "Look at 5 building cards and keep 1",
         "plans": "Work on building plans"}


def action_label(a) -> str:
    ctx = a._ctx
    if isinstance(ctx, str):
        return ctx
    s = ctx
    pv = engine.preview(s, a) if s is not None else None
    if a.kind == "choose" and pv is not None:
        return f"Gain {items(pv.gain)}"
    now = _virtue_now(s, pv)
    if a.kind == "trade" and a.card is None and pv is not None:
        return _with("Trade", pv, now)
    return _with(_base(s, a), pv, now)


def _virtue_now(s, pv) -> int | None:
    """The chooser's Virtue, when a preview is worded (for a loss below 0)."""
    if pv is not None and s.pending:
        return s.players[s.pending[-1].player].virtue
    return None


def place_label(a) -> str:
    """A placement named by its place alone, for a list headed "Place a worker":
    'Quarry (gain 2 Stone)', 'Black Market's left space (pay 2 Silver)'. Any
    other action: its label (`action_label`)."""
    if a.kind != "place" or isinstance(a._ctx, str):
        return action_label(a)
    s = a._ctx
    pv = engine.preview(s, a) if s is not None else None
    return _with(place_name(a.location) or str(a.location), pv, _virtue_now(s, pv))


def _base(s, a) -> str:
    k = a.kind
    if k == "place":
        return f"Place a worker at {loc(a.location)}"
    if k == "return_worker":
        if a.location == "board":
            return f"Bring a worker back from {player(s, a.target)}'s board"
        return f"Bring a worker back from {loc(a.location)}"
    if k == "mine":
        return f"Take {str(a.option).capitalize()}"
    if k == "trade":
        if a.card is not None:
            ap = cards.APPRENTICES[a.card - 1]
            return f"Trade with the {ap.name}"
        got = "1 Virtue" if len(a.option) == 2 else "1 Marble"
        return f"Trade {' + '.join(str(r).capitalize() for r in a.option)} for {got}"
    if k == "hire":
        if a.target is None:
            return "Hire an apprentice"
        if s is not None and isinstance(a.target, int) and 0 <= a.target < len(s.display) and s.display[a.target]:
            return f"Hire the {apprentice(s.display[a.target])} from position {a.target + 1}"
        return f"Hire the apprentice at position {a.target + 1}"
    if k == "capture":
        return _capture(s, a)
    if k == "guard":
        return GUARD_LABELS.get(a.option, f"Guardhouse action {a.option}")
    if k == "construct":
        return f"Construct the {a.card}" + (f" (pay {items(dict(a.option))})" if a.option else "")
    if k == "cathedral":
        return "Advance the Cathedral" + (f" (pay {items(dict(a.option))})" if a.option else "")
    if k == "discard":
        return f"Discard the {a.card}"
    if k == "discard_apprentice":
        return f"Discard the {apprentice(a.card)}"
    if k == "keep":
        return f"Keep the {a.card}"
    if k == "choose":
        return f"Choose option {a.option + 1 if isinstance(a.option, int) else a.option}"
    if k in FIXED:
        return FIXED[k]
    return k.replace("_", " ").capitalize()


def _capture(s, a) -> str:
    where = loc(a.location)
    if s is None or not isinstance(a.target, int) or not 0 <= a.target < len(s.players):
        return f"Capture {player(None, a.target)}'s workers at {where}"
    n = own_at(s, a.location, a.target) if a.location in OPEN_INDEX else 0
    dec = s.pending[-1] if s.pending else None
    if dec is not None and dec.player == a.target:
        group = "your own worker" if n == 1 else f"your own {n} workers"
        return f"Capture {group} at {where}"
    group = "worker" if n == 1 else f"{n} workers"
    return f"Capture {player(s, a.target)}'s {group} at {where}"
