"""Apprentice abilities (RB, Appendix: Apprentice Abilities; facts §2), one
entry per `ability` of data/apprentices.toml: the row names its behaviour, the
row's `params` give the figures, in the shape the entry's `params` declares
(an archwk.kit.schema.ParamSchema; left out: no params), checked for every row
when archwk.games.architects.behaviour is imported. Cards sharing an ability (the three
Acolytes, the twelve Merchants, Patrons and Traders) share its entry. The
Labourer has skills only: its ability "none" is DATA_ONLY.
tests/test_card_coverage.py checks this table against the data both ways."""
from __future__ import annotations

from types import MappingProxyType

from ....kit.schema import POS, ParamSchema, amounts
from ..cards import GAIN_KEYS, RESOURCES
from .hooks import DATA_ONLY, AtReset, Behaviour, Trade


def _params(a):
    return a.params


#: params that are themselves the goods the card gives ({clay = 2})
_GOODS = ParamSchema(amounts=GAIN_KEYS)


#: apprentice `ability` -> its behaviour
APPRENTICE_BEHAVIOUR: MappingProxyType[str, Behaviour] = MappingProxyType({
    # Acolyte: when you advance the Cathedral, also gain the card's goods
    "cathedral_bonus": Behaviour(params=_GOODS, cathedral_gain=_params),
    # Conspirator: at the Town Centre each capture after the first costs no Silver (facts §16 row 18)
    "conspirator": Behaviour(later_captures_free=True),
    # Debt Collector: when you pay off a Debt, also gain the card's goods
    "debt_bonus": Behaviour(params=_GOODS, debt_paid_gain=_params),
    # Gatekeeper: at every Black Market reset, release up to 2 workers from Prison
    "gatekeeper": Behaviour(params=ParamSchema({"release": POS}),
                            at_reset=lambda a: AtReset(release=a.params["release"])),
    # Illusionist: lose no Virtue for Black Market actions
    "illusionist": Behaviour(black_market_virtue_kept=True),
    # Jeweller: at the Silversmith, 1 extra Silver
    "jeweller": Behaviour(params=ParamSchema({"silver": POS}), silversmith_silver=lambda a: a.params["silver"]),
    # Labourer: no ability, all three skills
    "none": DATA_ONLY,
    # Merchant, Patron, Trader: a King's Storehouse trade of their own
    "trade": Behaviour(params=ParamSchema({"pay": amounts(RESOURCES + ("silver",), positive=True),
                                        "gain": amounts(RESOURCES + ("virtue",), positive=True)}),
                       storehouse_trade=lambda a: Trade(a.params["pay"], a.params["gain"])),
    # Miner: 1 extra Clay at the Mines, with Clay or with Gold
    "miner": Behaviour(params=ParamSchema({"clay": POS}), mines_clay=lambda a: a.params["clay"]),
    # Pickpocket: at the Tax Stand, also 1 Gold
    "pickpocket": Behaviour(params=ParamSchema({"gold": POS}), tax_stand_gain=lambda a: {"gold": a.params["gold"]}),
    # Squire: at every Black Market reset with none of your workers in Prison, gain the card's goods
    "squire": Behaviour(params=_GOODS, at_reset=lambda a: AtReset(gain=a.params, only_if_prison_empty=True)),
    # Stonecutter: 1 extra Stone at the Quarry
    "stonecutter": Behaviour(params=ParamSchema({"stone": POS}), quarry_stone=lambda a: a.params["stone"]),
    # Woodcutter: 1 extra Wood at the Forest
    "woodcutter": Behaviour(params=ParamSchema({"wood": POS}), forest_wood=lambda a: a.params["wood"]),
    # Swindler: extra goods with every Black Market action
    "swindler": Behaviour(params=_GOODS, black_market_gain=_params),
    # Thief: lose 1 Virtue less at the Tax Stand
    "thief": Behaviour(params=ParamSchema({"virtue_saved": POS}),
                       tax_stand_virtue_saved=lambda a: a.params["virtue_saved"]),
    # Trickster: Black Market actions cost 1 Silver less
    "trickster": Behaviour(params=ParamSchema({"silver_saved": POS}),
                           black_market_silver_saved=lambda a: a.params["silver_saved"]),
    # Enforcer: 1 Gold when sending captured workers to Prison at the Guardhouse
    "enforcer": Behaviour(params=ParamSchema({"gold": POS}), prison_sale_gain=_params),
    # Overseer: 1 extra King's Storehouse trade
    "overseer": Behaviour(params=ParamSchema({"actions": POS}), storehouse_actions=lambda a: a.params["actions"]),
    # Peddler: 2 Silver at every Black Market reset
    "peddler": Behaviour(params=ParamSchema({"silver": POS}),
                         at_reset=lambda a: AtReset(gain={"silver": a.params["silver"]})),
})
