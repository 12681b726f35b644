"""Positions for Archon's rules tests (tests/archon/). Most go through the public
API: `new_game(..., game="archon")`, legal actions, `edit`. `surgery` changes a
copy of a position's table directly, for the few positions play reaches only
after many moves (the wall before an attack, a Tax Collector token of a given
player): the rules then run on from it exactly as in play."""
from __future__ import annotations

import archwk
from archwk.games.archon import rules
from archwk.games.archon.constants import MAGISTERS
from archwk.games.archon.game import GameState
from archwk.games.archon.options import Options


def new(n: int = 3, seed: int = 1, **options) -> GameState:
    return archwk.new_game(n, seed=seed, game="archon", options=Options(**options) if options else None)


def choose(s: GameState, kind: str, **fields) -> GameState:
    """Apply the one legal action of this kind whose fields match."""
    acts = matching(s, kind, **fields)
    assert len(acts) == 1, f"{kind} {fields}: expected 1 legal action, got {acts}; legal: {s.legal_actions()}"
    return s.apply(acts[0])


def matching(s: GameState, kind: str, **fields) -> list:
    return [a for a in s.legal_actions() if a.kind == kind and all(getattr(a, k) == v for k, v in fields.items())]


def most_magisters(s: GameState):
    """The split that keeps the most Magisters for this round (Courtiers last)."""
    return min((a for a in s.legal_actions() if a.kind == "split"), key=lambda a: a.hand[0])


def started(n: int = 3, seed: int = 1, magisters: dict | None = None, **options) -> GameState:
    """A game at its first turn: starting Magisters as `magisters` says (seat -> pair,
    else the first legal pair), every hand holding as many Magisters as it can."""
    s = new(n, seed, **options)
    while s.decision == "start":
        p = s.current_player
        pair = (magisters or {}).get(p)
        s = choose(s, "start", magisters=tuple(sorted(pair, key=MAGISTERS.index))) if pair \
            else s.apply(s.legal_actions()[0])
    while s.decision == "split":
        s = s.apply(most_magisters(s))
    assert s.decision == "turn"
    return s


def place(s: GameState, location: str, pay=("courtier",), slot: int | None = None) -> GameState:
    """The current player places at `location` (the first legal slot, or `slot`) paying `pay`."""
    acts = [a for a in s.legal_actions() if a.kind == "place" and a.location == location
            and a.pay == tuple(pay) and (slot is None or a.slot == slot)]
    assert acts, f"no legal placement at {location} paying {pay} (slot {slot}); legal: {s.legal_actions()}"
    return s.apply(acts[0])


def pass_turn(s: GameState) -> GameState:
    return choose(s, "pass")


def to_round_end(s: GameState) -> GameState:
    """Everyone passes until the round (and anything it leads to without a choice) is over."""
    r = s.round
    while s.round == r and s.decision == "turn" and not s.is_over:
        s = pass_turn(s)
    return s


def surgery(s: GameState, change) -> GameState:
    """A copy of `s` whose table `change(table)` has altered (see the module text)."""
    t = s._t.copy()
    t.events = []
    change(t)
    return GameState(t, rules.advance(t))


def seat_named(s: GameState, name: str) -> int:
    return [p.name for p in s.players].index(name)
