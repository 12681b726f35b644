"""The table of action kinds (archwk.games.architects.actions.ACTION_KINDS, docs/actions.md):
every action the rules offer is of a kind in the table and uses only the
fields its kind declares; the table and the code agree both ways; the docs
page is written from the table."""
from __future__ import annotations

import ast
from pathlib import Path

from rule_games import random_games

import archwk
from archwk.games.architects.actions import ACTION_KINDS, kinds_markdown

ROOT = Path(archwk.__file__).parent
FIELDS = ("location", "card", "target", "option")
#: modules outside the rules (bots, analysis, the command line)
NOT_RULES = ("bots.py", "cli.py", "simulate.py", "distributed.py")


def test_every_offered_action_uses_only_the_fields_of_its_kind():
    seen = set()
    for s, acts in random_games():
        for a in acts:
            assert a.kind in ACTION_KINDS, f"{a!r} (at {s.decision}): kind not in ACTION_KINDS"
            used = {f for f in FIELDS if getattr(a, f) is not None}
            extra = used - set(ACTION_KINDS[a.kind].fields)
            assert not extra, f"{a!r} at decision {s.decision}: fields {sorted(extra)} not declared"
            seen.add(a.kind)
    assert len(seen) >= 15  # the games reach most kinds


def _literal_kinds() -> set[str]:
    """Kinds written as Action("kind", ...) or shared("kind", ...) (a shared action)
    anywhere in the rules."""
    out = set()
    for path in ROOT.rglob("*.py"):
        if path.name in NOT_RULES or "analysis" in path.parts or "ai" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and node.args):
                continue
            if (isinstance(node.func, ast.Name) and node.func.id in ("Action", "shared")
                    and isinstance(node.args[0], ast.Constant)):
                out.add(node.args[0].value)
    return out


def test_table_and_code_agree_both_ways():
    written = _literal_kinds()
    assert written - set(ACTION_KINDS) == set(), "kinds made by the rules but missing from ACTION_KINDS"
    assert set(ACTION_KINDS) - written == set(), "kinds in ACTION_KINDS that no rule makes"


def test_every_kind_says_what_it_means_and_what_its_fields_hold():
    for kind, k in ACTION_KINDS.items():
        assert k.meaning.endswith(".") and len(k.meaning) > 15, kind
        assert set(k.fields) <= set(FIELDS), kind
        assert all(len(what) > 5 for what in k.fields.values()), kind


def test_docs_page_is_up_to_date():
    page = ROOT.parent / "docs" / "actions.md"
    assert page.read_text(encoding="utf-8") == kinds_markdown(), (
        "docs/actions.md is out of date: regenerate it from archwk.games.architects.actions.kinds_markdown()")
    for kind in ACTION_KINDS:
        assert f"| `{kind}` |" in page.read_text(encoding="utf-8")
