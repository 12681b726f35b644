"""A game session: the states of one line of play, a cursor into them, and who
sits in each seat. Pure Python (no UI imports), so it is easy to test and reuse.

Every state is kept (states share their unchanged parts, so this is cheap); the
cursor says which one is shown. History is a tree: choosing an action or
editing at a past point starts a new line from there, and the line it left
stays as a branch (`lines()`, `switch(i)`), so no decision is ever lost.
`undo()` steps back to the last person's decision without dropping anything.

>>> import archwk
>>> s = Session(archwk.new_game(2, seed=1), seats=["person", "person"])
>>> first = s.state
>>> a, b = s.state.legal_actions()[:2]
>>> s.choose(a) is s.state
True
>>> s.goto(0) is first
True
>>> _ = s.choose(b)                # a new line; the line with `a` is kept
>>> [(line.number, line.fork, line.current) for line in s.lines()]
[(1, None, False), (2, 0, True)]
>>> s.switch(1).history == (a,)
True
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import archwk
from archwk.games import load_record
from archwk.kit.game import State
from archwk.kit.records import MAX_COMMENT, Loaded, Meta


@dataclass(frozen=True)
class Line:
    """One line of play of a session (see `Session.lines`). `fork` is the
    state number where it left the line it branched from (None for the first
    line), `first_move` the label of its first decision after the fork
    ("edited position" for a what-if edit), `decisions` how many states it has
    after the start, `turn` the turn its last state is in."""
    number: int
    fork: int | None
    parent: int | None
    first_move: str
    decisions: int
    turn: int
    over: bool
    current: bool
    #: what the game counts in `turn` ("turn"; Archon: "round")
    turn_name: str = "turn"

    @property
    def title(self) -> str:
        """The line in words, for a menu."""
        end = "game over" if self.over else f"{self.turn_name} {self.turn}"
        if self.fork is None:
            return f"Line {self.number}: the first line ({self.decisions} decisions, {end})"
        return (f"Line {self.number}: from decision {self.fork} of line {self.parent}, "
                f"{self.first_move} ({self.decisions} decisions, {end})")

def bot_kinds() -> dict[str, Any]:
    """The bots of the registry (`archwk.bots.BOTS`) by seat name, in menu order
    ("random" first): a bot added to the registry shows up in the seat menus
    without a change here."""
    return {k.name: k.factory for k in archwk.bots.BOTS}


#: what a seat can hold, as offered in the explorer's seat menus
SEAT_KINDS = ("person", *archwk.bots.BOT_NAMES)


def make_bot(kind: Any, seed: int = 0):
    """The bot for a seat description: None for a person ("person", "human",
    None), a bot of the registry by its spec ("random", "mcts:50", ...), or any
    object with `choose(state)` as it is."""
    if kind is None or kind in ("person", "human"):
        return None
    if isinstance(kind, str):
        return archwk.bots.make_bot(kind.strip().lower(), seed)
    if hasattr(kind, "choose"):
        return kind
    raise ValueError(f"seat: expected one of {', '.join(SEAT_KINDS)} or a bot with choose(state), got {kind!r}")


def _turn_of(state) -> int:
    """The turn a state is in, as its game's pages count it (`widgets.games.GameUI.turn_of`,
    read from the game's table), imported only when a session was given no count."""
    from .games import ui_for
    return ui_for(state.game).turn_of(state)


def _turn_name(state) -> str:
    """What the game's pages count turns in (`widgets.games.GameUI.turn_name`); "turn" for a
    game without pages."""
    from .games import ui_for
    try:
        return ui_for(state.game).turn_name
    except LookupError:
        return "turn"


def _seat_kind(bot) -> str:
    if bot is None:
        return "person"
    for kind in archwk.bots.BOTS:
        if type(bot) is kind.factory:
            return kind.name
    return type(bot).__name__


class Session:
    """States of one line of play with a cursor; bots per seat; save and load.

    `seats` gives, per player, a person (None / "person") or a bot ("random" or
    an object with `choose(state)`); missing seats are people. Bots never play
    on their own: `choose` runs them after a person's choice (and `run_bots`
    runs them on demand), so a test or a notebook stays in control.
    """

    MAX_BOT_DECISIONS = 200_000  # a game longer than this is an engine bug

    def __init__(self, state: State, seats: Sequence | None = None, *, bot_seed: int = 0,
                 turn_of: Callable[[Any], int] | None = None, turn_name: str | None = None):
        if not isinstance(state, State):
            raise ValueError(f"Session: expected a game state (archwk.GameState), got {type(state).__name__}")
        if state.is_view:
            raise ValueError("Session: a player's view cannot be played on; start from the full state")
        self._states: list[State] = [state]
        self._moves: list = [None]  # the action that led to each state (None: start or edit)
        # every line of play: [states, moves, fork, parent]; the current one is _states/_moves
        self._lines: list[list] = [[self._states, self._moves, None, None]]
        self._current = 0
        self.meta = Meta()  # of the save file last loaded (title, date, comments)
        self._notes: dict[int, tuple[State, str]] = {}  # comments: state index -> (that state, text)
        self.cursor = 0
        self.bot_seed = bot_seed
        #: the turn (or round) a state is in, for the lines' titles: the game's own count
        #: (`widgets.games.GameUI.turn_of`)
        self.turn_of: Callable[[Any], int] = turn_of if turn_of is not None else _turn_of
        #: what that count counts ("turn"; Archon: "round")
        self.turn_name: str = turn_name if turn_name is not None else _turn_name(state)
        self.seats: list = []
        self._set_all_seats(seats)

    # ---------------------------------------------------------------- reading
    @property
    def state(self) -> State:
        """The state at the cursor."""
        return self._states[self.cursor]

    @property
    def states(self) -> tuple[State, ...]:
        return tuple(self._states)

    @property
    def latest(self) -> State:
        """The last state of the current line."""
        return self._states[-1]

    def __len__(self) -> int:
        return len(self._states)

    @property
    def at_end(self) -> bool:
        return self.cursor == len(self._states) - 1

    def actor(self, index: int) -> int | None:
        """Who made the decision that led to state `index` (None for the first)."""
        if index <= 0:
            return None
        return self._states[index - 1].current_player

    def action_at(self, index: int):
        """The action that led to state `index` (None for the first state and
        for a what-if edit)."""
        if index <= 0:
            return None
        return self._moves[index]

    def seat_kind(self, player: int) -> str:
        return _seat_kind(self.seats[player])

    def is_bot_seat(self, player: int | None) -> bool:
        return player is not None and self.seats[player] is not None

    @property
    def bot_to_move(self) -> bool:
        """The decision at the cursor belongs to a bot seat."""
        s = self.state
        return not s.is_over and self.is_bot_seat(s.current_player)

    # ---------------------------------------------------------------- moving
    def goto(self, index: int) -> State:
        if not isinstance(index, int) or isinstance(index, bool):
            raise ValueError(f"goto: expected a state number, got {index!r}")
        if not 0 <= index < len(self._states):
            raise ValueError(f"goto: no state {index}; this line has states 0 to {len(self._states) - 1}")
        self.cursor = index
        return self.state

    def back(self, steps: int = 1) -> State:
        return self.goto(max(0, self.cursor - steps))

    def forward(self, steps: int = 1) -> State:
        return self.goto(min(len(self._states) - 1, self.cursor + steps))

    def undo(self) -> State:
        """Step back to the last decision a person made before the cursor (bots'
        replies are stepped over; with bots in every seat, one decision back).
        Nothing is dropped: Forward, the slider or a branch lead back."""
        k = self.cursor - 1
        while k > 0 and self.is_bot_seat(self._states[k].current_player) and self._moves[k + 1] is not None:
            k -= 1
        if k >= 0 and self.is_bot_seat(self._states[k].current_player) and self._moves[k + 1] is not None:
            k = self.cursor - 1  # no person's decision behind: one step
        return self.goto(max(0, k))

    # ---------------------------------------------------------------- lines
    def lines(self) -> list[Line]:
        """Every line of play, in the order they were made; none is ever dropped."""
        out = []
        for i, (states, moves, fork, parent) in enumerate(self._lines):
            first = ""
            if fork is not None:
                m = moves[fork + 1]
                if m is None:
                    first = "edited position"
                else:
                    who = states[fork].current_player
                    name = states[fork].players[who].name if who is not None else ""
                    first = f"{name}: {m}" if name else str(m)
            last = states[-1]
            out.append(Line(i + 1, fork, None if parent is None else parent + 1, first, len(states) - 1,
                            self.turn_of(last), last.is_over, i == self._current, self.turn_name))
        return out

    @property
    def line_number(self) -> int:
        """The number of the line shown (1-based, as `lines()` numbers them)."""
        return self._current + 1

    def switch(self, number: int) -> State:
        """Show line `number` (1-based, see `lines()`), at its last state."""
        if not isinstance(number, int) or isinstance(number, bool) or not 1 <= number <= len(self._lines):
            raise ValueError(f"switch: no line {number!r}; this session has lines 1 to {len(self._lines)}")
        self._current = number - 1
        self._states, self._moves = self._lines[self._current][:2]
        self.cursor = len(self._states) - 1
        return self.state

    # ---------------------------------------------------------------- playing
    def _push(self, new: State, action=None) -> State:
        if self.cursor + 1 < len(self._states):
            # a choice at a past point starts a new line; the line it leaves is kept
            nxt = self._states[self.cursor + 1]
            if action is not None and self._moves[self.cursor + 1] == action and nxt.to_json() == new.to_json():
                self.cursor += 1  # the same choice again: follow the line already there
                return nxt
            fork = self.cursor
            self._states = self._states[:fork + 1]
            self._moves = self._moves[:fork + 1]
            self._lines.append([self._states, self._moves, fork, self._current])
            self._current = len(self._lines) - 1
        self._states.append(new)
        self._moves.append(action)
        self.cursor = len(self._states) - 1
        return new

    def choose(self, action, *, run_bots: bool = True) -> State:
        """Apply `action` at the cursor (archwk.IllegalAction if the rules forbid
        it; then nothing changes), then let bot seats play until a person's
        decision or the end. Returns the state at the cursor."""
        self._push(self.state.apply(action), action)
        if run_bots:
            self.run_bots()
        return self.state

    def bot_step(self) -> bool:
        """One decision by the bot whose turn it is; False if it is nobody's bot turn."""
        if not self.bot_to_move:
            return False
        s = self.state
        p = s.current_player
        assert p is not None  # a bot is to move
        action = self.seats[p].choose(s)
        self._push(s.apply(action), action)
        return True

    def run_bots(self, max_decisions: int | None = None) -> int:
        """Let bots decide until a person must decide or the game ends; returns
        how many decisions they made."""
        limit = self.MAX_BOT_DECISIONS if max_decisions is None else max_decisions
        n = 0
        while n < limit and self.bot_step():
            n += 1
        return n

    def edit(self, player: int | None = None, **changes) -> State:
        """A what-if edit at the cursor (`GameState.edit`); ValueError and no
        change if the library rejects it."""
        return self._push(self.state.edit(player, **changes))

    # ---------------------------------------------------------------- seats
    def _set_all_seats(self, seats) -> None:
        n = len(self.state.players)
        seats = list(seats) if seats is not None else []
        if len(seats) > n:
            raise ValueError(f"seats: {len(seats)} given for {n} players")
        seats += [None] * (n - len(seats))
        automa = self.state.game.automa_seats(self.state)
        self.seats = [None if i in automa else make_bot(k, self.bot_seed + i) for i, k in enumerate(seats)]

    def set_seat(self, player: int, kind) -> None:
        """Put a person or a bot in a seat. The solo opponent plays itself."""
        if not isinstance(player, int) or not 0 <= player < len(self.seats):
            raise ValueError(f"set_seat: no player {player!r}")
        if player in self.state.game.automa_seats(self.state):
            raise ValueError("set_seat: the solo opponent is played by the rules themselves")
        self.seats[player] = make_bot(kind, self.bot_seed + player)

    # ---------------------------------------------------------------- saving
    def save(self, **meta) -> str:
        """The save file (the game record) of the last state of the current line
        (`GameState.to_json`), with the comments on its steps and any `meta`
        (title=, date=)."""
        comments = self.comments()
        if comments:
            meta.setdefault("comments", comments)
        if self.meta.title and "title" not in meta:
            meta["title"] = self.meta.title
        return self.latest.to_json(**meta)

    def comments(self) -> dict[int, str]:
        """The comments on the steps of the current line, by step (0 = the first)."""
        return {i - 1: text for i, (st, text) in sorted(self._notes.items())
                if 0 < i < len(self._states) and self._states[i] is st}

    def comment_at(self, index: int) -> str | None:
        """The comment on the step that led to state `index`, if any."""
        hit = self._notes.get(index)
        return hit[1] if hit and index < len(self._states) and self._states[index] is hit[0] else None

    def set_comment(self, index: int, text: str) -> None:
        """Comment on the step that led to state `index` ('' removes it)."""
        if not isinstance(index, int) or not 0 < index < len(self._states):
            raise ValueError(f"set_comment: no step leads to state {index!r}")
        if not isinstance(text, str) or len(text) > MAX_COMMENT:
            raise ValueError(f"set_comment: a comment is text of at most {MAX_COMMENT} characters")
        if text.strip():
            self._notes[index] = (self._states[index], text.strip())
        else:
            self._notes.pop(index, None)

    def load(self, text: str | bytes) -> State:
        """Replace the session by a saved game. The file is replayed through
        the rules (`GameState.from_json`), so every earlier state is kept for
        the history; comments come with it. A bad document raises
        `archwk.InvalidSave` (the library's message) and leaves the session as
        it was; so does a saved game of another game than the session's."""
        loaded = load_record(text, states=True)
        self._take(loaded)
        return self.state

    def load_code(self, code: str) -> State:
        """Replace the session by the game a game code (or a link with one) stands for
        (`archwk.InvalidSave` if it is another game's: nothing changes)."""
        state = archwk.from_game_code(code)
        self._take(Loaded(state, Meta(), (state,), (None,)), rebuild=True)
        return self.state

    def _take(self, loaded, rebuild: bool = False) -> None:
        state = loaded.state
        here = self.state.game
        if state.game is not here:  # a page draws one game: its board cannot show another's
            raise archwk.InvalidSave(f"this is a game of {state.game.title}; this page plays {here.title} "
                                     "(open that game's page to load it)")
        if rebuild:
            loaded = state.game.load_record(state.record(), states=True)
        states = list(loaded.states)
        moves = [None if m is None or m.kind == "edit" else m for m in loaded.steps]  # edits: no move
        states[-1] = state
        seats = self.seats if len(state.players) == len(self.seats) else None
        self._states, self._moves = states, moves
        self._lines, self._current = [[states, moves, None, None]], 0
        self.meta = loaded.meta
        self._notes = {i + 1: (states[i + 1], c) for i, c in loaded.meta.comments.items() if i + 1 < len(states)}
        self.cursor = len(states) - 1
        if seats is None:
            self._set_all_seats(None)
        else:
            automa = state.game.automa_seats(state)
            self.seats = [None if i in automa else b for i, b in enumerate(seats)]

    @classmethod
    def from_json(cls, text: str, seats: Sequence | None = None) -> Session:
        loaded = load_record(text, states=True)
        out = cls(loaded.state, seats)
        out._take(loaded)
        if seats is not None:
            out._set_all_seats(seats)
        return out

