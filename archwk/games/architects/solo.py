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
`archwk.games.architects.scoring.byzantine_score`.

How its turn is played: `start_turn` reveals the Scheme card and pushes a
placement decision of the opponent's seat (the same "place" decision a player
answers) whose one legal action is the location the card names: for the Black
Market its left-most free space; if that location is closed to the opponent,
the Quarry. `engine.advance` answers the opponent's decisions itself, one at a
time and through the same gate as `apply` (the choice, `choose` below, must be
among the decision's legal actions, and it resolves through that decision
kind's own `resolve`), so `current_player` is never the opponent at a decision a caller
answers, and its choices are not recorded in the history. What a location does
for the opponent is that location's `OPPONENT` rule in its own module
(`OPPONENT_PLACES` below lists them), sharing the players' helpers: the Prison
sale (guardhouse.imprison_captured), the Cathedral advance (the Guildhall's
Cathedral decision, guildhall.finish_cathedral), the Black Market space
(black_market.occupy, space_goods), the Town Centre capture (core.capture).

STAND-IN NOTICE: the printed Scheme cards are in none of archwk's sources. The
deck in data/schemes.toml is archwk's stand-in (one location per card); how a
location plays for the opponent below, and Future cards joining the discards
one per Black Market reset, are archwk's rules too. Load a transcription of the
printed deck with `load_scheme_file` and pass it as `Options(schemes=...)`.
"""
from __future__ import annotations

from ...kit import rng
from .actions import Action
from .constants import BLACK_MARKET_SPACES, OPEN_LOCATIONS
from .core import add_workers, open_decision, own_at, record_event, writable_player
from .decisions import LocationRule, SchemeCard, no_blocker
from .locations import black_market, guardhouse, guildhall, tax_stand, town_centre
from .schemes import (  # noqa: F401
    SCHEME_COUNTS,
    SCHEME_LOCATIONS,
    STAND_IN_NOTICE,
    STAND_IN_SCHEMES,
    check_schemes,
    load_scheme_file,
    scheme_location,
    schemes_of,
)
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
    deck, t.rng = rng.shuffled([e[0] for e in schemes_of(t.options) if e[1] == "starting"], t.rng)
    future, t.rng = rng.shuffled([e[0] for e in schemes_of(t.options) if e[1] == "future"], t.rng)
    t.scheme_piles = SchemePiles(deck=tuple(deck), discard=(), future=tuple(future))


def on_reset(t) -> None:
    """Stand-in: at each Black Market reset one Future Scheme joins the discards."""
    piles = t.scheme_piles
    future = piles.future
    if future:
        t.scheme_piles = piles._replace(future=future[1:], discard=piles.discard + future[:1])
        record_event(t, "scheme_future", None, card=future[0])


# --------------------------------------------------------------------------- the opponent's turn

def start_turn(t, p: int) -> None:
    """The opponent's turn: with no workers on its board it regroups and draws
    no card; else it reveals the top Scheme card (an empty pile is refilled by
    shuffling the discards) and faces a placement decision that the card
    answers (RB, Solo Play)."""
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
    t.scheme_piles = t.scheme_piles._replace(deck=tuple(deck), discard=discard + (card,))
    loc = scheme_location(t.options, card)
    record_event(t, "scheme", p, card=card, location=loc)
    open_decision(t, "place", p, SchemeCard(card))


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


# ---- where a location plays differently for the opponent: each location's own module

#: the gathering locations, the King's Storehouse and the Workshop: its worker
#: stands there (and may be captured); it collects nothing
STANDS_THERE = LocationRule("stands_there", blocker=no_blocker, place=lambda t, p: None)

#: how each location plays for the opponent: (why it may not place there now, what placing does
#: after its worker is on the space). The one registry; the rules live in the location modules.
OPPONENT_PLACES: dict[str, LocationRule] = {
    **{loc: STANDS_THERE for loc in ("quarry", "forest", "mines", "silversmith", "storehouse", "workshop")},
    "town_centre": town_centre.OPPONENT,
    "tax_stand": tax_stand.OPPONENT,
    "guardhouse": guardhouse.OPPONENT,
    "guildhall": guildhall.OPPONENT,
    **black_market.OPPONENT,
}

#: archwk's rule when the location a Scheme names is closed to the opponent
FALLBACK_LOCATION = "quarry"


def scheme_placements(s, dec) -> list[Action]:
    """The legal actions of the opponent's placement decision: the location its
    Scheme card names (for the Black Market, the left-most free space), if the
    opponent may place there by that location's rules; else the Quarry."""
    p, card = dec.player, dec.data.card
    loc = scheme_location(s.options, card)
    spaces = BLACK_MARKET_SPACES if loc == "black_market" else (loc,)
    for space in spaces:
        if OPPONENT_PLACES[space].blocker(s, p) is None:
            return [Action("place", space)]
    return [Action("place", FALLBACK_LOCATION)]


def choose(s, dec, legal: list[Action]) -> Action:
    """The opponent's choice at one of its decisions (`engine.advance` checks it
    is legal and resolves it). It has no free choices: its Scheme card fixed
    where its worker goes, and the rules of that location leave one action (the
    Cathedral at the Guildhall), so it takes the first."""
    return legal[0]
