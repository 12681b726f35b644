"""Structure first, words last (issue 22): the widgets hand typed values (actions,
previews, display spaces, chances, verdicts) to the game's explainer
(`state.game.explainer`) and lay out the words it gives back; the coach library
finds figures and verdicts and words none of them itself.

Each test gives the game an explainer whose words are marked, and checks that the
marked words (and only they) reach the page or the coach's answers: a widget or a
coach that wrote its own sentence, or read the explainer's back, would show the
unmarked one. The words themselves are tested where they are made
(tests/test_explain.py, tests/ai/test_coach.py, tests/test_learner.py).
"""
from __future__ import annotations

import dataclasses
import types
from pathlib import Path

import pytest
from widget_helpers import placing

import archwk
from archwk.ai import coach as lib
from archwk.games.architects import explain
from archwk.games.architects.actions import Action
from archwk.games.architects.definition import GAME
from archwk.games.architects.game import GameState
from widgets import GameExplorer
from widgets.decision import DecisionPanel

DATA = Path(__file__).parent / "ai" / "data"
FAST = {"seconds": None, "max_samples": 2, "search_iterations": 8}


def _namespace(module, **overrides):
    """A stand-in for an explainer module: every name of `module`, some replaced."""
    ns = types.SimpleNamespace(**{k: getattr(module, k) for k in dir(module) if not k.startswith("__")})
    for k, v in overrides.items():
        setattr(ns, k, v)
    return ns


@pytest.fixture
def marked(monkeypatch):
    """Architects with an explainer whose button notes, hovers and coach sentences are marked «…»."""
    choices = _namespace(explain.choices, with_notes=lambda label, notes: f"«{label}»{len(notes)}",
                         display_hover=lambda slot, card_text, at_workshop: f"«position {slot.position}»")
    coach = _namespace(explain.coach,
                       chances_sentence=lambda names, chances, winners=None, keep=None: "«chances»",
                       choice_why=lambda claim: (f"«why {claim.rank} {claim.chance}»", f"«after {claim.rank}»"),
                       judgement_text=lambda j, with_verdict=True: f"«judged {j.verdict} {with_verdict}»",
                       exercise_answer=lambda outcome, mine, best, why_not=None: f"«{outcome}»",
                       hint_heading=lambda name, n: f"«{n} for {name}»")
    words = _namespace(explain, choices=choices, coach=coach)
    game = dataclasses.replace(GAME, explainer=words)
    monkeypatch.setattr(GameState, "game", game)
    return game


def test_the_decision_buttons_are_worded_by_the_games_explainer(marked):
    s = placing(3, seed=2, after=40)
    assert s.game is marked
    panel = DecisionPanel()
    panel.update(s)
    assert panel.buttons
    for b in panel.buttons:
        assert b.description.startswith("«") and "»" in b.description, b.description
    # at the Workshop: the hire buttons' hovers are the explainer's too
    p = s.current_player
    w = s.edit(player=p, silver=12).apply(Action("place", "workshop"))
    panel.update(w)
    hires = [b for b in panel.buttons if b._action.kind == "hire"]
    assert hires and all(b.tooltip == f"«position {b._action.target + 1}»" for b in hires)


def test_the_coach_library_words_nothing_itself(marked):
    s = archwk.GameState.from_json((DATA / "last_turn_storehouse.json").read_text(encoding="utf-8"))
    top = lib.hint(s, k=2, **FAST)
    assert [(c.why, c.after_label) for c in top] == [
        (f"«why {i} {round(100 * c.win_chance)}»", f"«after {i}»") for i, c in enumerate(top)]
    quarry = next(a for a in s.legal_actions() if a.kind == "place" and a.location == "quarry")
    j = lib.judge(s, quarry, **FAST)
    assert j.text == f"«judged {j.verdict} True»"


def test_the_coach_widget_shows_the_explainers_words(marked):
    ex = GameExplorer(placing(3, seed=2, after=40), coach={"background": False, "samples": 2})
    c = ex.coach
    assert c.bar.text == "«chances»" and 'aria-label="«chances»"' in c.bar.html.value
    c.hint_panel.button.click()
    who = ex.state.players[ex.state.current_player].name
    assert f"«3 for {who}»" in c.hint_panel.status.value
    for i, text in enumerate(c.hint_panel.texts):
        assert f"«after {i}»" in text.value
