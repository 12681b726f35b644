"""The games archwk knows: `GAMES`, an explicit list (nothing registers itself),
and the calls that work for any of them, as the public `archwk.<name>`.

A game is one `archwk.kit.game.Game`; its package here holds its rules, data and
words (`archwk.games.architects`). To add a game, see ARCHITECTURE.md,
"How to add a game".

>>> import archwk
>>> sorted(archwk.GAMES)
['architects', 'archon']
>>> archwk.load_game("architects").title
'Architects of the West Kingdom'
>>> archwk.new_game(2, seed=1, game="architects").game is archwk.GAMES["architects"]
True
"""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from ..kit.errors import ArchwkError, InvalidSave
from ..kit.game import Game, State
from ..kit.records import FIRST_GAME, Loaded, game_of, parse
from .architects.definition import GAME as ARCHITECTS
from .archon.definition import GAME as ARCHON

#: every game of the kit, by name (the first is the default)
GAMES: Mapping[str, Game] = MappingProxyType({
    ARCHITECTS.name: ARCHITECTS,
    ARCHON.name: ARCHON,
})
DEFAULT_GAME = FIRST_GAME


def load_game(name: str) -> Game:
    """The game called `name` (as `pyspiel.load_game`); an unknown name raises
    `ArchwkError` listing the games there are."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        known = ", ".join(repr(n) for n in GAMES)
        raise ArchwkError(f"no game called {name!r}: the games are {known}") from None


def new_game(players, *, seed: int, options=None, game: str = DEFAULT_GAME) -> Any:
    """A new game of `game` (default: Architects of the West Kingdom) at its first
    decision. `players`: a player count or a list of names."""
    return load_game(game).new_game(players, seed=seed, options=options)


def load_record(rec: Mapping | str | bytes, *, states: bool = False) -> Loaded:
    """A record of any game (a dict, or a save file's JSON) replayed, with its metadata
    and (with `states`) every state on the way."""
    doc = parse(rec, "record") if isinstance(rec, (str, bytes, bytearray, memoryview)) else rec
    return _game_of_record(doc).load_record(doc, states=states)


def _game_of_record(doc) -> Game:
    if not isinstance(doc, Mapping):
        raise InvalidSave("record: expected an object")
    name = game_of(doc)
    if name not in GAMES:
        known = ", ".join(repr(n) for n in GAMES)
        raise InvalidSave(f"record.game: this archwk knows no game {name!r} (it knows {known})")
    return GAMES[name]


def replay(rec: Mapping | str | bytes) -> Any:
    """Play a game record (a dict, or a save file's JSON) of any game from the start
    to its last step. A step that cannot be played raises `InvalidSave` with its
    number and the rule."""
    doc = parse(rec, "record") if isinstance(rec, (str, bytes, bytearray, memoryview)) else rec
    return _game_of_record(doc).replay(doc)


def from_game_code(code: str) -> Any:
    """The position a game code (or a link carrying one) stands for, of any game."""
    if not isinstance(code, str):
        raise InvalidSave(f"game code: expected text, got {type(code).__name__}")
    for g in GAMES.values():
        if g.code_prefix in code:
            return g.from_game_code(code)
    return GAMES[DEFAULT_GAME].from_game_code(code)  # its error names what a code looks like


def game_of_state(state: State) -> Game:
    try:
        return state.game
    except AttributeError:
        raise ArchwkError(f"expected a game state, got {type(state).__name__}") from None


def final_scores(state: State) -> list:
    """One score breakdown per player (with `.total`); a projection when not over."""
    return game_of_state(state).final_scores(state)


def winners(state: State) -> list[int]:
    """The winners' seats, after the game's tie-breakers."""
    return game_of_state(state).winners(state)


def table(state: State) -> Any:
    """Everything on the table that players can see (the game's read API)."""
    return game_of_state(state).table(state)


__all__ = ["DEFAULT_GAME", "GAMES", "Game", "State", "final_scores", "from_game_code", "load_game", "load_record",
           "new_game", "replay", "table", "winners"]
