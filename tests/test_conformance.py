"""The conformance suite: the same checks for every game in `archwk.GAMES` (API "More
than one game"), as OpenSpiel runs the same random-simulation checks over every game.
Add a game to `archwk.GAMES` and it is checked here, with nothing else to write.

Each check uses only the game protocol (`archwk.kit.game.Game` and `State`), never a
game's internals: random and heuristic play to the end from many seeds and player counts;
same seed and actions give identical states; `replay(record())` is the state; every listed
action applies and anything else raises `IllegalAction` with the state unchanged; a view
hides what the rules hide, and a search bot makes the same choice whatever the hidden
cards are; game codes and save files round-trip; the explorer plays a game by clicks; the
coach gives a hint; `archwk simulate --game NAME` runs.
"""
from __future__ import annotations

import dataclasses
import json
import random
import subprocess
import sys

import pytest

import archwk
from archwk.kit.game import Game, State

GAMES = list(archwk.GAMES.values())
ids = [g.name for g in GAMES]
per_game = pytest.mark.parametrize("game", GAMES, ids=ids)

#: a game between random players longer than this is stuck, not a game
MAX_DECISIONS = 20_000

def needs_widgets(game: Game) -> None:
    """The explorer draws the games `widgets.games.UIS` lists (a game's board, panels and
    score are its own); a game listed there is checked like any other."""
    from widgets.games import UIS
    if game.name not in UIS:
        pytest.skip(f"{game.title}: no pages draw this game yet (widgets.games.UIS)")


def counts(game: Game) -> list[int]:
    return list(range(game.min_players, game.max_players + 1))


def random_game(game: Game, players: int, seed: int, *, check=None):
    """Play uniformly random legal actions to the end; `check(state)` at every decision."""
    rng = random.Random(seed)
    s = game.new_game(players, seed=seed)
    for _ in range(MAX_DECISIONS):
        if s.is_over:
            return s
        if check:
            check(s)
        s = s.apply(rng.choice(s.legal_actions()))
    raise AssertionError(f"{game.name}: a random {players}-player game (seed {seed}) did not end "
                         f"within {MAX_DECISIONS} decisions")


def some_positions(game: Game, seed: int = 3, k: int = 6) -> list:
    """`k` positions spread along a random game of every player count, from the start
    to the end."""
    out = []
    for n in counts(game):
        end = random_game(game, n, seed + n)
        played = list(end.history)
        s = game.new_game(n, seed=seed + n)
        marks = {round(i * len(played) / (k - 1)) for i in range(k)} if k > 1 else {0}
        for i, a in enumerate(played):
            if i in marks:
                out.append(s)
            s = s.apply(a)
        out.append(s)
    return out


# ---------------------------------------------------------------- the game object

def test_games_are_listed_by_their_names():
    assert GAMES, "archwk.GAMES lists no game"
    for name, game in archwk.GAMES.items():
        assert isinstance(game, Game) and game.name == name
        assert archwk.load_game(name) is game
    with pytest.raises(archwk.ArchwkError, match="no game called 'no-such-game'.*architects"):
        archwk.load_game("no-such-game")


@per_game
def test_game_object(game):
    assert game.title and 1 <= game.min_players <= game.max_players
    assert dataclasses.is_dataclass(game.Options) and game.Options.__dataclass_params__.frozen
    assert game.Options.from_dict(game.Options().to_dict()) == game.Options()
    for n in counts(game):
        s = game.new_game(n, seed=1)
        assert isinstance(s, State) and s.game is game
        assert len(s.players) >= n and not s.is_over and not s.is_view
        assert archwk.new_game(n, seed=1, game=game.name).to_json() == s.to_json()
    for n in (game.min_players - 1, game.max_players + 1):
        with pytest.raises(archwk.ArchwkError):
            game.new_game(n, seed=1)


# ---------------------------------------------------------------- play to the end

def _well_formed(s) -> None:
    p = s.current_player
    acts = s.legal_actions()
    assert isinstance(p, int) and 0 <= p < len(s.players)
    assert acts, f"no legal action at {s.prompt!r}"
    assert isinstance(s.prompt, str) and s.prompt.strip()
    assert len(set(acts)) == len(acts), "an action is listed twice"


def _finished(game: Game, s) -> None:
    assert s.is_over and s.current_player is None and s.legal_actions() == []
    scores = archwk.final_scores(s)
    assert len(scores) == len(s.players) and all(isinstance(sc.total, int) for sc in scores)
    win = archwk.winners(s)
    assert win and set(win) <= set(range(len(s.players)))
    best = max(sc.total for sc in scores)
    assert all(scores[w].total == best for w in win), "a winner without the most points"


@per_game
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_play_reaches_the_end(game, seed):
    for n in counts(game):
        s = random_game(game, n, seed * 10 + n, check=_well_formed if seed == 1 else None)
        _finished(game, s)


@per_game
def test_heuristic_play_reaches_the_end(game):
    bot_class = game.play("heuristic")
    for n in counts(game):
        s = game.new_game(n, seed=40 + n)
        bots = [bot_class(100 + i) for i in range(len(s.players))]
        for _ in range(MAX_DECISIONS):
            if s.is_over:
                break
            a = bots[s.current_player].choose(s)
            assert a in s.legal_actions()
            s = s.apply(a)
        _finished(game, s)


# ---------------------------------------------------------------- determinism and records

@per_game
def test_same_seed_and_actions_give_identical_states(game):
    for n in counts(game):
        a = random_game(game, n, seed=77)
        b = game.new_game(n, seed=77)
        for act in a.history:
            b = b.apply(act)
        assert b.to_json() == a.to_json()
        assert random_game(game, n, seed=77).to_json() == a.to_json()


@per_game
def test_replay_of_the_record_is_the_state(game):
    for s in some_positions(game, k=3):
        rec = s.record()
        assert rec["game"] == game.name, "a record names its game"
        again = archwk.replay(rec)
        assert again.to_json() == s.to_json() and again.game is game
        assert archwk.replay(json.dumps(rec)).to_json() == s.to_json()


@per_game
def test_save_files_and_game_codes_round_trip(game):
    for s in some_positions(game, k=2):
        text = s.to_json()
        assert archwk.replay(text).to_json() == text
        code = s.game_code()
        assert code.startswith(game.code_prefix)
        assert archwk.from_game_code(code).to_json() == text
        assert game.from_game_code(code).to_json() == text


@per_game
def test_a_record_of_an_unknown_game_is_refused(game):
    rec = game.new_game(game.min_players, seed=1).record()
    with pytest.raises(archwk.InvalidSave, match="no game 'no-such-game'"):
        archwk.replay({**rec, "game": "no-such-game"})
    with pytest.raises(archwk.InvalidSave):
        game.replay({**rec, "game": "no-such-game"})


# ---------------------------------------------------------------- the legality gate

@per_game
def test_every_listed_action_applies_and_anything_else_is_refused(game):
    positions = [s for s in some_positions(game, k=8) if not s.is_over]
    elsewhere = {a for s in positions for a in s.legal_actions()}
    for s in positions:
        before = s.to_json()
        acts = s.legal_actions()
        for a in acts:
            after = s.apply(a)
            assert after is not s and after.game is game
        others = [a for a in elsewhere if a not in set(acts)][:25]
        for a in others + [None, "place", 3]:
            with pytest.raises(archwk.IllegalAction):
                s.apply(a)
        assert s.to_json() == before, "applying changed the receiver"
        assert s.legal_actions() == acts


@per_game
def test_a_finished_game_refuses_every_action(game):
    s = random_game(game, game.min_players, seed=5)
    some = game.new_game(game.min_players, seed=5).legal_actions()[0]
    with pytest.raises(archwk.IllegalAction):
        s.apply(some)


# ---------------------------------------------------------------- hidden information

def _hidden_twin(game: Game, s, seat: int, seed: int):
    """A full game that differs from `s` only in what `seat` cannot see."""
    return game.play("determinizer")(s.view(seat), seat).sample(random.Random(seed))


@per_game
def test_a_view_shows_only_what_its_player_may_know(game):
    differs = 0
    for s in some_positions(game, k=10):
        if s.is_over:
            continue
        seat = s.current_player
        v = s.view(seat)
        assert v.is_view and v.game is game and v.legal_actions() == []
        with pytest.raises(archwk.ArchwkError):
            v.apply(s.legal_actions()[0])
        twin = _hidden_twin(game, s, seat, seed=len(s.history))
        assert not twin.is_view
        assert game.observation(twin.view(seat)) == game.observation(v), \
            "two games that differ only in hidden things look different to the player"
        assert twin.legal_actions() == s.legal_actions(), "the player's choices depend on hidden things"
        differs += game.observation(twin) != game.observation(s)
    assert differs, "no position had anything hidden to vary: the check proved nothing"


@per_game
@pytest.mark.parametrize("spec", ["mcts:40", "expert"])
def test_a_search_bot_chooses_the_same_whatever_the_hidden_cards(game, spec):
    from archwk.bots import make_bot
    name = spec.partition(":")[0]
    checked = 0
    for s in some_positions(game, seed=11, k=10):
        if s.is_over or len(s.legal_actions()) < 2:
            continue
        seat = s.current_player
        twin = _hidden_twin(game, s, seat, seed=99)
        if game.observation(twin) == game.observation(s):
            continue
        if name == "mcts":
            first, second = make_bot(spec, seed=4), make_bot(spec, seed=4)
        else:
            from archwk.ai.expert import ExpertBot
            first, second = (ExpertBot(seed=4, seconds=None, iterations=60) for _ in range(2))
        assert first.choose(s) == second.choose(twin), f"{spec} peeked at a hidden card at {s.prompt!r}"
        checked += 1
        if checked == 4:
            break
    assert checked, "no position with hidden cards and a real choice"


# ---------------------------------------------------------------- the kit around the rules

@per_game
def test_the_explorer_plays_a_game_by_clicks(game):
    needs_widgets(game)
    from widget_helpers import press

    import widgets

    s = game.new_game(game.max_players if game.max_players <= 2 else 2, seed=8)
    ex = widgets.GameExplorer(s, seats=["person"] * len(s.players))
    rng = random.Random(8)
    clicks = 0
    while not ex.state.is_over and clicks < MAX_DECISIONS:
        buttons = ex.decision.buttons
        assert buttons, f"no button to press at {ex.state.prompt!r}"
        assert {b._action for b in buttons} == set(ex.state.legal_actions())
        before = len(ex.state.history)
        press(rng.choice(buttons))
        assert len(ex.state.history) == before + 1
        clicks += 1
    _finished(game, ex.state)
    ex.close()


@per_game
def test_the_coach_gives_a_hint(game):
    from archwk.ai.coach import hint

    for s in some_positions(game, k=4)[1:4]:
        if s.is_over:
            continue
        got = hint(s, k=3, seconds=None, search_iterations=60, seed=1)
        assert got and len(got) <= 3
        legal = set(s.legal_actions())
        assert all(c.action in legal for c in got)
        assert all(0.0 <= c.win_chance <= 1.0 for c in got)


@per_game
def test_simulate_runs_for_the_game(game):
    n = max(game.min_players, 2)
    out = subprocess.run([sys.executable, "-m", "archwk.ai.cli", "simulate", "--game", game.name,
                          "--players", str(n), "--games", "2", "--seed", "3", "--no-progress", "--json"],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    summary = json.loads(out.stdout)
    assert summary["games"] == 2
