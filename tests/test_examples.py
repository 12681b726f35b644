"""The examples in the docs run: every docstring example of archwk and widgets
(`>>>` lines, run with doctest), and every Python block of README.md and
ARCHITECTURE.md, in order, as one session per file. A failing example is a
broken promise to a reader."""
from __future__ import annotations

import doctest
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import archwk
import widgets

ROOT = Path(__file__).resolve().parent.parent


def _modules(package) -> list[str]:
    names = [package.__name__]
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        names.append(info.name)
    return sorted(names)


MODULES = _modules(archwk) + _modules(widgets)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name):
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    failures = []
    for test in finder.find(module, name):
        if test.examples:
            out: list[str] = []
            result = runner.run(test, out=out.append, clear_globs=True)
            if result.failed:
                failures.append("".join(out))
    assert not failures, "\n".join(failures)


def test_the_library_keeps_its_examples():
    """A deleted example is not a passing one: the main modules keep theirs."""
    finder = doctest.DocTestFinder(exclude_empty=True)
    for name in ("archwk", "archwk.games.architects.game", "archwk.games.architects.actions",
                 "archwk.games.architects.options", "archwk.games.architects.table", "widgets.session"):
        module = importlib.import_module(name)
        assert sum(len(t.examples) for t in finder.find(module, name)) > 0, name


def python_blocks(path: Path) -> list[str]:
    """The ```python blocks of a markdown file, in order."""
    return re.findall(r"^```python\n(.*?)^```", path.read_text(encoding="utf-8"), flags=re.S | re.M)


@pytest.mark.parametrize("doc", ["README.md", "ARCHITECTURE.md"])
def test_markdown_python_blocks_run(doc):
    """The Python examples of the page run in order in one namespace, as a reader
    would paste them. Blocks that need a running notebook say so in a comment
    `# (in a notebook)` on their first line and are only compiled."""
    path = ROOT / doc
    if not path.exists():
        pytest.fail(f"{doc} is missing")
    blocks = python_blocks(path)
    assert blocks, f"{doc} has no Python example"
    namespace: dict = {"__name__": "__readme__"}
    for i, code in enumerate(blocks, 1):
        compiled = compile(code, f"{doc} (Python block {i})", "exec")
        if code.lstrip().startswith("# (in a notebook)"):
            continue
        exec(compiled, namespace)  # our own documentation, run as a reader would
