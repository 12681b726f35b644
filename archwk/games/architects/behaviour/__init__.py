"""Card behaviour, one place per card: each apprentice ability, character and
building effect has one entry whose fields are the hook points where it changes
a rule (archwk.games.architects.behaviour.hooks). The rules ask the player's cards through the
helpers here: the sum of a hook's figures, whether any card has it, or the list
of cards having it, each with its figure and the cause to name in events.

    >>> import archwk
    >>> s = archwk.new_game(2, seed=1, options=archwk.Options(board_side=2, characters=("Rudolf", "Ada")))
    >>> hook_sum(s, 0, "hire_discount"), hook_sum(s, 1, "hire_discount")
    (1, 0)

Tables: apprentices by `ability` (behaviour.apprentices), characters by name
(behaviour.characters), buildings by `effect` (behaviour.buildings). A data row
names its entry, so a new card with an ability already known is one data row;
with a new ability, one row plus one entry here: the entry declares the shape
of its cards' params (`params=`, an archwk.kit.schema.ParamSchema) beside what it
does, and every row is checked against its entry when this package is
imported (`check_apprentices`; the buildings' in behaviour.buildings), so bad
data fails `import archwk`, naming the file, the card and the field. The
loader (archwk.games.architects.cards) checks only the general shape and knows no ability or
effect; `behaviour.data.load_cards` checks another data directory both ways.
Black Market and reward cards have no
behaviour of their own: the Black Market spaces and the Cathedral give their
printed goods, so they are data only. tests/test_card_coverage.py checks every
table against its data file both ways.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from ....kit.schema import check_rows
from .. import cards
from .apprentices import APPRENTICE_BEHAVIOUR
from .characters import CHARACTER_BEHAVIOUR
from .hooks import DATA_ONLY, HOOKS, AtReset, Behaviour, DebtChoice, Trade, hooks_of

__all__ = ["APPRENTICE_BEHAVIOUR", "CHARACTER_BEHAVIOUR", "DATA_ONLY", "HOOKS", "AtReset", "Behaviour",
           "DebtChoice", "Held", "Trade", "apprentice_hook", "check_apprentices", "hook_any", "hook_sum", "hooked",
           "hooks_of"]


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


def _by_hook(table) -> dict[str, dict[str, Any]]:
    """hook -> {key: field} over the entries of `table` that act there."""
    return {h: {k: getattr(b, h) for k, b in table.items() if getattr(b, h) is not None} for h in HOOKS}


# the tables indexed by hook point, rebuilt if a table is replaced (as a test extending one does)
_index: list = [None, {}, None, {}]


def _indexed() -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
    if _index[0] is not APPRENTICE_BEHAVIOUR:
        _index[0:2] = [APPRENTICE_BEHAVIOUR, _by_hook(APPRENTICE_BEHAVIOUR)]
    if _index[2] is not CHARACTER_BEHAVIOUR:
        _index[2:4] = [CHARACTER_BEHAVIOUR, _by_hook(CHARACTER_BEHAVIOUR)]
    return _index[1], _index[3]


def hooked(s, p: int, hook: str, reset_order: bool = False) -> list[Held]:
    """Player p's character and hired apprentices that act at `hook`: the character
    first, then the apprentices in the order hired (copies each count). With
    `reset_order`, the Black Market reset's order instead: apprentices by
    descending card id, then the character (RB, Black Market Reset; facts §16 row 19)."""
    if _index[0] is not APPRENTICE_BEHAVIOUR or _index[2] is not CHARACTER_BEHAVIOUR:
        _indexed()
    by_ability, by_name = _index[1], _index[3]
    pl = s.players[p]
    out = []
    fields = by_ability[hook]
    if fields and pl.apprentice_ids:
        rows = cards.APPRENTICES
        for i in (sorted(pl.apprentice_ids, reverse=True) if reset_order else pl.apprentice_ids):
            a = rows[i - 1]
            field = fields.get(a.ability)
            if field is not None:
                out.append(Held(_figure(field, a), a.name, a.name, a))
    field = by_name[hook].get(pl.character)  # None for the solo opponent's name: no character
    if field is not None:
        mine = Held(_figure(field, None), f"{pl.character}'s ability", pl.character, None)
        if reset_order:
            out.append(mine)
        else:
            out.insert(0, mine)
    return out


def hook_sum(s, p: int, hook: str) -> int:
    """The sum of `hook`'s figures over player p's character and apprentices."""
    if _index[0] is not APPRENTICE_BEHAVIOUR or _index[2] is not CHARACTER_BEHAVIOUR:
        _indexed()
    by_ability, by_name = _index[1], _index[3]
    pl = s.players[p]
    total = 0
    fields = by_ability[hook]
    if fields and pl.apprentice_ids:
        rows = cards.APPRENTICES
        for i in pl.apprentice_ids:
            a = rows[i - 1]
            field = fields.get(a.ability)
            if field is not None:
                total += _figure(field, a)
    field = by_name[hook].get(pl.character)
    if field is not None:
        total += _figure(field, None)
    return total


def hook_any(s, p: int, hook: str) -> bool:
    """Whether player p's character or any of their apprentices acts at `hook`."""
    if _index[0] is not APPRENTICE_BEHAVIOUR or _index[2] is not CHARACTER_BEHAVIOUR:
        _indexed()
    by_ability, by_name = _index[1], _index[3]
    pl = s.players[p]
    if pl.character in by_name[hook]:
        return True
    fields = by_ability[hook]
    if fields and pl.apprentice_ids:
        rows = cards.APPRENTICES
        for i in pl.apprentice_ids:  # a loop, not any(...): no closure, so it compiles typed
            if rows[i - 1].ability in fields:
                return True
    return False


def apprentice_hook(card: int, hook: str) -> Any:
    """The figure apprentice card `card` gives at `hook` (None if it does not act there)."""
    a = cards.APPRENTICES[card - 1]
    return _figure(getattr(APPRENTICE_BEHAVIOUR[a.ability], hook), a)


def decisions_opened() -> dict[str, str]:
    """Decision kinds that behaviour entries open (Hugo's Debt, Clovis's card):
    kind -> the entry's name. archwk.games.architects.ruleset holds their rules."""
    out = {}
    for name, b in CHARACTER_BEHAVIOUR.items():
        if b.debt_choice is not None:
            out[b.debt_choice.decision] = name
        if b.after_building_decision is not None:
            out[b.after_building_decision] = name
    return out


def check_apprentices(rows=None, file=None) -> None:
    """Every apprentice row (default: the game's, `cards.APPRENTICES`) names an
    ability of APPRENTICE_BEHAVIOUR and its params fit that entry's `params`
    schema; else `CardDataError` naming the file, the card and the field."""
    check_rows(cards.DATA_DIR / cards.APPRENTICES_FILE if file is None else file, "apprentice",
               cards.APPRENTICES if rows is None else rows, "ability", APPRENTICE_BEHAVIOUR)


check_apprentices()  # the game's data against the table: bad data fails `import archwk`
