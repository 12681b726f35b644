"""Every word Archon shows a player: action labels with their cost and gain
(`label`), prompts (`prompt`), event texts (`describe`), reasons an action is
refused (`reason`, `blockers`) and the names of things (`words`). The rules
record typed events and reasons; only this package makes sentences, in the
rulebook's words (no internal ids, no formulas)."""
from __future__ import annotations

from . import coach
from .events import describe
from .labels import label
from .prompts import prompt
from .reasons import blockers, reason
from .words import BATCH_CARDS, amounts, card_name, location_name, magister_name, resource_name

__all__ = ["BATCH_CARDS",
           "amounts",
           "blockers",
           "card_name",
           "coach",
           "describe",
           "label",
           "location_name",
           "magister_name",
           "prompt",
           "reason",
           "resource_name",
]
