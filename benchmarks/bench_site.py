"""The static site in Chromium: build time and size, each page's time to usable and where
it goes, and a board click's latency (the site's sibling of benchmarks/bench_browser.py).

    .venv/bin/python benchmarks/bench_site.py [--site DIR] [--runs 2] [--clicks 20] [--coach N] [--json]

Without --site the site is built first (`bash scripts/kit site` into a temporary folder).
Each visit is a first visit (a fresh browser context: nothing cached). A page is *usable*
when its widgets are drawn (the board, on pages with one) and its Python answers a request;
on the way the page's own timeline gives where the time goes:

- runtime: Pyodide's files fetched (pyodide.asm.wasm, python_stdlib.zip);
- wheels:  the page's Python packages fetched (the last .whl);
- kernel:  the kernel started in the page (IPython and the kernel imported): Voici starts
           running the notebook's cells ("step 1 of N" on the page);
- cells:   the notebook's cells ran (Voici shows the page);
- board:   the board's figure drawn; then usable.

A click's latency is the explorer's (a hot-seat game: every seat a person, so a click is
answered by one board update), from the button's click to plotly's redraw of the board, as
bench_browser.py measures it under Voila. Medians are printed with the machine's load
(`uptime`'s 1-minute average, before and after): on a shared 2-core machine other work
slows Python in the page down. Results also go to artifacts/bench_site.json.

With `--coach N` the coach is timed in each game's explorer (`--games`), a hot-seat game so
that every move is a person's and judged: N times, Hint (from the click to its choices shown,
and the sample games each choice rests on, read from the rows' data-samples), a move at that
position (the board's answer, then the judgement line: it reuses the hint's look), and a move
where no hint was asked (its judgement's own look; the page's Python is asked a trivial question
just after the coach begins judging: how long a click made then waits). The same positions
(their records) are then given to the coach under CPython in this process, with the page's
budget and seed, for its time and sample games. `--runs 0 --clicks 0` times the coach alone.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_browser as bb  # noqa: E402
import site_browser as sb  # noqa: E402
import voila_browser as vb  # noqa: E402

READY, BOARD_PAGES = sb.READY, sb.BOARD_PAGES
TIMEOUT = 300_000

#: the page's own timeline: when the "setting up the page" step first shows (the kernel
#: runs the first cell) and when Voici removes its loading box (every cell ran)
TIMELINE_JS = """
(() => {
  const marks = window.__archwkMarks = {};
  const watch = () => {
    const step = document.querySelector('.archwk-starting-step');
    if (step && !marks.cells_start && /step 1 of/.test(step.textContent)) marks.cells_start = performance.now();
    if (marks.loading_seen && !document.getElementById('loading') && !marks.cells_done) {
      marks.cells_done = performance.now();
    }
    if (document.getElementById('loading')) marks.loading_seen = true;
  };
  new MutationObserver(watch).observe(document, {childList: true, subtree: true, characterData: true});
})();
"""


def visit(browser, base: str, name: str, site: Path) -> dict:
    """One first visit of page `name`: seconds from navigation to each mark, and bytes."""
    context = browser.new_context(viewport={"width": 1500, "height": 1100})
    context.add_init_script(TIMELINE_JS)
    page = context.new_page()
    fetched: dict[str, float] = {}
    sizes: dict[str, int] = {}
    t0 = time.monotonic()

    def finished(request):
        url = request.url.split("?")[0]
        fetched[url] = time.monotonic() - t0
        if url.startswith(base):  # the file's size (what a first visit downloads)
            with contextlib.suppress(OSError):
                sizes[url] = (site / url[len(base):]).stat().st_size

    page.on("requestfinished", finished)
    page.goto(sb.page_url(base, name), timeout=TIMEOUT, wait_until="commit")
    page.wait_for_selector("#loading", state="detached", timeout=TIMEOUT)
    page.wait_for_selector(READY.get(name, "#rendered_cells"), timeout=TIMEOUT)
    board = None
    if name in BOARD_PAGES:
        vb.wait_board(page, timeout=TIMEOUT)
        board = time.monotonic() - t0
    answer = sb.ask_kernel(page, "print(1)")
    usable = time.monotonic() - t0
    assert answer == "1\n", f"{name}: the page's Python did not answer ({answer!r})"
    marks = page.evaluate("() => window.__archwkMarks")  # ms since the navigation started

    def mark(key):
        return round(marks[key] / 1000, 2) if key in marks else None

    def last(pred):
        times = [t for u, t in fetched.items() if pred(u)]
        return round(max(times), 2) if times else None

    wheels = {u: s for u, s in sizes.items() if u.endswith(".whl")}
    result = {
        "usable_s": round(usable, 2),
        "runtime_s": last(lambda u: u.endswith(("pyodide.asm.wasm", "python_stdlib.zip"))),
        "wheels_s": last(lambda u: u.endswith(".whl")),
        "kernel_s": mark("cells_start"),
        "cells_s": mark("cells_done"),
        "board_s": round(board, 2) if board is not None else None,
        "wheel_mb": round(sum(wheels.values()) / 1e6, 2),
        "wheels": len(wheels),
        "all_mb": round(sum(sizes.values()) / 1e6, 2),
    }
    context.close()
    return result


def measure_clicks(browser, base: str, n: int, coach: bool = True, gap_ms: int = 150) -> list[float]:
    class SitePages:  # bench_browser's click measure, on the site's explorer page
        def url(self, notebook: str) -> str:
            return sb.page_url(base, notebook.removesuffix(".ipynb"))
    return bb.measure_clicks(SitePages(), browser, n, coach=coach, gap_ms=gap_ms)


# --------------------------------------------------------------------------- the coach in the page

#: the explorer pages the coach is timed on, by game
COACH_PAGES = {"architects": "explorer", "archon": "archon"}

#: click the Hint button or the `index`-th choice beside the board, then wait in the page for the
#: answer: for a hint, its rows of choices (each row's data-samples: the sample games its chance
#: rests on); for a move, the board's redraw (or the prompt's change) and the coach's judgement line
#: (its data-samples); with `probe` (ms), the page's Python is asked a trivial question that long
#: after the coach may begin judging (QUIET_SECONDS after the answer): its wait is how long a
#: click made then waits for the coach. Times in ms from the click.
COACH_CLICK_JS = """
async ({kind, index, probe, quiet, timeout}) => {
  const usable = b => !b.disabled && b.offsetParent !== null;
  const seen = new Set(document.querySelectorAll('.archwk-hint-choice, .archwk-judgement'));
  const fresh = sel => Array.from(document.querySelectorAll(sel)).filter(e => !seen.has(e) && e.offsetParent !== null);
  const prompt = () => (document.querySelector('.archwk-prompt') || {}).innerText || '';
  let button;
  if (kind === 'hint') {
    button = Array.from(document.querySelectorAll('button.archwk-hint')).find(usable);
  } else {
    const bs = Array.from(document.querySelectorAll('.archwk-decision button.archwk-choice')).filter(usable);
    button = bs.length ? bs[index % bs.length] : null;
  }
  if (!button) return null;
  const out = {label: button.innerText.trim()};
  const before = prompt();
  const t0 = performance.now();
  window.__t0 = t0;
  button.click();
  return await new Promise(resolve => {
    let timer, obs, probing = false;
    const finish = () => { obs.disconnect(); clearInterval(timer); resolve(out); };
    const ask = async () => {
      const kernel = window.jupyterapp._widgetManager._kernel;
      const t = performance.now();
      await kernel.requestExecute({code: 'pass', silent: true, store_history: false}).done;
      out.probe_wait = performance.now() - t;
      out.probe_at = t - t0;
      check();
    };
    const check = () => {
      const t = performance.now() - t0;
      if (kind === 'hint') {
        const rows = fresh('.archwk-hint-choice');
        if (rows.length) {
          out.shown = t;
          out.samples = rows.map(r => Number(r.dataset.samples));
          return finish();
        }
      } else {
        if (out.answered === undefined) {
          const plots = (window.__plots || []).filter(p => p > t0);
          if (plots.length) out.answered = plots[0] - t0;
          else if (prompt() !== before) out.answered = t;
          if (out.answered !== undefined && probe !== null && !probing) {
            probing = true;
            setTimeout(ask, Math.max(0, out.answered + quiet + probe - t));
          }
        }
        const js = fresh('.archwk-judgement');
        if (js.length && out.judged === undefined) {
          out.judged = t;
          out.samples = Number(js[0].dataset.samples);
          out.played_samples = Number(js[0].dataset.playedSamples);
        }
        if (out.answered !== undefined && out.judged !== undefined
            && (probe === null || out.probe_wait !== undefined)) {
          return finish();
        }
      }
      if (t > timeout) { out.timeout = true; finish(); }
    };
    obs = new MutationObserver(check);
    obs.observe(document.body, {childList: true, subtree: true, characterData: true});
    timer = setInterval(check, 50);
  });
}
"""

#: the position the page's explorer is at, as a record (for the same look under CPython)
RECORD_CODE = "import json; print(json.dumps(app.explorer.state.record()))"

IDLE_JS = """() => {
  const b = Array.from(document.querySelectorAll('button.archwk-hint')).find(b => b.offsetParent !== null);
  return !!b && !b.disabled && !document.body.innerText.includes('The coach is judging the last move');
}"""


def _coach_click(page, kind: str, index: int = 0, probe_ms: float | None = None, timeout_ms: int = 90_000) -> dict:
    from widgets.coach import QUIET_SECONDS
    out = page.evaluate(COACH_CLICK_JS, {"kind": kind, "index": index, "probe": probe_ms,
                                         "quiet": QUIET_SECONDS * 1000, "timeout": timeout_ms})
    if out is None:
        raise RuntimeError(f"no {kind} button to click")
    if out.get("timeout"):
        raise RuntimeError(f"no answer to {kind} {out['label']!r} within {timeout_ms / 1000:.0f} s: {out}")
    return out


def _wait_idle(page, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not page.evaluate(IDLE_JS):
        if time.monotonic() > deadline:
            raise RuntimeError("the coach did not become idle (Hint button disabled or still judging)")
        page.wait_for_timeout(50)


def measure_coach(browser, base: str, game: str, n: int, probe_ms: float = 150) -> dict:
    """The coach in the explorer page of `game`, a hot-seat game (every move a person's, so
    each is judged): n rounds of (Hint, then a move at that position: judged on the hint's look;
    then a move where no hint was asked: a judgement of its own, with the probe). Returns the
    timings, the sample counts shown, and each hint position's record."""
    name = COACH_PAGES[game]
    context = browser.new_context(viewport={"width": 1500, "height": 1100})
    page = context.new_page()
    page.goto(sb.page_url(base, name), timeout=TIMEOUT, wait_until="commit")
    page.wait_for_selector("#loading", state="detached", timeout=TIMEOUT)
    vb.wait_board(page, timeout=TIMEOUT)
    page.get_by_label("Opponents").select_option(label="Hot-seat: people in every seat")
    page.get_by_role("button", name="New game").click()
    page.wait_for_timeout(1500)
    if game == "architects":  # past the card draft (the coach ranks those choices by samples alone)
        bb.play_draft_hot_seat(page)
    vb.wait_board(page, timeout=TIMEOUT)
    _wait_idle(page)
    if not page.evaluate(bb.HOOK_JS):
        raise RuntimeError(f"{name}: no board on the page")
    hints, after_hint, fresh, records = [], [], [], []
    for i in range(n):
        _wait_idle(page)
        records.append(json.loads(sb.ask_kernel(page, RECORD_CODE)))
        hints.append(_coach_click(page, "hint"))
        _wait_idle(page)
        after_hint.append(_coach_click(page, "move", index=i))
        _wait_idle(page)
        fresh.append(_coach_click(page, "move", index=i + 1, probe_ms=probe_ms))
        h, a, f = hints[-1], after_hint[-1], fresh[-1]
        print(f"  {game} {i + 1:2d}: hint {h['shown']:5.0f} ms (samples {h['samples']}); "
              f"move + judgement on the hint's look {a['answered']:4.0f} / {a['judged']:5.0f} ms; "
              f"move + its own judgement {f['answered']:4.0f} / {f['judged']:5.0f} ms "
              f"(samples {f['samples']}), a click then waits {f['probe_wait']:5.0f} ms "
              f"(load {os.getloadavg()[0]:.1f})", flush=True)
    context.close()
    return {"hints": hints, "after_hint": after_hint, "fresh": fresh, "records": records}


def cpython_hints(records: list[dict]) -> list[dict]:
    """The coach's hint at the same positions under CPython, in this process (its time and
    sample games), with the page's budget and seed."""
    from archwk.ai import coach as lib
    from archwk.games import load_record
    from widgets.coach import HINT_SECONDS
    out = []
    for rec in records:
        state = load_record(rec).state
        t0 = time.perf_counter()
        choices = lib.hint(state, 3, seed=0, seconds=HINT_SECONDS)
        out.append({"ms": (time.perf_counter() - t0) * 1000, "samples": [c.n for c in choices]})
    return out


def _stats(xs: list[float]) -> dict:
    return {"p50": round(statistics.median(xs)), "max": round(max(xs)), "n": len(xs)} if xs else {}


def coach_summary(m: dict, cpy: list[dict]) -> dict:
    hint_ms = [h["shown"] for h in m["hints"]]
    return {
        "hint_ms": _stats(hint_ms),
        "hint_samples_first": _stats([h["samples"][0] for h in m["hints"]]),
        "hint_samples_all": _stats([x for h in m["hints"] for x in h["samples"]]),
        "move_ms": _stats([x["answered"] for x in m["after_hint"] + m["fresh"]]),
        "judged_after_hint_ms": _stats([x["judged"] for x in m["after_hint"]]),
        "judged_ms": _stats([x["judged"] for x in m["fresh"]]),
        "judged_samples": _stats([x["samples"] for x in m["fresh"]]),
        "click_waits_ms": _stats([x["probe_wait"] for x in m["fresh"]]),
        "probe_at_ms": _stats([x["probe_at"] for x in m["fresh"]]),
        "cpython_hint_ms": _stats([c["ms"] for c in cpy]),
        "cpython_samples_first": _stats([c["samples"][0] for c in cpy]),
        "cpython_samples_all": _stats([x for c in cpy for x in c["samples"]]),
        # at each position, the browser's sample games of the first choice over CPython's
        "samples_ratio_p50": round(statistics.median(h["samples"][0] / max(1, c["samples"][0])
                                                     for h, c in zip(m["hints"], cpy)), 2),
    }


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", type=Path, help="an already built site (default: build one)")
    ap.add_argument("--runs", type=int, default=2, help="visits of each page (default 2)")
    ap.add_argument("--pages", nargs="*", default=list(sb.PAGES), help="pages to visit (default: all)")
    ap.add_argument("--clicks", type=int, default=20, help="board clicks in the explorer (0: none)")
    ap.add_argument("--no-coach", action="store_true", help="measure the clicks with the coach off")
    ap.add_argument("--gap", type=int, default=150, help="ms from a redraw to the next click (default 150)")
    ap.add_argument("--coach", type=int, default=0, metavar="N",
                    help="time the coach in each game's explorer: N hints, 2N judged moves (default 0: not)")
    ap.add_argument("--games", nargs="*", default=list(COACH_PAGES), help="games for --coach (default: both)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if not Path(vb.CHROMIUM).exists():
        print(f"{vb.CHROMIUM} is missing: apt-get install -y chromium", file=sys.stderr)
        return 2
    result: dict = {"load_before": [round(x, 2) for x in os.getloadavg()], "cpus": os.cpu_count()}
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            built = sb.build_site(site)
            result["build_s"] = built["seconds"]
        result["site_mb"] = round(sum(p.stat().st_size for p in site.rglob("*") if p.is_file()) / 1e6, 1)
        visits: dict[str, list[dict]] = {name: [] for name in args.pages}
        with sb.serve(site) as base, vb.chromium() as browser:
            for _ in range(args.runs):
                for name in args.pages:
                    visits[name].append(visit(browser, base, name, site))
                    v = visits[name][-1]
                    print(f"  {name:10s} usable {v['usable_s']:5.1f} s (load {os.getloadavg()[0]:.1f})", flush=True)
            clicks = (measure_clicks(browser, base, args.clicks, coach=not args.no_coach, gap_ms=args.gap)
                      if args.clicks else [])
            coach_raw = {}
            for game in args.games if args.coach else ():
                result.setdefault("coach_load", {})[game] = [round(os.getloadavg()[0], 2)]
                coach_raw[game] = measure_coach(browser, base, game, args.coach)
                result["coach_load"][game].append(round(os.getloadavg()[0], 2))
    for game, m in coach_raw.items():  # the same positions under CPython, in this process
        result.setdefault("coach", {})[game] = coach_summary(m, cpython_hints(m["records"]))
        result["coach"][game]["load_before_after"] = result["coach_load"][game] + [round(os.getloadavg()[0], 2)]
    result["pages"] = {name: {key: (statistics.median([v[key] for v in vs]) if vs[0][key] is not None else None)
                              for key in vs[0]} for name, vs in visits.items() if vs}
    if clicks:
        result["click_ms"] = {"p50": round(bb.pct(clicks, 0.5)), "p95": round(bb.pct(clicks, 0.95)),
                              "max": round(max(clicks)), "n": len(clicks), "coach": not args.no_coach,
                              "gap_ms": args.gap}
    result["load_after"] = [round(x, 2) for x in os.getloadavg()]
    out = ROOT / "artifacts" / "bench_site.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2) + "\n")
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"site: {result['site_mb']} MB" + (f", built in {result['build_s']} s" if "build_s" in result else ""))
    if result["pages"]:
        print(f"{'page':10s} {'usable':>7s} {'runtime':>8s} {'wheels':>7s} {'kernel':>7s} {'cells':>6s} {'board':>6s}"
              f" {'wheel MB':>9s}   (seconds from opening; median of {args.runs})")
    for name, p in result["pages"].items():
        cols = [p[k] for k in ("usable_s", "runtime_s", "wheels_s", "kernel_s", "cells_s", "board_s")]
        print(f"{name:10s} " + " ".join(f"{c:7.1f}" if c is not None else "      -" for c in cols)
              + f" {p['wheel_mb']:9.1f}")
    if clicks:
        c = result["click_ms"]
        print(f"board click -> redraw in the explorer (coach {'on' if c['coach'] else 'off'}, clicks {c['gap_ms']} ms "
              f"after a redraw): p50 {c['p50']} ms, p95 {c['p95']} ms, max {c['max']} ms over {c['n']}")
    for game, c in result.get("coach", {}).items():
        print(f"coach in the {COACH_PAGES[game]} page ({game}, hot-seat; ms from the click; p50 / max over "
              f"{c['hint_ms']['n']}; load {c['load_before_after']} before/after the page, after CPython):")
        print(f"  hint: choices shown {c['hint_ms']['p50']} / {c['hint_ms']['max']} ms; sample games of the first "
              f"choice {c['hint_samples_first']['p50']} (max {c['hint_samples_first']['max']}); under CPython "
              f"{c['cpython_hint_ms']['p50']} ms, {c['cpython_samples_first']['p50']} "
              f"(max {c['cpython_samples_first']['max']}); the browser's over CPython's at the same position: "
              f"{c['samples_ratio_p50']} (p50)")
        print(f"  a move: board answers {c['move_ms']['p50']} / {c['move_ms']['max']} ms; its judgement shown "
              f"{c['judged_ms']['p50']} / {c['judged_ms']['max']} ms ({c['judged_samples']['p50']} sample games), "
              f"{c['judged_after_hint_ms']['p50']} / {c['judged_after_hint_ms']['max']} ms after a hint there")
        print(f"  a click {c['probe_at_ms']['p50']} ms after a move (while the coach judges) waits "
              f"{c['click_waits_ms']['p50']} / {c['click_waits_ms']['max']} ms")
    print(f"load average before/after: {result['load_before']} / {result['load_after']} on {result['cpus']} CPUs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
