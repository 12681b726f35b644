"""Self-play with the kit's example figures (issue 23: games end, no single action or
tile wins regardless; the figures are reported by benchmarks/bench_archon_selfplay.py).
Long by nature: a dozen games between bots."""
from __future__ import annotations

import random
import statistics

import pytest

import archwk
from archwk.games.archon.game import quiet
from archwk.games.archon.play.heuristic import HeuristicBot

pytestmark = pytest.mark.slow


class Uniform:
    def __init__(self, seed):
        self.rng = random.Random(seed)

    def choose(self, s):
        return self.rng.choice(s.legal_actions())


def play(n, seed, bots):
    s = quiet(archwk.new_game(n, seed=seed, game="archon"))
    while not s.is_over:
        s = s.apply(bots[s.current_player].choose(s))
    return s


def test_heuristic_games_end_with_sane_scores_and_no_tile_in_every_winning_hand():
    ends = [play(n, 300 + 10 * n + g, [HeuristicBot(g * 7 + i) for i in range(n)])
            for n in (2, 3, 4) for g in range(2)]
    totals = [sc.total for s in ends for sc in archwk.final_scores(s)]
    assert all(s.is_over and s.round == 9 for s in ends)
    assert 15 <= statistics.mean(totals) <= 80 and min(totals) > -10
    winners_tiles = [set(s.players[w].tiles) for s in ends for w in archwk.winners(s)]
    assert not set.intersection(*winners_tiles), "a tile every winner holds"
    locations = {a.location for s in ends for a in s.history if a.kind == "place"}
    assert len(locations) >= 9, f"the bots leave locations unused: {locations}"


def test_the_heuristic_player_beats_uniform_choices():
    won = 0.0
    for g in range(4):
        seat = g % 2
        bots = [HeuristicBot(g), HeuristicBot(g + 1)]
        bots[seat] = Uniform(g)
        s = play(2, 400 + g, bots)
        win = archwk.winners(s)
        won += (seat in win) / len(win)
    assert won <= 1
