"""Archon's rules: setup (§3), the hand splits (§4), placements and the ten
locations (§4.2), the Magisters' bonuses (§5), the end of a round (§6), the
Season attack and scoring (§7), the end of the game (§8) and the Building tiles
(§9). Every function here works on a `Table` being made inside one `apply`.

A game is a stack of decisions (`Table.pending`); `legal(t)` lists the actions of
the one on top, `resolve(t, action)` plays one, and `advance(t)` runs what needs
no choice (a decision with a single choice makes itself) until a player must
choose. Where the rulebook is silent the facts file's resolutions (A1-A29) are
followed; they are named where they apply. Tile abilities tied to a building
(§9's "Building" column: Weaponsmith, House of Trade, Laboratory, Inn) apply when
the Wooden Figure is placed in that building, not on a King's Favor slot that
gives the same action (the Favor slot is in the Palace).
"""
from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations_with_replacement

from ...kit import rng as _rng
from ...kit.errors import InvalidOptions
from .actions import Action
from .components import Components
from .constants import (
    CARD_INDEX,
    CARD_TYPES,
    CATEGORIES,
    EMBLEMS,
    LOCATIONS,
    MAGISTERS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RESOURCES,
)
from .events import Event
from .options import Options
from .state import HAND, NEXT, PLAYED, SPENT, Seat, Table, decision

R = {r: i for i, r in enumerate(RESOURCES)}
LOC = {loc: i for i, loc in enumerate(LOCATIONS)}
PALACE = LOC["palace"]
CT = CARD_INDEX
ZONE_INDEX = {"hand": HAND, "played": PLAYED, "next": NEXT, "spent": SPENT}
MAX_NAME = 60


def log(t: Table, kind: str, player: int | None = None, **data) -> None:
    if t.events is not None:
        t.events.append(Event(kind, player, data, tuple(s.name for s in t.seats)))


# ================================================================ supplies and payments

def supply_left(t: Table, key: str) -> int:
    """What is left in a supply (a large number for one that never runs out)."""
    v = t.supply.get(key)
    return 10 ** 9 if v is None else v


def take_supply(t: Table, key: str, k: int) -> int:
    """Take up to k from a supply; returns how many there were (A10: what exists)."""
    v = t.supply.get(key)
    if v is None:
        return k
    got = min(v, k)
    t.supply[key] = v - got
    return got


def return_supply(t: Table, key: str, k: int) -> None:
    v = t.supply.get(key)
    if v is not None:
        t.supply[key] = v + k


def held(s: Seat, key: str) -> int:
    if key == "gold":
        return s.gold
    if key == "recruits":
        return s.recruits
    if key == "vp":
        return s.vp
    return s.res[R[key]]


def _add(s: Seat, key: str, k: int) -> None:
    if key == "gold":
        s.gold += k
    elif key == "recruits":
        s.recruits += k
    elif key == "vp":
        s.vp += k
    else:
        s.res[R[key]] += k


def gain(t: Table, p: int, key: str, k: int) -> int:
    """Player p takes up to k of `key` from its supply (VP from none); returns what they got."""
    got = k if key == "vp" else take_supply(t, key, k)
    _add(t.seats[p], key, got)
    return got


def can_pay(s: Seat, cost: Mapping[str, int], gold_less: int = 0) -> bool:
    for k, n in cost.items():
        have = s.gold - gold_less if k == "gold" else held(s, k)
        if have < n:
            return False
    return True


def pay(t: Table, p: int, cost: Mapping[str, int]) -> None:
    """Player p pays `cost`; Gold goes to the Treasury, Recruit tokens to the Barracks,
    cubes to the stockpile (A10)."""
    s = t.seats[p]
    for k, n in cost.items():
        if n:
            _add(s, k, -n)
            return_supply(t, k, n)


def has_ability(t: Table, p: int, ability: str) -> list:
    """The params of every tile of player p with `ability`."""
    parts = t.parts
    return [parts.tile(name).params for name in t.seats[p].tiles if parts.tile(name).ability == ability]


# ================================================================ setup (§3)

def names_of(players) -> list[str]:
    if isinstance(players, bool):
        raise InvalidOptions("players: expected a player count (2-4) or a list of names")
    if isinstance(players, int):
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise InvalidOptions(f"players: Archon is for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {players}")
        return [f"Player {i + 1}" for i in range(players)]
    try:
        names = list(players)
    except TypeError:
        raise InvalidOptions("players: expected a player count (2-4) or a list of names") from None
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise InvalidOptions(f"players: Archon is for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(names)} names")
    for nm in names:
        if not isinstance(nm, str) or not nm.strip():
            raise InvalidOptions(f"players: a name must be a non-empty text, got {nm!r}")
        if len(nm) > MAX_NAME:
            raise InvalidOptions(f"players: a name of {len(nm)} characters is over the limit of {MAX_NAME}")
    if len(set(names)) != len(names):
        raise InvalidOptions("players: names must be different from each other")
    return names


def covered(parts: Components, n: int, loc: str, slot: int) -> bool:
    """§3 step 20: a slot for more players than play is covered."""
    return parts.locations[loc].slots[slot].players > n


def set_up(players, *, seed: int, options: Options | None = None) -> Table:
    """The table after §3's 20 steps, before the starting Magisters are chosen."""
    if options is None:
        options = Options()
    if not isinstance(options, Options):
        raise InvalidOptions(f"options: expected archon's Options, got {type(options).__name__}")
    names = names_of(players)
    n = len(names)
    parts = options.parts
    r = _rng.seed_state(seed)
    t = Table.__new__(Table)
    t.n, t.seed, t.options, t.parts = n, seed, options, parts
    t.events, t.is_view, t.viewer = [], False, None
    t.hist, t.hist_len, t.seen = None, 0, (None,) * n
    lim = parts.limits
    counts = parts.counts
    # step 2 and the supplies: the stockpile, Gold, Recruit tokens, cards, tokens
    t.supply = {
        "gold": counts["gold"] if lim["gold"] else None,
        "recruits": counts["recruits"] if lim["recruits"] else None,
        "tokens": counts["tax_collector_tokens"] if lim["tax_collector_tokens"] else None,
        "arts": counts["arts"] if lim["arts"] else None,
        "science": counts["science"] if lim["science"] else None,
    }
    for res in RESOURCES:
        t.supply[res] = parts.cube_split[res] if lim["cubes"] else None
    for m in MAGISTERS:
        t.supply[m] = parts.magister_split[m] if lim["magisters"] else None
    # step 3: figures, Elite Warriors, Courtiers (the 10 cards are split before round 1)
    t.seats = []
    for i, nm in enumerate(names):
        s = Seat(nm, EMBLEMS[i])
        s.figures = counts["figures_per_player"]
        s.warriors = counts["warriors_per_player"]
        s.zones[SPENT][0] = counts["courtiers_per_player"]
        s.vp = options.starting_vp                                  # step 8 (A6)
        t.seats.append(s)
    # step 4: random player order
    order, r = _rng.shuffled(range(n), r)
    t.order = list(order)
    t.first = t.order[0]
    # step 5: starting resources by turn order (A9)
    for pos, p in enumerate(t.order):
        start = parts.start["first_and_second"] if pos < 2 else parts.start["third_and_fourth"]
        if n == 2 and pos == 1:
            start = parts.start["second_of_two"]
        for k, v in start.items():
            gain(t, p, k, v)
    # step 6: the Province deck, its top card into the Repository
    deck, r = _rng.shuffled([pv.id for pv in parts.provinces], r)
    t.province_deck = list(deck)
    t.provinces_seen = []
    t.repository = [0, 0, 0, 0]
    t.province = None
    _reveal_province(t)
    # step 11 before step 7 (A18): three King's Grant cards, one per Season
    grants, r = _rng.shuffled([g.id for g in parts.grants], r)
    t.grants = tuple(grants[:parts.seasons])
    t.market = [False] * len(parts.marketplace)
    _fill_market(t, parts.grant(t.grants[0]), exact=True)
    # step 10: the Attack deck
    attacks, r = _rng.shuffled([a.id for a in parts.attacks], r)
    t.attack_deck = list(attacks)
    t.attacks_seen = []
    # step 14: one King's Favor per player into the Palace's Favor slots (A25)
    favors = [f.id for f in parts.favors for _ in range(f.copies)]
    deck2, r = _rng.shuffled(favors, r)
    t.favor_deck = list(deck2)
    t.favor = [None] * parts.palace_slots
    for i in range(min(n, parts.palace_slots)):
        t.favor[i] = t.favor_deck.pop(0)
    t.favors_gone = []
    # step 18: Building tiles (n = 2: one per name; A29: copies are alike)
    t.tiles_left = {tile.name: (tile.copies if n > 2 else 1) for tile in parts.tiles}
    t.wall = [-1] * len(parts.wall)
    empty: tuple[int, ...] = ()
    t.occ = [[empty] * len(parts.locations[loc].slots) for loc in LOCATIONS[:-1]] + [[empty] * parts.palace_slots]
    t.token = [[-1] * len(row) for row in t.occ]
    t.rng = r
    t.round, t.phase, t.cursor, t.turn = 1, "start", 0, 0
    t.pending, t.shortfall, t.attack_due = [], [0] * n, 0
    log(t, "setup", None, order=list(t.order), grants=list(t.grants), province=t.province,
        favors=[f for f in t.favor if f is not None])
    return t


def _reveal_province(t: Table) -> None:
    """§3 step 6 / §6: the next Province card's Resources into the Repository (A24:
    scaled by player count; what the stockpile holds)."""
    if not t.province_deck:
        t.province = None
        return
    pid = t.province_deck.pop(0)
    t.province = pid
    t.provinces_seen.append(pid)
    got = {}
    for res, k in t.parts.province(pid).resources(t.n).items():
        g = take_supply(t, res, k)
        t.repository[R[res]] += g
        if g:
            got[res] = g
    log(t, "province", None, province=pid, resources=got)


def _fill_market(t: Table, grant, exact: bool) -> None:
    """§3 step 7 / §7.2b: lay out the King's Grant's cubes, each Resource's slots filled
    from the cheapest (A17: "exact" returns what is there first)."""
    mk = t.parts.marketplace
    if exact:
        for i, ms in enumerate(mk):
            if t.market[i]:
                t.market[i] = False
                return_supply(t, ms.resource, 1)
    for res in RESOURCES:
        want = grant.market.get(res, 0)
        have = sum(1 for i, ms in enumerate(mk) if ms.resource == res and t.market[i])
        for i in sorted((i for i, ms in enumerate(mk) if ms.resource == res and not t.market[i]),
                        key=lambda i: mk[i].price):
            if have >= want:
                break
            if take_supply(t, res, 1):
                t.market[i] = True
                have += 1


# ================================================================ the flow of the game

def advance(t: Table) -> list[Action] | None:
    """Run what needs no choice until a player must choose (or the game is over);
    returns the legal actions of that decision (empty when over; None when a
    placement decision surely has more than one choice: listed when asked)."""
    while True:
        if t.pending:
            d = t.pending[-1]
            if d.kind in ("turn", "scribe") and placements(t, d.player, first=True):
                return None
            acts = legal(t)
            if len(acts) == 1:        # a decision with a single choice makes itself
                resolve(t, acts[0])
                continue
            if not acts:
                raise AssertionError(f"archon: a decision {t.pending[-1]} with no legal action")
            return acts
        if t.phase == "over":
            return []
        _step(t)


def _step(t: Table) -> None:
    n = t.n
    if t.phase == "start":                      # §3 step 17, in player order
        if t.cursor < n:
            t.pending.append(decision("start", t.order[t.cursor]))
            t.cursor += 1
        else:
            t.phase, t.cursor = "split", 0
    elif t.phase == "split":                    # §4 / §6 step 6: each player splits their 10 cards
        if t.cursor < n:
            t.pending.append(decision("split", t.order[t.cursor]))
            t.cursor += 1
        else:
            _after_splits(t)
    elif t.phase == "play":
        p = _next_player(t)
        if p is None:
            _end_round(t)
        else:
            t.pending.append(decision("turn", p))
    elif t.phase == "losses":
        _losses(t)
    else:  # pragma: no cover
        raise AssertionError(f"archon: unknown phase {t.phase!r}")


def _next_player(t: Table) -> int | None:
    """The next player in order who has not passed (§4: turns go round in player order)."""
    for k in range(t.n):
        i = (t.turn + k) % t.n
        p = t.order[i]
        if not t.seats[p].passed:
            t.turn = i
            return p
    return None


def _begin_round(t: Table) -> None:
    t.phase, t.turn = "play", 0
    log(t, "round", None, round=t.round, season=t.season, order=list(t.order))


def _after_splits(t: Table) -> None:
    if t.attack_due:
        _attack(t)
    else:
        _begin_round(t)


def card_value(t: Table, row) -> int:
    """§4.1: the total value of cards (Courtier 0 ... Merchant 4), by printed type (A4)."""
    vals = t.parts.start["card_values"]
    return sum(vals[c] * k for c, k in zip(CARD_TYPES, row))


def _end_round(t: Table) -> None:
    """§6, in order (A24: after the last round 6.2, 6.3 and 6.6 are skipped)."""
    parts = t.parts
    r = t.round
    last = r >= parts.rounds
    # 6.1: unused cards revealed; next order: most unused first, then the higher value (A14),
    # then the existing order (§4.1)
    unused = {p: t.seats[p].zones[HAND][:] for p in range(t.n)}
    pos = {p: i for i, p in enumerate(t.order)}
    t.order = sorted(range(t.n), key=lambda p: (-sum(unused[p]), -card_value(t, unused[p]), pos[p]))
    log(t, "round_end", None, round=r,
        unused={str(p): [c for c, k in zip(CARD_TYPES, unused[p]) for _ in range(k)] for p in range(t.n)},
        order=list(t.order))
    for s in t.seats:                           # all hand cards are discarded (set aside, A27)
        for c in range(len(CARD_TYPES)):
            s.zones[SPENT][c] += s.zones[HAND][c] + s.zones[PLAYED][c]
            s.zones[HAND][c] = s.zones[PLAYED][c] = 0
        s.passed, s.announced = False, None
    if not last:
        # 6.2: the farthest King's Favor leaves, the rest slide on, a new one in the first slot (A25)
        m = min(t.n, parts.palace_slots)
        filled = t.favor[:m]
        gone = filled[-1]
        if gone is not None:
            t.favors_gone.append(gone)
        new = t.favor_deck.pop(0) if t.favor_deck else None
        t.favor[:m] = [new] + filled[:-1]
        log(t, "favors", None, removed=gone, added=new)
        # 6.3: Repository leftovers to the stockpile, a new Province
        for i, res in enumerate(RESOURCES):
            return_supply(t, res, t.repository[i])
            t.repository[i] = 0
        _reveal_province(t)
    # 6.4, 6.5: Wooden Figures and Tax Collector tokens come off the board
    for s in t.seats:
        s.figures = parts.counts["figures_per_player"]
    for li, row in enumerate(t.token):
        for si, owner in enumerate(row):
            if owner >= 0:
                return_supply(t, "tokens", 1)
                row[si] = -1
        t.occ[li] = [()] * len(t.occ[li])
    # 6.7 (the Season Track token moves on; A24: the attack follows rounds 3, 6, 9)
    if r % parts.rounds_per_season == 0:
        t.attack_due = r // parts.rounds_per_season
    if last:
        _after_splits(t)
        return
    t.round = r + 1
    # 6.6: before an odd round (a split round) split again; else take the other pile
    if t.round in parts.split_before:
        t.phase, t.cursor = "split", 0
        for s in t.seats:                       # the 10 cards come together for the split
            for c in range(len(CARD_TYPES)):
                s.zones[SPENT][c] += s.zones[NEXT][c]
                s.zones[NEXT][c] = 0
    else:
        for s in t.seats:
            s.zones[HAND], s.zones[NEXT] = s.zones[NEXT], [0] * len(CARD_TYPES)
        _after_splits(t)


# ================================================================ the Season's end (§7)

def wall_count(t: Table, p: int) -> int:
    return sum(1 for w in t.wall if w == p)


def _attack(t: Table) -> None:
    """§7: reveal the Attack card; defended, or raided with each player's shortfall."""
    parts = t.parts
    aid = t.attack_deck.pop(0)
    t.attacks_seen.append(aid)
    strength = parts.attack(aid).strength[t.n]
    total = sum(1 for w in t.wall if w >= 0)
    raided = total < strength
    log(t, "attack", None, season=t.attack_due, attack=aid, strength=strength, wall=total, raided=raided)
    if not raided:
        _finish_season(t)
        return
    t.shortfall = [max(0, strength - wall_count(t, p)) for p in range(t.n)]
    t.phase, t.cursor = "losses", 0


def _losses(t: Table) -> None:
    """§7: each player in order pays their shortfall: Recruit tokens, then Resources
    (the player picks them, A21), then 2 Gold a point, then VP (below 0 if need be)."""
    acts = t.parts.actions
    while t.cursor < t.n:
        p = t.order[t.cursor]
        s = t.seats[p]
        sf = t.shortfall[p]
        if sf and s.recruits:
            k = min(sf, s.recruits)
            pay(t, p, {"recruits": k})
            sf -= k
            log(t, "loss", p, recruits=k)
        if sf and s.cubes:
            kinds = [r for r in RESOURCES if s.res[R[r]]]
            if s.cubes > sf and len(kinds) > 1:
                t.shortfall[p] = sf
                t.pending.append(decision("lose", p, left=sf))
                return
            lost = {}
            for res in kinds:
                k = min(sf, s.res[R[res]])
                if k:
                    pay(t, p, {res: k})
                    lost[res] = k
                    sf -= k
            log(t, "loss", p, resources=lost)
        if sf and s.gold:
            per = acts["shortfall_gold"]
            points = min(sf, s.gold // per)
            paid = points * per
            sf -= points
            if sf and t.options.odd_gold == "lost":
                paid = s.gold                   # the player exhausts their Gold
            if paid:
                pay(t, p, {"gold": paid})
                log(t, "loss", p, gold=paid, points=points)
        if sf:
            s.vp -= sf
            log(t, "loss", p, vp=sf)
        t.shortfall[p] = 0
        t.cursor += 1
    _finish_season(t)


def rank_shares(counts: list[int], values: tuple[int, ...]) -> list[int]:
    """§7.1: the VP each player scores in one category: ranked by count (at least 1
    to score, A22), tied players pool the values of the ranks they cover and share
    them rounded down; the next player takes the next open rank; ranks past the
    list are worth 0.

    >>> rank_shares([3, 2, 2, 1], (8, 5, 3, 1))   # two tied for 2nd: (5 + 3) // 2 each, 4th gets 1
    [8, 4, 4, 1]
    >>> rank_shares([2, 2, 2, 1], (8, 5, 3, 1))   # three tied for 1st
    [5, 5, 5, 1]
    >>> rank_shares([0, 1], (6, 3))
    [0, 6]
    """
    out = [0] * len(counts)
    ranked = sorted((c for c in set(counts) if c > 0), reverse=True)
    pos = 0
    for c in ranked:
        group = [i for i, x in enumerate(counts) if x == c]
        pool = sum(values[pos:pos + len(group)])
        for i in group:
            out[i] = pool // len(group)
        pos += len(group)
    return out


def category_counts(t: Table, cat: str) -> list[int]:
    if cat == "arts":
        return [s.arts for s in t.seats]
    if cat == "science":
        return [s.science for s in t.seats]
    return [wall_count(t, p) for p in range(t.n)]


def _finish_season(t: Table) -> None:
    """§7.1 scoring, §7.2 preparing the next Season (A23: Season incomes after it),
    or §8 the end of the game."""
    parts = t.parts
    season = t.attack_due
    grant = parts.grant(t.grants[season - 1])
    for cat in CATEGORIES:
        shares = rank_shares(category_counts(t, cat), grant.values(cat))
        for p in range(t.n):
            if shares[p]:
                t.seats[p].vp += shares[p]
        log(t, "scored", None, season=season, category=cat, vp={str(p): v for p, v in enumerate(shares)},
            counts=category_counts(t, cat))
    for p in range(t.n):                        # Gallery, Library, Armory (A23)
        for prm in has_ability(t, p, "season_vp"):
            k = category_counts(t, prm["per"])[p] * prm["vp"]
            if k:
                t.seats[p].vp += k
                log(t, "tile_vp", p, per=prm["per"], vp=k)
    t.attack_due = 0
    t.shortfall = [0] * t.n
    if season >= parts.seasons:                 # §8
        t.phase = "over"
        for p in range(t.n):
            k = end_tile_vp(t, p)
            if k:
                log(t, "end_vp", p, vp=k)
        log(t, "game_over", None)
        return
    # §7.2
    _fill_market(t, parts.grant(t.grants[season]), exact=t.options.marketplace_refill == "exact")
    for i, w in enumerate(t.wall):
        if w >= 0:
            t.seats[w].warriors += 1
            t.wall[i] = -1
    for s in t.seats:
        return_supply(t, "arts", s.arts)
        return_supply(t, "science", s.science)
        s.arts = s.science = 0
    log(t, "season_prepared", None, season=season + 1)
    for p in t.order:                           # House of Arts, Tavern (A23)
        for prm in has_ability(t, p, "season_gain"):
            got = {k: gain(t, p, k, v) for k, v in prm.items()}
            log(t, "season_gain", p, gains={k: v for k, v in got.items() if v})
    _begin_round(t)


def end_tile_vp(t: Table, p: int) -> int:
    """§8: the end-game VP of Architects' Guild (per tile, itself included) and
    Magisters' Court (per Magister card held)."""
    s = t.seats[p]
    total = 0
    for prm in has_ability(t, p, "end_vp"):
        per = len(s.tiles) if prm["per"] == "tiles" else sum(s.cards()[1:])
        total += per * prm["vp"]
    return total


# ================================================================ placements (§4.2, §5)

def slot_cards(t: Table, li: int, slot: int) -> int | None:
    """The cards a slot needs, or None if it cannot be used (covered, §3 step 20;
    an empty Favor slot, A7)."""
    if li == PALACE:
        if slot >= len(t.favor) or t.favor[slot] is None:
            return None
        return t.parts.favor(t.favor[slot]).cards
    slots = t.parts.locations[LOCATIONS[li]].slots
    if slot >= len(slots) or slots[slot].players > t.n:
        return None
    return slots[slot].cards


def payments(hand: list[int], need: int) -> list[tuple[str, ...]]:
    """The ways to pay a slot from `hand` (§4, §5, A15): one card for a 1-card slot;
    a Magister alone, or any two cards, for a 2-card slot."""
    types = [c for c in range(len(CARD_TYPES)) if hand[c]]
    if need == 1:
        return [(CARD_TYPES[c],) for c in types]
    out: list[tuple[str, ...]] = [(CARD_TYPES[c],) for c in types if c != 0]
    for a, b in combinations_with_replacement(types, 2):
        if a != b or hand[a] >= 2:
            out.append((CARD_TYPES[a], CARD_TYPES[b]))
    return out


def bonus_kinds(t: Table, p: int, pay: tuple[str, ...]) -> frozenset[str]:
    """The Magister bonuses a payment gives: a Magister paying alone (A15); with the
    Chapel a Merchant is also a Tax Collector and a Tax Collector also a Merchant (A4)."""
    if len(pay) != 1 or pay[0] == "courtier":
        return frozenset()
    kinds = {pay[0]}
    if kinds & {"merchant", "tax_collector"} and has_ability(t, p, "chapel"):
        kinds |= {"merchant", "tax_collector"}
    return frozenset(kinds)


def toll_due(t: Table, p: int, li: int, kinds: frozenset) -> dict[int, int]:
    """§5.1 (A2): what player p owes each other player's Tax Collector token in the
    building (Gold per token); nothing when paying with a Tax Collector."""
    if "tax_collector" in kinds:
        return {}
    per = t.parts.actions["toll"]
    owed: dict[int, int] = {}
    for owner in t.token[li]:
        if owner >= 0 and owner != p:
            owed[owner] = owed.get(owner, 0) + per
    return owed


def action_of(t: Table, li: int, slot: int):
    """What a slot does: (the action: a location id or ("gain", amounts), whether it
    shows the Merchant symbol, the building it is in)."""
    if li == PALACE:
        f = t.parts.favor(t.favor[slot])
        if f.gain is not None:
            return ("gain", f.gain), f.merchant, "palace"
        return f.action, f.merchant, "palace"
    loc = LOCATIONS[li]
    return loc, t.parts.locations[loc].merchant, loc


def tile_cost(t: Table, name: str) -> Mapping[str, int]:
    """A Building tile's cost this Season (§9: the discounts, never below 0, A20)."""
    return t.parts.tile_costs[(name, t.season)]


def recruit_options(t: Table, p: int, site: str, gold: int | None = None) -> list[tuple[str, str | None]]:
    """§4.2.5: the Magisters player p can recruit now (with `gold` Gold, default all
    they hold): (type, the cube the Inn spares)."""
    s = t.seats[p]
    less_gold = 0 if gold is None else s.gold - gold
    if sum(z[0] for z in s.zones) == 0:          # no Courtier left to replace (A11)
        return []
    inn = has_ability(t, p, "recruit_discount") if site == "guild_hall" else []
    out: list[tuple[str, str | None]] = []
    for i, m in enumerate(MAGISTERS):
        spaces = t.parts.magister_track[m]
        if s.track[i] >= len(spaces) or supply_left(t, m) <= 0:
            continue
        cost = dict(spaces[s.track[i]].cost)
        cubes = [r for r in RESOURCES if cost.get(r)]
        if inn and cubes:
            less = inn[0]["cubes"]
            for r in cubes:
                c2 = dict(cost)
                c2[r] = max(0, c2[r] - less)
                if can_pay(s, c2, less_gold):
                    out.append((m, r))
        elif can_pay(s, cost, less_gold):
            out.append((m, None))
    return out


def recruit_cost(t: Table, p: int, m: str, skip: str | None) -> dict[str, int]:
    s = t.seats[p]
    cost = dict(t.parts.magister_track[m][s.track[MAGISTERS.index(m)]].cost)
    if skip is not None:
        less = has_ability(t, p, "recruit_discount")[0]["cubes"]
        cost[skip] = max(0, cost[skip] - less)
    return {k: v for k, v in cost.items() if v}


def open_wall(t: Table, gate: bool) -> int | None:
    for i, ws in enumerate(t.parts.wall):
        if ws.gate == gate and ws.players <= t.n and t.wall[i] < 0:
            return i
    return None


def trade_bonus(t: Table, p: int, site: str) -> tuple[int, int]:
    """House of Trade in the Marketplace: (Gold more per sale, Gold less per purchase)."""
    if site != "marketplace":
        return 0, 0
    prm = has_ability(t, p, "trade_bonus")
    return (prm[0]["sell"], prm[0]["buy"]) if prm else (0, 0)


def market_trades(t: Table, p: int, gold: int, res: list[int], site: str, buys: int = 0, sales: int = 0,
                  bought: tuple = (), sold: str | None = None) -> list[Action]:
    """§4.2.4 (A16): the purchases and sales player p can make now."""
    acts = t.parts.actions
    _more, less = trade_bonus(t, p, site)
    out = []
    mk = t.parts.marketplace
    if buys < acts["market_buys"]:
        for i, ms in enumerate(mk):
            if t.market[i] and ms.resource != sold and max(0, ms.price - less) <= gold:
                out.append(Action._raw("buy", (i,)))
    if sales < acts["market_sales"]:
        for i, ms in enumerate(mk):
            if not t.market[i] and res[R[ms.resource]] and ms.resource not in bought:
                out.append(Action._raw("sell", (i,)))
    return out


def lab_choices(t: Table, p: int, gold: int, site: str) -> list[str]:
    """The Laboratory's cube (A16: taken first) choices that leave a trade possible;
    all those in the stockpile if a trade is possible anyway."""
    if site != "marketplace":
        return []
    prm = has_ability(t, p, "market_cube")
    if not prm:
        return []
    s = t.seats[p]
    choices = [r for r in prm[0]["choices"] if supply_left(t, r) > 0]
    if market_trades(t, p, gold, s.res, site):
        return choices
    ok = []
    for r in choices:
        res = s.res[:]
        res[R[r]] += 1
        if market_trades(t, p, gold, res, site):
            ok.append(r)
    return ok


def blocker(t: Table, p: int, act, merchant: bool, site: str, gold: int) -> str | None:
    """Why the action `act` cannot be carried out by player p with `gold` Gold (§4.2:
    a figure is never placed without carrying out its action; A26), or None."""
    s = t.seats[p]
    parts = t.parts
    a = parts.actions
    if isinstance(act, tuple):                  # a King's Favor gain
        for k, _v in act[1].items():
            if k == "vp" or supply_left(t, k) > 0:
                return None
        return "favor_empty"
    if act == "repository":
        return None if sum(t.repository) else "repository_empty"
    if act == "barracks":
        return None if supply_left(t, "recruits") > 0 else "barracks_empty"
    if act == "treasury":
        return None if supply_left(t, "gold") > 0 else "treasury_empty"
    if act == "marketplace":
        if market_trades(t, p, gold, s.res, site) or lab_choices(t, p, gold, site):
            return None
        return "no_trade"
    if act == "guild_hall":
        return None if recruit_options(t, p, site, gold) else "no_recruit"
    if act == "royal_guard":
        if not s.warriors:
            return "no_warrior"
        if open_wall(t, True) is None and open_wall(t, False) is None:
            return "wall_full"
        return None if can_pay(s, a["warrior_cost"], s.gold - gold) else "warrior_cost"
    if act == "builders_guild":
        for name, left in t.tiles_left.items():
            if left and name not in s.tiles and can_pay(s, tile_cost(t, name), s.gold - gold):
                return None
        return "no_tile"
    if act == "academy":
        if supply_left(t, "arts") <= 0:
            return "arts_gone"
        return None if can_pay(s, a["arts_cost"], s.gold - gold) else "arts_cost"
    if act == "planetarium":
        if supply_left(t, "science") <= 0:
            return "science_gone"
        return None if can_pay(s, a["science_cost"], s.gold - gold) else "science_cost"
    raise AssertionError(act)  # pragma: no cover


def placements(t: Table, p: int, first: bool = False) -> list[Action]:
    """Every placement player p can make now (§4, §4.2, §5), in a stable order:
    location, slot, payment (with `first`: the first one found, if any)."""
    s = t.seats[p]
    if not s.figures:
        return []
    hand = s.zones[HAND]
    if not any(hand):
        return []
    out = []
    pays = {1: payments(hand, 1), 2: payments(hand, 2)}
    kinds_of = {pay: bonus_kinds(t, p, pay) for pay in pays[1] + pays[2]}
    can: dict = {}   # (action, Merchant yield, building, Gold) -> can it be carried out
    for li in range(len(LOCATIONS)):
        row = t.occ[li]
        tolls = {}
        for slot in range(len(row)):
            need = slot_cards(t, li, slot)
            if need is None:
                continue
            act, sym, site = action_of(t, li, slot)
            for pay in pays[need]:
                kinds = kinds_of[pay]
                if row[slot] and "cleric" not in kinds:
                    continue
                waived = "tax_collector" in kinds
                if waived not in tolls:
                    tolls[waived] = sum(toll_due(t, p, li, kinds).values())
                owed = tolls[waived]
                if owed > s.gold:
                    continue
                key = (act, bool(sym and "merchant" in kinds), site, s.gold - owed)
                if key not in can:
                    can[key] = blocker(t, p, key[0], key[1], site, key[3]) is None
                if can[key]:
                    out.append(Action._raw("place", (LOCATIONS[li], slot, pay)))
                    if first:
                        return out
    return out


# ================================================================ the legal list

def legal(t: Table) -> list[Action]:
    """The actions of the decision on top of the stack, in a stable order."""
    if not t.pending or t.is_view:
        return []
    d = t.pending[-1]
    p = d.player
    s = t.seats[p]
    k = d.kind
    raw = Action._raw
    if k == "turn":
        return placements(t, p) + [raw("pass", ())]
    if k == "scribe":
        return placements(t, p) + [raw("stop", ())]
    if k == "start":
        out = []
        for i, a in enumerate(MAGISTERS):
            for b in MAGISTERS[i + 1:]:
                ca, cb = t.parts.magister_track[a][0].cost, t.parts.magister_track[b][0].cost
                cost = {x: ca.get(x, 0) + cb.get(x, 0) for x in set(ca) | set(cb)}
                if supply_left(t, a) > 0 and supply_left(t, b) > 0 and can_pay(s, cost):
                    out.append(raw("start", ((a, b),)))
        return out
    if k == "split":
        pool = s.cards()
        size = t.parts.start["hand_size"]
        return [raw("split", (h,)) for h in _splits(pool, size)]
    if k == "take":
        return [raw("take", (r,)) for i, r in enumerate(RESOURCES) if t.repository[i]]
    if k == "lab":
        return [raw("lab", (r,)) for r in d.get("choices")]
    if k == "market":
        out = market_trades(t, p, s.gold, s.res, d.get("site"), d.get("buys"), d.get("sales"),
                            d.get("bought"), d.get("sold"))
        if d.get("buys") + d.get("sales"):
            out.append(raw("stop", ()))
        return out
    if k == "recruit":
        return [raw("recruit", (m, skip)) for m, skip in recruit_options(t, p, d.get("site"))]
    if k == "replace":
        return [raw("replace", (z,)) for z, zi in ZONE_INDEX.items() if s.zones[zi][0]]
    if k == "guard":
        out = []
        if d.get("placed") < t.parts.actions["warriors_per_visit"] and s.warriors and \
                can_pay(s, t.parts.actions["warrior_cost"]):
            for gate in (True, False):
                if open_wall(t, gate) is not None:
                    out.append(raw("warrior", (gate,)))
        if d.get("placed"):
            out.append(raw("stop", ()))
        return out
    if k == "tile":
        return [raw("tile", (name,)) for name, left in t.tiles_left.items()
                if left and name not in s.tiles and can_pay(s, tile_cost(t, name))]
    if k == "more":
        what = d.get("what")
        out = []
        if supply_left(t, what) > 0 and can_pay(s, t.parts.actions[f"{what}_cost"]):
            out.append(raw("more", ()))
        return out + [raw("stop", ())]
    if k == "lose":
        return [raw("lose", (r,)) for i, r in enumerate(RESOURCES) if s.res[i]]
    raise AssertionError(k)  # pragma: no cover


def _splits(pool: list[int], size: int) -> list[tuple[int, ...]]:
    """Every hand of `size` cards from `pool` (counts per type), Courtiers first."""
    out: list[tuple[int, ...]] = []

    def rec(i: int, left: int, acc: list[int]) -> None:
        if i == len(pool) - 1:
            if left <= pool[i]:
                out.append(tuple(acc + [left]))
            return
        for k in range(min(pool[i], left), -1, -1):
            rec(i + 1, left - k, acc + [k])

    rec(0, size, [])
    return out


# ================================================================ resolving an action

def resolve(t: Table, a: Action) -> None:
    """Play a legal action `a` of the decision on top of the stack."""
    d = t.pending.pop()
    p = d.player
    s = t.seats[p]
    k = a.kind
    args = a._args
    if d.kind == "turn":
        t.turn = (t.order.index(p) + 1) % t.n
        if k == "pass":
            s.passed = True
            s.announced = sum(s.zones[HAND])
            log(t, "passed", p, unused=s.announced)
            return
        _place(t, p, args[0], args[1], args[2], chained=False)
        return
    if d.kind == "scribe":
        if k == "stop":
            return
        _place(t, p, args[0], args[1], args[2], chained=True)
        return
    if k == "start":
        _start_magisters(t, p, args[0])
    elif k == "split":
        hand = list(args[0])
        pool = s.cards()
        s.zones = [hand, [0] * len(CARD_TYPES), [a_ - b for a_, b in zip(pool, hand)], [0] * len(CARD_TYPES)]
        log(t, "split", p, hand=list(hand))
    elif k == "take":
        res = args[0]
        t.repository[R[res]] -= 1
        s.res[R[res]] += 1
        log(t, "took", p, resource=res, where="repository")
        left = d.get("left") - 1
        if left and sum(t.repository):
            t.pending.append(d.with_(left=left))
    elif k == "lab":
        res = args[0]
        got = gain(t, p, res, 1)
        log(t, "lab", p, resource=res, got=got)
    elif k == "buy":
        i = args[0]
        ms = t.parts.marketplace[i]
        _, less = trade_bonus(t, p, d.get("site"))
        price = max(0, ms.price - less)
        t.market[i] = False
        s.res[R[ms.resource]] += 1
        pay(t, p, {"gold": price})
        log(t, "bought", p, resource=ms.resource, gold=price, slot=i)
        t.pending.append(d.with_(buys=d.get("buys") + 1, bought=tuple(d.get("bought")) + (ms.resource,)))
    elif k == "sell":
        i = args[0]
        ms = t.parts.marketplace[i]
        more, _ = trade_bonus(t, p, d.get("site"))
        t.market[i] = True
        s.res[R[ms.resource]] -= 1
        got = gain(t, p, "gold", ms.price + more)
        log(t, "sold", p, resource=ms.resource, gold=got, slot=i)
        t.pending.append(d.with_(sales=d.get("sales") + 1, sold=ms.resource))
    elif k == "recruit":
        m, skip = args
        cost = recruit_cost(t, p, m, skip)
        pay(t, p, cost)
        take_supply(t, m, 1)
        i = MAGISTERS.index(m)
        space = t.parts.magister_track[m][s.track[i]]
        s.track[i] += 1
        s.vp += space.vp
        log(t, "recruited", p, magister=m, cost=cost, vp=space.vp, space=s.track[i], skip=skip)
        t.pending.append(decision("replace", p, magister=m))
    elif k == "replace":
        zi = ZONE_INDEX[args[0]]
        m = d.get("magister")
        s.zones[zi][0] -= 1
        s.zones[zi][CT[m]] += 1
        log(t, "replaced", p, magister=m, zone=args[0])
    elif k == "warrior":
        gate = args[0]
        i = open_wall(t, gate)
        assert i is not None
        pay(t, p, t.parts.actions["warrior_cost"])
        t.wall[i] = p
        s.warriors -= 1
        vp = t.parts.actions["gate_vp"] if gate else 0
        s.vp += vp
        log(t, "warrior", p, gate=gate, vp=vp)
        t.pending.append(d.with_(placed=d.get("placed") + 1))
    elif k == "tile":
        _acquire_tile(t, p, args[0])
    elif k == "more":
        _buy_card(t, p, d.get("what"))
    elif k == "lose":
        res = args[0]
        pay(t, p, {res: 1})
        t.shortfall[p] -= 1
        log(t, "loss", p, resources={res: 1})
    elif k == "stop":
        pass
    else:  # pragma: no cover
        raise AssertionError(a)


def _start_magisters(t: Table, p: int, pair: tuple[str, str]) -> None:
    """§3 step 17 (A12): pay each first square, advance the Markers, score their VP;
    the two cards join the 8 Courtiers."""
    s = t.seats[p]
    for m in pair:
        space = t.parts.magister_track[m][0]
        pay(t, p, space.cost)
        take_supply(t, m, 1)
        s.track[MAGISTERS.index(m)] = 1
        s.vp += space.vp
        s.zones[SPENT][CT[m]] += 1
    log(t, "started", p, magisters=list(pair))


def _place(t: Table, p: int, loc: str, slot: int, pay_: tuple[str, ...], chained: bool) -> None:
    """§4: play the card(s), place the Wooden Figure, resolve the action at once (§4.2)."""
    s = t.seats[p]
    li = LOC[loc]
    for c in pay_:
        s.zones[HAND][CT[c]] -= 1
        s.zones[PLAYED][CT[c]] += 1
    s.figures -= 1
    kinds = bonus_kinds(t, p, pay_)
    owed = toll_due(t, p, li, kinds)
    for owner, g in owed.items():               # §5.1: the toll, before the action (A2)
        s.gold -= g
        t.seats[owner].gold += g
        log(t, "toll", p, owner=owner, gold=g, location=loc)
    stacked = bool(t.occ[li][slot])
    token = False
    if "tax_collector" in kinds and not t.occ[li][slot] and take_supply(t, "tokens", 1):
        t.token[li][slot] = p                   # §5.1: the token first, the figure on top
        token = True
    t.occ[li][slot] = t.occ[li][slot] + (p,)
    favor = t.favor[slot] if li == PALACE else None
    log(t, "placed", p, location=loc, slot=slot, pay=list(pay_), favor=favor, stacked=stacked, token=token,
        bonus=sorted(kinds))
    if "scribe" in kinds and not chained:       # §5.3 (A1): after this action, one more
        t.pending.append(decision("scribe", p))
    act, sym, site = action_of(t, li, slot)
    _carry_out(t, p, act, sym and "merchant" in kinds, site)


def _carry_out(t: Table, p: int, act, merchant: bool, site: str) -> None:
    a = t.parts.actions
    s = t.seats[p]
    if isinstance(act, tuple):                  # a King's Favor gain
        got = {k: gain(t, p, k, v) for k, v in act[1].items()}
        log(t, "gained", p, gains={k: v for k, v in got.items() if v}, where="palace")
    elif act == "repository":                   # §4.2.1, §5.4
        want = a["repository"] + (a["repository_merchant"] if merchant else 0)
        t.pending.append(decision("take", p, left=min(want, sum(t.repository))))
    elif act == "barracks":                     # §4.2.2, §5.4, Weaponsmith
        want = a["barracks"] + (a["barracks_merchant"] if merchant else 0)
        if site == "barracks":
            want += sum(prm["recruits"] for prm in has_ability(t, p, "barracks_bonus"))
        log(t, "gained", p, gains={"recruits": gain(t, p, "recruits", want)}, where=site)
    elif act == "treasury":                     # §4.2.3, §5.4
        want = a["treasury"] + (a["treasury_merchant"] if merchant else 0)
        log(t, "gained", p, gains={"gold": gain(t, p, "gold", want)}, where=site)
    elif act == "marketplace":                  # §4.2.4, Laboratory first (A16)
        t.pending.append(decision("market", p, site=site, buys=0, sales=0, bought=(), sold=None))
        choices = lab_choices(t, p, s.gold, site)
        if choices:
            t.pending.append(decision("lab", p, choices=tuple(choices)))
    elif act == "guild_hall":                   # §4.2.5
        t.pending.append(decision("recruit", p, site=site))
    elif act == "royal_guard":                  # §4.2.6
        t.pending.append(decision("guard", p, placed=0))
    elif act == "builders_guild":               # §4.2.7
        t.pending.append(decision("tile", p))
    elif act in ("academy", "planetarium"):     # §4.2.8, §4.2.9: the first card, then maybe a second
        what = "arts" if act == "academy" else "science"
        _buy_card(t, p, what)
        if a["cards_per_visit"] > 1:
            t.pending.append(decision("more", p, what=what))
    else:  # pragma: no cover
        raise AssertionError(act)


def _buy_card(t: Table, p: int, what: str) -> None:
    s = t.seats[p]
    cost = t.parts.actions[f"{what}_cost"]
    pay(t, p, cost)
    take_supply(t, what, 1)
    if what == "arts":
        s.arts += 1
    else:
        s.science += 1
    log(t, "card", p, what=what, cost=dict(cost))


def _acquire_tile(t: Table, p: int, name: str) -> None:
    """§4.2.7: pay, take the tile, score its VP; its ability works at once (Craftsman
    pays for its own acquisition, A20)."""
    s = t.seats[p]
    cost = tile_cost(t, name)
    pay(t, p, cost)
    t.tiles_left[name] -= 1
    s.tiles = s.tiles + (name,)
    tile = t.parts.tile(name)
    s.vp += tile.vp
    log(t, "tile", p, name=name, cost=cost, vp=tile.vp)
    for prm in has_ability(t, p, "tile_gold"):
        got = gain(t, p, "gold", prm["gold"])
        log(t, "gained", p, gains={"gold": got}, where="craftsman")


# ================================================================ why an action is refused

def why_illegal(t: Table, a) -> tuple[str, dict]:
    """The rule that refuses `a` here, as (reason code, figures) for the explainer."""
    if t.phase == "over" or not t.pending:
        return "over", {}
    if t.is_view:
        return "view", {}
    d = t.pending[-1]
    p = d.player
    if not isinstance(a, Action):
        return "not_action", {"got": type(a).__name__}
    expected = {"turn": ("place", "pass"), "scribe": ("place", "stop"), "start": ("start",), "split": ("split",),
                "take": ("take",), "lab": ("lab",), "market": ("buy", "sell", "stop"), "recruit": ("recruit",),
                "replace": ("replace",), "guard": ("warrior", "stop"), "tile": ("tile",), "more": ("more", "stop"),
                "lose": ("lose",)}[d.kind]
    if a.kind not in expected:
        return "wrong_decision", {"decision": d.kind, "player": p}
    s = t.seats[p]
    if a.kind == "place":
        loc, slot, pay_ = a._args
        li = LOC[loc]
        if slot >= len(t.occ[li]):
            return "no_slot", {"location": loc, "slot": slot}
        need = slot_cards(t, li, slot)
        if need is None:
            return ("no_favor" if li == PALACE else "covered"), {"location": loc, "slot": slot}
        if not s.figures:
            return "no_figure", {}
        if len(pay_) != need and not (need == 2 and len(pay_) == 1 and pay_[0] != "courtier"):
            return "pay_count", {"location": loc, "need": need, "pay": list(pay_)}
        hand = s.zones[HAND]
        for c in set(pay_):
            if hand[CT[c]] < pay_.count(c):
                return "no_card", {"card": c}
        kinds = bonus_kinds(t, p, pay_)
        if t.occ[li][slot] and "cleric" not in kinds:
            return "occupied", {"location": loc}
        owed = sum(toll_due(t, p, li, kinds).values())
        if owed > s.gold:
            return "toll", {"location": loc, "gold": owed}
        act, sym, site = action_of(t, li, slot)
        why = blocker(t, p, act, sym and "merchant" in kinds, site, s.gold - owed)
        if why:
            return why, {"location": loc}
    if a.kind == "split":
        pool = s.cards()
        if sum(a.hand) != t.parts.start["hand_size"]:
            return "split_size", {"size": t.parts.start["hand_size"]}
        return "split_cards", {"pool": pool}
    if a.kind == "recruit":
        return "recruit", {"magister": a.magister}
    if a.kind == "tile":
        if a.name in t.seats[p].tiles:
            return "tile_twice", {"name": a.name}
        if not t.tiles_left.get(a.name):
            return "tile_gone", {"name": a.name}
        return "tile_cost", {"name": a.name}
    if a.kind == "stop" and d.kind in ("market", "guard"):
        return "stop_early", {"decision": d.kind}
    return "not_listed", {"decision": d.kind}


# ================================================================ what an action gives (for its label)

def preview(t: Table, a: Action) -> dict:
    """What a legal action gives and costs its player at once, from the same rules
    that apply it (a copy of the table plays it): {"paid": {...}, "gained": {...},
    "then": the decisions it opens (kinds), "scribe": whether a Scribe's extra
    action follows, "toll": {owner: Gold}, "token", "stacked"}."""
    if not t.pending:
        return {"paid": {}, "gained": {}, "then": [], "scribe": False, "toll": {}}
    p = t.pending[-1].player
    before = t.seats[p]
    t2 = t.copy()
    t2.events = []
    depth = len(t2.pending)
    resolve(t2, a)
    after = t2.seats[p]
    paid: dict[str, int] = {}
    gained: dict[str, int] = {}
    pairs = [("gold", before.gold, after.gold), ("recruits", before.recruits, after.recruits),
             ("vp", before.vp, after.vp), ("arts", before.arts, after.arts),
             ("science", before.science, after.science)]
    pairs += [(r, before.res[i], after.res[i]) for i, r in enumerate(RESOURCES)]
    for key, b, c in pairs:
        if c > b:
            gained[key] = c - b
        elif c < b:
            paid[key] = b - c
    opened = [dd.kind for dd in t2.pending[depth - 1:]]
    toll = {e.data["owner"]: e.data["gold"] for e in t2.events if e.kind == "toll"}
    placed = [e.data for e in t2.events if e.kind == "placed"]
    info = placed[0] if placed else {}
    more = [dict(dd.data) for dd in t2.pending[depth - 1:] if dd.kind != "scribe"]
    return {"paid": paid, "gained": gained, "then": [k for k in opened if k != "scribe"], "then_data": more,
            "scribe": "scribe" in opened and a.kind == "place", "toll": toll,
            "token": info.get("token", False), "stacked": info.get("stacked", False)}
