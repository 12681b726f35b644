"""Determinization: a full, playable Archon game consistent with what one player
sees. A view hides the other players' split (which of their unplayed cards are in
this round's hand and which in the other pile: what the two hold together is
public), the order of the Province, King's Favor and Attack decks and the
generator. A sample deals each other player's unplayed cards at random into a hand
of the size they hold and the other pile, shuffles the Province cards not yet
revealed, the King's Favor cards neither shown nor gone, and the Attack cards not
yet revealed, and gives the generator a fresh seed.

What the sampler does not use (a documented simplification): what a player might
infer from how others played (every split consistent with the cards is equally
likely).

>>> import archwk, random
>>> s = archwk.new_game(3, seed=7, game="archon")
>>> d = Determinizer(s.view(s.current_player), s.current_player)
>>> d.sample(random.Random(1)).to_json() == s.to_json()   # nothing hidden yet but the decks
False
"""
from __future__ import annotations

import random

from ..constants import CARD_TYPES
from ..game import GameState
from ..state import HAND, NEXT

_MASK64 = (1 << 64) - 1


class Determinizer:
    """Samples full states consistent with `view` (the view of `player`); `view` may
    also be a full state (its view is taken first)."""

    def __init__(self, view: GameState, player: int):
        if not view.is_view:
            view = view.view(player)
        self.view = view
        self.player = player
        t = view._t
        parts = t.parts
        self.pools = []
        for i, s in enumerate(t.seats):
            if i == player:
                continue
            pool = [s.zones[HAND][c] + s.zones[NEXT][c] for c in range(len(CARD_TYPES))]
            self.pools.append((i, pool, sum(s.zones[HAND])))
        seen = set(t.provinces_seen)
        self.provinces = sorted(pv.id for pv in parts.provinces if pv.id not in seen)
        favors = [f.id for f in parts.favors for _ in range(f.copies)]
        for fid in list(t.favors_gone) + [f for f in t.favor if f is not None]:
            favors.remove(fid)
        self.favors = sorted(favors)
        self.attacks = sorted(a.id for a in parts.attacks if a.id not in t.attacks_seen)
        if (len(self.provinces), len(self.favors), len(self.attacks)) != \
                (len(t.province_deck), len(t.favor_deck), len(t.attack_deck)):
            raise ValueError("determinize: the hidden decks do not match the cards not yet seen; "
                             "is this the view of that player?")

    def sample(self, rng: random.Random) -> GameState:
        """One full state consistent with the view, drawn with `rng`."""
        t = self.view._t.copy()
        for i, pool, size in self.pools:
            cards = [c for c in range(len(CARD_TYPES)) for _ in range(pool[c])]
            rng.shuffle(cards)
            hand = [0] * len(CARD_TYPES)
            for c in cards[:size]:
                hand[c] += 1
            s = t.seats[i]
            s.zones[HAND] = hand
            s.zones[NEXT] = [a - b for a, b in zip(pool, hand)]
        deck = list(self.provinces)
        rng.shuffle(deck)
        t.province_deck = deck
        deck = list(self.favors)
        rng.shuffle(deck)
        t.favor_deck = deck
        deck = list(self.attacks)
        rng.shuffle(deck)
        t.attack_deck = deck
        t.rng = rng.getrandbits(64) & _MASK64
        t.is_view, t.viewer = False, None
        t.events = None if self.view._t.events is None else list(self.view._t.events)
        return GameState(t)


def determinize(state: GameState, player: int | None = None, rng: random.Random | int | None = None) -> GameState:
    """One full state consistent with what `player` (default: the current player) may know."""
    if player is None:
        player = state.current_player if not state.is_view else state.viewer
        if player is None:
            raise ValueError("determinize: say which player's view this is (player=...)")
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    return Determinizer(state, player).sample(rng)


def viewer_of(view: GameState) -> int | None:
    """The player a view belongs to (None for a full game)."""
    return view._t.viewer if view.is_view else None
