"""Architects' words for its pieces on the pages: location names, goods, card and
character texts for hovers and panels, decision headings, and each location's rule as
hover HTML. The rule texts are not written here: they come from the library's rule-text
source (`archwk.games.architects.explain.rules`: each location's rule in the game's
words, with its rulebook section kept apart)."""
from __future__ import annotations

import functools

from archwk.games.architects import cards, explain
from archwk.games.architects.model import LOCATION_NAMES, LOCATIONS

from ..text import wrap_html


def location_name(loc: str) -> str:
    return LOCATION_NAMES.get(loc, loc)


def items(bundle) -> str:
    """{'wood': 2, 'virtue': 1} -> '2 Wood, 1 Virtue'."""
    parts = []
    for k, v in dict(bundle).items():
        if v:
            noun = {"cards": "building card" + ("s" if v != 1 else "")}.get(k, k.capitalize())
            parts.append(f"{v} {noun}")
    return ", ".join(parts) or "nothing"


@functools.cache
def rule_text(loc: str) -> str:
    """The rule of a board location (or of the Prison), as hover HTML: the game's
    words from the library's rule-text source (archwk.games.architects.explain.rules)."""
    return wrap_html(explain.rule_text(loc).lines)


def apprentice_text(card_id: int) -> str:
    a = cards.APPRENTICES[card_id - 1]
    skills = ", ".join(sorted(a.skills)) or "no skill"
    virtue = f"; {a.virtue:+d} Virtue when hired" if a.virtue else ""
    return f"{a.name} ({skills}{virtue}): {a.text}"


def skill_initials(card_id: int) -> str:
    return "".join(s[0].upper() for s in sorted(cards.APPRENTICES[card_id - 1].skills))


def building_text(name: str) -> str:
    try:
        b = cards.building(name)
    except (KeyError, ValueError):
        return name
    cost = items(b.cost)
    skills = f"; needs {', '.join(sorted(b.skills))}" if b.skills else ""
    virtue = f"; {b.virtue:+d} Virtue" if b.virtue else ""
    return f"{b.name}: {b.vp} VP, costs {cost}{skills}{virtue}. {b.text}"


def character_text(name: str | None) -> str:
    if not name:
        return ""
    try:
        from archwk.games.architects.characters import character
        return f"{name}: {character(name).ability}"
    except (ImportError, ValueError, AttributeError):
        return name


KIND_HEADINGS = {
    "place": "Place a worker", "return_worker": "Bring a worker back", "discard_apprentice":
    "Discard an apprentice", "keep": "Keep a building card", "hire": "Hire an apprentice",
    "plans": "Building plans", "capture": "Capture a group", "guard": "Guardhouse action",
    "construct": "Construct a building", "cathedral": "Advance the Cathedral", "discard":
    "Discard a building card", "trade": "Trade", "mine": "Mines", "draw5": "Look at 5 cards",
    "choose": "Choose", "stop": "Finish", "skip": "Finish", "pass": "Finish",
}


def kind_heading(kind: str) -> str:
    return KIND_HEADINGS.get(kind, kind.replace("_", " ").capitalize())


assert set(LOCATIONS) <= set(LOCATION_NAMES)


