"""Each player's board beside the main one, for every game: `PlayerPanels` lays out one
panel per player (side by side, wrapping) and redraws only the panels that changed; a
game's panels subclass it with their `player_html(state, p)`, whose rows `panel_html`
frames in the seat's colour (a thick border on the player deciding)."""
from __future__ import annotations

from collections.abc import Callable

import ipywidgets

from .text import colour


def panel_html(state, p: int, rows: list[str]) -> str:
    """Player `p`'s rows (HTML) in one panel: the seat's colour down its left side, a thick
    border while that player decides."""
    border = "3px solid #b35900" if state.current_player == p else "1px solid #ddd"
    return (f'<div style="border:{border};border-left:8px solid {colour(state, p)};border-radius:6px;'
            f'padding:4px 8px;line-height:1.5;font-size:12px;min-width:250px">' + "<br>".join(rows) + "</div>")


class PlayerPanels(ipywidgets.Box):
    """One panel per player, side by side (wrapping). `update(state)` redraws."""

    player_html: Callable[..., str]  #: (state, p) -> the panel of player p (the game's)

    def __init__(self, state=None, **kwargs):
        kwargs.setdefault("layout", ipywidgets.Layout(display="flex", flex_flow="row wrap"))
        super().__init__(**kwargs)
        self.panels: list[ipywidgets.HTML] = []
        if state is not None:
            self.update(state)

    def update(self, state) -> None:
        n = len(state.players)
        if len(self.panels) != n:
            for w in self.panels:
                w.close()
            self.panels = [ipywidgets.HTML(layout=ipywidgets.Layout(flex="1 1 260px", margin="3px"))
                           for _ in range(n)]
            self.children = self.panels
        for p, w in enumerate(self.panels):
            html = type(self).player_html(state, p)
            if w.value != html:
                w.value = html
