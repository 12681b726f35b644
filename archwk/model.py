"""The state objects: options, players, actions, events and the game state.

States are immutable. Applying an action builds a new state that shares every
part the action did not touch (players, board rows, decks) with the old one, so
keeping every state of a game, branching what-if lines and Monte Carlo rollouts
stay cheap. The rules themselves live in the other modules; the methods here
delegate to them.
"""
from __future__ import annotations

import dataclasses
from types import MappingProxyType
from typing import Any, Mapping

from . import cards

RESOURCES = cards.RESOURCES  # clay, wood, stone, gold, marble
LOCATIONS = (
    "quarry", "forest", "mines", "silversmith", "storehouse", "workshop",
    "town_centre", "tax_stand", "black_market_a", "black_market_b",
    "black_market_c", "guardhouse", "guildhall",
)
#: the large open circles: unlimited, and targets of Town Centre captures
OPEN_LOCATIONS = (
    "quarry", "forest", "mines", "silversmith", "storehouse", "workshop",
    "town_centre", "tax_stand", "guardhouse",
)
OPEN_INDEX = {loc: i for i, loc in enumerate(OPEN_LOCATIONS)}
BLACK_MARKET_SPACES = ("black_market_a", "black_market_b", "black_market_c")
LOCATION_NAMES = {
    "quarry": "Quarry", "forest": "Forest", "mines": "Mines",
    "silversmith": "Silversmith", "storehouse": "King's Storehouse",
    "workshop": "Workshop", "town_centre": "Town Centre", "tax_stand": "Tax Stand",
    "black_market_a": "Black Market (left space)",
    "black_market_b": "Black Market (middle space)",
    "black_market_c": "Black Market (right space)",
    "guardhouse": "Guardhouse", "guildhall": "Guildhall", "prison": "Prison",
}
WORKERS_PER_PLAYER = 20
HAND_LIMIT = 6
APPRENTICE_LIMIT = 5
HIDDEN = "?"  # a card another player may not see, in a view


class IllegalAction(ValueError):
    """An action that the rules do not allow here; the message names the rule."""


@dataclasses.dataclass(frozen=True)
class Options:
    """How a game is set up. The default is the printed base game.

    >>> Options().board_side
    1
    """
    board_side: int = 1
    artisans: bool = False
    expansion_cards: bool = False
    promo_characters: bool = False
    #: the Byzantine opponent: "constantine" (standard) or "helena" (hard); used by
    #: solo games (default constantine) and the 2-players-plus-bot variant
    solo_opponent: str | None = None
    #: RB's "2P vs Bot" variant: two players plus the Byzantine opponent
    two_player_bot: bool = False
    characters: tuple[str, ...] | None = None
    #: RB: an apprentice may be discarded at any time during your own turn
    #: (online: only when hiring at the limit)
    voluntary_apprentice_discard: bool = True
    #: Artisans Guildhall discard: Silver on the discarded apprentices returns to
    #: the supply (SUM); online it stays on the cards
    artisans_discard_returns_silver: bool = True
    #: the Scheme cards for the Byzantine opponent, as ((id, "starting"|"future",
    #: location), ...); None = archwk's stand-in deck (see archwk/data/schemes.toml)
    schemes: tuple | None = None

    def __post_init__(self):
        if self.board_side not in (1, 2):
            raise ValueError(f"Options.board_side: must be 1 or 2, got {self.board_side!r}")
        for name in ("artisans", "expansion_cards", "promo_characters", "two_player_bot",
                     "voluntary_apprentice_discard", "artisans_discard_returns_silver"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"Options.{name}: must be True or False, got {getattr(self, name)!r}")
        if self.solo_opponent not in (None, "constantine", "helena"):
            raise ValueError("Options.solo_opponent: must be 'constantine' or 'helena', "
                             f"got {self.solo_opponent!r}")
        if self.characters is not None:
            if isinstance(self.characters, str) or not all(isinstance(c, str) for c in self.characters):
                raise ValueError("Options.characters: must be a list of character names")
            object.__setattr__(self, "characters", tuple(self.characters))
            if self.board_side != 2:
                raise ValueError("Options.characters: characters are played on player board side 2; "
                                 "set board_side=2")
        if self.schemes is not None:
            from .solo import check_schemes
            object.__setattr__(self, "schemes", check_schemes(self.schemes, "Options.schemes"))

    @classmethod
    def online(cls) -> "Options":
        """The rules as played online (facts §16): both Age of Artisans rules, the
        3+3 extra cards, apprentices discarded only when hiring at the limit, and
        Silver left on apprentices discarded from the display."""
        return cls(artisans=True, expansion_cards=True, voluntary_apprentice_discard=False,
                   artisans_discard_returns_silver=False)

    def to_dict(self) -> dict:
        d = dataclasses.asdict(self)
        for k in ("characters", "schemes"):
            if d[k] is not None:
                d[k] = [list(x) if isinstance(x, tuple) else x for x in d[k]]
        return d

    @classmethod
    def from_dict(cls, d: Mapping) -> "Options":
        if not isinstance(d, Mapping):
            raise ValueError("options: expected an object")
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = set(d) - known
        if unknown:
            raise ValueError(f"options: unknown field(s) {sorted(unknown)}")
        d = dict(d)
        for k in ("characters", "schemes"):
            if isinstance(d.get(k), list):
                d[k] = tuple(tuple(x) if isinstance(x, list) else x for x in d[k])
        return cls(**d)


# --------------------------------------------------------------------------- players

_PLAYER_FIELDS = (
    "name", "character", "silver", "virtue", "clay", "wood", "stone", "gold", "marble",
    "workers_in_supply", "hand", "buildings", "apprentice_ids", "debts_unpaid",
    "debts_paid", "cathedral_level", "captured", "in_prison", "is_bot",
)


class _PlayerSlots:
    __slots__ = _PLAYER_FIELDS


class _MutablePlayer(_PlayerSlots):
    """A player being changed inside one `apply`; frozen into a PlayerState."""
    __slots__ = ()


class PlayerState(_PlayerSlots):
    """One player's board. Immutable; change it through `GameState.edit`.

    `hand` and `buildings` hold building names; `apprentice_ids` the card ids of
    hired apprentices (`apprentices` gives their names). `captured[o]` is how many
    of player o's workers sit captured on this board; `in_prison` how many of this
    player's own workers are in the Prison.
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


def _slot_copier(fields: tuple[str, ...], name: str):
    """A function copying these slots from one object to another, written out
    field by field (as dataclasses does): copying is on every `apply`, and an
    unrolled copy is several times faster than a getattr/setattr loop. The
    source is built from our own constant field names only."""
    body = "\n".join(f"    dst.{f} = src.{f}" for f in fields)
    ns: dict = {}
    exec(f"def {name}(src, dst):\n{body}\n", ns)  # noqa: S102 - our own field names, no input
    return ns[name]


_copy_player = _slot_copier(_PLAYER_FIELDS, "_copy_player")


def thaw_player(p: PlayerState) -> _MutablePlayer:
    m = _MutablePlayer.__new__(_MutablePlayer)
    _copy_player(p, m)
    return m


def freeze_player(m: _MutablePlayer) -> PlayerState:
    m.__class__ = PlayerState
    return m  # type: ignore[return-value]


def new_player(name: str, *, n_players: int, is_bot: bool = False) -> PlayerState:
    m = _MutablePlayer.__new__(_MutablePlayer)
    m.name, m.character, m.silver, m.virtue = name, None, 0, 7
    m.clay = m.wood = m.stone = m.gold = m.marble = 0
    m.workers_in_supply = WORKERS_PER_PLAYER
    m.hand, m.buildings, m.apprentice_ids = (), (), ()
    m.debts_unpaid = m.debts_paid = m.cathedral_level = 0
    m.captured = (0,) * n_players
    m.in_prison = 0
    m.is_bot = is_bot
    return freeze_player(m)


# --------------------------------------------------------------------------- actions

_ACTION_FIELDS = ("kind", "location", "card", "target", "option")


class Action:
    """One choice at a decision. Frozen and hashable.

    `kind` says what sort of choice it is ("place", "capture", "hire", ...); the
    other fields carry its parameters (`location`: a location id; `card`: a
    building name or an apprentice id; `target`: a player index or a display
    slot; `option`: any other parameter, e.g. a payment as ((resource, n), ...)).

    >>> a = Action("place", location="forest")
    >>> a == Action.from_json(a.to_json())
    True
    """
    __slots__ = ("_key", "hint", "_hash")

    def __init__(self, kind: str, location: str | None = None, card: Any = None,
                 target: int | None = None, option: Any = None, *, hint: tuple | None = None):
        _set_key(self, (kind, location, card, target, option))
        _set_hint(self, hint)  # context for a richer label; not part of identity
        _set_hash(self, None)

    kind = property(lambda self: self._key[0])
    location = property(lambda self: self._key[1])
    card = property(lambda self: self._key[2])
    target = property(lambda self: self._key[3])
    option = property(lambda self: self._key[4])

    def __setattr__(self, name, value):
        raise AttributeError("Action is immutable")

    def __eq__(self, other):
        return isinstance(other, Action) and self._key == other._key

    def __hash__(self):
        h = self._hash
        if h is None:
            h = hash(self._key)
            _set_hash(self, h)
        return h

    def __repr__(self):
        parts = [repr(self.kind)] + [f"{f}={getattr(self, f)!r}" for f in _ACTION_FIELDS[1:]
                                     if getattr(self, f) is not None]
        return f"Action({', '.join(parts)})"

    def __str__(self):
        from .explain import action_label
        return action_label(self)

    def to_dict(self) -> dict:
        return {f: _jsonable(getattr(self, f)) for f in _ACTION_FIELDS if getattr(self, f) is not None}

    def to_json(self) -> str:
        import json
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_dict(cls, d: Mapping) -> "Action":
        if not isinstance(d, Mapping) or not isinstance(d.get("kind"), str):
            raise ValueError("action: expected an object with a string 'kind'")
        unknown = set(d) - set(_ACTION_FIELDS)
        if unknown:
            raise ValueError(f"action: unknown field(s) {sorted(unknown)}")
        loc = d.get("location")
        if loc is not None and not isinstance(loc, str):
            raise ValueError("action.location: expected a string")
        target = d.get("target")
        if target is not None and (not isinstance(target, int) or isinstance(target, bool)):
            raise ValueError("action.target: expected an integer")
        card = d.get("card")
        if card is not None and not isinstance(card, (str, int)) or isinstance(card, bool):
            raise ValueError("action.card: expected a building name or an apprentice id")
        return cls(d["kind"], loc, card, target, _tupled(d.get("option")))

    @classmethod
    def from_json(cls, text: str | Mapping) -> "Action":
        import json
        if isinstance(text, Mapping):
            return cls.from_dict(text)
        try:
            d = json.loads(text)
        except (TypeError, json.JSONDecodeError) as e:
            raise ValueError(f"action: not valid JSON ({e})") from None
        return cls.from_dict(d)


_set_key = Action.__dict__["_key"].__set__
_set_hint = Action.__dict__["hint"].__set__
_set_hash = Action.__dict__["_hash"].__set__


def _jsonable(v):
    if isinstance(v, tuple):
        return [_jsonable(x) for x in v]
    return v


def _tupled(v):
    if isinstance(v, list):
        return tuple(_tupled(x) for x in v)
    if v is None or isinstance(v, (str, int)) and not isinstance(v, bool):
        return v
    raise ValueError(f"action.option: unsupported value {v!r}")


# --------------------------------------------------------------------------- events

class Event:
    """Something an action caused. `kind` names it; `data` holds its figures;
    `text` is the plain-English sentence (from `archwk.explain`)."""
    __slots__ = ("kind", "player", "who", "data")

    def __init__(self, kind: str, player: int | None, who: str | None, data: Mapping):
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "who", who)
        object.__setattr__(self, "data", MappingProxyType(dict(data)))

    def __setattr__(self, name, value):
        raise AttributeError("Event is immutable")

    @property
    def text(self) -> str:
        from .explain import describe
        return describe(self)

    def __repr__(self):
        return f"Event({self.kind!r}, player={self.player}, {dict(self.data)})"

    def __eq__(self, other):
        return (isinstance(other, Event) and self.kind == other.kind
                and self.player == other.player and dict(self.data) == dict(other.data))

    __hash__ = None  # type: ignore[assignment]


class Frame(tuple):
    """A pending decision: (kind, player, data). `data` is a tuple whose shape
    depends on the kind (see the module that registers it)."""
    __slots__ = ()

    def __new__(cls, kind: str, player: int, data: tuple = ()):
        return tuple.__new__(cls, (kind, player, data))

    kind = property(lambda self: self[0])
    player = property(lambda self: self[1])
    data = property(lambda self: self[2])

    def __repr__(self):
        return f"Frame({self[0]!r}, {self[1]}, {self[2]!r})"


# --------------------------------------------------------------------------- game state

_STATE_FIELDS = (
    "options", "seed", "players", "n_seats",
    "board", "black_market", "guildhall", "tax",
    "building_deck", "apprentice_deck", "display", "display_silver",
    "bm_small", "bm_large", "rewards",
    "pending", "phase", "turn_player", "first_player", "turn_no",
    "end_trigger", "final_turns", "reset_queued", "draft", "resets",
    "rng", "_hist", "_hist_len", "events", "is_view", "edited", "extra",
    "_legal", "_legal_map", "_tx",
)


class _StateSlots:
    __slots__ = _STATE_FIELDS


copy_state_slots = _slot_copier(_STATE_FIELDS, "copy_state_slots")


class _MutableState(_StateSlots):
    """A state being built inside one `apply`. Rules code changes it freely;
    `core.commit` freezes it into a GameState (by switching its class)."""
    __slots__ = ()


class GameState(_StateSlots):
    """A position, including whose decision it is. Immutable.

    >>> import archwk
    >>> s = archwk.new_game(3, seed=7)
    >>> s.prompt.endswith("keep 1 of these building cards and pass the rest")
    True
    >>> s2 = s.apply(s.legal_actions()[0])
    >>> s2 is not s and len(s2.history) == 1 and len(s.history) == 0
    True
    """
    __slots__ = ()

    def __setattr__(self, name, value):
        raise AttributeError("GameState is immutable; apply an action or use edit(...)")

    # ---- decisions
    def legal_actions(self) -> list[Action]:
        from . import engine
        return list(engine.legal_map(self).values())

    def apply(self, action: Action) -> "GameState":
        from . import engine
        return engine.apply(self, action)

    def is_legal(self, action: Action) -> bool:
        from . import engine
        return action in engine.legal_map(self)

    def why_illegal(self, action: Action) -> str | None:
        """None if legal, else the rule that forbids it, in words."""
        from . import engine
        return engine.why_illegal(self, action)

    @property
    def prompt(self) -> str:
        from . import engine
        return engine.prompt(self)

    @property
    def decision(self) -> str | None:
        """The kind of the current decision ('place', 'capture', ...), None if over."""
        return self.pending[-1][0] if self.pending else None

    @property
    def current_player(self) -> int | None:
        return self.pending[-1][1] if self.pending else None

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    @property
    def history(self) -> tuple[Action, ...]:
        out = []
        node = self._hist
        while node is not None:
            node, a = node
            out.append(a)
        out.reverse()
        return tuple(out)

    # ---- reading
    @property
    def n_players(self) -> int:
        return len(self.players)

    def workers_at(self, location: str) -> Mapping[int, int]:
        from . import core
        return MappingProxyType(core.workers_at(self, location))

    def placement_blockers(self) -> Mapping[str, str]:
        from . import engine
        return MappingProxyType(engine.placement_blockers(self))

    def view(self, player: int) -> "GameState":
        from . import save
        return save.view(self, player)

    def edit(self, player: int | None = None, **changes) -> "GameState":
        from . import edit
        return edit.edit(self, player, **changes)

    def to_json(self) -> str:
        from . import save
        return save.to_json(self)

    @classmethod
    def from_json(cls, text: str) -> "GameState":
        from . import save
        return save.from_json(text)

    def record(self) -> dict:
        """The game record (players, seed, options, actions) that `archwk.replay` replays."""
        from . import save
        return save.record(self)

    def __repr__(self):
        who = "over" if self.is_over else f"{self.prompt!r}"
        return f"<GameState {len(self.players)} players, turn {self.turn_no}, {who}>"


