"""The kit's games for game-AI libraries: every game in `archwk.GAMES` as an OpenSpiel
game (`archwk.interop.openspiel`) and as a PettingZoo AEC environment
(`archwk.interop.pettingzoo`). Install them with ``pip install "archwk[interop]"``;
`import archwk` never loads them.

Both adapters read a game only through the game protocol (`archwk.kit.game`): the
state's `legal_actions`, `apply`, `current_player`, `is_over`, `view` and `record`,
and the Game's `new_game`, `replay`, `winners`, `automa_seats`, `observation`, its
determinizer, and three fields made for them: `all_actions` (the fixed integer
encoding of actions), `observation_layout` and `observation_vector` (the numbers a
player observes). A game without those fields plays everywhere else; the adapters
refuse it with an error naming the missing field.

Shared here:

- **Players.** The seats the game plays itself (`Game.automa_seats`, e.g.
  Architects' solo opponent) are no player of OpenSpiel or PettingZoo: player (agent)
  i is the i-th other seat, in seat order.
- **Actions.** Action id i is `Game.all_actions(players, options)[i]`: the same choice
  in every state of such a game.
- **Returns.** At the end each player gets 1 if the game's `winners` (after its
  tie-breakers) include them, else 0: several players share a win the rules leave
  tied, and when a game's own seat wins (the solo opponent), every player gets 0. A game
  stopped at the adapter's length limit (`max_game_length`, default 20,000 decisions:
  the conformance suite's bound for a stuck game, far above any game seen) scores the
  position as it stands the same way.
"""
from __future__ import annotations

import functools
import operator
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..kit.errors import ArchwkError, IllegalAction
from ..kit.game import Feature, Game

#: the most decisions a game may take through an adapter before it is stopped
MAX_GAME_LENGTH = 20_000

__all__ = ["MAX_GAME_LENGTH", "Encoding", "agent_seats", "encoding", "required", "win_returns"]


def required(game: Game, field: str, where: str) -> Any:
    """The Game's optional `field`, or an error naming it (and what needs it)."""
    value = getattr(game, field, None)
    if value is None:
        raise ArchwkError(f"{game.title} cannot be used with {where}: its Game has no {field} "
                          f"(see archwk.kit.game.Game.{field})")
    return value


@dataclass(frozen=True, eq=False)
class Encoding:
    """A game's fixed action ids and observation layout for one player count and option
    set (`encoding(game, players, options)`)."""
    game: Game
    actions: tuple                      #: id -> action
    ids: dict                           #: action -> id
    layout: tuple[Feature, ...]         #: the observation vector's numbers, in order

    def legal(self, state) -> list[tuple[int, Any]]:
        """(id, action) for every legal action of `state`, by id (the actions as the
        state lists them, worded from it)."""
        out = []
        ids = self.ids
        for a in state.legal_actions():
            i = ids.get(a)
            if i is None:
                raise ArchwkError(f"{self.game.title}: the legal action {a!s} ({a!r}) is not in the game's "
                                  "all_actions, so it has no id (archwk.kit.game.Game.all_actions)")
            out.append((i, a))
        out.sort(key=lambda pair: pair[0])
        return out

    def action(self, action_id) -> Any:
        """The action with this id, or `IllegalAction` naming the range."""
        try:
            i = int(action_id)
            if i != action_id or i < 0:
                raise ValueError
            return self.actions[i]
        except (TypeError, ValueError, IndexError, OverflowError):
            raise IllegalAction(f"action id {action_id!r}: {self.game.title} has action ids "
                                f"0 to {len(self.actions) - 1}") from None

    def vector(self, state, seat: int) -> list[float]:
        """Player `seat`'s observation vector of `state` (read from its view), checked
        against the layout."""
        fn = self.game.observation_vector
        assert fn is not None  # checked by `encoding`
        view = state if state.is_view else state.view(seat)
        values = list(fn(view, seat))
        if len(values) != len(self.layout):
            raise ArchwkError(f"{self.game.title}: observation_vector gave {len(values)} numbers, "
                              f"but observation_layout has {len(self.layout)}")
        if any(map(operator.gt, self.lows, values)) or any(map(operator.gt, values, self.highs)):
            f, x = next((f, x) for f, x in zip(self.layout, values) if not f.low <= x <= f.high)
            raise ArchwkError(f"{self.game.title}: observation {f.name!r} is {x}, outside its range "
                              f"{f.low:g} to {f.high:g} (observation_layout)")
        return values

    @functools.cached_property
    def lows(self) -> list[float]:
        return [f.low for f in self.layout]

    @functools.cached_property
    def highs(self) -> list[float]:
        return [f.high for f in self.layout]


def encoding(game: Game, players: int, options: Any, where: str) -> Encoding:
    """The game's `Encoding` for `players` and `options`; an error naming any missing
    field or an action listed twice."""
    actions = tuple(required(game, "all_actions", where)(players, options))
    layout = tuple(required(game, "observation_layout", where)(players, options))
    required(game, "observation_vector", where)
    ids = {a: i for i, a in enumerate(actions)}
    if len(ids) != len(actions):
        seen: set = set()
        twice = next(a for a in actions if a in seen or seen.add(a))  # type: ignore[func-returns-value]
        raise ArchwkError(f"{game.title}: all_actions lists {twice!s} twice")
    if not actions:
        raise ArchwkError(f"{game.title}: all_actions lists no action")
    if not layout or not all(isinstance(f, Feature) and f.low < f.high for f in layout):
        raise ArchwkError(f"{game.title}: observation_layout must be Features, each with low < high")
    return Encoding(game, actions, ids, layout)


def agent_seats(state) -> tuple[int, ...]:
    """The seats played by players (not by the game itself), in seat order."""
    automa = state.game.automa_seats(state)
    return tuple(i for i in range(len(state.players)) if i not in automa)


def win_returns(state, seats: Sequence[int]) -> list[float]:
    """1 for each of `seats` among the game's winners, else 0 (see the module docstring)."""
    won = set(state.game.winners(state))
    return [1.0 if seat in won else 0.0 for seat in seats]


def unique_labels(labels: list[str]) -> list[str]:
    """The labels, each made unique where two legal actions read the same (two copies
    of one card): "(1 of 2)", "(2 of 2)" after each, in id order."""
    counts: dict[str, int] = {}
    for label in labels:
        counts[label] = counts.get(label, 0) + 1
    if all(c == 1 for c in counts.values()):
        return labels
    seen: dict[str, int] = {}
    out = []
    for label in labels:
        if counts[label] == 1:
            out.append(label)
            continue
        seen[label] = seen.get(label, 0) + 1
        out.append(f"{label} ({seen[label]} of {counts[label]})")
    return out
