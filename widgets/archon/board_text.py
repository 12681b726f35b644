"""Archon's board in words: everything the board figure draws, as lists a screen reader
(or anyone who cannot hover) can read beside the figure, read through the read API
(`archwk.table(state)`) only. Example figures carry the same mark as on the board.

>>> import archwk
>>> html = board_text_html(archwk.new_game(["Ann", "Ben"], seed=1, game="archon"))
>>> "Action slots" in html and "Ann" in html
True
"""
from __future__ import annotations

from archwk.games.archon.constants import BUILDINGS, MAGISTERS, RESOURCES
from archwk.games.archon.table import table as read_table

from ..boardwords import BoardWords
from ..palette import SEAT_COLOUR_NAMES, SEAT_SYMBOLS
from ..text import esc, seat_mark
from . import text as W

_SHAPE_WORDS = {"circle": "circle", "square": "square", "diamond": "diamond", "triangle-up": "triangle",
                "hexagon": "hexagon"}


def seat_words(p: int) -> str:
    """How player p is drawn, in words: 'blue circle'."""
    return f"{SEAT_COLOUR_NAMES[p % len(SEAT_COLOUR_NAMES)]} {_SHAPE_WORDS[SEAT_SYMBOLS[p % len(SEAT_SYMBOLS)]]}"


def _section(title: str, rows: list[str]) -> str:
    return (f"<h3 style='font-size:13px;margin:6px 0 2px'>{esc(title)}</h3><ul style='margin:0;padding-left:18px'>"
            + "".join(f"<li>{r}</li>" for r in rows) + "</ul>")


def _names(state, seats) -> str:
    return ", ".join(esc(state.players[p].name) for p in seats) or "empty"


def board_text_html(state) -> str:
    """The position as HTML lists (headings, one item per fact)."""
    t = read_table(state)
    ex = set(t.unprinted)
    parts = state.components
    status = [f"Season {t.season}, round {t.round} of {t.rounds}",
              "Player order: " + _names(state, t.order)]
    if state.is_over:
        status.append("The game is over.")
    elif state.current_player is not None:
        status.append(f"To decide: {esc(state.players[state.current_player].name)}. {esc(state.prompt)}")
    if ex:
        status.append(esc(W.PAGE_NOTE))
    players = [f"{seat_mark(state, p)} {esc(pl.name)}: drawn as {seat_words(p)}; {pl.vp} VP"
               for p, pl in enumerate(state.players)]
    slot_ex = W.is_example(ex, "slots")
    slots = []
    for loc in BUILDINGS:
        bits = []
        for s in t.slots_at(loc):
            if s.covered:
                bits.append(f"slot {s.slot + 1} covered")
                continue
            what = f"slot {s.slot + 1} ({W.marked(str(s.cards), slot_ex)} card{'s' if s.cards != 1 else ''})"
            if s.occupants:
                what += ": " + _names(state, s.occupants)
            if s.token is not None:
                what += f", Tax Collector token of {esc(state.players[s.token].name)}"
            bits.append(what)
        merchant = " (Merchant symbol)" if parts.locations[loc].merchant else ""
        slots.append(f"{esc(W.location_name(loc, capital=True))}{merchant}: " + "; ".join(bits))
    fav_ex = W.is_example(ex, "favors")
    favors = []
    by_slot = {f.slot: f for f in t.favors}
    for s in t.slots_at("palace"):
        f = by_slot.get(s.slot)
        if f is None:
            favors.append(f"Favor slot {s.slot + 1}: no King's Favor card")
            continue
        who = f": {_names(state, s.occupants)}" if s.occupants else ""
        favors.append(f"Favor slot {s.slot + 1}: {esc(W.marked(W.favor_text(f), fav_ex))} "
                      f"({f.cards} card{'s' if f.cards != 1 else ''}){who}")
    repo = [", ".join(f"{t.repository[r]} {W.resource_name(r)}" for r in RESOURCES)]
    m_ex = W.is_example(ex, "market")
    market = []
    for m in t.marketplace:
        state_word = "a cube to buy" if m.filled else "empty"
        market.append(f"Slot {m.slot + 1}: {W.resource_name(m.resource)}, "
                      f"{W.marked(str(m.price), m_ex)} Gold, {state_word}")
    w_ex = W.is_example(ex, "wall")
    wall = []
    for w in t.wall:
        if not w.open:
            continue
        who = esc(state.players[w.owner].name) if w.owner is not None else "open"
        wall.append(W.marked(f"Slot {w.slot + 1}{' (Main Gate)' if w.gate else ''}", w_ex) + f": {who}")
    track = []
    for pl in state.players:
        track.append(f"{esc(pl.name)}: " + ", ".join(f"{W.magister_name(m)} space {pl.magister_track[m]}"
                                                     for m in MAGISTERS))
    g = t.grant
    g_ex = W.is_example(ex, "grant")
    grant = [W.marked(f"{W.CATEGORY_NAMES[c].capitalize()}: {', '.join(map(str, getattr(g, c)))}"
                      " VP by rank", g_ex) for c in ("arts", "science", "warriors")]
    t_ex = W.is_example(ex, "tiles")
    tiles = [W.marked(f"{esc(name)}: {left} left", t_ex) for name, left in t.tiles_left.items()]
    sections = [_section("Game", status), _section("Players", players), _section("Action slots", slots),
                _section("The Palace", favors), _section("The Repository's display", repo),
                _section("Marketplace slots", market), _section("City wall", wall),
                _section("Magister Track", track), _section(f"King's Grant of Season {g.season}", grant),
                _section("Building tiles", tiles)]
    if t.attacks:
        a_ex = W.is_example(ex, "attacks")
        sections.append(_section("Attack cards revealed",
                                 [W.marked(f"Strength {s}", a_ex) for _, s in t.attacks]))
    return "<div class='archwk-board-text' style='font-size:12px;line-height:1.4'>" + "".join(sections) + "</div>"


class BoardText(BoardWords):
    """A collapsible panel: the board in words. `update(state)` sets the position; the
    words are written while the panel is open (and when it opens)."""

    TITLES = ("The board in words (slots and figures, tracks, Marketplace)",)
    board_text_html = staticmethod(board_text_html)
