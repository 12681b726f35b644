"""A click can only play on the position it was made on (issue 21, item 3).

The page stamps each board click with the position it drew (the board's token,
drawn as the figure's `layout.meta`: widgets.architects.board, widgets.figure); each
decision button belongs to the position it was made for (widgets.decision). A
click or press made on an earlier position (the second half of a double click,
a click sent before the page drew the bots' moves) plays nothing, shows no
error and changes nothing, however late it arrives: there is no time in the
guard. Here for the explorer, the solo and what-if pages and the tutorial,
driven without a browser (the page's messages simulated by
tests/widget_helpers.py); in Chromium, the page's side of the stamp (the
wrapped plotly module, real plotly) at the end, and whole pages under CPU
throttling in tests/test_browser_learner.py."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from widget_helpers import click_location, press, two_placements

from archwk import Action
from widgets import GameExplorer
from widgets.architects import apps
from widgets.architects.board import BoardClick, click_action
from widgets.explorer import STALE_NOTE
from widgets.tutorial import TutorialUI


def _legal_click(state, location: str) -> bool:
    return click_action(state.legal_actions(), BoardClick("location", location=location)) is not None



def _shown(ex: GameExplorer) -> tuple:
    """What a refused click must leave as it was."""
    return (ex.state, len(ex.session), ex.session.cursor, ex.board.position, ex.decision.position,
            ex.board.worker_counts(), ex.event_log.value, ex.error_text)


def _double_click(ex: GameExplorer, location: str) -> None:
    """Two clicks on `location` made on the same drawing (a double click): the first
    plays, the second reaches the kernel after that move and plays nothing."""
    drawn = ex.board.position  # what the page shows and stamps on both clicks
    assert ex.board.figure.layout.meta == drawn
    n = len(ex.session)
    click_location(ex.board, location, position=drawn)
    assert ex.error_text == ""
    assert len(ex.session) > n and ex.session.action_at(n) == Action("place", location=location)
    assert ex.board.position != drawn and ex.board.figure.layout.meta == ex.board.position
    before = _shown(ex)
    click_location(ex.board, location, position=drawn)
    assert _shown(ex) == before  # nothing played, nothing redrawn, no error
    assert ex.board.stale_clicks == 1
    assert STALE_NOTE in ex.announce.value  # the quiet note for screen readers


def _double_press(ex: GameExplorer, action) -> None:
    """Two presses of the button for `action` (a double click): the first plays, the
    second reaches the button of the position before and plays nothing."""
    button = ex.decision.button_for(action)
    n = len(ex.session)
    press(button)
    assert ex.error_text == ""
    assert len(ex.session) > n and ex.session.action_at(n) == action
    before = _shown(ex)
    press(button)
    assert _shown(ex) == before
    assert ex.decision.stale_presses == 1


# --------------------------------------------------------------------------- the explorer

def test_explorer_a_double_click_on_the_board_plays_one_move():
    ex, loc = two_placements()
    _double_click(ex, loc)
    # the same click made on the board as now drawn is a legal move, and plays
    assert _legal_click(ex.state, loc)
    n = len(ex.session)
    click_location(ex.board, loc)
    assert len(ex.session) == n + 1 and ex.session.action_at(n) == Action("place", location=loc)
    assert ex.board.stale_clicks == 1


def test_explorer_a_double_press_of_a_decision_button_plays_one_move():
    ex, loc = two_placements()
    action = Action("place", location=loc)
    _double_press(ex, action)
    assert action in ex.state.legal_actions()  # the same choice now: the new position's own button plays it
    n = len(ex.session)
    press(ex.decision.button_for(action))
    assert len(ex.session) == n + 1 and ex.decision.stale_presses == 1


def test_a_click_made_several_positions_ago_plays_nothing_however_late_it_comes():
    """No time in the guard: a click made before the page drew five moves is as stale
    as the second half of a double click."""
    ex, _loc = two_placements()
    drawn = ex.board.position
    for k in range(60):  # five moves, then on to a placement
        if k >= 5 and ex.state.decision == "place":
            break
        ex.choose(ex.state.legal_actions()[0])
    assert len(ex.session) > 5 and ex.state.decision == "place"
    loc = next(a.location for a in ex.state.legal_actions() if a.kind == "place")
    before = _shown(ex)
    click_location(ex.board, loc, position=drawn)
    assert _shown(ex) == before and ex.board.stale_clicks == 1
    click_location(ex.board, loc)  # the same click made on the board as drawn now plays
    assert ex.session.action_at(len(ex.session) - 1) == Action("place", location=loc)


def test_a_click_made_before_a_redraw_of_the_same_position_plays():
    """Only a new position makes earlier clicks stale: a redraw of the same position
    (another view chosen and back, a tab) keeps them."""
    ex, loc = two_placements()
    drawn = ex.board.position
    ex.viewer = 1
    ex.viewer = None
    ex.refresh()
    assert ex.board.position == drawn
    n = len(ex.session)
    click_location(ex.board, loc, position=drawn)
    assert len(ex.session) == n + 1 and ex.board.stale_clicks == 0


def test_a_click_on_a_past_position_after_a_step_back_plays_nothing():
    """Going back in the history is a new position too: a click made on the latest
    drawing does not play at the earlier point (it would start a new line)."""
    ex, loc = two_placements()
    click_location(ex.board, loc)
    drawn = ex.board.position
    ex.back_button.click()
    before = _shown(ex)
    click_location(ex.board, loc, position=drawn)
    assert _shown(ex) == before and len(ex.session.lines()) == 1


def test_the_board_draws_its_position_token_with_each_new_position():
    ex, _loc = two_placements()
    seen = {ex.board.position}
    for _ in range(3):
        ex.choose(ex.state.legal_actions()[0])
        assert ex.board.figure.layout.meta == ex.board.position
        seen.add(ex.board.position)
    assert len(seen) == 4
    # a page connecting now draws the token from the figure's full state
    assert ex.board.figure.get_state()["_widget_layout"]["meta"] == ex.board.position


# --------------------------------------------------------------------------- the solo page

def test_solo_page_a_double_press_and_a_double_click_play_once():
    app = apps.SoloApp(seed=1)
    ex = app.explorer
    assert ex.state.decision == "draft"
    _double_press(ex, ex.decision.buttons[0]._action)
    for _ in range(20):  # the rest of the draft: keep the first card offered
        if ex.state.decision == "place":
            break
        press(ex.decision.buttons[0])
    s = ex.state
    loc = next(a.location for a in s.legal_actions() if a.kind == "place"
               and a.location in ("forest", "quarry", "mines"))
    n = len(ex.session)
    _double_click(ex, loc)
    # the solo opponent played after you: your worker is there once
    assert ex.session.action_at(n) == Action("place", location=loc)
    mine = dict(ex.state.workers_at(loc)).get(0, 0)
    assert mine == dict(s.workers_at(loc)).get(0, 0) + 1


# --------------------------------------------------------------------------- the what-if page

def test_whatif_page_a_stale_click_changes_neither_the_game_nor_the_comparison():
    app = apps.WhatIfApp(auto=False)
    ex = app.explorer
    s = ex.state
    loc = next(a.location for a in s.legal_actions() if a.kind == "place" and a.location != "guildhall")
    _double_click(ex, loc)
    table = app.table.value
    drawn_before = ex.board.position
    button = ex.decision.buttons[0]
    press(button)
    assert ex.board.position != drawn_before
    before = (_shown(ex), app.table.value)
    assert app.table.value != table  # the comparison followed the move played
    press(button)
    click_location(ex.board, loc, position=drawn_before)
    assert (_shown(ex), app.table.value) == before
    assert ex.decision.stale_presses == 1 and ex.board.stale_clicks == 2


# --------------------------------------------------------------------------- the tutorial

def test_tutorial_a_stale_click_or_press_changes_nothing():
    ui = TutorialUI()  # lesson 1: place at the Guildhall, then construct the Well
    board = ui.board
    drawn = board.position

    def shown():
        return (ui.attempt.state, list(ui.attempt.actions), ui.attempt.verdict, ui.feedback.value,
                ui.error.value, board.worker_counts(), ui.progress.count)

    click_location(board, "guildhall", position=drawn)
    assert ui.attempt.actions == [Action("place", "guildhall")] and ui.error.value == ""
    before = shown()
    click_location(board, "guildhall", position=drawn)  # the double click's second half
    assert shown() == before and board.stale_clicks == 1  # no move, and no "nothing to do there" error
    build = next(a for a in ui.attempt.choices() if a.kind == "construct")
    button = ui.decision.button_for(build)
    press(button)
    assert ui.attempt.verdict.status == "right" and ui.progress.count == 1
    before = shown()
    press(button)
    assert shown() == before and ui.decision.stale_presses == 1
    # Try again: the lesson's start is a new position; a click made on the finished board plays nothing
    finished = board.position
    ui.retry_button.click()
    click_location(board, "guildhall", position=finished)
    assert ui.attempt.actions == [] and ui.error.value == "" and board.stale_clicks == 2
    click_location(board, "guildhall")
    assert ui.attempt.actions == [Action("place", "guildhall")]


def test_tutorial_a_press_on_a_button_of_the_lesson_before_plays_nothing():
    ui = TutorialUI(start=2)  # placing workers: the Quarry
    old = ui.decision.button_for(ui.lesson.solution_actions()[0])
    ui.next_button.click()  # lesson 4: the Mines
    before = (ui.index, ui.attempt.state, list(ui.attempt.actions))
    press(old)
    assert (ui.index, ui.attempt.state, list(ui.attempt.actions)) == before and ui.error.value == ""


# --------------------------------------------------------------------------- the page's stamp

FAKE_PLOTLY = "export default () => ({initialize() {}, render() {}});\n"
CHROMIUM = "/usr/bin/chromium"
PLOTLY_BUNDLE = Path(__import__("plotly").__file__).parent / "package_data" / "widgetbundle.js"


def test_the_figure_module_wraps_plotly_by_url_or_inline():
    from widgets import figure
    by_url = figure._bundle_loader("static/plotly.js")
    assert by_url.startswith('const __archwkBundle = await import(new URL("static/plotly.js", location.href).href);')
    # without a URL (JupyterLab, a notebook) the figures carry plotly's own script, its default
    # export renamed and wrapped (one script: parsed once)
    bundle = PLOTLY_BUNDLE.read_text()
    inline = str(figure._InlineBundle())
    assert inline == figure._inline_module(bundle)
    start = bundle.rindex("export{")
    assert inline.startswith(bundle[:start])  # the script as plotly wrote it, up to its exports
    exports = inline[start:inline.index("\nconst __archwkBundle = {default: ")]
    assert exports.startswith("export{") and "as default" not in exports
    assert "await import(" not in inline
    if figure._ESM is None:
        assert figure.Figure().get_state()["_esm"] == inline
    # a script whose exports are not found so is imported from a blob
    other = figure._inline_module(FAKE_PLOTLY)
    assert json.dumps(FAKE_PLOTLY) in other and "await import(url)" in other
    for text in (by_url, inline, other):
        assert text.endswith(figure._STAMP_CLICKS) and '"_js2py_pointsCallback"' in text



#: the page's side, with plotly's real FigureWidget module: a model as anywidget hands it
#: over (state, listeners, sent messages), one view drawn, a click, a kernel update
#: (a new position's meta), a second click
PAGE_JS = """
async (moduleUrl) => {
  const mod = await import(moduleUrl);
  const widget = typeof mod.default === "function" ? mod.default() : mod.default;
  const state = {_widget_data: [{type: "scatter", x: [1, 2], y: [1, 2], mode: "markers"}],
                 _widget_layout: {meta: 7, width: 300, height: 200}, _config: {},
                 _last_layout_edit_id: 0, _last_trace_edit_id: 0};
  const listeners = {}, sent = [];
  const model = {
    get: (k) => state[k],
    set: (k, v) => { state[k] = v; sent.push([k, v]); },
    on: (name, f) => { (listeners[name] = listeners[name] || []).push(f); },
    off() {}, save_changes() {}, send() {},
  };
  await widget.initialize({model});
  const el = document.createElement("div");
  document.body.append(el);
  const drawn = new Promise((ok) => document.addEventListener("plotlywidget-after-render", ok, {once: true}));
  widget.render({model, el});
  await drawn;
  const click = () => el.emit("plotly_click", {points: [{curveNumber: 0, pointNumber: 1, x: 2, y: 2}],
                                                event: new MouseEvent("click")});
  click();
  state._py2js_update = {style_data: {}, layout_data: {meta: 8}, style_traces: [0],
                         trace_edit_id: 1, layout_edit_id: 1};
  for (const f of listeners["change:_py2js_update"] || []) f();
  click();
  return sent.filter(([k]) => k === "_js2py_pointsCallback").map(([, v]) => v);
}
"""


@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is not installed")
@pytest.mark.parametrize("path", ["url", "inline"])
def test_the_page_stamps_each_click_with_the_position_it_drew(path):
    """In Chromium, plotly's own FigureWidget module wrapped as the pages load it (by URL
    under `kit serve` and on the site; inline in JupyterLab): a click carries the drawn
    `layout.meta`, and after the kernel's update the next click carries the new one."""
    import voila_browser as vb

    from widgets import figure
    bundle = PLOTLY_BUNDLE.read_text()
    module = (figure._bundle_loader("plotly-bundle.js") if path == "url" else figure._inline_module(bundle))
    with vb.chromium() as browser:
        page = browser.new_page()
        files = {"http://archwk.test/": ("text/html", "<!doctype html><title>t</title><body></body>"),
                 "http://archwk.test/plotly-bundle.js": ("text/javascript", bundle),
                 "http://archwk.test/figure.js": ("text/javascript", module)}
        page.route("http://archwk.test/**", lambda route: route.fulfill(
            status=200, content_type=files[route.request.url][0], body=files[route.request.url][1]))
        page.goto("http://archwk.test/")
        clicks = page.evaluate(PAGE_JS, "http://archwk.test/figure.js")
        page.close()
    assert [c["event_type"] for c in clicks] == ["plotly_click", "plotly_click"]
    assert [c["points"]["point_indexes"] for c in clicks] == [[1], [1]]
    assert [c["position"] for c in clicks] == [7, 8]
    assert [c["click"] for c in clicks] == [1, 2]  # numbered: equal clicks are still two messages


def test_a_page_click_message_reaches_the_board_with_its_position():
    """The kernel's side of the same message: the position the page stamped is read
    while the click's handlers run (the board has moved on by the time a later handler
    runs), and only then."""
    ex, loc = two_placements()
    fig = ex.board.figure
    drawn = ex.board.position
    seen = []
    fig.data[0].on_click(lambda *_a: seen.append(fig.clicked_at), append=True)  # after the board's own handler
    click_location(ex.board, loc, position=drawn)
    assert seen == [drawn] and ex.board.position != drawn
    assert fig.clicked_at is None
