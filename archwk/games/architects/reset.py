"""Black Market reset (RB, Black Market Reset; facts §3.3). Triggered when the
third Black Market space is filled or a worker lands on the left-most Guildhall
space of row 3 or 4; it resolves after the triggering action:

1. Workers on the Black Market go to Prison.
2. The top Small Market card turns over onto the Large Market (an empty Small
   pile is first refilled by shuffling the Large pile).
3. Reset apprentices act: per player in descending seat, apprentices in
   descending card id (Peddler, Squires, Gatekeeper), then Fara. Squires check
   Prison after step 1 and before any release (facts §16 row 19).
4. Every player with 3 or more workers in Prison loses 1 Virtue.
5. The player(s) with the most workers in Prison (if any) take 1 unpaid Debt.
"""
from __future__ import annotations

from ...kit import rng
from . import solo
from .behaviour import hooked
from .core import change_virtue, gain, record_event, release_from_prison, take_debt, writable_player


def black_market_reset(t) -> None:
    t.resets += 1
    record_event(t, "reset", None, number=t.resets)
    # 1
    for o in t.black_market:
        if o >= 0:
            writable_player(t, o).in_prison += 1
            record_event(t, "to_prison", o, count=1, cause="the Black Market reset")
    t.black_market = (-1, -1, -1)
    # 2
    if not t.bm_small:
        t.bm_small, t.rng = rng.shuffled(t.bm_large, t.rng)
        t.bm_large = ()
        record_event(t, "market_reshuffled", None)
    if t.bm_small:
        card, t.bm_small = t.bm_small[0], t.bm_small[1:]
        t.bm_large = (card,) + t.bm_large
        record_event(t, "market_flipped", None, card=card)
    if any(q.is_byzantine for q in t.players):
        solo.on_reset(t)
    # 3
    for p in reversed(range(len(t.players))):
        prison_at_start = t.players[p].in_prison
        for h in hooked(t, p, "at_reset", reset_order=True):
            if h.value.release:
                release_from_prison(t, p, h.value.release, cause=h.cause)
            elif h.value.gain and (prison_at_start == 0 or not h.value.only_if_prison_empty):
                gain(t, p, h.value.gain, cause=h.cause)
    # 4
    for p, q in enumerate(t.players):
        if q.in_prison >= 3:
            change_virtue(t, p, -1, cause="3 or more workers in Prison at a Black Market reset")
    # 5
    most = max(q.in_prison for q in t.players)
    if most > 0:
        for p, q in enumerate(t.players):
            if q.in_prison == most:
                take_debt(t, p, 1, cause="the most workers in Prison at a Black Market reset")
