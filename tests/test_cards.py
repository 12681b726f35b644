"""Tests for archwk.games.architects.cards and archwk/games/architects/data/*.toml.

"facts §N" refers to shared/reference/architects-facts.md, "RB" to the
rulebook (shared/seeds/000_61b9e43c65635cb2.txt).
"""

from __future__ import annotations

import dataclasses
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from archwk.games.architects import cards
from archwk.games.architects.behaviour import APPRENTICE_BEHAVIOUR, check_apprentices
from archwk.games.architects.behaviour.buildings import BUILDING_BEHAVIOUR, check_buildings
from archwk.games.architects.behaviour.data import load_cards
from archwk.games.architects.cards import CardDataError

C, T, M = "carpentry", "tiling", "masonry"
RES = {"c": "clay", "w": "wood", "s": "stone", "g": "gold", "m": "marble"}


def amounts(code: str) -> dict[str, int]:
    """'4c 2w' -> {'clay': 4, 'wood': 2}."""
    out = {}
    for part in code.split():
        n, r = int(part[:-1]), RES[part[-1]]
        out[r] = n
    return out


def skills(code: str) -> frozenset[str]:
    return frozenset() if code == "-" else frozenset({"C": C, "T": T, "M": M}[s] for s in code.split("+"))


# --------------------------------------------------------------------------
# Loading
# --------------------------------------------------------------------------
# The card counts (43 + 43, 10, 11, 5 levels, 15 virtue values), ids in order,
# the base/extra split and unique names are enforced by the loader itself
# (tests: test_missing_card, test_malformed_edit); the figures are checked
# card by card against the facts below.


def test_load_default_dir_matches_module_constants():
    fresh = cards.load(cards.DATA_DIR)
    assert fresh == cards.CARDS
    assert fresh.buildings == cards.BUILDINGS
    assert fresh.virtue_track == cards.VIRTUE_TRACK


# --------------------------------------------------------------------------
# Buildings (facts §1)
# --------------------------------------------------------------------------

# id, name, VP, cost, skills, virtue, category -- transcribed from the facts §1 table.
BUILDING_TABLE = [
    (1, "Smithy", 3, "4c 2w", "-", 0, "immediate"),
    (2, "Steeple", 4, "2w 2g", "-", 1, "vp_bonus"),
    (3, "Stone Market", 7, "2c 4s 1m", "M", 0, "vp_bonus"),
    (4, "Tavern", 6, "3w 2s 1g", "C", 0, "immediate"),
    (5, "Thieves' Den", 8, "1c 2w 3s", "M", -2, "immediate"),
    (6, "Tiler's Hut", 5, "2c 1w 2s", "-", 0, "vp_bonus"),
    (7, "Trading Post", 7, "1w 3s 2g", "M", 0, "end_game"),
    (8, "Treasury", 6, "1w 3s 1g", "T", 0, "immediate"),
    (9, "University", 11, "4c 2w 3s 2m", "C+T+M", 1, "vp_bonus"),
    (10, "Watchtower", 11, "3c 4w 1g 1m", "C+T+M", -1, "immediate"),
    (11, "Well", 3, "2w 2s", "-", 0, "immediate"),
    (12, "Wood Market", 7, "2c 4w 1g", "C", 0, "vp_bonus"),
    (13, "Aqueduct", 3, "2c 3w 1g", "-", 0, "vp_bonus"),
    (14, "Armoury", 9, "3w 5s 1g", "C+M", 0, "immediate"),
    (15, "Barracks", 10, "2c 6w 2g", "C+T+M", 0, "immediate"),
    (16, "Betting House", 7, "1c 2s 1g", "-", -1, "immediate"),
    (17, "Carpenter's Hut", 5, "3c 1w 1s", "-", 0, "vp_bonus"),
    (18, "Castle", 10, "2c 4w 1g 2m", "C+T+M", 0, "end_game"),
    (19, "Chapel", 6, "2c 1w 4s", "C", 1, "end_game"),
    (20, "Church", 5, "3c 3s", "-", 1, "immediate"),
    (21, "Clay Market", 6, "3c 2s 1g", "T", 0, "vp_bonus"),
    (22, "Clay Pit", 3, "4c 1w", "-", 0, "immediate"),
    (23, "Drafting Room", 8, "4s 3g", "C+T", 0, "immediate"),
    (24, "Dungeon", 14, "4s 2g 2m", "C+T+M", -1, "end_game"),
    (25, "Factory", 7, "2w 2s 3g", "M", 0, "immediate"),
    (26, "Fortress", 12, "3c 4s 1g 2m", "C+T+M", -2, "immediate"),
    (27, "Fountain", 4, "3s 1m", "-", 1, "scoring_rule"),
    (28, "Gambler's Den", 10, "1s 1g 3m", "C+T", -2, "vp_bonus"),
    (29, "Hideout", 8, "1c 3w 2s", "C+M", -2, "immediate"),
    (30, "Keep", 12, "5w 2s 2g", "C+T+M", -2, "vp_bonus"),
    (31, "Library", 8, "4w 2s 1m", "C+T", 0, "immediate"),
    (32, "Lighthouse", 6, "3w 1s 2m", "T", 0, "vp_bonus"),
    (33, "Lumber Camp", 3, "4c 2s", "-", 0, "immediate"),
    (34, "Mason's Hut", 5, "2w 4s", "-", 0, "vp_bonus"),
    (35, "Moneylender", 5, "4c 2w 1g", "M", -1, "vp_bonus"),
    (36, "Monument", 9, "2w 3s 2m", "T+M", 1, "immediate"),
    (37, "Observatory", 7, "1c 3w 1s 1g", "C", 0, "end_game"),
    (38, "Palace", 9, "3w 3s 2m", "T+M", 0, "immediate"),
    (39, "Reservoir", 4, "6c 1w", "-", 0, "end_game"),
    (40, "Silver Market", 6, "2w 1g 1m", "T", 0, "vp_bonus"),
    (41, "Crane", 3, "3w 1s", "-", 0, "immediate"),
    (42, "Graveyard", 12, "4c 1w 2s 2m", "C+T+M", -1, "immediate"),
    (43, "Museum", 4, "1c 5w 1s", "-", 0, "end_game"),
]


@pytest.mark.parametrize("row", BUILDING_TABLE, ids=[r[1] for r in BUILDING_TABLE])
def test_building_figures(row):
    ident, name, vp, cost, skill, virtue, category = row
    b = cards.BUILDINGS[ident - 1]
    assert (b.id, b.name, b.vp) == (ident, name, vp)
    assert b.cost == amounts(cost)
    assert dict(b.cost) == amounts(cost)
    assert all(n > 0 for n in b.cost.values())  # only non-zero resources are keys
    assert b.skills == skills(skill)
    assert b.virtue == virtue
    assert b.category == category
    assert b.set == ("base" if ident <= 40 else "extra")
    assert b.text.strip()


def test_buildings_without_skills():
    # facts §1 notes: 15 buildings have no skill requirement.
    no_skill = [b.id for b in cards.BUILDINGS if not b.skills]
    assert no_skill == [1, 2, 6, 11, 13, 16, 17, 20, 22, 27, 33, 34, 39, 41, 43]
    assert len(no_skill) == 15


def test_building_virtue_on_construction():
    # facts §1 notes, "Non-zero virtue changes on construction".
    by_change = {
        v: {b.name for b in cards.BUILDINGS if b.virtue == v} for v in {b.virtue for b in cards.BUILDINGS}
    }
    assert by_change[1] == {"Steeple", "University", "Chapel", "Church", "Fountain", "Monument"}
    assert by_change[-1] == {"Watchtower", "Betting House", "Dungeon", "Moneylender", "Graveyard"}
    assert by_change[-2] == {"Thieves' Den", "Fortress", "Gambler's Den", "Hideout", "Keep"}
    assert set(by_change) == {-2, -1, 0, 1}


def test_building_effects_and_params():
    # facts §1 Effect column, keyed by the effect vocabulary.
    expected = {
        "Smithy": ("gain", {"stone": 4}),
        "Thieves' Den": ("gain", {"silver": 4}),
        "Well": ("gain", {"clay": 4}),
        "Drafting Room": ("gain", {"cards": 2}),
        "Factory": ("gain", {"marble": 2}),
        "Lumber Camp": ("gain", {"wood": 4}),
        "Tavern": ("tavern", {}),
        "Armoury": ("capture", {"captures": 1}),
        "Fortress": ("capture", {"captures": 2}),
        "Barracks": ("barracks", {}),
        "Betting House": ("take_debt", {"debts": 1}),  # facts §15.7: card art gives a debt
        "Church": ("church", {}),
        "Library": ("library", {"gold": 2}),
        "Monument": ("monument", {"virtue": 1}),
        "Palace": ("palace", {"per": 4}),
        "Watchtower": ("watchtower", {"min_prison": 3, "virtue": 1}),
        "Hideout": ("hideout", {}),
        "Graveyard": ("graveyard", {}),
        "Crane": ("crane", {}),
        "Stone Market": ("most", {"resource": "stone", "vp": 2}),
        "Wood Market": ("most", {"resource": "wood", "vp": 2}),
        "Clay Market": ("most", {"resource": "clay", "vp": 2}),
        "Silver Market": ("most", {"resource": "silver", "vp": 2}),
        "Steeple": ("cathedral_most", {"vp": 2}),
        "Chapel": ("cathedral_most", {"virtue": 2}),
        "Tiler's Hut": ("hut", {"skill": "tiling"}),
        "Carpenter's Hut": ("hut", {"skill": "carpentry"}),
        "Mason's Hut": ("hut", {"skill": "masonry"}),
        # facts §15.6: card-art figures, not RB's "1 for every 3".
        "Aqueduct": ("vp_per", {"count": "buildings", "per": 1}),
        "Keep": ("vp_per", {"count": "captured", "per": 3}),
        "Lighthouse": ("vp_per", {"count": "virtue", "per": 4}),
        "Moneylender": ("vp_per", {"count": "debts_paid", "per": 1}),
        "Trading Post": ("virtue_per", {"count": ("clay", "wood", "stone"), "per": 4}),
        "Castle": ("virtue_per", {"count": ("gold",), "per": 2}),
        "Observatory": ("virtue_per", {"count": ("marble",), "per": 2}),
        "Reservoir": ("virtue_per", {"count": ("debts_paid",), "per": 2}),
        "Museum": ("virtue_per", {"count": ("buildings",), "per": 2}),
        "Dungeon": ("lose_virtue", {"virtue": 2}),
        "University": ("no_debt", {"vp": 2}),
        "Fountain": ("fountain", {"debt_vp": -1}),
        "Gambler's Den": ("debt_vp", {"vp": -1}),
    }
    choose = {
        "Treasury": ({"gold": 1}, {"silver": 3}),
        "Clay Pit": ({"gold": 1}, {"marble": 1}),
    }
    assert set(expected) | set(choose) == {b.name for b in cards.BUILDINGS}
    for name, (effect, params) in expected.items():
        b = cards.building(name)
        assert (b.effect, dict(b.params)) == (effect, params), name
    for name, options in choose.items():
        b = cards.building(name)
        assert b.effect == "choose"
        assert tuple(dict(o) for o in b.params["options"]) == options


def test_effect_categories():
    # facts §14: end-game buildings resolved before scoring.
    end_game = {b.name for b in cards.BUILDINGS if b.category == "end_game"}
    assert end_game == {"Trading Post", "Castle", "Chapel", "Dungeon", "Observatory", "Reservoir", "Museum"}
    # facts §14 notes: getExtraVP covers these.
    vp_bonus = {b.name for b in cards.BUILDINGS if b.category == "vp_bonus"}
    assert vp_bonus == {
        "Steeple", "Stone Market", "Wood Market", "Clay Market", "Silver Market", "University",
        "Tiler's Hut", "Carpenter's Hut", "Mason's Hut", "Aqueduct", "Keep", "Lighthouse",
        "Moneylender", "Gambler's Den",
    }  # fmt: skip
    assert [b.name for b in cards.BUILDINGS if b.category == "scoring_rule"] == ["Fountain"]


def test_vocabularies():
    """RB: five resources, three skills. The effect and ability words accepted
    are the behaviour entries' keys (archwk.games.architects.behaviour), each printed on some card
    (the check on import holds the other way), so no word is valid data the
    rules cannot play; the loader itself has no list of them."""
    assert cards.RESOURCES == ("clay", "wood", "stone", "gold", "marble")
    assert cards.SKILLS == ("carpentry", "tiling", "masonry")
    assert {b.effect for b in cards.BUILDINGS} == set(BUILDING_BEHAVIOUR)
    assert {a.ability for a in cards.APPRENTICES} == set(APPRENTICE_BEHAVIOUR)
    assert not hasattr(cards, "BUILDING_EFFECTS") and not hasattr(cards, "APPRENTICE_ABILITIES")


# --------------------------------------------------------------------------
# Look-up by name / alias (facts §15.5, §16 row 5)
# --------------------------------------------------------------------------


def test_lookup_by_name_and_alias():
    assert cards.building("Observatory").id == 37
    assert cards.building("Gallery") is cards.building("Observatory")
    assert cards.building("gallery").name == "Observatory"
    assert cards.building("Aquaduct").id == 13
    assert cards.building("AQUEDUCT").name == "Aqueduct"
    assert cards.building("thieves' den").id == 5
    assert cards.building("Thieves\u2019 Den").id == 5  # typographic apostrophe
    assert cards.building("  lumber   camp ").id == 33
    assert cards.building("Aqueduct").aliases == ("Aquaduct",)
    assert cards.building("Observatory").aliases == ("Gallery",)
    assert sum(1 for b in cards.BUILDINGS if b.aliases) == 2


def test_lookup_unknown_name():
    with pytest.raises(cards.UnknownCardError) as info:
        cards.building("Smithee")
    assert isinstance(info.value, KeyError)
    assert isinstance(info.value, ValueError)
    assert "Smithee" in str(info.value)
    assert "Smithy" in str(info.value)  # suggestion
    with pytest.raises(ValueError):
        cards.building("Cathedral")


# --------------------------------------------------------------------------
# Immutability
# --------------------------------------------------------------------------


def test_cards_are_immutable_and_hashable():
    b = cards.building("Treasury")
    with pytest.raises(dataclasses.FrozenInstanceError):
        b.vp = 99  # type: ignore[misc]
    with pytest.raises(TypeError):
        b.cost["wood"] = 9  # type: ignore[index]
    with pytest.raises(TypeError):
        b.params["options"][0]["gold"] = 5  # type: ignore[index]
    assert isinstance(b.params["options"], tuple)
    assert isinstance(b.skills, frozenset)
    assert isinstance(b.aliases, tuple)
    trade = cards.APPRENTICES[13].params
    with pytest.raises(TypeError):
        trade["pay"]["silver"] = 0  # type: ignore[index]
    # Everything hashes, so cards can live in sets / dict keys.
    assert len(set(cards.BUILDINGS)) == 43
    assert len(set(cards.APPRENTICES)) == 43  # ids differ, so equal-looking copies are distinct
    hash(cards.CATHEDRAL)
    hash(cards.REWARDS)
    hash(cards.BLACK_MARKET_CARDS)
    assert isinstance(cards.BUILDINGS, tuple)


# --------------------------------------------------------------------------
# Apprentices (facts §2)
# --------------------------------------------------------------------------


def test_apprentice_skills_by_skill():
    # facts §2 Counts, "By skill (the Labourer counts in all three)".
    def having(skill):
        return [a.id for a in cards.APPRENTICES if skill in a.skills]

    assert having(C) == [1, 4, 5, 8, 10, 13, 18, 24, 28, 33, 34, 37, 39, 40, 43]
    assert having(T) == [2, 6, 11, 12, 13, 14, 16, 19, 20, 21, 25, 26, 31, 35, 41]
    assert having(M) == [3, 7, 9, 13, 15, 17, 22, 23, 27, 29, 30, 32, 36, 38, 42]
    assert [a.id for a in cards.APPRENTICES if len(a.skills) != 1] == [13]
    assert cards.APPRENTICES[12].name == "Labourer"
    assert cards.APPRENTICES[12].skills == {C, T, M}
    assert cards.APPRENTICES[12].ability == "none"


def test_acolyte_3_is_masonry():
    # facts §15.8 / §16 row 8.
    a = cards.APPRENTICES[2]
    assert (a.id, a.name, a.skills, dict(a.params)) == (3, "Acolyte", {M}, {"silver": 2})


def test_apprentice_virtue_on_hire():
    # facts §2 Counts, "Virtue on hire".
    assert [a.id for a in cards.APPRENTICES if a.virtue == 1] == [1, 2, 3, 26, 27, 28]
    assert [a.id for a in cards.APPRENTICES if a.virtue == -1] == [9, 10, 25, 31, 32, 33, 38, 43]
    assert {a.virtue for a in cards.APPRENTICES} == {-1, 0, 1}


def test_apprentice_base_copies_by_name():
    # facts §2 Counts, "Base copies by name".
    base = Counter(a.name for a in cards.APPRENTICES if a.set == "base")
    assert base == {
        "Acolyte": 3, "Conspirator": 2, "Debt Collector": 3, "Gatekeeper": 1, "Illusionist": 1,
        "Jeweller": 2, "Labourer": 1, "Merchant": 5, "Miner": 2, "Patron": 4, "Pickpocket": 1,
        "Squire": 3, "Stonecutter": 2, "Swindler": 3, "Thief": 1, "Trader": 3, "Trickster": 1,
        "Woodcutter": 2,
    }  # fmt: skip
    assert sum(base.values()) == 40
    assert [a.name for a in cards.APPRENTICES if a.set == "extra"] == ["Enforcer", "Overseer", "Peddler"]


def test_apprentice_abilities():
    # facts §2 table, "Exact effect (IMPL)".
    expected = {
        1: ("cathedral_bonus", {"cards": 1}),
        2: ("cathedral_bonus", {"clay": 2}),
        3: ("cathedral_bonus", {"silver": 2}),
        4: ("conspirator", {}),
        5: ("conspirator", {}),
        6: ("debt_bonus", {"clay": 2}),
        7: ("debt_bonus", {"stone": 2}),
        8: ("debt_bonus", {"wood": 2}),
        9: ("gatekeeper", {"release": 2}),
        10: ("illusionist", {}),
        11: ("jeweller", {"silver": 1}),
        12: ("jeweller", {"silver": 1}),
        13: ("none", {}),
        19: ("miner", {"clay": 1}),
        20: ("miner", {"clay": 1}),
        25: ("pickpocket", {"gold": 1}),
        26: ("squire", {"gold": 1}),
        27: ("squire", {"marble": 1}),
        28: ("squire", {"virtue": 2}),
        29: ("stonecutter", {"stone": 1}),
        30: ("stonecutter", {"stone": 1}),
        31: ("swindler", {"clay": 2}),
        32: ("swindler", {"stone": 1}),
        33: ("swindler", {"wood": 1}),
        34: ("thief", {"virtue_saved": 1}),
        38: ("trickster", {"silver_saved": 1}),
        39: ("woodcutter", {"wood": 1}),
        40: ("woodcutter", {"wood": 1}),
        41: ("enforcer", {"gold": 1}),
        42: ("overseer", {"actions": 1}),
        43: ("peddler", {"silver": 2}),
    }
    trades = {  # id: (pay, gain)
        14: ({"silver": 1}, {"clay": 3}),
        15: ({"silver": 2}, {"gold": 1}),
        16: ({"silver": 3}, {"marble": 1}),
        17: ({"silver": 1}, {"stone": 2}),
        18: ({"silver": 1}, {"wood": 2}),
        21: ({"clay": 1}, {"virtue": 1}),
        22: ({"silver": 2}, {"virtue": 1}),
        23: ({"stone": 1}, {"virtue": 1}),
        24: ({"wood": 1}, {"virtue": 1}),
        35: ({"clay": 3}, {"marble": 1}),
        36: ({"stone": 2}, {"marble": 1}),
        37: ({"wood": 2}, {"marble": 1}),
    }
    assert set(expected) | set(trades) == set(range(1, 44))
    for ident, (ability, params) in expected.items():
        a = cards.APPRENTICES[ident - 1]
        assert (a.ability, dict(a.params)) == (ability, params), ident
    for ident, (pay, gain) in trades.items():
        a = cards.APPRENTICES[ident - 1]
        assert a.ability == "trade"
        assert (dict(a.params["pay"]), dict(a.params["gain"])) == (pay, gain), ident
        assert a.name in {"Merchant", "Patron", "Trader"}


# --------------------------------------------------------------------------
# Black Market (facts §3)
# --------------------------------------------------------------------------


def test_black_market_cards():
    # facts §3.2 table.
    table = {
        1: ("1m", "2m 2w"),
        2: ("2g", "1m 1g 1s 1w"),
        3: ("1m 1s", "2m 2s"),
        4: ("1g 1w", "1g 1s 2w"),
        5: ("1m 1w", "1m 2s 1w"),
        6: ("1m", "2m 2s"),
        7: ("2g", "1m 2s 1w"),
        8: ("1m 1s", "1g 1s 2w"),
        9: ("1g 1w", "1m 1g 1s 1w"),
        10: ("1m 1w", "2m 2w"),
    }
    for card in cards.BLACK_MARKET_CARDS:
        small, large = table[card.id]
        assert card.small == amounts(small), card.id
        assert card.large == amounts(large), card.id


def test_black_market_empty_defaults():
    # facts §3.1: printed board values when a pile is empty.
    assert cards.BLACK_MARKET_EMPTY_SMALL == {"marble": 1, "gold": 1}
    assert cards.BLACK_MARKET_EMPTY_LARGE == {"marble": 2, "stone": 1, "wood": 1}


# --------------------------------------------------------------------------
# Rewards (facts §4)
# --------------------------------------------------------------------------


def test_rewards():
    contents = Counter(frozenset(r.gain.items()) for r in cards.REWARDS)
    assert contents == {
        frozenset({("virtue", 1), ("silver", 3)}): 2,
        frozenset({("virtue", 1), ("wood", 2)}): 2,
        frozenset({("virtue", 1), ("stone", 2)}): 2,
        frozenset({("virtue", 1), ("cards", 1)}): 2,
        frozenset({("virtue", 2)}): 2,
        frozenset({("virtue", 1), ("gold", 1)}): 1,
    }
    assert {r.id: dict(r.gain) for r in cards.REWARDS}[12] == {"virtue": 1, "gold": 1}
    assert {r.id: dict(r.gain) for r in cards.REWARDS}[6] == {"virtue": 2}
    assert all(r.gain["virtue"] in (1, 2) for r in cards.REWARDS)  # "every card gives 1 or 2 virtue"


# --------------------------------------------------------------------------
# Cathedral (facts §5, §15.20)
# --------------------------------------------------------------------------


def test_cathedral():
    cat = cards.CATHEDRAL
    assert [len(lvl.costs) for lvl in cat] == [1, 5, 1, 9, 1]
    assert [lvl.vp for lvl in cat] == [2, 4, 7, 12, 20]
    assert [lvl.spaces for lvl in cat] == [3, 3, 2, 2, 1]
    assert cat[0].costs == ({"gold": 1},)
    assert cat[2].costs == ({"marble": 1},)
    assert cat[4].costs == ({"gold": 2, "marble": 2},)
    # Level 2: 4 stone/wood in any mix, stone 4..0 (zeros omitted).
    assert [dict(c) for c in cat[1].costs] == [
        {"stone": 4},
        {"stone": 3, "wood": 1},
        {"stone": 2, "wood": 2},
        {"stone": 1, "wood": 3},
        {"wood": 4},
    ]
    # Level 4: 8 stone/wood, 9 options, stone 8..0.
    assert [c.get("stone", 0) for c in cat[3].costs] == list(range(8, -1, -1))
    assert all(c.get("stone", 0) + c.get("wood", 0) == 8 and set(c) <= {"stone", "wood"} for c in cat[3].costs)
    assert all(n > 0 for lvl in cat for c in lvl.costs for n in c.values())


# --------------------------------------------------------------------------
# Virtue track (facts §6)
# --------------------------------------------------------------------------


def test_virtue_track():
    track = cards.VIRTUE_TRACK
    assert [v.vp for v in track] == [-9, -8, -7, -5, -3, -1, 0, 0, 0, 0, 1, 2, 3, 5, 7]
    assert [v.avoid_tax for v in track[:4]] == [2, 2, 1, 1]
    assert all(v.avoid_tax == 0 for v in track[4:])
    assert [v.value for v in track if not v.black_market] == [10, 11, 12, 13, 14]
    assert [v.value for v in track if not v.cathedral] == [0, 1, 2, 3, 4]
    assert all(track[i].value == i for i in range(15))


# --------------------------------------------------------------------------
# Malformed data
# --------------------------------------------------------------------------


def data_copy(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(cards.DATA_DIR, target)
    return target


def block_span(text: str, array: str, key: str, ident: int) -> tuple[int, int]:
    """Start/end of the ``[[array]]`` entry whose ``key`` is ``ident``."""
    start = text.index(f"[[{array}]]\n{key} = {ident}\n")
    nxt = re.compile(r"^\[", re.M).search(text, start + 1)
    return start, (nxt.start() if nxt else len(text))


def edit(tmp_path, file, array, ident, old, new, key="id") -> Path:
    data = data_copy(tmp_path)
    path = data / file
    text = path.read_text(encoding="utf-8")
    start, end = block_span(text, array, key, ident)
    block = text[start:end]
    assert block.count(old) == 1, (old, block)
    path.write_text(text[:start] + block.replace(old, new) + text[end:], encoding="utf-8")
    return data


def remove(tmp_path, file, array, ident, key="id") -> Path:
    data = data_copy(tmp_path)
    path = data / file
    text = path.read_text(encoding="utf-8")
    start, end = block_span(text, array, key, ident)
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    return data


B, A, MK = "buildings.toml", "apprentices.toml", "market.toml"

# (test id, file, array, id, old text, new text, substrings expected in the message)
EDITS = [
    ("wrong type", B, "building", 5, "vp = 8", 'vp = "8"',
     ["id=5", "Thieves' Den", "'vp'", "integer"]),
    ("bool for int", B, "building", 1, "vp = 3", "vp = true",
     ["id=1", "Smithy", "'vp'", "integer"]),
    ("duplicate id", B, "building", 2, "id = 2", "id = 1",
     ["id=1", "Steeple", "'id'", "duplicate", "Smithy"]),
    ("id out of range", B, "building", 43, "id = 43", "id = 44",
     ["id=44", "Museum", "'id'", "out of range"]),
    ("unknown key", B, "building", 4, 'name = "Tavern"\n', 'name = "Tavern"\ncolour = "red"\n',
     ["id=4", "Tavern", "'colour'", "unknown key"]),
    ("missing key", B, "building", 11, 'text = "Gain 4 clay."', "",
     ["id=11", "Well", "'text'", "missing"]),
    ("negative cost", B, "building", 22, "clay = 4", "clay = -4",
     ["id=22", "Clay Pit", "'cost.clay'", "negative"]),
    ("unknown cost resource", B, "building", 22, "clay = 4", "mud = 4",
     ["id=22", "Clay Pit", "'cost.mud'", "unknown resource"]),
    ("unknown skill", B, "building", 4, '"carpentry"', '"plumbing"',
     ["id=4", "Tavern", "'skills[0]'", "plumbing"]),
    ("unknown category", B, "building", 1, '"immediate"', '"sometimes"',
     ["id=1", "Smithy", "'category'", "sometimes"]),
    ("unknown set", B, "building", 1, 'set = "base"', 'set = "promo"',
     ["id=1", "Smithy", "'set'", "promo"]),
    ("extra card marked base", B, "building", 41, 'set = "extra"', 'set = "base"',
     ["id=41", "Crane", "'set'", "extra"]),
    ("params wrong type", B, "building", 23, "params = { cards = 2 }", "params = 2",
     ["id=23", "Drafting Room", "'params'", "table"]),
    ("duplicate name", B, "building", 11, 'name = "Well"', 'name = "smithy"',
     ["id=11", "smithy", "'name'", "duplicate", "Smithy"]),
    ("alias collides", B, "building", 13, 'aliases = ["Aquaduct"]', 'aliases = ["Gallery"]',
     ["id=37", "Observatory", "'aliases[0]'", "Gallery", "Aqueduct"]),
    ("bad TOML", B, "building", 1, "cost = { clay = 4, wood = 2 }", "cost = { clay = 4, wood = 2",
     ["malformed TOML", "line"]),
    ("skills not a list", A, "apprentice", 11, 'skills = ["tiling"]', 'skills = "tiling"',
     ["id=11", "Jeweller", "'skills'", "array"]),
    ("apprentice without skills", A, "apprentice", 11, 'skills = ["tiling"]', "skills = []",
     ["id=11", "Jeweller", "'skills'"]),
    ("black market wrong type", MK, "black_market", 3, "small = { marble = 1,", 'small = { marble = "1",',
     ["black_market id=3", "'small.marble'", "integer"]),
    ("reward id out of range", MK, "reward", 12, "id = 12", "id = 13",
     ["reward id=13", "'id'", "out of range"]),
    ("reward unknown gain", MK, "reward", 6, "virtue = 2", "fame = 2",
     ["reward id=6", "'gain.fame'"]),
    ("cathedral cost and mix", MK, "cathedral", 2, "spaces = 3\n", "spaces = 3\ncost = [{ gold = 1 }]\n",
     ["cathedral level=2", "'cost'", "exactly one"]),
    ("virtue bool", MK, "virtue", 3, "black_market = true", 'black_market = "yes"',
     ["virtue value=3", "'black_market'", "boolean"]),
]

# Caught by the behaviour package (archwk.games.architects.behaviour), which checks each row's effect or ability
# against its behaviour entry and its params against the entry's `params` schema; the loader
# (cards.load) checks only that params is a table and knows no effect or ability.
BEHAVIOUR_EDITS = [
    ("unknown effect", B, "building", 1, 'effect = "gain"', 'effect = "gainz"',
     ["id=1", "Smithy", "'effect'", "gainz"]),
    ("category does not fit effect", B, "building", 1, '"immediate"', '"vp_bonus"',
     ["id=1", "Smithy", "'category'", "immediate"]),
    ("param not accepted", B, "building", 14, "{ captures = 1 }", "{ captures = 1, range = 2 }",
     ["id=14", "Armoury", "'params.range'", "unknown key"]),
    ("param missing", B, "building", 38, "{ per = 4 }", "{}",
     ["id=38", "Palace", "'params.per'", "missing"]),
    ("gain param unknown resource", B, "building", 11, "params = { clay = 4 }", "params = { mud = 4 }",
     ["id=11", "Well", "'params.mud'", "unknown resource"]),
    ("most: bad resource", B, "building", 3, 'resource = "stone"', 'resource = "marble"',
     ["id=3", "Stone Market", "'params.resource'", "marble"]),
    ("cathedral_most both keys", B, "building", 2, "{ vp = 2 }", "{ vp = 2, virtue = 2 }",
     ["id=2", "Steeple", "'params'", "exactly one"]),
    ("unknown ability", A, "apprentice", 10, '"illusionist"', '"juggler"',
     ["id=10", "Illusionist", "'ability'", "juggler"]),
    ("trade gain resource", A, "apprentice", 14, "gain = { clay = 3 }", "gain = { mud = 3 }",
     ["id=14", "Merchant", "'params.gain.mud'"]),
    ("ability param not accepted", A, "apprentice", 9, "{ release = 2 }", "{ release = 2, gold = 1 }",
     ["id=9", "Gatekeeper", "'params.gold'"]),
]


@pytest.mark.parametrize("case", EDITS, ids=[c[0] for c in EDITS])
def test_malformed_edit(tmp_path, case):
    _, file, array, ident, old, new, expect = case
    key = {"cathedral": "level", "virtue": "value"}.get(array, "id")
    data = edit(tmp_path, file, array, ident, old, new, key=key)
    with pytest.raises(CardDataError) as info:
        cards.load(data)
    message = str(info.value)
    assert file in message
    for part in expect:
        assert part in message, (part, message)


@pytest.mark.parametrize("case", BEHAVIOUR_EDITS, ids=[c[0] for c in BEHAVIOUR_EDITS])
def test_malformed_edit_checked_against_the_behaviour(tmp_path, case):
    """RB, Appendix: Building Effects / Apprentice Abilities: a row whose effect
    or ability has no behaviour entry, or whose params or category do not fit
    the entry's schema, is refused by load_cards (as on `import archwk` for the
    game's own data) with the file, the card and the field named; the loader
    alone, knowing no effect or ability, accepts it."""
    _, file, array, ident, old, new, expect = case
    data = edit(tmp_path, file, array, ident, old, new)
    cards.load(data)  # the general shape is right
    with pytest.raises(CardDataError) as info:
        load_cards(data)
    message = str(info.value)
    assert file in message
    for part in expect:
        assert part in message, (part, message)


def test_behaviour_error_attributes(tmp_path):
    data = edit(tmp_path, A, "apprentice", 19, "clay = 1", "clay = 0")
    with pytest.raises(CardDataError) as info:
        load_cards(data)
    err = info.value
    assert Path(err.file).name == "apprentices.toml"
    assert (err.card_id, err.card_name, err.field) == (19, "Miner", "params.clay")
    assert err.problem == "value 0 not allowed (must be >= 1)"


def test_the_game_data_is_checked_against_the_behaviour_on_import():
    """The game's own rows pass the behaviour check that runs on import, and
    that check refuses a bad row (the one `import archwk` would stop at)."""
    check_apprentices()
    check_buildings()
    miner = cards.APPRENTICES[18]
    bad = dataclasses.replace(miner, params=cards.FrozenMap({"clay": 1, "gold": 1}))
    with pytest.raises(CardDataError, match=r"apprentices\.toml.*id=19 \"Miner\".*'params\.gold'.*unknown key"):
        check_apprentices((*cards.APPRENTICES[:18], bad))
    smithy = dataclasses.replace(cards.BUILDINGS[0], effect="gainz")
    with pytest.raises(CardDataError, match=r"buildings\.toml.*id=1 \"Smithy\".*'effect'.*unknown effect 'gainz'"):
        check_buildings((smithy,))


def test_params_are_stored_in_the_order_of_goods(tmp_path):
    """A table of goods in params is kept in the cards' order of goods whatever
    the file's order (so an event reads "3 Clay and 1 Virtue" however the row is
    written); an array keeps its order (the Treasury's options by index) as a tuple."""
    data = edit(tmp_path, B, "building", 8, "[{ gold = 1 }, { silver = 3 }]",
                "[{ silver = 3, clay = 1 }, { gold = 1 }]")
    options = load_cards(data).buildings[7].params["options"]
    assert isinstance(options, tuple) and options == ({"clay": 1, "silver": 3}, {"gold": 1})
    assert list(options[0]) == ["clay", "silver"]
    data = edit(tmp_path / "b", A, "apprentice", 14, "gain = { clay = 3 }", "gain = { virtue = 1, clay = 3 }")
    assert list(load_cards(data).apprentices[13].params["gain"]) == ["clay", "virtue"]


REMOVALS = [
    ("missing building", B, "building", 43, "id", ["43", "missing", "'id'"]),
    ("missing apprentice", A, "apprentice", 1, "id", ["1", "missing", "'id'"]),
    ("missing black market card", MK, "black_market", 10, "id", ["black_market", "10", "missing"]),
    ("missing reward", MK, "reward", 2, "id", ["reward", "2", "missing"]),
    ("missing cathedral level", MK, "cathedral", 5, "level", ["cathedral", "level", "5", "missing"]),
    ("missing virtue value", MK, "virtue", 14, "value", ["virtue", "value", "14", "missing"]),
]


@pytest.mark.parametrize("case", REMOVALS, ids=[c[0] for c in REMOVALS])
def test_missing_card(tmp_path, case):
    _, file, array, ident, key, expect = case
    data = remove(tmp_path, file, array, ident, key=key)
    with pytest.raises(CardDataError) as info:
        cards.load(data)
    message = str(info.value)
    assert file in message
    for part in expect:
        assert part in message, (part, message)


def test_error_attributes(tmp_path):
    data = edit(tmp_path, B, "building", 5, "vp = 8", "vp = -8")
    with pytest.raises(CardDataError) as info:
        cards.load(data)
    err = info.value
    assert isinstance(err, ValueError)
    assert Path(err.file).name == "buildings.toml"
    assert (err.card_id, err.card_name, err.field) == (5, "Thieves' Den", "vp")


def test_black_market_empty_malformed(tmp_path):
    data = data_copy(tmp_path)
    path = data / MK
    text = path.read_text(encoding="utf-8")
    old = "[black_market_empty]\nsmall = { marble = 1, gold = 1 }"
    assert text.count(old) == 1
    path.write_text(text.replace(old, "[black_market_empty]\nsmall = { marble = 1, gold = -1 }"), encoding="utf-8")
    with pytest.raises(CardDataError, match=r"market\.toml.*black_market_empty.*'small\.gold'.*negative"):
        cards.load(data)


def test_unknown_top_level_key(tmp_path):
    data = data_copy(tmp_path)
    with open(data / A, "a", encoding="utf-8") as fh:
        fh.write("\n[extra_stuff]\nfoo = 1\n")
    with pytest.raises(CardDataError, match=r"apprentices\.toml.*extra_stuff"):
        cards.load(data)


def test_missing_file(tmp_path):
    data = data_copy(tmp_path)
    (data / A).unlink()
    with pytest.raises(CardDataError, match=r"apprentices\.toml.*not found"):
        cards.load(data)


def test_unchanged_copy_loads(tmp_path):
    assert cards.load(data_copy(tmp_path)) == cards.CARDS
