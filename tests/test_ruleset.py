"""The explicit rule set (archwk.games.architects.ruleset): every location has its rule and
every rule is a location; every decision the code opens has a rule and every
rule is opened somewhere; decisions met in random games under every option set
are all registered; a loaded save with a decision of unknown figures is refused."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest
from rule_games import random_games

import archwk
from archwk import LOCATIONS
from archwk.games.architects import ruleset
from archwk.games.architects.behaviour import decisions_opened
from archwk.games.architects.decisions import Decision
from archwk.games.architects.ruleset import AUTO_STEPS, DECISION_RULES, LOCATION_RULES

ROOT = Path(archwk.__file__).parent


def test_every_location_has_one_rule_and_every_rule_is_a_location():
    """API: location ids (README; RB, Board Locations)."""
    assert tuple(LOCATION_RULES) == LOCATIONS
    assert all(rule.location == loc for loc, rule in LOCATION_RULES.items())


def _opened_kinds() -> dict[str, str]:
    """Decision kinds the code opens: open_decision(t, "kind", ...),
    Decision("kind", ...), the building effects' _open_if(cond, "kind") and the
    kinds that character behaviours name (Hugo's Debt, Clovis's card)."""
    out = {kind: f"archwk.behaviour ({who})" for kind, who in decisions_opened().items()}
    for path in ROOT.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
            pos = {"open_decision": 1, "_open_if": 1, "Decision": 0}.get(name)
            if pos is not None and len(node.args) > pos and isinstance(node.args[pos], ast.Constant):
                out[node.args[pos].value] = path.name
    return out


def test_every_opened_decision_has_a_rule_and_every_rule_is_opened():
    opened = _opened_kinds()
    assert {k: m for k, m in opened.items() if k not in DECISION_RULES} == {}
    assert set(DECISION_RULES) - set(opened) == set(), "registered decisions that no code opens"
    assert all(rule.kind == kind for kind, rule in DECISION_RULES.items())


def test_auto_steps_offer_no_choice():
    assert {"clovis_draw"} == AUTO_STEPS
    s = archwk.new_game(2, seed=1)
    for kind in AUTO_STEPS:
        assert DECISION_RULES[kind].legal(s, Decision(kind, 0)) == []


def test_decisions_met_in_random_games_are_registered():
    seen = set()
    for s, _acts in random_games(range(2)):
        assert s.decision in DECISION_RULES
        top = s.pending[-1]
        typ = DECISION_RULES[top.kind].data
        assert (top.data == ()) if typ is None else isinstance(top.data, typ), top
        seen.add(s.decision)
    # the rare ones (Hugo, the Crane, the Graveyard...) need particular cards; the common ones must show
    assert {"draft", "place", "mines", "storehouse", "workshop", "town_centre", "guardhouse",
            "guildhall", "black_market_b"} <= seen


def test_building_effects_all_have_behaviour():
    """RB, Appendix: every effect key in buildings.toml is done on construction or at the end."""
    effects = {b.effect for b in archwk.games.architects.cards.BUILDINGS if b.effect}
    handled = set(ruleset.CONSTRUCTION_EFFECTS) | ruleset.END_GAME_EFFECTS
    assert effects - handled == set()
    assert handled - effects == set()


@pytest.mark.parametrize("data", [[], [1, 2]])
def test_a_saved_decision_with_the_wrong_figures_is_refused(data):
    import json

    from archwk.games.architects import save
    s = archwk.new_game(2, seed=3)
    doc = json.loads(save.format1_json(s))  # the old snapshot format (saves are records since issue 11)
    body = doc["state"]
    body["pending"] = [["mines", 0, data]]
    doc["checksum"] = save._checksum(body)
    with pytest.raises(archwk.InvalidSave, match=r"format 1.*not the one its moves replay to"):
        archwk.GameState.from_json(json.dumps(doc))
