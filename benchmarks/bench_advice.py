"""Is a short hint as good as a long one? (issue 24, "faster advice")

On a fixed set of positions (heuristic self-play of 2 to 4 players, seeds no model is
trained on, at a placement with at least three choices the coach weighs, spread over the
game), a long look (`--reference` seconds, default 8) is the reference: its first choice,
and its chance for every choice. For each budget (`--budgets`, default 1 and 2 seconds)
the hint's first choice is compared with it:

* agreement: how often the hint's first choice is the reference's;
* regret: the reference's chance of its first choice less its chance of the hint's first
  choice, in percentage points (0 when they agree), mean and worst.

With `--share` the search's share of the time (`archwk.ai.coach.SEARCH_SHARE`) is varied
too. The coach's budgets are time: run it on a quiet machine (the load is printed).

    .venv/bin/python benchmarks/bench_advice.py --positions 30
    .venv/bin/python benchmarks/bench_advice.py --positions 30 --budgets 1 2 --share 0.5 0.7 --json out.json
    .venv/bin/python benchmarks/bench_advice.py --positions 30 --first 60   # the next 30 of the same sequence
    .venv/bin/python benchmarks/bench_advice.py --positions 30 --variant 1:0.9 --variant 2:0.5

The coach's share is `SEARCH_SHARE` (0.9 since 2026-12-05; half before): `--variant 2:0.5` is
the 2 s hint as it was, `--variant 1:0.5` the 1 s hint as it was. Each variant's look is taken
afresh (the coach keeps its looks by position, seed and budget, not by share: before
2026-12-05 a second share at the same budget read the first one's look, so the share
comparisons in benchmarks/results/advice.json of 2026-12-03 compared a look with itself).
A third figure sets the search's exploration weight (`archwk.ai.coach.SEARCH_EXPLORATION`;
without it the game's own, as the expert's): since 2026-12-05 Architects' search explores
less in 2-player games (0.7), so `--variant 2:0.5:1.0` is the 2 s hint as the issue found
it, at every player count. The reference look is always the coach's own search.

`--old-code DIR` runs a hint of another checkout too (`--old-seconds`, default 2): the
coach as it was in that commit, in a process of its own that imports DIR's archwk and
reads each position as a save (its legal choices must read the same there, or the run
stops). With `git worktree add ../old 02ef228^` (the last commit before work on issue
24 began, whose hint searched half of its 2 s with the search of that day) that is
"today's 2 s hint" of the issue, on its own code, judged by today's long look.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BASE_SEED = 31_000  # the win-chance model trains on seeds 1.. and is checked on 777
#: the search's share of the reference look's time (half, as the coach's was until 2026-12-05)
REFERENCE_SHARE = 0.5


def positions(n: int, game: str = "architects") -> list:
    """`n` positions: seed BASE_SEED + i, 2 to 4 players, a random point of the game."""
    import archwk
    from archwk.ai.bots import HeuristicBot
    from archwk.ai.roles import PlaySide
    out = []
    i = 0
    while len(out) < n:
        seed = BASE_SEED + i
        i += 1
        rng = random.Random(seed)
        players = 2 + i % 3
        s = archwk.new_game(players, seed=seed, game=game)
        bots = [HeuristicBot(seed + k) for k in range(players)]
        side = PlaySide(s.game)
        target = rng.randint(30, 60 * players)
        k = 0
        while not s.is_over:
            if k >= target and not side.leave_to_heuristic(s) \
                    and len(side.candidates(s, s.legal_actions())) >= 3:
                break
            s = s.apply(bots[s.current_player].choose(s))
            k += 1
        if not s.is_over:
            out.append(s)
    return out


def _variant(text: str) -> tuple[float, float, float | None]:
    parts = text.split(":")
    if len(parts) not in (2, 3):
        raise ValueError(text)
    return float(parts[0]), float(parts[1]), float(parts[2]) if len(parts) == 3 else None


def _name(b: float, sh: float, x: float | None) -> str:
    return f"{b:g}s/{sh:g}" + ("" if x is None else f"/x{x:g}")


#: the old-code hint's process: reads a JSON line {"save", "seconds", "seed", "choices"} and
#: answers {"first": the index of the hint's first choice among the legal ones} (or {"error"})
_WORKER = r"""
import json, sys
import archwk
from archwk.ai import coach
from archwk.games.architects import record
for line in sys.stdin:
    q = json.loads(line)
    try:
        s = record.from_json(q["save"], archwk.GameState)
        legal = s.legal_actions()
        if [str(a) for a in legal] != q["choices"]:
            raise ValueError("the legal choices read differently in this code")
        top = coach.hint(s, k=1, seconds=q["seconds"], seed=q["seed"])[0]
        out = {"first": legal.index(top.action), "file": archwk.__file__}
    except Exception as e:  # reported, and the benchmark stops
        out = {"error": f"{type(e).__name__}: {e}"}
    print(json.dumps(out), flush=True)
"""


class OldHint:
    """Hints of another checkout of archwk (`--old-code`), in a process of its own."""

    def __init__(self, directory: str, seconds: float):
        root = Path(directory).resolve()
        if not (root / "archwk" / "__init__.py").is_file():
            raise SystemExit(f"--old-code: no archwk package in {root}")
        env = dict(os.environ, PYTHONPATH=str(root))
        self.root, self.seconds = root, seconds
        self.proc = subprocess.Popen([sys.executable, "-c", _WORKER], cwd=root, env=env, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def ask(self, query: dict) -> dict:
        """The process's answer to one query (see `_WORKER`)."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(query) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline() or '{"error": "the old code\'s process ended"}')

    def first(self, s, seed: int):
        """The old code's hint's first choice at `s` (one of `s.legal_actions()`)."""
        from archwk.games.architects import record
        legal = s.legal_actions()
        a = self.ask({"save": record.to_json(s), "seconds": self.seconds, "seed": seed,
                      "choices": [str(x) for x in legal]})
        if "error" in a:
            raise SystemExit(f"--old-code: {a['error']}")
        if not a["file"].startswith(str(self.root)):
            raise SystemExit(f"--old-code: the process imported {a['file']}, not the code in {self.root}")
        return legal[a["first"]]

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


def _label(v, old: OldHint | None) -> str:
    """A row's name in the progress lines: a variant's, or the old code's hint's."""
    if v == "old":
        assert old is not None
        return f"old {old.seconds:g}s"
    return _name(*v)


def _run(numbered, variants, rows, args, n_pos, old: OldHint | None = None) -> None:
    from archwk.ai import coach
    for i, s in numbered:  # a position keeps its number and seeds whichever part is run
        coach.SEARCH_SHARE = REFERENCE_SHARE
        ref = coach.assess(s, seconds=args.reference, seed=1000 + i)
        ref_first = ref.hint(1)[0]
        firsts = {}  # each row's first choice here
        for b, sh, x in variants:
            coach.SEARCH_SHARE, coach.SEARCH_EXPLORATION = sh, x
            coach._LOOKS.clear()  # the coach keeps its looks by position, seed and budget, not by share
            firsts[(b, sh, x)] = coach.hint(s, k=1, seconds=b, seed=i)[0].action
            coach.SEARCH_SHARE, coach.SEARCH_EXPLORATION = REFERENCE_SHARE, None
        if old is not None:
            firsts["old"] = old.first(s, seed=i)
        marks = []
        for v, action in firsts.items():  # each judged by the reference look
            ref.value([action], seconds=2.0)
            mine = next(c for c in ref.valued_choices() if c.action == action)
            regret = max(0.0, 100 * (ref_first.win_chance - mine.win_chance))
            rows[v].append({"agree": action == ref_first.action, "regret": regret})
            marks.append(f"{_label(v, old)}: " + ("=" if action == ref_first.action else f"-{regret:.1f}"))
        print(f"  {i + 1}/{args.first + n_pos}: " + ", ".join(marks) + f"  (load {load():.1f})", flush=True)


def _commit(root: Path) -> str | None:
    try:
        return subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None


def load() -> float:
    return os.getloadavg()[0]


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--game", default="architects")
    ap.add_argument("--reference", type=float, default=8.0, help="seconds of the reference look")
    ap.add_argument("--budgets", type=float, nargs="+", default=[1.0, 2.0])
    ap.add_argument("--share", type=float, nargs="+", default=None, help="the search's share(s) of the time")
    ap.add_argument("--variant", action="append", default=None, metavar="SECONDS:SHARE[:EXPLORATION]",
                    help="a budget and search share to run, and the search's exploration weight if not "
                         "the game's own (repeatable; instead of --budgets x --share)")
    ap.add_argument("--first", type=int, default=0,
                    help="skip this many positions of the fixed sequence (a further set, or a run split in parts)")
    ap.add_argument("--players", type=int, nargs="+", default=None,
                    help="only the positions of these player counts (each keeps its number and seeds)")
    ap.add_argument("--old-code", default=None, metavar="DIR",
                    help="also the hint of the archwk checkout in DIR (e.g. a git worktree of an older commit)")
    ap.add_argument("--old-seconds", type=float, default=2.0, help="the old code's hint budget")
    ap.add_argument("--json", default=None)
    args = ap.parse_args(argv)
    if args.old_code is not None and args.game != "architects":
        ap.error("--old-code: Architects positions only")
    if args.old_seconds <= 0:
        ap.error("--old-seconds must be positive")
    from archwk.ai import coach
    pos = positions(args.first + args.positions, args.game)[args.first:]
    shares = args.share or [coach.SEARCH_SHARE]
    variants: list[tuple[float, float, float | None]] = [(b, sh, None) for sh in shares for b in args.budgets]
    if args.variant:
        try:
            variants = [_variant(v) for v in args.variant]
        except (ValueError, IndexError):
            ap.error("--variant takes SECONDS:SHARE or SECONDS:SHARE:EXPLORATION, e.g. 1:0.75 or 2:0.5:1.0")
        if any(b <= 0 or not 0 < sh <= 1 or (x is not None and x <= 0) for b, sh, x in variants):
            ap.error("--variant: the seconds must be positive, the share in (0, 1], the exploration positive")
    rows: dict = {v: [] for v in variants}
    old = None
    if args.old_code is not None:
        rows["old"] = []
        old = OldHint(args.old_code, args.old_seconds)
    numbered = [(i, s) for i, s in enumerate(pos, start=args.first)
                if args.players is None or len(s.players) in args.players]
    print(f"{len(numbered)} positions of {args.game} (from number {args.first + 1}"
          + (f", {' or '.join(map(str, args.players))} players" if args.players else "") + "); "
          f"reference {args.reference:g} s; load {load():.1f}")
    t0 = time.time()
    kept = coach.SEARCH_SHARE, coach.SEARCH_EXPLORATION
    try:
        _run(numbered, variants, rows, args, len(pos), old)
    finally:  # the coach's settings as they were (the bench may run inside another program)
        coach.SEARCH_SHARE, coach.SEARCH_EXPLORATION = kept
        if old is not None:
            old.close()
    out = {"positions": len(numbered), "first": args.first, "players": args.players,
           "reference_s": args.reference, "game": args.game,
           "load_end": round(load(), 1), "minutes": round((time.time() - t0) / 60, 1), "results": []}
    print("\nbudget  share  exploration  agreement  mean regret  worst regret")
    for v, rs in rows.items():
        if v == "old":  # the old code's hint: its budget and where it came from
            assert old is not None
            what = {"seconds": old.seconds, "old_code": {"dir": str(old.root), "commit": _commit(old.root)}}
            share, weight = "old", "the game"
        else:
            b, sh, x = v
            what = {"seconds": b, "search_share": sh} | ({} if x is None else {"exploration": x})
            share, weight = f"{sh:5.2f}", "the game" if x is None else f"{x:g}"
        agree = sum(r["agree"] for r in rs) / len(rs)
        reg = [r["regret"] for r in rs]
        print(f"{what['seconds']:5.1f}s  {share:>5}  {weight:>11}  {agree:8.0%}  "
              f"{statistics.mean(reg):9.2f}  {max(reg):10.1f}")
        res = what | {"agreement": round(agree, 3), "mean_regret_points": round(statistics.mean(reg), 2),
                      "worst_regret_points": round(max(reg), 1),
                      "agreed": [j for j, r in zip((k for k, _ in numbered), rs) if r["agree"]]}
        out["results"].append(res)
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
