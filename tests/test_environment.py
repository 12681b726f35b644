"""environment.yml (the conda alternative to .venv) against pyproject.toml and against what
`pip install -e ".[test]"` resolved in the running environment.

conda itself is not installable on our machines, so what is checked is: every package the
README promises is listed as a conda-forge package, pip installs only archwk itself, each
range is the one pyproject.toml gives the same package, and the version installed here
(by pip, from PyPI) falls inside it.
"""
from __future__ import annotations

import re
import sys
import tomllib
from importlib.metadata import version
from pathlib import Path

from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet

ROOT = Path(__file__).resolve().parents[1]
#: conda-forge name -> the name the same project has on PyPI
PYPI_NAME = {"python-chess": "chess"}
#: packages conda-forge does not have: pip installs them (environment.yml's pip list), in
#: pyproject.toml's range
NOT_ON_CONDA_FORGE = ("open_spiel",)
PROMISED = ("python", "ipywidgets", "jupyterlab", "voila", "plotly", "anywidget", "networkx", "numpy", "pandas",
            "pyarrow", "tqdm", "dask", "pytest", "hypothesis", "python-chess", "nbclient", "playwright",
            "pettingzoo", "gymnasium")


def environment() -> tuple[dict[str, str], list[str]]:
    """({conda package: version spec}, [pip lines]) from environment.yml."""
    conda, pip, in_pip = {}, [], False
    for line in (ROOT / "environment.yml").read_text().splitlines():
        if re.match(r"^\s*#", line) or not line.strip():
            continue
        m = re.match(r"^(\s*)-\s+(.+?)\s*$", line)
        if not m:
            in_pip = False if not line.startswith(" ") else in_pip
            continue
        indent, item = len(m.group(1)), m.group(2)
        if item == "pip:":
            in_pip = True
            continue
        if in_pip and indent > 2:
            pip.append(item)
            continue
        in_pip = False
        if line.startswith("  - ") and not item.startswith("conda-forge"):
            name = re.match(r"^[A-Za-z0-9_.-]+", item).group(0)
            conda[name] = item[len(name):].strip()
    return conda, pip


def pyproject_specs() -> dict[str, SpecifierSet]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    out: dict[str, SpecifierSet] = {}
    for reqs in data["project"]["optional-dependencies"].values():
        for text in reqs:
            req = Requirement(text)
            out[req.name.lower()] = req.specifier
            for extra in req.extras:  # dask[distributed]: the distributed package, same range
                out[extra] = req.specifier
    return out


def test_channels_and_pip_only_for_archwk():
    text = (ROOT / "environment.yml").read_text()
    assert re.search(r"^channels:\n  - conda-forge\n(?!  -)", text, re.M), "conda-forge only"
    conda, pip = environment()
    assert pip[0] == "-e .", pip
    specs = pyproject_specs()
    for line in pip[1:]:  # only what conda-forge lacks, in pyproject.toml's range
        req = Requirement(line)
        assert req.name in NOT_ON_CONDA_FORGE, f"{req.name} is on conda-forge: list it as a conda package"
        assert req.specifier == specs[req.name.lower()], f"{line}: pyproject.toml says {specs[req.name.lower()]}"
        assert version(req.name) in req.specifier, f"{req.name} {version(req.name)} is outside {req.specifier}"
    assert {Requirement(line).name for line in pip[1:]} == set(NOT_ON_CONDA_FORGE)
    for name in PROMISED:
        assert name in conda, f"{name} is not a conda package in environment.yml"


def test_ranges_are_pyprojects_and_hold_the_installed_versions():
    conda, _ = environment()
    specs = pyproject_specs()
    checked = 0
    for name, spec_text in conda.items():
        if name in ("pip",):
            continue
        spec = SpecifierSet(spec_text)
        if name == "python":
            here = ".".join(map(str, sys.version_info[:3]))
            assert here in spec, f"python {here} is outside environment.yml's {spec_text}"
            assert SpecifierSet(tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
                                ["requires-python"]).contains(spec_text.split(",")[0].lstrip(">=")), spec_text
            continue
        pypi = PYPI_NAME.get(name, name)
        assert pypi in specs, f"{name}: not in pyproject.toml's extras"
        assert spec == specs[pypi], f"{name}: environment.yml says {spec}, pyproject.toml {specs[pypi]}"
        installed = version(pypi)
        assert installed in spec, f"{name} {installed} (installed by pip) is outside {spec}"
        checked += 1
    assert checked >= len(PROMISED) - 1
