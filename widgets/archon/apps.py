"""Archon's pages: a new-game form above the shared explorer (`ArchonGameApp`: you
against the bots, or people in every seat) and the what-if page (`ArchonWhatIfApp`: a
position from the middle of a game, with the what-if editor open). The notebooks say
that the figures marked * are examples a player with the box can replace (the board's
hovers say it of each).

Both have the coach (`widgets.coach`, game-neutral): each player's chance to win, a Hint,
a judgement of your moves and the Game review, in Archon's words.

>>> app = ArchonGameApp(players=2, seed=1)
>>> app.explorer.state.players[0].name
'Ann (you)'
"""
from __future__ import annotations

import functools

import ipywidgets

import archwk

from ..explorer import TAB_EDITOR, GameExplorer
from ..text import guarded

GAME = "archon"
#: your seat's name in games against bots
LEARNER = "Ann (you)"


def _explorer(state, seats, coach: bool | dict = True) -> GameExplorer:
    """A GameExplorer on `state`, with the coach; bot seats that decide first play at once,
    so the page opens on a person's decision."""
    ex = GameExplorer(state, seats=seats, coach=coach)
    if ex.session.bot_to_move and any(s is None for s in ex.session.seats):
        ex.session.run_bots()
        ex.refresh()
    return ex


class ArchonGameApp(ipywidgets.VBox):
    """A new-game form above a `widgets.GameExplorer` (`.explorer`) of Archon."""

    OPPONENTS = (("You against bots", "bots"), ("Hot-seat: people in every seat", "people"))

    def __init__(self, players: int = 3, seed: int = 1, opponents: str | None = None,
                 coach: bool | dict = True, **kwargs):
        game = archwk.GAMES[GAME]
        self.coach_options = coach
        self.error = ipywidgets.HTML()
        self.players = ipywidgets.BoundedIntText(value=players, min=game.min_players, max=game.max_players,
                                                 description="Players", layout=ipywidgets.Layout(width="150px"))
        self.seed = ipywidgets.IntText(value=seed, description="Seed", layout=ipywidgets.Layout(width="150px"))
        self.opponents = ipywidgets.Dropdown(options=self.OPPONENTS, value=opponents or self.OPPONENTS[0][1],
                                             description="Opponents", layout=ipywidgets.Layout(width="360px"))
        self.new_button = ipywidgets.Button(description="New game", button_style="primary")
        self.new_button.on_click(self._on_new)
        self.explorer = _explorer(self._state(), self._seats(), self.coach_options)
        super().__init__(children=[
            ipywidgets.HBox([self.players, self.seed, self.opponents, self.new_button],
                            layout=ipywidgets.Layout(flex_flow="row wrap", align_items="center")),
            self.error, self.explorer], **kwargs)

    def _names(self) -> list[str]:
        n = self.players.value
        if self.opponents.value == "bots":
            return [LEARNER] + [f"Bot {i}" for i in range(1, n)]
        return [f"Player {i}" for i in range(1, n + 1)]

    def _state(self):
        return archwk.new_game(self._names(), seed=self.seed.value, game=GAME)

    def _seats(self) -> list:
        n = len(self._names())
        if self.opponents.value == "bots":
            return ["person"] + [archwk.bots.DEFAULT_BOT] * (n - 1)
        return ["person"] * n

    def new_game(self) -> GameExplorer:
        """Replace the explorer by a new game as the form says."""
        old = self.explorer
        self.explorer = _explorer(self._state(), self._seats(), self.coach_options)
        self.children: tuple[ipywidgets.Widget, ...] = self.children[:-1] + (self.explorer,)
        old.close()
        self.error.value = ""
        return self.explorer

    @guarded
    def _on_new(self, _b=None) -> None:
        self.new_game()


@functools.cache
def sample_position(seed: int = 5, decisions: int = 60):
    """A position from the middle of a 3-player game: heuristic bots play `decisions`
    decisions, then on to the next turn (a Wooden Figure to place)."""
    s = archwk.new_game(["Ann", "Ben", "Cy"], seed=seed, game=GAME)
    bots = [archwk.bots.make_bot(archwk.bots.DEFAULT_BOT, seed + i) for i in range(3)]
    n = 0
    while not s.is_over and (n < decisions or s.decision != "turn"):
        p = s.current_player
        assert p is not None  # the game is not over
        s = s.apply(bots[p].choose(s))
        n += 1
    return s


class ArchonWhatIfApp(ipywidgets.VBox):
    """The what-if page: an explorer (people in every seat) on a mid-game position,
    with the what-if editor open."""

    def __init__(self, state=None, coach: bool | dict = True, **kwargs):
        s = sample_position() if state is None else state
        self.explorer = GameExplorer(s, seats=["person"] * len(s.players), coach=coach)
        self.explorer.show_tab(TAB_EDITOR)
        super().__init__(children=[self.explorer], **kwargs)
