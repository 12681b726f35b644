"""Move evaluation on screen: the coach's chance to win after each legal choice and the
mover's score two rounds on, drawn as a plotly chart. The chances come from the coach's one
look at the position (`archwk.analysis.assess`, from the mover's view only): the same as its
hint, its judgement and the bar give there (issue 24). The chart widget is made on the first
evaluation, so a page that never evaluates loads no second copy of plotly.js."""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import ipywidgets

from .a11y import strong_button
from .text import ShowsErrors, guarded

if TYPE_CHECKING:
    from archwk.analysis import ActionValue


#: the coach's extra time to value the choices its hint did not (the menu of the evaluation)
THINKING = (("1 s more (quick)", 1.0), ("3 s more", 3.0), ("10 s more (thorough)", 10.0))
#: the chart's and the table's names for the figures of `coach_values`
VP_TITLE = "VP two rounds on"
SAMPLES_WORD = "sample games"


def coach_values(state, *, seconds: float | None = None, seed: int = 0, samples: int | None = None,
                 extra: float = 1.0) -> list[ActionValue]:
    """Every legal choice at `state`, valued by the coach's look at the position (the one
    its hint and judgement use with the same `seconds` and `seed`; `samples`: that many
    sample games a choice whatever the time), the choices the look had not valued with
    `extra` seconds more; as ActionValues: the chance to win with its 95 % range, the
    mover's score as if the game ended two rounds on (the end of the sample games), and
    the sample games behind them. In the coach's order (its first choice first)."""
    return coach_look(state, seconds=seconds, seed=seed, samples=samples, extra=extra)[1]


def coach_look(state, *, seconds: float | None = None, seed: int = 0, samples: int | None = None,
               extra: float = 1.0) -> tuple[Any, list[ActionValue]]:
    """`coach_values` with the look they come from (`archwk.analysis.Assessment`), for
    the bar to show that look's chances (one voice)."""
    from archwk.analysis import ActionValue, assess

    from .coach import HINT_SECONDS
    if state is None or state.is_over or state.is_view:
        raise ValueError("Nothing to evaluate: the game is over or this is a player's view")
    if samples is None:
        look = assess(state, seconds=HINT_SECONDS if seconds is None else seconds, seed=seed)
        choices = look.compare(extra)
    else:
        look = assess(state, seconds=None, max_samples=samples, seed=seed)
        choices = look.compare()
    out = []
    for c in choices:
        m, lo, hi, _n = look.later_vp(c.action)
        out.append(ActionValue(c.action, c.label, c.win_chance, (c.low, c.high), m, (lo, hi), c.n))
    return look, out


def done_note(look, seconds: float, head: str = "") -> str:
    """The status of the Compare table or the Evaluate tab once the coach has answered
    (after `head`): the time it took, or (every choice valued already on its look at this
    position: the time chosen is for the choices not valued yet) that more time changes
    nothing here."""
    if look.added == 0:
        return (f"<span style='color:#666'>{head}done: the coach had valued every choice here already, "
                "so more time changes nothing (it is for the choices not valued yet)</span>")
    return f"<span style='color:#666'>{head}done in {seconds:.1f} s</span>"


def draw_evaluation(figure, box, values, *, title: str | None = None):
    """Draw ActionValues as the evaluation chart into `figure`, a FigureWidget made
    (and put in `box`) on first use; no values clears it. Returns the figure."""
    if not values:
        if figure is not None:
            figure.data = []
        return figure
    from .analysis_charts import evaluation_chart
    fig = evaluation_chart(list(values), title=title, vp_title=VP_TITLE, samples_word=SAMPLES_WORD)
    if figure is None:
        from .figure import Figure
        figure = Figure(fig)
        box.children = [figure]
    else:
        with figure.batch_update():
            figure.data = []
            figure.add_traces(list(fig.data))
            figure.layout = fig.layout
    return figure


class EvaluationPanel(ShowsErrors, ipywidgets.VBox):
    """A button, the coach's extra time and the chart for one position at a time. Its
    chances are the coach's (`coach_values`): with the explorer's coach (`coach`, set by
    the explorer) its seed and budget, so the chart agrees with the hint and the bar."""

    THINKING = THINKING

    def __init__(self, state=None, seed: int = 0):
        self.state = state
        self.seed = seed
        self.coach: Any = None  # the explorer's Coach, if it has one
        self.values: list[ActionValue] | None = None  # the ActionValues shown, for `state`
        self.button = ipywidgets.Button(description="Evaluate the choices", style=strong_button(),
                                        tooltip="the coach values every choice, as in its hint")
        self.thinking = ipywidgets.Dropdown(options=self.THINKING, value=1.0, description="Time",
                                            layout=ipywidgets.Layout(width="270px"))
        self.status = ipywidgets.HTML()
        self.error = ipywidgets.HTML()
        self.chart = ipywidgets.Box()
        self.figure = None
        self.button.on_click(self._on_click)
        super().__init__(children=[
            ipywidgets.HBox([self.button, self.thinking, self.status],
                            layout=ipywidgets.Layout(align_items="center")),
            self.error, self.chart])
        self.set_state(state)

    def set_state(self, state) -> None:
        """Show this position; an evaluation of another position is cleared."""
        if state is not self.state:
            self.state = state
            self.values = None
            self.figure = draw_evaluation(self.figure, self.chart, None)
            self.status.value = ""
        can = state is not None and not state.is_over and not state.is_view
        self.button.disabled = not can

    def evaluate(self, extra: float | None = None):
        """Value every legal choice of the position shown (the coach's look) and draw the chart."""
        s = self.state
        t0 = time.perf_counter()
        coach = self.coach
        look, self.values = coach_look(s, seconds=getattr(coach, "hint_seconds", None),
                                       seed=getattr(coach, "seed", self.seed),
                                       samples=getattr(coach, "samples", None),
                                       extra=self.thinking.value if extra is None else extra)
        if coach is not None:  # the bar shows this look's chances too (one voice)
            coach.show_look(s, look)
        self.figure = draw_evaluation(self.figure, self.chart, self.values, title=s.prompt)
        self.status.value = done_note(look, time.perf_counter() - t0, f"{len(self.values)} choices, ")
        return self.values

    @guarded
    def _on_click(self, _button=None) -> None:
        self.error.value = ""
        self.evaluate()
