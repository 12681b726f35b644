"""The bots, under their public name: `archwk.bots.RandomBot` and the others
live in `archwk.ai.bots`, the registry (`make_bot`, `BOT_NAMES`) in
`archwk.ai.registry`. The rules never import this module (nor `archwk.ai`).

>>> import archwk
>>> archwk.bots.make_bot("mcts:20", seed=1).iterations
20
"""
from .ai.bots import (
    REWARD_SCALE,
    STALEMATE_TURNS,
    FastBot,
    HeuristicBot,
    MCTSBot,
    RandomBot,
    fast_choice,
    in_stalemate,
    leaf_rewards,
    play,
    position_value,
    progress,
    relative_value,
    rollout,
    stalemate_choice,
    without_free_discards,
)
from .ai.expert import ExpertBot, softmax_value
from .ai.registry import BOT_NAMES, BOTS, DEFAULT_BOT, BotKind, UnknownBot, make_bot

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
