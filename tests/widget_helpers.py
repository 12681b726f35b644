"""Helpers for the widget tests: simulated figure clicks and quick positions."""
from __future__ import annotations

import archwk


def click_point(fig, trace_index: int, point_index: int) -> None:
    """Click a point of a FigureWidget the way the page does: plotly's frontend
    sets `_js2py_pointsCallback`, and plotly dispatches `on_click` to the traces."""
    tr = fig.data[trace_index]
    fig._js2py_pointsCallback = {
        "event_type": "plotly_click",
        "points": {"trace_indexes": [trace_index], "point_indexes": [point_index],
                   "xs": [tr.x[point_index]], "ys": [tr.y[point_index]]},
        "device_state": {"ctrl": False, "alt": False, "shift": False, "meta": False,
                         "button": 0, "buttons": 1},
        "selector": None,
    }


def page_confirms(fig) -> None:
    """What the page does once it has drawn a figure's latest change: it sends the
    trace deltas back with that change's number (plotly's `_js2py_traceDeltas`)."""
    fig._js2py_traceDeltas = {"trace_deltas": [], "trace_edit_id": fig._last_trace_edit_id}


def click_location(board, location: str) -> None:
    """Click a location's circle on a BoardView."""
    ti = board.trace_index("locations")
    idx = [d[1] for d in board.figure.data[ti].customdata].index(location)
    click_point(board.figure, ti, idx)


def until(state: archwk.GameState, pred, seed: int = 0, limit: int = 5000) -> archwk.GameState:
    """Play random legal actions from `state` until `pred(state)` holds."""
    bot = archwk.bots.RandomBot(seed)
    for _ in range(limit):
        if pred(state):
            return state
        state = state.apply(bot.choose(state))
    raise AssertionError("position not reached")


def placing(n: int = 3, seed: int = 1, after: int = 0, **opts) -> archwk.GameState:
    """A placement decision at least `after` decisions into a random game."""
    s = archwk.new_game(n, seed=seed, options=archwk.Options(**opts) if opts else None)
    s = until(s, lambda x: len(x.history) >= after, seed)
    return until(s, lambda x: x.decision == "place", seed)
