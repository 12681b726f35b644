"""Archon's game records: the save format. A record (format "archwk-record",
version 1, ``"game": "archon"``) holds the players' names, the seed, the options
and every step: each action, and each what-if edit as ``{"edit": {"player": i,
"changes": {...}}}``. Optional: ``meta`` (title, date, comments on steps, the
archwk version that wrote it) and ``check`` (a digest of the end position, a cache
checked against the replay, never trusted instead of it).

Loading checks the limits first (`archwk.kit.records.parse`), is strict on keys
and types, executes nothing, and replays the record from a new game through the
legality gate (`GameState.apply`, `GameState.edit`): the first step that fails is
named with its number and the rule (`InvalidSave`).

An ``options.components`` path in a record is read from this machine through the
same checks as `Options(components=...)`.
"""
from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping
from typing import Any

from ...kit.errors import ArchwkError, InvalidSave
from ...kit.records import (
    MAX_COMMENT,
    MAX_NAME,
    MAX_STEPS,
    MAX_TITLE,
    Loaded,
    Meta,
    check_limits,
    game_of,
    parse,
)
from .actions import Action
from .constants import GAME_NAME, MAX_PLAYERS, MIN_PLAYERS
from .edit import BOARD_FIELDS, PLAYER_FIELDS
from .options import Options
from .save import position_digest, steps
from .state import EditStep

RECORD_FORMAT = "archwk-record"
VERSION = 1
_KEYS = {"format", "version", "game", "players", "seed", "options", "actions", "meta", "check"}
_REQUIRED = {"format", "version", "game", "players", "seed", "options", "actions"}
_META_KEYS = {"title", "date", "archwk", "comments"}


@functools.lru_cache(maxsize=1)
def archwk_version() -> str:
    try:
        from importlib.metadata import version
        return version("archwk")
    except Exception:
        return "unknown"


def _int(v, where: str, lo: int | None = None) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise InvalidSave(f"{where}: expected a whole number, got {json.dumps(v)[:40]}")
    if lo is not None and v < lo:
        raise InvalidSave(f"{where}: must be at least {lo}, got {v}")
    return v


def _keys(d, allowed: set, where: str, required: set = frozenset()) -> dict:  # type: ignore[assignment]
    if not isinstance(d, Mapping):
        raise InvalidSave(f"{where}: expected an object")
    unknown = set(d) - allowed
    if unknown:
        raise InvalidSave(f"{where}: unknown field(s) {sorted(unknown)}")
    missing = set(required) - set(d)
    if missing:
        raise InvalidSave(f"{where}: missing field(s) {sorted(missing)}")
    return dict(d)


def _text(v, where: str, limit: int) -> str:
    if not isinstance(v, str):
        raise InvalidSave(f"{where}: expected text, got {type(v).__name__}")
    if len(v) > limit:
        raise InvalidSave(f"{where}: {len(v):,} characters is over the limit of {limit:,}")
    return v


# ---------------------------------------------------------------- writing

def step_dict(step) -> dict:
    if isinstance(step, EditStep):
        return {"edit": {"player": step.player, "changes": json.loads(step.changes)}}
    return step.to_dict()


def _comments(c, n_steps: int) -> dict[int, str]:
    items = c.items() if isinstance(c, Mapping) else c
    if not isinstance(c, (Mapping, list, tuple)):
        raise InvalidSave("meta.comments: expected a list of [step, text] pairs")
    out: dict[int, str] = {}
    for i, kv in enumerate(items):
        if not isinstance(kv, (list, tuple)) or len(kv) != 2:
            raise InvalidSave(f"meta.comments[{i}]: expected a [step, text] pair")
        k = _int(kv[0], f"meta.comments[{i}] step", lo=0)
        if k >= max(n_steps, 1):
            raise InvalidSave(f"meta.comments[{i}]: there is no step {k} (the game has {n_steps} steps)")
        if k in out:
            raise InvalidSave(f"meta.comments[{i}]: step {k} has two comments")
        out[k] = _text(kv[1], f"meta.comments[{i}]", MAX_COMMENT)
    return out


def record_doc(state, *, check: bool = False, title: str | None = None, date: str | None = None,
               comments: Mapping[int, str] | None = None, version_note: bool = False) -> dict:
    """The game record of `state` (a dict ready for JSON)."""
    t = state._t
    if t.is_view:
        raise InvalidSave("a view hides cards: save the full game state instead")
    doc: dict = {
        "format": RECORD_FORMAT, "version": VERSION, "game": GAME_NAME,
        "players": [s.name for s in t.seats], "seed": t.seed, "options": t.options.to_dict(),
        "actions": [step_dict(s) for s, _ in steps(t)],
    }
    meta: dict = {}
    if version_note:
        meta["archwk"] = archwk_version()
    if title is not None:
        meta["title"] = _text(title, "meta.title", MAX_TITLE)
    if date is not None:
        meta["date"] = _text(date, "meta.date", 40)
    if comments:
        meta["comments"] = [[k, v] for k, v in sorted(_comments(comments, len(doc["actions"])).items())]
    if meta:
        doc["meta"] = meta
    if check:
        doc["check"] = {"steps": len(doc["actions"]), "position": position_digest(state)}
    return doc


def to_json(state, **meta) -> str:
    """The save file of `state`: its record with the archwk version and a check of the
    end position. Same game, same text."""
    return json.dumps(record_doc(state, check=True, version_note=True, **meta), sort_keys=True,
                      separators=(",", ":"))


# ---------------------------------------------------------------- reading

def start(d: Mapping, fresh: Callable, where: str = "record"):
    """The new game a record starts from (its players, seed and options checked)."""
    players = d["players"]
    if not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise InvalidSave(f"{where}.players: expected a list of {MIN_PLAYERS} to {MAX_PLAYERS} player names")
    for i, nm in enumerate(players):
        if not isinstance(nm, str) or not nm.strip():
            raise InvalidSave(f"{where}.players[{i}]: expected a name")
        if len(nm) > MAX_NAME:
            raise InvalidSave(f"{where}.players[{i}]: a name of {len(nm)} characters is over the limit of {MAX_NAME}")
    seed = _int(d["seed"], f"{where}.seed")
    if not isinstance(d["options"], Mapping):
        raise InvalidSave(f"{where}.options: expected an object")
    try:
        return fresh(players, seed, Options.from_dict(d["options"]))
    except ArchwkError as e:
        raise InvalidSave(f"{where}: {e}") from None
    except (TypeError, ValueError) as e:
        raise InvalidSave(f"{where}.options: cannot set up a game ({type(e).__name__})") from None


def play_step(s, i: int, sd, where: str = "record"):
    """Play step `i` (an action or an edit) on `s`, through the rules."""
    if isinstance(sd, Mapping) and "edit" in sd:
        e = _keys(sd, {"edit"}, f"{where}: step {i}")["edit"]
        e = _keys(e, {"player", "changes"}, f"{where}: step {i} (edit)", {"player", "changes"})
        p = e["player"]
        if p is not None:
            p = _int(p, f"{where}: step {i} (edit): player")
        changes = e["changes"]
        if not isinstance(changes, Mapping):
            raise InvalidSave(f"{where}: step {i} (edit): changes: expected an object")
        unknown = set(changes) - set(PLAYER_FIELDS + BOARD_FIELDS)
        if unknown:
            raise InvalidSave(f"{where}: step {i} (edit): unknown field(s) {sorted(unknown)[:5]}")
        try:
            return s.edit(p, **changes)
        except ArchwkError as err:
            raise InvalidSave(f"{where}: step {i} (edit) cannot be made: {err}") from None
    try:
        a = Action.from_dict(sd)
    except ArchwkError as err:
        raise InvalidSave(f"{where}: step {i}: {err}") from None
    try:
        return s.apply(a)
    except ArchwkError as err:
        raise InvalidSave(f"{where}: step {i} ({a.kind}) cannot be played: {err}") from None


def replay_doc(doc: Any, fresh: Callable, *, states: bool = False, _checked: bool = False) -> Loaded:
    """Replay a record document and check its cache."""
    if not _checked:
        check_limits(doc, "record")
    d = _keys(doc, _KEYS, "record", _REQUIRED)
    if d["format"] != RECORD_FORMAT:
        raise InvalidSave(f"record.format: expected {RECORD_FORMAT!r}, got {json.dumps(d['format'])[:40]}")
    if game_of(d) != GAME_NAME:
        raise InvalidSave(f"record.game: this is a record of {game_of(d)!r}, not of {GAME_NAME!r}")
    if _int(d["version"], "record.version") != VERSION:
        raise InvalidSave(f"record.version: this archwk reads Archon records of version {VERSION}, "
                          f"got {d['version']}")
    acts = d["actions"]
    if not isinstance(acts, list):
        raise InvalidSave("record.actions: expected a list")
    if len(acts) > MAX_STEPS:
        raise InvalidSave(f"record.actions: {len(acts):,} steps is over the limit of {MAX_STEPS:,}")
    meta = _meta(d.get("meta"), len(acts))
    s = start(d, fresh)
    all_states = [s] if states else []
    for i, sd in enumerate(acts):
        s = play_step(s, i, sd)
        if states:
            all_states.append(s)
    if "check" in d:
        c = _keys(d["check"], {"steps", "position"}, "record.check", {"steps", "position"})
        if _int(c["steps"], "record.check.steps") != len(acts):
            raise InvalidSave("record.check: the step count does not match the record (the file was changed)")
        if c["position"] != position_digest(s):
            raise InvalidSave("record.check: the position does not match its check (the file was changed, or "
                              "was written by an archwk whose rules differ)")
    step_list = tuple([None] + [st for st, _ in steps(s._t)]) if states else ()
    return Loaded(s, meta, tuple(all_states), step_list)


def _meta(m, n_steps: int) -> Meta:
    if m is None:
        return Meta()
    m = _keys(m, _META_KEYS, "record.meta")
    title = _text(m["title"], "meta.title", MAX_TITLE) if "title" in m else None
    date = _text(m["date"], "meta.date", 40) if "date" in m else None
    ver = _text(m["archwk"], "meta.archwk", 40) if "archwk" in m else None
    comments = _comments(m.get("comments") or [], n_steps)
    return Meta(title, date, ver, comments)


def load(text: str | bytes, fresh: Callable, *, states: bool = False) -> Loaded:
    """A save file (JSON text) replayed, with its metadata."""
    return replay_doc(parse(text, "record"), fresh, states=states, _checked=True)
