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
    # the bots' roles (`archwk.ai.roles`), imported when first asked: the rules never import them
    play_side={
        # a full game consistent with one player's view (what search plays on)
        "determinizer": "archwk.games.architects.play.determinize:Determinizer",
        # the player a view belongs to
        "viewer_of": "archwk.games.architects.play.determinize:viewer_of",
        # an action's identity across determinizations
        "action_key": "archwk.games.architects.play.roles:action_key",
        # the actions a bot considers (not the free apprentice discards)
        "candidates": "archwk.games.architects.play.heuristics:without_free_discards",
        # a position's worth to a player, in VP (the bots' leaf evaluator)
        "evaluator": "archwk.games.architects.play.heuristics:position_value",
        # the rule-of-thumb policy (the "fast" bot, rollouts)
        "rollout_policy": "archwk.games.architects.play.heuristics:fast_choice",
        # the heuristic player
        "heuristic": "archwk.games.architects.play.heuristics:HeuristicBot",
        # the setup drafts, which the search bots leave to the heuristic player
        "leave_to_heuristic": "archwk.games.architects.play.roles:leave_to_heuristic",
        # the closing plan past the bots' stalemate turn
        "backstop": "archwk.games.architects.play.roles:backstop",
        # what the rules say a move throws away (the coach's judgement names it)
        "move_facts": "archwk.games.architects.play.facts:move_facts",
        # the seats that take decisions (not the Byzantine opponent)
        "bot_seats": "archwk.games.architects.play.roles:bot_seats",
        # the expert's leaf value, its lookahead, placement prior and long-game ramp
        "win_value": "archwk.games.architects.play.expert:win_value",
        "exploration": "archwk.games.architects.play.expert:exploration",
        "lookahead": "archwk.games.architects.play.expert:lookahead",
        "prior_weights": "archwk.games.architects.play.expert:prior_weights",
        "closing_weight": "archwk.games.architects.play.expert:closing_weight",
        "closing_plan": "archwk.games.architects.play.heuristics:stalemate_choice",
        # the turn a decision belongs to (the coach plays the rest of the mover's turn)
        "turn_of": "archwk.games.architects.play.roles:turn_of",
        # the win-chance model's features of a position, one row per seat, and their weights
        "winchance_features": "archwk.games.architects.play.winchance:features",
        "winchance_weights": "archwk.games.architects.play.winchance:WEIGHTS",
    },
    # for game-AI libraries (archwk.interop: OpenSpiel, PettingZoo): every action in a
    # fixed order (its integer id) and the numbers a player observes
    all_actions=encoding.all_actions,
    observation_layout=encoding.observation_layout,
    observation_vector=encoding.observation_vector,
)

#: every state of this game answers `state.game` with the one Game object
GameState.game = GAME
