"""Card faces: a compact drawing (HTML) of a building card and of an
apprentice, from the library's card data (`archwk.games.architects.cards`), and the card
gallery's catalogue (every card with its rule text and the rulebook section).

Nothing here states a rule: the words are the cards' own `text` from the card
data; this module only lays them out.

>>> "7 VP" in building_face("Stone Market") and "Masonry" in building_face("Stone Market")
True
>>> "Tiling" in apprentice_face(11) and "Jeweller" in apprentice_face(11)
True
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

from archwk.games.architects import cards

from ..text import esc

#: resource chip colours (background, text): dark enough text for 4.5:1 contrast
RESOURCE_STYLE = {
    "clay": ("#f4d9c6", "#6b2f0a"), "wood": ("#e9dcc5", "#4f3411"), "stone": ("#e3e3e3", "#333333"),
    "gold": ("#fbefb8", "#5c4700"), "marble": ("#eef1f6", "#2b3a55"), "silver": ("#e8eef0", "#2f4450"),
}
SKILL_STYLE = {"carpentry": ("#e3f0dc", "#24501a"), "tiling": ("#f8e1df", "#7a1f16"),
               "masonry": ("#e1e7f4", "#1f3766")}

#: building categories in the game's words (the gallery's "Effect" filter, buildings only)
CATEGORY_WORDS = {"immediate": "When built", "end_game": "At the end (Virtue)", "vp_bonus": "Extra VP at the end",
                  "scoring_rule": "Changes scoring", "none": "No effect"}
#: what a card's effect concerns, in the game's words (the gallery's "Effect" filter, every kind of
#: card), in the menu's order. A card may concern several; tests/test_learner.py checks each against
#: the words of the cards' own text (every card whose rule speaks of Debts is in "Debts", and so on).
TOPICS = ("Storehouse trade", "More when gathering", "Black Market", "Black Market reset",
          "Town Centre and captures", "Tax Stand", "Guardhouse", "Prison", "Cathedral", "Debts", "Skills only")
_GATHER, _BM, _RESET, _CAPTURE = "More when gathering", "Black Market", "Black Market reset", "Town Centre and captures"
#: apprentice ability -> topics
_ABILITY_TOPICS = {
    "trade": ("Storehouse trade",), "overseer": ("Storehouse trade",),
    "miner": (_GATHER,), "stonecutter": (_GATHER,), "woodcutter": (_GATHER,), "jeweller": (_GATHER,),
    "swindler": (_BM,), "trickster": (_BM,), "illusionist": (_BM,),
    "conspirator": (_CAPTURE,), "thief": ("Tax Stand",), "pickpocket": ("Tax Stand",),
    "cathedral_bonus": ("Cathedral",), "debt_bonus": ("Debts",),
    "enforcer": ("Guardhouse", _CAPTURE, "Prison"),
    "gatekeeper": (_RESET, "Prison"), "squire": (_RESET, "Prison"), "peddler": (_RESET,),
    "none": ("Skills only",),
}
#: building effect -> topics (those of no topic are found by their category)
_BUILDING_TOPICS = {
    "capture": (_CAPTURE,), "barracks": (_CAPTURE,), "hideout": ("Prison",), "watchtower": ("Prison",),
    "take_debt": ("Debts",), "church": ("Debts",), "no_debt": ("Debts",), "fountain": ("Debts",),
    "debt_vp": ("Debts",), "lose_virtue": ("Debts",),  # the Dungeon: Virtue lost below 0 gives Debts
    "cathedral_most": ("Cathedral",), "crane": ("Cathedral",),
}
#: what a "per" building counts -> topics (the Moneylender and the Reservoir count paid Debts)
_COUNTED_TOPICS = {"debts_paid": ("Debts",), "captured": (_CAPTURE,)}


def card_topics(kind: str, card) -> tuple[str, ...]:
    """What a building's or an apprentice's effect concerns (`TOPICS`), from its card data."""
    if kind == "apprentice":
        return _ABILITY_TOPICS.get(card.ability, ())
    out = list(_BUILDING_TOPICS.get(card.effect, ()))
    counted = card.params.get("count", ()) if card.effect in ("vp_per", "virtue_per") else ()
    for c in (counted,) if isinstance(counted, str) else counted:
        out += [t for t in _COUNTED_TOPICS.get(c, ()) if t not in out]
    return tuple(out)


SET_WORDS = {"base": "Base game", "extra": "Age of Artisans extra cards"}

# The rulebook's appendix bullet that describes each card (the cards of the
# "extra" set are not in the printed rulebook).
_BUILDING_SECTION = {
    "gain": "Gain Resources / Cards", "choose": "Gain Resources / Cards", "take_debt": "Gain Resources / Cards",
    "capture": "Capture / Release Workers", "barracks": "Capture / Release Workers",
    "hideout": "Capture / Release Workers", "church": "Church", "library": "Library", "monument": "Monument",
    "palace": "Palace", "tavern": "Tavern", "watchtower": "Watchtower", "most": "Resource Markets",
    "cathedral_most": "Cathedral Contribution", "virtue_per": "Virtue Boost", "vp_per": "VP Boost",
    "hut": "Apprentice Huts", "lose_virtue": "Dungeon", "fountain": "Fountain", "debt_vp": "Gambler's Den",
    "no_debt": "University",
}


def _chip(text: str, style: tuple[str, str], title: str = "") -> str:
    bg, fg = style
    t = f' title="{esc(title)}"' if title else ""
    return (f'<span{t} style="display:inline-block;background:{bg};color:{fg};border-radius:3px;'
            f'padding:0 3px;margin:1px 2px 1px 0;white-space:nowrap">{text}</span>')


def goods_chips(bundle) -> str:
    """{'clay': 2, 'wood': 1} as coloured chips ("2 Clay", "1 Wood")."""
    out = [_chip(f"{n} {esc(r.capitalize())}", RESOURCE_STYLE.get(r, ("#eee", "#222")))
           for r, n in dict(bundle).items() if n]
    return " ".join(out) or "<i>free</i>"


def skill_chips(skills) -> str:
    return " ".join(_chip(esc(s.capitalize()), SKILL_STYLE[s]) for s in sorted(skills)) or "<i>no skill</i>"


_FACE = ('<div class="archwk-card archwk-card-{kind}" data-card="{key}" style="display:inline-block;'
         'vertical-align:top;width:{width}px;border:1px solid {border};border-radius:6px;background:{bg};'
         'padding:4px 6px;margin:2px;font-size:11px;line-height:1.35;color:#222;white-space:normal;'
         'box-sizing:border-box">{body}</div>')


def building_face(name: str, *, width: int = 170, note: str = "") -> str:
    """A building card: name and VP, cost, skills needed, Virtue change, effect in words.
    `note` is an extra line at the foot (e.g. "in your hand")."""
    b = cards.building(name)
    virtue = f'<div>Virtue on building: <b>{b.virtue:+d}</b></div>' if b.virtue else ""
    body = (f'<div style="display:flex;justify-content:space-between;gap:4px;font-weight:bold;font-size:12px">'
            f'<span>{esc(b.name)}</span><span style="white-space:nowrap;color:#6b3d00">{b.vp} VP</span></div>'
            f'<div>Cost: {goods_chips(b.cost)}</div>'
            f'<div>Needs: {skill_chips(b.skills)}</div>{virtue}'
            f'<div style="margin-top:2px;border-top:1px solid #e2d6bd;padding-top:2px">'
            f'<i>{esc(CATEGORY_WORDS.get(b.category, ""))}:</i> {esc(b.text)}</div>'
            + (f'<div style="color:#555">{esc(note)}</div>' if note else ""))
    return _FACE.format(kind="building", key=esc(b.name), width=width, border="#c9b27c", bg="#fffaf0", body=body)


def apprentice_face(card_id: int, *, width: int = 150, note: str = "") -> str:
    """An apprentice: name, skills, ability in words, Virtue change when hired."""
    a = cards.APPRENTICES[card_id - 1]
    virtue = f'<div>Virtue when hired: <b>{a.virtue:+d}</b></div>' if a.virtue else ""
    body = (f'<div style="font-weight:bold;font-size:12px">{esc(a.name)}</div>'
            f'<div>{skill_chips(a.skills)}</div>{virtue}'
            f'<div style="margin-top:2px;border-top:1px solid #cfdcc4;padding-top:2px">{esc(a.text)}</div>'
            + (f'<div style="color:#555">{esc(note)}</div>' if note else ""))
    return _FACE.format(kind="apprentice", key=card_id, width=width, border="#9fb98b", bg="#f6fbf2", body=body)


def faces_row(faces: list[str]) -> str:
    return '<div class="archwk-cards" style="display:flex;flex-wrap:wrap;align-items:flex-start">' + \
        "".join(faces) + "</div>"


# --------------------------------------------------------------------------- catalogue

@dataclass(frozen=True)
class CardEntry:
    """One card of the gallery: its face, what the filters look at, its rule."""
    kind: str            # "building" or "apprentice"
    id: int
    name: str
    skills: frozenset[str]
    effect: str          # its effect in words: a building's category (CATEGORY_WORDS), an apprentice's first topic
    topics: tuple[str, ...]  # what its effect concerns (TOPICS); the "Effect" filter finds it by either
    set: str             # "base" or "extra"
    text: str            # the card's rule text
    section: str         # where the rulebook describes it

    @property
    def face(self) -> str:
        if self.kind == "building":
            return building_face(self.name, width=190)
        return apprentice_face(self.id, width=190)


def rulebook_section(kind: str, card) -> str:
    """The rulebook section that describes a card (a building or an apprentice record)."""
    if card.set != "base":
        return "Age of Artisans: extra cards (not in the printed rulebook)"
    if kind == "building":
        return f"Appendix — Building Effects: {_BUILDING_SECTION.get(card.effect, card.name)}"
    return f"Appendix — Apprentice Abilities: {card.name}"


@functools.cache
def catalogue() -> tuple[CardEntry, ...]:
    """All 43 buildings and all 43 apprentices, buildings first, by id."""
    out = [CardEntry("building", b.id, b.name, b.skills, CATEGORY_WORDS.get(b.category, b.category),
                     card_topics("building", b), b.set, b.text, rulebook_section("building", b))
           for b in cards.BUILDINGS]
    for a in cards.APPRENTICES:
        topics = card_topics("apprentice", a)
        out.append(CardEntry("apprentice", a.id, a.name, a.skills, topics[0] if topics else "Other", topics, a.set,
                             a.text, rulebook_section("apprentice", a)))
    return tuple(out)


def select(kind: str = "all", skill: str = "all", effect: str = "all", card_set: str = "all",
           text: str = "") -> list[CardEntry]:
    """The catalogue entries that pass the gallery's filters ("all" lets everything
    through; `skill` may be "none" for cards without a skill; `effect` is a building
    category or a topic (`TOPICS`); `text` is searched in the name and the rule)."""
    needle = text.strip().lower()
    out = []
    for e in catalogue():
        if kind != "all" and e.kind != kind:
            continue
        if skill == "none" and e.skills:
            continue
        if skill not in ("all", "none") and skill not in e.skills:
            continue
        if effect != "all" and effect != e.effect and effect not in e.topics:
            continue
        if card_set != "all" and e.set != card_set:
            continue
        if needle and needle not in e.name.lower() and needle not in e.text.lower():
            continue
        out.append(e)
    return out
