"""The position as data: `state_dict` (every field of a state as JSON shapes:
the digest a save keeps of its end position, and format 1, the snapshot older
archwk saved), and `validate`, the invariants every position keeps (all 20
workers of each player accounted for, every card in exactly one place, no
negative stock). Saves themselves are game records: archwk.games.architects.record.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping

from ...kit.errors import ArchwkError, InvalidSave
from . import cards, characters, core
from .constants import WORKERS_PER_PLAYER
from .decisions import LookedAt
from .ruleset import DECISION_RULES
from .state import _PLAYER_FIELDS, FrozenState
from .views import PRIVATE_CARD_ACTIONS, PRIVATE_CARD_EVENTS  # noqa: F401  (their old home)

STATE_FORMAT = "archwk-state"
#: the top-level fields of a format-1 snapshot
FORMAT_1_KEYS = {"format", "version", "checksum", "state"}

#: a player's fields as saved; the Byzantine opponent's seat is saved as "is_bot"
_PLAYER_SAVED = tuple("is_bot" if f == "is_byzantine" else f for f in _PLAYER_FIELDS)
#: state fields saved as they are; "n_seats" (the player count), "extra" (the
#: Scheme piles and Silver on cards in the deck) and "pending" are converted
_STATE_SAVED = ("seed", "board", "black_market", "guildhall", "tax", "building_deck",
                "apprentice_deck", "display", "display_silver", "bm_small", "bm_large", "rewards",
                "phase", "turn_player", "first_player", "turn_no", "end_trigger", "final_turns",
                "reset_queued", "draft", "resets", "rng", "edited")


def _plain(v):
    if isinstance(v, tuple):
        return [_plain(x) for x in v]
    if isinstance(v, Mapping):
        return {str(k): _plain(x) for k, x in v.items()}
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


def _saved_pending(dec) -> list:
    data = dec.data.cards if isinstance(dec.data, LookedAt) else dec.data  # format 1: the cards, flat
    return [dec.kind, dec.player, _plain(data)]


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


def format1_json(s: FrozenState) -> str:
    """The snapshot document older archwk saved (format "archwk-state", version 1).
    archwk now saves game records (archwk.games.architects.record); it reads this format by
    replaying the moves the snapshot carries and requiring the same position."""
    if s.is_view:
        raise InvalidSave("a view hides cards: save the full game state instead")
    body = state_dict(s)
    doc = {"format": STATE_FORMAT, "version": 1, "checksum": _checksum(body), "state": body}
    return json.dumps(doc, sort_keys=True)


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
