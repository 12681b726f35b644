"""Pending decisions and the shape of the rules that work them.

A game waits on a stack of `Decision`s (the top one is the current decision).
Each has a `kind`, the `player` who decides, and `data`: a small named record
whose type is fixed per kind (`DecisionRule.data`), e.g. the Mines decision
carries `MinesChoice(workers=3)`. `archwk.games.architects.ruleset` lists every rule.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple


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


# ---- previews: what an action gives and costs its actor

#: the order items are listed in (a preview never depends on a mapping's key order)
ITEMS = ("clay", "wood", "stone", "gold", "marble", "silver", "cards", "virtue")


def bundle(d) -> tuple:
    """A mapping of item -> n as ((item, n), ...): zeros dropped, in ITEMS order."""
    order = {k: i for i, k in enumerate(ITEMS)}
    return tuple(sorted(((k, v) for k, v in dict(d).items() if v),
                        key=lambda kv: (order.get(kv[0], len(order)), kv[0])))


def add_bundles(*ds) -> dict:
    """The sum of several item mappings."""
    out: dict = {}
    for d in ds:
        for k, v in dict(d).items():
            out[k] = out.get(k, 0) + v
    return out


class Preview(NamedTuple):
    """What choosing an action does to its actor, computed by the same functions
    the rule applies it with (so a label cannot promise what the rule does not give).

    `gain` and `cost` are ((item, n), ...) with items from ITEMS: `cost` "silver" is
    the Silver paid in all, of which `tax` goes to the Tax Stand; `cost` "virtue" is
    Virtue lost. `then` says what follows as the actor's next choice, as
    (what, figures...) tuples: ("or", (Preview, ...)) one of these;
    ("trades"|"captures"|"guard_actions", n) up to n of them; ("workshop", columns,
    cards) hire from the first columns or draw cards; ("hire_or_look",) space B.
    `skipped` is the part of the Silver laid on skipped apprentices (Workshop)."""
    gain: tuple = ()
    cost: tuple = ()
    tax: int = 0
    then: tuple = ()
    skipped: int = 0


def preview(gain=(), cost=(), tax: int = 0, then: tuple = (), skipped: int = 0) -> Preview:
    """A Preview from item mappings."""
    return Preview(bundle(gain), bundle(cost), tax, then, skipped)


# ---- blocker reasons: why a location or an action is not open, as a code and figures

class Reason(NamedTuple):
    """Why something is not allowed: a `code` (worded by archwk.games.architects.explain.reasons) and
    its figures (e.g. Reason("costs", {"silver": 3, "have": 1}))."""
    code: str
    figures: tuple = ()

    def get(self, name: str, default=None):
        return dict(self.figures).get(name, default)


def reason(code: str, **figures) -> Reason:
    return Reason(code, tuple(figures.items()))


# ---- rules

@dataclass(frozen=True)
class DecisionRule:
    """How one kind of decision works: its legal actions and how a chosen action
    resolves (its prompt is worded by archwk.games.architects.explain.prompts from `data`). `why`
    may explain a rejected action better than the generic message, as a `Reason`.
    `data` is the record type of the decision's figures
    (None: it carries none)."""
    kind: str
    legal: Callable
    resolve: Callable
    why: Callable | None = None
    #: (s, dec, action) -> Preview | None: what the action gives and costs (for its label)
    preview: Callable | None = None
    #: a step with no choice, resolved (with action None) when it reaches the top
    auto: bool = False
    data: type | None = None


@dataclass(frozen=True)
class LocationRule:
    """A board location: why a worker may not go there now (None = it may),
    what placing one does, and (s, p) -> Preview: what placing there gives and
    costs, computed with the amounts `place` applies."""
    location: str
    blocker: Callable
    place: Callable
    preview: Callable | None = None
    #: (s, p) -> bool: the same answer as `blocker(s, p) is None`, without wording why
    #: (placement legality asks it for every location at every placement; None: the
    #: blocker is asked; tests/test_locations.py checks the two agree)
    allows: Callable | None = None


def no_blocker(s, p) -> None:
    """Locations open to every worker at any time."""
    return None
