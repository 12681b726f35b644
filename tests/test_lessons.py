"""The rules tutorial's lessons (widgets/architects/lessons.py), without a browser.

For every lesson: the position is the one the lesson describes, the right line
of play is legal and passes the check, and a wrong line fails with the
explanation of the rule.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import archwk
from widgets.architects import lessons as tl
from widgets.architects.lessons import LESSONS, RIGHT, WRONG, YOU

#: the rulebook sections the issue asks for, in order (the rulebook's own headings)
SECTIONS = [
    "Aim of the Game", "Setup", "Placing Workers", "Quarry, Forest, Mines and Silversmith",
    "King's Storehouse", "Workshop", "Town Centre", "Tax Stand", "Black Market", "Guardhouse", "Guildhall",
    "Constructing a Building", "Advancing Work on the Cathedral", "Virtue Track", "Black Market Reset",
    "End of the Game", "Solo Play", "Variable Setup Characters",
]
RULEBOOK = Path("/work/shared/seeds/000_61b9e43c65635cb2.txt")

ids = [lesson.key for lesson in LESSONS]


def test_one_lesson_per_rulebook_section_in_order():
    assert [lesson.section for lesson in LESSONS] == SECTIONS
    assert len({lesson.key for lesson in LESSONS}) == len(LESSONS)


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook text is not on this machine")
def test_sections_are_rulebook_headings():
    headings = [line.strip() for line in RULEBOOK.read_text().splitlines()]
    for section in SECTIONS:
        assert any(h == section or h.startswith(section + " (") for h in headings), section


@pytest.mark.parametrize("lesson", LESSONS, ids=ids)
def test_position_is_the_learners_decision(lesson):
    s = lesson.setup()
    assert not s.is_over and s.current_player == YOU
    assert s.players[YOU].name == tl.LEARNER
    assert lesson.task and lesson.explain and lesson.title


@pytest.mark.parametrize("lesson", LESSONS, ids=ids)
def test_right_line_passes(lesson):
    attempt = lesson.start()
    actions = lesson.solution_actions()
    verdicts = []
    for a in actions:
        assert a in attempt.choices(), f"{a} is not offered at: {attempt.state.prompt}"
        verdicts.append(attempt.choose(a))
    assert [v.status for v in verdicts[:-1]] == ["continue"] * (len(verdicts) - 1)
    assert verdicts[-1].status == RIGHT, verdicts[-1].text
    assert verdicts[-1].text.startswith("Right")
    assert attempt.done and attempt.choices() == []


@pytest.mark.parametrize("lesson", LESSONS, ids=ids)
def test_wrong_line_fails_with_the_rule(lesson):
    attempt = lesson.start()
    for a in lesson.mistake_actions():
        v = attempt.choose(a)
    assert v.status == WRONG
    assert lesson.mistake_says in v.text, v.text
    assert not v.text.startswith("Right")


@pytest.mark.parametrize("lesson", LESSONS, ids=ids)
def test_every_first_choice_gets_a_verdict(lesson):
    """Whatever the learner clicks first, the judge answers in words (never crashes)."""
    start = lesson.setup()
    for a in start.legal_actions():
        attempt = lesson.start()
        v = attempt.choose(a)
        assert v.status in ("right", "wrong", "continue")
        assert v.text.strip()


def test_a_finished_attempt_takes_no_more_choices():
    lesson = tl.BY_KEY["placing"]
    attempt = lesson.start()
    attempt.choose(lesson.mistake_actions()[0])
    with pytest.raises(ValueError):
        attempt.choose(attempt.state.legal_actions()[0])


def test_illegal_choice_changes_nothing():
    lesson = tl.BY_KEY["tax_stand"]
    attempt = lesson.start()
    with pytest.raises(archwk.IllegalAction):
        attempt.choose(archwk.Action("place", location="guildhall"))
    assert attempt.actions == [] and attempt.verdict is None


def test_town_centre_lesson_position():
    s = tl.BY_KEY["town_centre"].setup()
    groups = {loc: dict(s.workers_at(loc)).get(1, 0) for loc in archwk.LOCATIONS}
    assert max(groups, key=groups.get) == "forest"


def test_end_lesson_is_the_last_turn_and_the_best_move_is_known():
    s = tl.BY_KEY["end"].setup()
    assert s.final_turns == 1 and len(s.guildhall) >= 12
    best, line = tl._end_best()
    assert line[0] == archwk.Action("place", location="guildhall") and line[1].kind == "construct"
    attempt = tl.BY_KEY["end"].start()
    for a in tl.BY_KEY["end"].solution_actions():
        attempt.choose(a)
    assert attempt.state.is_over
    assert archwk.final_scores(attempt.state)[YOU].total == best


def test_reset_lesson_sends_the_black_market_workers_to_prison():
    lesson = tl.BY_KEY["reset"]
    attempt = lesson.start()
    for a in lesson.solution_actions():
        attempt.choose(a)
    rival = attempt.state.players[1]
    assert rival.in_prison == 4 and rival.debts_unpaid == 1
    assert attempt.state.players[YOU].in_prison == 1


def test_progress_counts_lessons_done():
    p = tl.Progress()
    p.mark("aim")
    p.mark("aim")
    p.mark("solo")
    assert p.count == 2 and p.summary() == f"2 of {len(LESSONS)} lessons done"


def test_progress_round_trips_through_json():
    p = tl.Progress()
    for key in ("solo", "aim", "end"):
        p.mark(key)
    text = p.to_json()
    assert text == '{"version": 1, "done": ["aim", "end", "solo"]}'  # the lessons' order
    assert tl.Progress.from_json(text) == p
    assert tl.Progress.from_json(tl.Progress().to_json()).count == 0


@pytest.mark.parametrize("text, done", [
    ('{"version": 1, "done": ["aim", "no-such-lesson", 7, null], "seen": {"x": 1}}', {"aim"}),
    ('{"done": ["solo"]}', {"solo"}),                 # no version: the first one
    ('{"version": 2, "done": ["aim"]}', set()),       # a later format is not guessed at
    ('{"version": 1, "done": "aim"}', set()),
    ('{"version": 1}', set()),
    ('["aim"]', set()), ("null", set()), ("", set()), ("{not json", set()), (None, set()), (b"{}", set()),
    ('{"version": 1, "done": ["aim"], "pad": "' + "x" * 20_000 + '"}', set()),  # too long to be ours
])
def test_stored_progress_is_read_without_ever_failing(text, done):
    assert tl.Progress.from_json(text).done == done
