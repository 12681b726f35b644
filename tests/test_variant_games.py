"""Whole random games under the option combinations (board side 1/2, artisans,
expansion cards, promo characters, the online preset, solo, 2 players + bot),
holding the game's invariants at every decision.

Rules held: RB Components / Setup 10 (20 workers per player, always somewhere),
RB Virtue Track (0..14), RB Workshop (apprentice limit 5, Rudolf 6),
RB Work on Building Plans (hand limit 6 at the end of a turn), RB End of the
Game (the game ends once the Guildhall is full: facts §8.1, §14), and the API
contract (same seed -> identical `to_json()`; a game saved and loaded mid-way
plays on identically).
"""
from __future__ import annotations

import pytest

import archwk
from archwk import Options
from archwk.bots import RandomBot
from archwk.games.architects.core import apprentice_limit, geometry_n, worker_total
from archwk.games.architects.save import validate

COMBOS = [
    # (players, options)
    (2, Options()),
    (3, Options()),
    (4, Options()),
    (5, Options()),
    (2, Options(board_side=2)),
    (3, Options(board_side=2)),
    (4, Options(board_side=2)),
    (5, Options(board_side=2)),
    (3, Options(artisans=True)),
    (5, Options(artisans=True)),
    (2, Options(expansion_cards=True)),
    (4, Options(expansion_cards=True)),
    (3, Options(board_side=2, promo_characters=True)),
    (5, Options(board_side=2, promo_characters=True)),
    (2, Options(board_side=2, promo_characters=True, characters=["Hugo", "Lothaire"])),
    (4, Options(board_side=2, promo_characters=True, characters=["Fara", "Bertha", "Clovis", "Therese"])),
    (2, Options.online()),
    (3, Options.online()),
    (4, Options.online()),
    (5, Options.online()),
    (4, Options(board_side=2, promo_characters=True, artisans=True, expansion_cards=True,
                voluntary_apprentice_discard=False, artisans_discard_returns_silver=False)),
    (1, Options()),
    (1, Options(solo_opponent="helena")),
    (1, Options(artisans=True, expansion_cards=True)),
    (1, Options(board_side=2, promo_characters=True)),
    (1, Options.online()),
    (2, Options(two_player_bot=True)),
    (2, Options(two_player_bot=True, solo_opponent="helena", board_side=2, artisans=True,
                expansion_cards=True)),
]

MAX_DECISIONS = 20_000


def _id(combo):
    n, o = combo
    d = {k: v for k, v in o.to_dict().items() if v != getattr(Options(), k)}
    return f"{n}p-" + ("-".join(f"{k}={v}" for k, v in sorted(d.items())) or "default")


def check_invariants(s) -> None:
    validate(s)  # every card in exactly one place, 20 workers each, nothing negative
    for i, p in enumerate(s.players):
        assert worker_total(s, i) == 20
        for f in ("silver", "clay", "wood", "stone", "gold", "marble", "workers_in_supply",
                  "debts_unpaid", "debts_paid", "in_prison"):
            assert getattr(p, f) >= 0, (i, f)
        assert all(c >= 0 for c in p.captured)
        assert 0 <= p.virtue <= 14
        forced = s.decision == "apprentice_limit" and s.current_player == i  # hired at the limit
        assert len(p.apprentice_ids) <= apprentice_limit(s, i) + forced
        if p.is_bot:
            assert p.silver == 0 and p.hand == () and p.buildings == () and p.apprentice_ids == ()
            assert p.clay == p.wood == p.stone == p.gold == 0
    assert s.tax >= 0 and all(c >= 0 for c in s.display_silver)
    assert all(c >= 0 for row in s.board for c in row)
    if s.decision == "place":
        assert all(len(p.hand) <= 6 for p in s.players)


def play_checked(n: int, options: Options, seed: int, *, check_every: int = 1):
    s = archwk.new_game(n, seed=seed, options=options)
    bots = [RandomBot(seed * 10 + i) for i in range(len(s.players))]
    states = [s]
    for k in range(MAX_DECISIONS):
        if s.is_over:
            break
        acts = s.legal_actions()
        assert acts, s.prompt
        a = bots[s.current_player].choose(s)
        assert a in acts
        s = s.apply(a)
        if k % check_every == 0 or s.is_over:
            check_invariants(s)
        states.append(s)
    assert s.is_over, "the game did not end"
    return s, states


@pytest.mark.parametrize("combo", COMBOS, ids=_id)
def test_random_game(combo):
    """The invariants above hold at every decision, and the game ends with the
    Guildhall full (facts §8.1: 4(n+1) spaces; solo as 2 players)."""
    n, options = combo
    s, _states = play_checked(n, options, seed=n + 17)
    assert len(s.guildhall) >= 4 * (geometry_n(s) + 1)
    assert s.current_player is None and s.legal_actions() == []
    scores = archwk.final_scores(s)
    assert len(scores) == len(s.players)
    for sc in scores:
        assert sc.total == sum(getattr(sc, ln) for ln in archwk.ScoreBreakdown.LINES)
    assert set(archwk.winners(s)) <= set(range(len(s.players)))
    if options.board_side == 2:
        humans = [p for p in s.players if not p.is_bot]
        assert all(p.character for p in humans)
        assert len({p.character for p in humans}) == len(humans)


@pytest.mark.parametrize("combo", COMBOS[::3], ids=_id)
def test_same_seed_same_game(combo):
    """API: same seed, same options and the same actions give byte-identical
    `to_json()`; the record replays to the same final state."""
    n, options = combo
    a, _ = play_checked(n, options, seed=5, check_every=50)
    b, _ = play_checked(n, options, seed=5, check_every=50)
    assert a.to_json() == b.to_json()
    assert archwk.replay(a.record()).to_json() == a.to_json()


@pytest.mark.parametrize("combo", COMBOS[1::3], ids=_id)
def test_json_round_trip_mid_game(combo):
    """API (Saving): a game saved and loaded mid-way is the same game: the same
    JSON, the same decision, and the same continuation."""
    n, options = combo
    end, states = play_checked(n, options, seed=9, check_every=50)
    mid = states[len(states) // 2]
    loaded = archwk.GameState.from_json(mid.to_json())
    assert loaded.to_json() == mid.to_json()
    assert loaded.legal_actions() == mid.legal_actions()
    assert loaded.prompt == mid.prompt
    # replay the rest of the game's actions on the loaded state
    rest = end.history[len(mid.history):]
    s = loaded
    for a in rest:
        s = s.apply(a)
    assert s.is_over
    assert s.to_json() == end.to_json()
