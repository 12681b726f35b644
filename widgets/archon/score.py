"""Archon's score chart: `archwk.final_scores` per player as stacked bars (the Scoring
Track, and the end-game VP of the Building tiles), as HTML like Architects' chart
(`widgets.architects.score`: no second plotly figure on the page). Before the end it is
the projection "as if the game ended now"."""
from __future__ import annotations

from html.parser import HTMLParser

import ipywidgets

import archwk
from archwk.games.archon.scoring import ScoreBreakdown

from ..text import esc, seat_mark

LINE_NAMES = {"track": "Scoring Track", "tiles": "Building tiles at the end of the game"}
LINE_COLOURS = {"track": "#4e79a7", "tiles": "#59a14f"}
CHART_PX = 200
COLUMN_PX = 70


def score_title(state) -> str:
    return "Final scores" if state.is_over else "Projected scores (if the game ended now)"


def score_html(state) -> str:
    """The chart as HTML; each segment carries data-line / data-value and each column
    data-total, so what is drawn can be read back."""
    scores = archwk.final_scores(state)
    lines = ScoreBreakdown.LINES
    ups = [sum(max(0, getattr(sc, ln)) for ln in lines) for sc in scores]
    downs = [sum(max(0, -getattr(sc, ln)) for ln in lines) for sc in scores]
    top, bottom = max(ups + [1]), max(downs + [0])
    px = CHART_PX / (top + bottom)
    cols = []
    for sc, up in zip(scores, ups):
        def seg(ln, v, sc=sc):
            return (f'<div data-line="{ln}" data-value="{v}" title="{esc(sc.name)}: {LINE_NAMES[ln]} {v:+d}" '
                    f'style="height:{abs(v) * px:.1f}px;background:{LINE_COLOURS[ln]};'
                    f'border-top:1px solid #fff"></div>')
        pos = "".join(seg(ln, getattr(sc, ln)) for ln in reversed(lines) if getattr(sc, ln) > 0)
        neg = "".join(seg(ln, getattr(sc, ln)) for ln in lines if getattr(sc, ln) < 0)
        cols.append(
            f'<div data-total="{sc.total}" style="width:{COLUMN_PX}px;margin:0 6px;text-align:center">'
            f'<div style="height:{(top - up) * px:.1f}px"></div>'
            f'<div style="font-weight:bold;font-size:13px">{sc.total}</div>'
            f'<div style="margin:0 14px">{pos}</div>'
            f'<div style="border-top:2px solid #333;margin:0 6px"></div>'
            f'<div style="margin:0 14px;height:{bottom * px:.1f}px">{neg}</div>'
            f'<div style="font-weight:bold;font-size:12px;overflow:hidden;text-overflow:ellipsis;'
            f'white-space:nowrap">{seat_mark(state, sc.player)} {esc(sc.name)}</div></div>')
    legend = " ".join(f'<span style="white-space:nowrap;margin-right:8px"><span style="display:inline-block;'
                      f'width:10px;height:10px;background:{LINE_COLOURS[ln]}"></span> {LINE_NAMES[ln]}</span>'
                      for ln in lines)
    return (f'<div style="font-size:12px"><div style="font-weight:bold;font-size:13px;margin-bottom:4px">'
            f'{score_title(state)}</div><div style="display:flex;align-items:flex-start">{"".join(cols)}</div>'
            f'<div style="margin-top:6px;max-width:560px">{legend}</div>'
            '<div style="color:#595959">Hover a segment for its value. A tie goes to the most Recruit tokens, '
            'Gold and Resources together.</div></div>')


class _DrawnBars(HTMLParser):
    def __init__(self):
        super().__init__()
        self.totals: list[int] = []
        self.segments: list[list[tuple[str, int]]] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "data-total" in a:
            self.totals.append(int(a["data-total"] or 0))
            self.segments.append([])
        elif "data-line" in a and self.segments:
            self.segments[-1].append((str(a["data-line"]), int(a["data-value"] or 0)))


class ScorePanel(ipywidgets.VBox):
    """The score chart (`.chart`, an HTML widget) with `update(state)`."""

    def __init__(self, state=None, **kwargs):
        self.chart = ipywidgets.HTML()
        self.title = ""
        super().__init__(children=[self.chart], **kwargs)
        if state is not None:
            self.update(state)

    def update(self, state) -> None:
        html = score_html(state)
        self.title = score_title(state)
        if self.chart.value != html:
            self.chart.value = html

    def _drawn(self) -> _DrawnBars:
        reader = _DrawnBars()
        reader.feed(self.chart.value)
        reader.close()
        return reader

    def totals(self) -> list[int]:
        return self._drawn().totals

    def lines(self) -> dict[str, list[int]]:
        drawn = self._drawn()
        out = {ln: [0] * len(drawn.totals) for ln in ScoreBreakdown.LINES}
        for p, segments in enumerate(drawn.segments):
            for ln, v in segments:
                out[ln][p] = v
        return out
