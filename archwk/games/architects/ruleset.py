"""The rule set, listed explicitly: every board location's rule (by location
id), every decision's rule (by kind), the steps that need no choice, and the
building effects. Nothing registers itself: a rule is in the game because it
is named here (tests/test_ruleset.py checks both ways against the data).

Placing a worker, the decision that hands over to the location rules, is
defined here beside them.
"""
from __future__ import annotations

from types import MappingProxyType

from . import buildings, characters, scoring, setup, solo, turns
from .actions import shared
from .behaviour.buildings import BUILDING_BEHAVIOUR
from .constants import LOCATIONS, OPEN_INDEX
from .core import add_workers, record_event, writable_player
from .decisions import DecisionRule, LocationRule, no_blocker
from .events import QUIET_LOG
from .locations import (
    black_market,
    forest,
    guardhouse,
    guildhall,
    mines,
    quarry,
    silversmith,
    storehouse,
    tax_stand,
    town_centre,
    workshop,
)


def _by_key(rules, key: str) -> MappingProxyType:
    out: dict = {}
    for r in rules:
        k = getattr(r, key)
        if k in out:
            raise AssertionError(f"archwk.games.architects.ruleset: two rules for {key} {k!r}")
        out[k] = r
    return MappingProxyType(out)


#: location id -> its LocationRule, in board order (LOCATIONS)
LOCATION_RULES: MappingProxyType[str, LocationRule] = _by_key(sorted(
    (quarry.LOCATION, forest.LOCATION, mines.LOCATION, silversmith.LOCATION, storehouse.LOCATION,
     workshop.LOCATION, town_centre.LOCATION, tax_stand.LOCATION, *black_market.LOCATIONS,
     guardhouse.LOCATION, guildhall.LOCATION),
    key=lambda r: LOCATIONS.index(r.location)), "location")


# --------------------------------------------------------------------------- placing a worker

def _placement_checks() -> tuple:
    """(make the place action, the check or None when always open) per location, in
    board order: placement legality is asked at every placement."""
    out = []
    for loc, rule in LOCATION_RULES.items():
        if rule.blocker is no_blocker:
            check = None
        elif rule.allows is not None:
            check = rule.allows
        else:
            check = (lambda blocker: lambda s, p: blocker(s, p) is None)(rule.blocker)
        out.append((shared("place", loc), check))
    return tuple(out)


_PLACEMENT_CHECKS = _placement_checks()
#: location id -> what placing there does (read at every placement)
_PLACES = {loc: rule.place for loc, rule in LOCATION_RULES.items()}


def _place_legal(s, dec):
    p = dec.player
    if s.players[p].is_byzantine:  # where the opponent's Scheme card sends it (RB, Solo Play)
        return solo.scheme_placements(s, dec)
    return [a for a, check in _PLACEMENT_CHECKS if check is None or check(s, p)]


def _place_resolve(t, dec, a):
    p = dec.player
    loc = a.location
    writable_player(t, p).workers_in_supply -= 1
    if loc in OPEN_INDEX:
        add_workers(t, loc, p, 1)
    if t.events is not QUIET_LOG:
        record_event(t, "placed", p, location=loc)
    if t.players[p].is_byzantine:  # the location's rule for the opponent (RB, Solo Play)
        solo.OPPONENT_PLACES[loc].place(t, p)
    else:
        _PLACES[loc](t, p)


PLACE = DecisionRule("place", legal=_place_legal, resolve=_place_resolve)


#: decision kind -> its DecisionRule
DECISION_RULES: MappingProxyType[str, DecisionRule] = _by_key((
    # setup
    setup.APPRENTICE_DRAFT, setup.DRAFT,
    # a turn
    PLACE, turns.RETURN_WORKER, turns.HAND_LIMIT_RULE, turns.APPRENTICE_LIMIT_RULE,
    # the locations
    mines.DECISION, storehouse.DECISION, workshop.DECISION, town_centre.DECISION,
    black_market.SPACE_B, black_market.KEEP_ONE, guardhouse.DECISION,
    guildhall.DECISION, guildhall.CATHEDRAL_DISCARD, guildhall.CRANE,
    # choices inside building effects
    buildings.BUILDING_CHOICE, buildings.TAVERN, buildings.FREE_CAPTURE, buildings.BARRACKS,
    buildings.CHURCH, buildings.LIBRARY, buildings.GRAVEYARD,
    # characters
    characters.HUGO, characters.CLOVIS_DRAW,
), "kind")

#: decisions with no choice: resolved in order with the others when they reach the top
AUTO_STEPS = frozenset(k for k, r in DECISION_RULES.items() if r.auto)

#: building effect (buildings.toml `effect`) -> what it does on construction
CONSTRUCTION_EFFECTS = MappingProxyType({e: b.on_construct for e, b in BUILDING_BEHAVIOUR.items() if b.on_construct})
#: building effects scored at the end (archwk.games.architects.scoring): end-game Virtue and VP bonuses
END_GAME_EFFECTS = scoring.END_GAME_EFFECTS
