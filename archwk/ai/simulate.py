"""Batch simulation: many games between bots, one record per game.

Game i uses seed `base_seed * 1_000_003 + i` for its setup and its bots, so the
results for a seed are the same whatever the number of jobs, and whether the
games run here (`jobs` processes) or on a Dask cluster (`scheduler`, see
`archwk.ai.distributed`). Records come back in game order either way. One
game is played by `archwk.ai.games.play_one` (re-exported here with
`play_batch` and `game_seed`).

A record holds the scores by line for every seat, the winner(s), the game
length (decisions and turns), the buildings each seat built, its apprentices
and character, and which bot sat there. `summary` prints the score
distribution, win rates by seat and by bot, the seat advantage, and win rates
by building and by apprentice; `seat_stats` and `card_stats` give the same
figures as rows for plotting (`widgets.analysis_charts.simulation_figures`).
"""
from __future__ import annotations

import json
import statistics
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from .distributed import run_on_dask
from .games import game_seed, play_batch, play_one

__all__ = ["card_stats", "flat_rows", "game_seed", "play_batch", "play_one", "run",
           "seat_stats", "summary", "write"]


def _play_task(task):  # a module-level function, so a process pool can send it
    return play_one(*task)


def run(players: int, games: int, seed: int, bots: tuple[str, ...], options: dict | None = None,
        jobs: int = 1, progress=None, scheduler: str | None = None) -> list[dict]:
    """Play `games` games; their records in game order.

    `bots` are bot specs for the seats (cycled; `archwk.ai.registry`); `jobs` processes on this
    machine, or `scheduler` the address of a Dask scheduler to run them on that
    cluster instead. `progress(k)` is called as k more games finish.

    >>> recs = run(2, 2, seed=1, bots=("random",))
    >>> [r["seed"] for r in recs] == [game_seed(1, 0), game_seed(1, 1)]
    True
    """
    if games < 0:
        raise ValueError(f"simulate: games must be 0 or more, got {games}")
    options = options or {}
    tasks = [(players, game_seed(seed, i), bots, options) for i in range(games)]
    out: list[dict] = []
    if scheduler:
        return run_on_dask(tasks, scheduler, progress=progress)
    if jobs <= 1:
        for t in tasks:
            out.append(play_one(*t))
            if progress:
                progress(1)
        return out
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for rec in pool.map(_play_task, tasks, chunksize=max(1, min(16, games // (jobs * 8)))):
            out.append(rec)
            if progress:
                progress(1)
    return out


def seat_stats(records: list[dict]) -> list[dict]:
    """Per seat: bot, games, win rate, mean/sd/min/max VP, and the seat advantage
    (win rate minus the 1/n of a fair seat; shared wins count for every winner)."""
    if not records:
        return []
    n_seats = records[0]["players"]
    out = []
    for seat in range(n_seats):
        rows = [r["seats"][seat] for r in records]
        tot = [x["total"] for x in rows]
        wins = sum(1 for x in rows if x["won"]) / len(rows)
        out.append({
            "seat": seat, "bot": rows[0]["bot"], "games": len(rows), "win_rate": wins,
            "advantage": wins - 1 / n_seats, "first_player_rate": sum(1 for x in rows if x["first"]) / len(rows),
            "mean_vp": statistics.mean(tot), "sd_vp": statistics.pstdev(tot) if len(tot) > 1 else 0.0,
            "min_vp": min(tot), "max_vp": max(tot),
        })
    return out


def card_stats(records: list[dict], key: str = "buildings_built", min_seats: int = 1) -> list[dict]:
    """Win rate of the seats that ended with each card (`key`: "buildings_built"
    or "apprentices") against those without it; rows sorted by the difference,
    only cards held by at least `min_seats` seats. The solo opponent is left out."""
    if key not in ("buildings_built", "apprentices"):
        raise ValueError(f"card_stats: key must be 'buildings_built' or 'apprentices', got {key!r}")
    seats = [x for r in records for x in r["seats"] if x["bot"] != "byzantine"]
    if not seats:
        return []
    total_wins = sum(1 for x in seats if x["won"])
    held: dict[str, list[int]] = {}
    for x in seats:
        for c in set(x[key]):
            counts = held.setdefault(c, [0, 0])
            counts[0] += 1
            counts[1] += 1 if x["won"] else 0
    out: list[dict] = []
    for c, (n, w) in held.items():
        if n < min_seats:
            continue
        rest = len(seats) - n
        without = (total_wins - w) / rest if rest else 0.0
        out.append({"card": c, "seats": n, "win_rate": w / n, "win_rate_without": without,
                    "lift": w / n - without})
    out.sort(key=lambda d: (-d["lift"], d["card"]))
    return out


def _quantiles(xs: list[float]) -> tuple:
    xs = sorted(xs)
    q = lambda f: xs[min(len(xs) - 1, int(f * (len(xs) - 1) + 0.5))]  # noqa: E731
    return q(0.1), q(0.25), q(0.5), q(0.75), q(0.9)


def summary(records: list[dict], top: int = 5) -> str:
    """The printed summary of a batch: lengths, score distribution by seat, win
    rates by seat and by bot, seat advantage, and the buildings and apprentices
    that go with winning most and least."""
    if not records:
        return "no games"
    n_seats = records[0]["players"]
    lines = [f"{len(records)} games, {n_seats} seats"]
    lengths = [r["decisions"] for r in records]
    turns = [r["turns"] for r in records]
    lines.append(f"game length: {statistics.mean(lengths):.0f} decisions on average "
                 f"(min {min(lengths)}, max {max(lengths)}), {statistics.mean(turns):.0f} turns")
    lines.append(f"{'seat':<6}{'bot':<12}{'win rate':>10}{'vs fair':>9}{'mean VP':>10}{'sd':>7}{'min':>6}"
                 f"{'p10':>6}{'p50':>6}{'p90':>6}{'max':>6}")
    for st in seat_stats(records):
        tot = [r["seats"][st["seat"]]["total"] for r in records]
        p10, _, p50, _, p90 = _quantiles(tot)
        lines.append(f"{st['seat']:<6}{st['bot']:<12}{st['win_rate']:>10.1%}{st['advantage']:>+9.1%}"
                     f"{st['mean_vp']:>10.1f}{st['sd_vp']:>7.1f}{st['min_vp']:>6}{p10:>6}{p50:>6}{p90:>6}"
                     f"{st['max_vp']:>6}")
    first = [x for r in records for x in r["seats"] if x["first"]]
    if first:
        lines.append(f"starting player: win rate {sum(1 for x in first if x['won']) / len(first):.1%} "
                     f"(a fair seat: {1 / n_seats:.1%})")
    by_bot: dict[str, list] = {}
    for r in records:
        for x in r["seats"]:
            by_bot.setdefault(x["bot"], []).append(x["won"])
    if len(by_bot) > 1:
        lines.append("win rate by bot: " + ", ".join(f"{b} {sum(v) / len(v):.1%}" for b, v in sorted(by_bot.items())))
    shared = sum(1 for r in records if len(r["winners"]) > 1)
    if shared:
        lines.append(f"shared wins: {shared} game(s)")
    min_seats = max(5, len(records) * n_seats // 50)
    for key, what in (("buildings_built", "building"), ("apprentices", "apprentice")):
        rows = card_stats(records, key, min_seats=min_seats)
        if len(rows) >= 2:
            fmt = lambda d: f"{d['card']} {d['win_rate']:.0%} (n={d['seats']})"  # noqa: E731
            k = min(top, len(rows) // 2)
            lines.append(f"win rate by {what} (held by >= {min_seats} seats), best: "
                         + ", ".join(fmt(d) for d in rows[:k]))
            lines.append(f"{'':>{len(what) + 12}}worst: " + ", ".join(fmt(d) for d in rows[::-1][:k]))
    return "\n".join(lines)


def flat_rows(records: list[dict]) -> list[dict]:
    rows = []
    for i, r in enumerate(records):
        for x in r["seats"]:
            row = {"game": i, "seed": r["seed"], "players": r["players"], "decisions": r["decisions"],
                   "turns": r["turns"], "winners": ";".join(str(w) for w in r["winners"])}
            row.update({k: v for k, v in x.items() if k not in ("buildings_built", "apprentices")})
            row["buildings_built"] = ";".join(x["buildings_built"])
            row["apprentices"] = ";".join(x["apprentices"])
            rows.append(row)
    return rows


def write(records: list[dict], path: str) -> None:
    """Write the records to `path`: .json as they are, .csv and .parquet one row
    per seat (`flat_rows`). ValueError for another suffix, ImportError when
    .parquet lacks pandas/pyarrow."""
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
            raise ImportError("writing .parquet needs pandas and pyarrow (pip install 'archwk[analysis]')") from None
        pd.DataFrame(flat_rows(records)).to_parquet(p)
    else:
        raise ValueError(f"records: use a .csv, .json or .parquet file, got {path!r}")
