"""Every building and apprentice card has a behaviour test.

The card tests (tests/test_buildings.py, tests/test_apprentices.py) mark each
test with the cards it checks: `@pytest.mark.card("Smithy")` for buildings (by
name or alias), `@pytest.mark.card(apprentice=29)` or `apprentice=(29, 30)` for
apprentices (by id), on the function or on a `pytest.param` of its
parametrize. This file reads those marks and fails for any card of
`archwk.cards.BUILDINGS` / `archwk.cards.APPRENTICES` that none covers — the
check fireplace makes for card scripts (shared/STYLE.md).
"""
from __future__ import annotations

import importlib
import inspect
import types

import pytest

from archwk import cards

CARD_TEST_MODULES = ("test_buildings", "test_apprentices")


def _marks(obj) -> list:
    marks = getattr(obj, "pytestmark", [])
    return list(marks) if isinstance(marks, (list, tuple)) else [marks]


def card_marks(fn) -> list:
    """The `card` marks of a test function: its own, and those on the
    `pytest.param`s of its parametrize marks."""
    out = []
    for m in _marks(fn):
        if m.name == "card":
            out.append(m)
        elif m.name == "parametrize":
            values = m.args[1] if len(m.args) > 1 else m.kwargs.get("argvalues", ())
            for v in values:
                out += [pm for pm in getattr(v, "marks", ()) if pm.name == "card"]
    return out


def _tests(module):
    for name, obj in vars(module).items():
        if name.startswith("test") and inspect.isfunction(obj):
            yield name, obj
        elif name.startswith("Test") and inspect.isclass(obj):
            for mname, meth in vars(obj).items():
                if mname.startswith("test") and inspect.isfunction(meth):
                    meth_marks = _marks(obj) + _marks(meth)
                    yield f"{name}.{mname}", types.SimpleNamespace(pytestmark=meth_marks)


def covered(modules) -> tuple[set[str], set[int], list[str]]:
    """(building names, apprentice ids, problems) over the tests of `modules`.
    A problem is a mark naming no card, or a card that does not exist."""
    buildings: set[str] = set()
    apprentices: set[int] = set()
    problems: list[str] = []
    valid_ids = {a.id for a in cards.APPRENTICES}
    for module in modules:
        for name, fn in _tests(module):
            for m in card_marks(fn):
                where = f"{module.__name__}::{name}"
                unknown = set(m.kwargs) - {"apprentice"}
                if unknown:
                    problems.append(f"{where}: unknown card() argument(s) {sorted(unknown)}")
                ids = m.kwargs.get("apprentice", ())
                ids = (ids,) if isinstance(ids, int) else tuple(ids)
                if not m.args and not ids:
                    problems.append(f"{where}: card() mark names no card")
                for b in m.args:
                    try:
                        buildings.add(cards.building(b).name)
                    except (KeyError, TypeError, ValueError):
                        problems.append(f"{where}: no building called {b!r}")
                for i in ids:
                    if isinstance(i, int) and not isinstance(i, bool) and i in valid_ids:
                        apprentices.add(i)
                    else:
                        problems.append(f"{where}: no apprentice with id {i!r}")
    return buildings, apprentices, problems


@pytest.fixture(scope="module")
def card_test_modules():
    return [importlib.import_module(m) for m in CARD_TEST_MODULES]


def test_every_building_has_a_behaviour_test(card_test_modules):
    buildings, _, _ = covered(card_test_modules)
    missing = [f"#{b.id} {b.name}" for b in cards.BUILDINGS if b.name not in buildings]
    assert not missing, f"buildings whose behaviour no test checks: {', '.join(missing)}"


def test_every_apprentice_has_a_behaviour_test(card_test_modules):
    _, apprentices, _ = covered(card_test_modules)
    missing = [f"#{a.id} {a.name}" for a in cards.APPRENTICES if a.id not in apprentices]
    assert not missing, f"apprentices whose behaviour no test checks: {', '.join(missing)}"


def test_card_marks_name_real_cards(card_test_modules):
    _, _, problems = covered(card_test_modules)
    assert not problems, "\n".join(problems)


def test_the_check_notices_a_missing_card():
    """The coverage check itself: a module whose tests mark only some cards
    leaves the others uncovered, reads parametrize marks and flags bad names."""
    fake = types.ModuleType("fake_card_tests")

    @pytest.mark.card("Smithy", "Aquaduct")
    def test_a():
        pass

    @pytest.mark.parametrize("x", [pytest.param(1, marks=pytest.mark.card(apprentice=29)),
                                   pytest.param(2, marks=pytest.mark.card(apprentice=(39, 40))),
                                   3])
    def test_b(x):
        pass

    @pytest.mark.card("Nowhere Tower", apprentice=99)
    def test_c():
        pass

    def helper_not_a_test():
        pass

    fake.test_a, fake.test_b, fake.test_c = test_a, test_b, test_c
    fake.helper = pytest.mark.card("Well")(helper_not_a_test)
    buildings, apprentices, problems = covered([fake])
    assert buildings == {"Smithy", "Aqueduct"}
    assert apprentices == {29, 39, 40}
    assert len(problems) == 2 and "Nowhere Tower" in problems[0] + problems[1]
