"""King's Storehouse: up to 1 trade per own worker there (Overseer: +1), each
trade repeatable, stopping early allowed (RB, King's Storehouse):
any 2 of Clay/Wood/Stone -> 1 Virtue; any 3 of Wood/Stone -> 1 Marble; plus the
trades printed on hired Merchants, Patrons and Traders."""
from __future__ import annotations

from itertools import combinations_with_replacement

from ..actions import Action, shared
from ..behaviour import apprentice_hook, hook_sum, hooked
from ..core import APPRENTICES, change_virtue, gain, holds, open_decision, own_at, record_event, writable_player
from ..decisions import DecisionRule, LocationRule, TradesLeft, no_blocker, preview

#: the board's two trades, as the multiset of resources paid (option of the action)
VIRTUE_TRADES = tuple(combinations_with_replacement(("clay", "wood", "stone"), 2))
MARBLE_TRADES = tuple(combinations_with_replacement(("wood", "stone"), 3))
BOARD_TRADES = VIRTUE_TRADES + MARBLE_TRADES


def trade_terms(action: Action) -> tuple[dict, dict]:
    """(what is paid, what is gained) for a trade action."""
    if action.card is not None:
        trade = apprentice_hook(action.card, "storehouse_trade")
        return dict(trade.pay), dict(trade.gain)
    pay: dict = {}
    for r in action.option:
        pay[r] = pay.get(r, 0) + 1
    return pay, ({"virtue": 1} if len(action.option) == 2 else {"marble": 1})


#: each board trade: (its shared action, what it pays as ((resource, n), ...))
_BOARD_TRADE_OFFERS = tuple(
    (shared("trade", option=opt), tuple(trade_terms(Action("trade", option=opt))[0].items()))
    for opt in BOARD_TRADES)
_STOP = shared("stop")


def _legal(s, dec):
    p = dec.player
    pl = s.players[p]
    out = [a for a, pay in _BOARD_TRADE_OFFERS if holds(pl, pay)]
    if pl.apprentice_ids:
        for h in hooked(s, p, "storehouse_trade"):
            if h.card is not None and holds(pl, h.value.pay.items()):
                out.append(Action("trade", card=h.card.id))
    out.append(_STOP)
    return out


def _resolve(t, dec, a):
    p, left = dec.player, dec.data.left
    if a.kind == "stop":
        return
    pay, got = trade_terms(a)
    pl = writable_player(t, p)
    for k, v in pay.items():
        setattr(pl, k, getattr(pl, k) - v)
    record_event(t, "traded", p, pay=pay, gain=got, via=APPRENTICES[a.card - 1].name if a.card else "the board")
    for k, v in got.items():
        if k == "virtue":
            change_virtue(t, p, v, cause="a King's Storehouse trade")
        else:
            gain(t, p, {k: v}, cause="a King's Storehouse trade")
    if left > 1:
        open_decision(t, "storehouse", p, TradesLeft(left - 1))


def trades_allowed(s, p, workers: int) -> int:
    """Trades in one action with `workers` own workers there (the placed one included)."""
    return workers + hook_sum(s, p, "storehouse_actions")


def _place(t, p):
    open_decision(t, "storehouse", p, TradesLeft(trades_allowed(t, p, own_at(t, "storehouse", p))))


def _trade_preview(s, dec, a):
    if a.kind != "trade":
        return None
    paid, got = trade_terms(a)
    return preview(gain=got, cost=paid)


LOCATION = LocationRule("storehouse", blocker=no_blocker, place=_place,
                        preview=lambda s, p: preview(
                            then=(("trades", trades_allowed(s, p, own_at(s, "storehouse", p) + 1)),)))
DECISION = DecisionRule("storehouse", legal=_legal, resolve=_resolve, data=TradesLeft, preview=_trade_preview)
