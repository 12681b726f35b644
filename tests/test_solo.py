"""Solo play against the Byzantine opponent, and the "2P vs Bot" variant (RB,
Solo Play; facts §8.1, §15 row 23, §16 row 23; rules-notes "Solo play and the
2-players-plus-bot variant", including archwk's stand-in Scheme rules).

"RB" is the rulebook (shared/seeds/000_61b9e43c65635cb2.txt), "facts §N" the
reference file shared/reference/architects-facts.md, "rules-notes" the page
archwk/games/architects/data/rules-notes.md.
"""
from __future__ import annotations

from collections import Counter

import pytest
from helpers import act, place, started

import archwk
from archwk import Action, Options
from archwk.games.architects import cards, solo
from archwk.games.architects.core import REWARD, commit, thaw, worker_total

ME, BOT = 0, 1
MARKETS = {"Stone Market", "Wood Market", "Clay Market", "Silver Market"}
SCHEMES_FILE = cards.DATA_DIR / "schemes.toml"


def scheme_id(loc: str, kind: str = "starting") -> int:
    return next(i for i, k, where in solo.STAND_IN_SCHEMES if where == loc and k == kind)


def next_scheme(s, loc: str) -> archwk.GameState:
    """Internal: put a Scheme card for `loc` on top of the opponent's Scheme pile
    (edit() cannot order the Scheme pile)."""
    cid = scheme_id(loc)
    t = thaw(s)
    deck = t.scheme_piles.deck
    disc = t.scheme_piles.discard
    t.scheme_piles = t.scheme_piles._replace(deck=(cid,) + tuple(c for c in deck if c != cid),
                                             discard=tuple(c for c in disc if c != cid))
    return commit(t)


def bot_turn(s, loc: str, me_at: str = "forest") -> archwk.GameState:
    """I place at `me_at`; then the opponent plays a Scheme card for `loc`."""
    assert s.current_player == ME and s.decision == "place"
    s = place(next_scheme(s, loc), me_at)
    assert s.current_player == ME and s.decision == "place"
    return s


def texts(s) -> str:
    return "\n".join(e.text for e in s.events)


# --------------------------------------------------------------------------- setup


@pytest.mark.parametrize("opponent, name", [(None, "Constantine"), ("constantine", "Constantine"),
                                            ("helena", "Helena")])
def test_solo_seats(opponent, name):
    """RB Solo Play: the Byzantine opponent (Constantine = Standard, Helena =
    Hard) is players[1]; API: its `character` names it."""
    s = archwk.new_game(1, seed=1, options=Options(solo_opponent=opponent))
    assert len(s.players) == 2
    bot = s.players[BOT]
    assert bot.is_byzantine and bot.character == name and bot.name == name
    assert not s.players[ME].is_byzantine and s.players[ME].character is None


def test_solo_opponent_name_clash():
    """API: names stay different from each other even if you call yourself Helena."""
    s = archwk.new_game(["Helena"], seed=1, options=Options(solo_opponent="helena"))
    assert s.players[ME].name == "Helena"
    assert s.players[BOT].character == "Helena" and s.players[BOT].name != "Helena"


def test_solo_setup_board():
    """RB Solo Play: setup as a 2-player game: 5 Reward Cards; the 4 Resource
    Market buildings are removed; 20 Starting Schemes shuffled, 10 Future
    Schemes set aside."""
    s = archwk.new_game(1, seed=2)
    assert len(s.rewards) == 5
    everything = set(s.building_deck) | {c for h in s.draft for c in h}
    assert len(everything) == 36
    assert not MARKETS & everything
    deck = s.scheme_piles.deck
    future = s.scheme_piles.future
    assert sorted(deck) == sorted(i for i, k, _ in solo.STAND_IN_SCHEMES if k == "starting")
    assert sorted(future) == sorted(i for i, k, _ in solo.STAND_IN_SCHEMES if k == "future")
    assert s.scheme_piles.discard == ()


def test_solo_with_expansion_removes_the_markets_too():
    """RB Solo Play + facts §16 row 4: 43 buildings less the 4 Resource Markets."""
    s = archwk.new_game(1, seed=2, options=Options(expansion_cards=True))
    everything = set(s.building_deck) | {c for h in s.draft for c in h}
    assert len(everything) == 39 and not MARKETS & everything


def test_solo_draft_deals_five_keep_three():
    """RB Solo Play: deal yourself 5 Building Cards, keep 3 (the other 2 go under
    the pile, as in RB Setup 12)."""
    s = archwk.new_game(1, seed=3)
    assert len(s.draft[ME]) == 5 and s.draft[BOT] == ()
    dealt = s.draft[ME]
    deck = s.building_deck
    kept = []
    for _k in range(3):
        assert s.decision == "draft" and s.current_player == ME
        assert "keep" in s.prompt
        a = s.legal_actions()[-1]
        kept.append(a.card)
        s = s.apply(a)
    assert s.phase == "play"
    assert sorted(s.players[ME].hand) == sorted(kept)
    assert s.players[BOT].hand == ()
    rest = sorted(set(dealt) - set(kept))
    assert sorted(s.building_deck[len(deck):]) == rest
    assert s.building_deck[: len(deck)] == deck


def test_solo_starting_position():
    """RB Solo Play: you start with 3 Silver and 7 Virtue and take the first turn;
    the opponent has 20 workers, 7 Virtue, no Silver or cards."""
    for seed in range(5):
        s = started(1, seed)
        me, bot = s.players[ME], s.players[BOT]
        assert (me.silver, me.virtue, me.workers_in_supply) == (3, 7, 20)
        assert (bot.silver, bot.virtue, bot.workers_in_supply) == (0, 7, 20)
        assert bot.hand == () and bot.apprentices == () and sum(bot.resources.values()) == 0
        assert s.first_player == ME and s.current_player == ME and s.decision == "place"
        assert s.tax == 4


def test_turns_alternate_and_the_opponent_needs_no_decision():
    """RB Solo Play: you take your turn, then your opponent reveals the top Scheme
    card which places 1 worker; every decision is yours."""
    s = started(1, 4)
    deck = s.scheme_piles.deck
    s = place(s, "forest")
    assert s.current_player == ME
    assert s.players[BOT].workers_in_supply == 19
    assert s.scheme_piles.deck == deck[1:]
    assert s.scheme_piles.discard == deck[:1]
    assert "reveals a Scheme card" in texts(s)


def test_stand_in_notice():
    """rules-notes / facts §16 row 23: archwk says plainly that the Scheme deck
    is a stand-in."""
    assert "stand-in" in solo.STAND_IN_NOTICE
    assert "stand-in" in SCHEMES_FILE.read_text(encoding="utf-8").lower()


# --------------------------------------------------------------------------- the opponent's locations


@pytest.mark.parametrize("loc", ["quarry", "forest", "mines", "silversmith", "storehouse", "workshop"])
def test_plain_locations(loc):
    """rules-notes: at these locations the worker stands there and nothing is
    collected (RB: the opponent doesn't collect/use resources)."""
    s = started(1, 1)
    display = s.display
    hand = s.players[ME].hand
    s = bot_turn(s, loc, me_at="quarry" if loc != "quarry" else "forest")
    bot = s.players[BOT]
    assert s.workers_at(loc).get(BOT) == 1
    assert bot.silver == 0 and sum(bot.resources.values()) == 0 and bot.hand == () and bot.apprentices == ()
    assert s.display == display and s.players[ME].hand == hand


def test_town_centre_captures_the_largest_group():
    """rules-notes: at the Town Centre it captures the largest group of another
    player's workers on a large open location (never its own: RB)."""
    s = started(1, 1)
    s = s.edit(workers_at={"quarry": {ME: 2, BOT: 6}, "mines": {ME: 4}, "forest": {ME: 1}})
    silver, tax = s.players[ME].silver, s.tax
    s = bot_turn(s, "town_centre", me_at="silversmith")
    assert s.players[BOT].captured[ME] == 4
    assert s.workers_at("mines") == {}
    assert s.workers_at("quarry") == {ME: 2, BOT: 6}
    assert s.workers_at("town_centre") == {BOT: 1}
    assert s.tax == tax and s.players[BOT].silver == 0 and s.players[ME].silver == silver + 2
    assert worker_total(s, ME) == 20 and worker_total(s, BOT) == 20


def test_town_centre_captures_the_only_group():
    """rules-notes: the only group of mine on a large open location is captured."""
    s = started(1, 1)
    s = place(next_scheme(s, "town_centre"), "workshop")
    if s.decision == "workshop":  # my Workshop choice, then the opponent's turn
        s = act(s, "plans")
    assert s.workers_at("town_centre") == {BOT: 1}
    # my Workshop worker was the only group: it was captured
    assert s.players[BOT].captured[ME] == 1


def test_guardhouse_sells_captured_workers_for_one_marble():
    """RB Solo Play: it can capture and sell workers (1 Marble for all);
    rules-notes: at the Guardhouse they all go to Prison."""
    s = started(1, 1).edit(player=BOT, captured={ME: 5})
    s = bot_turn(s, "guardhouse")
    assert s.players[BOT].captured == (0, 0)
    assert s.players[ME].in_prison == 5
    assert s.players[BOT].marble == 1
    assert s.players[BOT].silver == 0
    assert s.workers_at("guardhouse") == {BOT: 1}
    assert worker_total(s, ME) == 20


def test_guardhouse_with_nobody_to_sell():
    """rules-notes: nothing captured, nothing sold."""
    s = bot_turn(started(1, 1), "guardhouse")
    assert s.players[BOT].marble == 0
    assert s.workers_at("guardhouse") == {BOT: 1}


def test_tax_stand_empties_to_the_supply():
    """rules-notes: at the Tax Stand the Silver returns to the supply (RB: it
    doesn't collect Silver) and it loses 2 Virtue."""
    s = started(1, 1).edit(tax=6)
    silver = s.players[ME].silver
    s = bot_turn(s, "tax_stand")
    assert s.tax == 0
    assert s.players[BOT].silver == 0 and s.players[ME].silver == silver
    assert s.players[BOT].virtue == 5


def test_tax_stand_below_zero_gives_a_debt():
    """RB Solo Play: the opponent can receive Debts (RB Virtue Track: 1 per
    Virtue lost below 0)."""
    s = started(1, 1).edit(player=BOT, virtue=1)
    s = bot_turn(s, "tax_stand")
    assert s.players[BOT].virtue == 0
    assert s.players[BOT].debts_unpaid == 1


def test_black_market_left_most_free_space_whatever_its_virtue():
    """RB Solo Play: it can visit the Black Market regardless of Virtue;
    rules-notes: the left-most free space, -1 Virtue, keeps the Marble among
    that space's goods (nothing else)."""
    s = started(1, 1).edit(player=BOT, virtue=12)
    marble = dict(archwk.games.architects.locations.black_market.small_goods(s)).get("marble", 0)
    s = bot_turn(s, "black_market")
    assert s.black_market == (BOT, -1, -1)
    assert s.players[BOT].virtue == 11
    assert s.players[BOT].marble == marble
    assert s.players[BOT].gold == s.players[BOT].stone == s.players[BOT].wood == 0
    s = bot_turn(s, "black_market")
    assert s.black_market == (BOT, BOT, -1)
    assert s.players[BOT].marble == marble  # the middle space has no goods
    assert s.players[BOT].virtue == 10


def test_the_scheme_card_names_the_place_as_the_board_does():
    """RB Solo Play: the opponent reveals a Scheme card that names a location; the log
    names it as the board does ("the Black Market"), never by its internal key (issue 21)."""
    s = bot_turn(started(1, 1), "black_market")
    assert "Constantine reveals a Scheme card: a worker to the Black Market." in texts(s).splitlines()
    assert "black_market" not in texts(s) and "black market" not in texts(s)
    s = bot_turn(s, "town_centre")
    assert "Constantine reveals a Scheme card: a worker to the Town Centre." in texts(s).splitlines()


def test_black_market_third_space_resets():
    """RB Black Market Reset: the third space filled triggers a reset (workers to
    Prison), also when the opponent fills it."""
    s = started(1, 1).edit(workers_at={"black_market_a": {ME: 1}, "black_market_b": {ME: 1}})
    large = dict(archwk.games.architects.locations.black_market.large_goods(s)).get("marble", 0)
    s = bot_turn(s, "black_market")
    assert s.resets == 1
    assert s.black_market == (-1, -1, -1)
    assert s.players[BOT].marble == large
    assert s.players[ME].in_prison == 2 and s.players[BOT].in_prison == 1
    assert s.players[ME].debts_unpaid == 1  # the most in Prison


def test_guildhall_and_cathedral_without_cost():
    """RB Solo Play: it doesn't require goods/cards for the Cathedral and can
    always advance it regardless of Virtue; rules-notes: a worker on the next
    Guildhall space, then one Cathedral level (of the reward card only Virtue
    and Marble count)."""
    s = started(1, 1).edit(player=BOT, virtue=2)
    reward = REWARD[s.rewards[0]].gain
    deck, hand = s.building_deck, s.players[ME].hand
    s = bot_turn(s, "guildhall")
    bot = s.players[BOT]
    assert s.guildhall == (BOT,)
    assert bot.cathedral_level == 1
    assert bot.virtue == 2 + reward.get("virtue", 0)
    assert bot.marble == reward.get("marble", 0)
    assert bot.silver == 0 and bot.hand == () and sum(bot.resources.values()) == bot.marble
    assert s.building_deck == deck and s.players[ME].hand == hand
    assert len(s.rewards) == 4


def test_guildhall_without_a_free_cathedral_space():
    """rules-notes: it advances only if that level has a free space (facts §5:
    level 5 has 1 space); the worker still fills a Guildhall space."""
    s = started(1, 1).edit(player=ME, cathedral_level=5).edit(player=BOT, cathedral_level=4)
    s = bot_turn(s, "guildhall")
    assert s.players[BOT].cathedral_level == 4
    assert s.guildhall == (BOT,)


def test_guildhall_no_reward_left_gives_a_virtue():
    """RB Advancing Work on the Cathedral step 4: no Reward Card left: 1 Virtue."""
    s = started(1, 1)
    t = thaw(s)  # internal: the reward pile used up
    t.rewards = ()
    s = commit(t)
    s = bot_turn(s, "guildhall")
    assert s.players[BOT].cathedral_level == 1 and s.players[BOT].virtue == 8


def test_opponent_destroys_debts_above_14():
    """RB Solo Play: it can receive and destroy Debts (RB Virtue Track: each
    Virtue gained above 14 destroys 1 unpaid Debt)."""
    s = started(1, 1).edit(player=BOT, virtue=14, debts_unpaid=2)
    gain = REWARD[s.rewards[0]].gain.get("virtue", 0)
    s = bot_turn(s, "guildhall")
    assert s.players[BOT].virtue == 14
    assert s.players[BOT].debts_unpaid == 2 - min(2, gain)
    assert "destroys" in texts(s)


def test_opponent_guildhall_reset_space():
    """facts §8.3 (2-player geometry for solo, §15 row 23): the opponent's worker
    on space 7 (row 3, left-most) triggers a Black Market reset."""
    s = started(1, 1)
    t = thaw(s)  # internal: 6 Guildhall spaces filled by my workers
    t.guildhall = (ME,) * 6
    s = commit(t).edit(player=ME, silver=3)
    s = bot_turn(s, "guildhall")
    assert len(s.guildhall) == 7
    assert s.resets == 1


# --------------------------------------------------------------------------- the Scheme piles


def test_scheme_pile_reshuffles_when_empty():
    """RB Solo Play: if the Scheme pile runs out, reshuffle the discards."""
    s = started(1, 1)
    deck = s.scheme_piles.deck
    t = thaw(s)  # internal: every Starting Scheme already played
    t.scheme_piles = t.scheme_piles._replace(deck=(), discard=deck)
    s = commit(t)
    s = place(s, "forest")
    assert "reshuffle" in texts(s).lower() or any(e.kind == "scheme_reshuffled" for e in s.events)
    new_deck = s.scheme_piles.deck
    disc = s.scheme_piles.discard
    assert len(new_deck) == 19 and len(disc) == 1
    assert sorted(new_deck + disc) == sorted(deck)


def test_future_schemes_join_at_each_reset():
    """rules-notes (stand-in rule): one Future Scheme card joins the Scheme
    discard pile at each Black Market reset."""
    s = started(1, 1)
    future = s.scheme_piles.future
    s = s.edit(workers_at={"black_market_a": {BOT: 1}, "black_market_b": {BOT: 1}})
    s = s.edit(player=ME, silver=3)
    s = place(next_scheme(s, "forest"), "black_market_c")
    assert s.resets == 1
    assert s.scheme_piles.future == future[1:]
    assert future[0] in s.scheme_piles.discard


def test_no_worker_turn_regroups_without_a_card():
    """RB Solo Play: if the opponent starts with no Workers, don't draw a card:
    return all their Workers (excluding Guildhall/Black Market) to their Board
    and reshuffle the Schemes."""
    s = started(1, 1)
    t = thaw(s)  # internal: 2 of its workers in the Guildhall (edit() cannot)
    t.guildhall = (BOT, BOT)
    s = commit(t)
    s = s.edit(workers_at={"quarry": {BOT: 6}, "forest": {BOT: 3}, "town_centre": {BOT: 2},
                           "black_market_a": {BOT: 1}})
    s = s.edit(player=BOT, in_prison=3).edit(player=ME, captured={BOT: 3})
    assert s.players[BOT].workers_in_supply == 0
    deck = s.scheme_piles.deck
    disc = s.scheme_piles.discard
    s = place(s, "silversmith")
    bot = s.players[BOT]
    assert bot.workers_in_supply == 6 + 3 + 2 + 3 + 3
    assert bot.in_prison == 0 and s.players[ME].captured[BOT] == 0
    assert s.guildhall == (BOT, BOT) and s.black_market == (BOT, -1, -1)
    assert all(s.workers_at(loc).get(BOT, 0) == 0 for loc in ("quarry", "forest", "town_centre"))
    assert worker_total(s, BOT) == 20
    assert sorted(s.scheme_piles.deck) == sorted(deck + disc)
    assert s.scheme_piles.discard == ()
    assert not any(e.kind == "scheme" for e in s.events)


# --------------------------------------------------------------------------- the legality gate


def spy_answers(monkeypatch) -> list:
    """Record every decision of the opponent that the engine answers: (kind,
    seat, legal actions, chosen action)."""
    seen = []
    real_choose = solo.choose

    def choose(s, dec, legal):
        a = real_choose(s, dec, legal)
        seen.append((dec.kind, dec.player, tuple(legal), a))
        return a
    monkeypatch.setattr(solo, "choose", choose)
    return seen


@pytest.mark.parametrize("loc", solo.SCHEME_LOCATIONS)
def test_the_scheme_card_answers_a_placement_decision(monkeypatch, loc):
    """RB Solo Play: the revealed Scheme card places 1 of its workers in a
    specific location. archwk: the opponent's turn is a placement decision of its
    seat whose one legal action is that location (the Black Market: its left-most
    free space), answered by the engine through the same gate as a player's; at
    the Guildhall a second decision offers the Cathedral (it needs no goods or
    card). The caller never sees these decisions."""
    seen = spy_answers(monkeypatch)
    me_at = "quarry" if loc != "quarry" else "forest"
    s = bot_turn(started(1, 1), loc, me_at=me_at)
    space = "black_market_a" if loc == "black_market" else loc
    assert seen[0] == ("place", BOT, (Action("place", space),), Action("place", space))
    if loc == "guildhall":
        cathedral = Action("cathedral", option=())
        assert seen[1:] == [("guildhall", BOT, (cathedral,), cathedral)]
        assert s.players[BOT].cathedral_level == 1
    else:
        assert len(seen) == 1
    assert s.current_player == ME and s.history[-1] == Action("place", me_at)


def test_the_opponents_choices_are_not_in_the_history():
    """archwk: only the players' actions are recorded; replaying them replays the
    opponent's turns (its Scheme pile is part of the seeded state)."""
    s = started(1, 3)
    n = len(s.history)
    s = place(place(s, "forest"), "quarry")
    assert len(s.history) == n + 2
    assert all(a.kind == "place" and a.location in ("forest", "quarry") for a in s.history[n:])


def test_an_illegal_opponent_choice_raises_and_changes_nothing(monkeypatch):
    """The gate: a choice that is not one of the decision's legal actions is
    refused, not applied, also for the opponent (here: a Scheme for the Tax Stand
    answered with the Forest)."""
    s = next_scheme(started(1, 1), "tax_stand")
    before = s.to_json()
    monkeypatch.setattr(solo, "choose", lambda s, dec, legal: Action("place", "forest"))
    with pytest.raises(archwk.IllegalAction, match="Byzantine opponent.*Forest.*Tax Stand"):
        place(s, "quarry")
    assert s.to_json() == before and s.current_player == ME and s.decision == "place"


def test_an_illegal_cathedral_choice_raises(monkeypatch):
    """The gate at the opponent's Guildhall decision: with no free space on the
    next Cathedral level (facts §5: level 5 has 1 space) nothing is offered, so
    a Cathedral advance forced on it is refused."""
    s = started(1, 1).edit(player=ME, cathedral_level=5).edit(player=BOT, cathedral_level=4)
    s = next_scheme(s, "guildhall")
    real = solo.choose
    monkeypatch.setattr(solo, "choose", lambda s, dec, legal: Action("cathedral", option=())
                        if dec.kind == "guildhall" else real(s, dec, legal))
    # no free space: the Guildhall decision offers nothing and ends by itself
    assert archwk.games.architects.locations.guildhall.cathedral_options(s, BOT) == []
    s = place(s, "quarry")
    assert s.players[BOT].cathedral_level == 4
    # a forced answer where a decision was offered something else is refused
    monkeypatch.setattr(solo, "choose", lambda s, dec, legal: Action("cathedral", option=(("gold", 1),)))
    s2 = next_scheme(started(1, 1), "guildhall")
    with pytest.raises(archwk.IllegalAction, match="Byzantine opponent"):
        place(s2, "quarry")


def test_a_scheme_the_opponent_cannot_follow_sends_it_to_the_quarry():
    """rules-notes: if the location a Scheme card names is closed to the opponent
    by that location's rules (only a full Black Market can be, and a full market
    resets at once), its worker goes to the Quarry instead."""
    s = started(1, 1)
    t = thaw(s)  # internal: a full Black Market at the start of the opponent's turn
    t.black_market = (ME, ME, ME)
    archwk.games.architects.core.writable_player(t, ME).workers_in_supply -= 3
    s = commit(t)
    decisions = archwk.games.architects.decisions
    dec = decisions.Decision("place", BOT, decisions.SchemeCard(scheme_id("black_market")))
    assert solo.scheme_placements(s, dec) == [Action("place", "quarry")]
    quarry = s.workers_at("quarry").get(BOT, 0)
    s = place(next_scheme(s, "black_market"), "forest")
    assert s.black_market == (ME, ME, ME)
    assert s.workers_at("quarry").get(BOT, 0) == quarry + 1
    assert s.players[BOT].virtue == 7


def test_each_location_has_its_own_opponent_rule():
    """RB Solo Play: it can always advance the Cathedral or visit the Black Market
    regardless of Virtue; rules-notes: it may go to the Tax Stand even when empty.
    The opponent's rule for each location lives with that location and decides
    what its placement decision offers."""
    s = started(1, 1).edit(tax=0, workers_at={"black_market_a": {ME: 1}}).edit(player=BOT, virtue=12)
    places, opp = archwk.games.architects.ruleset.LOCATION_RULES, solo.OPPONENT_PLACES
    assert set(opp) == set(archwk.games.architects.model.LOCATIONS) == set(places)
    assert places["tax_stand"].blocker(s, BOT) and opp["tax_stand"].blocker(s, BOT) is None
    done = s.edit(player=BOT, cathedral_level=len(cards.CATHEDRAL))  # nothing left to construct
    assert places["guildhall"].blocker(done, BOT) and opp["guildhall"].blocker(done, BOT) is None
    assert archwk.games.architects.locations.guildhall.cathedral_options(s, BOT) == [Action("cathedral", option=())]
    assert places["black_market_b"].blocker(s, BOT) and opp["black_market_b"].blocker(s, BOT) is None
    # worded by archwk.games.architects.explain.reasons
    assert opp["black_market_c"].blocker(s, BOT).code == "leftmost_space"
    assert opp["black_market_a"].blocker(s, BOT) == archwk.games.architects.decisions.reason("space_taken", by=ME)
    s = bot_turn(s, "black_market", me_at="quarry")
    assert s.black_market == (ME, BOT, -1) and s.players[BOT].virtue == 11
    s = bot_turn(s, "tax_stand", me_at="forest")
    assert s.workers_at("tax_stand") == {BOT: 1} and s.players[BOT].virtue == 9


def test_one_prison_sale_for_player_and_opponent(monkeypatch):
    """RB Guardhouse action 1 (all captured workers to Prison, 1 Silver each) and
    RB Solo Play (it sells workers, 1 Marble for all): one helper moves the
    workers for both; only the price differs."""
    from archwk.games.architects.locations import guardhouse
    calls = []
    real = guardhouse.imprison_captured
    monkeypatch.setattr(guardhouse, "imprison_captured",
                        lambda t, p, cause: calls.append(p) or real(t, p, cause=cause))
    s = started(1, 1).edit(player=ME, captured={BOT: 3}).edit(player=BOT, captured={ME: 3})
    silver = s.players[ME].silver
    mine = act(place(s, "guardhouse"), "guard", option="send_to_prison")
    if mine.decision == "guardhouse":
        mine = act(mine, "stop")
    theirs = bot_turn(s, "guardhouse", me_at="forest")
    assert calls[0] == ME and BOT in calls
    assert mine.players[BOT].in_prison == 3 and mine.players[ME].captured == (0, 0)
    assert theirs.players[ME].in_prison == 3 and theirs.players[BOT].captured == (0, 0)
    assert mine.players[ME].silver == silver + 3 and mine.players[ME].marble == 0
    assert theirs.players[BOT].marble == 1 and theirs.players[BOT].silver == 0


def test_one_cathedral_advance_for_player_and_opponent():
    """RB Advancing Work on the Cathedral steps 3-4 (up a level, the top Reward
    card) for both; RB Solo Play: of the reward the opponent keeps only what it
    uses (Virtue; Marble for scoring), no Silver, resources or cards."""
    from archwk.games.architects.locations.guildhall import finish_cathedral
    s = started(1, 1)
    reward = REWARD[s.rewards[0]].gain
    out = {}
    for p in (ME, BOT):
        t = thaw(s)
        finish_cathedral(t, p)
        out[p] = commit(t)
    for p in (ME, BOT):
        assert out[p].players[p].cathedral_level == 1 and out[p].rewards == s.rewards[1:]
        assert out[p].players[p].virtue == s.players[p].virtue + reward.get("virtue", 0)
    me, bot = out[ME].players[ME], out[BOT].players[BOT]
    for k in ("silver", "wood", "stone", "gold"):
        assert getattr(me, k) == getattr(s.players[ME], k) + reward.get(k, 0)
        assert getattr(bot, k) == 0
    assert len(me.hand) == len(s.players[ME].hand) + reward.get("cards", 0) and bot.hand == ()


def test_one_black_market_space_for_player_and_opponent():
    """RB Black Market: space A gives the top Small Market card's goods, C the top
    Large Market card's; RB Solo Play: the opponent keeps only the Marble. Both
    read the same goods and occupy the space the same way."""
    from archwk.games.architects.locations.black_market import space_goods
    s = started(1, 1).edit(player=ME, silver=5)
    goods = space_goods(s, 0)
    mine = place(s, "black_market_a")
    assert mine.black_market[0] == ME
    for k, v in goods.items():
        assert getattr(mine.players[ME], k) == getattr(s.players[ME], k) + v
    theirs = bot_turn(s, "black_market", me_at="forest")
    assert theirs.black_market[0] == BOT and theirs.players[BOT].marble == goods.get("marble", 0)


def test_town_centre_largest_group_is_a_group_a_player_could_capture():
    """RB Town Centre: only groups on the large open locations; the opponent's
    pick is the largest of the groups the player's rule would offer, never its own."""
    from archwk.games.architects.locations.town_centre import largest_group
    s = started(1, 1).edit(workers_at={"quarry": {BOT: 6, ME: 2}, "mines": {ME: 4}})
    core = archwk.games.architects.core
    targets = core.capture_targets(s, BOT, (), core.capture_location_limit(s))
    assert largest_group(s, BOT) == ("mines", ME) and ("mines", ME) in targets
    only_own = started(1, 1).edit(workers_at={"quarry": {BOT: 6}})
    assert largest_group(only_own, BOT) is None
    tie = started(1, 1).edit(workers_at={"mines": {ME: 2}, "forest": {ME: 2}, "quarry": {BOT: 3}})
    assert largest_group(tie, BOT) == ("forest", ME)  # ties: board order


# --------------------------------------------------------------------------- the end and scoring


def test_solo_game_ends_after_twelve_guildhall_spaces():
    """RB Solo Play: the game ends as a regular 2-player game (12 constructions;
    facts §8.1). RB End of the Game: the current player finishes, then each
    player has 1 final turn (archwk: the trigger player last)."""
    s = started(1, 1)
    t = thaw(s)  # internal: 11 Guildhall spaces filled
    t.guildhall = (ME, BOT) * 5 + (ME,)
    s = commit(t)
    name = next(c for c in s.building_deck if not archwk.games.architects.core.BUILDING[c].skills)
    s = s.edit(player=ME, hand=[name], resources=dict(archwk.games.architects.core.BUILDING[name].cost))
    s = place(next_scheme(s, "forest"), "guildhall")
    s = s.apply(next(a for a in s.legal_actions() if a.kind == "construct"))
    while s.current_player == ME and s.decision != "place":
        s = s.apply(s.legal_actions()[0])
    assert s.end_trigger == ME and len(s.guildhall) == 12
    # the opponent's final turn has been played; mine comes last
    assert not s.is_over and s.current_player == ME
    s = place(s, "forest")
    assert s.is_over


def _scored(opponent):
    s = started(1, 1, Options(solo_opponent=opponent))
    t = thaw(s)  # internal: 4 of the opponent's workers in the Guildhall
    t.guildhall = (BOT, ME, BOT, BOT, BOT)
    s = commit(t)
    s = s.edit(player=BOT, cathedral_level=2, virtue=11, resources={"marble": 3},
               debts_unpaid=2, in_prison=5)
    return archwk.final_scores(s)[BOT]


@pytest.mark.parametrize("opponent, per_worker", [("constantine", 1), ("helena", 3)])
def test_opponent_score(opponent, per_worker):
    """RB Solo Play: opponent's score: Cathedral (VP), Virtue (VP), Marble (1 VP
    each), Workers in the Guildhall (Constantine 1 VP each, Helena 3 VP each),
    unpaid Debts (-2 VP each), prisoners (-1 VP per pair)."""
    sc = _scored(opponent)
    assert sc.cathedral == 4  # level 2 (facts §5)
    assert sc.virtue == 2  # Virtue 11 (facts §6)
    assert sc.gold_marble == 3
    assert sc.guildhall == 4 * per_worker
    assert sc.debts == -4
    assert sc.prison == -2
    assert sc.buildings == 0 and sc.silver == 0
    assert sc.total == 4 + 2 + 3 + 4 * per_worker - 4 - 2


def test_my_score_has_no_guildhall_line():
    """RB End-Game Scoring: players score no VP for Guildhall workers."""
    s = started(1, 1)
    t = thaw(s)  # internal
    t.guildhall = (ME, ME)
    s = commit(t)
    assert archwk.final_scores(s)[ME].guildhall == 0


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("opponent", ["constantine", "helena"])
def test_full_solo_game(seed, opponent):
    """RB Solo Play: a whole game ends; no Resource Market ever appears; the
    opponent's workers, Scheme cards and score follow the rules above."""
    s = archwk.new_game(1, seed=seed, options=Options(solo_opponent=opponent))
    s = archwk.play(s, [archwk.bots.RandomBot(seed)])
    assert s.is_over
    assert len(s.guildhall) >= 12
    for p in range(2):
        assert worker_total(s, p) == 20
    assert not MARKETS & set(s.players[ME].buildings + s.players[ME].hand + s.building_deck)
    bot = s.players[BOT]
    assert bot.silver == 0 and bot.hand == () and bot.buildings == () and bot.apprentices == ()
    assert bot.clay == bot.wood == bot.stone == bot.gold == 0
    sc = archwk.final_scores(s)[BOT]
    per = {"constantine": 1, "helena": 3}[opponent]
    assert sc.guildhall == per * Counter(s.guildhall)[BOT]
    assert sc.total == sum(getattr(sc, ln) for ln in archwk.ScoreBreakdown.LINES)
    schemes = s.scheme_piles.deck + s.scheme_piles.discard \
        + s.scheme_piles.future
    assert sorted(schemes) == list(range(1, 31))
    assert archwk.winners(s)


# --------------------------------------------------------------------------- the Scheme file


def _write(tmp_path, rows, name="my-schemes.toml", header=""):
    lines = [header]
    for r in rows:
        lines.append("[[scheme]]")
        for k, v in r.items():
            lines.append(f"{k} = {v!r}" if isinstance(v, int) else f'{k} = "{v}"')
    p = tmp_path / name
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return p


def _rows():
    return [{"id": i, "kind": k, "location": loc} for i, k, loc in solo.STAND_IN_SCHEMES]


def test_load_scheme_file_round_trip(tmp_path):
    """rules-notes: a transcription in the same format loads with
    `load_scheme_file`; the stand-in file itself loads to the built-in deck."""
    assert solo.load_scheme_file(SCHEMES_FILE) == solo.STAND_IN_SCHEMES
    assert solo.load_scheme_file(str(SCHEMES_FILE)) == solo.STAND_IN_SCHEMES
    p = _write(tmp_path, _rows())
    assert solo.load_scheme_file(p) == solo.STAND_IN_SCHEMES
    counts = Counter(k for _, k, _ in solo.STAND_IN_SCHEMES)
    assert counts == {"starting": 20, "future": 10}  # RB Solo Play


def _bad(rows, **change):
    rows = [dict(r) for r in rows]
    for i, r in change.items():
        idx = int(i[1:])
        if r is None:
            del rows[idx]
        else:
            rows[idx].update(r)
    return rows


@pytest.mark.parametrize("rows, words", [
    (_bad(_rows(), r3=None), ["my-schemes.toml", "20 Starting", "got 19"]),
    (_bad(_rows(), r4={"location": "tavern"}), ["my-schemes.toml", "scheme 5", "location", "tavern"]),
    (_bad(_rows(), r6={"kind": "past"}), ["my-schemes.toml", "scheme 7", "kind", "past"]),
    (_bad(_rows(), r8={"id": 3}), ["my-schemes.toml", "id 3", "twice"]),
    (_bad(_rows(), r2={"id": 0}), ["my-schemes.toml", "id", "positive"]),
])
def test_bad_scheme_files(tmp_path, rows, words):
    """rules-notes: a bad Scheme file (missing card, bad location, bad kind,
    duplicate id) raises ValueError naming the file, the card and the field."""
    p = _write(tmp_path, rows)
    with pytest.raises(ValueError) as e:
        solo.load_scheme_file(p)
    for w in words:
        assert w in str(e.value)


def test_scheme_file_missing_field(tmp_path):
    """rules-notes: every card needs id, kind and location."""
    rows = _rows()
    del rows[4]["location"]
    with pytest.raises(ValueError, match=r"my-schemes.toml: scheme #5: fields must be exactly id, kind, location"):
        solo.load_scheme_file(_write(tmp_path, rows))


def test_scheme_file_not_toml(tmp_path):
    """rules-notes: a file that is not TOML is refused, naming the file."""
    p = tmp_path / "broken.toml"
    p.write_text("[[scheme]\nid = = 1\n", encoding="utf-8")
    with pytest.raises(ValueError, match="broken.toml: not valid TOML"):
        solo.load_scheme_file(p)
    q = tmp_path / "empty.toml"
    q.write_text("title = 'no schemes'\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"empty.toml: expected \[\[scheme\]\] tables"):
        solo.load_scheme_file(q)
    with pytest.raises(ValueError, match="missing.toml: cannot read"):
        solo.load_scheme_file(tmp_path / "missing.toml")


def test_options_schemes_from_a_loaded_deck(tmp_path):
    """rules-notes: load a deck with `load_scheme_file`, then `Options(schemes=...)`:
    the opponent plays that deck (here every Starting card says Forest)."""
    rows = [{"id": 100 + i, "kind": "starting", "location": "forest"} for i in range(20)]
    rows += [{"id": 200 + i, "kind": "future", "location": "guildhall"} for i in range(10)]
    deck = solo.load_scheme_file(_write(tmp_path, rows))
    s = started(1, 5, Options(schemes=deck))
    assert sorted(s.scheme_piles.deck) == list(range(100, 120))
    assert sorted(s.scheme_piles.future) == list(range(200, 210))
    for k in range(1, 6):
        s = place(s, "quarry")
        assert s.workers_at("forest") == {BOT: k}
    s2 = archwk.GameState.from_json(s.to_json())
    assert s2.options.schemes == deck
    assert place(s2, "quarry").workers_at("forest") == {BOT: 6}


@pytest.mark.parametrize("schemes, pattern", [
    ([(1, "starting", "forest")], "20 Starting"),
    ("forest", "list"),
    ([(1, "starting")] * 30, r"Options.schemes\[0\]"),
])
def test_bad_options_schemes(schemes, pattern):
    """rules-notes: Options(schemes=...) is checked like a file."""
    with pytest.raises(ValueError, match=pattern):
        Options(schemes=schemes)


# --------------------------------------------------------------------------- 2 players + bot


def test_two_player_bot_seats():
    """RB Solo Play: "A '2P vs Bot' variant adds a Byzantine opponent to a
    2-human-player game"; rules-notes: a third seat, the board set up for 3."""
    s = archwk.new_game(["Ann", "Ben"], seed=1, options=Options(two_player_bot=True, solo_opponent="helena"))
    assert [p.name for p in s.players] == ["Ann", "Ben", "Helena"]
    assert [p.is_byzantine for p in s.players] == [False, False, True]
    assert s.players[2].character == "Helena"
    assert len(s.rewards) == 7
    assert s.first_player in (0, 1)
    assert [len(h) for h in s.draft] == [4, 4, 0]
    s = started(2, 1, Options(two_player_bot=True))
    order = [s.first_player, 1 - s.first_player]
    assert [s.players[p].silver for p in order] == [3, 4]  # RB Setup 13, humans only
    assert s.players[2].silver == 0 and s.players[2].character == "Constantine"


def test_two_player_bot_turns_and_geometry():
    """rules-notes: the opponent takes its turn after the second human; the
    Guildhall has 3-seat geometry (16 spaces, facts §8.1)."""
    s = started(2, 1, Options(two_player_bot=True))
    first = s.current_player
    s = place(s, "forest")
    assert s.current_player == 1 - first
    s = place(s, "forest")
    assert s.players[2].workers_in_supply == 19  # the opponent has played its Scheme card
    assert s.current_player == first
    s = archwk.play(s, [archwk.bots.RandomBot(1), archwk.bots.RandomBot(2)])
    assert s.is_over and len(s.guildhall) >= 16
    assert all(worker_total(s, p) == 20 for p in range(3))
    assert archwk.final_scores(s)[2].guildhall == Counter(s.guildhall)[2]


# --------------------------------------------------------------------------- bad player counts and options


@pytest.mark.parametrize("players, opts, pattern", [
    (6, Options(), "1 to 5 players"),
    (0, Options(), "1 to 5 players"),
    (3, Options(solo_opponent="helena"), "solo_opponent.*solo games.*3 players"),
    (2, Options(solo_opponent="helena"), "solo_opponent.*two_player_bot=True"),
    (3, Options(two_player_bot=True), "two_player_bot.*exactly 2 players, got 3"),
    (1, Options(two_player_bot=True), "two_player_bot.*exactly 2 players, got 1"),
])
def test_bad_player_counts(players, opts, pattern):
    """RB Components (2-5 players, solo = 1); RB Solo Play: the opponent plays
    solo or in the 2P vs Bot variant only."""
    with pytest.raises(ValueError, match=pattern):
        archwk.new_game(players, seed=1, options=opts)


def test_unknown_solo_opponent():
    """RB Solo Play: Constantine or Helena."""
    with pytest.raises(ValueError, match="solo_opponent: must be 'constantine' or 'helena', got 'basil'"):
        Options(solo_opponent="basil")
