"""Train the win-chance model (`archwk.ai.winchance`;
Architects' features: `archwk.games.architects.play.winchance`) from self-play, and report its calibration.

    python scripts/train_winchance.py generate --games 1200 --data /tmp/wc-games.jsonl
    python scripts/train_winchance.py fit --data /tmp/wc-games.jsonl --out archwk/games/architects/data/winchance.json

`generate` plays self-play games (mostly heuristic bots, some seats fast or
search bots, 1 to 5 players, mixed options) and appends one JSON line per
game: how it was set up, its record, and a few sampled positions (their
features and who won). Games that hit a backstop (a bot steering for the end
after `archwk.games.architects.play.heuristics.STALEMATE_TURNS` turns per player, or a decision cap)
are left out and counted: their positions are not the game people play.

`fit` fits the conditional-logit weights by maximum likelihood (Newton's
method with a small ridge penalty; numpy), holding out every fifth game, and
prints the calibration on the held-out games: predicted vs observed win rate
per decile of the predicted chance, the Brier score against the equal-chances
baseline, by player count too. `--refeature` recomputes the features from
the stored records (after a change of `FEATURES`).

numpy is needed here only; the model itself is pure Python.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import archwk  # noqa: E402
from archwk.games.architects import record as _record  # noqa: E402
from archwk.ai import winchance as model  # noqa: E402
from archwk.games.architects.play import winchance as wc  # noqa: E402
from archwk.games.architects.play.heuristics import STALEMATE_TURNS, in_stalemate  # noqa: E402
from archwk.ai.registry import make_bot  # noqa: E402
from archwk.games.architects import record as _record  # noqa: E402

MAX_DECISIONS = 4000
POSITIONS_PER_GAME = 10
HOLDOUT_EVERY = 5          # game index % 5 == 0 -> held out
RIDGE = 1e-2


# --------------------------------------------------------------------------- self-play

def game_setup(i: int, rng: random.Random) -> tuple[int, dict, list[str]]:
    """Player count, options and bot specs of game i."""
    n = rng.choices([1, 2, 3, 4, 5], weights=[10, 30, 25, 20, 15])[0]
    opts: dict = {}
    r = rng.random()
    if r < 0.15:
        opts["board_side"] = 2
    elif r < 0.25:
        opts["artisans"] = True
    elif r < 0.35:
        opts["expansion_cards"] = True
    elif r < 0.40:
        opts.update(board_side=2, artisans=True, expansion_cards=True, promo_characters=True)
    if n == 1:
        opts["solo_opponent"] = rng.choice(["constantine", "helena"])
    elif n == 2 and rng.random() < 0.1:
        opts.update(two_player_bot=True, solo_opponent=rng.choice(["constantine", "helena"]))
    people = n
    specs = ["heuristic"] * people
    r = rng.random()
    if r < 0.12 and people >= 2:
        specs[rng.randrange(people)] = "fast"
    elif r < 0.20:
        specs[rng.randrange(people)] = "mcts:8"
    return n, opts, specs


def play_game(n: int, opts: dict, specs: list[str], seed: int):
    s = archwk.new_game(n, seed=seed, options=archwk.Options(**opts))
    bots = [make_bot(spec, seed * 7 + k) for k, spec in enumerate(specs)]
    states = [s]
    backstop = False
    while not s.is_over:
        if len(states) > MAX_DECISIONS or in_stalemate(s):
            backstop = True
            break
        p = s.current_player
        assert p is not None  # the game is not over
        s = s.apply(bots[p].choose(s))
        states.append(s)
    return s, states, backstop


def sample_positions(states, final, rng: random.Random, k: int = POSITIONS_PER_GAME) -> list[dict]:
    won = archwk.winners(final)
    live = [x for x in states if not x.is_over]
    picks = sorted(rng.sample(range(len(live)), min(k, len(live))))
    return [{"step": j, "x": wc.features(live[j]), "won": won} for j in picks]


def generate(args) -> None:
    out = Path(args.data)
    done = 0
    if out.exists():
        done = len(out.read_text(encoding="utf-8").splitlines())
    rng = random.Random(args.seed)
    excluded = 0
    t0 = time.time()
    with out.open("a") as f:
        for i in range(args.games):
            setup_rng = random.Random(args.seed * 1_000_003 + done + i)
            n, opts, specs = game_setup(done + i, setup_rng)
            seed = args.seed * 1_000_003 + done + i
            final, states, backstop = play_game(n, opts, specs, seed)
            if backstop:
                excluded += 1
                f.write(json.dumps({"seed": seed, "n": n, "options": opts, "bots": specs,
                                    "backstop": True}) + "\n")
                continue
            line = {"seed": seed, "n": n, "options": opts, "bots": specs, "backstop": False,
                    "decisions": len(states) - 1, "scores": [sc.total for sc in archwk.final_scores(final)],
                    "record": final.record(), "positions": sample_positions(states, final, rng, args.positions)}
            f.write(json.dumps(line) + "\n")
            f.flush()
            if (i + 1) % 25 == 0:
                print(f"{i + 1} games, {excluded} excluded, {time.time() - t0:.0f} s", flush=True)
            if args.seconds and time.time() - t0 > args.seconds:
                break
    print(f"generated {i + 1} games ({excluded} hit a backstop and are excluded) in {time.time() - t0:.0f} s")


# --------------------------------------------------------------------------- data

def read_games(path: str, refeature: bool = False) -> tuple[list[dict], int]:
    games, excluded = [], 0
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        g = json.loads(line)
        if g.get("backstop"):
            excluded += 1
            continue
        if refeature:
            states = _record.replay_doc(g["record"], archwk.GameState, states=True).states
            for pos in g["positions"]:
                pos["x"] = wc.features(states[pos["step"]])
        games.append(g)
    return games, excluded


def arrays(games: list[dict]):
    rows = [(pos["x"], pos["won"]) for g in games for pos in g["positions"]]
    nf = len(wc.FEATURES)
    X = np.zeros((len(rows), 5, nf))
    M = np.zeros((len(rows), 5), dtype=bool)
    Y = np.zeros((len(rows), 5))
    for k, (x, won) in enumerate(rows):
        m = len(x)
        X[k, :m] = x
        M[k, :m] = True
        for w in won:
            Y[k, w] = 1.0 / len(won)
    return X, M, Y


def probs(w, X, M):
    z = X @ w
    z = np.where(M, z, -np.inf)
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


#: features left out of the ridge penalty: the score and the lead, which need their full size
UNPENALISED = ("vp", "vp_g", "vp_g2", "vp_final", "lead_final", "lead_pos_g", "vp_g_n", "lead", "lead_g")


def fit_weights(X, M, Y, ridge: float = RIDGE, iters: int = 50):
    """Maximum likelihood of the conditional logit, by Newton's method (ridge-penalised, but for
    `UNPENALISED`)."""
    nf = X.shape[2]
    w = np.zeros(nf)
    n = X.shape[0]
    lam = ridge * n * np.array([0.0 if f in UNPENALISED else 1.0 for f in wc.FEATURES])
    prev = np.inf
    for _ in range(iters):
        p = probs(w, X, M)
        ll = -(Y * np.log(np.where(M, p, 1.0) + 1e-300)).sum() + 0.5 * w @ (lam * w)
        # gradient: sum_k sum_i (p_ki - y_ki) x_ki
        grad = np.einsum("ki,kif->f", p - Y, X) + lam * w
        xbar = np.einsum("ki,kif->kf", p, X)
        d = X - xbar[:, None, :]
        H = np.einsum("ki,kif,kig->fg", p, d, d) + np.diag(lam) + 1e-9 * np.eye(nf)
        step = np.linalg.solve(H, grad)
        t = 1.0
        while t > 1e-4:
            w2 = w - t * step
            p2 = probs(w2, X, M)
            ll2 = -(Y * np.log(np.where(M, p2, 1.0) + 1e-300)).sum() + 0.5 * w2 @ (lam * w2)
            if ll2 <= ll:
                break
            t *= 0.5
        w = w2
        if abs(prev - ll2) < 1e-7 * max(1.0, abs(ll2)):
            break
        prev = ll2
    return w


# --------------------------------------------------------------------------- calibration

def calibration(pred: list[float], won: list[float], bins: int = 10) -> list[tuple[float, float, float, int]]:
    """Deciles of the predicted chance: (mean predicted, observed win rate, half-width of its 95 %
    interval, rows), lowest first."""
    order = sorted(range(len(pred)), key=lambda k: pred[k])
    out = []
    for b in range(bins):
        idx = order[b * len(order) // bins:(b + 1) * len(order) // bins]
        if not idx:
            continue
        p = sum(pred[k] for k in idx) / len(idx)
        o = sum(won[k] for k in idx) / len(idx)
        half = 1.96 * (max(o * (1 - o), 1e-4) / len(idx)) ** 0.5
        out.append((p, o, half, len(idx)))
    return out


def report(games: list[dict], weights, label: str = "held-out games") -> dict:
    """Calibration of the model on `games` (their sampled positions), printed and returned."""
    pred: list[float] = []
    won: list[float] = []
    base: list[float] = []
    by_n: dict[int, list[tuple[float, float, float]]] = {}
    for g in games:
        for pos in g["positions"]:
            x = pos["x"]
            scores = [sum(a * b for a, b in zip(weights, row)) for row in x]
            ps = model.softmax(scores)
            for i, p in enumerate(ps):
                y = 1.0 if i in pos["won"] else 0.0
                pred.append(p)
                won.append(y)
                base.append(1.0 / len(ps))
                by_n.setdefault(g["n"], []).append((p, y, 1.0 / len(ps)))
    table = calibration(pred, won)
    brier = sum((p - y) ** 2 for p, y in zip(pred, won)) / len(pred)
    brier0 = sum((p - y) ** 2 for p, y in zip(base, won)) / len(pred)
    worst = max(abs(p - o) for p, o, _, _ in table)
    n_pos = sum(len(g["positions"]) for g in games)
    print(f"\nCalibration on {label}: {len(games)} games, {n_pos} positions, {len(pred)} seat rows")
    print(" decile  predicted  observed  (95% +-)   rows")
    for k, (p, o, h, m) in enumerate(table):
        print(f"   {k + 1:>2}     {100 * p:5.1f}%    {100 * o:5.1f}%   ({100 * h:4.1f})  {m:>6}")
    print(f"largest gap in a decile: {100 * worst:.1f} points")
    print(f"Brier score {brier:.4f} vs {brier0:.4f} for equal chances "
          f"({100 * (1 - brier / brier0):.0f}% better)")
    per_n = {}
    for n in sorted(by_n):
        rows = by_n[n]
        b = sum((p - y) ** 2 for p, y, _ in rows) / len(rows)
        b0 = sum((q - y) ** 2 for _, y, q in rows) / len(rows)
        per_n[n] = (b, b0)
        print(f"  {n} player{'s' if n > 1 else ''} (seats incl. any Byzantine opponent): Brier {b:.4f} "
              f"vs {b0:.4f}, {len(rows)} seat rows")
    return {"deciles": [[round(p, 4), round(o, 4), m] for p, o, _, m in table],
            "worst_gap": round(worst, 4), "brier": round(brier, 4), "brier_equal": round(brier0, 4),
            "brier_by_players": {str(n): [round(b, 4), round(b0, 4)] for n, (b, b0) in per_n.items()},
            "games": len(games), "positions": n_pos}


def fit(args) -> None:
    games, excluded = read_games(args.data, refeature=args.refeature)
    train = [g for k, g in enumerate(games) if k % HOLDOUT_EVERY]
    test = [g for k, g in enumerate(games) if k % HOLDOUT_EVERY == 0]
    X, M, Y = arrays(train)
    t0 = time.time()
    w = fit_weights(X, M, Y, ridge=args.ridge)
    print(f"fitted {len(w)} weights on {len(train)} games ({X.shape[0]} positions) in {time.time() - t0:.1f} s; "
          f"{excluded} games hit a backstop and were left out")
    for name, v in zip(wc.FEATURES, w):
        print(f"  {name:>16} {v:+.3f}")
    report(train, list(w), "the training games")
    cal = report(test, list(w))
    doc = {
        "version": model.PARAMS_VERSION,
        "features": list(wc.FEATURES),
        "weights": [round(float(v), 5) for v in w],
        "training": {
            "games": len(train), "held_out_games": len(test), "positions": int(X.shape[0]),
            "excluded_backstop_games": excluded, "ridge": args.ridge,
            "bots": "heuristic self-play, some seats fast or mcts:8; 1-5 players, mixed options",
            "backstop": f"games past {STALEMATE_TURNS} turns per player or {MAX_DECISIONS} decisions left out",
        },
        "calibration": cal,
    }
    if args.out:
        Path(args.out).write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {args.out}")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("generate", help="play self-play games and append them to the data file")
    g.add_argument("--games", type=int, default=1000)
    g.add_argument("--data", required=True)
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--seconds", type=float, default=0, help="stop after this long (0: no limit)")
    g.add_argument("--positions", type=int, default=POSITIONS_PER_GAME, help="positions sampled per game")
    f = sub.add_parser("fit", help="fit the weights and print the calibration on held-out games")
    f.add_argument("--data", required=True)
    f.add_argument("--out", default=str(wc.PARAMS_PATH))
    f.add_argument("--ridge", type=float, default=RIDGE)
    f.add_argument("--refeature", action="store_true", help="recompute the features from the stored records")
    args = ap.parse_args(argv)
    if args.cmd == "generate":
        generate(args)
    else:
        fit(args)


if __name__ == "__main__":
    main()
