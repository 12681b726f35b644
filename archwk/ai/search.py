"""One search core for every game: information-set Monte Carlo tree search with
PUCT selection, through the state protocol only.

It reads a state through `legal_actions()`, `apply()`, `current_player`,
`is_over` and `players` (their number); everything that knows a game comes in
from outside:

* `value(state) -> one value per seat in [0, 1]`: the evaluator of the
  positions reached (a win chance, a squashed margin, ...);
* `sample(rng) -> state`: a full state consistent with what the searching
  seat may know (a determinization of its view, `archwk.ai.roles.PlaySide.sampler`),
  drawn afresh for every iteration, so the search never reads a hidden card;
* `expand(state, mover, actions) -> [(prior, first value or None, next state or None)]`:
  the prior policy at a decision seen for the first time; a first value counts
  as `prior_weight` visits (0: only until the first real visit), and a next
  state given saves applying the action again;
* `leaf(before, after, mover, rng) -> state`: what is played on from a new
  node before it is valued (a playout, the rest of the turn, ...);
* `key(action) -> hashable` and `candidates(state, actions) -> actions`.

One tree is shared by all determinizations: a node is a decision reached by
the same actions (by key), and at each node the walk takes the action legal
in this sample with the best score for the seat deciding there,

    q + exploration * sqrt(n + 1) * prior / spread / (1 + visits)

where q is the action's mean value for that seat (with its first value
weighed in, or, if it has none, the decision's mean so far: first-play
urgency) and spread is 1, or half the number of actions for priors that are
not a distribution (`spread_prior`). At the first decision not in the tree the
walk stops, `leaf` plays on, `value` scores the position for every seat, and
each seat's choices on the path are credited with that seat's value.

`archwk.ai.bots.MCTSBot` and `archwk.ai.expert.ExpertBot` are two
configurations of it; `tests/ai/test_search.py` runs it on a game written in the
test, which no module of the kit knows.
"""
from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any

Expand = Callable[[Any, int, list], Sequence[tuple[float, "float | None", Any]]]


def _same(x):
    return x


def _all(state, actions):
    return actions


class Node:
    """A decision of the shared tree: per action key seen here, its prior, its
    first value estimate, its visits and value sum for the seat deciding, and
    the decision it leads to.

    >>> node = Node()
    >>> node.visits["a"], node.total["a"], node.q0["a"] = 2, 1.5, 0.25
    >>> node.mean("a"), node.mean("a", prior_weight=2)
    (0.75, 0.5)
    """
    __slots__ = ("children", "n", "prior", "q0", "total", "visits")

    def __init__(self):
        self.n = 0
        self.prior: dict[Hashable, float] = {}
        self.q0: dict[Hashable, float] = {}       # first value estimate, before any visit
        self.visits: dict[Hashable, int] = {}
        self.total: dict[Hashable, float] = {}
        self.children: dict[Hashable, Node] = {}

    def mean(self, k: Hashable, prior_weight: float = 0.0) -> float:
        """The mean value of action `k` here (its first value counted as
        `prior_weight` visits); 0 for an action never valued."""
        v = self.visits.get(k, 0)
        first = self.q0.get(k)
        if first is None or not prior_weight:
            return self.total[k] / v if v else (0.0 if first is None else first)
        return (first * prior_weight + self.total.get(k, 0.0)) / (prior_weight + v)


def settled(root: Node, it: int, spent: float, deadline: float | None, now: float,
            cap: int | None, settle: float) -> bool:
    """True when the runner-up at the root could not overtake the leader in the
    iterations left (estimated from the rate so far: `spent` seconds for `it`
    iterations; `cap` the iterations allowed, `deadline` the clock time)."""
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
    return vs[0] - vs[1] > settle * left


class Search:
    """The search core configured for one decision (see the module text)."""

    def __init__(self, *, value: Callable[[Any], Sequence[float]], expand: Expand,
                 key: Callable[[Any], Hashable] = _same, candidates: Callable = _all,
                 leaf: Callable | None = None, exploration: float = 1.0, prior_weight: float = 0.0,
                 spread_prior: bool = False, skip_forced: bool = False):
        self.value = value
        self.expand = expand
        self.key = key
        self.candidates = candidates
        self.leaf = leaf
        self.exploration = exploration
        #: visits a first value estimate counts for (0: it stands in until the first visit only)
        self.prior_weight = prior_weight
        #: divide priors by half the number of actions (priors that are not a distribution)
        self.spread_prior = spread_prior
        #: below the root, walk through decisions with a single action without learning them
        self.skip_forced = skip_forced

    def run(self, root: Node, sample: Callable[[Any], Any], rng, *, iterations: int | None = None,
            deadline: float | None = None, settle: float | None = None) -> int:
        """Iterate from `root`, each time on a fresh `sample(rng)`, until
        `iterations` are done, one more at the mean pace so far would end past
        the clock time `deadline`, or (with `settle`) the root's choice is
        settled; the number of iterations run."""
        if iterations is None and deadline is None:
            raise ValueError("search: give an iterations cap or a deadline")
        it = 0
        start = time.perf_counter()  # the iterations' pace is measured from here
        while True:
            self.iterate(sample(rng), root, rng)
            it += 1
            if iterations is not None and it >= iterations:
                break
            if deadline is None and settle is None:
                continue
            now = time.perf_counter()
            if deadline is not None and now + (now - start) / it >= deadline:
                break
            if settle is not None and settled(root, it, now - start, deadline, now, iterations, settle):
                break
        return it

    def iterate(self, s, root: Node, rng) -> None:
        """One walk from `root` on the full state `s`, one new node, one backup."""
        key, candidates, expand = self.key, self.candidates, self.expand
        c, n0 = self.exploration, self.prior_weight
        node = root
        path: list[tuple[Node, Hashable, int]] = []
        expanded = False
        before = s
        while not s.is_over:
            legal = candidates(s, s.legal_actions())
            mover = s.current_player
            if self.skip_forced and len(legal) == 1 and node is not root:  # no decision to learn
                s = s.apply(legal[0])
                continue
            keys = [key(a) for a in legal]
            prior, q0 = node.prior, node.q0
            applied = {}
            new = [i for i, k in enumerate(keys) if k not in prior]
            if new:
                for i, (p, first, x) in zip(new, expand(s, mover, [legal[i] for i in new])):
                    k = keys[i]
                    prior[k] = p
                    if first is not None:
                        q0[k] = first
                    if x is not None:
                        applied[k] = x
            sq = c * math.sqrt(node.n + 1)
            spread = len(legal) * 0.5 if self.spread_prior else 1.0
            visits, total = node.visits, node.total
            fpu = None
            best, best_u = 0, -math.inf
            for i, k in enumerate(keys):
                v = visits.get(k, 0)
                if v:
                    if n0:  # the first estimate counts as n0 visits
                        first = q0.get(k)
                        q = total[k] / v if first is None else (first * n0 + total[k]) / (n0 + v)
                    else:
                        q = total[k] / v
                else:
                    first = q0.get(k)
                    if first is None:  # first-play urgency: the mean value of this decision so far
                        if fpu is None:
                            fpu = sum(total.values()) / node.n if node.n else 1.0 / len(s.players)
                        q = fpu
                    else:
                        q = first * n0 / n0 if n0 else first
                u = q + sq * prior[k] / spread / (1 + v)
                if u > best_u:
                    best, best_u = i, u
            k = keys[best]
            path.append((node, k, mover))
            before = s
            x = applied.get(k)
            s = x if x is not None else s.apply(legal[best])
            child = node.children.get(k)
            if child is None:
                node.children[k] = Node()
                expanded = True
                break
            node = child
        if expanded and self.leaf is not None and not s.is_over:
            s = self.leaf(before, s, path[-1][2], rng)
        r = self.value(s)
        for nd, k, m in path:
            nd.n += 1
            nd.visits[k] = nd.visits.get(k, 0) + 1
            nd.total[k] = nd.total.get(k, 0.0) + r[m]
