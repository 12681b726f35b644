"""Game flow: the Virtue track, Taxes, Debts, the Black Market reset, Prison,
the no-worker rule, the hand and apprentice limits, the end of the game,
scoring and tie-breakers.

"RB" is the rulebook (shared/seeds/000_61b9e43c65635cb2.txt), "facts §N" the
reference file shared/reference/architects-facts.md (§16 = archwk's decisions).
Positions are built with `GameState.edit`; where edit cannot express one (the
Guildhall, a forced last turn), `archwk.games.architects.core.thaw`/`commit` are used and the
helper says so.
"""
from __future__ import annotations

import pytest
from helpers import act, place, started

import archwk
from archwk import Action, IllegalAction
from archwk.games.architects import cards, core

VIRTUE_VP = [-9, -8, -7, -5, -3, -1, 0, 0, 0, 0, 1, 2, 3, 5, 7]  # facts §6, virtue 0..14
CATHEDRAL_VP = [0, 2, 4, 7, 12, 20]  # facts §5, level 0..5
BM = ("black_market_a", "black_market_b", "black_market_c")


# --------------------------------------------------------------------------- helpers


def others(s, p):
    n = len(s.players)
    return [(p + k) % n for k in range(1, n)]


def kinds_of(s):
    return [e.kind for e in s.events]


def events(s, kind, player=None):
    return [e for e in s.events if e.kind == kind and (player is None or e.player == player)]


def started_with_free(n=3, *, buildings=(), apprentices=(), seed0=1):
    """A started game in which the named buildings are still in the building deck
    and a copy of each named apprentice is in the apprentice deck, so `edit` can
    hand them to a player."""
    for seed in range(seed0, seed0 + 200):
        s = started(n, seed=seed)
        names = [cards.APPRENTICES[c - 1].name for c in s.apprentice_deck]
        if all(b in s.building_deck for b in buildings) and all(
                names.count(a) >= list(apprentices).count(a) for a in apprentices):
            return s
    raise AssertionError("no seed found")  # pragma: no cover


def fill_guildhall(s, counts):
    """Lay workers in the Guildhall: `counts` is a list of player indices, one per
    space, in order. edit() cannot place Guildhall workers, so this uses
    core.thaw/commit; the workers come out of each player's supply."""
    t = core.thaw(s)
    t.guildhall = t.guildhall + tuple(counts)
    for i in set(counts):
        core.writable_player(t, i).workers_in_supply -= list(counts).count(i)
        assert t.players[i].workers_in_supply >= 0
    return core.commit(t)


def guildhall_upto(s, k):
    """The first k Guildhall spaces filled (players in turn)."""
    n = len(s.players)
    return fill_guildhall(s, [i % n for i in range(k)])


def last_turn(s):
    """Make the current turn the last of the game (as if the end had been
    triggered earlier and everybody else had had their final turn). Not
    expressible with edit(): uses core.thaw/commit."""
    t = core.thaw(s)
    t.end_trigger = t.turn_player
    t.final_turns = 1
    return core.commit(t)


def end_with_quarry(s):
    """The current player places at the Quarry (1 Stone, nothing that scores)
    on the last turn: the game ends."""
    s = place(s, "quarry")
    assert s.is_over
    return s


def can_construct_cathedral(s, p):
    """Give player p what the first Cathedral level costs (1 Gold)."""
    return s.edit(player=p, resources={"gold": 1})


def enter_guildhall_for_cathedral(s):
    """Current player: place in the Guildhall, advance the Cathedral, discard."""
    s = place(s, "guildhall")
    s = act(s, "cathedral", option=(("gold", 1),))
    assert s.decision == "cathedral_discard"
    return s.apply(s.legal_actions()[0])


# =========================================================================== Virtue track


@pytest.mark.parametrize("start, debts, words", [
    (2, 0, ["{p} loses 2 Virtue (stealing from the Tax Stand) and is now at 0."]),
    (1, 1, ["{p} would lose 2 Virtue (stealing from the Tax Stand) but has only 1 and drops to 0.",
            "{p} takes 1 unpaid Debt instead: 1 for each point of Virtue below 0."]),
    (0, 2, ["{p} would lose 2 Virtue (stealing from the Tax Stand) but is already at 0.",
            "{p} takes 2 unpaid Debts instead: 1 for each point of Virtue below 0."]),
])
def test_virtue_below_zero_gives_one_debt_per_point(start, debts, words):
    """RB Virtue Track: for each Virtue lost below 0, take an unpaid Debt; the
    marker stays at 0 (facts §6). The Tax Stand costs 2 Virtue. The log says what
    the track did, in numbers that agree: not "loses 2 Virtue ... and is now at 0"
    from 0 followed by 2 Debts (issue 21)."""
    s = started()
    p = s.current_player
    s = place(s.edit(player=p, virtue=start), "tax_stand")
    assert s.players[p].virtue == max(0, start - 2)
    assert s.players[p].debts_unpaid == debts
    taken = events(s, "debt_taken", p)
    assert sum(e.data["count"] for e in taken) == debts
    assert all(e.data["cause"] == core.VIRTUE_BELOW_0 for e in taken)
    name = s.players[p].name
    texts = [e.text for e in s.events if e.kind in ("virtue", "debt_taken")]
    assert texts == [w.format(p=name) for w in words]


def test_virtue_above_14_destroys_unpaid_debts():
    """RB Virtue Track: for each Virtue gained above 14, destroy 1 unpaid Debt
    (returned to the pile, not paid). Paying off a Debt at the Guardhouse gives
    +1 Virtue: at 14 that point destroys another unpaid Debt."""
    s = started()
    p = s.current_player
    s = s.edit(player=p, virtue=14, debts_unpaid=2, silver=10)
    s = place(s, "guardhouse")
    s = act(s, "guard", option="pay_debt")
    pl = s.players[p]
    assert pl.virtue == 14
    assert pl.debts_paid == 1          # the one paid off
    assert pl.debts_unpaid == 0        # the other destroyed, not paid
    assert [e.data["count"] for e in events(s, "debt_destroyed", p)] == [1]


TOP = "the top of the track"
GONE = "instead: 1 for each point of Virtue above 14."
VIRTUE_ABOVE_14_WORDS = {
    (13, 3, 3): [f"{{p}} would gain 3 Virtue (a test) but gains only 1: 14 is {TOP}.",
                 f"{{p}} destroys 2 unpaid Debts {GONE}"],
    (14, 3, 1): [f"{{p}} would gain 1 Virtue (a test) but is already at 14, {TOP}.",
                 f"{{p}} destroys 1 unpaid Debt {GONE}"],
    (13, 1, 3): [f"{{p}} would gain 3 Virtue (a test) but gains only 1: 14 is {TOP}; 1 of the points above it "
                 "is lost (no unpaid Debt left to destroy).", f"{{p}} destroys 1 unpaid Debt {GONE}"],
    (14, 0, 2): [f"{{p}} would gain 2 Virtue (a test) but is already at 14, {TOP}; the 2 points above it are "
                 "lost (no unpaid Debt to destroy)."],
    (12, 2, 2): ["{p} gains 2 Virtue (a test) and is now at 14."],
}


@pytest.mark.parametrize("virtue, debts, delta, destroyed", [
    (13, 3, 3, 2),   # one per point above 14
    (14, 3, 1, 1),
    (13, 1, 3, 1),   # only while there are unpaid Debts
    (14, 0, 2, 0),
    (12, 2, 2, 0),   # reaching 14 exactly destroys nothing
])
def test_virtue_above_14_one_debt_per_point(virtue, debts, delta, destroyed):
    """RB Virtue Track: one unpaid Debt destroyed per point gained above 14, only
    while unpaid Debts remain (facts §6, §16 row 10: mandatory, automatic).
    Tested on core.change_virtue, the one rule every Virtue gain goes through."""
    s = started()
    p = s.current_player
    s = s.edit(player=p, virtue=virtue, debts_unpaid=debts, debts_paid=1)
    t = core.thaw(s)
    core.change_virtue(t, p, delta, cause="a test")
    s2 = core.commit(t)
    assert s2.players[p].virtue == min(14, virtue + delta)
    assert s2.players[p].debts_unpaid == debts - destroyed
    assert s2.players[p].debts_paid == 1
    # the log's numbers agree with the track: the points above 14 destroy Debts or are lost (issue 21)
    name = s.players[p].name
    assert [e.text for e in s2.events] == [w.format(p=name) for w in VIRTUE_ABOVE_14_WORDS[virtue, debts, delta]]


def test_virtue_14_without_debts_gains_nothing_more():
    """RB Virtue Track: above 14 nothing happens without unpaid Debts; a
    Storehouse trade for Virtue at 14 leaves Virtue at 14."""
    s = started()
    p = s.current_player
    s = place(s.edit(player=p, virtue=14, resources={"clay": 2}), "storehouse")
    s = act(s, "trade", option=("clay", "clay"))
    assert s.players[p].virtue == 14 and s.players[p].debts_unpaid == 0
    assert s.players[p].clay == 0


@pytest.mark.parametrize("virtue, avoided", [(14, 0), (7, 0), (4, 0), (3, 1), (2, 1), (1, 2), (0, 2)])
def test_tax_avoidance_workshop(virtue, avoided):
    """RB Virtue Track / facts §6-7: at Virtue 2-3 ignore 1 Tax, at 0-1 ignore 2,
    on the Tax part only. A Workshop hire is 4 Silver of which 2 Tax."""
    s = started()
    p = s.current_player
    s = s.edit(player=p, virtue=virtue, silver=10)
    tax0 = s.tax
    s = act(place(s, "workshop"), "hire", target=0)
    assert s.players[p].silver == 10 - (4 - avoided)
    assert s.tax == tax0 + 2 - avoided
    paid = events(s, "paid", p)
    assert [(e.data["silver"], e.data["tax"], e.data["avoided"]) for e in paid] == [(4 - avoided, 2 - avoided, avoided)]


@pytest.mark.parametrize("virtue, silver, tax", [(7, 6, 3), (3, 5, 2), (2, 5, 2), (1, 4, 1), (0, 4, 1)])
def test_tax_avoidance_paying_off_a_debt(virtue, silver, tax):
    """facts §7: paying off a Debt is 6 Silver of which 3 Tax; low Virtue
    ignores 1 or 2 of the Tax (never the non-Tax part)."""
    s = started()
    p = s.current_player
    s = s.edit(player=p, virtue=virtue, silver=10, debts_unpaid=1)
    tax0 = s.tax
    s = act(place(s, "guardhouse"), "guard", option="pay_debt")
    assert s.players[p].silver == 10 - silver
    assert s.tax == tax0 + tax
    assert s.players[p].debts_paid == 1


@pytest.mark.parametrize("virtue", [0, 1, 3])
def test_tax_avoidance_does_not_touch_non_tax_costs(virtue):
    """facts §7: the Black Market costs carry no Tax, so low Virtue does not
    make them cheaper (1 Silver at the left space)."""
    s = started()
    p = s.current_player
    s = place(s.edit(player=p, virtue=virtue, silver=5), "black_market_a")
    assert s.players[p].silver == 4


def test_tax_avoidance_town_centre():
    """facts §7: the first Town Centre capture is 1 Silver of Tax, free at Virtue
    3 or less; a further capture is 1 non-Tax Silver and still costs 1."""
    s = started()
    p = s.current_player
    o1, o2 = others(s, p)
    s = s.edit(player=p, virtue=3, silver=1, workers_at={"town_centre": {p: 1}, "forest": {o1: 2},
                                                        "quarry": {o2: 1}})
    tax0 = s.tax
    s = place(s, "town_centre")
    s = act(s, "capture", location="forest", target=o1)
    assert s.players[p].silver == 1 and s.tax == tax0
    s = act(s, "capture", location="quarry", target=o2)
    assert s.players[p].silver == 0 and s.tax == tax0
    assert s.players[p].captured[o1] == 2 and s.players[p].captured[o2] == 1


@pytest.mark.parametrize("virtue, closed", [(9, False), (10, True), (14, True), (0, False)])
def test_black_market_closed_at_virtue_10(virtue, closed):
    """RB Virtue Track: with 10 or more Virtue you can no longer place Workers in
    the Black Market (until you drop below 10)."""
    s = started()
    p = s.current_player
    s = s.edit(player=p, virtue=virtue, silver=10)
    legal = {a.location for a in s.legal_actions() if a.kind == "place"}
    blockers = s.placement_blockers()
    for loc in BM:
        assert (loc not in legal) == closed
        assert ("Virtue 10" in blockers.get(loc, "")) == closed
    if closed:
        with pytest.raises(IllegalAction, match="Virtue 10"):
            place(s, "black_market_a")


@pytest.mark.parametrize("virtue, closed", [(5, False), (4, True), (0, True), (14, False)])
def test_cathedral_closed_at_virtue_4(virtue, closed):
    """RB Virtue Track: with 4 or less Virtue you can no longer work on the
    Cathedral (until you rise above 4)."""
    s = started()
    p = s.current_player
    s = s.edit(player=p, virtue=virtue, resources={"gold": 1})
    legal = {a.location for a in s.legal_actions() if a.kind == "place"}
    assert ("guildhall" not in legal) == closed
    if closed:
        assert "Virtue 4 or less" in s.placement_blockers()["guildhall"]
        with pytest.raises(IllegalAction, match="Virtue 4 or less"):
            place(s, "guildhall")
    else:
        s = place(s, "guildhall")
        assert {a.kind for a in s.legal_actions()} == {"cathedral"}


# =========================================================================== Black Market reset


def bm_filled_two(s, a_owner, b_owner):
    return s.edit(workers_at={"black_market_a": {a_owner: 1}, "black_market_b": {b_owner: 1}})


def test_reset_when_third_space_is_filled():
    """RB Black Market Reset: triggered when all 3 Black Market spaces have
    Workers; the triggering action is resolved first (the Large Market goods
    are gained before the reset)."""
    s = started()
    p = s.current_player
    o1, o2 = others(s, p)
    s = bm_filled_two(s, o1, o2).edit(player=p, silver=5)
    s2 = place(s, "black_market_c")
    ks = kinds_of(s2)
    assert ks.index("gained") < ks.index("reset")
    assert s2.resets == 1
    assert s2.black_market == (-1, -1, -1)
    assert [q.in_prison for q in s2.players] == [1, 1, 1]
    assert s2.current_player != p  # the reset ran at the end of the turn


def test_reset_waits_for_the_triggering_action_to_finish():
    """RB Black Market Reset: "Resolve the triggering action first": filling the
    middle space last, its choice (hire or look at 5 cards) comes before the
    reset."""
    s = started()
    p = s.current_player
    o1, o2 = others(s, p)
    s = s.edit(workers_at={"black_market_a": {o1: 1}, "black_market_c": {o2: 1}}).edit(player=p, silver=5)
    s = place(s, "black_market_b")
    assert s.decision == "black_market_b" and s.resets == 0
    assert s.black_market == (o1, p, o2)
    s = s.apply(Action("draw5"))
    assert s.decision == "keep_one" and s.resets == 0
    s = s.apply(s.legal_actions()[0])
    assert s.resets == 1 and s.black_market == (-1, -1, -1)
    assert kinds_of(s).index("kept") < kinds_of(s).index("reset")


def test_no_reset_with_two_spaces_filled():
    """RB Black Market Reset: two occupied spaces trigger nothing."""
    s = started()
    p = s.current_player
    s = s.edit(workers_at={"black_market_a": {others(s, p)[0]: 1}}).edit(player=p, silver=5)
    s2 = place(s, "black_market_c")
    assert s2.resets == 0 and "reset" not in kinds_of(s2)
    assert s2.black_market[2] == p


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_reset_from_the_guildhall(n):
    """RB Black Market Reset / facts §8.3: a worker placed on the left-most space of
    one of the bottom 2 Guildhall rows (space 2n+3 or 3n+4) triggers a reset,
    after the construction; other spaces do not. With nobody in Prison after
    step 1, nobody takes a Debt."""
    s0 = started(n, seed=2)
    for k, expect in ((2 * n + 2, False), (2 * n + 3, True), (2 * n + 4, False),
                      (3 * n + 3, False), (3 * n + 4, True)):
        s = can_construct_cathedral(guildhall_upto(s0, k - 1), s0.current_player)
        s = place(s, "guildhall")
        assert events(s, "guildhall_space")[0].data["space"] == k
        assert ("reset_triggered" in kinds_of(s)) == expect, k
        assert s.resets == 0  # the construction comes first
        s = act(s, "cathedral", option=(("gold", 1),))
        s = s.apply(s.legal_actions()[0])  # the Cathedral's discard
        assert (s.resets == 1) == expect, k
        if expect:
            ks = kinds_of(s)
            assert ks.index("cathedral") < ks.index("reset")
            assert "debt_taken" not in ks  # 0 in Prison: nobody takes a Debt
            assert s.bm_large and len(s.bm_small) == 9


def test_reset_steps_in_order():
    """RB Black Market Reset, steps 1-5 in order: (1) Black Market workers to
    Prison; (2) top Small card onto the Large pile; (3) reset apprentices act
    (Gatekeeper releases 2 from Prison); (4) 3+ in Prison lose 1 Virtue;
    (5) the most in Prison take 1 Debt. The Gatekeeper's release before steps 4
    and 5 spares its owner both penalties."""
    s = started_with_free(3, apprentices=["Gatekeeper"])
    p = s.current_player
    o1, o2 = others(s, p)
    s = bm_filled_two(s, o1, o2)
    s = s.edit(player=o1, in_prison=2, apprentices=["Gatekeeper"], virtue=7)
    s = s.edit(player=o2, in_prison=2, virtue=7)
    s = s.edit(player=p, silver=5, virtue=7)
    small_top = s.bm_small[0]
    s2 = place(s, "black_market_c")
    ks = kinds_of(s2)
    i_reset = ks.index("reset")
    to_prison = [i for i, k in enumerate(ks) if k == "to_prison"]
    released = [i for i, e in enumerate(s2.events) if e.kind == "released" and e.player == o1]
    lost = [i for i, e in enumerate(s2.events)
            if e.kind == "virtue" and "Prison" in e.data["cause"]]
    debts = [i for i, k in enumerate(ks) if k == "debt_taken"]
    assert len(to_prison) == 3 and len(released) == 1 and len(lost) == 1 and len(debts) == 1
    assert i_reset < min(to_prison) and max(to_prison) < released[0] < lost[0] < debts[0]
    # step 2: the Small card went onto the Large pile
    assert s2.bm_large == (small_top,)
    # prison: p 1; o1 2+1-2 = 1; o2 2+1 = 3
    assert [s2.players[i].in_prison for i in (p, o1, o2)] == [1, 1, 3]
    assert [s2.players[i].virtue for i in (p, o1, o2)] == [6, 7, 6]  # p: -1 for the Black Market
    assert [s2.players[i].debts_unpaid for i in (p, o1, o2)] == [0, 0, 1]


@pytest.mark.parametrize("prison, loses", [(1, False), (2, True), (5, True)])
def test_reset_three_in_prison_lose_virtue(prison, loses):
    """RB Black Market Reset step 4: all players with 3 or more Workers in Prison
    (after step 1) lose 1 Virtue."""
    s = started()
    p = s.current_player
    o1, o2 = others(s, p)
    s = bm_filled_two(s, o1, o2).edit(player=o1, in_prison=prison).edit(player=p, silver=5)
    s2 = place(s, "black_market_c")
    assert s2.players[o1].in_prison == prison + 1
    assert s2.players[o1].virtue == (6 if loses else 7)
    assert s2.players[o2].virtue == 7


def test_reset_most_in_prison_ties_all_take_a_debt():
    """RB Black Market Reset step 5: the player(s) with the most Workers in Prison
    each take 1 Debt; with a tie, all of them."""
    s = started()
    p = s.current_player
    o1, o2 = others(s, p)
    s2 = place(bm_filled_two(s, o1, o2).edit(player=p, silver=5), "black_market_c")
    assert [q.in_prison for q in s2.players] == [1, 1, 1]
    assert [q.debts_unpaid for q in s2.players] == [1, 1, 1]
    s3 = place(bm_filled_two(s, o1, o2).edit(player=o2, in_prison=1).edit(player=p, silver=5),
               "black_market_c")
    assert [s3.players[i].debts_unpaid for i in (p, o1, o2)] == [0, 0, 1]
    s4 = place(bm_filled_two(s, o1, o2).edit(player=o2, in_prison=1).edit(player=o1, in_prison=1)
               .edit(player=p, silver=5), "black_market_c")
    assert [s4.players[i].debts_unpaid for i in (p, o1, o2)] == [0, 1, 1]


def test_reset_flips_small_to_large_and_reshuffles():
    """RB Black Market Reset step 2: the top Small Market card is turned over onto
    the Large Market. Action A uses the Small card on top, action C the Large.
    When no Small card remains (after 10 resets), action A shows the printed
    goods (facts §3.1) and the next reset shuffles the Large pile into a new
    Small pile before flipping (RB)."""
    s = started(3, seed=7)
    original = s.bm_small
    for r in range(10):
        p = s.current_player
        o1, o2 = others(s, p)
        top = s.bm_small[0]
        s = bm_filled_two(s, o1, o2).edit(player=p, silver=5, virtue=7)
        s = place(s, "black_market_c")
        assert s.resets == r + 1
        assert s.bm_large[0] == top
        assert s.bm_small == original[r + 1:]
        assert "market_reshuffled" not in kinds_of(s)
        if s.bm_small:  # action A now shows the new top Small card
            assert archwk.games.architects.locations.black_market.small_goods(s) == \
                dict(cards.BLACK_MARKET_CARDS[s.bm_small[0] - 1].small)
    assert s.bm_small == ()
    assert s.bm_large == tuple(reversed(original))
    # the Small pile is empty: action A gives the printed 1 Marble + 1 Gold
    p = s.current_player
    s = s.edit(player=p, silver=5, virtue=7, resources={"gold": 0, "marble": 0})
    sa = place(s, "black_market_a")
    assert sa.players[p].gold == 1 and sa.players[p].marble == 1
    # the 11th reset reshuffles the Large pile into the Small pile, then flips
    o1, o2 = others(s, p)
    s = bm_filled_two(s, o1, o2).edit(player=p, silver=5, virtue=7)
    s = place(s, "black_market_c")
    assert s.resets == 11
    assert "market_reshuffled" in kinds_of(s)
    assert len(s.bm_small) == 9 and len(s.bm_large) == 1
    assert sorted(s.bm_small + s.bm_large) == list(range(1, 11))


def test_black_market_goods_follow_the_piles():
    """RB Black Market: action A gains the top Small card's goods, action C the
    top Large card's; with no Large card the printed goods (facts §3.1)."""
    s = started(3, seed=3)
    p = s.current_player
    small = dict(cards.BLACK_MARKET_CARDS[s.bm_small[0] - 1].small)
    sa = place(s.edit(player=p, silver=5), "black_market_a")
    for r, v in small.items():
        assert sa.players[p].resources[r] == v
    sc = place(s.edit(player=p, silver=5), "black_market_c")
    for r, v in dict(cards.BLACK_MARKET_EMPTY_LARGE).items():
        assert sc.players[p].resources[r] == v


# =========================================================================== no workers left


def test_no_worker_turn_brings_one_back_from_a_large_open_location():
    """RB Special Rule: a player who starts their turn with no Workers on their
    board spends the whole turn returning 1 Worker from the Main Board; not from
    the Guildhall, Black Market, Prison or an opposing player's board."""
    s = started()
    p = s.current_player
    o1, _o2 = others(s, p)
    s = fill_guildhall(s, [p, p])
    s = s.edit(player=o1, captured={p: 1})
    s = s.edit(player=p, in_prison=1, workers_at={"forest": {p: 6}, "tax_stand": {p: 9},
                                                   "black_market_a": {p: 1}})
    assert s.players[p].workers_in_supply == 0
    assert s.decision == "return_worker" and s.current_player == p
    acts = s.legal_actions()
    assert sorted(a.location for a in acts) == ["forest", "tax_stand"]
    assert all(a.kind == "return_worker" for a in acts)
    s2 = s.apply(Action("return_worker", "forest"))
    assert s2.players[p].workers_in_supply == 1
    assert s2.workers_at("forest")[p] == 5
    assert s2.current_player == o1 and s2.decision == "place"  # the turn is over
    assert "placed" not in kinds_of(s2)
    for loc in ("guildhall", "black_market_a", "prison"):
        with pytest.raises(IllegalAction):
            s.apply(Action("return_worker", loc))


def test_no_worker_turn_starts_the_next_turn():
    """RB Special Rule: the returned Worker is not placed until the player's next
    turn: at the next turn they place normally."""
    s = started(2)
    p = s.current_player
    s = s.edit(player=p, workers_at={"forest": {p: 20}})
    s = s.apply(Action("return_worker", "forest"))
    s = place(s, "quarry")  # the opponent's turn
    assert s.current_player == p and s.decision == "place"


def test_no_worker_fallback_black_market_prison_boards():
    """facts §16 row 14: only if no Worker is on any large open location, one may
    come back from the Black Market, Prison or an opponent's board."""
    s = started()
    p = s.current_player
    o1, _o2 = others(s, p)
    s = fill_guildhall(s, [p] * 15)
    s = s.edit(player=o1, captured={p: 2})
    s = s.edit(player=p, in_prison=2, workers_at={"black_market_b": {p: 1}})
    assert s.decision == "return_worker"
    acts = set(s.legal_actions())
    assert acts == {Action("return_worker", "black_market_b"), Action("return_worker", "prison"),
                    Action("return_worker", "board", target=o1)}
    s2 = s.apply(Action("return_worker", "board", target=o1))
    assert s2.players[o1].captured[p] == 1 and s2.players[p].workers_in_supply == 1
    s3 = s.apply(Action("return_worker", "prison"))
    assert s3.players[p].in_prison == 1 and s3.players[p].workers_in_supply == 1
    s4 = s.apply(Action("return_worker", "black_market_b"))
    assert s4.black_market[1] == -1 and s4.players[p].workers_in_supply == 1


def test_no_worker_anywhere_the_turn_passes():
    """facts §16 row 14: with every Worker in the Guildhall, nothing can come back:
    the turn passes."""
    s = started()
    p = s.current_player
    s = fill_guildhall(s, [p] * 20)
    # edit() normalises the decision to the no-worker turn
    s = s.edit(player=p, silver=s.players[p].silver)
    assert s.decision == "return_worker"
    assert s.legal_actions() == [Action("pass")]
    s2 = s.apply(Action("pass"))
    assert s2.current_player != p and "passed" in kinds_of(s2)


# =========================================================================== hand limit


@pytest.mark.parametrize("workshop_workers, drawn", [(0, 1), (2, 2)])
def test_hand_limit_at_end_of_turn(workshop_workers, drawn):
    """RB Workshop: max hand limit 6, discard the excess at the end of the turn,
    each discard a decision; discarded cards go under the Building pile."""
    s = started()
    p = s.current_player
    hand = list(s.players[p].hand) + list(s.building_deck[:3])
    s = s.edit(player=p, hand=hand, workers_at={"workshop": {p: workshop_workers}})
    assert len(s.players[p].hand) == 6
    s = act(place(s, "workshop"), "plans")
    assert len(s.players[p].hand) == 6 + drawn
    for _ in range(drawn):
        assert s.decision == "hand_limit" and s.current_player == p
        assert "hand limit 6" in s.prompt
        acts = s.legal_actions()
        assert {a.kind for a in acts} == {"discard"}
        assert sorted(a.card for a in acts) == sorted(set(s.players[p].hand))
        card = acts[0].card
        s = s.apply(acts[0])
        assert s.building_deck[-1] == card
        assert card not in s.players[p].hand
    assert len(s.players[p].hand) == 6
    assert s.current_player != p  # then the turn ends


def test_hand_limit_not_applied_at_six():
    """RB Workshop: a hand of exactly 6 is within the limit."""
    s = started()
    p = s.current_player
    hand = list(s.players[p].hand) + list(s.building_deck[:2])
    s = act(place(s.edit(player=p, hand=hand), "workshop"), "plans")
    assert len(s.players[p].hand) == 6 and s.current_player != p


# =========================================================================== apprentice limit


def test_apprentice_limit_five():
    """RB Workshop: max 5 Apprentices. Hiring a sixth asks which of the others
    to discard (facts §2: discarded to the bottom of the apprentice deck; the
    newly hired card stays)."""
    s = started()
    p = s.current_player
    five = list(s.apprentice_deck[:5])
    s = s.edit(player=p, apprentices=five, silver=10)
    new = s.display[0]
    s = act(place(s, "workshop"), "hire", target=0)
    assert s.decision == "apprentice_limit" and s.current_player == p
    acts = s.legal_actions()
    assert sorted(a.card for a in acts) == sorted(five)  # not the new one
    s = s.apply(Action("discard_apprentice", card=five[2]))
    assert len(s.players[p].apprentice_ids) == 5
    assert new in s.players[p].apprentice_ids and five[2] not in s.players[p].apprentice_ids
    assert s.apprentice_deck[-1] == five[2]
    assert s.current_player != p


def test_voluntary_apprentice_discard_does_not_end_the_turn():
    """RB Workshop ("you may discard at any time"), facts §16 row 13: a free
    discard at the placement decision; the card goes to the bottom of the
    apprentice deck, no Virtue changes, and the player still places a worker."""
    s = started()
    p = s.current_player
    two = list(s.apprentice_deck[:2])
    s = s.edit(player=p, apprentices=two)
    acts = s.legal_actions()
    assert {a.card for a in acts if a.kind == "discard_apprentice"} == set(two)
    s2 = s.apply(Action("discard_apprentice", card=two[0]))
    assert s2.current_player == p and s2.decision == "place"
    assert s2.turn_no == s.turn_no
    assert s2.players[p].apprentice_ids == (two[1],)
    assert s2.apprentice_deck[-1] == two[0]
    assert s2.players[p].virtue == s.players[p].virtue
    assert "virtue" not in kinds_of(s2)
    s3 = place(s2, "quarry")
    assert s3.current_player != p


def test_voluntary_discard_can_be_switched_off():
    """facts §15 row 13 / §16: online there is no free discard
    (Options(voluntary_apprentice_discard=False))."""
    s = started(options=archwk.Options(voluntary_apprentice_discard=False))
    p = s.current_player
    s = s.edit(player=p, apprentices=list(s.apprentice_deck[:2]))
    assert not [a for a in s.legal_actions() if a.kind == "discard_apprentice"]


# =========================================================================== end of the game


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_end_of_game_final_round(n):
    """RB End of the Game: triggered once the last Worker is placed in the
    Guildhall (space 4n+4); the current player finishes, then each player
    (including them) has 1 final turn; then the game is over (facts §14: the
    trigger player's final turn comes last)."""
    s = started(n, seed=4)
    p = s.current_player
    last = 4 * (n + 1)
    s = can_construct_cathedral(guildhall_upto(s, last - 1), p)
    s = enter_guildhall_for_cathedral(s)
    assert s.end_trigger == p
    assert not s.is_over
    finals = []
    while not s.is_over:
        assert s.legal_actions()
        if s.decision == "place":
            finals.append(s.current_player)
            assert events(s, "turn")[-1].data["final"] is True
        s = place(s, "quarry") if s.decision == "place" else s.apply(s.legal_actions()[0])
    assert finals == [(p + k) % n for k in range(1, n + 1)]
    assert s.is_over
    assert s.current_player is None
    assert s.legal_actions() == []
    assert s.prompt == "The game is over"
    assert "game_over" in kinds_of(s)
    with pytest.raises(IllegalAction, match="over"):
        s.apply(Action("place", "quarry"))
    assert set(s.placement_blockers()) == set(archwk.LOCATIONS)


def test_final_round_guildhall_placement_to_the_side():
    """RB End of the Game: in the final round players may still place Workers in
    the Guildhall (placed to the side); nothing triggers again."""
    s = started(2, seed=4)
    p = s.current_player
    (o,) = others(s, p)
    s = enter_guildhall_for_cathedral(can_construct_cathedral(guildhall_upto(s, 11), p))
    assert s.current_player == o
    s = place(can_construct_cathedral(s, o), "guildhall")
    assert "guildhall_side" in kinds_of(s) and "end_triggered" not in kinds_of(s)
    s = act(s, "cathedral", option=(("gold", 1),))
    s = s.apply(s.legal_actions()[0])
    assert s.players[o].cathedral_level == 1
    assert len(s.guildhall) == 13
    assert s.current_player == p and not s.is_over
    s = place(s, "quarry")
    assert s.is_over


def test_end_game_virtue_effects_applied_once():
    """RB End-Game Scoring: resolve end-game Building effects before scoring,
    once. The Dungeon loses 2 Virtue before scoring (facts §1)."""
    s = started_with_free(2, buildings=["Dungeon"])
    p = s.current_player
    s = last_turn(s).edit(player=p, buildings=["Dungeon"], virtue=7)
    # before the end, final_scores is a projection: it includes the effect and
    # leaves the state alone
    proj = archwk.final_scores(s)[p]
    assert proj.virtue == VIRTUE_VP[5] and s.players[p].virtue == 7
    s = end_with_quarry(s)
    assert s.players[p].virtue == 5
    assert len([e for e in s.events if e.kind == "virtue" and "Dungeon" in e.data["cause"]]) == 1
    a, b = archwk.final_scores(s), archwk.final_scores(s)
    assert a == b and a[p].virtue == VIRTUE_VP[5]
    assert a[p].buildings == 14
    assert s.players[p].virtue == 5


@pytest.mark.parametrize("virtue", range(15))
def test_virtue_vp_table(virtue):
    """RB End-Game Scoring / facts §6: VP for the final Virtue position."""
    s = last_turn(started(2))
    p = s.current_player
    s = end_with_quarry(s.edit(player=p, virtue=virtue))
    assert archwk.final_scores(s)[p].virtue == VIRTUE_VP[virtue]


@pytest.mark.parametrize("level", range(6))
def test_cathedral_vp_table(level):
    """RB Advancing Work on the Cathedral / facts §5: VP of the final level only
    (0, 2, 4, 7, 12, 20), not cumulative."""
    s = last_turn(started(2))
    p = s.current_player
    s = end_with_quarry(s.edit(player=p, cathedral_level=level))
    assert archwk.final_scores(s)[p].cathedral == CATHEDRAL_VP[level]


def test_scoring_lines_and_total():
    """RB End-Game Scoring: buildings' VP, Cathedral, Virtue, -2 per unpaid Debt,
    +1 per Gold and Marble, +1 per 10 Silver, -1 per 2 Workers in Prison; the
    total is their sum. Paid Debts, Clay/Wood/Stone and captured workers score
    nothing (facts §14)."""
    s = started_with_free(2, buildings=["Smithy", "Well"])
    p = s.current_player
    (o,) = others(s, p)
    s = last_turn(s)
    s = s.edit(player=o, captured={p: 3})
    s = s.edit(player=p, buildings=["Smithy", "Well"], cathedral_level=2, virtue=12,
               debts_unpaid=3, debts_paid=2, resources={"gold": 2, "marble": 3, "clay": 9, "wood": 9},
               silver=27, in_prison=5)
    s = end_with_quarry(s)
    sc = archwk.final_scores(s)[p]
    assert (sc.buildings, sc.cathedral, sc.virtue, sc.debts, sc.gold_marble, sc.silver, sc.prison) == \
        (6, 4, 3, -6, 5, 2, -2)
    assert sc.total == 6 + 4 + 3 - 6 + 5 + 2 - 2
    assert sc.player == p and sc.name == s.players[p].name
    other = archwk.final_scores(s)[o]
    assert other.total == 0  # holding captured workers scores nothing


@pytest.mark.parametrize("silver, vp", [(0, 0), (9, 0), (10, 1), (19, 1), (20, 2), (35, 3)])
def test_silver_vp(silver, vp):
    """RB End-Game Scoring: 1 VP for each set of 10 Silver."""
    s = last_turn(started(2))
    p = s.current_player
    s = end_with_quarry(s.edit(player=p, silver=silver))
    assert archwk.final_scores(s)[p].silver == vp


@pytest.mark.parametrize("prison, vp", [(0, 0), (1, 0), (2, -1), (3, -1), (4, -2), (7, -3)])
def test_prison_vp(prison, vp):
    """RB End-Game Scoring: lose 1 VP for every 2 Workers in Prison (1 alone has
    no effect)."""
    s = last_turn(started(2))
    p = s.current_player
    s = end_with_quarry(s.edit(player=p, in_prison=prison))
    assert archwk.final_scores(s)[p].prison == vp


@pytest.mark.parametrize("debts", [0, 1, 4])
def test_unpaid_debt_vp(debts):
    """RB End-Game Scoring: lose 2 VP for each unpaid Debt."""
    s = last_turn(started(2))
    p = s.current_player
    s = end_with_quarry(s.edit(player=p, debts_unpaid=debts, debts_paid=2))
    assert archwk.final_scores(s)[p].debts == -2 * debts


def _two_player_end(p_edit, o_edit):
    s = last_turn(started(2, seed=6))
    p = s.current_player
    (o,) = others(s, p)
    s = s.edit(player=o, **o_edit).edit(player=p, **p_edit)
    return end_with_quarry(s), p, o


def test_winner_highest_total():
    """RB End-Game Scoring: the highest total wins, whatever the Virtue."""
    s, p, _o = _two_player_end({"virtue": 6, "resources": {"gold": 1}}, {"virtue": 9})
    assert archwk.winners(s) == [p]


def test_tie_broken_by_virtue():
    """RB End-Game Scoring: ties are broken by the highest Virtue (6 and 9 both
    score 0 VP)."""
    s, p, o = _two_player_end({"virtue": 6, "silver": 9}, {"virtue": 9, "silver": 0})
    scores = archwk.final_scores(s)
    assert scores[p].total == scores[o].total
    assert archwk.winners(s) == [o]


def test_tie_broken_by_silver():
    """RB End-Game Scoring: then by the most remaining Silver (3 and 8 both score
    0 VP)."""
    s, _p, o = _two_player_end({"virtue": 8, "silver": 3}, {"virtue": 8, "silver": 8})
    assert archwk.winners(s) == [o]


def test_full_tie_is_shared():
    """RB End-Game Scoring: otherwise a shared victory."""
    s, p, o = _two_player_end({"virtue": 8, "silver": 4}, {"virtue": 8, "silver": 4})
    assert archwk.winners(s) == sorted([p, o])


def test_tie_break_uses_final_virtue_in_a_projection():
    """RB End-Game Scoring: ties go to the highest Virtue, the final one, after
    end-game Building effects. Before the end, winners() uses the same
    projection as final_scores(): the Dungeon's -2 Virtue (9 -> 7) counts."""
    s = started_with_free(2, buildings=["Dungeon"])
    p = s.current_player
    (o,) = others(s, p)
    s = s.edit(player=p, buildings=["Dungeon"], virtue=9).edit(player=o, virtue=8, resources={"gold": 14})
    scores = archwk.final_scores(s)
    assert scores[p].total == scores[o].total == 14
    assert archwk.winners(s) == [o]
    assert s.players[p].virtue == 9  # the state itself is unchanged
    assert archwk.winners(end_with_quarry(last_turn(s))) == [o]  # and at the real end


def test_free_apprentice_discard_at_any_decision_of_own_turn():
    """RB, Workshop ("you may discard at any time"); facts §16 row 13: a free
    discard is offered at every decision of your own turn and does not end it."""
    import archwk
    s = archwk.new_game(2, seed=4)
    while s.phase != "play":
        s = s.apply(s.legal_actions()[0])
    p = s.current_player
    s = s.edit(player=p, apprentices=["Labourer"], resources={"clay": 2, "wood": 2, "stone": 2})
    s = s.edit(workers_at={"storehouse": {p: 1}})
    s = s.apply(archwk.Action("place", location="storehouse"))
    assert s.decision == "storehouse"
    labourer = s.players[p].apprentice_ids[0]
    free = archwk.Action("discard_apprentice", card=labourer)
    assert free in s.legal_actions()
    s2 = s.apply(free)
    assert s2.decision == "storehouse" and s2.current_player == p  # the turn goes on
    assert s2.players[p].apprentice_ids == ()
    assert s2.apprentice_deck[-1] == labourer  # to the bottom of the apprentice deck
    assert free not in s2.legal_actions()
    # never on another player's decision
    assert all(a.kind != "discard_apprentice" for a in
               archwk.new_game(2, seed=4).legal_actions())
