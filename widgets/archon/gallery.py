"""Archon's card and tile gallery: every Building tile, King's Favor card, King's Grant
card, Attack card and Province card of the components file as a face, filterable by
kind and searchable. Every figure the rulebook does not print carries the example mark
`*` (from the components file's `printed` flags, `table.unprinted`), with what it means on hover; the page says it
in words.

>>> g = ArchonGallery()
>>> g.count == len(g.entries) > 0
True
"""
from __future__ import annotations

from dataclasses import dataclass

import ipywidgets

from archwk.games.archon.components import DEFAULT, load
from archwk.games.archon.constants import CATEGORIES

from ..text import ShowsErrors, esc, guarded
from . import text as W

KINDS = (("tiles", "Building tiles"), ("favors", "King's Favor cards"), ("grant", "King's Grant cards"),
         ("attacks", "Attack cards"), ("provinces", "Province cards"))


@dataclass(frozen=True)
class Entry:
    kind: str          # a key of KINDS (and of text.SOURCES)
    name: str
    lines: tuple[str, ...]
    example: bool      #: its figures are examples the rulebook does not print
    face: str          #: HTML


def _face(title: str, lines, example: bool, bg: str) -> str:
    hover = f' title="{esc(W.EXAMPLE_NOTE)}"' if example else ""
    return (f'<div class="archwk-card" style="border:1px solid #8a7a5a;border-radius:6px;background:{bg};'
            f'padding:4px 6px;font-size:11px;line-height:1.3"><div style="font-weight:bold;font-size:12px"{hover}>'
            f'{esc(W.marked(title, example))}</div>' + "".join(f"<div>{esc(x)}</div>" for x in lines) + "</div>")


def catalogue(parts=DEFAULT) -> list[Entry]:
    """Every entry of the gallery for a components file (`parts`)."""
    ex = set(parts.unprinted)
    out: list[Entry] = []

    def add(kind, name, lines, bg):
        example = W.is_example(ex, kind)
        out.append(Entry(kind, name, tuple(lines), example, _face(name, lines, example, bg)))

    seen = set()
    for tile in parts.tiles:
        if tile.name in seen:
            continue
        seen.add(tile.name)
        copies = sum(t.copies for t in parts.tiles if t.name == tile.name)
        add("tiles", tile.name, W.tile_text(tile)[1:] + [f"Level {tile.level}, {tile.vp} VP; {copies} in the box"],
            "#eef2f8")
    for f in parts.favors:
        lines = [W.favor_text(f).capitalize(), f"Its slot needs {f.cards} card{'s' if f.cards != 1 else ''}",
                 f"{f.copies} in the deck"]
        if f.merchant:
            lines.insert(1, "Shows the Merchant symbol")
        add("favors", f"King's Favor {f.id}", lines, "#f8efd6")
    for g in parts.grants:
        lines = [f"{W.CATEGORY_NAMES[c].capitalize()}: {', '.join(map(str, g.values(c)))} VP by rank"
                 for c in CATEGORIES]
        lines.append(f"Marketplace: {W.amounts(g.market)}")
        add("grant", f"King's Grant {g.id}", lines, "#f3e6f5")
    for a in parts.attacks:
        lines = [", ".join(f"{n} players: Strength {s}" for n, s in sorted(a.strength.items()))]
        add("attacks", f"Attack {a.id}", lines, "#f7dede")
    for p in parts.provinces:
        lines = [f"White: {W.amounts(p.white)}", f"Orange (3 or 4 players): {W.amounts(p.orange)}",
                 f"The rest (4 players): {W.amounts(p.rest)}"]
        add("provinces", f"Province {p.id}", lines, "#e9f2e4")
    return out


def _entry_html(e: Entry) -> str:
    return f'<div class="archwk-gallery-entry" style="width:210px;margin:3px">{e.face}</div>'


class ArchonGallery(ShowsErrors, ipywidgets.VBox):
    """Filters above a grid of faces. `entries` are the ones shown now; `components`
    is a components file to show instead of the kit's own (a player's printed values)."""

    def __init__(self, components: str | None = None, **kwargs):
        self.parts = DEFAULT if components is None else load(components)
        self.all = catalogue(self.parts)
        narrow = ipywidgets.Layout(width="290px")
        style = {"description_width": "60px"}
        self.kind = ipywidgets.Dropdown(options=[("Every kind", "all"), *[(w, k) for k, w in KINDS]], value="all",
                                        description="Cards", layout=narrow, style=style)
        self.search = ipywidgets.Text(placeholder="name or text", description="Find", layout=narrow, style=style,
                                      continuous_update=False)
        self.summary = ipywidgets.HTML()
        self.error = ipywidgets.HTML()
        self.grid = ipywidgets.HTML()
        self.grid.add_class("archwk-gallery")
        self.entries: list[Entry] = []
        for w in (self.kind, self.search):
            w.observe(self._on_filter, names="value")
        super().__init__(children=[ipywidgets.HBox([self.kind, self.search],
                                                              layout=ipywidgets.Layout(flex_flow="row wrap")),
                                   self.error, self.summary, self.grid], **kwargs)
        self.update()

    @property
    def count(self) -> int:
        return len(self.entries)

    def update(self) -> None:
        self.clear_error()
        want = self.search.value.strip().lower()
        self.entries = [e for e in self.all if (self.kind.value == "all" or e.kind == self.kind.value)
                        and (not want or want in e.name.lower() or any(want in x.lower() for x in e.lines))]
        self.summary.value = f'<div style="margin:4px 0">{self.count} shown</div>'
        if not self.entries:
            self.grid.value = "<i>Nothing matches these filters.</i>"
            return
        parts = []
        for kind, heading in KINDS:
            shown = [e for e in self.entries if e.kind == kind]
            if shown:
                parts.append(f'<h2 style="font-size:16px;margin:8px 0 2px 0">{esc(heading)}</h2>'
                             '<div style="display:flex;flex-wrap:wrap;align-items:flex-start">'
                             + "".join(_entry_html(e) for e in shown) + "</div>")
        self.grid.value = "".join(parts)

    @guarded
    def _on_filter(self, _change=None) -> None:
        self.update()
