"""Architects' score chart: `archwk.final_scores` per player as stacked bars, one segment
per scoring line (negative lines stack below zero), drawn by the shared chart
(`widgets.score`, which says why it is HTML). Before the end it is the library's
projection "as if the game ended now".
"""
from __future__ import annotations

import archwk
from archwk.games.architects.scoring import ScoreBreakdown

from ..score import ScorePanel as BasePanel
from ..score import bars_html, drawn_bars, score_title

LINE_NAMES = {
    "buildings": "Buildings", "cathedral": "Cathedral", "virtue": "Virtue track", "debts": "Unpaid debts",
    "gold_marble": "Gold and Marble", "silver": "Silver (1 per 10)", "prison": "Prison",
    "guildhall": "Guildhall (solo opponent)",
}
LINE_COLOURS = {
    "buildings": "#4e79a7", "cathedral": "#b07aa1", "virtue": "#59a14f", "debts": "#e15759",
    "gold_marble": "#edc948", "silver": "#bab0ac", "prison": "#79706e", "guildhall": "#9c755f",
}
CHART_PX = 220   # height of the bars' area
NOTE = ("Hover a segment for its value. Lines: buildings, Cathedral, Virtue track, unpaid Debts, Gold and "
        "Marble, Silver, Prison.")


def score_html(state) -> str:
    """The chart for `state` as HTML (see `widgets.score.bars_html`)."""
    return bars_html(state, archwk.final_scores(state), ScoreBreakdown.LINES, LINE_NAMES, LINE_COLOURS, NOTE,
                     chart_px=CHART_PX)


class ScorePanel(BasePanel):
    """The score chart (`.chart`, an HTML widget) with `update(state)`."""

    score_html = staticmethod(score_html)
    LINES = ScoreBreakdown.LINES


__all__ = ["ScorePanel", "drawn_bars", "score_html", "score_title"]
