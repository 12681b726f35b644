"""Archon's placements and the ten locations (rulebook §4.2, §4.2.1-§4.2.10) and the
Magisters' bonuses (§5, §5.1-§5.4), with the facts file's resolutions (A1, A2, A4,
A5, A7, A8, A10, A11, A13, A15, A16, A19, A20, A26, A28) and examples T1-T3."""
from __future__ import annotations

import pytest
from archon_positions import choose, pass_turn, place, started, surgery

import archwk
from archwk.games.archon.actions import Action
from archwk.games.archon.components import DEFAULT

RES = ("stone", "papyrus", "silver", "iron")
TC, CL, SC, ME = "tax_collector", "cleric", "scribe", "merchant"


def mags(a, b):
    return {p: (a, b) for p in range(4)}


def rich(s, p, **more):
    return s.edit(player=p, gold=more.pop("gold", 20), recruits=more.pop("recruits", 5),
                  resources=more.pop("resources", dict.fromkeys(RES, 3)), **more)


def set_market(s, filled: dict):
    """The Marketplace with exactly these slots filled: {resource: [filled by price order]}."""
    def change(t):
        for i, ms in enumerate(t.parts.marketplace):
            order = sorted(j for j, m in enumerate(t.parts.marketplace) if m.resource == ms.resource)
            want = filled.get(ms.resource, [False] * len(order))[order.index(i)]
            if want != t.market[i]:
                t.supply[ms.resource] += -1 if want else 1
                t.market[i] = want
    return surgery(s, change)


def set_favors(s, cards):
    def change(t):
        t.favor = list(cards) + [None] * (4 - len(cards))
    return surgery(s, change)


def finish(s):
    """Answer the current player's follow-up decisions with their first choice."""
    p = s.current_player
    while s.current_player == p and s.decision not in ("turn", "split") and not s.is_over:
        s = s.apply(s.legal_actions()[0])
    return s


# ---------------------------------------------------------------- §4.2 placing

def test_4_2b_an_occupied_slot_only_a_cleric_may_join():
    """§4.2, §5.2, A28: no figure on an occupied slot, except with a Cleric (on anyone's,
    own included)."""
    s = started(2, seed=1, magisters=mags(CL, SC))
    p, q = s.order
    s = finish(place(s, "repository", slot=0))
    with pytest.raises(archwk.IllegalAction, match="Actions: that slot of the Repository is taken; only a Cleric"):
        s.apply(Action("place", location="repository", slot=0, pay=("courtier",)))
    s = finish(place(s, "repository", pay=(CL,), slot=0))            # q joins p
    s = finish(place(s, "repository", pay=(CL,), slot=0))            # p joins itself and q
    assert s.workers_at("repository") == {p: 2, q: 1}
    assert archwk.table(s).slots_at("repository")[0].occupants == (p, q, p)


def test_4_2c_no_placement_without_its_action():
    """§4.2: a figure is never placed without carrying out the action (A26): an empty
    Repository, an Academy visit without 2 Gold."""
    s = started(2, seed=2)
    p = s.current_player
    s = s.edit(repository={}).edit(player=p, gold=1)
    locs = {a.location for a in s.legal_actions() if a.kind == "place"}
    assert "repository" not in locs and "academy" not in locs
    with pytest.raises(archwk.IllegalAction, match="the Repository is empty"):
        s.apply(Action("place", location="repository", slot=0, pay=("courtier",)))
    with pytest.raises(archwk.IllegalAction, match="an Arts card costs 2 Gold"):
        s.apply(Action("place", location="academy", slot=0, pay=("courtier",)))
    assert "Repository is empty" in s.placement_blockers()["repository"]


# ---------------------------------------------------------------- §4.2.1-4.2.3 and §5.4

def test_4_2_1_repository_one_cube_of_choice_two_with_a_merchant():
    s = started(2, seed=3, magisters=mags(ME, CL))
    p, q = s.order
    s = s.edit(repository={"stone": 1, "iron": 2})
    s = place(s, "repository")
    assert s.decision == "take" and {a.resource for a in s.legal_actions()} == {"stone", "iron"}
    s = choose(s, "take", resource="stone")
    assert s.players[p].resources["stone"] == 1 and dict(s.repository) == {
        "stone": 0, "papyrus": 0, "silver": 0, "iron": 2}
    s = place(s, "repository", pay=(ME,), slot=2)              # q: a Merchant takes 2 (only Iron left)
    assert s.players[q].resources["iron"] == 2 and sum(s.repository.values()) == 0


def test_5_4_a_merchant_takes_the_second_cube_only_if_there_is_one():
    s = started(2, seed=3, magisters=mags(ME, CL))
    p = s.current_player
    s = s.edit(repository={"papyrus": 1})
    s = place(s, "repository", pay=(ME,))                       # one cube: taken at once (one choice)
    assert s.players[p].resources["papyrus"] == 1 and s.current_player != p


@pytest.mark.parametrize("loc, plain, merchant, key", [("barracks", 1, 2, "recruits"), ("treasury", 2, 3, "gold")])
def test_4_2_2_4_2_3_barracks_and_treasury(loc, plain, merchant, key):
    """§4.2.2, §4.2.3, §5.4: 1 Recruit token (2 with a Merchant); 2 Gold (3)."""
    s = started(3, seed=4, magisters=mags(ME, CL))
    p, q, _ = s.order
    before = getattr(s.players[p], key)
    s = place(s, loc)
    assert getattr(s.players[p], key) == before + plain
    before = getattr(s.players[q], key)
    s = place(s, loc, pay=(ME,))
    assert getattr(s.players[q], key) == before + merchant


def test_5_4_no_merchant_yield_where_there_is_no_merchant_symbol():
    """§5.4 (A5): the Academy has no Merchant symbol: a Merchant buys as a Courtier would."""
    s = started(2, seed=5, magisters=mags(ME, CL))
    p = s.current_player
    s = rich(s, p)
    s = place(s, "academy", pay=(ME,))
    assert s.players[p].arts == 1 and s.players[p].gold == 18


def test_a10_an_empty_barracks_cannot_be_visited():
    s = started(2, seed=6)
    p = s.current_player
    left = archwk.table(s).supply["recruits"]
    s = s.edit(player=p, recruits=s.players[p].recruits + left)
    assert archwk.table(s).supply["recruits"] == 0
    assert "barracks" not in {a.location for a in s.legal_actions() if a.kind == "place"}
    assert "no Recruit token left" in s.placement_blockers()["barracks"]


# ---------------------------------------------------------------- §4.2.4 the Marketplace

def test_t1_buy_a_silver_under_the_slot_marked_2():
    """§4.2.4, T1: buying 1 Silver costs the 2 Gold printed above the cube."""
    s = started(2, seed=7)
    p = s.current_player
    s = set_market(s, {"silver": [False, True, False], "stone": [True, False, False]})
    s = s.edit(player=p, gold=2)
    s = place(s, "marketplace")
    silver = [a for a in s.legal_actions() if a.kind == "buy"
              and s.components.marketplace[a.slot].resource == "silver"]
    assert [s.components.marketplace[a.slot].price for a in silver] == [2]
    # the price is the kit's example figure (§11.3: the Marketplace's prices are not printed): marked
    assert str(silver[0]) == "Buy 1 Silver for 2 Gold*"
    before = s.players[p].resources["silver"]
    s = s.apply(silver[0])
    assert s.players[p].gold == 0 and s.players[p].resources["silver"] == before + 1
    assert not archwk.table(s).marketplace[silver[0].slot].filled


def test_t2_sell_an_iron_for_3_then_buy_a_silver_and_a_papyrus():
    """§4.2.4, T2: a sale can pay for the purchases: net -1 Iron, +1 Silver, +1 Papyrus, +1 Gold."""
    s = started(2, seed=7)
    p = s.current_player
    s = set_market(s, {"silver": [True, False, False], "papyrus": [True, False, False],
                       "iron": [True, True, False]})
    s = s.edit(player=p, gold=0, resources={"iron": 1})
    s = place(s, "marketplace")                                     # no Gold: the sale is the one trade
    assert s.players[p].gold == 3 and [e.text for e in s.events][-1].endswith("sells 1 Iron for 3 Gold")
    s = choose(s, "buy", slot=6)                                    # Silver, 1
    s = choose(s, "buy", slot=3)                                    # Papyrus, 1
    me = s.players[p]
    assert (me.gold, dict(me.resources)) == (1, {"stone": 0, "papyrus": 1, "silver": 1, "iron": 0})
    assert s.current_player != p                                    # 2 purchases and 1 sale: the visit is over


def test_4_2_4_bought_and_sold_resources_differ_and_at_least_one_trade():
    """§4.2.4a-b, A16: up to 2 purchases and 1 sale, the bought type never the sold one; a
    visit trades at least once; both purchases may be of one type."""
    s = started(2, seed=8)
    p = s.current_player
    s = set_market(s, {r: [True, True, False] for r in RES})
    s = s.edit(player=p, gold=10, resources={"stone": 1, "iron": 1})
    s = place(s, "marketplace")
    assert "stop" not in {a.kind for a in s.legal_actions()}
    with pytest.raises(archwk.IllegalAction, match="make at least one purchase or sale before finishing"):
        s.apply(Action("stop"))
    s = choose(s, "sell", slot=2)                                   # a Stone
    assert not [a for a in s.legal_actions() if a.kind == "buy"
                and s.components.marketplace[a.slot].resource == "stone"]
    s = choose(s, "buy", slot=9)
    s = choose(s, "buy", slot=10)                                   # two Iron
    assert s.players[p].resources["iron"] == 3 and s.current_player != p


def test_4_2_4_no_trade_possible_no_visit():
    s = started(2, seed=8)
    p = s.current_player
    s = set_market(s, {r: [True, True, True] for r in RES}).edit(player=p, gold=0)
    assert "marketplace" not in {a.location for a in s.legal_actions() if a.kind == "place"}


def test_9_house_of_trade_and_laboratory():
    """§9 (A16): House of Trade: 1 Gold less per purchase (never below 0), 1 more per sale;
    Laboratory: a Papyrus or a Silver from the stockpile first."""
    s = started(2, seed=9)
    p = s.current_player
    s = set_market(s, {"stone": [True, False, False], "iron": [False, False, False]})
    s = s.edit(player=p, gold=0, resources={"iron": 1}, tiles=["House of Trade", "Laboratory"])
    s = place(s, "marketplace")
    assert s.decision == "lab" and {a.resource for a in s.legal_actions()} == {"papyrus", "silver"}
    s = choose(s, "lab", resource="silver")
    assert s.players[p].resources["silver"] == 1
    s = choose(s, "buy", slot=0)                                    # Stone marked 1: free with the House
    assert s.players[p].gold == 0 and s.players[p].resources["stone"] == 1
    s = choose(s, "sell", slot=11)                                  # Iron marked 3: 4 Gold
    assert s.players[p].gold == 4


# ---------------------------------------------------------------- §4.2.5 the Guild Hall

def test_t3_a_second_cleric():
    """§4.2.5, T3: pay 1 Gold and 1 Recruit token, advance the Cleric Marker, score 2 VP;
    the Magister replaces one of the player's Courtiers, which leaves the game."""
    s = started(2, seed=10, magisters=mags(CL, SC))
    p = s.current_player
    s = s.edit(player=p, gold=1, recruits=1)
    vp = s.players[p].vp
    s = place(s, "guild_hall")
    s = choose(s, "recruit", magister=CL)
    me = s.players[p]
    assert (me.gold, me.recruits, me.vp, me.magister_track["cleric"]) == (0, 0, vp + 2, 2)
    assert s.decision == "replace" and {a.zone for a in s.legal_actions()} == {"hand", "played", "next"}
    s = choose(s, "replace", zone="hand")
    me = s.players[p]
    assert me.courtiers == 7 and me.magisters["cleric"] == 2 and me.hand.count("cleric") == 2
    assert sum(me.magisters.values()) + me.courtiers == 10


def test_a8_the_replaced_courtier_s_place():
    """A8: any Courtier the player owns; the Magister takes its place (next round's pile here)."""
    s = started(2, seed=10, magisters=mags(CL, SC))
    p = s.current_player
    s = rich(s, p)
    s = choose(place(s, "guild_hall"), "recruit", magister=ME)
    s = choose(s, "replace", zone="next")
    assert s.players[p].next_pile.count("merchant") == 1 and "merchant" not in s.players[p].hand
    other = s.view(1 - p)
    assert other.history[-1].zone == "pile"                         # others do not see which pile
    assert "a face-down pile" in [e.text for e in other.events][-1]


def test_a13_other_players_markers_never_block_and_a11_track_end():
    """A13: the next open space is each player's own; A11: a track at its end (or no
    Courtier left to replace) recruits nothing."""
    s = started(2, seed=11, magisters=mags(CL, SC))
    p, q = s.order
    s = rich(rich(s, p), q)
    s = choose(choose(place(s, "guild_hall"), "recruit", magister=TC), "replace", zone="hand")
    s = choose(choose(place(s, "guild_hall", pay=(CL,), slot=0), "recruit", magister=TC), "replace", zone="hand")
    assert s.players[p].magister_track["tax_collector"] == 1 == s.players[q].magister_track["tax_collector"]

    def at_end(t):
        t.seats[p].track[0] = len(t.parts.magister_track["tax_collector"])
    s = place(surgery(s, at_end), "guild_hall", pay=(CL,), slot=0)
    assert s.decision == "recruit" and "tax_collector" not in {a.magister for a in s.legal_actions()}

    def no_courtier(t):
        for z in t.seats[q].zones:
            z[0] = 0
    s = surgery(started(2, seed=11, magisters=mags(CL, SC)), no_courtier)
    s = rich(pass_turn(s), q)
    assert "guild_hall" not in {a.location for a in s.legal_actions() if a.kind == "place"}


def test_9_inn_spares_one_cube_of_choice():
    """§9 Inn (A19): one Resource less when recruiting through the Guild Hall."""
    s = started(2, seed=12, magisters=mags(CL, SC))
    p = s.current_player
    s = s.edit(player=p, gold=5, resources={"stone": 0, "papyrus": 1, "silver": 0, "iron": 0}, tiles=["Inn"])
    s = place(s, "guild_hall")
    got = {(a.magister, a.skip) for a in s.legal_actions()}
    assert ("scribe", "papyrus") in got                         # Scribe space 2: 1 Gold + 1 Papyrus
    s = choose(s, "recruit", magister=SC, skip="papyrus")
    assert s.players[p].resources["papyrus"] == 1 and s.players[p].gold == 4


# ---------------------------------------------------------------- §4.2.6 the Royal Guard

def test_4_2_6_royal_guard_up_to_two_warriors_gate_scores():
    s = started(2, seed=13)
    p = s.current_player
    s = s.edit(player=p, recruits=3, resources={"silver": 3})
    vp = s.players[p].vp
    s = place(s, "royal_guard")
    assert {a.kind for a in s.legal_actions()} == {"warrior"}          # the first is not optional
    s = choose(s, "warrior", gate=True)
    assert s.players[p].vp == vp + 1 and s.players[p].recruits == 2 and s.players[p].resources["silver"] == 2
    assert {a.kind for a in s.legal_actions()} == {"warrior", "stop"}
    s = choose(s, "warrior", gate=False)
    assert s.players[p].warriors_on_wall == 2 and s.players[p].vp == vp + 1 and s.current_player != p


def test_4_2_6_no_recruit_or_no_silver_no_visit():
    s = started(2, seed=13)
    p = s.current_player
    s = s.edit(player=p, recruits=0, resources={"silver": 3})
    assert "royal_guard" not in {a.location for a in s.legal_actions() if a.kind == "place"}
    assert "an Elite Warrior costs 1 Recruit token and 1 Silver" in s.placement_blockers()["royal_guard"]


# ---------------------------------------------------------------- §4.2.7 and §9 Building tiles

def test_4_2_7_acquire_a_tile_pay_score_never_twice():
    s = started(2, seed=14)
    p, _q = s.order
    s = rich(s, p, resources=dict(DEFAULT.tile("Gardens").cost))      # level 3: no discount in Season 1
    s = place(s, "builders_guild", pay=("courtier", "courtier"))
    assert "Gardens" in {a.name for a in s.legal_actions()}
    vp = s.players[p].vp
    s = choose(s, "tile", name="Gardens")
    assert s.players[p].tiles == ("Gardens",) and s.players[p].vp == vp + 8 and s.players[p].cubes == 0
    assert archwk.table(s).tiles_left["Gardens"] == 0                  # 2 players: one tile per name


def test_9_craftsman_pays_for_its_own_acquisition_and_later_ones():
    s = started(3, seed=15)
    p = s.current_player
    s = rich(s, p)
    gold = s.players[p].gold
    s = choose(place(s, "builders_guild", pay=("courtier", "courtier")), "tile", name="Craftsman")
    assert s.players[p].gold == gold + 2


@pytest.mark.parametrize("round_, want", [(1, {"iron": 2, "papyrus": 1}), (4, {"iron": 1, "papyrus": 1}),
                                          (7, {"iron": 1, "papyrus": 1})])
def test_9_season_discounts_level_2(round_, want):
    """§9 (A20): level-2 tiles 1 Iron less in Seasons 2 and 3."""
    s = started(3, seed=16)

    def season(t):
        t.round = round_
    s = surgery(s, season)
    p = s.current_player
    s = rich(s, p)
    s = place(s, "builders_guild", pay=("courtier", "courtier"))
    pv = s.preview(next(a for a in s.legal_actions() if a.name == "Gallery"))
    assert pv["paid"] == want


def test_9_season_3_discounts_level_3_stone():
    s = started(3, seed=16)
    s = surgery(s, lambda t: setattr(t, "round", 7))
    p = s.current_player
    s = rich(s, p)
    s = place(s, "builders_guild", pay=("courtier", "courtier"))
    pv = s.preview(next(a for a in s.legal_actions() if a.name == "Statue"))
    want = dict(DEFAULT.tile("Statue").cost)
    want["stone"] -= 1                                                   # no Iron discount at level 3
    assert pv["paid"] == want


# ---------------------------------------------------------------- §4.2.8, §4.2.9

@pytest.mark.parametrize("loc, key, cost", [("academy", "arts", {"gold": 2}),
                                           ("planetarium", "science", {"gold": 1, "papyrus": 1})])
def test_4_2_8_4_2_9_one_card_then_maybe_a_second(loc, key, cost):
    s = started(2, seed=17)
    p = s.current_player
    s = rich(s, p)
    s = place(s, loc)
    assert getattr(s.players[p], key) == 1 and s.decision == "more"
    s = choose(s, "more")
    assert getattr(s.players[p], key) == 2 and s.current_player != p   # never a third
    spent = {k: 2 * v for k, v in cost.items()}
    assert s.players[p].gold == 20 - spent["gold"]


# ---------------------------------------------------------------- §4.2.10 the Palace

def test_4_2_10_favor_slots_are_action_slots():
    """§4.2.10, A7: a filled Favor slot: 1 card, 1 figure, its gain or the building's
    action; an empty Favor slot cannot be used."""
    s = started(2, seed=18)
    p, q = s.order
    s = set_favors(s, [1, 7])
    with pytest.raises(archwk.IllegalAction, match="Palace: Favor slot 3 holds no King's Favor"):
        s.apply(Action("place", location="palace", slot=2, pay=("courtier",)))
    gold = s.players[p].gold
    s = place(s, "palace", slot=0)
    assert s.players[p].gold == gold + 3
    s = s.edit(repository={"iron": 1})
    s = place(s, "palace", slot=1)                                       # the Repository's action
    assert s.players[q].resources["iron"] == 1


# ---------------------------------------------------------------- §5 Magisters

def test_5_1_tax_collector_token_and_tolls():
    """§5.1 (A2): the token under the figure; every other player placing in that building
    owes its owner 1 Gold, waived if paying with a Tax Collector; never to oneself."""
    s = started(3, seed=19, magisters=mags(TC, CL))
    p, q, _r = s.order
    s = place(s, "repository", pay=(TC,), slot=0)
    s = finish(s)
    assert archwk.table(s).slots_at("repository")[0].token == p
    gp, gq = s.players[p].gold, s.players[q].gold
    s = place(s, "repository", slot=1)                                   # q pays
    assert f"{s.players[q].name} pays 1 Gold toll to {s.players[p].name} at the Repository" in \
        [e.text for e in s.events]
    s = finish(s)
    assert (s.players[p].gold, s.players[q].gold) == (gp + 1, gq - 1)
    gp = s.players[p].gold
    s = finish(place(s, "repository", pay=(TC,), slot=2))                # r: waived
    assert s.players[p].gold == gp


def test_5_1_a_toll_the_visitor_cannot_pay_bars_the_building():
    s = started(2, seed=20, magisters=mags(TC, CL))
    _p, q = s.order
    s = place(s, "treasury", pay=(TC,))
    s = s.edit(player=q, gold=0)
    assert not [a for a in s.legal_actions() if a.kind == "place" and a.location == "treasury" and a.pay != (TC,)]
    with pytest.raises(archwk.IllegalAction, match="Tax Collector: you would owe 1 Gold in tolls"):
        s.apply(Action("place", location="treasury", slot=0, pay=(CL,)))


def test_5_1_no_token_left_no_token():
    s = started(2, seed=21, magisters=mags(TC, CL))
    s = surgery(s, lambda t: t.supply.__setitem__("tokens", 0))
    s = place(s, "treasury", pay=(TC,))
    assert archwk.table(s).slots_at("treasury")[0].token is None


def test_5_2_cleric_still_pays_the_toll():
    s = started(2, seed=22, magisters=mags(TC, CL))
    p, q = s.order
    s = place(s, "treasury", pay=(TC,))
    gp = s.players[p].gold
    s = place(s, "treasury", pay=(CL,), slot=0)
    assert s.players[p].gold == gp + 1 and s.workers_at("treasury") == {p: 1, q: 1}


def test_5_3_scribe_gives_one_more_action_not_two():
    """§5.3 (A1): after a Scribe's action, one more action with any card(s) (a Cleric
    keeps its bonus); paid with another Scribe it gives no further action."""
    s = started(2, seed=23, magisters=mags(SC, CL))
    p = s.current_player
    s = rich(s, p)
    s = place(s, "treasury", pay=(SC,))
    assert s.current_player == p and s.decision == "scribe"
    assert "stop" in {a.kind for a in s.legal_actions()}
    s = place(s, "treasury", pay=(CL,), slot=0)                          # joins its own figure
    assert s.workers_at("treasury") == {p: 2} and s.current_player != p


def test_5_3_a_second_scribe_gives_no_third_action():
    s = started(2, seed=24, magisters=mags(SC, CL))
    p = s.current_player

    def two_scribes(t):
        t.seats[p].zones[0] = [2, 0, 1, 2, 0]
    s = rich(surgery(s, two_scribes), p)
    s = place(s, "treasury", pay=(SC,))
    s = place(s, "palace", pay=(SC,))
    s = finish(s)
    assert s.current_player != p


def test_a4_chapel_merchants_are_also_tax_collectors_and_back():
    """§9 Chapel (A4): its owner's Merchant also leaves a token and waives tolls; a Tax
    Collector also takes the Merchant's yield."""
    s = started(2, seed=25, magisters=mags(TC, ME))
    p, _q = s.order
    s = s.edit(player=p, tiles=["Chapel"])
    gold = s.players[p].gold
    s = place(s, "treasury", pay=(TC,))
    assert s.players[p].gold == gold + 3                                 # Merchant yield
    s = pass_turn(s)
    s = s.edit(player=p, gold=5)
    s = finish(place(s, "repository", pay=(ME,)))
    assert archwk.table(s).slots_at("repository")[0].token == p           # Merchant leaves a token


def test_5a_a_magister_may_pay_like_a_courtier():
    """§5: a Magister pays any slot a Courtier could (a Cleric in an empty slot)."""
    s = started(2, seed=26, magisters=mags(CL, SC))
    p = s.current_player
    s = place(s, "barracks", pay=(CL,))
    assert s.players[p].played == ("cleric",)


def test_components_favor_ids_used_here_exist():
    assert DEFAULT.favor(1).gain == {"gold": 3} and DEFAULT.favor(7).action == "repository"


def test_9_weaponsmith_two_more_recruits_in_the_barracks_only():
    """§9 Weaponsmith: 2 more Recruit tokens per placement in the Barracks (a King's Favor
    slot with the Barracks' action is in the Palace)."""
    s = started(2, seed=27)
    p, q = s.order
    s = s.edit(player=p, tiles=["Weaponsmith"])
    r = s.players[p].recruits
    s = place(s, "barracks")
    assert s.players[p].recruits == r + 1 + 2
    s = set_favors(s, [8, 1])
    s = s.edit(player=q, tiles=[]).edit(player=q, gold=5)
    s = place(s, "treasury")                                            # q
    r = s.players[p].recruits
    s = place(s, "palace", slot=0)                                      # p: the Barracks' action, no bonus
    assert s.players[p].recruits == r + 1


def test_a2_the_palace_is_one_building_for_tolls():
    s = started(2, seed=28, magisters=mags(TC, CL))
    p, q = s.order
    s = set_favors(s, [1, 2])
    s = place(s, "palace", pay=(TC,), slot=0)
    gp = s.players[p].gold
    gq = s.players[q].gold
    s = place(s, "palace", slot=1)                                      # q, at the other Favor slot
    assert s.players[p].gold == gp + 1 and s.players[q].gold == gq - 1
