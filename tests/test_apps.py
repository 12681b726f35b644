"""The applications without a browser: the tutorial's interface
(widgets/tutorial/ui.py) and the dashboard, game and what-if apps
(widgets/architects/apps.py), driven by clicking their widgets."""
from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("plotly")

import archwk
from widgets.architects import apps
from widgets.architects import lessons as tl
from widgets.tutorial.ui import TutorialUI

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


@pytest.fixture(scope="module")
def ui():
    return TutorialUI()


def test_every_lesson_can_be_done_by_clicking(ui):
    for i, lesson in enumerate(tl.LESSONS):
        ui.lesson_buttons[i].click()
        assert ui.index == i and f"Lesson {i + 1} of {len(tl.LESSONS)}" in ui.heading.value
        assert ui.board.state is ui.attempt.state
        for action in lesson.solution_actions():
            ui.decision.button_for(action).click()
        assert ui.error.value == ""
        assert ui.feedback_text.startswith("✔ Right"), (lesson.key, ui.feedback_text)
        assert ui.decision.buttons == []  # judged: no more choices
    assert ui.progress.count == len(tl.LESSONS)
    assert ui.bar.value == len(tl.LESSONS)
    assert all(b.description.startswith("✓") for b in ui.lesson_buttons)


def test_a_wrong_move_is_explained_and_can_be_retried():
    ui = TutorialUI(start=6)  # the Town Centre
    lesson = ui.lesson
    assert lesson.key == "town_centre"
    start, start_workers = ui.attempt.state.to_json(), ui.board.worker_counts()
    start_buttons = [b.description for b in ui.decision.buttons]
    for action in lesson.mistake_actions():
        ui.decision.button_for(action).click()
    assert ui.feedback_text.startswith("✘") and "largest" in ui.feedback_text
    assert ui.progress.count == 0
    assert ui.board.worker_counts() != start_workers  # the wrong move is on the board
    ui.retry_button.click()
    # Retry: the lesson's starting position again, on the board and in the choices
    assert ui.attempt.actions == [] and ui.feedback_text == ""
    assert ui.attempt.state.to_json() == start and ui.board.state is ui.attempt.state
    assert ui.board.worker_counts() == start_workers
    assert [b.description for b in ui.decision.buttons] == start_buttons and start_buttons
    for action in lesson.solution_actions():
        ui.decision.button_for(action).click()
    assert ui.feedback_text.startswith("✔ Right")
    # after the first choice the judge says what to do next
    ui.retry_button.click()
    ui.decision.button_for(lesson.solution_actions()[0]).click()
    assert "Now choose the group" in ui.feedback_text


def _page_reads_storage(ui, text: str) -> None:
    """What the page's script does when the tutorial opens (widgets.storage): it hands
    the kernel the text the browser kept."""
    ui.store.stored, ui.store.loaded = text, True


def test_tutorial_progress_is_kept_in_the_browser_and_can_be_reset():
    """Issue 21 item 5: the lessons done survive a reload (the browser keeps them)."""
    ui = TutorialUI()
    assert ui.store.key == "archwk-tutorial-progress-architects" and ui.store.layout.display == "none"
    assert ui.store.former == "archwk-tutorial-progress"  # where the progress was kept before the key named the game
    assert ui.store in ui.children[1].children and ui.reset_button in ui.children[1].children
    assert ui.reset_button.disabled  # nothing to forget yet
    _page_reads_storage(ui, '{"version": 1, "done": ["setup", "aim"]}')
    assert ui.progress.done == {"aim", "setup"} and ui.bar.value == 2
    assert "2 of 18 lessons done" in ui.progress_text.value
    assert [b.description for b in ui.lesson_buttons[:3]] == ["✓1", "✓2", "3"]
    assert not ui.reset_button.disabled
    # a lesson done now is kept with the others
    ui.show(2)
    for action in ui.lesson.solution_actions():
        ui.decision.button_for(action).click()
    assert tl.Progress.from_json(ui.store.value).done == {"aim", "setup", "placing"}
    assert "3 of 18 lessons done" in ui.progress_text.value
    ui.reset_button.click()
    assert ui.progress.count == 0 and ui.bar.value == 0 and "0 of 18 lessons done" in ui.progress_text.value
    assert ui.store.value == '{"version": 1, "done": []}'
    assert all(not b.description.startswith("✓") for b in ui.lesson_buttons) and ui.reset_button.disabled
    assert ui.error.value == ""


@pytest.mark.parametrize("text", ["", "{not json", "null", "[1, 2]", '{"done": "aim"}',
                                  '{"version": 2, "done": ["aim"]}', '{"done": [1, null, "no-such-lesson"]}',
                                  '"' + "x" * 20_000 + '"'])
def test_tutorial_ignores_stored_progress_it_cannot_read(text):
    ui = TutorialUI(start=2)
    for action in ui.lesson.solution_actions():
        ui.decision.button_for(action).click()
    _page_reads_storage(ui, text)
    assert ui.progress.done == {"placing"} and ui.error.value == ""  # nothing lost, no error
    assert ui.store.value == '{"version": 1, "done": ["placing"]}'  # what the browser keeps now


def test_the_board_follows_the_lesson():
    ui = TutorialUI(start=2)  # placing workers: your 2 workers at the Quarry
    assert ui.board.worker_counts()["quarry"] == {0: 2}
    ui.decision.button_for(ui.lesson.solution_actions()[0]).click()
    assert ui.board.worker_counts()["quarry"] == {0: 3}


def test_hint_and_lesson_navigation():
    ui = TutorialUI()
    ui.hint_button.click()
    assert "Hint:" in ui.hint.value
    ui.next_button.click()
    assert ui.index == 1 and ui.hint.value == ""
    ui.prev_button.click()
    assert ui.index == 0 and ui.prev_button.disabled
    ui.lesson_buttons[-1].click()
    assert ui.next_button.disabled


def test_cards_in_a_decision_are_described():
    ui = TutorialUI(start=1)  # the building draft: a card face per building to keep
    faces = ui.decision.faces.value
    kept = [a.card for a in ui.attempt.choices()]
    assert faces.count('class="archwk-card ') == len(kept)
    assert "no skill" in faces and "VP" in faces


def test_an_exception_in_a_callback_shows_a_message(monkeypatch):
    ui = TutorialUI()
    action = ui.lesson.solution_actions()[0]

    def broken(self, a):
        raise RuntimeError("something broke")

    monkeypatch.setattr(tl.Attempt, "choose", broken)
    ui.decision.button_for(action).click()  # must not raise
    assert "Unexpected error RuntimeError: something broke" in ui.error.value
    monkeypatch.undo()
    ui.decision.button_for(action).click()
    assert ui.error.value == ""


def test_dashboard_tabs_and_links():
    tab = apps.dashboard()
    assert [tab.get_title(i) for i in range(len(tab.children))] == ["Start here", "Rules notes", "Lessons"]
    from widgets.archon.pages import PAGES as ARCHON_PAGES
    for page, _title, _what in apps.PAGES + ARCHON_PAGES:  # the dashboard links both games
        assert f'href="{page}"' in tab.children[0].value
        assert (NOTEBOOKS / page).exists()
    notes = tab.children[1].value
    assert "<table>" in notes and "Guildhall-triggered reset" in notes
    assert all(lesson.title.replace("'", "&#x27;") in tab.children[2].value for lesson in tl.LESSONS)


def test_game_app_starts_on_your_decision_and_makes_new_games():
    app = apps.GameApp(players=3, seed=1)
    ex = app.explorer
    assert ex.state.current_player == 0 and ex.session.seats[1] is not None
    # the bots are the registry's default, one that plays a real game (issue 13), not the random bot
    assert [ex.session.seat_kind(i) for i in range(3)] == ["person", archwk.bots.DEFAULT_BOT, archwk.bots.DEFAULT_BOT]
    assert archwk.bots.DEFAULT_BOT != "random"
    app.players.value = 4
    app.opponents.value = "people"
    app.new_button.click()
    assert app.error.value == ""
    assert [p.name for p in app.explorer.state.players] == ["Player 1", "Player 2", "Player 3", "Player 4"]
    assert all(s is None for s in app.explorer.session.seats)
    app.rules.value = "online"
    app.new_button.click()
    assert app.explorer.state.options == archwk.Options.online()


def test_solo_app():
    app = apps.SoloApp(seed=2, opponent="helena")
    s = app.explorer.state
    assert [p.name for p in s.players] == ["Ann (you)", "Helena"] and s.players[1].is_bot
    app.opponents.value = "constantine"
    app.rules.value = "side2"
    app.new_button.click()
    s = app.explorer.state
    assert s.players[1].name == "Constantine" and s.options.board_side == 2


def test_compare_actions_lists_every_choice_best_first():
    state = apps.sample_position()
    rows = apps.compare_actions(state)
    assert sorted(r["label"] for r in rows) == sorted(str(a) for a in state.legal_actions())
    deltas = [r["delta"] for r in rows]
    assert deltas == sorted(deltas, reverse=True)
    p = state.current_player
    for r in rows:
        after = state.apply(r["action"])
        assert r["vp_after"] == archwk.final_scores(after)[p].total
    assert apps.compare_actions(archwk.new_game(2, seed=1).view(0)) == []


def test_compare_actions_with_the_coachs_evaluation():
    """Issue 24 (one voice): the table's chances are the coach's look at the position, the
    same figures its hint gives there (same seed and budget), for every legal choice."""
    from archwk.analysis import hint
    state = apps.sample_position()
    values = apps.evaluate(state, samples=3, seed=2)
    assert set(values) == set(state.legal_actions())
    hinted = hint(state, k=3, seconds=None, max_samples=3, seed=2)
    for c in hinted:
        assert values[c.action].win_rate == c.win_chance and values[c.action].win_ci == (c.low, c.high)
    # in the coach's order: the hint's choices first, as the hint lists them
    rows = apps.compare_actions(state, values)
    assert [r["action"] for r in rows] == list(values)
    assert [r["action"] for r in rows[:len(hinted)]] == [c.action for c in hinted]
    html = apps.comparison_html(state, values)
    assert "in the coach's order" in html and "best first" not in html
    assert "Win chance" in html and "VP two rounds on" in html and "the coach's" in html
    assert "rollouts" not in html


def _virtue_and_debts_said(texts: list[str], name: str) -> tuple[int, int]:
    """The chooser's move on the Virtue track and the Debts taken, as the log sentences say them."""
    import re
    virtue = debts = 0
    n = re.escape(name)
    for t in texts:
        for sign, rx in ((-1, rf"^{n} loses (\d+) Virtue"), (1, rf"^{n} gains (\d+) Virtue"),
                         (-1, rf"^{n} would lose \d+ Virtue .* but has only (\d+)"),
                         (1, rf"^{n} would gain \d+ Virtue .* but gains only (\d+)")):
            m = re.search(rx, t)
            if m:
                virtue += sign * int(m.group(1))
        m = re.search(rf"^{n} takes (\d+) unpaid Debt", t)
        if m:
            debts += int(m.group(1))
    return virtue, debts


def _said_in_change(change: str, word: str) -> int:
    import re
    m = re.search(rf"([+-]\d+) {word}\b", change)
    return int(m.group(1)) if m else 0


def _check_rows_agree(state):
    """Every row: 'What happens at once' shows every event the choice causes, and the
    Virtue and Debts its sentences state add up to the row's 'Changes for the chooser'."""
    p = state.current_player
    name = state.players[p].name
    html = apps.comparison_html(state)
    rows = apps.compare_actions(state)
    for r in rows:
        after = state.apply(r["action"])
        assert r["effects"] == [e.text for e in after.events if e.kind != "turn"]
        assert apps.esc(" ".join(r["effects"])) in html
        virtue, debts = _virtue_and_debts_said(r["effects"], name)
        assert virtue == _said_in_change(r["change"], "Virtue"), (r["label"], r["change"], r["effects"])
        assert debts == _said_in_change(r["change"], "Debt"), (r["label"], r["change"], r["effects"])
    return rows


def test_whatif_row_and_what_happens_at_once_agree():
    """Issue 21: a what-if row said "-2 Virtue" where "What happens at once" said "loses 1
    Virtue": the column showed the first 4 events only, and the Black Market reset the move
    triggers costs another Virtue (RB, Black Market Reset: 3 or more workers in Prison lose
    1 Virtue; the most in Prison take a Debt). And below 0 the Virtue track gives Debts
    instead (RB, Virtue Track): the label, the log and the change say so alike."""
    s = archwk.new_game(["Ann", "Ben", "Cy"], seed=5)
    while s.decision != "place":
        s = s.apply(s.legal_actions()[0])
    p = s.current_player
    o1, o2 = (p + 1) % 3, (p + 2) % 3
    s = s.edit(player=p, virtue=5, silver=10, in_prison=2)
    s = s.edit(workers_at={"black_market_a": {o1: 1}, "black_market_b": {o2: 1}})
    rows = _check_rows_agree(s)
    row = next(r for r in rows if r["action"].location == "black_market_c")
    assert "-2 Virtue" in row["change"] and "+1 Debt" in row["change"]
    who = s.players[p].name
    assert f"{who} loses 1 Virtue (a Black Market action) and is now at 4." in row["effects"]
    assert f"{who} loses 1 Virtue (3 or more workers in Prison at a Black Market reset) and is now at 3." \
        in row["effects"]

    s = s.edit(player=p, virtue=1, in_prison=0)
    rows = _check_rows_agree(s)
    row = next(r for r in rows if r["action"].location == "tax_stand")
    assert row["label"].startswith("Place a worker at the Tax Stand (lose 1 Virtue and take 1 Debt for the 1 "
                                   "below 0; gain")
    assert "-1 Virtue" in row["change"] and "+1 Debt" in row["change"]
    assert row["effects"][-2:] == [
        f"{who} would lose 2 Virtue (stealing from the Tax Stand) but has only 1 and drops to 0.",
        f"{who} takes 1 unpaid Debt instead: 1 for each point of Virtue below 0."]
    _check_rows_agree(apps.sample_position())


def test_whatif_app_evaluates_on_demand_or_automatically():
    app = apps.WhatIfApp(auto=False)
    assert "Win chance" not in app.table.value
    app.thinking.value = 1.0
    assert app.figure is None  # no chart (and no second plotly.js) before an evaluation
    app.evaluate_button.click()
    assert app.error.value == "" and "Win chance" in app.table.value
    assert "done in" in app.status.value
    # asked again with more time: every choice is valued already on the coach's look, and
    # the status says so (it said "done in 0.0 s", as if the time chosen had been spent)
    table = app.table.value
    app.thinking.value = 3.0
    app.evaluate_button.click()
    assert app.table.value == table and "valued every choice here already" in app.status.value
    assert "done in" not in app.status.value
    app.thinking.value = 1.0
    app.evaluate_button.click()
    assert app.figure is None  # issue 14: the chart only once asked for (the page's first render)
    app.show_chart.value = True
    # issue 6: the evaluation is also a plotly chart, one bar per legal action
    assert len(app.figure.data[0].y) == len(app.explorer.state.legal_actions())
    app.explorer.decision.buttons[0].click()
    assert len(app.figure.data) == 0  # cleared for the new position
    assert "Win chance" not in app.table.value  # a new position: not evaluated yet
    app.auto.value = True  # on the coach's thread: the click is answered first
    assert app.wait() and "Win chance" in app.table.value
    app.explorer.decision.buttons[0].click()
    # the click is answered at once: the coach's look (a second of work) fills the table afterwards
    assert app._values_for is not app.explorer.state and "looking at every choice" in app.status.value
    assert app.wait() and "Win chance" in app.table.value and app._values_for is app.explorer.state


def test_whatif_app_follows_the_explorer():
    app = apps.WhatIfApp(auto=False)
    ex = app.explorer
    first = app.table.value
    assert ex.state.prompt in first.replace("&#x27;", "'")
    ex.decision.buttons[0].click()
    assert app.table.value != first
    # an edit through the explorer's what-if editor is followed too
    ex.tabs.selected_index = list(ex.tabs.children).index(ex.editor)  # opening the tab fills the form
    ex.editor.numbers["silver"].value = ex.editor.numbers["silver"].value + 5
    ex.editor.apply_button.click()
    assert ex.editor.error == ""
    p = ex.editor.player.value or 0
    assert ex.state.players[p].silver == app.explorer.state.players[p].silver
    assert app.table.value == apps.comparison_html(ex.state)


@pytest.mark.parametrize("module", ["widgets.architects.apps", "widgets.architects.board", "widgets.tutorial",
                                    "widgets.tutorial.ui", "widgets.architects.lessons", "widgets.storage"])
def test_docstring_examples_run(module):
    import doctest
    import importlib
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
