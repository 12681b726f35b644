"""Variable Setup characters: player board side 2 (RB, Variable Setup; RB,
Variable Setup Characters; facts §12, §13.5-6, §16 rows 16 and 22).

"RB" is the rulebook (shared/seeds/000_61b9e43c65635cb2.txt), "facts §N" the
reference file shared/reference/architects-facts.md, "rules-notes" the page
archwk/games/architects/data/rules-notes.md.
"""
from __future__ import annotations

from collections import Counter

import pytest
from helpers import act, kinds, place, started

import archwk
from archwk import Action, Options
from archwk.games.architects.core import BUILDING, REWARD, worker_total
from archwk.games.architects.scoring import end_game_virtue

RB_CHARACTERS = {"Ada", "Caroline", "Frederick", "Rudolf", "Therese"}
PROMO_CHARACTERS = {"Lothaire", "Hugo", "Clovis", "Fara", "Bertha"}

#: facts §12: silver, virtue, items, unpaid debt, extra building cards, workers in Prison
START = {
    "Ada": (0, 11, {"gold": 1}, 0, 1, 0),
    "Caroline": (10, 3, {"marble": 1}, 1, 0, 8),
    "Frederick": (4, 7, {"stone": 1}, 0, 0, 0),
    "Rudolf": (3, 9, {"wood": 1}, 0, 0, 0),
    "Therese": (5, 5, {}, 0, 1, 4),
    "Lothaire": (6, 4, {"clay": 2}, 0, 0, 6),
    "Hugo": (12, 2, {}, 0, 2, 10),
    "Clovis": (1, 10, {"marble": 1, "clay": 1}, 0, 0, 0),
    "Fara": (5, 6, {"stone": 1, "wood": 1}, 0, 0, 2),
    "Bertha": (3, 8, {}, 0, 1, 0),
}
BOARD = {"Ada": "purple", "Clovis": "purple", "Caroline": "green", "Hugo": "green",
         "Frederick": "red", "Fara": "red", "Rudolf": "yellow", "Bertha": "yellow",
         "Therese": "blue", "Lothaire": "blue"}


def chars(names, seed: int = 1, **kw) -> archwk.GameState:
    """A side-2 game with these characters (in seat order), at its first placement."""
    promo = bool(set(names) & PROMO_CHARACTERS)
    return started(len(names), seed, Options(board_side=2, characters=list(names),
                                             promo_characters=promo, **kw))


def seat(s, name: str) -> int:
    return next(i for i, p in enumerate(s.players) if p.character == name)


def turn_to(s, p: int) -> archwk.GameState:
    """Other players place a worker at the Forest until it is p's placement decision."""
    for _ in range(10):
        if s.current_player == p:
            assert s.decision == "place"
            return s
        s = place(s, "forest")
    raise AssertionError("never reached the player's turn")


def hand_plus_reward(before: tuple, s_before) -> int:
    """Hand size after a Cathedral advance that does not discard: the reward card's
    building cards are added (RB, Advancing Work on the Cathedral step 4)."""
    return len(before) + REWARD[s_before.rewards[0]].gain.get("cards", 0)


# --------------------------------------------------------------------------- starting figures


@pytest.mark.parametrize("name", sorted(START))
def test_character_start(name):
    """RB Variable Setup Characters / facts §12: each character starts with its
    own Silver, Virtue, goods, unpaid Debt and workers in Prison; its extra
    building cards are drawn after the draft (facts §13.5), so the hand is the
    3 drafted cards plus the extra ones. 20 workers in all."""
    other = "Frederick" if name != "Frederick" else "Ada"
    s = chars([name, other], seed=3)
    p = seat(s, name)
    pl = s.players[p]
    silver, virtue, items, debts, extra, prison = START[name]
    assert pl.character == name
    assert pl.silver == silver
    assert pl.virtue == virtue
    assert dict(pl.resources) == {r: items.get(r, 0) for r in pl.resources}
    assert pl.debts_unpaid == debts and pl.debts_paid == 0
    assert pl.in_prison == prison
    assert pl.workers_in_supply == 20 - prison
    assert worker_total(s, p) == 20
    assert len(pl.hand) == 3 + extra
    assert pl.apprentices == () and pl.buildings == () and pl.cathedral_level == 0


def test_extra_cards_are_drawn_after_the_draft():
    """facts §13.5: extra building cards come after the building draft: during the
    draft everyone holds only drafted cards, and the deck's top cards go to the
    characters with extra cards once the draft is over."""
    s = archwk.new_game(2, seed=4, options=Options(board_side=2, characters=["Therese", "Ada"]))
    while s.phase != "play":
        assert all(len(p.hand) <= 3 for p in s.players)
        before = s
        s = s.apply(s.legal_actions()[0])
    # the last draft pick: the deck top was drawn by Therese (seat 0) then Ada (seat 1)
    top = before.building_deck[:2]
    assert s.players[0].hand[-1] == top[0]
    assert s.players[1].hand[-1] == top[1]


def test_no_silver_by_seat_and_highest_virtue_starts():
    """RB Variable Setup: the player with the most Virtue starts; players do not
    gain additional Silver by turn order (facts §12, §13.6)."""
    for seed in range(12):
        s = started(5, seed, Options(board_side=2))
        virtues = [p.virtue for p in s.players]
        assert s.first_player == virtues.index(max(virtues))
        assert s.current_player == s.first_player and s.decision == "place"
        for p in s.players:
            assert p.silver == START[p.character][0]


def test_turn_order_runs_on_from_the_highest_virtue():
    """RB Playing the Game: play proceeds clockwise (seat order) from the
    starting player, here the highest-Virtue one."""
    s = chars(["Caroline", "Therese", "Ada"])  # virtues 3, 5, 11: Ada (seat 2) starts
    assert s.current_player == 2
    seen = []
    for _ in range(4):
        seen.append(s.current_player)
        s = place(s, "forest")
    assert seen == [2, 0, 1, 2]


# --------------------------------------------------------------------------- dealing


def test_dealing_uses_the_rb_characters():
    """RB Variable Setup Characters / facts §16 row 22: without promo characters
    the deal is from RB's five; 5 players get all five."""
    for seed in range(6):
        s = archwk.new_game(5, seed=seed, options=Options(board_side=2))
        assert {p.character for p in s.players} == RB_CHARACTERS
    for seed in range(20):
        s = archwk.new_game(3, seed=seed, options=Options(board_side=2))
        names = [p.character for p in s.players]
        assert len(set(names)) == 3 and set(names) <= RB_CHARACTERS


def test_dealing_is_deterministic_per_seed():
    """API: the same seed deals the same characters; different seeds deal
    differently (facts §12: the deal is random)."""
    deal = lambda seed: tuple(p.character for p in archwk.new_game(  # noqa: E731
        3, seed=seed, options=Options(board_side=2, promo_characters=True)).players)
    assert deal(7) == deal(7)
    assert len({deal(seed) for seed in range(20)}) > 5


def test_promo_dealing_one_per_colour_board():
    """rules-notes (promo_characters) / facts §12: with the promo boards, each
    player gets a different colour board and either of its two characters."""
    seen = Counter()
    for seed in range(30):
        s = archwk.new_game(4, seed=seed, options=Options(board_side=2, promo_characters=True))
        names = [p.character for p in s.players]
        assert len({BOARD[c] for c in names}) == 4
        seen.update(names)
    assert set(seen) == RB_CHARACTERS | PROMO_CHARACTERS


def test_side_1_has_no_characters():
    """RB Setup 10: side 1 boards have no character."""
    s = started(3, 1)
    assert all(p.character is None for p in s.players)


def test_explicit_characters_in_seat_order():
    """rules-notes (`characters=[...]`): explicit characters, in seat order; names
    are matched without regard to case."""
    s = archwk.new_game(3, seed=1, options=Options(board_side=2, characters=["rudolf", "ADA", "Therese"]))
    assert [p.character for p in s.players] == ["Rudolf", "Ada", "Therese"]
    assert s.first_player == 1  # Ada, Virtue 11


@pytest.mark.parametrize("n, opts, pattern", [
    (2, dict(board_side=2, characters=["Ada", "Zorro"]), "unknown character 'Zorro'"),
    (3, dict(board_side=2, characters=["Ada", "Rudolf"]), "3 player.*need 3 character"),
    (2, dict(board_side=2, characters=["Ada", "Rudolf", "Therese"]), "2 player.*need 2 character"),
    (2, dict(board_side=2, characters=["Ada", "ada"]), "one player only"),
    (2, dict(board_side=2, characters=["Ada", "Hugo"]), "Hugo is a promo character.*promo_characters=True"),
])
def test_bad_characters(n, opts, pattern):
    """facts §16 row 22: explicit characters must be known, one per player, all
    different, and promo ones only with promo_characters=True."""
    with pytest.raises(archwk.InvalidOptions, match=pattern):
        archwk.new_game(n, seed=1, options=Options(**opts))


def test_characters_need_side_2():
    """RB Variable Setup: characters are side 2 of the player boards."""
    with pytest.raises(ValueError, match="board_side=2"):
        Options(characters=["Ada", "Rudolf"])
    with pytest.raises(ValueError, match="board_side=2"):
        Options(board_side=1, characters=["Ada"])


# --------------------------------------------------------------------------- Ada


@pytest.mark.parametrize("virtue, total, tax", [
    (11, 3, 1), (7, 3, 1), (4, 3, 1),  # Ada ignores 1 of the 2 Tax
    (3, 2, 0), (2, 2, 0),              # + 1 avoided at Virtue 2-3: both Tax gone
    (1, 2, 0), (0, 2, 0),              # + 2 avoided at Virtue 0-1: still only 2 Tax to avoid
])
def test_ada_workshop_hire(virtue, total, tax):
    """RB Ada: "May ignore 1 Tax on all actions"; facts §6-7: it stacks with
    low-Virtue tax avoidance and cannot go below 0. The Workshop hire costs 4 of
    which 2 Tax."""
    s = chars(["Ada", "Frederick"])
    ada = seat(s, "Ada")
    s = turn_to(s, ada).edit(player=ada, silver=5, virtue=virtue)
    tax0 = s.tax
    s = act(place(s, "workshop"), "hire", target=0)
    assert s.players[ada].silver == 5 - total
    assert s.tax == tax0 + tax


def test_ada_needs_only_three_silver_to_hire():
    """RB Ada: with 3 Silver she can hire (4 - 1 Tax); with 2 she cannot (Virtue 4+)."""
    s = chars(["Ada", "Frederick"])
    ada = seat(s, "Ada")
    s3 = place(s.edit(player=ada, silver=3), "workshop")
    assert "hire" in kinds(s3)
    s2 = place(s.edit(player=ada, silver=2), "workshop")
    assert "hire" not in kinds(s2)


@pytest.mark.parametrize("virtue, total, tax", [(7, 4, 2), (3, 3, 1), (1, 2, 0)])
def test_other_characters_pay_full_hire_tax(virtue, total, tax):
    """RB Workshop + facts §6: without Ada only the Virtue track avoids Tax."""
    s = chars(["Frederick", "Therese"])
    fred = seat(s, "Frederick")
    s = turn_to(s, fred).edit(player=fred, silver=5, virtue=virtue)
    tax0 = s.tax
    s = act(place(s, "workshop"), "hire", target=0)
    assert s.players[fred].silver == 5 - total
    assert s.tax == tax0 + tax


def test_ada_pays_off_debt_and_captures_with_one_tax_less():
    """RB Ada / facts §7: Guardhouse debt payment 6 (3 Tax) costs her 5 (2 Tax);
    the first Town Centre capture (1 Tax) is free."""
    s = chars(["Ada", "Frederick"])
    ada, fred = seat(s, "Ada"), seat(s, "Frederick")
    s = s.edit(player=ada, silver=5, debts_unpaid=1)
    tax0 = s.tax
    g = act(place(s, "guardhouse"), "guard", option="pay_debt")
    assert g.players[ada].silver == 0 and g.tax == tax0 + 2
    assert g.players[ada].debts_unpaid == 0 and g.players[ada].debts_paid == 1
    s = s.edit(workers_at={"quarry": {fred: 2}})
    t = place(s, "town_centre")
    t = t.apply(Action("capture", "quarry", target=fred))
    assert t.players[ada].silver == 5 and t.tax == tax0
    assert t.players[ada].captured[fred] == 2


# --------------------------------------------------------------------------- Caroline


@pytest.mark.parametrize("space", ["black_market_a", "black_market_b", "black_market_c"])
def test_caroline_draws_a_card_on_each_black_market_action(space):
    """RB Caroline: "Gains 1 Building Card each Black Market action" (facts §3.1:
    any of the three spaces)."""
    s = chars(["Therese", "Caroline"])  # Therese (Virtue 5) starts
    car = seat(s, "Caroline")
    s = turn_to(s, car)
    deck_top = s.building_deck[0]
    before = s.players[car].hand
    s = place(s, space)
    if space == "black_market_b":
        assert s.decision == "black_market_b"
        s = act(s, "skip")
    after = s.players[car].hand
    assert len(after) == len(before) + 1
    assert after[-1] == deck_top


@pytest.mark.parametrize("space", ["black_market_a", "black_market_c"])
def test_others_draw_no_card_at_the_black_market(space):
    """RB Black Market: the actions give goods, not building cards."""
    s = chars(["Therese", "Caroline"])
    th = seat(s, "Therese")
    before = len(s.players[th].hand)
    s = place(s, space)
    assert len(s.players[th].hand) == before


# --------------------------------------------------------------------------- Frederick


def test_frederick_advances_without_discarding():
    """RB Frederick: "Does not discard a Building Card when advancing the
    Cathedral"; there is no discard decision and his hand keeps its cards."""
    s = chars(["Frederick", "Caroline"])
    fred = seat(s, "Frederick")
    s = s.edit(player=fred, resources={"gold": 1})
    hand = s.players[fred].hand
    deck = len(s.building_deck)
    s2 = place(s, "guildhall")
    s2 = s2.apply(Action("cathedral", option=(("gold", 1),)))
    assert s2.players[fred].cathedral_level == 1
    assert s2.players[fred].hand[: len(hand)] == hand
    assert len(s2.players[fred].hand) == hand_plus_reward(hand, s)
    assert len(s2.building_deck) == deck - REWARD[s.rewards[0]].gain.get("cards", 0)
    assert s2.current_player != fred  # no discard decision: the turn is over


def test_frederick_advances_with_an_empty_hand():
    """facts §12 / §5: Frederick may advance with an empty hand."""
    s = chars(["Frederick", "Caroline"])
    fred = seat(s, "Frederick")
    s = s.edit(player=fred, hand=[], resources={"gold": 1})
    assert "guildhall" not in s.placement_blockers()
    s2 = place(s, "guildhall")
    assert s2.legal_actions() == [Action("cathedral", option=(("gold", 1),))]
    s2 = s2.apply(s2.legal_actions()[0])
    assert s2.players[fred].cathedral_level == 1
    assert len(s2.players[fred].hand) == REWARD[s.rewards[0]].gain.get("cards", 0)


def test_others_must_discard_for_the_cathedral():
    """RB Advancing Work on the Cathedral step 2: discard any 1 Building Card; with
    an empty hand there is nothing to discard, so no advance."""
    s = chars(["Rudolf", "Frederick"])  # Rudolf (Virtue 9) starts
    rud = seat(s, "Rudolf")
    empty = s.edit(player=rud, hand=[], resources={"gold": 1})
    assert "building card to discard" in empty.placement_blockers()["guildhall"]
    s = s.edit(player=rud, hand=["Well"], resources={"gold": 1})
    s = place(s, "guildhall").apply(Action("cathedral", option=(("gold", 1),)))
    assert s.decision == "cathedral_discard" and s.current_player == rud
    s = act(s, "discard", card="Well")
    assert "Well" not in s.players[rud].hand
    assert s.building_deck[-1] == "Well"


# --------------------------------------------------------------------------- Rudolf


def test_rudolf_hires_for_three():
    """RB Rudolf: "Pays 1 less Silver (not tax) hiring Apprentices": 3 Silver of
    which 2 Tax (facts §7)."""
    s = chars(["Rudolf", "Frederick"])
    rud = seat(s, "Rudolf")
    assert s.players[rud].silver == 3
    tax0 = s.tax
    s = act(place(s, "workshop"), "hire", target=0)
    assert s.players[rud].silver == 0
    assert s.tax == tax0 + 2
    assert len(s.players[rud].apprentices) == 1


def test_rudolf_may_hold_six_apprentices():
    """RB Rudolf: "may hire up to 6" (facts §2: limit 5, Rudolf 6); the 7th hire
    forces a discard of one of the others."""
    s = chars(["Rudolf", "Frederick"])
    rud, fred = seat(s, "Rudolf"), seat(s, "Frederick")
    five = list(s.apprentice_deck[:5])
    s = s.edit(player=rud, apprentices=five, silver=20)
    s = act(place(s, "workshop"), "hire", target=0)
    assert len(s.players[rud].apprentice_ids) == 6
    assert s.current_player == fred and s.decision == "place"  # no forced discard
    s = turn_to(s, rud)
    s = act(place(s, "workshop"), "hire", target=0)
    assert s.decision == "apprentice_limit" and s.current_player == rud
    assert archwk.GameState.from_json(s.to_json()).to_json() == s.to_json()  # 7 for a moment
    new = s.players[rud].apprentice_ids[-1]
    assert new not in {a.card for a in s.legal_actions()}
    s = s.apply(s.legal_actions()[0])
    assert len(s.players[rud].apprentice_ids) == 6


def test_six_apprentices_only_for_rudolf():
    """RB Workshop: max 5 Apprentices (Rudolf's 6 is his own)."""
    s = chars(["Rudolf", "Frederick"])
    fred = seat(s, "Frederick")
    six = list(s.apprentice_deck[:6])
    with pytest.raises(ValueError, match="at most 5 apprentices"):
        s.edit(player=fred, apprentices=six)
    s.edit(player=seat(s, "Rudolf"), apprentices=six)  # fine for Rudolf


# --------------------------------------------------------------------------- Therese


def _construct_options(s, name):
    return {a.option for a in s.legal_actions() if a.kind == "construct" and a.card == name}


def test_therese_pays_marble_for_gold():
    """RB Therese: "Treats Marble and Gold as the same resource": the Steeple's
    2 Gold may be paid with Gold, Marble or a mix; every way is offered."""
    s = chars(["Therese", "Caroline"])
    th = seat(s, "Therese")
    s = s.edit(player=th, hand=["Steeple"], resources={"wood": 2, "gold": 2, "marble": 2})
    opts = _construct_options(place(s, "guildhall"), "Steeple")
    assert opts == {(("gold", 2), ("wood", 2)), (("gold", 1), ("marble", 1), ("wood", 2)),
                    (("marble", 2), ("wood", 2))}
    only_marble = s.edit(player=th, resources={"wood": 2, "gold": 0, "marble": 2})
    g = place(only_marble, "guildhall")
    assert _construct_options(g, "Steeple") == {(("marble", 2), ("wood", 2))}
    g = g.apply(Action("construct", card="Steeple", option=(("marble", 2), ("wood", 2))))
    assert "Steeple" in g.players[th].buildings
    assert g.players[th].marble == 0 and g.players[th].gold == 0


def test_therese_pays_gold_for_marble_at_the_cathedral():
    """RB Therese: Marble and Gold are one resource, also for Cathedral costs:
    level 1 (1 Gold) with Marble, level 3 (1 Marble) with Gold (facts §5)."""
    s = chars(["Therese", "Caroline"])
    th = seat(s, "Therese")
    s1 = s.edit(player=th, resources={"marble": 1})
    assert place(s1, "guildhall").legal_actions() == [Action("cathedral", option=(("marble", 1),))]
    s3 = s.edit(player=th, resources={"gold": 1}, cathedral_level=2)
    acts = place(s3, "guildhall").legal_actions()
    assert acts == [Action("cathedral", option=(("gold", 1),))]


def test_others_cannot_swap_gold_and_marble():
    """RB Constructing a Building: pay the resource cost (no substitutes)."""
    s = chars(["Frederick", "Caroline"])
    fred = seat(s, "Frederick")
    s = s.edit(player=fred, hand=["Steeple"], resources={"wood": 2, "marble": 2})
    assert "guildhall" in s.placement_blockers()


@pytest.mark.parametrize("building", ["Castle", "Observatory"])
def test_therese_castle_and_observatory_count_gold_and_marble(building):
    """facts §1 (#18 Castle, #37 Observatory) / §12: +1 Virtue per 2 Gold (Castle)
    or 2 Marble (Observatory); Therese counts Gold + Marble."""
    s = chars(["Therese", "Frederick"])
    th, fred = seat(s, "Therese"), seat(s, "Frederick")
    b = BUILDING[building]
    for p in (th, fred):
        s = s.edit(player=p, resources={"gold": 2, "marble": 3})
    assert end_game_virtue(s, th, b) == 2  # (2 + 3) // 2
    assert end_game_virtue(s, fred, b) == 1  # 2 // 2 or 3 // 2
    s = s.edit(player=th, buildings=[building], virtue=9)
    sc = archwk.final_scores(s)[th]
    assert sc.virtue == 2  # Virtue 9 + 2 = 11: +2 VP (facts §6)


# --------------------------------------------------------------------------- promo: Lothaire


def test_lothaire_pays_one_wood_or_stone_less():
    """facts §12 Lothaire: on every building cost pay 1 fewer Wood or 1 fewer
    Stone (one unit); the Well (2 Wood, 2 Stone) is offered both ways."""
    s = chars(["Lothaire", "Hugo"])  # Lothaire (Virtue 4) starts
    lo = seat(s, "Lothaire")
    s = s.edit(player=lo, hand=["Well"], resources={"wood": 2, "stone": 2})
    assert _construct_options(place(s, "guildhall"), "Well") == {
        (("stone", 2), ("wood", 1)), (("stone", 1), ("wood", 2))}
    s = s.edit(player=lo, resources={"wood": 1, "stone": 2})
    g = place(s, "guildhall")
    assert _construct_options(g, "Well") == {(("stone", 2), ("wood", 1))}
    g = g.apply(Action("construct", card="Well", option=(("stone", 2), ("wood", 1))))
    assert g.players[lo].wood == 0 and g.players[lo].stone == 0
    assert g.players[lo].clay == 2 + 4  # the Well's 4 Clay


def test_lothaire_cathedral_discount():
    """facts §5 / §12: Lothaire pays one less Wood or Stone on a Cathedral cost:
    level 2 (4 Stone/Wood) with 3 Stone; level 1 (1 Gold) is unchanged."""
    s = chars(["Lothaire", "Hugo"])
    lo = seat(s, "Lothaire")
    s = s.edit(player=lo, virtue=7, cathedral_level=1, resources={"stone": 3, "wood": 0})
    acts = place(s, "guildhall").legal_actions()
    assert Action("cathedral", option=(("stone", 3),)) in acts
    s = s.edit(player=lo, cathedral_level=0, resources={"stone": 0, "gold": 1})
    assert place(s, "guildhall").legal_actions() == [Action("cathedral", option=(("gold", 1),))]


def test_no_discount_without_lothaire():
    """RB Constructing a Building: pay the full cost."""
    s = chars(["Bertha", "Hugo"])  # Bertha (Virtue 8) starts
    be = seat(s, "Bertha")
    s = s.edit(player=be, hand=["Well"], resources={"wood": 1, "stone": 2})
    assert "guildhall" in s.placement_blockers()


# --------------------------------------------------------------------------- promo: Hugo


def _hugo_at_tax_stand(silver: int, virtue: int, tax: int = 4):
    s = chars(["Lothaire", "Hugo"])  # Lothaire (Virtue 4) starts
    hugo = seat(s, "Hugo")
    s = turn_to(s, hugo).edit(player=hugo, silver=silver, virtue=virtue, tax=tax)
    return place(s, "tax_stand"), hugo


def test_hugo_may_pay_two_silver_instead_of_a_debt():
    """facts §12 / §16 row 16 Hugo: whenever he would take a Debt he may pay 2
    Silver instead, decided at that moment. Stealing the Tax at Virtue 1 loses
    2 Virtue: 1 below 0, so 1 Debt (RB, Virtue Track)."""
    s, hugo = _hugo_at_tax_stand(silver=0, virtue=1)
    assert s.decision == "hugo" and s.current_player == hugo
    assert {a.kind for a in s.legal_actions()} == {"hugo_pay", "take_debt"}
    paid = act(s, "hugo_pay")
    assert paid.players[hugo].silver == 4 - 2
    assert paid.players[hugo].debts_unpaid == 0
    assert paid.players[hugo].virtue == 0
    took = act(s, "take_debt")
    assert took.players[hugo].silver == 4
    assert took.players[hugo].debts_unpaid == 1


def test_hugo_decides_for_each_debt():
    """facts §16 row 16: one decision per Debt (2 below 0 = 2 Debts)."""
    s, hugo = _hugo_at_tax_stand(silver=5, virtue=0)
    assert s.decision == "hugo"
    s = act(s, "hugo_pay")
    assert s.decision == "hugo" and s.current_player == hugo
    s = act(s, "take_debt")
    assert s.players[hugo].silver == 5 + 4 - 2
    assert s.players[hugo].debts_unpaid == 1
    assert s.current_player != hugo


def test_hugo_offered_only_with_two_silver():
    """facts §12: the pay option appears only if he has 2 or more Silver; with
    less the Debt is simply taken."""
    s, hugo = _hugo_at_tax_stand(silver=0, virtue=1, tax=1)
    assert s.players[hugo].silver == 1
    assert s.players[hugo].debts_unpaid == 1
    assert s.decision == "place" and s.current_player != hugo


def test_hugo_offered_for_other_debts():
    """facts §12: "whenever he would take a debt": also the Guardhouse's release
    for a Debt (RB, Guardhouse action 3)."""
    s = chars(["Lothaire", "Hugo"])
    hugo, lo = seat(s, "Hugo"), seat(s, "Lothaire")
    s = turn_to(s, hugo).edit(player=lo, captured={hugo: 2})
    s = place(s, "guardhouse")
    s = act(s, "guard", option="release_debt")
    assert s.decision == "hugo"
    s = act(s, "hugo_pay")
    assert s.players[hugo].debts_unpaid == 0
    assert s.players[hugo].silver == 12 - 2
    assert s.players[lo].captured[hugo] == 0


def test_others_take_debts_without_a_choice():
    """RB Virtue Track: for each Virtue lost below 0, take a Debt Card."""
    s = chars(["Lothaire", "Hugo"])
    lo = seat(s, "Lothaire")
    s = place(s.edit(player=lo, virtue=1, silver=10), "tax_stand")
    assert s.players[lo].debts_unpaid == 1
    assert s.players[lo].silver == 14


# --------------------------------------------------------------------------- promo: Clovis


def test_clovis_draws_a_card_per_building():
    """facts §12 Clovis: +1 building card after each building constructed."""
    s = chars(["Clovis", "Fara"])  # Clovis (Virtue 10) starts
    cl = seat(s, "Clovis")
    s = s.edit(player=cl, hand=["Well", "Smithy"], resources={"wood": 2, "stone": 2})
    top = s.building_deck[0]
    s = place(s, "guildhall").apply(Action("construct", card="Well", option=(("stone", 2), ("wood", 2))))
    assert s.players[cl].hand == ("Smithy", top)


def test_clovis_draws_no_card_for_the_cathedral():
    """facts §12 Clovis: not for the Cathedral."""
    s = chars(["Clovis", "Fara"])
    cl = seat(s, "Clovis")
    s = s.edit(player=cl, hand=["Well"], resources={"gold": 1})
    reward_cards = REWARD[s.rewards[0]].gain.get("cards", 0)
    s = place(s, "guildhall").apply(Action("cathedral", option=(("gold", 1),)))
    s = act(s, "discard", card="Well")
    assert s.players[cl].cathedral_level == 1
    assert len(s.players[cl].hand) == reward_cards


def test_no_card_per_building_without_clovis():
    """RB Constructing a Building: no card is drawn."""
    s = chars(["Fara", "Bertha"])  # Bertha (8) starts
    be = seat(s, "Bertha")
    s = s.edit(player=be, hand=["Well"], resources={"wood": 2, "stone": 2})
    s = place(s, "guildhall").apply(Action("construct", card="Well", option=(("stone", 2), ("wood", 2))))
    assert s.players[be].hand == ()


# --------------------------------------------------------------------------- promo: Fara


def _reset_by_bertha(s):
    """Bertha fills the third Black Market space: a Black Market reset (RB)."""
    be = seat(s, "Bertha")
    s = turn_to(s, be).edit(workers_at={"black_market_a": {be: 1}, "black_market_b": {be: 1}})
    s = s.edit(player=be, silver=3)
    s = place(s, "black_market_c")
    assert s.resets >= 1
    return s


def test_fara_releases_one_at_each_reset():
    """facts §12 Fara: at each Black Market reset, releases 1 of her workers from
    Prison (automatic, facts §16 row 15)."""
    s = chars(["Fara", "Bertha"])
    fara = seat(s, "Fara")
    assert s.players[fara].in_prison == 2
    s = _reset_by_bertha(s)
    assert s.players[fara].in_prison == 1
    assert worker_total(s, fara) == 20
    s = _reset_by_bertha(s)
    assert s.resets == 2
    assert s.players[fara].in_prison == 0


def test_fara_release_comes_before_the_prison_penalties():
    """facts §3.3 / §12: Fara's release runs in step 3, before step 4 (3+ in
    Prison: -1 Virtue) and step 5 (most in Prison: a Debt)."""
    s = chars(["Fara", "Bertha"])
    fara, be = seat(s, "Fara"), seat(s, "Bertha")
    s = s.edit(player=fara, in_prison=3)
    s = _reset_by_bertha(s)
    assert s.players[fara].in_prison == 2
    assert s.players[fara].virtue == 6  # 2 in Prison after the release: no Virtue lost
    assert s.players[fara].debts_unpaid == 0
    assert s.players[be].in_prison == 3  # her 3 Black Market workers
    assert s.players[be].debts_unpaid == 1  # the most in Prison


def test_no_release_without_fara():
    """RB Black Market Reset: only reset abilities release workers."""
    s = chars(["Therese", "Bertha"])
    th = seat(s, "Therese")
    s = _reset_by_bertha(s)
    assert s.players[th].in_prison == 4


# --------------------------------------------------------------------------- promo: Bertha


def test_bertha_gains_two_more_silver_sending_to_prison():
    """facts §12 Bertha / §10: Guardhouse action 1 gives 1 Silver per captured
    worker sent to Prison, +2 Silver for Bertha."""
    s = chars(["Fara", "Bertha"])
    be, fara = seat(s, "Bertha"), seat(s, "Fara")
    s = s.edit(player=be, captured={fara: 2}, silver=3)
    s = place(s, "guardhouse")
    assert s.legal_actions() == [Action("guard", option="send_to_prison")]
    s = act(s, "guard", option="send_to_prison")
    assert s.players[be].silver == 3 + 2 + 2
    assert s.players[fara].in_prison == 2 + 2
    assert sum(s.players[be].captured) == 0


def test_send_to_prison_without_bertha():
    """RB Guardhouse 1: 1 Silver per captured worker."""
    s = chars(["Fara", "Bertha"])
    be, fara = seat(s, "Bertha"), seat(s, "Fara")
    s = place(s, "forest").edit(player=fara, captured={be: 3}, silver=0)
    s = act(place(s, "guardhouse"), "guard", option="send_to_prison")
    assert s.players[fara].silver == 3


def test_hugo_second_debt_without_silver_is_simply_taken():
    """facts §12: the pay option exists only with 2 or more Silver; after paying
    for the first Debt with his last 2 Silver, the second is taken without a
    further (one-option) decision."""
    s, hugo = _hugo_at_tax_stand(silver=0, virtue=0, tax=2)
    assert s.decision == "hugo"
    s = act(s, "hugo_pay")
    assert s.players[hugo].silver == 0
    assert s.players[hugo].debts_unpaid == 1
    assert s.decision == "place" and s.current_player != hugo


@pytest.mark.parametrize("change, card, field, problem", [
    (lambda rows: rows[2].__setitem__("silver", "lots"), "character #3 'Frederick'", "silver", "expected int"),
    (lambda rows: rows[0].__setitem__("virtue", 15), "character #1 'Ada'", "virtue", "must be 0..14"),
    (lambda rows: rows[4].__setitem__("items", {"iron": 1}), None, "items", "bad entry 'iron' = 1"),
    (lambda rows: rows[1].pop("ability"), None, None, "fields must be exactly"),
])
def test_a_bad_character_file_names_file_card_and_field(tmp_path, change, card, field, problem):
    """A character file that breaks the data rules (RB, Variable Setup Characters:
    Virtue 0..14, the five goods) raises CardDataError naming the file, the card and
    the field, never another error."""
    import tomllib

    from archwk.games.architects.cards import DATA_DIR
    from archwk.games.architects.characters import load_characters
    rows = tomllib.loads((DATA_DIR / "characters.toml").read_text(encoding="utf-8"))["character"]
    change(rows)

    def toml_value(v):
        if isinstance(v, dict):
            return "{ " + ", ".join(f"{k} = {toml_value(x)}" for k, x in v.items()) + " }"
        return f'"{v}"' if isinstance(v, str) else str(v).lower() if isinstance(v, bool) else str(v)
    text = "\n".join("[[character]]\n" + "\n".join(f"{k} = {toml_value(v)}" for k, v in row.items()) + "\n"
                     for row in rows)
    path = tmp_path / "my_characters.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(archwk.CardDataError) as info:
        load_characters(path)
    err = info.value
    assert err.file == "my_characters.toml" and problem in str(err)
    assert str(err).startswith("my_characters.toml: character #")
    if card:
        assert err.card == card
    if field:
        assert err.field == field and f"field '{field}'" in str(err)
