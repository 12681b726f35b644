"""Mines: Clay (1 plus 1 per own worker) OR Gold (1 per 2 own workers), never
split; each Miner adds 1 Clay either way (RB; facts §10)."""
from __future__ import annotations

from ..core import abilities, frame_rule, gain, own_at, place_rule, push
from ..model import Action


def _miner_clay(s, p) -> int:
    return sum(a.params["clay"] for a in abilities(s, p, "miner"))


def _place(t, p):
    w = own_at(t, "mines", p)
    if w >= 2:
        push(t, "mines", p, (w,))
    else:  # the first worker can only take Clay: Gold needs 2 workers
        gain(t, p, {"clay": w + 1 + _miner_clay(t, p)}, cause="the Mines")


def _legal(s, f):
    w = f[2][0]
    return [Action("mine", option="clay", hint=("gain", (("clay", w + 1 + _miner_clay(s, f[1])),))),
            Action("mine", option="gold", hint=("gain", (("gold", w // 2),)))]


def _resolve(t, f, a):
    w, p = f[2][0], f[1]
    if a.option == "clay":
        gain(t, p, {"clay": w + 1 + _miner_clay(t, p)}, cause="the Mines")
    else:
        gain(t, p, {"gold": w // 2, "clay": _miner_clay(t, p)}, cause="the Mines")


place_rule("mines", blocker=lambda s, p: None, place=_place,
           hint=lambda s, p: ("mines", own_at(s, "mines", p) + 1))
frame_rule("mines", legal=_legal, resolve=_resolve,
           prompt=lambda s, f: f"the Mines: take {f[2][0] + 1} Clay or {f[2][0] // 2} Gold")
