"""The Building tiles in words (§9): what each tile's ability does, from its ability
and figures in the components file, as the rulebook's table words it."""
from __future__ import annotations

from .words import amounts, location_name, resource_name

#: the building each ability applies to (§9's table; None: no building)
ABILITY_BUILDING = {"tile_gold": "builders_guild", "recruit_discount": "guild_hall", "barracks_bonus": "barracks",
                    "trade_bonus": "marketplace", "market_cube": "marketplace"}
_PER = {"arts": "Arts card", "science": "Science card", "warriors": "of your Elite Warriors on the wall",
        "tiles": "Building tile you acquired, itself included", "magisters": "Magister card you hold"}


def ability_text(tile) -> str:
    """What a tile's ability does, in words ("+2 Recruit tokens at the start of each
    remaining Season")."""
    a, p = tile.ability, dict(tile.params)
    if a == "tile_gold":
        return f"{amounts({'gold': p['gold']})} for each Building tile you acquire, itself included"
    if a == "season_gain":
        return f"{amounts(p)} at the start of each remaining Season"
    if a == "recruit_discount":
        k = p.get("cubes", 1)
        return f"at the Guild Hall, a Magister costs {k} Resource{'s' if k != 1 else ''} less (of your choice)"
    if a == "barracks_bonus":
        return f"{amounts(p)} more at each visit to the Barracks"
    if a == "trade_bonus":
        return (f"at the Marketplace, {p.get('sell', 0)} Gold more for each sale and "
                f"{p.get('buy', 0)} Gold less for each purchase")
    if a == "chapel":
        return "your Merchants also count as Tax Collectors, and your Tax Collectors as Merchants"
    if a == "market_cube":
        choices = " or ".join(f"1 {resource_name(r)}" for r in p.get("choices", ()))
        return f"at each visit to the Marketplace, take {choices} from the stockpile"
    if a == "season_vp":
        return f"at each Season's scoring, {p['vp']} VP for each {_PER[p['per']]}"
    if a == "end_vp":
        return f"at the end of the game, {p['vp']} VP for each {_PER[p['per']]}"
    return "no ability: its Victory Points only"


def tile_building(tile) -> str | None:
    """The building the tile's ability applies to, in words (None: none)."""
    loc = ABILITY_BUILDING.get(tile.ability)
    return location_name(loc, capital=True) if loc else None
