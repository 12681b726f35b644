"""Action labels: a short sentence per choice, with its cost and gain, worded from
the position the action was listed at (the figures come from `rules.preview`, the
same rules that apply it)."""
from __future__ import annotations

from ..constants import MAGISTERS
from .words import amounts, and_list, card_counts, cards, favor_text, location_name, magister_name, resource_name

THEN = {
    "market": "then trade (up to 2 purchases and 1 sale)",
    "recruit": "then recruit a Magister",
    "replace": "then replace a Courtier",
    "guard": "then put Elite Warriors on the city wall",
    "tile": "then acquire a Building tile",
    "more": "then you may buy a second card",
}


#: the mark after a figure the rulebook does not print (an example value of the components
#: file: a table marked `printed = false`), in labels as on the board
MARK = "*"


def _mark(state, group: str) -> str:
    """MARK when the components table `group` holds example figures (else nothing)."""
    return MARK if state is not None and group in state.components.unprinted else ""


def _recruit_mark(state, magister: str) -> str:
    """The mark for the cost of a player's next `magister` on the Magister Track: example
    figures, except a player's second Cleric (§4.2.5 prints it: 1 Gold and 1 Recruit)."""
    if state is None or state.current_player is None:
        return _mark(state, "magister_track")
    space = state._t.seats[state.current_player].track[MAGISTERS.index(magister)]
    return "" if (magister, space) == ("cleric", 1) else _mark(state, "magister_track")


def _preview(state, a):
    if state is None or not state.is_legal(a):
        return None
    return state.preview(a)


def _where(state, loc: str, slot: int) -> str:
    if loc == "palace":
        text = f"the Palace, King's Favor slot {slot + 1}"
        if state is not None:
            fid = state._t.favor[slot] if slot < len(state._t.favor) else None
            if fid is not None:
                text += f" ({favor_text(state.components.favor(fid))})"
        return text
    return f"{location_name(loc)}, slot {slot + 1}"


def _gain_text(pv, mark: str = "") -> list[str]:
    """What an action costs and gives, each with `mark` after it (example figures)."""
    out = []
    if pv["paid"]:
        out.append(f"pay {amounts(pv['paid'])}{mark}")
    if pv["gained"]:
        out.append(f"gain {amounts(pv['gained'])}{mark}")
    return out


def _place(a, state) -> str:
    pv = _preview(state, a)
    text = f"Place a figure at {_where(state, a.location, a.slot)}: play {cards(a.pay)}"
    if pv is None:
        return text
    parts = []
    if pv["stacked"]:
        parts.append("joining the figure there (Cleric)")
    if pv["toll"]:
        names = and_list([f"{g} Gold to {state.players[o].name}" for o, g in sorted(pv["toll"].items())])
        parts.append(f"toll: {names}")
    if pv["token"]:
        parts.append("leave a Tax Collector token")
    paid = {k: v for k, v in pv["paid"].items()}
    toll_gold = sum(pv["toll"].values())
    if toll_gold and paid.get("gold"):
        paid["gold"] -= toll_gold
        if paid["gold"] <= 0:
            del paid["gold"]
    if paid:
        parts.append(f"pay {amounts(paid)}")
    if pv["gained"]:
        parts.append(f"gain {amounts(pv['gained'])}")
    if "lab" in pv["then"]:
        parts.append("take a cube from the stockpile first (Laboratory)")
    for kind, data in zip(pv["then"], pv["then_data"]):
        if kind == "take":
            k = data.get("left", 1)
            parts.append(f"then take {k} cube{'s' if k != 1 else ''} from the Repository")
        elif kind in THEN and kind != "lab":
            parts.append(THEN[kind])
    if pv["scribe"]:
        parts.append("then one more action (Scribe)")
    return text + ("; " + "; ".join(parts) if parts else "")


def label(a, state=None) -> str:
    k = a.kind
    if k == "place":
        return _place(a, state)
    if k == "pass":
        if state is not None and state.current_player is not None:
            n = state.players[state.current_player].hand_size
            return f"Pass (keeping {n} card{'s' if n != 1 else ''} unused)"
        return "Pass"
    if k == "start":
        m1, m2 = a.magisters
        text = f"Start with a {magister_name(m1)} and a {magister_name(m2)}"
        pv = _preview(state, a)
        bits = _gain_text(pv, _mark(state, "magister_track")) if pv else []  # the first squares: §11.5
        return text + (f" ({'; '.join(bits)})" if bits else "")
    if k == "split":
        if any(x < 0 for x in a.hand):
            return "Split the cards into two piles (hidden)"
        text = f"Keep {card_counts(a.hand)} for this round"
        if state is not None and state.current_player is not None:
            pool = [state.players[state.current_player].courtiers] + \
                [state.players[state.current_player].magisters[m] for m in MAGISTERS]
            rest = [x - y for x, y in zip(pool, a.hand)]
            text += f", {card_counts(rest)} for the next"
        return text
    if k == "take":
        return f"Take 1 {resource_name(a.resource)} from the Repository"
    if k == "lab":
        return f"Take 1 {resource_name(a.resource)} from the stockpile (Laboratory)"
    if k in ("buy", "sell"):
        pv = _preview(state, a)
        if state is not None:
            ms = state.components.marketplace[a.slot]
            res = resource_name(ms.resource)
            if pv is not None:
                g = pv["paid"].get("gold", 0) if k == "buy" else pv["gained"].get("gold", 0)
            else:
                g = ms.price
            return f"{'Buy' if k == 'buy' else 'Sell'} 1 {res} for {g} Gold{_mark(state, 'marketplace')}"
        return f"{'Buy' if k == 'buy' else 'Sell'} the cube of Marketplace slot {a.slot + 1}"
    if k == "recruit":
        text = f"Recruit a {magister_name(a.magister)}"
        pv = _preview(state, a)
        if pv is not None:
            bits = _gain_text(pv, _recruit_mark(state, a.magister))
            if a.skip:
                bits.append(f"the Inn spares 1 {resource_name(a.skip)}")
            text += f" ({'; '.join(bits)})" if bits else ""
        return text
    if k == "replace":
        where = {"hand": "your hand (you can play it this round)", "played": "the cards you played this round",
                 "next": "your other pile (next round's hand)", "spent": "the cards set aside after last round",
                 "pile": "a face-down pile"}[a.zone]
        m = ""
        if state is not None and state._t.pending and state._t.pending[-1].kind == "replace":
            m = magister_name(state._t.pending[-1].get("magister")) + " "
        return f"The new {m}replaces a Courtier from {where}"
    if k == "warrior":
        where = "a Main Gate slot" if a.gate else "the city wall"
        pv = _preview(state, a)
        text = f"Put an Elite Warrior on {where}"
        return text + (f" ({'; '.join(_gain_text(pv))})" if pv and _gain_text(pv) else "")
    if k == "tile":
        pv = _preview(state, a)
        text = f"Acquire the {a.name} tile"
        bits = _gain_text(pv, _mark(state, "tiles")) if pv else []
        return text + (f" ({'; '.join(bits)})" if bits else "")
    if k == "more":
        pv = _preview(state, a)
        what = "card"
        if state is not None and state._t.pending:
            what = "Arts card" if state._t.pending[-1].get("what") == "arts" else "Science card"
        text = f"Buy a second {what}"
        return text + (f" for {amounts(pv['paid'])}" if pv and pv["paid"] else "")
    if k == "stop":
        kind = state._t.pending[-1].kind if state is not None and state._t.pending else None
        return {"market": "Finish trading", "guard": "Put no more Elite Warriors on the wall",
                "more": "Buy no second card", "scribe": "Take no extra action"}.get(kind or "", "Stop")
    if k == "lose":
        return f"Lose 1 {resource_name(a.resource)} to the raid"
    return k

