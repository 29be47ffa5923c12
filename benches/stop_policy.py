"""How a distributed count asks stragglers to stop, compared on one cluster:
the end of a count of many workers, where issue 25's 16-core figures lose.

When a worker idles while nothing waits, ``count_distributed`` asks the task
that has run longest to stop, and shares its rest out among the workers
(``exactcover.distributed._STOPS_AT_ONCE``). The rows, interleaved round
after round on one Dask ``LocalCluster`` of ``--workers`` one-thread workers:

* ``one at a time``: one straggler asked, the next once its rest has come
  back;
* ``as many as idle`` (the default): one straggler for each idle worker, at
  once, their rests cut into as many pieces in all as one's;
* ``never stopped`` (``--never-row``): tasks run out their time.

Each row gives wall-clock medians, tasks, stops, and the workers' idle time
(from Dask's task stream, which costs the scheduler a little per task): its
share of the workers' time, and per worker before the first task, between
tasks and after the last.

A machine of many cores is rarely at hand. ``--throttle S`` caps every
worker process at 1/S of a CPU (the cgroup v1 CPU controller; root only),
so that 8 workers on 2 CPUs with ``--throttle 4.4`` act as 8 cores of
about a fifth of the speed each: an idle worker does not make the others
faster, as on an oversubscribed machine. Messages between the processes are not slowed, so
the figures compare the policies; they are not those of a real machine.
``count()`` on one throttled worker gives the speed-up. ``benches/emulate.py``
emulates cores more closely (only the threads that count are capped, and
the count's clock is slowed as much); it compares policies too
(``--variant _STOPS_AT_ONCE=1``).

    python benches/stop_policy.py --instance queens-14 --workers 2
    python benches/stop_policy.py --instance queens-15 --workers 8 --throttle 4.4 --repeat 6
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import logging
import os
import statistics
import sys
import time
from typing import Any, Iterator, Sequence

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from cgroups import cap, release, require
from dask_workers import _count_alone, _stops
from instances import build


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--instance", default="queens-14")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--order", default="mrv", choices=["auto", "mrv", "sweep"])
    parser.add_argument(
        "--throttle",
        type=float,
        metavar="S",
        help="cap each worker process at 1/S of a CPU (cgroups, root only; see above)",
    )
    parser.add_argument("--never-row", action="store_true", help="also tasks never stopped")
    args = parser.parse_args()

    import exactcover.distributed as dist

    inst: Any = build(args.instance)
    cluster, client = _cluster(args.workers)
    rows: dict[str, int | str | None] = {"one at a time": 1, "as many as idle": None}
    if args.never_row:
        rows["never stopped"] = "never"
    runs: dict[str, list[dict[str, float]]] = {label: [] for label in rows}
    throttled: list[str] = []
    try:
        if args.throttle:
            throttled = _throttle(client, args.throttle)
            first = sorted(client.nthreads())[0]
            alone = client.run(_count_alone, args.instance, args.order, workers=[first])[first]
            print(f"count() on one throttled worker: {alone:.2f} s")
        else:
            alone = None
        dist.count_distributed(inst.solver(), client=client, local_seconds=0, order=args.order)
        labels = list(rows)
        for label in _rounds(labels, args.repeat):
            with _policy(rows[label]):
                runs[label].append(_one(client, inst, args.order))
    finally:
        client.close()
        cluster.close()
        release(throttled)
    print(
        f"\n{args.instance} (order {args.order}) on {args.workers} one-thread workers"
        + (f", each at 1/{args.throttle} of a CPU" if args.throttle else "")
        + f"; {os.cpu_count()} CPUs; medians of {args.repeat} interleaved runs"
    )
    _table("stragglers", runs, alone)


def _table(first: str, runs: dict[str, list[dict[str, float]]], alone: float | None) -> None:
    """The rows of `runs` (each a list of `_one`'s figures) as a markdown
    table of medians, headed `first`; the speed-up over `alone` (the
    seconds of ``count()`` on one worker) where given. Rows without a run
    are left out."""
    print(
        f"| {first} | wall-clock | speed-up over count() | tasks | stops | idle share "
        "| idle before the first | between tasks | after the last |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for label, results in runs.items():
        if not results:
            continue

        def median(key: str, results: list[dict[str, float]] = results) -> float:
            return statistics.median(r[key] for r in results)

        speed_up = f"{alone / median('wall'):.2f}x" if alone else ""
        print(
            f"| {label} | {median('wall'):.2f} s | {speed_up} | {median('tasks'):.0f} "
            f"| {median('stops'):.0f} | {median('idle'):.3f} | {median('first'):.2f} s "
            f"| {median('between'):.2f} s | {median('last'):.2f} s |"
        )


def _rounds(labels: Sequence[str], repeat: int) -> Iterator[str]:
    """The rows' labels `repeat` times, round after round, every other round
    in reverse (so that no row always runs first, on a machine warmer or
    busier than for the others)."""
    for k in range(repeat):
        yield from labels if k % 2 == 0 else labels[::-1]


def _cluster(workers: int, **options: Any) -> tuple[Any, Any]:
    """A LocalCluster of `workers` one-thread worker processes that import
    the benchmarks' modules, with `exactcover.distributed.DASK_CONFIG`, and
    its client; `options` go to the LocalCluster (its `env` added to the
    workers' environment)."""
    import dask
    import exactcover.distributed as dist
    from dask.distributed import Client, LocalCluster

    logging.getLogger("distributed").setLevel(logging.ERROR)
    here = os.path.dirname(os.path.abspath(__file__))
    with dask.config.set(dist.DASK_CONFIG):
        cluster = LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
            **{
                **options,
                "env": {
                    "PYTHONPATH": os.pathsep.join([here, os.environ.get("PYTHONPATH", "")]),
                    **options.get("env", {}),
                },
            },
        )
    return cluster, Client(cluster)


@contextlib.contextmanager
def _policy(at_once: int | str | None) -> Iterator[None]:
    """Counts with `_STOPS_AT_ONCE` set to `at_once`, or (``"never"``) with
    tasks never asked to stop (`dask_workers._stops`)."""
    import exactcover.distributed as dist

    if at_once == "never":
        with _stops(False):
            yield
        return
    saved = dist._STOPS_AT_ONCE
    dist._STOPS_AT_ONCE = at_once  # type: ignore[assignment]
    try:
        yield
    finally:
        dist._STOPS_AT_ONCE = saved


def _one(client: Any, inst: Any, order: str) -> dict[str, float]:
    """One count: its wall-clock, tasks, stops and the workers' idle time."""
    import exactcover.distributed as dist
    from dask.distributed import get_task_stream

    stops = 0
    backend = dist._dask_backend

    def counted(*args: Any, **kwargs: Any) -> Any:
        made = backend(*args, **kwargs)
        if made.stop is None:
            return made
        stop = made.stop

        def counting_stop(tokens: list[str], pieces: int, where: str | None) -> None:
            nonlocal stops
            stops += 1
            stop(tokens, pieces, where)

        return dataclasses.replace(made, stop=counting_stop)

    dist._dask_backend = counted  # type: ignore[assignment]
    stats: dict[str, Any] = {}
    try:
        start = time.time()
        with get_task_stream(client) as stream:
            total = dist.count_distributed(
                inst.solver(), client=client, stats=stats, local_seconds=0, order=order
            )
        wall = time.time() - start
    finally:
        dist._dask_backend = backend  # type: ignore[assignment]
    assert total == inst.expected
    spans: dict[str, list[tuple[float, float]]] = {w: [] for w in client.nthreads()}
    for record in stream.data:
        for ss in record.get("startstops", []):
            if ss.get("action") == "compute":
                spans[record["worker"]].append((ss["start"] - start, ss["stop"] - start))
    workers = len(spans)
    busy = sum(b - a for s in spans.values() for a, b in s)
    first = sum(min((a for a, _ in s), default=wall) for s in spans.values()) / workers
    last = sum(wall - max((b for _, b in s), default=wall) for s in spans.values()) / workers
    idle = wall - busy / workers
    return {
        "wall": wall,
        "tasks": stats["tasks"],
        "stops": stops,
        "idle": idle / wall,
        "first": first,
        "last": last,
        "between": idle - first - last,
    }


def _pid() -> int:
    return os.getpid()


def _throttle(client: Any, share: float) -> list[str]:
    """Caps each worker process at 1/`share` of a CPU, each in a cgroup of
    its own; returns the cgroups."""
    require(share, "--throttle")
    pids = sorted(client.run(_pid).values())
    return [cap(pid, share, f"worker{k}", thread=False) for k, pid in enumerate(pids)]


if __name__ == "__main__":
    main()
