"""The position: `Table` (everything on the table and in the players' hands, as
plain lists) and `Seat` (one player's part). The rules change a copy of a table
inside one `apply` (`Table.copy`); a table a state holds is never changed again.
`PlayerState` is the read-only record of a player that `state.players` gives.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, NamedTuple

from .constants import CARD_TYPES, MAGISTERS, RESOURCES, ZONES

HAND, PLAYED, NEXT, SPENT = range(4)


class Decision(NamedTuple):
    """A pending decision: its kind, whose it is, and its figures (a tuple of pairs)."""
    kind: str
    player: int
    data: tuple = ()

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.data:
            if k == key:
                return v
        return default

    def with_(self, **changes) -> Decision:
        d = dict(self.data)
        d.update(changes)
        return Decision(self.kind, self.player, tuple(sorted(d.items())))


def decision(kind: str, player: int, **data) -> Decision:
    return Decision(kind, player, tuple(sorted(data.items())))


class EditStep(NamedTuple):
    """A what-if edit recorded as a step of the game (player None: the board)."""
    player: int | None
    changes: str  # canonical JSON of the changes


class Seat:
    """One player's part of the table (mutable only inside one `apply`)."""
    __slots__ = ("announced", "arts", "emblem", "figures", "gold", "name", "passed", "recruits", "res",
                 "science", "tiles", "track", "vp", "warriors", "zones")

    def __init__(self, name: str, emblem: str):
        self.name = name
        self.emblem = emblem
        self.vp = 0
        self.gold = 0
        self.recruits = 0
        self.res = [0, 0, 0, 0]                      # RESOURCES order
        self.figures = 0                             # Wooden Figures in supply
        self.zones = [[0] * len(CARD_TYPES) for _ in ZONES]  # cards by zone and type
        self.track = [0, 0, 0, 0]                    # spaces reached on each Magister track
        self.tiles: tuple[str, ...] = ()
        self.arts = 0
        self.science = 0
        self.warriors = 0                            # Elite Warriors not on the wall
        self.passed = False
        self.announced: int | None = None            # unused cards announced on passing

    def copy(self) -> Seat:
        s = Seat.__new__(Seat)
        s.name, s.emblem, s.vp, s.gold, s.recruits = self.name, self.emblem, self.vp, self.gold, self.recruits
        s.res = self.res[:]
        s.figures = self.figures
        s.zones = [z[:] for z in self.zones]
        s.track = self.track[:]
        s.tiles, s.arts, s.science, s.warriors = self.tiles, self.arts, self.science, self.warriors
        s.passed, s.announced = self.passed, self.announced
        return s

    def cards(self) -> list[int]:
        """All 10 cards by type."""
        return [sum(z[c] for z in self.zones) for c in range(len(CARD_TYPES))]

    @property
    def cubes(self) -> int:
        return sum(self.res)


class Table:
    """Everything on the table (see the module text). Lists are per location, slot,
    seat, ... as the comments say; `None` in a supply means it never runs out."""
    __slots__ = (
        "attack_deck",
        "attack_due",
        "attacks_seen",
        "cursor",
        "events",
        "favor",
        "favor_deck",
        "favors_gone",
        "first",
        "grants",
        "hist",
        "hist_len",
        "is_view",
        "market",
        "n",
        "occ",
        "options",
        "order",
        "parts",
        "pending",
        "phase",
        "province",
        "province_deck",
        "provinces_seen",
        "repository",
        "rng",
        "round",
        "seats",
        "seed",
        "seen",
        "shortfall",
        "supply",
        "tiles_left",
        "token",
        "turn",
        "viewer",
        "wall",
    )

    n: int
    seed: int
    options: Any
    parts: Any                  # the Components
    rng: int
    round: int
    phase: str                  # "start", "split", "play", "losses", "over"
    cursor: int
    turn: int
    first: int
    order: list[int]
    seats: list[Seat]
    occ: list[list[tuple[int, ...]]]     # per location, per slot: the figures' seats
    token: list[list[int]]               # per location, per slot: the token's owner or -1
    repository: list[int]
    supply: dict[str, int | None]
    market: list[bool]
    favor: list[int | None]
    favor_deck: list[int]
    favors_gone: list[int]
    province: int | None
    province_deck: list[int]
    provinces_seen: list[int]
    grants: tuple[int, ...]
    attack_deck: list[int]
    attacks_seen: list[int]
    wall: list[int]
    tiles_left: dict[str, int]
    pending: list[Decision]
    shortfall: list[int]
    attack_due: int
    hist: Any
    hist_len: int
    #: per seat, the record of choices as that seat may see it (`views.mask_action` of each
    #: step of `hist`, same shape), kept step by step so that a view costs no walk of the
    #: record; None where it is not kept (a view, and states played on from one)
    seen: tuple | None
    events: list | None
    is_view: bool
    viewer: int | None

    def copy(self) -> Table:
        t = Table.__new__(Table)
        t.n, t.seed, t.options, t.parts, t.rng = self.n, self.seed, self.options, self.parts, self.rng
        t.round, t.phase, t.cursor, t.turn, t.first = self.round, self.phase, self.cursor, self.turn, self.first
        t.order = self.order[:]
        t.seats = [s.copy() for s in self.seats]
        t.occ = [row[:] for row in self.occ]
        t.token = [row[:] for row in self.token]
        t.repository = self.repository[:]
        t.supply = dict(self.supply)
        t.market = self.market[:]
        t.favor = self.favor[:]
        t.favor_deck = self.favor_deck[:]
        t.favors_gone = self.favors_gone[:]
        t.province = self.province
        t.province_deck = self.province_deck[:]
        t.provinces_seen = self.provinces_seen[:]
        t.grants = self.grants
        t.attack_deck = self.attack_deck[:]
        t.attacks_seen = self.attacks_seen[:]
        t.wall = self.wall[:]
        t.tiles_left = dict(self.tiles_left)
        t.pending = self.pending[:]
        t.shortfall = self.shortfall[:]
        t.attack_due = self.attack_due
        t.hist, t.hist_len, t.seen = self.hist, self.hist_len, self.seen
        t.events = None if self.events is None else []
        t.is_view, t.viewer = self.is_view, self.viewer
        return t

    @property
    def season(self) -> int:
        return min(self.parts.seasons, (self.round - 1) // self.parts.rounds_per_season + 1)


# ---------------------------------------------------------------- read-only records

def _counts(row, names) -> Mapping[str, int]:
    return MappingProxyType(dict(zip(names, row)))


@dataclass(frozen=True)
class PlayerState:
    """A player as `state.players[i]` shows them (API "Archon"). In another
    player's view, `hand` and `next_pile` are None (hidden): only their sizes
    (`hand_size`, `next_size`) and what the two hold together (`unseen`) show."""
    name: str
    emblem: str
    vp: int
    gold: int
    recruits: int
    resources: Mapping[str, int]
    figures_in_supply: int
    #: this round's unplayed cards (card type names, Courtiers first); None if hidden
    hand: tuple[str, ...] | None
    hand_size: int
    #: the other pile of the last split (next round's hand); None if hidden
    next_pile: tuple[str, ...] | None
    next_size: int
    #: hand and next pile together (public: every card a player holds is known by type)
    unseen: Mapping[str, int]
    played: tuple[str, ...]
    spent: tuple[str, ...]
    courtiers: int
    magisters: Mapping[str, int]
    magister_track: Mapping[str, int]
    tiles: tuple[str, ...]
    arts: int
    science: int
    warriors_on_wall: int
    warriors_in_supply: int
    passed: bool
    announced: int | None

    @property
    def cubes(self) -> int:
        return sum(self.resources.values())


def _names_of(row) -> tuple[str, ...]:
    return tuple(c for c, k in zip(CARD_TYPES, row) for _ in range(k))


def player_state(t: Table, i: int, hidden: bool) -> PlayerState:
    s = t.seats[i]
    total = s.cards()
    unseen = [s.zones[HAND][c] + s.zones[NEXT][c] for c in range(len(CARD_TYPES))]
    return PlayerState(
        name=s.name, emblem=s.emblem, vp=s.vp, gold=s.gold, recruits=s.recruits,
        resources=_counts(s.res, RESOURCES), figures_in_supply=s.figures,
        hand=None if hidden else _names_of(s.zones[HAND]), hand_size=sum(s.zones[HAND]),
        next_pile=None if hidden else _names_of(s.zones[NEXT]), next_size=sum(s.zones[NEXT]),
        unseen=_counts(unseen, CARD_TYPES),
        played=_names_of(s.zones[PLAYED]), spent=_names_of(s.zones[SPENT]),
        courtiers=total[0], magisters=_counts(total[1:], MAGISTERS),
        magister_track=_counts(s.track, MAGISTERS), tiles=s.tiles, arts=s.arts, science=s.science,
        warriors_on_wall=sum(1 for w in t.wall if w == i), warriors_in_supply=s.warriors,
        passed=s.passed, announced=s.announced,
    )
