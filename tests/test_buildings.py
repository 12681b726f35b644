"""The behaviour of every building card (43), one test or more per card.

"RB" is the rulebook (shared/seeds/000_61b9e43c65635cb2.txt), "facts §N" the
reference shared/reference/architects-facts.md; §16 lists the decisions archwk
follows (card-art effects, optional effects may be declined, Graveyard forced).
Each test is marked `@pytest.mark.card("Name")`; tests/test_card_coverage.py
fails for a building without one.

Positions come from tests/card_positions.py: a drafted game with empty hands,
then `edit` and legal actions only.
"""
from __future__ import annotations

import pytest
from card_positions import LABOURER, choose, construct, fill_guildhall, kinds, others, pass_turn, place, score, start

import archwk
from archwk.games.architects import cards

card = pytest.mark.card
VIRTUE_VP = [v.vp for v in cards.VIRTUE_TRACK]  # [-9, -8, -7, -5, -3, -1, 0, 0, 0, 0, 1, 2, 3, 5, 7]


def resources(pl) -> dict:
    return {r: n for r, n in pl.resources.items() if n}


# --------------------------------------------------------------------------- gain resources / cards

GAINS = [
    pytest.param("Smithy", {"stone": 4}, 0, marks=card("Smithy")),
    pytest.param("Well", {"clay": 4}, 0, marks=card("Well")),
    pytest.param("Lumber Camp", {"wood": 4}, 0, marks=card("Lumber Camp")),
    pytest.param("Factory", {"marble": 2}, 0, marks=card("Factory")),
    pytest.param("Thieves' Den", {"silver": 4}, -2, marks=card("Thieves' Den")),
]


@pytest.mark.parametrize("name, gained, virtue", GAINS)
def test_gain_buildings(name, gained, virtue):
    """RB, Appendix — Building Effects, "Gain Resources / Cards": the shown goods
    on construction, after the cost is paid and the card's virtue applied (facts §1)."""
    s = start()
    p = s.current_player
    s = construct(s, name, silver=5)
    pl = s.players[p]
    assert name in pl.buildings and name not in pl.hand
    assert resources(pl) == {k: v for k, v in gained.items() if k != "silver"}
    assert pl.silver == 5 + gained.get("silver", 0)
    assert pl.virtue == 7 + virtue
    assert s.decision == "place" and s.current_player != p  # nothing left to decide


@card("Drafting Room")
def test_drafting_room_draws_two_building_cards():
    """RB, Appendix — Building Effects: Drafting Room draws 2 building cards (facts §1 #23)."""
    s = start()
    p = s.current_player
    top = s.building_deck[:2]
    s = construct(s, "Drafting Room")
    assert s.players[p].hand == top
    assert s.building_deck[:2] != top
    assert s.players[p].virtue == 7


@card("Betting House")
def test_betting_house_takes_an_unpaid_debt():
    """Card art (facts §15 #7, §16 rows 6–7): the Betting House gives 1 unpaid
    Debt, plus its −1 virtue; RB lists it with the gain buildings."""
    s = start()
    p = s.current_player
    s = construct(s, "Betting House", debts_unpaid=1, debts_paid=1)
    pl = s.players[p]
    assert (pl.debts_unpaid, pl.debts_paid, pl.virtue) == (2, 1, 6)
    assert resources(pl) == {}


@pytest.mark.parametrize("name, option, gained", [
    pytest.param("Treasury", 0, {"gold": 1}, marks=card("Treasury")),
    pytest.param("Treasury", 1, {"silver": 3}, marks=card("Treasury")),
    pytest.param("Clay Pit", 0, {"gold": 1}, marks=card("Clay Pit")),
    pytest.param("Clay Pit", 1, {"marble": 1}, marks=card("Clay Pit")),
])
def test_choice_buildings(name, option, gained):
    """RB, Appendix — Building Effects: Treasury 1 gold OR 3 silver, Clay Pit 1 gold
    OR 1 marble (facts §1 #8, #22): one option, not both; no skip."""
    s = start()
    p = s.current_player
    s = construct(s, name, silver=2)
    assert s.decision == "building_choice" and s.current_player == p
    # besides the free apprentice discards open all turn (facts §16 row 13)
    assert kinds(s) - {"discard_apprentice"} == {"choose"}
    assert len([a for a in s.legal_actions() if a.kind == "choose"]) == 2
    s = choose(s, "choose", option=option)
    pl = s.players[p]
    assert resources(pl) == {k: v for k, v in gained.items() if k != "silver"}
    assert pl.silver == 2 + gained.get("silver", 0)
    assert pl.virtue == 7


# --------------------------------------------------------------------------- Tavern

@card("Tavern")
def test_tavern_hires_any_face_up_apprentice_free_taking_its_silver():
    """RB, Appendix — Building Effects: Tavern hires any 1 face-up apprentice for
    free; Workshop: silver on a card goes to whoever hires it; the row shifts left
    and refills (facts §1 #4, §9)."""
    s = start()
    p = s.current_player
    # p hires from column 2 with one Workshop worker: 1 Silver lands on column 1
    s = s.edit(player=p, silver=10)
    s = place(s, "workshop")
    s = choose(s, "hire", target=1)
    assert s.display_silver[0] == 1
    q = s.current_player
    assert q != p
    row, deck_top, tax = s.display[:4], s.apprentice_deck[0], s.tax
    s = construct(s, "Tavern", silver=2)
    assert s.decision == "tavern" and "skip" in kinds(s)
    face_up = {i for i, c in enumerate(s.display) if c}
    assert {a.target for a in s.legal_actions() if a.kind == "hire"} == face_up
    s = choose(s, "hire", target=0)
    pl = s.players[q]
    hired = cards.APPRENTICES[row[0] - 1]
    assert pl.apprentice_ids == (LABOURER, row[0])
    assert pl.silver == 2 + 1  # free, plus the Silver lying on the card
    assert pl.virtue == 7 + hired.virtue
    assert s.tax == tax
    assert s.display[:4] == row[1:] + (deck_top,) and s.display_silver[0] == 0


@card("Tavern")
def test_tavern_any_column_and_skip():
    """The Tavern is not limited by columns (RB, Appendix — Apprentice Abilities,
    last note); it may be declined (facts §16 row 15)."""
    s = start()
    p = s.current_player
    s0 = construct(s, "Tavern")
    far = s0.display[7]
    s1 = choose(s0, "hire", target=7)
    assert s1.players[p].apprentice_ids == (LABOURER, far)
    s2 = choose(s0, "skip")
    assert s2.players[p].apprentice_ids == (LABOURER,) and s2.display == s0.display


@card("Tavern")
def test_tavern_at_the_apprentice_limit_forces_a_discard():
    """RB, Workshop: at most 5 apprentices; hiring a 6th means discarding one
    (not the new one) — facts §2, apprentice limit."""
    five = (LABOURER, 29, 30, 39, 40)
    s = start(free=five)
    p = s.current_player
    s = construct(s, "Tavern", apprentices=list(five))
    new = s.display[0]
    s = choose(s, "hire", target=0)
    assert s.decision == "apprentice_limit" and s.current_player == p
    assert {a.card for a in s.legal_actions()} == set(five)
    s = choose(s, "discard_apprentice", card=29)
    assert s.players[p].apprentice_ids == (LABOURER, 30, 39, 40, new)
    assert s.apprentice_deck[-1] == 29


# --------------------------------------------------------------------------- captures and releases

@card("Armoury")
def test_armoury_one_free_capture():
    """RB, Appendix — Building Effects, "Capture / Release Workers": the Armoury
    takes one group like a Town Centre capture, at no cost (facts §1 #14)."""
    s = start()
    p = s.current_player
    o1, o2 = others(s)
    s = s.edit(workers_at={"forest": {o1: 2, o2: 1}, "quarry": {o2: 3}})
    s = construct(s, "Armoury", silver=4)
    assert s.decision == "free_capture"
    assert {(a.location, a.target) for a in s.legal_actions() if a.kind == "capture"} == {
        ("forest", o1), ("forest", o2), ("quarry", o2)}
    assert "skip" in kinds(s)
    tax = s.tax
    s = choose(s, "capture", location="quarry", target=o2)
    assert s.players[p].captured[o2] == 3 and s.players[p].captured[o1] == 0
    assert dict(s.workers_at("quarry")) == {} and dict(s.workers_at("forest")) == {o1: 2, o2: 1}
    assert s.players[p].silver == 4 and s.tax == tax  # free
    assert s.decision == "place" and s.current_player != p  # only one capture


@card("Armoury")
def test_armoury_capture_may_be_declined():
    """RB, Appendix — Building Effects (Armoury: "take the action shown"); facts §16
    row 15: each capture may be declined."""
    s = start()
    p = s.current_player
    o1 = others(s)[0]
    s = s.edit(workers_at={"forest": {o1: 2}})
    s = choose(construct(s, "Armoury"), "skip")
    assert sum(s.players[p].captured) == 0 and dict(s.workers_at("forest")) == {o1: 2}


@card("Barracks")
def test_barracks_free_capture():
    """RB, Appendix — Building Effects: Barracks, the shown action — a free
    capture OR a free release (facts §1 #15). Capture branch."""
    s = start()
    p = s.current_player
    o1, _ = others(s)
    s = s.edit(workers_at={"mines": {o1: 2}})
    s = construct(s, "Barracks", silver=3)
    assert s.decision == "barracks"
    assert "release" not in kinds(s)  # none of p's workers on other boards
    s = choose(s, "capture", location="mines", target=o1)
    assert s.players[p].captured[o1] == 2 and s.players[p].silver == 3


@card("Barracks")
def test_barracks_free_release_from_other_boards():
    """RB, Appendix — Building Effects, "Capture / Release Workers"; RB, Guardhouse
    action 3. Barracks release branch: all of your workers on other players' boards come
    back, without the Guardhouse's 5 Silver or Debt (facts §1 #15, §10 action 3)."""
    s = start()
    p = s.current_player
    o1, o2 = others(s)
    s = s.edit(player=o1, captured={p: 3}).edit(player=o2, captured={p: 1})
    supply = s.players[p].workers_in_supply
    s = construct(s, "Barracks", silver=5)
    assert {"release", "skip"} <= kinds(s)
    s = choose(s, "release")
    pl = s.players[p]
    assert s.players[o1].captured[p] == 0 and s.players[o2].captured[p] == 0
    assert pl.workers_in_supply == supply - 1 + 4  # one went to the Guildhall, four came back
    assert (pl.silver, pl.debts_unpaid, pl.virtue) == (5, 0, 7)


@card("Fortress")
def test_fortress_two_free_captures_from_two_locations_even_with_four_players():
    """RB: "Fortress may capture from 1 or 2 locations"; facts §16 row 17: two
    free captures at any player count (the Town Centre allows 1 location with 4+)."""
    s = start(4)
    p = s.current_player
    o1, o2, o3 = others(s)
    s = s.edit(workers_at={"forest": {o1: 2}, "quarry": {o2: 1}, "mines": {o3: 4}})
    s = construct(s, "Fortress", silver=3)
    assert s.players[p].virtue == 5  # −2 on construction
    s = choose(s, "capture", location="forest", target=o1)
    assert s.decision == "free_capture" and s.current_player == p
    s = choose(s, "capture", location="mines", target=o3)
    pl = s.players[p]
    assert (pl.captured[o1], pl.captured[o2], pl.captured[o3]) == (2, 0, 4)
    assert pl.silver == 3
    assert s.decision == "place" and s.current_player != p


@card("Fortress")
def test_fortress_captures_from_one_location_and_second_is_optional():
    """RB, Appendix — Building Effects: "Fortress may capture from 1 or 2 locations":
    both captures may come from the same location; each is optional
    (facts §16 rows 15, 17)."""
    s = start()
    p = s.current_player
    o1, o2 = others(s)
    s = s.edit(workers_at={"forest": {o1: 2, o2: 3}})
    s = construct(s, "Fortress")
    s1 = choose(choose(s, "capture", location="forest", target=o1), "capture", location="forest", target=o2)
    assert s1.players[p].captured[o1] == 2 and s1.players[p].captured[o2] == 3
    s2 = choose(choose(s, "capture", location="forest", target=o1), "skip")
    assert s2.players[p].captured[o2] == 0 and dict(s2.workers_at("forest")) == {o2: 3}


@card("Hideout")
def test_hideout_releases_all_own_workers_from_prison():
    """RB, Appendix — Building Effects: Hideout, Guardhouse action 2 for free:
    all your workers in Prison back to your board; −2 virtue (facts §1 #29)."""
    s = start()
    p = s.current_player
    o1 = others(s)[0]
    s = s.edit(player=p, in_prison=4).edit(player=o1, in_prison=2)
    supply = s.players[p].workers_in_supply
    s = construct(s, "Hideout", silver=1)
    pl = s.players[p]
    assert pl.in_prison == 0 and pl.workers_in_supply == supply - 1 + 4
    assert s.players[o1].in_prison == 2
    assert (pl.virtue, pl.silver) == (5, 1)


# --------------------------------------------------------------------------- debts

@card("Church")
def test_church_destroys_an_unpaid_debt_not_paying_it():
    """RB, Appendix — Building Effects: Church destroys 1 unpaid Debt; it is removed,
    not flipped to paid (facts §1 #20); +1 virtue on construction."""
    s = start()
    p = s.current_player
    s = construct(s, "Church", debts_unpaid=2, debts_paid=1, silver=6)
    assert s.decision == "church" and kinds(s) == {"destroy_debt", "skip"}
    s = choose(s, "destroy_debt")
    pl = s.players[p]
    assert (pl.debts_unpaid, pl.debts_paid, pl.virtue, pl.silver) == (1, 1, 8, 6)


@card("Church")
def test_church_may_be_skipped_and_needs_a_debt():
    """RB, Appendix — Building Effects (Church); facts §16 row 15: the Church may be declined;
    without an unpaid Debt there is nothing to decide (facts §1 #20: offered only if you have
    one)."""
    s = start()
    p = s.current_player
    s1 = choose(construct(s, "Church", debts_unpaid=1), "skip")
    assert s1.players[p].debts_unpaid == 1 and s1.players[p].virtue == 8
    s2 = construct(s, "Church", debts_paid=2)
    assert s2.current_player != p and s2.players[p].debts_paid == 2 and s2.players[p].virtue == 8


@card("Library")
def test_library_discards_a_card_for_two_gold():
    """RB, Appendix — Building Effects: Library, discard 1 building card to gain
    2 gold; the card goes to the bottom of the deck (facts §1 #31)."""
    s = start()
    p = s.current_player
    s = construct(s, "Library", hand=["Well", "Smithy"])
    assert s.decision == "library"
    assert {a.card for a in s.legal_actions() if a.kind == "discard"} == {"Well", "Smithy"}
    s = choose(s, "discard", card="Well")
    pl = s.players[p]
    assert pl.gold == 2 and pl.hand == ("Smithy",) and s.building_deck[-1] == "Well"


@card("Library")
def test_library_is_optional():
    """RB, Appendix — Building Effects (Library); facts §16 row 15: the Library may be declined;
    with an empty hand there is nothing to decide."""
    s = start()
    p = s.current_player
    s1 = choose(construct(s, "Library", hand=["Well"]), "skip")
    assert s1.players[p].gold == 0 and s1.players[p].hand == ("Well",)
    s2 = construct(s, "Library")
    assert s2.current_player != p and s2.players[p].gold == 0


# --------------------------------------------------------------------------- virtue

@card("Monument")
def test_monument_everyone_gains_one_builder_two():
    """RB, Appendix — Building Effects: Monument, all players gain 1 virtue, the
    controller 2 in total; above 14 destroys an unpaid Debt (RB, Virtue Track)."""
    s = start()
    p = s.current_player
    o1, o2 = others(s)
    s = s.edit(player=o1, virtue=3).edit(player=o2, virtue=14, debts_unpaid=2)
    s = construct(s, "Monument")
    assert s.players[p].virtue == 9
    assert s.players[o1].virtue == 4
    assert (s.players[o2].virtue, s.players[o2].debts_unpaid, s.players[o2].debts_paid) == (14, 1, 0)


@pytest.mark.parametrize("virtue, gold", [(3, 0), (4, 1), (8, 2), (11, 2), (12, 3), (14, 3)])
@card("Palace")
def test_palace_gold_per_four_virtue(virtue, gold):
    """RB, Appendix — Building Effects: Palace, 1 gold per 4 virtue you have when
    it is built (facts §1 #38: floor(virtue/4))."""
    s = start()
    p = s.current_player
    s = construct(s, "Palace", virtue=virtue)
    assert s.players[p].gold == gold and s.players[p].virtue == virtue


@card("Watchtower")
def test_watchtower_hits_everyone_with_three_in_prison_builder_included():
    """RB, Appendix — Building Effects: Watchtower, all players with 3+ workers in
    Prison lose 1 virtue — the builder too, after the card's own −1 (facts §1 #10)."""
    s = start()
    p = s.current_player
    o1, o2 = others(s)
    s = s.edit(player=p, in_prison=3).edit(player=o1, in_prison=5).edit(player=o2, in_prison=2)
    s = construct(s, "Watchtower")
    assert [s.players[i].virtue for i in (p, o1, o2)] == [5, 6, 7]


@card("Watchtower")
def test_watchtower_below_zero_gives_debts():
    """RB, Virtue Track: each virtue lost below 0 gives an unpaid Debt."""
    s = start()
    p = s.current_player
    o1 = others(s)[0]
    s = s.edit(player=o1, in_prison=3, virtue=0)
    s = construct(s, "Watchtower", in_prison=0)
    assert s.players[p].virtue == 6 and s.players[p].debts_unpaid == 0
    assert s.players[o1].virtue == 0 and s.players[o1].debts_unpaid == 1


# --------------------------------------------------------------------------- extra buildings

@card("Graveyard")
def test_graveyard_forces_an_apprentice_discard():
    """facts §1 #42, §16 rows 13/15: the Graveyard forces the discard of 1 hired
    apprentice (no skip) to the bottom of the apprentice deck; −1 virtue; the
    apprentice's on-hire virtue is not reversed (RB, Workshop)."""
    s = start(expansion=True, free=(26, 29))
    p = s.current_player
    s = construct(s, "Graveyard", apprentices=[LABOURER, 26, 29])
    assert s.decision == "graveyard" and s.current_player == p
    assert {(a.kind, a.card) for a in s.legal_actions()} == {
        ("discard_apprentice", LABOURER), ("discard_apprentice", 26), ("discard_apprentice", 29)}
    s = choose(s, "discard_apprentice", card=26)
    pl = s.players[p]
    assert pl.apprentice_ids == (LABOURER, 29) and s.apprentice_deck[-1] == 26
    assert pl.virtue == 6


@card("Graveyard")
def test_graveyard_single_apprentice_must_still_go():
    """Graveyard (an extra card, not in RB; facts §1 #42, §16 row 15) with only one
    apprentice: that one goes (no skip)."""
    s = start(expansion=True)
    p = s.current_player
    s = construct(s, "Graveyard")
    assert [(a.kind, a.card) for a in s.legal_actions()] == [("discard_apprentice", LABOURER)]
    s = choose(s, "discard_apprentice", card=LABOURER)
    assert s.players[p].apprentice_ids == ()


@card("Crane")
def test_crane_second_worker_and_second_construction():
    """Crane (an extra card, not in RB; RB, Guildhall for the spaces) — facts §1 #41:
    another worker goes straight onto the next Guildhall space and
    you construct again (a building or a Cathedral level)."""
    s = start(expansion=True)
    p = s.current_player
    supply = s.players[p].workers_in_supply
    well = cards.building("Well").cost
    s = construct(s, "Crane", hand=["Well"], extra=dict(well))
    assert s.decision == "crane" and s.current_player == p
    assert "skip" in kinds(s)
    assert [a.card for a in s.legal_actions() if a.kind == "construct"] == ["Well"]
    s = choose(s, "construct", card="Well")
    pl = s.players[p]
    assert pl.buildings == ("Crane", "Well")
    assert s.guildhall == (p, p) and pl.workers_in_supply == supply - 2
    assert resources(pl) == {"clay": 4}
    assert s.current_player != p


@card("Crane")
def test_crane_may_build_the_cathedral_or_be_declined():
    """Crane (not in RB; RB, Advancing Work on the Cathedral): the second construction
    may be a Cathedral level (facts §1 #41); the
    player may decline it (facts §16 row 15)."""
    s = start(expansion=True)
    p = s.current_player
    s0 = construct(s, "Crane", hand=["Well"], extra={"gold": 1})
    s1 = choose(s0, "cathedral", option=(("gold", 1),))
    assert s1.decision == "cathedral_discard"
    s1 = choose(s1, "discard", card="Well")
    assert s1.players[p].cathedral_level == 1 and s1.guildhall == (p, p)
    s2 = choose(s0, "skip")
    assert s2.guildhall == (p,) and s2.players[p].buildings == ("Crane",)


@card("Crane")
def test_crane_without_an_affordable_construction_does_nothing():
    """Crane (not in RB; RB, Guildhall: you place there only to construct) — facts §1
    #41: skipped when no construction is affordable."""
    s = start(expansion=True)
    p = s.current_player
    s = construct(s, "Crane", hand=["Well"])
    assert s.current_player != p and s.guildhall == (p,)


@card("Crane")
def test_crane_needs_a_worker_in_the_supply():
    """Crane (not in RB; RB, Placing Workers: workers come from your board) — facts §1
    #41: no second construction when no worker is left in the supply."""
    s = start(expansion=True)
    p = s.current_player
    s = s.edit(workers_at={"forest": {p: 19}})
    s = construct(s, "Crane", hand=["Well"], extra=dict(cards.building("Well").cost))
    assert s.players[p].workers_in_supply == 0
    assert s.current_player != p and s.guildhall == (p,) and s.players[p].buildings == ("Crane",)


@card("Crane")
def test_crane_worker_fires_its_guildhall_space_trigger():
    """RB, Black Market Reset ("a Worker is placed in the Guildhall on one of the left-most
    spaces on the bottom 2 rows"); facts §1 #41 and §8.3: the Crane's worker takes the next
    space with its triggers — here the left-most space of row 3 (k = 2n+3 = 9 with 3 players),
    which queues a Black Market reset after the construction."""
    s = start(expansion=True)
    s = fill_guildhall(s, 7)
    p = s.current_player
    resets = s.resets
    s = construct(s, "Crane", hand=["Well"], extra=dict(cards.building("Well").cost))
    assert len(s.guildhall) == 8 and s.resets == resets
    s = choose(s, "construct", card="Well")
    assert len(s.guildhall) == 9 and s.guildhall[-2:] == (p, p)
    assert s.resets == resets + 1


@card("Museum")
@pytest.mark.parametrize("extra, virtue_vp", [((), 1), (("Well",), 2), (("Well", "Smithy"), 2),
                                             (("Well", "Smithy", "Lumber Camp"), 3)])
def test_museum_virtue_per_two_buildings(extra, virtue_vp):
    """facts §1 #43: before scoring, +1 virtue per 2 buildings, the Museum included.
    Virtue 10 scores 1, 11 scores 2, 12 scores 3 (RB, Virtue Track)."""
    s = start(expansion=True)
    p = s.current_player
    s = construct(s, "Museum", virtue=10)
    s = s.edit(player=p, buildings=["Museum", *extra])
    assert score(s, p).virtue == virtue_vp
    assert s.players[p].virtue == 10  # a projection: the state is unchanged


# --------------------------------------------------------------------------- end-game virtue

@card("Trading Post")
@pytest.mark.parametrize("goods, gain", [({"clay": 3}, 0), ({"clay": 1, "wood": 2, "stone": 1}, 1),
                                        ({"clay": 3, "wood": 4, "stone": 4}, 2),
                                        ({"gold": 4, "marble": 4}, 0)])
def test_trading_post_virtue_per_four_clay_wood_stone(goods, gain):
    """RB, Appendix — Building Effects, "Virtue Boost": Trading Post, +1 virtue per
    4 clay, wood and stone counted together, before scoring (facts §1 #7)."""
    s = start()
    p = s.current_player
    s = construct(s, "Trading Post", virtue=9)
    s = s.edit(player=p, resources=goods)
    assert score(s, p).virtue == VIRTUE_VP[9 + gain]


@card("Castle")
@pytest.mark.parametrize("gold, marble, gain", [(1, 0, 0), (2, 0, 1), (5, 9, 2)])
def test_castle_virtue_per_two_gold(gold, marble, gain):
    """RB, "Virtue Boost": Castle, +1 virtue per 2 gold held (marble does not count;
    facts §1 #18)."""
    s = start()
    p = s.current_player
    s = construct(s, "Castle", virtue=10)
    s = s.edit(player=p, resources={"gold": gold, "marble": marble})
    assert score(s, p).virtue == VIRTUE_VP[10 + gain]
    assert score(s, p).gold_marble == gold + marble


@card("Observatory")
@pytest.mark.parametrize("gold, marble, gain", [(0, 1, 0), (0, 2, 1), (9, 5, 2)])
def test_observatory_virtue_per_two_marble(gold, marble, gain):
    """RB's "Gallery" is the card art's Observatory (facts §15 #5): +1 virtue per
    2 marble before scoring (gold does not count)."""
    s = start()
    p = s.current_player
    s = construct(s, "Observatory", virtue=10)
    s = s.edit(player=p, resources={"gold": gold, "marble": marble})
    assert score(s, p).virtue == VIRTUE_VP[10 + gain]


@card("Castle", "Observatory")
def test_castle_and_observatory_count_gold_and_marble_for_therese():
    """RB, Variable Setup Characters: Therese treats marble and gold as the same
    resource, so Castle and Observatory count both (facts §1 #18, #37)."""
    s = archwk.new_game(3, seed=1, options=archwk.Options(
        board_side=2, characters=("Therese", "Ada", "Rudolf")))
    while s.phase != "play":
        s = s.apply(s.legal_actions()[0])
    for i in range(3):
        s = s.edit(player=i, hand=[])
    t = next(i for i, q in enumerate(s.players) if q.character == "Therese")
    s = s.edit(player=t, virtue=10, buildings=["Castle"], resources={"gold": 1, "marble": 3})
    assert score(s, t).virtue == VIRTUE_VP[12]
    s = s.edit(player=t, buildings=["Observatory"])
    assert score(s, t).virtue == VIRTUE_VP[12]


@card("Reservoir")
@pytest.mark.parametrize("paid, unpaid, gain", [(1, 3, 0), (2, 0, 1), (5, 0, 2)])
def test_reservoir_virtue_per_two_paid_debts(paid, unpaid, gain):
    """RB, "Virtue Boost": Reservoir, +1 virtue per 2 paid Debts (facts §1 #39);
    unpaid Debts do not count."""
    s = start()
    p = s.current_player
    s = construct(s, "Reservoir", virtue=10)
    s = s.edit(player=p, debts_paid=paid, debts_unpaid=unpaid)
    assert score(s, p).virtue == VIRTUE_VP[10 + gain]


@card("Chapel")
def test_chapel_strictly_highest_cathedral():
    """RB, Appendix — Building Effects, "Cathedral Contribution": Chapel, +2 virtue
    before scoring if your Cathedral level is higher than every other player's;
    ties don't count (facts §1 #19). +1 virtue on construction."""
    s = start()
    p = s.current_player
    o1, o2 = others(s)
    s = construct(s, "Chapel", virtue=9)
    assert s.players[p].virtue == 10
    s = s.edit(player=p, cathedral_level=2).edit(player=o1, cathedral_level=1)
    assert score(s, p).virtue == VIRTUE_VP[12]
    s = s.edit(player=o2, cathedral_level=2)
    assert score(s, p).virtue == VIRTUE_VP[10]
    for i in (p, o1, o2):
        s = s.edit(player=i, cathedral_level=0)
    assert score(s, p).virtue == VIRTUE_VP[10]  # 0 each: nobody is highest


@card("Dungeon")
def test_dungeon_loses_two_virtue_before_scoring_even_below_zero():
    """RB, Appendix — Building Effects: Dungeon, lose 2 virtue before scoring;
    below 0 each point lost is an unpaid Debt (RB, Virtue Track; facts §1 #24).
    −1 virtue on construction."""
    s = start()
    p = s.current_player
    s = construct(s, "Dungeon", virtue=8)
    assert s.players[p].virtue == 7
    sc = score(s, p)
    assert (sc.virtue, sc.debts) == (VIRTUE_VP[5], 0)
    s = s.edit(player=p, virtue=1)
    sc = score(s, p)
    assert (sc.virtue, sc.debts) == (VIRTUE_VP[0], -2)  # 1 - 2: 0 and one Debt
    assert s.players[p].debts_unpaid == 0


@card("Castle")
def test_end_game_buildings_apply_once_when_the_game_really_ends():
    """RB, End-Game Scoring: end-game building effects are resolved before scoring,
    once (facts §14) — here a 2-player game played to its end."""
    s = start(2)
    p = s.current_player
    o = others(s)[0]
    s = construct(s, "Castle")
    s = s.edit(player=p, virtue=10, resources={"gold": 5})
    while not s.is_over:
        if s.current_player == p or len(s.guildhall) >= 12:
            s = pass_turn(s)
        else:
            s = fill_guildhall(s, len(s.guildhall) + 1, builders={o})
    assert s.players[p].virtue == 12 and s.players[p].gold == 5
    sc = score(s, p)
    assert sc.virtue == VIRTUE_VP[12] and sc.gold_marble == 5


# --------------------------------------------------------------------------- VP bonuses

@pytest.mark.parametrize("name, key", [
    pytest.param("Stone Market", "stone", marks=card("Stone Market")),
    pytest.param("Wood Market", "wood", marks=card("Wood Market")),
    pytest.param("Clay Market", "clay", marks=card("Clay Market")),
    pytest.param("Silver Market", "silver", marks=card("Silver Market")),
])
def test_markets_need_strictly_the_most(name, key):
    """RB, Appendix — Building Effects, "Resource Markets": +2 VP if you have more of
    the resource than any other player; ties don't count (facts §1)."""
    s = start()
    p = s.current_player
    o1, o2 = others(s)
    vp = cards.building(name).vp
    s = construct(s, name)

    def holding(s, i, n):
        return s.edit(player=i, silver=n) if key == "silver" else s.edit(player=i, resources={key: n})

    s = holding(holding(holding(s, p, 5), o1, 4), o2, 0)
    assert score(s, p).buildings == vp + 2
    s = holding(s, o2, 5)
    assert score(s, p).buildings == vp  # a tie gives nothing
    s = holding(s, o1, 6)
    assert score(s, p).buildings == vp
    assert score(s, o1).buildings == 0  # the bonus is the owner's only


@card("Steeple")
def test_steeple_strictly_highest_cathedral():
    """RB, "Cathedral Contribution": Steeple, +2 VP if your Cathedral work is ahead
    of every other player's; ties don't count. +1 virtue on construction (facts §1 #2)."""
    s = start()
    p = s.current_player
    o1, o2 = others(s)
    s = construct(s, "Steeple")
    assert s.players[p].virtue == 8
    s = s.edit(player=p, cathedral_level=3).edit(player=o1, cathedral_level=2)
    assert score(s, p).buildings == 4 + 2
    s = s.edit(player=o2, cathedral_level=3)
    assert score(s, p).buildings == 4


@card("University")
def test_university_two_vp_only_without_unpaid_debt():
    """RB, Appendix — Building Effects: University, +2 VP if you have no unpaid
    Debts (paid ones don't matter); +1 virtue on construction (facts §1 #9)."""
    s = start()
    p = s.current_player
    s = construct(s, "University")
    assert s.players[p].virtue == 8
    assert score(s, p).buildings == 11 + 2
    s = s.edit(player=p, debts_paid=3)
    assert score(s, p).buildings == 11 + 2
    s = s.edit(player=p, debts_unpaid=1)
    assert score(s, p).buildings == 11 and score(s, p).debts == -2


@pytest.mark.parametrize("name, vp", [
    pytest.param("Tiler's Hut", 5 + 3, marks=card("Tiler's Hut")),        # Labourer, Jeweller, Miner
    pytest.param("Carpenter's Hut", 5 + 2, marks=card("Carpenter's Hut")),  # Labourer, Woodcutter
    pytest.param("Mason's Hut", 5 + 2, marks=card("Mason's Hut")),          # Labourer, Stonecutter
])
def test_huts_count_apprentices_with_the_skill(name, vp):
    """RB, "Apprentice Huts": +1 VP per hired apprentice with the skill; the
    Labourer has all three (facts §1 #6, #17, #34)."""
    team = [LABOURER, 11, 19, 39, 29]  # Labourer C+T+M, Jeweller T, Miner T, Woodcutter C, Stonecutter M
    s = start(free=team)
    p = s.current_player
    s = construct(s, name, apprentices=team)
    assert score(s, p).buildings == vp
    s = s.edit(player=p, apprentices=[])
    assert score(s, p).buildings == 5


@card("Aqueduct")
def test_aqueduct_one_vp_per_building_itself_included():
    """Card art (facts §15 #6, §16 rows 6–7): Aqueduct, +1 VP per building
    constructed, this one included; RB's name "Aquaduct" is an alias."""
    s = start()
    p = s.current_player
    s = construct(s, "Aquaduct")
    assert s.players[p].buildings == ("Aqueduct",)
    assert score(s, p).buildings == 3 + 1
    s = s.edit(player=p, buildings=["Aqueduct", "Well", "Smithy"])
    assert score(s, p).buildings == 3 + 3 + 3 + 3


@card("Keep")
@pytest.mark.parametrize("held, bonus", [({}, 0), ({0: 2}, 0), ({0: 2, 1: 1}, 1), ({0: 4, 1: 4}, 2)])
def test_keep_one_vp_per_three_captured_workers(held, bonus):
    """RB, Appendix — Building Effects, "VP Boost" (RB's "1 per 3" wording); card art
    (facts §15 #6, §16 rows 6–7): Keep, +1 VP per 3 captured opponent workers on your
    board, counted together; −2 virtue on construction."""
    s = start()
    p = s.current_player
    o = others(s)
    s = construct(s, "Keep")
    assert s.players[p].virtue == 5
    s = s.edit(player=p, captured={o[k]: n for k, n in held.items()})
    assert score(s, p).buildings == 12 + bonus


@card("Lighthouse")
@pytest.mark.parametrize("virtue, bonus", [(3, 0), (4, 1), (7, 1), (8, 2), (14, 3)])
def test_lighthouse_one_vp_per_four_virtue(virtue, bonus):
    """RB, Appendix — Building Effects, "VP Boost"; card art (facts §15 #6, §16 rows
    6–7): Lighthouse, +1 VP per 4 virtue."""
    s = start()
    p = s.current_player
    s = construct(s, "Lighthouse")
    s = s.edit(player=p, virtue=virtue)
    assert score(s, p).buildings == 6 + bonus


@card("Lighthouse")
def test_lighthouse_uses_the_virtue_after_end_game_buildings():
    """RB, End-Game Scoring (end-game effects first, then scoring); facts §1 #32: the
    final virtue counts — after the Castle's end-game +2."""
    s = start()
    p = s.current_player
    s = construct(s, "Lighthouse")
    s = s.edit(player=p, virtue=7, buildings=["Lighthouse", "Castle"], resources={"gold": 4})
    assert score(s, p).buildings == 6 + 10 + 9 // 4


@card("Moneylender")
def test_moneylender_one_vp_per_paid_debt():
    """RB, Appendix — Building Effects, "VP Boost"; card art (facts §15 #6, §16 rows
    6–7): Moneylender, +1 VP per paid Debt (unpaid ones don't
    count); −1 virtue on construction."""
    s = start()
    p = s.current_player
    s = construct(s, "Moneylender")
    assert s.players[p].virtue == 6
    assert score(s, p).buildings == 5
    s = s.edit(player=p, debts_paid=3, debts_unpaid=2)
    assert score(s, p).buildings == 5 + 3


@card("Fountain")
def test_fountain_one_vp_per_unpaid_debt():
    """RB, Appendix — Building Effects: Fountain, lose 1 less VP per unpaid Debt:
    −1 instead of −2 (facts §1 #27, §14); +1 virtue on construction."""
    s = start()
    p = s.current_player
    s = construct(s, "Fountain")
    assert s.players[p].virtue == 8
    s = s.edit(player=p, debts_unpaid=3, debts_paid=2)
    sc = score(s, p)
    assert (sc.debts, sc.buildings) == (-3, 4)
    s = s.edit(player=p, buildings=[])
    assert score(s, p).debts == -6


@card("Gambler's Den", "Fountain")
def test_gamblers_den_three_per_debt_two_with_fountain():
    """RB, Appendix — Building Effects: Gambler's Den, lose 1 more VP per unpaid Debt
    (3 in total); with the Fountain, 2 (facts §1 #28). −2 virtue on construction."""
    s = start()
    p = s.current_player
    s = construct(s, "Gambler's Den")
    assert s.players[p].virtue == 5
    s = s.edit(player=p, debts_unpaid=2, debts_paid=4)
    sc = score(s, p)
    assert (sc.buildings, sc.debts) == (10 - 2, -4)  # −3 per Debt
    s = s.edit(player=p, buildings=["Gambler's Den", "Fountain"])
    sc = score(s, p)
    assert (sc.buildings, sc.debts) == (10 + 4 - 2, -2)  # −2 per Debt
    s = s.edit(player=p, debts_unpaid=0)
    assert score(s, p).buildings == 14
