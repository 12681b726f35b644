"""The strong bot ("expert"): a time-limited search over what the mover may know.

`ExpertBot` is single-observer information-set Monte Carlo tree search, the
shared core of `archwk.ai.search` configured with the game's play side
(`archwk.ai.roles`; Architects' is `archwk.games.architects.play`):

* every iteration draws a fresh determinization from the mover's own view
  (the game's determinizer: for Architects the other hands, the deck orders
  and the generator are sampled), so the search never reads a hidden card;
* the walk down the shared tree picks, at each decision, the action legal in
  that sample with the best PUCT score for the seat deciding there: its mean
  value so far plus an exploration bonus weighted by a prior. The prior comes
  from the heuristic move ordering: at the root each action's relative worth
  (the game's evaluator) after the game's `lookahead` (Architects: the rest of
  the turn played greedily, as the heuristic bot looks ahead), where the game
  gives them its `prior_weights` (Architects: the rule-of-thumb weights of
  worker placements), elsewhere each action's relative worth one step ahead,
  as a softmax. Each action's first value estimate counts as `prior_weight`
  visits, so a short search falls back on the heuristic ordering;
* at the first decision not yet in the tree the position is played on a
  little (quiet states): the game's `lookahead` (with `reply`, the next
  player's whole turn too; `finish_turn` turns it off), then `rollout`
  decisions of the game's rollout policy (none by default). The position
  reached is valued for every seat by a leaf value, a win chance per seat
  summing to 1: "softmax" by default (the game's "win_value"; Architects'
  `win_value`: the trained model from 4 players, else `softmax_value`, a softmax
  of its `leaf_worth` on a scale that narrows as the Guildhall fills;
  Archon's: its model), "winchance" for the trained model
  (`archwk.ai.winchance.win_chances`), or any function `state -> list[float]`;
* the root action visited most is played.

The exploration bonus is weighted by `exploration`; by default the game's own for
the position (its "exploration" role; Architects: 0.7 in 2-player games, else 1.0).

A game that runs long (the game's `closing_weight`: for Architects past
`CLOSE_TURNS[0]` turns a player) is steered towards its end: more and more of
the root prior (up to `close_prior`) goes to the closing plan's choice (the
game's "closing_plan": Architects' `stalemate_choice`: construct, else work
towards the building in hand nearest to being built). It stays a prior: a
move the search finds clearly better is still played (releasing a Prison full
of workers, say).

It stops early when the best move is settled (the runner-up could not catch
up in the time left), answers at once when there is a single legal choice,
leaves the actions the game's `candidates` drop alone (Architects' free
apprentice discards) and the decisions it leaves to its heuristic player
(Architects' setup draft) to `HeuristicBot`. Where the game's backstop
chooses (Architects: past `STALEMATE_TURNS` turns a player, `stalemate_choice`)
it plays that like the other bots (counted in `backstop_used`; the strength
benchmark reports it).

`seconds` is the time budget per decision: the search stops when one more
iteration at its mean pace would end past it (an iteration much slower than
the others can still overrun it); `iterations`, if
given, caps the number of iterations, and with `seconds=None` the search is
deterministic for a seed.

>>> import archwk
>>> s = archwk.new_game(2, seed=3)
>>> bot = ExpertBot(1, seconds=None, iterations=30)
>>> s.is_legal(bot.choose(s))
True
"""
from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from .bots import HeuristicBot, _PerGame
from .roles import PlaySide, relative, softmax
from .search import Node, Search

#: the scale of the priors' softmax (half of it) and of the default leaf value,
#: in the game's points at mid-game (tuned on Architects' VP)
TEMPERATURE = 4.0
#: the share of the root prior given to the closing plan's choice in a long game
CLOSE_PRIOR = 0.9

LeafValue = Callable[[Any], Sequence[float]]
_VALUES = ("softmax", "winchance")


def _softmax_of_worth(side: PlaySide, temperature: float) -> LeafValue:
    """The default leaf value of a game without a "win_value": the winners share
    1 when it is over, else a softmax of its evaluator's worth (uniform without one)."""
    worth = side.worth

    def value(s):
        n = len(s.players)
        if s.is_over:
            w = side.game.winners(s)
            return [1.0 / len(w) if i in w else 0.0 for i in range(n)]
        if worth is None:
            return [1.0 / n] * n
        return softmax([worth(s, i) for i in range(n)], temperature)
    return value


def leaf_value(name: str, side: PlaySide, temperature: float = TEMPERATURE) -> LeafValue:
    """The leaf value called `name` for `side`'s game: "softmax" (the game's
    "win_value") or "winchance" (the trained win-chance model,
    `archwk.ai.winchance.win_chances`)."""
    if name == "softmax":
        win_value = side.win_value
        if win_value is None:
            return _softmax_of_worth(side, temperature)
        return lambda s: win_value(s, temperature)
    if name == "winchance":
        try:  # the model may be missing from this installation
            model = importlib.import_module(f"{__package__}.winchance")
        except ImportError:
            raise ValueError("ExpertBot: the win-chance model (archwk.ai.winchance) is not installed") from None
        chances: LeafValue = model.win_chances
        return chances
    raise ValueError(f"ExpertBot: the leaf value is 'softmax', 'winchance' or a function, got {name!r}")


class ExpertBot(_PerGame):
    """Information-set Monte Carlo tree search with heuristic priors, short
    rollouts and a win-chance value at the leaves (see the module text).

    >>> ExpertBot(2, seconds=0.5)
    ExpertBot(2, seconds=0.5)
    """

    def __init__(self, seed: int | None = 0, seconds: float | None = 1.0, *,
                 iterations: int | None = None, exploration: float | None = None,
                 rollout: int = 0, value: LeafValue | str = "softmax",
                 settle: float = 1.0, temperature: float = TEMPERATURE,
                 finish_turn: bool = True, prior_weight: float = 2.0, reply: bool = True,
                 close_prior: float = CLOSE_PRIOR):
        if seconds is None and iterations is None:
            raise ValueError("ExpertBot: give a time budget (seconds) or an iterations cap, or both")
        if seconds is not None and not (isinstance(seconds, int | float) and seconds > 0
                                        and math.isfinite(seconds)):
            raise ValueError(f"ExpertBot: seconds per decision must be a positive number, got {seconds!r}")
        if iterations is not None and (not isinstance(iterations, int) or iterations < 1):
            raise ValueError(f"ExpertBot: iterations must be a positive whole number, got {iterations!r}")
        if rollout < 0:
            raise ValueError(f"ExpertBot: rollout must be 0 or more decisions, got {rollout!r}")
        if not (isinstance(close_prior, int | float) and 0 <= close_prior <= 1):
            raise ValueError(f"ExpertBot: close_prior is a share of the prior from 0 to 1, got {close_prior!r}")
        if exploration is not None and not (isinstance(exploration, int | float) and exploration > 0
                                            and math.isfinite(exploration)):
            raise ValueError(f"ExpertBot: exploration must be a positive number (or None: the game's), "
                             f"got {exploration!r}")
        if isinstance(value, str) and value not in _VALUES:
            raise ValueError(f"ExpertBot: the leaf value is 'softmax', 'winchance' or a function, got {value!r}")
        self.seed = seed
        self.seconds = seconds
        self.iterations = iterations
        #: the search's exploration weight; None: the game's own for the position (its
        #: "exploration" role; Architects: 0.7 in 2-player games, else 1.0)
        self.exploration = exploration
        self.rollout = rollout
        self.settle = settle
        self.finish_turn = finish_turn
        self.prior_weight = prior_weight
        self.reply = reply
        self.close_prior = close_prior
        self.temperature = temperature
        #: the leaf value: a name ("softmax", "winchance", resolved for each game) or a function
        self.value = value
        self._value: tuple[PlaySide, LeafValue] | None = None
        self._rng = random.Random(seed)
        self._heuristic = HeuristicBot(seed)
        #: what the last search did: iterations run, root visits and root prior by
        #: action, seconds taken
        self.last_iterations = 0
        self.last_visits: dict = {}
        self.last_prior: dict = {}
        self.last_seconds = 0.0
        #: decisions left to the game's backstop (Architects: `stalemate_choice` past `STALEMATE_TURNS`)
        self.backstop_used = 0

    def _leaf_value(self, side: PlaySide) -> LeafValue:
        if self._value is None or self._value[0] is not side:
            v = self.value
            self._value = (side, leaf_value(v, side, self.temperature) if isinstance(v, str) else v)
        return self._value[1]

    # ------------------------------------------------------------------ decision

    def choose(self, state):
        acts = state.legal_actions()
        if not acts:
            raise ValueError(f"no legal action: {state.prompt}")
        self.last_iterations, self.last_visits, self.last_prior, self.last_seconds = 0, {}, {}, 0.0
        if len(acts) == 1:
            return acts[0]
        side = self.side(state)
        cands = side.candidates(state, acts)
        if len(cands) == 1:
            return cands[0]
        if side.leave_to_heuristic(state):
            return self._heuristic.choose(state)
        fixed = side.backstop(state, acts)
        if fixed is not None:  # the bots' backstop; counted, so a benchmark can tell
            self.backstop_used += 1
            return fixed
        me = state.current_player
        assert me is not None  # a legal action: the game is not over
        start = time.perf_counter()
        sample = side.sampler(state, me)
        rng = self._rng
        root = Node()
        budget = self.seconds
        deadline = None if budget is None else start + budget
        search = self.search(side, state)
        self._root_prior(side, search, sample(rng), root, me, cands,
                         None if budget is None else start + budget / 2)
        it = search.run(root, sample, rng, iterations=self.iterations, deadline=deadline, settle=self.settle)
        key = side.key
        by_key = {key(a): a for a in cands}
        self.last_iterations = it
        self.last_visits = {by_key[k]: v for k, v in root.visits.items() if k in by_key}
        self.last_prior = {by_key[k]: p for k, p in root.prior.items() if k in by_key}
        self.last_seconds = time.perf_counter() - start
        n0 = self.prior_weight
        return max(cands, key=lambda a: (root.visits.get(key(a), 0), root.mean(key(a), n0)))

    # ------------------------------------------------------------------ the core, configured

    def search(self, side: PlaySide, state=None) -> Search:
        """The search core configured for this bot and `side`'s game (its exploration
        weight the game's own for `state` where the bot names none; 1.0 without a state)."""
        value = self._leaf_value(side)
        worth, weights_of = side.worth, side.prior_weights
        half = self.temperature / 2

        def expand(s, mover, actions):
            ws = weights_of(s, mover, actions)
            if ws is not None:
                # the game's weights (Architects: worker placements); their worth
                # comes from the choices that follow, which the search itself values
                tot = sum(ws) or 1.0
                return [(w / tot, None, None) for w in ws]
            if worth is None:
                return [(1.0 / len(actions), None, None) for _ in actions]
            rel, out = [], []
            for a in actions:
                x = s.apply(a)
                rel.append(relative(worth, x, mover))
                out.append((x, value(x)[mover]))
            return [(p, first, x) for p, (x, first) in zip(softmax(rel, half), out)]

        lookahead, reply = side.lookahead, self.reply
        rollout: int | None = self.rollout
        if worth is None and side.win_value is None and not rollout:
            rollout = None  # nothing values a position before the end: play on to it
        steps = []
        if self.finish_turn and lookahead is not None:
            steps.append(lambda before, after, mover, rng: lookahead(before, after, mover, reply))
        if rollout is None or rollout:
            steps.append(lambda before, after, mover, rng: side.rollout(after, rng, rollout))

        def leaf(before, after, mover, rng):
            for step in steps:
                after = step(before, after, mover, rng)
            return after

        return Search(value=value, expand=expand, key=side.key, candidates=side.candidates,
                      leaf=leaf if steps else None, exploration=self._exploration(side, state),
                      prior_weight=self.prior_weight, skip_forced=True)

    def _exploration(self, side: PlaySide, state) -> float:
        if self.exploration is not None:
            return float(self.exploration)
        return 1.0 if state is None else float(side.exploration(state))

    def _root_prior(self, side: PlaySide, search: Search, s, root: Node, p: int, cands: list,
                    until: float | None = None) -> None:
        """Root prior: the heuristic move ordering (each action's relative worth
        after the game's lookahead, as a softmax); the leaf value of that
        position is the action's first estimate. Past the clock time `until` (a
        decision with very many choices) the remaining actions are valued one
        step ahead only, to keep to the budget. In a long game (the game's
        `closing_weight`) part of the prior moves to the closing plan's choice."""
        key, worth, lookahead, value = side.key, side.worth, side.lookahead, search.value
        if worth is None:
            for a in cands:
                root.prior[key(a)] = 1.0 / len(cands)
        else:
            rel = []
            for a in cands:
                x = s.apply(a)
                if lookahead is not None and (until is None or time.perf_counter() < until):
                    x = lookahead(s, x, p, self.reply)
                rel.append(relative(worth, x, p))
                root.q0[key(a)] = value(x)[p]
            for a, pr in zip(cands, softmax(rel, self.temperature / 2)):
                root.prior[key(a)] = pr
        mix = self.close_prior * side.closing_weight(s)
        if mix > 0 and side.closing_plan is not None:
            plan = side.closing_plan(s, cands)
            for a in cands:
                root.prior[key(a)] *= 1.0 - mix
            root.prior[key(plan)] += mix

    def __repr__(self):
        extra = "" if self.iterations is None else f", iterations={self.iterations}"
        return f"ExpertBot({self.seed!r}, seconds={self.seconds!r}{extra})"
