"""Scaling of a count over threads and over Dask workers.

For each long instance: ``count()`` on one thread, ``count(threads=N)``, and
``exactcover.distributed.count_distributed`` on a Dask ``LocalCluster`` of N
worker processes (one thread each; the cluster is started once per N, outside
the timings; each timed count includes sending the problem to the workers).
Wall-clock medians of ``--repeat`` runs, and the speed-up over one thread.

    python benches/scaling.py                       # threads and workers 1..cores
    python benches/scaling.py --max 2 --repeat 5 --markdown
    python benches/scaling.py --only pentominoes-6x10
"""

from __future__ import annotations

import argparse
import logging
import os
import statistics
import sys
import time
from typing import Any, Callable

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from instances import build

LONG = ["pentominoes-6x10", "queens-14", "2n-queens-8", "langford-12"]


def timed(f: Callable[[], int], expected: int, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        count = f()
        times.append(time.perf_counter() - start)
        if count != expected:
            raise SystemExit(f"wrong count: {count} instead of {expected}")
    return statistics.median(times)


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
    rows: list[tuple[str, str, list[float]]] = []
    instances = {name: build(name) for name in names}
    for name, inst in instances.items():
        assert not isinstance(inst, list)
        serial = timed(lambda inst=inst: inst.solver().count(), inst.expected, args.repeat)
        threads = [
            timed(lambda n=n, inst=inst: inst.solver().count(threads=n), inst.expected, args.repeat)
            for n in counts
        ]
        rows.append((name, "threads", [serial, *threads]))
        print(name, "threads", [f"{t:.3f}" for t in [serial, *threads]], file=sys.stderr)
    if not args.no_dask:
        from distributed import Client, LocalCluster
        from exactcover.distributed import count_distributed

        dask_times: dict[str, list[float]] = {name: [] for name in names}
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

                    dask_times[name].append(timed(run, inst.expected, args.repeat))
                    print(name, "dask", n, f"{dask_times[name][-1]:.3f}", file=sys.stderr)
        for name in names:
            serial = next(r[2][0] for r in rows if r[0] == name)
            rows.append((name, "dask workers", [serial, *dask_times[name]]))
    header = ["instance", "how", "count()", *[f"{n}" for n in counts]]
    print(f"{os.cpu_count()} CPUs; wall-clock medians of {args.repeat} runs, s (speed-up)")
    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("|---|---|" + "---:|" * (len(header) - 2))
    for name, how, times in rows:
        cells = [f"{times[0]:.2f}"] + [f"{t:.2f} ({times[0] / t:.2f}x)" for t in times[1:]]
        if args.markdown:
            print(f"| {name} | {how} | " + " | ".join(cells) + " |")
        else:
            print(f"{name:20} {how:13} " + "  ".join(cells))


if __name__ == "__main__":
    main()
