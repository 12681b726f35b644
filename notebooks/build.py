"""Write the notebooks of this directory from the text below (nbformat).

The .ipynb files are generated, without outputs, so that they stay short and
reviewable; edit this file and run it again:

    .venv/bin/python notebooks/build.py          # rewrite the notebooks
    .venv/bin/python notebooks/build.py --check  # exit 1 if a notebook differs

Each notebook is thin: prose, then one or two calls into `widgets/` (the
applications in `widgets.architects.apps` and `widgets.tutorial`). They run the same in JupyterLab and as Voila
apps (`bash scripts/kit serve`; Voila hides the code cells).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).resolve().parent

BACK = "[← Dashboard](dashboard.ipynb)"
NAV = ("[Dashboard](dashboard.ipynb) · [Rules tutorial](tutorial.ipynb) · [Game explorer](explorer.ipynb) · "
       "[What-if analysis](whatif.ipynb) · [Solo play](solo.ipynb) · [Card gallery](gallery.ipynb) · "
       "[Bots compared](bots.ipynb) · [OpenSpiel and PettingZoo](interop.ipynb) · "
       "[Archon: rules tutorial](archon_tutorial.ipynb) · [Archon: explorer](archon.ipynb) · [Archon: what-if](archon_whatif.ipynb) · "
       "[Archon: cards and tiles](archon_gallery.ipynb)")

NOTEBOOKS: dict[str, list[tuple[str, str]]] = {
    "dashboard.ipynb": [
        ("md", f"""# Architects of the West Kingdom: rules explainer

{NAV}

Learn the rules, play full games against bots or friends, and ask "what if?" about any position.
Everything runs on **archwk**, a rules engine that plays the printed rulebook."""),
        ("code", """from widgets.architects.apps import dashboard

dashboard()"""),
        ("md", """**Where to start.** New to the game? Open the [rules tutorial](tutorial.ipynb): eighteen
short lessons, one per rulebook section, each with a position on the board to play. Know the rules?
Go to the [game explorer](explorer.ipynb) or the [solo game](solo.ipynb).

*Architects of the West Kingdom* is designed by Shem Phillips and S J Macdonald and published by
Garphill Games. This is an unofficial study aid."""),
    ],
    "tutorial.ipynb": [
        ("md", f"""# Rules tutorial

{BACK}

One lesson per section of the rulebook. Each lesson sets up a position, explains the rule, and gives
you a task: make your choices with the buttons beside the board. The tutorial checks your move and
explains why it was right, or what the rule says instead. The numbered buttons at the top jump
between lessons; a ✓ marks the lessons you have done."""),
        ("code", """from widgets.tutorial import TutorialUI

tutorial = TutorialUI()
tutorial"""),
    ],
    "explorer.ipynb": [
        ("md", f"""# Game explorer

{BACK}

Play a full game. Choose with the buttons beside the board, or click a location, a group of
workers or an apprentice on the board. Each seat holds a person or a bot: with people in
every seat it is a hot-seat game. The history slider steps back through every decision; choosing
at a past point starts a new line of play. The tabs below the board show the players, the
projected scores, a what-if editor, and saving and loading.

The **coach** (untick *Coach* to hide it) shows each player's chance to win above the board, gives
a **Hint** (its three best choices, with why), says after each of your moves whether it was as good
as its choice, an inaccuracy, a mistake or a blunder, and in the **Game review** tab charts the whole game and turns
your blunders into exercises."""),
        ("code", """from widgets.architects.apps import GameApp

app = GameApp(players=3, seed=1)
app.explorer.load_from_page()  # a link with ?game=CODE opens that position
app"""),
    ],
    "whatif.ipynb": [
        ("md", f"""# What-if analysis

{BACK}

A position from the middle of a 3-player game. Change it in the **What-if editor** tab, or load a
saved game in the **Save / load** tab; step through the history with the slider. The table below
compares every legal choice at the position shown: what it does at once, how the projected score
of the player choosing moves (the score if the game ended right after it), and the coach's
chance of winning after each choice, from that player's view (hidden cards are sampled, never
peeked at), with the score two rounds later. They are the chances its **Hint**, its judgement of
each move and the bar above the board give for the same position; the **Game review** tab charts
the whole game."""),
        ("code", """from widgets.architects.apps import WhatIfApp

app = WhatIfApp()
app.explorer.load_from_page()  # a link with ?game=CODE opens that position
app"""),
    ],
    "solo.ipynb": [
        ("md", f"""# Solo play

{BACK}

You against the Byzantine opponent: **Constantine** (standard) or **Helena** (hard). You start with
3 Silver and 7 Virtue, keep 3 of 5 building cards, and play first. After each of your turns the
opponent reveals a Scheme card that places one of its workers; it gathers nothing, but scores for
the Cathedral, Virtue, Marble and its workers in the Guildhall, and loses points for Debts and
prisoners. The game ends as a 2-player game (12 constructions).

The printed Scheme cards are not in our sources: archwk plays a stand-in deck (see the rules
notes on the [dashboard](dashboard.ipynb))."""),
        ("code", """from widgets.architects.apps import SoloApp

app = SoloApp(seed=1)
app"""),
    ],
    "gallery.ipynb": [
        ("md", f"""# Card gallery

{BACK}

Every building card (43) and every apprentice (43) as it looks in the game: a building shows its
Victory Points, its cost, the skills its construction needs, the Virtue it gives or takes and its
effect; an apprentice shows its skills, its ability and the Virtue it gives or takes when hired.
Under each card is the rulebook section that describes it. Narrow the list by skill, by kind of
effect or by set (the base game, or the three extra buildings and apprentices of the online
version), or find a card by its name or its rule."""),
        ("code", """from widgets.architects.gallery import CardGallery

gallery = CardGallery()
gallery"""),
    ],
    "bots.ipynb": [
        ("md", f"""# Bots compared

{BACK}

Which bot plays best? Choose a bot for each seat, the number of players and of games, and press
**Play the games**. The page shows how often each bot won, with the range its results support (a
few games cannot tell two bots of similar strength apart, and the page then says so instead of
naming a winner), the scores the bots reached and how long the games lasted. With **Every bot in
every seat** ticked, the bots move one seat on from game to game, so no bot gains from its seat.
Many games play faster on a Dask cluster: give its address (archwk installed on a computer; in
the browser version of these pages the games play inside the page).

The page opens on 150 games played in advance with the settings shown."""),
        ("code", """from widgets.botcompare import BotComparison

page = BotComparison()
page"""),
    ],
    "interop.ipynb": [
        ("md", f"""# Use the games from OpenSpiel and PettingZoo

{BACK}

For people who study games with code: every game here is also an OpenSpiel game, so the search
and learning algorithms of DeepMind's OpenSpiel library play it, and a PettingZoo environment
(Farama's standard interface for multi-agent reinforcement learning), with an action mask. Choose a game, read
the example and press its button to run it here: the output is what the code printed.

In OpenSpiel the game is `archwk_<name>` with the parameters `players` and `seed` (the same seed
and actions give the same game); each action has a fixed number, and a player's observations show
only what the rules let that player see. In PettingZoo each agent observes a vector of numbers and a
mask of the actions it may take. Both need `pip install "archwk[interop]"`. The in-browser version
of these pages has no OpenSpiel, so there this page only shows the code."""),
        ("code", """from widgets.interop import InteropPage

page = InteropPage()
page"""),
    ],
}


ARCHON = "Archon: Glory & Machination"
ARCHON_BACK = "[← Dashboard](dashboard.ipynb) · [Archon rules tutorial](archon_tutorial.ipynb) · " \
    "[Archon explorer](archon.ipynb) · " \
    "[Archon what-if](archon_whatif.ipynb) · [Archon cards and tiles](archon_gallery.ipynb)"
#: one sentence on every Archon page (as widgets.archon.text.PAGE_NOTE)
EXAMPLES = ("Figures marked \\* are examples: the rulebook does not print them, and a player with the box "
            "can load the printed values.")

NOTEBOOKS.update({
    "archon_tutorial.ipynb": [
        ("md", f"""# Archon: rules tutorial

{ARCHON_BACK}

Learn *{ARCHON}* one rule at a time: each lesson sets up a small position, explains one part of the
rulebook in a few sentences and gives you a task: make your choices with the buttons beside the
board. The tutorial checks your move and explains what happened, and your progress is kept in this
browser. {EXAMPLES}"""),
        ("code", """from widgets.tutorial import TutorialUI

tutorial = TutorialUI(game="archon")
tutorial"""),
    ],
    "archon.ipynb": [
        ("md", f"""# Archon: game explorer

{ARCHON_BACK}

Play a full game of *{ARCHON}* against the bots (or with people in every seat). Split your ten
cards, then play a card and place a Wooden Figure each turn: choose with the buttons beside the
board (each says what it costs and gives), or click an action slot, a Repository cube, a
Marketplace slot, the city wall, a Magister track or a Building tile on the board. The history
slider steps back through every decision; the tabs below show the players, the projected scores,
a what-if editor, and saving and loading.

The **coach** (untick *Coach* to hide it) shows each player's chance to win above the board, gives
a **Hint** (its three best choices, with why), says after each of your moves whether it was as good
as its choice, an inaccuracy, a mistake or a blunder, and in the **Game review** tab charts the whole game and turns
your blunders into exercises. {EXAMPLES}"""),
        ("code", """from widgets.archon.apps import ArchonGameApp

app = ArchonGameApp(players=3, seed=1)
app.explorer.load_from_page()  # a link with ?game=CODE opens that position
app"""),
    ],
    "archon_whatif.ipynb": [
        ("md", f"""# Archon: what-if editor

{ARCHON_BACK}

A position from the middle of a 3-player game of *{ARCHON}*. Change a player's VP, Gold, Recruit
tokens, Resources, cards in hand or Building tiles, or the Repository's display, in the
**What-if editor** tab (the rules check every edit), then play on from there with the buttons or
the board. {EXAMPLES}"""),
        ("code", """from widgets.archon.apps import ArchonWhatIfApp

app = ArchonWhatIfApp()
app.explorer.load_from_page()  # a link with ?game=CODE opens that position
app"""),
    ],
    "archon_gallery.ipynb": [
        ("md", f"""# Archon: cards and tiles

{ARCHON_BACK}

Every Building tile, King's Favor card, King's Grant card, Attack card and Province card of
*{ARCHON}*, with its figures. {EXAMPLES} Narrow the list by kind, or find a card by its name or
text."""),
        ("code", """from widgets.archon.gallery import ArchonGallery

gallery = ArchonGallery()
gallery"""),
    ],
})


GAME = "Architects of the West Kingdom"

#: every page's first cell: widgets.a11y.PageHelper (live regions, focus after a choice, names for the
#: figures and controls, focus rings); it draws nothing
HELPER = """from widgets.a11y import PageHelper

PageHelper()"""


def page_title(name: str) -> str:
    """The page's title (the browser tab, what a screen reader says first): the
    notebook's first heading, with the game's name when the heading lacks it."""
    md = next(text for kind, text in NOTEBOOKS[name] if kind == "md")
    heading = md.splitlines()[0].lstrip("#").strip()
    game = ARCHON if name.startswith("archon") else GAME
    return heading if game in heading else f"{heading} · {game}"


def build(name: str) -> nbformat.NotebookNode:
    nb = new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    nb.metadata["title"] = page_title(name)  # Voila's and Voici's templates use it for <title>
    helper = new_code_cell(HELPER)
    helper["id"] = f"{Path(name).stem}-a11y"
    nb.cells.append(helper)
    for i, (kind, text) in enumerate(NOTEBOOKS[name]):
        cell = new_markdown_cell(text) if kind == "md" else new_code_cell(text)
        cell["id"] = f"{Path(name).stem}-{i}"  # stable ids: rebuilding changes nothing
        nb.cells.append(cell)
    return nb


def text_of(nb) -> str:
    return nbformat.writes(nb) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only check that the notebooks are up to date")
    args = ap.parse_args(argv)
    stale = []
    for name in NOTEBOOKS:
        path = HERE / name
        want = text_of(build(name))
        have = path.read_text() if path.exists() else None
        if have != want:
            stale.append(name)
            if not args.check:
                path.write_text(want)
    if args.check:
        if stale:
            print(f"out of date (run: python notebooks/build.py): {', '.join(stale)}", file=sys.stderr)
            return 1
        return 0
    print(f"wrote {', '.join(stale) or 'nothing (all up to date)'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
