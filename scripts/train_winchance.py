"""Train the win-chance model (`archwk.ai.winchance`;
Architects' features: `archwk.games.architects.play.winchance`, Archon's:
`archwk.games.archon.play.winchance`) from self-play, and report its calibration.

    python scripts/train_winchance.py generate --games 3000 --positions 30 --data /tmp/wc-games.jsonl
    python scripts/train_winchance.py fit --data /tmp/wc-games.jsonl --refeature
    python scripts/train_winchance.py generate --games 480 --seed 777 --data /tmp/wc-held-out.jsonl
    python scripts/train_winchance.py report --data /tmp/wc-held-out.jsonl --refeature
    python scripts/train_winchance.py generate --game archon --games 600 --seed 1 --data /tmp/archon-wc.jsonl
    python scripts/train_winchance.py fit --game archon --data /tmp/archon-wc.jsonl
    python scripts/train_winchance.py report --game archon --data /tmp/archon-held-out.jsonl

(The command that made a shipped file is in its "training" field.) For Archon
(`--game archon`) `generate` plays 2 to 4 players (equally often), heuristic
bots with one fast seat in about one game in six, and `fit` writes
`archwk/games/archon/data/winchance.json`; `report` prints the calibration of
the shipped model on other games (generated with a seed never trained on).
The report gives the Brier score against equal chances and its skill
(1 - Brier / Brier of equal chances) overall, by player count and by game phase
(Archon: the Season; Architects: the third of the Guildhall filled), the deciles,
and the same for a naive projection (a softmax of each seat's score as if the
game ended now, at the temperature that fits the training games best).

`generate` plays self-play games (mostly heuristic bots, some seats fast or
search bots, 1 to 5 players, mixed options) and appends one JSON line per
game: how it was set up, its record, and a few sampled positions (their
features, game phase and score now, and who won). Games that hit a backstop (a bot steering for the end
after `archwk.games.architects.play.heuristics.STALEMATE_TURNS` turns per player, or a decision cap)
are left out and counted: their positions are not the game people play.

`fit` holds out every fifth game and fits the model on the others, then prints
the calibration on the held-out games: predicted vs observed win rate per
decile of the predicted chance, the Brier score against the equal-chances
baseline, by player count and phase too. `--model logit` (Archon's default):
the conditional-logit weights by maximum likelihood (Newton's method with a
small ridge penalty). `--model mlp` (Architects' default): the network of
`archwk.ai.winchance.MLP` by maximum likelihood (Adam on minibatches, an L2
penalty, a fixed seed; kept at the epoch best on the held-out games).
`--refeature` recomputes the features from the stored records (after a change
of `FEATURES`).

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
from archwk.ai import winchance as model  # noqa: E402
from archwk.ai.registry import make_bot  # noqa: E402
from archwk.games.architects import record as _record  # noqa: E402
from archwk.games.architects.play import winchance as wc  # noqa: E402
from archwk.games.architects.play.heuristics import STALEMATE_TURNS, in_stalemate  # noqa: E402

MAX_DECISIONS = 4000
POSITIONS_PER_GAME = 10
HOLDOUT_EVERY = 5          # game index % 5 == 0 -> held out
RIDGE = 1e-2


GAMES = ("architects", "archon")


def feature_module(game: str):
    """The module holding a game's win-chance `FEATURES`, `features` and `PARAMS_PATH`."""
    if game == "archon":
        from archwk.games.archon.play import winchance as awc
        return awc
    return wc


def progress_index(feats) -> int | None:
    """Where a game's features say how far the game is (Architects' Guildhall "fill"), for
    the pace projection; None for a game whose features do not."""
    return feats.FEATURES.index("fill") if "fill" in feats.FEATURES else None


def phase_of(game: str, s) -> int:
    """The game phase a position is reported under: Archon's Season, Architects' third
    of the Guildhall filled (1 to 3)."""
    if game == "archon":
        return feature_module(game).phase(s)
    return 1 + min(2, int(3 * wc.progress(s)))


# --------------------------------------------------------------------------- self-play

def game_setup_archon(i: int, rng: random.Random) -> tuple[int, dict, list[str]]:
    """Archon: player count (2 to 4, equally often) and bot specs of game i (the
    heuristic bot, with one fast seat in about one game in six)."""
    n = rng.choice([2, 3, 4])
    specs = ["heuristic"] * n
    if rng.random() < 0.17:
        specs[rng.randrange(n)] = "fast"
    return n, {}, specs


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


def play_game(n: int, opts: dict, specs: list[str], seed: int, game: str = "architects"):
    if game == "architects":
        s = archwk.new_game(n, seed=seed, options=archwk.Options(**opts))
    else:
        s = archwk.new_game(n, seed=seed, game=game)
    bots = [make_bot(spec, seed * 7 + k) for k, spec in enumerate(specs)]
    states = [s]
    backstop = False
    while not s.is_over:
        if len(states) > MAX_DECISIONS or (game == "architects" and in_stalemate(s)):
            backstop = True
            break
        p = s.current_player
        assert p is not None  # the game is not over
        s = s.apply(bots[p].choose(s))
        states.append(s)
    return s, states, backstop


def sample_positions(states, final, rng: random.Random, k: int = POSITIONS_PER_GAME,
                     game: str = "architects") -> list[dict]:
    won = archwk.winners(final)
    live = [x for x in states if not x.is_over]
    picks = sorted(rng.sample(range(len(live)), min(k, len(live))))
    feats = feature_module(game)
    return [{"step": j, "x": feats.features(live[j]), "won": won, "phase": phase_of(game, live[j]),
             "score": [sc.total for sc in archwk.final_scores(live[j])]} for j in picks]


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
            setup = game_setup_archon if args.game == "archon" else game_setup
            n, opts, specs = setup(done + i, setup_rng)
            seed = args.seed * 1_000_003 + done + i
            final, states, backstop = play_game(n, opts, specs, seed, args.game)
            tag = {} if args.game == "architects" else {"game": args.game}
            if backstop:
                excluded += 1
                f.write(json.dumps({**tag, "seed": seed, "n": n, "options": opts, "bots": specs,
                                    "backstop": True}) + "\n")
                continue
            line = {**tag, "seed": seed, "n": n, "options": opts, "bots": specs, "backstop": False,
                    "decisions": len(states) - 1, "scores": [sc.total for sc in archwk.final_scores(final)],
                    "record": final.record(),
                    "positions": sample_positions(states, final, rng, args.positions, args.game)}
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
            game = g.get("game", "architects")
            if game == "architects":
                states = _record.replay_doc(g["record"], archwk.GameState, states=True).states
            else:
                states = archwk.games.load_record(g["record"], states=True).states
            feats = feature_module(game)
            for pos in g["positions"]:
                s = states[pos["step"]]
                pos["x"] = feats.features(s)
                pos["phase"] = phase_of(game, s)
                pos["score"] = [sc.total for sc in archwk.final_scores(s)]
        games.append(g)
    return games, excluded


def arrays(games: list[dict], names=None):
    rows = [(pos["x"], pos["won"]) for g in games for pos in g["positions"]]
    nf = len(wc.FEATURES if names is None else names)
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
UNPENALISED = ("vp", "vp_g", "vp_g2", "vp_final", "lead_final", "lead_pos_g", "vp_g_n", "lead", "lead_g",
               "vp_lead", "vp_lead_g", "vp_lead_g2")


def fit_weights(X, M, Y, ridge: float = RIDGE, iters: int = 50, names=None):
    """Maximum likelihood of the conditional logit, by Newton's method (ridge-penalised, but for
    `UNPENALISED`); `names`: the features (default Architects')."""
    nf = X.shape[2]
    w = np.zeros(nf)
    n = X.shape[0]
    lam = ridge * n * np.array([0.0 if f in UNPENALISED else 1.0 for f in (wc.FEATURES if names is None else names)])
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


# --------------------------------------------------------------------------- the network

HIDDEN = 32
L2 = 1e-2
EPOCHS = 60
BATCH = 512
LEARNING_RATE = 3e-3
MLP_SEED = 1


def mlp_inputs(X, M, relative):
    """The network's inputs of every seat (`archwk.ai.winchance.MLP.inputs`, in numpy): its
    features, then each relative feature's difference to the best other seat's and to the mean
    of the others' (0 without another seat)."""
    R = X[:, :, relative]
    best = np.zeros_like(R)
    mean = np.zeros_like(R)
    S = X.shape[1]
    for i in range(S):
        others = M.copy()
        others[:, i] = False
        cnt = others.sum(axis=1)
        has = (cnt > 0)[:, None]
        mx = np.where(others[:, :, None], R, -np.inf).max(axis=1)
        sm = np.where(others[:, :, None], R, 0.0).sum(axis=1) / np.maximum(cnt, 1)[:, None]
        best[:, i] = np.where(has, R[:, i] - np.where(has, mx, 0.0), 0.0)
        mean[:, i] = np.where(has, R[:, i] - sm, 0.0)
    return np.concatenate([X, best, mean], axis=2)


def _mlp_forward(P, Z, M):
    A = np.tanh(Z @ P["hidden"].T + P["hidden_bias"])
    s = A @ P["output"] + Z @ P["linear"]
    s = np.where(M, s, -np.inf)
    s = s - s.max(axis=1, keepdims=True)
    e = np.exp(s)
    return A, e / e.sum(axis=1, keepdims=True)


def _mlp_loss(P, Z, M, Y) -> float:
    _, p = _mlp_forward(P, Z, M)
    return float(-(Y * np.log(np.where(M, p, 1.0) + 1e-300)).sum() / Z.shape[0])


def fit_mlp(X, M, Y, Xv, Mv, Yv, relative, hidden: int = HIDDEN, l2: float = L2, epochs: int = EPOCHS,
            seed: int = MLP_SEED, verbose: bool = True) -> dict:
    """The network by maximum likelihood (Adam on minibatches, an L2 penalty on the weights; numpy),
    standardised on the training positions; kept at the epoch with the best likelihood on the
    validation positions (`Xv`, other games). Deterministic for a seed."""
    rng = np.random.default_rng(seed)
    Z = mlp_inputs(X, M, relative)
    Zv = mlp_inputs(Xv, Mv, relative)
    rows = Z[M]
    mu = rows.mean(axis=0)
    sd = rows.std(axis=0)
    sd = np.where(sd < 1e-6, 1.0, sd)
    Z = np.where(M[:, :, None], (Z - mu) / sd, 0.0)
    Zv = np.where(Mv[:, :, None], (Zv - mu) / sd, 0.0)
    d = Z.shape[2]
    P = {"hidden": rng.normal(0, 1 / np.sqrt(d), (hidden, d)), "hidden_bias": np.zeros(hidden),
         "output": rng.normal(0, 0.1, hidden), "linear": np.zeros(d)}
    mom = {k: np.zeros_like(v) for k, v in P.items()}
    vel = {k: np.zeros_like(v) for k, v in P.items()}
    b1, b2, step = 0.9, 0.999, 0
    best = (_mlp_loss(P, Zv, Mv, Yv), -1, {k: v.copy() for k, v in P.items()})
    K = Z.shape[0]
    for ep in range(epochs):
        order = rng.permutation(K)
        lr = LEARNING_RATE * (0.5 * (1 + np.cos(np.pi * ep / epochs)))
        for lo in range(0, K, BATCH):
            idx = order[lo:lo + BATCH]
            z, m, y = Z[idx], M[idx], Y[idx]
            A, p = _mlp_forward(P, z, m)
            ds = np.where(m, p - y, 0.0) / len(idx)
            g = {"linear": np.einsum("ks,ksd->d", ds, z) + l2 * P["linear"],
                 "output": np.einsum("ks,ksh->h", ds, A) + l2 * P["output"]}
            dA = ds[:, :, None] * P["output"] * (1 - A * A)
            g["hidden"] = np.einsum("ksh,ksd->hd", dA, z) + l2 * P["hidden"]
            g["hidden_bias"] = dA.sum(axis=(0, 1))
            step += 1
            for k in P:
                mom[k] = b1 * mom[k] + (1 - b1) * g[k]
                vel[k] = b2 * vel[k] + (1 - b2) * g[k] ** 2
                P[k] = P[k] - lr * (mom[k] / (1 - b1 ** step)) / (np.sqrt(vel[k] / (1 - b2 ** step)) + 1e-8)
        lv = _mlp_loss(P, Zv, Mv, Yv)
        if lv < best[0]:
            best = (lv, ep, {k: v.copy() for k, v in P.items()})
        if verbose and (ep % 10 == 9 or ep == epochs - 1):
            print(f"  epoch {ep + 1}: training loss {_mlp_loss(P, Z, M, Y):.4f}, validation {lv:.4f} "
                  f"(best {best[0]:.4f} at epoch {best[1] + 1})", flush=True)
    P = best[2]
    return {"mean": mu, "scale": sd, "best_epoch": best[1] + 1, "validation_loss": best[0], **P}


def _r(v) -> list:
    return np.round(np.asarray(v, dtype=float), 6).tolist()


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


def _skill(b: float, b0: float) -> float:
    """Brier skill against equal chances: 1 - Brier / Brier of equal chances."""
    return 1 - b / b0 if b0 else 0.0


def naive_chances(score: list[float], temperature: float) -> list[float]:
    """The naive projection: a softmax of each seat's score as if the game ended now."""
    return model.softmax([x / temperature for x in score])


def naive_temperature(games: list[dict]) -> float | None:
    """The temperature of the naive projection with the lowest Brier score on `games`
    (None when their positions do not hold the scores)."""
    rows = [(pos["score"], pos["won"]) for g in games for pos in g["positions"] if "score" in pos]
    if not rows:
        return None
    best = None
    for t in (0.5, 0.75, 1, 1.5, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 30):
        b = sum((p - (1.0 if i in won else 0.0)) ** 2
                for score, won in rows for i, p in enumerate(naive_chances(score, t)))
        if best is None or b < best[0]:
            best = (b, t)
    assert best is not None
    return float(best[1])


#: the pace projection's floor on how far the game is (a game a tenth gone does not score 10 times its score)
PACE_FLOOR = 0.15
#: the temperatures a naive projection is tried at (its best on the positions it is scored on)
NAIVE_TEMPERATURES = (0.5, 0.75, 1, 1.5, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 30, 40, 50, 80)


def pace_chances(score: list[float], progress: float, temperature: float) -> list[float]:
    """The pace projection: a softmax of each seat's score as if the game ended now, carried
    on to the end at the pace so far (divided by how far the game is, at least `PACE_FLOOR`)."""
    return naive_chances([x / max(progress, PACE_FLOOR) for x in score], temperature)


def _brier(rows: list[tuple[list[float], list[float]]]) -> tuple[float, float]:
    """(Brier score, Brier score of equal chances) of (chances, outcomes) rows, a seat row each."""
    k = sum(len(ps) for ps, _ in rows)
    b = sum((p - y) ** 2 for ps, ys in rows for p, y in zip(ps, ys))
    b0 = sum((1 / len(ps) - y) ** 2 for ps, ys in rows for y in ys)
    return b / k, b0 / k


def _brier_skill(rows: list[tuple[list[float], list[float]]]) -> tuple[float, float]:
    """(Brier, skill against equal chances) of (chances, outcomes) rows."""
    b, b0 = _brier(rows)
    return b, _skill(b, b0)


def position_rows(games: list[dict], weights, progress: int | None = None) -> list[dict]:
    """Each sampled position of `games` once, with the model's chances for its seats: its
    player count, phase (when held), whether it is past the first fifth of its game's
    decisions (the issue's positions), the scores now (when held), how far the game is
    (feature `progress`, when given) and the outcome of each seat (1 won, 0 not)."""
    scorer = weights if isinstance(weights, (model.Logit, model.MLP)) else model.Logit(tuple(weights))
    rows = []
    for g in games:
        for pos in g["positions"]:
            rows.append({
                "n": g["n"], "phase": pos.get("phase"),
                "late": bool("step" in pos and g.get("decisions") and pos["step"] / g["decisions"] >= 0.2),
                "model": model.softmax(scorer.scores(pos["x"])), "score": pos.get("score"),
                "progress": pos["x"][0][progress] if progress is not None else None,
                "won": [1.0 if i in pos["won"] else 0.0 for i in range(len(pos["x"]))]})
    return rows


def naive_table(rows: list[dict], naive_t: float | None) -> dict:
    """The model against the naive projections on the same positions (`position_rows`), on
    all of them and on those past the first fifth of their game's decisions (the issue's
    positions): the softmax of the score now (at `naive_t`, fitted on the training games)
    and the pace projection (`pace_chances`, when the rows say how far each game is, at its
    best temperature on these very positions: the naive at its best)."""
    if not rows or any(r["score"] is None for r in rows):
        return {}
    out: dict = {}
    parts = {"all": rows, "past_first_fifth": [r for r in rows if r["late"]]}
    pace_t = None
    if all(r["progress"] is not None for r in rows):
        pace_t = min(NAIVE_TEMPERATURES, key=lambda t: _brier(
            [(pace_chances(r["score"], r["progress"], t), r["won"]) for r in rows])[0])
    for name, part in parts.items():
        if not part:
            continue
        entry = {"seat_rows": sum(len(r["won"]) for r in part),
                 "model": round(_brier_skill([(r["model"], r["won"]) for r in part])[1], 4)}
        if naive_t:
            entry["score_now"] = round(_brier_skill([(naive_chances(r["score"], naive_t), r["won"])
                                                     for r in part])[1], 4)
        if pace_t is not None:
            entry["pace"] = round(_brier_skill([(pace_chances(r["score"], r["progress"], pace_t), r["won"])
                                                for r in part])[1], 4)
        out[name] = entry
    if out:
        out["temperatures"] = {"score_now": naive_t, "pace": pace_t}
        print("Brier skill against equal chances, the model and the naive projections on the same positions"
              f" (score now / {naive_t}; pace projection / {pace_t}):")
        for name in parts:
            if name in out:
                e = out[name]
                print(f"  {name.replace('_', ' ')}: model {e['model']:.3f}"
                      + (f", score now {e['score_now']:.3f}" if "score_now" in e else "")
                      + (f", pace {e['pace']:.3f}" if "pace" in e else "") + f" ({e['seat_rows']} seat rows)")
    return out


def report(games: list[dict], weights, label: str = "held-out games", naive_t: float | None = None,
           progress: int | None = None) -> dict:
    """Calibration of the model on `games` (their sampled positions), printed and returned:
    the deciles, the Brier score and its skill against equal chances, overall, by player
    count and by game phase (when the positions hold it), and the naive projection's
    (when the positions hold the scores and `naive_t` is given; with `progress`, the index
    of how far the game is in the features, the pace projection's too: `naive_table`)."""
    rows = position_rows(games, weights, progress)
    pred = [p for r in rows for p in r["model"]]
    won = [y for r in rows for y in r["won"]]
    table = calibration(pred, won)
    brier, brier0 = _brier([(r["model"], r["won"]) for r in rows])
    worst = max(abs(p - o) for p, o, _, _ in table)
    beyond = max(abs(p - o) - h for p, o, h, _ in table)
    print(f"\nCalibration on {label}: {len(games)} games, {len(rows)} positions, {len(pred)} seat rows")
    print(" decile  predicted  observed  (95% +-)   rows")
    for k, (p, o, h, m) in enumerate(table):
        print(f"   {k + 1:>2}     {100 * p:5.1f}%    {100 * o:5.1f}%   ({100 * h:4.1f})  {m:>6}")
    print(f"largest gap in a decile: {100 * worst:.1f} points ({100 * beyond:+.1f} beyond its 95% interval)")
    print(f"Brier score {brier:.4f} vs {brier0:.4f} for equal chances "
          f"({100 * (1 - brier / brier0):.0f}% better: skill {_skill(brier, brier0):.3f})")
    out_naive = None
    if naive_t and all(r["score"] is not None for r in rows):
        bn, _ = _brier([(naive_chances(r["score"], naive_t), r["won"]) for r in rows])
        out_naive = {"temperature": naive_t, "brier": round(bn, 4), "skill": round(_skill(bn, brier0), 4)}
        print(f"naive projection (softmax of the score now / {naive_t}): Brier {bn:.4f}, "
              f"skill {_skill(bn, brier0):.3f}")
    per_n = {}
    for n in sorted({r["n"] for r in rows}):
        part = [(r["model"], r["won"]) for r in rows if r["n"] == n]
        b, b0 = per_n[n] = _brier(part)
        print(f"  {n} player{'s' if n > 1 else ''} (seats incl. any Byzantine opponent): Brier {b:.4f} "
              f"vs {b0:.4f}, skill {_skill(b, b0):.3f}, {sum(len(y) for _, y in part)} seat rows")
    per_phase = {}
    for ph in sorted({r["phase"] for r in rows if r["phase"] is not None}):
        part = [(r["model"], r["won"]) for r in rows if r["phase"] == ph]
        b, b0 = per_phase[ph] = _brier(part)
        print(f"  phase {ph}: Brier {b:.4f} vs {b0:.4f}, skill {_skill(b, b0):.3f}, "
              f"{sum(len(y) for _, y in part)} seat rows")
    out = {"deciles": [[round(p, 4), round(o, 4), m] for p, o, _, m in table],
           "worst_gap": round(worst, 4), "worst_beyond_interval": round(beyond, 4),
           "brier": round(brier, 4), "brier_equal": round(brier0, 4), "skill": round(_skill(brier, brier0), 4),
           "brier_by_players": {str(n): [round(b, 4), round(b0, 4)] for n, (b, b0) in per_n.items()},
           "games": len(games), "positions": len(rows)}
    if per_phase:
        out["brier_by_phase"] = {str(ph): [round(b, 4), round(b0, 4)] for ph, (b, b0) in per_phase.items()}
    if out_naive:
        out["naive"] = out_naive
        table2 = naive_table(rows, naive_t)
        if table2:
            out["naive_projections"] = table2
    return out


def _games_of(args) -> tuple[list[dict], int]:
    games, excluded = read_games(args.data, refeature=args.refeature)
    other = {g.get("game", "architects") for g in games} - {args.game}
    if other:
        raise SystemExit(f"{args.data}: holds games of {', '.join(sorted(other))}, not of {args.game} (--game)")
    return games, excluded


BOTS_DESCRIBED = {
    "architects": "heuristic self-play, some seats fast or mcts:8; 1-5 players, mixed options",
    "archon": "heuristic self-play, one fast seat in about one game in six; 2-4 players equally often",
}


def fit(args) -> None:
    feats = feature_module(args.game)
    games, excluded = _games_of(args)
    train = [g for k, g in enumerate(games) if k % HOLDOUT_EVERY]
    test = [g for k, g in enumerate(games) if k % HOLDOUT_EVERY == 0]
    X, M, Y = arrays(train, feats.FEATURES)
    t0 = time.time()
    kind = args.model
    training = {"games": len(train), "held_out_games": len(test), "positions": int(X.shape[0]),
                "excluded_backstop_games": excluded}
    if kind == "logit":
        w = fit_weights(X, M, Y, ridge=args.ridge, names=feats.FEATURES)
        print(f"fitted {len(w)} weights on {len(train)} games ({X.shape[0]} positions) in {time.time() - t0:.1f} s; "
              f"{excluded} games hit a backstop and were left out")
        for name, v in zip(feats.FEATURES, w):
            print(f"  {name:>16} {v:+.3f}")
        doc = {"version": model.PARAMS_VERSION, "model": "logit", "features": list(feats.FEATURES),
               "weights": [round(float(v), 5) for v in w]}
        training["ridge"] = args.ridge
    else:
        rel = list(feats.RELATIVE)
        Xv, Mv, Yv = arrays(test, feats.FEATURES)
        P = fit_mlp(X, M, Y, Xv, Mv, Yv, [feats.FEATURES.index(n) for n in rel], hidden=args.hidden, l2=args.l2,
                    epochs=args.epochs, seed=args.mlp_seed)
        print(f"fitted a network of {args.hidden} hidden units on {len(train)} games ({X.shape[0]} positions) in "
              f"{time.time() - t0:.0f} s (kept epoch {P['best_epoch']} of {args.epochs}, the best on the held-out "
              f"games); {excluded} games hit a backstop and were left out")
        doc = {"version": model.PARAMS_VERSION, "model": "mlp", "features": list(feats.FEATURES),
               "relative": rel, "mean": _r(P["mean"]), "scale": _r(P["scale"]), "hidden": _r(P["hidden"]),
               "hidden_bias": _r(P["hidden_bias"]), "output": _r(P["output"]), "linear": _r(P["linear"])}
        training.update(hidden=args.hidden, l2=args.l2, epochs=args.epochs, kept_epoch=P["best_epoch"],
                        seed=args.mlp_seed, batch=BATCH, learning_rate=LEARNING_RATE)
    fitted = model.validate_params(doc, feats.FEATURES)  # what ships (rounded), checked as it is read
    naive_t = naive_temperature(train)
    report(train, fitted, "the training games", naive_t)
    cal = report(test, fitted, naive_t=naive_t)
    backstop = (f"games past {STALEMATE_TURNS} turns per player or {MAX_DECISIONS} decisions left out"
                if args.game == "architects" else f"games past {MAX_DECISIONS} decisions left out")
    training.update(bots=BOTS_DESCRIBED[args.game], backstop=backstop)
    doc["training"] = training
    doc["calibration"] = cal
    if args.command:
        doc["training"]["command"] = args.command
    else:
        first = min(g["seed"] for g in games) // 1_000_003 if games else 0
        per = max((len(g["positions"]) for g in games), default=POSITIONS_PER_GAME)
        game = f" --game {args.game}" if args.game != "architects" else ""
        how = (f" --ridge {args.ridge}" if kind == "logit" else
               f" --model mlp --hidden {args.hidden} --l2 {args.l2} --epochs {args.epochs} --mlp-seed {args.mlp_seed}")
        doc["training"]["command"] = (
            f"python scripts/train_winchance.py generate{game} --games {len(games) + excluded} --seed {first}"
            f"{'' if per == POSITIONS_PER_GAME else f' --positions {per}'} --data DATA && "
            f"python scripts/train_winchance.py fit{game} --data DATA{' --refeature' if args.refeature else ''}{how}")
    if naive_t is not None:
        doc["naive_temperature"] = naive_t
    out = args.out if args.out is not None else str(feats.PARAMS_PATH)
    if out:
        Path(out).write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {out}")


def report_only(args) -> dict:
    """The calibration of the shipped weights (or `--params`) on the games of `--data`."""
    feats = feature_module(args.game)
    games, excluded = _games_of(args)
    path = args.params or feats.PARAMS_PATH
    fitted = feats.load_params(path)
    doc = json.loads(Path(path).read_text(encoding="utf-8"))
    out = report(games, fitted, f"the games of {args.data}", doc.get("naive_temperature"), progress_index(feats))
    out["excluded_backstop_games"] = excluded
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("generate", help="play self-play games and append them to the data file")
    g.add_argument("--game", choices=GAMES, default="architects")
    g.add_argument("--games", type=int, default=1000)
    g.add_argument("--data", required=True)
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--seconds", type=float, default=0, help="stop after this long (0: no limit)")
    g.add_argument("--positions", type=int, default=POSITIONS_PER_GAME, help="positions sampled per game")
    f = sub.add_parser("fit", help="fit the weights and print the calibration on held-out games")
    f.add_argument("--game", choices=GAMES, default="architects")
    f.add_argument("--data", required=True)
    f.add_argument("--out", default=None, help="the parameters file to write (default: the game's shipped one)")
    f.add_argument("--model", choices=model.MODELS, default=None,
                   help="the model to fit (default: Architects' mlp, Archon's logit)")
    f.add_argument("--ridge", type=float, default=RIDGE, help="logit: the ridge penalty")
    f.add_argument("--hidden", type=int, default=HIDDEN, help="mlp: hidden units")
    f.add_argument("--l2", type=float, default=L2, help="mlp: the L2 penalty on the weights")
    f.add_argument("--epochs", type=int, default=EPOCHS, help="mlp: passes over the training positions")
    f.add_argument("--mlp-seed", type=int, default=MLP_SEED, help="mlp: the seed of its start and batches")
    f.add_argument("--command", default=None,
                   help="the command that made the data and the fit, written into the parameters (default: "
                        "worked out from the data file and the options)")
    f.add_argument("--refeature", action="store_true", help="recompute the features from the stored records")
    r = sub.add_parser("report", help="the calibration of the shipped weights on the games of a data file")
    r.add_argument("--game", choices=GAMES, default="architects")
    r.add_argument("--data", required=True)
    r.add_argument("--params", default=None, help="a parameters file (default: the game's shipped one)")
    r.add_argument("--refeature", action="store_true", help="recompute the features from the stored records")
    args = ap.parse_args(argv)
    if args.cmd == "generate":
        generate(args)
    elif args.cmd == "fit":
        if args.model is None:
            args.model = "mlp" if args.game == "architects" else "logit"
        fit(args)
    else:
        report_only(args)


if __name__ == "__main__":
    main()
