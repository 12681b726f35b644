"""The turn machine: legal actions, applying one, and what happens between decisions.

`legal_list` is the one place that decides what is legal; `apply` accepts an
action only if it is in that list, so listing and validating can never drift
apart. Between decisions `advance` runs everything that needs no choice: the
Black Market reset, the hand limit, the end of a turn, the final round.
"""
from __future__ import annotations

from typing import Any

from ...kit.errors import IllegalAction
from . import core, reset, setup, solo, turns
from .actions import Action, shared
from .constants import HAND_LIMIT, LOCATION_NAMES, LOCATIONS
from .core import commit, open_decision, thaw
from .events import QUIET, QUIET_LOG
from .ruleset import DECISION_RULES, LOCATION_RULES
from .state import FrozenState, S, _MutableState, copy_state_slots
from .views import PRIVATE_CARD_ACTIONS, public_step

#: the decision rules as a plain dict (read at every step; the registry's view is read only)
_RULES = dict(DECISION_RULES)
#: kind -> (a step with no choice?, its legal actions, its resolution): what `advance`
#: reads of a rule at every step
_STEPS = {kind: (rule.auto, rule.legal, rule.resolve) for kind, rule in _RULES.items()}

#: kinds of action that only end an optional part; a decision offering nothing
#: else resolves by itself
PASSIVE = frozenset({"stop", "skip"})


#: decisions that offer apprentice discards as their own choices
NATIVE_DISCARD = frozenset({"apprentice_limit", "graveyard"})


def free_discards(s, dec) -> list[Action]:
    """RB: an apprentice may be discarded at any time during your own turn; a free
    choice at every decision of that turn that does not end it (facts §16 row 13)."""
    p = dec.player
    if s.phase != "play" or p != s.turn_player or not s.options.voluntary_apprentice_discard:
        return []
    ids = s.players[p].apprentice_ids
    if not ids or dec.kind in NATIVE_DISCARD:
        return []
    return [shared("discard_apprentice", card=c) for c in ids]


def _keep(s, acts: tuple | None) -> None:
    """Keep a frozen state's legal actions in its own slot (`_legal`), worked out once.
    Two threads asking at once both work out the same actions; either tuple is kept."""
    object.__setattr__(s, "_legal", acts)


def legal_list(s: FrozenState) -> tuple[Action, ...]:
    """The legal actions at this decision, as a tuple the state keeps (`s._legal`):
    worked out when first asked (by `advance`, for a state `apply` made), then
    answered from the state itself. Each words its label from this state when asked
    (`str(action)`). A state kept in a logged game's history lets go of its tuple
    (`apply`), so a kept state does not carry its actions; asked again, it works
    them out again."""
    acts = s._legal
    if acts is not None:
        return acts
    if s.is_view or not s.pending:  # a view: nothing is legal
        acts = ()
    else:
        dec = s.pending[-1]
        found = _RULES[dec.kind].legal(s, dec) + free_discards(s, dec)
        acts = _worded_from(s, found) if s.events is not QUIET else tuple(found)
    _keep(s, acts)
    return acts


def _worded_from(s, acts: list) -> tuple:
    """The listed actions, each this state's own copy, worded from it when asked. The
    rules list shared actions (`actions.shared`) beside new ones; a quiet state (a
    rollout's, where nobody reads labels) lists them as they are, worded without figures."""
    return tuple([a._with_ctx(s) for a in acts])


def legal_map(s: FrozenState) -> dict:
    """The legal actions as {action: action} (equal actions find the listed one)."""
    return {a: a for a in legal_list(s)}


def _listed(s: FrozenState, action) -> Action | None:
    """The listed legal action that is `action` (by identity: the usual case,
    an action taken from `legal_actions()`) or equals it; None if not legal."""
    if type(action) is Action and action._ctx is s:  # listed at s (only listing sets a state there)
        return action
    acts = legal_list(s)
    for a in acts:
        if a is action:
            return a
    if isinstance(action, Action):
        for a in acts:
            if a == action:
                return a
    return None


def quiet(s: S) -> S:
    """The same position, made quiet: it and every state played from it record no
    events (their `events` is empty), and their legal actions word their labels
    without the position's figures. For rollouts, where nobody reads the log;
    the states reached and the actions offered are the same (tests/test_speed.py)."""
    if s.events is QUIET:
        return s
    q: Any = _MutableState.__new__(_MutableState)
    copy_state_slots(s, q)
    q.events = QUIET
    q._legal = None  # its own actions, listed without a position (s's word their labels from s)
    q.__class__ = type(s)
    return q


def _resolved(s: FrozenState, action: Action) -> tuple[Any, Action]:
    """The legality gate, then the action's own resolution on a writable copy:
    (that copy, the listed action). Nothing that follows by itself has run yet."""
    a = _listed(s, action)
    if a is None:
        raise IllegalAction(why_illegal(s, action) or "not legal here")
    t = thaw(s)
    dec = t.pending[-1]
    if a._key[0] == "discard_apprentice" and dec.kind not in NATIVE_DISCARD:
        core.discard_apprentice(t, dec.player, a.card, cause="a free discard")
    else:
        t.pending = t.pending[:-1]
        _RULES[dec.kind].resolve(t, dec, a)
    return t, a


def apply(s: S, action: Action) -> S:
    t, a = _resolved(s, action)
    advance(t)
    # the history keeps the action as listed: it words its label from the position
    # it was listed at (`s`), when asked; a quiet state's (a rollout's, where nobody
    # reads labels) lists its actions without a position, so the positions passed are freed
    t._hist = (s._hist, a)
    t._hist_len = s._hist_len + 1
    t._pub_hist = (s._pub_hist, a if a._ctx is None and a._key[0] not in PRIVATE_CARD_ACTIONS else public_step(a))
    if a._ctx is s:
        # `s` is now kept by the history (its action words its label from it): it lets go
        # of its legal actions, which would otherwise stay as long as the game is kept
        _keep(s, None)
    return commit(t)


def legal_actions(s: FrozenState) -> list[Action]:
    """The legal actions, each able to word its label from this state when asked."""
    return list(legal_list(s))


def resolve_only(s: FrozenState, action: Action):
    """The writable state right after `action`'s own resolution, before anything that
    follows by itself (end of turn, resets, the opponent): for checking previews."""
    return _resolved(s, action)[0]


def preview(s: FrozenState, action: Action):
    """What a legal action gives and costs its actor (a `decisions.Preview`), or
    None when it has no figures to state."""
    if not s.pending or s.is_view:
        return None
    dec = s.pending[-1]
    if action.kind == "discard_apprentice" and dec.kind not in NATIVE_DISCARD:
        return None
    if dec.kind == "place":
        if action.kind != "place" or s.players[dec.player].is_byzantine:
            return None
        loc_rule = LOCATION_RULES.get(action.location)
        return loc_rule.preview(s, dec.player) if loc_rule is not None and loc_rule.preview else None
    rule = DECISION_RULES[dec.kind]
    return rule.preview(s, dec, action) if rule.preview else None


def why_illegal(s: FrozenState, action) -> str | None:
    if not isinstance(action, Action):
        return f"expected an archwk.Action, got {type(action).__name__}"
    if s.is_view:
        return "This is one player's view of the game: it can be shown but not played on"
    if s.is_over:
        return "End of the Game: the game is over, there are no more decisions"
    if _listed(s, action) is not None:
        return None
    dec = s.pending[-1]
    if action.kind == "place":
        if dec.kind != "place":
            return f"Placing Workers: it is not time to place a worker; the decision now is: {prompt(s)}"
        if action.location not in LOCATIONS:
            return f"Placing Workers: unknown location {action.location!r}; locations are {', '.join(LOCATIONS)}"
        reason = placement_blockers(s).get(action.location)
        if reason:
            return f"{LOCATION_NAMES[action.location]}: {reason}"
    rule = DECISION_RULES[dec.kind]
    if rule.why:
        reason = rule.why(s, dec, action)
        if reason:
            return s.game.explainer.reason(s, reason)
    choices = ", ".join(str(a) for a in legal_actions(s)) or "none"
    return (f"{action!r} is not a choice at this decision ({prompt(s)}). "
            f"The choices are: {choices}")


def prompt(s: FrozenState) -> str:
    if s.is_over:
        return "The game is over"
    dec = s.pending[-1]
    return f"{s.players[dec.player].name}: {s.game.explainer.prompt(s, dec)}"


# --------------------------------------------------------------------------- between decisions

def advance(t) -> None:
    """Run everything that needs no decision until one is needed or the game ends."""
    steps = _STEPS
    while True:
        pending = t.pending
        if pending:
            dec = pending[-1]
            auto, legal, resolve = steps[dec.kind]
            if auto:  # a step that needs no choice, kept in order with the decisions
                t.pending = pending[:-1]
                resolve(t, dec, None)
                continue
            acts = legal(t, dec)
            if not acts or (len(acts) == 1 and acts[0]._key[0] in PASSIVE):
                t.pending = pending[:-1]  # nothing to choose: the optional part ends
                continue
            pl = t.players[dec.player]
            if pl.is_byzantine:
                # The Byzantine opponent's decision, answered here through the same gate as
                # `apply`: its choice must be legal, and resolves by the kind's own rule (RB, Solo Play).
                choice = solo.choose(t, dec, acts)
                if choice not in acts:
                    raise IllegalAction(
                        f"Solo Play: {t.players[dec.player].name} (the Byzantine opponent) cannot choose "
                        f"{choice}; the choices are: {', '.join([str(x) for x in acts]) or 'none'}")
                t.pending = t.pending[:-1]
                resolve(t, dec, choice)
                continue
            if pl.apprentice_ids and t.options.voluntary_apprentice_discard:
                acts += free_discards(t, dec)
            # the new state's own actions, worked out once (legal_list answers them from it),
            # worded from it when asked (t is frozen as itself)
            t._legal = _worded_from(t, acts) if t.events is not QUIET_LOG else tuple(acts)
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
            open_decision(t, "hand_limit", tp)
            continue
        turns.end_turn(t)


# --------------------------------------------------------------------------- placing a worker

def placement_blockers(s) -> dict[str, str]:
    """Every location the current player may not place on now, with the reason."""
    if not s.pending or s.pending[-1].kind != "place":
        why = "the game is over" if s.is_over else f"it is not time to place a worker ({prompt(s)})"
        return {loc: why for loc in LOCATIONS}
    p = s.pending[-1].player
    out = {}
    for loc, rule in LOCATION_RULES.items():
        reason = rule.blocker(s, p)
        if reason is not None:
            out[loc] = s.game.explainer.reason(s, reason)
    return out
