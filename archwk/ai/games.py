"""One game between bots, as a record: the unit of work of a batch simulation,
whether it runs here (`archwk.ai.simulate.run`, in processes) or on a Dask
cluster (`archwk.ai.distributed.run_on_dask`).

A task is `(players, seed, bots, options)`: the player count, the game's seed
(`game_seed`), the bot specs for the seats (cycled; see `archwk.ai.registry`)
and `archwk.Options` as a dict. The same task gives the same record anywhere.

>>> rec = play_one(2, game_seed(1, 0), ("fast", "random"), {})
>>> [x["bot"] for x in rec["seats"]]
['fast', 'random']
>>> rec == play_batch([(2, game_seed(1, 0), ("fast", "random"), {})])[0]
True
"""
from __future__ import annotations

from archwk import Options, ScoreBreakdown, final_scores, new_game, winners
from archwk.games.architects.engine import quiet

from .registry import make_bot


def game_seed(base: int, i: int) -> int:
    """The seed of game `i` of a batch with seed `base`: the same whatever the number of jobs."""
    return base * 1_000_003 + i


#: a game between bots longer than this is a bug (bots stuck in a loop), not a game
MAX_DECISIONS = 50_000


def play_one(players: int, seed: int, bots: tuple[str, ...], options: dict) -> dict:
    """Play one game; returns its record: scores by line, winner(s), length, cards built, seats."""
    # quiet: nobody reads a simulated game's log (the same positions, tests/test_speed.py)
    s = quiet(new_game(players, seed=seed, options=Options.from_dict(options)))
    seat_bots = [make_bot(bots[i % len(bots)], seed * 10 + i) for i in range(len(s.players))]
    decisions = 0
    while not s.is_over:
        p = s.current_player
        assert p is not None  # the game is not over
        s = s.apply(seat_bots[p].choose(s))
        decisions += 1
        if decisions > MAX_DECISIONS:
            raise RuntimeError(f"simulate: game with seed {seed} ({', '.join(bots)}) did not end within "
                               f"{MAX_DECISIONS} decisions")
    scores = final_scores(s)
    win = winners(s)
    return {
        "seed": seed, "players": len(s.players), "decisions": decisions, "turns": s.turn_no,
        "winners": win,
        "seats": [{
            "seat": sc.player,
            "bot": bots[sc.player % len(bots)] if not s.players[sc.player].is_byzantine else "byzantine",
            "first": sc.player == s.first_player, "won": sc.player in win,
            **{line: getattr(sc, line) for line in ScoreBreakdown.LINES}, "total": sc.total,
            "buildings_built": list(s.players[sc.player].buildings),
            "apprentices": list(s.players[sc.player].apprentices),
            "character": s.players[sc.player].character,
        } for sc in scores],
    }


def play_batch(tasks) -> list[dict]:
    """Several games in one go (a unit of work for a process pool or a Dask worker)."""
    return [play_one(*task) for task in tasks]
