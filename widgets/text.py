"""Shared presentation: player colours, names, and rule texts for hovers.

The rule texts are not written here: they come from the library's rule-text
source (`archwk.games.architects.explain.rules`: each location's rule in the game's words, with
its rulebook section kept apart).
"""
from __future__ import annotations

import functools
import html
import textwrap
from html.parser import HTMLParser
from typing import TYPE_CHECKING

from archwk.games.architects import cards, explain
from archwk.games.architects.model import LOCATION_NAMES, LOCATIONS

from .palette import SEAT_COLOUR_NAMES, SEAT_COLOURS, seat_colour, seat_glyph
from .palette import SOLO_COLOUR as SOLO_COLOUR  # re-exported: the solo opponent's colour

if TYPE_CHECKING:
    import ipywidgets

#: seat colours and the solo opponent's: the one palette (widgets.palette)
PLAYER_COLOURS = SEAT_COLOURS
PLAYER_COLOUR_NAMES = SEAT_COLOUR_NAMES
GREY = "#b8b8b8"

def esc(text) -> str:
    """Text (or a number) made safe inside HTML: the one HTML escape of the widgets."""
    return html.escape(str(text))


class _PlainText(HTMLParser):
    """The words of an HTML fragment as a reader gets them (`plain_text`)."""

    #: elements that end a run of words (a space between their text and the next)
    BREAKS = frozenset({"br", "div", "p", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "td",
                        "th", "summary", "details", "section"})
    #: elements whose content is not read
    SKIPPED = frozenset({"style", "script"})

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.SKIPPED:
            self.skipping += 1
        elif tag in self.BREAKS:
            self.parts.append(" ")

    def handle_endtag(self, tag):
        if tag in self.SKIPPED:
            self.skipping = max(0, self.skipping - 1)
        elif tag in self.BREAKS:
            self.parts.append(" ")

    def handle_data(self, data):
        if not self.skipping:
            self.parts.append(data)


def plain_text(fragment: str) -> str:
    """An HTML fragment's text as a reader gets it: tags dropped, entities read,
    runs of white space made one space ('<b>Ann</b> &amp; Ben' -> 'Ann & Ben').
    For reading back what a widget shows (tests, `error_text`); no widget
    parses words back into figures.

    >>> plain_text('<div><b>Blunder ??</b> Ann:   it&#x27;s late</div><p>Next</p>')
    "Blunder ?? Ann: it's late Next"
    """
    reader = _PlainText()
    reader.feed(fragment)
    reader.close()
    return " ".join("".join(reader.parts).split())


def colour(state, i: int) -> str:
    """The colour of player i (the Byzantine solo opponent is black)."""
    return seat_colour(i, solo_opponent=state.players[i].is_byzantine)


def seat_mark(state, i: int) -> str:
    """Player i's seat shape in their colour, as HTML (hidden from screen readers:
    the name beside it says who it is)."""
    return f'<span aria-hidden="true" style="color:{colour(state, i)}">{seat_glyph(i)}</span>'


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


def wrap_html(lines, width: int = 72) -> str:
    """Lines of text as hover HTML, wrapped to `width` characters."""
    out = []
    for ln in lines:
        out.extend(textwrap.wrap(ln, width) or [""])
    return "<br>".join(esc(x) for x in out)


@functools.cache
def rule_text(loc: str) -> str:
    """The rule of a board location (or of the Prison), as hover HTML: the game's
    words from the library's rule-text source (archwk.games.architects.explain.rules)."""
    return wrap_html(explain.rule_text(loc).lines)


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
        from archwk.games.architects.characters import character
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
        except Exception as e:
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

    error: ipywidgets.HTML  # made by the widget's own __init__

    def show_error(self, e: BaseException | str) -> None:
        self.error.value = error_html(e)

    def clear_error(self) -> None:
        if self.error.value:
            self.error.value = ""
