"""Guildhall: place a worker to construct a building from your hand or to
advance work on the Cathedral (RB, Guildhall; Constructing Buildings and the
Cathedral). Workers here stay for the game. Spaces fill left to right, top to
bottom, n+1 columns by 4 rows; the left-most space of rows 3 and 4 queues a
Black Market reset, the last space triggers the end of the game (facts §8).
You may place here only if you can construct something."""
from __future__ import annotations

from .. import cards
from ..actions import Action, shared
from ..behaviour import hook_any, hooked
from ..behaviour.buildings import on_construct
from ..core import (
    BUILDING,
    REWARD,
    cathedral_space_free,
    change_virtue,
    discard_from_hand,
    gain,
    geometry_n,
    has_skills,
    holds,
    open_decision,
    put_silver_on_deck,
    record_event,
    remove_from_display,
    skills_of,
    writable_player,
)
from ..decisions import DecisionRule, FromBuilding, LocationRule, Reason, no_blocker, reason

# ---- paying a cost (characters may widen the ways to pay)

def payments(s, p, cost) -> list[tuple]:
    """Every way player p can pay `cost` now, as ((resource, n), ...) tuples.
    A `cost_cut` pays 1 of those resources less (Lothaire: Wood or Stone);
    `gold_is_marble` treats Gold and Marble as one (Therese)."""
    pl = s.players[p]
    cuts = hooked(s, p, "cost_cut")
    mixed = hook_any(s, p, "gold_is_marble")
    if not cuts and not mixed:  # one way to pay: the printed cost
        return [tuple(sorted(cost.items()))] if holds(pl, cost.items()) else []
    options = [dict(cost)]
    if cuts:
        cut = []
        for r in cuts[0].value:
            if cost.get(r):
                c = dict(cost)
                c[r] -= 1
                cut.append(c)
        options = cut or options
    if mixed:
        mixed_options = []
        for c in options:
            need = c.get("gold", 0) + c.get("marble", 0)
            for g in range(need + 1):
                d = dict(c)
                d["gold"], d["marble"] = g, need - g
                mixed_options.append(d)
        options = mixed_options
    out = []
    for c in options:
        key = tuple(sorted((r, n) for r, n in c.items() if n))
        if key not in out and holds(pl, key):
            out.append(key)
    return out


def pay_resources(t, p, payment, *, cause: str) -> None:
    pl = writable_player(t, p)
    for r, n in payment:
        setattr(pl, r, getattr(pl, r) - n)
    record_event(t, "paid_resources", p, items=dict(payment), cause=cause)


# ---- what can be constructed

def building_options(s, p) -> list[Action]:
    out = []
    for name in dict.fromkeys(s.players[p].hand):
        b = BUILDING[name]
        if has_skills(s, p, b.skills):
            out += [Action("construct", card=name, option=pay) for pay in payments(s, p, b.cost)]
    return out


_COMPLETE, _VIRTUE = reason("cathedral_complete"), reason("cathedral_virtue")


def cathedral_blocker(s, p) -> Reason | None:
    """Why player p cannot advance work on the Cathedral now (None: they may, if they can pay)."""
    pl = s.players[p]
    if pl.cathedral_level >= len(cards.CATHEDRAL):
        return _COMPLETE
    if not pl.is_byzantine and not cards.VIRTUE_TRACK[pl.virtue].cathedral:
        return _VIRTUE
    if not cathedral_space_free(s, pl.cathedral_level + 1):
        return reason("cathedral_full", level=pl.cathedral_level + 1)
    if not pl.hand and not pl.is_byzantine and not hook_any(s, p, "no_cathedral_discard"):
        return reason("cathedral_discard")
    return None


def cathedral_options(s, p) -> list[Action]:
    if cathedral_blocker(s, p):
        return []
    if s.players[p].is_byzantine:  # the solo opponent "doesn't require goods/cards" (RB, Solo Play)
        return [Action("cathedral", option=())]
    level = cards.CATHEDRAL[s.players[p].cathedral_level]
    out = []
    for cost in level.costs:
        for pay in payments(s, p, cost):
            a = Action("cathedral", option=pay)
            if a not in out:
                out.append(a)
    return out


def construct_options(s, p) -> list[Action]:
    return building_options(s, p) + cathedral_options(s, p)


#: building name -> its printed cost as ((resource, n), ...)
_COST_ITEMS = {name: tuple(b.cost.items()) for name, b in BUILDING.items()}


def can_construct(s, p) -> bool:
    """Whether `construct_options` offers anything: the first constructible thing
    found is enough."""
    pl = s.players[p]
    printed = not hooked(s, p, "cost_cut") and not hook_any(s, p, "gold_is_marble")
    if pl.hand:
        skills = skills_of(pl.apprentice_ids)
        for name in pl.hand:
            b = BUILDING[name]
            if b.skills and not b.skills <= skills:
                continue
            if holds(pl, _COST_ITEMS[name]) if printed else payments(s, p, b.cost):  # printed: as `payments`
                return True
    if cathedral_blocker(s, p):
        return False
    if pl.is_byzantine:
        return True
    for cost in cards.CATHEDRAL[pl.cathedral_level].costs:  # a loop, not any(...): no closure, so it compiles typed
        if holds(pl, cost.items()) if printed else payments(s, p, cost):
            return True
    return False


def _blocker(s, p):
    if can_construct(s, p):
        return None
    return reason("cannot_construct", cathedral=cathedral_blocker(s, p) or reason("cathedral_cost"))


# ---- the spaces and their triggers

def enter(t, p) -> int:
    """Lay a worker on the next Guildhall space and fire that space's trigger."""
    n = geometry_n(t)
    k = len(t.guildhall) + 1
    t.guildhall = t.guildhall + (p,)
    last = 4 * (n + 1)
    if k > last:
        record_event(t, "guildhall_side", p)
        return k
    record_event(t, "guildhall_space", p, space=k, row=(k - 1) // (n + 1) + 1, column=(k - 1) % (n + 1) + 1)
    if t.options.artisans and k in (3, n + 4, 2 * n + 5):
        artisans_discard(t)
    elif k in (2 * n + 3, 3 * n + 4):
        t.reset_queued = True
        record_event(t, "reset_triggered", p, space=k)
    elif k == last:
        t.end_trigger = p
        t.final_turns = len(t.players) + 1  # this turn, then one more turn each
        record_event(t, "end_triggered", p)
    return k


def artisans_discard(t) -> None:
    """Age of Artisans: the 3rd space of rows 1-3 discards both left-most display
    apprentices to the bottom of the deck; their Silver returns to the supply
    (SUM; online it stays on the cards: Options.artisans_discard_returns_silver)."""
    gone = []
    keep_silver = not t.options.artisans_discard_returns_silver
    for slot in (0, 4):
        card, coins = remove_from_display(t, slot)
        if card:
            t.apprentice_deck = t.apprentice_deck + (card,)
            gone.append(cards.APPRENTICES[card - 1].name)
            if coins and keep_silver:
                put_silver_on_deck(t, card, coins)
    record_event(t, "display_discarded", None, apprentices=gone)


# ---- constructing

def construct_building(t, p, name: str, payment) -> None:
    b = BUILDING[name]
    pay_resources(t, p, payment, cause=f"constructing the {name}")
    pl = writable_player(t, p)
    hand = list(pl.hand)
    hand.remove(name)
    pl.hand = tuple(hand)
    pl.buildings = pl.buildings + (name,)
    record_event(t, "constructed", p, building=name, vp=b.vp)
    if b.virtue:
        change_virtue(t, p, b.virtue, cause=f"constructing the {name}")
    for h in hooked(t, p, "after_building_decision"):  # Clovis: after the building's own effect,
        open_decision(t, h.value, p)                    # choices included (as online)
    on_construct(t, p, b)


def advance_cathedral(t, p, payment) -> None:
    """Steps 1-4 of Advancing Work on the Cathedral; the solo opponent skips
    paying (1) and discarding (2) (RB, Solo Play)."""
    pl = t.players[p]
    if not pl.is_byzantine:
        pay_resources(t, p, payment, cause="work on the Cathedral")
    if pl.is_byzantine or hook_any(t, p, "no_cathedral_discard"):
        finish_cathedral(t, p)
    else:
        open_decision(t, "cathedral_discard", p)


def finish_cathedral(t, p) -> None:
    pl = writable_player(t, p)
    pl.cathedral_level += 1
    record_event(t, "cathedral", p, level=pl.cathedral_level)
    if t.rewards:
        card, t.rewards = t.rewards[0], t.rewards[1:]
        record_event(t, "reward", p, card=card)
        got = REWARD[card].gain
        if pl.is_byzantine:  # it collects no Silver, resources or cards; Marble only for scoring (RB, Solo Play)
            got = {k: v for k, v in got.items() if k in ("marble", "virtue")}
        gain(t, p, got, cause="a reward card")
    else:
        gain(t, p, {"virtue": 1}, cause="the Cathedral (no reward card left)")
    for h in hooked(t, p, "cathedral_gain"):
        gain(t, p, h.value, cause=h.cause)


def _legal(s, dec):
    return construct_options(s, dec.player)


def resolve_construct(t, p, a) -> None:
    if a.kind == "construct":
        construct_building(t, p, a.card, a.option)
    else:
        advance_cathedral(t, p, a.option)


def _resolve(t, dec, a):
    resolve_construct(t, dec.player, a)


def _discard_legal(s, dec):
    return [shared("discard", card=c) for c in dict.fromkeys(s.players[dec.player].hand)]


def _discard_resolve(t, dec, a):
    discard_from_hand(t, dec.player, a.card, cause="work on the Cathedral")
    finish_cathedral(t, dec.player)


def _why(s, dec, a):
    p = dec.player
    if a.kind == "construct":
        if a.card not in s.players[p].hand:
            return reason("not_in_hand", card=a.card)
        b = BUILDING.get(a.card)
        if b and not has_skills(s, p, b.skills):
            return reason("needs_skills", card=a.card, skills=tuple(sorted(b.skills)))
        return reason("cannot_pay_building", card=a.card)
    if a.kind == "cathedral":
        return reason("cathedral_action", why=cathedral_blocker(s, p) or reason("cathedral_cost_action"))
    return None


def _place(t, p):
    enter(t, p)
    open_decision(t, "guildhall", p)


# ---- Crane: another worker onto the next Guildhall space, and build again

def _crane_legal(s, dec):
    return construct_options(s, dec.player) + [shared("skip")]


def _crane_resolve(t, dec, a):
    if a.kind == "skip":
        return
    writable_player(t, dec.player).workers_in_supply -= 1
    record_event(t, "placed", dec.player, location="guildhall", cause="the Crane")
    enter(t, dec.player)
    resolve_construct(t, dec.player, a)


LOCATION = LocationRule("guildhall", blocker=_blocker, place=_place, allows=can_construct)
#: how the Guildhall plays for the Byzantine opponent: always open to it (it constructs no
#: buildings); its worker takes the next space and it advances the Cathedral if it can
OPPONENT = LocationRule("guildhall", blocker=no_blocker, place=_place)
DECISION = DecisionRule("guildhall", legal=_legal, resolve=_resolve, why=_why)
CATHEDRAL_DISCARD = DecisionRule(
    "cathedral_discard", legal=_discard_legal, resolve=_discard_resolve)
#: opened by the Crane's effect (archwk.games.architects.buildings)
CRANE = DecisionRule("crane", legal=_crane_legal, resolve=_crane_resolve, data=FromBuilding)
