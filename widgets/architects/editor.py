"""What-if editor: change a player's silver, virtue, resources, hand,
apprentices, buildings, debts, cathedral level and workers on a location (and
the Tax Stand), through `GameState.edit`. The library validates: an impossible
edit shows its error inline and changes nothing.

Only fields that differ from the state are sent, so an edit of one number
never trips over another field.
"""
from __future__ import annotations

from collections.abc import Callable

import ipywidgets

from archwk.games.architects import cards
from archwk.games.architects.model import BLACK_MARKET_SPACES, OPEN_LOCATIONS

from ..editing import EditorForm
from ..session import Session
from .text import location_name

NUMBER_FIELDS = ("silver", "virtue", "debts_unpaid", "debts_paid", "cathedral_level")
LIST_FIELDS = ("hand", "buildings", "apprentices")
EDIT_LOCATIONS = OPEN_LOCATIONS + BLACK_MARKET_SPACES
_LABELS = {"silver": "Silver", "virtue": "Virtue", "debts_unpaid": "Unpaid debts", "debts_paid": "Paid debts",
           "cathedral_level": "Cathedral level", "hand": "Hand", "buildings": "Buildings",
           "apprentices": "Apprentices"}


def _names(text: str) -> list[str]:
    return [x.strip() for x in text.replace("\n", ",").split(",") if x.strip()]


class WhatIfEditor(EditorForm, ipywidgets.VBox):
    """Edit the position at a session's cursor. `on_change()` is called after a
    successful edit (the explorer redraws)."""

    def __init__(self, session: Session, on_change: Callable | None = None, **kwargs):
        self.session = session
        self._on_change = on_change
        small = ipywidgets.Layout(width="190px")
        style = {"description_width": "100px"}
        self.player = ipywidgets.Dropdown(description="Player", layout=ipywidgets.Layout(width="260px"),
                                          style=style)
        self.numbers = {f: ipywidgets.IntText(description=_LABELS[f], layout=small, style=style)
                        for f in NUMBER_FIELDS}
        self.resources = {r: ipywidgets.IntText(description=r.capitalize(), layout=small, style=style)
                          for r in cards.RESOURCES}
        wide = ipywidgets.Layout(width="560px", height="48px")
        self.lists = {f: ipywidgets.Textarea(description=_LABELS[f], layout=wide, style=style,
                                             placeholder="names, separated by commas")
                      for f in LIST_FIELDS}
        self.location = ipywidgets.Dropdown(
            description="Workers at", options=[(location_name(loc), loc) for loc in EDIT_LOCATIONS],
            layout=ipywidgets.Layout(width="300px"), style=style)
        self.workers = ipywidgets.IntText(description="count", layout=ipywidgets.Layout(width="150px"),
                                          style={"description_width": "45px"})
        self.tax = ipywidgets.IntText(description="Tax Stand", layout=small, style=style)
        self.apply_button = ipywidgets.Button(description="Apply edit", button_style="warning")
        self.reset_button = ipywidgets.Button(description="Reset the form",
                                              tooltip="show the position again, without the changes not applied")
        self.message = ipywidgets.HTML()
        self.apply_button.on_click(lambda _b: self._guard(self.apply))
        self.reset_button.on_click(lambda _b: self._guard(self.sync))
        self.player.observe(lambda _c: self._guard(self.sync), names="value")
        self.location.observe(lambda _c: self._guard(self._sync_workers), names="value")
        help_html = ipywidgets.HTML(
            '<span style="color:#666;font-size:12px">Change the position at the point shown; the '
            "library checks it. A valid edit starts a new what-if line from here.</span>")
        grid = ipywidgets.GridBox(
            list(self.numbers.values()) + [self.tax] + list(self.resources.values()),
            layout=ipywidgets.Layout(grid_template_columns="repeat(3, 200px)", grid_gap="2px"))
        self.form = ipywidgets.VBox([
            help_html, self.player, grid, *self.lists.values(),
            ipywidgets.HBox([self.location, self.workers]),
            ipywidgets.HBox([self.apply_button, self.reset_button]), self.message,
        ])
        self.locked_note = ipywidgets.HTML(
            '<span style="color:#666">The what-if editor shows the whole position, hidden cards '
            "included: choose <b>View as: All-seeing</b> to use it.</span>",
            layout=ipywidgets.Layout(display="none"))
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
                for w in self.lists.values():
                    w.value = ""

    # ---- reading the state into the fields
    def sync(self, state=None) -> None:
        """Show the values of the state at the cursor (discarding unapplied changes)."""
        if self.locked:
            return
        s = self.state if state is None else state
        opts = [(f"{i + 1}: {p.name}", i) for i, p in enumerate(s.players)]  # players from 1, as the log
        if list(self.player.options) != opts:
            keep = self.player.value if self.player.value is not None and self.player.value < len(opts) else 0
            self.player.options = opts
            self.player.value = keep
        p = self.player.value or 0
        pl = s.players[p]
        for f, w in self.numbers.items():
            w.value = getattr(pl, f)
        for r, w in self.resources.items():
            w.value = getattr(pl, r)
        self.lists["hand"].value = ", ".join(pl.hand)
        self.lists["buildings"].value = ", ".join(pl.buildings)
        self.lists["apprentices"].value = ", ".join(pl.apprentices)
        self.tax.value = s.tax
        self._sync_workers(s)
        self._synced_state = s

    def _sync_workers(self, state=None) -> None:
        s = self.state if state is None else state
        p = self.player.value or 0
        self.workers.value = s.workers_at(self.location.value).get(p, 0)

    # ---- the edit
    def changes(self) -> tuple[int, dict]:
        """(player, the fields that differ from the state) as `GameState.edit` takes them."""
        s = self.state
        p = self.player.value or 0
        pl = s.players[p]
        ch: dict = {}
        for f, w in self.numbers.items():
            if w.value != getattr(pl, f):
                ch[f] = w.value
        res = {r: w.value for r, w in self.resources.items() if w.value != getattr(pl, r)}
        if res:
            ch["resources"] = res
        for f in LIST_FIELDS:
            new = _names(self.lists[f].value)
            if new != list(getattr(pl, f)):
                ch[f] = new
        loc = self.location.value
        if self.workers.value != s.workers_at(loc).get(p, 0):
            ch["workers_at"] = {loc: {p: self.workers.value}}
        if self.tax.value != s.tax:
            ch["tax"] = self.tax.value
        return p, ch

    def edit_player(self, player: int | None, changes: dict) -> int | None:
        """The Worker counts and the Tax Stand are the board's: an edit of those alone names no player."""
        return player if any(k not in ("workers_at", "tax") for k in changes) else None
