"""The small answers the kit's game-neutral bots (`archwk.ai`) ask of Architects
by role (`archwk.games.architects.definition`, `play_side`), beside the bigger
pieces of `heuristics`, `expert`, `determinize` and `winchance`."""
from __future__ import annotations

from .heuristics import in_stalemate, stalemate_choice


def action_key(a):
    """An action's identity across determinizations: each sample lists its own
    Action objects; their identity tuple is hashed and compared by the
    interpreter itself."""
    return a._key


def leave_to_heuristic(s) -> bool:
    """The decisions the search bots leave to the heuristic player: the setup
    drafts (the search starts once play has begun)."""
    return s.phase != "play"


def backstop(s, actions):
    """The bots' backstop: past `STALEMATE_TURNS` turns a player every bot plays
    the closing plan (`stalemate_choice`), so that a game between bots that
    farm Gold still ends; None before that."""
    return stalemate_choice(s, actions) if in_stalemate(s) else None


def bot_seats(s) -> list[int]:
    """The seats that take decisions: all but the solo game's Byzantine opponent,
    who plays by its Scheme cards."""
    return [i for i, p in enumerate(s.players) if not p.is_byzantine]


def turn_of(s):
    """The turn a decision belongs to (the coach plays the rest of the mover's turn)."""
    return s.turn_no
