"""Archon's setup (rulebook §3, steps 1-20; facts file §3, A6, A9, A12, A18, A25, A29)."""
from __future__ import annotations

import pytest
from archon_positions import choose, new, started

import archwk
from archwk.games.archon.components import DEFAULT
from archwk.games.archon.constants import MAGISTERS

RES = ("stone", "papyrus", "silver", "iron")


@pytest.mark.parametrize("n", [2, 3, 4])
def test_3_3_each_player_takes_figures_warriors_and_courtiers(n):
    s = new(n)
    for p in s.players:
        assert p.figures_in_supply == 5 and p.warriors_in_supply == 5 and p.warriors_on_wall == 0
        assert p.courtiers == 8 and sum(p.magisters.values()) == 0
    assert [p.emblem for p in s.players] == ["Unicorn", "Dragon", "Lion", "Eagle"][:n]


def test_3_4_player_order_is_random_by_seed():
    orders = {new(4, seed).order for seed in range(12)}
    assert len(orders) > 1 and all(sorted(o) == [0, 1, 2, 3] for o in orders)
    assert new(4, 5).order == new(4, 5).order


@pytest.mark.parametrize("n", [2, 3, 4])
def test_3_5_starting_resources_by_turn_order(n):
    """§3 step 5: 1st and 2nd: 1 Silver, 2 Gold, 1 Recruit; 3rd and 4th: 2 Recruits;
    with 2 players the 2nd instead takes 2 Recruits (A9: the 1st is unchanged)."""
    s = new(n, seed=4)
    for pos, p in enumerate(s.order):
        pl = s.players[p]
        recruits = 2 if pos >= 2 or (n == 2 and pos == 1) else 1
        assert (pl.resources["silver"], pl.gold, pl.recruits) == (1, 2, recruits), (n, pos)
        assert pl.cubes == 1
    # §3 step 9: the remaining Recruit tokens are on the Barracks (19 / 21 / 22 at 4 / 3 / 2 players)
    assert archwk.table(s).supply["recruits"] == {2: 22, 3: 21, 4: 19}[n]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_3_6_the_first_province_fills_the_repository_by_player_count(n):
    s = new(n, seed=2)
    tb = archwk.table(s)
    card = DEFAULT.province(tb.province)
    want = dict.fromkeys(RES, 0)
    for part in [card.white] + ([card.orange] if n >= 3 else []) + ([card.rest] if n >= 4 else []):
        for r, k in part.items():
            want[r] += k
    assert dict(tb.repository) == want and tb.decks["provinces"] == 19


def test_3_7_and_3_11_the_marketplace_holds_the_first_king_s_grant():
    """Steps 11 then 7 (A18): three of the six King's Grant cards, one per Season; the
    Marketplace filled by the first, each Resource from its cheapest slots."""
    tb = archwk.table(new(3, seed=6))
    assert len({g.card for g in tb.grants}) == 3 and [g.season for g in tb.grants] == [1, 2, 3]
    assert tb.grant == tb.grants[0]
    for r in RES:
        slots = sorted((m for m in tb.marketplace if m.resource == r), key=lambda m: m.price)
        k = tb.grant.market.get(r, 0)
        assert [m.filled for m in slots] == [True] * k + [False] * (len(slots) - k)
    # the stockpile and the displays are separate pools (A18): 60 cubes in all
    stock = sum(tb.supply[r] for r in RES)
    players = sum(p.cubes for p in new(3, seed=6).players)
    assert stock + sum(tb.repository.values()) + sum(m.filled for m in tb.marketplace) + players == 60


def test_3_8_markers_on_the_4th_space_of_the_scoring_track():
    """A6: the 4th space is 3 VP (first space 0); Options(starting_vp=4) is the other reading."""
    assert {p.vp for p in new(3).players} == {3}
    assert {p.vp for p in new(3, starting_vp=4).players} == {4}
    with pytest.raises(archwk.InvalidOptions, match="starting_vp"):
        new(3, starting_vp=5)


def test_3_10_to_3_15_decks_and_piles():
    s = new(4, seed=8)
    tb = archwk.table(s)
    assert tb.decks["attacks"] == 6                       # step 10
    assert tb.supply["arts"] == 23 and tb.supply["science"] == 23   # step 12
    assert tb.supply["gold"] is None                      # step 13: Gold never runs out (example figure, §11.14)
    for m in MAGISTERS:                                   # step 15: the piles by type
        assert tb.supply[m] == DEFAULT.magister_split[m]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_3_14_one_king_s_favor_per_player_in_order(n):
    """§3 step 14, §4.2.10c: the first n Favor slots are filled (A25: from the shuffled deck)."""
    tb = archwk.table(new(n, seed=3))
    assert [f.slot for f in tb.favors] == list(range(n)) and tb.decks["kings_favors"] == 22 - n
    usable = [sv for sv in tb.slots if sv.location == "palace" and sv.cards is not None]
    assert len(usable) == n


def test_3_16_3_17_starting_magisters_in_player_order():
    """Steps 16-17 (A12): in player order, two different Magisters, each paid at the first
    square of its track; the Markers move onto it; its VP scored; the 10 cards are the 8
    Courtiers and the two Magisters."""
    s = new(3, seed=9)
    seen = []
    while s.decision == "start":
        p = s.current_player
        seen.append(p)
        acts = s.legal_actions()
        assert all(a.magisters[0] != a.magisters[1] for a in acts)
        before = s.players[p]
        s = choose(s, "start", magisters=("tax_collector", "cleric"))
        after = s.players[p]
        assert after.gold == before.gold - 1 and after.recruits == before.recruits - 1
        assert dict(after.magister_track) == {"tax_collector": 1, "cleric": 1, "scribe": 0, "merchant": 0}
        assert dict(after.magisters) == {"tax_collector": 1, "cleric": 1, "scribe": 0, "merchant": 0}
        assert after.courtiers == 8 and after.vp == before.vp + DEFAULT.magister_track["cleric"][0].vp
    assert seen == list(new(3, seed=9).order)
    assert archwk.table(s).supply["cleric"] == DEFAULT.magister_split["cleric"] - 3


def test_3_17_a_pair_the_player_cannot_pay_is_not_offered():
    """Only pairs payable from the player's own resources are offered; a single one
    makes itself (a decision with one choice)."""
    s = new(2, seed=1)
    p = s.current_player
    s = s.edit(player=p, gold=1)
    assert {a.magisters for a in s.legal_actions()} == {
        ("tax_collector", "cleric"), ("tax_collector", "merchant"), ("cleric", "scribe"), ("cleric", "merchant"),
        ("scribe", "merchant")}   # not Tax Collector + Scribe: 2 Gold
    s = s.edit(player=p, gold=0)   # 1 Recruit + 1 Silver: only Cleric + Merchant
    assert s.current_player != p and dict(s.players[p].magisters) == {
        "tax_collector": 0, "cleric": 1, "scribe": 0, "merchant": 1}


@pytest.mark.parametrize("n", [2, 3, 4])
def test_3_18_building_tiles(n):
    """§3 step 18, §9: with 2 players one tile per name; with 3-4 all 23."""
    left = archwk.table(new(n)).tiles_left
    assert set(left) == {t.name for t in DEFAULT.tiles}
    assert sum(left.values()) == (15 if n == 2 else 23)


def test_3_19_season_one_round_one():
    s = started(2)
    assert (s.season, s.round) == (1, 1)


@pytest.mark.parametrize("n, covered", [(2, 9), (3, 3), (4, 0)])
def test_3_20_covered_slots(n, covered):
    """§3 step 20: with 3 players the 3 green slots are covered, with 2 also the 6 orange;
    the Palace's slots are never covered (A7)."""
    s = started(n)
    tb = archwk.table(s)
    assert sum(sv.covered for sv in tb.slots) == covered
    assert not any(sv.covered for sv in tb.slots if sv.location == "palace")
    for sv in tb.slots:
        if sv.covered:
            assert not [a for a in s.legal_actions() if a.kind == "place" and a.location == sv.location
                        and a.slot == sv.slot]
    if covered:
        sv = next(sv for sv in tb.slots if sv.covered)
        with pytest.raises(archwk.IllegalAction, match="Setup: slot .* is covered"):
            s.apply(archwk.games.archon.actions.Action("place", location=sv.location, slot=sv.slot,
                                                       pay=("courtier",)))


def test_bad_player_counts_and_names_are_refused():
    for bad in (1, 5, ["A"], ["A", "A"], ["A", ""], True):
        with pytest.raises(archwk.InvalidOptions):
            archwk.new_game(bad, seed=1, game="archon")
    assert [p.name for p in archwk.new_game(["Ann", "Ben"], seed=1, game="archon").players] == ["Ann", "Ben"]
