"""Archon's rounds: the hand splits and turns (rulebook §4), passing and the next
round's order (§4.1), and the end of a round (§6; facts file A3, A14, A24-A27)."""
from __future__ import annotations

import pytest
from archon_positions import choose, most_magisters, new, pass_turn, place, started, to_round_end

import archwk
from archwk.games.archon.actions import Action
from archwk.games.archon.constants import CARD_TYPES


def test_4a_the_ten_cards_split_into_two_piles_of_five():
    """§4: 8 Courtiers + 2 starting Magisters, split however the player likes into this
    round's hand and the next round's; others see only how many each pile holds."""
    s = new(3, seed=2)
    while s.decision == "start":
        s = choose(s, "start", magisters=("tax_collector", "cleric"))
    assert s.decision == "split"
    p = s.current_player
    hands = sorted(a.hand for a in s.legal_actions())
    assert hands == sorted([(5, 0, 0, 0, 0), (4, 1, 0, 0, 0), (4, 0, 1, 0, 0), (3, 1, 1, 0, 0)])
    s = choose(s, "split", hand=(4, 0, 1, 0, 0))
    me = s.players[p]
    assert sorted(me.hand) == sorted(["courtier"] * 4 + ["cleric"])
    assert sorted(me.next_pile) == sorted(["courtier"] * 4 + ["tax_collector"])
    other = s.view((p + 1) % 3).players[p]
    assert other.hand is None and other.next_pile is None and (other.hand_size, other.next_size) == (5, 5)
    assert dict(other.unseen) == {"courtier": 8, "tax_collector": 1, "cleric": 1, "scribe": 0, "merchant": 0}
    with pytest.raises(archwk.IllegalAction, match="Gameplay: each pile holds 5 cards"):
        s.apply(Action("split", hand=(4, 0, 0, 0, 0)))


def test_4b_a_new_split_before_odd_rounds_the_other_pile_in_even_rounds():
    """§4, §6 step 6: splits before rounds 1, 3, 5, 7, 9; rounds 2, 4, ... take the other pile."""
    s = started(2, seed=3)
    splits = {1}
    for rnd in range(1, 9):
        nxt = {p: sorted(s.players[p].next_pile) for p in range(2)}
        s = to_round_end(s)
        if s.decision == "split":
            splits.add(s.round)
            while s.decision == "split":
                s = s.apply(most_magisters(s))
        else:
            assert {p: sorted(s.players[p].hand) for p in range(2)} == nxt
            assert all(pl.next_size == 0 for pl in s.players)
        assert s.round == rnd + 1
    assert splits == {1, 3, 5, 7, 9}


def test_4c_a_turn_plays_a_card_and_places_a_figure():
    s = started(3, seed=4)
    p = s.current_player
    before = s.players[p]
    s = place(s, "treasury")
    after = s.players[p]
    assert after.figures_in_supply == before.figures_in_supply - 1 and after.hand_size == before.hand_size - 1
    assert after.played == ("courtier",) and after.gold == before.gold + 2
    assert s.workers_at("treasury") == {p: 1} and s.current_player == s.order[1]


def test_4d_a_two_card_slot_takes_two_cards_or_one_magister():
    """§4, §5b, A15: 2 Courtiers (any 2 cards, no bonus) or a Magister alone."""
    s = started(3, seed=5)
    p = s.current_player
    s = s.edit(player=p, gold=6)
    two = [a for a in s.legal_actions() if a.kind == "place" and a.location == "academy" and a.slot == 1]
    pays = {a.pay for a in two}
    assert ("courtier", "courtier") in pays and all(len(pay) == 2 or pay[0] != "courtier" for pay in pays)
    assert any(len(pay) == 1 for pay in pays)                 # a Magister alone
    with pytest.raises(archwk.IllegalAction, match="needs 2 cards: 2 cards, or a single Magister"):
        s.apply(Action("place", location="academy", slot=1, pay=("courtier",)))
    s2 = place(s, "academy", pay=("courtier", "courtier"), slot=1)
    assert s2.players[p].played == ("courtier", "courtier") and s2.players[p].arts == 1


def test_4e_4_1a_pass_with_cards_then_no_more_turns():
    """§4.1: a player may pass holding cards and figures, and acts no more this round;
    the round ends when every player has passed."""
    s = started(3, seed=6)
    first, second, third = s.order
    s = pass_turn(s)
    assert s.players[first].passed and s.players[first].hand_size == 5
    assert s.current_player == second
    s = place(s, "palace")
    while s.current_player == second:
        s = s.apply(s.legal_actions()[0])
    assert s.current_player == third
    s = place(s, "repository")
    while s.current_player == third:
        s = s.apply(s.legal_actions()[0])
    assert s.current_player == second               # the first, passed, is skipped
    s = to_round_end(s)
    assert s.round == 2 and not any(p.passed for p in s.players)


def test_4_1b_passing_announces_how_many_cards_not_which():
    s = started(3, seed=7)
    p = s.current_player
    s = pass_turn(s)
    assert s.players[p].announced == 5
    assert [e.text for e in s.events if e.kind == "passed"] == [f"{s.players[p].name} passes, holding 5 unused cards"]
    v = s.view(s.current_player)
    assert v.players[p].announced == 5 and v.players[p].hand is None


def test_4_1c_to_e_next_round_order():
    """§4.1 (A14): most unused cards first; tied, the higher total value (Courtier 0, Tax
    Collector 1, Cleric 2, Scribe 3, Merchant 4) first; still tied, the existing order."""
    pairs = {0: ("tax_collector", "cleric"), 1: ("tax_collector", "cleric"), 2: ("tax_collector", "cleric")}
    s = started(3, seed=8, magisters=pairs)
    a, b, c = s.order
    s = pass_turn(s)                                  # a: 5 unused
    s = place(s, "treasury", pay=("cleric",))         # b: spends its Cleric -> 4 unused, value 1
    s = place(s, "treasury", pay=("courtier",))       # c: 4 unused, value 3
    s = to_round_end(s)
    assert s.order == (a, c, b)
    # all tied (same cards unused): the existing order stays
    s = to_round_end(s)
    assert s.order == (a, c, b)
    names = [e.text for e in s.events if e.kind == "round_end"]
    assert names and "Unused cards" in names[0]


def test_6_1_hands_are_discarded_and_6_4_6_5_figures_and_tokens_come_off():
    s = started(3, seed=9, magisters={p: ("tax_collector", "cleric") for p in range(3)})
    p = s.current_player
    s = place(s, "treasury", pay=("tax_collector",))
    tb = archwk.table(s)
    assert next(sv.token for sv in tb.slots_at("treasury")) == p and tb.supply["tokens"] == 15
    s = to_round_end(s)
    tb = archwk.table(s)
    assert all(not sv.occupants and sv.token is None for sv in tb.slots) and tb.supply["tokens"] == 16
    assert all(pl.figures_in_supply == 5 and pl.played == () for pl in s.players)
    assert sorted(s.players[p].spent) == sorted(["courtier"] * 3 + ["tax_collector", "cleric"])


@pytest.mark.parametrize("n", [2, 3, 4])
def test_6_2_the_farthest_king_s_favor_leaves_the_rest_slide_on(n):
    """§6 step 2 (A25): with n < 4 the farthest card is in slot n."""
    s = started(n, seed=10)
    before = [f.card for f in archwk.table(s).favors]
    s = to_round_end(s)
    after = archwk.table(s).favors
    assert [f.slot for f in after] == list(range(n)) and [f.card for f in after][1:] == before[:-1]
    assert archwk.table(s).decks["kings_favors"] == 22 - n - 1


def test_6_3_repository_leftovers_go_back_and_a_new_province_fills_it():
    s = started(2, seed=11)
    s = place(s, "repository")
    s = s.apply(s.legal_actions()[0]) if s.decision == "take" else s
    tb = archwk.table(s)
    stock = {r: tb.supply[r] for r in ("stone", "papyrus", "silver", "iron")}
    left = dict(tb.repository)
    s = to_round_end(s)
    tb2 = archwk.table(s)
    card = s.components.province(tb2.province).resources(2)
    assert dict(tb2.repository) == card and tb2.province != tb.province
    for r in stock:
        assert tb2.supply[r] == stock[r] + left[r] - card[r]


def test_a3_a_passed_player_s_figure_still_blocks_and_its_token_collects():
    s = started(2, seed=12, magisters={0: ("tax_collector", "cleric"), 1: ("tax_collector", "cleric")})
    p, q = s.order
    s = place(s, "treasury", pay=("tax_collector",), slot=0)
    s = place(s, "barracks")
    s = pass_turn(s)
    assert s.players[p].passed and s.current_player == q
    # p's figure still holds the Treasury's slot: only q's Cleric may join it, paying p's toll
    treasury = {a.pay for a in s.legal_actions() if a.kind == "place" and a.location == "treasury"}
    assert treasury == {("cleric",)}
    gold_p, gold_q = s.players[p].gold, s.players[q].gold
    s = place(s, "treasury", pay=("cleric",), slot=0)
    assert s.players[p].gold == gold_p + 1 and s.players[q].gold == gold_q - 1 + 2
    assert s.workers_at("treasury") == {p: 1, q: 1}


def test_a26_a_player_with_no_card_left_passes_by_itself():
    """A26: with no card, figure or legal action left, the player must pass (a decision
    with one choice makes itself; the pass is announced like any other)."""
    s = started(2, seed=13)
    p, _q = s.order
    s = s.edit(player=p, gold=20)
    s = place(s, "treasury")
    s = pass_turn(s)
    while s.round == 1:
        assert s.current_player == p
        if s.decision == "turn":
            s = s.apply(next(a for a in s.legal_actions() if a.kind == "place" and len(a.pay) == 1))
        else:
            s = s.apply(s.legal_actions()[0])
    assert sum(1 for a in s.history if a.kind == "pass") == 1          # only q chose to pass
    assert f"{s.players[p].name} passes, holding 0 unused cards" in [e.text for e in s.events]


def test_card_types_are_the_rulebook_s():
    assert CARD_TYPES == ("courtier", "tax_collector", "cleric", "scribe", "merchant")
