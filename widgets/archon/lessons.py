"""Archon's step-by-step tutorial: one lesson per rulebook section a new player
meets, on the shared lesson framework (`widgets.tutorial.lessons`).

Each lesson sets up a position with Archon's `new_game`, a few moves and
`state.edit(...)`, explains the rule in plain words, asks the learner (seat 0,
"Ann (you)") to do something, and judges each choice:

    >>> lesson = BY_KEY["merchant"]
    >>> attempt = lesson.start()
    >>> for action in lesson.solution_actions(): verdict = attempt.choose(action)
    >>> verdict.status
    'right'

Nothing here decides a rule. Whether the task is done is the lesson's goal
(data: a test of the states the learner's choices led to); CONTINUE is said
only while some way of finishing the turn still meets it, found by playing the
rules' own legal actions. What a verdict says about the choices is made from
the events the rules recorded and the players' holdings (`Claim`s, `CLAIM_KINDS`),
so tests/archon/test_archon_lessons.py can check every claim against what the choices
did. A verdict showing a figure the rulebook does not print (a cost, a price, a
King's Grant's VP, an Attack's Strength: the components file's tables marked
not printed) says that it is an example figure. Pure Python (no UI imports).
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import archwk
from archwk.games.archon.constants import CARD_TYPES, MAGISTERS
from archwk.games.archon.explain import words as _w
from archwk.games.archon.rules import rank_shares

from ..tutorial import lessons as _base
from ..tutorial.lessons import CONTINUE, LEARNER, RIGHT, RIVAL, WRONG, YOU, Attempt, Claim, Verdict, find_action

__all__ = ["BY_KEY", "CLAIM_KINDS", "LESSONS", "ArchonLesson", "Progress"]

GAME = "archon"
RIVAL_SEAT = 1
#: what a player holds that a verdict may state, in the order the game's words list them
ITEMS = ("gold", "recruits", "stone", "papyrus", "silver", "iron", "arts", "science", "vp")
#: the decisions that begin a new turn of the learner's (a placement made, a pass, a new round)
FRESH = ("turn", "split", "start")

#: the kinds of claim a verdict can make, and what each one asserts
CLAIM_KINDS = {
    "started": "value: the two starting Magisters the learner chose (types, in the game's order)",
    "kept": "value: the hand the learner kept at a split (counts per card type)",
    "place": "value: (location, slot, cards paid) of a figure the learner placed",
    "token": "value: the location where the learner left a Tax Collector token",
    "stacked": "value: the location where the learner's figure joined another one (Cleric)",
    "toll": "about: the token's owner; value: Gold the learner paid them as toll",
    "holding": "about: an item (ITEMS); value: (what the learner held at the start, what they hold now)",
    "traded": "value: (bought or sold, the Resource, the Gold paid or got) of one of the learner's trades",
    "recruited": "value: the Magister type the learner recruited",
    "warriors": "value: (Elite Warriors the learner put on the wall, how many of them on Main Gate slots)",
    "tile": "value: the Building tile the learner acquired",
    "cards": "about: arts or science; value: how many such cards the learner bought",
    "passed": "value: the unused cards the learner held when passing",
    "order": "value: the next round's order (seats) set when the round ended",
    "attack": "value: (Strength, Elite Warriors on the wall, raided) of the Season's attack",
    "lost": "about: an item; value: how much of it the raid took from the learner",
    "grant": "about: a category; value: the ranked VP of this Season's King's Grant for it",
    "share": "about: a category; value: the VP each seat scores for it with the cards held now",
    "end_vp": "value: the VP the learner's Building tiles add at the end of the game, as things stand",
    "best": "value: the best figure of the lesson's measure any way of playing the turn reaches",
    "line": "value: a line of play (actions) from the start that reaches `best`",
}

#: the components' tables whose figures a verdict shows when an event of this kind is told
_SHOWS = {"started": "magister_track", "recruited": "magister_track", "tile": "tiles", "attack": "attacks"}
EXAMPLE_NOTE = ("Some figures here are example figures: the rulebook does not print them, and a player "
                "with the box can load the printed ones.")


def holding(p, item: str) -> int:
    """What a player (`state.players[i]`) holds of an item of ITEMS."""
    if item in ("gold", "recruits", "vp", "arts", "science"):
        return getattr(p, item)
    return p.resources[item]


def _over(state) -> bool:
    """After a choice of the learner's: their turn is over (see `ArchonLesson.turn_over`)."""
    return state.is_over or state.current_player != YOU or state.decision in FRESH


def finishes(state, limit: int = 50_000) -> list[tuple[tuple, tuple]]:
    """Every way to finish the learner's turn from `state`: (the states after each
    choice, the choices). RuntimeError past `limit` positions."""
    out: list[tuple[tuple, tuple]] = []
    seen = 0

    def walk(s, states, line):
        nonlocal seen
        seen += 1
        if seen > limit:
            raise RuntimeError("too many ways to finish this turn to compare them all")
        if line and _over(s):
            out.append((states, line))
            return
        for act in s.legal_actions():
            n = s.apply(act)
            walk(n, states + (n,), line + (act,))

    walk(state, (), ())
    return out


def _can_still(lesson: ArchonLesson, start, states) -> bool:
    """Some way of finishing the learner's turn from the last state meets the goal."""
    last = states[-1] if states else start

    def walk(s, more) -> bool:
        if more and _over(s):
            return lesson.met(start, states + more)
        for act in s.legal_actions():
            n = s.apply(act)
            if lesson.met(start, states + more + (n,)) or walk(n, more + (n,)):
                return True
        return False

    return walk(last, ())


# --------------------------------------------------------------------------- the words of a verdict

def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _seat(a: Attempt, p: int) -> str:
    return "you" if p == YOU else a.start_state.players[p].name


class _Say:
    """Makes a verdict's words from data: each fact about the learner's choices is
    recorded as a `Claim` and its words returned."""

    def __init__(self, a: Attempt):
        self.a = a
        self.claims: list[Claim] = []
        self.shows: set[str] = set(getattr(a.lesson, "uses", ()))

    def claim(self, what: str, about, value, words: str) -> str:
        if what not in CLAIM_KINDS:
            raise ValueError(f"unknown claim kind {what!r}")
        self.claims.append(Claim(what, about, value, words))
        return words

    def verdict(self, status: str, text: str) -> Verdict:
        unprinted = set(self.a.start_state.components.unprinted)
        if self.shows & unprinted:
            text = f"{text} {EXAMPLE_NOTE}"
        return Verdict(status, " ".join(text.split()), tuple(self.claims))

    # ---- what the learner's choices did, from the events the rules recorded
    def happened(self) -> str:
        a = self.a
        doings: list[str] = []
        table: list[str] = []
        warriors = gates = 0
        cards = {"arts": 0, "science": 0}
        lost: dict[str, int] = {}
        for e in a.events():
            d, k = e.data, e.kind
            if e.player is None:
                if k == "scored":
                    self.shows.add("kings_grants")
                if k == "round_end":
                    order = tuple(d["order"])
                    words = _w.and_list([_seat(a, p) for p in order])
                    table.append(f"Round {d['round']} ended; the next round's order: "
                                 + self.claim("order", None, order, words) + ".")
                elif k == "attack":
                    self.shows.add(_SHOWS["attack"])
                    v = (d["strength"], d["wall"], d["raided"])
                    held = "the city is raided" if d["raided"] else "the city holds"
                    words = (f"an Attack of Strength {d['strength']} against "
                             f"{_plural(d['wall'], 'Elite Warrior')} on the wall: {held}")
                    table.append("The Season ended with " + self.claim("attack", None, v, words) + ".")
                continue
            if e.player != YOU:
                continue
            self.shows.add(_SHOWS.get(k, ""))
            if k in ("bought", "sold") or (k == "placed" and d["location"] == "palace"):
                self.shows.add("marketplace" if k != "placed" else "kings_favors")
            if k == "started":
                pair = tuple(d["magisters"])
                words = f"a {_w.magister_name(pair[0])} and a {_w.magister_name(pair[1])}"
                doings.append("started with " + self.claim("started", None, pair, words))
            elif k == "split":
                hand = tuple(d["hand"])
                doings.append("kept " + self.claim("kept", None, hand, _w.card_counts(hand)) + " for this round")
            elif k == "placed":
                loc, slot, pay = d["location"], d["slot"], tuple(d["pay"])
                where = "the Palace" if loc == "palace" else _w.location_name(loc)
                words = f"{_w.cards(pay)} to place a figure at {where}"
                doings.append("played " + self.claim("place", None, (loc, slot, pay), words))
                if d["stacked"]:
                    doings.append(self.claim("stacked", None, loc, "joined the figure already there"))
                if d["token"]:
                    doings.append(self.claim("token", None, loc, "left a Tax Collector token under it"))
            elif k == "toll":
                owner = d["owner"]
                doings.append("paid " + self.claim("toll", owner, d["gold"],
                                                   f"{d['gold']} Gold toll to {_seat(a, owner)}"))
            elif k in ("bought", "sold"):
                v = (k, d["resource"], d["gold"])
                words = f"{k} 1 {_w.resource_name(d['resource'])} for {d['gold']} Gold"
                doings.append(self.claim("traded", None, v, words))
            elif k == "recruited":
                doings.append("recruited " + self.claim("recruited", None, d["magister"],
                                                        f"a {_w.magister_name(d['magister'])}"))
            elif k == "warrior":
                warriors += 1
                gates += bool(d["gate"])
            elif k == "tile":
                doings.append("acquired " + self.claim("tile", None, d["name"], f"the {d['name']} tile"))
            elif k == "card":
                cards[d["what"]] += 1
            elif k == "passed":
                doings.append("passed holding " + self.claim("passed", None, d["unused"],
                                                             _plural(d["unused"], "unused card")))
            elif k == "loss":
                if "recruits" in d:
                    took = {"recruits": d["recruits"]}
                elif "resources" in d:
                    took = dict(d["resources"])
                elif "gold" in d:
                    took = {"gold": d["gold"]}
                else:
                    took = {"vp": d["vp"]}
                for item, n in took.items():
                    lost[item] = lost.get(item, 0) + n
        if warriors:
            words = _plural(warriors, "Elite Warrior") + f" on the wall ({gates} on Main Gate slots)"
            doings.append("put " + self.claim("warriors", None, (warriors, gates), words))
        for what, n in cards.items():
            if n:
                name = "Arts card" if what == "arts" else "Science card"
                doings.append("bought " + self.claim("cards", what, n, _plural(n, name)))
        out = [f"You {_w.and_list(doings)}."] if doings else []
        out += table
        if lost:
            parts = [self.claim("lost", item, n, _w.amount(item, n)) for item, n in
                     sorted(lost.items(), key=lambda kv: ITEMS.index(kv[0]))]
            out.append(f"The raid took {_w.and_list(parts)} from you.")
        start, now = a.start_state.players[YOU], a.state.players[YOU]
        changed = [self.claim("holding", item, (holding(start, item), holding(now, item)),
                              f"{_w.amount(item, holding(now, item))} ({holding(start, item)} before)")
                   for item in ITEMS if holding(start, item) != holding(now, item)]
        if changed:
            out.append(f"You now hold {_w.and_list(changed)}.")
        return " ".join(out) if out else "You have made no move yet."

    # ---- figures of the lesson's position and of the best play
    def grant(self, category: str) -> str:
        values = tuple(getattr(archwk.table(self.a.start_state).grant, category))
        self.shows.add("kings_grants")
        return self.claim("grant", category, values, _w.and_list([str(v) for v in values]) + " VP")

    def share(self, category: str) -> str:
        s = self.a.state
        counts = [p.warriors_on_wall if category == "warriors" else getattr(p, category) for p in s.players]
        shares = tuple(rank_shares(counts, getattr(archwk.table(self.a.start_state).grant, category)))
        self.shows.add("kings_grants")
        return self.claim("share", category, shares, f"{shares[YOU]} VP")

    def end_vp(self) -> str:
        n = archwk.final_scores(self.a.state)[YOU].tiles
        return self.claim("end_vp", None, n, f"{n} VP")

    def best(self, unit: str) -> str:
        n = _best(self.a.lesson.key)[0]
        return self.claim("best", None, n, f"{n} {unit}")

    def line(self) -> str:
        line = _best(self.a.lesson.key)[1]
        words = ", then ".join(str(x)[:1].lower() + str(x)[1:] for x in line)
        return self.claim("line", None, line, words)


# --------------------------------------------------------------------------- the lesson

Goal = Callable[[Any, tuple], bool]
Words = Callable[[_Say], str]


def _judge(a: Attempt) -> Verdict:
    lesson: ArchonLesson = a.lesson  # type: ignore[assignment]
    states = tuple(a.states[1:])
    s = _Say(a)
    if lesson.met(a.start_state, states):
        return s.verdict(RIGHT, f"Right: {s.happened()} {lesson.right(s)}")
    if not a.turn_over and _can_still(lesson, a.start_state, states):
        return s.verdict(CONTINUE, f"{s.happened()} Go on: {lesson.task}")
    return s.verdict(WRONG, f"{s.happened()} {lesson.wrong(s)}")


@dataclass(frozen=True)
class ArchonLesson(_base.Lesson):
    """A lesson of Archon's: its goal (start state, the states after each of the
    learner's choices -> done?) or its `measure` (the goal is then the best
    figure any way of playing the turn reaches), the words of a right and of a
    wrong answer (made from the verdict's facts), and the components' tables whose
    figures its words show (`uses`: marked as examples when not printed)."""
    goal: Goal | None = None
    measure: Callable[[Any, tuple], int] | None = None
    right: Words = lambda s: ""
    wrong: Words = lambda s: ""
    uses: tuple[str, ...] = ()

    def met(self, start, states: tuple) -> bool:
        if not states:
            return False
        if self.measure is not None:
            return self.measure(start, states) >= _best(self.key)[0]
        assert self.goal is not None
        return self.goal(start, states)

    def turn_over(self, attempt: Any) -> bool:
        """A placement (with what it opens) or a pass is one turn: it is over when the
        decision is another player's, or a new turn, split or the end of the game."""
        return bool(attempt.actions) and _over(attempt.state)

    def unfinished(self, attempt: Any) -> Verdict:
        s = _Say(attempt)
        return s.verdict(WRONG, f"{s.happened()} {self.wrong(s)}")


@functools.cache
def _best(key: str) -> tuple[int, tuple]:
    """The best figure of lesson `key`'s measure over every way to play its turn,
    and the first line of play (in the order of the legal actions) reaching it."""
    lesson = BY_KEY[key]
    assert lesson.measure is not None
    start = lesson.setup()
    best: tuple[int, tuple] | None = None
    for states, line in finishes(start):
        m = lesson.measure(start, states)
        if best is None or m > best[0]:
            best = (m, line)
    assert best is not None
    return best


# --------------------------------------------------------------------------- positions

def _pair(types: Sequence[str]) -> tuple[str, str]:
    a, b = sorted(types, key=MAGISTERS.index)
    return a, b


def _counts(cards: Sequence[str]) -> tuple[int, ...]:
    return tuple(list(cards).count(c) for c in CARD_TYPES)


@functools.cache
def opening(first: int = YOU, seed: int = 1) -> Any:
    """A new 2-player game of Ann (you) and Rival in which `first` plays first (the
    first seed from `seed` on that gives that order), at its first decision."""
    for sd in range(seed, seed + 200):
        s = archwk.new_game([LEARNER, RIVAL], seed=sd, game=GAME)
        if s.order[0] == first:
            return s
    raise ValueError(f"no seed from {seed} lets seat {first} start")


YOUR_PAIR = ("cleric", "merchant")
RIVAL_PAIR = ("tax_collector", "cleric")


@functools.cache
def game(round_: int = 1, first: int = YOU, you: tuple[str, ...] = YOUR_PAIR,
         hand: tuple[str, ...] | None = None, rival_passes: bool = False,
         stop: str | None = None) -> Any:
    """The learner's first turn of round `round_`: the starting Magisters chosen
    (`you` and Rival's), everyone passing at once in earlier rounds, splits made
    so that Rival plays first from round 2 on (then Rival passes at once, so the
    learner acts alone), and the learner's hand `hand` (card types) at the split
    before round `round_` if there is one. In round 1 `first` plays first and
    Rival passes first if `rival_passes`. With `stop` ("start" or "split"): the
    learner's first decision of that kind instead."""
    s: Any = opening(first if round_ == 1 else YOU)
    courtiers_only = (5, 0, 0, 0, 0)
    while True:
        d, p = s.decision, s.current_player
        if d == stop and p == YOU:
            return s
        if s.round == round_ and d == "turn" and stop is None:
            if p == RIVAL_SEAT and (round_ > 1 or rival_passes):
                s = s.apply(find_action(s, {"kind": "pass"}))
                continue
            if round_ > 1 and not s.players[RIVAL_SEAT].passed:
                raise ValueError(f"round {round_}: the learner plays first; Rival was to")
            return s
        if d == "start":
            pair = _pair(you if p == YOU else RIVAL_PAIR)
            s = s.apply(find_action(s, {"kind": "start", "magisters": pair}))
        elif d == "split":
            k = s.round
            splits = [x for x in s.legal_actions()]
            most = min(splits, key=lambda x: x.hand[0])       # the Magisters in this round's hand
            least = max(splits, key=lambda x: x.hand[0])      # Courtiers only
            if k == round_ and p == YOU and hand is not None:
                pick = find_action(s, {"kind": "split", "hand": _counts(hand)})
            elif k + 1 == round_:                             # this round's hands set the next order
                pick = least if p == YOU else most
            elif k + 2 == round_:                             # the other piles set it
                pick = most if p == YOU else least
            else:
                pick = most if p == YOU else least
            assert least.hand == courtiers_only
            s = s.apply(pick)
        elif d == "turn":
            s = s.apply(find_action(s, {"kind": "pass"}))
        else:
            s = s.apply(s.legal_actions()[0])


def position(*, round_: int = 1, first: int = YOU, you_pair=YOUR_PAIR, hand=None, rival_passes=False,
             stop: str | None = None, before: Sequence = (), you: dict | None = None,
             rival: dict | None = None, repository: dict | None = None) -> Any:
    """`game(...)`, then the moves `before` (steps, whoever's they are), then edits:
    the learner's (`you`), Rival's (`rival`) and the Repository's display."""
    s = game(round_, first, tuple(you_pair), tuple(hand) if hand else None, rival_passes, stop)
    for step in before:
        s = s.apply(find_action(s, step))
        while s.current_player == RIVAL_SEAT and s.decision not in FRESH:   # what Rival's move opened
            s = s.apply(s.legal_actions()[0])
    if repository is not None:
        s = s.edit(repository=repository)
    if rival:
        s = s.edit(player=RIVAL_SEAT, **rival)
    if you:
        s = s.edit(player=YOU, **you)
    if s.current_player != YOU:
        raise ValueError(f"the lesson's position is not the learner's decision: {s.prompt}")
    return s


# --------------------------------------------------------------------------- the lessons

def mine(states, kind: str) -> list:
    """The data of the learner's events of this kind in `states`."""
    return [e.data for s in states for e in s.events if e.kind == kind and e.player == YOU]


def table_events(states, kind: str) -> list:
    return [e.data for s in states for e in s.events if e.kind == kind and e.player is None]


def _gained(start, states, item: str) -> int:
    return holding(states[-1].players[YOU], item) - holding(start.players[YOU], item)


def P(location: str, *pay: str) -> dict:
    """A placement step: at `location`, paying these cards (default one Courtier)."""
    return {"kind": "place", "location": location, "pay": tuple(sorted(pay or ("courtier",), key=CARD_TYPES.index))}


def _tile_vp(start, states) -> int:
    return sum(d["vp"] for d in mine(states, "tile"))


def _placed(states, location: str, pays: Callable[[tuple], bool] = lambda pay: True) -> bool:
    return any(d["location"] == location and pays(tuple(d["pay"])) for d in mine(states, "placed"))


def _best_start(state) -> list:
    return list(_best("setup")[1])


def _end_vp_tile(start, states) -> bool:
    parts = start.components
    return any(parts.tile(d["name"]).ability == "end_vp" for d in mine(states, "tile"))


def _level(start, states, level: int) -> bool:
    return any(start.components.tile(d["name"]).level == level for d in mine(states, "tile"))


def at(**kw) -> Callable[[], Any]:
    """A lesson's position: `position(**kw)`, made once."""
    return functools.cache(lambda: position(**kw))


_GATHER = ("On your turn, play a card and place one of your Wooden Figures on a free Action Slot: its "
           "action happens at once. The Repository gives you 1 Resource cube of your choice from those on "
           "display; the Barracks 1 Recruit token; the Treasury 2 Gold. Each round a new Province card "
           "refills the Repository.")

LESSONS: tuple[ArchonLesson, ...] = (
    ArchonLesson(
        "setup", "Setting up: your starting Magisters", "3. Setup",
        "Archon is played over 3 Seasons of 3 rounds each; the player with the most Victory Points (VP) at "
        "the end wins. Each player has 5 Wooden Figures, 8 Courtier cards and starting resources (Silver, "
        "Gold and Recruit tokens).\n\n"
        "Before the first round each player, in player order, takes two different starting Magisters, paying "
        "what the first space of each Magister's track on the Magister Track costs.",
        "Choose the two starting Magisters that leave you the most Gold.",
        at(stop="start"), _judge, solution=_best_start,
        mistake=({"kind": "start", "magisters": ("tax_collector", "scribe")},),
        mistake_says="The most Gold you could keep",
        measure=lambda start, states: states[-1].players[YOU].gold,
        right=lambda s: f"That is {s.best('Gold')}, the most any pair leaves you. Each pair costs the first "
                        "space of its two tracks.",
        wrong=lambda s: f"The most Gold you could keep was {s.best('Gold')}: {s.line()}. Each pair costs the "
                        "first space of its two tracks.",
        hint="Each button shows what the pair costs; the Gold you do not spend stays with you.",
        uses=("magister_track",)),
    ArchonLesson(
        "split", "Splitting your cards", "4. Gameplay",
        "Your 8 Courtiers and 2 Magisters make 10 cards. Before rounds 1, 3, 5, 7 and 9 you split them, face "
        "down, into two piles of 5 however you like: one pile is your hand for this round, the other your "
        "hand for the next round.\n\n"
        "Magisters give a bonus when they pay for an action, so choose which round gets which.",
        "Split your cards so that each of the two rounds has one of your Magisters.",
        at(stop="split"), _judge,
        solution=({"kind": "split", "hand": (4, 0, 1, 0, 0)},),
        mistake=({"kind": "split", "hand": (5, 0, 0, 0, 0)},), mistake_says="one Magister in each pile",
        goal=lambda start, states: any(sum(d["hand"][1:]) == 1 for d in mine(states, "split")),
        right=lambda s: "The other pile waits face down for round 2, with your other Magister.",
        wrong=lambda s: "Put one Magister in each pile: keep 4 Courtiers and one Magister for this round."),
    ArchonLesson(
        "placing", "Placing a figure: 1-card and 2-card slots", "4. Gameplay",
        "On your turn, play one card from your hand and place one of your Wooden Figures on a free Action "
        "Slot; the slot's action happens at once. A slot holds one figure.\n\n"
        "Some slots need two cards. Pay them with 2 Courtiers, or with a single Magister card alone: a "
        "Magister can always pay like a Courtier, and alone it pays a 2-card slot too.",
        "Rival took the Repository's 1-card slot. Take a cube from the Repository playing a single card.",
        at(first=RIVAL_SEAT, hand=("courtier",) * 3 + ("cleric", "merchant"), before=(P("repository"),)), _judge,
        solution=(P("repository", "merchant"),),
        mistake=(P("repository", "courtier", "courtier"),), mistake_says="one Magister alone",
        goal=lambda start, states: any(d["location"] == "repository" and len(d["pay"]) == 1
                                       and archwk.table(start).slots_at("repository")[d["slot"]].cards == 2
                                       for d in mine(states, "placed")),
        right=lambda s: "A Magister alone pays for a slot that needs two cards, and keeps your Courtiers for "
                        "later turns.",
        wrong=lambda s: "The Repository's free slot needs two cards: pay it with two Courtiers, or with one "
                        "Magister alone, which saves a card.",
        uses=("locations",)),
    ArchonLesson(
        "passing", "Passing and the next player order", "4.1 Passing and Player Order",
        "When you have used the cards you want to spend, you pass, even with cards and figures left; you "
        "take no more actions this round, and you say how many unused cards you hold.\n\n"
        "When everyone has passed, the unused cards are shown. The player holding the most unused cards "
        "plays first next round, and so on. A tie goes to the higher total value of the unused cards: "
        "Courtier 0, Tax Collector 1, Cleric 2, Scribe 3, Merchant 4.",
        "Rival passed holding 4 unused cards. Make sure you play first in the next round.",
        at(first=RIVAL_SEAT, hand=("courtier",) * 3 + ("cleric", "merchant"),
           before=(P("treasury"), P("barracks"), {"kind": "pass"})), _judge,
        solution=({"kind": "pass"},), mistake=(P("repository"),), mistake_says="the most unused cards",
        goal=lambda start, states: any(d["order"][0] == YOU for d in table_events(states, "round_end")),
        right=lambda s: "You hold as many unused cards as Rival, and the value of your Magisters breaks the tie.",
        wrong=lambda s: "The player holding the most unused cards when the round ends plays first; a tie goes "
                        "to the higher value of the unused cards. Every card you play is one unused card less."),
    ArchonLesson(
        "gathering", "The Repository, the Barracks and the Treasury", "4.2.1 Repository",
        _GATHER,
        "You need Iron. Take 1 Iron from the Repository.",
        at(repository={"stone": 1, "iron": 1}), _judge,
        solution=(P("repository"), {"kind": "take", "resource": "iron"}),
        mistake=(P("treasury"),), mistake_says="the Repository",
        goal=lambda start, states: _placed(states, "repository") and _gained(start, states, "iron") >= 1,
        right=lambda s: "The Repository lets you choose the cube you need from its display.",
        wrong=lambda s: "Resource cubes such as Iron come from the Repository's display: place there and "
                        "choose the Iron."),
    ArchonLesson(
        "marketplace", "The Marketplace", "4.2.4 Marketplace",
        "At the Marketplace you make up to 2 purchases and 1 sale. To buy a cube, pay the Gold printed on "
        "the slot above it. To sell, put your cube on an empty slot of its Resource and take the Gold "
        "printed there. What you buy must differ from what you sell, and a sale can pay for your "
        "purchases.",
        "Get 1 Silver and 1 Papyrus. You have 1 Iron and no Gold.",
        at(you={"gold": 0, "resources": {"iron": 1}}), _judge,
        solution=lambda s: _market_line(s), mistake=(P("treasury"),), mistake_says="Sell your Iron first",
        goal=lambda start, states: (_placed(states, "marketplace") and _gained(start, states, "silver") >= 1
                                    and _gained(start, states, "papyrus") >= 1),
        right=lambda s: "Selling first paid for both purchases.",
        hint="Place at the Marketplace, then sell before you buy: the sale pays for the purchases.",
        wrong=lambda s: "Sell your Iron first, on the empty slot that pays the most, then buy the cheapest "
                        "Silver and Papyrus with that Gold.",
        uses=("marketplace",)),
    ArchonLesson(
        "guild_hall", "The Guild Hall: recruiting a Magister", "4.2.5 Guild Hall",
        "At the Guild Hall you recruit one new Magister: pay what the next open space of that Magister's "
        "track costs, move your marker onto it and score the VP shown there at once. The new Magister "
        "replaces one of your 8 Courtiers, which leaves the game.",
        "Recruit a second Cleric.",
        at(you={"gold": 1, "recruits": 1}), _judge,
        solution=(P("guild_hall"), {"kind": "recruit", "magister": "cleric"}),
        mistake=(P("guild_hall"), {"kind": "recruit", "magister": "tax_collector"}),
        mistake_says="Cleric track",
        goal=lambda start, states: any(d["magister"] == "cleric" for d in mine(states, "recruited")),
        right=lambda s: "Each track's next space sets the price and the VP; then choose the Courtier your "
                        "Cleric replaces.",
        wrong=lambda s: "To recruit a second Cleric, place at the Guild Hall and pay the next space of the "
                        "Cleric track.",
        uses=("magister_track",)),
    ArchonLesson(
        "royal_guard", "The Royal Guard and the city wall", "4.2.6 Royal Guard",
        "At the Royal Guard you put up to 2 of your Elite Warriors on open slots of the city wall, paying 1 "
        "Recruit token and 1 Silver for each. An Elite Warrior on one of the two slots next to the Main "
        "Gate scores 1 VP at once. Warriors on the wall defend the city when the Season ends.",
        "Put Elite Warriors on both Main Gate slots.",
        at(you={"recruits": 2, "resources": {"silver": 2}}), _judge,
        solution=(P("royal_guard"), {"kind": "warrior", "gate": True}, {"kind": "warrior", "gate": True}),
        mistake=(P("royal_guard"), {"kind": "warrior", "gate": False}), mistake_says="Main Gate",
        goal=lambda start, states: sum(1 for d in mine(states, "warrior") if d["gate"]) >= 2,
        right=lambda s: "Each Main Gate slot scored 1 VP, and both warriors will defend the city.",
        wrong=lambda s: "Only the two slots next to the Main Gate score VP: put both warriors there."),
    ArchonLesson(
        "builders_guild", "The Builders' Guild", "4.2.7 Builders' Guild",
        "At the Builders' Guild you acquire one of the Building tiles still available: pay its Resource "
        "cost, take it and score the VP it shows. Its ability works at once. You never acquire the same "
        "tile twice.",
        "Acquire the Building tile that scores the most VP now.",
        at(you={"resources": {"stone": 2, "papyrus": 1, "iron": 1, "silver": 1}}), _judge,
        solution=lambda st: list(_best("builders_guild")[1]),
        mistake=(P("builders_guild", "courtier", "courtier"), {"kind": "tile", "name": "Tavern"}),
        mistake_says="The most VP a tile could score",
        measure=_tile_vp,
        right=lambda s: f"That is {s.best('VP')}, the most of the tiles you can pay for.",
        hint="Place at the Builders' Guild: each tile's button shows its cost and the VP it scores.",
        wrong=lambda s: f"The most VP a tile could score you now was {s.best('VP')}: {s.line()}.",
        uses=("tiles",)),
    ArchonLesson(
        "planetarium", "The Academy and the Planetarium", "4.2.9 Planetarium",
        "At the Academy you buy an Arts card for 2 Gold, and then may buy a second one at the same price. "
        "At the Planetarium you buy a Science card for 1 Gold and 1 Papyrus, and may buy a second one. "
        "These cards count at each Season's scoring.",
        "Buy two Science cards.",
        at(you={"gold": 2, "resources": {"papyrus": 2}}), _judge,
        solution=(P("planetarium"), {"kind": "more"}), mistake=(P("academy"),), mistake_says="Planetarium",
        goal=lambda start, states: _gained(start, states, "science") >= 2,
        right=lambda s: "One visit buys at most two cards.",
        wrong=lambda s: "Science cards are bought at the Planetarium, two at most per visit."),
    ArchonLesson(
        "palace", "The Palace: King's Favor slots", "4.2.10 Palace",
        "The Palace holds the King's Favor cards, face up. Each one is an extra Action Slot, used like a "
        "building's slot: some give goods, others the action of a building. With 2 players the first 2 "
        "Favor slots are filled. After each round the oldest card leaves, the others move on and a new one "
        "arrives.",
        "Use one of the King's Favor slots in the Palace.",
        at(), _judge,
        solution=lambda st: [next(a for a in st.legal_actions() if a.kind == "place" and a.location == "palace")],
        mistake=(P("treasury"),), mistake_says="in the Palace",
        goal=lambda start, states: _placed(states, "palace"),
        right=lambda s: "A King's Favor slot takes one figure, as a building's slot does.",
        wrong=lambda s: "The King's Favor slots are in the Palace: place a figure there.",
        uses=("kings_favors",)),
    ArchonLesson(
        "tax_collector", "Magisters: the Tax Collector", "5.1 Tax Collector (Red)",
        "When a Tax Collector card pays for an action, you first put a Tax Collector token on the slot, then "
        "your figure on top. From then on, every other player placing a figure in that building pays you 1 "
        "Gold, unless they pay with a Tax Collector too.",
        "Leave a Tax Collector token on a slot, so that Rival owes you a toll there.",
        at(you_pair=("tax_collector", "merchant"), hand=("courtier",) * 4 + ("tax_collector",)), _judge,
        solution=(P("treasury", "tax_collector"),), mistake=(P("treasury"),), mistake_says="Tax Collector card",
        goal=lambda start, states: any(d["token"] for d in mine(states, "placed")),
        right=lambda s: "Whenever Rival places a figure in that building this round, Rival pays you 1 Gold, "
                        "unless paying with a Tax Collector.",
        wrong=lambda s: "Only a Tax Collector card paying for the action leaves a token."),
    ArchonLesson(
        "cleric", "Magisters: the Cleric", "5.2 Cleric (Blue)",
        "When a Cleric card pays for an action, your figure may go on a slot that another figure already "
        "holds. If a Tax Collector token of another player is in that building, you still pay the toll.",
        "Take Gold at the Treasury, although Rival's figure is on its slot.",
        at(first=RIVAL_SEAT, hand=("courtier",) * 4 + ("cleric",), before=(P("treasury"),)), _judge,
        solution=(P("treasury", "cleric"),), mistake=(P("barracks"),), mistake_says="Cleric",
        goal=lambda start, states: _placed(states, "treasury"),
        right=lambda s: "A Cleric lets your figure join a slot that is taken.",
        wrong=lambda s: "A taken slot is open to you only when a Cleric pays for it."),
    ArchonLesson(
        "scribe", "Magisters: the Scribe", "5.3 Scribe (Green)",
        "After an action paid for with a Scribe card, you may at once take another action: play a card (or two), "
        "place a figure and carry out its action. If that second action is paid for with a Scribe too, it "
        "gives no further action.",
        "Take two actions this turn.",
        at(you_pair=("scribe", "merchant"), hand=("courtier",) * 4 + ("scribe",), you={"gold": 0}), _judge,
        solution=(P("treasury", "scribe"), P("barracks")), mistake=(P("treasury"),), mistake_says="Scribe",
        goal=lambda start, states: len(mine(states, "placed")) >= 2,
        right=lambda s: "The Scribe gave you one more action right after the first.",
        hint="Pay your first action with the Scribe card.",
        wrong=lambda s: "Pay your first action with the Scribe: then you may take one more at once."),
    ArchonLesson(
        "merchant", "Magisters: the Merchant", "5.4 Merchant (Yellow)",
        "A Merchant card paying for an action in a building with the Merchant symbol gives one more: 1 more "
        "Gold at the Treasury, 1 more cube at the Repository (if there is one), 1 more Recruit token at "
        "the Barracks.",
        "Take Gold at the Treasury and get the Merchant's extra Gold.",
        at(hand=("courtier",) * 4 + ("merchant",)), _judge,
        solution=(P("treasury", "merchant"),), mistake=(P("treasury"),), mistake_says="Merchant",
        goal=lambda start, states: _placed(states, "treasury") and _gained(start, states, "gold") >= 3,
        right=lambda s: "The Treasury gives 2 Gold, and the Merchant 1 more.",
        wrong=lambda s: "Pay with your Merchant at the Treasury: it gives 1 Gold more than a Courtier."),
    ArchonLesson(
        "end_of_round", "The end of a round", "6. End of Round",
        "A round ends when every player has passed. Then, in order: the next round's order is set from the "
        "unused cards, and all hand cards are put aside; the oldest King's Favor leaves the Palace and a "
        "new one arrives; the Repository is emptied and a new Province card refills it; the figures and Tax "
        "Collector tokens come off the board. Before an odd round you split your 10 cards again; before an "
        "even round you take up your other pile.",
        "Rival has passed. End the round.",
        at(first=RIVAL_SEAT, rival_passes=True), _judge,
        solution=({"kind": "pass"},), mistake=(P("treasury"),), mistake_says="every player has passed",
        goal=lambda start, states: bool(table_events(states, "round_end")),
        right=lambda s: "Your other pile is your hand for round 2.",
        wrong=lambda s: "The round ends only when every player has passed; you may pass with cards left."),
    ArchonLesson(
        "attack", "The end of a Season: the attack", "7. End of Season — Attack",
        "After the third round of a Season the city is attacked: an Attack card sets its Strength. If all "
        "the Elite Warriors on the wall together reach it, the city holds. If not, it is raided: each "
        "player's shortfall is the Strength minus their own Elite Warriors on the wall. You pay it with "
        "Recruit tokens first, then with Resources (one each, you choose which), then with 2 Gold a point, "
        "and then with VP, even below 0.",
        "Rival has passed and the wall is empty. Pass to end the Season, and keep your Silver through the raid.",
        at(round_=3, you={"recruits": 1, "gold": 0, "resources": {"stone": 4, "silver": 1}},
           rival={"resources": {}}), _judge,
        solution=lambda st: _keep_silver(st), mistake=({"kind": "pass"}, {"kind": "lose", "resource": "silver"}),
        mistake_says="Recruit tokens first",
        goal=lambda start, states: (bool(table_events(states, "scored"))      # the raid is paid, the Season scored
                                    and holding(states[-1].players[YOU], "silver") == 1),
        right=lambda s: "The raid took your Recruit token first, then the Resources you chose.",
        hint="Pass first; then the raid asks you, one cube at a time, which Resource you lose.",
        wrong=lambda s: "A raid takes Recruit tokens first, then the Resources you choose: choose Stone each time "
                        "to keep your Silver.",
        uses=("attacks",)),
    ArchonLesson(
        "scoring", "The King's Grant: scoring a Season", "7.1 Scoring",
        "After the attack, each Season's King's Grant card scores Arts cards, Science cards and Elite "
        "Warriors on the wall separately. The player with the most scores the first value listed, the "
        "second most the next, and so on. Tied players add up the values of the ranks they share and "
        "split them evenly, rounded down. You need at least one to score.",
        "Rival has passed holding 1 Arts card. Buy Arts cards so that you hold the most at this Season's "
        "scoring.",
        at(round_=3, you={"gold": 4}, rival={"arts": 1}), _judge,
        solution=(P("academy"), {"kind": "more"}), mistake=(P("academy"), {"kind": "stop"}),
        mistake_says="split them",
        goal=lambda start, states: states[-1].players[YOU].arts > states[-1].players[RIVAL_SEAT].arts,
        right=lambda s: f"This Season's King's Grant gives {s.grant('arts')} for the most, second most, ... "
                        f"Arts cards: as things stand you score {s.share('arts')}.",
        wrong=lambda s: f"This Season's King's Grant gives {s.grant('arts')} for the most, second most, ... "
                        f"Arts cards; tied players add up the values of their ranks and split them, rounded "
                        f"down: as things stand you score {s.share('arts')}.",
        uses=("kings_grants",)),
    ArchonLesson(
        "tiles", "Building tiles and the Season discounts", "9. Building Tiles",
        "Building tiles have levels. From the 2nd Season on, level-2 tiles cost 1 Iron less; in the 3rd "
        "Season level-2 tiles cost 1 Iron less and level-3 tiles 1 Stone less.",
        "It is the 2nd Season. Acquire a level-2 Building tile.",
        at(round_=4, you={"resources": {"iron": 1, "stone": 1}}), _judge,
        solution=(P("builders_guild", "courtier", "courtier"), {"kind": "tile", "name": "Weaponsmith"}),
        mistake=(P("treasury"),), mistake_says="level-2",
        goal=lambda start, states: _level(start, states, 2),
        right=lambda s: "Its cost is 1 Iron less than the tile shows, from the 2nd Season on.",
        wrong=lambda s: "In the 2nd Season level-2 tiles cost 1 Iron less: acquire one at the Builders' Guild.",
        uses=("tiles",)),
    ArchonLesson(
        "end", "The end of the game", "8. Winning the Game",
        "The game ends when the 3rd Season's King's Grant has been scored. Then the Building tiles that "
        "score at the end of the game (the Architects' Guild and the Magisters' Court) add their VP. The "
        "most VP wins; a tie goes to the most Recruit tokens, Gold and Resources together, and after that "
        "the tied players share the victory.",
        "This is the last round. Acquire a Building tile that scores at the end of the game.",
        at(round_=9, you={"vp": 20, "resources": {"stone": 1, "papyrus": 1, "silver": 1}}, rival={"vp": 20}),
        _judge,
        solution=(P("builders_guild", "courtier", "courtier"), {"kind": "tile", "name": "Magisters' Court"}),
        mistake=(P("builders_guild", "courtier", "courtier"), {"kind": "tile", "name": "Craftsman"}),
        mistake_says="at the end of the game",
        goal=_end_vp_tile,
        right=lambda s: f"As things stand your tiles add {s.end_vp()} at the end of the game.",
        wrong=lambda s: "The Architects' Guild and the Magisters' Court are the tiles that score at the end of "
                        "the game.",
        uses=("tiles",)),
)

BY_KEY = {lesson.key: lesson for lesson in LESSONS}


def _market_line(state) -> list:
    """Sell the Iron on the best-paying empty slot, then buy the cheapest Silver and Papyrus."""
    s = state
    out = []
    for step in (P("marketplace"),):
        a = find_action(s, step)
        out.append(a)
        s = s.apply(a)
    sells = [a for a in s.legal_actions() if a.kind == "sell"]
    if sells:   # (with a single empty slot of its Resource the sale makes itself)
        a = max(sells, key=lambda x: s.preview(x)["gained"].get("gold", 0))
        out.append(a)
        s = s.apply(a)
    for res in ("silver", "papyrus"):
        buys = [a for a in s.legal_actions() if a.kind == "buy" and s.preview(a)["gained"].get(res)]
        a = min(buys, key=lambda x: s.preview(x)["paid"].get("gold", 0))
        out.append(a)
        s = s.apply(a)
    return out


def _keep_silver(state) -> list:
    """Pass, then lose Stone at every choice of the raid."""
    s = state
    out = []
    a = find_action(s, {"kind": "pass"})
    while True:
        out.append(a)
        s = s.apply(a)
        if s.current_player != YOU or s.decision != "lose":
            return out
        a = find_action(s, {"kind": "lose", "resource": "stone"})


class Progress(_base.Progress):
    """Which of Archon's lessons are done (see `widgets.tutorial.lessons.Progress`)."""
    LESSONS = LESSONS
