"""Actions: one choice at a decision, and the table of every kind of action.

`ACTION_KINDS` says, for each kind, which of the fields `location`, `card`,
`target` and `option` it uses and what they hold (docs/actions.md is written
from it). The words for an action (`str(action)`) come from the explainer of the
game it belongs to: an action listed at a state asks that state's game
(`state.game.explainer`); one listed at no state (made by hand, read from JSON,
listed at a quiet state) asks this game's explainer, loaded by its import path
(`constants.EXPLAINER`): the explainer sits above the rules and the rules below
it never import it. Nothing is installed: no module holds words to swap.
"""
from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...kit.errors import InvalidSave
from .constants import EXPLAINER


def own_words() -> Any:
    """This game's explainer (`constants.EXPLAINER`), for what no state words: an
    action listed at no state, an event (`Event.text`). Loaded by its path when first
    asked (as a Game's play side is), then found among the loaded modules."""
    words = sys.modules.get(EXPLAINER)
    return words if words is not None else importlib.import_module(EXPLAINER)


_ACTION_FIELDS = ("kind", "location", "card", "target", "option")
#: the longest action document read (characters)
_MAX_ACTION_TEXT = 10_000


class Action:
    """One choice at a decision. Frozen and hashable.

    `kind` says what sort of choice it is ("place", "capture", "hire", ...); the
    other fields carry its parameters (`location`: a location id; `card`: a
    building name or an apprentice id; `target`: a player index or a display
    slot; `option`: any other parameter, e.g. a payment as ((resource, n), ...)).

    >>> a = Action("place", location="forest")
    >>> a == Action.from_json(a.to_json())
    True
    """
    # Immutable through read-only properties over private slots (no __setattr__
    # override: plain stores in __init__ are several times faster than going
    # through one, and an action is made at every choice offered).
    __slots__ = ("_ctx", "_hash", "_key")
    _key: tuple
    _ctx: Any
    _hash: int | None

    def __init__(self, kind: str, location: str | None = None, card: Any = None,
                 target: int | None = None, option: Any = None):
        self._key = (kind, location, card, target, option)
        # what the label is worded from, not part of identity: the state the action was
        # listed at (its figures are computed only when asked), a label already worded,
        # or None (an action made by hand or read from JSON: a label without figures)
        self._ctx = None
        self._hash = None

    @staticmethod
    def _prepared(key: tuple) -> Action:
        """A shared action (made by `shared`, which keeps it), its hash computed once:
        never worded from a state (archwk.games.architects.engine lists a copy of it at a logged
        state, `_with_ctx`)."""
        a = Action.__new__(Action)
        a._key, a._ctx, a._hash = key, None, hash(key)
        return a

    def _with_ctx(self, ctx) -> Action:
        """The same action, worded from `ctx` (a state it is legal at, or its label)."""
        a = Action.__new__(Action)
        a._key, a._ctx, a._hash = self._key, ctx, self._hash
        return a

    @property
    def kind(self) -> str:
        return self._key[0]

    @property
    def location(self) -> Any:
        return self._key[1]

    @property
    def card(self) -> Any:
        return self._key[2]

    @property
    def target(self) -> Any:
        return self._key[3]

    @property
    def option(self) -> Any:
        return self._key[4]

    def __eq__(self, other):
        return isinstance(other, Action) and self._key == other._key

    def __hash__(self):
        h = self._hash
        if h is None:
            h = self._hash = hash(self._key)
        return h

    def __repr__(self):
        parts = [repr(self.kind)] + [f"{f}={getattr(self, f)!r}" for f in _ACTION_FIELDS[1:]
                                     if getattr(self, f) is not None]
        return f"Action({', '.join(parts)})"

    def __str__(self):
        ctx = self._ctx
        if ctx is None:  # made by hand, read from JSON, or listed at a quiet state: no figures
            return own_words().action_label(self)
        if type(ctx) is str:  # a label already worded
            return ctx
        return ctx.game.explainer.action_label(self)  # the state it was listed at: its game's words

    def to_dict(self) -> dict:
        return {f: _jsonable(getattr(self, f)) for f in _ACTION_FIELDS if getattr(self, f) is not None}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_dict(cls, d: Mapping) -> Action:
        """An action from its document, strictly: a known kind, only the fields
        that kind uses (see ACTION_KINDS), each of its type."""
        if not isinstance(d, Mapping) or not isinstance(d.get("kind"), str):
            raise InvalidSave("action: expected an object with a string 'kind'")
        unknown = set(d) - set(_ACTION_FIELDS)
        if unknown:
            raise InvalidSave(f"action: unknown field(s) {sorted(map(str, unknown))[:5]}")
        kind = d["kind"]
        if kind not in _SHAPES:
            raise InvalidSave(f"action: unknown kind {kind[:40]!r}")
        shape = _SHAPES[kind]
        given = {f for f in _ACTION_FIELDS[1:] if d.get(f) is not None}
        extra = given - set(shape)
        if extra:
            raise InvalidSave(f"action {kind!r}: does not use the field(s) {sorted(extra)}")
        need = set(_REQUIRED.get(kind, ()))
        if kind == "trade":
            need = set() if len(given) == 1 else {"card or option (exactly one)"}
        missing = need - given
        if missing:
            raise InvalidSave(f"action {kind!r}: missing field(s) {sorted(missing)}")
        for f in given:
            if not shape[f](d[f]):
                raise InvalidSave(f"action {kind!r}: field {f!r} has the wrong type or form")
        return cls(kind, d.get("location"), d.get("card"), d.get("target"), _tupled(d.get("option")))

    @classmethod
    def from_json(cls, text: str | Mapping) -> Action:
        if isinstance(text, Mapping):
            return cls.from_dict(text)
        if isinstance(text, (str, bytes, bytearray)) and len(text) > _MAX_ACTION_TEXT:
            raise InvalidSave(f"action: {len(text):,} characters is over the limit of {_MAX_ACTION_TEXT:,}")
        try:
            d = json.loads(text)
        except RecursionError:
            raise InvalidSave("action: nested too deeply") from None
        except (TypeError, ValueError) as e:
            raise InvalidSave(f"action: not valid JSON ({str(e)[:100]})") from None
        return cls.from_dict(d)


#: the shared actions made by `shared`, by their fields: interned for good. Entries are
#: only ever added, never cleared or replaced, and an action never changes, so every thread
#: (the coach searches on threads) sees one action per fields, and a rule holding one
#: (storehouse._STOP, ruleset's placements) keeps holding the one listed
_SHARED: dict[tuple, Action] = {}
#: at most this many kept: past it a rule shares actions it should not (fields of many
#: values), and a new one is made unshared (equal to, but not the same object as, another)
_SHARED_LIMIT = 20_000


def shared(kind: str, location: str | None = None, card: Any = None, target: int | None = None,
           option: Any = None) -> Action:
    """The shared action with these fields, made when first asked (`Action._prepared`):
    for the choices the rules list again and again (a placement, a capture, a hire
    from a display slot, a Stop), whose fields take few values."""
    key = (kind, location, card, target, option)
    a = _SHARED.get(key)
    if a is None:
        a = Action._prepared(key)
        if len(_SHARED) < _SHARED_LIMIT:
            a = _SHARED.setdefault(key, a)  # one atomic step: two threads making it keep the same one
    return a


def _jsonable(v):
    if isinstance(v, tuple):
        return [_jsonable(x) for x in v]
    return v


def _is_str(v) -> bool:
    return isinstance(v, str) and 0 < len(v) <= 80


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and -1 <= v < 1000


def _is_payment(v) -> bool:
    return isinstance(v, (list, tuple)) and len(v) <= 10 and all(
        isinstance(x, (list, tuple)) and len(x) == 2 and _is_str(x[0]) and _is_int(x[1]) for x in v)


def _is_trade(v) -> bool:
    return isinstance(v, (list, tuple)) and 0 < len(v) <= 6 and all(_is_str(x) for x in v)


#: what each field of each kind of action may hold (ACTION_KINDS says what it means)
_SHAPES: Mapping[str, Mapping[str, Any]] = {
    "place": {"location": _is_str}, "return_worker": {"location": _is_str, "target": _is_int},
    "pass": {}, "keep": {"card": _is_str}, "discard": {"card": _is_str},
    "discard_apprentice": {"card": _is_int}, "hire": {"target": _is_int}, "plans": {},
    "mine": {"option": _is_str}, "trade": {"option": _is_trade, "card": _is_int},
    "capture": {"location": _is_str, "target": _is_int}, "release": {}, "guard": {"option": _is_str},
    "construct": {"card": _is_str, "option": _is_payment}, "cathedral": {"option": _is_payment},
    "choose": {"option": _is_int}, "draw5": {}, "destroy_debt": {}, "hugo_pay": {}, "take_debt": {},
    "stop": {}, "skip": {},
}
#: the fields an action of that kind always has
_REQUIRED: Mapping[str, tuple[str, ...]] = {
    "place": ("location",), "return_worker": ("location",), "keep": ("card",), "discard": ("card",),
    "discard_apprentice": ("card",), "hire": ("target",), "mine": ("option",), "capture": ("location", "target"),
    "guard": ("option",), "construct": ("card", "option"), "cathedral": ("option",), "choose": ("option",),
}


def _tupled(v):
    if isinstance(v, list):
        return tuple(_tupled(x) for x in v)
    if v is None or (isinstance(v, (str, int)) and not isinstance(v, bool)):
        return v
    raise InvalidSave(f"action.option: unsupported value {v!r}")


# --------------------------------------------------------------------------- the kinds of action

@dataclass(frozen=True)
class ActionKind:
    """One kind of action: what choosing it means, and what each field it uses
    holds (fields not listed are always None)."""
    meaning: str
    fields: Mapping[str, str]


_PAYMENT = "the payment, as ((resource, n), ...) sorted by resource"

#: every kind of action, the fields it uses and what they hold
ACTION_KINDS: Mapping[str, ActionKind] = {
    "place": ActionKind("Place a worker at a board location (decision `place`).",
                        {"location": "the location id (archwk.LOCATIONS)"}),
    "return_worker": ActionKind(
        "With no worker left, bring one back to your board (decision `return_worker`).",
        {"location": "a large open location id, a Black Market space, \"prison\", or \"board\" "
                     "(from another player's board)",
         "target": "with location \"board\": the index of the player holding your worker"}),
    "pass": ActionKind("No worker anywhere to bring back: the turn passes (decision `return_worker`).", {}),
    "keep": ActionKind("Keep a building card: from the building draft (decision `draft`) or from the "
                       "5 cards looked at (decision `keep_one`).", {"card": "the building name"}),
    "discard": ActionKind("Discard a building card from your hand to the bottom of the pile (decisions "
                          "`hand_limit`, `cathedral_discard`, `library`).", {"card": "the building name"}),
    "discard_apprentice": ActionKind(
        "Discard one of your apprentices to the bottom of the apprentice deck (decisions "
        "`apprentice_limit`, `graveyard`, or a free discard during your own turn).",
        {"card": "the apprentice's card id"}),
    "hire": ActionKind("Hire the apprentice at a display space (decisions `workshop`, `black_market_b`, "
                       "`tavern`, `apprentice_draft`).",
                       {"target": "the display space: 0-3 top row, 4-7 bottom row, left to right"}),
    "plans": ActionKind("Work on building plans at the Workshop: draw building cards (decision `workshop`).",
                        {}),
    "mine": ActionKind("Take Clay or Gold at the Mines (decision `mines`).", {"option": "\"clay\" or \"gold\""}),
    "trade": ActionKind(
        "Make one King's Storehouse trade (decision `storehouse`).",
        {"option": "a board trade: the resources paid, e.g. (\"clay\", \"wood\") for 1 Virtue or "
                   "(\"wood\", \"stone\", \"stone\") for 1 Marble",
         "card": "an apprentice's trade: that apprentice's card id"}),
    "capture": ActionKind("Capture a group of workers (decisions `town_centre`, `free_capture`, `barracks`).",
                          {"location": "the large open location id", "target": "the index of the group's owner"}),
    "release": ActionKind("Free your workers from other players' boards (decision `barracks`).", {}),
    "guard": ActionKind("Take one Guardhouse action (decision `guardhouse`).",
                        {"option": "\"send_to_prison\", \"release_prison\", \"release_silver\", "
                                   "\"release_debt\" or \"pay_debt\""}),
    "construct": ActionKind("Construct a building from your hand (decisions `guildhall`, `crane`).",
                            {"card": "the building name", "option": _PAYMENT}),
    "cathedral": ActionKind("Advance work on the Cathedral one level (decisions `guildhall`, `crane`).",
                            {"option": _PAYMENT}),
    "choose": ActionKind("Choose the goods a building gives (decision `building_choice`).",
                         {"option": "the index of the option printed on the building, from 0"}),
    "draw5": ActionKind("Black Market middle space: look at 5 building cards and keep 1 "
                        "(decision `black_market_b`).", {}),
    "destroy_debt": ActionKind("Destroy 1 of your unpaid Debts (decision `church`).", {}),
    "hugo_pay": ActionKind("Hugo: pay 2 Silver instead of taking a Debt (decision `hugo`).", {}),
    "take_debt": ActionKind("Hugo: take the Debt (decision `hugo`).", {}),
    "stop": ActionKind("End an optional series of actions early (decisions `storehouse`, `town_centre`, "
                       "`guardhouse`).", {}),
    "skip": ActionKind("Decline an optional choice (decisions `black_market_b`, `tavern`, `free_capture`, "
                       "`barracks`, `church`, `library`, `crane`).", {}),
}


def kinds_markdown() -> str:
    """docs/actions.md: the table of action kinds, written from ACTION_KINDS."""
    lines = [
        "# Action kinds",
        "",
        "Every `archwk.Action` has a `kind` and up to four fields: `location`, `card`, `target`,",
        "`option`. This table says which fields each kind uses and what they hold; a field not",
        "listed is always `None`. Generated from `archwk.games.architects.actions.ACTION_KINDS`",
        "(`python -c \"import archwk.games.architects.actions as a; print(a.kinds_markdown(), end='')\"",
        "> docs/actions.md`);",
        "tests/test_actions.py checks it is up to date.",
        "",
        "| kind | meaning | fields |",
        "| --- | --- | --- |",
    ]
    for kind, k in ACTION_KINDS.items():
        fields = "<br>".join(f"`{f}`: {what}" for f, what in k.fields.items()) or "none"
        lines.append(f"| `{kind}` | {k.meaning} | {fields.replace('|', '/')} |")
    return "\n".join(lines) + "\n"
