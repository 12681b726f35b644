"""Mines: Clay (1 plus 1 per own worker) OR Gold (1 per 2 own workers), never
split; each Miner adds 1 Clay either way (RB; facts §10)."""
from __future__ import annotations

from ..actions import shared
from ..behaviour import hook_sum
from ..core import gain, open_decision, own_at
from ..decisions import DecisionRule, LocationRule, MinesChoice, no_blocker, preview


def _miner_clay(s, p) -> int:
    return hook_sum(s, p, "mines_clay")


def mines_yield(s, p, choice: str, workers: int) -> dict:
    """What taking `choice` ("clay" or "gold") gives with `workers` own workers at
    the Mines (the placed one included): the one amount the rule applies and the
    previews state."""
    if choice == "clay":
        return {"clay": workers + 1 + _miner_clay(s, p)}
    return {"gold": workers // 2, "clay": _miner_clay(s, p)}


def _place(t, p):
    w = own_at(t, "mines", p)
    if w >= 2:
        open_decision(t, "mines", p, MinesChoice(w))
    else:  # the first worker can only take Clay: Gold needs 2 workers
        gain(t, p, mines_yield(t, p, "clay", w), cause="the Mines")


def _preview(s, p):
    w = own_at(s, "mines", p) + 1
    if w >= 2:
        return preview(then=(("or", tuple(preview(gain=mines_yield(s, p, c, w)) for c in ("clay", "gold"))),))
    return preview(gain=mines_yield(s, p, "clay", w))


def _legal(s, dec):
    return [shared("mine", option="clay"), shared("mine", option="gold")]


def _resolve(t, dec, a):
    gain(t, dec.player, mines_yield(t, dec.player, a.option, dec.data.workers), cause="the Mines")


LOCATION = LocationRule("mines", blocker=no_blocker, place=_place, preview=_preview)
DECISION = DecisionRule("mines", legal=_legal, resolve=_resolve, data=MinesChoice,
                        preview=lambda s, dec, a: preview(gain=mines_yield(s, dec.player, a.option,
                                                                           dec.data.workers)))
