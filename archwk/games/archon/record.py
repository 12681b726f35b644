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

import json
from collections.abc import Callable, Mapping
from typing import Any

from ...kit.errors import ArchwkError, InvalidSave
from ...kit.records import (
    MAX_NAME,
    MAX_STEPS,
    Loaded,
    check_limits,
    fields_of,
    game_of,
    meta_dict,
    parse,
    read_meta,
    step_dict,
    whole,
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










# ---------------------------------------------------------------- writing

def record_doc(state, *, check: bool = False, title: str | None = None, date: str | None = None,
               comments: Mapping[int, str] | None = None, version_note: bool = False) -> dict:
    """The game record of `state` (a dict ready for JSON)."""
    t = state._t
    if t.is_view:
        raise InvalidSave("a view hides cards: save the full game state instead")
    doc: dict = {
        "format": RECORD_FORMAT, "version": VERSION, "game": GAME_NAME,
        "players": [s.name for s in t.seats], "seed": t.seed, "options": t.options.to_dict(),
        "actions": [step_dict(s, EditStep) for s, _ in steps(t)],
    }
    meta = meta_dict(title, date, comments, len(doc["actions"]), version_note)
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
    seed = whole(d["seed"], f"{where}.seed")
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
        e = fields_of(sd, {"edit"}, f"{where}: step {i}")["edit"]
        e = fields_of(e, {"player", "changes"}, f"{where}: step {i} (edit)", {"player", "changes"})
        p = e["player"]
        if p is not None:
            p = whole(p, f"{where}: step {i} (edit): player")
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
    d = fields_of(doc, _KEYS, "record", _REQUIRED)
    if d["format"] != RECORD_FORMAT:
        raise InvalidSave(f"record.format: expected {RECORD_FORMAT!r}, got {json.dumps(d['format'])[:40]}")
    if game_of(d) != GAME_NAME:
        raise InvalidSave(f"record.game: this is a record of {game_of(d)!r}, not of {GAME_NAME!r}")
    if whole(d["version"], "record.version") != VERSION:
        raise InvalidSave(f"record.version: this archwk reads Archon records of version {VERSION}, "
                          f"got {d['version']}")
    acts = d["actions"]
    if not isinstance(acts, list):
        raise InvalidSave("record.actions: expected a list")
    if len(acts) > MAX_STEPS:
        raise InvalidSave(f"record.actions: {len(acts):,} steps is over the limit of {MAX_STEPS:,}")
    meta = read_meta(d.get("meta"), len(acts))
    s = start(d, fresh)
    all_states = [s] if states else []
    for i, sd in enumerate(acts):
        s = play_step(s, i, sd)
        if states:
            all_states.append(s)
    if "check" in d:
        c = fields_of(d["check"], {"steps", "position"}, "record.check", {"steps", "position"})
        if whole(c["steps"], "record.check.steps") != len(acts):
            raise InvalidSave("record.check: the step count does not match the record (the file was changed)")
        if c["position"] != position_digest(s):
            raise InvalidSave("record.check: the position does not match its check (the file was changed, or "
                              "was written by an archwk whose rules differ)")
    step_list = tuple([None] + [st for st, _ in steps(s._t)]) if states else ()
    return Loaded(s, meta, tuple(all_states), step_list)




def load(text: str | bytes, fresh: Callable, *, states: bool = False) -> Loaded:
    """A save file (JSON text) replayed, with its metadata."""
    return replay_doc(parse(text, "record"), fresh, states=states, _checked=True)
