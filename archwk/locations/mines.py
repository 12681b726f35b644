"""Mines: Clay (1 plus 1 per own worker) OR Gold (1 per 2 own workers), never
split; each Miner adds 1 Clay either way (RB; facts §10)."""
from __future__ import annotations

from ..actions import Action
from ..behaviour import hook_sum
from ..core import gain, open_decision, own_at
from ..decisions import DecisionRule, LocationRule, MinesChoice, no_blocker


def _miner_clay(s, p) -> int:
    return hook_sum(s, p, "mines_clay")


def _place(t, p):
    w = own_at(t, "mines", p)
    if w >= 2:
        open_decision(t, "mines", p, MinesChoice(w))
    else:  # the first worker can only take Clay: Gold needs 2 workers
        gain(t, p, {"clay": w + 1 + _miner_clay(t, p)}, cause="the Mines")


def _legal(s, dec):
    w = dec.data.workers
    return [Action("mine", option="clay", hint=("gain", (("clay", w + 1 + _miner_clay(s, dec.player)),))),
            Action("mine", option="gold", hint=("gain", (("gold", w // 2),)))]


def _resolve(t, dec, a):
    w, p = dec.data.workers, dec.player
    if a.option == "clay":
        gain(t, p, {"clay": w + 1 + _miner_clay(t, p)}, cause="the Mines")
    else:
        gain(t, p, {"gold": w // 2, "clay": _miner_clay(t, p)}, cause="the Mines")


LOCATION = LocationRule("mines", blocker=no_blocker, place=_place,
                        hint=lambda s, p: ("mines", own_at(s, "mines", p) + 1))
DECISION = DecisionRule("mines", legal=_legal, resolve=_resolve, data=MinesChoice,
                        prompt=lambda s, dec: f"the Mines: take {dec.data.workers + 1} Clay or "
                                              f"{dec.data.workers // 2} Gold")
