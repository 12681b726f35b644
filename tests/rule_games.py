"""Random games under every option set, for checks over whole games (the
action table, the decision registry)."""
from __future__ import annotations

import random

import archwk
from archwk import Options

#: (players, options): every option of Options at least once, every player count
OPTION_SETS = (
    (3, Options()),
    (4, Options(board_side=2)),
    (2, Options(artisans=True)),
    (5, Options(expansion_cards=True)),
    (3, Options(board_side=2, promo_characters=True, expansion_cards=True)),
    (4, Options.online()),
    (1, Options()),
    (1, Options(solo_opponent="helena", expansion_cards=True, artisans=True)),
    (2, Options(two_player_bot=True, board_side=2, promo_characters=True)),
    (2, Options(voluntary_apprentice_discard=False, artisans=True, artisans_discard_returns_silver=False)),
)


def random_games(seeds=range(3)):
    """Yield (state, legal actions) at every decision of random games."""
    for seed in seeds:
        for n, options in OPTION_SETS:
            r = random.Random(seed)
            s = archwk.new_game(n, seed=seed, options=options)
            while not s.is_over:
                acts = s.legal_actions()
                yield s, acts
                s = s.apply(r.choice(acts))
