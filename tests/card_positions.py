"""Positions for the card tests (tests/test_buildings.py, tests/test_apprentices.py).

Every helper goes through the public API only: `new_game`, the building draft,
`GameState.edit` at a placement decision, and `apply` of legal actions.
"""
from __future__ import annotations

from functools import cache

import archwk
from archwk import Action
from archwk.games.architects import cards

LABOURER = 13  # apprentice #13: all three skills, no ability (facts §2)


@cache
def _drafted(n: int, seed: int, expansion: bool) -> archwk.GameState:
    s = archwk.new_game(n, seed=seed, options=archwk.Options(expansion_cards=expansion))
    while s.phase != "play":
        s = s.apply(s.legal_actions()[0])
    for i in range(n):  # every building card back in the deck, so any one can be dealt by edit
        s = s.edit(player=i, hand=[])
    return s


def start(n: int = 3, *, expansion: bool = False, free=(), shown=()) -> archwk.GameState:
    """A game at its first placement decision, all hands empty. `free`: apprentice
    ids that must be in the deck (so `edit` can hire them); `shown`: ids that must
    be face up in the Workshop display. The Labourer is always free."""
    free = set(free) | {LABOURER}
    for seed in range(1, 2000):
        s = _drafted(n, seed, expansion)
        if not free & set(s.display) and set(shown) <= set(s.display):
            return s
    raise AssertionError(f"no seed puts {sorted(shown)} in the display and {sorted(free)} in the deck")


def others(s, p=None) -> list[int]:
    p = s.current_player if p is None else p
    return [i for i in range(len(s.players)) if i != p]


def place(s, location: str) -> archwk.GameState:
    return s.apply(Action("place", location=location))


def choose(s, kind: str, **fields) -> archwk.GameState:
    """Apply the one legal action of this kind whose fields match."""
    acts = [a for a in s.legal_actions()
            if a.kind == kind and all(getattr(a, k) == v for k, v in fields.items())]
    assert len(acts) == 1, f"{kind} {fields}: expected 1 legal action, got {acts} of {s.legal_actions()}"
    return s.apply(acts[0])


def kinds(s) -> set[str]:
    return {a.kind for a in s.legal_actions()}


def ready(s, name: str, *, extra=None, apprentices=None, hand=(), **edits) -> archwk.GameState:
    """The mover holds `name` (plus `hand`), exactly its cost plus `extra` in
    resources, and the skills it needs (the Labourer unless `apprentices` given)."""
    p = s.current_player
    b = cards.building(name)
    extra = dict(extra or {})
    res = {r: b.cost.get(r, 0) + extra.pop(r, 0) for r in cards.RESOURCES}
    if "silver" in extra:
        edits["silver"] = extra.pop("silver")
    assert not extra, extra
    if apprentices is None:
        apprentices = [LABOURER] if b.skills else []
    return s.edit(player=p, hand=[b.name, *hand], resources=res, apprentices=apprentices, **edits)


def construct(s, name: str, **kw) -> archwk.GameState:
    """`ready`, then place in the Guildhall and construct `name` (first payment).
    Returns the state right after: a follow-up decision of the card, or the next turn."""
    s = ready(s, name, **kw)
    s = place(s, "guildhall")
    acts = [a for a in s.legal_actions() if a.kind == "construct" and a.card == cards.building(name).name]
    assert acts, f"cannot construct {name}: {s.legal_actions()}"
    return s.apply(acts[0])


def pass_turn(s, location: str = "forest") -> archwk.GameState:
    """The mover places a worker somewhere harmless."""
    return place(s, location)


def reset_black_market(s, *, a: int, b: int) -> archwk.GameState:
    """Black Market spaces A and B taken by players `a` and `b`; the mover places
    on C (needs Virtue < 10 and 3 Silver), which triggers a Black Market reset
    (RB, Black Market Reset) after the action."""
    s = s.edit(workers_at={"black_market_a": {a: 1}, "black_market_b": {b: 1}})
    s = place(s, "black_market_c")
    assert any(e.kind == "reset" for e in s.events), [e.text for e in s.events]
    return s


def score(s, p: int):
    return archwk.final_scores(s)[p]


#: buildings with no virtue change and no decision on construction, used to fill
#: Guildhall spaces without disturbing a test (the no-skill ones first)
FILLERS = ("Tiler's Hut", "Carpenter's Hut", "Mason's Hut", "Aqueduct", "Reservoir", "Smithy",
           "Lumber Camp", "Stone Market", "Wood Market", "Clay Market", "Silver Market", "Lighthouse")


def fill_guildhall(s, spaces: int, *, builders=None, fillers=FILLERS) -> archwk.GameState:
    """Take turns until `spaces` Guildhall spaces are taken: a mover in `builders`
    (default: everyone) constructs the next filler building, others go to the Forest."""
    todo = [b for b in fillers if all(b not in q.buildings and b not in q.hand for q in s.players)]
    while len(s.guildhall) < spaces:
        p = s.current_player
        if builders is None or p in builders:
            mine, b = s.players[p], cards.building(todo[0])
            apprentices = list(mine.apprentice_ids)
            for skill in b.skills - mine.skills:  # hire a free apprentice with the skill
                if not any(skill in cards.APPRENTICES[i - 1].skills for i in apprentices):
                    apprentices.append(next(i for i in s.apprentice_deck
                                            if skill in cards.APPRENTICES[i - 1].skills))
            s = s.edit(player=p, hand=[b.name, *mine.hand], apprentices=apprentices, resources={
                r: mine.resources[r] + b.cost.get(r, 0) for r in cards.RESOURCES})
            s = place(s, "guildhall")
            s = choose(s, "construct", card=todo.pop(0))
        else:
            s = pass_turn(s)
    return s
