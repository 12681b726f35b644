"""Archon: Glory & Machination as one `archwk.kit.game.Game`: what the kit
(records, codes, bots, coach, widgets) may ask of it. `archwk.GAMES` lists it."""
from __future__ import annotations

from ...kit.game import Game
from . import encoding, explain, gamecode, rules
from .components import DEFAULT
from .constants import GAME_NAME, MAX_PLAYERS, MIN_PLAYERS
from .game import GameState, from_game_code, load_record, new_game, quiet, replay
from .options import Options
from .save import state_dict
from .scoring import final_scores, winners
from .table import table


def game_facts(s: GameState) -> dict:
    """A finished game's facts for batch statistics: turns (placements and passes
    chosen), rounds, the first player."""
    t = s._t
    turns = sum(1 for a in s.history if a.kind in ("place", "pass"))
    return {"turns": turns, "rounds": t.round, "first_player": t.first}


def seat_facts(s: GameState, seat: int) -> dict:
    """A seat's facts for batch statistics. `archwk.ai.simulate`'s summary reads the
    cards a seat ends with under Architects' names: the Building tiles are
    "buildings_built"; Archon has no apprentices."""
    p = s.players[seat]
    return {"buildings_built": list(p.tiles), "apprentices": [], "magisters": dict(p.magisters),
            "emblem": p.emblem}


GAME = Game(
    name=GAME_NAME,
    title="Archon: Glory & Machination",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
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
    rules=rules,
    observation=state_dict,
    quiet=quiet,
    game_facts=game_facts,
    seat_facts=seat_facts,
    play_side={
        "evaluator": "archwk.games.archon.play.heuristic:position_value",
        "determinizer": "archwk.games.archon.play.determinize:Determinizer",
        "viewer_of": "archwk.games.archon.play.determinize:viewer_of",
        "heuristic": "archwk.games.archon.play.heuristic:HeuristicBot",
        "winchance_features": "archwk.games.archon.play.winchance:features",
        "winchance_weights": "archwk.games.archon.play.winchance:WEIGHTS",
        "rollout_policy": "archwk.games.archon.play.heuristic:rollout_policy",
        "lookahead": "archwk.games.archon.play.heuristic:lookahead",
        # the expert's leaf value: the trained win-chance model (stronger than a softmax of the evaluator)
        "win_value": "archwk.games.archon.play.winchance:win_value",
    },
    unprinted=DEFAULT.unprinted,
    all_actions=encoding.all_actions,
    observation_layout=encoding.observation_layout,
    observation_vector=encoding.observation_vector,
)

GameState.game = GAME
