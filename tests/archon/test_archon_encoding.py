"""Archon for game-AI libraries (issue 25; `archwk.games.archon.encoding`): every action
a position lists has a fixed id in `Game.all_actions`, and the observation vector
shows only what the player's view shows: the others' hands and other piles are hidden
(rulebook §4 "Splitting the cards", §4.1; only what the two hold together is public),
as are the decks' order (§3)."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from archon_positions import new

import archwk
from archwk.games.archon.actions import ACTION_KINDS
from archwk.games.archon.constants import CARD_TYPES
from archwk.games.archon.play.determinize import Determinizer

GAME = archwk.load_game("archon")


def random_states(n: int, seed: int, every: int = 1):
    """Every `every`-th state of a random game of n players, to its end."""
    s, rng, k = new(n, seed), random.Random(seed), 0
    while True:
        if k % every == 0:
            yield s
        if s.is_over:
            return
        s = s.apply(rng.choice(s.legal_actions()))
        k += 1


def vector(s, seat: int) -> list[float]:
    return list(GAME.observation_vector(s.view(seat), seat))


def test_every_action_listed_in_random_games_has_an_id():
    """All actions of 2, 3 and 4 players games, every kind among them, have an id in
    one list (the same for every player count), each listed once."""
    actions = GAME.all_actions(2, None)
    assert len(set(actions)) == len(actions)
    assert list(GAME.all_actions(3, None)) == list(actions) == list(GAME.all_actions(4, GAME.Options()))
    ids = set(actions)
    kinds: Counter = Counter()
    for n in (2, 3, 4):
        for seed in range(4):
            for s in random_states(n, seed):
                listed = s.legal_actions()
                missing = [a for a in listed if a not in ids]
                assert not missing, f"{missing[0]!r} (players {n}, seed {seed}) has no id"
                kinds.update(a.kind for a in listed)
    assert set(kinds) == set(ACTION_KINDS), f"never listed: {set(ACTION_KINDS) - set(kinds)}"


def test_the_action_list_follows_the_components(tmp_path):
    """The ids come from the components: a file with another Marketplace lists that
    many purchases and sales; a file like the kit's own lists the same actions."""
    from archwk.games.archon.components import DEFAULT_PATH
    text = DEFAULT_PATH.read_text(encoding="utf-8")
    same = tmp_path / "same.toml"
    same.write_text(text, encoding="utf-8")
    assert list(GAME.all_actions(3, GAME.Options(components=str(same)))) == list(GAME.all_actions(3, None))
    shorter = tmp_path / "shorter.toml"
    shorter.write_text(text.replace('{ resource = "papyrus", price = 3 },', "", 1), encoding="utf-8")
    acts = GAME.all_actions(3, GAME.Options(components=str(shorter)))
    assert sum(a.kind == "buy" for a in acts) == 11 == sum(a.kind == "sell" for a in acts)
    assert sum(a.kind == "buy" for a in GAME.all_actions(3, None)) == 12


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_vector_fits_its_layout_and_shows_the_players_own_hand(n):
    layout = GAME.observation_layout(n, None)
    names = [f.name for f in layout]
    assert len(set(names)) == len(names)
    at = {name: i for i, name in enumerate(names)}
    for s in random_states(n, seed=20 + n, every=7):
        for seat in range(n):
            v = vector(s, seat)
            assert len(v) == len(layout)
            outside = [(f.name, x) for f, x in zip(layout, v) if not f.low <= x <= f.high]
            assert not outside
            p = s.players[seat]
            assert [v[at[f"hand: {c}"]] for c in CARD_TYPES] == [p.hand.count(c) for c in CARD_TYPES]
            assert [v[at[f"other pile: {c}"]] for c in CARD_TYPES] == [p.next_pile.count(c) for c in CARD_TYPES]
            assert v[at["seat+0: VP"]] == p.vp and v[at["seat+1: VP"]] == s.players[(seat + 1) % n].vp


def test_a_score_below_zero_fits_the_layout():
    """Rulebook 7e (a Season's shortfall: 1 VP per point left unpaid): a score may go below 0,
    and the observation still fits its layout (self-play at 4 players met it)."""
    s = new(4, seed=1).edit(player=3, vp=-4)
    at = {f.name: i for i, f in enumerate(GAME.observation_layout(4, None))}
    for seat in range(4):
        v = vector(s, seat)
        assert v[at[f"seat+{(3 - seat) % 4}: VP"]] == -4


def test_views_differing_only_in_hidden_cards_give_the_same_vector():
    """A position dealt afresh where the player cannot see (the others' splits, the
    decks) gives that player the same vector; a player whose own split was dealt
    differently sees the difference."""
    rng, told_apart, checked = random.Random(3), 0, 0
    for n in (2, 3, 4):
        for s in random_states(n, seed=n, every=9):
            if s.is_over:
                continue
            for seat in range(n):
                twin = Determinizer(s.view(seat), seat).sample(rng)
                assert vector(twin, seat) == vector(s, seat)
                checked += 1
                told_apart += any(vector(twin, q) != vector(s, q) for q in range(n) if q != seat)
    assert checked > 30 and told_apart, "no position had hidden cards: the check proved nothing"


def test_an_edit_of_another_players_hidden_split_changes_only_their_vector():
    """§4: swapping cards between a player's hand and their other pile is hidden from
    the others: their vectors stay the same, that player's own changes."""
    s = new(3, seed=2)
    while s.decision != "turn":
        s = s.apply(s.legal_actions()[0])
    q = s.current_player
    p = s.players[q]
    give, take = next((a, b) for a in p.hand for b in p.next_pile if a != b)
    swapped = list(p.hand)
    swapped[swapped.index(give)] = take
    edited = s.edit(player=q, hand=swapped)
    assert edited.players[q].hand != p.hand
    for seat in range(3):
        if seat == q:
            assert vector(edited, seat) != vector(s, seat)
        else:
            assert vector(edited, seat) == vector(s, seat)
