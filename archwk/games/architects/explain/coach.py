"""The coach's words: chances to win, a hint's choices, the verdict on a move, a
review and its exercises.

The coach (`archwk.ai.coach`) finds figures and verdicts; it words none of them.
It hands this module typed values: chances (0-1), whole percentages, verdict
codes ("inaccuracy", "mistake", "blunder"), the actions compared, and small
records of why a choice stands where it does (`archwk.ai.coach.ChoiceClaim`) or
how an exercise's answer fared (an outcome code). The pages (widgets/coach.py)
ask the same functions for the lines they lay out. An action is named by its
label (`str(action)`, `labels`), which states the figures of the position it was
listed at. Chances are compared as they are shown (whole percent), so a
sentence never calls 59% more than 59%; a chance is never called "points" (in
the game, points are VP).
"""
from __future__ import annotations

from ....kit import chance_words as _words
from ....kit.chance_words import VERDICT_PLURALS as _VERDICT_PLURALS
from ....kit.chance_words import (
    VERDICT_WORDS,
    a_chance,
    chance_words,
    chances_sentence,
    pct,
    percents,
    range_words,
    shown,
    sureness,
)
from .words import plural

# --------------------------------------------------------------------------- a hint's choices

def _to(label: str) -> str:
    """An action's label inside a sentence: "Place a worker ..." -> "to place a worker ..."."""
    return "to " + label[:1].lower() + label[1:] if label else label


def _set_aside(actions) -> str:
    """What the only choice leaves aside: the free apprentice discards (RB, Apprentices:
    an apprentice may be discarded at any time of your turn; the coach does not weigh them)."""
    return " apart from discarding an apprentice" if any(a.kind == "discard_apprentice" for a in actions) else ""


def choice_reason(claim) -> str:
    """Why a valued choice stands where it does (the sentence after its label),
    from an `archwk.ai.coach.ChoiceClaim`: in the search's order (`ranked`: the
    first is the one to play, even where the quick estimate puts another level or
    ahead) or best first by win chance."""
    m, mt = claim.chance, claim.chance_text or f"{claim.chance}%"
    if claim.other is None:
        return f"the only choice here{_set_aside(claim.set_aside)}; your chance to win is {mt}."
    other, n = _to(str(claim.other)), claim.other_chance
    nt = claim.other_text or f"{n}%"
    ranked = claim.ranked
    if claim.rank == 0:
        if m > n:
            return f"your best chance to win here, {mt}; of the others, choosing {other} comes closest, at {nt}."
        if ranked and m < n:
            return (f"the choice a deeper look prefers, although the quick estimate gives it "
                    f"{a_chance(mt)} to win, against {nt} for choosing {other}.")
        if ranked:
            return (f"your best chance to win here, {mt}; choosing {other} is as good by the quick "
                    "estimate, but a deeper look prefers this one.")
        return f"your best chance to win here, {mt}, as good as choosing {other}."
    if claim.facts:  # what the rules say it throws away, as its judgement would say
        return f"{a_chance(mt)} to win by the quick estimate, but {'; '.join(claim.facts)}."
    if n > m:
        return f"{a_chance(mt)} to win; the coach's first choice is {other}, at {nt}."
    if not ranked or n == m:
        return (f"{a_chance(mt)} to win, as good as choosing {other}"
                f"{', but a deeper look prefers that one' if ranked else ''}.")
    return (f"{a_chance(mt)} to win by the quick estimate, against {nt} for choosing {other}, "
            "but a deeper look prefers that one.")


def choice_why(claim) -> tuple[str, str]:
    """A valued choice's sentence, and the same without its label (for a page that
    shows the label just above it): 'Take Gold, +1 VP at once: your best chance ...',
    '+1 VP at once: your best chance ...'."""
    label, reason = str(claim.action), choice_reason(claim)
    vp = f"{'+' if claim.vp_now > 0 else ''}{claim.vp_now} VP at once" if claim.vp_now else ""
    after = f"{vp}: {reason}" if vp else reason[:1].upper() + reason[1:]
    return f"{label}{', ' + vp if vp else ''}: {reason}", after


def hint_heading(name: str, n: int) -> str:
    """The line above a hint's choices."""
    if n > 1:
        return f"The coach's {n} best choices for {name}, best first:"
    if n:
        return f"The coach's choice for {name}:"
    return "The coach found nothing to suggest."


def choice_chance(choice) -> str:
    """'34% chance to win' (a hint's row)."""
    return f"{chance_words(choice.win_chance)} chance to win"


# --------------------------------------------------------------------------- verdicts

def verdict_word(verdict: str) -> str:
    """'Blunder'."""
    return VERDICT_WORDS[verdict]


def judgement_text(judgement, *, with_verdict: bool = True) -> str:
    """The judgement of a move in one sentence (`archwk.kit.chance_words.judgement_text`)."""
    return _words.judgement_text(judgement, with_verdict=with_verdict, name_after=_to)


def verdict_counts(counts: dict[str, int]) -> str:
    """How many moves got each verdict: '2 inaccuracies, 1 blunder' (verdicts with none left out)."""
    return ", ".join(f"{k} {verdict_word(v).lower() if k == 1 else _VERDICT_PLURALS[v]}"
                     for v, k in counts.items() if k)


# --------------------------------------------------------------------------- review and exercises

NO_VERDICTS = "The coach found no inaccuracy, mistake or blunder clear of the noise in this game."


def review_done(marked: int, exercises: int) -> str:
    return f"Review done: the coach marked {plural(marked, 'move')} and made {plural(exercises, 'exercise')}."


def exercise_prompt(name: str, played, best) -> str:
    """An exercise's task: find a better move than the one `played` (a valued choice)."""
    return (f"{name} to move: find a better choice than “{played.label}”, which gave "
            f"{a_chance(pct(played.win_chance))} to win (the best choice found gives {pct(best.win_chance)}).")


def exercise_answer(outcome: str, mine, best, why_not: str | None = None) -> str:
    """How an exercise's answer fared (`archwk.kit.chance_words.exercise_answer`)."""
    return _words.exercise_answer(outcome, mine, best, why_not, where="archwk.games.architects.explain", name_after=_to)


def coach_would_play(choices) -> str:
    """An exercise's answer: the accepted choices, each with its chance."""
    return _words.coach_would_play(choices)


__all__ = ["NO_VERDICTS", "VERDICT_WORDS", "chance_words", "chances_sentence", "choice_chance", "choice_reason",
           "choice_why", "coach_would_play", "exercise_answer", "exercise_prompt", "hint_heading",
           "judgement_text", "pct", "percents", "range_words", "review_done", "shown", "sureness", "verdict_counts",
           "verdict_word"]
