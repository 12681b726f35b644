"""A button that downloads a file in one click: the browser asks the kernel
for the text when the button is pressed (the text is made only then, so a long
game costs nothing until it is saved) and saves what comes back under its name.

It is an anywidget (plotly's FigureWidget already needs anywidget), so it works
under Voila, in JupyterLab and in the static site alike.

>>> b = DownloadButton("Save game", lambda: ("game.json", "{}"))
>>> b.press()
'game.json'
>>> (b.filename, b.payload, b.serial)
('game.json', '{}', 1)
"""
from __future__ import annotations

from collections.abc import Callable

import anywidget
import traitlets

_ESM = """
function render({ model, el }) {
  const button = document.createElement("button");
  button.className = "jupyter-widgets jupyter-button widget-button archwk-download";
  button.type = "button";
  const label = () => {
    button.textContent = model.get("description");
    button.title = model.get("tooltip");
    button.setAttribute("aria-label", model.get("description"));
  };
  label();
  model.on("change:description change:tooltip", label);
  button.addEventListener("click", () => model.send({ event: "press" }));
  model.on("change:serial", () => {
    const text = model.get("payload");
    if (!text) return;
    const url = URL.createObjectURL(new Blob([text], { type: model.get("mime") }));
    const a = document.createElement("a");
    a.href = url;
    a.download = model.get("filename");
    a.style.display = "none";
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 5000);
  });
  el.appendChild(button);
}
export default { render };
"""


class DownloadButton(anywidget.AnyWidget):
    """One click saves a file: `make()` returns (file name, text) when pressed."""

    _esm = traitlets.Unicode(_ESM).tag(sync=True)
    description = traitlets.Unicode("Download").tag(sync=True)
    tooltip = traitlets.Unicode("").tag(sync=True)
    filename = traitlets.Unicode("download.txt").tag(sync=True)
    mime = traitlets.Unicode("application/json").tag(sync=True)
    payload = traitlets.Unicode("").tag(sync=True)
    #: counts the files made: the browser downloads on each change
    serial = traitlets.Int(0).tag(sync=True)

    def __init__(self, description: str, make: Callable[[], tuple[str, str]], *, tooltip: str = "", **kwargs):
        super().__init__(description=description, tooltip=tooltip, **kwargs)
        self._make = make
        self.on_msg(self._on_msg)

    def _on_msg(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("event") == "press":
            self.press()

    def press(self) -> str:
        """What a click does: make the file and hand it to the browser; its name."""
        name, text = self._make()
        self.filename, self.payload = name, text
        self.serial += 1
        return name
