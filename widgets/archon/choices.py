"""Archon's choices on the decision panel: how the legal actions group under headings,
each button's words (the explainer's label, which states what the choice costs and
gives: `archwk.games.archon.explain.labels`) and hover, and the faces of the Building
tiles and King's Favor cards a decision is about (with the example-figure mark)."""
from __future__ import annotations

import archwk
from archwk.games.archon.constants import LOCATIONS
from archwk.games.archon.table import table as read_table

from ..text import esc
from . import text as W


class Figures:
    """What the buttons of one decision read, computed once per position: the table and
    the chooser's projected final score."""

    def __init__(self, state):
        self.state = state
        self._table = None
        self._scores = None

    @property
    def table(self):
        if self._table is None:
            self._table = read_table(self.state)
        return self._table

    @property
    def scores(self):
        if self._scores is None:
            self._scores = archwk.final_scores(self.state)
        return self._scores


def _figures(state, figures) -> Figures:
    return figures if figures is not None and figures.state is state else Figures(state)


def action_label(state, action, figures: Figures | None = None) -> str:
    """The button's words: the explainer's label (cost and gain included), and what
    the choice adds to the chooser's projected final score when it changes at once."""
    figures = _figures(state, figures)
    label = str(action)
    p = state.current_player
    if p is None or action.kind in ("split", "replace"):
        return label
    try:
        after = state.apply(action)
    except ValueError:
        return label
    vp = archwk.final_scores(after)[p].total - figures.scores[p].total
    # a change that comes from the label's example figures (marked there) is marked too
    mark = W.MARK if W.MARK in label else ""
    return f"{label} ({vp:+d} VP{mark})" if vp else label


def action_tooltip(state, action, figures: Figures | None = None) -> str:
    figures = _figures(state, figures)
    parts = state.components
    if action.kind == "tile":
        tile = parts.tile(action.name)
        example = W.is_example(figures.table.unprinted, "tiles")
        return "\n".join(W.tile_text(tile, parts.tile_costs[(tile.name, figures.table.season)])
                         + W.example_note(example))
    if action.kind == "place":
        slot = next(s for s in figures.table.slots if s.location == action.location and s.slot == action.slot)
        group = "favors" if action.location == "palace" else "slots"
        note = W.example_note(W.is_example(figures.table.unprinted, group))
        return "\n".join([str(action), f"Needs {slot.cards} card{'s' if slot.cards != 1 else ''}", *note])
    return str(action)


def decision_groups(state, figures: Figures | None = None) -> list[tuple[str, list[tuple]]]:
    """[(heading, [("act", label, action, tooltip) | ("blocked", label, reason)])] in the
    order of `legal_actions()`; at a turn every location appears, those the player
    cannot use greyed with the library's reason."""
    figures = _figures(state, figures)
    groups: dict[str, list] = {}
    legal = state.legal_actions()
    if state.decision in ("turn", "scribe"):
        blockers = state.placement_blockers()
        rows = groups.setdefault(W.HEADINGS["place"], [])
        placed = {a.location for a in legal if a.kind == "place"}
        for loc in LOCATIONS:
            for a in legal:
                if a.kind == "place" and a.location == loc:
                    rows.append(("act", action_label(state, a, figures), a, action_tooltip(state, a, figures)))
            if loc not in placed:
                rows.append(("blocked", W.location_name(loc, capital=True),
                             blockers.get(loc, "not possible now")))
        legal = [a for a in legal if a.kind != "place"]
    for a in legal:
        groups.setdefault(W.HEADINGS.get(a.kind, "Choose"), []).append(
            ("act", action_label(state, a, figures), a, action_tooltip(state, a, figures)))
    return list(groups.items())


def tile_face(state, tile, season: int, width: int = 170) -> str:
    """A Building tile as a card face (HTML), marked when its figures are examples."""
    example = W.is_example(state.components.unprinted, "tiles")
    cost = state.components.tile_costs[(tile.name, season)]
    lines = W.tile_text(tile, cost)
    note = (f'<div style="font-size:10px;color:#5a4a00">{esc(W.EXAMPLE_NOTE)}</div>' if example else "")
    return (f'<div class="archwk-card archwk-tile" style="display:inline-block;vertical-align:top;width:{width}px;'
            f'border:1px solid #6c7a90;border-radius:6px;background:#eef2f8;padding:4px 6px;margin:2px;'
            f'font-size:11px;line-height:1.3"><div style="font-weight:bold;font-size:12px">'
            f'{esc(W.marked(tile.name, example))}</div>'
            + "".join(f"<div>{esc(x)}</div>" for x in lines[1:]) + note + "</div>")


def choice_faces(state, actions, figures: Figures | None = None) -> str:
    """Faces of the Building tiles the choices offer, each once, as HTML."""
    figures = _figures(state, figures)
    faces = []
    seen = set()
    for a in actions:
        if a.kind == "tile" and a.name not in seen:
            seen.add(a.name)
            faces.append(tile_face(state, state.components.tile(a.name), figures.table.season))
    if not faces:
        return ""
    return '<div style="display:flex;flex-wrap:wrap">' + "".join(faces) + "</div>"
