"""Regenerate the golden game records in this folder.

    .venv/bin/python tests/golden/regenerate.py

Plays a few seeded games with RandomBot (fixed seeds) and writes, for each,
`game_<n>p_seed<k>.json`: the game record (players, seed, options, actions; it
replays with `archwk.replay`) and a readable summary: the final scores by
scoring line, the winners, the number of decisions and the first 40 event
texts. `tests/test_golden.py` replays every record and compares the summary.

Run this only when a change to the rules or to the event wording is meant to
change these games; review the diff of the JSON files before committing.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))  # the repository, when archwk is not installed

import archwk  # noqa: E402
from archwk.bots import RandomBot  # noqa: E402

#: (players, game seed); the bots of seat i use seed 1000 * game seed + i
GAMES = ((2, 1), (3, 2), (4, 3))
FIRST_EVENTS = 40


def path_for(n: int, seed: int) -> Path:
    return HERE / f"game_{n}p_seed{seed}.json"


def play(n: int, seed: int) -> archwk.GameState:
    bots = [RandomBot(1000 * seed + i) for i in range(n)]
    return archwk.play(archwk.new_game(n, seed=seed), bots)


def summarize(record) -> dict:
    """Replay a record and describe the game in a readable, comparable form."""
    s = archwk.new_game(record["players"], seed=record["seed"],
                        options=archwk.Options.from_dict(record["options"]))
    texts = [e.text for e in s.events]
    for a in record["actions"]:
        s = s.apply(archwk.Action.from_dict(a))
        if len(texts) < FIRST_EVENTS:
            texts.extend(e.text for e in s.events)
    scores = []
    for sc in archwk.final_scores(s):
        line = {"name": sc.name}
        line.update({k: getattr(sc, k) for k in sc.LINES})
        line["total"] = sc.total
        scores.append(line)
    return {
        "decisions": len(record["actions"]),
        "is_over": s.is_over,
        "scores": scores,
        "winners": [s.players[i].name for i in archwk.winners(s)],
        "first_events": texts[:FIRST_EVENTS],
    }


def dumps(doc: dict) -> str:
    """JSON with one action per line: readable and diff-friendly."""
    rec = dict(doc["record"])
    actions = rec.pop("actions")
    head = json.dumps({"summary": doc["summary"], "record": rec}, indent=2, ensure_ascii=False)
    lines = ",\n".join("      " + json.dumps(a, sort_keys=True) for a in actions)
    # put the actions back as the last field of "record"
    assert head.endswith("\n  }\n}")
    body = head[: -len("\n  }\n}")]
    return body + ',\n    "actions": [\n' + lines + "\n    ]\n  }\n}\n"


def build(n: int, seed: int) -> dict:
    rec = play(n, seed).record()
    return {"summary": summarize(rec), "record": rec}


def main() -> None:
    for n, seed in GAMES:
        doc = build(n, seed)
        text = dumps(doc)
        assert json.loads(text) == json.loads(json.dumps(doc))
        path_for(n, seed).write_text(text, encoding="utf-8")
        print(f"wrote {path_for(n, seed).name}: {doc['summary']['decisions']} decisions, "
              f"winners {doc['summary']['winners']}")


if __name__ == "__main__":
    main()
