"""Silversmith: 1 Silver plus 1 per own worker there, +1 per Jeweller."""
from ._gather import gathering

LOCATION = gathering("silversmith", item="silver", base=1, bonus_hook="silversmith_silver", label="the Silversmith")
