"""Tax Stand: take all the Silver on it and lose 2 Virtue (Thief: 1); Pickpocket
adds 1 Gold. No placing here while it is empty (RB, Tax Stand)."""
from __future__ import annotations

from ..behaviour import hook_sum, hooked
from ..core import change_virtue, gain, record_event, writable_player
from ..decisions import LocationRule, no_blocker, preview, reason


def _loss(s, p) -> int:
    return max(0, 2 - hook_sum(s, p, "tax_stand_virtue_saved"))


def _blocker(s, p):
    if s.tax == 0:
        return reason("tax_stand_empty")
    return None


def _extras(s, p) -> list[tuple[str, dict]]:
    """The goods taken beside the Silver, with what gives them (Pickpocket: Gold)."""
    return [(h.cause, dict(h.value)) for h in hooked(s, p, "tax_stand_gain")]


def _place(t, p):
    took, t.tax = t.tax, 0
    writable_player(t, p).silver += took
    record_event(t, "stole_tax", p, silver=took)
    change_virtue(t, p, -_loss(t, p), cause="stealing from the Tax Stand")
    for cause, goods in _extras(t, p):
        gain(t, p, goods, cause=cause)


def _preview(s, p):
    got = {"silver": s.tax}
    for _, goods in _extras(s, p):
        got["gold"] = got.get("gold", 0) + goods["gold"]
    return preview(gain=got, cost={"virtue": _loss(s, p)})


LOCATION = LocationRule("tax_stand", blocker=_blocker, place=_place, preview=_preview,
                        allows=lambda s, p: s.tax != 0)


# ---- the solo opponent (archwk's stand-in rule, RB, Solo Play: it "doesn't collect Silver")

def _opponent_place(t, p):
    """The Silver on the Tax Stand goes back to the supply; it loses 2 Virtue."""
    if t.tax:
        record_event(t, "tax_returned", p, silver=t.tax)
        t.tax = 0
    change_virtue(t, p, -2, cause="a Scheme card at the Tax Stand")


#: how the Tax Stand plays for the Byzantine opponent: open to it even when empty
OPPONENT = LocationRule("tax_stand", blocker=no_blocker, place=_opponent_place)
