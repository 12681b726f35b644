"""Why an action is refused, in words, naming the rule by the rulebook's heading
("Tax Collector: ...", "Setup: ...") as Architects' reasons do, never by a section
number (`reason(state, code, figures, action)`), and `blockers(state)`: for each
location the current player cannot place at now, why."""
from __future__ import annotations

from ..constants import LOCATIONS
from .words import amounts, card_name, location_name, magister_name

_NEVER = "Actions: a Wooden Figure is never placed without carrying out its action"


def reason(state, code: str, d: dict, action=None) -> str:
    loc = location_name(d["location"]) if "location" in d else ""
    Loc = loc[:1].upper() + loc[1:]
    parts = state.components.actions if state is not None else None
    if code == "over":
        return "the game is over: no more actions"
    if code == "view":
        return "a view of the game can be shown but not played on"
    if code == "not_action":
        return f"not an action of this game (got {d['got']})"
    if code == "wrong_decision":
        return f"not a choice of this decision: {state.prompt}"
    if code == "no_slot":
        return f"{Loc} has no slot {d['slot'] + 1}"
    if code == "covered":
        return (f"Setup: slot {d['slot'] + 1} of {loc} is covered with this many players; "
                "covered slots cannot be used")
    if code == "no_favor":
        return f"Palace: Favor slot {d['slot'] + 1} holds no King's Favor card this round"
    if code == "no_figure":
        return "Gameplay: you have no Wooden Figure left to place"
    if code == "pay_count":
        if d["need"] == 1:
            return f"Gameplay: this slot of {loc} takes one card"
        return f"Gameplay: this slot of {loc} needs 2 cards: 2 cards, or a single Magister"
    if code == "no_card":
        return f"you hold no {card_name(d['card'])} in your hand"
    if code == "occupied":
        return f"Actions: that slot of {loc} is taken; only a Cleric lets a figure join another"
    if code == "toll":
        return f"Tax Collector: you would owe {d['gold']} Gold in tolls at {loc} and cannot pay it"
    if code == "repository_empty":
        return f"{_NEVER}: the Repository is empty"
    if code == "barracks_empty":
        return f"{_NEVER}: the Barracks has no Recruit token left"
    if code == "treasury_empty":
        return f"{_NEVER}: the Treasury has no Gold left"
    if code == "favor_empty":
        return f"{_NEVER}: the King's Favor gives nothing (its supply is empty)"
    if code == "no_trade":
        return (f"{_NEVER}: you can neither buy at {loc} (not enough Gold) nor sell "
                "(no cube for an empty slot of its kind)")
    if code == "no_recruit":
        return (f"{_NEVER}: you can recruit no Magister (you cannot pay the next space of any track, "
                "the track or pile is at its end, or you have no Courtier left to replace)")
    if code == "no_warrior":
        return f"{_NEVER}: all your Elite Warriors are on the wall"
    if code == "wall_full":
        return f"{_NEVER}: the city wall has no open slot"
    if code == "warrior_cost":
        cost = amounts(parts["warrior_cost"]) if parts else "1 Recruit token and 1 Silver"
        return f"{_NEVER}: an Elite Warrior costs {cost}"
    if code == "no_tile":
        return f"{_NEVER}: you can afford no Building tile you do not already hold"
    if code in ("arts_gone", "science_gone"):
        what = "Arts" if code == "arts_gone" else "Science"
        return f"{_NEVER}: no {what} card is left"
    if code in ("arts_cost", "science_cost"):
        what = "an Arts card" if code == "arts_cost" else "a Science card"
        cost = amounts(parts[code]) if parts else ""
        return f"{_NEVER}: {what} costs {cost}"
    if code == "split_size":
        return f"Gameplay: each pile holds {d['size']} cards"
    if code == "split_cards":
        return "Gameplay: a pile can only hold cards you have"
    if code == "recruit":
        return f"Guild Hall: you cannot recruit a {magister_name(d['magister'])} now"
    if code == "tile_twice":
        return f"Builders' Guild: a player never acquires the same Building tile twice ({d['name']})"
    if code == "tile_gone":
        return f"Builders' Guild: no {d['name']} tile is left"
    if code == "tile_cost":
        return f"Builders' Guild: you cannot pay for the {d['name']} tile"
    if code == "stop_early":
        if d["decision"] == "market":
            return f"{_NEVER}: make at least one purchase or sale before finishing"
        return f"{_NEVER}: put at least one Elite Warrior on the wall"
    if state is not None and state.current_player is not None:
        return f"not one of the choices here ({state.prompt})"
    return "not one of the choices here"


def blockers(state) -> dict[str, str]:
    """For each location the current player cannot place at now, why (in words)."""
    from .. import rules
    from ..actions import Action
    t = state._t
    if t.is_view or not t.pending or t.pending[-1].kind not in ("turn", "scribe"):
        return {}
    p = t.pending[-1].player
    can = {a.location for a in state.legal_actions() if a.kind == "place"}
    hand = t.seats[p].zones[0]
    out = {}
    for li, loc in enumerate(LOCATIONS):
        if loc in can:
            continue
        why = None
        for slot in range(len(t.occ[li])):
            need = rules.slot_cards(t, li, slot)
            if need is None:
                continue
            pays = rules.payments(hand, need)
            pay = pays[0] if pays else ("courtier",) * need
            code, data = rules.why_illegal(t, Action._raw("place", (loc, slot, pay)))
            why = reason(state, code, data)
            break
        if why is None:
            why = f"every slot of {location_name(loc)} is covered or empty this round"
        out[loc] = why
    return out


__all__ = ["blockers", "reason"]
