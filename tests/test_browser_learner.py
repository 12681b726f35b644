"""Issue 14's new parts in Chromium: the card gallery page, the tutorial board
answering a click, the costs on the buttons, the what-if page's single figure,
and a screenshot of every page (artifacts/screens/page-*.png).

Same server and browser set-up as tests/test_browser.py (the real Voila
server started by `bash scripts/kit serve`, Debian's Chromium)."""
from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
import voila_browser as vb

pytestmark = pytest.mark.skipif(
    not Path(vb.CHROMIUM).exists(),
    reason=f"{vb.CHROMIUM} is not installed (apt-get install -y chromium; .ci/run does it)")

LOAD_TIMEOUT = 180_000
STEP_TIMEOUT = 60_000

#: where a board point is on the screen: (x, y) in page pixels
POINT_JS = """
([trace, key]) => {
  const gd = Array.from(document.querySelectorAll('.js-plotly-plot'))
    .find(g => (g.data || []).some(t => t.name === 'locations'));
  if (!gd) return null;
  const tr = gd.data.find(t => t.name === trace);
  const i = (tr.customdata || []).findIndex(d => d[1] === key);
  if (i < 0) return null;
  const xa = gd._fullLayout.xaxis, ya = gd._fullLayout.yaxis, r = gd.getBoundingClientRect();
  return {x: r.left + xa._offset + xa.l2p(tr.x[i]), y: r.top + ya._offset + ya.l2p(tr.y[i])};
}
"""


@pytest.fixture(scope="module")
def server():
    with vb.voila(via_kit=True, log_path=vb.ARTIFACTS / "kit-serve-learner.log") as srv:
        yield srv


@pytest.fixture(scope="module")
def browser(server):
    with vb.chromium() as br:
        yield br


#: kept apart from artifacts/browser/, which tests/test_browser.py empties at its start
SCREENS = vb.ROOT / "artifacts" / "screens"


def clean(page, console, name: str) -> None:
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"{name}.png"), full_page=True)
    assert vb.widget_errors(page) == []
    assert console.errors == [], console.errors


def click_board(page, trace: str, key: str) -> None:
    page.evaluate("() => window.scrollTo(0, 0)")
    at = page.evaluate(POINT_JS, [trace, key])
    assert at, f"no {trace} point {key} on the board"
    page.mouse.move(at["x"], at["y"])
    page.wait_for_timeout(150)
    page.mouse.click(at["x"], at["y"])


def wait_text(page, text: str, timeout: float = STEP_TIMEOUT) -> None:
    page.get_by_text(text).first.wait_for(timeout=timeout)


def test_gallery_page_shows_and_filters_every_card(server, browser):
    page, console = vb.open_page(browser, server.url("gallery.ipynb"), wait_for=".archwk-card", timeout=LOAD_TIMEOUT)
    assert page.locator(".archwk-card").count() == 86
    assert "43 buildings and 43 apprentices" in vb.body_text(page)
    assert page.locator(".archwk-card-building").count() == 43
    face = page.locator('.archwk-card-building[data-card="Stone Market"]')
    assert "7 VP" in face.inner_text() and "Masonry" in face.inner_text()
    assert "Appendix — Building Effects: Resource Markets" in vb.body_text(page)
    page.get_by_role("combobox").filter(has_text="Any skill").select_option(label="Masonry")
    page.wait_for_function("() => document.querySelectorAll('.archwk-card').length < 86", timeout=STEP_TIMEOUT)
    n = page.locator(".archwk-card").count()
    assert 0 < n < 86
    assert all("Masonry" in t for t in page.locator(".archwk-card").all_inner_texts())
    clean(page, console, "page-gallery")
    page.context.close()


def test_tutorial_board_click_places_a_worker(server, browser):
    page, console = vb.open_app_page(browser, server.url("tutorial.ipynb"), wait_for=".archwk-task", board=True,
                                     timeout=LOAD_TIMEOUT)
    assert "Projected scores" in vb.body_text(page)
    click_board(page, "locations", "guildhall")
    wait_text(page, "Now choose what to construct")
    deadline = time.monotonic() + STEP_TIMEOUT / 1000  # the board redraws after the text on a busy machine
    while (vb.board(page)["workers"].get("guildhall") != {"0": 1}) and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert vb.board(page)["workers"].get("guildhall") == {"0": 1}
    build = page.get_by_role("button", name=re.compile(r"^Construct the Well"))
    assert "3 VP" in build.inner_text() and "projected" in build.inner_text()
    assert page.locator('.archwk-choice-cards .archwk-card-building[data-card="Well"]').count() == 1
    build.click()
    page.wait_for_selector(".archwk-right", timeout=STEP_TIMEOUT)
    clean(page, console, "page-tutorial")
    # a click where the rules say no: the reason shows, nothing is played
    page.get_by_role("button", name=re.compile("Try again")).click()
    wait_text(page, "Your task")
    page.wait_for_timeout(500)
    click_board(page, "locations", "guardhouse")
    page.wait_for_selector(".archwk-error", timeout=STEP_TIMEOUT)
    assert "Guardhouse" in page.inner_text(".archwk-error")
    assert vb.board(page)["workers"].get("guardhouse") is None
    page.context.close()


#: what the tutorial keeps in the browser's storage (widgets.storage: key "@" page path)
STORED_PROGRESS_JS = """
() => Object.keys(localStorage).filter(k => k.startsWith('archwk-tutorial-progress-architects@'))
  .map(k => [k, localStorage.getItem(k)])
"""


def test_tutorial_progress_survives_a_reload(server, browser):
    """Issue 21 item 5: a lesson done is still done after a reload of the page (the
    browser keeps it), and Reset progress forgets it."""
    page, console = vb.open_app_page(browser, server.url("tutorial.ipynb"), wait_for=".archwk-task", board=True,
                                     timeout=LOAD_TIMEOUT)
    wait_text(page, "0 of 18 lessons done")
    page.get_by_role("button", name=re.compile(r"^(Place a worker at the )?Guildhall")).first.click()
    wait_text(page, "Now choose what to construct")
    page.get_by_role("button", name=re.compile(r"^Construct the Well")).click()
    page.wait_for_selector(".archwk-right", timeout=STEP_TIMEOUT)
    wait_text(page, "1 of 18 lessons done")
    page.wait_for_function(STORED_PROGRESS_JS.strip() + "[0]?.[1]?.includes('aim')", timeout=STEP_TIMEOUT)
    assert page.evaluate(STORED_PROGRESS_JS) == [
        ["archwk-tutorial-progress-architects@/voila/render/tutorial.ipynb", '{"version": 1, "done": ["aim"]}']]
    page.reload(timeout=LOAD_TIMEOUT)  # a new kernel: only the browser remembers
    vb.wait_started(page, console, ".archwk-task", timeout=LOAD_TIMEOUT, label="tutorial-reloaded")
    wait_text(page, "1 of 18 lessons done")
    assert "Lesson 1 of 18" in vb.body_text(page) and page.locator(".archwk-verdict").count() == 0
    assert page.get_by_role("button", name="✓1").count() == 1
    page.get_by_role("button", name="Reset progress").click()
    wait_text(page, "0 of 18 lessons done")
    page.wait_for_function(STORED_PROGRESS_JS.strip() + "[0]?.[1]?.includes('\"done\": []')",
                           timeout=STEP_TIMEOUT)
    assert page.get_by_role("button", name="✓1").count() == 0
    clean(page, console, "page-tutorial-progress")
    page.context.close()


def test_tutorial_progress_kept_under_the_former_key_is_still_found(server, browser):
    """The progress key names the game now (issue 23: one tutorial per game); what a
    browser kept under the former key is read when the new one holds nothing, and is
    then kept under the new key."""
    page, console = vb.open_app_page(browser, server.url("tutorial.ipynb"), wait_for=".archwk-task", board=True,
                                     timeout=LOAD_TIMEOUT)
    wait_text(page, "0 of 18 lessons done")
    # a browser that kept progress before the key named the game, and never saw the new key
    page.evaluate("""() => { localStorage.setItem('archwk-tutorial-progress@' + location.pathname,
                                                  '{"version": 1, "done": ["aim", "setup"]}');
                             localStorage.removeItem('archwk-tutorial-progress-architects@' + location.pathname); }""")
    page.reload(timeout=LOAD_TIMEOUT)
    vb.wait_started(page, console, ".archwk-task", timeout=LOAD_TIMEOUT, label="tutorial-former-key")
    wait_text(page, "2 of 18 lessons done")
    page.wait_for_function(STORED_PROGRESS_JS.strip() + "[0]?.[1]?.includes('setup')", timeout=STEP_TIMEOUT)
    assert page.evaluate(STORED_PROGRESS_JS) == [
        ["archwk-tutorial-progress-architects@/voila/render/tutorial.ipynb",
         '{"version": 1, "done": ["aim", "setup"]}']]
    clean(page, console, "page-tutorial-former-key")
    page.context.close()


def test_explorer_buttons_show_costs_and_lines(server, browser):
    page, console = vb.open_app_page(browser, server.url("explorer.ipynb"), wait_for=".js-plotly-plot",
                                     board=True, timeout=LOAD_TIMEOUT)
    keeps = page.get_by_role("button", name=re.compile(r"^Keep the "))
    keeps.first.wait_for(timeout=STEP_TIMEOUT)
    assert all(re.search(r"· \d+ VP · costs ", t) for t in keeps.all_inner_texts())
    assert page.locator(".archwk-choice-cards .archwk-card-building").count() == keeps.count()
    # a long button wraps instead of being cut: its text is all visible
    b = keeps.first
    width = b.evaluate("e => [e.scrollWidth, e.clientWidth]")
    assert width[0] <= width[1] + 1
    undo = page.get_by_role("button", name=re.compile("Undo"))
    assert undo.count() == 1
    clean(page, console, "page-explorer")
    page.context.close()


#: from now on the page records the position each board click is made on (the board's
#: `layout.meta` as drawn: widgets.architects.board); returns the position drawn now
RECORD_CLICKS_JS = """
() => {
  const gd = Array.from(document.querySelectorAll('.js-plotly-plot'))
    .find(g => (g.data || []).some(t => t.name === 'locations'));
  window.archwkClicks = [];
  gd.on('plotly_click', () => window.archwkClicks.push(gd.layout.meta));
  return gd.layout.meta;
}
"""


def explorer_at_placement(browser, server, before_goto=None):
    """The explorer page (you and two bots) past the opening draft, at your first
    placement; returns (page, console, the prompt of your placement)."""
    page, console = vb.open_app_page(browser, server.url("explorer.ipynb"), wait_for=".js-plotly-plot",
                                     board=True, timeout=LOAD_TIMEOUT, before_goto=before_goto)
    place = page.get_by_text("choose where to place a worker").first
    for _ in range(6):  # the opening draft: keep the first card offered each time
        if place.is_visible():
            break
        keep = page.get_by_role("button", name=re.compile(r"^Keep the "))
        keep.first.wait_for(timeout=STEP_TIMEOUT)
        keep.first.click()
        page.wait_for_timeout(800)
    place.wait_for(timeout=STEP_TIMEOUT)
    page.wait_for_timeout(1000)
    return page, console, place


def mine(page, location):
    """How many of your workers the board on the page draws at `location` (None: none)."""
    return (vb.board(page)["workers"].get(location) or {}).get("0")


def announced(page) -> str:
    """What the explorer's announcer (for screen readers) says now."""
    return page.locator(".archwk-announce").first.text_content() or ""


def wait_until(page, check, what: str, timeout: float = STEP_TIMEOUT) -> None:
    deadline = time.monotonic() + timeout / 1000
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"not seen within {timeout / 1000:.0f} s: {what}")
        page.wait_for_timeout(100)


def slow_down(page, rate: int):
    """The page's processor slowed `rate` times (Chromium's CPU throttling)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    return cdp


def test_clicks_made_before_the_board_redraws_place_one_worker(server, browser):
    """On a slow computer (the page's processor slowed 6 times, and the kernel's
    messages held back until the kernel has played the first click, so that the page
    cannot draw that move before the second click, however fast the kernel is): a click on the
    Forest, then a quick one on the Quarry. The first places a worker and the bots
    play; the second was made on the board before that move was drawn, so it places
    nothing (it placed a second worker, chosen on a board that was out of date):
    the kernel refuses a click stamped with an earlier position, with no time limit.
    Once the board is drawn, a click on the Quarry places there."""
    from widgets.explorer import STALE_NOTE
    messages = vb.KernelMessages()
    page, console, place = explorer_at_placement(browser, server, before_goto=messages.route)
    assert mine(page, "forest") is None and mine(page, "quarry") is None
    page.evaluate("() => window.scrollTo(0, 0)")
    forest, quarry = (page.evaluate(POINT_JS, ["locations", loc]) for loc in ("forest", "quarry"))
    assert forest and quarry
    drawn = page.evaluate(RECORD_CLICKS_JS)
    page.mouse.move(forest["x"], forest["y"])
    page.wait_for_timeout(150)
    cdp = slow_down(page, 6)
    messages.hold()
    page.mouse.click(forest["x"], forest["y"])
    page.mouse.move(quarry["x"], quarry["y"])
    page.wait_for_timeout(150)  # plotly's hover follows the pointer to the Quarry
    page.mouse.click(quarry["x"], quarry["y"])
    # the kernel played the first click; the page has drawn nothing of it
    wait_until(page, lambda: messages.sent_while_held("Place a worker at the Forest"), "the kernel's move")
    assert page.evaluate("() => window.archwkClicks") == [drawn, drawn]  # both made on the first drawing
    messages.release()
    # the second click reached the kernel (ipywidgets sends it once the kernel is done with the
    # first) and was refused: the announcer's quiet note
    wait_until(page, lambda: STALE_NOTE in announced(page), "the note that the second click was not played")
    wait_until(page, lambda: mine(page, "forest") == 1, "your worker at the Forest")
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    page.wait_for_timeout(1000)
    assert mine(page, "forest") == 1 and mine(page, "quarry") is None
    assert place.is_visible()  # your next placement is asked; nothing else went wrong
    click_board(page, "locations", "quarry")  # on the board as now drawn
    wait_until(page, lambda: mine(page, "quarry") == 1, "your worker at the Quarry")
    clean(page, console, "explorer-quick-clicks")
    page.context.close()


def test_a_double_click_and_a_double_press_each_play_one_move_on_a_slow_page(server, browser):
    """Issue 21 item 3, on a slow computer (the page's processor slowed 6 times): a
    double click on the Forest places one worker, and a double press of the decision
    panel's Quarry button places one. Each second half was made on the position before
    the move and reaches the kernel after it: refused, with a quiet note, never an error."""
    from widgets.explorer import STALE_NOTE
    page, console, place = explorer_at_placement(browser, server)
    assert mine(page, "forest") is None and mine(page, "quarry") is None
    assert STALE_NOTE not in announced(page)
    page.evaluate("() => window.scrollTo(0, 0)")
    forest = page.evaluate(POINT_JS, ["locations", "forest"])
    drawn = page.evaluate(RECORD_CLICKS_JS)
    page.mouse.move(forest["x"], forest["y"])
    page.wait_for_timeout(150)
    cdp = slow_down(page, 6)
    # the board: two quick clicks on the same location
    page.mouse.dblclick(forest["x"], forest["y"])
    wait_until(page, lambda: STALE_NOTE in announced(page), "the note that the second click was not played")
    wait_until(page, lambda: mine(page, "forest") == 1, "your worker at the Forest")
    assert page.evaluate("() => window.archwkClicks") == [drawn, drawn]  # two clicks, on one drawing
    # the decision panel: two quick presses of one button (your next placement)
    quarry = page.get_by_role("button", name=re.compile(r"^Quarry \("))
    quarry.wait_for(timeout=STEP_TIMEOUT)
    before = announced(page)
    quarry.dblclick()
    wait_until(page, lambda: announced(page) != before and STALE_NOTE in announced(page),
               "the note that the second press was not played")
    wait_until(page, lambda: mine(page, "quarry") == 1, "your worker at the Quarry")
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    page.wait_for_timeout(1000)
    assert mine(page, "forest") == 1 and mine(page, "quarry") == 1
    assert place.is_visible()  # your next placement is asked
    assert page.locator(".archwk-error").count() == 0 or page.inner_text(".archwk-error").strip() == ""
    clean(page, console, "explorer-double-clicks")
    page.context.close()


def test_whatif_page_has_one_figure_until_the_chart_is_asked(server, browser):
    t0 = time.perf_counter()
    page, console = vb.open_app_page(browser, server.url("whatif.ipynb"), wait_for=".js-plotly-plot",
                                     board=True, timeout=LOAD_TIMEOUT)
    wait_text(page, "Projected VP")
    took = time.perf_counter() - t0
    assert page.locator(".js-plotly-plot").count() == 1, "a second plotly figure at the first render"
    page.get_by_text("Show the chart").click()
    page.wait_for_function("() => document.querySelectorAll('.js-plotly-plot').length == 2", timeout=STEP_TIMEOUT)
    page.wait_for_timeout(1500)
    clean(page, console, "page-whatif")
    print(f"what-if page on screen in {took:.1f} s (with the test's 2.5 s wait for stuck figures)")
    page.context.close()


@pytest.mark.parametrize("name,marker", [("dashboard", ".archwk-dashboard"), ("solo", ".js-plotly-plot")])
def test_other_pages_screenshots(server, browser, name, marker):
    page, console = vb.open_app_page(browser, server.url(f"{name}.ipynb"), wait_for=marker,
                                     board=name != "dashboard", timeout=LOAD_TIMEOUT)
    if name == "dashboard":
        assert page.get_by_text("Card gallery →").is_visible()
    clean(page, console, f"page-{name}")
    page.context.close()


def test_save_downloads_the_game_in_one_click(server, browser):
    """Issue 14: Save downloads in one click (no second link to click); the file
    is the game record, and loads back as the same game (issue 11)."""
    import json

    import archwk
    page, console = vb.open_app_page(browser, server.url("explorer.ipynb"), wait_for=".js-plotly-plot",
                                     board=True, timeout=LOAD_TIMEOUT)
    page.get_by_role("tab", name="Save / load").click()
    button = page.get_by_role("button", name="Save game")
    button.wait_for(timeout=STEP_TIMEOUT)
    with page.expect_download(timeout=STEP_TIMEOUT) as info:
        button.click()
    download = info.value
    assert download.suggested_filename.startswith("archwk-") and download.suggested_filename.endswith(".json")
    text = Path(download.path()).read_text(encoding="utf-8")
    doc = json.loads(text)
    assert "steps" in doc or "actions" in doc
    assert archwk.GameState.from_json(text).is_over is False
    wait_text(page, "to your downloads")
    clean(page, console, "explorer-saved")
    page.context.close()
