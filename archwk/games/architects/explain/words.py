"""Small wording helpers shared by the explainer: goods, counts, location names."""
from __future__ import annotations

from .. import cards
from ..constants import LOCATION_NAMES
from ..decisions import bundle

_NOUNS = {"cards": ("building card", "building cards"), "virtue": ("Virtue", "Virtue"),
          "silver": ("Silver", "Silver")}


def plural(n: int, one: str, many: str | None = None) -> str:
    """'1 trade', '2 trades' (or the given plural)."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def items(d, sep: str = ", ") -> str:
    """{'wood': 2, 'cards': 1} -> '2 Wood, 1 building card' (in the game's order)."""
    parts = []
    for k, v in bundle(d):
        one, many = _NOUNS.get(k, (k.capitalize(), k.capitalize()))
        parts.append(plural(v, one, many))
    return sep.join(parts) if parts else "nothing"


#: the Black Market's spaces, each a location of its own
_SPACES = {"black_market_a": "Black Market's left space", "black_market_b": "Black Market's middle space",
           "black_market_c": "Black Market's right space"}


#: places that are not one board location: the Prison, and the Black Market as a whole (a
#: Scheme card names it; its worker takes the left-most free space)
_OTHER_PLACES = {"prison": "Prison", "black_market": "Black Market"}


def place_name(x) -> str | None:
    """A location's name as the game writes it, without its article ('Forest',
    "Black Market's left space"); None for what is not a place of the board."""
    return _SPACES.get(x) or LOCATION_NAMES.get(x) or _OTHER_PLACES.get(x)


def loc(x) -> str:
    """The location's name as the game writes it, with its article ('the Forest')."""
    if x == "board":
        return "another player's board"
    name = place_name(x)
    return str(x) if name is None else f"the {name}"


def apprentice(card) -> str:
    if isinstance(card, int) and not isinstance(card, bool) and 1 <= card <= len(cards.APPRENTICES):
        return cards.APPRENTICES[card - 1].name
    return str(card)


def player(s, i) -> str:
    """A player by name when the state is known, else by number (from 1)."""
    if s is not None and isinstance(i, int) and 0 <= i < len(s.players):
        return s.players[i].name
    return f"player {i + 1}" if isinstance(i, int) else "a player"
