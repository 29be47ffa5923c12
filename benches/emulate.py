"""Many cores emulated on a few: a distributed count on N one-thread Dask
workers whose counting is slowed S times, with the count's own clock slowed
as much, so that a 2-core machine acts as N cores S times slower.

Issue 25's figures of 16 workers need a machine of 16 cores, rarely at hand.
On 2 cores, 16 worker processes share the CPUs, and an idle worker makes the
others faster: an oversubscribed machine hides the idle time that costs a
real one. Here each worker's counting thread (the one Dask runs its tasks
on, and any thread it starts) is capped at 1/S of a CPU in a cgroup of its
own (the cgroup v1 CPU controller; root only), and so is this process's
main thread, which cuts the tree and drives the count. With N/S at most
about 1.6 on 2 CPUs, every capped thread gets its share whatever the others
do, as a core of its own would give it.

A core S times slower makes every step S times longer, the Python around a
search included; the count's time constants (how long a task runs, when a
straggler is asked to stop, how long the tree is cut for, how often the
driver looks: `DILATED`) are multiplied by S to match, so that a task has
as many nodes as on a real machine. What is not slowed is Dask's messaging:
the workers' event loops, the scheduler and the client run at full speed,
on what the capped threads leave of the CPUs, so a round trip costs a count
about S times less than on a real machine (minus the CPU it waits for).
And 16 processes time-sliced on 2 CPUs run each node slower than one alone
(queens 16: the same nodes in 1.22 times the thread time of ``count()`` on
one capped thread), which the speed-up over ``count()`` pays for. The
figures compare policies on one cluster; they are not those of a real
machine: the workers' idle share is the figure to carry to one.

Rows: the defaults, and each ``--variant`` (names of
``exactcover.distributed`` set to Python literals for its counts, those of
`DILATED` in seconds of the real machine, multiplied by S), interleaved round after round on one cluster. Each gives
wall-clock medians (in the machine's seconds: divide by S for the
emulated machine's), the speed-up over ``count()`` on one capped worker
thread, tasks, stragglers asked to stop, and the workers' idle time
(Dask's task stream): its share, and per worker before the first task,
between tasks and after the last.

    python benches/emulate.py --instance queens-16 --workers 16 --slow 10 --repeat 4
    python benches/emulate.py --variant _STOPS_AT_ONCE=1 --alone 46.6
    python benches/emulate.py --repeat 0 --alone 46.6 --timeline   # task by task
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import os
import sys
import threading
from typing import Any, Iterator

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from cgroups import cap, release, require
from dask_workers import _count_alone, _timeline
from instances import build
from stop_policy import _cluster, _one, _rounds, _table

#: The time constants of `exactcover.distributed` that the slowed clock
#: multiplies (seconds of the driver's own time).
DILATED = (
    "TASK_SECONDS",
    "_MIN_TASK_SECONDS",
    "_END_TASK_SECONDS",
    "_PROBE_SECONDS",
    "_CUT_SECONDS",
    "_PARALLEL_ESTIMATE",
    "_STOP_AFTER",
    "_STOP_PATIENCE",
    "_LOOK_EVERY",
    "_WORKERS_EVERY",
)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--instance", default="queens-15")
    parser.add_argument("--workers", type=int, default=16)
    parser.add_argument("--slow", type=float, default=10.0, metavar="S", help="1 to 10")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--order", default="mrv", choices=["mrv", "sweep"])
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME=VALUE[,NAME=VALUE]",
        help="a row more, with these names of exactcover.distributed set",
    )
    parser.add_argument(
        "--timeline",
        action="store_true",
        help="then one count of each row task by task (as dask_workers.py --timeline)",
    )
    parser.add_argument(
        "--alone",
        type=float,
        metavar="SECONDS",
        help="count() on one capped thread, as measured before (else measured now)",
    )
    args = parser.parse_args()
    require(args.slow, "--slow")
    rows = {"defaults": {}, **{v: _variant(v, args.slow) for v in args.variant}}

    import exactcover.distributed as dist

    inst: Any = build(args.instance)
    cluster, client = _cluster(args.workers)
    runs: dict[str, list[dict[str, float]]] = {label: [] for label in rows}
    capped: list[str] = []
    try:
        capped = _cap_workers(client, args.slow)
        if args.alone is None:
            first = sorted(client.nthreads())[0]
            alone = client.submit(
                _count_alone, args.instance, args.order, workers=[first], pure=False
            ).result()
            print(f"count() on one capped worker thread: {alone:.2f} s", flush=True)
        else:
            alone = args.alone
        capped.append(cap(threading.get_native_id(), args.slow, "driver", thread=True))
        with _dilated(args.slow):
            dist.count_distributed(inst.solver(), client=client, local_seconds=0, order=args.order)
            labels = list(rows)
            for label in _rounds(labels, args.repeat):
                with _names(rows[label]):
                    runs[label].append(_one(client, inst, args.order))
                print(label, {key: round(v, 3) for key, v in runs[label][-1].items()}, flush=True)
            for label in labels if args.timeline else []:
                with _names(rows[label]):
                    _timeline(label, client, inst, 1, args.order)
    finally:
        client.close()
        cluster.close()
        release(capped)
    print(
        f"\n{args.instance} (order {args.order}) on {args.workers} one-thread workers, each "
        f"counting at 1/{args.slow:g} of a CPU, the driver too, its clock {args.slow:g} times "
        f"slower; {os.cpu_count()} CPUs; medians of {args.repeat} interleaved runs"
    )
    _table("row", runs, alone)


def _variant(text: str, slow: float) -> dict[str, Any]:
    """``NAME=VALUE,NAME=VALUE`` as a dict (each VALUE a Python literal, one
    of `DILATED` multiplied by `slow`)."""
    import exactcover.distributed as dist

    names: dict[str, Any] = {}
    for part in text.split(","):
        name, _, value = part.partition("=")
        if not hasattr(dist, name.strip()):
            sys.exit(f"--variant: exactcover.distributed has no {name.strip()!r}")
        names[name.strip()] = ast.literal_eval(value.strip())
        if name.strip() in DILATED:
            names[name.strip()] *= slow
    return names


@contextlib.contextmanager
def _names(values: dict[str, Any]) -> Iterator[None]:
    """`exactcover.distributed` with these names set, for a while."""
    import exactcover.distributed as dist

    saved = {name: getattr(dist, name) for name in values}
    for name, value in values.items():
        setattr(dist, name, value)
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(dist, name, value)


@contextlib.contextmanager
def _dilated(slow: float) -> Iterator[None]:
    """The count's time constants (`DILATED`) multiplied by `slow`."""
    import exactcover.distributed as dist

    with _names({name: getattr(dist, name) * slow for name in DILATED}):
        yield


def _thread() -> int:
    """The id of the thread a Dask task runs on (as the kernel knows it)."""
    return threading.get_native_id()


def _cap_workers(client: Any, slow: float) -> list[str]:
    """Caps the thread of each worker that runs its tasks."""
    capped = []
    for k, address in enumerate(sorted(client.nthreads())):
        tid = client.submit(
            _thread, workers=[address], allow_other_workers=False, pure=False
        ).result()
        capped.append(cap(tid, slow, f"worker{k}", thread=True))
    return capped


if __name__ == "__main__":
    main()
