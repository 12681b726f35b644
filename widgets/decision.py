"""The decision panel: the current prompt and one button per legal action,
grouped by kind. At a placement decision every location is listed; those the
player cannot choose are greyed with the library's reason
(`placement_blockers()`).

Buttons are kept in a pool and relabelled on each update, so stepping through
a game does not create (and leak) new widgets at every decision.
"""
from __future__ import annotations

from typing import Callable

import ipywidgets

from archwk.model import LOCATIONS
from archwk.table import table as read_table

from .palette import MUTED_TEXT
from .text import apprentice_text, building_text, esc, kind_heading, location_name, seat_mark

_BUTTON_LAYOUT = dict(width="auto", max_width="100%", height="auto", margin="1px 2px")
# real headings (the prompt is the panel's heading, each group of choices a sub-heading), styled as text
_PROMPT_STYLE = "font-size:14px;font-weight:bold;margin:2px 0;line-height:1.35"
_GROUP_STYLE = "font-size:13px;font-weight:bold;color:#444;margin:4px 0 0"


def action_label(state, action) -> str:
    """`str(action)` plus what the state shows about it (the apprentice in a
    display space, the Silver lying on it)."""
    label = str(action)
    slot = _display_slot(state, action)
    if slot is not None and slot.apprentice:
        label += f": {slot.name} ({'/'.join(sorted(slot.skills)) or 'no skill'})"
        if slot.silver:
            label += f", {slot.silver} Silver on it"
    return label


def _display_slot(state, action):
    """The display space a hire action names (archwk.table), None for other actions."""
    if action.kind != "hire" or not isinstance(action.target, int) or isinstance(action.target, bool):
        return None
    display = _table_of(state).display
    return display[action.target] if 0 <= action.target < len(display) else None


_last_table: list = [None, None]  # (state, its table): every hire button of one decision reads it


def _table_of(state):
    if _last_table[0] is not state:  # states are immutable: the same object has the same table
        _last_table[:] = [state, read_table(state)]
    return _last_table[1]


def action_tooltip(state, action) -> str:
    if action.kind in ("construct", "discard", "keep") and isinstance(action.card, str):
        return building_text(action.card)
    if action.kind == "discard_apprentice" and isinstance(action.card, int):
        return apprentice_text(action.card)
    slot = _display_slot(state, action)
    if slot is not None:
        return apprentice_text(slot.apprentice) if slot.apprentice else ""
    return str(action)


def decision_groups(state) -> list[tuple[str, list[tuple]]]:
    """[(heading, [("act", label, action, tooltip) | ("blocked", label, reason)])],
    in the order of `legal_actions()`; at a placement every location appears."""
    groups: dict[str, list] = {}
    legal = state.legal_actions()
    if state.decision == "place":
        blockers = state.placement_blockers()
        by_loc = {a.location: a for a in legal if a.kind == "place"}
        rows = groups.setdefault(kind_heading("place"), [])
        for loc in LOCATIONS:
            if loc in by_loc:
                a = by_loc[loc]
                # the heading says "Place a worker"; the button names the place
                label = action_label(state, a).removeprefix("Place a worker at the ")
                rows.append(("act", label[:1].upper() + label[1:], a, action_tooltip(state, a)))
            else:
                rows.append(("blocked", location_name(loc), blockers.get(loc, "not possible now")))
        legal = [a for a in legal if a.kind != "place"]
    for a in legal:
        groups.setdefault(kind_heading(a.kind), []).append(
            ("act", action_label(state, a), a, action_tooltip(state, a)))
    return list(groups.items())


class DecisionPanel(ipywidgets.VBox):
    """Prompt + buttons. `on_choose(action)` is called when a button is clicked.

    `update(state, can_act=True, note="")`: with `can_act` False (another
    player's view, or the game is over) only the prompt and the note show.
    """

    def __init__(self, on_choose: Callable | None = None, **kwargs):
        self.prompt = ipywidgets.HTML()
        self.note = ipywidgets.HTML()
        self.groups_box = ipywidgets.VBox()
        super().__init__(children=[self.prompt, self.note, self.groups_box], **kwargs)
        # widgets.a11y: the prompt is a live region and where focus goes after a choice
        self.add_class("archwk-decision")
        self.prompt.add_class("archwk-prompt")
        self._on_choose = on_choose
        self._buttons: list[ipywidgets.Button] = []
        self._reasons: list[ipywidgets.HTML] = []
        self._rows: list[ipywidgets.HBox] = []
        self._headers: list[ipywidgets.HTML] = []
        self._boxes: list[ipywidgets.Box] = []
        self.state = None

    # ---- pools
    def _button(self, i: int) -> ipywidgets.Button:
        while len(self._buttons) <= i:
            b = ipywidgets.Button(layout=ipywidgets.Layout(**_BUTTON_LAYOUT))
            b._action = None
            b.on_click(self._clicked)
            self._buttons.append(b)
        return self._buttons[i]

    def _blocked_row(self, i: int) -> ipywidgets.HBox:
        while len(self._rows) <= i:
            b = ipywidgets.Button(disabled=True, layout=ipywidgets.Layout(width="150px", margin="1px 2px"))
            why = ipywidgets.HTML(layout=ipywidgets.Layout(margin="0 0 0 4px", flex="1 1 auto"))
            self._reasons.append(why)
            self._rows.append(ipywidgets.HBox([b, why], layout=ipywidgets.Layout(align_items="center")))
        return self._rows[i]

    def _group(self, i: int) -> tuple[ipywidgets.HTML, ipywidgets.Box]:
        while len(self._boxes) <= i:
            self._headers.append(ipywidgets.HTML())
            self._boxes.append(ipywidgets.Box(layout=ipywidgets.Layout(display="flex", flex_flow="column",
                                                                      align_items="stretch")))
        return self._headers[i], self._boxes[i]

    def close(self) -> None:
        """Close this panel and every pooled widget (shown or not)."""
        for w in self._buttons + self._reasons + self._rows + self._headers + self._boxes:
            for c in getattr(w, "children", ()):
                c.close()
            w.close()
        for w in (self.prompt, self.note, self.groups_box):
            w.close()
        super().close()

    # ---- behaviour
    def _clicked(self, button) -> None:
        if button._action is not None and self._on_choose is not None:
            self._on_choose(button._action)

    @property
    def buttons(self) -> list[ipywidgets.Button]:
        """The action buttons now shown (enabled, in order)."""
        out = []
        for box in self.groups_box.children[1::2]:
            for w in box.children:
                if isinstance(w, ipywidgets.Button) and not w.disabled:
                    out.append(w)
        return out

    def button_for(self, action) -> ipywidgets.Button:
        for b in self.buttons:
            if b._action == action:
                return b
        raise KeyError(f"no button for {action!r}")

    @property
    def blocked(self) -> dict[str, str]:
        """Greyed entries now shown: label -> reason."""
        out = {}
        for row in self._rows:
            if any(row in box.children for box in self.groups_box.children[1::2]):
                out[row.children[0].description] = row.children[0].tooltip
        return out

    def update(self, state, can_act: bool = True, note: str = "") -> None:
        self.state = state
        p = state.current_player
        mark = "" if p is None else f'<span style="font-size:16px">{seat_mark(state, p)}</span> '
        prompt = f'<h2 style="{_PROMPT_STYLE}">{mark}{esc(state.prompt)}</h2>'
        if self.prompt.value != prompt:
            self.prompt.value = prompt
        note_html = f'<span style="color:{MUTED_TEXT}">{esc(note)}</span>' if note else ""
        if self.note.value != note_html:
            self.note.value = note_html
        if not can_act or state.is_over or state.is_view:
            for b in self._buttons:
                b._action = None
            if self.groups_box.children:
                self.groups_box.children = ()
            return
        children = []
        nb = nr = 0
        for gi, (heading, rows) in enumerate(decision_groups(state)):
            header, box = self._group(gi)
            h = f'<h3 style="{_GROUP_STYLE}">{esc(heading)}</h3>'
            if header.value != h:
                header.value = h
            items = []
            for row in rows:
                if row[0] == "act":
                    _, label, action, tip = row
                    b = self._button(nb)
                    nb += 1
                    b._action = action
                    if b.description != label:
                        b.description = label
                    if b.tooltip != tip:
                        b.tooltip = tip
                    items.append(b)
                else:
                    _, label, reason = row
                    r = self._blocked_row(nr)
                    nr += 1
                    btn, why = r.children
                    if btn.description != label:
                        btn.description = label
                        btn.tooltip = reason
                    elif btn.tooltip != reason:
                        btn.tooltip = reason
                    html = f'<span style="color:{MUTED_TEXT};font-size:12px">{esc(reason)}</span>'
                    if why.value != html:
                        why.value = html
                    items.append(r)
            if tuple(box.children) != tuple(items):
                box.children = items
            children += [header, box]
        for b in self._buttons[nb:]:
            b._action = None
        if tuple(self.groups_box.children) != tuple(children):
            self.groups_box.children = children
