"""Archon's what-if editor: change a player's VP, Gold, Recruit tokens, Resources, Arts
and Science cards, Building tiles and which of their cards are in this round's hand,
or the Repository's display, through the library's `state.edit(...)`
(`archwk.games.archon.edit`). The library checks every edit: an impossible one shows
its error here and changes nothing. Only the fields that differ are sent."""
from __future__ import annotations

from collections.abc import Callable

import ipywidgets

from archwk.games.archon.constants import CARD_TYPES, RESOURCES

from ..editing import EditorForm
from ..session import Session
from . import text as W

NUMBER_FIELDS = ("vp", "gold", "recruits", "arts", "science")
_LABELS = {"vp": "VP", "gold": "Gold", "recruits": "Recruit tokens", "arts": "Arts cards",
           "science": "Science cards"}


def _names(text: str) -> list[str]:
    return [x.strip() for x in text.replace("\n", ",").split(",") if x.strip()]


class WhatIfEditor(EditorForm, ipywidgets.VBox):
    """Edit the position at a session's cursor; `on_change()` after a successful edit."""

    def __init__(self, session: Session, on_change: Callable | None = None, **kwargs):
        self.session = session
        self._on_change = on_change
        small = ipywidgets.Layout(width="200px")
        style = {"description_width": "110px"}
        self.player = ipywidgets.Dropdown(description="Player", layout=ipywidgets.Layout(width="260px"),
                                          style=style)
        self.numbers = {f: ipywidgets.IntText(description=_LABELS[f], layout=small, style=style)
                        for f in NUMBER_FIELDS}
        self.resources = {r: ipywidgets.IntText(description=W.resource_name(r), layout=small, style=style)
                          for r in RESOURCES}
        self.hand = {c: ipywidgets.IntText(description=f"Hand: {W.card_name(c, 2)}", layout=small, style=style)
                     for c in CARD_TYPES}
        self.tiles = ipywidgets.Textarea(description="Building tiles", style=style,
                                         layout=ipywidgets.Layout(width="560px", height="48px"),
                                         placeholder="tile names, separated by commas")
        self.repository = {r: ipywidgets.IntText(description=f"Repository: {W.resource_name(r)}", layout=small,
                                                 style={"description_width": "130px"}) for r in RESOURCES}
        self.apply_button = ipywidgets.Button(description="Apply edit", button_style="warning")
        self.reset_button = ipywidgets.Button(description="Reset the form",
                                              tooltip="show the position again, without the changes not applied")
        self.message = ipywidgets.HTML()
        self.apply_button.on_click(lambda _b: self._guard(self.apply))
        self.reset_button.on_click(lambda _b: self._guard(self.sync))
        self.player.observe(lambda _c: self._guard(self.sync), names="value")
        help_html = ipywidgets.HTML(
            '<span style="color:#666;font-size:12px">Change the position at the point shown; the library checks '
            "it (Gold, cubes and cards come from their supplies, and the hand swaps cards with the other pile). "
            "A valid edit starts a new what-if line from here. Change a player or the Repository, one at a "
            "time.</span>")

        def grid(ws):
            return ipywidgets.GridBox(list(ws), layout=ipywidgets.Layout(
                grid_template_columns="repeat(3, 210px)", grid_gap="2px"))

        self.form = ipywidgets.VBox([
            help_html, self.player, grid([*self.numbers.values(), *self.resources.values()]),
            grid(self.hand.values()), self.tiles, grid(self.repository.values()),
            ipywidgets.HBox([self.apply_button, self.reset_button]), self.message])
        self.locked_note = ipywidgets.HTML(
            '<span style="color:#666">The what-if editor shows the whole position, hidden cards included: '
            "choose <b>View as: All-seeing</b> to use it.</span>", layout=ipywidgets.Layout(display="none"))
        super().__init__(children=[self.locked_note, self.form], **kwargs)
        self._synced_state = None
        self.sync()

    def lock(self, locked: bool) -> None:
        """Hide the form (a player's view must not show others' hands)."""
        form, note = ("none", None) if locked else (None, "none")
        if self.form.layout.display != form:
            self.form.layout.display = form
            self.locked_note.layout.display = note
            if locked:
                for w in self.hand.values():
                    w.value = 0

    def sync(self, state=None) -> None:
        """Show the values of the state at the cursor (discarding unapplied changes)."""
        if self.locked:
            return
        s = self.state if state is None else state
        opts = [(f"{i + 1}: {p.name}", i) for i, p in enumerate(s.players)]
        if list(self.player.options) != opts:
            keep = self.player.value if self.player.value is not None and self.player.value < len(opts) else 0
            self.player.options = opts
            self.player.value = keep
        pl = s.players[self.player.value or 0]
        for f, w in self.numbers.items():
            w.value = getattr(pl, f)
        for r, w in self.resources.items():
            w.value = pl.resources[r]
        hand = pl.hand or ()
        for c, w in self.hand.items():
            w.value = hand.count(c)
        self.tiles.value = ", ".join(pl.tiles)
        for r, w in self.repository.items():
            w.value = s.repository[r]
        self._synced_state = s

    def changes(self) -> tuple[int | None, dict]:
        """(player or None for the board, the fields that differ) as `state.edit` takes them."""
        s = self.state
        p = self.player.value or 0
        pl = s.players[p]
        ch: dict = {}
        for f, w in self.numbers.items():
            if w.value != getattr(pl, f):
                ch[f] = w.value
        if any(w.value != pl.resources[r] for r, w in self.resources.items()):
            ch["resources"] = {r: w.value for r, w in self.resources.items()}
        hand = pl.hand or ()
        if any(w.value != hand.count(c) for c, w in self.hand.items()):
            ch["hand"] = [c for c, w in self.hand.items() for _ in range(max(0, w.value))]
        tiles = _names(self.tiles.value)
        if tiles != list(pl.tiles):
            ch["tiles"] = tiles
        repo = {r: w.value for r, w in self.repository.items()}
        if any(repo[r] != s.repository[r] for r in RESOURCES):
            if ch:
                raise ValueError("edit: change a player's figures or the Repository's display, one at a time")
            return None, {"repository": repo}
        return p, ch
