"""archwk.ai.winchance (public name archwk.analysis.win_chances): each seat's chance to win,
from public information only (issue 13), with Architects' features and shipped parameters
file (archwk.games.architects.play.winchance)."""
from __future__ import annotations

import json
import math
import random

import pytest

import archwk
from archwk.ai import winchance as wc
from archwk.ai.bots import FastBot, HeuristicBot
from archwk.games.architects.play import winchance as awc
from archwk.games.architects.play.determinize import Determinizer


def _play(s, decisions, bots=None, seed=0):
    bots = bots or [HeuristicBot(seed + i) for i in range(len(s.players))]
    for _ in range(decisions):
        if s.is_over:
            break
        s = s.apply(bots[s.current_player].choose(s))
    return s


def _at_place(s):
    b = FastBot(0)
    while s.decision != "place":
        s = s.apply(b.choose(s))
    assert not s.is_over
    return s


def test_public_name():
    import archwk.analysis
    assert archwk.analysis.win_chances is wc.win_chances


@pytest.mark.parametrize("n,options", [(1, archwk.Options(solo_opponent="helena")), (2, archwk.Options()),
                                       (2, archwk.Options(two_player_bot=True)), (3, archwk.Options.online()),
                                       (4, archwk.Options(expansion_cards=True)), (5, archwk.Options(board_side=2))])
def test_one_chance_per_seat_summing_to_one_along_a_game(n, options):
    s = archwk.new_game(n, seed=40 + n, options=options)
    bots = [FastBot(i) for i in range(len(s.players))]
    seen = 0
    for step in range(400):
        if s.is_over:
            break
        if step % 40 == 0:
            ch = wc.win_chances(s)
            assert len(ch) == len(s.players)
            assert math.isclose(sum(ch), 1.0, abs_tol=1e-9)
            assert all(0.0 <= c <= 1.0 for c in ch)
            seen += 1
        s = s.apply(bots[s.current_player].choose(s))
    assert seen >= 3


def test_the_start_is_about_even():
    s = archwk.new_game(4, seed=3)
    ch = wc.win_chances(s)
    assert max(ch) - min(ch) < 0.15, ch


def test_public_information_only():
    """Two states that differ only in what is hidden (other hands, the decks) get the same
    chances; so do the players' views."""
    s = _play(archwk.new_game(3, seed=8), 120)
    p = s.current_player
    d = Determinizer(s.view(p), p).sample(random.Random(5))
    other = (p + 1) % 3
    assert d.players[other].hand != s.players[other].hand or d.building_deck != s.building_deck
    assert wc.win_chances(d) == wc.win_chances(s)
    for q in range(3):
        assert wc.win_chances(s.view(q)) == wc.win_chances(s)


def test_hand_contents_do_not_count_but_hand_size_is_public():
    s = _at_place(_play(archwk.new_game(2, seed=12), 60))
    hand = s.players[0].hand
    assert hand, "pick a position where player 1 holds a card"
    deck_card = next(c for c in s.building_deck if c not in hand)
    swapped = s.edit(0, hand=[deck_card] + list(hand[1:]))
    assert wc.win_chances(swapped) == wc.win_chances(s)


def test_game_over_gives_the_winners():
    s = _play(archwk.new_game(2, seed=5), 5000)
    assert s.is_over
    won = archwk.winners(s)
    ch = wc.win_chances(s)
    assert ch == [1.0 / len(won) if i in won else 0.0 for i in range(2)]


def test_a_decided_position_is_ranked_right():
    """Late in the game, a seat with a big lead in VP gets most of the chance."""
    s = _at_place(_play(archwk.new_game(3, seed=21), 250))
    assert awc.progress(s) > 0.3, "pick a later position"
    leader = min(range(3), key=lambda i: archwk.final_scores(s)[i].total)  # the last one becomes the leader
    far_ahead = s.edit(leader, resources={"gold": s.players[leader].gold + 40})
    ch = wc.win_chances(far_ahead)
    assert ch[leader] > 0.8, ch
    assert ch[leader] > wc.win_chances(s)[leader]
    broke = s.edit(leader, debts_unpaid=10)
    assert wc.win_chances(broke)[leader] < wc.win_chances(s)[leader]


def test_more_vp_is_better_for_that_seat_only():
    s = _at_place(_play(archwk.new_game(4, seed=30), 200))
    base = wc.win_chances(s)
    up = wc.win_chances(s.edit(2, resources={"marble": s.players[2].marble + 5}))
    assert up[2] > base[2]
    assert all(up[i] < base[i] for i in (0, 1, 3))


# --------------------------------------------------------------------------- the parameters file

def _doc():
    return json.loads(awc.PARAMS_PATH.read_text(encoding="utf-8"))


def test_shipped_parameters_match_the_features():
    doc = _doc()
    assert doc["features"] == list(awc.FEATURES)
    assert awc.validate_params(doc) == awc.WEIGHTS
    assert len(awc.WEIGHTS) == len(awc.FEATURES)
    # the projected score counts for more as the Guildhall fills
    w = dict(zip(awc.FEATURES, awc.WEIGHTS))
    assert w["vp"] + w["vp_g"] + w["vp_g2"] > w["vp"] > -1


@pytest.mark.parametrize("change,field", [
    (lambda d: d.update(version=99), "version"),
    (lambda d: d.pop("features"), "features"),
    (lambda d: d["features"].reverse(), "features"),
    (lambda d: d["features"].__setitem__(0, "luck"), "features"),
    (lambda d: d.update(weights="1, 2"), "weights"),
    (lambda d: d["weights"].pop(), "weights"),
    (lambda d: d["weights"].__setitem__(3, "big"), "weights"),
    (lambda d: d["weights"].__setitem__(3, float("nan")), "weights"),
    (lambda d: d["weights"].__setitem__(3, True), "weights"),
    (lambda d: d["weights"].__setitem__(3, 1e9), "weights"),
])
def test_malformed_parameters_are_rejected_naming_the_field(change, field):
    doc = _doc()
    change(doc)
    with pytest.raises(wc.WinChanceParamsError, match=f"field '{field}'"):
        awc.validate_params(doc)


def test_malformed_parameters_file_is_rejected(tmp_path):
    bad = tmp_path / "winchance.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(wc.WinChanceParamsError, match="winchance.json: .*not valid JSON"):
        awc.load_params(bad)
    bad.write_text(json.dumps([1, 2]), encoding="utf-8")
    with pytest.raises(wc.WinChanceParamsError, match="expected a JSON object"):
        awc.load_params(bad)
    with pytest.raises(wc.WinChanceParamsError, match="cannot read"):
        awc.load_params(tmp_path / "missing.json")
    doc = _doc()
    doc["weights"][0] = None
    bad.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(wc.WinChanceParamsError, match="'vp'"):
        awc.load_params(bad)
    assert issubclass(wc.WinChanceParamsError, archwk.ArchwkError)


def test_weights_can_be_passed():
    s = _at_place(_play(archwk.new_game(2, seed=2), 80))
    flat = [0.0] * len(awc.FEATURES)
    assert wc.win_chances(s, flat) == [0.5, 0.5]
