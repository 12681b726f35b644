"""The expert bot (issue 13): registry, legality, determinism, hidden information."""
from __future__ import annotations

import random

import pytest

import archwk
from archwk import bots
from archwk.ai import expert
from archwk.ai.bots import HeuristicBot
from archwk.ai.expert import ExpertBot
from archwk.ai.registry import BOT_NAMES, UnknownBot, make_bot
from archwk.games.architects.model import OPEN_INDEX
from archwk.games.architects.play import expert as play_expert
from archwk.games.architects.play.determinize import Determinizer
from archwk.games.architects.play.expert import leaf_worth, softmax_value
from archwk.games.architects.play.heuristics import RELEASE_AT, without_free_discards


def _mover(s: archwk.GameState) -> int:
    p = s.current_player
    assert p is not None  # the game is not over
    return p


def _played(n: int, seed: int, decisions: int) -> archwk.GameState:
    s = archwk.new_game(n, seed=seed)
    hs = [HeuristicBot(seed + i) for i in range(n)]
    for _ in range(decisions):
        s = s.apply(hs[_mover(s)].choose(s))
    return s


def _search_position(n: int = 2, seed: int = 5, decisions: int = 40) -> archwk.GameState:
    """A play-phase position with several real choices for the mover."""
    s = _played(n, seed, decisions)
    hs = [HeuristicBot(seed + i) for i in range(n)]
    while s.phase != "play" or len(without_free_discards(s, s.legal_actions())) < 3:
        s = s.apply(hs[_mover(s)].choose(s))
    return s


# ---------------------------------------------------------------- registry

def test_registry_makes_the_expert_with_its_seconds():
    assert "expert" in BOT_NAMES
    assert bots.ExpertBot is ExpertBot
    b = make_bot("expert", 3)
    assert isinstance(b, ExpertBot) and b.seed == 3 and b.seconds == 1.0 and b.iterations is None
    for spec, seconds in (("expert:1", 1.0), ("expert:0.5", 0.5), (" Expert : 2 ", 2.0)):
        b = make_bot(spec, 0)
        assert isinstance(b, ExpertBot) and b.seconds == seconds


@pytest.mark.parametrize("bad", ["expert:0", "expert:-1", "expert:x", "expert:", "expert:nan",
                                 "expert:inf", "expert:601"])
def test_registry_refuses_bad_seconds(bad):
    with pytest.raises(UnknownBot, match="seconds per decision after 'expert:' must be a number above 0"):
        make_bot(bad, 0)


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"seconds": 0}, "seconds per decision must be a positive number"),
    ({"seconds": float("nan")}, "seconds per decision must be a positive number"),
    ({"seconds": None}, "give a time budget"),
    ({"seconds": None, "iterations": 0}, "iterations must be a positive whole number"),
    ({"iterations": 2.5}, "iterations must be a positive whole number"),
    ({"rollout": -1}, "rollout must be 0 or more"),
    ({"close_prior": 1.5}, "close_prior is a share of the prior from 0 to 1"),
    ({"close_prior": "all"}, "close_prior is a share of the prior from 0 to 1"),
    ({"exploration": 0}, "exploration must be a positive number"),
    ({"exploration": float("inf")}, "exploration must be a positive number"),
    ({"exploration": "high"}, "exploration must be a positive number"),
])
def test_bad_settings_are_refused(kwargs, words):
    with pytest.raises(ValueError, match=words):
        ExpertBot(0, **kwargs)


# ---------------------------------------------------------------- play

def test_every_choice_is_legal_and_the_game_ends_by_the_guildhall():
    """A whole 2-player game against the heuristic bot at a tiny search (an
    iterations cap): every choice is legal, and the game ends with the
    Guildhall full (RB, End of the game) before the bots' backstop would start."""
    s = archwk.new_game(2, seed=11)
    expert = ExpertBot(1, seconds=None, iterations=6)
    other = HeuristicBot(2)
    searched = 0
    while not s.is_over:
        bot = expert if s.current_player == 0 else other
        a = bot.choose(s)
        assert s.is_legal(a), (s.prompt, a)
        searched += bot is expert and expert.last_iterations > 0
        s = s.apply(a)
    assert searched > 20
    assert len(s.guildhall) >= 4 * (archwk.games.architects.core.geometry_n(s) + 1)
    assert expert.backstop_used == 0 and s.turn_no <= bots.STALEMATE_TURNS * 2


def test_choices_are_legal_in_a_four_player_game():
    s = archwk.new_game(4, seed=12)
    expert = ExpertBot(3, seconds=None, iterations=5)
    hs = [HeuristicBot(20 + i) for i in range(4)]
    for _ in range(120):
        p = _mover(s)
        a = expert.choose(s) if p == 2 else hs[p].choose(s)
        assert s.is_legal(a), (s.prompt, a)
        s = s.apply(a)


def test_deterministic_for_a_seed_under_an_iterations_cap():
    s = _search_position()
    picks = []
    for _ in range(2):
        bot = ExpertBot(7, seconds=None, iterations=40)
        t, seq = s, []
        for _ in range(6):
            a = bot.choose(t)
            seq.append(a)
            t = t.apply(a)
        picks.append(seq)
    assert picks[0] == picks[1]
    bot = ExpertBot(7, seconds=None, iterations=40)
    bot.choose(s)
    assert bot.last_iterations == 40 or sum(bot.last_visits.values()) < 40  # the cap, or settled early


def test_search_stops_early_when_the_best_move_is_settled():
    """With a large cap and a decisive position the runner-up cannot catch up:
    fewer iterations than the cap are run, and the most visited move is played."""
    s = _search_position()
    bot = ExpertBot(2, seconds=None, iterations=4000)
    a = bot.choose(s)
    assert 0 < bot.last_iterations < 4000
    assert bot.last_visits[a] == max(bot.last_visits.values())


def test_one_legal_action_is_answered_without_search():
    s = archwk.new_game(2, seed=4)
    hs = [HeuristicBot(4), HeuristicBot(5)]
    seen = 0
    for _ in range(400):
        if s.is_over:
            break
        acts = s.legal_actions()
        if len(without_free_discards(s, acts)) == 1:
            bot = ExpertBot(0, seconds=None, iterations=10_000)
            assert bot.choose(s) == without_free_discards(s, acts)[0]
            assert bot.last_iterations == 0
            seen += 1
        s = s.apply(hs[_mover(s)].choose(s))
    assert seen >= 3


def test_never_reads_hidden_information():
    """Two games that differ only in what the mover cannot see (the other hand,
    the deck order, the generator) get the same choice for the same seed."""
    s = _search_position(seed=8, decisions=50)
    me = _mover(s)
    det = Determinizer(s.view(me), me)
    a, b = det.sample(random.Random(1)), det.sample(random.Random(2))
    other = 1 - me
    assert a.players[other].hand != b.players[other].hand  # the hidden hand really differs
    assert a.players[me].hand == b.players[me].hand and a.board == b.board and a.guildhall == b.guildhall
    picks = [ExpertBot(9, seconds=None, iterations=60).choose(x) for x in (a, b)]
    assert picks[0] == picks[1]


def test_leaf_value_is_swappable_and_sees_only_determinized_states():
    s = _search_position()
    seen = []

    def value(x):
        seen.append(x)
        return [1.0 / len(x.players)] * len(x.players)

    bot = ExpertBot(1, seconds=None, iterations=25, value=value)
    assert s.is_legal(bot.choose(s))
    assert bot.last_iterations == 25 and len(seen) >= 25  # every leaf, and the first estimates
    assert all(x is not s for x in seen)


def test_leaf_value_steers_the_choice():
    """A leaf value that gives the mover the win only with more workers at one
    gathering location makes the search place there, whatever the heuristic
    ordering prefers."""
    s = archwk.new_game(2, seed=6)
    hs = [HeuristicBot(6), HeuristicBot(7)]
    while s.phase != "play" or s.decision != "place":
        s = s.apply(hs[_mover(s)].choose(s))
    me = _mover(s)
    gathers = [a for a in s.legal_actions() if a.kind == "place" and a.location in ("quarry", "forest")]
    assert gathers
    usual = HeuristicBot(1).choose(s)
    target = next((a for a in gathers if a != usual), gathers[0])
    row = OPEN_INDEX[target.location]
    before = s.board[row][me]

    def value(x):
        won = x.board[row][me] > before
        return [1.0 if (i == me) == won else 0.0 for i in range(len(x.players))]

    assert ExpertBot(1, seconds=None, iterations=60, value=value).choose(s) == target


def test_softmax_value_is_a_chance_per_seat():
    s = _search_position(n=3)
    v = softmax_value(s)
    assert len(v) == 3 and abs(sum(v) - 1) < 1e-9 and all(0 < x < 1 for x in v)
    vals = [leaf_worth(s, i) for i in range(3)]
    assert v.index(max(v)) == vals.index(max(vals))  # the best prospects, the best chance
    end = archwk.play(archwk.new_game(2, seed=2), [HeuristicBot(1), HeuristicBot(2)])
    w = archwk.winners(end)
    assert softmax_value(end) == [1.0 / len(w) if i in w else 0.0 for i in range(2)]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_the_leaf_is_the_win_chance_model_from_four_players(n):
    """Issue 24 (a stronger expert): from 4 players the expert values its leaves by the
    trained win-chance model (it won more 4-player games so), in smaller games and solo
    by the softmax of its leaf worth; a finished game gives its winners either way."""
    from archwk.ai.roles import PlaySide
    from archwk.ai.winchance import win_chances
    s = _search_position(n=n)
    v = play_expert.win_value(s)
    want = win_chances(s) if n >= play_expert.MODEL_LEAF_PLAYERS else softmax_value(s)
    assert v == want and v != (softmax_value(s) if n >= 4 else win_chances(s))
    assert PlaySide(s.game).win_value is play_expert.win_value  # the game's role, so the search's default
    bot = ExpertBot(1, seconds=None, iterations=5)
    assert bot._leaf_value(PlaySide(s.game))(s) == want
    end = archwk.play(archwk.new_game(n, seed=2), [HeuristicBot(k) for k in range(n)])
    w = archwk.winners(end)
    assert play_expert.win_value(end) == [1.0 / len(w) if i in w else 0.0 for i in range(n)]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_the_search_explores_less_in_two_player_games(n):
    """Issue 24 (a stronger expert): in 2-player games the expert's search trusts its best
    line sooner (exploration 0.7, the game's "exploration" role, its default); from 3
    players it keeps 1.0; a weight the bot is given wins over the game's."""
    from archwk.ai.roles import PlaySide
    s = _search_position(n=n)
    side = PlaySide(s.game)
    want = play_expert.EXPLORATION_2P if n == 2 else 1.0
    assert play_expert.exploration(s) == want and side.exploration(s) == want
    assert ExpertBot(1, seconds=None, iterations=5).search(side, s).exploration == want
    assert ExpertBot(1, seconds=None, iterations=5, exploration=1.3).search(side, s).exploration == 1.3


def test_the_two_player_exploration_steers_the_search():
    """The weight reaches the search the bot runs: on a 2-player position the default bot's
    root visits are those of a bot given 0.7, and not those of one given 1.0."""
    s = _search_position(n=2)

    def visits(**kw):
        bot = ExpertBot(4, seconds=None, iterations=60, **kw)
        bot.choose(s)
        return bot.last_visits

    assert visits() == visits(exploration=play_expert.EXPLORATION_2P)
    assert visits() != visits(exploration=1.0)


def test_a_solo_game_keeps_the_softmax_leaf():
    s = archwk.new_game(1, seed=3, options=archwk.Options(solo_opponent="helena"))
    while s.decision != "place":
        s = s.apply(HeuristicBot(1).choose(s))
    assert play_expert.win_value(s) == softmax_value(s)
    assert play_expert.exploration(s) == 1.0  # solo keeps the search's own weight


def _placing_position(n=2, seed=5):
    s = _search_position(n=n, seed=seed, decisions=12)
    while s.decision != "place":
        s = s.apply(HeuristicBot(1).choose(s))
    return s


def test_leaf_worth_counts_a_mines_group_by_its_gold():
    """Facts §10, Mines: a group of W own workers yields floor(W/2) Gold at each
    placement there; the expert counts that income (what a capture takes away),
    whatever the Guildhall's progress."""
    s = _placing_position()
    p = s.current_player
    s0 = s.edit(workers_at={"mines": {p: 0}})
    s6 = s.edit(workers_at={"mines": {p: 6}})
    gain = leaf_worth(s6, p) - leaf_worth(s0, p)
    heuristic_gain = bots.position_value(s6, p) - bots.position_value(s0, p)
    assert gain - heuristic_gain == pytest.approx(play_expert.MINES_GROUP_VP * 3)
    assert softmax_value(s6)[p] > softmax_value(s0)[p]


def test_leaf_worth_gives_nothing_for_goods_no_building_needs():
    """Scoring (facts §14): Clay, Wood and Stone score nothing; beyond what a
    plan needs, a pile of them is no prospect either."""
    s = _placing_position()
    p = s.current_player
    goods = {"clay": 6, "wood": 0, "stone": 0, "gold": 0, "marble": 0}
    few = s.edit(player=p, hand=[], resources=goods)
    many = s.edit(player=p, hand=[], resources=dict(goods, clay=90))
    assert bots.position_value(many, p) > bots.position_value(few, p) + 4  # the heuristic bot's view
    assert leaf_worth(many, p) == pytest.approx(leaf_worth(few, p))


# ---------------------------------------------------------------- long games

def test_closing_weight_grows_from_the_first_to_the_second_close_turn():
    """0 before CLOSE_TURNS[0] turns a player, 1 from CLOSE_TURNS[1], in between
    in proportion; the same at every player count."""
    lo, hi = play_expert.CLOSE_TURNS
    for n in (2, 4):
        s = archwk.new_game(n, seed=1)
        assert play_expert.closing_weight(s) == 0.0
        weights = []
        for per in (lo - 1, lo, (lo + hi) / 2, hi, hi + 30):
            fake = type("Long", (), {"turn_no": per * n, "players": s.players})()
            weights.append(play_expert.closing_weight(fake))
        assert weights == [0.0, 0.0, pytest.approx(0.5), 1.0, 1.0]


def test_a_long_game_leans_on_the_closing_plan(monkeypatch):
    """RB, End of the Game: the Guildhall filling up ends the game. Past the close
    turns the closing plan's choice (construct, or work towards the nearest
    building) holds at least CLOSE_PRIOR of the root prior; before them the prior
    is the heuristic ordering alone."""
    s = _placing_position()
    cands = without_free_discards(s, s.legal_actions())
    short = ExpertBot(3, seconds=None, iterations=8)
    plain = ExpertBot(3, seconds=None, iterations=8, close_prior=0.0)
    short.choose(s)
    plain.choose(s)
    assert short.last_prior == plain.last_prior  # turn_no is far below CLOSE_TURNS[0]
    monkeypatch.setattr(play_expert, "CLOSE_TURNS", (0, 1))  # every position is a long game
    long = ExpertBot(3, seconds=None, iterations=8)
    long.choose(s)
    plan = bots.stalemate_choice(s, cands)
    assert long.last_prior[plan] >= expert.CLOSE_PRIOR
    assert sum(long.last_prior.values()) == pytest.approx(1.0)
    others = [a for a in cands if a != plan]
    assert all(long.last_prior[a] == pytest.approx(plain.last_prior[a] * (1 - expert.CLOSE_PRIOR)) for a in others)


def test_the_closing_plan_gives_way_to_a_clearly_better_move():
    """RB, End of the Game: on the last turn of a long game (77 turns a player,
    past the close turns) the closing plan gathers Stone at the Quarry, which
    loses; the search finds the King's Storehouse trade that wins, though the
    plan holds 90% of its prior."""
    from pathlib import Path
    path = Path(__file__).parent / "data" / "last_turn_storehouse.json"
    s = archwk.GameState.from_json(path.read_text(encoding="utf-8"))
    assert play_expert.closing_weight(s) == 1.0
    cands = without_free_discards(s, s.legal_actions())
    plan = bots.stalemate_choice(s, cands)
    assert plan.location == "quarry"
    bot = ExpertBot(7, seconds=None, iterations=200)
    choice = bot.choose(s)
    assert bot.last_prior[plan] >= expert.CLOSE_PRIOR
    assert choice.location == "storehouse"


def test_the_closing_plan_frees_its_workers_from_prison():
    """RB, Guardhouse: releasing your workers from Prison is free. With most of
    its workers in Prison the closing plan first gets them back (one placement a
    turn gathers next to nothing), then stops."""
    s = _placing_position()
    p = s.current_player
    s = s.edit(player=p, in_prison=15, hand=[s.building_deck[0]])
    plan = bots.stalemate_choice(s, without_free_discards(s, s.legal_actions()))
    assert plan.location == "guardhouse"
    s = s.apply(plan)
    assert s.decision == "guardhouse"
    release = bots.stalemate_choice(s, s.legal_actions())
    assert release.option == "release_prison"
    s = s.apply(release)
    assert s.players[p].in_prison == 0
    # a few in Prison do not pull the plan away from its building
    s2 = _placing_position().edit(player=p, in_prison=RELEASE_AT - 1)
    assert bots.stalemate_choice(s2, without_free_discards(s2, s2.legal_actions())).location != "guardhouse"
