"""The components' figures: one TOML file (``data/components.toml``), checked when
loaded. Every error is a `CardDataError` naming the file, the entry and the field.

The rulebook prints the rules but few figures; a table of the file marked
``printed = false`` holds example values that satisfy every constraint the
rulebook gives (facts file, section 11). `load(path)` reads another file (a box's
printed values) through the same checks; `DEFAULT` is the kit's own.

>>> DEFAULT.marketplace[7].resource, DEFAULT.marketplace[7].price
('silver', 2)
>>> "kings_favors" in DEFAULT.unprinted and "counts" not in DEFAULT.unprinted
True
"""
from __future__ import annotations

import hashlib
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, NoReturn

from ...kit.errors import CardDataError
from ...kit.schema import BOOL, NAT, POS, Ctx, FrozenMap, amounts, array, choice, integer, table, type_name
from .constants import BUILDINGS, CARD_TYPES, CATEGORIES, MAGISTERS, RESOURCES

DATA = Path(__file__).resolve().parent / "data"
DEFAULT_PATH = DATA / "components.toml"
FORMAT = "archon-components"

#: the 15 Building tile names of §9 (printed)
TILE_NAMES: tuple[str, ...] = (
    "Craftsman", "House of Arts", "Tavern", "Inn", "Weaponsmith", "House of Trade", "Chapel",
    "Laboratory", "Gallery", "Library", "Armory", "Architects' Guild", "Magisters' Court",
    "Gardens", "Statue")
#: VP §9 prints for two tiles
PRINTED_TILE_VP = {"Gardens": 8, "Statue": 9}

GAIN_KEYS = ("gold", "recruits", "vp") + RESOURCES
COST_KEYS = ("gold", "recruits") + RESOURCES


class Where(Ctx):
    """Where a check is: the file and the entry (``[counts]``, ``tile "Inn"``)."""
    __slots__ = ("where",)

    def __init__(self, file: str, entry: str | None):
        Ctx.__init__(self, file, None)
        self.where = entry

    def fail(self, field: str | None, problem: str) -> NoReturn:
        raise CardDataError(self.file, problem, card=self.where, field=field)


# ---------------------------------------------------------------- the loaded figures

@dataclass(frozen=True, slots=True)
class Slot:
    """An action slot: the cards it needs and the fewest players it is open with."""
    cards: int
    players: int


@dataclass(frozen=True, slots=True)
class Location:
    merchant: bool
    slots: tuple[Slot, ...]


@dataclass(frozen=True, slots=True)
class MarketSlot:
    resource: str
    price: int


@dataclass(frozen=True, slots=True)
class Space:
    """A space of a Magister track: its cost and the VP scored on reaching it."""
    cost: FrozenMap
    vp: int


@dataclass(frozen=True, slots=True)
class WallSlot:
    gate: bool
    players: int


@dataclass(frozen=True, slots=True)
class Tile:
    name: str
    level: int
    cost: FrozenMap
    vp: int
    copies: int
    ability: str
    params: FrozenMap


@dataclass(frozen=True, slots=True)
class Discount:
    season: int
    level: int
    resource: str
    less: int


@dataclass(frozen=True, slots=True)
class Grant:
    id: int
    market: FrozenMap
    arts: tuple[int, ...]
    science: tuple[int, ...]
    warriors: tuple[int, ...]

    def values(self, category: str) -> tuple[int, ...]:
        return getattr(self, category)


@dataclass(frozen=True, slots=True)
class Favor:
    """A King's Favor card: its Favor slot gives `gain`, or the action of `action`."""
    id: int
    copies: int
    cards: int
    merchant: bool
    gain: FrozenMap | None
    action: str | None


@dataclass(frozen=True, slots=True)
class Attack:
    id: int
    strength: FrozenMap  # player count -> Strength


@dataclass(frozen=True, slots=True)
class Province:
    id: int
    white: FrozenMap
    orange: FrozenMap
    rest: FrozenMap

    def resources(self, players: int) -> dict[str, int]:
        """The Resources it puts in the Repository with `players` players (§3 step 6)."""
        out = dict.fromkeys(RESOURCES, 0)
        parts = [self.white] + ([self.orange] if players >= 3 else []) + ([self.rest] if players >= 4 else [])
        for part in parts:
            for r, n in part.items():
                out[r] += n
        return out


@dataclass(frozen=True, slots=True)
class Components:
    """Every figure of the components (see the data file's comments)."""
    source: str
    digest: str
    counts: FrozenMap
    start: FrozenMap
    actions: FrozenMap
    palace_slots: int
    magister_split: FrozenMap
    cube_split: FrozenMap
    limits: FrozenMap
    track_length: int
    seasons: int
    rounds_per_season: int
    split_before: tuple[int, ...]
    locations: FrozenMap              # building id -> Location
    marketplace: tuple[MarketSlot, ...]
    magister_track: FrozenMap         # type -> tuple[Space, ...]
    wall: tuple[WallSlot, ...]
    tiles: tuple[Tile, ...]
    discounts: tuple[Discount, ...]
    grants: tuple[Grant, ...]
    favors: tuple[Favor, ...]
    attacks: tuple[Attack, ...]
    provinces: tuple[Province, ...]
    #: the tables of the file marked `printed = false`: their figures are examples
    unprinted: tuple[str, ...]
    #: each Building tile's cost in each Season, after §9's discounts (never below 0, A20)
    tile_costs: FrozenMap

    @property
    def rounds(self) -> int:
        return self.seasons * self.rounds_per_season

    def tile(self, name: str) -> Tile:
        for t in self.tiles:
            if t.name == name:
                return t
        raise KeyError(name)

    def favor(self, fid: int) -> Favor:
        for f in self.favors:
            if f.id == fid:
                return f
        raise KeyError(fid)

    def grant(self, gid: int) -> Grant:
        for g in self.grants:
            if g.id == gid:
                return g
        raise KeyError(gid)

    def attack(self, aid: int) -> Attack:
        for a in self.attacks:
            if a.id == aid:
                return a
        raise KeyError(aid)

    def province(self, pid: int) -> Province:
        return self.provinces[pid - 1]


# ---------------------------------------------------------------- field specs

def _one_of(options, what):
    return choice(options, what)


def _players(ctx, path, value):
    v = integer(2)(ctx, path, value)
    if v > 4:
        ctx.fail(path, f"value {v} not allowed (a slot opens with 2, 3 or 4 players)")
    return v


def _cards(ctx, path, value):
    v = POS(ctx, path, value)
    if v > 2:
        ctx.fail(path, f"value {v} not allowed (an action slot needs 1 or 2 cards, §4)")
    return v


def _vp_list(ctx, path, value):
    vals = array(NAT, unique=False, min_len=1)(ctx, path, value)
    for i in range(1, len(vals)):
        if vals[i] > vals[i - 1]:
            ctx.fail(f"{path}[{i}]", f"the ranked values must not rise (§7.1: the most scores the "
                                     f"highest value): {vals[i]} after {vals[i - 1]}")
    return vals


def _strength(ctx, path, value):
    if not isinstance(value, Mapping):
        ctx.fail(path, f"expected a table of Strength by player count, got {type_name(value)}")
    out = {}
    for n in ("2", "3", "4"):
        if n not in value:
            ctx.fail(f"{path}.{n}", "missing required key (a Strength for 2, 3 and 4 players)")
        out[int(n)] = POS(ctx, f"{path}.{n}", value[n])
    for k in value:
        if k not in ("2", "3", "4"):
            ctx.fail(f"{path}.{k}", f"unknown key {k!r} (allowed: 2, 3, 4)")
    return FrozenMap(out)


_GROUP_SPECS: dict[str, Any] = {
    "counts": table({"printed": BOOL, **{k: NAT for k in (
        "magisters", "courtiers_per_player", "figures_per_player", "markers_per_player",
        "warriors_per_player", "recruits", "tax_collector_tokens", "gold", "cubes", "arts", "science",
        "kings_grants", "kings_favors", "attacks", "provinces", "tiles", "action_covers")}}),
    "start": table({
        "printed": BOOL,
        "first_and_second": amounts(COST_KEYS, positive=False),
        "third_and_fourth": amounts(COST_KEYS, positive=False),
        "second_of_two": amounts(COST_KEYS, positive=False),
        "hand_size": POS,
        "card_values": table(dict.fromkeys(CARD_TYPES, NAT)),
    }),
    "actions": table({
        "printed": BOOL, "repository": POS, "repository_merchant": NAT, "barracks": POS,
        "barracks_merchant": NAT, "treasury": POS, "treasury_merchant": NAT, "market_buys": NAT,
        "market_sales": NAT, "warrior_cost": amounts(COST_KEYS, positive=False), "warriors_per_visit": POS,
        "gate_vp": NAT, "arts_cost": amounts(COST_KEYS, positive=False),
        "science_cost": amounts(COST_KEYS, positive=False), "cards_per_visit": POS, "toll": NAT,
        "shortfall_gold": POS,
    }),
    "palace": table({"printed": BOOL, "slots": POS}),
    "magister_split": table({"printed": BOOL, **dict.fromkeys(MAGISTERS, NAT)}),
    "cube_split": table({"printed": BOOL, **dict.fromkeys(RESOURCES, NAT)}),
    "limits": table({"printed": BOOL, **dict.fromkeys(
        ("gold", "recruits", "cubes", "tax_collector_tokens", "arts", "science", "magisters"), BOOL)}),
    "scoring_track": table({"printed": BOOL, "length": POS}),
    "season_track": table({"printed": BOOL, "seasons": POS, "rounds_per_season": POS,
                           "split_before": array(POS, min_len=1)}),
    "locations": table({"printed": BOOL, **dict.fromkeys(BUILDINGS, table({
        "merchant": BOOL,
        "slots": array(table({"cards": _cards, "players": _players}), min_len=1, unique=False),
    }))}),
    "marketplace": table({"printed": BOOL, "slots": array(
        table({"resource": _one_of(RESOURCES, "resource"), "price": NAT}), min_len=1, unique=False)}),
    "magister_track": table({"printed": BOOL, **dict.fromkeys(MAGISTERS, array(
        table({"cost": amounts(COST_KEYS, positive=False), "vp": NAT}), min_len=1, unique=False))}),
    "wall": table({"printed": BOOL, "slots": array(
        table({"gate": BOOL, "players": _players}), min_len=1, unique=False)}),
    "season_discounts": table({"printed": BOOL, "entries": array(table({
        "season": POS, "level": POS, "resource": _one_of(RESOURCES, "resource"), "less": POS}), unique=False)}),
}

_TILE = table({
    "name": _one_of(TILE_NAMES, "Building tile name"), "level": POS,
    "cost": amounts(RESOURCES, positive=False), "vp": NAT, "copies": POS,
    "ability": _one_of(("tile_gold", "season_gain", "recruit_discount", "barracks_bonus", "trade_bonus",
                        "chapel", "market_cube", "season_vp", "end_vp", "none"), "ability"),
    "params": lambda ctx, path, v: v,  # checked against the ability below
})

#: each ability's params (its figures, printed in §9)
ABILITY_PARAMS: dict[str, Any] = {
    "tile_gold": table({"gold": POS}),
    "season_gain": amounts(GAIN_KEYS, positive=True),
    "recruit_discount": table({"cubes": POS}),
    "barracks_bonus": table({"recruits": POS}),
    "trade_bonus": table({"sell": NAT, "buy": NAT}),
    "chapel": table({}),
    "market_cube": table({"choices": array(_one_of(RESOURCES, "resource"), min_len=1)}),
    "season_vp": table({"per": _one_of(CATEGORIES, "category"), "vp": POS}),
    "end_vp": table({"per": _one_of(("tiles", "magisters"), "count"), "vp": POS}),
    "none": table({}),
}

_GRANT = table({"id": POS, "market": amounts(RESOURCES, positive=False, nonempty=False),
                "arts": _vp_list, "science": _vp_list, "warriors": _vp_list})
_FAVOR = table({
    "id": POS, "copies": POS, "cards": _cards, "merchant": BOOL,
    "gain": (amounts(GAIN_KEYS, positive=True), False),
    "action": (_one_of(BUILDINGS, "location"), False),
})
_ATTACK = table({"id": POS, "strength": _strength})
_PROVINCE = table({"id": POS, "white": amounts(RESOURCES, positive=False),
                   "orange": amounts(RESOURCES, positive=False, nonempty=False),
                   "rest": amounts(RESOURCES, positive=False, nonempty=False)})

_ENTRY_GROUPS = {"tiles": "entries", "kings_grants": "cards", "kings_favors": "cards", "attacks": "cards",
                 "provinces": "cards"}
GROUPS = tuple(_GROUP_SPECS) + tuple(_ENTRY_GROUPS)


# ---------------------------------------------------------------- loading

def load(path: str | os.PathLike | None = None) -> Components:
    """The components of the file at `path` (default: the kit's own), checked.
    Raises `CardDataError` naming the file, the entry and the field."""
    p = DEFAULT_PATH if path is None else Path(path)
    try:
        st = p.stat()
    except (OSError, ValueError) as e:
        raise CardDataError(str(path), f"cannot read the components file ({type(e).__name__})") from None
    return _load(str(p.resolve()), st.st_mtime_ns, st.st_size)


@lru_cache(maxsize=8)
def _load(path: str, mtime: int, size: int) -> Components:
    name = Path(path).name
    try:
        raw = Path(path).read_bytes()
    except OSError as e:
        raise CardDataError(name, f"cannot read the components file ({type(e).__name__})") from None
    if len(raw) > 1_000_000:
        raise CardDataError(name, "the components file is over 1,000,000 bytes")
    try:
        doc = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise CardDataError(name, "not UTF-8 text") from None
    except tomllib.TOMLDecodeError as e:
        raise CardDataError(name, f"not valid TOML ({e})") from None
    return parse(doc, name, hashlib.sha256(raw).hexdigest()[:16], source=path)


def parse(doc: Mapping, file: str, digest: str = "", source: str = "") -> Components:
    """Check a components document (parsed TOML) and build its `Components`."""
    top = Where(file, None)
    if doc.get("format") != FORMAT:
        top.fail("format", f"expected {FORMAT!r}, got {doc.get('format')!r}")
    if doc.get("version") != 1:
        top.fail("version", f"this archwk reads version 1, got {doc.get('version')!r}")
    for key in doc:
        if key not in GROUPS and key not in ("format", "version"):
            top.fail(key, f"unknown table {key!r} (allowed: {', '.join(GROUPS)})")
    g: dict[str, FrozenMap] = {}
    unprinted = []
    for key, spec in _GROUP_SPECS.items():
        where = Where(file, f"[{key}]")
        if key not in doc:
            where.fail(None, "missing table")
        g[key] = spec(where, None, doc[key])
        if not g[key]["printed"]:
            unprinted.append(key)
    entries: dict[str, tuple] = {}
    for key, field in _ENTRY_GROUPS.items():
        where = Where(file, f"[{key}]")
        if key not in doc:
            where.fail(None, "missing table")
        grp = table({"printed": BOOL, field: lambda ctx, path, v: v})(where, None, doc[key])
        items = grp[field]
        if not isinstance(items, list):
            where.fail(field, f"expected an array of tables, got {type_name(items)}")
        entries[key] = tuple(items)
        if not grp["printed"]:
            unprinted.append(key)
    c = _build(file, digest, source, g, entries, tuple(unprinted))
    _check_constraints(file, c)
    return c


def _discounted(discounts, tile: Tile, season: int) -> FrozenMap:
    cost = dict(tile.cost)
    for d in discounts:
        if d.season == season and d.level == tile.level and d.resource in cost:
            cost[d.resource] = max(0, cost[d.resource] - d.less)
    return FrozenMap({k: v for k, v in cost.items() if v})


def _entry_where(file: str, kind: str, i: int, item: Any, key: str) -> Where:
    label = f"{kind} #{i + 1}"
    if isinstance(item, Mapping) and isinstance(item.get(key), (str, int)) and not isinstance(item.get(key), bool):
        label = f'{kind} "{item[key]}"' if key == "name" else f"{kind} id={item[key]}"
    return Where(file, label)


def _build(file, digest, source, g, entries, unprinted) -> Components:
    tiles = []
    for i, item in enumerate(entries["tiles"]):
        w = _entry_where(file, "tile", i, item, "name")
        row = _TILE(w, None, item)
        params = ABILITY_PARAMS[row["ability"]](w, "params", row["params"])
        tiles.append(Tile(row["name"], row["level"], row["cost"], row["vp"], row["copies"], row["ability"], params))
    grants = []
    for i, item in enumerate(entries["kings_grants"]):
        row = _GRANT(_entry_where(file, "King's Grant", i, item, "id"), None, item)
        grants.append(Grant(row["id"], row["market"], row["arts"], row["science"], row["warriors"]))
    favors = []
    for i, item in enumerate(entries["kings_favors"]):
        w = _entry_where(file, "King's Favor", i, item, "id")
        row = _FAVOR(w, None, item)
        if ("gain" in row) == ("action" in row):
            w.fail("gain", "give either a gain or an action (the action of a building), not both or neither")
        favors.append(Favor(row["id"], row["copies"], row["cards"], row["merchant"], row.get("gain"),
                            row.get("action")))
    attacks = []
    for i, item in enumerate(entries["attacks"]):
        row = _ATTACK(_entry_where(file, "Attack", i, item, "id"), None, item)
        attacks.append(Attack(row["id"], row["strength"]))
    provinces = []
    for i, item in enumerate(entries["provinces"]):
        row = _PROVINCE(_entry_where(file, "Province", i, item, "id"), None, item)
        provinces.append(Province(row["id"], row["white"], row["orange"], row["rest"]))
    for kind, rows, key in (("tile", tiles, "name"), ("King's Grant", grants, "id"), ("King's Favor", favors, "id"),
                            ("Attack", attacks, "id"), ("Province", provinces, "id")):
        seen = set()
        for r in rows:
            k = getattr(r, key)
            if k in seen:
                label = f'{kind} "{k}"' if key == "name" else f"{kind} id={k}"
                Where(file, label).fail(key, f"a second entry with {key} {k!r}")
            seen.add(k)
    locs = g["locations"]
    st = g["start"]
    discounts = tuple(Discount(d["season"], d["level"], d["resource"], d["less"])
                      for d in g["season_discounts"]["entries"])
    seasons = g["season_track"]["seasons"]
    return Components(
        source=source, digest=digest,
        counts=g["counts"], start=st, actions=g["actions"], palace_slots=g["palace"]["slots"],
        magister_split=FrozenMap({m: g["magister_split"][m] for m in MAGISTERS}),
        cube_split=FrozenMap({r: g["cube_split"][r] for r in RESOURCES}),
        limits=g["limits"], track_length=g["scoring_track"]["length"],
        seasons=g["season_track"]["seasons"], rounds_per_season=g["season_track"]["rounds_per_season"],
        split_before=g["season_track"]["split_before"],
        locations=FrozenMap({b: Location(locs[b]["merchant"], tuple(Slot(s["cards"], s["players"])
                                                                       for s in locs[b]["slots"]))
                             for b in BUILDINGS}),
        marketplace=tuple(MarketSlot(s["resource"], s["price"]) for s in g["marketplace"]["slots"]),
        magister_track=FrozenMap({m: tuple(Space(s["cost"], s["vp"]) for s in g["magister_track"][m])
                                  for m in MAGISTERS}),
        wall=tuple(WallSlot(s["gate"], s["players"]) for s in g["wall"]["slots"]),
        tiles=tuple(tiles),
        discounts=discounts,
        grants=tuple(grants), favors=tuple(favors), attacks=tuple(attacks),
        provinces=tuple(sorted(provinces, key=lambda p: p.id)),
        unprinted=unprinted,
        tile_costs=FrozenMap({(tile.name, season): _discounted(discounts, tile, season)
                              for tile in tiles for season in range(1, seasons + 1)}),
    )


def _payable(cost: Mapping, have: Mapping) -> bool:
    return all(have.get(k, 0) >= n for k, n in cost.items())


def _check_constraints(file: str, c: Components) -> None:
    """What the rulebook fixes about the figures (facts file, sections 2 and 11)."""
    n = c.counts

    def total(where: str, field: str | None, got: int, want: int, what: str) -> None:
        if got != want:
            Where(file, where).fail(field, f"{what}: {got}, but §2 counts {want}")

    total("[magister_split]", None, sum(c.magister_split.values()), n["magisters"], "Magister cards in all")
    total("[cube_split]", None, sum(c.cube_split.values()), n["cubes"], "Resource cubes in all")
    total("[tiles]", "entries", sum(t.copies for t in c.tiles), n["tiles"], "Building tiles (copies) in all")
    total("[kings_grants]", "cards", len(c.grants), n["kings_grants"], "King's Grant cards")
    total("[kings_favors]", "cards", sum(f.copies for f in c.favors), n["kings_favors"],
          "King's Favor cards (copies) in all")
    total("[attacks]", "cards", len(c.attacks), n["attacks"], "Attack cards")
    total("[provinces]", "cards", len(c.provinces), n["provinces"], "Province cards")
    if sorted(p.id for p in c.provinces) != list(range(1, len(c.provinces) + 1)):
        Where(file, "[provinces]").fail("cards", "number the Province cards 1, 2, 3, ... in order")
    names = {t.name for t in c.tiles}
    missing = [t for t in TILE_NAMES if t not in names]
    if missing:
        Where(file, "[tiles]").fail("entries", f"§9 lists tiles missing here: {', '.join(missing)}")
    for t in c.tiles:
        if t.level not in (1, 2, 3):
            Where(file, f'tile "{t.name}"').fail("level", f"level {t.level}: tiles are of level 1, 2 or 3")
        if t.name in PRINTED_TILE_VP and t.vp != PRINTED_TILE_VP[t.name]:
            Where(file, f'tile "{t.name}"').fail("vp", f"§9 prints {PRINTED_TILE_VP[t.name]} VP, got {t.vp}")
    levels = {t.level for t in c.tiles}
    if not {2, 3} <= levels:
        Where(file, "[tiles]").fail("entries", "§9's Season discounts name level-2 and level-3 tiles: "
                                                "both levels must exist")
    # the Magister Track: §4.2.5's example (a 2nd Cleric: 1 Gold + 1 Recruit, 2 VP)
    cleric = c.magister_track["cleric"]
    if len(cleric) < 2 or dict(cleric[1].cost) != {"gold": 1, "recruits": 1} or cleric[1].vp != 2:
        Where(file, "[magister_track]").fail("cleric[1]", "§4.2.5's example: a player's second Cleric costs "
                                                          "1 Gold and 1 Recruit token and scores 2 VP")
    # two different starting Magisters payable from the starting resources (§3 step 17)
    have = dict(c.start["first_and_second"])
    firsts = {m: c.magister_track[m][0].cost for m in MAGISTERS}
    if not any(_payable({k: firsts[a].get(k, 0) + firsts[b].get(k, 0) for k in COST_KEYS}, have)
               for i, a in enumerate(MAGISTERS) for b in MAGISTERS[i + 1:]):
        Where(file, "[magister_track]").fail(None, "no two different starting Magisters can be paid from the "
                                                   "first player's starting resources (§3 steps 5 and 17)")
    # the Marketplace: §4.2.4's examples
    mk = c.marketplace
    where = Where(file, "[marketplace]")
    if not any(s.resource == "silver" and s.price == 2 for s in mk):
        where.fail("slots", "§4.2.4's example buys a Silver under a slot marked 2: no such slot")
    if not any(s.resource == "iron" and s.price == 3 for s in mk):
        where.fail("slots", "§4.2.4's example sells an Iron for 3 Gold: no Iron slot marked 3")
    cheapest = {r: min((s.price for s in mk if s.resource == r), default=None) for r in RESOURCES}
    if cheapest["silver"] is None or cheapest["papyrus"] is None or cheapest["silver"] + cheapest["papyrus"] > 2:
        where.fail("slots", "§4.2.4's example buys a Silver and a Papyrus for 2 Gold: the cheapest slots "
                            "of the two must add up to 2 or less")
    for g in c.grants:
        for r, k in g.market.items():
            if k > sum(1 for s in mk if s.resource == r):
                Where(file, f"King's Grant id={g.id}").fail(f"market.{r}", f"{k} cubes, but the Marketplace has "
                                                                           f"fewer {r} slots")
    if not any(5 in a.strength.values() for a in c.attacks):
        Where(file, "[attacks]").fail("cards", "§7's example reveals a Strength of 5: no card shows 5")
    gates = sum(1 for s in c.wall if s.gate)
    if gates != 2:
        Where(file, "[wall]").fail("slots", f"§4.2.6 marks 2 Main Gate slots, got {gates}")
    yields = ("repository", "barracks", "treasury")
    for b, loc in c.locations.items():
        if loc.merchant and b not in yields:
            Where(file, "[locations]").fail(f"{b}.merchant", "§5.4 gives a Merchant yield only in the Repository, "
                                                             "the Barracks and the Treasury")
    for f in c.favors:
        if f.merchant and f.action not in yields:
            Where(file, f"King's Favor id={f.id}").fail("merchant", "§5.4 gives a Merchant yield only for the "
                                                                    "Repository's, Barracks' and Treasury's actions")
    for b, loc in c.locations.items():
        if not any(s.players == 2 for s in loc.slots):
            Where(file, "[locations]").fail(f"{b}.slots", "no slot open with 2 players")
    if c.split_before[0] != 1 or list(c.split_before) != sorted(c.split_before) or c.split_before[-1] > c.rounds:
        Where(file, "[season_track]").fail("split_before", "the first split comes before round 1 (§4), and every "
                                                           "split before a round of the game, in order")
    if c.start["hand_size"] * 2 != n["courtiers_per_player"] + 2:
        Where(file, "[start]").fail("hand_size", "two piles of the hand size must hold the 8 Courtiers and "
                                                 "2 starting Magisters (§4)")


DEFAULT = load()
