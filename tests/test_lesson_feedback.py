"""The tutorial's feedback never contradicts what the learner's move did
(issue 21, item 4: lesson 5 said "The Black Market (right space) gives no
Marble here." after the learner bought 2 Marble there).

For every lesson, every choice the lesson's page offers is played at every
step, down to the verdict (all of them: the largest tree, the last turn of
lesson 16, has about 1,400 positions). Each verdict is checked against the
rules' own record, read here independently of the tutorial's code:

- every `Claim` the verdict makes is true: a gain or payment equals the
  learner's gains or payments in the events (whose sum is checked against the
  change of the learner's holdings), a place is where the worker went, a
  preview is the rules' preview of that choice, a card figure is the card's,
  a projected score is `archwk.final_scores`, "the best" is the best any way
  of playing the turn reaches...; and the words of each claim are in the text;
- the text itself, whatever its claims: "no Marble" (any resource) only when
  the learner's choices gained none of it, and "gained 2 Marble, 1 Wood" only
  with those gains;
- the status follows the lesson's goal (written here from the task's words):
  RIGHT only when the goal is met; WRONG only when no way of finishing the
  turn from there meets it; "Good" (CONTINUE) only while one still does (the
  last lesson says "Go on: finish your turn" whatever the first choice).

Rulebook sections: each lesson names its own (tests/test_lessons.py).
"""
from __future__ import annotations

import dataclasses
import re
from collections import Counter

import pytest
from wording import problems as wording_problems

import archwk
from archwk.games.architects import cards
from archwk.games.architects.model import LOCATION_NAMES
from widgets.architects import lessons as tl
from widgets.architects.lessons import CONTINUE, LESSONS, RIGHT, WRONG, YOU

ITEMS = ("clay", "wood", "stone", "gold", "marble", "silver", "virtue")
GOODS = ITEMS[:-1]
NAMES = {i: ("Virtue" if i == "virtue" else i.capitalize()) for i in ITEMS}


# --------------------------------------------------------------------------- the rules' record, read here

def amount(p, item: str) -> int:
    return getattr(p, item) if item in ("silver", "virtue") else p.resources[item]


def events(states):
    return [e for s in states for e in s.events]


def mine(states, kind: str):
    return [e.data for e in events(states) if e.kind == kind and e.player == YOU]


def turn_over(s, transition_events) -> bool:
    return s.is_over or s.current_player != YOU or any(e.kind == "turn" for e in transition_events)


@dataclasses.dataclass
class Ledger:
    """The learner's gains and payments in the events (Virtue lost counts as paid)."""
    gained: Counter
    paid: Counter
    tax: int


def ledger(start, states) -> Ledger:
    gained, paid, tax = Counter(), Counter(), 0
    for e in events(states):
        if e.player != YOU:
            continue
        d = e.data
        if e.kind == "gained":
            gained.update(d["items"])
        elif e.kind == "stole_tax":
            gained["silver"] += d["silver"]
        elif e.kind == "hired":
            gained["silver"] += d["silver_on_card"]
        elif e.kind == "virtue":
            (gained if d["delta"] > 0 else paid)["virtue"] += abs(d["delta"])
        elif e.kind == "paid":
            paid["silver"] += d["silver"]
            tax += d["tax"]
        elif e.kind == "skipped":
            paid["silver"] += d["count"]
        elif e.kind == "paid_resources":
            paid.update(d["items"])
        elif e.kind == "traded":
            paid.update(d["pay"])
    end = states[-1] if states else start
    for item in ITEMS:  # the reading above misses nothing: it adds up to the change of holdings
        assert gained[item] - paid[item] == amount(end.players[YOU], item) - amount(start.players[YOU], item), \
            (item, gained, paid)
    return Ledger(gained, paid, tax)


# --------------------------------------------------------------------------- every way to finish the turn

def finishes(state, states=(), line=()):
    """(states, line) for every way to finish the learner's turn from `state`
    (`states`/`line`: how `state` was reached from the lesson's start)."""
    if line and turn_over(state, state.events if states else ()):
        yield states, line
        return
    for a in state.legal_actions():
        n = state.apply(a)
        yield from finishes(n, states + (n,), line + (a,))


def projected(start, states):
    return archwk.final_scores(states[-1])[YOU].total


def goods(start, states):
    me, end = start.players[YOU], states[-1].players[YOU]
    return sum(max(0, amount(end, i) - amount(me, i)) for i in GOODS)


def silver(start, states):
    return states[-1].players[YOU].silver - start.players[YOU].silver


def vp_built(start, states):
    return sum(cards.building(d["building"]).vp for d in mine(states, "constructed"))


#: the lessons asking for "as much as you can": the figure the task names
MEASURES = {"aim": projected, "placing": goods, "tax_stand": silver, "guildhall": vp_built,
            "constructing": vp_built, "end": projected}

_best_cache: dict[str, int] = {}


def best(key: str) -> int:
    if key not in _best_cache:
        start = tl.BY_KEY[key].setup()
        _best_cache[key] = max(MEASURES[key](start, states) for states, _ in finishes(start))
    return _best_cache[key]


def largest_rival_group(start) -> int:
    return max(start.workers_at(loc).get(1, 0) for loc in archwk.LOCATIONS)


def _p(start, states):
    return start.players[YOU], (states[-1] if states else start).players[YOU]


#: each lesson's goal, from its task's words: (start state, states after each choice) -> met?
GOALS = {
    "aim": None,  # as many VP as you can: MEASURES
    "setup": lambda start, states: any(not cards.building(d["card"]).skills for d in mine(states, "drafted")),
    "placing": None,
    "gathering": lambda start, states: amount(_p(start, states)[1], "gold") - amount(_p(start, states)[0], "gold") >= 2,
    "storehouse": lambda start, states: any("marble" in d["gain"] for d in mine(states, "traded")),
    "workshop": lambda start, states: any("carpentry" in cards.APPRENTICES[d["card"] - 1].skills
                                          for d in mine(states, "hired")),
    "town_centre": lambda start, states: any(d["owner"] == 1 and d["count"] == largest_rival_group(start)
                                             for d in mine(states, "captured")),
    "tax_stand": None,
    "black_market": lambda start, states: (
        any(d["location"].startswith("black_market") for d in mine(states, "placed"))
        and amount(_p(start, states)[1], "marble") > amount(_p(start, states)[0], "marble")),
    "guardhouse": lambda start, states: (
        (states[-1] if states else start).players[1].captured[YOU] == 0
        and _p(start, states)[1].debts_unpaid == _p(start, states)[0].debts_unpaid),
    "guildhall": None,
    "constructing": None,
    "cathedral": lambda start, states: _p(start, states)[1].cathedral_level > _p(start, states)[0].cathedral_level,
    "virtue": lambda start, states: _p(start, states)[1].virtue > _p(start, states)[0].virtue,
    "reset": lambda start, states: any(e.kind == "reset" for e in events(states)),
    "end": None,
    "solo": lambda start, states: _p(start, states)[1].captured[1] == 0 < _p(start, states)[0].captured[1],
    "variable": lambda start, states: _p(start, states)[1].cathedral_level >= 1,
}


def goal_met(key: str, start, states) -> bool:
    if GOALS[key] is None:
        return bool(states) and MEASURES[key](start, states) >= best(key)
    return GOALS[key](start, states)


def reachable(key: str, start, states, line) -> bool:
    """Some way of finishing the turn from the last state meets the goal."""
    s = states[-1]
    if turn_over(s, s.events):
        return goal_met(key, start, states)
    return any(goal_met(key, start, states + more) for more, _ in finishes(s, (), ()))


# --------------------------------------------------------------------------- claims

def _amount_words(item, n):
    return f"{n} {NAMES[item]}" if n else f"no {NAMES[item]}"


def claim_is_true(c, key, start, states, all_states) -> bool:
    end = states[-1]
    me0, me = start.players[YOU], end.players[YOU]
    led = ledger(start, states)
    v = c.value
    match c.what:
        case "place":
            return [d["location"] for d in mine(states, "placed")][:1] == [v]
        case "gained":
            return led.gained[c.about] == v and c.words == _amount_words(c.about, v)
        case "paid":
            return led.paid[c.about] == v and c.words == _amount_words(c.about, v)
        case "tax":
            return led.tax == v
        case "had":
            return amount(me0, c.about) == v and c.words == _amount_words(c.about, v)
        case "now":
            return amount(me, c.about) == v and c.words == _amount_words(c.about, v)
        case "constructed":
            return v in [d["building"] for d in mine(states, "constructed")]
        case "hired":
            return v in [d["card"] for d in mine(states, "hired")]
        case "captured":
            return v in [(d["owner"], d["count"], d["location"]) for d in mine(states, "captured")]
        case "freed":
            return v == sum(d["count"] for d in mine(states, "released") if d["source"] != "prison")
        case "imprisoned":
            return v == sum(d["count"] for d in mine(states, "sent_to_prison"))
        case "debts":
            return v == me.debts_unpaid - me0.debts_unpaid
        case "cathedral":
            return v == me.cathedral_level > me0.cathedral_level
        case "discarded":
            return v in [d["card"] for d in mine(states, "discarded")]
        case "dismissed":
            return v in [d["card"] for d in mine(states, "apprentice_discarded")]
        case "drew":
            return v == sum(d["count"] for d in mine(states, "drew"))
        case "kept":
            return v in [d["card"] for d in mine(states, "drafted")]
        case "offer":
            i, action = c.about
            return all_states[i].preview(action) == v
        case "workers":
            player, loc = c.about
            return start.workers_at(loc).get(player, 0) == v and c.words == str(v)
        case "tax_stand":
            return archwk.table(start).tax == v
        case "vp":
            return cards.building(c.about).vp == v and c.words == f"{v} VP"
        case "needs":
            return tuple(sorted(cards.building(c.about).skills)) == v
        case "skills":
            return tuple(sorted(cards.APPRENTICES[c.about - 1].skills)) == v
        case "score":
            return v == (archwk.final_scores(start)[YOU].total, archwk.final_scores(end)[YOU].total)
        case "breakdown":
            return v == archwk.final_scores(end)[YOU].as_dict()
        case "best":
            return v == best(key)
        case "line":
            s, seen = start, []
            for a in v:
                assert s.is_legal(a)
                s = s.apply(a)
                seen.append(s)
            return turn_over(s, s.events) and MEASURES[key](start, tuple(seen)) == best(key)
        case "reset":
            return v == sum(1 for e in events(states) if e.kind == "reset")
        case "to_prison" | "reset_virtue" | "reset_debts":
            kind = {"to_prison": "to_prison", "reset_virtue": "virtue", "reset_debts": "debt_taken"}[c.what]
            total = sum(-e.data["delta"] if kind == "virtue" else e.data["count"] for e in events(states)
                        if e.kind == kind and e.player == c.about and "reset" in e.data["cause"])
            return v == total
        case "in_prison":
            return end.players[c.about].in_prison == v
        case "scheme":
            return v in [e.data["location"] for e in events(states) if e.kind == "scheme"]
    raise AssertionError(f"a claim of an unknown kind: {c}")


# --------------------------------------------------------------------------- the text, whatever its claims

RESOURCE = "(Clay|Wood|Stone|Gold|Marble|Silver|Virtue)"
NONE = re.compile(rf"\bno {RESOURCE}\b")
#: "gained 1 Wood, 1 Stone, 2 Marble" (not "would have gained ...")
GAINS = re.compile(rf"(?<!would have )\b(?:gained|gains|gave you|sold you|steals|stole|took)\s+"
                   rf"((?:\d+ {RESOURCE})(?:(?:, | and )\d+ {RESOURCE})*)")


def text_contradictions(text: str, led: Ledger) -> list[str]:
    out = []
    for m in NONE.finditer(text):
        item = m.group(1).lower()
        if led.gained[item]:
            out.append(f"says {m.group(0)!r} but the learner gained {led.gained[item]} {m.group(1)}")
    for m in GAINS.finditer(text):
        for n, res in re.findall(rf"(\d+) {RESOURCE}", m.group(1)):
            if led.gained[res.lower()] != int(n):
                out.append(f"says {m.group(0)!r} but the learner gained {led.gained[res.lower()]} {res}")
    return out


# --------------------------------------------------------------------------- the check

def contradictions(lesson, attempt, verdict) -> list[str]:
    """Where `verdict` (the judge's answer after the attempt's last choice)
    disagrees with what the choices did."""
    start, states = attempt.states[0], tuple(attempt.states[1:])
    led = ledger(start, states)
    text = verdict.text
    out = [] if text.strip() else ["an empty verdict"]
    for c in getattr(verdict, "claims", ()):
        if c.words not in text:
            out.append(f"claim {c.what} {c.about!r}: its words {c.words!r} are not in the text")
        if not claim_is_true(c, lesson.key, start, states, attempt.states):
            out.append(f"claim {c.what} {c.about!r} = {c.value!r} ({c.words!r}) is false")
    out += text_contradictions(text, led)
    if verdict.status == RIGHT and not goal_met(lesson.key, start, states):
        out.append("RIGHT, but the lesson's goal is not met")
    if verdict.status == WRONG and reachable(lesson.key, start, states, attempt.actions):
        out.append("WRONG, but the goal can still be met this turn")
    if verdict.status == CONTINUE and "Good" in text and not reachable(lesson.key, start, states, attempt.actions):
        out.append("'Good', but the goal can no longer be met this turn")
    return out


def every_verdict(lesson):
    """(actions, attempt, verdict) after every choice the lesson offers, at every step."""
    todo = [()]
    while todo:
        prefix = todo.pop()
        attempt = lesson.start()
        for a in prefix:
            attempt.choose(a)
        for a in attempt.choices():
            at = lesson.start()
            for p in prefix:
                at.choose(p)
            v = at.choose(a)
            yield prefix + (a,), at, v
            if not v.done:
                todo.append(prefix + (a,))


@pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.key for lesson in LESSONS])
def test_every_offered_choice_gets_feedback_that_agrees_with_it(lesson):
    seen = Counter()
    problems = []
    for line, attempt, verdict in every_verdict(lesson):
        seen[verdict.status] += 1
        found = contradictions(lesson, attempt, verdict)
        # and in the game's words: no internal id, formula or placeholder
        found += wording_problems(verdict.text) + [f"an internal id {m!r}" for m in
                                                   re.findall(r"\b[a-z]+_[a-z_]+\b", verdict.text)]
        for p in found:
            problems.append(f"{' / '.join(map(str, line))}: {p}\n    {verdict.text}")
    assert not problems, f"{len(problems)} contradictions:\n" + "\n".join(problems[:12])
    assert seen[RIGHT] >= 1 and seen[WRONG] >= 1  # the lesson can be passed and failed
    # every first choice was judged
    assert sum(1 for line, _, _ in every_verdict(lesson) if len(line) == 1) == len(lesson.setup().legal_actions())


def test_every_verdict_states_claims():
    """The verdicts carry their facts as data (the check above reads them)."""
    for lesson in LESSONS:
        attempt = lesson.start()
        for a in lesson.mistake_actions():
            v = attempt.choose(a)
        assert v.claims, (lesson.key, v.text)
        assert all(c.what in tl.CLAIM_KINDS for c in v.claims)


# --------------------------------------------------------------------------- the check can fail

def _old_storehouse_judge(a):
    """Lesson 5's judge before issue 21, as it was (its first branch)."""
    loc = a.actions[0].location if a.actions[0].kind == "place" else None
    if loc != "storehouse":
        return tl.Verdict(WRONG, f"The {LOCATION_NAMES.get(loc, loc)} gives no Marble here. At the King's "
                                 "Storehouse you can trade 3 Wood or Stone (any mix) for 1 Marble.")
    return tl.BY_KEY["storehouse"].judge(a)


def _right_space(lesson):
    return next(a for a in lesson.setup().legal_actions() if a.kind == "place" and a.location == "black_market_c")


def test_the_check_catches_the_old_lesson_5_judge():
    lesson = dataclasses.replace(tl.BY_KEY["storehouse"], judge=_old_storehouse_judge)
    attempt = lesson.start()
    v = attempt.choose(_right_space(lesson))
    assert v.text.startswith("The Black Market (right space) gives no Marble here.")
    assert contradictions(lesson, attempt, v) == [
        "says 'no Marble' but the learner gained 2 Marble"]


def test_the_check_catches_a_false_claim_and_a_false_status():
    lesson = tl.BY_KEY["storehouse"]

    def judge(a):  # the old judge's words, as a claim; and a RIGHT for a move that is not the task
        said = tl.Claim("gained", "marble", 0, "no Marble")
        return tl.Verdict(RIGHT, "The Black Market's right space gave you no Marble.", (said,))

    attempt = dataclasses.replace(lesson, judge=judge).start()
    v = attempt.choose(_right_space(lesson))
    found = contradictions(lesson, attempt, v)
    assert "claim gained 'marble' = 0 ('no Marble') is false" in found
    assert "RIGHT, but the lesson's goal is not met" in found
    assert any("says 'no Marble'" in p for p in found)


# --------------------------------------------------------------------------- what the page offers

def test_the_page_offers_the_choices_the_check_plays():
    """The tutorial page's buttons are the attempt's choices (what the check plays)."""
    from widgets.tutorial import TutorialUI
    ui = TutorialUI()
    for i, lesson in enumerate(LESSONS):
        ui.show(i)
        assert [b._action for b in ui.decision.buttons] == ui.attempt.choices(), lesson.key
    # a second step too: the Town Centre's captures
    ui.show(6)
    ui.decision.button_for(archwk.Action("place", "town_centre")).click()
    assert [b._action for b in ui.decision.buttons] == ui.attempt.choices()
