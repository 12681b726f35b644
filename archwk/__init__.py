"""archwk: board games' rules as a Python library, with bots, a coach and widgets
on top. Its games are listed in `archwk.GAMES`; the first and default is
Architects of the West Kingdom, whose names (`Options`, `GameState`, `Action`, ...)
are the ones here.

>>> import archwk
>>> s = archwk.new_game(["Ann", "Ben", "Cy"], seed=7)
>>> s = archwk.play(s, [archwk.bots.RandomBot(1)] * 3)
>>> s.is_over
True
"""
from . import bots
from .bots import play
from .games import GAMES, final_scores, from_game_code, load_game, new_game, replay, table, winners
from .games.architects import cards
from .games.architects.actions import Action
from .games.architects.constants import LOCATIONS
from .games.architects.events import Event
from .games.architects.game import GameState
from .games.architects.options import Options
from .games.architects.scoring import ScoreBreakdown
from .games.architects.state import PlayerState
from .kit.errors import ArchwkError, CardDataError, IllegalAction, InvalidEdit, InvalidOptions, InvalidSave
from .kit.game import Game

__all__ = [
    "GAMES",
    "LOCATIONS",
    "Action",
    "ArchwkError",
    "CardDataError",
    "Event",
    "Game",
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
    "load_game",
    "new_game",
    "play",
    "replay",
    "table",
    "winners",
]
__version__ = "0.1.0"
