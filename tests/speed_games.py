"""Seeded random games, digested: run as a script by tests/test_speed.py under
each build (pure source, compiled) to compare them byte for byte.

    PYTHONPATH=build/compiled python tests/speed_games.py

Prints one JSON line: which build ran, games, decisions, and a sha256 over every
state's prompt, legal action labels and JSON, events' texts and (every
few decisions) the save, placement blockers and the reason an action is illegal.
"""
from __future__ import annotations

import hashlib
import json
import random
import sys

import archwk
from archwk import Action, Options
from archwk.games.architects import engine


def build() -> str:
    return "pure" if engine.__file__.endswith(".py") else "compiled"


def digest(games_per_count: int = 1) -> dict:
    h = hashlib.sha256()
    decisions = games = 0
    option_sets = (Options(), Options.online(),
                   Options(board_side=2, artisans=True, expansion_cards=True, promo_characters=True))
    for players in (1, 2, 3, 4, 5):
        for g in range(games_per_count):
            seed = 100 * players + g
            s = archwk.new_game(players, seed=seed, options=option_sets[(players + g) % len(option_sets)])
            rng = random.Random(seed)
            while not s.is_over:
                acts = s.legal_actions()
                for part in (s.prompt, *(str(a) + a.to_json() for a in acts), *(e.text for e in s.events)):
                    h.update(part.encode() + b"\0")
                if decisions % 5 == 0:
                    h.update(s.to_json().encode())
                if decisions % 7 == 0:
                    h.update(json.dumps(dict(s.placement_blockers()), sort_keys=True).encode())
                    h.update(str(s.why_illegal(Action("place", location="guildhall"))).encode())
                s = s.apply(rng.choice(acts))
                decisions += 1
            h.update(s.to_json().encode())
            games += 1
    return {"build": build(), "games": games, "decisions": decisions, "sha256": h.hexdigest()}


if __name__ == "__main__":
    print(json.dumps(digest(int(sys.argv[1]) if len(sys.argv) > 1 else 1)))
