"""Golden game records: seeded RandomBot games kept as readable JSON in
tests/golden/ (written by tests/golden/regenerate.py). Each record is replayed
and its summary (scores by line, winners, number of decisions, first 40 event
texts) compared with the stored one, so any change in the rules' outcome or in
their wording shows up here (RB: the whole game, Setup to End-Game Scoring).

When a change is meant to alter these games, run
`.venv/bin/python tests/golden/regenerate.py` and review the diff.
"""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

import archwk

GOLDEN = Path(__file__).resolve().parent / "golden"


def _load_regenerate():
    spec = importlib.util.spec_from_file_location("golden_regenerate", GOLDEN / "regenerate.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


regen = _load_regenerate()
FILES = sorted(GOLDEN.glob("game_*.json"))
HINT = "if this change is intended, run: .venv/bin/python tests/golden/regenerate.py"


def test_golden_files_exist():
    """Every game regenerate.py plays has its file (2, 3 and 4 players)."""
    expected = {regen.path_for(n, seed).name for n, seed in regen.GAMES}
    assert expected <= {f.name for f in FILES}, HINT


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_golden_replay_matches_summary(path):
    """RB, the whole game: replaying the stored record gives the stored summary."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    want = doc["summary"]
    got = regen.summarize(doc["record"])
    assert got["decisions"] == want["decisions"]
    assert got["first_events"] == want["first_events"], HINT
    assert got["is_over"] is True and want["is_over"] is True
    assert got["scores"] == want["scores"], HINT
    assert got["winners"] == want["winners"], HINT


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_golden_record_replays_with_the_public_api(path):
    """API Saving: the stored record replays with archwk.replay to a finished
    game whose record is the stored one."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    s = archwk.replay(doc["record"])
    assert s.is_over
    # the stored records were written before records named their game (API "More than one
    # game"): they are Architects' records, and a replay of one says so; nothing else differs
    assert s.record() == {**doc["record"], "game": "architects"}


@pytest.mark.parametrize("n, seed", regen.GAMES)
def test_golden_games_are_reproduced_by_the_bots(n, seed):
    """API: seeded bots replay the same game: playing it again gives the stored
    record (so regenerate.py is deterministic)."""
    path = regen.path_for(n, seed)
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert regen.play(n, seed).record() == {**doc["record"], "game": "architects"}, HINT


def test_golden_files_are_readable_json():
    """The stored files are the readable layout regenerate.py writes (one action
    per line), so a regenerated game diffs line by line."""
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        doc = json.loads(text)
        assert text == regen.dumps(doc)
