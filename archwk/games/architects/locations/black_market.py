"""Black Market: three spaces, one worker each until a Black Market reset; closed
at Virtue 10 or more (RB, Black Market; facts §3).

A: 1 Silver, -1 Virtue, the top Small Market card's goods.
B: 2 Silver, -1 Virtue, hire any face-up apprentice free (taking its Silver)
   OR look at 5 building cards and keep 1 (the others to the bottom of the deck).
C: 3 Silver, -1 Virtue, the top Large Market card's goods.
Trickster: 1 Silver less. Illusionist: no Virtue lost. Swindler: extra goods.
Caroline: +1 building card. Filling the third space queues a reset."""
from __future__ import annotations

from functools import partial

from .. import cards
from ..actions import shared
from ..behaviour import hook_sum, hooked
from ..buildings import hire_preview
from ..constants import BLACK_MARKET_SPACES
from ..core import change_virtue, gain, hire, open_decision, pay, record_event, to_deck_bottom, writable_player
from ..decisions import DecisionRule, LocationRule, LookedAt, add_bundles, preview, reason

SILVER = (1, 2, 3)


def small_goods(s) -> dict:
    return dict(cards.BLACK_MARKET_CARDS[s.bm_small[0] - 1].small if s.bm_small
                else cards.BLACK_MARKET_EMPTY_SMALL)


def large_goods(s) -> dict:
    return dict(cards.BLACK_MARKET_CARDS[s.bm_large[0] - 1].large if s.bm_large
                else cards.BLACK_MARKET_EMPTY_LARGE)


def space_goods(s, i: int) -> dict:
    """The goods space i gives: the top Small Market card's (A), none (B), the
    top Large Market card's (C)."""
    return small_goods(s) if i == 0 else large_goods(s) if i == 2 else {}


def cost(s, p, i: int) -> int:
    return max(0, SILVER[i] - hook_sum(s, p, "black_market_silver_saved"))


def _blocker_for(i: int):
    def blocker(s, p):
        if s.black_market[i] >= 0:
            return reason("space_taken", by=s.black_market[i])
        if s.players[p].virtue >= 10:
            return reason("black_market_closed")
        c = cost(s, p, i)
        if s.players[p].silver < c:
            return reason("costs", silver=c, have=s.players[p].silver)
        return None
    return blocker


def space_open(i: int, s, p) -> bool:
    """Whether player p may place a worker on space i (`_blocker_for(i)` finds no reason)."""
    if s.black_market[i] >= 0:
        return False
    pl = s.players[p]
    # the printed price is the most it can cost (savings only lower it)
    return pl.virtue < 10 and (pl.silver >= SILVER[i] or pl.silver >= cost(s, p, i))


def occupy(t, p, i: int) -> None:
    bm = list(t.black_market)
    bm[i] = p
    t.black_market = tuple(bm)
    if all(o >= 0 for o in t.black_market):
        t.reset_queued = True  # resolves after this action (RB, Black Market Reset)


def market_gains(s, p, i: int) -> list[tuple[str, dict]]:
    """What a Black Market action at space i gives, each with what gives it: the
    market card's goods (A, C), the Swindlers' goods, Caroline's card. The one list
    both placing and its preview use."""
    out = []
    if i != 1:
        out.append(("the Small Market" if i == 0 else "the Large Market", space_goods(s, i)))
    for h in hooked(s, p, "black_market_gain"):
        out.append((h.cause, dict(h.value)))
    for h in hooked(s, p, "black_market_cards"):
        out.append((h.cause, {"cards": h.value}))
    return out


def virtue_loss(s, p) -> int:
    """Virtue a Black Market action costs: 1, none with the Illusionist."""
    return 0 if hooked(s, p, "black_market_virtue_kept") else 1


def _place_for(i: int):
    def place(t, p):
        occupy(t, p, i)
        pay(t, p, cost(t, p, i), 0, cause="the Black Market")
        kept = hooked(t, p, "black_market_virtue_kept")
        if kept:
            record_event(t, "no_virtue_lost", p, cause=f"the {kept[0].name}")
        else:
            change_virtue(t, p, -virtue_loss(t, p), cause="a Black Market action")
        for cause, goods in market_gains(t, p, i):
            gain(t, p, goods, cause=cause)
        if i == 1:
            open_decision(t, "black_market_b", p)
    return place


def _preview_for(i: int):
    def preview_space(s, p):
        return preview(gain=add_bundles(*(g for _, g in market_gains(s, p, i))),
                       cost={"silver": cost(s, p, i), "virtue": virtue_loss(s, p)},
                       then=(("hire_or_look",),) if i == 1 else ())
    return preview_space


#: the three spaces, left to right
LOCATIONS = tuple(LocationRule(loc, blocker=_blocker_for(i), place=_place_for(i), preview=_preview_for(i),
                               allows=partial(space_open, i))
                  for i, loc in enumerate(BLACK_MARKET_SPACES))


# ---- the solo opponent (RB, Solo Play: it may "visit the Black Market regardless of Virtue",
# "doesn't collect/use Silver, resources, Apprentices" and "collects Marble only for scoring")

def _opponent_blocker_for(i: int):
    def blocker(s, p):
        if s.black_market[i] >= 0:
            return reason("space_taken", by=s.black_market[i])
        if any(o < 0 for o in s.black_market[:i]):
            return reason("leftmost_space")
        return None
    return blocker


def _opponent_place_for(i: int):
    def place(t, p):
        """It pays nothing, loses 1 Virtue and keeps only the Marble among the goods."""
        marble = space_goods(t, i).get("marble", 0)
        occupy(t, p, i)
        change_virtue(t, p, -1, cause="a Black Market action")
        if marble:
            gain(t, p, {"marble": marble}, cause="the Black Market")
    return place


#: how each Black Market space plays for the Byzantine opponent (space -> rule)
OPPONENT = {loc: LocationRule(loc, blocker=_opponent_blocker_for(i), place=_opponent_place_for(i))
            for i, loc in enumerate(BLACK_MARKET_SPACES)}


# ---- space B's choice, and the 5-card look

def _b_legal(s, dec):
    out = [shared("hire", target=slot) for slot, c in enumerate(s.display) if c]
    if s.building_deck:
        out.append(shared("draw5"))
    out.append(shared("skip"))
    return out


def _b_resolve(t, dec, a):
    p = dec.player
    if a.kind == "hire":
        hire(t, p, a.target, via="the Black Market")
    elif a.kind == "draw5":
        looked = t.building_deck[:5]
        t.building_deck = t.building_deck[5:]
        record_event(t, "looked", p, count=len(looked))
        open_decision(t, "keep_one", p, LookedAt(looked))


def _keep_legal(s, dec):
    return [shared("keep", card=c) for c in dict.fromkeys(dec.data.cards)]


def _keep_resolve(t, dec, a):
    p, looked = dec.player, list(dec.data.cards)
    looked.remove(a.card)
    pl = writable_player(t, p)
    pl.hand = pl.hand + (a.card,)
    to_deck_bottom(t, looked)
    record_event(t, "kept", p, card=a.card, returned=len(looked))


SPACE_B = DecisionRule("black_market_b", legal=_b_legal, resolve=_b_resolve,
                       preview=lambda s, dec, a: hire_preview(s, a))
KEEP_ONE = DecisionRule("keep_one", legal=_keep_legal, resolve=_keep_resolve, data=LookedAt)
