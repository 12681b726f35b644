"""Issue 11: the reproductions from the issue as regression tests, the limits
checked before any work, strict types, what-if edits of the whole table
(recorded as steps and replayed through the same checks), game codes and
metadata.

The positions edited must be ones the rules allow (RB Components: 20 Workers
per player; RB Workshop: the 8-space display; RB Guildhall: the last space ends
the game; RB Cathedral: its spaces per level).
"""
from __future__ import annotations

import json

import pytest
from helpers import started

import archwk
from archwk import Action, InvalidEdit, InvalidSave, Options
from archwk.games.architects.record import position_digest
from archwk.kit.records import MAX_BYTES


def _doc(s):
    return json.loads(s.to_json())


# --------------------------------------------------------------------------- reproductions

def test_action_without_its_fields_is_refused():
    """Issue 11: `Action.from_json('{"kind":"capture"}')` loaded and then str()
    raised TypeError; a capture names its location and the group's owner."""
    with pytest.raises(InvalidSave, match="capture.*missing"):
        Action.from_json('{"kind":"capture"}')
    for bad in ('{"kind":"place","location":3}', '{"kind":"hire","target":true}',
                '{"kind":"construct","card":"Bakery","option":[["clay",true]]}',
                '{"kind":"place","location":"quarry","card":"x"}', '{"kind":"plans","option":1.5}'):
        with pytest.raises(InvalidSave):
            Action.from_json(bad)
    a = Action.from_json('{"kind":"capture","location":"quarry","target":1}')
    assert str(a) and a == Action("capture", location="quarry", target=1)


def test_bad_options_in_a_record_are_invalid_saves():
    """Issue 11: `replay` with options.characters=5 raised TypeError; a bool is
    not a board side."""
    rec = started().record()
    for field, value in (("characters", 5), ("board_side", True), ("solo_opponent", []), ("schemes", 3)):
        r = json.loads(json.dumps(rec))
        r["options"][field] = value
        with pytest.raises(InvalidSave, match=field):
            archwk.replay(r)
    with pytest.raises(archwk.InvalidOptions):
        Options.from_dict({"characters": 5})


def test_edit_with_values_of_the_wrong_type():
    """Issue 11: `edit(hand=[None])` and `edit(buildings=[5])` raised TypeError;
    a bool is not a player index nor a number."""
    s = started()
    before = s.to_json()
    for kwargs in ({"player": 0, "hand": [None]}, {"player": 0, "buildings": [5]},
                   {"player": True, "silver": 3}, {"player": 0, "silver": True},
                   {"player": 0, "captured": {True: 1}}, {"workers_at": {"quarry": {False: 1}}},
                   {"player": 0, "apprentices": [None]}, {"player": 0, "resources": {"clay": 10 ** 18}}):
        with pytest.raises(InvalidEdit):
            s.edit(**kwargs)
    assert s.to_json() == before


def test_documents_over_the_limits_are_refused_before_the_work():
    """Issue 11: a 50 MB name loaded; 50 MB of junk in an unused field was
    carried into every later save. Now the size, string and count limits
    refuse them first."""
    s = started()
    doc = _doc(s)
    doc["players"][0] = "A" * 100
    with pytest.raises(InvalidSave, match="name of 100 characters"):
        archwk.GameState.from_json(json.dumps(doc))
    doc = _doc(s)
    doc["junk"] = "x" * (MAX_BYTES + 10)
    with pytest.raises(InvalidSave, match="size limit"):
        archwk.GameState.from_json(json.dumps(doc))
    doc = _doc(s)
    doc["meta"]["title"] = "x" * 50_000
    with pytest.raises(InvalidSave, match="over the limit"):
        archwk.GameState.from_json(json.dumps(doc))
    doc = _doc(s)
    doc["meta"]["junk"] = 1
    with pytest.raises(InvalidSave, match="unknown field"):
        archwk.GameState.from_json(json.dumps(doc))
    with pytest.raises(InvalidSave, match="bytes is over the limit"):
        archwk.GameState.from_json(b" " * (MAX_BYTES + 1))
    doc = _doc(s)
    doc["actions"] = doc["actions"] * 10_000
    with pytest.raises(InvalidSave, match="limit"):
        archwk.GameState.from_json(json.dumps(doc))


def test_format_1_event_without_its_figures_is_refused():
    """Issue 11: an event missing its figures loaded and raised KeyError when
    its text was read; a format-1 snapshot is now checked by replaying it."""
    from archwk.games.architects import save
    s = started()
    s = s.apply(s.legal_actions()[0])
    doc = json.loads(save.format1_json(s))
    assert doc["state"]["events"]
    doc["state"]["events"][0]["data"] = {}
    doc["checksum"] = save._checksum(doc["state"])
    with pytest.raises(InvalidSave, match="format 1"):
        archwk.GameState.from_json(json.dumps(doc))


# --------------------------------------------------------------------------- edits of the whole table

def _replays(s):
    """The record of `s` replays to the same position, and plays on."""
    r = archwk.replay(json.loads(json.dumps(s.record())))
    assert position_digest(r) == position_digest(s)
    assert r.legal_actions() == s.legal_actions()
    return r


def test_edit_the_apprentice_display_and_its_silver():
    """Issue 11 (RB Workshop): the display's cards and the Silver on them can be
    edited; a card comes from the deck, a replaced one goes to its bottom."""
    s = started()
    new = list(s.display)
    new[0], new[3] = s.apprentice_deck[0], 0
    t = s.edit(display=new, display_silver=[2, 0, 0, 0, 0, 1, 0, 0])
    assert t.display[0] == s.apprentice_deck[0] and t.display[3] == 0
    assert s.display[0] in t.apprentice_deck and s.display[3] in t.apprentice_deck
    assert t.display_silver == (2, 0, 0, 0, 0, 1, 0, 0)
    _replays(t)
    with pytest.raises(InvalidEdit, match="empty display space"):
        t.edit(display_silver=[0, 0, 0, 1, 0, 0, 0, 0])
    with pytest.raises(InvalidEdit, match="8 spaces"):
        s.edit(display=new[:7])
    with pytest.raises(InvalidEdit, match="given twice"):
        s.edit(display=[new[1]] * 8)


def test_edit_black_market_guildhall_cathedral_and_rewards():
    """Issue 11: the face-up Black Market card, Guildhall occupancy (RB
    Guildhall: the last space ends the game), Cathedral levels (RB Cathedral:
    its spaces) and the reward pile's size are editable, and validated."""
    s = started(3, seed=4)
    t = s.edit(black_market_card=5, guildhall=[0, 1, 1], cathedral=[1, 0, 2], rewards=3)
    assert t.bm_large[0] == 5 and 5 not in t.bm_small
    assert t.guildhall == (0, 1, 1) and len(t.rewards) == 3
    assert [p.cathedral_level for p in t.players] == [1, 0, 2]
    assert t.players[1].workers_in_supply == s.players[1].workers_in_supply - 2  # from the supply
    _replays(t)
    t2 = t.edit(rewards=7)
    assert len(t2.rewards) == 7 and len(set(t2.rewards)) == 7
    with pytest.raises(InvalidEdit, match="last space"):
        s.edit(guildhall=[0] * 16)
    with pytest.raises(InvalidEdit, match="Black Market card id"):
        s.edit(black_market_card=0)
    with pytest.raises(InvalidEdit, match="cathedral"):
        s.edit(cathedral=[5, 5, 5])
    with pytest.raises(InvalidEdit, match="no player"):
        s.edit(guildhall=[7])


def test_recorded_edit_with_a_stray_field_is_refused():
    """Issue 11: a recorded edit's fields are the edit's own: a stray "player"
    among them is refused (not a TypeError from the call)."""
    rec = started().edit(player=0, silver=3).record()
    rec["actions"][-1]["edit"]["changes"]["player"] = 1
    with pytest.raises(InvalidSave, match=r"step \d+ \(edit\): unknown field"):
        archwk.replay(rec)


def test_edit_order_does_not_matter_on_replay():
    """Issue 11: an edit is recorded in one canonical form, so the replay
    makes the same edit whatever order the mapping had."""
    s = started(3, seed=4)
    t = s.edit(workers_at={"black_market_c": {1: 1}, "black_market_a": {0: 1}, "quarry": {2: 2, 0: 1}})
    _replays(t)
    step = t.record()["actions"][-1]["edit"]
    assert list(step["changes"]["workers_at"]) == sorted(step["changes"]["workers_at"])


# --------------------------------------------------------------------------- game codes and metadata

def test_game_code_round_trip_and_damage():
    """Issue 11: a game code is a short URL-safe text of the record; it
    replays, and a damaged one is refused saying so."""
    s = started(4, seed=9).edit(player=1, silver=11)
    s = s.apply(s.legal_actions()[0])
    code = s.game_code()
    assert code.startswith("aw1.") and len(code) < 600
    assert all(c.isalnum() or c in "-_." for c in code)
    back = archwk.from_game_code(code)
    assert back.to_json() == s.to_json()
    assert archwk.from_game_code(f"https://example.org/whatif.html?x=1&game={code}").to_json() == s.to_json()
    for bad, pattern in ((code[:-6], "cut short|damaged"), ("aw1.!!!", "characters"), ("xyz", "starts with"),
                         ("https://example.org/?x=1", "no 'game='"), ("aw1." + "A" * 300_000, "limit")):
        with pytest.raises(InvalidSave, match=pattern):
            archwk.from_game_code(bad)


def test_metadata_is_kept_and_checked():
    """Issue 11: optional metadata (title, date, comments on steps, the archwk
    version) is written and read back; a comment on a step the game does not
    have is refused."""
    from archwk.games.architects.record import load
    s = started()
    text = s.to_json(title="Opening study", date="2026-12-01", comments={0: "the usual start"})
    loaded = load(text, archwk.GameState)
    assert loaded.meta.title == "Opening study" and loaded.meta.date == "2026-12-01"
    assert loaded.meta.comments == {0: "the usual start"} and loaded.meta.archwk
    doc = json.loads(text)
    doc["meta"]["comments"] = [[10 ** 6, "too far"]]
    with pytest.raises(InvalidSave, match="no step"):
        archwk.GameState.from_json(json.dumps(doc))
    assert s.to_json() == started().to_json()  # the same game, the same text


def test_page_query_is_read_from_voila_and_pyodide(monkeypatch):
    """Issue 11: a page's ?game=CODE reaches the kernel: Voila's QUERY_STRING,
    or js.location.search under Pyodide (the static site)."""
    import sys
    import types

    from widgets import pagelink
    got = []
    monkeypatch.setenv("QUERY_STRING", "game=aw1.abc&x=1")
    assert pagelink.when_page_known(got.append) and got == ["game=aw1.abc&x=1"]
    assert pagelink.game_parameter(got[0]) == "aw1.abc"
    monkeypatch.delenv("QUERY_STRING")
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace(location=types.SimpleNamespace(search="?game=aw1.z")))
    assert pagelink.page_query() == "?game=aw1.z" and pagelink.game_parameter(pagelink.page_query()) == "aw1.z"
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    assert pagelink.when_page_known(got.append) is False
