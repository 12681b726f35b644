"""The tutorial's interface: lesson list with progress, the lesson text, the
board, the learner's choices as buttons, and the judge's verdict.

The tutorial teaches one game, chosen by name (`TutorialUI(game="archon")`;
Architects by default): its board, panels and lessons come from
`widgets.games.ui_for(game)`, the lessons being data on the shared framework of
`widgets.tutorial.lessons`. The lessons done are kept in the browser's storage
(`widgets.storage`, one key per game, site and page): the page hands them to the
kernel when it opens, so a reload shows the same progress; "Reset progress"
forgets them.

Built from plain ipywidgets and the game's widgets (its board, player panels and
score) with the shared `DecisionPanel`.

>>> ui = TutorialUI()
>>> lesson = ui.lesson
>>> for action in lesson.solution_actions():
...     ui.decision.button_for(action).click()
>>> ui.attempt.verdict.status
'right'
"""
from __future__ import annotations

import functools
from typing import Any

import ipywidgets

from ..decision import DecisionPanel
from ..games import ui_for
from ..storage import BrowserStorage
from ..text import ShowsErrors, esc, guarded, plain_text
from .lessons import CONTINUE, FORMER_KEYS, RIGHT, YOU, Attempt, Lesson, Progress, storage_key

_STYLE = {
    RIGHT: ("#e7f5e9", "#2d7a2d", "✔"),
    "wrong": ("#fdecea", "#b00020", "✘"),
    CONTINUE: ("#eef3fb", "#1f4e8c", "…"),
}


class TutorialUI(ShowsErrors, ipywidgets.VBox):
    """All lessons in one widget. `show(i)` opens lesson i; `choose(action)`
    plays a choice as a button click would; `attempt.verdict` is the judge's
    last word; `progress` says which lessons are done (kept in the browser's
    storage by `store`); `reset_progress()` forgets them."""

    def __init__(self, start: int = 0, *, game: str = "architects", **kwargs):
        #: the parts that draw the game taught, and its lessons
        self.ui = ui_for(game)
        self.game_name: str = getattr(game, "name", game)
        self.lessons = tuple(self.ui.lessons)
        if not self.lessons:
            raise LookupError(f"the game {self.game_name!r} has no tutorial lessons yet")
        #: which lessons are done (a progress class of this game's lessons)
        self.progress = Progress.for_lessons(self.lessons)()
        #: the browser-storage key of the progress: the game's name is in it (the page adds its path)
        self.store = BrowserStorage(storage_key(self.game_name), former=FORMER_KEYS.get(self.game_name, ""))
        self.store.on_load(self._on_stored)
        self.index = start
        self.attempt: Attempt  # set by show()

        self.lesson_buttons = [
            ipywidgets.Button(description=f"{i + 1}", tooltip=lesson.title,
                              layout=ipywidgets.Layout(width="auto", min_width="44px", margin="1px"))
            for i, lesson in enumerate(self.lessons)]
        for i, b in enumerate(self.lesson_buttons):
            b.on_click(functools.partial(self._on_jump, i))
        self.bar = ipywidgets.IntProgress(min=0, max=len(self.lessons), value=0,
                                          layout=ipywidgets.Layout(width="300px"))
        self.progress_text = ipywidgets.HTML()
        self.heading = ipywidgets.HTML()
        self.text = ipywidgets.HTML(layout=ipywidgets.Layout(max_width="1000px"))
        self.task = ipywidgets.HTML()
        self.hint = ipywidgets.HTML()
        self.error = ipywidgets.HTML()
        self.feedback = ipywidgets.HTML()
        self.happened = ipywidgets.HTML()
        self.score = self.ui.score()

        self.hint_button = ipywidgets.Button(description="Hint")
        self.retry_button = ipywidgets.Button(description="Try again")
        self.prev_button = ipywidgets.Button(description="◀ Previous lesson")
        self.next_button = ipywidgets.Button(description="Next lesson ▶", button_style="success")
        self.reset_button = ipywidgets.Button(description="Reset progress",
                                              tooltip="Forget which lessons are done (in this browser)",
                                              layout=ipywidgets.Layout(width="auto", margin="0 0 0 12px"))
        self.reset_button.on_click(self._on_reset)
        self.hint_button.on_click(self._on_hint)
        self.retry_button.on_click(self._on_retry)
        self.prev_button.on_click(self._on_prev)
        self.next_button.on_click(self._on_next)

        self.board: Any = None  # built on the first lesson (needs a state)
        self.decision = DecisionPanel(on_choose=self._on_choose)
        self.board_text = self.ui.board_text()  # the board in words, beside the figure
        self.players_panel = self.ui.player_panels()
        self.side = ipywidgets.VBox(
            [self.task, self.hint, self.decision, self.feedback, self.happened,
             ipywidgets.HBox([self.hint_button, self.retry_button]), self.board_text],
            layout=ipywidgets.Layout(width="420px", margin="0 0 0 8px"))
        self.main = ipywidgets.HBox([self.side])
        super().__init__(children=[
            ipywidgets.HBox([ipywidgets.HTML("<b>Lessons</b>&nbsp;"), *self.lesson_buttons],
                            layout=ipywidgets.Layout(flex_flow="row wrap", align_items="center")),
            ipywidgets.HBox([self.bar, self.progress_text, self.reset_button, self.store],
                            layout=ipywidgets.Layout(align_items="center")),
            self.heading, self.error, self.text, self.main, self.score, self.players_panel,
            ipywidgets.HBox([self.prev_button, self.next_button]),
        ], **kwargs)
        self.add_class("archwk-tutorial")
        self.feedback.add_class("archwk-live")  # the verdict is read out (widgets.a11y)
        self.show(start)

    # ------------------------------------------------------------------ public
    @property
    def lesson(self) -> Lesson:
        return self.lessons[self.index]

    def show(self, index: int) -> None:
        """Open lesson `index` (0-based) at its starting position."""
        if not 0 <= index < len(self.lessons):
            raise ValueError(f"no lesson {index + 1}; lessons run from 1 to {len(self.lessons)}")
        self.index = index
        self.attempt = self.lesson.start()
        self.clear_error()
        lesson = self.lesson
        self.heading.value = (f'<h2 style="margin:6px 0 2px 0;font-size:17px">Lesson {index + 1} of '
                              f'{len(self.lessons)}: {esc(lesson.title)}</h2><div style="color:#595959">Rulebook: '
                              f'<i>{esc(lesson.section)}</i></div>')
        paras = "".join(f"<p>{esc(p)}</p>" for p in lesson.explain.split("\n\n"))
        self.text.value = f'<div style="font-size:14px;line-height:1.45">{paras}</div>'
        self.task.value = (f'<div class="archwk-task" style="background:#fff7d6;border:1px solid #e8d48a;'
                           f'border-radius:4px;padding:6px 8px;font-size:14px"><b>Your task:</b> '
                           f'{esc(lesson.task)}</div>')
        self.hint.value = ""
        self.hint_button.disabled = not lesson.hint
        self.prev_button.disabled = index == 0
        self.next_button.disabled = index == len(self.lessons) - 1
        self._redraw()

    def choose(self, action):
        """Play the learner's choice (as a button click does) and show the verdict."""
        verdict = self.attempt.choose(action)
        self.clear_error()
        self._redraw()
        return verdict

    def reset_progress(self) -> None:
        """Forget the lessons done, here and in the browser's storage."""
        self.progress.clear()
        self._save_progress()
        self._draw_progress()

    @property
    def feedback_text(self) -> str:
        """The judge's last word as plain text ('' if none)."""
        return plain_text(self.feedback.value)

    # ------------------------------------------------------------------ drawing
    def _redraw(self) -> None:
        a = self.attempt
        s = a.state
        if self.board is None:
            self.board = self.ui.board(s)
            self.board.on_click(self._on_board_click)
            self.main.children = [self.board, self.side]
        else:
            self.board.update(s)
        self.board_text.update(s)
        self.players_panel.update(s)
        self.score.update(s)
        choices = a.choices()
        can_act = bool(choices)
        note = ""
        if a.done:
            note = "Lesson position after your move." if a.verdict and a.verdict.status == RIGHT else ""
        elif s.current_player != YOU:
            note = "Waiting for the other player."
        self.decision.update(s, can_act=can_act, note=note)
        v = a.verdict
        if v is None:
            self.feedback.value = ""
        else:
            bg, fg, mark = _STYLE[v.status]
            self.feedback.value = (f'<div class="archwk-verdict archwk-{v.status}" style="background:{bg};'
                                   f'color:{fg};border:1px solid {fg};border-radius:4px;padding:6px 8px;'
                                   f'margin-top:6px;font-size:14px">{mark} {esc(v.text)}</div>')
        events = a.events_text()
        self.happened.value = ("<div style='font-size:12px;color:#444;margin-top:4px'><b>What happened</b><ul "
                               "style='margin:0 0 0 16px;padding:0'>"
                               + "".join(f"<li>{esc(t)}</li>" for t in events[-12:]) + "</ul></div>"
                               if events else "")
        if v is not None and v.status == RIGHT and self.progress.mark(self.lesson.key):
            self._save_progress()
        self._draw_progress()

    def _save_progress(self) -> None:
        self.store.store(self.progress.to_json())

    @guarded
    def _on_stored(self, text: str) -> None:
        """The page read the browser's storage: the lessons done there are done here
        too (malformed or foreign data counts as none), and the union is kept."""
        self.progress.done |= type(self.progress).from_json(text).done
        self._save_progress()
        self._draw_progress()

    def _draw_progress(self) -> None:
        for i, (lesson, b) in enumerate(zip(self.lessons, self.lesson_buttons)):
            done = lesson.key in self.progress.done
            desc = f"✓{i + 1}" if done else f"{i + 1}"
            style = "success" if done else ("info" if i == self.index else "")
            if b.description != desc:
                b.description = desc
            if b.button_style != style:
                b.button_style = style
        self.bar.value = self.progress.count
        self.progress_text.value = f"&nbsp;{esc(self.progress.summary())}"
        self.reset_button.disabled = not self.progress.done

    # ------------------------------------------------------------------ callbacks
    @guarded
    def _on_choose(self, action) -> None:
        self.choose(action)

    def action_for_click(self, click):
        """The learner's choice a board click stands for (as in the explorer), or None."""
        return self.ui.click_action(self.attempt.choices(), click)

    @guarded
    def _on_board_click(self, click) -> None:
        a = self.attempt
        if not a.choices():
            self.show_error("This lesson is over: press Try again or go to the next lesson."
                            if a.done else "It is not your decision.")
            return
        action = self.action_for_click(click)
        if action is None:
            self.show_error(self.ui.click_reason(a.state, click))
            return
        self.choose(action)

    @guarded
    def _on_jump(self, index: int, _b=None) -> None:
        self.show(index)

    @guarded
    def _on_reset(self, _b=None) -> None:
        self.reset_progress()

    @guarded
    def _on_hint(self, _b=None) -> None:
        self.hint.value = (f'<div style="color:#555;font-size:13px;margin:4px 0">Hint: {esc(self.lesson.hint)}</div>'
                           if self.lesson.hint else "")

    @guarded
    def _on_retry(self, _b=None) -> None:
        self.show(self.index)

    @guarded
    def _on_prev(self, _b=None) -> None:
        self.show(max(0, self.index - 1))

    @guarded
    def _on_next(self, _b=None) -> None:
        self.show(min(len(self.lessons) - 1, self.index + 1))
