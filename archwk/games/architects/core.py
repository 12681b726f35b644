"""Shared rule helpers used by every location and card.

Rules code works on a `_MutableState` (`t`, the transaction) inside one
`apply`: it reads the old parts and replaces only what changes; `commit`
freezes the result. Each
helper here is one rule of the rulebook, written once: paying with Tax, virtue
moves (debts below 0, destroyed debts above 14), taking debts, hiring an
apprentice, capturing a group, drawing building cards.
"""
from __future__ import annotations

from typing import Any

from ...kit.errors import ArchwkError
from . import cards
from .behaviour import hook_sum, hooked
from .constants import APPRENTICE_LIMIT, BLACK_MARKET_SPACES, OPEN_INDEX, OPEN_LOCATIONS, RESOURCES
from .decisions import DebtsToTake, Decision, HiredApprentice
from .events import QUIET, QUIET_LOG, Event
from .state import FrozenState, PlayerState, SilverOnCard, _copy_player, _MutablePlayer, _MutableState, copy_state_slots

APPRENTICES = cards.APPRENTICES
BUILDING = {b.name: b for b in cards.BUILDINGS}
REWARD = {c.id: c for c in cards.REWARDS}


# --------------------------------------------------------------------------- transactions

def thaw(s: FrozenState) -> _MutableState:
    """A writable copy of a frozen state, for one transaction."""
    t = _MutableState.__new__(_MutableState)
    copy_state_slots(s, t)
    t.players = list(s.players)
    t.events = QUIET_LOG if s.events is QUIET else []
    t._tx = {}
    t._legal = None  # the copy's own legal actions: worked out for it (engine.legal_list)
    return t


def commit(t: _MutableState) -> Any:
    """Freeze a transaction: into the class of the state it was thawed from
    (typed Any: that class is only known at run time)."""
    for m in t._tx.values():
        m.__class__ = PlayerState  # freeze_player, inline: once per changed player per action
    t.players = tuple(t.players)
    ev = t.events
    t.events = QUIET if ev is QUIET_LOG else tuple(ev)
    t._tx = None
    t.__class__ = t._frozen_as
    return t


def writable_player(t, i: int):
    """Player i, writable inside this transaction."""
    m = t._tx.get(i)
    if m is None:
        m = _new_mutable_player(_MutablePlayer)  # thaw_player, inline: asked at nearly every action
        _copy_player(t.players[i], m)
        t._tx[i] = m
        t.players[i] = m
    return m


_new_mutable_player = _MutablePlayer.__new__
_new_event = Event.__new__


def record_event(t, kind: str, player: int | None, **data) -> None:
    """Record that something happened (worded by the explainer); nothing in a
    quiet transaction (archwk.games.architects.engine.quiet). The callers run at nearly every
    decision ask `t.events is not QUIET_LOG` first: a quiet game then skips the call."""
    log = t.events
    if log is QUIET_LOG:
        return
    # events._make, inline (2-3 events an action): the event owns the fresh `data`
    e = _new_event(Event)
    e._kind, e._player, e._who, e._data = kind, player, t.players[player].name if player is not None else None, data
    log.append(e)


_new_tuple = tuple.__new__


def open_decision(t, kind: str, player: int, data: tuple = ()) -> None:
    """Put a decision on top of the pending ones (it is decided next)."""
    t.pending = t.pending + (_new_tuple(Decision, (kind, player, data)),)  # Decision(kind, player, data)


# --------------------------------------------------------------------------- Silver on apprentice cards in the deck

def take_silver_on_deck(t, card: int) -> int:
    """Silver that went back to the deck on this apprentice card (online rule); removed."""
    for i, lying in enumerate(t.silver_on_deck):
        if lying.card == card:
            t.silver_on_deck = t.silver_on_deck[:i] + t.silver_on_deck[i + 1:]
            return lying.silver
    return 0


def put_silver_on_deck(t, card: int, coins: int) -> None:
    """Silver stays on an apprentice card going back to the deck (online rule)."""
    t.silver_on_deck = tuple(SilverOnCard(c, n) for c, n in sorted({**dict(t.silver_on_deck), card: coins}.items()))


# --------------------------------------------------------------------------- board

def geometry_n(s) -> int:
    """Player count used for the Guildhall geometry: solo uses the 2-player board."""
    return max(2, len(s.players))


def workers_at(s, location: str) -> dict[int, int]:
    if location in OPEN_INDEX:
        row = s.board[OPEN_INDEX[location]]
        return {i: c for i, c in enumerate(row) if c}
    if location in BLACK_MARKET_SPACES:
        owner = s.black_market[BLACK_MARKET_SPACES.index(location)]
        return {owner: 1} if owner >= 0 else {}
    if location == "guildhall":
        out: dict[int, int] = {}
        for i in s.guildhall:
            out[i] = out.get(i, 0) + 1
        return out
    if location == "prison":
        return {i: p.in_prison for i, p in enumerate(s.players) if p.in_prison}
    known = OPEN_LOCATIONS + BLACK_MARKET_SPACES + ("guildhall", "prison")
    raise ArchwkError(f"unknown location {location!r}; expected one of {known}")


def own_at(s, location: str, p: int) -> int:
    return s.board[OPEN_INDEX[location]][p]


def add_workers(t, location: str, p: int, d: int) -> None:
    i = OPEN_INDEX[location]
    row = list(t.board[i])
    row[p] += d
    board = list(t.board)
    board[i] = tuple(row)
    t.board = tuple(board)


def worker_total(s, p: int) -> int:
    """All 20 of a player's workers are somewhere: supply, board, Prison,
    another player's board or the Guildhall."""
    n = s.players[p].workers_in_supply + s.players[p].in_prison
    n += sum(row[p] for row in s.board)
    n += sum(1 for o in s.black_market if o == p)
    n += sum(1 for o in s.guildhall if o == p)
    n += sum(q.captured[p] for q in s.players)
    return n


# --------------------------------------------------------------------------- apprentices

def holds(pl, items) -> bool:
    """Whether player board `pl` has at least these amounts, ((item, n), ...): a cost
    it can pay, a trade it can make."""
    for r, n in items:  # noqa: SIM110  (a loop: asked at every listing, faster than all() of a generator)
        if getattr(pl, r) < n:
            return False
    return True


def has_skills(s, p: int, needed) -> bool:
    if not needed:
        return True
    return needed <= skills_of(s.players[p].apprentice_ids)


_skills_memo: dict[tuple, frozenset] = {}
_skills_rows: list = [None]  # the card list the kept answers were computed from


def skills_of(apprentice_ids: tuple) -> frozenset:
    """The skills these hired apprentices give together (kept: asked at every listing)."""
    if _skills_rows[0] is not cards.APPRENTICES or len(_skills_memo) > 50_000:
        _skills_memo.clear()
        _skills_rows[0] = cards.APPRENTICES
    got = _skills_memo.get(apprentice_ids)
    if got is None:
        have: set = set()
        for i in apprentice_ids:
            have |= cards.APPRENTICES[i - 1].skills
        got = _skills_memo[apprentice_ids] = frozenset(have)
    return got


def apprentice_limit(s, p: int) -> int:
    return APPRENTICE_LIMIT + hook_sum(s, p, "apprentice_limit_bonus")


# --------------------------------------------------------------------------- silver and tax

def taxes_avoided(s, p: int) -> int:
    """Virtue 3 or less skimps on Tax (track icons); cards may ignore more (Ada)."""
    return cards.VIRTUE_TRACK[s.players[p].virtue].avoid_tax + hook_sum(s, p, "taxes_avoided")


def price(s, p: int, silver: int, tax: int) -> tuple[int, int]:
    """(total silver to pay, of which Tax) for a cost of `silver` including `tax`."""
    avoided = min(tax, taxes_avoided(s, p))
    return silver - avoided, tax - avoided


def can_pay(s, p: int, silver: int, tax: int = 0) -> bool:
    return s.players[p].silver >= price(s, p, silver, tax)[0]


def pay(t, p: int, silver: int, tax: int = 0, *, cause: str) -> None:
    total, to_tax = price(t, p, silver, tax)
    pl = writable_player(t, p)
    assert pl.silver >= total, "payment checked before"
    pl.silver -= total
    t.tax += to_tax
    if (total or tax) and t.events is not QUIET_LOG:
        record_event(t, "paid", p, silver=total, tax=to_tax, avoided=tax - to_tax, cause=cause)


# --------------------------------------------------------------------------- virtue and debts

#: the causes of the Debts the Virtue track gives and destroys (RB, Virtue Track)
VIRTUE_BELOW_0 = "Virtue below 0"
VIRTUE_ABOVE_14 = "Virtue above 14"


def change_virtue(t, p: int, delta: int, *, cause: str) -> None:
    """Move on the Virtue track. Below 0: one unpaid Debt per point lost there.
    Above 14: one unpaid Debt destroyed per point gained there (RB, Virtue Track)."""
    if delta == 0:
        return
    pl = writable_player(t, p)
    new = pl.virtue + delta
    debts = destroyed = 0
    if new < 0:
        debts, new = -new, 0
    elif new > 14:
        destroyed = min(new - 14, pl.debts_unpaid)
        new = 14
    moved = new - pl.virtue
    pl.virtue = new
    if t.events is not QUIET_LOG:
        # asked: the change the rule asked for; delta: the move on the track; the points that
        # would go below 0 become Debts, those above 14 destroy Debts (the rest are lost)
        record_event(t, "virtue", p, delta=moved, asked=delta, virtue=new, cause=cause,
                     below=debts, destroyed=destroyed)
    if destroyed:
        pl.debts_unpaid -= destroyed
        record_event(t, "debt_destroyed", p, count=destroyed, cause=VIRTUE_ABOVE_14)
    if debts:
        take_debt(t, p, debts, cause=VIRTUE_BELOW_0)


def take_debt(t, p: int, n: int = 1, *, cause: str) -> None:
    if n <= 0:
        return
    for choice in hooked(t, p, "debt_choice"):
        # Silver instead of each Debt (Hugo), decided when it would be taken
        if t.phase == "play" and t.players[p].silver >= choice.value.silver:
            open_decision(t, choice.value.decision, p, DebtsToTake(n, cause))
            return
    writable_player(t, p).debts_unpaid += n
    record_event(t, "debt_taken", p, count=n, cause=cause)


def pay_off_debt(t, p: int) -> None:
    """Flip one Debt to paid: +1 virtue, then Debt Collector bonuses."""
    pl = writable_player(t, p)
    pl.debts_unpaid -= 1
    pl.debts_paid += 1
    record_event(t, "debt_paid", p)
    change_virtue(t, p, 1, cause="paying off a Debt")
    for name, goods in debt_bonuses(t, p):
        gain(t, p, goods, cause=name)


def debt_bonuses(s, p: int) -> list[tuple[str, dict]]:
    """What paying off a Debt gives beside the Virtue (Debt Collectors), with who gives it."""
    return [(h.cause, dict(h.value)) for h in hooked(s, p, "debt_paid_gain")]


# --------------------------------------------------------------------------- gaining

def gain(t, p: int, bundle, *, cause: str) -> None:
    """Gain resources, silver, building cards and/or virtue."""
    pl = writable_player(t, p)
    got = {}
    for k, v in bundle.items():
        if not v:
            continue
        if k in RESOURCES or k == "silver":
            setattr(pl, k, getattr(pl, k) + v)
            got[k] = v
    if got and t.events is not QUIET_LOG:
        record_event(t, "gained", p, items=got, cause=cause)
    if bundle.get("cards"):
        draw_buildings(t, p, bundle["cards"], cause=cause)
    if bundle.get("virtue"):
        change_virtue(t, p, bundle["virtue"], cause=cause)


def draw_buildings(t, p: int, k: int, *, cause: str) -> tuple:
    got = t.building_deck[:k]
    t.building_deck = t.building_deck[k:]
    if got:
        pl = writable_player(t, p)
        pl.hand = pl.hand + got
    record_event(t, "drew", p, count=len(got), wanted=k, cause=cause)
    return got


def to_deck_bottom(t, names) -> None:
    t.building_deck = t.building_deck + tuple(names)


def discard_from_hand(t, p: int, name: str, *, cause: str) -> None:
    pl = writable_player(t, p)
    hand = list(pl.hand)
    hand.remove(name)
    pl.hand = tuple(hand)
    to_deck_bottom(t, (name,))
    record_event(t, "discarded", p, card=name, cause=cause)


# --------------------------------------------------------------------------- the apprentice display

def remove_from_display(t, slot: int) -> tuple[int, int]:
    """Take the card at `slot` away; the row shifts left and refills at the right.
    Returns (apprentice id, silver that lay on it)."""
    row, col = divmod(slot, 4)
    disp, silv = list(t.display), list(t.display_silver)
    card, coins = disp[slot], silv[slot]
    base = row * 4
    for c in range(col, 3):
        disp[base + c], silv[base + c] = disp[base + c + 1], silv[base + c + 1]
    if t.apprentice_deck:
        disp[base + 3], silv[base + 3] = t.apprentice_deck[0], 0
        t.apprentice_deck = t.apprentice_deck[1:]
        if t.silver_on_deck:  # online: Silver left on a card discarded from the display comes back with it
            silv[base + 3] = take_silver_on_deck(t, disp[base + 3])
    else:
        disp[base + 3], silv[base + 3] = 0, 0
    t.display, t.display_silver = tuple(disp), tuple(silv)
    return card, coins


def hire(t, p: int, slot: int, *, via: str) -> int:
    """Hire the apprentice at a display slot: take any silver lying on it, apply
    its virtue, shift and refill the row. At the limit a discard follows (the
    new card cannot be the one discarded)."""
    card, coins = remove_from_display(t, slot)
    pl = writable_player(t, p)
    pl.apprentice_ids = pl.apprentice_ids + (card,)
    a = APPRENTICES[card - 1]
    record_event(t, "hired", p, apprentice=a.name, card=card, via=via, silver_on_card=coins)
    if coins:
        pl.silver += coins
    if a.virtue:
        change_virtue(t, p, a.virtue, cause=f"hiring the {a.name}")
    if len(pl.apprentice_ids) > apprentice_limit(t, p):
        open_decision(t, "apprentice_limit", p, HiredApprentice(card))
    return card


def discard_apprentice(t, p: int, card: int, *, cause: str) -> None:
    """An apprentice leaves a player's board for the bottom of the apprentice deck
    (its virtue on hire is not reversed)."""
    pl = writable_player(t, p)
    ids = list(pl.apprentice_ids)
    ids.remove(card)
    pl.apprentice_ids = tuple(ids)
    t.apprentice_deck = t.apprentice_deck + (card,)
    record_event(t, "apprentice_discarded", p, apprentice=APPRENTICES[card - 1].name, card=card, cause=cause)


# --------------------------------------------------------------------------- captures

def capture_targets(s, p: int, used: tuple, max_locations: int) -> list[tuple[str, int]]:
    """Groups (location, owner) that may be captured: one colour at one large open
    location; at most `max_locations` different locations in one action."""
    out = []
    for loc, row in zip(OPEN_LOCATIONS, s.board):
        if loc not in used and len(used) >= max_locations:
            continue
        for owner, c in enumerate(row):
            if c:
                out.append((loc, owner))
    return out


def capture(t, p: int, location: str, owner: int, *, cause: str) -> None:
    """Take one group: opposing workers go onto the captor's board, own workers
    back to the supply (RB, Town Centre)."""
    n = own_at(t, location, owner)
    add_workers(t, location, owner, -n)
    if owner == p:
        writable_player(t, p).workers_in_supply += n
    else:
        pl = writable_player(t, p)
        cap = list(pl.captured)
        cap[owner] += n
        pl.captured = tuple(cap)
    record_event(t, "captured", p, location=location, owner=owner, owner_name=t.players[owner].name,
        count=n, cause=cause)


def capture_location_limit(s) -> int:
    """RB: captures from up to 2 locations with 2-3 players (and solo), 1 with 4+."""
    return 2 if len(s.players) <= 3 else 1


def release_from_prison(t, p: int, k: int | None = None, *, cause: str) -> int:
    pl = writable_player(t, p)
    n = pl.in_prison if k is None else min(k, pl.in_prison)
    if n:
        pl.in_prison -= n
        pl.workers_in_supply += n
        record_event(t, "released", p, count=n, source="prison", cause=cause)
    return n


def release_from_boards(t, p: int, *, cause: str) -> int:
    n = 0
    for o in range(len(t.players)):
        c = t.players[o].captured[p]
        if c and o != p:
            q = writable_player(t, o)
            cap = list(q.captured)
            cap[p] = 0
            q.captured = tuple(cap)
            n += c
    if n:
        writable_player(t, p).workers_in_supply += n
        record_event(t, "released", p, count=n, source="boards", cause=cause)
    return n


def held_by_others(s, p: int) -> int:
    return sum(q.captured[p] for o, q in enumerate(s.players) if o != p)


# --------------------------------------------------------------------------- cathedral

def cathedral_occupancy(s, level: int) -> int:
    return sum(1 for q in s.players if q.cathedral_level == level)


def cathedral_space_free(s, level: int) -> bool:
    return cathedral_occupancy(s, level) < cards.CATHEDRAL[level - 1].spaces
