"""Archon's components as data (issue 23, "Components as data"; facts file §2, §11):
the kit's file loads, holds the rulebook's printed counts, marks every figure the
rulebook does not print and satisfies §11's constraints; another file is loaded
through the same checks, whose errors name the file, the entry and the field."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from archon_positions import new, started

import archwk
from archwk.games.archon import components
from archwk.games.archon.components import DEFAULT, DEFAULT_PATH, load
from archwk.games.archon.options import Options

TEXT = DEFAULT_PATH.read_text(encoding="utf-8")


def variant(tmp_path: Path, old: str, new_text: str, name: str = "box.toml") -> Path:
    assert old in TEXT, old
    p = tmp_path / name
    p.write_text(TEXT.replace(old, new_text, 1), encoding="utf-8")
    return p


def test_the_printed_counts_of_section_2():
    """§2: the component counts the rulebook prints."""
    c = DEFAULT.counts
    assert (c["magisters"], c["courtiers_per_player"], c["recruits"], c["tax_collector_tokens"], c["cubes"]) == \
        (56, 8, 25, 16, 60)
    assert (c["kings_grants"], c["kings_favors"], c["attacks"], c["provinces"], c["tiles"]) == (6, 22, 6, 20, 23)
    assert (c["arts"], c["science"], c["action_covers"], c["gold"]) == (23, 23, 9, 20 * 1 + 7 * 5)
    assert sum(DEFAULT.magister_split.values()) == 56 and sum(DEFAULT.cube_split.values()) == 60
    assert sum(t.copies for t in DEFAULT.tiles) == 23 and len({t.name for t in DEFAULT.tiles}) == 15
    assert sum(f.copies for f in DEFAULT.favors) == 22 and len(DEFAULT.grants) == 6
    assert len(DEFAULT.attacks) == 6 and len(DEFAULT.provinces) == 20


def test_every_table_says_whether_its_figures_are_printed():
    """Issue 23: every figure the rulebook does not print is marked so in the data; the
    Game lists them (`unprinted`) and the table read API carries the marks."""
    doc = tomllib.loads(TEXT)
    marked = {k for k, v in doc.items() if isinstance(v, dict) and v.get("printed") is False}
    printed = {k for k, v in doc.items() if isinstance(v, dict) and v.get("printed") is True}
    assert marked and printed and all(isinstance(v, dict) and "printed" in v for k, v in doc.items()
                                      if k not in ("format", "version"))
    assert set(DEFAULT.unprinted) == marked
    # §11's list: slots, Merchant symbols, Marketplace, Magister Track, tiles, King's Grant,
    # King's Favor, Attack, Province, wall, Magister and cube splits, supply limits, tracks
    assert {"locations", "marketplace", "magister_track", "tiles", "kings_grants", "kings_favors", "attacks",
            "provinces", "wall", "magister_split", "cube_split", "limits", "scoring_track",
            "season_track"} <= marked
    assert {"counts", "start", "actions", "palace", "season_discounts"} <= printed
    assert archwk.load_game("archon").unprinted == DEFAULT.unprinted
    assert archwk.table(new(2)).unprinted == DEFAULT.unprinted
    # a comment above each unprinted table names the section 11 item it fills
    for key in marked:
        head = TEXT[TEXT.index(f"[{key}]"):].split("\n")[1]
        assert re.match(r"# §11\.\d+", head), (key, head)


def test_the_example_figures_meet_section_11s_constraints():
    """Facts §11: the constraints the rulebook's text and examples put on the unprinted
    figures (T1-T4's figures, the starting Magisters, the covers, the Palace, the wall)."""
    mk = DEFAULT.marketplace
    assert any(s.resource == "silver" and s.price == 2 for s in mk)                     # T1
    assert any(s.resource == "iron" and s.price == 3 for s in mk)                       # T2: sell 1 Iron for 3
    cheapest = {r: min(s.price for s in mk if s.resource == r) for r in ("silver", "papyrus")}
    assert cheapest["silver"] + cheapest["papyrus"] <= 2                                # T2: both for 2 Gold
    cleric2 = DEFAULT.magister_track["cleric"][1]
    assert dict(cleric2.cost) == {"gold": 1, "recruits": 1} and cleric2.vp == 2       # T3
    assert any(5 in a.strength.values() for a in DEFAULT.attacks)                      # T4
    start = {"silver": 1, "gold": 2, "recruits": 1}
    firsts = {m: DEFAULT.magister_track[m][0].cost for m in DEFAULT.magister_track}
    assert any(all(firsts[a].get(k, 0) + firsts[b].get(k, 0) <= v for k, v in start.items())
               and set(firsts[a]) | set(firsts[b]) <= set(start)
               for a in firsts for b in firsts if a < b)                               # §11.5
    slots = [s for loc in DEFAULT.locations.values() for s in loc.slots]
    assert sum(1 for s in slots if s.players == 4) == 3                                  # §3 step 20: 3 green
    assert sum(1 for s in slots if s.players == 3) == 6                                  # 9 covers: 6 orange
    assert DEFAULT.palace_slots == 4 and sum(1 for w in DEFAULT.wall if w.gate) == 2    # §4.2.10c, §4.2.6
    assert {t.name: t.vp for t in DEFAULT.tiles if t.name in ("Gardens", "Statue")} == {"Gardens": 8, "Statue": 9}
    assert {t.level for t in DEFAULT.tiles} >= {2, 3}                                   # §9's discounts
    merchant = {b for b, loc in DEFAULT.locations.items() if loc.merchant}
    assert merchant == {"repository", "barracks", "treasury"}                           # A5


# ---------------------------------------------------------------- errors name the file, entry and field

@pytest.mark.parametrize("old, new_text, where", [
    ('{ name = "Gardens", level = 3, cost = { stone = 3,', '{ name = "Gardens", level = 3, cost = { stone = -3,',
     r'box\.toml: tile "Gardens": field \'cost\.stone\': negative value -3'),
    ('{ name = "Statue", level = 3,', '{ name = "Statue", level = "three",',
     r'box\.toml: tile "Statue": field \'level\': expected an integer, got string'),
    ('{ name = "Inn",', '{ name = "Hostel",', r"tile \"Hostel\": field 'name': unknown Building tile name 'Hostel'"),
    ('{ name = "Gardens", level = 3, cost = { stone = 3, iron = 2, papyrus = 2 }, vp = 8,',
     '{ name = "Gardens", level = 3, cost = { stone = 3, iron = 2, papyrus = 2 }, vp = 7,',
     r'tile "Gardens": field \'vp\': §9 prints 8 VP, got 7'),
    ('{ id = 6, copies = 2, cards = 1, merchant = true, action = "treasury" }',
     '{ id = 6, copies = 2, cards = 1, merchant = true, action = "treasury", gain = { gold = 1 } }',
     r"King's Favor id=6: field 'gain': give either a gain or an action"),
    ('{ id = 9, copies = 1, cards = 1, merchant = false, action = "academy" }',
     '{ id = 9, copies = 1, cards = 1, merchant = true, action = "academy" }',
     r"King's Favor id=9: field 'merchant': §5.4"),
    ('{ id = 3, copies = 2, cards = 2,', '{ id = 3, copies = 3, cards = 2,',
     r"\[kings_favors\]: field 'cards': King's Favor cards \(copies\) in all: 23, but §2 counts 22"),
    ('{ cost = { gold = 1, recruits = 1 }, vp = 2 },', '{ cost = { gold = 2, recruits = 1 }, vp = 2 },',
     r"\[magister_track\]: field 'cleric\[1\]': §4.2.5's example"),
    ('{ resource = "silver", price = 2 }', '{ resource = "silver", price = 4 }',
     r"\[marketplace\]: field 'slots': §4.2.4's example buys a Silver under a slot marked 2"),
    ('{ id = 1, strength = { 2 = 3, 3 = 4, 4 = 5 } }', '{ id = 1, strength = { 2 = 3, 3 = 4 } }',
     r"Attack id=1: field 'strength\.4': missing required key"),
    ('repository = { merchant = true,', 'repository = { merchant = true, colour = "white",',
     r"\[locations\]: field 'repository\.colour': unknown key 'colour'"),
    ('[wall]\n', '[walls]\n', r"box\.toml: field 'walls': unknown table 'walls'"),
    ('{ gate = true, players = 2 }, { gate = true, players = 2 },', '{ gate = true, players = 2 },',
     r"\[wall\]: field 'slots': §4.2.6 marks 2 Main Gate slots, got 1"),
    ('tax_collector = 15\n', 'tax_collector = 16\n',
     r"\[magister_split\]: Magister cards in all: 57, but §2 counts 56"),
    ('{ cards = 1, players = 3 }]', '{ cards = 3, players = 3 }]',
     r"\[locations\]: field 'royal_guard\.slots\[1\]\.cards': value 3 not allowed"),
])
def test_a_bad_components_file_is_refused_naming_file_entry_and_field(tmp_path, old, new_text, where):
    path = variant(tmp_path, old, new_text)
    with pytest.raises(archwk.CardDataError, match=where):
        load(path)
    with pytest.raises(archwk.CardDataError, match=where):       # Options(components=PATH): the same checks
        Options(components=str(path))


def test_not_toml_or_missing_is_refused(tmp_path):
    bad = tmp_path / "broken.toml"
    bad.write_text("[counts\nprinted = true", encoding="utf-8")
    with pytest.raises(archwk.CardDataError, match=r"broken\.toml: not valid TOML"):
        load(bad)
    with pytest.raises(archwk.CardDataError, match="cannot read the components file"):
        Options(components=str(tmp_path / "nowhere.toml"))
    with pytest.raises(archwk.InvalidOptions, match="Options.components"):
        Options(components="")


def test_another_file_is_played_with(tmp_path):
    """`Options(components=PATH)`: a box's own figures change the game (here the
    Craftsman's VP and the first Province's cubes) and records keep the path."""
    path = variant(tmp_path, '{ name = "Craftsman", level = 1, cost = { stone = 1, papyrus = 1 }, vp = 1,',
                   '{ name = "Craftsman", level = 1, cost = { stone = 1, papyrus = 1 }, vp = 5,')
    s = started(2, seed=3, components=str(path))
    assert s.components.tile("Craftsman").vp == 5 and s.components.source == str(path.resolve())
    assert s.options.components == str(path)
    assert DEFAULT.tile("Craftsman").vp == 1
    assert archwk.replay(s.record()).to_json() == s.to_json()


def test_the_default_is_loaded_once_and_alike():
    assert load() is components.DEFAULT and load(DEFAULT_PATH) is components.DEFAULT
