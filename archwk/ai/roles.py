"""What a game's play side offers the game-neutral bots, by role, and what they
do for a game that offers less.

A `Game` names its play side by role (`Game.play_side`: role -> "module:name",
imported when first asked), so the rules never import the bots. The bots of
`archwk.ai` (`bots`, `expert`, `search`) ask for these roles only; every one is
optional:

=====================  ==========================================  ==========================
role                   what it is                                  without it
=====================  ==========================================  ==========================
"determinizer"         ``(view, seat)`` -> an object whose         the game hides nothing: the
                       ``sample(rng)`` is a full state              search plays on the state
                       consistent with that seat's view             itself
"viewer_of"            ``view -> seat or None``: whose view it is   (not checked)
"action_key"           ``action -> hashable``: an action's          the action itself
                       identity across determinizations
"candidates"           ``(state, actions) -> actions``: the         all legal actions
                       actions a bot considers
"evaluator"            ``(state, seat) -> float``: a position's     random playouts to the end
                       worth to a seat, in the game's points        at every leaf
"rollout_policy"       ``(state, actions, rng) -> action``:         uniform at random
                       a cheap policy (the "fast" bot, playouts)
"heuristic"            ``seed -> bot``: the game's heuristic        the rollout policy
                       player (the "heuristic" bot)
"leave_to_heuristic"   ``state -> bool``: decisions the search      none
                       bots leave to the heuristic player
"backstop"             ``(state, actions) -> action or None``:      none
                       a fixed choice every bot plays (a game
                       that would never end)
"bot_seats"            ``state -> seats`` that take decisions       every seat
"win_value"            ``(state, temperature) -> chances``, one     a softmax of the evaluator
                       per seat summing to 1 (the expert's leaf)
"exploration"          ``state -> float``: the expert search's      1.0
                       exploration weight in this position's game
"lookahead"            ``(before, after, seat, reply) -> state``:   the position after the move
                       the position the expert values after a
                       seat's move
"prior_weights"        ``(state, seat, actions) -> weights or       each action valued one
                       None``: the expert's prior at a decision     step ahead
"closing_weight"       ``state -> 0..1``: how far a game is into    0
                       its long tail
"closing_plan"         ``(state, actions) -> action``: the          none
                       choice that steers a long game to its end
"turn_of"              ``state -> hashable``: the turn a decision   a turn lasts while the same
                       belongs to (the coach plays the rest of      seat decides
                       the mover's turn greedily)
"move_facts"           ``(state, action) -> [(verdict, sentence)]``: none: the coach judges
                       what the rules say a move throws away       by the chances alone
                       (the coach's judgement names it and gives
                       at least that verdict)
"winchance_features"   ``state -> one row of floats per seat``      (no win-chance model)
"winchance_weights"    the model (``archwk.ai.winchance.Logit``
                       or ``MLP``, read from its JSON file)
=====================  ==========================================  ==========================

`PlaySide(game)` resolves them once (a bot keeps one per game it plays).

The search plays on ``game.quiet(state)`` (a Game field: the same position without its
event log, cheaper to play on).
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any


def _same(x):
    return x


def _all(state, actions):
    return actions


def _never(state) -> bool:
    return False


def _no_choice(state, actions):
    return None


def _no_weights(state, seat, actions):
    return None


def _zero(state) -> float:
    return 0.0


def _unit(state) -> float:
    return 1.0


def _no_turns(state) -> None:
    """No turn numbers: a turn lasts while the same seat decides."""
    return None


def uniform(state, actions, rng):
    """The default rollout policy: uniform at random among `actions`."""
    return actions[rng.randrange(len(actions))]


def relative(worth: Callable[[Any, int], float], s, p: int) -> float:
    """`worth` of seat p minus the best of the other seats': what the search bots
    maximise, so that hurting the leader counts too."""
    vals = [worth(s, i) for i in range(len(s.players))]
    others = [v for i, v in enumerate(vals) if i != p]
    return vals[p] - (max(others) if others else 0.0)


def softmax(xs: Sequence[float], temperature: float = 1.0) -> list[float]:
    """exp(x / temperature) of each x over their sum (shifted by the largest, so it never overflows)."""
    top = max(xs)
    ex = [math.exp((x - top) / temperature) for x in xs]
    tot = sum(ex)
    return [e / tot for e in ex]


def _no_facts(state, action) -> list:
    return []


class PlaySide:
    """The roles of one game (see the module text), each resolved once, with
    the defaults for those it does not name."""

    def __init__(self, game):
        self.game = game

        def get(role, default):
            return game.play(role) if role in game.play_side else default

        self.determinizer = get("determinizer", None)
        self.viewer_of = get("viewer_of", None)
        self.quiet: Callable = game.quiet  # a Game field: the same position, no event log
        self.key: Callable = get("action_key", _same)
        self.candidates: Callable = get("candidates", _all)
        self.worth: Callable | None = get("evaluator", None)
        self.policy: Callable = get("rollout_policy", uniform)
        self.heuristic = get("heuristic", None)
        self.leave_to_heuristic: Callable = get("leave_to_heuristic", _never)
        self.backstop: Callable = get("backstop", _no_choice)
        self.bot_seats = get("bot_seats", None)
        self.win_value = get("win_value", None)
        self.exploration: Callable = get("exploration", _unit)
        self.lookahead = get("lookahead", None)
        self.prior_weights: Callable = get("prior_weights", _no_weights)
        self.closing_weight: Callable = get("closing_weight", _zero)
        self.closing_plan = get("closing_plan", None)
        self.turn_of: Callable = get("turn_of", _no_turns)
        self.move_facts: Callable = get("move_facts", _no_facts)

    def seats(self, state) -> list[int]:
        """The seats that take decisions."""
        if self.bot_seats is None:
            return list(range(len(state.players)))
        return list(self.bot_seats(state))

    def sampler(self, state, seat: int) -> Callable:
        """`rng -> state`: full states consistent with what `seat` may know of
        `state`, quiet (the search plays on them; nobody reads their log)."""
        quiet = self.quiet
        if self.determinizer is None:  # nothing hidden: the position itself
            q = quiet(state)
            return lambda rng: q
        det = self.determinizer(state.view(seat), seat)
        return lambda rng: quiet(det.sample(rng))

    def rollout(self, s, rng, depth: int | None):
        """Play the rollout policy for every seat from `s` for `depth` decisions
        (None: to the end); the state reached."""
        s = self.quiet(s)
        policy = self.policy
        k = 0
        while not s.is_over and (depth is None or k < depth):
            s = s.apply(policy(s, s.legal_actions(), rng))
            k += 1
        return s

