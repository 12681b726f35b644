"""The strength benchmark's bookkeeping (issue 13): results of several sittings
merge only when they played the same code."""
from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_strength  # noqa: E402


@pytest.fixture(scope="module")
def package_copy(tmp_path_factory):
    """A copy of the archwk package to change."""
    root = tmp_path_factory.mktemp("code")
    shutil.copytree(ROOT / "archwk", root / "archwk", ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.c"))
    return root


def _touch(path: Path) -> None:
    path.write_text(path.read_text() + "\n# changed\n")


def test_the_fingerprint_follows_the_code_a_match_plays(package_copy):
    """The expert, the heuristic bot and the rules are what a match plays: changing
    any of them changes the fingerprint; the coach, which no match runs, does not."""
    first = bench_strength.code_fingerprint(package_copy)
    assert first == bench_strength.code_fingerprint(package_copy)
    _touch(package_copy / "archwk" / "ai" / "coach.py")
    assert bench_strength.code_fingerprint(package_copy) == first
    _touch(package_copy / "archwk" / "ai" / "expert.py")
    after_expert = bench_strength.code_fingerprint(package_copy)
    assert after_expert != first
    _touch(package_copy / "archwk" / "games" / "architects" / "locations" / "mines.py")
    after_rules = bench_strength.code_fingerprint(package_copy)
    assert after_rules != after_expert
    data = package_copy / "archwk" / "games" / "architects" / "data" / "buildings.toml"
    data.write_text(data.read_text() + "\n")
    assert bench_strength.code_fingerprint(package_copy) != after_rules


def test_the_fingerprint_is_of_the_package_the_games_import(package_copy):
    """A run pointed at another copy of the code (PYTHONPATH) plays that copy, so its
    results carry that copy's fingerprint, not the one of the repository the script is in."""
    import os
    import subprocess
    _touch(package_copy / "archwk" / "ai" / "bots.py")
    probe = ("import sys; sys.path.insert(0, sys.argv[1]); import bench_strength, archwk; "
             "print(archwk.__file__); print(bench_strength.code_fingerprint())")
    out = subprocess.run([sys.executable, "-c", probe, str(ROOT / "benchmarks")], capture_output=True, text=True,
                         check=True, cwd=package_copy, env={**os.environ, "PYTHONPATH": str(package_copy)})
    imported, printed = out.stdout.split()
    assert Path(imported).resolve().is_relative_to(package_copy.resolve())
    assert printed == bench_strength.code_fingerprint(package_copy)
    assert printed != bench_strength.code_fingerprint(ROOT)


def _results(tmp_path: Path, name: str, code: str, seed: int) -> str:
    game = {"players": 2, "seed": seed, "seat": 0, "over": True, "backstop": False, "expert_backstop": 0,
            "turns": 100, "decisions": 200, "scores": [40, 30], "winners": [0], "expert_share": 1.0,
            "search_times": [0.5], "iterations": [300], "seconds": 60.0}
    doc = {"params": {"seconds": 1.0}, "code": code, "games": {"2p": [game]}}
    path = tmp_path / name
    path.write_text(json.dumps(doc))
    return str(path)


def test_merge_refuses_results_of_other_code(tmp_path, capsys):
    a = _results(tmp_path, "a.json", "aaaa", 1)
    b = _results(tmp_path, "b.json", "bbbb", 2)
    assert bench_strength.merge([a, b], str(tmp_path / "out.json")) == 2
    assert "not all played by the same archwk code" in capsys.readouterr().err
    assert not (tmp_path / "out.json").exists()
    c = _results(tmp_path, "c.json", "aaaa", 2)
    assert bench_strength.merge([a, c], str(tmp_path / "out.json")) == 0
    merged = json.loads((tmp_path / "out.json").read_text())
    assert [g["seed"] for g in merged["games"]["2p"]] == [1, 2]


def test_the_seat_test_tells_a_seat_that_wins_less():
    """Issue 24 (the expert's seat 1 in 4-player games): the report says whether the
    expert's win rate depends on its seat, by a chi-square test of wins and losses."""
    import math
    assert abs(bench_strength.chi2_sf(3.841, 1) - 0.05) < 1e-3
    assert abs(bench_strength.chi2_sf(9.488, 4) - 0.05) < 1e-3
    assert abs(bench_strength.chi2_sf(11.345, 3) - 0.01) < 1e-3
    assert bench_strength.chi2_sf(0.0, 3) == 1.0 and math.isclose(bench_strength.chi2_sf(2.0, 2), math.exp(-1))

    def games(by_seat):
        return [{"seat": k, "expert_share": 1.0 if i < w else 0.0} for k, (w, n) in enumerate(by_seat)
                for i in range(n)]
    even = bench_strength.seat_test(games([(25, 50)] * 4))
    assert even["chi2"] == 0.0 and even["df"] == 3 and even["p"] == 1.0
    # the sittings' 200 four-player games: 15 of 51 in seat 1 against 27.5, 30.5 and 23.5 of 50, 50, 49
    table = games([(15, 51), (28, 50), (30, 50), (24, 49)])
    t = bench_strength.seat_test(table)
    assert t["df"] == 3 and 0.005 < t["p"] < 0.02
    assert bench_strength.seat_test(games([(3, 10)])) is None  # one seat only
    assert bench_strength.seat_test(games([(0, 10), (0, 10)])) is None  # no win to compare
    assert "p = " in bench_strength.report(bench_strength.summarise("4p", [
        dict(g, players=4, scores=[1, 2, 3, 4], turns=10, decisions=10, search_times=[], iterations=[],
             backstop=False, over=True) for g in table]))


def test_seats_can_be_shifted_and_two_runs_compared_seed_by_seed(tmp_path, monkeypatch):
    """Issue 24: seat and seed go together in a run, so whether a seat or its deals
    win less is told by playing the same seeds with the expert elsewhere
    (--seat-offset) and setting the two runs side by side (--compare)."""
    played = []

    def fake_game(task):
        players, seed, seat = task[:3]
        played.append((seed, seat))
        # the expert wins every game in seat 1 on odd seeds, nothing else
        share = 1.0 if seat == 1 and seed % 2 else 0.0
        return {"players": players, "seed": seed, "seat": seat, "over": True, "backstop": False,
                "turns": 10, "decisions": 20, "scores": [1] * players, "winners": [seat] if share else [],
                "expert_share": share, "search_times": [], "iterations": []}
    monkeypatch.setattr(bench_strength, "play_game", fake_game)
    a, b = str(tmp_path / "a.json"), str(tmp_path / "b.json")
    assert bench_strength.main(["--matches", "4p", "--games", "8", "--seed", "100", "--out", a]) == 0
    assert played == [(100 + i, i % 4) for i in range(8)]
    played.clear()
    assert bench_strength.main(["--matches", "4p", "--games", "8", "--seed", "100", "--seat-offset", "1",
                                "--out", b]) == 0
    assert played == [(100 + i, (i + 1) % 4) for i in range(8)]
    da, db = json.loads(Path(a).read_text()), json.loads(Path(b).read_text())
    assert db["seat_offset"] == 1
    c = bench_strength.compare(da, db, "4p")
    assert c["common_seeds"] == 8
    # seeds 101 and 105 had the expert in seat 2 (index 1) in a: won there, lost in b (seat 3)
    assert c["by_seat_in_first"]["1"] == {"games": 2, "wins_here": 2.0, "wins_other_seat": 0.0, "other_seats": [2]}
    # in b, seeds 100 and 104 put it in seat 2 (index 1): even seeds, lost there, and lost in a too
    assert c["by_seat_in_second"]["1"] == {"games": 2, "wins_here": 0.0, "wins_other_seat": 0.0, "other_seats": [0]}
    assert "seat 2 in a: won 2.0 of 2 there, 0.0 in b (seat 3)" in bench_strength.compare_report(c, ("a", "b"))
    # runs of other seat offsets are other settings: they do not merge
    assert bench_strength.merge([a, b], str(tmp_path / "m.json")) == 2
    # every fourth seed: one seat's seeds of a 4-player run
    played.clear()
    assert bench_strength.main(["--matches", "4p", "--games", "3", "--seed", "101", "--seed-step", "4",
                                "--out", str(tmp_path / "c.json")]) == 0
    assert played == [(101, 1), (105, 1), (109, 1)]
    with pytest.raises(SystemExit):
        bench_strength.main(["--seed-step", "0"])
