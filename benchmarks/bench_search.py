"""How fast is the search core (issue 22: one search core for every game)?

Times `MCTSBot(seed, iterations=N)` and `ExpertBot(seed, seconds=None,
iterations=M)` choosing at fixed positions (2 to 4 players, early, middle and
late game, reached by FastBot play from fixed seeds), each the best of
`--repeat` runs (the machine is shared: the best run is the least disturbed),
in wall-clock and CPU seconds. The choices are printed too: two versions of
the code that search alike must show the same ones.

It uses only the public names (`archwk.bots`), so it runs against an older
checkout too, for a before/after comparison of the same positions:

    python benchmarks/bench_search.py --out after.json
    PYTHONPATH=/path/to/old/checkout python benchmarks/bench_search.py --out before.json
    python benchmarks/bench_search.py --compare before.json after.json

On a shared machine the load drifts between two such runs; `--ab OLD NEW`
(two folders holding an `archwk` package) keeps one process per version and
alternates them search by search, so both meet the same load, and reports
each search's best and median CPU time:

    git archive <commit> archwk | tar -x -C /tmp/old
    python benchmarks/bench_search.py --ab /tmp/old . --rounds 15

Reported figures, never asserted (no timed test).
"""
from __future__ import annotations

import argparse
import json
import platform
import time
from pathlib import Path

#: (players, seed, FastBot decisions played before the search)
POSITIONS = ((2, 1, 40), (2, 8, 160), (3, 2, 90), (3, 7, 230), (4, 3, 60), (4, 10, 300))


def _position(players: int, seed: int, decisions: int):
    import archwk
    s = archwk.new_game(players, seed=seed)
    bot = archwk.bots.FastBot(seed)
    for _ in range(decisions):
        s = s.apply(bot.choose(s))
    while len(s.legal_actions()) < 2 or s.phase != "play":  # a real choice for the search
        s = s.apply(bot.choose(s))
    return s


def _time(make, s, repeat: int) -> tuple[float, float, str]:
    wall = cpu = float("inf")
    choice = ""
    for _ in range(repeat):
        bot = make()
        t0, c0 = time.perf_counter(), time.process_time()
        a = bot.choose(s)
        wall = min(wall, time.perf_counter() - t0)
        cpu = min(cpu, time.process_time() - c0)
        choice = str(a)
    return wall, cpu, choice


def run(iterations: int, expert_iterations: int, repeat: int) -> dict:
    import archwk
    from archwk.bots import ExpertBot, MCTSBot
    rows = []
    for players, seed, decisions in POSITIONS:
        s = _position(players, seed, decisions)
        for bot, make in (("mcts", lambda seed=seed: MCTSBot(seed, iterations=iterations)),
                          ("expert", lambda seed=seed: ExpertBot(seed, seconds=None, iterations=expert_iterations,
                                                                 settle=1e9))):
            wall, cpu, choice = _time(make, s, repeat)
            rows.append({"bot": bot, "players": players, "seed": seed, "decisions": decisions,
                         "legal": len(s.legal_actions()), "wall": wall, "cpu": cpu, "choice": choice})
            print(f"{bot:6} {players}p seed {seed:2} after {decisions:3}: {wall * 1000:7.1f} ms wall "
                  f"{cpu * 1000:7.1f} ms cpu  -> {choice}", flush=True)
    totals = {b: {"wall": sum(r["wall"] for r in rows if r["bot"] == b),
                  "cpu": sum(r["cpu"] for r in rows if r["bot"] == b)} for b in ("mcts", "expert")}
    return {"archwk": archwk.__file__, "python": platform.python_version(), "iterations": iterations,
            "expert_iterations": expert_iterations, "repeat": repeat, "rows": rows, "totals": totals}


def _worker(path: str, iterations: int, expert_iterations: int, conn) -> None:
    """One version of the code (the `archwk` package in `path`): times the search
    asked for (an index into `POSITIONS` x (mcts, expert)) and answers with its
    CPU seconds and choice."""
    import sys
    sys.path.insert(0, path)
    import archwk
    from archwk.bots import ExpertBot, MCTSBot
    cases = []
    for players, seed, decisions in POSITIONS:
        s = _position(players, seed, decisions)
        cases.append((s, lambda seed=seed: MCTSBot(seed, iterations=iterations)))
        cases.append((s, lambda seed=seed: ExpertBot(seed, seconds=None, iterations=expert_iterations,
                                                     settle=1e9)))
    conn.send(archwk.__file__)
    while (i := conn.recv()) is not None:
        s, make = cases[i]
        _, cpu, choice = _time(make, s, 1)
        conn.send((cpu, choice))


def ab(old: str, new: str, iterations: int, expert_iterations: int, rounds: int) -> dict:
    """Both versions, alternating search by search (see the module text)."""
    import multiprocessing as mp
    import statistics
    ctx = mp.get_context("spawn")
    workers = []
    for path in (old, new):
        mine, theirs = ctx.Pipe()
        proc = ctx.Process(target=_worker, args=(str(Path(path).resolve()), iterations, expert_iterations, theirs))
        proc.start()
        workers.append((proc, mine))
    files = [conn.recv() for _, conn in workers]
    print(f"old: {files[0]}\nnew: {files[1]}")
    n = 2 * len(POSITIONS)
    times: list[list[list[float]]] = [[[] for _ in range(n)] for _ in workers]
    choices: list[list[str]] = [["" for _ in range(n)] for _ in workers]
    for r in range(rounds):
        for i in range(n):
            order = (0, 1) if (r + i) % 2 == 0 else (1, 0)
            for w in order:
                workers[w][1].send(i)
                cpu, choice = workers[w][1].recv()
                times[w][i].append(cpu)
                choices[w][i] = choice
    for proc, conn in workers:
        conn.send(None)
        proc.join()
    rows = []
    for i in range(n):
        players, seed, decisions = POSITIONS[i // 2]
        rows.append({"bot": ("mcts", "expert")[i % 2], "players": players, "seed": seed, "decisions": decisions,
                     "same_choice": choices[0][i] == choices[1][i],
                     **{f"{v}_{stat}": f(times[w][i]) for w, v in enumerate(("old", "new"))
                        for stat, f in (("best", min), ("median", statistics.median))}})
    out = {"old": files[0], "new": files[1], "iterations": iterations, "expert_iterations": expert_iterations,
           "rounds": rounds, "rows": rows}
    for bot in ("mcts", "expert"):
        for stat in ("best", "median"):
            o = sum(r[f"old_{stat}"] for r in rows if r["bot"] == bot)
            w = sum(r[f"new_{stat}"] for r in rows if r["bot"] == bot)
            out[f"{bot}_{stat}"] = {"old": o, "new": w, "change": w / o - 1}
            print(f"{bot:6} {stat:6}: old {o:.3f} s cpu, new {w:.3f} s cpu: {100 * (w / o - 1):+.1f} %")
    print(f"same choices: {sum(r['same_choice'] for r in rows)} of {len(rows)}")
    return out


def compare(before: dict, after: dict) -> None:
    same = [a["choice"] == b["choice"] for a, b in zip(before["rows"], after["rows"])]
    print(f"same choices: {sum(same)} of {len(same)}")
    for b in ("mcts", "expert"):
        x, y = before["totals"][b], after["totals"][b]
        print(f"{b:6}: before {x['cpu']:.3f} s cpu ({x['wall']:.3f} wall), after {y['cpu']:.3f} s cpu "
              f"({y['wall']:.3f} wall): {100 * (y['cpu'] / x['cpu'] - 1):+.1f} % cpu")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--iterations", type=int, default=200, help="MCTSBot iterations per decision")
    ap.add_argument("--expert-iterations", type=int, default=100, help="ExpertBot iterations per decision")
    ap.add_argument("--repeat", type=int, default=5, help="runs per position (the best counts)")
    ap.add_argument("--out", help="write the results as JSON here")
    ap.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"), help="compare two result files")
    ap.add_argument("--ab", nargs=2, metavar=("OLD", "NEW"),
                    help="two folders holding an archwk package: time them alternately")
    ap.add_argument("--rounds", type=int, default=10, help="with --ab: searches per position and version")
    args = ap.parse_args()
    if args.ab:
        res = ab(args.ab[0], args.ab[1], args.iterations, args.expert_iterations, args.rounds)
        if args.out:
            with open(args.out, "w") as f:
                json.dump(res, f, indent=1)
        return
    if args.compare:
        with open(args.compare[0]) as f, open(args.compare[1]) as g:
            compare(json.load(f), json.load(g))
        return
    res = run(args.iterations, args.expert_iterations, args.repeat)
    print(f"totals: {res['totals']}")
    if args.out:
        with open(args.out, "w") as f:
            json.dump(res, f, indent=1)


if __name__ == "__main__":
    main()
