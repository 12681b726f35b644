"""The widgets' own words (issue 14): every label, hover, menu, tab and heading
the pages show, over games of every option set and 1-5 players, the tutorial's
lessons, the gallery, the dashboard and the what-if page.

Sentences the library writes (prompts, action labels, event texts, reasons,
rule texts) are masked first: their wording is tested with the library
(tests/test_explain.py). What is left is what the widgets add or compose, and
it must follow the same rules (tests/wording.py)."""
from __future__ import annotations

import random

import pytest
from wording import html_texts, problems, raw_ids, widget_texts

import archwk
from widgets.architects.text import rule_text

OPTION_SETS = {
    "base": archwk.Options(),
    "side2": archwk.Options(board_side=2),
    "artisans": archwk.Options(artisans=True, expansion_cards=True),
    "online": archwk.Options.online(),
}
RULE_LOCATIONS = archwk.games.architects.model.LOCATIONS + ("prison",)


def _library_texts(states) -> list[str]:
    out: set[str] = set()
    for s in states:
        out.update(e.text for e in s.events)  # the log shows every state's events
    for s in states[-30:]:
        out.add(s.prompt)
        out.update(e.text for e in s.events)
        out.update(s.placement_blockers().values() if s.decision == "place" and not s.is_over else ())
        if not s.is_over and not s.is_view:
            for a in s.legal_actions():
                label = str(a)
                out.add(label)
                short = label.removeprefix("Place a worker at the ")
                out.add(short[:1].upper() + short[1:])
        out.update(str(a) for a in s.history[-80:])
    for loc in RULE_LOCATIONS:
        out.update(html_texts(rule_text(loc)))
    return sorted((t for t in out if t), key=len, reverse=True)


def check(widget, states) -> list[str]:
    masks = _library_texts(states)
    bad = []
    for text in widget_texts(widget):
        for m in masks:
            if m in text:
                text = text.replace(m, "«»")
        bad += problems(text)
    return sorted(set(bad))


def test_the_rules_catch_what_the_issue_saw():
    # issue 14's examples, as the checker must see them
    for text in ("(up to 1 trades)", "draw 1 card(s)", "columns 1..min(W, 4)", "(a free discard (RB, Workshop))",
                 "Capture player 2's group of at the Quarry", "at the Town Centre (the Town Centre)",
                 "0: Ann", "Player 0", "the the Forest"):
        assert problems(text if text != "0: Ann" else "Player 0: Ann"), text
    assert problems("Hire the Thief from position 3 · pay 6 Silver (2 on the skipped cards)") == []


@pytest.mark.parametrize("n,opts", [(1, "base"), (2, "side2"), (3, "artisans"), (4, "online"), (5, "base")])
def test_explorer_words(n, opts):
    from widgets.explorer import TAB_EDITOR, TAB_PLAYERS, TAB_SCORES, GameExplorer
    options = OPTION_SETS[opts]
    if n == 1:
        options = archwk.Options(solo_opponent="constantine")
    s = archwk.new_game(n, seed=n * 7, options=options)
    ex = GameExplorer(s, seats=["person"] * n)
    rng = random.Random(n)
    bad = []
    for step in range(60):
        if ex.state.is_over:
            break
        if step in (0, 5, 20, 59):
            for tab in (TAB_PLAYERS, TAB_SCORES, TAB_EDITOR):
                ex.show_tab(tab)
            bad += check(ex, ex.session.states)
        ex.choose(rng.choice(ex.state.legal_actions()))
    ex.goto(max(0, ex.session.cursor - 3))  # a past point: the note about lines
    ex.choose(ex.state.legal_actions()[-1])
    bad += check(ex, ex.session.states)
    ex.close()
    assert not bad, "\n".join(bad[:30])


def test_players_numbered_from_1_in_the_editor():
    from widgets.explorer import TAB_EDITOR, GameExplorer
    ex = GameExplorer(archwk.new_game(["Ann", "Ben"], seed=2), seats=["person", "person"])
    while ex.state.decision != "place":
        ex.choose(ex.state.legal_actions()[0])
    ex.show_tab(TAB_EDITOR)
    assert [label for label, _ in ex.editor.player.options] == ["1: Ann", "2: Ben"]
    ex.close()


def test_tutorial_words():
    from widgets.architects.lessons import LESSONS
    from widgets.tutorial import TutorialUI
    ui = TutorialUI()
    bad = []
    for i, lesson in enumerate(LESSONS):
        ui.show(i)
        ui.hint_button.click()
        bad += check(ui, ui.attempt.states)
        for a in lesson.solution_actions():
            ui.choose(a)
        bad += check(ui, ui.attempt.states)
    assert not bad, "\n".join(bad[:30])


def test_gallery_dashboard_and_whatif_words():
    from widgets.architects.apps import SoloApp, WhatIfApp, dashboard
    from widgets.architects.gallery import CardGallery
    bad = check(CardGallery(), [])
    tab = dashboard()
    tab.children = [c for c in tab.children if "archwk-notes" not in getattr(c, "value", "")
                    or "<table><tr><th>#</th><th>Lesson" in c.value]  # the rules notes are about the sources
    bad += check(tab, [])
    app = WhatIfApp()
    app.wait()
    app.show_chart.value = True
    now = app.explorer.state  # the table says what each choice leads to: the library's words too
    bad += check(app, list(app.explorer.session.states) + [now.apply(a) for a in now.legal_actions()])
    solo = SoloApp(seed=2)
    bad += check(solo, solo.explorer.session.states)
    assert not bad, "\n".join(bad[:30])


def test_bots_page_words():
    from widgets.botcompare import BotComparison
    page = BotComparison()
    bad = check(page, [])
    page.players.value = 2
    page.seat_menus[0].value, page.seat_menus[1].value = "fast", "random"
    page.games.value = 2  # too few games to tell the bots apart: the page says so
    page.play()
    assert "do not tell apart" in page.summary.value
    bad += check(page, [])
    assert not bad, "\n".join(bad[:30])


@pytest.mark.parametrize("n", [1, 3])
def test_no_internal_id_on_the_page(n):
    """Issue 21: the solo log printed "a worker to the black_market". Everything the explorer
    shows a person (its log, prompt, buttons, panels, scores, editor), unmasked, through a
    game against bots (solo: the Byzantine opponent's Scheme cards) holds no internal id."""
    from widgets.explorer import TAB_EDITOR, TAB_PLAYERS, TAB_SCORES, GameExplorer
    options = archwk.Options(solo_opponent="constantine") if n == 1 else archwk.Options()
    ex = GameExplorer(archwk.new_game(n, seed=5, options=options), seats=["person"] + ["heuristic"] * (n - 1))
    rng = random.Random(n)
    bad: set[str] = set()
    schemes = 0
    for step in range(80):
        if ex.state.is_over:
            break
        schemes += sum(e.kind == "scheme" for e in ex.state.events)
        if step % 20 == 0 or any(e.kind == "scheme" and e.data["location"] == "black_market"
                                 for e in ex.state.events):
            for tab in (TAB_PLAYERS, TAB_SCORES, TAB_EDITOR):
                ex.show_tab(tab)
                bad.update(x for t in widget_texts(ex) for x in raw_ids(t))
        ex.choose(rng.choice(ex.state.legal_actions()))
    ex.close()
    assert schemes or n > 1
    assert not bad, sorted(bad)[:20]
