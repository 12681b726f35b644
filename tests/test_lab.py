"""The notebooks in JupyterLab, as `bash scripts/kit lab` serves them, in Debian's Chromium:
the explorer notebook runs (Run > Run All Cells) and its board answers a click.

`kit lab` is started on a free port, on a copy of notebooks/ (JupyterLab autosaves what
ran), and stopped by its PID (it passes the signal on to
JupyterLab, which shuts its kernels down). Skipped only when /usr/bin/chromium is absent.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from pathlib import Path

import pytest
import voila_browser as vb
from test_browser import YOUR_PLACEMENT, place, play_draft
from test_browser_learner import click_board

pytestmark = pytest.mark.skipif(
    not Path(vb.CHROMIUM).exists(),
    reason=f"{vb.CHROMIUM} is not installed (apt-get install -y chromium; .ci/run does it)")

LOAD_TIMEOUT = 240_000


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    # JupyterLab autosaves a notebook that ran (outputs included): it serves a copy here
    folder = tmp_path_factory.mktemp("lab-notebooks")
    for path in (vb.ROOT / "notebooks").iterdir():
        if path.suffix in (".ipynb", ".py"):
            shutil.copy2(path, folder / path.name)
    port = vb.free_port()
    vb.ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log_path = vb.ARTIFACTS / "kit-lab.log"
    with open(log_path, "w") as log:
        proc = subprocess.Popen(["bash", str(vb.ROOT / "scripts" / "kit"), "lab"], cwd=vb.ROOT, stdout=log,
                                stderr=subprocess.STDOUT,
                                env={**os.environ, "ARCHWK_PORT": str(port), "ARCHWK_LAB_DIR": str(folder)})
    server = vb.VoilaServer(proc, port, log_path)
    pattern = re.compile(rf"archwk in JupyterLab: (http://127\.0\.0\.1:{port}/lab/tree/dashboard\.ipynb\?token=\w+)")
    deadline = time.monotonic() + 600  # the first run may install jupyterlab into .venv
    try:
        while not (m := pattern.search(server.log())):
            if proc.poll() is not None:
                raise RuntimeError(f"kit lab exited with {proc.returncode}:\n{server.log()[-3000:]}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"kit lab printed no address:\n{server.log()[-3000:]}")
            time.sleep(0.25)
        server.children = vb._children(proc.pid)
        yield m.group(1)
    finally:
        vb.stop_voila(server)
    assert not any(vb._alive(pid) for pid in server.children), "JupyterLab outlived kit lab"


def test_explorer_notebook_runs_in_jupyterlab_and_its_board_answers(lab):
    url = lab.replace("/lab/tree/dashboard.ipynb", "/lab/tree/explorer.ipynb")
    assert "127.0.0.1" in url
    with vb.chromium() as browser:
        page, console = vb.open_page(browser, url, viewport=(1500, 1100), wait_for=".jp-Notebook",
                                     timeout=LOAD_TIMEOUT)
        # wait for the kernel, then Run > Run All Cells
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=LOAD_TIMEOUT)
        page.get_by_text("Kernel status: Idle").first.wait_for(state="attached", timeout=LOAD_TIMEOUT)
        # Run > Run All Cells acts on the notebook JupyterLab holds as current; until the panel
        # is active and its session ready, the menu item is disabled (lm-mod-disabled) and a
        # click on it does nothing. Even enabled, a run asked for while JupyterLab is still
        # settling its kernel connection was seen to start nothing (every prompt stayed
        # "[ ]", the kernel idle): the run is asked for again until a cell has started.
        started = """() => Array.from(document.querySelectorAll('.jp-InputPrompt'))
                                .some(p => /\\[(\\*|\\d+)\\]/.test(p.textContent))"""
        page.locator(".jp-Notebook .jp-Cell").first.click()
        for attempt in range(4):
            page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
            item = page.locator(".lm-Menu-item:not(.lm-mod-disabled)",
                                has=page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")))
            try:
                item.wait_for(timeout=30_000)
                item.click()
                page.wait_for_function(started, timeout=15_000)
                break
            except Exception:
                vb.screenshot(page, f"jupyterlab-run-all-{attempt}")
                page.keyboard.press("Escape")
                if attempt == 3:
                    raise
        try:
            page.wait_for_selector(".js-plotly-plot", timeout=LOAD_TIMEOUT)
        except Exception:
            vb.screenshot(page, "jupyterlab-no-board")
            prompts = page.locator(".jp-InputPrompt").all_inner_texts()
            raise AssertionError(f"no board after Run All Cells; prompts {prompts}; console {console.errors[:5]}; "
                                 f"page: {vb.body_text(page)[-1500:]}") from None
        vb.wait_board(page, timeout=LOAD_TIMEOUT)
        play_draft(page, console)
        assert (vb.board(page)["workers"].get("quarry") or {}).get("0") is None
        b = place(page, "Quarry", "quarry", console)
        assert b["workers"]["quarry"]["0"] == 1
        page.get_by_text(YOUR_PLACEMENT).first.wait_for(timeout=60_000)  # the bots played on
        page.wait_for_timeout(1000)  # the board drawn after the bots' moves
        # a click on the board: in JupyterLab the figure carries plotly's script itself, wrapped
        # so that the click says the position drawn (widgets.figure); the kernel takes it
        click_board(page, "locations", "forest")
        deadline = time.monotonic() + 60
        while (vb.board(page)["workers"].get("forest") or {}).get("0") != 1 and time.monotonic() < deadline:
            page.wait_for_timeout(100)
        assert (vb.board(page)["workers"].get("forest") or {}).get("0") == 1
        vb.screenshot(page, "jupyterlab-explorer")
        assert not vb.figures_stuck(console), console.errors
        assert vb.widget_errors(page) == []
        page.context.close()
