"""Build the static Voici site and serve it on 127.0.0.1, for tests/test_site.py and
benchmarks/bench_site.py.

The site is built with the README's command, `bash scripts/kit site DIR` (its own
environment `.venv-site`, made by the kit), and served from a sub-path (`/archwk/`, as
a project page on a static host would be) by the same small server as
`bash scripts/kit site --serve` (scripts/site_build.py).
"""
from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import threading
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PREFIX = "/archwk/"
#: every notebook the site must hold, by page name
#: every page: each notebook of notebooks/ (a new page is built and checked without editing this)
PAGES = tuple(sorted(p.stem for p in (ROOT / "notebooks").glob("*.ipynb")))
#: what shows that a page's widgets are drawn (a page not named here: Voici's cells are in)
READY = {"dashboard": ".archwk-dashboard", "gallery": ".archwk-gallery-entry", "tutorial": ".archwk-task",
         "explorer": ".js-plotly-plot", "whatif": ".js-plotly-plot", "solo": ".js-plotly-plot",
         "bots": ".archwk-botcompare", "archon": ".js-plotly-plot", "archon_whatif": ".js-plotly-plot",
         "archon_gallery": ".archwk-gallery-entry", "archon_tutorial": ".archwk-task"}
#: pages that draw a board (usable once it is drawn)
BOARD_PAGES = ("tutorial", "explorer", "whatif", "solo", "archon", "archon_whatif", "archon_tutorial")


def _site_build():
    spec = importlib.util.spec_from_file_location("site_build", ROOT / "scripts" / "site_build.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def build_site(dest: Path, timeout: float = 900) -> dict:
    """`bash scripts/kit site DEST --json`; returns its result line (pages, bytes, seconds)."""
    r = subprocess.run(["bash", str(ROOT / "scripts" / "kit"), "site", str(dest), "--json"], cwd=ROOT,
                       capture_output=True, text=True, timeout=timeout)
    if r.returncode:
        raise RuntimeError(f"kit site failed ({r.returncode}):\n{r.stderr[-4000:]}\n{r.stdout[-2000:]}")
    return json.loads(r.stdout.strip().splitlines()[-1])


@contextmanager
def serve(site: Path, prefix: str = PREFIX):
    """The built site on 127.0.0.1 (a free port) under `prefix`; yields the site's URL."""
    server = _site_build().make_server(site, 0, prefix)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.url
    finally:
        server.shutdown()
        server.server_close()


def page_url(base: str, name: str) -> str:
    return f"{base}voici/render/{name}.html"


class Requests:
    """Every URL a page asks for; `foreign` are those not on 127.0.0.1."""

    def __init__(self, context, base: str):
        self.base = base
        self.urls: list[str] = []
        self.failed: list[str] = []
        context.on("request", lambda req: self.urls.append(req.url))
        context.on("requestfailed", lambda req: self.failed.append(f"{req.url} ({req.failure})"))

    @property
    def foreign(self) -> list[str]:
        return [u for u in self.urls
                if not (u.startswith(("http://127.0.0.1:", "data:", "blob:", "about:")))]


def wait_ready(page, selector: str, timeout: float) -> float:
    """Wait for `selector`; returns the seconds since the page started loading."""
    t0 = time.monotonic()
    page.wait_for_selector(selector, timeout=timeout)
    return time.monotonic() - t0


#: words that mean something went wrong in the page: a Python traceback or exception name,
#: ipywidgets' "Error displaying widget", an "Error" anywhere in the text
ERROR_TEXT = re.compile(r"Traceback|\b[A-Z]\w*(?:Error|Exception)\b|\bError\b|Error displaying widget")
#: a cell's error output (a traceback, or text Python wrote to stderr)
ERROR_OUTPUT = ('[data-mime-type="application/vnd.jupyter.stderr"], '
                '[data-mime-type="application/vnd.jupyter.error"], .jp-OutputArea-output.jp-mod-error')


def page_problems(page) -> list[str]:
    """What on the page says something went wrong: error output cells, error words in
    the visible text, the page guard's "did not start" banner. [] for a clean page."""
    problems = [f"error output: {t.strip()[:300]}" for t in page.locator(ERROR_OUTPUT).all_inner_texts()]
    text = page.inner_text("body")
    problems += [f"text: {line.strip()[:200]}" for line in text.splitlines() if ERROR_TEXT.search(line)]
    if page.locator(".archwk-reload").count():
        problems.append("the page guard says part of the page did not start")
    return problems


#: ask the page's kernel (Python in the page) a question through its connection, as the
#: page's widgets do; returns what Python printed, or None when the page has no kernel
KERNEL_ASK_JS = """
async (code) => {
  const app = window.jupyterapp;
  const kernel = app && app._widgetManager && app._widgetManager._kernel;
  if (!kernel) return null;
  const out = [];
  const future = kernel.requestExecute({code, silent: false, store_history: false});
  future.onIOPub = (msg) => { if (msg.header.msg_type === 'stream') out.push(msg.content.text); };
  await future.done;
  return out.join('');
}
"""


def ask_kernel(page, code: str) -> str | None:
    return page.evaluate(KERNEL_ASK_JS, code)
