"""The kit's games through OpenSpiel and PettingZoo (issue 25): what the adapters cost,
and OpenSpiel's search bots against ours. Reported figures, not timed tests.

1. speed: decisions per second of uniformly random play to the end of the game, through
   our API (`state.apply`), pyspiel (`state.apply_action`), and PettingZoo (`env.last()`
   then `env.step`, so each decision also builds the agent's observation and mask; and
   `env.step` alone).
2. strength: OpenSpiel's MCTS (`open_spiel.python.algorithms.mcts.MCTSBot`, searching a
   state resampled from the player's information at every decision, so it cannot peek)
   and IS-MCTS (`open_spiel.python.algorithms.ismcts.ISMCTSBot`, keyed by observation
   strings), each given the same seconds per decision as our expert bot (`expert:S`),
   against the expert and the heuristic bot, in 2-player games, seats alternating.
   OpenSpiel's bots evaluate a leaf by random play for `--depth` decisions, then score
   the position as it stands (1 to each player the game's winners would name, else 0): a
   whole random game of Architects is hundreds of decisions, too long to roll out in a
   fraction of a second. A win is being among the winners (a shared win counts for
   both); intervals are 95 % Wilson intervals.

    python benchmarks/bench_interop.py                       # both parts, small
    python benchmarks/bench_interop.py --parts speed --games 5
    python benchmarks/bench_interop.py --parts strength --games 10 --seconds 0.2
    python benchmarks/bench_interop.py --parts strength --games 4 --seconds 0.5 --against heuristic
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pyspiel  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import archwk  # noqa: E402
from archwk.ai.evaluate import wilson  # noqa: E402
from archwk.bots import make_bot  # noqa: E402
from archwk.interop import openspiel as aos  # noqa: E402
from archwk.interop import win_returns  # noqa: E402
from archwk.interop.pettingzoo import env as pz_env  # noqa: E402

PARTS = ("speed", "strength")
#: the fewest simulations a search makes (the first only evaluates the root)
MIN_SIMULATIONS = 2


# --------------------------------------------------------------------------- speed

def speed(game_name: str, players: int, games: int) -> list[tuple[str, float]]:
    game = archwk.load_game(game_name)
    out = []

    n, t = 0, time.perf_counter()
    for seed in range(games):
        s, rng = game.new_game(players, seed=seed), random.Random(seed)
        while not s.is_over:
            s = s.apply(rng.choice(s.legal_actions()))
            n += 1
    out.append(("our API (state.apply)", n / (time.perf_counter() - t)))

    n, t = 0, time.perf_counter()
    for seed in range(games):
        g = pyspiel.load_game(aos.short_name(game), {"players": players, "seed": seed})
        s, rng = g.new_initial_state(), random.Random(seed)
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
            n += 1
    out.append(("pyspiel (state.apply_action)", n / (time.perf_counter() - t)))

    for observe in (True, False):
        n, t = 0, time.perf_counter()
        for seed in range(games):
            e = pz_env(game, players=players)
            e.reset(seed=seed)
            rng = random.Random(seed)
            while e.agents:
                agent = e.agent_selection
                if e.terminations[agent] or e.truncations[agent]:
                    e.step(None)
                    continue
                if observe:
                    obs, *_ = e.last()
                    legal = np.flatnonzero(obs["action_mask"])
                else:
                    legal = [i for i, _ in e._legal()]
                e.step(int(rng.choice(legal)))
                n += 1
        label = "PettingZoo (env.last + env.step)" if observe else "PettingZoo (env.step alone)"
        out.append((label, n / (time.perf_counter() - t)))
    return out


# --------------------------------------------------------------------------- strength

class CutRollouts(mcts.Evaluator):
    """Random play for `depth` decisions, then the position as it stands: 1 to each player
    the game's winners would name now, else 0."""

    def __init__(self, depth: int, rng: np.random.RandomState):
        self.depth, self.rng = depth, rng

    def evaluate(self, state):
        s = state.clone()
        for _ in range(self.depth):
            if s.is_terminal():
                break
            s.apply_action(self.rng.choice(s.legal_actions()))
        if s.is_terminal():
            return np.array(s.returns())
        h = s._held
        return np.array(win_returns(h.state, h.setup.seats))

    def prior(self, state):
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


class TimedMCTS(mcts.MCTSBot):
    """OpenSpiel's MCTS, searching for `seconds` on a state resampled from the player's
    information."""

    def __init__(self, game, seconds: float, depth: int, seed: int):
        rs = np.random.RandomState(seed)
        super().__init__(game, 2.0, 1, CutRollouts(depth, rs), solve=False, random_state=rs)
        self.seconds, self.simulations, self.decisions = seconds, 0, 0
        self.sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)

    def step(self, state):
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        sample = state.resample_from_infostate(state.current_player(), self.sampler)
        deadline = time.perf_counter() + self.seconds
        root = mcts.SearchNode(None, sample.current_player(), 1)  # OpenSpiel's search, until the deadline
        done = 0
        while done < MIN_SIMULATIONS or time.perf_counter() < deadline:
            self._grow(root, sample)
            done += 1
        self.simulations += done
        self.decisions += 1
        return root.best_child().action

    def _grow(self, root, state):
        """One simulation of OpenSpiel's `mcts_search` (its loop body) on `root`."""
        visit_path, working_state = self._apply_tree_policy(root, state)
        if working_state.is_terminal():
            returns = working_state.returns()
            visit_path[-1].outcome = returns
        else:
            returns = self.evaluator.evaluate(working_state)
        while visit_path:
            decision_node_idx = -1
            while visit_path[decision_node_idx].player == pyspiel.PlayerId.CHANCE:
                decision_node_idx -= 1
            target_return = returns[visit_path[decision_node_idx].player]
            node = visit_path.pop()
            node.total_reward += target_return
            node.explore_count += 1


class TimedISMCTS(ismcts.ISMCTSBot):
    """OpenSpiel's IS-MCTS (Python port), searching for `seconds`, keyed by observation strings."""

    def __init__(self, game, seconds: float, depth: int, seed: int):
        rs = np.random.RandomState(seed)
        super().__init__(game, CutRollouts(depth, rs), 2.0, 1, random_state=rs, use_observation_string=True,
                         final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
        self.seconds, self.simulations, self.decisions = seconds, 0, 0

    def run_search(self, state):
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        deadline = time.perf_counter() + self.seconds
        done = 0
        while done < MIN_SIMULATIONS or time.perf_counter() < deadline:
            self.run_simulation(self.sample_root_state(state))
            done += 1
        self.simulations += done
        self.decisions += 1
        return self.get_final_policy(state, self._root_node)


def play(game_name: str, seat_specs: list[str], seed: int, seconds: float, depth: int):
    """One 2-player game: each seat's bot by name ("mcts", "ismcts", "expert", "heuristic");
    the pyspiel state (OpenSpiel's bots play on it, ours on its archwk state)."""
    g = pyspiel.load_game(aos.short_name(game_name), {"players": len(seat_specs), "seed": seed})
    bots = []
    for i, spec in enumerate(seat_specs):
        if spec == "mcts":
            bots.append(TimedMCTS(g, seconds, depth, seed * 10 + i))
        elif spec == "ismcts":
            bots.append(TimedISMCTS(g, seconds, depth, seed * 10 + i))
        elif spec == "expert":
            bots.append(make_bot(f"expert:{seconds}", seed=seed * 10 + i))
        else:
            bots.append(make_bot(spec, seed=seed * 10 + i))
    s = g.new_initial_state()
    enc = s._held.setup.enc
    while not s.is_terminal():
        bot = bots[s.current_player()]
        if isinstance(bot, (TimedMCTS, TimedISMCTS)):
            a = bot.step(s)
        else:
            a = enc.ids[bot.choose(s.archwk_state)]
        s.apply_action(int(a))
    return s, bots


def strength(game_name: str, games: int, seconds: float, depth: int,
             against: tuple[str, ...] = ("heuristic", "expert")) -> list[dict]:
    rows = []
    for ours in against:
        for theirs in ("mcts", "ismcts"):
            wins = ties = sims = decisions = 0
            t = time.perf_counter()
            for k in range(games):
                seats = [theirs, ours] if k % 2 == 0 else [ours, theirs]
                end, bots = play(game_name, seats, seed=1000 + k, seconds=seconds, depth=depth)
                me = seats.index(theirs)
                r = end.returns()
                wins += r[me] > 0
                ties += r[me] > 0 and r[1 - me] > 0
                sims += bots[me].simulations
                decisions += bots[me].decisions
            lo, hi = wilson(wins, games)
            rows.append({"bot": theirs, "against": ours, "games": games, "wins": wins, "shared": ties,
                         "rate": wins / games, "lo": lo, "hi": hi,
                         "sims_per_decision": sims / max(1, decisions),
                         "minutes": (time.perf_counter() - t) / 60})
            r = rows[-1]
            print(f"  {theirs:7s} vs {ours:9s}: won {wins}/{games} ({r['rate']:.0%}, 95% {lo:.0%}-{hi:.0%}), "
                  f"{r['sims_per_decision']:.0f} simulations a decision, {r['minutes']:.1f} min", flush=True)
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--parts", nargs="+", choices=PARTS, default=list(PARTS))
    ap.add_argument("--game", default="architects", choices=sorted(archwk.GAMES))
    ap.add_argument("--games", type=int, default=None, help="games per measurement (speed: 5, strength: 6)")
    ap.add_argument("--players", type=int, default=3, help="player count of the speed part (default 3)")
    ap.add_argument("--seconds", type=float, default=0.1, help="seconds per decision of the searching bots")
    ap.add_argument("--depth", type=int, default=20, help="random decisions before OpenSpiel's bots score a leaf")
    ap.add_argument("--against", nargs="+", choices=("heuristic", "expert"), default=["heuristic", "expert"],
                    help="our bots to play against (default both)")
    args = ap.parse_args(argv)
    print(f"archwk interop benchmark: {args.game}, Python {platform.python_version()}, "
          f"pyspiel {pyspiel.__version__ if hasattr(pyspiel, '__version__') else ''}, "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    if "speed" in args.parts:
        games = args.games or 5
        print(f"decisions per second, random play, {args.players} players, {games} games:")
        for label, rate in speed(args.game, args.players, games):
            print(f"  {label:36s} {rate:9,.0f}")
    if "strength" in args.parts:
        games = args.games or 6
        print(f"OpenSpiel's bots vs ours, 2 players, {games} games a pairing, {args.seconds:g} s a decision, "
              f"rollout depth {args.depth}:")
        strength(args.game, games, args.seconds, args.depth, tuple(args.against))
    print(f"load average at the end {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
