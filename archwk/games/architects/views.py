"""What one player may see: `view(state, player)` hides others' hands and
draft cards, the order of the decks, the reward pile and the Scheme piles, the
generator, and which card was kept or discarded by others. A view can be shown
but not played on."""
from __future__ import annotations

from typing import Any

from ...kit.errors import ArchwkError
from . import core
from .actions import _SHARED, Action
from .constants import HIDDEN
from .decisions import LookedAt
from .events import Event
from .state import S

#: choices and events whose card another player may not see
PRIVATE_CARD_ACTIONS = frozenset({"keep", "discard"})
PRIVATE_CARD_EVENTS = frozenset({"drafted", "kept", "discarded"})


def public_step(a: Any) -> Any:
    """A step of the record of choices as every player may see it: which card was kept or
    discarded is private; an action is worded without the full state's figures; a what-if
    edit step is public as it is."""
    if not isinstance(a, Action):
        return a
    key = a._key
    if key[0] in PRIVATE_CARD_ACTIONS and isinstance(key[2], str):
        return Action(key[0], key[1], HIDDEN, key[3], key[4])
    if a._ctx is None:
        return a
    # a listed action worded from its position: the shared one of its fields, or a copy
    return _SHARED.get(key) or a._with_ctx(None)


def view(s: S, player: int) -> S:
    """What `player` may know: others' hands and draft cards, the order of the
    decks and reward pile, and the generator are hidden. Not playable."""
    if not isinstance(player, int) or not 0 <= player < len(s.players):
        raise ArchwkError(f"view: no player {player!r}")
    t = core.thaw(s)
    for i, p in enumerate(s.players):
        if i != player and p.hand:
            core.writable_player(t, i).hand = (HIDDEN,) * len(p.hand)
    t.draft = tuple(h if i == player else (HIDDEN,) * len(h) for i, h in enumerate(s.draft))
    t.building_deck = (HIDDEN,) * len(s.building_deck)
    t.apprentice_deck = (0,) * len(s.apprentice_deck)
    t.rewards = (0,) * len(s.rewards)
    t.bm_small = s.bm_small[:1] + (0,) * max(0, len(s.bm_small) - 1)
    t.pending = tuple(dec if dec.player == player or dec.kind != "keep_one"
                      else dec._replace(data=LookedAt((HIDDEN,) * len(dec.data.cards)))
                      for dec in s.pending)
    piles = s.scheme_piles
    if piles is not None:  # the opponent's face-down Scheme piles
        t.scheme_piles = piles._replace(deck=(0,) * len(piles.deck), future=(0,) * len(piles.future))
    t.rng = 0
    t.is_view = True
    # the record of choices as anyone may see it, kept by the state step by step
    t._hist = s._pub_hist
    t.events = [e if e.player == player or "card" not in e.data or e.kind not in PRIVATE_CARD_EVENTS
                else Event(e.kind, e.player, e.who, {**e.data, "card": HIDDEN}) for e in s.events]
    t._legal = ()  # a view is shown, not played on: nothing is legal
    return core.commit(t)
