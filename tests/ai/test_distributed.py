"""Batch simulation on a Dask cluster (issue 6): the same records as a local run."""
from __future__ import annotations

import json

import pytest

pytest.importorskip("dask.distributed")

from archwk.ai import cli


@pytest.fixture(scope="module")
def cluster():
    from dask.distributed import LocalCluster
    c = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    try:
        yield c
    finally:
        c.close()


def test_simulate_on_a_dask_cluster_matches_local_run(cluster, tmp_path, capsys):
    args = ["simulate", "--players", "3", "--games", "8", "--bots", "fast,random", "--seed", "5", "--no-progress"]
    assert cli.main(args + ["--scheduler", cluster.scheduler_address, "--out", str(tmp_path / "dask.json")]) == 0
    dask_out = capsys.readouterr().out
    assert cli.main(args + ["--out", str(tmp_path / "local.json")]) == 0
    local_out = capsys.readouterr().out
    dask_recs = json.loads((tmp_path / "dask.json").read_text())
    assert dask_recs == json.loads((tmp_path / "local.json").read_text())
    assert [r["seed"] for r in dask_recs] == sorted(r["seed"] for r in dask_recs)
    assert dask_out.replace("dask.json", "local.json") == local_out


def test_run_on_dask_progress_and_client(cluster):
    from dask.distributed import Client

    from archwk.ai.distributed import run_on_dask
    from archwk.ai.games import game_seed, play_one
    tasks = [(2, game_seed(9, i), ("random",), {}) for i in range(5)]
    done = []
    with Client(cluster.scheduler_address, set_as_default=False) as client:
        recs = run_on_dask(tasks, client, progress=done.append, batch=2)
        assert client.status == "running"  # a client passed in is left open
    assert sum(done) == 5 and len(done) == 3
    assert recs == [play_one(*t) for t in tasks]
