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
    python benches/scaling.py --targets RESULT.md      # issue 25's set (16 cores, ~3 min)

The worker columns send every count to the workers (``local_seconds=0``),
one thread per task: they measure the workers, not the local path.

``--targets PATH`` runs exactly the set issue 25 asks for on a 16-core
machine (no network needed) and writes a markdown table to PATH and the
figures as JSON to PATH with ``.json`` appended: ``count()`` on one thread
and ``count(threads=16)``; queens-16 and pentominoes 6x10 on 16 one-thread
Dask workers (targets: 12x and 10x over ``count()``) and on 2 workers of 8
threads (target: within 1.15x of ``count(threads=16)``); and every instance
counted as a user would (defaults: a short count runs locally) on 1 worker
and on 16 (target: 16 never slower than 1). With ``--cores N`` the same on
N cores (N workers; below 16 cores, 1 worker of N threads stands in for the
2 workers of 8; below 8 cores queens-16 is left out: over a minute on one
thread there), e.g. on 2 cores (~10 min):

    python benches/scaling.py --targets R2.md --cores 2

The clusters use ``exactcover.distributed.DASK_CONFIG``, as the cluster
``count_distributed`` starts by itself does.
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
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--only", action="append", help="instances whose name contains this")
    parser.add_argument("--max", type=int, default=os.cpu_count() or 1, help="most threads/workers")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-dask", action="store_true")
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--targets", metavar="PATH", help="run issue 25's set; write PATH")
    parser.add_argument("--cores", type=int, default=16, help="with --targets (default 16)")
    args = parser.parse_args()
    if args.targets:
        targets(args.targets, args.cores, args.repeat, args.only)
        return
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
                        return count_distributed(
                            inst.solver(), client=client, threads=1, local_seconds=0
                        )

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


def _cluster(workers: int) -> tuple[Any, Any]:
    """A LocalCluster of one-Dask-thread worker processes, with the settings
    of a cluster that only counts (as ``count_distributed`` starts by
    itself), and its client."""
    import dask
    from distributed import Client, LocalCluster
    from exactcover.distributed import DASK_CONFIG

    with dask.config.set(DASK_CONFIG):
        cluster = LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
            silence_logs=logging.ERROR,
        )
    return cluster, Client(cluster)


def targets(path: str, cores: int, repeat: int, only: list[str] | None = None) -> None:
    """Issue 25's figures on `cores` cores, written to `path` (markdown) and
    `path`.json."""
    import json

    from exactcover.distributed import count_distributed
    from instances import queens

    begun = time.perf_counter()
    big = {"queens-16": queens(16, 14772512), "pentominoes-6x10": build("pentominoes-6x10")}
    if cores < 8:  # a minute and more on one thread of a small machine
        del big["queens-16"]
    small = {name: build(name) for name in ["queens-14", "2n-queens-8", "langford-12"]}
    if only:  # a smoke run of a part of the set
        big = {n: i for n, i in big.items() if any(o in n for o in only)}
        small = {n: i for n, i in small.items() if any(o in n for o in only)}
    everything = {**big, **small}
    results: dict[str, Any] = {"cores": cores, "cpus": os.cpu_count(), "repeat": repeat}
    runs: dict[str, dict[str, Any]] = {name: {} for name in everything}

    def note(name: str, how: str, figures: dict[str, Any]) -> None:
        runs[name][how] = figures
        print(name, how, figures, file=sys.stderr, flush=True)

    def median_run(
        f: Callable[[dict[str, Any]], int], expected: int, times: int
    ) -> tuple[float, list[dict[str, Any]]]:
        walls, stats = [], []
        for _ in range(times):
            start = time.perf_counter()
            stat: dict[str, Any] = {}
            count = f(stat)
            walls.append(time.perf_counter() - start)
            stats.append(stat)
            if count != expected:
                raise SystemExit(f"wrong count: {count} instead of {expected}")
        return statistics.median(walls), stats

    for name, inst in everything.items():
        assert not isinstance(inst, list)
        wall, _ = median_run(lambda _, inst=inst: inst.solver().count(), inst.expected, 1)
        note(name, "count()", {"wall": wall})
        wall, _ = median_run(
            lambda _, inst=inst: inst.solver().count(threads=cores), inst.expected, repeat
        )
        note(name, f"count(threads={cores})", {"wall": wall})

    def on_cluster(workers: int, plan: list[tuple[str, str, dict[str, Any]]]) -> None:
        cluster, client = _cluster(workers)
        try:
            client.wait_for_workers(workers)
            for name, how, options in plan:
                inst = everything[name]
                assert not isinstance(inst, list)

                def run(stat: dict[str, Any], inst: Any = inst, options: Any = options) -> int:
                    return count_distributed(inst.solver(), client=client, stats=stat, **options)

                run({}, inst, {**options, "local_seconds": 0})  # workers warm
                wall, stats = median_run(run, inst.expected, repeat)
                cpu = [s.get("scheduler_cpu") for s in stats]
                note(
                    name,
                    how,
                    {
                        "wall": wall,
                        "path": stats[-1].get("path"),
                        "tasks": statistics.median(s["tasks"] for s in stats),
                        "scheduler_cpu": statistics.median(c for c in cpu if c is not None)
                        if any(c is not None for c in cpu)
                        else None,
                    },
                )
        finally:
            client.close()
            cluster.close()

    # The threaded target: 2 workers of 8 threads on 16 cores; below 16
    # cores, 1 worker of them all stands in for it.
    machines = 2 if cores >= 16 else 1
    half = max(1, cores // machines)
    threaded = f"{machines} worker{'s' if machines > 1 else ''} x {half} threads"
    on_cluster(
        cores,
        [(n, f"{cores} workers x 1 thread", {"threads": 1, "local_seconds": 0}) for n in big]
        + [(n, f"{cores} workers, defaults", {}) for n in everything],
    )
    on_cluster(
        machines,
        [(n, threaded, {"threads": half, "local_seconds": 0}) for n in big],
    )
    on_cluster(
        1,
        [(n, "1 worker x 1 thread", {"threads": 1, "local_seconds": 0}) for n in big]
        + [(n, "1 worker, defaults", {}) for n in everything],
    )

    lines = [
        f"# Issue 25 on {cores} cores ({os.cpu_count()} CPUs; load average "
        f"{os.getloadavg()[0]:.2f} at the end; medians of {repeat}; count() once)",
        "",
        "| instance | how | wall-clock s | speed-up over count() | path | tasks | scheduler CPU s |",
        "|---|---|---:|---:|---|---:|---:|",
    ]
    checks = []
    for name, hows in runs.items():
        serial = hows["count()"]["wall"]
        for how, f in hows.items():
            cpu = f.get("scheduler_cpu")
            lines.append(
                f"| {name} | {how} | {f['wall']:.2f} | {serial / f['wall']:.2f}x "
                f"| {f.get('path', '')} | {f.get('tasks', '')} "
                f"| {'' if cpu is None else f'{cpu:.2f}'} |"
            )
        if name in big:
            goal = 12 if name == "queens-16" else 10
            speed = serial / hows[f"{cores} workers x 1 thread"]["wall"]
            checks.append(
                f"{name}: {cores} one-thread workers {speed:.2f}x over count() "
                f"(target on 16 cores: {goal}x)"
            )
            ratio = hows[threaded]["wall"] / hows[f"count(threads={cores})"]["wall"]
            checks.append(
                f"{name}: {threaded} / count(threads={cores}) = {ratio:.2f} (target <= 1.15)"
            )
            ratio = (
                hows[f"{cores} workers x 1 thread"]["wall"] / hows["1 worker x 1 thread"]["wall"]
            )
            checks.append(
                f"{name}: {cores} one-thread workers / 1 = {ratio:.2f} (target on 2 cores: <= 0.6)"
            )
        many, one = hows[f"{cores} workers, defaults"]["wall"], hows["1 worker, defaults"]["wall"]
        checks.append(
            f"{name}: {cores} workers / 1 worker (defaults) = {many / one:.2f} (target <= 1, "
            "up to noise)"
        )
    lines += ["", *[f"- {c}" for c in checks], "", f"Total {time.perf_counter() - begun:.0f} s."]
    results["runs"] = runs
    results["checks"] = checks
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(path + ".json", "w") as f:
        json.dump(results, f, indent=1)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
