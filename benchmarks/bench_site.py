"""The static site in Chromium: build time and size, each page's time to usable and where
it goes, and a board click's latency (the site's sibling of benchmarks/bench_browser.py).

    .venv/bin/python benchmarks/bench_site.py [--site DIR] [--runs 2] [--clicks 20] [--json]

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


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", type=Path, help="an already built site (default: build one)")
    ap.add_argument("--runs", type=int, default=2, help="visits of each page (default 2)")
    ap.add_argument("--pages", nargs="*", default=list(sb.PAGES), help="pages to visit (default: all)")
    ap.add_argument("--clicks", type=int, default=20, help="board clicks in the explorer (0: none)")
    ap.add_argument("--no-coach", action="store_true", help="measure the clicks with the coach off")
    ap.add_argument("--gap", type=int, default=150, help="ms from a redraw to the next click (default 150)")
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
    result["pages"] = {name: {key: (statistics.median([v[key] for v in vs]) if vs[0][key] is not None else None)
                              for key in vs[0]} for name, vs in visits.items()}
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
    print(f"load average before/after: {result['load_before']} / {result['load_after']} on {result['cpus']} CPUs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
