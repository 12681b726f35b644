"""A server left idle still serves working pages (issue 21).

`bash scripts/kit serve` with a short idle cull (20 s, checked every 5 s; the published
server culls after 10 minutes, see voila.json and the README) is left alone past that time
with its preheated kernels waiting, and then every page is opened and used: each one's
kernel must be alive and answer (a move on the game pages, a search in the gallery, a
setting on the bots page). A page whose kernel is then shut down says so and offers a
reload, and the reloaded page plays.

Skipped only when /usr/bin/chromium is absent (CI installs it in .ci/run).
"""
from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
import voila_browser as vb

pytestmark = pytest.mark.skipif(
    not Path(vb.CHROMIUM).exists(),
    reason=f"{vb.CHROMIUM} is not installed (apt-get install -y chromium; .ci/run does it)")

CULL_AFTER = 20   # s, instead of voila.json's 600
CULL_EVERY = 2    # s, instead of 30
LOAD_TIMEOUT = 180_000
STEP_TIMEOUT = 60_000


@pytest.fixture(scope="module")
def server():
    with vb.voila(via_kit=True, log_path=vb.ARTIFACTS / "kit-serve-idle.log",
                  extra_args=(f"--MappingKernelManager.cull_idle_timeout={CULL_AFTER}",
                              f"--MappingKernelManager.cull_interval={CULL_EVERY}")) as srv:
        srv.wait_pools(vb.every_page(), timeout=600)
        yield srv


@pytest.fixture(scope="module")
def browser(server):
    with vb.chromium() as br:
        yield br


def snapshot(page) -> str:
    """What the kernel draws of a decision: the prompt, the choices and the board."""
    return page.evaluate("""() => {
      const d = document.querySelector('.archwk-decision');
      const gds = Array.from(document.querySelectorAll('.js-plotly-plot'));
      const b = gds.map(g => JSON.stringify((g.data || []).map(t => [t.name, (t.customdata || []).length])));
      return (d ? d.innerText : '') + '|' + b.join('|');
    }""")


def wait_changed(page, before: str, what: str) -> None:
    deadline = time.monotonic() + STEP_TIMEOUT / 1000
    while snapshot(page) == before:
        if time.monotonic() > deadline:
            shot = vb.screenshot(page, f"idle-no-answer-{what}")
            raise AssertionError(f"{what}: the kernel did not answer within {STEP_TIMEOUT / 1000:.0f} s ({shot})")
        page.wait_for_timeout(100)


def play_a_move(page, name: str) -> None:
    """Click the first choice the page's decision panel offers and wait for the answer."""
    choice = page.locator(".archwk-decision button.archwk-choice").first
    choice.wait_for(timeout=STEP_TIMEOUT)
    before = snapshot(page)
    choice.click()
    wait_changed(page, before, name)


def use_page(page, name: str) -> None:
    """One thing only the page's kernel can answer."""
    if page.locator(".archwk-decision").count():
        play_a_move(page, name)
    elif name == "gallery.ipynb":
        shown = page.locator(".archwk-gallery").inner_text()
        find = page.get_by_role("textbox", name="Find")
        find.fill("Wood")
        find.press("Enter")
        deadline = time.monotonic() + STEP_TIMEOUT / 1000
        while page.locator(".archwk-gallery").inner_text() == shown:
            assert time.monotonic() < deadline, "the gallery's search was not answered"
            page.wait_for_timeout(100)
    elif name == "bots.ipynb":
        players = page.get_by_role("spinbutton", name="Players")
        text = vb.body_text(page)
        players.fill("4")
        players.press("Enter")
        deadline = time.monotonic() + STEP_TIMEOUT / 1000
        while vb.body_text(page) == text:
            assert time.monotonic() < deadline, "the bots page did not answer a new number of players"
            page.wait_for_timeout(100)
    else:  # the dashboard has no control the kernel answers; its helper widget came from the kernel
        page.wait_for_selector(".archwk-page-helper", state="attached", timeout=STEP_TIMEOUT)


def open_started(browser, server, name: str):
    page, console = vb.open_page(browser, server.url(name), timeout=LOAD_TIMEOUT, reloads=0)
    try:
        page.wait_for_selector(".archwk-page-helper", state="attached", timeout=LOAD_TIMEOUT)
    except Exception:
        vb.screenshot(page, f"idle-not-started-{name}")
        raise AssertionError(f"{name} did not start: {console.errors[:5]}\n{vb.body_text(page)[:1500]}") from None
    if page.locator(".archwk-board").count():
        vb.wait_board(page, timeout=LOAD_TIMEOUT)
    return page, console


def test_after_the_idle_timeout_every_page_opens_alive_and_plays(server, browser):
    time.sleep(CULL_AFTER + 2 * CULL_EVERY)        # the pools' kernels sit idle past the timeout
    pooled = set(re.findall(r"Using pre-heated kernel: ([0-9a-f-]{36})", server.log()))
    assert pooled == set(), "no page was opened yet"
    for name in vb.every_page():
        page, console = open_started(browser, server, name)
        kernel = vb.kernel_id(page)
        assert f"Using pre-heated kernel: {kernel} for" in server.log(), f"{name} was not given a preheated kernel"
        page.wait_for_timeout(CULL_EVERY * 1000 + 1000)  # a cull round after the hand-over
        assert vb.kernel_alive(server, kernel), f"{name}: its kernel was culled after the hand-over"
        use_page(page, name)
        assert page.locator(".archwk-reload").count() == 0, vb.body_text(page)[:300]
        assert vb.widget_errors(page) == []
        assert not re.search(r"object at 0x|\w+App\(children=", vb.body_text(page))
        assert console.errors == [], (name, console.errors)
        page.context.close()
    assert "static_path" not in server.log()


def test_a_page_whose_kernel_is_gone_says_so_and_its_reload_plays(server, browser):
    page, _console = open_started(browser, server, "explorer.ipynb")
    kernel = vb.kernel_id(page)
    # the server stops the page's kernel (as the culler does with a page cut off for long)
    status = page.evaluate("""async (url) => (await fetch(url, {method: 'POST'})).status""",
                           f"{server.base}/voila/api/shutdown/{kernel}")
    assert status in (200, 204), status
    banner = page.locator(".archwk-reload")
    banner.wait_for(timeout=60_000)
    assert "stopped on the server" in banner.inner_text() and "Reload" in banner.inner_text()
    vb.screenshot(page, "kernel-gone-offered")
    vb.reload_as_offered(page, timeout=LOAD_TIMEOUT)
    vb.wait_board(page, timeout=LOAD_TIMEOUT)
    assert vb.kernel_id(page) != kernel and vb.kernel_alive(server, vb.kernel_id(page))
    play_a_move(page, "explorer after reload")
    assert page.locator(".archwk-reload").count() == 0
    page.context.close()
