"""Building effects (RB, Appendix: Building Effects; facts §1), one entry per
`effect` of data/buildings.toml: the row names its behaviour, the row's
`params` give the figures, its `category` says when it acts (on construction,
at the end on Virtue, as a VP bonus, or as a scoring rule). Buildings sharing
an effect (the six `gain` buildings, the three Huts, the Markets...) share its
entry. tests/test_card_coverage.py checks this table against the data both ways.

Choices inside an effect are decisions of their own (archwk.buildings): Treasury
and Clay Pit (which goods), Tavern (which apprentice), Armoury/Fortress
(captures), Barracks (a capture or the release), Church (destroy a Debt),
Library (discard for 2 Gold), Graveyard (which apprentice to lose), Crane
(build again: the Guildhall's own decision). A player may decline any of them
except the Graveyard (facts §16 row 15).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .. import cards
from ..core import APPRENTICES, change_virtue, gain, open_decision, release_from_prison, take_debt
from ..decisions import FreeCaptures, FromBuilding
from ..errors import ArchwkError
from . import hook_any


@dataclass(frozen=True)
class BuildingBehaviour:
    """What a building effect does, by hook point (unset: nothing there). Each
    function takes the state, the owner and the building's data row."""
    on_construct: Callable[[Any, int, Any], object] | None = None  # category immediate
    end_game_virtue: Callable[[Any, int, Any], int] | None = None  # category end_game: Virtue at the end
    vp_bonus: Callable[[Any, int, Any], int] | None = None  # category vp_bonus: VP beside the printed VP
    debt_vp: Callable[[Any], int] | None = None  # category scoring_rule: VP per unpaid Debt instead of -2


# --------------------------------------------------------------------------- counting, for the end

def count(s, p, what: str) -> int:
    """A player's count of `what` for a building's scoring (Gold and Marble as one
    resource with `gold_is_marble`: Therese)."""
    pl = s.players[p]
    if what in ("gold", "marble") and hook_any(s, p, "gold_is_marble"):
        return pl.gold + pl.marble  # Gold and Marble are one resource (Therese)
    if what in cards.RESOURCES or what in ("silver", "virtue", "debts_paid", "debts_unpaid"):
        return getattr(pl, what)
    if what == "buildings":
        return len(pl.buildings)
    if what == "captured":
        return sum(pl.captured)
    raise ArchwkError(f"unknown count {what!r}")


def strictly_most(s, p, value) -> bool:
    mine = value(p)
    return all(mine > value(o) for o in range(len(s.players)) if o != p)


def cathedral_highest(s, p) -> bool:
    return strictly_most(s, p, lambda o: s.players[o].cathedral_level)


# --------------------------------------------------------------------------- on construction

def _open_if(cond, kind):
    def run(t, p, b):
        if cond(t, p):
            open_decision(t, kind, p, FromBuilding(b.name))
    return run


def _monument(t, p, b):
    for i in range(len(t.players)):
        change_virtue(t, i, b.params["virtue"], cause="the Monument")


def _palace(t, p, b):
    gain(t, p, {"gold": t.players[p].virtue // b.params["per"]}, cause="the Palace")


def _watchtower(t, p, b):
    for i, q in enumerate(t.players):
        if q.in_prison >= b.params["min_prison"]:
            change_virtue(t, i, -b.params["virtue"], cause="the Watchtower")


def _capture(t, p, b):
    open_decision(t, "free_capture", p, FreeCaptures(b.params["captures"], (), b.name))


# --------------------------------------------------------------------------- at the end

def _most(s, p, b):
    r = b.params["resource"]
    return b.params["vp"] if strictly_most(s, p, lambda o: count(s, o, r)) else 0


def _hut(s, p, b):
    return sum(1 for i in s.players[p].apprentice_ids if b.params["skill"] in APPRENTICES[i - 1].skills)


#: building `effect` -> its behaviour
BUILDING_BEHAVIOUR: MappingProxyType[str, BuildingBehaviour] = MappingProxyType({
    # ---- on construction
    # Smithy, Thieves' Den, Well, Drafting Room, Factory, Lumber Camp: gain the goods
    "gain": BuildingBehaviour(on_construct=lambda t, p, b: gain(t, p, b.params, cause=f"the {b.name}")),
    # Treasury, Clay Pit: choose one of the options (decision building_choice)
    "choose": BuildingBehaviour(on_construct=_open_if(lambda t, p: True, "building_choice")),
    # Tavern: hire any face-up apprentice free
    "tavern": BuildingBehaviour(on_construct=_open_if(lambda t, p: any(t.display), "tavern")),
    # Armoury, Fortress: free captures from any location
    "capture": BuildingBehaviour(on_construct=_capture),
    # Barracks: a free capture or a free release
    "barracks": BuildingBehaviour(on_construct=_open_if(lambda t, p: True, "barracks")),
    # Betting House: take a Debt
    "take_debt": BuildingBehaviour(
        on_construct=lambda t, p, b: take_debt(t, p, b.params["debts"], cause=f"the {b.name}")),
    # Church: destroy an unpaid Debt
    "church": BuildingBehaviour(on_construct=_open_if(lambda t, p: t.players[p].debts_unpaid > 0, "church")),
    # Library: discard a building card for 2 Gold
    "library": BuildingBehaviour(on_construct=_open_if(lambda t, p: bool(t.players[p].hand), "library")),
    # Monument: every player gains 1 Virtue
    "monument": BuildingBehaviour(on_construct=_monument),
    # Palace: 1 Gold per 4 Virtue
    "palace": BuildingBehaviour(on_construct=_palace),
    # Watchtower: every player with 3 or more workers in Prison loses 1 Virtue
    "watchtower": BuildingBehaviour(on_construct=_watchtower),
    # Hideout: release all your workers from Prison
    "hideout": BuildingBehaviour(on_construct=lambda t, p, b: release_from_prison(t, p, cause="the Hideout")),
    # Graveyard: lose an apprentice (forced)
    "graveyard": BuildingBehaviour(
        on_construct=_open_if(lambda t, p: bool(t.players[p].apprentice_ids), "graveyard")),
    # Crane: another worker into the Guildhall, build again
    "crane": BuildingBehaviour(on_construct=_open_if(lambda t, p: t.players[p].workers_in_supply > 0, "crane")),
    # ---- at the end of the game
    # Stone, Wood, Clay and Silver Markets: VP for strictly the most of it
    "most": BuildingBehaviour(vp_bonus=_most),
    # Steeple (VP), Chapel (Virtue): strictly the highest on the Cathedral
    "cathedral_most": BuildingBehaviour(
        vp_bonus=lambda s, p, b: b.params["vp"] if cathedral_highest(s, p) else 0,
        end_game_virtue=lambda s, p, b: b.params["virtue"] if cathedral_highest(s, p) else 0),
    # Tiler's, Carpenter's, Mason's Hut: 1 VP per apprentice with the skill
    "hut": BuildingBehaviour(vp_bonus=_hut),
    # Aqueduct, Keep, Lighthouse, Moneylender: VP per so many of something
    "vp_per": BuildingBehaviour(vp_bonus=lambda s, p, b: count(s, p, b.params["count"]) // b.params["per"]),
    # Trading Post, Castle, Observatory, Reservoir, Museum: Virtue per so many of something
    "virtue_per": BuildingBehaviour(
        end_game_virtue=lambda s, p, b: sum(count(s, p, c) for c in b.params["count"]) // b.params["per"]),
    # Dungeon: lose Virtue
    "lose_virtue": BuildingBehaviour(end_game_virtue=lambda s, p, b: -b.params["virtue"]),
    # University: VP with no unpaid Debt
    "no_debt": BuildingBehaviour(vp_bonus=lambda s, p, b: b.params["vp"] if s.players[p].debts_unpaid == 0 else 0),
    # Gambler's Den: VP per unpaid Debt (negative)
    "debt_vp": BuildingBehaviour(vp_bonus=lambda s, p, b: b.params["vp"] * s.players[p].debts_unpaid),
    # Fountain: each unpaid Debt costs 1 VP instead of 2
    "fountain": BuildingBehaviour(debt_vp=lambda b: b.params["debt_vp"]),
})


def on_construct(t, p, b) -> None:
    """The building's effect on construction, if it has one."""
    run = BUILDING_BEHAVIOUR[b.effect].on_construct
    if run is not None:
        run(t, p, b)
