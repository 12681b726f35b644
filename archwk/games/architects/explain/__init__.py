"""The explainer: every word the game shows in play comes from here (error
messages aside). The rules produce data (events, typed decision records, previews
of what an action gives and costs, blocker reasons); this package words them.

- `events`: event texts (`event.text`)
- `labels`: action labels (`str(action)`), from the rules' previews; `place_label`
  names a placement by its place alone
- `prompts`: the current decision in words (`state.prompt`)
- `reasons`: why a location or an action is not open
- `rules`: each location's rule in the game's words, with its rulebook section
- `choices`: what a decision button and its hover add to an action's label
  (a card's printed figures, a display space, the projected score change)
- `coach`: the coach's words (chances to win, a hint's choices, verdicts, a
  review and its exercises), from the coach's typed findings
"""
from __future__ import annotations

from . import choices, coach
from .events import _EVENT_TEXT, describe
from .labels import action_label, place_label
from .prompts import prompt
from .reasons import reason
from .rules import RULES, RuleText, rule_text

__all__ = ["RULES", "_EVENT_TEXT", "RuleText", "action_label", "choices", "coach", "describe", "place_label", "prompt",
           "reason", "rule_text"]
