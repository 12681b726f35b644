"""Prompts: the current decision in words ("Ann: choose where to place a worker"),
from the decision's typed data and the rules' own figures."""
from __future__ import annotations

from .. import setup
from ..characters import HUGO_SILVER
from ..constants import HAND_LIMIT
from ..core import BUILDING, apprentice_limit
from ..locations import mines
from .words import items, plural


def _draft(s, dec) -> str:
    if len(setup.turn_order(s)) == 1:
        more = setup.KEEP - len(s.players[dec.player].hand)
        return f"keep {more} more of these building cards; the rest go under the pile"
    if len(s.draft[dec.player]) == 2:
        return "keep 1 of these 2 building cards; the other goes under the pile"
    return "keep 1 of these building cards and pass the rest"


def _mines(s, dec) -> str:
    w = dec.data.workers
    clay, gold = (items(mines.mines_yield(s, dec.player, c, w), " and ") for c in ("clay", "gold"))
    return f"the Mines: take {clay}, or {gold}"


PROMPTS = {
    "place": lambda s, dec: "choose where to place a worker",
    "mines": _mines,
    "town_centre": lambda s, dec: f"Town Centre: capture a group or stop ({plural(dec.data.left, 'capture')} left)",
    "storehouse": lambda s, dec: f"King's Storehouse: make a trade or stop ({plural(dec.data.left, 'trade')} left)",
    "guardhouse": lambda s, dec: f"Guardhouse: choose an action ({plural(dec.data.left, 'action')} left)",
    "free_capture": lambda s, dec: (f"{dec.data.building}: make a free capture "
                                    f"({plural(dec.data.left, 'capture')} left)"),
    "hand_limit": lambda s, dec: (f"hand limit {HAND_LIMIT}: discard a building card "
                                  f"({plural(len(s.players[dec.player].hand) - HAND_LIMIT, 'card')} to go)"),
    "apprentice_limit": lambda s, dec: (f"apprentice limit {apprentice_limit(s, dec.player)}: "
                                        "discard one of your other apprentices"),
    "draft": _draft,
    "apprentice_draft": lambda s, dec: "Age of Artisans: choose a starting apprentice from the display, free",
    "return_worker": lambda s, dec: "you have no workers on your board: bring one back from the main board",
    "workshop": lambda s, dec: "Workshop: hire an apprentice or work on building plans",
    "guildhall": lambda s, dec: "Guildhall: construct a building or advance work on the Cathedral",
    "cathedral_discard": lambda s, dec: "Cathedral: discard 1 building card to the bottom of the pile",
    "clovis_draw": lambda s, dec: "Clovis draws a building card",
    "crane": lambda s, dec: "Crane: put another worker in the Guildhall and construct again",
    "black_market_b": lambda s, dec: ("Black Market: hire any face-up apprentice free, "
                                      "or look at 5 building cards and keep 1"),
    "keep_one": lambda s, dec: "keep 1 of these building cards; the rest go to the bottom of the deck",
    "building_choice": lambda s, dec: f"{dec.data.building}: choose what to gain",
    "tavern": lambda s, dec: "Tavern: hire any face-up apprentice for free",
    "barracks": lambda s, dec: "Barracks: make a free capture, or free your workers from other boards",
    "church": lambda s, dec: "Church: destroy 1 of your unpaid Debts",
    "library": lambda s, dec: (f"Library: discard 1 building card to gain "
                               f"{BUILDING[dec.data.building].params['gold']} Gold"),
    "graveyard": lambda s, dec: "Graveyard: discard 1 of your apprentices",
    "hugo": lambda s, dec: f"Hugo: pay {HUGO_SILVER} Silver instead of taking a Debt ({dec.data.cause})?",
}


def prompt(s, dec) -> str:
    """The decision `dec` in words, without the player's name."""
    f = PROMPTS.get(dec.kind)
    if f is None:
        raise ValueError(f"archwk.games.architects.explain: no prompt for the decision {dec.kind!r}")
    return f(s, dec)
