"""Archon's words on the pages: the names of things come from the game's explainer
(`archwk.games.archon.explain`); this module adds the example-figure mark, the headings
of the decision panel and short texts for the board's small spaces.

A figure the rulebook does not print (a table of the components file marked
`printed = false`, listed in `table(state).unprinted`) is drawn with `MARK` after it
and `EXAMPLE_NOTE` in its hover, wherever a player sees it (`marked`, `example_note`).
"""
from __future__ import annotations

from archwk.games.archon.explain import tiles as tile_words
from archwk.games.archon.explain.words import (
    CATEGORY_NAMES,
    amounts,
    card_name,
    favor_text,
    location_name,
    magister_name,
    resource_name,
)

#: the visible mark of an example figure
MARK = "*"
#: what the mark means, in every hover of a marked figure
EXAMPLE_NOTE = ("* example figure: the rulebook does not print it; a player with the box can load the "
                "printed values")
#: the sentence each Archon page carries (notebooks/build.py writes it into each page's text; the
#: dashboard and the board in words say it too)
PAGE_NOTE = ("Figures marked * are examples: the rulebook does not print them, and a player with the box "
             "can load the printed values.")

#: which table of the components file each group of figures on the pages comes from
#: (a group is marked when its table is one the rulebook does not print)
SOURCES = {
    "slots": "locations", "favors": "kings_favors", "market": "marketplace", "track": "magister_track",
    "wall": "wall", "season": "season_track", "score": "scoring_track", "tiles": "tiles",
    "grant": "kings_grants", "attacks": "attacks", "provinces": "provinces",
}

#: the decision panel's headings, by action kind
HEADINGS = {
    "start": "Choose your two starting Magisters",
    "split": "Split your 10 cards: this round's hand",
    "place": "Place a Wooden Figure",
    "pass": "Pass",
    "take": "Take a Resource from the Repository",
    "lab": "Take a Resource from the stockpile (Laboratory)",
    "buy": "Buy at the Marketplace",
    "sell": "Sell at the Marketplace",
    "recruit": "Recruit a Magister",
    "replace": "Replace a Courtier",
    "warrior": "Elite Warriors on the city wall",
    "tile": "Acquire a Building tile",
    "more": "A second card",
    "stop": "Or",
    "lose": "Lose a Resource to the raid",
}

#: short texts for the board's spaces
RESOURCE_SHORT = {"stone": "Stone", "papyrus": "Papyrus", "silver": "Silver", "iron": "Iron"}
#: the cubes' colours on the board (§9: Iron black, Stone white; the others: the kit's own)
RESOURCE_COLOURS = {"stone": "#f4f1ea", "papyrus": "#e8d49a", "silver": "#b8c2cc", "iron": "#3d3d3d"}
MAGISTER_COLOURS = {"tax_collector": "#c0392b", "cleric": "#2e6fb7", "scribe": "#3c8d3c", "merchant": "#d4a017"}


def is_example(unprinted, group: str) -> bool:
    """True if the figures of `group` (a key of SOURCES) are examples."""
    return SOURCES[group] in unprinted


def marked(text: str, example: bool) -> str:
    """`text` with the example mark after it when it is an example figure."""
    return f"{text}{MARK}" if example else text


def example_note(example: bool) -> list[str]:
    """The hover line of an example figure (none for a printed one)."""
    return [EXAMPLE_NOTE] if example else []


def where(loc: str, slot: int) -> str:
    """'the Treasury, slot 2' / 'the Palace, King's Favor slot 1'."""
    if loc == "palace":
        return f"the Palace, King's Favor slot {slot + 1}"
    return f"{location_name(loc)}, slot {slot + 1}"


def favor_short(f) -> str:
    """What a King's Favor slot gives, short enough for its space."""
    if f.gain is not None:
        return amounts(f.gain).replace(" and ", ", ")
    return location_name(f.action, capital=True).removeprefix("The ")


def tile_text(tile, cost=None) -> list[str]:
    """A Building tile in words (hover and gallery lines)."""
    lines = [f"{tile.name}: level {tile.level}, {tile.vp} VP on acquiring it",
             f"Cost: {amounts(cost if cost is not None else tile.cost)}",
             f"Ability: {tile_words.ability_text(tile)}"]
    b = tile_words.tile_building(tile)
    if b:
        lines.append(f"Applies to {b}")
    return lines


__all__ = ["CATEGORY_NAMES", "EXAMPLE_NOTE", "HEADINGS", "MARK", "PAGE_NOTE", "SOURCES", "amounts", "card_name",
           "example_note", "favor_short", "favor_text", "is_example", "location_name", "magister_name", "marked",
           "resource_name", "tile_text", "where"]
