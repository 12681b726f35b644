"""Bots: RandomBot, FastBot, HeuristicBot, MCTSBot (issue 6). Strength is measured
by benchmarks/bench_analysis.py, not here; these check legality, determinism,
that no bot reads hidden cards, and the command-line bot names."""
from __future__ import annotations

import random

import pytest

import archwk
from archwk.ai import bots
from archwk.ai.registry import BOT_NAMES, UnknownBot, make_bot
from archwk.games.architects.play import heuristics
from archwk.games.architects.play.determinize import Determinizer
from archwk.games.architects.table import guildhall_spaces


def _mid_game(n=3, seed=5, decisions=60):
    s = archwk.new_game(n, seed=seed)
    b = [bots.FastBot(seed * 10 + i) for i in range(n)]
    for _ in range(decisions):
        s = s.apply(b[s.current_player].choose(s))
    return s


def test_random_bot_unchanged():
    s = archwk.new_game(3, seed=7)
    a = bots.RandomBot(3).choose(s)
    assert a == s.legal_actions()[random.Random(3).randrange(len(s.legal_actions()))]
    assert repr(bots.RandomBot(3)) == "RandomBot(3)"


@pytest.mark.parametrize("cls", [bots.FastBot, bots.HeuristicBot])
def test_bot_finishes_a_game_against_random(cls):
    s = archwk.new_game(4, seed=2)
    end = archwk.play(s, [cls(1), bots.RandomBot(2), bots.RandomBot(3), bots.RandomBot(4)])
    assert end.is_over
    assert 0 in archwk.winners(end)  # the sensible bot beats three random ones here


def test_heuristic_bot_is_deterministic_for_a_seed():
    s = _mid_game()
    assert bots.HeuristicBot(4).choose(s) == bots.HeuristicBot(4).choose(s)


@pytest.mark.parametrize("make", [lambda: bots.HeuristicBot(9), lambda: bots.MCTSBot(9, iterations=15),
                                  lambda: bots.FastBot(9)])
def test_bots_do_not_peek_at_hidden_cards(make):
    """The same choice in every game that looks the same to the bot: other hands
    and deck orders redealt from its view change nothing."""
    s = _mid_game(decisions=80)
    while s.decision != "place":
        s = s.apply(bots.FastBot(0).choose(s))
    p = s.current_player
    other = Determinizer(s.view(p), p).sample(random.Random(123))
    assert other.players[p].hand == s.players[p].hand
    assert other.building_deck != s.building_deck
    assert make().choose(s) == make().choose(other)


def test_mcts_bot_plays_legal_moves_and_reports_visits():
    s = _mid_game(n=2, seed=3, decisions=40)
    bot = bots.MCTSBot(1, iterations=25)
    for _ in range(6):
        if s.is_over:
            break
        a = bot.choose(s)
        assert s.is_legal(a)
        if len(s.legal_actions()) > 1:
            assert sum(bot.last_visits.values()) == 25
        s = s.apply(a)


def test_mcts_bot_rejects_no_iterations():
    with pytest.raises(ValueError, match="iterations"):
        bots.MCTSBot(1, iterations=0)


def test_position_value_cache_agrees_with_fresh_computation():
    s = _mid_game(n=4, decisions=120)
    cached = [heuristics.position_value(s, p) for p in range(4)]
    heuristics._PERSONAL_BY_BOARD.clear()
    assert [heuristics.position_value(s, p) for p in range(4)] == cached
    assert heuristics.relative_value(s, 0) == pytest.approx(cached[0] - max(cached[1:]))


def test_leaf_rewards_between_0_and_1_and_favour_the_leader():
    s = _mid_game(n=3, decisions=150)
    r = bots.leaf_rewards(s)
    vals = [heuristics.position_value(s, p) for p in range(3)]
    assert all(0 <= x <= 1 for x in r)
    assert r.index(max(r)) == vals.index(max(vals))


def test_stalemate_choice_builds_when_it_can():
    s = _mid_game(n=2, seed=4, decisions=10)
    for _ in range(2000):
        if s.decision == "place" and any(a.location == "guildhall" for a in s.legal_actions()):
            break
        s = s.apply(bots.FastBot(1).choose(s))
    assert heuristics.stalemate_choice(s, s.legal_actions()).location == "guildhall"


def _placing(n=2, seed=4):
    s = _mid_game(n=n, seed=seed, decisions=10)
    while s.decision != "place":
        s = s.apply(bots.FastBot(1).choose(s))
    return s


def _backstop(s):
    acts = s.legal_actions()
    return acts[0] if len(acts) == 1 else heuristics.stalemate_choice(s, acts)


def test_backstop_hires_the_skill_its_building_needs():
    """RB, Workshop: hire 1 apprentice or work on plans. With a building whose
    skill is missing, the backstop hires an apprentice who has it, not more plans."""
    s = _placing()
    p = s.current_player
    display = [1, 2, 3, 4, 5, 6, 8, 10]  # only the apprentice in slot 2 (an Acolyte) has Masonry
    s = s.edit(player=p, hand=["Factory"], apprentices=[], silver=10, display=display,
               resources={"clay": 0, "wood": 0, "stone": 0, "gold": 0, "marble": 0})
    a = heuristics.stalemate_choice(s, s.legal_actions())
    assert a.kind == "place" and a.location == "workshop"
    s = s.apply(a)
    assert s.decision == "workshop"
    hire = heuristics.stalemate_choice(s, s.legal_actions())
    apprentices = archwk.games.architects.cards.APPRENTICES
    assert hire.kind == "hire" and "masonry" in apprentices[s.display[hire.target] - 1].skills


def test_backstop_trades_for_the_marble_its_building_needs():
    """Facts §10, King's Storehouse: any 3 of Wood and Stone trade for 1 Marble."""
    s = _placing()
    p = s.current_player
    s = s.edit(player=p, hand=["Fountain"], resources={"clay": 0, "wood": 4, "stone": 3, "gold": 0, "marble": 0})
    a = heuristics.stalemate_choice(s, s.legal_actions())
    assert a.kind == "place" and a.location == "storehouse"
    s = s.apply(a)
    trade = heuristics.stalemate_choice(s, s.legal_actions())
    assert trade.kind == "trade" and len(trade.option) == 3 and set(trade.option) <= {"wood", "stone"}
    assert s.apply(trade).players[p].marble == 1


def test_backstop_takes_the_gold_its_building_needs():
    """Facts §10, Mines: W + 1 Clay or floor(W/2) Gold."""
    s = _placing()
    p = s.current_player
    s = s.edit(player=p, hand=["Steeple"], resources={"clay": 0, "wood": 2, "stone": 0, "gold": 0, "marble": 0},
               workers_at={"mines": {p: 3}})
    a = heuristics.stalemate_choice(s, s.legal_actions())
    assert a.kind == "place" and a.location == "mines"
    s = s.apply(a)
    take = heuristics.stalemate_choice(s, s.legal_actions())
    assert take.option == "gold" and s.apply(take).players[p].gold == 2


@pytest.mark.parametrize("seed", range(10))
def test_the_backstop_ends_the_game_when_every_seat_plays_it(seed):
    """RB, End of the Game: the game ends when the Guildhall's last space is
    filled. From positions of any point of a game, every seat playing the
    bots' backstop fills it (it once looped for ever: a seat without
    apprentices drew building plans at every turn, another mined Clay it did not need)."""
    n = 2 + seed % 4
    s = archwk.new_game(n, seed=300 + seed)
    fast = [bots.FastBot(seed * 10 + i) for i in range(n)]
    stop = 20 + (seed * 37) % 140
    while not s.is_over and (s.phase != "play" or s.turn_no < stop):
        s = s.apply(fast[s.current_player].choose(s))
    start = s.turn_no
    while not s.is_over:
        assert s.turn_no - start < 80 * n, f"no end after {s.turn_no - start} turns of the backstop"
        s = s.apply(_backstop(s))
    assert len(s.guildhall) >= len(guildhall_spaces(n))


def test_make_bot_names():
    assert isinstance(make_bot("heuristic", 1), bots.HeuristicBot)
    assert isinstance(make_bot("fast", 1), bots.FastBot)
    m = make_bot("mcts:7", 1)
    assert isinstance(m, bots.MCTSBot) and m.iterations == 7
    for bad in ("mcts:x", "mcts:0", "mcts:", "random:3", "nobody", ""):
        with pytest.raises(UnknownBot, match="choose from random, fast, heuristic, mcts|positive whole number"):
            make_bot(bad, 1)
    assert issubclass(UnknownBot, ValueError)
    assert BOT_NAMES == ("random", "fast", "heuristic", "mcts", "expert")
    assert isinstance(make_bot("mcts"), bots.MCTSBot) and make_bot("mcts").iterations == bots.MCTSBot(0).iterations


def test_make_bot_seeds_the_bot():
    """make_bot(spec, seed) gives the bot the class gives for that seed: same choices."""
    s = _mid_game(n=2, seed=3, decisions=20)
    for spec, cls in (("random", bots.RandomBot), ("fast", bots.FastBot), ("heuristic", bots.HeuristicBot)):
        assert type(make_bot(spec, 4)) is cls and make_bot(spec, 4).seed == 4
        a, b = make_bot(spec, 4), cls(4)
        t = s
        for _ in range(5):
            x = a.choose(t)
            assert x == b.choose(t)
            t = t.apply(x)


def test_unknown_bot_message_lists_the_choices():
    with pytest.raises(UnknownBot) as e:
        make_bot("minimax:1", 0)
    assert str(e.value) == ("unknown bot 'minimax:1': choose from random, fast, heuristic, mcts, "
                            "mcts:N (N search iterations per decision), expert, "
                            "expert:S (at most S seconds per decision)")
    with pytest.raises(UnknownBot, match="'fast' takes no parameter"):
        make_bot("fast:2", 0)
    with pytest.raises(UnknownBot, match="a bot spec is a text"):
        make_bot(None, 0)


def test_a_heuristic_leader_plays_for_the_end_of_a_long_game(monkeypatch):
    """RB, End of the Game: the Guildhall filling up ends the game. Past
    LEAD_CLOSE_TURNS turns a player the heuristic bot that leads on points plays
    the closing plan (it would otherwise keep farming and the game never ends);
    behind, it plays as usual, and so does a leader before those turns."""
    s = _placing(seed=6)
    p = s.current_player
    lead = s.edit(player=p, silver=s.players[p].silver + 60)  # Silver scores 1 VP per 10: p leads
    behind = s.edit(player=1 - p, silver=s.players[1 - p].silver + 200)
    plan = heuristics.stalemate_choice(lead, lead.legal_actions())
    assert not heuristics.leads_a_long_game(lead, p)  # the game is young
    usual = bots.HeuristicBot(3).choose(lead)
    usual_behind = bots.HeuristicBot(3).choose(behind)
    assert usual != plan
    monkeypatch.setattr(heuristics, "LEAD_CLOSE_TURNS", 0)  # every position is a long game
    assert heuristics.leads_a_long_game(lead, p) and not heuristics.leads_a_long_game(lead, 1 - p)
    assert bots.HeuristicBot(3).choose(lead) == plan
    assert not heuristics.leads_a_long_game(behind, p)
    assert bots.HeuristicBot(3).choose(behind) == usual_behind


def test_a_heuristic_bot_plays_for_the_end_of_a_very_long_game_ahead_or_behind(monkeypatch):
    """RB, End of the Game. Past LONG_GAME_TURNS turns a player the heuristic bot
    plays the closing plan even when it trails: there a trailing player catches
    up by farming too, and the game would not end."""
    s = _placing(seed=6)
    p = s.current_player
    behind = s.edit(player=1 - p, silver=s.players[1 - p].silver + 200)
    plan = heuristics.stalemate_choice(behind, behind.legal_actions())
    usual = bots.HeuristicBot(3).choose(behind)
    assert usual != plan and not heuristics.plays_for_the_end(behind, p)
    assert heuristics.LEAD_CLOSE_TURNS < heuristics.LONG_GAME_TURNS < heuristics.STALEMATE_TURNS
    monkeypatch.setattr(heuristics, "LONG_GAME_TURNS", 0)  # every position is a very long game
    assert not heuristics.leads_a_long_game(behind, p) and heuristics.plays_for_the_end(behind, p)
    assert bots.HeuristicBot(3).choose(behind) == plan
