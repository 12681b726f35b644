"""The rules library stays pure (STYLE: "archwk/ is the rules, and nothing
else"; pyproject: no runtime dependencies): importing archwk loads no widget,
plotting, notebook or IPython module, and no source file in archwk/ imports one.
"""
from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

import archwk

PACKAGE = Path(archwk.__file__).resolve().parent
#: never imported anywhere in archwk/, not even lazily: presentation stacks, and pickle
FORBIDDEN = ("ipywidgets", "plotly", "voila", "IPython", "ipykernel", "anywidget", "widgets",
             "nbformat", "nbclient", "traitlets", "jupyter_client", "pickle")
#: the analysis modules may use these inside functions, but `import archwk` must not load them
HEAVY = ("networkx", "numpy", "pandas", "dask", "distributed", "pyarrow", "tqdm")


def _top(name: str) -> str:
    return name.split(".")[0]


def test_import_loads_no_presentation_module():
    """Importing archwk (in a fresh interpreter) loads none of ipywidgets, plotly,
    voila, IPython (nor the other presentation stacks)."""
    code = ("import json, sys; import archwk; s = archwk.new_game(2, seed=1); "
            "print(json.dumps(sorted(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=str(PACKAGE.parent))
    loaded = {_top(m) for m in json.loads(out.stdout)}
    bad = sorted(loaded & set(FORBIDDEN + HEAVY))
    assert not bad, f"importing archwk loaded {bad}"


def _sources():
    return sorted(PACKAGE.rglob("*.py"))


def forbidden_imports(source: str, filename: str = "<source>") -> list[str]:
    """The forbidden modules a source imports, at any depth (inside functions,
    by `import x`, `from x import y` or `__import__("x")`)."""
    tree = ast.parse(source, filename=filename)
    bad = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            bad += [a.name for a in node.names if _top(a.name) in FORBIDDEN]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if _top(node.module) in FORBIDDEN:
                bad.append(node.module)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "__import__":
            if node.args and isinstance(node.args[0], ast.Constant) and \
                    _top(str(node.args[0].value)) in FORBIDDEN:
                bad.append(node.args[0].value)
    return bad


def test_the_scan_sees_every_module_and_every_kind_of_import():
    """The scan covers each module Python can import from archwk (subpackages
    included), and catches imports hidden in functions or made by __import__."""
    import pkgutil
    importable = {info.name for info in pkgutil.walk_packages([str(PACKAGE)], "archwk.")}
    scanned = {"archwk." + ".".join(p.relative_to(PACKAGE).with_suffix("").parts).removesuffix(".__init__")
               for p in _sources()}
    assert importable <= scanned
    sneaky = "def f():\n    import plotly.graph_objects as go\n    return __import__('pickle')\n"
    assert forbidden_imports(sneaky) == ["plotly.graph_objects", "pickle"]
    assert forbidden_imports("from ipywidgets import VBox\nimport json\n") == ["ipywidgets"]


@pytest.mark.parametrize("path", _sources(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_source_imports_presentation_modules(path):
    """No module in archwk/ imports ipywidgets, plotly, voila or IPython (also
    not lazily inside a function), nor pickle (saves are JSON only)."""
    bad = forbidden_imports(path.read_text(encoding="utf-8"), str(path))
    assert not bad, f"{path.name} imports {bad}"


def test_a_board_page_does_not_pay_for_an_unused_grammar_and_the_check_still_works():
    """widgets._startup: drawing a board (plotly's FigureWidget -> nbformat -> jsonschema)
    no longer builds rfc3987_syntax's grammar at import (2-9 s of every kernel's start);
    jsonschema's "iri" format check, the one user, still works, loading it on first use."""
    import subprocess
    import sys
    code = (
        "import sys, widgets.figure, plotly.graph_objects as go; go.FigureWidget; import jsonschema\n"
        "print(type(sys.modules.get('rfc3987_syntax')).__name__, 'lark' in sys.modules)\n"
        "fc = jsonschema.FormatChecker()\n"
        "print(fc.conforms('http://example.org/a', 'iri'), fc.conforms('ht tp://x', 'iri'),\n"
        "      type(sys.modules['rfc3987_syntax']).__name__)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["_Deferred", "False", "True", "False", "module"], out
