"""Chances to win in words, for every game's coach: whole percentages that add up to 100,
"34%" / "under 1%" / "over 99%", how sure an estimate is, and one sentence for a bar of
chances. Game-neutral (a chance is never called "points": in many games points are VP); each
game's explainer (`archwk/games/<name>/explain/coach.py`) words its own hints and verdicts
on top of these, and the pages ask the game's explainer, which re-exports them.
"""
from __future__ import annotations

from collections.abc import Sequence

#: the verdicts' names, mildest first (lichess's)
VERDICT_WORDS = {"inaccuracy": "Inaccuracy", "mistake": "Mistake", "blunder": "Blunder"}
VERDICT_PLURALS = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}


def percents(chances: Sequence[float]) -> list[int]:
    """Whole percentages that add up to 100 (largest remainders), for a bar and
    its words; chances that do not add up to one are scaled first.

    >>> percents([1 / 3, 1 / 3, 1 / 3])
    [34, 33, 33]
    """
    total = sum(chances)
    if not chances or total <= 0:
        return [0] * len(chances)
    raw = [100 * c / total for c in chances]
    out = [int(r) for r in raw]
    order = sorted(range(len(raw)), key=lambda i: (-(raw[i] - out[i]), i))
    for i in order[:100 - sum(out)]:
        out[i] += 1
    return out


def pct(x: float) -> str:
    """A chance in whole percent, as the coach's sentences compare them: '34%'."""
    return f"{round(100 * x)}%"


def chance_words(p: float) -> str:
    """A chance as a person says it: '34%', 'under 1%', 'over 99%'."""
    if 0 < p < 0.005:
        return "under 1%"
    if 0.995 < p < 1:
        return "over 99%"
    return f"{p:.0%}"


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
    if a == b:
        return "quite sure of it"
    return f"likely between {a} and {b} ({sureness(low, high)})"


def _says_an(percent: str) -> bool:
    """'an 8%', 'an 11%', 'an 18%', 'an 80%': the number said starts with a vowel sound."""
    n = percent.rstrip("%")
    return n.startswith("8") or n in ("11", "18")


def chances_sentence(names: Sequence[str], chances: Sequence[float], winners: Sequence[int] | None = None) -> str:
    """Every player's chance to win in words, or (`winners`: the game is over) who won.

    >>> chances_sentence(["Ann", "Ben", "Cy"], [0.08, 0.5, 0.42])
    'Ann has an 8% chance to win, Ben 50%, Cy 42%.'
    >>> chances_sentence(["Ann", "Ben"], [1.0, 0.0], winners=[0])
    'The game is over: Ann won.'
    """
    if winners is not None:
        return f"The game is over: {' and '.join(names[w] for w in winners)} won."
    pc = percents(chances)
    words = [f"{x}%" if x else chance_words(c) for x, c in zip(pc, chances)]
    w = words[0]
    if w[0].isdigit():
        first = f"{names[0]} has {'an' if _says_an(w) else 'a'} {w} chance to win"
    else:
        first = f"{names[0]} has a chance to win of {w}"
    return ", ".join([first] + [f"{n} {w}" for n, w in zip(names[1:], words[1:])]) + "."
