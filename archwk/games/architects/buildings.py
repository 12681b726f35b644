"""The decisions inside building effects (RB, Appendix: Building Effects;
facts §1): Treasury and Clay Pit (which goods), Tavern (which apprentice),
Armoury/Fortress (captures), Barracks (a capture or the release), Church
(destroy a Debt), Library (discard for 2 Gold), Graveyard (which apprentice to
lose). The Crane's decision is the Guildhall's (`locations.guildhall.CRANE`).
What each effect does, and when, is its entry in `archwk.games.architects.behaviour.buildings`,
which opens these decisions; `archwk.games.architects.ruleset` lists them."""
from __future__ import annotations

from .actions import shared
from .core import (
    APPRENTICES,
    BUILDING,
    capture,
    capture_targets,
    discard_apprentice,
    discard_from_hand,
    gain,
    held_by_others,
    hire,
    open_decision,
    record_event,
    release_from_boards,
    writable_player,
)
from .decisions import DecisionRule, FreeCaptures, FromBuilding, preview


def hire_preview(s, a):
    """A free hire: the Silver lying on the card and the apprentice's Virtue."""
    if a.kind != "hire":
        return None
    return preview(gain={"silver": s.display_silver[a.target],
                         "virtue": APPRENTICES[s.display[a.target] - 1].virtue})


def _building(dec):
    return BUILDING[dec.data.building]


# ---- Treasury, Clay Pit: choose the goods

BUILDING_CHOICE = DecisionRule(
    "building_choice", data=FromBuilding,
    legal=lambda s, dec: [shared("choose", option=i) for i in range(len(_building(dec).params["options"]))],
    preview=lambda s, dec, a: preview(gain=_building(dec).params["options"][a.option]),
    resolve=lambda t, dec, a: gain(t, dec.player, _building(dec).params["options"][a.option],
                                   cause=f"the {dec.data.building}"))


# ---- Tavern: hire any face-up apprentice free

TAVERN = DecisionRule(
    "tavern", data=FromBuilding,
    legal=lambda s, dec: [shared("hire", target=i) for i, c in enumerate(s.display) if c] + [shared("skip")],
    resolve=lambda t, dec, a: a.kind == "hire" and hire(t, dec.player, a.target, via="the Tavern"),
    preview=lambda s, dec, a: hire_preview(s, a))


# ---- Armoury, Fortress: free captures from any location

def _free_capture_legal(s, dec):
    out = [shared("capture", loc, target=o) for loc, o in capture_targets(s, dec.player, dec.data.locations, 2)]
    return out + [shared("skip")]


def _free_capture_resolve(t, dec, a):
    left, used, source = dec.data
    if a.kind == "skip":
        return
    capture(t, dec.player, a.location, a.target, cause=f"the {source}")
    if left > 1:
        open_decision(t, "free_capture", dec.player, FreeCaptures(left - 1, used + (a.location,), source))


FREE_CAPTURE = DecisionRule(
    "free_capture", legal=_free_capture_legal, resolve=_free_capture_resolve, data=FreeCaptures)


# ---- Barracks: a free capture or a free release

def _barracks_legal(s, dec):
    p = dec.player
    out = [shared("capture", loc, target=o) for loc, o in capture_targets(s, p, (), 1)]
    if held_by_others(s, p):
        out.append(shared("release"))
    return out + [shared("skip")]


def _barracks_resolve(t, dec, a):
    if a.kind == "capture":
        capture(t, dec.player, a.location, a.target, cause="the Barracks")
    elif a.kind == "release":
        release_from_boards(t, dec.player, cause="the Barracks")


BARRACKS = DecisionRule(
    "barracks", legal=_barracks_legal, resolve=_barracks_resolve, data=FromBuilding)


# ---- Church: destroy an unpaid Debt

def _church_resolve(t, dec, a):
    if a.kind == "destroy_debt":
        writable_player(t, dec.player).debts_unpaid -= 1
        record_event(t, "debt_destroyed", dec.player, count=1, cause="the Church")


CHURCH = DecisionRule(
    "church", legal=lambda s, dec: [shared("destroy_debt"), shared("skip")], data=FromBuilding,
    resolve=_church_resolve)


# ---- Library: discard a card for 2 Gold

def _library_resolve(t, dec, a):
    if a.kind == "discard":
        discard_from_hand(t, dec.player, a.card, cause="the Library")
        gain(t, dec.player, {"gold": _building(dec).params["gold"]}, cause="the Library")


LIBRARY = DecisionRule(
    "library", data=FromBuilding,
    legal=lambda s, dec: [shared("discard", card=c) for c in dict.fromkeys(s.players[dec.player].hand)]
    + [shared("skip")],
    resolve=_library_resolve,
    preview=lambda s, dec, a: preview(gain={"gold": _building(dec).params["gold"]}) if a.kind == "discard" else None)


# ---- Graveyard: lose an apprentice (forced)

GRAVEYARD = DecisionRule(
    "graveyard", data=FromBuilding,
    legal=lambda s, dec: [shared("discard_apprentice", card=c) for c in s.players[dec.player].apprentice_ids],
    resolve=lambda t, dec, a: discard_apprentice(t, dec.player, a.card, cause="the Graveyard"))

# The Crane's decision (another worker into the Guildhall, build again) is the
# Guildhall's own rule: archwk.games.architects.locations.guildhall.CRANE.
