"""The docstring examples of archwk.ai, of the games' play sides and of their
public names (archwk.bots, archwk.analysis, archwk.simulate) run and give what they show."""
from __future__ import annotations

import doctest
import importlib

import pytest
from test_layering import AI, FACADES, PLAY_SIDES


@pytest.mark.parametrize("name", sorted(set(AI) | set(PLAY_SIDES) | (FACADES - {"archwk"})))
def test_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False, report=False)
    assert result.failed == 0, f"{result.failed} of the examples in {name} failed (run pytest --doctest-modules)"


def test_examples_exist():
    """The modules with examples keep them (a deleted example is not a passing one)."""
    counts = {n: doctest.testmod(importlib.import_module(n), report=False).attempted
              for n in ("archwk.ai.registry", "archwk.ai.games", "archwk.ai.bots", "archwk.ai.search",
                        "archwk.games.architects.play.determinize", "archwk.bots")}
    assert all(counts.values()), counts
