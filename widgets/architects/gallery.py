"""The card gallery: every building and every apprentice as a card face, with
its rule text and the rulebook section that describes it, filterable by kind,
skill, effect and set, and searchable by name or rule.

>>> g = CardGallery()
>>> g.count
86
>>> g.skill.value = "masonry"; g.kind.value = "apprentice"
>>> sorted({e.name for e in g.entries})[:3]
['Acolyte', 'Debt Collector', 'Gatekeeper']
"""
from __future__ import annotations

import ipywidgets

from archwk.games.architects import cards as card_data

from ..text import ShowsErrors, guarded
from .cards import CATEGORY_WORDS, SET_WORDS, TOPICS, CardEntry, catalogue, esc, select


def _entry_html(e: CardEntry) -> str:
    return (f'<div class="archwk-gallery-entry" style="width:200px;margin:3px">{e.face}'
            f'<div style="font-size:11px;color:#444;padding:0 4px">Rulebook: <i>{esc(e.section)}</i></div></div>')


class CardGallery(ShowsErrors, ipywidgets.VBox):
    """Filters above a grid of card faces. `entries` are the cards shown now."""

    def __init__(self, **kwargs):
        narrow = ipywidgets.Layout(width="250px")
        style = {"description_width": "60px"}
        self.kind = ipywidgets.Dropdown(options=[("Buildings and apprentices", "all"), ("Buildings", "building"),
                                                 ("Apprentices", "apprentice")], value="all",
                                        description="Cards", layout=narrow, style=style)
        self.skill = ipywidgets.Dropdown(
            options=[("Any skill", "all"), *[(s.capitalize(), s) for s in card_data.SKILLS], ("No skill", "none")],
            value="all", description="Skill", layout=narrow, style=style)
        # the building categories, then what effects concern (a card may be under several)
        effects = list(dict.fromkeys([*CATEGORY_WORDS.values(), *TOPICS]))
        used = {x for e in catalogue() for x in (e.effect, *e.topics)}
        self.effect = ipywidgets.Dropdown(options=[("Any effect", "all")] + [(x, x) for x in effects if x in used],
                                          value="all", description="Effect", layout=narrow, style=style)
        self.card_set = ipywidgets.Dropdown(options=[("Every set", "all")] + [(w, k) for k, w in SET_WORDS.items()],
                                            value="all", description="Set", layout=narrow, style=style)
        self.search = ipywidgets.Text(placeholder="name or rule text", description="Find", layout=narrow,
                                      style=style, continuous_update=False)
        self.summary = ipywidgets.HTML()
        self.error = ipywidgets.HTML()
        self.grid = ipywidgets.HTML()
        self.grid.add_class("archwk-gallery")
        self.entries: list[CardEntry] = []
        for w in (self.kind, self.skill, self.effect, self.card_set, self.search):
            w.observe(self._on_filter, names="value")
        super().__init__(children=[
            ipywidgets.HBox([self.kind, self.skill, self.effect, self.card_set, self.search],
                            layout=ipywidgets.Layout(flex_flow="row wrap")),
            self.error, self.summary, self.grid], **kwargs)
        self.update()

    @property
    def count(self) -> int:
        return len(self.entries)

    def update(self) -> None:
        self.clear_error()
        self.entries = select(self.kind.value, self.skill.value, self.effect.value, self.card_set.value,
                              self.search.value)
        nb = sum(e.kind == "building" for e in self.entries)
        na = len(self.entries) - nb
        self.summary.value = (f'<div style="margin:4px 0">{nb} building{"s" if nb != 1 else ""} and '
                              f'{na} apprentice{"s" if na != 1 else ""}</div>')
        if not self.entries:
            self.grid.value = "<i>No card matches these filters.</i>"
            return
        parts = []
        for kind, heading in (("building", "Buildings"), ("apprentice", "Apprentices")):
            shown = [e for e in self.entries if e.kind == kind]
            if shown:
                parts.append(f'<h2 style="font-size:16px;margin:8px 0 2px 0">{heading}</h2>'
                             '<div style="display:flex;flex-wrap:wrap;align-items:flex-start">'
                             + "".join(_entry_html(e) for e in shown) + "</div>")
        self.grid.value = "".join(parts)

    @guarded
    def _on_filter(self, _change=None) -> None:
        self.update()
