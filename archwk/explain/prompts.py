"""Prompts: the current decision in words ("Ann: choose where to place a worker"),
from the decision's typed data and the rules' own figures."""
from __future__ import annotations

from .. import engine
from ..constants import HAND_LIMIT
from ..core import apprentice_limit
from ..locations import mines
from .words import items, plural


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
}


def prompt(s, dec) -> str:
    """The decision `dec` in words, without the player's name."""
    f = PROMPTS.get(dec.kind)
    if f is not None:
        return f(s, dec)
    rule_prompt = engine.DECISION_RULES[dec.kind].prompt
    if rule_prompt is None:
        raise ValueError(f"archwk.explain: no prompt for the decision {dec.kind!r}")
    return rule_prompt(s, dec)
