"""Archon's actions: one frozen, hashable `Action` per choice, with its kind and
fields (`ACTION_KINDS`). `str(action)` is its label, worded by the explainer from
the position it was listed at (`archwk.games.archon.explain`), with its cost and
gain; `to_dict()`/`from_dict()` (and `to_json`/`from_json`) round-trip.

>>> a = Action("place", location="treasury", slot=0, pay=("courtier",))
>>> a.kind, a.location, a.slot, a.pay
('place', 'treasury', 0, ('courtier',))
>>> Action.from_dict(a.to_dict()) == a
True
"""
from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Mapping
from typing import Any

from ...kit.errors import IllegalAction, InvalidSave
from .constants import CARD_TYPES, EXPLAINER, LOCATIONS, MAGISTERS, RESOURCES

#: every kind of action and its fields, in order
ACTION_KINDS: dict[str, tuple[str, ...]] = {
    "start": ("magisters",),               # §3 step 17: two different starting Magisters
    "split": ("hand",),                    # §4: this round's pile of 5 (counts per card type)
    "place": ("location", "slot", "pay"),  # §4: play card(s), place a Wooden Figure
    "pass": (),                            # §4.1
    "take": ("resource",),                 # §4.2.1: a cube from the Repository
    "lab": ("resource",),                  # §9 Laboratory: a cube from the stockpile
    "buy": ("slot",),                      # §4.2.4: a cube under a Marketplace slot
    "sell": ("slot",),                     # §4.2.4: a cube onto an empty Marketplace slot
    "recruit": ("magister", "skip"),       # §4.2.5 (skip: the cube the Inn spares, or None)
    "replace": ("zone",),                  # §4.2.5: the Courtier the new Magister replaces
    "warrior": ("gate",),                  # §4.2.6: an Elite Warrior on the wall (gate: a Main Gate slot)
    "tile": ("name",),                     # §4.2.7
    "more": (),                            # §4.2.8/4.2.9: buy the second card
    "stop": (),                            # end a visit / decline the Scribe's extra action
    "lose": ("resource",),                 # §7: a cube lost to a raid
}
ZONE_NAMES = ("hand", "played", "next", "spent", "pile")

def own_words() -> Any:
    """This game's explainer (`constants.EXPLAINER`), for what no state words: an action
    listed at no state, an event. Loaded by its path when first asked, then found among
    the loaded modules."""
    words = sys.modules.get(EXPLAINER)
    return words if words is not None else importlib.import_module(EXPLAINER)


def _check_field(kind: str, name: str, value: Any) -> Any:
    """A field's value as stored (tuples for lists); IllegalAction if it cannot be one."""
    def bad(what: str):
        raise IllegalAction(f"action {kind!r}: field {name!r}: {what}, got {value!r}")

    if name == "location":
        if value not in LOCATIONS:
            bad(f"expected one of the locations ({', '.join(LOCATIONS)})")
    elif name in ("slot",):
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            bad("expected a slot number (0 or more)")
    elif name == "pay":
        if not isinstance(value, (list, tuple)) or not 1 <= len(value) <= 2 or \
                any(c not in CARD_TYPES for c in value):
            bad("expected 1 or 2 card types (courtier, tax_collector, cleric, scribe, merchant)")
        value = tuple(sorted(value, key=CARD_TYPES.index))
    elif name == "magisters":
        if not isinstance(value, (list, tuple)) or len(value) != 2 or any(m not in MAGISTERS for m in value):
            bad("expected two Magister types")
        value = tuple(sorted(value, key=MAGISTERS.index))
    elif name == "hand":
        if not isinstance(value, (list, tuple)) or len(value) != len(CARD_TYPES) or \
                any(not isinstance(x, int) or isinstance(x, bool) or x < 0 for x in value):
            bad(f"expected {len(CARD_TYPES)} card counts (courtier, tax_collector, cleric, scribe, merchant)")
        value = tuple(value)
    elif name in ("resource",):
        if value not in RESOURCES:
            bad(f"expected a resource ({', '.join(RESOURCES)})")
    elif name == "skip":
        if value is not None and value not in RESOURCES:
            bad("expected a resource or null")
    elif name == "magister":
        if value not in MAGISTERS:
            bad(f"expected a Magister type ({', '.join(MAGISTERS)})")
    elif name == "zone":
        if value not in ZONE_NAMES:
            bad(f"expected one of {', '.join(ZONE_NAMES)}")
    elif name == "gate":
        if not isinstance(value, bool):
            bad("expected true or false")
    elif name == "name" and (not isinstance(value, str) or not value or len(value) > 60):
        bad("expected a Building tile name")
    return value


def _rebuilt(kind: str, args: tuple) -> Action:
    return Action._raw(kind, args)


class Action:
    """One choice. Equal actions have equal kind and fields; the position an action
    was listed at (for its label) is not part of it."""
    __slots__ = ("_args", "_ctx", "_hash", "_kind")

    def __init__(self, kind: str, **fields):
        if kind not in ACTION_KINDS:
            raise IllegalAction(f"unknown action kind {kind!r} (the kinds: {', '.join(ACTION_KINDS)})")
        names = ACTION_KINDS[kind]
        unknown = set(fields) - set(names)
        if unknown:
            raise IllegalAction(f"action {kind!r}: unknown field(s) {sorted(unknown)} (its fields: "
                                f"{', '.join(names) or 'none'})")
        missing = [n for n in names if n not in fields]
        if missing:
            raise IllegalAction(f"action {kind!r}: missing field(s) {missing}")
        args = tuple(_check_field(kind, n, fields[n]) for n in names)
        object.__setattr__(self, "_kind", kind)
        object.__setattr__(self, "_args", args)
        object.__setattr__(self, "_hash", hash((kind, args)))
        object.__setattr__(self, "_ctx", None)

    @classmethod
    def _raw(cls, kind: str, args: tuple, ctx=None) -> Action:
        """An action of checked fields (the rules list these), worded from `ctx`."""
        a = object.__new__(cls)
        object.__setattr__(a, "_kind", kind)
        object.__setattr__(a, "_args", args)
        object.__setattr__(a, "_hash", hash((kind, args)))
        object.__setattr__(a, "_ctx", ctx)
        return a

    def _with_ctx(self, ctx) -> Action:
        return Action._raw(self._kind, self._args, ctx)

    def __setattr__(self, name, value):
        raise AttributeError("an Action is immutable")

    def __reduce__(self):  # a value: pickled and copied by its kind and fields
        return (_rebuilt, (self._kind, self._args))

    @property
    def kind(self) -> str:
        return self._kind

    @property
    def fields(self) -> dict[str, Any]:
        return dict(zip(ACTION_KINDS[self._kind], self._args))

    def __getattr__(self, name: str) -> Any:
        # location, slot, pay, resource, ...: None for a field this kind does not have
        if name.startswith("_"):
            raise AttributeError(name)
        for kind_fields in ACTION_KINDS.values():
            if name in kind_fields:
                names = ACTION_KINDS[self._kind]
                return self._args[names.index(name)] if name in names else None
        raise AttributeError(f"an Action has no field {name!r}")

    def __eq__(self, other) -> bool:
        return isinstance(other, Action) and self._hash == other._hash and \
            self._kind == other._kind and self._args == other._args

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self.fields.items())
        return f"Action({self._kind!r}{', ' if inner else ''}{inner})"

    def __str__(self) -> str:
        ctx = self._ctx
        if ctx is None:  # made by hand, read from a record, or in a view's history: no figures
            return own_words().label(self, None)
        return ctx.game.explainer.label(self, ctx)  # the state it was listed at: its game's words

    @property
    def label(self) -> str:
        return str(self)

    # ---- saving
    def to_dict(self) -> dict:
        d: dict[str, Any] = {"kind": self._kind}
        for k, v in zip(ACTION_KINDS[self._kind], self._args):
            d[k] = list(v) if isinstance(v, tuple) else v
        return d

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_dict(cls, d: Any) -> Action:
        if not isinstance(d, Mapping):
            raise InvalidSave("action: expected an object")
        kind = d.get("kind")
        if not isinstance(kind, str) or kind not in ACTION_KINDS:
            raise InvalidSave(f"action: unknown kind {json.dumps(kind)[:40]}")
        try:
            return cls(kind, **{k: v for k, v in d.items() if k != "kind"})
        except IllegalAction as e:
            raise InvalidSave(str(e)) from None

    @classmethod
    def from_json(cls, text: str | bytes) -> Action:
        from ...kit.records import parse
        return cls.from_dict(parse(text, "action"))
