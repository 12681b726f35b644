"""Issue 24: blunders are caught. A set of hand-built positions with a clearly losing move
is kept as data (archwk/games/architects/data/blunders.json); the coach's judgement calls
each a mistake or a blunder, names the rule's reason where the rules give one, and the
game review lists it."""
from __future__ import annotations

import copy
import json

import pytest

from archwk.ai import coach
from archwk.games.architects.play.facts import BLUNDERS_PATH, BlunderDataError, blunders, move_facts

FAST = {"seconds": None, "max_samples": 6, "search_iterations": 40}
REVIEW = {"seconds_per_move": None, "max_samples": 2, "search_iterations": 8}
ORDER = {"inaccuracy": 0, "mistake": 1, "blunder": 2}
SET = blunders()


def test_the_set_holds_each_kind_of_blunder():
    assert len(SET) >= 4 and len({b.name for b in SET}) == len(SET)
    kinds = {b.action.kind for b in SET}
    # discarding a needed apprentice, capturing one's own workers, paying for nothing, passing up a construction
    assert {"discard_apprentice", "capture", "guard", "place"} <= kinds
    assert any(b.action.kind == "place" and b.action.location != "guildhall"
               and any(a.kind == "place" and a.location == "guildhall" for a in b.state.legal_actions())
               for b in SET)
    assert any(not b.why for b in SET)  # some only the chances show


@pytest.mark.parametrize("b", SET, ids=[b.name for b in SET])
def test_the_judgement_calls_each_a_mistake_or_blunder_and_names_why(b):
    j = coach.judge(b.state, b.action, **FAST)
    assert j.verdict is not None and ORDER[j.verdict] >= ORDER[b.verdict]
    assert j.text.startswith(j.verdict.capitalize())
    if b.why:  # rulebook, the Workshop ("you may discard at any time") and construction's skills
        assert b.why in j.text and j.facts == (b.why,)
    # the coach's own first choice is never that move
    assert j.best.action != b.action


@pytest.mark.parametrize("b", SET[:2] + SET[-1:], ids=[b.name for b in SET[:2] + SET[-1:]])
def test_the_review_lists_it(b):
    played = b.state.apply(b.action)
    p = b.state.current_player
    rev = coach.review(played, players=[p], **REVIEW)
    step = len(played.record()["actions"]) - 1
    hit = [(i, j) for i, q, j in rev.judged if i == step]
    assert hit and hit[0][1].played.action == b.action and ORDER[hit[0][1].verdict] >= ORDER[b.verdict]


def test_a_discard_that_loses_nothing_names_no_fact():
    """The same position with a second Tiling apprentice: discarding the Merchant throws
    nothing away by the rules (rulebook: construction needs at least 1 apprentice of each skill)."""
    b = SET[0]
    s = b.state.edit(b.state.current_player, apprentices=[16, 2])  # two Tiling apprentices
    discard = next(a for a in s.legal_actions() if a.kind == "discard_apprentice" and a.card == 16)
    assert move_facts(s, discard) == []
    assert move_facts(s.view(s.current_player), discard) == []
    # a placement is never a fact's matter
    assert move_facts(b.state, next(a for a in b.state.legal_actions() if a.kind == "place")) == []


def test_a_malformed_blunder_set_is_refused_naming_the_entry_and_field(tmp_path):
    doc = json.loads(BLUNDERS_PATH.read_text())
    bad = tmp_path / "b.json"
    doc["positions"][1]["verdict"] = "oops"
    bad.write_text(json.dumps(doc))
    with pytest.raises(BlunderDataError, match=r"positions\[1\] \(discard_the_tiling.*field 'verdict'"):
        blunders(bad)
    doc = json.loads(BLUNDERS_PATH.read_text())
    doc["positions"][0]["move"] = {"kind": "place", "location": "guildhall", "oops": 1}
    bad.write_text(json.dumps(doc))
    with pytest.raises(BlunderDataError, match=r"positions\[0\].*field 'record' or 'move'|field 'move'"):
        blunders(bad)
    bad.write_text("[]")
    with pytest.raises(BlunderDataError, match="version"):
        blunders(bad)


def test_the_words_of_a_fact_are_the_games_own():
    b = SET[0]
    (verdict, sentence), = move_facts(b.state, b.action)
    assert verdict == "blunder"
    assert sentence == "both buildings in your hand need Tiling, and the Merchant is your only Tiling apprentice"
    assert "16" not in sentence


def test_capturing_your_own_workers_is_a_fact_only_when_it_wins_nothing():
    """Rulebook, the Town Centre: captured own workers go back to the supply. With plenty
    there and another player's group to capture instead, taking one's own back wins nothing."""
    b = next(x for x in SET if x.name == "capture_own_workers")
    s, own = b.state, b.action
    p = s.current_player
    (verdict, sentence), = move_facts(s, own)
    assert verdict == "mistake" and "from the Quarry" in sentence and "could be captured instead" in sentence
    other = next(a for a in s.legal_actions() if a.kind == "capture" and a.target != p)
    assert move_facts(s, other) == []  # capturing another player's group: no fact
    assert move_facts(s, next(a for a in s.legal_actions() if a.kind == "stop")) == []


@pytest.mark.parametrize("supply", [4, 5])
def test_a_supply_running_low_makes_taking_your_workers_back_no_mistake(supply):
    import archwk
    from archwk.ai.bots import HeuristicBot
    s = archwk.new_game(["Ann", "Ben", "Cy"], seed=21)
    bots = [HeuristicBot(i) for i in range(3)]
    while not (s.decision == "place" and s.current_player == 0 and len(s.history) > 40):
        s = s.apply(bots[s.current_player].choose(s))
    s = s.edit(workers_at={"quarry": {0: 2, 1: 2}})
    s = s.edit(0, silver=max(3, s.players[0].silver))
    # the workers beyond `supply` + 1 wait at the Forest (the placement at the Town Centre takes one)
    extra = s.players[0].workers_in_supply - (supply + 1)
    from archwk.games.architects.constants import OPEN_INDEX
    s = s.edit(workers_at={"forest": {0: s.board[OPEN_INDEX["forest"]][0] + extra}})
    s = s.apply(next(a for a in s.legal_actions() if a.kind == "place" and a.location == "town_centre"))
    assert s.players[0].workers_in_supply == supply
    own = next(a for a in s.legal_actions() if a.kind == "capture" and a.target == 0 and a.location == "quarry")
    assert bool(move_facts(s, own)) == (supply >= 5)


def _changed(state, **fields):
    """`state` with some table fields changed (a test's shortcut past the rules)."""
    from archwk.games.architects.core import commit, thaw
    t = thaw(state)
    for k, v in fields.items():
        setattr(t, k, v)
    return commit(t)


def test_paying_to_free_workers_on_the_last_turn_is_a_fact_only_when_it_costs_for_nothing():
    """Rulebook, End of the Game (after the last Guildhall space each player has one more
    turn) and End-Game Scoring (a Debt -2, the Virtue track; workers held on other players'
    boards cost nothing): on the last turn, freeing them for a Debt and a Virtue throws
    points away, unless a captor still to play could send them to Prison."""
    from archwk.games.architects.play.facts import is_last_turn
    b = next(x for x in SET if x.name == "last_turn_pay_to_free_workers")
    s, pay = b.state, b.action
    p = s.current_player
    assert is_last_turn(s) and pay.option == "release_debt"
    (verdict, sentence), = move_facts(s, pay)
    assert verdict == "mistake" and sentence.startswith("the game ends after this round")
    assert "only costs you 3 points" in sentence and "freeing your 3 workers" in sentence
    assert move_facts(s.view(p), pay) == [(verdict, sentence)]  # the mover's own view says the same
    release_prison = next(a for a in s.legal_actions() if a != pay)
    assert move_facts(s, release_prison) == []
    # before the end is triggered, freed workers can still work: no fact
    assert not is_last_turn(_changed(s, final_turns=None))
    assert move_facts(_changed(s, final_turns=None), pay) == []
    # the turn that took the last Guildhall space is not the last one
    assert move_facts(_changed(s, final_turns=len(s.players) + 1), pay) == []
    # a captor who still plays after this turn could send them to Prison: no fact
    captor = next(o for o, q in enumerate(s.players) if o != p and q.captured[p])
    if captor != s.turn_player:
        turns_left = (captor - s.turn_player) % len(s.players) + 1
        assert move_facts(_changed(s, final_turns=turns_left), pay) == []


def test_a_forced_payment_on_the_last_turn_is_no_fact():
    """With nothing else to choose at the Guardhouse (no worker in Prison, no Silver for
    the other price), the payment cannot be a mistake there."""
    from archwk.games.architects.core import commit, thaw, writable_player
    b = next(x for x in SET if x.name == "last_turn_pay_to_free_workers")
    s, pay = b.state, b.action
    t = thaw(s)
    pl = writable_player(t, s.current_player)
    pl.in_prison, pl.silver = 0, 0
    forced = commit(t)
    assert [a.option for a in forced.legal_actions()] == ["release_debt"]
    assert move_facts(forced, pay) == []


@pytest.mark.parametrize("b", [b for b in SET if b.why], ids=[b.name for b in SET if b.why])
def test_a_hint_choice_the_rules_call_a_mistake_says_so(b):
    """Issue 24 (one voice): a choice a hint offers that the judgement would call a mistake
    from the game's facts says the fact, never "as good as" the first choice, even where
    the chances tie (at 0% in a lost position)."""
    s = b.state
    other = next(a for a in s.legal_actions() if a != b.action and not move_facts(s, a))
    ev = coach._Evaluator.__new__(coach._Evaluator)
    ev.view, ev.legal, ev.vp_now, ev._facts = s, list(s.legal_actions()), {}, {}
    words = s.game.explainer.coach
    first, second = (words.choice_reason(c) for c in ev.claims([(other, 0.0), (b.action, 0.0)], True))
    assert second == f"a 0% chance to win by the quick estimate, but {b.why}."
    assert "as good as" not in second and b.why not in first
    # on a look as the coach takes it: the move offered beside the first choice carries its fact
    look = coach.assess(s, k=3, forced=[b.action], **FAST)
    mine = next(c for c in look.valued_choices() if c.action == b.action)
    assert b.why in mine.why and "as good as" not in mine.why


def test_a_look_asks_the_rules_for_a_choices_facts_once(monkeypatch):
    """Issue 24 (one voice): the facts of a choice are the same each time its look words
    it (a hint, then the judgement, then the bar's chances), and are asked once per choice."""
    b = next(x for x in SET if x.why)
    s = b.state
    asked = []
    side = copy.copy(coach._side(s))
    real = side.move_facts

    def counting(state, action):
        asked.append(action)
        return real(state, action)

    side.move_facts = counting
    monkeypatch.setattr(coach, "_side", lambda state: side)
    monkeypatch.setattr(coach, "_LOOKS", {})  # a fresh look, not one an earlier test kept
    look = coach.assess(s, k=3, forced=[b.action], **FAST)
    first = [c.why for c in look.valued_choices()]
    j = look.judge(b.action)
    assert b.why in j.text
    again = [c.why for c in look.valued_choices()]
    assert len(look.chances) == len(s.players)  # the bar's chances word the choices once more
    assert first == again
    assert sorted(map(str, asked)) == sorted(set(map(str, asked)))  # each choice asked once
    assert b.action in asked
