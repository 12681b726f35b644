"""The bots by name: one registry for the command line, the simulations and the widgets.

A bot spec is a bot name, optionally followed by ":" and a parameter for the
bots that take one:

* "random": `RandomBot`, uniform among the legal actions;
* "fast": `FastBot`, rules of thumb, no lookahead;
* "heuristic": `HeuristicBot`, one turn of lookahead;
* "mcts" or "mcts:N": `MCTSBot`, Monte Carlo tree search with N iterations per
  decision (default: `MCTSBot`'s, 100);
* "expert" or "expert:S": `ExpertBot`, the strong bot: a search of S seconds at
  most per decision (default 1).

>>> make_bot("mcts:50", seed=3)
MCTSBot(3, iterations=50, rollout=0)
>>> make_bot("expert:0.5", seed=2)
ExpertBot(2, seconds=0.5)
>>> make_bot("heuristic")
HeuristicBot(0)
>>> make_bot("minimax")
Traceback (most recent call last):
    ...
archwk.ai.registry.UnknownBot: unknown bot 'minimax': choose from random, fast, ...

`DEFAULT_BOT` is the bot a seat gets when none is named: `archwk play` and
`archwk simulate` without `--bots`, the bots of the explorer's "You against
bots" games.

>>> DEFAULT_BOT in BOT_NAMES
True

A new bot is one row of `BOTS`: its name, its factory `(seed, **params)`, and,
if it takes a parameter, the parser that turns the text after ":" into the
factory's keyword arguments (raising `ValueError` with the reason).
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from .bots import FastBot, HeuristicBot, MCTSBot, RandomBot
from .expert import ExpertBot


class Bot(Protocol):
    """What the registry makes: something that chooses a legal action of any
    game (`archwk.kit.game.State`)."""

    def choose(self, state: Any) -> Any: ...


class UnknownBot(ValueError):
    """A bot spec names no bot of the registry, or gives it a bad parameter."""


@dataclass(frozen=True)
class BotKind:
    """One row of the registry."""

    name: str
    factory: Callable[..., Bot]
    #: what the bot does, in a few words (for menus and help texts)
    summary: str
    #: the parameter after ":" as written in help texts (e.g. "N"), None if it takes none
    parameter: str | None = None
    #: what the parameter means
    parameter_help: str = ""
    #: the text after ":" -> keyword arguments of `factory`; raises ValueError with the reason
    parse: Callable[[str], dict] | None = None

    def spec_help(self) -> str:
        if self.parameter is None:
            return self.name
        return f"{self.name}, {self.name}:{self.parameter} ({self.parameter_help})"


def _positive_iterations(text: str) -> dict:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise ValueError("the search iterations after 'mcts:' must be a positive whole number")
    return {"iterations": n}


#: the longest search the registry accepts per decision, in seconds
MAX_SECONDS = 600.0


def _seconds(text: str) -> dict:
    try:
        s = float(text)
    except ValueError:
        s = math.nan
    if not (0 < s <= MAX_SECONDS):  # also refuses nan and inf
        raise ValueError(f"the seconds per decision after 'expert:' must be a number above 0 "
                         f"and at most {MAX_SECONDS:g}, such as 1 or 0.5")
    return {"seconds": s}


#: every bot the registry makes, in menu order
BOTS: tuple[BotKind, ...] = (
    BotKind("random", RandomBot, "chooses uniformly among the legal actions"),
    BotKind("fast", FastBot, "rules of thumb, no lookahead"),
    BotKind("heuristic", HeuristicBot, "looks one turn ahead"),
    BotKind("mcts", MCTSBot, "Monte Carlo tree search", parameter="N",
            parameter_help="N search iterations per decision", parse=_positive_iterations),
    BotKind("expert", ExpertBot, "the strongest: searches what it may know for up to S seconds a move",
            parameter="S", parameter_help="at most S seconds per decision", parse=_seconds),
)
_BY_NAME = {k.name: k for k in BOTS}

#: the bot names, in menu order
BOT_NAMES: tuple[str, ...] = tuple(k.name for k in BOTS)

#: the bot a seat gets when none is named (command line, the explorer's opponents): one that plays
#: a real game, so a newcomer's first game ends by the Guildhall (the random bot's games last
#: about a thousand decisions and end in debts). The one line to change for a stronger default.
DEFAULT_BOT = "heuristic"


def choices() -> str:
    """The accepted specs, in words (for error messages and help texts)."""
    return ", ".join(k.spec_help() for k in BOTS)


def bot_kind(spec: str) -> BotKind:
    """The registry row a spec names ("mcts:50" -> the "mcts" row); `UnknownBot` if none."""
    if not isinstance(spec, str):
        raise UnknownBot(f"a bot spec is a text such as 'random' or 'mcts:50', got {spec!r}")
    name = spec.partition(":")[0].strip().lower()
    kind = _BY_NAME.get(name)
    if kind is None:
        raise UnknownBot(f"unknown bot {spec!r}: choose from {choices()}")
    return kind


def make_bot(spec: str, seed: int = 0) -> Bot:
    """A new bot for `spec` ("random", "fast", "heuristic", "mcts", "mcts:N"),
    seeded with `seed`. Raises `UnknownBot` (a ValueError) naming the choices
    for an unknown name or a bad parameter."""
    kind = bot_kind(spec)
    _, colon, arg = spec.partition(":")
    if not colon:
        return kind.factory(seed)
    if kind.parse is None:
        raise UnknownBot(f"bot {spec!r}: {kind.name!r} takes no parameter after ':'; "
                         f"choose from {choices()}")
    try:
        params = kind.parse(arg.strip())
    except ValueError as e:
        raise UnknownBot(f"bot {spec!r}: {e}") from None
    return kind.factory(seed, **params)
