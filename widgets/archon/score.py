"""Archon's score chart: `archwk.final_scores` per player as stacked bars (the Scoring
Track, and the end-game VP of the Building tiles), drawn by the shared chart
(`widgets.score`). Before the end it is the projection "as if the game ended now"."""
from __future__ import annotations

import archwk
from archwk.games.archon.scoring import ScoreBreakdown

from ..score import ScorePanel as BasePanel
from ..score import bars_html, score_title

LINE_NAMES = {"track": "Scoring Track", "tiles": "Building tiles at the end of the game"}
LINE_COLOURS = {"track": "#4e79a7", "tiles": "#59a14f"}
CHART_PX = 200
NOTE = "Hover a segment for its value. A tie goes to the most Recruit tokens, Gold and Resources together."


def score_html(state) -> str:
    """The chart as HTML (see `widgets.score.bars_html`)."""
    return bars_html(state, archwk.final_scores(state), ScoreBreakdown.LINES, LINE_NAMES, LINE_COLOURS, NOTE,
                     chart_px=CHART_PX, legend_all=True)


class ScorePanel(BasePanel):
    """The score chart (`.chart`, an HTML widget) with `update(state)`."""

    score_html = staticmethod(score_html)
    LINES = ScoreBreakdown.LINES


__all__ = ["ScorePanel", "score_html", "score_title"]
