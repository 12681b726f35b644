"""Architects' features for the win-chance model (`archwk.ai.winchance.win_chances`,
public name `archwk.analysis.win_chances`) and their fitted weights.

The features read only public information: boards, goods, Silver, Virtue,
Debts, buildings, the Cathedral, the Guildhall, workers, and hand *sizes*
(never hand contents, the decks or the generator). Each seat's row
(`FEATURES`): the score projected as if the game ended now, its lead over the
best other player, goods, Silver, Virtue, workers, apprentices, cards, the turn
order, each also weighted by how full the Guildhall is.

The weights were fitted by maximum likelihood to who won, in self-play games
between the heuristic bot and some fast and search seats
(`scripts/train_winchance.py`, which prints the calibration on held-out
games); they ship as `archwk/games/architects/data/winchance.json`, checked
when this module is imported (`load_params` names the field of any mistake).

>>> import archwk
>>> len(features(archwk.new_game(3, seed=1))[0]) == len(FEATURES) == len(WEIGHTS)
True
"""
from __future__ import annotations

from pathlib import Path

from ....ai import winchance as _model
from .. import cards
from ..constants import OPEN_INDEX
from ..core import geometry_n
from ..scoring import final_scores

#: the shipped parameters
PARAMS_PATH = Path(__file__).resolve().parent.parent / "data" / "winchance.json"

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


def validate_params(doc) -> tuple[float, ...]:
    """The weights of a parameters document (a dict read from JSON), in `FEATURES`
    order; raises `WinChanceParamsError` naming the field of any mistake."""
    return _model.validate_params(doc, FEATURES)


def load_params(path: Path | str = PARAMS_PATH) -> tuple[float, ...]:
    """Read and check a parameters file; `WinChanceParamsError` naming the file and field."""
    return _model.load_params(path, FEATURES)


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
