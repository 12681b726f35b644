"""The wording rules for text a person reads (issue 14), and a collector of
every text a widget shows: button labels and hovers, HTML (its text and its
title="" hovers), menus, tabs, headings and the board's hovers and labels.

`problems(text)` lists what breaks a rule: placeholders "(s)", "1 trades"-style
plurals, formulas, source citations, doubled words, unbalanced brackets, empty
slots ("group of at"), a location named twice, players numbered from 0."""
from __future__ import annotations

import html
import re

_PLURAL_AFTER_ONE = re.compile(
    r"(?<![\d.,])(?<!Player )(?<!Bot )(?<!Turn )\b1 (trades|cards|captures|actions|workers|buildings|"
    r"apprentices|players|decisions|choices|lessons|rollouts|debts|turns|resets|spaces|skills|rows|columns)\b",
    re.I)
_RULES = [
    (re.compile(r"\w\(s\)"), "placeholder plural '(s)'"),
    (_PLURAL_AFTER_ONE, "a plural after 1"),
    (re.compile(r"\bmin\(|\bmax\(|\w\.\.\w|\bW/2\b|\bfloor\("), "a formula"),
    (re.compile(r"\(RB\b|\bRB,|facts §|\bIMPL\b|archwk\.\w"), "a source citation or code name"),
    (re.compile(r"\b(?:of at|of from|of to|a the|to at|at of)\b"), "an empty slot"),
    (re.compile(r"\b(\w{2,}) \1\b", re.I), "a doubled word"),
    (re.compile(r"\bthe ([A-Z][\w']+(?: [A-Z][\w']+)*) \(the \1\)"), "a place named twice"),
    (re.compile(r"\b[Pp]layer 0\b|\bseat 0\b|\bBot 0\b"), "a player numbered from 0"),
    (re.compile(r"\{\w*\}|\bNone\b|\bnan\b"), "a template slot or a code value"),
]
#: doubled words that are English ("had had", "that that") or names ("Tiler's Hut Hut" is not)
_DOUBLE_OK = {"that", "had"}


def problems(text: str) -> list[str]:
    out = []
    for rx, what in _RULES:
        for m in rx.finditer(text):
            if what == "a doubled word" and m.group(1).lower() in _DOUBLE_OK:
                continue
            out.append(f"{what}: {m.group(0)!r} in {text[:160]!r}")
    for o, c in ("()", "[]"):
        if text.count(o) != text.count(c):
            out.append(f"unbalanced {o}{c} in {text[:160]!r}")
    return out


#: an internal id: a lower-case word joined to another by an underscore ("black_market")
_RAW_ID = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
#: a board location written as its key, in lower case ("a worker to the forest")
_LOWER_PLACE = re.compile(r"\b(?:quarry|forest|mines|silversmith|storehouse|workshop|guardhouse|guildhall|prison"
                          r"|black[ _]market|town[ _]centre|tax[ _]stand)\b")


def raw_ids(text: str) -> list[str]:
    """The internal ids a text shows a person: 'black_market', or a location key in lower case."""
    return [f"an internal id {m.group(0)!r} in {text[:160]!r}"
            for rx in (_RAW_ID, _LOWER_PLACE) for m in rx.finditer(text)]


_TAG = re.compile(r"<[^>]+>")
_TITLE = re.compile(r'\btitle="([^"]*)"')
_STYLE = re.compile(r"<style.*?</style>", re.S)


def html_texts(value: str) -> list[str]:
    """The visible text of an HTML fragment (one string per line-ish block) and its title="" hovers."""
    value = _STYLE.sub("", value or "")
    titles = [html.unescape(t) for t in _TITLE.findall(value)]
    body = re.sub(r"</(div|p|li|tr|td|th|h\d)>", "\n", value)
    body = re.sub(r"<br\s*/?>", " ¦ ", body)  # a line break inside one text (a hover, a label)
    body = html.unescape(_TAG.sub(" ", body))
    lines = [re.sub(r"\s+", " ", ln).strip() for ln in body.split("\n")]
    return [ln for ln in lines if ln] + titles


def widget_texts(w, seen=None) -> list[str]:
    """Every text a widget tree shows (see the module docstring)."""
    import ipywidgets
    seen = set() if seen is None else seen
    if id(w) in seen:
        return []
    seen.add(id(w))
    out: list[str] = []
    if isinstance(w, ipywidgets.HTML):
        out += html_texts(w.value)
    if getattr(w, "description", None):
        out += html_texts(str(w.description))
    for attr in ("tooltip", "placeholder"):
        v = getattr(w, attr, None)
        if isinstance(v, str) and v:
            out.append(v)
    if isinstance(w, (ipywidgets.Dropdown, ipywidgets.Select, ipywidgets.ToggleButtons)):
        out += [str(label) for label, _ in (w.options if w.options and isinstance(w.options[0], tuple)
                                            else [(o, o) for o in w.options])]
    if isinstance(w, ipywidgets.Tab):
        out += [t for t in w.titles if t]
    fig = getattr(w, "figure", None)
    if fig is not None and hasattr(fig, "data") and id(fig) not in seen:
        seen.add(id(fig))
        for tr in fig.data:
            for attr in ("hovertext", "text"):
                v = getattr(tr, attr, None)
                if isinstance(v, str):
                    v = [v]
                for x in v or ():
                    if isinstance(x, str):
                        out += html_texts(x)
        for a in fig.layout.annotations or ():
            out += html_texts(a.text or "") + html_texts(a.hovertext or "")
    for c in getattr(w, "children", ()):
        out += widget_texts(c, seen)
    return out
