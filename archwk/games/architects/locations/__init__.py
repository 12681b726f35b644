"""One module per board location. Each defines its placement rule (when a
worker may go there, what placing one does) and the decisions it opens as plain
module attributes; `archwk.games.architects.ruleset` lists them all."""
