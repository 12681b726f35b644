"""Bots that choose actions: `bot.choose(state) -> Action`."""
from __future__ import annotations

import random

from .model import GameState


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int | None = 0):
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, state: GameState):
        acts = state.legal_actions()
        if not acts:
            raise ValueError(f"no legal action: {state.prompt}")
        return acts[self._rng.randrange(len(acts))]

    def __repr__(self):
        return f"RandomBot({self.seed!r})"


def play(state: GameState, bots, *, max_decisions: int = 200_000) -> GameState:
    """Let `bots` (one per seat, indexed by player) play from `state` to the end."""
    bots = list(bots)
    if len(bots) < len([p for p in state.players if not p.is_bot]):
        raise ValueError(f"play: need a bot per player, got {len(bots)} for {len(state.players)}")
    for _ in range(max_decisions):
        if state.is_over:
            return state
        state = state.apply(bots[state.current_player].choose(state))
    raise RuntimeError(f"play: the game did not end within {max_decisions} decisions")
