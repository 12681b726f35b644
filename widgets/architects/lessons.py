"""The step-by-step rules tutorial: one lesson per rulebook section.

Each lesson sets up a position with `archwk.new_game` and `state.edit(...)`,
explains the rule in plain words, asks the learner (player 0, "Ann (you)") to
do something, and judges the learner's choices as they are made:

    >>> lesson = LESSONS[0]
    >>> attempt = lesson.start()
    >>> attempt.state.prompt
    'Ann (you): choose where to place a worker'
    >>> for action in lesson.solution_actions(): verdict = attempt.choose(action)
    >>> verdict.status
    'right'
    >>> [(c.what, c.value, c.words) for c in verdict.claims if c.what == "constructed"]
    [('constructed', 'Well', 'Well')]

A judge returns CONTINUE while the task is still under way (e.g. after placing
at the Town Centre, before choosing which group to capture), then RIGHT or
WRONG with the explanation. Nothing here decides a rule: every legal choice,
gain and score comes from `archwk`.

What a verdict says about the learner's choices is never written by hand: the
judge reads what the choices did from the events the rules recorded (`Did`),
what another choice would have given from the rules' own previews
(`state.preview`), and card figures from `archwk.games.architects.cards`; each such fact is a
`Claim` (data: what, about, value) whose words are made from that data and put
in the verdict's text. `Verdict.claims` lists them, so a test can compare every
claim with what the action did (tests/test_lessons.py). The hand-written parts
of a verdict state the rule and the lesson's goal only. Pure Python (no UI
imports); the interface is `widgets.tutorial.ui`.
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import archwk
from archwk import Action, GameState
from archwk.games.architects import cards
from archwk.games.architects.explain import words as _words
from archwk.games.architects.explain.labels import _stated

from ..tutorial import lessons as _base
from ..tutorial.lessons import (  # noqa: F401  (the names this module has always offered)
    CONTINUE,
    LEARNER,
    PROGRESS_MAX_CHARS,
    RIGHT,
    RIVAL,
    WRONG,
    YOU,
    Claim,
    Step,
    Verdict,
    find_action,
)
from ..tutorial.lessons import play_line as _play_line  # noqa: F401

#: what a player holds that a verdict may count, in the game's order
GOODS = ("clay", "wood", "stone", "gold", "marble", "silver")
ITEMS = (*GOODS, "virtue")


#: the kinds of claim a verdict can make, and what each one asserts
CLAIM_KINDS = {
    "place": "value: the location where the learner placed a worker",
    "gained": "about: an item (GOODS or virtue); value: how much of it the learner's choices gained (0: none)",
    "paid": "about: an item; value: how much of it the learner's choices paid (Virtue: lost)",
    "tax": "value: of the Silver paid, the part that went to the Tax Stand",
    "had": "about: an item; value: what the learner held at the start of the lesson",
    "now": "about: an item; value: what the learner holds after the choices",
    "constructed": "value: a building the learner constructed",
    "hired": "value: the card id of an apprentice the learner hired",
    "captured": "value: (owner, count, location) of a group the learner captured",
    "freed": "value: how many of the learner's workers came back from other players' boards",
    "imprisoned": "value: how many captured workers the learner sent to Prison",
    "debts": "value: how many unpaid Debts the learner took",
    "cathedral": "value: the Cathedral level the learner reached",
    "discarded": "value: a building card the learner discarded",
    "dismissed": "value: the card id of an apprentice the learner discarded",
    "drew": "value: how many building cards the learner drew",
    "kept": "value: the building the learner kept from the draft",
    "offer": "about: (index of the state, action); value: the action's preview at that state",
    "workers": "about: (player, location); value: that player's workers there at the start",
    "tax_stand": "value: the Silver on the Tax Stand at the start",
    "vp": "about: a building; value: its printed VP",
    "needs": "about: a building; value: the skills it needs (sorted)",
    "skills": "about: an apprentice's card id; value: its skills (sorted)",
    "score": "value: (projected total at the start, projected total now) for the learner",
    "breakdown": "value: the learner's projected ScoreBreakdown now, as a dict",
    "best": "value: the best figure of the lesson's measure any way of playing the turn reaches",
    "line": "value: a line of play (actions) from the start that reaches `best`",
    "reset": "value: how many Black Market resets the choices triggered",
    "to_prison": "about: a player; value: that player's workers sent to Prison by the reset",
    "reset_virtue": "about: a player; value: Virtue that player lost at the reset",
    "reset_debts": "about: a player; value: Debts that player took at the reset",
    "in_prison": "about: a player; value: that player's workers in Prison now",
    "scheme": "value: the location of the solo opponent's Scheme card after the learner's turn",
}


class Attempt(_base.Attempt):
    """One try at a lesson: the states so far and the judge's last verdict."""

    @property
    def me(self):
        return self.state.players[YOU]

    def gained(self, resource: str) -> int:
        """How much of `resource` (or silver/virtue) the learner has more than at the start."""
        return _amount(self.me, resource) - _amount(self.start_state.players[YOU], resource)


class Lesson(_base.Lesson):
    """An Architects lesson (`widgets.tutorial.lessons.Lesson`): the learner's turn
    ends with the game, another player's decision, or the start of a new turn."""

    attempt_class = Attempt

    def turn_over(self, attempt: Any) -> bool:
        s = attempt.state
        return (s.is_over or s.current_player != YOU
                or any(e.kind == "turn" for st in attempt.states[1:] for e in st.events))

    def unfinished(self, attempt: Any) -> Verdict:
        say = _Say(attempt)
        return say.verdict(WRONG, f"{say.happened()} Your turn ended before the task was done. {self.task}")


def _amount(p, what: str) -> int:
    if what in ("silver", "virtue", "debts_unpaid", "debts_paid", "cathedral_level", "in_prison",
                "workers_in_supply"):
        return getattr(p, what)
    return p.resources[what]


# --------------------------------------------------------------------------- what the choices did

@dataclass(frozen=True)
class Did:
    """What the learner's choices did, read from the events the rules recorded
    for the learner (`Did.of(attempt)`). Items are GOODS and "virtue"."""
    place: str | None = None
    gained: Mapping[str, int] = field(default_factory=dict)
    paid: Mapping[str, int] = field(default_factory=dict)   # Virtue: lost
    tax: int = 0                                            # of the Silver paid, Tax
    constructed: tuple[str, ...] = ()
    hired: tuple[int, ...] = ()
    captured: tuple[tuple[int, int, str], ...] = ()         # (owner, count, location)
    freed: int = 0
    imprisoned: int = 0
    debts: int = 0
    cathedral: int | None = None
    discarded: tuple[str, ...] = ()
    dismissed: tuple[int, ...] = ()
    drew: int = 0
    kept: tuple[str, ...] = ()
    resets: int = 0

    @classmethod
    def of(cls, a: Attempt) -> Did:
        gained: dict[str, int] = {}
        paid: dict[str, int] = {}
        f: dict = dict(constructed=[], hired=[], captured=[], discarded=[], dismissed=[], kept=[])
        place, tax, freed, imprisoned, debts, cathedral, drew, resets = None, 0, 0, 0, 0, None, 0, 0

        def add(into, items):
            for k, v in items.items():
                if v:
                    into[k] = into.get(k, 0) + v

        for e in a.events():
            d = e.data
            if e.kind == "reset":
                resets += 1
            if e.player != YOU:
                continue
            k = e.kind
            if k == "placed" and place is None:
                place = d["location"]
            elif k == "gained":
                add(gained, d["items"])
            elif k == "stole_tax":
                add(gained, {"silver": d["silver"]})
            elif k == "hired":
                f["hired"].append(d["card"])
                add(gained, {"silver": d["silver_on_card"]})
            elif k == "paid":
                add(paid, {"silver": d["silver"]})
                tax += d["tax"]
            elif k == "skipped":  # Silver laid on the apprentices skipped at the Workshop
                add(paid, {"silver": d["count"]})
            elif k == "paid_resources":
                add(paid, d["items"])
            elif k == "traded":
                add(paid, d["pay"])  # what the trade gives is its own "gained" or "virtue" event
            elif k == "virtue":
                add(gained if d["delta"] > 0 else paid, {"virtue": abs(d["delta"])})
            elif k == "constructed":
                f["constructed"].append(d["building"])
            elif k == "captured":
                f["captured"].append((d["owner"], d["count"], d["location"]))
            elif k == "released" and d["source"] != "prison":
                freed += d["count"]
            elif k == "sent_to_prison":
                imprisoned += d["count"]
            elif k == "debt_taken":
                debts += d["count"]
            elif k == "cathedral":
                cathedral = d["level"]
            elif k == "discarded":
                f["discarded"].append(d["card"])
            elif k == "apprentice_discarded":
                f["dismissed"].append(d["card"])
            elif k == "drew":
                drew += d["count"]
            elif k == "drafted":
                f["kept"].append(d["card"])
        return cls(place, gained, paid, tax, freed=freed, imprisoned=imprisoned, debts=debts,
                   cathedral=cathedral, drew=drew, resets=resets, **{k: tuple(v) for k, v in f.items()})


def _name(item: str) -> str:
    return "Virtue" if item == "virtue" else item.capitalize()


def _amount_words(item: str, n: int) -> str:
    return f"{n} {_name(item)}" if n else f"no {_name(item)}"


def _and(parts: Sequence[str]) -> str:
    parts = [p for p in parts if p]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _skill_words(skills) -> str:
    return ", ".join(s.capitalize() for s in sorted(skills)) or "no skill"


def _who(player: int, owner_name: str = RIVAL) -> str:
    return "you" if player == YOU else owner_name


class _Say:
    """Makes a verdict's words from data: every method that states a fact about
    the learner's choices (or another choice's preview, a card's figures)
    records it as a `Claim` and returns the words for it."""

    def __init__(self, a: Attempt):
        self.a = a
        self.did = Did.of(a)
        self.claims: list[Claim] = []

    def claim(self, what: str, about, value, words: str) -> str:
        if what not in CLAIM_KINDS:
            raise ValueError(f"unknown claim kind {what!r}")
        self.claims.append(Claim(what, about, value, words))
        return words

    def verdict(self, status: str, text: str) -> Verdict:
        text = " ".join(text.split())
        if text.startswith(("Right: At ", "Right: You ")):  # the sentence goes on after "Right:"
            text = "Right: " + text[7].lower() + text[8:]
        return Verdict(status, text, tuple(self.claims))

    # ---- the learner's choices
    def place(self) -> str:
        """'the Black Market's right space'"""
        return self.claim("place", None, self.did.place, _words.loc(self.did.place))

    def gained(self, item: str) -> str:
        n = self.did.gained.get(item, 0)
        return self.claim("gained", item, n, _amount_words(item, n))

    def paid(self, item: str) -> str:
        n = self.did.paid.get(item, 0)
        return self.claim("paid", item, n, _amount_words(item, n))

    def had(self, item: str) -> str:
        n = _amount(self.a.start_state.players[YOU], item)
        return self.claim("had", item, n, _amount_words(item, n))

    def now(self, item: str) -> str:
        n = _amount(self.a.me, item)
        return self.claim("now", item, n, _amount_words(item, n))

    def _doings(self) -> list[str]:
        d = self.did
        out = []
        if d.paid.get("silver"):
            tax = f" ({self.claim('tax', None, d.tax, f'{d.tax} of it Tax')})" if d.tax else ""
            out.append(f"paid {self.paid('silver')}{tax}")
        resources = [i for i in GOODS if i != "silver" and d.paid.get(i)]
        if resources:
            out.append("paid " + ", ".join(self.paid(i) for i in resources))
        if d.paid.get("virtue"):
            out.append("lost " + self.paid("virtue"))
        if d.debts:
            out.append("took " + self.claim("debts", None, d.debts, _words.plural(d.debts, "Debt")))
        for card in d.dismissed:
            out.append("discarded the " + self.claim("dismissed", None, card, _words.apprentice(card)))
        for name in d.discarded:
            out.append("discarded the " + self.claim("discarded", None, name, name))
        for name in d.kept:
            out.append("kept the " + self.claim("kept", None, name, name))
        for name in d.constructed:
            out.append("constructed the " + self.claim("constructed", None, name, name))
        if d.cathedral is not None:
            out.append("advanced work on the Cathedral to level "
                       + self.claim("cathedral", None, d.cathedral, str(d.cathedral)))
        for card in d.hired:
            out.append("hired the " + self.claim("hired", None, card, _words.apprentice(card)))
        for owner, n, loc in d.captured:
            group = (_words.plural(n, "of your own workers", "of your own workers") if owner == YOU
                     else f"{self.a.start_state.players[owner].name}'s {_words.plural(n, 'worker')}")
            out.append("captured " + self.claim("captured", None, (owner, n, loc),
                                                 f"{group} at {_words.loc(loc)}"))
        if d.freed:
            out.append("got " + self.claim("freed", None, d.freed, _words.plural(d.freed, "worker"))
                       + " back from other players' boards")
        if d.imprisoned:
            out.append("sent " + self.claim("imprisoned", None, d.imprisoned,
                                            _words.plural(d.imprisoned, "captured worker"))
                       + " to Prison")
        if d.drew:
            out.append("drew " + self.claim("drew", None, d.drew, _words.plural(d.drew, "building card")))
        gains = [i for i in ITEMS if d.gained.get(i)]
        if gains:
            out.append("gained " + ", ".join(self.gained(i) for i in gains))
        return out

    def happened(self) -> str:
        """What the learner's choices did, in one sentence made from their events:
        'At the Black Market's right space you paid 3 Silver, lost 1 Virtue and
        gained 1 Wood, 1 Stone, 2 Marble.'"""
        doings = self._doings()
        if self.did.place is None:
            return f"You {_and(doings)}." if doings else "You have made no move yet."
        where = self.place()
        if doings:
            return f"At {where} you {_and(doings)}."
        i = next((i for i, x in enumerate(self.a.actions) if x.kind == "place"), None)
        if i is not None and not self.a.turn_over and i == len(self.a.actions) - 1:
            offers = self.offer(i, self.a.actions[i], "all")
            return f"You placed a worker at {where}" + (f" ({offers})." if offers else ".")
        return f"You placed a worker at {where}."

    # ---- other choices, cards, the board
    def offer(self, index: int, action: Action, part: str = "gain") -> str:
        """What `action` (a choice at `self.a.states[index]`) gives by the rules'
        preview: part "gain" ('3 Stone', '5 Clay or 2 Gold'), "cost" or "all"
        (as the button says: 'pay 1 Silver, lose 1 Virtue; gain 1 Wood, 1 Gold')."""
        pv = self.a.states[index].preview(action)
        if pv is None:
            return ""
        if part == "all":
            words = _stated(pv)
        elif part == "cost":
            words = _words.items(dict(pv.cost))
        else:
            options = [dict(pv.gain)] if pv.gain else []
            for then in pv.then:
                if then[0] == "or":
                    options += [dict(o.gain) for o in then[1]]
            words = " or ".join(_words.items(o) for o in options) or "nothing"
        return self.claim("offer", (index, action), pv, words)

    def workers(self, player: int, location: str) -> str:
        n = self.a.start_state.workers_at(location).get(player, 0)
        return self.claim("workers", (player, location), n, str(n))

    def tax_stand(self) -> str:
        n = archwk.table(self.a.start_state).tax
        return self.claim("tax_stand", None, n, f"{n} Silver")

    def vp(self, building: str) -> str:
        n = cards.building(building).vp
        return self.claim("vp", building, n, f"{n} VP")

    def needs(self, building: str) -> str:
        skills = tuple(sorted(cards.building(building).skills))
        return self.claim("needs", building, skills, _skill_words(skills))

    def skills(self, card_id: int) -> str:
        skills = tuple(sorted(cards.APPRENTICES[card_id - 1].skills))
        return self.claim("skills", card_id, skills, _skill_words(skills))

    def score(self) -> str:
        """'0 to 2 VP'"""
        before = archwk.final_scores(self.a.start_state)[YOU].total
        after = archwk.final_scores(self.a.state)[YOU].total
        return self.claim("score", None, (before, after), f"{before} to {after} VP")

    def breakdown(self) -> str:
        sc = archwk.final_scores(self.a.state)[YOU]
        words = (f"buildings {sc.buildings}, Cathedral {sc.cathedral}, Virtue {sc.virtue:+d}, "
                 f"Debts {sc.debts:+d}, Gold and Marble {sc.gold_marble}, Silver {sc.silver}, "
                 f"Prison {sc.prison:+d}")
        return self.claim("breakdown", None, sc.as_dict(), words)

    def best(self, unit: str = "") -> str:
        n = _best(self.a.lesson.key)[0]
        return self.claim("best", None, n, f"{n}{unit}")

    def line(self) -> str:
        line = _best(self.a.lesson.key)[1]
        words = ", then ".join(str(x)[:1].lower() + str(x)[1:] for x in line)
        return self.claim("line", None, line, words)

    def reset(self) -> str:
        """The reset's consequences, from its events: 'Rival's 2 workers and your 1 went to Prison; ...'"""
        to_prison: dict[int, int] = {}
        virtue: dict[int, int] = {}
        debts: dict[int, int] = {}
        for e in self.a.events():
            cause = str(e.data.get("cause", ""))
            if e.kind == "to_prison" and "reset" in cause:
                to_prison[e.player] = to_prison.get(e.player, 0) + e.data["count"]
            elif e.kind == "virtue" and "reset" in cause and e.data["delta"] < 0:
                virtue[e.player] = virtue.get(e.player, 0) - e.data["delta"]
            elif e.kind == "debt_taken" and "reset" in cause:
                debts[e.player] = debts.get(e.player, 0) + e.data["count"]
        names = {i: ("your" if i == YOU else p.name + "'s") for i, p in enumerate(self.a.state.players)}
        went = _and([self.claim("to_prison", i, n, f"{names[i]} {_words.plural(n, 'worker')}")
                     for i, n in sorted(to_prison.items(), key=lambda x: x[0] == YOU)])
        out = [f"{went} went to Prison"] if went else []
        for i, n in virtue.items():
            who = "you" if i == YOU else self.a.state.players[i].name
            out.append(f"{who} lost " + self.claim("reset_virtue", i, n, f"{n} Virtue")
                       + " (3 or more workers in Prison)")
        for i, n in debts.items():
            who = "you" if i == YOU else self.a.state.players[i].name
            out.append(f"{who} took " + self.claim("reset_debts", i, n, _words.plural(n, "Debt"))
                       + " (the most workers in Prison)")
        return "; ".join(out)

    def in_prison(self, player: int) -> str:
        n = self.a.state.players[player].in_prison
        return self.claim("in_prison", player, n, str(n))

    def scheme(self) -> str:
        locs = [e.data["location"] for e in self.a.events() if e.kind == "scheme"]
        if not locs:
            return ""
        return self.claim("scheme", None, locs[-1], f"a worker to {_words.loc(locs[-1])}")


# --------------------------------------------------------------------------- the best a turn can do

def _finishes(state: GameState, limit: int = 20000) -> list[tuple[tuple[GameState, ...], tuple[Action, ...]]]:
    """Every way to finish the learner's turn from `state`: (the states after
    each choice, the choices). RuntimeError past `limit` positions."""
    out = []
    seen = 0

    def walk(s, states, line):
        nonlocal seen
        seen += 1
        if seen > limit:
            raise RuntimeError("too many ways to finish this turn to compare them all")
        if line and (s.is_over or s.current_player != YOU or any(e.kind == "turn" for e in s.events)):
            out.append((states, line))
            return
        for act in s.legal_actions():
            n = s.apply(act)
            walk(n, states + (n,), line + (act,))

    walk(state, (), ())
    return out


def _goods_gained(start: GameState, states) -> int:
    me, end = start.players[YOU], states[-1].players[YOU]
    return sum(max(0, _amount(end, i) - _amount(me, i)) for i in GOODS)


def _vp_constructed(start: GameState, states) -> int:
    return sum(e.data["vp"] for s in states for e in s.events if e.kind == "constructed" and e.player == YOU)


#: the measure of the lessons whose task is "as much as you can": start, states -> figure
MEASURES: dict[str, Callable] = {
    "aim": lambda start, states: archwk.final_scores(states[-1])[YOU].total,
    "placing": _goods_gained,
    "tax_stand": lambda start, states: states[-1].players[YOU].silver - start.players[YOU].silver,
    "guildhall": _vp_constructed,
    "constructing": _vp_constructed,
    "end": lambda start, states: archwk.final_scores(states[-1])[YOU].total,
}


@functools.cache
def _best(key: str) -> tuple[int, tuple[Action, ...]]:
    """The best figure of lesson `key`'s measure over every way to play its turn, and
    the first line of play (in the order of the legal actions) reaching it."""
    start = BY_KEY[key].setup()
    measure = MEASURES[key]
    best: tuple[int, tuple[Action, ...]] | None = None
    for states, line in _finishes(start):
        m = measure(start, states)
        if best is None or m > best[0]:
            best = (m, line)
    assert best is not None
    return best


def _measure(a: Attempt) -> int:
    return MEASURES[a.lesson.key](a.start_state, a.states[1:])


# --------------------------------------------------------------------------- positions

@functools.cache
def opening(seed: int = 3, names: tuple[str, ...] = (LEARNER, RIVAL),
            options: archwk.Options | None = None) -> GameState:
    """The first placement decision of a game in which the learner (player 0) starts;
    the building draft is made by keeping the first card each time. The seed is
    the first from `seed` on that lets You start (seed 3 does today)."""
    for sd in range(seed, seed + 100):
        s = archwk.new_game(list(names), seed=sd, options=options)
        while s.decision != "place":
            s = s.apply(s.legal_actions()[0])
        if s.current_player == YOU:
            return s
    raise ValueError(f"no seed from {seed} lets {names[0]} start")


def position(*, seed: int = 3, names=(LEARNER, RIVAL), options=None, board=None,
             you=None, rival=None) -> GameState:
    """An opening, edited: `board` (workers_at / tax), then `you` and `rival`
    (player fields of `GameState.edit`)."""
    s = opening(seed, tuple(names), options)
    if board:
        s = s.edit(**board)
    if you:
        s = s.edit(player=YOU, **you)
    if rival:
        s = s.edit(player=1, **rival)
    return s


def _first(state: GameState, **fields) -> Action:
    """The first legal action at `state` with these fields."""
    return find_action(state, fields)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# --------------------------------------------------------------------------- 1. Aim of the Game

def _aim_setup():
    return position(you=dict(resources={"wood": 2, "stone": 2}, hand=["Well", "Keep", "University"]))


def _aim_judge(a: Attempt) -> Verdict:
    s = _Say(a)
    d = s.did
    if d.place == "guildhall" and not d.constructed and d.cathedral is None and not a.turn_over:
        return s.verdict(CONTINUE, f"Good: {s.place()} is where you construct. Now choose what to construct.")
    if _measure(a) >= _best(a.lesson.key)[0]:
        built = d.constructed[0] if d.constructed else None
        worth = f" The {built} is worth {s.vp(built)} at the end of the game." if built else ""
        return s.verdict(RIGHT, f"Right: {s.happened()}{worth} Your projected score went from {s.score()}. "
                                "Buildings and the Cathedral are where most points come from; Virtue, Debts, "
                                "Gold, Marble, Silver and Prison adjust the total at the end.")
    return s.verdict(WRONG, f"{s.happened()} Your projected score went from {s.score()}. The most this turn "
                            f"was {s.best(' VP')}: {s.line()}. Points come mostly from constructing buildings "
                            "and working on the Cathedral, and both happen in the Guildhall.")


# --------------------------------------------------------------------------- 2. Setup

@functools.cache
def _setup_setup():
    """The building draft of the first seed from 8 where You choose first and
    exactly one of the four cards needs no apprentice skills (the Mason's Hut
    with seed 8 today)."""
    for seed in range(8, 300):
        s = archwk.new_game([LEARNER, RIVAL], seed=seed)
        if s.current_player != YOU:
            continue
        offered = [a.card for a in s.legal_actions() if a.kind == "keep"]
        if sum(1 for c in offered if not cards.building(c).skills) == 1:
            return s
    raise ValueError("no draft offers exactly one skill-free building")


def _no_skill_keep(state):
    for a in state.legal_actions():
        if a.kind == "keep" and not cards.building(a.card).skills:
            return a
    raise ValueError("no skill-free building in the draft")


def _skill_keep(state):
    for a in state.legal_actions():
        if a.kind == "keep" and cards.building(a.card).skills:
            return a
    raise ValueError("no building with skills in the draft")


def _setup_judge(a: Attempt) -> Verdict:
    s = _Say(a)
    kept = s.did.kept[0]
    offered = [x.card for x in a.start_state.legal_actions() if x.kind == "keep"]
    if not cards.building(kept).skills:
        others = "; ".join(f"the {c} {s.needs(c)}" for c in offered if c != kept)
        return s.verdict(RIGHT, f"Right: {s.happened()} It needs {s.needs(kept)}, so you can construct it as "
                                "soon as you have its resources. The others need apprentices with those skills "
                                f"first: {others}. The three cards you pass go to the next player; the draft "
                                "repeats until everyone holds 3 cards.")
    free = [c for c in offered if not cards.building(c).skills]
    other = f" The {free[0]} needs {s.needs(free[0])}." if free else ""
    return s.verdict(WRONG, f"{s.happened()} The {kept} needs {s.needs(kept)}: you could construct it only after "
                            f"hiring apprentices with those skills at the Workshop.{other} Look for the card "
                            "without skill symbols.")


# --------------------------------------------------------------------------- 3. Placing Workers

def _placing_setup():
    # no Tax to steal and too little Silver for the Black Market's right space: the
    # Quarry is where this worker gains the most
    return position(board=dict(tax=0, workers_at={"forest": {1: 4}, "quarry": {YOU: 2}}), you=dict(silver=2))


def _placing_judge(a: Attempt) -> Verdict:
    s = _Say(a)
    loc = s.did.place
    quarry = _first(a.start_state, kind="place", location="quarry")
    if _measure(a) >= _best(a.lesson.key)[0]:
        return s.verdict(RIGHT, f"Right: {s.happened()} That is 1 per worker of yours there, the new one "
                                f"included: you already had {s.workers(YOU, 'quarry')} there. Going back to the "
                                "same place again and again pays more each time.")
    if loc == "forest":
        return s.verdict(WRONG, f"{s.happened()} Rival's {s.workers(1, 'forest')} workers there do nothing for "
                                "you: only your own workers count. At the Quarry, where you have "
                                f"{s.workers(YOU, 'quarry')}, this worker would have gained {s.offer(0, quarry)}.")
    return s.verdict(WRONG, f"{s.happened()} At the Quarry, where you have {s.workers(YOU, 'quarry')} workers, "
                            f"this worker would have gained {s.offer(0, quarry)}: the more of your own workers at "
                            "a place, the more it gives.")


# --------------------------------------------------------------------------- 4. Gathering

def _gather_setup():
    return position(board=dict(workers_at={"mines": {YOU: 3}}),
                    you=dict(resources={"wood": 2}, hand=["Steeple", "Keep", "University"]))


def _gather_judge(a: Attempt) -> Verdict:
    s = _Say(a)
    loc = s.did.place
    if loc == "mines" and len(a.actions) < 2:
        return s.verdict(CONTINUE, f"Good: {s.place()}. Now choose Clay or Gold (you cannot split).")
    if s.did.gained.get("gold", 0) >= 2:
        return s.verdict(RIGHT, f"Right: {s.happened()} With your {s.workers(YOU, 'mines')} workers there and the "
                                "new one, the Mines give 1 Gold per 2 workers, or 1 + 1 Clay per worker "
                                f"({s.offer(1, _first(a.states[1], kind='mine', option='clay'))}). That pays for "
                                "the Steeple's 2 Gold.")
    mines = _first(a.start_state, kind="place", location="mines")
    if loc == "mines":
        gold = _first(a.states[1], kind="mine", option="gold")
        return s.verdict(WRONG, f"{s.happened()} The Mines give Clay (1 + 1 per worker) OR Gold (1 per 2 "
                                f"workers), never both: the other choice was {s.offer(1, gold)}, what the "
                                "Steeple needs.")
    return s.verdict(WRONG, f"{s.happened()} That is {s.gained('gold')}, and the Steeple needs 2 Gold. Gold comes "
                            f"from the Mines (or the Black Market): your {s.workers(YOU, 'mines')} workers there "
                            f"make a fourth one worth {s.offer(0, mines)}.")


# --------------------------------------------------------------------------- 5. King's Storehouse

def _storehouse_setup():
    return position(you=dict(resources={"clay": 2, "wood": 2, "stone": 2}, hand=["Fountain", "Keep", "University"]))


def _marble_trade(state):
    for a in state.legal_actions():
        if a.kind == "trade" and a.card is None and len(a.option) == 3:
            return a
    raise ValueError("no marble trade")


_MARBLE_TRADE = "At the King's Storehouse 3 Wood or Stone (any mix) trade for 1 Marble"


def _storehouse_judge(a: Attempt) -> Verdict:
    s = _Say(a)
    loc = s.did.place
    traded = [e for e in a.events() if e.kind == "traded" and e.player == YOU]
    if loc != "storehouse":
        got = s.gained("marble")
        if s.did.gained.get("marble"):
            return s.verdict(WRONG, f"{s.happened()} That is {got}, but bought, not traded: this lesson is about "
                                    f"trading. {_MARBLE_TRADE}.")
        return s.verdict(WRONG, f"{s.happened()} That gave you {got}. {_MARBLE_TRADE}.")
    if not traded and not a.turn_over and len(a.actions) < 2:
        return s.verdict(CONTINUE, f"Good: {s.place()}. Your worker there gives {s.offer(0, a.actions[0], 'all')}. "
                                   "Choose it.")
    if any("marble" in e.data["gain"] for e in traded):
        return s.verdict(RIGHT, f"Right: {s.happened()} 3 Wood or Stone buy 1 Marble. The other trade, any 2 of "
                                "Clay, Wood and Stone for 1 Virtue, is worth remembering too. Each of your "
                                "workers there gives one trade, and you may repeat the same one.")
    if traded:
        return s.verdict(WRONG, f"{s.happened()} That trade bought Virtue: 2 resources (Clay, Wood or Stone) give "
                                "1 Virtue, while 3 Wood or Stone give 1 Marble. Clay never buys Marble.")
    return s.verdict(WRONG, f"{s.happened()} You stopped without trading. Trade 3 Wood or Stone for 1 Marble.")


# --------------------------------------------------------------------------- 6. Workshop

def _workshop_setup():
    # silver 4 pays one hire from column 1 and nothing to skip further
    return position(you=dict(silver=4, resources={"wood": 3, "stone": 2, "gold": 1},
                             hand=["Tavern", "Keep", "University"]))


def _hired(state, action) -> int:
    """The apprentice a hire action takes: the card in that display space (archwk.games.architects.table)."""
    return archwk.table(state).display[action.target].apprentice


def _skills(card_id: int) -> frozenset[str]:
    return cards.APPRENTICES[card_id - 1].skills


def _carpentry_hire(state):
    for a in state.legal_actions():
        if a.kind == "hire" and "carpentry" in _skills(_hired(state, a)):
            return a
    raise ValueError("no Carpentry apprentice within reach")


def _other_hire(state):
    for a in state.legal_actions():
        if a.kind == "hire" and "carpentry" not in _skills(_hired(state, a)):
            return a
    raise ValueError("no other apprentice within reach")


def _workshop_judge(a: Attempt) -> Verdict:
    s = _Say(a)
    loc = s.did.place
    d = s.did
    if d.hired:
        card = d.hired[-1]
        if "carpentry" in _skills(card):
            return s.verdict(RIGHT, f"Right: {s.happened()} The {_words.apprentice(card)} has {s.skills(card)}, "
                                    f"and the Tavern needs {s.needs('Tavern')}: you have its skill now. An "
                                    "apprentice's skill is never used up, and you may hold up to 5 apprentices.")
        return s.verdict(WRONG, f"{s.happened()} The {_words.apprentice(card)} has {s.skills(card)}, not Carpentry "
                                "(the hammer). Look at the skills of the apprentices you can reach.")
    if loc in ("workshop", "black_market_b") and not a.turn_over and len(a.actions) < 2:
        if loc == "workshop":
            return s.verdict(CONTINUE, f"Good: {s.place()}. Your worker there may "
                                       f"{s.offer(0, a.actions[0], 'all')}; to reach further you lay 1 Silver on "
                                       "each card you skip. Choose the apprentice.")
        return s.verdict(CONTINUE, f"{s.happened()} Good: the middle space hires any face-up apprentice for free. "
                                   "Choose one with Carpentry.")
    if d.drew or d.kept:
        return s.verdict(WRONG, f"{s.happened()} You took building cards instead of an apprentice; the Tavern needs "
                                "an apprentice with Carpentry.")
    if loc in ("workshop", "black_market_b"):
        return s.verdict(WRONG, f"{s.happened()} You hired no apprentice; the Tavern needs one with Carpentry.")
    return s.verdict(WRONG, f"{s.happened()} Apprentices are hired at the Workshop (or the Black Market's middle "
                            "space).")


# --------------------------------------------------------------------------- 7. Town Centre

def _town_setup():
    return position(board=dict(workers_at={"forest": {1: 3}, "quarry": {1: 1, YOU: 1}, "mines": {1: 2}}),
                    you=dict(silver=6))


def _largest_group(state: GameState, owner: int) -> tuple[int, str]:
    """(size, location) of `owner`'s largest group at the start (first in board order)."""
    return max(((state.workers_at(loc).get(owner, 0), loc) for loc in archwk.LOCATIONS),
               key=lambda x: x[0])


def _town_judge(a: Attempt) -> Verdict:
    s = _Say(a)
    loc = s.did.place
    n, where = _largest_group(a.start_state, 1)

    def largest() -> str:
        return f"{s.workers(1, where)} workers at {_words.loc(where)}"
    if loc != "town_centre":
        return s.verdict(WRONG, f"{s.happened()} Captures happen at the Town Centre.")
    if not s.did.captured and not a.turn_over and len(a.actions) < 2:
        return s.verdict(CONTINUE, f"Good: at {s.place()} your worker gives {s.offer(0, a.actions[0], 'all')}, "
                                   "for 1 Silver (that first Silver is Tax). Now choose the group.")
    caught = [c for c in s.did.captured if c[0] == 1]
    if caught and caught[0][1] >= n:
        return s.verdict(RIGHT, f"Right: {s.happened()} They were Rival's largest group. Captured workers sit on "
                                "your board until you send them to Prison at the Guardhouse (1 Silver each); "
                                "Rival can free them there.")
    if caught:
        return s.verdict(WRONG, f"{s.happened()} A capture takes one whole group of one colour from one place, so "
                                f"take the largest: Rival's {largest()}.")
    if s.did.captured:
        return s.verdict(WRONG, f"{s.happened()} Capturing your own worker only returns it to your supply. "
                                f"Rival's largest group is its {largest()}.")
    return s.verdict(WRONG, f"{s.happened()} You stopped without capturing. Capture Rival's largest group: its "
                            f"{largest()}.")


# --------------------------------------------------------------------------- 8. Tax Stand

def _tax_setup():
    return position(board=dict(tax=7, workers_at={"silversmith": {YOU: 1}}),
                    you=dict(silver=2, debts_unpaid=1))


def _tax_judge(a: Attempt) -> Verdict:
    s = _Say(a)
    loc = s.did.place
    if _measure(a) >= _best(a.lesson.key)[0]:
        return s.verdict(RIGHT, f"Right: {s.happened()} That was all the Silver above the Tax Stand, and you are now "
                                f"at {s.now('virtue')}. The Tax in it comes from everyone's payments; you cannot go "
                                "there when it is empty.")
    if loc == "silversmith":
        return s.verdict(WRONG, f"{s.happened()} The Silversmith gives 1 + 1 Silver per worker of yours there. The "
                                f"Tax Stand held {s.tax_stand()}, at a price of 2 Virtue.")
    return s.verdict(WRONG, f"{s.happened()} The Tax Stand held {s.tax_stand()} of Tax: a worker there takes it "
                            "all, at a price of 2 Virtue.")


# --------------------------------------------------------------------------- 9. Black Market

def _market_setup():
    return position(you=dict(silver=5, hand=["Fountain", "Keep", "University"]))


def _marble_space(state):
    """The Black Market space whose goods include Marble (from the action's preview)."""
    for a in state.legal_actions():
        if a.kind == "place" and a.location.startswith("black_market"):
            pv = state.preview(a)
            if pv is not None and dict(pv.gain).get("marble"):
                return a
    raise ValueError("no Black Market space offers Marble")


def _market_judge(a: Attempt) -> Verdict:
    s = _Say(a)
    loc = s.did.place or ""
    space = _marble_space(a.start_state)

    def offered() -> str:
        return f"{_words.loc(space.location)} offered {s.offer(0, space)}"
    if loc.startswith("black_market") and s.did.gained.get("marble"):
        return s.verdict(RIGHT, f"Right: {s.happened()} Each Black Market space takes one worker until the next "
                                "reset, costs 1 Virtue, and is closed to anyone with 10 or more Virtue.")
    if loc == "black_market_b":
        return s.verdict(WRONG, f"{s.happened()} That gave you {s.gained('marble')}: the middle space hires an "
                                f"apprentice or shows building cards, it sells no goods. {_cap(offered())}.")
    if loc.startswith("black_market"):
        return s.verdict(WRONG, f"{s.happened()} That is {s.gained('marble')}: {offered()}. Read the goods under each "
                                "Black Market space.")
    return s.verdict(WRONG, f"{s.happened()} That gave you {s.gained('marble')}. Marble is sold at the Black Market: "
                            f"{offered()}, for Silver and 1 Virtue.")


# --------------------------------------------------------------------------- 10. Guardhouse

def _guard_setup():
    return position(you=dict(silver=6), rival=dict(captured={YOU: 3}))


def _guard_judge(a: Attempt) -> Verdict:
    s = _Say(a)
    d = s.did
    if d.place != "guardhouse":
        return s.verdict(WRONG, f"{s.happened()} Only the Guardhouse frees your workers from Rival's board.")
    if not d.freed and not a.turn_over and len(a.actions) < 2:
        return s.verdict(CONTINUE, f"Good: {s.place()}. Your worker there gives "
                                   f"{s.offer(0, a.actions[0], 'all')}. Choose it.")
    if d.freed and not d.debts:
        return s.verdict(RIGHT, f"Right: {s.happened()} The Guardhouse also sends workers you captured to Prison "
                                "(1 Silver each), releases your own from Prison, and pays off Debts (6 Silver).")
    if d.freed:
        pay = _first(a.states[1], kind="guard", option="release_silver")
        return s.verdict(WRONG, f"{s.happened()} That freed them, but an unpaid Debt costs 2 VP at the end. You "
                                f"could have paid instead: {s.offer(1, pay, 'all')}.")
    return s.verdict(WRONG, f"{s.happened()} That action does not free your workers from Rival's board.")


# --------------------------------------------------------------------------- 11. Guildhall

def _guild_setup():
    return position(you=dict(resources={"clay": 2, "wood": 2, "stone": 2}, hand=["Well", "Tiler's Hut", "Castle"]))


def _construct_judge(a: Attempt, right: str = "", wrong: str = "") -> Verdict:
    """The judge of the lessons "construct the building worth the most VP" (11 and 12):
    `right` and `wrong` end the verdicts RIGHT and WRONG after a construction."""
    s = _Say(a)
    d = s.did
    best_vp, line = _best(a.lesson.key)
    best = next(x.card for x in line if x.kind == "construct")
    if d.constructed and _measure(a) >= best_vp:
        return s.verdict(RIGHT, f"Right: {s.happened()} The {d.constructed[0]} is worth {s.vp(d.constructed[0])}, "
                                f"the most of the buildings you could construct. {right}")
    if d.constructed:
        return s.verdict(WRONG, f"{s.happened()} The {d.constructed[0]} is worth {s.vp(d.constructed[0])}; the "
                                f"{best}, which you could also construct, is worth {s.vp(best)}. {wrong}")
    if d.dismissed:
        return s.verdict(WRONG, f"{s.happened()} The {best} ({s.vp(best)}) needs {s.needs(best)}, and no apprentice "
                                "of yours has that skill now: you can construct a building only with apprentices "
                                "who have its skills.")
    if d.place == "guildhall" and not a.turn_over and not d.paid and d.cathedral is None:
        return s.verdict(CONTINUE, f"Good: your worker fills the next space of {s.place()} and stays there for the "
                                   "rest of the game. Now choose what to construct.")
    if d.place == "guildhall":
        return s.verdict(WRONG, f"{s.happened()} That is not a construction. The {best} is worth {s.vp(best)}.")
    return s.verdict(WRONG, f"{s.happened()} Buildings are constructed in the Guildhall.")


def _guild_judge(a: Attempt) -> Verdict:
    return _construct_judge(a, right="Every construction fills a Guildhall space; when the last space fills, the "
                                     "game ends.")


# --------------------------------------------------------------------------- 12. Constructing a Building

def _build_setup():
    return position(you=dict(resources={"wood": 3, "stone": 2, "gold": 1}, hand=["Tavern", "Well", "Keep"],
                             apprentices=["Woodcutter"]))


def _build_judge(a: Attempt) -> Verdict:
    return _construct_judge(
        a, right="The Tavern needs Carpentry, and your Woodcutter has it; the apprentice stays with you (skills "
                 "are never used up). The Tavern also lets you hire any face-up apprentice for free right away.",
        wrong="The Tavern needs Carpentry, which your Woodcutter provides, so you could construct it.")


# --------------------------------------------------------------------------- 13. The Cathedral

def _cathedral_setup():
    return position(you=dict(resources={"gold": 1, "wood": 2, "stone": 2}, hand=["Well", "Keep", "University"]))


_CATHEDRAL_RIGHT = ("Each level has its price, a building card to discard and a reward card. Levels are worth 2, "
                    "4, 7, 12 and 20 VP, and each has room for only a few markers: 3, 3, 2, 2 and 1, from level 1 "
                    "up.")


def _cathedral_judge(a: Attempt, right: str = _CATHEDRAL_RIGHT,
                     elsewhere: Callable[[_Say], str] = lambda s: "Work on the Cathedral is done from the "
                                                                  "Guildhall.") -> Verdict:
    """The judge of the lessons "advance work on the Cathedral" (13 and 18): `right`
    ends the RIGHT verdict, `elsewhere(say)` the verdict on a placement elsewhere."""
    s = _Say(a)
    d = s.did
    if d.cathedral is not None:
        return s.verdict(RIGHT, f"Right: {s.happened()} {right}")
    if d.place == "guildhall" and not a.turn_over and not d.constructed:
        if d.paid:  # the level is paid for: the building card to discard is next
            return s.verdict(CONTINUE, f"{s.happened()} Now discard a building card: work on the Cathedral costs "
                                       "one besides the level's price.")
        return s.verdict(CONTINUE, f"Good: {s.place()}. Now choose the Cathedral.")
    if d.place == "guildhall":
        return s.verdict(WRONG, f"{s.happened()} The Cathedral is the other choice in the Guildhall; its first "
                                "level costs 1 Gold.")
    return s.verdict(WRONG, f"{s.happened()} {elsewhere(s)}")


# --------------------------------------------------------------------------- 14. Virtue Track

def _virtue_setup():
    return position(you=dict(virtue=4, silver=3, resources={"gold": 1, "clay": 2, "wood": 1},
                             hand=["Keep", "University", "Castle"]))


_VIRTUE_TRADE = "The King's Storehouse trades 2 of Clay, Wood and Stone for 1 Virtue."


def _virtue_judge(a: Attempt) -> Verdict:
    s = _Say(a)
    d = s.did
    if a.me.virtue > a.start_state.players[YOU].virtue:
        return s.verdict(RIGHT, f"Right: {s.happened()} You are now at {s.now('virtue')}, so the Cathedral is open "
                                "to you again. At 4 or less you cannot work on it; at 3 or less you skip some Tax; "
                                "at 10 or more the Black Market closes. At the end, Virtue gains or loses VP.")
    if d.place == "storehouse" and not a.turn_over and len(a.actions) < 2:
        return s.verdict(CONTINUE, f"Good: {s.place()}. Choose the trade.")
    if d.paid.get("virtue"):
        return s.verdict(WRONG, f"{s.happened()} You are now at {s.now('virtue')}. {_VIRTUE_TRADE}")
    if d.place == "storehouse":
        return s.verdict(WRONG, f"{s.happened()} You stopped without trading: 2 of Clay, Wood or Stone buy 1 "
                                "Virtue.")
    return s.verdict(WRONG, f"{s.happened()} That gave you {s.gained('virtue')}. {_VIRTUE_TRADE}")


# --------------------------------------------------------------------------- 15. Black Market Reset

def _reset_setup():
    return position(board=dict(workers_at={"black_market_a": {1: 1}, "black_market_b": {1: 1}}),
                    you=dict(silver=5), rival=dict(in_prison=2))


def _reset_judge(a: Attempt) -> Verdict:
    s = _Say(a)
    if s.did.resets:
        return s.verdict(RIGHT, f"Right: {s.happened()} That filled the third Black Market space, so the Black "
                                f"Market reset: {s.reset()}. Rival now has {s.in_prison(1)} workers in Prison, you "
                                f"{s.in_prison(YOU)}. The Small Market card turned over onto the Large Market.")
    if not a.turn_over and (s.did.place or "").startswith("black_market"):
        return s.verdict(CONTINUE, f"{s.happened()} Finish the Black Market action.")
    return s.verdict(WRONG, f"{s.happened()} Placing at {s.place()} does not trigger a reset. A reset comes when "
                            "all 3 Black Market spaces hold a worker, or when a worker lands on the left-most space "
                            "of the Guildhall's third or fourth row.")


# --------------------------------------------------------------------------- 16. End of the game and scoring

#: skill-free buildings worth putting in the learner's hand for the last turn, best first
_LAST_TURN_BUILDINGS = ("Tiler's Hut", "Mason's Hut", "Carpenter's Hut", "Reservoir", "Well", "Lumber Camp",
                        "Clay Pit", "Smithy")


@functools.cache
def _final_turn_base() -> GameState:
    """You's last turn of a 2-player game between rule-of-thumb bots (so that the
    position looks like a real game: random bots take hundreds of turns): You
    filled the last Guildhall space and Rival has had its final turn. The
    first seed from 2 that gives such a game in at most 160 turns (a placement
    decision for You)."""
    for seed in range(2, 400):
        s = archwk.new_game([LEARNER, RIVAL], seed=seed)
        bots = [archwk.bots.make_bot("heuristic", seed), archwk.bots.make_bot("heuristic", seed + 1000)]
        while not s.is_over and s.turn_no <= 160:
            if archwk.table(s).final_turns == 1 and s.current_player == YOU and s.decision == "place":
                return s
            p = s.current_player
            assert p is not None  # the game is not over
            s = s.apply(bots[p].choose(s))
    raise ValueError("no game gave You the last turn")


@functools.cache
def _end_setup_cached() -> GameState:
    s = _final_turn_base()
    free = [b for b in _LAST_TURN_BUILDINGS if b in s.building_deck]
    build = free[0]
    cost = dict(cards.building(build).cost)
    resources = {r: cost.get(r, 0) for r in ("clay", "wood", "stone")}
    resources.update(gold=1 + cost.get("gold", 0), marble=1 + cost.get("marble", 0))
    s = s.edit(player=YOU, silver=9, virtue=7, debts_unpaid=1, debts_paid=0, resources=resources,
               hand=[build] + free[1:3], in_prison=0)
    return s.edit(player=1, silver=4, virtue=6, debts_unpaid=1)


def _end_setup():
    return _end_setup_cached()


def _end_best() -> tuple[int, tuple[Action, ...]]:
    """The best total You can reach on the last turn, and a line of play reaching it."""
    return _best("end")


def _end_solution(state: GameState) -> list[Action]:
    return list(_end_best()[1])


def _end_judge(a: Attempt) -> Verdict:
    s = _Say(a)
    if not a.turn_over:
        return s.verdict(CONTINUE, "Go on: finish your turn.")
    if _measure(a) >= _best(a.lesson.key)[0]:
        return s.verdict(RIGHT, f"Right: that was the best last move: your score went from {s.score()} "
                                f"({s.breakdown()}). A construction in the final round still counts, even with the "
                                "Guildhall full.")
    debt = "1 with your Fountain" if "Fountain" in a.me.buildings else "2"
    return s.verdict(WRONG, f"Your score went from {s.score()} ({s.breakdown()}). The best last move reached "
                            f"{s.best()}: {s.line()}. Buildings score their VP; Gold and Marble 1 each; Silver only "
                            f"per full 10; an unpaid Debt costs {debt}.")


# --------------------------------------------------------------------------- 17. Solo play

def _solo_setup():
    return position(names=(LEARNER,), board=dict(workers_at={"quarry": {1: 2}}), you=dict(captured={1: 4}))


def _solo_judge(a: Attempt) -> Verdict:
    s = _Say(a)
    d = s.did
    if d.imprisoned:
        scheme = s.scheme()
        after = f" After your turn the opponent revealed a Scheme card: {scheme}." if scheme else ""
        return s.verdict(RIGHT, f"Right: {s.happened()} The opponent loses 1 VP for every 2 of its workers in Prison "
                                f"at the end.{after}")
    if d.place == "guardhouse" and not a.turn_over and len(a.actions) < 2:
        return s.verdict(CONTINUE, f"Good: {s.place()}. Choose the action.")
    if d.place == "guardhouse":
        return s.verdict(WRONG, f"{s.happened()} That action does not send the captured workers to Prison.")
    return s.verdict(WRONG, f"{s.happened()} A worker at {s.place()} does not send prisoners away: captured "
                            "workers go to Prison from the Guardhouse.")


# --------------------------------------------------------------------------- 18. Variable setup

THERESE = archwk.Options(board_side=2, characters=("Therese", "Caroline"))


def _variable_setup():
    return position(options=THERESE, you=dict(resources={"marble": 1, "gold": 0}))


def _variable_judge(a: Attempt) -> Verdict:
    return _cathedral_judge(
        a, right="Therese pays Gold with Marble: she treats them as the same resource. On side 2 of the player "
                 "boards each character starts with its own Silver, Virtue, goods and prisoners, and the player "
                 "with the most Virtue starts.",
        elsewhere=lambda s: "You did not need Gold: Therese treats Marble and Gold as the same resource, and you "
                            f"held {s.had('marble')}. The Cathedral is reached from the Guildhall.")


# --------------------------------------------------------------------------- the list

P = lambda loc: {"kind": "place", "location": loc}  # noqa: E731

LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "aim", "The aim of the game", "Aim of the Game",
        "Each turn you place one worker on the board. The player with the most Victory Points (VP) at the "
        "end wins. Points come mostly from constructing buildings and working on the Cathedral; Virtue, "
        "Debts, Gold, Marble, Silver and Prison add or take away points at the end.\n\n"
        "The game ends once a set number of constructions have been made: every construction fills a "
        "space in the Guildhall.",
        "Score as many Victory Points as you can this turn.",
        _aim_setup, _aim_judge,
        solution=(P("guildhall"), {"kind": "construct", "card": "Well"}),
        mistake=(P("forest"),), mistake_says="The most this turn was 3 VP",
        hint="You hold the Well and exactly its cost: 2 Wood and 2 Stone."),
    Lesson(
        "setup", "Setting up: the building draft", "Setup",
        "Everyone starts with 20 workers, 7 Virtue and Silver by seat (3 for the first player, 4 for the "
        "second, and so on); 4 Silver lie above the Tax Stand.\n\n"
        "Each player is dealt 4 building cards, keeps 1 and passes the rest to the left, keeps 1 of the 3 "
        "received, and so on until everyone holds 3. Some buildings show skill symbols (Carpentry, Masonry, "
        "Tiling): you need apprentices with those skills before you can construct them.",
        "Keep a building you can construct without any apprentice (one with no skill symbols).",
        _setup_setup, _setup_judge,
        solution=(_no_skill_keep,), mistake=(_skill_keep,), mistake_says="hiring apprentices",
        hint="Each button lists what the card needs (\"needs Carpentry\"...); a button without \"needs\" "
             "is a building without skill symbols. The cards are drawn under the buttons."),
    Lesson(
        "placing", "Placing workers", "Placing Workers",
        "On your turn you place one worker from your board onto a location and take its action. The big "
        "circles take any number of workers, of any colour. What you gain counts only your own workers "
        "there, including the one just placed: the more often you go back, the more you gain.\n\n"
        "The Black Market spaces take one worker each; the Guildhall's spaces fill from left to right.",
        "Gain as many goods as you can with this worker: compare the Quarry, where you have 2 workers, with "
        "the Forest, where Rival has 4.",
        _placing_setup, _placing_judge,
        solution=(P("quarry"),), mistake=(P("forest"),), mistake_says="only your own workers count",
        hint="Opposing workers never change what you gain."),
    Lesson(
        "gathering", "Quarry, Forest, Mines and Silversmith", "Quarry, Forest, Mines and Silversmith",
        "These four gather: the Quarry gives 1 Stone per worker of yours there, the Forest 1 Wood per "
        "worker, the Silversmith 1 + 1 Silver per worker. The Mines give either Clay (1 + 1 per worker) or "
        "Gold (1 per 2 workers), never both, so your first worker there can only take Clay.",
        "You hold the Steeple, which costs 2 Wood and 2 Gold. Get the 2 Gold.",
        _gather_setup, _gather_judge,
        solution=(P("mines"), {"kind": "mine", "option": "gold"}),
        mistake=(P("mines"), {"kind": "mine", "option": "clay"}), mistake_says="OR Gold",
        hint="You already have 3 workers at the Mines."),
    Lesson(
        "storehouse", "The King's Storehouse", "King's Storehouse",
        "Each worker of yours at the King's Storehouse gives one trade: any 2 of Clay, Wood and Stone for "
        "1 Virtue, or any 3 of Wood and Stone for 1 Marble. You may repeat a trade. Some apprentices add "
        "trades of their own.",
        "You hold the Fountain, which needs 1 Marble. Trade for a Marble.",
        _storehouse_setup, _storehouse_judge,
        solution=(P("storehouse"), _marble_trade),
        mistake=(P("storehouse"), {"kind": "trade", "option": ("clay", "clay")}), mistake_says="bought Virtue"),
    Lesson(
        "workshop", "The Workshop", "Workshop",
        "At the Workshop you either hire 1 apprentice or work on building plans (draw building cards). "
        "Hiring costs 4 Silver, 2 of it Tax. With your first worker there you may hire only from the "
        "left-most column of either row; the second worker reaches the second column, and so on. To reach "
        "further you lay 1 Silver on each card you skip.",
        "You hold the Tavern, which needs the Carpentry skill. Hire an apprentice with Carpentry.",
        _workshop_setup, _workshop_judge,
        solution=(P("workshop"), _carpentry_hire), mistake=(P("workshop"), _other_hire),
        mistake_says="not Carpentry",
        hint="The apprentice buttons list each apprentice's skills."),
    Lesson(
        "town_centre", "The Town Centre: capturing", "Town Centre",
        "At the Town Centre you may capture, for each of your workers there, one group: all the workers of "
        "one colour at one large circle. Each capture costs 1 Silver (the first one is Tax). Captured "
        "workers go onto your board; later you can send them to Prison for 1 Silver each.",
        "Capture Rival's largest group.",
        _town_setup, _town_judge,
        solution=(P("town_centre"), {"kind": "capture", "location": "forest", "target": 1}),
        mistake=(P("town_centre"), {"kind": "capture", "location": "mines", "target": 1}),
        mistake_says="take the largest"),
    Lesson(
        "tax_stand", "The Tax Stand", "Tax Stand",
        "Tax paid by everyone collects above the Tax Stand. A worker there steals all of it, at the cost of "
        "2 Virtue. You cannot go there when it is empty.",
        "You owe a Debt and want 6 Silver to pay it off. Collect as much Silver as you can this turn.",
        _tax_setup, _tax_judge,
        solution=(P("tax_stand"),), mistake=(P("silversmith"),), mistake_says="The Tax Stand held 7"),
    Lesson(
        "black_market", "The Black Market", "Black Market",
        "The Black Market has 3 spaces, one worker each, until the next reset. The left space sells the "
        "goods on the Small Market card for 1 Silver; the middle one (2 Silver) hires any face-up apprentice "
        "or looks at 5 building cards and keeps 1; the right one sells the Large Market card's goods for "
        "3 Silver. Every Black Market action costs 1 Virtue, and with 10 or more Virtue you may not go there.",
        "You hold the Fountain, which needs Marble. Buy Marble at the Black Market.",
        _market_setup, _market_judge,
        solution=(_marble_space,), mistake=(P("black_market_b"),), mistake_says="no Marble"),
    Lesson(
        "guardhouse", "The Guardhouse", "Guardhouse",
        "Each worker of yours at the Guardhouse gives one action: send the workers you captured to Prison "
        "(1 Silver each); release your own workers from Prison; free your workers from other players' boards "
        "for 5 Silver (2 Tax) or for 1 Debt and 1 Virtue; or pay off a Debt for 6 Silver (3 Tax).",
        "Rival holds 3 of your workers on its board. Get them back without taking a Debt.",
        _guard_setup, _guard_judge,
        solution=(P("guardhouse"), {"kind": "guard", "option": "release_silver"}),
        mistake=(P("guardhouse"), {"kind": "guard", "option": "release_debt"}), mistake_says="took 1 Debt"),
    Lesson(
        "guildhall", "The Guildhall", "Guildhall",
        "A worker in the Guildhall constructs a building from your hand or works on the Cathedral. It fills "
        "the next free space, left to right and top to bottom, and stays there for the rest of the game. "
        "You may go there only when you can construct something. The left-most spaces of the last two rows "
        "trigger a Black Market reset; the last space ends the game.",
        "Construct the building that scores the most VP among those you can pay for.",
        _guild_setup, _guild_judge,
        solution=(P("guildhall"), {"kind": "construct", "card": "Tiler's Hut"}),
        mistake=(P("guildhall"), {"kind": "construct", "card": "Well"}), mistake_says="is worth 3 VP"),
    Lesson(
        "constructing", "Constructing a building", "Constructing a Building",
        "To construct, pay the building's resources and show that you have hired apprentices with every "
        "skill symbol on the card. Apprentices are not used up. Then apply any Virtue change on the card "
        "and its effect: some act at once, others at the end of the game.",
        "Construct the building worth the most VP.",
        _build_setup, _build_judge,
        solution=(P("guildhall"), {"kind": "construct", "card": "Tavern"}),
        mistake=(P("guildhall"), {"kind": "construct", "card": "Well"}), mistake_says="your Woodcutter provides"),
    Lesson(
        "cathedral", "Working on the Cathedral", "Advancing Work on the Cathedral",
        "Instead of a building, a Guildhall worker can advance your marker on the Cathedral: pay the next "
        "level's cost, discard a building card, move up, and reveal a reward card. Higher levels score more "
        "at the end, but each level has room for only a few players.",
        "Advance work on the Cathedral.",
        _cathedral_setup, _cathedral_judge,
        solution=(P("guildhall"), {"kind": "cathedral"}, {"kind": "discard"}),
        mistake=(P("guildhall"), {"kind": "construct", "card": "Well"}), mistake_says="constructed the Well"),
    Lesson(
        "virtue", "The Virtue track", "Virtue Track",
        "Virtue moves up and down as you play. Its level matters during the game: with 4 or less you may not "
        "work on the Cathedral; with 3 or less you skip some Tax; with 10 or more the Black Market is closed "
        "to you. At the end it adds or takes away VP.",
        "You are at 4 Virtue, so the Cathedral is closed to you. Raise your Virtue this turn.",
        _virtue_setup, _virtue_judge,
        solution=(P("storehouse"), {"kind": "trade", "option": ("clay", "clay")}),
        mistake=(P("tax_stand"),), mistake_says="lost 2 Virtue"),
    Lesson(
        "reset", "The Black Market reset", "Black Market Reset",
        "When all three Black Market spaces hold a worker (or a worker lands on the left-most space of the "
        "Guildhall's third or fourth row), the Black Market resets: its workers go to Prison, the Small "
        "Market card flips onto the Large side, players with 3 or more workers in Prison lose 1 Virtue, and "
        "whoever has the most workers in Prison takes a Debt.",
        "Trigger a Black Market reset.",
        _reset_setup, _reset_judge,
        solution=(P("black_market_c"),), mistake=(P("quarry"),), mistake_says="does not trigger a reset"),
    Lesson(
        "end", "The end of the game and scoring", "End of the Game",
        "When the last Guildhall space fills, the current player finishes, then everyone has one final turn. "
        "Then each player scores: buildings (with their end-game bonuses), the Cathedral level, Virtue "
        "(plus or minus), 2 VP lost per unpaid Debt, 1 VP per Gold and Marble, 1 VP per 10 Silver, and "
        "1 VP lost per 2 workers in Prison.",
        "This is the very last turn of the game. Make the move that scores the most VP.",
        _end_setup, _end_judge,
        solution=_end_solution, mistake=(P("silversmith"),),
        mistake_says="The best last move reached",
        hint="Each button shows what it adds to your projected final score (\"+3 VP projected\"), and the "
             "projected scores are under the board. Finish the turn: a construction may need a second choice."),
    Lesson(
        "solo", "Solo play", "Solo Play",
        "In a solo game you play against a Byzantine opponent. After each of your turns it reveals a Scheme "
        "card that places one of its workers. It collects no goods, but it scores for the Cathedral, "
        "Virtue, Marble and its workers in the Guildhall, and loses VP for Debts and for prisoners.",
        "You hold 4 of the opponent's workers on your board. Send them to Prison.",
        _solo_setup, _solo_judge,
        solution=(P("guardhouse"), {"kind": "guard", "option": "send_to_prison"}),
        mistake=(P("town_centre"),), mistake_says="does not send prisoners away"),
    Lesson(
        "variable", "Variable setup: characters", "Variable Setup Characters",
        "On side 2 of the player boards each player is a character with a starting position and a special "
        "ability. You play Therese: she treats Marble and Gold as the same resource.",
        "Advance the Cathedral to level 1. It costs 1 Gold, and you have none.",
        _variable_setup, _variable_judge,
        solution=(P("guildhall"), {"kind": "cathedral"}, {"kind": "discard"}), mistake=(P("mines"),),
        mistake_says="Therese treats"),
)

BY_KEY = {lesson.key: lesson for lesson in LESSONS}


class Progress(_base.Progress):
    """Which lessons are done, for the progress display, and in the browser's
    storage as JSON (`to_json` / `from_json`):

    >>> p = Progress()
    >>> p.mark("solo"); p.mark("aim")
    True
    True
    >>> p.to_json()
    '{"version": 1, "done": ["aim", "solo"]}'
    >>> Progress.from_json('{"version": 1, "done": ["solo", "no-such-lesson"], "later": 1}').summary()
    '1 of 18 lessons done'
    >>> Progress.from_json("{not json").count
    0
    """

    LESSONS = LESSONS
