"""Batch simulation: many games between bots, one record per game.

Game i uses seed `base_seed * 1_000_003 + i` for its setup and its bots, so the
results for a seed are the same whatever the number of jobs.
"""
from __future__ import annotations

import json
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from .model import Options
from .scoring import ScoreBreakdown, final_scores, winners
from .setup import new_game


def game_seed(base: int, i: int) -> int:
    return base * 1_000_003 + i


def play_one(players: int, seed: int, bots: tuple[str, ...], options: dict) -> dict:
    """Play one game; returns its record: scores by line, winner(s), length, cards built, seats."""
    from .cli import make_bot
    s = new_game(players, seed=seed, options=Options.from_dict(options))
    seat_bots = [make_bot(bots[i % len(bots)], seed * 10 + i) for i in range(len(s.players))]
    decisions = 0
    while not s.is_over:
        s = s.apply(seat_bots[s.current_player].choose(s))
        decisions += 1
    scores = final_scores(s)
    win = winners(s)
    return {
        "seed": seed, "players": len(s.players), "decisions": decisions, "turns": s.turn_no,
        "winners": win,
        "seats": [{
            "seat": sc.player, "bot": bots[sc.player % len(bots)] if not s.players[sc.player].is_bot else "byzantine",
            "first": sc.player == s.first_player, "won": sc.player in win,
            **{line: getattr(sc, line) for line in ScoreBreakdown.LINES}, "total": sc.total,
            "buildings_built": list(s.players[sc.player].buildings),
            "apprentices": list(s.players[sc.player].apprentices),
            "character": s.players[sc.player].character,
        } for sc in scores],
    }


def _star(args):
    return play_one(*args)


def run(players: int, games: int, seed: int, bots: tuple[str, ...], options: dict | None = None,
        jobs: int = 1, progress=None, scheduler: str | None = None) -> list[dict]:
    options = options or {}
    tasks = [(players, game_seed(seed, i), bots, options) for i in range(games)]
    out: list[dict] = []
    if scheduler:
        from .distributed import run_on_dask
        return run_on_dask(tasks, scheduler, progress=progress)
    if jobs <= 1:
        for t in tasks:
            out.append(play_one(*t))
            if progress:
                progress(1)
        return out
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for rec in pool.map(_star, tasks, chunksize=max(1, games // (jobs * 8))):
            out.append(rec)
            if progress:
                progress(1)
    return out


def summary(records: list[dict]) -> str:
    if not records:
        return "no games"
    n_seats = records[0]["players"]
    lines = [f"{len(records)} games, {n_seats} seats"]
    lengths = [r["decisions"] for r in records]
    turns = [r["turns"] for r in records]
    lines.append(f"game length: {statistics.mean(lengths):.0f} decisions on average "
                 f"(min {min(lengths)}, max {max(lengths)}), {statistics.mean(turns):.0f} turns")
    lines.append(f"{'seat':<6}{'bot':<12}{'win rate':>10}{'mean VP':>10}{'sd':>8}{'min':>6}{'max':>6}")
    for seat in range(n_seats):
        rows = [r["seats"][seat] for r in records]
        tot = [x["total"] for x in rows]
        wins = sum(1 for x in rows if x["won"]) / len(rows)
        sd = statistics.pstdev(tot) if len(tot) > 1 else 0.0
        lines.append(f"{seat:<6}{rows[0]['bot']:<12}{wins:>10.1%}{statistics.mean(tot):>10.1f}{sd:>8.1f}"
                     f"{min(tot):>6}{max(tot):>6}")
    by_bot: dict[str, list] = {}
    for r in records:
        for x in r["seats"]:
            by_bot.setdefault(x["bot"], []).append(x["won"])
    if len(by_bot) > 1:
        lines.append("win rate by bot: " + ", ".join(f"{b} {sum(v) / len(v):.1%}" for b, v in sorted(by_bot.items())))
    return "\n".join(lines)


def flat_rows(records: list[dict]) -> list[dict]:
    rows = []
    for i, r in enumerate(records):
        for x in r["seats"]:
            row = {"game": i, "seed": r["seed"], "decisions": r["decisions"], "turns": r["turns"]}
            row.update({k: v for k, v in x.items() if k not in ("buildings_built", "apprentices")})
            row["buildings_built"] = ";".join(x["buildings_built"])
            row["apprentices"] = ";".join(x["apprentices"])
            rows.append(row)
    return rows


def write(records: list[dict], path: str) -> None:
    p = Path(path)
    if p.suffix == ".json":
        p.write_text(json.dumps(records, indent=1))
    elif p.suffix == ".csv":
        import csv
        rows = flat_rows(records)
        with p.open("w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0]))
            w.writeheader()
            w.writerows(rows)
    elif p.suffix == ".parquet":
        try:
            import pandas as pd
        except ImportError:
            raise SystemExit("--out .parquet needs pandas and pyarrow (pip install 'archwk[analysis]')")
        pd.DataFrame(flat_rows(records)).to_parquet(p)
    else:
        raise SystemExit(f"--out: use a .csv, .json or .parquet file, got {path!r}")


def main(args) -> int:
    from .cli import _options
    opts = _options(args).to_dict()
    bots = tuple(b.strip() for b in args.bots.split(",") if b.strip())
    from .cli import make_bot
    for b in bots:
        make_bot(b, 0)  # fail early on an unknown bot name
    if args.games < 1:
        raise SystemExit("--games: at least 1")
    bar = None
    progress = None
    if not args.no_progress:
        try:
            from tqdm import tqdm
            bar = tqdm(total=args.games, unit="game", file=sys.stderr)
            progress = bar.update
        except ImportError:
            done = [0]

            def progress(k):
                done[0] += k
                print(f"\r{done[0]}/{args.games} games", end="", file=sys.stderr, flush=True)
    recs = run(args.players, args.games, args.seed, bots, opts, jobs=args.jobs, progress=progress,
               scheduler=args.scheduler)
    if bar is not None:
        bar.close()
    elif progress:
        print(file=sys.stderr)
    print(summary(recs))
    if args.out:
        write(recs, args.out)
        print(f"records written to {args.out}")
    return 0
