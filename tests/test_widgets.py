"""The explorer and its parts, driven without a browser: `choose`, button
clicks, simulated figure clicks, the history slider, what-if edits, save/load."""
from __future__ import annotations

import datetime
import html
import json
import random
import re

import pytest
from widget_helpers import click_location, click_point, placing, two_placements, until

import archwk
import widgets
from archwk import Action, IllegalAction
from archwk.games.architects.table import guildhall_spaces
from widgets import BoardView, GameExplorer

BOARD_PLACES = archwk.LOCATIONS + ("prison",)


def drawn_matches(board: BoardView, state) -> None:
    counts = board.worker_counts()
    for loc in BOARD_PLACES:
        assert counts.get(loc, {}) == dict(state.workers_at(loc)), (loc, counts.get(loc), state.workers_at(loc))


# --------------------------------------------------------------------------- whole games

def test_whole_game_through_choose():
    ex = GameExplorer(archwk.new_game(["Ann", "Ben"], seed=11))
    rng = random.Random(3)
    while not ex.state.is_over:
        ex.choose(rng.choice(ex.state.legal_actions()))
    assert ex.error_text == ""
    assert ex.decision.buttons == []
    ex.show_tab(1)
    assert ex.score.totals() == [sc.total for sc in archwk.final_scores(ex.state)]
    assert ex.score.title == "Final scores"
    drawn_matches(ex.board, ex.state)
    assert len(ex.session) == len(ex.state.history) + 1


def test_whole_game_by_clicking_buttons():
    ex = GameExplorer(archwk.new_game(3, seed=21), seats=["person", "random", "random"])
    rng = random.Random(5)
    clicks = 0
    while not ex.state.is_over:
        assert ex.state.current_player == 0  # bots played up to the person's decision
        buttons = ex.decision.buttons
        assert {b._action for b in buttons} == set(ex.state.legal_actions())
        rng.choice(buttons).click()
        clicks += 1
    assert clicks > 50 and ex.error_text == ""
    assert ex.state.is_over


def test_a_click_meant_for_the_choices_before_does_nothing():
    """A click the browser sent while it still showed the previous choices (a double
    click, a click while the bots play) must not make whatever choice now sits in
    that button's place: the old buttons are closed, and a click on them is dropped."""
    from ipywidgets.widgets.widget import _instances
    ex = GameExplorer(archwk.new_game(3, seed=21), seats=["person", "random", "random"])
    rng = random.Random(8)
    ex.decision.buttons[0].click()  # keep a card: the draft goes on
    previous: list = []
    for _ in range(40):
        state, old = ex.state, ex.decision.buttons
        rng.choice(old).click()
        assert ex.state is not state
        if ex.state.is_over:
            break
        after, history = ex.state, len(ex.state.history)
        # the same places are clicked again, as a browser that has not yet redrawn would
        for b in old:
            b.click()
        assert ex.state is after and len(ex.state.history) == history and ex.error_text == ""
        assert not set(old) & set(ex.decision.buttons)
        assert all(b._action is None for b in old)  # out of use now, closed at the next update
        if previous:
            assert all(b.comm is None for b in previous)  # closed: the browser's click reaches nothing
        previous = old
    # closed buttons are gone from the kernel: stepping through a game does not pile up widgets
    live = [w for w in list(_instances.values())
            if ex.decision._clicked in getattr(getattr(w, "_click_handlers", None), "callbacks", ())]
    assert sorted(map(id, live)) == sorted(map(id, ex.decision.buttons + ex.decision._retired))


def test_illegal_choose_raises_and_shows_the_rule():
    ex = GameExplorer(placing(3, seed=2))
    before = ex.state
    with pytest.raises(IllegalAction):
        ex.choose(Action("construct", card="Smithy"))
    assert ex.state is before
    assert "not a choice" in ex.error_text or "Constructing" in ex.error_text


# --------------------------------------------------------------------------- the board

@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_figure_shows_exactly_the_workers(n):
    s = archwk.new_game(n, seed=30 + n, options=archwk.Options(artisans=n % 2 == 0))
    board = BoardView(s)
    bot = archwk.bots.RandomBot(n)
    spaces = guildhall_spaces(n, artisans=s.options.artisans)
    drawn = board.figure.data[board.trace_index("guildhall spaces")]
    assert len(drawn.x) == len(spaces) == 4 * (max(2, n) + 1)
    # each space carries the letter of its trigger, as the library gives it (RB, Guildhall)
    letters = {"black_market_reset": "R", "game_end": "E", "apprentice_discard": "A", None: ""}
    assert list(drawn.text) == [letters[sp.trigger] for sp in spaces]
    traces = len(board.figure.data)
    checked = 0
    while not s.is_over:
        s = s.apply(bot.choose(s))
        if len(s.history) % 9 == 0:
            board.update(s)
            drawn_matches(board, s)
            checked += 1
    board.update(s)
    drawn_matches(board, s)
    assert checked > 30 and len(board.figure.data) == traces  # the trace set never changes


def test_board_shows_tax_display_silver_and_piles():
    s = until(archwk.new_game(4, seed=8), lambda x: any(x.display_silver) and x.decision == "place", 8)
    board = BoardView(s)
    silver = board.figure.data[board.trace_index("silver")]
    assert silver.text[0] == str(s.tax)
    assert sorted(int(t) for t in silver.text[1:]) == sorted(c for c in s.display_silver if c)
    piles = board.figure.data[board.trace_index("market piles")]
    assert f"({len(s.bm_small)})" in piles.text[0] and f"({len(s.bm_large)})" in piles.text[1]
    display = board.figure.data[board.trace_index("display")]
    for slot, cid in enumerate(s.display):
        if cid:
            assert archwk.games.architects.cards.APPRENTICES[cid - 1].name.split()[0] in display.text[slot]


def test_hover_shows_rule_and_blocker():
    s = until(placing(3, seed=4), lambda x: x.decision == "place" and x.placement_blockers(), 4)
    board = BoardView(s)
    tr = board.figure.data[board.trace_index("locations")]
    hover = dict(zip((d[1] for d in tr.customdata), tr.hovertext))
    assert "Gain 1 Wood for each of your own workers" in hover["forest"]  # archwk.games.architects.explain.rules
    for loc, why in s.placement_blockers().items():
        assert "Blocked now" in hover[loc] and html.escape(why) in hover[loc]
    legal = {a.location for a in s.legal_actions() if a.kind == "place"}
    for loc in legal:
        assert "Click:" in hover[loc]


def test_figure_click_places_a_worker():
    ex = GameExplorer(placing(3, seed=6, after=30))
    s = ex.state
    loc = next(a.location for a in s.legal_actions() if a.kind == "place" and a.location != "guildhall")
    click_location(ex.board, loc)
    assert ex.error_text == ""
    assert ex.session.action_at(ex.session.cursor) == Action("place", location=loc)
    assert ex.state.history[:-1] == s.history or ex.session.states[1] is not s



def test_board_clicks_that_say_no_position_are_all_taken():
    """A click sent by code (a notebook, not a page) says no position: every such
    click counts, as before (the pages' clicks: tests/test_clicks.py)."""
    ex, loc = two_placements()
    click_location(ex.board, loc, position=None)
    click_location(ex.board, loc, position=None)
    assert len(ex.session) == 3 and ex.board.stale_clicks == 0


def test_click_on_a_blocked_location_shows_why_and_changes_nothing():
    s = until(placing(3, seed=4), lambda x: x.decision == "place" and x.placement_blockers(), 4)
    ex = GameExplorer(s)
    loc, why = next(iter(s.placement_blockers().items()))
    click_location(ex.board, loc)
    assert ex.state is s and len(ex.session) == 1
    assert why[:30] in ex.error_text


def test_click_on_a_guildhall_space_places_there():
    s = until(placing(2, seed=9), lambda x: Action("place", "guildhall") in x.legal_actions(), 9)
    ex = GameExplorer(s)
    ti = ex.board.trace_index("guildhall spaces")
    click_point(ex.board.figure, ti, 5)
    assert ex.session.action_at(1) == Action("place", location="guildhall")


def test_click_on_a_display_card_hires_it():
    s = until(archwk.new_game(3, seed=12),
              lambda x: x.decision == "workshop" and any(a.kind == "hire" for a in x.legal_actions()), 12)
    ex = GameExplorer(s)
    slot = next(a.target for a in s.legal_actions() if a.kind == "hire")
    click_point(ex.board.figure, ex.board.trace_index("display"), slot)
    assert ex.session.action_at(1) == Action("hire", target=slot)


def test_click_on_a_worker_group_captures_it():
    s = until(archwk.new_game(3, seed=13),
              lambda x: x.decision == "town_centre" and any(a.kind == "capture" for a in x.legal_actions()), 13)
    ex = GameExplorer(s)
    cap = next(a for a in s.legal_actions() if a.kind == "capture")
    ti = ex.board.trace_index(f"workers {cap.target}")
    idx = next(i for i, d in enumerate(ex.board.figure.data[ti].customdata) if d[1] == cap.location)
    click_point(ex.board.figure, ti, idx)
    assert ex.error_text == ""
    assert ex.session.action_at(1) == cap


def test_unrelated_traces_ignore_a_click():
    ex = GameExplorer(placing(2, seed=1))
    click_point(ex.board.figure, ex.board.trace_index("virtue track"), 3)
    assert len(ex.session) == 1 and ex.error_text == ""


# --------------------------------------------------------------------------- decision panel

def test_decision_panel_greys_blocked_locations_with_reasons():
    s = until(placing(4, seed=4), lambda x: x.decision == "place" and len(x.placement_blockers()) >= 2, 4)
    ex = GameExplorer(s)
    blockers = s.placement_blockers()
    shown = ex.decision.blocked
    assert sorted(shown.values()) == sorted(blockers.values())
    assert len(shown) + sum(b._action.kind == "place" for b in ex.decision.buttons) == len(archwk.LOCATIONS)
    assert {b._action for b in ex.decision.buttons} == set(s.legal_actions())


def test_decision_buttons_are_grouped_by_kind():
    from widgets.architects.text import kind_heading
    s = until(archwk.new_game(3, seed=14), lambda x: len({a.kind for a in x.legal_actions()}) >= 2
              and x.decision != "place", 14)
    ex = GameExplorer(s)
    shown = [re.sub(r"<[^>]+>", "", h.value) for h in ex.decision.groups_box.children[0::2]]
    assert shown == list(dict.fromkeys(kind_heading(a.kind) for a in s.legal_actions()))
    for header, box in zip(ex.decision.groups_box.children[0::2], ex.decision.groups_box.children[1::2]):
        kinds = {kind_heading(b._action.kind) for b in box.children}
        assert kinds == {re.sub(r"<[^>]+>", "", header.value)}


# --------------------------------------------------------------------------- history

def _bot_game(n=3, seed=40):
    ex = GameExplorer(archwk.new_game(n, seed=seed), seats=["random"] * n)
    assert len(ex.session) == 1 and not ex.bots_button.disabled  # an all-bot table waits
    ex.bots_button.click()
    assert ex.state.is_over
    return ex


def test_history_slider_returns_earlier_states():
    ex = _bot_game()
    n = len(ex.session)
    assert ex.slider.max == n - 1 and ex.slider.value == n - 1
    for k in (0, 57, n // 2, n - 2):
        ex.slider.value = k
        assert ex.session.cursor == k and ex.state is ex.session.states[k]
        assert ex.board.state is ex.state
        drawn_matches(ex.board, ex.state)
        assert f"#{k}" in ex.event_log.value
    ex.back_button.click()
    assert ex.session.cursor == n - 3
    ex.latest_button.click()
    assert ex.session.cursor == n - 1 and ex.slider.value == n - 1


def test_choosing_at_a_past_point_branches():
    ex = _bot_game(seed=41)
    n = len(ex.session)
    k = next(i for i in range(n // 3, n) if ex.session.states[i].decision == "place"
             and len(ex.session.states[i].legal_actions()) > 1)
    ex.slider.value = k
    later = ex.session.states[k + 1]
    assert "starts a new line of play" in ex.decision.note.value
    for m in ex.seat_menus:  # people now, so the new line stops after one step
        m.value = "person"
    alt = next(b for b in ex.decision.buttons if b._action != ex.session.action_at(k + 1))
    chosen = alt._action  # buttons are reused: read the action before the click
    alt.click()
    assert ex.session.cursor == k + 1 == len(ex.session) - 1
    assert ex.state is not later and ex.session.action_at(k + 1) == chosen
    assert ex.slider.max == k + 1
    # the line left behind is kept as a branch, whole
    assert [line.number for line in ex.session.lines()] == [1, 2] and ex.lines_menu.value == 2
    ex.lines_menu.value = 1
    assert len(ex.session) == n and ex.session.states[k + 1] is later


def test_bot_step_button():
    ex = GameExplorer(archwk.new_game(2, seed=3), seats=["random", "random"])
    ex.bot_step_button.click()
    ex.bot_step_button.click()
    assert len(ex.session) == 3


# --------------------------------------------------------------------------- views

def test_player_view_hides_other_hands_and_controls():
    s = until(placing(3, seed=15, after=40), lambda x: x.decision == "place" and all(p.hand for p in x.players), 15)
    me = (s.current_player + 1) % 3
    ex = GameExplorer(s, viewer=me)
    panels = [w.value for w in ex.players_panel.panels]
    for p, pl in enumerate(s.players):
        if p == me:
            assert all(html.escape(h) in panels[p] for h in pl.hand)
        else:
            assert "(hidden)" in panels[p]
            assert not any(html.escape(h) in panels[p] for h in pl.hand)
    ex.show_tab(2)
    assert ex.editor.locked and not any(w.value for w in ex.editor.lists.values())
    assert ex.decision.buttons == [] and "Waiting for" in ex.decision.note.value
    click_location(ex.board, "forest")  # not this viewer's decision
    assert ex.state is s and "decision" in ex.error_text
    ex.viewer_menu.value = s.current_player
    assert ex.viewer == s.current_player and ex.decision.buttons
    ex.viewer_menu.value = -1
    assert ex.viewer is None and "(hidden)" not in "".join(w.value for w in ex.players_panel.panels)
    assert not ex.editor.locked and ex.editor.lists["hand"].value


def test_view_hides_other_players_secret_choices_in_the_log():
    s = archwk.new_game(2, seed=16)
    ex = GameExplorer(s, viewer=0)
    while ex.state.phase != "play":
        ex.choose(ex.state.legal_actions()[0])
    log = ex.event_log.value
    assert "chooses a card" in log and "Keep the" in log  # own keeps named, the other's not


# --------------------------------------------------------------------------- what-if editor

def test_editor_valid_edit_changes_the_state():
    ex = GameExplorer(placing(3, seed=17, after=25))
    p = ex.state.current_player
    was = ex.state.players[p]
    ex.show_tab(2)
    ed = ex.editor
    ed.player.value = p
    ed.numbers["silver"].value = 37
    ed.resources["stone"].value = 5
    ed.location.value = "forest"
    ed.workers.value = 3
    ed.apply_button.click()
    assert ed.error == "", ed.message.value
    s = ex.state
    assert s.players[p].silver == 37 and s.players[p].stone == 5
    assert s.workers_at("forest").get(p) == 3
    drawn_matches(ex.board, s)
    assert len(ex.session) == 2 and ex.session.action_at(1) is None
    assert "Edited position" in ex.event_log.value
    # the log and the editor say what changed in the game's words, not the fields' names (issue 21)
    name, forest = s.players[p].name, ex.session.states[0].workers_at("forest").get(p, 0)
    said = [f"What-if: {name} has {37 - was.silver} more Silver (now 37).",
            f"What-if: {name} has {abs(5 - was.stone)} {'more' if was.stone < 5 else 'less'} Stone (now 5).",
            f"What-if: {name} has {abs(3 - forest)} {'more' if forest < 3 else 'fewer'} "
            f"worker{'s' if abs(3 - forest) != 1 else ''} at the Forest (now 3)."]
    said = [x for x, changed in zip(said, (was.silver != 37, was.stone != 5, forest != 3)) if changed]
    assert said and [e.text for e in s.events] == said
    for x in said:
        assert html.escape(x) in ex.event_log.value and html.escape(x) in ed.message.value
    assert "resources" not in ed.message.value and "workers_at" not in ed.message.value
    # cards come from the decks: one more building in hand, one more apprentice
    card = s.building_deck[0]
    apprentice = archwk.games.architects.cards.APPRENTICES[s.apprentice_deck[0] - 1].name
    ed.lists["hand"].value = ", ".join(list(s.players[p].hand) + [card])
    if len(s.players[p].apprentices) < 5:
        ed.lists["apprentices"].value = ", ".join(list(s.players[p].apprentices) + [apprentice])
    ed.apply_button.click()
    assert ed.error == "", ed.message.value
    assert card in ex.state.players[p].hand and card not in ex.state.building_deck
    assert len(ex.state.players[p].apprentices) == min(5, len(s.players[p].apprentices) + 1)
    assert html.escape(card) in ex.players_panel.panels[p].value


@pytest.mark.parametrize("field,value,words", [
    ("virtue", 20, "virtue"),
    ("silver", -3, "negative"),
    ("hand", "Smithy, Smithy", "two places"),
    ("hand", "No Such Building", "unknown building"),
])
def test_editor_invalid_edit_shows_the_error_and_changes_nothing(field, value, words):
    ex = GameExplorer(placing(3, seed=18, after=25))
    before, n = ex.state, len(ex.session)
    ex.show_tab(2)
    ed = ex.editor
    if field in ed.numbers:
        ed.numbers[field].value = value
    else:
        ed.lists[field].value = value
    ed.apply_button.click()
    assert words in ed.message.value and ed.error
    assert ex.state is before and len(ex.session) == n


def test_editor_rejects_too_many_workers():
    ex = GameExplorer(placing(2, seed=19, after=10))
    before = ex.state
    ex.show_tab(2)
    ex.editor.location.value = "quarry"
    ex.editor.workers.value = 25
    ex.editor.apply_button.click()
    assert "20" in ex.editor.message.value and ex.state is before


# --------------------------------------------------------------------------- save / load

def test_save_and_load_round_trip():
    ex = _bot_game(n=2, seed=42)
    ex.slider.value = len(ex.session) // 2
    ex.save_button._on_msg(ex.save_button, {"event": "press"}, [])  # the browser's message for one click
    text = ex.save_button.payload
    assert ex.save_button.serial == 1 and ex.save_button.filename.endswith(".json")
    assert ex.save_button.filename in ex.save_link.value  # the page says what was saved
    # the download is the game record with the date it was saved (issue 11: metadata)
    assert json.loads(text)["meta"]["date"] == datetime.datetime.now(datetime.UTC).date().isoformat()
    assert ex.save_json() == ex.session.latest.to_json()
    assert archwk.GameState.from_json(text).to_json() == ex.save_json()
    other = GameExplorer(archwk.new_game(3, seed=1))
    other.load_text.value = text
    other.load_button.click()
    assert other.error_text == "" and "loaded" in other.file_message.value
    assert other.state.to_json() == ex.save_json()
    assert len(other.session) == len(ex.session) and other.slider.max == len(ex.session) - 1
    assert len(other.seat_menus) == 2 and len(other.players_panel.panels) == 2
    drawn_matches(other.board, other.state)


def test_loading_garbage_shows_the_error():
    ex = GameExplorer(placing(2, seed=20))
    before = ex.state
    ex.upload.value = ({"name": "bad.json", "type": "application/json", "size": 9,
                        "content": memoryview(b"{garbage"),
                        "last_modified": datetime.datetime.now(datetime.UTC)},)
    assert "Could not load" in ex.file_message.value and "not valid JSON" in ex.file_message.value
    assert ex.error_text == ""  # shown once, beside the load controls (issue 11)
    assert ex.state is before
    doc = json.loads(ex.save_json())
    doc["actions"][1] = {"kind": "keep", "card": "Eiffel Tower"}
    ex.load_text.value = json.dumps(doc)
    ex.load_button.click()
    assert "step 1 (keep) cannot be played" in ex.file_message.value and ex.state is before
    assert ex.file_message.value.count("Could not load") == 1 and ex.error_text == ""
    # no cache of the position is not an error: the replay is the proof
    del doc["check"]
    doc["actions"] = json.loads(ex.save_json())["actions"]
    ex.load_text.value = json.dumps(doc)
    ex.load_button.click()
    assert "loaded" in ex.file_message.value and ex.state.to_json() == before.to_json()


def test_upload_over_the_limit_says_so():
    """Issue 11: an upload over the 5 MB limit is refused with a message (it was dropped silently)."""
    ex = GameExplorer(placing(2, seed=20))
    before = ex.state
    big = b"{" + b" " * (12 * 2 ** 20) + b"}"
    ex.upload.value = ({"name": "big.json", "type": "application/json", "size": len(big),
                        "content": memoryview(big), "last_modified": datetime.datetime.now(datetime.UTC)},)
    assert "12.6 MB" in ex.file_message.value and "at most 5 MB" in ex.file_message.value
    assert ex.state is before


def test_game_code_and_comments_in_the_explorer():
    """Issue 11: a game code for the position shown loads by paste (the code or
    a link with ?game=); a comment on a move is saved and shown in the log."""
    ex = _bot_game(n=2, seed=42)
    ex.slider.value = 30
    ex.code_button.click()
    code = ex.code_text.value
    assert code.startswith("aw1.") and f"?game={code}" in ex.code_link.value
    ex.comment_text.value = "a bold move"
    ex.comment_button.click()
    assert "a bold move" in ex.event_log.value
    other = GameExplorer(archwk.new_game(3, seed=1))
    other.code_text.value = f"http://localhost:8866/voila/render/explorer.ipynb?game={code}"
    other.code_load_button.click()
    assert "game code" in other.file_message.value
    assert other.state.to_json() == ex.state.to_json() and len(other.session) == 31
    text = ex.session.save()
    assert json.loads(text)["meta"]["comments"] == [[29, "a bold move"]]
    third = GameExplorer(archwk.new_game(3, seed=1))
    third.load_json(text)
    third.slider.value = 30
    assert "a bold move" in third.event_log.value
    third.code_text.value = code[:-9]
    third.code_load_button.click()
    assert "Could not load" in third.file_message.value and "game code" in third.file_message.value


# --------------------------------------------------------------------------- robustness, seats, solo

def test_callback_exception_shows_a_message(monkeypatch):
    ex = GameExplorer(placing(2, seed=22))

    def boom(*a, **k):
        raise RuntimeError("boom")
    monkeypatch.setattr(ex.session, "choose", boom)
    ex.decision.buttons[0].click()  # must not raise
    assert "boom" in ex.error_text and "RuntimeError" in ex.error_text


def test_seat_menu_puts_a_bot_in_and_it_plays():
    ex = GameExplorer(archwk.new_game(2, seed=23))
    assert ex.state.current_player is not None
    p = ex.state.current_player
    ex.seat_menus[p].value = "random"
    assert ex.state.current_player != p or ex.state.is_over


def test_solo_game_draws_the_opponent():
    s = archwk.new_game(1, seed=24)
    ex = GameExplorer(s)
    rng = random.Random(1)
    for _ in range(150):
        if ex.state.is_over:
            break
        ex.choose(rng.choice(ex.state.legal_actions()))
    assert ex.error_text == ""
    assert ex.seat_menus[1].disabled
    drawn_matches(ex.board, ex.state)
    assert widgets.text.SOLO_COLOUR in str(ex.board.figure.data[ex.board.trace_index("players")].marker.color)


def test_score_panel_is_the_library_projection():
    s = placing(4, seed=25, after=300)
    ex = GameExplorer(s)
    ex.show_tab(1)
    scores = archwk.final_scores(s)
    assert ex.score.totals() == [sc.total for sc in scores]
    drawn = ex.score.lines()
    for line in archwk.ScoreBreakdown.LINES:
        assert drawn[line] == [getattr(sc, line) for sc in scores], line
    assert ex.score.title.startswith("Projected")


def test_editor_form_follows_the_cursor_and_never_applies_a_stale_form():
    ex = _bot_game(n=2, seed=43)
    k = next(i for i in range(50, len(ex.session)) if ex.session.states[i].decision == "place")
    ex.slider.value = k
    ex.show_tab(2)
    p = ex.editor.player.value
    assert ex.editor.numbers["silver"].value == ex.state.players[p].silver
    ex.show_tab(0)
    ex.slider.value = k + 1  # hidden: the form is not redrawn ...
    ex.editor.numbers["virtue"].value = 3
    ex.editor.apply_button.click()  # ... so it refuses, and now shows the position at the cursor
    assert "has changed" in ex.editor.message.value and ex.session.cursor == k + 1
    assert ex.editor.numbers["silver"].value == ex.state.players[p].silver


def test_close_closes_every_widget():
    ex = GameExplorer(placing(2, seed=26))
    inner = [ex.board.figure, ex.decision.buttons[0], ex.editor.apply_button, ex.slider, ex.score.chart]
    ex.close()
    assert all(w.comm is None for w in inner)


def test_a_failing_bot_shows_its_error_after_the_persons_choice():
    class Broken:
        def choose(self, state):
            raise RuntimeError("bot crashed")

    ex = GameExplorer(archwk.new_game(2, seed=27))
    while ex.state.current_player != 0:
        ex.choose(ex.state.legal_actions()[0])
    ex.session.seats[1] = Broken()
    n = len(ex.session)
    while ex.state.current_player == 0:
        ex.decision.buttons[0].click()  # the person's choice, then the bot's turn fails
    assert "bot crashed" in ex.error_text
    assert len(ex.session) > n and ex.state.current_player == 1
    assert ex.slider.max == len(ex.session) - 1 and ex.board.state is ex.state
    ex.seat_menus[1].value = "random"  # another bot takes the seat and plays on
    assert ex.state.current_player == 0 or ex.state.is_over


def test_a_bot_object_can_sit_in_a_seat():
    class First:
        def choose(self, state):
            return state.legal_actions()[0]

    ex = GameExplorer(archwk.new_game(2, seed=28), seats=["person", First()])
    assert "First" in [v for _, v in ex.seat_menus[1].options] and ex.seat_menus[1].value == "First"
    assert ex.state.current_player == 0 and ex.error_text == ""


def test_explorer_evaluates_moves_as_a_chart():
    """Issue 6: the move evaluation is shown as a plotly chart in the explorer,
    one bar per legal action, from the mover's view."""
    import plotly.graph_objects as go

    import archwk
    from widgets import GameExplorer
    from widgets.explorer import TAB_EVALUATE
    s = archwk.new_game(2, seed=3)
    while s.phase != "play":
        s = s.apply(s.legal_actions()[0])
    ex = GameExplorer(s, seats=["person", "person"])
    assert ex.evaluation.figure is None  # no second plotly figure until asked
    ex.show_tab(TAB_EVALUATE)
    assert ex.evaluation.state is ex.state
    values = ex.evaluation.evaluate(extra=0.2)
    assert isinstance(ex.evaluation.figure, go.FigureWidget)
    assert len(values) == len(ex.state.legal_actions())
    bars = ex.evaluation.figure.data[0]
    assert len(bars.y) == len(values)
    ex.choose(ex.state.legal_actions()[0])
    ex.show_tab(TAB_EVALUATE)
    assert ex.evaluation.values is None  # a new position clears the old evaluation
    ex.close()


# --------------------------------------------------------------------------- the widgets ask the library

#: parts of a GameState that are its storage, not its read API (archwk.games.architects.table is)
_STATE_STORAGE = ("display", "display_silver", "bm_small", "bm_large", "extra", "_hist", "_hist_len",
                  "turn_no", "final_turns", "pending", "building_deck", "apprentice_deck", "rewards",
                  "resets", "guildhall", "black_market", "board", "draft", "phase", "turn_player",
                  "end_trigger", "reset_queued", "rng", "_legal")


def test_widgets_read_the_table_not_the_state_storage():
    from pathlib import Path
    root = Path(widgets.__file__).parent
    pattern = re.compile(r"\b(?:state|s)\.(" + "|".join(_STATE_STORAGE) + r")\b")
    hits = []
    for path in sorted(root.rglob("*.py")):
        if path.name == "lessons.py":  # lesson positions are built by all-seeing setup code
            continue
        for no, line in enumerate(path.read_text().splitlines(), 1):
            if pattern.search(line):
                hits.append(f"{path.relative_to(root)}:{no}: {line.strip()}")
    assert hits == []


def test_board_virtue_track_colours_follow_the_library_track():
    # RB, Virtue Track: no Cathedral work at 4 or less, the Black Market closed at 10 or more
    board = BoardView(archwk.new_game(2, seed=1))
    drawn = board.figure.data[board.trace_index("virtue track")]
    track = archwk.table(board.state).virtue_track
    for v, fill, hover in zip(track, drawn.marker.color, drawn.hovertext):
        assert (fill == "#e8a6a6") == (not v.cathedral)
        assert (fill == "#f6d67a") == (v.cathedral and not v.black_market)
        assert ("Black Market closed (Virtue 10 or more)" in hover) == (not v.black_market)
        assert ("may not work on the Cathedral (Virtue 4 or less)" in hover) == (not v.cathedral)
