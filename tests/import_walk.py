"""The one import walker of the architecture tests (tests/test_architecture.py,
tests/test_purity.py, tests/ai/test_layering.py).

Every module of `archwk/` and `widgets/` is parsed with `ast`, and every import
anywhere in it is read: at module level, inside functions and methods, classes,
branches and `try`, `import a.b`, `from a import b`, relative imports
(resolved), and `__import__("x")` / `importlib.import_module("x")` with a literal
name. Each becomes an `Import`: the module that holds it, what it names, the
module of ours it loads (or None for another package), whether it sits inside a
function (runs only when called) and whether it sits under `if TYPE_CHECKING:`
(never runs, but still a dependency on that module's interface).

How a name is resolved: `import a.b.c` loads `a.b.c` (or the deepest of its
parents that is a module of ours); `from pkg import x` loads the submodule
`pkg.x` when there is one, else `pkg` itself. Importing a submodule also runs
its packages' `__init__`, which is not counted (every module would then depend
on `archwk/__init__.py`, and the graph would say nothing).
"""
from __future__ import annotations

import ast
import functools
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the packages the walker reads by default
PACKAGES = ("archwk", "widgets")


@dataclass(frozen=True)
class Import:
    module: str            # the module whose source holds the import
    name: str              # the module named: `a.b` of `import a.b`; of `from pkg import x`, `pkg.x` when
                           # that is a module of ours, else `pkg`
    target: str | None     # the module of ours it loads, None when it is another package's
    line: int
    in_function: bool      # inside a def / lambda: runs when called, not at import
    type_checking: bool    # under `if TYPE_CHECKING:`: never runs

    @property
    def top(self) -> str:
        """The top-level package named (`plotly` of `plotly.graph_objects`)."""
        return self.name.split(".")[0]


def module_names(root: Path, package: str) -> dict[str, Path]:
    """Every module of the package at `root` (its folder): dotted name -> file
    (a package by its __init__.py)."""
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


_IMPORT_CALLS = {"__import__", "import_module"}  # __import__("x"), importlib.import_module("x")


def _raw_imports(tree: ast.AST):
    """(node, dotted names or None for ImportFrom, in_function, type_checking) for every import."""
    stack: list[tuple[ast.AST, bool, bool]] = [(tree, False, False)]
    while stack:
        node, in_fn, tc = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.append((node.test, in_fn, tc))
            stack.extend((n, in_fn, True) for n in node.body)
            stack.extend((n, in_fn, tc) for n in node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node, in_fn, tc
        elif isinstance(node, ast.Call):
            f = node.func
            fname = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
            if fname in _IMPORT_CALLS and node.args and isinstance(node.args[0], ast.Constant) \
                    and isinstance(node.args[0].value, str):
                yield node, in_fn, tc
        inner = in_fn or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        stack.extend((child, inner, tc) for child in ast.iter_child_nodes(node))


def parse_imports(source: str, module: str, known: dict[str, Path] | frozenset | set,
                  *, is_package: bool = False, filename: str = "<source>") -> list[Import]:
    """The imports of one module's source, resolved against the `known` module names."""
    here = module if is_package else module.rpartition(".")[0]

    def ours(name: str) -> str | None:
        while name and name not in known:
            name = name.rpartition(".")[0]
        return name or None

    out: list[Import] = []
    raw = sorted(_raw_imports(ast.parse(source, filename=filename)),
                 key=lambda x: (x[0].lineno, x[0].col_offset))  # in source order
    for node, in_fn, tc in raw:
        found: list[tuple[str, str | None]] = []
        if isinstance(node, ast.Import):
            found = [(a.name, ours(a.name)) for a in node.names]
        elif isinstance(node, ast.Call):
            name = node.args[0].value
            found = [(name, ours(name))]
        else:
            if node.level:
                base = here.split(".")
                base = base[: len(base) - (node.level - 1)]
                src = ".".join(base + ([node.module] if node.module else []))
            else:
                src = node.module or ""
            for alias in node.names:
                sub = f"{src}.{alias.name}"
                if sub in known:
                    found.append((sub, sub))            # from pkg import submodule
                else:
                    found.append((src, ours(src)))      # from module import name
        out += [Import(module, name, target, node.lineno, in_fn, tc) for name, target in found]
    return out


class Walk:
    """The modules of some packages and every import in them."""

    def __init__(self, roots: dict[str, Path]):
        self.files: dict[str, Path] = {}
        for package, root in roots.items():
            self.files.update(module_names(root, package))
        self.imports: dict[str, list[Import]] = {}
        for name, path in self.files.items():
            self.imports[name] = parse_imports(path.read_text(encoding="utf-8"), name, self.files,
                                               is_package=path.name == "__init__.py", filename=str(path))

    @property
    def modules(self) -> list[str]:
        return sorted(self.files)

    def graph(self, *, type_checking: bool = True, functions: bool = True,
              within: set[str] | None = None) -> dict[str, set[str]]:
        """Module -> the modules of ours it imports (itself left out). Without
        `type_checking` / `functions`, imports under TYPE_CHECKING / inside
        functions are left out; `within` keeps only those modules."""
        nodes = set(self.files) if within is None else set(within)
        g: dict[str, set[str]] = {m: set() for m in nodes}
        for m in nodes:
            for imp in self.imports[m]:
                if imp.target is None or imp.target == m or imp.target not in nodes:
                    continue
                if (imp.type_checking and not type_checking) or (imp.in_function and not functions):
                    continue
                g[m].add(imp.target)
        return g

    def imports_of(self, name: str, *, type_checking: bool = True, functions: bool = True) -> set[str]:
        """The modules of ours that `name` imports (see `graph`)."""
        return {i.target for i in self.imports[name] if i.target is not None and i.target != name
                and (type_checking or not i.type_checking) and (functions or not i.in_function)}

    def external(self, name: str) -> list[Import]:
        """The imports of `name` that are of other packages."""
        return [i for i in self.imports[name] if i.target is None]


@functools.lru_cache(maxsize=1)
def walk() -> Walk:
    """archwk/ and widgets/ of this checkout, parsed once per test session."""
    return Walk({p: ROOT / p for p in PACKAGES})


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan),
    each as one cycle through its modules (start -> ... -> start), sorted."""
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


def _one_cycle(graph: dict[str, set[str]], comp: set[str]) -> list[str]:
    """A shortest path start -> ... -> start inside one strongly connected component."""
    start = min(comp)
    prev: dict[str, str | None] = {start: None}
    queue = [start]
    while queue:  # breadth-first: the shortest way back to start
        v = queue.pop(0)
        for w in sorted(graph[v] & comp):
            if w == start:
                path = [v]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])  # type: ignore[arg-type]
                return list(reversed(path)) + [start]
            if w not in prev:
                prev[w] = v
                queue.append(w)
    raise AssertionError("not a strongly connected component")


def describe(imports: list[Import]) -> str:
    return ", ".join(f"{i.name} (line {i.line}{', in a function' if i.in_function else ''})" for i in imports)
