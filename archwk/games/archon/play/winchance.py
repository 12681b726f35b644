"""Archon's features for the win-chance model (`archwk.ai.winchance.win_chances`)
and their fitted weights.

The features read only public information: the Scoring Track, Gold, Recruit
tokens, cubes, Magister cards held (their number is public: every card a player
holds is known by type, only the split between the two piles is hidden), Building
tiles, Arts and Science cards, Elite Warriors on the wall, and the King's Grant
standings of the Season. Each seat's row (`FEATURES`): its worth
(`heuristic.position_value`, in VP) and its lead over the best other seat, its VP
(the Scoring Track and the end-game tile VP) and that lead, its goods, its cards
and tiles, this Season's King's Grant share as the standings stand now; each
also times how far the game is (`progress`: 0 at the start of round 1, 1 at the
end of the last round), and the VP lead times its square.

The weights were fitted by maximum likelihood to who won, in self-play games of
2 to 4 players between heuristic bots and some fast seats
(`scripts/train_winchance.py --game archon`, which prints the calibration on
held-out games); they ship as `archwk/games/archon/data/winchance.json`, checked
when this module is imported (`load_params` names the field of any mistake).

>>> import archwk
>>> len(features(archwk.new_game(3, seed=1, game="archon"))[0]) == len(FEATURES) == len(WEIGHTS.weights)
True
"""
from __future__ import annotations

from pathlib import Path

from ....ai import winchance as _model
from ..constants import CATEGORIES
from ..game import GameState
from ..rules import category_counts, end_tile_vp, rank_shares
from .heuristic import position_value

#: the shipped parameters
PARAMS_PATH = Path(__file__).resolve().parent.parent / "data" / "winchance.json"

BASE_FEATURES = (
    "lead",        # worth (position_value, VP) minus the best other seat's, /10
    "vp",          # VP on the Scoring Track plus end-game tile VP, /10
    "vp_lead",     # that minus the best other seat's, /10
    "gold",        # Gold /10
    "recruits",    # Recruit tokens /10
    "cubes",       # Resources /10
    "magisters",   # Magister cards held /5
    "tiles",       # Building tiles /5
    "arts",        # Arts cards /5
    "science",     # Science cards /5
    "wall",        # own Elite Warriors on the city wall /5
    "grant",       # this Season's King's Grant VP as the standings stand now /10
)
#: the base features, each times the progress, and the VP lead times its square
FEATURES = BASE_FEATURES + tuple(f + "_g" for f in BASE_FEATURES) + ("vp_lead_g2",)


def validate_params(doc) -> _model.Model:
    """The model (a `Logit`: one weight per feature, in `FEATURES` order) of a parameters
    document (a dict read from JSON); raises `WinChanceParamsError` naming the field of any mistake."""
    return _model.validate_params(doc, FEATURES)


def load_params(path: Path | str = PARAMS_PATH) -> _model.Model:
    """Read and check a parameters file; `WinChanceParamsError` naming the file and field."""
    return _model.load_params(path, FEATURES)


WEIGHTS: _model.Model = load_params()


def progress(state: GameState) -> float:
    """How far the game is, 0 (round 1 starts) to 1 (the last round is over): the
    rounds played, and within a round the share of players who have passed."""
    t = state._t
    if t.phase == "over":
        return 1.0
    rounds = t.parts.rounds
    done = sum(1 for s in t.seats if s.passed) / t.n if t.phase == "play" else 0.0
    return min(1.0, (t.round - 1 + done) / rounds)


def phase(state: GameState) -> int:
    """The Season (1 to 3): the game phase the calibration is reported by."""
    return state._t.season


def _lead(xs: list[float]) -> list[float]:
    out = []
    for i, x in enumerate(xs):
        others = [y for j, y in enumerate(xs) if j != i]
        out.append(x - max(others))
    return out


def features(state: GameState) -> list[list[float]]:
    """One row of `FEATURES` per seat (see the module text)."""
    t = state._t
    n = t.n
    worth = [position_value(state, i) for i in range(n)]
    vp = [float(s.vp + end_tile_vp(t, i)) for i, s in enumerate(t.seats)]
    grant = [0.0] * n
    if t.phase != "over":
        g = t.parts.grant(t.grants[t.season - 1])
        for cat in CATEGORIES:
            for i, v in enumerate(rank_shares(category_counts(t, cat), g.values(cat))):
                grant[i] += v
    wall = category_counts(t, "warriors")
    lead, vp_lead = _lead(worth), _lead(vp)
    g = progress(state)
    rows = []
    for i, s in enumerate(t.seats):
        base = [lead[i] / 10, vp[i] / 10, vp_lead[i] / 10, s.gold / 10, s.recruits / 10, s.cubes / 10,
                sum(s.cards()[1:]) / 5, len(s.tiles) / 5, s.arts / 5, s.science / 5, wall[i] / 5, grant[i] / 10]
        rows.append(base + [x * g for x in base] + [vp_lead[i] / 10 * g * g])
    return rows


__all__ = ["FEATURES", "PARAMS_PATH", "WEIGHTS", "features", "load_params", "phase", "progress",
           "validate_params"]


def win_value(state: GameState, temperature: float | None = None) -> list[float]:
    """The expert's leaf value (role "win_value"): each seat's chance to win by this model,
    summing to 1 (the winners share 1 once the game is over); `temperature` is not used: the
    model's weights set its scale. Against the heuristic bot in 4-player games at 0.25 s a
    decision it won 24 of 32 games (75%, 58-87%) where a softmax of `position_value` won 16
    of the same 32 (50%, 34-66%) (`benchmarks/bench_strength.py --game archon --seconds 0.25
    --games 32 --seed 15000 --matches 4p [--param value=winchance]`)."""
    return _model.win_chances(state)
