"""Card and track data for *Architects of the West Kingdom*.

The figures live in TOML files in ``archwk/data/`` (``buildings.toml``,
``apprentices.toml``, ``market.toml``); see the comments there for sources.
This module loads and validates them into immutable, hashable objects.

Module constants are loaded from the package's data directory at import:

* ``BUILDINGS`` (43, ``BUILDINGS[i].id == i + 1``), ``APPRENTICES`` (43),
* ``BLACK_MARKET_CARDS`` (10), ``BLACK_MARKET_EMPTY_SMALL``/``_LARGE``,
* ``REWARDS`` (11, ids 2..12), ``CATHEDRAL`` (levels 1..5, index 0 = level 1),
* ``VIRTUE_TRACK`` (index = virtue 0..14),
* ``building(name_or_alias)`` for case-insensitive look-up by name or alias.

``load(data_dir)`` validates another data directory and returns a ``CardSet``;
any problem raises ``CardDataError`` naming the file, the card and the field.

This module uses only the standard library and ``archwk.errors``, so it can be
imported on its own.
"""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import ArchwkError, CardDataError

__all__ = [
    "APPRENTICES",
    "APPRENTICE_ABILITIES",
    "Apprentice",
    "BLACK_MARKET_CARDS",
    "BLACK_MARKET_EMPTY_LARGE",
    "BLACK_MARKET_EMPTY_SMALL",
    "BUILDINGS",
    "BUILDING_CATEGORIES",
    "BUILDING_EFFECTS",
    "BlackMarketCard",
    "Building",
    "CARDS",
    "CATHEDRAL",
    "CardDataError",
    "CardSet",
    "CathedralLevel",
    "DATA_DIR",
    "FrozenMap",
    "RESOURCES",
    "REWARDS",
    "RewardCard",
    "SETS",
    "SKILLS",
    "UnknownCardError",
    "VIRTUE_TRACK",
    "VirtueLevel",
    "building",
    "load",
]

# --------------------------------------------------------------------------
# Vocabulary
# --------------------------------------------------------------------------

RESOURCES: tuple[str, ...] = ("clay", "wood", "stone", "gold", "marble")
SKILLS: tuple[str, ...] = ("carpentry", "tiling", "masonry")
SETS: tuple[str, ...] = ("base", "extra")
BUILDING_CATEGORIES: tuple[str, ...] = (
    "immediate",
    "end_game",
    "vp_bonus",
    "scoring_rule",
    "none",
)

#: Everything a card can hand out; amounts tables keep this key order.
GAIN_KEYS: tuple[str, ...] = RESOURCES + ("silver", "cards", "virtue")

DATA_DIR: Path = Path(__file__).resolve().parent / "data"

BUILDINGS_FILE = "buildings.toml"
APPRENTICES_FILE = "apprentices.toml"
MARKET_FILE = "market.toml"

# Expected sizes: {set: count}; ids run 1..N with all "base" ids first.
_CARD_SETS = {"base": 40, "extra": 3}


# --------------------------------------------------------------------------
# Immutable, hashable mapping
# --------------------------------------------------------------------------


class FrozenMap(Mapping):
    """A read-only, hashable mapping (insertion-ordered).

    Compares equal to any mapping with the same items, so
    ``building("Smithy").cost == {"clay": 4, "wood": 2}`` holds.
    """

    __slots__ = ("_data", "_hash")

    def __init__(self, data: Mapping | Iterator | tuple = (), /) -> None:
        self._data = dict(data)
        self._hash: int | None = None

    def __getitem__(self, key: Any) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._data.items()))
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return self._data == dict(other.items())
        return NotImplemented

    def __repr__(self) -> str:
        return f"FrozenMap({self._data!r})"


_EMPTY = FrozenMap()


# --------------------------------------------------------------------------
# Card classes
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Building:
    id: int
    name: str
    vp: int
    cost: Mapping[str, int]
    skills: frozenset[str]
    virtue: int
    category: str
    effect: str
    params: Mapping[str, Any]
    set: str
    aliases: tuple[str, ...]
    text: str


@dataclass(frozen=True, slots=True)
class Apprentice:
    id: int
    name: str
    skills: frozenset[str]
    virtue: int
    ability: str
    params: Mapping[str, Any]
    set: str
    text: str


@dataclass(frozen=True, slots=True)
class BlackMarketCard:
    id: int
    small: Mapping[str, int]
    large: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class RewardCard:
    id: int
    gain: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class CathedralLevel:
    level: int
    vp: int
    spaces: int
    #: Alternative costs; pay any one of them.
    costs: tuple[Mapping[str, int], ...]


@dataclass(frozen=True, slots=True)
class VirtueLevel:
    value: int
    vp: int
    avoid_tax: int
    black_market: bool
    cathedral: bool


class UnknownCardError(KeyError, ArchwkError):
    """Raised by ``building()`` for a name that is neither a name nor an alias."""

    def __str__(self) -> str:  # KeyError would repr() the message
        return str(self.args[0]) if self.args else ""


@dataclass(frozen=True, slots=True)
class CardSet:
    buildings: tuple[Building, ...]
    apprentices: tuple[Apprentice, ...]
    black_market_cards: tuple[BlackMarketCard, ...]
    black_market_empty_small: Mapping[str, int]
    black_market_empty_large: Mapping[str, int]
    rewards: tuple[RewardCard, ...]
    cathedral: tuple[CathedralLevel, ...]
    virtue_track: tuple[VirtueLevel, ...]
    _names: Mapping[str, int] = field(default=_EMPTY, repr=False, compare=False)

    def building(self, name: str) -> Building:
        """Look a building up by name or alias (case-insensitive)."""
        if not isinstance(name, str):
            raise TypeError(f"building name must be a str, not {type(name).__name__}")
        index = self._names.get(_name_key(name))
        if index is None:
            known = sorted({b.name for b in self.buildings} | {a for b in self.buildings for a in b.aliases})
            close = difflib.get_close_matches(name, known, n=3, cutoff=0.6)
            hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
            raise UnknownCardError(f"unknown building {name!r}{hint}")
        return self.buildings[index]


def _name_key(name: str) -> str:
    return " ".join(name.replace("\u2019", "'").split()).casefold()


# --------------------------------------------------------------------------
# Errors and validation context
# --------------------------------------------------------------------------


@dataclass(slots=True)
class _Ctx:
    """Where we are while validating: file, record kind, card identity."""

    file: str
    kind: str | None
    entry: int | None = None
    card_id: Any = None
    card_name: str | None = None
    id_key: str = "id"

    def label(self) -> str | None:
        if self.kind is None:
            return None
        if self.card_id is not None:
            text = f"{self.kind} {self.id_key}={self.card_id}"
            if self.card_name is not None:
                text += f' "{self.card_name}"'
            return text
        if self.entry is not None:
            return f"{self.kind} entry #{self.entry} (no valid {self.id_key})"
        return self.kind

    def fail(self, field: str | None, problem: str) -> None:
        raise CardDataError(
            self.file,
            problem,
            card=self.label(),
            card_id=self.card_id,
            card_name=self.card_name,
            field=field,
        )


def _tname(value: Any) -> str:
    return {
        bool: "boolean",
        int: "integer",
        float: "float",
        str: "string",
        list: "array",
        dict: "table",
    }.get(type(value), type(value).__name__)


# --------------------------------------------------------------------------
# Field specs: each is ``spec(ctx, path, value) -> converted value``.
# --------------------------------------------------------------------------

Spec = Callable[[_Ctx, str, Any], Any]


def _int(minimum: int | None = None) -> Spec:
    def check(ctx: _Ctx, path: str, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            ctx.fail(path, f"expected an integer, got {_tname(value)} {value!r}")
        if minimum is not None and value < minimum:
            what = "negative value" if value < 0 else "value"
            ctx.fail(path, f"{what} {value} not allowed (must be >= {minimum})")
        return value

    return check


INT = _int()
NAT = _int(0)
POS = _int(1)


def BOOL(ctx: _Ctx, path: str, value: Any) -> bool:
    if not isinstance(value, bool):
        ctx.fail(path, f"expected a boolean, got {_tname(value)} {value!r}")
    return value


def STR(ctx: _Ctx, path: str, value: Any) -> str:
    if not isinstance(value, str):
        ctx.fail(path, f"expected a string, got {_tname(value)} {value!r}")
    if not value.strip():
        ctx.fail(path, "must not be empty")
    return value


def _choice(options: tuple[str, ...] | frozenset[str], what: str) -> Spec:
    ordered = sorted(options)

    def check(ctx: _Ctx, path: str, value: Any) -> str:
        STR(ctx, path, value)
        if value not in options:
            ctx.fail(path, f"unknown {what} {value!r} (expected one of: {', '.join(ordered)})")
        return value

    return check


def _list(item: Spec, *, min_len: int = 0, unique: bool = True, into: type = tuple) -> Spec:
    def check(ctx: _Ctx, path: str, value: Any) -> Any:
        if not isinstance(value, list):
            ctx.fail(path, f"expected an array, got {_tname(value)} {value!r}")
        if len(value) < min_len:
            ctx.fail(path, f"needs at least {min_len} item(s), got {len(value)}")
        items = [item(ctx, f"{path}[{i}]", v) for i, v in enumerate(value)]
        if unique:
            for i, v in enumerate(items):
                if v in items[:i]:
                    ctx.fail(f"{path}[{i}]", f"duplicate item {value[i]!r}")
        return into(items)

    return check


def _amounts(keys: tuple[str, ...], *, positive: bool, nonempty: bool = True) -> Spec:
    """A table of resource counts; returned as a FrozenMap in ``keys`` order.

    With ``positive=False`` zero counts are accepted and dropped (costs);
    with ``positive=True`` every count must be at least 1 (params, gains).
    """
    count = POS if positive else NAT

    def check(ctx: _Ctx, path: str, value: Any) -> FrozenMap:
        if not isinstance(value, dict):
            ctx.fail(path, f"expected a table of counts, got {_tname(value)} {value!r}")
        for key in value:
            if key not in keys:
                ctx.fail(f"{path}.{key}", f"unknown resource {key!r} (expected one of: {', '.join(keys)})")
        counts = {k: count(ctx, f"{path}.{k}", value[k]) for k in keys if k in value}
        counts = {k: n for k, n in counts.items() if n}
        if nonempty and not counts:
            ctx.fail(path, "must give at least one non-zero count")
        return FrozenMap(counts)

    return check


def _opt(spec: Spec) -> tuple[Spec, bool]:
    return (spec, False)


def _table(fields: Mapping[str, Spec | tuple[Spec, bool]]) -> Spec:
    """A table with a fixed set of keys (required unless wrapped in ``_opt``)."""
    norm = {k: (v if isinstance(v, tuple) else (v, True)) for k, v in fields.items()}

    def check(ctx: _Ctx, path: str | None, value: Any) -> FrozenMap:
        where = f"{path}." if path else ""
        if not isinstance(value, dict):
            ctx.fail(path, f"expected a table, got {_tname(value)} {value!r}")
        for key in value:
            if key not in norm:
                allowed = ", ".join(norm) or "none"
                ctx.fail(f"{where}{key}", f"unknown key {key!r} (allowed: {allowed})")
        for key, (_, required) in norm.items():
            if required and key not in value:
                ctx.fail(f"{where}{key}", "missing required key")
        return FrozenMap({k: spec(ctx, f"{where}{k}", value[k]) for k, (spec, _) in norm.items() if k in value})

    return check


# --------------------------------------------------------------------------
# Effect / ability vocabularies (table-driven param schemas)
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _ParamSchema:
    """Keys a params table may hold, plus consistency rules."""

    fields: Mapping[str, Spec | tuple[Spec, bool]] = field(default_factory=dict)
    #: params is itself an amounts table over these keys (e.g. {stone = 4}).
    amounts: tuple[str, ...] | None = None
    #: Building categories this effect may have.
    categories: tuple[str, ...] = ()
    #: Exactly one of these keys must be present, mapped to its category.
    one_of: Mapping[str, str] | None = None

    def check(self, ctx: _Ctx, params: Any, category: str | None = None) -> FrozenMap:
        if self.amounts is not None:
            result = _amounts(self.amounts, positive=True)(ctx, "params", params)
        else:
            result = _table(self.fields)(ctx, "params", params)
        expected = self.categories
        if self.one_of is not None:
            present = [k for k in self.one_of if k in result]
            if len(present) != 1:
                ctx.fail("params", f"needs exactly one of: {', '.join(self.one_of)}")
            expected = (self.one_of[present[0]],)
        if category is not None and expected and category not in expected:
            ctx.fail(
                "category",
                f"category {category!r} does not fit this effect (expected {' or '.join(map(repr, expected))})",
            )
        return result


_IMM = ("immediate",)
_VPB = ("vp_bonus",)
_END = ("end_game",)

_BUILDING_GAIN = RESOURCES + ("silver", "cards")

_BUILDING_SCHEMAS: dict[str, _ParamSchema] = {
    "gain": _ParamSchema(amounts=_BUILDING_GAIN, categories=_IMM),
    "choose": _ParamSchema(
        {"options": _list(_amounts(_BUILDING_GAIN, positive=True), min_len=2)}, categories=_IMM
    ),
    "tavern": _ParamSchema(categories=_IMM),
    "capture": _ParamSchema({"captures": POS}, categories=_IMM),
    "barracks": _ParamSchema(categories=_IMM),
    "take_debt": _ParamSchema({"debts": POS}, categories=_IMM),
    "church": _ParamSchema(categories=_IMM),
    "library": _ParamSchema({"gold": POS}, categories=_IMM),
    "monument": _ParamSchema({"virtue": POS}, categories=_IMM),
    "palace": _ParamSchema({"per": POS}, categories=_IMM),
    "watchtower": _ParamSchema({"min_prison": POS, "virtue": POS}, categories=_IMM),
    "hideout": _ParamSchema(categories=_IMM),
    "graveyard": _ParamSchema(categories=_IMM),
    "crane": _ParamSchema(categories=_IMM),
    "most": _ParamSchema(
        {"resource": _choice(("stone", "wood", "clay", "silver"), "resource"), "vp": POS}, categories=_VPB
    ),
    "cathedral_most": _ParamSchema(
        {"vp": _opt(POS), "virtue": _opt(POS)}, one_of={"vp": "vp_bonus", "virtue": "end_game"}
    ),
    "hut": _ParamSchema({"skill": _choice(SKILLS, "skill")}, categories=_VPB),
    "vp_per": _ParamSchema(
        {"count": _choice(("buildings", "captured", "virtue", "debts_paid"), "count"), "per": POS},
        categories=_VPB,
    ),
    "virtue_per": _ParamSchema(
        {"count": _list(_choice(RESOURCES + ("debts_paid", "buildings"), "count"), min_len=1), "per": POS},
        categories=_END,
    ),
    "lose_virtue": _ParamSchema({"virtue": POS}, categories=_END),
    "no_debt": _ParamSchema({"vp": POS}, categories=_VPB),
    "fountain": _ParamSchema({"debt_vp": INT}, categories=("scoring_rule",)),
    "debt_vp": _ParamSchema({"vp": INT}, categories=_VPB),
}

_APPRENTICE_SCHEMAS: dict[str, _ParamSchema] = {
    "cathedral_bonus": _ParamSchema(amounts=GAIN_KEYS),
    "conspirator": _ParamSchema(),
    "debt_bonus": _ParamSchema(amounts=GAIN_KEYS),
    "gatekeeper": _ParamSchema({"release": POS}),
    "illusionist": _ParamSchema(),
    "jeweller": _ParamSchema({"silver": POS}),
    "none": _ParamSchema(),
    "trade": _ParamSchema(
        {
            "pay": _amounts(RESOURCES + ("silver",), positive=True),
            "gain": _amounts(RESOURCES + ("virtue",), positive=True),
        }
    ),
    "miner": _ParamSchema({"clay": POS}),
    "pickpocket": _ParamSchema({"gold": POS}),
    "squire": _ParamSchema(amounts=GAIN_KEYS),
    "stonecutter": _ParamSchema({"stone": POS}),
    "woodcutter": _ParamSchema({"wood": POS}),
    "swindler": _ParamSchema(amounts=GAIN_KEYS),
    "thief": _ParamSchema({"virtue_saved": POS}),
    "trickster": _ParamSchema({"silver_saved": POS}),
    "enforcer": _ParamSchema({"gold": POS}),
    "overseer": _ParamSchema({"actions": POS}),
    "peddler": _ParamSchema({"silver": POS}),
}

BUILDING_EFFECTS: frozenset[str] = frozenset(_BUILDING_SCHEMAS)
APPRENTICE_ABILITIES: frozenset[str] = frozenset(_APPRENTICE_SCHEMAS)


# --------------------------------------------------------------------------
# Record schemas (one per TOML array)
# --------------------------------------------------------------------------

_SKILL_LIST = _list(_choice(SKILLS, "skill"), into=frozenset)


def _RAW(ctx: _Ctx, path: str, value: Any) -> Any:
    return value

_BUILDING_FIELDS: dict[str, Spec] = {
    "id": POS,
    "name": STR,
    "vp": NAT,
    "cost": _amounts(RESOURCES, positive=False),
    "skills": _SKILL_LIST,
    "virtue": INT,
    "category": _choice(BUILDING_CATEGORIES, "category"),
    "effect": _choice(BUILDING_EFFECTS, "effect"),
    "params": _RAW,  # checked against the effect's schema in _check_building_params
    "set": _choice(SETS, "set"),
    "aliases": _list(STR),
    "text": STR,
}

_APPRENTICE_FIELDS: dict[str, Spec] = {
    "id": POS,
    "name": STR,
    "skills": _list(_choice(SKILLS, "skill"), min_len=1, into=frozenset),
    "virtue": INT,
    "ability": _choice(APPRENTICE_ABILITIES, "ability"),
    "params": _RAW,  # checked against the ability's schema in _check_apprentice_params
    "set": _choice(SETS, "set"),
    "text": STR,
}

_MARKET_AMOUNTS = _amounts(RESOURCES, positive=True)

_BLACK_MARKET_FIELDS: dict[str, Spec] = {"id": POS, "small": _MARKET_AMOUNTS, "large": _MARKET_AMOUNTS}
_BLACK_MARKET_EMPTY_FIELDS: dict[str, Spec] = {"small": _MARKET_AMOUNTS, "large": _MARKET_AMOUNTS}
_REWARD_FIELDS: dict[str, Spec] = {"id": POS, "gain": _amounts(GAIN_KEYS, positive=True)}
_CATHEDRAL_FIELDS: dict[str, Any] = {
    "level": POS,
    "vp": NAT,
    "spaces": POS,
    "cost": _opt(_list(_amounts(RESOURCES, positive=True), min_len=1)),
    "mix": _opt(_table({"of": _list(_choice(RESOURCES, "resource"), min_len=1), "total": POS})),
}
_VIRTUE_FIELDS: dict[str, Spec] = {
    "value": NAT,
    "vp": INT,
    "avoid_tax": NAT,
    "black_market": BOOL,
    "cathedral": BOOL,
}


@dataclass(frozen=True, slots=True)
class _ArraySpec:
    """How one ``[[array]]`` of a file is checked."""

    key: str  # TOML array name, also the card kind in messages
    fields: Mapping[str, Any]
    id_key: str = "id"
    first_id: int = 1
    count: int = 0
    sets: Mapping[str, int] | None = None  # expected cards per set, in id order


_BUILDINGS_SPEC = _ArraySpec("building", _BUILDING_FIELDS, count=43, sets=_CARD_SETS)
_APPRENTICES_SPEC = _ArraySpec("apprentice", _APPRENTICE_FIELDS, count=43, sets=_CARD_SETS)
_BLACK_MARKET_SPEC = _ArraySpec("black_market", _BLACK_MARKET_FIELDS, count=10)
_REWARD_SPEC = _ArraySpec("reward", _REWARD_FIELDS, first_id=2, count=11)
_CATHEDRAL_SPEC = _ArraySpec("cathedral", _CATHEDRAL_FIELDS, id_key="level", count=5)
_VIRTUE_SPEC = _ArraySpec("virtue", _VIRTUE_FIELDS, id_key="value", first_id=0, count=15)


# --------------------------------------------------------------------------
# Loading
# --------------------------------------------------------------------------


def _read_toml(path: Path, top_level: Mapping[str, type]) -> dict[str, Any]:
    ctx = _Ctx(str(path), None)
    try:
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
    except FileNotFoundError:
        raise CardDataError(path, "file not found") from None
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(path, f"malformed TOML: {exc}") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise CardDataError(path, f"cannot read file: {exc}") from exc
    for key in data:
        if key not in top_level:
            ctx.fail(key, f"unknown top-level key {key!r} (allowed: {', '.join(top_level)})")
    for key, kind in top_level.items():
        if key not in data:
            ctx.fail(key, "missing top-level key" + (f" (expected [[{key}]] entries)" if kind is list else ""))
        if not isinstance(data[key], kind):
            ctx.fail(key, f"expected {'an array of tables' if kind is list else 'a table'}, got {_tname(data[key])}")
    return data


def _load_array(file: str, raw: list, spec: _ArraySpec, extra: Callable[[_Ctx, dict, dict], None] | None = None) -> list[dict]:
    """Validate every entry of one array, then ids, counts and sets."""
    records: list[dict] = []
    for entry, item in enumerate(raw, start=1):
        ctx = _Ctx(file, spec.key, entry=entry, id_key=spec.id_key)
        if isinstance(item, dict):
            # Name the card in messages as early as possible.
            ident = item.get(spec.id_key)
            if isinstance(ident, int) and not isinstance(ident, bool):
                ctx.card_id = ident
            if isinstance(item.get("name"), str):
                ctx.card_name = item["name"]
        record = dict(_table(spec.fields)(ctx, None, item))
        if extra is not None:
            extra(ctx, item, record)
        record["_ctx"] = ctx
        records.append(record)

    # Ids: unique, then exactly first_id .. first_id + count - 1.
    seen: dict[int, dict] = {}
    for record in records:
        ident = record[spec.id_key]
        if ident in seen:
            other = seen[ident]["_ctx"]
            record["_ctx"].fail(
                spec.id_key,
                f"duplicate {spec.id_key} {ident} (also used by entry #{other.entry}"
                + (f' "{other.card_name}"' if other.card_name else "")
                + ")",
            )
        seen[ident] = record
    expected = set(range(spec.first_id, spec.first_id + spec.count))
    missing = sorted(expected - seen.keys())
    unexpected = sorted(seen.keys() - expected)
    if unexpected:
        seen[unexpected[0]]["_ctx"].fail(
            spec.id_key,
            f"{spec.id_key} {unexpected[0]} is out of range "
            f"(expected {spec.first_id}..{spec.first_id + spec.count - 1})",
        )
    if missing:
        raise CardDataError(
            file,
            f"expected {spec.count} entries with {spec.id_key} {spec.first_id}..{spec.first_id + spec.count - 1}, "
            f"found {len(records)}; missing {spec.id_key}(s): {', '.join(map(str, missing))}",
            card=f"[[{spec.key}]]",
            field=spec.id_key,
        )
    records.sort(key=lambda r: r[spec.id_key])

    # Sets: e.g. the first 40 ids "base", the next 3 "extra".
    if spec.sets is not None:
        bounds: list[tuple[int, str]] = []
        upto = spec.first_id - 1
        for name, count in spec.sets.items():
            upto += count
            bounds.append((upto, name))
        for record in records:
            want = next(name for last, name in bounds if record[spec.id_key] <= last)
            if record["set"] != want:
                counts = ", ".join(f"{n} {s!r}" for s, n in spec.sets.items())
                record["_ctx"].fail("set", f"expected {want!r} (the deck is {counts}, in id order), got {record['set']!r}")
    return records


def _check_building_params(ctx: _Ctx, raw: dict, record: dict) -> None:
    schema = _BUILDING_SCHEMAS[record["effect"]]
    record["params"] = schema.check(ctx, raw["params"], record["category"])


def _check_apprentice_params(ctx: _Ctx, raw: dict, record: dict) -> None:
    schema = _APPRENTICE_SCHEMAS[record["ability"]]
    record["params"] = schema.check(ctx, raw["params"])


def _check_cathedral_cost(ctx: _Ctx, raw: dict, record: dict) -> None:
    has_cost, has_mix = "cost" in record, "mix" in record
    if has_cost == has_mix:
        ctx.fail("cost", "give exactly one of 'cost' (list of alternatives) or 'mix'")
    if has_mix:
        mix = record["mix"]
        options = []
        for split in _compositions(mix["total"], len(mix["of"])):
            counts = dict(zip(mix["of"], split))
            options.append(FrozenMap({r: counts[r] for r in RESOURCES if counts.get(r)}))
        record["cost"] = tuple(options)


def _compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """All ways to split ``total`` into ``parts`` non-negative counts, first part descending."""
    if parts == 1:
        yield (total,)
        return
    for first in range(total, -1, -1):
        for rest in _compositions(total - first, parts - 1):
            yield (first, *rest)


def _name_index(file: str, buildings: list[dict]) -> dict[str, int]:
    index: dict[str, int] = {}
    owner: dict[str, dict] = {}
    for i, record in enumerate(buildings):
        for field_name, name in [("name", record["name"])] + [(f"aliases[{j}]", a) for j, a in enumerate(record["aliases"])]:
            key = _name_key(name)
            if key in index:
                other = owner[key]
                record["_ctx"].fail(
                    field_name,
                    f'duplicate name {name!r} (already used by building id={other["id"]} "{other["name"]}")',
                )
            index[key] = i
            owner[key] = record
    return index


def _strip(record: dict, *drop: str) -> dict:
    return {k: v for k, v in record.items() if k != "_ctx" and k not in drop}


def load(data_dir: str | Path = DATA_DIR) -> CardSet:
    """Load and validate the three data files in ``data_dir``."""
    data_dir = Path(data_dir)

    b_path = data_dir / BUILDINGS_FILE
    b_raw = _read_toml(b_path, {"building": list})
    b_records = _load_array(str(b_path), b_raw["building"], _BUILDINGS_SPEC, _check_building_params)
    names = _name_index(str(b_path), b_records)
    buildings = tuple(Building(**_strip(r)) for r in b_records)

    a_path = data_dir / APPRENTICES_FILE
    a_raw = _read_toml(a_path, {"apprentice": list})
    a_records = _load_array(str(a_path), a_raw["apprentice"], _APPRENTICES_SPEC, _check_apprentice_params)
    apprentices = tuple(Apprentice(**_strip(r)) for r in a_records)

    m_path = data_dir / MARKET_FILE
    m_raw = _read_toml(
        m_path,
        {"black_market": list, "black_market_empty": dict, "reward": list, "cathedral": list, "virtue": list},
    )
    m_file = str(m_path)
    black_market = tuple(
        BlackMarketCard(**_strip(r)) for r in _load_array(m_file, m_raw["black_market"], _BLACK_MARKET_SPEC)
    )
    empty = _table(_BLACK_MARKET_EMPTY_FIELDS)(_Ctx(m_file, "[black_market_empty]"), None, m_raw["black_market_empty"])
    rewards = tuple(RewardCard(**_strip(r)) for r in _load_array(m_file, m_raw["reward"], _REWARD_SPEC))
    cathedral = tuple(
        CathedralLevel(level=r["level"], vp=r["vp"], spaces=r["spaces"], costs=r["cost"])
        for r in _load_array(m_file, m_raw["cathedral"], _CATHEDRAL_SPEC, _check_cathedral_cost)
    )
    virtue = tuple(VirtueLevel(**_strip(r)) for r in _load_array(m_file, m_raw["virtue"], _VIRTUE_SPEC))

    return CardSet(
        buildings=buildings,
        apprentices=apprentices,
        black_market_cards=black_market,
        black_market_empty_small=empty["small"],
        black_market_empty_large=empty["large"],
        rewards=rewards,
        cathedral=cathedral,
        virtue_track=virtue,
        _names=FrozenMap(names),
    )


# --------------------------------------------------------------------------
# Module constants (the game's own data)
# --------------------------------------------------------------------------

CARDS: CardSet = load(DATA_DIR)

BUILDINGS: tuple[Building, ...] = CARDS.buildings
APPRENTICES: tuple[Apprentice, ...] = CARDS.apprentices
BLACK_MARKET_CARDS: tuple[BlackMarketCard, ...] = CARDS.black_market_cards
BLACK_MARKET_EMPTY_SMALL: Mapping[str, int] = CARDS.black_market_empty_small
BLACK_MARKET_EMPTY_LARGE: Mapping[str, int] = CARDS.black_market_empty_large
REWARDS: tuple[RewardCard, ...] = CARDS.rewards
CATHEDRAL: tuple[CathedralLevel, ...] = CARDS.cathedral
VIRTUE_TRACK: tuple[VirtueLevel, ...] = CARDS.virtue_track


def building(name: str) -> Building:
    """The building called ``name`` (case-insensitive; aliases such as
    "Gallery" and "Aquaduct" accepted). Raises ``UnknownCardError``, a
    ``KeyError`` that is also a ``ValueError``, for an unknown name."""
    return CARDS.building(name)
