"""Play and analysis stay apart from the rules (issue 9): the rules (every module
of archwk/ outside archwk/ai/) never import archwk.ai, nor the modules that
re-export it under the old names; archwk.ai has no import cycle; the old names
still give the same objects.

Imports are read from the source by the one import walker (tests/import_walk.py),
at module level and inside functions, with relative imports resolved, so a lazy
import inside a function counts too.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from import_walk import cycles, walk

import archwk

PACKAGE = Path(archwk.__file__).resolve().parent

#: the public names of archwk.ai under their old homes: they import archwk.ai,
#: and the package itself imports archwk.bots for `archwk.bots` and `archwk.play`
FACADES = {"archwk", "archwk.bots", "archwk.analysis"}
MODULES = [m for m in walk().modules if m.split(".")[0] == "archwk"]


def _is_ai(name: str) -> bool:
    return name == "archwk.ai" or name.startswith("archwk.ai.")


def imports_of(name: str) -> set[str]:
    """The archwk modules `name` imports anywhere in its source (module level,
    inside functions, under TYPE_CHECKING), as tests/import_walk.py reads them."""
    return {m for m in walk().imports_of(name) if m.split(".")[0] == "archwk"}


RULES = sorted(n for n in MODULES if not _is_ai(n) and n not in FACADES)
AI = sorted(n for n in MODULES if _is_ai(n))


def test_modules_found():
    """The walk sees both sides (else the tests below would pass on nothing)."""
    assert {"archwk.games.architects.model", "archwk.games.architects.engine", "archwk.games.architects.setup"} <= set(RULES)
    assert {"archwk.ai.bots", "archwk.ai.registry", "archwk.ai.cli", "archwk.ai.simulate"} <= set(AI)
    assert "archwk.ai.bots" in imports_of("archwk.ai.registry")  # a module-level relative import
    assert "archwk.ai.bots" in imports_of("archwk.bots")


@pytest.mark.parametrize("name", RULES)
def test_rules_never_import_play_and_analysis(name):
    """A rules module imports neither archwk.ai nor a module re-exporting it."""
    bad = sorted(m for m in imports_of(name) if _is_ai(m) or m in FACADES)
    assert not bad, f"{name} imports {bad}: the rules must not depend on play and analysis"


def test_a_rules_import_of_ai_is_caught(tmp_path):
    """The walker sees a lazy import inside a function of a rules module."""
    from import_walk import Walk
    (tmp_path / "__init__.py").write_text("")
    (tmp_path / "ai").mkdir()
    (tmp_path / "ai" / "__init__.py").write_text("")
    (tmp_path / "ai" / "registry.py").write_text("make_bot = None\n")
    (tmp_path / "fake.py").write_text("def f():\n    from .ai.registry import make_bot\n    return make_bot\n")
    w = Walk({"archwk": tmp_path})
    assert w.imports_of("archwk.fake") == {"archwk.ai.registry"}
    assert w.imports_of("archwk.fake", functions=False) == set()


def test_no_import_cycle_in_ai():
    """No cycle among archwk.ai and the modules re-exporting it: in particular a
    module of archwk.ai that `import archwk` loads (archwk -> archwk.bots ->
    archwk.ai.bots -> ...) never imports the package `archwk` itself."""
    nodes = set(AI) | FACADES
    graph = {n: {m for m in imports_of(n) if m in nodes} for n in nodes}
    found = cycles(graph)
    assert not found, "import cycle: " + "; ".join(" -> ".join(c) for c in found)


@pytest.mark.parametrize("name", AI)
def test_ai_imports_the_rules_not_the_old_names(name):
    """archwk.ai imports the rules (their public API `archwk`, or a rules module),
    never the modules re-exporting archwk.ai under the old names."""
    bad = sorted(imports_of(name) & (FACADES - {"archwk"}))
    assert not bad, f"{name} imports {bad}"


def test_package_reaches_ai_only_through_archwk_bots():
    """archwk/__init__.py offers `archwk.bots` and `archwk.play` by importing
    archwk.bots, and nothing else of play and analysis."""
    assert {m for m in imports_of("archwk") if _is_ai(m) or m in FACADES} == {"archwk.bots"}


def test_old_names_give_the_same_objects():
    from archwk import analysis, bots
    from archwk.ai import bots as ai_bots
    from archwk.ai import determinize, evaluate, graphs, registry
    for name in ("RandomBot", "FastBot", "HeuristicBot", "MCTSBot", "play", "rollout", "fast_choice",
                 "position_value", "relative_value", "leaf_rewards"):
        assert getattr(bots, name) is getattr(ai_bots, name), name
    assert bots.make_bot is registry.make_bot and bots.BOT_NAMES is registry.BOT_NAMES
    assert archwk.play is ai_bots.play and archwk.bots is bots
    assert analysis.evaluate_actions is evaluate.evaluate_actions
    assert analysis.Determinizer is determinize.Determinizer
    for name in ("decision_tree", "card_synergy_graph", "worker_flow", "state_fingerprint"):
        assert getattr(analysis, name) is getattr(graphs, name), name
    assert set(bots.__all__) <= set(dir(bots)) and set(analysis.__all__) <= set(dir(analysis))


def test_console_script_points_at_the_ai_cli():
    import tomllib
    conf = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))
    assert conf["project"]["scripts"]["archwk"] == "archwk.ai.cli:main"
    from archwk.ai import cli
    assert callable(cli.main)
