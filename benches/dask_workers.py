"""Dask workers against each other and against threads, interleaved: the
figures issue 25 asks for on a small machine, in one command.

``scaling.py`` starts a cluster per number of workers, one after the other,
so a change in the machine's load between them falls on one side only. Here
every cluster is started first and kept; then each count runs in turn,
round after round, and the table gives wall-clock medians and ratios:

* 1 worker and ``--workers`` workers (default 2), one thread each: the
  ratio of N workers to one (issue 25's target on 2 cores: at most 0.6 on
  pentominoes 6x10);
* ``count(threads=C)`` and W workers of C/W threads each (C: ``--cores``,
  default this machine's CPUs; W: ``--threaded-workers``, default 1 below 16
  cores, else 2): each task one threaded count with work donation, against
  the same threads in one process (the target on 16 cores: 2 workers x 8
  threads within 1.15x of ``count(threads=16)``; 1 worker x 2 threads
  against ``count(threads=2)`` is its stand-in on 2 cores);
* ``count()`` in one worker process, and in each of N at once (by
  ``Client.run``, no Dask in the count): what the machine itself gives N
  processes (on this 2-vCPU VM each of two takes about 1.08x the time of
  one alone), and so the least N workers could take of one worker's time.

The clusters use ``exactcover.distributed.DASK_CONFIG`` (as the cluster
``count_distributed()`` starts by itself does; ``--dask-defaults``: Dask's
own settings). Also the number of tasks (``stats["tasks"]``: the timed
counts run without Dask's task stream, which costs the scheduler per task);
the CPU time of this process (the Dask scheduler
and client live here: on a small machine they compete with the workers);
the CPU time of the scheduler's process alone during the count, per count
and per second of counting; and the CPU time of the tasks (as
``count_distributed(stats=...)`` measures them; on a loaded machine the CPU
figures hold where the wall-clock ones do not). Every count goes to the
workers (``local_seconds=0``). Needs no network (loopback only).

    python benches/dask_workers.py                       # pentominoes 6x10
    python benches/dask_workers.py --workers 4 --repeat 7 --instance queens-14
    python benches/dask_workers.py --pieces 0              # stragglers' rest handed back uncut
    python benches/dask_workers.py --timeline --repeat 0   # where the time and work go
    python benches/dask_workers.py --memo-split 60 --repeat 0
    python benches/dask_workers.py --order mrv             # the tasks by MRV
    python benches/dask_workers.py --task-cost --repeat 0  # what a Dask task costs

``--timeline`` adds, for one count on 1 worker and one on ``--workers``
workers, where the work and the time go: every task as it came back (its
subtrees, the rest it handed back, nodes, CPU), when a straggler was asked
to stop (a worker idle, nothing waiting), and for each worker its tasks'
spans, its busy time, its idle time before its first task, between tasks
and after its last, from Dask's task stream; the nodes of N workers over
one worker's are the work that separate memos (and cutting) add.
``--no-stop-row`` adds a row of ``--workers`` workers whose tasks are never
asked to stop (as before that was built), interleaved with the others.

``--memo-split P`` measures the work that separate memos add, in one
process and without Dask (node counts do not depend on the machine's
load): the tree cut into about P pieces by the estimate, counted on one
thread through one memo, and through two memos (two workers), the pieces
dealt like cards by size (as before) or as runs of neighbours
(``_deal_by_region``, as the tasks are dealt now) into 6 and 12 tasks, the
tasks shared alternately by the two memos.
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
from typing import Any, Iterator

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from instances import build


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--instance", default="pentominoes-6x10")
    parser.add_argument("--workers", type=int, default=2, help="the larger cluster (default 2)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument(
        "--cores", type=int, default=os.cpu_count() or 1, help="threads of the threaded rows"
    )
    parser.add_argument(
        "--threaded-workers",
        type=int,
        help="workers sharing --cores threads (default: 1 below 16 cores, else 2)",
    )
    parser.add_argument(
        "--pieces",
        type=int,
        help="cut the rest of a task that ran out of time into this many subtrees per worker "
        "(sets exactcover.distributed._PIECES_PER_WORKER; 0: hand the rest back uncut)",
    )
    parser.add_argument(
        "--timeline",
        action="store_true",
        help="one count on 1 and on --workers workers, task by task (see above)",
    )
    parser.add_argument(
        "--memo-split",
        type=int,
        metavar="P",
        help="nodes through one memo and through two, the tree cut into P pieces (see above)",
    )
    parser.add_argument(
        "--order",
        default="auto",
        choices=["auto", "mrv", "sweep"],
        help="how the tasks branch (count_distributed's order; default auto: the sweep on "
        "pentominoes, whose memoized tasks split less well across workers' memos than MRV's)",
    )
    parser.add_argument(
        "--no-stop-row",
        action="store_true",
        help="also --workers workers whose tasks are never asked to stop when a worker idles "
        "(as before; on the same cluster, interleaved)",
    )
    parser.add_argument(
        "--dask-defaults",
        action="store_true",
        help="clusters with Dask's default settings, not exactcover.distributed.DASK_CONFIG",
    )
    parser.add_argument(
        "--task-cost",
        action="store_true",
        help="also what one Dask task that does nothing costs this process (scheduler and "
        "client), one at a time and in a batch, on the cluster of --workers workers",
    )
    args = parser.parse_args()

    import dask
    import exactcover.distributed
    from dask.distributed import Client, LocalCluster
    from exactcover.distributed import count_distributed

    if args.pieces is not None:
        exactcover.distributed._PIECES_PER_WORKER = args.pieces
    cores = max(1, args.cores)
    threaded = args.threaded_workers or (1 if cores < 16 else 2)
    per_worker = max(1, cores // threaded)

    logging.getLogger("distributed").setLevel(logging.ERROR)
    inst = build(args.instance)
    if args.memo_split:
        _memo_split(inst, args.memo_split)
        if not args.repeat and not args.timeline:
            return
    # (label, workers, threads of each task): the clusters, all kept.
    setups = [
        ("1 worker x 1 thread", 1, 1),
        (f"{args.workers} workers x 1 thread", args.workers, 1),
        (
            f"{threaded} worker{'s' if threaded > 1 else ''} x {per_worker} threads",
            threaded,
            per_worker,
        ),
    ]
    # Clusters that only count (exactcover.distributed.DASK_CONFIG), as
    # count_distributed() starts by itself; --dask-defaults: Dask's own.
    config = {} if args.dask_defaults else exactcover.distributed.DASK_CONFIG
    with dask.config.set(config):
        clusters = [
            LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=":0")
            for _, n, _ in setups
        ]
    clients = [Client(c) for c in clusters]
    # (label, client, threads of each task, tasks asked to stop): the rows.
    rows = [(label, client, threads, True) for client, (label, _, threads) in zip(clients, setups)]
    if args.no_stop_row:
        rows.append((f"{setups[1][0]}, never stopped", clients[1], 1, False))
    threads_label = (
        f"count(threads={cores}{'' if args.order == 'auto' else f', order={args.order!r}'})"
    )
    runs: dict[str, list[dict[str, float]]] = {label: [] for label, _, _, _ in rows}
    runs[threads_label] = []
    # The machine's own share: count() alone in one worker process, and in
    # each of N at once (no Dask in the count; `Client.run`).
    together = f"count() in each of {args.workers} worker processes at once"
    runs[_ALONE] = []
    runs[together] = []
    try:
        for client, (_, _, threads) in zip(clients, setups):  # workers warm
            count_distributed(
                inst.solver(), client=client, threads=threads, local_seconds=0, order=args.order
            )
        for _ in range(args.repeat):
            start = time.perf_counter()
            assert inst.solver().count(threads=cores, order=args.order) == inst.expected
            runs[threads_label].append({"wall": time.perf_counter() - start})
            for label, client in ((_ALONE, clients[0]), (together, clients[1])):
                walls = client.run(_count_alone, args.instance, args.order)
                runs[label].append({"wall": max(walls.values())})
            for label, client, threads, stops in rows:
                problem = inst.solver()
                stats: dict[str, Any] = {}
                cpu, start = time.process_time(), time.perf_counter()
                # (No task stream here: it costs the scheduler per task.)
                with _stops(stops):
                    total = count_distributed(
                        problem,
                        client=client,
                        stats=stats,
                        threads=threads,
                        local_seconds=0,
                        order=args.order,
                    )
                wall = time.perf_counter() - start
                assert total == inst.expected, (label, total)
                runs[label].append(
                    {
                        "wall": wall,
                        "here": time.process_time() - cpu,
                        "tasks": stats["tasks"],
                        "scheduler": stats["scheduler_cpu"],
                        "per_second": stats["scheduler_cpu"] / wall,
                        "cpu": stats["cpu"],
                    }
                )
        if args.task_cost:
            _task_cost(clients[1])
        if args.timeline:
            for client, (label, _, threads) in list(zip(clients, setups))[:2]:
                _timeline(label, client, inst, threads, args.order)
            if args.no_stop_row:
                with _stops(False):
                    _timeline(f"{setups[1][0]}, never stopped", clients[1], inst, 1, args.order)
    finally:
        for thing in clients + clusters:
            thing.close()
    if not args.repeat:
        return

    def median(label: str, key: str) -> float:
        return statistics.median(r[key] for r in runs[label])

    print(
        f"{args.instance} (order {args.order}), {os.cpu_count()} CPUs, load average "
        f"{os.getloadavg()[0]:.2f} at the end; medians of {args.repeat} interleaved runs"
    )
    print(
        "| how | wall-clock | ratio | tasks | CPU of scheduler + client "
        "| CPU of the scheduler's process per count | per second of counting | CPU of the tasks |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    one = median(setups[0][0], "wall")
    with_threads = median(threads_label, "wall")
    print(f"| {threads_label} | {with_threads:.2f} s | 1 | | | | | |")
    for k, (label, _, _, _) in enumerate(rows):
        wall = median(label, "wall")
        ratio = (
            f"{wall / with_threads:.2f} of {threads_label}"
            if k == 2
            else f"{wall / one:.2f} of 1 worker"
        )
        print(
            f"| {label} | {wall:.2f} s | {ratio} | {median(label, 'tasks'):.0f} "
            f"| {median(label, 'here'):.2f} s | {median(label, 'scheduler'):.2f} s "
            f"| {median(label, 'per_second'):.3f} s | {median(label, 'cpu'):.2f} s |"
        )
    alone, at_once = median(_ALONE, "wall"), median(together, "wall")
    print(
        f"| {_ALONE} | {alone:.2f} s | 1 | | | | | |\n"
        f"| {together} | {at_once:.2f} s | {at_once / alone:.2f} | | | | | |"
    )
    print(
        f"\nThe machine: {args.workers} processes counting at once each take "
        f"{at_once / alone:.2f}x the time of one alone, so {args.workers} workers cannot "
        f"go below {at_once / alone / args.workers:.2f} of one worker here."
    )
    # Wall-clock reckoned from CPU for an idle machine of as many cores as
    # workers: one worker's tasks and this process (scheduler and client)
    # one after the other; N workers' tasks and this process shared by N
    # cores.
    n = setups[1][1]
    alone = median(setups[0][0], "cpu") + median(setups[0][0], "here")
    shared = (median(setups[1][0], "cpu") + median(setups[1][0], "here")) / n
    print(
        f"\nReckoned from CPU for an idle {n}-core machine: {n} workers "
        f"{shared / alone:.2f} of 1 worker ((task CPU + CPU of scheduler and client) / {n}, "
        "over 1 worker's task CPU + CPU of scheduler and client)."
    )


_ALONE = "count() in one worker process"


def _count_alone(instance: str, order: str) -> float:
    """Counts an instance in this (worker) process, without Dask; returns
    the wall-clock seconds."""
    inst = build(instance)
    problem = inst.solver()
    start = time.perf_counter()
    assert problem.count(threads=1, order=order) == inst.expected
    return time.perf_counter() - start


@contextlib.contextmanager
def _stops(allowed: bool) -> Iterator[None]:
    """Counts whose tasks are asked to stop when a worker idles (the
    default), or (`allowed` False) never, as before that was built: the
    last tasks then short instead."""
    import exactcover.distributed as dist

    if allowed:
        yield
        return
    backend = dist._dask_backend

    def without_stops(*args: Any, **kwargs: Any) -> Any:
        return dataclasses.replace(backend(*args, **kwargs), stop=None)

    dist._dask_backend = without_stops  # type: ignore[assignment]
    try:
        yield
    finally:
        dist._dask_backend = backend  # type: ignore[assignment]


def _nothing(x: int) -> int:
    return x


def _task_cost(client: Any, tasks: int = 200) -> None:
    """Prints the CPU of this process (the Dask scheduler and client) and the
    wall-clock per task that does nothing: each waited for before the next
    (as a count's last tasks go), and all submitted at once."""
    client.gather([client.submit(_nothing, k, pure=False) for k in range(10)])  # warm
    cpu, start = time.process_time(), time.perf_counter()
    for k in range(tasks):
        client.submit(_nothing, k, pure=False).result()
    one_by_one = (time.process_time() - cpu, time.perf_counter() - start)
    cpu, start = time.process_time(), time.perf_counter()
    client.gather([client.submit(_nothing, k, pure=False) for k in range(tasks)])
    batch = (time.process_time() - cpu, time.perf_counter() - start)
    cpu = time.process_time()
    for _ in range(tasks):
        client.processing()
    asked = (time.process_time() - cpu) / tasks
    print(
        f"\nA Dask task that does nothing ({tasks} each way): one at a time "
        f"{one_by_one[0] / tasks * 1e3:.1f} ms of this process's CPU and "
        f"{one_by_one[1] / tasks * 1e3:.1f} ms of wall-clock per task; in a batch "
        f"{batch[0] / tasks * 1e3:.1f} ms and {batch[1] / tasks * 1e3:.1f} ms. "
        f"`Client.processing()`: {asked * 1e3:.1f} ms of CPU per call."
    )


def _memo_split(inst: Any, pieces: int) -> None:
    """The nodes of one memo and of two: see the module's ``--memo-split``."""
    import exactcover.distributed as dist
    from exactcover._native import MemoPool

    spec = dist._spec_of(inst.solver())
    spec = (*spec[:6], None)  # by MRV: the order the tasks of this count take
    key = dist.problem_digest(spec)
    dist._CUT_SECONDS = 60.0  # the cut as fine as asked, whatever the load
    cut = dist._cut_by_estimate(key, spec, [(list(spec[4]), [])], pieces)
    print(f"\n{inst.name} by MRV, cut into {len(cut)} pieces; nodes counted (1 thread):")

    def nodes(groups: list[list[Any]]) -> int:
        total = found = 0
        for group in groups:
            solver = dist._built(key, spec).copy()
            counted, _, _ = solver.count_subtrees(group, None, 1, MemoPool(), None, 1 << 28)
            found += counted
            total += solver.stats["nodes"]
        assert found == inst.expected
        return int(total)

    one = nodes([[s for _, s, _ in cut]])
    print(f"| how | nodes | over one memo |\n|---|---:|---:|\n| one memo | {one:,} | 1 |")
    for tasks in (6, 12):
        for how, dealt in (
            ("like cards", dist._deal([s for _, s, _ in cut], tasks)),
            ("runs of neighbours", dist._deal_by_region([(e, s) for e, s, _ in cut], tasks)),
        ):
            n = nodes([[s for task in dealt[w::2] for s in task] for w in (0, 1)])
            print(f"| two memos, {tasks} tasks {how} | {n:,} | {n / one:.3f} |")


def _timeline(label: str, client: Any, inst: Any, threads: int, order: str) -> None:
    """One count on `client`, task by task: see the module's ``--timeline``."""
    import exactcover.distributed as dist
    from dask.distributed import get_task_stream

    tasks: list[tuple[float, int, int, dict[str, Any]]] = []
    stops: list[float] = []
    finished = dist._Plan.finished
    backend = dist._dask_backend

    def spy(plan: Any, subtrees: Any, found: int, rest: Any, task: Any, spread: int = 1) -> None:
        tasks.append((time.time(), len(subtrees), len(rest), dict(task)))
        finished(plan, subtrees, found, rest, task, spread)

    def spied_backend(*args: Any, **kwargs: Any) -> Any:
        made = backend(*args, **kwargs)
        stop = made.stop
        if stop is None:  # (--no-stop-row)
            return made

        def spied_stop(tokens: list[str], pieces: int, where: str | None) -> None:
            stops.append(time.time())
            stop(tokens, pieces, where)

        return dataclasses.replace(made, stop=spied_stop)

    dist._Plan.finished = spy  # type: ignore[method-assign]
    dist._dask_backend = spied_backend  # type: ignore[assignment]
    stats: dict[str, Any] = {}
    try:
        start, cpu = time.time(), time.process_time()
        with get_task_stream(client) as stream:
            total = dist.count_distributed(
                inst.solver(),
                client=client,
                stats=stats,
                threads=threads,
                local_seconds=0,
                order=order,
            )
        end = time.time()
    finally:
        dist._Plan.finished = finished  # type: ignore[method-assign]
        dist._dask_backend = backend  # type: ignore[assignment]
    assert total == inst.expected
    print(
        f"\n{label}: {end - start:.2f} s, {stats['tasks']} tasks, {stats['nodes']:,} nodes, "
        f"task CPU {stats['cpu']:.2f} s, scheduler CPU {stats.get('scheduler_cpu', 0):.2f} s, "
        f"driver CPU {time.process_time() - cpu:.2f} s, order {stats['order']}"
    )
    print("| came back | subtrees | rest | nodes | CPU |")
    print("|---:|---:|---:|---:|---:|")
    for when, given, rest, task in tasks:
        print(
            f"| {when - start:.2f} s | {given} | {rest} | {task['nodes']:,} | {task['cpu']:.2f} s |"
        )
    workers: dict[str, list[tuple[float, float]]] = {}
    for record in stream.data:
        for ss in record.get("startstops", []):
            if ss.get("action") == "compute":
                workers.setdefault(record["worker"], []).append((ss["start"], ss["stop"]))
    print(
        f"Stragglers asked to stop ({len(stops)}): "
        + (", ".join(f"{when - start:.2f} s" for when in stops) or "none")
    )
    print(
        "| worker | tasks | busy | idle before the first | idle between tasks | "
        "idle after the last | tasks (start-end, s) |"
    )
    print("|---|---:|---:|---:|---:|---:|---|")
    for worker, spans in sorted(workers.items()):
        spans.sort()
        busy = sum(b - a for a, b in spans)
        first, last = spans[0][0], max(b for _, b in spans)
        between = (last - first) - busy
        print(
            f"| {worker} | {len(spans)} | {busy:.2f} s | {first - start:.2f} s "
            f"| {between:.2f} s | {end - last:.2f} s | "
            + " ".join(f"{a - start:.2f}-{b - start:.2f}" for a, b in spans)
            + " |"
        )


if __name__ == "__main__":
    main()
