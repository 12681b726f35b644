"""The coach on Archon (issue 23, "Analysis"): `archwk.ai.coach` hint, judge, review and
exercises meet Archon only through `state.game` (its determinizer, rollout policy,
win-chance model and explainer), and every sentence is Archon's explainer's
(`archwk.games.archon.explain.coach`). Every test runs the coach on a fixed budget
(`seconds=None`), so the answers do not depend on the machine's speed.

The blunder (`_last_turn`): the last turn of a 2-player game (RB §8a: the game ends when
the third Season's King's Grant is scored), the other player has passed (RB §4e), and
the mover, 4 VP short of winning, can still acquire a Building tile at the Builders'
Guild worth more VP at once (RB §4.2.7a: "score its VP"; Elite Warriors on the wall win
too, §4.2.6b and §7.1); passing instead throws the game away.
"""
from __future__ import annotations

import random

import pytest

import archwk
from archwk.ai import coach
from archwk.ai.bots import HeuristicBot
from archwk.ai.expert import ExpertBot
from archwk.ai.winchance import win_chances
from archwk.games.archon.play.determinize import Determinizer

FAST = {"seconds": None, "max_samples": 6, "search_iterations": 40}
REVIEW = {"seconds_per_move": None, "max_samples": 2, "search_iterations": 8}
#: internal ids a player must never read
IDS = ("builders_guild", "royal_guard", "guild_hall", "tax_collector", "_")


def _play(s, decisions, seed=0):
    bots = [HeuristicBot(seed + i) for i in range(len(s.players))]
    for _ in range(decisions):
        if s.is_over:
            break
        s = s.apply(bots[s.current_player].choose(s))
    return s


def _placing(n, seed, after):
    """A position after `after` heuristic decisions, at a player's turn (place or pass)."""
    s = _play(archwk.new_game(n, seed=seed, game="archon"), after, seed)
    bot = HeuristicBot(seed)
    while s.decision != "turn":
        s = s.apply(bot.choose(s))
    assert not s.is_over
    return s


def _words_ok(text):
    assert text and text.endswith((".", ")")) and not any(i in text for i in IDS), text
    assert "point" not in text  # a chance is never called points (in the game, points are VP)


# --------------------------------------------------------------------------- hint

def test_hint_gives_k_legal_choices_ranked_by_the_search_and_worded_by_archon():
    s = _placing(3, seed=2, after=40)
    top = coach.hint(s, k=3, **FAST)
    legal = s.legal_actions()
    assert len(top) == 3 and len({c.action for c in top}) == 3
    assert all(c.action in legal for c in top)
    assert top[0].action == ExpertBot(0, seconds=None, iterations=FAST["search_iterations"]).choose(s)
    for c in top:
        assert 0.0 <= c.low <= c.win_chance <= c.high <= 1.0 and c.n >= 3
        assert c.label == str(legal[legal.index(c.action)])  # the board's own button for it
        assert c.why.startswith(c.label) and "%" in c.why
        _words_ok(c.why)
        assert c.after_label and c.label not in c.after_label


def test_each_choice_a_hint_offers_can_be_judged():
    s = _placing(2, seed=4, after=30)
    top = coach.hint(s, k=3, **FAST)
    for c in top:
        j = coach.judge(s, c.action, **FAST)
        assert j.played.action == c.action
        assert j.verdict in (None, "inaccuracy", "mistake", "blunder") and j.drop >= 0
        assert any(x.action == c.action for x in j.choices)
        _words_ok(j.text)


def test_hint_reads_only_the_movers_view():
    s = _placing(3, seed=9, after=70)
    p = s.current_player
    other = Determinizer(s.view(p), p).sample(random.Random(3))
    a = coach.hint(s, k=2, **FAST)
    assert coach.hint(s.view(p), k=2, **FAST) == a
    assert coach.hint(other, k=2, **FAST) == a
    with pytest.raises(ValueError, match="another player's view"):
        coach.hint(s.view((p + 1) % 3), **FAST)


def test_hint_at_a_split():
    """RB §4a: the split of the 10 cards into two piles of 5 is a decision the coach hints at too."""
    s = archwk.new_game(2, seed=6, game="archon")
    while s.decision != "split":
        s = s.apply(s.legal_actions()[0])
    top = coach.hint(s, k=2, **FAST)
    assert len(top) == 2 and all(c.label.startswith("Keep ") for c in top)


# --------------------------------------------------------------------------- the blunder

def _last_turn():
    """The last decision of a 2-player game between heuristic bots (round 9: RB §1a, the
    other player has no card left, §4e), made by what-if edits into a position where passing
    loses and a Building tile wins: the mover's last card is a Magister (§5b: one Magister
    alone pays the Builders' Guild's 2-card slot), with the Statue's Resources (§9b: Season 3,
    1 Stone less) and 10 Recruit tokens each (the raid, §7e, then costs no VP), and 4 VP short
    of the other player's final score when passing (§8). Returns (position, the Builders'
    Guild placement, the pass)."""
    s = archwk.new_game(2, seed=2, game="archon")
    bots = [HeuristicBot(2 + i) for i in range(2)]

    def last(x):
        p = x.current_player
        return x.round == 9 and x.decision == "turn" and x.players[p].hand_size == 1 \
            and x.players[1 - p].hand_size == 0

    while not last(s):
        s = s.apply(bots[s.current_player].choose(s))
    p = s.current_player
    magister = next(c for c, k in s.players[p].unseen.items() if k and c != "courtier")
    s = s.edit(player=p, hand=[magister], resources={"stone": 4, "iron": 2, "silver": 2}, recruits=10)
    s = s.edit(player=1 - p, recruits=10)
    pass_ = next(a for a in s.legal_actions() if a.kind == "pass")
    end = _finish(s.apply(pass_))
    scores = [sc.total for sc in archwk.final_scores(end)]
    s = s.edit(player=p, vp=s.players[p].vp + scores[1 - p] - scores[p] - 4)
    tile = next(a for a in s.legal_actions() if a.kind == "place" and a.location == "builders_guild")
    return s, tile, pass_


def _finish(s, seed=0):
    bots = [HeuristicBot(seed + i) for i in range(len(s.players))]
    while not s.is_over:
        s = s.apply(bots[s.current_player].choose(s))
    return s


def test_in_the_hand_built_position_passing_loses_and_the_tile_wins():
    """The premise, on games consistent with the mover's view (the Attack deck's order is
    hidden, §7b): passing loses (§8a), the Building tile (§4.2.7a: its VP at once) wins."""
    s, tile, pass_ = _last_turn()
    p = s.current_player
    for k in range(3):
        game = Determinizer(s.view(p), p).sample(random.Random(k))
        assert archwk.winners(_finish(game.apply(pass_), k)) == [1 - p]
        assert archwk.winners(_finish(game.apply(tile), k)) == [p]


def test_judge_calls_passing_up_the_winning_tile_a_blunder():
    s, _tile, pass_ = _last_turn()
    j = coach.judge(s, pass_, **FAST)
    assert j.verdict in ("mistake", "blunder") and j.clear
    assert j.best.action != pass_
    _words_ok(j.text)
    assert j.text.startswith(("Mistake:", "Blunder:")) and str(pass_) in j.text
    ok = coach.judge(s, j.best.action, **FAST)
    assert ok.verdict is None and ok.drop == 0.0


# --------------------------------------------------------------------------- review and exercises

@pytest.fixture(scope="module")
def reviewed():
    """The hand-built game with the pass played on its last turn (the blunder), then
    finished, reviewed for the mover."""
    s, tile, pass_ = _last_turn()
    p = s.current_player
    g = _finish(s.apply(pass_))
    rev = coach.review(g, players=[p], **REVIEW)
    return s, g, p, tile, pass_, rev


def test_review_covers_every_step_and_lists_the_blunder(reviewed):
    s, g, p, _tile, _pass, rev = reviewed
    steps = g.record()["actions"]
    assert len(rev.chances) == len(steps) + 1  # what-if edits are steps too
    assert all(len(c) == 2 and abs(sum(c) - 1) < 1e-9 for c in rev.chances)
    assert rev.chances[-1] == win_chances(g)
    at = len(s.record()["actions"])  # the step of the pass
    hit = [(i, pl, j) for i, pl, j in rev.judged if i == at]
    assert hit and hit[0][1] == p and hit[0][2].verdict in ("mistake", "blunder")
    assert all(pl == p for _, pl, _ in rev.judged)
    assert coach.review(g.to_json(), players=[s.players[p].name], **REVIEW) == rev


def test_exercises_accept_the_tile_and_reject_the_pass(reviewed):
    s, g, p, tile, pass_, rev = reviewed
    ex = [e for e in coach.exercises(rev, g) if e.played.action == pass_]
    assert ex, "the blunder becomes an exercise"
    e = ex[0]
    assert e.player == p and e.state.current_player == p
    assert e.prompt.startswith(f"{s.players[p].name} to move: find a better choice than “Pass")
    ok, why = e.check(tile)  # accepted: as good as the best choice found (the Royal Guard's VP win too)
    assert ok and e.best[0].win_chance > 0.9
    _words_ok(why)
    ok, why = e.check(pass_)
    assert not ok and "played in the game" in why
    with pytest.raises(ValueError, match="the game that was reviewed"):
        coach.exercises(rev, _placing(2, seed=4, after=30))


def test_archons_words_for_the_coach():
    """The coach's sentences for Archon are its explainer's: labels quoted inside a
    sentence (they hold colons of their own), chances in percent, no internal ids."""
    words = archwk.GAMES["archon"].explainer.coach
    assert words is not archwk.GAMES["architects"].explainer.coach
    s = _placing(2, seed=4, after=30)
    a, b = s.legal_actions()[:2]
    claim = coach.ChoiceClaim(a, 61, 0, False, b, 57)
    why, after = words.choice_why(claim)
    assert why == f"{a} — your best chance to win here, 61%; of the others, choosing “{b}” comes closest, at 57%."
    assert after == f"Your best chance to win here, 61%; of the others, choosing “{b}” comes closest, at 57%."
    assert words.chances_sentence(["Ann", "Ben"], [0.08, 0.92]) == "Ann has an 8% chance to win, Ben 92%."
    with pytest.raises(ValueError, match="archon"):
        words.exercise_answer("nonsense", None, None)


def test_passing_with_a_full_hand_in_mid_game_is_judged_a_blunder():
    """RB §4.1a: a player may pass holding cards, and then takes no more actions this round:
    passing at the start of round 5 with all 5 cards unused gives up a round's actions, which
    the coach calls a mistake or a blunder (here a blunder), against the search's first choice."""
    s = archwk.new_game(3, seed=2, game="archon")
    bot = HeuristicBot(2)
    while s.round < 5 or s.decision != "turn":
        s = s.apply(bot.choose(s))
    assert s.players[s.current_player].hand_size == 5
    pass_ = next(a for a in s.legal_actions() if a.kind == "pass")
    j = coach.judge(s, pass_, seconds=None, max_samples=8, search_iterations=60)
    assert j.verdict == "blunder" and j.clear and j.drop > 20
    assert j.text.startswith("Blunder: “Pass (keeping 5 cards unused)”")
