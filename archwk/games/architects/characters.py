"""Variable Setup characters (player board side 2; RB, Variable Setup
Characters; facts §12): their figures (data/characters.toml), the deal, and the
decisions two of them bring (Hugo's Debt, Clovis's card). What each one's
ability changes, and where, is its entry in `archwk.games.architects.behaviour.characters`.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from ...kit import rng
from ...kit.errors import CardDataError, InvalidOptions
from . import cards
from .actions import Action
from .behaviour import CHARACTER_BEHAVIOUR
from .cards import FrozenMap
from .core import draw_buildings, record_event, take_debt, writable_player
from .decisions import DebtsToTake, DecisionRule, preview

_FIELDS = {"name": str, "set": str, "board": str, "silver": int, "virtue": int, "items": dict,
           "debts": int, "cards": int, "prison": int, "ability": str}


@dataclass(frozen=True)
class Character:
    name: str
    set: str
    board: str
    silver: int
    virtue: int
    items: FrozenMap
    debts: int
    cards: int
    prison: int
    ability: str


def load_characters(path: Path) -> tuple[Character, ...]:
    fname = path.name
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise CardDataError(fname, f"cannot read: {e}") from None
    rows = raw.get("character")
    if not isinstance(rows, list) or len(rows) != 10:
        raise CardDataError(fname, "expected 10 [[character]] tables")
    out = []
    for i, row in enumerate(rows):
        if not isinstance(row, dict):
            raise CardDataError(fname, "expected a table", card=f"character #{i + 1}")
        who = f"character #{i + 1} {row.get('name', '?')!r}"
        name = row.get("name") if isinstance(row.get("name"), str) else None
        if set(row) != set(_FIELDS):
            raise CardDataError(fname, f"fields must be exactly {sorted(_FIELDS)}, got {sorted(row)}",
                                card=who, card_name=name)

        def bad(k: str, problem: str, who=who, name=name) -> CardDataError:
            return CardDataError(fname, problem, card=who, card_name=name, field=k)
        for k, typ in _FIELDS.items():
            if not isinstance(row[k], typ) or isinstance(row[k], bool):
                raise bad(k, f"expected {typ.__name__}")
        for k in ("silver", "debts", "cards", "prison"):
            if row[k] < 0:
                raise bad(k, "must not be negative")
        if not 0 <= row["virtue"] <= 14:
            raise bad("virtue", "must be 0..14")
        if row["set"] not in ("base", "promo"):
            raise bad("set", "must be 'base' or 'promo'")
        for r, n in row["items"].items():
            if r not in cards.RESOURCES or not isinstance(n, int) or n < 0:
                raise bad("items", f"bad entry {r!r} = {n!r}")
        out.append(Character(**{**row, "items": FrozenMap(row["items"])}))
    names = [c.name for c in out]
    if len(set(names)) != len(names):
        raise CardDataError(fname, "character names must be unique")
    return tuple(out)


CHARACTERS = load_characters(cards.DATA_DIR / "characters.toml")
BY_NAME = {c.name.lower(): c for c in CHARACTERS}


def character(name: str) -> Character:
    try:
        return BY_NAME[name.strip().lower()]
    except (KeyError, AttributeError):
        raise InvalidOptions(f"Options.characters: unknown character {name!r}; known: "
                         f"{', '.join(c.name for c in CHARACTERS)}") from None


def choose_characters(options, n: int, r: int) -> tuple[list[Character], int]:
    pool = [c for c in CHARACTERS if c.set == "base" or options.promo_characters]
    if options.characters is not None:
        chosen = [character(nm) for nm in options.characters]
        if len(chosen) != n:
            raise InvalidOptions(f"Options.characters: {n} player(s) need {n} character(s), "
                             f"got {len(chosen)}")
        if len({c.name for c in chosen}) != n:
            raise InvalidOptions("Options.characters: each character can be played by one player only")
        for c in chosen:
            if c not in pool:
                raise InvalidOptions(f"Options.characters: {c.name} is a promo character; "
                                 "set promo_characters=True to use it")
        return chosen, r
    if options.promo_characters:
        # one character per colour board, either of its two at random (as online)
        boards, r = rng.shuffled(sorted({c.board for c in pool}), r)
        chosen = []
        for b in boards[:n]:
            two = [c for c in pool if c.board == b]
            k, r = rng.below(r, len(two))
            chosen.append(two[k])
        return chosen, r
    picked, r = rng.shuffled(pool, r)
    return list(picked[:n]), r


def deal_characters(t) -> None:
    """Side 2: each player gets a character's Silver, Virtue, goods, Debts and
    workers in Prison; no Silver by seat; the highest Virtue starts."""
    humans = [p for p in range(len(t.players)) if not t.players[p].is_byzantine]
    chosen, t.rng = choose_characters(t.options, len(humans), t.rng)
    for p, c in zip(humans, chosen):
        pl = writable_player(t, p)
        pl.character, pl.silver, pl.virtue = c.name, c.silver, c.virtue
        for r, n in c.items.items():
            setattr(pl, r, n)
        pl.debts_unpaid = c.debts
        pl.in_prison = c.prison
        pl.workers_in_supply -= c.prison
        record_event(t, "character", p, character=c.name)
    t.first_player = max(humans, key=lambda p: t.players[p].virtue)
    t.turn_player = t.first_player


def after_draft(t) -> None:
    """Side 2: extra building cards are drawn after the building draft."""
    for p, pl in enumerate(t.players):
        if pl.character and not pl.is_byzantine:
            k = character(pl.character).cards
            if k:
                draw_buildings(t, p, k, cause=f"{pl.character}'s starting cards")


# ---- Hugo: 2 Silver instead of a Debt, decided each time one would be taken

#: what Hugo pays instead of each Debt
HUGO_SILVER = CHARACTER_BEHAVIOUR["Hugo"].debt_choice.silver


def _hugo_legal(s, dec):
    out = [Action("take_debt")]
    if s.players[dec.player].silver >= HUGO_SILVER:
        out.insert(0, Action("hugo_pay"))
    return out


def _hugo_resolve(t, dec, a):
    p, (n, cause) = dec.player, dec.data
    pl = writable_player(t, p)
    if a.kind == "hugo_pay":
        pl.silver -= HUGO_SILVER
        record_event(t, "hugo_paid", p, cause=cause)
    else:
        pl.debts_unpaid += 1
        record_event(t, "debt_taken", p, count=1, cause=cause)
    if n > 1:  # the next Debt: a decision again only if he still has 2 Silver
        take_debt(t, p, n - 1, cause=cause)


HUGO = DecisionRule("hugo", legal=_hugo_legal, resolve=_hugo_resolve, data=DebtsToTake,
                    preview=lambda s, dec, a: preview(cost={"silver": HUGO_SILVER}) if a.kind == "hugo_pay" else None)


# ---- Clovis: a building card after each building, once the building's own effect is done

CLOVIS_DRAW = DecisionRule(
    "clovis_draw", legal=lambda s, dec: [], auto=True,
    resolve=lambda t, dec, a: draw_buildings(t, dec.player, 1, cause="Clovis's ability"))
