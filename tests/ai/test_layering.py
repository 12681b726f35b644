"""Play and analysis stay apart from the rules (issue 9): the rules (every module
of archwk/ outside archwk/ai/ and the games' play sides) never import archwk.ai,
a game's play side, nor the modules that re-export them under the old names;
archwk.ai has no import cycle; the old names still give the same objects.

Issue 22: the game-neutral part of archwk.ai (the search core, the bots, the
registry, the move evaluation, the win-chance model) imports no module of
archwk/games/ at all: it reaches a game only through `state.game`
(`archwk.ai.roles`). The modules that still know Architects are listed in
`NOT_NEUTRAL` with the reason.

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


def _is_play_side(name: str) -> bool:
    """A game's play side (`archwk.games.<game>.play`): its bots' heuristics, above its rules."""
    parts = name.split(".")
    return len(parts) >= 4 and parts[:2] == ["archwk", "games"] and parts[3] == "play"


def imports_of(name: str) -> set[str]:
    """The archwk modules `name` imports anywhere in its source (module level,
    inside functions, under TYPE_CHECKING), as tests/import_walk.py reads them."""
    return {m for m in walk().imports_of(name) if m.split(".")[0] == "archwk"}


RULES = sorted(n for n in MODULES if not _is_ai(n) and not _is_play_side(n) and n not in FACADES)
AI = sorted(n for n in MODULES if _is_ai(n))
PLAY_SIDES = sorted(n for n in MODULES if _is_play_side(n))

#: the modules of archwk.ai that still import Architects (a module of archwk/games/,
#: the package `archwk`, or another module on this list), and why
NOT_NEUTRAL = {
    "archwk.ai.graphs": "card synergy and worker flow are Architects' cards and locations",
    "archwk.ai.cli": "`archwk notes` prints Architects' rules notes, and `play` its solo stand-in notice",
}
NEUTRAL = sorted(n for n in AI if n not in NOT_NEUTRAL)


def test_modules_found():
    """The walk sees both sides (else the tests below would pass on nothing)."""
    assert {"archwk.games.architects.model", "archwk.games.architects.engine",
            "archwk.games.architects.setup"} <= set(RULES)
    assert {"archwk.ai.bots", "archwk.ai.registry", "archwk.ai.cli", "archwk.ai.simulate"} <= set(AI)
    assert {"archwk.ai.search", "archwk.ai.bots", "archwk.ai.expert", "archwk.ai.registry"} <= set(NEUTRAL)
    assert {"archwk.games.architects.play.heuristics", "archwk.games.architects.play.determinize"} <= set(PLAY_SIDES)
    assert set(NOT_NEUTRAL) <= set(AI)
    assert "archwk.ai.bots" in imports_of("archwk.ai.registry")  # a module-level relative import
    assert "archwk.ai.bots" in imports_of("archwk.bots")


@pytest.mark.parametrize("name", RULES)
def test_rules_never_import_play_and_analysis(name):
    """A rules module imports neither archwk.ai, nor a game's play side, nor a
    module re-exporting them."""
    bad = sorted(m for m in imports_of(name) if _is_ai(m) or _is_play_side(m) or m in FACADES)
    assert not bad, f"{name} imports {bad}: the rules must not depend on play and analysis"


@pytest.mark.parametrize("name", NEUTRAL)
def test_the_game_neutral_part_imports_no_game(name):
    """Issue 22: a game-neutral module of archwk.ai imports no module of
    archwk/games/, not the package `archwk` (which loads every game), no facade,
    and none of the modules that still know Architects: only archwk.kit and the
    other game-neutral modules, and the list of games (`archwk.games`: a game by its
    name). It meets a game through `state.game` or `load_game(name)`."""
    allowed = set(NEUTRAL) | {"archwk.ai", "archwk.games"}
    bad = sorted(m for m in imports_of(name) if m not in allowed and not m.startswith("archwk.kit"))
    assert not bad, f"{name} imports {bad}"


@pytest.mark.parametrize("name", sorted(NOT_NEUTRAL))
def test_the_list_of_modules_that_know_a_game_is_honest(name):
    """A module on NOT_NEUTRAL does import a game (or the package, or a module on
    the list): one that no longer does leaves the list, and the test above keeps it so."""
    knows = [m for m in imports_of(name)
             if m.startswith("archwk.games.") or m == "archwk" or m in FACADES or m in NOT_NEUTRAL]
    assert knows, f"{name} is game-neutral now: take it off NOT_NEUTRAL"


@pytest.mark.parametrize("name", PLAY_SIDES)
def test_a_play_side_imports_no_game_dependent_part_of_ai(name):
    """A game's play side sits above its rules and may use the game-neutral
    archwk.ai, never the parts of it that know a game (that would be a loop)."""
    bad = sorted(m for m in imports_of(name) if m in NOT_NEUTRAL or m in FACADES)
    assert not bad, f"{name} imports {bad}"


def test_a_games_play_side_names_known_roles_that_load():
    """Every role a game names (`Game.play_side`) is one archwk.ai.roles documents,
    and its object imports."""
    from archwk.ai import roles
    for game in archwk.GAMES.values():
        for role in game.play_side:
            assert f'"{role}"' in (roles.__doc__ or ""), f"{game.name}: unknown role {role!r}"
            assert game.play(role) is not None


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
    from archwk.ai import evaluate, expert, graphs, registry, winchance
    from archwk.games.architects.play import determinize, heuristics
    from archwk.games.architects.play import expert as play_expert
    for name in ("RandomBot", "FastBot", "HeuristicBot", "MCTSBot", "play", "leaf_rewards", "REWARD_SCALE"):
        assert getattr(bots, name) is getattr(ai_bots, name), name
    for name in ("rollout", "fast_choice", "position_value", "relative_value", "stalemate_choice",
                 "without_free_discards", "in_stalemate", "progress", "STALEMATE_TURNS"):
        assert getattr(bots, name) is getattr(heuristics, name), name
    assert bots.ExpertBot is expert.ExpertBot and bots.softmax_value is play_expert.softmax_value
    assert bots.make_bot is registry.make_bot and bots.BOT_NAMES is registry.BOT_NAMES
    assert archwk.play is ai_bots.play and archwk.bots is bots
    assert analysis.evaluate_actions is evaluate.evaluate_actions
    assert analysis.win_chances is winchance.win_chances
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
