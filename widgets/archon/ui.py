"""Archon's parts for the shared shell (`widgets.games.ui_for`)."""
from __future__ import annotations

from ..games import GameUI
from .board import BoardView, click_action, click_reason
from .board_text import BoardText
from .choices import Figures, choice_faces, decision_groups
from .editor import WhatIfEditor
from .lessons import LESSONS
from .panels import PlayerPanels
from .score import ScorePanel

#: the actions whose cards another player may not see: a split (§4, face down) and the pile a
#: new Magister replaced a Courtier in
PRIVATE_ACTIONS = frozenset({"split", "replace"})


def turn_of(state) -> int:
    """The round a state is in (Archon counts rounds, not turns)."""
    return state.round


UI = GameUI(
    board=BoardView, board_text=BoardText, player_panels=PlayerPanels, score=ScorePanel,
    editor=WhatIfEditor, click_action=click_action, click_reason=click_reason,
    figures=Figures, decision_groups=decision_groups, choice_faces=choice_faces,
    private_actions=PRIVATE_ACTIONS, turn_of=turn_of, lessons=LESSONS,
    turn_name="round",
)
