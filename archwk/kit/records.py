"""Reading outside documents (save files, records, game codes) safely, for every
game: JSON parsed under limits checked before any work (document size, nesting
depth, string lengths, counts), JSON types only, nothing executed. Errors are
`InvalidSave` (an `ArchwkError`, a `ValueError`).

A record names its game (field ``"game"``); one written before the kit knew more
than one game has no such field and is a record of Architects of the West Kingdom.
"""
from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from typing import Any, NamedTuple

from .errors import InvalidSave

#: the game of a record that names none (written before there was a choice)
FIRST_GAME = "architects"

class Meta(NamedTuple):
    """A save's optional metadata: `comments` maps a step index (0 = the first
    step) to the comment on it."""
    title: str | None = None
    date: str | None = None
    archwk: str | None = None
    comments: Mapping[int, str] = {}


class Loaded(NamedTuple):
    """A loaded save: the end state, its metadata, and (with ``states=True``)
    every state from the start with the step that led to it (None at the start;
    an `EditStep` for an edit)."""
    state: Any
    meta: Meta
    states: tuple = ()
    steps: tuple = ()


# ---- limits, checked before any work
MAX_BYTES = 5_000_000          #: a saved document, in bytes
MAX_DEPTH = 16                 #: nesting of lists and objects
MAX_STRING = 4_000             #: any string
MAX_NAME = 60                  #: a player's name
MAX_TITLE = 200
MAX_COMMENT = 2_000
MAX_STEPS = 20_000             #: actions and edits in one record
MAX_ITEMS = 20_000             #: entries of any one list or object
MAX_NODES = 400_000            #: values in the whole document
MAX_INT = 2 ** 64              #: |any integer| below this

# --------------------------------------------------------------------------- parsing with limits

def _reject_constant(name: str):
    raise InvalidSave(f"saved game: {name} is not a number a saved game can hold")


def parse(text: Any, what: str = "saved game") -> Any:
    """JSON text (str or bytes) -> the document, checked against the limits."""
    if isinstance(text, (bytes, bytearray, memoryview)):
        if len(text) > MAX_BYTES:
            raise InvalidSave(f"{what}: {len(text):,} bytes is over the limit of {MAX_BYTES:,} bytes")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidSave(f"{what}: the file is not UTF-8 text") from None
    if not isinstance(text, str):
        raise InvalidSave(f"{what}: expected JSON text, got {type(text).__name__}")
    if len(text) > MAX_BYTES or (len(text) * 4 > MAX_BYTES and len(text.encode("utf-8")) > MAX_BYTES):
        raise InvalidSave(f"{what}: over the size limit of {MAX_BYTES:,} bytes")
    try:
        doc = json.loads(text, parse_constant=_reject_constant)
    except RecursionError:
        raise InvalidSave(f"{what}: nested more than {MAX_DEPTH} levels deep") from None
    except json.JSONDecodeError as e:
        raise InvalidSave(f"{what}: not valid JSON ({e.msg} at line {e.lineno}, column {e.colno}); "
                          "the file may be truncated") from None
    except ValueError as e:  # e.g. an integer with too many digits
        raise InvalidSave(f"{what}: not valid JSON ({e})") from None
    check_limits(doc, what)
    return doc


def check_limits(doc: Any, what: str = "saved game") -> None:
    """Walk a document (without recursion) and refuse anything over the limits
    or not of the JSON types (objects with string keys, lists, strings, whole
    numbers, true/false, null)."""
    stack = [(doc, 1)]
    nodes = 0
    while stack:
        v, depth = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            raise InvalidSave(f"{what}: more than {MAX_NODES:,} values")
        if isinstance(v, str):
            if len(v) > MAX_STRING:
                raise InvalidSave(f"{what}: a text of {len(v):,} characters is over the limit of {MAX_STRING:,}")
        elif isinstance(v, bool) or v is None:
            pass
        elif isinstance(v, int):
            if not -MAX_INT < v < MAX_INT:
                raise InvalidSave(f"{what}: the number {v} is out of range")
        elif isinstance(v, (list, tuple, dict)):
            if depth > MAX_DEPTH:
                raise InvalidSave(f"{what}: nested more than {MAX_DEPTH} levels deep")
            if len(v) > MAX_ITEMS:
                raise InvalidSave(f"{what}: a list of {len(v):,} entries is over the limit of {MAX_ITEMS:,}")
            if isinstance(v, dict):
                for k, x in v.items():
                    if not isinstance(k, str):
                        raise InvalidSave(f"{what}: object keys must be text, got {k!r}")
                    if len(k) > MAX_STRING:
                        raise InvalidSave(f"{what}: a key of {len(k):,} characters is over the limit")
                    stack.append((x, depth + 1))
            else:
                stack.extend((x, depth + 1) for x in v)
        else:
            raise InvalidSave(f"{what}: a {type(v).__name__} value is not allowed (JSON types only)")



def game_of(doc: Any, where: str = "record") -> str:
    """The name of the game a record document is of (``"game"``; none: the first game)."""
    if not isinstance(doc, Mapping):
        raise InvalidSave(f"{where}: expected an object")
    name = doc.get("game", FIRST_GAME)
    if not isinstance(name, str) or not name:
        raise InvalidSave(f"{where}.game: expected the name of a game, got {json.dumps(name)[:40]}")
    return name


# ---- the fields every game's record shares (checked strictly: `true` is not a number)

#: a record's optional metadata
META_KEYS = {"title", "date", "archwk", "comments"}


@functools.lru_cache(maxsize=1)
def archwk_version() -> str:
    try:
        from importlib.metadata import version
        return version("archwk")
    except Exception:
        return "unknown"


def whole(v, where: str, lo: int | None = None) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise InvalidSave(f"{where}: expected a whole number, got {json.dumps(v)[:40]}")
    if lo is not None and v < lo:
        raise InvalidSave(f"{where}: must be at least {lo}, got {v}")
    return v


def fields_of(d, allowed: set, where: str, required: set = frozenset()) -> dict:  # type: ignore[assignment]
    if not isinstance(d, Mapping):
        raise InvalidSave(f"{where}: expected an object")
    unknown = set(d) - allowed
    if unknown:
        raise InvalidSave(f"{where}: unknown field(s) {sorted(unknown)}")
    missing = set(required) - set(d)
    if missing:
        raise InvalidSave(f"{where}: missing field(s) {sorted(missing)}")
    return dict(d)


def text_of(v, where: str, limit: int) -> str:
    if not isinstance(v, str):
        raise InvalidSave(f"{where}: expected text, got {type(v).__name__}")
    if len(v) > limit:
        raise InvalidSave(f"{where}: {len(v):,} characters is over the limit of {limit:,}")
    return v


def comments_of(c, n_steps: int) -> dict[int, str]:
    items = c.items() if isinstance(c, Mapping) else c
    if not isinstance(items, (list, tuple)) and not isinstance(c, Mapping):
        raise InvalidSave("meta.comments: expected a list of [step, text] pairs")
    out: dict[int, str] = {}
    for i, kv in enumerate(items):
        if not isinstance(kv, (list, tuple)) or len(kv) != 2:
            raise InvalidSave(f"meta.comments[{i}]: expected a [step, text] pair")
        k = whole(kv[0], f"meta.comments[{i}] step", lo=0)
        if k >= max(n_steps, 1):
            raise InvalidSave(f"meta.comments[{i}]: there is no step {k} (the game has {n_steps} steps)")
        if k in out:
            raise InvalidSave(f"meta.comments[{i}]: step {k} has two comments")
        out[k] = text_of(kv[1], f"meta.comments[{i}]", MAX_COMMENT)
    return out


def meta_dict(title, date, comments, n_steps: int, version_note: bool) -> dict:
    """A record's ``meta`` object (empty when there is nothing to say)."""
    meta: dict = {}
    if version_note:
        meta["archwk"] = archwk_version()
    if title is not None:
        meta["title"] = text_of(title, "meta.title", MAX_TITLE)
    if date is not None:
        meta["date"] = text_of(date, "meta.date", 40)
    if comments:
        meta["comments"] = [[k, v] for k, v in sorted(comments_of(comments, n_steps).items())]
    return meta


def read_meta(m, n_steps: int) -> Meta:
    """A record's ``meta`` object read back, checked."""
    if m is None:
        return Meta()
    m = fields_of(m, META_KEYS, "record.meta")
    return Meta(
        title=text_of(m["title"], "meta.title", MAX_TITLE) if "title" in m else None,
        date=text_of(m["date"], "meta.date", 40) if "date" in m else None,
        archwk=text_of(m["archwk"], "meta.archwk", 40) if "archwk" in m else None,
        comments=comments_of(m["comments"], n_steps) if "comments" in m else {},
    )


def step_dict(step, edit_type: type) -> dict:
    """A step of a record as it is written: a what-if edit (of the game's `edit_type`:
    its player and its changes as canonical JSON) or an action (its own `to_dict`)."""
    if isinstance(step, edit_type):
        edit: Any = step
        return {"edit": {"player": edit.player, "changes": json.loads(edit.changes)}}
    return step.to_dict()
