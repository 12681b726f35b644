"""archwk.ai (public name archwk.analysis): determinization, move evaluation, graphs; and the plotly
charts in widgets/analysis_charts.py (issue 6)."""
from __future__ import annotations

import random
import subprocess
import sys

import pytest

import archwk
from archwk.ai import bots
from archwk.ai.evaluate import evaluate_actions, mean_ci, wilson
from archwk.ai.graphs import card_synergy_graph, decision_tree, state_fingerprint, worker_flow
from archwk.games.architects import cards
from archwk.games.architects.model import HIDDEN
from archwk.games.architects.play.determinize import Determinizer, determinize, viewer_of
from archwk.games.architects.save import validate


def _play(s, decisions, seed=0):
    b = [bots.FastBot(seed + i) for i in range(len(s.players))]
    for _ in range(decisions):
        if s.is_over:
            break
        s = s.apply(b[s.current_player].choose(s))
    return s


def _place_position(n=4, seed=11, decisions=150):
    s = _play(archwk.new_game(n, seed=seed), decisions, seed)
    while s.decision != "place":
        s = s.apply(bots.FastBot(0).choose(s))
    assert not s.is_over, "pick a shorter prefix: the game ended"
    return s


# --------------------------------------------------------------------------- determinization

OPTION_SETS = [archwk.Options(), archwk.Options.online(),
               archwk.Options(board_side=2, promo_characters=True, expansion_cards=True)]


@pytest.mark.parametrize("options", OPTION_SETS, ids=["base", "online", "characters"])
@pytest.mark.parametrize("n", [1, 2, 4, 5])
def test_determinizations_are_valid_and_agree_with_the_view(options, n):
    s = archwk.new_game(n, seed=n + 20, options=options)
    r = random.Random(n)
    checked = 0
    while not s.is_over and checked < 6:
        if r.random() < 0.08 or (s.phase != "play" and checked == 0):
            p = s.current_player
            d = Determinizer(s.view(p), p).sample(random.Random(checked))
            validate(d)
            assert not d.is_view
            assert d.legal_actions() == s.legal_actions()
            assert d.players[p].hand == s.players[p].hand
            assert [len(q.hand) for q in d.players] == [len(q.hand) for q in s.players]
            assert len(d.building_deck) == len(s.building_deck)
            assert d.board == s.board and d.display == s.display and d.bm_large == s.bm_large
            assert d.bm_small[:1] == s.bm_small[:1]
            checked += 1
        s = s.apply(r.choice(s.legal_actions()))
    assert checked


def test_determinize_varies_with_the_seed_and_repeats_for_one():
    s = _play(archwk.new_game(3, seed=4), 40)
    p = s.current_player
    a, b = determinize(s, rng=1), determinize(s, rng=1)
    assert a.to_json() == b.to_json()
    hands = {tuple(determinize(s, rng=k).players[(p + 1) % 3].hand) for k in range(6)}
    assert len(hands) > 1


def test_determinize_from_a_view_and_viewer_of():
    s = _play(archwk.new_game(3, seed=4), 40)
    p = s.current_player
    v = s.view(p)
    assert viewer_of(v) == p
    assert any(c == HIDDEN for q in v.players for c in q.hand)
    d = determinize(v, p, rng=2)
    validate(d)
    assert d.to_json() == determinize(s, p, rng=2).to_json()


def test_determinize_rejects_a_view_of_someone_else():
    s = _play(archwk.new_game(3, seed=4), 40)
    p = s.current_player
    with pytest.raises(ValueError):
        Determinizer(s.view((p + 1) % 3), p)


# --------------------------------------------------------------------------- move evaluation

def test_evaluate_actions_shape_and_intervals():
    s = _place_position()
    vals = evaluate_actions(s, rollouts=6, seed=3, depth=8)
    assert [v.action for v in vals] == s.legal_actions()
    for v in vals:
        assert v.n == 6 and v.label == str(v.action)
        assert 0 <= v.win_ci[0] <= v.win_rate <= v.win_ci[1] <= 1
        assert v.vp_ci[0] <= v.mean_vp <= v.vp_ci[1]
        assert set(v.as_dict()) == {"action", "label", "win_rate", "win_ci", "mean_vp", "vp_ci", "n"}


def test_evaluate_actions_is_deterministic_and_blind_to_hidden_cards():
    s = _place_position(n=3, seed=8, decisions=90)
    p = s.current_player
    first = evaluate_actions(s, rollouts=4, seed=5, depth=6)
    assert first == evaluate_actions(s, rollouts=4, seed=5, depth=6)
    # another game that looks the same to the player to move: same answer
    other = Determinizer(s.view(p), p).sample(random.Random(77))
    assert other.to_json() != s.to_json()
    assert evaluate_actions(other, rollouts=4, seed=5, depth=6) == first
    assert evaluate_actions(s.view(p), rollouts=4, seed=5, depth=6) == first


def test_evaluate_actions_subset_full_depth_and_errors():
    s = _place_position(n=2, seed=2, decisions=150)
    acts = s.legal_actions()[:2]
    vals = evaluate_actions(s, rollouts=2, seed=1, depth=None, actions=acts)
    assert [v.action for v in vals] == acts
    with pytest.raises(ValueError, match="not legal"):
        evaluate_actions(s, rollouts=2, actions=[archwk.Action("place", location="nowhere")])
    with pytest.raises(ValueError, match="rollouts"):
        evaluate_actions(s, rollouts=0)
    over = archwk.play(archwk.new_game(2, seed=1), [bots.FastBot(1), bots.FastBot(2)])
    with pytest.raises(ValueError, match="over"):
        evaluate_actions(over)


def test_wilson_and_mean_ci():
    lo, hi = wilson(5, 10)
    assert lo < 0.5 < hi and lo > 0.2 and hi < 0.8
    assert wilson(0, 0) == (0.0, 1.0)
    m, (a, b) = mean_ci([1.0, 2.0, 3.0])
    assert m == 2.0 and a < 2.0 < b


# --------------------------------------------------------------------------- decision tree

def test_decision_tree_depth_one():
    s = archwk.new_game(2, seed=1)
    G = decision_tree(s, 1)
    assert G.number_of_nodes() == 1 + len(s.legal_actions())
    root = G.graph["root"]
    assert root == state_fingerprint(s) and G.nodes[root]["depth"] == 0
    assert {d["action"] for _, _, d in G.out_edges(root, data=True)} == set(s.legal_actions())
    assert decision_tree(s, 0).number_of_nodes() == 1


def test_decision_tree_merges_identical_positions():
    # two King's Storehouse trades in either order reach the same position
    s = archwk.new_game(2, seed=1)
    b = [bots.FastBot(1), bots.FastBot(2)]
    for _ in range(34):
        s = s.apply(b[s.current_player].choose(s))
    assert s.decision == "storehouse"
    G = decision_tree(s, 2)
    merged = [n for n in G if G.in_degree(n) > 1]
    assert merged
    paths = sum(1 for n in G if G.nodes[n]["depth"] == 2 for _ in G.predecessors(n))
    assert paths > len([n for n in G if G.nodes[n]["depth"] == 2])


def test_decision_tree_max_nodes():
    G = decision_tree(_place_position(), 3, max_nodes=20)
    assert G.number_of_nodes() == 20 and G.graph["truncated"]


def test_fingerprint_ignores_history_but_not_position():
    s = archwk.new_game(2, seed=3)
    t = s.apply(s.legal_actions()[0])
    assert state_fingerprint(s) != state_fingerprint(t)
    assert state_fingerprint(t) == state_fingerprint(archwk.GameState.from_json(t.to_json()))


# --------------------------------------------------------------------------- card synergy

def test_card_synergy_graph():
    G = card_synergy_graph()
    kinds = {d["kind"] for _, d in G.nodes(data=True)}
    assert kinds == {"apprentice", "skill", "building"}
    assert sum(1 for _, d in G.nodes(data=True) if d["kind"] == "building") == len(cards.BUILDINGS)
    assert {n for n in G.neighbors("Labourer #13")} == {"Carpentry", "Tiling", "Masonry"}
    assert G.edges["Woodcutter #39", "Wood Market"]["relation"] == "boosts"
    assert G.edges["Tiling", "Tiler's Hut"]["relation"] == "boosts"
    assert G.edges["Masonry", "Stone Market"]["relation"] == "enables"
    assert G.has_edge("Debt Collector #6", "Moneylender")
    for b in cards.BUILDINGS:
        for sk in b.skills:
            assert G.has_edge(sk.capitalize(), b.name)
    base = card_synergy_graph(expansion=False)
    assert "Crane" not in base and "Peddler #43" not in base


# --------------------------------------------------------------------------- worker flow

@pytest.mark.parametrize("n,options", [(2, archwk.Options()), (4, archwk.Options.online())])
def test_worker_flow_accounts_for_every_worker(n, options):
    s = archwk.new_game(n, seed=6, options=options)
    end = archwk.play(s, [bots.RandomBot(i) for i in range(n)])
    G = worker_flow(end)
    placed = 0
    for p in range(n):
        out = sum(d["by_player"].get(p, 0) for _, _, d in G.out_edges("supply", data=True))
        back = sum(d["by_player"].get(p, 0) for _, _, d in G.in_edges("supply", data=True))
        # what left the supply and did not come back is what is not in it at the end
        assert out - back == 20 - end.players[p].workers_in_supply
        placed += out
    mine = worker_flow(end, player=0)
    assert all(set(d["by_player"]) == {0} for _, _, d in mine.edges(data=True))
    assert G.has_edge("supply", "guildhall") and placed > 0


def test_worker_flow_from_states_and_edited_positions():
    s = archwk.new_game(2, seed=2)
    states = [s]
    for _ in range(30):
        s = s.apply(bots.FastBot(1).choose(s))
        states.append(s)
    assert worker_flow(states).edges == worker_flow(s).edges
    edited = s.edit(player=0, silver=9)
    with pytest.raises(ValueError, match="edited"):
        worker_flow(edited)


# --------------------------------------------------------------------------- staying light

def test_import_archwk_stays_light():
    code = ("import sys, archwk, archwk.analysis, archwk.ai.simulate, archwk.ai.distributed, archwk.ai.cli; "
            "heavy = [m for m in ('networkx', 'numpy', 'pandas', 'dask', 'distributed', 'tqdm', 'plotly', "
            "'ipywidgets') if m in sys.modules]; print(heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# --------------------------------------------------------------------------- charts

def test_charts_build_figures():
    pytest.importorskip("plotly")
    import plotly.graph_objects as go

    from widgets import analysis_charts as ch
    s = _place_position(n=2, seed=2, decisions=60)
    fig = ch.evaluation_chart(evaluate_actions(s, rollouts=3, seed=1, depth=4))
    assert isinstance(fig, go.Figure) and len(fig.data) == 2
    assert isinstance(ch.tree_figure(decision_tree(s, 1)), go.Figure)
    assert isinstance(ch.synergy_figure(card_synergy_graph()), go.Figure)
    end = archwk.play(archwk.new_game(2, seed=1), [bots.FastBot(1), bots.FastBot(2)])
    flow = ch.flow_figure(worker_flow(end))
    assert flow.data[0].type == "sankey"
    from archwk.ai.simulate import flat_rows, run
    recs = run(2, 3, seed=1, bots=("fast", "random"))
    f1, f2 = ch.simulation_figures(recs), ch.simulation_figures(flat_rows(recs))
    assert isinstance(f1, go.Figure) and len(f1.data) == len(f2.data)
    # the seats' win rates carry their 95% intervals as error bars (issue 13)
    from archwk.ai.evaluate import wilson
    bar = f1.data[2]  # after one box per seat
    for i in range(2):
        lo, hi = wilson(sum(r["seats"][i]["won"] for r in recs), len(recs))
        assert bar.y[i] - bar.error_y.arrayminus[i] == pytest.approx(lo)
        assert bar.y[i] + bar.error_y.array[i] == pytest.approx(hi)


def test_the_card_panels_compare_a_card_among_one_bot_s_seats():
    """Issue 21, item 7: a card's win-rate lift is not a bot's strength. With two bots in
    the games, the card panels compare a card among the seats of the bot with most seats,
    and say so; the hover says the figure goes with winning, not that it makes a win."""
    import widgets.analysis_charts as ch
    from archwk.ai.simulate import card_stats, run
    recs = run(3, 6, seed=2, bots=("fast", "fast", "random"))
    fig = ch.simulation_figures(recs)
    titles = [a.text for a in fig.layout.annotations]
    assert any(t.startswith("Buildings: win rate lift") and "fast bot's seats" in t for t in titles), titles
    bars = [t for t in fig.data if t.type == "bar" and t.orientation == "h"]
    want = {d["card"]: d["lift"] for d in card_stats(recs, "buildings_built", min_seats=3, bot="fast")}
    assert bars and all(want[c] == pytest.approx(x) for c, x in zip(bars[0].y, bars[0].x))
    assert "fast bot's seats with it won" in bars[0].hovertemplate
    assert "does not show that the card makes a seat win" in bars[0].hovertemplate
