"""What-if positions: `state.edit(...)` returns a new, validated state, and
the edit becomes a step of the game record (replayed through these same checks).

Player fields: silver, virtue, resources (a mapping of some or all of clay,
wood, stone, gold, marble), hand and buildings (building names), apprentices
(names or card ids), debts_unpaid, debts_paid, cathedral_level, in_prison,
captured (mapping owner -> count, or [[owner, count], ...]).

Table fields: workers_at={location: {player: n}} for the large open locations
and the Black Market spaces; tax=n; display=[8 apprentice ids or names, 0 or
None for an empty space] (the Workshop display, top row then bottom row);
display_silver=[8 counts] (Silver on those cards); black_market_card=id (the
face-up Black Market card); guildhall=[player, ...] (the occupant of each
filled Guildhall space, in order); cathedral=[level of each player];
rewards=n (how many reward cards are left in the pile).

Cards move, they are never copied: a card put into a hand, onto a board or
into the display comes from the deck (or from the same pile it replaces); a
card taken away goes to the bottom of its deck. Workers come from and go back
to the player's supply, which cannot go below 0 (20 workers each). Anything
impossible raises `InvalidEdit` naming the problem and changes nothing.
Positions can be edited at the start of a turn (a placement decision).

The edited state's events say what changed, player by player and on the table
(kind "edited": what, before, after), compared with the position before; the
explainer words them ("What-if: Ann has 2 more Stone (now 5)."). A player's
supply takes up the workers an edit moves and is not reported.
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ...kit.errors import InvalidEdit
from . import cards, core, engine
from .constants import BLACK_MARKET_SPACES, OPEN_INDEX, RESOURCES, WORKERS_PER_PLAYER
from .decisions import Decision
from .locations.black_market import large_goods, small_goods
from .save import validate
from .state import EditStep, S

PLAYER_FIELDS = ("silver", "virtue", "resources", "hand", "buildings", "apprentices", "debts_unpaid",
                 "debts_paid", "cathedral_level", "in_prison", "captured")
BOARD_FIELDS = ("workers_at", "tax", "display", "display_silver", "black_market_card", "guildhall",
                "cathedral", "rewards")
EDITABLE_DECISIONS = ("place", "return_worker")
#: the most entries any list in an edit may have
MAX_ENTRIES = 200
#: the most of anything (Silver, a resource, Debts) an edit may set
MAX_COUNT = 999


def _nat(field: str, v) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise InvalidEdit(f"edit: {field} must be a whole number, got {v!r}"[:200])
    if v < 0:
        raise InvalidEdit(f"edit: {field} cannot be negative (got {v})")
    if v > MAX_COUNT:
        raise InvalidEdit(f"edit: {field} can be at most {MAX_COUNT}, got {v}")
    return v


def _index(field: str, v, n: int) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < n:
        raise InvalidEdit(f"edit: {field}: no player {v!r}"[:200])
    return v


def _seq(v, field: str, what: str) -> list:
    if isinstance(v, (str, bytes, Mapping)) or not isinstance(v, (list, tuple)):
        raise InvalidEdit(f"edit: {field} must be a list of {what}")
    if len(v) > MAX_ENTRIES:
        raise InvalidEdit(f"edit: {field}: {len(v)} entries is more than any game has")
    return list(v)


def _pairs(v, field: str) -> list:
    """{key: count} or [[key, count], ...] -> [(key, count), ...]."""
    if isinstance(v, Mapping):
        items = list(v.items())
    else:
        items = _seq(v, field, "[key, count] pairs")
    out = []
    for kv in items:
        if not isinstance(kv, (list, tuple)) or len(kv) != 2:
            raise InvalidEdit(f"edit: {field} must be a mapping or a list of [key, count] pairs")
        out.append((kv[0], kv[1]))
    if len(out) > MAX_ENTRIES:
        raise InvalidEdit(f"edit: {field}: too many entries")
    return out


def edit(s: S, player: int | None = None, **changes) -> S:
    if s.is_view:
        raise InvalidEdit("edit: a view cannot be edited; edit the full game state")
    if s.is_over or not s.pending or s.pending[-1].kind not in EDITABLE_DECISIONS:
        raise InvalidEdit("edit: positions can be edited at the start of a turn (a placement decision), "
                         f"not now ({'the game is over' if s.is_over else engine.prompt(s)})")
    unknown = set(changes) - set(PLAYER_FIELDS) - set(BOARD_FIELDS)
    if unknown:
        raise InvalidEdit(f"edit: unknown field(s) {sorted(map(str, unknown))[:5]}; editable: "
                         f"{', '.join(PLAYER_FIELDS + BOARD_FIELDS)}")
    player_changes = {k: v for k, v in changes.items() if k in PLAYER_FIELDS}
    if player_changes and player is None:
        raise InvalidEdit(f"edit: say which player to change (player=0..{len(s.players) - 1})")
    if player is not None:
        _index("player", player, len(s.players))
    t = core.thaw(s)
    canon: dict[str, Any] = {}
    try:
        if player_changes and player is not None:
            _edit_player(t, player, player_changes, canon)
        _edit_table(t, changes, canon)
    except (TypeError, KeyError, IndexError, AttributeError) as e:  # a value of the wrong shape
        raise InvalidEdit(f"edit: a value of the wrong shape ({type(e).__name__})") from None
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
    _record_edits(s, t)
    step = EditStep(player, json.dumps(canon, sort_keys=True, separators=(",", ":")))
    t._hist = (s._hist, step)
    t._pub_hist = (s._pub_hist, step)  # a what-if edit is public
    out = core.commit(t)
    validate(out, InvalidEdit)
    return out


def _edit_player(t, i: int, ch: Mapping, canon: dict) -> None:
    pl = core.writable_player(t, i)
    for f in ("silver", "debts_unpaid", "debts_paid", "in_prison"):
        if f in ch:
            canon[f] = _nat(f, ch[f])
            setattr(pl, f, canon[f])
    if "virtue" in ch:
        v = _nat("virtue", ch["virtue"])
        if v > 14:
            raise InvalidEdit(f"edit: virtue runs from 0 to 14, got {v}")
        pl.virtue = canon["virtue"] = v
    if "cathedral_level" in ch:
        lv = _nat("cathedral_level", ch["cathedral_level"])
        if lv > len(cards.CATHEDRAL):
            raise InvalidEdit(f"edit: cathedral_level runs from 0 to {len(cards.CATHEDRAL)}, got {lv}")
        pl.cathedral_level = canon["cathedral_level"] = lv
        if lv and core.cathedral_occupancy(t, lv) > cards.CATHEDRAL[lv - 1].spaces:
            raise InvalidEdit(f"edit: Cathedral level {lv} has only {cards.CATHEDRAL[lv - 1].spaces} "
                             "space(s) and they are taken")
    if "resources" in ch:
        res = ch["resources"]
        if not isinstance(res, Mapping):
            raise InvalidEdit("edit: resources must be a mapping like {'stone': 2}")
        canon["resources"] = {}
        for r, v in sorted(res.items(), key=lambda kv: str(kv[0])):
            if r not in RESOURCES:
                raise InvalidEdit(f"edit: unknown resource {r!r}; resources are {', '.join(RESOURCES)}"[:200])
            canon["resources"][r] = _nat(f"resources[{r!r}]", v)
            setattr(pl, r, canon["resources"][r])
    if "captured" in ch:
        new = list(pl.captured)
        got = {}
        for o, v in _pairs(ch["captured"], "captured"):
            o = _index("captured", o, len(t.players))
            v = _nat(f"captured[{o}]", v)
            if o == i and v:
                raise InvalidEdit("edit: captured: a player never holds their own workers captured")
            new[o] = got[o] = v
        pl.captured = tuple(new)
        canon["captured"] = [[o, v] for o, v in sorted(got.items())]
    if "hand" in ch or "buildings" in ch:
        _move_buildings(t, i, ch, canon)
    if "apprentices" in ch:
        _move_apprentices(t, i, ch["apprentices"], canon)


def _names(v, field: str) -> list[str]:
    out = []
    for x in _seq(v, field, "building names"):
        if not isinstance(x, str):
            raise InvalidEdit(f"edit: {field}: {x!r} is not a building name"[:200])
        try:
            out.append(cards.building(x).name)
        except (KeyError, ValueError, AttributeError, TypeError):
            raise InvalidEdit(f"edit: {field}: unknown building {x!r}"[:200]) from None
    return out


def _move_buildings(t, i: int, ch: Mapping, canon: dict) -> None:
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
        if f in ch:
            canon[f] = new[f]
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


def _apprentice_id(x, pool: list[int], chosen: list[int], field: str) -> int:
    """A card id from `pool` for `x` (a card id or a name), not yet chosen."""
    if isinstance(x, int) and not isinstance(x, bool):
        if x in chosen:
            raise InvalidEdit(f"edit: {field}: apprentice #{x} is given twice (a card is in one place only)")
        if x not in pool:
            raise InvalidEdit(f"edit: {field}: apprentice #{x} is not available (it is on a board, in the "
                             "Workshop display or not in this game); a card can be in one place only"[:300])
        return x
    if isinstance(x, str):
        ids = [c for c in pool if c not in chosen and cards.APPRENTICES[c - 1].name.lower() == x.lower()]
        if not ids:
            raise InvalidEdit(f"edit: {field}: no {x!r} apprentice is available in the deck or here"[:200])
        return ids[0]
    raise InvalidEdit(f"edit: {field}: {x!r} is neither a name nor a card id"[:200])


def _move_apprentices(t, i: int, v, canon: dict) -> None:
    pl = core.writable_player(t, i)
    pool = list(pl.apprentice_ids) + list(t.apprentice_deck)
    chosen: list[int] = []
    for x in _seq(v, "apprentices", "apprentice names or card ids"):
        chosen.append(_apprentice_id(x, pool, chosen, "apprentices"))
    if len(chosen) > core.apprentice_limit(t, i):
        raise InvalidEdit(f"edit: at most {core.apprentice_limit(t, i)} apprentices, got {len(chosen)}")
    released = [c for c in pl.apprentice_ids if c not in chosen]
    t.apprentice_deck = tuple(c for c in t.apprentice_deck if c not in chosen) + tuple(released)
    pl.apprentice_ids = tuple(chosen)
    canon["apprentices"] = chosen


# --------------------------------------------------------------------------- the table

def _edit_table(t, ch: Mapping, canon: dict) -> None:
    n = len(t.players)
    if "tax" in ch:
        t.tax = canon["tax"] = _nat("tax", ch["tax"])
    if "workers_at" in ch:
        _edit_workers(t, ch["workers_at"], canon)
    if "display" in ch:
        _edit_display(t, ch["display"], canon)
    if "display_silver" in ch:
        silver = [_nat(f"display_silver[{k}]", v)
                  for k, v in enumerate(_seq(ch["display_silver"], "display_silver", "8 Silver counts"))]
        if len(silver) != 8:
            raise InvalidEdit(f"edit: display_silver: the display has 8 spaces, got {len(silver)} counts")
        for k, v in enumerate(silver):
            if v and not t.display[k]:
                raise InvalidEdit(f"edit: display_silver[{k}]: Silver cannot lie on an empty display space")
        t.display_silver = tuple(silver)
        canon["display_silver"] = silver
    if "black_market_card" in ch:
        c = ch["black_market_card"]
        if not isinstance(c, int) or isinstance(c, bool) or not 1 <= c <= len(cards.BLACK_MARKET_CARDS):
            raise InvalidEdit(f"edit: black_market_card: expected a Black Market card id "
                              f"1..{len(cards.BLACK_MARKET_CARDS)}, got {c!r}"[:200])
        t.bm_small = tuple(x for x in t.bm_small if x != c)
        t.bm_large = (c,) + tuple(x for x in t.bm_large if x != c)
        canon["black_market_card"] = c
    if "guildhall" in ch:
        hall = [_index(f"guildhall[{k}]", v, n) for k, v in enumerate(_seq(ch["guildhall"], "guildhall",
                                                                              "player indices"))]
        last = 4 * (core.geometry_n(t) + 1)
        if t.end_trigger is not None:
            raise InvalidEdit("edit: guildhall: the end of the game has been triggered; the Guildhall "
                              "cannot be changed now")
        if len(hall) >= last:
            raise InvalidEdit(f"edit: guildhall: at most {last - 1} spaces can be filled; a worker on the "
                              f"last space ({last}) ends the game (RB, Guildhall)")
        t.guildhall = tuple(hall)
        canon["guildhall"] = hall
    if "cathedral" in ch:
        levels = [_nat(f"cathedral[{k}]", v) for k, v in enumerate(_seq(ch["cathedral"], "cathedral",
                                                                          "a level per player"))]
        if len(levels) != n:
            raise InvalidEdit(f"edit: cathedral: expected a level for each of the {n} players")
        for p, lv in enumerate(levels):
            if lv > len(cards.CATHEDRAL):
                raise InvalidEdit(f"edit: cathedral[{p}]: levels run from 0 to {len(cards.CATHEDRAL)}, got {lv}")
            core.writable_player(t, p).cathedral_level = lv
        canon["cathedral"] = levels
    if "rewards" in ch:
        k = _nat("rewards", ch["rewards"])
        if k > len(cards.REWARDS):
            raise InvalidEdit(f"edit: rewards: there are only {len(cards.REWARDS)} reward cards, got {k}")
        pile = list(t.rewards[:k])
        pile += [c.id for c in cards.REWARDS if c.id not in pile][: k - len(pile)]
        t.rewards = tuple(pile)
        canon["rewards"] = k


def _edit_display(t, v, canon: dict) -> None:
    slots = _seq(v, "display", "8 apprentice ids or names (0 or None for an empty space)")
    if len(slots) != 8:
        raise InvalidEdit(f"edit: display: the Workshop display has 8 spaces, got {len(slots)}")
    old = list(t.display)
    pool = [c for c in old if c] + list(t.apprentice_deck)
    chosen: list[int] = []
    new = []
    for k, x in enumerate(slots):
        if x is None or (x == 0 and not isinstance(x, bool)):
            new.append(0)
            continue
        c = _apprentice_id(x, pool, chosen, f"display[{k}]")
        chosen.append(c)
        new.append(c)
    released = [c for c in old if c and c not in chosen]
    t.apprentice_deck = tuple(c for c in t.apprentice_deck if c not in chosen) + tuple(released)
    # Silver lies on a card: a space whose card changes loses it
    t.display_silver = tuple(sv if new[k] == old[k] else 0 for k, sv in enumerate(t.display_silver))
    t.display = tuple(new)
    canon["display"] = new


def _edit_workers(t, workers, canon: dict) -> None:
    if not isinstance(workers, Mapping):
        raise InvalidEdit("edit: workers_at must be a mapping {location: {player: count}}")
    if len(workers) > MAX_ENTRIES:
        raise InvalidEdit("edit: workers_at: too many locations")
    n = len(t.players)
    out: dict[str, list] = {}
    for loc in sorted(workers, key=str):
        if loc not in OPEN_INDEX and loc not in BLACK_MARKET_SPACES:
            raise InvalidEdit(f"edit: workers_at: {loc!r} cannot be edited; editable locations are "
                             f"{', '.join(list(OPEN_INDEX) + list(BLACK_MARKET_SPACES))}"[:400])
        per = {}
        for p, v in _pairs(workers[loc], f"workers_at[{loc!r}]"):
            p = _index(f"workers_at[{loc!r}]", p, n)
            per[p] = _nat(f"workers_at[{loc!r}][{p}]", v)
        for p, v in sorted(per.items()):
            if loc in OPEN_INDEX:
                core.add_workers(t, loc, p, v - core.own_at(t, loc, p))
                continue
            k = BLACK_MARKET_SPACES.index(loc)
            bm = list(t.black_market)
            if v > 1:
                raise InvalidEdit(f"edit: a Black Market space holds only 1 worker ({loc})")
            if v == 1:
                if bm[k] >= 0 and bm[k] != p and per.get(bm[k], 1):
                    raise InvalidEdit(f"edit: {loc} is already taken by player {bm[k]}")
                bm[k] = p
            elif bm[k] == p:
                bm[k] = -1
            t.black_market = tuple(bm)
        out[loc] = [[p, v] for p, v in sorted(per.items())]
    if all(o >= 0 for o in t.black_market):
        raise InvalidEdit("edit: all three Black Market spaces cannot be filled at the start of "
                         "a turn: the third worker triggers a Black Market reset at once")
    canon["workers_at"] = out


# --------------------------------------------------------------------------- what the edit changed

#: the player counts an edit can change, in the order the log reports them
_COUNTS = ("silver", "virtue", *RESOURCES, "debts_unpaid", "debts_paid", "cathedral_level", "in_prison")


def _record_edits(s, t) -> None:
    """Record an "edited" event for every figure of the position the edit changed
    (`s` before, `t` after); the explainer words them."""
    for i, (a, b) in enumerate(zip(s.players, t.players)):
        for f in _COUNTS:
            if getattr(a, f) != getattr(b, f):
                core.record_event(t, "edited", i, what=f, before=getattr(a, f), after=getattr(b, f))
        for o, (x, y) in enumerate(zip(a.captured, b.captured)):
            if x != y:
                core.record_event(t, "edited", i, what="captured", owner_name=t.players[o].name, before=x, after=y)
        hired = tuple(cards.APPRENTICES[c - 1].name for c in b.apprentice_ids)
        for f, now, was in (("hand", b.hand, a.hand), ("buildings", b.buildings, a.buildings),
                            ("apprentices", hired, a.apprentices)):
            added, removed = [c for c in now if c not in was], [c for c in was if c not in now]
            if added or removed:
                core.record_event(t, "edited", i, what=f, added=added, removed=removed, count=len(now))
        for loc in OPEN_INDEX:
            x, y = core.own_at(s, loc, i), core.own_at(t, loc, i)
            if x != y:
                core.record_event(t, "edited", i, what="workers", location=loc, before=x, after=y)
        for loc, x, y in zip(BLACK_MARKET_SPACES, s.black_market, t.black_market):
            if (x == i) != (y == i):
                core.record_event(t, "edited", i, what="black_market_space", location=loc, before=x == i,
                                  after=y == i)
    if s.tax != t.tax:
        core.record_event(t, "edited", None, what="tax", before=s.tax, after=t.tax)
    for k, (x, y) in enumerate(zip(s.display, t.display)):
        if x != y:
            core.record_event(t, "edited", None, what="display", position=k + 1,
                              before=cards.APPRENTICES[x - 1].name if x else None,
                              after=cards.APPRENTICES[y - 1].name if y else None)
    for k, (x, y) in enumerate(zip(s.display_silver, t.display_silver)):
        if x != y and t.display[k]:
            core.record_event(t, "edited", None, what="display_silver", position=k + 1,
                              apprentice=cards.APPRENTICES[t.display[k] - 1].name, before=x, after=y)
    for space, goods in (("black_market_a", small_goods), ("black_market_c", large_goods)):
        x, y = goods(s), goods(t)
        if x != y:
            core.record_event(t, "edited", None, what="market_goods", location=space, before=x, after=y)
    if s.guildhall != t.guildhall:
        core.record_event(t, "edited", None, what="guildhall", before=len(s.guildhall), after=len(t.guildhall),
                          occupants=[[t.players[i].name, t.guildhall.count(i)] for i in range(len(t.players))
                                     if i in t.guildhall])
    if len(s.rewards) != len(t.rewards):
        core.record_event(t, "edited", None, what="rewards", before=len(s.rewards), after=len(t.rewards))
