"""Typed errors (API: Errors): one base, archwk.ArchwkError (a ValueError),
with IllegalAction, InvalidSave, InvalidEdit, InvalidOptions and CardDataError
beneath it; each kind of bad input raises its own."""
from __future__ import annotations

import pytest

import archwk
from archwk import Action, ArchwkError, CardDataError, IllegalAction, InvalidEdit, InvalidOptions, InvalidSave, Options


def test_the_hierarchy():
    for e in (IllegalAction, InvalidSave, InvalidEdit, InvalidOptions, CardDataError):
        assert issubclass(e, ArchwkError) and issubclass(e, ValueError)
    from archwk.games.architects.model import IllegalAction as old
    assert old is IllegalAction
    assert issubclass(archwk.games.architects.cards.UnknownCardError, ArchwkError)


def _raised(fn):
    with pytest.raises(ArchwkError) as info:
        fn()
    return type(info.value), str(info.value)


def test_each_bad_input_raises_its_own_error():
    s = archwk.new_game(3, seed=7)
    cases = [
        (lambda: s.apply(Action("place", location="forest")), IllegalAction, "not time to place a worker"),
        (lambda: archwk.GameState.from_json("{"), InvalidSave, "not valid JSON"),
        (lambda: archwk.replay({"format": "nope"}), InvalidSave, "record: expected format"),
        (lambda: Action.from_json('{"kind": 3}'), InvalidSave, "string 'kind'"),
        (lambda: Options(board_side=3), InvalidOptions, "board_side"),
        (lambda: archwk.new_game(6, seed=1), InvalidOptions, "1 to 5 players"),
        (lambda: archwk.new_game(2, seed="x"), InvalidOptions, "seed"),
        (lambda: Options(schemes=[(1, "starting", "moon")]), InvalidOptions, "field 'location'"),
    ]
    for fn, kind, words in cases:
        got, msg = _raised(fn)
        assert got is kind and words in msg, (got, msg)


def test_edit_errors_are_invalid_edit_and_change_nothing():
    s = archwk.new_game(2, seed=1)
    while s.decision != "place":
        s = s.apply(s.legal_actions()[0])
    before = s.to_json()
    for changes in (dict(silver=-1), dict(virtue=15), dict(hand=["No Such Building"]),
                    dict(resources={"stone": 2, "iron": 1})):
        with pytest.raises(InvalidEdit):
            s.edit(player=0, **changes)
    with pytest.raises(InvalidEdit, match="workers accounted|more than the 20"):
        s.edit(workers_at={"forest": {0: 21}})
    assert s.to_json() == before


def test_bad_options_inside_a_save_or_record_are_invalid_saves():
    """A saved game or record carries its options: bad ones make a bad document."""
    import json
    s = archwk.new_game(2, seed=1)
    doc = json.loads(s.to_json())  # a save is a game record (issue 11)
    doc["options"]["board_side"] = 7
    with pytest.raises(InvalidSave, match="board_side"):
        archwk.GameState.from_json(json.dumps(doc))
    rec = s.record()
    rec["options"]["solo_opponent"] = "nobody"
    with pytest.raises(InvalidSave, match="record: Options.solo_opponent"):
        archwk.replay(rec)
