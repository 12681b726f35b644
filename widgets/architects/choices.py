"""Architects' choices on the decision panel: how the legal actions group under headings
(places, cards, payments), each button's words and hover (from the explainer, with the
figures of the position), and the faces of the cards a decision shows. The shared
`widgets.decision.DecisionPanel` lays them out (`widgets.games.GameUI`)."""
from __future__ import annotations

import archwk
from archwk.games.architects import cards
from archwk.games.architects.model import LOCATIONS
from archwk.games.architects.table import table as read_table

from .cards import apprentice_face, building_face, faces_row
from .text import apprentice_text, building_text, kind_heading, location_name


class Figures:
    """What the buttons of one decision read, computed once per position: the
    chooser's projected final scores and the table (`archwk.games.architects.table`).
    A panel keeps the one for the position it shows (no module-level cache)."""

    def __init__(self, state):
        self.state = state
        self._scores = None
        self._table = None

    @property
    def scores(self):
        if self._scores is None:
            self._scores = archwk.final_scores(self.state)
        return self._scores

    @property
    def table(self):
        if self._table is None:
            self._table = read_table(self.state)
        return self._table


def _figures(state, figures: Figures | None) -> Figures:
    return figures if figures is not None and figures.state is state else Figures(state)


def _words(state):
    """The explainer of the game `state` belongs to: every word the buttons add."""
    return state.game.explainer


def _vp_change(state, action, figures: Figures) -> int | None:
    """What the choice adds to the chooser's projected final score
    (archwk.final_scores right after it), None when nobody is to decide."""
    p = state.current_player
    if p is None or state.is_view:
        return None
    try:
        after = state.apply(action)
    except ValueError:
        return None
    return archwk.final_scores(after)[p].total - figures.scores[p].total


def action_label(state, action, figures: Figures | None = None, short: bool = False) -> str:
    """`str(action)` plus what the table shows about it, so that a button says
    what the choice costs and gives before it is taken: the apprentice at a
    display position with its skills, the Silver to pay at the Workshop (when the
    label does not state it already), the Silver lying on the card; a building's
    VP, cost and skills; and what the choice adds to the chooser's projected final
    score. `action` is one of `state.legal_actions()` (its label words this
    position's figures). `short`: a placement named by its place alone (in a
    list headed "Place a worker"). The words are the explainer's (`explain.choices`),
    from typed figures."""
    figures = _figures(state, figures)
    words = _words(state).choices
    notes: list[str] = []
    slot = _display_slot(state, action, figures)
    if slot is not None and slot.apprentice:
        notes += words.display_notes(slot, at_workshop=figures.table.decision_kind == "workshop",
                                     preview=state.preview(action) if not state.is_view else None)
    elif action.kind in ("construct", "keep", "discard") and isinstance(action.card, str):
        notes += words.building_notes(action.card, payment=action.option if action.kind == "construct" else None)
    elif action.kind == "discard_apprentice" and isinstance(action.card, int):
        notes += words.apprentice_notes(action.card)
    if action.kind not in ("keep", "discard"):  # a card kept or thrown away scores nothing by itself
        vp = _vp_change(state, action, figures)
        if vp:
            notes.append(words.projected(vp))
    label = _words(state).place_label(action) if short else str(action)
    return words.with_notes(label, notes)


def _display_slot(state, action, figures: Figures):
    """The display space a hire action names (archwk.games.architects.table), None for other actions."""
    if action.kind != "hire" or not isinstance(action.target, int) or isinstance(action.target, bool):
        return None
    display = figures.table.display
    return display[action.target] if 0 <= action.target < len(display) else None


def action_tooltip(state, action, figures: Figures | None = None) -> str:
    figures = _figures(state, figures)
    if action.kind in ("construct", "discard", "keep") and isinstance(action.card, str):
        return building_text(action.card)
    if action.kind == "discard_apprentice" and isinstance(action.card, int):
        return apprentice_text(action.card)
    slot = _display_slot(state, action, figures)
    if slot is not None:
        if not slot.apprentice:
            return ""
        return _words(state).choices.display_hover(slot, apprentice_text(slot.apprentice),
                                                   at_workshop=figures.table.decision_kind == "workshop")
    return str(action)


def choice_faces(state, actions, figures: Figures | None = None) -> str:
    """Card faces of the cards the choices are about (buildings to keep,
    construct or discard; apprentices to hire or discard), each once, as HTML."""
    figures = _figures(state, figures)
    faces: list[str] = []
    seen: set[tuple[str, object]] = set()
    for a in actions:
        if a.kind in ("keep", "construct", "discard") and isinstance(a.card, str):
            key = ("b", a.card)
            if key not in seen and _is_building(a.card):
                seen.add(key)
                faces.append(building_face(a.card, width=150))
        elif a.kind == "discard_apprentice" and isinstance(a.card, int) and ("a", a.card) not in seen:
            seen.add(("a", a.card))
            faces.append(apprentice_face(a.card, width=140))
        else:
            slot = _display_slot(state, a, figures)
            if slot is not None and slot.apprentice and ("p", slot.position) not in seen:
                seen.add(("p", slot.position))
                faces.append(apprentice_face(slot.apprentice, width=140,
                                             note=_words(state).choices.display_face_note(slot)))
    return faces_row(faces) if faces else ""


def _is_building(name: str) -> bool:
    try:
        cards.building(name)
    except (KeyError, ValueError):
        return False
    return True


def decision_groups(state, figures: Figures | None = None) -> list[tuple[str, list[tuple]]]:
    """[(heading, [("act", label, action, tooltip) | ("blocked", label, reason)])],
    in the order of `legal_actions()`; at a placement every location appears."""
    figures = _figures(state, figures)
    groups: dict[str, list] = {}
    legal = state.legal_actions()
    if state.decision == "place":
        blockers = state.placement_blockers()
        by_loc = {a.location: a for a in legal if a.kind == "place"}
        rows = groups.setdefault(kind_heading("place"), [])
        for loc in LOCATIONS:
            if loc in by_loc:
                a = by_loc[loc]
                # the heading says "Place a worker"; the button names the place
                label = action_label(state, a, figures, short=True)
                rows.append(("act", label, a, action_tooltip(state, a, figures)))
            else:
                rows.append(("blocked", location_name(loc), blockers.get(loc, "not possible now")))
        legal = [a for a in legal if a.kind != "place"]
    for a in legal:
        groups.setdefault(kind_heading(a.kind), []).append(
            ("act", action_label(state, a, figures), a, action_tooltip(state, a, figures)))
    return list(groups.items())


