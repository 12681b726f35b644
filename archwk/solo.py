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
are reshuffled. Score: Cathedral, Virtue, 1 per Marble, 1 (Constantine) or 3
(Helena) per worker in the Guildhall, -2 per unpaid Debt, -1 per 2 prisoners.

How its turn is played: `start_turn` reveals the Scheme card and pushes a
placement decision of the opponent's seat (the same "place" decision a player
answers) whose one legal action is the location the card names: for the Black
Market its left-most free space; if that location is closed to the opponent,
the Quarry. `engine.advance` answers the opponent's decisions itself, one at a
time and through the same gate as `apply` (`answer`: the choice must be among
the decision's legal actions, and it resolves through that decision kind's own
`resolve`), so `current_player` is never the opponent at a decision a caller
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

import tomllib
from pathlib import Path

from . import cards, rng
from .core import FRAMES, P, PlaceRule, add_workers, get_extra, own_at, push, say, set_extra
from .locations import black_market, guardhouse, guildhall, tax_stand, town_centre
from .model import BLACK_MARKET_SPACES, OPEN_LOCATIONS, Action, IllegalAction

STAND_IN_NOTICE = ("Solo play uses archwk's stand-in Scheme deck: the printed Scheme cards are not in "
                   "archwk's sources. Load your own transcription with archwk.solo.load_scheme_file.")
SCHEME_LOCATIONS = OPEN_LOCATIONS + ("black_market", "guildhall")
GUILDHALL_VP = {"Constantine": 1, "Helena": 3}
SCHEME_COUNTS = {"starting": 20, "future": 10}


# --------------------------------------------------------------------------- the Scheme deck

def check_schemes(schemes, where: str = "schemes") -> tuple:
    """Validate ((id, kind, location), ...): 20 Starting + 10 Future cards."""
    if isinstance(schemes, (str, bytes)) or not hasattr(schemes, "__iter__"):
        raise ValueError(f"{where}: expected a list of (id, kind, location) entries")
    out, ids = [], set()
    for i, e in enumerate(schemes):
        if not isinstance(e, (tuple, list)) or len(e) != 3:
            raise ValueError(f"{where}[{i}]: expected (id, kind, location)")
        cid, kind, loc = e
        if not isinstance(cid, int) or isinstance(cid, bool) or cid < 1:
            raise ValueError(f"{where}[{i}]: field 'id' must be a positive whole number, got {cid!r}")
        if cid in ids:
            raise ValueError(f"{where}[{i}]: scheme id {cid} appears twice")
        if kind not in SCHEME_COUNTS:
            raise ValueError(f"{where}[{i}] (scheme {cid}): field 'kind' must be 'starting' or 'future', got {kind!r}")
        if loc not in SCHEME_LOCATIONS:
            raise ValueError(f"{where}[{i}] (scheme {cid}): field 'location' must be one of "
                             f"{', '.join(SCHEME_LOCATIONS)}; got {loc!r}")
        ids.add(cid)
        out.append((cid, kind, loc))
    for kind, n in SCHEME_COUNTS.items():
        got = sum(1 for e in out if e[1] == kind)
        if got != n:
            raise ValueError(f"{where}: the Scheme deck has {n} {kind.capitalize()} cards (RB, Solo Play); got {got}")
    return tuple(sorted(out))


def load_scheme_file(path) -> tuple:
    """Read a Scheme deck from a TOML file ([[scheme]] tables with id, kind,
    location) and validate it; errors name the file, the card and the field."""
    path = Path(path)
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise ValueError(f"{path.name}: cannot read ({e.strerror})") from None
    except tomllib.TOMLDecodeError as e:
        raise ValueError(f"{path.name}: not valid TOML ({e})") from None
    rows = raw.get("scheme")
    if not isinstance(rows, list):
        raise ValueError(f"{path.name}: expected [[scheme]] tables")
    entries = []
    for i, row in enumerate(rows):
        if not isinstance(row, dict) or set(row) != {"id", "kind", "location"}:
            raise ValueError(f"{path.name}: scheme #{i + 1}: fields must be exactly id, kind, location")
        entries.append((row["id"], row["kind"], row["location"]))
    return check_schemes(entries, path.name)


STAND_IN_SCHEMES = load_scheme_file(cards.DATA_DIR / "schemes.toml")


def schemes_of(options) -> tuple:
    return options.schemes if options.schemes is not None else STAND_IN_SCHEMES


def scheme_location(options, cid: int) -> str:
    for e in schemes_of(options):
        if e[0] == cid:
            return e[2]
    raise ValueError(f"unknown scheme card {cid}")


# --------------------------------------------------------------------------- setup

def solo_seats(names: list[str], options) -> tuple[list[str], list[bool]]:
    opponent = (options.solo_opponent or "constantine").capitalize()
    seat = opponent if opponent not in names else f"{opponent} (bot)"
    return names + [seat], [False] * len(names) + [True]


def solo_setup(t) -> None:
    """The opponent: its board, 20 workers, Virtue 7, no Silver or cards; the
    20 Starting Schemes shuffled, the 10 Future ones set aside."""
    for p, pl in enumerate(t.players):
        if pl.is_bot:
            P(t, p).character = (t.options.solo_opponent or "constantine").capitalize()
    deck = [e[0] for e in schemes_of(t.options) if e[1] == "starting"]
    future = [e[0] for e in schemes_of(t.options) if e[1] == "future"]
    deck, t.rng = rng.shuffled(deck, t.rng)
    future, t.rng = rng.shuffled(future, t.rng)
    t.extra = set_extra(t.extra, "scheme_deck", deck)
    t.extra = set_extra(t.extra, "scheme_discard", ())
    t.extra = set_extra(t.extra, "scheme_future", future)


def on_reset(t) -> None:
    """Stand-in: at each Black Market reset one Future Scheme joins the discards."""
    future = get_extra(t.extra, "scheme_future")
    if future:
        t.extra = set_extra(t.extra, "scheme_future", future[1:])
        t.extra = set_extra(t.extra, "scheme_discard", get_extra(t.extra, "scheme_discard") + future[:1])
        say(t, "scheme_future", None, card=future[0])


# --------------------------------------------------------------------------- the opponent's turn

def start_turn(t, p: int) -> None:
    """The opponent's turn: with no workers on its board it regroups and draws
    no card; else it reveals the top Scheme card (an empty pile is refilled by
    shuffling the discards) and faces a placement decision that the card
    answers (RB, Solo Play)."""
    say(t, "turn", p, turn=t.turn_no, final=t.final_turns is not None)
    if t.players[p].workers_in_supply == 0:
        _regroup(t, p)
        return
    deck = get_extra(t.extra, "scheme_deck")
    discard = get_extra(t.extra, "scheme_discard")
    if not deck:
        deck, t.rng = rng.shuffled(discard, t.rng)
        discard = ()
        say(t, "scheme_reshuffled", p)
    card, deck = deck[0], deck[1:]
    t.extra = set_extra(t.extra, "scheme_deck", deck)
    t.extra = set_extra(t.extra, "scheme_discard", discard + (card,))
    loc = scheme_location(t.options, card)
    say(t, "scheme", p, card=card, location=loc, text=f"a worker to the {loc.replace('_', ' ')}")
    push(t, "place", p, (card,))


def _regroup(t, p: int) -> None:
    n = 0
    for loc in OPEN_LOCATIONS:
        c = own_at(t, loc, p)
        if c:
            add_workers(t, loc, p, -c)
            n += c
    pl = P(t, p)
    n += pl.in_prison
    pl.in_prison = 0
    for o, q in enumerate(t.players):
        if o != p and q.captured[p]:
            qq = P(t, o)
            cap = list(qq.captured)
            n += cap[p]
            cap[p] = 0
            qq.captured = tuple(cap)
    pl.workers_in_supply += n
    deck = get_extra(t.extra, "scheme_deck") + get_extra(t.extra, "scheme_discard")
    deck, t.rng = rng.shuffled(deck, t.rng)
    t.extra = set_extra(t.extra, "scheme_deck", deck)
    t.extra = set_extra(t.extra, "scheme_discard", ())
    say(t, "bot_regrouped", p, count=n)


# ---- where a location plays differently for the opponent: each location's own module

#: the gathering locations, the King's Storehouse and the Workshop: its worker
#: stands there (and may be captured); it collects nothing
STANDS_THERE = PlaceRule(blocker=lambda s, p: None, place=lambda t, p: None)

#: how each location plays for the opponent: (why it may not place there now, what placing does
#: after its worker is on the space). The one registry; the rules live in the location modules.
OPPONENT_PLACES: dict[str, PlaceRule] = {
    **{loc: STANDS_THERE for loc in ("quarry", "forest", "mines", "silversmith", "storehouse", "workshop")},
    "town_centre": town_centre.OPPONENT,
    "tax_stand": tax_stand.OPPONENT,
    "guardhouse": guardhouse.OPPONENT,
    "guildhall": guildhall.OPPONENT,
    **black_market.OPPONENT,
}

#: archwk's rule when the location a Scheme names is closed to the opponent
FALLBACK_LOCATION = "quarry"


def scheme_placements(s, f) -> list[Action]:
    """The legal actions of the opponent's placement decision: the location its
    Scheme card names (for the Black Market, the left-most free space), if the
    opponent may place there by that location's rules; else the Quarry."""
    p, card = f[1], f[2][0]
    loc = scheme_location(s.options, card)
    spaces = BLACK_MARKET_SPACES if loc == "black_market" else (loc,)
    for space in spaces:
        if OPPONENT_PLACES[space].blocker(s, p) is None:
            return [Action("place", space)]
    return [Action("place", FALLBACK_LOCATION)]


def choose(s, f, legal: list[Action]) -> Action:
    """The opponent's choice at one of its decisions. It has no free choices:
    its Scheme card fixed where its worker goes, and the rules of that location
    leave one action (the Cathedral at the Guildhall), so it takes the first."""
    return legal[0]


def answer(t, f, legal: list[Action]) -> None:
    """Answer the opponent's decision `f` (the top of the pending stack) through
    the same gate as a player's: the choice must be one of the decision's legal
    actions (else IllegalAction, before anything changes), and it resolves
    through that decision kind's own `resolve`. Not recorded in the history:
    replaying the players' actions replays the opponent's turns."""
    a = choose(t, f, legal)
    if a not in legal:
        raise IllegalAction(f"Solo Play: {t.players[f[1]].name} (the Byzantine opponent) cannot choose "
                            f"{a}; the choices are: {', '.join(str(x) for x in legal) or 'none'}")
    t.pending = t.pending[:-1]
    FRAMES[f[0]].resolve(t, f, a)


# --------------------------------------------------------------------------- scoring

def bot_score(s, p: int):
    from .scoring import CATHEDRAL_VP, ScoreBreakdown
    pl = s.players[p]
    lines = dict(
        buildings=0,
        cathedral=CATHEDRAL_VP[pl.cathedral_level],
        virtue=cards.VIRTUE_TRACK[pl.virtue].vp,
        debts=-2 * pl.debts_unpaid,
        gold_marble=pl.marble,
        silver=0,
        prison=-(pl.in_prison // 2),
        guildhall=GUILDHALL_VP.get(pl.character, 1) * sum(1 for o in s.guildhall if o == p),
    )
    return ScoreBreakdown(p, pl.name, total=sum(lines.values()), **lines)
