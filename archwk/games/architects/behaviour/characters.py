"""Variable Setup characters (player board side 2 and the promo characters; RB,
Variable Setup Characters; facts §12), one entry per character of
data/characters.toml, keyed by name. Their starting figures are in the data;
their abilities' figures are printed only in the ability text, so they are
here. tests/test_card_coverage.py checks this table against the data both ways."""
from __future__ import annotations

from types import MappingProxyType

from .hooks import AtReset, Behaviour, DebtChoice

#: character name -> its behaviour
CHARACTER_BEHAVIOUR: MappingProxyType[str, Behaviour] = MappingProxyType({
    # ignores 1 Tax on every cost (stacks with low-Virtue tax avoidance)
    "Ada": Behaviour(taxes_avoided=1),
    # 1 building card with each Black Market action
    "Caroline": Behaviour(black_market_cards=1),
    # no building card discarded when advancing the Cathedral
    "Frederick": Behaviour(no_cathedral_discard=True),
    # 1 Silver (not Tax) less to hire at the Workshop; holds 6 apprentices
    "Rudolf": Behaviour(hire_discount=1, apprentice_limit_bonus=1),
    # Gold and Marble are one resource, for payments and for scoring buildings
    "Therese": Behaviour(gold_is_marble=True),
    # 1 Wood or 1 Stone less on every building or Cathedral cost
    "Lothaire": Behaviour(cost_cut=("wood", "stone")),
    # may pay 2 Silver instead of each Debt he would take (archwk.games.architects.characters.HUGO)
    "Hugo": Behaviour(debt_choice=DebtChoice("hugo", 2)),
    # draws 1 building card after each building he constructs, its own effect first
    # (archwk.games.architects.characters.CLOVIS_DRAW)
    "Clovis": Behaviour(after_building_decision="clovis_draw"),
    # releases 1 of her workers from Prison at each Black Market reset, after the apprentices
    "Fara": Behaviour(at_reset=AtReset(release=1)),
    # 2 more Silver whenever she sends captured workers to Prison at the Guardhouse
    "Bertha": Behaviour(prison_sale_gain={"silver": 2}),
})
