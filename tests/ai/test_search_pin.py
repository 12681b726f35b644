"""Regression pin (issue 22, one search core for every game): the search bots
make the same choices, with the same root visits, as before MCTSBot and
ExpertBot were rebuilt on the shared core of archwk.ai.search.

The data below was recorded from the pre-refactor code (branch `core` at
898ef3d, where each bot carried its own tree and PUCT code) and is not
computed by the code under test: a position is a game (players, seed,
options) played for k decisions by FastBot or RandomBot seeded with the game's
seed; an entry gives the bot's choice and its root visits, both as indices into
`state.legal_actions()`. The bot settings are those of the recording:

* "mcts": MCTSBot(k, iterations=60); "mcts_ro": MCTSBot(k + 1, iterations=40, rollout=6, exploration=0.7);
* "exp": ExpertBot(k, seconds=None, iterations=40);
* "exp_wc": ExpertBot(k + 2, seconds=None, iterations=25, value="winchance", rollout=4, reply=False,
  prior_weight=1.5, close_prior=0.5);
* "exp_nf": ExpertBot(k + 3, seconds=None, iterations=20, finish_turn=False, exploration=1.7, temperature=2.5).

They cover 1 to 5 players, the options, the setup draft (left to the heuristic
bot: no visits), a long game past the bots' backstop (no visits), a long game
where the expert leans on the closing plan, and every decision kind the bots
met there. SEQUENCES: one bot playing every seat for 20 decisions from a new
game (MCTSBot(seed, iterations=25), ExpertBot(seed, seconds=None, iterations=15)),
so that the bots' generators carry on as before from one decision to the next.
A change that moves any of these changes how the bots play: if it is meant,
record the data again and say so. The "exp_wc" rows lean on the trained
win-chance model: when Architects' model became a network (issue 24, branch
`wcmodel`; the search code unchanged) their root visits were recorded again (the
same choices; two rows' visits moved). Since the expert values its leaves by
that model from 4 players (issue 24, 2026-12-05), the "exp" and "exp_nf" bots
are given the leaf they were recorded with, the softmax (`softmax_value`, at the
bot's temperature), so these rows keep checking the search against the data
recorded before; the new leaf is `exp_wc`'s, and `test_expert.py` checks that
it is the default from 4 players. Likewise, since the 2-player expert searches with an
exploration weight of 0.7 (issue 24), the "exp" and "exp_wc" bots and the expert of
SEQUENCES are given the 1.0 they were recorded with.
"""
from __future__ import annotations

import pytest

import archwk
from archwk.bots import ExpertBot, FastBot, MCTSBot, RandomBot
from archwk.games.architects.play.expert import TEMPERATURE, softmax_value

POSITIONS = [
    ('mcts', (2, 1, (), 'fast', 40), 6, (7, 4, 5, 2, 3, 4, 30, 0, 5, 0)),
    ('mcts', (3, 2, (), 'fast', 390), 11, (2, 5, 2, 3, 4, 1, 3, 3, 2, 3, 2, 10, 2, 4, 2, 3, 5, 4, 0, 0, 0, 0)),
    ('mcts', (5, 4, (), 'fast', 140), 5, (2, 3, 4, 1, 2, 13, 11, 12, 7, 5, 0, 0)),
    ('mcts', (1, 5, (), 'fast', 40), 4, (6, 6, 6, 6, 9, 5, 9, 4, 9, 0, 0)),
    ('mcts', (2, 6, (('artisans', True),), 'fast', 77), 5, (2, 4, 3, 4, 5, 14, 9, 3, 13, 2, 1, 0, 0, 0)),
    ('mcts', (3, 7, (('expansion_cards', True),), 'random', 77), 0,
     (5, 5, 4, 3, 3, 3, 4, 3, 3, 5, 4, 3, 4, 4, 4, 3, 0)),
    ('mcts', (4, 10, (('promo_characters', True),), 'fast', 390), 0, (19, 18, 18, 0, 1, 1, 1, 1, 1, 0, 0, 0)),
    ('mcts', (2, 6, (('artisans', True),), 'fast', 0), 2, (0, 0, 0, 0, 0, 0, 0, 0)),
    ('mcts', (4, 3, (), 'random', 700), 9, (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
    ('mcts_ro', (2, 6, (('artisans', True),), 'fast', 230), 3, (7, 4, 8, 9, 4, 8, 0, 0, 0, 0)),
    ('mcts_ro', (4, 3, (), 'fast', 230), 0, (14, 14, 12, 0, 0, 0)),
    ('exp', (2, 1, (), 'fast', 77), 6, (0, 0, 1, 0, 0, 0, 21, 0, 0, 0)),
    ('exp', (3, 2, (), 'fast', 230), 2, (0, 0, 16, 0, 9, 0, 13, 0, 0, 0, 0, 0)),
    ('exp', (5, 4, (), 'fast', 230), 6, (1, 0, 4, 1, 16, 0, 17, 0, 0, 0, 0, 1, 0, 0, 0, 0)),
    ('exp', (1, 11, (('expansion_cards', True),), 'fast', 40), 5, (1, 0, 2, 0, 2, 14, 1, 0, 9, 3, 5, 0, 0, 0)),
    ('exp', (2, 9, (('two_player_bot', True),), 'fast', 140), 2, (2, 2, 13, 2, 3, 12, 1, 4, 1, 0, 0)),
    ('exp', (1, 5, (), 'random', 77), 2, (3, 1, 14, 3, 2, 2, 3, 3)),
    ('exp', (4, 3, (), 'fast', 3), 2, (0, 0, 0, 0)),
    ('exp', (4, 3, (), 'random', 700), 9, (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
    ('exp_wc', (2, 6, (('artisans', True),), 'fast', 230), 5, (3, 3, 1, 2, 0, 10, 0, 0, 0, 0)),
    ('exp_wc', (4, 10, (('promo_characters', True),), 'fast', 40), 2, (8, 8, 9)),
    ('exp_wc', (3, 7, (('expansion_cards', True),), 'fast', 390), 4, (0, 0, 0, 0, 13, 10, 0, 0, 0, 0, 0, 0, 0, 0)),
    ('exp_nf', (5, 4, (), 'fast', 140), 7, None),
    ('exp_nf', (2, 8, (('board_side', 2),), 'fast', 230), 2, None),
]
SEQUENCES = {
    ('expert', 3, 22): (1, 3, 0, 0, 0, 2, 1, 1, 0, 10, 9, 6, 2, 3, 1, 2, 1, 6, 1, 1),
    ('mcts', 1, 23): (4, 1, 1, 2, 2, 0, 8, 0, 0, 0, 1, 0, 2, 1, 0, 5, 0, 2, 1, 2),
    ('mcts', 2, 21): (1, 3, 1, 1, 1, 0, 2, 10, 2, 1, 2, 2, 0, 3, 2, 1, 2, 0, 2, 1),
}


def _position(n, seed, options, driver, k):
    s = archwk.new_game(n, seed=seed, options=archwk.Options.from_dict(dict(options)))
    bot = FastBot(seed) if driver == "fast" else RandomBot(seed)
    for _ in range(k):
        s = s.apply(bot.choose(s))
    return s


def _softmax_leaf(temperature: float = TEMPERATURE):
    """The leaf the "exp" rows were recorded with (the expert's at every player count then)."""
    return lambda s: softmax_value(s, temperature)


def _bot(kind: str, k: int):
    return {
        "mcts": lambda: MCTSBot(k, iterations=60),
        "mcts_ro": lambda: MCTSBot(k + 1, iterations=40, rollout=6, exploration=0.7),
        "exp": lambda: ExpertBot(k, seconds=None, iterations=40, value=_softmax_leaf(), exploration=1.0),
        "exp_wc": lambda: ExpertBot(k + 2, seconds=None, iterations=25, value="winchance", rollout=4,
                                    reply=False, prior_weight=1.5, close_prior=0.5, exploration=1.0),
        "exp_nf": lambda: ExpertBot(k + 3, seconds=None, iterations=20, finish_turn=False,
                                    exploration=1.7, temperature=2.5, value=_softmax_leaf(2.5)),
    }[kind]()


@pytest.mark.parametrize(("kind", "position", "choice", "visits"), POSITIONS,
                         ids=[f"{p[0]}-{p[1][0]}p-s{p[1][1]}-{p[1][3]}-{p[1][4]}" for p in POSITIONS])
def test_the_search_bots_choose_as_before(kind, position, choice, visits):
    s = _position(*position)
    acts = s.legal_actions()
    bot = _bot(kind, position[4])
    assert acts.index(bot.choose(s)) == choice
    if visits is not None:
        assert tuple(bot.last_visits.get(a, 0) for a in acts) == visits


@pytest.mark.parametrize(("kind", "players", "seed"), list(SEQUENCES))
def test_one_bot_plays_the_same_game_as_before(kind, players, seed):
    s = archwk.new_game(players, seed=seed)
    if kind == "mcts":
        bot = MCTSBot(seed, iterations=25)
    else:
        bot = ExpertBot(seed, seconds=None, iterations=15, exploration=1.0)
    played = []
    for _ in SEQUENCES[(kind, players, seed)]:
        acts = s.legal_actions()
        a = bot.choose(s)
        played.append(acts.index(a))
        s = s.apply(a)
    assert tuple(played) == SEQUENCES[(kind, players, seed)]
