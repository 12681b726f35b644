"""Batch simulation, under its former name: the functions live in
`archwk.ai.simulate` (kept for `widgets.analysis_charts`, which imports
`archwk.simulate`; new code imports `archwk.ai.simulate`).
The rules never import this module (nor `archwk.ai`).
"""
from .ai.simulate import card_stats, flat_rows, game_seed, play_batch, play_one, run, seat_stats, summary, write

__all__ = ["card_stats", "flat_rows", "game_seed", "play_batch", "play_one", "run", "seat_stats", "summary",
           "write"]
