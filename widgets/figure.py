"""Plotly FigureWidget helpers: send only what changed, in one update message,
and keep the widget's full state current for pages that connect later.

`push_changes` compares new trace dicts with the ones drawn last and calls
`fig.plotly_update` once with the changed properties (what `batch_update()`
does on exit, without re-validating every value: the trace dicts come from our
own code, already in plotly's shapes). Unchanged properties of a trace are
passed as plotly's `Undefined`, which leaves them as they are.
"""
from __future__ import annotations

import json
import os
import time
from copy import deepcopy

import plotly.graph_objects as go
from plotly.basedatatypes import Undefined


def _bundle_loader(url: str | None) -> str | None:
    """A small ES module that imports plotly's FigureWidget script from `url` (a path on the
    page's own server) instead of carrying its 5 MB in every figure's widget state."""
    if not url:
        return None
    return (f"const bundle = await import(new URL({json.dumps(url)}, location.href).href);\n"
            "export default bundle.default;\n")


#: set by scripts/voila_app.py (`bash scripts/kit serve`) and by the static site's pages
#: (scripts/site_build.py), which serve the script once, as a file
_ESM = _bundle_loader(os.environ.get("ARCHWK_PLOTLY_ESM_URL"))


#: how long a drawn page may take to confirm a change before clicks are taken again
#: (`LiveFigure.redraw_pending`)
CONFIRM_SECONDS = 3.0


class Figure(go.FigureWidget):
    """A plotly FigureWidget; under `kit serve` and on the static site its script is
    loaded once per page, by URL (in JupyterLab, from the widget state as usual)."""

    if _ESM:
        _esm = _ESM


class LiveFigure(Figure):
    """A FigureWidget whose full widget state is always the current figure.

    plotly sends changes to the page as messages and refreshes the synced
    `_widget_data` / `_widget_layout` only when the figure itself is displayed.
    A figure inside a container (the explorer) that changes before the page
    connects (as under Voila, where the notebook runs first) would then come
    up with its construction-time data. Here, whenever the full state is asked
    for (a page connecting), those two traits are refreshed first, without
    sending a change message of their own.
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Until a page has drawn this figure, changes also go out as the full
        # `_widget_data` / `_widget_layout` traits: plotly's page-side model
        # applies update messages only once its 5 MB script has loaded, so a
        # message that arrives before is lost and a view drawn afterwards would
        # start from stale data. A drawn view reports back (trace deltas); from
        # then on the update messages alone keep page and kernel in step.
        self._drawn = False
        self._edit_sent_at = 0.0
        self.observe(self._on_drawn, names="_js2py_traceDeltas")
        self.observe(self._on_edit_sent, names="_last_trace_edit_id")

    def _on_drawn(self, change) -> None:
        if change["new"]:
            self._drawn = True

    def _on_edit_sent(self, _change) -> None:
        self._edit_sent_at = time.monotonic()

    def redraw_pending(self) -> bool:
        """True while the page that drew this figure has not yet confirmed its latest
        change. Messages from the page arrive in order, and the page confirms a change
        once it has drawn it, so a click that arrives now was made on the drawing
        before: a double click whose first click played a move, say. A page that
        never confirms (a view gone) holds clicks back for CONFIRM_SECONDS at most."""
        return (self._drawn and self._trace_edit_in_process
                and time.monotonic() - self._edit_sent_at < CONFIRM_SECONDS)

    def sync_model(self) -> None:
        """Send the whole figure as widget state, if no page has drawn it yet."""
        if not self._drawn:
            self._widget_data = deepcopy(self._data)
            self._widget_layout = deepcopy(self._layout_obj._props)

    def get_state(self, key=None, drop_defaults=False):
        data = self.__dict__.get("_data")  # absent while plotly's constructor runs
        if key is None and data is not None:
            self._trait_values["_widget_data"] = deepcopy(data)
            self._trait_values["_widget_layout"] = deepcopy(self._layout_obj._props)
        return super().get_state(key=key, drop_defaults=drop_defaults)


def flatten(d: dict, prefix: str = "") -> dict:
    """{'marker': {'color': c}} -> {'marker.color': c}."""
    out = {}
    for k, v in d.items():
        path = f"{prefix}{k}"
        if isinstance(v, dict):
            out.update(flatten(v, path + "."))
        else:
            out[path] = v
    return out


def push_changes(fig, new: list[dict], old: list[dict], relayout: dict | None = None) -> int:
    """Update `fig` (whose traces were drawn from `old`) to `new`; returns the
    number of traces changed. Both lists have the same length and order."""
    indexes, per_trace = [], []
    for i, (n, o) in enumerate(zip(new, old)):
        fn, fo = flatten(n), flatten(o)
        ch = {k: v for k, v in fn.items() if k != "type" and fo.get(k, Undefined) != v}
        if ch:
            indexes.append(i)
            per_trace.append(ch)
    restyle = {}
    for ch in per_trace:
        for k in ch:
            if k not in restyle:
                restyle[k] = [c.get(k, Undefined) for c in per_trace]
    if restyle or relayout:
        fig.plotly_update(restyle_data=restyle or None, relayout_data=relayout or None,
                          trace_indexes=indexes or None)
        if isinstance(fig, LiveFigure):
            fig.sync_model()
    return len(indexes)
