"""The lesson framework of the step-by-step tutorial, for any game: a lesson
sets up a position, explains a rule in the player's words, asks the learner
(seat `YOU`) to do something and judges each of the learner's choices.

A judge answers every choice with a `Verdict`: CONTINUE while the task is
still under way, then RIGHT or WRONG with the explanation. What a verdict says
about the learner's choices is data (`Claim`: what, about, value, and the words
made from them), so a test can compare each claim with what the choices did.
Each game writes its lessons (positions, tasks, judges, the kinds of claim its
judges make) on top of this module: Architects' in `widgets.architects.lessons`,
Archon's in `widgets.archon.lessons`. Pure Python (no UI imports); the
interface is `widgets.tutorial.ui`.

>>> lesson = Lesson("k", "Title", "1. Overview", "The rule.", "Do it.", setup=lambda: None,
...                 judge=lambda a: Verdict(RIGHT, "Right."), solution=(), mistake=(), mistake_says="")
>>> Progress.for_lessons((lesson,))().summary()
'0 of 1 lessons done'
"""
from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, cast

YOU = 0  # the learner's seat in every lesson
#: the learner's name: the games' event sentences read "Ann (you) places ..."
LEARNER = "Ann (you)"
RIVAL = "Rival"
RIGHT, WRONG, CONTINUE = "right", "wrong", "continue"


@dataclass(frozen=True)
class Claim:
    """One fact a verdict states, as data, and the words that state it.

    `what` says which kind of fact (each game lists its kinds), `about` what it
    is about (an item, a card, a location...), `value` the figure. `words` are
    made from `value` by the judge and appear in the verdict's text."""
    what: str
    about: object
    value: object
    words: str


@dataclass(frozen=True)
class Verdict:
    """What the judge says after one of the learner's choices: the status, the
    text, and the facts about the choices the text states (`claims`)."""
    status: str  # RIGHT, WRONG or CONTINUE
    text: str
    claims: tuple[Claim, ...] = ()

    @property
    def done(self) -> bool:
        return self.status != CONTINUE


#: a step of a lesson's solution or mistake: fields an action must have
#: ({"kind": "place", "location": "forest"}) or a function state -> Action
Step = Mapping[str, object] | Callable[[Any], Any]


@dataclass(frozen=True)
class Lesson:
    """One lesson: its rulebook section (kept as data for the "rule" link), the
    rule in plain words, the task, the position (`setup`) and the judge. A game
    subclasses it to say when the learner's turn is over (`turn_over`) and what
    to say when it ended before the task was done (`unfinished`)."""
    key: str
    title: str
    section: str          # the rulebook section it teaches
    explain: str          # the rule in plain words (paragraphs separated by blank lines)
    task: str             # what the learner is asked to do
    setup: Callable[[], Any]
    judge: Callable[[Any], Verdict]   # (the attempt) -> the verdict on its last choice
    #: a right line of play (for the tests): steps, or a function state -> [Action, ...]
    solution: tuple[Step, ...] | Callable[[Any], list]
    mistake: tuple[Step, ...]       # a wrong line of play (tests)
    mistake_says: str               # words the explanation of that mistake contains (tests)
    hint: str = ""

    #: the class of this lesson's attempts
    attempt_class: ClassVar[type[Attempt]]

    def start(self) -> Attempt:
        return self.attempt_class(self)

    def solution_actions(self, state=None) -> list:
        if callable(self.solution):
            return list(self.solution(state if state is not None else self.setup()))
        return play_line(self, self.solution, state)

    def mistake_actions(self, state=None) -> list:
        return play_line(self, self.mistake, state)

    # ---- what a game says of its own turns
    def turn_over(self, attempt: Any) -> bool:
        """The learner's turn has ended (here: the game is over or it is not their decision)."""
        s = attempt.state
        return s.is_over or s.current_player != YOU

    def unfinished(self, attempt: Any) -> Verdict:
        """The verdict when the learner's turn ended before the task was done."""
        return Verdict(WRONG, f"Your turn ended before the task was done. {self.task}")


class Attempt:
    """One try at a lesson: the states so far and the judge's last verdict."""

    def __init__(self, lesson: Lesson):
        self.lesson = lesson
        self.states: list = [lesson.setup()]
        self.actions: list = []
        self.verdict: Verdict | None = None

    @property
    def start_state(self):
        return self.states[0]

    @property
    def state(self):
        return self.states[-1]

    @property
    def done(self) -> bool:
        return self.verdict is not None and self.verdict.done

    @property
    def turn_over(self) -> bool:
        """The learner's turn has ended (as the lesson's game counts turns)."""
        return self.lesson.turn_over(self)

    def choices(self) -> list:
        """The learner's legal choices now (none once judged or when it is not their decision)."""
        if self.done or self.state.is_over or self.state.current_player != YOU:
            return []
        return self.state.legal_actions()

    def choose(self, action) -> Verdict:
        """Apply the learner's choice (the game's IllegalAction if the rules forbid
        it; then nothing changes) and judge it."""
        if self.done:
            raise ValueError("this attempt is over; start the lesson again")
        if self.state.current_player != YOU:
            raise ValueError("it is not your decision")
        new = self.state.apply(action)
        self.states.append(new)
        self.actions.append(action)
        verdict = self.lesson.judge(self)
        if not verdict.done and self.turn_over:
            verdict = self.lesson.unfinished(self)
        self.verdict = verdict
        return verdict

    def events_text(self) -> list[str]:
        """What the learner's choices caused, in words, in order."""
        return [e.text for s in self.states[1:] for e in s.events]

    def events(self) -> list:
        """The events the learner's choices caused, in order."""
        return [e for s in self.states[1:] for e in s.events]


Lesson.attempt_class = Attempt


def find_action(state, step: Step):
    """The first legal action matching `step` (see `Step`); ValueError if none."""
    if callable(step):
        return step(state)
    for a in state.legal_actions():
        if all(getattr(a, k) == v for k, v in step.items()):
            return a
    raise ValueError(f"no legal action with {dict(step)} at: {state.prompt}")


def play_line(lesson: Lesson, steps: Sequence[Step], state=None) -> list:
    """The actions `steps` stand for, played one after the other from `state`
    (default: the lesson's position)."""
    s = state if state is not None else lesson.setup()
    out = []
    for step in steps:
        a = find_action(s, step)
        out.append(a)
        s = s.apply(a)
    return out


# --------------------------------------------------------------------------- progress

#: the longest stored progress read (a bigger text in the browser's storage is not ours)
PROGRESS_MAX_CHARS = 10_000


@dataclass
class Progress:
    """Which lessons of a tutorial are done, for the progress display, and in the
    browser's storage as JSON (`to_json` / `from_json`). A tutorial's own class
    knows its lessons (`Progress.for_lessons(lessons)`, or a subclass setting
    `LESSONS`)."""
    done: set[str] = field(default_factory=set)

    VERSION: ClassVar[int] = 1
    LESSONS: ClassVar[tuple] = ()

    @staticmethod
    def for_lessons(lessons: Sequence[Lesson]) -> type[Progress]:
        """A progress class of these lessons."""
        return cast("type[Progress]", type("Progress", (Progress,), {"LESSONS": tuple(lessons),
                                                                       "__module__": __name__}))

    def mark(self, key: str) -> bool:
        """Mark lesson `key` done; True if it was not done before."""
        if key in self.done:
            return False
        self.done.add(key)
        return True

    def clear(self) -> None:
        self.done.clear()

    @property
    def count(self) -> int:
        return sum(1 for lesson in self.LESSONS if lesson.key in self.done)

    def summary(self) -> str:
        return f"{self.count} of {len(self.LESSONS)} lessons done"

    def to_json(self) -> str:
        """The lessons done, in the lessons' order, as JSON text."""
        return json.dumps({"version": self.VERSION, "done": [lesson.key for lesson in self.LESSONS
                                                             if lesson.key in self.done]})

    @classmethod
    def from_json(cls, text) -> Progress:
        """The progress `to_json` wrote. Stored data is not trusted and never an
        error: anything malformed (not JSON, another version, `done` not a list)
        gives no lesson done; keys that name no lesson, and other fields, are
        ignored."""
        if not isinstance(text, str) or not text or len(text) > PROGRESS_MAX_CHARS:
            return cls()
        try:
            data = json.loads(text)
        except ValueError:
            return cls()
        if not isinstance(data, dict) or data.get("version", cls.VERSION) != cls.VERSION:
            return cls()
        done = data.get("done")
        if not isinstance(done, list):
            return cls()
        keys = {lesson.key for lesson in cls.LESSONS}
        return cls({k for k in done if isinstance(k, str) and k in keys})


def storage_key(game: str) -> str:
    """The browser-storage key of a game's tutorial progress (the page adds its path)."""
    return f"archwk-tutorial-progress-{game}"


#: the key a game's progress was kept under before the key named the game (read when the
#: new key holds nothing yet, so that no one loses the lessons they had done)
FORMER_KEYS = {"architects": "archwk-tutorial-progress"}
