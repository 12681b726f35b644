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

A judge returns CONTINUE while the task is still under way (e.g. after placing
at the Town Centre, before choosing which group to capture), then RIGHT or
WRONG with the explanation. Nothing here decides a rule: every legal choice,
gain and score comes from `archwk`; the judges only compare what happened with
what the task asked for. Pure Python (no UI imports); the interface is
`widgets.tutorial.ui`.
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import archwk
from archwk import Action, GameState, cards
from archwk.model import LOCATION_NAMES

YOU = 0  # the learner's seat in every lesson
#: the learner's name: the library's event sentences read "Ann (you) places a worker…"
LEARNER = "Ann (you)"
RIVAL = "Rival"
RIGHT, WRONG, CONTINUE = "right", "wrong", "continue"


@dataclass(frozen=True)
class Verdict:
    """What the judge says after one of the learner's choices."""
    status: str  # RIGHT, WRONG or CONTINUE
    text: str

    @property
    def done(self) -> bool:
        return self.status != CONTINUE


#: a step of a lesson's solution or mistake: fields an action must have
#: ({"kind": "place", "location": "forest"}) or a function state -> Action
Step = Mapping[str, object] | Callable[[GameState], Action]


@dataclass(frozen=True)
class Lesson:
    key: str
    title: str
    section: str          # the rulebook section it teaches
    explain: str          # the rule in plain words (paragraphs separated by blank lines)
    task: str             # what the learner is asked to do
    setup: Callable[[], GameState]
    judge: Callable[[Attempt], Verdict]
    #: a right line of play (for the tests): steps, or a function state -> [Action, ...]
    solution: tuple[Step, ...] | Callable[[GameState], list[Action]]
    mistake: tuple[Step, ...]       # a wrong line of play (tests)
    mistake_says: str               # words the explanation of that mistake contains (tests)
    hint: str = ""

    def start(self) -> Attempt:
        return Attempt(self)

    def solution_actions(self, state: GameState | None = None) -> list[Action]:
        if callable(self.solution):
            return list(self.solution(state if state is not None else self.setup()))
        return _play_line(self, self.solution, state)

    def mistake_actions(self, state: GameState | None = None) -> list[Action]:
        return _play_line(self, self.mistake, state)


class Attempt:
    """One try at a lesson: the states so far and the judge's last verdict."""

    def __init__(self, lesson: Lesson):
        self.lesson = lesson
        self.states: list[GameState] = [lesson.setup()]
        self.actions: list[Action] = []
        self.verdict: Verdict | None = None

    @property
    def start_state(self) -> GameState:
        return self.states[0]

    @property
    def state(self) -> GameState:
        return self.states[-1]

    @property
    def me(self):
        return self.state.players[YOU]

    @property
    def done(self) -> bool:
        return self.verdict is not None and self.verdict.done

    def choices(self) -> list[Action]:
        """The learner's legal choices now (none once judged or when it is not their decision)."""
        if self.done or self.state.is_over or self.state.current_player != YOU:
            return []
        return self.state.legal_actions()

    def choose(self, action: Action) -> Verdict:
        """Apply the learner's choice (archwk.IllegalAction if the rules forbid it;
        then nothing changes) and judge it."""
        if self.done:
            raise ValueError("this attempt is over; start the lesson again")
        if self.state.current_player != YOU:
            raise ValueError("it is not your decision")
        new = self.state.apply(action)
        self.states.append(new)
        self.actions.append(action)
        verdict = self.lesson.judge(self)
        if not verdict.done and (new.is_over or new.current_player != YOU):
            verdict = Verdict(WRONG, "Your turn ended before the task was done. " + self.lesson.task)
        self.verdict = verdict
        return verdict

    def events_text(self) -> list[str]:
        """What the learner's choices caused, in words, in order."""
        return [e.text for s in self.states[1:] for e in s.events]

    def gained(self, resource: str) -> int:
        """How much of `resource` (or silver/virtue) the learner has more than at the start."""
        return _amount(self.me, resource) - _amount(self.start_state.players[YOU], resource)


def _amount(p, what: str) -> int:
    if what in ("silver", "virtue", "debts_unpaid", "debts_paid", "cathedral_level", "in_prison",
                "workers_in_supply"):
        return getattr(p, what)
    return p.resources[what]


def find_action(state: GameState, step: Step) -> Action:
    """The first legal action matching `step` (see `Step`); ValueError if none."""
    if callable(step):
        return step(state)
    for a in state.legal_actions():
        if all(getattr(a, k) == v for k, v in step.items()):
            return a
    raise ValueError(f"no legal action with {dict(step)} at: {state.prompt}")


def _play_line(lesson: Lesson, steps: Sequence[Step], state: GameState | None) -> list[Action]:
    s = state if state is not None else lesson.setup()
    out = []
    for step in steps:
        a = find_action(s, step)
        out.append(a)
        s = s.apply(a)
    return out


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


def _place(a: Attempt, i: int = 0) -> str | None:
    """Where the learner's i-th choice placed a worker (None if it was no placement)."""
    if len(a.actions) > i and a.actions[i].kind == "place":
        return a.actions[i].location
    return None


def _where(loc: str | None) -> str:
    return LOCATION_NAMES.get(loc, loc) if loc is not None else str(loc)


def _what_happened(a: Attempt) -> str:
    """The learner's last choice's effects in one sentence (its events)."""
    texts = [e.text for e in a.state.events if e.player in (YOU, None) and e.kind not in ("turn",)]
    mine = [t for t in texts if t.startswith(LEARNER + " ")]
    return " ".join(mine[:3])


def _apprentice_name(card_id: int) -> str:
    return cards.APPRENTICES[card_id - 1].name


def _skills(card_id: int) -> frozenset[str]:
    return cards.APPRENTICES[card_id - 1].skills


# --------------------------------------------------------------------------- 1. Aim of the Game

def _aim_setup():
    return position(you=dict(resources={"wood": 2, "stone": 2}, hand=["Well", "Keep", "University"]))


def _aim_judge(a: Attempt) -> Verdict:
    loc = _place(a)
    if loc != "guildhall":
        return Verdict(WRONG, f"The {_where(loc)} gives you goods ({_what_happened(a)}), but goods are "
                              "not points. Victory Points come from constructing buildings and working on "
                              "the Cathedral, and both happen in the Guildhall.")
    if len(a.actions) < 2:
        return Verdict(CONTINUE, "Good: the Guildhall is where you construct. Now choose what to construct.")
    if a.actions[1].kind == "construct":
        b = cards.building(a.actions[1].card)
        return Verdict(RIGHT, f"Right: the {b.name} is worth {b.vp} VP at the end of the game. Buildings and "
                              "the Cathedral are where most points come from; Virtue, Debts, Gold, Marble, "
                              "Silver and Prison adjust the total at the end.")
    return Verdict(WRONG, "That is not constructing a building.")


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
    act = a.actions[0]
    b = cards.building(act.card)
    if not b.skills:
        return Verdict(RIGHT, f"Right: the {b.name} shows no skill symbols, so you can construct it as soon "
                              "as you have its resources. The other three need apprentices with Carpentry, "
                              "Masonry or Tiling first. The three cards you pass go to the next player; the "
                              "draft repeats until everyone holds 3 cards.")
    need = ", ".join(sorted(s.capitalize() for s in b.skills))
    return Verdict(WRONG, f"The {b.name} needs {need}: you could construct it only after hiring apprentices "
                          "with those skills at the Workshop. Look for the card without skill symbols.")


# --------------------------------------------------------------------------- 3. Placing Workers

def _placing_setup():
    return position(board=dict(workers_at={"forest": {1: 4}, "quarry": {YOU: 2}}))


def _placing_judge(a: Attempt) -> Verdict:
    loc = _place(a)
    if loc == "quarry":
        return Verdict(RIGHT, f"Right: with your third worker at the Quarry you gain {a.gained('stone')} Stone "
                              "(1 per worker of yours there). Visiting the same place again and again pays "
                              "more each time.")
    if loc == "forest":
        return Verdict(WRONG, f"Rival's 4 workers at the Forest do nothing for you: only your own workers "
                              f"count, so your first worker there gains just {a.gained('wood')} Wood. "
                              "Your 2 workers at the Quarry would have made it 3 Stone.")
    return Verdict(WRONG, f"The {_where(loc)} gives less: {_what_happened(a)} Your 2 workers already at the "
                          "Quarry make a third one there gain 3 Stone: the more of your own workers at a "
                          "place, the more it gives.")


# --------------------------------------------------------------------------- 4. Gathering

def _gather_setup():
    return position(board=dict(workers_at={"mines": {YOU: 3}}),
                    you=dict(resources={"wood": 2}, hand=["Steeple", "Keep", "University"]))


def _gather_judge(a: Attempt) -> Verdict:
    loc = _place(a)
    if loc != "mines":
        return Verdict(WRONG, f"The {_where(loc)} gives no Gold. Gold comes from the Mines (or the Black "
                              "Market), and your 3 workers there make a fourth one worth 2 Gold.")
    if len(a.actions) < 2:
        return Verdict(CONTINUE, "Good: the Mines. Now choose Clay or Gold (you cannot split).")
    if a.actions[1].option == "gold":
        return Verdict(RIGHT, f"Right: with 4 of your workers at the Mines you take {a.gained('gold')} Gold "
                              "(1 per 2 workers) instead of 5 Clay (1 + 1 per worker). That pays for the "
                              "Steeple's 2 Gold.")
    return Verdict(WRONG, f"You took Clay ({a.gained('clay')}). The Mines give Clay (1 + 1 per worker) OR "
                          "Gold (1 per 2 workers); with 4 workers that is 2 Gold, what the Steeple needs.")


# --------------------------------------------------------------------------- 5. King's Storehouse

def _storehouse_setup():
    return position(you=dict(resources={"clay": 2, "wood": 2, "stone": 2}, hand=["Fountain", "Keep", "University"]))


def _marble_trade(state):
    for a in state.legal_actions():
        if a.kind == "trade" and a.card is None and len(a.option) == 3:
            return a
    raise ValueError("no marble trade")


def _storehouse_judge(a: Attempt) -> Verdict:
    loc = _place(a)
    if loc != "storehouse":
        return Verdict(WRONG, f"The {_where(loc)} gives no Marble here. At the King's Storehouse you can "
                              "trade 3 Wood or Stone (any mix) for 1 Marble.")
    if len(a.actions) < 2:
        return Verdict(CONTINUE, "Good: the King's Storehouse. One worker there means one trade. Choose it.")
    act = a.actions[1]
    if act.kind == "trade" and a.gained("marble") > 0:
        return Verdict(RIGHT, "Right: 3 Wood or Stone buy 1 Marble. The other trade, any 2 of Clay, Wood "
                              "and Stone for 1 Virtue, is worth remembering too. Each of your workers "
                              "there gives one trade, and you may repeat the same one.")
    if act.kind == "trade":
        return Verdict(WRONG, "That trade bought Virtue: 2 resources (Clay, Wood or Stone) give 1 Virtue, "
                              "while 3 Wood or Stone give 1 Marble. Clay never buys Marble.")
    return Verdict(WRONG, "You stopped without trading. Trade 3 Wood or Stone for 1 Marble.")


# --------------------------------------------------------------------------- 6. Workshop

def _workshop_setup():
    # silver 4 pays one hire from column 1 and nothing to skip further
    return position(you=dict(silver=4, resources={"wood": 3, "stone": 2, "gold": 1},
                             hand=["Tavern", "Keep", "University"]))


def _hired(state, action) -> int:
    """The apprentice a hire action takes: the card in that display space (archwk.table)."""
    return archwk.table(state).display[action.target].apprentice


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
    loc = _place(a)
    if loc != "workshop":
        return Verdict(WRONG, f"Apprentices are hired at the Workshop (or the Black Market's middle space), "
                              f"not at the {_where(loc)}.")
    if len(a.actions) < 2:
        return Verdict(CONTINUE, "Good: the Workshop. With your first worker there you may hire from the "
                                 "left-most column only (further columns cost 1 Silver per skipped card). "
                                 "Choose the apprentice.")
    act = a.actions[1]
    if act.kind == "plans":
        return Verdict(WRONG, "You drew building cards instead. The Workshop offers either plans or one "
                              "hire; the Tavern needs an apprentice with Carpentry.")
    card = _hired(a.states[1], act)
    name = _apprentice_name(card)
    if "carpentry" in _skills(card):
        return Verdict(RIGHT, f"Right: the {name} has the Carpentry skill, so the Tavern can be constructed "
                              "now. Hiring cost 4 Silver, 2 of it Tax (to the Tax Stand). An apprentice's "
                              "skill is never used up, and you may hold up to 5 apprentices.")
    have = ", ".join(sorted(s.capitalize() for s in _skills(card))) or "no skill"
    return Verdict(WRONG, f"The {name} has {have}, not Carpentry (the hammer). Look at the skills of the "
                          "apprentices in the left-most column.")


# --------------------------------------------------------------------------- 7. Town Centre

def _town_setup():
    return position(board=dict(workers_at={"forest": {1: 3}, "quarry": {1: 1, YOU: 1}, "mines": {1: 2}}),
                    you=dict(silver=6))


def _town_judge(a: Attempt) -> Verdict:
    loc = _place(a)
    if loc != "town_centre":
        return Verdict(WRONG, f"Captures happen at the Town Centre, not at the {_where(loc)}.")
    if len(a.actions) < 2:
        return Verdict(CONTINUE, "Good: one worker at the Town Centre means one capture, for 1 Silver (that "
                                 "first Silver is Tax). Now choose the group.")
    act = a.actions[1]
    if act.kind == "capture" and act.location == "forest" and act.target == 1:
        return Verdict(RIGHT, "Right: Rival's 3 workers at the Forest are the largest group. Captured "
                              "workers sit on your board until you send them to Prison at the Guardhouse "
                              "(1 Silver each); Rival can free them there.")
    if act.kind == "capture" and act.target == YOU:
        return Verdict(WRONG, "You captured your own worker: that only returns it to your supply. The "
                              "largest group is Rival's 3 workers at the Forest.")
    if act.kind == "capture":
        n = a.states[1].workers_at(act.location).get(act.target, 0)
        return Verdict(WRONG, f"That group has only {n} worker{'s' if n != 1 else ''}; a capture takes one whole "
                              "group of one colour from one place, so take the largest: Rival's 3 at the Forest.")
    return Verdict(WRONG, "You stopped without capturing. Capture Rival's largest group: 3 workers at the Forest.")


# --------------------------------------------------------------------------- 8. Tax Stand

def _tax_setup():
    return position(board=dict(tax=7, workers_at={"silversmith": {YOU: 1}}),
                    you=dict(silver=2, debts_unpaid=1))


def _tax_judge(a: Attempt) -> Verdict:
    loc = _place(a)
    if loc == "tax_stand":
        return Verdict(RIGHT, f"Right: you take all {a.gained('silver')} Silver above the Tax Stand and lose "
                              "2 Virtue (now {0}). The Tax in it comes from everyone's payments; you cannot "
                              "go there when it is empty.".format(a.me.virtue))
    if loc == "silversmith":
        return Verdict(WRONG, f"The Silversmith gives 1 + 1 Silver per worker of yours there: "
                              f"{a.gained('silver')} Silver. The Tax Stand held 7, at a price of 2 Virtue.")
    return Verdict(WRONG, f"The {_where(loc)} gives little Silver. The Tax Stand holds 7 Silver of Tax: "
                          "you can take it all, losing 2 Virtue.")


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
    loc = _place(a)
    if not (loc or "").startswith("black_market"):
        return Verdict(WRONG, f"The {_where(loc)} sells no Marble. Look at the Black Market spaces: each "
                              "sells the goods shown on its card for Silver and 1 Virtue.")
    if a.gained("marble") > 0:
        return Verdict(RIGHT, f"Right: that space sold you {a.gained('marble')} Marble. Each Black Market "
                              "space takes one worker until the next reset, costs 1 Virtue, and is closed "
                              "to anyone with 10 or more Virtue.")
    if loc == "black_market_b" and len(a.actions) < 2:
        return Verdict(WRONG, "The middle space hires an apprentice or draws building cards: no Marble. "
                              "The goods are shown on the left and right spaces' cards.")
    return Verdict(WRONG, f"That space sold no Marble ({_what_happened(a)}). Read the goods under each "
                          "Black Market space: one of them offers Marble.")


# --------------------------------------------------------------------------- 10. Guardhouse

def _guard_setup():
    return position(you=dict(silver=6), rival=dict(captured={YOU: 3}))


def _guard_judge(a: Attempt) -> Verdict:
    loc = _place(a)
    if loc != "guardhouse":
        return Verdict(WRONG, f"Only the Guardhouse frees your workers from Rival's board, not the {_where(loc)}.")
    if len(a.actions) < 2:
        return Verdict(CONTINUE, "Good: the Guardhouse. One worker there gives one action. Choose it.")
    opt = a.actions[1].option
    if opt == "release_silver":
        return Verdict(RIGHT, "Right: 5 Silver (2 of it Tax) bring all your captured workers home. The "
                              "Guardhouse also sends workers you captured to Prison (1 Silver each), "
                              "releases your own from Prison, and pays off Debts (6 Silver).")
    if opt == "release_debt":
        return Verdict(WRONG, "That freed them, but by taking a Debt and losing 1 Virtue: an unpaid Debt "
                              "costs 2 VP at the end. You had the 5 Silver to pay instead.")
    return Verdict(WRONG, "That action does not free your workers from Rival's board.")


# --------------------------------------------------------------------------- 11. Guildhall

def _guild_setup():
    return position(you=dict(resources={"clay": 2, "wood": 2, "stone": 2}, hand=["Well", "Tiler's Hut", "Castle"]))


def _guild_judge(a: Attempt) -> Verdict:
    loc = _place(a)
    if loc != "guildhall":
        return Verdict(WRONG, f"Buildings are constructed in the Guildhall, not at the {_where(loc)}.")
    if len(a.actions) < 2:
        return Verdict(CONTINUE, "Good: your worker fills the next Guildhall space and stays there for the "
                                 "rest of the game. Now choose what to construct.")
    act = a.actions[1]
    if act.kind == "construct" and act.card == "Tiler's Hut":
        return Verdict(RIGHT, "Right: the Tiler's Hut is worth 5 VP, the Well 3, and your Clay, Wood and "
                              "Stone pay for only one of them (the Castle is out of reach). Every "
                              "construction fills a Guildhall space; when the last space fills, the game "
                              "ends.")
    if act.kind == "construct":
        return Verdict(WRONG, f"The {act.card} is worth {cards.building(act.card).vp} VP; the Tiler's Hut, "
                              "which you could also pay for, is worth 5.")
    return Verdict(WRONG, "That is not a construction.")


# --------------------------------------------------------------------------- 12. Constructing a Building

def _build_setup():
    return position(you=dict(resources={"wood": 3, "stone": 2, "gold": 1}, hand=["Tavern", "Well", "Keep"],
                             apprentices=["Woodcutter"]))


def _build_judge(a: Attempt) -> Verdict:
    loc = _place(a)
    if loc != "guildhall":
        return Verdict(WRONG, f"Buildings are constructed in the Guildhall, not at the {_where(loc)}.")
    if len(a.actions) < 2:
        return Verdict(CONTINUE, "Good. Now choose the building.")
    act = a.actions[1]
    if act.kind == "construct" and act.card == "Tavern":
        return Verdict(RIGHT, "Right: the Tavern needs Carpentry, and your Woodcutter has it; the apprentice "
                              "stays with you (skills are never used up). The Tavern is worth 6 VP and lets "
                              "you hire any face-up apprentice for free right away.")
    if act.kind == "construct":
        return Verdict(WRONG, f"The {act.card} is worth {cards.building(act.card).vp} VP. The Tavern (6 VP) "
                              "needs Carpentry, which your Woodcutter provides, so you could construct it.")
    return Verdict(WRONG, "That is not a construction.")


# --------------------------------------------------------------------------- 13. The Cathedral

def _cathedral_setup():
    return position(you=dict(resources={"gold": 1, "wood": 2, "stone": 2}, hand=["Well", "Keep", "University"]))


def _cathedral_judge(a: Attempt) -> Verdict:
    loc = _place(a)
    if loc != "guildhall":
        return Verdict(WRONG, f"Work on the Cathedral is done from the Guildhall, not the {_where(loc)}.")
    if len(a.actions) < 2:
        return Verdict(CONTINUE, "Good: the Guildhall. Now choose the Cathedral.")
    act = a.actions[1]
    if act.kind == "cathedral":
        return Verdict(RIGHT, "Right: you pay the next level's cost (1 Gold for level 1), discard a building "
                              "card, move up one level and reveal a reward card. Levels are worth 2, 4, 7, "
                              "12 and 20 VP, and each has room for only a few markers: 3, 3, 2, 2 and 1, "
                              "from level 1 up.")
    return Verdict(WRONG, f"You constructed the {act.card} instead. The Cathedral is the other choice in the "
                          "Guildhall; its first level costs 1 Gold.")


# --------------------------------------------------------------------------- 14. Virtue Track

def _virtue_setup():
    return position(you=dict(virtue=4, silver=3, resources={"gold": 1, "clay": 2, "wood": 1},
                             hand=["Keep", "University", "Castle"]))


def _virtue_judge(a: Attempt) -> Verdict:
    loc = _place(a)
    if loc != "storehouse":
        what = "takes 2 Virtue away" if loc == "tax_stand" else "gives no Virtue"
        return Verdict(WRONG, f"The {_where(loc)} {what}. The King's Storehouse trades 2 of Clay, Wood and "
                              "Stone for 1 Virtue.")
    if len(a.actions) < 2:
        return Verdict(CONTINUE, "Good: the King's Storehouse. Choose the trade.")
    if a.me.virtue > 4:
        return Verdict(RIGHT, f"Right: you are at {a.me.virtue} Virtue, so the Cathedral is open to you again. "
                              "At 4 or less you cannot work on it; at 3 or less you skip some Tax; at 10 or "
                              "more the Black Market closes. At the end, Virtue gains or loses VP.")
    return Verdict(WRONG, "That trade did not raise your Virtue. 2 of Clay, Wood or Stone buy 1 Virtue.")


# --------------------------------------------------------------------------- 15. Black Market Reset

def _reset_setup():
    return position(board=dict(workers_at={"black_market_a": {1: 1}, "black_market_b": {1: 1}}),
                    you=dict(silver=5), rival=dict(in_prison=2))


def _reset_judge(a: Attempt) -> Verdict:
    loc = _place(a)
    resets = [e for s in a.states[1:] for e in s.events if e.kind == "reset"]
    if resets:
        rival = a.state.players[1]
        return Verdict(RIGHT, f"Right: the third Black Market space was filled, so the Black Market resets. "
                              f"All three workers went to Prison (Rival now has {rival.in_prison} there, you "
                              f"{a.me.in_prison}); the Small Market card flipped to the Large side; players "
                              "with 3 or more in Prison lost 1 Virtue, and whoever has the most in Prison "
                              "took a Debt.")
    if loc == "black_market_c" and len(a.actions) == 1:
        return Verdict(CONTINUE, "Finish the Black Market action.")
    return Verdict(WRONG, f"Placing at the {_where(loc)} does not trigger a reset. A reset comes when all 3 "
                          "Black Market spaces hold a worker, or when a worker lands on the left-most space "
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


def _turn_totals(state: GameState, limit: int = 20000) -> dict:
    """Every way to finish You's current turn, grouped by the first choice:
    {first action label: (best total reached, the actions of that line)}."""
    best: dict[str, tuple[int, tuple[Action, ...]]] = {}
    seen = 0

    def walk(s, line):
        nonlocal seen
        seen += 1
        if seen > limit:
            raise RuntimeError("too many ways to finish this turn to compare them all")
        if s.is_over or s.current_player != YOU:
            total = archwk.final_scores(s)[YOU].total
            key = str(line[0])
            if total > best.get(key, (-10 ** 9,))[0]:
                best[key] = (total, line)
            return
        for act in s.legal_actions():
            walk(s.apply(act), line + (act,))

    walk(state, ())
    return best


@functools.cache
def _end_best() -> tuple[int, tuple[Action, ...]]:
    """The best total You can reach on the last turn, and a line of play reaching it."""
    totals = _turn_totals(_end_setup())
    return max(totals.values(), key=lambda tl: tl[0])


def _end_solution(state: GameState) -> list[Action]:
    return list(_end_best()[1])


def _end_judge(a: Attempt) -> Verdict:
    if not (a.state.is_over or a.state.current_player != YOU):
        return Verdict(CONTINUE, "Go on: finish your turn.")
    before = archwk.final_scores(a.start_state)[YOU].total
    sc = archwk.final_scores(a.state)[YOU]
    best, line = _end_best()
    how = ", then ".join(str(x) for x in line)
    lines = (f"buildings {sc.buildings}, Cathedral {sc.cathedral}, Virtue {sc.virtue:+d}, Debts {sc.debts:+d}, "
             f"Gold and Marble {sc.gold_marble}, Silver {sc.silver}, Prison {sc.prison:+d}")
    if sc.total >= best:
        return Verdict(RIGHT, f"Right: that was the best last move: {before} -> {sc.total} VP ({lines}). "
                              "A construction in the final round still counts, even with the Guildhall full.")
    return Verdict(WRONG, f"That made {before} -> {sc.total} VP ({lines}). The best last move reached {best}: "
                          f"{how}. Buildings score their VP; Gold and Marble 1 each; Silver only per full 10; "
                          "an unpaid Debt costs 2.")


# --------------------------------------------------------------------------- 17. Solo play

def _solo_setup():
    return position(names=(LEARNER,), board=dict(workers_at={"quarry": {1: 2}}), you=dict(captured={1: 4}))


def _solo_judge(a: Attempt) -> Verdict:
    loc = _place(a)
    if loc != "guardhouse":
        return Verdict(WRONG, f"The {_where(loc)} does not send prisoners away. Captured workers go to "
                              "Prison from the Guardhouse.")
    if len(a.actions) < 2:
        return Verdict(CONTINUE, "Good: the Guardhouse. Choose the action.")
    if a.actions[1].option == "send_to_prison":
        return Verdict(RIGHT, "Right: you earn 1 Silver per prisoner, and the opponent loses 1 VP for every "
                              "2 of its workers in Prison at the end. After your turn the opponent revealed "
                              "a Scheme card, which placed one of its workers for it.")
    return Verdict(WRONG, "That action does not send the captured workers to Prison.")


# --------------------------------------------------------------------------- 18. Variable setup

THERESE = archwk.Options(board_side=2, characters=("Therese", "Caroline"))


def _variable_setup():
    return position(options=THERESE, you=dict(resources={"marble": 1, "gold": 0}))


def _variable_judge(a: Attempt) -> Verdict:
    loc = _place(a)
    if loc != "guildhall":
        return Verdict(WRONG, f"You do not need Gold from the {_where(loc)}: Therese treats Marble and Gold as "
                              "the same resource, and you hold 1 Marble. The Cathedral is reached from the "
                              "Guildhall.")
    if len(a.actions) < 2:
        return Verdict(CONTINUE, "Good: the Guildhall. Now choose the Cathedral.")
    if a.actions[1].kind == "cathedral":
        return Verdict(RIGHT, "Right: Therese paid the level's 1 Gold with her Marble. On side 2 of the "
                              "player boards each character starts with its own Silver, Virtue, goods and "
                              "prisoners, and the player with the most Virtue starts.")
    return Verdict(WRONG, "That is not work on the Cathedral.")


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
        "Score victory points this turn.",
        _aim_setup, _aim_judge,
        solution=(P("guildhall"), {"kind": "construct", "card": "Well"}),
        mistake=(P("forest"),), mistake_says="goods are not points",
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
        "Gain as much as you can with this worker: compare the Quarry, where you have 2 workers, with the "
        "Forest, where Rival has 4.",
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
        mistake=(P("guardhouse"), {"kind": "guard", "option": "release_debt"}), mistake_says="taking a Debt"),
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
        solution=(P("guildhall"), {"kind": "cathedral"}),
        mistake=(P("guildhall"), {"kind": "construct", "card": "Well"}), mistake_says="You constructed the Well"),
    Lesson(
        "virtue", "The Virtue track", "Virtue Track",
        "Virtue moves up and down as you play. Its level matters during the game: with 4 or less you may not "
        "work on the Cathedral; with 3 or less you skip some Tax; with 10 or more the Black Market is closed "
        "to you. At the end it adds or takes away VP.",
        "You are at 4 Virtue, so the Cathedral is closed to you. Raise your Virtue this turn.",
        _virtue_setup, _virtue_judge,
        solution=(P("storehouse"), {"kind": "trade", "option": ("clay", "clay")}),
        mistake=(P("tax_stand"),), mistake_says="takes 2 Virtue away"),
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
        solution=(P("guildhall"), {"kind": "cathedral"}), mistake=(P("mines"),), mistake_says="Therese treats"),
)

BY_KEY = {lesson.key: lesson for lesson in LESSONS}


@dataclass
class Progress:
    """Which lessons are done, for the progress display."""
    done: set[str] = field(default_factory=set)

    def mark(self, key: str) -> None:
        self.done.add(key)

    @property
    def count(self) -> int:
        return sum(1 for lesson in LESSONS if lesson.key in self.done)

    def summary(self) -> str:
        return f"{self.count} of {len(LESSONS)} lessons done"
