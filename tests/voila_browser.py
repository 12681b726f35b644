"""Start the real Voila server and drive Debian's Chromium with Playwright.

Used by tests/test_browser.py and benchmarks/bench_browser.py. What works on
our machines is in shared/stack.md: Voila is started with `subprocess.Popen`
and stopped by its PID (SIGTERM shuts its kernels down); readiness is probed
on `/voila/static/voila.js`, never `GET /` (that would start a kernel); the
browser is the system Chromium (`playwright install` is never run).
"""
from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "artifacts" / "browser"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

#: console errors known to be harmless (shared/stack.md); anything else fails a test
HARMLESS_CONSOLE = (
    re.compile(r"r\.setData is not a function"),
    re.compile(r"Unsatisfied version"),
)
#: console errors from these URLs are harmless: none now (the archwk template
#: dropped the Font Awesome links of Voila's lab template; no page asks another host)
HARMLESS_URLS: tuple[re.Pattern, ...] = ()


def every_page() -> list[str]:
    """Every notebook Voila serves: a new page is checked without editing a test."""
    return sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))


def kernel_alive(server, kernel: str) -> bool:
    """Whether the server still runs this kernel (its REST API: 200, or 404 once gone)."""
    try:
        with urllib.request.urlopen(f"{server.base}/api/kernels/{kernel}", timeout=30) as r:
            return r.status == 200
    except urllib.error.HTTPError as e:
        if e.code != 404:
            raise
        return False


def clear_artifacts() -> None:
    """Remove the screenshots and logs of an earlier run."""
    if ARTIFACTS.is_dir():
        for f in list(ARTIFACTS.glob("*.png")) + list(ARTIFACTS.glob("*.log")):
            f.unlink()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class VoilaServer:
    proc: subprocess.Popen           # Voila itself, or `bash scripts/kit serve`
    port: int
    log_path: Path
    children: list[int] = field(default_factory=list)  # under kit serve: Voila's PID

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def url(self, notebook: str) -> str:
        return f"{self.base}/voila/render/{notebook}"

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return ""

    def log_tail(self, lines: int = 40) -> str:
        """The end of the server's log, without the kernels' routine TCP warnings."""
        kept = [line for line in self.log().splitlines() if "running over TCP without encryption" not in line]
        return "\n".join(kept[-lines:])

    def pools_filled(self, notebooks) -> bool:
        log = self.log()
        return all(f"Kernel pool of {nb} is filled" in log for nb in notebooks)

    def wait_pools(self, notebooks, timeout: float = 120, settle: float = 0.0) -> None:
        """Wait until Voila says each notebook's pool is filled (then `settle` more
        seconds for the pre-run notebooks to finish executing)."""
        deadline = time.monotonic() + timeout
        while not self.pools_filled(notebooks):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("Voila kernel pools did not fill:\n" + self.log()[-3000:])
            time.sleep(0.25)
        time.sleep(settle)


#: the servers started and not yet stopped (a page that does not load names their logs)
RUNNING: list[VoilaServer] = []


def start_voila(port: int | None = None, log_path: Path | None = None, timeout: float = 90,
                extra_args: tuple[str, ...] = (), notebooks: str = "notebooks/") -> VoilaServer:
    """Voila (scripts/voila_app.py) serving `notebooks` with the repository's voila.json
    (preheated kernels), as `bash scripts/kit serve` does; returns once it answers."""
    port = port or free_port()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log_path = log_path or ARTIFACTS / "voila.log"
    cmd = [sys.executable, str(ROOT / "scripts" / "voila_app.py"),
           "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0",
           "--template=archwk", *extra_args, notebooks]
    with open(log_path, "w") as log:  # the server writes on through its own descriptor
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env=voila_env())
    server = VoilaServer(proc, port, log_path)
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"Voila exited with {proc.returncode}:\n{server.log()[-3000:]}")
        try:
            with urllib.request.urlopen(f"{server.base}/voila/static/voila.js", timeout=2) as r:
                if r.status == 200:
                    RUNNING.append(server)
                    return server
        except OSError:
            pass
        if time.monotonic() > deadline:
            stop_voila(server)
            raise RuntimeError(f"Voila did not answer within {timeout} s:\n{server.log()[-3000:]}")
        time.sleep(0.25)


def voila_env() -> dict[str, str]:
    """The environment Voila runs in: JUPYTER_PATH finds archwk's template
    (share/jupyter/voila/templates/archwk), as `bash scripts/kit serve` sets it."""
    share = str(ROOT / "share" / "jupyter")
    old = os.environ.get("JUPYTER_PATH")
    return {**os.environ, "JUPYTER_PATH": share + (os.pathsep + old if old else "")}


def _children(pid: int) -> list[int]:
    try:
        return [int(x) for x in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except (OSError, ValueError):
        return []


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except OSError:
        return False
    try:  # a zombie (exited, not yet reaped by its parent) counts as gone
        return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def start_kit_serve(port: int | None = None, log_path: Path | None = None, timeout: float = 300,
                    extra_args: tuple[str, ...] = ()) -> VoilaServer:
    """The README's main command, `bash scripts/kit serve` (ARCHWK_PORT=port; `extra_args`
    go to Voila as kit serve passes them on); returns once it has printed the dashboard's
    address (it does so when Voila answers)."""
    port = port or free_port()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log_path = log_path or ARTIFACTS / "kit-serve.log"
    with open(log_path, "w") as log:  # the server writes on through its own descriptor
        proc = subprocess.Popen(["bash", str(ROOT / "scripts" / "kit"), "serve", *extra_args], cwd=ROOT,
                                stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "ARCHWK_PORT": str(port)})
    server = VoilaServer(proc, port, log_path)
    want = f"archwk dashboard: {server.url('dashboard.ipynb')}"
    deadline = time.monotonic() + timeout
    while want not in server.log():
        if proc.poll() is not None:
            raise RuntimeError(f"kit serve exited with {proc.returncode}:\n{server.log()[-3000:]}")
        if time.monotonic() > deadline:
            stop_voila(server)
            raise RuntimeError(f"kit serve printed no address within {timeout} s:\n{server.log()[-3000:]}")
        time.sleep(0.25)
    server.children = _children(proc.pid)
    RUNNING.append(server)
    return server


def stop_voila(server: VoilaServer, timeout: float = 30) -> None:
    """SIGTERM by PID (Voila then shuts its kernels down; `kit serve` passes it
    on to Voila); SIGKILL if it hangs, and then Voila itself by its PID."""
    if server in RUNNING:
        RUNNING.remove(server)
    proc = server.proc
    children = server.children or _children(proc.pid)
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)
    for pid in children:  # normally gone already: kit serve waits for Voila
        deadline = time.monotonic() + timeout
        while _alive(pid) and time.monotonic() < deadline:
            time.sleep(0.2)
        if _alive(pid):
            os.kill(pid, signal.SIGKILL)


@contextmanager
def voila(via_kit: bool = False, **kwargs):
    """A running server for the duration of the block: `bash scripts/kit serve`
    (via_kit) or Voila started directly (then `extra_args` may add options)."""
    server = start_kit_serve(**kwargs) if via_kit else start_voila(**kwargs)
    try:
        yield server
    finally:
        stop_voila(server)


@contextmanager
def chromium():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


@dataclass
class Console:
    """Console errors and page errors of one page, with the harmless ones set apart."""
    errors: list[str] = field(default_factory=list)
    harmless: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)  # requests to any host but the local server

    def attach(self, page) -> Console:
        page.on("console", self._on_console)
        page.on("request", self._on_request)
        page.on("pageerror", lambda exc: self.errors.append(f"page error: {exc}"))
        return self

    def check_figures(self) -> None:
        """Fail at once, and say why, if a plotly figure could not start: anywidget
        gives a model 2 s to initialize, and a figure that missed it never
        redraws (a busy machine, or many pages starting at the same moment)."""
        stuck = [e for e in self.errors if "[anywidget] Failed to initialize model" in e]
        if stuck:
            raise AssertionError("a plotly FigureWidget did not initialize within anywidget's 2 s limit, so "
                                 f"the board on this page will not redraw: {stuck[0]}")

    def _on_request(self, request) -> None:
        url = request.url
        if not re.match(r"^(https?|wss?)://(127\.0\.0\.1|localhost)(:\d+)?/", url) and \
                not url.startswith(("data:", "blob:", "about:")):
            self.foreign.append(url)

    def _on_console(self, msg) -> None:
        if msg.type != "error":
            return
        text = msg.text
        url = (msg.location or {}).get("url", "") if hasattr(msg, "location") else ""
        if any(p.search(text) for p in HARMLESS_CONSOLE) or any(p.search(url) for p in HARMLESS_URLS):
            self.harmless.append(f"{text} [{url}]")
        else:
            self.errors.append(f"{text} [{url}]" if url else text)


def open_page(browser, url: str, *, viewport=(1500, 1100), wait_for: str | None = None, timeout: float = 90_000,
              reloads: int = 2, before_goto=None):
    """A new browser context and page at `url`; returns (page, console).

    With `wait_for`: a page that says part of it did not start (the page guard's
    banner, shown when a widget misses its start-up window on a busy machine) is
    reloaded as the banner offers, up to `reloads` times, with a warning. A page that
    never shows `wait_for` leaves a screenshot and its console errors in
    artifacts/browser/ before the timeout is raised. `before_goto(page)` is called
    before the page opens (routes, say: `KernelMessages`)."""
    context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]})
    page = context.new_page()
    console = Console().attach(page)
    if before_goto is not None:
        before_goto(page)
    try:
        page.goto(url, timeout=timeout)
    except Exception as e:
        if "Timeout" not in type(e).__name__:
            raise
        logs = "\n\n".join(f"the log of the server on port {srv.port} ends:\n{srv.log_tail()}" for srv in RUNNING
                            if srv.port == urlparse(url).port)
        raise AssertionError(f"{url} did not load within {timeout / 1000:.0f} s (machine load "
                             f"{os.getloadavg()[0]:.1f}).\n{logs}") from e
    if wait_for:
        wait_started(page, console, wait_for, timeout=timeout, reloads=reloads, label=url.rsplit("/", 1)[-1])
    return page, console


def reload_as_offered(page, timeout: float = 90_000) -> None:
    """Click the page guard's "Reload the page" and wait until the new page has loaded
    (not the old one: the old page's banner would answer any wait at once)."""
    with page.expect_navigation(timeout=timeout):
        page.locator(".archwk-reload button").click()


def wait_started(page, console: Console, wait_for: str, *, timeout: float = 90_000, reloads: int = 2,
                 label: str = "page") -> None:
    """Wait for `wait_for` on `page`. A page that says part of it did not start (the page
    guard's banner, shown when a widget misses its start-up window on a busy machine) is
    reloaded as the banner offers, up to `reloads` times, with a warning. A page that
    never starts leaves a screenshot and its console errors in artifacts/browser/."""
    import warnings
    try:
        for attempt in range(reloads + 1):
            page.wait_for_selector(f"{wait_for}, .archwk-reload", timeout=timeout)
            if page.locator(".archwk-reload").count() == 0 or page.locator(wait_for).count():
                break
            if attempt == reloads:
                raise AssertionError(f"{label}: part of the page still did not start after {reloads} reloads")
            warnings.warn(f"{label}: the page said part of it did not start (machine load "
                          f"{os.getloadavg()[0]:.1f}); reloading it as it offers", stacklevel=2)
            reload_as_offered(page, timeout)
        page.wait_for_selector(wait_for, timeout=timeout)
    except Exception:
        name = re.sub(r"[^A-Za-z0-9]+", "-", label)[:60]
        try:
            screenshot(page, f"timeout-{name}")
            (ARTIFACTS / f"timeout-{name}.txt").write_text(
                "console errors:\n" + "\n".join(console.errors) + "\n\nbody:\n" + body_text(page)[:5000])
        except Exception:
            pass
        raise


def figures_stuck(console: Console) -> bool:
    return any("[anywidget] Failed to initialize model" in e for e in console.errors)


def open_app_page(browser, url: str, *, wait_for: str, board: bool = False, retries: int = 2,
                  timeout: float = 90_000, viewport=(1500, 1100), before_goto=None):
    """`open_page`, then (with `board`) wait for the board's traces; a page whose
    plotly figure missed anywidget's 2 s initialization limit (a busy machine)
    is closed and opened again, up to `retries` times, with a warning."""
    import warnings
    for attempt in range(retries + 1):
        page, console = open_page(browser, url, viewport=viewport, wait_for=wait_for, timeout=timeout,
                                  before_goto=before_goto)
        if board:
            wait_board(page, timeout=timeout)
        page.wait_for_timeout(2500)  # anywidget's limit: a stuck figure has said so by now
        if not figures_stuck(console) or attempt == retries:
            return page, console
        warnings.warn(f"{url}: a plotly figure did not initialize within anywidget's 2 s limit "
                      f"(machine load {os.getloadavg()[0]:.1f}); opening the page again", stacklevel=2)
        page.context.close()
    raise AssertionError("unreachable")


class KernelMessages:
    """The kernel's messages to a page, which the test can hold back: while `hold()`
    is on, what the kernel sends waits (in order) and the page draws nothing new,
    as on a machine too busy to draw; the page's own messages (its clicks) still go
    to the kernel at once. `release()` hands the page what waited. Install it with
    `open_app_page(..., before_goto=messages.route)`."""

    KERNEL_SOCKET = re.compile(r"/api/kernels/[^/]+/channels")

    def __init__(self) -> None:
        self.held: list | None = None  # None: passed on at once
        self.seen_while_held: list[bytes] = []

    def route(self, page) -> None:
        page.route_web_socket(self.KERNEL_SOCKET, self._connect)

    def _connect(self, ws) -> None:
        server = ws.connect_to_server()
        ws.on_message(server.send)  # the page's messages: at once

        def to_page(message) -> None:
            if self.held is None:
                ws.send(message)
            else:
                self.held.append((ws, message))
                self.seen_while_held.append(message if isinstance(message, bytes) else message.encode())
        server.on_message(to_page)

    def hold(self) -> None:
        self.held, self.seen_while_held = [], []

    def sent_while_held(self, text: str) -> bool:
        """Whether the kernel has sent `text` (in a message held back)."""
        needle = text.encode()
        return any(needle in m for m in self.seen_while_held)

    def release(self) -> None:
        held, self.held = self.held or [], None
        for ws, message in held:
            ws.send(message)


def body_text(page) -> str:
    return page.inner_text("body")


def widget_errors(page) -> list[str]:
    """'Error displaying widget' (and similar) messages on the page."""
    text = body_text(page)
    return [line for line in text.splitlines() if "Error displaying widget" in line or "Error rendering" in line]


BOARD_JS = """
() => {
  const gds = Array.from(document.querySelectorAll('.js-plotly-plot'));
  const gd = gds.find(g => (g.data || []).some(t => t.name === 'locations'));
  if (!gd) return null;
  const out = {};
  for (const t of gd.data) {
    if (!(t.name || '').startsWith('workers ')) continue;
    const p = Number(t.name.split(' ')[1]);
    for (const d of (t.customdata || [])) {
      const loc = d[1];
      out[loc] = out[loc] || {};
      out[loc][p] = (out[loc][p] || 0) + Number(d[3]);
    }
  }
  return {workers: out, title: (gd.layout.title || {}).text || ''};
}
"""


def board(page) -> dict | None:
    """What the board on the page draws: {'workers': {location: {player: n}}, 'title': str}."""
    return page.evaluate(BOARD_JS)


def kernel_id(page) -> str | None:
    """The id of the kernel behind a Voila page (from its page config)."""
    return page.evaluate("""() => {
      const el = document.getElementById('jupyter-config-data');
      try { return el ? JSON.parse(el.textContent).kernelId || null : null; } catch (e) { return null; }
    }""")


def wait_board(page, timeout: float = 90_000) -> dict:
    """Wait until the board figure has its traces drawn; returns `board(page)`."""
    page.wait_for_function("""() => Array.from(document.querySelectorAll('.js-plotly-plot'))
                                  .some(g => (g.data || []).some(t => t.name === 'locations'))""",
                           timeout=timeout)
    return board(page)


def close_page(page) -> None:
    """Close a page as a visitor closing its tab does: the page's goodbye (Voila's
    beforeunload beacon shuts its kernel down) runs first, then its browser context goes.
    A bare `context.close()` skips the goodbye, and each such page's kernel stays until the
    server takes it back (`ArchwkVoila.abandoned_after`, at the kernel cap) or culls it."""
    try:
        with page.expect_event("close", timeout=10_000):
            page.close(run_before_unload=True)
    except Exception:  # closed already, or the goodbye took too long: the context goes anyway
        pass
    page.context.close()


def screenshot(page, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
