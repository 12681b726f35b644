"""Voila as `bash scripts/kit serve` runs it: the notebooks, safe to put behind a public address.

Voila 0.5 itself, with the settings of ./voila.json, plus:

- XSRF checks stay on. The one request Voila's page sends without an XSRF token, the
  kernel shutdown when a page closes (a `navigator.sendBeacon` POST to
  /voila/api/shutdown/<kernel>), is accepted only when it comes from this server's own
  pages (its Origin, or else its Referer, names this host) and names a live kernel.
- A cap on the kernels visitors hold (`ArchwkVoila.max_kernels`, not counting the
  preheated pool): past it a page answers 503 "too many visitors, try again in a minute",
  without starting a kernel. Before refusing, the server takes back the kernels of pages
  that are gone without saying so (`ArchwkVoila.abandoned_after`: no page connected to
  them for that long): a tab closed where the browser sends no goodbye (a phone, a crash,
  a killed browser) held its kernel until the culler's 10 minutes, and filled the cap.
- plotly's FigureWidget script (5 MB) is served once, as a cacheable file, instead of
  inside every figure's widget state: the kernels are told its URL (ARCHWK_PLOTLY_ESM_URL,
  read by widgets.figure), and each page preloads it.
- anywidget's 2-second start-up window for a widget is made 30 s (ANYWIDGET_TIMEOUT): a
  board whose script was still compiling then (a preheated page, eight pages opening at
  once on two cores) never drew.
- ipywidgets' page-side wait for a widget that has not come yet takes a last look before it
  gives up (WIDGETS_WAIT): on a busy page it gave up on widgets that had come meanwhile, and
  the page showed "Error displaying widget: model not found" for good.
- `ArchwkVoila.allowed_hosts`: the host names a published server answers to (others: 403).
- Every page carries scripts/page_guard.js: when a widget of the page failed to start, or
  the page's kernel is gone (culled after a long idle, the server restarted), the visitor is
  told so and offered a Reload button. No Font Awesome CDN links.
- Idle never kills a page being handed out: a preheated kernel sits in its pool (where Voila
  never culls it) for as long as no one asks; when a page takes it, its idle clock starts
  again (Voila handed it over with the idle time of its whole wait, and the culler killed
  it seconds later, before the page had connected), and a kernel that died in the pool is
  replaced instead of handed out. A page waits for its preheated kernel `ArchwkVoila.preheat_wait`
  seconds at most (60); one not ready by then is replaced by a fresh kernel for the page.
- Error pages (an unknown address, a kernel that is gone) are a short page of our own:
  jupyter_server's template needs settings Voila does not have and raised instead.

Run: python scripts/voila_app.py [voila options] notebooks/
"""
from __future__ import annotations

import asyncio
import html
import logging
import os
import re
import sys
from pathlib import Path
from urllib.parse import urlparse

import tornado.web
import voila.app
from jupyter_server._tz import utcnow
from jupyter_server.base.handlers import APIHandler, JupyterHandler
from jupyter_server.utils import ensure_async, url_path_join
from traitlets import Float, Int, List, Unicode
from voila.app import Voila
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.voila_kernel_manager import voila_kernel_manager_factory

ROOT = Path(__file__).resolve().parents[1]
#: the page guard (a widget that failed to start: say so, offer a reload)
PAGE_GUARD = (ROOT / "scripts" / "page_guard.js").read_text()
#: Voila's template links Font Awesome from a CDN (icons we do not use): not on our pages
CDN_LINK = re.compile(r'<link[^>]*href="https?://[^"]*"[^>]*>\s*', re.I)

BUSY_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Too many visitors</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:sans-serif;max-width:40em;margin:3em auto;line-height:1.5">
<h1 class="archwk-busy">Too many visitors right now</h1>
<p>Every game this server can run at once is in use. Please try again in a minute.</p>
<p><a href="" onclick="location.reload(); return false;">Try again</a></p>
</body></html>
"""


def visitor_kernels(kernel_manager) -> int:
    """Kernels held by pages (all kernels less the preheated ones still waiting in a pool)."""
    pooled = sum(len(pool) for pool in getattr(kernel_manager, "_pools", {}).values())
    return max(0, len(kernel_manager.list_kernel_ids()) - pooled)


def abandoned_kernels(kernel_manager, after: float) -> list[str]:
    """Visitors' kernels no page has been connected to for `after` seconds or more (a page
    gone without the goodbye its browser should send, or never connected). With preheated
    kernels, only those handed to a page count (`ArchwkKernelManager.handed`): one still
    waiting in a pool, or still being made ready for it, is never taken back."""
    alive = list(kernel_manager.list_kernel_ids())
    if getattr(kernel_manager, "tracks_handed", False):
        handed = kernel_manager.__dict__.get("handed", set())
        alive = [kid for kid in alive if kid in handed]
    connections = getattr(kernel_manager, "_kernel_connections", {})
    now = utcnow()
    out = []
    for kid in alive:
        if connections.get(kid, 0) > 0:
            continue
        try:
            last = kernel_manager.get_kernel(kid).last_activity
        except Exception:
            continue
        if last is not None and (now - last).total_seconds() >= after:
            out.append(kid)
    return out


#: how long, at most, a page waits for its preheated kernel to start and run the notebook (seconds)
PREHEAT_WAIT = 60


def _ready(item) -> bool:
    """A pool item whose kernel has started and run the whole notebook."""
    if not item.done() or item.cancelled() or item.exception() is not None:
        return False
    task = item.result().get("task")
    return task is None or task.done()


#: shutdowns under way of discarded pool kernels (a reference keeps each task alive)
_SHUTDOWNS: set = set()


def discard_preheated(kernel_manager, item) -> None:
    """Shut down the kernel of a pool item taken out of its pool, once it has one (now, or
    when its start ends), and stop its notebook run."""
    def done(fut) -> None:
        if fut.cancelled() or fut.exception() is not None:
            return
        content = fut.result()
        if content.get("task") is not None:
            content["task"].cancel()
        kid = content.get("kernel_id")
        if kid:
            task = asyncio.ensure_future(ensure_async(kernel_manager.shutdown_kernel(kid, now=True)))
            _SHUTDOWNS.add(task)
            task.add_done_callback(_SHUTDOWNS.discard)
    item.add_done_callback(done)


async def preheated_ready(kernel_manager, path: str | None, timeout: float = PREHEAT_WAIT) -> str | None:
    """Wait until the preheated kernel this page will take has run the whole notebook,
    `timeout` seconds at most in all.

    A page that takes a pool kernel still running the notebook gets the cells run so far
    and then the rest as they finish; under load that hand-over sometimes left the page
    with no board at all (seen in the browser tests: the kernel connected, the board
    never came). Waiting for the run to finish hands the page a finished notebook, as
    when the pool was filled long before; with no pool kernel for the page, no wait.

    A pool kernel not ready by then (its start or its run hung: seen once in CI, a page
    that never loaded in 3 minutes, for Voila then awaits the pool without a limit) is
    taken out of the pool with every other pool kernel of the notebook not ready yet, and
    shut down when it has started; the page then gets a fresh kernel by Voila's own path.
    Returns the name of the pool so emptied (None otherwise): the caller fills it again
    once the page has its kernel (filled now, the page would take the new pool kernel, and
    wait for it without a limit)."""
    if not path:
        return None
    want = Path(path).as_posix()
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    for name, pool in getattr(kernel_manager, "_pools", {}).items():
        if not pool or not (name == want or Path(name).as_posix().endswith("/" + want)):
            continue
        item = pool[0]
        try:
            content = await asyncio.wait_for(asyncio.shield(item), timeout)
            await asyncio.wait_for(asyncio.shield(content["task"]), max(0.0, deadline - loop.time()))
        except TimeoutError:
            stale = [it for it in pool if not _ready(it)]
            for it in stale:
                pool.remove(it)
                discard_preheated(kernel_manager, it)
            kernel_manager.log.warning(
                "archwk: the preheated kernel for %s was not ready after %.0f s; the page gets a fresh "
                "kernel (%d pool kernel(s) not ready taken out)", name, timeout, len(stale))
            return name
        except Exception:  # a failed preheat: Voila's own path handles the page
            pass
        return None
    return None


#: how many times a page skips a preheated kernel found dead before it gives up
DEAD_KERNEL_RETRIES = 3


def kernel_manager_factory(base, preheat_kernel: bool, default_pool_size: int, page_config_hook=None):
    """Voila's kernel manager, whose preheated kernels are alive and freshly active when a
    page takes one (see the module doc)."""
    cls = voila_kernel_manager_factory(base, preheat_kernel, default_pool_size, page_config_hook=page_config_hook)
    if not preheat_kernel:
        return cls

    class ArchwkKernelManager(cls):
        #: the kernels handed to pages are kept in `self.handed` (for `abandoned_kernels`),
        #: and forgotten when shut down
        tracks_handed = True

        async def shutdown_kernel(self, kernel_id: str, *args, **kwargs):
            self.__dict__.setdefault("handed", set()).discard(kernel_id)
            return await super().shutdown_kernel(kernel_id, *args, **kwargs)

        async def kernel_alive(self, kernel_id: str) -> bool:
            try:
                return bool(await ensure_async(self.get_kernel(kernel_id).is_alive()))
            except Exception:  # unknown (already removed) or unreachable: dead
                return False

        async def get_rendered_notebook(self, notebook_name: str, extra_kernel_env_variables: dict | None = None,
                                        **kwargs):
            extra = extra_kernel_env_variables or {}
            for _ in range(DEAD_KERNEL_RETRIES):
                render_task, cache, kernel_id = await super().get_rendered_notebook(
                    notebook_name, extra_kernel_env_variables=extra, **kwargs)
                if await self.kernel_alive(kernel_id):
                    # the page's idle time starts now, not when the kernel entered the pool
                    self.get_kernel(kernel_id).last_activity = utcnow()
                    self.__dict__.setdefault("handed", set()).add(kernel_id)
                    return render_task, cache, kernel_id
                self.log.warning("archwk: the preheated kernel %s for %s had died; taking a fresh one",
                                 kernel_id, notebook_name)
                render_task.cancel()
                try:
                    await ensure_async(self.shutdown_kernel(kernel_id, now=True))
                except Exception:
                    pass
            raise RuntimeError(f"no live kernel for {notebook_name}")

    return ArchwkKernelManager


#: Voila builds its kernel manager class through this name (voila.app)
voila.app.voila_kernel_manager_factory = kernel_manager_factory

ERROR_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:sans-serif;max-width:40em;margin:3em auto;line-height:1.5">
<h1 class="archwk-error">{title}</h1>
<p>{text}</p>
</body></html>
"""


class OwnErrorPage:
    """Mixed into Voila's page handlers: an error is answered with a short page (no
    traceback, no template that needs settings Voila lacks)."""

    def write_error(self, status_code: int, **kwargs) -> None:
        if status_code == 404:
            title, text = "Page not found", "There is no page at this address."
        elif status_code == 403:
            title, text = "Not allowed", "This server does not answer that request."
        else:
            title, text = "Something went wrong", "The server could not answer. Please try again in a minute."
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.finish(ERROR_PAGE.format(title=title, text=text))


class CappedVoilaHandler(OwnErrorPage, TornadoVoilaHandler):
    """A notebook page, unless the visitors' kernels are at the cap."""

    @tornado.web.authenticated
    async def get(self, path=None):
        cap = self.settings.get("archwk_max_kernels", 0)
        if cap and visitor_kernels(self.kernel_manager) >= cap:
            after = self.settings.get("archwk_abandoned_after", 0)
            for kid in (abandoned_kernels(self.kernel_manager, after) if after else ()):
                self.log.warning("archwk: at the cap, shutting down kernel %s: no page has been connected "
                                 "to it for %d s or more", kid, after)
                try:
                    await ensure_async(self.kernel_manager.shutdown_kernel(kid, now=True))
                except Exception:
                    pass
        if cap and visitor_kernels(self.kernel_manager) >= cap:
            self.log.warning("archwk: %d visitor kernels (the cap): answering 503 to %s", cap, self.request.path)
            self.set_status(503)
            self.set_header("Retry-After", "60")
            self.set_header("Content-Type", "text/html; charset=UTF-8")
            self.finish(BUSY_PAGE)
            return
        emptied = await preheated_ready(self.kernel_manager, path,
                                        self.settings.get("archwk_preheat_wait", PREHEAT_WAIT))
        try:
            await super().get(path)
        finally:
            if emptied is not None:  # the page has its fresh kernel: the pool is filled again
                self.kernel_manager.fill_if_needed(notebook_name=emptied)

    def write(self, chunk):
        """The page as Voila renders it, without CDN links, with the page guard and (under
        plotly) a preload of the FigureWidget script, in the page's head."""
        if isinstance(chunk, str) and "</head>" in chunk:
            chunk = CDN_LINK.sub("", chunk)
            extra = f"<script>{PAGE_GUARD}</script>\n"
            url = os.environ.get("ARCHWK_PLOTLY_ESM_URL")
            if url:
                extra += f'<link rel="modulepreload" href="{html.escape(url)}">\n'
            chunk = chunk.replace("</head>", extra + "</head>", 1)
        return super().write(chunk)


class ShutdownHandler(VoilaShutdownKernelHandler):
    """The page-close kernel shutdown, from this server's own pages only (see module doc)."""

    def check_xsrf_cookie(self):
        source = self.request.headers.get("Origin") or self.request.headers.get("Referer") or ""
        if source and urlparse(source).netloc == self.request.host:
            return None
        return super().check_xsrf_cookie()

    @tornado.web.authenticated
    async def post(self, kernel_id):
        if kernel_id not in self.kernel_manager:
            raise tornado.web.HTTPError(404, "no such kernel")
        await super().post(kernel_id)


class HostCheck:
    """Mixed into every handler: with `ArchwkVoila.allowed_hosts` set, a request naming
    another host (DNS rebinding, a stray proxy) is refused."""

    def prepare(self, *args, **kwargs):
        allowed = self.settings.get("archwk_allowed_hosts") or ()
        if allowed:
            host = self.request.host.rsplit(":", 1)[0] if not self.request.host.startswith("[") \
                else self.request.host.split("]")[0] + "]"
            if host.lower() not in allowed:
                logging.getLogger("ArchwkVoila").warning("archwk: refused a request for host %r (allowed: %s)",
                                                        self.request.host, ", ".join(sorted(allowed)))
                raise tornado.web.HTTPError(403, "unknown host")
        return super().prepare(*args, **kwargs)


#: anywidget (0.11) gives a widget 2 s to start, counted from the moment its model is made;
#: a page whose figure missed it never draws. On a busy machine, or with many pages opening
#: at once, that is too short (the browser is still compiling plotly's 5 MB script): the
#: start-up window is made 30 s. A widget that cannot start at all fails at once as before.
ANYWIDGET_TIMEOUT = ("AbortSignal.timeout(2000)", "AbortSignal.timeout(30000)")


def patch_anywidget(text: str) -> str:
    return text.replace(*ANYWIDGET_TIMEOUT)


#: ipywidgets' page-side widget manager (jupyterlab-manager 5.0.16, ipywidgets 8.1.9: the one
#: Voila's pages run) waits up to 2 s for a widget model that is not registered yet, looking
#: every 100 ms, and then throws "widget model not found". It gives up when the 2 s are over
#: without a last look: a page asks for its widgets before they have come from the kernel
#: (the restore), the restore brings them during the wait, and then the page is busy for a
#: second or two (the restore has just made the plotly figure, whose 5 MB script is now
#: compiled); the next look comes after the 2 s, is never made, and the wait throws although
#: the model is there. The restore being over, nothing draws that output again (a page redraws
#: a missing widget only when a restore ends after the miss): "Error displaying widget: model
#: not found" for good, seen on the bots page, both of its outputs, about one open in four on
#: a busy machine. Served patched: one last look before giving up; a model still missing
#: throws as before, in time for the page to redraw it when the restore ends.
WIDGETS_WAIT = re.compile(
    r"(for\(;Date\.now\(\)-\w+<2e3;\)\{if\(void 0!==\((\w+)=this\._models\[(\w+)\]\)\)return \2;"
    r"await new Promise\(\w+=>setTimeout\(\w+,100\)\)\})(throw Error\(\"widget model not found\"\))")


def patch_widgets_manager(text: str) -> str:
    """ipywidgets' page-side manager script with the last look (see WIDGETS_WAIT); other
    scripts of the package unchanged."""
    return WIDGETS_WAIT.sub(r"\1if(void 0!==(\2=this._models[\3]))return \2;\4", text)


#: labextension packages whose page-side scripts this server serves patched, and how
PATCHED_SCRIPTS = {"anywidget": patch_anywidget, "@jupyter-widgets/jupyterlab-manager": patch_widgets_manager}


class PatchedScriptHandler(tornado.web.RequestHandler):
    """A labextension's page-side scripts, patched (see PATCHED_SCRIPTS)."""

    def initialize(self, paths, package):
        self.paths = paths
        self.package = package

    def get(self, name):
        for folder in self.paths:
            static = Path(folder) / self.package / "static"
            path = static / name
            if path.is_file() and path.resolve().parent == static.resolve():
                self.set_header("Content-Type", "text/javascript; charset=UTF-8")
                self.set_header("Cache-Control", "no-cache")
                self.finish(PATCHED_SCRIPTS[self.package](path.read_text()))
                return
        raise tornado.web.HTTPError(404)


class ArchwkVoila(Voila):
    name = "voila"  # reads voila.json like Voila itself

    max_kernels = Int(16, help="Most kernels pages may hold at once (preheated ones not counted); "
                               "0 for no cap. Each is a Python process of about 130 MB.").tag(config=True)

    abandoned_after = Int(60, help="At the cap, a visitor's kernel no page has been connected to for this "
                                   "many seconds is shut down to make room (0: never; the culler still "
                                   "does after its idle timeout).").tag(config=True)

    preheat_wait = Float(PREHEAT_WAIT, help="Most seconds a page waits for its preheated kernel to be ready; "
                                            "past it the page gets a fresh kernel.").tag(config=True)

    allowed_hosts = List(Unicode(), help="Host names the server answers to (e.g. [\"archwk.example.org\", "
                                         "\"127.0.0.1\"]); empty: any, as Voila does.").tag(config=True)

    def init_settings(self):
        settings = super().init_settings()
        settings["archwk_max_kernels"] = self.max_kernels
        settings["archwk_abandoned_after"] = self.abandoned_after
        settings["archwk_preheat_wait"] = self.preheat_wait
        settings["archwk_allowed_hosts"] = {h.lower() for h in self.allowed_hosts}
        return settings

    def init_handlers(self):
        handlers = []
        for spec in super().init_handlers():
            pattern, handler, *rest = spec
            if handler is TornadoVoilaHandler:
                handler = CappedVoilaHandler
            elif handler is VoilaShutdownKernelHandler:
                handler = ShutdownHandler
            elif (isinstance(handler, type) and issubclass(handler, JupyterHandler)
                  and not issubclass(handler, (APIHandler, OwnErrorPage))):
                handler = type(handler.__name__, (OwnErrorPage, handler), {})
            handlers.append((pattern, handler, *rest))
        bundle = plotly_bundle()
        if bundle is not None:
            handlers.append((url_path_join(self.server_url, r"/voila/archwk/plotly/(.*)"),
                             tornado.web.StaticFileHandler, {"path": str(bundle.parent)}))
        for package in PATCHED_SCRIPTS:
            handlers.insert(0, (url_path_join(self.server_url, f"/voila/labextensions/{package}/static/([^/]+\\.js)"),
                                PatchedScriptHandler, {"paths": list(self.labextensions_path), "package": package}))
        if self.allowed_hosts:
            handlers = [(pattern, type(handler.__name__, (HostCheck, handler), {}), *rest)
                        for pattern, handler, *rest in handlers]
        return handlers

    def start(self):
        bundle = plotly_bundle()
        if bundle is not None:
            import plotly
            # kernels inherit this environment; widgets.figure reads it
            os.environ["ARCHWK_PLOTLY_ESM_URL"] = url_path_join(
                self.server_url or self.base_url, f"/voila/archwk/plotly/{bundle.name}?v={plotly.__version__}")
        super().start()


def plotly_bundle() -> Path | None:
    try:
        import plotly
    except ImportError:
        return None
    path = Path(plotly.__file__).parent / "package_data" / "widgetbundle.js"
    return path if path.is_file() else None


def main(argv=None) -> int:
    ArchwkVoila.launch_instance(argv=argv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
