"""Win chances: each player's chance to win from a position, from what every player
sees, for every game with a win-chance model.

`win_chances(state)` returns one chance per seat, summing to 1. When the game
is over the winners share 1 (the game's `winners`). Otherwise each seat gets a
score from its row of features and a seat's chance is exp(score) over the sum
of the seats' exp(score) (a softmax over the seats). Adding the same number to
every seat changes nothing, so only the differences between the seats count.
Two models give the score (field "model" of the parameters file):

* "logit" (`Logit`): the weighted sum of the seat's features (a conditional
  logit; Archon's);
* "mlp" (`MLP`): a small network reading the seat's features and, for the
  features it names, their differences to the best other seat's and to the mean
  of the others'; one layer of tanh units plus a linear part (Architects').

Both are pure Python (Architects' network takes about a quarter of a millisecond a
call: `benchmarks/bench_winchance.py --parts speed`). The features and the model are the game's
(roles "winchance_features" and "winchance_weights" of its play side;
Architects': `archwk.games.architects.play.winchance`, Archon's:
`archwk.games.archon.play.winchance`, fitted by `scripts/train_winchance.py`).
A game reads only public information for them, so a player's view gives the
same answer as the full game and the answer leaks nothing. Parameters ship as
JSON (`load_params` checks a file against the game's feature names and names
the field of any mistake). Never a pickle.

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
from dataclasses import dataclass
from operator import mul
from pathlib import Path

from ..kit.errors import ArchwkError

#: the format of the parameters file this module reads
PARAMS_VERSION = 1
#: the kinds of model a parameters file can declare (field "model")
MODELS = ("logit", "mlp")
#: the most hidden units an "mlp" file may have (a bound on the time of a call)
MAX_HIDDEN = 64
_BOUND = 1e4


class WinChanceParamsError(ArchwkError):
    """The win-chance parameters file is malformed (the message names the field)."""


def _err(msg: str) -> WinChanceParamsError:
    return WinChanceParamsError(f"win-chance parameters: {msg}")


@dataclass(frozen=True)
class Logit:
    """A conditional logit: a seat's score is the weighted sum of its features."""
    weights: tuple[float, ...]

    def scores(self, rows: Sequence[Sequence[float]]) -> list[float]:
        w = self.weights
        return [sum(map(mul, w, row)) for row in rows]


@dataclass(frozen=True)
class MLP:
    """A small network scoring each seat: its inputs are the seat's features, then for
    each feature named `relative` (their indices) its difference to the best other
    seat's and to the mean of the other seats'; each input is standardised
    ((x - mean) / scale), and the score is `linear` . z + `output` . tanh(`hidden` z +
    `hidden_bias`). With one seat the differences are 0."""
    relative: tuple[int, ...]
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    hidden: tuple[tuple[float, ...], ...]
    hidden_bias: tuple[float, ...]
    output: tuple[float, ...]
    linear: tuple[float, ...]

    def __post_init__(self) -> None:
        # the standardisation folded into the weights once: W (x - m) / s = (W / s) x - (W / s) m
        inv = [1.0 / s for s in self.scale]
        hid = tuple(tuple(w * i for w, i in zip(row, inv)) for row in self.hidden)
        bias = tuple(b - sum(w * m for w, m in zip(row, self.mean)) for b, row in zip(self.hidden_bias, hid))
        lin = tuple(w * i for w, i in zip(self.linear, inv))
        const = -sum(w * m for w, m in zip(lin, self.mean))
        object.__setattr__(self, "_folded", (hid, bias, lin, const))

    def inputs(self, rows: Sequence[Sequence[float]]) -> list[list[float]]:
        """Each seat's inputs (before the standardisation)."""
        n = len(rows)
        rel = self.relative
        if n == 1:
            return [list(rows[0]) + [0.0] * (2 * len(rel))]
        cols = [[r[k] for r in rows] for k in rel]
        others_n = n - 1
        out = []
        for i, row in enumerate(rows):
            tail_best, tail_mean = [], []
            for k, col in zip(rel, cols):
                others = col[:i] + col[i + 1:]
                v = row[k]
                tail_best.append(v - max(others))
                tail_mean.append(v - sum(others) / others_n)
            x = list(row)
            x += tail_best
            x += tail_mean
            out.append(x)
        return out

    def scores(self, rows: Sequence[Sequence[float]]) -> list[float]:
        # each dot product is one `sum` over map(mul, ..), as the generator sums it replaced
        # were (the same floats, about a third faster: the expert's 4-player leaf spends half
        # its time here); the output layer is added up term by term as it always was, not by
        # `sum`, whose float rounding changed in Python 3.12 (the site's Python is 3.13)
        hid, bias, lin, const = self._folded  # type: ignore[attr-defined]
        output, tanh = self.output, math.tanh
        out = []
        for x in self.inputs(rows):
            s = const + sum(map(mul, lin, x))
            for w, b, o in zip(hid, bias, output):
                s += o * tanh(b + sum(map(mul, w, x)))
            out.append(s)
        return out


Model = Logit | MLP


def _numbers(doc: dict, field: str, size: int, names: Sequence[str] | None = None,
             positive: bool = False) -> tuple[float, ...]:
    """Field `field` of `doc` as `size` finite numbers of at most 10000 in size (positive ones if
    `positive`); `names`: what each entry is, for the message."""
    v = doc.get(field)
    if not isinstance(v, list) or len(v) != size:
        got = len(v) if isinstance(v, list) else type(v).__name__
        raise _err(f"field '{field}' must be a list of {size} numbers, got {got}")
    out = []
    for k, w in enumerate(v):
        if isinstance(w, bool) or not isinstance(w, (int, float)) or not math.isfinite(w) or abs(w) > _BOUND \
                or (positive and w <= 0):
            what = f"for {names[k]!r}" if names is not None else str(k)
            kind = "a positive" if positive else "a"
            raise _err(f"field '{field}' entry {what} must be {kind} finite number of at most 10000 in size, "
                       f"got {w!r}")
        out.append(float(w))
    return tuple(out)


def validate_params(doc, features: Sequence[str]) -> Model:
    """The model a parameters document (a dict read from JSON) describes, for the
    game's `features` (names, in the order of its feature rows): field "model" says
    which (`MODELS`); raises `WinChanceParamsError` naming the field of any mistake."""
    expected = tuple(features)
    if not isinstance(doc, dict):
        raise _err("expected a JSON object")
    version = doc.get("version")
    if version != PARAMS_VERSION:
        raise _err(f"field 'version' must be {PARAMS_VERSION}, got {version!r}")
    kind = doc.get("model")
    if kind not in MODELS:
        raise _err(f"field 'model' must be one of {', '.join(MODELS)}, got {kind!r}")
    names = doc.get("features")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise _err("field 'features' must be a list of feature names")
    if tuple(names) != expected:
        missing = [n for n in expected if n not in names]
        extra = [n for n in names if n not in expected]
        detail = (f"missing {', '.join(missing)}" if missing else "") + \
                 ("; " if missing and extra else "") + (f"unknown {', '.join(extra)}" if extra else "")
        raise _err(f"field 'features' does not match this version's features ({detail or 'another order'})")
    if kind == "logit":
        return Logit(_numbers(doc, "weights", len(expected), expected))
    rel = doc.get("relative")
    if not isinstance(rel, list) or not all(isinstance(n, str) and n in expected for n in rel) \
            or len(set(rel)) != len(rel):
        raise _err("field 'relative' must be a list of distinct feature names (from field 'features')")
    inputs = list(expected) + [f"{n} - best other" for n in rel] + [f"{n} - mean of others" for n in rel]
    d = len(inputs)
    hidden = doc.get("hidden")
    if not isinstance(hidden, list) or not 1 <= len(hidden) <= MAX_HIDDEN:
        got = len(hidden) if isinstance(hidden, list) else type(hidden).__name__
        raise _err(f"field 'hidden' must be a list of 1 to {MAX_HIDDEN} units (lists of {d} numbers), got {got}")
    h = len(hidden)
    rows = tuple(_numbers({"hidden": r}, "hidden", d, inputs) for r in hidden)
    return MLP(relative=tuple(expected.index(n) for n in rel),
               mean=_numbers(doc, "mean", d, inputs), scale=_numbers(doc, "scale", d, inputs, positive=True),
               hidden=rows, hidden_bias=_numbers(doc, "hidden_bias", h), output=_numbers(doc, "output", h),
               linear=_numbers(doc, "linear", d, inputs))


def load_params(path: Path | str, features: Sequence[str]) -> Model:
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


def win_chances(state, model: Model | Sequence[float] | None = None) -> list[float]:
    """Each seat's chance to win from `state` (a full game or any player's view),
    from public information only; they sum to 1. Game over: the winners share 1.
    `model`: a `Logit` or `MLP`, or a logit's weights (default: the game's, role
    "winchance_weights").

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
    m = game.play("winchance_weights") if model is None else model
    if not isinstance(m, (Logit, MLP)):
        m = Logit(tuple(m))
    return softmax(m.scores(game.play("winchance_features")(state)))
