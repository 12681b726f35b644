"""The state objects under their old home: options, players, actions, events,
decisions and the game state, re-exported from the modules that define them
(`options`, `state`, `actions`, `events`, `decisions`, `game`, `constants`).
Nothing inside archwk's rules imports this module."""
from __future__ import annotations

from ...kit.errors import IllegalAction
from .actions import Action
from .constants import (
                        APPRENTICE_LIMIT,
                        BLACK_MARKET_SPACES,
                        HAND_LIMIT,
                        HIDDEN,
                        LOCATION_NAMES,
                        LOCATIONS,
                        OPEN_INDEX,
                        OPEN_LOCATIONS,
                        RESOURCES,
                        WORKERS_PER_PLAYER,
)
from .decisions import Decision
from .events import Event
from .game import GameState
from .options import Options
from .state import _PLAYER_FIELDS, PlayerState, SchemePiles, SilverOnCard  # noqa: F401

#: the old name of Decision, for code outside the rules
Frame = Decision

__all__ = [
                        "APPRENTICE_LIMIT",
                        "BLACK_MARKET_SPACES",
                        "HAND_LIMIT",
                        "HIDDEN",
                        "LOCATIONS",
                        "LOCATION_NAMES",
                        "OPEN_INDEX",
                        "OPEN_LOCATIONS",
                        "RESOURCES",
                        "WORKERS_PER_PLAYER",
                        "Action",
                        "Decision",
                        "Event",
                        "Frame",
                        "GameState",
                        "IllegalAction",
                        "Options",
                        "PlayerState",
                        "SchemePiles",
                        "SilverOnCard",
]
