"""Architects' features for the win-chance model (`archwk.ai.winchance.win_chances`,
public name `archwk.analysis.win_chances`) and the fitted model.

The features read only public information: boards, goods, Silver, Virtue,
Debts, buildings, the Cathedral, the Guildhall, workers, and hand *sizes*
(never hand contents, the decks or the generator). Each seat's row
(`FEATURES`): the score projected as if the game ended now and two of its
parts (buildings, Virtue), goods, Silver, Virtue, Debts, buildings, the
Cathedral, workers in the Guildhall, the supply, captured or in Prison,
apprentices, cards, the turn order; then what is the same for every seat: how
full the Guildhall is, whether the last round has begun, the number of seats,
whether a Byzantine opponent plays.

The model is a small network (`archwk.ai.winchance.MLP`) reading each seat's
row and, for the `RELATIVE` features, their differences to the best other seat
and to the mean of the others; it was fitted by maximum likelihood to who won,
in self-play games between the heuristic bot and some fast and search seats
(`scripts/train_winchance.py`, which prints the calibration on held-out games;
the command that made the shipped file is in its "training" field). It ships as
`archwk/games/architects/data/winchance.json`, read and checked when first
used (`WEIGHTS`; `load_params` names the field of any mistake).

>>> import archwk
>>> len(features(archwk.new_game(3, seed=1))[0]) == len(FEATURES)
True
"""
from __future__ import annotations

from pathlib import Path

from ....ai import winchance as _model
from .. import cards
from ..constants import OPEN_INDEX
from ..core import geometry_n, skills_of
from ..scoring import final_scores

#: the shipped parameters
PARAMS_PATH = Path(__file__).resolve().parent.parent / "data" / "winchance.json"

_GATHER_ROWS = tuple(OPEN_INDEX[loc] for loc in ("quarry", "forest", "mines", "silversmith"))

#: the per-seat features the model reads, in the order of its rows. The network
#: (`archwk.ai.winchance.MLP`) also reads each `RELATIVE` feature's difference to the
#: best other seat's and to the mean of the others'.
FEATURES = (
    "vp",            # the score projected as if the game ended now /10
    "vp_buildings",  # of which the buildings' VP (printed and bonus) /10
    "vp_virtue",     # of which the Virtue track's VP /10
    "silver",        # Silver /10
    "basic",         # Clay + Wood + Stone /10
    "gold_marble",   # Gold + Marble /10
    "virtue",        # Virtue /10
    "virtue_low",    # 1 when Virtue is 4 or less (no Cathedral; end-game penalty band)
    "debts",         # unpaid Debts /5
    "buildings",     # buildings built /10
    "cathedral",     # Cathedral level /3
    "guildhall",     # own workers in the Guildhall /10
    "supply",        # workers in the supply /10
    "held",          # own workers captured on other boards /10
    "holding",       # other players' workers captured on this board /10
    "prison",        # own workers in the Prison /10
    "groups",        # own workers at the Quarry, Forest, Mines and Silversmith /10
    "apprentices",   # apprentices hired /5
    "skills",        # the skills (of three) the apprentices give, /3
    "hand",          # building cards in hand (their number only) /5
    "to_move",       # seats until this one's turn, over the number of seats
    "byzantine",     # 1 for the Byzantine opponent's seat
    # the same for every seat: they tell the network how far the game is and how many play
    "fill",          # how full the Guildhall is (0..1; `progress`)
    "turns",         # turns played per seat /30
    "final",         # 1 once the end is triggered (the last round)
    "seats",         # 1 / the number of seats
    "solo",          # 1 when a Byzantine opponent plays
)
#: the features whose differences to the other seats' the network reads too
RELATIVE = ("vp", "vp_buildings", "vp_virtue", "silver", "basic", "gold_marble", "virtue", "debts",
            "buildings", "cathedral", "guildhall", "supply", "held", "holding", "prison", "groups",
            "apprentices", "skills", "hand")


def validate_params(doc) -> _model.Model:
    """The model a parameters document (a dict read from JSON) describes, for
    `FEATURES`; raises `WinChanceParamsError` naming the field of any mistake."""
    return _model.validate_params(doc, FEATURES)


def load_params(path: Path | str = PARAMS_PATH) -> _model.Model:
    """Read and check a parameters file; `WinChanceParamsError` naming the file and field."""
    return _model.load_params(path, FEATURES)


_loaded: list[_model.Model] = []


def __getattr__(name: str):
    # WEIGHTS, the shipped model, is read and checked when first asked for (the game asks
    # for it at its first win chance), so that the training script can import the features
    # while the shipped file still describes other ones
    if name == "WEIGHTS":
        if not _loaded:
            _loaded.append(load_params())
        return _loaded[0]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def progress(s) -> float:
    """How full the Guildhall is (0..1): the game ends when it is full."""
    return min(1.0, len(s.guildhall) / (4 * (geometry_n(s) + 1)))


def features(s) -> list[list[float]]:
    """Each seat's features (`FEATURES` order), from public information only."""
    n = len(s.players)
    g = progress(s)
    final = 1.0 if (s.end_trigger is not None or s.final_turns is not None) else 0.0
    scores = final_scores(s)
    turn = s.turn_player if s.turn_player is not None else 0
    board = s.board
    solo = 1.0 if any(pl.is_byzantine for pl in s.players) else 0.0
    hall = [0] * n
    for o in s.guildhall:
        if 0 <= o < n:
            hall[o] += 1
    out = []
    for i, pl in enumerate(s.players):
        held = 0
        for j, q in enumerate(s.players):
            if j != i:
                held += q.captured[i]
        groups = 0
        for r in _GATHER_ROWS:
            groups += board[r][i]
        sc = scores[i]
        out.append([
            sc.total / 10.0,
            sc.buildings / 10.0,
            sc.virtue / 10.0,
            pl.silver / 10.0,
            (pl.clay + pl.wood + pl.stone) / 10.0,
            (pl.gold + pl.marble) / 10.0,
            pl.virtue / 10.0,
            1.0 if pl.virtue <= 4 else 0.0,
            pl.debts_unpaid / 5.0,
            len(pl.buildings) / 10.0,
            pl.cathedral_level / len(cards.CATHEDRAL),
            hall[i] / 10.0,
            pl.workers_in_supply / 10.0,
            held / 10.0,
            (sum(pl.captured) - pl.captured[i]) / 10.0,
            pl.in_prison / 10.0,
            groups / 10.0,
            len(pl.apprentice_ids) / 5.0,
            len(skills_of(pl.apprentice_ids)) / 3.0,
            len(pl.hand) / 5.0,
            ((i - turn) % n) / n,
            1.0 if pl.is_byzantine else 0.0,
            g,
            s.turn_no / n / 30.0,
            final,
            1.0 / n,
            solo,
        ])
    return out
