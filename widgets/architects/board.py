"""The main board as a plotly figure.

`board_traces(state)` is the one function that turns a state into trace data;
`BoardView` builds a `FigureWidget` from it once and, on `update(state)`, sends
only the trace properties that changed, inside one `batch_update()`. The set of
traces is fixed for a player count, so an update never adds or removes one.

Everything drawn is read through `archwk.games.architects.table` (the display, the piles, the
Guildhall spaces and their triggers, the Virtue track's limits); this module
only decides where and how it is drawn. Coordinates are board units: x 0..120,
y 0..80.

>>> import archwk
>>> traces = board_traces(archwk.new_game(3, seed=1))
>>> [t["name"] for t in traces][:3]
['locations', 'guildhall spaces', 'virtue track']
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

from archwk.games.architects import cards
from archwk.games.architects.model import BLACK_MARKET_SPACES, LOCATIONS, OPEN_LOCATIONS
from archwk.games.architects.table import (
    APPRENTICE_DISCARD,
    BLACK_MARKET_RESET,
    GAME_END,
    guildhall_spaces,
    virtue_track,
)
from archwk.games.architects.table import table as read_table

from ..figure import LiveBoard
from ..palette import MUTED_TEXT, ink, seat_symbol
from ..text import GREY, colour, esc, wrap_html
from .text import apprentice_text, items, location_name, rule_text, skill_initials

WIDTH, HEIGHT = 1000, 680
X_RANGE, Y_RANGE = (0, 120), (0, 80)

#: where each location's circle sits
SPOTS = {
    "quarry": (8, 70), "forest": (21, 70), "mines": (34, 70), "silversmith": (47, 70),
    "storehouse": (8, 50), "workshop": (21, 50), "town_centre": (34, 50), "tax_stand": (47, 50),
    "guardhouse": (60, 50),
    "black_market_a": (70, 62), "black_market_b": (79, 62), "black_market_c": (88, 62),
    "guildhall": (107.5, 77.2),   # the Guildhall's title: its spaces are the grid below
    "prison": (79, 43),
}
BOARD_SPOTS = LOCATIONS + ("prison",)
LOCATION_FILL = {
    "quarry": "#cbbfae", "forest": "#9cc98b", "mines": "#d4a373", "silversmith": "#d5dbe0",
    "storehouse": "#e9d8a6", "workshop": "#e3c9a8", "town_centre": "#d9c2e0", "tax_stand": "#f1e3a0",
    "guardhouse": "#b9c7d9", "black_market_a": "#9c86ab", "black_market_b": "#9c86ab",
    "black_market_c": "#9c86ab", "guildhall": "#e6d3b3", "prison": "#8c8c8c",
}
LABELS = {
    "quarry": "Quarry", "forest": "Forest", "mines": "Mines", "silversmith": "Silver-<br>smith",
    "storehouse": "King's<br>Store-<br>house", "workshop": "Work-<br>shop", "town_centre": "Town<br>Centre",
    "tax_stand": "Tax<br>Stand", "guardhouse": "Guard-<br>house", "black_market_a": "A",
    "black_market_b": "B", "black_market_c": "C", "guildhall": "Guildhall", "prison": "Prison",
}
LOCATION_SIZE = {"black_market_a": 34, "black_market_b": 34, "black_market_c": 34, "guildhall": 1}

# the Guildhall grid (n+1 columns x 4 rows), the Cathedral, the display, the virtue track
GUILD_X0, GUILD_DX, GUILD_Y0, GUILD_DY = 99.0, 3.6, 72.0, 6.0
CATHEDRAL_X0, CATHEDRAL_DX, CATHEDRAL_Y0, CATHEDRAL_DY = 108.0, 3.6, 12.0, 6.2
DISPLAY_X0, DISPLAY_DX, DISPLAY_Y = 11.0, 14.0, (32.0, 20.5)
VIRTUE_X0, VIRTUE_DX, VIRTUE_Y = 5.0, 6.0, 5.0
WORKER_DX, WORKER_DY = 2.5, 5.4
PILES = {"small": (70, 72.5), "large": (86, 72.5)}
LEGEND_X, LEGEND_Y0, LEGEND_DY = 67.5, 31.5, 3.4
STATUS_SPOT = (60, 70)

REGIONS = (  # (x0, y0, x1, y1, title, title spot, hover)
    (1, 41, 63.5, 79, "", None, None),
    (64.5, 52, 94, 79, "Black Market", (79, 77.5), "black_market_a"),
    (64.5, 14, 94, 50, "", None, None),
    (95.5, 43, 119.5, 79, "", None, None),
    (95.5, 1, 119.5, 41.5, "Cathedral", (107.5, 39.8), None),
    (1, 14, 63, 39.5, "Workshop display (apprentices for hire)", (32, 38), "workshop"),
    (1, 1, 94, 12.5, "Virtue track", (47.5, 11.4), None),
)


#: how the board marks a Guildhall space's trigger (the triggers come from archwk.games.architects.table)
TRIGGER_TEXT = {
    BLACK_MARKET_RESET: ("R", "#7b3fa0", "triggers a Black Market reset after the action"),
    GAME_END: ("E", "#c0392b", "the last space: whoever fills it triggers the end of the game "
                               "(after this turn everyone has one final turn)"),
    APPRENTICE_DISCARD: ("A", "#d35400", "Age of Artisans: discards both left-most display apprentices"),
}


def guild_cell(row: int, column: int) -> tuple[float, float]:
    """Where the Guildhall space at (row, column), both 1-based, is drawn."""
    return GUILD_X0 + (column - 1) * GUILD_DX, GUILD_Y0 - (row - 1) * GUILD_DY


def worker_spot(loc: str, k: int, m: int) -> tuple[float, float]:
    """Where the k-th of m worker groups at a location sits (centred under it)."""
    x, y = SPOTS[loc]
    if loc in BLACK_MARKET_SPACES:
        return x, y - 4.2
    return x + (k - (m - 1) / 2) * WORKER_DX, y - WORKER_DY


def _virtue_limits() -> tuple[int, int, int]:
    """(the first Virtue that closes the Black Market, the last Virtue that
    forbids Cathedral work, the top of the track), read from the track."""
    track = virtue_track()
    closed = min((v.virtue for v in track if not v.black_market), default=len(track))
    no_cathedral = max((v.virtue for v in track if not v.cathedral), default=-1)
    return closed, no_cathedral, track[-1].virtue


@functools.cache
def _virtue_hover(v: int) -> str:
    lv = virtue_track()[v]
    closed, no_cathedral, top = _virtue_limits()
    lines = [f"Virtue {v}: {lv.vp:+d} VP at the end",
             "Black Market open" if lv.black_market else f"Black Market closed (Virtue {closed} or more)",
             "may work on the Cathedral" if lv.cathedral
             else f"may not work on the Cathedral (Virtue {no_cathedral} or less)"]
    if lv.avoid_tax:
        lines.append(f"avoids {lv.avoid_tax} Tax on every cost")
    lines.append(f"Below 0: take an unpaid Debt per point; above {top}: destroy an unpaid Debt per point.")
    return wrap_html(lines)


@functools.cache
def _cathedral_level_hover(i: int) -> str:
    lv = cards.CATHEDRAL[i]
    costs = " or ".join(items(c) for c in lv.costs)
    return wrap_html([f"Cathedral level {lv.level}: {lv.vp} VP, {lv.spaces} space{'s' if lv.spaces != 1 else ''}",
                      f"cost: {costs}, and discard 1 building card",
                      "Advancing takes a reward card (or 1 Virtue when none is left).",
                      f"Needs Virtue {_virtue_limits()[1] + 1} or more and a free space on the next level."])


# --------------------------------------------------------------------------- the trace data

def _ctx(t, viewer):
    """Whose decision the board may reveal hints for (None: none)."""
    p = t.current_player
    if p is None or t.is_view or (viewer is not None and viewer != p):
        return None
    return p


def board_traces(state, viewer: int | None = None) -> list[dict]:
    """Every trace of the board for `state`, as plotly trace dicts in a fixed order.

    With `viewer` set, only what that player may know is drawn (the hints and
    blockers of another player's decision are left out)."""
    n = len(state.players)
    t = read_table(state)
    me = _ctx(t, viewer)
    legal = state.legal_actions() if me is not None else []
    blockers = dict(state.placement_blockers()) if me is not None and t.decision_kind == "place" else {}
    legal_places = {a.location: a for a in legal if a.kind in ("place", "return_worker")}
    out = [_locations(t, me, legal_places, blockers)]
    out.append(_guildhall_spaces_for(guildhall_spaces(n, artisans=state.options.artisans)))
    out.append(_virtue_track())
    out.append(_cathedral(state, t))
    out.append(_display(t, me, legal))
    out.append(_piles(t))
    out.append(_silver(t))
    out.append(_virtue_markers(state))
    out.append(_labels(t))
    out.append(_players(state, t))
    groups = {loc: sorted(t.workers[loc]) for loc in OPEN_LOCATIONS + ("prison",)}
    for p in range(n):
        out.append(_workers(state, t, p, groups))
    return out


def _locations(t, me, legal_places, blockers) -> dict:
    xs, ys, colours, opac, hover, text, sizes = [], [], [], [], [], [], []
    for loc in BOARD_SPOTS:
        x, y = SPOTS[loc]
        xs.append(x)
        ys.append(y)
        head = f"<b>{esc(location_name(loc))}</b>"
        if loc == "tax_stand":
            head += f" — {t.tax} Silver on it"
        now = ""
        fill, op = LOCATION_FILL[loc], 1.0
        if me is not None:
            if loc in blockers:
                fill, op = GREY, 0.45
                now = f"<br><i>Blocked now: {esc(blockers[loc])}</i>"
            elif loc in legal_places:
                now = f"<br><b>Click: {esc(str(legal_places[loc]))}</b>"
        hover.append(f"{head}<br>{rule_text(loc)}{now}")
        colours.append(fill)
        opac.append(op)
        text.append(LABELS[loc])
        sizes.append(LOCATION_SIZE.get(loc, 58))
    return dict(
        type="scatter", name="locations", mode="markers+text", x=xs, y=ys, text=text,
        textfont=dict(size=10, color="#222"), hovertext=hover, hoverinfo="text",
        customdata=[["location", loc] for loc in BOARD_SPOTS],
        marker=dict(size=sizes, color=colours, opacity=opac, symbol="circle",
                    line=dict(width=1.5, color="#555")),
    )


@functools.lru_cache(maxsize=32)
def _guildhall_spaces_for(spaces: tuple) -> dict:
    xs, ys, text, hover, line = [], [], [], [], []
    for sp in spaces:
        x, y = guild_cell(sp.row, sp.column)
        xs.append(x)
        ys.append(y)
        letter, col, what = TRIGGER_TEXT[sp.trigger] if sp.trigger else ("", "#8a7a5a", "")
        text.append(letter)
        line.append(col)
        hover.append(wrap_html([f"Guildhall space {sp.number} (row {sp.row}, column {sp.column})"]
                               + ([f"Trigger: {what}"] if what else [])
                               + ["Click to place a worker at the Guildhall (construct a building or "
                                  "advance the Cathedral)."]))
    return dict(
        type="scatter", name="guildhall spaces", mode="markers+text", x=xs, y=ys, text=text,
        textfont=dict(size=11, color="#333"), hovertext=hover, hoverinfo="text",
        customdata=[["location", "guildhall"]] * len(xs),
        marker=dict(size=24, symbol="square", color="#f3e7cf", line=dict(width=2, color=line)),
    )


@functools.lru_cache(maxsize=1)
def _virtue_track() -> dict:
    track = virtue_track()
    xs = [VIRTUE_X0 + v.virtue * VIRTUE_DX for v in track]
    # red: no Cathedral work; gold: the Black Market is closed
    fill = ["#e8a6a6" if not v.cathedral else "#f6d67a" if not v.black_market else "#e9e4d4" for v in track]
    return dict(
        type="scatter", name="virtue track", mode="markers+text", x=xs, y=[VIRTUE_Y] * len(track),
        text=[str(v.virtue) for v in track], textfont=dict(size=10), hoverinfo="text",
        hovertext=[_virtue_hover(v.virtue) for v in track], customdata=[["virtue", v.virtue] for v in track],
        marker=dict(size=24, symbol="square", color=fill, line=dict(width=1, color="#777")),
    )


def _cathedral(state, t) -> dict:
    xs, ys, fill, hover, symbols = [], [], [], [], []
    for i, lv in enumerate(t.cathedral):
        here = lv.occupants
        for j in range(lv.spaces):
            xs.append(CATHEDRAL_X0 + j * CATHEDRAL_DX)
            ys.append(CATHEDRAL_Y0 + i * CATHEDRAL_DY)
            base = _cathedral_level_hover(i)
            if j < len(here):
                p = here[j]
                fill.append(colour(state, p))
                symbols.append(seat_symbol(p))
                hover.append(f"<b>{esc(state.players[p].name)}</b> has reached this level<br>{base}")
            else:
                fill.append("#ffffff")
                symbols.append("diamond")
                hover.append(f"<i>Free space</i><br>{base}")
    return dict(
        type="scatter", name="cathedral", mode="markers", x=xs, y=ys, hoverinfo="text", hovertext=hover,
        customdata=[["cathedral"]] * len(xs),
        marker=dict(size=18, symbol=symbols, color=fill, line=dict(width=1.5, color="#555")),
    )


def _display(t, me, legal) -> dict:
    hires = {a.target for a in legal if a.kind == "hire"}
    xs, ys, text, hover, fill = [], [], [], [], []
    for d in t.display:
        slot = d.position - 1
        xs.append(DISPLAY_X0 + (d.column - 1) * DISPLAY_DX)
        ys.append(DISPLAY_Y[d.row - 1])
        cid = d.apprentice
        if not cid:
            text.append("(empty)")
            hover.append(f"Display position {d.position}: empty")
            fill.append("#eeeeee")
            continue
        name = d.name.replace(" ", "<br>", 1)
        text.append(f"<b>{d.position}</b> {name}<br><b>{skill_initials(cid)}</b>")
        h = _card_hover(cid, d.position, d.row, d.column, d.silver)
        if me is not None and slot in hires:
            cost = ""
            if t.decision_kind == "workshop" and d.hire_cost is not None:
                cost = f" for {d.hire_cost} Silver" + (f" ({d.skipped} on the skipped cards)" if d.skipped else "")
            h += f"<br><b>Click to hire it{cost}.</b>"
        hover.append(h)
        fill.append("#f7e9c8" if me is None or slot in hires or not hires else "#e6e0d2")
    return dict(
        type="scatter", name="display", mode="markers+text", x=xs, y=ys, text=text,
        textfont=dict(size=9, color="#222"), hoverinfo="text", hovertext=hover,
        customdata=[["slot", d.position - 1] for d in t.display],
        marker=dict(size=[62] * len(t.display), symbol="square", color=fill, line=dict(width=1.5, color="#8a6d3b")),
    )


@functools.lru_cache(maxsize=1024)
def _card_hover(cid: int, position: int, row: int, column: int, coins: int) -> str:
    lines = [f"Display position {position} (row {row}, column {column})", apprentice_text(cid)]
    if coins:
        lines.append(f"{coins} Silver lies on it: whoever hires it takes the Silver.")
    return wrap_html(lines)


def _piles(t) -> dict:
    xs, ys, text, hover = [], [], [], []
    for which, space, pile in (("small", "A", t.small_market), ("large", "C", t.large_market)):
        goods, count = pile.goods, pile.count
        x, y = PILES[which]
        xs.append(x)
        ys.append(y)
        title = "Small" if which == "small" else "Large"
        text.append(f"{title} ({count}):<br>{esc(items(goods))}")
        empty = "" if count else " (the pile is empty: the printed goods under it apply)"
        piled = f"{count} card{'s' if count != 1 else ''}"
        hover.append(wrap_html([f"{title} Market pile, {piled}; top card: {items(goods)}{empty}",
                                f"Black Market space {space} gives these goods.",
                                "At each Black Market reset the top Small card turns over onto the Large pile."]))
    return dict(
        type="scatter", name="market piles", mode="markers+text", x=xs, y=ys, text=text,
        textposition="bottom center", textfont=dict(size=9), hoverinfo="text", hovertext=hover,
        customdata=[["pile", "small"], ["pile", "large"]],
        marker=dict(size=22, symbol="square", color="#cdb8dc", line=dict(width=1, color="#5b3f6e")),
    )


def _silver(t) -> dict:
    x, y = SPOTS["tax_stand"]
    xs, ys, text, hover = [x + 3.6], [y + 3.2], [str(t.tax)], [
        f"Tax Stand: {t.tax} Silver (Tax paid by everyone; whoever places at the Tax Stand takes it)"]
    for d in t.display:
        if d.silver and d.apprentice:
            xs.append(DISPLAY_X0 + (d.column - 1) * DISPLAY_DX + 3.2)
            ys.append(DISPLAY_Y[d.row - 1] + 3.2)
            text.append(str(d.silver))
            hover.append(f"{d.silver} Silver on the {esc(d.name)}: whoever hires it takes the Silver")
    return dict(
        type="scatter", name="silver", mode="markers+text", x=xs, y=ys, text=text,
        textfont=dict(size=9, color="#222"), hoverinfo="text", hovertext=hover,
        customdata=[["silver"]] * len(xs),
        marker=dict(size=17, symbol="circle", color="#d9d9d9", line=dict(width=1.5, color="#8c8c8c")),
    )


def _virtue_markers(state) -> dict:
    xs, ys, fill, hover, symbols = [], [], [], [], []
    seen: dict[int, int] = {}
    for p, pl in enumerate(state.players):
        k = seen.get(pl.virtue, 0)
        seen[pl.virtue] = k + 1
        row, col = divmod(k, 3)
        xs.append(VIRTUE_X0 + pl.virtue * VIRTUE_DX + (col - 1) * 1.8)
        ys.append(VIRTUE_Y + 3.6 + row * 1.9)
        fill.append(colour(state, p))
        symbols.append(seat_symbol(p))
        hover.append(f"<b>{esc(pl.name)}</b>: Virtue {pl.virtue}")
    return dict(
        type="scatter", name="virtue markers", mode="markers", x=xs, y=ys, hoverinfo="text",
        hovertext=hover, customdata=[["player", p] for p in range(len(state.players))],
        marker=dict(size=12, symbol=symbols, color=fill, line=dict(width=1, color="#222")),
    )


def _labels(t) -> dict:
    spaces = len(t.guildhall)
    on_spaces = sum(1 for sp in t.guildhall if sp.occupant is not None)
    status = [f"Turn {t.turn}", f"Resets: {t.resets}", f"Guildhall {on_spaces}/{spaces}"]
    if t.is_over:
        status.append("<b>Game over</b>")
    elif t.final_round:
        status.append("<b>Final round</b>")
    xs, ys, text = [STATUS_SPOT[0], 107.5], [STATUS_SPOT[1], 3.0], ["<br>".join(status),
                                                                      f"Reward cards left: {t.reward_pile.count}"]
    over = len(t.guildhall_beside)
    xs.append(GUILD_X0 + 9)
    ys.append(GUILD_Y0 - 3 * GUILD_DY - 5.5)
    discards = any(sp.trigger == APPRENTICE_DISCARD for sp in t.guildhall)
    text.append(f"+{over} beside the full Guildhall" if over > 0 else "R reset · E end"
                + (" · A discard" if discards else ""))
    return dict(type="scatter", name="labels", mode="text", x=xs, y=ys, text=text,
                textfont=dict(size=10, color="#333"), hoverinfo="skip", customdata=[["label"]] * 3)


def _players(state, t) -> dict:
    xs, ys, fill, text, hover = [], [], [], [], []
    cur = t.current_player
    for p, pl in enumerate(state.players):
        xs.append(LEGEND_X)
        ys.append(LEGEND_Y0 - p * LEGEND_DY)
        fill.append(colour(state, p))
        name = esc(pl.name) + (f" ({esc(pl.character)})" if pl.character and pl.character != pl.name else "")
        if pl.is_byzantine:
            name += " · solo opponent"
        text.append(f"<b>{name} ◀ to decide</b>" if p == cur else name)
        nw, nb = pl.workers_in_supply, len(pl.buildings)
        hover.append(f"<b>{name}</b><br>Silver {pl.silver} · Virtue {pl.virtue} · "
                     f"{nw} worker{'s' if nw != 1 else ''} in supply · {nb} building{'s' if nb != 1 else ''}")
    return dict(
        type="scatter", name="players", mode="markers+text", x=xs, y=ys, text=text,
        textposition="middle right", textfont=dict(size=10, color="#222"), hoverinfo="text",
        hovertext=hover, customdata=[["player", p] for p in range(len(xs))],
        marker=dict(size=13, symbol=[seat_symbol(p) for p in range(len(xs))], color=fill,
                    line=dict(width=1, color="#222")),
    )


def _workers(state, t, p: int, groups: dict) -> dict:
    pl = state.players[p]
    xs, ys, text, data, hover = [], [], [], [], []
    name = esc(pl.name)

    def put(loc, x, y, count, label):
        xs.append(x)
        ys.append(y)
        text.append(label)
        data.append(["worker", loc, p, count])
        hover.append(f"<b>{name}</b>: {count} worker{'s' if count != 1 else ''} at the {esc(location_name(loc))}")

    for loc in OPEN_LOCATIONS:
        count = t.workers[loc].get(p, 0)
        if count:
            g = groups[loc]
            put(loc, *worker_spot(loc, g.index(p), len(g)), count, str(count))
    for space in t.black_market:
        if space.occupant == p:
            put(space.location, *worker_spot(space.location, 0, 1), 1, "1")
    for sp in t.guildhall:
        if sp.occupant == p:
            put("guildhall", *guild_cell(sp.row, sp.column), 1, "")
    beside = sum(1 for owner in t.guildhall_beside if owner == p)
    if beside:
        x, y = guild_cell(t.guildhall[-1].row, t.guildhall[-1].column)
        put("guildhall", x + 1.2 + p * 1.4, y - 4.0, beside, str(beside))
    jailed = t.prison.get(p, 0)
    if jailed:
        g = groups["prison"]
        put("prison", *worker_spot("prison", g.index(p), len(g)), jailed, str(jailed))
    c = colour(state, p)
    return dict(
        type="scatter", name=f"workers {p}", mode="markers+text", x=xs, y=ys, text=text,
        textfont=dict(size=10, color=ink(c)), hoverinfo="text",
        hovertext=hover, customdata=data,
        marker=dict(size=17, symbol=seat_symbol(p), color=c, line=dict(width=1, color="#222")),
    )


# --------------------------------------------------------------------------- layout

def board_layout(state) -> dict:
    shapes, annotations = [], []
    for x0, y0, x1, y1, title, spot, hover_loc in REGIONS:
        shapes.append(dict(type="rect", x0=x0, y0=y0, x1=x1, y1=y1, line=dict(color="#c9b991", width=1),
                           fillcolor="rgba(255,255,255,0.35)", layer="below"))
        if title and spot:
            a = dict(x=spot[0], y=spot[1], text=f"<b>{title}</b>", showarrow=False, font=dict(size=11))
            if hover_loc:
                a["hovertext"] = rule_text(hover_loc)
            annotations.append(a)
    for i, lv in enumerate(cards.CATHEDRAL):
        annotations.append(dict(x=97, y=CATHEDRAL_Y0 + i * CATHEDRAL_DY, xanchor="left",
                                text=f"L{lv.level} · {lv.vp} VP", showarrow=False, font=dict(size=10),
                                hovertext=_cathedral_level_hover(i)))
    return dict(
        width=WIDTH, height=HEIGHT, margin=dict(l=4, r=4, t=34, b=4), showlegend=False,
        plot_bgcolor="#f7f1e3", paper_bgcolor="#fffdf8", dragmode=False, hovermode="closest",
        clickmode="event", hoverlabel=dict(align="left", font=dict(size=11)),
        xaxis=dict(range=list(X_RANGE), visible=False, fixedrange=True),
        yaxis=dict(range=list(Y_RANGE), visible=False, fixedrange=True),
        shapes=shapes, annotations=annotations,
        title=dict(text=board_title(state), x=0.01, font=dict(size=14)),
        modebar=dict(remove=["zoom", "pan", "select", "lasso", "zoomIn", "zoomOut", "autoScale", "resetScale"]),
    )


def board_title(state, viewer: int | None = None) -> str:
    who = "all-seeing" if viewer is None else f"{state.players[viewer].name}'s view"
    return f"{esc(state.prompt)}  <span style='font-size:11px;color:{MUTED_TEXT}'>({esc(who)})</span>"


# --------------------------------------------------------------------------- the widget

@dataclass(frozen=True)
class BoardClick:
    """What was clicked on the board: a location, a worker group or a display card."""
    what: str                 # "location" | "worker" | "slot"
    location: str | None = None
    player: int | None = None
    slot: int | None = None


CLICKABLE = ("locations", "guildhall spaces", "display")


def click_action(legal, click: BoardClick):
    """The action among `legal` that a board click stands for, or None: a
    display card hires it; a worker group is captured (or its location placed
    on / a worker brought back from it); a location is placed on."""
    wanted: list[tuple] = []
    if click.what == "slot":
        wanted = [("hire", None, click.slot)]
    elif click.what == "worker":
        wanted = [("capture", click.location, click.player), ("place", click.location, None),
                  ("return_worker", click.location, None)]
    elif click.what == "location":
        wanted = [("place", click.location, None), ("return_worker", click.location, None)]
    for kind, loc, target in wanted:
        for a in legal:
            if a.kind == kind and a.location == loc and a.target == target:
                return a
    return None


def click_reason(state, click: BoardClick) -> str:
    """Why a board click stands for no legal action, in the rules' words."""
    from archwk import Action
    s = state
    if click.what in ("location", "worker") and click.location:
        if s.decision == "place":
            return s.why_illegal(Action("place", click.location)) or "not possible now"
        if click.what == "worker" and s.decision in ("town_centre", "free_capture"):
            return s.why_illegal(Action("capture", click.location, target=click.player)) or "not possible now"
    if click.what == "slot":
        return f"That display card cannot be hired now ({s.prompt})."
    return f"Nothing to do there now. The decision is: {s.prompt}"


class BoardView(LiveBoard):
    """The main board as a plotly `FigureWidget` (`.figure`).

    `update(state, viewer=None)` redraws in one `batch_update()`, sending only
    what changed. `on_click(callback)` registers `callback(BoardClick)` for
    clicks on locations, Guildhall spaces, workers and display cards.

    A click can only play on the position it was made on (`widgets.figure.LiveBoard`).
    """

    draw_traces = staticmethod(board_traces)
    draw_layout = staticmethod(board_layout)
    draw_title = staticmethod(board_title)

    def click_target(self, trace_index: int, point_index: int) -> BoardClick | None:
        """What the point `point_index` of trace `trace_index` stands for."""
        data = self._last[trace_index].get("customdata") or []
        if not 0 <= point_index < len(data):
            return None
        d = data[point_index]
        if d[0] == "location":
            return BoardClick("location", location=d[1])
        if d[0] == "worker":
            return BoardClick("worker", location=d[1], player=d[2])
        if d[0] == "slot":
            return BoardClick("slot", slot=d[1])
        return None

    # ---- reading back (tests, notebooks)
    def worker_counts(self) -> dict[str, dict[int, int]]:
        """Workers drawn per location and player, read from the figure's data."""
        out: dict[str, dict[int, int]] = {}
        for tr in self.figure.data:
            if not (tr.name or "").startswith("workers "):
                continue
            for d in tr.customdata or ():
                _, loc, p, count = d
                per = out.setdefault(loc, {})
                per[int(p)] = per.get(int(p), 0) + int(count)
        return out

