"""The board in words, for every game (screen readers, and anyone who prefers text): a
collapsible panel whose first part is the position in words, written only while it is open
(and when it opens); a game's `BoardText` gives `board_text_html(state)`, its `TITLES` and,
after the first, panels of its own (`more_panels`)."""
from __future__ import annotations

from collections.abc import Callable

import ipywidgets


class BoardWords(ipywidgets.Accordion):
    """A collapsible panel: the board in words. `update(state)` sets the position."""

    TITLES: tuple[str, ...] = ("The board in words",)
    board_text_html: Callable[..., str]

    def __init__(self, state=None, **kwargs):
        self.text = ipywidgets.HTML()
        super().__init__(children=[self.text, *self.more_panels()], **kwargs)
        for i, title in enumerate(self.TITLES):
            self.set_title(i, title)
        self.selected_index = None
        self.add_class("archwk-board-words")
        self.state = None
        self.observe(lambda _change: self._draw(), names="selected_index")
        if state is not None:
            self.update(state)

    def more_panels(self) -> list[ipywidgets.Widget]:
        """The panels after the board in words (one per title after the first)."""
        return []

    def update(self, state) -> None:
        self.state = state
        self._draw()

    def _draw(self) -> None:
        if self.state is None or self.selected_index != 0:
            return
        html = type(self).board_text_html(self.state)
        if self.text.value != html:
            self.text.value = html
