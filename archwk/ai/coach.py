"""The coach: a hint, a judgement of a move, a review of a game, exercises from its mistakes.

Every answer comes from the mover's view only (never a hidden card). Two tools
work together:

* the expert bot's search (`archwk.ai.expert.ExpertBot`, on the mover's view)
  ranks the choices: the hint's order, and the best choice a move is judged
  against, are the moves it would play (its root visits);
* the chance to win after a choice is measured by playing it out on many full
  games consistent with that view (the game's determinizer). In each sample
  the choice is applied, the mover finishes the turn greedily (each later
  choice of the turn the one whose position has the best chance by
  `archwk.ai.winchance.win_chances`), then every seat plays with the game's
  rollout policy for one more round (the other seats' turns, the mover's next
  turn, the other seats' turns again), and the mover's win chance there is the
  sample's value. A choice's `win_chance` is the mean over its samples with a
  95 % interval. Sample j is the same game and the same policy generator for
  every choice (common random numbers), so the differences between choices
  are measured on paired samples.

It serves every game of `archwk.GAMES` and meets a game only through
`state.game` (issue 23): its play side by role (`archwk.ai.roles`: the
"determinizer", "viewer_of", "candidates" (the choices the coach weighs;
Architects leaves out the free apprentice discards), "rollout_policy" and
"turn_of" (which turn a decision belongs to; by default a turn lasts while the
same seat decides)), its `quiet`, `final_scores`, `load_record` and
`automa_seats`, its win-chance model, and its explainer for every word.

(The samples alone rank choices poorly: played as a bot, their best choice won
31% of 13 games against the heuristic bot, and one round only drifted into
farming Gold at the Mines. Ranked by the search, the hint's first choice won
16 of 20 in Architects: `benchmarks/bench_winchance.py --parts strength`.) Where
the search does not run (decisions a game leaves to its heuristic player, such
as Architects' setup drafts, or past its bots' stalemate turn) the samples rank
the choices alone.

The time (`seconds`) is split: up to `SEARCH_SHARE` of it for the search (which
stops early once its first choice cannot be overtaken), the rest for samples,
spent adaptively: every choice valued gets a few samples, then
only the choices still close to the best get more, until the time is up (or
`max_samples` each). Results depend on the seed and, through the time budget,
on the machine's speed; `seconds=None` with `max_samples` (and the search's
`search_iterations`) gives the same answer everywhere.

Judgements follow lichess: a move is an inaccuracy, a mistake or a blunder
when the mover's chance drops by 5, 10 or 15 points against the best choice
(`VERDICTS`), and only when the drop is clear of the noise: the 95 % interval
of the paired differences excludes 0 and its mean reaches the threshold. The
points are lichess's for two players, whose fair share is 50 %; with more players
every chance is smaller (a fair share of 25 % at four), and the points shrink in
proportion (`verdict_thresholds`: 2.5, 5 and 7.5 points at four players), so that a
move losing a fifth of a 4-player chance is an inaccuracy as it would be at two.

The coach words nothing itself: it finds figures and verdicts, and the game's
explainer (`state.game.explainer.coach`) words them, from typed values: a
`ChoiceClaim` per valued choice, a `Judgement`'s verdict and chances, an
exercise answer's outcome code.
"""
from __future__ import annotations

import dataclasses
import random
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..games import load_record as _load_record
from ..kit.chance_words import pct
from ..kit.game import Game
from .evaluate import mean_ci
from .expert import ExpertBot
from .roles import PlaySide
from .winchance import win_chances

#: an action of the game coached (each game has its own class); a state of it
Action = Any
GameState = Any

#: (verdict, drop in points of win chance at which it starts), mildest first (lichess's, for
#: two players: `verdict_thresholds` scales them to the number of players)
VERDICTS = (("inaccuracy", 5), ("mistake", 10), ("blunder", 15))


def verdict_thresholds(players: int) -> tuple[tuple[str, float], ...]:
    """`VERDICTS` for a game of `players` seats: the points shrink with the fair share of a
    chance to win (1/players against two players' 1/2; never above lichess's).

    >>> verdict_thresholds(2) == VERDICTS, verdict_thresholds(4)
    (True, (('inaccuracy', 2.5), ('mistake', 5.0), ('blunder', 7.5)))
    """
    scale = min(1.0, 2 / max(1, players))
    return tuple((name, points * scale) for name, points in VERDICTS)


#: an exercise accepts a move within this many points of the best choice's chance
ACCEPT_POINTS = 3.5
#: a judged move becomes an exercise when it is a blunder or its drop is over this
SWING_POINTS = 7.5

_MIN_SAMPLES = 3          # every choice gets at least these (time permitting, at least 1)
_MAX_SAMPLES = 400        # no choice gets more
_OWN_TURN_CAP = 12        # decisions of the mover's own turn played greedily
_OTHERS_CAP = 80          # decisions of the other seats before the sample is scored (per round)
_ROUNDS = 2               # rounds played out after the choice (the mover's later turns by the fast policy)
_ROLLOUT_SALT = 0x5DEECE66D
#: the share of a hint's or judgement's time given to the search that ranks the choices (at
#: most: it stops early once settled). 0.9 since 2026-12-05: on 120 fixed positions the 1 s hint's
#: first choice then agreed with a long look 93 times, the 2 s hint's (half for the search) 94
#: times, the 1 s hint's with half 89 times (benchmarks/bench_advice.py, README); the samples
#: still get 50-270 games a choice in CPython
SEARCH_SHARE = 0.9
#: the share of a look's time that valuing more choices later takes by default (`Assessment.value`:
#: the what-if Compare table, the explorer's Evaluate tab, a judged move the look had not valued)
VALUE_SHARE = 0.5
#: the search's exploration weight (None: the game's own for the position, as the expert bot's;
#: a benchmark sets it to compare with the search as it was)
SEARCH_EXPLORATION: float | None = None
#: the search's iterations when there is no time limit (`seconds=None`)
SEARCH_ITERATIONS = 120
#: choices the judge values beside the move played: the search's first ones
_JUDGE_CHOICES = 3


@dataclass(frozen=True)
class ChoiceClaim:
    """Why a valued choice stands where it does, for the explainer to word
    (`explainer.coach.choice_why`): `chance` in whole percent (as shown), its place
    among the choices valued (`rank`, 0 = first), whether that order is the
    search's (`ranked`: the first is the one to play) or best first by chance; the
    choice it is compared with (`other`: the next one for the first, the first for
    the others; None when it is the only choice) and that one's whole percent;
    `set_aside`: the legal choices the coach does not weigh (the free apprentice
    discards), `vp_now`: the VP the choice scores at once."""
    action: Action
    chance: int
    rank: int
    ranked: bool
    other: Action | None = None
    other_chance: int | None = None
    set_aside: tuple[Action, ...] = ()
    vp_now: int = 0
    #: the chances as the pages say them ('34%', 'under 1%': as the bar does)
    chance_text: str = ""
    other_text: str | None = None
    #: what the rules say the choice throws away (the game's "move_facts" sentences; never
    #: said of the first choice), so that a hint never offers as good a move its judgement
    #: would call a mistake
    facts: tuple[str, ...] = ()


@dataclass(frozen=True)
class Choice:
    """One legal choice for the mover, valued: its win chance (0-1) with a 95 %
    interval (`low`, `high`) from `n` samples, and `why`, one sentence in the
    game's words that opens with the label; `after_label` is that sentence
    without the label, for a page that shows the label just above it (both worded
    by the game's explainer from a `ChoiceClaim`)."""
    action: Action
    label: str
    win_chance: float
    low: float
    high: float
    why: str
    n: int
    after_label: str = ""
    #: every seat's chance to win after the choice (the mean over the same samples; the
    #: mover's is `win_chance`): the chances of the position the choice leads to
    chances: tuple[float, ...] = ()


@dataclass(frozen=True)
class Judgement:
    """A move judged against the best choice found. `drop`: win-chance points
    (0-100) lost against `best`; `clear`: the drop is clear of the noise;
    `verdict`: "inaccuracy", "mistake", "blunder" or None; `too_close`: no verdict
    although the drop reaches the mildest one's threshold, as it is not clear of
    the noise; `text`: one sentence for the player (the game's explainer's,
    `explainer.coach.judgement_text`). `choices`: every choice valued, best first."""
    verdict: str | None
    drop: float
    played: Choice
    best: Choice
    clear: bool
    text: str
    choices: tuple[Choice, ...] = ()
    too_close: bool = False
    #: what the rules say the move throws away, in the game's words (the game's "move_facts"):
    #: the verdict is at least the one they earn, whatever the chances
    facts: tuple[str, ...] = ()


@dataclass(frozen=True)
class Review:
    """A reviewed game: `chances[i]` every seat's win chance at step i (0 = the
    start, i = after the i-th step of the record), `judged` the moves with a
    verdict as (step index of the decision, player, judgement), `players` the
    seats' names, `seed` the seed the moves were judged with (move i with `seed + i`);
    `valued` every judgement made (step index -> Judgement), with a verdict or not."""
    chances: list[list[float]]
    judged: list[tuple[int, int, Judgement]]
    players: list[str]
    seed: int = 0
    valued: Mapping[int, Judgement] = field(default_factory=dict)


@dataclass(frozen=True)
class Exercise:
    """A "find a better move" position from a reviewed game: `state` (the
    position, to play from), `player` to move, `played` the move of the game,
    `best` the accepted choices (within `ACCEPT_POINTS` of the best), best first;
    `seed` the judgement's (an answer not valued then is valued on the same samples)."""
    state: GameState
    player: int
    played: Choice
    best: list[Choice]
    prompt: str
    choices: tuple[Choice, ...] = field(default=(), repr=False)
    seed: int = 0

    def check(self, action: Action) -> tuple[bool, str]:
        """Whether `action` is accepted (within 3.5 points of the best choice's
        win chance), with a sentence saying why (the game's explainer's, from the
        outcome: "not_allowed", "played", "best", "as_good" or "worse")."""
        words = _words(self.state)
        top = self.best[0]
        why_not = self.state.why_illegal(action)
        if why_not is not None:
            return False, words.exercise_answer("not_allowed", None, top, why_not)
        mine = next((c for c in self.choices if c.action == action), None)
        if mine is None:  # the judgement valued the search's first choices only: this one on the same samples
            mine = _Evaluator(self.state, self.seed).choices([action], seconds=0.5, forced=(action,),
                                                             max_samples=max(1, top.n))[0]
        gap = 100 * (top.win_chance - mine.win_chance)
        if action == self.played.action:
            outcome = "played"
        elif gap <= ACCEPT_POINTS:
            outcome = "best" if action == top.action else "as_good"
        else:
            outcome = "worse"
        return outcome in ("best", "as_good"), words.exercise_answer(outcome, mine, top)


# --------------------------------------------------------------------------- valuing choices

def _words(state: GameState):
    """The coach's words: the explainer of the game `state` belongs to."""
    return state.game.explainer.coach


def _side(state: GameState) -> PlaySide:
    """The play side of the game `state` belongs to (`archwk.ai.roles`): its
    determinizer, the actions the coach weighs, its rollout policy, its turns."""
    return PlaySide(state.game)


def _mover_view(state: GameState, side: PlaySide) -> tuple[GameState, int]:
    if state.is_over:
        raise ValueError("coach: the game is over; there is no decision to value")
    p = state.current_player
    assert p is not None  # the game is not over
    if state.is_view:
        if side.viewer_of is not None and side.viewer_of(state) not in (None, p):
            raise ValueError("coach: this is another player's view; ask from the view of the player to move")
        return state, p
    return state.view(p), p


class _Itself:
    """The sampler of a game that hides nothing: the position itself."""

    def __init__(self, state: GameState):
        self.state = state

    def sample(self, rng: random.Random) -> GameState:
        return self.state


class _Evaluator:
    """Values choices of one position on shared samples (see the module doc)."""

    def __init__(self, state: GameState, seed: int):
        self.started = time.perf_counter()  # the time budget counts from here
        self.side = side = _side(state)
        self.view, self.player = _mover_view(state, side)
        if side.determinizer is None:
            if state.is_view:
                raise ValueError("coach: this game hides nothing; ask from the game itself, not a view")
            self.det: Any = _Itself(state)
        else:
            self.det = side.determinizer(self.view, self.player)
        self.quiet = side.quiet
        self.seed = seed
        self._facts: dict[Action, list[tuple[str, str]]] = {}  # move_facts, asked once per choice
        self._bases: dict[int, GameState] = {}
        self.values: dict[Action, list[float]] = {}
        self.vectors: dict[Action, list[list[float]]] = {}
        self.leaf_vp: dict[Action, list[float]] = {}  # the mover's score as if the game ended, at each sample's end
        self.vp_now: dict[Action, int] = {}
        first = self.det.sample(random.Random(self._seed(0)))
        self._bases[0] = self.quiet(first)  # no event log: the same positions
        # the choices as listed at the sample itself, so their labels word its figures
        # ("gain 2 Clay"): a quiet state's actions word none
        self.legal = first.legal_actions()

    def _seed(self, j: int) -> int:
        return random.Random(self.seed * 1_000_003 + j).getrandbits(64)

    def _base(self, j: int) -> GameState:
        b = self._bases.get(j)
        if b is None:
            b = self.quiet(self.det.sample(random.Random(self._seed(j))))  # no event log: the same positions
            self._bases[j] = b
        return b

    def _play_out(self, s: GameState, rng: random.Random) -> GameState:
        p = self.player
        side = self.side
        turn_of, candidates, policy = side.turn_of, side.candidates, side.policy
        turn = turn_of(s)
        k = 0
        while not s.is_over and s.current_player == p and turn_of(s) == turn and k < _OWN_TURN_CAP:
            acts = candidates(s, s.legal_actions())
            if len(acts) == 1:
                s = s.apply(acts[0])
            else:
                s = max((s.apply(a) for a in acts), key=lambda x: win_chances(x)[p])
            k += 1
        k = 0
        for r in range(_ROUNDS):
            if r:  # a later turn of the mover's, by the fast policy too
                turn = turn_of(s)
                while not s.is_over and s.current_player == p and turn_of(s) == turn and k < _OTHERS_CAP:
                    s = s.apply(policy(s, s.legal_actions(), rng))
                    k += 1
            while not s.is_over and s.current_player != p and k < _OTHERS_CAP * (r + 1):
                s = s.apply(policy(s, s.legal_actions(), rng))
                k += 1
        return s

    def sample(self, a: Action) -> None:
        """One more sample of choice a (the next index of its own sequence)."""
        vals = self.values.setdefault(a, [])
        j = len(vals)
        base = self._base(j)
        s = base.apply(a)
        if j == 0:
            p = self.player
            final_scores = s.game.final_scores
            self.vp_now[a] = final_scores(s)[p].total - final_scores(base)[p].total
        leaf = self._play_out(s, random.Random(self._seed(j) ^ _ROLLOUT_SALT))
        vec = win_chances(leaf)
        self.vectors.setdefault(a, []).append(vec)
        self.leaf_vp.setdefault(a, []).append(float(leaf.game.final_scores(leaf)[self.player].total))
        vals.append(vec[self.player])

    def mean_vector(self, a: Action) -> tuple[float, ...]:
        """Every seat's chance after choice a: the mean over its samples (they sum to 1)."""
        vecs = self.vectors.get(a, [])
        if not vecs:
            return ()
        return tuple(sum(v[i] for v in vecs) / len(vecs) for i in range(len(vecs[0])))

    def stats(self, a: Action) -> tuple[float, float, float, int]:
        return _mean_interval(self.values.get(a, []))

    def paired(self, a: Action, b: Action) -> tuple[float, float, float]:
        """Mean of (a - b) over their common samples, with its 95 % interval."""
        va, vb = self.values.get(a, []), self.values.get(b, [])
        m = min(len(va), len(vb))
        mean, lo, hi, _ = _mean_interval([va[j] - vb[j] for j in range(m)], clip=False)
        return mean, lo, hi

    def run(self, cands: Sequence[Action], *, k: int, seconds: float | None, max_samples: int,
            forced: Iterable[Action] = (), since: float | None = None, sure: Iterable[Action] = ()) -> None:
        deadline = None if seconds is None else (self.started if since is None else since) + seconds
        forced = [a for a in forced if a in cands]
        # a few samples of every choice first: at least one each whatever the time, and all
        # of them for the `sure` ones (a look's: the choices its hint shows and a judged move),
        # so that no choice shown rests on one sample game ("between 0% and 100%", seen when
        # the search had overrun the time on a busy machine)
        sure = set(sure)
        for r in range(min(_MIN_SAMPLES, max_samples)):
            for a in cands:
                in_time = r == 0 or a in sure or deadline is None or time.perf_counter() < deadline
                if in_time and len(self.values.get(a, [])) <= r:
                    self.sample(a)
        while deadline is None or time.perf_counter() < deadline:
            st = {a: self.stats(a) for a in cands}
            order = sorted(cands, key=lambda a: -st[a][0])
            best_lo = st[order[0]][1]
            close = [a for a in order if st[a][2] >= best_lo]
            active = list(dict.fromkeys(order[:max(k, 2)] + close + forced))
            active = [a for a in active if st[a][3] < max_samples]
            if not active:
                break
            for a in active:
                self.sample(a)
                if deadline is not None and time.perf_counter() >= deadline:
                    break

    def searched(self, cands: Sequence[Action], seconds: float | None,
                 iterations: int | None) -> list[Action] | None:
        """`cands` in the order the expert's search prefers them (most visited at
        the root first, then by its prior), searched on the mover's view; None
        where it does not search (a single choice, the setup drafts, past the
        bots' stalemate turn)."""
        if len(cands) < 2:
            return None
        if seconds is not None and seconds <= 0:
            return None
        bot = ExpertBot(self.seed, seconds=seconds, iterations=iterations, exploration=SEARCH_EXPLORATION)
        first = bot.choose(self._base(0))  # a game consistent with the view: the search determinizes it again
        visits, prior = bot.last_visits, bot.last_prior
        if not visits:
            return None
        return sorted(cands, key=lambda a: (a != first, -visits.get(a, 0), -prior.get(a, 0.0)))

    def choices(self, cands: Sequence[Action], *, seconds: float | None = 2.0, k: int = 3,
                max_samples: int = _MAX_SAMPLES, forced: Iterable[Action] = (),
                ranked: bool = False, run: bool = True) -> list[Choice]:
        """`cands` valued: best first by their win chance, or (`ranked`) in the
        order given, the search's; `run=False` words the samples taken so far."""
        if run:
            self.run(cands, k=k, seconds=seconds, max_samples=max_samples, forced=forced)
        rows = [(a, self.stats(a)) for a in cands]
        if not ranked:
            rows.sort(key=lambda r: -r[1][0])
        claims = self.claims([(a, st[0]) for a, st in rows], ranked)
        words = _words(self.view)
        out = []
        for claim, (a, (m, lo, hi, n)) in zip(claims, rows):
            why, after = words.choice_why(claim)
            out.append(Choice(a, str(a), m, lo, hi, why, n, after, self.mean_vector(a)))
        return out

    def move_facts(self, a: Action) -> list[tuple[str, str]]:
        """What the rules say choice `a` throws away (the game's `move_facts`: (verdict,
        sentence) pairs), asked once per choice at this position and kept."""
        facts = self._facts.get(a)
        if facts is None:
            facts = self._facts[a] = list(_side(self.view).move_facts(self.view, a))
        return facts

    def claims(self, rows: Sequence[tuple[Action, float]], ranked: bool) -> list[ChoiceClaim]:
        """Why each of `rows` ((action, win chance), in the order shown) stands where
        it does: the first against the next, the others against the first, with the
        chances as shown (whole percent), so a sentence never calls 59% more than 59%."""
        shown = [round(100 * m) for _, m in rows]
        said = [pct(m) for _, m in rows]
        if len(rows) == 1:  # the only choice: what the coach left aside beside it
            (a, _m), = rows
            weighed = _side(self.view).candidates(self.view, self.legal)
            aside = tuple(x for x in self.legal if x != a and x not in weighed)
            return [ChoiceClaim(a, shown[0], 0, ranked, set_aside=aside, vp_now=self.vp_now.get(a, 0),
                                chance_text=said[0])]
        # the first against the best of the others (the next one where they tie), so that it is
        # called the best chance only when no choice valued beside it has more; the others
        # against the first
        top = max(range(1, len(rows)), key=lambda j: (shown[j], -j))
        out = []
        for rank, (a, _m) in enumerate(rows):
            k = top if rank == 0 else 0
            facts = () if rank == 0 else tuple(sentence for _, sentence in self.move_facts(a))
            out.append(ChoiceClaim(a, shown[rank], rank, ranked, rows[k][0], shown[k], (), self.vp_now.get(a, 0),
                                   said[rank], said[k], facts))
        return out


def _mean_interval(xs: Sequence[float], clip: bool = True) -> tuple[float, float, float, int]:
    """(mean, low, high, n): the 95 % interval of `archwk.ai.evaluate.mean_ci`, with
    nothing known yet (a chance anywhere in 0-1, a difference anywhere in -1-1) below
    two samples; `clip` keeps a chance's interval within 0-1."""
    n = len(xs)
    if n == 0:
        return 0.0, 0.0, 1.0, 0
    if n == 1:
        m = sum(xs) / n
        return (m, 0.0, 1.0, 1) if clip else (m, -1.0, 1.0, 1)
    m, (lo, hi) = mean_ci(list(xs))
    if clip:
        lo, hi = max(0.0, lo), min(1.0, hi)
    return m, lo, hi, n


# --------------------------------------------------------------------------- hint and judge

def _search_budget(seconds: float | None, search_iterations: int | None) -> tuple[float | None, int | None]:
    if seconds is None:
        return None, search_iterations or SEARCH_ITERATIONS
    return seconds * SEARCH_SHARE, search_iterations


class Assessment:
    """One look of the coach at a position: the search's order of the mover's choices
    and the first ones valued on shared samples (see the module doc). Every chance the
    coach gives for this position comes from it: the hint's choices, the judgement of
    any move there (valued on the same samples, ranked among the same choices), the
    position's own chances (`chances`: those of the coach's first choice, as an engine's
    evaluation of a position is that of its best line) and those of the position after
    each valued choice (`Choice.chances`).

    Built by `assess`, which keeps the last few looks (the same position, seed and
    budget give the same look back), so a hint and a later judgement at the same
    position agree."""

    def __init__(self, state: GameState, *, seconds: float | None = 1.0, seed: int = 0, k: int = 3,
                 max_samples: int = _MAX_SAMPLES, search_iterations: int | None = None,
                 forced: Iterable[Action] = ()):
        if k < 1:
            raise ValueError(f"hint: k must be at least 1, got {k}")
        self.state, self.seed, self.seconds, self.max_samples, self.k = state, seed, seconds, max_samples, k
        #: one thread at a time works on a look (a page's hint, judgement and tables may share it)
        self.lock = threading.RLock()
        self.ev = ev = _Evaluator(state, seed)
        self.player = ev.player
        forced = [a for a in forced if a in ev.legal]
        self.candidates = cands = list(dict.fromkeys(list(ev.side.candidates(ev.view, ev.legal)) + forced))
        self.order = ev.searched(cands, *_search_budget(seconds, search_iterations))
        if self.order is None:  # no search: every choice valued, best first by its chance
            self.valued = cands
        else:  # at least two, so that the first is worded against the next one
            self.valued = list(dict.fromkeys(self.order[:max(k, 2, _JUDGE_CHOICES)] + forced))
        ev.run(self.valued, k=k, seconds=seconds, max_samples=max_samples, forced=forced,
               sure=self.valued[:k] + forced)
        #: how many choices the last `value` / `compare` call valued anew (0: all were valued already)
        self.added = 0

    @property
    def ranked(self) -> bool:
        """Whether the choices are in the search's order (else best first by chance)."""
        return self.order is not None

    def _rank(self, actions: Sequence[Action]) -> list[Action]:
        if self.order is None:
            return sorted(actions, key=lambda a: -self.ev.stats(a)[0])
        where = {a: i for i, a in enumerate(self.order)}
        return sorted(actions, key=lambda a: where.get(a, len(where)))

    def valued_choices(self) -> list[Choice]:
        """Every choice valued in this look, the coach's first choice first."""
        with self.lock:
            return self.ev.choices(self._rank(self.valued), ranked=True, run=False)

    def hint(self, k: int | None = None) -> list[Choice]:
        """The first `k` choices (default the look's), as `hint` gives them."""
        return self.valued_choices()[:self.k if k is None else k]

    @property
    def chances(self) -> tuple[float, ...]:
        """Every seat's chance to win at this position: those after the coach's first choice."""
        return self.valued_choices()[0].chances

    def value(self, actions: Iterable[Action], seconds: float | None = None) -> None:
        """Value more choices on the same samples (as many as the coach's first choice has,
        within `seconds`, default `VALUE_SHARE` of the look's time)."""
        with self.lock:
            self._value(actions, seconds)

    def _value(self, actions: Iterable[Action], seconds: float | None) -> None:
        ev = self.ev
        new = [a for a in dict.fromkeys(actions) if a not in self.valued]
        bad = [a for a in new if a not in ev.legal]
        if bad:
            raise ValueError(f"coach: {bad[0]} is not a legal choice here")
        self.added = len(new)
        if not new:
            return
        self.valued = self.valued + new
        top = self._rank(self.valued)[0]
        n = max(1, ev.stats(top)[3])
        budget = None if self.seconds is None else (
            self.seconds * VALUE_SHARE if seconds is None else seconds)
        ev.run(new, k=len(new), seconds=budget, max_samples=min(n, self.max_samples), forced=new,
               since=time.perf_counter())

    def compare(self, seconds: float | None = None) -> list[Choice]:
        """Every legal choice valued on this look (those the look had not valued yet on the
        same samples, within `seconds`), in the coach's order: the search's (its first choice
        first), the choices it does not weigh (Architects' free apprentice discards) last."""
        with self.lock:
            self.value(self.ev.legal, seconds)
            return self.valued_choices()

    def later_vp(self, action: Action) -> tuple[float, float, float, int]:
        """(mean, low, high, n): the mover's score as if the game ended where the samples of
        `action` stop (two rounds on), with its 95 % interval."""
        with self.lock:
            xs = list(self.ev.leaf_vp.get(action, []))
        if len(xs) < 2:
            m = sum(xs) / len(xs) if xs else 0.0
            return m, m, m, len(xs)
        m, (lo, hi) = mean_ci(xs)
        return m, lo, hi, len(xs)

    def judge(self, action: Action) -> Judgement:
        """The judgement of `action` at this position (valued here if it was not)."""
        with self.lock:
            return self._judge(action)

    def _judge(self, action: Action) -> Judgement:
        ev = self.ev
        if action not in ev.legal:
            why = self.state.why_illegal(action) if not self.state.is_view else None
            raise ValueError(f"judge: {action} is not a legal choice here" + (f" ({why})" if why else ""))
        self.value([action])
        choices = self.valued_choices()
        best = choices[0]
        played = next(c for c in choices if c.action == action)
        # what the rules say the move throws away (never said of the coach's own first choice)
        facts = ev.move_facts(action) if action != best.action else []
        if played.action == best.action:
            return _judgement(ev.view, None, 0.0, played, best, False, tuple(choices))
        diff, lo, _hi = ev.paired(best.action, action)
        drop = max(0.0, 100 * (best.win_chance - played.win_chance))
        clear = lo > 0
        verdict = None
        if clear:
            for name, threshold in verdict_thresholds(len(ev.view.players)):
                if 100 * diff >= threshold and drop >= threshold:
                    verdict = name
        names = [name for name, _ in VERDICTS]
        for v, _sentence in facts:  # what the rules say it throws away: at least that verdict
            if verdict is None or names.index(v) > names.index(verdict):
                verdict = v
        return _judgement(ev.view, verdict, drop, played, best, clear, tuple(choices),
                          tuple(sentence for _, sentence in facts))


#: the last looks of `assess`: (state, seed, budget) -> Assessment; the state is kept, so its id is not reused
_LOOKS: dict[tuple, tuple[GameState, Assessment]] = {}
_LOOKS_KEPT = 8  # each holds its sample games (a few MB at most): a page keeps a few
_LOOKS_LOCK = threading.Lock()
_BUILD_LOCK = threading.Lock()


def assess(state: GameState, *, seconds: float | None = 1.0, seed: int = 0, k: int = 3,
           max_samples: int = _MAX_SAMPLES, search_iterations: int | None = None,
           forced: Iterable[Action] = ()) -> Assessment:
    """The coach's look at `state` (see `Assessment`), or the one it took before at this
    very position with the same seed and budget (hint and judge share it)."""
    key = (id(state), seed, seconds, max_samples, search_iterations)

    def kept() -> Assessment | None:
        with _LOOKS_LOCK:
            hit = _LOOKS.get(key)
            if hit is not None and hit[0] is state and hit[1].k >= k:
                _LOOKS[key] = _LOOKS.pop(key)  # the latest used last
                return hit[1]
        return None

    look = kept()
    if look is not None:
        return look
    with _BUILD_LOCK:  # one look at a time: two threads asking for the same position get the same look
        look = kept()
        if look is not None:
            return look
        look = Assessment(state, seconds=seconds, seed=seed, k=k, max_samples=max_samples,
                          search_iterations=search_iterations, forced=forced)
        with _LOOKS_LOCK:
            _LOOKS[key] = (state, look)
            while len(_LOOKS) > _LOOKS_KEPT:
                _LOOKS.pop(next(iter(_LOOKS)))
    return look


def hint(state: GameState, k: int = 3, *, seconds: float | None = 1.0, seed: int = 0,
         max_samples: int = _MAX_SAMPLES, search_iterations: int | None = None) -> list[Choice]:
    """The top `k` legal choices for the player to move, best first (the
    search's order: the first is the move to play), each with its win chance,
    95 % interval and one sentence of why; from the mover's view only.
    `seconds` is the time to spend (None: no limit, `max_samples` each and
    `search_iterations` for the search). A judgement of any of them at the same
    position (same seed and budget) is made on the same look (`assess`).

    >>> import archwk
    >>> s = archwk.new_game(2, seed=1)
    >>> top = hint(s, k=2, seconds=None, max_samples=3)
    >>> len(top), top[0].win_chance >= top[1].win_chance
    (2, True)
    """
    if k < 1:
        raise ValueError(f"hint: k must be at least 1, got {k}")
    return assess(state, seconds=seconds, seed=seed, k=k, max_samples=max_samples,
                  search_iterations=search_iterations).hint(k)


def judge(state: GameState, action: Action, *, seconds: float | None = 1.0, seed: int = 0,
          max_samples: int = _MAX_SAMPLES, search_iterations: int | None = None) -> Judgement:
    """How good `action` is for the player to move in `state` (the position
    before the move), against the best choice found: the search's first, the
    hint's first choice, among the same choices the hint shows (`assess`: a hint
    asked at this position with the same seed and budget is the same look).

    >>> import archwk
    >>> s = archwk.new_game(2, seed=1)
    >>> j = judge(s, s.legal_actions()[0], seconds=None, max_samples=3)
    >>> j.verdict in (None, "inaccuracy", "mistake", "blunder") and j.drop >= 0
    True
    """
    return assess(state, seconds=seconds, seed=seed, max_samples=max_samples, search_iterations=search_iterations,
                  forced=(action,)).judge(action)


def _judgement(state: GameState, verdict: str | None, drop: float, played: Choice, best: Choice, clear: bool,
               choices: tuple[Choice, ...] = (), facts: tuple[str, ...] = ()) -> Judgement:
    """A Judgement from its figures, its sentence worded by the explainer of
    `state`'s game."""
    too_close = (verdict is None and not clear and drop >= verdict_thresholds(len(state.players))[0][1]
                 and played.action != best.action)
    j = Judgement(verdict, drop, played, best, clear, "", choices, too_close, facts)
    return dataclasses.replace(j, text=_words(state).judgement_text(j))


# --------------------------------------------------------------------------- review and exercises

def _game_states(state_or_record) -> tuple[tuple, tuple]:
    """Every state of a game from its start, with the step leading to each (None first)."""
    if isinstance(getattr(state_or_record, "game", None), Game):  # a state of any game: its game replays it
        loaded = state_or_record.game.load_record(state_or_record.record(), states=True)
    elif isinstance(state_or_record, (str, bytes, Mapping)):  # the record names its game
        loaded = _load_record(state_or_record, states=True)
    elif isinstance(state_or_record, bytearray):
        loaded = _load_record(bytes(state_or_record), states=True)
    else:
        raise TypeError("review: expected a GameState, a game record or the text of a save file, "
                        f"got {type(state_or_record).__name__}")
    return loaded.states, loaded.steps


def _seats(players, states) -> set[int]:
    first = states[0]
    names = [p.name for p in first.players]
    if players is None:
        automa = first.game.automa_seats(first)  # the seats the game plays itself
        return {i for i in range(len(first.players)) if i not in automa}
    out = set()
    for p in players:
        if isinstance(p, str):
            if p not in names:
                raise ValueError(f"review: no player named {p!r} (players: {', '.join(names)})")
            out.add(names.index(p))
        elif isinstance(p, int) and not isinstance(p, bool) and 0 <= p < len(names):
            out.add(p)
        else:
            raise ValueError(f"review: a player is a seat number 0-{len(names) - 1} or a name, got {p!r}")
    return out


def review(state_or_record: Any, *, players: Iterable[int | str] | None = None,
           seconds_per_move: float | None = 0.3, seed: int = 0, progress: Callable[[int, int], Any] | None = None,
           max_samples: int = _MAX_SAMPLES, search_iterations: int | None = None,
           known: Mapping[int, Judgement] | None = None) -> Review:
    """Review every decision of a game: each seat's win chance at every step,
    and a judgement of each move of `players` (seat numbers or names; default
    every seat but those the game plays itself, such as
    Architects' Byzantine opponent) that had more than one choice.
    `state_or_record` is a GameState (its history), a record or a save text.
    `progress(i, n)` is called after each step. `seconds_per_move=None` values
    each move with `max_samples` samples per choice and `search_iterations`
    for the search, whatever the time. `known`: judgements already made of some
    steps (step index -> Judgement, as a page judged them while the game was
    played): they are kept, not made again, so the review says what the page said.

    The chances at a step are the coach's where it judged a move: at the step
    judged, those of its first choice (the position's own), and at the next step
    those of the move played; elsewhere the win-chance model's. So the chart and
    every judgement give one chance per position."""
    states, steps = _game_states(state_or_record)
    seats = _seats(players, states)
    known = dict(known or {})
    n = len(states) - 1
    bad = [i for i in known if not (isinstance(i, int) and 0 <= i < n)]
    if bad:
        raise ValueError(f"review: known judgements name step {bad[0]}, not a move of this game (0-{n - 1})")
    judgements: dict[int, Judgement] = {}
    for i in range(n):
        s, step = states[i], steps[i + 1]
        p = s.current_player
        if i in known:
            j = known[i]
            if step is None or j.played.action != step:
                raise ValueError(f"review: the known judgement of step {i} is of another move than the game's")
            judgements[i] = j
        else:
            acts = () if s.is_over or p not in seats else s.legal_actions()
            # a move of a seat reviewed (not a what-if edit) where it had a choice
            if step is not None and step in acts and len(_side(s).candidates(s, acts)) > 1:
                judgements[i] = judge(s, step, seconds=seconds_per_move, seed=seed + i, max_samples=max_samples,
                                      search_iterations=search_iterations)
        if progress is not None:
            progress(i + 1, n)
    chances: list[list[float]] = [list(win_chances(st)) for st in states]
    for i, j in sorted(judgements.items()):  # a move's own look wins over the one before it
        if j.played.chances and i + 1 not in judgements:
            chances[i + 1] = list(j.played.chances)
    for i, j in judgements.items():
        if j.best.chances:
            chances[i] = list(j.best.chances)
    judged = [(i, states[i].current_player, j) for i, j in sorted(judgements.items()) if j.verdict is not None]
    return Review(chances, judged, [p.name for p in states[0].players], seed, judgements)


def exercises(rev: Review, game_state_or_record: Any) -> list[Exercise]:
    """One "find a better move" position per blunder of the review (and per
    clear swing over 7.5 points): the position before the move, the move
    played, and the accepted choices."""
    states, steps = _game_states(game_state_or_record)
    out = []
    for i, p, j in rev.judged:
        if not (j.verdict == "blunder" or (j.clear and j.drop > SWING_POINTS)):
            continue
        if i >= len(states) or states[i].current_player != p or steps[i + 1] != j.played.action:
            raise ValueError(f"exercises: step {i} of the review is not the same move in this game; "
                             "pass the game that was reviewed")
        pool = j.choices or (j.best,)
        top = pool[0]
        accepted = [c for c in pool if 100 * (top.win_chance - c.win_chance) <= ACCEPT_POINTS
                    and c.action != j.played.action]
        prompt = _words(states[i]).exercise_prompt(states[i].players[p].name, j.played, top)
        out.append(Exercise(states[i], p, j.played, accepted or [top], prompt, tuple(pool), rev.seed + i))
    return out


__all__ = ["ACCEPT_POINTS", "SWING_POINTS", "VERDICTS", "Assessment", "Choice", "Exercise", "Judgement",
           "Review", "assess", "exercises", "hint", "judge", "review", "verdict_thresholds"]
