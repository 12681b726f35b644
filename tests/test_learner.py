"""Issue 14, the learner's pass: every choice shows what it costs and gives
before it is taken, card faces and the card gallery, the history as a tree
with Undo."""
from __future__ import annotations

import html
import re

import pytest
from helpers import started

import archwk
from archwk import Action
from archwk.games.architects import cards
from archwk.games.architects.table import table
from widgets.architects.cards import apprentice_face, building_face, catalogue, select
from widgets.architects.choices import action_label, choice_faces, decision_groups
from widgets.architects.gallery import CardGallery
from widgets.architects.panels import player_html
from widgets.decision import DecisionPanel
from widgets.explorer import GameExplorer
from widgets.session import Session


def _at_workshop(workers: int = 1):
    """A Workshop decision with `workers` of the player's workers there and Silver to hire anywhere."""
    s = started(3, seed=2)
    p = s.current_player
    s = s.edit(player=p, silver=12, virtue=7)
    if workers > 1:
        s = s.edit(workers_at={"workshop": {p: workers - 1}})
    s = s.apply(Action("place", "workshop"))
    assert s.decision == "workshop", s.prompt
    return s


# --------------------------------------------------------------------------- costs on buttons

@pytest.mark.parametrize("workers", [1, 2, 3])
def test_hire_button_states_the_silver_that_hiring_takes(workers):
    # RB, Workshop: 4 Silver (2 Tax), 1 Silver laid on each skipped card of the row
    s = _at_workshop(workers)
    p = s.current_player
    hires = [a for a in s.legal_actions() if a.kind == "hire"]
    assert len(hires) == 8
    for a in hires:
        label = action_label(s, a)
        slot = table(s).display[a.target]
        m = re.search(r"pay (\d+) Silver(?:, \d+ of it Tax)?(?:, (\d+) on the skipped cards?)?", label)
        assert m, label
        after = s.apply(a)
        paid = s.players[p].silver - after.players[p].silver + slot.silver  # the Silver on the card is taken
        assert int(m.group(1)) == paid, (label, paid)
        laid = sum(after.display_silver) - sum(s.display_silver) + slot.silver
        assert int(m.group(2) or 0) == laid, (label, laid)
        assert f"the {slot.name} from position {slot.position}" in label
        assert all(k.capitalize() in label for k in slot.skills)


def test_no_workshop_price_on_a_free_hire():
    # RB, Setup (Age of Artisans apprentice draft): the starting apprentice costs nothing
    s = archwk.new_game(3, seed=5, options=archwk.Options(artisans=True))
    while s.decision != "apprentice_draft":
        s = s.apply(s.legal_actions()[0])
    for a in s.legal_actions():
        label = action_label(s, a)
        assert "pay" not in label and "position" in label, label


def test_building_buttons_show_vp_cost_and_skills():
    s = archwk.new_game(3, seed=1)
    assert s.decision == "draft"
    for a in s.legal_actions():
        b = cards.building(a.card)
        label = action_label(s, a)
        assert f"{b.vp} VP" in label and label.startswith(str(a)), label
        for r, n in b.cost.items():
            assert f"{n} {r.capitalize()}" in label
        for k in b.skills:
            assert k.capitalize() in label


def test_projected_vp_on_a_button_is_the_score_change():
    # a Gold is worth 1 VP at the end (RB, End of the Game: Gold and Marble)
    s = started(3, seed=3)
    p = s.current_player
    s = s.edit(player=p, resources={"clay": 0, "wood": 0, "stone": 0, "gold": 0, "marble": 0})
    s = s.edit(workers_at={"mines": {p: 3}})
    s = s.apply(Action("place", "mines"))
    assert s.decision == "mines"
    before = archwk.final_scores(s)[p].total
    for a in s.legal_actions():
        delta = archwk.final_scores(s.apply(a))[p].total - before
        label = action_label(s, a)
        if delta:
            assert f"{delta:+d} VP projected" in label, label
        else:
            assert "projected" not in label, label


def test_construct_buttons_name_the_payment_and_vp():
    s = started(3, seed=4)
    p = s.current_player
    s = s.edit(player=p, hand=["Smithy"], resources={"clay": 5, "wood": 3, "stone": 0, "gold": 0, "marble": 0})
    s = s.apply(Action("place", "guildhall"))
    builds = [a for a in s.legal_actions() if a.kind == "construct"]
    assert builds
    for a in builds:
        label = action_label(s, a)
        assert "3 VP" in label and "pay" in label and "VP projected" in label, label
    faces = choice_faces(s, builds)
    assert faces.count('class="archwk-card ') == 1 and "Smithy" in faces


def test_decision_panel_shows_faces_and_wrapping_buttons():
    s = archwk.new_game(3, seed=1)
    panel = DecisionPanel()
    panel.update(s)
    names = {a.card for a in s.legal_actions()}
    assert panel.faces.value.count('class="archwk-card ') == len(names)
    assert all(n.replace("'", "&#x27;") in panel.faces.value for n in names)
    assert all("archwk-choice" in b._dom_classes for b in panel.buttons)
    assert "white-space:normal" in panel.css.value


def test_blocked_places_keep_their_whole_name():
    s = started(3, seed=1)
    s = s.edit(player=s.current_player, silver=0)
    groups = dict(decision_groups(s))
    rows = [r for r in groups["Place a worker"] if r[0] == "blocked"]
    assert rows
    panel = DecisionPanel()
    panel.update(s)
    for label in panel.blocked:
        assert not label.endswith("…")
    row = panel._rows[0].children[0]
    assert row.layout.width == "auto" and "archwk-choice" in row._dom_classes


# --------------------------------------------------------------------------- card faces

def test_building_face_shows_every_printed_figure():
    for b in cards.BUILDINGS:
        face = building_face(b.name)
        assert f"{b.vp} VP" in face
        for r, n in b.cost.items():
            assert f"{n} {r.capitalize()}" in face
        for k in b.skills:
            assert k.capitalize() in face
        if b.virtue:
            assert f"{b.virtue:+d}" in face
        assert b.text.replace("'", "&#x27;") in face


def test_apprentice_face_shows_skills_ability_and_virtue():
    for a in cards.APPRENTICES:
        face = apprentice_face(a.id)
        assert a.name in face and a.text.replace("'", "&#x27;") in face
        assert all(k.capitalize() in face for k in a.skills)
        assert (f"{a.virtue:+d}" in face) == bool(a.virtue)


def test_hands_are_drawn_as_card_faces_and_hidden_cards_stay_hidden():
    s = started(3, seed=1)
    html = player_html(s, 0)
    assert html.count('class="archwk-card ') == len(s.players[0].hand)
    view = s.view(1)
    assert 'class="archwk-card ' not in player_html(view, 0)


# --------------------------------------------------------------------------- gallery

def test_catalogue_has_every_card_with_a_rulebook_section():
    entries = catalogue()
    assert sum(e.kind == "building" for e in entries) == 43
    assert sum(e.kind == "apprentice" for e in entries) == 43
    for e in entries:
        assert e.text and e.section
        if e.set == "base":
            assert e.section.startswith("Appendix — "), e
    # RB, Appendix — Building Effects: the Gain Resources bullet lists the Betting House and the Well
    by_name = {e.name: e for e in entries if e.kind == "building"}
    assert by_name["Well"].section == by_name["Betting House"].section == \
        "Appendix — Building Effects: Gain Resources / Cards"
    assert by_name["Observatory"].section.endswith("Virtue Boost")


def test_gallery_filters():
    g = CardGallery()
    assert g.count == 86 and g.grid.value.count('class="archwk-card ') == 86
    g.skill.value = "tiling"
    assert g.entries and all("tiling" in e.skills for e in g.entries)
    g.skill.value = "none"
    assert g.entries and all(not e.skills for e in g.entries)
    g.skill.value = "all"
    g.effect.value = "Storehouse trade"
    assert {e.kind for e in g.entries} == {"apprentice"} and any(e.name == "Merchant" for e in g.entries)
    g.effect.value = "all"
    g.search.value = "debt"
    assert g.entries and all("debt" in (e.name + e.text).lower() for e in g.entries)
    g.search.value = "no such card"
    assert g.count == 0 and "No card matches" in g.grid.value
    assert select(card_set="extra", kind="building") == [e for e in catalogue()
                                                         if e.kind == "building" and e.set == "extra"]


#: the words of a card's own text that say its effect concerns a topic of the "Effect" filter
TOPIC_WORDS = {
    "Storehouse trade": r"storehouse", "More when gathering": r"silversmith|the mines|quarry|forest",
    "Black Market": r"black market action", "Black Market reset": r"black market reset",
    "Town Centre and captures": r"captur|town centre", "Tax Stand": r"tax stand", "Guardhouse": r"guardhouse",
    "Prison": r"prison", "Cathedral": r"cathedral", "Debts": r"debt", "Skills only": r"no ability",
}  # (the Labourer's text: "No ability; has all three skills")


def test_gallery_effect_filter_agrees_with_the_card_text():
    """Issue 21: "Effect: Debts" showed the 3 Debt Collectors while Find "debt" found 11 cards.
    Every card whose rule speaks of a topic is under that topic, and no other (the topics are
    read from the card data: the test holds them to the cards' words); every card is under
    some choice of the menu, and a building under its category too."""
    from widgets.architects.cards import CATEGORY_WORDS, TOPICS
    assert set(TOPIC_WORDS) == set(TOPICS)
    g = CardGallery()
    menu = [v for _, v in g.effect.options]
    used = {x for e in catalogue() for x in (e.effect, *e.topics)}
    assert menu[0] == "all" and set(menu[1:]) == used and used <= set(CATEGORY_WORDS.values()) | set(TOPICS)
    for topic, words in TOPIC_WORDS.items():
        g.search.value = ""
        g.effect.value = topic
        shown = {(e.kind, e.id) for e in g.entries}
        said = {(e.kind, e.id) for e in catalogue() if re.search(words, e.text.lower())}
        assert shown == said, (topic, sorted(e.name for e in catalogue() if (e.kind, e.id) in shown ^ said))
        assert f"{sum(k == 'building' for k, _ in shown)} building" in g.summary.value
    g.effect.value = "Debts"
    debts = g.count
    g.effect.value, g.search.value = "all", "debt"
    assert debts == g.count == 11
    for e in catalogue():
        assert e.effect in menu and all(t in menu for t in e.topics), e.name
        if e.kind == "building":
            assert select(effect=e.effect, kind="building").count(e) == 1
    assert {e.name for e in select(effect="Debts", kind="building")} >= {"Betting House", "Church", "Moneylender",
                                                                         "Reservoir", "University", "Fountain"}


# --------------------------------------------------------------------------- history tree and undo

def test_a_choice_at_a_past_point_keeps_the_later_line():
    s0 = archwk.new_game(2, seed=4)
    sess = Session(s0)
    for _ in range(6):
        sess.choose(sess.state.legal_actions()[0])
    first_line = sess.states
    sess.goto(2)
    other = sess.state.legal_actions()[-1]
    sess.choose(other)
    assert len(sess) == 4 and sess.line_number == 2
    lines = sess.lines()
    assert [(x.number, x.fork, x.decisions) for x in lines] == [(1, None, 6), (2, 2, 3)]
    assert str(other) in lines[1].first_move
    assert sess.switch(1) is first_line[-1] and sess.states == first_line
    sess.goto(2)
    sess.choose(first_line[3].history[-1])  # the same choice again follows line 1
    assert len(sess.lines()) == 2 and sess.line_number == 1 and sess.cursor == 3
    with pytest.raises(ValueError, match="no line 3"):
        sess.switch(3)


def test_an_edit_at_a_past_point_is_a_branch_too():
    sess = Session(started(2, seed=4))
    at = sess.cursor
    for _ in range(3):
        sess.choose(sess.state.legal_actions()[0])
    sess.goto(at)
    sess.edit(player=0, silver=9)
    assert [x.first_move for x in sess.lines()] == ["", "edited position"]
    assert sess.state.players[0].silver == 9
    assert len(sess.switch(1).history) == len(started(2, seed=4).history) + 3


def test_undo_steps_back_over_the_bots_replies():
    sess = Session(archwk.new_game(2, seed=4), seats=["person", "random"])
    sess.run_bots()
    start = sess.cursor
    assert sess.state.current_player == 0
    before = sess.state
    sess.choose(sess.state.legal_actions()[0])
    while sess.state.current_player != 0:  # the bot has replied
        sess.choose(sess.state.legal_actions()[0])
    assert sess.cursor > start + 1
    assert sess.undo() is before
    assert sess.cursor == start and len(sess) > start + 1  # nothing dropped


def test_explorer_undo_button_and_line_menu():
    ex = GameExplorer(archwk.new_game(["Ann", "Bob"], seed=1), seats=["person", "person"])
    assert ex.undo_button.disabled and ex.lines_menu.layout.display == "none"
    for _ in range(4):
        ex.decision.buttons[0].click()
    ex.undo_button.click()
    assert ex.session.cursor == 3 and not ex.session.at_end
    ex.decision.buttons[-1].click()
    assert ex.lines_menu.layout.display == "flex" and len(ex.lines_menu.options) == 2
    assert ex.lines_menu.value == 2
    ex.lines_menu.value = 1
    assert ex.session.line_number == 1 and len(ex.session) == 5 and ex.error_text == ""
    assert "Line menu" in ex.decision.note.value or ex.session.at_end


# --------------------------------------------------------------------------- tutorial

def test_tutorial_board_answers_clicks_like_the_explorer():
    from widget_helpers import click_location

    from widgets.tutorial import TutorialUI
    ui = TutorialUI()  # lesson 1: place at the Guildhall, then construct the Well
    click_location(ui.board, "guildhall")
    assert ui.error.value == ""
    assert ui.attempt.actions == [Action("place", "guildhall")]
    assert ui.attempt.verdict.status == "continue"
    ui.show(0)
    reason = ui.attempt.state.placement_blockers()["guardhouse"]
    click_location(ui.board, "guardhouse")  # no Guardhouse action is possible here
    assert html.escape(reason) in ui.error.value and ui.attempt.actions == []


def test_tutorial_shows_the_score_projection():
    from widgets.tutorial import TutorialUI
    ui = TutorialUI(start=15)  # lesson 16: the end of the game
    assert ui.lesson.key == "end"
    scores = archwk.final_scores(ui.attempt.state)
    assert ui.score.totals() == [sc.total for sc in scores]
    assert ui.score.title.startswith("Projected")
    t = table(ui.attempt.state)
    assert t.turn <= 160 and t.resets <= 6  # a position that looks like a real game
    assert "VP projected" in " ".join(b.description for b in ui.decision.buttons)
    for action in ui.lesson.solution_actions():
        ui.decision.button_for(action).click()
    assert ui.score.totals() == [sc.total for sc in archwk.final_scores(ui.attempt.state)]


def test_tutorial_lesson_buttons_and_hints_fit_what_is_shown():
    from widgets.architects.lessons import BY_KEY
    from widgets.tutorial import TutorialUI
    ui = TutorialUI(start=1)  # the draft: the hint points at "needs" on the buttons
    assert '"needs' in BY_KEY["setup"].hint
    labels = [b.description for b in ui.decision.buttons]
    skilled = [a.card for a in ui.attempt.choices() if cards.building(a.card).skills]
    assert skilled and all(any(n in lab and "needs" in lab for lab in labels) for n in skilled)
    assert all(b.layout.width == "auto" for b in ui.lesson_buttons)
    ui6 = TutorialUI(start=5)  # the Workshop: the apprentice buttons list the skills
    ui6.decision.button_for(Action("place", "workshop")).click()
    hires = [b.description for b in ui6.decision.buttons if b._action.kind == "hire"]
    assert hires and all(any(k in d for k in ("Carpentry", "Masonry", "Tiling")) for d in hires)


# --------------------------------------------------------------------------- evaluation chart

def test_evaluation_chart_labels_are_whole_and_panels_apart():
    from archwk.analysis import evaluate_actions
    from widgets.analysis_charts import evaluation_chart
    s = started(3, seed=2)
    values = evaluate_actions(s, rollouts=2, seed=1, depth=2)
    fig = evaluation_chart(values)
    shown = {y.replace("<br>", " ") for y in fig.data[0].y}
    assert shown == {v.label for v in values}
    assert any(len(v.label) > 45 for v in values)  # long labels are there, whole
    assert all(len(line) <= 42 for y in fig.data[0].y for line in y.split("<br>"))
    gap = fig.layout.xaxis2.domain[0] - fig.layout.xaxis.domain[1]
    assert gap >= 0.08 - 1e-9
    assert fig.layout.yaxis.automargin


def test_whatif_page_makes_no_second_figure_until_asked():
    from widgets.architects import apps
    app = apps.WhatIfApp()
    assert app.wait() and app.values and "Win chance" in app.table.value
    assert app.figure is None and app.chart.children == ()


def test_hire_hover_tells_the_cost_in_detail():
    from widgets.architects.choices import action_tooltip
    s = _at_workshop(1)
    a = next(a for a in s.legal_actions() if a.kind == "hire" and a.target == 2)
    slot = table(s).display[2]
    tip = action_tooltip(s, a)
    assert "Position 3 (row 1, column 3)" in tip and slot.name in tip
    assert f"costs {slot.hire_cost} Silver, 2 of it laid on the skipped cards" in tip
