"""archwk.ai.winchance (public name archwk.analysis.win_chances): each seat's chance to win,
from public information only (issue 13), with Architects' features and shipped parameters
file (archwk.games.architects.play.winchance)."""
from __future__ import annotations

import importlib.util
import json
import math
import random
from pathlib import Path

import pytest

import archwk
from archwk.ai import winchance as wc
from archwk.ai.bots import FastBot, HeuristicBot
from archwk.games.architects.play import winchance as awc
from archwk.games.architects.play.determinize import Determinizer

ROOT = Path(__file__).resolve().parents[2]


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


def _logit_doc(weights=None):
    return {"version": 1, "model": "logit", "features": list(awc.FEATURES),
            "weights": [0.0] * len(awc.FEATURES) if weights is None else weights}


def test_shipped_parameters_match_the_features_and_say_how_they_were_made():
    doc = _doc()
    assert doc["model"] == "mlp" and doc["features"] == list(awc.FEATURES)
    assert doc["relative"] == list(awc.RELATIVE)
    assert awc.validate_params(doc) == awc.WEIGHTS == archwk.GAMES["architects"].play("winchance_weights")
    assert isinstance(awc.WEIGHTS, wc.MLP)
    assert "train_winchance.py fit" in doc["training"]["command"]
    cal = doc["calibration"]  # its held-out games: better than equal chances and than the naive projection
    assert cal["brier"] < cal["naive"]["brier"] < cal["brier_equal"]
    assert set(cal["brier_by_phase"]) == {"1", "2", "3"}


def test_the_network_computes_what_its_file_says():
    """The pure-Python network (standardisation folded into its weights) against the same sums
    written out with numpy from the file's fields."""
    np = pytest.importorskip("numpy")
    doc = _doc()
    model = awc.WEIGHTS
    s = _at_place(_play(archwk.new_game(4, seed=33), 150))
    rows = awc.features(s)
    rel = [awc.FEATURES.index(n) for n in doc["relative"]]
    X = np.array(rows)
    inputs = []
    for i in range(4):
        others = np.delete(X, i, axis=0)[:, rel]
        inputs.append(np.concatenate([X[i], X[i, rel] - others.max(axis=0), X[i, rel] - others.mean(axis=0)]))
    Z = (np.array(inputs) - np.array(doc["mean"])) / np.array(doc["scale"])
    want = np.tanh(Z @ np.array(doc["hidden"]).T + np.array(doc["hidden_bias"])) @ np.array(doc["output"]) \
        + Z @ np.array(doc["linear"])
    assert np.allclose(model.scores(rows), want, atol=1e-9)
    e = np.exp(want - want.max())
    assert np.allclose(wc.win_chances(s), e / e.sum(), atol=1e-12)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_the_network_gives_the_very_floats_of_its_sums_written_out(players):
    """The network's evaluation (`sum(map(mul, ..))`, a third faster) adds in the order of the
    sums written out term by term, so the expert's search sees the same floats it was
    measured and pinned with: exactly equal, at every player count and point of a game."""
    model = awc.WEIGHTS
    hid, bias, lin, const = model._folded
    for decisions in (0, 60, 140):
        s = _play(archwk.new_game(players, seed=70 + players), decisions)
        rows = awc.features(s)
        want = []
        for i, row in enumerate(rows):
            x = list(row)
            others = [r for j, r in enumerate(rows) if j != i]
            x += [row[k] - max(r[k] for r in others) if others else 0.0 for k in model.relative]
            x += [row[k] - sum(r[k] for r in others) / len(others) if others else 0.0 for k in model.relative]
            assert model.inputs(rows)[i] == x
            total = const + sum(a * b for a, b in zip(lin, x))
            for w, b, o in zip(hid, bias, model.output):
                total += o * math.tanh(b + sum(a * c for a, c in zip(w, x)))
            want.append(total)
        assert model.scores(rows) == want
    logit = wc.Logit(tuple(float(k % 7) - 3.0 for k in range(len(awc.FEATURES))))
    assert logit.scores(rows) == [sum(a * b for a, b in zip(logit.weights, r)) for r in rows]


def test_a_lone_seat_has_no_differences():
    model = awc.WEIGHTS
    row = awc.features(archwk.new_game(2, seed=1))[0]
    x = model.inputs([row])[0]
    assert x[:len(row)] == row and all(v == 0.0 for v in x[len(row):])
    assert len(x) == len(awc.FEATURES) + 2 * len(awc.RELATIVE)


def _set(field, k, value):
    return lambda d: d[field].__setitem__(k, value)


@pytest.mark.parametrize("change,field", [
    (lambda d: d.update(version=99), "version"),
    (lambda d: d.pop("model"), "model"),
    (lambda d: d.update(model="forest"), "model"),
    (lambda d: d.pop("features"), "features"),
    (lambda d: d["features"].reverse(), "features"),
    (lambda d: d["features"].__setitem__(0, "luck"), "features"),
    (lambda d: d.update(relative=["luck"]), "relative"),
    (lambda d: d.update(relative=["vp", "vp"]), "relative"),
    (lambda d: d.update(relative="vp"), "relative"),
    (lambda d: d.update(hidden=[]), "hidden"),
    (lambda d: d.update(hidden=d["hidden"] * 65), "hidden"),
    (lambda d: d["hidden"].__setitem__(0, d["hidden"][0][:-1]), "hidden"),
    (lambda d: d["hidden"][1].__setitem__(2, float("inf")), "hidden"),
    (lambda d: d["hidden_bias"].pop(), "hidden_bias"),
    (lambda d: d["output"].append(0.0), "output"),
    (_set("output", 0, "big"), "output"),
    (lambda d: d["mean"].pop(), "mean"),
    (_set("mean", 0, None), "mean"),
    (_set("scale", 3, 0.0), "scale"),
    (_set("scale", 3, -1.0), "scale"),
    (_set("linear", 3, 1e9), "linear"),
    (_set("linear", 3, True), "linear"),
    (lambda d: d.pop("linear"), "linear"),
])
def test_malformed_parameters_are_rejected_naming_the_field(change, field):
    doc = _doc()
    change(doc)
    with pytest.raises(wc.WinChanceParamsError, match=f"field '{field}'"):
        awc.validate_params(doc)


@pytest.mark.parametrize("change", [
    lambda d: d.update(weights="1, 2"),
    lambda d: d["weights"].pop(),
    lambda d: d["weights"].__setitem__(3, "big"),
    lambda d: d["weights"].__setitem__(3, float("nan")),
    lambda d: d["weights"].__setitem__(3, True),
    lambda d: d["weights"].__setitem__(3, 1e9),
])
def test_a_malformed_logit_is_rejected_naming_the_field(change):
    doc = _logit_doc()
    assert awc.validate_params(doc) == wc.Logit((0.0,) * len(awc.FEATURES))
    change(doc)
    with pytest.raises(wc.WinChanceParamsError, match="field 'weights'"):
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
    doc["linear"][0] = None
    bad.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(wc.WinChanceParamsError, match="winchance.json: .*field 'linear' entry for 'vp'"):
        awc.load_params(bad)
    assert issubclass(wc.WinChanceParamsError, archwk.ArchwkError)


def test_weights_can_be_passed():
    s = _at_place(_play(archwk.new_game(2, seed=2), 80))
    flat = [0.0] * len(awc.FEATURES)
    assert wc.win_chances(s, flat) == [0.5, 0.5]
    assert wc.win_chances(s, wc.Logit(tuple(flat))) == [0.5, 0.5]


def test_the_training_script_fits_a_network_on_a_tiny_sample(tmp_path, capsys):
    pytest.importorskip("numpy")
    spec = importlib.util.spec_from_file_location("train_winchance", ROOT / "scripts" / "train_winchance.py")
    assert spec and spec.loader
    tw = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tw)
    data, out = tmp_path / "games.jsonl", tmp_path / "winchance.json"
    tw.main(["generate", "--games", "2", "--positions", "6", "--seed", "94", "--data", str(data)])
    lines = [json.loads(x) for x in data.read_text(encoding="utf-8").splitlines()]
    kept = [g for g in lines if not g["backstop"]]
    assert kept and all(len(p["x"][0]) == len(awc.FEATURES) and p["phase"] in (1, 2, 3)
                        and len(p["score"]) == len(p["x"]) for g in kept for p in g["positions"])
    capsys.readouterr()
    tw.main(["fit", "--data", str(data), "--out", str(out), "--hidden", "3", "--epochs", "2"])
    fitted = capsys.readouterr().out
    assert "network of 3 hidden units" in fitted and "naive projection" in fitted and "phase" in fitted
    model = awc.validate_params(json.loads(out.read_text(encoding="utf-8")))
    assert isinstance(model, wc.MLP) and len(model.hidden) == 3


def _training_script():
    spec = importlib.util.spec_from_file_location("train_winchance", ROOT / "scripts" / "train_winchance.py")
    assert spec and spec.loader
    tw = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tw)
    return tw


def test_the_naive_projections_are_scored_on_the_same_positions(capsys):
    """Issue 24: the model is compared with two naive projections on the same positions,
    all of them and those past the first fifth of their game: the softmax of the score now
    and the pace projection (the score now carried on at the pace so far, at its best
    temperature on those positions)."""
    tw = _training_script()
    fill = awc.FEATURES.index("fill")
    assert tw.progress_index(awc) == fill

    def pos(step, prog, score, won):
        x = [[0.0] * len(awc.FEATURES) for _ in score]
        for row in x:
            row[fill] = prog
        return {"step": step, "x": x, "score": score, "won": won}
    games = [{"decisions": 100, "n": 2, "positions": [pos(10, 0.1, [3, 1], [1]), pos(50, 0.5, [20, 12], [0]),
                                                      pos(90, 0.9, [40, 30], [0])]},
             {"decisions": 100, "n": 2, "positions": [pos(30, 0.3, [8, 9], [1]), pos(80, 0.8, [35, 36], [0])]}]
    # the pace projection: the score now over how far the game is (at least the floor)
    assert tw.pace_chances([20, 12], 0.5, 8) == tw.naive_chances([40, 24], 8)
    assert tw.pace_chances([3, 1], 0.01, 8) == tw.naive_chances([3 / tw.PACE_FLOOR, 1 / tw.PACE_FLOOR], 8)
    flat = wc.Logit(tuple([0.0] * len(awc.FEATURES)))  # equal chances: skill 0
    table = tw.naive_table(tw.position_rows(games, flat, fill), 8.0)
    assert table["all"]["seat_rows"] == 10 and table["past_first_fifth"]["seat_rows"] == 8
    assert table["all"]["model"] == 0.0 and table["past_first_fifth"]["model"] == 0.0

    def skill(chances_of, rows):
        b = sum((p - (1.0 if i in r["won"] else 0.0)) ** 2 for r in rows for i, p in enumerate(chances_of(r)))
        b0 = sum((0.5 - (1.0 if i in r["won"] else 0.0)) ** 2 for r in rows for i in range(2))
        return round(1 - b / b0, 4)
    every = [p for g in games for p in g["positions"]]
    late = [p for p in every if p["step"] >= 20]
    t = table["temperatures"]["pace"]
    assert t in tw.NAIVE_TEMPERATURES
    pace = [skill(lambda r, t=u: tw.pace_chances(r["score"], r["x"][0][fill], t), every)
            for u in tw.NAIVE_TEMPERATURES]
    assert table["all"]["pace"] == max(pace)  # at its best temperature on these positions
    assert table["past_first_fifth"]["pace"] == skill(lambda r: tw.pace_chances(r["score"], r["x"][0][fill], t), late)
    assert table["past_first_fifth"]["score_now"] == skill(lambda r: tw.naive_chances(r["score"], 8.0), late)
    assert "past first fifth: model 0.000" in capsys.readouterr().out
    # a game whose features do not say how far it is: the score now only
    assert "pace" not in tw.naive_table(tw.position_rows(games, flat), 8.0)["all"]
