"""Saving and loading (JSON with a format version and a checksum), and game
records (`archwk.replay`, in archwk.game, plays one back).

The save format (version 1) is fixed: the typed parts of a state (decision
figures, the Scheme piles, Silver on cards in the deck, the Byzantine seat)
are converted to and from its JSON shapes here, at the boundary.

Nothing loaded is ever executed: documents are parsed with `json`, every field
is type-checked, and the rebuilt position must pass `validate` (all 20 workers
of each player accounted for, every card in exactly one place, no negative
stock) before it is returned.
"""
from __future__ import annotations

import hashlib
import json
from typing import Mapping

from . import cards, characters, core
from .actions import Action
from .constants import OPEN_LOCATIONS, WORKERS_PER_PLAYER
from .decisions import Decision, LookedAt
from .events import Event
from .options import Options
from .ruleset import DECISION_RULES
from .views import PRIVATE_CARD_ACTIONS, PRIVATE_CARD_EVENTS  # noqa: F401  (their old home)
from .state import (_PLAYER_FIELDS, _STATE_FIELDS, FrozenState, S, SchemePiles, SilverOnCard, _MutablePlayer,
                    _MutableState, freeze_player)
from .errors import ArchwkError, InvalidOptions, InvalidSave

STATE_FORMAT = "archwk-state"
RECORD_FORMAT = "archwk-record"
VERSION = 1

#: a player's fields as saved; the Byzantine opponent's seat is saved as "is_bot"
_PLAYER_SAVED = tuple("is_bot" if f == "is_byzantine" else f for f in _PLAYER_FIELDS)
#: state fields saved as they are; "n_seats" (the player count), "extra" (the
#: Scheme piles and Silver on cards in the deck) and "pending" are converted
_STATE_SAVED = ("seed", "board", "black_market", "guildhall", "tax", "building_deck",
                "apprentice_deck", "display", "display_silver", "bm_small", "bm_large", "rewards",
                "phase", "turn_player", "first_player", "turn_no", "end_trigger", "final_turns",
                "reset_queued", "draft", "resets", "rng", "edited")
_STATE_CONVERTED = ("n_seats", "extra", "options", "players", "pending", "history", "events")


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


def _saved_extra(s) -> list:
    """The parts only some options use, as the sorted [key, value] pairs of format 1."""
    d: dict = {}
    if s.scheme_piles is not None:
        d["scheme_deck"], d["scheme_discard"], d["scheme_future"] = s.scheme_piles
    for lying in s.silver_on_deck:
        d[f"silver_on_{lying.card}"] = lying.silver
    return [[k, _plain(v)] for k, v in sorted(d.items())]


def _loaded_extra(pairs: list, t) -> None:
    piles: dict = {}
    silver: dict = {}
    for i, kv in enumerate(pairs):
        where = f"state.extra[{i}]"
        if not isinstance(kv, list) or len(kv) != 2 or not isinstance(kv[0], str):
            raise InvalidSave(f"{where}: expected a [key, value] pair")
        k, v = kv
        if k in ("scheme_deck", "scheme_discard", "scheme_future"):
            piles[k] = _int_list(v, where, lo=1)
        elif k.startswith("silver_on_") and k[len("silver_on_"):].isdigit():
            silver[int(k[len("silver_on_"):])] = _int_list([v], where)[0]
        else:
            raise InvalidSave(f"{where}: unknown key {k!r}")
    if piles and len(piles) != 3:
        raise InvalidSave("state.extra: the Scheme piles need scheme_deck, scheme_discard and scheme_future")
    t.scheme_piles = (SchemePiles(piles["scheme_deck"], piles["scheme_discard"], piles["scheme_future"])
                      if piles else None)
    t.silver_on_deck = tuple(SilverOnCard(c, n) for c, n in sorted(silver.items()))


def _saved_pending(dec) -> list:
    data = dec.data.cards if isinstance(dec.data, LookedAt) else dec.data  # format 1: the cards, flat
    return [dec.kind, dec.player, _plain(data)]


def _loaded_decision(doc, i: int, n: int) -> Decision:
    if (not isinstance(doc, list) or len(doc) != 3 or doc[0] not in DECISION_RULES
            or not isinstance(doc[1], int) or not 0 <= doc[1] < n or not isinstance(doc[2], list)):
        raise InvalidSave(f"state.pending[{i}]: not a known decision")
    kind, player, data = doc[0], doc[1], _tup(doc[2])
    typ = DECISION_RULES[kind].data
    if typ is None:
        if data:
            raise InvalidSave(f"state.pending[{i}]: decision {kind!r} carries no figures")
        return Decision(kind, player)
    try:
        return Decision(kind, player, typ(data) if typ is LookedAt else typ(*data))
    except TypeError:
        raise InvalidSave(f"state.pending[{i}]: decision {kind!r}: expected the figures "
                          f"{', '.join(typ._fields)}") from None


def state_dict(s: FrozenState) -> dict:
    body = {f: _plain(getattr(s, f)) for f in _STATE_SAVED}
    body["n_seats"] = len(s.players)
    body["extra"] = _saved_extra(s)
    body["options"] = s.options.to_dict()
    body["players"] = [{f: _plain(getattr(p, f if f != "is_bot" else "is_byzantine")) for f in _PLAYER_SAVED}
                       for p in s.players]
    body["pending"] = [_saved_pending(dec) for dec in s.pending]
    body["history"] = [a.to_dict() for a in s.history]
    body["events"] = [{"kind": e.kind, "player": e.player, "data": _plain(e.data)} for e in s.events]
    return body


def to_json(s: FrozenState) -> str:
    if s.is_view:
        raise InvalidSave("a view hides cards: save the full game state instead")
    body = state_dict(s)
    doc = {"format": STATE_FORMAT, "version": VERSION, "checksum": _checksum(body), "state": body}
    return json.dumps(doc, sort_keys=True)


# --------------------------------------------------------------------------- loading

def _need(d: Mapping, key: str, typ, where: str):
    if key not in d:
        raise InvalidSave(f"{where}: missing field {key!r}")
    v = d[key]
    ok = isinstance(v, typ) and not (isinstance(v, bool) and typ in (int, (int, type(None))))
    if not ok:
        raise InvalidSave(f"{where}.{key}: wrong type {type(v).__name__}")
    return v


def _int_list(v, where: str, *, n: int | None = None, lo: int | None = 0):
    if not isinstance(v, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in v):
        raise InvalidSave(f"{where}: expected a list of integers")
    if n is not None and len(v) != n:
        raise InvalidSave(f"{where}: expected {n} entries, got {len(v)}")
    if lo is not None and any(x < lo for x in v):
        raise InvalidSave(f"{where}: negative number")
    return tuple(v)


def _str_list(v, where: str):
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise InvalidSave(f"{where}: expected a list of strings")
    return tuple(v)


def from_json(text: str, frozen_as: type[S]) -> S:
    """Load a saved game into a state of class `frozen_as` (archwk.GameState)."""
    if not isinstance(text, (str, bytes)):
        raise InvalidSave("from_json: expected the JSON text of a saved game")
    try:
        doc = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise InvalidSave(f"saved game: not valid JSON ({e.msg if hasattr(e, 'msg') else e}); "
                         "the file may be truncated") from None
    if not isinstance(doc, dict):
        raise InvalidSave("saved game: expected a JSON object")
    if doc.get("format") != STATE_FORMAT:
        raise InvalidSave(f"saved game: field 'format' must be {STATE_FORMAT!r}, got {doc.get('format')!r}")
    if doc.get("version") != VERSION:
        raise InvalidSave(f"saved game: unsupported format version {doc.get('version')!r} (this archwk reads {VERSION})")
    body = doc.get("state")
    if not isinstance(body, dict):
        raise InvalidSave("saved game: missing field 'state'")
    if doc.get("checksum") != _checksum(body):
        raise InvalidSave("saved game: checksum mismatch: the document was changed after it was saved")
    try:
        s = _build(body, frozen_as)
    except ValueError:
        raise
    except (TypeError, KeyError, IndexError, AttributeError) as e:
        raise InvalidSave(f"saved game: malformed state ({type(e).__name__}: {e})") from None
    validate(s, InvalidSave)
    return s


def _build(b: dict, frozen_as: type[S]) -> S:
    known = set(_STATE_SAVED) | set(_STATE_CONVERTED)
    extra = set(b) - known
    if extra:
        raise InvalidSave(f"saved game: unknown field(s) {sorted(extra)}")
    t = _MutableState.__new__(_MutableState)
    for f in _STATE_FIELDS:
        setattr(t, f, None)
    try:
        t.options = Options.from_dict(_need(b, "options", dict, "state"))
    except InvalidOptions as e:  # a saved game's options are part of the save
        raise InvalidSave(str(e)) from None
    t.seed = _need(b, "seed", int, "state")
    players = _need(b, "players", list, "state")
    n = len(players)
    if not 1 <= n <= 5:
        raise InvalidSave("state.players: expected 1 to 5 players")
    if _need(b, "n_seats", int, "state") != n:
        raise InvalidSave(f"state.n_seats: expected {n}, the number of players")
    plist = []
    for i, d in enumerate(players):
        where = f"state.players[{i}]"
        if not isinstance(d, dict) or set(d) != set(_PLAYER_SAVED):
            raise InvalidSave(f"{where}: expected exactly the fields {sorted(_PLAYER_SAVED)}")
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
        m.is_byzantine = _need(d, "is_bot", bool, where)
        plist.append(freeze_player(m))
    t.players = tuple(plist)
    board = _need(b, "board", list, "state")
    if len(board) != len(OPEN_LOCATIONS):
        raise InvalidSave(f"state.board: expected {len(OPEN_LOCATIONS)} locations")
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
        raise InvalidSave(f"state.phase: unknown phase {t.phase!r}")
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
        raise InvalidSave("state.rng: out of range")
    t.edited = _need(b, "edited", bool, "state")
    _loaded_extra(_need(b, "extra", list, "state"), t)
    t.pending = tuple(_loaded_decision(f, i, n) for i, f in enumerate(_need(b, "pending", list, "state")))
    hist = None
    actions = _need(b, "history", list, "state")
    for a in actions:
        hist = (hist, Action.from_dict(a))
    t._hist, t._hist_len = hist, len(actions)
    evs = []
    for e in _need(b, "events", list, "state"):
        if not isinstance(e, dict) or not isinstance(e.get("kind"), str) or not isinstance(e.get("data"), dict):
            raise InvalidSave("state.events: malformed event")
        pl = e.get("player")
        if pl is not None and (not isinstance(pl, int) or not 0 <= pl < n):
            raise InvalidSave("state.events: bad player")
        evs.append(Event(e["kind"], pl, t.players[pl].name if pl is not None else None, _tup(e["data"])))
    t.events = tuple(evs)
    t.is_view = False
    t._legal_map = t._tx = None
    t._frozen_as = frozen_as
    t.__class__ = frozen_as
    return t  # type: ignore[return-value]


# --------------------------------------------------------------------------- validation

def validate(s, error: type[ArchwkError] = InvalidSave) -> None:
    """Raise `error` (InvalidSave for a loaded game, InvalidEdit for an edit)
    naming the first thing that makes this position impossible."""
    n = len(s.players)
    names = [p.name for p in s.players]
    if len(set(names)) != n:
        raise error("players: names must be different")
    for i, p in enumerate(s.players):
        who = f"player {i} ({p.name})"
        for f in ("silver", "clay", "wood", "stone", "gold", "marble", "workers_in_supply",
                  "debts_unpaid", "debts_paid", "in_prison"):
            if getattr(p, f) < 0:
                raise error(f"{who}: {f} cannot be negative ({getattr(p, f)})")
        if not 0 <= p.virtue <= 14:
            raise error(f"{who}: virtue must be 0..14, got {p.virtue}")
        if not 0 <= p.cathedral_level <= len(cards.CATHEDRAL):
            raise error(f"{who}: cathedral_level must be 0..5, got {p.cathedral_level}")
        if any(c < 0 for c in p.captured) or p.captured[i]:
            raise error(f"{who}: captured counts must be >= 0 and never of their own workers")
        if p.character is not None and not p.is_byzantine:
            try:
                characters.character(p.character)
            except ArchwkError as e:
                raise error(str(e)) from None
        # one over the limit while that player's forced discard is the pending decision
        over = 1 if any(dec.kind == "apprentice_limit" and dec.player == i for dec in s.pending) else 0
        if len(p.apprentice_ids) > core.apprentice_limit(s, i) + over:
            raise error(f"{who}: more than {core.apprentice_limit(s, i)} apprentices")
    for i in range(n):
        total = core.worker_total(s, i)
        if total != WORKERS_PER_PLAYER:
            raise error(f"player {i} ({names[i]}): {total} workers accounted for; "
                             f"every player has exactly {WORKERS_PER_PLAYER}")
    for row in s.board:
        if any(c < 0 for c in row):
            raise error("board: negative worker count")
    for o in list(s.black_market) + list(s.guildhall):
        if not -1 <= o < n:
            raise error("board: a worker of an unknown player")
    if s.tax < 0:
        raise error("tax: cannot be negative")
    for level in range(1, len(cards.CATHEDRAL) + 1):
        if core.cathedral_occupancy(s, level) > cards.CATHEDRAL[level - 1].spaces:
            raise error(f"cathedral: more players at level {level} than its "
                             f"{cards.CATHEDRAL[level - 1].spaces} space(s)")
    # every building card in exactly one place
    where: dict[str, str] = {}

    def put(name, place):
        if name not in core.BUILDING:
            raise error(f"{place}: unknown building {name!r}")
        if name in where:
            raise error(f"building {name!r} is in two places: {where[name]} and {place}")
        where[name] = place
    for c in s.building_deck:
        put(c, "the building deck")
    for p in s.players:
        for c in p.hand:
            put(c, f"{p.name}'s hand")
        for c in p.buildings:
            put(c, f"{p.name}'s buildings")
    for i, h in enumerate(s.draft):
        for c in h:
            put(c, f"{names[i]}'s draft hand")
    for dec in s.pending:
        if dec.kind == "keep_one":
            for c in dec.data.cards:
                put(c, "the 5 cards being looked at")
    expected = {b.name for b in cards.BUILDINGS if b.set == "base" or s.options.expansion_cards}
    if sum(1 for p in s.players if not p.is_byzantine) == 1:  # solo: no Resource Markets
        expected = {nm for nm in expected if core.BUILDING[nm].effect != "most"}
    if set(where) != expected:
        missing = sorted(expected - set(where))
        extra = sorted(set(where) - expected)
        raise error(f"building cards: missing {missing}" if missing else
                         f"building cards: not in this game {extra}")
    # every apprentice in exactly one place
    seen: dict[int, str] = {}

    def put_a(cid, place):
        if not 1 <= cid <= len(cards.APPRENTICES):
            raise error(f"{place}: unknown apprentice id {cid}")
        if cid in seen:
            raise error(f"apprentice #{cid} ({cards.APPRENTICES[cid - 1].name}) is in two places: "
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
        raise error("apprentice cards: the set of apprentices does not match this game")
    if any(c < 0 for c in s.display_silver) or any(c == 0 and v for c, v in zip(s.display, s.display_silver)):
        raise error("display_silver: negative, or Silver on an empty display space")
    bm = list(s.bm_small) + list(s.bm_large)
    if sorted(bm) != list(range(1, len(cards.BLACK_MARKET_CARDS) + 1)):
        raise error("black market piles: every Black Market card must be in exactly one pile")
    if len(set(s.rewards)) != len(s.rewards) or any(r not in core.REWARD for r in s.rewards):
        raise error("rewards: unknown or repeated reward card")
    if s.phase != "over" and not s.pending:
        raise error("pending: a game that is not over needs a decision")
    for dec in s.pending:
        if dec.kind not in DECISION_RULES:
            raise error(f"pending: unknown decision {dec.kind!r}")
    try:
        if s.pending:
            DECISION_RULES[s.pending[-1].kind].legal(s, s.pending[-1])
    except (TypeError, IndexError, KeyError, ValueError, AttributeError) as e:
        raise error(f"pending: the current decision is malformed ({type(e).__name__})") from None


# --------------------------------------------------------------------------- records and replay

def record(s: FrozenState) -> dict:
    if s.edited:
        raise InvalidSave("this position was edited: it has no game record; save it with to_json()")
    return {
        "format": RECORD_FORMAT, "version": VERSION,
        "players": [p.name for p in s.players if not p.is_byzantine],
        "seed": s.seed, "options": s.options.to_dict(),
        "actions": [a.to_dict() for a in s.history],
    }
