"""Shared pytest configuration for the archwk tests, and the test tiers.

Tiers (README, beside the test commands): `bash scripts/kit test` runs everything (what CI runs);
`bash scripts/kit test --fast` (or `pytest --fast`) leaves out the tests marked
`browser`, `system` or `slow`: the rules, protocol and widget unit tests remain.

- `browser`: drives Voila, JupyterLab or Chromium (tests/voila_browser.py, Playwright).
- `system`: runs something outside this process that takes a while: the notebooks
  in Jupyter kernels (nbclient), a Dask cluster, the static site's build
  (tests/site_browser.py), the compiled build.
- `slow`: a unit test that is long by nature (marked by hand, with the reason).

`browser` and `system` are put on a test by what it uses, so that a new test is
in the right tier without anyone remembering to mark it: a test is `browser` when
its function, one of its fixtures (at any depth), or a helper function of tests/
that they call names one of BROWSER_MODULES (a global bound to that module or to
something from it, or an import inside the function); likewise `system` with
SYSTEM_MODULES. Files named tests/test_browser*.py are `browser` whatever they use.
A test can also carry the marks itself (`@pytest.mark.system`).
"""
from __future__ import annotations

import dis
import functools
import inspect
import sys
import types
from pathlib import Path

import pytest

pytest_plugins = ("pytester",)  # tests/test_tiers.py runs small suites of its own

TESTS = Path(__file__).resolve().parent
#: the tier marks, and what puts a test in them
TIERS = {
    "browser": "drives Voila, JupyterLab or Chromium (Playwright); tests/test_browser*.py",
    "system": "runs notebooks in kernels, a Dask cluster, the static site build or the compiled build",
    "slow": "a unit test that is long by nature",
}
BROWSER_MODULES = ("voila_browser", "playwright")
SYSTEM_MODULES = ("nbclient", "dask.distributed", "distributed", "site_browser")
#: what `--fast` leaves out (as a -m expression)
FAST = "not (browser or system or slow)"
#: config.stash: every collected test's tier marks (node id -> names), before any deselection
TIER_MARKS = pytest.StashKey[dict]()


def pytest_addoption(parser):
    parser.addoption("--fast", action="store_true", default=False,
                     help=f"the fast tier: leave out the tests marked browser, system or slow (-m \"{FAST}\")")


def pytest_configure(config):
    # tests/test_buildings.py and tests/test_apprentices.py; see tests/test_card_coverage.py
    config.addinivalue_line(
        "markers",
        "card(*buildings, apprentice=None): the building cards (by name) and apprentice cards "
        "(by id, an int or a tuple of ints) whose behaviour this test checks",
    )
    config.addinivalue_line(
        "markers", "voila_args(*options): extra Voila options for tests/test_voila_server.py's server")
    for name, what in TIERS.items():
        config.addinivalue_line("markers", f"{name}: {what} (left out by --fast)")


# --------------------------------------------------------------------------- what a test uses

_IMPORT_NAME, _EXTENDED_ARG = dis.opmap["IMPORT_NAME"], dis.opmap["EXTENDED_ARG"]


@functools.cache
def _names(code: types.CodeType) -> tuple[frozenset[str], frozenset[str]]:
    """(the names, the modules imported) of a code object and of the functions inside it.
    The names are every name the code looks up (globals among them); the imports are
    read from the bytecode's IMPORT_NAME instructions (`import x.y`, `from x.y import z`)."""
    names, imports = set(code.co_names), set()
    raw, ext = code.co_code, 0
    for i in range(0, len(raw), 2):  # wordcode: (opcode, argument) pairs
        op, arg = raw[i], raw[i + 1] | ext
        if op == _EXTENDED_ARG:
            ext = arg << 8
            continue
        ext = 0
        if op == _IMPORT_NAME:
            imports.add(code.co_names[arg])
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            n, i = _names(const)
            names |= n
            imports |= i
    return frozenset(names), frozenset(imports)


def _module_of(value) -> str | None:
    if isinstance(value, types.ModuleType):
        return value.__name__
    try:
        name = getattr(value, "__module__", None)
    except Exception:  # an object whose attributes raise
        return None
    return name if isinstance(name, str) else None


@functools.cache
def _is_ours(module_name: str | None) -> bool:
    """A helper module of tests/ (voila_browser, widget_helpers, test_browser, ...)."""
    mod = sys.modules.get(module_name or "")
    path = getattr(mod, "__file__", None)
    return bool(path) and Path(path).resolve().parent.is_relative_to(TESTS)


def _matches(module_name: str, wanted: tuple[str, ...]) -> bool:
    return any(module_name == w or module_name.startswith(w + ".") for w in wanted)


_USED: dict = {}  # function -> modules_used(function)


def modules_used(func, _seen: set | None = None) -> set[str]:
    """The modules a function uses: the modules of the globals it names, the modules it
    imports inside itself, and (followed) those of the helper functions of tests/ it calls."""
    if _seen is None:  # a test or fixture function: many tests share one (parametrized, fixtures)
        if func not in _USED:
            _USED[func] = frozenset(modules_used(func, set()))
        return set(_USED[func])
    seen = _seen
    func = inspect.unwrap(func)
    code = getattr(func, "__code__", None)
    if code is None or code in seen:
        return set()
    seen.add(code)
    glob = getattr(func, "__globals__", {})
    names, out = _names(code)
    out = set(out)
    for name in names:
        if name not in glob:
            continue  # a builtin
        value = glob[name]
        mod = _module_of(value)
        if mod:
            out.add(mod)
        if isinstance(value, types.FunctionType) and _is_ours(mod):
            out |= modules_used(value, seen)
    return out


def _fixture_funcs(item) -> list:
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return []
    out = []
    for defs in info.name2fixturedefs.values():
        for d in defs:
            func = getattr(d, "func", None)
            if func is not None:
                out.append(func)
    return out


def tiers_of(item) -> set[str]:
    """The tier marks a collected test gets from what it uses (see the module's docstring)."""
    used: set[str] = set()
    func = getattr(item, "function", None)
    for f in ([func] if func is not None else []) + _fixture_funcs(item):
        used |= modules_used(f)
    out = set()
    if any(_matches(m, BROWSER_MODULES) for m in used) or item.path.name.startswith("test_browser"):
        out.add("browser")
    if any(_matches(m, SYSTEM_MODULES) for m in used):
        out.add("system")
    return out


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects by the marks
def pytest_collection_modifyitems(config, items):
    seen = config.stash.setdefault(TIER_MARKS, {})
    for item in items:
        for name in sorted(tiers_of(item) - {m.name for m in item.iter_markers()}):
            item.add_marker(name)
        seen[item.nodeid] = frozenset(m.name for m in item.iter_markers() if m.name in TIERS)
    if config.getoption("fast"):
        keep, drop = [], []
        for item in items:
            (drop if any(item.get_closest_marker(t) for t in TIERS) else keep).append(item)
        if drop:
            config.hook.pytest_deselected(items=drop)
            items[:] = keep
