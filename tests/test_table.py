"""archwk.games.architects.table: the read API for everything on the table (what players can see)."""
from __future__ import annotations

import dataclasses
import doctest
import importlib
import itertools
import random

import pytest
from helpers import act, place, started

import archwk
from archwk import Action
from archwk.games.architects import cards
from archwk.games.architects.table import (
    APPRENTICE_DISCARD,
    BLACK_MARKET_RESET,
    GAME_END,
    WORKER_LOCATIONS,
    guildhall_spaces,
    table,
    virtue_track,
)

OPTION_SETS = [
    archwk.Options(),
    archwk.Options.online(),
    archwk.Options(board_side=2, artisans=True, expansion_cards=True, promo_characters=True),
]


def random_states(n, seed, options, limit=900):
    """Every state of one random game (at most `limit` decisions)."""
    rng = random.Random(seed)
    s = archwk.new_game(n, seed=seed, options=options)
    out = [s]
    while not s.is_over and len(out) < limit:
        s = s.apply(rng.choice(s.legal_actions()))
        out.append(s)
    return out


@pytest.fixture(scope="module")
def games():
    return [random_states(n, seed, opts)
            for seed, (n, opts) in enumerate([(2, OPTION_SETS[0]), (3, OPTION_SETS[1]), (4, OPTION_SETS[2]),
                                             (1, OPTION_SETS[0]), (5, OPTION_SETS[1])], start=11)]


def test_docstring_examples_run():
    # `archwk.games.architects.table` is the function; the module is reached by its full name
    result = doctest.testmod(importlib.import_module("archwk.games.architects.table"))
    assert result.attempted >= 8 and result.failed == 0


def test_exported_from_archwk():
    """archwk.table reads any game's table through its Game; for Architects it is this one."""
    s = archwk.new_game(3, seed=7)
    assert "table" in archwk.__all__ and archwk.GAMES["architects"].table is table
    assert archwk.table(s) == table(s)


# =========================================================================== the display
# RB, Setup 6 and Board Locations — Workshop (facts §9)

def test_display_after_setup_holds_eight_cards_without_silver():
    # RB, Setup 6: "reveal 1 faceup in each of the 8 spaces to the right of the Workshop"
    s = started(3, seed=2)
    t = table(s)
    assert [d.position for d in t.display] == list(range(1, 9))
    assert [(d.row, d.column) for d in t.display] == [(r, c) for r in (1, 2) for c in (1, 2, 3, 4)]
    assert [d.apprentice for d in t.display] == list(s.display)
    assert all(d.apprentice for d in t.display)
    assert [d.silver for d in t.display] == [0] * 8
    for d in t.display:
        a = cards.APPRENTICES[d.apprentice - 1]
        assert (d.name, d.skills) == (a.name, a.skills)


def test_hire_cost_by_column_counts_the_worker_to_be_placed():
    # RB, Workshop: 4 Silver (2 Tax); the first worker hires from column 1 only,
    # 1 Silver laid on each skipped card to reach further
    s = started(3, seed=2).edit(player=0, silver=9, virtue=7)
    assert s.decision == "place"
    t = table(s)
    assert [d.hire_cost for d in t.display] == [4, 5, 6, 7] * 2
    s2 = s.edit(workers_at={"workshop": {s.current_player: 2}})  # third worker reaches column 3
    assert [d.hire_cost for d in table(s2).display] == [4, 4, 4, 5] * 2


def test_hire_cost_at_low_virtue_avoids_tax():
    # RB, Virtue Track: at Virtue 1 two Tax are ignored (facts §6)
    s = started(3, seed=2)
    s = s.edit(player=s.current_player, virtue=1, silver=9)
    assert [d.hire_cost for d in table(s).display][:4] == [2, 3, 4, 5]


def test_skipped_slots_hold_one_silver_each_after_hiring_from_slot_3():
    # RB, Workshop: "You may place 1 Silver on an Apprentice Card to skip it (always
    # on the left-most card of a row first)"
    s = started(3, seed=2)
    p = s.current_player
    s = s.edit(player=p, silver=9, virtue=7)
    at_workshop = place(s, "workshop")
    assert [d.hire_cost for d in table(at_workshop).display][:4] == [4, 5, 6, 7]
    before = table(s).display
    after = table(act(at_workshop, "hire", target=2)).display  # display position 3
    assert [d.silver for d in after] == [1, 1, 0, 0, 0, 0, 0, 0]
    assert [d.apprentice for d in after[:2]] == [before[0].apprentice, before[1].apprentice]
    assert after[2].apprentice == before[3].apprentice  # the row shifted left


def test_slot_lookup_and_bad_position():
    t = table(started(2, seed=1))
    assert t.slot(5) is t.display[4]
    for bad in (0, 9, "1"):
        with pytest.raises(ValueError, match="display position"):
            t.slot(bad)


# =========================================================================== the Guildhall
# RB, Guildhall ("Not all columns are used at lower player counts"), Black Market
# Reset ("one of the left-most spaces on the bottom 2 rows"), End of the Game
# ("the last Worker is placed in the Guildhall"); facts §8.3 table

@pytest.mark.parametrize("n, spaces, resets, end, discards", [
    (1, 12, [7, 10], 12, [3, 6, 9]),   # RB, Solo Play: set up as for 2 players
    (2, 12, [7, 10], 12, [3, 6, 9]),
    (3, 16, [9, 13], 16, [3, 7, 11]),
    (4, 20, [11, 16], 20, [3, 8, 13]),
    (5, 24, [13, 19], 24, [3, 9, 15]),
])
def test_guildhall_spaces_per_player_count(n, spaces, resets, end, discards):
    base = guildhall_spaces(n)
    assert len(base) == spaces and [s.number for s in base] == list(range(1, spaces + 1))
    assert [s.number for s in base if s.trigger == BLACK_MARKET_RESET] == resets
    assert [s.number for s in base if s.trigger == GAME_END] == [end]
    assert all(s.trigger != APPRENTICE_DISCARD for s in base)
    assert all(s.occupant is None for s in base)
    cols = max(2, n) + 1
    for k in resets:  # the left-most space of rows 3 and 4
        assert (base[k - 1].row, base[k - 1].column) in ((3, 1), (4, 1))
    assert (base[-1].row, base[-1].column) == (4, cols)
    # Age of Artisans (SUM): the 3rd space of rows 1-3
    art = guildhall_spaces(n, artisans=True)
    assert [s.number for s in art if s.trigger == APPRENTICE_DISCARD] == discards
    assert all((s.row, s.column) == (i + 1, 3) for i, s in
               enumerate(s for s in art if s.trigger == APPRENTICE_DISCARD))
    assert [s.number for s in art if s.trigger == BLACK_MARKET_RESET] == resets


@pytest.mark.parametrize("bad", [0, 6, True, "3", None])
def test_guildhall_spaces_bad_player_count(bad):
    with pytest.raises(ValueError, match="Guildhall: the player count"):
        guildhall_spaces(bad)


def test_guildhall_triggers_are_what_the_rules_do(games):
    # every worker laid in the Guildhall fires exactly its space's trigger
    seen = set()
    for states in games:
        for s in states[1:]:
            kinds = [e.kind for e in s.events]
            spaces = [e.data["space"] for e in s.events if e.kind == "guildhall_space"]
            if not spaces:
                continue
            geometry = {sp.number: sp.trigger for sp in table(s).guildhall}
            fired = {"display_discarded": APPRENTICE_DISCARD, "reset_triggered": BLACK_MARKET_RESET,
                     "end_triggered": GAME_END}
            expected = sorted(filter(None, (geometry[k] for k in spaces)))
            assert sorted(fired[k] for k in kinds if k in fired) == expected
            seen.update(expected)
    assert seen == {APPRENTICE_DISCARD, BLACK_MARKET_RESET, GAME_END}


def test_guildhall_occupants_follow_the_order_of_placement(games):
    for states in games:
        end = states[-1]
        t = table(end)
        filled = [sp.occupant for sp in t.guildhall if sp.occupant is not None]
        assert tuple(filled) + t.guildhall_beside == tuple(end.guildhall)
        assert t.guildhall_filled == len(end.guildhall)
        assert filled == [sp.occupant for sp in t.guildhall[:len(filled)]]  # fills in order


# =========================================================================== the Black Market
# RB, Black Market and Black Market Reset

def test_black_market_at_start_and_after_placing():
    s = started(3, seed=4).edit(player=0, silver=5, virtue=7)
    t = table(s)
    assert [(b.letter, b.silver, b.occupant) for b in t.black_market] == [("A", 1, None), ("B", 2, None),
                                                                        ("C", 3, None)]
    # RB, Setup: the 10 Black Market cards form the Small Market; the Large one is empty
    assert t.small_market.count == 10 and t.large_market.count == 0
    assert t.small_market.top == cards.BLACK_MARKET_CARDS[s.bm_small[0] - 1]
    assert t.small_market.goods == t.small_market.top.small
    assert t.large_market.top is None and t.large_market.goods == cards.BLACK_MARKET_EMPTY_LARGE
    p = s.current_player
    s2 = place(s, "black_market_a")
    assert [b.occupant for b in table(s2).black_market] == [p, None, None]


def test_resets_and_piles_follow_the_black_market_resets(games):
    # RB, Black Market Reset 2: the top Small card turns over onto the Large pile
    for states in games:
        resets = 0
        for prev, s in itertools.pairwise(states):
            resets += sum(1 for e in s.events if e.kind == "reset")
            t = table(s)
            assert t.resets == resets
            assert t.small_market.count + t.large_market.count == len(cards.BLACK_MARKET_CARDS)
            if any(e.kind == "market_flipped" for e in s.events) and t.large_market.count:
                assert t.large_market.top == table(prev).small_market.top \
                    or any(e.kind == "market_reshuffled" for e in s.events)
    assert any(table(g[-1]).resets for g in games)


# =========================================================================== Cathedral, rewards, decks

def test_reward_pile_is_face_down_and_shrinks_as_the_cathedral_advances(games):
    # RB, Setup 3: a facedown pile of 2 per player plus 1; Cathedral 4: reveal the
    # top Reward Card when advancing
    for states in games:
        n = max(2, len(states[0].players))
        assert table(states[0]).reward_pile.count == 2 * n + 1
        for s in states:
            t = table(s)
            assert t.reward_pile.top is None
            assert t.reward_pile.count == 2 * n + 1 - sum(1 for e in _all_events(states, s) if e.kind == "reward")


def _all_events(states, upto):
    for s in states:
        yield from s.events
        if s is upto:
            return


def test_cathedral_levels_list_the_players_on_them(games):
    for states in games:
        s = states[-1]
        t = table(s)
        assert [c.level for c in t.cathedral] == [lv.level for lv in cards.CATHEDRAL]
        for c in t.cathedral:
            assert c.occupants == tuple(p for p, q in enumerate(s.players) if q.cathedral_level == c.level)
            assert 0 <= c.free <= c.spaces
    assert any(c.occupants for g in games for c in table(g[-1]).cathedral)


def test_deck_sizes_and_scheme_piles():
    s = started(3, seed=5)
    d = table(s).decks
    assert (d.buildings, d.apprentices) == (len(s.building_deck), len(s.apprentice_deck))
    assert (d.schemes, d.scheme_discard, d.future_schemes) == (None, None, None)
    solo = table(archwk.new_game(1, seed=5)).decks
    assert solo.schemes is not None and solo.schemes + solo.scheme_discard > 0


def test_virtue_track_from_the_card_data():
    # RB, Virtue Track: the Black Market is closed at 10 or more; no Cathedral work
    # at 4 or less; Tax ignored at 3 or less
    track = virtue_track()
    assert [v.virtue for v in track] == list(range(15))
    assert [v.virtue for v in track if not v.black_market] == list(range(10, 15))
    assert [v.virtue for v in track if not v.cathedral] == list(range(5))
    assert [v.virtue for v in track if v.avoid_tax] == [0, 1, 2, 3]
    assert [v.vp for v in track] == [lv.vp for lv in cards.VIRTUE_TRACK]
    assert table(started(2)).virtue_track == track


# =========================================================================== workers and the decision

def test_workers_everywhere_match_the_state(games):
    for states in games:
        for s in states[::37]:
            t = table(s)
            assert set(t.workers) == set(WORKER_LOCATIONS)
            for loc in WORKER_LOCATIONS:
                assert dict(t.workers[loc]) == dict(s.workers_at(loc))
            assert dict(t.prison) == {p: q.in_prison for p, q in enumerate(s.players) if q.in_prison}
            for h, q in enumerate(s.players):
                assert sum(t.captured[h].values()) == sum(q.captured)
            assert t.tax == s.tax


def test_decision_and_turn(games):
    for states in games:
        for s in states[::53] + [states[-1]]:
            t = table(s)
            assert (t.decision_kind, t.current_player, t.prompt) == (s.decision, s.current_player, s.prompt)
            assert t.is_over == s.is_over
    end = archwk.play(archwk.new_game(2, seed=3), [archwk.bots.RandomBot(1)] * 2)
    assert end.is_over
    t = table(end)
    assert t.decision_kind is None and t.current_player is None and not t.final_round and t.final_turns == 0
    assert all(d.hire_cost is None for d in t.display)
    place_state = started(2)
    assert table(place_state).decision_kind == "place" and table(place_state).turn == place_state.turn_no


def test_a_view_shows_the_same_table(games):
    for states in games:
        for s in states[::29]:
            t = table(s)
            for p in range(len(s.players)):
                v = table(s.view(p))
                assert v.is_view and not t.is_view
                assert dataclasses.replace(v, is_view=False) == t


def test_bad_input():
    with pytest.raises(ValueError, match="table: expected a GameState"):
        table("{}")


def test_action_label_and_position_agree():
    # the position the table gives is the number the hire action's label uses
    s = started(3, seed=2)
    s = place(s.edit(player=s.current_player, silver=9), "workshop")
    hire = next(a for a in s.legal_actions() if a.kind == "hire" and a.target == 5)
    assert f"position {table(s).display[5].position}" in str(hire)
    assert isinstance(hire, Action)


def test_final_turns_count_down_after_the_end_is_triggered():
    # RB, End of the Game: the current player finishes, then each player
    # (including them) has 1 final turn
    rng = random.Random(5)
    s = archwk.new_game(3, seed=5)
    while archwk.table(s).final_turns is None:
        s = s.apply(rng.choice(s.legal_actions()))
    t = table(s)
    assert any(e.kind == "end_triggered" for e in s.events)
    assert t.final_round and t.final_turns == len(s.players) + 1
    seen = [t.final_turns]
    while not s.is_over:
        s = s.apply(rng.choice(s.legal_actions()))
        if any(e.kind == "turn" for e in s.events):
            seen.append(table(s).final_turns)
    assert seen == list(range(len(s.players) + 1, 0, -1))
    assert not table(s).final_round
