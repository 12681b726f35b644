"""Analysis: move evaluation by Monte Carlo rollouts, determinization of hidden
information, and graphs (decision tree, card synergy, worker flow).

Nothing heavy is imported here: networkx is imported by the graph functions
when they are called, so `import archwk.analysis` stays cheap.
"""
from .determinize import Determinizer, determinize, viewer_of
from .evaluate import ActionValue, evaluate_actions
from .graphs import card_synergy_graph, decision_tree, state_fingerprint, worker_flow

__all__ = [
    "ActionValue", "Determinizer", "card_synergy_graph", "decision_tree", "determinize",
    "evaluate_actions", "state_fingerprint", "viewer_of", "worker_flow",
]
