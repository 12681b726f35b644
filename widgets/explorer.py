"""GameExplorer: board, player panels, decision panel, event log, history
slider, seats (people or bots), viewer, score chart, what-if editor and
save/load, around one `Session`.

Every callback runs through `guarded`: an exception shows as a readable
message in `explorer.error` instead of breaking the page.

>>> import archwk
>>> ex = GameExplorer(archwk.new_game(2, seed=3), seats=["random", "random"])
>>> ex.bots_button.click()
>>> ex.state.is_over
True
"""
from __future__ import annotations

import contextlib
import functools
from collections.abc import Sequence
from typing import cast

import ipywidgets

from archwk import GameState, InvalidSave
from archwk.kit.records import MAX_BYTES

from .decision import DecisionPanel
from .download import DownloadButton
from .evaluation import EvaluationPanel
from .games import ui_for
from .palette import MUTED_TEXT
from .session import Session, bot_kinds
from .text import ShowsErrors, esc, guarded, plain_text, seat_mark

LOG_DECISIONS = 60          # how many decisions the event log shows, newest first
#: what the announcer adds when a click made on an earlier position was not played
STALE_NOTE = "A click made before the page showed this position was not played."
TAB_PLAYERS, TAB_SCORES, TAB_EDITOR, TAB_FILES, TAB_EVALUATE, TAB_REVIEW = range(6)



def seat_options() -> list[tuple[str, str]]:
    return [("Person", "person")] + [(f"{k.capitalize()} bot", k) for k in bot_kinds()]


class GameExplorer(ShowsErrors, ipywidgets.VBox):
    """Play and explore a game in Jupyter or Voila.

    `GameExplorer(state, seats=None, viewer=None)`: `seats` per player, "person"
    (default) or "random" (or a bot object with `choose(state)`); `viewer` None
    for the all-seeing view or a player index. With at least one person seated,
    bots play at once up to that person's first decision; a table of bots only
    waits for the "Bot move" / "Bots play on" buttons.

    `explorer.state` is the state shown; `explorer.choose(action)` applies an
    action as a click would (and raises `archwk.IllegalAction` if it is not
    legal). Sub-widgets are attributes (`board`, `decision`, `players_panel`,
    `score`, `editor`, `slider`, `event_log`, ...) so tests can click them.

    With `coach=True` the explorer has a coach (`explorer.coach`, a
    `widgets.coach.Coach`, switched on): each player's chance to win above the
    board, a Hint button and the judgement of each person's move beside it,
    and a Game review tab; `coach` may also be a dict of Coach options.
    """

    def __init__(self, state: GameState, seats: Sequence | None = None, viewer: int | None = None,
                 coach: bool | dict = False, **kwargs):
        #: the parts that draw this game (its board, panels, score, editor)
        self.ui = ui = ui_for(state.game)
        self.session = Session(state, seats, turn_of=ui.turn_of, turn_name=ui.turn_name)
        self._viewer = self._check_viewer(viewer, state)
        # with a person at the table, bots take their first turns at once so the
        # person meets their own decision; an all-bot table waits for "Bot move"
        bot_error = None
        automa = state.game.automa_seats(state)
        if any(b is None and i not in automa for i, b in enumerate(self.session.seats)):
            try:
                self.session.run_bots()
            except Exception as e:
                bot_error = e
        self._syncing = False
        self._log_cache: dict = {}

        # header: the prompt, errors
        self.title = ipywidgets.HTML()
        self.error = ipywidgets.HTML()

        # controls: viewer, seats, bots
        self.viewer_menu = ipywidgets.Dropdown(description="View as", style={"description_width": "60px"},
                                               layout=ipywidgets.Layout(width="230px"))
        self.seat_menus: list[ipywidgets.Dropdown] = []
        self.seats_box = ipywidgets.HBox()
        self.bot_step_button = ipywidgets.Button(description="Bot move", tooltip="one decision by the bot to move")
        self.bots_button = ipywidgets.Button(description="Bots play on",
                                             tooltip="bots decide until a person must decide or the game ends")
        self.viewer_menu.observe(self._on_viewer, names="value")
        self.bot_step_button.on_click(self._on_bot_step)
        self.bots_button.on_click(self._on_bots)

        # history
        self.slider = ipywidgets.IntSlider(description="Decision", min=0, max=0, value=0,
                                           continuous_update=False, layout=ipywidgets.Layout(width="520px"))
        self.back_button = ipywidgets.Button(description="◀ Back", layout=ipywidgets.Layout(width="80px"))
        self.forward_button = ipywidgets.Button(description="Forward ▶", layout=ipywidgets.Layout(width="90px"))
        self.latest_button = ipywidgets.Button(description="Latest", layout=ipywidgets.Layout(width="70px"))
        self.history_note = ipywidgets.HTML()
        self.undo_button = ipywidgets.Button(description="↶ Undo", layout=ipywidgets.Layout(width="80px"),
                                             tooltip="back to your last decision (nothing is lost: "
                                                     "Forward or the lines menu lead back)")
        self.lines_menu = ipywidgets.Dropdown(description="Line", style={"description_width": "40px"},
                                              layout=ipywidgets.Layout(width="520px"))
        self.undo_button.on_click(self._on_undo)
        self.lines_menu.observe(self._on_line, names="value")
        self.slider.observe(self._on_slider, names="value")
        self.back_button.on_click(lambda _b: self._step(-1))
        self.forward_button.on_click(lambda _b: self._step(+1))
        self.latest_button.on_click(lambda _b: self._step(None))

        # the main parts
        # a click or press made on a position no longer shown plays nothing (widgets.architects.board,
        # widgets.decision); the announcer says so quietly
        self.board = ui.board(self.session.state, self._viewer, on_stale=self._on_stale)
        self.board.on_click(self._on_board_click)
        self.decision = DecisionPanel(on_choose=self._on_button, on_stale=self._on_stale)
        self.players_panel = ui.player_panels()
        self.event_log = ipywidgets.HTML()
        # what the last moves did, for screen readers (widgets.a11y makes it a role="log")
        self.announce = ipywidgets.HTML()
        self.announce.add_class("archwk-announce")
        self._announced: tuple | None = None
        self.board_text = ui.board_text()
        self.score = ui.score(self.shown_state())
        self.editor = ui.editor(self.session, on_change=self._after_edit)

        # save / load
        self.save_button = DownloadButton("Save game", self._save_file,
                                          tooltip="download this game as a file (one click)")
        self.save_link = ipywidgets.HTML()  # what was saved, in words
        self.upload = ipywidgets.FileUpload(accept=".json,application/json", multiple=False,
                                            description="Load file")
        self.load_text = ipywidgets.Textarea(placeholder="…or paste a saved game (JSON) here",
                                             layout=ipywidgets.Layout(width="520px", height="80px"))
        self.load_button = ipywidgets.Button(description="Load pasted")
        self.file_message = ipywidgets.HTML()
        self.upload.observe(self._on_upload, names="value")
        self.load_button.on_click(self._on_load_text)
        # game codes: a short text (or link) for the position, to share it
        self.code_button = ipywidgets.Button(description="Game code", tooltip="a short code and link for this position")
        self.code_text = ipywidgets.Text(description="Game code",
                                         placeholder="paste a game code or a link with ?game=…",
                                         layout=ipywidgets.Layout(width="520px"))
        self.code_load_button = ipywidgets.Button(description="Load code")
        self.code_link = ipywidgets.HTML()
        self.code_button.on_click(self._on_code)
        self.code_load_button.on_click(self._on_load_code)
        # a comment on the step shown (kept in the save file, shown in the event log)
        self.comment_text = ipywidgets.Text(description="Comment", placeholder="a comment on the move shown",
                                            layout=ipywidgets.Layout(width="420px"))
        self.comment_button = ipywidgets.Button(description="Add comment")
        self.comment_button.on_click(self._on_comment)

        side = ipywidgets.VBox([self.decision, ipywidgets.HTML(
            "<h2 style='font-size:13px;margin:6px 0 2px'>Event log <span style='font-weight:normal'>"
            "(newest first)</span></h2>"), self.event_log, self.board_text, self.announce],
                               layout=ipywidgets.Layout(width="420px", margin="0 0 0 8px"))
        files = ipywidgets.VBox([
            ipywidgets.HBox([self.save_button, self.save_link]),
            ipywidgets.HBox([self.upload, ipywidgets.HTML(
                f'<span style="color:#666;margin-left:6px">saved games of up to {MAX_BYTES // 1_000_000} MB</span>')]),
            self.load_text, self.load_button, self.file_message,
            ipywidgets.HBox([self.code_button, self.code_link]),
            ipywidgets.HBox([self.code_text, self.code_load_button]),
            ipywidgets.HBox([self.comment_text, self.comment_button])])
        self.evaluation = EvaluationPanel(None)
        self.coach = None
        if coach:
            from .coach import Coach
            self.coach = Coach(self, **(coach if isinstance(coach, dict) else {}))
            self.evaluation.coach = self.coach  # its chances: the coach's look, as the hint's
            side.children = (side.children[0], self.coach.side, *side.children[1:])
        tabs = [self.players_panel, self.score, self.editor, files, self.evaluation]
        self.tabs = ipywidgets.Tab(children=tabs + ([self.coach.review_box] if self.coach else []))
        for i, t in enumerate(("Players", "Scores", "What-if editor", "Save / load", "Evaluate moves",
                               "Game review")[:len(self.tabs.children)]):
            self.tabs.set_title(i, t)
        self._stale: set[int] = set()  # tabs not redrawn while hidden
        self.tabs.observe(self._on_tab, names="selected_index")
        super().__init__(children=[
            self.title, self.error,
            ipywidgets.HBox([self.viewer_menu, self.seats_box, self.bot_step_button, self.bots_button],
                            layout=ipywidgets.Layout(flex_flow="row wrap", align_items="center")),
            ipywidgets.HBox([self.undo_button, self.back_button, self.slider, self.forward_button,
                             self.latest_button, self.history_note],
                            layout=ipywidgets.Layout(flex_flow="row wrap", align_items="center")),
            self.lines_menu,
            *([self.coach] if self.coach else []),
            ipywidgets.HBox([self.board, side]),
            self.tabs,
        ], **kwargs)
        self._build_menus()
        self.refresh()
        if bot_error is not None:
            self.show_error(bot_error)

    # ------------------------------------------------------------------ public
    @property
    def state(self) -> GameState:
        return cast(GameState, self.session.state)  # this explorer draws Architects' states

    @property
    def viewer(self) -> int | None:
        return self._viewer

    @viewer.setter
    def viewer(self, value: int | None) -> None:
        self._viewer = self._check_viewer(value, self.state)
        self._sync_viewer_menu()
        self.refresh()

    def choose(self, action) -> GameState:
        """Apply `action` at the state shown, as a click would: at a past point
        this starts a new line; bots then play their seats. An illegal action
        raises `archwk.IllegalAction` (also shown in the explorer); nothing changes."""
        before = (self.session.cursor, len(self.session))
        was = self.state
        try:
            self.session.choose(action)
        except Exception as e:
            if (self.session.cursor, len(self.session)) != before:
                self._coach_judge(was, action, before[0])
                self.refresh()  # the choice was made; a bot after it failed
            self.show_error(e)
            raise
        self.clear_error()
        self._coach_judge(was, action, before[0])
        self.refresh()
        return self.state

    def _coach_judge(self, was: GameState, action, cursor: int) -> None:
        """A person's choice at state `cursor` was made: the coach judges it."""
        if self.coach is not None and cursor + 1 < len(self.session):
            self.coach.after_choice(was, action, self.session.states[cursor + 1])

    def goto(self, index: int) -> GameState:
        self.session.goto(index)
        self.refresh()
        return self.state

    def save_json(self) -> str:
        return self.session.save()

    def load_json(self, text) -> GameState:
        """Load a saved game (replayed through the rules); `archwk.InvalidSave`
        (also shown, once) if the file is bad, and nothing changes."""
        return self._load(lambda: self.session.load(text), "Game loaded.")

    def load_code(self, code: str) -> GameState:
        """Load the position of a game code (or of a link with ``?game=…``)."""
        return self._load(lambda: self.session.load_code(code), "Position loaded from the game code.")

    def load_from_page(self) -> bool:
        """Open the position of the page's ``?game=CODE`` parameter, if there is
        one (in Voila or the static site; see widgets.pagelink). An error
        shows at the top of the explorer."""
        from .pagelink import game_parameter, when_page_known

        def got(query: str) -> None:
            code = game_parameter(query)
            if code:
                try:
                    self.load_code(code)
                except ValueError as e:
                    self.show_error(f"The link's game code could not be loaded: {e}")
        return when_page_known(got)

    def _load(self, do, done: str) -> GameState:
        self.file_message.value = ""
        try:
            do()
        except Exception as e:
            self._file_error(e)
            raise
        if self._viewer is not None and self._viewer >= len(self.state.players):
            self._viewer = None
        self._build_menus()
        self.clear_error()
        title = self.session.meta.title
        note = f" <i>{esc(title)}</i>" if title else ""
        self.file_message.value = f'<span style="color:#2d7a2d">{done}</span>{note}'
        self.code_link.value = ""
        self.refresh()
        return self.state

    @property
    def error_text(self) -> str:
        """The error shown now, as plain text ('' if none)."""
        return plain_text(self.error.value)

    # ------------------------------------------------------------------ drawing
    def shown_state(self) -> GameState:
        s = self.state
        return s if self._viewer is None else s.view(self._viewer)

    def refresh(self) -> None:
        """Redraw everything from the session."""
        s = self.state
        shown = self.shown_state()
        self.board.update(s, self._viewer)
        self.players_panel.update(shown)
        self.decision.update(s, can_act=self._can_act(s), note=self._decision_note(s))
        self._update_log()
        self._announce()
        self.board_text.update(shown)
        self._sync_slider()
        self._update_controls(s)
        self.editor.lock(self._viewer is not None)
        # the score chart and the editor redraw only while their tab shows
        self._stale |= {TAB_SCORES, TAB_EDITOR, TAB_EVALUATE, TAB_REVIEW}
        self._refresh_tab(self.tabs.selected_index)
        if self.coach is not None:
            self.coach.refresh()
        who = "all-seeing" if self._viewer is None else f"{s.players[self._viewer].name}'s view"
        title = (f'<div style="font-size:15px"><b>{esc(s.game.title)}</b> · '
                 f'{len(s.players)} players · {esc(who)}</div>')
        if self.title.value != title:
            self.title.value = title

    def _refresh_tab(self, index) -> None:
        if index not in self._stale:
            return
        self._stale.discard(index)
        if index == TAB_SCORES:
            self.score.update(self.shown_state())
        elif index == TAB_EDITOR:
            self.editor.sync()
        elif index == TAB_EVALUATE:
            self.evaluation.set_state(self.state)
        elif index == TAB_REVIEW and self.coach is not None:
            self.coach.review.sync()

    def show_tab(self, index: int) -> None:
        """Select a tab (Players, Scores, What-if editor, Save / load, Evaluate moves; Game review
        with the coach) and draw it."""
        self.tabs.selected_index = index
        self._refresh_tab(index)

    @guarded
    def _on_tab(self, change) -> None:
        if change["new"] is not None:
            self._refresh_tab(change["new"])

    def close(self) -> None:
        """Close the explorer and every widget inside it."""
        def walk(w):
            for c in getattr(w, "children", ()):
                walk(c)
            if w is not self:
                w.close()
        walk(self)
        super().close()

    def _can_act(self, s) -> bool:
        return not s.is_over and (self._viewer is None or self._viewer == s.current_player)

    def _decision_note(self, s) -> str:
        if s.is_over:
            import archwk
            won = " and ".join(s.players[w].name for w in archwk.winners(s))
            return f"The game is over. Winner: {won}."
        p = s.current_player
        notes = []
        if not self.session.at_end:
            notes.append("You are looking at a past point: choosing here starts a new line of play; "
                         "the decisions after this point stay in the Line menu.")
        if self._viewer is not None and self._viewer != p:
            notes.append(f"Waiting for {s.players[p].name} to decide.")
        elif self.session.is_bot_seat(p):
            notes.append(f"A {self.session.seat_kind(p)} bot sits here: press Bot move, or choose for it.")
        return " ".join(notes)

    def _update_controls(self, s) -> None:
        bot = self.session.bot_to_move
        self.bot_step_button.disabled = not bot
        self.bots_button.disabled = not bot
        self.back_button.disabled = self.undo_button.disabled = self.session.cursor == 0
        self.forward_button.disabled = self.latest_button.disabled = self.session.at_end

    def _sync_lines(self) -> None:
        lines = self.session.lines()
        opts = [(line.title, line.number) for line in lines]
        was, self._syncing = self._syncing, True
        try:
            if list(self.lines_menu.options) != opts:
                self.lines_menu.options = opts
            if self.lines_menu.value != self.session.line_number:
                self.lines_menu.value = self.session.line_number
        finally:
            self._syncing = was
        shown = "flex" if len(lines) > 1 else "none"
        if self.lines_menu.layout.display != shown:
            self.lines_menu.layout.display = shown

    def _sync_slider(self) -> None:
        self._sync_lines()
        self._syncing = True
        try:
            n = len(self.session) - 1
            if self.slider.max != n:
                if self.slider.value > n:
                    self.slider.value = n
                self.slider.max = n
            self.slider.value = self.session.cursor
        finally:
            self._syncing = False
        s = self.state
        turn = f"{self.ui.turn_name} {self.ui.turn_of(s)}"
        note = f'<span style="color:{MUTED_TEXT}">{turn} · {len(self.session)} states in this line</span>'
        if self.history_note.value != note:
            self.history_note.value = note

    def _log_line(self, i: int) -> tuple[int | None, str, tuple[str, ...]]:
        """What led to state i, as the log and the announcer tell it: (the seat that
        chose, or None for the start or a what-if edit; the choice in words; the
        events' sentences)."""
        sess = self.session
        s = sess.states[i]
        actor = sess.actor(i)
        action = sess.action_at(i)
        events = tuple(e.text for e in s.events)
        if i == 0:
            return None, "Start", events
        if action is None:
            return None, "Edited position (what-if)", events
        assert actor is not None  # someone made the decision that led here
        label = str(action)
        if self._viewer is not None and actor != self._viewer and action.kind in self.ui.private_actions:
            label = "chooses a card"
        return actor, label, events

    def _log_entry(self, i: int) -> str:
        sess = self.session
        s = sess.states[i]
        key = (id(s), self._viewer)
        hit = self._log_cache.get(key)
        if hit is not None and hit[0] is s:
            return hit[1]
        actor, label, texts = self._log_line(i)
        if actor is not None:
            head = f"{seat_mark(s, actor)} <b>{esc(s.players[actor].name)}</b>: {esc(label)}"
        elif i == 0:
            head = f"<b>{esc(label)}</b>"
        else:
            head = "<b>Edited position</b> <i>(what-if)</i>"
        events = "".join(f"<li>{esc(x)}</li>" for x in texts)
        comment = sess.comment_at(i)
        note = (f'<div class="archwk-comment" style="color:#5a4a00;background:#fff8dc;padding:1px 4px">'
                f'💬 {esc(comment)}</div>' if comment else "")
        html = (f'<div style="margin:2px 0"><span style="color:{MUTED_TEXT}">#{i}</span> {head}'
                + (f'<ul style="margin:0 0 0 14px;padding:0">{events}</ul>' if events else "") + note + "</div>")
        if len(self._log_cache) > 4000:
            self._log_cache.clear()
        self._log_cache[key] = (s, html)
        return html

    def _update_log(self) -> None:
        c = self.session.cursor
        entries = [self._log_entry(i) for i in range(c, max(-1, c - LOG_DECISIONS), -1)]
        # a scroll box: focusable, so a keyboard can scroll it
        html = ('<div tabindex="0" role="region" aria-label="Event log" style="font-size:12px;line-height:1.35;'
                'max-height:320px;overflow-y:auto;border:1px solid #ddd;padding:2px 6px">'
                + "".join(entries) + "</div>")
        if self.event_log.value != html:
            self.event_log.value = html

    def _announce(self) -> None:
        """Put what happened since the last redraw into the announcer (plain
        text, oldest first): the decisions made and their events, or where the
        history now stands after a jump."""
        sess = self.session
        now = (id(sess.states[0]), sess.cursor, len(sess), self._viewer)
        was, self._announced = self._announced, now
        if was is None or was == now:
            return
        start = was[1] + 1 if was[0] == now[0] and was[1] < now[1] and was[3] == now[3] else None
        if start is None or now[1] - start >= LOG_DECISIONS:
            text = f"Decision {sess.cursor} of {len(sess) - 1} shown."
        else:
            parts = []
            for i in range(start, now[1] + 1):
                actor, label, texts = self._log_line(i)
                head = label if actor is None else f"{sess.states[i].players[actor].name}: {label}"
                for x in (head, *texts):
                    parts.append(x if x.endswith((".", "!", "?")) else x + ".")
            text = " ".join(parts)
        html = f"<p>{esc(text)}</p>"
        if self.announce.value != html:
            self.announce.value = html

    def _on_stale(self) -> None:
        """A board click or a button press made on a position shown before this one was
        not played (the second click of a double click, say): no error, a quiet note
        after what the announcer says."""
        if STALE_NOTE not in self.announce.value:
            self.announce.value += f"<p>{esc(STALE_NOTE)}</p>"

    # ------------------------------------------------------------------ menus
    def _check_viewer(self, viewer, state) -> int | None:
        if viewer is None or viewer == -1:
            return None
        if not isinstance(viewer, int) or not 0 <= viewer < len(state.players):
            raise ValueError(f"viewer: expected None (all-seeing) or a player index 0..{len(state.players) - 1}")
        return viewer

    def _build_menus(self) -> None:
        s = self.state
        self._syncing = True
        try:
            self.viewer_menu.options = [("All-seeing", -1)] + [(p.name, i) for i, p in enumerate(s.players)]
            self._sync_viewer_menu()
        finally:
            self._syncing = False
        for m in self.seat_menus:
            m.close()
        self.seat_menus = []
        self._own_bots: dict[int, tuple] = {}
        automa = s.game.automa_seats(s)
        for i, p in enumerate(s.players):
            if i in automa:
                m = ipywidgets.Dropdown(options=[("Solo opponent", "solo")], value="solo", disabled=True,
                                        description=p.name, layout=ipywidgets.Layout(width="220px"))
            else:
                kind = self.session.seat_kind(i)
                opts = seat_options()
                if kind not in {v for _, v in opts}:  # a bot object passed in by the caller
                    self._own_bots[i] = (kind, self.session.seats[i])
                    opts.append((kind, kind))
                m = ipywidgets.Dropdown(options=opts, value=kind, description=p.name,
                                        layout=ipywidgets.Layout(width="190px"),
                                        style={"description_width": "70px"})
                m.observe(functools.partial(self._on_seat, i), names="value")
            self.seat_menus.append(m)
        self.seats_box.children = self.seat_menus

    def _sync_viewer_menu(self) -> None:
        v = -1 if self._viewer is None else self._viewer
        if self.viewer_menu.value != v:
            was, self._syncing = self._syncing, True
            try:
                self.viewer_menu.value = v
            finally:
                self._syncing = was

    # ------------------------------------------------------------------ callbacks
    @guarded
    def _on_button(self, action) -> None:
        self.choose(action)

    @guarded
    def _on_board_click(self, click) -> None:
        s = self.state
        if not self._can_act(s):
            who = s.players[s.current_player].name if s.current_player is not None else ""
            self.show_error("The game is over." if s.is_over else
                            f"It is {who}'s decision: switch the view to {who} or to all-seeing to play it.")
            return
        action = self.action_for_click(click)
        if action is None:
            self.show_error(self._click_reason(click))
            return
        self.choose(action)

    def action_for_click(self, click):
        """The legal action a board click stands for, or None."""
        return self.ui.click_action(self.state.legal_actions(), click)

    def _click_reason(self, click) -> str:
        return self.ui.click_reason(self.state, click)

    @guarded
    def _on_slider(self, change) -> None:
        if self._syncing:
            return
        self.session.goto(int(change["new"]))
        self.clear_error()
        self.refresh()

    @guarded
    def _on_undo(self, _b=None) -> None:
        self.session.undo()
        self.clear_error()
        self.refresh()

    @guarded
    def _on_line(self, change) -> None:
        if self._syncing or change["new"] is None:
            return
        self.session.switch(int(change["new"]))
        self.clear_error()
        self.refresh()

    def undo(self) -> GameState:
        """Back to the last decision a person made (`Session.undo`), as the Undo button does."""
        self.session.undo()
        self.refresh()
        return self.state

    @guarded
    def _step(self, delta: int | None) -> None:
        if delta is None:
            self.session.goto(len(self.session) - 1)
        elif delta < 0:
            self.session.back(-delta)
        else:
            self.session.forward(delta)
        self.refresh()

    @guarded
    def _on_viewer(self, change) -> None:
        if self._syncing:
            return
        self.viewer = None if change["new"] == -1 else int(change["new"])

    def _on_seat(self, player: int, change) -> None:
        kind = change["new"]
        own = self._own_bots.get(player)
        self._seat_changed(player, own[1] if own and own[0] == kind else kind)

    @guarded
    def _seat_changed(self, player: int, kind) -> None:
        self.session.set_seat(player, kind)
        if self.session.at_end:
            self.session.run_bots()
        self.refresh()

    @guarded
    def _on_bot_step(self, _b=None) -> None:
        self.session.bot_step()
        self.clear_error()
        self.refresh()

    @guarded
    def _on_bots(self, _b=None) -> None:
        self.session.run_bots()
        self.clear_error()
        self.refresh()

    @guarded
    def _after_edit(self) -> None:
        self.clear_error()
        self.refresh()

    @guarded
    def _save_file(self) -> tuple[str, str]:
        """The file the Save button downloads: the game record, with the date."""
        import datetime
        text = self.session.save(date=datetime.datetime.now(datetime.UTC).date().isoformat())
        s = cast(GameState, self.session.latest)
        name = f"archwk-{len(s.players)}p-{self.ui.turn_name}{self.ui.turn_of(s)}.json"
        self.save_link.value = (f'<span style="margin-left:8px">Saved {esc(name)} '
                                f'({len(text) // 1024 + 1} KB) to your downloads</span>')
        return name, text

    def _file_error(self, e) -> None:
        """A load error, shown once: beside the load controls."""
        text = str(e) if isinstance(e, ValueError) else f"{type(e).__name__}: {e}"
        self.file_message.value = (f'<span style="color:#b00020;font-weight:bold">Could not load: '
                                   f'{esc(text[:600])}</span>')

    def _on_upload(self, change) -> None:
        files = change["new"]
        if not files:
            return
        f = files[0] if isinstance(files, (list, tuple)) else next(iter(files.values()))
        content = f["content"] if isinstance(f, dict) else f.content
        size = len(content)
        try:
            if size > MAX_BYTES:
                self._file_error(InvalidSave(
                    f"the file is {size / 1_000_000:.1f} MB; a saved game is at most {MAX_BYTES // 1_000_000} MB "
                    "(this is not an archwk save file)"))
                return
            self.load_json(bytes(content))
        except Exception:
            pass
        finally:
            self.upload.value = ()  # so the same file can be chosen again

    @guarded
    def _on_code(self, _b=None) -> None:
        from archwk.kit.codes import URL_PARAMETER
        code = self.session.state.game_code()
        self.code_text.value = code
        self.code_link.value = (f'<a href="?{URL_PARAMETER}={code}" target="_blank" style="margin-left:8px">'
                                f'Link to this position</a> <span style="color:#666">({len(code)} characters; '
                                "copy the code above, or the link)</span>")

    def _on_load_code(self, _b=None) -> None:
        with contextlib.suppress(Exception):  # shown by load_code
            self.load_code(self.code_text.value)

    @guarded
    def _on_comment(self, _b=None) -> None:
        self.session.set_comment(self.session.cursor, self.comment_text.value)
        self.comment_text.value = ""
        self._log_cache.clear()
        self._update_log()

    def _on_load_text(self, _b=None) -> None:
        with contextlib.suppress(Exception):
            self.load_json(self.load_text.value)
