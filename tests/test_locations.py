"""Rules tests for every board location.

"RB" is the rulebook (shared/seeds/000_61b9e43c65635cb2.txt), cited by section
("RB, Board Locations — Quarry"); "facts §N" is shared/reference/architects-facts.md,
whose §16 decision table archwk follows where the sources differ.

Positions are built from a real game (the setup decisions taken with the first
legal action) and `GameState.edit`; a few fields that `edit` does not expose
(the Guildhall fill, the Black Market piles, the reward pile, silver lying on
display cards) are set through the internal `archwk.games.architects.core.thaw/commit`, which is
said wherever it is used.
"""
from __future__ import annotations

import functools
from itertools import combinations_with_replacement

import pytest
from helpers import act, kinds, place, started, texts

import archwk
from archwk import Action, IllegalAction
from archwk.games.architects import cards, core

APP = {a.id: a for a in cards.APPRENTICES}
VIRTUE_TRADES = list(combinations_with_replacement(("clay", "wood", "stone"), 2))
MARBLE_TRADES = list(combinations_with_replacement(("wood", "stone"), 3))
NONE = {r: 0 for r in ("clay", "wood", "stone", "gold", "marble")}


# --------------------------------------------------------------------------- position building

@functools.cache
def _start(n, seed, options):
    return started(n, seed, options)  # states are immutable: safe to share


def pos(n=3, *, options=None, board=None, tax=None, others=None, **me):
    """(state, p): a placement decision for player p (the player to move), with
    `me` edited into p, `others` ({offset from p: changes}) into the others and
    `board`/`tax` into the board. Cards named in an edit must be free (in the
    deck), so seeds are tried until they are."""
    last = None
    for seed in range(1, 80):
        s = _start(n, seed, options)
        p, m = s.current_player, len(s.players)  # solo: the Byzantine opponent is player 1
        try:
            if me:
                s = s.edit(player=p, **me)
            for off, ch in (others or {}).items():
                s = s.edit(player=(p + off) % m, **ch)
            board_changes = {}
            if board is not None:
                board_changes["workers_at"] = {
                    loc: {(p + off) % m: c for off, c in per.items()} for loc, per in board.items()}
            if tax is not None:
                board_changes["tax"] = tax
            if board_changes:
                s = s.edit(**board_changes)
        except ValueError as e:
            if "available" in str(e):
                last = e
                continue
            raise
        return s, p
    raise last


def internal(s, **fields):
    """Set state fields `edit` does not offer, through the internal
    archwk.games.architects.core.thaw/commit (tests only)."""
    t = core.thaw(s)
    for k, v in fields.items():
        setattr(t, k, v)
    return core.commit(t)


def with_guildhall(s, k: int):
    """The Guildhall already holding k workers (of the other players, round
    robin), set through the internal archwk.games.architects.core.thaw/commit: replaying k
    constructions would be slow. Their owners' supplies shrink to match."""
    p, n = s.current_player, len(s.players)
    owners = [i for i in range(n) if i != p] or [p]
    t = core.thaw(s)
    gh = tuple(owners[i % len(owners)] for i in range(k))
    for o in gh:
        core.writable_player(t, o).workers_in_supply -= 1
    t.guildhall = gh
    return core.commit(t)


def res(s, p):
    return dict(s.players[p].resources)


def assert_illegal(s, action, *words):
    """IllegalAction naming the rule, and nothing changed."""
    before = None if s.is_view else s.to_json()
    with pytest.raises(IllegalAction) as e:
        s.apply(action)
    msg = str(e.value)
    for w in words:
        assert w.lower() in msg.lower(), (w, msg)
    if before is not None:
        assert s.to_json() == before
    assert s.why_illegal(action) == msg
    return msg


def turn_passed(s, p):
    """The turn of p is over: someone else is choosing where to place."""
    return s.decision == "place" and s.current_player != p


# =========================================================================== gathering
# RB, Board Locations — Quarry, Forest, Mines and Silversmith: "Gain the
# indicated resource based on the number of your own Workers present, after
# placing 1. Opposing Workers don't affect your reward." (facts §10, §16 rows 1-2)

@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("already", [0, 1, 2, 4])
def test_quarry_yields_one_stone_per_own_worker(n, already):
    # RB Quarry / facts §16 row 1: W stone (board art), not 1 + W
    s, p = pos(n, board={"quarry": {0: already, 1: 5}})
    s2 = place(s, "quarry")
    assert s2.players[p].stone == already + 1
    assert s2.workers_at("quarry")[p] == already + 1
    assert turn_passed(s2, p)


@pytest.mark.parametrize("cutters", [1, 2])
def test_quarry_stonecutter_bonus(cutters):
    # RB Appendix — Stonecutter: +1 Stone at the Quarry; copies stack (facts §2)
    s, p = pos(apprentices=["Stonecutter"] * cutters, board={"quarry": {0: 2}})
    assert place(s, "quarry").players[p].stone == 3 + cutters


@pytest.mark.parametrize("already", [0, 1, 3])
@pytest.mark.parametrize("cutters", [0, 1, 2])
def test_forest_wood_and_woodcutters_stack(already, cutters):
    # RB Forest: 1 Wood per Worker; RB Appendix — Woodcutter +1 Wood each (two stack)
    s, p = pos(apprentices=["Woodcutter"] * cutters, board={"forest": {0: already, 2: 3}})
    s2 = place(s, "forest")
    assert s2.players[p].wood == already + 1 + cutters
    assert res(s2, p) == {**NONE, "wood": already + 1 + cutters}


@pytest.mark.parametrize("already", [0, 1, 3])
@pytest.mark.parametrize("jewellers", [0, 1, 2])
def test_silversmith_w_plus_one_and_jewellers(already, jewellers):
    # RB Silversmith: Silver (1, plus 1 per Worker); Jeweller +1 Silver
    s, p = pos(silver=0, apprentices=["Jeweller"] * jewellers, board={"silversmith": {0: already}})
    s2 = place(s, "silversmith")
    assert s2.players[p].silver == already + 2 + jewellers


def test_gathering_ignores_opposing_workers():
    # RB: "Opposing Workers don't affect your reward."
    base, p = pos(silver=0)
    crowded, _ = pos(silver=0, board={loc: {1: 4, 2: 3} for loc in ("quarry", "forest", "silversmith", "mines")})
    for loc in ("quarry", "forest", "silversmith", "mines"):
        a, b = place(base, loc), place(crowded, loc)
        assert res(a, p) == res(b, p) and a.players[p].silver == b.players[p].silver


@pytest.mark.parametrize("miners", [0, 1, 2])
def test_mines_first_worker_only_clay_no_choice(miners):
    # RB Mines: "Your first Worker can only gain 2 Clay, as at least 2 Workers are
    # needed for Gold" — no choice is offered; Miner +1 Clay (RB Appendix — Miner)
    s, p = pos(apprentices=["Miner"] * miners, board={"mines": {1: 3}})
    s2 = place(s, "mines")
    assert turn_passed(s2, p)  # no Clay-or-Gold decision
    assert res(s2, p) == {**NONE, "clay": 2 + miners}


@pytest.mark.parametrize("already", [1, 2, 3, 4])
def test_mines_second_worker_choice_clay_or_gold(already):
    # RB Mines: Clay (1, plus 1 per Worker) OR Gold (1 for every 2 Workers), never split
    w = already + 1
    s, p = pos(board={"mines": {0: already}})
    s2 = place(s, "mines")
    assert s2.decision == "mines" and s2.current_player == p
    assert set(s2.legal_actions()) == {Action("mine", option="clay"), Action("mine", option="gold")}
    clay = act(s2, "mine", option="clay")
    gold = act(s2, "mine", option="gold")
    assert res(clay, p) == {**NONE, "clay": w + 1}
    assert res(gold, p) == {**NONE, "gold": w // 2}
    assert turn_passed(clay, p) and turn_passed(gold, p)


@pytest.mark.parametrize("miners", [1, 2])
def test_mines_miner_adds_clay_either_way(miners):
    # RB Appendix — Miner: "When collecting Clay or Gold at the Mines, also gain 1 additional Clay"
    s, p = pos(apprentices=["Miner"] * miners, board={"mines": {0: 2}})
    s2 = place(s, "mines")
    assert res(act(s2, "mine", option="clay"), p) == {**NONE, "clay": 4 + miners}
    assert res(act(s2, "mine", option="gold"), p) == {**NONE, "gold": 1, "clay": miners}


# =========================================================================== King's Storehouse
# RB, Board Locations — King's Storehouse: "Take up to 1 action for each Worker
# you have there ... trade any 2 pictured resources (Clay, Wood, or Stone) for
# 1 Virtue; or any 3 pictured resources (Wood or Stone) for 1 Marble ... You may
# repeat the same action." (facts §10)

def trade_options(s):
    return {a.option for a in s.legal_actions() if a.kind == "trade" and a.card is None}


@pytest.mark.parametrize("have, virtue_ok, marble_ok", [
    ({"clay": 2}, {("clay", "clay")}, set()),
    ({"clay": 1, "wood": 1, "stone": 1},
     {("clay", "wood"), ("clay", "stone"), ("wood", "stone")}, set()),
    ({"wood": 3}, {("wood", "wood")}, {("wood", "wood", "wood")}),
    ({"clay": 2, "wood": 2, "stone": 2}, set(VIRTUE_TRADES),
     {("wood", "wood", "stone"), ("wood", "stone", "stone")}),
    ({"clay": 5, "wood": 5, "stone": 5}, set(VIRTUE_TRADES), set(MARBLE_TRADES)),
    ({"gold": 5, "marble": 5}, set(), set()),
])
def test_storehouse_offers_exactly_the_affordable_trades(have, virtue_ok, marble_ok):
    # all 6 Virtue combinations and all 4 Marble combinations, each only when affordable
    s, p = pos(resources=have, silver=0, board={"storehouse": {0: 2}})
    s2 = place(s, "storehouse")
    if not virtue_ok and not marble_ok:
        assert turn_passed(s2, p)  # nothing to trade: the action ends by itself
        return
    assert s2.decision == "storehouse"
    assert trade_options(s2) == virtue_ok | marble_ok
    assert Action("stop") in s2.legal_actions()
    assert len(VIRTUE_TRADES) == 6 and len(MARBLE_TRADES) == 4


@pytest.mark.parametrize("trade", VIRTUE_TRADES)
def test_storehouse_virtue_trade_pays_two(trade):
    s, p = pos(virtue=7, resources={"clay": 3, "wood": 3, "stone": 3})
    s2 = act(place(s, "storehouse"), "trade", option=trade)
    paid = {r: trade.count(r) for r in ("clay", "wood", "stone")}
    for r in ("clay", "wood", "stone"):
        assert s2.players[p].resources[r] == 3 - paid[r]
    assert s2.players[p].virtue == 8
    assert turn_passed(s2, p)  # 1 worker: 1 trade


@pytest.mark.parametrize("trade", MARBLE_TRADES)
def test_storehouse_marble_trade_pays_three(trade):
    s, p = pos(resources={"wood": 3, "stone": 3})
    s2 = act(place(s, "storehouse"), "trade", option=trade)
    assert s2.players[p].marble == 1
    assert s2.players[p].wood == 3 - trade.count("wood")
    assert s2.players[p].stone == 3 - trade.count("stone")


@pytest.mark.parametrize("already", [0, 1, 2, 3])
def test_storehouse_trades_per_own_worker_and_repeat(already):
    # up to 1 action per own Worker there; the same trade may be repeated
    s, p = pos(virtue=2, resources={"clay": 20}, board={"storehouse": {0: already, 1: 4}})
    s = place(s, "storehouse")
    for _i in range(already + 1):
        assert s.decision == "storehouse" and s.current_player == p
        s = act(s, "trade", option=("clay", "clay"))
    assert turn_passed(s, p)
    assert s.players[p].clay == 20 - 2 * (already + 1)
    assert s.players[p].virtue == 2 + already + 1


def test_storehouse_stop_early():
    s, p = pos(virtue=7, resources={"clay": 8}, board={"storehouse": {0: 2}})
    s = act(place(s, "storehouse"), "trade", option=("clay", "clay"))
    assert s.decision == "storehouse"
    s = act(s, "stop")
    assert turn_passed(s, p)
    assert s.players[p].clay == 6 and s.players[p].virtue == 8


@pytest.mark.parametrize("card, pay, gain", [
    (14, {"silver": 1}, {"clay": 3}),   # Merchant
    (15, {"silver": 2}, {"gold": 1}),   # Merchant
    (16, {"silver": 3}, {"marble": 1}),  # Merchant
    (17, {"silver": 1}, {"stone": 2}),  # Merchant
    (18, {"silver": 1}, {"wood": 2}),   # Merchant
    (21, {"clay": 1}, {"virtue": 1}),   # Patron
    (22, {"silver": 2}, {"virtue": 1}),  # Patron
    (23, {"stone": 1}, {"virtue": 1}),  # Patron
    (24, {"wood": 1}, {"virtue": 1}),   # Patron
    (35, {"clay": 3}, {"marble": 1}),   # Trader
    (36, {"stone": 2}, {"marble": 1}),  # Trader
    (37, {"wood": 2}, {"marble": 1}),   # Trader
])
def test_storehouse_apprentice_trades(card, pay, gain):
    # RB Appendix — Merchant / Patron / Trader: "As a King's Storehouse action,
    # spend ... to gain the ... shown" (figures: facts §2)
    start = {"clay": 1, "wood": 1, "stone": 1} | {r: v for r, v in pay.items() if r != "silver"}
    silver = pay.get("silver", 0)
    s, p = pos(silver=silver, virtue=7, resources=start, apprentices=[card])
    s = place(s, "storehouse")
    assert Action("trade", card=card) in s.legal_actions()
    s2 = act(s, "trade", card=card)
    after = s2.players[p]
    assert after.silver == 0
    for r in ("clay", "wood", "stone", "gold", "marble"):
        assert after.resources[r] == start.get(r, 0) - pay.get(r, 0) + gain.get(r, 0)
    assert after.virtue == 7 + gain.get("virtue", 0)


def test_storehouse_apprentice_trade_needs_payment():
    s, _p = pos(silver=1, resources={"clay": 2}, apprentices=[15, 35])  # 2 Silver -> Gold; 3 Clay -> Marble
    s = place(s, "storehouse")
    assert not any(a.card for a in s.legal_actions() if a.kind == "trade")


def test_storehouse_repeat_apprentice_trade():
    s, p = pos(silver=2, resources=NONE, apprentices=[14], board={"storehouse": {0: 1}})
    s = place(s, "storehouse")
    s = act(act(s, "trade", card=14), "trade", card=14)
    assert s.players[p].clay == 6 and s.players[p].silver == 0 and turn_passed(s, p)


def test_storehouse_overseer_adds_a_trade():
    # facts §2 #42 (expansion cards only): +1 Storehouse action
    s, p = pos(options=archwk.Options(expansion_cards=True), apprentices=[42], resources={"clay": 10})
    s = place(s, "storehouse")
    s = act(s, "trade", option=("clay", "clay"))
    assert s.decision == "storehouse" and s.current_player == p
    s = act(s, "trade", option=("clay", "clay"))
    assert turn_passed(s, p) and s.players[p].clay == 6


# =========================================================================== Workshop
# RB, Board Locations — Workshop (facts §9)

def hire_slots(s):
    return {a.target for a in s.legal_actions() if a.kind == "hire"}


@pytest.mark.parametrize("already, slots", [
    (0, {0, 4}), (1, {0, 1, 4, 5}), (2, {0, 1, 2, 4, 5, 6}), (3, set(range(8))), (5, set(range(8))),
])
def test_workshop_column_limit(already, slots):
    # RB: "Your first Worker in the Workshop can only hire from the left-most
    # column; second from the first or second column; fourth from any available."
    # Exactly 4 Silver: no skipping possible.
    s, _p = pos(silver=4, board={"workshop": {0: already}})
    s2 = place(s, "workshop")
    assert s2.decision == "workshop"
    assert hire_slots(s2) == slots
    assert Action("plans") in s2.legal_actions()


def test_workshop_no_hire_without_four_silver():
    s, _p = pos(silver=3, board={"workshop": {0: 3}})
    s2 = place(s, "workshop")
    assert hire_slots(s2) == set() and kinds(s2) == {"plans"}
    assert_illegal(s2, Action("hire", target=0), "Workshop", "4", "Tax")


def test_workshop_hire_pays_four_with_two_tax_and_shifts_display():
    # RB: "Pay a total of 4 Silver, 2 of which are Tax (placed above the Tax
    # Stand) ... shift Apprentice Cards left to fill the empty space and reveal a
    # new card in the right-most space."
    s, p = pos(silver=6, virtue=7, tax=4, board={"workshop": {0: 1}})
    disp, deck = s.display, s.apprentice_deck
    s2 = act(place(s, "workshop"), "hire", target=1)
    hired = disp[1]
    assert s2.players[p].apprentice_ids == (hired,)
    assert s2.players[p].silver == 2
    assert s2.tax == 6
    assert s2.display == (disp[0], disp[2], disp[3], deck[0]) + disp[4:]  # bottom row untouched
    assert s2.apprentice_deck == deck[1:]
    assert s2.players[p].virtue == 7 + APP[hired].virtue  # immediate Virtue effect
    assert turn_passed(s2, p)


def test_workshop_bottom_row_is_independent():
    # RB: "The 2 rows are independent but work the same way."
    s, _p = pos(silver=4)
    disp, deck = s.display, s.apprentice_deck
    s2 = act(place(s, "workshop"), "hire", target=4)
    assert s2.display == disp[:4] + (disp[5], disp[6], disp[7], deck[0])


@pytest.mark.parametrize("virtue, paid, taxed", [(7, 4, 2), (4, 4, 2), (3, 3, 1), (2, 3, 1), (1, 2, 0), (0, 2, 0)])
def test_workshop_tax_avoidance(virtue, paid, taxed):
    # RB, Virtue Track: at 3 or less "ignore 1 Tax" per icon; facts §6: 1 at
    # virtue 2-3, 2 at 0-1; only the Tax part is skipped
    s, p = pos(silver=10, virtue=virtue, tax=0)
    s2 = act(place(s, "workshop"), "hire", target=0)
    assert s2.players[p].silver == 10 - paid
    assert s2.tax == taxed


def test_workshop_low_virtue_can_hire_with_less_silver():
    s, _p = pos(silver=2, virtue=1)
    assert hire_slots(place(s, "workshop")) == {0, 4}


def test_workshop_skip_silver_and_later_hirer_collects_it():
    # RB: "You may place 1 Silver on an Apprentice Card to skip it (always on the
    # left-most card of a row first) ... Silver placed on an Apprentice is
    # collected by the player hiring them." (facts §9: cost = column - limit)
    s, p = pos(silver=9, tax=0)
    s1 = place(s, "workshop")
    assert hire_slots(s1) == set(range(8))  # 4 + up to 3 skips affordable
    disp = s.display
    s2 = act(s1, "hire", target=2)  # column 3 with 1 worker: skip columns 1 and 2
    assert s2.players[p].silver == 9 - 4 - 2
    assert s2.tax == 2  # the skip silver is not Tax
    assert s2.display_silver == (1, 1, 0, 0, 0, 0, 0, 0)
    assert s2.display[:2] == disp[:2] and s2.players[p].apprentice_ids == (disp[2],)
    assert "skip" in texts(s2).lower()
    # the next player hires the left-most card and collects its silver
    q = s2.current_player
    s3 = s2.edit(player=q, silver=4, virtue=7)
    s4 = act(place(s3, "workshop"), "hire", target=0)
    assert s4.players[q].silver == 4 - 4 + 1
    assert s4.players[q].apprentice_ids == (disp[0],)
    assert s4.display_silver[:4] == (1, 0, 0, 0)  # the other coin shifted left with its card


def test_workshop_skip_cost_depends_on_workers():
    # 2 workers reach column 2; column 4 needs 2 skips
    s, p = pos(silver=5, board={"workshop": {0: 1}})
    assert hire_slots(place(s, "workshop")) == {0, 1, 2, 4, 5, 6}
    s, p = pos(silver=6, board={"workshop": {0: 1}})
    s2 = act(place(s, "workshop"), "hire", target=7)
    assert s2.players[p].silver == 0
    assert s2.display_silver == (0, 0, 0, 0, 1, 1, 0, 0)


def test_workshop_apprentice_limit_forces_discard_not_of_new_card():
    # RB: "Max 5 Apprentices" (facts §2: hiring at the limit forces a discard;
    # the new card cannot be the one discarded; discards go to the deck bottom)
    mine = [13, 29, 30, 39, 40]
    s, p = pos(silver=4, apprentices=mine)
    new = s.display[0]
    s2 = act(place(s, "workshop"), "hire", target=0)
    assert s2.decision == "apprentice_limit" and s2.current_player == p
    offered = {a.card for a in s2.legal_actions()}
    assert offered == set(mine)
    assert_illegal(s2, Action("discard_apprentice", card=new))
    s3 = act(s2, "discard_apprentice", card=29)
    assert sorted(s3.players[p].apprentice_ids) == sorted([13, 30, 39, 40, new])
    assert s3.apprentice_deck[-1] == 29
    assert turn_passed(s3, p)


@pytest.mark.parametrize("already, drawn", [(0, 1), (1, 2), (2, 2), (3, 3), (4, 3), (5, 4)])
def test_workshop_plans_draw_one_plus_half(already, drawn):
    # RB: "Gain Building Cards from the top of the pile: 1, plus 1 additional for
    # every 2 Workers you have at the Workshop."
    s, p = pos(hand=[], board={"workshop": {0: already}})
    deck = s.building_deck
    s2 = act(place(s, "workshop"), "plans")
    assert s2.players[p].hand == deck[:drawn]
    assert s2.building_deck == deck[drawn:]
    assert turn_passed(s2, p)


def test_workshop_plans_hand_limit_discard_at_end_of_turn():
    # RB: "Max hand limit 6 (discard excess at end of turn)"
    s, p = pos(board={"workshop": {0: 5}})  # 3 cards in hand from the draft, +4
    assert len(s.players[p].hand) == 3
    s2 = act(place(s, "workshop"), "plans")
    assert s2.decision == "hand_limit" and s2.current_player == p
    assert len(s2.players[p].hand) == 7
    victim = s2.players[p].hand[0]
    s3 = act(s2, "discard", card=victim)
    assert len(s3.players[p].hand) == 6 and s3.building_deck[-1] == victim
    assert turn_passed(s3, p)


# =========================================================================== Town Centre
# RB, Board Locations — Town Centre (facts §10, §16 rows 12 and 18)

def capture_targets(s):
    return {(a.location, a.target) for a in s.legal_actions() if a.kind == "capture"}


def test_town_centre_captures_up_to_own_workers_first_taxed():
    # "For each Worker you have at the Town Centre, spend 1 Silver to capture 1
    # group of Workers (of a single color) from 1 location (the first Silver is Taxed)."
    s, p = pos(silver=5, tax=0, board={"town_centre": {0: 1}, "forest": {1: 3}, "quarry": {2: 2, 1: 1}})
    q, r = (p + 1) % 3, (p + 2) % 3
    s = place(s, "town_centre")
    assert s.decision == "town_centre"
    s = act(s, "capture", location="forest", target=q)
    assert s.decision == "town_centre" and s.players[p].silver == 4 and s.tax == 1
    s = act(s, "capture", location="quarry", target=r)
    assert turn_passed(s, p)  # 2 workers: 2 captures
    assert s.players[p].silver == 3 and s.tax == 1  # the second Silver goes to the supply
    assert s.players[p].captured[q] == 3 and s.players[p].captured[r] == 2
    assert s.workers_at("forest") == {} and s.workers_at("quarry") == {q: 1}
    assert s.players[q].workers_in_supply == 20 - 3 - 1


def test_town_centre_fewer_captures_allowed():
    s, p = pos(silver=5, board={"town_centre": {0: 2}, "forest": {1: 3}})
    s = act(place(s, "town_centre"), "capture", location="forest", target=(p + 1) % 3)
    s = act(s, "stop")
    assert turn_passed(s, p)


def test_town_centre_conspirator_further_captures_free():
    # RB Appendix — Conspirator; facts §16 row 18: each capture after the first
    # costs no silver, the first capture's tax stays
    s, p = pos(silver=1, tax=0, apprentices=["Conspirator"],
               board={"town_centre": {0: 2}, "forest": {1: 3}, "quarry": {2: 2}, "mines": {1: 1}})
    s = place(s, "town_centre")
    s = act(s, "capture", location="forest", target=(p + 1) % 3)
    assert s.players[p].silver == 0 and s.tax == 1
    assert ("quarry", (p + 2) % 3) in capture_targets(s)  # free, though 0 Silver is left
    s = act(s, "capture", location="quarry", target=(p + 2) % 3)
    assert s.players[p].silver == 0 and s.tax == 1
    assert s.players[p].captured[(p + 2) % 3] == 2


def test_town_centre_first_capture_free_at_low_virtue():
    # facts §7: "The first Town Centre capture is free at virtue 3 or less."
    s, p = pos(silver=0, virtue=3, tax=0, board={"forest": {1: 3}})
    s = place(s, "town_centre")
    s = act(s, "capture", location="forest", target=(p + 1) % 3)
    assert s.players[p].silver == 0 and s.tax == 0 and s.players[p].captured[(p + 1) % 3] == 3


def test_town_centre_without_silver_captures_nothing():
    s, p = pos(silver=0, virtue=7, board={"forest": {1: 3}})
    s2 = place(s, "town_centre")
    assert turn_passed(s2, p) and s2.workers_at("forest") == {(p + 1) % 3: 3}


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_town_centre_location_limit(n):
    # RB: "Capture from up to 2 locations with 2–3 players (and solo), but only 1 with 4+ players."
    q = 1
    board = {"town_centre": {0: 3}, "forest": {q: 2, 0: 1}, "quarry": {q: 1}, "mines": {q: 1}}
    s, p = pos(n, silver=9, board=board)
    n = len(s.players)  # solo: the player and the Byzantine opponent
    s = place(s, "town_centre")
    s = act(s, "capture", location="forest", target=(p + q) % n)
    left = capture_targets(s)
    assert ("forest", p) in left  # another group at the same location is fine
    if n <= 3:
        assert ("quarry", (p + q) % n) in left
        s = act(s, "capture", location="quarry", target=(p + q) % n)
        assert {loc for loc, _ in capture_targets(s)} == {"forest"}
        msg = assert_illegal(s, Action("capture", "mines", target=(p + q) % n), "2 location")
    else:
        assert {loc for loc, _ in left} == {"forest"}
        msg = assert_illegal(s, Action("capture", "quarry", target=(p + q) % n), "1 location")
    assert "Town Centre" in msg


def test_town_centre_capturing_own_workers_returns_them_to_supply():
    # RB: "Capturing your own Workers returns them to your supply."
    s, p = pos(silver=3, board={"forest": {0: 4}})
    supply = s.players[p].workers_in_supply
    s2 = act(place(s, "town_centre"), "capture", location="forest", target=p)
    assert s2.workers_at("forest") == {}
    assert s2.players[p].workers_in_supply == supply - 1 + 4
    assert sum(s2.players[p].captured) == 0


def test_town_centre_capture_the_worker_just_placed():
    # RB: "You may capture from the Town Centre (including the Worker just placed)."
    s, p = pos(silver=3, board={"town_centre": {0: 1, 1: 2}})
    s1 = place(s, "town_centre")
    assert ("town_centre", p) in capture_targets(s1)
    assert ("town_centre", (p + 1) % 3) in capture_targets(s1)
    supply = s1.players[p].workers_in_supply
    s2 = act(s1, "capture", location="town_centre", target=p)
    assert s2.workers_at("town_centre") == {(p + 1) % 3: 2}
    assert s2.players[p].workers_in_supply == supply + 2


def test_town_centre_never_guildhall_black_market_prison_or_boards():
    # RB: "Never from the Guildhall, Black Market, Prison, or another player's Board."
    s, p = pos(silver=9, board={"black_market_a": {1: 1}, "forest": {2: 1}}, others={1: {"in_prison": 2}})
    s = s.edit(player=(p + 2) % 3, captured={(p + 1) % 3: 2})
    s = with_guildhall(s, 3)
    s1 = place(s, "town_centre")
    locs = {loc for loc, _ in capture_targets(s1)}
    assert locs == {"forest", "town_centre"}
    for loc in ("black_market_a", "guildhall", "prison"):
        assert_illegal(s1, Action("capture", loc, target=(p + 1) % 3), "Town Centre", "never")


@pytest.mark.parametrize("loc", ["quarry", "forest", "mines", "silversmith", "storehouse", "workshop",
                                 "tax_stand", "guardhouse"])
def test_town_centre_every_large_open_circle_is_a_target(loc):
    # RB, Placing Workers: large open circles "Can be targeted by the Town Centre capture action."
    s, p = pos(silver=3, board={loc: {1: 2}})
    assert (loc, (p + 1) % 3) in capture_targets(place(s, "town_centre"))


# =========================================================================== Tax Stand
# RB, Board Locations — Tax Stand (facts §7)

@pytest.mark.parametrize("tax", [1, 4, 9])
def test_tax_stand_takes_all_loses_two_virtue(tax):
    s, p = pos(silver=2, virtue=7, tax=tax)
    s2 = place(s, "tax_stand")
    assert s2.players[p].silver == 2 + tax and s2.tax == 0
    assert s2.players[p].virtue == 5
    assert turn_passed(s2, p)


def test_tax_stand_thief_and_pickpocket():
    # RB Appendix — Thief: lose 1 less Virtue; Pickpocket: gain 1 Gold
    s, p = pos(virtue=7, tax=3, apprentices=["Thief"])
    assert place(s, "tax_stand").players[p].virtue == 6
    s, p = pos(virtue=7, tax=3, apprentices=["Pickpocket"])
    s2 = place(s, "tax_stand")
    assert s2.players[p].gold == 1 and s2.players[p].virtue == 5


def test_tax_stand_below_zero_virtue_gives_debt():
    # RB, Virtue Track: "For each Virtue lost below 0, take a Debt Card"
    s, p = pos(virtue=1, tax=2, debts_unpaid=0)
    s2 = place(s, "tax_stand")
    assert s2.players[p].virtue == 0 and s2.players[p].debts_unpaid == 1


def test_tax_stand_blocked_when_empty():
    # RB: "You cannot place a Worker here if there is no Tax to steal."
    s, _p = pos(tax=0)
    assert "empty" in s.placement_blockers()["tax_stand"]
    assert Action("place", location="tax_stand") not in s.legal_actions()
    assert_illegal(s, Action("place", location="tax_stand"), "Tax Stand", "empty")


# =========================================================================== Black Market
# RB, Board Locations — Black Market; Black Market Reset (facts §3)

BM = ("black_market_a", "black_market_b", "black_market_c")


def small_top(s):
    return dict(cards.BLACK_MARKET_CARDS[s.bm_small[0] - 1].small)


@pytest.mark.parametrize("i, cost", [(0, 1), (1, 2), (2, 3)])
def test_black_market_costs_go_to_supply_and_lose_virtue(i, cost):
    s, p = pos(silver=5, virtue=7, tax=4)
    s2 = place(s, BM[i])
    if i == 1:
        s2 = act(s2, "skip")
    assert s2.players[p].silver == 5 - cost
    assert s2.tax == 4  # not Tax
    assert s2.players[p].virtue == 6
    assert s2.workers_at(BM[i]) == {p: 1}


def test_black_market_a_gains_top_small_card():
    s, p = pos(silver=1, resources=NONE)
    goods = small_top(s)
    s2 = place(s, "black_market_a")
    assert {r: v for r, v in res(s2, p).items() if v} == goods


def test_black_market_c_printed_default_when_large_pile_empty():
    # facts §3.1: the Large space shows 2 Marble + 1 Stone + 1 Wood when its pile is empty
    s, p = pos(silver=3, resources=NONE)
    assert s.bm_large == ()
    s2 = place(s, "black_market_c")
    assert res(s2, p) == {**NONE, "marble": 2, "stone": 1, "wood": 1}


def test_black_market_c_gains_top_large_card():
    s, p = pos(silver=3, resources=NONE)
    # internal thaw/commit: move card 2 of the Small pile onto the Large pile
    s = internal(s, bm_small=tuple(c for c in s.bm_small if c != 2), bm_large=(2,))
    s2 = place(s, "black_market_c")
    assert res(s2, p) == {**NONE, **dict(cards.BLACK_MARKET_CARDS[1].large)}


def test_black_market_a_printed_default_when_small_pile_empty():
    # facts §3.1: the Small space shows 1 Marble + 1 Gold when its pile is empty
    s, p = pos(silver=1, resources=NONE)
    s = internal(s, bm_small=(), bm_large=tuple(range(1, 11)))  # internal thaw/commit
    s2 = place(s, "black_market_a")
    assert res(s2, p) == {**NONE, "marble": 1, "gold": 1}


def test_black_market_illusionist_trickster_swindlers():
    # RB Appendix — Illusionist: no Virtue lost; Trickster: 1 less Silver;
    # Swindler: extra resources (facts §2: +2 clay, +1 stone, +1 wood)
    s, p = pos(silver=3, virtue=7, apprentices=["Illusionist"])
    s2 = place(s, "black_market_c")
    assert s2.players[p].virtue == 7 and s2.players[p].silver == 0
    for i, cost in enumerate((0, 1, 2)):
        s, p = pos(silver=2, virtue=7, apprentices=["Trickster"])
        s2 = place(s, BM[i])
        if i == 1:
            s2 = act(s2, "skip")
        assert s2.players[p].silver == 2 - cost and s2.players[p].virtue == 6
    s, p = pos(silver=1, resources=NONE, apprentices=[31, 32, 33])
    goods = small_top(s)
    s2 = place(s, "black_market_a")
    want = dict(goods)
    for r, v in {"clay": 2, "stone": 1, "wood": 1}.items():
        want[r] = want.get(r, 0) + v
    assert {r: v for r, v in res(s2, p).items() if v} == want


def test_black_market_trickster_makes_a_free():
    s, _p = pos(silver=0, apprentices=["Trickster"])
    assert "black_market_a" not in s.placement_blockers()
    assert "black_market_b" in s.placement_blockers()


@pytest.mark.parametrize("i", [0, 1, 2])
def test_black_market_one_worker_per_space(i):
    # RB: "Once a Worker is placed on a space, no other Workers may be placed there."
    s, _p = pos(silver=9, board={BM[i]: {1: 1}})
    reason = s.placement_blockers()[BM[i]]
    assert "taken" in reason
    assert_illegal(s, Action("place", location=BM[i]), "Black Market", "taken")
    others = set(BM) - {BM[i]}
    assert not others & set(s.placement_blockers())


@pytest.mark.parametrize("virtue, closed", [(9, False), (10, True), (14, True)])
def test_black_market_closed_at_virtue_ten(virtue, closed):
    # RB, Virtue Track: "Once you have 10 or more Virtue, you can no longer place Workers in the Black Market"
    s, _p = pos(silver=9, virtue=virtue)
    blockers = s.placement_blockers()
    for loc in BM:
        assert (loc in blockers) == closed
        if closed:
            assert "Virtue 10 or more" in blockers[loc]
            assert_illegal(s, Action("place", location=loc), "Virtue 10")


def test_black_market_unaffordable_blocked():
    s, _p = pos(silver=2)
    assert set(s.placement_blockers()) >= {"black_market_c"}
    assert "Silver" in s.placement_blockers()["black_market_c"]
    assert "black_market_b" not in s.placement_blockers()


def test_black_market_b_hire_any_slot_free_taking_its_silver():
    # RB: "hire any faceup Apprentice (and gain its Silver)"; RB Appendix note:
    # only the Workshop action is restricted by Workers placed
    s, p = pos(silver=2, virtue=7, tax=4)
    s = internal(s, display_silver=(1, 1, 1, 0, 0, 0, 2, 0))  # internal thaw/commit: coins on cards
    s1 = place(s, "black_market_b")
    assert s1.decision == "black_market_b"
    assert {a.target for a in s1.legal_actions() if a.kind == "hire"} == set(range(8))
    assert {"draw5", "skip"} <= kinds(s1)
    card, deck = s.display[6], s.apprentice_deck
    s2 = act(s1, "hire", target=6)
    assert s2.players[p].apprentice_ids == (card,)
    assert s2.players[p].silver == 2 - 2 + 2
    assert s2.tax == 4
    assert s2.players[p].virtue == 7 - 1 + APP[card].virtue
    assert s2.display[4:] == (s.display[4], s.display[5], s.display[7], deck[0])
    assert s2.display_silver == (1, 1, 1, 0, 0, 0, 0, 0)


def test_black_market_b_look_at_five_keep_one():
    # RB: "draw 5 Building Cards keeping 1"; facts §3.1: the other 4 go to the bottom of the deck
    s, p = pos(silver=2, hand=[])
    deck = s.building_deck
    s1 = act(place(s, "black_market_b"), "draw5")
    assert s1.decision == "keep_one" and s1.current_player == p
    assert {a.card for a in s1.legal_actions()} == set(deck[:5])
    s2 = act(s1, "keep", card=deck[3])
    assert s2.players[p].hand == (deck[3],)
    assert s2.building_deck == deck[5:] + deck[:3] + deck[4:5]
    assert turn_passed(s2, p)


def test_black_market_b_skip():
    s, p = pos(silver=2, hand=[])
    s2 = act(place(s, "black_market_b"), "skip")
    assert turn_passed(s2, p)
    assert s2.players[p].apprentice_ids == () and s2.players[p].hand == ()
    assert s2.display == s.display


def test_black_market_b_hire_at_apprentice_limit():
    s, _p = pos(silver=2, apprentices=[13, 29, 30, 39, 40])
    s2 = act(place(s, "black_market_b"), "hire", target=0)
    assert s2.decision == "apprentice_limit"
    assert s.display[0] not in {a.card for a in s2.legal_actions()}


@pytest.mark.parametrize("last", [0, 1, 2])
def test_black_market_third_space_triggers_reset_after_action(last):
    # RB, Black Market Reset: triggered when all 3 spaces have Workers; "Resolve
    # the triggering action first", then Workers to Prison, Small card flipped
    # onto the Large pile, and the player(s) with most Workers in Prison take a Debt
    others = [i for i in range(3) if i != last]
    board = {BM[others[0]]: {1: 1}, BM[others[1]]: {2: 1}}
    s, p = pos(silver=5, virtue=7, resources=NONE, board=board)
    small, large = s.bm_small, s.bm_large
    want_goods = (small_top(s) if last == 0 else {"marble": 2, "stone": 1, "wood": 1} if last == 2 else {})
    s1 = place(s, BM[last])
    if last == 1:
        assert s1.decision == "black_market_b"  # the action resolves before the reset
        assert all(o >= 0 for o in s1.black_market) and s1.resets == 0
        s1 = act(s1, "skip")
    assert s1.resets == 1
    assert s1.black_market == (-1, -1, -1)
    assert [q.in_prison for q in s1.players] == [1, 1, 1]
    assert [q.debts_unpaid for q in s1.players] == [1, 1, 1]  # all tie for most
    assert s1.bm_small == small[1:] and s1.bm_large == (small[0],) + large
    assert {r: v for r, v in res(s1, p).items() if v} == want_goods
    assert "reset" in texts(s1).lower()
    assert turn_passed(s1, p)


def test_black_market_reset_prison_penalties():
    # RB, Black Market Reset 4-5: "All players with 3 or more Workers in Prison
    # lose 1 Virtue"; "The player(s) with the most Workers in Prison each take 1 Debt"
    s, p = pos(silver=5, virtue=7, board={"black_market_a": {1: 1}, "black_market_b": {2: 1}},
               others={1: {"in_prison": 2, "virtue": 7, "debts_unpaid": 0},
                       2: {"in_prison": 0, "virtue": 7, "debts_unpaid": 0}})
    q, r = (p + 1) % 3, (p + 2) % 3
    s = s.edit(player=p, debts_unpaid=0)
    s1 = place(s, "black_market_c")
    assert s1.players[q].in_prison == 3 and s1.players[q].virtue == 6 and s1.players[q].debts_unpaid == 1
    assert s1.players[r].in_prison == 1 and s1.players[r].virtue == 7 and s1.players[r].debts_unpaid == 0
    assert s1.players[p].in_prison == 1 and s1.players[p].virtue == 6 and s1.players[p].debts_unpaid == 0


def test_black_market_reset_reshuffles_empty_small_pile():
    # RB: "If no Small Market cards remain to turn over, shuffle the Large Market
    # pile to form a new Small Market pile." (internal thaw/commit for the piles)
    s, p = pos(silver=5, resources=NONE, board={"black_market_a": {1: 1}, "black_market_b": {2: 1}})
    s = internal(s, bm_small=(), bm_large=tuple(range(1, 11)))
    s1 = place(s, "black_market_c")
    assert res(s1, p) == {**NONE, **dict(cards.BLACK_MARKET_CARDS[0].large)}  # top Large card before the reset
    assert len(s1.bm_small) == 9 and len(s1.bm_large) == 1
    assert sorted(s1.bm_small + s1.bm_large) == list(range(1, 11))


def test_black_market_two_spaces_no_reset():
    s, p = pos(silver=5, board={"black_market_a": {1: 1}})
    s1 = place(s, "black_market_c")
    assert s1.resets == 0 and s1.workers_at("black_market_c") == {p: 1}
    assert s1.workers_at("black_market_a") == {(p + 1) % 3: 1}


# =========================================================================== Guardhouse
# RB, Board Locations — Guardhouse (facts §10)

def guard_options(s):
    return {a.option for a in s.legal_actions() if a.kind == "guard"}


def test_guardhouse_blocked_when_no_action_possible():
    s, _p = pos(silver=20, debts_unpaid=0)
    assert "no Guardhouse action is possible" in s.placement_blockers()["guardhouse"]
    assert_illegal(s, Action("place", location="guardhouse"), "Guardhouse", "no Guardhouse action")


def test_guardhouse_debt_without_six_silver_is_not_an_action():
    s, _p = pos(silver=5, virtue=7, debts_unpaid=2)
    assert "guardhouse" in s.placement_blockers()


def test_guardhouse_send_captured_to_prison():
    # 1. "Send all captured Workers from your Board to Prison, gaining 1 Silver each."
    s, p = pos(silver=0)
    q, r = (p + 1) % 3, (p + 2) % 3
    s = s.edit(player=p, captured={q: 2, r: 3})
    s1 = place(s, "guardhouse")
    assert s1.decision == "guardhouse" and guard_options(s1) == {"send_to_prison"}
    assert Action("stop") not in s1.legal_actions()  # the first action is mandatory
    s2 = act(s1, "guard", option="send_to_prison")
    assert s2.players[p].silver == 5
    assert s2.players[p].captured == (0, 0, 0)
    assert s2.players[q].in_prison == 2 and s2.players[r].in_prison == 3
    assert turn_passed(s2, p)


def test_guardhouse_release_from_prison():
    # 2. "Release all your own Workers from Prison to your Board."
    s, p = pos(in_prison=4)
    supply = s.players[p].workers_in_supply
    s2 = act(place(s, "guardhouse"), "guard", option="release_prison")
    assert s2.players[p].in_prison == 0
    assert s2.players[p].workers_in_supply == supply - 1 + 4


def test_guardhouse_release_from_boards_by_silver():
    # 3. "Pay 5 Silver (2 Tax) ... to release all your Workers from other players' Boards"
    s, p = pos(silver=5, virtue=7, tax=0)
    q, r = (p + 1) % 3, (p + 2) % 3
    s = s.edit(player=q, captured={p: 2}).edit(player=r, captured={p: 1})
    supply = s.players[p].workers_in_supply
    s1 = place(s, "guardhouse")
    assert guard_options(s1) == {"release_silver", "release_debt"}
    s2 = act(s1, "guard", option="release_silver")
    assert s2.players[p].silver == 0 and s2.tax == 2
    assert s2.players[q].captured[p] == 0 and s2.players[r].captured[p] == 0
    assert s2.players[p].workers_in_supply == supply - 1 + 3
    assert s2.players[p].virtue == 7 and s2.players[p].debts_unpaid == 0


def test_guardhouse_release_from_boards_by_debt():
    # 3. "... or take 1 Debt and lose 1 Virtue"
    s, p = pos(silver=0, virtue=7, debts_unpaid=0)
    q = (p + 1) % 3
    s = s.edit(player=q, captured={p: 3})
    s1 = place(s, "guardhouse")
    assert guard_options(s1) == {"release_debt"}  # 5 Silver not affordable
    s2 = act(s1, "guard", option="release_debt")
    assert s2.players[p].debts_unpaid == 1 and s2.players[p].virtue == 6
    assert s2.players[q].captured[p] == 0


@pytest.mark.parametrize("virtue, paid, taxed", [(7, 6, 3), (3, 5, 2), (1, 4, 1)])
def test_guardhouse_pay_off_debt(virtue, paid, taxed):
    # 4. "Pay 6 Silver (3 Tax) to pay off 1 Debt ... immediately gaining 1 Virtue";
    # the Tax part is skimped at low Virtue (facts §6)
    s, p = pos(silver=6, virtue=virtue, tax=0, debts_unpaid=2, debts_paid=0)
    s2 = act(place(s, "guardhouse"), "guard", option="pay_debt")
    pl = s2.players[p]
    assert (pl.silver, s2.tax) == (6 - paid, taxed)
    assert (pl.debts_unpaid, pl.debts_paid) == (1, 1)
    assert pl.virtue == virtue + 1


def test_guardhouse_debt_collectors():
    # RB Appendix — Debt Collector: "When paying off a Debt, also gain the additional resources shown"
    s, p = pos(silver=6, debts_unpaid=1, resources=NONE, apprentices=[6, 7, 8])
    s2 = act(place(s, "guardhouse"), "guard", option="pay_debt")
    assert res(s2, p) == {**NONE, "clay": 2, "stone": 2, "wood": 2}


def test_guardhouse_w_actions_any_order_and_repeat():
    # "Take 1 action for each Worker you have there ... Actions may be taken in
    # any order; you may pay off multiple Debts in a turn."
    s, p = pos(silver=12, virtue=7, debts_unpaid=3, in_prison=2, board={"guardhouse": {0: 2}})
    s = place(s, "guardhouse")
    assert guard_options(s) == {"release_prison", "pay_debt"}
    s = act(s, "guard", option="pay_debt")
    assert s.decision == "guardhouse" and Action("stop") in s.legal_actions()
    s = act(s, "guard", option="pay_debt")
    s = act(s, "guard", option="release_prison")
    assert turn_passed(s, p)
    pl = s.players[p]
    assert (pl.debts_unpaid, pl.debts_paid, pl.in_prison, pl.silver, pl.virtue) == (1, 2, 0, 0, 9)


def test_guardhouse_send_then_pay_with_the_proceeds():
    # "Actions may be taken in any order": silver from action 1 can pay action 4
    s, p = pos(silver=4, virtue=7, tax=0, debts_unpaid=1, board={"guardhouse": {0: 1}})
    s = s.edit(player=p, captured={(p + 1) % 3: 2})
    s = place(s, "guardhouse")
    assert guard_options(s) == {"send_to_prison"}  # 4 Silver: no Debt payable yet
    s = act(s, "guard", option="send_to_prison")
    assert guard_options(s) == {"pay_debt"}
    s = act(s, "guard", option="pay_debt")
    pl = s.players[p]
    assert (pl.silver, pl.debts_unpaid, pl.debts_paid, pl.virtue, s.tax) == (0, 0, 1, 8, 3)


def test_guardhouse_stop_after_first():
    s, p = pos(silver=12, debts_unpaid=2, board={"guardhouse": {0: 1}})
    s1 = place(s, "guardhouse")
    assert_illegal(s1, Action("stop"), "Guardhouse", "cannot be skipped")
    s2 = act(act(s1, "guard", option="pay_debt"), "stop")
    assert turn_passed(s2, p) and s2.players[p].debts_unpaid == 1


def test_guardhouse_remaining_actions_end_when_nothing_left():
    s, p = pos(in_prison=1, board={"guardhouse": {0: 3}})
    s2 = act(place(s, "guardhouse"), "guard", option="release_prison")
    assert turn_passed(s2, p)


# =========================================================================== Guildhall
# RB, Board Locations — Guildhall; Constructing Buildings and the Cathedral (facts §5, §8)

def test_guildhall_blocked_when_nothing_constructible():
    s, _p = pos(hand=["University"], resources=NONE, virtue=7)
    reason = s.placement_blockers()["guildhall"]
    assert "cannot construct anything" in reason
    assert_illegal(s, Action("place", location="guildhall"), "Guildhall", "cannot construct")


def test_guildhall_construct_pays_cost_and_needs_skills():
    # RB, Constructing a Building: "you need at least 1 hired Apprentice with each
    # matching symbol (not discarded when used). Pay the resource cost"
    have = {"clay": 5, "wood": 5, "stone": 5, "gold": 0, "marble": 2}
    s, p = pos(hand=["Stone Market", "Well"], resources=have, apprentices=[])
    s1 = place(s, "guildhall")
    built = {a.card for a in s1.legal_actions() if a.kind == "construct"}
    assert built == {"Well"}  # the Stone Market needs Masonry
    assert_illegal(s1, Action("construct", card="Stone Market",
                              option=(("clay", 2), ("marble", 1), ("stone", 4))), "Masonry")
    s, p = pos(hand=["Stone Market", "Well"], resources=have, apprentices=["Labourer"])
    s1 = place(s, "guildhall")
    a = next(a for a in s1.legal_actions() if a.card == "Stone Market")
    s2 = s1.apply(a)
    pl = s2.players[p]
    assert pl.buildings == ("Stone Market",) and pl.hand == ("Well",)
    assert res(s2, p) == {"clay": 3, "wood": 5, "stone": 1, "gold": 0, "marble": 1}
    assert pl.apprentices == ("Labourer",)  # not discarded when used
    assert len(s2.guildhall) == 1 and s2.guildhall[0] == p
    assert turn_passed(s2, p)


@pytest.mark.parametrize("name, delta", [("Thieves' Den", -2), ("Chapel", +1), ("University", +1),
                                         ("Well", 0)])
def test_guildhall_construct_virtue_change(name, delta):
    # RB: "Apply any immediate Virtue change." (figures: facts §1)
    b = cards.building(name)
    s, p = pos(hand=[name], virtue=7, resources=dict(b.cost), apprentices=["Labourer"])
    s2 = act(place(s, "guildhall"), "construct", card=name,
             option=tuple(sorted((r, v) for r, v in b.cost.items() if v)))
    while s2.current_player == p and s2.decision != "place":
        s2 = s2.apply(s2.legal_actions()[0])
    assert s2.players[p].virtue == 7 + delta
    assert name in s2.players[p].buildings


def cathedral_payments(s):
    return {a.option for a in s.legal_actions() if a.kind == "cathedral"}


@pytest.mark.parametrize("level, have, options", [
    (0, {"gold": 3}, {(("gold", 1),)}),
    (1, {"stone": 4, "wood": 4}, {(("stone", 4),), (("stone", 3), ("wood", 1)), (("stone", 2), ("wood", 2)),
                                  (("stone", 1), ("wood", 3)), (("wood", 4),)}),
    (1, {"stone": 2, "wood": 2}, {(("stone", 2), ("wood", 2))}),
    (1, {"stone": 3, "wood": 5}, {(("stone", 3), ("wood", 1)), (("stone", 2), ("wood", 2)),
                                  (("stone", 1), ("wood", 3)), (("wood", 4),)}),
    (2, {"marble": 1}, {(("marble", 1),)}),
    (3, {"stone": 8, "wood": 8}, {tuple(sorted(((r, v) for r, v in (("stone", k), ("wood", 8 - k)) if v)))
                                  for k in range(9)}),
    (3, {"stone": 7, "wood": 0}, set()),
    (4, {"gold": 2, "marble": 2}, {(("gold", 2), ("marble", 2))}),
    (4, {"gold": 2, "marble": 1}, set()),
])
def test_cathedral_costs_per_level(level, have, options):
    # RB, Advancing Work on the Cathedral: pay the resources of the next level;
    # "Cost like '4 Stone or Wood' means any combination totaling 4." (facts §5)
    s, _p = pos(n=2, cathedral_level=level, virtue=7, resources=have, hand=["Well"] if level != 1 else ["Smithy"])
    if not options:
        assert "guildhall" in s.placement_blockers() or not cathedral_payments(place(s, "guildhall"))
        return
    s1 = place(s, "guildhall")
    assert cathedral_payments(s1) == options
    if level == 3:
        assert len(options) == 9


def test_cathedral_advance_discard_and_reward():
    # RB: pay, "Discard any 1 Building Card facedown to the bottom of the pile",
    # move 1 level up, "Reveal the top Reward Card and gain its benefits (then removed from play)"
    s, p = pos(cathedral_level=0, virtue=7, silver=0, resources={"gold": 1}, hand=["Well", "Smithy"])
    reward = s.rewards[0]
    s1 = act(place(s, "guildhall"), "cathedral", option=(("gold", 1),))
    assert s1.decision == "cathedral_discard" and s1.current_player == p
    assert {a.card for a in s1.legal_actions()} == {"Well", "Smithy"}
    assert s1.players[p].gold == 0 and s1.players[p].cathedral_level == 0
    deck = s1.building_deck
    s2 = act(s1, "discard", card="Smithy")
    pl = s2.players[p]
    assert pl.cathedral_level == 1
    assert s2.building_deck[: len(deck) + 1] == deck + ("Smithy",)  # to the bottom
    assert s2.rewards == s.rewards[1:]
    g = dict(core.REWARD[reward].gain)
    assert pl.virtue == 7 + g.get("virtue", 0)
    assert pl.silver == g.get("silver", 0)
    assert pl.wood == g.get("wood", 0) and pl.stone == g.get("stone", 0) and pl.gold == g.get("gold", 0)
    assert len(pl.hand) == 1 + g.get("cards", 0)
    assert pl.hand[0] == "Well"


def test_cathedral_needs_a_card_to_discard():
    # the discard is part of the cost: an empty hand cannot advance (Frederick excepted)
    s, _p = pos(cathedral_level=0, virtue=7, resources={"gold": 1}, hand=[])
    reason = s.placement_blockers()["guildhall"]
    assert "building card to discard" in reason


def test_cathedral_no_reward_card_left_gives_virtue():
    # RB: "if none left, gain 1 Virtue instead"
    s, p = pos(virtue=7, resources={"gold": 1}, hand=["Well"], silver=0)
    s = internal(s, rewards=())  # internal thaw/commit: an empty reward pile
    s2 = act(act(place(s, "guildhall"), "cathedral", option=(("gold", 1),)), "discard", card="Well")
    assert s2.players[p].virtue == 8 and s2.players[p].cathedral_level == 1


@pytest.mark.parametrize("acolyte, bonus", [(1, {"cards": 1}), (2, {"clay": 2}), (3, {"silver": 2})])
def test_cathedral_acolyte_bonus(acolyte, bonus):
    # RB Appendix — Acolyte: "When advancing the Cathedral, also gain the reward shown."
    s, p = pos(virtue=7, resources={"gold": 1}, hand=["Well"], silver=0, apprentices=[acolyte])
    s = internal(s, rewards=())  # internal thaw/commit: the reward is then exactly +1 Virtue
    s2 = act(act(place(s, "guildhall"), "cathedral", option=(("gold", 1),)), "discard", card="Well")
    pl = s2.players[p]
    assert pl.virtue == 8
    assert pl.clay == bonus.get("clay", 0) and pl.silver == bonus.get("silver", 0)
    assert len(pl.hand) == bonus.get("cards", 0)


@pytest.mark.parametrize("virtue, allowed", [(0, False), (4, False), (5, True), (14, True)])
def test_cathedral_blocked_at_virtue_four_or_less(virtue, allowed):
    # RB, Virtue Track: "Once you have 4 or less Virtue, you can no longer work on the Cathedral"
    s, _p = pos(virtue=virtue, resources={"gold": 1}, hand=["University"])
    if allowed:
        assert cathedral_payments(place(s, "guildhall"))
    else:
        assert "Virtue 4 or less" in s.placement_blockers()["guildhall"]


@pytest.mark.parametrize("level, spaces", [(1, 3), (2, 3), (3, 2), (4, 2), (5, 1)])
def test_cathedral_level_spaces(level, spaces):
    # RB: "You can only advance if there is an available space at the next level."
    # facts §5 / §16 row 20: 3/3/2/2/1 spaces, whatever the player count
    n = spaces + 1
    costs = {1: {"gold": 2}, 2: {"stone": 4}, 3: {"marble": 1}, 4: {"stone": 8}, 5: {"gold": 2, "marble": 2}}
    others = {off: {"cathedral_level": level} for off in range(1, n)}
    s, p = pos(n, cathedral_level=level - 1, virtue=7, resources=costs[level], hand=["University"],
               others=others)
    reason = s.placement_blockers()["guildhall"]
    assert f"no free space on Cathedral level {level}" in reason
    # one of them moves on: the space frees up
    q = (p + 1) % n
    if level < 5:
        s2 = s.edit(player=q, cathedral_level=level + 1)
        assert cathedral_payments(place(s2, "guildhall"))


# ---- Guildhall space triggers (facts §8.3)

def guildhall_ready(n, k, **extra):
    """Player p can advance the Cathedral, with k workers already in the Guildhall."""
    s, p = pos(n, virtue=7, resources={"gold": 5}, hand=["Well", "Smithy", "Palace"], **extra)
    return with_guildhall(s, k), p


def build_cathedral(s):
    s = act(s, "cathedral", option=(("gold", 1),))
    return s.apply(s.legal_actions()[0])


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_guildhall_black_market_reset_spaces(n):
    # RB, Black Market Reset: "a Worker is placed in the Guildhall on one of the
    # left-most spaces on the bottom 2 rows"; k = 2n+3 and 3n+4 (facts §8.3, §16 row 11)
    for k in range(1, 4 * n + 4):
        s, p = guildhall_ready(n, k - 1, board={"black_market_a": {1: 1}})
        s1 = place(s, "guildhall")
        assert s1.resets == 0  # the triggering action resolves first
        s2 = build_cathedral(s1)
        assert len(s2.guildhall) == k
        if k in (2 * n + 3, 3 * n + 4):
            assert s2.resets == 1, k
            assert s2.black_market == (-1, -1, -1)
            assert s2.players[(p + 1) % n].in_prison == 1
        else:
            assert s2.resets == 0, k
            assert s2.end_trigger is None


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_guildhall_end_trigger_and_final_round(n):
    # RB, End of the Game: "Triggered once the last Worker is placed in the
    # Guildhall. The current player finishes, then each player (including them)
    # has 1 final turn. In the final round, players may still place Workers in
    # the Guildhall (placed to the side)." facts §14: the trigger player is last.
    last = 4 * n + 4
    s, p = guildhall_ready(n, last - 1)
    s = place(s, "guildhall")
    assert s.end_trigger == p and any(e.kind == "end_triggered" for e in s.events)
    s = build_cathedral(s)
    assert not s.is_over
    order = []
    while not s.is_over:
        q = s.current_player
        order.append(q)
        if q == p and len(order) == n:
            # the trigger player's final turn: the Guildhall is still open, "to the side"
            s = s.edit(player=q, resources={"wood": 2, "stone": 2}, hand=["Well"], virtue=7)
            s = place(s, "guildhall")
            assert len(s.guildhall) == last + 1
            assert any(e.kind == "guildhall_side" for e in s.events)
            s = act(s, "construct", card="Well", option=(("stone", 2), ("wood", 2)))
            assert "Well" in s.players[q].buildings
        else:
            s = place(s, "forest")
    assert order == [(p + k) % n for k in range(1, n + 1)]
    assert s.is_over and s.current_player is None


def test_guildhall_final_round_side_placement_fires_no_trigger():
    n = 3
    s, p = guildhall_ready(n, 4 * n + 4)
    s = internal(s, end_trigger=(p + 1) % n, final_turns=2)  # internal: in the final round
    s1 = place(s, "guildhall")
    assert any(e.kind == "guildhall_side" for e in s1.events)
    s2 = build_cathedral(s1)
    assert s2.resets == 0 and s2.end_trigger == (p + 1) % n and s2.final_turns == 1


@pytest.mark.parametrize("n", [2, 3, 5])
def test_guildhall_artisans_display_discard_spaces(n):
    # Age of Artisans rule (Options(artisans=True); facts §8.3-8.4, §16 row 9):
    # the 3rd space of rows 1-3 (k = 3, n+4, 2n+5) discards both left-most display
    # apprentices to the bottom of the deck, at placement, before the
    # construction choice; silver on them returns to the supply
    opts = archwk.Options(artisans=True)
    for k in range(1, 4 * n + 4):
        s, _p = pos(n, options=opts, silver=0, virtue=7, resources={"gold": 5}, hand=["Well", "Smithy"])
        s = with_guildhall(s, k - 1)
        s = internal(s, display_silver=(1, 0, 0, 0, 2, 0, 0, 0))  # internal thaw/commit: coins on cards
        d, deck = s.display, s.apprentice_deck
        s1 = place(s, "guildhall")
        assert s1.decision == "guildhall"
        if k in (3, n + 4, 2 * n + 5):
            assert s1.display == d[1:4] + deck[:1] + d[5:8] + deck[1:2], k
            assert s1.apprentice_deck == deck[2:] + (d[0], d[4])
            assert s1.display_silver == (0,) * 8
            assert sum(q.silver for q in s1.players) == sum(q.silver for q in s.players)
        else:
            assert s1.display == d and s1.display_silver == s.display_silver, k


def test_guildhall_no_artisans_discard_by_default():
    s, _p = pos(virtue=7, resources={"gold": 5}, hand=["Well"])
    s = with_guildhall(s, 2)
    assert place(s, "guildhall").display == s.display


# =========================================================================== illegal actions
# API: an illegal action raises archwk.IllegalAction naming the rule; nothing changes

def test_illegal_wrong_decision_and_unknown_location():
    s, _p = pos(resources={"clay": 4})
    s1 = place(s, "storehouse")
    assert_illegal(s1, Action("place", location="forest"), "not time to place")
    assert_illegal(s, Action("place", location="moon"), "unknown location")
    assert_illegal(s, Action("trade", option=("clay", "clay")), "not a choice")
    assert_illegal(s, "forest", "archwk.Action")


def test_illegal_storehouse_unaffordable_trade():
    s, _p = pos(resources={"clay": 1, "wood": 1})
    s1 = place(s, "storehouse")
    assert_illegal(s1, Action("trade", option=("wood", "wood", "wood")), "not a choice")


def test_illegal_workshop_column():
    s, _p = pos(silver=4)
    s1 = place(s, "workshop")
    msg = assert_illegal(s1, Action("hire", target=3), "Workshop", "skipped")
    assert "costs 7 Silver" in msg


def test_illegal_mines_gold_does_not_exist_for_first_worker():
    s, _p = pos()
    s1 = place(s, "mines")
    assert_illegal(s1, Action("mine", option="gold"))


def test_illegal_guardhouse_unavailable_action():
    s, _p = pos(in_prison=1)
    s1 = place(s, "guardhouse")
    assert_illegal(s1, Action("guard", option="pay_debt"), "Guardhouse", "Debt")
    assert_illegal(s1, Action("guard", option="send_to_prison"), "Guardhouse", "captured")


def test_illegal_cathedral_at_low_virtue():
    s, _p = pos(virtue=4, resources={"gold": 1, "wood": 2, "stone": 2}, hand=["Well", "Smithy"])
    s1 = place(s, "guildhall")
    assert_illegal(s1, Action("cathedral", option=(("gold", 1),)), "Cathedral", "Virtue 4 or less")


def test_illegal_black_market_unaffordable_and_construct_unaffordable():
    s, _p = pos(silver=2, hand=["Well", "Smithy"], resources={"wood": 2, "stone": 2})
    assert_illegal(s, Action("place", location="black_market_c"), "Black Market", "3 Silver")
    s1 = place(s, "guildhall")
    assert_illegal(s1, Action("construct", card="Smithy", option=(("clay", 4), ("wood", 2))),
                   "Constructing a Building", "cannot pay")
    assert_illegal(s1, Action("construct", card="University", option=()), "not in your hand")


def test_illegal_on_a_finished_game_or_view():
    s, p = pos()
    v = s.view(p)
    assert_illegal(v, Action("place", location="forest"), "view")


# --------------------------------------------------------------------------- the quick placement checks

def test_each_location_quick_check_agrees_with_its_blocker_over_many_games():
    """RB, Placing Workers: a location is open exactly when its rule names no reason
    against it. Placement legality asks each location's quick yes/no (`allows`), the
    explanations ask `blocker`; over random games with every option set, including
    the characters that change prices (Trickster, Lothaire, Therese...) and the solo
    opponent, the two agree at every placement for every location."""
    import random

    from archwk.games.architects.ruleset import LOCATION_RULES
    opt = archwk.Options
    option_sets = [opt(), opt(board_side=2),
                   opt(board_side=2, promo_characters=True, artisans=True, expansion_cards=True),
                   opt.online(), opt(solo_opponent="helena", board_side=2)]
    checked = {loc: [0, 0] for loc, rule in LOCATION_RULES.items() if rule.allows is not None}
    for k, opts in enumerate(option_sets):
        for n in ((1,) if opts.solo_opponent else (2, 4, 5)):
            s, r = archwk.new_game(n, seed=40 + k, options=opts), random.Random(k)
            while not s.is_over:
                if s.decision == "place":
                    p = s.current_player
                    for loc in checked:
                        rule = LOCATION_RULES[loc]
                        allowed = rule.allows(s, p)
                        assert allowed == (rule.blocker(s, p) is None), (loc, s.turn_no)
                        checked[loc][allowed] += 1
                s = s.apply(r.choice(s.legal_actions()))
    # every quick check was seen both open and closed
    assert all(closed and opened for closed, opened in checked.values()), checked
