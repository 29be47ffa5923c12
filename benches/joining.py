"""Workers that join a distributed count while it runs, as a batch queue
(dask-jobqueue on SLURM or PBS) or an autoscaler starts them: the count
starts on the workers there are, and the rest come later.

``count_distributed`` looks at the cluster every
``exactcover.distributed._WORKERS_EVERY`` seconds (1 s): a worker that has
joined idles, and a straggler is asked to share its work with it. The
rows, each a fresh ``LocalCluster`` of ``--start`` one-thread workers,
scaled to ``--workers`` ``--after`` seconds into the count, in turn round
after round:

* ``joining, looked at``: the default;
* ``joining, not looked at``: the cluster as the count found it at its
  start (``_WORKERS_EVERY`` infinite, as before it was looked at again);
* ``all from the start``: the cluster scaled and waited for before the
  count (its wall-clock plus the time the workers took to join is what
  the joining rows could reach at best).

Each row gives wall-clock medians from the call, when the last worker
joined, tasks, the most workers the count saw (``stats["workers"]``) and
the workers that ran its tasks (Dask's task stream). Before the driver
looked again, it kept at most two tasks per worker it had found at the
start out at once: a count started on one worker of sixteen ran two tasks
at a time to its end.

On 2 cores two tasks at once fill the machine whichever way; ``--slow S``
emulates N cores S times slower as ``emulate.py`` does (each worker's
counting thread and the driver's main thread capped at 1/S of a CPU, the
count's clock slowed S times; root only): here each worker caps the
thread it runs tasks on as it starts, before it joins the cluster (a Dask
preload, this module's `dask_setup`), so that a worker that joins late
counts no faster than the others. ``--after`` is then in the machine's
seconds too.

    python benches/joining.py --instance queens-15 --start 1 --workers 2 --after 1
    python benches/joining.py --instance queens-15 --start 1 --workers 16 --slow 10 --after 5
"""

from __future__ import annotations

import argparse
import glob
import os
import statistics
import sys
import threading
import time
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from cgroups import CGROUP, cap, release, require
from emulate import _dilated
from instances import build
from stop_policy import _cluster, _rounds

#: Set in the workers' environment: S, their counting thread capped at 1/S
#: of a CPU (`dask_setup`).
SLOW = "EXACTCOVER_BENCH_SLOW"

ROWS = ("joining, looked at", "joining, not looked at", "all from the start")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--instance", default="queens-15")
    parser.add_argument("--start", type=int, default=1, help="workers at the start")
    parser.add_argument("--workers", type=int, default=2, help="workers once all have joined")
    parser.add_argument("--after", type=float, default=1.0, help="seconds into the count")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--slow", type=float, default=1.0, metavar="S", help="1 (not slowed) to 10")
    args = parser.parse_args()
    if not 0 <= args.start < args.workers:
        sys.exit("--start must be at least 0 and below --workers")
    if args.slow != 1:
        require(args.slow, "--slow")
    inst: Any = build(args.instance)
    runs: dict[str, list[dict[str, float]]] = {row: [] for row in ROWS}
    for row in _rounds(ROWS, args.repeat):
        runs[row].append(_one(row, inst, args))
        print(row, runs[row][-1], flush=True)
    slowed = f", each counting at 1/{args.slow:g} of a CPU" if args.slow > 1 else ""
    print(
        f"\n{args.instance} on {args.start} one-thread workers, scaled to {args.workers} "
        f"{args.after:g} s into the count{slowed}; {os.cpu_count()} CPUs; medians of "
        f"{args.repeat}"
    )
    print(
        "| row | wall-clock | last worker joined | tasks | workers seen | workers that ran tasks |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for row, figures in runs.items():
        med = {key: statistics.median(f[key] for f in figures) for key in figures[0]}
        print(
            f"| {row} | {med['wall']:.2f} s | {med['joined']:.2f} s | {med['tasks']:.0f} "
            f"| {med['workers']:.0f} | {med['ran']:.0f} |"
        )


def _one(row: str, inst: Any, args: Any) -> dict[str, float]:
    """One count on a fresh cluster, as the row says."""
    import exactcover.distributed as dist
    from dask.distributed import get_task_stream

    # Each worker loads this module as it starts (`dask_setup`).
    cluster, client = _cluster(args.start, preload=["joining"], env={SLOW: str(args.slow)})
    saved = dist._WORKERS_EVERY
    driver = None
    try:
        if args.start:
            client.wait_for_workers(args.start)
        joined: list[float] = []
        start = time.perf_counter()

        def scale() -> None:
            cluster.scale(args.workers)
            client.wait_for_workers(args.workers)
            joined.append(time.perf_counter() - start)

        if row == "all from the start":
            scale()
            start = time.perf_counter()
        else:
            timer = threading.Timer(args.after, scale)
            timer.start()
        if row == "joining, not looked at":
            dist._WORKERS_EVERY = float("inf")
        stats: dict[str, Any] = {}
        if args.slow > 1:
            driver = cap(threading.get_native_id(), args.slow, "driver", thread=True)
        with get_task_stream(client) as stream, _dilated(args.slow):
            total = dist.count_distributed(
                inst.solver(), client=client, threads=1, local_seconds=0, stats=stats
            )
            wall = time.perf_counter() - start
        assert total == inst.expected, (total, inst.expected)
        if row != "all from the start":
            timer.join()
        return {
            "wall": wall,
            "joined": joined[0] if row != "all from the start" else 0.0,
            "tasks": stats["tasks"],
            "workers": stats["workers"],
            "ran": len({t["worker"] for t in stream.data if "count_sealed" in t["key"]}),
        }
    finally:
        release([driver] if driver else [])
        dist._WORKERS_EVERY = saved
        client.close()
        cluster.close()
        release(glob.glob(os.path.join(CGROUP, "exactcover-bench-*-joining")))


def dask_setup(worker: Any) -> None:
    """Run by each worker as it starts, before it joins the scheduler (a
    Dask preload): with `SLOW` above 1, the thread it runs its tasks on is
    capped at 1/`SLOW` of a CPU from its start."""
    import concurrent.futures

    slow = float(os.environ.get(SLOW, "1"))
    if slow <= 1:
        return

    def capped() -> None:
        cap(threading.get_native_id(), slow, "joining", thread=True)

    worker.executors["default"] = concurrent.futures.ThreadPoolExecutor(
        1, thread_name_prefix="Dask-Default-Threads", initializer=capped
    )


if __name__ == "__main__":
    main()
