"""How strong is the expert bot against the heuristic bot? (issue 13)

Two matches (reported figures, not timed tests), of Architects or (``--game archon``)
of Archon, where the expert searches with Archon's evaluator
(`archwk.games.archon.play.heuristic.position_value`) against Archon's heuristic bot:

* 2-player: expert vs heuristic, the expert's seat swapped every other game;
* 4-player: the expert and three heuristic bots, the expert's seat rotated.

Game i of a match is set up with seed `base + i`, the expert sits at seat
`seed % players` (`(seed + K) % players` with ``--seat-offset K``) and the bots are
seeded from it, so a run is reproducible up to the clock (the expert's budget is time).
Seat and seed go together, so a seat that wins less may only have drawn harder
deals: ``--seat-offset`` plays the same seeds with the expert in another seat
(``--seed-step 4`` plays every fourth seed, so one seat's seeds of a 4-player run), and
``--compare A.json B.json`` sets the games of two files side by side, seed by seed.
For each match: the expert's win rate with a 95% Wilson interval (a shared win
counts as 1/k for each of the k winners), the score distribution (min,
quartiles, max) of the expert and of all seats, game length in turns and
decisions, the expert's decision time (mean and max over decisions where it
searched), and whether any game reached the stalemate backstop
(`archwk.games.architects.play.heuristics.STALEMATE_TURNS`) or did not end. Results are printed and
written as JSON (``--out``), after every game, with a fingerprint of the archwk
code played. A long run can be spread over several sittings (other seeds, e.g.
``--seed 13200``) and joined with ``--merge``, which refuses files of other
settings or other code.

    nice -n 10 python benchmarks/bench_strength.py --seconds 1 --games 200 --jobs 1
    python benchmarks/bench_strength.py --seconds 0.1 --games 20 --jobs 2 --matches 2p
    python benchmarks/bench_strength.py --seconds 0.1 --param rollout=0 --param exploration=0.7
    python benchmarks/bench_strength.py --merge a.json b.json --out strength.json
    python benchmarks/bench_strength.py --matches 4p --seed 61000 --games 48 --seat-offset 1 --out shifted.json
    python benchmarks/bench_strength.py --compare strength.json shifted.json --matches 4p
    python benchmarks/bench_strength.py --matches 4p --seed 61000 --seed-step 4 --games 12 --out seat1.json
    nice -n 10 python benchmarks/bench_strength.py --game archon --seconds 0.25 --games 24 --out archon.json
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from multiprocessing import Pool
from pathlib import Path

MATCHES = ("2p", "4p")
STALEMATE = 100  # archwk.games.architects.play.heuristics.STALEMATE_TURNS, checked in play_game


def play_game(task: tuple) -> dict:
    """One game: (players, seed, expert seat, expert keyword arguments[, game name])."""
    import archwk
    from archwk.ai.bots import HeuristicBot
    from archwk.ai.expert import ExpertBot
    from archwk.games.architects.play.heuristics import STALEMATE_TURNS
    players, seed, seat, params = task[:4]
    game = task[4] if len(task) > 4 else "architects"
    assert STALEMATE_TURNS == STALEMATE
    s = archwk.new_game(players, seed=seed, game=game)
    final_scores, winners = s.game.final_scores, s.game.winners
    expert = ExpertBot(seed, **params)
    bots = [expert if i == seat else HeuristicBot(seed * 10 + i) for i in range(players)]
    times: list[float] = []
    iters: list[int] = []
    decisions = 0
    t0 = time.perf_counter()
    while not s.is_over and decisions < 20_000:
        p = s.current_player
        assert p is not None  # the game is not over
        if p == seat:
            t = time.perf_counter()
            a = expert.choose(s)
            dt = time.perf_counter() - t
            if expert.last_iterations:
                times.append(dt)
                iters.append(expert.last_iterations)
        else:
            a = bots[p].choose(s)
        s = s.apply(a)
        decisions += 1
    w = winners(s) if s.is_over else []
    # Archon has no stalemate backstop: its games end after the third Season
    turns = s.turn_no if game == "architects" else s.game.game_facts(s)["turns"]
    return {
        "players": players, "seed": seed, "seat": seat, "over": s.is_over,
        "backstop": (not s.is_over) or (game == "architects" and s.turn_no > STALEMATE_TURNS * players),
        "expert_backstop": expert.backstop_used,
        "turns": turns, "decisions": decisions,
        "scores": [sc.total for sc in final_scores(s)],
        "winners": w, "expert_share": (1.0 / len(w)) if seat in w else 0.0,
        "search_times": times, "iterations": iters, "seconds": time.perf_counter() - t0,
    }


def _dist(xs) -> dict:
    xs = sorted(xs)
    if not xs:
        return {}
    q = statistics.quantiles(xs, n=4, method="inclusive") if len(xs) > 1 else [xs[0]] * 3
    return {"min": xs[0], "q1": q[0], "median": q[1], "q3": q[2], "max": xs[-1],
            "mean": statistics.fmean(xs)}


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable of `df` degrees of freedom (closed forms:
    even df a Poisson sum, odd df erfc plus a series).

    >>> round(chi2_sf(3.841, 1), 3), round(chi2_sf(5.991, 2), 3), round(chi2_sf(7.815, 3), 3)
    (0.05, 0.05, 0.05)
    """
    import math
    if x <= 0:
        return 1.0
    h = x / 2
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for i in range(1, df // 2):
            term *= h / i
            total += term
        return math.exp(-h) * total
    total, term = 0.0, math.sqrt(2 * x / math.pi)
    for i in range(df // 2):
        if i:
            term *= x / (2 * i + 1)
        total += term
    return math.erfc(math.sqrt(h)) + math.exp(-h) * total


def seat_test(games: list[dict]) -> dict | None:
    """Does the expert's win rate depend on its seat? A chi-square test of the
    seats' wins and losses (shares of shared wins) against one rate for all seats;
    None with fewer than two seats or no win or no loss."""
    seats = sorted({g["seat"] for g in games})
    n = len(games)
    wins = sum(g["expert_share"] for g in games)
    if len(seats) < 2 or not 0 < wins < n:
        return None
    rate, x = wins / n, 0.0
    for k in seats:
        nk = sum(1 for g in games if g["seat"] == k)
        wk = sum(g["expert_share"] for g in games if g["seat"] == k)
        x += (wk - nk * rate) ** 2 / (nk * rate) + ((nk - wk) - nk * (1 - rate)) ** 2 / (nk * (1 - rate))
    return {"chi2": x, "df": len(seats) - 1, "p": chi2_sf(x, len(seats) - 1)}


def summarise(match: str, games: list[dict]) -> dict:
    from archwk.ai.evaluate import wilson  # 95% Wilson interval (a shared win counts as a share)
    n = len(games)
    wins = sum(g["expert_share"] for g in games)
    lo, hi = wilson(wins, n)
    times = [t for g in games for t in g["search_times"]]
    iters = [k for g in games for k in g["iterations"]]
    return {
        "match": match, "games": n, "expert_wins": wins, "win_rate": wins / n if n else 0.0,
        "interval95": [lo, hi], "fair_share": 1.0 / games[0]["players"] if games else None,
        "expert_scores": _dist([g["scores"][g["seat"]] for g in games]),
        "all_scores": _dist([x for g in games for x in g["scores"]]),
        "heuristic_scores": _dist([x for g in games for i, x in enumerate(g["scores"]) if i != g["seat"]]),
        "turns": _dist([g["turns"] for g in games]),
        "decisions": _dist([g["decisions"] for g in games]),
        "decision_time": {"searched": len(times), "mean": statistics.fmean(times) if times else 0.0,
                          "max": max(times, default=0.0)},
        "iterations": _dist(iters),
        "backstop_games": sum(1 for g in games if g["backstop"]),
        "expert_backstop_games": sum(1 for g in games if g.get("expert_backstop")),
        "unfinished_games": sum(1 for g in games if not g["over"]),
        "by_seat": {str(k): {"games": sum(1 for g in games if g["seat"] == k),
                             "wins": sum(g["expert_share"] for g in games if g["seat"] == k)}
                    for k in sorted({g["seat"] for g in games})},
        "seat_test": seat_test(games),
    }


def compare(a: dict, b: dict, match: str) -> dict:
    """The games of match `match` in two results files that share a seed, set side
    by side: for each seat the expert sat in in `a`, how it fared there (in `a`) and
    on the same seeds in `b` (and in which seats it sat there); and for each seat in
    `b` the same the other way round. A seat that wins less in `a` but whose seeds are
    won as often as the others' in `b` is a weaker seat; one whose seeds are lost in
    `b` too drew harder deals."""
    ga = {g["seed"]: g for g in a.get("games", {}).get(match, [])}
    gb = {g["seed"]: g for g in b.get("games", {}).get(match, [])}
    common = sorted(set(ga) & set(gb))

    def side(first: dict, second: dict) -> dict:
        out: dict = {}
        for seed in common:
            row = out.setdefault(str(first[seed]["seat"]), {"games": 0, "wins_here": 0.0, "wins_other_seat": 0.0,
                                                            "other_seats": set()})
            row["games"] += 1
            row["wins_here"] += first[seed]["expert_share"]
            row["wins_other_seat"] += second[seed]["expert_share"]
            row["other_seats"].add(second[seed]["seat"])
        return {k: dict(row, other_seats=sorted(row["other_seats"])) for k, row in sorted(out.items())}
    return {"match": match, "common_seeds": len(common), "by_seat_in_first": side(ga, gb),
            "by_seat_in_second": side(gb, ga)}


def compare_report(c: dict, names: tuple[str, str]) -> str:
    lines = [f"{c['match']}: {c['common_seeds']} seeds played in both files"]
    for key, (this, other) in (("by_seat_in_first", names), ("by_seat_in_second", names[::-1])):
        for k, row in c[key].items():
            seats = " and ".join(str(x + 1) for x in row["other_seats"])
            lines.append(f"  seeds where the expert sat in seat {int(k) + 1} in {this}: won {row['wins_here']:.1f} "
                         f"of {row['games']} there, {row['wins_other_seat']:.1f} in {other} "
                         f"(seat{'s' if len(row['other_seats']) > 1 else ''} {seats})")
    return "\n".join(lines)


def _fmt(d: dict) -> str:
    if not d:
        return "-"
    return f"{d['min']:.0f} / {d['q1']:.1f} / {d['median']:.1f} / {d['q3']:.1f} / {d['max']:.0f}"


def report(r: dict) -> str:
    lo, hi = r["interval95"]
    lines = [
        f"{r['match']}: expert won {r['expert_wins']:.1f} of {r['games']} games = {100 * r['win_rate']:.1f}% "
        f"(95% interval {100 * lo:.1f}-{100 * hi:.1f}%; a fair seat wins {100 * r['fair_share']:.0f}%)",
        f"  expert VP   min/q1/median/q3/max: {_fmt(r['expert_scores'])}",
        f"  heuristic VP min/q1/median/q3/max: {_fmt(r['heuristic_scores'])}",
        f"  all seats VP min/q1/median/q3/max: {_fmt(r['all_scores'])}",
        f"  turns: {_fmt(r['turns'])}   decisions: {_fmt(r['decisions'])}",
        f"  expert decision time: mean {r['decision_time']['mean']:.3f} s, max {r['decision_time']['max']:.3f} s "
        f"over {r['decision_time']['searched']} searched decisions; iterations median "
        f"{r['iterations'].get('median', 0):.0f}",
        f"  games past the stalemate turn ({STALEMATE} turns a player, where the bots' backstop starts): "
        f"{r['backstop_games']}; games where the expert used it: {r['expert_backstop_games']}; "
        f"unfinished: {r['unfinished_games']}",
        "  by expert seat: " + ", ".join(f"seat {int(k) + 1}: {v['wins']:.1f}/{v['games']}"
                                          for k, v in r["by_seat"].items())
        + (f" (one rate for every seat: chi-square {r['seat_test']['chi2']:.1f} on {r['seat_test']['df']} "
           f"degrees of freedom, p = {r['seat_test']['p']:.3f})" if r.get("seat_test") else ""),
    ]
    return "\n".join(lines)


def _value(text: str):
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return {"none": None, "true": True, "false": False}.get(text.lower(), text)


def _save(path: str, results: dict, match: str, games: list[dict]) -> dict:
    """Put the match's summary and games (so far) into `results` and write the file."""
    r = summarise(match, games)
    results["matches"] = [m for m in results["matches"] if m["match"] != match] + [r]
    results.setdefault("games", {})[match] = games
    with open(path, "w") as f:
        json.dump(results, f, indent=1)
    return r


#: what a match game imports (`play_game`): the fingerprint covers these modules' code
_PLAYED_IMPORTS = ("import archwk, archwk.ai.bots, archwk.ai.expert, archwk.games.architects.scoring, "
                   "archwk.games.architects.play.heuristics, archwk.games.architects.play.expert, "
                   "archwk.games.architects.play.determinize, archwk.games.architects.play.roles")
#: and what an Archon match imports besides
_PLAYED_IMPORTS_ARCHON = ", archwk.games.archon.play.heuristic, archwk.games.archon.play.determinize"


def code_fingerprint(root: Path | None = None, game: str = "architects") -> str:
    """A digest of the archwk code a match plays: the source of every archwk module
    a game of it imports (the rules, the bots, the expert; listed by a fresh
    interpreter) and the card data. Runs merge only when they played the same code
    (a run may be spread over several sittings); code no match runs (the coach,
    the win-chance model, the command line) may change in between. By default, of
    the archwk this process imports and so plays (PYTHONPATH counts), wherever it is."""
    if root is None:
        import archwk
        root = Path(archwk.__file__).resolve().parent.parent
    pkg = root / "archwk"
    played = _PLAYED_IMPORTS + (_PLAYED_IMPORTS_ARCHON if game == "archon" else "")
    probe = (f"{played}\nimport sys\n"
             "for name, m in sorted(sys.modules.items()):\n"
             "    if (name == 'archwk' or name.startswith('archwk.')) and getattr(m, '__file__', None):\n"
             "        print(m.__file__)\n")
    env = dict(os.environ, PYTHONPATH=str(pkg.parent))
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True,
                         cwd=str(pkg.parent))
    files = {Path(line).resolve() for line in out.stdout.splitlines() if line}
    files |= set(pkg.glob("games/*/data/*.toml"))
    h = hashlib.sha256()
    for f in sorted(files):
        rel = f.relative_to(pkg.resolve())
        h.update(str(rel).encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def merge(paths: list[str], out: str) -> int:
    """One table from several results files (e.g. runs of other seeds with the same settings)."""
    docs = [json.loads(Path(p).read_text()) for p in paths]
    params = {json.dumps([d["params"], d.get("game", "architects"), d.get("seat_offset", 0)], sort_keys=True)
              for d in docs}
    if len(params) != 1:
        print(f"merge: the files were run with different settings: {sorted(params)}", file=sys.stderr)
        return 2
    codes = {d.get("code") for d in docs}
    if len(codes) != 1 or None in codes:
        print("merge: the files were not all played by the same archwk code "
              f"(code fingerprints: {sorted(map(str, codes))})", file=sys.stderr)
        return 2
    results = {"params": docs[0]["params"], "game": docs[0].get("game", "architects"), "code": docs[0]["code"],
               "seat_offset": docs[0].get("seat_offset", 0), "merged_from": paths, "matches": [],
               "games": {}}
    for match in MATCHES:
        games = [g for d in docs for g in d.get("games", {}).get(match, [])]
        seeds = [g["seed"] for g in games]
        if len(set(seeds)) != len(seeds):
            print(f"merge: the {match} games repeat a seed", file=sys.stderr)
            return 2
        if games:
            print(report(_save(out, results, match, games)))
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20, help="games per match")
    ap.add_argument("--game", default="architects", help="the game played (architects or archon)")
    ap.add_argument("--seconds", type=float, default=1.0, help="the expert's seconds per decision")
    ap.add_argument("--iterations", type=int, default=None, help="an iterations cap per decision")
    ap.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                    help="another ExpertBot keyword argument (repeatable)")
    ap.add_argument("--matches", nargs="+", choices=MATCHES, default=list(MATCHES))
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=13_000)
    ap.add_argument("--seed-step", type=int, default=1, metavar="K",
                    help="game i has seed base + K*i (default 1)")
    ap.add_argument("--seat-offset", type=int, default=0, metavar="K",
                    help="the expert sits at seat (seed + K) %% players (default 0)")
    ap.add_argument("--out", default="bench_strength.json", help="JSON results file")
    ap.add_argument("--compare", nargs=2, metavar="JSON",
                    help="only set the games two results files share, seed by seed and seat by seat")
    ap.add_argument("--merge", nargs="+", metavar="JSON",
                    help="only merge the games of earlier results files (runs of the same settings) into --out")
    args = ap.parse_args(argv)
    if args.seed_step < 1:
        ap.error("--seed-step must be 1 or more")
    if args.merge:
        return merge(args.merge, args.out)
    if args.compare:
        docs = [json.loads(Path(p).read_text()) for p in args.compare]
        for match in args.matches:
            print(compare_report(compare(docs[0], docs[1], match), (args.compare[0], args.compare[1])))
        return 0
    params: dict = {"seconds": args.seconds, "iterations": args.iterations}
    for item in args.param:
        name, _, text = item.partition("=")
        params[name.strip()] = _value(text.strip())
    results = {"params": params, "game": args.game, "code": code_fingerprint(game=args.game),
               "games_per_match": args.games, "jobs": args.jobs, "seed": args.seed,
               "seat_offset": args.seat_offset, "seed_step": args.seed_step,
               "machine": {"python": platform.python_version(), "cpus": os.cpu_count()},
               "started": time.strftime("%Y-%m-%d %H:%M:%S"), "matches": []}
    t0 = time.time()
    for match in args.matches:
        players = 2 if match == "2p" else 4
        # the expert's seat follows the seed, so runs of consecutive seeds over several sittings rotate it evenly
        seeds = [args.seed + args.seed_step * i for i in range(args.games)]
        tasks = [(players, seed, (seed + args.seat_offset) % players, params)
                 + (() if args.game == "architects" else (args.game,)) for seed in seeds]
        games = []
        pool = Pool(args.jobs) if args.jobs > 1 else None
        try:
            it = pool.imap(play_game, tasks, chunksize=1) if pool else map(play_game, tasks)
            for g in it:
                games.append(g)
                print(f"  {match} game {len(games)}/{len(tasks)}: seed {g['seed']}, expert seat {g['seat'] + 1}, "
                      f"scores {g['scores']}, winners {[w + 1 for w in g['winners']]}, {g['turns']} turns",
                      file=sys.stderr, flush=True)
                _save(args.out, results, match, games)
        finally:
            if pool:
                pool.terminate()
        r = _save(args.out, results, match, games)
        r["wall_seconds"] = time.time() - t0
        print(report(r), flush=True)
    print(f"wall time {time.time() - t0:.0f} s; results in {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
