"""The read API of everything on Archon's table that players can see
(`archwk.table(state)`, API "Archon"): the season and round, every action slot
(location, slot index, cards needed, covered, occupant figures, Tax Collector
token owner), the Repository display, the Marketplace slots, the Palace's King's
Favor cards in slot order, the current King's Grant, the city wall, the Building
tiles left, the decks' sizes, and which groups of figures are examples the
rulebook does not print (`unprinted`: shown to players with a mark).

>>> import archwk
>>> tb = archwk.table(archwk.new_game(2, seed=1, game="archon"))
>>> tb.season, tb.round, len(tb.favors)
(1, 1, 2)
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from .constants import LOCATIONS, RESOURCES
from .rules import PALACE, action_of, slot_cards


@dataclass(frozen=True)
class SlotView:
    location: str
    slot: int
    cards: int | None            #: cards it needs (None: covered, or an empty Favor slot)
    covered: bool                #: §3 step 20
    occupants: tuple[int, ...]   #: seats of the figures on it, in the order placed
    token: int | None            #: seat of the Tax Collector token's owner
    merchant: bool               #: shows the Merchant symbol


@dataclass(frozen=True)
class MarketSlotView:
    slot: int
    resource: str
    price: int
    filled: bool


@dataclass(frozen=True)
class FavorView:
    slot: int
    card: int                           #: the card's number in the components file
    cards: int                          #: cards its slot needs
    merchant: bool
    gain: Mapping[str, int] | None      #: what it gives, or
    action: str | None                  #: the building whose action it gives


@dataclass(frozen=True)
class GrantView:
    card: int
    season: int
    market: Mapping[str, int]
    arts: tuple[int, ...]
    science: tuple[int, ...]
    warriors: tuple[int, ...]


@dataclass(frozen=True)
class WallSlotView:
    slot: int
    gate: bool
    open: bool                   #: in play with this many players
    owner: int | None


@dataclass(frozen=True)
class Table:
    season: int
    round: int
    rounds: int
    order: tuple[int, ...]
    slots: tuple[SlotView, ...]
    repository: Mapping[str, int]
    province: int | None
    marketplace: tuple[MarketSlotView, ...]
    favors: tuple[FavorView, ...]
    grant: GrantView
    grants: tuple[GrantView, ...]          #: the three King's Grant cards, Season by Season
    wall: tuple[WallSlotView, ...]
    tiles_left: Mapping[str, int]
    decks: Mapping[str, int]               #: cards left in the Province, King's Favor and Attack decks
    supply: Mapping[str, int | None]       #: None: never runs out
    attacks: tuple[tuple[int, int], ...]   #: revealed Attack cards: (card, Strength)
    unprinted: tuple[str, ...]

    def slots_at(self, location: str) -> tuple[SlotView, ...]:
        return tuple(s for s in self.slots if s.location == location)


def _grant(parts, gid: int, season: int) -> GrantView:
    g = parts.grant(gid)
    return GrantView(gid, season, MappingProxyType(dict(g.market)), g.arts, g.science, g.warriors)


def table(state) -> Table:
    t = state._t
    parts = t.parts
    slots = []
    for li, loc in enumerate(LOCATIONS):
        for si in range(len(t.occ[li])):
            need = slot_cards(t, li, si)
            is_covered = li != PALACE and parts.locations[loc].slots[si].players > t.n
            if need is not None:
                _, sym, _ = action_of(t, li, si)
            else:
                sym = li != PALACE and parts.locations[loc].merchant
            slots.append(SlotView(loc, si, need, is_covered, tuple(t.occ[li][si]),
                                  t.token[li][si] if t.token[li][si] >= 0 else None, bool(sym)))
    favors = []
    for i, fid in enumerate(t.favor):
        if fid is None:
            continue
        f = parts.favor(fid)
        favors.append(FavorView(i, fid, f.cards, f.merchant,
                                MappingProxyType(dict(f.gain)) if f.gain is not None else None, f.action))
    season = t.season
    return Table(
        season=season, round=t.round, rounds=parts.rounds, order=tuple(t.order), slots=tuple(slots),
        repository=MappingProxyType(dict(zip(RESOURCES, t.repository))), province=t.province,
        marketplace=tuple(MarketSlotView(i, ms.resource, ms.price, t.market[i])
                          for i, ms in enumerate(parts.marketplace)),
        favors=tuple(favors), grant=_grant(parts, t.grants[season - 1], season),
        grants=tuple(_grant(parts, g, i + 1) for i, g in enumerate(t.grants)),
        wall=tuple(WallSlotView(i, ws.gate, ws.players <= t.n, t.wall[i] if t.wall[i] >= 0 else None)
                   for i, ws in enumerate(parts.wall)),
        tiles_left=MappingProxyType(dict(t.tiles_left)),
        decks=MappingProxyType({"provinces": len(t.province_deck), "kings_favors": len(t.favor_deck),
                                "attacks": len(t.attack_deck)}),
        supply=MappingProxyType(dict(t.supply)),
        attacks=tuple((a, parts.attack(a).strength[t.n]) for a in t.attacks_seen),
        unprinted=parts.unprinted,
    )
