"""Batch simulation, under its former name: the functions live in
`archwk.ai.simulate` (kept for `widgets.analysis_charts`, which imports
`archwk.simulate`; new code imports `archwk.ai.simulate`).
The rules never import this module (nor `archwk.ai`).
"""
from .ai.simulate import (
    bot_stats,
    card_claims,
    card_stats,
    clear_of,
    flat_rows,
    game_seed,
    lineup,
    play_batch,
    play_one,
    run,
    seat_stats,
    summary,
    summary_data,
    told_apart,
    write,
)

__all__ = ["bot_stats", "card_claims", "card_stats", "clear_of", "flat_rows", "game_seed", "lineup", "play_batch",
           "play_one", "run", "seat_stats", "summary", "summary_data", "told_apart", "write"]
