"""What each building does when it is constructed (RB, Appendix: Building
Effects; facts §1). Every `effect` key in buildings.toml has its entry in
IMMEDIATE (done on construction) or in `archwk.scoring` (end-game virtue, VP
bonus, Fountain); a test checks that no key is left without one.

Choices inside an effect are decisions of their own: Treasury and Clay Pit
(which goods), Tavern (which apprentice), Armoury/Fortress (captures), Barracks
(a capture or the release), Church (destroy a Debt), Library (discard for 2
Gold), Graveyard (which apprentice to lose), Crane (build again). A player may
decline any of them except the Graveyard (facts §16 row 15)."""
from __future__ import annotations

from .core import (P, capture, capture_targets, change_virtue, discard_apprentice, discard_from_hand,
                   frame_rule, gain, held_by_others, push, release_from_boards, release_from_prison,
                   say, take_debt, hire)
from .model import Action


def _push_if(cond, kind):
    def run(t, p, b):
        if cond(t, p):
            push(t, kind, p, (b.name,))
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
    push(t, "free_capture", p, (b.params["captures"], (), b.name))


IMMEDIATE = {
    "gain": lambda t, p, b: gain(t, p, b.params, cause=f"the {b.name}"),
    "choose": _push_if(lambda t, p: True, "building_choice"),
    "tavern": _push_if(lambda t, p: any(t.display), "tavern"),
    "capture": _capture,
    "barracks": _push_if(lambda t, p: True, "barracks"),
    "take_debt": lambda t, p, b: take_debt(t, p, b.params["debts"], cause=f"the {b.name}"),
    "church": _push_if(lambda t, p: t.players[p].debts_unpaid > 0, "church"),
    "library": _push_if(lambda t, p: bool(t.players[p].hand), "library"),
    "monument": _monument,
    "palace": _palace,
    "watchtower": _watchtower,
    "hideout": lambda t, p, b: release_from_prison(t, p, cause="the Hideout"),
    "graveyard": _push_if(lambda t, p: bool(t.players[p].apprentice_ids), "graveyard"),
    "crane": _push_if(lambda t, p: t.players[p].workers_in_supply > 0, "crane"),
}


def on_construct(t, p, b) -> None:
    run = IMMEDIATE.get(b.effect)
    if run is not None:
        run(t, p, b)


def _b(f):
    from .core import BUILDING
    return BUILDING[f[2][0]]


# ---- Treasury, Clay Pit: choose the goods

frame_rule(
    "building_choice",
    legal=lambda s, f: [Action("choose", option=i, hint=("gain", tuple(sorted(o.items()))))
                        for i, o in enumerate(_b(f).params["options"])],
    resolve=lambda t, f, a: gain(t, f[1], _b(f).params["options"][a.option], cause=f"the {f[2][0]}"),
    prompt=lambda s, f: f"{f[2][0]}: choose what to gain")


# ---- Tavern: hire any face-up apprentice free

frame_rule(
    "tavern",
    legal=lambda s, f: [Action("hire", target=i) for i, c in enumerate(s.display) if c] + [Action("skip")],
    resolve=lambda t, f, a: a.kind == "hire" and hire(t, f[1], a.target, via="the Tavern"),
    prompt=lambda s, f: "Tavern: hire any face-up apprentice for free")


# ---- Armoury, Fortress: free captures from any location

def _free_capture_legal(s, f):
    left, used, source = f[2]
    out = [Action("capture", loc, target=o) for loc, o in capture_targets(s, f[1], used, 2)]
    return out + [Action("skip")]


def _free_capture_resolve(t, f, a):
    left, used, source = f[2]
    if a.kind == "skip":
        return
    capture(t, f[1], a.location, a.target, cause=f"the {source}")
    if left > 1:
        push(t, "free_capture", f[1], (left - 1, used + (a.location,), source))


frame_rule("free_capture", legal=_free_capture_legal, resolve=_free_capture_resolve,
           prompt=lambda s, f: f"{f[2][2]}: make a free capture ({f[2][0]} left)")


# ---- Barracks: a free capture or a free release

def _barracks_legal(s, f):
    p = f[1]
    out = [Action("capture", loc, target=o) for loc, o in capture_targets(s, p, (), 1)]
    if held_by_others(s, p):
        out.append(Action("release"))
    return out + [Action("skip")]


def _barracks_resolve(t, f, a):
    if a.kind == "capture":
        capture(t, f[1], a.location, a.target, cause="the Barracks")
    elif a.kind == "release":
        release_from_boards(t, f[1], cause="the Barracks")


frame_rule("barracks", legal=_barracks_legal, resolve=_barracks_resolve,
           prompt=lambda s, f: "Barracks: make a free capture, or free your workers from other boards")


# ---- Church: destroy an unpaid Debt

def _church_resolve(t, f, a):
    if a.kind == "destroy_debt":
        P(t, f[1]).debts_unpaid -= 1
        say(t, "debt_destroyed", f[1], count=1, cause="the Church")


frame_rule("church", legal=lambda s, f: [Action("destroy_debt"), Action("skip")],
           resolve=_church_resolve, prompt=lambda s, f: "Church: destroy 1 of your unpaid Debts")


# ---- Library: discard a card for 2 Gold

def _library_resolve(t, f, a):
    if a.kind == "discard":
        discard_from_hand(t, f[1], a.card, cause="the Library")
        gain(t, f[1], {"gold": _b(f).params["gold"]}, cause="the Library")


frame_rule("library",
           legal=lambda s, f: [Action("discard", card=c) for c in dict.fromkeys(s.players[f[1]].hand)]
           + [Action("skip")],
           resolve=_library_resolve,
           prompt=lambda s, f: "Library: discard 1 building card to gain 2 Gold")


# ---- Graveyard: lose an apprentice (forced)

frame_rule("graveyard",
           legal=lambda s, f: [Action("discard_apprentice", card=c) for c in s.players[f[1]].apprentice_ids],
           resolve=lambda t, f, a: discard_apprentice(t, f[1], a.card, cause="the Graveyard"),
           prompt=lambda s, f: "Graveyard: discard 1 of your apprentices")


# ---- Crane: another worker onto the next Guildhall space, and build again

def _crane_legal(s, f):
    from .locations.guildhall import construct_options
    return construct_options(s, f[1]) + [Action("skip")]


def _crane_resolve(t, f, a):
    if a.kind == "skip":
        return
    from .locations.guildhall import enter, resolve_construct
    P(t, f[1]).workers_in_supply -= 1
    say(t, "placed", f[1], location="guildhall", cause="the Crane")
    enter(t, f[1])
    resolve_construct(t, f[1], a)


frame_rule("crane", legal=_crane_legal, resolve=_crane_resolve,
           prompt=lambda s, f: "Crane: put another worker in the Guildhall and construct again")
