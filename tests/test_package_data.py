"""The data files the packages read at run time ship with them (pyproject.toml's
[tool.setuptools.package-data]): an editable install reads them from the checkout, so a file
the globs miss works here and fails only where archwk is installed from its wheel (the static
site's Pyodide: Archon's hint said "winchance.json: cannot read the win-chance parameters").
"""
from __future__ import annotations

import subprocess
import tomllib
from fnmatch import fnmatch
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: files beside the code that are not read at run time (Cython declarations for the compiled build)
NOT_RUNTIME = (".py", ".pxd")


def package_data() -> dict[str, list[str]]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]


def shipped(path: str, globs: dict[str, list[str]]) -> bool:
    """Whether a package-data glob of `path`'s package (or of a package above it) names it."""
    parts = path.split("/")
    for i in range(1, len(parts)):
        package, rest = ".".join(parts[:i]), "/".join(parts[i:])
        if any(fnmatch(rest, g) and rest.count("/") == g.count("/") for g in globs.get(package, ())):
            return True
    return False


def test_the_globs_match_as_setuptools_reads_them():
    globs = {"archwk": ["py.typed"], "archwk.games.archon": ["data/*.toml"]}
    assert shipped("archwk/py.typed", globs)
    assert shipped("archwk/games/archon/data/components.toml", globs)
    assert not shipped("archwk/games/archon/data/winchance.json", globs)
    assert not shipped("archwk/games/archon/data/sub/components.toml", globs)


def test_every_data_file_of_the_packages_ships_in_the_wheel():
    files = subprocess.run(["git", "ls-files", "archwk", "widgets"], cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout.split()
    data = [f for f in files if not f.endswith(NOT_RUNTIME)]
    assert "archwk/games/archon/data/winchance.json" in data  # (the list is the checkout's)
    missing = [f for f in data if not shipped(f, package_data())]
    assert missing == [], f"not in pyproject.toml's package-data, so not in the wheel: {missing}"
