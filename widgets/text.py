"""Shared presentation: player colours, names, and rule texts for hovers.

The rule texts are not written here: they are the docstrings of the library's
location modules (each one states its rule), with the rulebook citations taken
out, so the hover and the code that implements the rule cannot drift apart.
"""
from __future__ import annotations

import functools
import html
import importlib
import re
import textwrap

from archwk import cards
from archwk.model import LOCATION_NAMES, LOCATIONS

#: seat colours (blue, red, green, yellow, purple) and the solo opponent (black)
PLAYER_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#e6b800", "#9467bd")
SOLO_COLOUR = "#3a3a3a"
PLAYER_COLOUR_NAMES = ("blue", "red", "green", "yellow", "purple")
GREY = "#b8b8b8"

esc = html.escape


def colour(state, i: int) -> str:
    """The colour of player i (the Byzantine solo opponent is black)."""
    if state.players[i].is_bot:
        return SOLO_COLOUR
    return PLAYER_COLOURS[i % len(PLAYER_COLOURS)]


def location_name(loc: str) -> str:
    return LOCATION_NAMES.get(loc, loc)


def items(bundle) -> str:
    """{'wood': 2, 'virtue': 1} -> '2 Wood, 1 Virtue'."""
    parts = []
    for k, v in dict(bundle).items():
        if v:
            noun = {"cards": "building card" + ("s" if v != 1 else "")}.get(k, k.capitalize())
            parts.append(f"{v} {noun}")
    return ", ".join(parts) or "nothing"


_CITATION = re.compile(r"\s*\((?:[^()]*?\b(?:RB|facts)\b[^()]*)\)")
_KEYED_LINE = re.compile(r"^\s*([a-z_]+)\s+:\s*", re.M)
_MODULE_OF = {"black_market_a": "black_market", "black_market_b": "black_market",
              "black_market_c": "black_market"}


def clean_doc(doc: str | None) -> list[str]:
    """A docstring as plain paragraphs: citations dropped, lines joined."""
    if not doc:
        return []
    doc = _CITATION.sub("", doc)
    doc = _KEYED_LINE.sub(lambda m: "• " + m.group(1).replace("_", " ").capitalize() + ": ", doc)
    out = []
    for para in re.split(r"\n\s*\n", doc.strip()):
        lines = [ln.strip() for ln in para.splitlines() if ln.strip()]
        # bullet and lettered lines stay lines; wrapped prose is joined
        merged: list[str] = []
        for ln in lines:
            if merged and not re.match(r"^(•|[A-Z]:|\d+\.)", ln):
                merged[-1] += " " + ln
            else:
                merged.append(ln)
        out.extend(merged)
    return out


def wrap_html(lines, width: int = 72) -> str:
    """Lines of text as hover HTML, wrapped to `width` characters."""
    out = []
    for ln in lines:
        out.extend(textwrap.wrap(ln, width) or [""])
    return "<br>".join(esc(x) for x in out)


@functools.lru_cache(maxsize=None)
def rule_text(loc: str) -> str:
    """The rule of a board location (or of the Prison / Black Market reset), as hover HTML."""
    if loc == "prison":
        mod = importlib.import_module("archwk.reset")
        lines = ["Workers on the Black Market go to the Prison at each Black Market reset.",
                 "At the end each player loses 1 VP per 2 of their own workers in Prison."]
        return wrap_html(lines + clean_doc(mod.__doc__))
    name = _MODULE_OF.get(loc, loc)
    mod = importlib.import_module(f"archwk.locations.{name}")
    lines = clean_doc(mod.__doc__)
    if name == "black_market":
        letter = "ABC"[("black_market_a", "black_market_b", "black_market_c").index(loc)]
        lines = [ln for ln in lines if not re.match(r"^[ABC]:", ln) or ln.startswith(letter + ":")]
    return wrap_html(lines)


def apprentice_text(card_id: int) -> str:
    a = cards.APPRENTICES[card_id - 1]
    skills = ", ".join(sorted(a.skills)) or "no skill"
    virtue = f"; {a.virtue:+d} Virtue when hired" if a.virtue else ""
    return f"{a.name} ({skills}{virtue}): {a.text}"


def skill_initials(card_id: int) -> str:
    return "".join(s[0].upper() for s in sorted(cards.APPRENTICES[card_id - 1].skills))


def building_text(name: str) -> str:
    try:
        b = cards.building(name)
    except (KeyError, ValueError):
        return name
    cost = items(b.cost)
    skills = f"; needs {', '.join(sorted(b.skills))}" if b.skills else ""
    virtue = f"; {b.virtue:+d} Virtue" if b.virtue else ""
    return f"{b.name}: {b.vp} VP, costs {cost}{skills}{virtue}. {b.text}"


def character_text(name: str | None) -> str:
    if not name:
        return ""
    try:
        from archwk.characters import character
        return f"{name}: {character(name).ability}"
    except (ImportError, ValueError, AttributeError):
        return name


KIND_HEADINGS = {
    "place": "Place a worker", "return_worker": "Bring a worker back", "discard_apprentice":
    "Discard an apprentice", "keep": "Keep a building card", "hire": "Hire an apprentice",
    "plans": "Building plans", "capture": "Capture a group", "guard": "Guardhouse action",
    "construct": "Construct a building", "cathedral": "Advance the Cathedral", "discard":
    "Discard a building card", "trade": "Trade", "mine": "Mines", "draw5": "Look at 5 cards",
    "choose": "Choose", "stop": "Finish", "skip": "Finish", "pass": "Finish",
}


def kind_heading(kind: str) -> str:
    return KIND_HEADINGS.get(kind, kind.replace("_", " ").capitalize())


assert set(LOCATIONS) <= set(LOCATION_NAMES)


# ---------------------------------------------------------------- errors in callbacks

def error_message(e: BaseException | str) -> str:
    """A readable message: the library's own words for a rule or input error;
    for anything else (a bug) its type and where it happened."""
    if not isinstance(e, BaseException):
        return str(e)
    if isinstance(e, ValueError):  # IllegalAction and every bad-input error are ValueErrors
        return str(e)
    import traceback
    tb = traceback.extract_tb(e.__traceback__)[-1:] if e.__traceback__ else []
    where = f" (at {tb[0].filename.rsplit('/', 1)[-1]}:{tb[0].lineno})" if tb else ""
    return f"Unexpected error {type(e).__name__}: {e}{where}"


def error_html(e: BaseException | str) -> str:
    return ('<div class="archwk-error" style="background:#fdecea;color:#b00020;border:1px solid #f5c2c0;'
            f'padding:4px 8px;border-radius:4px">{html.escape(error_message(e))}</div>')


def guarded(method):
    """Run a widget callback; an exception shows as a readable message (through the
    owner's `show_error`, else in its `error` HTML widget) instead of killing the page."""
    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except Exception as e:  # noqa: BLE001  (a widget callback must never kill the page)
            if not isinstance(e, ValueError):  # a bug: the details go to the server's log
                import sys
                import traceback
                traceback.print_exception(e, file=sys.__stderr__)
            show = getattr(self, "show_error", None)
            if show is not None:
                show(e)
            else:
                self.error.value = error_html(e)
            return None
    return wrapper


class ShowsErrors:
    """Mixin for a widget with an `error` HTML area: what `guarded` reports into."""

    def show_error(self, e: BaseException | str) -> None:
        self.error.value = error_html(e)

    def clear_error(self) -> None:
        if self.error.value:
            self.error.value = ""
