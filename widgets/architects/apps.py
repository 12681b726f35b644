"""The applications the notebooks show: the dashboard, the new-game forms
around `widgets.GameExplorer` (GameApp, SoloApp), and the what-if page with
its comparison of the legal actions (WhatIfApp).

Everything game-related comes from `archwk` (rules, scores) and the other
`widgets` modules (the explorer); this module only arranges them into pages.

>>> app = SoloApp(seed=1)
>>> app.explorer.state.players[0].name
'Ann (you)'
"""
from __future__ import annotations

import functools
from pathlib import Path

import ipywidgets

import archwk
from archwk import GameState
from archwk.kit.chance_words import pct

from ..archon.pages import PAGES as ARCHON_PAGES
from ..archon.text import PAGE_NOTE as ARCHON_NOTE
from ..inbrowser import browser_notice_html
from ..links import page_href
from ..text import esc, guarded

#: your seat's name in games against bots (the library's sentences read "Ann (you) places…")
LEARNER = "Ann (you)"

#: the notebooks, in the order the dashboard lists them: (file, title, what it is for)
PAGES = (
    ("tutorial.ipynb", "Rules tutorial",
     "Learn the rules step by step: one short lesson per rulebook section, each with a position to play "
     "and a check of your move."),
    ("explorer.ipynb", "Game explorer",
     "Play a full game against bots or hot-seat with friends; step back through the history at any time."),
    ("whatif.ipynb", "What-if analysis",
     "Load or edit a position and compare what each legal choice would lead to."),
    ("solo.ipynb", "Solo play",
     "Play the solo game against the Byzantine opponent (Constantine or Helena)."),
    ("gallery.ipynb", "Card gallery",
     "Every building and apprentice card with its cost, skills, effect and the rulebook section, by skill, "
     "effect or set."),
    ("bots.ipynb", "Bots compared",
     "Play many games between bots: how often each one wins, with the range the games support, its scores "
     "and how long the games last."),
    ("interop.ipynb", "OpenSpiel and PettingZoo",
     "For game-AI work in code: the games as OpenSpiel games and PettingZoo environments, with an example "
     "of each to run."),
)


# --------------------------------------------------------------------------- dashboard

def rules_notes_html() -> str:
    """archwk's rules notes (where the sources disagree, and how archwk plays it) as HTML."""
    text = (Path(archwk.games.architects.__file__).parent / "data" / "rules-notes.md").read_text()
    try:
        import mistune  # comes with nbconvert, which Voila and Jupyter use
        body = mistune.create_markdown(plugins=["table"])(text)
        assert isinstance(body, str)  # the HTML renderer makes text
    except ImportError:  # pragma: no cover
        body = f"<pre style='white-space:pre-wrap'>{esc(text)}</pre>"
    return ('<div class="archwk-notes" style="font-size:13px;line-height:1.45;max-width:1100px">'
            '<style>.archwk-notes table{border-collapse:collapse;margin:6px 0}'
            '.archwk-notes td,.archwk-notes th{border:1px solid #ddd;padding:3px 6px;vertical-align:top}'
            '.archwk-notes th{background:#f3efe4}</style>' + body + "</div>")


def _page_cards(pages=PAGES) -> str:
    cards = []
    for file, title, what in pages:
        cards.append(
            f'<a href="{page_href(file)}" class="archwk-page-link" style="text-decoration:none;color:inherit">'
            f'<div style="border:1px solid #d8ccb0;border-radius:8px;padding:10px 14px;width:230px;'
            f'min-height:96px;background:#fffaf0"><div style="font-size:16px;font-weight:bold;'
            f'color:#7a4b12">{esc(title)} →</div><div style="font-size:13px;color:#444;margin-top:4px">'
            f"{esc(what)}</div></div></a>")
    return '<div style="display:flex;flex-wrap:wrap;gap:10px">' + "".join(cards) + "</div>"


def _lessons_html() -> str:
    from .lessons import LESSONS
    rows = "".join(f"<tr><td>{i}</td><td>{esc(lesson.title)}</td><td><i>{esc(lesson.section)}</i></td>"
                   f"<td>{esc(lesson.task)}</td></tr>" for i, lesson in enumerate(LESSONS, 1))
    return (f'<div class="archwk-notes" style="font-size:13px"><p>Open the <a href="{page_href("tutorial")}">rules '
            'tutorial</a> to play these lessons; progress shows at the top of the page.</p>'
            '<style>.archwk-notes table{border-collapse:collapse}.archwk-notes td,.archwk-notes th'
            '{border:1px solid #ddd;padding:3px 6px;vertical-align:top}</style>'
            "<table><tr><th>#</th><th>Lesson</th><th>Rulebook section</th><th>Your task</th></tr>"
            + rows + "</table></div>")


def dashboard() -> ipywidgets.Tab:
    """The landing page's tabs: where to go, the rules notes, the lessons."""
    start = ipywidgets.HTML(
        '<div style="font-size:14px;max-width:1000px">'
        "<p><i>Architects of the West Kingdom</i>: each turn you place one worker to gather, trade, hire "
        "apprentices, capture rivals' workers or construct. The most Victory Points at the end wins.</p>"
        + _page_cards()
        + "<h2 style='font-size:16px;margin:14px 0 4px'>Archon: Glory &amp; Machination</h2>"
          "<p>The kit's second game: each round you play cards from a hand you split in advance, place "
          "Wooden Figures to gather, trade, recruit Magisters and build, and defend the city each Season. "
          f"{esc(ARCHON_NOTE)}</p>"
        + _page_cards(ARCHON_PAGES)
        + "<p style='color:#666;font-size:12px;margin-top:12px'>archwk plays the printed rulebook; the "
          "<b>Rules notes</b> tab says where the rulebook, the online summary and the online version "
          "disagree, and what archwk does.</p>" + browser_notice_html() + "</div>")
    notes = ipywidgets.HTML(rules_notes_html())
    lessons = ipywidgets.HTML(_lessons_html())
    tab = ipywidgets.Tab(children=[start, notes, lessons])
    for i, t in enumerate(("Start here", "Rules notes", "Lessons")):
        tab.set_title(i, t)
    tab.add_class("archwk-dashboard")
    return tab


# --------------------------------------------------------------------------- games

def _explorer(state: GameState, seats, coach: bool = False):
    """A GameExplorer on `state` (with the coach if `coach`); bot seats that
    decide first (e.g. in the building draft) play at once, so the page opens
    on a person's decision."""
    from ..explorer import GameExplorer
    ex = GameExplorer(state, seats=seats, coach=coach)
    if ex.session.bot_to_move:
        ex.session.run_bots()
        ex.refresh()
    return ex


class GameApp(ipywidgets.VBox):
    """A new-game form above a `widgets.GameExplorer` (`.explorer`).

    `new_game()` starts the game the form describes. Seats can also be changed
    in the explorer itself (person or bot per seat); hot-seat play is a person
    in every seat. The explorer has the coach (`widgets.coach`), switched on
    (`COACH`).
    """

    COACH = True

    OPPONENTS = (("You against bots", "bots"), ("Hot-seat: people in every seat", "people"))
    RULES: tuple[tuple[str, str], ...] = (("Printed rulebook", "base"), ("Variable setup (characters)", "side2"),
                                          ("Rules as played online", "online"))
    MIN_PLAYERS = 2

    def __init__(self, players: int = 3, seed: int = 1, opponents: str | None = None, **kwargs):
        self.error = ipywidgets.HTML()
        self.players = ipywidgets.BoundedIntText(value=players, min=self.MIN_PLAYERS, max=5, description="Players",
                                                 layout=ipywidgets.Layout(width="150px"))
        self.seed = ipywidgets.IntText(value=seed, description="Seed", layout=ipywidgets.Layout(width="150px"))
        self.opponents = ipywidgets.Dropdown(options=self.OPPONENTS, value=opponents or self.OPPONENTS[0][1],
                                             description="Opponents", layout=ipywidgets.Layout(width="360px"))
        self.rules = ipywidgets.Dropdown(options=self.RULES, value="base", description="Rules",
                                         layout=ipywidgets.Layout(width="310px"))
        self.new_button = ipywidgets.Button(description="New game", button_style="primary")
        self.new_button.on_click(self._on_new)
        self.explorer = _explorer(self._state(), self._seats(), coach=self.COACH)
        form = [self.players, self.seed, self.opponents, self.rules, self.new_button]
        if self.MIN_PLAYERS == 1:
            form.remove(self.players)
        super().__init__(children=[
            ipywidgets.HBox(form, layout=ipywidgets.Layout(flex_flow="row wrap", align_items="center")),
            self.error, self.explorer], **kwargs)

    def _options(self) -> archwk.Options:
        return {"base": archwk.Options(), "side2": archwk.Options(board_side=2),
                "online": archwk.Options.online()}[self.rules.value]

    def _names(self) -> list[str]:
        n = self.players.value
        if self.opponents.value == "bots":
            return [LEARNER] + [f"Bot {i}" for i in range(1, n)]
        return [f"Player {i}" for i in range(1, n + 1)]

    def _state(self) -> GameState:
        return archwk.new_game(self._names(), seed=self.seed.value, options=self._options())

    def _seats(self):
        """You and `archwk.bots.DEFAULT_BOT` in the other seats (a bot that plays a real game), or
        people in every seat."""
        n = len(self._names())
        if self.opponents.value == "bots":
            return ["person"] + [archwk.bots.DEFAULT_BOT] * (n - 1)
        return ["person"] * n

    def new_game(self):
        """Replace the explorer by a new game as the form says."""
        state, seats = self._state(), self._seats()
        old = self.explorer
        self.explorer = _explorer(state, seats, coach=self.COACH)
        self.children: tuple[ipywidgets.Widget, ...] = self.children[:-1] + (self.explorer,)
        old.close()
        self.error.value = ""
        return self.explorer

    @guarded
    def _on_new(self, _b=None):
        self.new_game()


class SoloApp(GameApp):
    """The solo game: you against the Byzantine opponent, which plays itself
    (no coach: its chances are for games between players)."""

    COACH = False

    OPPONENTS = (("Constantine (standard)", "constantine"), ("Helena (hard)", "helena"))
    RULES = (("Printed rulebook", "base"), ("Variable setup (characters)", "side2"))
    MIN_PLAYERS = 1

    def __init__(self, seed: int = 1, opponent: str = "constantine", **kwargs):
        super().__init__(players=1, seed=seed, opponents=opponent, **kwargs)

    def _options(self) -> archwk.Options:
        return archwk.Options(solo_opponent=self.opponents.value,
                              board_side=2 if self.rules.value == "side2" else 1)

    def _names(self) -> list[str]:
        return [LEARNER]

    def _seats(self):
        return ["person"]


# --------------------------------------------------------------------------- what-if

def _resources_line(before, after) -> str:
    parts = []
    for what in ("silver", "virtue"):
        d = getattr(after, what) - getattr(before, what)
        if d:
            parts.append(f"{d:+d} {what.capitalize()}")
    for r in archwk.games.architects.cards.RESOURCES:
        d = after.resources[r] - before.resources[r]
        if d:
            parts.append(f"{d:+d} {r.capitalize()}")
    for what, word in (("debts_unpaid", "Debt"), ("cathedral_level", "Cathedral"), ("in_prison", "in Prison")):
        d = getattr(after, what) - getattr(before, what)
        if d:
            parts.append(f"{d:+d} {word}")
    if len(after.buildings) > len(before.buildings):
        parts.append("builds " + ", ".join(after.buildings[len(before.buildings):]))
    if len(after.apprentices) > len(before.apprentices):
        parts.append("hires " + ", ".join(after.apprentices[len(before.apprentices):]))
    return ", ".join(parts) or "no change yet"


def evaluate(state: GameState, extra: float = 1.0, seed: int = 0, seconds: float | None = None,
             samples: int | None = None) -> dict:
    """{action: archwk.analysis.ActionValue} for the player to move: the coach's look at the
    position (`widgets.evaluation.coach_values`, from that player's view only), so the
    table's chances are the hint's, the judgement's and the bar's (issue 24)."""
    return evaluate_look(state, extra, seed=seed, seconds=seconds, samples=samples)[1]


def evaluate_look(state: GameState, extra: float = 1.0, seed: int = 0, seconds: float | None = None,
                  samples: int | None = None) -> tuple:
    """`evaluate` with the look its values come from (for the bar: one voice)."""
    from ..evaluation import coach_look
    look, values = coach_look(state, seconds=seconds, seed=seed, samples=samples, extra=extra)
    return look, {v.action: v for v in values}


def compare_actions(state: GameState, values: dict | None = None) -> list[dict]:
    """For each legal choice: its label, what it does at once (every event up to the
    next decision: the same span as the chooser's changes, so a later effect such as a
    Black Market reset's Virtue loss shows in both), the chooser's changes, and the
    projected VP (archwk.final_scores as if the game ended)
    before and after; with `values` (from `evaluate`) also the coach's win
    chance and expected VP. With `values`, in their order (the coach's: its first
    choice first, as its hint and its chart list them); else best first by the
    projected VP change."""
    if state.is_over or state.is_view:
        return []
    p = state.current_player
    assert p is not None  # the game is not over
    before = state.players[p]
    base = archwk.final_scores(state)[p].total
    rows: list[dict] = []
    for i, a in enumerate(state.legal_actions()):
        after = state.apply(a)
        total = archwk.final_scores(after)[p].total
        effects = [e.text for e in after.events if e.kind not in ("turn",)]
        nxt = "" if after.is_over or after.current_player != p else after.prompt
        v = (values or {}).get(a)
        rows.append(dict(order=i, action=a, label=str(a), effects=effects,
                         change=_resources_line(before, after.players[p]), vp_before=base, vp_after=total,
                         delta=total - base, then=nxt, value=v))
    if values:  # the coach's order: its hint's and its chart's (one voice)
        rank = {a: k for k, a in enumerate(values)}
        rows.sort(key=lambda r: (rank.get(r["action"], len(rank)), r["order"]))
    else:
        rows.sort(key=lambda r: (-r["delta"], r["order"]))
    return rows


def _sign_colour(x: int) -> str:
    return "#2d7a2d" if x > 0 else "#b00020" if x < 0 else "#666"


def _value_cells(v) -> str:
    if v is None:
        return "<td></td><td></td>"
    lo, hi = v.win_ci
    return (f"<td style='text-align:right' title='likely between {pct(lo)} and {pct(hi)}, {v.n} sample games'>"
            f"{pct(v.win_rate)}</td><td style='text-align:right' title='95% interval {v.vp_ci[0]:.1f} to "
            f"{v.vp_ci[1]:.1f}'>{v.mean_vp:.1f}</td>")


def comparison_html(state: GameState, values: dict | None = None) -> str:
    if state.is_over:
        return "<i>The game is over: there is nothing to compare.</i>"
    if state.is_view:
        return "<i>A player's view cannot be played on.</i>"
    rows = compare_actions(state, values)
    who = state.players[state.current_player].name
    mc = bool(values)
    head = ("<tr><th>Choice</th><th>Changes for the chooser</th><th>Projected VP</th><th>Δ VP</th>"
            + ("<th>Win chance</th><th>VP two rounds on</th>" if mc else "") + "<th>What happens at once</th></tr>")
    body = "".join(
        f"<tr><td>{esc(r['label'])}</td><td>{esc(r['change'])}</td>"
        f"<td style='text-align:right'>{r['vp_after']}</td>"
        f"<td style='text-align:right;color:{_sign_colour(r['delta'])}'>{r['delta']:+d}</td>"
        + (_value_cells(r["value"]) if mc else "")
        + f"<td style='font-size:11px;color:#555'>{esc(' '.join(r['effects']))}"
        + (f"<br><i>then: {esc(r['then'])}</i>" if r["then"] else "") + "</td></tr>" for r in rows)
    how = ("Projected VP: the score if the game ended right after the choice (follow-up decisions not yet "
           "made).")
    if values:
        how += (f" Win chance: the coach's, as its hint and the bar give it, from {esc(who)}'s view (hidden "
                "cards are sampled, never read): each choice is played on for two rounds in many sample games. "
                "VP two rounds on: the score as if the game ended there. Hover for the likely range.")
    order = ("in the coach's order, as its hint lists them: its first choice first (a deeper look can "
             "prefer a choice the quick estimate puts a little lower)" if values else "best first")
    return (f'<div class="archwk-compare" style="font-size:12px"><p><b>{esc(state.prompt)}</b> · '
            f"{len(rows)} choices for {esc(who)}, {order}. {how}</p>"
            "<style>.archwk-compare table{border-collapse:collapse}.archwk-compare td,.archwk-compare th"
            "{border:1px solid #ddd;padding:2px 5px;vertical-align:top}</style>"
            "<table>" + head + body + "</table></div>")


class WhatIfApp(ipywidgets.VBox):
    """A `widgets.GameExplorer` (with its what-if editor and save/load) and a
    table comparing every legal choice at the position shown; the table
    follows the explorer (choices, history steps, edits, loads). It includes the
    coach's evaluation (win chance, VP two rounds on: `evaluate`, the coach's look at
    the position, so the chances are its hint's and the bar's): at every position when
    "Evaluate automatically" is ticked (the default: the coach's second, and one more for
    the choices its hint does not show), else when the button is pressed. The evaluation chart is drawn
    once "Show the chart" is ticked: a second plotly figure on the page (its
    own copy of plotly.js) would double the page's first render."""

    def __init__(self, state: GameState | None = None, auto: bool = True, **kwargs):
        from ..explorer import GameExplorer
        if state is None:
            state = sample_position()
        self.error = ipywidgets.HTML()
        self.explorer = GameExplorer(state, seats=["person"] * len(state.players), coach=True)
        if state.history or state.edited:
            # the decisions that led here, for the history slider (rebuilt from the game record)
            self.explorer.session.load(state.to_json())
            self.explorer.refresh()
        self.table = ipywidgets.HTML()
        self.table.add_class("archwk-compare-table")
        from ..evaluation import THINKING
        self.thinking = ipywidgets.Dropdown(options=THINKING, value=1.0, description="Time",
                                            layout=ipywidgets.Layout(width="270px"))
        from ..coach import strong_button  # white on dark blue: the "info" style's white on cyan reads at 2:1
        self.evaluate_button = ipywidgets.Button(description="Ask the coach", style=strong_button(),
                                                 tooltip="the coach values every choice, as in its hint",
                                                 layout=ipywidgets.Layout(width="auto"))
        self.auto = ipywidgets.Checkbox(value=auto, description="Evaluate automatically", indent=False,
                                        layout=ipywidgets.Layout(width="190px"))
        self.status = ipywidgets.HTML()
        self.values: dict | None = None
        self._values_for: GameState | None = None
        self.chart = ipywidgets.Box()
        self.figure = None
        self.show_chart = ipywidgets.Checkbox(value=False, description="Show the chart", indent=False,
                                              layout=ipywidgets.Layout(width="150px"))
        self.show_chart.observe(self._on_change, names="value")
        self.evaluate_button.on_click(self._on_evaluate)
        self.auto.observe(self._on_change, names="value")
        self.thinking.observe(self._on_thinking, names="value")
        self.explorer.slider.observe(self._on_change, names=["value", "max"])
        self.explorer.editor.apply_button.on_click(self._on_change)
        super().__init__(children=[
            self.explorer, ipywidgets.HTML("<h2 style='font-size:16px'>Compare the choices here</h2>"),
            ipywidgets.HBox([self.evaluate_button, self.thinking, self.auto, self.show_chart, self.status],
                            layout=ipywidgets.Layout(flex_flow="row wrap", align_items="center")),
            self.error, self.table, self.chart], **kwargs)
        self._refresh()

    def _refresh(self) -> None:
        s = self.explorer.state
        if self.auto.value and not (s.is_over or s.is_view) and self._values_for is not s:
            self._evaluate_later(s)
        else:
            self.update()

    def _evaluate_later(self, s: GameState) -> None:
        """The automatic evaluation: on the coach's thread (in the browser, once the page has
        been still), so that a click is answered at once; the table shows the chances when
        the coach is done, if the position is still the one shown."""
        import time

        from ..coach import QUIET_SECONDS
        self.update()
        self.status.value = "<i>the coach is looking at every choice…</i>"
        t0 = time.perf_counter()
        work = self._coach_work(s)

        def done(out) -> None:
            values, look = out
            if self.explorer.state is not s:
                return
            self.values, self._values_for = values, s
            self._show_look(s, look)
            from ..evaluation import done_note
            self.status.value = done_note(look, time.perf_counter() - t0)
            self.update()

        def failed(e: BaseException) -> None:
            from ..text import error_html
            self.status.value = ""
            self.error.value = error_html(e)

        coach = self.explorer.coach
        assert coach is not None  # the what-if page's explorer has its coach
        coach.jobs.run(work, done, failed, key="compare", delay=QUIET_SECONDS)

    def _coach_work(self, s: GameState):
        """The coach's evaluation of `s` with the explorer's coach's seed and budget and the
        time chosen now (a function to run, here or on the coach's thread)."""
        coach = self.explorer.coach
        assert coach is not None  # the what-if page's explorer has its coach
        extra, seed, seconds, samples = self.thinking.value, coach.seed, coach.hint_seconds, coach.samples

        def work():
            look, values = evaluate_look(s, extra, seed=seed, seconds=seconds, samples=samples)
            return values, look
        return work

    def _show_look(self, s: GameState, look) -> None:
        """The bar shows the chances of the look the table comes from (one voice)."""
        coach = self.explorer.coach
        if coach is not None and look is not None:
            coach.show_look(s, look)

    def wait(self, timeout: float = 120.0) -> bool:
        """Wait for the coach's work started so far (tests, scripts)."""
        coach = self.explorer.coach
        return True if coach is None else coach.wait(timeout)

    def update(self) -> None:
        s = self.explorer.state
        values = self.values if self._values_for is s else None
        self.table.value = comparison_html(s, values)
        self.evaluate_button.disabled = s.is_over or s.is_view
        self._draw_chart(values)

    def _draw_chart(self, values) -> None:
        """The evaluation as a plotly chart (made when first shown)."""
        from ..evaluation import draw_evaluation
        shown = values.values() if values and self.show_chart.value else None
        self.figure = draw_evaluation(self.figure, self.chart, shown)

    def evaluate(self) -> dict:
        """The coach's evaluation of the position shown (its look: the explorer's coach's seed
        and budget), shown."""
        import time
        s = self.explorer.state
        t0 = time.perf_counter()
        self.status.value = "<i>evaluating…</i>"
        self.values, look = self._coach_work(s)()
        self._values_for = s
        self._show_look(s, look)
        from ..evaluation import done_note
        self.status.value = done_note(look, time.perf_counter() - t0)
        self.update()
        return self.values

    @guarded
    def _on_evaluate(self, _b=None) -> None:
        self.error.value = ""
        self.evaluate()

    @guarded
    def _on_thinking(self, _change=None) -> None:
        self._values_for = None  # the other choices valued with another time
        self._on_change()

    @guarded
    def _on_change(self, _change=None) -> None:
        self.error.value = ""
        if self._values_for is not self.explorer.state:
            self.status.value = ""
        self._refresh()


@functools.cache
def sample_position(seed: int = 7, decisions: int = 120) -> GameState:
    """A mid-game 3-player position: random bots play `decisions` decisions,
    then on to the next placement."""
    s = archwk.new_game(["Ann", "Ben", "Cy"], seed=seed)
    bots = [archwk.bots.RandomBot(seed + i) for i in range(3)]
    n = 0
    while not s.is_over and (n < decisions or s.decision != "place"):
        p = s.current_player
        assert p is not None  # the game is not over
        s = s.apply(bots[p].choose(s))
        n += 1
    return s
