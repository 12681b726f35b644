"""Archon's explorer in Chromium (issue 23): the real Voila server started by `bash scripts/kit
serve` and Debian's Chromium, as tests/test_browser.py. The page opens with the example-figure
sentence and the board's marks; you choose your starting Magisters and split your cards with
the buttons, then play a move by clicking an action slot on the board, and the board draws
your Wooden Figure there.

Skipped only when /usr/bin/chromium is absent (CI installs it in .ci/run)."""
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
YOUR_TURN = "Ann (you): play a card and place a Wooden Figure"

#: a slot the board offers a click on (its hover says "Click: ..."), and where it is on the screen
CLICKABLE_SLOT_JS = """
() => {
  const gd = Array.from(document.querySelectorAll('.js-plotly-plot'))
    .find(g => (g.data || []).some(t => t.name === 'locations'));
  if (!gd) return null;
  const tr = gd.data.find(t => t.name === 'slots');
  const i = (tr.hovertext || []).findIndex(h => h.includes('Click:'));
  if (i < 0) return null;
  const xa = gd._fullLayout.xaxis, ya = gd._fullLayout.yaxis, r = gd.getBoundingClientRect();
  return {x: r.left + xa._offset + xa.l2p(tr.x[i]), y: r.top + ya._offset + ya.l2p(tr.y[i]),
          location: tr.customdata[i][1], slot: tr.customdata[i][2]};
}
"""


@pytest.fixture(scope="module")
def server():
    with vb.voila(via_kit=True, log_path=vb.ARTIFACTS / "kit-serve-archon.log") as srv:
        yield srv


@pytest.fixture(scope="module")
def browser(server):
    with vb.chromium() as br:
        yield br


def figures_of_yours(page) -> int:
    return sum(per.get("0", 0) for per in (vb.board(page) or {"workers": {}})["workers"].values())


def press_first(page, pattern: str, console) -> None:
    """Press the first decision button whose words match, and wait for the prompt to change."""
    buttons = page.get_by_role("button", name=re.compile(pattern))
    buttons.first.wait_for(timeout=STEP_TIMEOUT)
    prompt = page.inner_text(".archwk-decision .archwk-prompt")
    buttons.first.click()
    deadline = time.monotonic() + STEP_TIMEOUT / 1000
    while page.inner_text(".archwk-decision .archwk-prompt") == prompt:
        console.check_figures()
        assert time.monotonic() < deadline, f"no answer to {pattern!r}"
        page.wait_for_timeout(100)


def test_archon_explorer_plays_a_move_by_a_click_on_the_board(server, browser):
    page, console = vb.open_app_page(browser, server.url("archon.ipynb"), wait_for=".js-plotly-plot",
                                     board=True, timeout=LOAD_TIMEOUT)
    text = vb.body_text(page)
    assert "Figures marked * are examples" in text and "a player with the box" in text
    assert "Architects of the West Kingdom" not in page.inner_text(".archwk-decision")
    # your two starting Magisters, then your split: the buttons (bots choose by themselves)
    for _ in range(6):
        if page.get_by_text(YOUR_TURN).count():
            break
        if page.get_by_role("button", name=re.compile(r"^Start with ")).count():
            press_first(page, r"^Start with ", console)
        elif page.get_by_role("button", name=re.compile(r"^Keep ")).count():
            press_first(page, r"^Keep ", console)
        else:
            page.wait_for_timeout(300)
    page.get_by_text(YOUR_TURN).first.wait_for(timeout=STEP_TIMEOUT)
    page.wait_for_timeout(600)  # the board's redraw lands
    before = figures_of_yours(page)
    page.evaluate("() => window.scrollTo(0, 0)")
    at = page.evaluate(CLICKABLE_SLOT_JS)
    assert at, "the board offers no slot to click"
    page.mouse.move(at["x"], at["y"])
    page.wait_for_timeout(150)
    page.mouse.click(at["x"], at["y"])
    deadline = time.monotonic() + STEP_TIMEOUT / 1000
    while figures_of_yours(page) != before + 1:
        console.check_figures()
        if time.monotonic() > deadline:
            shot = vb.screenshot(page, "archon-no-answer")
            raise AssertionError(f"the click on {at} placed no figure ({shot})")
        page.wait_for_timeout(100)
    assert (vb.board(page)["workers"][at["location"]] or {}).get("0", 0) >= 1
    vb.screenshot(page, "archon-explorer")
    assert vb.widget_errors(page) == []
    assert console.errors == [], console.errors
    assert console.foreign == [], console.foreign
    page.context.close()
