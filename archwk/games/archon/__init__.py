"""Archon: Glory & Machination, the kit's second game (2-4 players).

Its rules follow the rulebook (`shared/seeds/003_*.txt`) as restated, clause by
clause, in `shared/reference/archon-facts.md`; where the text is silent the
facts file's resolutions (A1-A29) are followed, and where it names two readings
`Options` holds the choice. Most card and tile figures are not printed in the
rulebook: they live in `data/components.toml`, each marked as printed or not,
checked when loaded (`components.load`), and `Options(components=PATH)` plays
with another file (a box's printed values) through the same checks.

Inside, bottom to top: `constants` · `components` (the data file and its checks)
· `options` · `actions` · `events` · `state` (the table and the read-only
player records) · `rules` (setup, placements, the ten locations, the end of a
round, the Season attack and scoring) · `engine` (decisions: the legal list,
apply, the legality gate) · `scoring` · `views` · `save` (what a state shows)
· `edit` · `record`, `gamecode` · `table` (the read API) · `explain/` (every
word) · `game` (`GameState`, `new_game`, `replay`) · `encoding` (action ids and
the observation vector for `archwk.interop`) · `definition` (its `Game`).
The play side (heuristic bot, evaluator, determinizer) is `play/`.
"""
