"""How card data is checked: the field specs the loader (archwk.games.architects.cards) checks
its files with, and `ParamSchema`, the shape of a card's `params` that each
behaviour entry declares beside what it does (archwk.games.architects.behaviour).

A spec is a function ``spec(ctx, path, value) -> value as stored``; it raises
`CardDataError` naming the file, the card and the field (`ctx.fail`). Specs
take a table as a TOML table or a `FrozenMap` and an array as a list or a
tuple, so the behaviour package can check the params the loader has stored.

    >>> miner = ParamSchema({"clay": POS})
    >>> where = Ctx("apprentices.toml", "apprentice", card_id=19, card_name="Miner")
    >>> miner.check(where, {"clay": 1})
    FrozenMap({'clay': 1})
    >>> try:
    ...     miner.check(where, {"clay": 0})
    ... except CardDataError as e:
    ...     print(e)
    apprentices.toml: apprentice id=19 "Miner": field 'params.clay': value 0 not allowed (must be >= 1)

This module uses only the standard library and ``archwk.kit.errors``.
"""

from __future__ import annotations

from collections.abc import Callable, ItemsView, Iterable, Iterator, KeysView, Mapping, ValuesView
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn, Protocol

from .errors import CardDataError

__all__ = [
    "BOOL",
    "INT",
    "NAT",
    "NO_PARAMS",
    "POS",
    "STR",
    "Ctx",
    "FrozenMap",
    "ParamSchema",
    "Spec",
    "amounts",
    "array",
    "check_rows",
    "choice",
    "integer",
    "optional",
    "table",
    "type_name",
]


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

    # the underlying dict's own views and lookups (read only): the rules read card
    # costs and goods at every listing, and the generic Mapping ones are slower
    def items(self) -> ItemsView:
        return self._data.items()

    def keys(self) -> KeysView:
        return self._data.keys()

    def values(self) -> ValuesView:
        return self._data.values()

    def get(self, key: Any, default: Any = None) -> Any:
        return self._data.get(key, default)

    def __contains__(self, key: object) -> bool:
        return key in self._data

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


# --------------------------------------------------------------------------
# Where we are while checking
# --------------------------------------------------------------------------


@dataclass(slots=True)
class Ctx:
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

    def fail(self, field: str | None, problem: str) -> NoReturn:
        raise CardDataError(
            self.file,
            problem,
            card=self.label(),
            card_id=self.card_id,
            card_name=self.card_name,
            field=field,
        )


def type_name(value: Any) -> str:
    """The TOML name of a value's type ("integer", "table", ...)."""
    name = {
        bool: "boolean",
        int: "integer",
        float: "float",
        str: "string",
        list: "array",
        tuple: "array",
        dict: "table",
    }.get(type(value))
    if name is None:
        return "table" if isinstance(value, Mapping) else type(value).__name__
    return name


def _shown(value: Any) -> str:
    """A value as written in a message: stored tables and arrays as in the file."""
    return repr(_thawed(value))


def _thawed(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _thawed(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [_thawed(v) for v in value]
    return value


# --------------------------------------------------------------------------
# Field specs: each is ``spec(ctx, path, value) -> converted value``.
# --------------------------------------------------------------------------

Spec = Callable[[Ctx, str, Any], Any]


def integer(minimum: int | None = None) -> Spec:
    """An integer (not a boolean), at least `minimum`."""

    def check(ctx: Ctx, path: str, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            ctx.fail(path, f"expected an integer, got {type_name(value)} {_shown(value)}")
        if minimum is not None and value < minimum:
            what = "negative value" if value < 0 else "value"
            ctx.fail(path, f"{what} {value} not allowed (must be >= {minimum})")
        return value

    return check


INT = integer()
NAT = integer(0)
POS = integer(1)


def BOOL(ctx: Ctx, path: str, value: Any) -> bool:
    if not isinstance(value, bool):
        ctx.fail(path, f"expected a boolean, got {type_name(value)} {_shown(value)}")
    return value


def STR(ctx: Ctx, path: str, value: Any) -> str:
    if not isinstance(value, str):
        ctx.fail(path, f"expected a string, got {type_name(value)} {_shown(value)}")
    if not value.strip():
        ctx.fail(path, "must not be empty")
    return value


def choice(options: Iterable[str], what: str) -> Spec:
    """One of `options`, named `what` in messages ("unknown skill 'x' ...")."""
    allowed = frozenset(options)
    ordered = sorted(allowed)

    def check(ctx: Ctx, path: str, value: Any) -> str:
        STR(ctx, path, value)
        if value not in allowed:
            ctx.fail(path, f"unknown {what} {value!r} (expected one of: {', '.join(ordered)})")
        return value

    return check


def array(item: Spec, *, min_len: int = 0, unique: bool = True, into: type = tuple) -> Spec:
    """An array of `item`s (at least `min_len`, no two alike when `unique`), stored as `into`."""

    def check(ctx: Ctx, path: str, value: Any) -> Any:
        if not isinstance(value, (list, tuple)):
            ctx.fail(path, f"expected an array, got {type_name(value)} {_shown(value)}")
        if len(value) < min_len:
            ctx.fail(path, f"needs at least {min_len} item(s), got {len(value)}")
        items = [item(ctx, f"{path}[{i}]", v) for i, v in enumerate(value)]
        if unique:
            for i, v in enumerate(items):
                if v in items[:i]:
                    ctx.fail(f"{path}[{i}]", f"duplicate item {_shown(value[i])}")
        return into(items)

    return check


def amounts(keys: tuple[str, ...], *, positive: bool, nonempty: bool = True) -> Spec:
    """A table of resource counts; returned as a FrozenMap in ``keys`` order.

    With ``positive=False`` zero counts are accepted and dropped (costs);
    with ``positive=True`` every count must be at least 1 (params, gains).
    """
    count = POS if positive else NAT

    def check(ctx: Ctx, path: str, value: Any) -> FrozenMap:
        if not isinstance(value, Mapping):
            ctx.fail(path, f"expected a table of counts, got {type_name(value)} {_shown(value)}")
        for key in value:
            if key not in keys:
                ctx.fail(f"{path}.{key}", f"unknown resource {key!r} (expected one of: {', '.join(keys)})")
        counts = {k: count(ctx, f"{path}.{k}", value[k]) for k in keys if k in value}
        counts = {k: n for k, n in counts.items() if n}
        if nonempty and not counts:
            ctx.fail(path, "must give at least one non-zero count")
        return FrozenMap(counts)

    return check


def optional(spec: Spec) -> tuple[Spec, bool]:
    """A key of a `table` that may be left out."""
    return (spec, False)


def table(fields: Mapping[str, Spec | tuple[Spec, bool]]) -> Callable[[Ctx, str | None, Any], FrozenMap]:
    """A table with a fixed set of keys (required unless wrapped in `optional`)."""
    norm = {k: (v if isinstance(v, tuple) else (v, True)) for k, v in fields.items()}

    def check(ctx: Ctx, path: str | None, value: Any) -> FrozenMap:
        where = f"{path}." if path else ""
        if not isinstance(value, Mapping):
            ctx.fail(path, f"expected a table, got {type_name(value)} {_shown(value)}")
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
# A card's params, declared by its behaviour entry
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ParamSchema:
    """The keys a card's params table may hold (`fields`, each a spec; required
    unless `optional`), or `amounts`: the params are themselves a table of counts
    over these keys (``{stone = 4}``). For buildings, `categories` are the
    categories the effect may have, and `one_of` names keys of which exactly one
    must be present, each mapped to the category it needs."""

    fields: Mapping[str, Spec | tuple[Spec, bool]] = field(default_factory=dict)
    amounts: tuple[str, ...] | None = None
    categories: tuple[str, ...] = ()
    one_of: Mapping[str, str] | None = None

    def check(self, ctx: Ctx, params: Any, category: str | None = None) -> FrozenMap:
        """`params` as this schema stores them; `CardDataError` (field 'params...',
        or 'category' when the category does not fit) if they do not fit."""
        if self.amounts is not None:
            result = amounts(self.amounts, positive=True)(ctx, "params", params)
        else:
            result = table(self.fields)(ctx, "params", params)
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


#: the schema of an entry whose cards have no params (an empty table)
NO_PARAMS = ParamSchema()


class _Row(Protocol):
    @property
    def id(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def params(self) -> Mapping[str, Any]: ...


class _Entry(Protocol):
    @property
    def params(self) -> ParamSchema: ...


def check_rows(file: str | Path, kind: str, rows: Iterable[_Row], key: str, entries: Mapping[str, _Entry]) -> None:
    """Every row's `key` field (its ability, its effect) names one of `entries`,
    and its params fit that entry's `params` schema (with the row's `category`,
    if it has one). Raises `CardDataError` naming `file`, the card (as `kind`
    with its id and name) and the field, as the loader does."""
    known = choice(entries, key)
    for row in rows:
        ctx = Ctx(str(file), kind, card_id=row.id, card_name=row.name)
        word = known(ctx, key, getattr(row, key))
        entries[word].params.check(ctx, row.params, getattr(row, "category", None))
