"""The 3 + 3 extra cards, `Options(expansion_cards=True)`: Crane, Graveyard,
Museum; Enforcer, Overseer, Peddler (facts §1 ids 41-43, §2 ids 41-43, §15
row 4, §16 rows 4 and 15; rules-notes row 4).

"RB" is the rulebook (shared/seeds/000_61b9e43c65635cb2.txt), "facts §N" the
reference file shared/reference/architects-facts.md.
"""
from __future__ import annotations

from functools import cache

import pytest
from helpers import act, place, started

import archwk
from archwk import Action, Options
from archwk.games.architects import cards
from archwk.games.architects.core import BUILDING, commit, thaw, worker_total
from archwk.games.architects.scoring import end_game_virtue

EXP = Options(expansion_cards=True)
EXTRA_BUILDINGS = {"Crane", "Graveyard", "Museum"}
EXTRA_APPRENTICES = {41: "Enforcer", 42: "Overseer", 43: "Peddler"}
LABOURER = 13


@cache
def _cleared(n: int, seed: int, artisans: bool) -> archwk.GameState:
    s = started(n, seed, Options(expansion_cards=True, artisans=artisans))
    for i in range(n):
        s = s.edit(player=i, hand=[], apprentices=[])
    return s


def game(n: int = 2, free=(), artisans: bool = False) -> archwk.GameState:
    """A game at its first placement, every hand and board empty of cards, with
    the apprentices `free` in the deck (not face up) so edit() can hire them."""
    for seed in range(1, 500):
        s = _cleared(n, seed, artisans)
        if not set(free) & set(s.display):
            return s
    raise AssertionError("no seed keeps those apprentices in the deck")


def others(s) -> list[int]:
    return [i for i in range(len(s.players)) if i != s.current_player]


def cost(*names, **more) -> dict:
    out: dict = {}
    for nm in names:
        for r, k in BUILDING[nm].cost.items():
            out[r] = out.get(r, 0) + k
    for r, k in more.items():
        out[r] = out.get(r, 0) + k
    return out


def construct(s, name):
    acts = [a for a in s.legal_actions() if a.kind == "construct" and a.card == name]
    assert len(acts) == 1, acts
    return s.apply(acts[0])


def finish_turn(s):
    p = s.current_player
    while s.current_player == p and s.decision != "place":
        s = s.apply(s.legal_actions()[0])
    return s


# --------------------------------------------------------------------------- the card sets


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_43_and_43_cards_with_expansion(n):
    """facts §1, §2, §16 row 4: expansion_cards=True adds buildings 41-43 and
    apprentices 41-43: 43 + 43 in play."""
    s = archwk.new_game(n, seed=n, options=EXP)
    dealt = [c for h in s.draft for c in h]
    assert len(s.building_deck) + len(dealt) == 43
    assert set(s.building_deck) | set(dealt) >= EXTRA_BUILDINGS
    apps = [c for c in s.display if c] + list(s.apprentice_deck)
    assert sorted(apps) == list(range(1, 44))


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_40_and_40_in_the_base_game(n):
    """RB Components: 40 Apprentice Cards, 40 Building Cards (facts §16 row 4:
    the default)."""
    s = archwk.new_game(n, seed=n)
    dealt = [c for h in s.draft for c in h]
    assert len(s.building_deck) + len(dealt) == 40
    assert not EXTRA_BUILDINGS & (set(s.building_deck) | set(dealt))
    apps = [c for c in s.display if c] + list(s.apprentice_deck)
    assert sorted(apps) == list(range(1, 41))


def test_extra_cards_cannot_be_edited_in_without_the_expansion():
    """facts §16 row 4: the extra cards are not in a base game."""
    s = started(2, 1)
    with pytest.raises(ValueError, match="Crane"):
        s.edit(player=s.current_player, hand=["Crane"])
    with pytest.raises(ValueError):
        s.edit(player=s.current_player, apprentices=[41])


# --------------------------------------------------------------------------- Crane


def _crane(s, hand=("Well",), **more):
    p = s.current_player
    s = s.edit(player=p, hand=["Crane", *hand], resources=cost("Crane", *hand, **more))
    s = construct(place(s, "guildhall"), "Crane")
    return s, p


def test_crane_builds_again_with_another_worker():
    """facts §1 #41 Crane: another of your workers goes straight onto the next
    Guildhall space and you build again."""
    s = game(2)
    supply = s.players[s.current_player].workers_in_supply
    s, p = _crane(s)
    assert s.decision == "crane" and s.current_player == p
    assert {a.kind for a in s.legal_actions()} == {"construct", "skip"}
    s = construct(s, "Well")
    assert s.players[p].buildings == ("Crane", "Well")
    assert s.guildhall == (p, p)
    assert s.players[p].workers_in_supply == supply - 2
    assert worker_total(s, p) == 20
    assert s.players[p].clay == 4  # the Well's own effect
    assert s.current_player != p


def test_crane_is_skippable():
    """facts §16 row 15: a player may decline the Crane."""
    s = game(2)
    s, p = _crane(s)
    s = act(s, "skip")
    assert s.guildhall == (p,)
    assert s.players[p].hand == ("Well",)
    assert s.current_player != p


def test_crane_not_offered_when_nothing_can_be_built():
    """facts §1 #41: skipped if you cannot afford any construction."""
    s = game(2)
    p = s.current_player
    s = s.edit(player=p, hand=["Crane", "Well"], resources=cost("Crane"))
    s = construct(place(s, "guildhall"), "Crane")
    assert s.guildhall == (p,)
    assert s.decision == "place" and s.current_player != p


def test_crane_not_offered_without_a_worker_left():
    """facts §1 #41: skipped if you have no worker left in your supply."""
    s = game(2)
    p = s.current_player
    s = s.edit(workers_at={"quarry": {p: 19}})
    s, _ = _crane(s)
    assert s.players[p].workers_in_supply == 0
    assert s.guildhall == (p,)
    assert s.current_player != p


def test_crane_may_advance_the_cathedral():
    """facts §1 #41: build again: a building or a Cathedral level."""
    s = game(2)
    s, p = _crane(s, hand=("Well",), gold=1)
    acts = s.legal_actions()
    assert Action("cathedral", option=(("gold", 1),)) in acts
    s = s.apply(Action("cathedral", option=(("gold", 1),)))
    assert s.decision == "cathedral_discard"
    s = act(s, "discard", card="Well")
    assert s.players[p].cathedral_level == 1
    assert s.guildhall == (p, p)


def _fill_guildhall(s, count):
    """Internal: the first `count` Guildhall spaces taken by the others (edit()
    cannot set the Guildhall; the next edit() recomputes the supplies)."""
    o = others(s)
    t = thaw(s)
    t.guildhall = tuple(o[k % len(o)] for k in range(count))
    return commit(t)


def test_crane_worker_fires_its_space_trigger_reset():
    """facts §1 #41 / §8.2: the Crane's worker counts like any other: landing on
    the left-most space of row 3 (k = 2n+3) queues a Black Market reset."""
    n = 2
    s = _fill_guildhall(game(n), 2 * n + 1)  # the Crane itself goes on k = 2n+2
    s, _p = _crane(s)
    assert s.resets == 0
    s = construct(s, "Well")
    assert len(s.guildhall) == 2 * n + 3
    assert s.resets == 1


def test_crane_worker_fires_the_artisans_discard():
    """facts §1 #41 / §8.3: with artisans, the Crane's worker on space 3 discards
    the left-most display column."""
    s = _fill_guildhall(game(3, artisans=True), 1)
    d = s.display
    s, _p = _crane(s)
    assert s.display == d  # the Crane on space 2: nothing
    s = construct(s, "Well")
    assert s.display[0] == d[1] and s.display[4] == d[5]
    assert s.apprentice_deck[-2:] == (d[0], d[4])


def test_crane_worker_triggers_the_end():
    """facts §1 #41 / §8.3: the Crane's worker on the last space triggers the
    end of the game."""
    n = 2
    s = _fill_guildhall(game(n), 4 * (n + 1) - 2)
    s, p = _crane(s)
    assert s.end_trigger is None
    s = construct(s, "Well")
    assert s.end_trigger == p


# --------------------------------------------------------------------------- Graveyard


def test_graveyard_forces_an_apprentice_discard():
    """facts §1 #42 Graveyard: you must discard 1 of your hired apprentices (no
    Skip, facts §16 row 15); -1 Virtue on construction; the apprentice goes to
    the bottom of the apprentice deck (facts §2)."""
    s = game(2, free=(LABOURER, 29))
    p = s.current_player
    s = s.edit(player=p, hand=["Graveyard"], resources=cost("Graveyard"), apprentices=[LABOURER, 29])
    s = construct(place(s, "guildhall"), "Graveyard")
    assert s.decision == "graveyard" and s.current_player == p
    assert set(s.legal_actions()) == {Action("discard_apprentice", card=LABOURER),
                                      Action("discard_apprentice", card=29)}
    assert s.players[p].virtue == 6
    s = act(s, "discard_apprentice", card=29)
    assert s.players[p].apprentice_ids == (LABOURER,)
    assert s.apprentice_deck[-1] == 29
    assert "Graveyard" in s.players[p].buildings


def test_graveyard_with_one_apprentice():
    """facts §1 #42: the only apprentice (here the Labourer giving the skills)
    must go; still a decision of the player (a single choice, no Skip)."""
    s = game(2, free=(LABOURER,))
    p = s.current_player
    s = s.edit(player=p, hand=["Graveyard"], resources=cost("Graveyard"), apprentices=[LABOURER])
    s = construct(place(s, "guildhall"), "Graveyard")
    assert s.legal_actions() == [Action("discard_apprentice", card=LABOURER)]
    s = s.apply(s.legal_actions()[0])
    assert s.players[p].apprentice_ids == ()


# --------------------------------------------------------------------------- Museum


@pytest.mark.parametrize("built, virtue", [
    (["Museum"], 0),
    (["Museum", "Well"], 1),
    (["Museum", "Well", "Smithy"], 1),
    (["Museum", "Well", "Smithy", "Church"], 2),
    (["Museum", "Well", "Smithy", "Church", "Fountain", "Steeple"], 3),
])
def test_museum_virtue_per_two_buildings(built, virtue):
    """facts §1 #43 Museum: end-game +1 Virtue per 2 buildings constructed,
    including itself."""
    s = game(2)
    p = s.current_player
    s = s.edit(player=p, buildings=built, virtue=9)
    assert end_game_virtue(s, p, BUILDING["Museum"]) == virtue
    before = archwk.final_scores(s.edit(player=p, buildings=built[1:]))[p]
    after = archwk.final_scores(s)[p]
    vp = {9: 0, 10: 1, 11: 2, 12: 3}
    assert after.virtue == vp[9 + virtue]
    assert after.buildings - before.buildings == BUILDING["Museum"].vp


def test_museum_is_built_like_any_building():
    """facts §1 #43: 1 Clay, 5 Wood, 1 Stone, no skills, 4 VP."""
    s = game(2)
    p = s.current_player
    s = s.edit(player=p, hand=["Museum"], resources=cost("Museum"))
    s = construct(place(s, "guildhall"), "Museum")
    assert s.players[p].buildings == ("Museum",)
    assert all(v == 0 for v in s.players[p].resources.values())


# --------------------------------------------------------------------------- Enforcer


def test_enforcer_gains_gold_sending_to_prison():
    """facts §2 #41 Enforcer: Guardhouse action 1 (sending your captured workers to
    Prison) gives +1 Gold, on top of 1 Silver each."""
    s = game(2, free=(41,))
    p, o = s.current_player, others(s)[0]
    s = s.edit(player=p, apprentices=[41], captured={o: 3}, silver=0)
    s = act(place(s, "guardhouse"), "guard", option="send_to_prison")
    assert s.players[p].gold == 1
    assert s.players[p].silver == 3
    assert s.players[o].in_prison == 3


def test_no_gold_without_enforcer():
    """RB Guardhouse 1: 1 Silver each, nothing more."""
    s = game(2)
    p, o = s.current_player, others(s)[0]
    s = s.edit(player=p, captured={o: 3}, silver=0)
    s = act(place(s, "guardhouse"), "guard", option="send_to_prison")
    assert s.players[p].gold == 0 and s.players[p].silver == 3


def test_enforcer_only_on_send_to_prison():
    """facts §2 #41: only action 1 triggers it (not releasing from Prison)."""
    s = game(2, free=(41,))
    p = s.current_player
    s = s.edit(player=p, apprentices=[41], in_prison=2)
    s = act(place(s, "guardhouse"), "guard", option="release_prison")
    assert s.players[p].gold == 0 and s.players[p].in_prison == 0


# --------------------------------------------------------------------------- Overseer


def _storehouse_trades(s, p) -> int:
    s = place(s, "storehouse")
    n = 0
    while s.current_player == p and s.decision == "storehouse":
        s = s.apply(Action("trade", option=("stone", "stone")))
        n += 1
    return n


def test_overseer_gives_one_more_storehouse_action():
    """facts §2 #42 Overseer: +1 King's Storehouse action, as if you had one more
    worker there (RB King's Storehouse: 1 action per worker)."""
    s = game(2, free=(42,))
    p = s.current_player
    s = s.edit(player=p, resources={"stone": 10}, virtue=5)
    assert _storehouse_trades(s, p) == 1
    assert _storehouse_trades(s.edit(player=p, apprentices=[42]), p) == 2
    s2 = s.edit(player=p, apprentices=[42], workers_at={"storehouse": {p: 2}})
    assert _storehouse_trades(s2, p) == 4


# --------------------------------------------------------------------------- Peddler


def _bm_reset(s):
    """The mover fills the third Black Market space: a reset (RB, Black Market Reset)."""
    p = s.current_player
    o = others(s)[0]
    s = s.edit(workers_at={"black_market_a": {o: 1}, "black_market_b": {o: 1}})
    s = s.edit(player=p, silver=s.players[p].silver + 3, virtue=7)
    r = s.resets
    s = place(s, "black_market_c")
    assert s.resets == r + 1
    return s


def test_peddler_gains_two_silver_every_reset():
    """facts §2 #43 Peddler: +2 Silver at every Black Market reset,
    unconditionally (also with workers in Prison)."""
    s = game(2, free=(43,))
    o = others(s)[0]
    s = s.edit(player=o, apprentices=[43], in_prison=3, silver=0)
    s = _bm_reset(s)
    assert s.players[o].silver == 2
    s = _bm_reset(s)
    assert s.players[o].silver == 4
    assert s.resets == 2


def test_peddler_virtue_on_hire():
    """facts §2 #43: Peddler -1 Virtue on hire (not reversed by discarding)."""
    s = game(2, free=(43,))
    p = s.current_player
    s = s.edit(player=p, silver=10, virtue=7)
    t = thaw(s)  # internal: put the Peddler face up in the left-most column
    disp = list(t.display)
    deck = [c for c in t.apprentice_deck if c != 43] + [disp[0]]
    disp[0] = 43
    t.display, t.apprentice_deck = tuple(disp), tuple(deck)
    s = commit(t)
    s = act(place(s, "workshop"), "hire", target=0)
    assert 43 in s.players[p].apprentice_ids
    assert s.players[p].virtue == 6
    assert cards.APPRENTICES[42].name == "Peddler"
    s = place(finish_turn(s), "forest")  # the other player's turn
    assert s.current_player == p
    s = act(s, "discard_apprentice", card=43)  # RB: you may discard at any time
    assert 43 not in s.players[p].apprentice_ids
    assert s.players[p].virtue == 6
