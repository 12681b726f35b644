"""Archon's names (API "Archon"): location ids, resources, Magister types, card
types and the zones a player's cards are in. Every figure is in the components
file (`data/components.toml`)."""
from __future__ import annotations

GAME_NAME = "archon"
#: this game's explainer, by import path: a state finds it through its game
#: (`state.game.explainer`); an action listed at no state, and an event, load it by this
#: path (the rules sit below it and never import it; nothing installs it)
EXPLAINER = "archwk.games.archon.explain"

MIN_PLAYERS = 2
MAX_PLAYERS = 4

#: the ten locations of §4.2, in the rulebook's order
LOCATIONS: tuple[str, ...] = ("repository", "barracks", "treasury", "marketplace", "guild_hall",
                              "royal_guard", "builders_guild", "academy", "planetarium", "palace")
#: the locations a King's Favor card may give the action of (every one but the Palace)
BUILDINGS: tuple[str, ...] = LOCATIONS[:-1]

#: the four Resources (cubes); Gold, Recruit tokens and VP are not Resources (§7, §8)
RESOURCES: tuple[str, ...] = ("stone", "papyrus", "silver", "iron")

#: the four Magister types (§5), in the order of the Guild Hall piles (§3 step 15 lists
#: Merchants, Scribes, Clerics, Tax Collectors; §5 the other way round)
MAGISTERS: tuple[str, ...] = ("tax_collector", "cleric", "scribe", "merchant")

#: every card type a player holds: Courtiers and the four Magisters
CARD_TYPES: tuple[str, ...] = ("courtier",) + MAGISTERS
CARD_INDEX = {c: i for i, c in enumerate(CARD_TYPES)}

#: where a player's 10 cards are: the hand of this round (unplayed), the cards played
#: this round, the other pile of the last split (next round's hand) and the cards
#: set aside at the end of a round (they rejoin the 10 at the next split, A27)
ZONES: tuple[str, ...] = ("hand", "played", "next", "spent")

#: the player emblems of the Courtier cards (§3 step 3), one per seat
EMBLEMS: tuple[str, ...] = ("Unicorn", "Dragon", "Lion", "Eagle")

#: the three scoring categories of a King's Grant card (§7.1)
CATEGORIES: tuple[str, ...] = ("arts", "science", "warriors")
