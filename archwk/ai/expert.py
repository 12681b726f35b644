"""The strong bot ("expert"): a time-limited search over what the mover may know.

`ExpertBot` is single-observer information-set Monte Carlo tree search:

* every iteration draws a fresh determinization from the mover's own view
  (`archwk.ai.determinize.Determinizer`: the other hands, the deck orders and
  the generator are sampled), so the search never reads a hidden card;
* the walk down the shared tree picks, at each decision, the action legal in
  that sample with the best PUCT score for the seat deciding there: its mean
  value so far plus an exploration bonus weighted by a prior. The prior comes
  from the heuristic bot's move ordering: at the root the heuristic bot's own
  end-of-turn values (`HeuristicBot`), at worker placements the rule-of-thumb
  weights of `fast_choice`, elsewhere each action's `relative_value` one step
  ahead. Each action's first value estimate counts as `prior_weight` visits,
  so a short search falls back on the heuristic ordering;
* at the first decision not yet in the tree the position is played on a
  little (quiet states, `archwk.games.architects.engine.quiet`): the rest of the mover's turn
  greedily, as the heuristic bot looks ahead, and the next player's whole
  turn the same way (`reply`), then `rollout` decisions of `fast_choice`
  (none by default). The position reached is valued for every seat by a leaf
  value, a win chance per seat summing to 1: `softmax_value` by default (a
  softmax of `leaf_worth`, the heuristic `position_value` adjusted for long
  games and for the Mines, on a scale that narrows as the Guildhall fills),
  "winchance" for the trained model (`archwk.ai.winchance.win_chances`), or
  any function `state -> list[float]`;
* the root action visited most is played.

A game that runs long (past `CLOSE_TURNS[0]` turns a player) is steered
towards its end: more and more of the root prior
(up to `CLOSE_PRIOR`) goes to the closing plan's choice (`stalemate_choice`:
construct, else work towards the building in hand nearest to being built).
It stays a prior: a move the search finds clearly better is still played
(releasing a Prison full of workers, say).

It stops early when the best move is settled (the runner-up could not catch
up in the time left), answers at once when there is a single legal choice,
leaves free apprentice discards alone (`without_free_discards`) and the setup
draft to the heuristic bot. Past `archwk.ai.bots.STALEMATE_TURNS` turns a
player it plays `stalemate_choice` like the other bots (counted in
`backstop_used`; the strength benchmark reports it).

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

from ..games.architects.actions import Action
from ..games.architects.engine import quiet
from ..games.architects.model import OPEN_INDEX, GameState
from ..games.architects.scoring import winners
from .bots import (
    HeuristicBot,
    _place_weight,
    fast_choice,
    in_stalemate,
    position_value,
    progress,
    relative_value,
    stalemate_choice,
    without_free_discards,
)
from .determinize import Determinizer

#: VP that make a position e (about 2.7) times likelier to be won, in `softmax_value`,
#: half way through the game (the scale narrows as the Guildhall fills: a lead
#: counts for more the less time is left to lose it)
TEMPERATURE = 4.0

LeafValue = Callable[[GameState], Sequence[float]]
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
#: the share of the root prior given to the closing plan's choice in a long game
CLOSE_PRIOR = 0.9


def _ramp(s: GameState, turns: tuple[int, int]) -> float:
    """0 before `turns[0]` turns a player, rising evenly to 1 at `turns[1]`."""
    lo, hi = turns
    return min(1.0, max(0.0, (s.turn_no / len(s.players) - lo) / (hi - lo)))


def closing_weight(s: GameState) -> float:
    """How far a game is into its long tail, 0 before `CLOSE_TURNS[0]` turns a
    player to 1 from `CLOSE_TURNS[1]`: the closing plan's share of the root prior
    is `CLOSE_PRIOR` times this."""
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


def _softmax(xs: Sequence[float], temperature: float) -> list[float]:
    top = max(xs)
    ex = [math.exp((x - top) / temperature) for x in xs]
    tot = sum(ex)
    return [e / tot for e in ex]


def leaf_value(name: str, temperature: float = TEMPERATURE) -> LeafValue:
    """The leaf value called `name`: "softmax" (`softmax_value`) or "winchance"
    (the trained win-chance model, `archwk.ai.winchance.win_chances`)."""
    if name == "softmax":
        return lambda s: softmax_value(s, temperature)
    if name == "winchance":
        try:  # the model may be missing from this installation
            model = importlib.import_module(f"{__package__}.winchance")
        except ImportError:
            raise ValueError("ExpertBot: the win-chance model (archwk.ai.winchance) is not installed") from None
        chances: LeafValue = model.win_chances
        return chances
    raise ValueError(f"ExpertBot: the leaf value is 'softmax', 'winchance' or a function, got {name!r}")


class _Node:
    """A decision of the shared tree: per action seen here, its prior, visits
    and value sum for the seat deciding."""
    __slots__ = ("children", "mover", "n", "prior", "q0", "total", "visits")

    def __init__(self, mover: int):
        self.mover = mover
        self.n = 0
        self.prior: dict[Action, float] = {}
        self.q0: dict[Action, float] = {}      # first value estimate before any visit
        self.visits: dict[Action, int] = {}
        self.total: dict[Action, float] = {}
        self.children: dict[Action, _Node] = {}


class ExpertBot:
    """Information-set Monte Carlo tree search with heuristic priors, short
    rollouts and a win-chance value at the leaves (see the module text).

    >>> ExpertBot(2, seconds=0.5)
    ExpertBot(2, seconds=0.5)
    """

    def __init__(self, seed: int | None = 0, seconds: float | None = 1.0, *,
                 iterations: int | None = None, exploration: float = 1.0,
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
        self.seed = seed
        self.seconds = seconds
        self.iterations = iterations
        self.exploration = exploration
        self.rollout = rollout
        self.settle = settle
        self.finish_turn = finish_turn
        self.prior_weight = prior_weight
        self.reply = reply
        self.close_prior = close_prior
        self.temperature = temperature
        self.value: LeafValue = leaf_value(value, temperature) if isinstance(value, str) else value
        self._rng = random.Random(seed)
        self._heuristic = HeuristicBot(seed)
        #: what the last search did: iterations run, root visits and root prior by
        #: action, seconds taken
        self.last_iterations = 0
        self.last_visits: dict[Action, int] = {}
        self.last_prior: dict[Action, float] = {}
        self.last_seconds = 0.0
        #: decisions left to `stalemate_choice` past `STALEMATE_TURNS` (the bots' backstop)
        self.backstop_used = 0

    # ------------------------------------------------------------------ decision

    def choose(self, state: GameState) -> Action:
        acts = state.legal_actions()
        if not acts:
            raise ValueError(f"no legal action: {state.prompt}")
        self.last_iterations, self.last_visits, self.last_prior, self.last_seconds = 0, {}, {}, 0.0
        if len(acts) == 1:
            return acts[0]
        cands = without_free_discards(state, acts)
        if len(cands) == 1:
            return cands[0]
        if state.phase != "play":
            return self._heuristic.choose(state)
        if in_stalemate(state):  # the bots' backstop; counted, so a benchmark can tell
            self.backstop_used += 1
            return stalemate_choice(state, acts)
        me = state.current_player
        assert me is not None  # a legal action: the game is not over
        start = time.perf_counter()
        det = Determinizer(state.view(me), me)
        rng = self._rng
        root = _Node(me)
        budget = self.seconds
        deadline = None if budget is None else start + budget
        self._root_prior(quiet(det.sample(rng)), root, cands,
                         None if budget is None else start + budget / 2)
        cap = self.iterations
        it = 0
        searching = time.perf_counter()  # the iterations' pace is measured from here
        while True:
            self._iterate(quiet(det.sample(rng)), root, rng)
            it += 1
            if cap is not None and it >= cap:
                break
            now = time.perf_counter()
            # stop when one more iteration (at the mean pace so far) would end past the budget
            if deadline is not None and now + (now - searching) / it >= deadline:
                break
            if self._settled(root, it, now - searching, deadline, now, cap):
                break
        self.last_iterations = it
        self.last_visits = dict(root.visits)
        self.last_prior = dict(root.prior)
        self.last_seconds = time.perf_counter() - start
        return max(cands, key=lambda a: (root.visits.get(a, 0), self._mean(root, a)))

    def _settled(self, root: _Node, it: int, spent: float, deadline, now, cap) -> bool:
        """True when the runner-up at the root could not overtake the leader in
        the iterations left (estimated from the rate so far)."""
        left = math.inf
        if deadline is not None:
            left = (deadline - now) * it / max(spent, 1e-9)
        if cap is not None:
            left = min(left, cap - it)
        if left == math.inf:
            return False
        vs = sorted(root.visits.values(), reverse=True)
        if len(vs) < 2:
            return it >= 32
        return vs[0] - vs[1] > self.settle * left

    def _mean(self, node: _Node, a: Action) -> float:
        v = node.visits.get(a, 0)
        first = node.q0.get(a)
        if first is None:
            return node.total[a] / v if v else 0.0
        return (first * self.prior_weight + node.total.get(a, 0.0)) / (self.prior_weight + v)

    # ------------------------------------------------------------------ priors

    def _root_prior(self, s: GameState, root: _Node, cands: list[Action],
                    until: float | None = None) -> None:
        """Root prior: the heuristic bot's move ordering (each action's
        `relative_value` at the end of the mover's turn, as a softmax); the leaf
        value of that end-of-turn position is the action's first estimate.
        Past the clock time `until` (a decision with very many choices) the
        remaining actions are valued one step ahead only, to keep to the budget.
        In a long game (`closing_weight`) part of the prior moves to the closing
        plan's choice."""
        p = root.mover
        rel = []
        for a in cands:
            x = s.apply(a)
            if until is None or time.perf_counter() < until:
                x = self._leaf(x, p, s.turn_no)
            rel.append(relative_value(x, p))
            root.q0[a] = self.value(x)[p]
        for a, pr in zip(cands, _softmax(rel, self.temperature / 2)):
            root.prior[a] = pr
        mix = self.close_prior * closing_weight(s)
        if mix > 0:
            plan = stalemate_choice(s, cands)
            for a in cands:
                root.prior[a] *= 1.0 - mix
            root.prior[plan] += mix

    def _expand(self, s: GameState, node: _Node, legal: list[Action], applied: dict,
                mover: int) -> None:
        """Priors for the actions of `legal` new at `node` (`mover` decides there)."""
        new = [a for a in legal if a not in node.prior]
        if not new:
            return
        if new[0].kind == "place":
            # worker placements: the rule-of-thumb weights; their worth comes from
            # the choices that follow, which the search itself values
            ws = [_place_weight(s, mover, a) for a in new]
            tot = sum(ws) or 1.0
            for a, w in zip(new, ws):
                node.prior[a] = w / tot
            return
        rel = []
        for a in new:
            x = s.apply(a)
            applied[a] = x
            rel.append(relative_value(x, mover))
            node.q0[a] = self.value(x)[mover]
        for a, pr in zip(new, _softmax(rel, self.temperature / 2)):
            node.prior[a] = pr

    # ------------------------------------------------------------------ one iteration

    def _iterate(self, s: GameState, root: _Node, rng: random.Random) -> None:
        c = self.exploration
        node = root
        turn = s.turn_no
        path: list[tuple[_Node, Action, int]] = []
        expanded = False
        while not s.is_over:
            legal = without_free_discards(s, s.legal_actions())
            mover = s.current_player
            assert mover is not None
            if len(legal) == 1 and node is not root:  # a forced move: no decision to learn
                s = s.apply(legal[0])
                continue
            applied: dict[Action, GameState] = {}
            self._expand(s, node, legal, applied, mover)
            sq = c * math.sqrt(node.n + 1)
            best, best_u = legal[0], -math.inf
            visits, total, prior, q0 = node.visits, node.total, node.prior, node.q0
            # an action not yet tried starts at the mean value of this decision so far
            fpu = sum(total.values()) / node.n if node.n else 1.0 / len(s.players)
            n0 = self.prior_weight
            for a in legal:
                v = visits.get(a, 0)
                first = q0.get(a)
                if first is None:
                    q = total[a] / v if v else fpu
                else:  # the first estimate counts as n0 visits
                    q = (first * n0 + total.get(a, 0.0)) / (n0 + v)
                u = q + sq * prior.get(a, 0.0) / (1 + v)
                if u > best_u:
                    best, best_u = a, u
            path.append((node, best, mover))
            turn = s.turn_no
            x = applied.get(best)
            s = x if x is not None else s.apply(best)
            child = node.children.get(best)
            if child is None:
                child = node.children[best] = _Node(mover)
                expanded = True
                break
            node = child
        if expanded and self.finish_turn:
            s = self._leaf(s, path[-1][2], turn)
        if expanded and self.rollout:
            k = 0
            while k < self.rollout and not s.is_over:
                s = s.apply(fast_choice(s, s.legal_actions(), rng))
                k += 1
        r = self.value(s)
        for nd, a, m in path:
            nd.n += 1
            nd.visits[a] = nd.visits.get(a, 0) + 1
            nd.total[a] = nd.total.get(a, 0.0) + r[m]

    def _leaf(self, s: GameState, p: int, turn: int) -> GameState:
        """The position valued after a move of player p in turn `turn`: the rest
        of that turn played greedily and, with `reply`, the next player's whole
        turn too (so a move is judged after the answer it invites, e.g. a
        capture of the group it leaves)."""
        s = self._finish_turn(s, p, turn)
        if self.reply and not s.is_over and s.current_player != p:
            q = s.current_player
            assert q is not None
            s = self._finish_turn(s, q, s.turn_no)
        return s

    @staticmethod
    def _finish_turn(s: GameState, p: int, turn: int, budget: int = 8) -> GameState:
        """The rest of player p's turn number `turn` (nothing if it is over),
        each choice the best one step ahead by `relative_value` (the heuristic
        bot's own lookahead)."""
        while budget > 0 and not s.is_over and s.current_player == p and s.turn_no == turn:
            acts = without_free_discards(s, s.legal_actions())
            if len(acts) == 1:
                s = s.apply(acts[0])
            else:
                s = max((s.apply(a) for a in acts), key=lambda x: relative_value(x, p))
            budget -= 1
        return s

    def __repr__(self):
        extra = "" if self.iterations is None else f", iterations={self.iterations}"
        return f"ExpertBot({self.seed!r}, seconds={self.seconds!r}{extra})"
