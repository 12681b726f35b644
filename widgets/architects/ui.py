"""Architects' parts for the shared shell (`widgets.games.ui_for`)."""
from __future__ import annotations

from archwk.games.architects.table import table
from archwk.games.architects.views import PRIVATE_CARD_ACTIONS

from ..games import GameUI
from .board import BoardView, click_action, click_reason
from .board_text import BoardText
from .choices import Figures, choice_faces, decision_groups
from .editor import WhatIfEditor
from .lessons import LESSONS
from .panels import PlayerPanels
from .score import ScorePanel


def turn_of(state) -> int:
    return table(state).turn


UI = GameUI(
    board=BoardView, board_text=BoardText, player_panels=PlayerPanels, score=ScorePanel,
    editor=WhatIfEditor, click_action=click_action, click_reason=click_reason,
    figures=Figures, decision_groups=decision_groups, choice_faces=choice_faces,
    private_actions=PRIVATE_CARD_ACTIONS, turn_of=turn_of, lessons=tuple(LESSONS),
)
