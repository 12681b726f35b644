"""Quarry: 1 Stone per own worker there (board art; facts §16 row 1), +1 per Stonecutter."""
from ._gather import gathering

LOCATION = gathering("quarry", item="stone", base=0, bonus_hook="quarry_stone", label="the Quarry")
