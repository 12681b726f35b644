"""Archon's player panels: each seat's VP, Gold, Recruit tokens, Resources, Wooden
Figures, cards (the hand and the other pile only to whoever may see them), Magisters
and Magister Track, Building tiles, Arts and Science cards and Elite Warriors.

Panels draw the state they are given: pass `state.view(player)` and the other
players' hands arrive hidden (None) from the library, so nothing secret reaches the
page; only how many cards each holds shows.
"""
from __future__ import annotations

from archwk.games.archon.constants import CARD_TYPES, MAGISTERS, RESOURCES

from ..panels import PlayerPanels as BasePanels
from ..panels import panel_html
from ..text import esc, seat_mark
from . import text as W


def _chip(text: str, title: str = "", bg: str = "#f3efe4") -> str:
    t = f' title="{esc(title)}"' if title else ""
    return (f'<span{t} style="display:inline-block;background:{bg};border-radius:4px;'
            f'padding:0 4px;margin:1px 2px 1px 0">{text}</span>')


def _cards(names) -> str:
    """('courtier', 'courtier', 'cleric') -> '2 Courtiers, 1 Cleric'."""
    parts = []
    for c in CARD_TYPES:
        k = list(names).count(c)
        if k:
            parts.append(f"{k} {W.card_name(c, k)}")
    return ", ".join(parts) or "none"


def player_html(state, p: int) -> str:
    """One player's panel as HTML."""
    pl = state.players[p]
    deciding = state.current_player == p
    head = f'<b style="font-size:14px">{seat_mark(state, p)} {esc(pl.name)}</b> ' + _chip(esc(pl.emblem))
    if pl.passed:
        head += " " + _chip("passed" + (f", {pl.announced} cards unused" if pl.announced is not None else ""))
    if deciding:
        head += ' <span style="color:#b35900;font-weight:bold">◀ to decide</span>'
    rows = [head,
            f"<b>VP</b> {pl.vp} · <b>Gold</b> {pl.gold} · <b>Recruit tokens</b> {pl.recruits} · "
            f"<b>Wooden Figures in supply</b> {pl.figures_in_supply}",
            " ".join(_chip(f"{esc(W.resource_name(r))} {pl.resources[r]}") for r in RESOURCES)]
    if pl.hand is None:
        rows.append(f"<b>Hand</b> {pl.hand_size} card{'s' if pl.hand_size != 1 else ''} (hidden) · "
                    f"<b>other pile</b> {pl.next_size} (hidden)")
    else:
        rows.append(f"<b>Hand ({pl.hand_size})</b> {esc(_cards(pl.hand))} · "
                    f"<b>other pile ({pl.next_size})</b> {esc(_cards(pl.next_pile or ()))}")
    rows.append(f"<b>Played this round</b> {esc(_cards(pl.played))}")
    mags = [_chip(f"{esc(W.magister_name(m))} {pl.magisters[m]} · track {pl.magister_track[m]}",
                  bg="#eef2e6") for m in MAGISTERS]
    rows.append(f"<b>Courtiers</b> {pl.courtiers} · <b>Magisters</b> " + " ".join(mags))
    if pl.tiles:
        parts = state.components
        chips = []
        for name in pl.tiles:
            tile = parts.tile(name)
            example = W.is_example(parts.unprinted, "tiles")
            chips.append(_chip(esc(W.marked(name, example)),
                               "\n".join(W.tile_text(tile) + W.example_note(example)), "#e6ecf5"))
        rows.append(f"<b>Building tiles ({len(pl.tiles)})</b> " + " ".join(chips))
    else:
        rows.append("<b>Building tiles</b> <i>none</i>")
    rows.append(f"<b>Arts cards</b> {pl.arts} · <b>Science cards</b> {pl.science} · <b>Elite Warriors</b> "
                f"{pl.warriors_on_wall} on the wall, {pl.warriors_in_supply} in supply")
    return panel_html(state, p, rows)


class PlayerPanels(BasePanels):
    """One panel per player, side by side (wrapping). `update(state)` redraws."""

    player_html = staticmethod(player_html)
