"""A card data directory checked completely: the loader's checks
(`archwk.games.architects.cards.load`: files, fields, ids, counts, sets, names) and then every
building's and apprentice's effect or ability against its behaviour entry, its
params against the entry's `params` schema (archwk.games.architects.behaviour). The game's own
data is checked the same way when archwk is imported; this is for another
directory (an edited copy, a new card):

    >>> from archwk import cards
    >>> load_cards(cards.DATA_DIR) == cards.CARDS
    True
"""
from __future__ import annotations

from pathlib import Path

from .. import cards
from . import check_apprentices
from .buildings import check_buildings

__all__ = ["load_cards"]


def load_cards(data_dir: str | Path = cards.DATA_DIR) -> cards.CardSet:
    """Load and validate the data files in `data_dir` as `cards.load` does, then
    check each building's and apprentice's row against its behaviour entry
    (buildings first, as the loader reads them). Raises `CardDataError` naming
    the file, the card and the field."""
    card_set = cards.load(data_dir)
    data_dir = Path(data_dir)
    check_buildings(card_set.buildings, data_dir / cards.BUILDINGS_FILE)
    check_apprentices(card_set.apprentices, data_dir / cards.APPRENTICES_FILE)
    return card_set
