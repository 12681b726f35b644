"""The page "Use the games from OpenSpiel and PettingZoo": a runnable example of each
adapter of `archwk.interop`, for a game chosen from `archwk.GAMES`. The code shown is the
code that runs (its printed output appears below it).

OpenSpiel and PettingZoo need a Python with ``pip install "archwk[interop]"``; where
they cannot be imported (the static site's in-browser Python has no OpenSpiel), the page
says so instead of running the examples.

>>> page = InteropPage()
>>> page.available in (True, False)
True
"""
from __future__ import annotations

import contextlib
import html
import importlib.util
import io

import ipywidgets

import archwk

from .text import ShowsErrors, guarded

#: the OpenSpiel example: {game} is the game's name in archwk.GAMES
OPENSPIEL_EXAMPLE = '''import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import archwk.interop.openspiel  # registers every archwk game with OpenSpiel

game = pyspiel.load_game("archwk_{game}", {{"players": 2, "seed": 7}})
state = game.new_initial_state()
print(game.num_players(), "players,", game.num_distinct_actions(), "action ids")
print(state)  # the decision, in the game's words
print("OpenSpiel player", state.current_player(), "may choose:")
for action in state.legal_actions()[:4]:
    print(" ", action, state.action_to_string(action))

# OpenSpiel's information-set MCTS picks a move (a small search: 30 simulations)
bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(max_length=20), 2.0, 30,
                       use_observation_string=True)
action = bot.step(state)
print("IS-MCTS chooses:", state.action_to_string(action))
state.apply_action(action)
print("Next:", state)'''

#: the PettingZoo example: {game} is the game's name in archwk.GAMES
PETTINGZOO_EXAMPLE = '''import random

from archwk.interop.pettingzoo import action_label, env

e = env("{game}", players=2)
e.reset(seed=7)
rng = random.Random(7)
for agent in e.agent_iter(max_iter=6):
    observation, reward, terminated, truncated, info = e.last()
    legal = observation["action_mask"].nonzero()[0]
    action = int(rng.choice(legal))
    print(agent, "sees", observation["observation"].size, "numbers and chooses:", action_label(e, action))
    e.step(action)'''


def available() -> bool:
    """Whether OpenSpiel and PettingZoo can be imported here."""
    return all(importlib.util.find_spec(m) is not None for m in ("pyspiel", "pettingzoo"))


class InteropPage(ShowsErrors, ipywidgets.VBox):
    """A game menu, then each example: its code, a button that runs it, and what it printed.
    `run("openspiel")` / `run("pettingzoo")` run an example as its button does."""

    def __init__(self, **kwargs):
        self.available = available()
        self.game = ipywidgets.Dropdown(options=[(g.title, name) for name, g in archwk.GAMES.items()],
                                        description="Game", style={"description_width": "50px"},
                                        layout=ipywidgets.Layout(width="420px"))
        self.error = ipywidgets.HTML()
        self.code: dict[str, ipywidgets.HTML] = {}
        self.output: dict[str, ipywidgets.HTML] = {}
        self.buttons: dict[str, ipywidgets.Button] = {}
        sections = []
        for key, title in (("openspiel", "OpenSpiel"), ("pettingzoo", "PettingZoo")):
            self.code[key] = ipywidgets.HTML()
            self.output[key] = ipywidgets.HTML()
            button = ipywidgets.Button(description=f"Run the {title} example", disabled=not self.available,
                                       tooltip=f"Run the {title} code above and show what it prints",
                                       layout=ipywidgets.Layout(width="auto"))
            button.on_click(lambda _b, key=key: self._on_run(key))
            self.buttons[key] = button
            sections.append(ipywidgets.VBox([ipywidgets.HTML(f"<h2>{title}</h2>"), self.code[key], button,
                                             self.output[key]]))
        note = "" if self.available else (
            '<p class="archwk-interop-missing"><b>OpenSpiel and PettingZoo are not installed in this Python</b> '
            "(the in-browser version of these pages has no OpenSpiel). Run this page where archwk is "
            'installed with <code>pip install "archwk[interop]"</code>, for example with '
            "<code>bash scripts/kit serve</code>.</p>")
        self.note = ipywidgets.HTML(note)
        self.game.observe(lambda _c: self._show_code(), names="value")
        super().__init__(children=[self.game, self.note, self.error, *sections], **kwargs)
        self.add_class("archwk-interop")
        self._show_code()

    def example(self, key: str) -> str:
        """The example's code for the chosen game."""
        template = OPENSPIEL_EXAMPLE if key == "openspiel" else PETTINGZOO_EXAMPLE
        return template.format(game=self.game.value)

    def _show_code(self) -> None:
        for key in self.code:
            self.code[key].value = f"<pre style='font-size:12px'>{html.escape(self.example(key))}</pre>"
            self.output[key].value = ""

    def run(self, key: str) -> str:
        """Run an example; what it printed (also shown on the page)."""
        if not self.available:
            raise archwk.ArchwkError('OpenSpiel and PettingZoo are not installed: pip install "archwk[interop]"')
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(self.example(key), f"<{key} example>", "exec"), {"__name__": f"example_{key}"})
        text = out.getvalue()
        self.output[key].value = (f"<p><b>It printed:</b></p><pre style='font-size:12px' aria-live='polite'>"
                                  f"{html.escape(text)}</pre>")
        return text

    @guarded
    def _on_run(self, key: str) -> None:
        self.clear_error()
        button = self.buttons[key]
        button.disabled = True
        try:
            self.run(key)
        finally:
            button.disabled = not self.available
