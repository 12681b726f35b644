"""Small shared helpers for building rules-test positions.

Keep this module small and additive: several test files use it.
"""
from __future__ import annotations

import archwk
from archwk import Action


def started(n: int = 3, seed: int = 1, options: archwk.Options | None = None) -> archwk.GameState:
    """A new game with the setup decisions (building draft, ...) resolved by
    taking the first legal action each time; the first placement decision."""
    s = archwk.new_game(n, seed=seed, options=options)
    while s.phase != "play":
        s = s.apply(s.legal_actions()[0])
    return s


def place(s: archwk.GameState, location: str) -> archwk.GameState:
    """The current player places a worker at `location`."""
    return s.apply(Action("place", location=location))


def act(s: archwk.GameState, kind: str, **fields) -> archwk.GameState:
    """Apply Action(kind, **fields)."""
    return s.apply(Action(kind, **fields))


def kinds(s: archwk.GameState) -> set[str]:
    """The kinds of the legal actions at the current decision."""
    return {a.kind for a in s.legal_actions()}


def texts(s: archwk.GameState) -> str:
    """All event texts of the last action, joined by newlines."""
    return "\n".join(e.text for e in s.events)
