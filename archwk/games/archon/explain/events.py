"""Event texts: what an action caused, in plain words (`describe(event)`)."""
from __future__ import annotations

from ..constants import CARD_TYPES
from .words import CATEGORY_NAMES, amounts, and_list, card_name, cards, location_name, magister_name, resource_name

#: what a what-if edit changed, in words: (one, many)
EDIT_WORDS = {"vp": ("VP", "VP"), "gold": ("Gold", "Gold"), "recruits": ("Recruit token", "Recruit tokens"),
              "arts": ("Arts card", "Arts cards"), "science": ("Science card", "Science cards"),
              "resources": ("Resource cube", "Resource cubes"), "tiles": ("Building tile", "Building tiles"),
              "hand": ("card in hand", "cards in hand"), "repository": ("the Repository's display",
                                                                      "the Repository's display")}


def _name(e, names=None) -> str:
    if e.player is None:
        return "The table"
    if names is not None and 0 <= e.player < len(names):
        return names[e.player]
    return f"Player {e.player + 1}"


def describe(e, names=None) -> str:
    """The sentence for event `e` (`names`: the players' names by seat, if known)."""
    d = e.data
    who = _name(e, names)

    def seat(i) -> str:
        i = int(i)
        return names[i] if names is not None and i < len(names) else f"Player {i + 1}"

    k = e.kind
    if k == "setup":
        return f"The game is set up: {and_list([seat(p) for p in d['order']])} play in that order"
    if k == "province":
        got = d["resources"]
        return f"A new Province card fills the Repository with {amounts(got)}" if got else \
            "A new Province card: the stockpile is empty, the Repository stays empty"
    if k == "round":
        return f"Round {d['round']} of Season {d['season']} begins: {and_list([seat(p) for p in d['order']])}"
    if k == "started":
        return f"{who} starts with a {magister_name(d['magisters'][0])} and a {magister_name(d['magisters'][1])}"
    if k == "split":
        if d.get("hand") is None:
            return f"{who} splits their 10 cards into two face-down piles"
        row = d["hand"]
        parts = [f"{n} {card_name(c, n)}" for c, n in zip(CARD_TYPES, row) if n]
        return f"{who} keeps {and_list(parts)} for this round"
    if k == "placed":
        where = location_name(d["location"])
        if d["location"] == "palace":
            where = f"the Palace (King's Favor slot {d['slot'] + 1})"
        else:
            where = f"{where} (slot {d['slot'] + 1})"
        extra = []
        if d.get("stacked"):
            extra.append("joining the figure there with a Cleric")
        if d.get("token"):
            extra.append("leaving a Tax Collector token")
        return f"{who} plays {cards(d['pay'])} and places a figure at {where}" + \
            (f", {and_list(extra)}" if extra else "")
    if k == "toll":
        return f"{who} pays {d['gold']} Gold toll to {seat(d['owner'])} at {location_name(d['location'])}"
    if k == "gained":
        src = {"palace": " from the King's Favor", "craftsman": " (Craftsman)"}.get(d.get("where"), "")
        return f"{who} takes {amounts(d['gains'])}{src}" if d["gains"] else f"{who} takes nothing: the supply is empty"
    if k == "took":
        return f"{who} takes 1 {resource_name(d['resource'])} from the Repository"
    if k == "lab":
        return f"{who} takes 1 {resource_name(d['resource'])} from the stockpile (Laboratory)" if d["got"] else \
            f"{who} takes no {resource_name(d['resource'])}: the stockpile has none"
    if k == "bought":
        return f"{who} buys 1 {resource_name(d['resource'])} for {d['gold']} Gold"
    if k == "sold":
        return f"{who} sells 1 {resource_name(d['resource'])} for {d['gold']} Gold"
    if k == "recruited":
        text = f"{who} recruits a {magister_name(d['magister'])} for {amounts(d['cost'])}"
        return text + (f" and scores {d['vp']} VP" if d["vp"] else "")
    if k == "replaced":
        where = {"hand": "their hand", "played": "the cards played this round", "next": "their other pile",
                 "spent": "the cards set aside", "pile": "a face-down pile"}[d["zone"]]
        return (f"{who}'s new {magister_name(d['magister'])} replaces a Courtier from {where}; "
                "the Courtier leaves the game")
    if k == "warrior":
        where = "a Main Gate slot" if d["gate"] else "the city wall"
        return f"{who} puts an Elite Warrior on {where}" + (f" and scores {d['vp']} VP" if d["vp"] else "")
    if k == "tile":
        text = f"{who} acquires the {d['name']} tile for {amounts(d['cost'])}"
        return text + (f" and scores {d['vp']} VP" if d["vp"] else "")
    if k == "card":
        what = "an Arts card" if d["what"] == "arts" else "a Science card"
        return f"{who} buys {what} for {amounts(d['cost'])}"
    if k == "passed":
        n = d["unused"]
        return f"{who} passes, holding {n} unused card{'s' if n != 1 else ''}"
    if k == "round_end":
        parts = []
        for p, cs in sorted(d["unused"].items(), key=lambda kv: int(kv[0])):
            parts.append(f"{seat(p)}: {cards(cs) if cs else 'none'}")
        return (f"Round {d['round']} ends. Unused cards: {'; '.join(parts)}. Next order: "
                f"{and_list([seat(p) for p in d['order']])}")
    if k == "favors":
        return "The oldest King's Favor leaves the Palace; the others move on and a new one arrives" \
            if d.get("added") is not None else "The oldest King's Favor leaves the Palace"
    if k == "attack":
        if d["raided"]:
            return (f"The city is attacked at the end of Season {d['season']}: Strength {d['strength']} against "
                    f"{d['wall']} Elite Warrior{'s' if d['wall'] != 1 else ''} on the wall: the city is raided")
        return (f"The city is attacked at the end of Season {d['season']}: Strength {d['strength']} against "
                f"{d['wall']} Elite Warriors on the wall: the city holds")
    if k == "loss":
        if "recruits" in d:
            return f"{who} loses {amounts({'recruits': d['recruits']})} to the raid"
        if "resources" in d:
            return f"{who} loses {amounts(d['resources'])} to the raid"
        if "gold" in d:
            return f"{who} pays {d['gold']} Gold to the raid"
        return f"{who} loses {d['vp']} VP to the raid"
    if k == "scored":
        got = [f"{seat(p)} {v} VP" for p, v in sorted(d["vp"].items(), key=lambda kv: int(kv[0])) if v]
        what = CATEGORY_NAMES[d["category"]]
        return f"King's Grant, {what}: {and_list(got)}" if got else f"King's Grant, {what}: nobody scores"
    if k == "tile_vp":
        tile = {"arts": "Gallery", "science": "Library", "warriors": "Armory"}[d["per"]]
        return f"{who} scores {d['vp']} VP from the {tile}"
    if k == "season_prepared":
        return (f"Season {d['season']} begins: the Marketplace is refilled, Elite Warriors come back from the wall, "
                "Arts and Science cards go back to their piles")
    if k == "season_gain":
        return f"{who} takes {amounts(d['gains'])} at the start of the Season (Building tile)"
    if k == "end_vp":
        return f"{who} scores {d['vp']} VP from Building tiles at the end of the game"
    if k == "game_over":
        return "The game is over"
    if k == "edited":
        now = d.get("now", {})
        counted = [f"{now[f]} {EDIT_WORDS[f][1 if now[f] != 1 else 0]}" for f in d["fields"] if f in now]
        others = [EDIT_WORDS[f][1] for f in d["fields"] if f not in now]
        if e.player is None:
            return f"What-if: {and_list(others)} changed"
        parts = [f"{who} now has {and_list(counted)}"] if counted else []
        if others:
            parts.append(f"{who}'s {and_list(others)} changed")
        return "What-if: " + "; ".join(parts)
    return k
