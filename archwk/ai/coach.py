"""The coach: a hint, a judgement of a move, a review of a game, exercises from its mistakes.

Every answer comes from the mover's view only (never a hidden card). Two tools
work together:

* the expert bot's search (`archwk.ai.expert.ExpertBot`, on the mover's view)
  ranks the choices: the hint's order, and the best choice a move is judged
  against, are the moves it would play (its root visits);
* the chance to win after a choice is measured by playing it out on many full
  games consistent with that view (`archwk.games.architects.play.determinize.Determinizer`). In
  each sample the choice is applied, the mover finishes the turn greedily (each
  later choice of the turn the one whose position has the best chance by
  `archwk.ai.winchance.win_chances`), then every seat plays with the fast
  rule-of-thumb policy (`archwk.games.architects.play.heuristics.fast_choice`) for one more round (the
  other seats' turns, the mover's next turn, the other seats' turns again), and
  the mover's win chance there is the sample's value. A choice's `win_chance`
  is the mean over its samples with a 95 % interval. Sample j is the same game
  and the same policy generator for every choice (common random numbers), so the
  differences between choices are measured on paired samples.

(The samples alone rank choices poorly: played as a bot, their best choice won
31% of 13 games against the heuristic bot, and one round only drifted into
farming Gold at the Mines. Ranked by the search, the hint's first choice won
16 of 20: `benchmarks/bench_winchance.py --parts strength`.) Where the search
does not run (the setup drafts, past the bots' stalemate turn) the samples
rank the choices alone.

The time (`seconds`) is split: `SEARCH_SHARE` of it for the search, the rest
for samples, spent adaptively: every choice valued gets a few samples, then
only the choices still close to the best get more, until the time is up (or
`max_samples` each). Results depend on the seed and, through the time budget,
on the machine's speed; `seconds=None` with `max_samples` (and the search's
`search_iterations`) gives the same answer everywhere.

Judgements follow lichess: a move is an inaccuracy, a mistake or a blunder
when the mover's chance drops by 5, 10 or 15 points against the best choice
(`VERDICTS`), and only when the drop is clear of the noise: the 95 % interval
of the paired differences excludes 0 and its mean reaches the threshold.
"""
from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..games.architects.actions import Action
from ..games.architects.engine import quiet
from ..games.architects.model import GameState
from ..games.architects.play.determinize import Determinizer, viewer_of
from ..games.architects.play.heuristics import fast_choice, without_free_discards
from ..games.architects.record import load as _load_record
from ..games.architects.record import replay_doc as _replay_doc
from ..games.architects.scoring import final_scores
from .expert import ExpertBot
from .winchance import win_chances

#: (verdict, drop in points of win chance at which it starts), mildest first (lichess's)
VERDICTS = (("inaccuracy", 5), ("mistake", 10), ("blunder", 15))
#: an exercise accepts a move within this many points of the best choice's chance
ACCEPT_POINTS = 3.5
#: a judged move becomes an exercise when it is a blunder or its drop is over this
SWING_POINTS = 7.5

_Z = 1.959963984540054  # 95 %
_MIN_SAMPLES = 3          # every choice gets at least these (time permitting, at least 1)
_MAX_SAMPLES = 400        # no choice gets more
_OWN_TURN_CAP = 12        # decisions of the mover's own turn played greedily
_OTHERS_CAP = 80          # decisions of the other seats before the sample is scored (per round)
_ROUNDS = 2               # rounds played out after the choice (the mover's later turns by the fast policy)
_ROLLOUT_SALT = 0x5DEECE66D
#: the share of a hint's or judgement's time given to the search that ranks the choices
SEARCH_SHARE = 0.5
#: the search's iterations when there is no time limit (`seconds=None`)
SEARCH_ITERATIONS = 120
#: choices the judge values beside the move played: the search's first ones
_JUDGE_CHOICES = 3


@dataclass(frozen=True)
class Choice:
    """One legal choice for the mover, valued: its win chance (0-1) with a 95 %
    interval (`low`, `high`) from `n` samples, and `why`, one sentence in the
    game's words that opens with the label; `after_label` is that sentence
    without the label, for a page that shows the label just above it."""
    action: Action
    label: str
    win_chance: float
    low: float
    high: float
    why: str
    n: int
    after_label: str = ""


@dataclass(frozen=True)
class Judgement:
    """A move judged against the best choice found. `drop`: win-chance points
    (0-100) lost against `best`; `clear`: the drop is clear of the noise;
    `verdict`: "inaccuracy", "mistake", "blunder" or None; `text`: one sentence
    for the player. `choices`: every choice valued, best first."""
    verdict: str | None
    drop: float
    played: Choice
    best: Choice
    clear: bool
    text: str
    choices: tuple[Choice, ...] = ()


@dataclass(frozen=True)
class Review:
    """A reviewed game: `chances[i]` every seat's win chance at step i (0 = the
    start, i = after the i-th step of the record), `judged` the moves with a
    verdict as (step index of the decision, player, judgement), `players` the
    seats' names, `seed` the seed the moves were judged with (move i with `seed + i`)."""
    chances: list[list[float]]
    judged: list[tuple[int, int, Judgement]]
    players: list[str]
    seed: int = 0


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
        win chance), with a sentence saying why."""
        why_not = self.state.why_illegal(action)
        if why_not is not None:
            return False, f"That move is not allowed here: {why_not}"
        top = self.best[0]
        mine = next((c for c in self.choices if c.action == action), None)
        if mine is None:  # the judgement valued the search's first choices only: this one on the same samples
            mine = _Evaluator(self.state, self.seed).choices([action], seconds=0.5, forced=(action,),
                                                             max_samples=max(1, top.n))[0]
        gap = 100 * (top.win_chance - mine.win_chance)
        if action == self.played.action:
            return False, (f"That is the move played in the game: it gives a {_pct(mine.win_chance)} chance "
                           f"to win; {top.label} gives {_pct(top.win_chance)}.")
        if gap <= ACCEPT_POINTS:
            if action == top.action:
                return True, f"{mine.label} is the best choice here, a {_pct(mine.win_chance)} chance to win."
            return True, (f"{mine.label} gives a {_pct(mine.win_chance)} chance to win, as good as the "
                          f"best choice, {_to(top.label)}, at {_pct(top.win_chance)}.")
        return False, (f"{mine.label} gives a {_pct(mine.win_chance)} chance to win; the best choice is "
                       f"{_to(top.label)}, at {_pct(top.win_chance)}.")


# --------------------------------------------------------------------------- valuing choices

def _pct(x: float) -> str:
    return f"{round(100 * x)}%"


def _to(label: str) -> str:
    """An action's label inside a sentence: "Place a worker ..." -> "to place a worker ..."."""
    return "to " + label[:1].lower() + label[1:] if label else label


def _mover_view(state: GameState) -> tuple[GameState, int]:
    if state.is_over:
        raise ValueError("coach: the game is over; there is no decision to value")
    p = state.current_player
    assert p is not None  # the game is not over
    if state.is_view:
        if viewer_of(state) not in (None, p):
            raise ValueError("coach: this is another player's view; ask from the view of the player to move")
        return state, p
    return state.view(p), p


class _Evaluator:
    """Values choices of one position on shared samples (see the module doc)."""

    def __init__(self, state: GameState, seed: int):
        self.started = time.perf_counter()  # the time budget counts from here
        self.view, self.player = _mover_view(state)
        self.det = Determinizer(self.view, self.player)
        self.seed = seed
        self._bases: dict[int, GameState] = {}
        self.values: dict[Action, list[float]] = {}
        self.vp_now: dict[Action, int] = {}
        first = self.det.sample(random.Random(self._seed(0)))
        self._bases[0] = quiet(first)  # no event log: the same positions
        # the choices as listed at the sample itself, so their labels word its figures
        # ("gain 2 Clay"): a quiet state's actions word none
        self.legal = first.legal_actions()

    def _seed(self, j: int) -> int:
        return random.Random(self.seed * 1_000_003 + j).getrandbits(64)

    def _base(self, j: int) -> GameState:
        b = self._bases.get(j)
        if b is None:
            b = quiet(self.det.sample(random.Random(self._seed(j))))  # no event log: the same positions
            self._bases[j] = b
        return b

    def _play_out(self, s: GameState, rng: random.Random) -> GameState:
        p = self.player
        turn = s.turn_no
        k = 0
        while not s.is_over and s.current_player == p and s.turn_no == turn and k < _OWN_TURN_CAP:
            acts = without_free_discards(s, s.legal_actions())
            if len(acts) == 1:
                s = s.apply(acts[0])
            else:
                s = max((s.apply(a) for a in acts), key=lambda x: win_chances(x)[p])
            k += 1
        k = 0
        for r in range(_ROUNDS):
            if r:  # a later turn of the mover's, by the fast policy too
                turn = s.turn_no
                while not s.is_over and s.current_player == p and s.turn_no == turn and k < _OTHERS_CAP:
                    s = s.apply(fast_choice(s, s.legal_actions(), rng))
                    k += 1
            while not s.is_over and s.current_player != p and k < _OTHERS_CAP * (r + 1):
                s = s.apply(fast_choice(s, s.legal_actions(), rng))
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
            self.vp_now[a] = final_scores(s)[p].total - final_scores(base)[p].total
        leaf = self._play_out(s, random.Random(self._seed(j) ^ _ROLLOUT_SALT))
        vals.append(win_chances(leaf)[self.player])

    def stats(self, a: Action) -> tuple[float, float, float, int]:
        return _mean_interval(self.values.get(a, []))

    def paired(self, a: Action, b: Action) -> tuple[float, float, float]:
        """Mean of (a - b) over their common samples, with its 95 % interval."""
        va, vb = self.values.get(a, []), self.values.get(b, [])
        m = min(len(va), len(vb))
        mean, lo, hi, _ = _mean_interval([va[j] - vb[j] for j in range(m)], clip=False)
        return mean, lo, hi

    def run(self, cands: Sequence[Action], *, k: int, seconds: float | None, max_samples: int,
            forced: Iterable[Action] = ()) -> None:
        deadline = None if seconds is None else self.started + seconds
        forced = [a for a in forced if a in cands]
        # a few samples of every choice first (at least one each, whatever the time)
        for r in range(min(_MIN_SAMPLES, max_samples)):
            for a in cands:
                in_time = r == 0 or deadline is None or time.perf_counter() < deadline
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
        bot = ExpertBot(self.seed, seconds=seconds, iterations=iterations)
        first = bot.choose(self._base(0))  # a game consistent with the view: the search determinizes it again
        visits, prior = bot.last_visits, bot.last_prior
        if not visits:
            return None
        return sorted(cands, key=lambda a: (a != first, -visits.get(a, 0), -prior.get(a, 0.0)))

    def choices(self, cands: Sequence[Action], *, seconds: float | None = 2.0, k: int = 3,
                max_samples: int = _MAX_SAMPLES, forced: Iterable[Action] = (),
                ranked: bool = False) -> list[Choice]:
        """`cands` valued: best first by their win chance, or (`ranked`) in the
        order given, the search's."""
        self.run(cands, k=k, seconds=seconds, max_samples=max_samples, forced=forced)
        rows = [(a, self.stats(a)) for a in cands]
        if not ranked:
            rows.sort(key=lambda r: -r[1][0])
        labels = {a: str(a) for a in cands}
        out = []
        for rank, (a, (m, lo, hi, n)) in enumerate(rows):
            vp, reason = self._vp_now(a), self._why(rank, rows, labels, ranked)
            after = f"{vp}: {reason}" if vp else reason[:1].upper() + reason[1:]
            out.append(Choice(a, labels[a], m, lo, hi, f"{labels[a]}{', ' + vp if vp else ''}: {reason}", n, after))
        return out

    def _vp_now(self, a) -> str:
        """What the choice scores at once, in words ("+3 VP at once"; "" for none)."""
        vp = self.vp_now.get(a, 0)
        return f"{'+' if vp > 0 else ''}{vp} VP at once" if vp else ""

    def _why(self, rank, rows, labels, ranked: bool) -> str:
        """Why the choice at `rank` of `rows` (the sentence after its label): in the
        search's order (`ranked`: the first is the one to play, even where the quick
        estimate puts another level or ahead) or best first by win chance. Chances
        are compared as shown (whole percent), so a sentence never calls 59% more than 59%."""
        m = round(100 * rows[rank][1][0])
        if len(rows) == 1:
            besides = any(a.kind == "discard_apprentice" and a != rows[0][0] for a in self.legal)
            return (f"the only choice here{' apart from discarding an apprentice' if besides else ''}; "
                    f"your chance to win is {m}%.")
        if rank == 0:
            nxt_a, nxt = rows[1][0], round(100 * rows[1][1][0])
            other = _to(labels[nxt_a])
            if m > nxt:
                return f"your best chance to win here, {m}%; the next best is {other}, at {nxt}%."
            if ranked and m < nxt:
                return (f"the choice a deeper look prefers, although the quick estimate gives it a {m}% "
                        f"chance to win, against {nxt}% for choosing {other}.")
            if ranked:
                return (f"your best chance to win here, {m}%; choosing {other} is as good by the quick "
                        "estimate, but a deeper look prefers this one.")
            return f"your best chance to win here, {m}%, as good as choosing {other}."
        first_a, first = rows[0][0], round(100 * rows[0][1][0])
        best = _to(labels[first_a])
        if first > m:
            return f"a {m}% chance to win; the best choice found is {best}, at {first}%."
        if not ranked or first == m:
            return (f"a {m}% chance to win, as good as choosing {best}"
                    f"{', but a deeper look prefers that one' if ranked else ''}.")
        return (f"a {m}% chance to win by the quick estimate, against {first}% for choosing {best}, "
                "but a deeper look prefers that one.")


def _mean_interval(xs: Sequence[float], clip: bool = True) -> tuple[float, float, float, int]:
    n = len(xs)
    if n == 0:
        return 0.0, 0.0, 1.0, 0
    m = sum(xs) / n
    if n == 1:
        return (m, 0.0, 1.0, 1) if clip else (m, -1.0, 1.0, 1)
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    half = _Z * math.sqrt(var / n)
    lo, hi = m - half, m + half
    if clip:
        lo, hi = max(0.0, lo), min(1.0, hi)
    return m, lo, hi, n


# --------------------------------------------------------------------------- hint and judge

def _search_budget(seconds: float | None, search_iterations: int | None) -> tuple[float | None, int | None]:
    if seconds is None:
        return None, search_iterations or SEARCH_ITERATIONS
    return seconds * SEARCH_SHARE, search_iterations


def hint(state: GameState, k: int = 3, *, seconds: float | None = 2.0, seed: int = 0,
         max_samples: int = _MAX_SAMPLES, search_iterations: int | None = None) -> list[Choice]:
    """The top `k` legal choices for the player to move, best first (the
    search's order: the first is the move to play), each with its win chance,
    95 % interval and one sentence of why; from the mover's view only.
    `seconds` is the time to spend (None: no limit, `max_samples` each and
    `search_iterations` for the search).

    >>> import archwk
    >>> s = archwk.new_game(2, seed=1)
    >>> top = hint(s, k=2, seconds=None, max_samples=3)
    >>> len(top), top[0].win_chance >= top[1].win_chance
    (2, True)
    """
    if k < 1:
        raise ValueError(f"hint: k must be at least 1, got {k}")
    ev = _Evaluator(state, seed)
    cands = without_free_discards(ev.view, ev.legal)
    order = ev.searched(cands, *_search_budget(seconds, search_iterations))
    if order is None:
        return ev.choices(cands, seconds=seconds, k=k, max_samples=max_samples)[:k]
    # at least two valued, so that the first is worded against the next one
    return ev.choices(order[:max(k, 2)], seconds=seconds, k=k, max_samples=max_samples, ranked=True)[:k]


def judge(state: GameState, action: Action, *, seconds: float | None = 1.0, seed: int = 0,
          max_samples: int = _MAX_SAMPLES, search_iterations: int | None = None) -> Judgement:
    """How good `action` is for the player to move in `state` (the position
    before the move), against the best choice found: the search's first, the
    hint's first choice (see the module doc).

    >>> import archwk
    >>> s = archwk.new_game(2, seed=1)
    >>> j = judge(s, s.legal_actions()[0], seconds=None, max_samples=3)
    >>> j.verdict in (None, "inaccuracy", "mistake", "blunder") and j.drop >= 0
    True
    """
    ev = _Evaluator(state, seed)
    if action not in ev.legal:
        why = state.why_illegal(action) if not state.is_view else None
        raise ValueError(f"judge: {action} is not a legal choice here" + (f" ({why})" if why else ""))
    cands = list(dict.fromkeys(without_free_discards(ev.view, ev.legal) + [action]))
    order = ev.searched(cands, *_search_budget(seconds, search_iterations))
    if order is None:
        choices = ev.choices(cands, seconds=seconds, k=2, max_samples=max_samples, forced=(action,))
    else:
        valued = list(dict.fromkeys(order[:_JUDGE_CHOICES] + [action]))
        choices = ev.choices(valued, seconds=seconds, k=2, max_samples=max_samples, forced=(action,),
                             ranked=True)
    best = choices[0]
    played = next(c for c in choices if c.action == action)
    if played.action == best.action:
        return Judgement(None, 0.0, played, best, False,
                         f"{played.label} was the best choice found, a {_pct(played.win_chance)} chance to win.",
                         tuple(choices))
    diff, lo, _hi = ev.paired(best.action, action)
    drop = max(0.0, 100 * (best.win_chance - played.win_chance))
    clear = lo > 0
    verdict = None
    if clear:
        for name, threshold in VERDICTS:
            if 100 * diff >= threshold and drop >= threshold:
                verdict = name
    return Judgement(verdict, drop, played, best, clear, _judgement_text(verdict, drop, clear, played, best),
                     tuple(choices))


def _judgement_text(verdict, drop, clear, played: Choice, best: Choice) -> str:
    if verdict is not None:
        return (f"{verdict.capitalize()}: {played.label} gives you a {_pct(played.win_chance)} chance to win; "
                f"a better choice was {_to(best.label)}, at {_pct(best.win_chance)}.")
    if drop >= VERDICTS[0][1] and not clear:
        return (f"{played.label} looks worse than {best.label} ({_pct(played.win_chance)} against "
                f"{_pct(best.win_chance)}), but the estimates are too close to call.")
    if round(100 * played.win_chance) >= round(100 * best.win_chance):
        return (f"{played.label} was a good choice: a {_pct(played.win_chance)} chance to win, as good as "
                f"the coach's first choice, {_to(best.label)}, at {_pct(best.win_chance)}.")
    return (f"{played.label} was a good choice ({_pct(played.win_chance)} chance to win; the best found, "
            f"{best.label}, gives {_pct(best.win_chance)}).")


# --------------------------------------------------------------------------- review and exercises

def _game_states(state_or_record) -> tuple[tuple, tuple]:
    """Every state of a game from its start, with the step leading to each (None first)."""
    if isinstance(state_or_record, GameState):
        loaded = _replay_doc(state_or_record.record(), GameState, states=True)
    elif isinstance(state_or_record, (str, bytes, bytearray)):
        loaded = _load_record(state_or_record, GameState, states=True)
    elif isinstance(state_or_record, Mapping):
        loaded = _replay_doc(state_or_record, GameState, states=True)
    else:
        raise TypeError("review: expected a GameState, a game record or the text of a save file, "
                        f"got {type(state_or_record).__name__}")
    return loaded.states, loaded.steps


def _seats(players, states) -> set[int]:
    first = states[0]
    names = [p.name for p in first.players]
    if players is None:
        return {i for i, p in enumerate(first.players) if not p.is_byzantine}
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
           max_samples: int = _MAX_SAMPLES, search_iterations: int | None = None) -> Review:
    """Review every decision of a game: each seat's win chance at every step,
    and a judgement of each move of `players` (seat numbers or names; default
    every seat but a Byzantine opponent) that had more than one choice.
    `state_or_record` is a GameState (its history), a record or a save text.
    `progress(i, n)` is called after each step. `seconds_per_move=None` values
    each move with `max_samples` samples per choice and `search_iterations`
    for the search, whatever the time."""
    states, steps = _game_states(state_or_record)
    seats = _seats(players, states)
    chances = [win_chances(s) for s in states]
    judged: list[tuple[int, int, Judgement]] = []
    n = len(states) - 1
    for i in range(n):
        s, step = states[i], steps[i + 1]
        p = s.current_player
        if (isinstance(step, Action) and not s.is_over and p in seats
                and len(without_free_discards(s, s.legal_actions())) > 1):
            j = judge(s, step, seconds=seconds_per_move, seed=seed + i, max_samples=max_samples,
                      search_iterations=search_iterations)
            if j.verdict is not None:
                assert p is not None
                judged.append((i, p, j))
        if progress is not None:
            progress(i + 1, n)
    return Review(chances, judged, [p.name for p in states[0].players], seed)


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
        name = states[i].players[p].name
        prompt = (f"{name} to move: find a better choice than “{j.played.label}”, which gave a "
                  f"{_pct(j.played.win_chance)} chance to win (the best choice found gives {_pct(top.win_chance)}).")
        out.append(Exercise(states[i], p, j.played, accepted or [top], prompt, tuple(pool), rev.seed + i))
    return out


__all__ = ["ACCEPT_POINTS", "SWING_POINTS", "VERDICTS", "Choice", "Exercise", "Judgement",
           "Review", "exercises", "hint", "judge", "review"]
