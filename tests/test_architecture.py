"""The import graph of `archwk/` has no cycle, counting imports made inside
functions (issue 9: a hidden loop of ~40 function-level imports once joined 24
modules). Every module is parsed with `ast`, every `import` / `from ... import`
anywhere in it (module level, functions, classes, branches) is resolved to the
archwk module it loads, and the graph is searched for a cycle.

`from . import x` counts as an import of the submodule `x` when there is one
(not of the package); `from pkg import name` of a non-module counts as an
import of `pkg` itself. Imports under `if TYPE_CHECKING:` never run and are not
counted.
"""
from __future__ import annotations

import ast
from pathlib import Path

import archwk

ROOT = Path(archwk.__file__).parent


def module_names(root: Path, package: str) -> dict[str, Path]:
    """Every module under root: dotted name -> file (packages by __init__.py)."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).with_suffix("")
        parts = [package, *rel.parts]
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST):
    """Every Import/ImportFrom node, skipping `if TYPE_CHECKING:` bodies."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def import_graph(root: Path, package: str) -> dict[str, set[str]]:
    mods = module_names(root, package)
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for name, path in mods.items():
        is_pkg = path.name == "__init__.py"
        here = name if is_pkg else name.rpartition(".")[0]
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    target = alias.name
                    while target and target not in mods:
                        target = target.rpartition(".")[0]
                    if target:
                        graph[name].add(target)
                continue
            if node.level:
                base = here.split(".")
                base = base[: len(base) - (node.level - 1)]
                src = ".".join(base + ([node.module] if node.module else []))
            else:
                src = node.module or ""
            if src.split(".")[0] != package:
                continue
            for alias in node.names:
                sub = f"{src}.{alias.name}"
                if sub in mods:
                    graph[name].add(sub)  # from pkg import submodule
                elif src in mods:
                    graph[name].add(src)  # from module import name
    for name in graph:
        graph[name].discard(name)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan),
    each as one cycle through its modules, sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    comps: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return [_one_cycle(graph, set(c)) for c in sorted(comps)]


def _one_cycle(graph, comp: set[str]) -> list[str]:
    """A path start -> ... -> start inside one strongly connected component."""
    start = min(comp)
    prev = {start: None}
    queue = [start]
    while queue:  # breadth-first: the shortest way back to start
        v = queue.pop(0)
        for w in sorted(graph[v] & comp):
            if w == start:
                path = [v]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                return list(reversed(path)) + [start]
            if w not in prev:
                prev[w] = v
                queue.append(w)
    raise AssertionError("not a strongly connected component")


def test_no_import_cycle_in_archwk():
    found = cycles(import_graph(ROOT, "archwk"))
    assert not found, "import cycles in archwk (counting imports inside functions):\n" + "\n".join(
        " -> ".join(c) for c in found)


def test_rules_do_not_import_the_top_module_or_the_old_facade():
    """archwk.game (GameState with its methods) and archwk.model (re-exports)
    sit on top: no rules module imports them. The read API (archwk.table, from
    the read-API work) reads finished GameStates and sits on top beside them."""
    graph = import_graph(ROOT, "archwk")
    top = {"archwk", "archwk.game", "archwk.model", "archwk.table"}
    play = {"archwk.bots", "archwk.cli", "archwk.simulate", "archwk.distributed"}
    rules = [m for m in graph if m not in top | play and not m.startswith("archwk.analysis")
             and not m.startswith("archwk.ai")]
    assert len(rules) > 20
    upward = {"archwk.game", "archwk.model"}
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
        "d.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import a\n",
    })
    graph = import_graph(tmp_path, "pkg")
    assert graph["pkg.b"] == {"pkg.sub.c"} and graph["pkg.sub.c"] == {"pkg.a"}
    assert graph["pkg.d"] == set()  # TYPE_CHECKING imports never run
    assert cycles(graph) == [["pkg.a", "pkg.b", "pkg.sub.c", "pkg.a"]]


def test_checker_resolves_from_package_import_name(tmp_path):
    _write(tmp_path, {
        "__init__.py": "from .a import thing\n",
        "a.py": "thing = 1\n",
        "b.py": "from . import thing\nfrom .a import thing as t\n",
    })
    graph = import_graph(tmp_path, "pkg")
    assert graph["pkg.b"] == {"pkg", "pkg.a"}
    assert graph["pkg"] == {"pkg.a"}
    assert cycles(graph) == []
