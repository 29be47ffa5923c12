"""Counting on many processes or machines: a Dask cluster, or any
``concurrent.futures`` executor.

:func:`count_distributed` cuts the search tree into subtrees (plain lists of
option ids) and counts each in a task. A task that runs longer than a second
or so stops, and returns its partial count together with the unexplored rest
of its subtree as new subtrees, which become new tasks: big subtrees are cut
as they turn out to be big, so every worker stays busy to the end. The
problem itself travels to each worker once (Dask scatters it to every worker;
each worker process builds the solver once and copies it for every task).

Tasks are pure functions of their subtree, so a task lost with its worker is
simply run again (Dask does this by itself) and the total stays exact. With
a checkpoint file, every finished task is appended to it at once (one JSON
line, flushed to disk); counting again with the same file skips the subtrees
already counted, and a file written for another problem is refused.

Tasks memoize as ``count()`` does, and the tasks of one count in one worker
process lend each other their memo (at most 256 MiB for each worker thread,
kept until that process's next count): a memo changes how long a task
takes, never what it returns. So counts far past what enumeration reaches
(the domino tilings of a 14 x 14 board, 1.1 x 10^23) work here too.

Needs ``pip install 'exactcover-dlx[dask]'`` for Dask and the progress bar; a
``concurrent.futures`` executor (e.g. a process pool) needs nothing more.
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import importlib
import json
import os
import queue
from typing import IO, Any, Callable, List, Optional, Tuple

from ._arguments import optional_whole
from ._native import Solver as _Solver

__all__ = ["count_distributed", "CheckpointError"]

#: A subtree as plain data: (forced option ids, excluded option ids).
_Ids = Tuple[List[int], List[int]]
#: A problem as plain data: (items, options, seed, colors, initial choices).
_Spec = Tuple[Any, Any, Optional[int], Any, List[int]]

#: Seconds a task counts before it hands back the rest of its subtree.
TASK_SECONDS = 1.0
#: While fewer tasks than this many per worker wait, tasks run this long, so
#: that the tree is cut quickly at the start.
_SHORT_SECONDS = 0.1
_QUEUE_PER_WORKER = 2
#: A task that runs out of time while few subtrees wait (fewer than
#: workers) cuts the top of its rest into at least this many subtrees per
#: worker.
_PIECES_PER_WORKER = 16
_FORMAT = 1


class CheckpointError(ValueError):
    """A checkpoint file cannot be used: written for another problem, or not
    a checkpoint file."""


# -- the problem as plain data ------------------------------------------------


def _spec_of(problem: Any) -> _Spec:
    """The plain data of an :class:`~exactcover.ExactCover`,
    :class:`~exactcover.MultiCover`, :class:`~exactcover.DlxProblem` or the
    iterator of its solutions; it must not have started searching."""
    from .dlx import DlxProblem

    if isinstance(problem, DlxProblem):
        problem = problem.solutions()
    spec = getattr(problem, "_spec", None)
    if spec is None:
        raise TypeError(
            "problem must be an ExactCover, MultiCover, DlxProblem or DlxProblem.solutions(), "
            f"not {type(problem).__name__}"
        )
    if problem.stats["nodes"] > 0:
        raise ValueError("count_distributed() needs a problem that has not started searching")
    items, options, seed, colors, forced = spec
    return (
        [[bool(primary), int(lo), int(hi)] for primary, lo, hi in items],
        [list(option) for option in options],
        seed,
        None if not colors else [list(c) for c in colors],
        list(forced),
    )


def problem_digest(spec: _Spec) -> str:
    """A digest of a problem's plain data: the same for the same problem,
    built anywhere; it identifies the problem in a checkpoint file."""
    text = json.dumps(spec, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


# -- the tasks (run on the workers) --------------------------------------------

#: Per worker process: the solvers built so far, by problem digest.
_BUILT: dict[str, _Solver] = {}
#: Per process: the id of its latest run (one count) and the memos that
#: run's finished tasks lend to the next (one per thread at most).
_LENT: tuple[str, list[Any]] = ("", [])
#: Per process: whether the memo pays (True, False; absent: not known yet),
#: by problem.
_VERDICTS: dict[str, bool] = {}
#: Memory cap of each of a process's memos.
_MEMO_BYTES = 1 << 28
#: Per worker process of our own pool: the problem, installed at start.
_INSTALLED: dict[str, _Spec] = {}


def _built(digest: str, spec: _Spec | None) -> _Solver:
    """The solver of a problem, built once per process (without its initial
    choices: every subtree includes them)."""
    solver = _BUILT.get(digest)
    if solver is None:
        if spec is None:
            spec = _INSTALLED[digest]
        items, options, seed, colors, _ = spec
        if len(_BUILT) >= 4:
            _BUILT.clear()
            _VERDICTS.clear()
        solver = _BUILT[digest] = _Solver(
            [tuple(item) for item in items],
            options,
            seed,
            None if colors is None else [tuple(c) for c in colors],
        )
    return solver


def _install(digest: str, spec: _Spec) -> None:
    """Initializer of our own process pool: the problem arrives once."""
    _INSTALLED[digest] = spec


def count_subtree(
    problem: tuple[str, _Spec | None],
    subtree: _Ids,
    seconds: float,
    pieces: int = 1,
    run: str = "",
) -> tuple[int, list[_Ids], int]:
    """A task: count the solutions of ``subtree`` of ``problem`` (its digest
    and plain data, or None if installed in this process) for about
    ``seconds``; returns the count, the unexplored rest as subtrees, and the
    number of search-tree nodes visited.

    The rest is one subtree per level of the search where it stopped; the
    shallowest holds the siblings still to come near the top, usually most
    of the work. With ``pieces`` above 1 that one is cut further, into at
    least ``pieces`` subtrees, so that a long task hands back work that
    several workers can share rather than one big piece that would keep a
    single worker busy while the others wait.

    Tasks memoize as ``count()`` does, and the tasks of one ``run`` (one
    count) in one process share their memo: each lends the next the
    sub-problems it solved (a memo per task alone gains nothing: the
    sub-problems met again lie in different subtrees). A process keeps the
    memos of its latest run only. The first task to find whether the memo
    pays decides for the process's later tasks of the same problem."""
    global _LENT
    digest, spec = problem
    solver = _built(digest, spec).copy()
    forced, excluded = subtree
    if not solver.restrict(list(forced), list(excluded)):
        return 0, [], 0
    memo = _VERDICTS.get(digest)
    if _LENT[0] != run:
        _LENT = (run, [])
    memos = _LENT[1]
    if memo is not False and memos:
        try:
            solver.lend_memo(memos.pop(), memo)
        except IndexError:  # another thread of this worker took it
            pass
    found, rest = solver.count_or_split(seconds, memo=memo, memo_bytes=_MEMO_BYTES)
    verdict = solver.memo_verdict
    if verdict is not None:
        _VERDICTS[digest] = verdict
    if verdict is not False:
        lent = solver.take_memo()
        if lent is not None:
            memos.append(lent)
    if rest and pieces > 1:
        top = min(range(len(rest)), key=lambda k: len(rest[k][0]))
        part = _built(digest, spec).copy()
        if part.restrict(list(rest[top][0]), list(rest[top][1])):
            rest[top : top + 1] = part.split(pieces)
        else:
            del rest[top]
    return found, rest, solver.stats["nodes"]


# -- the checkpoint file ---------------------------------------------------------


def _key(subtree: _Ids) -> str:
    return json.dumps([list(subtree[0]), list(subtree[1])], separators=(",", ":"))


class _Checkpoint:
    """An append-only log of finished subtrees: a header line naming the
    problem, then one JSON line per finished task (its subtree, count and
    the subtrees it handed back)."""

    def __init__(self, path: str | os.PathLike[str], digest: str) -> None:
        self.path = os.fspath(path)
        self.counts: dict[str, int] = {}
        self.children: list[_Ids] = []
        good = 0
        exists = os.path.exists(self.path)
        if exists:
            with open(self.path, "rb") as f:
                data = f.read()
            # What follows the last newline was torn by a crash: ignored.
            lines = data.split(b"\n")[:-1]
            for number, line in enumerate(lines, 1):
                try:
                    record = json.loads(line)
                except ValueError:
                    if number == len(lines) and number > 1:
                        break  # torn, though its newline reached the disk
                    if number == 1:
                        raise CheckpointError(
                            f"{self.path} is not an exactcover checkpoint file"
                        ) from None
                    raise CheckpointError(
                        f"{self.path}:{number}: not a line of an exactcover checkpoint file"
                    ) from None
                if number == 1:
                    if not isinstance(record, dict) or "exactcover_checkpoint" not in record:
                        raise CheckpointError(f"{self.path} is not an exactcover checkpoint file")
                    if record.get("problem") != digest:
                        raise CheckpointError(
                            f"{self.path} was written for a different problem "
                            f"(digest {str(record.get('problem'))[:12]}..., this one "
                            f"{digest[:12]}...)"
                        )
                else:
                    forced, excluded = record["subtree"]
                    self.counts[_key((forced, excluded))] = int(record["count"])
                    self.children.extend((f, e) for f, e in record["rest"])
                good += len(line) + 1
        self.file: IO[bytes] = open(self.path, "r+b" if exists else "wb")
        self.file.truncate(good)
        self.file.seek(good)
        if good == 0:
            self._write({"exactcover_checkpoint": _FORMAT, "problem": digest})

    def _write(self, record: dict[str, Any]) -> None:
        self.file.write(json.dumps(record, separators=(",", ":")).encode() + b"\n")
        self.file.flush()
        os.fsync(self.file.fileno())

    def record(self, subtree: _Ids, count: int, rest: list[_Ids]) -> None:
        self._write(
            {
                "subtree": [list(subtree[0]), list(subtree[1])],
                "count": count,
                "rest": [[list(f), list(e)] for f, e in rest],
            }
        )

    def close(self) -> None:
        self.file.close()


# -- the driver --------------------------------------------------------------------


def count_distributed(
    problem: Any,
    *,
    client: Any = None,
    executor: concurrent.futures.Executor | None = None,
    workers: int | None = None,
    checkpoint: str | os.PathLike[str] | None = None,
    progress: bool = False,
    task_seconds: float = TASK_SECONDS,
) -> int:
    """Count the solutions of ``problem`` on many processes or machines.

    ``problem`` is an :class:`~exactcover.ExactCover`,
    :class:`~exactcover.MultiCover` or :class:`~exactcover.DlxProblem` that
    has not started searching (it is not consumed; its constraints mapping
    must not have changed since it was built). The tasks run

    * on ``client``, a ``dask.distributed.Client`` (of any cluster), or
    * on ``executor``, any ``concurrent.futures.Executor`` (e.g. a
      ``ProcessPoolExecutor``; the problem then travels with every task), or
    * with neither, on a Dask ``LocalCluster`` of ``workers`` processes
      (default: one per core) started for this count, or on a process pool if
      Dask is not installed.

    ``checkpoint`` names a file that records every finished subtree as it
    arrives; counting again with the same file resumes where the count
    stopped (a crash, Ctrl-C). ``progress=True`` shows a progress bar (tqdm):
    subtrees done, subtrees waiting, solutions so far. A task counts for about
    ``task_seconds`` before handing the rest of its subtree back as new tasks.
    Ctrl-C cancels the tasks and raises KeyboardInterrupt.

    >>> from exactcover import ExactCover
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> queens = {(i, j): [('row', i), ('col', j), ('diag', i + j), ('anti', i - j)]
    ...           for i in range(8) for j in range(8)}
    >>> diagonals = {c for cs in queens.values() for c in cs if c[0] in ('diag', 'anti')}
    >>> with ThreadPoolExecutor(2) as pool:
    ...     count_distributed(ExactCover(queens, secondary=diagonals), executor=pool)
    92
    """
    if isinstance(task_seconds, bool) or not isinstance(task_seconds, (int, float)):
        raise TypeError(f"task_seconds must be a number, not {type(task_seconds).__name__}")
    if not task_seconds > 0:
        raise ValueError(f"task_seconds must be positive, not {task_seconds}")
    workers = optional_whole("workers", workers, minimum=1)
    if client is not None and executor is not None:
        raise ValueError("count_distributed() takes client or executor, not both")
    spec = _spec_of(problem)
    digest = problem_digest(spec)
    log = _Checkpoint(checkpoint, digest) if checkpoint is not None else None
    # The tasks of this count share memos within a process; another count's
    # tasks (even of the same problem) start afresh.
    run = os.urandom(8).hex()
    owned: list[Any] = []
    try:
        if client is None and executor is None:
            n = workers or os.cpu_count() or 1
            try:
                dask_distributed = _optional("distributed")
            except ImportError:
                executor = concurrent.futures.ProcessPoolExecutor(
                    n, initializer=_install, initargs=(digest, spec)
                )
                owned.append(executor)
                submit, slots = _executor_backend(executor, (digest, None), run), n
            else:
                import logging

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
                submit, slots = _dask_backend(client, digest, spec, run)
        elif client is not None:
            submit, slots = _dask_backend(client, digest, spec, run)
        else:
            assert executor is not None
            slots = getattr(executor, "_max_workers", None) or os.cpu_count() or 1
            submit = _executor_backend(executor, (digest, spec), run)
        return _drive(submit, slots, spec, log, progress, float(task_seconds))
    finally:
        if log is not None:
            log.close()
        for thing in reversed(owned):
            if isinstance(thing, concurrent.futures.Executor):
                thing.shutdown(wait=True, cancel_futures=True)
            else:
                thing.close()


#: Submits a task for a subtree with a time budget and a number of pieces
#: to cut its rest into (see :func:`count_subtree`); returns its future.
_Submit = Callable[[_Ids, float, int], Any]


def _executor_backend(
    executor: concurrent.futures.Executor, problem: tuple[str, _Spec | None], run: str
) -> _Submit:
    def submit(subtree: _Ids, seconds: float, pieces: int) -> Any:
        return executor.submit(count_subtree, problem, subtree, seconds, pieces, run)

    return submit


def _dask_backend(client: Any, digest: str, spec: _Spec, run: str) -> tuple[_Submit, int]:
    # The problem goes to every worker once; tasks refer to it.
    [problem] = client.scatter([(digest, spec)], broadcast=True, hash=False)
    slots = max(1, sum(client.nthreads().values()))

    def submit(subtree: _Ids, seconds: float, pieces: int) -> Any:
        return client.submit(count_subtree, problem, subtree, seconds, pieces, run, pure=False)

    return submit, slots


def _drive(
    submit: _Submit,
    slots: int,
    spec: _Spec,
    log: _Checkpoint | None,
    progress: bool,
    task_seconds: float,
) -> int:
    """Run tasks until no subtree is left; returns the total. At most a few
    tasks per worker are submitted at a time; the others wait here, newest
    first (depth first: they are the smaller ones)."""
    total = 0
    done = 0
    todo: list[_Ids] = [(list(spec[4]), [])]
    if log is not None:
        total = sum(log.counts.values())
        done = len(log.counts)
        todo += log.children
        todo = [t for t in todo if _key(t) not in log.counts]
    running: dict[Any, _Ids] = {}
    finished: queue.SimpleQueue[Any] = queue.SimpleQueue()
    bar = _bar(progress)

    def launch() -> None:
        while todo and len(running) < _QUEUE_PER_WORKER * slots:
            subtree = todo.pop()
            crowded = len(todo) + len(running) >= _QUEUE_PER_WORKER * slots
            seconds = task_seconds if crowded else min(task_seconds, _SHORT_SECONDS)
            # Cut a straggler's rest only when work is short: while enough
            # subtrees wait, each task more costs the scheduler for nothing.
            short = slots > 1 and len(todo) < slots
            future = submit(subtree, seconds, _PIECES_PER_WORKER * slots if short else 1)
            running[future] = subtree
            future.add_done_callback(finished.put)

    try:
        launch()
        while running:
            try:
                future = finished.get(timeout=0.1)
            except queue.Empty:
                continue  # a chance for Ctrl-C
            subtree = running.pop(future)
            found, rest, _nodes = future.result()
            total += found
            done += 1
            if log is not None:
                log.record(subtree, found, rest)
            todo.extend((list(f), list(e)) for f, e in rest)
            launch()
            if bar is not None:
                bar.total = done + len(running) + len(todo)
                bar.n = done
                bar.set_postfix(solutions=total, refresh=False)
                bar.refresh()
    except BaseException:
        for future in running:
            future.cancel()
        raise
    finally:
        if bar is not None:
            bar.close()
    return total


def _optional(name: str) -> Any:
    """An optional dependency (Dask, tqdm), untyped; ImportError if absent."""
    return importlib.import_module(name)


def _bar(progress: bool) -> Any:
    if not progress:
        return None
    try:
        tqdm = _optional("tqdm.auto").tqdm
    except ImportError:
        raise ImportError(
            "progress=True needs tqdm: pip install 'exactcover-dlx[dask]' (or tqdm)"
        ) from None
    return tqdm(total=1, unit="subtree", desc="counting", dynamic_ncols=True)
