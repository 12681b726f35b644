"""Which widgets draw which game: the shared shell (session, explorer, decision panel,
log, coach, evaluation bar, tutorial shell, page guard) asks `ui_for(state.game)` for the
parts that draw one game's table. Each game's parts live in `widgets/<game>/`, and its
`ui.py` assembles them as a `GameUI`; `UIS` lists them explicitly (nothing registers
itself). A game of `archwk.GAMES` without an entry here has no pages yet.
"""
from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

#: game name -> "module:name" of its GameUI (imported when a page first draws that game)
UIS = {
    "architects": "widgets.architects.ui:UI",
    "archon": "widgets.archon.ui:UI",
}


@dataclass(frozen=True)
class GameUI:
    """The parts of the pages that draw one game (each a class or function of its own)."""

    board: type                          #: the plotly board: (state, viewer, on_stale=) with update(state)
    board_text: type                     #: the board in words, for screen readers
    player_panels: type                  #: each player's board
    score: type                          #: the score chart: (state) with update(state)
    editor: type                         #: the what-if editor: (session, on_change=)
    click_action: Callable[..., Any]     #: (legal actions, a board click) -> the action or None
    click_reason: Callable[..., str]     #: (state, a board click) -> why it plays nothing
    #: action kinds whose card another player may not see (the log hides it from them)
    private_actions: frozenset[str]
    turn_of: Callable[[Any], int]        #: the turn number a state is at (for file names, notes)
    figures: Callable[[Any], Any]        #: (state) -> what one position's buttons read, computed once
    decision_groups: Callable[..., list]  #: (state, figures) -> [(heading, rows)] of the decision panel
    choice_faces: Callable[..., str]     #: (state, actions, figures) -> HTML faces of the cards offered
    lessons: tuple = ()                  #: the tutorial's lessons, in order (none: no tutorial yet)
    turn_name: str = "turn"              #: what `turn_of` counts, in the game's words ("turn", "round")


@functools.cache
def ui_for(game) -> GameUI:
    """The widgets of `game` (a Game or its name); a game without pages raises `LookupError`."""
    name = getattr(game, "name", game)
    try:
        path = UIS[name]
    except KeyError:
        raise LookupError(f"no pages draw the game {name!r} yet (widgets.games.UIS)") from None
    module, _, attr = path.partition(":")
    return getattr(importlib.import_module(module), attr)
