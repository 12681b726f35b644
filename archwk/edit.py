"""What-if positions: `state.edit(...)` returns a new, validated state.

Player fields: silver, virtue, resources (a mapping of some or all of clay,
wood, stone, gold, marble), hand and buildings (building names), apprentices
(names or card ids), debts_unpaid, debts_paid, cathedral_level, in_prison,
captured (mapping owner -> count). Board: workers_at={location: {player: n}}
for the large open locations and the Black Market spaces, tax=n.

Cards move, they are never copied: a card put into a hand or onto a board comes
from the deck (or from the same player's other pile); a card taken away goes to
the bottom of its deck. Workers come from and go back to the player's supply,
which cannot go below 0 (20 workers each). Anything impossible raises
ValueError naming the problem and changes nothing.
"""
from __future__ import annotations

from typing import Mapping

from . import cards, core
from .constants import BLACK_MARKET_SPACES, OPEN_INDEX, RESOURCES, WORKERS_PER_PLAYER
from .decisions import Decision
from .errors import InvalidEdit
from .save import validate
from .state import S

PLAYER_FIELDS = ("silver", "virtue", "resources", "hand", "buildings", "apprentices", "debts_unpaid",
                 "debts_paid", "cathedral_level", "in_prison", "captured")
BOARD_FIELDS = ("workers_at", "tax")
EDITABLE_DECISIONS = ("place", "return_worker")


def _nat(field: str, v) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise InvalidEdit(f"edit: {field} must be a whole number, got {v!r}")
    if v < 0:
        raise InvalidEdit(f"edit: {field} cannot be negative (got {v})")
    return v


def edit(s: S, player: int | None = None, **changes) -> S:
    if s.is_view:
        raise InvalidEdit("edit: a view cannot be edited; edit the full game state")
    if s.is_over or not s.pending or s.pending[-1].kind not in EDITABLE_DECISIONS:
        raise InvalidEdit("edit: positions can be edited at the start of a turn (a placement decision), "
                         f"not now ({'the game is over' if s.is_over else s.prompt})")
    unknown = set(changes) - set(PLAYER_FIELDS) - set(BOARD_FIELDS)
    if unknown:
        raise InvalidEdit(f"edit: unknown field(s) {sorted(unknown)}; editable: "
                         f"{', '.join(PLAYER_FIELDS + BOARD_FIELDS)}")
    player_changes = {k: v for k, v in changes.items() if k in PLAYER_FIELDS}
    if player_changes and player is None:
        raise InvalidEdit(f"edit: say which player to change (player=0..{len(s.players) - 1})")
    if player is not None and (not isinstance(player, int) or isinstance(player, bool)
                               or not 0 <= player < len(s.players)):
        raise InvalidEdit(f"edit: no player {player!r}")
    t = core.thaw(s)
    if player_changes:
        _edit_player(t, player, player_changes)
    if "tax" in changes:
        t.tax = _nat("tax", changes["tax"])
    if "workers_at" in changes:
        _edit_board(t, changes["workers_at"])
    # the supply takes up whatever the edit moved
    for i in range(len(t.players)):
        others = core.worker_total(t, i) - t.players[i].workers_in_supply
        supply = WORKERS_PER_PLAYER - others
        if supply < 0:
            raise InvalidEdit(f"edit: player {i} ({t.players[i].name}) would have {others} workers placed, "
                             f"imprisoned or captured: more than the {WORKERS_PER_PLAYER} each player has")
        if supply != t.players[i].workers_in_supply:
            core.writable_player(t, i).workers_in_supply = supply
    # the decision at the top follows the current player's supply
    top = t.pending[-1]
    kind = "place" if t.players[top.player].workers_in_supply else "return_worker"
    t.pending = t.pending[:-1] + (Decision(kind, top.player),)
    t.edited = True
    t.events = []
    out = core.commit(t)
    validate(out, InvalidEdit)
    return out


def _edit_player(t, i: int, ch: Mapping) -> None:
    pl = core.writable_player(t, i)
    for f in ("silver", "debts_unpaid", "debts_paid", "in_prison"):
        if f in ch:
            setattr(pl, f, _nat(f, ch[f]))
    if "virtue" in ch:
        v = _nat("virtue", ch["virtue"])
        if v > 14:
            raise InvalidEdit(f"edit: virtue runs from 0 to 14, got {v}")
        pl.virtue = v
    if "cathedral_level" in ch:
        lv = _nat("cathedral_level", ch["cathedral_level"])
        if lv > len(cards.CATHEDRAL):
            raise InvalidEdit(f"edit: cathedral_level runs from 0 to {len(cards.CATHEDRAL)}, got {lv}")
        pl.cathedral_level = lv
        if lv and core.cathedral_occupancy(t, lv) > cards.CATHEDRAL[lv - 1].spaces:
            raise InvalidEdit(f"edit: Cathedral level {lv} has only {cards.CATHEDRAL[lv - 1].spaces} "
                             "space(s) and they are taken")
    if "resources" in ch:
        res = ch["resources"]
        if not isinstance(res, Mapping):
            raise InvalidEdit("edit: resources must be a mapping like {'stone': 2}")
        for r, v in res.items():
            if r not in RESOURCES:
                raise InvalidEdit(f"edit: unknown resource {r!r}; resources are {', '.join(RESOURCES)}")
            setattr(pl, r, _nat(f"resources[{r!r}]", v))
    if "captured" in ch:
        cap = ch["captured"]
        if not isinstance(cap, Mapping):
            raise InvalidEdit("edit: captured must be a mapping {owner index: count}")
        new = list(pl.captured)
        for o, v in cap.items():
            if not isinstance(o, int) or not 0 <= o < len(t.players):
                raise InvalidEdit(f"edit: captured: no player {o!r}")
            if o == i and v:
                raise InvalidEdit("edit: captured: a player never holds their own workers captured")
            new[o] = _nat(f"captured[{o}]", v)
        pl.captured = tuple(new)
    if "hand" in ch or "buildings" in ch:
        _move_buildings(t, i, ch)
    if "apprentices" in ch:
        _move_apprentices(t, i, ch["apprentices"])


def _names(v, field: str) -> list[str]:
    if isinstance(v, str) or not hasattr(v, "__iter__"):
        raise InvalidEdit(f"edit: {field} must be a list of building names")
    out = []
    for x in v:
        try:
            out.append(cards.building(x).name)
        except (KeyError, ValueError, AttributeError):
            raise InvalidEdit(f"edit: {field}: unknown building {x!r}") from None
    return out


def _move_buildings(t, i: int, ch: Mapping) -> None:
    pl = core.writable_player(t, i)
    old = {"hand": list(pl.hand), "buildings": list(pl.buildings)}
    new = {f: _names(ch[f], f) if f in ch else old[f] for f in ("hand", "buildings")}
    pool = set(t.building_deck) | set(old["hand"]) | set(old["buildings"])
    used: dict[str, str] = {}
    for f in ("hand", "buildings"):
        for c in new[f]:
            if c in used:
                raise InvalidEdit(f"edit: {c!r} cannot be in two places ({used[c]} and {f})")
            if c not in pool:
                raise InvalidEdit(f"edit: {c!r} is not available: it is {_where_building(t, c)}; "
                                 "a card can be in one place only")
            used[c] = f
    released = [c for c in old["hand"] + old["buildings"] if c not in used]
    t.building_deck = tuple(c for c in t.building_deck if c not in used) + tuple(released)
    pl.hand, pl.buildings = tuple(new["hand"]), tuple(new["buildings"])


def _where_building(t, name: str) -> str:
    for p in t.players:
        if name in p.hand:
            return f"in {p.name}'s hand"
        if name in p.buildings:
            return f"constructed by {p.name}"
    if not t.options.expansion_cards and cards.building(name).set != "base":
        return "not in this game (an expansion card)"
    return "not in the deck"


def _move_apprentices(t, i: int, v) -> None:
    if isinstance(v, str) or not hasattr(v, "__iter__"):
        raise InvalidEdit("edit: apprentices must be a list of names or card ids")
    pl = core.writable_player(t, i)
    pool = list(pl.apprentice_ids) + list(t.apprentice_deck)
    chosen: list[int] = []
    for x in v:
        if isinstance(x, int) and not isinstance(x, bool):
            if x in chosen:
                raise InvalidEdit(f"edit: apprentice #{x} cannot be hired twice")
            if x not in pool:
                raise InvalidEdit(f"edit: apprentice #{x} is not available (it is on another board, in the "
                                 "Workshop display or not in this game); a card can be in one place only")
            chosen.append(x)
        elif isinstance(x, str):
            ids = [c for c in pool if c not in chosen and cards.APPRENTICES[c - 1].name.lower() == x.lower()]
            if not ids:
                raise InvalidEdit(f"edit: no {x!r} apprentice is available in the deck or on this board")
            chosen.append(ids[0])
        else:
            raise InvalidEdit(f"edit: apprentices: {x!r} is neither a name nor a card id")
    if len(chosen) > core.apprentice_limit(t, i):
        raise InvalidEdit(f"edit: at most {core.apprentice_limit(t, i)} apprentices, got {len(chosen)}")
    released = [c for c in pl.apprentice_ids if c not in chosen]
    t.apprentice_deck = tuple(c for c in t.apprentice_deck if c not in chosen) + tuple(released)
    pl.apprentice_ids = tuple(chosen)


def _edit_board(t, workers: Mapping) -> None:
    if not isinstance(workers, Mapping):
        raise InvalidEdit("edit: workers_at must be a mapping {location: {player: count}}")
    for loc, per in workers.items():
        if not isinstance(per, Mapping):
            raise InvalidEdit(f"edit: workers_at[{loc!r}] must be a mapping {{player: count}}")
        for p, v in per.items():
            if not isinstance(p, int) or isinstance(p, bool) or not 0 <= p < len(t.players):
                raise InvalidEdit(f"edit: workers_at[{loc!r}]: no player {p!r}")
            v = _nat(f"workers_at[{loc!r}][{p}]", v)
            if loc in OPEN_INDEX:
                core.add_workers(t, loc, p, v - core.own_at(t, loc, p))
            elif loc in BLACK_MARKET_SPACES:
                k = BLACK_MARKET_SPACES.index(loc)
                bm = list(t.black_market)
                if v > 1:
                    raise InvalidEdit(f"edit: a Black Market space holds only 1 worker ({loc})")
                if v == 1:
                    if bm[k] >= 0 and bm[k] != p:
                        raise InvalidEdit(f"edit: {loc} is already taken by player {bm[k]}")
                    bm[k] = p
                elif bm[k] == p:
                    bm[k] = -1
                t.black_market = tuple(bm)
                if all(o >= 0 for o in bm):
                    raise InvalidEdit("edit: all three Black Market spaces cannot be filled at the start of "
                                     "a turn: the third worker triggers a Black Market reset at once")
            else:
                raise InvalidEdit(f"edit: workers_at: {loc!r} cannot be edited; editable locations are "
                                 f"{', '.join(list(OPEN_INDEX) + list(BLACK_MARKET_SPACES))}")
