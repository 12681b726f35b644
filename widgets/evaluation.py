"""Move evaluation on screen: Monte Carlo win chance and expected VP of each
legal action (`archwk.analysis.evaluate_actions`, from the mover's view only),
drawn as a plotly chart. The chart widget is made on the first evaluation, so
a page that never evaluates loads no second copy of plotly.js."""
from __future__ import annotations

import time
from typing import TYPE_CHECKING

import ipywidgets

from .a11y import strong_button
from .text import ShowsErrors, guarded

if TYPE_CHECKING:
    from archwk.analysis import ActionValue


def draw_evaluation(figure, box, values, *, title: str | None = None):
    """Draw ActionValues as the evaluation chart into `figure`, a FigureWidget made
    (and put in `box`) on first use; no values clears it. Returns the figure."""
    if not values:
        if figure is not None:
            figure.data = []
        return figure
    from .analysis_charts import evaluation_chart
    fig = evaluation_chart(list(values), title=title)
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
    """A button, a rollouts choice and the chart for one position at a time."""

    ROLLOUTS = (("30 rollouts (quick)", 30), ("100 rollouts", 100), ("300 rollouts (slow)", 300))

    def __init__(self, state=None, rollouts: int = 30, seed: int = 0):
        self.state = state
        self.seed = seed
        self.values: list[ActionValue] | None = None  # the ActionValues shown, for `state`
        self.button = ipywidgets.Button(description="Evaluate the choices", style=strong_button(),
                                        tooltip="Monte Carlo rollouts from the mover's view")
        self.rollouts = ipywidgets.Dropdown(options=self.ROLLOUTS, value=rollouts, description="Rollouts",
                                            layout=ipywidgets.Layout(width="270px"))
        self.status = ipywidgets.HTML()
        self.error = ipywidgets.HTML()
        self.chart = ipywidgets.Box()
        self.figure = None
        self.button.on_click(self._on_click)
        super().__init__(children=[
            ipywidgets.HBox([self.button, self.rollouts, self.status],
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

    def evaluate(self, rollouts: int | None = None):
        """Evaluate every legal action of the position shown and draw the chart."""
        from archwk.analysis import evaluate_actions
        s = self.state
        if s is None or s.is_over or s.is_view:
            raise ValueError("Nothing to evaluate: the game is over or this is a player's view")
        t0 = time.perf_counter()
        self.values = evaluate_actions(s, rollouts=rollouts or self.rollouts.value, seed=self.seed)
        self.figure = draw_evaluation(self.figure, self.chart, self.values, title=s.prompt)
        self.status.value = (f"<span style='color:#666'>{len(self.values)} choices, "
                             f"done in {time.perf_counter() - t0:.1f} s</span>")
        return self.values

    @guarded
    def _on_click(self, _button=None) -> None:
        self.error.value = ""
        self.evaluate()
