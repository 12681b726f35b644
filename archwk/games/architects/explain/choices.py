"""Choice notes: what a decision's button says beside the action's own label
(`str(action)`, worded by `labels`), and what its hover adds, from typed figures
only: a building card's printed VP, cost, skills and Virtue (the card data), an
apprentice's skills, a space of the Workshop's display (a slot of the read API,
`archwk.games.architects.table`: position, row, column, apprentice, Silver on
it, hire cost and the part of it laid on skipped cards), the action's `Preview`
(what its label already states), and the change in the chooser's projected final
score. Nothing here reads words back: a note is left out by the figures, never
by what a label happens to say.
"""
from __future__ import annotations

from .. import cards
from ..decisions import Preview
from .words import items


def skills(names) -> str:
    """'Carpentry, Tiling' (alphabetical), 'no skill' for none."""
    return ", ".join(s.capitalize() for s in sorted(names)) or "no skill"


def _building(name):
    try:
        return cards.building(name)
    except (KeyError, ValueError):
        return None


def building_notes(card, *, payment=None) -> list[str]:
    """A building card's printed figures for a button: its VP, its cost (when
    constructing with a `payment` other than the printed cost, the printed one as
    'card cost'; with the printed payment, none: the label states what is paid), the
    skills it needs and the Virtue it gives; [] for a card not in the card data."""
    b = _building(card) if isinstance(card, str) else None
    if b is None:
        return []
    notes = [f"{b.vp} VP"]
    if not payment:
        notes.append("costs " + items(b.cost))
    elif dict(payment) != dict(b.cost):
        notes.append("card cost " + items(b.cost))
    if b.skills:
        notes.append("needs " + skills(b.skills))
    if b.virtue:
        notes.append(f"{b.virtue:+d} Virtue")
    return notes


def apprentice_notes(card: int) -> list[str]:
    """An apprentice card's skills for a button."""
    return [skills(cards.APPRENTICES[card - 1].skills)]


def _states_silver(pv: Preview | None) -> bool:
    """The label (worded from this preview) already states a Silver figure."""
    return pv is not None and bool(dict(pv.cost).get("silver") or dict(pv.gain).get("silver"))


def _price(slot) -> str:
    """'pay 6 Silver (2 on the skipped cards)': hiring from a display space at the Workshop."""
    price = f"pay {slot.hire_cost} Silver"
    if slot.skipped:
        price += f" ({slot.skipped} on the skipped card{'s' if slot.skipped != 1 else ''})"
    return price


def display_notes(slot, *, at_workshop: bool, preview: Preview | None = None) -> list[str]:
    """A hire from a display space, for its button: the apprentice's skills; at
    the Workshop the Silver it takes, unless the label (`preview`) states Silver
    already; and the Silver lying on the card."""
    notes = [skills(slot.skills)]
    if at_workshop and slot.hire_cost is not None and not _states_silver(preview):
        notes.append(_price(slot))
    if slot.silver:
        notes.append(f"take the {slot.silver} Silver on it")
    return notes


def projected(vp: int) -> str:
    """The change in the chooser's projected final score: '+3 VP projected'."""
    return f"{vp:+d} VP projected"


def with_notes(label: str, notes) -> str:
    """A button's words: the label, then its notes ('Keep the Steeple · 4 VP · costs 2 Wood')."""
    return label + (" · " + " · ".join(notes) if notes else "")


def display_hover(slot, card_text: str, *, at_workshop: bool) -> str:
    """A display space's hover: where it is, the apprentice's card (`card_text`,
    its words from the card data), what hiring it here costs and the Silver on it."""
    tip = f"Position {slot.position} (row {slot.row}, column {slot.column}). {card_text}"
    if at_workshop and slot.hire_cost is not None:
        tip += f" Hiring it here costs {slot.hire_cost} Silver"
        if slot.skipped:
            tip += f", {slot.skipped} of it laid on the skipped cards to its left"
        tip += "."
    if slot.silver:
        tip += f" Whoever hires it takes the {slot.silver} Silver on it."
    return tip


def display_face_note(slot) -> str:
    """What an apprentice's card face shows under it among the choices: 'position 3 · 2 Silver on it'."""
    note = f"position {slot.position}"
    if slot.silver:
        note += f" · {slot.silver} Silver on it"
    return note


__all__ = ["apprentice_notes", "building_notes", "display_face_note", "display_hover", "display_notes",
           "projected", "skills", "with_notes"]
