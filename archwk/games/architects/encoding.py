"""Architects of the West Kingdom for game-AI libraries (`archwk.interop`): the fixed
list of every action (its position is the action's integer id in OpenSpiel and
PettingZoo) and the numbers a player observes (the observation vector and its layout).
`definition.GAME` names them as `all_actions`, `observation_layout` and
`observation_vector`.

Every action, in this order (docs/actions.md says what each kind means): a worker
placed at each location; a worker brought back from each large open location, each
Black Market space, the Prison and each player's board; pass; keep and discard each
building card; discard each apprentice; hire from each display space; plans; mine
Clay or Gold; each board trade and each apprentice's trade; capture each colour at
each large open location; release; each Guardhouse action; construct each building
with each way it can be paid (its printed cost, 1 resource less, Gold and Marble
mixed: a superset of what any character allows); advance the Cathedral with each way
to pay each level (and the solo opponent's free advance); each building choice; the
rest (draw5, destroy_debt, hugo_pay, take_debt, stop, skip). The list is the same for
every player count and option set, so an id means the same choice in every game.

The observation vector is read from a player's view through the table read API
(`archwk.table`) and the players' public fields, so it holds only what that player may
know. Seats are relative: block "seat+0" is the observing player, "seat+1" the next
seat in turn order, and so on (the solo opponent is a seat like the others, marked
"automa"). Counts the rules do not bound (Silver, resources, Tax, Debts, turns) have
the range 0 to 100,000.
"""
from __future__ import annotations

import functools
from collections.abc import Sequence

from ...kit.game import Feature
from . import cards
from .actions import Action
from .characters import CHARACTERS
from .constants import BLACK_MARKET_SPACES, LOCATIONS, OPEN_LOCATIONS, RESOURCES, WORKERS_PER_PLAYER
from .locations.storehouse import BOARD_TRADES
from .options import Options
from .ruleset import DECISION_RULES
from .table import DISPLAY_COLUMNS, DISPLAY_ROWS, WORKER_LOCATIONS, table

#: the most seats a game has (5 players; the solo game and the two-player bot add one
#: seat to 1 and 2 players)
MAX_SEATS = 5
#: the range of a count the rules do not bound
UNBOUNDED = 100_000.0
_GUARD_ACTIONS = ("send_to_prison", "release_prison", "release_silver", "release_debt", "pay_debt")
_SIMPLE = ("draw5", "destroy_debt", "hugo_pay", "take_debt", "stop", "skip")


# --------------------------------------------------------------------------- every action

def _payments(cost) -> list[tuple]:
    """Every way a cost might be paid: as printed, 1 of any resource less (a cost cut),
    and with Gold and Marble mixed (as `guildhall.payments` allows, for any character)."""
    cost = dict(cost)
    variants = [cost] + [{**cost, r: n - 1} for r, n in cost.items() if n]
    out: list[tuple] = []
    for c in variants:
        need = c.get("gold", 0) + c.get("marble", 0)
        for g in range(need + 1):
            d = dict(c)
            if need:
                d["gold"], d["marble"] = g, need - g
            key = tuple(sorted((r, n) for r, n in d.items() if n))
            if key not in out:
                out.append(key)
    return out


@functools.cache
def _every_action() -> tuple[Action, ...]:
    seats = range(MAX_SEATS)
    buildings = [b.name for b in cards.BUILDINGS]
    apprentices = [a.id for a in cards.APPRENTICES]
    out = [Action("place", loc) for loc in LOCATIONS]
    out += [Action("return_worker", loc) for loc in OPEN_LOCATIONS + BLACK_MARKET_SPACES + ("prison",)]
    out += [Action("return_worker", "board", target=o) for o in seats]
    out.append(Action("pass"))
    out += [Action("keep", card=name) for name in buildings]
    out += [Action("discard", card=name) for name in buildings]
    out += [Action("discard_apprentice", card=i) for i in apprentices]
    out += [Action("hire", target=slot) for slot in range(DISPLAY_ROWS * DISPLAY_COLUMNS)]
    out.append(Action("plans"))
    out += [Action("mine", option=r) for r in ("clay", "gold")]
    out += [Action("trade", option=opt) for opt in BOARD_TRADES]
    out += [Action("trade", card=i) for i in apprentices]
    out += [Action("capture", loc, target=o) for loc in OPEN_LOCATIONS for o in seats]
    out.append(Action("release"))
    out += [Action("guard", option=o) for o in _GUARD_ACTIONS]
    for b in cards.BUILDINGS:
        out += [Action("construct", card=b.name, option=pay) for pay in _payments(b.cost)]
    cathedral: list[Action] = [Action("cathedral", option=())]
    for level in cards.CATHEDRAL:
        for cost in level.costs:
            cathedral += [a for pay in _payments(cost) if (a := Action("cathedral", option=pay)) not in cathedral]
    out += cathedral
    choices = max(len(b.params.get("options", ())) for b in cards.BUILDINGS)
    out += [Action("choose", option=i) for i in range(choices)]
    out += [Action(kind) for kind in _SIMPLE]
    assert len(set(out)) == len(out), "an action is listed twice"
    return tuple(out)


def all_actions(players: int, options: Options | None = None) -> Sequence[Action]:
    """Every action a state of any Architects game may list (the same for every player
    count and option set: see the module docstring)."""
    return _every_action()


# --------------------------------------------------------------------------- the observation

def _seats(players: int, options: Options | None) -> int:
    from .game import new_game  # the seat count as the rules set it up (solo opponent, bot)
    return len(new_game(players, seed=0, options=options).players)


@functools.cache
def _layout(seats: int) -> tuple[Feature, ...]:
    big, out = UNBOUNDED, []

    def add(name, high=big, low=0.0):
        out.append(Feature(name, float(low), float(high)))

    for name in ("turn", "Black Market resets", "Tax", "final turns left", "reward pile",
                 "building deck", "apprentice deck"):
        add(name)
    for pile in ("Small Market", "Large Market"):
        add(f"{pile}: cards", len(cards.BLACK_MARKET_CARDS))
        for r in sorted(cards.GAIN_KEYS):
            add(f"{pile}: {r}")
    for kind in DECISION_RULES:
        add(f"decision: {kind}", 1)
    for k in range(seats):
        add(f"to move: seat+{k}", 1)
    add("Guildhall: free spaces")
    for level in cards.CATHEDRAL:
        add(f"Cathedral level {level.level}: free spaces", level.spaces)
    for pos in range(1, DISPLAY_ROWS * DISPLAY_COLUMNS + 1):
        for a in cards.APPRENTICES:
            add(f"display {pos}: apprentice {a.id} ({a.name})", 1)
        add(f"display {pos}: silver")
        add(f"display {pos}: hire cost")
    for space in BLACK_MARKET_SPACES:
        for k in range(seats):
            add(f"{space}: seat+{k}", 1)
    for b in cards.BUILDINGS:
        add(f"hand: {b.name}", 1)
    for k in range(seats):
        s = f"seat+{k}"
        add(f"{s}: automa", 1)
        add(f"{s}: silver")
        add(f"{s}: virtue", len(cards.VIRTUE_TRACK) - 1)
        for r in RESOURCES:
            add(f"{s}: {r}")
        add(f"{s}: workers in supply", WORKERS_PER_PLAYER)
        add(f"{s}: cards in hand", len(cards.BUILDINGS))
        add(f"{s}: unpaid debts")
        add(f"{s}: paid debts")
        add(f"{s}: cathedral level", len(cards.CATHEDRAL))
        add(f"{s}: workers in prison", WORKERS_PER_PLAYER)
        for c in CHARACTERS:
            add(f"{s}: character {c.name}", 1)
        for b in cards.BUILDINGS:
            add(f"{s}: built {b.name}", 1)
        for a in cards.APPRENTICES:
            add(f"{s}: apprentice {a.id} ({a.name})", 1)
        for loc in WORKER_LOCATIONS:
            add(f"{s}: workers at {loc}", WORKERS_PER_PLAYER * MAX_SEATS)
        for j in range(seats):
            add(f"{s}: holds workers of seat+{j}", WORKERS_PER_PLAYER)
    return tuple(out)


def observation_layout(players: int, options: Options | None = None) -> Sequence[Feature]:
    """The numbers a player observes in a game of `players` with `options` (see the
    module docstring)."""
    return _layout(_seats(players, options))


_BUILDING_INDEX = {b.name: i for i, b in enumerate(cards.BUILDINGS)}
_APPRENTICE_INDEX = {a.id: i for i, a in enumerate(cards.APPRENTICES)}
_CHARACTER_INDEX = {c.name: i for i, c in enumerate(CHARACTERS)}
_DECISION_INDEX = {kind: i for i, kind in enumerate(DECISION_RULES)}
_GAINS = sorted(cards.GAIN_KEYS)


def observation_vector(view, seat: int) -> list[float]:
    """The numbers of `observation_layout`, read from `view` (player `seat`'s view)."""
    t = table(view)
    n = len(view.players)
    rel = [(seat + k) % n for k in range(n)]  # block k -> absolute seat
    back = {a: k for k, a in enumerate(rel)}  # absolute seat -> block
    out: list[float] = [t.turn, t.resets, t.tax, t.final_turns or 0, t.reward_pile.count,
                        t.decks.buildings, t.decks.apprentices]
    for pile in (t.small_market, t.large_market):
        out.append(pile.count)
        out += [pile.goods.get(r, 0) for r in _GAINS]
    block = [0.0] * len(_DECISION_INDEX)
    if t.decision_kind is not None:
        block[_DECISION_INDEX[t.decision_kind]] = 1.0
    out += block
    block = [0.0] * n
    if t.current_player is not None:
        block[back[t.current_player]] = 1.0
    out += block
    out.append(sum(1 for sp in t.guildhall if sp.occupant is None))
    out += [level.free for level in t.cathedral]
    for slot in t.display:
        block = [0.0] * len(_APPRENTICE_INDEX)
        if slot.apprentice:
            block[_APPRENTICE_INDEX[slot.apprentice]] = 1.0
        out += block
        out += [slot.silver, slot.hire_cost or 0]
    for space in t.black_market:
        block = [0.0] * n
        if space.occupant is not None:
            block[back[space.occupant]] = 1.0
        out += block
    block = [0.0] * len(_BUILDING_INDEX)
    for name in view.players[seat].hand:
        block[_BUILDING_INDEX[name]] += 1
    out += block
    for a in rel:
        p = view.players[a]
        out += [float(p.is_byzantine), p.silver, p.virtue, *(p.resources[r] for r in RESOURCES),
                p.workers_in_supply, len(p.hand), p.debts_unpaid, p.debts_paid, p.cathedral_level,
                p.in_prison]
        block = [0.0] * len(_CHARACTER_INDEX)
        if p.character in _CHARACTER_INDEX:
            block[_CHARACTER_INDEX[p.character]] = 1.0
        out += block
        block = [0.0] * len(_BUILDING_INDEX)
        for name in p.buildings:
            block[_BUILDING_INDEX[name]] = 1.0
        out += block
        block = [0.0] * len(_APPRENTICE_INDEX)
        for i in p.apprentice_ids:
            block[_APPRENTICE_INDEX[i]] = 1.0
        out += block
        out += [t.workers[loc].get(a, 0) for loc in WORKER_LOCATIONS]
        held = t.captured.get(a, {})
        out += [held.get(o, 0) for o in rel]
    return out
