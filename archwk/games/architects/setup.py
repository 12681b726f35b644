"""Setting up a game (RB, Setup; facts §13): shuffled decks, 8 face-up
apprentices, 4 Silver on the Tax Stand, 2n+1 reward cards, the Black Market
piles, a random starting player with 3, 4, 5... Silver by turn order, and the
building draft (deal 4, keep 1 and pass left, twice; of the last 2 keep 1 and
put the other under the pile). With `artisans=True` a starting-apprentice
draft comes first (reverse turn order, any face-up card, no refill until all
have picked, then empty spaces refilled without shifting)."""
from __future__ import annotations

from ...kit import rng
from ...kit.errors import InvalidOptions
from . import cards, characters, solo, turns
from .actions import shared
from .constants import OPEN_LOCATIONS
from .core import change_virtue, open_decision, record_event, to_deck_bottom, writable_player
from .decisions import DecisionRule, preview
from .options import Options
from .state import _STATE_FIELDS, _MutableState, new_player

MAX_PLAYERS = 5


def _names(players) -> list[str]:
    if isinstance(players, (bool, str, bytes)):  # a bare string would be split into letters
        raise InvalidOptions("players: expected a player count (1-5) or a list of names")
    if isinstance(players, int):
        if not 1 <= players <= MAX_PLAYERS:
            raise InvalidOptions(f"players: Architects of the West Kingdom is for 1 to {MAX_PLAYERS} players, "
                             f"got {players}")
        return [f"Player {i + 1}" for i in range(players)]
    try:
        names = list(players)
    except TypeError:
        raise InvalidOptions("players: expected a player count (1-5) or a list of names") from None
    if not 1 <= len(names) <= MAX_PLAYERS:
        raise InvalidOptions(f"players: Architects of the West Kingdom is for 1 to {MAX_PLAYERS} players, "
                         f"got {len(names)} names")
    for nm in names:
        if not isinstance(nm, str) or not nm.strip():
            raise InvalidOptions(f"players: every name must be a non-empty string, got {nm!r}")
    if len(set(names)) != len(names):
        raise InvalidOptions("players: names must be different from each other")
    return names


def set_up(players, *, seed: int, options: Options | None = None) -> _MutableState:
    """A new game up to its first setup decision, still writable: `archwk.new_game`
    runs it on to the first decision and freezes it."""
    if options is None:
        options = Options()
    if not isinstance(options, Options):
        raise InvalidOptions("options: expected an archwk.Options")
    names = _names(players)
    r = rng.seed_state(seed)
    one_player = len(names) == 1
    if options.two_player_bot and len(names) != 2:
        raise InvalidOptions("Options.two_player_bot: the 2-players-plus-bot variant needs exactly 2 players, "
                         f"got {len(names)}")
    if options.solo_opponent is not None and not (one_player or options.two_player_bot):
        raise InvalidOptions(f"Options.solo_opponent: the Byzantine opponent plays only in solo games (1 player) "
                         f"and with two_player_bot=True; this game has {len(names)} players")
    if one_player or options.two_player_bot:
        names, bots = solo.solo_seats(names, options)
    else:
        bots = [False] * len(names)
    n = len(names)

    extra_ok = options.expansion_cards
    app_ids = [a.id for a in cards.APPRENTICES if a.set == "base" or extra_ok]
    bld_names = [b.name for b in cards.BUILDINGS if b.set == "base" or extra_ok]
    if one_player:  # RB Solo Play: the 4 Resource Market buildings are removed
        bld_names = [nm for nm in bld_names if cards.building(nm).effect != "most"]

    t = _MutableState.__new__(_MutableState)
    for f in _STATE_FIELDS:
        setattr(t, f, None)
    t.options, t.seed = options, seed
    t.bm_small, r = rng.shuffled(range(1, len(cards.BLACK_MARKET_CARDS) + 1), r)
    t.bm_large = ()
    rewards, r = rng.shuffled([c.id for c in cards.REWARDS], r)
    t.rewards = rewards[: 2 * n + 1]  # 2 per player plus 1 (solo: as 2 players, 5)
    apps, r = rng.shuffled(app_ids, r)
    t.display, t.apprentice_deck = tuple(apps[:8]), tuple(apps[8:])
    t.display_silver = (0,) * 8
    t.building_deck, r = rng.shuffled(bld_names, r)
    humans = [i for i, b in enumerate(bots) if not b]
    k, r = rng.below(r, len(humans))
    first = humans[k]
    t.rng = r
    t.players = [new_player(nm, n_players=n, is_byzantine=b) for nm, b in zip(names, bots)]
    t.board = tuple((0,) * n for _ in OPEN_LOCATIONS)
    t.black_market = (-1, -1, -1)
    t.guildhall = ()
    t.tax = 4
    t.pending = ()
    t.phase = "setup"
    t.first_player = first
    t.turn_player = first
    t.turn_no = 0
    t.end_trigger = t.final_turns = None
    t.reset_queued = False
    t.draft = ()
    t.resets = 0
    t._hist, t._hist_len, t._pub_hist = None, 0, None
    t.events = []
    t.is_view = t.edited = False
    t.scheme_piles = None
    t.silver_on_deck = ()
    t._tx = {}
    if any(bots):
        solo.solo_setup(t)
    if options.board_side == 2:
        characters.deal_characters(t)
    else:
        order = turn_order(t)
        for k, p in enumerate(order):
            writable_player(t, p).silver = 3 + k  # RB Setup 13: 3 Silver for the starting player, then 4, 5...
    record_event(t, "setup", None, first=t.players[t.first_player].name)
    next_setup_step(t)
    return t


def turn_order(t) -> list[int]:
    humans = [p for p in range(len(t.players)) if not t.players[p].is_byzantine]
    n = len(t.players)
    return [q for q in ((t.first_player + k) % n for k in range(n)) if q in humans]


def next_setup_step(t) -> None:
    """Called whenever no decision is pending before play starts."""
    order = turn_order(t)
    if t.phase == "setup":
        if t.options.artisans:
            t.phase = "apprentice_draft"
            for p in order:  # a stack: the last player in turn order picks first
                open_decision(t, "apprentice_draft", p)
            return
        t.phase = "apprentice_draft"
    if t.phase == "apprentice_draft":
        disp, deck = list(t.display), t.apprentice_deck
        for i, c in enumerate(disp):  # refill without shifting (facts §13.4)
            if not c and deck:
                disp[i], deck = deck[0], deck[1:]
        t.display, t.apprentice_deck = tuple(disp), deck
        t.phase = "draft"
        hands = [()] * len(t.players)
        deal = deal_size(t)
        for p in order:
            hands[p], t.building_deck = t.building_deck[:deal], t.building_deck[deal:]
        t.draft = tuple(hands)
        _push_round(t, order)
        return
    if t.phase == "draft":
        left = len(t.draft[order[0]])
        if deal_size(t) - left < KEEP:  # pass the rest to the left (the next player in turn order)
            hands = list(t.draft)
            for i, p in enumerate(order):
                hands[order[(i + 1) % len(order)]] = t.draft[p]
            t.draft = tuple(hands)
            _push_round(t, order)
            return
        for p in order:
            to_deck_bottom(t, t.draft[p])
        t.draft = ()
        characters.after_draft(t)
        t.phase = "play"
        record_event(t, "play_starts", None)
        turns.start_turn(t, t.first_player)


KEEP = 3


def deal_size(t) -> int:
    """4 cards each; solo: deal yourself 5 and keep 3 (RB, Solo Play)."""
    return 5 if len(turn_order(t)) == 1 else 4


def _push_round(t, order) -> None:
    for p in reversed(order):
        open_decision(t, "draft", p)


def _draft_legal(s, dec):
    return [shared("keep", card=c) for c in dict.fromkeys(s.draft[dec.player])]


def _draft_resolve(t, dec, a):
    p = dec.player
    hand = list(t.draft[p])
    hand.remove(a.card)
    d = list(t.draft)
    d[p] = tuple(hand)
    t.draft = tuple(d)
    pl = writable_player(t, p)
    pl.hand = pl.hand + (a.card,)
    record_event(t, "drafted", p, card=a.card)


def _app_draft_resolve(t, dec, a):
    p = dec.player
    disp = list(t.display)
    card, disp[a.target] = disp[a.target], 0
    t.display = tuple(disp)
    pl = writable_player(t, p)
    pl.apprentice_ids = pl.apprentice_ids + (card,)
    ap = cards.APPRENTICES[card - 1]
    record_event(t, "hired", p, apprentice=ap.name, card=card, via="the starting-apprentice draft", silver_on_card=0)
    if ap.virtue:
        change_virtue(t, p, ap.virtue, cause=f"hiring the {ap.name}")


DRAFT = DecisionRule("draft", legal=_draft_legal, resolve=_draft_resolve)
APPRENTICE_DRAFT = DecisionRule(
    "apprentice_draft",
    legal=lambda s, dec: [shared("hire", target=i) for i, c in enumerate(s.display) if c],
    resolve=_app_draft_resolve,
    preview=lambda s, dec, a: preview(gain={"virtue": cards.APPRENTICES[s.display[a.target] - 1].virtue}))
