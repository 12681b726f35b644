"""The coach on the pages: each player's chance to win, a hint, a judgement of
every move a person makes, a review of the whole game and exercises from its
worst moves (issue 13).

Everything the coach finds comes from the library (`archwk.analysis.win_chances`,
`archwk.ai.coach`: `hint`, `judge`, `review`, `exercises`), and every word it
says about the game is the game's explainer's (`state.game.explainer.coach`:
chances, choices, verdicts, the review's summary, the exercises); this module
lays them out, in the players' colours and shapes (widgets.palette), with the
words of its own controls (buttons, progress, what to press next).

- `EvaluationBar`: one coloured segment per player, as wide as that player's
  chance to win, with the chances in words beside it (and as the bar's
  accessible name), redrawn after every decision.
- `HintPanel`: the Hint button and the three best choices for the player to
  move, each with its chance to win, how sure the coach is (the range the
  chance is likely in, in words and as a small bar) and why; "Play choice N"
  plays that choice (the coach does not then judge it: it was its own).
- the judgement line: after a person's decision (never a bot's), the verdict
  (inaccuracy, mistake, blunder) when the library finds the drop clear of the
  noise, with the better choice.
- `ReviewPanel` (the explorer's "Game review" tab): every player's chance to
  win over the game as a chart, the judged moves marked; clicking a point
  moves the explorer's history there. The judged moves are also listed in
  words. Below, `ExercisePanel`: each blunder (and each big swing) of the
  reviewed game as a "find a better move" position.
- `Coach`: the above around one `GameExplorer`, with an on/off switch (off:
  no bar, hint or judgement, and nothing computed for them; the review tab
  stays, as it computes only when asked).

The hint, the judgements and the review take a second or more. Where the
kernel has threads (Jupyter, Voila) they run on a worker thread, so the page
keeps answering clicks; the Hint button shows that the coach is thinking. In
the static site (Pyodide: no threads) they run on the page's event loop after
the click has been answered (the board redrawn, the busy state drawn); a move's
judgement waits until the page has been still for half a second, so clicks in a
row are answered at once (`Jobs`).

>>> import archwk
>>> from widgets.explorer import GameExplorer
>>> ex = GameExplorer(archwk.new_game(2, seed=3), coach=True)
>>> round(sum(ex.coach.bar.chances), 6), sum(ex.coach.bar.percents)
(1.0, 100)
"""
from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import ipywidgets

from .a11y import strong_button
from .inbrowser import coach_notice_html
from .palette import MUTED_TEXT, ink, seat_symbol
from .text import ShowsErrors, colour, error_html, esc, guarded, plain_text, seat_mark

if TYPE_CHECKING:
    from archwk import GameState

    from .decision import DecisionPanel
    from .figure import LiveFigure
    from .session import Session

#: how each verdict looks: (the chess-style mark, text colour on white, plotly marker); its
#: name is the explainer's (`coach_words(state).verdict_word`)
VERDICT_LOOK: dict[str, tuple[str, str, str]] = {
    "inaccuracy": ("?!", "#7a5200", "circle-open"),
    "mistake": ("?", "#b34700", "triangle-down"),
    "blunder": ("??", "#b00020", "x"),
}
#: how a move without a verdict is shown: (mark, ink) for a good move, and for one whose
#: drop is too close to call
GOOD_LOOK = ("✓", "#2e7d32")
CLOSE_LOOK = ("≈", MUTED_TEXT)
#: how long the coach thinks (seconds): a hint, a judgement after each person's move
HINT_SECONDS = 1.0
#: the same as the hint's, so a hint and a judgement at one position are one look (`archwk.ai.coach.assess`)
JUDGE_SECONDS = HINT_SECONDS
#: the review's care: seconds per judged move
REVIEW_SPEEDS = (("Quick (0.1 s a move)", 0.1), ("Normal (0.3 s a move)", 0.3), ("Careful (1 s a move)", 1.0))
#: how far back from the position shown the judgement line looks for a person's judged move
JUDGEMENT_LOOKBACK = 60


class CoachHost(Protocol):
    """What the coach uses of the page it coaches (`widgets.explorer.GameExplorer`
    passes itself): its session and the position shown, and its moves. The coach
    does not import the explorer (the explorer imports the coach)."""

    session: Session

    @property
    def state(self) -> GameState: ...

    @property
    def error_text(self) -> str: ...

    def shown_state(self) -> GameState: ...

    def choose(self, action) -> GameState: ...

    def goto(self, index: int) -> GameState: ...

    def _can_act(self, s) -> bool: ...


def _lib():
    """The coach library (imported when first needed: a page that never asks
    for a hint does not pay for it)."""
    from archwk.ai import coach
    return coach


def coach_words(state):
    """The coach's words for `state`'s game: its explainer's (`explain.coach`)."""
    return state.game.explainer.coach


def threads_available() -> bool:
    """The kernel can run work on a thread (not so in the browser's Pyodide)."""
    return sys.platform != "emscripten"


class ReviewStopped(Exception):
    """Raised from the review's progress callback when Stop is pressed."""


#: in the browser (no threads), how long the page must be still before the coach judges a
#: move: a click that comes sooner is answered at once, and a newer move's judgement
#: replaces one not yet begun (the judgement line is about the latest move)
QUIET_SECONDS = 0.5


def page_loop():
    """The event loop of the page Python runs in (Pyodide's, in the browser): work put
    there runs after the message being handled, so the page is answered first. None
    where the kernel has threads."""
    if threads_available():
        return None
    import asyncio
    try:
        return asyncio.get_event_loop()
    except RuntimeError:
        return None


class Jobs:
    """Runs the coach's slow work: on a daemon thread where the kernel has
    threads (`background`); else, in a page with an event loop (`loop`: the
    browser's), after the message being handled, so that the board answers the
    click first; else at once. `done(result)` or `failed(error)` is called
    afterwards (on that thread); nothing is called after `close()`.

    In the browser a judgement (`run(..., key="judge", delay=QUIET_SECONDS)`)
    waits until the page has been still for `delay` seconds, and a newer job of
    the same key replaces it if it has not begun (`dropped()` is called for it):
    clicks in a row are answered at once, and the coach then judges the latest
    move. (Python in a page has one thread: a click made while the coach thinks
    is answered when it is done, after at most its time budget.)"""

    def __init__(self, background: bool | None = None, loop=None):
        self.background = threads_available() if background is None else background
        self.loop = loop if loop is not None or self.background else page_loop()
        self._threads: list[threading.Thread] = []
        self._waiting: dict[object, tuple[Any, Callable[[], None] | None]] = {}  # key -> (handle, dropped)
        self.closed = False

    def run(self, work: Callable[[], Any], done: Callable[[Any], None],
            failed: Callable[[BaseException], None], *, key: object = None, delay: float = 0.0,
            dropped: Callable[[], None] | None = None) -> None:
        def task() -> None:
            if handle is not None and self._waiting.get(key, (None,))[0] is handle:
                del self._waiting[key]  # begun: no longer replaceable
            try:
                result = work()
            except Exception as e:
                if not self.closed:
                    failed(e)
                return
            if not self.closed:
                try:
                    done(result)
                except Exception as e:
                    failed(e)
        handle = None
        if self.background:
            t = threading.Thread(target=task, daemon=True, name="archwk-coach")
            self._threads = [x for x in self._threads if x.is_alive()] + [t]
            t.start()
        elif self.loop is None:
            task()
        else:
            if key is None:
                key = object()  # (a job of its own)
            older = self._waiting.pop(key, None)
            if older is not None:
                older[0].cancel()
                if older[1] is not None:
                    older[1]()
            handle = self.loop.call_later(delay, task)
            self._waiting[key] = (handle, dropped)

    @property
    def busy(self) -> bool:
        return bool(self._waiting) or any(t.is_alive() for t in self._threads)

    def wait(self, timeout: float = 120.0) -> bool:
        """Wait for the work started so far; False if some is still running after `timeout` s."""
        end = time.monotonic() + timeout
        for t in list(self._threads):
            t.join(max(0.0, end - time.monotonic()))
        return not self.busy

    def close(self) -> None:
        self.closed = True
        for handle, _ in self._waiting.values():
            handle.cancel()
        self._waiting.clear()


def _report(e: BaseException) -> None:
    """An unexpected error on the coach's thread goes to the server's log too."""
    if not isinstance(e, ValueError):
        import traceback
        traceback.print_exception(e, file=sys.__stderr__)


# --------------------------------------------------------------------------- the evaluation bar

def j_player(states: Sequence, i: int) -> int:
    """Who moved at `states[i]` (the state before a judged move; -1 when it is not in the line shown)."""
    if 0 <= i < len(states) and states[i].current_player is not None:
        return states[i].current_player
    return -1

def chances_sentence(state, chances: Sequence[float]) -> str:
    """The chances in words (the explainer's, from the players' names, the chances
    and, once the game is over, its winners): 'Ann has a 34% chance to win, Ben 41%, Cy 25%.'

    >>> import archwk
    >>> chances_sentence(archwk.new_game(["Ann", "Ben", "Cy"], seed=1), [0.08, 0.5, 0.42])
    'Ann has an 8% chance to win, Ben 50%, Cy 42%.'
    """
    names = [p.name for p in state.players]
    winners = state.game.winners(state) if state.is_over else None
    return coach_words(state).chances_sentence(names, chances, winners, keep=_keep(state))


def _keep(state) -> int | None:
    """The seat whose figure on the bar is its own rounding (the coach's sentences give
    it): the player to move."""
    return None if state.is_over else state.current_player


class EvaluationBar(ipywidgets.Box):
    """Each player's chance to win (`archwk.analysis.win_chances`) as one bar
    of coloured segments, with the same in words (also the bar's accessible
    name). `update(state)` redraws it; `chances` are the library's values,
    `percents` the whole percentages shown (they add up to 100; the player to move's is
    the figure the coach's sentences give)."""

    def __init__(self, **kwargs):
        self.html = ipywidgets.HTML()
        super().__init__(children=[self.html], **kwargs)
        self.add_class("archwk-evalbar")
        self.state: GameState | None = None
        self.chances: list[float] = []
        self.percents: list[int] = []
        self.text = ""

    def update(self, state, chances: Sequence[float] | None = None) -> None:
        """Show `chances` for `state` (the coach's own for that position), or the
        win-chance model's where the coach has not looked at it."""
        if chances is None:
            from archwk.analysis import win_chances
            chances = win_chances(state)
        chances = list(chances)
        if state is self.state and chances == self.chances:
            return
        self.state, self.chances, self.percents = state, chances, coach_words(state).percents(
            chances, _keep(state))
        self.text = chances_sentence(state, chances)
        html = self._html(state)
        if self.html.value != html:
            self.html.value = html

    def _html(self, state) -> str:
        shown = coach_words(state).shown
        segments, legend = [], []
        for i, (pc, c) in enumerate(zip(self.percents, self.chances)):
            fill = colour(state, i)
            name = state.players[i].name
            label = esc(shown(pc, c)) if pc >= 9 else ""
            if pc:
                segments.append(
                    f'<div title="{esc(name)}: {shown(pc, c)}" style="width:{pc}%;background:{fill};'
                    f'color:{ink(fill)};font-size:11px;line-height:18px;text-align:center;overflow:hidden;'
                    f'white-space:nowrap">{label}</div>')
            legend.append(f'{seat_mark(state, i)} {esc(name)} <b>{esc(shown(pc, c))}</b>')
        return ('<div style="display:flex;align-items:center;gap:8px;flex-wrap:wrap;font-size:12px">'
                f'<span style="font-weight:bold">Chances to win</span>'
                f'<div role="img" aria-label="{esc(self.text)}" style="display:flex;width:300px;height:18px;'
                'border:1px solid #6b6b6b;border-radius:3px;overflow:hidden;background:#eee">'
                + "".join(segments) + "</div>"
                f'<span aria-hidden="true">{" · ".join(legend)}</span></div>')


# --------------------------------------------------------------------------- the hint

def choice_html(state, rank: int, choice) -> str:
    """One of the hint's choices at `state` in words, with a small bar of its likely range."""
    words = coach_words(state)
    lo, hi, wc = (max(0.0, min(1.0, x)) for x in (choice.low, choice.high, choice.win_chance))
    track = ('<span aria-hidden="true" style="display:inline-block;position:relative;width:110px;height:8px;'
             'background:#e6e6e6;border:1px solid #8a8a8a;border-radius:2px;vertical-align:middle;'
             f'margin:0 4px"><span style="position:absolute;left:{lo:.1%};width:{max(hi - lo, 0.01):.1%};'
             'top:0;bottom:0;background:#7aa6d6"></span><span style="position:absolute;'
             f'left:calc({wc:.1%} - 1px);width:2px;top:-2px;bottom:-2px;background:#1a4f8b"></span></span>')
    # data-samples: the sample games its chance rests on, for tools reading the page (the static
    # site's benchmark: fewer in the browser, where Python is slower, in the same time)
    return (f'<div class="archwk-hint-choice" data-samples="{int(choice.n)}" style="font-size:12px;'
            f'line-height:1.35"><b>{rank}. {esc(choice.label)}</b><br>'
            f'{esc(words.choice_chance(choice))} {track}'
            f'<span style="color:{MUTED_TEXT}">{esc(words.range_words(lo, hi))}</span><br>'
            f'<i>{esc(choice.after_label or choice.why)}</i></div>')


class HintPanel(ipywidgets.VBox):
    """The Hint button, its busy state and the best choices found (`choices`,
    for the position `state`), each with a button that plays it."""

    def __init__(self, on_ask: Callable[[], None], on_play: Callable[[int], None]):
        self.button = ipywidgets.Button(description="Hint", style=strong_button(),
                                        tooltip="the coach's best choices for the player to move",
                                        layout=ipywidgets.Layout(width="auto"))
        self.button.add_class("archwk-hint")
        self.status = ipywidgets.HTML()
        self.status.add_class("archwk-live")  # "thinking…" and the result are read out (widgets.a11y)
        # the rows of choices are made with the first hint (fewer widgets for the page to draw at first)
        self.play_buttons: list[ipywidgets.Button] = []
        self._button_layout = ipywidgets.Layout(width="110px", flex="0 0 auto")  # shared by the play buttons
        self.texts: list[ipywidgets.HTML] = []
        self._rows: list[ipywidgets.HBox] = []
        self._on_play = on_play
        self.rows = ipywidgets.VBox()
        self.rows.add_class("archwk-hint-choices")
        self.choices: list = []
        self.state: GameState | None = None
        self.thinking = False
        self.button.on_click(lambda _b: on_ask())
        super().__init__(children=[ipywidgets.HBox([self.button, self.status],
                                                   layout=ipywidgets.Layout(align_items="center")),
                                   self.rows], layout=ipywidgets.Layout(margin="4px 0"))

    def busy(self, seconds: float) -> None:
        self.thinking = True
        self.button.disabled = True
        self.button.description = "Thinking…"
        n = max(1, round(seconds))
        self.status.value = (f'<span style="color:{MUTED_TEXT}">The coach is weighing the choices '
                             f'(about {n} second{"s" if n != 1 else ""})…</span>')
        self.clear()

    def show(self, state, choices: Sequence) -> None:
        self.thinking = False
        self.state, self.choices = state, list(choices)
        self.button.description = "Hint"
        who = state.players[state.current_player].name
        self.status.value = f"<span>{esc(coach_words(state).hint_heading(who, len(self.choices)))}</span>"
        self._make_rows(len(self.choices))
        # each hint gets its own play buttons: a click sent while the browser still showed an
        # earlier hint (of this position or another) reaches a closed button and plays nothing
        old = self.play_buttons[:len(self.choices)]
        for c, (choice, text, row) in enumerate(zip(self.choices, self.texts, self._rows)):
            text.value = choice_html(state, c + 1, choice)
            b = self._play_button(c, self.choices)
            b.tooltip = f"play: {choice.label}"
            self.play_buttons[c] = b
            row.children = (b, text)
        self.rows.children = self._rows[:len(self.choices)]
        for b in old:
            b.close()

    def _play_button(self, i: int, choices: list) -> ipywidgets.Button:
        b = ipywidgets.Button(description=f"Play choice {i + 1}", layout=self._button_layout)
        b.on_click(lambda _b: self._on_play(i) if choices is self.choices else None)
        return b

    def _make_rows(self, n: int) -> None:
        while len(self._rows) < n:
            i = len(self._rows)
            b = self._play_button(i, [])
            t = ipywidgets.HTML(layout=ipywidgets.Layout(flex="1 1 auto", margin="0 0 0 6px"))
            self.play_buttons.append(b)
            self.texts.append(t)
            self._rows.append(ipywidgets.HBox([b, t], layout=ipywidgets.Layout(align_items="center",
                                                                              margin="2px 0")))

    def close(self) -> None:
        for w in self._rows:
            for c in w.children:
                c.close()
            w.close()
        self._button_layout.close()
        super().close()

    def clear(self) -> None:
        self.state, self.choices = None, []
        if self.rows.children:
            self.rows.children = ()

    def idle(self, can_ask: bool, note: str = "") -> None:
        """Ready for a new question (or not, when nobody here may ask)."""
        self.thinking = False
        self.button.description = "Hint"
        self.button.disabled = not can_ask
        html = f'<span style="color:{MUTED_TEXT}">{esc(note)}</span>' if note else ""
        if self.status.value != html:
            self.status.value = html

    @property
    def labels(self) -> list[str]:
        return [c.label for c in self.choices]


# --------------------------------------------------------------------------- judgement

def judgement_html(state, player: int, judgement) -> str:
    """The judgement of a person's move, in words: the verdict's name and mark, then the
    explainer's sentence without the verdict word; a move without a verdict gets a short,
    quieter line too (the explainer's sentence: as good as the coach's choice, or too close
    to call)."""
    words = coach_words(state)
    # the sample games the move and the coach's first choice were valued on (data-*: for tools reading the page)
    samples = f'data-samples="{int(judgement.best.n)}" data-played-samples="{int(judgement.played.n)}"'
    if judgement.verdict is None:
        mark, ink_colour = CLOSE_LOOK if judgement.too_close else GOOD_LOOK
        return (f'<div class="archwk-judgement archwk-judgement-good" {samples} style="font-size:12px;'
                f'border-left:4px solid {ink_colour};'
                f'padding:2px 6px;margin:4px 0"><b style="color:{ink_colour}" aria-hidden="true">{mark}</b> '
                f'{seat_mark(state, player)} <b>{esc(state.players[player].name)}</b>: '
                f'{esc(words.judgement_text(judgement))}</div>')
    mark, ink_colour, _ = VERDICT_LOOK[judgement.verdict]
    text = words.judgement_text(judgement, with_verdict=False)
    return (f'<div class="archwk-judgement" {samples} style="font-size:13px;border-left:4px solid {ink_colour};'
            f'padding:2px 6px;margin:4px 0;'
            f'background:#fafafa"><b style="color:{ink_colour}">{esc(words.verdict_word(judgement.verdict))} '
            f'{mark}</b> {seat_mark(state, player)} <b>{esc(state.players[player].name)}</b>: {esc(text)}</div>')


# --------------------------------------------------------------------------- the review chart

def review_chart(review, state) -> Any:
    """A plotly figure of every player's chance to win over the game (one line
    per player, a point per step), the judged moves marked by their verdict
    (one trace per verdict found)."""
    import plotly.graph_objects as go
    words = coach_words(state)
    steps = list(range(len(review.chances)))
    names = list(review.players) or [p.name for p in state.players]
    fig = go.Figure()
    for p, name in enumerate(names):
        ys = [row[p] for row in review.chances]
        fig.add_trace(go.Scatter(
            x=steps, y=ys, mode="lines+markers", name=name, meta={"seat": p},
            line=dict(color=colour(state, p), width=2),
            marker=dict(symbol=seat_symbol(p), size=5, color=colour(state, p)),
            hovertemplate=f"decision %{{x}}: {esc(name)} %{{y:.0%}}<extra></extra>"))
    for verdict, (mark, ink_colour, symbol) in VERDICT_LOOK.items():
        word = words.verdict_word(verdict)
        hits = [(step, p, j) for step, p, j in review.judged if j.verdict == verdict]
        if not hits:
            continue
        fig.add_trace(go.Scatter(
            x=[s for s, _, _ in hits], y=[review.chances[s][p] for s, p, _ in hits], mode="markers+text",
            name=f"{word} {mark}", meta={"verdict": verdict}, text=[mark] * len(hits), textposition="top center",
            textfont=dict(color=ink_colour, size=12),
            marker=dict(symbol=symbol, size=12, color=ink_colour, line=dict(width=2, color=ink_colour)),
            customdata=[[names[p], _wrap(words.judgement_text(j, with_verdict=False))] for _, p, j in hits],
            hovertemplate=f"decision %{{x}}: {word.lower()} by %{{customdata[0]}}<br>%{{customdata[1]}}"
                          "<br>click to see the position<extra></extra>"))
    fig.update_layout(
        title="Chances to win over the game", height=340, margin=dict(l=50, r=20, t=50, b=40),
        xaxis=dict(title="decision", rangemode="tozero"),
        yaxis=dict(title="chance to win", range=[-0.02, 1.05], tickformat=".0%"),
        legend=dict(orientation="h", y=-0.2), clickmode="event", hovermode="closest")
    return fig


def _wrap(text: str, width: int = 60) -> str:
    import textwrap
    return "<br>".join(esc(x) for x in textwrap.wrap(text, width)) or esc(text)


# --------------------------------------------------------------------------- exercises

class ExercisePanel(ShowsErrors, ipywidgets.VBox):
    """'Find a better move': one exercise at a time (`archwk.ai.coach.Exercise`),
    its choices as buttons; a choice is checked by `Exercise.check`."""

    def __init__(self, on_open: Callable[[int], None] | None = None):
        self.error = ipywidgets.HTML()
        self.title = ipywidgets.HTML()
        self.prompt = ipywidgets.HTML()
        self.feedback = ipywidgets.HTML()
        self.feedback.add_class("archwk-live")
        self.prev_button = ipywidgets.Button(description="◀ Previous", layout=ipywidgets.Layout(width="100px"))
        self.next_button = ipywidgets.Button(description="Next ▶", layout=ipywidgets.Layout(width="90px"))
        self.answer_button = ipywidgets.Button(description="Show the answer",
                                               tooltip="the coach's best choices here")
        self.prev_button.on_click(lambda _b: self._go(-1))
        self.next_button.on_click(lambda _b: self._go(+1))
        self.answer_button.on_click(self._on_answer)
        self.board_button = ipywidgets.Button(description="Show on the board",
                                              tooltip="the explorer's board and history go to this position")
        self.board_button.on_click(self._on_board)
        self.decision: DecisionPanel | None = None  # made for the first exercise
        self.choices_box = ipywidgets.Box()
        self.items: list = []
        self.steps: list[int | None] = []
        self.index = 0
        self.solved: set[int] = set()
        self._on_open = on_open
        super().__init__(children=[self.title, self.error], layout=ipywidgets.Layout(margin="8px 0"))
        self.set_exercises([], [])

    def set_exercises(self, items: Sequence, steps: Sequence[int | None]) -> None:
        self.items, self.steps, self.index, self.solved = list(items), list(steps), 0, set()
        if not self.items:
            self.title.value = ""
            self.children = [self.title, self.error]
            return
        self.children = [self.title, self.prompt, self.choices_box, self.feedback,
                         ipywidgets.HBox([self.prev_button, self.next_button, self.board_button,
                                          self.answer_button]), self.error]
        self.show_exercise(0, jump=False)

    @property
    def exercise(self):
        return self.items[self.index] if self.items else None

    def show_exercise(self, index: int, jump: bool = True) -> None:
        """Show exercise `index` (0 = the first); with `jump`, the explorer's
        board goes to its position too."""
        if not 0 <= index < len(self.items):
            raise ValueError(f"exercise: no exercise {index + 1}; there are {len(self.items)}")
        from .decision import DecisionPanel
        self.index = index
        ex = self.items[index]
        if self.decision is None:
            self.decision = DecisionPanel(on_choose=self._on_choose)
            self.choices_box.children = [self.decision]
        n = len(self.items)
        done = f" · {len(self.solved)} solved" if self.solved else ""
        self.title.value = (f'<h3 style="font-size:14px;margin:6px 0 2px">Find a better move: exercise '
                            f'{index + 1} of {n}{done}</h3>')
        where = ("“Show on the board” puts the position on the board above." if self.steps[index] is not None
                 else "")
        self.prompt.value = (f'<div style="font-size:13px">{seat_mark(ex.state, ex.player)} {esc(ex.prompt)} '
                             f'<span style="color:{MUTED_TEXT}">{where}</span></div>')
        self.decision.update(ex.state, can_act=True)
        self.feedback.value = ""
        self.clear_error()
        self.prev_button.disabled = index == 0
        self.next_button.disabled = index == n - 1
        self.board_button.disabled = self.steps[index] is None
        if jump and self._on_open is not None:
            self._on_open(index)

    def check(self, action) -> tuple[bool, str]:
        """Check a choice for the exercise shown (as its button does)."""
        ex = self.exercise
        if ex is None:
            raise ValueError("exercise: there is no exercise to answer")
        ok, why = ex.check(action)
        if ok:
            self.solved.add(self.index)
        look = ("✔ Accepted", "#2d7a2d") if ok else ("✘ Not this one", "#b00020")
        self.feedback.value = (f'<div style="font-size:13px"><b style="color:{look[1]}">{look[0]}</b>: '
                               f"{esc(why)}</div>")
        return ok, why

    @guarded
    def _on_choose(self, action) -> None:
        self.check(action)

    @guarded
    def _go(self, delta: int) -> None:
        self.show_exercise(self.index + delta)

    @guarded
    def _on_board(self, _b=None) -> None:
        if self.items and self._on_open is not None:
            self._on_open(self.index)

    @guarded
    def _on_answer(self, _b=None) -> None:
        ex = self.exercise
        if ex is None:
            return
        best = coach_words(ex.state).coach_would_play(ex.best)
        self.feedback.value = (f'<div style="font-size:13px"><b>The coach would play</b>: {esc(best)}.</div>')


# --------------------------------------------------------------------------- the review

class ReviewPanel(ShowsErrors, ipywidgets.VBox):
    """The explorer's "Game review" tab: review the game of the current line
    (as played, or as loaded from a save file), draw the chart, list the judged
    moves and make the exercises."""

    def __init__(self, coach: Coach):
        self.coach = coach
        self.error = ipywidgets.HTML()
        self.button = ipywidgets.Button(description="Review this game", style=strong_button(),
                                        tooltip="the coach judges every decision of this line of play",
                                        layout=ipywidgets.Layout(width="auto"))
        self.speed = ipywidgets.Dropdown(options=REVIEW_SPEEDS, value=0.3, description="Care",
                                         layout=ipywidgets.Layout(width="260px"),
                                         style={"description_width": "40px"})
        self.stop_button = ipywidgets.Button(description="Stop", layout=ipywidgets.Layout(width="70px",
                                                                                         display="none"))
        self.progress = ipywidgets.IntProgress(min=0, max=1, value=0, description="Reviewing",
                                               layout=ipywidgets.Layout(display="none", width="300px"))
        self.status = ipywidgets.HTML()
        self.status.add_class("archwk-live")
        self.chart = ipywidgets.Box()
        self.figure: LiveFigure | None = None  # made with the first review: a page that never reviews loads no
        # second chart
        self.moves = ipywidgets.HTML()
        self.exercises = ExercisePanel(on_open=self._show_exercise)
        self.review = None
        self.reviewed: tuple = ()  # the states of the line reviewed
        self.offset = 0            # review step - explorer state index
        self.done_html = ""        # the review's status line when it was done
        self._stop = False
        self.running = False
        self.button.on_click(self._on_review)
        self.stop_button.on_click(self._on_stop)
        super().__init__(children=[
            ipywidgets.HTML("<p style='font-size:13px;margin:2px 0'>The coach judges every decision of the "
                            "game shown (load a saved game in the Save / load tab to review it), draws each "
                            "player's chance to win over the game and marks the inaccuracies, mistakes and "
                            "blunders; click a point to see that position. Each blunder, and each move that "
                            "clearly cost a large share of the chance to win, becomes an exercise below.</p>"),
            ipywidgets.HBox([self.button, self.speed, self.stop_button, self.progress, self.status],
                            layout=ipywidgets.Layout(flex_flow="row wrap", align_items="center")),
            self.error, self.chart, self.moves, self.exercises])

    # ---- running
    def start(self) -> None:
        """Review the current line of the explorer (on the coach's thread where there is one)."""
        if self.running:
            raise ValueError("review: a review is already running; wait for it or press Stop")
        ex = self.coach.explorer
        sess = ex.session
        states = sess.states
        latest = states[-1]
        players = self.coach.judged_players()
        n_moves = sum(1 for i in range(1, len(states)) if sess.action_at(i) is not None
                      and states[i - 1].current_player in players)
        seconds = float(self.speed.value)
        self.clear_error()
        self.running, self._stop = True, False
        self.button.disabled = True
        self.stop_button.layout.display = "inline-flex"
        self.progress.layout.display = "inline-flex"
        self.progress.max, self.progress.value = max(1, len(states) - 1), 0
        whose = " and ".join(latest.players[p].name for p in sorted(players))
        self.status.value = (f'<span style="color:{MUTED_TEXT}">Reviewing {n_moves} decisions of {esc(whose)} '
                             f'(about {max(1, round(n_moves * seconds))} seconds)…</span>')
        last = [0.0]

        def progress(i: int, n: int) -> None:
            if self._stop or self.coach.jobs.closed:  # Stop pressed, or the page closed
                raise ReviewStopped()
            now = time.monotonic()
            if now - last[0] > 0.25 or i >= n:
                last[0] = now
                self.progress.max, self.progress.value = max(1, n), min(i, n)

        budget = ({"seconds_per_move": seconds} if self.coach.samples is None
                  else {"seconds_per_move": None, "max_samples": self.coach.samples})

        # the moves the coach judged while they were played: the review keeps those judgements
        # (the record may start before the explorer's first state: a game begun mid-way)
        offset = len(latest.record()["actions"]) + 1 - len(states)
        known = {}
        for i in range(1, len(states)):
            hit = self.coach.judgements.get(id(states[i]))
            if hit is not None and hit[0] is states[i] and sess.action_at(i) == hit[2].played.action:
                known[offset + i - 1] = hit[2]

        def work():
            lib = _lib()
            r = lib.review(latest, players=sorted(players), seed=self.coach.seed, progress=progress, known=known,
                           **budget)
            return r, lib.exercises(r, latest)

        self.coach.jobs.run(work, lambda out: self._done(states, *out), self._failed)

    def _finish(self) -> None:
        self.running = False
        self.button.disabled = False
        self.stop_button.layout.display = "none"
        self.progress.layout.display = "none"

    def _failed(self, e: BaseException) -> None:
        self._finish()
        if isinstance(e, ReviewStopped):
            self.status.value = f'<span style="color:{MUTED_TEXT}">Review stopped.</span>'
            return
        _report(e)
        self.status.value = ""
        self.error.value = error_html(e)

    def _done(self, states: tuple, review, exercises: Sequence) -> None:
        self._finish()
        # the review's looks are the coach's chances of those positions from now on (one voice)
        offset = len(review.chances) - len(states)
        for step, j in (getattr(review, "valued", {}) or {}).items():
            i = step - offset
            if 0 <= i < len(states):
                self.coach.remember(states[i], j.best.chances, j_player(states, i), True)
                self.coach.remember_look(states[i], j)
            if 0 <= i + 1 < len(states):
                self.coach.remember(states[i + 1], j.played.chances, j_player(states, i), False)
        self.coach.refresh()
        self.show(review, states, exercises)

    # ---- drawing
    def show(self, review, states: tuple, exercises: Sequence = ()) -> None:
        """Show a review of the line `states` (the explorer's states when the review started)."""
        from .figure import LiveFigure
        self.review, self.reviewed = review, tuple(states)
        self.offset = len(review.chances) - len(self.reviewed)
        state = self.reviewed[-1]
        fig = review_chart(review, state)
        if self.figure is None:
            self.figure = LiveFigure(fig)
            self.chart.children = [self.figure]
        else:
            with self.figure.batch_update():
                self.figure.data = []
                self.figure.add_traces(list(fig.data))
                self.figure.layout = fig.layout
        for tr in self.figure.data:
            tr.on_click(self._on_point)
        self.moves.value = self._moves_html(review, state)
        steps = self._exercise_steps(review, exercises)
        self.exercises.set_exercises(exercises, steps)
        self.done_html = f"<span>{esc(coach_words(state).review_done(len(review.judged), len(exercises)))}</span>"
        self.status.value = self.done_html

    def _moves_html(self, review, state) -> str:
        words = coach_words(state)
        names = list(review.players)
        counts = []
        for p, name in enumerate(names):
            per = {v: sum(1 for _, q, j in review.judged if q == p and j.verdict == v) for v in VERDICT_LOOK}
            if any(per.values()):
                counts.append(f"{seat_mark(state, p)} {esc(name)}: {esc(words.verdict_counts(per))}")
        if not review.judged:
            return f"<p style='font-size:13px'>{esc(words.NO_VERDICTS)}</p>"
        rows = "".join(
            # numbered as the game's log numbers the move (its entry: the position the move led to)
            f"<li>move #{step - self.offset + 1}: <b style='color:{VERDICT_LOOK[j.verdict][1]}'>"
            f"{esc(words.verdict_word(j.verdict))}</b> {seat_mark(state, p)} {esc(names[p])}: "
            f"{esc(words.judgement_text(j, with_verdict=False))}</li>"
            for step, p, j in review.judged)
        return ('<div style="font-size:12px"><p style="margin:4px 0">' + " · ".join(counts) + "</p>"
                '<details><summary>The moves the coach marked, in words</summary><ul style="margin:2px 0 0 16px;'
                'padding:0">' + rows + "</ul></details></div>")

    def _exercise_steps(self, review, exercises) -> list[int | None]:
        """The explorer's state index of each exercise's position (None if it is not in the line)."""
        used: set[int] = set()
        out: list[int | None] = []
        for ex in exercises:
            found = None
            for step, p, j in review.judged:
                if step not in used and p == ex.player and j.played.action == ex.played.action:
                    found = step
                    break
            if found is not None:
                used.add(found)
            out.append(None if found is None or not 0 <= found - self.offset < len(self.reviewed)
                       else found - self.offset)
        return out

    def index_of(self, step: int) -> int:
        """The explorer's state index for a step of the review; ValueError if the
        line shown is no longer the one reviewed."""
        sess = self.coach.explorer.session
        i = step - self.offset
        ok = (self.reviewed and 0 <= i < len(self.reviewed) and len(sess) >= len(self.reviewed)
              and sess.states[0] is self.reviewed[0] and sess.states[len(self.reviewed) - 1] is self.reviewed[-1])
        if not ok:
            raise ValueError("The game shown is not the one reviewed (another line, or another game was "
                             "loaded): press Review this game again.")
        return i

    def jump(self, step: int) -> None:
        """Move the explorer to a step of the review (as clicking its point does)."""
        self.coach.explorer.goto(self.index_of(step))

    def sync(self) -> None:
        """Called when the tab is shown: a note when the review is of another line."""
        if self.review is None or self.running:
            return
        try:
            self.index_of(self.offset)
        except ValueError as e:
            self.status.value = f'<span style="color:{MUTED_TEXT}">{esc(str(e))}</span>'
            return
        later = len(self.coach.explorer.session) - len(self.reviewed)
        if later > 0:
            n = len(self.reviewed) - 1
            self.status.value = self.done_html + (
                f' <span style="color:{MUTED_TEXT}">This review covers the first {n} decision{"" if n == 1 else "s"}; '
                f'{later} more {"was" if later == 1 else "were"} played since: press Review this game again to '
                f'include {"it" if later == 1 else "them"}.</span>')
        else:
            self.status.value = self.done_html

    # ---- callbacks
    @guarded
    def _on_review(self, _b=None) -> None:
        self.start()

    def _on_stop(self, _b=None) -> None:
        self._stop = True

    @guarded
    def _on_point(self, trace, points, _state=None) -> None:
        if not points.point_inds:
            return
        step = int(trace.x[points.point_inds[0]])
        self.jump(step)

    def _show_exercise(self, index: int) -> None:
        step = self.exercises.steps[index]
        if step is not None:
            self.coach.explorer.goto(self.index_of(step + self.offset))


# --------------------------------------------------------------------------- the coach

class Coach(ShowsErrors, ipywidgets.VBox):
    """The coach around one `GameExplorer` (made by the explorer with
    `coach=True`): the switch and the evaluation bar (this widget, above the
    board), `side` (the judgement line and the hint, beside the board) and
    `review` (the Game review tab).

    `background` (default: where the kernel has threads) runs the hint, the
    judgements and the review on a thread; `wait()` waits for them (tests,
    scripts). The hint thinks `hint_seconds`, each judgement `judge_seconds`,
    the review as long as its menu says; with `samples` set they instead weigh
    each choice on that many sample games, whatever the time (the same answer
    on every machine)."""

    def __init__(self, explorer: CoachHost, *, on: bool = True, background: bool | None = None,
                 hint_seconds: float = HINT_SECONDS, judge_seconds: float = JUDGE_SECONDS,
                 samples: int | None = None, seed: int = 0, loop=None):
        self.explorer = explorer
        self.jobs = Jobs(background, loop)
        self.hint_seconds, self.judge_seconds, self.seed = hint_seconds, judge_seconds, seed
        self.samples = samples
        self._lock = threading.RLock()
        self.error = ipywidgets.HTML()
        self.toggle = ipywidgets.Checkbox(value=on, description="Coach", indent=False,
                                          tooltip="chances to win, hints, judgements of your moves",
                                          layout=ipywidgets.Layout(width="80px"))
        self.toggle.observe(self._on_toggle, names="value")
        self.bar = EvaluationBar()
        self.hint_panel = HintPanel(self._on_ask, self._on_play)
        self.judgement = ipywidgets.HTML()
        self.judgement.add_class("archwk-live")  # a new judgement is read out (widgets.a11y)
        self.judgement_note = ipywidgets.HTML()
        #: on the static site: what differs for the coach in the visitor's browser (empty elsewhere)
        self.browser_note = ipywidgets.HTML(coach_notice_html())
        self.browser_note.add_class("archwk-coach-note")
        self.side = ipywidgets.VBox([self.judgement, self.judgement_note, self.hint_panel, self.error]
                                    + ([self.browser_note] if self.browser_note.value else []))
        #: the Game review tab's content: the ReviewPanel, made when first shown or asked for (`review`)
        self.review_box = ipywidgets.VBox()
        self._review: ReviewPanel | None = None
        #: judgements of people's moves: id(state after the move) -> (that state, player, Judgement)
        self.judgements: dict[int, tuple[Any, int, Any]] = {}
        #: the coach's chances of positions it looked at (issue 24: one voice): id(state) ->
        #: (state, chances, whose view they come from, own: from a look at that position itself
        #: rather than at the move leading to it); the bar, the hint, the judgement and the
        #: review give these, the model's only where the coach has not looked
        self.estimates: dict[int, tuple[Any, tuple[float, ...], int, bool]] = {}
        #: the judgements the coach made at a position (live or in the review): id(state before
        #: the move) -> (that state, Judgement): a hint asked there later gives that look's
        #: choices, and the same move played there again gets the same judgement (one voice)
        self.looks: dict[int, tuple[Any, Any]] = {}
        self._pending: dict[int, Any] = {}
        self._from_hint: Any = None  # the action a hint's button is playing (judged on the hint's look)
        super().__init__(children=[ipywidgets.HBox([self.toggle, self.bar],
                                                   layout=ipywidgets.Layout(align_items="center"))],
                         layout=ipywidgets.Layout(margin="2px 0"))
        self.add_class("archwk-coach")
        self._show_parts()

    # ---- public
    @property
    def on(self) -> bool:
        return bool(self.toggle.value)

    @on.setter
    def on(self, value: bool) -> None:
        self.toggle.value = bool(value)

    def wait(self, timeout: float = 120.0) -> bool:
        return self.jobs.wait(timeout)

    @property
    def review(self) -> ReviewPanel:
        """The Game review tab's panel (made on first use: a page that never
        opens the tab does not draw it)."""
        if self._review is None:
            self._review = ReviewPanel(self)
            self.review_box.children = [self._review]
        return self._review

    def chances_of(self, state, shown=None) -> tuple[float, ...] | None:
        """The coach's chances for `state` where it has looked at that position (or at the
        move leading to it), as seen in `shown` (default `state` itself: all-seeing); None
        where it has not, or where they come from the mover's view and `shown` is another
        player's (they would tell what that player's hidden cards are worth)."""
        hit = self.estimates.get(id(state))
        if hit is None or hit[0] is not state:
            return None
        shown = state if shown is None else shown
        if shown.is_view:
            from archwk.ai.roles import PlaySide
            viewer_of = PlaySide(shown.game).viewer_of
            if viewer_of is None or viewer_of(shown) != hit[2]:
                return None
        return hit[1]

    def remember(self, state, chances, player: int, own: bool) -> None:
        """Keep the coach's `chances` for `state` (from `player`'s view); a look at the
        position itself (`own`) wins over one at the move leading to it."""
        if not chances:
            return
        with self._lock:
            hit = self.estimates.get(id(state))
            if hit is not None and hit[0] is state and hit[3] and not own:
                return
            self.estimates[id(state)] = (state, tuple(chances), player, own)

    def show_look(self, state, look) -> None:
        """A look at `state` taken for another table (the Evaluate tab, the what-if page's
        Compare table): the bar gives its chances there, as the table does."""
        with self._lock:
            self.remember(state, look.chances, look.player, True)
            if self.on and state is self.explorer.state:
                shown = self.explorer.shown_state()
                self.bar.update(shown, self.chances_of(state, shown))

    def remember_look(self, state, judgement) -> None:
        """Keep a `judgement` made at `state` (the position before the move): its look
        answers a hint there, and the same move there again."""
        if judgement is None or not getattr(judgement, "choices", ()):
            return
        with self._lock:
            self.looks[id(state)] = (state, judgement)

    def look_at(self, state):
        """The judgement the coach made at `state`, if it made one (else None)."""
        hit = self.looks.get(id(state))
        return hit[1] if hit is not None and hit[0] is state else None

    def judged_players(self) -> set[int]:
        """Whose moves the review judges: the seats people sit in (every seat
        when bots sit everywhere, as in a game loaded to be studied)."""
        sess = self.explorer.session
        s = self.explorer.state
        seats = set(range(len(s.players))) - s.game.automa_seats(s)  # not a seat the game plays itself
        people = {i for i in seats if not sess.is_bot_seat(i)}
        return people or seats

    def ask_hint(self) -> None:
        """Ask for the best choices at the position shown (as the Hint button does)."""
        with self._lock:
            ex = self.explorer
            s = ex.state
            if not self.on:
                raise ValueError("The coach is off: tick Coach to ask for a hint.")
            if s.is_over:
                raise ValueError("The game is over: there is no choice to hint at.")
            if not ex._can_act(s):
                raise ValueError(f"Only {s.players[s.current_player].name} may ask for a hint here: "
                                 "switch the view to that player or to all-seeing.")
            if self.hint_panel.thinking:
                return
            kept = self.look_at(s)
            if kept is not None:  # the coach looked here already: the same choices, the same chances
                self._hint_done(s, list(kept.choices[:3]))
                return
            self.hint_panel.busy(self.hint_seconds)
        lib = _lib()
        self.jobs.run(lambda: lib.hint(s, 3, seed=self.seed, **self._budget(self.hint_seconds)),
                      lambda choices: self._hint_done(s, choices), self._hint_failed)

    def play_hint(self, index: int):
        """Play the hint's choice `index` (0 = the best), as its button does."""
        hp = self.hint_panel
        if not 0 <= index < len(hp.choices):
            raise ValueError(f"hint: there is no choice {index + 1} to play; press Hint first")
        if hp.state is not self.explorer.state:
            raise ValueError("hint: the position changed since the hint; press Hint again")
        chosen = hp.choices[index].action
        # the position's own listed action: the log and the history word it from this position
        action = next((a for a in self.explorer.state.legal_actions() if a == chosen), chosen)
        self._from_hint = action
        try:
            return self.explorer.choose(action)
        finally:
            self._from_hint = None

    # ---- the explorer's hooks
    def refresh(self) -> None:
        """Redraw for the explorer's position (the explorer calls it on every
        redraw). A failure shows in the coach's error line and never stops the
        explorer's redraw."""
        try:
            self._refresh()
        except Exception as e:
            _report(e)
            self.show_error(e)

    def _refresh(self) -> None:
        with self._lock:
            if not self.on:
                return
            ex = self.explorer
            shown = ex.shown_state()
            self.bar.update(shown, self.chances_of(ex.state, shown))
            s = ex.state
            if self.hint_panel.state is not None and self.hint_panel.state is not s:
                self.hint_panel.clear()
            if not self.hint_panel.thinking:
                can = not s.is_over and ex._can_act(s)
                if s.is_over:
                    note = "The game is over: the Game review tab shows how everyone's chances went."
                elif not can:
                    note = f"Hints are for {s.players[s.current_player].name}'s view."
                else:
                    note = ""
                self.hint_panel.idle(can, note)
            self._show_judgement()

    def after_choice(self, before, action, after) -> None:
        """A person chose `action` at `before`, leading to `after`: judge it
        (a hint's choice played from its button, on the hint's own look). A failure shows in the coach's
        error line; the choice stands."""
        try:
            self._judge(before, action, after)
        except Exception as e:
            _report(e)
            self.show_error(e)

    def _judge(self, before, action, after) -> None:
        if not self.on or before.is_over or before.is_view:
            return
        # a choice played from the hint's button is judged on the hint's own look (the same
        # budget: `assess` gives that look back), so its verdict says the hint's figures
        seconds = self.hint_seconds if self._from_hint is not None and action == self._from_hint \
            else self.judge_seconds
        p = before.current_player
        kept = self.look_at(before)
        if kept is not None and kept.played.action == action:  # judged here before: the same verdict
            self._judged(after, p, kept, before)
            return
        with self._lock:
            self._pending[id(after)] = after
            self._show_judgement()
        lib = _lib()
        self.jobs.run(lambda: lib.judge(before, action, seed=self.seed, **self._budget(seconds)),
                      lambda j: self._judged(after, p, j, before),
                      lambda e: self._judge_failed(after, e),
                      key="judge", delay=QUIET_SECONDS, dropped=lambda: self._judge_dropped(after))

    def judgement_for(self, index: int | None = None):
        """(player, Judgement) of the person's move the judgement line is about,
        at the explorer's state `index` (default: the one shown), or None."""
        hit = self._lookup(index)
        return None if hit is None or hit[0] != "done" else hit[1][1:]

    @property
    def judgement_text(self) -> str:
        """The judgement line as plain text ('' if none)."""
        return plain_text(self.judgement.value)

    def close(self) -> None:
        self.jobs.close()
        for w in (self.side, self.review_box):  # closed here too when not inside the explorer
            w.close()
        super().close()

    # ---- inside
    def _budget(self, seconds: float) -> dict[str, Any]:
        if self.samples is None:
            return {"seconds": seconds}
        return {"seconds": None, "max_samples": self.samples}

    def _show_parts(self) -> None:
        # the review tab stays: it computes nothing until asked
        shown = "flex" if self.on else "none"
        for w in (self.bar, self.side):
            w.layout.display = shown

    def _lookup(self, index: int | None = None):
        sess = self.explorer.session
        start = sess.cursor if index is None else index
        for i in range(start, max(0, start - JUDGEMENT_LOOKBACK), -1):
            st = sess.states[i]
            hit = self.judgements.get(id(st))
            if hit is not None and hit[0] is st:
                return ("done", hit)
            if self._pending.get(id(st)) is st:
                return ("pending", st)
            if sess.action_at(i) is None or not sess.is_bot_seat(sess.actor(i)):
                return None  # a person's move the coach did not judge, an edit
        return None

    def _show_judgement(self) -> None:
        hit = self._lookup()
        html = note = ""
        if hit is not None and hit[0] == "done":
            st, p, j = hit[1]
            html = judgement_html(st, p, j)
        elif hit is not None:
            note = f'<span style="color:{MUTED_TEXT};font-size:12px">The coach is judging the last move…</span>'
        if self.judgement.value != html:
            self.judgement.value = html
        if self.judgement_note.value != note:
            self.judgement_note.value = note

    def _hint_done(self, state, choices) -> None:
        with self._lock:
            ex = self.explorer
            now = ex.state
            can = not now.is_over and ex._can_act(now)
            if now is not state:
                self.hint_panel.idle(can, "The position changed while the coach was thinking: press Hint again.")
                return
            self.hint_panel.idle(can)
            if choices:
                p = state.current_player
                assert p is not None  # a hint is never asked at a finished game
                self.remember(state, choices[0].chances, p, True)
            self.hint_panel.show(state, choices)
            self.bar.update(ex.shown_state(), self.chances_of(state, ex.shown_state()))

    def _hint_failed(self, e: BaseException) -> None:
        _report(e)
        with self._lock:
            s = self.explorer.state
            self.hint_panel.idle(not s.is_over and self.explorer._can_act(s))
            self.show_error(e)

    def _judged(self, after, player: int, judgement, before=None) -> None:
        with self._lock:
            self._pending.pop(id(after), None)
            self.judgements[id(after)] = (after, player, judgement)
            if before is not None:
                self.remember(before, judgement.best.chances, player, True)
                self.remember_look(before, judgement)
            self.remember(after, judgement.played.chances, player, False)
            if self.on:
                self._show_judgement()
                ex = self.explorer
                shown = ex.shown_state()
                self.bar.update(shown, self.chances_of(ex.state, shown))

    def _judge_dropped(self, after) -> None:
        """A newer move came before this one's judgement began (in the browser): none."""
        with self._lock:
            self._pending.pop(id(after), None)
            self._show_judgement()

    def _judge_failed(self, after, e: BaseException) -> None:
        _report(e)
        with self._lock:
            self._pending.pop(id(after), None)
            self._show_judgement()
            self.show_error(e)

    @guarded
    def _on_ask(self) -> None:
        self.clear_error()
        self.ask_hint()

    def _on_play(self, index: int) -> None:
        self.clear_error()
        try:
            self.play_hint(index)
        except ValueError as e:
            if self.explorer.error_text != str(e):  # the explorer shows its own errors
                self.show_error(e)

    @guarded
    def _on_toggle(self, _change=None) -> None:
        self._show_parts()
        if self.on:
            self.refresh()
