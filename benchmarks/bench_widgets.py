"""How fast do the widgets redraw? (a benchmark, not a timed test)

For a random 5-player game (seed fixed), around its middle:

1. `BoardView.update(state)`, one decision at a time (what a click or a
   slider step does), and jumping 25 decisions at a time (a slider drag);
   also before any page has drawn the figure (it then resends its state).
2. A full `GameExplorer.refresh()` (board, player panels, decision panel,
   event log, slider; the score chart and the editor only redraw while their
   tab is open) for the same steps, and with the Scores tab open.
3. `GameExplorer.choose(action)`: apply + refresh, as a button click.

Each prints p50 / p95 / max wall-clock milliseconds, and p50 / p95 of the
process's CPU time (steadier when other jobs share the cores); the target is
<= 30 ms for the figure update.

    python benchmarks/bench_widgets.py                # 300 samples per part
    python benchmarks/bench_widgets.py --samples 100 --json
"""
from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time

TARGET_MS = 30.0


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))]


class Timer:
    """Wall-clock and process-CPU time of each sample (CPU time is what the
    code costs even when other processes compete for the cores)."""

    def __init__(self):
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def __enter__(self):
        self._w, self._c = time.perf_counter(), time.process_time()
        return self

    def __exit__(self, *exc):
        self.wall.append(time.perf_counter() - self._w)
        self.cpu.append(time.process_time() - self._c)

    def __call__(self):
        return self


def _summary(name: str, t: Timer) -> dict:
    ms = [s * 1000 for s in t.wall]
    cpu = [s * 1000 for s in t.cpu]
    return {"part": name, "n": len(ms), "p50_ms": round(_pct(ms, 0.5), 2), "p95_ms": round(_pct(ms, 0.95), 2),
            "max_ms": round(max(ms), 2), "mean_ms": round(statistics.fmean(ms), 2),
            "cpu_p50_ms": round(_pct(cpu, 0.5), 2), "cpu_p95_ms": round(_pct(cpu, 0.95), 2)}


def game_states(players: int, seed: int):
    import archwk
    s = archwk.new_game(players, seed=seed)
    bot = archwk.bots.RandomBot(seed)
    out = [s]
    while not s.is_over:
        s = s.apply(bot.choose(s))
        out.append(s)
    return out


def run(samples: int, players: int, seed: int) -> dict:
    import archwk
    from widgets import BoardView, GameExplorer

    states = game_states(players, seed)
    mid = len(states) // 2
    lo = max(1, mid - samples // 2)
    window = states[lo: lo + samples + 1]
    results = {}

    t = time.perf_counter()
    board = BoardView(window[0])
    results["board_build_ms"] = round((time.perf_counter() - t) * 1000, 1)
    t = time.perf_counter()
    BoardView(window[0])
    results["board_build_warm_ms"] = round((time.perf_counter() - t) * 1000, 1)

    # with no page attached the figure also resends its whole state on each
    # update (widgets/figure.py: until a page has drawn it); a drawn page
    # reports back and from then on only the update message goes out
    fresh = Timer()
    for s in window[1:]:
        with fresh():
            board.update(s)
    board.update(window[0])
    board.figure._drawn = True  # as after a page's first report
    step = Timer()
    for s in window[1:]:
        with step():
            board.update(s)
    jump = Timer()
    for i in range(samples):
        s = states[(lo + i * 25) % len(states)]
        with jump():
            board.update(s)

    ex = GameExplorer(states[0], seats=["random"] * players)
    ex.board.figure._drawn = True
    ex.session._states[:] = states  # the recorded game as this explorer's line
    ex.session._moves[:] = [None] + [b.history[-1] for b in states[1:]]
    ex.session.goto(lo)
    ex.refresh()
    refresh_step = Timer()
    for i in range(1, samples + 1):
        ex.session.goto(lo + i)
        with refresh_step():
            ex.refresh()
    refresh_jump = Timer()
    for i in range(samples):
        ex.session.goto((lo + i * 25) % len(states))
        with refresh_jump():
            ex.refresh()

    ex.show_tab(1)  # the Scores tab open: the score chart redraws too
    refresh_scores = Timer()
    for i in range(1, samples + 1):
        ex.session.goto(lo + i)
        with refresh_scores():
            ex.refresh()
    ex.show_tab(0)

    # clicks: choose at a past point each time (a new branch of one decision)
    chooser = archwk.bots.RandomBot(seed + 1)
    click = Timer()
    for i in range(samples):
        ex.session._states[:] = states
        ex.session._moves[:] = [None] + [b.history[-1] for b in states[1:]]
        ex.session.seats = [None] * players
        ex.session.goto(lo + i)
        s = ex.state
        if s.is_over:
            continue
        a = chooser.choose(s)
        with click():
            ex.choose(a)

    mid_state = states[mid]
    results.update({
        "players": players, "seed": seed, "game_decisions": len(states) - 1,
        "mid_state": repr(mid_state),
        "parts": [_summary("BoardView.update, one decision", step),
                  _summary("BoardView.update, one decision, no page yet", fresh),
                  _summary("BoardView.update, 25-decision jump", jump),
                  _summary("GameExplorer.refresh, one decision", refresh_step),
                  _summary("GameExplorer.refresh, 25-decision jump", refresh_jump),
                  _summary("GameExplorer.refresh, Scores tab open", refresh_scores),
                  _summary("GameExplorer.choose (apply + refresh)", click)],
        "target_ms": TARGET_MS,
        "python": platform.python_version(), "machine": platform.machine(),
    })
    return results


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--samples", type=int, default=300)
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="one JSON line on stdout; the table on stderr")
    args = ap.parse_args(argv)
    r = run(args.samples, args.players, args.seed)
    out = sys.stderr if args.json else sys.stdout
    print(f"archwk widgets: {r['players']} players, seed {r['seed']}, {r['game_decisions']} decisions; "
          f"around the middle ({r['mid_state']})", file=out)
    print(f"BoardView first build {r['board_build_ms']} ms (plotly warm-up), then {r['board_build_warm_ms']} ms",
          file=out)
    print(f"{'part':46} {'n':>4} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} {'cpu p50':>8} {'cpu p95':>8}",
          file=out)
    for p in r["parts"]:
        print(f"{p['part']:46} {p['n']:>4} {p['p50_ms']:>8} {p['p95_ms']:>8} {p['max_ms']:>8} "
              f"{p['cpu_p50_ms']:>8} {p['cpu_p95_ms']:>8}", file=out)
    fig = r["parts"][0]
    verdict = "meets" if fig["p95_ms"] <= TARGET_MS else "misses"
    print(f"figure update p95 {fig['p95_ms']} ms {verdict} the {TARGET_MS:.0f} ms target", file=out)
    if args.json:
        print(json.dumps(r))
    return 0


if __name__ == "__main__":
    sys.exit(main())
