"""Architects of the West Kingdom as one `archwk.kit.game.Game`: what the kit
(records, codes, bots, coach, widgets) may ask of it. `archwk.GAMES` lists it.

It sits on top of the rules (beside the read API it names), and gives its
states their `state.game`.
"""
from __future__ import annotations

from ...kit.game import Game
from . import encoding, explain, gamecode, ruleset
from .constants import GAME_NAME
from .engine import quiet
from .game import GameState, from_game_code, load_record, new_game, replay
from .options import Options
from .save import state_dict
from .scoring import final_scores, winners
from .table import table


def game_facts(s: GameState) -> dict:
    """A finished game's facts for batch statistics."""
    return {"turns": s.turn_no, "first_player": s.first_player}


def seat_facts(s: GameState, seat: int) -> dict | None:
    """A seat's facts for batch statistics (None: the solo game's Byzantine opponent)."""
    p = s.players[seat]
    if p.is_byzantine:
        return None
    return {"buildings_built": list(p.buildings), "apprentices": list(p.apprentices), "character": p.character}


def automa_seats(s: GameState) -> frozenset[int]:
    """The solo game's Byzantine opponent's seat."""
    return frozenset(i for i, p in enumerate(s.players) if p.is_byzantine)


GAME = Game(
    name=GAME_NAME,
    title="Architects of the West Kingdom",
    min_players=1,  # 1: solo, against the Byzantine opponent
    max_players=5,
    Options=Options,
    new_game=new_game,
    replay=replay,
    load_record=load_record,
    from_game_code=from_game_code,
    code_prefix=gamecode.PREFIX,
    final_scores=final_scores,
    winners=winners,
    table=table,
    explainer=explain,
    rules=ruleset,
    observation=state_dict,
    quiet=quiet,
    game_facts=game_facts,
    seat_facts=seat_facts,
    automa_seats=automa_seats,
    play_side={
        # a position's worth to a player, in VP (the bots' leaf evaluator)
        "evaluator": "archwk.ai.bots:position_value",
        # a full game consistent with one player's view (what search plays on)
        "determinizer": "archwk.ai.determinize:Determinizer",
        # the win-chance model's features of a position, one row per seat
        "winchance_features": "archwk.ai.winchance:features",
        # the heuristic player
        "heuristic": "archwk.ai.bots:HeuristicBot",
    },
    # for game-AI libraries (archwk.interop: OpenSpiel, PettingZoo): every action in a
    # fixed order (its integer id) and the numbers a player observes
    all_actions=encoding.all_actions,
    observation_layout=encoding.observation_layout,
    observation_vector=encoding.observation_vector,
)

#: every state of this game answers `state.game` with the one Game object
GameState.game = GAME
