"""Archon's board as one plotly figure.

`board_traces(state)` turns a position into trace data, read only through the read
API (`archwk.table(state)`, `archwk.games.archon.table`) and the state's read-only
records (`state.players`, `state.components`); `BoardView` builds a `FigureWidget`
from it once and, on `update(state)`, sends only what changed (the set of traces is
fixed for a player count and a components file).

Drawn: the nine buildings with their action slots (the cards each needs, covered
slots, the Merchant symbol), the Wooden Figures on them and the Tax Collector tokens;
the Palace's King's Favor slots; the Repository's display; the Marketplace slots with
their prices; the city wall with the Main Gate slots; the Magister Track; the Season
Track; the Scoring Track; the Building tiles of the lower city; the players. A figure
the rulebook does not print (the components file's `printed = false` tables) carries
the mark `*` and the example-figure note in its hover (`text.SOURCES` says which table
each group comes from). Coordinates are board units: x 0..120, y 0..80.

>>> import archwk
>>> traces = board_traces(archwk.new_game(2, seed=1, game="archon"))
>>> [t["name"] for t in traces][:3]
['locations', 'slots', 'favors']
"""
from __future__ import annotations

from dataclasses import dataclass

from archwk.games.archon.constants import BUILDINGS, LOCATIONS, MAGISTERS, RESOURCES
from archwk.games.archon.table import table as read_table

from ..figure import LiveBoard
from ..palette import MUTED_TEXT, ink, seat_symbol
from ..text import colour, esc, wrap_html
from . import text as W

WIDTH, HEIGHT = 1000, 680
X_RANGE, Y_RANGE = (0, 120), (0, 80)

#: the nine buildings in a 3 x 3 grid (column, row from the top)
GRID = {loc: divmod(i, 3)[::-1] for i, loc in enumerate(BUILDINGS)}
CELL_W, CELL_H, CELL_X0, CELL_Y1 = 22.0, 16.0, 1.0, 79.5
SLOT_DX = 5.5
PALACE_X0, PALACE_DX, PALACE_Y = 74.0, 11.5, 70.5
SEASON_X0, SEASON_DX, SEASON_Y = 71.0, 4.1, 59.5
WALL_X0, WALL_DX, WALL_Y = 71.0, 4.1, 51.5
TRACK_X0, TRACK_DX, TRACK_Y0, TRACK_DY = 82.0, 6.2, 43.5, 4.4
#: where each seat's Marker sits on a Magister Track space: one corner of the square each, so
#: four Markers on one space stay apart and inside their own row and column
MARKER_CORNERS = ((-1.2, 1.2), (1.2, 1.2), (-1.2, -1.2), (1.2, -1.2))
MARKET_X0, MARKET_DX, MARKET_Y = 4.0, 5.2, 23.5
TILE_X0, TILE_DX, TILE_Y = 5.0, 8.0, (14.9, 9.5)
SCORE_X0, SCORE_Y = 2.0, 2.2
LEGEND_X, LEGEND_Y0, LEGEND_DY = 68.5, 24.0, 3.2
STATUS_SPOT = (101.0, 16.5)

#: slot colours by the fewest players they are open with (§3 step 20: orange 3, green 4)
SLOT_FILL = {2: "#fffdf5", 3: "#f6c89a", 4: "#b9dfb0"}
COVERED_FILL = "#9a9a9a"

EXAMPLE = W.EXAMPLE_NOTE


def cell(loc: str) -> tuple[float, float, float, float]:
    """The region (x0, y0, x1, y1) of a building of the grid."""
    c, r = GRID[loc]
    x0 = CELL_X0 + c * CELL_W
    y1 = CELL_Y1 - r * CELL_H
    return x0, y1 - CELL_H + 0.8, x0 + CELL_W - 0.8, y1


def slot_spot(loc: str, slot: int, count: int) -> tuple[float, float]:
    """Where action slot `slot` of `count` sits (a building's, or a King's Favor slot)."""
    if loc == "palace":
        return PALACE_X0 + slot * PALACE_DX, PALACE_Y
    x0, _, x1, y1 = cell(loc)
    return (x0 + x1) / 2 + (slot - (count - 1) / 2) * SLOT_DX, y1 - 9.0


def title_spot(loc: str) -> tuple[float, float]:
    if loc == "palace":
        return 93.0, 78.0
    x0, _, x1, y1 = cell(loc)
    return (x0 + x1) / 2, y1 - 1.9


def season_spaces(parts) -> list[tuple[str, int]]:
    """The Season Track's spaces in order: ("round", r) and ("attack", season)."""
    out = []
    r = 1
    for season in range(1, parts.seasons + 1):
        for _ in range(parts.rounds_per_season):
            out.append(("round", r))
            r += 1
        out.append(("attack", season))
    return out


def score_spot(space: int, length: int) -> tuple[float, float]:
    return SCORE_X0 + space * (116.0 / max(1, length - 1)), SCORE_Y


def track_spot(m: str, k: int) -> tuple[float, float]:
    return TRACK_X0 + k * TRACK_DX, TRACK_Y0 - MAGISTERS.index(m) * TRACK_DY


def tile_spot(i: int) -> tuple[float, float]:
    row, col = divmod(i, 8)
    return TILE_X0 + col * TILE_DX, TILE_Y[row]


# --------------------------------------------------------------------------- the trace data

def _me(state, viewer):
    """Whose decision the board may offer clicks for (None: none)."""
    p = state.current_player
    if p is None or state.is_view or (viewer is not None and viewer != p):
        return None
    return p


def board_traces(state, viewer: int | None = None) -> list[dict]:
    """Every trace of the board for `state`, as plotly trace dicts in a fixed order.
    With `viewer` set, no click hints for another player's decision are drawn."""
    t = read_table(state)
    me = _me(state, viewer)
    legal = state.legal_actions() if me is not None else []
    ex = set(t.unprinted)
    out = [_locations(state, t, legal), _slots(state, t, legal, ex), _favors(state, t, legal, ex),
           _repository(state, t, legal, ex), _market(state, t, legal, ex), _wall(state, t, legal, ex),
           _season(state, t, ex), _scoring(state, t, ex), _track(state, legal, ex), _tiles(state, t, legal, ex),
           _tokens(state, t), _markers(state, t), _labels(state, t, ex), _players(state, t)]
    for p in range(len(state.players)):
        out.append(_figures(state, t, p))
    return out


def _click_line(text: str) -> str:
    return f"<b>Click: {esc(text)}</b>"


def _hover(lines: list[str], extra: list[str] | tuple[()] = ()) -> str:
    """Hover HTML: `lines` wrapped and escaped, then `extra` (already HTML)."""
    return "<br>".join([wrap_html(lines), *extra]) if extra else wrap_html(lines)


def _locations(state, t, legal) -> dict:
    xs, ys, text, hover = [], [], [], []
    for loc in LOCATIONS:
        x, y = title_spot(loc)
        xs.append(x)
        ys.append(y)
        name = W.location_name(loc, capital=True).removeprefix("The ")
        merchant = loc != "palace" and state.components.locations[loc].merchant
        text.append(f"<b>{esc(name)}</b>" + (" $" if merchant else ""))
        slots = t.slots_at(loc)
        open_slots = sum(1 for s in slots if s.cards is not None)
        lines = [f"{W.location_name(loc, capital=True)}: {open_slots} action slot{'s' if open_slots != 1 else ''} "
                 "in use"]
        if merchant:
            lines.append("$: the Merchant symbol: a Merchant played here gives more")
        act = click_action(legal, BoardClick("location", location=loc))
        hover.append(_hover(lines, [_click_line(str(act))] if act is not None else []))
    return dict(type="scatter", name="locations", mode="text", x=xs, y=ys, text=text,
                textfont=dict(size=11, color="#222"), hovertext=hover, hoverinfo="text",
                customdata=[["location", loc] for loc in LOCATIONS])


def _slot_lines(state, s, ex: bool) -> list[str]:
    head = W.where(s.location, s.slot)
    head = head[0].upper() + head[1:]
    if s.covered:
        return [head, "Covered with this many players (an Action Cover token): it cannot be used", *W.example_note(ex)]
    players = state.components.locations[s.location].slots[s.slot].players
    lines = [head, "Needs 1 card" if s.cards == 1 else "Needs 2 cards: 2 cards, or a single Magister"]
    if players > 2:
        lines.append(f"Open with {players} or more players")
    if s.merchant:
        lines.append("Shows the Merchant symbol")
    if s.occupants:
        lines.append("Wooden Figures: " + ", ".join(state.players[p].name for p in s.occupants))
    if s.token is not None:
        lines.append(f"Tax Collector token of {state.players[s.token].name}: other players pay a toll here")
    return lines + W.example_note(ex)


def _slots(state, t, legal, ex) -> dict:
    example = W.is_example(ex, "slots")
    xs, ys, text, hover, fill, data = [], [], [], [], [], []
    for loc in BUILDINGS:
        slots = t.slots_at(loc)
        for s in slots:
            x, y = slot_spot(loc, s.slot, len(slots))
            xs.append(x)
            ys.append(y)
            players = state.components.locations[loc].slots[s.slot].players
            if s.covered:
                text.append(W.marked("✕", example))
                fill.append(COVERED_FILL)
            else:
                text.append(W.marked(str(s.cards), example))
                fill.append(SLOT_FILL.get(players, "#ffffff"))
            act = click_action(legal, BoardClick("slot", location=loc, slot=s.slot))
            hover.append(_hover(_slot_lines(state, s, example), [_click_line(str(act))] if act else []))
            data.append(["slot", loc, s.slot])
    return dict(type="scatter", name="slots", mode="markers+text", x=xs, y=ys, text=text,
                textfont=dict(size=11, color="#222"), hovertext=hover, hoverinfo="text", customdata=data,
                marker=dict(size=26, symbol="square", color=fill, line=dict(width=1.5, color="#6b5a3a")))


def _favors(state, t, legal, ex) -> dict:
    example = W.is_example(ex, "favors")
    by_slot = {f.slot: f for f in t.favors}
    palace = t.slots_at("palace")
    xs, ys, text, hover, fill, data = [], [], [], [], [], []
    for s in palace:
        x, y = slot_spot("palace", s.slot, len(palace))
        xs.append(x)
        ys.append(y)
        data.append(["slot", "palace", s.slot])
        f = by_slot.get(s.slot)
        if f is None:
            text.append("")
            fill.append("#e4e0d6")
            hover.append(_hover([f"King's Favor slot {s.slot + 1}: no King's Favor card this round "
                                 "(unfilled slots cannot be used)"]))
            continue
        short = W.favor_short(f)
        cards = "2 cards" if f.cards == 2 else "1 card"
        text.append(W.marked(f"{esc(short)}<br>{cards}{' $' if f.merchant else ''}", example))
        fill.append("#f3e2b3")
        lines = [f"King's Favor slot {s.slot + 1}: {W.favor_text(f)}",
                 "Needs 1 card" if f.cards == 1 else "Needs 2 cards: 2 cards, or a single Magister"]
        if f.merchant:
            lines.append("Shows the Merchant symbol")
        if s.occupants:
            lines.append("Wooden Figures: " + ", ".join(state.players[p].name for p in s.occupants))
        if s.token is not None:
            lines.append(f"Tax Collector token of {state.players[s.token].name}")
        act = click_action(legal, BoardClick("slot", location="palace", slot=s.slot))
        hover.append(_hover(lines + W.example_note(example), [_click_line(str(act))] if act else []))
    return dict(type="scatter", name="favors", mode="markers+text", x=xs, y=ys, text=text,
                textfont=dict(size=9, color="#222"), hovertext=hover, hoverinfo="text", customdata=data,
                marker=dict(size=58, symbol="square", color=fill, line=dict(width=1.5, color="#8a6d3b")))


def _repository(state, t, legal, ex) -> dict:
    x0, y0, _, _ = cell("repository")
    xs, ys, text, hover, fill = [], [], [], [], []
    for i, r in enumerate(RESOURCES):
        xs.append(x0 + 2.6 + i * 5.0)
        ys.append(y0 + 2.0)
        k = t.repository[r]
        text.append(str(k))
        fill.append(W.RESOURCE_COLOURS[r] if k else "#ffffff")
        lines = [f"The Repository's display: {k} {W.resource_name(r)}",
                 "Filled from a Province card each round"]
        if W.is_example(ex, "provinces"):
            lines.append("The Province cards' figures are examples (*): the rulebook does not print them")
        act = click_action(legal, BoardClick("resource", resource=r))
        hover.append(_hover(lines, [_click_line(str(act))] if act else []))
    return dict(type="scatter", name="repository", mode="markers+text", x=xs, y=ys, text=text,
                textposition="middle right", textfont=dict(size=10, color="#222"), hovertext=hover,
                hoverinfo="text", customdata=[["resource", r] for r in RESOURCES],
                marker=dict(size=13, symbol="square", color=fill, line=dict(width=1, color="#555")))


def _market(state, t, legal, ex) -> dict:
    example = W.is_example(ex, "market")
    xs, ys, text, hover, fill, font = [], [], [], [], [], []
    for m in t.marketplace:
        xs.append(MARKET_X0 + m.slot * MARKET_DX)
        ys.append(MARKET_Y)
        text.append(W.marked(str(m.price), example))
        c = W.RESOURCE_COLOURS[m.resource]
        fill.append(c if m.filled else "#ffffff")
        font.append(ink(c) if m.filled else "#222")
        res = W.resource_name(m.resource)
        lines = [f"Marketplace slot {m.slot + 1}: {res}, {m.price} Gold",
                 f"A {res} cube lies under it: buy it for {m.price} Gold" if m.filled
                 else f"Empty: sell a {res} cube onto it for {m.price} Gold"]
        act = click_action(legal, BoardClick("market", slot=m.slot))
        hover.append(_hover(lines + W.example_note(example), [_click_line(str(act))] if act else []))
    return dict(type="scatter", name="market", mode="markers+text", x=xs, y=ys, text=text,
                textfont=dict(size=10, color=font), hovertext=hover, hoverinfo="text",
                customdata=[["market", m.slot] for m in t.marketplace],
                marker=dict(size=26, symbol="square", color=fill, line=dict(width=1.5, color="#6b5a3a")))


def _wall(state, t, legal, ex) -> dict:
    example = W.is_example(ex, "wall")
    xs, ys, text, hover, fill, symbols, data = [], [], [], [], [], [], []
    gate_vp = state.components.actions["gate_vp"]
    for w in t.wall:
        xs.append(WALL_X0 + w.slot * WALL_DX)
        ys.append(WALL_Y)
        data.append(["wall", w.slot, w.gate])
        label = "G" if w.gate else ""
        lines = [f"City wall slot {w.slot + 1}" + (f": a Main Gate slot (+{gate_vp} VP)" if w.gate else "")]
        if not w.open:
            text.append(W.marked("✕", example))
            fill.append(COVERED_FILL)
            symbols.append("square")
            lines.append("Not in play with this many players")
        elif w.owner is not None:
            text.append(W.marked(label, example))
            fill.append(colour(state, w.owner))
            symbols.append(seat_symbol(w.owner))
            lines.append(f"An Elite Warrior of {state.players[w.owner].name}")
        else:
            text.append(W.marked(label, example))
            fill.append("#f3e7cf" if w.gate else "#ffffff")
            symbols.append("square")
            lines.append("Open")
        act = click_action(legal, BoardClick("wall", gate=w.gate)) if w.open and w.owner is None else None
        hover.append(_hover(lines + W.example_note(example), [_click_line(str(act))] if act else []))
    return dict(type="scatter", name="wall", mode="markers+text", x=xs, y=ys, text=text,
                textfont=dict(size=10, color="#222"), hovertext=hover, hoverinfo="text", customdata=data,
                marker=dict(size=24, symbol=symbols, color=fill, line=dict(width=1.5, color="#555")))


def _season(state, t, ex) -> dict:
    example = W.is_example(ex, "season")
    parts = state.components
    xs, ys, text, hover, fill, line = [], [], [], [], [], []
    for k, (kind, n) in enumerate(season_spaces(parts)):
        xs.append(SEASON_X0 + k * SEASON_DX)
        ys.append(SEASON_Y)
        if kind == "round":
            split = n in parts.split_before
            text.append(W.marked(str(n), example))
            now = n == t.round and not state.is_over
            fill.append("#f6d67a" if now else "#ffffff")
            line.append("#7b3fa0" if split else "#777")
            lines = [f"Round {n} (Season {min(parts.seasons, (n - 1) // parts.rounds_per_season + 1)})"]
            if split:
                lines.append("Before it: split your 10 cards into two piles again (Divide Deck)")
            if now:
                lines.append("The Season Track token is here")
        else:
            text.append(W.marked("A", example))
            fill.append("#e8a6a6")
            line.append("#c0392b")
            lines = [f"Attack space: the end of Season {n}: an Attack card is revealed, then the King's Grant "
                     "is scored"]
        hover.append(_hover(lines + W.example_note(example)))
    return dict(type="scatter", name="season track", mode="markers+text", x=xs, y=ys, text=text,
                textfont=dict(size=10, color="#222"), hovertext=hover, hoverinfo="text",
                customdata=[["season", k] for k in range(len(xs))],
                marker=dict(size=22, symbol="square", color=fill, line=dict(width=2, color=line)))


def _scoring(state, t, ex) -> dict:
    example = W.is_example(ex, "score")
    length = state.components.track_length
    xs, ys, text, hover = [], [], [], []
    for v in range(length):
        x, y = score_spot(v, length)
        xs.append(x)
        ys.append(y)
        text.append(W.marked(str(v), example) if v % 10 == 0 else "")
        hover.append(_hover([f"Scoring Track: space {v} (and {v + length}, {v + 2 * length}, ... after each lap, "
                             "marked by a 60-Victory Point tile)"] + W.example_note(example)))
    return dict(type="scatter", name="scoring track", mode="markers+text", x=xs, y=ys, text=text,
                textposition="bottom center", textfont=dict(size=8, color=MUTED_TEXT), hovertext=hover,
                hoverinfo="text", customdata=[["score", v] for v in range(length)],
                marker=dict(size=9, symbol="square", color="#ffffff", line=dict(width=1, color="#8a7a5a")))


def _track(state, legal, ex) -> dict:
    example = W.is_example(ex, "track")
    parts = state.components
    xs, ys, text, hover, fill, data, edge = [], [], [], [], [], [], []
    for m in MAGISTERS:
        spaces = parts.magister_track[m]
        act = click_action(legal, BoardClick("track", magister=m))
        for k in range(len(spaces) + 1):
            x, y = track_spot(m, k)
            xs.append(x)
            ys.append(y)
            data.append(["track", m, k])
            edge.append(W.MAGISTER_COLOURS[m])
            if k == 0:
                text.append("")
                fill.append("#e9e4d4")
                lines = [f"{W.magister_name(m)} track: the starting square"]
            else:
                sp = spaces[k - 1]
                text.append(W.marked(f"+{sp.vp}", example))
                fill.append("#ffffff")
                lines = [f"{W.magister_name(m)} track, space {k}: costs {W.amounts(sp.cost)}; scores {sp.vp} VP "
                         "on reaching it"]
                if k == 1:
                    lines.append("The first space is what a starting Magister costs")
            hover.append(_hover(lines + W.example_note(example), [_click_line(str(act))] if act else []))
    return dict(type="scatter", name="magister track", mode="markers+text", x=xs, y=ys, text=text,
                textfont=dict(size=10, color="#222"), hovertext=hover, hoverinfo="text", customdata=data,
                marker=dict(size=24, symbol="square", color=fill,
                            line=dict(width=2, color=edge)))


def _tiles(state, t, legal, ex) -> dict:
    example = W.is_example(ex, "tiles")
    parts = state.components
    seen: list[str] = []
    for tile in parts.tiles:
        if tile.name not in seen:
            seen.append(tile.name)
    xs, ys, text, hover, fill = [], [], [], [], []
    for i, name in enumerate(seen):
        tile = parts.tile(name)
        x, y = tile_spot(i)
        xs.append(x)
        ys.append(y)
        left = t.tiles_left.get(name, 0)
        short = esc(name).replace(" ", "<br>", 1)
        text.append(W.marked(f"{short}<br>{tile.vp} VP · {left} left", example))
        fill.append("#e6ecf5" if left else "#eeeeee")
        cost = parts.tile_costs[(name, t.season)]
        lines = W.tile_text(tile, cost) + [f"Tiles of it left: {left}"]
        act = click_action(legal, BoardClick("tile", name=name))
        hover.append(_hover(lines + W.example_note(example), [_click_line(str(act))] if act else []))
    return dict(type="scatter", name="tiles", mode="markers+text", x=xs, y=ys, text=text,
                textfont=dict(size=8, color="#222"), hovertext=hover, hoverinfo="text",
                customdata=[["tile", n] for n in seen],
                marker=dict(size=[43] * len(xs), symbol="square", color=fill, line=dict(width=1, color="#6c7a90")))


def _tokens(state, t) -> dict:
    xs, ys, fill, hover, data = [], [], [], [], []
    counts = {loc: len(t.slots_at(loc)) for loc in LOCATIONS}
    for s in t.slots:
        if s.token is None:
            continue
        x, y = slot_spot(s.location, s.slot, counts[s.location])
        dx = 3.0 if s.location == "palace" else 1.8
        xs.append(x + dx)
        ys.append(y - 1.8)
        fill.append(colour(state, s.token))
        hover.append(esc(f"Tax Collector token of {state.players[s.token].name} on "
                         f"{W.where(s.location, s.slot)}"))
        data.append(["token", s.location, s.token, s.slot])
    return dict(type="scatter", name="tax tokens", mode="markers", x=xs, y=ys, hovertext=hover, hoverinfo="text",
                customdata=data, marker=dict(size=10, symbol="circle", color=fill,
                                             line=dict(width=2.5, color=W.MAGISTER_COLOURS["tax_collector"])))


def _markers(state, t) -> dict:
    """The players' Markers on the Magister Track and the Scoring Track."""
    parts = state.components
    length = parts.track_length
    xs, ys, fill, symbols, hover, data = [], [], [], [], [], []
    for p, pl in enumerate(state.players):
        for m in MAGISTERS:
            k = pl.magister_track[m]
            x, y = track_spot(m, k)
            dx, dy = MARKER_CORNERS[p % len(MARKER_CORNERS)]
            xs.append(x + dx)
            ys.append(y + dy)
            fill.append(colour(state, p))
            symbols.append(seat_symbol(p))
            hover.append(esc(f"{pl.name}: {W.magister_name(m)} track, space {k}"))
            data.append(["player", p])
        vp = pl.vp
        x, _ = score_spot(vp % length if vp >= 0 else 0, length)
        xs.append(x)
        ys.append(SCORE_Y + 1.6 + p * 1.3)
        fill.append(colour(state, p))
        symbols.append(seat_symbol(p))
        laps = vp // length if vp >= 0 else 0
        hover.append(esc(f"{pl.name}: {vp} VP on the Scoring Track"
                         + (f" ({laps} lap{'s' if laps != 1 else ''})" if laps else "")))
        data.append(["player", p])
    return dict(type="scatter", name="markers", mode="markers", x=xs, y=ys, hovertext=hover, hoverinfo="text",
                customdata=data, marker=dict(size=9, symbol=symbols, color=fill, line=dict(width=1, color="#222")))


def _labels(state, t, ex) -> dict:
    g = t.grant
    grant_ex = W.is_example(ex, "grant")
    status = [f"Season {t.season} · Round {t.round} of {t.rounds}"]
    if state.is_over:
        status.append("<b>Game over</b>")
    status.append("Order: " + ", ".join(esc(state.players[p].name) for p in t.order))
    status.append(f"King's Grant of Season {g.season}:")
    # each list of figures marked, so that the mark plainly covers all three (§11.7)
    status.append(" · ".join(W.marked(f"{what} {'/'.join(map(str, vps))}", grant_ex)
                             for what, vps in (("Arts", g.arts), ("Science", g.science), ("Warriors", g.warriors))))
    if t.attacks:
        status.append(W.marked("Attacks: " + ", ".join(f"Strength {s}" for _, s in t.attacks),
                               W.is_example(ex, "attacks")))
    left = [f"{what} cards left {t.supply[key]}" for key, what in (("arts", "Arts"), ("science", "Science"))
            if t.supply.get(key) is not None]
    if left:
        status.append(" · ".join(left))
    hover = [f"King's Grant of Season {g.season}: the most Arts cards score {g.arts[0]} VP, the most Science cards "
             f"{g.science[0]} VP, the most Elite Warriors on the wall {g.warriors[0]} VP (then the next ranks)",
             f"It filled the Marketplace with {W.amounts(g.market)}"] + W.example_note(grant_ex)
    marks = ["Figures marked * are examples (hover one)" if ex else ""]
    return dict(type="scatter", name="labels", mode="text", x=[STATUS_SPOT[0], 60.0],
                y=[STATUS_SPOT[1], 5.8], text=["<br>".join(status), *marks],
                textfont=dict(size=10, color="#333"), hoverinfo="text",
                hovertext=[_hover(hover), esc(W.EXAMPLE_NOTE) if ex else ""], customdata=[["label"], ["label"]])


def _players(state, t) -> dict:
    xs, ys, fill, text, hover = [], [], [], [], []
    cur = state.current_player
    for p, pl in enumerate(state.players):
        xs.append(LEGEND_X)
        ys.append(LEGEND_Y0 - p * LEGEND_DY)
        fill.append(colour(state, p))
        name = esc(pl.name)
        extra = " (passed)" if pl.passed else ""
        text.append(f"<b>{name} ◀ to decide</b>" if p == cur else name + extra)
        hover.append(esc(f"{pl.name}: {pl.vp} VP · {pl.gold} Gold · {pl.recruits} Recruit tokens · "
                         f"{pl.figures_in_supply} Wooden Figures in supply · {pl.hand_size} cards in hand"))
    return dict(type="scatter", name="players", mode="markers+text", x=xs, y=ys, text=text,
                textposition="middle right", textfont=dict(size=10, color="#222"), hoverinfo="text",
                hovertext=hover, customdata=[["player", p] for p in range(len(xs))],
                marker=dict(size=13, symbol=[seat_symbol(p) for p in range(len(xs))], color=fill,
                            line=dict(width=1, color="#222")))


def _figures(state, t, p: int) -> dict:
    pl = state.players[p]
    xs, ys, text, data, hover = [], [], [], [], []
    counts = {loc: len(t.slots_at(loc)) for loc in LOCATIONS}
    for s in t.slots:
        for j, who in enumerate(s.occupants):
            if who != p:
                continue
            x, y = slot_spot(s.location, s.slot, counts[s.location])
            lift = 4.6 if s.location == "palace" else 3.2
            xs.append(x - 1.2 * (len(s.occupants) - 1) / 2 + 1.2 * j)
            ys.append(y + lift)
            text.append("")
            data.append(["worker", s.location, p, 1, s.slot])
            hover.append(esc(f"{pl.name}: a Wooden Figure on {W.where(s.location, s.slot)}"))
    c = colour(state, p)
    return dict(type="scatter", name=f"workers {p}", mode="markers", x=xs, y=ys, text=text,
                textfont=dict(size=9, color=ink(c)), hoverinfo="text", hovertext=hover, customdata=data,
                marker=dict(size=15, symbol=seat_symbol(p), color=c, line=dict(width=1, color="#222")))


# --------------------------------------------------------------------------- layout

def board_layout(state) -> dict:
    shapes, annotations = [], []

    def region(x0, y0, x1, y1, title=None, spot=None, fill="rgba(255,255,255,0.35)"):
        shapes.append(dict(type="rect", x0=x0, y0=y0, x1=x1, y1=y1, line=dict(color="#c9b991", width=1),
                           fillcolor=fill, layer="below"))
        if title:
            annotations.append(dict(x=spot[0], y=spot[1], text=f"<b>{title}</b>", showarrow=False,
                                    font=dict(size=10, color="#333")))

    for loc in BUILDINGS:
        region(*cell(loc))
    region(67.0, 64.0, 119.5, 79.5)
    region(67.0, 56.6, 119.5, 63.4, "Season Track", (74.5, 62.4))
    region(67.0, 48.8, 119.5, 56.0, "City wall (G: Main Gate)", (78.0, 54.9))
    region(67.0, 27.5, 119.5, 48.2, "Magister Track", (75.0, 47.1))
    for m in MAGISTERS:
        x, y = track_spot(m, 0)
        annotations.append(dict(x=x - 3.8, y=y, xanchor="right", text=esc(W.magister_name(m)), showarrow=False,
                                font=dict(size=9, color=W.MAGISTER_COLOURS[m])))
    region(1.0, 19.8, 66.0, 30.6, "Marketplace slots (Gold)", (14.0, 29.4))
    for i, r in enumerate(RESOURCES):
        annotations.append(dict(x=MARKET_X0 + (3 * i + 1) * MARKET_DX, y=27.3, text=esc(W.resource_name(r)),
                                showarrow=False, font=dict(size=9, color="#444")))
    region(1.0, 7.0, 66.0, 19.2, "Building tiles (the lower city)", (16.0, 18.4))
    region(67.0, 7.0, 119.5, 26.9)
    region(0.5, 0.2, 119.5, 6.6)
    annotations.append(dict(x=110.0, y=5.8, text="<b>Scoring Track</b>", showarrow=False, font=dict(size=10)))
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


# --------------------------------------------------------------------------- clicks

@dataclass(frozen=True)
class BoardClick:
    """What was clicked on the board: a location's name, an action slot (or a figure on
    it), a cube of the Repository, a Marketplace slot, a city wall slot, a Magister
    track or a Building tile."""
    what: str   # "location" | "slot" | "resource" | "market" | "wall" | "track" | "tile"
    location: str | None = None
    slot: int | None = None
    resource: str | None = None
    gate: bool | None = None
    magister: str | None = None
    name: str | None = None


def _plain_first(options: list):
    """Of the placements on one slot (one per way to pay): the one paid with Courtiers
    alone (a plain placement: the Magisters stay in hand for their bonuses), else the
    only one; None when several payments would need a choice (the buttons offer each)."""
    for a in options:
        if all(c == "courtier" for c in a.pay):
            return a
    return options[0] if len(options) == 1 else None


def click_action(legal, click: BoardClick):
    """The action among `legal` that a board click stands for, or None: a slot (or a
    figure on it) is placed on; a location's name places on its first slot that can be
    taken; a Repository cube is taken (or lost to a raid, or taken by the Laboratory);
    a Marketplace slot is bought from or sold onto; a wall slot takes an Elite Warrior;
    a Magister track recruits that Magister; a Building tile is acquired."""
    w = click.what
    if w in ("slot", "location"):
        places = [a for a in legal if a.kind == "place" and a.location == click.location
                  and (w == "location" or a.slot == click.slot)]
        if w == "location":
            for slot in sorted({a.slot for a in places}):
                act = _plain_first([a for a in places if a.slot == slot])
                if act is not None:
                    return act
            return None
        return _plain_first(places) if places else None
    if w == "resource":
        return next((a for a in legal if a.kind in ("take", "lab", "lose") and a.resource == click.resource), None)
    if w == "market":
        return next((a for a in legal if a.kind in ("buy", "sell") and a.slot == click.slot), None)
    if w == "wall":
        return next((a for a in legal if a.kind == "warrior" and a.gate == click.gate), None)
    if w == "track":
        options = [a for a in legal if a.kind == "recruit" and a.magister == click.magister]
        plain = [a for a in options if a.skip is None]
        return plain[0] if plain else (options[0] if len(options) == 1 else None)
    if w == "tile":
        return next((a for a in legal if a.kind == "tile" and a.name == click.name), None)
    return None


def click_reason(state, click: BoardClick) -> str:
    """Why a board click stands for no legal action, in the game's words."""
    from archwk.games.archon.actions import Action
    s = state
    legal = s.legal_actions()
    if click.what in ("slot", "location") and click.location and s.decision in ("turn", "scribe"):
        places = [a for a in legal if a.kind == "place" and a.location == click.location
                  and (click.what == "location" or a.slot == click.slot)]
        if places:
            return ("There are several ways to pay for that slot: choose one with the buttons "
                    "(a Magister alone gives its bonus).")
        if click.what == "location":
            return s.placement_blockers().get(click.location, "not possible now")
        t = read_table(s)
        slot = next((x for x in t.slots if x.location == click.location and x.slot == click.slot), None)
        need = slot.cards if slot is not None and slot.cards else 1
        why = s.why_illegal(Action("place", location=click.location, slot=click.slot, pay=("courtier",) * need))
        return why or "not possible now"
    if click.what == "track" and s.decision == "recruit":
        return "Several ways to pay for that Magister (the Inn): choose one with the buttons." \
            if any(a.kind == "recruit" and a.magister == click.magister for a in legal) \
            else f"You cannot recruit a {W.magister_name(click.magister or '')} now."
    return f"Nothing to do there now. The decision is: {s.prompt}"


# --------------------------------------------------------------------------- the widget

#: position tokens: each position a board draws gets the next one (never reused)


class BoardView(LiveBoard):
    """Archon's board as a plotly `FigureWidget` (`.figure`).

    `update(state, viewer=None)` redraws in one batch, sending only what changed;
    `on_click(callback)` registers `callback(BoardClick)`. A click plays only on the
    position it was made on (`widgets.figure.LiveBoard`): a click on an earlier position
    reaches no handler, is counted in `stale_clicks` and `on_stale` is told.
    """

    draw_traces = staticmethod(board_traces)
    draw_layout = staticmethod(board_layout)
    draw_title = staticmethod(board_title)

    def shape_key(self, state) -> tuple:
        return len(state.players), state.components.digest

    def click_target(self, trace_index: int, point_index: int) -> BoardClick | None:
        """What the point `point_index` of trace `trace_index` stands for."""
        data = self._last[trace_index].get("customdata") or []
        if not 0 <= point_index < len(data):
            return None
        d = data[point_index]
        kind = d[0]
        if kind == "location":
            return BoardClick("location", location=d[1])
        if kind == "slot":
            return BoardClick("slot", location=d[1], slot=d[2])
        if kind == "worker":
            return BoardClick("slot", location=d[1], slot=d[4])
        if kind == "token":
            return BoardClick("slot", location=d[1], slot=d[3])
        if kind == "resource":
            return BoardClick("resource", resource=d[1])
        if kind == "market":
            return BoardClick("market", slot=d[1])
        if kind == "wall":
            return BoardClick("wall", gate=d[2])
        if kind == "track":
            return BoardClick("track", magister=d[1])
        if kind == "tile":
            return BoardClick("tile", name=d[1])
        return None

    # ---- reading back (tests, notebooks)
    def worker_counts(self) -> dict[str, dict[int, int]]:
        """Wooden Figures drawn per location and player, read from the figure's data."""
        out: dict[str, dict[int, int]] = {}
        for tr in self.figure.data:
            if not (tr.name or "").startswith("workers "):
                continue
            for d in tr.customdata or ():
                loc, p = d[1], int(d[2])
                per = out.setdefault(loc, {})
                per[p] = per.get(p, 0) + int(d[3])
        return out



__all__ = ["BoardClick", "BoardView", "board_layout", "board_traces", "click_action", "click_reason"]
