"""Invariants over many random games (RandomBot), for 2 to 5 players.

Each game is played once (module-scoped fixtures) and every state of it is
kept; the tests then check, at every decision:

* all 20 workers of each player are somewhere (RB Components / Reminders:
  "20 Workers"): supply, large open locations, Black Market, Guildhall,
  Prison, another player's board (`archwk.games.architects.core.worker_total`);
* no stock is ever negative and Virtue stays on the track 0..14 (RB Virtue
  Track);
* Silver moves only as the events say: every change of a player's Silver, of
  the Tax Stand and of the Silver lying on display apprentices is explained by
  `paid`, `gained`, `stole_tax`, `skipped`, `hired`, `traded` (and Hugo's)
  events (RB Reminders: Tax goes onto the Tax Stand; RB Tax Stand: it is
  emptied only by the Tax Stand action);
* legal actions are never empty before the end, every listed action applies;
* the game ends, and the same seed with the same actions gives byte-identical
  `to_json()` (API: determinism).
"""
from __future__ import annotations

import collections
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import archwk
from archwk.bots import RandomBot
from archwk.games.architects import core

GAMES_PER_COUNT = 10
MAX_DECISIONS = 20_000
RES = ("clay", "wood", "stone", "gold", "marble")
NON_NEGATIVE = RES + ("silver", "workers_in_supply", "debts_unpaid", "debts_paid", "in_prison")


def play_game(n, seed, options=None):
    """[(action, state)] from new_game to the end; the first entry's action is None."""
    s = archwk.new_game(n, seed=seed, options=options)
    bots = [RandomBot(seed * 31 + i) for i in range(n)]
    out = [(None, s)]
    for _ in range(MAX_DECISIONS):
        if s.is_over:
            break
        a = bots[s.current_player].choose(s)
        s = s.apply(a)
        out.append((a, s))
    return out


@pytest.fixture(scope="module", params=[2, 3, 4, 5], ids=lambda n: f"{n}p")
def games(request):
    n = request.param
    return [play_game(n, 100 * n + g) for g in range(GAMES_PER_COUNT)]


VARIANTS = {  # name: (options, player counts)
    "online": (archwk.Options.online(), (2, 3, 4, 5)),
    "side2": (archwk.Options(board_side=2), (2, 3, 4, 5)),
    "side2-promo-artisans": (archwk.Options(board_side=2, promo_characters=True, artisans=True,
                                            expansion_cards=True), (2, 3, 4, 5)),
    # RB Solo Play (the Byzantine opponent) and its "2P vs Bot" variant
    "solo": (None, (1, 1)),
    "solo-helena": (archwk.Options(solo_opponent="helena"), (1, 1)),
    "two-players-and-bot": (archwk.Options(two_player_bot=True), (2, 2)),
}


@pytest.fixture(scope="module", params=sorted(VARIANTS))
def variant_games(request):
    """A few games with the other rule options, for the structural invariants
    (2 games per player count; the Byzantine opponent plays itself)."""
    opts, counts = VARIANTS[request.param]
    return [play_game(n, 7 * n + 2 * k + g, opts) for k, n in enumerate(counts) for g in range(2)]


def all_states(games):
    for g in games:
        for _, s in g:
            yield s


def steps(games):
    for g in games:
        for (_, prev), (a, s) in itertools.pairwise(g):
            yield prev, a, s


# --------------------------------------------------------------------------- workers


def check_workers(s):
    for i in range(len(s.players)):
        assert core.worker_total(s, i) == 20, (i, s.history[-1:] if s.history else None)


def test_workers_conserved(games):
    """RB Components / Reminders: each player has 20 Workers, always somewhere:
    supply, board locations, Black Market, Guildhall, Prison, captured."""
    for s in all_states(games):
        check_workers(s)


def test_workers_conserved_variants(variant_games):
    """RB Variable Setup, Age of Artisans (facts §16): still 20 workers each."""
    for s in all_states(variant_games):
        check_workers(s)


# --------------------------------------------------------------------------- stock


def check_stock(s):
    assert s.tax >= 0
    assert all(c >= 0 for c in s.display_silver)
    assert all(c >= 0 for row in s.board for c in row)
    for i, p in enumerate(s.players):
        for f in NON_NEGATIVE:
            assert getattr(p, f) >= 0, (p.name, f, getattr(p, f))
        assert 0 <= p.virtue <= 14
        assert 0 <= p.cathedral_level <= 5
        assert all(c >= 0 for c in p.captured)
        # RB Workshop: max 5 apprentices (one more only while choosing which to discard)
        assert len(p.apprentice_ids) <= core.apprentice_limit(s, i) or s.decision == "apprentice_limit"


def test_no_negative_stock(games):
    """RB Virtue Track (0..14), Components: Silver, resources, Debts, workers are
    counts; none ever goes below 0."""
    for s in all_states(games):
        check_stock(s)


def test_no_negative_stock_variants(variant_games):
    """As above, with the other rule options."""
    for s in all_states(variant_games):
        check_stock(s)


# --------------------------------------------------------------------------- silver


def silver_flows(s):
    """(per-player Silver change, Tax Stand change, display Silver change) that the
    events of the last action account for."""
    dp = collections.Counter()
    dtax = ddisplay = 0
    for e in s.events:
        d = e.data
        if e.kind == "paid":
            dp[e.player] -= d["silver"]
            dtax += d["tax"]
            assert 0 <= d["tax"] <= d["silver"]
        elif e.kind == "gained":
            dp[e.player] += d["items"].get("silver", 0)
        elif e.kind == "traded":
            dp[e.player] -= d["pay"].get("silver", 0)
        elif e.kind == "stole_tax":
            dp[e.player] += d["silver"]
            dtax -= d["silver"]
        elif e.kind == "skipped":
            dp[e.player] -= d["count"]
            ddisplay += d["count"]
        elif e.kind == "hired":
            dp[e.player] += d["silver_on_card"]
            ddisplay -= d["silver_on_card"]
        elif e.kind == "hugo_paid":
            dp[e.player] -= 2
        elif e.kind == "tax_returned":  # RB Solo Play: the opponent takes no Silver
            dtax -= d["silver"]
    return dp, dtax, ddisplay


def check_silver(prev, s, *, display=True):
    dp, dtax, ddisplay = silver_flows(s)
    for i in range(len(s.players)):
        assert s.players[i].silver - prev.players[i].silver == dp[i], (i, list(s.events))
    assert s.tax - prev.tax == dtax, list(s.events)
    if display:
        assert sum(s.display_silver) - sum(prev.display_silver) == ddisplay, list(s.events)


def test_silver_moves_only_as_events_say(games):
    """RB Reminders (Tax onto the Tax Stand, other Silver to the Supply): every
    change of Silver is shown by an event with its amount."""
    for prev, _, s in steps(games):
        check_silver(prev, s)


def test_silver_moves_only_as_events_say_variants(variant_games):
    """As above with characters (Hugo, Bertha, Ada) and the Artisans rules (the
    Silver on display cards is not followed there: the Artisans discard moves it)."""
    for prev, _, s in steps(variant_games):
        check_silver(prev, s, display=False)


def test_tax_stand_grows_only_by_tax_and_is_emptied_only_by_theft(games):
    """RB Tax Stand / Reminders: Silver reaches the Tax Stand only as Tax, and only
    the Tax Stand action takes it, all of it, never when it is empty."""
    thefts = 0
    for prev, a, s in steps(games):
        stole = [e for e in s.events if e.kind == "stole_tax"]
        taxed = sum(e.data["tax"] for e in s.events if e.kind == "paid")
        if stole:
            thefts += 1
            assert a.kind == "place" and a.location == "tax_stand"
            assert stole[0].data["silver"] == prev.tax > 0
            assert s.tax == taxed  # emptied, then any Tax paid later in the action
        else:
            assert s.tax == prev.tax + taxed
    assert thefts > 0


# --------------------------------------------------------------------------- decisions


def test_legal_actions_never_empty_before_the_end(games):
    """API: a game is a sequence of decisions; until it is over there is always
    at least one legal action, each legal, none repeated; after it, none."""
    for s in all_states(games):
        acts = s.legal_actions()
        if s.is_over:
            assert acts == [] and s.current_player is None
        else:
            assert acts and len(set(acts)) == len(acts)
            assert s.current_player is not None
            assert all(s.is_legal(a) for a in acts)


def test_every_listed_action_applies(games):
    """API: legal_actions() lists only legal choices: every one of them applies
    without error (checked at every decision of 2 games per player count)."""
    for g in games[:2]:
        for _, s in g:
            for a in s.legal_actions():
                t = s.apply(a)
                assert t is not s
                check_workers(t)


def test_every_listed_action_applies_variants(variant_games):
    """As above with the other rule options (two games of each variant)."""
    for g in variant_games[::4]:
        for _, s in g:
            for a in s.legal_actions():
                s.apply(a)


def test_games_end(games):
    """RB End of the Game: every game ends (the Guildhall fills up)."""
    for g in games:
        s = g[-1][1]
        assert s.is_over, f"not over after {len(g)} decisions"
        assert s.end_trigger is not None
        assert len(archwk.final_scores(s)) == len(s.players)
        assert archwk.winners(s)


def test_games_end_variants(variant_games):
    """RB End of the Game, with the other rule options."""
    for g in variant_games:
        assert g[-1][1].is_over


def test_states_are_never_changed(games):
    """API: apply returns a new state and never changes the receiver: a state's
    JSON is the same before and after actions were applied to it."""
    g = games[0]
    texts = [s.to_json() for _, s in g[::25]]
    for _, s in g[::25]:
        for a in s.legal_actions():
            s.apply(a)
    assert [s.to_json() for _, s in g[::25]] == texts


# --------------------------------------------------------------------------- determinism


def test_same_seed_same_actions_same_json(games):
    """API: the same seed, options and actions always give the same states
    (byte-identical to_json()); checked on every other game."""
    for g in games[::2]:
        first, last = g[0][1], g[-1][1]
        s = archwk.new_game(len(first.players), seed=first.seed)
        assert s.to_json() == first.to_json()
        for i, (a, orig) in enumerate(g[1:], start=1):
            s = s.apply(a)
            if i % 97 == 0:
                assert s.to_json() == orig.to_json()
        assert s.to_json() == last.to_json()


def test_same_seed_same_bots_same_game():
    """API: the random generator lives in the state and the bots are seeded, so
    playing again gives the same game."""
    a = play_game(3, 42)[-1][1]
    b = play_game(3, 42)[-1][1]
    assert a.to_json() == b.to_json()
    c = play_game(3, 43)[-1][1]
    assert c.to_json() != a.to_json()


@settings(max_examples=8, deadline=None)
@given(n=st.integers(2, 5), seed=st.integers(-2**40, 2**40))
def test_any_seed_plays_to_the_end(n, seed):
    """API: any integer seed gives a playable game that ends with every worker
    accounted for."""
    s = archwk.new_game(n, seed=seed)
    bot = RandomBot(seed)
    for _ in range(MAX_DECISIONS):
        if s.is_over:
            break
        s = s.apply(bot.choose(s))
    assert s.is_over
    check_workers(s)
    check_stock(s)
