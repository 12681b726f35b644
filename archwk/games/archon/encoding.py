"""Archon: Glory & Machination for game-AI libraries (`archwk.interop`): the fixed
list of every action (its position is the action's integer id in OpenSpiel and
PettingZoo) and the numbers a player observes (the observation vector and its layout).
`definition.GAME` names them as `all_actions`, `observation_layout` and
`observation_vector`.

Every action, in this order (`actions.ACTION_KINDS` says what each kind means): each
pair of starting Magisters; each hand a split may keep (every way to make a hand of the
components' hand size from the card types); a figure placed on each action slot of each
location (the Palace's Favor slots too) with each payment of 1 or 2 cards; pass; take,
the Laboratory's cube and lose, each for each Resource; buy and sell at each Marketplace
slot; recruit each Magister type, without a skip or skipping each Resource; replace a
Courtier in each zone; an Elite Warrior on a Main Gate slot or another; each Building
tile; more; stop. The list depends only on the components (`Options.components`: their
slots, Marketplace and tiles), never on the player count, so with the kit's own
components an id means the same choice in every game.

The observation vector is read from a player's view through the table read API
(`archwk.table`) and the players' public fields, plus that player's own hand and other
pile, so it holds only what that player may know (another player's hand and other pile
show only as what the two hold together). Seats are relative: block "seat+0" is the
observing player, "seat+1" the next seat, and so on. Counts the rules do not bound (Gold,
Recruit tokens, Resources held, Arts and Science cards) have the range 0 to 100,000,
VP -100,000 to 100,000 (a Season's shortfall can take it below 0); a supply that
never runs out with these components is left out.
"""
from __future__ import annotations

import functools
from collections.abc import Sequence

from ...kit.game import Feature
from .actions import Action
from .components import Components
from .constants import CARD_TYPES, LOCATIONS, MAGISTERS, RESOURCES, ZONES
from .options import Options
from .table import table

#: the range of a count the rules do not bound
UNBOUNDED = 100_000.0
#: every kind of decision, in the order of the "decision" block
DECISIONS = ("start", "split", "turn", "scribe", "take", "lab", "market", "recruit", "replace", "guard",
             "tile", "more", "lose")
#: the supplies of the table (`table.supply`), those that run out being observed
SUPPLIES = ("gold", "recruits", "tokens", "arts", "science") + RESOURCES + MAGISTERS


def _parts(options: Options | None) -> Components:
    return (options or Options()).parts


def _slot_counts(parts: Components) -> tuple[int, ...]:
    """The number of action slots of each location, in `LOCATIONS` order."""
    return tuple(len(parts.locations[loc].slots) for loc in LOCATIONS[:-1]) + (parts.palace_slots,)


# --------------------------------------------------------------------------- every action

def _hands(size: int, types: int) -> list[tuple[int, ...]]:
    """Every hand of `size` cards over `types` card types (counts per type), the most
    of the first type first (the order the rules list splits in)."""
    if types == 1:
        return [(size,)]
    return [(k,) + rest for k in range(size, -1, -1) for rest in _hands(size - k, types - 1)]


def _finite(n: int | None) -> float:
    """A supply the layout lists (only those that can run out: never None)."""
    assert n is not None, "an unlimited supply has no place in the vector"
    return float(n)


def _pays() -> list[tuple[str, ...]]:
    """Every payment of 1 or 2 cards (as `actions` stores it: in card-type order)."""
    out: list[tuple[str, ...]] = [(c,) for c in CARD_TYPES]
    out += [(a, b) for i, a in enumerate(CARD_TYPES) for b in CARD_TYPES[i:]]
    return out


@functools.cache
def _every_action(parts: Components) -> tuple[Action, ...]:
    raw = Action._raw
    out = [raw("start", ((a, b),)) for i, a in enumerate(MAGISTERS) for b in MAGISTERS[i + 1:]]
    out += [raw("split", (h,)) for h in _hands(parts.start["hand_size"], len(CARD_TYPES))]
    for loc, slots in zip(LOCATIONS, _slot_counts(parts)):
        out += [raw("place", (loc, slot, pay)) for slot in range(slots) for pay in _pays()]
    out.append(raw("pass", ()))
    for kind in ("take", "lab", "lose"):
        out += [raw(kind, (r,)) for r in RESOURCES]
    for kind in ("buy", "sell"):
        out += [raw(kind, (i,)) for i in range(len(parts.marketplace))]
    out += [raw("recruit", (m, skip)) for m in MAGISTERS for skip in (None, *RESOURCES)]
    out += [raw("replace", (z,)) for z in ZONES]
    out += [raw("warrior", (gate,)) for gate in (True, False)]
    out += [raw("tile", (name,)) for name in dict.fromkeys(t.name for t in parts.tiles)]
    out += [raw("more", ()), raw("stop", ())]
    assert len(set(out)) == len(out), "an action is listed twice"
    return tuple(out)


def all_actions(players: int, options: Options | None = None) -> Sequence[Action]:
    """Every action a state of any Archon game with these options may list (the same
    for every player count: see the module docstring)."""
    return _every_action(_parts(options))


# --------------------------------------------------------------------------- the observation

def _tile_names(parts: Components) -> tuple[str, ...]:
    return tuple(dict.fromkeys(t.name for t in parts.tiles))


def _ids(items) -> tuple[int, ...]:
    return tuple(sorted({x.id for x in items}))


@functools.cache
def _layout(parts: Components, n: int) -> tuple[Feature, ...]:
    big, out = UNBOUNDED, []
    seats = [f"seat+{k}" for k in range(n)]
    counts = parts.counts
    figures = counts["figures_per_player"]
    cards = counts["courtiers_per_player"] + 2  # the Courtiers and the two starting Magisters

    def add(name, high=big, low=0.0):
        out.append(Feature(name, float(low), float(high)))

    add("season", parts.seasons)
    add("round", parts.rounds + 1)
    for kind in DECISIONS:
        add(f"decision: {kind}", 1)
    for s in seats:
        add(f"to move: {s}", 1)
    for loc, slots in zip(LOCATIONS, _slot_counts(parts)):
        for i in range(slots):
            where = f"{loc} slot {i + 1}"
            add(f"{where}: cards needed", 2)
            add(f"{where}: covered", 1)
            add(f"{where}: Merchant symbol", 1)
            for s in seats:
                add(f"{where}: figures of {s}", figures)
            for s in seats:
                add(f"{where}: token of {s}", 1)
    limited = parts.limits["cubes"]
    for r in RESOURCES:
        add(f"Repository: {r}", parts.cube_split[r] if limited else big)
    for pid in _ids(parts.provinces):
        add(f"Province card {pid}", 1)
    for i, ms in enumerate(parts.marketplace):
        add(f"Marketplace slot {i + 1} ({ms.resource}, {ms.price} Gold): cube", 1)
    for i in range(parts.palace_slots):
        for fid in _ids(parts.favors):
            add(f"Favor slot {i + 1}: King's Favor {fid}", 1)
    for season in range(1, parts.seasons + 1):
        for gid in _ids(parts.grants):
            add(f"Season {season}: King's Grant {gid}", 1)
    for i, ws in enumerate(parts.wall):
        where = f"wall slot {i + 1}{' (Main Gate)' if ws.gate else ''}"
        add(f"{where}: open", 1)
        for s in seats:
            add(f"{where}: Elite Warrior of {s}", 1)
    copies: dict[str, int] = {}
    for tile in parts.tiles:
        copies[tile.name] = copies.get(tile.name, 0) + tile.copies
    for name, k in copies.items():
        add(f"tiles left: {name}", k)
    add("Province deck", len(parts.provinces))
    add("King's Favor deck", sum(f.copies for f in parts.favors))
    add("Attack deck", len(parts.attacks))
    for aid in _ids(parts.attacks):
        add(f"Attack card {aid} revealed", 1)
    for key, high in _supply_bounds(parts).items():
        add(f"supply: {key}", high)
    for c in CARD_TYPES:
        add(f"hand: {c}", cards)
    for c in CARD_TYPES:
        add(f"other pile: {c}", cards)
    for s in seats:
        add(f"{s}: turn order position", n - 1)
        add(f"{s}: VP", low=-big)  # a Season's shortfall can take VP below 0 (Rulebook 7e)
        for name in ("Gold", "Recruit tokens"):
            add(f"{s}: {name}")
        for r in RESOURCES:
            add(f"{s}: {r}")
        add(f"{s}: figures in supply", figures)
        add(f"{s}: hand size", cards)
        add(f"{s}: other pile size", cards)
        for zone in ("unplayed", "played", "spent", "held"):
            for c in CARD_TYPES:
                add(f"{s}: {zone} {c}", cards)
        for m in MAGISTERS:
            add(f"{s}: {m} track", len(parts.magister_track[m]))
        for name in copies:
            add(f"{s}: tile {name}", 1)
        add(f"{s}: Arts cards")
        add(f"{s}: Science cards")
        add(f"{s}: Elite Warriors on the wall", counts["warriors_per_player"])
        add(f"{s}: Elite Warriors in supply", counts["warriors_per_player"])
        add(f"{s}: passed", 1)
        add(f"{s}: unused cards announced", cards)
    return tuple(out)


def _supply_bounds(parts: Components) -> dict[str, float]:
    """The supplies that run out with these components, and what each starts with."""
    counts, lim = parts.counts, parts.limits
    out: dict[str, float] = {}
    for key, limit, start in (("gold", "gold", counts["gold"]), ("recruits", "recruits", counts["recruits"]),
                              ("tokens", "tax_collector_tokens", counts["tax_collector_tokens"]),
                              ("arts", "arts", counts["arts"]), ("science", "science", counts["science"])):
        if lim[limit]:
            out[key] = start
    if lim["cubes"]:
        out.update({r: parts.cube_split[r] for r in RESOURCES})
    if lim["magisters"]:
        out.update({m: parts.magister_split[m] for m in MAGISTERS})
    return out


def observation_layout(players: int, options: Options | None = None) -> Sequence[Feature]:
    """The numbers a player observes in a game of `players` with `options` (see the
    module docstring)."""
    return _layout(_parts(options), players)


def _one_hot(size: int, at: int | None) -> list[float]:
    block = [0.0] * size
    if at is not None:
        block[at] = 1.0
    return block


def _by_type(names) -> list[float]:
    return [float(sum(1 for x in names if x == c)) for c in CARD_TYPES]


def observation_vector(view, seat: int) -> list[float]:
    """The numbers of `observation_layout`, read from `view` (player `seat`'s view)."""
    t = table(view)
    parts = view.options.parts
    n = len(view.players)
    rel = [(seat + k) % n for k in range(n)]  # block k -> absolute seat
    back = {a: k for k, a in enumerate(rel)}  # absolute seat -> block
    out: list[float] = [t.season, t.round]
    kind = view.decision
    out += _one_hot(len(DECISIONS), None if kind is None else DECISIONS.index(kind))
    cur = view.current_player
    out += _one_hot(n, None if cur is None else back[cur])
    for sv in t.slots:
        out += [sv.cards or 0, float(sv.covered), float(sv.merchant)]
        out += [float(sum(1 for o in sv.occupants if o == a)) for a in rel]
        out += _one_hot(n, None if sv.token is None else back[sv.token])
    out += [t.repository[r] for r in RESOURCES]
    provinces = _ids(parts.provinces)
    out += _one_hot(len(provinces), None if t.province is None else provinces.index(t.province))
    out += [float(m.filled) for m in t.marketplace]
    favors = _ids(parts.favors)
    shown = {f.slot: f.card for f in t.favors}
    for i in range(parts.palace_slots):
        out += _one_hot(len(favors), favors.index(shown[i]) if i in shown else None)
    grants = _ids(parts.grants)
    for g in t.grants:
        out += _one_hot(len(grants), grants.index(g.card))
    out += [0.0] * (len(grants) * (parts.seasons - len(t.grants)))
    for ws in t.wall:
        out.append(float(ws.open))
        out += _one_hot(n, None if ws.owner is None else back[ws.owner])
    names = _tile_names(parts)
    out += [t.tiles_left.get(name, 0) for name in names]
    out += [t.decks["provinces"], t.decks["kings_favors"], t.decks["attacks"]]
    revealed = {a for a, _ in t.attacks}
    out += [float(aid in revealed) for aid in _ids(parts.attacks)]
    out += [_finite(t.supply[key]) for key in _supply_bounds(parts)]
    me = view.players[seat]
    out += _by_type(me.hand or ())
    out += _by_type(me.next_pile or ())
    for a in rel:
        p = view.players[a]
        out += [float(t.order.index(a)), p.vp, p.gold, p.recruits, *(p.resources[r] for r in RESOURCES),
                p.figures_in_supply, p.hand_size, p.next_size]
        out += [p.unseen[c] for c in CARD_TYPES]
        out += _by_type(p.played) + _by_type(p.spent)
        out += [p.courtiers, *(p.magisters[m] for m in MAGISTERS)]
        out += [p.magister_track[m] for m in MAGISTERS]
        out += [float(name in p.tiles) for name in names]
        out += [p.arts, p.science, p.warriors_on_wall, p.warriors_in_supply, float(p.passed), p.announced or 0]
    return out
