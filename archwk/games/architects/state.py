"""The state data: players and the game position, frozen and writable.

States are immutable. Applying an action builds a new state that shares every
part the action did not touch (players, board rows, decks) with the old one, so
keeping every state of a game, branching what-if lines and Monte Carlo rollouts
stay cheap. `FrozenState` holds what can be read without the rules;
`archwk.games.architects.game.GameState` adds the rules (legal actions, apply, prompts, saving).

Rules code changes a `_MutableState` inside one transaction; `core.commit`
freezes it by switching its class back (no copy).
"""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple, TypeVar

from . import cards
from .constants import RESOURCES, WORKERS_PER_PLAYER


class SchemePiles(NamedTuple):
    """The Byzantine opponent's Scheme cards (ids): the face-down pile, the
    discards and the Future cards set aside (RB, Solo Play)."""
    deck: tuple = ()
    discard: tuple = ()
    future: tuple = ()


class EditStep(NamedTuple):
    """A what-if edit as a step of the game record: `state.edit(player, **changes)`
    with `changes` in its canonical form, as JSON text (archwk.games.architects.edit writes it)."""
    player: int | None
    changes: str

    @property
    def kind(self) -> str:
        return "edit"


class SilverOnCard(NamedTuple):
    """Silver lying on an apprentice card that went back to the deck (online rule)."""
    card: int
    silver: int


# --------------------------------------------------------------------------- players

_PLAYER_FIELDS = (
    "name", "character", "silver", "virtue", "clay", "wood", "stone", "gold", "marble",
    "workers_in_supply", "hand", "buildings", "apprentice_ids", "debts_unpaid",
    "debts_paid", "cathedral_level", "captured", "in_prison", "is_byzantine",
)


class _PlayerSlots:
    __slots__ = _PLAYER_FIELDS
    # the slots' types (for readers and the type checker; annotations add no class attribute)
    name: str
    character: str | None
    silver: int
    virtue: int
    clay: int
    wood: int
    stone: int
    gold: int
    marble: int
    workers_in_supply: int
    hand: tuple[str, ...]
    buildings: tuple[str, ...]
    apprentice_ids: tuple[int, ...]
    debts_unpaid: int
    debts_paid: int
    cathedral_level: int
    captured: tuple[int, ...]
    in_prison: int
    is_byzantine: bool

    @property
    def is_bot(self) -> bool:
        """The old name of `is_byzantine` (kept for callers; saves use the key "is_bot")."""
        return self.is_byzantine


class _MutablePlayer(_PlayerSlots):
    """A player being changed inside one `apply`; frozen into a PlayerState."""
    __slots__ = ()


class PlayerState(_PlayerSlots):
    """One player's board. Immutable; change it through `GameState.edit`.

    `hand` and `buildings` hold building names; `apprentice_ids` the card ids of
    hired apprentices (`apprentices` gives their names). `captured[o]` is how many
    of player o's workers sit captured on this board; `in_prison` how many of this
    player's own workers are in the Prison. `is_byzantine` is True for the
    Byzantine opponent's seat (solo, and the 2-players-plus-bot variant).
    """
    __slots__ = ()

    def __setattr__(self, name, value):
        raise AttributeError("PlayerState is immutable; use GameState.edit(...) for what-if changes")

    @property
    def resources(self) -> Mapping[str, int]:
        return MappingProxyType({r: getattr(self, r) for r in RESOURCES})

    @property
    def apprentices(self) -> tuple[str, ...]:
        return tuple(cards.APPRENTICES[i - 1].name for i in self.apprentice_ids)

    @property
    def skills(self) -> frozenset[str]:
        out: set[str] = set()
        for i in self.apprentice_ids:
            out |= cards.APPRENTICES[i - 1].skills
        return frozenset(out)

    def __repr__(self):
        return (f"PlayerState(name={self.name!r}, silver={self.silver}, virtue={self.virtue}, "
                f"resources={dict(self.resources)}, hand={list(self.hand)}, "
                f"buildings={list(self.buildings)}, apprentices={list(self.apprentices)})")

    def __eq__(self, other):
        return isinstance(other, PlayerState) and all(
            getattr(self, f) == getattr(other, f) for f in _PLAYER_FIELDS)

    __hash__ = None  # type: ignore[assignment]


def _copy_player(src, dst) -> None:
    """Copy every player slot (_PLAYER_FIELDS) from `src` to `dst`. Written out field by
    field: it runs at nearly every `apply`, an unrolled copy is several times faster
    than a getattr/setattr loop, and the compiled build turns it into C struct copies.
    tests/test_speed.py checks it copies every slot."""
    dst.name = src.name
    dst.character = src.character
    dst.silver = src.silver
    dst.virtue = src.virtue
    dst.clay = src.clay
    dst.wood = src.wood
    dst.stone = src.stone
    dst.gold = src.gold
    dst.marble = src.marble
    dst.workers_in_supply = src.workers_in_supply
    dst.hand = src.hand
    dst.buildings = src.buildings
    dst.apprentice_ids = src.apprentice_ids
    dst.debts_unpaid = src.debts_unpaid
    dst.debts_paid = src.debts_paid
    dst.cathedral_level = src.cathedral_level
    dst.captured = src.captured
    dst.in_prison = src.in_prison
    dst.is_byzantine = src.is_byzantine


def thaw_player(p: PlayerState) -> _MutablePlayer:
    m = _MutablePlayer.__new__(_MutablePlayer)
    _copy_player(p, m)
    return m


def freeze_player(m: _MutablePlayer) -> PlayerState:
    m.__class__ = PlayerState  # type: ignore[assignment]  # same slots: freezing switches the class in place
    return m  # type: ignore[return-value]


def new_player(name: str, *, n_players: int, is_byzantine: bool = False) -> PlayerState:
    m = _MutablePlayer.__new__(_MutablePlayer)
    m.name, m.character, m.silver, m.virtue = name, None, 0, 7
    m.clay = m.wood = m.stone = m.gold = m.marble = 0
    m.workers_in_supply = WORKERS_PER_PLAYER
    m.hand, m.buildings, m.apprentice_ids = (), (), ()
    m.debts_unpaid = m.debts_paid = m.cathedral_level = 0
    m.captured = (0,) * n_players
    m.in_prison = 0
    m.is_byzantine = is_byzantine
    return freeze_player(m)


_STATE_FIELDS = (
    "options", "seed", "players",
    "board", "black_market", "guildhall", "tax",
    "building_deck", "apprentice_deck", "display", "display_silver",
    "bm_small", "bm_large", "rewards",
    "pending", "phase", "turn_player", "first_player", "turn_no",
    "end_trigger", "final_turns", "reset_queued", "draft", "resets",
    "rng", "_hist", "_hist_len", "_pub_hist", "events", "is_view", "edited",
    "scheme_piles", "silver_on_deck", "_legal", "_tx", "_frozen_as",
)


class _StateSlots:
    __slots__ = _STATE_FIELDS
    # the slots' types (for readers and the type checker; annotations add no class attribute).
    # `players` and `events` are tuples in a frozen state and lists inside one `apply`.
    options: Any
    seed: int
    players: Any
    board: tuple[tuple[int, ...], ...]
    black_market: tuple[int, ...]
    guildhall: tuple[int, ...]
    tax: int
    building_deck: tuple[str, ...]
    apprentice_deck: tuple[int, ...]
    display: tuple[int, ...]
    display_silver: tuple[int, ...]
    bm_small: tuple[int, ...]
    bm_large: tuple[int, ...]
    rewards: tuple[int, ...]
    pending: tuple[Any, ...]
    phase: str
    turn_player: int
    first_player: int
    turn_no: int
    end_trigger: Any
    final_turns: int | None
    reset_queued: bool
    draft: Any
    resets: int
    rng: Any
    _hist: Any
    _hist_len: int
    #: the record of choices as any player may see it (`views.public_step` of each step of
    #: `_hist`, same shape), kept step by step so that a view costs no walk of the record
    _pub_hist: Any
    events: Any
    is_view: bool
    edited: bool
    scheme_piles: SchemePiles | None
    silver_on_deck: tuple[SilverOnCard, ...]
    #: the legal actions at this decision (a tuple), worked out when first asked
    #: (archwk.games.architects.engine.legal_list); None until then
    _legal: tuple | None
    _tx: Any
    _frozen_as: Any


def copy_state_slots(src, dst) -> None:
    """Copy every state slot (_STATE_FIELDS) from `src` to `dst` (see `_copy_player`)."""
    dst.options = src.options
    dst.seed = src.seed
    dst.players = src.players
    dst.board = src.board
    dst.black_market = src.black_market
    dst.guildhall = src.guildhall
    dst.tax = src.tax
    dst.building_deck = src.building_deck
    dst.apprentice_deck = src.apprentice_deck
    dst.display = src.display
    dst.display_silver = src.display_silver
    dst.bm_small = src.bm_small
    dst.bm_large = src.bm_large
    dst.rewards = src.rewards
    dst.pending = src.pending
    dst.phase = src.phase
    dst.turn_player = src.turn_player
    dst.first_player = src.first_player
    dst.turn_no = src.turn_no
    dst.end_trigger = src.end_trigger
    dst.final_turns = src.final_turns
    dst.reset_queued = src.reset_queued
    dst.draft = src.draft
    dst.resets = src.resets
    dst.rng = src.rng
    dst._hist = src._hist
    dst._hist_len = src._hist_len
    dst._pub_hist = src._pub_hist
    dst.events = src.events
    dst.is_view = src.is_view
    dst.edited = src.edited
    dst.scheme_piles = src.scheme_piles
    dst.silver_on_deck = src.silver_on_deck
    dst._legal = src._legal
    dst._tx = src._tx
    dst._frozen_as = src._frozen_as


class _MutableState(_StateSlots):
    """A state being built inside one `apply`. Rules code changes it freely;
    `core.commit` freezes it (by switching its class to `_frozen_as`, the
    class of the state it was thawed from: `archwk.games.architects.game.GameState`)."""
    __slots__ = ()


class FrozenState(_StateSlots):
    """A position, readable without the rules; see `archwk.games.architects.game.GameState`.

    `scheme_piles` is None unless the Byzantine opponent plays; `silver_on_deck`
    holds a `SilverOnCard(card, silver)` per apprentice card that went back to the
    deck with Silver on it (online rule, Options.artisans_discard_returns_silver),
    by card id.
    """
    __slots__ = ()

    #: the game this is a state of, whose explainer words its prompts, reasons and listed
    #: actions (set on the game's state class: `archwk.games.architects.game.GameState.game`)
    game: ClassVar[Any]

    def __setattr__(self, name, value):
        raise AttributeError("GameState is immutable; apply an action or use edit(...)")

    @property
    def decision(self) -> str | None:
        """The kind of the current decision ('place', 'capture', ...), None if over."""
        return self.pending[-1].kind if self.pending else None

    @property
    def current_player(self) -> int | None:
        return self.pending[-1].player if self.pending else None

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def history(self) -> tuple:
        out = []
        node = self._hist
        while node is not None:
            node, a = node
            if type(a) is not EditStep:  # what-if edits are steps of the record, not actions
                out.append(a)
        out.reverse()
        return tuple(out)

    @property
    def n_players(self) -> int:
        return len(self.players)


#: a frozen state of some class (archwk.GameState): what goes in comes out
S = TypeVar("S", bound=FrozenState)
