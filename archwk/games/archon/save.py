"""Everything a state shows, as JSON-ready data (`state_dict`): the game's
`observation` (a view shows only what its player may know) and the digest a save
keeps of its end position."""
from __future__ import annotations

import hashlib
import json

from ...kit.records import step_dict
from .state import EditStep, Table


def _seat(s) -> dict:
    return {"name": s.name, "emblem": s.emblem, "vp": s.vp, "gold": s.gold, "recruits": s.recruits,
            "resources": list(s.res), "figures": s.figures, "zones": [list(z) for z in s.zones],
            "track": list(s.track), "tiles": list(s.tiles), "arts": s.arts, "science": s.science,
            "warriors": s.warriors, "passed": s.passed, "announced": s.announced}


def steps(t: Table) -> list:
    """Every step (action or edit) from the start, with who made it: [(step, seat)]."""
    out = []
    node = t.hist
    while node is not None:
        node, step, actor = node
        out.append((step, actor))
    out.reverse()
    return out


def state_dict(state) -> dict:
    """The whole position as data (for a view: only what its player may know)."""
    t: Table = state._t if hasattr(state, "_t") else state
    return {
        "n": t.n, "seed": t.seed if not t.is_view else None, "options": t.options.to_dict(),
        "round": t.round, "phase": t.phase, "cursor": t.cursor, "turn": t.turn, "order": list(t.order),
        "seats": [_seat(s) for s in t.seats],
        "occupants": [[list(x) for x in row] for row in t.occ], "tokens": [list(r) for r in t.token],
        "repository": list(t.repository), "supply": dict(sorted(t.supply.items())), "market": list(t.market),
        "favor": list(t.favor), "favor_deck": list(t.favor_deck), "favors_gone": list(t.favors_gone),
        "province": t.province, "province_deck": list(t.province_deck),
        "provinces_seen": list(t.provinces_seen), "grants": list(t.grants),
        "attack_deck": list(t.attack_deck), "attacks_seen": list(t.attacks_seen), "wall": list(t.wall),
        "tiles_left": dict(t.tiles_left),
        "pending": [{"kind": d.kind, "player": d.player, "data": {k: list(v) if isinstance(v, tuple) else v
                                                                  for k, v in d.data}} for d in t.pending],
        "shortfall": list(t.shortfall), "attack_due": t.attack_due, "rng": t.rng, "is_view": t.is_view,
        "viewer": t.viewer,
        "history": [step_dict(s, EditStep) for s, _ in steps(t)],
        "events": [e.to_dict() for e in (t.events or ())],
    }


def position_digest(state) -> str:
    text = json.dumps(state_dict(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()
