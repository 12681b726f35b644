"""Batch simulation and its command line (issue 6): records, determinism for a
seed whatever the number of jobs, output files, summary, progress bar."""
from __future__ import annotations

import json

import pytest

from archwk.ai import cli, games, simulate
from archwk.ai.simulate import card_stats, game_seed, run, seat_stats, summary


@pytest.fixture(scope="module")
def records():
    return run(3, 6, seed=2, bots=("fast", "random"))


def test_records_hold_scores_winner_length_cards_and_seats(records):
    assert [r["seed"] for r in records] == [game_seed(2, i) for i in range(6)]
    r = records[0]
    assert r["players"] == 3 and r["decisions"] > 0 and r["turns"] > 0 and r["winners"]
    for seat, x in enumerate(r["seats"]):
        assert x["seat"] == seat and x["bot"] == ("fast", "random")[seat % 2]
        lines = sum(x[k] for k in ("buildings", "cathedral", "virtue", "debts", "gold_marble", "silver",
                                    "prison", "guildhall"))
        assert lines == x["total"]
        assert isinstance(x["buildings_built"], list) and isinstance(x["apprentices"], list)
    assert sum(1 for x in r["seats"] if x["won"]) == len(r["winners"])


def test_same_records_with_two_jobs(records):
    assert run(3, 6, seed=2, bots=("fast", "random"), jobs=2) == records


def test_seat_and_card_stats(records):
    st = seat_stats(records)
    assert [s["seat"] for s in st] == [0, 1, 2]
    assert sum(s["win_rate"] for s in st) >= 1.0  # shared wins count for every winner
    assert all(s["advantage"] == pytest.approx(s["win_rate"] - 1 / 3) for s in st)
    rows = card_stats(records, "buildings_built")
    assert rows and all(0 <= d["win_rate"] <= 1 for d in rows)
    assert [d["lift"] for d in rows] == sorted((d["lift"] for d in rows), reverse=True)
    assert card_stats(records, "apprentices")
    with pytest.raises(ValueError):
        card_stats(records, "characters")


def test_summary_text(records):
    text = summary(records)
    for part in ("6 games, 3 seats", "game length", "win rate", "vs fair", "starting player",
                 "win rate by bot: fast"):
        assert part in text
    assert summary([]) == "no games"


@pytest.mark.parametrize("suffix", ["csv", "json", "parquet"])
def test_cli_writes_records(tmp_path, capsys, suffix):
    out = tmp_path / f"results.{suffix}"
    rc = cli.main(["simulate", "--players", "2", "--games", "3", "--bots", "fast,random", "--seed", "4",
                   "--out", str(out)])
    assert rc == 0 and out.exists()
    captured = capsys.readouterr()
    assert "3 games, 2 seats" in captured.out
    assert "3/3" in captured.err  # the tqdm progress bar
    if suffix == "json":
        recs = json.loads(out.read_text())
        assert recs == run(2, 3, seed=4, bots=("fast", "random"))
    elif suffix == "parquet":
        pd = pytest.importorskip("pandas")
        df = pd.read_parquet(out)
        assert len(df) == 6 and {"game", "seat", "bot", "won", "total", "buildings_built", "winners"} <= set(df)
    else:
        lines = out.read_text().splitlines()
        assert len(lines) == 7 and lines[0].startswith("game,seed,players")


def test_cli_rejects_bad_input(tmp_path):
    with pytest.raises(SystemExit, match="--bots: unknown bot 'nobody': choose from random, fast"):
        cli.main(["simulate", "--games", "2", "--bots", "nobody", "--no-progress"])
    with pytest.raises(SystemExit, match="positive whole number"):
        cli.main(["play", "--players", "2", "--bots", "mcts:0", "--quiet"])
    with pytest.raises(SystemExit):
        cli.main(["simulate", "--games", "0", "--no-progress"])
    with pytest.raises(SystemExit, match="use a .csv, .json or .parquet file"):
        cli.main(["simulate", "--games", "1", "--players", "2", "--out", str(tmp_path / "x.txt"),
                  "--no-progress"])


def test_too_long_game_is_an_error(monkeypatch):
    monkeypatch.setattr(games, "MAX_DECISIONS", 10)
    with pytest.raises(RuntimeError, match="did not end"):
        simulate.play_one(2, 1, ("random",), {})


def test_cli_evaluate(tmp_path, capsys):
    rec = tmp_path / "game.json"
    assert cli.main(["play", "--players", "2", "--seed", "3", "--bots", "fast", "--quiet",
                     "--save", str(rec)]) == 0
    capsys.readouterr()
    assert cli.main(["evaluate", str(rec), "--at", "40", "--rollouts", "3", "--depth", "5"]) == 0
    out = capsys.readouterr().out
    assert "3 rollouts per action" in out and "win %" in out
    assert cli.main(["evaluate", str(rec)]) == 2  # the game is over at its end


def test_search_bots_repeat_across_processes(tmp_path):
    """Same seed, same records, even with another string-hash seed (a separate
    process, as on a Dask worker)."""
    import os
    import subprocess
    import sys
    outs = []
    for hash_seed in ("1", "2"):
        out = tmp_path / f"h{hash_seed}.json"
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        subprocess.run([sys.executable, "-m", "archwk.ai.cli", "simulate", "--players", "2", "--games", "1",
                        "--bots", "heuristic,mcts:5", "--seed", "3", "--no-progress", "--out", str(out)],
                       check=True, env=env, capture_output=True)
        outs.append(json.loads(out.read_text()))
    assert outs[0] == outs[1]
