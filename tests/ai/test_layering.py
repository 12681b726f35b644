"""Play and analysis stay apart from the rules (issue 9): the rules (every module
of archwk/ outside archwk/ai/) never import archwk.ai, nor the modules that
re-export it under the old names; archwk.ai has no import cycle; the old names
still give the same objects.

Imports are read from the source (ast), at module level and inside functions,
with relative imports resolved, so a lazy import inside a function counts too.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

import archwk

PACKAGE = Path(archwk.__file__).resolve().parent

#: the public names of archwk.ai under their old homes: they import archwk.ai,
#: and the package itself imports archwk.bots for `archwk.bots` and `archwk.play`
FACADES = {"archwk", "archwk.bots", "archwk.analysis", "archwk.simulate"}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _is_ai(name: str) -> bool:
    return name == "archwk.ai" or name.startswith("archwk.ai.")


def imports_of(name: str) -> set[str]:
    """The archwk modules `name` imports anywhere in its source (module level and
    inside functions): `import a.b`, `from a import b` (a.b when it is a module,
    else a), relative imports resolved."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            # `from . import cards` imports archwk.cards; the package itself only
            # when no imported name is a module (`from .model import Options`)
            targets = [f"{mod}.{a.name}" for a in node.names if f"{mod}.{a.name}" in MODULES] or [mod]
        else:
            continue
        out.update(t for t in targets if t in MODULES)
    out.discard(name)
    return out


RULES = sorted(n for n in MODULES if not _is_ai(n) and n not in FACADES)
AI = sorted(n for n in MODULES if _is_ai(n))


def test_modules_found():
    """The walk sees both sides (else the tests below would pass on nothing)."""
    assert {"archwk.model", "archwk.engine", "archwk.setup"} <= set(RULES)
    assert {"archwk.ai.bots", "archwk.ai.registry", "archwk.ai.cli", "archwk.ai.simulate"} <= set(AI)
    assert "archwk.ai.bots" in imports_of("archwk.ai.registry")  # a module-level relative import
    assert "archwk.ai.bots" in imports_of("archwk.bots")


@pytest.mark.parametrize("name", RULES)
def test_rules_never_import_play_and_analysis(name):
    """A rules module imports neither archwk.ai nor a module re-exporting it."""
    bad = sorted(m for m in imports_of(name) if _is_ai(m) or m in FACADES)
    assert not bad, f"{name} imports {bad}: the rules must not depend on play and analysis"


def test_a_rules_import_of_ai_is_caught(tmp_path, monkeypatch):
    """The check above sees a lazy import inside a function of a rules module."""
    fake = tmp_path / "fake.py"
    fake.write_text("def f():\n    from .ai.registry import make_bot\n    return make_bot\n")
    monkeypatch.setitem(MODULES, "archwk.fake", fake)
    assert "archwk.ai.registry" in imports_of("archwk.fake")


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(n):
        state[n] = 1
        path.append(n)
        for m in sorted(graph.get(n, ())):
            if state.get(m) == 1:
                return path[path.index(m):] + [m]
            if m not in state:
                found = visit(m)
                if found:
                    return found
        path.pop()
        state[n] = 2
        return None

    for n in sorted(graph):
        if n not in state:
            found = visit(n)
            if found:
                return found
    return None


def test_cycle_finder_finds_a_cycle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": set()}) is None


def test_no_import_cycle_in_ai():
    """No cycle among archwk.ai and the modules re-exporting it: in particular a
    module of archwk.ai that `import archwk` loads (archwk -> archwk.bots ->
    archwk.ai.bots -> ...) never imports the package `archwk` itself."""
    nodes = set(AI) | FACADES
    graph = {n: {m for m in imports_of(n) if m in nodes} for n in nodes}
    cycle = _cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


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
    from archwk.ai import bots as ai_bots, determinize, evaluate, graphs, registry
    from archwk.ai import simulate as ai_simulate
    from archwk import simulate
    for name in ("RandomBot", "FastBot", "HeuristicBot", "MCTSBot", "play", "rollout", "fast_choice",
                 "position_value", "relative_value", "leaf_rewards"):
        assert getattr(bots, name) is getattr(ai_bots, name), name
    assert bots.make_bot is registry.make_bot and bots.BOT_NAMES is registry.BOT_NAMES
    assert archwk.play is ai_bots.play and archwk.bots is bots
    assert analysis.evaluate_actions is evaluate.evaluate_actions
    assert analysis.Determinizer is determinize.Determinizer
    for name in ("decision_tree", "card_synergy_graph", "worker_flow", "state_fingerprint"):
        assert getattr(analysis, name) is getattr(graphs, name), name
    for name in simulate.__all__:
        assert getattr(simulate, name) is getattr(ai_simulate, name), name
    assert set(bots.__all__) <= set(dir(bots)) and set(analysis.__all__) <= set(dir(analysis))


def test_console_script_points_at_the_ai_cli():
    import tomllib
    conf = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))
    assert conf["project"]["scripts"]["archwk"] == "archwk.ai.cli:main"
    from archwk.ai import cli
    assert callable(cli.main)
