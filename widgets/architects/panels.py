"""Player panels: each player's board in words (silver, resources, virtue, hand,
apprentices with skills, buildings, debts, captured workers, supply).

Panels draw whatever state they are given: pass `state.view(player)` and the
other players' hands arrive hidden (as "?") from the library, so nothing
secret reaches the page.
"""
from __future__ import annotations

from archwk.games.architects import cards
from archwk.games.architects.model import HIDDEN

from ..panels import PlayerPanels as BasePanels
from ..panels import panel_html
from ..text import esc, seat_mark
from .cards import building_face, faces_row
from .text import apprentice_text, building_text, character_text

_RES = cards.RESOURCES


def _chip(text: str, title: str = "", bg: str = "#f3efe4") -> str:
    t = f' title="{esc(title)}"' if title else ""
    return (f'<span{t} style="display:inline-block;background:{bg};border-radius:4px;'
            f'padding:0 4px;margin:1px 2px 1px 0">{text}</span>')


def player_html(state, p: int) -> str:
    """One player's panel as HTML."""
    pl = state.players[p]
    deciding = state.current_player == p
    head = f'<b style="font-size:14px">{seat_mark(state, p)} {esc(pl.name)}</b>'
    if pl.character and pl.character != pl.name:  # the solo opponent is named after its character
        head += " " + _chip(esc(pl.character), character_text(pl.character))
    if pl.is_byzantine:
        head += " " + _chip("solo opponent")
    if deciding:
        head += ' <span style="color:#b35900;font-weight:bold">◀ to decide</span>'
    rows = [head]
    rows.append(f"<b>Silver</b> {pl.silver} · <b>Virtue</b> {pl.virtue} · "
                f"<b>Workers in supply</b> {pl.workers_in_supply}")
    rows.append(" ".join(_chip(f"{r.capitalize()} {getattr(pl, r)}") for r in _RES))
    # hand: names for the owner (or all-seeing), a count for others
    hidden = [c for c in pl.hand if c == HIDDEN]
    if pl.hand and len(hidden) == len(pl.hand):
        rows.append(f"<b>Hand</b> {len(pl.hand)} card{'s' if len(pl.hand) != 1 else ''} (hidden)")
    else:
        faces = [building_face(h, width=140) if h != HIDDEN else _chip("? hidden card") for h in pl.hand]
        rows.append(f"<b>Hand ({len(pl.hand)})</b> " + (faces_row(faces) if faces else "<i>empty</i>"))
    if pl.apprentice_ids:
        chips = []
        for cid in pl.apprentice_ids:
            a = cards.APPRENTICES[cid - 1]
            skills = "/".join(sorted(a.skills)) or "no skill"
            chips.append(_chip(f"{esc(a.name)} <i>({esc(skills)})</i>", apprentice_text(cid), "#e8f0e0"))
        rows.append(f"<b>Apprentices ({len(pl.apprentice_ids)})</b> " + " ".join(chips))
    else:
        rows.append("<b>Apprentices</b> <i>none</i>")
    if pl.buildings:
        chips = []
        for b in pl.buildings:
            vp: int | str
            try:
                vp = cards.building(b).vp
            except (KeyError, ValueError):
                vp = "?"
            chips.append(_chip(f"{esc(b)} ({vp} VP)", building_text(b), "#e6ecf5"))
        rows.append(f"<b>Buildings ({len(pl.buildings)})</b> " + " ".join(chips))
    else:
        rows.append("<b>Buildings</b> <i>none</i>")
    rows.append(f"<b>Debts</b> {pl.debts_unpaid} unpaid, {pl.debts_paid} paid · "
                f"<b>Cathedral</b> level {pl.cathedral_level}")
    held = [(o, k) for o, k in enumerate(pl.captured) if k]
    if held:
        parts = [f"{seat_mark(state, o)} {k} of {esc(state.players[o].name)}'s" for o, k in held]
        rows.append("<b>Captured here</b> " + ", ".join(parts))
    away = sum(q.captured[p] for q in state.players)
    if pl.in_prison or away:
        rows.append(f"<b>In Prison</b> {pl.in_prison} · <b>held on other boards</b> {away}")
    return panel_html(state, p, rows)


class PlayerPanels(BasePanels):
    """One panel per player, side by side (wrapping). `update(state)` redraws."""

    player_html = staticmethod(player_html)
