"""The import graph of `archwk/` and `widgets/` has no cycle, counting imports
made inside functions (issue 9: a hidden loop of ~40 function-level imports once
joined 24 modules; issue 22: widgets/explorer.py and widgets/coach.py imported each
other, one of them inside a function), and the layers keep their order.

The graph comes from the one import walker, tests/import_walk.py (also used by
tests/test_purity.py and tests/ai/test_layering.py): every module is parsed with
`ast`, every import anywhere in it (module level, functions, classes, branches)
is resolved to the module of ours it loads. Imports under `if TYPE_CHECKING:`
never run, but they are a dependency on that module all the same (the coach once
named the explorer's class there while the explorer imported the coach): the
cycle test counts them.
"""
from __future__ import annotations

from pathlib import Path

from import_walk import Walk, cycles, walk


def _cycles_text(found: list[list[str]]) -> str:
    return "\n".join(" -> ".join(c) for c in found)


def test_the_walk_reads_both_packages_and_every_kind_of_import():
    """The walker sees every module of archwk/ and widgets/ (else the tests below
    would pass on nothing), and the imports made inside functions."""
    import pkgutil

    import archwk
    import widgets
    w = walk()
    for pkg in (archwk, widgets):
        importable = {pkg.__name__} | {i.name for i in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + ".")}
        assert importable <= set(w.modules), sorted(importable - set(w.modules))
    assert {"archwk.games.architects.engine", "archwk.ai.coach", "widgets.explorer", "widgets.coach", "widgets.tutorial.ui"} \
        <= set(w.modules)
    # widgets.explorer imports widgets.coach inside a function (GameExplorer.__init__)
    lazy = [i for i in w.imports["widgets.explorer"] if i.target == "widgets.coach"]
    assert lazy and all(i.in_function for i in lazy)
    assert "widgets.coach" not in w.imports_of("widgets.explorer", functions=False)


def test_no_import_cycle_in_archwk_or_widgets():
    """No cycle among the modules of archwk/ and widgets/ together, counting imports
    at module level, inside functions and under TYPE_CHECKING."""
    found = cycles(walk().graph())
    assert not found, "import cycles (counting imports inside functions):\n" + _cycles_text(found)


def test_the_coach_does_not_depend_on_the_explorer():
    """Issue 22: the coach depends on the session (and on what its page hands it),
    not on GameExplorer; the explorer makes the coach."""
    w = walk()
    assert "widgets.explorer" not in w.imports_of("widgets.coach")
    assert "widgets.coach" in w.imports_of("widgets.explorer")


def test_the_library_never_imports_the_widgets():
    """archwk/ is the rules and the bots; widgets/ sits on top of it, never under."""
    w = walk()
    bad = {m: sorted(t for t in w.imports_of(m) if t.split(".")[0] == "widgets")
           for m in w.modules if m.split(".")[0] == "archwk"}
    bad = {m: t for m, t in bad.items() if t}
    assert not bad, f"archwk modules importing widgets: {bad}"


def test_rules_do_not_import_the_top_module_or_the_old_facade():
    """archwk.game (GameState with its methods) and archwk.model (re-exports)
    sit on top: no rules module imports them. The read API (archwk.games.architects.table, from
    the read-API work) reads finished GameStates and sits on top beside them, and so does
    archwk.games.architects.encoding (game-AI libraries' action ids and observations, read
    through the table)."""
    graph = walk().graph(within={m for m in walk().modules if m.split(".")[0] == "archwk"})
    top = {"archwk", "archwk.games", "archwk.games.architects.definition", "archwk.games.architects.game",
           "archwk.games.architects.model", "archwk.games.architects.table", "archwk.games.architects.encoding"}
    play = {"archwk.bots", "archwk.cli", "archwk.simulate", "archwk.distributed"}
    rules = [m for m in graph if m not in top | play and not m.startswith("archwk.analysis")
             and not m.startswith("archwk.ai")]
    assert len(rules) > 20
    upward = {"archwk.games.architects.game", "archwk.games.architects.model"}
    bad = {m: sorted(graph[m] & upward) for m in rules if graph[m] & upward}
    assert not bad, f"rules modules importing the top layer: {bad}"


# ---- the checker itself finds what it must

def _write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)


def test_checker_finds_a_cycle_through_a_function_level_import(tmp_path):
    _write(tmp_path, {
        "__init__.py": "",
        "a.py": "from . import b\n",
        "b.py": "def f():\n    from .sub.c import x\n",
        "sub/__init__.py": "",
        "sub/c.py": "import pkg.a\n",
        "d.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import a\nimport json\n",
    })
    w = Walk({"pkg": tmp_path})
    graph = w.graph()
    assert graph["pkg.b"] == {"pkg.sub.c"} and graph["pkg.sub.c"] == {"pkg.a"}
    assert cycles(graph) == [["pkg.a", "pkg.b", "pkg.sub.c", "pkg.a"]]
    assert cycles(w.graph(functions=False)) == []  # the cycle needs b's import inside f
    [lazy] = w.imports["pkg.b"]
    assert lazy.in_function and lazy.target == "pkg.sub.c" and lazy.line == 2
    # TYPE_CHECKING imports never run, but are a dependency: counted unless asked not to
    assert graph["pkg.d"] == {"pkg.a"} and w.graph(type_checking=False)["pkg.d"] == set()
    assert [(i.name, i.target, i.type_checking) for i in w.imports["pkg.d"]] == [
        ("typing", None, False), ("pkg.a", "pkg.a", True), ("json", None, False)]


def test_checker_finds_a_cycle_through_a_type_checking_import(tmp_path):
    """The shape of the explorer/coach cycle issue 22 found: one side imports the
    other inside a method, the other names it only for its type hints."""
    _write(tmp_path, {
        "__init__.py": "",
        "explorer.py": "class E:\n    def __init__(self):\n        from .coach import C\n        self.c = C(self)\n",
        "coach.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .explorer import E\n"
                    "class C:\n    def __init__(self, e: 'E'):\n        self.e = e\n",
    })
    assert cycles(Walk({"pkg": tmp_path}).graph()) == [["pkg.coach", "pkg.explorer", "pkg.coach"]]


def test_checker_resolves_from_package_import_name(tmp_path):
    _write(tmp_path, {
        "__init__.py": "from .a import thing\n",
        "a.py": "thing = 1\n",
        "b.py": "from . import thing\nfrom .a import thing as t\n",
    })
    graph = Walk({"pkg": tmp_path}).graph()
    assert graph["pkg.b"] == {"pkg", "pkg.a"}
    assert graph["pkg"] == {"pkg.a"}
    assert cycles(graph) == []


def test_checker_spans_packages_and_reads_import_calls(tmp_path):
    """A cycle across two packages (as archwk/ and widgets/ are walked together),
    and `__import__` / `importlib.import_module` with a literal name."""
    _write(tmp_path, {
        "lib/__init__.py": "",
        "lib/core.py": "import importlib\ndef f():\n    return importlib.import_module('ui.page')\n",
        "ui/__init__.py": "",
        "ui/page.py": "from lib.core import f\nx = __import__('plotly.graph_objects')\n",
    })
    w = Walk({"lib": tmp_path / "lib", "ui": tmp_path / "ui"})
    assert cycles(w.graph()) == [["lib.core", "ui.page", "lib.core"]]
    assert [i.name for i in w.external("ui.page")] == ["plotly.graph_objects"]
    assert [i.top for i in w.external("lib.core")] == ["importlib"]
