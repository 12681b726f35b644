"""Archon's coach's words: chances to win, a hint's choices, the verdict on a move,
a review and its exercises, in the rulebook's words (a choice is named by its
button's label: "Place a figure at the Treasury, slot 1: play a Courtier; gain
2 Gold"; VP are Victory Points on the Scoring Track).

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


def plural(n: int, word: str) -> str:
    """'1 move', '2 moves'."""
    return f"{n} {word}{'' if n == 1 else 's'}"


# --------------------------------------------------------------------------- a hint's choices

def _q(label: str) -> str:
    """An action's label inside a sentence, quoted: Archon's labels hold colons and
    semicolons of their own ("Place a figure at the Treasury, slot 1: play a Courtier;
    gain 2 Gold")."""
    return f"“{label}”"


def choice_reason(claim) -> str:
    """Why a valued choice stands where it does (the sentence after its label),
    from an `archwk.ai.coach.ChoiceClaim`: in the search's order (`ranked`: the
    first is the one to play, even where the quick estimate puts another level or
    ahead) or best first by win chance."""
    m, mt = claim.chance, claim.chance_text or f"{claim.chance}%"
    if claim.other is None:
        return f"the only choice here; your chance to win is {mt}."
    other, n = _q(str(claim.other)), claim.other_chance
    nt = claim.other_text or f"{n}%"
    ranked = claim.ranked
    if claim.rank == 0:
        if m > n:
            return f"your best chance to win here, {mt}; of the others, choosing {other} comes closest, at {nt}."
        if ranked and m < n:
            return (f"the choice a deeper look prefers, although the quick estimate gives it "
                    f"{a_chance(mt)} to win, against {nt} for {other}.")
        if ranked:
            return (f"your best chance to win here, {mt}; {other} is as good by the quick "
                    "estimate, but a deeper look prefers this one.")
        return f"your best chance to win here, {mt}, as good as {other}."
    if claim.facts:  # what the rules say it throws away, as its judgement would say
        return f"{a_chance(mt)} to win by the quick estimate, but {'; '.join(claim.facts)}."
    if n > m:
        return f"{a_chance(mt)} to win; the coach's first choice is {other}, at {nt}."
    if not ranked or n == m:
        return (f"{a_chance(mt)} to win, as good as {other}"
                f"{', but a deeper look prefers that one' if ranked else ''}.")
    return (f"{a_chance(mt)} to win by the quick estimate, against {nt} for {other}, "
            "but a deeper look prefers that one.")


def choice_why(claim) -> tuple[str, str]:
    """A valued choice's sentence, and the same without its label (for a page that
    shows the label just above it): 'Put an Elite Warrior on a Main Gate slot (...), +1 VP
    at once — your best chance ...', '+1 VP at once — your best chance ...'. A dash
    follows the label, which may hold a colon of its own."""
    label, reason = str(claim.action), choice_reason(claim)
    vp = f"{'+' if claim.vp_now > 0 else ''}{claim.vp_now} VP at once" if claim.vp_now else ""
    after = f"{vp} — {reason}" if vp else reason[:1].upper() + reason[1:]
    return f"{label}{', ' + vp if vp else ''} — {reason}", after


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
    return _words.judgement_text(judgement, with_verdict=with_verdict, name=_q, name_after=_q)


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
    return _words.exercise_answer(outcome, mine, best, why_not, where="archwk.games.archon.explain",
                                  name=_q, name_after=_q)


def coach_would_play(choices) -> str:
    """An exercise's answer: the accepted choices, each with its chance."""
    return _words.coach_would_play(choices, name=_q)


__all__ = ["NO_VERDICTS", "VERDICT_WORDS", "chance_words", "chances_sentence", "choice_chance", "choice_reason",
           "choice_why", "coach_would_play", "exercise_answer", "exercise_prompt", "hint_heading",
           "judgement_text", "pct", "percents", "range_words", "review_done", "shown", "sureness", "verdict_counts",
           "verdict_word"]
