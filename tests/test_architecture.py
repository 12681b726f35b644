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
    assert {"archwk.games.architects.engine", "archwk.ai.coach", "widgets.explorer", "widgets.coach",
            "widgets.tutorial.ui"} \
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
             and not m.startswith("archwk.ai") and ".play" not in m]  # a game's play side sits on top too
    assert len(rules) > 20
    upward = {"archwk.games.architects.game", "archwk.games.architects.model"}
    bad = {m: sorted(graph[m] & upward) for m in rules if graph[m] & upward}
    assert not bad, f"rules modules importing the top layer: {bad}"


# ---- structure first, words last (issue 22)

#: the regular expressions the widgets may keep, by module and the module-level name that
#: holds each, with why: none of them reads words the game or the widgets wrote
REGEX_ALLOWED = {
    "widgets.botcompare": {"_ADDRESS": "checks the characters of a Dask scheduler address a person types"},
    "widgets.figure": {"_EXPORTS": "finds the export list in plotly's JavaScript module source",
                       "_AS_DEFAULT": "finds the default export in that list"},
}

_REGEX_MODULES = {"re", "regex"}


def regex_uses(source: str, module: str, imports) -> list[str]:
    """Where `source` (module `module`, its `imports` from the walker) uses a regular
    expression outside the names REGEX_ALLOWED keeps for it: an import of `re` (or
    `regex`) in a module with no allowance, and every use of it (an `re.x` attribute,
    a name imported from it) that is not the value of an allowed module-level name."""
    import ast
    allowed = REGEX_ALLOWED.get(module, {})
    found = [f"{module}:{i.line}: imports {i.name}" for i in imports
             if i.top in _REGEX_MODULES and not allowed]
    tree = ast.parse(source)
    aliases = {a.asname or a.name for n in ast.walk(tree) if isinstance(n, ast.Import)
               for a in n.names if a.name.split(".")[0] in _REGEX_MODULES}
    names = {a.asname or a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)
             and (n.module or "").split(".")[0] in _REGEX_MODULES for a in n.names}
    kept: set[int] = set()  # the nodes inside the allowed names' values
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(x, ast.Name) and x.id in allowed for x in targets) and node.value is not None:
                kept.update(id(n) for n in ast.walk(node.value))
    for node in ast.walk(tree):
        uses = ((isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
                 and node.value.id in aliases) or (isinstance(node, ast.Name) and node.id in names))
        if uses and id(node) not in kept:
            found.append(f"{module}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_regex_over_words_in_the_widgets():
    """Issue 22: widgets receive typed actions, previews, reasons and verdicts and ask
    the game's explainer for words; they never read words back with a regular
    expression (the page's own HTML included: `widgets.text.plain_text` reads it with
    html.parser, and the score chart's figures come from its data attributes). The few
    regular expressions left read no words (REGEX_ALLOWED, each with its reason)."""
    w = walk()
    found = []
    for m in w.modules:
        if m.split(".")[0] == "widgets":
            found += regex_uses(w.files[m].read_text(encoding="utf-8"), m, w.external(m))
    assert not found, "regular expressions in widgets/:\n" + "\n".join(found)
    for m, names in REGEX_ALLOWED.items():  # each allowance is still needed (else drop it)
        source = w.files[m].read_text(encoding="utf-8")
        assert all(f"{name} = re." in source for name in names), m


def test_the_regex_checker_finds_what_it_must(tmp_path):
    _write(tmp_path, {
        "__init__.py": "",
        "page.py": ("import re\nfrom re import findall as fa\n_OK = re.compile('x')\n"
                    "def f(t):\n    return re.sub('<[^>]+>', '', t), fa('y', t), _OK.match(t)\n"),
    })
    w = Walk({"pkg": tmp_path})
    src = (tmp_path / "page.py").read_text()
    found = regex_uses(src, "pkg.page", w.external("pkg.page"))
    assert found == ["pkg.page:1: imports re", "pkg.page:2: imports re", "pkg.page:3: re.compile",
                     "pkg.page:5: re.sub", "pkg.page:5: fa"]
    # allowed by name: the import and the value of that name pass, any other use does not
    REGEX_ALLOWED["pkg.page"] = {"_OK": "test"}
    try:
        found = regex_uses(src, "pkg.page", w.external("pkg.page"))
    finally:
        del REGEX_ALLOWED["pkg.page"]
    assert found == ["pkg.page:5: re.sub", "pkg.page:5: fa"]


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


# ---- one kit, several games (issue 22)

def _game_packages() -> set[str]:
    import archwk
    return set(archwk.GAMES)


def test_the_kit_knows_no_game():
    """archwk/kit/ is game-neutral: it imports no game's package (nor anything above it)."""
    w = walk()
    kit = [m for m in w.modules if m == "archwk.kit" or m.startswith("archwk.kit.")]
    assert {"archwk.kit.game", "archwk.kit.records", "archwk.kit.codes"} <= set(kit)
    bad = {m: sorted(t for t in w.imports_of(m) if not t.startswith("archwk.kit")) for m in kit}
    assert not {m: t for m, t in bad.items() if t}, bad


def test_games_do_not_import_each_other():
    """A game's package imports the kit and itself, never another game."""
    w = walk()
    names = _game_packages()
    for name in names:
        pkg = f"archwk.games.{name}"
        for m in (m for m in w.modules if m == pkg or m.startswith(pkg + ".")):
            others = {t for t in w.imports_of(m) if t.startswith("archwk.games.") and not t.startswith(pkg)}
            assert not others, f"{m} imports another game: {sorted(others)}"


#: shell modules that still reach one game by name, and why
SHELL_EXCEPTIONS = {
    "widgets": "the public names BoardView, PlayerPanels, ScorePanel, WhatIfEditor, GameApp, ... "
               "(API.md) are Architects' parts, loaded when asked",
    "widgets.tutorial": "widgets.tutorial.LESSONS, Architects' lessons, by their public name",
}


def test_the_widget_shell_draws_games_through_their_ui():
    """The shared shell of widgets/ (session, explorer, decision panel, coach, evaluation,
    tutorial, page helpers) reaches a game's rules and drawing only through `state.game`
    and `widgets.games.ui_for`: it imports no `archwk.games.<game>` module and no
    `widgets.<game>` package (the exceptions above are named with their reason)."""
    w = walk()
    names = _game_packages()
    game_widgets = tuple(f"widgets.{n}" for n in names)
    shell = [m for m in w.modules if m.split(".")[0] == "widgets" and not m.startswith(game_widgets)
             and m not in SHELL_EXCEPTIONS]
    assert {"widgets.explorer", "widgets.decision", "widgets.session", "widgets.coach"} <= set(shell)
    bad = {}
    for m in shell:
        hits = sorted(t for t in w.imports_of(m)
                      if t.startswith("archwk.games.") or t.startswith(game_widgets))
        if hits:
            bad[m] = hits
    assert not bad, f"shell modules importing one game directly: {bad}"
