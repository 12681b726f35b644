"""Archon's pages (issue 23): the board figure drawn from the read API, with the
example mark exactly on the figures the rulebook does not print (its components file's
`printed = false` tables, Rulebook §11 of the facts file); board clicks that play the
matching legal action (and nothing on a stale position); the decision panel's words;
the what-if editor through the library's checks; the player panels' hidden hands
(Rulebook §4: the piles are face down); the gallery."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from widget_helpers import click_point, press

import archwk
from archwk.games.archon.components import DEFAULT_PATH, load
from archwk.games.archon.constants import BUILDINGS, LOCATIONS, MAGISTERS
from archwk.games.archon.options import Options
from widgets import GameExplorer
from widgets.archon import text as W
from widgets.archon.board import BoardClick, BoardView, board_traces, click_action, click_reason
from widgets.archon.board_text import board_text_html
from widgets.archon.choices import action_label, decision_groups
from widgets.archon.editor import WhatIfEditor
from widgets.archon.gallery import ArchonGallery, catalogue
from widgets.archon.panels import player_html
from widgets.explorer import STALE_NOTE
from widgets.games import ui_for
from widgets.session import Session

GAME = "archon"
#: the traces whose every point shows a figure of one components table (text.SOURCES)
MARKED_TRACES = {"slots": "slots", "favors": "favors", "market": "market", "wall": "wall",
                 "season track": "season", "magister track": "track", "tiles": "tiles", "scoring track": "score"}


def new(n=3, seed=1, **opts):
    return archwk.new_game(n, seed=seed, game=GAME, options=Options(**opts) if opts else None)


def play(state, decisions: int, seed: int = 0):
    rng = random.Random(seed)
    for _ in range(decisions):
        if state.is_over:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def until(state, pred, seed: int = 0, limit: int = 3000):
    rng = random.Random(seed)
    for _ in range(limit):
        if pred(state):
            return state
        state = state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("position not reached")


def traces(state, viewer=None) -> dict[str, dict]:
    return {t["name"]: t for t in board_traces(state, viewer)}


def printed_copy(tmp_path: Path, tables: tuple[str, ...]) -> str:
    """The kit's components file with `tables` marked printed (as a box's file would be)."""
    text = DEFAULT_PATH.read_text()
    for name in tables:
        head = text.index(f"\n[{name}]\n")
        at = text.index("printed = false", head)
        text = text[:at] + "printed = true" + text[at + len("printed = false"):]
    path = tmp_path / "components.toml"
    path.write_text(text)
    return str(path)


# --------------------------------------------------------------------------- what is drawn

@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_board_draws_every_location_slot_and_track(n):
    """§4.2 the ten locations with their slots (§3 step 20 covers some), the Palace's Favor
    slots (§4.2.10c), the Marketplace, the city wall, the Magister, Season and Scoring Tracks."""
    s = play(new(n), 40)
    tb = archwk.table(s)
    tr = traces(s)
    assert [d[1] for d in tr["locations"]["customdata"]] == list(LOCATIONS)
    drawn = [(d[1], d[2]) for d in tr["slots"]["customdata"]]
    assert drawn == [(x.location, x.slot) for x in tb.slots if x.location in BUILDINGS]
    covered = [txt.startswith("✕") for txt in tr["slots"]["text"]]
    assert covered == [x.covered for x in tb.slots if x.location in BUILDINGS]
    assert sum(covered) == {2: 9, 3: 3, 4: 0}[n]  # §3 step 20 (facts 3.20)
    assert [d[2] for d in tr["favors"]["customdata"]] == [x.slot for x in tb.slots_at("palace")]
    assert len(tr["market"]["x"]) == len(tb.marketplace) == 12
    filled = [c != "#ffffff" for c in tr["market"]["marker"]["color"]]
    assert filled == [m.filled for m in tb.marketplace]
    assert len(tr["wall"]["x"]) == len(tb.wall)
    parts = s.components
    assert len(tr["season track"]["x"]) == parts.seasons * (parts.rounds_per_season + 1)
    assert len(tr["scoring track"]["x"]) == parts.track_length
    assert len(tr["magister track"]["x"]) == sum(len(parts.magister_track[m]) + 1 for m in MAGISTERS)
    assert {d[1] for d in tr["tiles"]["customdata"]} == {t.name for t in parts.tiles} >= set(tb.tiles_left)
    # the Repository's display, as the read API holds it
    assert [int(x) for x in tr["repository"]["text"]] == list(tb.repository.values())
    # every figure on a slot, by its owner; every Tax Collector token
    for p in range(n):
        on = sorted((d[1], d[4]) for d in tr[f"workers {p}"]["customdata"])
        assert on == sorted((x.location, x.slot) for x in tb.slots for o in x.occupants if o == p)
    assert sorted((d[1], d[3], d[2]) for d in tr["tax tokens"]["customdata"]) == \
        sorted((x.location, x.slot, x.token) for x in tb.slots if x.token is not None)


def test_four_markers_on_one_magister_track_space_stay_apart_and_on_it():
    """§3 (Markers on the Magister Track): at the start all four players share each track's
    first space; each Marker is drawn on that space, nearer to it than to any other, and no
    two overlap."""
    from widgets.archon.board import TRACK_DX, TRACK_DY, track_spot
    s = new(4)
    tr = traces(s)
    marks = tr["markers"]
    spots = {(m, k): track_spot(m, k) for m in MAGISTERS for k in range(len(s.components.magister_track[m]) + 1)}
    on_track = [(x, y, h) for x, y, h in zip(marks["x"], marks["y"], marks["hovertext"]) if "track, space" in h]
    assert len(on_track) == 4 * len(MAGISTERS)
    for m in MAGISTERS:
        mine = [(x, y) for x, y, h in on_track if W.magister_name(m) in h]
        assert len(mine) == 4
        for x, y in mine:
            nearest = min(spots, key=lambda key: (spots[key][0] - x) ** 2 + (spots[key][1] - y) ** 2)
            assert nearest == (m, 0)
        for i, (x1, y1) in enumerate(mine):
            for x2, y2 in mine[i + 1:]:  # apart by more than a Marker's size (about 1.1 units)
                assert max(abs(x1 - x2), abs(y1 - y2)) >= 2.0
        assert all(abs(x - spots[(m, 0)][0]) < TRACK_DX / 2 and abs(y - spots[(m, 0)][1]) < TRACK_DY / 2
                   for x, y in mine)


def _marks(trace) -> tuple[list[bool], list[bool]]:
    """Per point: whether its text carries the mark, whether its hover carries the note."""
    texts = trace["text"]
    note = W.EXAMPLE_NOTE.split(":")[0]
    return ([str(t).endswith(W.MARK) for t in texts],
            [note in h.replace("<br>", " ") for h in trace["hovertext"]])


def test_every_figure_the_rulebook_does_not_print_carries_the_mark():
    """Facts §11: the kit's own components file holds examples for these; each is drawn
    with `*` and the example note, and nothing printed is."""
    s = play(new(3), 80)
    tr = traces(s)
    assert set(s.components.unprinted) >= {W.SOURCES[g] for g in MARKED_TRACES.values()}
    for name in MARKED_TRACES:
        text_marks, hover_marks = _marks(tr[name])
        shown = [i for i, t in enumerate(tr[name]["text"]) if t]
        assert shown, name
        assert all(text_marks[i] and hover_marks[i] for i in shown), name
    for name in ("locations", "players", "repository", "markers", "tax tokens", "workers 0"):
        assert not any(str(t).endswith(W.MARK) for t in tr[name].get("text") or ()), name


def test_a_table_a_box_prints_is_drawn_without_the_mark(tmp_path):
    """The marks follow the components file's `printed` flags, not a list in the widgets:
    a file with the Marketplace and the wall printed shows those plain."""
    path = printed_copy(tmp_path, ("marketplace", "wall"))
    s = archwk.new_game(3, seed=1, game=GAME, options=Options(components=path))
    assert "marketplace" not in s.components.unprinted and "wall" not in s.components.unprinted
    tr = traces(s)
    for name in ("market", "wall"):
        text_marks, hover_marks = _marks(tr[name])
        assert not any(text_marks) and not any(hover_marks), name
    for name in ("slots", "magister track", "tiles"):
        assert all(_marks(tr[name])[1]), name
    assert W.PAGE_NOTE in board_text_html(s)


# --------------------------------------------------------------------------- clicks

def _clicks(state) -> list[BoardClick]:
    view = BoardView(state)
    out = []
    for ti, tr in enumerate(view.figure.data):
        for pi in range(len(tr.x or ())):
            c = view.click_target(ti, pi)
            if c is not None:
                out.append(c)
    view.close()
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_every_click_maps_to_a_legal_action_and_reaches_each_kind(seed):
    """Along a random game: whatever is clicked, the action is one of `legal_actions()`;
    each placement slot, Repository cube, Marketplace slot, wall, track and tile the rules
    offer can be played by a click on it."""
    s = new(3, seed=seed)
    rng = random.Random(seed)
    reached = set()
    for _ in range(400):
        if s.is_over:
            break
        legal = s.legal_actions()
        got = [click_action(legal, c) for c in _clicks(s)]
        assert all(a is None or a in legal for a in got)
        got_set = {a for a in got if a is not None}
        for a in legal:
            if a.kind == "place":
                plain = [b for b in legal if b.kind == "place" and (b.location, b.slot) == (a.location, a.slot)]
                if any(all(c == "courtier" for c in b.pay) for b in plain) or len(plain) == 1:
                    assert any(b.kind == "place" and (b.location, b.slot) == (a.location, a.slot)
                               for b in got_set), a
            elif a.kind in ("take", "buy", "sell", "warrior", "tile", "lose", "lab"):
                assert a in got_set, a
            reached |= {b.kind for b in got_set}
        s = s.apply(rng.choice(legal))
    assert {"place", "take", "warrior"} <= reached


def test_a_click_plays_through_the_explorer_and_a_stale_one_plays_nothing():
    """A click on a slot places there (§4: a card and a Wooden Figure); the same click
    made on the drawing before plays nothing, shows no error and is announced quietly."""
    s = until(new(2), lambda x: x.decision == "turn")
    ex = GameExplorer(s, seats=["person", "person"])
    ti = ex.board.trace_index("slots")
    data = ex.board.figure.data[ti].customdata
    idx = next(i for i, d in enumerate(data)
               if click_action(ex.state.legal_actions(), BoardClick("slot", location=d[1], slot=d[2])))
    loc, slot = data[idx][1], data[idx][2]
    drawn = ex.board.position
    n = len(ex.session)
    click_point(ex.board.figure, ti, idx, position=drawn)
    assert ex.error_text == ""
    assert len(ex.session) == n + 1
    played = ex.session.action_at(n)
    assert (played.kind, played.location, played.slot) == ("place", loc, slot)
    drawn_here = ex.board.worker_counts()[loc]
    assert drawn_here == dict(ex.state.workers_at(loc))
    before = (ex.state, len(ex.session), ex.error_text)
    click_point(ex.board.figure, ti, idx, position=drawn)
    assert (ex.state, len(ex.session), ex.error_text) == before
    assert ex.board.stale_clicks == 1 and STALE_NOTE in ex.announce.value
    ex.close()


def test_a_click_that_plays_nothing_says_why_in_the_games_words():
    s = until(new(2), lambda x: x.decision == "turn")
    covered = next(x for x in archwk.table(s).slots if x.covered)
    click = BoardClick("slot", location=covered.location, slot=covered.slot)
    assert click_action(s.legal_actions(), click) is None
    why = click_reason(s, click)
    assert "covered" in why
    assert "_" not in why  # no internal ids (guild_hall, royal_guard)
    off = click_reason(s, BoardClick("market", slot=0))
    assert s.prompt in off


# --------------------------------------------------------------------------- the panels

def test_the_decision_panel_shows_cost_and_gain_on_every_button():
    """§4.2: each placement's button says what it costs and gives (the explainer's label);
    the locations the player cannot use show greyed with the library's reason."""
    s = until(new(3, seed=4), lambda x: x.decision == "turn" and x.round >= 2)
    groups = decision_groups(s)
    headings = [h for h, _ in groups]
    assert headings[0] == W.HEADINGS["place"]
    acts = [row for _, rows in groups for row in rows if row[0] == "act"]
    assert {row[2] for row in acts} == set(s.legal_actions())
    for _, label, action, _tip in acts:
        assert label.startswith(str(action))
        if action.kind == "place":
            assert re.search(r"\b(gain|then|pay)\b", label), label
    blocked = [row for _, rows in groups for row in rows if row[0] == "blocked"]
    assert {row[1] for row in blocked} == {archwk.games.archon.explain.location_name(loc, capital=True)
                                           for loc in s.placement_blockers()}
    for h, rows in groups:
        assert "_" not in h and all("_" not in row[1] for row in rows)


def test_the_conformance_explorer_buttons_are_the_legal_actions():
    ex = GameExplorer(new(2, seed=8), seats=["person", "person"])
    for _ in range(30):
        assert {b._action for b in ex.decision.buttons} == set(ex.state.legal_actions())
        press(ex.decision.buttons[0])
    assert ex.error_text == ""
    ex.close()


def test_the_panels_hide_another_players_hand():
    """§4: the two piles are face down; a view shows only how many cards each holds."""
    s = until(new(2), lambda x: x.decision == "turn")
    view = s.view(0)
    mine, theirs = player_html(view, 0), player_html(view, 1)
    assert "(hidden)" not in mine and "(hidden)" in theirs
    assert "Courtier" in mine
    assert f"{s.players[1].hand_size} cards (hidden)" in theirs


def test_the_editor_edits_through_the_library_and_refuses_bad_edits():
    s = until(new(2), lambda x: x.decision == "turn")
    sess = Session(s, seats=["person", "person"])
    ed = WhatIfEditor(sess)
    ed.numbers["gold"].value = s.players[0].gold + 3
    assert ed.apply() and ed.error == ""
    assert sess.state.players[0].gold == s.players[0].gold + 3
    ed.sync()
    before = sess.state
    ed.numbers["gold"].value = -1
    assert not ed.apply()
    assert "gold" in ed.error and sess.state is before  # the library's message; nothing changed
    ed.sync()
    ed.tiles.value = "No Such Tile"
    assert not ed.apply() and "No Such Tile" in ed.error and sess.state is before
    ed.sync()
    ed.repository["stone"].value = before.repository["stone"] + 1
    assert ed.apply(), ed.error
    assert sess.state.repository["stone"] == before.repository["stone"] + 1
    ed.lock(True)
    assert not ed.apply()


def test_the_ui_is_listed_with_its_lessons():
    from widgets.archon.lessons import LESSONS
    ui = ui_for(archwk.GAMES[GAME])
    assert ui.board is BoardView and ui.lessons == LESSONS and len(LESSONS) >= 18
    assert ui.turn_of(new(2)) == 1


def test_the_gallery_marks_example_figures(tmp_path):
    g = ArchonGallery()
    parts = archwk.new_game(2, seed=1, game=GAME).components
    names = {t.name for t in parts.tiles}
    assert g.count == len(names) + len(parts.favors) + len(parts.grants) + len(parts.attacks) + len(parts.provinces)
    assert g.grid.value.count('class="archwk-gallery-entry"') == g.count
    assert all(e.example for e in g.entries)
    assert g.grid.value.count(f"{W.MARK}</div>") == g.count  # each face's title is marked
    g.kind.value = "tiles"
    assert {e.name for e in g.entries} == names
    g.kind.value = "all"
    g.search.value = "Merchant symbol"
    assert g.entries and all(e.kind == "favors" for e in g.entries)
    printed = catalogue(load(printed_copy(tmp_path, ("tiles",))))
    assert not any(e.example for e in printed if e.kind == "tiles")
    assert all(e.example for e in printed if e.kind != "tiles")


def test_a_page_of_one_game_refuses_another_games_save_or_code():
    """An Architects game code or save opened on Archon's explorer is refused with a clear
    error, and the position shown stays."""
    ex = GameExplorer(new(2), seats=["person", "person"])
    before = (ex.state, len(ex.session))
    other = archwk.new_game(2, seed=1)
    for opening in (lambda: ex.load_code(other.game_code()), lambda: ex.load_json(other.to_json())):
        with pytest.raises(archwk.InvalidSave, match="Architects of the West Kingdom"):
            opening()
        assert (ex.state, len(ex.session)) == before
    assert "this page plays Archon" in ex.file_message.value
    ex.close()


@pytest.mark.parametrize("name", ["archon.ipynb", "archon_whatif.ipynb", "archon_gallery.ipynb"])
def test_each_archon_page_says_what_the_marks_mean(name):
    import json
    nb = json.loads((Path(__file__).resolve().parents[2] / "notebooks" / name).read_text())
    prose = " ".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert prose.replace("\\*", "*").count(W.PAGE_NOTE) == 1


def test_what_the_board_and_panels_say_holds_no_internal_ids():
    """Text a player reads is in the game's words: no ids such as guild_hall or tax_collector."""
    ids = re.compile(r"\b[a-z]+_[a-z_]+\b")
    s = play(new(4, seed=3), 150)
    words = []
    for t in board_traces(s):
        words += [str(x) for x in t.get("text") or ()] + [str(x) for x in t.get("hovertext") or ()]
    words += [board_text_html(s)] + [player_html(s, p) for p in range(4)]
    words += [row[1] for _, rows in decision_groups(s) for row in rows]
    found = {m for w in words for m in ids.findall(re.sub(r"<[^>]+>", " ", w))}
    assert found == set()


def test_a_players_view_in_the_explorer_hides_the_others_hands():
    s = until(new(2), lambda x: x.decision == "turn")
    ex = GameExplorer(s, seats=["person", "person"], viewer=0)
    for i in range(5):
        ex.show_tab(i)
    assert ex.error_text == "" and ex.editor.locked
    assert "(hidden)" in ex.players_panel.panels[1].value and "(hidden)" not in ex.players_panel.panels[0].value
    ex.viewer = None
    assert "(hidden)" not in ex.players_panel.panels[1].value
    ex.close()


def test_the_game_app_starts_on_your_decision_and_makes_new_games():
    from widgets.archon.apps import ArchonGameApp
    app = ArchonGameApp(players=3, seed=1)
    ex = app.explorer
    assert ex.state.current_player == 0 and ex.coach is not None and ex.coach.on
    assert [ex.session.seat_kind(i) for i in range(3)] == ["person", archwk.bots.DEFAULT_BOT, archwk.bots.DEFAULT_BOT]
    app.players.value = 4
    app.opponents.value = "people"
    app.new_button.click()
    assert app.error.value == "" and app.explorer is not ex
    assert [p.name for p in app.explorer.state.players] == ["Player 1", "Player 2", "Player 3", "Player 4"]
    assert app.explorer.state.game is archwk.GAMES[GAME]
    app.close()


def test_lines_and_notes_count_archon_in_rounds():
    """Archon counts rounds, not turns (§4): the lines menu, the history note and the save
    file's name say "round"."""
    from widgets.explorer import GameExplorer
    ex = GameExplorer(new(2), seats=["person", "person"])
    assert ex.session.turn_name == "round"
    assert all("round 1" in line.title and "turn" not in line.title for line in ex.session.lines())


def _text(html: str) -> str:
    from html import unescape
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def test_the_coach_on_archons_explorer_hints_judges_and_reviews():
    """Archon's explorer has the coach: a bar of chances adding to 100, a Hint of three legal
    choices in Archon's words, a verdict on a person's pass with five cards unused in the
    first round (§4.1: a pass ends the round's actions), and the review at the end."""
    fast = {"background": False, "samples": 4}
    s = archwk.new_game(["Ann (you)", "Bot 1"], seed=1, game="archon")
    ex = GameExplorer(s, seats=["person", "heuristic"], coach=fast)
    c = ex.coach
    assert c.on and sum(c.bar.percents) == 100
    c.hint_panel.button.click()
    assert c.error.value == "" and len(c.hint_panel.choices) == 3
    legal = ex.state.legal_actions()
    assert all(ch.action in legal for ch in c.hint_panel.choices)
    words = " ".join(_text(t.value) for t in c.hint_panel.texts)
    assert "chance to win" in words and "_" not in words
    while not (ex.state.current_player == 0 and ex.state.decision == "turn"):
        ex.choose(ex.state.legal_actions()[0])
    passing = next(a for a in ex.state.legal_actions() if a.kind == "pass")
    ex.choose(passing)
    verdict = _text(c.judgement.value)
    assert re.search(r"Mistake|Blunder", verdict) and "Pass" in verdict, verdict
    ex.session.set_seat(0, "random")
    ex.bots_button.click()
    assert ex.state.is_over and "Game review" in c.hint_panel.status.value


def test_the_choices_mark_the_figures_the_rulebook_does_not_print(tmp_path):
    """The brief: an example figure is marked wherever a player sees it, so the choices'
    words too (buttons, log, verdicts): the starting Magisters' cost (§11.5), a Magister's
    cost on the Track (§11.4) except a player's second Cleric (§4.2.5 prints 1 Gold and
    1 Recruit token), the Marketplace's prices (§11.3); none once the box's file says printed."""
    s = new(3)
    starts = [str(a) for a in s.legal_actions() if a.kind == "start"]
    paid = [t for t in starts if "(pay " in t]
    assert paid and all(t.endswith("*)") for t in paid), starts
    s = until(new(3, seed=4), lambda x: any(a.kind == "recruit" for a in x.legal_actions()), limit=6000)
    p = s.current_player
    for a in (a for a in s.legal_actions() if a.kind == "recruit"):
        space = s._t.seats[p].track[MAGISTERS.index(a.magister)]
        second_cleric = (a.magister, space) == ("cleric", 1)
        assert ("*" in str(a)) != second_cleric, (str(a), space)
        # the button's "(+1 VP)" projection comes from those figures: marked with them
        button = action_label(s, a)
        if "VP)" in button[len(str(a)):]:
            assert button.endswith("VP*)") != second_cleric, button
    box = archwk.new_game(3, seed=1, game=GAME, options=Options(components=printed_copy(
        tmp_path, ("magister_track", "marketplace"))))
    assert all("*" not in str(a) for a in box.legal_actions()), [str(a) for a in box.legal_actions()]
    market = until(new(3, seed=2), lambda x: any(a.kind in ("buy", "sell") for a in x.legal_actions()), limit=6000)
    assert all(str(a).endswith("Gold*") for a in market.legal_actions() if a.kind in ("buy", "sell"))
