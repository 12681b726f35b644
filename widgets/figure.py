"""Plotly FigureWidget helpers: send only what changed, in one update message,
and keep the widget's full state current for pages that connect later.

`push_changes` compares new trace dicts with the ones drawn last and calls
`fig.plotly_update` once with the changed properties (what `batch_update()`
does on exit, without re-validating every value: the trace dicts come from our
own code, already in plotly's shapes). Unchanged properties of a trace are
passed as plotly's `Undefined`, which leaves them as they are.
"""
from __future__ import annotations

import functools
import itertools
import json
import os
import re
from collections.abc import Callable
from copy import deepcopy
from types import EllipsisType
from typing import Any

import ipywidgets
import plotly.graph_objects as go
import traitlets
from plotly.basedatatypes import Undefined

#: Wraps plotly's FigureWidget module (its default export): every click the page
#: sends (plotly's points message) carries the position the page drew the figure at, the
#: figure's `layout.meta` as drawn (the board puts a position token there: widgets.architects.board), as
#: `position`, taken when the click is made (ipywidgets holds a click made while the kernel is
#: busy until it is done, and sends it then, when the page may have drawn the next position).
#: The kernel refuses a click made on a position that is no longer shown (`Figure.clicked_at`),
#: however late the click arrives. Each click is numbered (`click`), so that a second click on
#: the same point is a change of the model's state and reaches the kernel too (else it would be
#: dropped as equal to the first, or not, by chance), to be judged by its position like any other.
#: (`__archwkBundle`: the imported module, or the script's own default export when inline.)
_STAMP_CLICKS = """
const __archwkPlotly = __archwkBundle.default;
export default () => {
  const widget = typeof __archwkPlotly === "function" ? __archwkPlotly() : __archwkPlotly;
  const views = new Set();  // the figure's drawings on the page (plotly's graph divs)
  let clicks = 0;
  const drawnAt = () => {
    for (const el of views) {
      if (el.layout && el.layout.meta !== undefined) return el.layout.meta;
    }
    return null;
  };
  const stamped = (model) => new Proxy(model, {
    get(target, key) {
      if (key === "set") {
        return (name, value, ...rest) => {
          if (name === "_js2py_pointsCallback" && value && value.event_type === "plotly_click") {
            value = {...value, position: drawnAt(), click: ++clicks};
          }
          return target.set(name, value, ...rest);
        };
      }
      const v = Reflect.get(target, key);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
  return {
    initialize(ctx) {
      return widget.initialize ? widget.initialize({...ctx, model: stamped(ctx.model)}) : undefined;
    },
    render(ctx) {
      views.add(ctx.el);
      const cleanup = widget.render ? widget.render(ctx) : undefined;
      return () => {
        views.delete(ctx.el);
        if (typeof cleanup === "function") return cleanup();
      };
    },
  };
};
"""


def _bundle_loader(url: str | None) -> str | None:
    """A small ES module that imports plotly's FigureWidget script from `url` (a path on the
    page's own server) instead of carrying its 5 MB in every figure's widget state, and
    stamps the page's clicks with the position drawn (`_STAMP_CLICKS`)."""
    if not url:
        return None
    return f"const __archwkBundle = await import(new URL({json.dumps(url)}, location.href).href);\n" + _STAMP_CLICKS


#: the module's last export list, naming its default export: `export{A as B,c as default};`
_EXPORTS = re.compile(r"export\s*\{([^{}]*)\}\s*;?")
_AS_DEFAULT = re.compile(r"^\s*([\w$]+)\s+as\s+default\s*$")


def _inline_module(source: str) -> str:
    """plotly's FigureWidget script (its `source` text) made into a module that stamps
    the page's clicks (`_STAMP_CLICKS`): its default export is renamed and wrapped, in
    the one script (parsed once: anywidget gives a figure 2 s to start, loading
    included). A script whose exports are not found so is imported from a blob instead."""
    found = list(_EXPORTS.finditer(source))
    if found:
        last = found[-1]
        names = last.group(1).split(",")
        defaults = [m.group(1) for n in names if (m := _AS_DEFAULT.match(n))]
        if len(defaults) == 1:
            kept = ",".join(n for n in names if not _AS_DEFAULT.match(n))
            return (source[:last.start()] + f"export{{{kept}}};\nconst __archwkBundle = {{default: {defaults[0]}}};\n"
                    + source[last.end():] + "\n" + _STAMP_CLICKS)
    return ("const url = URL.createObjectURL(new Blob([" + json.dumps(source)
            + '], {type: "text/javascript"}));\n'
            "const __archwkBundle = await import(url);\nURL.revokeObjectURL(url);\n" + _STAMP_CLICKS)


class _InlineBundle:
    """The figure's module when no URL serves plotly's script (JupyterLab, a notebook):
    the script itself, carried in the widget state as plotly does (`_inline_module`).
    Made when the first figure is (anywidget reads `str()` of it)."""

    @functools.cached_property
    def text(self) -> str:
        from plotly.basewidget import BaseFigureWidget
        return _inline_module(str(BaseFigureWidget._esm))

    def __str__(self) -> str:
        return self.text


#: set by scripts/voila_app.py (`bash scripts/kit serve`) and by the static site's pages
#: (scripts/site_build.py), which serve the script once, as a file
_ESM = _bundle_loader(os.environ.get("ARCHWK_PLOTLY_ESM_URL"))


class Figure(go.FigureWidget):
    """A plotly FigureWidget; under `kit serve` and on the static site its script is
    loaded once per page, by URL (in JupyterLab, from the widget state as plotly does).

    A click from the page says at which position it was made (`clicked_at`, while
    the click's handlers run): the figure's `layout.meta` as the page drew it."""

    _esm = _ESM or _InlineBundle()

    #: the position the click being handled was made at (`layout.meta` as drawn on the
    #: page); None outside a click, and for a click that says none (sent by code)
    clicked_at = None

    @traitlets.observe("_js2py_pointsCallback")
    def _handler_js2py_pointsCallback(self, change):
        data = change["new"]
        self.clicked_at = data.get("position") if isinstance(data, dict) else None
        try:
            super()._handler_js2py_pointsCallback(change)
        finally:
            self.clicked_at = None


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
        self.observe(self._on_drawn, names="_js2py_traceDeltas")

    def _on_drawn(self, change) -> None:
        if change["new"]:
            self._drawn = True

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


#: position tokens: each position a board draws gets the next one (never reused, across
#: every game's board)
_POSITIONS = itertools.count(1)


class LiveBoard(ipywidgets.VBox):
    """A game's board as a plotly `FigureWidget` (`.figure`): the clicking and redrawing
    every game's board shares. A game's board subclasses it with `draw_traces(state,
    viewer)`, `draw_layout(state)`, `draw_title(state, viewer)` (functions of its own
    module), `click_target(trace_index, point_index)` and, if it has more than its player
    count, `shape_key(state)` (a change of it builds a new figure).

    `update(state, viewer=None)` redraws in one `batch_update()`, sending only what changed.
    `on_click(callback)` registers `callback(target)` for clicks on what `click_target`
    names.

    A click can only play on the position it was made on: each position drawn gets a new
    token (`position`), drawn with it as the figure's `layout.meta`; the page stamps each
    click with the token it showed (`Figure`), and a click made on an earlier position (the
    second click of a double click, a click sent before the page drew the bots' moves)
    reaches no handler: it is counted in `stale_clicks` and `on_stale` is told, however
    late it comes.
    """

    draw_traces: Callable[..., list[dict]]
    draw_layout: Callable[..., dict]
    draw_title: Callable[..., str]

    def __init__(self, state, viewer: int | None = None, on_stale: Callable[[], None] | None = None,
                 **kwargs):
        self._click_handlers: list[Callable] = []
        self.on_stale = on_stale
        self.stale_clicks = 0
        self.position = next(_POSITIONS)
        self.viewer = viewer
        self.state = state
        self.figure = self._new_figure(state)
        super().__init__(children=[self.figure], **kwargs)
        self.add_class("archwk-board")  # widgets.a11y names the figure and hides its drawing from screen readers

    def shape_key(self, state) -> tuple:
        """What, when it changes, needs a new figure (another game loaded)."""
        return (len(state.players),)

    # ---- drawing
    def _new_figure(self, state) -> LiveFigure:
        """A figure built with its traces and layout at once, so that a page or a view
        created later draws it without replaying messages."""
        traces = type(self).draw_traces(state, self.viewer)
        layout = type(self).draw_layout(state)
        layout["title"]["text"] = type(self).draw_title(state, self.viewer)
        layout["meta"] = self.position  # the page stamps its clicks with it
        fig = LiveFigure(data=[go.Scatter(**{k: v for k, v in t.items() if k != "type"}) for t in traces],
                         layout=layout)
        for tr in fig.data:
            tr.on_click(self._dispatch)
        self._key = self.shape_key(state)
        self._last = traces
        self._title = layout["title"]["text"]
        return fig

    def update(self, state, viewer: int | EllipsisType | None = ...) -> None:
        """Draw `state` (as seen by `viewer`; default: the viewer already set).

        One batch: the changed trace properties and the title go to the page in a single
        plotly update message (`push_changes`). Only a new `shape_key` builds a new figure."""
        if viewer is not ...:
            self.viewer = viewer
        moved = state is not self.state
        self.state = state
        if moved:
            self.position = next(_POSITIONS)
        if self._key != self.shape_key(state):
            old, self.figure = self.figure, self._new_figure(state)
            self.children = [self.figure]
            old.close()
            return
        traces = type(self).draw_traces(state, self.viewer)
        title = type(self).draw_title(state, self.viewer)
        relayout: dict[str, object] = {"title.text": title} if title != self._title else {}
        if moved:
            relayout["meta"] = self.position
        push_changes(self.figure, traces, self._last, relayout or None)
        self._title = title
        self._last = traces

    # ---- clicks
    def on_click(self, callback: Callable, remove: bool = False) -> None:
        if remove:
            self._click_handlers.remove(callback)
        else:
            self._click_handlers.append(callback)

    def click_target(self, trace_index: int, point_index: int) -> Any:
        """What the point `point_index` of trace `trace_index` stands for (None: nothing)."""
        raise NotImplementedError

    def _dispatch(self, trace, points, _state=None) -> None:
        # plotly calls every trace's handlers on each click; only the clicked trace gets
        # point indices
        if not points.point_inds:
            return
        made_at = self.figure.clicked_at
        if made_at is not None and made_at != self.position:
            # made on a position drawn before this one: it would act on a board the player
            # did not see (None: a click from code, which says no position)
            self.stale_clicks += 1
            if self.on_stale is not None:
                self.on_stale()
            return
        target = self.click_target(points.trace_index, points.point_inds[0])
        if target is None:
            return
        for cb in list(self._click_handlers):
            cb(target)

    # ---- reading back (tests, notebooks)
    def trace_index(self, name: str) -> int:
        for i, tr in enumerate(self.figure.data):
            if tr.name == name:
                return i
        raise KeyError(name)
