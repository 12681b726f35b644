"""Shared presentation: player colours and seat marks, HTML escaping and reading,
hover wrapping, and errors in callbacks. A game's own words for its pieces are in
its folder (`widgets.architects.text`)."""
from __future__ import annotations

import functools
import html
import textwrap
from html.parser import HTMLParser
from typing import TYPE_CHECKING

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
    """The colour of player i (a seat the game plays itself, such as Architects' Byzantine
    solo opponent, is black)."""
    return seat_colour(i, solo_opponent=i in state.game.automa_seats(state))


def seat_mark(state, i: int) -> str:
    """Player i's seat shape in their colour, as HTML (hidden from screen readers:
    the name beside it says who it is)."""
    return f'<span aria-hidden="true" style="color:{colour(state, i)}">{seat_glyph(i)}</span>'


def wrap_html(lines, width: int = 72) -> str:
    """Lines of text as hover HTML, wrapped to `width` characters."""
    out = []
    for ln in lines:
        out.extend(textwrap.wrap(ln, width) or [""])
    return "<br>".join(esc(x) for x in out)


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
