"""Every game in `archwk.GAMES` as a PettingZoo AEC environment (needs
``pip install "archwk[interop]"``).

>>> from archwk.interop.pettingzoo import env
>>> e = env("architects", players=3)
>>> e.reset(seed=7)
>>> obs, reward, terminated, truncated, info = e.last()
>>> e.agent_selection, obs["observation"].shape == e.observation_space("player_0")["observation"].shape
('player_1', True)
>>> e.step(int(obs["action_mask"].argmax()))

What an agent sees (`archwk.interop` describes the players, ids and rewards):

- **Agents** ``player_0``, ``player_1``, ... are the seats played by players, in seat
  order (a seat the game plays itself, such as Architects' solo opponent, is no agent).
- **Observation**: a dict with ``"observation"``, the agent's observation vector
  (float32; `observation_names(env)` names each number, `Game.observation_layout`
  gives its range, which is the Box's), read from that agent's view of the game, so
  nothing hidden from it shows; and ``"action_mask"`` (int8), 1 for each action id
  legal now for the agent to move, all 0 for the others and at the end.
- **Actions**: ``Discrete(n)``: id i is `Game.all_actions(players, options)[i]`, the
  same choice in every state; `action_label(env, i)` words it as the game does. An id
  that is not legal now raises `archwk.IllegalAction` naming the choices there are,
  and nothing changes.
- **Rewards**: 0 until the end; then 1 to each winner, 0 to the others. A game the
  agents drag past ``max_game_length`` decisions (default 20,000) is truncated and
  rewarded on the position as it stands.
- **Seeds**: ``reset(seed=s)`` starts the game `archwk.new_game(players, seed=s,
  options=options)`, so the same seed and actions give the same game; ``reset()``
  without a seed takes the next seed from a generator seeded by the last seed given
  (or fresh). Reset options are not used.
- **Render** modes: ``"ansi"`` returns the position in words (the prompt and the
  choices), ``"human"`` prints it.
"""
from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..games import load_game
from ..kit.errors import ArchwkError, IllegalAction
from ..kit.game import Game
from . import MAX_GAME_LENGTH, agent_seats, encoding, unique_labels, win_returns

__all__ = ["ArchwkEnv", "action_label", "env", "observation_names"]

_WHERE = "PettingZoo"
RENDER_MODES = ("human", "ansi")


def env(game: str | Game = "architects", **kwargs) -> ArchwkEnv:
    """An AEC environment of `game` (see `ArchwkEnv` for the arguments)."""
    return ArchwkEnv(game, **kwargs)


class ArchwkEnv(AECEnv):
    """One archwk game as a PettingZoo AEC environment (see the module docstring).

    `players` as `archwk.new_game` (default: 2, or the game's minimum), `options` the
    game's `Options` (default: its defaults), `max_game_length` the most decisions
    before the game is truncated, `render_mode` None, "ansi" or "human".
    """

    def __init__(self, game: str | Game = "architects", players: int | None = None, options: Any = None,
                 max_game_length: int = MAX_GAME_LENGTH, render_mode: str | None = None):
        super().__init__()
        g = game if isinstance(game, Game) else load_game(game)
        if players is None:
            players = min(max(g.min_players, 2), g.max_players)
        if render_mode not in (None, *RENDER_MODES):
            raise ArchwkError(f"render_mode: expected one of {list(RENDER_MODES)} or None, got {render_mode!r}")
        if isinstance(max_game_length, bool) or not isinstance(max_game_length, int) or max_game_length < 1:
            raise ArchwkError(f"max_game_length: expected a whole number of decisions, at least 1, "
                              f"got {max_game_length!r}")
        self.metadata = {"name": f"archwk_{g.name}_v0", "render_modes": list(RENDER_MODES),
                         "is_parallelizable": False}
        self.game, self.players, self.options = g, players, options
        self.max_game_length = max_game_length
        self.render_mode = render_mode
        first = g.new_game(players, seed=0, options=options)  # checks players and options
        self.seats = agent_seats(first)
        self.encoding = encoding(g, players, options, _WHERE)
        self.possible_agents = [f"player_{i}" for i in range(len(self.seats))]
        self._agent_of = {seat: a for seat, a in zip(self.seats, self.possible_agents)}
        self._seat_of = {a: seat for seat, a in zip(self.seats, self.possible_agents)}
        n = len(self.encoding.actions)
        layout = self.encoding.layout
        obs_space = spaces.Dict({
            "observation": spaces.Box(low=np.array([f.low for f in layout], np.float32),
                                      high=np.array([f.high for f in layout], np.float32), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
        })
        # one space object per agent (seeding a space seeds that agent's samples)
        self.observation_spaces = {a: spaces.Dict(dict(obs_space.spaces)) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._seeder = random.Random()
        self.game_state: Any = None  #: the archwk state of the game under way
        self.moves = 0
        self.agents: list[str] = []

    # -- PettingZoo's API

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
                raise ArchwkError(f"reset: seed must be a whole number, got {seed!r}")
            self._seeder = random.Random(int(seed))
            game_seed = int(seed)
        else:
            game_seed = self._seeder.randrange(2 ** 31)
        self.game_state = self.game.new_game(self.players, seed=game_seed, options=self.options)
        self.moves = 0
        self._legal_cache: tuple[Any, list] | None = None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self.agent_selection = self._agent_of[self.game_state.current_player]
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat_of[agent]
        vector = np.asarray(self.encoding.vector(self.game_state.view(seat), seat), dtype=np.float32)
        mask = np.zeros(len(self.encoding.actions), dtype=np.int8)
        if not self._over and self.game_state.current_player == seat:
            mask[[i for i, _ in self._legal()]] = 1
        return {"observation": vector, "action_mask": mask}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        chosen = dict(self._legal()).get(self._id(action))
        if chosen is None:
            labels = "; ".join(unique_labels([str(a) for _, a in self._legal()]))
            raise IllegalAction(f"action {action!r} is not legal now ({self.game_state.prompt}): the choices are "
                                f"{labels}")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.game_state = self.game_state.apply(chosen)
        self.moves += 1
        if self._over:
            done = self.terminations if self.game_state.is_over else self.truncations
            for a, r in zip(self.possible_agents, win_returns(self.game_state, self.seats)):
                self.rewards[a] = r
                done[a] = True
        else:
            self.agent_selection = self._agent_of[self.game_state.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        if self.game_state is None:
            text = f"{self.game.title}: not started (call reset)"
        elif self._over:
            won = [a for a, r in zip(self.possible_agents, win_returns(self.game_state, self.seats)) if r]
            end = "the game is over" if self.game_state.is_over else f"stopped after {self.moves} decisions"
            text = f"{self.game.title}: {end}; won: {', '.join(won) or 'nobody'}"
        else:
            labels = unique_labels([str(a) for _, a in self._legal()])
            text = "\n".join([f"{self.game.title}, decision {self.moves}: {self.game_state.prompt}"]
                             + [f"  {i}: {w}" for (i, _), w in zip(self._legal(), labels)])
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    # -- helpers

    @property
    def _over(self) -> bool:
        return self.game_state.is_over or self.moves >= self.max_game_length

    def _legal(self) -> list:
        cache = self._legal_cache
        if cache is None or cache[0] is not self.game_state:
            cache = self._legal_cache = (self.game_state, self.encoding.legal(self.game_state))
        return cache[1]

    def _id(self, action) -> int | None:
        if isinstance(action, (bool, np.bool_)):
            return None
        if isinstance(action, (int, np.integer)):
            return int(action)
        if isinstance(action, np.ndarray) and action.shape in ((), (1,)) and np.issubdtype(action.dtype, np.integer):
            return int(action.reshape(()))
        return None

    def __str__(self) -> str:
        return str(self.metadata["name"])


def observation_names(e: ArchwkEnv) -> list[str]:
    """The name of each number of the observation vector, in order."""
    return [f.name for f in e.unwrapped.encoding.layout]


def action_label(e: ArchwkEnv, action_id: int) -> str:
    """Action `action_id` in the game's words (worded from the position when legal now)."""
    u = e.unwrapped
    if u.game_state is not None and not u._over:
        legal = u._legal()
        for (i, _), w in zip(legal, unique_labels([str(a) for _, a in legal])):
            if i == action_id:
                return w
    return str(u.encoding.action(action_id))
