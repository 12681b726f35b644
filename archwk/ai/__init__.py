"""Play and analysis, apart from the rules: bots, move evaluation,
determinization, graphs, batch simulation (locally or on Dask) and the
command line.

The rules (every other module of `archwk`) never import this package; it
imports them. Its modules, from the bottom up:

* `archwk.ai.determinize`: full games consistent with one player's view;
* `archwk.ai.bots`: the bots, `play` and `rollout`;
* `archwk.ai.expert`: the strong bot, a time-limited search (`ExpertBot`);
* `archwk.ai.registry`: the bots by name ("random", "mcts:50", ...);
* `archwk.ai.evaluate`: Monte Carlo value of each legal action;
* `archwk.ai.winchance`: each seat's chance to win, from public information;
* `archwk.ai.coach`: hint, judgement of a move, game review, exercises;
* `archwk.ai.graphs`: decision tree, card synergy, worker flow (networkx);
* `archwk.ai.games`: one bot game as a record, the unit of a simulation;
* `archwk.ai.distributed`: those games on a Dask cluster;
* `archwk.ai.simulate`: many games, their statistics and summary;
* `archwk.ai.cli`: the `archwk` command.

Their public names stay: `archwk.bots` re-exports the bots and the registry,
and `archwk.analysis` the determinization, evaluation and graphs.
Nothing is imported here, so `import archwk.ai.registry` loads only what it needs.
"""
