"""Everything on the table that the players can see, as plain frozen records.

`table(state)` reads one position into a `Table`: the Workshop's apprentice
display with the Silver lying on its cards, the Black Market spaces and piles,
the reward pile, the Guildhall spaces with their occupants and triggers, the
Cathedral levels, the deck sizes, the Tax Stand, the workers at every location
and whose decision it is. It is the read API for widgets and outside scripts;
`to_json()` is a save format, not a read API. A player's view
(`state.view(p)`) gives the same table: nothing here is secret.

`archwk.games.architects.table` is the function; import names from this module with
`from archwk.games.architects.table import guildhall_spaces` (or `importlib.import_module`).

>>> import archwk
>>> t = archwk.table(archwk.new_game(3, seed=7))
>>> [slot.silver for slot in t.display]
[0, 0, 0, 0, 0, 0, 0, 0]
>>> t.tax, t.resets, t.reward_pile.count, t.reward_pile.top
(4, 0, 7, None)
>>> len(t.guildhall), [s.number for s in t.guildhall if s.trigger]
(16, [9, 13, 16])
>>> t.decision_kind, t.current_player, t.prompt.split(":")[0]
('draft', 1, 'Player 2')

The Guildhall's layout needs no game at all:

>>> [(s.number, s.trigger) for s in guildhall_spaces(2) if s.trigger]
[(7, 'black_market_reset'), (10, 'black_market_reset'), (12, 'game_end')]
"""
from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from . import cards, core
from .locations import workshop
from .model import BLACK_MARKET_SPACES, LOCATIONS, GameState

#: the Guildhall space triggers (RB, Guildhall and Black Market Reset; facts §8.3)
APPRENTICE_DISCARD = "apprentice_discard"   # Age of Artisans: the 3rd space of rows 1-3
BLACK_MARKET_RESET = "black_market_reset"   # the left-most space of rows 3 and 4
GAME_END = "game_end"                       # the last space
GUILDHALL_TRIGGERS = (APPRENTICE_DISCARD, BLACK_MARKET_RESET, GAME_END)

#: Silver printed on the Black Market spaces A, B, C (RB, Black Market)
BLACK_MARKET_SILVER = (1, 2, 3)
DISPLAY_ROWS, DISPLAY_COLUMNS = 2, 4
#: the locations `Table.workers` covers: the board's locations and the Prison
WORKER_LOCATIONS = LOCATIONS + ("prison",)


# --------------------------------------------------------------------------- records

@dataclass(frozen=True)
class DisplaySlot:
    """One space of the Workshop's apprentice display (2 rows of 4).

    `position` is 1-8 as the board numbers it: row 1 is 1-4, row 2 is 5-8,
    column 1 left-most (the hire action's label uses the same number).
    `apprentice` is the card id (None when the space is empty). `silver` lies
    on the card and goes to whoever hires it. `hire_cost` is the Silver the
    player to decide would pay to hire from here at the Workshop now: 4, of
    which 2 Tax (less any Tax their Virtue or character avoids), plus 1 per
    card skipped to reach this column, counting the workers they have at the
    Workshop (at the Workshop's own decision) or would have after placing one
    there (RB, Workshop). None when the space is empty or the game is over.
    `skipped` is the part of `hire_cost` laid on the skipped cards of the row
    (1 Silver each), None when `hire_cost` is.
    """
    position: int
    row: int
    column: int
    apprentice: int | None
    name: str | None
    skills: frozenset[str]
    silver: int
    hire_cost: int | None
    skipped: int | None = None


@dataclass(frozen=True)
class BlackMarketSpace:
    """One of the three Black Market spaces: one worker each until a reset."""
    location: str          # black_market_a / _b / _c
    letter: str            # "A", "B", "C" as the board marks them
    silver: int            # the printed cost, before any Trickster
    occupant: int | None   # player index, None when free


@dataclass(frozen=True)
class MarketPile:
    """The Small or the Large Market pile. `top` is the face-up top card (None
    when the pile is empty); `goods` are what Black Market space A (Small) or
    C (Large) gives now: the top card's goods, or the printed goods under an
    empty pile."""
    name: str              # "Small Market" or "Large Market"
    count: int
    top: cards.BlackMarketCard | None
    goods: Mapping[str, int]


@dataclass(frozen=True)
class RewardPile:
    """The reward cards beside the Cathedral. The pile lies face down (RB,
    Setup 3), so `top` is always None: a card is revealed when a player
    advances the Cathedral."""
    count: int
    top: cards.RewardCard | None = None


@dataclass(frozen=True)
class GuildhallSpace:
    """One Guildhall space. `number` is the order it fills in (1-based, left to
    right, top to bottom); `trigger` what placing a worker on it sets off
    (one of GUILDHALL_TRIGGERS, or None); `occupant` the player lying there
    (None when free, and always None from `guildhall_spaces`)."""
    number: int
    row: int
    column: int
    trigger: str | None
    occupant: int | None = None


@dataclass(frozen=True)
class CathedralLevel:
    """One level of the Cathedral and the players whose marker stands on it."""
    level: int
    vp: int
    spaces: int
    costs: tuple[Mapping[str, int], ...]
    occupants: tuple[int, ...]

    @property
    def free(self) -> int:
        return self.spaces - len(self.occupants)


@dataclass(frozen=True)
class VirtueSpace:
    """One space of the Virtue track, as printed (from the card data)."""
    virtue: int
    vp: int
    avoid_tax: int            # Tax avoided on every cost at this Virtue
    black_market: bool        # the Black Market is open to you
    cathedral: bool           # you may work on the Cathedral


@dataclass(frozen=True)
class Decks:
    """Face-down piles, by size. Discarded building cards and apprentices go
    to the bottom of their decks (RB), so there are no discard piles; the solo
    opponent's Scheme piles are None outside a game with the opponent."""
    buildings: int
    apprentices: int
    schemes: int | None = None
    scheme_discard: int | None = None
    future_schemes: int | None = None


@dataclass(frozen=True)
class Table:
    """Everything the players can see at one position; see the module docstring.

    `workers[location][player]` counts the workers at each of
    WORKER_LOCATIONS (the Guildhall and the Prison included), only players
    with workers there; `captured[holder][owner]` the workers held on a
    player's board. `guildhall_beside` lists the owners of workers placed to
    the side of a full Guildhall, in order. `decision_kind` is the kind of
    the current decision ('place', 'workshop', 'keep_one', ...), None once
    the game is over. `final_turns` counts the turns left, this one included,
    once the end of the game is triggered (RB, End of the Game: the current
    player finishes, then everyone has one final turn); None before.
    """
    display: tuple[DisplaySlot, ...]
    black_market: tuple[BlackMarketSpace, ...]
    small_market: MarketPile
    large_market: MarketPile
    reward_pile: RewardPile
    guildhall: tuple[GuildhallSpace, ...]
    guildhall_beside: tuple[int, ...]
    cathedral: tuple[CathedralLevel, ...]
    virtue_track: tuple[VirtueSpace, ...]
    decks: Decks
    resets: int
    tax: int
    workers: Mapping[str, Mapping[int, int]]
    captured: Mapping[int, Mapping[int, int]]
    prison: Mapping[int, int]
    turn: int
    turn_player: int
    final_turns: int | None
    is_over: bool
    is_view: bool
    decision_kind: str | None
    current_player: int | None
    prompt: str

    def slot(self, position: int) -> DisplaySlot:
        """The display space at `position` (1-8, as the board numbers it)."""
        if not isinstance(position, int) or not 1 <= position <= len(self.display):
            raise ValueError(f"display position: expected 1 to {len(self.display)}, got {position!r}")
        return self.display[position - 1]

    @property
    def final_round(self) -> bool:
        """The end of the game is triggered and the game is not over yet."""
        return self.final_turns is not None and not self.is_over

    @property
    def guildhall_filled(self) -> int:
        """Workers in the Guildhall, those beside a full Guildhall included."""
        return sum(1 for s in self.guildhall if s.occupant is not None) + len(self.guildhall_beside)


# --------------------------------------------------------------------------- geometry

def guildhall_columns(n_players: int) -> int:
    """Columns of the Guildhall: n+1 for n players; solo uses the 2-player
    Guildhall (RB, Solo Play; facts §8.1).

    >>> [guildhall_columns(n) for n in (1, 2, 3, 4, 5)]
    [3, 3, 4, 5, 6]
    """
    if not isinstance(n_players, int) or isinstance(n_players, bool) or not 1 <= n_players <= 5:
        raise ValueError(f"Guildhall: the player count must be 1 to 5, got {n_players!r}")
    return max(2, n_players) + 1


def guildhall_spaces(n_players: int, *, artisans: bool = False) -> tuple[GuildhallSpace, ...]:
    """The Guildhall's spaces for a player count, in the order they fill, with
    each space's trigger (RB, Guildhall; Black Market Reset; End of the Game;
    facts §8): 4 rows of n+1 columns; the left-most space of rows 3 and 4
    queues a Black Market reset; the last space triggers the end of the game;
    with the Age of Artisans rule (`artisans=True`) the 3rd space of rows 1-3
    discards the two left-most display apprentices.

    >>> spaces = guildhall_spaces(3, artisans=True)
    >>> len(spaces), spaces[-1].row, spaces[-1].column
    (16, 4, 4)
    >>> [(s.number, s.trigger) for s in spaces if s.trigger][:2]
    [(3, 'apprentice_discard'), (7, 'apprentice_discard')]
    """
    return _guildhall_layout(guildhall_columns(n_players), artisans is True)


@functools.cache  # a handful of layouts, asked for at every table
def _guildhall_layout(cols: int, artisans: bool) -> tuple[GuildhallSpace, ...]:
    n = cols - 1
    triggers: dict[int, str] = {}
    if artisans:
        for k in (3, n + 4, 2 * n + 5):
            triggers[k] = APPRENTICE_DISCARD
    for k in (2 * n + 3, 3 * n + 4):
        triggers.setdefault(k, BLACK_MARKET_RESET)
    triggers[4 * cols] = GAME_END
    return tuple(GuildhallSpace(k, (k - 1) // cols + 1, (k - 1) % cols + 1, triggers.get(k))
                 for k in range(1, 4 * cols + 1))


def virtue_track() -> tuple[VirtueSpace, ...]:
    """The Virtue track's spaces 0-14, from the card data (RB, Virtue Track).

    >>> track = virtue_track()
    >>> [v.virtue for v in track if not v.cathedral], [v.virtue for v in track if not v.black_market]
    ([0, 1, 2, 3, 4], [10, 11, 12, 13, 14])
    """
    return _VIRTUE_TRACK


_VIRTUE_TRACK = tuple(VirtueSpace(v.value, v.vp, v.avoid_tax, v.black_market, v.cathedral)
                      for v in cards.VIRTUE_TRACK)


# --------------------------------------------------------------------------- reading a state

def _frozen(d: dict) -> Mapping:
    return MappingProxyType(d)


def _hire_costs(s: GameState) -> dict[int, tuple[int, int]] | None:
    """(Silver to hire, of it Silver on skipped cards) from each display slot for
    the player to decide (see DisplaySlot)."""
    if not s.pending:
        return None
    dec = s.pending[-1]
    p = dec.player
    if dec.kind == "workshop":
        w = dec.data.workers
    else:
        w = core.own_at(s, "workshop", p) + 1
    silver, tax = workshop.hire_cost(s, p)
    base = core.price(s, p, silver, tax)[0]
    return {slot: (base + workshop.skips(w, slot), workshop.skips(w, slot))
            for slot in range(DISPLAY_ROWS * DISPLAY_COLUMNS)}


def _display(s: GameState) -> tuple[DisplaySlot, ...]:
    costs = _hire_costs(s)
    out = []
    for slot, (cid, coins) in enumerate(zip(s.display, s.display_silver)):
        row, col = divmod(slot, DISPLAY_COLUMNS)
        a = cards.APPRENTICES[cid - 1] if cid else None
        cost, skipped = costs[slot] if a and costs is not None else (None, None)
        out.append(DisplaySlot(
            position=slot + 1, row=row + 1, column=col + 1, apprentice=cid or None,
            name=a.name if a else None, skills=a.skills if a else frozenset(), silver=coins,
            hire_cost=cost, skipped=skipped))
    return tuple(out)


def _pile(name: str, pile: tuple, which: str) -> MarketPile:
    top = cards.BLACK_MARKET_CARDS[pile[0] - 1] if pile and pile[0] else None
    if top is not None:
        goods = top.small if which == "small" else top.large
    else:
        goods = cards.BLACK_MARKET_EMPTY_SMALL if which == "small" else cards.BLACK_MARKET_EMPTY_LARGE
    return MarketPile(name, len(pile), top, goods)


def _decks(s: GameState) -> Decks:
    piles = list(s.scheme_piles) if s.scheme_piles is not None else [None] * 3
    solo = any(q.is_byzantine for q in s.players)
    counts = [len(p) if p is not None else (0 if solo else None) for p in piles]
    return Decks(len(s.building_deck), len(s.apprentice_deck), *counts)


def table(state: GameState) -> Table:
    """Everything the players can see at `state` (a game state or a player's view).

    >>> import archwk
    >>> s = archwk.new_game(2, seed=3)
    >>> t = archwk.table(s)
    >>> t.slot(1).position, t.slot(1).row, t.slot(5).row
    (1, 1, 2)
    >>> t.decks.buildings + sum(len(h) for h in s.draft) > 0
    True
    >>> table(s.view(1)).display == t.display
    True
    """
    if not isinstance(state, GameState):
        raise ValueError(f"table: expected a GameState, got {type(state).__name__}")
    s = state
    cols = guildhall_columns(len(s.players))
    spaces = guildhall_spaces(len(s.players), artisans=s.options.artisans)
    hall = tuple(GuildhallSpace(sp.number, sp.row, sp.column, sp.trigger, s.guildhall[i])
                 if i < len(s.guildhall) else sp for i, sp in enumerate(spaces))
    cathedral = tuple(
        CathedralLevel(lv.level, lv.vp, lv.spaces, tuple(lv.costs),
                       tuple(p for p, q in enumerate(s.players) if q.cathedral_level == lv.level))
        for lv in cards.CATHEDRAL)
    workers = _frozen({loc: _frozen(core.workers_at(s, loc)) for loc in WORKER_LOCATIONS})
    captured = _frozen({h: _frozen({o: c for o, c in enumerate(q.captured) if c})
                        for h, q in enumerate(s.players)})
    return Table(
        display=_display(s),
        black_market=tuple(
            BlackMarketSpace(loc, "ABC"[i], BLACK_MARKET_SILVER[i], o if o >= 0 else None)
            for i, (loc, o) in enumerate(zip(BLACK_MARKET_SPACES, s.black_market))),
        small_market=_pile("Small Market", s.bm_small, "small"),
        large_market=_pile("Large Market", s.bm_large, "large"),
        reward_pile=RewardPile(len(s.rewards)),
        guildhall=hall,
        guildhall_beside=tuple(s.guildhall[4 * cols:]),
        cathedral=cathedral,
        virtue_track=_VIRTUE_TRACK,
        decks=_decks(s),
        resets=s.resets,
        tax=s.tax,
        workers=workers,
        captured=captured,
        prison=workers["prison"],
        turn=s.turn_no,
        turn_player=s.turn_player,
        final_turns=s.final_turns,
        is_over=s.is_over,
        is_view=s.is_view,
        decision_kind=s.decision,
        current_player=s.current_player,
        prompt=s.prompt,
    )
