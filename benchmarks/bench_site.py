"""The static site in Chromium: build time, size, and each page's first render.

    .venv/bin/python benchmarks/bench_site.py [--site DIR] [--runs 2] [--json]

Without --site the site is built first (`bash scripts/kit site` into a temporary folder).
A page's first render is the time from opening it in a fresh browser context (no cache,
as for a first visitor) until its widgets are drawn (the board, for pages with one);
the median of --runs visits is printed, with the machine's load average, since on a
shared 2-core machine other work slows Pyodide down.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import site_browser as sb  # noqa: E402
import voila_browser as vb  # noqa: E402

READY = {"dashboard": ".archwk-dashboard", "tutorial": ".archwk-task"}


def first_render(browser, base: str, name: str) -> float:
    context = browser.new_context(viewport={"width": 1500, "height": 1100})
    page = context.new_page()
    t0 = time.monotonic()
    page.goto(sb.page_url(base, name), timeout=300_000)
    page.wait_for_selector(READY.get(name, ".js-plotly-plot"), timeout=300_000)
    if name != "dashboard":
        vb.wait_board(page, timeout=300_000)
    seconds = time.monotonic() - t0
    context.close()
    return seconds


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", type=Path, help="an already built site (default: build one)")
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    result: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            built = sb.build_site(site)
            result["build_s"] = built["seconds"]
        result["site_mb"] = round(sum(p.stat().st_size for p in site.rglob("*") if p.is_file()) / 1e6, 1)
        times: dict[str, list[float]] = {name: [] for name in sb.PAGES}
        with sb.serve(site) as base, vb.chromium() as browser:
            for _ in range(args.runs):
                for name in sb.PAGES:
                    times[name].append(first_render(browser, base, name))
        result["first_render_s"] = {name: round(statistics.median(v), 1) for name, v in times.items()}
        result["load_average"] = round(os.getloadavg()[0], 1)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"site: {result['site_mb']} MB" + (f", built in {result['build_s']} s" if "build_s" in result else ""))
        for name, s in result["first_render_s"].items():
            print(f"  {name:10s} first render {s:5.1f} s (median of {args.runs})")
        print(f"  (load average {result['load_average']} on {os.cpu_count()} cores)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
