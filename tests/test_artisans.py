"""The two Age of Artisans rules, `Options(artisans=True)` (SUM; facts §8.3-8.4,
§13.4, §15 rows 9 and 21, §16 rows 9 and 21; rules-notes "Options that change
the rules").

"SUM" is the online rules summary (shared/seeds/002_2e5be7fb5ad8bd66.txt),
"RB" the rulebook (shared/seeds/000_61b9e43c65635cb2.txt), "facts §N" the
reference file shared/reference/architects-facts.md.
"""
from __future__ import annotations

import pytest
from helpers import act, place, started

import archwk
from archwk import Action, Options
from archwk.games.architects import cards
from archwk.games.architects.core import BUILDING, commit, thaw, worker_total

ART = Options(artisans=True)


def turn_order(s) -> list[int]:
    n = len(s.players)
    return [(s.first_player + k) % n for k in range(n)]


# --------------------------------------------------------------------------- starting-apprentice draft


def test_apprentice_draft_comes_before_the_building_draft():
    """SUM / facts §13.4, §15 row 21: the starting-apprentice draft runs before the
    building draft: no building cards are dealt until everyone has an apprentice."""
    s = archwk.new_game(3, seed=5, options=ART)
    assert s.phase == "apprentice_draft" and s.decision == "apprentice_draft"
    assert s.draft == () and all(p.hand == () for p in s.players)
    for _ in range(3):
        assert s.decision == "apprentice_draft"
        s = s.apply(s.legal_actions()[0])
    assert s.phase == "draft" and s.decision == "draft"
    assert all(len(p.apprentices) == 1 for p in s.players)
    assert [len(h) for h in s.draft] == [4, 4, 4]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_apprentice_draft_in_reverse_turn_order(n):
    """SUM: "draft one starting apprentice in reverse turn order" (facts §13.4:
    the last player first)."""
    for seed in range(3):
        s = archwk.new_game(n, seed=seed, options=ART)
        seen = []
        while s.phase == "apprentice_draft":
            seen.append(s.current_player)
            s = s.apply(s.legal_actions()[-1])
        assert seen == list(reversed(turn_order(s)))


def test_apprentice_draft_side_2_order_from_highest_virtue():
    """facts §13.4: side 2 uses the turn order that starts from the
    highest-Virtue player (RB, Variable Setup)."""
    opts = Options(artisans=True, board_side=2, characters=["Caroline", "Ada", "Therese"])
    s = archwk.new_game(3, seed=1, options=opts)
    assert s.first_player == 1  # Ada, Virtue 11
    seen = []
    while s.phase == "apprentice_draft":
        seen.append(s.current_player)
        s = s.apply(s.legal_actions()[0])
    assert seen == [0, 2, 1]


def test_apprentice_draft_any_face_up_card_free():
    """facts §13.4: any of the 8 face-up cards, no column limit, no Silver."""
    s = archwk.new_game(2, seed=3, options=ART)
    acts = s.legal_actions()
    assert acts == [Action("hire", target=i) for i in range(8)]
    p = s.current_player
    silver = s.players[p].silver
    card = s.display[7]  # bottom row, right-most column
    s = act(s, "hire", target=7)
    assert s.players[p].apprentice_ids == (card,)
    assert s.players[p].silver == silver
    assert s.tax == 4


def _seed_with_virtue_card(n: int):
    for seed in range(200):
        s = archwk.new_game(n, seed=seed, options=ART)
        for slot, c in enumerate(s.display):
            if cards.APPRENTICES[c - 1].virtue:
                return s, slot
    raise AssertionError("no display with a Virtue apprentice")


def test_apprentice_draft_virtue_applies():
    """facts §13.4: the drafted apprentice's on-hire Virtue change applies
    (facts §2: e.g. Acolyte +1, Swindler -1)."""
    s, slot = _seed_with_virtue_card(2)
    p = s.current_player
    delta = cards.APPRENTICES[s.display[slot] - 1].virtue
    s = act(s, "hire", target=slot)
    assert s.players[p].virtue == 7 + delta


def test_apprentice_draft_no_refill_until_all_picked():
    """facts §13.4 / §15 row 21: the display is not refilled between picks;
    afterwards each empty space is refilled from the deck without shifting."""
    s = archwk.new_game(3, seed=8, options=ART)
    display, deck = s.display, s.apprentice_deck
    picks = [5, 0, 3]
    for k, slot in enumerate(picks):
        s = act(s, "hire", target=slot)
        if k < 2:
            assert s.apprentice_deck == deck
            assert [i for i, c in enumerate(s.display) if not c] == sorted(picks[: k + 1])
            assert Action("hire", target=slot) not in s.legal_actions()
    assert s.phase == "draft"
    expected = list(display)
    for i, slot in enumerate(sorted(picks)):  # empty spaces in display order, deck top first
        expected[slot] = deck[i]
    assert s.display == tuple(expected)
    assert s.apprentice_deck == deck[3:]
    assert all(s.display)


def test_no_apprentice_draft_without_artisans():
    """RB Setup: the base game has no starting apprentice (facts §16 row 21)."""
    s = archwk.new_game(3, seed=5)
    assert s.phase == "draft"
    s = started(3, 5)
    assert all(p.apprentices == () for p in s.players)


def test_apprentice_draft_then_play():
    """facts §13: after both drafts each player has 1 apprentice and 3 building
    cards; play starts with the first player."""
    s = started(4, 2, ART)
    assert s.decision == "place" and s.current_player == s.first_player
    for i, p in enumerate(s.players):
        assert len(p.apprentice_ids) == 1 and len(p.hand) == 3
        assert worker_total(s, i) == 20
    assert all(s.display) and len(set(s.display)) == 8


# --------------------------------------------------------------------------- the Guildhall discard


def fill_guildhall(s, count: int) -> archwk.GameState:
    """`count` workers of the other players already in the Guildhall (internal:
    edit() cannot set the Guildhall; the following edit() recomputes supplies)."""
    mover = s.current_player
    others = [i for i in range(len(s.players)) if i != mover]
    t = thaw(s)
    t.guildhall = tuple(others[k % len(others)] for k in range(count))
    return commit(t)


def ready_to_build(s, silver_on=None) -> tuple[archwk.GameState, str]:
    """The mover holds a building without skill needs and exactly its cost."""
    p = s.current_player
    name = next(c for c in s.building_deck if not BUILDING[c].skills)
    s = s.edit(player=p, hand=[name], resources=dict(BUILDING[name].cost))
    if silver_on:
        t = thaw(s)  # internal: Silver lying on display cards (normally laid by skips)
        t.display_silver = tuple(silver_on)
        s = commit(t)
    return s, name


def _at_space(n: int, k: int, options=ART, seed: int = 1, silver_on=None):
    s = started(n, seed, options)
    s = fill_guildhall(s, k - 1)
    return ready_to_build(s, silver_on)


def _discard_ks(n):
    return (3, n + 4, 2 * n + 5)


@pytest.mark.parametrize("n, k", [(n, k) for n in (2, 3, 4, 5) for k in _discard_ks(n)])
def test_guildhall_discard_spaces(n, k):
    """SUM: a worker on the 3rd slot of the first 3 Guildhall rows discards both
    apprentices in the left-most display column; facts §8.3: k = 3, n+4, 2n+5.
    They go to the bottom of the apprentice deck (facts §16 row 9); the rows
    shift left and refill from the deck (top row first)."""
    s, _ = _at_space(n, k)
    d, deck = s.display, s.apprentice_deck
    s = place(s, "guildhall")
    assert len(s.guildhall) == k
    top = (d[1], d[2], d[3], deck[0])
    bottom = (d[5], d[6], d[7], deck[1])
    assert s.display == top + bottom
    assert s.apprentice_deck == deck[2:] + (d[0], d[4])


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_no_discard_on_other_spaces(n):
    """facts §8.3: only those three spaces discard; the other spaces (here all
    up to the end, except the Black Market resets) leave the display alone."""
    ks = set(_discard_ks(n))
    for k in range(1, 4 * (n + 1) + 1):
        if k in ks:
            continue
        s, _ = _at_space(n, k)
        d = s.display
        s2 = place(s, "guildhall")
        assert s2.display == d, k


@pytest.mark.parametrize("n", [2, 4])
def test_no_discard_without_artisans(n):
    """rules-notes row 9: the Guildhall discard is an Age of Artisans rule only."""
    for k in _discard_ks(n):
        s, _ = _at_space(n, k, options=Options())
        d = s.display
        assert place(s, "guildhall").display == d


def test_discard_before_the_construction_choice():
    """facts §8.4: the discard happens at placement, before the player picks
    what to construct."""
    s, name = _at_space(3, 3)
    p = s.current_player
    d = s.display
    s = place(s, "guildhall")
    assert s.decision == "guildhall"
    assert s.display != d and s.display[0] == d[1]
    assert any(e.kind == "display_discarded" for e in s.events)
    s = s.apply(next(a for a in s.legal_actions() if a.kind == "construct"))
    assert name in s.players[p].buildings


def test_discarded_silver_returns_to_the_supply():
    """SUM: "Any Silver on discarded Apprentice Cards will be returned to the
    Supply" (facts §16 row 9: archwk's default). Silver on the cards that stay
    moves with them."""
    silver = (2, 1, 0, 0, 3, 0, 1, 0)
    s, _ = _at_space(3, 3, silver_on=silver)
    p = s.current_player
    my_silver, tax = s.players[p].silver, s.tax
    d = s.display
    s = place(s, "guildhall")
    assert s.display_silver == (1, 0, 0, 0, 0, 1, 0, 0)
    assert s.players[p].silver == my_silver and s.tax == tax
    assert dict(s.silver_on_deck).get(d[0]) is None
    assert dict(s.silver_on_deck).get(d[4]) is None


def _to_deck_top(s, card):
    t = thaw(s)  # internal: reorder the apprentice deck so `card` is drawn next
    t.apprentice_deck = (card,) + tuple(c for c in t.apprentice_deck if c != card)
    return commit(t)


def test_online_discarded_silver_stays_with_the_card():
    """rules-notes (`Options.online()`) / facts §15 row 9: online the Silver stays
    on a discarded card and comes back with it when it is drawn again; whoever
    hires it then takes it (RB, Workshop)."""
    opts = Options.online()
    silver = (2, 0, 0, 0, 3, 0, 0, 0)
    s, _ = _at_space(2, 3, options=opts, silver_on=silver)
    d = s.display
    s = place(s, "guildhall")
    assert s.display_silver == (0,) * 8
    assert dict(s.silver_on_deck).get(d[0]) == 2
    assert dict(s.silver_on_deck).get(d[4]) == 3
    assert {(x.card, x.silver) for x in s.silver_on_deck} == {(d[0], 2), (d[4], 3)}
    # kept in the position data (this test position is set up by hand, so it
    # has no game record to save: saves are records since issue 11)
    from archwk.games.architects.save import state_dict
    assert dict(state_dict(s)["extra"])[f"silver_on_{d[4]}"] == 3
    s = s.apply(next(a for a in s.legal_actions() if a.kind == "construct"))
    while s.decision != "place":
        s = s.apply(s.legal_actions()[0])
    # the card with 3 Silver on it is drawn again: into row 0 after a hire there
    s = _to_deck_top(s, d[4])
    p = s.current_player
    s = s.edit(player=p, silver=10, virtue=7)
    s = act(place(s, "workshop"), "hire", target=0)
    assert s.display[3] == d[4] and s.display_silver[3] == 3
    assert dict(s.silver_on_deck).get(d[4]) is None
    # and whoever hires it takes the 3 Silver (Black Market middle space: any card)
    while s.decision != "place":
        s = s.apply(s.legal_actions()[0])
    q = s.current_player
    s = s.edit(player=q, silver=2, virtue=7)
    s = place(s, "black_market_b")
    s = act(s, "hire", target=3)
    assert d[4] in s.players[q].apprentice_ids
    assert s.players[q].silver == 3


def test_default_discarded_card_comes_back_without_silver():
    """SUM: the Silver went to the supply, so a discarded card drawn again
    carries none."""
    s, _ = _at_space(2, 3, silver_on=(2, 0, 0, 0, 3, 0, 0, 0))
    d = s.display
    s = place(s, "guildhall")
    s = s.apply(next(a for a in s.legal_actions() if a.kind == "construct"))
    while s.decision != "place":
        s = s.apply(s.legal_actions()[0])
    s = _to_deck_top(s, d[4])
    s = act(place(s.edit(player=s.current_player, silver=10, virtue=7), "workshop"), "hire", target=0)
    assert s.display[3] == d[4] and s.display_silver[3] == 0


@pytest.mark.parametrize("n", [2, 3, 5])
def test_reset_spaces_still_reset_with_artisans(n):
    """facts §8.3: the triggers never overlap; with artisans the left-most
    spaces of rows 3 and 4 (k = 2n+3, 3n+4) still queue a Black Market reset."""
    for k in (2 * n + 3, 3 * n + 4):
        s, _ = _at_space(n, k)
        d = s.display
        s = place(s, "guildhall")
        s = s.apply(next(a for a in s.legal_actions() if a.kind == "construct"))
        while s.decision != "place":  # the building's own choices, if any
            s = s.apply(s.legal_actions()[0])
        assert s.resets == 1
        assert s.display == d
