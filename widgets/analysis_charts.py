"""Plotly charts for archwk's analysis: move evaluation, decision trees, the card
synergy graph, worker flows and batch-simulation results.

Each function takes what `archwk.analysis` / `archwk.simulate` return and gives
a `plotly.graph_objects.Figure`; nothing here computes game facts.

>>> import archwk
>>> from archwk.analysis import evaluate_actions
>>> s = archwk.new_game(2, seed=1)
>>> fig = evaluation_chart(evaluate_actions(s, rollouts=4, seed=1, depth=4))
>>> fig.layout.title.text.startswith("Move evaluation")
True
"""
from __future__ import annotations

from collections import defaultdict

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from .palette import SEAT_COLOURS

KIND_COLOURS = {"apprentice": "#4c78a8", "skill": "#f58518", "building": "#54a24b",
                "supply": "#72b7b2", "prison": "#e45756", "board": "#b279a2", "location": "#9d755d"}
PLAYER_COLOURS = SEAT_COLOURS  # the one seat palette (widgets.palette), as on the board


# --------------------------------------------------------------------------- move evaluation

def _wrap(text: str, width: int = 42) -> str:
    """A label on lines of at most `width` characters (plotly's <br>), never cut."""
    import textwrap
    return "<br>".join(textwrap.wrap(text, width)) or text


def evaluation_chart(values, *, title: str | None = None, vp_title: str = "Expected VP",
                     samples_word: str = "rollouts") -> go.Figure:
    """Win chance and expected VP of each action (`archwk.analysis.evaluate_actions`),
    best first, with their 95 % intervals as error bars. Move labels are
    wrapped, never cut; the two panels are far enough apart that their axis
    labels do not meet."""
    vals = sorted(values, key=lambda v: (v.win_rate, v.mean_vp))
    labels = [_wrap(v.label) for v in vals]
    fig = make_subplots(rows=1, cols=2, shared_yaxes=True, horizontal_spacing=0.08,
                        subplot_titles=("Win chance", vp_title))
    fig.add_trace(go.Bar(
        y=labels, x=[v.win_rate for v in vals], orientation="h", name="win chance", marker_color="#4c78a8",
        error_x=dict(type="data", symmetric=False, array=[v.win_ci[1] - v.win_rate for v in vals],
                     arrayminus=[v.win_rate - v.win_ci[0] for v in vals]),
        customdata=[[v.label, v.n, v.win_ci[0], v.win_ci[1]] for v in vals],
        hovertemplate="%{customdata[0]}<br>win %{x:.1%} (95%: %{customdata[2]:.1%}-%{customdata[3]:.1%})"
                      f"<br>%{{customdata[1]}} {samples_word}<extra></extra>"), row=1, col=1)
    fig.add_trace(go.Scatter(
        y=labels, x=[v.mean_vp for v in vals], mode="markers", name="expected VP", marker=dict(size=9, color="#f58518"),
        error_x=dict(type="data", symmetric=False, array=[v.vp_ci[1] - v.mean_vp for v in vals],
                     arrayminus=[v.mean_vp - v.vp_ci[0] for v in vals]),
        customdata=[[v.label, v.vp_ci[0], v.vp_ci[1]] for v in vals],
        hovertemplate=("%{customdata[0]}<br>%{x:.1f} VP (95%: %{customdata[1]:.1f}-%{customdata[2]:.1f})"
                       "<extra></extra>")),
        row=1, col=2)
    fig.update_xaxes(range=[0, 1.0001], tickvals=[0, 0.25, 0.5, 0.75, 1], tickformat=".0%", row=1, col=1)
    fig.update_xaxes(nticks=5, row=1, col=2)
    fig.update_yaxes(automargin=True, tickfont=dict(size=11))
    n = vals[0].n if vals else 0
    rows = sum(label.count("<br>") + 1 for label in labels)
    fig.update_layout(title=title or f"Move evaluation ({n} {samples_word} per action)", showlegend=False,
                      height=max(260, 16 * rows + 12 * len(vals) + 120), margin=dict(l=10, r=20, t=60, b=30))
    return fig


# --------------------------------------------------------------------------- decision tree

def _layers(G, key: str = "depth") -> dict:
    pos = {}
    by_layer = defaultdict(list)
    for n, d in G.nodes(data=True):
        by_layer[d.get(key, 0)].append(n)
    for layer, nodes in by_layer.items():
        k = len(nodes)
        for i, n in enumerate(sorted(nodes, key=lambda x: (G.nodes[x].get("player") is None, str(x)))):
            pos[n] = (layer, (i - (k - 1) / 2) / max(1, k))
    return pos


def tree_figure(G, *, title: str | None = None) -> go.Figure:
    """A decision tree (`archwk.analysis.decision_tree`) drawn left to right by
    depth; hover a node for its decision and projected scores, an edge's
    midpoint for its action."""
    pos = _layers(G)
    ex, ey, mx, my, mtext = [], [], [], [], []
    for u, v, d in G.edges(data=True):
        (x0, y0), (x1, y1) = pos[u], pos[v]
        ex += [x0, x1, None]
        ey += [y0, y1, None]
        mx.append((x0 + x1) / 2)
        my.append((y0 + y1) / 2)
        mtext.append(d.get("label", ""))
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=ex, y=ey, mode="lines", line=dict(width=1, color="#bbb"), hoverinfo="skip",
                             name="actions"))
    fig.add_trace(go.Scatter(x=mx, y=my, mode="markers", marker=dict(size=5, color="#999"), text=mtext,
                             hovertemplate="%{text}<extra></extra>", name="action"))
    nodes = list(G.nodes(data=True))
    colours = [PLAYER_COLOURS[d["player"] % len(PLAYER_COLOURS)] if d.get("player") is not None else "#000"
               for _, d in nodes]
    texts = [f"{d.get('prompt', '')}<br>projected VP: {', '.join(map(str, d.get('scores', ())))}"
             for _, d in nodes]
    root = G.graph.get("root")
    fig.add_trace(go.Scatter(
        x=[pos[n][0] for n, _ in nodes], y=[pos[n][1] for n, _ in nodes], mode="markers",
        marker=dict(size=[16 if n == root else 10 for n, _ in nodes], color=colours, line=dict(width=1, color="#333")),
        text=texts, hovertemplate="%{text}<extra></extra>", name="positions"))
    extra = " (truncated)" if G.graph.get("truncated") else ""
    fig.update_layout(title=title or f"Decision tree: {G.number_of_nodes()} positions{extra}", showlegend=False,
                      xaxis=dict(title="decisions from here", dtick=1, zeroline=False),
                      yaxis=dict(visible=False), margin=dict(l=10, r=10, t=50, b=40))
    return fig


# --------------------------------------------------------------------------- card synergy

def synergy_figure(G, *, title: str = "Card synergy: apprentices, skills and buildings", seed: int = 1) -> go.Figure:
    """The card-synergy graph (`archwk.analysis.card_synergy_graph`): apprentices,
    skills and buildings coloured by kind; "boosts" edges drawn apart from
    "enables"/"has skill" ones."""
    import networkx as nx
    pos = nx.spring_layout(G, seed=seed, k=0.35)
    fig = go.Figure()
    styles = {"has skill": ("#c6c6c6", 0.6), "enables": ("#9ecae9", 0.8), "boosts": ("#e45756", 1.2)}
    for rel, (colour, width) in styles.items():
        xs, ys = [], []
        for u, v, d in G.edges(data=True):
            if d.get("relation") == rel:
                xs += [pos[u][0], pos[v][0], None]
                ys += [pos[u][1], pos[v][1], None]
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", line=dict(color=colour, width=width),
                                 hoverinfo="skip", name=rel))
    for kind in ("skill", "building", "apprentice"):
        ns = [(n, d) for n, d in G.nodes(data=True) if d.get("kind") == kind]
        if not ns:
            continue
        hover = []
        for n, d in ns:
            links = [f"{G.edges[n, m]['relation']} {m} ({G.edges[n, m].get('why', '')})" for m in G.neighbors(n)]
            hover.append(f"<b>{n}</b><br>{d.get('text', '')}<br>" + "<br>".join(links[:12]))
        fig.add_trace(go.Scatter(
            x=[pos[n][0] for n, _ in ns], y=[pos[n][1] for n, _ in ns],
            mode="markers+text" if kind != "apprentice" else "markers",
            text=[d.get("label", n) for n, d in ns], textposition="top center", textfont=dict(size=9),
            hovertext=hover, hoverinfo="text", name=kind,
            marker=dict(size=14 if kind == "skill" else 8, color=KIND_COLOURS[kind])))
    fig.update_layout(title=title, xaxis=dict(visible=False), yaxis=dict(visible=False), height=700,
                      margin=dict(l=10, r=10, t=50, b=10))
    return fig


# --------------------------------------------------------------------------- worker flow

def flow_figure(G, *, title: str = "Where the workers went") -> go.Figure:
    """Worker flows (`archwk.analysis.worker_flow`) as a Sankey diagram. The
    supply appears twice, as the source on the left and the return on the right,
    so the diagram has no cycles."""
    from_supply = "supply"
    back = "supply (back)"
    names: list[str] = []
    index: dict[str, int] = {}

    def node(x: str) -> int:
        if x not in index:
            index[x] = len(names)
            names.append(x)
        return index[x]

    src, dst, val, hover = [], [], [], []
    for u, v, d in G.edges(data=True):
        a = node(from_supply if u == "supply" else u)
        b = node(back if v == "supply" else v)
        src.append(a)
        dst.append(b)
        val.append(d["weight"])
        players = G.graph.get("players") or []
        by = ", ".join(f"{players[p] if p < len(players) else p}: {n}"
                       for p, n in sorted(d.get("by_player", {}).items()))
        hover.append(by)
    labels = [n.replace("_", " ") for n in names]
    colours = [KIND_COLOURS.get(G.nodes[n]["kind"], "#888") if n in G.nodes else KIND_COLOURS["supply"]
               for n in names]
    fig = go.Figure(go.Sankey(
        arrangement="snap",
        node=dict(label=labels, color=colours, pad=12, thickness=14),
        link=dict(source=src, target=dst, value=val, customdata=hover,
                  hovertemplate="%{source.label} → %{target.label}: %{value} workers<br>%{customdata}<extra></extra>")))
    fig.update_layout(title=title, margin=dict(l=10, r=10, t=50, b=10))
    return fig


# --------------------------------------------------------------------------- batch simulation

def _records(records) -> list[dict]:
    """Simulation records as `archwk.simulate.run` returns them; also accepts the
    flat table written to csv/parquet (a pandas DataFrame or a list of rows)."""
    if hasattr(records, "to_dict"):
        records = records.to_dict("records")
    records = list(records)
    if not records or "seats" in records[0]:
        return records
    games: dict = {}
    for row in records:
        g = games.setdefault(row["game"], {"seed": row["seed"], "players": row.get("players"),
                                           "decisions": row["decisions"], "turns": row["turns"], "seats": []})
        seat = dict(row)
        for k in ("buildings_built", "apprentices"):
            v = seat.get(k)
            seat[k] = [x for x in v.split(";") if x] if isinstance(v, str) else list(v or [])
        g["seats"].append(seat)
    out = []
    for g in games.values():
        g["seats"].sort(key=lambda x: x["seat"])
        g["players"] = g["players"] or len(g["seats"])
        g["winners"] = [x["seat"] for x in g["seats"] if x["won"]]
        out.append(g)
    return out


def simulation_figures(records, *, top: int = 10, title: str | None = None) -> go.Figure:
    """One figure of four panels for a batch of simulated games: score
    distribution by seat, win rate by seat (against a fair share), and the
    buildings and apprentices whose holders win most above or below the rest."""
    from collections import Counter

    from archwk.ai.simulate import card_stats, seat_stats
    recs = _records(records)
    # a card is compared among seats played by the same bot: across bots the lift would
    # mostly measure the bots (a strong bot both builds more and wins more)
    bots = Counter(x["bot"] for r in recs for x in r["seats"] if x["bot"] != "byzantine")
    card_bot = bots.most_common(1)[0][0] if len(bots) > 1 else None
    among = f", {card_bot} bot's seats" if card_bot else ""
    fig = make_subplots(rows=2, cols=2, subplot_titles=(
        "Final VP by seat", "Win rate by seat", f"Buildings: win rate lift (top {top}{among})",
        f"Apprentices: win rate lift (top {top}{among})"), vertical_spacing=0.16, horizontal_spacing=0.22)
    if not recs:
        fig.update_layout(title=title or "No games")
        return fig
    stats = seat_stats(recs)
    for st in stats:
        fig.add_trace(go.Box(y=[r["seats"][st["seat"]]["total"] for r in recs],
                             name=f"{st['seat']} {st['bot']}", boxmean=True,
                             marker_color=PLAYER_COLOURS[st["seat"] % len(PLAYER_COLOURS)]), row=1, col=1)
    fig.add_trace(go.Bar(x=[f"{st['seat']} {st['bot']}" for st in stats], y=[st["win_rate"] for st in stats],
                         marker_color=[PLAYER_COLOURS[st["seat"] % len(PLAYER_COLOURS)] for st in stats],
                         error_y=dict(type="data", symmetric=False,  # the 95% interval
                                      array=[st["win_high"] - st["win_rate"] for st in stats],
                                      arrayminus=[st["win_rate"] - st["win_low"] for st in stats]),
                         customdata=[[st["win_low"], st["win_high"]] for st in stats],
                         hovertemplate="%{x}: %{y:.1%} (between %{customdata[0]:.0%} and %{customdata[1]:.0%})"
                                       "<extra></extra>"), row=1, col=2)
    fair = 1 / recs[0]["players"]
    fig.add_hline(y=fair, line_dash="dot", line_color="#666", row=1, col=2)
    min_seats = max(3, len(recs) * recs[0]["players"] // 50)
    for col, key in ((1, "buildings_built"), (2, "apprentices")):
        rows = card_stats(recs, key, min_seats=min_seats, bot=card_bot)
        rows = rows[:top // 2] + rows[-(top - top // 2):] if len(rows) > top else rows
        rows = sorted(rows, key=lambda d: d["lift"])
        fig.add_trace(go.Bar(
            y=[d["card"] for d in rows], x=[d["lift"] for d in rows], orientation="h",
            marker_color=["#54a24b" if d["lift"] >= 0 else "#e45756" for d in rows],
            customdata=[[d["win_rate"], d["win_rate_without"], d["seats"]] for d in rows],
            hovertemplate="%{y}: " + (f"the {card_bot} bot's seats " if card_bot else "seats ")
                          + "with it won %{customdata[0]:.1%}, without it %{customdata[1]:.1%} "
                            "(%{customdata[2]} seats held it; this goes with winning, it does not show "
                            "that the card makes a seat win)<extra></extra>"), row=2, col=col)
    fig.update_yaxes(tickformat=".0%", row=1, col=2)
    fig.update_xaxes(tickformat="+.0%", row=2, col=1)
    fig.update_xaxes(tickformat="+.0%", row=2, col=2)
    fig.update_layout(title=title or f"{len(recs)} simulated games, {recs[0]['players']} seats",
                      showlegend=False, height=760, margin=dict(l=10, r=10, t=70, b=30))
    return fig
