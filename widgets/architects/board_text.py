"""The board in words: everything the board figure draws, as text a screen
reader (or anyone who cannot hover) can read, beside the figure.

`board_text_html(state)` reads the position through `archwk.games.architects.table` only: the
workers at every location with their owners, the Virtue track and the
Cathedral, the Workshop's display with its Silver and hire costs, the Black
Market and the Guildhall. `BoardText` shows it in a collapsible panel with a
second one holding every location's rule (the hovers' text).

>>> import archwk
>>> html = board_text_html(archwk.new_game(["Ann", "Ben"], seed=1))
>>> "Workers on the board" in html and "Ann" in html
True
"""
from __future__ import annotations

import ipywidgets

from archwk.games.architects.model import LOCATIONS
from archwk.games.architects.table import WORKER_LOCATIONS
from archwk.games.architects.table import table as read_table

from ..boardwords import BoardWords
from ..palette import SEAT_COLOUR_NAMES, SEAT_SYMBOLS
from ..text import esc, seat_mark
from .text import apprentice_text, items, location_name, rule_text

_SHAPE_WORDS = {"circle": "circle", "square": "square", "diamond": "diamond", "triangle-up": "triangle",
                "hexagon": "hexagon"}


def seat_words(state, p: int) -> str:
    """How player p is drawn, in words: 'blue circle', 'dark grey square (solo opponent)'."""
    shape = _SHAPE_WORDS[SEAT_SYMBOLS[p % len(SEAT_SYMBOLS)]]
    if state.players[p].is_bot:
        return f"dark grey {shape}"
    return f"{SEAT_COLOUR_NAMES[p % len(SEAT_COLOUR_NAMES)]} {shape}"


def _owners(state, per: dict) -> str:
    return ", ".join(f"{esc(state.players[p].name)} {n}" for p, n in sorted(per.items()) if n) or "none"


def _section(title: str, rows: list[str]) -> str:
    return f"<h3 style='font-size:13px;margin:6px 0 2px'>{esc(title)}</h3><ul style='margin:0;padding-left:18px'>" \
        + "".join(f"<li>{r}</li>" for r in rows) + "</ul>"


def board_text_html(state) -> str:
    """The position as HTML lists (headings, one item per fact)."""
    t = read_table(state)
    n = len(state.players)
    status = [f"Turn {t.turn}", f"Black Market resets so far: {t.resets}",
              f"Guildhall: {t.guildhall_filled} of {len(t.guildhall)} spaces filled",
              f"Tax Stand: {t.tax} Silver on it"]
    if t.is_over:
        status.append("The game is over.")
    elif t.final_round:
        status.append("Final round.")
    if t.current_player is not None:
        status.append(f"To decide: {esc(state.players[t.current_player].name)}. {esc(t.prompt)}")
    players = [f"{seat_mark(state, p)} {esc(pl.name)}: drawn as {seat_words(state, p)}; Virtue {pl.virtue}, "
               f"Cathedral level {pl.cathedral_level}, {pl.workers_in_supply} workers in supply"
               for p, pl in enumerate(state.players)]
    workers = []
    for loc in WORKER_LOCATIONS:
        per = dict(t.workers.get(loc, {}))
        name = "Prison" if loc == "prison" else location_name(loc)
        workers.append(f"{esc(name)}: {_owners(state, per)}")
    if t.guildhall_beside:
        beside = {p: t.guildhall_beside.count(p) for p in set(t.guildhall_beside)}
        workers.append(f"Beside the full Guildhall: {_owners(state, beside)}")
    held = []
    for holder, owners in sorted(t.captured.items()):
        if any(owners.values()):
            held.append(f"On {esc(state.players[holder].name)}'s board (captured): {_owners(state, dict(owners))}")
    display = []
    for d in t.display:
        if not d.apprentice:
            display.append(f"Space {d.position} (row {d.row}, column {d.column}): empty")
            continue
        extra = f"; {d.silver} Silver on it" if d.silver else ""
        who = esc(state.players[t.current_player].name) if t.current_player is not None else ""
        cost = f"; {who} would pay {d.hire_cost} Silver to hire it" if d.hire_cost is not None and who else ""
        display.append(f"Space {d.position} (row {d.row}, column {d.column}): "
                       f"{esc(apprentice_text(d.apprentice))}{extra}{cost}")
    market = [f"Space {b.letter} ({b.silver} Silver): "
              + (esc(state.players[b.occupant].name) if b.occupant is not None else "free")
              for b in t.black_market]
    market += [f"{esc(pile.name)} pile: {pile.count} card{'s' if pile.count != 1 else ''}, "
               f"gives {esc(items(pile.goods))}"
               for pile in (t.small_market, t.large_market)]
    cathedral = [f"Level {lv.level} ({lv.vp} VP, {lv.spaces} space{'s' if lv.spaces != 1 else ''}): "
                 + (", ".join(esc(state.players[p].name) for p in lv.occupants) or "nobody")
                 for lv in t.cathedral]
    virtue = [f"{esc(state.players[p].name)}: Virtue {state.players[p].virtue}" for p in range(n)]
    parts = [_section("Game", status), _section("Players", players),
             _section("Workers on the board", workers + held), _section("Virtue track", virtue),
             _section("Cathedral", cathedral), _section("Workshop display (apprentices for hire)", display),
             _section("Black Market", market),
             _section("Reward cards", [f"{t.reward_pile.count} left"])]
    return "<div class='archwk-board-text' style='font-size:12px;line-height:1.4'>" + "".join(parts) + "</div>"


def rules_html() -> str:
    """Every location's rule, as the board's hovers show it."""
    rows = [f"<h3 style='font-size:13px;margin:6px 0 2px'>{esc(location_name(loc))}</h3>"
            f"<p style='margin:0'>{rule_text(loc)}</p>" for loc in LOCATIONS if not loc.startswith("black_market_")]
    rows.append("<h3 style='font-size:13px;margin:6px 0 2px'>Black Market</h3>"
                + "".join(f"<p style='margin:0'>{rule_text(loc)}</p>"
                          for loc in ("black_market_a", "black_market_b", "black_market_c")))
    rows.append(f"<h3 style='font-size:13px;margin:6px 0 2px'>Prison</h3><p style='margin:0'>{rule_text('prison')}</p>")
    return "<div style='font-size:12px;line-height:1.4'>" + "".join(rows) + "</div>"


class BoardText(BoardWords):
    """Two collapsible panels: the board in words and the rules of the
    locations. `update(state)` sets the position; the words are written while
    their panel is open (and when it opens)."""

    TITLES = ("The board in words (workers and owners, tracks, display)", "Rules of each location")
    board_text_html = staticmethod(board_text_html)

    def more_panels(self) -> list[ipywidgets.Widget]:
        self.rules = ipywidgets.HTML(rules_html())
        return [self.rules]

