"""Bots that choose actions, for every game: `bot.choose(state) -> Action`.

* `RandomBot` ("random"): uniform among the legal actions.
* `FastBot` ("fast"): the game's rule-of-thumb policy (its role
  "rollout_policy"; for Architects `fast_choice`), no lookahead; the rollout
  policy of the move evaluation and of the search bots.
* `HeuristicBot` ("heuristic"): the game's heuristic player (its role
  "heuristic"; for Architects it looks one turn ahead).
* `MCTSBot` ("mcts"): Monte Carlo tree search over determinizations of the
  hidden cards, the shared core of `archwk.ai.search` with the game's
  evaluator and determinizer.

Each finds what it needs of a game through `state.game` (`archwk.ai.roles`),
never by importing the game. No bot reads what its seat may not see: the
heuristic and search bots look ahead only on determinizations drawn from their
own view. Names in brackets are those of the bot registry
(`archwk.ai.registry.make_bot`, also `archwk simulate --bots`).
"""
from __future__ import annotations

import math
import random
from typing import Any

from .roles import PlaySide, relative
from .search import Node, Search


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int | None = 0):
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, state):
        acts = state.legal_actions()
        if not acts:
            raise ValueError(f"no legal action: {state.prompt}")
        return acts[self._rng.randrange(len(acts))]

    def __repr__(self):
        return f"{type(self).__name__}({self.seed!r})"


def play(state, bots, *, max_decisions: int = 200_000):
    """Let `bots` (one per seat that takes decisions, indexed by seat) play from `state` to the end."""
    bots = list(bots)
    if len(bots) < len(PlaySide(state.game).seats(state)):
        raise ValueError(f"play: need a bot per player, got {len(bots)} for {len(state.players)}")
    for _ in range(max_decisions):
        if state.is_over:
            return state
        state = state.apply(bots[state.current_player].choose(state))
    raise RuntimeError(f"play: the game did not end within {max_decisions} decisions")


class _PerGame:
    """A bot's play side for the game it plays (resolved once per game)."""

    _side: PlaySide | None = None

    def side(self, state) -> PlaySide:
        side = self._side
        if side is None or side.game is not state.game:
            side = self._side = PlaySide(state.game)
        return side


class FastBot(RandomBot, _PerGame):
    """Plays the game's rule-of-thumb policy (role "rollout_policy"): the rollout
    policy of the search bots and the move evaluation, as a bot of its own
    (name "fast"). A game without one is played uniformly at random."""

    def choose(self, state):
        acts = state.legal_actions()
        if not acts:
            raise ValueError(f"no legal action: {state.prompt}")
        return self.side(state).policy(state, acts, self._rng)


class HeuristicBot(_PerGame):
    """The game's heuristic player (role "heuristic", made with this bot's
    seed; for Architects `archwk.games.architects.play.heuristics.HeuristicBot`,
    which looks one turn ahead). A game without one gets `FastBot`.

    >>> import archwk
    >>> s = archwk.new_game(2, seed=3)
    >>> archwk.play(s, [HeuristicBot(1), RandomBot(2)]).is_over
    True
    """

    def __init__(self, seed: int | None = 0):
        self.seed = seed
        self._bot: Any = None
        self._bot_game = None

    def choose(self, state):
        side = self.side(state)
        if self._bot is None or self._bot_game is not side.game:
            self._bot = (side.heuristic or FastBot)(self.seed)
            self._bot_game = side.game
        return self._bot.choose(state)

    def __repr__(self):
        return f"HeuristicBot({self.seed!r})"


# =========================================================================== search bot

#: the margin over the best opponent, in the game's points, that counts as a
#: sure win: the leaf reward is a logistic curve of the margin on this scale
#: (tuned on Architects' VP)
REWARD_SCALE = 4.0


def _squash(margin: float) -> float:
    m = max(-30.0, min(30.0, margin / REWARD_SCALE))
    return 1.0 / (1.0 + math.exp(-m))


def _rewards(side: PlaySide, s) -> list[float]:
    n = len(s.players)
    if side.worth is None:  # a game without an evaluator is valued by who wins
        if not s.is_over:
            return [1.0 / n] * n
        won = side.game.winners(s)
        return [1.0 / len(won) if i in won else 0.0 for i in range(n)]
    if s.is_over:
        vals = [float(sc.total) for sc in side.game.final_scores(s)]
    else:
        worth = side.worth
        vals = [worth(s, i) for i in range(n)]
    out = []
    for i, v in enumerate(vals):
        best = max(x for j, x in enumerate(vals) if j != i) if n > 1 else 0.0
        out.append(_squash(v - best))
    return out


def leaf_rewards(s) -> list[float]:
    """Each seat's reward in [0, 1] for a position reached by search: a logistic
    curve (`REWARD_SCALE`) of its margin over the best other seat (final scores
    if the game is over, else the game's evaluator, role "evaluator"). A game
    without an evaluator: the winners share 1 at the end, every seat has 1/n before."""
    return _rewards(PlaySide(s.game), s)


class MCTSBot(_PerGame):
    """Monte Carlo tree search over determinizations (single-observer
    information-set MCTS with value priors), on the core of `archwk.ai.search`.

    Each iteration samples a full game consistent with the bot's own view
    (the game's determinizer: for Architects other hands, deck orders, the
    generator) and walks the shared tree from the root, at each decision taking
    the action legal in that sample with the best PUCT score for the seat
    deciding there: its mean reward so far (at first, its prior: the seat's
    relative worth one step ahead, by the game's evaluator, squashed to 0..1)
    plus an exploration bonus. At the first decision not yet in the tree the
    walk stops; `rollout` decisions of the game's rollout policy follow (0 by
    default: the position is scored as it is; a game without an evaluator is
    played to the end) and `leaf_rewards` scores it for every seat; each seat's
    choices on the path are credited with that seat's reward. The action
    visited most at the root is played. The decisions the game leaves to its
    heuristic player (Architects' setup drafts) are left to `HeuristicBot`.

    `iterations` is the search budget per decision.

    >>> import archwk
    >>> s = archwk.new_game(2, seed=3)
    >>> bot = MCTSBot(1, iterations=20)
    >>> s.apply(bot.choose(s)) is not None
    True
    """

    def __init__(self, seed: int | None = 0, iterations: int = 100, rollout: int = 0,
                 exploration: float = 1.0):
        if iterations < 1:
            raise ValueError(f"MCTSBot: iterations must be at least 1, got {iterations}")
        self.seed = seed
        self.iterations = iterations
        self.rollout = rollout
        self.exploration = exploration
        self._rng = random.Random(seed)
        self._setup = HeuristicBot(seed)
        self.last_visits: dict = {}

    def choose(self, state):
        acts = state.legal_actions()
        if not acts:
            raise ValueError(f"no legal action: {state.prompt}")
        if len(acts) == 1:
            return acts[0]
        side = self.side(state)
        if side.leave_to_heuristic(state):
            return self._setup.choose(state)
        fixed = side.backstop(state, acts)
        if fixed is not None:
            return fixed
        me = state.current_player
        assert me is not None  # a legal action: the game is not over
        root = Node()
        self.search(side).run(root, side.sampler(state, me), self._rng, iterations=self.iterations)
        key = side.key
        keys = [key(a) for a in acts]
        self.last_visits = {a: root.visits[k] for a, k in zip(acts, keys) if k in root.visits}
        best = max(range(len(acts)), key=lambda i: (root.visits.get(keys[i], 0), root.prior.get(keys[i], 0.0)))
        return acts[best]

    def search(self, side: PlaySide) -> Search:
        """The search core configured for this bot and `side`'s game."""
        worth = side.worth

        def expand(s, mover, actions):
            if worth is None:  # every action alike until searched
                return [(1.0, None, None) for _ in actions]
            out = []
            for a in actions:
                x = s.apply(a)
                p = _squash(relative(worth, x, mover))
                out.append((p, p, x))
            return out

        depth = self.rollout if worth is not None else None
        leaf = None
        if depth is None or depth:
            def leaf(before, after, mover, rng):
                return side.rollout(after, rng, depth)

        return Search(value=lambda s: _rewards(side, s), expand=expand, key=side.key,
                      candidates=side.candidates, leaf=leaf, exploration=self.exploration,
                      spread_prior=True)

    def __repr__(self):
        return f"MCTSBot({self.seed!r}, iterations={self.iterations}, rollout={self.rollout})"
