"""Architects' play side, the heuristics: what a position is worth, the rule-of-thumb
policy, the closing plan of a long game and the heuristic player.

* `position_value(s, p)`: how good a position is for player p, in VP. The
  rulebook score so far (`scoring`), plus what the player's goods, cards,
  apprentices and workers are likely to turn into before the end; that second
  part fades out as the Guildhall fills (the game ends when it is full). The
  search bots' leaf evaluator (role "evaluator" of `archwk.games.architects.definition`).
* `fast_choice(s, acts, rng)`: a rule-of-thumb policy that never looks ahead,
  cheap enough for Monte Carlo rollouts (a few microseconds a decision); the
  "fast" bot and the search bots' rollout policy (role "rollout_policy").
* `stalemate_choice(s, acts)`: the closing plan, which plays towards the end of
  the game; the bots' backstop past `STALEMATE_TURNS` turns a player.
* `HeuristicBot`: looks one turn ahead (role "heuristic"; the registry's
  "heuristic" bot plays it).

These read the rules' internals (`scoring._score`, `core.can_pay`, the prices,
the board rows), so they live beside the game, above its rules: the rules never
import this package, and the game-neutral bots of `archwk.ai` reach it only
through `state.game.play(role)`.
"""
from __future__ import annotations

import random

from .. import cards as _cards
from ..actions import Action
from ..core import BUILDING as _BUILDING
from ..core import can_pay as _can_pay
from ..core import geometry_n as _geometry_n
from ..core import held_by_others as _held_by_others
from ..core import skills_of as _skills_of
from ..engine import NATIVE_DISCARD, quiet
from ..locations.guardhouse import GUARD_PRICES
from ..locations.workshop import HIRE_SILVER
from ..model import OPEN_INDEX as _OPEN
from ..model import GameState
from ..scoring import CATHEDRAL_VP, _score, building_bonus, final_scores
from .determinize import Determinizer

# =========================================================================== what a position is worth

_BASIC = ("clay", "wood", "stone")
_GATHER = frozenset({"quarry", "forest", "mines", "silversmith"})
_BM = frozenset({"black_market_a", "black_market_b", "black_market_c"})
_CATH_STEP = tuple(_cards.CATHEDRAL[i].vp - (_cards.CATHEDRAL[i - 1].vp if i else 0)
                   for i in range(len(_cards.CATHEDRAL)))
#: per building: (vp + a rough worth of its immediate effect, cost items, skills)
_BINFO = {b.name: (b.vp + (1.5 if b.effect in ("gain", "choose", "tavern") else 0.0),
                   tuple(b.cost.items()), b.skills) for b in _cards.BUILDINGS}


def progress(s) -> float:
    """How far the game is towards its end: the share of Guildhall spaces filled (0..1)."""
    return min(1.0, len(s.guildhall) / (4 * (_geometry_n(s) + 1)))


def _targets(s, p):
    """The buildings in p's hand worth aiming at, best first: (worth, cost items, skills met)."""
    pl = s.players[p]
    have = _skills_of(pl.apprentice_ids)
    out = []
    for name in pl.hand:
        info = _BINFO.get(name)
        if info is None:  # a hidden card in a view
            continue
        worth, cost, skills = info
        out.append((worth, cost, skills <= have, skills - have))
    out.sort(key=lambda x: -x[0] * (1.0 if x[2] else 0.5))
    return out


#: VP per worker of a group at the Quarry, Forest, Mines, Silversmith (board order)
_GROUP_WORTH = (0.5, 0.5, 0.75, 0.3, 0, 0, 0, 0, 0)


def position_value(s, p: int, live: float | None = None) -> float:
    """Player p's prospects in VP: the score now plus the likely worth of what they hold.

    The score is the rulebook's (end-game Virtue buildings left out); the rest
    fades out as the Guildhall fills: it counts for `live`, by default the share
    of Guildhall spaces still open. Only public parts of the state and p's own
    hand are read, so it is the same on a determinization as on the real game.

    >>> import archwk
    >>> s = archwk.new_game(2, seed=1)
    >>> position_value(s, 0) > 0
    True
    """
    pl = s.players[p]
    if pl.is_byzantine:
        return float(_score(s, p).total)
    # by the board read (the same board in another PlayerState too: a determinization deals new ones)
    key = (pl.buildings, pl.hand, pl.apprentice_ids, pl.captured, pl.silver, pl.virtue, pl.clay, pl.wood,
           pl.stone, pl.gold, pl.marble, pl.workers_in_supply, pl.debts_unpaid, pl.debts_paid,
           pl.cathedral_level, pl.in_prison, pl.character)
    hit = _PERSONAL_BY_BOARD.get(key)
    if hit is None:
        hit = _personal(s, p)
        if len(_PERSONAL_BY_BOARD) > 50_000:  # a bound on memory; a cleared entry is only recomputed
            _PERSONAL_BY_BOARD.clear()
        _PERSONAL_BY_BOARD[key] = hit
    _, score, later, shared = hit
    for b in shared:  # bonuses that compare with the other players
        score += building_bonus(s, p, b)
    if live is None:
        n = len(s.players)
        live = 1.0 - min(1.0, len(s.guildhall) / (4 * ((n if n > 2 else 2) + 1)))  # 1 - progress(s)
    if live <= 0 or s.phase == "over":
        return float(score)
    # a group at a gathering location is future income (and a target for captures)
    groups = 0.0
    for w_each, row in zip(_GROUP_WORTH, s.board):
        groups += w_each * row[p]
    held = 0
    for q in s.players:
        held += q.captured[p]
    return score + live * (later + groups - 0.35 * held)


#: (PlayerState, score, later worth, shared-bonus buildings) by the player's figures (the
#: board read): a memo of a function of those figures alone, so threads (the coach's) may
#: share it: an entry never changes, and a cleared one is only worked out again
_PERSONAL_BY_BOARD: dict = {}


def _personal(s, p):
    """The parts of `position_value` that depend on player p's board alone."""
    pl = s.players[p]
    blds, debt_vp, shared = 0, -2, []
    for name in pl.buildings:
        b = _BUILDING[name]
        blds += b.vp
        if b.category == "vp_bonus":
            if b.effect in ("most", "cathedral_most"):
                shared.append(b)
            else:
                blds += building_bonus(s, p, b)
        elif b.effect == "fountain":
            debt_vp = b.params["debt_vp"]
    score = (blds + CATHEDRAL_VP[pl.cathedral_level] + _cards.VIRTUE_TRACK[pl.virtue].vp
             + debt_vp * pl.debts_unpaid + pl.gold + pl.marble + pl.silver // 10 - pl.in_prison // 2)
    # goods are worth most when a building in hand (or the next Cathedral level) needs them
    need = dict.fromkeys(_cards.RESOURCES, 0)
    targets = _targets(s, p)
    cards_v = 0.0
    missing_skills = set()
    for k, (worth, cost, skills_ok, missing) in enumerate(targets[:4]):
        cards_v += (0.3 if skills_ok else 0.12) * worth
        if k < 2:
            for r, n in cost:
                need[r] += n
            missing_skills |= missing
    level = pl.cathedral_level
    cath_v = 0.0
    if level < len(_cards.CATHEDRAL):
        for r, n in _cards.CATHEDRAL[level].costs[0].items():
            need[r] = max(need[r], n) if r in ("gold", "marble") else need[r] + n // 2
        cath_v = 0.35 * _CATH_STEP[level] if pl.virtue >= 5 else 0.0
    goods = 0.0
    for r in _cards.RESOURCES:
        h = getattr(pl, r)
        useful = min(h, need[r])
        goods += (0.7 if r in _BASIC else 0.6) * useful + (0.15 if r in _BASIC else 0.0) * (h - useful)
    # the first Silver buys a Town Centre capture: worth keeping some at hand
    silver = 0.8 * min(pl.silver, 2) + 0.22 * max(0, min(pl.silver, 14) - 2)
    app = 1.0 * len(pl.apprentice_ids) - 0.8 * len(missing_skills)
    supply = pl.workers_in_supply
    workers = 0.7 * min(supply, 4) + 0.1 * max(0, supply - 4) + 0.3 * sum(pl.captured) - 0.4 * pl.in_prison
    virtue = 0.25 * min(pl.virtue, 10) - (2.0 if pl.virtue <= 4 else 0.0)
    debts = -0.6 * pl.debts_unpaid
    later = goods + cards_v + cath_v + silver + app + workers + virtue + debts
    return (pl, score, later, tuple(shared))


def relative_value(s, p: int) -> float:
    """`position_value` of p minus the best of the other players': what a bot
    maximises, so that hurting the leader (capturing a big group) counts too."""
    vals = [position_value(s, i) for i in range(len(s.players))]
    others = [v for i, v in enumerate(vals) if i != p]
    return vals[p] - (max(others) if others else 0.0)


# ---- the rule-of-thumb policy

def _place_weight(s, p, a) -> float:
    loc = a.location
    pl = s.players[p]
    if loc == "guildhall":
        return 12.0
    if loc in _GATHER:
        return 1.0 + s.board[_OPEN[loc]][p]
    if loc == "storehouse":
        return 1.2 if pl.clay + pl.wood + pl.stone >= 3 else 0.1
    if loc == "workshop":
        return 1.5 if len(pl.apprentice_ids) < 3 and pl.silver >= 4 else 0.8
    if loc == "town_centre":
        return 4.0 if pl.workers_in_supply <= 3 else 0.3
    if loc == "guardhouse":
        return 3.0 if (pl.debts_unpaid and pl.silver >= 6) or pl.in_prison >= 2 else 0.4
    if loc == "tax_stand":
        return 1.5 if s.tax >= 4 and pl.virtue >= 7 else 0.1
    if loc in _BM:
        return 0.5 if pl.virtue >= 6 else 0.05
    return 0.5


def without_free_discards(s, acts):
    """`acts` less the free apprentice discards (RB: allowed at any time in your
    own turn), which only lose an apprentice. At the decisions whose own choices
    are apprentice discards (`engine.NATIVE_DISCARD`) they are kept."""
    if not acts or s.pending[-1].kind in NATIVE_DISCARD:
        return acts
    out = [a for a in acts if a._key[0] != "discard_apprentice"]
    return out or acts


def _weighted(acts, weights, rng):
    total = sum(weights)
    if total <= 0:
        return acts[int(rng.random() * len(acts))]
    x = rng.random() * total
    for a, w in zip(acts, weights):
        x -= w
        if x < 0:
            return a
    return acts[-1]


def _build_worth(s, p, a) -> float:
    if a.kind == "construct":
        return _BINFO[a.card][0]
    if a.kind == "cathedral":
        return 1.6 * _CATH_STEP[s.players[p].cathedral_level]
    return 0.0


_GUARD_ORDER = {"pay_debt": 5, "release_prison": 4, "send_to_prison": 3, "release_silver": 2, "release_debt": 1}


def fast_choice(s, acts, rng):
    """A rule-of-thumb choice among `acts` (the legal actions of `s`), no lookahead.

    Builds whenever it can (the best building by VP, or the Cathedral), gathers
    where it already has workers, trades for Virtue when low, takes its own
    workers back at the Town Centre when the supply runs low, pays Debts and
    frees prisoners at the Guardhouse, and never discards an apprentice by choice.
    """
    acts = without_free_discards(s, acts)
    if len(acts) == 1:
        return acts[0]
    p = s.current_player
    k = acts[0].kind
    if k == "place":
        places = [a for a in acts if a.kind == "place"]
        return _weighted(places, [_place_weight(s, p, a) for a in places], rng)
    if k in ("construct", "cathedral"):
        best = max(acts, key=lambda a: _build_worth(s, p, a))
        return best if best.kind != "skip" else acts[0]
    if k == "trade":
        pl = s.players[p]
        trades = [a for a in acts if a.kind == "trade"]
        if pl.virtue < 9:
            for a in trades:
                if a.card is None and len(a.option) == 2:
                    return a
        if trades and rng.random() < 0.6:
            return trades[int(rng.random() * len(trades))]
        return acts[-1]
    if k == "capture":
        caps = [a for a in acts if a.kind == "capture"]
        pl = s.players[p]
        if pl.workers_in_supply <= 4:
            own = [a for a in caps if a.target == p]
            if own:
                return max(own, key=lambda a: s.board[_OPEN[a.location]][p])
        others = [a for a in caps if a.target != p]
        if others:
            return max(others, key=lambda a: s.board[_OPEN[a.location]][a.target])
        return acts[-1]
    if k == "guard":
        return max(acts, key=lambda a: _GUARD_ORDER.get(a.option, 0))
    if k == "mine":
        return acts[1] if s.pending[-1].data.workers >= 2 and rng.random() < 0.5 else acts[0]
    if k in ("discard",):
        return min(acts, key=lambda a: _BINFO.get(a.card, (0,))[0])
    if k == "keep":
        return max(acts, key=lambda a: _BINFO.get(a.card, (0,))[0])
    if k == "hire":
        hires = [a for a in acts if a.kind == "hire"]
        pl = s.players[p]
        if hires and (len(pl.apprentice_ids) < 4 or s.decision != "workshop"):
            return hires[0] if rng.random() < 0.5 else hires[int(rng.random() * len(hires))]
        return acts[-1]
    if k == "return_worker":
        return acts[int(rng.random() * len(acts))]
    if k == "hugo_pay":
        return acts[0]
    return acts[int(rng.random() * len(acts))]


# =========================================================================== the closing plan

#: turns per player after which the heuristic and search bots steer straight for
#: the end of the game (`stalemate_choice`), so that a game between bots that
#: farm one location for Gold (1 VP each) still ends
STALEMATE_TURNS = 100


def past_turns(s, turns: int) -> bool:
    """Whether play has gone on for more than `turns` turns a player."""
    return s.phase == "play" and s.turn_no > turns * len(s.players)


def in_stalemate(s) -> bool:
    return past_turns(s, STALEMATE_TURNS)


#: turns a player after which the heuristic bot, when it leads on points, plays for
#: the end of the game (`stalemate_choice`): a leader who keeps farming the Mines
#: instead of building never lets a long game end
LEAD_CLOSE_TURNS = 50


#: turns a player after which the heuristic bot plays for the end of the game,
#: ahead or behind: a game this long has turned into farming, and a player who
#: trails there catches up by farming too, so it would not end
LONG_GAME_TURNS = 75


def leads_a_long_game(s, p: int) -> bool:
    """True past `LEAD_CLOSE_TURNS` turns a player when p alone has the most
    points now (public parts of the state only)."""
    if not past_turns(s, LEAD_CLOSE_TURNS):
        return False
    scores = [sc.total for sc in final_scores(s)]
    return all(scores[p] > v for i, v in enumerate(scores) if i != p)


def plays_for_the_end(s, p: int) -> bool:
    """Whether the heuristic bot in seat p plays `stalemate_choice`: past
    `LONG_GAME_TURNS` turns a player, or earlier when it leads a long game."""
    return past_turns(s, LONG_GAME_TURNS) or leads_a_long_game(s, p)


_GATHERED_AT = {"stone": "quarry", "wood": "forest", "clay": "mines", "gold": "mines", "silver": "silversmith"}


def _nearest_build(s, p):
    """The building in p's hand nearest to being built, as (cost items, missing
    skills, shortfall by resource), or None with no building card in hand. A
    missing skill counts as 4 missing goods."""
    pl = s.players[p]
    have = _skills_of(pl.apprentice_ids)
    best, best_k = None, 0
    for name in pl.hand:
        info = _BINFO.get(name)
        if info is None:  # a hidden card in a view
            continue
        _worth, cost, skills = info
        short = {r: n - getattr(pl, r) for r, n in cost if n > getattr(pl, r)}
        k = 4 * len(skills - have) + sum(short.values())
        if best is None or k < best_k:
            best, best_k = (cost, skills - have, short), k
    return best


#: own workers in Prison (or held on other players' boards, when 5 Silver frees
#: them) at which the closing plan first gets them back at the Guardhouse
RELEASE_AT = 4


def _release(s, p) -> str | None:
    """The Guardhouse action that gets p's workers back, when enough are stuck
    (RB, Guardhouse: release from Prison for free, from other boards for 5
    Silver); None otherwise. A player with most workers stuck places one a turn
    and gathers next to nothing: the plan would never finish a building."""
    pl = s.players[p]
    if pl.in_prison >= RELEASE_AT:
        return "release_prison"
    if _held_by_others(s, p) >= RELEASE_AT and _can_pay(s, p, *GUARD_PRICES["release_silver"]):
        return "release_silver"
    return None


def _wanted(s, p) -> tuple[str | None, frozenset]:
    """What p's nearest building still needs most (a resource, "silver" to hire
    a missing skill, "cards" for a first building card, or None) and the skills missing."""
    near = _nearest_build(s, p)
    if near is None:
        return "cards", frozenset()
    _cost, missing, short = near
    if missing:
        return ("silver" if s.players[p].silver < HIRE_SILVER else "skill"), frozenset(missing)
    if not short:
        return None, frozenset()
    return max(short, key=lambda r: (short[r], r)), frozenset()


def stalemate_choice(s, acts):
    """Play towards the end of the game: construct (the Guildhall filling up is
    what ends it); get workers back from Prison (or from other boards) when
    `RELEASE_AT` or more are stuck there; else work towards the building in hand
    nearest to being built: a building card when there is none, an apprentice
    with a skill it needs (Silver first to pay for one), else the good it lacks
    most (Marble by trading Wood and Stone at the King's Storehouse). When
    everyone plays it, the game ends (tests/test_bots.py)."""
    acts = without_free_discards(s, acts)
    p = s.current_player
    pl = s.players[p]
    d = s.decision
    by_kind: dict[str, list[Action]] = {}
    for a in acts:
        by_kind.setdefault(a.kind, []).append(a)
    want, missing = _wanted(s, p)
    if d == "place":
        places = {a.location: a for a in by_kind.get("place", ())}
        if "guildhall" in places:
            return places["guildhall"]
        if "guardhouse" in places and _release(s, p):
            return places["guardhouse"]
        loc: str | None
        if want in ("cards", "skill"):
            loc = "workshop"
        elif want == "marble":
            loc = "storehouse" if pl.wood + pl.stone >= 3 else ("forest" if pl.wood <= pl.stone else "quarry")
        else:
            loc = _GATHERED_AT.get(want) if want else None
        if loc in places:
            return places[loc]
        return fast_choice(s, acts, random.Random(s.turn_no))
    if d == "workshop":
        if want == "skill":
            for a in by_kind.get("hire", ()):
                if _cards.APPRENTICES[s.display[a.target] - 1].skills & missing:
                    return a
        if "plans" in by_kind and (want == "cards" or not by_kind.get("hire")):
            return by_kind["plans"][0]
        if by_kind.get("hire"):
            return by_kind["hire"][0]
    if d == "guildhall" or d == "crane":
        builds = by_kind.get("construct", []) + by_kind.get("cathedral", [])
        if builds:
            return max(builds, key=lambda a: _build_worth(s, p, a))
    if d == "guardhouse":
        guards = {a.option: a for a in by_kind.get("guard", ())}
        for option in (_release(s, p), "release_prison"):
            if option in guards:
                return guards[option]
        if "stop" in by_kind:  # the Guardhouse offers Stop after its first action
            return by_kind["stop"][0]
    if d == "mines":
        mines = {a.option: a for a in by_kind.get("mine", ())}
        if "gold" in mines and want != "clay":  # Gold scores; Clay beyond need does not
            return mines["gold"]
        if mines:
            return mines.get("clay") or next(iter(mines.values()))
    if d == "storehouse":
        if want == "marble":
            for a in by_kind.get("trade", ()):
                if isinstance(a.option, tuple) and len(a.option) == 3 and set(a.option) <= {"wood", "stone"}:
                    return a
        if "stop" in by_kind:
            return by_kind["stop"][0]
    return fast_choice(s, acts, random.Random(s.turn_no))


# =========================================================================== the heuristic player

def finish_turn(s, p: int, turn: int, budget: int = 8):
    """The rest of player p's turn number `turn` (nothing if it is over), each
    choice the best one step ahead by `relative_value`, at most `budget` choices:
    the heuristic bot's lookahead, and the expert's at its leaves."""
    while budget > 0 and not s.is_over and s.current_player == p and s.turn_no == turn:
        acts = without_free_discards(s, s.legal_actions())
        if not acts:
            break
        if len(acts) == 1:
            s = s.apply(acts[0])
        else:
            s = max((s.apply(a) for a in acts), key=lambda x: relative_value(x, p))
        budget -= 1
    return s


class HeuristicBot:
    """Plays sensibly by looking one turn ahead.

    For each legal action it plays the rest of its own turn greedily (each later
    choice of the turn one step ahead) and keeps the action whose end-of-turn
    position is worth most by `relative_value`: its `position_value` minus the
    best opponent's. That makes it build, advance the Cathedral, gather what
    its hand needs, keep its Virtue out of the low band (no Cathedral at 4 or
    less), pay off Debts, and capture big groups of the leader. It looks ahead
    on a determinization drawn from its own view, so it never sees a hidden
    card (the opponents' hands it values are sampled, like the deck it draws
    from). Ties are broken by its seeded generator. After `LONG_GAME_TURNS`
    turns per player it plays `stalemate_choice`, and from `LEAD_CLOSE_TURNS`
    on whenever it leads on points (`plays_for_the_end`).

    >>> import archwk
    >>> s = archwk.new_game(2, seed=3)
    >>> archwk.play(s, [HeuristicBot(1), archwk.bots.RandomBot(2)]).is_over
    True
    """

    def __init__(self, seed: int | None = 0):
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, state: GameState):
        acts = state.legal_actions()
        if not acts:
            raise ValueError(f"no legal action: {state.prompt}")
        if len(acts) == 1:
            return acts[0]
        p = state.current_player
        assert p is not None  # a legal action: the game is not over
        if plays_for_the_end(state, p):  # past the stalemate turn too (LONG_GAME_TURNS < STALEMATE_TURNS)
            return stalemate_choice(state, acts)
        # look ahead on a determinization, never on the real game: drawing cards
        # (plans, the Black Market look) must not show what the deck holds
        state = Determinizer(state.view(p), p).sample(self._rng)
        if state.phase != "play":
            return self._setup_choice(state, acts)
        best, best_v = [], float("-inf")
        for a in without_free_discards(state, acts):
            v = self._turn_value(state.apply(a), p, state.turn_no)
            if v > best_v + 1e-9:
                best, best_v = [a], v
            elif v > best_v - 1e-9:
                best.append(a)
        if not best:
            return acts[0]
        return best[0] if len(best) == 1 else best[int(self._rng.random() * len(best))]

    def _turn_value(self, s, p: int, turn: int) -> float:
        """Finish p's turn greedily (`finish_turn`); the value at its end."""
        return relative_value(finish_turn(s, p, turn), p)

    def _setup_choice(self, state, acts):
        p = state.current_player
        return max(acts, key=lambda a: relative_value(state.apply(a), p) + 1e-6 * self._rng.random())

    def __repr__(self):
        return f"HeuristicBot({self.seed!r})"


def rollout(s, rng, depth: int | None):
    """Play `fast_choice` for every seat from `s` for `depth` decisions (None: to
    the end); returns the state reached. The states played are quiet
    (`archwk.games.architects.engine.quiet`: no event log; the same positions)."""
    s = quiet(s)
    k = 0
    while not s.is_over and (depth is None or k < depth):
        s = s.apply(fast_choice(s, s.legal_actions(), rng))
        k += 1
    return s

