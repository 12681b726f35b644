"""Batch simulation: many games between bots, one record per game.

Game i uses seed `base_seed * 1_000_003 + i` for its setup and its bots, so the
results for a seed are the same whatever the number of jobs, and whether the
games run here (`jobs` processes) or on a Dask cluster (`scheduler`, see
`archwk.ai.distributed`). Records come back in game order either way. One
game is played by `archwk.ai.games.play_one` (re-exported here with
`play_batch` and `game_seed`).

A record holds the scores by line for every seat, the winner(s), the game
length (decisions and turns), the buildings each seat built, its apprentices
and character, and which bot sat there. With `rotate`, the bots move one seat
on from game to game, so every bot sits in every seat equally often.

`summary` prints the score distribution, win rates by seat and by bot, the
seat advantage, and the buildings and apprentices that go with winning, each
bot's seats apart (`CARD_MEASURE` says what that figure is);
`summary_data` gives the same as a dict (`archwk simulate --json`);
`seat_stats`, `bot_stats` and `card_stats` give the figures as rows for
plotting (`widgets.analysis_charts.simulation_figures`, `widgets.botcompare`).

Every win rate comes with its 95% Wilson interval (`archwk.ai.evaluate.wilson`;
a shared win counts as a win for every winner; a bot in several seats counts
each seat). A claim that a bot, a building or an apprentice wins more (or less)
often than another is made only when their intervals do not overlap (`clear_of`);
otherwise the summary says the games do not tell them apart.
"""
from __future__ import annotations

import json
import statistics
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from archwk.games import DEFAULT_GAME, load_game

from .distributed import run_on_dask
from .evaluate import wilson
from .games import game_seed, play_batch, play_one

__all__ = ["bot_stats", "card_claims", "card_stats", "clear_of", "flat_rows", "game_seed", "lineup",
           "play_batch", "play_one", "run", "seat_stats", "summary", "summary_data", "told_apart", "write"]


def _play_task(task):  # a module-level function, so a process pool can send it
    return play_one(*task)


def lineup(bots: tuple[str, ...], players: int, game: int, rotate: bool = False) -> tuple[str, ...]:
    """The bot specs seat by seat in game `game` of a batch: `bots` cycled over the
    seats, and with `rotate` moved `game` seats on (seat 0's bot goes to seat 1, ...).

    >>> lineup(("heuristic", "random"), 3, 0)
    ('heuristic', 'random')
    >>> [lineup(("heuristic", "random"), 3, i, rotate=True) for i in range(3)]
    [('heuristic', 'random', 'heuristic'), ('heuristic', 'heuristic', 'random'), ('random', 'heuristic', 'heuristic')]
    """
    if not rotate:
        return tuple(bots)
    seats = [bots[j % len(bots)] for j in range(max(1, players))]
    k = game % len(seats)
    return tuple(seats[-k:] + seats[:-k]) if k else tuple(seats)


def run(players: int, games: int, seed: int, bots: tuple[str, ...], options: dict | None = None,
        jobs: int = 1, progress=None, scheduler: str | None = None, rotate: bool = False,
        game: str = DEFAULT_GAME) -> list[dict]:
    """Play `games` games of `game` (default: Architects); their records in game order.

    `bots` are bot specs for the seats (cycled; `archwk.ai.registry`); with `rotate` they move
    one seat on from game to game (`lineup`). `jobs` processes on this machine, or `scheduler`
    the address of a Dask scheduler to run them on that cluster instead. `progress(k)` is
    called as k more games finish.

    >>> recs = run(2, 2, seed=1, bots=("random",))
    >>> [r["seed"] for r in recs] == [game_seed(1, 0), game_seed(1, 1)]
    True
    """
    if games < 0:
        raise ValueError(f"simulate: games must be 0 or more, got {games}")
    if not bots:
        raise ValueError("simulate: give at least one bot")
    options = options or {}
    load_game(game)  # an unknown game: its error names the known ones, before any work
    more = () if game == DEFAULT_GAME else (game,)
    tasks = [(players, game_seed(seed, i), lineup(tuple(bots), players, i, rotate), options, *more)
             for i in range(games)]
    out: list[dict] = []
    if scheduler:
        return run_on_dask(tasks, scheduler, progress=progress)
    if jobs <= 1:
        for t in tasks:
            out.append(play_one(*t))
            if progress:
                progress(1)
        return out
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for rec in pool.map(_play_task, tasks, chunksize=max(1, min(16, games // (jobs * 8)))):
            out.append(rec)
            if progress:
                progress(1)
    return out


def seat_stats(records: list[dict]) -> list[dict]:
    """Per seat: bot, games, win rate with its 95% interval (`win_low`, `win_high`),
    mean/sd/min/max VP, and the seat advantage (win rate minus the 1/n of a fair
    seat; shared wins count for every winner). `bot` is the seat's bot in the
    first game (with rotated seats, every bot sits there in turn)."""
    if not records:
        return []
    n_seats = records[0]["players"]
    out = []
    for seat in range(n_seats):
        rows = [r["seats"][seat] for r in records]
        tot = [x["total"] for x in rows]
        won = sum(1 for x in rows if x["won"])
        wins = won / len(rows)
        low, high = wilson(won, len(rows))
        out.append({
            "seat": seat, "bot": rows[0]["bot"], "games": len(rows), "win_rate": wins,
            "win_low": low, "win_high": high,
            "advantage": wins - 1 / n_seats, "first_player_rate": sum(1 for x in rows if x["first"]) / len(rows),
            "mean_vp": statistics.mean(tot), "sd_vp": statistics.pstdev(tot) if len(tot) > 1 else 0.0,
            "min_vp": min(tot), "max_vp": max(tot),
        })
    return out


def bot_stats(records: list[dict]) -> list[dict]:
    """Per bot (every seat it sat in, every game): seats, wins, win rate with its 95%
    interval (`win_low`, `win_high`), and its final VP (`scores`: one per seat, in
    game order; mean, sd, min, max). Rows in the order the bots first appear."""
    seats: dict[str, list[dict]] = {}
    for r in records:
        for x in r["seats"]:
            seats.setdefault(x["bot"], []).append(x)
    out = []
    for bot, xs in seats.items():
        won = sum(1 for x in xs if x["won"])
        tot = [x["total"] for x in xs]
        low, high = wilson(won, len(xs))
        out.append({"bot": bot, "seats": len(xs), "wins": won, "win_rate": won / len(xs),
                    "win_low": low, "win_high": high, "mean_vp": statistics.mean(tot),
                    "sd_vp": statistics.pstdev(tot) if len(tot) > 1 else 0.0,
                    "min_vp": min(tot), "max_vp": max(tot), "scores": tot})
    return out


def clear_of(a: tuple[float, float], b: tuple[float, float]) -> int:
    """1 when interval `a` lies wholly above interval `b`, -1 wholly below, 0 when they overlap
    (then the games do not tell the two apart).

    >>> clear_of((0.5, 0.7), (0.2, 0.45)), clear_of((0.1, 0.3), (0.35, 0.5)), clear_of((0.3, 0.5), (0.4, 0.6))
    (1, -1, 0)
    """
    if a[0] > b[1]:
        return 1
    if a[1] < b[0]:
        return -1
    return 0


def told_apart(rows: list[dict]) -> tuple[list[tuple[str, list[str]]], list[tuple[str, str]]]:
    """Which bots of `bot_stats` rows the games tell apart: ([(bot, [the bots it wins more
    often than, clear of their intervals]), ...] best first, only bots clear of at least one;
    [(bot, other), ...] the pairs whose intervals overlap)."""
    order = sorted(rows, key=lambda d: (-d["win_rate"], d["bot"]))
    above: list[tuple[str, list[str]]] = []
    same: list[tuple[str, str]] = []
    for i, a in enumerate(order):
        beaten = []
        for b in order[i + 1:]:
            if clear_of((a["win_low"], a["win_high"]), (b["win_low"], b["win_high"])) > 0:
                beaten.append(b["bot"])
            else:
                same.append((a["bot"], b["bot"]))
        if beaten:
            above.append((a["bot"], beaten))
    return above, same


def card_stats(records: list[dict], key: str = "buildings_built", min_seats: int = 1,
               bot: str | None = None) -> list[dict]:
    """Win rate of the seats that ended with each card (`key`: "buildings_built"
    or "apprentices") against those without it, each with its 95% interval
    (`low`, `high`; `low_without`, `high_without`); rows sorted by the difference,
    only cards held by at least `min_seats` seats. The solo opponent is left out.

    With `bot`, only that bot's seats: a card is then compared among seats played the
    same way. Across bots the figure mostly measures the bots (a strong bot both builds
    more and wins more), which is why `summary` compares within each bot. Rows carry
    `bot` (None: every seat) and `wins` (the games won by the seats with the card)."""
    if key not in ("buildings_built", "apprentices"):
        raise ValueError(f"card_stats: key must be 'buildings_built' or 'apprentices', got {key!r}")
    seats = [x for r in records for x in r["seats"] if x["bot"] != "byzantine" and (bot is None or x["bot"] == bot)]
    if not seats:
        return []
    total_wins = sum(1 for x in seats if x["won"])
    held: dict[str, list[int]] = {}
    for x in seats:
        for c in set(x[key]):
            counts = held.setdefault(c, [0, 0])
            counts[0] += 1
            counts[1] += 1 if x["won"] else 0
    out: list[dict] = []
    for c, (n, w) in held.items():
        if n < min_seats:
            continue
        rest = len(seats) - n
        without = (total_wins - w) / rest if rest else 0.0
        low, high = wilson(w, n)
        low_without, high_without = wilson(total_wins - w, rest)
        out.append({"card": c, "bot": bot, "seats": n, "wins": w, "win_rate": w / n, "win_rate_without": without,
                    "seats_without": rest, "lift": w / n - without, "low": low, "high": high,
                    "low_without": low_without, "high_without": high_without})
    out.sort(key=lambda d: (-d["lift"], d["card"]))
    return out


def card_claims(rows: list[dict]) -> tuple[list[dict], list[dict]]:
    """The `card_stats` rows whose holders win clearly more often than the seats without
    the card (their intervals do not overlap), best first, and those that win clearly
    less often, worst first."""
    def side(d):
        return clear_of((d["low"], d["high"]), (d["low_without"], d["high_without"]))
    more = [d for d in rows if side(d) > 0]
    less = [d for d in reversed(rows) if side(d) < 0]
    return more, less


def _quantiles(xs: list[float]) -> tuple:
    xs = sorted(xs)
    q = lambda f: xs[min(len(xs) - 1, int(f * (len(xs) - 1) + 0.5))]  # noqa: E731
    return q(0.1), q(0.25), q(0.5), q(0.75), q(0.9)


def _pct(rate: float, low: float, high: float) -> str:
    return f"{rate:.1%} ({low:.0%}-{high:.0%})"


def _card_min_seats(records: list[dict]) -> int:
    return max(5, len(records) * records[0]["players"] // 50)


#: what the card figures measure, as `summary` and `summary_data` say it
CARD_MEASURE = ("the share of a bot's seats that won among those that ended with the card, against the same "
                "bot's seats without it: cards compared among seats played the same way. It shows what goes "
                "with winning, not what makes a seat win (a seat that is ahead builds more).")
#: the cards a seat ends with that the summary weighs, by the seat fact holding them: (the
#: card's name, its plural, what a seat did with it, the seats that did), Architects' words;
#: a game's explainer may name its own (`BATCH_CARDS`, e.g. Archon's Building tiles)
BATCH_CARDS = {"buildings_built": ("building", "buildings", "built", "that built it"),
               "apprentices": ("apprentice", "apprentices", "held", "that ended with it")}


def _batch_cards(records: list[dict]) -> dict:
    """The cards the summary weighs for the game of `records`, and their words."""
    game = load_game(records[0].get("game", DEFAULT_GAME))
    return getattr(game.explainer, "BATCH_CARDS", BATCH_CARDS)


def _bots_of(records: list[dict]) -> list[str]:
    return sorted({x["bot"] for r in records for x in r["seats"] if x["bot"] != "byzantine"})


def _card_lines(records: list[dict], key: str, words: tuple[str, str, str, str], min_seats: int,
                top: int) -> list[str]:
    """The summary's lines on the buildings (or apprentices) that go with winning, bot by bot."""
    what, whats, done, that = words
    lines = [f"{whats} and wins, each bot's seats apart ({whats} {done} by >= {min_seats} of them): how often "
             f"a bot's seats {that} won, against the same bot's seats without it. This shows what goes with "
             "winning, not what makes a seat win."]
    for bot in _bots_of(records):
        rows = card_stats(records, key, min_seats=min_seats, bot=bot)
        if not rows:
            lines.append(f"  {bot}: no {what} was {done} by {min_seats} or more of its seats")
            continue
        more, less = card_claims(rows)
        if not more and not less:
            lines.append(f"  {bot}: these games do not tell the {whats} apart (each one's 95% interval overlaps "
                         "that of the seats without it)")
            continue

        def fmt(d, bot=bot):
            return (f"the {d['card']}: {d['wins']} of {d['seats']} {bot} seats {that} won, "
                    f"{_pct(d['win_rate'], d['low'], d['high'])}, against "
                    f"{_pct(d['win_rate_without'], d['low_without'], d['high_without'])} of its "
                    f"{d['seats_without']} seats without it")
        if more:
            lines.append(f"  {bot} won clearly more often with " + "; ".join(fmt(d) for d in more[:top]))
        if less:
            lines.append(f"  {bot} won clearly less often with " + "; ".join(fmt(d) for d in less[:top]))
    return lines


def summary(records: list[dict], top: int = 5) -> str:
    """The printed summary of a batch: lengths, score distribution by seat, win
    rates by seat and by bot (each with its 95% interval), seat advantage, which
    bots the games tell apart, and the buildings and apprentices whose holders win
    clearly more or less often than the rest (only when the intervals say so)."""
    if not records:
        return "no games"
    n_seats = records[0]["players"]
    rotated = len({tuple(x["bot"] for x in r["seats"]) for r in records}) > 1
    lines = [f"{len(records)} games, {n_seats} seats" + (", bots rotated between seats" if rotated else "")]
    lengths = [r["decisions"] for r in records]
    turns = [r["turns"] for r in records]
    lines.append(f"game length: {statistics.mean(lengths):.0f} decisions on average "
                 f"(min {min(lengths)}, max {max(lengths)}), {statistics.mean(turns):.0f} turns")
    lines.append("win rates: in brackets the 95% interval (a shared win counts for every winner)")
    lines.append(f"  a seat's win rate is the share of the games won from that seat, whichever bot sat there; "
                 f"vs fair is that minus {1 / n_seats:.1%}, a seat's share if every seat won as often; a bot's "
                 "win rate is the share of the seats it sat in that won")
    lines.append(f"{'seat':<6}{'bot':<12}{'win rate':>10}{'interval':>11}{'vs fair':>9}{'mean VP':>10}{'sd':>7}"
                 f"{'min':>6}{'p10':>6}{'p50':>6}{'p90':>6}{'max':>6}")
    for st in seat_stats(records):
        tot = [r["seats"][st["seat"]]["total"] for r in records]
        p10, _, p50, _, p90 = _quantiles(tot)
        bot = "(rotated)" if rotated else st["bot"]
        interval = f"({st['win_low']:.0%}-{st['win_high']:.0%})"
        lines.append(f"{st['seat']:<6}{bot:<12}{st['win_rate']:>10.1%}{interval:>11}{st['advantage']:>+9.1%}"
                     f"{st['mean_vp']:>10.1f}{st['sd_vp']:>7.1f}{st['min_vp']:>6}{p10:>6}{p50:>6}{p90:>6}"
                     f"{st['max_vp']:>6}")
    first = [x for r in records for x in r["seats"] if x["first"]]
    if first:
        won = sum(1 for x in first if x["won"])
        lines.append(f"starting player: win rate {_pct(won / len(first), *wilson(won, len(first)))} "
                     f"(a fair seat: {1 / n_seats:.1%}): the share of the games won by whoever played first")
    bots = bot_stats(records)
    if len(bots) > 1:
        lines.append("win rate by bot: " + ", ".join(
            f"{d['bot']} {_pct(d['win_rate'], d['win_low'], d['win_high'])}"
            for d in sorted(bots, key=lambda d: d["bot"])))
        above, same = told_apart(bots)
        for bot, beaten in above:
            lines.append(f"  {bot} wins more often than {', '.join(beaten)} (the intervals do not overlap)")
        if same:
            lines.append("  these games do not tell apart: " + ", ".join(f"{a} and {b}" for a, b in same))
    shared = sum(1 for r in records if len(r["winners"]) > 1)
    if shared:
        lines.append(f"shared wins: {shared} game(s)")
    min_seats = _card_min_seats(records)
    for key, words in _batch_cards(records).items():
        lines += _card_lines(records, key, words, min_seats, top)
    return "\n".join(lines)


def summary_data(records: list[dict]) -> dict:
    """The summary as JSON-ready data (`archwk simulate --json`): every win rate with its
    95% interval, and for bots, buildings and apprentices only the claims the intervals
    support (`told_apart`, `card_claims`)."""
    if not records:
        return {"games": 0}
    n_seats = records[0]["players"]
    lengths = [r["decisions"] for r in records]
    turns = [r["turns"] for r in records]
    first = [x for r in records for x in r["seats"] if x["first"]]
    won_first = sum(1 for x in first if x["won"])
    bots = [{k: v for k, v in d.items() if k != "scores"} for d in bot_stats(records)]
    above, same = told_apart(bots)
    out: dict = {
        "games": len(records), "players": n_seats,
        "decisions": {"mean": statistics.mean(lengths), "min": min(lengths), "max": max(lengths)},
        "turns": {"mean": statistics.mean(turns), "min": min(turns), "max": max(turns)},
        "shared_wins": sum(1 for r in records if len(r["winners"]) > 1),
        "seats": seat_stats(records),
        "bots": bots,
        "bots_told_apart": [{"bot": b, "wins_more_often_than": beaten} for b, beaten in above],
        "bots_not_told_apart": [list(p) for p in same],
    }
    if first:
        low, high = wilson(won_first, len(first))
        out["starting_player"] = {"seats": len(first), "win_rate": won_first / len(first), "win_low": low,
                                  "win_high": high, "fair": 1 / n_seats}
    min_seats = _card_min_seats(records)
    for key, (_, plural, _, _) in _batch_cards(records).items():
        what = plural.lower().replace(" ", "_")
        rows, more, less = [], [], []
        for bot in _bots_of(records):
            these = card_stats(records, key, min_seats=min_seats, bot=bot)
            m, le = card_claims(these)
            rows += these
            more += [{"bot": bot, "card": d["card"]} for d in m]
            less += [{"bot": bot, "card": d["card"]} for d in le]
        out[what] = {"min_seats": min_seats, "measures": CARD_MEASURE, "rows": rows,
                     "clearly_more_often": more, "clearly_less_often": less}
    return out


def flat_rows(records: list[dict]) -> list[dict]:
    rows = []
    for i, r in enumerate(records):
        for x in r["seats"]:
            row = {"game": i, "seed": r["seed"], "players": r["players"], "decisions": r["decisions"],
                   "turns": r["turns"], "winners": ";".join(str(w) for w in r["winners"])}
            row.update({k: v for k, v in x.items() if k not in ("buildings_built", "apprentices")})
            row["buildings_built"] = ";".join(x["buildings_built"])
            row["apprentices"] = ";".join(x["apprentices"])
            rows.append(row)
    return rows


def write(records: list[dict], path: str) -> None:
    """Write the records to `path`: .json as they are, .csv and .parquet one row
    per seat (`flat_rows`). ValueError for another suffix, ImportError when
    .parquet lacks pandas/pyarrow."""
    p = Path(path)
    if p.suffix == ".json":
        p.write_text(json.dumps(records, indent=1))
    elif p.suffix == ".csv":
        import csv
        rows = flat_rows(records)
        with p.open("w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0]))
            w.writeheader()
            w.writerows(rows)
    elif p.suffix == ".parquet":
        try:
            import pandas as pd
        except ImportError:
            raise ImportError("writing .parquet needs pandas and pyarrow (pip install 'archwk[analysis]')") from None
        pd.DataFrame(flat_rows(records)).to_parquet(p)
    else:
        raise ValueError(f"records: use a .csv, .json or .parquet file, got {path!r}")
