"""First render of every page in Chromium, with preheated kernels (target <= 3 s).

Voila serves notebooks/ with the repository's voila.json (as `bash scripts/kit
serve` does); once every page's kernel pool is filled, each page is opened in a
fresh browser context and timed from the navigation to the moment its content
is on screen: the page's own marker, and the board's traces drawn where the
page has a board. Screenshots go to artifacts/pages/.

    .venv/bin/python benchmarks/bench_pages.py                 # every page, 1 sample each
    .venv/bin/python benchmarks/bench_pages.py --pages whatif --samples 3 --gap 20

The machine's load is printed with the figures: on a busy 2-core machine they grow.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import voila_browser as vb  # type: ignore[import-not-found]  # noqa: E402

#: page -> (a CSS selector or text that shows its content, whether it has a board)
PAGES = {
    "dashboard": (".archwk-dashboard", False),
    "tutorial": (".archwk-task", True),
    "explorer": ("text=Event log", True),
    "whatif": ("text=Projected VP", True),
    "solo": ("text=Constantine", True),
    "gallery": (".archwk-card", False),
    "bots": (".archwk-botcompare .js-plotly-plot", False),
    "archon": ("text=Event log", True),
    "archon_whatif": ("text=Event log", True),
    "archon_gallery": (".archwk-gallery-entry", False),
    "archon_tutorial": (".archwk-task", True),
}
OUT = ROOT / "artifacts" / "pages"


def measure(server, browser, page_name: str) -> dict:
    marker, board = PAGES[page_name]
    context = browser.new_context(viewport={"width": 1500, "height": 1100})
    page = context.new_page()
    console = vb.Console().attach(page)
    t0 = time.perf_counter()
    page.goto(server.url(f"{page_name}.ipynb"), wait_until="commit")
    page.wait_for_selector(marker, state="visible", timeout=180_000)
    if board:
        vb.wait_board(page, timeout=180_000)
    wall = time.perf_counter() - t0
    OUT.mkdir(parents=True, exist_ok=True)
    page.wait_for_timeout(500)
    page.screenshot(path=str(OUT / f"{page_name}.png"), full_page=True)
    vb.close_page(page)
    return dict(page=page_name, seconds=round(wall, 2), console_errors=len(console.errors))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", nargs="*", default=list(PAGES), choices=list(PAGES))
    ap.add_argument("--samples", type=int, default=1)
    ap.add_argument("--gap", type=float, default=15.0, help="seconds between samples of a page (pool refill)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    results = []
    with vb.voila() as server, vb.chromium() as browser:
        server.wait_pools([f"{p}.ipynb" for p in args.pages], timeout=600, settle=10)
        for name in args.pages:
            for i in range(args.samples):
                if i:
                    time.sleep(args.gap)
                r = measure(server, browser, name)
                r["load"] = round(os.getloadavg()[0], 1)
                results.append(r)
                print(f"{name:10s} {r['seconds']:5.2f} s  (load {r['load']})", flush=True)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "bench_pages.json").write_text(json.dumps(results, indent=1))
    if args.json:
        print(json.dumps(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
