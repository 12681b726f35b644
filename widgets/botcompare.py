"""The bots comparison page (notebooks/bots.ipynb): choose the bots, the number
of players and of games, play the games (`archwk.ai.simulate.run`, on a Dask
cluster when its address is given), and see how often each bot wins, with the
range the games support, how it scores, and how long the games last.

The page opens on results stored in `DEFAULT_FILE` (games played in advance
with `DEFAULT_SETTINGS`), so its first view costs no game; "Play the games"
plays them again, or plays the settings chosen. The stored file is rewritten by

    .venv/bin/python -m widgets.botcompare        # about 3 minutes on one core

and tests/test_botcompare.py checks that it is what `run` gives for its settings.

Every figure comes from `archwk.ai.simulate` (`bot_stats`: win rates with their
95% intervals, `told_apart`: which bots the games tell apart); nothing here
decides a game fact.

>>> page = BotComparison()
>>> page.settings() == DEFAULT_SETTINGS
True
>>> "wins more often than" in page.summary.value
True
"""
from __future__ import annotations

import json
import re
import statistics
import time
from pathlib import Path

import ipywidgets
import plotly.graph_objects as go
from plotly.subplots import make_subplots

import archwk
from archwk.ai.simulate import bot_stats, run, told_apart

from .palette import MUTED_TEXT, SEAT_COLOURS
from .text import ShowsErrors, esc, guarded

#: the comparison the page opens on: three bots of different strength, every bot in every seat
DEFAULT_SETTINGS: dict = {"players": 3, "bots": ["heuristic", "fast", "random"], "games": 150, "seed": 1,
                          "rotate": True}
#: its results, played in advance (`python -m widgets.botcompare` rewrites it)
DEFAULT_FILE = Path(__file__).resolve().parent / "data" / "bots-default.json"
#: a Dask scheduler's address: tcp://host:port (or another of Dask's protocols), or host:port
_ADDRESS = re.compile(r"^[a-z]+://\S+$|^[^\s/:]+:\d+$")
#: what the page keeps of a game record (`compact`)
SEAT_KEYS = ("seat", "bot", "first", "won", "total")


# --------------------------------------------------------------------------- data

def compact(records: list[dict]) -> list[dict]:
    """The parts of `archwk.ai.simulate.run` records the page shows: per game its seed,
    length and winners, per seat its bot, whether it started and won, and its score."""
    return [{"seed": r["seed"], "players": r["players"], "decisions": r["decisions"], "turns": r["turns"],
             "winners": list(r["winners"]), "seats": [{k: x[k] for k in SEAT_KEYS} for x in r["seats"]]}
            for r in records]


def default_results() -> dict:
    """The stored results: {"settings": DEFAULT_SETTINGS, "records": compact records}."""
    data = json.loads(DEFAULT_FILE.read_text(encoding="utf-8"))
    if set(data) != {"settings", "records"} or len(data["records"]) != data["settings"]["games"]:
        raise ValueError(f"{DEFAULT_FILE.name}: not a bots comparison (rewrite it: python -m widgets.botcompare)")
    return data


def play(settings: dict, progress=None, scheduler: str | None = None) -> list[dict]:
    """Play the games `settings` describe (players, bots, games, seed, rotate); compact records."""
    recs = run(settings["players"], settings["games"], settings["seed"], tuple(settings["bots"]),
               rotate=settings["rotate"], progress=progress, scheduler=scheduler or None)
    return compact(recs)


def write_default(path: Path = DEFAULT_FILE) -> dict:
    """Play `DEFAULT_SETTINGS` and store the results at `path` (one game per line)."""
    recs = play(DEFAULT_SETTINGS)
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = ",\n".join(json.dumps(r, separators=(",", ":")) for r in recs)
    path.write_text('{"settings": ' + json.dumps(DEFAULT_SETTINGS) + ',\n"records": [\n' + lines + "\n]}\n",
                    encoding="utf-8")
    return {"settings": DEFAULT_SETTINGS, "records": recs}


# --------------------------------------------------------------------------- words

def _bot_words(spec: str) -> tuple[str, str]:
    """A bot spec as (its kind's name, what its parameter sets, '' for none):
    "mcts:50" -> ("mcts", "50 search iterations per decision")."""
    name, colon, arg = spec.partition(":")
    kind = next((k for k in archwk.bots.BOTS if k.name == name.strip().lower()), None)
    if kind is None:
        raise archwk.bots.UnknownBot(f"unknown bot {spec!r}")
    if colon and kind.parameter:
        # the registry's help names the parameter by its letter ("N search iterations ...")
        return kind.name, kind.parameter_help.replace(kind.parameter, arg.strip(), 1)
    return kind.name, ""


def bot_label(spec: str) -> str:
    """A bot spec in words: "heuristic" -> "heuristic bot", "mcts:50" -> "mcts bot (50 search
    iterations per decision)". An unknown bot is `archwk.bots.UnknownBot`."""
    name, detail = _bot_words(spec)
    return f"{name} bot ({detail})" if detail else f"{name} bot"


def _short_label(spec: str) -> str:
    """A chart's label: "heuristic", "mcts bot (50 search iterations per decision)"."""
    name, detail = _bot_words(spec)
    return bot_label(spec) if detail else name


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _bots_phrase(specs: list[str]) -> str:
    """"the fast and random bots", "the fast bot", "the mcts bot (20 search iterations
    per decision) and the random bot"."""
    words = [_bot_words(b) for b in specs]
    if len(words) > 1 and not any(detail for _, detail in words):
        return "the " + _and([name for name, _ in words]) + " bots"
    return _and([f"the {bot_label(b)}" for b in specs])


def results_html(records: list[dict]) -> str:
    """The results in sentences: each bot's share of wins with the range the games support,
    which bots the games tell apart, and the game length."""
    if not records:
        return "<p><i>No games yet: press Play the games.</i></p>"
    n = records[0]["players"]
    rows = sorted(bot_stats(records), key=lambda d: (-d["win_rate"], d["bot"]))
    items = "".join(
        f"<li><b>The {esc(bot_label(d['bot']))}</b> won {d['win_rate']:.0%} of "
        + (f"the {d['seats']} seats it played" if d["seats"] > 1 else "the one seat it played")
        + f" (the games put it between {d['win_low']:.0%} and {d['win_high']:.0%}); it scored "
        f"{d['mean_vp']:.0f} VP on average, from {d['min_vp']} to {d['max_vp']}.</li>" for d in rows)
    above, same = told_apart(rows)
    claims = [f"The {esc(bot_label(b))} wins more often than {esc(_bots_phrase(beaten))}." for b, beaten in above]
    if same and not above and len(rows) > 2:
        claims.append("These games do not tell any of the bots apart: more games might.")
    elif same:
        pairs = "; nor ".join(esc(_bots_phrase([a, b])) for a, b in same)
        claims.append(f"These games do not tell apart {pairs}: more games might.")
    turns = [r["turns"] for r in records]
    shared = sum(1 for r in records if len(r["winners"]) > 1)
    fair = f"a fair share in a {n}-player game is {1 / n:.0%}" if n > 1 else "the solo opponent is not counted"
    length = (f"A game lasted {statistics.mean(turns):.0f} turns on average (from {min(turns)} to {max(turns)})."
              + (f" {shared} of the {len(records)} games ended in a shared win, which counts for every winner."
                 if shared else ""))
    return (f'<div class="archwk-botcompare-results" style="font-size:13px;max-width:1000px">'
            f"<p>{_games(len(records))} of {n} players; {fair}.</p><ul>{items}</ul>"
            + "".join(f"<p><b>{c}</b></p>" for c in claims)
            + f"<p>{length}</p></div>")


# --------------------------------------------------------------------------- chart

def comparison_figure(records: list[dict]) -> go.Figure:
    """One figure of three panels: win rate per bot with its 95% interval as error bars
    (and the fair share), final scores per bot (box), game length in turns (histogram)."""
    fig = make_subplots(rows=1, cols=3, column_widths=[0.34, 0.38, 0.28], horizontal_spacing=0.09,
                        subplot_titles=("Share of seats won", "Final score (VP)", "Game length (turns)"))
    if not records:
        fig.update_layout(title="No games yet", height=420)
        return fig
    rows = bot_stats(records)
    labels = [_short_label(d["bot"]) for d in rows]
    colours = [SEAT_COLOURS[i % len(SEAT_COLOURS)] for i in range(len(rows))]
    fig.add_trace(go.Bar(
        x=labels, y=[d["win_rate"] for d in rows], marker_color=colours, name="won",
        error_y=dict(type="data", symmetric=False, array=[d["win_high"] - d["win_rate"] for d in rows],
                     arrayminus=[d["win_rate"] - d["win_low"] for d in rows], color="#333"),
        customdata=[[d["win_low"], d["win_high"], d["seats"]] for d in rows],
        hovertemplate="%{x}: won %{y:.0%} of %{customdata[2]} seats (between %{customdata[0]:.0%} and "
                      "%{customdata[1]:.0%})<extra></extra>"), row=1, col=1)
    n = records[0]["players"]
    if n > 1:
        fig.add_hline(y=1 / n, line_dash="dot", line_color=MUTED_TEXT, row=1, col=1,
                      annotation_text="fair share", annotation_position="top right")
    for label, d, c in zip(labels, rows, colours):
        fig.add_trace(go.Box(y=d["scores"], name=label, marker_color=c, boxmean=True,
                             hovertemplate=f"{esc(label)}: %{{y}} VP<extra></extra>"), row=1, col=2)
    fig.add_trace(go.Histogram(x=[r["turns"] for r in records], marker_color="#9d755d", name="games",
                               hovertemplate="%{x} turns: %{y} games<extra></extra>"), row=1, col=3)
    fig.update_yaxes(tickformat=".0%", range=[0, 1], row=1, col=1)
    fig.update_yaxes(title_text="games", row=1, col=3)
    fig.update_layout(showlegend=False, height=420, width=1050, margin=dict(l=10, r=10, t=60, b=30),
                      title=f"{_games(len(records))} of {n} players")
    return fig


# --------------------------------------------------------------------------- the page

class BotComparison(ShowsErrors, ipywidgets.VBox):
    """The page: settings, Play the games with a progress bar, the results in words
    and in one chart. `results` ({"settings", "records"}) is shown first (default: the
    stored results of `DEFAULT_SETTINGS`). `play()` plays the chosen settings."""

    MAX_GAMES = 100_000

    def __init__(self, results: dict | None = None, **kwargs):
        results = results if results is not None else default_results()
        settings = results["settings"]
        self.error = ipywidgets.HTML()
        self.players = ipywidgets.BoundedIntText(value=settings["players"], min=2, max=5, description="Players",
                                                 layout=ipywidgets.Layout(width="150px"))
        self.games = ipywidgets.BoundedIntText(value=settings["games"], min=1, max=self.MAX_GAMES,
                                               description="Games", layout=ipywidgets.Layout(width="170px"))
        self.seed = ipywidgets.IntText(value=settings["seed"], description="Seed",
                                       layout=ipywidgets.Layout(width="150px"))
        self.rotate = ipywidgets.Checkbox(value=settings["rotate"], description="Every bot in every seat",
                                          indent=False, layout=ipywidgets.Layout(width="200px"))
        self.scheduler = ipywidgets.Text(value="", description="Dask cluster",
                                         placeholder="optional: tcp://host:8786",
                                         style={"description_width": "initial"},
                                         layout=ipywidgets.Layout(width="330px"))
        self.play_button = ipywidgets.Button(description="Play the games", button_style="primary")
        self.play_button.on_click(self._on_play)
        self.progress = ipywidgets.IntProgress(value=0, min=0, max=1, description="Games played",
                                               style={"description_width": "initial"},
                                               layout=ipywidgets.Layout(width="340px", visibility="hidden"))
        self.status = ipywidgets.HTML()
        self.seats_box = ipywidgets.HBox(layout=ipywidgets.Layout(flex_flow="row wrap"))
        self.seat_menus: list[ipywidgets.Dropdown] = []
        self._set_seats(settings["players"], list(settings["bots"]))
        self.players.observe(self._on_players, names="value")
        self.summary = ipywidgets.HTML()
        # drawn with the first results at once: a LiveFigure's state is the current figure when a page connects
        self.figure = _new_figure(results["records"])
        self._drawn: list[dict] = results["records"]
        self.records: list[dict] = []
        self.shown_settings: dict = {}
        super().__init__(children=[
            ipywidgets.HBox([self.players, self.games, self.seed, self.rotate],
                            layout=ipywidgets.Layout(flex_flow="row wrap", align_items="center")),
            self.seats_box,
            ipywidgets.HBox([self.scheduler, self.play_button, self.progress, self.status],
                            layout=ipywidgets.Layout(flex_flow="row wrap", align_items="center")),
            self.error, self.summary, self.figure], **kwargs)
        self.add_class("archwk-botcompare")
        self.show(results["records"], settings,
                  note=f"Results of {_games(settings['games'])} played in advance with these settings. Press "
                       "Play the games to play them again, or change the settings first.")

    # ---------------------------------------------------------------- settings
    def _bot_options(self, extra: list[str]) -> list[tuple[str, str]]:
        specs = list(archwk.bots.BOT_NAMES) + [b for b in extra if b not in archwk.bots.BOT_NAMES]
        return [(bot_label(b)[0].upper() + bot_label(b)[1:], b) for b in specs]

    def _set_seats(self, players: int, bots: list[str]) -> None:
        """One menu per seat, holding `bots` cycled over the seats."""
        options = self._bot_options(bots)
        self.seat_menus = [ipywidgets.Dropdown(options=options, value=bots[i % len(bots)],
                                               description=f"Seat {i + 1}",
                                               layout=ipywidgets.Layout(width="260px"))
                           for i in range(players)]
        self.seats_box.children = self.seat_menus

    def _on_players(self, change) -> None:
        bots = [m.value for m in self.seat_menus] or [archwk.bots.DEFAULT_BOT]
        self._set_seats(change["new"], bots)

    def settings(self) -> dict:
        """The settings the controls say."""
        return {"players": self.players.value, "bots": [m.value for m in self.seat_menus],
                "games": self.games.value, "seed": self.seed.value, "rotate": self.rotate.value}

    # ---------------------------------------------------------------- playing
    def play(self) -> list[dict]:
        """Play the games the controls say (on the Dask cluster when its address is given),
        with the progress bar; then show them."""
        settings = self.settings()
        address = self.scheduler.value.strip() or None
        if address is not None and not _ADDRESS.match(address):
            raise ValueError(f"A Dask cluster's address looks like tcp://host:8786 (its scheduler's host and "
                             f"port); {address!r} is not one")
        self.progress.max, self.progress.value = settings["games"], 0
        self.progress.layout.visibility = "visible"
        self.status.value = "<i>playing…</i>"
        self.play_button.disabled = True
        t0 = time.perf_counter()

        def advance(k: int) -> None:
            self.progress.value = min(self.progress.max, self.progress.value + k)

        try:
            records = play(settings, progress=advance, scheduler=address)
        except ImportError:
            raise ValueError("Playing on a Dask cluster needs dask on this computer "
                             "(pip install 'archwk[analysis]')") from None
        except Exception as e:
            if address is None:
                raise
            raise ValueError(f"Could not play on the Dask cluster at {address}: {e}") from None
        finally:
            self.play_button.disabled = False
            self.status.value = ""
        seconds = time.perf_counter() - t0
        where = f" on the Dask cluster at {address}" if address else ""
        self.show(records, settings, note=f"{_games(len(records))} played{where} in {_duration(seconds)}.")
        return records

    def show(self, records: list[dict], settings: dict, note: str = "") -> None:
        """Show these results (of `settings`) in words and in the chart."""
        self.records, self.shown_settings = records, dict(settings)
        lineup = ", ".join(f"seat {i + 1}: {bot_label(settings['bots'][i % len(settings['bots'])])}"
                           for i in range(settings["players"]))
        how = (" The bots moved one seat on from game to game, so every bot sat in every seat."
               if settings["rotate"] else "")
        self.summary.value = (f'<p style="color:{MUTED_TEXT};font-size:12px">{esc(note)} Seats in the first game: '
                              f"{esc(lineup)}.{how}</p>" + results_html(records))
        if records is not self._drawn:  # (the first results are drawn when the figure is made)
            fig = comparison_figure(records)
            with self.figure.batch_update():
                self.figure.data = []
                self.figure.add_traces(list(fig.data))
                self.figure.layout = fig.layout
            self._drawn = records

    @guarded
    def _on_play(self, _b=None) -> None:
        self.clear_error()
        self.play()


def _new_figure(records: list[dict]):
    from .figure import LiveFigure
    return LiveFigure(comparison_figure(records))


def _games(n: int) -> str:
    return "1 game" if n == 1 else f"{n} games"


def _duration(seconds: float) -> str:
    if seconds < 60:
        return f"{seconds:.1f} seconds"
    m, s = divmod(round(seconds), 60)
    return f"{m} min {s} s"


if __name__ == "__main__":  # pragma: no cover
    data = write_default()
    print(f"wrote {DEFAULT_FILE} ({len(data['records'])} games)")
