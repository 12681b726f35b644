"""Saving and loading (JSON), game records and replay, per-player views, and
what-if edits (API: "Saving", "What-if positions", `view`).

The rules these protect come from the rulebook (RB) only indirectly: a loaded
or edited position must be one the rules allow (RB Components: 20 Workers per
player; every card in one place; RB Virtue Track 0..14).
"""
from __future__ import annotations

import copy
import json

import pytest
from helpers import place, started

import archwk
from archwk import Action, IllegalAction
from archwk.bots import RandomBot
from archwk.games.architects import save


def play_states(n, seed, every=1):
    """Every `every`-th state of a random game, and its last state."""
    s = archwk.new_game(n, seed=seed)
    bots = [RandomBot(seed + i) for i in range(n)]
    out = [s]
    k = 0
    while not s.is_over:
        s = s.apply(bots[s.current_player].choose(s))
        k += 1
        if k % every == 0:
            out.append(s)
    if out[-1] is not s:
        out.append(s)
    return out


@pytest.fixture(scope="module")
def finished():
    return play_states(3, 5, every=10 ** 9)[-1]


def doc_of(s):
    return json.loads(s.to_json())


def dump(doc, *, rechecksum=True):
    """A saved-game document back to text; with `rechecksum` its checksum is
    recomputed so that the validator, not the checksum, must catch a change."""
    if rechecksum:
        doc["checksum"] = save._checksum(doc["state"])
    return json.dumps(doc)


# =========================================================================== JSON round trip


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_round_trip_at_many_points(n):
    """API Saving: to_json/from_json round-trips at any decision: the re-save is
    byte-identical, the decision and its legal actions are the same, and play
    continues identically."""
    from archwk.games.architects.record import load
    states = play_states(n, 10 + n, every=37)
    assert states[-1].is_over
    # loading the save made at decision k replays its k steps: the replay of the whole
    # game's save, kept state by state, is each of those loads (one pass, not one per
    # save); from_json itself loads the saves of the start, the middle and the end
    replayed = load(states[-1].to_json(), archwk.GameState, states=True).states
    direct = {0, len(states) // 2, len(states) - 1}
    for i, s in enumerate(states):
        text = s.to_json()
        t = archwk.GameState.from_json(text) if i in direct else replayed[len(s.history)]
        assert t.to_json() == text
        assert t.legal_actions() == s.legal_actions()
        assert t.prompt == s.prompt and t.current_player == s.current_player
        assert t.history == s.history
        # the same events (kind, player, figures) in the same words, although
        # the saved JSON sorts the keys of every mapping
        assert t.events == s.events
        assert [e.text for e in t.events] == [e.text for e in s.events]
        if not s.is_over:
            a = s.legal_actions()[-1]
            assert t.apply(a).to_json() == s.apply(a).to_json()


def test_round_trip_of_an_edited_position():
    """API What-if: an edited position saves and loads like any other."""
    s = started()
    s = s.edit(player=s.current_player, silver=17, virtue=2, resources={"marble": 3})
    t = archwk.GameState.from_json(s.to_json())
    assert t.to_json() == s.to_json()
    assert t.edited and t.players[s.current_player].silver == 17


def test_saved_document_shape(finished):
    """API Saving (issue 11): the save file is the game record: format and
    version, seed, options, player names, every action, the archwk version
    and a check of the end position (a cache, never trusted instead of the
    replay); no snapshot of the state."""
    doc = doc_of(finished)
    assert doc["format"] == "archwk-record" and doc["version"] == 2
    assert set(doc) == {"format", "version", "game", "players", "seed", "options", "actions", "meta", "check"}
    assert doc["game"] == "architects"  # API "More than one game": a record names its game
    assert doc["players"] == [p.name for p in finished.players]
    assert len(doc["actions"]) == len(finished.history)
    assert doc["check"]["steps"] == len(doc["actions"]) and len(doc["check"]["position"]) == 64
    assert doc["meta"]["archwk"] == archwk.kit.records.archwk_version()
    assert "state" not in doc and "checksum" not in doc


# =========================================================================== bad documents


@pytest.mark.parametrize("text, pattern", [
    ("{", "not valid JSON"),
    ("", "not valid JSON"),
    ("not json at all", "not valid JSON"),
    ("[1, 2, 3]", "expected an object"),
    ('"a string"', "expected an object"),
    (b"\x80\x04\x95\x00\xff", "UTF-8"),  # e.g. a pickle: never unpickled
    ('{"format": "archwk-record", "version": 2, "seed": NaN}', "NaN"),
])
def test_malformed_json(text, pattern):
    """API Saving: a malformed document is rejected with ValueError."""
    with pytest.raises(archwk.InvalidSave, match=pattern):
        archwk.GameState.from_json(text)


def test_not_text():
    """API Saving: from_json takes the JSON text."""
    with pytest.raises(ValueError, match="JSON text"):
        archwk.GameState.from_json(None)


@pytest.mark.parametrize("frac", [0.1, 0.5, 0.99])
def test_truncated_text(finished, frac):
    """API Saving: a truncated file is rejected, and the message says it may be
    truncated."""
    text = finished.to_json()
    with pytest.raises(ValueError, match="truncated"):
        archwk.GameState.from_json(text[: int(len(text) * frac)])


@pytest.mark.parametrize("field, value, pattern", [
    ("format", "chess-pgn", "format"),
    ("format", None, "format"),
    ("version", 3, "version"),
    ("version", "2", "version"),
    ("version", True, "version"),
])
def test_wrong_format_or_version(finished, field, value, pattern):
    """API Saving: the "format" and version fields are checked."""
    doc = doc_of(finished)
    doc[field] = value
    with pytest.raises(ValueError, match=pattern):
        archwk.GameState.from_json(json.dumps(doc))


def test_missing_field(finished):
    """API Saving: a document without its actions, seed or players is rejected, naming the field."""
    for key in ("actions", "seed", "players", "options"):
        doc = doc_of(finished)
        del doc[key]
        with pytest.raises(archwk.InvalidSave, match=f"missing field.*{key}"):
            archwk.GameState.from_json(json.dumps(doc))


@pytest.mark.parametrize("step, change, pattern", [
    (5, {"kind": "place", "location": "guildhall"}, r"step 5 \(place\) cannot be played"),
    (7, {"kind": "teleport"}, "step 7: action: unknown kind"),
    (3, {"kind": "keep", "card": "Eiffel Tower"}, r"step 3 \(keep\) cannot be played"),
])
def test_changed_action_is_rejected_with_its_step_and_rule(finished, step, change, pattern):
    """API Saving (issue 11): loading replays the record through the legality
    gate; a changed step is rejected with its number and the rule."""
    doc = doc_of(finished)
    doc["actions"][step] = change
    with pytest.raises(archwk.InvalidSave, match=pattern):
        archwk.GameState.from_json(json.dumps(doc))


def test_check_is_a_cache_verified_against_the_replay(finished):
    """Issue 11: the position digest kept in the file is checked against the
    replay: a wrong one is refused; a missing one is not an error (the replay
    is the proof)."""
    doc = doc_of(finished)
    doc["check"]["position"] = "0" * 64
    with pytest.raises(archwk.InvalidSave, match="not the one its steps replay to"):
        archwk.GameState.from_json(json.dumps(doc))
    del doc["check"]
    assert archwk.GameState.from_json(json.dumps(doc)).to_json() == finished.to_json()
    doc = doc_of(finished)
    doc["check"]["steps"] = 3
    with pytest.raises(archwk.InvalidSave, match="made for 3 steps"):
        archwk.GameState.from_json(json.dumps(doc))


@pytest.mark.parametrize("path, value", [
    (("tax",), 99),
    (("players", 0, "silver"), 1000),
    (("players", 1, "virtue"), 3),
    (("rng",), 12345),
])
def test_format_1_snapshot_changed_is_refused_even_with_its_checksum(finished, path, value):
    """Issue 11: an old (format 1) snapshot loads only through the replay of the
    moves it carries: a changed value is refused even when its sha256
    checksum is recomputed (anyone can recompute it)."""
    doc = json.loads(save.format1_json(finished))
    assert archwk.GameState.from_json(json.dumps(doc)).to_json() == finished.to_json()
    node = doc["state"]
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    with pytest.raises(archwk.InvalidSave, match="format 1.*not the one its moves replay to"):
        archwk.GameState.from_json(dump(doc))


def _two_places(st):
    st["players"][0]["hand"].append(st["players"][1]["hand"][0])


def _apprentice_twice(st):
    st["players"][0]["apprentice_ids"].append(st["apprentice_deck"][0])


def _drop_card(st):
    st["building_deck"].pop()


def _cathedral_crowded(st):
    for p in st["players"]:
        p["cathedral_level"] = 5


@pytest.mark.parametrize("mutate", [
    lambda st: st["players"][0].__setitem__("workers_in_supply", st["players"][0]["workers_in_supply"] + 1),
    lambda st: st["players"][1]["captured"].__setitem__(0, st["players"][1]["captured"][0] + 3),
    _two_places, _apprentice_twice, _drop_card,
    lambda st: st["players"][0].__setitem__("silver", -1),
    lambda st: st["players"][2].__setitem__("marble", -2),
    lambda st: st["players"][0].__setitem__("virtue", 15),
    lambda st: st["players"][0].__setitem__("cathedral_level", 6),
    _cathedral_crowded,
    lambda st: st.__setitem__("tax", -4),
    lambda st: st["players"][0]["hand"].append("Eiffel Tower"),
    lambda st: st["players"][0].__setitem__("silver", "3"),
    lambda st: st.__setitem__("cheat", 1),
    lambda st: st["players"][0].__setitem__("cheat", 1),
    lambda st: st.__setitem__("pending", [["teleport", 0, []]]),
    lambda st: st.__setitem__("pending", []),
    lambda st: st.__setitem__("phase", "halftime"),
    lambda st: st.__setitem__("turn_player", 99),
    lambda st: st["players"][1].__setitem__("is_bot", True),
    lambda st: st["players"][0].__setitem__("clay", 10 ** 18),
    lambda st: st.__setitem__("phase", "over"),
    lambda st: st["draft"].append(["Bakery"]),
])
def test_impossible_format_1_position_is_refused(mutate):
    """Issue 11 reproductions (format 1 with the checksum recomputed): 21
    workers (RB: 20 each), a card in two places, negative or absurd stock,
    Virtue off the track, unknown fields, turn_player=99, is_bot on a human
    seat, phase "over" mid-game, a fourth draft hand: all refused with
    InvalidSave, since the position is not the one its moves replay to."""
    s = started(3, seed=8)
    s = place(s, "quarry")
    doc = json.loads(save.format1_json(s))
    mutate(doc["state"])
    with pytest.raises(archwk.InvalidSave, match="format 1"):
        archwk.GameState.from_json(dump(doc))


def test_format_1_edited_snapshot_is_refused_clearly():
    """Issue 11: an old save of an edited position has no record of its edits:
    it is refused with a message saying so."""
    s = started().edit(player=0, silver=9)
    doc = json.loads(save.format1_json(s))
    assert doc["state"]["edited"] is True
    with pytest.raises(archwk.InvalidSave, match="edited .*did not record the edits"):
        archwk.GameState.from_json(json.dumps(doc))


# =========================================================================== records and replay


def test_replay_of_record_gives_the_same_state(finished):
    """API Saving: a game record (seed, options, actions) replays to the same
    final state, also through JSON text."""
    rec = finished.record()
    assert rec["format"] == "archwk-record" and rec["version"] == 1  # no edits: version 1 holds it
    assert archwk.replay(rec).to_json() == finished.to_json()
    text = json.dumps(rec)
    assert archwk.replay(text).to_json() == finished.to_json()
    assert archwk.replay(json.loads(text)).to_json() == finished.to_json()


@pytest.mark.parametrize("n", [2, 4, 5])
def test_replay_mid_game(n):
    """API Saving: records also replay positions in the middle of a game."""
    for s in play_states(n, 3, every=150):
        assert archwk.replay(s.record()).to_json() == s.to_json()


def test_replay_with_options():
    """API Saving: the record keeps the options."""
    s = archwk.new_game(["Ann", "Ben"], seed=4, options=archwk.Options.online())
    bots = [RandomBot(1), RandomBot(2)]
    for _ in range(60):
        s = s.apply(bots[s.current_player].choose(s))
    r = archwk.replay(json.loads(json.dumps(s.record())))
    assert r.to_json() == s.to_json()
    assert r.options == archwk.Options.online()


def test_record_with_an_illegal_action_names_the_step(finished):
    """API Saving: a record whose action is not legal at its step is refused
    with ValueError naming the step and the rule."""
    rec = copy.deepcopy(finished.record())
    rec["actions"][40] = {"kind": "place", "location": "guildhall"}
    with pytest.raises(ValueError, match=r"step 40 .*cannot be played") as e:
        archwk.replay(rec)
    assert "Guildhall" in str(e.value)
    rec["actions"][40] = {"kind": "teleport"}
    with pytest.raises(ValueError, match="step 40"):
        archwk.replay(rec)


def test_record_extra_action_after_the_end(finished):
    """RB End of the Game: no action after the game is over; replay names it."""
    rec = copy.deepcopy(finished.record())
    rec["actions"].append({"kind": "place", "location": "quarry"})
    with pytest.raises(ValueError, match=f"step {len(rec['actions']) - 1} .*over"):
        archwk.replay(rec)


@pytest.mark.parametrize("change, pattern", [
    (lambda r: r.__setitem__("format", "pgn"), "format"),
    (lambda r: r.__setitem__("version", 7), "version"),
    (lambda r: r.__setitem__("seed", "x"), "seed"),
    (lambda r: r.__setitem__("seed", True), "seed"),
    (lambda r: r.pop("actions"), "actions"),
    (lambda r: r.__setitem__("cheat", 1), "unknown field"),
])
def test_bad_record(finished, change, pattern):
    """API Saving: a malformed record is rejected with ValueError."""
    rec = copy.deepcopy(finished.record())
    change(rec)
    with pytest.raises(archwk.InvalidSave, match=pattern):
        archwk.replay(rec)
    with pytest.raises(ValueError, match="not valid JSON"):
        archwk.replay("{oops")


def test_edited_position_records_its_edits_as_steps():
    """Issue 11: an edit is a step of the game record; replaying the record
    makes the same edit through the same checks."""
    s = started()
    s = s.edit(player=0, silver=9, apprentices=[s.apprentice_deck[0]])
    s = s.apply(s.legal_actions()[0])
    rec = s.record()
    assert rec["version"] == 2
    edits = [a for a in rec["actions"] if "edit" in a]
    assert edits == [{"edit": {"player": 0, "changes": {"silver": 9, "apprentices": [s.players[0].apprentice_ids[0]]}}}]
    r = archwk.replay(rec)
    assert r.to_json() == s.to_json() and r.edited and r.players[0].silver == s.players[0].silver
    # a recorded edit that no longer holds is refused with its step
    i = rec["actions"].index(edits[0])
    rec["actions"][i]["edit"]["changes"]["silver"] = -1
    with pytest.raises(archwk.InvalidSave, match=f"step {i} \\(edit\\) cannot be made: .*negative"):
        archwk.replay(rec)


# =========================================================================== views


def test_view_hides_hands_and_deck_order():
    """API view: what a player may know: their own hand, but not the others'
    hands, nor the order of the decks and the reward pile."""
    s = started(3, seed=2)
    s = place(s, "quarry")
    for p in range(3):
        v = s.view(p)
        assert v.is_view
        assert v.players[p].hand == s.players[p].hand
        for o in range(3):
            if o != p:
                assert v.players[o].hand == ("?",) * len(s.players[o].hand)
                assert not set(v.players[o].hand) & set(s.players[o].hand)
        assert set(v.building_deck) == {"?"} and len(v.building_deck) == len(s.building_deck)
        assert len(set(v.apprentice_deck)) <= 1 and len(v.apprentice_deck) == len(s.apprentice_deck)
        assert len(set(v.rewards)) <= 1 and len(v.rewards) == len(s.rewards)
        assert v.rng != s.rng
        # public information is kept
        assert [q.silver for q in v.players] == [q.silver for q in s.players]
        assert v.display == s.display and v.tax == s.tax and v.board == s.board
        assert v.bm_small[:1] == s.bm_small[:1] and v.bm_large == s.bm_large
        assert v.prompt == s.prompt
    # the original is unchanged
    assert all(h != "?" for q in s.players for h in q.hand)


def test_view_hides_other_draft_hands():
    """RB Setup 12: draft cards are facedown to the others."""
    s = archwk.new_game(3, seed=2)
    v = s.view(1)
    assert v.draft[1] == s.draft[1]
    assert v.draft[0] == ("?",) * 4 and v.draft[2] == ("?",) * 4


def test_view_cannot_be_played_on():
    """API view: a view can be shown but not played on, saved or edited."""
    s = started(3, seed=2)
    v = s.view(s.current_player)
    assert v.legal_actions() == []
    a = s.legal_actions()[0]
    with pytest.raises(IllegalAction, match="view"):
        v.apply(a)
    with pytest.raises(ValueError, match="view"):
        v.to_json()
    with pytest.raises(ValueError, match="view"):
        v.edit(player=0, silver=3)
    with pytest.raises(ValueError, match="player"):
        s.view(3)


def test_view_hides_black_market_look_from_others():
    """RB Black Market (B): the 5 Building Cards looked at are seen by their
    player only."""
    s = started(3, seed=2)
    p = s.current_player
    s = place(s.edit(player=p, silver=5), "black_market_b")
    s = s.apply(Action("draw5"))
    assert s.decision == "keep_one"
    looked = s.pending[-1].data.cards
    assert s.view(p).pending[-1].data.cards == looked
    o = (p + 1) % 3
    assert set(s.view(o).pending[-1].data.cards) == {"?"}


# =========================================================================== edits


@pytest.fixture
def at_placement():
    return started(3, seed=1)


def _fourth_card(s, p):
    o = (p + 1) % len(s.players)
    return s.players[o].hand[0]


@pytest.mark.parametrize("kwargs, pattern", [
    ({"player": 0, "silver": -1}, "silver cannot be negative"),
    ({"player": 0, "silver": 2.5}, "whole number"),
    ({"player": 0, "virtue": 15}, "virtue runs from 0 to 14"),
    ({"player": 0, "virtue": -1}, "virtue cannot be negative"),
    ({"player": 0, "resources": {"clay": -2}}, "cannot be negative"),
    ({"player": 0, "resources": {"diamonds": 2}}, "unknown resource"),
    ({"player": 0, "in_prison": 21}, "more than the 20"),
    ({"workers_at": {"forest": {0: 15}, "quarry": {0: 6}}}, "more than the 20"),
    ({"player": 1, "captured": {0: 21}}, "more than the 20"),
    ({"player": 0, "captured": {0: 1}}, "own workers"),
    ({"player": 0, "cathedral_level": 6}, "cathedral_level"),
    ({"player": 0, "debts_unpaid": -1}, "cannot be negative"),
    ({"player": 0, "hand": ["Eiffel Tower"]}, "unknown building"),
    ({"player": 0, "favourite_colour": "red"}, "unknown field"),
    ({"silver": 3}, "which player"),
    ({"player": 7, "silver": 3}, "no player"),
    ({"tax": -1}, "tax cannot be negative"),
    ({"workers_at": {"guildhall": {0: 1}}}, "cannot be edited"),
    ({"workers_at": {"black_market_a": {0: 2}}}, "only 1 worker"),
])
def test_edit_errors(at_placement, kwargs, pattern):
    """API What-if: impossible positions raise ValueError naming the problem (RB:
    20 Workers each, Virtue 0..14, counts never negative) and the original
    state is unchanged."""
    s = at_placement
    before = s.to_json()
    with pytest.raises(ValueError, match=pattern):
        s.edit(**kwargs)
    assert s.to_json() == before
    assert s.legal_actions() == started(3, seed=1).legal_actions()


def test_edit_card_in_two_places(at_placement):
    """API What-if: a card is in one place only: not in two hands, not twice in
    one hand, not both in hand and constructed."""
    s = at_placement
    p = s.current_player
    before = s.to_json()
    other_card = _fourth_card(s, p)
    free = s.building_deck[0]
    with pytest.raises(ValueError, match="not available.*hand"):
        s.edit(player=p, hand=[other_card])
    with pytest.raises(ValueError, match="two places"):
        s.edit(player=p, hand=[free, free])
    with pytest.raises(ValueError, match="two places"):
        s.edit(player=p, hand=[free], buildings=[free])
    assert s.to_json() == before


def test_edit_apprentice_in_two_places(at_placement):
    """API What-if: an apprentice on the display or on another board cannot be
    given to a player as well."""
    s = at_placement
    before = s.to_json()
    with pytest.raises(ValueError, match="not available"):
        s.edit(player=0, apprentices=[s.display[0]])
    with pytest.raises(ValueError, match="twice"):
        s.edit(player=0, apprentices=[s.apprentice_deck[0]] * 2)
    with pytest.raises(ValueError, match="at most 5"):
        s.edit(player=0, apprentices=list(s.apprentice_deck[:6]))
    assert s.to_json() == before
    s2 = s.edit(player=1, apprentices=[s.apprentice_deck[0]])
    with pytest.raises(ValueError, match="not available"):
        s2.edit(player=0, apprentices=[s.apprentice_deck[0]])


@pytest.mark.parametrize("when", ["draft", "mid_turn", "over", "hand_limit"])
def test_edit_outside_a_placement_decision(when, finished):
    """API What-if: positions are edited at a placement decision (the start of a
    turn), not during the draft, in the middle of a turn or after the end."""
    if when == "draft":
        s = archwk.new_game(3, seed=1)
    elif when == "mid_turn":
        s = place(started(3, seed=1), "workshop")
        assert s.decision == "workshop"
    elif when == "over":
        s = finished
    else:
        s = started(3, seed=1)
        p = s.current_player
        s = s.edit(player=p, hand=list(s.players[p].hand) + list(s.building_deck[:3]))
        s = place(s, "workshop").apply(Action("plans"))
        assert s.decision == "hand_limit"
    before = s.to_json()
    with pytest.raises(ValueError, match="placement decision"):
        s.edit(player=0, silver=3)
    assert s.to_json() == before


def test_edit_returns_a_new_validated_state(at_placement):
    """API What-if: edit returns a new state; the original is untouched; cards
    and workers move (never copied): a card put in a hand leaves the deck, and a
    card taken from a hand goes under the deck; workers come from the supply."""
    s = at_placement
    p = s.current_player
    before = s.to_json()
    new_card = s.building_deck[0]
    old = s.players[p].hand
    s2 = s.edit(player=p, hand=[new_card], workers_at={"forest": {p: 4}}, tax=9)
    assert s.to_json() == before
    assert s2.players[p].hand == (new_card,)
    assert new_card not in s2.building_deck
    assert s2.building_deck[-len(old):] == old
    assert s2.players[p].workers_in_supply == 16 and s2.workers_at("forest")[p] == 4
    assert s2.tax == 9 and s2.edited
    name = s.players[p].name
    assert [e.text for e in s2.events] == [  # what the edit changed, in words (issue 21)
        f"What-if: 1 building card goes into {name}'s hand and {len(old)} come out of it (now 1)."
        if len(old) > 1 else f"What-if: 1 building card goes into {name}'s hand and 1 comes out of it (now 1).",
        f"What-if: {name} has 4 more workers at the Forest (now 4).",
        f"What-if: the Tax Stand holds {9 - s.tax} more Silver (now 9)."]
    save.validate(s2)


def test_the_log_says_what_an_edit_changed(at_placement):
    """Issue 21: an edit showed in the log only as "Edited position (what-if)". Its events
    say what changed, in the game's words, as the position shows it (the supply that
    takes up moved workers is not reported); a hand's cards are not named (another
    player may read the log), built buildings and apprentices are public."""
    from wording import problems
    s = at_placement
    p, o = s.current_player, (s.current_player + 1) % 3
    ann, ben = s.players[p].name, s.players[o].name
    pl = s.players[p]
    merchant = next(i for i in s.apprentice_deck if archwk.games.architects.cards.APPRENTICES[i - 1].name == "Merchant")
    built = s.building_deck[0]
    s2 = s.edit(player=p, silver=pl.silver + 2, virtue=pl.virtue - 3, resources={"stone": pl.stone + 5},
                debts_unpaid=2, cathedral_level=1, captured={o: 2}, buildings=[built], apprentices=[merchant],
                workers_at={"black_market_a": {p: 1}, "quarry": {o: 2}}, tax=s.tax + 1, rewards=3)
    texts = [e.text for e in s2.events]
    assert sorted(texts) == sorted([  # player by player, then the table
        f"What-if: {ann} has 2 more Silver (now {pl.silver + 2}).",
        f"What-if: {ann} has 3 less Virtue (now {pl.virtue - 3}).",
        f"What-if: {ann} has 5 more Stone (now {pl.stone + 5}).",
        f"What-if: {ann} has 2 more unpaid Debts (now 2).",
        f"What-if: {ann}'s work on the Cathedral is at level 1 (was 0).",
        f"What-if: {ann} holds 2 more of {ben}'s workers captured (now 2).",
        f"What-if: {ann}'s buildings now include the {built} (1 building).",
        f"What-if: {ann}'s apprentices now include the Merchant (1 apprentice).",
        f"What-if: {ann}'s worker now stands on the Black Market's left space.",
        f"What-if: {ben} has 2 more workers at the Quarry (now 2).",
        f"What-if: the Tax Stand holds 1 more Silver (now {s.tax + 1}).",
        f"What-if: the reward pile holds 3 cards (was {len(s.rewards)}).",
    ])
    assert texts[-2:] == [f"What-if: the Tax Stand holds 1 more Silver (now {s.tax + 1}).",
                          f"What-if: the reward pile holds 3 cards (was {len(s.rewards)})."]
    assert not [x for t in texts for x in problems(t)]
    miner = next(i for i in s2.apprentice_deck if archwk.games.architects.cards.APPRENTICES[i - 1].name == "Miner")
    s3 = s2.edit(player=p, buildings=[], debts_unpaid=1, apprentices=[miner], workers_at={"black_market_a": {p: 0}})
    assert [e.text for e in s3.events] == [
        f"What-if: {ann} has 1 fewer unpaid Debt (now 1).",
        f"What-if: {ann}'s buildings no longer include the {built} (0 buildings).",
        f"What-if: {ann}'s apprentices now include the Miner and no longer the Merchant (1 apprentice).",
        f"What-if: {ann}'s worker is taken off the Black Market's left space."]
    # a replayed record says the same
    assert [e.text for e in archwk.replay(s3.record()).events] == [e.text for e in s3.events]


def test_event_texts_survive_a_round_trip_at_every_decision():
    """API Saving: a loaded game's last events read exactly as before saving, at
    every decision of a whole game (goods are listed in a fixed order, whatever
    the order of the saved mapping).

    A save of the game at decision k holds the first k steps of the whole game's
    save, and loading it replays them: so one load of the whole game's save,
    keeping every state of its replay, gives each of those loads in one pass
    (linear, where saving and loading at every decision was quadratic)."""
    from archwk.games.architects.record import load
    played = play_states(3, 21)
    last = played[-1]
    loaded = load(last.to_json(), archwk.GameState, states=True)  # checks the end position too
    assert len(loaded.states) == len(played) == len(last.history) + 1
    for k, (s, t) in enumerate(zip(played, loaded.states)):
        assert [e.text for e in t.events] == [e.text for e in s.events], f"decision {k}"
    # a save made part way through is the same record, cut short (spot checks of the claim above)
    for s in (played[1], played[len(played) // 2]):
        prefix = json.loads(s.to_json())
        assert prefix["actions"] == json.loads(last.to_json())["actions"][:len(s.history)]


def test_view_hides_private_choices_in_history_and_events():
    """A view hides which cards were kept in the draft or discarded face down
    (RB, Setup 12: the kept cards are hidden from opponents)."""
    import archwk
    from archwk.games.architects.model import HIDDEN
    s = archwk.new_game(3, seed=5)
    while s.phase != "play":
        s = s.apply(s.legal_actions()[0])
    full = [a for a in s.history if a.kind == "keep"]
    assert full and all(a.card != HIDDEN for a in full)
    v = s.view(0)
    assert [a.kind for a in v.history] == [a.kind for a in s.history]
    assert all(a.card == HIDDEN for a in v.history if a.kind == "keep")
    assert all(e.data.get("card") in (None, HIDDEN) for e in v.events
               if e.kind == "drafted" and e.player != 0)


def test_saves_round_trip_byte_identically_under_every_option_set():
    """API Saving: the typed decision figures, the Scheme piles and the Silver on
    apprentice cards in the deck are converted at the save boundary: saving a
    loaded game gives the same document, and the decision and extras come back
    as the same records."""
    from rule_games import random_games

    from archwk.games.architects.record import load
    kinds_with_figures = set()
    extras = set()
    games: list[list] = []  # each game's states (random_games plays one game after another)
    for s, _ in random_games(range(1)):
        if not s.history:
            games.append([])
        games[-1].append(s)
    assert len(games) > 5
    k = -1
    for played in games:
        # loading a save made at decision i replays its first i steps: the same replay as
        # the whole game's save, kept state by state (one pass, not one replay per save)
        loaded = load(played[-1].to_json(), archwk.GameState, states=True).states
        assert len(loaded) == len(played)
        for s, back in zip(played, loaded):
            k += 1
            if k % 37:
                continue
            text = s.to_json()
            assert back.to_json() == text
            assert back.pending == s.pending and back.scheme_piles == s.scheme_piles
            assert back.silver_on_deck == s.silver_on_deck
            if s.pending[-1].data:
                kinds_with_figures.add(s.decision)
            extras.update(x for x, _ in save.state_dict(s)["extra"])
            if k % 111 == 0:  # format 1 (older archwk) loads by replaying its moves
                assert archwk.GameState.from_json(save.format1_json(s)).to_json() == text
    assert k + 1 == sum(map(len, games))
    assert {"scheme_deck", "scheme_discard", "scheme_future"} <= extras
    assert len(kinds_with_figures) >= 3


def test_a_view_sees_the_record_of_choices_step_by_step_as_anyone_may():
    """A view's record of choices is the game's, each step as every player may see it
    (RB, Setup 12: kept cards hidden), through what-if edits, views of views and play
    from a determinized view; it is kept by each state as it goes (no walk of the record)."""
    import random

    import archwk
    from archwk.games.architects.model import HIDDEN
    from archwk.games.architects.play.determinize import determinize
    from archwk.games.architects.views import public_step
    rng = random.Random(3)
    s = archwk.new_game(3, seed=11)
    edited = False
    for i in range(160):
        s = s.apply(rng.choice(s.legal_actions()))
        if i > 80 and not edited and s.decision == "place":
            s, edited = s.edit(0, silver=s.players[0].silver + 2), True
    assert edited
    steps = [public_step(a) for a in s.history]
    assert any(a.card == HIDDEN for a in steps if a.kind == "keep")
    for seat in range(3):
        v = s.view(seat)
        assert v.history == tuple(steps)
        assert all(a._ctx is None for a in v.history)
        assert v.view(seat).history == v.history
    d = determinize(s.view(1), 1, random.Random(0))
    d2 = d.apply(d.legal_actions()[0])
    assert d2.view(2).history == (*steps, public_step(d2.history[-1]))
