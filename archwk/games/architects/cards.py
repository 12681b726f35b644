"""Card and track data for *Architects of the West Kingdom*.

The figures live in TOML files in ``archwk/games/architects/data/`` (``buildings.toml``,
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
A card's ``params`` are checked here for their general shape only (a table);
what an ability's or effect's params must hold is declared by its behaviour
entry (``archwk.games.architects.behaviour``), which checks every row when it is imported, so
``import archwk`` fails on bad data; ``archwk.games.architects.behaviour.data.load_cards(data_dir)``
runs both checks on another data directory.

This module uses only the standard library, ``archwk.kit.errors`` and
``archwk.kit.schema`` (the field specs), so it can be imported on its own.
"""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...kit.errors import ArchwkError, CardDataError
from ...kit.schema import (
    BOOL,
    INT,
    NAT,
    POS,
    STR,
    Ctx,
    FrozenMap,
    Spec,
    amounts,
    array,
    choice,
    optional,
    table,
    type_name,
)

__all__ = [
    "APPRENTICES",
    "BLACK_MARKET_CARDS",
    "BLACK_MARKET_EMPTY_LARGE",
    "BLACK_MARKET_EMPTY_SMALL",
    "BUILDINGS",
    "BUILDING_CATEGORIES",
    "CARDS",
    "CATHEDRAL",
    "DATA_DIR",
    "RESOURCES",
    "REWARDS",
    "SETS",
    "SKILLS",
    "VIRTUE_TRACK",
    "Apprentice",
    "BlackMarketCard",
    "Building",
    "CardDataError",
    "CardSet",
    "CathedralLevel",
    "FrozenMap",
    "RewardCard",
    "UnknownCardError",
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
# A card's params: the loader checks their general shape; each one's own shape
# is its behaviour entry's ParamSchema, checked by archwk.games.architects.behaviour.
# --------------------------------------------------------------------------


def _stored(value: Any) -> Any:
    """A params value as stored: tables as FrozenMaps (a table of goods, every
    key among GAIN_KEYS, in that order, as every amounts table; others as
    written), arrays as tuples."""
    if isinstance(value, dict):
        keys = list(value)
        if all(k in GAIN_KEYS for k in keys):
            keys.sort(key=GAIN_KEYS.index)
        return FrozenMap({k: _stored(value[k]) for k in keys})
    if isinstance(value, list):
        return tuple(_stored(v) for v in value)
    return value


def _PARAMS(ctx: Ctx, path: str, value: Any) -> FrozenMap:
    if not isinstance(value, dict):
        ctx.fail(path, f"expected a table, got {type_name(value)} {value!r}")
    return _stored(value)


# --------------------------------------------------------------------------
# Record schemas (one per TOML array)
# --------------------------------------------------------------------------

_SKILL_LIST = array(choice(SKILLS, "skill"), into=frozenset)

_BUILDING_FIELDS: dict[str, Spec] = {
    "id": POS,
    "name": STR,
    "vp": NAT,
    "cost": amounts(RESOURCES, positive=False),
    "skills": _SKILL_LIST,
    "virtue": INT,
    "category": choice(BUILDING_CATEGORIES, "category"),
    "effect": STR,  # a behaviour entry's key: checked by archwk.games.architects.behaviour.buildings
    "params": _PARAMS,  # its shape: the effect's ParamSchema, checked there too
    "set": choice(SETS, "set"),
    "aliases": array(STR),
    "text": STR,
}

_APPRENTICE_FIELDS: dict[str, Spec] = {
    "id": POS,
    "name": STR,
    "skills": array(choice(SKILLS, "skill"), min_len=1, into=frozenset),
    "virtue": INT,
    "ability": STR,  # a behaviour entry's key: checked by archwk.games.architects.behaviour
    "params": _PARAMS,  # its shape: the ability's ParamSchema, checked there too
    "set": choice(SETS, "set"),
    "text": STR,
}

_MARKET_AMOUNTS = amounts(RESOURCES, positive=True)

_BLACK_MARKET_FIELDS: dict[str, Spec] = {"id": POS, "small": _MARKET_AMOUNTS, "large": _MARKET_AMOUNTS}
_BLACK_MARKET_EMPTY_FIELDS: dict[str, Spec] = {"small": _MARKET_AMOUNTS, "large": _MARKET_AMOUNTS}
_REWARD_FIELDS: dict[str, Spec] = {"id": POS, "gain": amounts(GAIN_KEYS, positive=True)}
_CATHEDRAL_FIELDS: dict[str, Any] = {
    "level": POS,
    "vp": NAT,
    "spaces": POS,
    "cost": optional(array(amounts(RESOURCES, positive=True), min_len=1)),
    "mix": optional(table({"of": array(choice(RESOURCES, "resource"), min_len=1), "total": POS})),
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
    ctx = Ctx(str(path), None)
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
            ctx.fail(key, f"expected {'an array of tables' if kind is list else 'a table'}, got {type_name(data[key])}")
    return data


def _load_array(
    file: str, raw: list, spec: _ArraySpec, extra: Callable[[Ctx, dict, dict], None] | None = None
) -> list[dict]:
    """Validate every entry of one array, then ids, counts and sets."""
    records: list[dict] = []
    for entry, item in enumerate(raw, start=1):
        ctx = Ctx(file, spec.key, entry=entry, id_key=spec.id_key)
        if isinstance(item, dict):
            # Name the card in messages as early as possible.
            ident = item.get(spec.id_key)
            if isinstance(ident, int) and not isinstance(ident, bool):
                ctx.card_id = ident
            if isinstance(item.get("name"), str):
                ctx.card_name = item["name"]
        record = dict(table(spec.fields)(ctx, None, item))
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
                record["_ctx"].fail(
                    "set", f"expected {want!r} (the deck is {counts}, in id order), got {record['set']!r}"
                )
    return records


def _check_cathedral_cost(ctx: Ctx, raw: dict, record: dict) -> None:
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
        aliases = [(f"aliases[{j}]", a) for j, a in enumerate(record["aliases"])]
        for field_name, name in [("name", record["name"]), *aliases]:
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
    b_records = _load_array(str(b_path), b_raw["building"], _BUILDINGS_SPEC)
    names = _name_index(str(b_path), b_records)
    buildings = tuple(Building(**_strip(r)) for r in b_records)

    a_path = data_dir / APPRENTICES_FILE
    a_raw = _read_toml(a_path, {"apprentice": list})
    a_records = _load_array(str(a_path), a_raw["apprentice"], _APPRENTICES_SPEC)
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
    empty = table(_BLACK_MARKET_EMPTY_FIELDS)(Ctx(m_file, "[black_market_empty]"), None, m_raw["black_market_empty"])
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
