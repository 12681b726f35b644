"""How fast does a save load? Loading replays the game record through the rules
(issue 11), so the cost of opening a finished game is the cost of replaying it.

For finished random 5-player games (and a 2-player one): the median CPU time of
``GameState.from_json`` (parse, limits, replay through the legality gate, check
of the cached position), of ``archwk.replay(record)`` alone, of ``to_json``,
and of the game code both ways; the save's size and the game code's length.

    python benchmarks/bench_save.py                 # 5 games, 5 repeats each
    python benchmarks/bench_save.py --games 2 --json

With ``--json`` the table goes to stderr and stdout is one JSON line.
"""
from __future__ import annotations

import argparse
import functools
import json
import platform
import random
import statistics
import sys
import time


def _game(players: int, seed: int):
    import archwk
    s = archwk.new_game(players, seed=seed)
    r = random.Random(seed)
    while not s.is_over:
        s = s.apply(r.choice(s.legal_actions()))
    return s


def _median_ms(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t0 = time.process_time()  # CPU time: steady on a shared machine
        fn()
        times.append(time.process_time() - t0)
    return statistics.median(times) * 1000


def bench(games: int, repeats: int, seed: int) -> dict:
    import archwk
    out: dict = {}
    for players in (5, 2):
        rows = []
        for g in range(games if players == 5 else 1):
            s = _game(players, seed + g)
            text = s.to_json()
            rec = s.record()
            code = s.game_code()
            assert archwk.GameState.from_json(text).to_json() == text
            rows.append({
                "decisions": len(s.history),
                "from_json_ms": _median_ms(functools.partial(archwk.GameState.from_json, text), repeats),
                "replay_ms": _median_ms(functools.partial(archwk.replay, rec), repeats),
                "to_json_ms": _median_ms(s.to_json, repeats),
                "code_encode_ms": _median_ms(s.game_code, repeats),
                "code_decode_ms": _median_ms(functools.partial(archwk.from_game_code, code), repeats),
                "save_bytes": len(text.encode()),
                "code_chars": len(code),
            })
        out[f"{players}p"] = {k: statistics.median(r[k] for r in rows) for k in rows[0]}
    out["python"] = platform.python_version()
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    res = bench(args.games, args.repeats, args.seed)
    table = sys.stderr if args.json else sys.stdout
    for key in ("5p", "2p"):
        r = res[key]
        print(f"{key}: {r['decisions']:.0f} decisions; from_json {r['from_json_ms']:.1f} ms "
              f"(replay alone {r['replay_ms']:.1f} ms), to_json {r['to_json_ms']:.1f} ms; "
              f"save {r['save_bytes'] / 1024:.0f} KiB; game code {r['code_chars']:.0f} chars "
              f"(encode {r['code_encode_ms']:.1f} ms, decode {r['code_decode_ms']:.1f} ms)", file=table)
    if args.json:
        print(json.dumps(res, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
