"""One Dask worker against N, interleaved: the figure issue 12 asks for.

``scaling.py`` starts a cluster per number of workers, one after the other,
so a change in the machine's load between them falls on one side only. Here
the clusters (one of 1 worker, one of N, one thread each) are all started
first and kept; then ``count_distributed`` runs on each in turn, round after
round, and the table gives wall-clock medians, the ratio to one worker, the
number of tasks, the CPU time of this process (the Dask scheduler and client
live here: on a small machine they compete with the workers) and the CPU
time of the scheduler's process alone during the count and the CPU time of
the tasks' threads, as ``count_distributed(stats=...)`` measures them (on a
loaded machine the CPU figures hold where the wall-clock ones do not). Every count goes to the
workers (``local_seconds=0``), one thread per task (``--threads``).

    python benches/dask_workers.py                       # pentominoes 6x10, 1 and 2 workers
    python benches/dask_workers.py --workers 4 --repeat 7 --instance queens-14
    python benches/dask_workers.py --pieces 0              # stragglers' rest handed back uncut
"""

from __future__ import annotations

import argparse
import logging
import os
import statistics
import sys
import time
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from instances import build


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--instance", default="pentominoes-6x10")
    parser.add_argument("--workers", type=int, default=2, help="the larger cluster (default 2)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--threads", type=int, default=1, help="threads of each task (default 1)")
    parser.add_argument(
        "--pieces",
        type=int,
        help="cut the rest of a task that ran out of time into this many subtrees per worker "
        "(sets exactcover.distributed._PIECES_PER_WORKER; 0: hand the rest back uncut)",
    )
    args = parser.parse_args()

    import exactcover.distributed
    from dask.distributed import Client, LocalCluster, get_task_stream
    from exactcover.distributed import count_distributed

    if args.pieces is not None:
        exactcover.distributed._PIECES_PER_WORKER = args.pieces

    logging.getLogger("distributed").setLevel(logging.ERROR)
    inst = build(args.instance)
    sizes = [1, args.workers]
    clusters = [
        LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None)
        for n in sizes
    ]
    clients = [Client(c) for c in clusters]
    runs: dict[int, list[tuple[float, float, int, float, float]]] = {n: [] for n in sizes}
    options = dict(threads=args.threads, local_seconds=0)
    try:
        for client in clients:  # workers warm, the problem's first build done
            count_distributed(inst.solver(), client=client, **options)
        for _ in range(args.repeat):
            for n, client in zip(sizes, clients):
                problem = inst.solver()
                stats: dict[str, Any] = {}
                cpu, start = time.process_time(), time.perf_counter()
                with get_task_stream(client) as stream:
                    total = count_distributed(problem, client=client, stats=stats, **options)
                wall = time.perf_counter() - start
                assert total == inst.expected, (n, total)
                runs[n].append(
                    (
                        wall,
                        time.process_time() - cpu,
                        len(stream.data),
                        stats["scheduler_cpu"],
                        stats["cpu"],
                    )
                )
    finally:
        for thing in clients + clusters:
            thing.close()

    one = statistics.median(r[0] for r in runs[1])
    print(f"{args.instance}, {os.cpu_count()} CPUs, medians of {args.repeat} interleaved runs")
    print(
        "| workers | wall-clock | ratio to 1 worker | tasks | CPU of scheduler + client "
        "| CPU of the scheduler's process per count | CPU of the tasks |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for n in sizes:
        wall = statistics.median(r[0] for r in runs[n])
        print(
            f"| {n} | {wall:.2f} s | {wall / one:.2f} "
            f"| {statistics.median(r[2] for r in runs[n]):.0f} "
            f"| {statistics.median(r[1] for r in runs[n]):.2f} s "
            f"| {statistics.median(r[3] for r in runs[n]):.2f} s "
            f"| {statistics.median(r[4] for r in runs[n]):.2f} s |"
        )


if __name__ == "__main__":
    main()
