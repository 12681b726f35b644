"""Move evaluation: which action is better here, and by how much?

`evaluate_actions(state)` answers for the player to move, from that player's
view only, for any game (through `state.game`, `archwk.ai.roles`). Each
rollout draws a determinization (the game's determinizer: a full game
consistent with what the player can see), applies the action, then lets every
seat play the game's fast rule-of-thumb policy (Architects' `fast_choice`) for
`depth` more decisions. The position reached is scored with the game's
`final_scores`, for Architects the rulebook's score, which is a projection "as
if the game ended now" when the game is not over yet (end-game buildings
included). A win is being among the game's `winners` of that position (a
shared win counts as a win).

Rollout j uses the same determinization and the same policy seed for every
action (common random numbers), so differences between actions are not
blurred by different deals. The result is deterministic for a seed.

Why a depth limit: a random game lasts about 1000 decisions and a fast-policy
game 500 to 1500, far too long for interactive use. `DEFAULT_DEPTH` = 24
decisions (about three rounds of 4-player turns: a turn is one placement plus
its follow-up choices) keeps 1,000 rollouts from a mid-game 4-player position
at about 1.5 s on one core of our machines (depth 10: 0.7 s, 20: 1.3 s, 30:
1.9 s, 50: 4.4 s; benchmarks/bench_analysis.py). Pass `depth=None` to play
every rollout to the end (then the VP are final scores, not a projection).
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from .roles import PlaySide

#: decisions played after the action before the position is scored (see module doc)
DEFAULT_DEPTH = 24
_Z = 1.959963984540054  # 95 %


@dataclass(frozen=True)
class ActionValue:
    """The Monte Carlo value of one action for the player to move.

    `win_rate` and `win_ci` (95 % Wilson interval) are the chance of being among
    the winners; `mean_vp` and `vp_ci` (95 % normal interval) the player's VP
    at the end of the rollout (see the module doc); `n` the rollouts behind them.
    """
    action: Any
    label: str
    win_rate: float
    win_ci: tuple[float, float]
    mean_vp: float
    vp_ci: tuple[float, float]
    n: int

    def as_dict(self) -> dict:
        return {"action": self.action.to_dict(), "label": self.label, "win_rate": self.win_rate,
                "win_ci": list(self.win_ci), "mean_vp": self.mean_vp, "vp_ci": list(self.vp_ci), "n": self.n}


def wilson(wins: int, n: int, z: float = _Z) -> tuple[float, float]:
    """The Wilson score interval for a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    lo = 0.0 if wins == 0 else max(0.0, min(p, centre - half))
    hi = 1.0 if wins == n else min(1.0, max(p, centre + half))
    return (lo, hi)


def mean_ci(xs: list[float], z: float = _Z) -> tuple[float, tuple[float, float]]:
    n = len(xs)
    if n == 0:
        return 0.0, (0.0, 0.0)
    m = sum(xs) / n
    if n == 1:
        return m, (m, m)
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    half = z * math.sqrt(var / n)
    return m, (m - half, m + half)


def evaluate_actions(state, rollouts: int = 100, seed: int = 0, depth: int | None = DEFAULT_DEPTH,
                     *, actions=None, player: int | None = None) -> list[ActionValue]:
    """Each legal action's win chance and expected VP for the player to move,
    by `rollouts` Monte Carlo rollouts per action (see the module doc).

    `state` is the real game or the mover's view (`state.view(p)`); either way
    only what the mover may see is used. `actions` limits the evaluation to
    some of the legal actions. Results are in the order of `legal_actions()`.

    >>> import archwk
    >>> s = archwk.new_game(2, seed=1)
    >>> vals = evaluate_actions(s, rollouts=4, seed=1, depth=6)
    >>> len(vals) == len(s.legal_actions()) and all(v.n == 4 for v in vals)
    True
    """
    if rollouts < 1:
        raise ValueError(f"evaluate_actions: rollouts must be at least 1, got {rollouts}")
    if depth is not None and depth < 0:
        raise ValueError(f"evaluate_actions: depth must be 0 or more (or None), got {depth}")
    if state.is_over:
        raise ValueError("evaluate_actions: the game is over; there is no decision to evaluate")
    side = PlaySide(state.game)
    game = side.game
    if player is None:
        player = state.current_player
        assert player is not None  # the game is not over
        if state.is_view and side.viewer_of is not None and side.viewer_of(state) not in (None, player):
            raise ValueError("evaluate_actions: this is another player's view; "
                             "evaluate from the view of the player to move")
    if side.determinizer is None:  # the game hides nothing
        def sample(rng):
            return state
    else:
        sample = side.determinizer(state if state.is_view else state.view(player), player).sample
    rng = random.Random(seed)
    seeds = [rng.getrandbits(64) for _ in range(rollouts)]
    legal = sample(random.Random(seeds[0])).legal_actions()
    if actions is not None:
        wanted = list(actions)
        bad = [a for a in wanted if a not in legal]
        if bad:
            raise ValueError(f"evaluate_actions: not legal here: {', '.join(map(str, bad))}")
        legal = [a for a in legal if a in wanted]
    wins = [0] * len(legal)
    vps: list[list[float]] = [[] for _ in legal]
    for j in range(rollouts):
        base = side.quiet(sample(random.Random(seeds[j])))  # no event log: the same positions
        for i, a in enumerate(legal):
            s = base.apply(a)
            s = side.rollout(s, random.Random(seeds[j] ^ 0x5DEECE66D), depth)
            vps[i].append(float(game.final_scores(s)[player].total))
            if player in game.winners(s):
                wins[i] += 1
    out = []
    for i, a in enumerate(legal):
        m, ci = mean_ci(vps[i])
        out.append(ActionValue(a, str(a), wins[i] / rollouts, wilson(wins[i], rollouts), m, ci, rollouts))
    return out
