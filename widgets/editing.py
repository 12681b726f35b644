"""The what-if editors' shared workings (each game's `editor.WhatIfEditor` mixes this in):
applying the form's changes through the session (the rules check every edit; a refused one
shows the library's message and changes nothing), refusing a form that shows another
position than the one at the cursor, and the message line under the form.

A game's editor gives `message` (an HTML widget), `form` (the box of fields, hidden while
the game is locked), `session`, `_synced_state`, `_on_change`, `sync()` and
`changes() -> (player, {field: value})`; it may override `edit_player` (which player an edit
names, None for the board). `state` (the session's position at the cursor) and `locked`
(the form hidden) are the same for every game's editor and live here."""
from __future__ import annotations

from typing import Any

from .text import esc

OK_INK, ERROR_INK = "#2d7a2d", "#b00020"


class EditorForm:
    message: Any
    form: Any
    session: Any
    _synced_state: Any
    _on_change: Any

    @property
    def state(self) -> Any:
        """The position at the session's cursor, the one the form edits."""
        return self.session.state

    @property
    def locked(self) -> bool:
        """Whether editing is off (the form is hidden)."""
        return self.form.layout.display == "none"

    def sync(self, state=None) -> None:
        raise NotImplementedError

    def changes(self) -> tuple[int | None, dict]:
        raise NotImplementedError

    def edit_player(self, player: int | None, changes: dict) -> int | None:
        """The player an edit of `changes` names (None: the board's fields only)."""
        return player

    def apply(self) -> bool:
        """Apply the changed fields; True if the state changed. On an error the library's
        message shows here and nothing changes."""
        if self.locked:
            self._say("The editor is off in a player's view.", ok=False)
            return False
        if self._synced_state is not self.state:
            # the form shows another position than the one at the cursor
            self.sync()
            self._say("The position shown has changed; the form now shows it. Make the change again.", ok=False)
            return False
        try:
            p, ch = self.changes()
            if not ch:
                self._say("Nothing to apply: no field differs from the position shown.", ok=False)
                return False
            self.session.edit(self.edit_player(p, ch), **ch)
        except ValueError as e:
            self._say(str(e), ok=False)
            return False
        said = " ".join(e.text for e in self.session.state.events)  # what changed, in the game's words
        self._say(f"{said.rstrip('.')}. A new what-if line starts here.", ok=True)
        if self._on_change is not None:
            self._on_change()
        else:
            self.sync()
        return True

    def _guard(self, fn) -> None:
        """Run a widget callback; an unexpected error shows here, never escapes."""
        try:
            fn()
        except Exception as e:
            self._say(f"Unexpected error {type(e).__name__}: {e}", ok=False)

    def _say(self, text: str, ok: bool) -> None:
        self.message.value = f'<div style="color:{OK_INK if ok else ERROR_INK};font-weight:bold">{esc(text)}</div>'

    @property
    def error(self) -> str:
        """The error shown, if any ('' after a successful edit)."""
        v = self.message.value
        return "" if ERROR_INK not in v else v
