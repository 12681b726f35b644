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
import json
import os
import re
from copy import deepcopy

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
