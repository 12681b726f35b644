"""archwk.interop: every game in `archwk.GAMES` as an OpenSpiel game and a PettingZoo
environment, checked by those libraries' own test suites (OpenSpiel's random
simulation with serialisation, PettingZoo's `api_test` and `seed_test`), with OpenSpiel's
MCTS and IS-MCTS bots playing whole games, and by our checks: fixed action ids,
nothing hidden in what a player observes, records round-trip, clear errors.

Parametrized over `archwk.GAMES`: a new game is covered by adding it there (and filling
its Game's `all_actions`, `observation_layout` and `observation_vector`). The fast tier
plays each game's smallest table to the end and its largest for a stretch (OpenSpiel's
`max_game_length` stops it); whole games at every player count are marked slow.
"""
from __future__ import annotations

import dataclasses
import json
import random
import warnings

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import archwk  # noqa: E402
from archwk.interop import encoding  # noqa: E402
from archwk.interop import openspiel as aos  # noqa: E402
from archwk.interop.pettingzoo import action_label, env, observation_names  # noqa: E402

GAMES = list(archwk.GAMES.values())
per_game = pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
#: a stretch of a large table's game, for the fast tier
STRETCH = 80
#: what PettingZoo's api_test says of every env with the action-mask dict observation its
#: own classic games use (it exempts those games by name)
DICT_OBSERVATION_NOTES = ("Observation is not a NumPy array",
                          "Observation space for each agent probably should be gymnasium.spaces.box")


def counts(game) -> list[int]:
    return list(range(game.min_players, game.max_players + 1))


def load(game, players, seed=1, **params):
    return pyspiel.load_game(aos.short_name(game), {"players": players, "seed": seed, **params})


def random_states(game, players, seed, k=12):
    """k pyspiel states spread along a random game (not the last)."""
    g = load(game, players, seed)
    s, rng, out = g.new_initial_state(), random.Random(seed), []
    while not s.is_terminal():
        out.append(s.clone())
        s.apply_action(rng.choice(s.legal_actions()))
    step = max(1, len(out) // k)
    return g, out[::step]


# --------------------------------------------------------------------------- action ids

@per_game
def test_every_legal_action_has_one_fixed_id(game):
    """Game.all_actions lists every action random games list, each once; the id of an
    action is its place in that list whatever the state, and action_to_string is the
    game's label for it."""
    for n in counts(game):
        enc = encoding(game, n, None, "test")
        g = load(game, n, seed=n)
        assert g.num_distinct_actions() == len(enc.actions)
        s, rng = g.new_initial_state(), random.Random(n)
        while not s.is_terminal():
            ids = s.legal_actions()
            acts = s.archwk_state.legal_actions()
            assert ids == sorted(enc.ids[a] for a in acts)
            assert {enc.actions[i] for i in ids} == set(acts)
            labels = [s.action_to_string(i) for i in ids]
            assert len(set(labels)) == len(labels), "two choices read the same"
            words = {enc.ids[a]: str(a) for a in acts}
            assert all(label.startswith(words[i]) for i, label in zip(ids, labels))
            s.apply_action(rng.choice(ids))


def test_architects_action_ids_cover_every_option_set():
    """Architects' list is one for every player count and option set: games with the
    expansions, promo characters (Lothaire's cheaper and Therese's mixed payments), the
    two-player bot and the online rules list only actions in it."""
    game = archwk.load_game("architects")
    ids = encoding(game, 3, None, "test").ids
    assert encoding(game, 1, archwk.Options.online(), "test").ids == ids
    option_sets = [(3, archwk.Options(board_side=2, expansion_cards=True, promo_characters=True,
                                      characters=("Lothaire", "Therese", "Hugo"))),
                   (2, archwk.Options(two_player_bot=True)), (4, archwk.Options.online())]
    constructs = 0
    for n, options in option_sets:
        for seed in range(3):
            s, rng = game.new_game(n, seed=seed, options=options), random.Random(seed)
            while not s.is_over:
                acts = s.legal_actions()
                missing = [a for a in acts if a not in ids]
                assert not missing, f"{missing[0]!r} has no id"
                constructs += sum(a.kind == "construct" for a in acts)
                s = s.apply(rng.choice(acts))
    assert constructs, "no construction was offered: the payments were not checked"


def test_a_game_without_the_fields_is_refused_by_name():
    game = GAMES[0]
    for field in ("all_actions", "observation_layout", "observation_vector"):
        bare = dataclasses.replace(game, **{field: None})
        with pytest.raises(archwk.ArchwkError, match=f"has no {field}"):
            encoding(bare, game.min_players, None, "OpenSpiel")
        with pytest.raises(archwk.ArchwkError, match=f"PettingZoo: its Game has no {field}"):
            env(bare)
    twice = dataclasses.replace(game, all_actions=lambda n, o: list(game.all_actions(n, o)) * 2)
    with pytest.raises(archwk.ArchwkError, match="twice"):
        encoding(twice, game.min_players, None, "test")
    few = dataclasses.replace(game, all_actions=lambda n, o: list(game.all_actions(n, o))[:3])
    with pytest.raises(archwk.ArchwkError, match="not in the game's all_actions"):
        encoding(few, game.min_players, None, "test").legal(game.new_game(game.min_players, seed=1))


# --------------------------------------------------------------------------- OpenSpiel

@per_game
def test_openspiel_game_type_and_parameters(game):
    g = load(game, game.max_players, seed=7)
    t = g.get_type()
    assert t.short_name == "archwk_" + game.name
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert t.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert (t.min_num_players, t.max_num_players) == (game.min_players, game.max_players)
    start = game.new_game(game.max_players, seed=7)
    assert g.new_initial_state().archwk_state.to_json() == start.to_json(), "seed is the game's seed"
    assert g.num_players() == len(start.players) - len(game.automa_seats(start))
    assert g.observation_tensor_size() == len(game.observation_layout(game.max_players, None))
    assert (g.min_utility(), g.max_utility()) == (0.0, 1.0)
    with pytest.raises(archwk.ArchwkError, match="players"):
        load(game, game.max_players + 1)


def test_openspiel_options_are_parameters():
    g = pyspiel.load_game("archwk_architects", {"players": 2, "seed": 3, "artisans": True, "board_side": 2})
    s = g.new_initial_state().archwk_state
    assert s.to_json() == archwk.new_game(2, seed=3, options=archwk.Options(artisans=True, board_side=2)).to_json()
    solo = pyspiel.load_game("archwk_architects", {"players": 1, "solo_opponent": "helena"})
    assert solo.new_initial_state().archwk_state.options.solo_opponent == "helena"
    assert solo.num_players() == 1, "the solo opponent is no OpenSpiel player"
    with pytest.raises(archwk.ArchwkError, match="board_side"):
        pyspiel.load_game("archwk_architects", {"board_side": 3})


@per_game
def test_openspiel_random_simulation_smallest_table(game):
    """OpenSpiel's own consistency checks (cloning, legal-action masks, action strings,
    observations, returns, and serialisation round trips) over whole games."""
    pyspiel.random_sim_test(load(game, game.min_players, seed=5), num_sims=2, serialize=True, verbose=False)


@per_game
def test_openspiel_random_simulation_largest_table_stretch(game):
    """The same checks on the largest table, stopped by max_game_length (and so scored
    on the position as it stands)."""
    g = load(game, game.max_players, seed=6, max_game_length=STRETCH)
    pyspiel.random_sim_test(g, num_sims=1, serialize=True, verbose=False)
    s = g.new_initial_state()
    for _ in range(STRETCH):
        s.apply_action(s.legal_actions()[0])
    assert s.is_terminal() and not s.archwk_state.is_over
    won = set(game.winners(s.archwk_state))
    assert s.returns() == [1.0 if seat in won else 0.0 for seat in range(g.num_players())]


@pytest.mark.slow  # whole random games at the other player counts (minutes on a busy machine)
@per_game
def test_openspiel_random_simulation_every_table(game):
    """Whole games at every count but the largest (whose games are the longest: a long
    stretch of it instead; the fast tier plays the smallest whole)."""
    for n in counts(game)[1:-1]:
        pyspiel.random_sim_test(load(game, n, seed=10 + n), num_sims=1, serialize=True, verbose=False)
    g = load(game, game.max_players, seed=15, max_game_length=600)
    pyspiel.random_sim_test(g, num_sims=1, serialize=True, verbose=False)


@per_game
def test_openspiel_returns_are_the_winners(game):
    for n in {game.min_players, min(game.min_players + 1, game.max_players)}:
        g = load(game, n, seed=2)
        s, rng = g.new_initial_state(), random.Random(2)
        while not s.is_terminal():
            assert s.returns() == [0.0] * g.num_players()
            s.apply_action(rng.choice(s.legal_actions()))
        seats = [i for i in range(len(s.archwk_state.players)) if i not in game.automa_seats(s.archwk_state)]
        won = set(archwk.winners(s.archwk_state))
        assert s.returns() == [1.0 if seat in won else 0.0 for seat in seats]
        assert s.current_player() == pyspiel.PlayerId.TERMINAL and s.legal_actions() == []


@per_game
def test_openspiel_observations_show_only_the_players_view(game):
    """A state the player cannot tell from this one (its hidden cards dealt afresh)
    gives that player the same observation string, tensor and information state
    string, and the same choices; another player, who sees different cards, tells
    them apart somewhere."""
    told_apart = 0
    n = min(game.min_players + 1, game.max_players)
    _, states = random_states(game, n, seed=4)
    for s in states:
        p = s.current_player()
        twin = s.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert twin.observation_string(p) == s.observation_string(p)
        assert twin.information_state_string(p) == s.information_state_string(p)
        assert twin.observation_tensor(p) == s.observation_tensor(p)
        assert twin.legal_actions() == s.legal_actions()
        assert [twin.action_to_string(a) for a in s.legal_actions()] == \
            [s.action_to_string(a) for a in s.legal_actions()]
        told_apart += game.observation(twin.archwk_state) != game.observation(s.archwk_state)
        seats = [i for i in range(len(s.archwk_state.players)) if i not in game.automa_seats(s.archwk_state)]
        for q, seat in enumerate(seats):
            want = np.float32(game.observation_vector(s.archwk_state.view(seat), seat)).tolist()
            assert s.observation_tensor(q) == want
    assert told_apart, "no position had hidden cards: the check proved nothing"


@per_game
def test_openspiel_serialisation_goes_through_records(game):
    g, states = random_states(game, game.min_players, seed=8, k=4)
    for s in states[1:]:
        again = g.deserialize_state(s.serialize())
        assert again.archwk_state.to_json() == s.archwk_state.to_json()
        assert again.history() == s.history() and str(again) == str(s)
        assert json.dumps(s.archwk_state.record(), sort_keys=True) in _payloads(s.serialize())
        g2, s2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(g, s))
        assert str(g2) == str(g) and s2.archwk_state.to_json() == s.archwk_state.to_json()
        rec = aos.to_record(s)
        back = aos.from_record(g, json.dumps(rec))
        assert back.history() == s.history() and back.archwk_state.to_json() == s.archwk_state.to_json()
    other = load(game, game.min_players, seed=9)
    with pytest.raises(archwk.ArchwkError, match="another game"):
        aos.from_record(other, aos.to_record(states[-1]))


def _payloads(serialized: str) -> str:
    """The pickled attributes OpenSpiel puts in a Python state's serialisation, as text."""
    import base64
    import pickletools

    dump = base64.b64decode(serialized.split("__dict__=", 1)[1])
    return "\n".join(str(arg) for _, arg, _ in pickletools.genops(dump))


@per_game
def test_openspiel_refuses_an_illegal_id_and_changes_nothing(game):
    g = load(game, game.min_players)
    s = g.new_initial_state()
    legal = s.legal_actions()
    bad = next(i for i in range(g.num_distinct_actions()) if i not in legal)
    before = s.archwk_state.to_json()
    with pytest.raises(archwk.IllegalAction, match="not legal now"):
        s.apply_action(bad)
    assert s.history() == []
    with pytest.raises(archwk.IllegalAction, match="not legal now"):
        s._apply_action(bad)
    with pytest.raises(archwk.IllegalAction, match="action ids 0 to"):
        s._apply_action(g.num_distinct_actions())
    assert s.archwk_state.to_json() == before and s.legal_actions() == legal


def _play(g, choose, seed):
    s = g.new_initial_state()
    while not s.is_terminal():
        a = choose(s)
        assert a in s.legal_actions()
        s.apply_action(a)
    return s


@per_game
def test_openspiel_mcts_and_ismcts_play_whole_games(game):
    """OpenSpiel's MCTS (its Python bot, on a state resampled from the player's
    information, so it cannot peek) and IS-MCTS (its Python port; the C++ bot cannot
    resample a Python game) play a whole game of the smallest table; small budgets."""
    g = load(game, game.min_players, seed=3)
    rs = np.random.RandomState(3)
    rollout = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs, max_length=20)
    bot = mcts.MCTSBot(g, 2.0, 3, rollout, solve=False, random_state=rs)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    end = _play(g, lambda s: bot.step(s.resample_from_infostate(s.current_player(), sampler)), 3)
    assert end.archwk_state.is_over and sum(end.returns()) >= 0
    is_bot = ismcts.ISMCTSBot(g, rollout, 2.0, 3, random_state=rs, use_observation_string=True)
    end = _play(g, is_bot.step, 4)
    assert end.archwk_state.is_over


@per_game
def test_openspiel_cpp_mcts_searches_a_python_game(game):
    """The C++ MCTS bot searches these games through `mcts_search` (its `step` releases
    Python's lock and cannot run a Python game): a whole game of the smallest table."""
    g = load(game, game.min_players, seed=5)
    cpp = pyspiel.MCTSBot(g, pyspiel.RandomRolloutEvaluator(1, 5), 2.0, 2, 50, False, 5, False)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    end = _play(g, lambda s: cpp.mcts_search(s.resample_from_infostate(s.current_player(), sampler))
                .best_child().action, 5)
    assert end.archwk_state.is_over


@pytest.mark.slow  # whole two-player games with search at every decision (a few minutes)
@per_game
def test_openspiel_bots_play_whole_two_player_games(game):
    n = min(max(game.min_players, 2), game.max_players)
    g = load(game, n, seed=12)
    rs = np.random.RandomState(12)
    rollout = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs, max_length=10)
    bot = mcts.MCTSBot(g, 2.0, 2, rollout, solve=False, random_state=rs)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    end = _play(g, lambda s: bot.step(s.resample_from_infostate(s.current_player(), sampler)), 12)
    assert end.archwk_state.is_over
    is_bot = ismcts.ISMCTSBot(g, rollout, 2.0, 2, random_state=rs)  # keyed by information states
    assert _play(g, is_bot.step, 13).archwk_state.is_over


# --------------------------------------------------------------------------- PettingZoo

def _pettingzoo_checks(make):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(make(), num_cycles=1000)
        seed_test(make, num_cycles=500)
    notes = {str(w.message) for w in caught}
    unexpected = [m for m in notes if not m.startswith(DICT_OBSERVATION_NOTES)]
    assert not unexpected, unexpected


@per_game
def test_pettingzoo_api_and_seed_tests(game):
    _pettingzoo_checks(lambda: env(game, players=game.min_players))
    _pettingzoo_checks(lambda: env(game, players=game.max_players, max_game_length=STRETCH))


@pytest.mark.slow  # whole games at the other player counts, twice each (a minute or more)
@per_game
def test_pettingzoo_api_and_seed_tests_every_table(game):
    for n in counts(game)[1:-1]:
        _pettingzoo_checks(lambda n=n: env(game, players=n))
    _pettingzoo_checks(lambda: env(game, players=game.max_players, max_game_length=600))


@per_game
def test_pettingzoo_plays_the_game_with_its_seed(game):
    """reset(seed=s) is archwk.new_game(players, seed=s); stepping ids plays those
    actions; the mask is the legal actions of the agent to move, zeros for the others;
    the observation is the agent's view's vector; rewards are the winners."""
    n = min(game.min_players + 1, game.max_players)
    e = env(game, players=n)
    e.reset(seed=11)
    mirror, rng = game.new_game(n, seed=11), random.Random(11)
    enc = e.encoding
    assert observation_names(e) == [f.name for f in game.observation_layout(n, None)]
    while e.agents:
        agent = e.agent_selection
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        seat = e.seats[e.possible_agents.index(agent)]
        assert seat == mirror.current_player
        legal = [enc.ids[a] for a in mirror.legal_actions()]
        assert sorted(np.flatnonzero(obs["action_mask"]).tolist()) == sorted(legal)
        assert obs["observation"].tolist() == np.float32(game.observation_vector(mirror.view(seat), seat)).tolist()
        for other in e.agents:
            if other != agent:
                assert not e.observe(other)["action_mask"].any()
        choice = rng.choice(legal)
        words = {enc.ids[a]: str(a) for a in mirror.legal_actions()}  # worded from the position
        assert action_label(e, choice).startswith(words[choice])
        e.step(choice)
        mirror = mirror.apply(enc.actions[choice])
        if mirror.is_over:
            won = set(game.winners(mirror))
            for a, s in zip(e.possible_agents, e.seats):
                assert e.rewards[a] == (1.0 if s in won else 0.0)
    assert mirror.is_over and e.game_state.to_json() == mirror.to_json()


@per_game
def test_pettingzoo_observation_hides_what_the_view_hides(game):
    n = min(game.min_players + 1, game.max_players)
    e = env(game, players=n)
    e.reset(seed=5)
    rng, told_apart = random.Random(5), 0
    for step in range(200):
        if not e.agents:
            break
        agent = e.agent_selection
        if e.terminations[agent] or e.truncations[agent]:  # a game over within the steps (Archon's)
            e.step(None)
            continue
        seat = e.seats[e.possible_agents.index(agent)]
        if step % 20 == 0:
            s = e.game_state
            twin = game.play("determinizer")(s.view(seat), seat).sample(random.Random(step))
            before = e.observe(agent)
            e.game_state, real = twin, s
            after = e.observe(agent)
            e.game_state = real
            assert np.array_equal(before["observation"], after["observation"])
            assert np.array_equal(before["action_mask"], after["action_mask"])
            told_apart += game.observation(twin) != game.observation(s)
        obs = e.observe(agent)
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert told_apart


@per_game
def test_pettingzoo_refuses_bad_input_and_changes_nothing(game):
    e = env(game, players=game.min_players)
    e.reset(seed=1)
    before = e.game_state.to_json()
    mask = e.observe(e.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    for action in (bad, -1, len(mask), 1.5, "place", None, True):
        with pytest.raises(archwk.IllegalAction, match="not legal now"):
            e.step(action)
    assert e.game_state.to_json() == before
    with pytest.raises(archwk.ArchwkError, match="render_mode"):
        env(game, render_mode="rgb_array")
    with pytest.raises(archwk.ArchwkError, match="max_game_length"):
        env(game, max_game_length=0)
    with pytest.raises(archwk.ArchwkError):
        env(game, players=game.max_players + 1)


def test_pettingzoo_renders_the_position_in_words():
    e = env("architects", players=2, render_mode="ansi")
    e.reset(seed=3)
    text = e.render()
    assert e.game_state.prompt in text
    assert all(str(a) in text for a in e.game_state.legal_actions())
    assert "_" not in text.split("\n", 1)[1], "an internal id in the words"
