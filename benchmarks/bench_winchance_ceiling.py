"""How much of an Architects game a forecast can know: play each held-out position out
several times (the game's own bot kinds with fresh seeds, the hidden cards dealt again
from the mover's view) and score the share of rollouts each seat won as a forecast, beside
the win-chance model and the naive projection on the same positions.

    python scripts/train_winchance.py generate --games 480 --seed 777 --data H
    python benchmarks/bench_winchance_ceiling.py --data H --rollouts 8 --seconds 1080

The rollouts know the bots and the mover's hand, more than a model of public information,
so their Brier skill (against equal chances; corrected for the rollouts' own sampling noise,
p(1 - p) / (R - 1) a seat) is an estimate from above of what any forecast of these games
can reach. One position is drawn per game (games with a search seat are skipped: too slow).
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import archwk  # noqa: E402
from archwk.ai.registry import make_bot  # noqa: E402
from archwk.ai.winchance import win_chances  # noqa: E402
from archwk.games.architects import record as _record  # noqa: E402
from archwk.games.architects.play.determinize import Determinizer  # noqa: E402
from archwk.games.architects.play.heuristics import in_stalemate  # noqa: E402

MAX_DECISIONS = 4000


def rollout_shares(s0, specs, rollouts: int, rng: random.Random) -> tuple[list[float], int]:
    """Each seat's share of the rollouts won from `s0`, and how many rollouts ended."""
    mover = s0.current_player
    share = [0.0] * len(s0.players)
    done = 0
    for _ in range(rollouts):
        s = Determinizer(s0.view(mover), mover).sample(random.Random(rng.random()))
        bots = [make_bot(spec, rng.randrange(1 << 30)) for spec in specs]
        k = 0
        while not s.is_over and k < MAX_DECISIONS and not in_stalemate(s):
            s = s.apply(bots[s.current_player].choose(s))
            k += 1
        if s.is_over:
            won = archwk.winners(s)
            done += 1
            for w in won:
                share[w] += 1 / len(won)
    return [x / done for x in share] if done else share, done


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", required=True, help="held-out games written by scripts/train_winchance.py generate")
    ap.add_argument("--rollouts", type=int, default=8)
    ap.add_argument("--seconds", type=float, default=600, help="stop drawing positions after this long")
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args(argv)
    tw = __import__("train_winchance")
    naive_t = json.loads((ROOT / "archwk/games/architects/data/winchance.json").read_text()).get("naive_temperature")
    rng = random.Random(args.seed)
    sums: dict[tuple[int, str], list[float]] = {}
    t0 = time.time()
    positions = 0
    for line in Path(args.data).read_text(encoding="utf-8").splitlines():
        g = json.loads(line)
        if g.get("backstop") or any(b.startswith("mcts") for b in g["bots"]):
            continue
        states = _record.replay_doc(g["record"], archwk.GameState, states=True).states
        pos = rng.choice(g["positions"])
        s = states[pos["step"]]
        p, done = rollout_shares(s, g["bots"], args.rollouts, rng)
        if done < 2:
            continue
        positions += 1
        model = win_chances(s)
        naive = tw.naive_chances([sc.total for sc in archwk.final_scores(s)], naive_t)
        phase = tw.phase_of("architects", s)
        for i in range(len(p)):
            y = 1.0 if i in pos["won"] else 0.0
            equal = (1 / len(p) - y) ** 2
            for name, v in (("rollouts", (p[i] - y) ** 2 - p[i] * (1 - p[i]) / (done - 1)),
                            ("model", (model[i] - y) ** 2), ("naive", (naive[i] - y) ** 2)):
                for key in ((0, name), (phase, name)):
                    acc = sums.setdefault(key, [0.0, 0.0])
                    acc[0] += v
                    acc[1] += equal
        if time.time() - t0 > args.seconds:
            break
    out = {f"{'all' if ph == 0 else f'phase {ph}'} {name}": round(1 - a / b, 3)
           for (ph, name), (a, b) in sorted(sums.items())}
    print(f"{positions} positions, {args.rollouts} rollouts each, {time.time() - t0:.0f} s; Brier skill:")
    for k, v in out.items():
        print(f"  {k}: {v}")
    return out


if __name__ == "__main__":
    main()
