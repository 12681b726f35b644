"""Archon through the kit's protocol (issue 23, "Saves and codes", "Views and search";
API "More than one game", "Archon"): immutable states, the legality gate, records
and game codes, what-if edits, views and the determinizer, the read API, and the
words players read."""
from __future__ import annotations

import json
import random
import re

import pytest
from archon_positions import new, place, started

import archwk
from archwk.games.archon.actions import ACTION_KINDS, Action
from archwk.games.archon.play.determinize import Determinizer, determinize

GAME = archwk.load_game("archon")


def random_game(n: int, seed: int, upto: int | None = None):
    s = new(n, seed)
    rng = random.Random(seed)
    while not s.is_over and (upto is None or len(s.history) < upto):
        s = s.apply(rng.choice(s.legal_actions()))
    return s


def test_the_game_object_and_its_names():
    assert GAME.title == "Archon: Glory & Machination" and (GAME.min_players, GAME.max_players) == (2, 4)
    assert archwk.new_game(3, seed=1, game="archon").game is GAME
    assert GAME.code_prefix == "ar1."
    p = new(2).players[0]
    for field in ("name", "vp", "gold", "recruits", "resources", "figures_in_supply", "hand", "courtiers",
                  "magisters", "magister_track", "tiles", "arts", "science", "warriors_on_wall", "passed"):
        assert hasattr(p, field)
    assert set(p.resources) == {"stone", "papyrus", "silver", "iron"}
    assert set(p.magisters) == {"tax_collector", "cleric", "scribe", "merchant"}
    assert set(GAME.Options().to_dict()) >= {"components", "starting_vp"}


def test_apply_returns_a_new_state_and_never_changes_the_receiver():
    s = random_game(3, 1, upto=40)
    before = s.to_json()
    acts = s.legal_actions()
    for a in acts:
        s.apply(a)
    assert s.to_json() == before and s.legal_actions() == acts
    with pytest.raises(AttributeError):
        s.round = 3
    with pytest.raises(AttributeError):
        acts[0].kind = "pass"


def test_same_seed_same_actions_same_bytes():
    a = random_game(4, 7)
    b = new(4, 7)
    for act in a.history:
        b = b.apply(act)
    assert a.to_json() == b.to_json() and a.is_over


def test_an_illegal_action_names_the_rule_and_changes_nothing():
    s = started(3, seed=2)
    before = s.to_json()
    with pytest.raises(archwk.IllegalAction, match=r"not a choice of this decision"):
        s.apply(Action("take", resource="stone"))
    with pytest.raises(archwk.IllegalAction, match="not an action of this game"):
        s.apply("place")
    with pytest.raises(archwk.IllegalAction, match="unknown action kind"):
        Action("build")
    with pytest.raises(archwk.IllegalAction, match="field 'location'"):
        Action("place", location="forest", slot=0, pay=("courtier",))
    with pytest.raises(archwk.IllegalAction, match="you hold no Merchant in your hand"):
        s.apply(Action("place", location="treasury", slot=0, pay=("merchant",)))
    assert s.to_json() == before


def test_actions_round_trip_and_kinds_are_documented():
    s = random_game(3, 3, upto=60)
    for a in s.history:
        assert Action.from_dict(a.to_dict()) == a and Action.from_json(a.to_json()) == a
        assert a.kind in ACTION_KINDS
    with pytest.raises(archwk.InvalidSave):
        Action.from_dict({"kind": "place", "location": "treasury"})


# ---------------------------------------------------------------- records and codes

def test_records_name_their_game_and_replay_through_the_rules():
    s = random_game(2, 4, upto=80)
    rec = s.record()
    assert rec["game"] == "archon" and rec["format"] == "archwk-record" and len(rec["actions"]) == 80
    assert archwk.replay(rec).to_json() == s.to_json()
    loaded = archwk.games.load_record(s.to_json(title="A test", comments={3: "a good move"}), states=True)
    assert loaded.meta.title == "A test" and loaded.meta.comments == {3: "a good move"}
    assert len(loaded.states) == 81 and loaded.states[-1].to_json() == s.to_json()


def test_a_tampered_record_is_refused_with_its_step():
    s = random_game(2, 5, upto=30)
    rec = s.record()
    bad = json.loads(json.dumps(rec))
    i = next(i for i, a in enumerate(bad["actions"]) if a["kind"] == "place")
    bad["actions"][i]["slot"] = 7
    with pytest.raises(archwk.InvalidSave, match=rf"step {i} \(place\) cannot be played"):
        archwk.replay(bad)
    text = s.to_json()
    doc = json.loads(text)
    doc["check"]["position"] = "0" * 64
    with pytest.raises(archwk.InvalidSave, match="record.check"):
        archwk.replay(json.dumps(doc))
    with pytest.raises(archwk.InvalidSave, match="unknown field"):
        archwk.replay({**rec, "extra": 1})
    with pytest.raises(archwk.InvalidSave, match="record: Options.starting_vp: must be 3 or 4"):
        archwk.replay({**rec, "options": {**rec["options"], "starting_vp": 9}})


def test_edits_are_steps_of_the_record():
    s = started(2, seed=6)
    s = s.edit(player=0, gold=9).edit(repository={"stone": 2})
    rec = s.record()
    assert rec["actions"][-2:] == [{"edit": {"player": 0, "changes": {"gold": 9}}},
                                   {"edit": {"player": None, "changes": {"repository": {"stone": 2}}}}]
    again = archwk.replay(rec)
    assert again.to_json() == s.to_json() and again.players[0].gold == 9


def test_game_codes_round_trip_with_their_own_prefix():
    s = random_game(3, 8, upto=50).edit(player=1, vp=12)
    code = s.game_code()
    assert code.startswith("ar1.") and archwk.from_game_code(code).to_json() == s.to_json()
    assert archwk.from_game_code(f"https://example.org/explorer?game={code}").to_json() == s.to_json()
    with pytest.raises(archwk.InvalidSave, match="game code"):
        archwk.from_game_code("ar1.!!!")
    with pytest.raises(archwk.InvalidSave, match="damaged or cut short"):
        archwk.from_game_code(code[:-6])


def test_a_game_code_carries_only_the_kit_s_components(tmp_path):
    from archwk.games.archon.components import DEFAULT_PATH
    path = tmp_path / "same.toml"
    path.write_text(DEFAULT_PATH.read_text(encoding="utf-8"), encoding="utf-8")
    s = new(2, 1, components=str(path))
    with pytest.raises(archwk.InvalidSave, match="the kit's own components only"):
        s.game_code()
    assert archwk.replay(s.to_json()).to_json() == s.to_json()


# ---------------------------------------------------------------- what-if edits

@pytest.mark.parametrize("changes, message", [
    ({"gold": -1}, "edit gold: must be a whole number 0 or more"),
    ({"resources": {"marble": 1}}, "edit resources: unknown resource 'marble'"),
    ({"resources": {"stone": 99}}, "edit resources.stone"),
    ({"tiles": ["Gardens", "Gardens"]}, "never holds the same Building tile twice"),
    ({"tiles": ["Cathedral"]}, "edit tiles: no Building tile 'Cathedral'"),
    ({"hand": ["merchant"] * 5}, "edit hand: 5 merchant card"),
    ({"hand": ["courtier"]}, "edit hand: the hand holds 5 cards now"),
    ({"silver": 3}, "edit silver: not a player's field"),
    ({"recruits": 99}, "edit recruits: only"),
])
def test_an_impossible_edit_is_refused_naming_the_field(changes, message):
    s = started(2, seed=9)
    before = s.to_json()
    with pytest.raises(archwk.InvalidEdit, match=re.escape(message)):
        s.edit(player=0, **changes)
    assert s.to_json() == before
    with pytest.raises(archwk.InvalidEdit, match="edit player: no player 5"):
        s.edit(player=5, gold=1)
    with pytest.raises(archwk.InvalidEdit, match="not a board field"):
        s.edit(gold=1)


def test_an_edit_keeps_every_supply_whole():
    s = started(2, seed=10)
    stock = archwk.table(s).supply["stone"]
    s2 = s.edit(player=0, resources={"stone": 3})
    assert archwk.table(s2).supply["stone"] == stock - (3 - s.players[0].resources["stone"])
    s3 = s.edit(player=0, tiles=["Statue"])
    assert archwk.table(s3).tiles_left["Statue"] == 0 and s3.players[0].vp == s.players[0].vp


# ---------------------------------------------------------------- views and determinization

def test_a_view_hides_hands_piles_decks_and_splits():
    s = random_game(3, 11, upto=25)
    while s.decision != "turn":
        s = s.apply(s.legal_actions()[0])
    me = s.current_player
    v = s.view(me)
    assert v.is_view and v.legal_actions() == [] and v.players[me].hand is not None
    for i, p in enumerate(v.players):
        if i != me:
            assert p.hand is None and p.next_pile is None and p.hand_size == s.players[i].hand_size
    splits = [a for a, full in zip(v.history, s.history) if full.kind == "split"]
    assert any(a.hand == (-1,) * 5 for a in splits) and any(a.hand != (-1,) * 5 for a in splits)
    obs = GAME.observation(v)
    assert obs["seed"] is None and set(obs["province_deck"]) <= {0} and obs["rng"] == 0
    with pytest.raises(archwk.IllegalAction):
        v.apply(s.legal_actions()[0])
    with pytest.raises(archwk.InvalidSave):
        v.record()


def test_each_seat_sees_the_record_step_by_step_as_it_may():
    """§4.1: a split and the pile a replaced Courtier was in stay hidden from the others in
    the record; each seat's view of it is kept by the states as they go (through what-if
    edits), equal to masking the whole record step by step, and states played on from a
    view (a determinized world) still give views that mask it."""
    from archwk.games.archon.save import steps
    from archwk.games.archon.views import mask_action
    s = random_game(3, 21, upto=60)
    while s.decision != "turn":
        s = s.apply(s.legal_actions()[0])
    me = s.current_player
    s = s.edit(player=me, gold=s.players[me].gold + 1)
    s = s.apply(s.legal_actions()[-1])
    for seat in range(3):
        want = [mask_action(step, seat, actor) for step, actor in steps(s._t)]
        v = s.view(seat)
        assert [step for step, _ in steps(v._t)] == want
        assert v.view(seat).history == v.history
    assert any(step != full for (step, _), (full, _) in zip(steps(s.view(0)._t), steps(s._t)))
    x = Determinizer(s.view(me), me).sample(random.Random(1))
    x2 = x.apply(x.legal_actions()[0])
    assert x2.view(me).history[:-1] == s.view(me).history


def test_the_determinizer_deals_hidden_cards_consistently():
    s = random_game(4, 12, upto=70)
    me = s.current_player
    d = Determinizer(s.view(me), me)
    samples = [d.sample(random.Random(k)) for k in range(8)]
    for x in samples:
        assert GAME.observation(x.view(me)) == GAME.observation(s.view(me))
        assert x.legal_actions() == s.legal_actions()
        for i, p in enumerate(x.players):
            assert dict(p.unseen) == dict(s.players[i].unseen) and p.hand_size == s.players[i].hand_size
        assert archwk.table(x).favors == archwk.table(s).favors
    hands = {tuple(sorted(x.players[(me + 1) % 4].hand)) for x in samples}
    decks = {tuple(x._t.province_deck) for x in samples}
    assert len(decks) > 1 and (len(hands) > 1 or s.players[(me + 1) % 4].next_size == 0)
    full = determinize(s, me, rng=3)
    assert not full.is_view and full.current_player == me


# ---------------------------------------------------------------- reading the table

def test_the_table_read_api():
    s = started(3, seed=13, magisters={p: ("tax_collector", "cleric") for p in range(3)})
    p = s.current_player
    s = place(s, "treasury", pay=("tax_collector",))
    tb = archwk.table(s)
    treasury = tb.slots_at("treasury")
    assert treasury[0].occupants == (p,) and treasury[0].token == p and treasury[0].merchant
    assert [sv.covered for sv in treasury] == [False, False, True] and treasury[2].cards is None
    assert {m.resource for m in tb.marketplace} == {"stone", "papyrus", "silver", "iron"}
    assert len(tb.wall) == 12 and sum(w.open for w in tb.wall) == 10 and sum(w.gate for w in tb.wall) == 2
    assert tb.grant.season == 1 and set(tb.decks) == {"provinces", "kings_favors", "attacks"}
    assert sum(tb.tiles_left.values()) == 23 and tb.round == 1 and tb.rounds == 9


def test_final_scores_fields():
    s = random_game(2, 14)
    sc = archwk.final_scores(s)
    assert [x.player for x in sc] == [0, 1] and all(x.total == x.track + x.tiles for x in sc)
    assert type(sc[0]).LINES == ("track", "tiles")


# ---------------------------------------------------------------- words

#: internal ids that must never reach a player's eyes
IDS = re.compile(r"\b(guild_hall|royal_guard|builders_guild|tax_collector|kings_favor|black_market|season_gain|"
                 r"tile_vp|end_vp|recruit_discount|None|True|False)\b|[{}\[\]§]|\w+_\w+")


@pytest.mark.parametrize("n, seed", [(2, 15), (3, 16), (4, 17)])
def test_words_are_the_game_s_words(n, seed):
    """Labels, prompts and event texts: no internal ids, no formulas, no placeholders."""
    s = new(n, seed)
    rng = random.Random(seed)
    seen = 0
    while not s.is_over:
        texts = [s.prompt] + [str(a) for a in s.legal_actions()] + [e.text for e in s.events]
        for text in texts:
            assert not IDS.search(text), text
        seen += len(texts)
        s = s.apply(rng.choice(s.legal_actions()))
    for text in [s.prompt] + [e.text for e in s.events]:
        assert not IDS.search(text), text
    assert seen > 500
    start = started(n, seed)
    blockers = start.edit(player=start.current_player, gold=0, recruits=0, resources={}).placement_blockers()
    assert blockers and all(not IDS.search(t) for t in blockers.values())
    for bad in (Action("take", resource="stone"), Action("place", location="academy", slot=5, pay=("courtier",))):
        with pytest.raises(archwk.IllegalAction) as err:
            start.apply(bad)
        assert not IDS.search(str(err.value)), str(err.value)


def test_10_13_the_rulebook_s_names():
    """§10, facts §13 glossary: the names players read."""
    from archwk.games.archon import explain
    assert [explain.location_name(x, capital=True) for x in archwk.games.archon.constants.LOCATIONS] == [
        "The Repository", "The Barracks", "The Treasury", "The Marketplace", "The Guild Hall", "The Royal Guard",
        "The Builders' Guild", "The Academy", "The Planetarium", "The Palace"]
    assert [explain.resource_name(r) for r in ("stone", "papyrus", "silver", "iron")] == [
        "Stone", "Papyrus", "Silver", "Iron"]
    assert [explain.magister_name(m) for m in ("tax_collector", "cleric", "scribe", "merchant")] == [
        "Tax Collector", "Cleric", "Scribe", "Merchant"]
    assert explain.amounts({"recruits": 2, "gold": 1, "vp": 3}) == "1 Gold, 2 Recruit tokens and 3 VP"


def test_a_what_if_edit_is_told_in_the_games_words():
    """The log tells a what-if edit with the figures' names and new values, never a field id."""
    from archwk.games.archon.explain.events import describe
    s = archwk.new_game(2, seed=1, game="archon")
    names = [p.name for p in s.players]
    told = describe(s.edit(player=0, gold=5, vp=1, resources={"stone": 1}).events[-1], names)
    assert told == f"What-if: {names[0]} now has 5 Gold and 1 VP; {names[0]}'s Resource cubes changed"
    assert describe(s.edit(player=1, recruits=1).events[-1], names) == f"What-if: {names[1]} now has 1 Recruit token"
    board = s.edit(repository={"stone": 1, "iron": 1, "papyrus": 0, "silver": 0})
    assert describe(board.events[-1], names) == "What-if: the Repository's display changed"
    for text in (told,):
        assert not re.search(r"\b(vp|gold|resources|recruits)\b", text)
