"""What one player may see (§4, §4.1): the others' hands and the other piles of
their splits are hidden (only how many cards each holds shows, and what the two
hold together, which is public: every card a player holds is known by type);
so are the order of the Province, King's Favor and Attack decks and the
generator. Their split choices and which pile a new Magister replaced a Courtier
in are hidden in the record of choices and the events. A view can be shown but
not played on."""
from __future__ import annotations

import json
from typing import Any

from ...kit.errors import ArchwkError
from .actions import Action
from .constants import CARD_TYPES
from .events import Event
from .save import steps
from .state import HAND, NEXT, EditStep, Table

#: the zone a replaced Courtier was in, as others know it
HIDDEN_ZONE = "pile"


def _canonical(pool: list[int], size: int) -> tuple[list[int], list[int]]:
    """A hand of `size` from `pool` that says nothing: Courtiers first, in type order."""
    hand = [0] * len(CARD_TYPES)
    left = size
    for c in range(len(CARD_TYPES)):
        k = min(left, pool[c])
        hand[c] = k
        left -= k
    return hand, [a - b for a, b in zip(pool, hand)]


def mask_action(a, player: int, actor: int | None):
    """An action of the record as `player` may see it (`actor` made it)."""
    if actor == player:
        return a
    if isinstance(a, EditStep):
        changes = json.loads(a.changes)
        if "hand" not in changes:
            return a
        changes["hand"] = None   # another player's hand, as an edit made it: hidden
        return EditStep(a.player, json.dumps(changes, sort_keys=True, separators=(",", ":")))
    if a.kind == "split":
        return Action._raw("split", ((-1,) * len(CARD_TYPES),))
    if a.kind == "replace" and a.zone in ("hand", "next"):
        return Action._raw("replace", (HIDDEN_ZONE,))
    return a if a._ctx is None else a._with_ctx(None)


def mask_event(e: Event, player: int) -> Event:
    if e.player == player or e.player is None:
        return e
    if e.kind == "split":
        return Event("split", e.player, {"hand": None}, e._names)
    if e.kind == "replaced" and e.data.get("zone") in ("hand", "next"):
        return Event("replaced", e.player, {**e.data, "zone": HIDDEN_ZONE}, e._names)
    return e


def view_table(t: Table, player: int) -> Table:
    if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < t.n:
        raise ArchwkError(f"view: no player {player!r} (seats 0 to {t.n - 1})")
    v = t.copy()
    for i, s in enumerate(v.seats):
        if i == player:
            continue
        pool = [s.zones[HAND][c] + s.zones[NEXT][c] for c in range(len(CARD_TYPES))]
        s.zones[HAND], s.zones[NEXT] = _canonical(pool, sum(s.zones[HAND]))
    v.province_deck = [0] * len(t.province_deck)
    v.favor_deck = [0] * len(t.favor_deck)
    v.attack_deck = [0] * len(t.attack_deck)
    v.rng = 0
    v.is_view, v.viewer = True, player
    # the record of choices, as this player may see it (kept by the state as it goes)
    if t.seen is not None:
        v.hist = t.seen[player]
    else:
        hist: Any = None
        for step, actor in steps(t):
            hist = (hist, mask_action(step, player, actor), actor)
        v.hist = hist
    v.seen = None
    v.events = None if t.events is None else [mask_event(e, player) for e in t.events]
    return v
