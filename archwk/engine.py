"""The turn machine: legal actions, applying one, and what happens between decisions.

`legal_map` is the one place that decides what is legal; `apply` accepts an
action only if it is in that map, so listing and validating can never drift
apart. Between decisions `advance` runs everything that needs no choice: the
Black Market reset, the hand limit, the end of a turn, the final round.
"""
from __future__ import annotations

from . import cards, core
from .core import FRAMES, PLACES, P, frame_rule, push, say
from .model import (
    BLACK_MARKET_SPACES, HAND_LIMIT, LOCATIONS, LOCATION_NAMES, OPEN_INDEX, OPEN_LOCATIONS,
    Action, GameState, IllegalAction,
)

# importing the location modules registers their rules
from .locations import (  # noqa: F401  (registration side effects)
    quarry, forest, mines, silversmith, storehouse, workshop, town_centre, tax_stand,
    black_market, guardhouse, guildhall,
)
from . import buildings, characters, reset, setup  # noqa: F401,E402

#: kinds of action that only end an optional part; a decision offering nothing
#: else resolves by itself
PASSIVE = frozenset({"stop", "skip"})


def _set(s, name, value):
    object.__setattr__(s, name, value)


#: decisions that offer apprentice discards as their own choices
NATIVE_DISCARD = frozenset({"apprentice_limit", "graveyard"})


def free_discards(s, f) -> list[Action]:
    """RB: an apprentice may be discarded at any time during your own turn; a free
    choice at every decision of that turn that does not end it (facts §16 row 13)."""
    if (not s.options.voluntary_apprentice_discard or s.phase != "play" or f[1] != s.turn_player
            or f[0] in NATIVE_DISCARD):
        return []
    return [Action("discard_apprentice", card=c) for c in s.players[f[1]].apprentice_ids]


def legal_map(s: GameState) -> dict:
    m = s._legal_map
    if m is None:
        if s.is_view or not s.pending:
            m = {}
        else:
            f = s.pending[-1]
            m = {a: a for a in FRAMES[f[0]].legal(s, f) + free_discards(s, f)}
        _set(s, "_legal_map", m)
    return m


def apply(s: GameState, action: Action) -> GameState:
    a = legal_map(s).get(action) if isinstance(action, Action) else None
    if a is None:
        raise IllegalAction(why_illegal(s, action) or "not legal here")
    t = core.thaw(s)
    f = t.pending[-1]
    if a.kind == "discard_apprentice" and f[0] not in NATIVE_DISCARD:
        core.discard_apprentice(t, f[1], a.card, cause="a free discard (RB, Workshop)")
    else:
        t.pending = t.pending[:-1]
        FRAMES[f[0]].resolve(t, f, a)
    advance(t)
    t._hist = (s._hist, a)
    t._hist_len = s._hist_len + 1
    return core.commit(t)


def why_illegal(s: GameState, action) -> str | None:
    if not isinstance(action, Action):
        return f"expected an archwk.Action, got {type(action).__name__}"
    if s.is_view:
        return "This is one player's view of the game: it can be shown but not played on"
    if s.is_over:
        return "End of the Game: the game is over, there are no more decisions"
    if action in legal_map(s):
        return None
    f = s.pending[-1]
    if action.kind == "place":
        if f[0] != "place":
            return f"Placing Workers: it is not time to place a worker; the decision now is: {prompt(s)}"
        if action.location not in LOCATIONS:
            return f"Placing Workers: unknown location {action.location!r}; locations are {', '.join(LOCATIONS)}"
        reason = placement_blockers(s).get(action.location)
        if reason:
            return f"{LOCATION_NAMES[action.location]}: {reason}"
    rule = FRAMES[f[0]]
    if rule.why:
        reason = rule.why(s, f, action)
        if reason:
            return reason
    choices = ", ".join(str(a) for a in legal_map(s)) or "none"
    return (f"{action!r} is not a choice at this decision ({prompt(s)}). "
            f"The choices are: {choices}")


def prompt(s: GameState) -> str:
    if s.is_over:
        return "The game is over"
    f = s.pending[-1]
    return f"{s.players[f[1]].name}: {FRAMES[f[0]].prompt(s, f)}"


# --------------------------------------------------------------------------- between decisions

def advance(t) -> None:
    """Run everything that needs no decision until one is needed or the game ends."""
    while True:
        if t.pending:
            f = t.pending[-1]
            rule = FRAMES[f[0]]
            if rule.auto:  # a step that needs no choice, kept in order with the decisions
                t.pending = t.pending[:-1]
                rule.resolve(t, f, None)
                continue
            acts = rule.legal(t, f)
            if not acts or (len(acts) == 1 and acts[0].kind in PASSIVE):
                t.pending = t.pending[:-1]  # nothing to choose: the optional part ends
                continue
            if t.players[f[1]].is_bot:  # the Byzantine opponent's decision: answered here (RB, Solo Play)
                from . import solo
                solo.answer(t, f, acts)
                continue
            t._legal_map = {a: a for a in acts + free_discards(t, f)}  # computed once
            return
        if t.phase == "over":
            return
        if t.phase != "play":
            setup.next_setup_step(t)
            continue
        if t.reset_queued:
            t.reset_queued = False
            reset.black_market_reset(t)
            continue
        tp = t.turn_player
        if len(t.players[tp].hand) > HAND_LIMIT:
            push(t, "hand_limit", tp)
            continue
        end_turn(t)


def end_turn(t) -> None:
    if t.final_turns is not None:
        t.final_turns -= 1
        if t.final_turns <= 0:
            from .scoring import game_over
            game_over(t)
            return
    start_turn(t, (t.turn_player + 1) % len(t.players))


def start_turn(t, p: int) -> None:
    t.turn_player = p
    t.turn_no += 1
    if t.players[p].is_bot:
        from . import solo
        solo.start_turn(t, p)
        return
    say(t, "turn", p, turn=t.turn_no, final=t.final_turns is not None)
    if t.players[p].workers_in_supply == 0:
        push(t, "return_worker", p)
    else:
        push(t, "place", p)


# --------------------------------------------------------------------------- placing a worker

def placement_blockers(s) -> dict[str, str]:
    """Every location the current player may not place on now, with the reason."""
    if not s.pending or s.pending[-1][0] != "place":
        why = "the game is over" if s.is_over else f"it is not time to place a worker ({prompt(s)})"
        return {loc: why for loc in LOCATIONS}
    p = s.pending[-1][1]
    out = {}
    for loc in LOCATIONS:
        reason = PLACES[loc].blocker(s, p)
        if reason:
            out[loc] = reason
    return out


def _place_legal(s, f):
    p = f[1]
    if s.players[p].is_bot:  # where the opponent's Scheme card sends it (RB, Solo Play)
        from . import solo
        return solo.scheme_placements(s, f)
    out = []
    for loc in LOCATIONS:
        rule = PLACES[loc]
        if rule.blocker(s, p) is None:
            out.append(Action("place", loc, hint=rule.hint(s, p) if rule.hint else None))
    return out


def _place_resolve(t, f, a):
    p = f[1]
    loc = a.location
    P(t, p).workers_in_supply -= 1
    if loc in OPEN_INDEX:
        core.add_workers(t, loc, p, 1)
    say(t, "placed", p, location=loc)
    if t.players[p].is_bot:  # a location's rules for the opponent (RB, Solo Play)
        from . import solo
        solo.OPPONENT_PLACES[loc].place(t, p)
    else:
        PLACES[loc].place(t, p)


frame_rule("place", legal=_place_legal, resolve=_place_resolve,
           prompt=lambda s, f: "choose where to place a worker")


# --------------------------------------------------------------------------- no workers left

def _return_legal(s, f):
    """RB special rule: bring back 1 worker from a large open location. Only if
    there is none anywhere eligible: from the Black Market, Prison or another
    board (archwk decision, so the game cannot stall); else the turn passes."""
    p = f[1]
    out = [Action("return_worker", loc) for loc in OPEN_LOCATIONS if core.own_at(s, loc, p)]
    if out:
        return out
    out = [Action("return_worker", sp) for i, sp in enumerate(BLACK_MARKET_SPACES)
           if s.black_market[i] == p]
    if s.players[p].in_prison:
        out.append(Action("return_worker", "prison"))
    out += [Action("return_worker", "board", target=o) for o, q in enumerate(s.players)
            if o != p and q.captured[p]]
    return out or [Action("pass")]


def _return_resolve(t, f, a):
    p = f[1]
    if a.kind == "pass":
        say(t, "passed", p)
        return
    loc = a.location
    if loc in OPEN_INDEX:
        core.add_workers(t, loc, p, -1)
    elif loc in BLACK_MARKET_SPACES:
        bm = list(t.black_market)
        bm[BLACK_MARKET_SPACES.index(loc)] = -1
        t.black_market = tuple(bm)
    elif loc == "prison":
        P(t, p).in_prison -= 1
    else:
        q = P(t, a.target)
        cap = list(q.captured)
        cap[p] -= 1
        q.captured = tuple(cap)
    P(t, p).workers_in_supply += 1
    say(t, "returned_worker", p, location=loc, owner=a.target)


frame_rule("return_worker", legal=_return_legal, resolve=_return_resolve,
           prompt=lambda s, f: "you have no workers on your board: bring one back from the main board")


# --------------------------------------------------------------------------- limits

def _hand_limit_legal(s, f):
    return [Action("discard", card=c) for c in dict.fromkeys(s.players[f[1]].hand)]


def _hand_limit_resolve(t, f, a):
    core.discard_from_hand(t, f[1], a.card, cause="the hand limit of 6")


frame_rule("hand_limit", legal=_hand_limit_legal, resolve=_hand_limit_resolve,
           prompt=lambda s, f: f"hand limit {HAND_LIMIT}: discard a building card "
                               f"({len(s.players[f[1]].hand) - HAND_LIMIT} to go)")


def _apprentice_limit_legal(s, f):
    new = f[2][0]
    return [Action("discard_apprentice", card=c) for c in s.players[f[1]].apprentice_ids if c != new]


def _apprentice_limit_resolve(t, f, a):
    core.discard_apprentice(t, f[1], a.card, cause="the apprentice limit")


frame_rule("apprentice_limit", legal=_apprentice_limit_legal, resolve=_apprentice_limit_resolve,
           prompt=lambda s, f: f"apprentice limit {core.apprentice_limit(s, f[1])}: "
                               "discard one of your other apprentices")


def building_card(name: str):
    return cards.building(name)
