"""Archon's tutorial lessons (widgets/archon/lessons.py), without a browser
(issue 23 "Pages": one lesson per rulebook section, with a check of what the
learner did; issue 21: lessons never contradict the rules).

For every lesson: it starts at the learner's decision; its right line reaches
RIGHT and its wrong line WRONG with the rule; and EVERY choice it offers, at
every step, gets a verdict that agrees with what the choice did. The check reads
the rules' own record here, independently of the lessons' code:

- each `Claim` is true: a placement, token, toll, recruit, tile, pass, round
  order, attack or raid loss is in the events; a holding is the player's
  holding at the start and now; a King's Grant figure is the table's; a share
  is the ranking of §7.1 worked out here; "the best" is the best any way of
  finishing the turn reaches; and each claim's words are in the text;
- the status follows the lesson's goal, written here from the task's words:
  RIGHT only when it is met; WRONG only when no way of finishing the turn from
  there meets it; CONTINUE only while one still does;
- the words are the game's: no internal id, formula or placeholder, and a verdict
  showing a figure the rulebook does not print says it is an example figure.

Each lesson names a rulebook section: a heading of the rulebook that the facts
file restates (§ number).
"""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from wording import problems as wording_problems
from wording import raw_ids

import archwk
from widgets.archon import lessons as al
from widgets.archon.lessons import LESSONS
from widgets.tutorial.lessons import CONTINUE, LEARNER, RIGHT, WRONG, YOU

RULEBOOK = Path("/work/shared/seeds/003_5791c413a6168c38.txt")
FACTS = Path("/work/shared/reference/archon-facts.md")
RIVAL = 1
ITEMS = ("gold", "recruits", "stone", "papyrus", "silver", "iron", "arts", "science", "vp")
ids = [lesson.key for lesson in LESSONS]

#: what the issue asks the lessons to teach, as rulebook sections (each at least once)
WANTED = ["3.", "4.", "4.1", "4.2.1", "4.2.4", "4.2.5", "4.2.6", "4.2.7", "4.2.9", "4.2.10", "5.1", "5.2",
          "5.3", "5.4", "6.", "7.", "7.1", "8.", "9."]


# --------------------------------------------------------------------------- the rules' record, read here

def amount(p, item: str) -> int:
    return p.resources[item] if item in ("stone", "papyrus", "silver", "iron") else getattr(p, item)


def events(states):
    return [e for s in states for e in s.events]


def mine(states, kind: str):
    return [e.data for e in events(states) if e.kind == kind and e.player == YOU]


def table_events(states, kind: str):
    return [e.data for e in events(states) if e.kind == kind and e.player is None]


def turn_over(s) -> bool:
    """After a choice: the learner's turn is over (a placement with what it opens, or a pass)."""
    return s.is_over or s.current_player != YOU or s.decision in ("turn", "split", "start")


def finishes(state, states=(), line=()):
    if line and turn_over(state):
        yield states, line
        return
    for a in state.legal_actions():
        n = state.apply(a)
        yield from finishes(n, states + (n,), line + (a,))


def ranked(counts, values):
    """§7.1, worked out here: players by count (1 or more), ties pool their ranks' values."""
    out = [0] * len(counts)
    rank = 0
    for c in sorted({c for c in counts if c > 0}, reverse=True):
        tied = [i for i, x in enumerate(counts) if x == c]
        pool = sum(values[rank + k] if rank + k < len(values) else 0 for k in range(len(tied)))
        for i in tied:
            out[i] = pool // len(tied)
        rank += len(tied)
    return tuple(out)


def _me(start, states):
    return start.players[YOU], (states[-1] if states else start).players[YOU]


def _gain(start, states, item):
    me0, me = _me(start, states)
    return amount(me, item) - amount(me0, item)


def _new_tiles(start, states):
    me0, me = _me(start, states)
    return [t for t in me.tiles if t not in me0.tiles]


#: the lessons asking for "the most": the figure the task names
MEASURES = {
    "setup": lambda start, states: states[-1].players[YOU].gold,
    "builders_guild": lambda start, states: sum(start.components.tile(t).vp for t in _new_tiles(start, states)),
}


def _gates(state) -> int:
    return sum(1 for w in archwk.table(state).wall if w.gate and w.owner == YOU)


#: each lesson's goal, from its task's words: (start, states after each choice) -> met?
GOALS = {
    "split": lambda start, states: sum(1 for c in states[-1].players[YOU].hand if c != "courtier") == 1,
    "placing": lambda start, states: any(d["location"] == "repository" and len(d["pay"]) == 1
                                         and start.components.locations["repository"].slots[d["slot"]].cards == 2
                                         for d in mine(states, "placed")),
    "passing": lambda start, states: states[-1].round > start.round and states[-1].order[0] == YOU,
    "gathering": lambda start, states: (any(d["location"] == "repository" for d in mine(states, "placed"))
                                        and _gain(start, states, "iron") >= 1),
    "marketplace": lambda start, states: (any(d["location"] == "marketplace" for d in mine(states, "placed"))
                                          and _gain(start, states, "silver") >= 1
                                          and _gain(start, states, "papyrus") >= 1),
    "guild_hall": lambda start, states: (_me(start, states)[1].magister_track["cleric"]
                                         == _me(start, states)[0].magister_track["cleric"] + 1),
    "royal_guard": lambda start, states: _gates(states[-1]) - _gates(start) == 2,
    "planetarium": lambda start, states: _gain(start, states, "science") >= 2,
    "palace": lambda start, states: states[-1].workers_at("palace").get(YOU, 0) > 0,
    "tax_collector": lambda start, states: any(sl.token == YOU for sl in archwk.table(states[-1]).slots),
    "cleric": lambda start, states: states[-1].workers_at("treasury").get(YOU, 0) > 0,
    "scribe": lambda start, states: (_me(start, states)[0].figures_in_supply
                                     - _me(start, states)[1].figures_in_supply) >= 2,
    "merchant": lambda start, states: (states[-1].workers_at("treasury").get(YOU, 0) > 0
                                       and _gain(start, states, "gold") >= 3),
    "end_of_round": lambda start, states: states[-1].round > start.round,
    "attack": lambda start, states: (states[-1].season > start.season and states[-1].decision != "lose"
                                     and amount(states[-1].players[YOU], "silver") == 1),
    "scoring": lambda start, states: states[-1].players[YOU].arts > states[-1].players[RIVAL].arts,
    "tiles": lambda start, states: any(start.components.tile(t).level == 2 for t in _new_tiles(start, states)),
    "end": lambda start, states: any(start.components.tile(t).ability == "end_vp"
                                     for t in _new_tiles(start, states)),
}

_best: dict[str, int] = {}


def best(key: str) -> int:
    if key not in _best:
        start = al.BY_KEY[key].setup()
        _best[key] = max(MEASURES[key](start, states) for states, _ in finishes(start))
    return _best[key]


def goal_met(key, start, states) -> bool:
    if not states:
        return False
    if key in MEASURES:
        return MEASURES[key](start, states) >= best(key)
    return GOALS[key](start, states)


def reachable(key, start, states) -> bool:
    """The goal is met now, or after some of the choices of a way to finish the turn."""
    s = states[-1]
    if goal_met(key, start, states) or turn_over(s):
        return goal_met(key, start, states)
    return any(goal_met(key, start, states + more[:i]) for more, _ in finishes(s) for i in range(1, len(more) + 1))


# --------------------------------------------------------------------------- claims

def claim_is_true(c, key, start, states, all_states) -> bool:
    end = states[-1]
    me0, me = start.players[YOU], end.players[YOU]
    v = c.value
    match c.what:
        case "started":
            return v in [tuple(d["magisters"]) for d in mine(states, "started")] and \
                all(me.magister_track[m] == 1 for m in v)
        case "kept":
            return v in [tuple(d["hand"]) for d in mine(states, "split")]
        case "place":
            return v in [(d["location"], d["slot"], tuple(d["pay"])) for d in mine(states, "placed")]
        case "token":
            return v in [d["location"] for d in mine(states, "placed") if d["token"]]
        case "stacked":
            return v in [d["location"] for d in mine(states, "placed") if d["stacked"]]
        case "toll":
            return v == sum(d["gold"] for d in mine(states, "toll") if d["owner"] == c.about)
        case "holding":
            return v == (amount(me0, c.about), amount(me, c.about))
        case "traded":
            kind, res, gold = v
            return (res, gold) in [(d["resource"], d["gold"]) for d in mine(states, kind)]
        case "recruited":
            return v in [d["magister"] for d in mine(states, "recruited")] and \
                me.magister_track[v] == me0.magister_track[v] + 1
        case "warriors":
            placed = mine(states, "warrior")
            return v == (len(placed), sum(1 for d in placed if d["gate"]))
        case "tile":
            return v in [d["name"] for d in mine(states, "tile")] and v in me.tiles and v not in me0.tiles
        case "cards":
            return v == sum(1 for d in mine(states, "card") if d["what"] == c.about)
        case "passed":
            return v in [d["unused"] for d in mine(states, "passed")]
        case "order":
            return v in [tuple(d["order"]) for d in table_events(states, "round_end")]
        case "attack":
            return v in [(d["strength"], d["wall"], d["raided"]) for d in table_events(states, "attack")] and \
                all(d["raided"] == (d["wall"] < d["strength"]) for d in table_events(states, "attack"))
        case "lost":
            total = 0
            for d in mine(states, "loss"):
                if c.about in ("recruits", "gold") and c.about in d:
                    total += d[c.about]
                elif c.about == "vp" and "vp" in d:
                    total += d["vp"]
                else:
                    total += d.get("resources", {}).get(c.about, 0)
            return v == total
        case "grant":
            return v == tuple(getattr(archwk.table(start).grant, c.about))
        case "share":
            counts = [p.warriors_on_wall if c.about == "warriors" else getattr(p, c.about) for p in end.players]
            return v == ranked(counts, getattr(archwk.table(start).grant, c.about))
        case "end_vp":
            parts = start.components
            per = {"tiles": len(me.tiles), "magisters": sum(me.magisters.values())}
            mine_vp = sum(per[parts.tile(t).params["per"]] * parts.tile(t).params["vp"] for t in me.tiles
                          if parts.tile(t).ability == "end_vp")
            return v == archwk.final_scores(end)[YOU].tiles == mine_vp
        case "best":
            return v == best(key)
        case "line":
            s, seen = start, []
            for a in v:
                assert s.is_legal(a)
                s = s.apply(a)
                seen.append(s)
            return turn_over(s) and MEASURES[key](start, tuple(seen)) == best(key)
    raise AssertionError(f"a claim of an unknown kind: {c}")


#: claims whose figures come from the components' tables, and which tables
FIGURES = {"traded": "marketplace", "started": "magister_track", "recruited": "magister_track", "attack": "attacks",
           "grant": "kings_grants", "share": "kings_grants", "best": None, "line": None, "tile": "tiles"}


def contradictions(lesson, attempt, verdict) -> list[str]:
    start, states = attempt.states[0], tuple(attempt.states[1:])
    text = verdict.text
    out = [] if text.strip() else ["an empty verdict"]
    for c in verdict.claims:
        if c.words not in text:
            out.append(f"claim {c.what} {c.about!r}: its words {c.words!r} are not in the text")
        if not claim_is_true(c, lesson.key, start, states, attempt.states):
            out.append(f"claim {c.what} {c.about!r} = {c.value!r} ({c.words!r}) is false")
    if verdict.status == RIGHT and not goal_met(lesson.key, start, states):
        out.append("RIGHT, but the lesson's goal is not met")
    if verdict.status == WRONG and reachable(lesson.key, start, states):
        out.append("WRONG, but the goal can still be met this turn")
    if verdict.status == CONTINUE and not reachable(lesson.key, start, states):
        out.append("CONTINUE, but the goal can no longer be met this turn")
    unprinted = set(start.components.unprinted)
    shown = set(lesson.uses) | {FIGURES[c.what] or lesson.uses[0] for c in verdict.claims if c.what in FIGURES}
    if mine(states, "bought") or mine(states, "sold"):
        shown.add("marketplace")
    if any(d["location"] == "palace" for d in mine(states, "placed")):
        shown.add("kings_favors")
    if table_events(states, "scored"):
        shown.add("kings_grants")
    if shown & unprinted and "example figure" not in text:
        out.append("shows figures the rulebook does not print without saying they are example figures")
    out += wording_problems(text) + raw_ids(text)
    return out


def every_verdict(lesson):
    """(actions, attempt, verdict) after every choice the lesson offers, at every step."""
    todo = [()]
    while todo:
        prefix = todo.pop()
        attempt = lesson.start()
        for a in prefix:
            attempt.choose(a)
        for a in attempt.choices():
            at = lesson.start()
            for p in prefix:
                at.choose(p)
            v = at.choose(a)
            yield prefix + (a,), at, v
            if not v.done:
                todo.append(prefix + (a,))


# --------------------------------------------------------------------------- the tests

def test_lessons_cover_the_rulebook_sections_asked_for():
    assert len({lesson.key for lesson in LESSONS}) == len(LESSONS)
    numbers = {lesson.section.split()[0] for lesson in LESSONS}
    assert set(WANTED) <= numbers, sorted(set(WANTED) - numbers)
    assert set(GOALS) | set(MEASURES) == {lesson.key for lesson in LESSONS}


@pytest.mark.skipif(not (RULEBOOK.exists() and FACTS.exists()), reason="the rulebook text is not on this machine")
@pytest.mark.parametrize("lesson", LESSONS, ids=ids)
def test_each_lesson_cites_a_rulebook_section_the_facts_file_restates(lesson):
    headings = {line.strip() for line in RULEBOOK.read_text().splitlines()}
    assert lesson.section in headings
    number = lesson.section.split()[0].rstrip(".")
    facts = FACTS.read_text()
    assert re.search(rf"(§{re.escape(number)}\b|^#+ {re.escape(number)}[. ]|^\* {re.escape(number)}[a-z. ])",
                     facts, re.M), number


@pytest.mark.parametrize("lesson", LESSONS, ids=ids)
def test_every_lesson_starts_at_the_learners_decision(lesson):
    s = lesson.setup()
    assert not s.is_over and s.current_player == YOU and s.players[YOU].name == LEARNER
    assert s.game.name == "archon"
    assert lesson.start().choices() == s.legal_actions()


@pytest.mark.parametrize("lesson", LESSONS, ids=ids)
def test_the_solution_reaches_right(lesson):
    attempt = lesson.start()
    verdicts = [attempt.choose(a) for a in lesson.solution_actions()]
    assert [v.status for v in verdicts[:-1]] == [CONTINUE] * (len(verdicts) - 1), [v.text for v in verdicts]
    assert verdicts[-1].status == RIGHT and verdicts[-1].text.startswith("Right: "), verdicts[-1].text
    assert attempt.done and attempt.choices() == []


@pytest.mark.parametrize("lesson", LESSONS, ids=ids)
def test_the_mistake_is_wrong_and_says_the_rule(lesson):
    attempt = lesson.start()
    for a in lesson.mistake_actions():
        v = attempt.choose(a)
    assert v.status == WRONG and lesson.mistake_says in v.text, v.text


@pytest.mark.parametrize("lesson", LESSONS, ids=ids)
def test_every_offered_choice_gets_feedback_that_agrees_with_it(lesson):
    seen = Counter()
    found = []
    firsts = 0
    for line, attempt, verdict in every_verdict(lesson):
        seen[verdict.status] += 1
        firsts += len(line) == 1
        for p in contradictions(lesson, attempt, verdict):
            found.append(f"{' / '.join(map(str, line))}: {p}\n    {verdict.text}")
    assert not found, f"{len(found)} contradictions:\n" + "\n".join(found[:12])
    assert seen[RIGHT] >= 1 and seen[WRONG] >= 1   # the lesson can be passed and failed
    assert firsts == len(lesson.setup().legal_actions())


@pytest.mark.parametrize("lesson", LESSONS, ids=ids)
def test_lesson_words_are_the_games(lesson):
    for text in (lesson.title, lesson.explain, lesson.task, lesson.hint):
        assert not wording_problems(text) + raw_ids(text), text
        assert "§" not in text and "facts" not in text


def test_the_check_catches_a_false_claim_and_a_false_status():
    import dataclasses

    from widgets.tutorial.lessons import Claim, Verdict
    lesson = al.BY_KEY["merchant"]

    def judge(a):  # says RIGHT for a Courtier at the Treasury, and that it gave 3 Gold
        start = a.start_state.players[YOU].gold
        return Verdict(RIGHT, f"Right: you now hold {start + 3} Gold.",
                       (Claim("holding", "gold", (start, start + 3), f"{start + 3} Gold"),))

    attempt = dataclasses.replace(lesson, judge=judge).start()
    v = attempt.choose(lesson.mistake_actions()[0])
    found = contradictions(lesson, attempt, v)
    assert any("claim holding 'gold'" in p and "is false" in p for p in found), found
    assert "RIGHT, but the lesson's goal is not met" in found


def test_progress_is_kept_per_game_and_reads_only_archons_lessons():
    p = al.Progress()
    assert p.mark("attack") and not p.mark("attack")
    p.mark("aim")                          # an Architects lesson: not one of these
    assert p.count == 1 and p.summary() == f"1 of {len(LESSONS)} lessons done"
    assert al.Progress.from_json(p.to_json()).done == {"attack"}
    from widgets.architects import lessons as arch
    assert arch.Progress.from_json(p.to_json()).done == set()


# --------------------------------------------------------------------------- the tutorial page, for Archon

class _Plain:
    """A stand-in for one of a game's drawing widgets: shows the prompt, takes clicks."""

    def __new__(cls, *args, **kwargs):
        import ipywidgets

        class Part(ipywidgets.HTML):
            def __init__(self, state=None, *a, **k):
                super().__init__()
                self.clicks = []
                if state is not None:
                    self.update(state)

            def update(self, state):
                self.value = state.prompt

            def on_click(self, callback):
                self.clicks.append(callback)

        return Part(*args, **kwargs)


def _fake_archon_ui():
    """Archon's parts for the shell as the pages' helper will give them (board etc.:
    plain stand-ins here), with these lessons: what the tutorial shell needs."""
    from widgets.games import GameUI
    return GameUI(
        board=_Plain, board_text=_Plain, player_panels=_Plain, score=_Plain, editor=_Plain,
        click_action=lambda actions, click: None, click_reason=lambda state, click: "Use the buttons.",
        private_actions=frozenset({"split"}), turn_of=lambda state: state.round,
        figures=lambda state: None,
        decision_groups=lambda state, figures: [("Your choices", [("act", str(a), a, "")
                                                                  for a in state.legal_actions()])],
        choice_faces=lambda state, actions, figures: "", lessons=LESSONS)


FAKE_UI = None


@pytest.fixture
def archon_pages(monkeypatch):
    """`ui_for("archon")` gives the stand-in parts while the test runs."""
    import widgets.games as games
    global FAKE_UI
    FAKE_UI = _fake_archon_ui()
    monkeypatch.setitem(games.UIS, "archon", f"{__name__}:FAKE_UI")
    games.ui_for.cache_clear()
    yield
    games.ui_for.cache_clear()


def test_the_tutorial_shell_teaches_archon_chosen_by_name(archon_pages):
    from widgets.tutorial import TutorialUI
    ui = TutorialUI(game="archon")
    assert ui.lessons == LESSONS and ui.store.key == "archwk-tutorial-progress-archon" and ui.store.former == ""
    assert ui.progress.summary() == f"0 of {len(LESSONS)} lessons done"
    i = ids.index("merchant")
    ui.show(i)
    assert "5.4 Merchant (Yellow)" in ui.heading.value
    for action in ui.lesson.solution_actions():
        assert [b._action for b in ui.decision.buttons] == ui.attempt.choices()
        ui.decision.button_for(action).click()
    assert ui.attempt.verdict.status == RIGHT and ui.feedback_text.startswith("✔ Right")
    assert ui.progress.done == {"merchant"}
    assert ui.store.value == '{"version": 1, "done": ["merchant"]}'
    ui.store.stored, ui.store.loaded = '{"version": 1, "done": ["aim", "attack"]}', True   # "aim": Architects'
    assert ui.progress.done == {"merchant", "attack"}


def test_the_architects_tutorial_keeps_its_own_progress_key():
    from widgets.tutorial import TutorialUI
    ui = TutorialUI()
    assert ui.store.key == "archwk-tutorial-progress-architects"
    assert ui.lessons[0].key == "aim"
