"""Command line: `archwk play`, `archwk simulate`, `archwk replay`, `archwk evaluate`, `archwk notes`."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .model import Options
from .scoring import ScoreBreakdown, final_scores, winners
from .game import new_game


def _options(args) -> Options:
    kw = {}
    if getattr(args, "options", None):
        try:
            kw = json.loads(args.options)
        except json.JSONDecodeError as e:
            raise SystemExit(f"--options: not valid JSON ({e.msg})")
    try:
        return Options.from_dict(kw)
    except (TypeError, ValueError) as e:
        raise SystemExit(f"--options: {e}")


def make_bot(name: str, seed: int):
    """A bot by name: random, fast, heuristic, mcts. "mcts:N" sets the search
    iterations per decision (default 150), e.g. "mcts:50"."""
    from . import bots
    factories = {"random": bots.RandomBot}
    for extra in ("FastBot", "HeuristicBot", "MCTSBot"):
        if hasattr(bots, extra):
            factories[extra.replace("Bot", "").lower()] = getattr(bots, extra)
    base, _, arg = name.partition(":")
    if base not in factories or (arg and base != "mcts"):
        raise SystemExit(f"unknown bot {name!r}; choose from {', '.join(sorted(factories))} "
                         "(mcts:N for N search iterations)")
    if arg:
        try:
            n = int(arg)
        except ValueError:
            n = 0
        if n < 1:
            raise SystemExit(f"bot {name!r}: the iterations after 'mcts:' must be a positive whole number")
        return factories[base](seed, iterations=n)
    return factories[base](seed)


def _score_table(s) -> str:
    lines = ScoreBreakdown.LINES
    rows = [f"{'player':<14}" + "".join(f"{x:>12}" for x in lines) + f"{'total':>8}"]
    for sc in final_scores(s):
        rows.append(f"{sc.name:<14}" + "".join(f"{getattr(sc, x):>12}" for x in lines) + f"{sc.total:>8}")
    win = ", ".join(s.players[p].name for p in winners(s))
    rows.append(f"winner: {win}")
    return "\n".join(rows)


def cmd_play(args) -> int:
    opts = _options(args)
    try:
        s = new_game(args.players, seed=args.seed, options=opts)
    except ValueError as e:
        print(f"archwk play: {e}", file=sys.stderr)
        return 2
    names = (args.bots or "random").split(",")
    humans = [p for p in s.players if not p.is_bot]
    seat_bots = [make_bot(names[i % len(names)], args.seed * 100 + i) for i in range(len(s.players))]
    if any(p.is_bot for p in s.players):
        from .solo import STAND_IN_NOTICE
        if opts.schemes is None:
            print(f"note: {STAND_IN_NOTICE}")
    print(f"archwk: {len(humans)} player(s), seed {args.seed}")
    turn = None
    while not s.is_over:
        a = seat_bots[s.current_player].choose(s)
        s = s.apply(a)
        if not args.quiet:
            for e in s.events:
                if e.kind == "turn":
                    turn = e.data["turn"]
                prefix = f"[{turn:>3}] " if turn else "      "
                print(prefix + e.text)
    print()
    print(_score_table(s))
    if args.save:
        Path(args.save).write_text(json.dumps(s.record(), indent=1))
        print(f"record saved to {args.save}")
    return 0


def cmd_replay(args) -> int:
    from .game import replay
    try:
        s = replay(Path(args.record).read_text())
    except (OSError, ValueError) as e:
        print(f"archwk replay: {e}", file=sys.stderr)
        return 2
    print(f"replayed {len(s.history)} decisions; {'game over' if s.is_over else s.prompt}")
    print(_score_table(s))
    return 0


def cmd_simulate(args) -> int:
    from .simulate import main as simulate_main
    return simulate_main(args)


def cmd_evaluate(args) -> int:
    from .analysis import evaluate_actions
    from .game import replay
    try:
        s = replay(Path(args.record).read_text())
    except (OSError, ValueError) as e:
        print(f"archwk evaluate: {e}", file=sys.stderr)
        return 2
    if args.at is not None:
        hist = s.history
        if not 0 <= args.at <= len(hist):
            print(f"archwk evaluate: --at must be 0..{len(hist)}", file=sys.stderr)
            return 2
        from .save import record as _record
        rec = _record(s)
        rec["actions"] = rec["actions"][:args.at]
        s = replay(rec)
    if s.is_over:
        print("archwk evaluate: the game is over at that point; use --at N for an earlier decision",
              file=sys.stderr)
        return 2
    depth = None if args.depth < 0 else args.depth
    vals = evaluate_actions(s, rollouts=args.rollouts, seed=args.seed, depth=depth)
    print(f"{s.prompt} ({args.rollouts} rollouts per action, depth {'full game' if depth is None else depth})")
    print(f"{'win %':>6} {'95% CI':>13} {'VP':>6} {'95% CI':>13}  action")
    for v in sorted(vals, key=lambda v: (-v.win_rate, -v.mean_vp)):
        print(f"{v.win_rate:>6.1%} {v.win_ci[0]:>6.1%}-{v.win_ci[1]:<6.1%} {v.mean_vp:>6.1f} "
              f"{v.vp_ci[0]:>6.1f}-{v.vp_ci[1]:<6.1f}  {v.label}")
    return 0


def cmd_notes(args) -> int:
    print((Path(__file__).parent / "data" / "rules-notes.md").read_text())
    return 0


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="archwk", description="Architects of the West Kingdom: rules, bots, analysis.")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play", help="a game between bots, printing the event log")
    p.add_argument("--players", type=int, default=3, help="1-5 (1 = solo against the Byzantine opponent)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--bots", default="random", help="comma-separated bot kinds, one per seat (cycled)")
    p.add_argument("--options", help='archwk.Options as JSON, e.g. \'{"artisans": true}\'')
    p.add_argument("--quiet", action="store_true", help="only the final scores")
    p.add_argument("--save", help="write the game record (JSON) here")
    p.set_defaults(func=cmd_play)
    p = sub.add_parser("replay", help="replay a saved game record and print the scores")
    p.add_argument("record")
    p.set_defaults(func=cmd_replay)
    p = sub.add_parser("simulate", help="many games between bots, with a summary")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--bots", default="random",
                   help="comma-separated bot kinds, one per seat (cycled): random, fast, heuristic, mcts[:N]")
    p.add_argument("--options", help="archwk.Options as JSON")
    p.add_argument("--jobs", type=int, default=1, help="processes on this machine")
    p.add_argument("--out", help="per-game records: .csv, .json or .parquet")
    p.add_argument("--scheduler", help="a Dask scheduler address (runs the games on that cluster)")
    p.add_argument("--no-progress", action="store_true")
    p.set_defaults(func=cmd_simulate)
    p = sub.add_parser("evaluate", help="Monte Carlo value of each legal action at a point of a saved game")
    p.add_argument("record", help="a game record (archwk play --save)")
    p.add_argument("--at", type=int, help="evaluate the decision after this many actions (default: the end)")
    p.add_argument("--rollouts", type=int, default=100, help="rollouts per action")
    p.add_argument("--depth", type=int, default=24, help="decisions per rollout before scoring (-1: to the end)")
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(func=cmd_evaluate)
    p = sub.add_parser("notes", help="where the sources disagree and how archwk plays it")
    p.set_defaults(func=cmd_notes)
    return ap


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
