"""What each static-site page loads is read from what its code may import
(scripts/page_imports.py, used by scripts/site_build.py), not from a hand list: issue 21's
front page opened with "ModuleNotFoundError: No module named 'anywidget'" because the
dashboard's hand list left out what `widgets.a11y` imports.

No browser and no site build here: the reading itself, on small made-up packages and on
the real notebooks, and a check of it against what CPython really imports when a notebook
runs.
"""
from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

import page_imports as pi  # noqa: E402

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def site_build():
    spec = importlib.util.spec_from_file_location("site_build", ROOT / "scripts" / "site_build.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def write_package(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))


def reading(tmp_path: Path, files: dict[str, str], page: str) -> pi.PageImports:
    write_package(tmp_path, files)
    return pi.page_imports(textwrap.dedent(page), pi.Source(tmp_path, ("pkg",), tmp_path / "notebooks"))


# a package like widgets/architects/apps.py: one module holds the light dashboard and the heavy game
# page, whose board library is imported lazily, inside a function
PKG = {
    "pkg/__init__.py": "from .core import Core\n",
    "pkg/core.py": """
        import json

        class Core:
            def run(self):
                return json.dumps({})
        """,
    "pkg/apps.py": """
        from __future__ import annotations
        from typing import TYPE_CHECKING

        import lightlib

        from .text import words

        if TYPE_CHECKING:
            import typinglib

        def dashboard():
            return lightlib.Tab(words())

        def _board(state):
            from .board import Board
            return Board(state)

        class GameApp:
            def __init__(self):
                self.board = _board(None)

        class SoloApp(GameApp):
            pass

        def notes(text: typinglib.Text) -> str:
            try:
                import markdownlib
            except ImportError:
                return text
            return markdownlib.render(text)
        """,
    "pkg/text.py": "def words():\n    return 'hello'\n",
    "pkg/board.py": """
        import boardlib.figures as figures

        class Board:
            def draw(self):
                return figures.Figure()
        """,
}


def test_a_page_gets_what_the_functions_it_uses_import_and_not_the_rest_of_their_module(tmp_path):
    r = reading(tmp_path, PKG, "from pkg.apps import dashboard\ndashboard()\n")
    # the modules' own imports run (pkg/__init__ imports pkg.core, which imports json)
    assert set(r.external) == {"lightlib", "typing", "__future__", "json"}
    assert "boardlib" not in r.external                                # GameApp is not used
    assert {"pkg", "pkg.core", "pkg.apps", "pkg.text"} <= r.local
    assert "pkg.board" not in r.local


def test_an_import_inside_a_function_counts_once_the_function_is_reached(tmp_path):
    r = reading(tmp_path, PKG, "from pkg.apps import GameApp\napp = GameApp()\n")
    assert "boardlib" in r.external and "pkg.board" in r.local
    assert r.external["boardlib"] == [pi.Use("pkg.board:2", False)]
    assert "boardlib" in r.required()


def test_a_subclass_brings_its_base_class_and_an_attribute_chain_is_followed(tmp_path):
    assert "boardlib" in reading(tmp_path, PKG, "import pkg.apps\npkg.apps.SoloApp()\n").external
    # naming the module alone runs its body, not its functions
    assert "boardlib" not in reading(tmp_path, PKG, "import pkg.apps\n").external


def test_type_checking_imports_do_not_count_and_a_guarded_import_is_optional(tmp_path):
    r = reading(tmp_path, PKG, "from pkg.apps import notes\nnotes('x')\n")
    assert "typinglib" not in r.external
    assert r.external["markdownlib"] == [pi.Use("pkg.apps:28", True)]
    assert "markdownlib" not in r.required()


def test_lazy_module_attributes_and_computed_imports_count_whole(tmp_path):
    files = {
        "pkg/__init__.py": """
            def __getattr__(name):
                if name == "Board":
                    from .board import Board
                    return Board
                raise AttributeError(name)
            """,
        "pkg/board.py": PKG["pkg/board.py"],
        "pkg/loader.py": """
            import importlib

            def load(kind):
                return importlib.import_module(f"{__package__}.{kind}")
            """,
    }
    assert "boardlib" in reading(tmp_path, files, "import pkg\npkg.Board().draw()\n").external
    assert "boardlib" in reading(tmp_path, files, "from pkg.loader import load\nload('board')\n").external
    assert "boardlib" not in reading(tmp_path, files, "import pkg.loader\n").external


def test_a_helper_module_next_to_the_notebooks_is_read_too(tmp_path):
    files = {"notebooks/helper.py": "def go():\n    import boardlib\n"}
    r = reading(tmp_path, files, "from helper import go\ngo()\n")
    assert "helper" in r.local and "boardlib" in r.external


# --------------------------------------------------------------------------- the real pages

def page_reading(notebook: Path) -> pi.PageImports:
    code = site_build().notebook_code(notebook)
    return pi.page_imports(code, pi.Source(ROOT, ("archwk", "widgets"), ROOT / "notebooks"))


def third_party(names) -> set[str]:
    return {n for n in names if n not in sys.stdlib_module_names and n not in ("archwk", "widgets")}


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_page_reads_what_its_first_cell_imports(notebook):
    """Every page shows widgets.a11y.PageHelper, an anywidget: the module the hand list
    left out of the dashboard (issue 21)."""
    r = page_reading(notebook)
    assert {"anywidget", "ipywidgets"} <= r.required()
    assert "widgets.a11y" in r.local


def test_the_dashboard_and_the_gallery_do_not_load_the_board_library():
    required = {nb.stem: page_reading(nb).required() for nb in NOTEBOOKS}
    assert "plotly" not in required["dashboard"] | required["gallery"]
    for stem in ("tutorial", "explorer", "whatif", "solo", "bots"):
        assert "plotly" in required[stem], stem


def fake_lock(*packages: tuple[str, list[str]]) -> dict:
    return {name: {"imports": imports} for name, imports in packages}


LOCK = fake_lock(("archwk", ["archwk", "widgets"]), ("ipywidgets", ["ipywidgets"]), ("anywidget", ["anywidget"]),
                 ("plotly", ["plotly", "_plotly_utils"]), ("mistune", ["mistune"]), ("traitlets", ["traitlets"]),
                 *[(k, [k]) for k in ("micropip", "piplite", "sqlite3", "ipykernel", "comm", "pyodide_kernel",
                                      "jedi", "ipython")])


def test_page_packages_are_the_kernels_and_the_lock_packages_of_what_the_page_imports():
    sb = site_build()
    packages = sb.page_packages(ROOT / "notebooks" / "dashboard.ipynb", LOCK)
    assert packages[:len(sb.KERNEL_PACKAGES)] == sb.KERNEL_PACKAGES
    assert set(packages[len(sb.KERNEL_PACKAGES):]) == {"archwk", "anywidget", "ipywidgets", "mistune"}
    assert "plotly" in sb.page_packages(ROOT / "notebooks" / "explorer.ipynb", LOCK)


def test_a_page_that_may_import_what_the_site_does_not_ship_stops_the_build(tmp_path):
    sb = site_build()
    nb = tmp_path / "page.ipynb"

    def notebook(*cells: str) -> Path:
        nb.write_text(json.dumps({"cells": [{"cell_type": "code", "source": c, "metadata": {}, "outputs": [],
                                             "execution_count": None} for c in cells],
                                  "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
        return nb

    with pytest.raises(SystemExit, match=r"page.ipynb may import what the site does not ship: networkx "
                                         r"\(imported at page.ipynb:4\)"):
        sb.page_packages(notebook("import json\n%matplotlib inline\ndef f():\n    import networkx\n"), LOCK)
    # optional (with a fallback), the standard library, Pyodide's own modules: fine
    ok = notebook("try:\n    import networkx\nexcept ImportError:\n    networkx = None\n",
                  "import json, js\nfrom widgets.links import page_href\n")
    assert sb.page_packages(ok, LOCK) == sb.KERNEL_PACKAGES + ["archwk"]
    with pytest.raises(SystemExit, match="page.ipynb: its code does not parse"):
        sb.page_packages(notebook("def (:\n"), LOCK)


# what the page's code and the checkout's modules import when the notebook runs in CPython
# (imports made by the third-party packages themselves are theirs: the lock's dependencies)
RUN_NOTEBOOK = r"""
import builtins, json, sys
ours = ("__main__", "archwk", "widgets")
seen = set()
real_import = builtins.__import__

def spy(name, globals=None, locals=None, fromlist=(), level=0):
    importer = (globals or {}).get("__name__", "")
    if level == 0 and importer.split(".")[0] in ours:
        seen.add(name.split(".")[0])
    return real_import(name, globals, locals, fromlist, level)

builtins.__import__ = spy
exec(compile(sys.argv[1], "<page>", "exec"), {"__name__": "__main__"})
print(json.dumps(sorted(seen)))
"""


def imported_by_our_code(code: str) -> set[str]:
    r = subprocess.run([sys.executable, "-c", RUN_NOTEBOOK, code], capture_output=True, text=True,
                       cwd=ROOT / "notebooks", timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    return set(json.loads(r.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_the_reading_covers_what_the_notebook_imports_when_it_runs(notebook):
    """Run the page's code in CPython: every module that the page's code and archwk's
    modules import (an import statement that runs) is one the reading found."""
    code = site_build().notebook_code(notebook)
    ran = imported_by_our_code(code)
    assert {"anywidget", "ipywidgets", "archwk", "widgets"} <= ran  # the spy sees the imports
    missed = ran - set(page_reading(notebook).external) - {"archwk", "widgets"}
    assert missed == set(), f"{notebook.stem}: imports its reading missed"
