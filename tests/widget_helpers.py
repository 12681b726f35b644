"""Helpers for the widget tests: simulated figure clicks and quick positions."""
from __future__ import annotations

import archwk

#: `click_point`'s default: the click says the position the page shows now
DRAWN = object()


def click_point(fig, trace_index: int, point_index: int, position=DRAWN) -> None:
    """Click a point of a FigureWidget the way the page does: plotly's frontend
    sets `_js2py_pointsCallback`, and plotly dispatches `on_click` to the traces.
    The page stamps the click with the position it drew the figure at (its
    `layout.meta`, widgets.figure): by default the figure's position now, or
    `position` (a click made on an earlier drawing); None: no position (a click
    sent by code, not by a page)."""
    tr = fig.data[trace_index]
    message = {
        "event_type": "plotly_click",
        "points": {"trace_indexes": [trace_index], "point_indexes": [point_index],
                   "xs": [tr.x[point_index]], "ys": [tr.y[point_index]]},
        "device_state": {"ctrl": False, "alt": False, "shift": False, "meta": False,
                         "button": 0, "buttons": 1},
        "selector": None,
    }
    if position is DRAWN:
        position = fig.layout.meta
    if position is not None:
        message["position"] = position
    fig._js2py_pointsCallback = message


def click_location(board, location: str, position=DRAWN) -> None:
    """Click a location's circle on a BoardView (`position`: as in `click_point`)."""
    ti = board.trace_index("locations")
    idx = [d[1] for d in board.figure.data[ti].customdata].index(location)
    click_point(board.figure, ti, idx, position)


def press(button) -> None:
    """Press an ipywidgets Button the way the page does: a 'click' message to the
    button's model (it carries nothing else)."""
    button._handle_custom_msg({"event": "click"}, [])


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


def two_placements(seed: int = 6):
    """An explorer (every seat a person) at a placement whose next decision is again a
    placement (by the next seat), and a location legal for both: a second click there
    would play."""
    from widgets.explorer import GameExplorer
    for k in range(40):
        s = placing(3, seed=seed, after=30 + k)
        for a in s.legal_actions():
            if a.kind == "place" and a.location != "guildhall":
                t = s.apply(a)
                if t.decision == "place" and a in t.legal_actions():
                    return GameExplorer(s), a.location
    raise AssertionError("no such position")
