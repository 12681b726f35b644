"""Game records: the save format. A saved game is its record, like a chess PGN.

A record (format "archwk-record", version 2) names its game (``"game":
"architects"``; a record without it, written before the kit had a second game,
is of this game) and holds the players' names, the seed, the options and the
steps of the game: every action, and every what-if edit as a step of its own
(``{"edit": {"player": i, "changes": {...}}}``).
Loading replays the record from a new game through the legality gate: each
action must be legal where it is played and each edit must pass the same
checks as `state.edit`; the first step that fails is named with its number and
the rule. Optional parts: ``meta`` (title, date, comments on steps, the archwk
version that wrote it) and ``check`` (a digest of the end position, a cache
checked against the replay, never trusted instead of it).

Every reader of outside input here checks the limits first (document size,
nesting depth, string lengths, counts), rejects unknown keys and is strict on
types (``true`` is not a number, a bool is not a player index). Nothing read is
executed. Errors are `InvalidSave` (all `ArchwkError`, a `ValueError`).

>>> import archwk
>>> s = archwk.new_game(["Ann", "Ben"], seed=3)
>>> s = s.apply(s.legal_actions()[0])
>>> doc = record_doc(s)
>>> doc["format"], doc["game"], doc["version"], len(doc["actions"])  # version 1: no edits, no metadata
('archwk-record', 'architects', 1, 1)
>>> archwk.replay(doc).to_json() == s.to_json()
True
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
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
from . import core, engine, setup
from .actions import Action
from .constants import GAME_NAME
from .edit import BOARD_FIELDS, PLAYER_FIELDS
from .edit import edit as _edit
from .options import Options
from .save import state_dict
from .state import EditStep, FrozenState, S

RECORD_FORMAT = "archwk-record"
VERSION = 2
#: format 1 (older archwk): a state snapshot, or a record without edits
OLD_STATE_FORMAT = "archwk-state"

_REC1_KEYS = {"format", "version", "players", "seed", "options", "actions"}
#: the record fields: version 1's, its game's name (written from the kit's second
#: game on; a record without it is of this game) and version 2's additions
_REC_KEYS = _REC1_KEYS | {"game", "meta", "check"}
_CHECK_KEYS = {"steps", "position"}
EDIT_FIELDS = PLAYER_FIELDS + BOARD_FIELDS








# --------------------------------------------------------------------------- writing

def steps_of(s: FrozenState) -> list:
    """Every step (Action or EditStep) from the start to `s`, in order."""
    out = []
    node = s._hist
    while node is not None:
        node, a = node
        out.append(a)
    out.reverse()
    return out


def position_digest(s: FrozenState) -> str:
    """A digest of the whole position (the cache a save keeps of its end state)."""
    text = json.dumps(state_dict(s), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def record_doc(s: FrozenState, *, check: bool = False, title: str | None = None, date: str | None = None,
               comments: Mapping[int, str] | None = None, version_note: bool = False) -> dict:
    """The game record of `s` (a dict ready for JSON)."""
    if s.is_view:
        raise InvalidSave("a view hides cards: save the full game state instead")
    doc: dict = {
        "format": RECORD_FORMAT, "version": VERSION, "game": GAME_NAME,
        "players": [p.name for p in s.players if not p.is_byzantine],
        "seed": s.seed, "options": s.options.to_dict(),
        "actions": [step_dict(a, EditStep) for a in steps_of(s)],
    }
    meta = meta_dict(title, date, comments, len(doc["actions"]), version_note)
    if meta:
        doc["meta"] = meta
    if check:
        doc["check"] = {"steps": len(doc["actions"]), "position": position_digest(s)}
    if len(doc) == len(_REC1_KEYS) + 1 and not any("edit" in a for a in doc["actions"]):
        doc["version"] = 1  # the lowest version that holds it: older archwk reads it too
    return doc








def to_json(s: FrozenState, **meta) -> str:
    """The save file of `s`: its record with the archwk version and a check of
    the end position. Same game, same text."""
    return json.dumps(record_doc(s, check=True, version_note=True, **meta), sort_keys=True,
                      separators=(",", ":"))


# --------------------------------------------------------------------------- reading

def _new(players, seed, options, frozen_as):
    t = setup.set_up(players, seed=seed, options=options)
    engine.advance(t)
    t._frozen_as = frozen_as
    return core.commit(t)


def _start(d: dict, frozen_as, where: str = "record"):
    players = d["players"]
    if not isinstance(players, list) or not 1 <= len(players) <= 5:
        raise InvalidSave(f"{where}.players: expected a list of 1 to 5 player names")
    for i, nm in enumerate(players):
        if not isinstance(nm, str) or not nm.strip():
            raise InvalidSave(f"{where}.players[{i}]: expected a name")
        if len(nm) > MAX_NAME:
            raise InvalidSave(f"{where}.players[{i}]: a name of {len(nm)} characters is over the limit of {MAX_NAME}")
    seed = whole(d["seed"], f"{where}.seed")
    if not isinstance(d["options"], Mapping):
        raise InvalidSave(f"{where}.options: expected an object")
    try:
        return _new(players, seed, Options.from_dict(d["options"]), frozen_as)
    except ArchwkError as e:  # a record's players and options are part of the record
        raise InvalidSave(f"{where}: {e}") from None
    except (TypeError, KeyError, IndexError, AttributeError) as e:  # options no game is set up with
        raise InvalidSave(f"{where}.options: cannot set up a game ({type(e).__name__})") from None


def edit_step(s, player, changes, where: str):
    """Make a recorded edit through `state.edit`'s checks."""
    if not isinstance(changes, Mapping):
        raise InvalidSave(f"{where}: changes: expected an object")
    unknown = set(changes) - set(EDIT_FIELDS)
    if unknown:
        raise InvalidSave(f"{where}: unknown field(s) {sorted(map(str, unknown))[:5]}")
    try:
        return _edit(s, player, **changes)
    except ArchwkError as err:
        raise InvalidSave(f"{where} cannot be made: {err}") from None


def _step(s, i: int, sd, edits: bool):
    """Play step `i` (an action or an edit) on `s`, through the rules."""
    if isinstance(sd, Mapping) and "edit" in sd:
        if not edits:
            raise InvalidSave(f"record: step {i}: format 1 records hold no edits")
        e = fields_of(sd, {"edit"}, f"record: step {i}")["edit"]
        e = fields_of(e, {"player", "changes"}, f"record: step {i} (edit)", {"player", "changes"})
        p = e["player"]
        if p is not None:
            p = whole(p, f"record: step {i} (edit): player")
        return edit_step(s, p, e["changes"], f"record: step {i} (edit)")
    try:
        a = Action.from_dict(sd)
    except ArchwkError as err:
        raise InvalidSave(f"record: step {i}: {err}") from None
    try:
        return engine.apply(s, a)
    except ArchwkError as err:
        raise InvalidSave(f"record: step {i} ({a.kind}) cannot be played: {err}") from None


def replay_doc(doc: Any, frozen_as: type[S], *, states: bool = False, _checked: bool = False) -> Loaded:
    """Replay a record document (version 2, or 1) and check its cache."""
    if not _checked:
        check_limits(doc, "record")
    if not isinstance(doc, Mapping):
        raise InvalidSave("record: expected an object")
    fmt, ver = doc.get("format"), doc.get("version")
    if isinstance(ver, bool):  # true is not a number
        ver = str(ver).lower()
    if fmt == OLD_STATE_FORMAT:
        return _old_state(doc, frozen_as, states)
    if fmt != RECORD_FORMAT:
        raise InvalidSave(f"record: expected format {RECORD_FORMAT!r} (field 'format'), got {json.dumps(fmt)[:60]}")
    if game_of(doc) != GAME_NAME:
        raise InvalidSave(f"record.game: this is a record of {json.dumps(doc['game'])[:40]}, not of "
                          "Architects of the West Kingdom (archwk.replay opens any game's record)")
    if ver == 1:
        d = fields_of(doc, _REC1_KEYS | {"game"}, "record", _REC1_KEYS)
    elif ver == VERSION:
        d = fields_of(doc, _REC_KEYS, "record", _REC1_KEYS)
    else:
        raise InvalidSave(f"record: unsupported format version {json.dumps(ver)[:20]} "
                          f"(this archwk reads versions 1 and {VERSION})")
    steps = d["actions"]
    if not isinstance(steps, list):
        raise InvalidSave("record.actions: expected a list of steps")
    if len(steps) > MAX_STEPS:
        raise InvalidSave(f"record.actions: {len(steps):,} steps is over the limit of {MAX_STEPS:,}")
    meta = read_meta(d.get("meta"), len(steps))
    chk = None
    if "check" in d:
        chk = fields_of(d["check"], _CHECK_KEYS, "record.check", _CHECK_KEYS)
        if whole(chk["steps"], "record.check.steps") != len(steps):
            raise InvalidSave(f"record.check: made for {chk['steps']} steps, but the record has {len(steps)}")
        if not isinstance(chk["position"], str) or len(chk["position"]) != 64:
            raise InvalidSave("record.check.position: expected a sha256 digest")
    s = _start(d, frozen_as)
    out_states, out_steps = [s], [None]
    for i, sd in enumerate(steps):
        s = _step(s, i, sd, edits=ver == VERSION)
        if states:
            out_states.append(s)
            out_steps.append(s._hist[1])
    if chk is not None and position_digest(s) != chk["position"]:
        raise InvalidSave("record.check: the position saved with this record is not the one its steps "
                          "replay to (the file was changed, or written by archwk with other rules)")
    return Loaded(s, meta, tuple(out_states), tuple(out_steps))




def _old_state(doc: Mapping, frozen_as, states: bool) -> Loaded:
    """A format-1 snapshot: replay the history it carries and require the
    same position (its checksum proves nothing: anyone can recompute it)."""
    from .save import FORMAT_1_KEYS
    d = fields_of(doc, FORMAT_1_KEYS, "saved game (format 1)", {"format", "version", "state"})
    if d["version"] != 1 or isinstance(d["version"], bool):
        raise InvalidSave(f"saved game: unsupported version {json.dumps(d['version'])[:20]} of {OLD_STATE_FORMAT!r}")
    body = d["state"]
    if not isinstance(body, Mapping):
        raise InvalidSave("saved game (format 1): field 'state' must be an object")
    if body.get("edited") is not False:
        raise InvalidSave("saved game (format 1): this is an edited (what-if) position saved by an older "
                          "archwk, which did not record the edits, so it cannot be checked; it is refused. "
                          "Make the edits again and save in the new format")
    players = body.get("players")
    if not isinstance(players, list) or not all(isinstance(p, Mapping) for p in players):
        raise InvalidSave("saved game (format 1): state.players: expected a list of players")
    rec = {"format": RECORD_FORMAT, "version": 1, "seed": body.get("seed"), "options": body.get("options"),
           "players": [p.get("name") for p in players if p.get("is_bot") is not True],
           "actions": body.get("history")}
    try:
        out = replay_doc(rec, frozen_as, states=states, _checked=True)
    except InvalidSave as e:
        raise InvalidSave(f"saved game (format 1): its game does not replay: {e}") from None
    if state_dict(out.state) != body:
        raise InvalidSave("saved game (format 1): the position in the file is not the one its moves replay to: "
                          "the file was changed after it was saved")
    return out


def load(text: Any, frozen_as: type[S], *, states: bool = False) -> Loaded:
    """Load a save file (JSON text or bytes): replayed and checked."""
    return replay_doc(parse(text), frozen_as, states=states, _checked=True)


def from_json(text: Any, frozen_as: type[S]) -> S:
    return load(text, frozen_as).state
