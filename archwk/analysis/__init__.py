"""Analysis, under its public name: move evaluation by Monte Carlo rollouts
(`archwk.ai.evaluate`), determinization of hidden information
(Architects': `archwk.games.architects.play.determinize`), graphs (`archwk.ai.graphs`: decision tree, card
synergy, worker flow), win chances (`archwk.ai.winchance`) and the coach
(`archwk.ai.coach`: hint, judge, review, exercises). The rules never import this package (nor `archwk.ai`).

Nothing heavy is imported here: networkx is imported by the graph functions
when they are called, so `import archwk.analysis` stays cheap.
"""
from ..ai.coach import (
    VERDICTS,
    Assessment,
    Choice,
    Exercise,
    Judgement,
    Review,
    assess,
    exercises,
    hint,
    judge,
    review,
    verdict_thresholds,
)
from ..ai.evaluate import DEFAULT_DEPTH, ActionValue, evaluate_actions, mean_ci, wilson
from ..ai.graphs import card_synergy_graph, decision_tree, state_fingerprint, worker_flow
from ..ai.winchance import win_chances
from ..games.architects.play.determinize import Determinizer, determinize, viewer_of

__all__ = [
    "DEFAULT_DEPTH",
    "VERDICTS",
    "ActionValue",
    "Assessment",
    "Choice",
    "Determinizer",
    "Exercise",
    "Judgement",
    "Review",
    "assess",
    "card_synergy_graph",
    "decision_tree",
    "determinize",
    "evaluate_actions",
    "exercises",
    "hint",
    "judge",
    "mean_ci",
    "review",
    "state_fingerprint",
    "verdict_thresholds",
    "viewer_of",
    "wilson",
    "win_chances",
    "worker_flow",
]
