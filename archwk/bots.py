"""The bots, under their public name: `archwk.bots.RandomBot` and the other bots
live in `archwk.ai.bots` and `archwk.ai.expert` (game-neutral, on the search core
of `archwk.ai.search`), the registry (`make_bot`, `BOT_NAMES`) in
`archwk.ai.registry`; Architects' heuristics (`position_value`, `fast_choice`,
`stalemate_choice`, ...) in `archwk.games.architects.play`. The rules never
import this module (nor `archwk.ai`).

>>> import archwk
>>> archwk.bots.make_bot("mcts:20", seed=1).iterations
20
"""
from .ai.bots import REWARD_SCALE, FastBot, HeuristicBot, MCTSBot, RandomBot, leaf_rewards, play
from .ai.expert import ExpertBot
from .ai.registry import BOT_NAMES, BOTS, DEFAULT_BOT, BotKind, UnknownBot, make_bot
from .games.architects.play.expert import softmax_value
from .games.architects.play.heuristics import (
    STALEMATE_TURNS,
    fast_choice,
    in_stalemate,
    position_value,
    progress,
    relative_value,
    rollout,
    stalemate_choice,
    without_free_discards,
)

__all__ = [
    "BOTS",
    "BOT_NAMES",
    "DEFAULT_BOT",
    "REWARD_SCALE",
    "STALEMATE_TURNS",
    "BotKind",
    "ExpertBot",
    "FastBot",
    "HeuristicBot",
    "MCTSBot",
    "RandomBot",
    "UnknownBot",
    "fast_choice",
    "in_stalemate",
    "leaf_rewards",
    "make_bot",
    "play",
    "position_value",
    "progress",
    "relative_value",
    "rollout",
    "softmax_value",
    "stalemate_choice",
    "without_free_discards",
]
