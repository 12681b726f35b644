"""Batch simulation on a Dask cluster: the same games, on as many machines as
the cluster has workers.

    archwk simulate --players 4 --games 1000000 --bots heuristic,random --seed 1 \
        --scheduler tcp://scheduler:8786 --out results.parquet

Each game is fully described by its task (player count, game seed, bot names,
options) and is played by `archwk.ai.games.play_one`, so the records are the
same as a local run's, in the same order. The workers need archwk installed
(`pip install 'archwk[analysis]'`), the same version as the client.

dask is imported only when a cluster is used.
"""
from __future__ import annotations

import uuid

from .games import play_batch

#: games per Dask task: a game between fast bots takes milliseconds, so single
#: games would spend more time in the scheduler than playing
BATCH = 16


def run_on_dask(tasks, scheduler, progress=None, batch: int = BATCH) -> list[dict]:
    """Run `archwk.ai.games.play_one(*task)` for every task on the Dask cluster at
    `scheduler` (an address such as "tcp://127.0.0.1:8786", or a
    `dask.distributed.Client`); return the records in task order. `progress(k)`
    is called as k more games finish."""
    try:
        from dask.distributed import Client, as_completed
    except ImportError:  # pragma: no cover - depends on the installation
        raise ImportError("a Dask cluster needs dask[distributed] (pip install 'archwk[analysis]')") from None
    tasks = list(tasks)
    if batch < 1:
        raise ValueError(f"run_on_dask: batch must be at least 1, got {batch}")
    chunks = [tasks[i:i + batch] for i in range(0, len(tasks), batch)]
    own = not isinstance(scheduler, Client)
    client = Client(scheduler, set_as_default=False) if own else scheduler
    try:
        run_id = uuid.uuid4().hex[:8]
        futures = [client.submit(play_batch, chunk, key=f"archwk-games-{run_id}-{i}", pure=False)
                   for i, chunk in enumerate(chunks)]
        index = {f.key: i for i, f in enumerate(futures)}
        results: list = [None] * len(chunks)
        for fut in as_completed(futures, loop=client.loop):
            i = index[fut.key]
            results[i] = fut.result()
            if progress:
                progress(len(chunks[i]))
            fut.release()
        return [rec for chunk in results for rec in chunk]
    finally:
        if own:
            client.close()
