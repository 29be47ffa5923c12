"""Counting on many processes or machines: a Dask cluster, or any
`concurrent.futures` executor.

`count_distributed()` cuts the search tree into subtrees (plain lists of
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

Tasks memoize as `count()` does, and the tasks of one count in one worker
process lend each other their memo (at most 256 MiB for each worker thread,
kept until that process's next count): a memo changes how long a task
takes, never what it returns. So counts far past what enumeration reaches
(the domino tilings of a 14 x 14 board, 1.1 x 10^23) work here too.

Needs `pip install 'exactcover-dlx[dask]'` for Dask and the progress bar; a
`concurrent.futures` executor (e.g. a process pool) needs nothing more.
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import importlib
import json
import os
import queue
import stat
from typing import IO, Any, Callable, List, NoReturn, Optional, Tuple

from ._arguments import optional_whole
from ._native import Solver as _Solver

__all__ = ["count_distributed", "CheckpointError", "TASK_SECONDS"]

#: A subtree as plain data: (forced option ids, excluded option ids).
_Ids = Tuple[List[int], List[int]]
#: A problem as plain data: (items, options, seed, colors, initial choices,
#: engine).
_Spec = Tuple[Any, Any, Optional[int], Any, List[int], str]

TASK_SECONDS = 1.0
"""Seconds a task counts, by default, before it hands back the rest of its
subtree (`count_distributed(task_seconds=...)`)."""
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
    """A checkpoint file cannot be used: written for another problem, not a
    checkpoint file (which is then left as it was), or not to be opened.
    The message names the path."""


# -- the problem as plain data ------------------------------------------------


def _spec_of(problem: Any) -> _Spec:
    """The plain data of an `ExactCover`, `MultiCover`, `DlxProblem` or the
    iterator of its solutions.

    Raises:
        TypeError: If `problem` is none of those.
        ValueError: If it has started searching.
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
    if problem.stats["nodes"] > 0:
        raise ValueError("count_distributed() needs a problem that has not started searching")
    items, options, seed, colors, forced, engine = spec
    return (
        [[bool(primary), int(lo), int(hi)] for primary, lo, hi in items],
        [list(option) for option in options],
        seed,
        None if not colors else [list(c) for c in colors],
        list(forced),
        engine,
    )


def problem_digest(spec: _Spec) -> str:
    """A digest of a problem's plain data, which identifies the problem in a
    checkpoint file.

    Args:
        spec: The problem as plain data (JSON types only).

    Returns:
        The SHA-256 of its JSON text, in hex: the same for the same problem,
        built anywhere.
    """
    # The engine names how to search, not the problem: the engine the
    # problem picks by itself leaves the digest as before there was one.
    if len(spec) > 5 and spec[5] == "auto":
        spec = spec[:5]  # type: ignore[assignment]
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
        items, options, seed, colors, _, engine = spec
        if len(_BUILT) >= 4:
            _BUILT.clear()
            _VERDICTS.clear()
        solver = _BUILT[digest] = _Solver(
            [tuple(item) for item in items],
            options,
            seed,
            None if colors is None else [tuple(c) for c in colors],
            engine,
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
) -> tuple[int, list[_Ids], dict[str, int]]:
    """A task: count the solutions of a subtree for a while.

    The rest is one subtree per level of the search where it stopped; the
    shallowest holds the siblings still to come near the top, usually most
    of the work. With `pieces` above 1 that one is cut further, into at
    least `pieces` subtrees, so that a long task hands back work that
    several workers can share rather than one big piece that would keep a
    single worker busy while the others wait.

    Tasks memoize as `count()` does, and the tasks of one `run` (one count)
    in one process share their memo: each lends the next the sub-problems it
    solved (a memo per task alone gains nothing: the sub-problems met again
    lie in different subtrees). A process keeps the memos of its latest run
    only. The first task to find whether the memo pays decides for the
    process's later tasks of the same problem.

    Args:
        problem: The problem's digest and plain data (None if installed in
            this process).
        subtree: The subtree: forced and excluded option ids.
        seconds: About how long to count.
        pieces: Cut the shallowest subtree of the rest into at least this
            many.
        run: The id of the count this task belongs to.

    Returns:
        The count, the unexplored rest as subtrees, and the task's figures:
        the `nodes` and `updates` of its search.
    """
    global _LENT
    digest, spec = problem
    solver = _built(digest, spec).copy()
    forced, excluded = subtree
    if not solver.restrict(list(forced), list(excluded)):
        return 0, [], {"nodes": 0, "updates": 0}
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
    stats = solver.stats
    return found, rest, {"nodes": stats["nodes"], "updates": stats["updates"]}


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
    problem, then one JSON line per finished task (its subtree, count and
    the subtrees it handed back).

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
                forced, excluded = record["subtree"]
                count = record["count"]
                rest = [(list(f), list(e)) for f, e in record["rest"]]
                # Files written before the figures were recorded lack them.
                figures = {name: record.get(name, 0) for name in self.figures}
                if not all(isinstance(n, int) for n in (count, *figures.values())):
                    raise TypeError(count)
            except (ValueError, TypeError, KeyError):
                if number == len(lines):
                    break  # torn, though its newline reached the disk
                raise CheckpointError(
                    f"{self.path}:{number}: not a line of an exactcover checkpoint file"
                ) from None
            self.counts[_key((forced, excluded))] = count
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

    def record(self, subtree: _Ids, count: int, rest: list[_Ids], figures: dict[str, int]) -> None:
        """Appends a finished task, as one line on the disk.

        Args:
            subtree: The task's subtree.
            count: Its solutions.
            rest: The subtrees it handed back.
            figures: Its `nodes` and `updates`.
        """
        self._append(
            _line(
                {
                    "subtree": [list(subtree[0]), list(subtree[1])],
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
    checkpoint: str | os.PathLike[str] | None = None,
    progress: bool = False,
    task_seconds: float = TASK_SECONDS,
    stats: dict[str, int] | None = None,
) -> int:
    """Count the solutions of a problem on many processes or machines.

    The tasks run

    * on `client`, a `dask.distributed.Client` (of any cluster), or
    * on `executor`, any `concurrent.futures.Executor` (e.g. a
      `ProcessPoolExecutor`; the problem then travels with every task), or
    * with neither, on a Dask `LocalCluster` of `workers` processes
      (default: one per core) started for this count, or on a process pool if
      Dask is not installed.

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
        problem: An `ExactCover`, `MultiCover` or `DlxProblem` (or the
            iterator of its solutions) that has not started searching. It is
            not consumed; its constraints mapping must not have changed since
            it was built.
        client: A `dask.distributed.Client` to run the tasks on.
        executor: A `concurrent.futures.Executor` to run the tasks on.
        workers: The number of worker processes to start when neither
            `client` nor `executor` is given (default: one per core).
        checkpoint: A file that records every finished subtree as it
            arrives; counting again with the same file resumes where the
            count stopped (a crash, Ctrl-C).
        progress: Show a progress bar (tqdm): subtrees done, subtrees
            waiting, solutions so far.
        task_seconds: About how long a task counts before handing the rest
            of its subtree back as new tasks.
        stats: A dict that receives the figures of the count as they come,
            summed exactly (Python ints, at any size) over the finished
            tasks, those of the checkpoint resumed included: `solutions`,
            `nodes`, `updates` and `tasks`. After Ctrl-C it holds those of
            the tasks that finished.

    Returns:
        The number of solutions.

    Raises:
        CheckpointError: If `checkpoint` was written for another problem, or
            is not a checkpoint file: an existing file is written to only if
            it is empty or begins with this problem's header, and is left as
            it was otherwise (a directory, a file that cannot be opened or
            created, too).
        TypeError: If `problem` is none of the above, `task_seconds` is not
            a number, or `stats` is not a dict.
        ValueError: If `problem` has started searching, `task_seconds` is
            not positive, `workers` is below 1, or both `client` and
            `executor` are given.
        ImportError: If `progress=True` and tqdm is not installed.
    """
    if isinstance(task_seconds, bool) or not isinstance(task_seconds, (int, float)):
        raise TypeError(f"task_seconds must be a number, not {type(task_seconds).__name__}")
    if not task_seconds > 0:
        raise ValueError(f"task_seconds must be positive, not {task_seconds}")
    workers = optional_whole("workers", workers, minimum=1)
    if client is not None and executor is not None:
        raise ValueError("count_distributed() takes client or executor, not both")
    if stats is not None and not isinstance(stats, dict):
        raise TypeError(f"stats must be a dict, not {type(stats).__name__}")
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
        figures = stats if stats is not None else {}
        return _drive(submit, slots, spec, log, progress, float(task_seconds), figures)
    finally:
        if log is not None:
            log.close()
        for thing in reversed(owned):
            if isinstance(thing, concurrent.futures.Executor):
                thing.shutdown(wait=True, cancel_futures=True)
            else:
                thing.close()


#: Submits a task for a subtree with a time budget and a number of pieces
#: to cut its rest into (see `count_subtree()`); returns its future.
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
    figures: dict[str, int],
) -> int:
    """Run tasks until no subtree is left; returns the total, and keeps
    ``figures`` (solutions, nodes, updates, tasks) summed over the finished
    tasks. At most a few tasks per worker are submitted at a time; the
    others wait here, newest first (depth first: they are the smaller
    ones)."""
    total = 0
    done = 0
    nodes = updates = 0
    todo: list[_Ids] = [(list(spec[4]), [])]
    if log is not None:
        total = sum(log.counts.values())
        done = len(log.counts)
        nodes, updates = log.figures["nodes"], log.figures["updates"]
        todo += log.children
        todo = [t for t in todo if _key(t) not in log.counts]
    figures.clear()
    figures.update(solutions=total, nodes=nodes, updates=updates, tasks=done)
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
            found, rest, task = future.result()
            total += found
            done += 1
            figures["solutions"] = total
            figures["nodes"] += task["nodes"]
            figures["updates"] += task["updates"]
            figures["tasks"] = done
            if log is not None:
                log.record(subtree, found, rest, task)
            todo.extend((list(f), list(e)) for f, e in rest)
            launch()
            if bar is not None:
                bar.total = done + len(running) + len(todo)
                bar.n = done
                # A str: tqdm would round a number (1.12e+23); the count is exact.
                bar.set_postfix(solutions=str(total), refresh=False)
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
