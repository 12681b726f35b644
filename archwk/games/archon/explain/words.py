"""The names of things, as the rulebook writes them (its glossary, §13 of the facts file)."""
from __future__ import annotations

from collections.abc import Mapping

LOCATION_NAMES = {
    "repository": "the Repository", "barracks": "the Barracks", "treasury": "the Treasury",
    "marketplace": "the Marketplace", "guild_hall": "the Guild Hall", "royal_guard": "the Royal Guard",
    "builders_guild": "the Builders' Guild", "academy": "the Academy", "planetarium": "the Planetarium",
    "palace": "the Palace",
}
RESOURCE_NAMES = {"stone": "Stone", "papyrus": "Papyrus", "silver": "Silver", "iron": "Iron"}
CARD_NAMES = {"courtier": "Courtier", "tax_collector": "Tax Collector", "cleric": "Cleric", "scribe": "Scribe",
              "merchant": "Merchant"}
CATEGORY_NAMES = {"arts": "Arts cards", "science": "Science cards", "warriors": "Elite Warriors on the wall"}


def location_name(loc: str, capital: bool = False) -> str:
    name = LOCATION_NAMES.get(loc, loc)
    return name[0].upper() + name[1:] if capital else name


def resource_name(r: str) -> str:
    return RESOURCE_NAMES.get(r, r)


def card_name(c: str, k: int = 1) -> str:
    name = CARD_NAMES.get(c, c)
    return name if k == 1 else name + "s"


def magister_name(m: str) -> str:
    return CARD_NAMES.get(m, m)


def amount(key: str, k: int) -> str:
    if key == "gold":
        return f"{k} Gold"
    if key == "recruits":
        return f"{k} Recruit token{'s' if k != 1 else ''}"
    if key == "vp":
        return f"{k} VP"
    if key == "arts":
        return f"{k} Arts card{'s' if k != 1 else ''}"
    if key == "science":
        return f"{k} Science card{'s' if k != 1 else ''}"
    if key in RESOURCE_NAMES:
        return f"{k} {RESOURCE_NAMES[key]}"
    if key in CARD_NAMES:
        return f"{k} {card_name(key, k)}"
    return f"{k} {key}"


ORDER = ("gold", "recruits", "stone", "papyrus", "silver", "iron", "arts", "science", "vp")


def amounts(d: Mapping[str, int]) -> str:
    """{"gold": 2, "stone": 1} -> "2 Gold and 1 Stone"."""
    parts = [amount(k, d[k]) for k in sorted(d, key=lambda k: ORDER.index(k) if k in ORDER else 99) if d[k]]
    return and_list(parts) or "nothing"


def and_list(parts: list[str]) -> str:
    if not parts:
        return ""
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def cards(pay) -> str:
    """("courtier", "courtier") -> "2 Courtiers"; ("cleric",) -> "a Cleric"."""
    counts: dict[str, int] = {}
    for c in pay:
        counts[c] = counts.get(c, 0) + 1
    parts = []
    for c, k in counts.items():
        parts.append(f"{'an' if CARD_NAMES[c][0] in 'AEIOU' else 'a'} {CARD_NAMES[c]}" if k == 1
                     else f"{k} {card_name(c, k)}")
    return and_list(parts)


def card_counts(row) -> str:
    """Counts per card type (Courtier, Tax Collector, ...) in words."""
    from ..constants import CARD_TYPES
    parts = [f"{k} {card_name(c, k)}" for c, k in zip(CARD_TYPES, row) if k]
    return and_list(parts) or "no cards"


def favor_text(f) -> str:
    """What a King's Favor card gives, in words."""
    if f.gain is not None:
        return f"take {amounts(f.gain)}"
    return f"the action of {location_name(f.action)}"


def who(state, p: int | None) -> str:
    if p is None:
        return "The table"
    return state.players[p].name if state is not None else f"Player {p + 1}"

#: what `archwk simulate`'s summary calls the cards a seat ends with (the seat facts of
#: `archwk.games.archon.definition.seat_facts`): (name, plural, what a seat did with it,
#: the seats that did)
BATCH_CARDS = {"buildings_built": ("Building tile", "Building tiles", "acquired", "that acquired it")}
