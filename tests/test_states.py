"""State belongs to states (issue 22): nothing the rules or the bots keep outside a
state can make two threads disagree.

- No module of `archwk/` keeps a cache keyed by `id()` (the engine once kept the
  legal actions of recent states by `id(state)`, the bots a player memo by
  `id(player)`), and no function rebinds a module's globals (`global`: the
  explainer was once installed that way, and the id cache swapped its generations).
  Read from the source with `ast`; the checker is shown to find both old patterns.
- A state keeps its own legal actions (tests/test_speed.py has the details); two
  threads listing and applying on the same states, and the coach searching on a
  thread while the page plays from the position it was asked about, give what one
  thread gives alone.
- A state's words come from its game (`state.game.explainer`): a game whose
  explainer is another words the same action, prompt and reason its own way;
  actions listed at no state (from JSON, a quiet state's, a view's history) and
  events word themselves with the game's explainer without anything installed.
"""
from __future__ import annotations

import ast
import dataclasses
import random
import sys
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest

import archwk
from archwk import Action
from archwk.games.architects import engine, explain
from archwk.games.architects.definition import GAME
from archwk.games.architects.game import GameState
from archwk.games.architects.state import _MutableState, copy_state_slots

ROOT = Path(__file__).resolve().parents[1]


# --------------------------------------------------------------------------- no hidden module state

def _module_containers(tree: ast.Module) -> set[str]:
    """Names a module binds at its top level (any value: a dict, a list, a call)."""
    out = set()
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, ast.AnnAssign) else []
        for t in targets:
            for n in ast.walk(t):
                if isinstance(n, ast.Name):
                    out.add(n.id)
    return out


def _calls_id(node: ast.AST) -> bool:
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "id"
               for n in ast.walk(node))


def id_keyed_caches(source: str) -> list[tuple[int, str]]:
    """(line, container) for every look-up or store keyed by an `id(...)` call in a container
    that is a module global, or a local bound to one (`kept = _RECENT; kept.get(id(s))`)."""
    tree = ast.parse(source)
    globals_ = _module_containers(tree)
    found = []
    for fn in [tree, *(n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))]:
        body = fn.body
        aliases = set(globals_)
        for n in (x for stmt in body for x in ast.walk(stmt)):
            if isinstance(n, ast.Assign) and isinstance(n.value, ast.Name) and n.value.id in globals_:
                aliases |= {t.id for t in n.targets if isinstance(t, ast.Name)}
        for n in (x for stmt in body for x in ast.walk(stmt)):
            if isinstance(n, ast.Subscript) and isinstance(n.value, ast.Name) and n.value.id in aliases \
                    and _calls_id(n.slice):
                found.append((n.lineno, n.value.id))
            elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) \
                    and isinstance(n.func.value, ast.Name) and n.func.value.id in aliases \
                    and n.func.attr in {"get", "setdefault", "pop", "__contains__", "__getitem__", "__setitem__"} \
                    and n.args and _calls_id(n.args[0]):
                found.append((n.lineno, n.func.value.id))
            elif isinstance(n, ast.Compare) and _calls_id(n.left) and any(
                    isinstance(c, ast.Name) and c.id in aliases for c in n.comparators):
                found.append((n.lineno, next(c.id for c in n.comparators if isinstance(c, ast.Name))))
    return sorted(set(found))


def rebinds_globals(source: str) -> list[tuple[int, str]]:
    """(line, names) of every `global` statement."""
    return [(n.lineno, ", ".join(n.names)) for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Global)]


def _archwk_sources():
    files = sorted((ROOT / "archwk").rglob("*.py"))
    assert len(files) > 60  # the walk sees the package (else the tests below pass on nothing)
    return [(p.relative_to(ROOT).as_posix(), p.read_text(encoding="utf-8")) for p in files]


def test_no_module_keeps_a_cache_keyed_by_id():
    """An id() is only unique while its object lives: a cache keyed by it is state kept
    outside the states, shared by every thread; the states keep their own instead."""
    bad = {path: hits for path, src in _archwk_sources() if (hits := id_keyed_caches(src))}
    assert bad == {}


def test_no_function_rebinds_a_module_global():
    """Nothing swaps what a module holds at run time (an explainer installed at import,
    a cache's generations): what a thread reads from a module stays what it was."""
    bad = {path: hits for path, src in _archwk_sources() if (hits := rebinds_globals(src))}
    assert bad == {}


@pytest.mark.parametrize("name", sorted(archwk.GAMES))
def test_no_game_installs_its_explainer(name):
    """Every game's actions and events word themselves without an explainer installed at
    import: its actions module holds no words to swap, and its game names its explainer."""
    import importlib
    acts = importlib.import_module(f"archwk.games.{name}.actions")
    assert not hasattr(acts, "use_words") and not hasattr(acts, "_words")
    game = archwk.GAMES[name]
    assert acts.own_words() is game.explainer
    s = game.new_game(game.min_players + 1, seed=1)
    rng = random.Random(1)
    for _ in range(30):
        listed = s.legal_actions()
        for a in listed:
            assert str(a) and "Action(" not in str(a)
            bare = type(a).from_json(a.to_json())
            assert str(bare) and "Action(" not in str(bare)
        assert all(e.text and "Event(" not in e.text for e in s.events)
        s = s.apply(rng.choice(listed))
    assert not hasattr(engine, "_RECENT") and not hasattr(engine, "_remember")


# the checker itself finds what it must: the two caches issue 22 removed, as they were written

_OLD_ENGINE = '''
_RECENT: dict = {}
_OLDER: dict = {}

def _remember(s, acts):
    global _RECENT, _OLDER
    recent = _RECENT
    if len(recent) >= 16:
        _OLDER, _RECENT = recent, {}
        recent = _RECENT
    recent[id(s)] = (s, acts)

def legal_list(s):
    kept = _RECENT
    e = kept.get(id(s))
    return e
'''

_OLD_BOTS = '''
_PERSONAL: dict = {}

def position_value(s, p):
    pl = s.players[p]
    hit = _PERSONAL.get(id(pl))
    if id(pl) in _PERSONAL:
        pass
    mine = {}
    mine[id(pl)] = 1  # a local dict of one call is not kept: not a module cache
    return hit
'''


def test_the_checker_finds_the_old_caches():
    assert id_keyed_caches(_OLD_ENGINE) == [(11, "recent"), (15, "kept")]
    assert rebinds_globals(_OLD_ENGINE) == [(6, "_RECENT, _OLDER")]
    assert id_keyed_caches(_OLD_BOTS) == [(6, "_PERSONAL"), (7, "_PERSONAL")]
    assert rebinds_globals(_OLD_BOTS) == []


# --------------------------------------------------------------------------- threads

def _starts():
    """Shared start positions of every game in archwk.GAMES, at each player count: logged
    and quiet (`game.quiet`), part-way into the game."""
    out = []
    for game in archwk.GAMES.values():
        for n in range(game.min_players, game.max_players + 1):
            s = game.new_game(n, seed=3 + 2 * n)
            rng = random.Random(n)
            for _ in range(12 * n):
                if s.is_over:
                    break
                s = s.apply(rng.choice(s.legal_actions()))
            out += [s, game.quiet(s)]
    assert len(out) >= 10
    return out


def _playout(start, seed: int, steps: int = 60) -> tuple:
    """What a playout from `start` sees: at every step the choices (fields and words),
    the prompt and the events' words, and at the end the position's save."""
    rng = random.Random(seed)
    s, seen = start, []
    first = start.legal_actions()  # listed at the shared start (its own slot)
    seen.append(tuple((a.to_json(), str(a)) for a in first))
    for _ in range(steps):
        if s.is_over:
            break
        acts = s.legal_actions()
        seen.append((s.prompt, tuple(a.to_json() for a in acts), str(acts[0]),
                     tuple(e.text for e in s.events)))
        s = s.apply(rng.choice(acts))
    return tuple(seen), s.to_json()


def test_two_threads_playing_from_the_same_states_see_what_one_thread_sees():
    """Many random playouts from shared states of every game, run by two threads at once
    (switching as often as the interpreter allows, in opposite orders) and by one thread
    alone: every playout sees the same choices, words and positions."""
    starts = _starts()
    tasks = [(i, seed) for i in range(len(starts)) for seed in range(4)]
    alone = {t: _playout(starts[t[0]], t[1]) for t in tasks}
    starts = _starts()  # fresh states: nothing listed yet, so the threads work out the same slots at once
    got: list[dict] = [{}, {}]
    errors: list[BaseException] = []

    def work(k: int, order):
        try:
            for t in order:
                got[k][t] = _playout(starts[t[0]], t[1])
        except BaseException as e:  # reported below
            errors.append(e)

    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=work, args=(0, tasks)),
                   threading.Thread(target=work, args=(1, tasks[::-1]))]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
    finally:
        sys.setswitchinterval(old)
    assert errors == []
    assert got[0] == alone and got[1] == alone


def test_two_threads_listing_one_fresh_state_agree():
    """Both threads asking a state nobody asked yet each work out its actions; the
    state keeps one tuple of them, equal to both answers."""
    for _ in range(20):
        s = archwk.new_game(3, seed=2)
        s = s.apply(s.legal_actions()[0])
        engine._keep(s, None)  # as a state kept by the history: not worked out
        barrier = threading.Barrier(2)
        out: list = [None, None]

        def ask(k, s=s, barrier=barrier, out=out):
            barrier.wait()
            out[k] = s.legal_actions()

        threads = [threading.Thread(target=ask, args=(k,)) for k in range(2)]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        assert out[0] == out[1] == list(s._legal) and out[0]
        assert [str(a) for a in out[0]] == [str(a) for a in out[1]]


@pytest.fixture(scope="module")
def coach():
    from archwk.ai import coach
    return coach


def test_the_coach_on_a_thread_gives_what_it_gives_alone_while_the_page_plays(coach):
    """The coach's hint and judgement of a position, asked on a thread while this (the
    page's) thread keeps listing and playing from that same position, are the ones
    the coach gives with nobody else running; the position is unchanged."""
    budget = {"seconds": None, "max_samples": 6, "search_iterations": 40}
    s = archwk.new_game(2, seed=6)
    rng = random.Random(6)
    for _ in range(30):
        s = s.apply(rng.choice(s.legal_actions()))
    saved = s.to_json()
    played = s.legal_actions()[-1]

    def answers():
        h = coach.hint(s, 2, seed=1, **budget)
        j = coach.judge(s, played, seed=1, **budget)
        return ([(c.action, c.label, c.win_chance, c.why) for c in h],
                (j.verdict, j.drop, j.text, [(c.action, c.label, c.win_chance) for c in j.choices]))

    alone = answers()
    out: list = []
    th = threading.Thread(target=lambda: out.append(answers()))
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)
    try:
        th.start()
        k = 0
        while th.is_alive() or k < 3:  # the page: lists and plays from the same position meanwhile
            page = s
            for _ in range(20):
                if page.is_over:
                    break
                page = page.apply(rng.choice(page.legal_actions()))
            engine._keep(s, None)  # and lets go of its list, as when the history keeps it
            k += 1
        th.join()
    finally:
        sys.setswitchinterval(old)
    assert out == [alone]
    assert s.to_json() == saved


# --------------------------------------------------------------------------- words from the game

def _other_words():
    """An explainer of another game: the same functions, its own words."""
    return SimpleNamespace(
        action_label=lambda a: f"[other] {explain.action_label(a)}",
        describe=explain.describe,
        prompt=lambda s, dec: f"[other] {explain.prompt(s, dec)}",
        reason=lambda s, r: f"[other] {explain.reason(s, r)}",
    )


class _OtherState(GameState):
    """A state of a game that shares the rules but not the words."""
    __slots__ = ()
    game = dataclasses.replace(GAME, explainer=_other_words())


def _as_other(s):
    o = _MutableState.__new__(_MutableState)
    copy_state_slots(s, o)
    o._legal = None
    o._frozen_as = _OtherState  # the states played from it are the other game's too
    o.__class__ = _OtherState
    return o


def test_a_state_words_its_actions_prompt_and_reasons_with_its_games_explainer():
    s = archwk.new_game(2, seed=3)
    while s.decision != "place":
        s = s.apply(s.legal_actions()[0])
    o = _as_other(s)
    mine, theirs = s.legal_actions(), o.legal_actions()
    assert mine == theirs
    for a, b in zip(mine, theirs):
        assert str(b) == f"[other] {a}" and not str(a).startswith("[other]")
    assert o.prompt == f"{s.players[s.current_player].name}: [other] " + s.prompt.split(": ", 1)[1]
    blocked = s.placement_blockers()
    assert blocked and o.placement_blockers() == {k: f"[other] {v}" for k, v in blocked.items()}
    nxt = o.apply(theirs[0])  # played on: still the other game, its history worded its way
    assert type(nxt) is _OtherState and str(nxt.history[-1]) == f"[other] {mine[0]}"
    assert str(s.apply(mine[0]).history[-1]) == str(mine[0])  # the real game's words are untouched


def test_actions_listed_at_no_state_and_events_word_themselves_with_the_games_explainer():
    """Nothing is installed at import: an action from JSON, one listed at a quiet state,
    a view's history and an event all word themselves in the game's words."""
    s = archwk.new_game(3, seed=4)
    rng = random.Random(4)
    for _ in range(40):
        s = s.apply(rng.choice(s.legal_actions()))
    listed = s.legal_actions()
    for a in listed:
        bare = Action.from_json(a.to_json())
        assert bare._ctx is None and str(bare) == explain.action_label(bare)
        assert str(bare) != repr(bare) and "Action(" not in str(bare)
    quiet = engine.quiet(s).legal_actions()
    assert [str(q) for q in quiet] == [explain.action_label(q) for q in quiet]
    v = s.view(0)
    assert [str(a) for a in v.history] == [explain.action_label(a) for a in v.history]
    assert all(e.text == explain.describe(e) for e in s.events) and s.events
    assert str(Action("place", location="forest")) == "Place a worker at the Forest"
