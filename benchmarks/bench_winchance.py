"""The win-chance model and the coach: calibration, Brier score, speed (issue 13).

Reported figures, not timed tests:

1. calibration: `archwk.ai.winchance.win_chances` on held-out self-play games
   (a data file written by `scripts/train_winchance.py generate` with a seed the
   training never used, or games played here with `--play N`): predicted vs
   observed win rate in each decile of the predicted chance (target: within 5
   points in every decile), and the Brier score against equal chances.
2. speed: milliseconds per `win_chances` call over positions of those games
   (target: at most 20 ms).
3. coach: seconds per `hint` (default budget, 2 s: the search, then samples) and per `judge`
   (1 s) from mid-game positions of 2 to 5 players (target: hint at most 3 s).
4. strength (not run by default): a sanity check of the advice, the hint's top
   choice played as a bot (a small fixed budget per decision: the search's
   `SEARCH_ITERATIONS`, a few samples a choice) against the
   heuristic bot in 2-player games, seats alternating; its win rate with a 95 %
   interval.

    python benchmarks/bench_winchance.py --data /tmp/wc-test.jsonl
    python benchmarks/bench_winchance.py --play 150          # plays its own held-out games first
    python benchmarks/bench_winchance.py --parts speed coach
    python benchmarks/bench_winchance.py --parts strength --games 20
    python benchmarks/bench_winchance.py --game archon --play 60    # Archon: calibration, speed, hint time

With `--game archon` the same parts run on Archon (2 to 4 players; the coach's
positions are mid-game: round 4 or later, at a player's turn); the strength part
is Architects' only.
"""
from __future__ import annotations

import argparse
import importlib
import json
import platform
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

PARTS = ("calibration", "speed", "coach", "strength")
HELD_OUT_SEED = 777  # the training data uses other seeds
MAX_DECISIONS = 6000  # a strength-check game that has not ended by then is not counted


def _training():
    """scripts/train_winchance.py (on sys.path above), for its data reader and calibration report."""
    return importlib.import_module("train_winchance")


def mid_game(players: int, seed: int, game: str = "architects"):
    import archwk
    from archwk.ai.bots import HeuristicBot
    s = archwk.new_game(players, seed=seed, game=game)
    bots = [HeuristicBot(seed + i) for i in range(len(s.players))]
    if game == "archon":  # round 4 or later (the second Season), at a player's turn
        while not s.is_over and (s.round < 4 or s.decision != "turn"):
            p = s.current_player
            assert p is not None  # the game is not over
            s = s.apply(bots[p].choose(s))
        return s
    half = 2 * (max(2, players) + 1)
    while not s.is_over and (len(s.guildhall) < half or s.decision != "place"):
        p = s.current_player
        assert p is not None  # the game is not over
        s = s.apply(bots[p].choose(s))
    return s


def bench_calibration(data: str, game: str = "architects") -> dict:
    tw = _training()
    wc = tw.feature_module(game)
    games, excluded = tw.read_games(data, refeature=True)
    naive_t = json.loads(wc.PARAMS_PATH.read_text(encoding="utf-8")).get("naive_temperature")
    out = tw.report(games, wc.WEIGHTS, f"held-out games ({data})", naive_t, tw.progress_index(wc))
    out["excluded_backstop_games"] = excluded
    return out


def bench_speed(data: str | None, n: int = 300, game: str = "architects") -> dict:
    import archwk
    from archwk.ai.winchance import win_chances
    from archwk.games.architects import record as _record
    states: list = []
    if data:
        tw = _training()
        games, _ = tw.read_games(data)
        for g in games[:30]:
            if game == "architects":
                st = _record.replay_doc(g["record"], archwk.GameState, states=True).states
            else:
                st = archwk.games.load_record(g["record"], states=True).states
            states.extend(st[:: max(1, len(st) // 10)])
    if not states:
        for p in ((2, 3, 4, 5) if game == "architects" else (2, 3, 4)):
            states.append(mid_game(p, 2026 + p, game))
    states = (states * (n // len(states) + 1))[:n]
    t0 = time.perf_counter()
    for s in states:
        win_chances(s)
    per = 1000 * (time.perf_counter() - t0) / len(states)
    worst = 0.0
    for s in states[:100]:
        t = time.perf_counter()
        win_chances(s)
        worst = max(worst, 1000 * (time.perf_counter() - t))
    print(f"\nwin_chances: {per:.3f} ms per call on average over {len(states)} positions; slowest {worst:.3f} ms")
    return {"ms_per_call": round(per, 4), "ms_slowest": round(worst, 4), "positions": len(states)}


def bench_coach(seeds=(2026, 2027), game: str = "architects") -> dict:
    from archwk.ai.coach import hint, judge
    rows = []
    print(f"\ncoach on {game} (default budgets)\n players  legal  hint s  judge s  top choice")
    for players in ((2, 3, 4, 5) if game == "architects" else (2, 3, 4)):
        for seed in seeds:
            s = mid_game(players, seed, game)
            t = time.perf_counter()
            top = hint(s)
            th = time.perf_counter() - t
            worst = top[-1].action
            t = time.perf_counter()
            judge(s, worst)
            tj = time.perf_counter() - t
            rows.append({"players": players, "seed": seed, "legal": len(s.legal_actions()),
                         "hint_s": round(th, 3), "judge_s": round(tj, 3), "samples": [c.n for c in top]})
            print(f"   {players}      {len(s.legal_actions()):>3}   {th:5.2f}   {tj:5.2f}   "
                  f"{top[0].label} ({100 * top[0].win_chance:.0f}%, n={top[0].n})")
    worst_hint = max(r["hint_s"] for r in rows)
    print(f"slowest hint {worst_hint:.2f} s (target 3 s)")
    return {"rows": rows, "slowest_hint_s": worst_hint}


class HintBot:
    """Plays the hint's top choice, on a fixed sample budget."""

    def __init__(self, seed: int, samples: int = 8):
        self.seed, self.samples, self.k = seed, samples, 0

    def choose(self, state):
        from archwk.ai.bots import HeuristicBot
        from archwk.ai.coach import hint
        from archwk.games.architects.play.heuristics import in_stalemate, stalemate_choice
        acts = state.legal_actions()
        if len(acts) == 1:
            return acts[0]
        if state.phase != "play":  # the drafts: as the heuristic bot
            return HeuristicBot(self.seed).choose(state)
        if in_stalemate(state):  # the other bots' backstop: steer for the end
            return stalemate_choice(state, acts)
        self.k += 1
        return hint(state, k=1, seconds=None, max_samples=self.samples, seed=self.seed * 100_003 + self.k)[0].action


def bench_strength(games: int, samples: int = 8) -> dict:
    import archwk
    from archwk.ai.bots import HeuristicBot, play
    from archwk.ai.evaluate import wilson
    from archwk.games.architects.play.heuristics import STALEMATE_TURNS
    wins = 0.0
    long_games = unfinished = 0
    scores = []
    t0 = time.perf_counter()
    for g in range(games):
        s = archwk.new_game(2, seed=5000 + g)
        seat = g % 2
        bots: list = [HeuristicBot(g), HeuristicBot(g + 1)]
        bots[seat] = HintBot(g, samples)
        try:
            end = play(s, bots, max_decisions=MAX_DECISIONS)
        except RuntimeError:  # no end in sight even with the backstop: not counted
            unfinished += 1
            continue
        long_games += end.turn_no > STALEMATE_TURNS * 2
        won = archwk.winners(end)
        wins += (1.0 / len(won)) if seat in won else 0.0
        sc = archwk.final_scores(end)
        scores.append((sc[seat].total, sc[1 - seat].total))
    done = games - unfinished
    lo, hi = wilson(round(wins), done)
    rate = wins / max(1, done)
    from archwk.ai.coach import SEARCH_ITERATIONS
    print(f"\nhint's top choice (a search of {SEARCH_ITERATIONS} iterations, {samples} samples a choice) "
          "vs the heuristic bot, 2 players: "
          f"won {rate:.0%} of {done} games (95% interval {lo:.0%} to {hi:.0%}); "
          f"{long_games} ran past the backstop ({STALEMATE_TURNS} turns each), {unfinished} more did not end "
          f"within {MAX_DECISIONS} decisions (not counted); median score "
          f"{sorted(a for a, _ in scores)[done // 2] if scores else '-'} vs "
          f"{sorted(b for _, b in scores)[done // 2] if scores else '-'}; "
          f"{time.perf_counter() - t0:.0f} s")
    return {"games": done, "win_rate": round(rate, 3), "interval": [round(lo, 3), round(hi, 3)],
            "samples": samples, "past_backstop": long_games, "unfinished": unfinished, "scores": scores}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", help="held-out games written by scripts/train_winchance.py generate")
    ap.add_argument("--play", type=int, default=0, help="play this many held-out games first")
    ap.add_argument("--parts", nargs="+", choices=PARTS, default=list(PARTS[:3]))
    ap.add_argument("--game", choices=("architects", "archon"), default="architects")
    ap.add_argument("--games", type=int, default=20, help="games of the strength check")
    ap.add_argument("--json", action="store_true", help="print the figures as one JSON line at the end")
    args = ap.parse_args(argv)
    data = args.data
    if args.play:
        tw = _training()
        data = data or str(Path(tempfile.gettempdir()) / f"bench-winchance-{args.game}-games.jsonl")
        tw.main(["generate", "--game", args.game, "--games", str(args.play), "--data", data,
                 "--seed", str(HELD_OUT_SEED)])
    if args.game != "architects" and "strength" in args.parts:
        ap.error("the strength part is Architects' only (benchmarks/bench_strength.py --game archon measures "
                 "the expert)")
    out: dict = {"machine": platform.processor() or platform.machine(), "python": platform.python_version(),
                 "game": args.game}
    if "calibration" in args.parts:
        if not data:
            ap.error("calibration needs --data or --play")
        out["calibration"] = bench_calibration(data, args.game)
    if "speed" in args.parts:
        out["speed"] = bench_speed(data, game=args.game)
    if "coach" in args.parts:
        out["coach"] = bench_coach(game=args.game)
    if "strength" in args.parts:
        out["strength"] = bench_strength(args.games)
    if args.json:
        print(json.dumps(out))


if __name__ == "__main__":
    main()
