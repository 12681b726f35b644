"""One game between bots, as a record: the unit of work of a batch simulation,
whether it runs here (`archwk.ai.simulate.run`, in processes) or on a Dask
cluster (`archwk.ai.distributed.run_on_dask`).

A task is `(players, seed, bots, options[, game])`: the player count, the game's
seed (`game_seed`), the bot specs for the seats (cycled; see `archwk.ai.registry`),
the game's options as a dict and the game's name (default: Architects). The same task gives the same record anywhere.

>>> rec = play_one(2, game_seed(1, 0), ("fast", "random"), {})
>>> [x["bot"] for x in rec["seats"]]
['fast', 'random']
>>> rec == play_batch([(2, game_seed(1, 0), ("fast", "random"), {})])[0]
True
"""
from __future__ import annotations

from typing import Any

from archwk.games import DEFAULT_GAME, load_game

from .registry import make_bot


def game_seed(base: int, i: int) -> int:
    """The seed of game `i` of a batch with seed `base`: the same whatever the number of jobs."""
    return base * 1_000_003 + i


#: the "bot" of a seat the game itself plays (Architects' solo Byzantine opponent); the
#: name older simulation records use
AUTOMA = "byzantine"

#: a game between bots longer than this is a bug (bots stuck in a loop), not a game
MAX_DECISIONS = 50_000


def play_one(players: int, seed: int, bots: tuple[str, ...], options: dict, game: str = DEFAULT_GAME) -> dict:
    """Play one game of `game`; returns its record: scores by line, winner(s), length,
    the game's facts (for Architects: turns, cards built) and seats."""
    g = load_game(game)
    # quiet: nobody reads a simulated game's log (the same positions, tests/test_speed.py)
    s: Any = g.quiet(g.new_game(players, seed=seed, options=g.Options.from_dict(options)))
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
    scores = g.final_scores(s)
    win = g.winners(s)
    facts = g.game_facts(s)
    first = facts.pop("first_player", None)
    out = {"seed": seed, "players": len(s.players), "decisions": decisions, **facts, "winners": win, "seats": []}
    if game != DEFAULT_GAME:
        out["game"] = game
    for sc in scores:
        seat = sc.player
        extra = g.seat_facts(s, seat)
        out["seats"].append({
            "seat": seat, "bot": bots[seat % len(bots)] if extra is not None else AUTOMA,
            "first": seat == first, "won": seat in win,
            **{line: getattr(sc, line) for line in getattr(type(sc), "LINES", ())}, "total": sc.total,
            **(extra or {}),
        })
    return out


def play_batch(tasks) -> list[dict]:
    """Several games in one go (a unit of work for a process pool or a Dask worker)."""
    return [play_one(*task) for task in tasks]
