"""Archon's game codes: a short URL-safe text for a position, to share it by a
link. A code is a compact game record in the kit's envelope (`archwk.kit.codes`):
``ar1.`` and then the packed JSON ``[1, players, seed, options, steps]``:
`options` holds only those that differ from the default, and each step is the index
of the action among the legal actions there (they are listed in a stable order) or an
edit ``{"p": player, "c": changes}``. Decoding replays it through the rules like any
record; a bad code raises `InvalidSave` naming what is wrong. A code carries the kit's
own components only (save a game played with another components file as a file).
"""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from ...kit.codes import pack, unpack
from ...kit.errors import InvalidSave
from ...kit.records import MAX_STEPS
from .options import Options
from .record import play_step, start
from .save import steps
from .state import EditStep

PREFIX = "ar1."
_DEFAULTS = Options().to_dict()


def encode(state, fresh: Callable) -> str:
    """The game code of `state` (replays its steps once to number the actions)."""
    t = state._t
    if t.is_view:
        raise InvalidSave("a view hides cards: make the code of the full game state")
    if t.options.components is not None:
        raise InvalidSave("game code: a game code carries the kit's own components only; save this game "
                          "(played with another components file) as a file instead")
    opts = {k: v for k, v in t.options.to_dict().items() if v != _DEFAULTS[k]}
    players = [s.name for s in t.seats]
    cur = fresh(players, t.seed, t.options)
    out: list[Any] = []
    for step, _ in steps(t):
        if isinstance(step, EditStep):
            changes = json.loads(step.changes)
            out.append({"p": step.player, "c": changes})
            cur = cur.edit(step.player, **changes)
        else:
            out.append(cur.legal_actions().index(step))
            cur = cur.apply(step)
    return pack(PREFIX, [1, players, t.seed, opts, out])


def decode(text: str, fresh: Callable):
    """The position a game code (or a link with ``?game=CODE``) stands for."""
    doc = unpack(text, PREFIX)
    if not (isinstance(doc, list) and len(doc) == 5 and doc[0] == 1 and not isinstance(doc[0], bool)):
        raise InvalidSave("game code: not an Archon game code of this version")
    _, players, seed, opts, step_list = doc
    if not isinstance(opts, dict):
        raise InvalidSave("game code: the options are damaged")
    if opts.get("components") is not None:
        raise InvalidSave("game code: a game code carries the kit's own components only")
    if not isinstance(step_list, list) or len(step_list) > MAX_STEPS:
        raise InvalidSave("game code: the steps are damaged")
    s = start({"players": players, "seed": seed, "options": {**_DEFAULTS, **opts}}, fresh, "game code")
    for i, st in enumerate(step_list):
        if isinstance(st, int) and not isinstance(st, bool):
            legal = s.legal_actions()
            if not 0 <= st < len(legal):
                raise InvalidSave(f"game code: step {i}: there is no choice {st} here "
                                  f"({len(legal)} legal choices{'; the game is over' if s.is_over else ''})")
            s = s.apply(legal[st])
        elif isinstance(st, dict) and set(st) == {"p", "c"} and isinstance(st["c"], dict):
            p = st["p"]
            if p is not None and (not isinstance(p, int) or isinstance(p, bool)):
                raise InvalidSave(f"game code: step {i}: an edit of no player {p!r}")
            s = play_step(s, i, {"edit": {"player": p, "changes": st["c"]}}, "game code")
        else:
            raise InvalidSave(f"game code: step {i} is damaged")
    return s
