"""Archon's pages, as the dashboard lists them: (notebook, title, what it is for). Kept
apart from `apps` so that the dashboard links them without loading the board."""
from __future__ import annotations

PAGES = (
    ("archon_tutorial.ipynb", "Archon: rules tutorial",
     "Learn Archon: Glory & Machination step by step: one short lesson per part of the rulebook, each "
     "with a task on the board and a check of what you did."),
    ("archon.ipynb", "Archon: game explorer",
     "Play a full game of Archon: Glory & Machination against bots or hot-seat; step back through the "
     "history at any time."),
    ("archon_whatif.ipynb", "Archon: what-if editor",
     "A position from the middle of a game of Archon: change it in the what-if editor and play on."),
    ("archon_gallery.ipynb", "Archon: cards and tiles",
     "Every Building tile, King's Favor, King's Grant, Attack and Province card of Archon, with the "
     "figures that are examples marked."),
)
