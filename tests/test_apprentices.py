"""The behaviour of every apprentice card (43), one test or more per card.

"RB" is the rulebook (shared/seeds/000_61b9e43c65635cb2.txt), in particular
"Appendix — Apprentice Abilities"; "facts §N" is
shared/reference/architects-facts.md (§2 the apprentice table, §3.3 the Black
Market reset, §16 the decisions archwk follows). Apprentices are marked by card
id: `@pytest.mark.card(apprentice=29)`; tests/test_card_coverage.py fails for an
apprentice without a test. The expected figures below are transcribed from the
facts file, not read from archwk's data.
"""
from __future__ import annotations

import pytest
from card_positions import LABOURER, choose, construct, others, pass_turn, place, reset_black_market, start

from archwk.games.architects import cards

card = pytest.mark.card


def app(*ids):
    return card(apprentice=ids if len(ids) > 1 else ids[0])


def res(pl) -> dict:
    return {r: n for r, n in pl.resources.items() if n}


# --------------------------------------------------------------------------- virtue on hire

#: facts §2, "Virtue on hire": +1 for #1, 2, 3, 26, 27, 28; −1 for #9, 10, 25, 31, 32, 33, 38, 43
HIRE_VIRTUE = {1: 1, 2: 1, 3: 1, 26: 1, 27: 1, 28: 1,
               9: -1, 10: -1, 25: -1, 31: -1, 32: -1, 33: -1, 38: -1, 43: -1}


@pytest.mark.parametrize("aid, delta", [pytest.param(i, d, marks=app(i)) for i, d in HIRE_VIRTUE.items()])
def test_virtue_on_hire_is_not_reversed_by_discarding(aid, delta):
    """RB, Workshop: "Some Apprentices have an immediate Virtue effect (not reversed
    by discarding)" (facts §2). Hired at the Workshop, then discarded freely on the
    next turn (facts §16 row 13)."""
    s = start(expansion=aid > 40, shown=(aid,))
    p = s.current_player
    s = s.edit(player=p, silver=20, virtue=7)
    s = place(s, "workshop")
    s = choose(s, "hire", target=s.display.index(aid))
    assert s.players[p].apprentice_ids == (aid,)
    assert s.players[p].virtue == 7 + delta
    while s.current_player != p:
        s = pass_turn(s)
    s = choose(s, "discard_apprentice", card=aid)
    assert s.players[p].apprentice_ids == () and s.players[p].virtue == 7 + delta
    assert s.apprentice_deck[-1] == aid and s.decision == "place" and s.current_player == p


def test_apprentices_without_hire_virtue():
    """RB, Workshop ("Some Apprentices have an immediate Virtue effect"); facts §2:
    every other apprentice changes no virtue when hired (data check,
    so the table above is the complete list)."""
    assert {a.id: a.virtue for a in cards.APPRENTICES if a.virtue} == HIRE_VIRTUE


# --------------------------------------------------------------------------- gathering

@pytest.mark.parametrize("team, before, gain", [
    pytest.param((29,), 0, 2, marks=app(29)),
    pytest.param((30,), 0, 2, marks=app(30)),
    pytest.param((29, 30), 0, 3, marks=app(29, 30)),
    pytest.param((29,), 2, 4, marks=app(29)),
])
def test_stonecutter_one_more_stone_at_the_quarry(team, before, gain):
    """RB, Appendix — Apprentice Abilities: Stonecutter, +1 stone at the Quarry;
    Quarry W stone (facts §16 row 1); copies stack (facts §2)."""
    s = start(free=team)
    p = s.current_player
    s = s.edit(player=p, apprentices=list(team), workers_at={"quarry": {p: before}})
    s = place(s, "quarry")
    assert res(s.players[p]) == {"stone": gain}


@pytest.mark.parametrize("team, before, gain", [
    pytest.param((39,), 0, 2, marks=app(39)),
    pytest.param((40,), 0, 2, marks=app(40)),
    pytest.param((39, 40), 0, 3, marks=app(39, 40)),
    pytest.param((40,), 3, 5, marks=app(40)),
])
def test_woodcutter_one_more_wood_at_the_forest(team, before, gain):
    """RB, Appendix — Apprentice Abilities: Woodcutter, +1 wood at the Forest
    (W wood); two Woodcutters give +2 (facts §2)."""
    s = start(free=team)
    p = s.current_player
    s = s.edit(player=p, apprentices=list(team), workers_at={"forest": {p: before}})
    s = place(s, "forest")
    assert res(s.players[p]) == {"wood": gain}


@pytest.mark.parametrize("team, before, gain", [
    pytest.param((11,), 0, 3, marks=app(11)),
    pytest.param((12,), 0, 3, marks=app(12)),
    pytest.param((11, 12), 0, 4, marks=app(11, 12)),
    pytest.param((11,), 2, 5, marks=app(11)),
])
def test_jeweller_one_more_silver_at_the_silversmith(team, before, gain):
    """RB, Appendix — Apprentice Abilities: Jeweller, +1 silver at the Silversmith
    (1 + W silver); copies stack."""
    s = start(free=team)
    p = s.current_player
    s = s.edit(player=p, silver=0, apprentices=list(team), workers_at={"silversmith": {p: before}})
    s = place(s, "silversmith")
    assert s.players[p].silver == gain


@pytest.mark.parametrize("team", [pytest.param((19,), marks=app(19)), pytest.param((20,), marks=app(20)),
                                  pytest.param((19, 20), marks=app(19, 20))])
def test_miner_one_more_clay_whether_clay_or_gold(team):
    """RB, Appendix — Apprentice Abilities: Miner, +1 clay at the Mines whether you
    take clay (W + 1) or gold (floor(W/2)) — facts §2, §10."""
    s = start(free=team)
    p = s.current_player
    k = len(team)
    s0 = s.edit(player=p, apprentices=list(team))
    s1 = place(s0, "mines")  # the first worker: clay only
    assert res(s1.players[p]) == {"clay": 2 + k}
    s2 = place(s0.edit(workers_at={"mines": {p: 3}}), "mines")  # W = 4
    assert s2.decision == "mines"
    assert res(choose(s2, "mine", option="clay").players[p]) == {"clay": 5 + k}
    assert res(choose(s2, "mine", option="gold").players[p]) == {"gold": 2, "clay": k}


# --------------------------------------------------------------------------- King's Storehouse

#: facts §2: (id, pay, gain)
TRADES = [
    (14, {"silver": 1}, {"clay": 3}),     # Merchant
    (15, {"silver": 2}, {"gold": 1}),
    (16, {"silver": 3}, {"marble": 1}),
    (17, {"silver": 1}, {"stone": 2}),
    (18, {"silver": 1}, {"wood": 2}),
    (21, {"clay": 1}, {"virtue": 1}),     # Patron
    (22, {"silver": 2}, {"virtue": 1}),
    (23, {"stone": 1}, {"virtue": 1}),
    (24, {"wood": 1}, {"virtue": 1}),
    (35, {"clay": 3}, {"marble": 1}),     # Trader
    (36, {"stone": 2}, {"marble": 1}),
    (37, {"wood": 2}, {"marble": 1}),
]


@pytest.mark.parametrize("aid, pay, gain", [pytest.param(*t, marks=app(t[0])) for t in TRADES])
def test_storehouse_trade_apprentices(aid, pay, gain):
    """RB, Appendix — Apprentice Abilities: Merchant (silver for goods), Patron
    (goods or silver for virtue), Trader (goods for marble), each as one King's
    Storehouse action (facts §2)."""
    s = start(free=(aid,))
    p = s.current_player
    s = s.edit(player=p, apprentices=[aid], virtue=7, silver=pay.get("silver", 0),
               resources={r: n for r, n in pay.items() if r != "silver"})
    s = place(s, "storehouse")
    assert s.decision == "storehouse"
    s = choose(s, "trade", card=aid)
    pl = s.players[p]
    assert pl.silver == 0
    assert res(pl) == {r: n for r, n in gain.items() if r != "virtue"}
    assert pl.virtue == 7 + gain.get("virtue", 0)
    assert s.current_player != p  # one worker, one action


@app(14, 18)
def test_storehouse_trades_are_actions_and_repeat():
    """RB, King's Storehouse: one action per own worker there, each may repeat the
    same trade; two Merchants offer both of their trades."""
    s = start(free=(14, 18))
    p = s.current_player
    s = s.edit(player=p, apprentices=[14, 18], silver=3, workers_at={"storehouse": {p: 2}})
    s = place(s, "storehouse")
    assert {a.card for a in s.legal_actions() if a.kind == "trade"} >= {14, 18}
    s = choose(s, "trade", card=14)
    s = choose(s, "trade", card=14)
    s = choose(s, "trade", card=18)
    assert res(s.players[p]) == {"clay": 6, "wood": 2} and s.players[p].silver == 0
    assert s.current_player != p


@app(42)
def test_overseer_one_more_storehouse_action():
    """Overseer (an extra card, not in RB; RB, King's Storehouse for the actions) —
    facts §2 #42: the Overseer gives +1 King's Storehouse action, as if one more
    worker were there."""
    s = start(expansion=True, free=(42,))
    p = s.current_player
    s0 = s.edit(player=p, resources={"clay": 6})
    one = choose(place(s0, "storehouse"), "trade", option=("clay", "clay"))
    assert one.current_player != p and one.players[p].virtue == 8
    s = s0.edit(player=p, apprentices=[42])
    s = place(s, "storehouse")
    assert s.prompt.endswith("(2 trades left)")
    s = choose(s, "trade", option=("clay", "clay"))
    assert s.decision == "storehouse" and s.current_player == p
    s = choose(s, "trade", option=("clay", "clay"))
    assert s.players[p].virtue == 9 and s.players[p].clay == 2 and s.current_player != p


# --------------------------------------------------------------------------- Tax Stand

@app(25)
def test_pickpocket_gold_at_the_tax_stand():
    """RB, Appendix — Apprentice Abilities: Pickpocket, +1 gold when stealing from
    the Tax Stand (which still costs 2 virtue)."""
    s = start(free=(25,))
    p = s.current_player
    s = s.edit(player=p, apprentices=[25], silver=0, virtue=7, tax=5)
    s = place(s, "tax_stand")
    pl = s.players[p]
    assert (pl.silver, pl.gold, pl.virtue, s.tax) == (5, 1, 5, 0)


@app(34)
def test_thief_loses_one_virtue_instead_of_two():
    """RB, Appendix — Apprentice Abilities: Thief, lose 1 less virtue when stealing
    from the Tax Stand."""
    s = start(free=(34,))
    p = s.current_player
    s = s.edit(player=p, apprentices=[34], silver=0, virtue=7, tax=3)
    s = place(s, "tax_stand")
    assert (s.players[p].silver, s.players[p].virtue, s.players[p].gold) == (3, 6, 0)
    s2 = start(free=(34, 25))
    q = s2.current_player
    s2 = place(s2.edit(player=q, apprentices=[34, 25], virtue=1, tax=2), "tax_stand")
    assert (s2.players[q].virtue, s2.players[q].gold, s2.players[q].debts_unpaid) == (0, 1, 0)


# --------------------------------------------------------------------------- Town Centre, Guardhouse

@pytest.mark.parametrize("team, silver_paid", [
    ((), 2),
    pytest.param((4,), 1, marks=app(4)),
    pytest.param((5,), 1, marks=app(5)),
    pytest.param((4, 5), 1, marks=app(4, 5)),
])
def test_conspirator_later_captures_free(team, silver_paid):
    """RB, Appendix — Apprentice Abilities: Conspirator, 1 less Silver (not Tax) on
    captures; facts §16 row 18: every capture after the first is free, the first
    still pays its 1 Tax."""
    s = start(free=team)
    p = s.current_player
    o1, o2 = others(s)
    s = s.edit(player=p, apprentices=list(team), silver=5, virtue=7,
               workers_at={"town_centre": {p: 2}, "forest": {o1: 2}, "quarry": {o2: 1}})
    tax = s.tax
    s = place(s, "town_centre")
    s = choose(s, "capture", location="forest", target=o1)
    s = choose(s, "capture", location="quarry", target=o2)
    pl = s.players[p]
    assert (pl.captured[o1], pl.captured[o2]) == (2, 1)
    assert pl.silver == 5 - silver_paid and s.tax == tax + 1


@pytest.mark.parametrize("aid, gain", [pytest.param(6, {"clay": 2}, marks=app(6)),
                                       pytest.param(7, {"stone": 2}, marks=app(7)),
                                       pytest.param(8, {"wood": 2}, marks=app(8))])
def test_debt_collector_goods_when_paying_off_a_debt(aid, gain):
    """RB, Guardhouse action 4 and Appendix — Apprentice Abilities: Debt Collector,
    paying off a Debt (6 Silver, 3 Tax; +1 virtue) also gives the shown goods."""
    s = start(free=(aid,))
    p = s.current_player
    s = s.edit(player=p, apprentices=[aid], silver=6, virtue=7, debts_unpaid=2)
    tax = s.tax
    s = place(s, "guardhouse")
    s = choose(s, "guard", option="pay_debt")
    pl = s.players[p]
    assert (pl.debts_unpaid, pl.debts_paid, pl.virtue, pl.silver, s.tax) == (1, 1, 8, 0, tax + 3)
    assert res(pl) == gain


@app(6, 7, 8)
def test_debt_collectors_stack_per_debt():
    """RB, Guardhouse ("you may pay off multiple Debts in a turn") and Appendix —
    Apprentice Abilities: with three Debt Collectors, their goods for each Debt."""
    s = start(free=(6, 7, 8))
    p = s.current_player
    s = s.edit(player=p, apprentices=[6, 7, 8], silver=12, debts_unpaid=2,
               workers_at={"guardhouse": {p: 1}})
    s = place(s, "guardhouse")
    s = choose(choose(s, "guard", option="pay_debt"), "guard", option="pay_debt")
    assert res(s.players[p]) == {"clay": 4, "stone": 4, "wood": 4}
    assert s.players[p].debts_paid == 2 and s.players[p].virtue == 9


@app(41)
def test_enforcer_gold_when_sending_prisoners():
    """facts §2 #41: Enforcer, +1 gold on Guardhouse action 1, on top of 1 Silver
    per worker sent to Prison (RB, Guardhouse)."""
    s = start(expansion=True, free=(41,))
    p = s.current_player
    o1, o2 = others(s)
    s = s.edit(player=p, apprentices=[41], silver=0, captured={o1: 2, o2: 1})
    s = place(s, "guardhouse")
    s = choose(s, "guard", option="send_to_prison")
    pl = s.players[p]
    assert (pl.silver, pl.gold, sum(pl.captured)) == (3, 1, 0)
    assert (s.players[o1].in_prison, s.players[o2].in_prison) == (2, 1)
    s2 = start(expansion=True, free=(41,))
    p2 = s2.current_player
    s2 = s2.edit(player=p2, silver=0, captured={others(s2)[0]: 2})
    s2 = choose(place(s2, "guardhouse"), "guard", option="send_to_prison")
    assert (s2.players[p2].silver, s2.players[p2].gold) == (2, 0)


# --------------------------------------------------------------------------- Black Market actions

SPACES = ("black_market_a", "black_market_b", "black_market_c")


def market_goods(s, space):
    if space == "black_market_a":
        return dict(cards.BLACK_MARKET_CARDS[s.bm_small[0] - 1].small) if s.bm_small \
            else dict(cards.BLACK_MARKET_EMPTY_SMALL)
    if space == "black_market_c":
        return dict(cards.BLACK_MARKET_CARDS[s.bm_large[0] - 1].large) if s.bm_large \
            else dict(cards.BLACK_MARKET_EMPTY_LARGE)
    return {}


def black_market(s, team, space, *, silver=5, virtue=7):
    """The mover, with apprentices `team`, takes a Black Market action (space B's
    choice declined). Returns (state, mover, goods of the space)."""
    p = s.current_player
    s = s.edit(player=p, apprentices=list(team), silver=silver, virtue=virtue,
               resources=dict.fromkeys(cards.RESOURCES, 0))
    goods = market_goods(s, space)
    s = place(s, space)
    if s.decision == "black_market_b":
        s = choose(s, "skip")
    return s, p, goods


def plus(a: dict, b: dict) -> dict:
    out = dict(a)
    for k, v in b.items():
        out[k] = out.get(k, 0) + v
    return {k: v for k, v in out.items() if v}


@pytest.mark.parametrize("space", SPACES)
@app(10)
def test_illusionist_no_virtue_lost_at_the_black_market(space):
    """RB, Appendix — Apprentice Abilities: Illusionist, no virtue lost for Black
    Market actions (any of the 3; facts §2)."""
    s = start(free=(10,))
    s1, p, _ = black_market(s, (10,), space)
    assert s1.players[p].virtue == 7 and s1.players[p].silver == 5 - (1, 2, 3)[SPACES.index(space)]
    s2, p, _ = black_market(s, (), space)
    assert s2.players[p].virtue == 6


@pytest.mark.parametrize("space, cost", list(zip(SPACES, (0, 1, 2))))
@app(38)
def test_trickster_one_silver_less_at_the_black_market(space, cost):
    """RB, Appendix — Apprentice Abilities: Trickster, pay 1 less Silver: 0, 1, 2
    instead of 1, 2, 3 (facts §2); the virtue is still lost."""
    s = start(free=(38,))
    s, p, goods = black_market(s, (38,), space)
    assert s.players[p].silver == 5 - cost and s.players[p].virtue == 6
    assert res(s.players[p]) == goods


@app(38)
def test_trickster_opens_space_a_with_no_silver():
    """RB, Appendix — Apprentice Abilities (Trickster) and Black Market: space A then
    costs nothing, so it is open at 0 Silver."""
    s = start(free=(38,))
    p = s.current_player
    s = s.edit(player=p, apprentices=[38], silver=0)
    assert "black_market_a" not in s.placement_blockers()
    assert "black_market_b" in s.placement_blockers()


@pytest.mark.parametrize("space", SPACES)
@pytest.mark.parametrize("team, extra", [
    pytest.param((31,), {"clay": 2}, marks=app(31)),
    pytest.param((32,), {"stone": 1}, marks=app(32)),
    pytest.param((33,), {"wood": 1}, marks=app(33)),
    pytest.param((31, 32, 33), {"clay": 2, "stone": 1, "wood": 1}, marks=app(31, 32, 33)),
])
def test_swindler_extra_goods_at_the_black_market(space, team, extra):
    """RB, Appendix — Apprentice Abilities: Swindler, extra goods on any Black
    Market action (facts §2: T +2 clay, M +1 stone, C +1 wood; copies stack)."""
    s = start(free=team)
    s, p, goods = black_market(s, team, space)
    assert res(s.players[p]) == plus(goods, extra)
    assert s.players[p].virtue == 6


# --------------------------------------------------------------------------- Black Market reset

@pytest.mark.parametrize("aid, gain", [pytest.param(26, {"gold": 1}, marks=app(26)),
                                       pytest.param(27, {"marble": 1}, marks=app(27)),
                                       pytest.param(28, {"virtue": 2}, marks=app(28))])
def test_squire_reward_with_no_worker_in_prison(aid, gain):
    """RB, Appendix — Apprentice Abilities: Squire, the shown reward at a Black
    Market reset if you have no workers in Prison (facts §2: gold / marble /
    2 virtue)."""
    s = start(free=(aid,))
    p = s.current_player
    q, r = others(s)
    s = s.edit(player=q, apprentices=[aid], virtue=7, silver=0)
    s = reset_black_market(s, a=p, b=r)
    pl = s.players[q]
    assert pl.in_prison == 0
    assert res(pl) == {k: v for k, v in gain.items() if k != "virtue"}
    assert pl.virtue == 7 + gain.get("virtue", 0) and pl.silver == 0


@app(26, 27, 28)
def test_squires_check_prison_after_the_black_market_workers_went_there():
    """RB, Black Market Reset (step 1 before step 3); facts §16 row 19: the Squires' check comes
    after the Black Market workers went to Prison (step 1) and before any Gatekeeper release —
    so a worker on the Black Market, or one in Prison that a Gatekeeper frees, spoils it."""
    s = start(free=(26, 27, 28, 9))
    p = s.current_player
    q, r = others(s)
    s1 = s.edit(player=q, apprentices=[26, 27, 28], virtue=7)
    s1 = reset_black_market(s1, a=q, b=r)  # q's worker on space A goes to Prison
    assert s1.players[q].in_prison == 1
    assert res(s1.players[q]) == {} and s1.players[q].virtue == 7
    s2 = s.edit(player=q, apprentices=[26, 27, 28, 9], in_prison=1, virtue=7)
    s2 = reset_black_market(s2, a=p, b=r)
    assert s2.players[q].in_prison == 0  # the Gatekeeper freed it, too late for the Squires
    assert res(s2.players[q]) == {} and s2.players[q].virtue == 7


@app(26, 27, 28)
def test_three_squires_all_pay_out():
    """RB, Black Market Reset step 3 and Appendix — Apprentice Abilities: Squires stack,
    each gives its reward at the same reset (facts §2)."""
    s = start(free=(26, 27, 28))
    p = s.current_player
    q, r = others(s)
    s = s.edit(player=q, apprentices=[26, 27, 28], virtue=7)
    s = reset_black_market(s, a=p, b=r)
    assert res(s.players[q]) == {"gold": 1, "marble": 1} and s.players[q].virtue == 9


@pytest.mark.parametrize("prison_before, on_market, left", [(3, False, 1), (1, False, 0), (0, True, 0),
                                                            (2, True, 1)])
@app(9)
def test_gatekeeper_releases_up_to_two_at_each_reset(prison_before, on_market, left):
    """RB, Appendix — Apprentice Abilities: Gatekeeper, release 2 of your workers
    from Prison every Black Market reset (up to 2; automatic, facts §16 row 15);
    it runs after the Black Market workers went to Prison and before the reset's
    virtue loss (3+ in Prison) and Debt (most in Prison) — facts §3.3."""
    s = start(free=(9,))
    p = s.current_player
    q, r = others(s)
    s = s.edit(player=q, apprentices=[9], in_prison=prison_before, virtue=7)
    supply = s.players[q].workers_in_supply
    s = reset_black_market(s, a=q if on_market else p, b=r)
    pl = s.players[q]
    assert pl.in_prison == left
    assert pl.workers_in_supply == supply + prison_before - left  # (a market worker left the supply)
    assert pl.virtue == 7  # never 3 left in Prison after the release
    most = max(x.in_prison for x in s.players)  # step 5 counts after the release
    assert pl.debts_unpaid == (1 if left == most else 0)


@app(43)
def test_peddler_two_silver_at_every_reset_unconditionally():
    """Peddler (an extra card, not in RB; RB, Black Market Reset step 3) — facts
    §2 #43: +2 silver at every Black Market reset, whatever is in Prison."""
    s = start(expansion=True, free=(43,))
    p = s.current_player
    q, r = others(s)
    s1 = reset_black_market(s.edit(player=q, apprentices=[43], silver=0), a=p, b=r)
    assert s1.players[q].silver == 2
    s2 = reset_black_market(s.edit(player=q, apprentices=[43], silver=0, in_prison=4), a=q, b=r)
    assert s2.players[q].silver == 2 and s2.players[q].in_prison == 5


# --------------------------------------------------------------------------- Cathedral

#: facts §2: Acolyte #1 +1 building card, #2 +2 clay, #3 +2 silver
ACOLYTE = {1: {"cards": 1}, 2: {"clay": 2}, 3: {"silver": 2}}


def advance_cathedral(s, card_name="Well"):
    """The mover advances the Cathedral one level (cost paid from a fresh supply of
    1 gold, 4 stone, 1 marble... whatever the level asks), discarding `card_name`."""
    p = s.current_player
    pl = s.players[p]
    s = s.edit(player=p, hand=[card_name, *[c for c in pl.hand if c != card_name]],
               resources={"gold": 1, "stone": 4, "marble": 1, "clay": 0, "wood": 0})
    s = place(s, "guildhall")
    s = s.apply(next(a for a in s.legal_actions() if a.kind == "cathedral"))
    return choose(s, "discard", card=card_name)


@pytest.mark.parametrize("team", [pytest.param(t, marks=app(*t)) for t in ((1,), (2,), (3,), (1, 2, 3))])
def test_acolyte_bonus_on_top_of_the_reward_card(team):
    """RB, Appendix — Apprentice Abilities: Acolyte, also gain the reward shown when
    advancing the Cathedral — on top of the reward card (RB, Advancing Work on the
    Cathedral; facts §2)."""
    s = start(free=team)
    p = s.current_player
    s = s.edit(player=p, apprentices=list(team), silver=0, virtue=7)
    reward = dict(cards.REWARDS[s.rewards[0] - 2].gain)
    assert cards.REWARDS[s.rewards[0] - 2].id == s.rewards[0]
    want = dict(reward)
    for i in team:
        want = plus(want, ACOLYTE[i])
    s = advance_cathedral(s)
    pl = s.players[p]
    assert pl.cathedral_level == 1
    assert pl.silver == want.get("silver", 0)
    assert pl.virtue == 7 + want.get("virtue", 0)
    assert len(pl.hand) == want.get("cards", 0)
    assert res(pl) == plus({"stone": 4, "marble": 1},
                           {k: v for k, v in want.items() if k in cards.RESOURCES})


@app(1, 2, 3)
def test_acolyte_bonus_with_the_reward_pile_empty():
    """RB, Advancing Work on the Cathedral: with no reward card left, gain 1 virtue
    instead; the Acolytes still give theirs (facts §2 #1, §4)."""
    s = start(free=(1, 2, 3))
    for _ in range(len(s.rewards)):  # 2n + 1 advances use up the pile
        s = advance_cathedral(s)
    assert s.rewards == ()
    p = s.current_player
    s = s.edit(player=p, apprentices=[1, 2, 3], silver=0, virtue=7, hand=[])
    level = s.players[p].cathedral_level
    s = advance_cathedral(s)
    pl = s.players[p]
    assert pl.cathedral_level == level + 1
    assert (pl.virtue, pl.silver, pl.clay, len(pl.hand)) == (8, 2, 2, 1)


# --------------------------------------------------------------------------- skills

@app(13)
def test_labourer_has_all_three_skills():
    """RB, Appendix — Apprentice Abilities: Labourer has all 3 skill types: alone it
    meets a Carpentry + Tiling + Masonry requirement (RB, Constructing a Building),
    and is not used up."""
    s = start(free=(39, 11))
    p = s.current_player
    s1 = construct(s, "University", apprentices=[LABOURER])
    assert "University" in s1.players[p].buildings and s1.players[p].apprentice_ids == (LABOURER,)
    partial = s.edit(player=p, hand=["University"], apprentices=[39, 11],
                     resources={"clay": 4, "wood": 2, "stone": 3, "marble": 2})
    assert "guildhall" in partial.placement_blockers()  # Carpentry + Tiling only
    assert cards.APPRENTICES[LABOURER - 1].ability == "none"


@app(13)
def test_labourer_counts_for_every_hut():
    """RB, Appendix — Building Effects, "Apprentice Huts" and Apprentice Abilities
    (Labourer): the Labourer counts for each Hut (facts §1 #6/#17/#34)."""
    s = start()
    p = s.current_player
    s = construct(s, "Tiler's Hut", apprentices=[LABOURER])
    s = s.edit(player=p, buildings=["Tiler's Hut", "Carpenter's Hut", "Mason's Hut"])
    from card_positions import score
    assert score(s, p).buildings == 3 * (5 + 1)
