"""Graphs of a game, built with networkx (imported when a function is called).

* `decision_tree(state, depth)`: every line of play from a position to a depth,
  with identical positions merged (a DAG), nodes keyed by `state_fingerprint`.
* `card_synergy_graph()`: apprentices, their skills, and the buildings those
  skills enable or their abilities boost.
* `worker_flow(game)`: how workers moved between the supply, the locations, the
  Prison and other players' boards over a game, counted from its events.

Drawing them is presentation: see `widgets/analysis_charts.py`.
"""
from __future__ import annotations

import hashlib
import itertools
from collections import deque

from archwk import GameState, Options, final_scores, new_game

from ..games.architects import cards
from ..games.architects.model import BLACK_MARKET_SPACES
from ..games.architects.play.determinize import determinize
from ..games.architects.state import _PLAYER_FIELDS

_POSITION_FIELDS = ("options", "seed", "board", "black_market", "guildhall", "tax",
                    "building_deck", "apprentice_deck", "display", "display_silver", "bm_small",
                    "bm_large", "rewards", "pending", "phase", "turn_player", "first_player", "turn_no",
                    "end_trigger", "final_turns", "reset_queued", "draft", "resets", "rng", "edited", "scheme_piles",
                    "silver_on_deck")


def state_fingerprint(s: GameState) -> str:
    """A short hash of the position: everything `to_json` saves except the
    history and the last events, so two move orders reaching the same position
    get the same fingerprint.

    >>> import archwk
    >>> s = archwk.new_game(2, seed=1)
    >>> state_fingerprint(s) == state_fingerprint(archwk.new_game(2, seed=1))
    True
    """
    parts = [repr(getattr(s, f)) for f in _POSITION_FIELDS]
    parts += [repr(tuple(getattr(p, f) for f in _PLAYER_FIELDS)) for p in s.players]
    return hashlib.blake2b("\x1f".join(parts).encode(), digest_size=10).hexdigest()


def decision_tree(state: GameState, depth: int, *, max_nodes: int = 5000):
    """Every line of play from `state` for `depth` decisions, as a
    `networkx.DiGraph`. Positions reached by different orders are one node.

    Nodes (keyed by `state_fingerprint`) carry `depth` (fewest decisions from
    the root), `player` (who decides there, None when over), `prompt`,
    `is_over`, `turn` and `scores` (each player's projected VP); edges carry the
    `action` and its `label` (several actions leading to the same position are
    joined into one edge: `actions`, and labels separated by " / "). The graph's
    `root` attribute is the root's key; `truncated` is True if `max_nodes` cut
    the expansion short. A view is first made playable by a determinization
    (seed 0) from its player's side.

    >>> import archwk
    >>> s = archwk.new_game(2, seed=1)
    >>> G = decision_tree(s, 1)
    >>> G.number_of_nodes() == 1 + len(s.legal_actions())
    True
    """
    import networkx as nx
    if depth < 0:
        raise ValueError(f"decision_tree: depth must be 0 or more, got {depth}")
    if state.is_view:
        state = determinize(state, rng=0)
    G = nx.DiGraph()
    root = state_fingerprint(state)

    def add_node(key, s, d):
        G.add_node(key, depth=d, player=s.current_player, prompt=s.prompt, is_over=s.is_over,
                   turn=s.turn_no, scores=tuple(sc.total for sc in final_scores(s)))

    add_node(root, state, 0)
    G.graph["root"] = root
    G.graph["truncated"] = False
    queue = deque([(root, state, 0)])
    while queue:
        key, s, d = queue.popleft()
        if d >= depth or s.is_over:
            continue
        for a in s.legal_actions():
            child = s.apply(a)
            ck = state_fingerprint(child)
            if ck not in G:
                if G.number_of_nodes() >= max_nodes:
                    G.graph["truncated"] = True
                    continue
                add_node(ck, child, d + 1)
                queue.append((ck, child, d + 1))
            if G.has_edge(key, ck):
                e = G.edges[key, ck]
                e["actions"].append(a)
                e["label"] += " / " + str(a)
            else:
                G.add_edge(key, ck, action=a, actions=[a], label=str(a))
    return G


# --------------------------------------------------------------------------- card synergy

SKILL_NAMES = {s: s.capitalize() for s in cards.SKILLS}

#: what an apprentice ability feeds, beyond the goods in its params
_ABILITY_FEEDS = {
    "cathedral_bonus": {"cathedral"},
    "debt_bonus": {"debts_paid"},
    "conspirator": {"captured"},
    "enforcer": {"captured"},
    "trade": set(),  # what the trade gains, read from params["gain"]
    "overseer": {"clay", "wood", "stone", "marble", "virtue"},  # one more Storehouse trade
    "thief": {"virtue"},
    "illusionist": {"virtue"},
}


def _feeds(a) -> set[str]:
    out = set(_ABILITY_FEEDS.get(a.ability, ()))
    params = dict(a.params)
    if a.ability == "trade":
        params = dict(params["gain"])
    for k in params:
        if k in cards.RESOURCES or k in ("silver", "virtue"):
            out.add(k)
    return out


def _counts(b) -> set[str]:
    """What a building's score or end-game Virtue rewards having."""
    prm = dict(b.params)
    if b.effect == "most":
        return {prm["resource"]}
    if b.effect == "cathedral_most":
        return {"cathedral"}
    if b.effect in ("vp_per",):
        return {prm["count"]}
    if b.effect == "virtue_per":
        return set(prm["count"])
    return set()


def _label(x: str) -> str:
    return {"debts_paid": "paid Debts", "captured": "captured workers", "cathedral": "Cathedral level"}.get(
        x, x.capitalize() if x in cards.RESOURCES or x in ("silver", "virtue") else x)


def card_synergy_graph(expansion: bool = True):
    """Apprentices, skills and buildings as a `networkx.Graph`.

    Nodes have `kind` ("apprentice", "skill" or "building") and `label`;
    apprentices are keyed "Name #id" (several cards share a name), skills by
    their name ("Carpentry"), buildings by name. Edges have `relation`:

    * "has skill": apprentice - skill;
    * "enables": skill - building that needs it to be constructed;
    * "boosts": skill - Hut that scores 1 VP per apprentice with it, and
      apprentice - building whose score or end-game Virtue counts what the
      apprentice's ability produces (its `why` says what, e.g. "Wood").

    >>> G = card_synergy_graph()
    >>> G.nodes["Woodcutter #39"]["kind"], G.edges["Woodcutter #39", "Wood Market"]["relation"]
    ('apprentice', 'boosts')
    """
    import networkx as nx
    G = nx.Graph()
    for s in cards.SKILLS:
        G.add_node(SKILL_NAMES[s], kind="skill", label=SKILL_NAMES[s])
    blds = [b for b in cards.BUILDINGS if expansion or b.set == "base"]
    for b in blds:
        G.add_node(b.name, kind="building", label=b.name, vp=b.vp, text=b.text)
        for s in sorted(b.skills):
            G.add_edge(SKILL_NAMES[s], b.name, relation="enables", why=f"needs {SKILL_NAMES[s]}")
        if b.effect == "hut":
            sk = SKILL_NAMES[b.params["skill"]]
            G.add_edge(sk, b.name, relation="boosts", why=f"1 VP per apprentice with {sk}")
    counts = {b.name: _counts(b) for b in blds}
    for a in cards.APPRENTICES:
        if not expansion and a.set != "base":
            continue
        key = f"{a.name} #{a.id}"
        G.add_node(key, kind="apprentice", label=a.name, id=a.id, text=a.text)
        for s in sorted(a.skills):
            G.add_edge(key, SKILL_NAMES[s], relation="has skill", why=f"has {SKILL_NAMES[s]}")
        feeds = _feeds(a)
        for name, wanted in counts.items():
            common = feeds & wanted
            if common:
                G.add_edge(key, name, relation="boosts", why=", ".join(_label(x) for x in sorted(common)))
    return G


# --------------------------------------------------------------------------- worker flow

SUPPLY, PRISON = "supply", "prison"


def _board(name: str) -> str:
    return f"{name}'s board"


def worker_flow(game, player: int | None = None):
    """How workers moved over a game, as a `networkx.DiGraph`.

    `game` is a GameState (its game record is replayed from the start, so every
    action's events are seen; an edited position has no record: pass its states
    instead) or a sequence of consecutive GameStates (a session's history).
    Nodes: "supply", the location ids, "prison" and "<name>'s board" (workers
    captured onto that player's board). An edge u -> v has `weight` (workers
    moved) and `by_player` ({player index: workers}); `player` keeps only that
    player's workers. Counted from the events: placing (supply -> location),
    Town Centre and building captures (location -> captor's board, or back to
    the supply for one's own group), sending captured workers to Prison (board
    -> prison), the Black Market reset (space -> prison), releases (prison or
    boards -> supply) and bringing a worker back (location -> supply).

    >>> import archwk
    >>> s = archwk.play(archwk.new_game(2, seed=1), [archwk.bots.RandomBot(1), archwk.bots.RandomBot(2)])
    >>> G = worker_flow(s)
    >>> G["supply"]["forest"]["weight"] > 0 or G["supply"]["quarry"]["weight"] > 0
    True
    """
    import networkx as nx
    states = _states(game)
    G = nx.DiGraph()
    G.add_node(SUPPLY, kind="supply")
    G.add_node(PRISON, kind="prison")

    def move(u, v, who, n=1):
        if n <= 0 or (player is not None and who != player):
            return
        for x in (u, v):
            if x not in G:
                G.add_node(x, kind="board" if x.endswith("'s board") else "location")
        if G.has_edge(u, v):
            e = G.edges[u, v]
            e["weight"] += n
            e["by_player"][who] = e["by_player"].get(who, 0) + n
        else:
            G.add_edge(u, v, weight=n, by_player={who: n})

    for before, after in itertools.pairwise(states):
        names = [p.name for p in before.players]
        for e in after.events:
            d, p = e.data, e.player
            k = e.kind
            if k == "placed":
                move(SUPPLY, d["location"], p)
            elif k == "captured":
                o = d["owner"]
                move(d["location"], SUPPLY if o == p else _board(names[p]), o, d["count"])
            elif k == "sent_to_prison":
                for o, c in enumerate(before.players[p].captured):
                    move(_board(names[p]), PRISON, o, c)
            elif k == "reset":
                for i, o in enumerate(before.black_market):
                    if o >= 0:
                        move(BLACK_MARKET_SPACES[i], PRISON, o)
            elif k == "released":
                if d["source"] == "prison":
                    move(PRISON, SUPPLY, p, d["count"])
                else:
                    for o, q in enumerate(before.players):
                        if o != p:
                            move(_board(names[o]), SUPPLY, p, q.captured[p])
            elif k == "returned_worker":
                loc = d["location"]
                src = _board(names[d["owner"]]) if loc == "board" else loc
                move(src, SUPPLY, p)
    G.graph["players"] = [p.name for p in states[-1].players] if states else []
    return G


def _states(game) -> list[GameState]:
    if isinstance(game, GameState):
        if game.edited:
            raise ValueError("worker_flow: this position was edited and has no game record; "
                             "pass the sequence of its states instead")
        rec = game.record()
        s = new_game(rec["players"], seed=rec["seed"], options=Options.from_dict(rec["options"]))
        out = [s]
        for a in game.history:
            s = s.apply(a)
            out.append(s)
        return out
    states = list(game)
    if not all(isinstance(s, GameState) for s in states):
        raise ValueError("worker_flow: expected a GameState or a sequence of GameStates")
    return states
