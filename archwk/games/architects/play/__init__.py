"""Architects' play side: what the game-neutral bots, search, coach and win-chance
model of `archwk.ai` need to know of this game, beside it.

It sits above the rules: it may import them (it reads their internals: the
score lines, the prices, the board rows), and the rules never import it.
`archwk.ai` never imports it either; it asks `state.game.play(role)`, and the
game's definition (`archwk.games.architects.definition`, `play_side`) names each
role's object here by its import path (the roles: `archwk.ai.roles`).

* `determinize`: full games consistent with one player's view ("determinizer");
* `heuristics`: `position_value` ("evaluator"), `fast_choice` ("rollout_policy"),
  the closing plan `stalemate_choice` ("closing_plan", and the bots' backstop)
  and the heuristic player `HeuristicBot` ("heuristic");
* `expert`: the expert's leaf value `win_value` ("win_value": the win-chance
  model from 4 players, else `softmax_value`), its
  `lookahead`, its placement prior ("prior_weights"), `closing_weight` and its
  search's `exploration` weight (lower in 2-player games);
* `winchance`: the win-chance model's features and its fitted network;
* `roles`: the small answers (action keys, the setup left to the heuristic
  player, the backstop, the seats that decide).

Nothing is imported here.
"""
