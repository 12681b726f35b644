"""Command line: `archwk play`, `archwk simulate`, `archwk replay`, `archwk evaluate`, `archwk notes`."""
from __future__ import annotations

import argparse
import json
import sys
from importlib import resources
from pathlib import Path
from typing import Any

from archwk import final_scores, replay, winners
from archwk.games import DEFAULT_GAME, GAMES, load_game
from archwk.kit.game import Game

from ..games.architects.solo import STAND_IN_NOTICE
from .evaluate import evaluate_actions
from .registry import DEFAULT_BOT, UnknownBot, choices, make_bot
from .simulate import run, summary, summary_data, write


def _game(args) -> Game:
    return load_game(getattr(args, "game", None) or DEFAULT_GAME)


def _options(args):
    kw = {}
    if getattr(args, "options", None):
        try:
            kw = json.loads(args.options)
        except json.JSONDecodeError as e:
            raise SystemExit(f"--options: not valid JSON ({e.msg})") from None
    try:
        return _game(args).Options.from_dict(kw)
    except (TypeError, ValueError) as e:
        raise SystemExit(f"--options: {e}") from None


def _bots(spec: str, what: str) -> tuple[str, ...]:
    """The comma-separated bot specs of `--bots`, each checked against the registry."""
    names = tuple(b.strip() for b in spec.split(",") if b.strip())
    if not names:
        raise SystemExit(f"archwk {what}: --bots: give at least one bot ({choices()})")
    for b in names:
        try:
            make_bot(b, 0)
        except UnknownBot as e:
            raise SystemExit(f"archwk {what}: --bots: {e}") from None
    return names


def _score_table(s) -> str:
    scores = final_scores(s)
    lines = getattr(type(scores[0]), "LINES", ()) if scores else ()
    rows = [f"{'player':<14}" + "".join(f"{x:>12}" for x in lines) + f"{'total':>8}"]
    for sc in scores:
        rows.append(f"{sc.name:<14}" + "".join(f"{getattr(sc, x):>12}" for x in lines) + f"{sc.total:>8}")
    win = ", ".join(s.players[p].name for p in winners(s))
    rows.append(f"winner: {win}")
    return "\n".join(rows)


def cmd_play(args) -> int:
    game = _game(args)
    opts = _options(args)
    try:
        s: Any = game.new_game(args.players, seed=args.seed, options=opts)
    except ValueError as e:
        print(f"archwk play: {e}", file=sys.stderr)
        return 2
    names = _bots(args.bots or DEFAULT_BOT, "play")
    humans = [p for p in s.players if not getattr(p, "is_byzantine", False)]
    seat_bots = [make_bot(names[i % len(names)], args.seed * 100 + i) for i in range(len(s.players))]
    if len(humans) < len(s.players) and getattr(opts, "schemes", False) is None:
        print(f"note: {STAND_IN_NOTICE}")  # Architects' solo opponent plays a stand-in Scheme deck
    print(f"archwk: {len(humans)} player(s), seed {args.seed}")
    turn = None
    while not s.is_over:
        p = s.current_player
        assert p is not None  # the game is not over
        a = seat_bots[p].choose(s)
        s = s.apply(a)
        if not args.quiet:
            for ev in s.events:
                if ev.kind == "turn":
                    turn = ev.data["turn"]
                prefix = f"[{turn:>3}] " if turn else "      "
                print(prefix + ev.text)
    print()
    print(_score_table(s))
    if args.save:
        Path(args.save).write_text(json.dumps(s.record(), indent=1))
        print(f"record saved to {args.save}")
    return 0


def cmd_replay(args) -> int:
    try:
        s = replay(Path(args.record).read_text())
    except (OSError, ValueError) as e:
        print(f"archwk replay: {e}", file=sys.stderr)
        return 2
    print(f"replayed {len(s.history)} decisions; {'game over' if s.is_over else s.prompt}")
    print(_score_table(s))
    return 0


def cmd_simulate(args) -> int:
    opts = _options(args).to_dict()
    bots = _bots(args.bots, "simulate")
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
    try:
        recs = run(args.players, args.games, args.seed, bots, opts, jobs=args.jobs, progress=progress,
                   scheduler=args.scheduler, rotate=args.rotate, game=_game(args).name)
    except ImportError as e:  # --scheduler without dask
        raise SystemExit(f"--scheduler: {e}") from None
    finally:
        if bar is not None:
            bar.close()
        elif progress:
            print(file=sys.stderr)
    if args.json:
        print(json.dumps(summary_data(recs), indent=1))
    else:
        print(summary(recs))
    if args.out:
        try:
            write(recs, args.out)
        except (ImportError, ValueError) as e:
            raise SystemExit(f"--out: {e}") from None
        print(f"records written to {args.out}", file=sys.stderr if args.json else sys.stdout)
    return 0


def cmd_evaluate(args) -> int:
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
        rec = s.record()
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
    print(resources.files("archwk.games.architects").joinpath("data", "rules-notes.md").read_text(encoding="utf-8"))
    return 0


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="archwk", description="Board games' rules, bots and analysis: "
                                 + "; ".join(f"{g.title} ({name})" for name, g in GAMES.items()) + ".")
    sub = ap.add_subparsers(dest="cmd", required=True)
    game_help = (f"the game: {', '.join(GAMES)} (default {DEFAULT_GAME}: "
                 f"{GAMES[DEFAULT_GAME].title})")
    p = sub.add_parser("play", help="a game between bots, printing the event log")
    p.add_argument("--game", choices=tuple(GAMES), default=DEFAULT_GAME, help=game_help)
    p.add_argument("--players", type=int, default=3,
                   help="number of players, 1 to 5 (1: solo against the Byzantine opponent; default 3)")
    p.add_argument("--seed", type=int, default=1,
                   help="seed of the game's setup and of the bots: the same seed plays the same game (default 1)")
    p.add_argument("--bots", default=DEFAULT_BOT,
                   help=f"comma-separated bots, one per seat (cycled; default {DEFAULT_BOT}): {choices()}")
    p.add_argument("--options", help='archwk.Options as JSON, e.g. \'{"artisans": true}\'')
    p.add_argument("--quiet", action="store_true", help="only the final scores")
    p.add_argument("--save", help="write the game record (JSON) here")
    p.set_defaults(func=cmd_play)
    p = sub.add_parser("replay", help="replay a saved game record and print the scores")
    p.add_argument("record", help="a game record (JSON), as `archwk play --save` writes it")
    p.set_defaults(func=cmd_replay)
    p = sub.add_parser("simulate", help="many games between bots, with a summary")
    p.add_argument("--game", choices=tuple(GAMES), default=DEFAULT_GAME, help=game_help)
    p.add_argument("--players", type=int, default=4,
                   help="players in each game, 1 to 5 (1: a bot against the Byzantine opponent; default 4)")
    p.add_argument("--games", type=int, default=100, help="how many games to play (default 100)")
    p.add_argument("--seed", type=int, default=1,
                   help="base seed: game i is set up and played with its own seed drawn from it, so the same "
                        "seed gives the same results whatever --jobs (default 1)")
    p.add_argument("--bots", default=DEFAULT_BOT,
                   help=f"comma-separated bots, one per seat (cycled; default {DEFAULT_BOT}): {choices()}")
    p.add_argument("--rotate", action="store_true",
                   help="move the bots one seat on from game to game (every bot in every seat)")
    p.add_argument("--options", help='the game options (archwk.Options) as JSON, e.g. \'{"artisans": true}\'')
    p.add_argument("--jobs", type=int, default=1,
                   help="processes to play the games in on this machine (default 1); the results do not depend on it")
    p.add_argument("--out", help="per-game records: .csv, .json or .parquet")
    p.add_argument("--scheduler", help="a Dask scheduler address (runs the games on that cluster)")
    p.add_argument("--no-progress", action="store_true", help="print no progress bar")
    p.add_argument("--json", action="store_true",
                   help="print the summary as JSON (every win rate with its 95%% interval)")
    p.set_defaults(func=cmd_simulate)
    p = sub.add_parser("evaluate", help="Monte Carlo value of each legal action at a point of a saved game")
    p.add_argument("record", help="a game record (archwk play --save)")
    p.add_argument("--at", type=int, help="evaluate the decision after this many actions (default: the end)")
    p.add_argument("--rollouts", type=int, default=100, help="rollouts per action")
    p.add_argument("--depth", type=int, default=24, help="decisions per rollout before scoring (-1: to the end)")
    p.add_argument("--seed", type=int, default=0,
                   help="seed of the rollouts: the same seed gives the same figures (default 0)")
    p.set_defaults(func=cmd_evaluate)
    p = sub.add_parser("notes", help="where the sources disagree and how archwk plays it")
    p.set_defaults(func=cmd_notes)
    return ap


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
