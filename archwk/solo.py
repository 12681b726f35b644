"""Solo play against the Byzantine opponent (RB, Solo Play), and the
"2P vs Bot" variant.

The opponent (Constantine = standard, Helena = hard) takes its turn by
revealing the top Scheme card, which places one of its workers at a location.
It does not collect or use Silver, resources, apprentices or buildings; it
needs no goods or cards for the Cathedral and may always advance it or visit
the Black Market whatever its Virtue; it keeps Marble (for scoring only); it
captures and sells workers (1 Marble for the lot) but never its own; it
receives and destroys Debts. An empty Scheme pile is refilled by shuffling the
discards. If it starts a turn with no workers it draws no card: all its workers
except those in the Guildhall and the Black Market come back, and the Schemes
are reshuffled. Its score (Cathedral, Virtue, 1 per Marble, 1 (Constantine) or 3 (Helena) per
worker in the Guildhall, -2 per unpaid Debt, -1 per 2 prisoners) is
`archwk.scoring.byzantine_score`.

STAND-IN NOTICE: the printed Scheme cards are in none of archwk's sources. The
deck in data/schemes.toml is archwk's stand-in (one location per card); how a
location plays for the opponent below, and Future cards joining the discards
one per Black Market reset, are archwk's rules too. Load a transcription of the
printed deck with `load_scheme_file` and pass it as `Options(schemes=...)`.
"""
from __future__ import annotations

from . import cards, rng
from .constants import BLACK_MARKET_SPACES, OPEN_LOCATIONS
from .core import (REWARD, add_workers, capture, cathedral_space_free, change_virtue, own_at, record_event,
                   writable_player)
from .locations.black_market import large_goods, occupy, small_goods
from .locations.guildhall import enter
from .schemes import (SCHEME_COUNTS, SCHEME_LOCATIONS, STAND_IN_NOTICE, STAND_IN_SCHEMES,  # noqa: F401
                      check_schemes, load_scheme_file, scheme_location, schemes_of)
from .state import SchemePiles

# --------------------------------------------------------------------------- setup

def solo_seats(names: list[str], options) -> tuple[list[str], list[bool]]:
    opponent = (options.solo_opponent or "constantine").capitalize()
    seat = opponent if opponent not in names else f"{opponent} (bot)"
    return names + [seat], [False] * len(names) + [True]


def solo_setup(t) -> None:
    """The opponent: its board, 20 workers, Virtue 7, no Silver or cards; the
    20 Starting Schemes shuffled, the 10 Future ones set aside."""
    for p, pl in enumerate(t.players):
        if pl.is_byzantine:
            writable_player(t, p).character = (t.options.solo_opponent or "constantine").capitalize()
    deck = [e[0] for e in schemes_of(t.options) if e[1] == "starting"]
    future = [e[0] for e in schemes_of(t.options) if e[1] == "future"]
    deck, t.rng = rng.shuffled(deck, t.rng)
    future, t.rng = rng.shuffled(future, t.rng)
    t.scheme_piles = SchemePiles(deck=tuple(deck), discard=(), future=tuple(future))


def on_reset(t) -> None:
    """Stand-in: at each Black Market reset one Future Scheme joins the discards."""
    piles = t.scheme_piles
    future = piles.future
    if future:
        t.scheme_piles = piles._replace(future=future[1:], discard=piles.discard + future[:1])
        record_event(t, "scheme_future", None, card=future[0])


# --------------------------------------------------------------------------- the opponent's turn

def bot_turn(t, p: int) -> None:
    record_event(t, "turn", p, turn=t.turn_no, final=t.final_turns is not None)
    if t.players[p].workers_in_supply == 0:
        _regroup(t, p)
        return
    deck, discard = t.scheme_piles.deck, t.scheme_piles.discard
    if not deck:
        deck, t.rng = rng.shuffled(discard, t.rng)
        discard = ()
        record_event(t, "scheme_reshuffled", p)
    card, deck = deck[0], deck[1:]
    t.scheme_piles = t.scheme_piles._replace(deck=deck, discard=discard + (card,))
    loc = scheme_location(t.options, card)
    record_event(t, "scheme", p, card=card, location=loc, text=f"a worker to the {loc.replace('_', ' ')}")
    SCHEME_ACTIONS.get(loc, _plain)(t, p, loc)


def _regroup(t, p: int) -> None:
    n = 0
    for loc in OPEN_LOCATIONS:
        c = own_at(t, loc, p)
        if c:
            add_workers(t, loc, p, -c)
            n += c
    pl = writable_player(t, p)
    n += pl.in_prison
    pl.in_prison = 0
    for o, q in enumerate(t.players):
        if o != p and q.captured[p]:
            qq = writable_player(t, o)
            cap = list(qq.captured)
            n += cap[p]
            cap[p] = 0
            qq.captured = tuple(cap)
    pl.workers_in_supply += n
    deck = t.scheme_piles.deck + t.scheme_piles.discard
    deck, t.rng = rng.shuffled(deck, t.rng)
    t.scheme_piles = t.scheme_piles._replace(deck=tuple(deck), discard=())
    record_event(t, "bot_regrouped", p, count=n)


def _put(t, p: int, loc: str) -> None:
    writable_player(t, p).workers_in_supply -= 1
    add_workers(t, loc, p, 1)
    record_event(t, "placed", p, location=loc)


def _plain(t, p, loc):
    """Gathering locations, the Storehouse and the Workshop: the worker stands
    there (and may be captured); the opponent collects nothing."""
    _put(t, p, loc)


def _town_centre(t, p, loc):
    """Captures the largest group of another player's workers on a large open
    location (ties: board order, then seat order)."""
    _put(t, p, loc)
    best = None
    for where in OPEN_LOCATIONS:
        for o, c in enumerate(t.board[OPEN_LOCATIONS.index(where)]):
            if o != p and c and (best is None or c > best[0]):
                best = (c, where, o)
    if best:
        capture(t, p, best[1], best[2], cause="a Scheme card")


def _guardhouse(t, p, loc):
    """Sells its captured workers: all to Prison, 1 Marble for the lot."""
    _put(t, p, loc)
    pl = writable_player(t, p)
    n = sum(pl.captured)
    if n:
        for o, c in enumerate(pl.captured):
            if c:
                writable_player(t, o).in_prison += c
        pl.captured = (0,) * len(t.players)
        pl.marble += 1
        record_event(t, "sent_to_prison", p, count=n, cause="a Scheme card")
        record_event(t, "gained", p, items={"marble": 1}, cause="selling captured workers")


def _tax_stand(t, p, loc):
    """Empties the Tax Stand into the supply and loses 2 Virtue."""
    _put(t, p, loc)
    if t.tax:
        record_event(t, "tax_returned", p, silver=t.tax)
        t.tax = 0
    change_virtue(t, p, -2, cause="a Scheme card at the Tax Stand")


def _black_market(t, p, loc):
    """Takes the left-most free space (whatever its Virtue), loses 1 Virtue and
    keeps the Marble among that space's goods."""
    free = [i for i, o in enumerate(t.black_market) if o < 0]
    if not free:  # cannot happen at the start of a turn (a full market resets at once)
        _plain(t, p, "quarry")
        return
    i = free[0]
    writable_player(t, p).workers_in_supply -= 1
    record_event(t, "placed", p, location=BLACK_MARKET_SPACES[i])
    marble = (small_goods(t) if i == 0 else large_goods(t) if i == 2 else {}).get("marble", 0)
    occupy(t, p, i)
    change_virtue(t, p, -1, cause="a Black Market action")
    if marble:
        writable_player(t, p).marble += marble
        record_event(t, "gained", p, items={"marble": marble}, cause="the Black Market")


def _guildhall(t, p, loc):
    """A worker on the next Guildhall space (with its trigger); then the
    Cathedral advances a level if that level has a free space (no goods or card
    needed; of the reward only Virtue and Marble count)."""
    writable_player(t, p).workers_in_supply -= 1
    record_event(t, "placed", p, location="guildhall")
    enter(t, p)
    pl = writable_player(t, p)
    if pl.cathedral_level < len(cards.CATHEDRAL) and cathedral_space_free(t, pl.cathedral_level + 1):
        pl.cathedral_level += 1
        record_event(t, "cathedral", p, level=pl.cathedral_level)
        if t.rewards:
            card, t.rewards = t.rewards[0], t.rewards[1:]
            got = REWARD[card].gain
            record_event(t, "reward", p, card=card)
            if got.get("marble"):
                pl.marble += got["marble"]
            change_virtue(t, p, got.get("virtue", 0), cause="a reward card")
        else:
            change_virtue(t, p, 1, cause="the Cathedral (no reward card left)")


SCHEME_ACTIONS = {"town_centre": _town_centre, "guardhouse": _guardhouse, "tax_stand": _tax_stand,
                  "black_market": _black_market, "guildhall": _guildhall}
