"""The expert bot on Archon (issue 23, "Analysis"): the shared search (`archwk.ai.search`)
configured with Archon's play side: its evaluator (`position_value`, in VP), its
determinizer, its rollout policy and its lookahead (a placement is valued with the
decisions it opens for the same player, RB §4.2a: "placement triggers the action at once")."""
from __future__ import annotations

import archwk
from archwk.ai.bots import HeuristicBot
from archwk.ai.expert import ExpertBot
from archwk.ai.roles import PlaySide
from archwk.games.archon.play import heuristic


def _placing(n, seed, rounds=3):
    s = archwk.new_game(n, seed=seed, game="archon")
    bot = HeuristicBot(seed)
    while s.round < rounds or s.decision != "turn":
        s = s.apply(bot.choose(s))
    return s


def test_the_expert_searches_with_archons_play_side():
    side = PlaySide(archwk.GAMES["archon"])
    assert side.worth is heuristic.position_value and side.lookahead is heuristic.lookahead
    s = _placing(3, seed=5)
    bot = ExpertBot(1, seconds=None, iterations=30)
    a = bot.choose(s)
    assert a in s.legal_actions() and bot.last_iterations == 30
    assert set(bot.last_visits) <= set(s.legal_actions()) and sum(bot.last_visits.values()) > 0
    assert ExpertBot(1, seconds=None, iterations=30).choose(s) == a  # a seed and no clock: the same choice


def test_the_lookahead_plays_the_movers_follow_ups_only():
    """A placement that opens a decision of the same player (a trade at the Marketplace,
    RB §4.2.4; a cube to take at the Repository, §4.2.1; ...) is valued after it; the
    next player's turn is not played."""
    s = _placing(2, seed=7)
    p = s.current_player
    opened = 0
    for a in s.legal_actions():
        after = s.apply(a)
        x = heuristic.lookahead(s, after, p)
        if after.current_player == p and after.decision in heuristic.FOLLOW:
            opened += 1
            assert x is not after and len(x.history) > len(after.history)
        else:
            assert x is after
        assert x.current_player != p or x.decision not in heuristic.FOLLOW or len(x.history) - len(after.history) == 3
    assert opened
