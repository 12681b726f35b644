"""The bots comparison page (issue 13, widgets.botcompare): its stored default results are
what the simulation gives, the results in words claim only what the intervals support, the
chart shows the intervals, and games play locally or on a Dask cluster with a progress bar."""
from __future__ import annotations

import json

import pytest

import archwk
from archwk.ai.evaluate import wilson
from archwk.ai.simulate import run
from widgets import botcompare
from widgets.botcompare import DEFAULT_SETTINGS, BotComparison, compact, comparison_figure, results_html


def _records(games: int, wins_a: int) -> list[dict]:
    """2-seat compact records: "fast" in seat 1, "random" in seat 2; fast wins the first `wins_a`."""
    out = []
    for i in range(games):
        won = i < wins_a
        out.append({"seed": i, "players": 2, "decisions": 300, "turns": 100 + i, "winners": [0 if won else 1],
                    "seats": [{"seat": 0, "bot": "fast", "first": True, "won": won, "total": 40 + 5 * won},
                              {"seat": 1, "bot": "random", "first": False, "won": not won, "total": 30}]})
    return out


def test_the_stored_default_results_are_what_the_simulation_gives():
    data = botcompare.default_results()
    assert data["settings"] == DEFAULT_SETTINGS and len(data["records"]) == DEFAULT_SETTINGS["games"]
    first = dict(DEFAULT_SETTINGS, games=3)
    assert data["records"][:3] == botcompare.play(first)
    assert data["records"][:3] == compact(run(3, 3, 1, ("heuristic", "fast", "random"), rotate=True))
    # every bot sat in every seat
    for bot in DEFAULT_SETTINGS["bots"]:
        assert {x["seat"] for r in data["records"] for x in r["seats"] if x["bot"] == bot} == {0, 1, 2}
    # small: one line per game, only what the page shows
    assert botcompare.DEFAULT_FILE.stat().st_size < 60_000
    assert set(data["records"][0]["seats"][0]) == set(botcompare.SEAT_KEYS)


def test_a_broken_stored_file_is_a_clear_error(tmp_path, monkeypatch):
    bad = tmp_path / "bots.json"
    bad.write_text(json.dumps({"settings": dict(DEFAULT_SETTINGS), "records": []}))
    monkeypatch.setattr(botcompare, "DEFAULT_FILE", bad)
    with pytest.raises(ValueError, match="not a bots comparison"):
        botcompare.default_results()


def test_results_name_a_stronger_bot_only_when_the_intervals_say_so():
    close = results_html(_records(20, 12))  # 12 of 20 against 8 of 20: the intervals overlap
    assert "wins more often" not in close
    assert "These games do not tell apart the fast and random bots" in close
    lo, hi = wilson(12, 20)
    assert f"won 60% of the 20 seats it played (the games put it between {lo:.0%} and {hi:.0%})" in close
    even = [{"seed": i, "players": 3, "decisions": 300, "turns": 100, "winners": [i % 3],
             "seats": [{"seat": j, "bot": b, "first": j == 0, "won": j == i % 3, "total": 40}
                       for j, b in enumerate(("heuristic", "fast", "random"))]} for i in range(6)]
    assert "These games do not tell any of the bots apart" in results_html(even)
    one = results_html(_records(1, 1))
    assert "1 game of 2 players" in one and "won 100% of the one seat it played" in one
    far = results_html(_records(40, 36))
    assert "The fast bot wins more often than the random bot." in far and "do not tell apart" not in far
    assert "a fair share in a 2-player game is 50%" in far
    assert "A game lasted 120 turns on average (from 100 to 139)" in far


def test_the_chart_draws_each_bots_interval_and_scores():
    recs = _records(40, 36)
    fig = comparison_figure(recs)
    bar, box_fast, box_random, hist = fig.data
    lo, hi = wilson(36, 40)
    assert list(bar.x) == ["fast", "random"] and bar.y[0] == pytest.approx(0.9)
    assert bar.error_y.array[0] == pytest.approx(hi - 0.9) and bar.error_y.arrayminus[0] == pytest.approx(0.9 - lo)
    assert list(box_fast.y) == [45] * 36 + [40] * 4 and set(box_random.y) == {30}
    assert list(hist.x) == [r["turns"] for r in recs]


def test_bot_labels():
    assert botcompare.bot_label("heuristic") == "heuristic bot"
    assert botcompare.bot_label("mcts:20") == "mcts bot (20 search iterations per decision)"
    with pytest.raises(archwk.bots.UnknownBot):
        botcompare.bot_label("nobody")


def test_page_plays_the_chosen_settings_with_a_progress_bar():
    page = BotComparison()
    assert page.settings() == DEFAULT_SETTINGS and [m.description for m in page.seat_menus] == \
        ["Seat 1", "Seat 2", "Seat 3"]
    assert "played in advance" in page.summary.value
    # the chart shows the stored games, also in the state a page receives when it connects
    assert len(page.figure.data) == 5 and list(page.figure.data[0].x) == ["heuristic", "fast", "random"]
    assert [t.get("name") for t in page.figure.get_state()["_widget_data"]][:2] == ["won", "heuristic"]
    # every registry bot is offered in every seat
    assert [v for _, v in page.seat_menus[0].options] == list(archwk.bots.BOT_NAMES)
    page.players.value = 4  # the lineup is kept, cycled over the new seats
    assert [m.value for m in page.seat_menus] == ["heuristic", "fast", "random", "heuristic"]
    page.players.value = 2
    page.seat_menus[0].value, page.seat_menus[1].value = "fast", "random"
    page.games.value, page.seed.value, page.rotate.value = 4, 9, False
    seen = []
    page.progress.observe(lambda ch: seen.append(ch["new"]), names="value")
    page.play_button.click()
    assert page.error.value == ""
    assert seen[-1] == 4 and seen == sorted(seen) and page.progress.max == 4
    assert page.records == compact(run(2, 4, 9, ("fast", "random")))
    assert page.shown_settings == {"players": 2, "bots": ["fast", "random"], "games": 4, "seed": 9,
                                   "rotate": False}
    assert "4 games played in" in page.summary.value and "seat 1: fast bot, seat 2: random bot" in page.summary.value
    assert len(page.figure.data) == 4  # the bar chart, a box per bot, the histogram
    page.close()


def test_page_plays_on_a_dask_cluster():
    pytest.importorskip("dask.distributed")
    from dask.distributed import LocalCluster
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None) as cluster:
        page = BotComparison()
        page.players.value = 2
        page.seat_menus[0].value, page.seat_menus[1].value = "fast", "random"
        page.games.value = 3
        page.scheduler.value = cluster.scheduler_address
        page.play()
    assert page.records == compact(run(2, 3, 1, ("fast", "random"), rotate=True))
    assert f"on the Dask cluster at {cluster.scheduler_address}" in page.summary.value


def test_an_unreachable_cluster_is_a_readable_error():
    pytest.importorskip("dask.distributed")
    import dask
    page = BotComparison()
    page.games.value = 2
    page.scheduler.value = "tcp://127.0.0.1:9"
    shown = page.records
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        page.play_button.click()
    assert "Could not play on the Dask cluster at tcp://127.0.0.1:9" in page.error.value
    assert page.records is shown and not page.play_button.disabled  # nothing changed, the page still works
    page.scheduler.value = "my cluster"
    page.play_button.click()
    assert "looks like tcp://host:8786" in page.error.value and "&#x27;my cluster&#x27; is not one" in page.error.value
    assert page.records is shown
