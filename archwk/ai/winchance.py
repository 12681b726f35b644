"""Win chances: each player's chance to win from a position, from what every player sees.

`win_chances(state)` returns one chance per seat, summing to 1. It reads only
public information: boards, goods, Silver, Virtue, Debts, buildings, the
Cathedral, the Guildhall, workers, and hand *sizes* (never hand contents, the
decks or the generator), so a player's view gives the same answer as the full
game and the answer leaks nothing. When the game is over the winners share 1
(`archwk.winners`).

The model is a conditional logit (a softmax over the seats): each seat gets a
score, the weighted sum of its features (`FEATURES`: the score projected as if
the game ended now, its lead over the best other player, goods, Silver,
Virtue, workers, apprentices, cards, the turn order, each also weighted by how
full the Guildhall is), and a seat's chance is exp(score) over the sum of the
seats' exp(score). Adding the same number to every seat changes nothing, so
only the differences between the seats count.

The weights were fitted by maximum likelihood to who won, in self-play games
between the heuristic bot and some fast and search seats
(`scripts/train_winchance.py`, which prints the calibration on held-out
games); they ship as `archwk/games/architects/data/winchance.json`, checked when this module is
imported (`load_params` names the field of any mistake). Never a pickle.

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

from ..games.architects import cards
from ..games.architects.constants import OPEN_INDEX
from ..games.architects.core import geometry_n
from ..games.architects.scoring import final_scores, winners
from ..kit.errors import ArchwkError

#: the shipped parameters
PARAMS_PATH = Path(__file__).resolve().parent.parent / "games" / "architects" / "data" / "winchance.json"
#: the format of the parameters file this module reads
PARAMS_VERSION = 1

_GATHER_ROWS = tuple(OPEN_INDEX[loc] for loc in ("quarry", "forest", "mines", "silversmith"))

#: the per-seat features the model weighs, in the order of its weights. The
#: "*_g" features are the same figure times the Guildhall fill (0 at the start,
#: 1 when full), so a weight can change as the game goes on.
BASE_FEATURES = (
    "lead",          # projected VP minus the best other seat's, /10
    "silver",        # Silver /10
    "basic",         # Clay + Wood + Stone /10
    "gold_marble",   # Gold + Marble /10
    "virtue",        # Virtue /10
    "virtue_low",    # 1 when Virtue is 4 or less (no Cathedral; end-game penalty band)
    "debts",         # unpaid Debts /5
    "buildings",     # buildings built /10
    "cathedral",     # Cathedral level /3
    "supply",        # workers in the supply /10
    "held",          # own workers captured on other boards /10
    "holding",       # other players' workers captured on this board /10
    "prison",        # own workers in the Prison /10
    "groups",        # own workers at the Quarry, Forest, Mines and Silversmith /10
    "apprentices",   # apprentices hired /5
    "hand",          # building cards in hand (their number only) /5
    "to_move",       # seats until this one's turn, over the number of seats
    "byzantine",     # 1 for the Byzantine opponent's seat
)
#: the projected score (/10) alone, times the Guildhall fill and its square, in the last round,
#: the lead in the last round, a positive lead times the fill, and the score times the fill
#: scaled by the player count; then the base features, then each times the fill
SCORE_FEATURES = ("vp", "vp_g", "vp_g2", "vp_final", "lead_final", "lead_pos_g", "vp_g_n")
FEATURES = SCORE_FEATURES + BASE_FEATURES + tuple(f + "_g" for f in BASE_FEATURES)


class WinChanceParamsError(ArchwkError):
    """The win-chance parameters file is malformed (the message names the field)."""


def validate_params(doc) -> tuple[float, ...]:
    """The weights of a parameters document (a dict read from JSON), in `FEATURES`
    order; raises `WinChanceParamsError` naming the field of any mistake."""
    if not isinstance(doc, dict):
        raise WinChanceParamsError("win-chance parameters: expected a JSON object")
    version = doc.get("version")
    if version != PARAMS_VERSION:
        raise WinChanceParamsError(f"win-chance parameters: field 'version' must be {PARAMS_VERSION}, "
                                   f"got {version!r}")
    names = doc.get("features")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise WinChanceParamsError("win-chance parameters: field 'features' must be a list of feature names")
    if tuple(names) != FEATURES:
        missing = [n for n in FEATURES if n not in names]
        extra = [n for n in names if n not in FEATURES]
        detail = (f"missing {', '.join(missing)}" if missing else "") + \
                 ("; " if missing and extra else "") + (f"unknown {', '.join(extra)}" if extra else "")
        raise WinChanceParamsError("win-chance parameters: field 'features' does not match this version's "
                                   f"features ({detail or 'another order'})")
    weights = doc.get("weights")
    if not isinstance(weights, list) or len(weights) != len(FEATURES):
        got = len(weights) if isinstance(weights, list) else type(weights).__name__
        raise WinChanceParamsError(f"win-chance parameters: field 'weights' must be a list of {len(FEATURES)} "
                                   f"numbers, got {got}")
    out = []
    for name, w in zip(FEATURES, weights):
        if isinstance(w, bool) or not isinstance(w, (int, float)) or not math.isfinite(w) or abs(w) > 1e4:
            raise WinChanceParamsError(f"win-chance parameters: field 'weights' entry for {name!r} must be a "
                                       f"finite number of at most 10000 in size, got {w!r}")
        out.append(float(w))
    return tuple(out)


def load_params(path: Path | str = PARAMS_PATH) -> tuple[float, ...]:
    """Read and check a parameters file; `WinChanceParamsError` naming the file and field."""
    path = Path(path)
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise WinChanceParamsError(f"{path.name}: cannot read the win-chance parameters ({e.strerror})") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise WinChanceParamsError(f"{path.name}: the win-chance parameters are not valid JSON ({e})") from None
    try:
        return validate_params(doc)
    except WinChanceParamsError as e:
        raise WinChanceParamsError(f"{path.name}: {e}") from None


WEIGHTS: tuple[float, ...] = load_params()


def progress(s) -> float:
    """How full the Guildhall is (0..1): the game ends when it is full."""
    return min(1.0, len(s.guildhall) / (4 * (geometry_n(s) + 1)))


def features(s) -> list[list[float]]:
    """Each seat's features (`FEATURES` order), from public information only."""
    n = len(s.players)
    g = progress(s)
    final = 1.0 if (s.end_trigger is not None or s.final_turns is not None) else 0.0
    vps = [float(sc.total) for sc in final_scores(s)]
    turn = s.turn_player if s.turn_player is not None else 0
    board = s.board
    out = []
    for i, pl in enumerate(s.players):
        vp = vps[i] / 10.0
        others = [v for j, v in enumerate(vps) if j != i]
        lead = (vps[i] - max(others)) / 10.0 if others else 0.0
        held = 0
        for j, q in enumerate(s.players):
            if j != i:
                held += q.captured[i]
        groups = 0
        for r in _GATHER_ROWS:
            groups += board[r][i]
        base = (
            lead,
            pl.silver / 10.0,
            (pl.clay + pl.wood + pl.stone) / 10.0,
            (pl.gold + pl.marble) / 10.0,
            pl.virtue / 10.0,
            1.0 if pl.virtue <= 4 else 0.0,
            pl.debts_unpaid / 5.0,
            len(pl.buildings) / 10.0,
            pl.cathedral_level / len(cards.CATHEDRAL),
            pl.workers_in_supply / 10.0,
            held / 10.0,
            (sum(pl.captured) - pl.captured[i]) / 10.0,
            pl.in_prison / 10.0,
            groups / 10.0,
            len(pl.apprentice_ids) / 5.0,
            len(pl.hand) / 5.0,
            ((i - turn) % n) / n,
            1.0 if pl.is_byzantine else 0.0,
        )
        row = [vp, vp * g, vp * g * g, vp * final, lead * final, max(lead, 0.0) * g, vp * g * (n - 2) / 3]
        row.extend(base)
        row.extend(x * g for x in base)
        out.append(row)
    return out


def softmax(scores: Sequence[float]) -> list[float]:
    top = max(scores)
    ex = [math.exp(x - top) for x in scores]
    total = sum(ex)
    return [e / total for e in ex]


def win_chances(state, weights: Sequence[float] | None = None) -> list[float]:
    """Each seat's chance to win from `state` (a full game or any player's view),
    from public information only; they sum to 1. Game over: the winners share 1.

    >>> import archwk
    >>> s = archwk.new_game(2, seed=4)
    >>> win_chances(s) == win_chances(s.view(0))
    True
    """
    n = len(state.players)
    if state.is_over:
        won = winners(state)
        return [1.0 / len(won) if i in won else 0.0 for i in range(n)]
    w = WEIGHTS if weights is None else weights
    scores = [sum(a * b for a, b in zip(w, row)) for row in features(state)]
    return softmax(scores)
