"""Batch simulation and its command line (issue 6): records, determinism for a
seed whatever the number of jobs, output files, summary, progress bar."""
from __future__ import annotations

import json

import pytest

from archwk.ai import cli, games, simulate
from archwk.ai.simulate import card_stats, game_seed, run, seat_stats, summary, summary_data


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


# --------------------------------------------------------------------------- issue 13: defaults and intervals

def test_cli_seats_the_default_bot_and_keeps_explicit_random(tmp_path, capsys):
    """Without --bots, `archwk play` and `archwk simulate` seat registry.DEFAULT_BOT (a bot that
    plays a real game), not the random bot; `--bots random` still seats random bots."""
    from archwk.ai.registry import BOT_NAMES, DEFAULT_BOT
    assert DEFAULT_BOT in BOT_NAMES and DEFAULT_BOT != "random"
    parser = cli.build_parser()
    assert parser.parse_args(["simulate"]).bots == DEFAULT_BOT
    assert parser.parse_args(["play"]).bots == DEFAULT_BOT
    with pytest.raises(SystemExit):
        parser.parse_args(["simulate", "--help"])
    assert f"default {DEFAULT_BOT}" in " ".join(capsys.readouterr().out.split())

    out = {}
    for name, extra in (("default", []), ("random", ["--bots", "random"])):
        path = tmp_path / f"{name}.json"
        assert cli.main(["simulate", "--players", "2", "--games", "2", "--seed", "3", "--no-progress",
                         "--out", str(path), *extra]) == 0
        out[name] = json.loads(path.read_text())
    capsys.readouterr()
    assert {x["bot"] for r in out["default"] for x in r["seats"]} == {DEFAULT_BOT}
    assert {x["bot"] for r in out["random"] for x in r["seats"]} == {"random"}
    assert out["default"] == run(2, 2, seed=3, bots=(DEFAULT_BOT,))

    assert cli.main(["play", "--players", "2", "--seed", "2", "--quiet"]) == 0
    default_play = capsys.readouterr().out
    assert cli.main(["play", "--players", "2", "--seed", "2", "--quiet", "--bots", DEFAULT_BOT]) == 0
    assert capsys.readouterr().out == default_play
    assert cli.main(["play", "--players", "2", "--seed", "2", "--quiet", "--bots", "random"]) == 0
    assert capsys.readouterr().out != default_play


def test_rotated_seats_put_every_bot_in_every_seat():
    recs = run(3, 6, seed=4, bots=("fast", "random"), rotate=True)
    lineups = [tuple(x["bot"] for x in r["seats"]) for r in recs]
    assert lineups[:3] == [("fast", "random", "fast"), ("fast", "fast", "random"), ("random", "fast", "fast")]
    assert lineups[3:] == lineups[:3]
    assert [r["seed"] for r in recs] == [game_seed(4, i) for i in range(6)]
    # the same game with the same lineup is the same record, rotated or not
    assert recs[0] == run(3, 1, seed=4, bots=("fast", "random"))[0]
    assert "bots rotated between seats" in summary(recs)
    with pytest.raises(ValueError, match="at least one bot"):
        run(2, 1, seed=1, bots=())


def _line(text: str, start: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(start))


def test_every_printed_win_rate_carries_its_interval(records):
    from archwk.ai.evaluate import wilson
    text = summary(records)
    for st in seat_stats(records):
        wins = sum(1 for r in records if r["seats"][st["seat"]]["won"])
        lo, hi = wilson(wins, len(records))
        assert (st["win_low"], st["win_high"]) == (lo, hi)
        assert f"({lo:.0%}-{hi:.0%})" in _line(text, f"{st['seat']:<6}")
    by_bot = _line(text, "win rate by bot: ")
    for d in simulate.bot_stats(records):
        seats = [x for r in records for x in r["seats"] if x["bot"] == d["bot"]]
        lo, hi = wilson(sum(x["won"] for x in seats), len(seats))
        assert f"{d['bot']} {d['win_rate']:.1%} ({lo:.0%}-{hi:.0%})" in by_bot
    first = [x for r in records for x in r["seats"] if x["first"]]
    lo, hi = wilson(sum(x["won"] for x in first), len(first))
    assert f"({lo:.0%}-{hi:.0%})" in _line(text, "starting player: ")


def _synthetic(games: int, held: dict[int, tuple[bool, bool]]) -> list[dict]:
    """2-seat records: seat 0 "a", seat 1 "b"; in game i, `held[i]` says whether seat 0 built
    the Tower and whether seat 0 won (seat 1 wins otherwise, and never builds it); every seat
    builds the Well."""
    recs = []
    for i in range(games):
        tower, won0 = held.get(i, (False, i % 2 == 0))
        seats = []
        for seat, bot in enumerate(("a", "b")):
            won = won0 if seat == 0 else not won0
            seats.append({"seat": seat, "bot": bot, "first": seat == i % 2, "won": won, "total": 50 + 10 * won,
                          "buildings_built": ["Well"] + (["Tower"] if tower and seat == 0 else []),
                          "apprentices": []})
        recs.append({"seed": i, "players": 2, "decisions": 100, "turns": 40,
                     "winners": [s["seat"] for s in seats if s["won"]], "seats": seats})
    return recs


def test_no_claim_about_a_building_the_interval_does_not_support():
    # the Tower's builders won 4 of 6 (67%), the rest 26 of 54 (48%): the intervals overlap
    recs = _synthetic(30, {i: (True, i < 4) for i in range(6)})
    rows = card_stats(recs, "buildings_built", min_seats=5)
    tower = next(d for d in rows if d["card"] == "Tower")
    assert tower["win_rate"] > tower["win_rate_without"]  # the point estimates differ...
    assert simulate.clear_of((tower["low"], tower["high"]), (tower["low_without"], tower["high_without"])) == 0
    assert simulate.card_claims(rows) == ([], [])  # ...but the games do not tell them apart
    text = summary(recs)
    assert _line(text, "buildings and wins, each bot's seats apart")
    lines = text.splitlines()
    k = lines.index(_line(text, "buildings and wins"))
    assert lines[k + 1].startswith("  a: these games do not tell the buildings apart")
    assert "Tower" not in text and "clearly" not in text
    data = simulate.summary_data(recs)
    assert data["buildings"]["clearly_more_often"] == [] and data["buildings"]["clearly_less_often"] == []


def test_a_building_clear_of_the_rest_is_named():
    # the Tower's builders won 40 of 40, the rest 20 of 120: clear of each other
    recs = _synthetic(80, {i: (True, True) for i in range(40)})
    # within bot a's seats: the 40 that built the Tower won 40, the 40 without it won 20
    text = summary(recs)
    assert ("  a won clearly more often with the Tower: 40 of 40 a seats that built it won, 100.0% (91%-100%), "
            "against 50.0% (35%-65%) of its 40 seats without it") in text.splitlines()
    assert "clearly less often" not in text  # every seat builds the Well: nothing to compare it with
    more, less = simulate.card_claims(card_stats(recs, "buildings_built", min_seats=5, bot="a"))
    assert [d["card"] for d in more] == ["Tower"] and less == []
    assert simulate.summary_data(recs)["buildings"]["clearly_more_often"] == [{"bot": "a", "card": "Tower"}]


def test_bots_told_apart_only_when_their_intervals_do_not_overlap():
    close = _synthetic(20, {i: (False, i < 11) for i in range(20)})  # a wins 11 of 20
    above, same = simulate.told_apart(simulate.bot_stats(close))
    assert above == [] and same == [("a", "b")]
    assert "these games do not tell apart: a and b" in summary(close)
    assert "wins more often" not in summary(close)
    far = _synthetic(40, {i: (False, i < 36) for i in range(40)})  # a wins 36 of 40
    above, same = simulate.told_apart(simulate.bot_stats(far))
    assert above == [("a", ["b"])] and same == []
    assert "a wins more often than b (the intervals do not overlap)" in summary(far)


def test_cli_json_summary_carries_the_intervals(capsys):
    from archwk.ai.evaluate import wilson
    assert cli.main(["simulate", "--players", "2", "--games", "4", "--bots", "fast,random", "--seed", "4",
                     "--no-progress", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    recs = run(2, 4, seed=4, bots=("fast", "random"))
    assert data["games"] == 4 and data["players"] == 2
    for st in data["seats"]:
        wins = sum(1 for r in recs if r["seats"][st["seat"]]["won"])
        assert [st["win_low"], st["win_high"]] == list(wilson(wins, 4))
        assert st["win_low"] <= st["win_rate"] <= st["win_high"]
    assert {d["bot"] for d in data["bots"]} == {"fast", "random"}
    assert all(d["win_low"] <= d["win_rate"] <= d["win_high"] for d in data["bots"])
    assert data["starting_player"]["win_low"] <= data["starting_player"]["win_rate"]
    for key in ("buildings", "apprentices"):
        assert all(d["low"] <= d["win_rate"] <= d["high"] for d in data[key]["rows"])


# --------------------------------------------------------------------------- issue 21: the words

def test_every_command_line_option_says_what_it_does(capsys):
    """`archwk simulate --help` listed --players, --games, --seed and --jobs with no words
    (issue 21): every argument of every command has its help, and --help shows it."""
    import argparse
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, command in sub.choices.items():
        for action in command._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            assert action.help and len(action.help) > 10, (name, action.option_strings or action.dest)
    with pytest.raises(SystemExit):
        parser.parse_args(["simulate", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for words in ("--players PLAYERS players in each game, 1 to 5", "--games GAMES how many games to play",
                  "--seed SEED base seed", "--jobs JOBS processes to play the games in",
                  "the results do not depend on it"):
        assert words in text


def test_card_rates_say_what_they_measure_and_do_not_credit_a_card_with_a_bot_s_strength():
    """Issue 21: `simulate` printed "Trading Post 90.9 %" as the building's win rate, when the
    strong bot both built it and won: the figure measured the bots. Cards are compared within
    each bot's own seats, and the summary says what the figure is."""
    recs = []
    for i in range(60):  # "strong" wins every game and builds the Tower in every other one; "weak" never
        seats = [{"seat": 0, "bot": "strong", "first": i % 2 == 0, "won": True, "total": 90,
                  "buildings_built": ["Well"] + (["Tower"] if i % 2 else []), "apprentices": []},
                 {"seat": 1, "bot": "weak", "first": i % 2 == 1, "won": False, "total": 20,
                  "buildings_built": ["Well"], "apprentices": []}]
        recs.append({"seed": i, "players": 2, "decisions": 100, "turns": 40, "winners": [0], "seats": seats})
    across = card_stats(recs, "buildings_built", min_seats=5)
    tower = next(d for d in across if d["card"] == "Tower")
    assert tower["win_rate"] == 1.0 and simulate.card_claims(across)[0]  # across the bots it looks like a winner
    text = summary(recs)
    assert "Tower" not in text and "clearly" not in text  # within the strong bot's seats it changes nothing
    assert ("buildings and wins, each bot's seats apart (buildings built by >= 5 of them): how often a bot's seats "
            "that built it won, against the same bot's seats without it. This shows what goes with winning, not "
            "what makes a seat win.") in text.splitlines()
    assert "  strong: these games do not tell the buildings apart (each one's 95% interval overlaps that of the " \
           "seats without it)" in text.splitlines()
    data = simulate.summary_data(recs)
    assert data["buildings"]["clearly_more_often"] == []
    assert "not what makes a seat win" in data["buildings"]["measures"]
    assert {d["bot"] for d in data["buildings"]["rows"]} == {"strong", "weak"}


def test_archons_summary_names_what_it_measures_in_archons_words():
    """Issue 23: `archwk simulate --game archon` gives the usual summary with intervals;
    the cards it weighs are Archon's Building tiles (RB §4.2.7: acquired at the Builders'
    Guild), in the game's words, and Archon has no apprentices to weigh."""
    records = run(2, 4, 5, ("heuristic", "fast"), game="archon")
    assert all(r["game"] == "archon" for r in records)
    text = summary(records)
    assert "a seat's win rate is the share of the games won from that seat" in text
    assert "Building tiles and wins" in text and "acquired by >=" in text
    assert "apprentice" not in text and "buildings built" not in text
    data = summary_data(records)
    assert "building_tiles" in data and "apprentices" not in data
    assert all(0 <= s["win_low"] <= s["win_rate"] <= s["win_high"] <= 1 for s in data["seats"])
