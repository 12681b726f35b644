"""A text kept in the browser's storage (localStorage), so that it survives a reload
of the page: the tutorial keeps the lessons done in it.

`BrowserStorage` is a small anywidget that draws nothing. When the page shows it,
its script reads the text stored under its key and hands it to the kernel
(`stored`, then `loaded` becomes True); from then on, every new `value` the
kernel sets is written to the browser's storage. The key is the widget's `key`
and the page's path, so each site and each page has its own (a Voila server's
tutorial and the static site's do not share their progress; the same page
opened again finds its own). Under Voila, in JupyterLab and in the static site
alike; where the browser refuses storage (some private modes), nothing is kept
and nothing fails.

Without a browser nothing is read or written: the kernel side is plain traitlets,
and a test plays the page's part by setting `stored` and `loaded`:

>>> box = BrowserStorage(key="archwk-example")
>>> seen = []
>>> box.on_load(seen.append)
>>> box.stored, box.loaded = '{"a": 1}', True
>>> seen
['{"a": 1}']
>>> box.store("kept")
>>> box.value
'kept'
"""
from __future__ import annotations

from collections.abc import Callable

import anywidget
import ipywidgets
import traitlets

_ESM = """
// the key under which this page keeps the text: the widget's key and the page's path
// ("…/tutorial/" and "…/tutorial/index.html" are the same page)
const storageKey = (model, key) => `${key ?? model.get('key')}@${location.pathname.replace(/index\\.html$/, '')}`;

function read(key) {
  try { return window.localStorage.getItem(key); } catch (e) { return null; }  // storage refused
}

function write(key, text) {
  try { window.localStorage.setItem(key, text); } catch (e) { /* storage refused or full */ }
}

function start(model) {
  if (model.__archwkStorage) return;  // once per model, however many views
  model.__archwkStorage = true;
  const key = storageKey(model);
  let stored = read(key);
  // nothing under the key yet: what an older page kept under its former key, if any
  if (stored === null && model.get('former')) stored = read(storageKey(model, model.get('former')));
  const early = model.get('value');  // what the kernel had to keep before the page was ready
  if (early) write(key, early);
  model.on('change:value', () => { if (model.get('value')) write(key, model.get('value')); });
  model.set('stored', stored === null ? '' : stored);
  model.set('loaded', true);
  model.save_changes();
}

export default {
  render({ model, el }) {
    el.classList.add('archwk-storage');
    start(model);
  },
};
"""


class BrowserStorage(anywidget.AnyWidget):
    """A text kept in the browser's storage under `key` (and the page's path).

    `stored`: what the browser had kept (set by the page once, with `loaded`);
    `value`: what to keep (set it with `store`). Show the widget once on the page
    (it draws nothing): its script runs only where it is shown."""

    _esm = _ESM
    key = traitlets.Unicode("archwk").tag(sync=True)
    #: a key the text was kept under before (read when nothing is kept under `key` yet)
    former = traitlets.Unicode("").tag(sync=True)
    value = traitlets.Unicode("").tag(sync=True)
    stored = traitlets.Unicode("").tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)

    def __init__(self, key: str, **kwargs):
        kwargs.setdefault("layout", ipywidgets.Layout(display="none"))
        super().__init__(key=key, **kwargs)
        self._on_load: list[Callable[[str], None]] = []
        self.observe(self._loaded, names=["loaded"])

    def on_load(self, callback: Callable[[str], None]) -> None:
        """Call `callback(stored text)` when the page has read the browser's storage."""
        self._on_load.append(callback)

    def store(self, text: str) -> None:
        """Keep `text` in the browser's storage (at once if the page is ready, else
        as soon as it is)."""
        self.value = text

    def _loaded(self, change) -> None:
        if change["new"]:
            for callback in self._on_load:
                callback(self.stored)
