"""The hook points: every place where a card or a character changes a rule,
as one named field of `Behaviour`. A behaviour entry (archwk.games.architects.behaviour.apprentices,
.characters) fills the fields its card acts on; the rule at that point asks the
player's cards through `archwk.games.architects.behaviour.hook_sum` / `hook_any` / `hooked`.

A field holds the figure itself (characters: their figures are printed only in
their ability text) or a function of the card's data row giving it (apprentices:
the figures are the row's `params`). Hooks that give things (`*_gain`) give a
bundle for `core.gain`: what the player gains, with the card as the cause.

Beside its hooks, an apprentice entry declares `params`, the shape its cards'
params must have (an `archwk.kit.schema.ParamSchema`; none given: no params);
archwk.games.architects.behaviour checks every data row against it on import.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, NamedTuple

from ....kit.schema import NO_PARAMS, ParamSchema


class AtReset(NamedTuple):
    """What a card does at each Black Market reset (RB, Black Market Reset, step 3):
    release up to `release` workers from Prison, or gain `gain` (only with no worker
    in Prison at the reset when `only_if_prison_empty`)."""
    release: int = 0
    gain: Mapping[str, int] = {}
    only_if_prison_empty: bool = False


class DebtChoice(NamedTuple):
    """Instead of each Debt the player may pay `silver` Silver, decided in the
    decision `decision` (Hugo; only during play)."""
    decision: str
    silver: int


class Trade(NamedTuple):
    """A King's Storehouse trade printed on a card: pay `pay`, gain `gain`."""
    pay: Mapping[str, int]
    gain: Mapping[str, int]


#: a hook field: the figure, or a function of the card's data row giving it
Hook = Any


@dataclass(frozen=True)
class Behaviour:
    """One card's (or character's) behaviour: the hook points it acts on.
    Unset fields (None) are points where it does nothing. Where a rule meets
    several cards with the same hook, `hook_sum` adds their figures, `hook_any`
    asks whether any has it and `hooked` lists them (character first, then
    apprentices in hire order) for rules that act once per card. `params` is
    not a hook point: it is the shape of the params of the cards naming this
    entry (apprentices; characters have no params)."""
    params: ParamSchema = NO_PARAMS
    # ---- costs and limits
    taxes_avoided: Hook = None            # core.taxes_avoided: Tax ignored on every cost (Ada)
    hire_discount: Hook = None            # Workshop: Silver (not Tax) less to hire (Rudolf)
    apprentice_limit_bonus: Hook = None   # core.apprentice_limit: apprentices held beyond 5 (Rudolf)
    cost_cut: Hook = None                 # Guildhall payments: 1 of these resources less (Lothaire)
    gold_is_marble: Hook = None           # payments and scoring: Gold and Marble one resource (Therese)
    debt_choice: Hook = None              # core.take_debt: DebtChoice (Hugo)
    # ---- the locations
    quarry_stone: Hook = None             # Quarry: extra Stone (Stonecutter)
    forest_wood: Hook = None              # Forest: extra Wood (Woodcutter)
    mines_clay: Hook = None               # Mines: extra Clay, whichever is taken (Miner)
    silversmith_silver: Hook = None       # Silversmith: extra Silver (Jeweller)
    storehouse_actions: Hook = None       # King's Storehouse: extra trades (Overseer)
    storehouse_trade: Hook = None         # King's Storehouse: a Trade of its own (Merchant, Patron, Trader)
    later_captures_free: Hook = None      # Town Centre: captures after the first cost nothing (Conspirator)
    tax_stand_virtue_saved: Hook = None   # Tax Stand: Virtue not lost (Thief)
    tax_stand_gain: Hook = None           # Tax Stand: also gain (Pickpocket)
    black_market_silver_saved: Hook = None  # Black Market: Silver less (Trickster)
    black_market_virtue_kept: Hook = None   # Black Market: no Virtue lost (Illusionist)
    black_market_gain: Hook = None        # Black Market: extra goods (Swindler)
    black_market_cards: Hook = None       # Black Market: building cards drawn (Caroline)
    prison_sale_gain: Hook = None         # Guardhouse, sending to Prison: also gain (Bertha, Enforcer)
    # ---- the Cathedral, buildings, Debts, the reset
    no_cathedral_discard: Hook = None     # Cathedral: no building card discarded (Frederick)
    cathedral_gain: Hook = None           # Cathedral: also gain on advancing (Acolyte)
    after_building_decision: Hook = None  # Guildhall: a decision opened after each building (Clovis)
    debt_paid_gain: Hook = None           # paying off a Debt: also gain (Debt Collector)
    at_reset: Hook = None                 # Black Market reset: AtReset (Gatekeeper, Squire, Peddler, Fara)


#: every hook point's name
HOOKS: tuple[str, ...] = tuple(f.name for f in fields(Behaviour) if f.name != "params")

#: the entry of a card that has no behaviour beyond its data (skills only: the Labourer)
DATA_ONLY = Behaviour()


def hooks_of(b: Behaviour) -> tuple[str, ...]:
    """The hook points a behaviour acts on."""
    return tuple(h for h in HOOKS if getattr(b, h) is not None)
