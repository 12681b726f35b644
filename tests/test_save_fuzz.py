"""Fuzzing the save files (issue 11): seeded mutations of saves of short games
with 1 to 5 players under every option set, in the current format and in
format 1 (with its sha256 checksum recomputed after the change, as anyone
can). Every mutated file either raises a `ValueError` (an `archwk.ArchwkError`)
or loads to a game equal to replaying its own record, which then plays on for
200 random decisions without an exception (labels, prompts and event texts
included). Also fuzzed: `Action.from_json`, `Options.from_dict` and `edit`.
"""
from __future__ import annotations

import copy
import json
import random

import pytest

import archwk
from archwk.games.architects import save
from archwk.games.architects.record import position_digest

Opt = archwk.Options
OPTION_SETS = [
    (Opt(), (2, 3, 4, 5)), (Opt(board_side=2), (2, 3, 4, 5)), (Opt(artisans=True), (2, 3, 4, 5)),
    (Opt(expansion_cards=True), (3, 5)),
    (Opt(board_side=2, promo_characters=True, artisans=True, expansion_cards=True), (2, 4)),
    (Opt.online(), (3, 4)), (Opt(solo_opponent="constantine"), (1,)), (Opt(solo_opponent="helena", board_side=2,
                                                                     artisans=True), (1,)),
    (Opt(two_player_bot=True, solo_opponent="helena"), (2,)),
]
MUTATIONS = 2_200
SEED = 20261101


def _random_edit(s, r: random.Random):
    """A random what-if edit (often impossible) at a placement decision."""
    p = r.randrange(len(s.players))
    pick = r.randrange(9)
    try:
        if pick == 0:
            return s.edit(player=p, silver=r.choice([0, 3, 12, -1, True, "4"]))
        if pick == 1:
            return s.edit(player=p, resources={r.choice(["clay", "stone", "gold", "mud"]): r.randrange(-1, 6)})
        if pick == 2:
            return s.edit(player=p, apprentices=list(s.apprentice_deck[: r.randrange(0, 4)]))
        if pick == 3:
            return s.edit(workers_at={r.choice(["quarry", "mines", "black_market_a"]): {p: r.randrange(0, 3)}})
        if pick == 4:
            return s.edit(display_silver=[r.randrange(0, 3) if c else 0 for c in s.display])
        if pick == 5:
            return s.edit(rewards=r.randrange(0, 8))
        if pick == 6:
            return s.edit(guildhall=[r.randrange(len(s.players)) for _ in range(r.randrange(0, 6))])
        if pick == 7:
            return s.edit(black_market_card=r.randrange(0, 12))
        return s.edit(player=p, hand=list(s.building_deck[:2]) + [r.choice([None, 5, "Bakery"])])
    except ValueError:
        return s


def _corpus(r: random.Random) -> list:
    out = []
    for opts, counts in OPTION_SETS:
        for n in counts:
            for _ in range(2):
                s = archwk.new_game(n, seed=r.randrange(10 ** 6), options=opts)
                for _ in range(r.randrange(0, 30)):
                    if s.is_over:
                        break
                    if s.decision == "place" and r.random() < 0.15:
                        s = _random_edit(s, r)
                    s = s.apply(r.choice(s.legal_actions()))
                out.append(s)
    return out


_JUNK = [0, 1, -1, 2, 5, 99, 10 ** 18, 2 ** 70, True, False, None, "", "x", "quarry", "Bakery", [], {}, [0],
         {"kind": "place"}, 0.5]


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, prefix + (i,))


def _mutate(doc, r: random.Random, paths: list):
    doc = json.loads(json.dumps(doc))
    path = r.choice(paths)
    parent = doc
    for k in path[:-1]:
        parent = parent[k]
    key = path[-1]
    how = r.randrange(7)
    if how == 0 and isinstance(parent, dict):
        del parent[key]
    elif how == 1 and isinstance(parent, list):
        parent.insert(r.randrange(len(parent) + 1), copy.deepcopy(parent[key]))
    elif how == 2 and isinstance(parent, list):
        del parent[key]
    elif how == 3 and isinstance(parent, dict):
        parent[r.choice(["cheat", "extra", "x" * 9, "player", "kind", "s"])] = r.choice(_JUNK)
    elif how == 4 and isinstance(parent[key], int) and not isinstance(parent[key], bool):
        parent[key] += r.choice([-1, 1, 7, -100])
    elif how == 5 and isinstance(parent, list) and len(parent) > 1:
        j = r.randrange(len(parent))
        parent[key], parent[j] = parent[j], parent[key]
    else:
        parent[key] = copy.deepcopy(r.choice(_JUNK))
    return doc


def _play_on(s, r: random.Random, n: int = 200) -> None:
    for _ in range(n):
        if s.is_over:
            return
        acts = s.legal_actions()
        assert acts, "a decision with no legal action that is not the end"
        assert s.prompt
        for a in acts:
            str(a)
        s = s.apply(r.choice(acts))
        for e in s.events:
            assert isinstance(e.text, str)


def _check(text, r: random.Random) -> bool:
    try:
        t = archwk.GameState.from_json(text)
    except ValueError:
        return False
    # a game equal to replaying its own record
    again = archwk.replay(t.record())
    assert position_digest(again) == position_digest(t)
    assert archwk.GameState.from_json(t.to_json()).to_json() == t.to_json()
    _play_on(t, r)
    return True


def test_fuzzed_saves_raise_value_error_or_load_a_real_game():
    """Issue 11: >= 2,000 seeded mutations (structure, types, counts, steps;
    format 1 with its checksum recomputed; text cut short or bit-flipped)."""
    r = random.Random(SEED)
    corpus = _corpus(r)
    docs = []
    for s in corpus:
        for kind, text in (("record", s.to_json()), ("format1", None if s.edited else save.format1_json(s))):
            if text is not None:
                d = json.loads(text)
                docs.append((kind, d, [p for p in _paths(d) if p]))
    loaded = 0
    for i in range(MUTATIONS):
        kind, doc, paths = docs[i % len(docs)]
        if kind == "format1":
            m = _mutate(doc, r, paths)
            if isinstance(m.get("state"), dict):
                m["checksum"] = save._checksum(m["state"])  # as anyone can
            text = json.dumps(m)
        elif r.random() < 0.1:
            raw = json.dumps(doc)
            k = r.randrange(len(raw))
            text = raw[:k] + r.choice(["", "]", "{", "9", '"']) + raw[k + 1:] if r.random() < 0.5 else raw[:k]
        else:
            m = _mutate(doc, r, paths)
            if r.random() < 0.5 and isinstance(m, dict):
                m.pop("check", None)  # no cache to give the change away
            text = json.dumps(m)
        loaded += _check(text, r)
    # the mutations exercise both outcomes
    assert 0 < loaded < MUTATIONS


def test_fuzzed_actions_options_and_edits():
    """Issue 11: Action.from_json, Options.from_dict and edit take any input:
    a ValueError, or a value that works (an action whose label can be read,
    options a game can be set up with, an edit that replays and plays on)."""
    r = random.Random(SEED + 1)
    fields = ["kind", "location", "card", "target", "option", "cheat"]
    kinds = list(archwk.games.architects.actions.ACTION_KINDS)
    for _ in range(600):
        d = {f: r.choice(_JUNK + kinds) for f in r.sample(fields, r.randrange(1, 5))}
        if r.random() < 0.7:
            d["kind"] = r.choice(kinds)
        try:
            a = archwk.Action.from_json(json.dumps(d))
        except ValueError:
            continue
        str(a)
        repr(a)
    names = [f for f in archwk.Options().to_dict()]
    for _ in range(300):
        d = {f: r.choice(_JUNK + ["constantine", ["Ann"], [1, 2]]) for f in r.sample(names, r.randrange(1, 4))}
        try:
            o = archwk.Options.from_dict(d)
            s = archwk.new_game(r.choice([1, 2, 3]), seed=1, options=o)
        except ValueError:
            continue
        _play_on(s, r, 20)
    base = [s for s in _corpus(random.Random(SEED + 2)) if s.decision == "place"][:12]
    assert base
    for k in range(300):
        s = base[k % len(base)]
        t = _random_edit(s, r)
        if t is not s:
            assert position_digest(archwk.replay(t.record())) == position_digest(t)
            _play_on(t, r, 30)


@pytest.mark.parametrize("make", [
    lambda: "[" * 500 + "]" * 500,
    lambda: '{"a":' * 500 + "1" + "}" * 500,
    lambda: "[" * 100_000,
])
def test_deep_nesting_is_refused_everywhere(make):
    """Issue 11 reproduction: JSON nested 500 deep raised RecursionError in
    from_json, Action.from_json and replay; now a ValueError naming the limit."""
    text = make()
    for load in (archwk.GameState.from_json, archwk.Action.from_json, archwk.replay):
        with pytest.raises(archwk.InvalidSave):
            load(text)
    nested: list = []
    for _ in range(600):
        nested = [nested]
    with pytest.raises(archwk.InvalidSave, match="nested"):
        archwk.replay({"format": "archwk-record", "version": 2, "players": ["A", "B"], "seed": 1,
                       "options": {}, "actions": nested})
