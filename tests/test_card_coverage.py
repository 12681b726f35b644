"""Every card has its behaviour, and every building and apprentice card a behaviour test.

The behaviour tables (archwk.games.architects.behaviour: apprentices by ability, characters by
name, buildings by effect) are checked against the data files both ways, the
hook points against the rules that ask them, and a new card built in a test
shows that one data row plus one behaviour entry changes play.

The card tests (tests/test_buildings.py, tests/test_apprentices.py) mark each
test with the cards it checks: `@pytest.mark.card("Smithy")` for buildings (by
name or alias), `@pytest.mark.card(apprentice=29)` or `apprentice=(29, 30)` for
apprentices (by id), on the function or on a `pytest.param` of its
parametrize. This file reads those marks and fails for any card of
`archwk.games.architects.cards.BUILDINGS` / `archwk.games.architects.cards.APPRENTICES` that none covers — the
check fireplace makes for card scripts (shared/STYLE.md).
"""
from __future__ import annotations

import ast
import importlib
import inspect
import shutil
import sys
import tomllib
import types
from pathlib import Path
from types import MappingProxyType

import pytest

import archwk
from archwk.games.architects import behaviour, cards, core
from archwk.games.architects.behaviour import (
    APPRENTICE_BEHAVIOUR,
    CHARACTER_BEHAVIOUR,
    DATA_ONLY,
    HOOKS,
    Behaviour,
    hooks_of,
)
from archwk.games.architects.behaviour.buildings import BUILDING_BEHAVIOUR
from archwk.games.architects.behaviour.data import load_cards
from archwk.games.architects.cards import DATA_DIR
from archwk.kit.errors import CardDataError
from archwk.kit.schema import NO_PARAMS, POS, ParamSchema

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


# --------------------------------------------------------------------------- behaviour <-> data, both ways
# Each card family's behaviour table (archwk.games.architects.behaviour) against its data file:
# every card's behaviour key has an entry (data without behaviour), every entry
# is named by some card (behaviour without data). Read from the TOML files
# themselves, not through the loader.



def _rows(file: str, array: str) -> list[dict]:
    return tomllib.loads((DATA_DIR / file).read_text(encoding="utf-8"))[array]


def _both_ways(data_keys: dict[str, list[str]], table) -> tuple[list[str], list[str]]:
    """(cards whose key has no entry, entries no card names)."""
    no_behaviour = [f"{key} ({', '.join(cards_)})" for key, cards_ in data_keys.items() if key not in table]
    no_data = sorted(set(table) - set(data_keys))
    return no_behaviour, no_data


def _by(rows, key, label) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for r in rows:
        out.setdefault(r[key], []).append(label(r))
    return out


def test_apprentices_behaviour_and_data_both_ways():
    """RB, Appendix: Apprentice Abilities: every apprentice of apprentices.toml
    resolves to one behaviour entry by its `ability`, and every entry is some card's."""
    keys = _by(_rows("apprentices.toml", "apprentice"), "ability", lambda r: f"#{r['id']} {r['name']}")
    assert sum(map(len, keys.values())) == 43
    no_behaviour, no_data = _both_ways(keys, APPRENTICE_BEHAVIOUR)
    assert not no_behaviour, f"apprentices with data but no behaviour: {no_behaviour}"
    assert not no_data, f"apprentice behaviours no card has: {no_data}"


def test_characters_behaviour_and_data_both_ways():
    """RB, Variable Setup Characters (side 2 and the promo characters): one entry per character."""
    keys = _by(_rows("characters.toml", "character"), "name", lambda r: r["set"])
    assert len(keys) == 10
    no_behaviour, no_data = _both_ways(keys, CHARACTER_BEHAVIOUR)
    assert not no_behaviour, f"characters with data but no behaviour: {no_behaviour}"
    assert not no_data, f"character behaviours with no character: {no_data}"
    # their figures are in the entries, not in params: no entry declares any
    assert all(b.params is NO_PARAMS for b in CHARACTER_BEHAVIOUR.values())


def test_buildings_behaviour_and_data_both_ways():
    """RB, Appendix: Building Effects: every building of buildings.toml resolves
    to one behaviour entry by its `effect`, and every entry is some building's."""
    keys = _by(_rows("buildings.toml", "building"), "effect", lambda r: r["name"])
    assert sum(map(len, keys.values())) == 43
    no_behaviour, no_data = _both_ways(keys, BUILDING_BEHAVIOUR)
    assert not no_behaviour, f"buildings with data but no behaviour: {no_behaviour}"
    assert not no_data, f"building behaviours no building has: {no_data}"


# the hook a building's category says it acts at (RB, End of the Game; facts §14)
_CATEGORY_HOOK = {"immediate": "on_construct", "end_game": "end_game_virtue", "vp_bonus": "vp_bonus",
                  "scoring_rule": "debt_vp"}


@pytest.mark.parametrize("row", _rows("buildings.toml", "building"), ids=lambda r: r["name"])
def test_each_building_acts_when_its_category_says(row):
    """An immediate building acts on construction, an end-game one on Virtue at
    the end, a VP-bonus one on VP, the Fountain on the Debts' VP."""
    entry = BUILDING_BEHAVIOUR[row["effect"]]
    assert getattr(entry, _CATEGORY_HOOK[row["category"]]) is not None, row["name"]


def test_data_only_apprentices_are_the_skills_only_ones():
    """RB, Appendix: the Labourer has no ability, all three skills: its entry is
    DATA_ONLY, and it is the only one; every other entry acts at some hook."""
    rows = _rows("apprentices.toml", "apprentice")
    data_only = [r["name"] for r in rows if APPRENTICE_BEHAVIOUR[r["ability"]] is DATA_ONLY]
    assert data_only == ["Labourer"]
    assert all(hooks_of(b) for k, b in APPRENTICE_BEHAVIOUR.items() if b is not DATA_ONLY)
    assert all(hooks_of(b) for b in CHARACTER_BEHAVIOUR.values())


def test_apprentice_figures_come_from_the_data():
    """An apprentice's figure at its hook is read from its row's params (facts §2):
    the three Acolytes give three different bundles from one entry."""
    acolytes = [a for a in archwk.games.architects.cards.APPRENTICES if a.name == "Acolyte"]
    assert [dict(behaviour.apprentice_hook(a.id, "cathedral_gain")) for a in acolytes] == [
        {"cards": 1}, {"clay": 2}, {"silver": 2}]
    assert behaviour.apprentice_hook(13, "cathedral_gain") is None  # the Labourer


def _asked_hooks() -> set[str]:
    """Hook names the rules ask: string constants passed to hook_sum / hook_any /
    hooked / apprentice_hook anywhere in archwk/, and the gathering locations'
    `bonus_hook=` (archwk.games.architects.locations._gather)."""
    out = set()
    for path in Path(archwk.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
                pos = {"hook_sum": 2, "hook_any": 2, "hooked": 2, "apprentice_hook": 1}.get(name)
                if pos is not None and len(node.args) > pos and isinstance(node.args[pos], ast.Constant):
                    out.add(node.args[pos].value)
                out |= {k.value.value for k in node.keywords
                        if k.arg == "bonus_hook" and isinstance(k.value, ast.Constant)}
    return out


def test_every_hook_point_is_asked_by_a_rule_and_filled_by_a_card():
    """A hook point no rule asks would be behaviour that changes nothing; one no
    card fills would be a rule waiting on nothing."""
    asked = _asked_hooks()
    assert asked - set(HOOKS) == set(), "rules ask hooks that Behaviour does not have"
    assert set(HOOKS) - asked == set(), "hook points no rule asks"
    filled = {h for b in (*APPRENTICE_BEHAVIOUR.values(), *CHARACTER_BEHAVIOUR.values()) for h in hooks_of(b)}
    assert set(HOOKS) - filled == set(), "hook points no card fills"


# --------------------------------------------------------------------------- a new card is one row plus one entry

# The new card's data row, as written in apprentices.toml; it takes the place of
# the last extra apprentice (#43) because the loader holds the deck to its 43 cards.
RECRUITER_ROW = """[[apprentice]]
id = 43
name = "Recruiter"
skills = ["tiling"]
virtue = 0
ability = "recruiter"
params = { silver = 1 }
set = "extra"
text = "Hire at the Workshop for 1 Silver less."
"""

# ... and its behaviour entry: the shape of its params and what it does (RB, Workshop)
RECRUITER = Behaviour(params=ParamSchema({"silver": POS}), hire_discount=lambda a: a.params["silver"])


def _data_with(tmp_path: Path, row: str) -> Path:
    """A copy of the game's data with `row` in place of apprentice #43."""
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    path = data / "apprentices.toml"
    text = path.read_text(encoding="utf-8")
    start = text.index("[[apprentice]]\nid = 43\n")
    path.write_text(text[:start] + row, encoding="utf-8")
    return data


def _holding(s, p: int, card: int):
    t = core.thaw(s)
    core.writable_player(t, p).apprentice_ids = (card,)
    return core.commit(t)


def test_a_new_apprentice_is_one_data_row_and_one_behaviour_entry(tmp_path, monkeypatch):
    """Extension: a new apprentice card with a new ability ("recruiter") and
    params of its own needs one data row and one behaviour entry (its params
    schema included), nothing else. The loader takes the row as it is (it knows
    no ability); the behaviour check refuses it until the entry exists, then
    checks its params against the entry's own schema, naming the file, the card
    and the field; and the entry, acting at an existing hook point (the
    Workshop's `hire_discount`, until now only Rudolf's), changes play: the hire
    costs 3 Silver instead of 4 (RB, Workshop). Only the data and the behaviour
    table are replaced; no loader or rules module changes."""
    data = _data_with(tmp_path, RECRUITER_ROW)
    row = cards.load(data).apprentices[42]
    assert (row.name, row.ability, row.params) == ("Recruiter", "recruiter", {"silver": 1})
    with pytest.raises(CardDataError, match=r"apprentice id=43 \"Recruiter\".*'ability'.*unknown ability 'recruiter'"):
        load_cards(data)  # data without behaviour

    table = dict(APPRENTICE_BEHAVIOUR)
    table["recruiter"] = RECRUITER
    monkeypatch.setattr(behaviour, "APPRENTICE_BEHAVIOUR", MappingProxyType(table))
    loaded = load_cards(data).apprentices
    assert loaded[42] == row
    for wrong, field, problem in [("{ silver = 0 }", "params.silver", "must be >= 1"),
                                  ("{ gold = 1 }", "params.gold", "unknown key 'gold' (allowed: silver)"),
                                  ("{}", "params.silver", "missing required key")]:
        bad = _data_with(tmp_path / field / wrong.strip("{} ").replace(" ", ""),
                         RECRUITER_ROW.replace("{ silver = 1 }", wrong))
        cards.load(bad)  # the loader still takes it: the shape is the entry's to say
        with pytest.raises(CardDataError) as info:
            load_cards(bad)
        err = info.value
        assert (Path(err.file).name, err.card_name, err.field) == ("apprentices.toml", "Recruiter", field)
        assert problem in err.problem

    rows = cards.APPRENTICES
    for mod in [m for name, m in sys.modules.items() if name.startswith("archwk") and m is not None]:
        for attr, value in list(vars(mod).items()):
            if value is rows:  # the data table, wherever a module keeps a name for it
                monkeypatch.setattr(mod, attr, loaded)
    s = archwk.new_game(2, seed=4)
    while s.phase != "play":
        s = s.apply(s.legal_actions()[0])
    p = s.current_player
    s = s.edit(player=p, silver=10)

    def hire_at_workshop(state):
        after = state.apply(archwk.Action("place", location="workshop"))
        after = after.apply(archwk.Action("hire", target=0))
        return state.players[p].silver - after.players[p].silver

    assert hire_at_workshop(_holding(s, p, 13)) == 4  # the Labourer: skills only
    with_recruiter = _holding(s, p, 43)
    assert with_recruiter.players[p].apprentices == ("Recruiter",)
    assert hire_at_workshop(with_recruiter) == 3
    assert behaviour.hook_sum(with_recruiter, p, "hire_discount") == 1


def test_the_loader_knows_no_ability_or_effect():
    """The loader's source names no ability or effect of the behaviour tables: a
    new one is never an edit there (archwk.games.architects.cards checks the general shape only)."""
    source = Path(cards.__file__).read_text(encoding="utf-8")
    words = set(APPRENTICE_BEHAVIOUR) | set(BUILDING_BEHAVIOUR)
    named = sorted(w for w in words - {"none", "gain"} if f'"{w}"' in source)
    assert named == []


def test_the_behaviour_docstring_example_runs():
    import doctest
    result = doctest.testmod(behaviour)
    assert result.attempted and not result.failed
