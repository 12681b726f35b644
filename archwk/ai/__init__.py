"""Play and analysis, apart from the rules: bots, move evaluation,
determinization, graphs, batch simulation (locally or on Dask) and the
command line.

The rules (every other module of `archwk`) never import this package; it
imports them. Its game-neutral modules reach a game only through `state.game`
(its play side by role: `archwk.ai.roles`); each game's own heuristics,
determinizer and win-chance features sit beside it (Architects':
`archwk.games.architects.play`). Its modules, from the bottom up:

* `archwk.ai.roles`: what a game's play side offers the bots, with defaults;
* `archwk.ai.search`: the one search core (information-set MCTS, PUCT) with an
  injected evaluator and determinizer;
* `archwk.ai.bots`: the bots (random, fast, heuristic, `MCTSBot`) and `play`;
* `archwk.ai.expert`: the strong bot, a time-limited search (`ExpertBot`);
* `archwk.ai.registry`: the bots by name ("random", "mcts:50", ...);
* `archwk.ai.evaluate`: Monte Carlo value of each legal action;
* `archwk.ai.winchance`: each seat's chance to win, from the game's public features;
* `archwk.ai.coach`: hint, judgement of a move, game review, exercises;
* `archwk.ai.graphs`: decision tree, card synergy, worker flow (networkx);
* `archwk.ai.games`: one bot game as a record, the unit of a simulation;
* `archwk.ai.distributed`: those games on a Dask cluster;
* `archwk.ai.simulate`: many games, their statistics and summary;
* `archwk.ai.cli`: the `archwk` command.

Not game-neutral yet: the coach, the graphs and the simulation's game record
(`tests/ai/test_layering.py`, `NOT_NEUTRAL`, says why). Their public names
stay: `archwk.bots` re-exports the bots, the registry and Architects'
heuristics, and `archwk.analysis` the determinization, evaluation and graphs.
Nothing is imported here, so `import archwk.ai.registry` loads only what it needs.
"""
