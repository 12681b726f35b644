"""Each board location's rule in the game's words, for hovers and the tutorial;
the rulebook section it comes from is kept apart (`section`) for a "rule behind
it" link, so play text never carries a citation."""
from __future__ import annotations

from typing import NamedTuple


class RuleText(NamedTuple):
    """A location's rule: its name, the rule as lines of text, and the rulebook section."""
    location: str
    name: str
    lines: tuple
    section: str


_GATHER = "Gain {what} for each of your own workers there, the one just placed included{extra}."

RULES = {r.location: r for r in (
    RuleText("quarry", "Quarry", (_GATHER.format(what="1 Stone", extra=""),
                                  "Each Stonecutter you have adds 1 Stone."),
             "Board Locations: Quarry, Forest, Mines and Silversmith"),
    RuleText("forest", "Forest", (_GATHER.format(what="1 Wood", extra=""),
                                  "Each Woodcutter you have adds 1 Wood."),
             "Board Locations: Quarry, Forest, Mines and Silversmith"),
    RuleText("mines", "Mines", ("Take 1 Clay plus 1 Clay for each of your own workers there, or 1 Gold for "
                                "every 2 of your own workers there: never some of each.",
                                "Each Miner you have adds 1 Clay either way."),
             "Board Locations: Quarry, Forest, Mines and Silversmith"),
    RuleText("silversmith", "Silversmith", (_GATHER.format(what="1 Silver", extra=", plus 1 Silver"),
                                            "Each Jeweller you have adds 1 Silver."),
             "Board Locations: Quarry, Forest, Mines and Silversmith"),
    RuleText("storehouse", "King's Storehouse", (
        "Make 1 trade for each of your own workers there; a trade may be repeated and you may stop early.",
        "• Any 2 of Clay, Wood and Stone: 1 Virtue.",
        "• Any 3 of Wood and Stone: 1 Marble.",
        "Merchants, Patrons and Traders add the trades printed on them; an Overseer adds 1 trade."),
             "King's Storehouse"),
    RuleText("workshop", "Workshop", (
        "Hire 1 apprentice, or work on building plans.",
        "• Hire: pay 4 Silver, 2 of it Tax. With 1 worker there you hire from the first column; each of "
        "your workers there opens one more column. A column further costs 1 Silver laid on each card "
        "skipped in that row.",
        "• Building plans: draw 1 building card, plus 1 for every 2 of your own workers there."),
             "Workshop"),
    RuleText("town_centre", "Town Centre", (
        "For each of your own workers there you may capture 1 group: all the workers of one colour at one "
        "large location. Each capture costs 1 Silver; the first is Tax.",
        "With 1 to 3 players captures may come from 2 different locations in one action, with 4 or 5 "
        "players from 1."),
             "Town Centre"),
    RuleText("tax_stand", "Tax Stand", (
        "Take all the Silver on the Tax Stand and lose 2 Virtue. You cannot go there while it is empty.",
        "A Thief saves 1 Virtue; a Pickpocket adds 1 Gold."),
             "Tax Stand"),
    RuleText("black_market_a", "Black Market (left space)", (
        "Pay 1 Silver and lose 1 Virtue: gain the goods of the top Small Market card.",
        "One worker per space until the next Black Market reset; closed to you at Virtue 10 or more."),
             "Black Market"),
    RuleText("black_market_b", "Black Market (middle space)", (
        "Pay 2 Silver and lose 1 Virtue: hire any face-up apprentice free (taking the Silver on it), "
        "or look at 5 building cards and keep 1.",
        "One worker per space until the next Black Market reset; closed to you at Virtue 10 or more."),
             "Black Market"),
    RuleText("black_market_c", "Black Market (right space)", (
        "Pay 3 Silver and lose 1 Virtue: gain the goods of the top Large Market card.",
        "One worker per space until the next Black Market reset; closed to you at Virtue 10 or more."),
             "Black Market"),
    RuleText("guardhouse", "Guardhouse", (
        "Take 1 action for each of your own workers there, in any order, repeats allowed:",
        "• Send the captured workers on your board to Prison: 1 Silver each.",
        "• Release all your workers from Prison.",
        "• Free your workers from other players' boards: pay 5 Silver (2 Tax), or take 1 Debt and lose "
        "1 Virtue.",
        "• Pay off 1 Debt: 6 Silver (3 Tax)."),
             "Guardhouse"),
    RuleText("guildhall", "Guildhall", (
        "Construct a building from your hand or advance work on the Cathedral; you may go there only if you "
        "can. Workers there stay for the rest of the game.",
        "The spaces fill left to right, top to bottom; some trigger a Black Market reset and the last one "
        "the end of the game."),
             "Guildhall"),
    RuleText("prison", "Prison", (
        "Workers on the Black Market go to the Prison at each Black Market reset.",
        "At the end each player loses 1 VP for every 2 of their own workers in Prison."),
             "Black Market Reset"),
)}


def rule_text(location: str) -> RuleText:
    """The rule of a board location (or the Prison)."""
    try:
        return RULES[location]
    except KeyError:
        raise ValueError(f"archwk.games.architects.explain: no rule text for location {location!r}; "
                         f"known: {', '.join(RULES)}") from None
