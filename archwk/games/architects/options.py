"""How a game is set up: `Options`, a frozen dataclass checked on creation."""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from ...kit.errors import InvalidOptions
from .schemes import check_schemes


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
    #: location), ...); None = archwk's stand-in deck (see archwk/games/architects/data/schemes.toml)
    schemes: tuple | None = None

    def __post_init__(self):
        if type(self.board_side) is not int or self.board_side not in (1, 2):
            raise InvalidOptions(f"Options.board_side: must be 1 or 2, got {self.board_side!r}")
        for name in ("artisans", "expansion_cards", "promo_characters", "two_player_bot",
                     "voluntary_apprentice_discard", "artisans_discard_returns_silver"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidOptions(f"Options.{name}: must be True or False, got {getattr(self, name)!r}")
        if not (self.solo_opponent is None or isinstance(self.solo_opponent, str)) or \
                self.solo_opponent not in (None, "constantine", "helena"):
            raise InvalidOptions("Options.solo_opponent: must be 'constantine' or 'helena', "
                             f"got {self.solo_opponent!r}")
        if self.characters is not None:
            if not isinstance(self.characters, (list, tuple)) or not all(isinstance(c, str) for c in self.characters):
                raise InvalidOptions("Options.characters: must be a list of character names")
            object.__setattr__(self, "characters", tuple(self.characters))
            if self.board_side != 2:
                raise InvalidOptions("Options.characters: characters are played on player board side 2; "
                                 "set board_side=2")
        if self.schemes is not None:
            object.__setattr__(self, "schemes", check_schemes(self.schemes, "Options.schemes"))

    @classmethod
    def online(cls) -> Options:
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
    def from_dict(cls, d: Mapping) -> Options:
        if not isinstance(d, Mapping):
            raise InvalidOptions("options: expected an object")
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = set(d) - known
        if unknown:
            raise InvalidOptions(f"options: unknown field(s) {sorted(unknown)}")
        d = dict(d)
        for k in ("characters", "schemes"):
            if isinstance(d.get(k), list):
                d[k] = tuple(tuple(x) if isinstance(x, list) else x for x in d[k])
        return cls(**d)
