"""Counting on many machines or processes: a Dask cluster, or any
`concurrent.futures` executor.

`count_distributed()` first asks where the count is best done. Knuth's
estimate of the search tree and a short count on this machine's threads (a
fraction of a second) say how long the whole count would take here; a
count that is short runs here to its end on threads, and never pays for a
cluster (`stats["path"]` says `"local"`). A longer one is cut by the
estimate into pieces, dealt into a few tasks of about equal work per
worker, each a run of neighbouring pieces (which meet the same
sub-problems, in the same worker's memo, more often than pieces far
apart), and each task
counts its subtrees as one count on all the threads its worker has (the
threads share them, and then each other's searches by work donation, as
`count(threads=N)` does): a Dask worker is one process per machine, and
Dask only spreads subtrees across machines. Tasks are sized by the work
left: long while much is left, between one second and `TASK_SECONDS`. A
task that is not done by then returns its partial count together with the
unexplored rest of its subtree as new subtrees, which become new tasks.
When nothing is left to hand out and workers idle, as many of the tasks
that have run longest as workers idle are asked to stop at once (a message
to the workers, which a task reads every few milliseconds): each returns
its count and its rest cut into pieces, which are shared out among the
workers. So a subtree that turns out bigger than its estimate is cut
again, and every worker stays busy to the end. (On an executor whose
tasks cannot be reached while they run, a process pool, and for tasks that
sweep, whose memo another worker would have to fill again, the tasks of
the last round are short instead: 0.2 to 1 s, an eighth of the time the
count has run, or half of each worker's share of the work left if that is
longer.) The problem travels
to each worker once (the Dask scheduler holds it and each worker process
fetches it with its first task, also one that joins during the count; each
worker process builds the solver once and copies it for every subtree).
The problem's sweep order travels with it, and every task branches as
`count(order=...)` would on the whole problem (`"auto"`: the winner of
`count()`'s race, run once on the driver).

Tasks are pure functions of their subtree, so a task lost with its worker
is simply run again (Dask does this by itself) and the total stays exact.
With a checkpoint file, every finished task is appended to it at once (one
JSON line, flushed to disk); counting again with the same file skips the
subtrees already counted, and a file written for another problem is
refused.

Tasks memoize as `count()` does, and all the tasks of one count in one
worker process share one memo (its keys do not depend on a subtree's root:
a sub-problem met again under another subtree is solved once; at most
256 MiB for each thread and half the memory a task may use, kept until
the process's next count):
a memo changes how long a task takes, never what it returns. So counts
far past what enumeration reaches (the domino tilings of a 14 x 14 board,
1.1 x 10^23) work here too.

Starting workers on a cluster: one Dask worker process per machine, with
one Dask thread, e.g. ``dask worker tcp://scheduler:8786 --nworkers 1
--nthreads 1``; each task then counts on all the machine's cores (or on
`count_distributed(threads=N)` of them): those the worker may run on,
within its container's CPU limit (a Kubernetes pod's, a cgroup quota), as
`count()` caps its threads. The count need not wait for
the workers: it waits for the first itself, looks at the cluster every
second, and workers that join (as a batch queue starts them) take part, a
straggler's work shared with them.

Needs `pip install 'exactcover-dlx[dask]'` for Dask and the progress bar; a
`concurrent.futures` executor (e.g. a process pool) needs nothing more.
"""

from __future__ import annotations

import collections
import concurrent.futures
import contextlib
import dataclasses
import hashlib
import heapq
import importlib
import json
import os
import queue
import signal
import stat
import threading
import time
from typing import IO, Any, Callable, List, NoReturn, Optional, Tuple

from ._arguments import U64_MAX, flag, optional_whole
from ._arguments import seconds as real_seconds
from ._errors import busy, check_no_threads, started
from ._machine import memory as machine_memory
from ._native import MemoPool, max_threads
from ._native import Solver as _Solver
from ._native import __version__ as _VERSION
from .search import MAX_THREADS

__all__ = [
    "count_distributed",
    "CheckpointError",
    "TASK_SECONDS",
    "LOCAL_SECONDS",
    "MEMO_BYTES_PER_THREAD",
    "DASK_CONFIG",
]

#: A subtree as plain data: (forced option ids, excluded option ids).
_Ids = Tuple[List[int], List[int]]
#: A problem as plain data: (items, options, seed, colors, initial choices,
#: engine, sweep order: item ids or None, and the subtree `restrict()` left:
#: forced option ids, the initial choices first, and excluded ones; or None).
_Spec = Tuple[
    Any,
    Any,
    Optional[int],
    Any,
    List[int],
    str,
    Optional[List[int]],
    Optional[_Ids],
    Optional[List[_Ids]],
]
#: The orders a count may branch in (see `Search.count`'s `order`).
_ORDERS = ("auto", "mrv", "sweep")
#: A count's memo settings: `memo` (None, True or False, as `count()`'s)
#: and `memo_bytes` (None: `MEMO_BYTES_PER_THREAD` for each thread of a task).
_Memo = Tuple[Optional[bool], Optional[int]]

TASK_SECONDS = 30.0
"""The longest a task counts, by default, before it hands back the rest of
its subtree; tasks are sized by the work left below that (at least
`_MIN_TASK_SECONDS`), unless `count_distributed(task_seconds=...)` fixes
their length."""
MEMO_BYTES_PER_THREAD = 1 << 28
"""The memory cap of a task's memos, by default, for each thread it counts
on (256 MiB): a worker of 16 threads keeps up to 4 GiB of memos, and at
most half the memory it may use (its Dask memory limit, else the
machine's: Dask pauses a worker at 80% of its limit, and its nanny ends it
at 95%). `count_distributed(memo_bytes=...)` sets the cap for a task's
threads together, as `count()`'s does for its own."""
#: The share of the memory a process may use that its memos take at most,
#: by default (see `MEMO_BYTES_PER_THREAD`).
_MEMO_MEMORY_SHARE = 0.5
LOCAL_SECONDS = 2.0
"""A count that would take less than this many seconds on this machine's
threads runs here, without the cluster (`count_distributed(local_seconds=...)`;
0 sends every count to the workers)."""
DASK_CONFIG: dict[str, Any] = {
    "distributed.admin.tick.interval": "500ms",
    "distributed.admin.system-monitor.interval": "5s",
    "distributed.scheduler.work-stealing": False,
    "distributed.worker.memory.monitor-interval": "500ms",
}
"""Dask settings for a cluster that only counts, which the `LocalCluster`
that `count_distributed()` starts by itself uses: the event loops' health
check every 500 ms instead of 20 ms, the system monitor every 5 s instead
of 0.5 s, and no work stealing (the count hands out a few tasks per worker
itself). An idle scheduler with two workers then takes about a fifth of
the CPU it takes by default, which a small machine gives to the workers;
each worker's memory is looked at every 500 ms instead of 100 ms, by the
worker and by its nanny (a `LocalCluster`'s nannies live in the process
that drives the count).
For a cluster of your own: ``with dask.config.set(DASK_CONFIG):`` around
`LocalCluster(...)`, or the same settings in the scheduler's and workers'
Dask configuration (``DASK_DISTRIBUTED__ADMIN__TICK__INTERVAL=500ms``, ...)."""
#: The shortest task whose length follows the work left.
_MIN_TASK_SECONDS = 1.0
#: Near the end (fewer tasks waiting than workers), a task counts for this
#: share of the time the count has run, between `_END_TASK_SECONDS` and
#: `_MIN_TASK_SECONDS`: a worker whose work ran out waits at most that
#: long for a straggler's rest, a small share of a short count too.
_END_TASK_SHARE = 1 / 8
_END_TASK_SECONDS = 0.2
#: ... and at least this share of the time each worker thread would need
#: for the work left (Knuth's estimate at the speed measured): in a short
#: count the end comes early, and tasks of an eighth of the little time run
#: so far would cut the last half of the work into slivers, each a round
#: trip to the scheduler.
_END_LEFT_SHARE = 1 / 2
#: Tasks per worker thread the work left is cut into (guided self-scheduling:
#: a task takes about this share of what is left of a worker's part).
_TASKS_PER_WORKER = 3
#: The first count here: its speed, with the estimate, says how long the
#: whole count would take.
_PROBE_SECONDS = 0.2
#: Random probes of Knuth's estimate: of the whole tree, and of each subtree
#: when the tree is cut for the workers.
_ESTIMATE_SAMPLES = 256
_PIECE_SAMPLES = 8
#: The longest the tree is cut before the tasks start (once it has a piece
#: for each worker): the workers wait meanwhile, and with 8 probes an
#: estimate is rough anyway (a task that turns out long is cut again as it
#: runs, asked to stop when a worker idles).
_CUT_SECONDS = 0.03
#: The most pieces a level of the tree is cut into at once (see `_level`),
#: and the probes of Knuth's estimate they share (2 to `_PIECE_SAMPLES`
#: each).
_LEVEL_PIECES = 64
_LEVEL_PROBES = 128
#: A cut's estimates run on this machine's cores at once where one takes
#: this long (seconds): on pentominoes 6 x 10 (2 probes of a piece 0.3 ms),
#: not on queens (a few hundredths of a millisecond, less than a thread's
#: start).
_PARALLEL_ESTIMATE = 1e-4
_QUEUE_PER_WORKER = 2
#: A task that runs out of time while few subtrees wait (fewer than
#: workers) cuts the top of its rest across its level (`_level`) into up to
#: this many branches per worker.
_PIECES_PER_WORKER = 16
#: A worker idles while nothing waits: the task that has run longest is
#: asked to stop once it has run this long (and this long after the last
#: task submitted): a stop costs the workers a few hundredths of a second
#: and the scheduler two tasks more, which pays where the straggler has
#: about as long again to run, as a task that has run long is likely to ...
_STOP_AFTER = 0.1
#: ... and another one at most this long after the last one asked (whose
#: worker may have been lost).
_STOP_PATIENCE = 0.5
#: While tasks run, the driver looks this often (seconds) whether a worker
#: idles with nothing waiting (and whether Ctrl-C was pressed).
_LOOK_EVERY = 0.1
#: ... and this often which workers the cluster has: workers that join
#: during a count (a batch queue starts them as it can) take part in it, and
#: those lost no longer count as idle ones.
_WORKERS_EVERY = 1.0
#: Stragglers asked to stop at once, at most, while workers idle (None: one
#: for each idle worker, their rests cut into as many pieces in all as one
#: straggler's, and shared out into as many tasks in all). One: the rest of
#: one straggler feeds every idle worker, and the next is asked once it has
#: come back, a round trip and `_STOP_AFTER` later: on queens 16 with 16
#: one-thread workers that left half the workers idle in the last 0.8 s of
#: 2.6 s. As many as idle, on 16 emulated cores (`benches/emulate.py`):
#: 13.5x, 14.3x, 14.6x and 11.9x `count()`'s speed against 12.1x, 13.1x,
#: 12.9x and 10.4x one at a time (four runs of 4-5 counts each way); on a
#: real 16 cores, before a stop waited only for the task that runs, it was
#: not faster (2.83 s against 2.67 s, within the noise).
_STOPS_AT_ONCE: int | None = None
_FORMAT = 1


class CheckpointError(ValueError):
    """A checkpoint file cannot be used: written for another problem, not a
    checkpoint file (which is then left as it was), or not to be opened.
    The message names the path."""


# -- the problem as plain data ------------------------------------------------


def _spec_of(problem: Any) -> _Spec:
    """The plain data of an `ExactCover`, `MultiCover`, `DlxProblem` or the
    iterator of its solutions, with its sweep order (`ExactCover.sweep_order`,
    which the builders give), the subtree `restrict()` left, and, for a
    search that has started, what it has still to explore (its remainder:
    subtrees of the whole problem).

    Raises:
        TypeError: If `problem` is none of those.
        ValueError: If the threads of `solutions(threads=N)` are searching it.
    """
    from .dlx import DlxProblem

    if isinstance(problem, DlxProblem):
        problem = problem.solutions()
    spec = getattr(problem, "_spec", None)
    if spec is None:
        raise TypeError(
            "problem must be an ExactCover, MultiCover, DlxProblem or DlxProblem.solutions(), "
            f"not {type(problem).__name__}"
        )
    rest = None
    if started(problem):
        check_no_threads(problem, "count_distributed()")
        try:
            rest = problem._solver.remainder()
        except RuntimeError as error:
            raise busy(problem, error) from None
        if rest is None:  # a search is paused between nodes here
            raise ValueError("count_distributed() cannot list what this search has left")
    items, options, seed, colors, forced, engine = spec
    sweep = problem._solver.sweep_order
    return (
        [[bool(primary), int(lo), int(hi)] for primary, lo, hi in items],
        [list(option) for option in options],
        seed,
        None if not colors else [list(c) for c in colors],
        list(forced),
        engine,
        None if sweep is None else list(sweep),
        problem._subtree if any(problem._restricted) else None,
        None if rest is None else [(list(f), list(e)) for f, e in rest],
    )


def _roots(spec: _Spec) -> list[_Ids]:
    """The subtrees a count of `spec` starts from: what a search that has
    started has still to explore, else its root (`_root`)."""
    rest = spec[8] if len(spec) > 8 else None
    return [_root(spec)] if rest is None else list(rest)


def _root(spec: _Spec) -> _Ids:
    """The subtree a count of `spec` counts: the problem's initial choices
    forced, or the subtree `restrict()` left (`Search._subtree`)."""
    restricted = spec[7] if len(spec) > 7 else None
    return restricted or (list(spec[4]), [])


def problem_digest(spec: _Spec) -> str:
    """A digest of a problem's plain data, which identifies the problem in a
    checkpoint file.

    Args:
        spec: The problem as plain data (JSON types only).

    Returns:
        The SHA-256 of its JSON text, in hex: the same for the same problem,
        built anywhere, with or without a sweep order.
    """
    # The engine names how to search, not the problem: the engine the
    # problem picks by itself leaves the digest as before there was one.
    # The sweep order too (any order's subtrees are the same problem's), and
    # it is left out always: a checkpoint resumes with or without one.
    data: list[Any] = list(spec[:5] if len(spec) > 5 and spec[5] == "auto" else spec[:6])
    # A subtree of the problem is another count (the whole problem's digest
    # as before there were subtrees).
    if len(spec) > 7 and spec[7] is not None:
        data.append({"subtree": spec[7]})
    # So is the rest of a search that has started.
    if len(spec) > 8 and spec[8] is not None:
        data.append({"rest": spec[8]})
    text = json.dumps(data, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _solver_key(digest: str, spec: _Spec) -> str:
    """What a worker process knows the problem's solver by: its digest, and
    its sweep order where it has one (the digest leaves the order out)."""
    if len(spec) < 7 or spec[6] is None:
        return digest
    order = json.dumps(spec[6], separators=(",", ":"))
    return f"{digest}-{hashlib.sha256(order.encode()).hexdigest()[:16]}"


# -- the tasks (run on the workers) --------------------------------------------

#: Per worker process: the solvers built so far, by problem digest.
_BUILT: dict[str, _Solver] = {}
#: Held while a solver is built: the tasks of a worker's threads that start
#: together build it once, not once each.
_BUILT_LOCK = threading.Lock()
#: Per process: the memos of the subtrees of one count (the latest one
#: here), shared by all the tasks and threads of the process.
_MEMOS: list[tuple[str, MemoPool]] = []
_MEMOS_LOCK = threading.Lock()
#: Per process: the tasks asked to stop early (by their token), each with
#: the pieces to cut the top of its rest into (see `_stop_task`).
_STOPS: dict[str, int] = {}
#: The most stop requests `_STOPS` keeps.
_MAX_STOPS = 1024
#: Per process: the tasks counting now (by their token).
_RUNNING: set[str] = set()
_STOPS_LOCK = threading.Lock()
#: Per worker process of our own pool: the problem, installed at start.
_INSTALLED: dict[str, _Spec] = {}
_INSTALLED_LOCK = threading.Lock()


def _built(digest: str, spec: _Spec | None, order: str = "mrv") -> _Solver:
    """The solver of a problem, built once per process (without its initial
    choices: every subtree includes them); with `order` ``"sweep"``, its
    engine made again in the sweep order, once too (a few milliseconds that
    every task and cut would pay)."""
    with _BUILT_LOCK:
        return _build(digest, spec, order)


def _build(digest: str, spec: _Spec | None, order: str) -> _Solver:
    """`_built`, under its lock."""
    if order == "sweep":
        swept = _BUILT.get(f"{digest}/sweep")
        if swept is None:
            swept = _build(digest, spec, "mrv").copy()
            swept.set_order("sweep")
            _BUILT[f"{digest}/sweep"] = swept
        return swept
    solver = _BUILT.get(digest)
    if solver is None:
        if spec is None:
            spec = _INSTALLED[digest]
        items, options, seed, colors, _, engine = spec[:6]
        if len(_BUILT) >= 4:
            _BUILT.clear()
        solver = _Solver(
            [tuple(item) for item in items],
            options,
            seed,
            None if colors is None else [tuple(c) for c in colors],
            engine,
        )
        if len(spec) > 6 and spec[6] is not None:
            solver.set_sweep_order(spec[6])
        _BUILT[digest] = solver
    return solver


@contextlib.contextmanager
def _sigint_handled_by(handler: Any, over_a_programs_own: bool = False) -> Any:
    """SIGINT handled by `handler` (a function, or `signal.SIG_IGN`) within
    the block; only in the main thread, where signals are handled, and only
    where Ctrl-C is Python's own KeyboardInterrupt, or with
    `over_a_programs_own` any handler set from Python."""
    before = signal.getsignal(signal.SIGINT)
    if (
        threading.current_thread() is not threading.main_thread()
        or before is None  # a handler not set from Python: left alone
        or (before is not signal.default_int_handler and not over_a_programs_own)
    ):
        yield
        return
    signal.signal(signal.SIGINT, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def _ctrl_c_for_the_driver() -> Any:
    """Starts worker processes that ignore Ctrl-C: a terminal sends SIGINT to
    every process of its foreground group, and each worker printed its
    KeyboardInterrupt traceback (dozens of lines) while the driver stopped
    the count, printed it and closed them. SIGINT is ignored here while they
    start (they inherit that across exec); a Ctrl-C in that second is lost."""
    return _sigint_handled_by(signal.SIG_IGN, over_a_programs_own=True)


@contextlib.contextmanager
def _ctrl_c_between_calls() -> Any:
    """Ctrl-C for the loop of a count's driver: it takes effect where the
    loop waits for a task (`ctrl_c()`, the function yielded, raises
    KeyboardInterrupt there), not inside a call to Dask, which it left
    half-done (Dask then logged a NameError of its own `sync`). A second
    Ctrl-C takes effect at once."""
    pressed = threading.Event()

    def ctrl_c() -> None:
        if pressed.is_set():
            raise KeyboardInterrupt

    def handler(signum: int, frame: Any) -> None:
        ctrl_c()  # the second
        pressed.set()

    with _sigint_handled_by(handler):
        yield ctrl_c


def _install(digest: str, spec: _Spec) -> None:
    """Initializer of our own process pool: the problem arrives once."""
    _INSTALLED[digest] = spec


def _cores() -> int:
    """The cores this process may count on: the CPUs it may run on, within
    its cgroup's CPU quota (a container's CPU limit, as in a Kubernetes pod),
    the threads the core runs a count on at most."""
    return max_threads()


def _threads_of_worker(threads: int | dict[str, int]) -> int:
    """The threads a task counts on: `threads`, or this Dask worker's entry
    in it (the driver's share of each worker's machine)."""
    if isinstance(threads, int):
        return max(1, threads)
    try:
        from distributed import get_worker

        return threads.get(get_worker().address) or min(threads.values(), default=1)
    except (ImportError, ValueError):  # not on a Dask worker
        return 1


def count_subtrees(
    problem: tuple[str, _Spec | None],
    subtrees: list[_Ids],
    seconds: float,
    pieces: int = 1,
    threads: int | dict[str, int] = 1,
    run: str = "",
    dataset: str = "",
    order: str = "auto",
    token: str = "",
    memo: _Memo = (None, None),
) -> tuple[int, list[_Ids], dict[str, Any]]:
    """A task: count the solutions of a few subtrees for a while, as one
    count on the worker's threads (sharing the subtrees and then each
    other's searches by work donation).

    The rest is the unexplored part as subtrees; the shallowest usually
    holds most of the work. With `pieces` above 1 that one is cut further,
    across its level (`_level`: up to `pieces` branches, and the rest of
    the level), so that a long task hands back work that several workers
    can share rather than one big piece that would keep a single worker
    busy while the others wait.

    Tasks memoize as `count()` does, and all the subtrees of one count in
    one process share one pool of memos (`MemoPool`, one memo per thread,
    carried from subtree to subtree and kept between tasks): a sub-problem
    met again under another subtree is not solved again (a memo per subtree
    alone would gain little: the sub-problems met again lie in different
    subtrees). A process keeps the memos of its latest count (`run`) only.
    The first subtree to find whether the memo pays decides for the
    process's later ones.

    Args:
        problem: The problem's digest and plain data (None if installed in
            this process).
        subtrees: The subtrees: each its forced and excluded option ids.
        seconds: About how long to count.
        pieces: Cut the shallowest subtree of the rest into up to this many
            branches.
        threads: The threads to count on, or for each Dask worker (by
            address) its own number.
        run: The id of the count this task belongs to.
        dataset: On a Dask worker, the name under which the scheduler holds
            the problem (fetched once per process).
        order: How to branch where the problem has a sweep order: `"mrv"`
            or `"sweep"` (the driver settles `"auto"` once, on the whole
            problem, as `count()` would; `"auto"` here keeps MRV).
        token: The task's name for `_stop_task`: asked to stop, it hands
            back its rest at once, as when its time runs out ("": never
            asked).
        memo: The count's `memo` and `memo_bytes` (see `count_distributed`).

    Returns:
        The count, the unexplored rest as subtrees, and the task's figures:
        the `nodes` and `updates` of its search; `busy`, the thread seconds
        it counted, and `cpu`, the CPU seconds of its process meanwhile
        (floats); `order`, how it branched (`"mrv"` or `"sweep"`).
    """
    digest, spec = problem
    if spec is None and dataset:
        _fetch(digest, dataset)
    found, rest, figures, error = _count_here(
        digest, spec, list(subtrees), seconds, _threads_of_worker(threads), run, order, token, memo
    )
    if token:
        with _STOPS_LOCK:
            pieces = max(pieces, _STOPS.pop(token, 0))
    if error is not None:
        raise error
    if rest and pieces > 1:
        top = min(range(len(rest)), key=lambda k: len(rest[k][0]))
        rest[top : top + 1] = _level(digest, spec, rest[top], pieces, figures["order"])
    return found, rest, figures


def _count_sealed(
    problem: tuple[str, _Spec | None], subtrees: _Sealed, *args: Any
) -> tuple[int, list[_Ids], dict[str, Any]]:
    """`count_subtrees` as a Dask task: the subtrees come sealed (`_Sealed`),
    so that the client does not walk their thousands of option ids looking
    for futures as it submits the task."""
    return count_subtrees(problem, subtrees.value, *args)


def _cut(
    digest: str, spec: _Spec | None, subtree: _Ids, pieces: int, order: str = "mrv"
) -> list[_Ids]:
    """A subtree cut into at least `pieces` (none if it has no solutions), as
    a count in `order` branches (`"mrv"` or `"sweep"`): the pieces of a
    sweep share more of its memo's sub-problems than pieces cut by MRV (on
    pentominoes 6 x 10 cut into 60, one memo counts them in 6.3 million
    nodes, against 16.7 million for MRV's pieces)."""
    part = _built(digest, spec, order).copy()
    if not part.restrict(list(subtree[0]), list(subtree[1])):
        return []
    return part.split(pieces)


def _memo_pool(run: str) -> MemoPool:
    """The memos of this process for a count: one pool, kept until the
    process works for another count (which starts afresh, even of the same
    problem: a count's time does not depend on what ran before)."""
    with _MEMOS_LOCK:
        if not _MEMOS or _MEMOS[0][0] != run:
            _MEMOS[:] = [(run, MemoPool())]
        return _MEMOS[0][1]


def _stop_task(token: str, pieces: int) -> None:
    """Asks the task `token` of this process to stop now and hand back its
    rest, the top cut into `pieces` (the driver's `_stop_running`, when a
    worker idles while the task runs on); one not begun stops as soon as it
    begins. A task that ended already is not affected: its request is
    dropped once `_MAX_STOPS` newer ones wait (the oldest go first: a task
    that has not begun yet, whose request must stay, was asked last)."""
    with _STOPS_LOCK:
        _STOPS[token] = pieces
        while len(_STOPS) > _MAX_STOPS:
            del _STOPS[next(iter(_STOPS))]


def _stop_running(tokens: list[str], pieces: int) -> None:
    """`_stop_task` for those of `tokens` that count in this process now
    (not one that waits to start: the driver knows which tasks a worker
    holds, not which it runs)."""
    with _STOPS_LOCK:
        running = [token for token in tokens if token in _RUNNING]
    for token in running:
        _stop_task(token, pieces)


async def _stop_running_soon(tokens: list[str], pieces: int) -> None:
    """`_stop_running` on a Dask worker's event loop (`Client.run` sends a
    coroutine without waiting for its answer)."""
    _stop_running(tokens, pieces)


def _count_here(
    digest: str,
    spec: _Spec | None,
    subtrees: list[_Ids],
    seconds: float,
    threads: int,
    run: str = "",
    order: str = "auto",
    token: str = "",
    memo: _Memo = (None, None),
) -> tuple[int, list[_Ids], dict[str, Any], BaseException | None]:
    """Counts subtrees for about `seconds` as one count on `threads`
    threads of this process (the core's threaded count: the threads share
    the subtrees, then each other's searches by work donation, so none
    waits while work is left), each thread with a memo of the process's
    pool: the sub-problems that other subtrees of the same count solved in
    this process are not solved again (the memo's keys do not depend on a
    subtree's root), and those it solves are kept for the next. The
    subtrees are searched in `order` (`"mrv"`, `"sweep"`; `"auto"` keeps
    MRV). When time is up, or `_stop_task` asks the task `token` to stop,
    what is left is the rest. `memo`: whether to memoize (None: as
    `count()` decides) and the memos' cap for the threads together (None:
    `MEMO_BYTES_PER_THREAD` each).

    Returns:
        The count, the rest as subtrees, the figures (nodes, updates, busy:
        the thread seconds spent counting; cpu: the CPU seconds of this
        process meanwhile; order: how it branched) and the exception that stopped the count
        (Ctrl-C; None if none): the count and the rest are right either
        way, for the caller to keep before raising it.
    """
    solver = _built(digest, spec, order).copy()
    pool = _memo_pool(f"{digest}/{run}")
    threads = max(1, min(threads, _cores()))
    if order == "sweep":
        # The core counts a sweep on one thread (its fast memoized count):
        # one thread's memo and busy time.
        threads = 1
    start, cpu = time.monotonic(), time.process_time()
    if token:
        with _STOPS_LOCK:
            _RUNNING.add(token)
    try:
        found, rest, error = solver.count_subtrees(
            [(list(forced), list(excluded)) for forced, excluded in subtrees],
            seconds,
            threads=threads,
            pool=pool,
            memo=memo[0],
            memo_bytes=_memo_cap(memo, threads),
            order=order,
            stop=(lambda: token in _STOPS) if token else None,
        )
    finally:
        if token:
            with _STOPS_LOCK:
                _RUNNING.discard(token)
    stats = solver.stats
    figures = {
        "nodes": stats["nodes"],
        "updates": stats["updates"],
        "busy": threads * (time.monotonic() - start),
        "cpu": time.process_time() - cpu,
        "order": stats["order"],
    }
    return found, [(list(f), list(e)) for f, e in rest], figures, error


def _settle_order(
    digest: str, spec: _Spec, order: str, threads: int = 1, memo: _Memo = (None, None)
) -> str:
    """The order the tasks of a count branch in, as `count(order=order,
    threads=threads)` would on a machine of that many cores (`threads` the
    threads that count at once): MRV without a sweep order or with dancing
    links; else `order`, and for `"auto"` the winner of `count()`'s race at
    the root (a few hundredths of a second, on a copy), which weighs the
    sweep (on one thread) against MRV on `threads`; without the memo
    (`memo` False) there is no race, and MRV."""
    # The core settles it (and knows which engines sweep), on a copy: the
    # race leaves it as the count would begin. `threads` are not capped at
    # this machine's cores (a cluster's may be many more).
    solver = _built(digest, spec).copy()
    if not solver.restrict(*_root(spec)):
        return "mrv"  # no solutions: nothing to race
    return solver.settle_order(order, threads, _memo_cap(memo, 1), memo[0])


def _memo_cap(memo: _Memo, threads: int) -> int:
    """The memory cap of the memos of `threads` threads: the count's
    `memo_bytes`, else `MEMO_BYTES_PER_THREAD` for each thread, within
    `_MEMO_MEMORY_SHARE` of the memory a task may use (`_memory_room`)."""
    if memo[1] is not None:
        return memo[1]
    room = _memory_room()
    cap = MEMO_BYTES_PER_THREAD * threads
    return cap if room is None else max(1, min(cap, int(room * _MEMO_MEMORY_SHARE)))


def _memory_room() -> int | None:
    """The memory a task may use, in bytes: on a Dask worker with a memory
    limit, the limit shared among its Dask threads (the tasks it runs at
    once); else the machine's memory, within its container's memory limit
    (None: unknown)."""
    try:
        from distributed import get_worker

        worker = get_worker()
        limit = worker.memory_manager.memory_limit
        tasks = max(1, worker.state.nthreads)
    except (ImportError, ValueError, AttributeError):  # not on a Dask worker
        limit = None
    if limit:
        return int(limit) // tasks
    return machine_memory()


def _estimate(digest: str, spec: _Spec | None, subtree: _Ids, samples: int) -> float:
    """Knuth's estimate of the nodes of a subtree's search tree (0 if it has
    no solutions at all)."""
    solver = _built(digest, spec).copy()
    if not solver.restrict(list(subtree[0]), list(subtree[1])):
        return 0.0
    return float(solver.estimate(samples, 1)["nodes"])


def _estimates(
    digest: str,
    spec: _Spec,
    subtrees: list[_Ids],
    samples: int,
    pool: Callable[[], concurrent.futures.Executor | None],
) -> list[float]:
    """`_estimate` of each subtree; on the threads of `pool()` at once (the
    probes run without the GIL) where the first took long enough for that
    to pay (`_PARALLEL_ESTIMATE`)."""
    if not subtrees:
        return []
    start = time.perf_counter()
    first = _estimate(digest, spec, subtrees[0], samples)
    rest = subtrees[1:]
    threads = pool() if len(rest) > 1 and time.perf_counter() - start > _PARALLEL_ESTIMATE else None
    if threads is None:
        return [first] + [_estimate(digest, spec, s, samples) for s in rest]
    return [first, *threads.map(lambda s: _estimate(digest, spec, s, samples), rest)]


def _level(
    digest: str, spec: _Spec | None, subtree: _Ids, most: int, order: str = "mrv"
) -> list[_Ids]:
    """A subtree cut across the first level of its search: a piece for each
    branch of its first choice, in the order a count takes them, at most
    `most` of them, the rest of the level one piece more (the branches of a
    level often share the work; cutting off one at a time, as `_cut` does,
    leaves nearly all of it in the rest: the first level of pentominoes
    6 x 10 by MRV has 56 branches, the biggest 4% of the work). A branch
    may come in a few pieces, cut further below it. No piece if the
    subtree has no solutions; the subtree alone if it cannot be cut."""
    pieces: list[_Ids] = []
    rest = subtree
    for _ in range(most):
        parts = _cut(digest, spec, rest, 2, order)
        if len(parts) <= 1:
            pieces.extend(parts)
            return pieces
        # The rest of the level forces what the subtree forces (a branch
        # more excluded); the others lie under the branch cut off.
        level = [p for p in parts if len(p[0]) == len(subtree[0])]
        pieces.extend(p for p in parts if len(p[0]) != len(subtree[0]))
        if len(level) != 1:
            return pieces + level
        [rest] = level
    pieces.append(rest)
    return pieces


def _cut_by_estimate(
    digest: str,
    spec: _Spec,
    subtrees: list[_Ids],
    target: int,
    order: str = "mrv",
    least: int = 1,
) -> list[tuple[float, _Ids, int]]:
    """Cuts subtrees until there are at least `target` pieces and none holds
    much more than a `target`th of the work, always the piece of the most
    work left by Knuth's estimate, across its first level (`_level`; the
    pieces of a level share `_LEVEL_PROBES` probes). The estimates are
    rough and the cut stops after `_CUT_SECONDS` whatever it reached (once
    it has `least` pieces): tasks that turn out long are cut again as they
    run. The pieces are cut as a count in `order` branches (see `_cut`).

    Returns:
        The pieces, each with its estimate and the index in `subtrees` of the
        subtree it was cut from, the biggest last.
    """
    deadline = time.monotonic() + _CUT_SECONDS
    # The workers wait for the cut: its estimates take this machine's cores
    # (on 2 cores, pentominoes 6 x 10 cut for 2 workers: 25 ms to 13 ms).
    executor: concurrent.futures.Executor | None = None

    def pool() -> concurrent.futures.Executor | None:
        nonlocal executor
        if executor is None and _cores() > 1:
            executor = concurrent.futures.ThreadPoolExecutor(_cores())
        return executor

    try:
        if len(subtrees) == 1 and target > 1:
            # Cut at once, whatever its estimate: it would only be taken
            # off the total again (one of no solutions has no pieces, one
            # too small to cut stays whole, as below).
            estimates = [1.0]
        else:
            estimates = _estimates(digest, spec, subtrees, _PIECE_SAMPLES, pool)
        heap = [(-e, k, k, s) for k, (e, s) in enumerate(zip(estimates, subtrees))]
        heapq.heapify(heap)
        serial = len(heap)
        total = sum(estimates)
        while heap and heap[0][0] < 0:
            if len(heap) >= target and -heap[0][0] <= 2 * total / target:
                break
            if len(heap) >= least and time.monotonic() >= deadline:
                break
            estimate, _, origin, biggest = heapq.heappop(heap)
            pieces = _level(digest, spec, biggest, _LEVEL_PIECES, order)
            if len(pieces) <= 1:  # too small to cut: it stays whole
                heapq.heappush(heap, (0.0, serial, origin, pieces[0] if pieces else biggest))
                serial += 1
                continue
            total += estimate  # (a negative number: the heap's key)
            # A level's pieces share the probes: a wide level's are many,
            # and each one's estimate weighs little.
            samples = max(2, min(_PIECE_SAMPLES, _LEVEL_PROBES // len(pieces)))
            for piece, estimate in zip(pieces, _estimates(digest, spec, pieces, samples, pool)):
                heapq.heappush(heap, (-estimate, serial, origin, piece))
                total += estimate
                serial += 1
    finally:
        if executor is not None:
            executor.shutdown()
    return sorted(((-e, s, origin) for e, _, origin, s in heap), key=lambda p: p[0])


# -- the checkpoint file ---------------------------------------------------------


def _key(subtree: _Ids) -> str:
    return json.dumps([list(subtree[0]), list(subtree[1])], separators=(",", ":"))


#: How every checkpoint file begins.
_MAGIC = b'{"exactcover_checkpoint":'


def _line(record: dict[str, Any]) -> bytes:
    """A record as one line of a checkpoint file."""
    return json.dumps(record, separators=(",", ":")).encode() + b"\n"


class _Checkpoint:
    """An append-only log of finished subtrees: a header line naming the
    problem, then one JSON line per finished task (its subtree, or its
    subtrees, the count and the subtrees it handed back).

    It writes only to a file that is its own: a new file, an empty one, or
    one that begins with the header of this problem. Anything else (another
    program's file, a checkpoint of another problem, a directory) is refused
    with `CheckpointError` and left as it was. A crash while writing tears
    at most the last line, which is dropped on reopening.
    """

    def __init__(self, path: str | os.PathLike[str], digest: str) -> None:
        self.path = os.fspath(path)
        self.digest = digest
        self.counts: dict[str, int] = {}
        #: The finished tasks read from the file (lines).
        self.records = 0
        self.children: list[_Ids] = []
        #: The nodes and updates of the finished tasks read from the file.
        self.figures = {"nodes": 0, "updates": 0}
        header = _line({"exactcover_checkpoint": _FORMAT, "problem": digest})
        created = True
        try:
            self.file: IO[bytes] = open(self.path, "xb")
        except FileExistsError:
            created = False
            self.file = self._open_existing()
        except OSError as error:
            raise CheckpointError(f"cannot create {self.path}: {error.strerror}") from None
        try:
            self._lock()
            if created:
                self._append(header)
                return
            data = self.file.read()
            good = self._read(data, header)
            # Only now that the file is known to be ours may it change: the
            # torn tail goes, or the header is written into an empty file.
            self.file.truncate(good)
            self.file.seek(good)
            if good == 0:
                self._append(header)
        except BaseException:
            self.file.close()
            raise

    def _lock(self) -> None:
        """Holds the file for this count alone, until it is closed or the
        process ends (an advisory lock, where the system has them): two
        counts appending to one file would tear each other's lines.

        Raises:
            CheckpointError: If another count holds it.
        """
        try:
            import fcntl
        except ImportError:  # Windows: no advisory locks
            return
        try:
            fcntl.flock(self.file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise CheckpointError(f"{self.path} is in use by another count") from None
        except OSError:
            pass  # a file system without locks (some network ones): count on

    def _open_existing(self) -> IO[bytes]:
        """Opens the existing file for reading and writing.

        Returns:
            The file, at its beginning.

        Raises:
            CheckpointError: If it is not a regular file (a directory, a
                pipe) or cannot be opened.
        """
        try:
            if not stat.S_ISREG(os.stat(self.path).st_mode):
                kind = "a directory" if os.path.isdir(self.path) else "not a regular file"
                raise CheckpointError(f"{self.path} is {kind}, not an exactcover checkpoint file")
            return open(self.path, "r+b")
        except OSError as error:
            raise CheckpointError(f"cannot open {self.path}: {error.strerror}") from None

    def _read(self, data: bytes, header: bytes) -> int:
        """Reads the finished tasks of an existing file into `counts`,
        `children` and `figures`.

        Args:
            data: The file's content.
            header: The first line of this problem's checkpoint.

        Returns:
            The length of the file's good part: what follows was torn by a
            crash (0: the file is empty, or holds a torn header).

        Raises:
            CheckpointError: If the file is not this problem's checkpoint,
                or a line before its last is not a record.
        """
        if not data or (header.startswith(data) and data.startswith(_MAGIC)):
            return 0  # empty, or the header itself torn by a crash
        if not data.startswith(header):
            self._refuse(data)
        # What follows the last newline was torn by a crash: ignored.
        lines = data.split(b"\n")[:-1]
        good = len(header)
        for number, line in enumerate(lines[1:], 2):
            try:
                record = json.loads(line)
                # One subtree, or (a task of several) a list of them.
                subtrees = [record["subtree"]] if "subtree" in record else record["subtrees"]
                subtrees = [(list(f), list(e)) for f, e in subtrees]
                count = record["count"]
                rest = [(list(f), list(e)) for f, e in record["rest"]]
                # Files written before the figures were recorded lack them.
                figures = {name: record.get(name, 0) for name in self.figures}
                numbers = [count, *figures.values()]
                numbers += [k for f, e in (*subtrees, *rest) for k in (*f, *e)]
                # Counts, figures and option ids: whole numbers, none negative
                # (a hand-edited line failed later, in a task, or counted less).
                if not all(type(n) is int and n >= 0 for n in numbers):
                    raise TypeError(count)
                if not subtrees:  # a record is of one subtree at least
                    raise ValueError(line)
            except (ValueError, TypeError, KeyError):
                if number == len(lines):
                    break  # torn, though its newline reached the disk
                raise CheckpointError(
                    f"{self.path}:{number}: not a line of an exactcover checkpoint file"
                ) from None
            self.records += 1
            self.counts[_key(subtrees[0])] = count
            for subtree in subtrees[1:]:
                self.counts[_key(subtree)] = 0
            self.children.extend(rest)
            for name, n in figures.items():
                self.figures[name] += n
            good += len(line) + 1
        return good

    def _refuse(self, data: bytes) -> NoReturn:
        """Refuses a file that is not this problem's checkpoint.

        Args:
            data: The file's content.

        Raises:
            CheckpointError: Always, saying why: a checkpoint of another
                problem or format, or no checkpoint at all.
        """
        first = data.split(b"\n", 1)[0]
        try:
            record = json.loads(first)
        except ValueError:
            record = None
        if isinstance(record, dict) and "exactcover_checkpoint" in record:
            if record.get("exactcover_checkpoint") != _FORMAT:
                raise CheckpointError(
                    f"{self.path} is an exactcover checkpoint of another format "
                    f"({record.get('exactcover_checkpoint')!r}, this version writes {_FORMAT})"
                )
            raise CheckpointError(
                f"{self.path} was written for a different problem "
                f"(digest {str(record.get('problem'))[:12]}..., this one {self.digest[:12]}...)"
            )
        raise CheckpointError(
            f"{self.path} is not an exactcover checkpoint file (it is left as it is; "
            "name a new or empty file)"
        )

    def _append(self, line: bytes) -> None:
        """Appends a line and waits until it is on the disk."""
        self.file.write(line)
        self.file.flush()
        os.fsync(self.file.fileno())

    def record(
        self, subtrees: list[_Ids], count: int, rest: list[_Ids], figures: dict[str, int]
    ) -> None:
        """Appends a finished task, as one line on the disk (a crash loses
        all of it or none).

        Args:
            subtrees: The task's subtrees.
            count: Its solutions.
            rest: The subtrees it handed back.
            figures: Its `nodes` and `updates`.
        """
        self._append(
            _line(
                {
                    **(
                        {"subtree": [list(subtrees[0][0]), list(subtrees[0][1])]}
                        if len(subtrees) == 1
                        else {"subtrees": [[list(f), list(e)] for f, e in subtrees]}
                    ),
                    "count": count,
                    "rest": [[list(f), list(e)] for f, e in rest],
                    "nodes": figures["nodes"],
                    "updates": figures["updates"],
                }
            )
        )

    def close(self) -> None:
        """Closes the file (everything in it is on the disk already)."""
        self.file.close()


# -- the driver --------------------------------------------------------------------


def count_distributed(
    problem: Any,
    *,
    client: Any = None,
    executor: concurrent.futures.Executor | None = None,
    workers: int | None = None,
    threads: int | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    progress: bool = False,
    task_seconds: float | None = None,
    local_seconds: float | None = None,
    stats: dict[str, Any] | None = None,
    order: str = "auto",
    memo: bool | None = None,
    memo_bytes: int | None = None,
) -> int:
    """Count the solutions of a problem on many machines or processes.

    A count that Knuth's estimate and a short count here say would take
    less than `local_seconds` on this machine's threads runs here, to its
    end: more workers never make a short count slower. Other counts run

    * on `client`, a `dask.distributed.Client` (of any cluster), or
    * on `executor`, any `concurrent.futures.Executor` (e.g. a
      `ProcessPoolExecutor`; the problem then travels with every task), or
    * with neither, on a Dask `LocalCluster` of `workers` processes
      (default: one per core) started for this count, or on a process pool if
      Dask is not installed.

    Each task counts its subtree on `threads` threads of its worker. On a
    Dask cluster, by default, the workers of one machine share its cores:
    start one worker per machine (``dask worker ADDRESS --nworkers 1
    --nthreads 1``) and each task counts on all its cores.

    Every task branches as `count(order=order, threads=N)` would on the
    whole problem, N the threads that count at once (where it has a sweep
    order: `ExactCover.sweep_order`, which the puzzle builders give):
    `"auto"` is settled once, here, by `count()`'s race at the root, and
    the tasks all take its winner. The race weighs the sweep, which counts
    on one thread and gains little from more processes (each solves again
    what the others' memos hold), against MRV on N threads: this machine's
    cores for a count that runs here, else all the workers' threads. The
    tree is cut in that order, and a task that sweeps counts its subtrees
    on one thread with the sweep's fast count (as `count()` does), its memo
    kept by its worker process from task to task.

    Ctrl-C cancels the tasks and raises `KeyboardInterrupt`.

    >>> from exactcover import ExactCover
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> queens = {(i, j): [('row', i), ('col', j), ('diag', i + j), ('anti', i - j)]
    ...           for i in range(8) for j in range(8)}
    >>> diagonals = {c for cs in queens.values() for c in cs if c[0] in ('diag', 'anti')}
    >>> with ThreadPoolExecutor(2) as pool:
    ...     count_distributed(ExactCover(queens, secondary=diagonals), executor=pool)
    92

    Args:
        problem: An `ExactCover`, `MultiCover` or `DlxProblem`, or the
            iterator of its solutions. It is not consumed; its constraints
            mapping must not have changed since it was built. Restricted to
            a subtree (`restrict()`), the count is the subtree's (and its
            checkpoint not the whole problem's). An iterator that has
            started (solutions taken by `next()`, a `count()` stopped by its
            `timeout` or `limit`) counts the solutions it has still to give,
            as its `count()` would (its checkpoint is that rest's).
        client: A `dask.distributed.Client` to run the tasks on: its
            workers, also those that join while the count runs (need not be
            waited for; with none yet, the count waits for the first) and
            not those lost.
        executor: A `concurrent.futures.Executor` to run the tasks on.
        workers: The number of worker processes to start when neither
            `client` nor `executor` is given (default: one per core this
            process may use: its CPU affinity, within its container's CPU
            limit).
        threads: The threads each task counts on. Default: on a Dask
            cluster, the cores of each worker's machine (those it may use,
            as for `workers`) shared among the
            Dask threads of the workers there; on the workers started here,
            the cores shared among them; on an `executor`, 1.
        checkpoint: A file that records every finished subtree as it
            arrives; counting again with the same file resumes where the
            count stopped (a crash, Ctrl-C).
        progress: Show a progress bar (tqdm): subtrees done, subtrees
            waiting, solutions so far.
        task_seconds: How long a task counts before handing the rest of its
            subtree back as new tasks. Default: sized by the work left,
            between 1 second and `TASK_SECONDS` (on a process pool, or
            where the tasks sweep, 0.2 to 1 s in the last round). Whatever
            its length, a task by MRV is asked to stop early (on Dask, or a
            thread pool) when a worker idles while nothing waits, and its
            rest is shared out.
        local_seconds: A count estimated to take less than this here (on
            this machine's threads) runs here; 0 sends it to the workers.
            Default: `LOCAL_SECONDS`.
        stats: A dict that receives the figures of the count as they come,
            summed exactly (Python ints, at any size) over the finished
            tasks, those of the checkpoint resumed included: `solutions`,
            `nodes`, `updates` and `tasks`; then `path`, where the count ran
            (``"local"``: here, on threads, or nowhere, resumed from the
            checkpoint of a finished count; ``"workers"``: on the workers);
            `estimate`, Knuth's estimate of the search tree's nodes (a
            float; absent when resuming); `cpu`, the CPU seconds of the
            tasks' threads in this run (a float); `order`, how the tasks
            branched (``"mrv"`` or ``"sweep"``, as `count()`'s
            `stats["order"]`); on the workers, `workers`, the most tasks
            that ran at once (Dask threads, counted again every
            `_WORKERS_EVERY` seconds: workers that join during a count take
            part in it); with Dask, `scheduler_cpu`, the CPU seconds the
            scheduler's process spent during the count. After Ctrl-C it
            holds the figures of the tasks that finished.
        order: Which constraint to branch on, as `count()`'s `order`:
            `"auto"` (the default), `"mrv"` or `"sweep"`.
        memo: Whether the tasks memoize, as `count()`'s `memo`: None (the
            default) decides by itself, in each worker process, on its
            first subtrees; True always; False never (and `"auto"` then
            branches by MRV, without the sweep's race).
        memo_bytes: The memory cap, in bytes, of the memos of each task's
            threads together (a worker process keeps them from task to
            task; a count that runs here, on this machine's threads, has
            the same cap). Default: `MEMO_BYTES_PER_THREAD` for each thread.

    Returns:
        The number of solutions.

    Raises:
        CheckpointError: If `checkpoint` was written for another problem, or
            is not a checkpoint file: an existing file is written to only if
            it is empty or begins with this problem's header, and is left as
            it was otherwise (a directory, a file that cannot be opened or
            created, too).
        TypeError: If `problem` is none of the above, `client` is not a
            Dask client or `executor` not an executor, `checkpoint` is not
            a path, `task_seconds` or
            `local_seconds` is not a number, `progress` is not True or
            False, `stats` is not a dict,
            `order` is not a str, `memo` is not True, False or None, or
            `memo_bytes` is not a whole number.
        ValueError: If the threads of `problem.solutions(threads=N)` are
            searching it (close that iterator first), `task_seconds` is
            not positive, `local_seconds` is negative, `workers` or
            `threads` is below 1, `threads` is above `MAX_THREADS` (as
            `count()`'s), both `client` and `executor` are given, `order`
            is not one of the three, `memo_bytes` is negative, or
            `checkpoint` holds a NUL character.
        ImportError: If `progress=True` and tqdm is not installed.
    """
    if local_seconds is None:
        local_seconds = LOCAL_SECONDS
    # Any real number (NumPy's too); one too large for a float is infinite.
    if task_seconds is not None:
        task_seconds = real_seconds("task_seconds", task_seconds)
    local_seconds = real_seconds("local_seconds", local_seconds)
    if task_seconds is not None and not task_seconds > 0:
        raise ValueError(f"task_seconds must be positive, not {task_seconds}")
    if not local_seconds >= 0:
        raise ValueError(f"local_seconds must be 0 or more, not {local_seconds}")
    workers = optional_whole("workers", workers, minimum=1)
    progress = flag("progress", progress)
    # The subtrees of this count share a memo within a process; another
    # count's (even of the same problem) start afresh.
    run = os.urandom(8).hex()
    threads = optional_whole("threads", threads, minimum=1, maximum=MAX_THREADS)
    if client is not None and executor is not None:
        raise ValueError("count_distributed() takes client or executor, not both")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise TypeError(
            f"executor must be a concurrent.futures.Executor, not {type(executor).__name__}"
        )
    if client is not None and not callable(getattr(client, "nthreads", None)):
        hint = (
            f" (a scheduler's address: client=Client({client!r}))"
            if isinstance(client, str)
            else ""
        )
        raise TypeError(
            f"client must be a dask.distributed.Client, not {type(client).__name__}{hint}"
        )
    if stats is not None and not isinstance(stats, dict):
        raise TypeError(f"stats must be a dict, not {type(stats).__name__}")
    if not isinstance(order, str):
        raise TypeError(f"order must be a str, not {type(order).__name__}")
    if order not in _ORDERS:
        raise ValueError(f"order must be 'auto', 'mrv' or 'sweep', not {order!r}")
    if memo is not None and not isinstance(memo, bool):
        raise TypeError(f"memo must be True, False or None, not {type(memo).__name__}")
    memo_bytes = optional_whole("memo_bytes", memo_bytes, minimum=0)
    if checkpoint is not None:
        try:
            path = os.fsdecode(checkpoint)
        except TypeError:
            raise TypeError(
                f"checkpoint must be a path (a str or os.PathLike) or None, "
                f"not {type(checkpoint).__name__}"
            ) from None
        if "\0" in path:
            raise ValueError(f"checkpoint must be a path without NUL characters, not {path!r}")
    # The core's cap is a machine word: a bigger one caps nothing either.
    memos: _Memo = (memo, None if memo_bytes is None else min(memo_bytes, U64_MAX))
    spec = _spec_of(problem)
    # The checkpoint knows the problem by its digest; the processes know its
    # solver (with its sweep order) by `digest`, from here on.
    problem_key = problem_digest(spec)
    log = _Checkpoint(checkpoint, problem_key) if checkpoint is not None else None
    digest = _solver_key(problem_key, spec)
    figures = stats if stats is not None else {}
    owned: list[Any] = []
    try:
        plan = _Plan(digest, spec, log, figures, memos)
        # The order's race (on the whole problem, GIL released) runs beside
        # the start of the cluster, which waits for it only before the cut
        # of the tree (cut in the order the tasks branch in). It weighs MRV
        # on the threads that count at once: here, this machine's cores; on
        # the workers, all their threads, since the sweep gains little from
        # more processes (each solves again what the others' memos hold:
        # pentominoes 6x10 sweep in 0.58 s on one worker, 0.51 s on 16),
        # and MRV gains from them all. The rest of a count begun here may go
        # on in another order: its subtrees do not depend on it.
        racer = concurrent.futures.ThreadPoolExecutor(1)
        owned.append(racer)
        races: dict[int, concurrent.futures.Future[str]] = {}

        def race(threads: int) -> concurrent.futures.Future[str]:
            if threads not in races:
                races[threads] = racer.submit(_settle_order, digest, spec, order, threads, memos)
            return races[threads]

        # The workers and the threads of each task, where known before the
        # cluster answers (not for a client's cluster).
        n = workers or _cores()
        per_task = threads or max(1, _cores() // n)
        if executor is not None:
            n = getattr(executor, "_max_workers", None) or _cores()
            per_task = threads or 1
        # A count over before the cluster: the checkpoint of a finished one
        # holds its total (no cluster is started, nor its first worker
        # waited for, to count nothing), or a short one ends here.
        over = not plan.todo
        if not over and not plan.resumed and local_seconds > 0:
            plan.settle(race(_cores()).result())
            over = plan.count_here(float(local_seconds), run)
        if over:
            figures["path"] = "local"
            bar = _bar(progress)
            if bar is not None:  # the same last line as on the workers
                _show(bar, plan, 0)
                bar.close()
            return plan.total
        figures["path"] = "workers"
        if client is None:
            race(n * per_task)
        scheduler: Any = None
        if client is None and executor is None:
            try:
                dask_distributed = _optional("distributed")
            except ImportError:
                executor = concurrent.futures.ProcessPoolExecutor(
                    n, initializer=_install, initargs=(digest, spec)
                )
                owned.append(executor)
                backend = _executor_backend(executor, (digest, None), n, per_task, run, memos)
            else:
                import logging

                with _optional("dask").config.set(DASK_CONFIG), _ctrl_c_for_the_driver():
                    cluster = dask_distributed.LocalCluster(
                        n_workers=n,
                        threads_per_worker=1,
                        processes=True,
                        dashboard_address=":0",
                        silence_logs=logging.ERROR,
                    )
                owned.append(cluster)
                client = dask_distributed.Client(cluster)
                owned.append(client)
                backend = _dask_backend(client, digest, spec, per_task, run, memos)
                owned.append(backend.close)
                scheduler = client
        elif client is not None:
            backend = _dask_backend(client, digest, spec, threads, run, memos)
            owned.append(backend.close)
            scheduler = client
        else:
            assert executor is not None
            backend = _executor_backend(executor, (digest, spec), n, per_task, run, memos)
        cpu = _scheduler_cpu(scheduler)
        try:
            # The tree is cut in the order the tasks branch in.
            plan.settle(race(backend.thread_slots).result())
            plan.prepare(backend.slots, backend.thread_slots)
            return _drive(plan, backend, progress, task_seconds)
        finally:
            if scheduler is not None and cpu is not None:
                after = _scheduler_cpu(scheduler)
                if after is not None:
                    figures["scheduler_cpu"] = after - cpu
    finally:
        if log is not None:
            log.close()
        for thing in reversed(owned):
            if isinstance(thing, concurrent.futures.Executor):
                thing.shutdown(wait=True, cancel_futures=True)
            elif callable(thing):
                thing()
            else:
                thing.close()


def _process_cpu() -> float:
    """CPU seconds of this process, all threads (run on the scheduler)."""
    return time.process_time()


def _scheduler_cpu(client: Any) -> float | None:
    """CPU seconds of the Dask scheduler's process so far (None: unknown)."""
    if client is None:
        return None
    try:
        return float(client.run_on_scheduler(_process_cpu))
    except Exception:  # a scheduler that forbids it: the figure is left out
        return None


class _Plan:
    """What a count has to do and has done: the subtrees waiting, the total
    and figures so far, the estimate of the work left, and the checkpoint."""

    def __init__(
        self,
        digest: str,
        spec: _Spec,
        log: _Checkpoint | None,
        figures: dict[str, Any],
        memo: _Memo = (None, None),
    ) -> None:
        self.digest = digest
        self.spec = spec
        #: The count's memo settings (see `count_distributed`).
        self.memo = memo
        #: The order every task branches in (`"mrv"` or `"sweep"`; see
        #: `settle`).
        self.order = "mrv"
        self.log = log
        self.figures = figures
        self.total = 0
        self.done = 0
        nodes = updates = 0
        roots = _roots(spec)
        #: Tasks waiting, each a few subtrees; the one to run next last.
        self.todo: list[list[_Ids]] = [roots] if roots else []
        self.resumed = False
        if log is not None and log.counts:
            self.resumed = True
            self.total = sum(log.counts.values())
            self.done = log.records
            nodes, updates = log.figures["nodes"], log.figures["updates"]
            self.todo = [[t] for t in [*roots, *log.children] if _key(t) not in log.counts]
        figures.clear()
        figures.update(
            solutions=self.total,
            nodes=nodes,
            updates=updates,
            tasks=self.done,
            cpu=0.0,
            order="mrv",
        )
        #: Knuth's estimate of the nodes left (None: not known).
        self.left: float | None = None
        #: Nodes per thread second, as measured (None: not yet).
        self.speed: float | None = None
        self._busy = 0.0
        self.started = time.monotonic()
        self._nodes = 0

    def settle(self, order: str) -> None:
        """Sets the order the tasks branch in (`_settle_order`'s answer)."""
        self.order = self.figures["order"] = order

    def finished(
        self,
        subtrees: list[_Ids],
        found: int,
        rest: list[_Ids],
        task: dict[str, Any],
        spread: int = 1,
    ) -> None:
        """Takes in the result of counting `subtrees` (a task's, or the ones
        counted here): its count, rest and figures. The rest waits as one
        task, or as `spread` tasks that share it out."""
        rest = [(list(f), list(e)) for f, e in rest]
        # A subtree handed back whole (time ran out before it began) is
        # not done: the checkpoint lists only those begun.
        given = {_key(s) for s in subtrees}
        whole = {_key(s) for s in rest} & given
        begun = [s for s in subtrees if _key(s) not in whole]
        self.total += found
        self.done += 1 if begun else 0
        self.figures["solutions"] = self.total
        self.figures["nodes"] += task["nodes"]
        self.figures["updates"] += task["updates"]
        self.figures["tasks"] = self.done
        self._nodes += task["nodes"]
        self._busy += task.get("busy", 0.0)
        self.figures["cpu"] += task.get("cpu", 0.0)
        self.figures["order"] = task.get("order", self.order)
        if self._busy > 0 and self._nodes > 0:
            self.speed = self._nodes / self._busy
        if self.left is not None:
            self.left = max(0.0, self.left - task["nodes"])
        if self.log is not None and begun:
            self.log.record(begun, found, [s for s in rest if _key(s) not in whole], task)
        rest.sort(key=lambda s: -len(s[0]))
        self.todo.extend(_deal(rest, spread))

    def count_here(self, local_seconds: float, run: str) -> bool:
        """Counts here, on this machine's threads, if the count is short:
        first for `_PROBE_SECONDS`; then, if the estimate of the work left
        at the speed measured says it would end within `local_seconds`, on
        (for at most four times that). Returns True if the count is over."""
        threads = _cores()
        # The root, or what a search that has started has still to explore.
        [roots] = self.todo
        self.todo = []
        samples = max(16, _ESTIMATE_SAMPLES // len(roots))
        estimate = sum(_estimates(self.digest, self.spec, roots, samples, lambda: None))
        self.figures["estimate"] = estimate
        self.left = estimate
        self.figures["path"] = "local"
        start = time.monotonic()
        found, rest, task, error = _count_here(
            self.digest, self.spec, roots, _PROBE_SECONDS, threads, run, self.order, memo=self.memo
        )
        wall = time.monotonic() - start
        self.finished(roots, found, rest, task)
        if error is not None:
            raise error
        if not self.todo:
            return True
        # At least as much again as was done, whatever the estimate says.
        left = max(self.left or 0.0, float(task["nodes"]))
        self.left = left
        seconds = left / max(task["nodes"], 1) * wall
        if seconds > local_seconds:
            return False
        [subtrees] = self.todo
        self.todo = []
        found, rest, task, error = _count_here(
            self.digest,
            self.spec,
            subtrees,
            4 * max(seconds, local_seconds),
            threads,
            run,
            self.order,
            memo=self.memo,
        )
        self.finished(subtrees, found, rest, task)
        if error is not None:
            raise error
        return not self.todo

    def prepare(self, slots: int, thread_slots: int) -> None:
        """Cuts the subtrees waiting into pieces of about equal work by
        Knuth's estimate, and deals them into a few tasks per worker, each
        a run of neighbouring pieces, the biggest to run first."""
        tasks = _TASKS_PER_WORKER * slots
        subtrees = [s for bundle in self.todo for s in bundle]
        if self.resumed:
            self.todo = _deal(subtrees, tasks)
            return
        pieces = _cut_by_estimate(
            self.digest, self.spec, subtrees, max(tasks, 2 * thread_slots), self.order, slots
        )
        if self.left is None:
            # The pieces' estimates, summed: the whole tree's, without a
            # separate estimate before the workers start.
            self.left = sum(e for e, _, _ in pieces)
            self.figures["estimate"] = self.left
        if self.log is not None:
            # The cut in the checkpoint: a subtree cut is done, its pieces
            # wait (resumed, none is counted twice).
            cut: dict[int, list[_Ids]] = {}
            for _, piece, origin in pieces:
                cut.setdefault(origin, []).append(piece)
            for origin, parts in cut.items():
                if parts != [subtrees[origin]]:
                    self.log.record([subtrees[origin]], 0, parts, {"nodes": 0, "updates": 0})
                    self.done += 1
            self.figures["tasks"] = self.done
        self.todo = _deal_by_region([(e, s) for e, s, _ in pieces], tasks)

    def end_task_seconds(self, thread_slots: int) -> float:
        """How long a task counts near the end of the count (see
        `_END_TASK_SHARE` and `_END_LEFT_SHARE`)."""
        share = (time.monotonic() - self.started) * _END_TASK_SHARE
        if self.left is not None and self.speed is not None:
            share = max(share, self.left / self.speed / thread_slots * _END_LEFT_SHARE)
        return min(_MIN_TASK_SECONDS, max(_END_TASK_SECONDS, share))

    def task_seconds(self, thread_slots: int) -> float:
        """How long the next task should count: about a `_TASKS_PER_WORKER`th
        of the time each worker thread would need for the work left, and at
        most a quarter of the time the count has run (an estimate can be
        far off: tasks grow as the count proves long)."""
        if self.left is None or self.speed is None:
            return _MIN_TASK_SECONDS
        wall = self.left / self.speed / thread_slots / _TASKS_PER_WORKER
        wall = min(wall, (time.monotonic() - self.started) / 4, TASK_SECONDS)
        return max(_MIN_TASK_SECONDS, wall)


def _deal(subtrees: list[_Ids], tasks: int) -> list[list[_Ids]]:
    """Deals subtrees (the smallest first) into at most `tasks` tasks, like
    cards, so that each gets a like share of big and small ones.

    Returns:
        The tasks, each with its biggest subtree last, and the one with the
        biggest share last (they are taken from the end).
    """
    if not subtrees:
        return []
    bundles: list[list[_Ids]] = [[] for _ in range(max(1, min(tasks, len(subtrees))))]
    for n, subtree in enumerate(reversed(subtrees)):
        bundles[n % len(bundles)].append(subtree)
    return [bundle[::-1] for bundle in reversed(bundles)]


def _deal_by_region(pieces: list[tuple[float, _Ids]], tasks: int) -> list[list[_Ids]]:
    """Deals pieces of the tree into at most `tasks` tasks of about equal
    estimated work, each a run of neighbours in the tree (the pieces in the
    order of their forced options: those under the same first choices
    together). Neighbours meet the same sub-problems more often than pieces
    far apart, and a task's pieces share its worker's memo: on pentominoes
    6 x 10 cut into 60 pieces, two memos count 1-2% fewer nodes than with
    pieces dealt like cards.

    Returns:
        The tasks, each with its biggest piece last, the one of the most
        estimated work last (they are taken from the end).
    """
    if not pieces:
        return []
    ordered = sorted(pieces, key=lambda p: (p[1][0], p[1][1]))
    count = max(1, min(tasks, len(ordered)))
    total = sum(e for e, _ in ordered)
    bundles: list[tuple[float, list[tuple[float, _Ids]]]] = []
    run: list[tuple[float, _Ids]] = []
    work = done = 0.0
    for k, (estimate, piece) in enumerate(ordered):
        run.append((estimate, piece))
        work += estimate
        done += estimate
        left = len(ordered) - k - 1
        # Close the run where its share of the work is reached, keeping a
        # piece for each task still to come.
        wanted = count - len(bundles) - 1
        if wanted > 0 and (done >= total * (len(bundles) + 1) / count or left == wanted):
            bundles.append((work, run))
            run, work = [], 0.0
    if run:
        bundles.append((work, run))
    bundles.sort(key=lambda b: b[0])
    return [[p for _, p in sorted(run, key=lambda p: p[0])] for _, run in bundles]


@dataclasses.dataclass
class _Backend:
    """Where the tasks run."""

    #: Submits a task for a few subtrees with a time budget, a number of
    #: pieces to cut its rest into, the order to branch in and the task's
    #: token (see `count_subtrees()`); returns its future.
    submit: Callable[[List[_Ids], float, int, str, str], Any]
    #: The tasks that run at once.
    slots: int
    #: The threads that count at once.
    thread_slots: int
    #: Asks those of some tasks (by token) that run now to stop, the top of
    #: their rest cut into a number of pieces (`_stop_running` where the
    #: tasks run: on the worker of the address given, or everywhere);
    #: None: tasks cannot be reached while they run.
    stop: Optional[Callable[[List[str], int, Optional[str]], None]] = None
    #: None if every worker has a task, else the busy workers' tasks (keys)
    #: by worker address; without it (a pool of threads, which runs its
    #: tasks in the order submitted), a worker idles when fewer tasks are
    #: out than `slots`.
    idle: Optional[Callable[[], Optional[dict[str, list[Any]]]]] = None
    #: Cleans up after the count.
    close: Callable[[], None] = lambda: None
    #: Looks again at the cluster: returns `slots` and `thread_slots` as
    #: they are now, with workers that joined or left since (None: they do
    #: not change).
    refresh: Optional[Callable[[], Tuple[int, int]]] = None


def _executor_backend(
    executor: concurrent.futures.Executor,
    problem: tuple[str, _Spec | None],
    slots: int,
    threads: int,
    run: str,
    memo: _Memo = (None, None),
) -> _Backend:
    """Submits to a `concurrent.futures` executor of `slots` workers; a
    thread pool's tasks (in this process) can be asked to stop, others
    cannot."""

    def submit(subtrees: list[_Ids], seconds: float, pieces: int, order: str, token: str) -> Any:
        return executor.submit(
            count_subtrees, problem, subtrees, seconds, pieces, threads, run, "", order, token, memo
        )

    def stop(tokens: list[str], pieces: int, where: str | None) -> None:
        _stop_running(tokens, pieces)

    threaded = isinstance(executor, concurrent.futures.ThreadPoolExecutor)
    return _Backend(submit, slots, slots * threads, stop if threaded else None)


def _worker_cores() -> int:
    """The cores of a Dask worker's process (run on each worker)."""
    return _cores()


def _dask_backend(
    client: Any,
    digest: str,
    spec: _Spec,
    threads: int | None,
    run: str,
    memo: _Memo = (None, None),
) -> _Backend:
    """Submits to a Dask cluster: the tasks that run at once are the Dask
    threads of all workers; a stop is a message to the worker that holds
    the tasks, not waited for; the scheduler says which workers idle (it
    may have placed two tasks on one worker while another has none) and
    which tasks each holds; closing takes the problem off the workers."""
    # The problem goes to every worker process once, also to one that
    # joins later (one that replaces a lost worker); tasks refer to it by
    # its digest.
    # A cluster none of whose workers has joined yet (a batch queue starts
    # them as it can) is waited for, before the problem is published (which
    # Ctrl-C meanwhile would leave on the scheduler): the first one's
    # threads, not one, are those the order is raced for and the tree is
    # cut for (a sweep raced for one thread would count every subtree of
    # the count on one core).
    while not client.nthreads():
        time.sleep(_LOOK_EVERY)
    name = _publish(client, digest, spec, run)
    problem = (digest, None)
    # The threads of each task: `threads`, or by worker, its machine's
    # cores shared among the Dask threads of the workers there. A new dict
    # whenever workers join or leave (tasks submitted keep theirs).
    per_worker: int | dict[str, int] = threads if threads is not None else {}
    #: The cores of each worker's machine, asked once per worker.
    cores: dict[str, int] = {}

    def refresh() -> tuple[int, int]:
        nonlocal per_worker
        nthreads = client.nthreads()
        slots = max(1, sum(nthreads.values()))
        if threads is not None:
            return slots, slots * threads
        new = [address for address in nthreads if address not in cores]
        if new:
            cores.update(client.run(_worker_cores, workers=new, on_error="ignore"))
        hosts: dict[str, int] = {}
        for address, n in nthreads.items():
            hosts[_host(address)] = hosts.get(_host(address), 0) + n
        per_worker = {
            address: max(1, cores.get(address, 1) // hosts[_host(address)]) for address in nthreads
        }
        return slots, max(1, sum(per_worker[a] * n for a, n in nthreads.items()))

    slots, thread_slots = refresh()

    def submit(subtrees: list[_Ids], seconds: float, pieces: int, order: str, token: str) -> Any:
        return client.submit(
            _count_sealed,
            problem,
            _Sealed(subtrees),
            seconds,
            pieces,
            per_worker,
            run,
            name,
            order,
            token,
            memo,
            pure=False,
        )

    def stop(tokens: list[str], pieces: int, where: str | None) -> None:
        try:
            client.run(
                _stop_running_soon,
                tokens,
                pieces,
                workers=None if where is None else [where],
                wait=False,
                on_error="ignore",
            )
        except Exception:  # a worker gone: its task is run again anyway
            pass

    def idle() -> dict[str, list[Any]] | None:
        try:
            placed = client.processing()
        except Exception:  # the scheduler out of reach: ask again later
            return None
        if all(placed.values()):
            return None
        return {address: list(keys) for address, keys in placed.items() if keys}

    def close() -> None:
        try:
            client.unpublish_dataset(name)
        except Exception:  # the cluster is gone: nothing to clean
            pass

    return _Backend(submit, slots, thread_slots, stop, idle, close, refresh)


def _publish(client: Any, digest: str, spec: _Spec, run: str) -> str:
    """Leaves the problem with the Dask scheduler, for each worker process
    to fetch once, when its first task of the count starts (also a worker
    that joins during the count, replacing a lost one).

    Returns:
        The name it is published under.
    """
    name = f"exactcover-problem-{digest[:16]}-{run}"
    client.publish_dataset(**{name: _Sealed((digest, spec, _VERSION))})
    return name


class _Sealed:
    """A value that Dask carries without looking inside: it walks a list or
    tuple it is given, every element, for futures; a problem's thousands of
    options cost it 7-10 ms of the client's CPU per count, and the subtrees
    of a count's tasks thousands of calls more."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Sealed, (self.value,))


def _fetch(digest: str, dataset: str) -> None:
    """Fetches a problem published with `_publish`, once per process (in a
    Dask task)."""
    with _INSTALLED_LOCK:
        if digest in _INSTALLED:
            return
    from distributed import get_client

    fetched, spec, *version = get_client().get_dataset(dataset).value
    assert fetched == digest
    if version != [_VERSION]:
        # The tasks of one count run one version's code: a subtree, a sweep
        # order or a memo's key may mean another thing in another.
        theirs = version[0] if version else "an older version"
        raise ImportError(
            f"this Dask worker has exactcover {_VERSION}, the count's client {theirs}: "
            "install the same version of exactcover on every machine"
        )
    with _INSTALLED_LOCK:
        if len(_INSTALLED) >= 4:
            _INSTALLED.clear()
        _INSTALLED[digest] = spec


def _host(address: str) -> str:
    """The host of a Dask address (``tcp://10.0.0.1:40000`` -> ``10.0.0.1``)."""
    return address.split("://", 1)[-1].rsplit(":", 1)[0]


@dataclasses.dataclass
class _Task:
    """A task `_drive` submitted."""

    subtrees: list[_Ids]
    #: Its name for `_stop_task`.
    token: str
    #: When it was submitted.
    submitted: float
    #: When it started (None: queued behind others; taken to start, in the
    #: order submitted, as results free their slots, as a pool runs them).
    started: float | None


def _drive(
    plan: _Plan,
    backend: _Backend,
    progress: bool,
    task_seconds: float | None,
) -> int:
    """Run tasks until no subtree is left; returns the total, and keeps the
    plan's figures summed over the finished tasks. At most a few tasks per
    worker are submitted at a time; the others wait here, the last added
    first (the biggest of the cut, then the rests of tasks that ran out of
    time). Where tasks can be asked to stop (on Dask, or a thread pool) and
    do not sweep, workers that idle while nothing waits have as many of the
    tasks that have run longest stop at once (`_stop_task`; see
    `_STOPS_AT_ONCE`): their rests, cut into pieces, are shared out among
    the workers, instead of the idle ones waiting for the end of their time
    (elsewhere, tasks near the end are short)."""
    submit, stop = backend.submit, backend.stop
    # The tasks and threads that run at once, looked at again as the
    # count runs (`_WORKERS_EVERY`).
    slots, thread_slots = backend.slots, backend.thread_slots
    looked = time.monotonic()
    plan.figures["workers"] = slots
    if plan.order == "sweep":
        # A swept task's memo is a dynamic program: the sub-problems of the
        # rest it would hand back are mostly in its worker's memo, and a
        # worker that took them would solve them again (measured on
        # pentominoes 6 x 10: more task CPU and tasks, slower).
        stop = None
    #: The tasks submitted, by their futures.
    running: dict[Any, _Task] = {}
    queued: collections.deque[Any] = collections.deque()
    last_submit = 0.0
    finished: queue.SimpleQueue[Any] = queue.SimpleQueue()
    bar = _bar(progress)
    todo = plan.todo
    prefix = os.urandom(4).hex()
    serial = 0
    #: The tasks asked to stop whose rests have not come back, when, and
    #: how many were asked with each (their rests shared out among the
    #: workers in as many parts):
    #: each is the oldest task its worker held, the one it runs (a task
    #: queued behind it on its worker runs on, and is not waited for).
    asked: dict[Any, tuple[float, int]] = {}

    def launch() -> None:
        nonlocal serial, last_submit
        while todo and len(running) < _QUEUE_PER_WORKER * slots:
            subtrees = todo.pop()
            # Long tasks only while every worker has one waiting, or where a
            # straggler can be asked to stop: else, at the end, a long task
            # would keep the work left from the others.
            seconds = task_seconds or (
                plan.task_seconds(thread_slots)
                if len(todo) >= slots or stop is not None
                else plan.end_task_seconds(thread_slots)
            )
            # Cut a straggler's rest only when work is short: while enough
            # subtrees wait, each task more costs the scheduler for nothing.
            short = slots > 1 and len(todo) < slots
            token = f"{prefix}-{serial}"
            serial += 1
            future = submit(
                subtrees,
                seconds,
                _PIECES_PER_WORKER * slots if short else 1,
                plan.order,
                token,
            )
            last_submit = time.monotonic()
            started = last_submit if len(running) < slots else None
            if started is None:
                queued.append(future)
            running[future] = _Task(subtrees, token, last_submit, started)
            future.add_done_callback(finished.put)

    def steal() -> float:
        """Asks stragglers to stop if workers idle while nothing waits (at
        most `_STOPS_AT_ONCE` under way); returns how long to wait for a
        result before looking again."""
        if stop is None or todo or not running or slots < 2:
            return _LOOK_EVERY
        now = time.monotonic()
        # A stop under way feeds an idle worker; one asked long ago, whose
        # worker may have been lost, no longer does.
        for future in [f for f, (when, _) in asked.items() if now - when >= _STOP_PATIENCE]:
            del asked[future]
        # The stragglers that may be asked, each (where it runs, the tasks
        # there to ask, since when the oldest has run), and the workers
        # that idle.
        stragglers: list[tuple[str | None, list[Any], float]]
        if backend.idle is None:
            # A pool runs its tasks in the order submitted: a slot free is
            # a worker idle, and the tasks begun are known.
            idle = slots - len(running)
            stragglers = [
                (None, [f], t.started)
                for f, t in running.items()
                if t.started is not None and f not in asked
            ]
        else:
            # Dask places tasks on workers as they come, two on one worker
            # while another may have none: the scheduler says whether one
            # idles and which tasks each busy worker holds (not which it
            # runs: each is asked to stop if it runs; the oldest one runs,
            # as Dask runs a worker's tasks in the order submitted), and a
            # worker of one Dask thread (as advised) that holds none idles.
            oldest = min(t.submitted for t in running.values())
            wait = max(oldest, last_submit) + _STOP_AFTER - now
            if wait > 0:
                return min(_LOOK_EVERY, wait)
            placed = backend.idle()
            if placed is None:
                return _LOOK_EVERY
            held = {key: address for address, keys in placed.items() for key in keys}
            workers: dict[str, list[Any]] = {}
            for future in sorted(running, key=lambda f: running[f].submitted):
                if future.key in held:
                    workers.setdefault(held[future.key], []).append(future)
            idle = max(1, slots - len(placed))
            stragglers = [
                (where, futures, running[futures[0]].submitted)
                for where, futures in workers.items()
                if futures[0] not in asked
            ]
        # Those that have run longest (see `_STOPS_AT_ONCE`), once they
        # have run long enough that stopping them gains more than the round
        # trip costs, and the last task submitted has had time to start.
        at_once = idle if _STOPS_AT_ONCE is None else min(idle, _STOPS_AT_ONCE)
        stragglers = sorted(stragglers, key=lambda s: s[2])[: max(0, at_once - len(asked))]
        if not stragglers:
            return _LOOK_EVERY
        since = max(stragglers[0][2], last_submit) + _STOP_AFTER
        if since > now:
            return min(_LOOK_EVERY, since - now)
        stragglers = [s for s in stragglers if s[2] + _STOP_AFTER <= now]
        # About as many pieces in all as one straggler's rest is cut into.
        pieces = max(_PIECES_PER_WORKER, _PIECES_PER_WORKER * slots // len(stragglers))
        for where, futures, _ in stragglers:
            stop([running[f].token for f in futures], pieces, where)
            asked[futures[0]] = (now, len(stragglers))
        return _LOOK_EVERY

    try:
        with _ctrl_c_between_calls() as ctrl_c:
            launch()
            while running:
                if backend.refresh is not None and time.monotonic() - looked >= _WORKERS_EVERY:
                    looked = time.monotonic()
                    try:
                        slots, thread_slots = backend.refresh()
                    except Exception:  # the scheduler out of reach: as before
                        pass
                    plan.figures["workers"] = max(plan.figures["workers"], slots)
                    launch()
                try:
                    future = finished.get(timeout=steal())
                except queue.Empty:
                    ctrl_c()
                    continue
                ctrl_c()
                subtrees = running.pop(future).subtrees
                _, share = asked.pop(future, (0.0, 1))
                # Its slot goes to the task queued longest (those done already
                # dropped first).
                while queued and queued[0] not in running:
                    queued.popleft()
                if queued:
                    running[queued.popleft()].started = time.monotonic()
                found, rest, task = future.result()
                # The rest of a task waits as one task while others wait too,
                # else it is shared out among the workers: the rests of k
                # stragglers asked at once in k parts of slots/k tasks each (on
                # queens 16 with 16 workers, emulated, 38% fewer tasks and 5%
                # faster than slots tasks each).
                spread = 1 if len(todo) >= slots else max(1, slots // share)
                plan.finished(subtrees, found, rest, task, spread)
                launch()
                if bar is not None:
                    _show(bar, plan, len(running) + len(todo))
    except BaseException:
        for future in running:
            future.cancel()
        raise
    finally:
        if bar is not None:
            bar.close()
    return plan.total


def _show(bar: Any, plan: _Plan, waiting: int) -> None:
    """Draws the progress bar: tasks done, waiting, solutions so far."""
    bar.total = plan.done + waiting
    bar.n = plan.done
    # A str: tqdm would round a number (1.12e+23); the count is exact.
    bar.set_postfix(solutions=str(plan.total), refresh=False)
    bar.refresh()


def _optional(name: str) -> Any:
    """An optional dependency (Dask, tqdm), untyped.

    Raises:
        ImportError: If it is not installed.
    """
    return importlib.import_module(name)


def _bar(progress: bool) -> Any:
    if not progress:
        return None
    from .progress import task_bar

    return task_bar("counting", "subtree")  # plain lines where stderr is no terminal
