"""Archon's win-chance model (issue 23, "Analysis"): its features
(`archwk.games.archon.play.winchance`) read public information only, its weights ship as
JSON checked at import, and `scripts/train_winchance.py --game archon` generates, fits and
reports the calibration (here on a tiny sample)."""
from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from pathlib import Path

import pytest

import archwk
from archwk.ai import winchance as wc
from archwk.ai.bots import HeuristicBot
from archwk.games.archon.play import winchance as awc
from archwk.games.archon.play.determinize import Determinizer

ROOT = Path(__file__).resolve().parents[2]


def _play(s, decisions, seed=0):
    bots = [HeuristicBot(seed + i) for i in range(len(s.players))]
    for _ in range(decisions):
        if s.is_over:
            break
        s = s.apply(bots[s.current_player].choose(s))
    return s


def test_the_game_serves_its_model():
    game = archwk.GAMES["archon"]
    assert game.play("winchance_features") is awc.features
    assert game.play("winchance_weights") == awc.WEIGHTS == awc.load_params()


@pytest.mark.parametrize("n", [2, 3, 4])
def test_one_chance_per_seat_summing_to_one_along_a_game(n):
    s = archwk.new_game(n, seed=60 + n, game="archon")
    seen = 0
    for step in range(2000):
        if s.is_over:
            break
        if step % 25 == 0:
            ch = wc.win_chances(s)
            assert len(ch) == n and math.isclose(sum(ch), 1.0, abs_tol=1e-9)
            assert all(0.0 <= c <= 1.0 for c in ch)
            assert len(awc.features(s)) == n and all(len(r) == len(awc.FEATURES) for r in awc.features(s))
            seen += 1
        s = s.apply(HeuristicBot(step).choose(s))
    assert s.is_over and seen >= 3
    won = archwk.winners(s)
    assert wc.win_chances(s) == [1 / len(won) if i in won else 0.0 for i in range(n)]


def test_public_information_only():
    """A player's view and a game that differs only in what that player cannot see (the
    other players' split, the decks) give the same chances (RB §4.1b: unused cards stay hidden)."""
    s = _play(archwk.new_game(3, seed=5, game="archon"), 60)
    p = s.current_player
    other = Determinizer(s.view(p), p).sample(random.Random(4))
    assert wc.win_chances(s) == wc.win_chances(s.view(p)) == wc.win_chances(other)


def test_more_vp_is_better_for_that_seat_only():
    """RB §8: most VP wins. A what-if edit giving seat 0 more VP raises its chance and
    lowers every other seat's."""
    s = _play(archwk.new_game(3, seed=8, game="archon"), 80)
    before = wc.win_chances(s)
    after = wc.win_chances(s.edit(player=0, vp=s.players[0].vp + 10))
    assert after[0] > before[0] and all(after[i] < before[i] for i in (1, 2))


def test_progress_runs_from_zero_to_one():
    s = archwk.new_game(2, seed=3, game="archon")
    assert awc.progress(s) == 0.0
    t = _play(s, 10_000)
    assert t.is_over and awc.progress(t) == 1.0


def _doc():
    return json.loads(awc.PARAMS_PATH.read_text(encoding="utf-8"))


def test_shipped_parameters_match_the_features_and_say_how_they_were_made():
    doc = _doc()
    assert doc["features"] == list(awc.FEATURES)
    assert awc.validate_params(doc) == awc.WEIGHTS
    assert "--game archon" in doc["training"]["command"]
    cal = doc["calibration"]
    assert cal["brier"] < cal["brier_equal"]  # the held-out games: better than equal chances
    assert set(cal["brier_by_players"]) == {"2", "3", "4"} and set(cal["brier_by_phase"]) == {"1", "2", "3"}


@pytest.mark.parametrize("change,field", [
    ({"version": 2}, "version"),
    ({"features": ["lead"]}, "features"),
    ({"weights": [0.0]}, "weights"),
    ({"weights": "x"}, "weights"),
])
def test_malformed_parameters_are_rejected_naming_the_field(change, field):
    doc = dict(_doc(), **change)
    with pytest.raises(wc.WinChanceParamsError, match=f"field '{field}'"):
        awc.validate_params(doc)


def test_a_bad_weight_is_named(tmp_path):
    doc = _doc()
    doc["weights"][3] = 1e9
    path = tmp_path / "winchance.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(wc.WinChanceParamsError, match=f"winchance.json: .*'{awc.FEATURES[3]}'"):
        awc.load_params(path)


def test_the_training_script_generates_fits_and_reports_on_a_tiny_sample(tmp_path):
    data, out = tmp_path / "games.jsonl", tmp_path / "weights.json"
    script = [sys.executable, str(ROOT / "scripts" / "train_winchance.py")]

    def run(*args):
        done = subprocess.run(script + list(args), capture_output=True, text=True, timeout=900, cwd=ROOT)
        assert done.returncode == 0, done.stderr[-3000:]
        return done.stdout

    run("generate", "--game", "archon", "--games", "6", "--positions", "4", "--seed", "91", "--data", str(data))
    lines = [json.loads(x) for x in data.read_text(encoding="utf-8").splitlines()]
    assert len(lines) == 6 and all(g["game"] == "archon" and 2 <= g["n"] <= 4 for g in lines)
    assert all(len(p["x"][0]) == len(awc.FEATURES) for g in lines for p in g["positions"])
    fitted = run("fit", "--game", "archon", "--data", str(data), "--out", str(out))
    assert "Brier score" in fitted and "decile" in fitted and "phase" in fitted
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert awc.validate_params(doc)  # a file the model loads
    reported = run("report", "--game", "archon", "--data", str(data), "--params", str(out))
    assert "skill" in reported and "naive projection" in reported
