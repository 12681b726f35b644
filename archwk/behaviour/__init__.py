"""Card behaviour, one place per card: each apprentice ability, character and
building effect has one entry whose fields are the hook points where it changes
a rule (archwk.behaviour.hooks). The rules ask the player's cards through the
helpers here: the sum of a hook's figures, whether any card has it, or the list
of cards having it, each with its figure and the cause to name in events.

    >>> import archwk
    >>> s = archwk.new_game(2, seed=1, options=archwk.Options(board_side=2, characters=("Rudolf", "Ada")))
    >>> hook_sum(s, 0, "hire_discount"), hook_sum(s, 1, "hire_discount")
    (1, 0)

Tables: apprentices by `ability` (behaviour.apprentices), characters by name
(behaviour.characters), buildings by `effect` (behaviour.buildings).
"""
from __future__ import annotations

from typing import Any, NamedTuple

from .. import cards
from .apprentices import APPRENTICE_BEHAVIOUR
from .characters import CHARACTER_BEHAVIOUR
from .hooks import DATA_ONLY, HOOKS, AtReset, Behaviour, DebtChoice, Trade, hooks_of

__all__ = ["APPRENTICE_BEHAVIOUR", "CHARACTER_BEHAVIOUR", "DATA_ONLY", "HOOKS", "AtReset", "Behaviour",
           "DebtChoice", "Held", "Trade", "apprentice_hook", "hook_any", "hook_sum", "hooked", "hooks_of"]


class Held(NamedTuple):
    """A card of the player's acting at a hook point: its figure there, the cause
    to name ("Miner", "Caroline's ability"), its name, and the apprentice row (None
    for a character)."""
    value: Any
    cause: str
    name: str
    card: cards.Apprentice | None


def _figure(field, row) -> Any:
    return field(row) if callable(field) else field


def hooked(s, p: int, hook: str, *, reset_order: bool = False) -> list[Held]:
    """Player p's character and hired apprentices that act at `hook`: the character
    first, then the apprentices in the order hired (copies each count). With
    `reset_order`, the Black Market reset's order instead: apprentices by
    descending card id, then the character (RB, Black Market Reset; facts §16 row 19)."""
    pl = s.players[p]
    out = []
    rows = cards.APPRENTICES
    ids = sorted(pl.apprentice_ids, reverse=True) if reset_order else pl.apprentice_ids
    for i in ids:
        a = rows[i - 1]
        field = getattr(APPRENTICE_BEHAVIOUR[a.ability], hook)
        if field is not None:
            out.append(Held(_figure(field, a), a.name, a.name, a))
    if pl.character is not None:
        b = CHARACTER_BEHAVIOUR.get(pl.character)  # the solo opponent's name is no character
        field = None if b is None else getattr(b, hook)
        if field is not None:
            mine = Held(_figure(field, None), f"{pl.character}'s ability", pl.character, None)
            if reset_order:
                out.append(mine)
            else:
                out.insert(0, mine)
    return out


def hook_sum(s, p: int, hook: str) -> int:
    """The sum of `hook`'s figures over player p's character and apprentices."""
    return sum(h.value for h in hooked(s, p, hook))


def hook_any(s, p: int, hook: str) -> bool:
    """Whether player p's character or any of their apprentices acts at `hook`."""
    return bool(hooked(s, p, hook))


def apprentice_hook(card: int, hook: str) -> Any:
    """The figure apprentice card `card` gives at `hook` (None if it does not act there)."""
    a = cards.APPRENTICES[card - 1]
    return _figure(getattr(APPRENTICE_BEHAVIOUR[a.ability], hook), a)


def decisions_opened() -> dict[str, str]:
    """Decision kinds that behaviour entries open (Hugo's Debt, Clovis's card):
    kind -> the entry's name. archwk.ruleset holds their rules."""
    out = {}
    for name, b in CHARACTER_BEHAVIOUR.items():
        if b.debt_choice is not None:
            out[b.debt_choice.decision] = name
        if b.after_building_decision is not None:
            out[b.after_building_decision] = name
    return out
