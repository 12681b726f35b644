"""archwk: the rules of Architects of the West Kingdom as a Python library.

>>> import archwk
>>> s = archwk.new_game(["Ann", "Ben", "Cy"], seed=7)
>>> s = archwk.play(s, [archwk.bots.RandomBot(1)] * 3)
>>> s.is_over
True
"""
from . import bots, cards, core, engine, model, ruleset, save, solo  # noqa: F401  (reachable as archwk.<module>)
from .actions import Action
from .bots import play
from .constants import LOCATIONS
from .errors import ArchwkError, CardDataError, IllegalAction, InvalidEdit, InvalidOptions, InvalidSave
from .events import Event
from .game import GameState, from_game_code, new_game, replay
from .options import Options
from .scoring import ScoreBreakdown, final_scores, winners
from .state import PlayerState
from .table import table

__all__ = [
    "LOCATIONS",
    "Action",
    "ArchwkError",
    "CardDataError",
    "Event",
    "GameState",
    "IllegalAction",
    "InvalidEdit",
    "InvalidOptions",
    "InvalidSave",
    "Options",
    "PlayerState",
    "ScoreBreakdown",
    "bots",
    "cards",
    "final_scores",
    "from_game_code",
    "new_game",
    "play",
    "replay",
    "table",
    "winners",
]
__version__ = "0.1.0"
