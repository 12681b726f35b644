"""Architects' play side for the expert bot (`archwk.ai.expert.ExpertBot`): its leaf
value, its lookahead at the leaves, the placement prior and the long-game ramp.

* `win_value` (role "win_value"): each seat's chance to win, by the trained
  win-chance model in games of 4 or more players, else `softmax_value`: a softmax
  of `leaf_worth` (the heuristic `position_value` adjusted for long games and for
  the Mines) on a scale that narrows as the Guildhall fills;
* `lookahead` (role "lookahead"): the rest of the mover's turn played greedily,
  as the heuristic bot looks ahead, and the next player's whole turn the same way;
* `prior_weights` (role "prior_weights"): at worker placements the rule-of-thumb
  weights of `fast_choice` (their worth comes from the choices that follow);
* `closing_weight` (role "closing_weight"): how far a game is into its long
  tail, where the search leans on the closing plan (`stalemate_choice`, role
  "closing_plan");
* `exploration` (role "exploration"): the search's exploration weight, lower in
  2-player games.
"""
from __future__ import annotations

import math

from ..model import OPEN_INDEX, GameState
from ..scoring import winners
from .heuristics import _place_weight, finish_turn, position_value, progress

#: VP that make a position e (about 2.7) times likelier to be won, in `softmax_value`,
#: half way through the game (the scale narrows as the Guildhall fills: a lead
#: counts for more the less time is left to lose it)
TEMPERATURE = 4.0

_MINES = OPEN_INDEX["mines"]

#: a long game keeps goods and cards worth having: from PACE_TURNS[0] turns a
#: player to PACE_TURNS[1], the share of their worth that `position_value` keeps
#: (1 - progress) is raised towards PACE_FLOOR. (By the Guildhall alone, a
#: game that stalls with its last spaces open values nothing but Gold, so nobody
#: builds the last buildings and the game drags on.)
PACE_TURNS = (40, 80)
PACE_FLOOR = 0.8
#: Clay, Wood or Stone beyond this many of each count for nothing
GOODS_CAP = 6
#: VP per Gold a player's group at the Mines yields at each placement there
#: (floor(W / 2), facts §10): the group's income, which the Guildhall's progress
#: does not discount, and what a capture there takes away
MINES_GROUP_VP = 1.5

#: turns a player from which the search leans on the closing plan, reaching its
#: full weight at the second figure (so that a game ends by the Guildhall well before
#: the bots' backstop, `STALEMATE_TURNS`, would start)
CLOSE_TURNS = (40, 60)


def _ramp(s: GameState, turns: tuple[int, int]) -> float:
    """0 before `turns[0]` turns a player, rising evenly to 1 at `turns[1]`."""
    lo, hi = turns
    return min(1.0, max(0.0, (s.turn_no / len(s.players) - lo) / (hi - lo)))


def closing_weight(s: GameState) -> float:
    """How far a game is into its long tail, 0 before `CLOSE_TURNS[0]` turns a
    player to 1 from `CLOSE_TURNS[1]`: the closing plan's share of the expert's
    root prior is its `close_prior` times this."""
    return _ramp(s, CLOSE_TURNS)


def leaf_worth(s: GameState, p: int) -> float:
    """Player p's prospects in VP as the expert values a leaf: `position_value`
    with the long-game floor (`PACE_TURNS`), no worth for goods beyond
    `GOODS_CAP` and the Mines group's income (`MINES_GROUP_VP`). Reads what
    `position_value` reads: public parts and p's own hand."""
    pr = progress(s)
    live = max(1.0 - pr, PACE_FLOOR * _ramp(s, PACE_TURNS))
    pl = s.players[p]
    excess = max(0, pl.clay - GOODS_CAP) + max(0, pl.wood - GOODS_CAP) + max(0, pl.stone - GOODS_CAP)
    return (position_value(s, p, live) - live * 0.15 * excess
            + MINES_GROUP_VP * (s.board[_MINES][p] // 2))


def softmax_value(s: GameState, temperature: float = TEMPERATURE) -> list[float]:
    """Each seat's chance to win `s`, from a softmax of `leaf_worth` on a
    scale of `temperature` VP at mid-game, 1.5 times that at the start and half
    of it at the end (the winners share 1 when the game is over). Reads only
    what `position_value` reads: public parts and each player's own hand.

    >>> import archwk
    >>> v = softmax_value(archwk.new_game(3, seed=2))
    >>> len(v), round(sum(v), 6)
    (3, 1.0)
    """
    n = len(s.players)
    if s.is_over:
        w = winners(s)
        return [1.0 / len(w) if i in w else 0.0 for i in range(n)]
    scale = temperature * (1.5 - progress(s))
    vals = [leaf_worth(s, i) / scale for i in range(n)]
    top = max(vals)
    ex = [math.exp(v - top) for v in vals]
    tot = sum(ex)
    return [e / tot for e in ex]


#: from this many seats (a solo game's Byzantine opponent counts as none) the expert values
#: its leaves by the trained win-chance model, not by `softmax_value` (see `win_value`)
MODEL_LEAF_PLAYERS = 4


def win_value(s: GameState, temperature: float = TEMPERATURE) -> list[float]:
    """The expert's leaf value (role "win_value"): in games of `MODEL_LEAF_PLAYERS` players
    or more, each seat's chance to win by the trained win-chance model
    (`archwk.ai.winchance.win_chances`; `temperature` unused: the model sets its own
    scale); in smaller games `softmax_value`. At 1 s a decision against the heuristic bot in
    4-player games, seats rotated, the model's leaf won 125 of 200 games (62.5%, 56-69%)
    where the softmax had won 96.5 of the same 200 deals (48%, 41-55%), although its search
    reaches fewer positions in its time (a median of 559 a decision, against 814)
    (`benchmarks/bench_strength.py --matches 4p --seconds 1`, 2026-12-05); smaller games
    keep the softmax (2 players: 95.5% of 200 with it, and the exploration weight 0.7; 3 and
    5 players not measured with the model's leaf)."""
    if len(s.players) >= MODEL_LEAF_PLAYERS and not s.is_over and s.options.solo_opponent is None:
        from ....ai.winchance import win_chances
        return win_chances(s)
    return softmax_value(s, temperature)


#: the expert search's exploration weight in 2-player games (1.0, the search's own, elsewhere)
EXPLORATION_2P = 0.7


def exploration(s: GameState) -> float:
    """The expert search's exploration weight (role "exploration"): `EXPLORATION_2P` in
    2-player games, a search that trusts its best line sooner; 1.0 elsewhere (3 to 5 players,
    and solo, where it was not measured). At 1 s a decision against the heuristic bot, on
    the same 200 deals, seats rotated, the 2-player expert won 191 (95.5%, 92-98%) with 0.7
    and 182 (91%, 86-94%) with 1.0 (16 deals won only with 0.7, 7 only with 1.0)
    (`benchmarks/bench_strength.py --matches 2p --seconds 1 --param exploration=...`, 2026-12-05)."""
    if len(s.players) == 2 and s.options.solo_opponent is None:
        return EXPLORATION_2P
    return 1.0


def lookahead(before: GameState, after: GameState, p: int, reply: bool = True) -> GameState:
    """The position the expert values after player p's move from `before` to
    `after`: the rest of that turn played greedily (`finish_turn`) and, with
    `reply`, the next player's whole turn too (so a move is judged after the
    answer it invites, e.g. a capture of the group it leaves)."""
    s = finish_turn(after, p, before.turn_no)
    if reply and not s.is_over and s.current_player != p:
        q = s.current_player
        assert q is not None
        s = finish_turn(s, q, s.turn_no)
    return s


def prior_weights(s: GameState, mover: int, actions) -> list[float] | None:
    """The expert's prior weights for `actions` at worker placements: the
    rule-of-thumb weights of `fast_choice` (their worth comes from the choices
    that follow, which the search itself values); None elsewhere (the search
    then values each action one step ahead)."""
    if actions[0].kind != "place":
        return None
    return [_place_weight(s, mover, a) for a in actions]
