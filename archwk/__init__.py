"""archwk: the rules of Architects of the West Kingdom as a Python library.

>>> import archwk
>>> s = archwk.new_game(["Ann", "Ben", "Cy"], seed=7)
>>> s = archwk.play(s, [archwk.bots.RandomBot(1)] * 3)
>>> s.is_over
True
"""
from . import cards
from .model import Action, Event, GameState, IllegalAction, Options, PlayerState, LOCATIONS
from . import engine  # noqa: F401  (registers the rules)
from .setup import new_game
from .scoring import ScoreBreakdown, final_scores, winners
from .save import replay
from .table import table
from . import bots
from .bots import play

__all__ = [
    "Action", "Event", "GameState", "IllegalAction", "LOCATIONS", "Options", "PlayerState",
    "ScoreBreakdown", "bots", "cards", "final_scores", "new_game", "play", "replay", "table", "winners",
]
__version__ = "0.1.0"
