"""Presentation for archwk: a game session, a plotly board, an ipywidgets explorer,
and the applications the notebooks show (`apps`: dashboard, GameApp, SoloApp,
WhatIfApp; `tutorial`: the rules tutorial's lessons and interface).

Nothing here decides a rule: every legal choice, reason, score and label comes
from `archwk`. `Session` (history + cursor, bots per seat, save/load) has no UI
imports; the rest draws a `GameState` for Jupyter and Voila.

>>> import archwk, widgets
>>> ex = widgets.GameExplorer(archwk.new_game(3, seed=7), seats=["person", "random", "random"])
>>> ex.choose(ex.state.legal_actions()[0])  # doctest: +ELLIPSIS
<GameState ...>
"""
from ._startup import defer_slow_imports

defer_slow_imports()

from .session import SEAT_KINDS, Session, bot_kinds, make_bot  # noqa: E402

__all__ = [
    "SEAT_KINDS",
    "BoardView",
    "DecisionPanel",
    "EvaluationPanel",
    "GameApp",
    "GameExplorer",
    "PlayerPanels",
    "ScorePanel",
    "Session",
    "SoloApp",
    "TutorialUI",
    "WhatIfApp",
    "WhatIfEditor",
    "board_traces",
    "bot_kinds",
    "make_bot",
]


def __getattr__(name):
    # The UI modules import ipywidgets and plotly; load them only when asked so
    # `widgets.Session` stays usable (and cheap) without them.
    if name in ("BoardView", "board_traces"):
        from .architects import board
        return getattr(board, name)
    if name == "PlayerPanels":
        from .architects.panels import PlayerPanels
        return PlayerPanels
    if name == "DecisionPanel":
        from .decision import DecisionPanel
        return DecisionPanel
    if name == "ScorePanel":
        from .architects.score import ScorePanel
        return ScorePanel
    if name == "WhatIfEditor":
        from .architects.editor import WhatIfEditor
        return WhatIfEditor
    if name == "GameExplorer":
        from .explorer import GameExplorer
        return GameExplorer
    if name == "EvaluationPanel":
        from .evaluation import EvaluationPanel
        return EvaluationPanel
    if name in ("GameApp", "SoloApp", "WhatIfApp"):
        from .architects import apps
        return getattr(apps, name)
    if name == "TutorialUI":
        from .tutorial.ui import TutorialUI
        return TutorialUI
    raise AttributeError(f"module 'widgets' has no attribute {name!r}")
