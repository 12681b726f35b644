"""Analysis, under its public name: move evaluation by Monte Carlo rollouts
(`archwk.ai.evaluate`), determinization of hidden information
(`archwk.ai.determinize`), and graphs (`archwk.ai.graphs`: decision tree, card
synergy, worker flow). The rules never import this package (nor `archwk.ai`).

Nothing heavy is imported here: networkx is imported by the graph functions
when they are called, so `import archwk.analysis` stays cheap.
"""
from ..ai.determinize import Determinizer, determinize, viewer_of
from ..ai.evaluate import DEFAULT_DEPTH, ActionValue, evaluate_actions, mean_ci, wilson
from ..ai.graphs import card_synergy_graph, decision_tree, state_fingerprint, worker_flow

__all__ = [
    "DEFAULT_DEPTH",
    "ActionValue",
    "Determinizer",
    "card_synergy_graph",
    "decision_tree",
    "determinize",
    "evaluate_actions",
    "mean_ci",
    "state_fingerprint",
    "viewer_of",
    "wilson",
    "worker_flow",
]
