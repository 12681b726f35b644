"""Build hook: the optional compiled build of the rules (issue 10).

By default this builds the pure-Python package (nothing is compiled; it runs
anywhere, the browser's Pyodide included). With ``ARCHWK_COMPILED=1`` in the
environment, Cython compiles the rules modules (the same source, in Cython's
pure-Python mode) to extension modules that sit beside the ``.py`` files and
are imported instead of them. The ``.pxd`` files beside some modules (``archwk/games/architects/state.pxd``,
``core.pxd``, ``engine.pxd``, ...) add C types to the same source: the state, player and
action classes become extension types, and the hot rule helpers read their fields as C
struct members and call each other in C:

    ARCHWK_COMPILED=1 pip install --no-build-isolation .    # needs Cython and a C compiler
    bash scripts/kit build-compiled                         # a copy in build/compiled (scripts/build_compiled.py)

Play, analysis, saving and the explainer stay pure Python: they are not where
the time goes, and they are what other code patches in tests. Package `__init__` modules stay
pure too, but for the behaviour hooks (`COMPILED_INITS`).
"""
from __future__ import annotations

import os
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent

#: modules left pure in the compiled build (paths under archwk/, as globs)
PURE = ("__init__.py", "ai/*", "analysis/*", "explain*", "explain/*", "save.py", "views.py", "edit.py",
        "table.py", "model.py", "bots.py", "options.py", "errors.py", "schemes.py", "definition.py",
        "kit/game.py", "kit/records.py")
#: package __init__ modules compiled all the same (the rest stay pure: they only import):
#: the behaviour hooks, asked at nearly every decision
COMPILED_INITS = ("games/architects/behaviour/__init__.py",)


def rules_modules(root: Path = ROOT) -> list[str]:
    """The rules modules compiled by the compiled build, relative to `root`: every
    module of archwk/ but the ones in PURE and the package __init__ modules other
    than COMPILED_INITS (a new rules module is compiled without a change here)."""
    pkg = root / "archwk"
    out = []
    for path in sorted(pkg.rglob("*.py")):
        rel = path.relative_to(pkg)
        if rel.as_posix() in COMPILED_INITS:
            out.append(path.relative_to(root).as_posix())
            continue
        if any(rel.match(pattern) for pattern in PURE) or rel.name == "__init__.py":
            continue
        out.append(path.relative_to(root).as_posix())
    return out


def ext_modules(root: Path = ROOT, force: bool = False) -> list:
    if not force and os.environ.get("ARCHWK_COMPILED", "").strip() not in ("1", "yes", "true"):
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        raise SystemExit("ARCHWK_COMPILED=1: the compiled build needs Cython (pip install cython)") from None
    exts = cythonize(
        rules_modules(root),
        compiler_directives={
            "language_level": 3,
            "annotation_typing": False,  # annotations are for mypy: no C types, no extra checks
            # the C types come from the .pxd files beside the modules (archwk/games/architects/state.pxd, ...);
            # an argument typed there accepts None, and this makes using it raise as in Python
            "nonecheck": True,
            "binding": True,
            "embedsignature": False,
        },
        nthreads=os.cpu_count() or 1,
        quiet=True,
    )
    return exts


if __name__ == "__main__":
    setup(ext_modules=ext_modules())
