"""The Voila server as `bash scripts/kit serve` runs it (scripts/voila_app.py with
voila.json), checked over plain HTTP: no traceback reaches a visitor (the details go to
the server's log), a cap on the kernels visitors hold answers "too many visitors" past
it, and an optional login token. The browser side (XSRF on with the page-close
shutdown, eight pages at once, the reload offer) is in tests/test_browser.py.
"""
from __future__ import annotations

import http.client
import json
import re
import time
import urllib.error
import urllib.request
from pathlib import Path

import nbformat
import pytest
import voila_browser as vb
from nbformat.v4 import new_code_cell, new_notebook

SECRET = "the-internal-detail-4711"


def _notebook(path: Path, code: str) -> None:
    nb = new_notebook(cells=[new_code_cell(code)])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path.write_text(nbformat.writes(nb))


@pytest.fixture
def small_server(tmp_path, request):
    """Voila on two tiny notebooks, with the repository's voila.json, no preheated kernels,
    and the extra options of the test's `voila_args` mark."""
    _notebook(tmp_path / "boom.ipynb", f"raise RuntimeError({SECRET!r})")
    _notebook(tmp_path / "hello.ipynb", "print('hello from the kernel')")
    mark = request.node.get_closest_marker("voila_args")
    server = vb.start_voila(log_path=vb.ARTIFACTS / f"voila-{request.node.name}.log", notebooks=str(tmp_path),
                            extra_args=("--VoilaConfiguration.preheat_kernel=False", *(mark.args if mark else ())))
    try:
        yield server
    finally:
        vb.stop_voila(server)


@pytest.fixture
def preheated_server(tmp_path, request):
    """Voila on a tiny notebook with a preheated kernel (as voila.json has them) and the
    extra options of the test's `voila_args` mark."""
    _notebook(tmp_path / "hello.ipynb", "print('hello from the kernel')")
    mark = request.node.get_closest_marker("voila_args")
    server = vb.start_voila(log_path=vb.ARTIFACTS / f"voila-{request.node.name}.log", notebooks=str(tmp_path),
                            extra_args=tuple(mark.args if mark else ()))
    try:
        server.wait_pools(["hello.ipynb"])
        yield server
    finally:
        vb.stop_voila(server)


@pytest.fixture
def idle_server(tmp_path, request):
    """Voila on a tiny notebook with a preheated kernel (as voila.json has them) and a short
    idle cull: 8 s, checked every second."""
    _notebook(tmp_path / "hello.ipynb", "print('hello from the kernel')")
    server = vb.start_voila(log_path=vb.ARTIFACTS / f"voila-{request.node.name}.log", notebooks=str(tmp_path),
                            extra_args=("--MappingKernelManager.cull_idle_timeout=8",
                                        "--MappingKernelManager.cull_interval=1"))
    try:
        server.wait_pools(["hello.ipynb"])
        yield server
    finally:
        vb.stop_voila(server)


def page_kernel(body: str) -> str:
    """The kernel a Voila page was given (its page config names it)."""
    import re
    return re.search(r'"kernelId": "([0-9a-f-]{36})"', body).group(1)


def test_a_preheated_kernel_outlives_the_idle_timeout_and_is_alive_when_handed_out(idle_server):
    """Idle on the server never kills a visitor's page: a kernel waiting in its pool past the
    cull timeout is not culled, and the page that takes it gets the whole timeout to connect
    (before: the culler counted the wait in the pool and killed it seconds after hand-out)."""
    time.sleep(8 + 4)                              # past the timeout, the pool untouched
    status, body = get(idle_server.url("hello.ipynb"))
    assert status == 200 and "hello from the kernel" in body
    kernel = page_kernel(body)
    assert f"Using pre-heated kernel: {kernel}" in idle_server.log()
    time.sleep(4)                                  # four cull rounds; the page has not connected
    assert vb.kernel_alive(idle_server, kernel), idle_server.log()[-2000:]
    assert f"({kernel})" not in idle_server.log()  # never named by the culler
    # a page that never connects is culled once the timeout has passed since it was served
    deadline = time.monotonic() + 30
    while vb.kernel_alive(idle_server, kernel):
        assert time.monotonic() < deadline, "an abandoned page's kernel is never culled"
        time.sleep(0.5)
    assert f"Culling 'idle' kernel 'python3' ({kernel})" in idle_server.log()


def test_a_kernel_that_died_in_the_pool_is_not_handed_out(idle_server):
    import os
    import signal
    pooled = re.findall(r"Kernel started: ([0-9a-f-]{36})", idle_server.log())
    assert len(pooled) == 1
    # the pool's kernel process dies (the machine ran out of memory, say)
    pid = next(int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit() and pooled[0] in _cmdline(p))
    os.kill(pid, signal.SIGKILL)
    status, body = get(idle_server.url("hello.ipynb"))
    assert status == 200 and "hello from the kernel" in body
    kernel = page_kernel(body)
    assert kernel != pooled[0] and vb.kernel_alive(idle_server, kernel)
    assert f"the preheated kernel {pooled[0]} for" in idle_server.log()


def test_a_preheated_kernel_that_is_not_ready_in_time_is_replaced_for_the_page(tmp_path, request):
    """A page never waits without end for its preheated kernel (CI once saw a first page
    that had not loaded after 3 minutes: Voila awaits its pool without a limit). Here the
    pool's kernel never finishes the notebook (it runs only when preheated); the page waits
    `preheat_wait` (2 s) and then gets a fresh kernel of its own, the stale one is shut
    down, and the pool is filled again."""
    _notebook(tmp_path / "slow.ipynb", "import os, time\n"
                                       "if os.environ.get('VOILA_PREHEAT') == 'True':\n"
                                       "    time.sleep(600)\n"
                                       "print('hello from the kernel')")
    server = vb.start_voila(log_path=vb.ARTIFACTS / f"voila-{request.node.name}.log", notebooks=str(tmp_path),
                            extra_args=("--ArchwkVoila.preheat_wait=2",))
    try:
        server.wait_pools(["slow.ipynb"])
        pooled = re.findall(r"Kernel started: ([0-9a-f-]{36})", server.log())
        assert len(pooled) == 1
        status, body = get(server.url("slow.ipynb"))
        assert status == 200 and "hello from the kernel" in body, server.log()[-3000:]
        kernel = page_kernel(body)
        assert kernel != pooled[0] and vb.kernel_alive(server, kernel)
        assert "the preheated kernel for slow.ipynb was not ready after 2 s" in server.log()
        deadline = time.monotonic() + 60
        while vb.kernel_alive(server, pooled[0]):      # the stale kernel is shut down
            assert time.monotonic() < deadline, server.log()[-3000:]
            time.sleep(0.5)
        while len(set(re.findall(r"Kernel started: ([0-9a-f-]{36})", server.log())) - {pooled[0], kernel}) < 1:
            assert time.monotonic() < deadline, "the pool was not filled again:\n" + server.log()[-3000:]
            time.sleep(0.5)
    finally:
        vb.stop_voila(server)


def _cmdline(proc: Path) -> str:
    try:
        return (proc / "cmdline").read_bytes().decode(errors="replace")
    except OSError:
        return ""


def test_error_pages_are_short_and_raise_nothing(idle_server):
    """An unknown page, or the connection of a kernel that is gone: a short page, and no
    "You must define the 'static_path' setting" exception in the log."""
    for path in ("/voila/render/no-such-page.ipynb", "/api/kernels/00000000-0000-0000-0000-000000000000/channels"):
        status, body = get(idle_server.base + path)
        assert status == 404 and "Page not found" in body and "Traceback" not in body, path
    time.sleep(0.5)
    assert "static_path" not in idle_server.log() and "Uncaught exception" not in idle_server.log()


def get(url: str, timeout: float = 120) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def test_voila_json_keeps_the_checks_on():
    config = json.loads((vb.ROOT / "voila.json").read_text())
    assert "disable_check_xsrf" not in json.dumps(config)
    assert config["VoilaConfiguration"]["show_tracebacks"] is False
    assert config["ArchwkVoila"]["max_kernels"] >= 8           # the 8-pages-at-once test fits
    assert config["MappingKernelManager"]["cull_idle_timeout"] <= 600


def test_an_error_in_a_notebook_shows_no_traceback_but_is_logged(small_server):
    status, body = get(small_server.url("boom.ipynb"))
    assert status == 200
    assert SECRET not in body and "Traceback" not in body
    assert "There was an error when executing cell" in body  # a short message instead
    deadline = time.monotonic() + 10
    while SECRET not in small_server.log():
        assert time.monotonic() < deadline, "the error is not in the server's log"
        time.sleep(0.2)


@pytest.mark.voila_args("--ArchwkVoila.max_kernels=2")
def test_past_the_kernel_cap_a_visitor_is_told_to_try_again(small_server):
    # each page visit starts a kernel, which stays until the page closes or it is culled
    for _ in range(2):
        status, body = get(small_server.url("hello.ipynb"))
        assert status == 200 and "hello from the kernel" in body
    started = small_server.log().count("Kernel started")
    status, body = get(small_server.url("hello.ipynb"))
    assert status == 503
    assert "Too many visitors" in body and "try again in a minute" in body
    assert "hello from the kernel" not in body
    assert small_server.log().count("Kernel started") == started  # none for the refused visitor
    assert "answering 503" in small_server.log()


@pytest.mark.voila_args("--ArchwkVoila.max_kernels=2", "--ArchwkVoila.abandoned_after=2")
def test_at_the_cap_kernels_of_pages_gone_without_a_goodbye_make_room(small_server):
    # a page fetched and never connected (as a tab closed where the browser sends no
    # goodbye): past `abandoned_after` seconds its kernel is taken back for a new visitor
    kernels = []
    for _ in range(2):
        status, body = get(small_server.url("hello.ipynb"))
        assert status == 200
        kernels.append(page_kernel(body))
    time.sleep(3)
    status, body = get(small_server.url("hello.ipynb"))
    assert status == 200 and "hello from the kernel" in body
    assert "no page has been connected" in small_server.log()
    assert not any(vb.kernel_alive(small_server, k) for k in kernels)
    assert vb.kernel_alive(small_server, page_kernel(body))


@pytest.mark.voila_args("--ArchwkVoila.max_kernels=1", "--ArchwkVoila.abandoned_after=2")
def test_at_the_cap_a_preheated_kernel_waiting_in_its_pool_is_never_taken_back(preheated_server):
    server = preheated_server
    status, body = get(server.url("hello.ipynb"))
    assert status == 200
    first = page_kernel(body)
    server.wait_pools(["hello.ipynb"])
    time.sleep(3)
    # the first page's kernel goes; the pool's (idle as long, never handed out) stays and
    # is the one the new visitor gets
    status, body = get(server.url("hello.ipynb"))
    assert status == 200 and "hello from the kernel" in body
    second = page_kernel(body)
    assert second != first
    assert not vb.kernel_alive(server, first) and vb.kernel_alive(server, second)
    assert server.log().count("no page has been connected") == 1


@pytest.mark.voila_args("--Voila.token=s3cret-t0ken")
def test_a_login_token_guards_a_published_server(small_server):
    conn = http.client.HTTPConnection("127.0.0.1", small_server.port, timeout=30)
    conn.request("GET", "/voila/render/hello.ipynb")
    r = conn.getresponse()
    r.read()
    assert r.status in (302, 403), r.status        # sent to the login page
    assert "Kernel started" not in small_server.log()
    conn.request("GET", "/voila/render/hello.ipynb?token=wrong")
    r = conn.getresponse()
    r.read()
    assert r.status in (302, 403), r.status
    status, body = get(small_server.url("hello.ipynb") + "?token=s3cret-t0ken")
    assert status == 200 and "hello from the kernel" in body


def _hashed(password: str) -> str:
    from jupyter_server.auth import passwd
    return passwd(password)


@pytest.mark.voila_args("--Voila.identity_provider_class=jupyter_server.auth.identity.PasswordIdentityProvider",
                        f"--PasswordIdentityProvider.hashed_password={_hashed('club-password')}")
def test_a_password_guards_a_published_server(small_server):
    """The README's password set-up: the login page, then the page itself."""
    import http.cookiejar
    import re
    import urllib.parse
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    with opener.open(small_server.url("hello.ipynb"), timeout=30) as r:   # redirected to the login form
        form = r.read().decode()
        assert "/login" in r.url and 'name="password"' in form
    xsrf = re.search(r'name="_xsrf" value="([^"]+)"', form).group(1)
    for password, ok in (("wrong", False), ("club-password", True)):
        data = urllib.parse.urlencode({"_xsrf": xsrf, "password": password}).encode()
        try:
            with opener.open(r.url, data=data, timeout=120) as after:
                body = after.read().decode()
        except urllib.error.HTTPError as e:
            body = e.read().decode()
        assert ("hello from the kernel" in body) == ok, password


@pytest.mark.voila_args("--ArchwkVoila.allowed_hosts=archwk.example.org", "--ArchwkVoila.allowed_hosts=127.0.0.1")
def test_a_published_server_answers_only_to_its_host_names(small_server):
    for host, ok in (("archwk.example.org", True), ("127.0.0.1", True), ("rebound.example.net", False)):
        conn = http.client.HTTPConnection("127.0.0.1", small_server.port, timeout=120)
        conn.request("GET", "/voila/static/voila.js", headers={"Host": f"{host}:{small_server.port}"})
        r = conn.getresponse()
        r.read()
        conn.close()
        assert (r.status == 200) == ok, (host, r.status)
    status, body = get(small_server.url("hello.ipynb"))
    assert status == 200 and "hello from the kernel" in body
    assert "refused a request for host 'rebound.example.net" in small_server.log()


def test_anywidget_gives_a_widget_30_seconds_to_start(small_server):
    """anywidget's own 2 s start-up window (a board that missed it never draws) is 30 s on
    this server; the original file is untouched."""
    from jupyter_core.paths import jupyter_path
    static = next(Path(p) / "anywidget" / "static" for p in jupyter_path("labextensions")
                  if (Path(p) / "anywidget" / "static").is_dir())
    patched = 0
    for js in static.glob("*.js"):
        status, body = get(f"{small_server.base}/voila/labextensions/anywidget/static/{js.name}")
        assert status == 200 and "AbortSignal.timeout(2000)" not in body
        patched += "AbortSignal.timeout(30000)" in body
        assert body.replace("AbortSignal.timeout(30000)", "AbortSignal.timeout(2000)") == js.read_text()
    assert patched >= 1


def test_the_page_wait_for_a_widget_is_served_with_its_last_look(small_server):
    """ipywidgets' page-side manager script comes with a last look before its wait for a
    widget gives up (tests/test_widget_wait.py runs that wait); the rest of it, and its
    other scripts, as installed."""
    from jupyter_core.paths import jupyter_path
    package = Path("@jupyter-widgets") / "jupyterlab-manager" / "static"
    static = next(Path(p) / package for p in jupyter_path("labextensions") if (Path(p) / package).is_dir())
    last_look = re.compile(r'if\(void 0!==\((\w+)=this\._models\[\w+\]\)\)return \1;'
                           r'(?=throw Error\("widget model not found"\))')
    patched = 0
    for js in static.glob("*.js"):
        status, body = get(f"{small_server.base}/voila/labextensions/{package.as_posix()}/{js.name}")
        assert status == 200
        patched += len(last_look.findall(body))
        assert last_look.sub("", body) == js.read_text()
    assert patched == 1
