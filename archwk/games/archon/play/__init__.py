"""Archon's play side: what the kit's bots ask of the game by role (its `Game.play_side`):
the heuristic player and the position's worth (`heuristic`), and the determinizer
(`determinize`). It sits above the rules and imports nothing of `archwk.ai`."""
