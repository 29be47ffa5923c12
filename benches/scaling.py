"""Scaling of a count over threads and over Dask workers.

For each long instance: ``count()`` on one thread, ``count(threads=N)``, and
``exactcover.distributed.count_distributed`` on a Dask ``LocalCluster`` of N
worker processes (one thread each; the cluster is started once per N, outside
the timings; each timed count includes sending the problem to the workers).
Wall-clock medians of ``--repeat`` runs, and the speed-up over one thread;
and the CPU time all threads or workers spent, over that of ``count()``
("work"): what a parallel count costs beyond the search itself (copies of the
solver, subtrees searched from their root, Dask). On an idle machine the
speed-up is about N / work; on a shared one the wall-clock figures mean
little, the work figures still hold.

    python benches/scaling.py                       # threads and workers 1..cores
    python benches/scaling.py --max 2 --repeat 5 --markdown
    python benches/scaling.py --only pentominoes-6x10
"""

from __future__ import annotations

import argparse
import logging
import os
import resource
import statistics
import sys
import time
from typing import Any, Callable

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from instances import build

LONG = ["pentominoes-6x10", "queens-14", "2n-queens-8", "langford-12"]


def timed(
    f: Callable[[], int], expected: int, repeat: int, cpu: Callable[[], float] = time.process_time
) -> tuple[float, float]:
    """Medians of the wall-clock time and of the CPU time (``cpu()``, by
    default this process's, all threads)."""
    times, cpus = [], []
    for _ in range(repeat):
        start, cpu_start = time.perf_counter(), cpu()
        count = f()
        times.append(time.perf_counter() - start)
        cpus.append(cpu() - cpu_start)
        if count != expected:
            raise SystemExit(f"wrong count: {count} instead of {expected}")
    return statistics.median(times), statistics.median(cpus)


def worker_cpu() -> float:
    """CPU time of this process (in a Dask worker)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", help="instances whose name contains this")
    parser.add_argument("--max", type=int, default=os.cpu_count() or 1, help="most threads/workers")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-dask", action="store_true")
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    names = [n for n in LONG if not args.only or any(o in n for o in args.only)]
    counts = [n for n in (1, 2, 4, 8, 16, 32, 64) if n <= args.max]
    rows: list[tuple[str, str, list[tuple[float, float]]]] = []
    instances = {name: build(name) for name in names}
    for name, inst in instances.items():
        assert not isinstance(inst, list)
        serial = timed(lambda inst=inst: inst.solver().count(), inst.expected, args.repeat)
        threads = [
            timed(lambda n=n, inst=inst: inst.solver().count(threads=n), inst.expected, args.repeat)
            for n in counts
        ]
        rows.append((name, "threads", [serial, *threads]))
        print(name, "threads", [serial, *threads], file=sys.stderr)
    if not args.no_dask:
        from distributed import Client, LocalCluster
        from exactcover.distributed import count_distributed

        dask_times: dict[str, list[tuple[float, float]]] = {name: [] for name in names}
        for n in counts:
            with (
                LocalCluster(
                    n_workers=n,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=":0",
                    silence_logs=logging.ERROR,
                ) as cluster,
                Client(cluster) as client,
            ):
                for name, inst in instances.items():
                    assert not isinstance(inst, list)

                    def run(inst: Any = inst) -> int:
                        return count_distributed(inst.solver(), client=client)

                    def cpu() -> float:
                        return sum(client.run(worker_cpu).values())

                    dask_times[name].append(timed(run, inst.expected, args.repeat, cpu))
                    print(name, "dask", n, dask_times[name][-1], file=sys.stderr)
        for name in names:
            serial = next(r[2][0] for r in rows if r[0] == name)
            rows.append((name, "dask workers", [serial, *dask_times[name]]))
    header = ["instance", "how", "count()", *[f"{n}" for n in counts]]
    print(
        f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}; wall-clock medians of "
        f"{args.repeat} runs, s (speed-up; work = CPU time over count()'s)"
    )
    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("|---|---|" + "---:|" * (len(header) - 2))
    for name, how, times in rows:
        (wall, cpu) = times[0]
        cells = [f"{wall:.2f}"] + [
            f"{t:.2f} ({wall / t:.2f}x; work {c / cpu:.2f})" for t, c in times[1:]
        ]
        if args.markdown:
            print(f"| {name} | {how} | " + " | ".join(cells) + " |")
        else:
            print(f"{name:20} {how:13} " + "  ".join(cells))


if __name__ == "__main__":
    main()
