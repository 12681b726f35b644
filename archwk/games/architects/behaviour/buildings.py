"""Building effects (RB, Appendix: Building Effects; facts §1), one entry per
`effect` of data/buildings.toml: the row names its behaviour, the row's
`params` give the figures, its `category` says when it acts (on construction,
at the end on Virtue, as a VP bonus, or as a scoring rule). The entry's
`params` declares the shape of those params and the categories they may have;
every row is checked against it when this module is imported. Buildings
sharing an effect (the six `gain` buildings, the three Huts, the Markets...)
share its entry. tests/test_card_coverage.py checks this table against the
data both ways.

Choices inside an effect are decisions of their own (archwk.games.architects.buildings): Treasury
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

from ....kit.errors import ArchwkError
from ....kit.schema import INT, NO_PARAMS, POS, ParamSchema, amounts, array, check_rows, choice, optional
from .. import cards
from ..cards import RESOURCES, SKILLS
from ..core import APPRENTICES, change_virtue, gain, open_decision, release_from_prison, take_debt
from ..decisions import FreeCaptures, FromBuilding
from . import hook_any


@dataclass(frozen=True)
class BuildingBehaviour:
    """What a building effect does, by hook point (unset: nothing there). Each
    function takes the state, the owner and the building's data row. `params`
    is the shape of the params of the buildings naming this effect, with the
    categories they may have."""
    params: ParamSchema = NO_PARAMS
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


# the categories an effect's buildings may have (RB, End of the Game; facts §14)
_IMM = ("immediate",)
_VPB = ("vp_bonus",)
_END = ("end_game",)

#: what a building's construction can give
_BUILDING_GAIN = RESOURCES + ("silver", "cards")


def _imm(fields: dict | None = None) -> ParamSchema:
    """The params of an effect acting on construction."""
    return ParamSchema(fields or {}, categories=_IMM)


#: building `effect` -> its behaviour
BUILDING_BEHAVIOUR: MappingProxyType[str, BuildingBehaviour] = MappingProxyType({
    # ---- on construction
    # Smithy, Thieves' Den, Well, Drafting Room, Factory, Lumber Camp: gain the goods
    "gain": BuildingBehaviour(
        params=ParamSchema(amounts=_BUILDING_GAIN, categories=_IMM),
        on_construct=lambda t, p, b: gain(t, p, b.params, cause=f"the {b.name}")),
    # Treasury, Clay Pit: choose one of the options (decision building_choice)
    "choose": BuildingBehaviour(
        params=_imm({"options": array(amounts(_BUILDING_GAIN, positive=True), min_len=2)}),
        on_construct=_open_if(lambda t, p: True, "building_choice")),
    # Tavern: hire any face-up apprentice free
    "tavern": BuildingBehaviour(params=_imm(), on_construct=_open_if(lambda t, p: any(t.display), "tavern")),
    # Armoury, Fortress: free captures from any location
    "capture": BuildingBehaviour(params=_imm({"captures": POS}), on_construct=_capture),
    # Barracks: a free capture or a free release
    "barracks": BuildingBehaviour(params=_imm(), on_construct=_open_if(lambda t, p: True, "barracks")),
    # Betting House: take a Debt
    "take_debt": BuildingBehaviour(
        params=_imm({"debts": POS}),
        on_construct=lambda t, p, b: take_debt(t, p, b.params["debts"], cause=f"the {b.name}")),
    # Church: destroy an unpaid Debt
    "church": BuildingBehaviour(
        params=_imm(), on_construct=_open_if(lambda t, p: t.players[p].debts_unpaid > 0, "church")),
    # Library: discard a building card for 2 Gold (archwk.games.architects.buildings reads the Gold)
    "library": BuildingBehaviour(
        params=_imm({"gold": POS}), on_construct=_open_if(lambda t, p: bool(t.players[p].hand), "library")),
    # Monument: every player gains 1 Virtue
    "monument": BuildingBehaviour(params=_imm({"virtue": POS}), on_construct=_monument),
    # Palace: 1 Gold per 4 Virtue
    "palace": BuildingBehaviour(params=_imm({"per": POS}), on_construct=_palace),
    # Watchtower: every player with 3 or more workers in Prison loses 1 Virtue
    "watchtower": BuildingBehaviour(params=_imm({"min_prison": POS, "virtue": POS}), on_construct=_watchtower),
    # Hideout: release all your workers from Prison
    "hideout": BuildingBehaviour(
        params=_imm(), on_construct=lambda t, p, b: release_from_prison(t, p, cause="the Hideout")),
    # Graveyard: lose an apprentice (forced)
    "graveyard": BuildingBehaviour(
        params=_imm(), on_construct=_open_if(lambda t, p: bool(t.players[p].apprentice_ids), "graveyard")),
    # Crane: another worker into the Guildhall, build again
    "crane": BuildingBehaviour(
        params=_imm(), on_construct=_open_if(lambda t, p: t.players[p].workers_in_supply > 0, "crane")),
    # ---- at the end of the game
    # Stone, Wood, Clay and Silver Markets: VP for strictly the most of it
    "most": BuildingBehaviour(
        params=ParamSchema({"resource": choice(("stone", "wood", "clay", "silver"), "resource"), "vp": POS},
                           categories=_VPB),
        vp_bonus=_most),
    # Steeple (VP), Chapel (Virtue): strictly the highest on the Cathedral
    "cathedral_most": BuildingBehaviour(
        params=ParamSchema({"vp": optional(POS), "virtue": optional(POS)},
                           one_of={"vp": "vp_bonus", "virtue": "end_game"}),
        vp_bonus=lambda s, p, b: b.params["vp"] if cathedral_highest(s, p) else 0,
        end_game_virtue=lambda s, p, b: b.params["virtue"] if cathedral_highest(s, p) else 0),
    # Tiler's, Carpenter's, Mason's Hut: 1 VP per apprentice with the skill
    "hut": BuildingBehaviour(params=ParamSchema({"skill": choice(SKILLS, "skill")}, categories=_VPB), vp_bonus=_hut),
    # Aqueduct, Keep, Lighthouse, Moneylender: VP per so many of something
    "vp_per": BuildingBehaviour(
        params=ParamSchema({"count": choice(("buildings", "captured", "virtue", "debts_paid"), "count"), "per": POS},
                           categories=_VPB),
        vp_bonus=lambda s, p, b: count(s, p, b.params["count"]) // b.params["per"]),
    # Trading Post, Castle, Observatory, Reservoir, Museum: Virtue per so many of something
    "virtue_per": BuildingBehaviour(
        params=ParamSchema({"count": array(choice(RESOURCES + ("debts_paid", "buildings"), "count"), min_len=1),
                            "per": POS}, categories=_END),
        end_game_virtue=lambda s, p, b: sum(count(s, p, c) for c in b.params["count"]) // b.params["per"]),
    # Dungeon: lose Virtue
    "lose_virtue": BuildingBehaviour(
        params=ParamSchema({"virtue": POS}, categories=_END), end_game_virtue=lambda s, p, b: -b.params["virtue"]),
    # University: VP with no unpaid Debt
    "no_debt": BuildingBehaviour(
        params=ParamSchema({"vp": POS}, categories=_VPB),
        vp_bonus=lambda s, p, b: b.params["vp"] if s.players[p].debts_unpaid == 0 else 0),
    # Gambler's Den: VP per unpaid Debt (negative)
    "debt_vp": BuildingBehaviour(
        params=ParamSchema({"vp": INT}, categories=_VPB),
        vp_bonus=lambda s, p, b: b.params["vp"] * s.players[p].debts_unpaid),
    # Fountain: each unpaid Debt costs 1 VP instead of 2
    "fountain": BuildingBehaviour(
        params=ParamSchema({"debt_vp": INT}, categories=("scoring_rule",)), debt_vp=lambda b: b.params["debt_vp"]),
})


def check_buildings(rows=None, file=None) -> None:
    """Every building row (default: the game's, `cards.BUILDINGS`) names an
    effect of BUILDING_BEHAVIOUR, and its params and category fit that effect's
    `params` schema; else `CardDataError` naming the file, the card and the field."""
    check_rows(cards.DATA_DIR / cards.BUILDINGS_FILE if file is None else file, "building",
               cards.BUILDINGS if rows is None else rows, "effect", BUILDING_BEHAVIOUR)


def on_construct(t, p, b) -> None:
    """The building's effect on construction, if it has one."""
    run = BUILDING_BEHAVIOUR[b.effect].on_construct
    if run is not None:
        run(t, p, b)


check_buildings()  # the game's data against this table: bad data fails `import archwk`
