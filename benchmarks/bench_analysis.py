"""How fast is the analysis, and how strong are the bots? (issue 6)

Four parts, each printed as a table (reported figures, not timed tests):

1. rollouts: `archwk.ai.evaluate.evaluate_actions` from a mid-game 4-player
   position (heuristic bots play a game until half the Guildhall is full, then
   the next worker placement): 1,000 rollouts in all, spread over the legal
   actions, at several rollout depths; rollouts per second (best of 3 runs).
   Target: 1,000 rollouts in at most 2 s at the default depth.
1b. mcts: search-bot iterations per second from that position.
2. simulate: `archwk.ai.simulate.run` throughput (games per second) with 1 and 2
   jobs, for random bots and for heuristic bots.
3. strength: win rates of each bot against each other one, in 2-player games
   (seats swapped every other game) and 4-player games (two of each, seats
   alternating), run with `--jobs` processes. A shared win counts for every
   winner.

    python benchmarks/bench_analysis.py                      # everything (about 10 minutes on 2 cores)
    python benchmarks/bench_analysis.py --parts rollouts simulate
    python benchmarks/bench_analysis.py --games 40 --mcts-games 8 --json

With ``--json`` the tables go to stderr and stdout is one JSON line.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import platform
import sys
import time

PARTS = ("rollouts", "mcts", "simulate", "strength")


def mid_game(players: int = 4, seed: int = 2026):
    import archwk
    from archwk.bots import HeuristicBot
    s = archwk.new_game(players, seed=seed)
    bots = [HeuristicBot(seed + i) for i in range(players)]
    half = 2 * (players + 1)  # half of the 4 x (n+1) Guildhall spaces
    while not s.is_over and (len(s.guildhall) < half or s.decision != "place"):
        s = s.apply(bots[s.current_player].choose(s))
    return s


def bench_rollouts(total: int, depths, seed: int, repeat: int = 3) -> dict:
    from archwk.ai.evaluate import DEFAULT_DEPTH, evaluate_actions
    s = mid_game()
    acts = s.legal_actions()
    per = math.ceil(total / len(acts))
    rows = []
    for depth in depths:
        dt = float("inf")
        for _ in range(repeat):  # the best of a few runs: the machine is shared
            t0 = time.perf_counter()
            vals = evaluate_actions(s, rollouts=per, seed=seed, depth=depth)
            dt = min(dt, time.perf_counter() - t0)
        n = sum(v.n for v in vals)
        rows.append({"depth": depth, "rollouts": n, "seconds": dt, "per_second": n / dt,
                     "seconds_per_1000": 1000 * dt / n})
    return {"position": repr(s), "actions": len(acts), "rollouts_per_action": per,
            "default_depth": DEFAULT_DEPTH, "rows": rows}


def bench_mcts(iterations: int, decisions: int, seed: int, repeat: int = 3) -> dict:
    """MCTS iterations per second: the search bot (`MCTSBot`, no rollout after
    the leaf) choosing at the mid-game position and the `decisions` - 1
    decisions that follow it (played by its own choices); best of `repeat`."""
    from archwk.ai.bots import MCTSBot
    start = mid_game()
    dt = float("inf")
    done = 0
    for _ in range(repeat):
        bot = MCTSBot(seed, iterations=iterations)
        s, n, searched = start, 0, 0
        t0 = time.perf_counter()
        while n < decisions and not s.is_over:
            if len(s.legal_actions()) > 1:
                searched += 1
            s = s.apply(bot.choose(s))
            n += 1
        dt = min(dt, time.perf_counter() - t0)
        done = searched * iterations
    return {"iterations": iterations, "decisions": decisions, "searched_decisions": done // iterations,
            "seconds": dt, "iterations_per_second": done / dt}


def bench_simulate(games: int, heuristic_games: int, seed: int) -> list[dict]:
    from archwk.ai.simulate import run
    rows = []
    for bots, n in ((("random",), games), (("heuristic",), heuristic_games)):
        for jobs in (1, 2):
            t0 = time.perf_counter()
            recs = run(4, n, seed, bots, jobs=jobs)
            dt = time.perf_counter() - t0
            rows.append({"bots": ",".join(bots), "players": 4, "games": n, "jobs": jobs, "seconds": dt,
                         "games_per_second": n / dt,
                         "decisions_per_game": sum(r["decisions"] for r in recs) / len(recs)})
    return rows


def pairing(a: str, b: str, players: int, games: int, seed: int, jobs: int) -> dict:
    """Bot a against bot b: half the games with a in the first seat."""
    from archwk.ai.simulate import run
    first = (a, b)
    second = (b, a)
    t0 = time.perf_counter()
    recs = run(players, games - games // 2, seed, first, jobs=jobs)
    recs += run(players, games // 2, seed + 7919, second, jobs=jobs)
    dt = time.perf_counter() - t0
    won = {a: [0, 0], b: [0, 0]}
    vp = {a: [], b: []}
    for r in recs:
        for x in r["seats"]:
            won[x["bot"]][0] += x["won"]
            won[x["bot"]][1] += 1
            vp[x["bot"]].append(x["total"])
    games_won = {k: sum(1 for r in recs if any(x["won"] and x["bot"] == k for x in r["seats"])) for k in (a, b)}
    return {"a": a, "b": b, "players": players, "games": len(recs), "seconds": dt,
            "a_games_won": games_won[a] / len(recs), "b_games_won": games_won[b] / len(recs),
            "a_seat_win": won[a][0] / won[a][1], "b_seat_win": won[b][0] / won[b][1],
            "a_mean_vp": sum(vp[a]) / len(vp[a]), "b_mean_vp": sum(vp[b]) / len(vp[b]),
            "mean_decisions": sum(r["decisions"] for r in recs) / len(recs)}


def bench_strength(games: int, mcts_games: int, mcts_iterations: int, seed: int, jobs: int,
                   mcts_against=("heuristic", "random", "fast")) -> list[dict]:
    mcts = f"mcts:{mcts_iterations}"
    half = max(2, mcts_games // 2) if mcts_games > 0 else 0
    plan = [("heuristic", "random", games), ("fast", "random", games), ("heuristic", "fast", games)]
    plan += [(mcts, b, mcts_games if b == "heuristic" else half) for b in mcts_against]
    rows = []
    for players in (2, 4):
        for a, b, n in plan:
            if n <= 0:
                continue
            row = pairing(a, b, players, n, seed, jobs)
            rows.append(row)
            print(f"  .. {a} vs {b}, {players} players, {row['games']} games: {row['seconds']:.0f} s",
                  file=sys.stderr, flush=True)
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--parts", nargs="+", choices=PARTS, default=list(PARTS))
    ap.add_argument("--rollouts", type=int, default=1000, help="rollouts in all, for part 1")
    ap.add_argument("--depths", default="10,20,24,30,50", help="rollout depths for part 1")
    ap.add_argument("--sim-games", type=int, default=200, help="random-bot games for part 2")
    ap.add_argument("--sim-heuristic-games", type=int, default=16, help="heuristic-bot games for part 2")
    ap.add_argument("--games", type=int, default=60, help="games per pairing without the search bot "
                                                            "(0: none)")
    ap.add_argument("--mcts-games", type=int, default=10,
                    help="games per pairing of the search bot with the heuristic bot (half that against "
                         "the random and fast bots; 0: none)")
    ap.add_argument("--mcts-iterations", type=int, default=100)
    ap.add_argument("--mcts-decisions", type=int, default=8, help="decisions the search bot plays in part 1b")
    ap.add_argument("--mcts-against", default="heuristic,random,fast",
                    help="the bots the search bot plays against")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    out = sys.stderr if args.json else sys.stdout
    result = {"python": platform.python_version(), "machine": platform.machine(), "cpus": os.cpu_count(),
              "load_average_start": os.getloadavg()}
    t_all = time.perf_counter()

    if "rollouts" in args.parts:
        depths = [None if d in ("none", "full") else int(d) for d in args.depths.split(",")]
        r = bench_rollouts(args.rollouts, depths, args.seed)
        result["rollouts"] = r
        print(f"\n1. Move evaluation from a mid-game 4-player position ({r['actions']} legal actions, "
              f"{r['rollouts_per_action']} rollouts each; default depth {r['default_depth']})", file=out)
        print(f"   {r['position']}", file=out)
        print(f"{'depth':>8}{'rollouts':>10}{'seconds':>9}{'rollouts/s':>12}{'s per 1000':>12}", file=out)
        for row in r["rows"]:
            d = "full" if row["depth"] is None else row["depth"]
            print(f"{d:>8}{row['rollouts']:>10}{row['seconds']:>9.2f}{row['per_second']:>12.0f}"
                  f"{row['seconds_per_1000']:>12.2f}", file=out)

    if "mcts" in args.parts:
        r = bench_mcts(args.mcts_iterations, args.mcts_decisions, args.seed)
        result["mcts"] = r
        print(f"\n1b. Search bot from the same position: {r['decisions']} decisions, "
              f"{r['searched_decisions']} searched with {r['iterations']} iterations each", file=out)
        print(f"   {r['seconds']:.2f} s, {r['iterations_per_second']:.0f} iterations/s (best of 3)", file=out)

    if "simulate" in args.parts:
        rows = bench_simulate(args.sim_games, args.sim_heuristic_games, args.seed)
        result["simulate"] = rows
        print("\n2. Batch simulation throughput (4 players)", file=out)
        print(f"{'bots':<12}{'games':>7}{'jobs':>6}{'seconds':>9}{'games/s':>9}{'decisions/game':>16}", file=out)
        for row in rows:
            print(f"{row['bots']:<12}{row['games']:>7}{row['jobs']:>6}{row['seconds']:>9.1f}"
                  f"{row['games_per_second']:>9.2f}{row['decisions_per_game']:>16.0f}", file=out)

    if "strength" in args.parts:
        rows = bench_strength(args.games, args.mcts_games, args.mcts_iterations, args.seed, args.jobs,
                              tuple(b for b in args.mcts_against.split(",") if b))
        result["strength"] = rows
        print(f"\n3. Bot strength (A against B; 2 players: seats swapped every other game; 4 players: "
              f"two of each, seats alternating; {args.jobs} jobs)", file=out)
        print(f"{'A':<11}{'B':<11}{'players':>8}{'games':>7}{'A wins':>8}{'B wins':>8}{'A VP':>7}{'B VP':>7}"
              f"{'decisions':>10}{'seconds':>9}", file=out)
        for row in rows:
            print(f"{row['a']:<11}{row['b']:<11}{row['players']:>8}{row['games']:>7}{row['a_seat_win']:>8.0%}"
                  f"{row['b_seat_win']:>8.0%}{row['a_mean_vp']:>7.1f}{row['b_mean_vp']:>7.1f}"
                  f"{row['mean_decisions']:>10.0f}{row['seconds']:>9.0f}", file=out)
        print("   A/B wins: share of that bot's seats that won (4 players: a fair share is 25%).", file=out)

    result["seconds"] = time.perf_counter() - t_all
    result["load_average_end"] = os.getloadavg()
    print(f"\ntotal {result['seconds']:.0f} s; load average at start {result['load_average_start'][0]:.1f}, "
          f"at end {result['load_average_end'][0]:.1f}", file=out)
    if args.json:
        print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
