"""Pending decisions and the shape of the rules that work them.

A game waits on a stack of `Decision`s (the top one is the current decision).
Each has a `kind`, the `player` who decides, and `data`: a small named record
whose type is fixed per kind (`DecisionRule.data`), e.g. the Mines decision
carries `MinesChoice(workers=3)`. `archwk.ruleset` lists every rule.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, NamedTuple


class Decision(NamedTuple):
    """A pending decision: who decides what, with the figures it was opened with."""
    kind: str
    player: int
    data: tuple = ()


# ---- the figures a decision carries, one record type per kind that has any

class SchemeCard(NamedTuple):
    """The Byzantine opponent's placement: the Scheme card it revealed (RB, Solo Play)."""
    card: int


class HiredApprentice(NamedTuple):
    """apprentice_limit: the card just hired (it cannot be the one discarded)."""
    card: int


class MinesChoice(NamedTuple):
    """mines: own workers at the Mines after placing."""
    workers: int


class WorkshopChoice(NamedTuple):
    """workshop: own workers at the Workshop after placing."""
    workers: int


class TradesLeft(NamedTuple):
    """storehouse: King's Storehouse trades still allowed in this action."""
    left: int


class CapturesLeft(NamedTuple):
    """town_centre: captures still allowed, locations captured from so far, captures made."""
    left: int
    locations: tuple = ()
    done: int = 0


class GuardActionsLeft(NamedTuple):
    """guardhouse: Guardhouse actions still allowed; whether this is the first (not skippable)."""
    left: int
    first: bool


class LookedAt(NamedTuple):
    """keep_one: the building cards being looked at (keep 1)."""
    cards: tuple


class FromBuilding(NamedTuple):
    """A choice inside a building's effect: the building constructed."""
    building: str


class FreeCaptures(NamedTuple):
    """free_capture: captures still allowed, locations used so far, the building giving them."""
    left: int
    locations: tuple
    building: str


class DebtsToTake(NamedTuple):
    """hugo: Debts still to be taken (each: a Debt or 2 Silver), and why."""
    debts: int
    cause: str


# ---- rules

@dataclass(frozen=True)
class DecisionRule:
    """How one kind of decision works: its legal actions, how a chosen action
    resolves, and the prompt. `why` may explain a rejected action better than
    the generic message. `data` is the record type of the decision's figures
    (None: it carries none)."""
    kind: str
    legal: Callable
    resolve: Callable
    prompt: Callable
    why: Callable | None = None
    #: a step with no choice, resolved (with action None) when it reaches the top
    auto: bool = False
    data: type | None = None


@dataclass(frozen=True)
class LocationRule:
    """A board location: why a worker may not go there now (None = it may),
    what placing one does, and a short preview of the gain for labels."""
    location: str
    blocker: Callable
    place: Callable
    hint: Callable | None = None


def no_blocker(s, p) -> None:
    """Locations open to every worker at any time."""
    return None
