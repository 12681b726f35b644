"""The game-neutral kit: what every game of archwk is built on (errors, seeded
randomness, the data-file checker, the game protocol). Nothing here knows a game."""
