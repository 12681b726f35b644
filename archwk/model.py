"""The state objects under their old home: options, players, actions, events,
decisions and the game state, re-exported from the modules that define them
(`options`, `state`, `actions`, `events`, `decisions`, `game`, `constants`).
Nothing inside archwk's rules imports this module."""
from __future__ import annotations

from .actions import Action
from .constants import (APPRENTICE_LIMIT, BLACK_MARKET_SPACES, HAND_LIMIT, HIDDEN, LOCATION_NAMES,
                        LOCATIONS, OPEN_INDEX, OPEN_LOCATIONS, RESOURCES, WORKERS_PER_PLAYER)
from .decisions import Decision
from .errors import IllegalAction
from .events import Event
from .game import GameState
from .options import Options
from .state import PlayerState, SchemePiles

__all__ = [
    "APPRENTICE_LIMIT", "Action", "BLACK_MARKET_SPACES", "Decision", "Event", "GameState",
    "HAND_LIMIT", "HIDDEN", "IllegalAction", "LOCATIONS", "LOCATION_NAMES", "OPEN_INDEX",
    "OPEN_LOCATIONS", "Options", "PlayerState", "RESOURCES", "SchemePiles", "WORKERS_PER_PLAYER",
]
