"""How fast is the archwk engine, and how much does a kept state cost?

Three parts, each using only public APIs and ``random.Random(seed)`` for choices:

1. archwk random play for a fixed wall time: decisions (applied actions) per second
   and finished games per second.
2. python-chess random play for the same time: plies per second, as a yardstick for
   "a legal-move generator written in pure Python". The ratio decisions/s / plies/s
   is printed.
3. Memory: tracemalloc over one random 4-player game whose every state is kept in a
   list (what a history slider or an undo stack holds): MiB, states, bytes per state.

    python benchmarks/bench_engine.py                  # 10 s per timed part
    python benchmarks/bench_engine.py --seconds 2 --json

With ``--json`` the table goes to stderr and stdout is one JSON line.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
import tracemalloc

CHESS_MAX_PLIES = 300
MEMORY_PLAYERS = 4
MAX_DECISIONS_PER_GAME = 100_000  # a game longer than this is an engine bug, not a benchmark
PARTS = ("engine", "chess", "memory")


def bench_engine(seconds: float, players: int, seed: int) -> dict:
    import archwk

    rng = random.Random(seed)
    decisions = games = 0
    game_seed = seed
    s = archwk.new_game(players, seed=game_seed)
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        if s.is_over:
            games += 1
            game_seed += 1
            s = archwk.new_game(players, seed=game_seed)
        if time.perf_counter() >= deadline:
            break
        acts = s.legal_actions()
        if not acts:
            raise RuntimeError(f"no legal actions in a game that is not over (seed {game_seed}): {s.prompt!r}")
        s = s.apply(rng.choice(acts))
        decisions += 1
    elapsed = time.perf_counter() - start
    return {
        "seconds": elapsed,
        "players": players,
        "decisions": decisions,
        "games": games,
        "decisions_per_s": decisions / elapsed,
        "games_per_s": games / elapsed,
        "decisions_per_game": decisions / games if games else None,
    }


def bench_chess(seconds: float, seed: int) -> dict:
    import chess

    rng = random.Random(seed)
    plies = games = 0
    board = chess.Board()
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        if board.is_game_over() or board.ply() >= CHESS_MAX_PLIES:
            games += 1
            board = chess.Board()
        moves = list(board.legal_moves)
        board.push(rng.choice(moves))
        plies += 1
    elapsed = time.perf_counter() - start
    return {
        "seconds": elapsed,
        "chess_version": chess.__version__,
        "plies": plies,
        "games": games,
        "plies_per_s": plies / elapsed,
    }


def bench_memory(seed: int) -> dict:
    import archwk

    # Warm up first so one-time costs (card data, caches) are not charged to the states.
    warm = archwk.new_game(MEMORY_PLAYERS, seed=seed)
    warm.legal_actions()
    del warm

    rng = random.Random(seed)
    tracemalloc.start()
    try:
        s = archwk.new_game(MEMORY_PLAYERS, seed=seed)
        states = [s]
        while not s.is_over:
            if len(states) > MAX_DECISIONS_PER_GAME:
                raise RuntimeError(f"game (seed {seed}) not over after {MAX_DECISIONS_PER_GAME:,} decisions")
            s = s.apply(rng.choice(s.legal_actions()))
            states.append(s)
        current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return {
        "players": MEMORY_PLAYERS,
        "states": len(states),
        "traced_mib": current / 2**20,
        "peak_mib": peak / 2**20,
        "bytes_per_state": current / len(states),
    }


def fmt(x, spec: str) -> str:
    return "n/a" if x is None else format(x, spec)


def table(result: dict) -> str:
    rows = []
    e, c, m = result.get("engine"), result.get("chess"), result.get("memory")
    if e:
        rows += [
            (f"archwk random play ({e['players']} players)", ""),
            ("  decisions/s", fmt(e["decisions_per_s"], ",.0f")),
            ("  games/s", fmt(e["games_per_s"], ",.2f")),
            ("  decisions, games", f"{e['decisions']:,}, {e['games']:,}"),
            ("  decisions per game", fmt(e["decisions_per_game"], ",.0f")),
        ]
    if c:
        rows += [
            (f"python-chess {c['chess_version']} random play", ""),
            ("  plies/s", fmt(c["plies_per_s"], ",.0f")),
            ("  plies, games", f"{c['plies']:,}, {c['games']:,}"),
        ]
    if result.get("ratio_decisions_per_ply") is not None:
        rows.append(("archwk decisions/s / chess plies/s", fmt(result["ratio_decisions_per_ply"], ".3f")))
    if m:
        rows += [
            (f"memory: every state of one {m['players']}-player game", ""),
            ("  states kept", f"{m['states']:,}"),
            ("  traced MiB (peak)", f"{m['traced_mib']:.2f} ({m['peak_mib']:.2f})"),
            ("  bytes/state", fmt(m["bytes_per_state"], ",.0f")),
        ]
    width = max(len(k) for k, _ in rows)
    return "\n".join(f"{k:<{width}}  {v}".rstrip() for k, v in rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=10.0, help="wall time per timed part (default 10)")
    ap.add_argument("--players", type=int, default=4, help="players in part 1 (default 4)")
    ap.add_argument("--seed", type=int, default=1, help="seed for games and choices (default 1)")
    ap.add_argument("--parts", default=",".join(PARTS), help=f"comma-separated subset of {','.join(PARTS)}")
    ap.add_argument("--json", action="store_true", help="one JSON line on stdout (table on stderr)")
    args = ap.parse_args(argv)

    parts = [p.strip() for p in args.parts.split(",") if p.strip()]
    unknown = set(parts) - set(PARTS)
    if unknown:
        ap.error(f"unknown part(s): {', '.join(sorted(unknown))}")

    result: dict = {
        "python": platform.python_version(),
        "seconds_per_part": args.seconds,
        "seed": args.seed,
    }
    if "engine" in parts or "memory" in parts:
        import archwk

        result["archwk_version"] = getattr(archwk, "__version__", None)
    if "engine" in parts:
        result["engine"] = bench_engine(args.seconds, args.players, args.seed)
    if "chess" in parts:
        result["chess"] = bench_chess(args.seconds, args.seed)
    if "engine" in parts and "chess" in parts:
        result["ratio_decisions_per_ply"] = result["engine"]["decisions_per_s"] / result["chess"]["plies_per_s"]
    if "memory" in parts:
        result["memory"] = bench_memory(args.seed)

    out = sys.stderr if args.json else sys.stdout
    print(table(result), file=out)
    if args.json:
        print(json.dumps(result, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
