"""Turns: starting and ending one, and the decisions any turn may need outside
a location: bringing a worker back when none is left (RB, Special Rules), the
hand limit of 6 and the apprentice limit."""
from __future__ import annotations

from . import core, scoring, solo
from .actions import shared
from .constants import BLACK_MARKET_SPACES, OPEN_INDEX, OPEN_LOCATIONS
from .core import open_decision, record_event, writable_player
from .decisions import DecisionRule, HiredApprentice
from .events import QUIET_LOG


def end_turn(t) -> None:
    if t.final_turns is not None:
        t.final_turns -= 1
        if t.final_turns <= 0:
            scoring.game_over(t)
            return
    start_turn(t, (t.turn_player + 1) % len(t.players))


def start_turn(t, p: int) -> None:
    t.turn_player = p
    t.turn_no += 1
    if t.players[p].is_byzantine:
        solo.start_turn(t, p)
        return
    if t.events is not QUIET_LOG:
        record_event(t, "turn", p, turn=t.turn_no, final=t.final_turns is not None)
    if t.players[p].workers_in_supply == 0:
        open_decision(t, "return_worker", p)
    else:
        open_decision(t, "place", p)


# --------------------------------------------------------------------------- no workers left

#: the shared action bringing a worker back from each large open location (board order)
_RETURN_FROM_OPEN = tuple(shared("return_worker", loc) for loc in OPEN_LOCATIONS)


def _return_legal(s, dec):
    """RB special rule: bring back 1 worker from a large open location. Only if
    there is none anywhere eligible: from the Black Market, Prison or another
    board (archwk decision, so the game cannot stall); else the turn passes."""
    p = dec.player
    out = [a for a, row in zip(_RETURN_FROM_OPEN, s.board) if row[p]]
    if out:
        return out
    out = [shared("return_worker", sp) for i, sp in enumerate(BLACK_MARKET_SPACES)
           if s.black_market[i] == p]
    if s.players[p].in_prison:
        out.append(shared("return_worker", "prison"))
    out += [shared("return_worker", "board", target=o) for o, q in enumerate(s.players)
            if o != p and q.captured[p]]
    return out or [shared("pass")]


def _return_resolve(t, dec, a):
    p = dec.player
    if a.kind == "pass":
        record_event(t, "passed", p)
        return
    loc = a.location
    if loc in OPEN_INDEX:
        core.add_workers(t, loc, p, -1)
    elif loc in BLACK_MARKET_SPACES:
        bm = list(t.black_market)
        bm[BLACK_MARKET_SPACES.index(loc)] = -1
        t.black_market = tuple(bm)
    elif loc == "prison":
        writable_player(t, p).in_prison -= 1
    else:
        q = writable_player(t, a.target)
        cap = list(q.captured)
        cap[p] -= 1
        q.captured = tuple(cap)
    writable_player(t, p).workers_in_supply += 1
    if t.events is not QUIET_LOG:
        record_event(t, "returned_worker", p, location=loc, owner=a.target)


RETURN_WORKER = DecisionRule(
    "return_worker", legal=_return_legal, resolve=_return_resolve)


# --------------------------------------------------------------------------- limits

def _hand_limit_legal(s, dec):
    return [shared("discard", card=c) for c in dict.fromkeys(s.players[dec.player].hand)]


def _hand_limit_resolve(t, dec, a):
    core.discard_from_hand(t, dec.player, a.card, cause="the hand limit of 6")


HAND_LIMIT_RULE = DecisionRule(
    "hand_limit", legal=_hand_limit_legal, resolve=_hand_limit_resolve)


def _apprentice_limit_legal(s, dec):
    new = dec.data.card
    return [shared("discard_apprentice", card=c) for c in s.players[dec.player].apprentice_ids if c != new]


def _apprentice_limit_resolve(t, dec, a):
    core.discard_apprentice(t, dec.player, a.card, cause="the apprentice limit")


APPRENTICE_LIMIT_RULE = DecisionRule(
    "apprentice_limit", legal=_apprentice_limit_legal, resolve=_apprentice_limit_resolve,
    data=HiredApprentice)
