"""The decision panel: the current prompt and one button per legal action,
grouped by kind. At a placement decision every location is listed; those the
player cannot choose are greyed with the library's reason
(`placement_blockers()`).

A press can only play on the position it was made on. A button press carries
no data, so the button is the token: each position gets its own action
buttons, made for that position (the panel's `position` token, kept on each
button), and the buttons of the position before are taken out of use and
closed when they are replaced. A button is never relabelled for another
choice: a press the browser sent while it still showed the old choices (the
second press of a double click, a press during the bots' turns) reaches a
button of an older position and plays nothing (`stale_presses`, `on_stale`),
however late it arrives, instead of making whatever choice now sits in that
place. The greyed rows cannot be clicked, so they are kept in a pool and
relabelled.
"""
from __future__ import annotations

import itertools
from collections.abc import Callable

import ipywidgets

from .games import ui_for
from .palette import MUTED_TEXT
from .text import esc, seat_mark

_BUTTON_LAYOUT = dict(width="auto", max_width="100%", height="auto", margin="1px 2px")
# real headings (the prompt is the panel's heading, each group of choices a sub-heading), styled as text
_PROMPT_STYLE = "font-size:14px;font-weight:bold;margin:2px 0;line-height:1.35"
_GROUP_STYLE = "font-size:13px;font-weight:bold;color:#444;margin:4px 0 0"

#: buttons wrap their words instead of cutting them ("Black Market (le…")
CHOICE_CSS = ("<style>.widget-button.archwk-choice{white-space:normal;height:auto;min-height:28px;"
              "line-height:1.3;padding:3px 8px;text-align:left;overflow:visible;text-overflow:clip}"
              ".widget-button.archwk-choice i{margin-right:3px}</style>")

class DecisionPanel(ipywidgets.VBox):
    """Prompt + buttons. `on_choose(action)` is called when a button is clicked.

    `update(state, can_act=True, note="")`: with `can_act` False (another
    player's view, or the game is over) only the prompt and the note show.

    A press on a button made for an earlier position plays nothing: it is
    counted in `stale_presses` and `on_stale()` is called (see the module's
    docstring).
    """

    def __init__(self, on_choose: Callable | None = None, on_stale: Callable[[], None] | None = None,
                 **kwargs):
        self.prompt = ipywidgets.HTML()
        self.note = ipywidgets.HTML()
        self.groups_box = ipywidgets.VBox()
        self.faces = ipywidgets.HTML()  # the cards the choices are about
        self.faces.add_class("archwk-choice-cards")
        self.css = ipywidgets.HTML(CHOICE_CSS, layout=ipywidgets.Layout(display="none"))
        super().__init__(children=[self.css, self.prompt, self.note, self.groups_box, self.faces], **kwargs)
        # widgets.a11y: the prompt is a live region and where focus goes after a choice
        self.add_class("archwk-decision")
        self.prompt.add_class("archwk-prompt")
        self._on_choose = on_choose
        self.on_stale = on_stale
        self.stale_presses = 0
        #: the token of the position whose action buttons are in use
        self._positions = itertools.count(1)  # this panel's position tokens: each set of buttons gets the next
        self.position = next(self._positions)
        self._buttons: list[ipywidgets.Button] = []
        self._buttons_for = None  # the state the action buttons were made for
        self._retired: list[ipywidgets.Button] = []  # out of use, closed at the next update
        # one layout and one style for every action button: a new button is one widget, not three
        self._button_layout = ipywidgets.Layout(**_BUTTON_LAYOUT)
        self._button_style = ipywidgets.ButtonStyle()
        self._reasons: list[ipywidgets.HTML] = []
        self._rows: list[ipywidgets.HBox] = []
        self._headers: list[ipywidgets.HTML] = []
        self._boxes: list[ipywidgets.Box] = []
        self.state = None

    # ---- pools
    def _button(self, i: int) -> ipywidgets.Button:
        while len(self._buttons) <= i:
            b = ipywidgets.Button(layout=self._button_layout, style=self._button_style)
            b.add_class("archwk-choice")
            b._action = None
            b._position = self.position  # the position it was made for
            b.on_click(self._clicked)
            self._buttons.append(b)
        return self._buttons[i]

    def _close_later(self, retired: list[ipywidgets.Button]) -> None:
        """Close the buttons retired one update before these: the page may still be
        building the views of the last ones (closing a model it is about to draw is an
        error in the page), and a retired button does nothing when clicked."""
        for b in self._retired:
            b.close()
        self._retired = retired

    def _retire_buttons(self) -> list[ipywidgets.Button]:
        """Take the action buttons out of use (for a new position); the caller closes
        them once they are no longer shown."""
        old, self._buttons = self._buttons, []
        for b in old:
            b._action = None
        self.position = next(self._positions)  # a press on an old button is now stale
        return old

    def _blocked_row(self, i: int) -> ipywidgets.HBox:
        while len(self._rows) <= i:
            b = ipywidgets.Button(disabled=True, layout=ipywidgets.Layout(width="auto", min_width="150px",
                                                                          max_width="45%", height="auto",
                                                                          margin="1px 2px"))
            b.add_class("archwk-choice")
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
        for w in self._buttons + self._retired + self._reasons + self._rows + self._headers + self._boxes:
            for c in getattr(w, "children", ()):
                c.close()
            w.close()
        for w in (self.prompt, self.note, self.groups_box, self.faces, self.css, self._button_layout,
                  self._button_style):
            w.close()
        super().close()

    # ---- behaviour
    def _clicked(self, button) -> None:
        if button._position != self.position or button._action is None:
            # a button of a position before this one (or out of use)
            self.stale_presses += 1
            if self.on_stale is not None:
                self.on_stale()
            return
        if self._on_choose is not None:
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
            retired = self._retire_buttons()
            self._buttons_for = None
            if self.groups_box.children:
                self.groups_box.children = ()
            if self.faces.value:
                self.faces.value = ""
            self._close_later(retired)
            return
        retired = self._retire_buttons() if state is not self._buttons_for else []
        self._buttons_for = state
        children = []
        nb = nr = 0
        ui = ui_for(state.game)  # the game's own groups of choices and card faces
        figures = ui.figures(state)  # this position's figures, read once for all its buttons
        for gi, (heading, rows) in enumerate(ui.decision_groups(state, figures)):
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
        self._close_later(retired)
        faces = ui.choice_faces(state, state.legal_actions(), figures)
        if self.faces.value != faces:
            self.faces.value = faces
