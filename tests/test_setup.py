"""Setting up a game (RB, Setup; facts §11 and §13).

"RB" is the rulebook (shared/seeds/000_61b9e43c65635cb2.txt), "facts §N" the
reference file shared/reference/architects-facts.md.
"""
from __future__ import annotations

from collections import Counter

import pytest
from helpers import started

import archwk
from archwk.games.architects import cards

PLAYER_COUNTS = (2, 3, 4, 5)
BASE_BUILDINGS = 40
BASE_APPRENTICES = 40


def turn_order(s) -> list[int]:
    n = len(s.players)
    return [(s.first_player + k) % n for k in range(n)]


# --------------------------------------------------------------------------- the board


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_board_at_setup(n):
    """RB Setup 2, 3, 6, 9: 4 Silver on the Tax Stand, 2n+1 reward cards,
    8 face-up apprentices, all 10 Black Market cards on the Small pile (Small
    side up), the Large pile empty, nobody on the board."""
    s = archwk.new_game(n, seed=11)
    assert s.tax == 4
    assert len(s.rewards) == 2 * n + 1
    assert len(set(s.rewards)) == len(s.rewards)
    assert set(s.rewards) <= {c.id for c in cards.REWARDS}
    assert len(s.display) == 8 and all(s.display) and len(set(s.display)) == 8
    assert s.display_silver == (0,) * 8
    assert len(s.apprentice_deck) == BASE_APPRENTICES - 8
    assert sorted(s.bm_small) == list(range(1, 11))
    assert s.bm_large == ()
    assert s.black_market == (-1, -1, -1)
    assert s.guildhall == ()
    assert all(not any(row) for row in s.board)
    assert s.resets == 0


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_players_at_setup(n):
    """RB Setup 10-11 and Reminders: 20 workers each, Virtue 7, the Cathedral
    marker below level 1; no resources, debts or prisoners (facts §11)."""
    s = started(n, seed=3)
    for i, p in enumerate(s.players):
        assert p.workers_in_supply == 20
        assert archwk.games.architects.core.worker_total(s, i) == 20
        assert p.virtue == 7
        assert p.cathedral_level == 0
        assert dict(p.resources) == {"clay": 0, "wood": 0, "stone": 0, "gold": 0, "marble": 0}
        assert p.debts_unpaid == p.debts_paid == 0
        assert p.in_prison == 0 and sum(p.captured) == 0
        assert p.apprentices == () and p.buildings == ()
        assert len(p.hand) == 3


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_starting_silver_by_turn_order(n):
    """RB Setup 13: the starting player receives 3 Silver, the 2nd 4, the 3rd 5,
    and so on, in turn order from the randomly chosen starting player."""
    for seed in range(8):
        s = archwk.new_game(n, seed=seed)
        for k, p in enumerate(turn_order(s)):
            assert s.players[p].silver == 3 + k


def test_starting_player_is_random():
    """RB Setup 13: the starting player is chosen at random (from the seed),
    so over a few seeds every seat starts at least once."""
    firsts = Counter(archwk.new_game(3, seed=seed).first_player for seed in range(40))
    assert set(firsts) == {0, 1, 2}


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_play_starts_with_the_starting_player(n):
    """RB Playing the Game: proceeding clockwise from the starting player; the
    first placement decision belongs to the starting player."""
    s = started(n, seed=5)
    assert s.phase == "play"
    assert s.current_player == s.first_player
    assert s.decision == "place"
    assert s.turn_player == s.first_player


def test_player_names():
    """RB Setup: players may be named; the names are kept in seat order."""
    s = archwk.new_game(["Ann", "Ben", "Cy"], seed=1)
    assert [p.name for p in s.players] == ["Ann", "Ben", "Cy"]


# --------------------------------------------------------------------------- the building draft


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_draft_deals_four_each(n):
    """RB Setup 12: deal 4 Building Cards to each player."""
    s = archwk.new_game(n, seed=2)
    assert s.phase == "draft"
    assert [len(h) for h in s.draft] == [4] * n
    dealt = [c for h in s.draft for c in h]
    assert len(set(dealt)) == 4 * n
    assert len(s.building_deck) == BASE_BUILDINGS - 4 * n
    assert not set(dealt) & set(s.building_deck)
    assert all(p.hand == () for p in s.players)


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_draft_keep_pass_twice_then_keep_one_of_two(n):
    """RB Setup 12: each keeps 1 and passes the rest left (to the next player in
    turn order); repeat; of the last 2 keep 1 and place the other facedown under
    the Building pile. Every pick is its own decision, starting player first."""
    s = archwk.new_game(n, seed=4)
    order = turn_order(s)
    deck_before = s.building_deck
    picks = 0
    for size in (4, 3, 2):
        for p in order:
            assert s.decision == "draft" and s.current_player == p
            assert len(s.draft[p]) == size
            acts = s.legal_actions()
            assert {a.kind for a in acts} == {"keep"}
            assert sorted(a.card for a in acts) == sorted(s.draft[p])
            choice = acts[-1]
            s = s.apply(choice)
            picks += 1
            assert s.players[p].hand[-1] == choice.card
            if size == 2:
                continue
            if p == order[-1]:
                # everyone has picked: each player now holds the rest passed on to them
                assert [len(h) for h in s.draft] == [size - 1] * n
    assert s.phase == "play"
    assert picks == 3 * n
    assert len(s.history) == 3 * n  # each draft pick is a decision
    assert all(len(p.hand) == 3 for p in s.players)
    # the unkept last cards went under the pile, after the undealt deck
    assert s.building_deck[: len(deck_before)] == deck_before
    assert len(s.building_deck) == len(deck_before) + n
    kept = {c for p in s.players for c in p.hand}
    assert not kept & set(s.building_deck[len(deck_before):])
    # every building card is still in exactly one place
    all_cards = list(s.building_deck) + [c for p in s.players for c in p.hand]
    assert sorted(all_cards) == sorted(b.name for b in cards.BUILDINGS if b.set == "base")


def test_draft_passes_to_the_next_player():
    """RB Setup 12: the cards not kept are passed left, i.e. to the next player in
    turn order, who picks from them in the next round."""
    s = archwk.new_game(3, seed=9)
    order = turn_order(s)
    before = {p: list(s.draft[p]) for p in order}
    kept = {}
    for p in order:
        a = s.legal_actions()[0]
        kept[p] = a.card
        s = s.apply(a)
    for i, p in enumerate(order):
        nxt = order[(i + 1) % 3]
        rest = list(before[p])
        rest.remove(kept[p])
        assert sorted(s.draft[nxt]) == sorted(rest)


def test_draft_prompts():
    """RB Setup 12: the last pick is from 2 cards, the other going under the pile;
    the prompt says so."""
    s = archwk.new_game(2, seed=1)
    assert "pass the rest" in s.prompt
    for _ in range(4):
        s = s.apply(s.legal_actions()[0])
    assert "2 building cards" in s.prompt and "under the pile" in s.prompt


# --------------------------------------------------------------------------- seeds


def test_same_seed_same_setup():
    """API: the same seed and options give byte-identical states."""
    a = archwk.new_game(4, seed=123)
    b = archwk.new_game(4, seed=123)
    assert a.to_json() == b.to_json()


def test_different_seeds_different_setups():
    """RB Setup: decks are shuffled and the starting player drawn at random, so
    different seeds give different setups."""
    setups = set()
    for seed in range(10):
        s = archwk.new_game(3, seed=seed)
        setups.add((s.draft, s.display, s.building_deck, s.bm_small, s.rewards, s.first_player))
    assert len(setups) == 10
    a, b = archwk.new_game(3, seed=1), archwk.new_game(3, seed=2)
    assert a.draft != b.draft and a.display != b.display and a.bm_small != b.bm_small


# --------------------------------------------------------------------------- bad arguments


@pytest.mark.parametrize("players, pattern", [
    (0, "1 to 5 players"),
    (6, "1 to 5 players"),
    (-1, "1 to 5 players"),
    ([], "1 to 5 players"),
    (["A", "B", "C", "D", "E", "F"], "1 to 5 players"),
    (["Ann", "Ann"], "different"),
    (["Ann", ""], "non-empty string"),
    (["Ann", "  "], "non-empty string"),
    (["Ann", 7], "non-empty string"),
    ("Ann", "list of names"),
    (True, "player count"),
    (2.0, "player count"),
    (None, "player count"),
])
def test_bad_players(players, pattern):
    """RB Components: 2-5 players (1 = solo); anything else is refused with a
    ValueError saying what is wrong."""
    with pytest.raises(ValueError, match=pattern):
        archwk.new_game(players, seed=1)


@pytest.mark.parametrize("seed", ["1", 1.5, None, True, [1]])
def test_bad_seed(seed):
    """API: the seed must be an integer."""
    with pytest.raises(ValueError, match="seed"):
        archwk.new_game(3, seed=seed)


@pytest.mark.parametrize("kwargs, pattern", [
    ({"board_side": 3}, "board_side"),
    ({"board_side": "1"}, "board_side"),
    ({"artisans": "yes"}, "artisans"),
    ({"expansion_cards": 1}, "expansion_cards"),
    ({"promo_characters": None}, "promo_characters"),
    ({"voluntary_apprentice_discard": 0}, "voluntary_apprentice_discard"),
    ({"solo_opponent": "bob"}, "solo_opponent"),
    ({"characters": "Ada"}, "characters"),
])
def test_bad_options(kwargs, pattern):
    """API: Options checks its values and names the bad field."""
    with pytest.raises(ValueError, match=pattern):
        archwk.Options(**kwargs)


def test_options_must_be_options():
    """API: `options` must be an archwk.Options."""
    with pytest.raises(ValueError, match="Options"):
        archwk.new_game(3, seed=1, options={"board_side": 1})
