"""The explainer words every event and every action: nothing falls back to a raw kind name."""
import random

import pytest

import archwk
from archwk import explain
from archwk.ruleset import DECISION_RULES

OPTION_SETS = [
    (3, archwk.Options()),
    (1, archwk.Options(solo_opponent="helena")),
    (2, archwk.Options(two_player_bot=True)),
    (4, archwk.Options.online()),
    (5, archwk.Options(board_side=2, promo_characters=True, expansion_cards=True)),
]


@pytest.mark.parametrize("n,opts", OPTION_SETS)
def test_every_event_and_action_has_words(n, opts):
    seen_kinds, seen_frames = set(), set()
    s = archwk.new_game(n, seed=3, options=opts)
    r = random.Random(3)
    while not s.is_over:
        seen_frames.add(s.decision)
        assert s.prompt.startswith(s.players[s.current_player].name + ": ")
        acts = s.legal_actions()
        for a in acts:
            label = str(a)
            assert label and label[0].isupper(), (a, label)
        s = s.apply(r.choice(acts))
        for e in s.events:
            seen_kinds.add(e.kind)
            assert e.kind in explain._EVENT_TEXT, f"event kind {e.kind!r} has no sentence"
            assert e.text.endswith((".", "!")), e.text
    assert "game_over" in seen_kinds and "placed" in seen_kinds
    assert seen_frames <= set(DECISION_RULES)


def test_action_labels_carry_the_preview():
    """str(action) is a short label with the gain (API: "Place a worker at the Forest (gain 3 Wood)")."""
    s = archwk.new_game(2, seed=1)
    while s.phase != "play":
        s = s.apply(s.legal_actions()[0])
    p = s.current_player
    s = s.edit(workers_at={"forest": {p: 2}})
    forest = next(a for a in s.legal_actions() if a.kind == "place" and a.location == "forest")
    assert str(forest) == "Place a worker at the Forest (gain 3 Wood)"
