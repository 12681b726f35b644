"""Chances to win in words, for every game's coach: whole percentages that add up to 100,
"34%" / "under 1%" / "over 99%", how sure an estimate is, and one sentence for a bar of
chances. Game-neutral (a chance is never called "points": in many games points are VP); each
game's explainer (`archwk/games/<name>/explain/coach.py`) words its own hints and verdicts
on top of these, and the pages ask the game's explainer, which re-exports them.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

#: the verdicts' names, mildest first (lichess's)
VERDICT_WORDS = {"inaccuracy": "Inaccuracy", "mistake": "Mistake", "blunder": "Blunder"}
VERDICT_PLURALS = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}


def percents(chances: Sequence[float], keep: int | None = None) -> list[int]:
    """Whole percentages that add up to 100, for a bar and its words: each chance
    rounded as the sentences round it (`pct`), then, where those do not add up to
    100, the seats whose rounding was closest to going the other way moved by one
    (never the seat `keep`, whose figure the coach's sentences give: the player to
    move); chances that do not add up to one are scaled first.

    >>> percents([1 / 3, 1 / 3, 1 / 3])
    [34, 33, 33]
    >>> percents([0.325, 0.3226, 0.3524], keep=0)
    [32, 33, 35]
    >>> percents([0.3349, 0.3349, 0.3302], keep=0)
    [33, 34, 33]
    """
    total = sum(chances)
    if not chances or total <= 0:
        return [0] * len(chances)
    raw = [100 * c / total for c in chances]
    out = [round(r) for r in raw]
    gap = 100 - sum(out)
    step = 1 if gap > 0 else -1
    # the seats that may move, those whose rounding was nearest to going the other way first
    movable = [i for i in range(len(raw)) if i != keep and (step < 0 or out[i] < 100) and (step > 0 or out[i] > 0)]
    movable.sort(key=lambda i: (-(step * (raw[i] - out[i])), i))
    if not movable:
        movable = [keep] if keep is not None else []
    for k in range(abs(gap)):
        out[movable[k % len(movable)]] += step
    return out


def shown(percent: int, chance: float) -> str:
    """A seat's figure on the bar in words: '34%', or 'under 1%' / 'over 99%' where
    the bar's whole percent is the chance's own rounding (`pct`).

    >>> shown(0, 0.003), shown(100, 0.997), shown(33, 0.3349)
    ('under 1%', 'over 99%', '33%')
    """
    return chance_words(chance) if percent == round(100 * chance) else f"{percent}%"


def pct(x: float) -> str:
    """A chance in whole percent, as the coach's sentences compare them and as the bar
    says it: '34%', and 'under 1%' / 'over 99%' for a game not quite lost or won.

    >>> pct(0.341), pct(0.003), pct(0.0), pct(0.998)
    ('34%', 'under 1%', '0%', 'over 99%')
    """
    return chance_words(x)


def a_chance(words: str) -> str:
    """'a 34% chance', 'an 8% chance', 'a less than 1% chance' from a chance in words (`pct`).

    >>> a_chance("8%"), a_chance("under 1%"), a_chance("over 99%")
    ('an 8% chance', 'a less than 1% chance', 'a more than 99% chance')
    """
    if words.startswith("under "):
        return f"a less than {words[6:]} chance"
    if words.startswith("over "):
        return f"a more than {words[5:]} chance"
    return f"{'an' if _says_an(words) else 'a'} {words} chance"


def chance_words(p: float) -> str:
    """A chance as a person says it: '34%', 'under 1%', 'over 99%'."""
    if 0 < p < 0.005:
        return "under 1%"
    if 0.995 <= p < 1:
        return "over 99%"
    return f"{round(100 * p)}%"


def sureness(low: float, high: float) -> str:
    """How sure a chance is, from its 95% range, in words."""
    width = high - low
    if width <= 0.08:
        return "quite sure"
    if width <= 0.2:
        return "fairly sure"
    return "not sure"


def range_words(low: float, high: float) -> str:
    """Where a chance likely lies, in words.

    >>> range_words(0.35, 0.47)
    'likely between 35% and 47% (fairly sure)'
    >>> range_words(0.331, 0.334)
    'quite sure of it'
    """
    a, b = chance_words(low), chance_words(high)
    if a == b or (high < 0.005 or low > 0.995):
        return "quite sure of it"
    return f"likely between {a} and {b} ({sureness(low, high)})"


def _says_an(percent: str) -> bool:
    """'an 8%', 'an 11%', 'an 18%', 'an 80%': the number said starts with a vowel sound."""
    n = percent.rstrip("%")
    return n.startswith("8") or n in ("11", "18")


def chances_sentence(names: Sequence[str], chances: Sequence[float], winners: Sequence[int] | None = None,
                     keep: int | None = None) -> str:
    """Every player's chance to win in words, or (`winners`: the game is over) who won
    (`keep`: the seat whose figure stays its own rounding, as in `percents`).

    >>> chances_sentence(["Ann", "Ben", "Cy"], [0.08, 0.5, 0.42])
    'Ann has an 8% chance to win, Ben 50%, Cy 42%.'
    >>> chances_sentence(["Ann", "Ben"], [1.0, 0.0], winners=[0])
    'The game is over: Ann won.'
    """
    if winners is not None:
        return f"The game is over: {' and '.join(names[w] for w in winners)} won."
    pc = percents(chances, keep)
    words = [shown(x, c) for x, c in zip(pc, chances)]
    w = words[0]
    if w[0].isdigit():
        first = f"{names[0]} has {'an' if _says_an(w) else 'a'} {w} chance to win"
    else:
        first = f"{names[0]} has a chance to win of {w}"
    return ", ".join([first] + [f"{n} {w}" for n, w in zip(names[1:], words[1:])]) + "."


# --------------------------------------------------------------------------- verdicts and exercises
# A game's coach explainer names a choice by its label: `name(label)` where a sentence
# starts with it or names it plainly, `name_after(label)` after "choice was" / "choice,"
# (Architects: the label as it is, and lower-cased where it reads on; Archon: quoted, as its
# labels hold colons of their own).

def _same(label: str) -> str:
    return label


def verdict_word(verdict: str) -> str:
    return VERDICT_WORDS[verdict]


def judgement_text(judgement, *, with_verdict: bool = True, name: Callable[[str], str] = _same,
                   name_after: Callable[[str], str] = _same) -> str:
    """The judgement of a move (an `archwk.ai.coach.Judgement`: its verdict, whether
    the drop would earn one but is too close to call, and the move played and the
    best choice, each with its chance), in one sentence; `with_verdict=False`
    leaves out the leading verdict word (a page shows it beside the sentence already)."""
    played, best, verdict = judgement.played, judgement.best, judgement.verdict
    mine = name(played.label)
    facts = getattr(judgement, "facts", ())
    if verdict is not None and facts:  # what the rules say the move throws away
        text = f"{mine}: {'; '.join(facts)}."
        return f"{verdict_word(verdict)}: {text}" if with_verdict else text
    if played.action == best.action:
        return f"{mine} was the coach's first choice too."
    if verdict is not None and chance_words(played.win_chance) in ("0%", "under 1%"):
        # a win thrown away: said as it is, not as "about 100% lower"
        text = (f"{mine} leaves you almost no chance to win, where the coach's first choice, "
                f"{name_after(best.label)}, gives you {pct(best.win_chance)}.")
        return f"{verdict_word(verdict)}: {text}" if with_verdict else text
    if verdict is not None:  # both chances as the hint shows them ("8% lower" would read as a share)
        text = (f"{mine} gives you {a_chance(pct(played.win_chance))} to win, where the coach's first "
                f"choice, {name_after(best.label)}, gives you {pct(best.win_chance)}.")
        return f"{verdict_word(verdict)}: {text}" if with_verdict else text
    if judgement.too_close:
        return (f"{mine} may be a little worse than the coach's first choice, {name_after(best.label)}, "
                "but the estimates are too close to call.")
    if pct(played.win_chance) == pct(best.win_chance):
        return f"{mine} was a good choice, as good as the coach's first choice, {name_after(best.label)}."
    if played.win_chance > best.win_chance:  # both figures, as the hint showed them
        return (f"{mine} was a good choice, at least as good as the coach's first choice, "
                f"{name_after(best.label)}: the quick estimate gives it {a_chance(pct(played.win_chance))} "
                f"to win against {pct(best.win_chance)}, though a deeper look prefers the first choice.")
    return (f"{mine} was a good choice, close to the coach's first choice, {name_after(best.label)}: "
            f"{a_chance(pct(played.win_chance))} to win against {pct(best.win_chance)}.")


def exercise_answer(outcome: str, mine, best, why_not: str | None = None, *, name: Callable[[str], str] = _same,
                    name_after: Callable[[str], str] = _same, where: str = "archwk.kit.chance_words") -> str:
    """How an exercise's answer fared, from its outcome code: "not_allowed" (with the
    rule's `why_not`), "played" (the move of the game), "best", "as_good" (within the
    accepted margin of the best) or "worse"; `mine` and `best` are valued choices."""
    if outcome == "not_allowed":
        return f"That move is not allowed here: {why_not}"
    if outcome == "played":
        return (f"That is the move played in the game: it gives {a_chance(pct(mine.win_chance))} "
                f"to win; {name(best.label)} gives {pct(best.win_chance)}.")
    if outcome == "best":
        return f"{name(mine.label)} is the best choice here, {a_chance(pct(mine.win_chance))} to win."
    if outcome == "as_good":
        return (f"{name(mine.label)} gives {a_chance(pct(mine.win_chance))} to win, as good as the "
                f"best choice, {name_after(best.label)}, at {pct(best.win_chance)}.")
    if outcome == "worse":
        return (f"{name(mine.label)} gives {a_chance(pct(mine.win_chance))} to win; the best choice is "
                f"{name_after(best.label)}, at {pct(best.win_chance)}.")
    raise ValueError(f"{where}: no words for the exercise outcome {outcome!r}")


def coach_would_play(choices, *, name: Callable[[str], str] = _same) -> str:
    """An exercise's answer: the accepted choices, each with its chance."""
    return "; ".join(f"{name(c.label)} ({chance_words(c.win_chance)} chance to win)" for c in choices)
