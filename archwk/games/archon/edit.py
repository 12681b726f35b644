"""What-if edits: `state.edit(player=i, **changes)` gives a new, checked position
with that player's figures replaced, and `state.edit(repository={...})` the
Repository's display. Cubes, Gold, Recruit tokens, cards and tiles come from and
go back to their supplies, so nothing is made from nothing. An impossible
position raises `InvalidEdit` naming the field; the edit is a step of the record.

>>> import archwk
>>> s = archwk.new_game(2, seed=1, game="archon")
>>> s.edit(player=0, gold=5).players[0].gold
5
>>> s.edit(player=0, gold=-1)
Traceback (most recent call last):
    ...
archwk.kit.errors.InvalidEdit: edit gold: must be a whole number 0 or more and at most 1000, got -1
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ...kit.errors import InvalidEdit
from . import rules, views
from .constants import CARD_TYPES, RESOURCES
from .events import Event
from .state import HAND, NEXT, EditStep

PLAYER_FIELDS = ("vp", "gold", "recruits", "resources", "arts", "science", "tiles", "hand")
BOARD_FIELDS = ("repository",)
#: the fields that are one number (the "edited" event says their new value)
COUNT_FIELDS = ("vp", "gold", "recruits", "arts", "science")
MAX_VP = 1000


def _count(field: str, v: Any, lo: int = 0, hi: int = 10_000) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise InvalidEdit(f"edit {field}: must be a whole number {lo} or more"
                          f"{'' if hi >= 10_000 else f' and at most {hi}'}, got {v!r}")
    return v


def _resources(field: str, v: Any) -> list[int]:
    if not isinstance(v, Mapping):
        raise InvalidEdit(f"edit {field}: expected a mapping of resource to count "
                          f"({', '.join(RESOURCES)}), got {type(v).__name__}")
    for k in v:
        if k not in RESOURCES:
            raise InvalidEdit(f"edit {field}: unknown resource {k!r} (the resources: {', '.join(RESOURCES)})")
    return [_count(f"{field}.{r}", v.get(r, 0), 0, 60) for r in RESOURCES]


def _from_supply(t, key: str, field: str, old: int, new: int) -> None:
    """Move new - old between a supply and the table, or refuse."""
    diff = new - old
    if diff > 0 and rules.supply_left(t, key) < diff:
        raise InvalidEdit(f"edit {field}: only {rules.supply_left(t, key)} more {key} left in the supply")
    if diff > 0:
        rules.take_supply(t, key, diff)
    elif diff < 0:
        rules.return_supply(t, key, -diff)


def edit(state, player: int | None = None, **changes):
    """A new state with `changes` made (see the module text); `InvalidEdit` if impossible."""
    t0 = state._t
    if t0.is_view:
        raise InvalidEdit("edit: a view hides cards; edit the full game state")
    if not changes:
        raise InvalidEdit(f"edit: say what to change (a player's {', '.join(PLAYER_FIELDS)}; "
                          f"the board's {', '.join(BOARD_FIELDS)})")
    t = t0.copy()
    if player is not None:
        if not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < t.n:
            raise InvalidEdit(f"edit player: no player {player!r} (seats 0 to {t.n - 1})")
        bad = [k for k in changes if k not in PLAYER_FIELDS]
        if bad:
            raise InvalidEdit(f"edit {bad[0]}: not a player's field (a player's fields: {', '.join(PLAYER_FIELDS)})")
        _edit_player(t, player, changes)
    else:
        bad = [k for k in changes if k not in BOARD_FIELDS]
        if bad:
            raise InvalidEdit(f"edit {bad[0]}: not a board field (the board's: {', '.join(BOARD_FIELDS)}; "
                              "for a player's figures give player=)")
        if "repository" in changes:
            new = _resources("repository", changes["repository"])
            for i, r in enumerate(RESOURCES):
                _from_supply(t, r, f"repository.{r}", t.repository[i], new[i])
            t.repository = new
    t.events = None if t0.events is None else []
    try:
        acts = rules.advance(t)
    except AssertionError:
        raise InvalidEdit("edit: this position leaves the player deciding now with no legal choice") from None
    canon = json.dumps(_canonical(changes), sort_keys=True, separators=(",", ":"))
    step = EditStep(player, canon)
    t.hist = (t0.hist, step, player)
    t.hist_len = t0.hist_len + 1
    if t0.seen is not None:
        t.seen = tuple((chain, views.mask_action(step, i, player), player) for i, chain in enumerate(t0.seen))
    if t.events is not None:
        now = {k: changes[k] for k in sorted(changes) if k in COUNT_FIELDS}
        t.events.append(Event("edited", player, {"fields": sorted(changes), "now": now},
                              tuple(x.name for x in t.seats)))
    return type(state)(t, acts)


def _canonical(changes: Mapping) -> dict:
    out: dict[str, Any] = {}
    for k, v in changes.items():
        if isinstance(v, Mapping):
            out[k] = {kk: v[kk] for kk in sorted(v)}
        elif isinstance(v, tuple):
            out[k] = list(v)
        else:
            out[k] = v
    return out


def _edit_player(t, p: int, changes: Mapping) -> None:
    s = t.seats[p]
    if "vp" in changes:
        s.vp = _count("vp", changes["vp"], -MAX_VP, MAX_VP)
    if "gold" in changes:
        new = _count("gold", changes["gold"], 0, 1000)
        _from_supply(t, "gold", "gold", s.gold, new)
        s.gold = new
    if "recruits" in changes:
        new = _count("recruits", changes["recruits"], 0, 100)
        _from_supply(t, "recruits", "recruits", s.recruits, new)
        s.recruits = new
    if "resources" in changes:
        cubes = _resources("resources", changes["resources"])
        for i, r in enumerate(RESOURCES):
            _from_supply(t, r, f"resources.{r}", s.res[i], cubes[i])
        s.res = cubes
    for cat in ("arts", "science"):
        if cat in changes:
            new = _count(cat, changes[cat], 0, 100)
            _from_supply(t, cat, cat, getattr(s, cat), new)
            setattr(s, cat, new)
    if "tiles" in changes:
        names = changes["tiles"]
        if not isinstance(names, (list, tuple)) or not all(isinstance(x, str) for x in names):
            raise InvalidEdit("edit tiles: expected a list of Building tile names")
        if len(set(names)) != len(names):
            raise InvalidEdit("edit tiles: a player never holds the same Building tile twice (§4.2.7)")
        for nm in names:
            if nm not in t.tiles_left:
                raise InvalidEdit(f"edit tiles: no Building tile {nm!r} in this game "
                                  f"(the tiles: {', '.join(t.tiles_left)})")
        for nm in s.tiles:
            t.tiles_left[nm] += 1
        for nm in names:
            if t.tiles_left[nm] <= 0:
                raise InvalidEdit(f"edit tiles: no {nm} tile is left to take")
            t.tiles_left[nm] -= 1
        s.tiles = tuple(names)
    if "hand" in changes:
        cards = changes["hand"]
        if not isinstance(cards, (list, tuple)) or not all(c in CARD_TYPES for c in cards):
            raise InvalidEdit(f"edit hand: expected a list of card types ({', '.join(CARD_TYPES)})")
        want = [list(cards).count(c) for c in CARD_TYPES]
        if sum(want) != sum(s.zones[HAND]):
            raise InvalidEdit(f"edit hand: the hand holds {sum(s.zones[HAND])} cards now; an edit swaps cards "
                              f"with the other pile, it does not add or remove any (got {sum(want)})")
        pool = [s.zones[HAND][c] + s.zones[NEXT][c] for c in range(len(CARD_TYPES))]
        for c, k in enumerate(want):
            if k > pool[c]:
                raise InvalidEdit(f"edit hand: {k} {CARD_TYPES[c]} card(s), but the hand and the other pile hold "
                                  f"{pool[c]}")
        s.zones[HAND] = want
        s.zones[NEXT] = [a - b for a, b in zip(pool, want)]
