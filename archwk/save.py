"""Saving and loading (JSON with a format version and a checksum), game records
and replays, and per-player views.

Nothing loaded is ever executed: documents are parsed with `json`, every field
is type-checked, and the rebuilt position must pass `validate` (all 20 workers
of each player accounted for, every card in exactly one place, no negative
stock) before it is returned.
"""
from __future__ import annotations

import hashlib
import json
from typing import Mapping

from . import cards, core
from .model import (
    Action, Event, Frame, GameState, HIDDEN, OPEN_LOCATIONS, Options, WORKERS_PER_PLAYER,
    _MutableState, _PLAYER_FIELDS, _STATE_FIELDS, freeze_player, _MutablePlayer,
)

STATE_FORMAT = "archwk-state"
RECORD_FORMAT = "archwk-record"
VERSION = 1

_PLAYER_SAVED = tuple(f for f in _PLAYER_FIELDS)
_STATE_SAVED = ("seed", "n_seats", "board", "black_market", "guildhall", "tax", "building_deck",
                "apprentice_deck", "display", "display_silver", "bm_small", "bm_large", "rewards",
                "phase", "turn_player", "first_player", "turn_no", "end_trigger", "final_turns",
                "reset_queued", "draft", "resets", "rng", "edited", "extra")


def _plain(v):
    if isinstance(v, tuple):
        return [_plain(x) for x in v]
    if isinstance(v, Mapping):
        return {str(k): _plain(x) for k, x in v.items()}
    return v


def _tup(v):
    if isinstance(v, list):
        return tuple(_tup(x) for x in v)
    return v


def _checksum(body: Mapping) -> str:
    text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def state_dict(s: GameState) -> dict:
    body = {f: _plain(getattr(s, f)) for f in _STATE_SAVED}
    body["options"] = s.options.to_dict()
    body["players"] = [{f: _plain(getattr(p, f)) for f in _PLAYER_SAVED} for p in s.players]
    body["pending"] = [[f[0], f[1], _plain(f[2])] for f in s.pending]
    body["history"] = [a.to_dict() for a in s.history]
    body["events"] = [{"kind": e.kind, "player": e.player, "data": _plain(e.data)} for e in s.events]
    return body


def to_json(s: GameState) -> str:
    if s.is_view:
        raise ValueError("a view hides cards: save the full game state instead")
    body = state_dict(s)
    doc = {"format": STATE_FORMAT, "version": VERSION, "checksum": _checksum(body), "state": body}
    return json.dumps(doc, sort_keys=True)


# --------------------------------------------------------------------------- loading

def _need(d: Mapping, key: str, typ, where: str):
    if key not in d:
        raise ValueError(f"{where}: missing field {key!r}")
    v = d[key]
    ok = isinstance(v, typ) and not (isinstance(v, bool) and typ in (int, (int, type(None))))
    if not ok:
        raise ValueError(f"{where}.{key}: wrong type {type(v).__name__}")
    return v


def _int_list(v, where: str, *, n: int | None = None, lo: int | None = 0):
    if not isinstance(v, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in v):
        raise ValueError(f"{where}: expected a list of integers")
    if n is not None and len(v) != n:
        raise ValueError(f"{where}: expected {n} entries, got {len(v)}")
    if lo is not None and any(x < lo for x in v):
        raise ValueError(f"{where}: negative number")
    return tuple(v)


def _str_list(v, where: str):
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise ValueError(f"{where}: expected a list of strings")
    return tuple(v)


def from_json(text: str) -> GameState:
    if not isinstance(text, (str, bytes)):
        raise ValueError("from_json: expected the JSON text of a saved game")
    try:
        doc = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise ValueError(f"saved game: not valid JSON ({e.msg if hasattr(e, 'msg') else e}); "
                         "the file may be truncated") from None
    if not isinstance(doc, dict):
        raise ValueError("saved game: expected a JSON object")
    if doc.get("format") != STATE_FORMAT:
        raise ValueError(f"saved game: field 'format' must be {STATE_FORMAT!r}, got {doc.get('format')!r}")
    if doc.get("version") != VERSION:
        raise ValueError(f"saved game: unsupported format version {doc.get('version')!r} (this archwk reads {VERSION})")
    body = doc.get("state")
    if not isinstance(body, dict):
        raise ValueError("saved game: missing field 'state'")
    if doc.get("checksum") != _checksum(body):
        raise ValueError("saved game: checksum mismatch: the document was changed after it was saved")
    try:
        s = _build(body)
    except ValueError:
        raise
    except (TypeError, KeyError, IndexError, AttributeError) as e:
        raise ValueError(f"saved game: malformed state ({type(e).__name__}: {e})") from None
    validate(s)
    return s


def _build(b: dict) -> GameState:
    known = set(_STATE_SAVED) | {"options", "players", "pending", "history", "events"}
    extra = set(b) - known
    if extra:
        raise ValueError(f"saved game: unknown field(s) {sorted(extra)}")
    t = _MutableState.__new__(_MutableState)
    for f in _STATE_FIELDS:
        setattr(t, f, None)
    t.options = Options.from_dict(_need(b, "options", dict, "state"))
    t.seed = _need(b, "seed", int, "state")
    players = _need(b, "players", list, "state")
    n = len(players)
    if not 1 <= n <= 5:
        raise ValueError("state.players: expected 1 to 5 players")
    t.n_seats = _need(b, "n_seats", int, "state")
    plist = []
    for i, d in enumerate(players):
        where = f"state.players[{i}]"
        if not isinstance(d, dict) or set(d) != set(_PLAYER_SAVED):
            raise ValueError(f"{where}: expected exactly the fields {sorted(_PLAYER_SAVED)}")
        m = _MutablePlayer.__new__(_MutablePlayer)
        m.name = _need(d, "name", str, where)
        m.character = _need(d, "character", (str, type(None)), where)
        for f in ("silver", "virtue", "clay", "wood", "stone", "gold", "marble", "workers_in_supply",
                  "debts_unpaid", "debts_paid", "cathedral_level", "in_prison"):
            setattr(m, f, _need(d, f, int, where))
        m.hand = _str_list(d["hand"], f"{where}.hand")
        m.buildings = _str_list(d["buildings"], f"{where}.buildings")
        m.apprentice_ids = _int_list(d["apprentice_ids"], f"{where}.apprentice_ids", lo=1)
        m.captured = _int_list(d["captured"], f"{where}.captured", n=n)
        m.is_bot = _need(d, "is_bot", bool, where)
        plist.append(freeze_player(m))
    t.players = tuple(plist)
    board = _need(b, "board", list, "state")
    if len(board) != len(OPEN_LOCATIONS):
        raise ValueError(f"state.board: expected {len(OPEN_LOCATIONS)} locations")
    t.board = tuple(_int_list(row, f"state.board[{OPEN_LOCATIONS[i]}]", n=n) for i, row in enumerate(board))
    t.black_market = _int_list(b["black_market"], "state.black_market", n=3, lo=-1)
    t.guildhall = _int_list(b["guildhall"], "state.guildhall")
    t.tax = _need(b, "tax", int, "state")
    t.building_deck = _str_list(b["building_deck"], "state.building_deck")
    t.apprentice_deck = _int_list(b["apprentice_deck"], "state.apprentice_deck", lo=1)
    t.display = _int_list(b["display"], "state.display", n=8)
    t.display_silver = _int_list(b["display_silver"], "state.display_silver", n=8)
    t.bm_small = _int_list(b["bm_small"], "state.bm_small", lo=1)
    t.bm_large = _int_list(b["bm_large"], "state.bm_large", lo=1)
    t.rewards = _int_list(b["rewards"], "state.rewards", lo=2)
    t.phase = _need(b, "phase", str, "state")
    if t.phase not in ("setup", "apprentice_draft", "draft", "play", "over"):
        raise ValueError(f"state.phase: unknown phase {t.phase!r}")
    t.turn_player = _need(b, "turn_player", (int, type(None)), "state")
    t.first_player = _need(b, "first_player", int, "state")
    t.turn_no = _need(b, "turn_no", int, "state")
    t.end_trigger = _need(b, "end_trigger", (int, type(None)), "state")
    t.final_turns = _need(b, "final_turns", (int, type(None)), "state")
    t.reset_queued = _need(b, "reset_queued", bool, "state")
    draft = _need(b, "draft", list, "state")
    t.draft = tuple(_str_list(h, f"state.draft[{i}]") for i, h in enumerate(draft))
    t.resets = _need(b, "resets", int, "state")
    t.rng = _need(b, "rng", int, "state")
    if not 0 <= t.rng < 2 ** 64:
        raise ValueError("state.rng: out of range")
    t.edited = _need(b, "edited", bool, "state")
    t.extra = _tup(_need(b, "extra", list, "state"))
    frames = []
    for i, f in enumerate(_need(b, "pending", list, "state")):
        if (not isinstance(f, list) or len(f) != 3 or f[0] not in core.FRAMES
                or not isinstance(f[1], int) or not 0 <= f[1] < n or not isinstance(f[2], list)):
            raise ValueError(f"state.pending[{i}]: not a known decision")
        frames.append(Frame(f[0], f[1], _tup(f[2])))
    t.pending = tuple(frames)
    hist = None
    actions = _need(b, "history", list, "state")
    for a in actions:
        hist = (hist, Action.from_dict(a))
    t._hist, t._hist_len = hist, len(actions)
    evs = []
    for e in _need(b, "events", list, "state"):
        if not isinstance(e, dict) or not isinstance(e.get("kind"), str) or not isinstance(e.get("data"), dict):
            raise ValueError("state.events: malformed event")
        pl = e.get("player")
        if pl is not None and (not isinstance(pl, int) or not 0 <= pl < n):
            raise ValueError("state.events: bad player")
        evs.append(Event(e["kind"], pl, t.players[pl].name if pl is not None else None, _tup(e["data"])))
    t.events = tuple(evs)
    t.is_view = False
    t._legal = t._legal_map = t._tx = None
    t.__class__ = GameState
    return t  # type: ignore[return-value]


# --------------------------------------------------------------------------- validation

def validate(s) -> None:
    """Raise ValueError naming the first thing that makes this position impossible."""
    n = len(s.players)
    names = [p.name for p in s.players]
    if len(set(names)) != n:
        raise ValueError("players: names must be different")
    for i, p in enumerate(s.players):
        who = f"player {i} ({p.name})"
        for f in ("silver", "clay", "wood", "stone", "gold", "marble", "workers_in_supply",
                  "debts_unpaid", "debts_paid", "in_prison"):
            if getattr(p, f) < 0:
                raise ValueError(f"{who}: {f} cannot be negative ({getattr(p, f)})")
        if not 0 <= p.virtue <= 14:
            raise ValueError(f"{who}: virtue must be 0..14, got {p.virtue}")
        if not 0 <= p.cathedral_level <= len(cards.CATHEDRAL):
            raise ValueError(f"{who}: cathedral_level must be 0..5, got {p.cathedral_level}")
        if any(c < 0 for c in p.captured) or p.captured[i]:
            raise ValueError(f"{who}: captured counts must be >= 0 and never of their own workers")
        if p.character is not None and not p.is_bot:
            from .characters import character
            character(p.character)
        # one over the limit while that player's forced discard is the pending decision
        over = 1 if any(f[0] == "apprentice_limit" and f[1] == i for f in s.pending) else 0
        if len(p.apprentice_ids) > core.apprentice_limit(s, i) + over:
            raise ValueError(f"{who}: more than {core.apprentice_limit(s, i)} apprentices")
    for i in range(n):
        total = core.worker_total(s, i)
        if total != WORKERS_PER_PLAYER:
            raise ValueError(f"player {i} ({names[i]}): {total} workers accounted for; "
                             f"every player has exactly {WORKERS_PER_PLAYER}")
    for row in s.board:
        if any(c < 0 for c in row):
            raise ValueError("board: negative worker count")
    for o in list(s.black_market) + list(s.guildhall):
        if not -1 <= o < n:
            raise ValueError("board: a worker of an unknown player")
    if s.tax < 0:
        raise ValueError("tax: cannot be negative")
    for level in range(1, len(cards.CATHEDRAL) + 1):
        if core.cathedral_occupancy(s, level) > cards.CATHEDRAL[level - 1].spaces:
            raise ValueError(f"cathedral: more players at level {level} than its "
                             f"{cards.CATHEDRAL[level - 1].spaces} space(s)")
    # every building card in exactly one place
    where: dict[str, str] = {}

    def put(name, place):
        if name not in core.BUILDING:
            raise ValueError(f"{place}: unknown building {name!r}")
        if name in where:
            raise ValueError(f"building {name!r} is in two places: {where[name]} and {place}")
        where[name] = place
    for c in s.building_deck:
        put(c, "the building deck")
    for i, p in enumerate(s.players):
        for c in p.hand:
            put(c, f"{p.name}'s hand")
        for c in p.buildings:
            put(c, f"{p.name}'s buildings")
    for i, h in enumerate(s.draft):
        for c in h:
            put(c, f"{names[i]}'s draft hand")
    for f in s.pending:
        if f[0] == "keep_one":
            for c in f[2]:
                put(c, "the 5 cards being looked at")
    expected = {b.name for b in cards.BUILDINGS if b.set == "base" or s.options.expansion_cards}
    if sum(1 for p in s.players if not p.is_bot) == 1:  # solo: no Resource Markets
        expected = {nm for nm in expected if core.BUILDING[nm].effect != "most"}
    if set(where) != expected:
        missing = sorted(expected - set(where))
        extra = sorted(set(where) - expected)
        raise ValueError(f"building cards: missing {missing}" if missing else
                         f"building cards: not in this game {extra}")
    # every apprentice in exactly one place
    seen: dict[int, str] = {}

    def put_a(cid, place):
        if not 1 <= cid <= len(cards.APPRENTICES):
            raise ValueError(f"{place}: unknown apprentice id {cid}")
        if cid in seen:
            raise ValueError(f"apprentice #{cid} ({cards.APPRENTICES[cid - 1].name}) is in two places: "
                             f"{seen[cid]} and {place}")
        seen[cid] = place
    for c in s.apprentice_deck:
        put_a(c, "the apprentice deck")
    for c in s.display:
        if c:
            put_a(c, "the Workshop display")
    for p in s.players:
        for c in p.apprentice_ids:
            put_a(c, f"{p.name}'s apprentices")
    expected_a = {a.id for a in cards.APPRENTICES if a.set == "base" or s.options.expansion_cards}
    if set(seen) != expected_a:
        raise ValueError("apprentice cards: the set of apprentices does not match this game")
    if any(c < 0 for c in s.display_silver) or any(c == 0 and v for c, v in zip(s.display, s.display_silver)):
        raise ValueError("display_silver: negative, or Silver on an empty display space")
    bm = list(s.bm_small) + list(s.bm_large)
    if sorted(bm) != list(range(1, len(cards.BLACK_MARKET_CARDS) + 1)):
        raise ValueError("black market piles: every Black Market card must be in exactly one pile")
    if len(set(s.rewards)) != len(s.rewards) or any(r not in core.REWARD for r in s.rewards):
        raise ValueError("rewards: unknown or repeated reward card")
    if s.phase != "over" and not s.pending:
        raise ValueError("pending: a game that is not over needs a decision")
    for f in s.pending:
        if f[0] not in core.FRAMES:
            raise ValueError(f"pending: unknown decision {f[0]!r}")
    try:
        if s.pending:
            core.FRAMES[s.pending[-1][0]].legal(s, s.pending[-1])
    except (TypeError, IndexError, KeyError, ValueError, AttributeError) as e:
        raise ValueError(f"pending: the current decision is malformed ({type(e).__name__})") from None


# --------------------------------------------------------------------------- views

#: choices and events whose card another player may not see
PRIVATE_CARD_ACTIONS = frozenset({"keep", "discard"})
PRIVATE_CARD_EVENTS = frozenset({"drafted", "kept", "discarded"})


def view(s: GameState, player: int) -> GameState:
    """What `player` may know: others' hands and draft cards, the order of the
    decks and reward pile, and the generator are hidden. Not playable."""
    if not isinstance(player, int) or not 0 <= player < len(s.players):
        raise ValueError(f"view: no player {player!r}")
    t = core.thaw(s)
    for i, p in enumerate(s.players):
        if i != player and p.hand:
            core.P(t, i).hand = (HIDDEN,) * len(p.hand)
    t.draft = tuple(h if i == player else (HIDDEN,) * len(h) for i, h in enumerate(s.draft))
    t.building_deck = (HIDDEN,) * len(s.building_deck)
    t.apprentice_deck = (0,) * len(s.apprentice_deck)
    t.rewards = (0,) * len(s.rewards)
    t.bm_small = s.bm_small[:1] + (0,) * max(0, len(s.bm_small) - 1)
    t.pending = tuple(f if f[1] == player or f[0] != "keep_one" else Frame(f[0], f[1], (HIDDEN,) * len(f[2]))
                      for f in s.pending)
    for key in ("scheme_deck", "scheme_future"):  # the opponent's face-down Scheme piles
        pile = core.get_extra(s.extra, key)
        if pile:
            t.extra = core.set_extra(t.extra, key, (0,) * len(pile))
    t.rng = 0
    t.is_view = True
    # the record of choices: which card was kept or discarded is private
    node, kept = s._hist, []
    while node is not None:
        node, a = node
        kept.append(Action(a.kind, a.location, HIDDEN, a.target, a.option)
                    if a.kind in PRIVATE_CARD_ACTIONS and isinstance(a.card, str) else a)
    hist = None
    for a in reversed(kept):
        hist = (hist, a)
    t._hist = hist
    t.events = [e if e.player == player or "card" not in e.data or e.kind not in PRIVATE_CARD_EVENTS
                else Event(e.kind, e.player, e.who, {**e.data, "card": HIDDEN}) for e in s.events]
    out = core.commit(t)
    object.__setattr__(out, "_legal_map", {})
    return out


# --------------------------------------------------------------------------- records and replay

def record(s: GameState) -> dict:
    if s.edited:
        raise ValueError("this position was edited: it has no game record; save it with to_json()")
    return {
        "format": RECORD_FORMAT, "version": VERSION,
        "players": [p.name for p in s.players if not p.is_bot],
        "seed": s.seed, "options": s.options.to_dict(),
        "actions": [a.to_dict() for a in s.history],
    }


def replay(rec: Mapping | str) -> GameState:
    """Play a game record (a dict or its JSON) from the start to its last action."""
    from .setup import new_game
    if isinstance(rec, (str, bytes)):
        try:
            rec = json.loads(rec)
        except json.JSONDecodeError as e:
            raise ValueError(f"record: not valid JSON ({e.msg})") from None
    if not isinstance(rec, Mapping):
        raise ValueError("record: expected an object")
    if rec.get("format") != RECORD_FORMAT or rec.get("version") != VERSION:
        raise ValueError(f"record: expected format {RECORD_FORMAT!r} version {VERSION}")
    for k, typ in (("players", list), ("seed", int), ("options", dict), ("actions", list)):
        if not isinstance(rec.get(k), typ):
            raise ValueError(f"record: field {k!r} missing or of the wrong type")
    s = new_game(rec["players"], seed=rec["seed"], options=Options.from_dict(rec["options"]))
    for i, ad in enumerate(rec["actions"]):
        a = Action.from_dict(ad)
        try:
            s = s.apply(a)
        except ValueError as e:
            raise ValueError(f"record: action {i} ({ad}) cannot be played: {e}") from None
    return s

