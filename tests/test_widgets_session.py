"""widgets.Session (no UI) and the separation of the library from UI packages."""
from __future__ import annotations

import subprocess
import sys

import pytest

import archwk
from archwk import Action, IllegalAction
from widgets.session import Session

UI_PACKAGES = ("ipywidgets", "plotly", "anywidget", "traitlets", "IPython", "ipykernel")


def _modules_after(code: str) -> set[str]:
    out = subprocess.run([sys.executable, "-c", code + "\nimport sys; print(' '.join(sys.modules))"],
                         capture_output=True, text=True, check=True)
    return set(out.stdout.split())


def test_archwk_imports_no_ui_package():
    mods = _modules_after("import archwk, archwk.bots, archwk.games.architects.save, archwk.games.architects.edit, "
                          "archwk.games.architects.explain, archwk.games.architects.scoring, "
                          "archwk.games.architects.cards, archwk.games.architects.engine")
    loaded = {m.split(".")[0] for m in mods}
    assert not loaded & set(UI_PACKAGES), loaded & set(UI_PACKAGES)


def test_session_needs_no_ui_package():
    mods = _modules_after("import widgets, widgets.session")
    loaded = {m.split(".")[0] for m in mods}
    assert not loaded & set(UI_PACKAGES), loaded & set(UI_PACKAGES)


def test_choose_moves_cursor_and_keeps_history():
    s0 = archwk.new_game(2, seed=4)
    sess = Session(s0)
    a = s0.legal_actions()[0]
    s1 = sess.choose(a)
    assert sess.states == (s0, s1) and sess.cursor == 1
    assert sess.action_at(1) == a and sess.actor(1) == s0.current_player
    assert sess.goto(0) is s0 and sess.state is s0


def test_illegal_choice_changes_nothing():
    sess = Session(archwk.new_game(2, seed=4))
    before = sess.states
    with pytest.raises(IllegalAction):
        sess.choose(Action("place", location="forest"))  # the draft comes first
    assert sess.states == before and sess.cursor == 0


def test_choosing_at_a_past_point_branches():
    sess = Session(archwk.new_game(3, seed=2), seats=["random"] * 3)
    sess.run_bots(40)
    assert len(sess) == 41
    k = next(i for i in range(10, 40) if len(sess.states[i].legal_actions()) > 1)
    sess.goto(k)
    kept = sess.states[:k + 1]
    past = sess.state
    alt = next(a for a in past.legal_actions() if a != sess.action_at(k + 1))
    sess.choose(alt, run_bots=False)
    assert len(sess) == k + 2 and sess.cursor == k + 1
    assert sess.states[:k + 1] == kept
    assert sess.state.history[:-1] == past.history and sess.state.history[-1] == alt


def test_bots_play_their_seats_only():
    sess = Session(archwk.new_game(3, seed=5), seats=["person", "random", "random"])
    me = archwk.bots.RandomBot(99)
    sess.run_bots()  # bots never move by themselves: the first decisions may be theirs
    while not sess.state.is_over:
        if sess.state.current_player == 0:
            sess.choose(me.choose(sess.state))
        else:  # choose() already ran the bots: a person's decision or the end
            pytest.fail("a bot seat was left to decide")
    assert sess.state.is_over
    assert archwk.final_scores(sess.state)


def test_run_bots_stops_at_a_person():
    sess = Session(archwk.new_game(2, seed=8), seats=["random", "person"])
    sess.run_bots()
    s = sess.state
    assert s.is_over or s.current_player == 1


def test_seats_validation():
    with pytest.raises(ValueError):
        Session(archwk.new_game(2, seed=1), seats=["random"] * 3)
    with pytest.raises(ValueError):
        Session(archwk.new_game(2, seed=1), seats=["wizard"])
    sess = Session(archwk.new_game(2, seed=1))
    sess.set_seat(1, "random")
    assert sess.seat_kind(1) == "random" and sess.seat_kind(0) == "person"


def test_goto_bounds():
    sess = Session(archwk.new_game(2, seed=1))
    with pytest.raises(ValueError):
        sess.goto(5)


def test_edit_branches_and_invalid_edit_changes_nothing():
    from widget_helpers import placing
    sess = Session(placing(3, seed=3, after=20))
    p = sess.state.current_player
    new = sess.edit(p, silver=42)
    assert new.players[p].silver == 42 and len(sess) == 2 and sess.action_at(1) is None
    before = (sess.states, sess.cursor)
    with pytest.raises(ValueError):
        sess.edit(p, virtue=99)
    assert (sess.states, sess.cursor) == before


def test_save_load_round_trip_rebuilds_history():
    sess = Session(archwk.new_game(3, seed=6), seats=["random"] * 3)
    sess.run_bots(120)
    text = sess.save()
    other = Session(archwk.new_game(2, seed=1))
    other.load(text)
    assert other.state.to_json() == text
    assert len(other) == len(sess) and other.cursor == len(sess) - 1
    assert [x.to_json() for x in other.states[::30]] == [x.to_json() for x in sess.states[::30]]
    assert len(other.seats) == 3


def test_load_garbage_leaves_session_as_it_was():
    sess = Session(archwk.new_game(2, seed=1))
    before = sess.states
    for bad in ("not json", b"\xff\xfe", '{"format": "something else"}', "[]"):
        with pytest.raises(ValueError):
            sess.load(bad)
        assert sess.states == before
