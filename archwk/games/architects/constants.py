"""The board's fixed facts: location ids and names, and the per-player limits."""
from __future__ import annotations

from . import cards

#: the game's name in `archwk.GAMES`, in records and in save files
GAME_NAME = "architects"
#: this game's explainer (the words of its actions, events, prompts and reasons), by
#: import path: the rules sit below it and never import it. A state finds it through
#: its game (`state.game.explainer`, which definition.py sets to this module); an
#: action listed at no state, and an event, have no game to ask and load it by this path
EXPLAINER = "archwk.games.architects.explain"

RESOURCES = cards.RESOURCES  # clay, wood, stone, gold, marble
LOCATIONS = (
    "quarry", "forest", "mines", "silversmith", "storehouse", "workshop",
    "town_centre", "tax_stand", "black_market_a", "black_market_b",
    "black_market_c", "guardhouse", "guildhall",
)
#: the large open circles: unlimited, and targets of Town Centre captures
OPEN_LOCATIONS = (
    "quarry", "forest", "mines", "silversmith", "storehouse", "workshop",
    "town_centre", "tax_stand", "guardhouse",
)
OPEN_INDEX = {loc: i for i, loc in enumerate(OPEN_LOCATIONS)}
BLACK_MARKET_SPACES = ("black_market_a", "black_market_b", "black_market_c")
LOCATION_NAMES = {
    "quarry": "Quarry", "forest": "Forest", "mines": "Mines",
    "silversmith": "Silversmith", "storehouse": "King's Storehouse",
    "workshop": "Workshop", "town_centre": "Town Centre", "tax_stand": "Tax Stand",
    "black_market_a": "Black Market (left space)",
    "black_market_b": "Black Market (middle space)",
    "black_market_c": "Black Market (right space)",
    "guardhouse": "Guardhouse", "guildhall": "Guildhall", "prison": "Prison",
}
WORKERS_PER_PLAYER = 20
HAND_LIMIT = 6
APPRENTICE_LIMIT = 5
HIDDEN = "?"  # a card another player may not see, in a view
