"""The rules library stays pure (STYLE: "archwk/ is the rules, and nothing
else"; pyproject: no runtime dependencies): importing archwk loads no widget,
plotting, notebook or IPython module, and no source file in archwk/ imports one.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from import_walk import Import, parse_imports, walk

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


ARCHWK_MODULES = [m for m in walk().modules if _top(m) == "archwk"]


def forbidden_imports(imports: list[Import]) -> list[str]:
    """The forbidden modules among `imports` (tests/import_walk.py reads them at any
    depth: inside functions, by `import x`, `from x import y`, `__import__("x")`)."""
    return [i.name for i in imports if i.target is None and i.top in FORBIDDEN]


def test_the_scan_sees_every_module_and_every_kind_of_import():
    """The scan covers each module Python can import from archwk (subpackages
    included), and catches imports hidden in functions or made by __import__."""
    import pkgutil
    importable = {info.name for info in pkgutil.walk_packages([str(PACKAGE)], "archwk.")}
    assert importable <= set(ARCHWK_MODULES)
    sneaky = "def f():\n    import plotly.graph_objects as go\n    return __import__('pickle')\n"
    assert forbidden_imports(parse_imports(sneaky, "archwk.x", set())) == ["plotly.graph_objects", "pickle"]
    assert forbidden_imports(parse_imports("from ipywidgets import VBox\nimport json\n", "archwk.x", set())) \
        == ["ipywidgets"]


@pytest.mark.parametrize("name", ARCHWK_MODULES)
def test_no_source_imports_presentation_modules(name):
    """No module in archwk/ imports ipywidgets, plotly, voila, IPython or our
    widgets (also not lazily inside a function), nor pickle (saves are JSON only)."""
    bad = forbidden_imports(walk().imports[name])
    assert not bad, f"{name} imports {bad}"
    ours = sorted(t for t in walk().imports_of(name) if _top(t) == "widgets")
    assert not ours, f"{name} imports {ours}"


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
