"""Game codes: a short URL-safe text for a position, to share it by a link.

A code is a compact game record in the kit's envelope (`archwk.kit.codes`):
``aw1.`` (Architects' code format, version 1) and then the base64url of the
zlib-compressed compact JSON ``[1, players, seed, options, steps]``, where
`options` holds only the options that differ from the default and each step is
the index of the action among the legal actions at that point
(`state.legal_actions()` is in a stable order) or an edit
``{"p": player, "c": changes}``. Decoding replays it through the rules like any
record: a bad code raises `archwk.InvalidSave` naming what is wrong.

>>> import archwk
>>> s = archwk.new_game(["Ann", "Ben"], seed=3)
>>> s = s.apply(s.legal_actions()[2])
>>> code = s.game_code()
>>> code.startswith("aw1.") and archwk.from_game_code(code).to_json() == s.to_json()
True
"""
from __future__ import annotations

import json
from typing import Any

from ...kit.codes import pack, unpack
from ...kit.errors import InvalidSave
from ...kit.records import MAX_STEPS
from . import engine
from .edit import edit as _edit
from .options import Options
from .record import _start, edit_step, steps_of
from .state import EditStep, FrozenState, S

PREFIX = "aw1."
_DEFAULTS = Options().to_dict()


def encode(s: FrozenState) -> str:
    """The game code of `s` (replays its record once to number the actions)."""
    if s.is_view:
        raise InvalidSave("a view hides cards: make the code of the full game state")
    opts = {k: v for k, v in s.options.to_dict().items() if v != _DEFAULTS[k]}
    players = [p.name for p in s.players if not p.is_byzantine]
    cur = _start({"players": players, "seed": s.seed, "options": s.options.to_dict()}, type(s))
    steps: list[Any] = []
    for step in steps_of(s):
        if isinstance(step, EditStep):
            steps.append({"p": step.player, "c": json.loads(step.changes)})
            cur = _edit(cur, step.player, **json.loads(step.changes))
        else:
            legal = list(engine.legal_map(cur))
            steps.append(legal.index(step))
            cur = engine.apply(cur, step)
    return pack(PREFIX, [1, players, s.seed, opts, steps])


def decode(text: str, frozen_as: type[S]) -> S:
    """The position a game code (or a link with ``?game=CODE``) stands for."""
    doc = unpack(text, PREFIX)
    if not (isinstance(doc, list) and len(doc) == 5 and doc[0] == 1 and not isinstance(doc[0], bool)):
        raise InvalidSave("game code: not a game code of this version")
    _, players, seed, opts, steps = doc
    if not isinstance(opts, dict):
        raise InvalidSave("game code: the options are damaged")
    if not isinstance(steps, list) or len(steps) > MAX_STEPS:
        raise InvalidSave("game code: the steps are damaged")
    s = _start({"players": players, "seed": seed, "options": {**_DEFAULTS, **opts}}, frozen_as, "game code")
    for i, st in enumerate(steps):
        if isinstance(st, int) and not isinstance(st, bool):
            legal = list(engine.legal_map(s))
            if not 0 <= st < len(legal):
                raise InvalidSave(f"game code: step {i}: there is no choice {st} here "
                                  f"({len(legal)} legal choices{'; the game is over' if s.is_over else ''})")
            s = engine.apply(s, legal[st])
        elif isinstance(st, dict) and set(st) == {"p", "c"} and isinstance(st["c"], dict):
            p = st["p"]
            if p is not None and (not isinstance(p, int) or isinstance(p, bool)):
                raise InvalidSave(f"game code: step {i}: an edit of no player {p!r}")
            s = edit_step(s, p, st["c"], f"game code: step {i} (edit)")
        else:
            raise InvalidSave(f"game code: step {i} is damaged")
    return s
