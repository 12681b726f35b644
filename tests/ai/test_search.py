"""The search core (archwk.ai.search) and the bots built on it are game-neutral:
they play a game no module of the kit knows, written here (Nim), through the
state protocol and its `Game` object alone.

Nim (normal play): two players in turn take one or more stones from one pile;
whoever takes the last stone wins. A position is lost for the player to move
exactly when the piles' nim-sum (their XOR) is 0, so the winning moves are
known and a test can name them (C. L. Bouton, "Nim, a game with a complete
mathematical theory", 1901).
"""
from __future__ import annotations

import random
import types
from dataclasses import dataclass
from functools import reduce
from operator import xor

import pytest

from archwk.ai import bots, expert, search
from archwk.ai.evaluate import evaluate_actions
from archwk.ai.roles import PlaySide
from archwk.kit.game import Game


@dataclass(frozen=True)
class Take:
    pile: int
    stones: int


@dataclass(frozen=True)
class Score:
    player: int
    total: int


class NimState:
    """A Nim position with whose turn it is; `apply` returns a new one."""

    def __init__(self, piles: tuple[int, ...], player: int = 0, game: Game | None = None):
        self.piles = tuple(piles)
        self._player = player
        self.players = ("first", "second")
        self.is_view = False
        self.game = game or NIM  # the Game it is a position of

    @property
    def is_over(self) -> bool:
        return not any(self.piles)

    @property
    def current_player(self):
        return None if self.is_over else self._player

    @property
    def prompt(self) -> str:
        return "Take stones from one pile"

    def legal_actions(self) -> list[Take]:
        return [Take(i, k) for i, n in enumerate(self.piles) for k in range(1, n + 1)]

    def apply(self, a: Take) -> NimState:
        if a not in self.legal_actions():
            raise ValueError(f"not legal: {a}")
        piles = list(self.piles)
        piles[a.pile] -= a.stones
        return NimState(tuple(piles), 1 - self._player, self.game)

    def view(self, player: int) -> NimState:
        return self  # nothing is hidden

    def winner(self) -> int:
        assert self.is_over
        return 1 - self._player  # the player who took the last stone


def _scores(s: NimState) -> list[Score]:
    if not s.is_over:
        return [Score(0, 0), Score(1, 0)]
    return [Score(p, 1 if p == s.winner() else 0) for p in (0, 1)]


def _winners(s: NimState) -> list[int]:
    return [s.winner()] if s.is_over else []


def _unused(*args, **kwargs):
    raise NotImplementedError


def _nim_game(play_side=None) -> Game:
    return Game(name="nim", title="Nim", min_players=2, max_players=2, Options=dict,
                new_game=lambda players, *, seed, options=None: NimState((3, 4, 5)),
                replay=_unused, load_record=_unused, from_game_code=_unused, code_prefix="nim1.",
                observation=_unused, quiet=lambda state: state, game_facts=_unused, seat_facts=_unused,
                final_scores=_scores, winners=_winners, table=_unused,
                explainer=types.ModuleType("nim_words"), rules=types.ModuleType("nim_rules"),
                play_side=play_side or {})


NIM = _nim_game()


def winning_moves(s: NimState) -> set[Take]:
    """The moves that leave a nim-sum of 0 (Bouton's theorem)."""
    return {a for a in s.legal_actions() if reduce(xor, s.apply(a).piles) == 0}


#: positions with a single winning move (the nim-sum is not 0)
POSITIONS = [(2, 3), (1, 2, 4), (1, 3, 5)]


@pytest.mark.parametrize("piles", POSITIONS)
def test_mcts_finds_the_winning_move_of_a_game_it_has_never_seen(piles):
    """The game names no play role at all: the search gets uniform priors,
    plays every leaf out at random to the end and values it by who won
    (archwk.ai.roles' and MCTSBot's defaults), and finds the one winning move
    (a few plies deep: the opponent's every answer must lose too)."""
    s = NimState(piles)
    (win,) = winning_moves(s)
    for seed in (1, 2):
        bot = bots.MCTSBot(seed, iterations=1500)
        assert bot.choose(s) == win
        assert bot.last_visits[win] == max(bot.last_visits.values())


def test_the_exploration_weight_is_the_games_own_else_one():
    """The expert's exploration weight: the game's "exploration" role for the position
    where it names one, 1.0 where it does not."""
    s = NimState((1, 2, 4))
    assert expert.ExpertBot(3, seconds=None, iterations=5).search(PlaySide(NIM), s).exploration == 1.0
    game = _nim_game({"exploration": f"{__name__}:nim_exploration"})
    s = NimState((1, 2, 4), game=game)
    assert expert.ExpertBot(3, seconds=None, iterations=5).search(PlaySide(game), s).exploration == 0.25 * 7


def nim_exploration(s: NimState) -> float:
    return 0.25 * sum(s.piles)


def test_the_expert_runs_on_the_same_core_for_that_game():
    s = NimState((1, 2, 4))
    (win,) = winning_moves(s)
    bot = expert.ExpertBot(3, seconds=None, iterations=1500)
    assert bot.choose(s) == win
    assert 0 < bot.last_iterations <= 1500
    assert bot.last_visits[win] == max(bot.last_visits.values())


def test_both_seats_search_a_won_position_to_its_end():
    """Both seats search: from a position won for the first player, the first
    player wins; every choice is legal (`archwk.ai.bots.play`, the bots' shells)."""
    s = NimState((2, 3))
    end = bots.play(s, [bots.MCTSBot(1, iterations=400), bots.MCTSBot(2, iterations=400)])
    assert end.is_over and _winners(end) == [0]
    for bot in (bots.RandomBot(4), bots.FastBot(4), bots.HeuristicBot(4)):  # no heuristic: the fast bot
        end = bots.play(NimState((3, 4, 5)), [bot, bots.RandomBot(5)])
        assert end.is_over


# ---- the injected pieces: evaluator, determinizer, key, candidates

CALLS: dict[str, list] = {"determinizer": [], "sample": [], "evaluator": []}


class CountingDeterminizer:
    """A determinizer for Nim (nothing is hidden, so a sample is a copy of the
    position): records what the search asks of it."""

    def __init__(self, view: NimState, seat: int):
        CALLS["determinizer"].append(seat)
        self.view = view

    def sample(self, rng: random.Random) -> NimState:
        CALLS["sample"].append(rng.random())
        return NimState(self.view.piles, self.view.current_player, self.view.game)


def nim_worth(s: NimState, seat: int) -> float:
    """A perfect evaluator: 1 point to the seat a position is won for."""
    CALLS["evaluator"].append(seat)
    if s.is_over:
        return float(seat == s.winner())
    won_for_mover = reduce(xor, s.piles) != 0
    return float((seat == s.current_player) == won_for_mover)


def test_the_injected_evaluator_and_determinizer_drive_the_search():
    """A game's play side by role (`Game.play`): one determinization per
    iteration, from the view of the seat to move, and the evaluator values the
    positions (a perfect one: a few iterations suffice where random playouts
    needed hundreds)."""
    game = _nim_game({"determinizer": f"{__name__}:CountingDeterminizer", "evaluator": f"{__name__}:nim_worth"})
    s = NimState((3, 4, 5), player=1, game=game)
    for v in CALLS.values():
        v.clear()
    bot = bots.MCTSBot(7, iterations=12)
    assert bot.choose(s) in winning_moves(s)
    assert CALLS["determinizer"] == [1]
    assert len(CALLS["sample"]) == 12
    assert set(CALLS["evaluator"]) == {0, 1}
    assert PlaySide(game).determinizer is CountingDeterminizer


def test_the_core_alone_with_a_key_and_candidates():
    """`Search` configured by hand: actions keyed by (pile, stones), only the
    moves from the first pile considered; the root counts every iteration."""
    s = NimState((2, 3))
    seen = []

    def expand(state, mover, actions):
        seen.extend(actions)
        return [(1.0 / len(actions), None, None) for _ in actions]

    def value(state):
        if not state.is_over:
            return [0.5, 0.5]
        return [1.0 if p == state.winner() else 0.0 for p in (0, 1)]

    core = search.Search(value=value, expand=expand, key=lambda a: (a.pile, a.stones),
                         candidates=lambda state, acts: [a for a in acts if a.pile == 0] or acts,
                         leaf=lambda before, after, mover, rng: PlaySide(NIM).rollout(after, rng, None))
    root = search.Node()
    assert core.run(root, lambda rng: s, random.Random(1), iterations=50) == 50
    assert root.n == 50 and sum(root.visits.values()) == 50
    assert set(root.visits) <= {(0, 1), (0, 2)}
    assert all(a.pile == 0 for a in seen[:2])
    with pytest.raises(ValueError, match="iterations cap or a deadline"):
        core.run(root, lambda rng: s, random.Random(1))


def test_move_evaluation_ranks_the_winning_move_first():
    """archwk.ai.evaluate is game-neutral too: rollouts to the end with the
    default (uniform) policy put the winning move on top; after it every
    playout is won (the opponent must take one of the two last single stones)."""
    s = NimState((1, 1, 2))
    (win,) = winning_moves(s)
    vals = evaluate_actions(s, rollouts=200, seed=1, depth=None)
    assert [v.action for v in vals] == s.legal_actions()
    best = max(vals, key=lambda v: v.win_rate)
    assert best.action == win and best.win_rate == 1.0
    assert all(v.win_rate < 1.0 for v in vals if v.action != win)
