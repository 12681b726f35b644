"""What the engine does to be fast must not change a game (issue 10).

- Quiet states (`archwk.games.architects.engine.quiet`, used by rollouts and the search bot) record
  no events, and reach the same states as normal play: checked step by step over
  many random games, every player count and option set.
- Each state keeps its own legal actions (its `_legal` slot), worked out once; a
  logged state kept by a later state's history lets go of them and works out the
  same ones again when asked, and an action equal to a listed one (not the same
  object) is accepted as that one.
- The optional compiled build (`bash scripts/kit build-compiled`) plays the same
  games byte for byte as the pure source: run when that build is present.

Speed itself is reported by benchmarks/bench_engine.py and bench_analysis.py,
never asserted here.
"""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import archwk
from archwk import Action, Options
from archwk.games.architects import engine
from archwk.games.architects.save import state_dict

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))  # build_compiled.source_hash

OPTION_SETS = [
    Options(),
    Options.online(),
    Options(board_side=2, artisans=True, expansion_cards=True, promo_characters=True),
    Options(voluntary_apprentice_discard=False, artisans_discard_returns_silver=False, artisans=True),
]


def _without_events(s) -> dict:
    """Everything a save holds but the last action's events."""
    d = state_dict(s)
    d.pop("events")
    return d


def _games():
    k = 0
    for players in (1, 2, 3, 4, 5):
        for opts in OPTION_SETS:
            for _ in range(2):
                k += 1
                yield players, opts, k
    yield 2, Options(two_player_bot=True), k + 1


@pytest.mark.parametrize("players,options,seed", list(_games()))
def test_quiet_play_reaches_the_same_states(players, options, seed):
    """Event wording is for people only: a quiet game (no event log) takes the same
    path, with the same choices offered at every decision, and ends in the same
    position (everything in the save but the last action's events)."""
    loud = archwk.new_game(players, seed=seed, options=options)
    hushed = engine.quiet(loud)
    assert hushed.events == () and loud.events != ()
    rng = random.Random(seed)
    n = logged = 0
    while not loud.is_over:
        acts = loud.legal_actions()
        assert hushed.legal_actions() == acts, f"decision {n}: different choices"
        a = rng.choice(acts)
        loud, hushed = loud.apply(a), hushed.apply(a)
        logged += len(loud.events)
        assert hushed.events == ()
        n += 1
        if n % 97 == 0:
            assert _without_events(hushed) == _without_events(loud), f"decision {n}"
    assert hushed.is_over and logged > n
    assert _without_events(hushed) == _without_events(loud)
    assert hushed.history == loud.history


def test_a_quiet_history_keeps_no_position_and_a_logged_one_words_its_labels():
    """A quiet game's history (a rollout's) keeps its actions without the positions
    they were taken at, so the positions passed are freed; a logged game's actions
    word their labels from the position they were chosen at."""
    loud = archwk.new_game(3, seed=21)
    hushed = engine.quiet(loud)
    rng = random.Random(21)
    for _ in range(60):
        a = rng.choice(loud.legal_actions())
        before, loud, hushed = loud, loud.apply(a), hushed.apply(a)
    assert all(a._ctx is None for a in hushed.history)
    assert loud.history[-1]._ctx is before and hushed.history == loud.history


def test_shared_actions_are_copied_for_a_logged_state_and_listed_as_they_are_when_quiet():
    """The rules list shared actions (a placement at each location, made once): a logged
    state lists its own copy of each, worded with its figures; a quiet state lists the
    shared ones, without a position. Logged play never words a shared action from a state."""
    from archwk.games.architects import ruleset
    shared = {a for a, _check in ruleset._PLACEMENT_CHECKS}
    loud = archwk.new_game(2, seed=8)
    hushed = engine.quiet(loud)
    rng = random.Random(8)
    seen_quiet = seen_loud = 0
    for _ in range(200):
        acts, quiet_acts = loud.legal_actions(), hushed.legal_actions()
        assert quiet_acts == acts
        for a, q in zip(acts, quiet_acts):
            assert a._ctx is loud and all(a is not x for x in shared)
            assert q._ctx is None
            if q.kind == "place":
                assert any(q is x for x in shared)
                seen_quiet += 1
        if acts[0].kind == "place":
            seen_loud += 1
            # the copy words its figures from the position; the shared one words none
            forest = next(a for a in acts if a.location == "forest")
            assert str(forest) != str(next(q for q in quiet_acts if q.location == "forest"))
        a = rng.choice(acts)
        loud, hushed = loud.apply(a), hushed.apply(a)
    assert seen_quiet and seen_loud
    assert all(x._ctx is None for x in shared)


def test_a_shared_action_is_made_once_and_equals_the_action_it_stands_for(monkeypatch):
    """`actions.shared`: the same fields give the same object, equal to (and hashed as)
    the action made by hand. The kept ones are never dropped (a rule, or another thread,
    holding one keeps the one listed); past the limit a new one is made unshared."""
    from archwk.games.architects import actions
    a = actions.shared("capture", "forest", target=1)
    assert actions.shared("capture", "forest", None, 1) is a
    assert a == Action("capture", location="forest", target=1)
    assert hash(a) == hash(Action("capture", "forest", target=1))
    assert a._ctx is None and actions.shared("capture", "forest", target=2) != a
    before = dict(actions._SHARED)
    monkeypatch.setattr(actions, "_SHARED_LIMIT", len(actions._SHARED))
    b = actions.shared("mine", option="not kept yet")  # at the limit: made, not kept
    assert b == Action("mine", option="not kept yet") and b._ctx is None
    assert actions.shared("mine", option="not kept yet") is not b
    assert actions._SHARED.keys() == before.keys() and all(actions._SHARED[k] is v for k, v in before.items())
    assert actions.shared("capture", "forest", target=1) is a  # the kept one, still


def test_quiet_is_idempotent_and_leaves_the_state_alone():
    s = archwk.new_game(3, seed=5)
    q = engine.quiet(s)
    assert engine.quiet(q) is q
    assert type(q) is type(s) and s.events != () and q.events == ()
    assert _without_events(q) == _without_events(s)


def test_a_state_keeps_its_own_actions_until_the_history_keeps_it():
    """Each state keeps its legal actions in its own slot, worked out once: asked
    twice, the same tuple. A logged state that a later state's history keeps (its
    action words its label from it) lets go of them, so a kept game does not carry
    every list; asked again it works out equal actions, and apply takes an equal
    action (not the same object) as the listed one."""
    s = archwk.new_game(4, seed=11)
    rng = random.Random(3)
    states, lists = [s], [s.legal_actions()]
    assert engine.legal_list(s) is engine.legal_list(s)  # kept by the state, not worked out again
    for _ in range(40):
        s = s.apply(rng.choice(s.legal_actions()))
        states.append(s)
        lists.append(s.legal_actions())
    assert all(st._legal is None for st in states[:-1])  # kept by the history: let go
    assert states[-1]._legal is not None  # the newest keeps its own
    first = states[0]
    again = first.legal_actions()
    assert again == lists[0]
    assert all(a is not b for a, b in zip(again, lists[0]))  # worked out again, not kept
    old = lists[0][0]  # a listed action of an earlier working-out: equal, not the same object
    nxt = first.apply(old)
    fresh = archwk.new_game(4, seed=11)
    assert nxt.to_json() == fresh.apply(fresh.legal_actions()[0]).to_json()
    assert nxt.history[-1] == again[0]  # the listed action is the one recorded
    assert str(nxt.history[-1]) == str(again[0])  # and words its label from the position it was taken at
    assert first.is_legal(Action.from_json(old.to_json()))
    assert not first.is_legal("place")  # type: ignore[arg-type]


def test_a_quiet_state_keeps_its_actions_after_a_move():
    """A quiet state (a search's) is not kept by its successors' history, so it keeps
    its actions: a search's root lists them once however many moves it tries."""
    root = engine.quiet(archwk.new_game(3, seed=4))
    kept = engine.legal_list(root)
    for a in root.legal_actions():
        root.apply(a)
    assert engine.legal_list(root) is kept


# --------------------------------------------------------------------------- the compiled build

ROOT = Path(__file__).resolve().parent.parent
COMPILED = ROOT / "build" / "compiled"


def _compiled_build_current() -> bool:
    from build_compiled import source_hash
    return (COMPILED / "archwk").is_dir() and (COMPILED / "SOURCE_HASH").read_text().strip() == source_hash(ROOT)


def _run_games(pythonpath: Path) -> dict:
    env = {**os.environ, "PYTHONPATH": str(pythonpath)}
    out = subprocess.run([sys.executable, str(ROOT / "tests" / "speed_games.py")], env=env, cwd=ROOT,
                         capture_output=True, text=True, timeout=900, check=True)
    return json.loads(out.stdout)


@pytest.mark.system  # plays thousands of decisions in two other interpreters
@pytest.mark.skipif(not (COMPILED / "archwk").is_dir(),
                    reason="no compiled build (bash scripts/kit build-compiled)")
def test_compiled_build_plays_the_same_games():
    """The compiled build is the same source compiled: every state's save, prompt,
    label, event text and blocker reason along seeded games under several option
    sets are byte-identical to the pure source's."""
    if not _compiled_build_current():
        pytest.skip("the compiled build is older than the source: bash scripts/kit build-compiled")
    pure, compiled = _run_games(ROOT), _run_games(COMPILED)
    assert (pure["build"], compiled["build"]) == ("pure", "compiled")
    assert compiled["decisions"] > 3_000
    assert compiled == {**pure, "build": "compiled"}


_TYPED_BUILD_CHECKS = r'''
import json, random
import archwk
from archwk.games.architects import behaviour, core, engine, state
from archwk.games.architects.actions import Action

HEAP = 1 << 9  # Py_TPFLAGS_HEAPTYPE: a class made by a class statement, not an extension type
out = {"compiled": [m.__file__.endswith(".so") for m in (state, engine, core, behaviour)],
       "extension_types": [not (c.__flags__ & HEAP) for c in (state._PlayerSlots, state._StateSlots, Action)],
       "subclasses_are_heap_types": [bool(c.__flags__ & HEAP) for c in
                                     (state.PlayerState, state._MutablePlayer, state.FrozenState,
                                      state._MutableState, archwk.GameState)]}
s = archwk.new_game(3, seed=5)
rng = random.Random(5)
for _ in range(300):
    s = s.apply(rng.choice(s.legal_actions()))
errors = {}
for name, attempt in [("state", lambda: setattr(s, "tax", 3)),
                      ("player", lambda: setattr(s.players[0], "silver", 99)),
                      ("none_state", lambda: core.writable_player(None, 0)),
                      ("not_a_state", lambda: core.thaw("a state")),
                      ("not_an_action", lambda: s.apply("place"))]:
    try:
        attempt()
        errors[name] = None
    except Exception as e:  # noqa: BLE001
        errors[name] = type(e).__name__
out["errors"] = errors
out["still"] = (s.tax, s.players[0].silver)
v = s.view(0)  # a view: shown, not played on
out["view"] = [v.legal_actions(), v.is_legal(s.legal_actions()[0])]
out["types"] = [type(s).__name__, type(s.players[0]).__name__]
print(json.dumps(out))
'''


@pytest.mark.system
@pytest.mark.skipif(not (COMPILED / "archwk").is_dir(),
                    reason="no compiled build (bash scripts/kit build-compiled)")
def test_the_compiled_build_types_the_state_and_keeps_it_frozen():
    """In the compiled build the state, player and action classes are extension types
    (archwk/games/architects/state.pxd, actions.pxd) while the frozen and writable classes stay Python
    subclasses of them (freezing switches the class in place); frozen states and players
    still refuse writes, and a wrong argument to a typed helper raises instead of crashing."""
    if not _compiled_build_current():
        pytest.skip("the compiled build is older than the source: bash scripts/kit build-compiled")
    env = {**os.environ, "PYTHONPATH": str(COMPILED)}
    out = subprocess.run([sys.executable, "-c", _TYPED_BUILD_CHECKS], env=env, cwd=COMPILED,
                         capture_output=True, text=True, timeout=300, check=True)
    got = json.loads(out.stdout)
    assert got["compiled"] == [True] * 4  # behaviour/__init__ too (setup.COMPILED_INITS)
    assert got["extension_types"] == [True, True, True]
    assert got["subclasses_are_heap_types"] == [True] * 5
    assert got["types"] == ["GameState", "PlayerState"]
    assert got["errors"] == {"state": "AttributeError", "player": "AttributeError",
                             "none_state": "AttributeError", "not_a_state": "TypeError",
                             "not_an_action": "IllegalAction"}
    pure = archwk.new_game(3, seed=5)
    rng = random.Random(5)
    for _ in range(300):
        pure = pure.apply(rng.choice(pure.legal_actions()))
    assert got["still"] == [pure.tax, pure.players[0].silver]
    assert got["view"] == [[], False]


# --------------------------------------------------------------------------- the source the compiled build types

def test_the_slot_copiers_copy_every_slot():
    """`copy_state_slots` and `_copy_player` are written out field by field (so they
    compile to struct copies): each copies every slot, and state.pxd declares the same
    fields as state.py."""
    from archwk.games.architects import state as st
    for fields, copy, cls in ((st._PLAYER_FIELDS, st._copy_player, st._MutablePlayer),
                              (st._STATE_FIELDS, st.copy_state_slots, st._MutableState)):
        src, dst = cls.__new__(cls), cls.__new__(cls)
        for i, f in enumerate(fields):
            setattr(src, f, ("value", i))
        copy(src, dst)
        assert [getattr(dst, f) for f in fields] == [("value", i) for i in range(len(fields))]
    pxd = (ROOT / "archwk" / "games" / "architects" / "state.pxd").read_text()
    declared: dict[str, list[str]] = {}
    current = None
    for line in pxd.splitlines():
        if line.startswith("cdef class "):
            current = declared.setdefault(line.split()[2].rstrip(":"), [])
        elif current is not None and line.strip().startswith("cdef public object"):
            current += [f.strip() for f in line.strip()[len("cdef public object"):].split(",")]
    assert declared == {"_PlayerSlots": list(st._PLAYER_FIELDS), "_StateSlots": list(st._STATE_FIELDS)}


def _pxd_functions(pxd: Path) -> list[tuple[str | None, str, int]]:
    """(class or None, name, positional parameters) of each cpdef in an augmenting .pxd."""
    import re
    out = []
    cls = None
    for line in pxd.read_text().splitlines():
        if line.startswith("cdef class "):
            cls = line.split()[2].rstrip(":")
        elif line and not line[0].isspace() and not line.startswith(("@", "#")):
            cls = None
        m = re.match(r"\s*cpdef\s+(?:\w+\s+)?(\w+)\((.*)\)\s*$", line)
        if m:
            params = [p for p in m.group(2).split(",") if p.strip()]
            out.append((cls if line[0].isspace() else None, m.group(1), len(params)))
    return out


def test_every_pxd_declaration_names_a_function_cython_can_type():
    """Each .pxd beside a rules module declares functions of that module, with their
    positional parameters, and none of them holds a closure, a generator or keyword-only
    parameters (Cython cannot make those cpdef): an edit of the .py that breaks the
    compiled build fails here, without a compiler."""
    import ast
    rules = ROOT / "archwk" / "games" / "architects"
    pxds = sorted(rules.rglob("*.pxd"))
    assert {p.relative_to(rules).as_posix() for p in pxds} >= {"state.pxd", "core.pxd", "engine.pxd"}
    for pxd in pxds:
        source = pxd.with_suffix(".py")
        assert source.exists(), f"{pxd.name} has no module beside it"
        tree = ast.parse(source.read_text())
        defs = {(None, n.name): n for n in tree.body if isinstance(n, ast.FunctionDef)}
        for c in tree.body:
            if isinstance(c, ast.ClassDef):
                defs.update({(c.name, n.name): n for n in c.body if isinstance(n, ast.FunctionDef)})
        for cls, name, n_params in _pxd_functions(pxd):
            fn = defs.get((cls, name))
            where = f"{pxd.relative_to(ROOT)}: {cls + '.' if cls else ''}{name}"
            assert fn is not None, f"{where} is not a function of {source.name}"
            a = fn.args
            assert not (a.kwonlyargs or a.vararg or a.kwarg), f"{where}: Cython's cpdef takes no such parameters"
            assert len(a.posonlyargs + a.args) == n_params, f"{where}: the parameters differ from {source.name}'s"
            inner = [n for n in ast.walk(fn) if n is not fn and isinstance(
                n, (ast.Lambda, ast.GeneratorExp, ast.FunctionDef, ast.ClassDef, ast.Yield))]
            assert not inner, f"{where} holds a closure or generator (line {inner[0].lineno}), which cpdef cannot"
