"""Archon's example figures in self-play (issue 23, "Components as data": games end,
no single action or tile wins regardless). Reported figures, not timed tests:

1. heuristic self-play at 2, 3 and 4 players: scores (mean, sd, range), win rate by
   seat, decisions a game, how often each location and tile is chosen, and how often a
   tile's holder wins against the base rate;
2. one-track players: a bot that places at one location whenever it can (the
   heuristic player otherwise) against the heuristic player, 2 players, seats
   alternated: its win rate per location (a dominant action would win most games);
3. random against heuristic (2 players): the heuristic player should win most;
4. random self-play decisions per second.

    python benchmarks/bench_archon_selfplay.py              # about 5 minutes on 2 cores
    python benchmarks/bench_archon_selfplay.py --games 10 --json
"""
from __future__ import annotations

import argparse
import collections
import json
import random
import statistics
import sys
import time

import archwk
from archwk.games.archon.constants import LOCATIONS
from archwk.games.archon.game import quiet
from archwk.games.archon.play.heuristic import HeuristicBot


class RandomBot:
    def __init__(self, seed):
        self.rng = random.Random(seed)

    def choose(self, s):
        return self.rng.choice(s.legal_actions())


class OneTrack(HeuristicBot):
    """Places at `location` whenever it can; the heuristic player otherwise."""

    def __init__(self, seed, location):
        super().__init__(seed)
        self.location = location

    def choose(self, s):
        if s.decision in ("turn", "scribe"):
            there = [a for a in s.legal_actions() if a.kind == "place" and a.location == self.location]
            if there:
                return there[0]
        return super().choose(s)


def play(n, seed, bots):
    s = quiet(archwk.new_game(n, seed=seed, game="archon"))
    chosen = collections.Counter()
    decisions = 0
    while not s.is_over:
        a = bots[s.current_player].choose(s)
        chosen[a.location if a.kind == "place" else a.kind] += 1
        s = s.apply(a)
        decisions += 1
    return s, chosen, decisions


def selfplay(n, games):
    totals, wins, lengths = [], collections.Counter(), []
    chosen = collections.Counter()
    held, held_won = collections.Counter(), collections.Counter()
    for g in range(games):
        s, c, d = play(n, 1000 * n + g, [HeuristicBot(10 * g + i) for i in range(n)])
        chosen.update(c)
        lengths.append(d)
        win = archwk.winners(s)
        totals += [sc.total for sc in archwk.final_scores(s)]
        for w in win:
            wins[w] += 1 / len(win)
        for i, p in enumerate(s.players):
            for t in p.tiles:
                held[t] += 1
                held_won[t] += (i in win) / len(win)
    return {
        "players": n, "games": games, "score_mean": round(statistics.mean(totals), 1),
        "score_sd": round(statistics.pstdev(totals), 1), "score_min": min(totals), "score_max": max(totals),
        "win_rate_by_seat": [round(wins[i] / games, 2) for i in range(n)],
        "decisions_mean": round(statistics.mean(lengths)),
        "chosen": dict(chosen.most_common()),
        "tiles": {t: {"held": held[t], "holder_win_rate": round(held_won[t] / held[t], 2)} for t in held},
        "base_win_rate": round(1 / n, 2),
    }


def one_track(games):
    out = {}
    for loc in LOCATIONS:
        won = 0.0
        for g in range(games):
            seat = g % 2
            bots = [HeuristicBot(g), HeuristicBot(g + 1)]
            bots[seat] = OneTrack(g, loc)
            s, _, _ = play(2, 5000 + g, bots)
            win = archwk.winners(s)
            won += (seat in win) / len(win)
        out[loc] = round(won / games, 2)
    return out


def random_vs_heuristic(games):
    won = 0.0
    for g in range(games):
        seat = g % 2
        bots = [HeuristicBot(g), HeuristicBot(g + 1)]
        bots[seat] = RandomBot(g)
        s, _, _ = play(2, 7000 + g, bots)
        win = archwk.winners(s)
        won += (seat in win) / len(win)
    return round(won / games, 2)


def random_speed(seconds=5.0):
    t0, decisions, g = time.perf_counter(), 0, 0
    while time.perf_counter() - t0 < seconds:
        s = quiet(archwk.new_game(2 + g % 3, seed=g, game="archon"))
        rng = random.Random(g)
        while not s.is_over:
            s = s.apply(rng.choice(s.legal_actions()))
            decisions += 1
        g += 1
    return round(decisions / (time.perf_counter() - t0))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=20, help="games per table (default 20)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    out = {"selfplay": [selfplay(n, max(2, args.games // (n - 1))) for n in (2, 3, 4)],
           "one_track_win_rate": one_track(max(2, args.games // 2)),
           "random_vs_heuristic_win_rate": random_vs_heuristic(args.games),
           "random_decisions_per_second": random_speed()}
    text = json.dumps(out, indent=1)
    print(text, file=sys.stderr if args.json else sys.stdout)
    if args.json:
        print(json.dumps(out))


if __name__ == "__main__":
    main()
