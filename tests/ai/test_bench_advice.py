"""The advice benchmark (issue 24, faster advice): its variants, and that it leaves the
coach's settings as they were."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

import bench_advice  # noqa: E402

from archwk.ai import coach  # noqa: E402


def test_a_variant_may_name_the_search_exploration():
    assert bench_advice._variant("1:0.9") == (1.0, 0.9, None)
    assert bench_advice._variant("2:0.5:1.0") == (2.0, 0.5, 1.0)
    for bad in ("1", "1:0.5:1:2", "one:0.5"):
        with pytest.raises(ValueError):
            bench_advice._variant(bad)


@pytest.mark.parametrize("bad", ["1:x", "1:1.5", "0:0.5", "1:0.5:0"])
def test_a_bad_variant_is_refused_by_name(bad, capsys):
    with pytest.raises(SystemExit):
        bench_advice.main(["--positions", "1", "--variant", bad])
    assert "--variant" in capsys.readouterr().err


def test_the_variants_run_with_their_exploration_and_the_coach_is_left_as_it_was(tmp_path, monkeypatch):
    """Each hint runs with its variant's share and exploration weight (seen by the search
    the coach makes); the reference look with the coach's own; afterwards the coach's
    settings are those it had."""
    seen = []
    real = coach.ExpertBot

    def spy(*args, **kwargs):
        seen.append((coach.SEARCH_SHARE, kwargs.get("exploration")))
        return real(*args, **kwargs)

    monkeypatch.setattr(coach, "ExpertBot", spy)
    before = coach.SEARCH_SHARE, coach.SEARCH_EXPLORATION
    out = tmp_path / "advice.json"
    bench_advice.main(["--positions", "1", "--reference", "0.2", "--variant", "0.1:0.9",
                       "--variant", "0.1:0.5:1.3", "--json", str(out)])
    assert before == (coach.SEARCH_SHARE, coach.SEARCH_EXPLORATION)
    assert seen == [(bench_advice.REFERENCE_SHARE, None), (0.9, None), (0.5, 1.3)]
    rows = json.loads(out.read_text())["results"]
    assert [(r["seconds"], r["search_share"], r.get("exploration")) for r in rows] == [(0.1, 0.9, None),
                                                                                         (0.1, 0.5, 1.3)]
    for r in rows:
        assert r["agreed"] in ([], [0]) and (r["agreed"] == [0]) == (r["agreement"] == 1.0)


def test_the_hint_of_another_checkout_runs_in_its_own_process_on_the_same_positions(tmp_path):
    """`--old-code DIR`: the hint of the archwk in DIR (here this checkout itself), asked
    for each position through a save, is scored beside the variants, with the commit it
    came from."""
    out = tmp_path / "advice.json"
    bench_advice.main(["--positions", "1", "--reference", "0.2", "--variant", "0.1:0.9",
                       "--old-code", str(ROOT), "--old-seconds", "0.1", "--json", str(out)])
    rows = json.loads(out.read_text())["results"]
    assert len(rows) == 2 and "old_code" not in rows[0]
    old = rows[1]
    assert old["seconds"] == 0.1 and old["old_code"]["dir"] == str(ROOT) and "search_share" not in old
    # one position: its regret is the mean (to 0.01) and the worst (to 0.1, so up to 0.05 apart)
    assert old["agreed"] in ([], [0]) and 0 <= old["worst_regret_points"] <= 100
    assert abs(old["mean_regret_points"] - old["worst_regret_points"]) <= 0.05 + 1e-9
    assert (old["agreed"] == [0]) == (old["agreement"] == 1.0)


def test_another_checkout_must_hold_archwk_and_read_the_position_alike(tmp_path, capsys):
    with pytest.raises(SystemExit) as e:
        bench_advice.main(["--positions", "1", "--old-code", str(tmp_path)])
    assert "--old-code" in str(e.value) and "no archwk package" in str(e.value)
    with pytest.raises(SystemExit):
        bench_advice.main(["--positions", "1", "--old-code", str(ROOT), "--game", "archon"])
    assert "Architects positions only" in capsys.readouterr().err
    import archwk
    from archwk.games.architects import record
    old = bench_advice.OldHint(str(ROOT), 0.1)
    try:
        s = archwk.new_game(2, seed=3)
        choices = [str(a) for a in s.legal_actions()]
        # a checkout whose rules list other choices at a position answers with an error, not a hint
        bad = old.ask({"save": record.to_json(s), "seconds": 0.1, "seed": 0, "choices": choices[:-1]})
        assert "legal choices read differently" in bad["error"]
        good = old.ask({"save": record.to_json(s), "seconds": 0.1, "seed": 0, "choices": choices})
        assert 0 <= good["first"] < len(choices) and good["file"].startswith(str(ROOT))
    finally:
        old.close()
