"""The score chart of every game: `archwk.final_scores` per player as stacked bars, one
segment per scoring line (negative lines stack below zero); before the end, the game's
projection "as if the game ended now".

Drawn as HTML (no plotly): every plotly FigureWidget on a page loads its own 5 MB copy of
plotly.js, and under load anywidget gives up on a figure model that is not ready within 2 s.
The board is the one figure the explorer needs; a bar chart reads as well in plain HTML,
with each segment's value on hover. A game's chart (`widgets/<game>/score.py`) gives its
scoring lines' names and colours, its note under the chart, and subclasses `ScorePanel`.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from html.parser import HTMLParser

import ipywidgets

from .text import esc, seat_mark

COLUMN_PX = 70


def score_title(state) -> str:
    """The chart's heading: the final scores, or the projection before the end."""
    return "Final scores" if state.is_over else "Projected scores (if the game ended now)"


def bars_html(state, scores: Sequence, lines: Sequence[str], names: Mapping[str, str],
              colours: Mapping[str, str], note: str, *, chart_px: int = 220, legend_all: bool = False) -> str:
    """The chart as HTML: one column per player of `scores` (each with `total`, `player`,
    `name` and a figure per line of `lines`); each segment carries data-line / data-value and
    each column data-total, so what is drawn can be read back. The legend names every line
    (`legend_all`) or those some player scores on; `note` is the line under it."""
    ups = [sum(max(0, getattr(sc, ln)) for ln in lines) for sc in scores]
    downs = [sum(max(0, -getattr(sc, ln)) for ln in lines) for sc in scores]
    top, bottom = max(ups + [1]), max(downs + [0])
    px = chart_px / (top + bottom)
    cols = []
    for sc, up in zip(scores, ups):
        def seg(ln, v, sc=sc):
            return (f'<div data-line="{ln}" data-value="{v}" title="{esc(sc.name)}: {names[ln]} {v:+d}" '
                    f'style="height:{abs(v) * px:.1f}px;background:{colours[ln]};'
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
            f'<div style="font-weight:bold;font-size:12px;'
            f'overflow:hidden;text-overflow:ellipsis;white-space:nowrap">{seat_mark(state, sc.player)} '
            f'{esc(sc.name)}</div></div>')
    shown = lines if legend_all else [ln for ln in lines if any(getattr(sc, ln) for sc in scores)]
    legend = " ".join(f'<span style="white-space:nowrap;margin-right:8px"><span style="display:inline-block;'
                      f'width:10px;height:10px;background:{colours[ln]}"></span> {names[ln]}</span>'
                      for ln in shown)
    return (f'<div style="font-size:12px"><div style="font-weight:bold;font-size:13px;margin-bottom:4px">'
            f'{score_title(state)}</div><div style="display:flex;align-items:flex-start">{"".join(cols)}</div>'
            f'<div style="margin-top:6px;max-width:560px">{legend}</div>'
            f'<div style="color:#595959">{note}</div></div>')


class _DrawnBars(HTMLParser):
    """The figures a drawn chart carries in its data attributes (`bars_html`): per column
    its total, per segment its scoring line and value."""

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


def drawn_bars(html: str) -> _DrawnBars:
    reader = _DrawnBars()
    reader.feed(html)
    reader.close()
    return reader


class ScorePanel(ipywidgets.VBox):
    """The score chart (`.chart`, an HTML widget) with `update(state)`. A game's panel sets
    `score_html` (state -> the chart) and `LINES` (its scoring lines, in order)."""

    score_html: Callable[..., str]
    LINES: Sequence[str] = ()

    def __init__(self, state=None, **kwargs):
        self.chart = ipywidgets.HTML()
        self.title = ""  # the heading drawn (`score_title`)
        super().__init__(children=[self.chart], **kwargs)
        if state is not None:
            self.update(state)

    def update(self, state) -> None:
        html = type(self).score_html(state)
        self.title = score_title(state)
        if self.chart.value != html:
            self.chart.value = html

    # ---- reading back what is drawn (tests): the chart's data attributes, never its words
    def totals(self) -> list[int]:
        return drawn_bars(self.chart.value).totals

    def lines(self) -> dict[str, list[int]]:
        """{scoring line: [value per player]} as drawn (0 where a line has no segment)."""
        drawn = drawn_bars(self.chart.value)
        out = {ln: [0] * len(drawn.totals) for ln in self.LINES}
        for p, segments in enumerate(drawn.segments):
            for ln, v in segments:
                out[ln][p] = v
        return out
