"""What a notebook page may import: the packages the static site loads for it.

scripts/site_build.py asks `page_imports(code)` for each notebook: a static reading (ast)
of the page's code cells and of this checkout's modules they reach (archwk, widgets, and
any helper module next to the notebooks). It starts from the names the cells use and
follows what each reached function, class and module body imports or names -- lazy
imports inside functions included, so a page gets what a later click may import (the
coach, a chart), but not what only other pages reach: the dashboard uses
`widgets.architects.apps.dashboard`, and the game classes of the same module (which draw plotly
boards) are not reached from it.

Over-approximate where the code is dynamic: a named class counts whole (every method);
a module's `__getattr__` counts when a name of it is not found; `from m import *` and an
import by a computed name (`importlib.import_module(f"...")`) count every module of the
package. What is imported under `if TYPE_CHECKING:` is not imported at run time.

The result: the third-party top-level modules the page may import, each with where
(module:line) and whether the import is optional (inside `try: ... except ImportError`,
so a page works without it), and the checkout's modules reached.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

#: the pseudo-module of a page's own code cells
PAGE = "__main__"


@dataclass(frozen=True)
class Use:
    """One import of a third-party module: where, and whether the code copes without it."""
    where: str
    optional: bool


@dataclass
class PageImports:
    external: dict[str, list[Use]] = field(default_factory=dict)  # top-level module -> its imports
    local: set[str] = field(default_factory=set)                   # this checkout's modules reached

    def required(self) -> set[str]:
        """Third-party top-level modules imported somewhere without a fallback."""
        return {name for name, uses in self.external.items() if not all(u.optional for u in uses)}


@dataclass
class _Module:
    name: str
    path: Path
    is_pkg: bool
    tree: ast.Module
    defs: dict[str, ast.AST]            # top-level def/class name -> its node
    bindings: dict[str, tuple]          # module-level import bindings (see _bind)
    stars: list[str]                    # modules star-imported at module level


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
        (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


_IMPORT_ERRORS = {"ImportError", "ModuleNotFoundError", "Exception", "BaseException"}


def _catches_import_error(handlers: list[ast.ExceptHandler]) -> bool:
    for h in handlers:
        if h.type is None:
            return True
        types = h.type.elts if isinstance(h.type, ast.Tuple) else [h.type]
        if any(isinstance(t, ast.Name) and t.id in _IMPORT_ERRORS for t in types):
            return True
    return False


class Source:
    """The checkout's importable modules: packages `packages` under `root`, and the
    top-level helper modules of `helpers` (the notebooks' folder)."""

    def __init__(self, root: Path, packages: tuple[str, ...], helpers: Path | None = None):
        self.root = root
        self.packages = packages
        self.helpers = helpers
        self._modules: dict[str, _Module | None] = {}

    def is_local(self, name: str) -> bool:
        top = name.split(".")[0]
        return top in self.packages or (self.helpers is not None and (self.helpers / f"{top}.py").is_file())

    def file(self, name: str) -> tuple[Path, bool] | None:
        parts = name.split(".")
        base = self.root if parts[0] in self.packages else self.helpers
        if base is None:
            return None
        p = base.joinpath(*parts)
        if (p / "__init__.py").is_file():
            return p / "__init__.py", True
        if p.with_suffix(".py").is_file():
            return p.with_suffix(".py"), False
        return None

    def module(self, name: str) -> _Module | None:
        if name not in self._modules:
            found = self.file(name)
            self._modules[name] = None if found is None else self._parse(name, *found)
        return self._modules[name]

    def submodules(self, package: str) -> list[str]:
        """Every module of `package` (itself included)."""
        found = self.file(package)
        if found is None or not found[1]:
            return [package] if found else []
        base = found[0].parent
        out = []
        for p in sorted(base.rglob("*.py")):
            rel = p.relative_to(base).with_suffix("").parts
            if rel[-1] == "__init__":
                rel = rel[:-1]
            out.append(".".join((package, *rel)))
        return out

    def _parse(self, name: str, path: Path, is_pkg: bool) -> _Module:
        tree = ast.parse(path.read_text(), filename=str(path))
        return self.from_tree(name, path, is_pkg, tree)

    def from_tree(self, name: str, path: Path, is_pkg: bool, tree: ast.Module) -> _Module:
        mod = _Module(name, path, is_pkg, tree, {}, {}, [])

        def top(stmts):
            for st in stmts:
                if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    mod.defs[st.name] = st
                elif isinstance(st, ast.If):
                    if not _is_type_checking(st.test):
                        top(st.body)
                    top(st.orelse)
                elif isinstance(st, ast.Try):
                    for block in (st.body, *(h.body for h in st.handlers), st.orelse, st.finalbody):
                        top(block)
                elif isinstance(st, (ast.Import, ast.ImportFrom)):
                    for local, target in self.bind(mod, st):
                        if local == "*":
                            mod.stars.append(target[1])
                        else:
                            mod.bindings[local] = target
        top(tree.body)
        return mod

    def absolute(self, mod: _Module, node: ast.ImportFrom) -> str:
        if not node.level:
            return node.module or ""
        package = mod.name if mod.is_pkg else mod.name.rpartition(".")[0]
        parts = package.split(".")
        if node.level > 1:
            parts = parts[: len(parts) - node.level + 1]
        return ".".join(parts + ([node.module] if node.module else []))

    def bind(self, mod: _Module, node: ast.Import | ast.ImportFrom) -> list[tuple[str, tuple]]:
        """The names an import statement binds: ("module", name) for a module of the
        checkout, ("attr", module, name) for a name of one, ("ext", top) otherwise;
        ("*", ("module", name)) for a star import."""
        out = []
        if isinstance(node, ast.Import):
            for a in node.names:
                target = a.name if a.asname else a.name.split(".")[0]
                kind = ("module", target) if self.is_local(a.name) else ("ext", a.name.split(".")[0])
                out.append((a.asname or target, kind))
            return out
        base = self.absolute(mod, node)
        for a in node.names:
            if not self.is_local(base):
                out.append((a.asname or a.name, ("ext", base.split(".")[0])))
            elif a.name == "*":
                out.append(("*", ("module", base)))
            elif self.file(f"{base}.{a.name}"):
                out.append((a.asname or a.name, ("module", f"{base}.{a.name}")))
            else:
                out.append((a.asname or a.name, ("attr", base, a.name)))
        return out


class _Reach:
    def __init__(self, source: Source):
        self.src = source
        self.seen: set[tuple[str, str]] = set()
        self.todo: list[tuple[_Module, str]] = []
        self.result = PageImports()

    # -- what is reached
    def module(self, name: str) -> None:
        parts = name.split(".")
        for i in range(1, len(parts) + 1):  # importing a.b.c runs a, a.b, a.b.c
            self.node(".".join(parts[:i]), "")

    def node(self, modname: str, name: str) -> None:
        if (modname, name) in self.seen:
            return
        mod = self.src.module(modname)
        if mod is None:
            return
        self.seen.add((modname, name))
        if name == "":
            self.result.local.add(modname)
        self.todo.append((mod, name))

    def everything(self, package: str) -> None:
        """Every module of `package`, every function and class of each."""
        for sub in self.src.submodules(package):
            self.module(sub)
            mod = self.src.module(sub)
            for name in (mod.defs if mod else ()):
                self.node(sub, name)

    def name_of(self, modname: str, name: str, depth: int = 0) -> tuple | None:
        """Reach `name` of module `modname`; returns what it is bound to if that is an
        import binding (so that an attribute chain can go on)."""
        mod = self.src.module(modname)
        if mod is None or depth > 20:
            return None
        self.module(modname)
        if name in mod.defs:
            self.node(modname, name)
            return None
        if name in mod.bindings:
            return self.follow(mod.bindings[name], depth + 1)
        if self.src.file(f"{modname}.{name}"):
            self.module(f"{modname}.{name}")
            return ("module", f"{modname}.{name}")
        for star in mod.stars:
            self.everything(star)
        if "__getattr__" in mod.defs:  # a module's lazy attributes
            self.node(modname, "__getattr__")
        return None

    def follow(self, binding: tuple, depth: int = 0) -> tuple | None:
        kind = binding[0]
        if kind == "module":
            self.module(binding[1])
            return binding
        if kind == "attr":
            return self.name_of(binding[1], binding[2], depth)
        return None

    # -- reading code
    def run(self) -> PageImports:
        while self.todo:
            mod, name = self.todo.pop()
            if name == "":
                self.scan_body(mod, mod.tree.body)
            else:
                node = mod.defs[name]
                if isinstance(node, ast.ClassDef):
                    _Scanner(self, mod).scan_all(node.body)
                    _Scanner(self, mod).scan_all([*node.bases, *node.keywords, *node.decorator_list])
                else:
                    _Scanner(self, mod).scan_all(node.body)
        return self.result

    def scan_body(self, mod: _Module, stmts: list[ast.stmt], scanner: _Scanner | None = None) -> None:
        """A module body, or a class body, as it runs at import time: not the bodies of
        the functions it defines (they run when called), and not a class's base classes
        (a base counts when its subclass is reached: its methods run only through it)."""
        scanner = scanner or _Scanner(self, mod)
        for st in stmts:
            if isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef)):
                scanner.scan_all([*st.decorator_list, *st.args.defaults,
                                  *[d for d in st.args.kw_defaults if d is not None]])
            elif isinstance(st, ast.ClassDef):
                scanner.scan_all([*st.keywords, *st.decorator_list])
                self.scan_body(mod, st.body, scanner)
            else:
                scanner.scan_all([st])


class _Scanner(ast.NodeVisitor):
    """Reads a piece of code of module `mod`: its imports and the names it uses."""

    def __init__(self, reach: _Reach, mod: _Module):
        self.reach = reach
        self.mod = mod
        self.local: dict[str, tuple] = {}   # names bound by imports inside this code
        self.guarded = 0                    # inside a try that catches ImportError

    def scan_all(self, nodes) -> None:
        for n in nodes:
            self.visit(n)

    def where(self, node: ast.AST) -> str:
        return f"{self.mod.name}:{getattr(node, 'lineno', '?')}"

    # annotations are not run (from __future__ import annotations, or names imported anyway)
    def visit_arg(self, node: ast.arg) -> None:
        return

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        if node.value is not None:
            self.visit(node.value)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        # a function defined inside reached code may be called: read it, not its annotations
        self.scan_all([*node.decorator_list, *node.args.defaults,
                       *[d for d in node.args.kw_defaults if d is not None], *node.body])

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_If(self, node: ast.If) -> None:
        if _is_type_checking(node.test):
            self.scan_all(node.orelse)
            return
        self.generic_visit(node)

    def visit_Try(self, node: ast.Try) -> None:
        guard = _catches_import_error(node.handlers)
        self.guarded += guard
        self.scan_all(node.body)
        self.guarded -= guard
        self.scan_all([*node.handlers, *node.orelse, *node.finalbody])

    visit_TryStar = visit_Try

    def visit_Import(self, node: ast.Import) -> None:
        for a in node.names:
            if self.reach.src.is_local(a.name):
                self.reach.module(a.name)
            else:
                self.external(a.name.split(".")[0], node)
        self.local.update(self.reach.src.bind(self.mod, node))

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        base = self.reach.src.absolute(self.mod, node)
        if not self.reach.src.is_local(base):
            self.external(base.split(".")[0], node)
            return
        self.reach.module(base)
        for local, target in self.reach.src.bind(self.mod, node):
            if local == "*":
                self.reach.everything(target[1])
            else:
                if target[0] == "module":
                    self.reach.module(target[1])
                self.local[local] = target

    def external(self, top: str, node: ast.AST) -> None:
        self.reach.result.external.setdefault(top, []).append(Use(self.where(node), self.guarded > 0))

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        fname = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        if fname in ("import_module", "__import__") and node.args:
            arg = node.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                name = arg.value
                if self.reach.src.is_local(name):
                    self.reach.module(name)
                else:
                    self.external(name.split(".")[0], node)
            else:  # a computed name: any module of this package
                package = self.mod.name if self.mod.is_pkg else self.mod.name.rpartition(".")[0]
                for sub in self.reach.src.submodules(package or self.mod.name):
                    self.reach.module(sub)
        self.generic_visit(node)

    def resolve(self, name: str) -> tuple | None:
        if name in self.local:
            return self.reach.follow(self.local[name])
        if name in self.mod.bindings:
            return self.reach.follow(self.mod.bindings[name])
        if name in self.mod.defs:
            self.reach.node(self.mod.name, name)
        return None

    def visit_Name(self, node: ast.Name) -> None:
        self.resolve(node.id)

    def visit_Attribute(self, node: ast.Attribute) -> None:
        chain = []
        base: ast.expr = node
        while isinstance(base, ast.Attribute):
            chain.append(base.attr)
            base = base.value
        if not isinstance(base, ast.Name):
            self.visit(base)
            return
        bound = self.resolve(base.id)
        for attr in reversed(chain):
            if bound is None or bound[0] != "module":
                break
            bound = self.reach.name_of(bound[1], attr)


def page_imports(code: str, source: Source, name: str = PAGE) -> PageImports:
    """What a page whose code cells are `code` may import (see the module's docstring);
    `name` names the page's code where an import is (e.g. "dashboard.ipynb:3")."""
    reach = _Reach(source)
    page = source.from_tree(name, Path("<page>"), False, ast.parse(code))
    # the page's own code: every statement runs, and a function it defines may be called
    _Scanner(reach, page).scan_all(page.tree.body)
    return reach.run()
