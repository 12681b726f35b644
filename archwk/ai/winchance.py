"""Win chances: each player's chance to win from a position, from what every player
sees, for every game with a win-chance model.

`win_chances(state)` returns one chance per seat, summing to 1. When the game
is over the winners share 1 (the game's `winners`). Otherwise it is a
conditional logit (a softmax over the seats): each seat gets a score, the
weighted sum of its features, and a seat's chance is exp(score) over the sum
of the seats' exp(score). Adding the same number to every seat changes
nothing, so only the differences between the seats count.

The features and their weights are the game's (roles "winchance_features" and
"winchance_weights" of its play side; Architects':
`archwk.games.architects.play.winchance`, fitted by
`scripts/train_winchance.py`). A game reads only public information for them,
so a player's view gives the same answer as the full game and the answer leaks
nothing. Weights ship as JSON (`load_params` checks a file against the game's
feature names and names the field of any mistake). Never a pickle.

>>> import archwk
>>> s = archwk.new_game(3, seed=1)
>>> ch = win_chances(s)
>>> len(ch), round(sum(ch), 9)
(3, 1.0)
"""
from __future__ import annotations

import json
import math
from collections.abc import Sequence
from pathlib import Path

from ..kit.errors import ArchwkError

#: the format of the parameters file this module reads
PARAMS_VERSION = 1


class WinChanceParamsError(ArchwkError):
    """The win-chance parameters file is malformed (the message names the field)."""


def validate_params(doc, features: Sequence[str]) -> tuple[float, ...]:
    """The weights of a parameters document (a dict read from JSON), in the order
    of the game's `features` (names); raises `WinChanceParamsError` naming the
    field of any mistake."""
    expected = tuple(features)
    if not isinstance(doc, dict):
        raise WinChanceParamsError("win-chance parameters: expected a JSON object")
    version = doc.get("version")
    if version != PARAMS_VERSION:
        raise WinChanceParamsError(f"win-chance parameters: field 'version' must be {PARAMS_VERSION}, "
                                   f"got {version!r}")
    names = doc.get("features")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise WinChanceParamsError("win-chance parameters: field 'features' must be a list of feature names")
    if tuple(names) != expected:
        missing = [n for n in expected if n not in names]
        extra = [n for n in names if n not in expected]
        detail = (f"missing {', '.join(missing)}" if missing else "") + \
                 ("; " if missing and extra else "") + (f"unknown {', '.join(extra)}" if extra else "")
        raise WinChanceParamsError("win-chance parameters: field 'features' does not match this version's "
                                   f"features ({detail or 'another order'})")
    weights = doc.get("weights")
    if not isinstance(weights, list) or len(weights) != len(expected):
        got = len(weights) if isinstance(weights, list) else type(weights).__name__
        raise WinChanceParamsError(f"win-chance parameters: field 'weights' must be a list of {len(expected)} "
                                   f"numbers, got {got}")
    out = []
    for name, w in zip(expected, weights):
        if isinstance(w, bool) or not isinstance(w, (int, float)) or not math.isfinite(w) or abs(w) > 1e4:
            raise WinChanceParamsError(f"win-chance parameters: field 'weights' entry for {name!r} must be a "
                                       f"finite number of at most 10000 in size, got {w!r}")
        out.append(float(w))
    return tuple(out)


def load_params(path: Path | str, features: Sequence[str]) -> tuple[float, ...]:
    """Read and check a parameters file against the game's `features` (names);
    `WinChanceParamsError` naming the file and field."""
    path = Path(path)
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise WinChanceParamsError(f"{path.name}: cannot read the win-chance parameters ({e.strerror})") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise WinChanceParamsError(f"{path.name}: the win-chance parameters are not valid JSON ({e})") from None
    try:
        return validate_params(doc, features)
    except WinChanceParamsError as e:
        raise WinChanceParamsError(f"{path.name}: {e}") from None


def softmax(scores: Sequence[float]) -> list[float]:
    top = max(scores)
    ex = [math.exp(x - top) for x in scores]
    total = sum(ex)
    return [e / total for e in ex]


def win_chances(state, weights: Sequence[float] | None = None) -> list[float]:
    """Each seat's chance to win from `state` (a full game or any player's view),
    from public information only; they sum to 1. Game over: the winners share 1.
    `weights`: the model's weights (default: the game's, role "winchance_weights").

    >>> import archwk
    >>> s = archwk.new_game(2, seed=4)
    >>> win_chances(s) == win_chances(s.view(0))
    True
    """
    game = state.game
    n = len(state.players)
    if state.is_over:
        won = game.winners(state)
        return [1.0 / len(won) if i in won else 0.0 for i in range(n)]
    w = game.play("winchance_weights") if weights is None else weights
    scores = [sum(a * b for a, b in zip(w, row)) for row in game.play("winchance_features")(state)]
    return softmax(scores)
