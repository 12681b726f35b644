"""Every notebook runs headless without an error (nbclient), and works in its kernel.

The notebooks run concurrently, each in its own kernel started in notebooks/
(as Voila and JupyterLab start them). After a notebook's own cells, a check
cell runs in the same kernel and drives the widgets the notebook made, the way
a click would.
"""
from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
NAMES = ["dashboard.ipynb", "tutorial.ipynb", "explorer.ipynb", "whatif.ipynb", "solo.ipynb", "gallery.ipynb",
         "bots.ipynb", "interop.ipynb", "archon.ipynb", "archon_whatif.ipynb", "archon_gallery.ipynb",
         "archon_tutorial.ipynb"]
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"

#: run after each notebook, in its kernel; an assertion failing there fails the test
CHECKS = {
    "dashboard.ipynb": """
tab = dashboard()
assert [tab.get_title(i) for i in range(3)] == ["Start here", "Rules notes", "Lessons"]
assert "Quarry yield" in tab.children[1].value and "<table>" in tab.children[1].value
for page in ("tutorial.ipynb", "explorer.ipynb", "whatif.ipynb", "solo.ipynb", "gallery.ipynb", "bots.ipynb",
             "interop.ipynb", "archon.ipynb", "archon_whatif.ipynb", "archon_gallery.ipynb",
             "archon_tutorial.ipynb"):
    assert f'href="{page}"' in tab.children[0].value, page
""",
    "archon.ipynb": """
from widgets.archon.board import BoardClick
ex = app.explorer
assert "Archon: Glory &amp; Machination" in ex.title.value
assert ex.coach.on and sum(ex.coach.bar.percents) == 100  # the coach's bar of win chances
while ex.state.decision != "turn":
    assert ex.state.current_player == 0, ex.state.prompt  # the bots played their own decisions
    ex.decision.buttons[0].click()
slots = ex.board.figure.data[ex.board.trace_index("slots")].customdata
loc, slot = next((d[1], d[2]) for d in slots if ex.action_for_click(BoardClick("slot", location=d[1], slot=d[2])))
ex._on_board_click(BoardClick("slot", location=loc, slot=slot))
assert ex.error_text == "", ex.error_text
assert ex.board.worker_counts()[loc].get(0) >= 1
assert ex.state.current_player == 0 or ex.state.is_over  # the bots have played their turns
""",
    "archon_whatif.ipynb": """
ex = app.explorer
assert ex.tabs.selected_index == 2 and not ex.editor.locked
gold = ex.state.players[0].gold
ex.editor.numbers["gold"].value = gold + 2
ex.editor.apply_button.click()
assert ex.editor.error == "" and ex.state.players[0].gold == gold + 2, ex.editor.message.value
ex.editor.numbers["gold"].value = -5
ex.editor.apply_button.click()
assert "gold" in ex.editor.error and ex.state.players[0].gold == gold + 2
ex.decision.buttons[0].click()
assert ex.error_text == ""
""",
    "archon_gallery.ipynb": """
total = gallery.count
assert total > 50 and gallery.grid.value.count('class="archwk-gallery-entry"') == total
assert gallery.grid.value.count("*</div>") == total  # every face's title carries the example mark
gallery.kind.value = "tiles"
assert 0 < gallery.count < total and all(e.kind == "tiles" for e in gallery.entries)
""",
    "archon_tutorial.ipynb": """
assert tutorial.game_name == "archon" and len(tutorial.lessons) >= 18
lesson = tutorial.lesson
for action in lesson.solution_actions():
    tutorial.decision.button_for(action).click()
assert tutorial.attempt.verdict.status == "right", tutorial.feedback_text
assert tutorial.feedback_text.startswith("✔ Right")
assert tutorial.progress.count == 1
tutorial.next_button.click()
assert tutorial.index == 1 and tutorial.error.value == ""
assert tutorial.board.figure.data  # Archon's board is drawn
""",
    "tutorial.ipynb": """
lesson = tutorial.lesson
for action in lesson.solution_actions():
    tutorial.decision.button_for(action).click()
assert tutorial.attempt.verdict.status == "right", tutorial.feedback_text
assert tutorial.feedback_text.startswith("✔ Right")
assert tutorial.progress.count == 1
tutorial.next_button.click()
assert tutorial.index == 1 and tutorial.error.value == ""
""",
    "explorer.ipynb": """
ex = app.explorer
assert ex.state.current_player == 0, ex.state.prompt
while ex.state.decision != "place":
    ex.decision.buttons[0].click()
before = dict(ex.state.workers_at("quarry"))
ex.decision.button_for(next(a for a in ex.state.legal_actions() if a.location == "quarry")).click()
assert ex.error_text == "", ex.error_text
assert ex.board.worker_counts()["quarry"].get(0) == before.get(0, 0) + 1
assert ex.state.current_player == 0  # the bots have played their turns
assert ex.coach.on and sum(ex.coach.bar.percents) == 100  # the coach's bar of win chances
""",
    "whatif.ipynb": """
ex = app.explorer
assert app.wait()  # the coach's look fills the table on its thread
assert "Projected VP" in app.table.value and "Win chance" in app.table.value
first = app.table.value
ex.decision.buttons[0].click()
assert app.table.value != first and ex.error_text == ""
assert ex.coach.on and ex.coach.bar.state is ex.state
assert app.wait() and "Win chance" in app.table.value and app._values_for is ex.state
""",
    "solo.ipynb": """
ex = app.explorer
assert [p.name for p in ex.state.players] == ["Ann (you)", "Constantine"]
app.opponents.value = "helena"
app.new_button.click()
assert app.explorer.state.players[1].name == "Helena", app.explorer.state.players
""",
    "gallery.ipynb": """
assert gallery.count == 86 and gallery.grid.value.count('class="archwk-card ') == 86
gallery.skill.value = "carpentry"
assert 0 < gallery.count < 86 and all("carpentry" in e.skills for e in gallery.entries)
gallery.card_set.value = "extra"
assert {e.name for e in gallery.entries} == {"Graveyard", "Peddler"}, gallery.entries
""",
    "interop.ipynb": """
assert page.available  # the test environment has the interop extra
out = page.run("openspiel")
assert "IS-MCTS chooses:" in out and "action ids" in out, out
out = page.run("pettingzoo")
assert out.count("chooses:") == 6, out
page.buttons["pettingzoo"].click()
assert page.error.value == "" and "It printed" in page.output["pettingzoo"].value
""",
    "bots.ipynb": """
# the page opens on the stored results of its default settings, chart drawn
assert len(page.records) == page.settings()["games"] == 150
assert "wins more often than" in page.summary.value and len(page.figure.data) == 5
page.players.value = 2
page.games.value = 3
page.seat_menus[0].value, page.seat_menus[1].value = "fast", "random"
page.play_button.click()
assert page.error.value == "", page.error.value
assert len(page.records) == 3 and page.progress.value == 3
assert "3 games played" in page.summary.value and "The fast bot</b> won" in page.summary.value
assert [t.name for t in page.figure.data[1:3]] == ["fast", "random"]
""",
}


def _errors(nb) -> list[str]:
    out = []
    for cell in nb.cells:
        for o in cell.get("outputs", []):
            if o.get("output_type") == "error":
                out.append(f"{o.get('ename')}: {o.get('evalue')}")
            if o.get("output_type") == "stream" and o.get("name") == "stderr" and "Traceback" in o.get("text", ""):
                out.append(o["text"])
    return out


async def _run(name: str):
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    own = len(nb.cells)
    nb.cells.append(nbformat.v4.new_code_cell(CHECKS[name]))
    client = NotebookClient(nb, timeout=120, kernel_name="python3",
                            resources={"metadata": {"path": str(NOTEBOOKS)}})
    await client.async_execute()
    return nb, own


@pytest.fixture(scope="module")
def executed():
    """{name: (executed notebook, number of its own cells) or the exception}, all run at once."""
    async def run_all():
        results = await asyncio.gather(*(_run(n) for n in NAMES), return_exceptions=True)
        return dict(zip(NAMES, results))
    return asyncio.run(run_all())


def test_every_notebook_is_listed():
    assert sorted(p.name for p in NOTEBOOKS.glob("*.ipynb")) == sorted(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_notebook_runs_without_error(executed, name):
    result = executed[name]
    if isinstance(result, BaseException):
        raise result
    nb, own = result
    assert _errors(nb) == []
    # the notebook shows a widget (the page a user sees)
    shown = [o for c in nb.cells[:own] if c.cell_type == "code" for o in c.get("outputs", [])
             if WIDGET_MIME in o.get("data", {})]
    assert shown, f"{name} displays no widget"


def test_notebooks_are_generated_and_stored_without_outputs():
    r = subprocess.run([sys.executable, str(NOTEBOOKS / "build.py"), "--check"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    for name in NAMES:
        nb = nbformat.read(NOTEBOOKS / name, as_version=4)
        nbformat.validate(nb)
        for cell in nb.cells:
            if cell.cell_type == "code":
                assert cell.outputs == [] and cell.execution_count is None, name


def test_notebooks_folder_holds_only_notebooks_and_their_builder():
    """Application code lives in the widgets package; notebooks/ is pages only."""
    files = sorted(p.name for p in NOTEBOOKS.iterdir() if p.is_file() and not p.name.startswith("."))
    assert files == sorted(NAMES + ["build.py"])
    for name in NAMES:
        nb = nbformat.read(NOTEBOOKS / name, as_version=4)
        imports = [line for c in nb.cells if c.cell_type == "code" for line in c.source.splitlines()
                   if line.startswith(("import ", "from "))]
        assert imports and all(line.startswith("from widgets") for line in imports), (name, imports)


def test_notebooks_are_thin():
    """Prose and a few calls: the logic lives in widgets/ and the notebook helpers."""
    for name in NAMES:
        nb = nbformat.read(NOTEBOOKS / name, as_version=4)
        code = [c.source for c in nb.cells if c.cell_type == "code"]
        # every page's first cell shows widgets.a11y.PageHelper (notebooks/build.py); the rest is the page
        assert nb.cells[0].cell_type == "code" and code[0] == "from widgets.a11y import PageHelper\n\nPageHelper()"
        code = code[1:]
        assert 1 <= len(code) <= 2 and sum(s.count("\n") + 1 for s in code) <= 6, name
        assert any(c.cell_type == "markdown" for c in nb.cells), name
