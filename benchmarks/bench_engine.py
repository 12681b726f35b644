"""How fast is the archwk engine, and how much does a kept state cost?

Three parts, each using only public APIs and ``random.Random(seed)`` for choices:

1. archwk random play of one game of `archwk.GAMES` (`--game`: architects, the default,
   or archon) for a fixed wall time at each player count asked for (default every count
   it has: 2, 3, 4 and 5 for Architects): decisions (applied actions) per second and finished
   games per second, in two modes: "quiet", self-play as the bots, rollouts and
   `archwk simulate` play it (states made with the game's `quiet`: no event log,
   history actions worded without figures; the same positions), and "logged", as a
   person's game is kept (every event recorded and every state kept by the history).
2. python-chess random play for the same time: plies per second, as a yardstick for
   "a legal-move generator written in pure Python". The ratio decisions/s / plies/s
   is printed per player count (target: 3.0 for the pure build, 6.0 compiled).
   The two alternate in slices (archwk, chess, archwk, ...) so a machine shared
   with other work slows both alike.
3. Memory: tracemalloc over one random 4-player game whose every state is kept in a
   list (what a history slider or an undo stack holds): MiB, states, bytes per state.

    python benchmarks/bench_engine.py                  # 10 s per timed part
    python benchmarks/bench_engine.py --seconds 2 --players 4 --json
    python benchmarks/bench_engine.py --game archon --parts engine,chess   # Archon, pure build
    bash scripts/kit bench --compiled --game archon --parts engine,chess  # its compiled build

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


class _ArchwkPlay:
    """Random archwk games at one player count, played in time slices."""

    def __init__(self, players: int, seed: int, mode: str = "quiet", game: str = "architects"):
        import archwk
        g = archwk.load_game(game)
        self.mode, self.game = mode, game
        self.new_game = ((lambda n, seed: g.quiet(g.new_game(n, seed=seed))) if mode == "quiet"
                         else (lambda n, seed: g.new_game(n, seed=seed)))
        self.players, self.rng, self.game_seed = players, random.Random(seed), seed
        self.s = self.new_game(players, seed=seed)
        self.decisions = self.games = 0
        self.elapsed = 0.0

    def run(self, seconds: float) -> None:
        rng, s, decisions = self.rng, self.s, 0
        start = time.perf_counter()
        deadline = start + seconds
        while True:
            if s.is_over:
                self.games += 1
                self.game_seed += 1
                s = self.new_game(self.players, seed=self.game_seed)
            if decisions % 64 == 0 and time.perf_counter() >= deadline:
                break
            acts = s.legal_actions()
            if not acts:
                raise RuntimeError(f"no legal actions in a game that is not over (seed {self.game_seed}): "
                                   f"{s.prompt!r}")
            s = s.apply(rng.choice(acts))
            decisions += 1
        self.elapsed += time.perf_counter() - start
        self.s, self.decisions = s, self.decisions + decisions

    def result(self) -> dict:
        e = self.elapsed
        return {
            "seconds": e, "game": self.game, "players": self.players, "mode": self.mode,
            "decisions": self.decisions,
            "games": self.games,
            "decisions_per_s": self.decisions / e, "games_per_s": self.games / e,
            "decisions_per_game": self.decisions / self.games if self.games else None,
        }


class _ChessPlay:
    """Random python-chess games, played in time slices."""

    def __init__(self, seed: int):
        import chess
        self.chess = chess
        self.rng, self.board = random.Random(seed), chess.Board()
        self.plies = self.games = 0
        self.elapsed = 0.0

    def run(self, seconds: float) -> None:
        rng, board, plies = self.rng, self.board, 0
        start = time.perf_counter()
        deadline = start + seconds
        while plies % 64 or time.perf_counter() < deadline:
            if board.is_game_over() or board.ply() >= CHESS_MAX_PLIES:
                self.games += 1
                board = self.chess.Board()
            moves = list(board.legal_moves)
            board.push(rng.choice(moves))
            plies += 1
        self.elapsed += time.perf_counter() - start
        self.board, self.plies = board, self.plies + plies

    def result(self) -> dict:
        return {"seconds": self.elapsed, "chess_version": self.chess.__version__, "plies": self.plies,
                "games": self.games, "plies_per_s": self.plies / self.elapsed}


SLICE = 0.5  # seconds per turn when archwk and chess alternate


MODES = ("quiet", "logged")


def bench_side_by_side(seconds: float, player_counts, seed: int, with_chess: bool,
                       modes=MODES, game: str = "architects") -> tuple[list, dict | None]:
    """Each archwk player count (in each mode) and chess get `seconds` each, in alternating slices."""
    plays = [_ArchwkPlay(n, seed, mode, game) for mode in modes for n in player_counts]
    chess_play = _ChessPlay(seed) if with_chess else None
    rounds = max(1, round(seconds / SLICE))
    for _ in range(rounds):
        for p in plays:
            p.run(seconds / rounds)
            if chess_play:
                chess_play.run(seconds / rounds / len(plays))
    return [p.result() for p in plays], chess_play.result() if chess_play else None


def bench_chess(seconds: float, seed: int) -> dict:
    """python-chess random play alone."""
    c = _ChessPlay(seed)
    c.run(seconds)
    return c.result()


def bench_engine(seconds: float, players: int, seed: int) -> dict:
    """archwk random play at one player count (no chess alongside)."""
    return bench_side_by_side(seconds, [players], seed, False, ("quiet",))[0][0]


def bench_memory(seed: int, game: str = "architects") -> dict:
    import archwk

    g = archwk.load_game(game)
    # Warm up first so one-time costs (card data, caches) are not charged to the states.
    warm = g.new_game(MEMORY_PLAYERS, seed=seed)
    warm.legal_actions()
    del warm

    rng = random.Random(seed)
    tracemalloc.start()
    try:
        s = g.new_game(MEMORY_PLAYERS, seed=seed)
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


def archwk_build() -> str:
    """"compiled" when the rules modules are extension modules (scripts/kit build-compiled)."""
    import archwk.games.architects.engine
    return "pure" if archwk.games.architects.engine.__file__.endswith(".py") else "compiled"


def fmt(x, spec: str) -> str:
    return "n/a" if x is None else format(x, spec)


def table(result: dict) -> str:
    rows = []
    c, m = result.get("chess"), result.get("memory")
    for e in result.get("engines", []):
        rows += [
            (f"{e.get('game', 'architects')} random play ({e['players']} players, {e['mode']}, "
             f"{result['build']} build)", ""),
            ("  decisions/s", fmt(e["decisions_per_s"], ",.0f")),
            ("  games/s", fmt(e["games_per_s"], ",.2f")),
            ("  decisions, games", f"{e['decisions']:,}, {e['games']:,}"),
            ("  decisions per game", fmt(e["decisions_per_game"], ",.0f")),
        ]
        if e.get("ratio_decisions_per_ply") is not None:
            rows.append(("  decisions/s / chess plies/s", fmt(e["ratio_decisions_per_ply"], ".3f")))
    if c:
        rows += [
            (f"python-chess {c['chess_version']} random play", ""),
            ("  plies/s", fmt(c["plies_per_s"], ",.0f")),
            ("  plies, games", f"{c['plies']:,}, {c['games']:,}"),
        ]
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
    ap.add_argument("--game", default="architects",
                    help="the game of part 1: architects (default) or archon (archwk.GAMES)")
    ap.add_argument("--players", default=None,
                    help="comma-separated player counts for part 1 (default every count the game has: "
                         "2,3,4,5 for Architects, 2,3,4 for Archon)")
    ap.add_argument("--seed", type=int, default=1, help="seed for games and choices (default 1)")
    ap.add_argument("--parts", default=",".join(PARTS), help=f"comma-separated subset of {','.join(PARTS)}")
    ap.add_argument("--modes", default=",".join(MODES),
                    help="comma-separated play modes for part 1: quiet (self-play as bots and simulate run it), "
                         "logged (every event kept); default both")
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
    import archwk
    try:
        game = archwk.load_game(args.game)
    except archwk.ArchwkError as e:
        ap.error(f"--game: {e}")
    players = args.players or ",".join(map(str, range(max(2, game.min_players), game.max_players + 1)))
    try:
        counts = [int(x) for x in players.split(",") if x.strip()]
    except ValueError:
        ap.error(f"--players: expected comma-separated player counts, got {players!r}")
    bad = [n for n in counts if not game.min_players <= n <= game.max_players]
    if bad:
        ap.error(f"--players: {game.title} is for {game.min_players} to {game.max_players} players, got {bad}")
    result["game"] = game.name
    if "engine" in parts or "memory" in parts:
        result["archwk_version"] = getattr(archwk, "__version__", None)
        result["build"] = archwk_build()
    if "engine" in parts:
        modes = [m.strip() for m in args.modes.split(",") if m.strip()]
        if not modes or set(modes) - set(MODES):
            ap.error(f"--modes: expected some of {','.join(MODES)}, got {args.modes!r}")
        engines, chess_result = bench_side_by_side(args.seconds, counts, args.seed, "chess" in parts, modes,
                                                   game.name)
        result["engines"] = engines
        if chess_result:
            result["chess"] = chess_result
            for e in engines:
                e["ratio_decisions_per_ply"] = e["decisions_per_s"] / chess_result["plies_per_s"]
    elif "chess" in parts:
        result["chess"] = bench_chess(args.seconds, args.seed)
    if "memory" in parts:
        result["memory"] = bench_memory(args.seed, game.name)

    out = sys.stderr if args.json else sys.stdout
    print(table(result), file=out)
    if args.json:
        print(json.dumps(result, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
