"""Counting on a Dask cluster and on executors (issue 12): exact totals,
faults, Ctrl-C, checkpoints. One LocalCluster of two worker processes serves
the whole module."""

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from types import SimpleNamespace

import pytest
from conftest import (
    brute_force,
    count_in_background,
    problems,
    queens_cover,
    queens_problem,
    swept_problems,
)
from exactcover import DlxProblem, ExactCover, MultiCover, SearchTimeout
from exactcover import distributed as _distributed
from exactcover.distributed import CheckpointError, count_distributed
from exactcover.polyomino import PENTOMINOES, encode_polyominoes, polyomino
from exactcover.queens import queens
from exactcover.queens import queens_2n as two_queens
from exactcover.search import MAX_THREADS
from hypothesis import given, settings
from hypothesis import strategies as st

distributed = pytest.importorskip("distributed")


@contextlib.contextmanager
def _cluster(workers, threads=1, **options):
    """A LocalCluster of `workers` worker processes of `threads` Dask threads
    (`options` to the LocalCluster too), and its client."""
    import logging

    with (
        distributed.LocalCluster(
            n_workers=workers,
            threads_per_worker=threads,
            processes=True,
            dashboard_address=":0",
            silence_logs=logging.ERROR,
            **options,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client


@pytest.fixture(scope="module")
def client():
    """One cluster of two workers for the module; no test kills a worker on it."""
    with _cluster(2) as client:
        yield client


#: The workers of a cluster a test kills workers on.
_OWN_WORKERS = 3


@pytest.fixture
def own_client():
    """A cluster of three workers for a test that kills workers: one is never
    killed, so the count ends whether or not the nannies start the others
    again (Dask's part: once, on a loaded CI machine, a nanny did not)."""
    with _cluster(_OWN_WORKERS) as client:
        yield client


def _colored():
    # Word-square-like: primary cells, secondary letters with colors.
    words = ["ab", "ba", "aa", "bb", "ab"]
    choices = {}
    for r in range(2):
        for k, w in enumerate(words):
            choices[("row", r, k)] = {("row", r): None, **{("cell", r, c): w[c] for c in range(2)}}
    for c in range(2):
        for k, w in enumerate(words):
            choices[("col", c, k)] = {("col", c): None, **{("cell", r, c): w[r] for r in range(2)}}
    secondary = [("cell", r, c) for r in range(2) for c in range(2)]
    return lambda: ExactCover(choices, secondary=secondary)


#: Problems of each kind of item, by name: each call makes a fresh one.
_KINDS = {
    "secondary": lambda: queens(8),
    "multiplicities": lambda: two_queens(5),
    "colors": _colored(),
    "initial": lambda: queens_cover(8, initial=[(0, 0)]),
}


@pytest.mark.parametrize(
    "make",
    [
        *_KINDS.values(),
        lambda: MultiCover({i: ["x", i % 3] for i in range(9)}, counts={"x": 3, 0: 1, 1: 1, 2: 1}),
    ],
    ids=[*_KINDS, "multicover"],
)
def test_dask_counts_equal_count(client, make):
    expected = make().count()
    assert expected > 0
    # Tiny task times on the workers: the subtrees are cut again and again.
    stats = {}
    total = count_distributed(
        make(), client=client, task_seconds=0.001, local_seconds=0, stats=stats
    )
    assert (total, stats["path"]) == (expected, "workers")
    # Tasks of two threads each, sharing their subtree.
    with ThreadPoolExecutor(2) as pool:
        total = count_distributed(
            make(), executor=pool, task_seconds=0.001, local_seconds=0, threads=2
        )
    assert total == expected
    # A count this short runs here, on threads, and says so.
    stats = {}
    assert count_distributed(make(), client=client, stats=stats) == expected
    assert stats["path"] == "local"
    assert stats["solutions"] == expected


def test_dlx_problem_on_a_process_pool():
    from concurrent.futures import ProcessPoolExecutor

    data, diagonals = queens_problem(9)
    problem = DlxProblem.from_constraints(data, secondary=diagonals)
    expected = problem.count()
    assert expected == 352
    with ProcessPoolExecutor(2) as pool:
        assert count_distributed(problem, executor=pool, task_seconds=0.002) == expected


@pytest.mark.parametrize(
    "make",
    [*_KINDS.values(), lambda: queens_cover(8).restrict(([(1, 3)], [(0, 0)]))],
    ids=[*_KINDS, "restricted"],
)
def test_a_started_search_counts_the_solutions_it_has_still_to_give(make):
    # Solutions taken one by one, a count stopped by its limit, one stopped
    # by its timeout: count_distributed() counts the rest, as count() would,
    # and leaves the iterator as it was (the rest still to give).
    whole = {frozenset(s) for s in make()}
    assert whole
    with ThreadPoolExecutor(2) as pool:
        for start in ("next", "limit", "timeout", "all"):
            search = make()
            taken = set()
            if start == "next":
                taken = {frozenset(next(search)) for _ in range(min(3, len(whole)))}
                before = len(taken)
            elif start == "limit":
                before = search.count(limit=2)
            elif start == "timeout":
                try:
                    before = search.count(timeout=0.0)
                except SearchTimeout as stopped:
                    before = stopped.count
            else:
                taken = {frozenset(s) for s in search}
                before = len(taken)
            stats = {}
            rest = count_distributed(
                search, executor=pool, task_seconds=0.001, local_seconds=0, stats=stats
            )
            left = {frozenset(s) for s in search}
            assert rest == len(left) == len(whole) - before, start
            assert left <= whole and not left & taken, start
            if start == "all":
                assert (rest, stats["path"]) == (0, "local")


def test_a_started_search_counts_its_rest_on_dask_and_from_a_checkpoint(client, tmp_path):
    # On the workers, and resumed from the checkpoint of the rest, which is
    # not the whole problem's: a fresh iterator is another count.
    search = queens(8)
    first = [next(search) for _ in range(10)]
    path = tmp_path / "rest.ckpt"
    assert count_distributed(search, client=client, task_seconds=0.001, local_seconds=0) == 82
    assert count_distributed(search, client=client, local_seconds=0, checkpoint=path) == 82
    assert count_distributed(search, client=client, local_seconds=0, checkpoint=path) == 82
    with pytest.raises(CheckpointError, match="written for a different problem"):
        count_distributed(queens(8), client=client, checkpoint=path)
    assert len(first) + len(list(search)) == 92


def test_a_search_on_threads_under_way_is_refused():
    search = queens(6)
    stream = search.solutions(threads=2)
    next(stream)
    with pytest.raises(ValueError, match="close that iterator"):
        count_distributed(search, executor=ThreadPoolExecutor(1))
    stream.close()
    assert count_distributed(search, executor=ThreadPoolExecutor(1)) == 3
    with pytest.raises(TypeError, match="ExactCover, MultiCover"):
        count_distributed({"a": [1]}, executor=ThreadPoolExecutor(1))


def test_a_worker_killed_mid_count_gives_the_exact_total(own_client):
    victim = sorted(own_client.run(os.getpid).items())[0][1]
    # 15-queens on one thread a task: seconds of work on any machine.
    thread, result, _ = count_in_background(
        queens(15), client=own_client, task_seconds=0.05, local_seconds=0, threads=1
    )
    time.sleep(0.4)
    assert thread.is_alive(), "the count ended before the worker could be killed"
    os.kill(victim, signal.SIGKILL)
    thread.join(120)
    assert result == [2279184]
    # The worker really died.
    assert victim not in own_client.run(os.getpid).values()


def _worker_pids(client, timeout=180):
    """The pids of the worker processes of an `own_client` cluster, once all
    are up."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            pids = client.run(os.getpid)
        except Exception:
            pids = {}
        if len(pids) == _OWN_WORKERS:
            return sorted(pids.values())
        time.sleep(0.2)
    pytest.fail(f"the cluster does not have its {_OWN_WORKERS} workers")


def test_workers_killed_during_a_checkpointed_count_lose_nothing(own_client, tmp_path):
    # Two of the three workers killed one after the other: the lost tasks
    # run again, and the checkpoint holds each subtree once.
    # 15-queens on one thread a task: long enough (seconds) on any machine
    # for both kills to land mid-count.
    path = tmp_path / "count.ckpt"
    thread, result, errors = count_in_background(
        queens(15),
        client=own_client,
        checkpoint=path,
        task_seconds=0.05,
        local_seconds=0,
        threads=1,
    )
    pids = _worker_pids(own_client)
    victims = []
    for _ in range(2):
        # Kill once the count has finished a few tasks since the last kill.
        lines = len(path.read_bytes().split(b"\n")) if path.exists() else 0
        deadline = time.monotonic() + 30
        while thread.is_alive() and time.monotonic() < deadline:
            if path.exists() and len(path.read_bytes().split(b"\n")) > lines + 3:
                break
            time.sleep(0.01)
        assert thread.is_alive(), "the count ended before a worker could be killed"
        victim = pids[len(victims)]
        os.kill(victim, signal.SIGKILL)
        victims.append(victim)
    thread.join(180)
    assert not errors, errors
    assert result == [2279184]
    records = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    assert sum(r["count"] for r in records) == 2279184
    keys = [json.dumps(s) for r in records for s in r.get("subtrees", [r.get("subtree")])]
    assert len(keys) == len(set(keys))
    # The victims are gone (their nannies start new processes, which may
    # take a while on a loaded machine: that is Dask's part, not tested).
    assert not set(victims) & set(own_client.run(os.getpid).values())
    # The finished checkpoint alone gives the total again.
    assert count_distributed(queens(15), client=own_client, checkpoint=path) == 2279184


class _InterruptAfter(ThreadPoolExecutor):
    """An executor that raises KeyboardInterrupt (as Ctrl-C would) once
    `n` tasks have been submitted."""

    def __init__(self, n):
        super().__init__(2)
        self.n = n
        self.submitted = []

    def submit(self, fn, *args, **kwargs):
        if len(self.submitted) == self.n:
            raise KeyboardInterrupt
        future = super().submit(fn, *args, **kwargs)
        self.submitted.append(future)
        return future


def test_ctrl_c_cancels_and_a_checkpoint_resumes(tmp_path):
    path = tmp_path / "count.ckpt"
    expected = 73712
    with _InterruptAfter(12) as pool, pytest.raises(KeyboardInterrupt):
        count_distributed(
            queens(13), executor=pool, checkpoint=path, task_seconds=0.005, local_seconds=0
        )
    lines = path.read_text().splitlines()
    assert json.loads(lines[0])["exactcover_checkpoint"] == 1
    finished = len(lines) - 1
    assert 1 <= finished <= 12
    # Every task still queued was cancelled (only running ones could finish).
    assert all(f.cancelled() or f.running() or f.done() for f in pool.submitted)
    # A crash tears the last line: it is ignored.
    with open(path, "a") as f:
        f.write('{"subtree": [[1, 2')
    with ThreadPoolExecutor(2) as pool:
        again = count_distributed(queens(13), executor=pool, checkpoint=path, task_seconds=0.005)
    assert again == expected
    records = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    # The first run's subtrees were not counted again.
    keys = [json.dumps(s) for r in records for s in r.get("subtrees", [r.get("subtree")])]
    assert len(keys) == len(set(keys))
    assert sum(r["count"] for r in records) == expected
    # And once everything is in the file, nothing runs at all.
    with _InterruptAfter(0) as pool:
        assert count_distributed(queens(13), executor=pool, checkpoint=path) == expected


def test_a_checkpoint_of_another_problem_is_refused(tmp_path):
    path = tmp_path / "count.ckpt"
    with ThreadPoolExecutor(2) as pool:
        assert count_distributed(queens(6), executor=pool, checkpoint=path) == 4
        with pytest.raises(CheckpointError, match="different problem"):
            count_distributed(queens(7), executor=pool, checkpoint=path)
        # The same problem in a random order is another search tree.
        with pytest.raises(CheckpointError, match="different problem"):
            count_distributed(queens(6, seed=3), executor=pool, checkpoint=path)
    other = tmp_path / "notes.txt"
    other.write_text("hello\n")
    with pytest.raises(CheckpointError, match="not an exactcover checkpoint"):
        count_distributed(queens(6), executor=ThreadPoolExecutor(1), checkpoint=other)
    assert other.read_text() == "hello\n"


def test_argument_errors():
    with pytest.raises(ValueError, match="task_seconds must be positive"):
        count_distributed(queens(6), executor=ThreadPoolExecutor(1), task_seconds=0)
    # Too large a negative number for a float is -inf, not inf.
    with pytest.raises(ValueError, match="task_seconds must be positive, not -inf"):
        count_distributed(queens(6), executor=ThreadPoolExecutor(1), task_seconds=-(10**400))
    with pytest.raises(ValueError, match="workers must be at least 1"):
        count_distributed(queens(6), workers=0)
    # As count()'s: was OverflowError "int too big to convert" from a task.
    for threads in (2**70, MAX_THREADS + 1):
        with pytest.raises(ValueError, match=f"threads must be at most {MAX_THREADS}"):
            count_distributed(
                queens(6), executor=ThreadPoolExecutor(1), threads=threads, local_seconds=0
            )
    with pytest.raises(ValueError, match="client or executor, not both"):
        count_distributed(queens(6), client=object(), executor=ThreadPoolExecutor(1))
    with pytest.raises(TypeError, match="task_seconds must be a number, not str"):
        count_distributed(queens(6), executor=ThreadPoolExecutor(1), task_seconds="1")
    with pytest.raises(TypeError, match="local_seconds must be a number, not bool"):
        count_distributed(queens(6), executor=ThreadPoolExecutor(1), local_seconds=True)
    # Not a path: was os.fspath's TypeError "expected str, bytes or
    # os.PathLike object, not int", naming no argument.
    for checkpoint in (123, ["count.ckpt"]):
        with pytest.raises(TypeError, match=r"checkpoint must be a path .* not (int|list)$"):
            count_distributed(queens(6), executor=ThreadPoolExecutor(1), checkpoint=checkpoint)
    with pytest.raises(ValueError, match="checkpoint must be a path without NUL"):
        count_distributed(queens(6), executor=ThreadPoolExecutor(1), checkpoint="count\0.ckpt")
    # Any real number (a Fraction); one too large for a float is inf.
    with ThreadPoolExecutor(2) as pool:
        for task_seconds, local_seconds in ((Fraction(1, 100), Fraction(0)), (1, 10**400)):
            stats = {}
            assert (
                count_distributed(
                    queens(6),
                    executor=pool,
                    task_seconds=task_seconds,
                    local_seconds=local_seconds,
                    stats=stats,
                )
                == 4
            )
            assert stats["path"] == ("workers" if local_seconds == 0 else "local")


def test_cli_counts_with_workers_and_a_checkpoint(tmp_path, client):
    data, diagonals = queens_problem(8)
    problem = DlxProblem.from_constraints(data, secondary=diagonals)
    dlx = tmp_path / "queens.dlx"
    dlx.write_text(problem.to_dlx())
    expected = problem.count()
    ckpt = tmp_path / "queens.ckpt"
    address = client.scheduler.address
    command = [sys.executable, "-m", "exactcover", "solve", "--count", str(dlx)]
    result = subprocess.run(
        [*command, "--scheduler", address, "--checkpoint", str(ckpt)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"{expected}\n" == "92\n"
    assert ckpt.read_text().startswith('{"exactcover_checkpoint"')
    # Resumed from the finished checkpoint: the same total.
    result = subprocess.run(
        [*command, "--scheduler", address, "--checkpoint", str(ckpt)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.stdout == f"{expected}\n"


@pytest.mark.parametrize(
    "local, where", [([], ", here"), (["--local-seconds", "0"], ", on 2 workers")]
)
def test_cli_stats_of_a_distributed_count_are_the_tasks_figures(tmp_path, client, local, where):
    # --stats after --scheduler: the figures summed over the tasks (they once
    # read "0 solutions, 0 nodes, 0 updates"), and where the count ran (a
    # short count here, unless --local-seconds 0).
    data, diagonals = queens_problem(8)
    dlx = tmp_path / "queens.dlx"
    dlx.write_text(DlxProblem.from_constraints(data, secondary=diagonals).to_dlx())
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "exactcover",
            "solve",
            "--count",
            "--stats",
            str(dlx),
            "--scheduler",
            client.scheduler.address,
            "--no-progress",
            *local,
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == "92\n"
    figures = re.search(r"^92 solutions, (\d+) nodes, (\d+) updates, ", result.stderr, re.M)
    assert figures is not None, result.stderr
    assert int(figures.group(2)) > int(figures.group(1)) > 92
    assert result.stderr.rstrip().endswith(where)


def test_cli_local_seconds_errors(tmp_path, capsys):
    from exactcover import cli

    dlx = tmp_path / "queens.dlx"
    data, diagonals = queens_problem(4)
    dlx.write_text(DlxProblem.from_constraints(data, secondary=diagonals).to_dlx())
    for args, message in (
        (["--local-seconds", "0"], "--local-seconds needs --workers, --scheduler or --checkpoint"),
        (["--workers", "1", "--local-seconds", "-1"], "must be 0 or more seconds, not -1"),
        (["--workers", "1", "--local-seconds", "nan"], "must be 0 or more seconds, not nan"),
        (["--workers", "1", "--local-seconds", "soon"], "expected a number of seconds, not 'soon'"),
        # Empty: was no option at all (a count without its checkpoint, here).
        (["--checkpoint", ""], "--checkpoint needs a file name, not an empty one"),
        (["--scheduler", ""], "--scheduler needs an address, not an empty one"),
        (["--workers", "1", "--checkpoint", ""], "--checkpoint needs a file name"),
    ):
        with pytest.raises(SystemExit) as exited:
            cli.main(["solve", "--count", str(dlx), *args])
        assert exited.value.code == 2
        assert message in capsys.readouterr().err


@pytest.mark.parametrize("checkpoint", [False, True])
def test_cli_a_worker_process_that_dies_is_a_message(tmp_path, capsys, monkeypatch, checkpoint):
    # A worker of the process pool (--workers without Dask) killed, or out
    # of memory: was BrokenProcessPool's traceback, exit status 1.
    from concurrent.futures.process import BrokenProcessPool

    def broken(*args, **kwargs):
        raise BrokenProcessPool("A process in the process pool was terminated abruptly")

    _a_dead_worker_is_a_message(tmp_path, capsys, monkeypatch, checkpoint, broken)


def test_cli_a_task_that_kills_its_dask_workers_is_a_message(tmp_path, capsys, monkeypatch):
    # Dask gives up on a task that took its workers down again and again
    # (KilledWorker): was its traceback, exit status 1.
    from distributed import KilledWorker

    def killed(*args, **kwargs):
        raise KilledWorker("count-1", SimpleNamespace(address="tcp://10.0.0.7:4242"), 3)

    _a_dead_worker_is_a_message(tmp_path, capsys, monkeypatch, True, killed, "Attempted to run")


def _a_dead_worker_is_a_message(
    tmp_path, capsys, monkeypatch, checkpoint, broken, said="A process in the process pool was"
):
    from exactcover import cli

    monkeypatch.setattr(_distributed, "count_distributed", broken)
    dlx = tmp_path / "queens.dlx"
    data, diagonals = queens_problem(4)
    dlx.write_text(DlxProblem.from_constraints(data, secondary=diagonals).to_dlx())
    ckpt = tmp_path / "count.ckpt"
    extra = ["--checkpoint", str(ckpt)] if checkpoint else []
    assert cli.main(["solve", "--count", str(dlx), "--workers", "2", *extra]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert f"solve: error: a worker process died ({said}" in err
    if checkpoint:
        assert f"the finished subtrees are in {ckpt}: the same command resumes" in err
    else:
        assert "with --checkpoint FILE, the same command would resume the count" in err
    assert "Traceback" not in err


def test_the_problem_travels_as_plain_data_and_is_not_consumed():
    data, secondary = queens_problem(6)
    problem = ExactCover(data, secondary=secondary)
    with ThreadPoolExecutor(2) as pool:
        assert count_distributed(problem, executor=pool) == 4
        assert problem.count() == 4  # not consumed
        changed = ExactCover(data, secondary=secondary)
        data[("extra", 0)] = [("row", 0)]
        with pytest.raises(ValueError, match="constraints mapping has changed"):
            count_distributed(changed, executor=pool)
        # A choice's constraints changed: one more, or one fewer.
        for change in (list.append, list.pop):
            data, secondary = queens_problem(6)
            changed = ExactCover(data, secondary=secondary)
            change(data[(0, 0)], *([("row", 1)] if change is list.append else []))
            with pytest.raises(ValueError, match=r"has changed .*\(a choice's constraints\)"):
                count_distributed(changed, executor=pool)


def test_tasks_share_a_memo_and_count_past_two_to_the_64():
    # Domino tilings of 14 x 14 (A004003): no enumeration gets there; tasks
    # of 50 ms each, lending their memo to the next, do, exactly.
    from exactcover.dominoes import domino_tilings, rectangle

    with ThreadPoolExecutor(2) as pool:
        total = count_distributed(
            domino_tilings(rectangle(14, 14)), executor=pool, task_seconds=0.05, local_seconds=0
        )
    assert total == 112202208776036178000000


def test_a_memo_is_lent_once_and_only_to_a_problem_of_its_size():
    from exactcover.dominoes import domino_tilings, rectangle

    first = domino_tilings(rectangle(4, 4))._solver
    assert first.count(memo=True)[0] == 36
    memo = first.take_memo()
    assert memo is not None and memo.entries > 0
    assert not domino_tilings(rectangle(4, 6))._solver.lend_memo(memo)
    assert memo.entries == 0
    with pytest.raises(ValueError, match="lent already"):
        domino_tilings(rectangle(4, 4))._solver.lend_memo(memo)
    # Lent to a search of the same problem under another root, it counts
    # right: the subtrees with and without option 0 add up.
    whole = domino_tilings(rectangle(4, 4))._solver
    whole.count(memo=True)[0]
    with_first = domino_tilings(rectangle(4, 4))._solver
    assert with_first.restrict([0], [])
    assert with_first.lend_memo(whole.take_memo(), True)
    first_part = with_first.count(memo=True)[0]
    without_first = domino_tilings(rectangle(4, 4))._solver
    assert without_first.restrict([], [0])
    assert without_first.lend_memo(with_first.take_memo(), True)
    assert first_part + without_first.count(memo=True)[0] == 36
    assert 0 < first_part < 36


TILINGS_14 = 112202208776036178000000  # domino tilings of 14 x 14 (A004003), past 2^64


def test_the_stats_of_a_count_past_two_to_the_64_are_exact(capsys):
    from exactcover.dominoes import domino_tilings, rectangle

    stats = {"stale": 1}
    with ThreadPoolExecutor(2) as pool:
        total = count_distributed(
            domino_tilings(rectangle(14, 14)),
            executor=pool,
            task_seconds=0.02,
            local_seconds=0,
            stats=stats,
            progress=True,
        )
    assert total == TILINGS_14 > 2**64
    assert set(stats) == {
        "solutions",
        "nodes",
        "updates",
        "tasks",
        "path",
        "estimate",
        "cpu",
        "order",
        "workers",
    }
    assert (stats["path"], stats["workers"]) == ("workers", 2)
    assert stats["solutions"] == TILINGS_14
    assert type(stats["solutions"]) is int
    assert stats["tasks"] > 1
    assert stats["updates"] > stats["nodes"] > 0
    # The progress bar's last figure is the exact total too.
    assert f"{TILINGS_14} solutions" in capsys.readouterr().err  # the plain line, in full


def test_stats_past_two_to_the_64_resumed_from_a_checkpoint(tmp_path):
    from exactcover.dominoes import domino_tilings, rectangle

    path = tmp_path / "count.ckpt"
    partial = {}
    with _InterruptAfter(12) as pool, pytest.raises(KeyboardInterrupt):
        count_distributed(
            domino_tilings(rectangle(14, 14)),
            executor=pool,
            checkpoint=path,
            task_seconds=0.005,
            local_seconds=0,
            stats=partial,
        )
    # After Ctrl-C: the figures of the tasks that finished, as in the file.
    records = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    assert partial["tasks"] == len(records) > 0
    assert partial["solutions"] == sum(r["count"] for r in records) < TILINGS_14
    assert partial["nodes"] == sum(r["nodes"] for r in records) > 0
    resumed = {}
    with ThreadPoolExecutor(2) as pool:
        total = count_distributed(
            domino_tilings(rectangle(14, 14)),
            executor=pool,
            checkpoint=path,
            task_seconds=0.02,
            stats=resumed,
        )
    assert total == resumed["solutions"] == TILINGS_14
    records = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    assert sum(r["count"] for r in records) == TILINGS_14
    # The figures cover the tasks of both runs, read back from the file.
    assert resumed["tasks"] == len(records)
    assert resumed["nodes"] == sum(r["nodes"] for r in records) > partial["nodes"]
    assert resumed["updates"] == sum(r["updates"] for r in records)
    # A finished checkpoint gives them all again, running nothing.
    again = {}
    with _InterruptAfter(0) as pool:
        assert (
            count_distributed(
                domino_tilings(rectangle(14, 14)), executor=pool, checkpoint=path, stats=again
            )
            == TILINGS_14
        )
    # (All but the CPU time: none was spent this time, on no worker.)
    assert again.pop("cpu") == 0.0 < resumed.pop("cpu")
    assert (again.pop("path"), resumed.pop("path"), resumed.pop("workers")) == (
        "local",
        "workers",
        2,
    )
    assert again == resumed


def test_stats_of_a_small_count_and_their_errors():
    stats = {}
    with ThreadPoolExecutor(2) as pool:
        assert (
            count_distributed(
                queens(8), executor=pool, task_seconds=0.001, local_seconds=0, stats=stats
            )
            == 92
        )
        assert stats["solutions"] == 92
        with pytest.raises(TypeError, match="stats must be a dict, not list"):
            count_distributed(queens(8), executor=pool, stats=[])
    with pytest.raises(
        TypeError, match=r"executor must be a concurrent\.futures\.Executor, not object"
    ):
        count_distributed(queens(8), executor=object(), local_seconds=0)
    with pytest.raises(
        TypeError, match=r"Client, not str \(a scheduler's address: client=Client\('tcp:"
    ):
        count_distributed(queens(8), client="tcp://127.0.0.1:8786", local_seconds=0)


def _with_brute_force(problem, secondary):
    """A random problem (`problems()`), some of its items secondary: a
    maker of its `ExactCover`, and its count by brute force."""
    universe, choices = problem
    secondary = [x for x in secondary if x in universe]
    used = {x for cons in choices.values() for x in cons}
    bounds = {x: ((0, 1) if x in secondary else (1, 1)) for x in used}
    expected = len(brute_force(choices, bounds, used - set(secondary)))
    return (lambda: ExactCover(choices, secondary=secondary)), expected


@settings(max_examples=60, deadline=None)
@given(problems(), st.data())
def test_a_restricted_search_counts_its_subtree(problem, data):
    # restrict() to a subtree: the count, here or by tasks of a few
    # microseconds, is the subtree's (the tasks rebuild the problem: the
    # subtree with it), and a checkpoint knows it from the whole problem.
    universe, choices = problem
    secondary = data.draw(st.lists(st.sampled_from(universe), unique=True))
    names = list(choices)
    forced = data.draw(st.lists(st.sampled_from(names), unique=True)) if names else []
    excluded = data.draw(st.lists(st.sampled_from(names), unique=True)) if names else []
    used = {x for cons in choices.values() for x in cons}
    bounds = {x: ((0, 1) if x in secondary else (1, 1)) for x in used}
    expected = brute_force(choices, bounds, used - set(secondary), initial=forced)
    expected = {s for s in expected if not set(excluded) & s}

    def make():
        return ExactCover(choices, secondary=secondary).restrict((forced, excluded))

    with ThreadPoolExecutor(2) as pool:
        for local_seconds in (0, 10):
            total = count_distributed(
                make(), executor=pool, task_seconds=1e-5, local_seconds=local_seconds
            )
            assert total == len(expected)
    whole = ExactCover(choices, secondary=secondary)
    whole = _distributed.problem_digest(_distributed._spec_of(whole))
    part = _distributed.problem_digest(_distributed._spec_of(make()))
    assert (part == whole) == (not forced and not excluded)


def _count_in_rounds(problem, threads, seconds, cut, order="auto"):
    """Counts a problem with the tasks' own code, here: the tree cut by the
    estimate into `cut` pieces, then rounds of `seconds` on `threads`
    threads in `order`, each round resuming from the last one's rest."""
    spec = _distributed._spec_of(problem)
    digest = _distributed._solver_key(_distributed.problem_digest(spec), spec)
    root = (list(spec[4]), [])
    pieces = _distributed._cut_by_estimate(digest, spec, [root], cut)
    assert [origin for _, _, origin in pieces] == [0] * len(pieces)
    todo = [piece for _, piece, _ in pieces]
    total = rounds = 0
    run = os.urandom(8).hex()  # one memo for the rounds of this count
    while todo:
        found, todo, figures, error = _distributed._count_here(
            digest, spec, todo, seconds, threads, run, order
        )
        assert error is None
        assert figures["order"] == (order if order != "auto" else "mrv")
        total += found
        rounds += 1
        assert figures["busy"] >= 0
    return total, rounds


@settings(max_examples=60, deadline=None)
@given(problems(), st.lists(st.integers(0, 6), unique=True), st.integers(1, 3), st.integers(1, 9))
def test_the_tasks_threads_and_cuts_match_brute_force(problem, secondary, threads, cut):
    make, expected = _with_brute_force(problem, secondary)
    assert _count_in_rounds(make(), threads, 1e-4, cut)[0] == expected


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_a_task_of_several_threads_hands_back_its_rest_and_counts_right(threads):
    # Rounds of 10 ms: many of them, each thread handing its rest back to
    # the others and the round's rest to the next round.
    total, rounds = _count_in_rounds(queens(12), threads, 0.01, 8)
    assert total == 14200
    assert rounds > 1
    total, _ = _count_in_rounds(two_queens(6), threads, 0.005, 3)
    assert total == two_queens(6).count()


def test_the_estimate_cuts_the_tree_into_pieces_of_like_work():
    problem = queens(12)
    spec = _distributed._spec_of(problem)
    digest = _distributed.problem_digest(spec)
    # At least 12 pieces, however long that takes (past `_CUT_SECONDS`).
    pieces = _distributed._cut_by_estimate(digest, spec, [(list(spec[4]), [])], 12, "mrv", 12)
    assert len(pieces) >= 12
    estimates = [e for e, _, _ in pieces]
    assert estimates == sorted(estimates)  # the biggest last: it runs first
    # The pieces are the whole tree: their counts add up.
    total = 0
    for _, (forced, excluded), _ in pieces:
        part = queens(12)
        solver = part._solver
        if solver.restrict(forced, excluded):
            total += solver.count()[0]
    assert total == 14200


def test_a_cut_estimates_on_threads_as_on_one(monkeypatch):
    # Where one estimate takes long (`_PARALLEL_ESTIMATE`), a cut's run on
    # this machine's threads at once: the same pieces and estimates as one
    # after another (each estimate's probes are seeded), from one subtree
    # (the root, cut at once) and from several (each estimated first).
    monkeypatch.setattr(_distributed, "_CUT_SECONDS", 60.0)  # no cut left to the clock
    monkeypatch.setattr(_distributed, "_cores", lambda: 3)
    estimate = _distributed._estimate
    threads = set()

    def recorded(*args):
        threads.add(threading.get_ident())
        return estimate(*args)

    monkeypatch.setattr(_distributed, "_estimate", recorded)
    spec = _distributed._spec_of(queens(12))
    digest = _distributed.problem_digest(spec)
    root = (list(spec[4]), [])
    subtrees = _distributed._cut(digest, spec, root, 3)
    cuts = []
    for seconds, used in ((float("inf"), 1), (0.0, 2)):
        monkeypatch.setattr(_distributed, "_PARALLEL_ESTIMATE", seconds)
        threads.clear()
        cuts.append(
            [
                _distributed._cut_by_estimate(digest, spec, s, 24, "mrv", 24)
                for s in ([root], subtrees)
            ]
        )
        assert len(threads) >= used
    assert cuts[0] == cuts[1]
    for pieces, cut in zip(cuts[1], ([root], subtrees)):
        assert len(pieces) >= 24
        assert {origin for _, _, origin in pieces} == set(range(len(cut)))
        assert sum(_count_piece(lambda: queens(12), piece) for _, piece, _ in pieces) == 14200


def _count_piece(make, piece):
    """The solutions of a problem (made by `make`) in one piece of its tree."""
    solver = make()._solver
    forced, excluded = piece
    return solver.count()[0] if solver.restrict(list(forced), list(excluded)) else 0


def test_a_level_is_cut_into_its_branches():
    # The first level of 10 queens: a branch for each square of the line
    # branched on, each forcing its option; together the whole tree. Cut
    # off one at a time, the rest would hold 9/10 of the work.
    problem = queens(10)
    spec = _distributed._spec_of(problem)
    digest = _distributed.problem_digest(spec)
    root = (list(spec[4]), [])
    # (A branch may come in a few pieces, cut further below it.)
    pieces = _distributed._level(digest, spec, root, 64)
    branches: dict[int, int] = {}
    for piece in pieces:
        forced, _ = piece
        branches[forced[0]] = branches.get(forced[0], 0) + _count_piece(lambda: queens(10), piece)
    assert len(branches) == 10
    assert sum(branches.values()) == 724
    assert max(branches.values()) < 724 / 4
    # At most 3 branches: the rest of the level is one more piece, which
    # forces nothing.
    pieces = _distributed._level(digest, spec, root, 3)
    assert len({forced[0] for forced, _ in pieces[:-1]}) == 3
    assert pieces[-1][0] == []
    assert sum(_count_piece(lambda: queens(10), piece) for piece in pieces) == 724


@settings(max_examples=60, deadline=None)
@given(problems(), st.lists(st.integers(0, 6), unique=True), st.integers(1, 4))
def test_the_level_cut_matches_brute_force(problem, secondary, most):
    make, expected = _with_brute_force(problem, secondary)
    spec = _distributed._spec_of(make())
    digest = _distributed.problem_digest(spec)
    pieces = _distributed._level(digest, spec, (list(spec[4]), []), most)
    assert sum(_count_piece(make, piece) for piece in pieces) == expected
    # At most `most` branches, besides the rest of the level.
    assert len({tuple(forced[:1]) for forced, _ in pieces if forced}) <= most


@settings(max_examples=25, deadline=None)
@given(
    problems(),
    st.lists(st.integers(0, 6), unique=True),
    st.integers(2, 3),
    st.sampled_from([0.001, 0.02, 10.0]),
)
def test_threaded_tasks_on_dask_workers_match_brute_force(
    client, problem, secondary, threads, task_seconds
):
    # Every count goes to the workers, each task one threaded count of its
    # subtrees (the core's work donation) on `threads` threads.
    make, expected = _with_brute_force(problem, secondary)
    stats = {}
    total = count_distributed(
        make(),
        client=client,
        threads=threads,
        task_seconds=task_seconds,
        local_seconds=0,
        stats=stats,
    )
    assert (total, stats["solutions"], stats["path"]) == (expected, expected, "workers")


@pytest.mark.parametrize("threads", [2, 3])
def test_threaded_tasks_of_a_real_count_hand_back_and_add_up(client, threads):
    # Tasks of 20 ms on several threads: each stops its threads' searches
    # mid-way and hands them back as subtrees, again and again.
    stats = {}
    total = count_distributed(
        queens(11),
        client=client,
        threads=threads,
        task_seconds=0.02,
        local_seconds=0,
        stats=stats,
    )
    assert total == 2680
    assert stats["tasks"] > 2


def test_a_worker_killed_during_a_threaded_task_resumes_to_the_exact_count(own_client, tmp_path):
    # Tasks of two threads each (one threaded count of several subtrees):
    # a worker killed while its task counts loses that task, which runs
    # again elsewhere; the checkpoint then holds every subtree once and
    # gives the exact total again by itself.
    path = tmp_path / "count.ckpt"
    victim = _worker_pids(own_client)[0]
    thread, result, errors = count_in_background(
        queens(15),
        client=own_client,
        checkpoint=path,
        task_seconds=0.3,
        local_seconds=0,
        threads=2,
    )
    deadline = time.monotonic() + 60
    while thread.is_alive() and time.monotonic() < deadline:
        if path.exists() and len(path.read_bytes().split(b"\n")) > 4:
            break
        time.sleep(0.01)
    assert thread.is_alive(), "the count ended before the worker could be killed"
    os.kill(victim, signal.SIGKILL)
    thread.join(240)
    assert not errors, errors
    assert result == [2279184]
    records = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    assert sum(r["count"] for r in records) == 2279184
    keys = [json.dumps(s) for r in records for s in r.get("subtrees", [r.get("subtree")])]
    assert len(keys) == len(set(keys))
    assert victim not in own_client.run(os.getpid).values()
    assert count_distributed(queens(15), client=own_client, checkpoint=path) == 2279184


def test_ctrl_c_during_a_local_count_keeps_its_partial_count(tmp_path):
    # A count that runs here (on this machine's threads) is one threaded
    # count of the tree: Ctrl-C stops it where it stands, and what it
    # counted is kept (in the stats and the checkpoint), the rest resumed.
    # 15-queens: seconds of work, so the alarm lands mid-count (14-queens
    # ended first once on two cores).
    path = tmp_path / "count.ckpt"

    def interrupt(*_):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGALRM, interrupt)
    stats = {}
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.5)
        with ThreadPoolExecutor(1) as pool, pytest.raises(KeyboardInterrupt):
            count_distributed(
                queens(15), executor=pool, checkpoint=path, local_seconds=1000, stats=stats
            )
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert stats["path"] == "local"
    assert 0 < stats["solutions"] < 2279184
    records = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    assert sum(r["count"] for r in records) == stats["solutions"]
    with ThreadPoolExecutor(2) as pool:
        assert count_distributed(queens(15), executor=pool, checkpoint=path) == 2279184


@settings(max_examples=60, deadline=None)
@given(swept_problems(), st.integers(1, 2))
def test_the_sweep_order_travels_and_every_order_counts_the_brute_force(problem, threads):
    # A random sweep order, counted distributed in each order mode (tasks of
    # a few microseconds: subtrees cut and handed back), equals brute force
    # and count() with the same order; the tasks branch as the count says.
    choices, secondary, order, expected = problem

    def build():
        return ExactCover(choices, secondary=secondary, engine="bitset").sweep_order(order)

    spec = _distributed._spec_of(build())
    assert spec[6] == build()._solver.sweep_order
    # The checkpoint's digest leaves the order out; the processes' key not.
    plain = _distributed._spec_of(ExactCover(choices, secondary=secondary, engine="bitset"))
    digest = _distributed.problem_digest(spec)
    assert digest == _distributed.problem_digest(plain)
    assert _distributed._solver_key(digest, spec) != _distributed._solver_key(digest, plain)
    for mode in ("auto", "mrv", "sweep"):
        alone = build()
        assert alone.count(order=mode) == expected
        stats = {}
        with ThreadPoolExecutor(2) as pool:
            total = count_distributed(
                build(),
                executor=pool,
                threads=threads,
                task_seconds=1e-4,
                local_seconds=0,
                order=mode,
                stats=stats,
            )
        assert (total, stats["solutions"]) == (expected, expected)
        if mode != "auto":
            assert stats["order"] == alone.stats["order"] == mode
        assert stats["order"] in ("mrv", "sweep")
        # The tasks' own code, in that order: rounds of a few microseconds.
        key = _distributed._solver_key(digest, spec)
        found, rest, figures, error = _distributed._count_here(
            key, spec, [(list(spec[4]), [])], 10.0, threads, os.urandom(8).hex(), stats["order"]
        )
        assert (found, rest, error) == (expected, [], None)
        assert figures["order"] == stats["order"]


@settings(max_examples=60, deadline=None)
@given(swept_problems(), st.integers(1, 9), st.sampled_from([1e-4, 1e-3]))
def test_swept_tasks_in_rounds_match_brute_force_and_count(problem, cut, seconds):
    # Tasks on one thread that sweep take the sweep's fast count: cut by
    # the estimate (by MRV: subtrees that exclude options of any item),
    # stopped after a few nodes and resumed from their rest, through the
    # process's memo; every mode of count() agrees.
    choices, secondary, order, expected = problem
    cover = ExactCover(choices, secondary=secondary, engine="bitset").sweep_order(order)
    for mode in ("sweep", "mrv"):
        assert _count_in_rounds(cover, 1, seconds, cut, mode)[0] == expected
    assert cover.count(order="sweep") == expected


def _pentominoes(rows, columns):
    from exactcover.polyomino import PENTOMINOES, encode_polyominoes, polyomino

    cells = [(i, j) for i in range(rows) for j in range(columns)]
    return polyomino(encode_polyominoes(PENTOMINOES), cells)


def test_the_pieces_of_a_level_cost_one_memo_the_nodes_of_the_whole_count():
    # Once its table outgrows the caches, the memo looks up and stores only
    # every second level of the tree (pentominoes 5 x 12 by MRV: a table of
    # megabytes, a node about one child). The levels count from the
    # problem's root, not each piece's: the first level's pieces, counted
    # one after another through one memo, memoize the levels a count of the
    # whole does (counted from their own roots they took 5% more nodes).
    from exactcover._native import MemoPool

    problem = _pentominoes(5, 12)
    spec = _distributed._spec_of(problem)
    digest = _distributed.problem_digest(spec)
    root = (list(spec[4]), [])

    def through_one_memo(subtrees):
        pool, found, nodes = MemoPool(), 0, 0
        for subtree in subtrees:
            solver = _distributed._built(digest, spec).copy()
            counted, rest, error = solver.count_subtrees([subtree], None, 1, pool, True)
            assert not rest and error is None
            found += counted
            nodes += solver.stats["nodes"]
        return found, nodes

    whole = through_one_memo([root])
    level = _distributed._level(digest, spec, root, 64)
    assert len(level) > 10
    pieces = through_one_memo(level)
    assert whole[0] == pieces[0] == 4040
    assert pieces[1] <= whole[1] * 1.005


def test_swept_tasks_of_pentominoes_hand_back_their_rest_and_resume():
    # 5 x 12 (4040 tilings) swept in rounds of 5 ms on one thread: each
    # round stops inside a subtree and hands back its remainder; and a
    # count interrupted after a few tasks resumes from its checkpoint, in
    # the sweep again, counting no subtree twice.
    total, rounds = _count_in_rounds(_pentominoes(5, 12), 1, 0.005, 4, "sweep")
    assert (total, _pentominoes(5, 12).count()) == (4040, 4040)
    assert rounds > 1


def test_a_swept_count_interrupted_resumes_from_its_checkpoint(tmp_path):
    path = tmp_path / "swept.ckpt"
    with _InterruptAfter(6) as pool, pytest.raises(KeyboardInterrupt):
        count_distributed(
            _pentominoes(5, 12),
            executor=pool,
            checkpoint=path,
            task_seconds=0.005,
            local_seconds=0,
            order="sweep",
        )
    first = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    assert first and sum(r["count"] for r in first) < 4040
    stats = {}
    with ThreadPoolExecutor(1) as pool:
        total = count_distributed(
            _pentominoes(5, 12),
            executor=pool,
            checkpoint=path,
            task_seconds=0.005,
            order="sweep",
            stats=stats,
        )
    assert (total, stats["order"]) == (4040, "sweep")
    records = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    keys = [json.dumps(s) for r in records for s in r.get("subtrees", [r.get("subtree")])]
    assert len(keys) == len(set(keys))
    assert sum(r["count"] for r in records) == 4040


def test_a_builders_sweep_order_reaches_the_dask_workers(client, tmp_path):
    # Pentominoes on 3 x 20 (8 tilings) carry the board's order: the
    # workers sweep when told, and MRV when told; a checkpoint written by a
    # swept count resumes by MRV (the digest leaves the order out).
    from exactcover.polyomino import PENTOMINOES, encode_polyominoes, polyomino

    def build():
        return polyomino(
            encode_polyominoes(PENTOMINOES), [(i, j) for i in range(3) for j in range(20)]
        )

    assert build()._solver.sweep_order is not None
    for mode in ("sweep", "mrv"):
        stats = {}
        total = count_distributed(
            build(), client=client, local_seconds=0, task_seconds=0.005, order=mode, stats=stats
        )
        assert (total, stats["order"], stats["path"]) == (8, mode, "workers")
        spec = _distributed._spec_of(build())
        key = _distributed._solver_key(_distributed.problem_digest(spec), spec)
        found, _, figures = client.submit(
            _distributed.count_subtrees, (key, spec), [(list(spec[4]), [])], 30.0, order=mode
        ).result()
        assert (found, figures["order"]) == (8, mode)
    path = tmp_path / "swept.ckpt"
    stats = {}
    count_distributed(build(), client=client, local_seconds=0, checkpoint=path, order="sweep")
    total = count_distributed(
        build(), client=client, local_seconds=0, checkpoint=path, order="mrv", stats=stats
    )
    assert (total, stats["order"]) == (8, "mrv")


def test_the_order_is_checked_and_auto_settles_like_count():
    with pytest.raises(ValueError, match="order must be 'auto', 'mrv' or 'sweep', not 'up'"):
        count_distributed(queens(6), executor=ThreadPoolExecutor(1), order="up")
    with pytest.raises(TypeError, match="order must be a str, not int"):
        count_distributed(queens(6), executor=ThreadPoolExecutor(1), order=1)
    # No sweep order, or an engine that does not sweep: MRV.
    stats = {}
    with ThreadPoolExecutor(1) as pool:
        assert count_distributed(queens(6), executor=pool, order="auto", stats=stats) == 4
        assert stats["order"] == "mrv"
        cover = ExactCover({"A": [1, 2], "B": [1], "C": [2]}, engine="dlx").sweep_order([2, 1])
        assert count_distributed(cover, executor=pool, order="sweep", stats=stats) == 2
    # Auto on the driver takes count()'s race: its winner is an order.
    spec = _distributed._spec_of(queens(8).sweep_order([("row", i) for i in range(8)]))
    key = _distributed._solver_key(_distributed.problem_digest(spec), spec)
    assert _distributed._settle_order(key, spec, "auto") in ("mrv", "sweep")
    assert _distributed._settle_order(key, spec, "sweep") == "sweep"


def test_memo_and_memo_bytes_reach_the_tasks_and_the_count_here():
    # 6 x 6 domino tilings: memoized, a few hundred nodes; without the memo
    # (memo=False, or a cap of 0 bytes) every tiling is a leaf of the tree.
    from exactcover.dominoes import domino_tilings, rectangle

    def tilings():
        return domino_tilings(rectangle(6, 6))

    expected = tilings().count(memo=False)
    assert expected == 6728
    with ThreadPoolExecutor(2) as pool:
        for local in (0, None):  # on the tasks, then here
            nodes = {}
            for memo in ({}, {"memo": True}, {"memo": False}, {"memo_bytes": 0}):
                stats = {}
                count = count_distributed(
                    tilings(), executor=pool, local_seconds=local, stats=stats, **memo
                )
                assert count == expected
                assert stats["path"] == ("workers" if local == 0 else "local")
                nodes[str(memo)] = stats["nodes"]
            assert max(nodes["{}"], nodes["{'memo': True}"]) < 1000
            assert min(nodes["{'memo': False}"], nodes["{'memo_bytes': 0}"]) > expected
    # Without the memo "auto" does not race the sweep: MRV.
    spec = _distributed._spec_of(_pentominoes(6, 10))
    key = _distributed._solver_key(_distributed.problem_digest(spec), spec)
    assert _distributed._settle_order(key, spec, "auto", 1, (False, None)) == "mrv"
    assert _distributed._settle_order(key, spec, "auto", 1, (None, None)) == "sweep"
    with pytest.raises(TypeError, match="memo must be True, False or None, not int"):
        count_distributed(tilings(), executor=ThreadPoolExecutor(1), memo=1)
    with pytest.raises(TypeError, match="memo_bytes must be an int or None, not float"):
        count_distributed(tilings(), executor=ThreadPoolExecutor(1), memo_bytes=1.5)
    with pytest.raises(ValueError, match="memo_bytes must be non-negative, not -1"):
        count_distributed(tilings(), executor=ThreadPoolExecutor(1), memo_bytes=-1)


def test_memo_reaches_the_dask_tasks(client):
    from exactcover.dominoes import domino_tilings, rectangle

    nodes = []
    for memo in (None, False):
        stats = {}
        problem = domino_tilings(rectangle(6, 6))
        assert (
            count_distributed(problem, client=client, local_seconds=0, stats=stats, memo=memo)
            == 6728
        )
        nodes.append(stats["nodes"])
    assert nodes[0] < 1000 < 6728 < nodes[1]


def test_the_memos_default_cap_stays_within_half_the_memory_at_hand(monkeypatch):
    per_thread = _distributed.MEMO_BYTES_PER_THREAD
    monkeypatch.setattr(_distributed, "_memory_room", lambda: 1 << 30)
    # 256 MiB a thread, up to half the room: 1 GiB holds the memos of two
    # threads, not of sixteen.
    assert _distributed._memo_cap((None, None), 2) == 2 * per_thread
    assert _distributed._memo_cap((None, None), 16) == 1 << 29
    # A cap asked for is the cap.
    assert _distributed._memo_cap((None, 5 << 30), 16) == 5 << 30
    monkeypatch.setattr(_distributed, "_memory_room", lambda: None)
    assert _distributed._memo_cap((None, None), 16) == 16 * per_thread


def _worker_memo_cap(threads):
    from distributed import get_worker

    limit = get_worker().memory_manager.memory_limit
    return _distributed._memo_cap((None, None), threads), limit


def test_a_dask_workers_memos_stay_within_half_its_memory_limit():
    # A worker of 64 threads and 2 GiB: its memos may take 1 GiB, not the
    # 16 GiB of 256 MiB a thread (Dask would pause it at 80% of its limit,
    # and its nanny end it at 95%).
    with _cluster(1, memory_limit="2GiB") as client:
        cap, limit = client.submit(_worker_memo_cap, 64, pure=False).result()
        assert limit == 2 << 30
        assert cap == 1 << 30
        cap, _ = client.submit(_worker_memo_cap, 2, pure=False).result()
        assert cap == 2 * _distributed.MEMO_BYTES_PER_THREAD
    # A worker of two Dask threads shares its limit between their tasks.
    with _cluster(1, threads=2, memory_limit="2GiB") as client:
        assert client.submit(_worker_memo_cap, 64, pure=False).result()[0] == 1 << 29


def _spy_on_the_race(monkeypatch):
    """The threads each race of the order is run for, as a list that grows,
    and the race itself, unwatched."""
    raced = []
    settle = _distributed._settle_order

    def spy(digest, spec, order, threads=1, memo=(None, None)):
        raced.append(threads)
        return settle(digest, spec, order, threads, memo)

    monkeypatch.setattr(_distributed, "_settle_order", spy)
    return raced, settle


def test_auto_is_raced_for_the_threads_that_count(client, monkeypatch):
    """The race weighs MRV on the threads that count at once (the core's
    race, in rust/: a_race_for_threads_weighs_mrv_by_their_gain): this
    machine's cores for a short count here, all the workers' threads on
    workers."""
    raced, settle = _spy_on_the_race(monkeypatch)
    problem = queens(7).sweep_order([("row", i) for i in range(7)])
    with ThreadPoolExecutor(2) as pool:
        assert count_distributed(problem, executor=pool, threads=3, local_seconds=0) == 40
        assert raced == [2 * 3]
        raced.clear()
        assert count_distributed(problem, executor=pool, local_seconds=0) == 40
        assert raced == [2]
        raced.clear()
        stats = {}
        assert count_distributed(problem, executor=pool, threads=3, stats=stats) == 40
        assert stats["path"] == "local" and raced == [_distributed._cores()]
    raced.clear()
    # A client's cluster: every Dask thread of its workers, times the
    # threads of each task.
    assert count_distributed(problem, client=client, threads=2, local_seconds=0) == 40
    assert raced == [2 * sum(client.nthreads().values())]
    # However many cores this machine has: pentominoes 6x10 sweep on one
    # thread, and go by MRV when a cluster's 64 threads count them.
    board = [(i, j) for i in range(6) for j in range(10)]
    spec = _distributed._spec_of(polyomino(encode_polyominoes(PENTOMINOES), board))
    key = _distributed._solver_key(_distributed.problem_digest(spec), spec)
    assert [settle(key, spec, "auto", n) for n in (1, 64)] == ["sweep", "mrv"]


_PIECES = st.lists(
    st.tuples(
        st.floats(0, 100),
        st.lists(st.integers(0, 9), max_size=3),
        st.lists(st.integers(0, 9), max_size=2),
    ),
    unique_by=lambda p: (tuple(p[1]), tuple(p[2])),
)


@settings(max_examples=200, deadline=None)
@given(_PIECES, st.integers(1, 8))
def test_tasks_are_runs_of_neighbouring_pieces_of_like_work(pieces, tasks):
    pieces = [(e, (f, x)) for e, f, x in pieces]
    work = {repr(p): e for e, p in pieces}
    dealt = _distributed._deal_by_region(pieces, tasks)
    # Every piece once, in as many tasks as asked (or pieces), none empty.
    assert sorted(repr(p) for task in dealt for p in task) == sorted(work)
    assert len(dealt) == min(tasks, len(pieces))
    assert all(dealt)
    # Each task a run of neighbours in the order of the pieces' options.
    place = {repr(p): k for k, (_, p) in enumerate(sorted(pieces, key=lambda p: p[1]))}
    for task in dealt:
        places = sorted(place[repr(p)] for p in task)
        assert places == list(range(places[0], places[0] + len(places)))
    # Like work: none over its share by more than the biggest piece; the
    # task of the most work last (taken first), its biggest piece last.
    shares = [sum(work[repr(p)] for p in task) for task in dealt]
    if dealt:
        biggest = max(work.values())
        assert max(shares) <= sum(work.values()) / len(dealt) + biggest + 1e-9
        assert shares[-1] == max(shares)
        assert all(work[repr(t[-1])] == max(work[repr(p)] for p in t) for t in dealt)


def test_the_last_tasks_last_half_a_workers_share_of_the_work_left():
    spec = _distributed._spec_of(queens(8))
    plan = _distributed._Plan(_distributed.problem_digest(spec), spec, None, {})
    # Nothing measured yet: the floor.
    assert plan.end_task_seconds(2) == _distributed._END_TASK_SECONDS
    # 1e6 nodes left at 1e6 nodes a second on 2 threads: half of 0.5 s.
    plan.left, plan.speed = 1e6, 1e6
    assert plan.end_task_seconds(2) == pytest.approx(0.25, abs=0.01)
    # Much left: at most the shortest task of the count's middle.
    plan.left = 1e9
    assert plan.end_task_seconds(2) == _distributed._MIN_TASK_SECONDS


def _queens_spec(n):
    spec = _distributed._spec_of(queens(n))
    return _distributed._solver_key(_distributed.problem_digest(spec), spec), spec


def _count_rest(digest, spec, rest):
    found, left, error = _distributed._built(digest, spec).copy().count_subtrees(rest)
    assert (left, error) == ([], None)
    return found


def test_a_count_asked_to_stop_hands_back_its_rest_and_adds_up():
    # The native count's `stop`, called every few milliseconds: a true
    # answer ends the count as its time would (no error), an exception is
    # the error; either way the count and its rest add up to the total.
    digest, spec = _queens_spec(14)
    root = [(list(spec[4]), [])]
    calls = []

    def stop():
        calls.append(None)
        return len(calls) == 3

    found, rest, error = _distributed._built(digest, spec).copy().count_subtrees(root, stop=stop)
    assert (error, len(calls)) == (None, 3)
    assert rest
    assert found + _count_rest(digest, spec, rest) == 365596

    def fail():
        raise ValueError("stop here")

    found, rest, error = _distributed._built(digest, spec).copy().count_subtrees(root, stop=fail)
    assert isinstance(error, ValueError) and str(error) == "stop here"
    assert rest
    assert found + _count_rest(digest, spec, rest) == 365596


def test_a_task_asked_to_stop_hands_back_its_rest_cut_into_pieces():
    # Asked before it starts (as a stop may overtake its task), a task stops
    # at its first look, its rest's top cut into the pieces asked for, and
    # the request is used up.
    digest, spec = _queens_spec(13)
    token = f"test-{os.urandom(4).hex()}"
    _distributed._stop_task(token, 12)
    found, rest, _ = _distributed.count_subtrees(
        (digest, spec), [(list(spec[4]), [])], 60.0, token=token
    )
    assert len(rest) >= 12
    assert token not in _distributed._STOPS
    assert found + _count_rest(digest, spec, rest) == 73712
    # A task not asked counts to its end.
    assert _distributed.count_subtrees((digest, spec), rest, 60.0, token=token)[:2] == (
        73712 - found,
        [],
    )


def test_stop_requests_of_ended_tasks_make_way_for_the_newest(monkeypatch):
    # Requests no task takes (their task ended first) are dropped oldest
    # first: a request for a task that has not begun, always among the
    # newest, stays, and a stopped task still hands back its rest.
    monkeypatch.setattr(_distributed, "_STOPS", {})
    monkeypatch.setattr(_distributed, "_MAX_STOPS", 16)
    for k in range(40):
        _distributed._stop_task(f"ended-{k}", 2)
    token = f"test-{os.urandom(4).hex()}"
    _distributed._stop_task(token, 12)
    assert len(_distributed._STOPS) == 16
    assert list(_distributed._STOPS)[-1] == token
    assert "ended-39" in _distributed._STOPS and "ended-0" not in _distributed._STOPS
    digest, spec = _queens_spec(12)
    found, rest, _ = _distributed.count_subtrees(
        (digest, spec), [(list(spec[4]), [])], 60.0, token=token
    )
    assert len(rest) >= 12
    assert found + _count_rest(digest, spec, rest) == 14200


def test_the_threads_of_a_worker_build_its_solver_once(monkeypatch):
    # Tasks that start together on a worker's threads share one solver.
    import threading

    monkeypatch.setattr(_distributed, "_BUILT", {})
    digest, spec = _queens_spec(10)
    built = []
    solver = _distributed._Solver

    def counted(*args):
        built.append(1)
        time.sleep(0.05)  # a slow build, for the others to catch up
        return solver(*args)

    monkeypatch.setattr(_distributed, "_Solver", counted)
    start = threading.Barrier(6)

    def build(_):
        start.wait()
        return _distributed._built(digest, spec)

    with ThreadPoolExecutor(6) as pool:
        solvers = list(pool.map(build, range(6)))
    assert len(built) == 1
    assert all(s is solvers[0] for s in solvers)


def test_only_a_running_task_is_stopped_by_a_stop_for_the_tasks_a_worker_holds():
    # The driver knows which tasks a Dask worker holds, not which it runs:
    # of the tokens it names, only the running one stops (one waiting to
    # start is left alone, and starts unasked).
    digest, spec = _queens_spec(14)
    token, waiting = (f"test-{os.urandom(4).hex()}" for _ in range(2))
    with ThreadPoolExecutor(1) as pool:
        task = pool.submit(
            _distributed.count_subtrees, (digest, spec), [(list(spec[4]), [])], 600.0, token=token
        )
        while token not in _distributed._RUNNING and not task.done():
            time.sleep(0.001)
        _distributed._stop_running([waiting, token], 8)
        found, rest, _ = task.result()
    assert waiting not in _distributed._STOPS
    assert token not in _distributed._RUNNING
    assert len(rest) >= 8
    assert found + _count_rest(digest, spec, rest) == 365596


def _one_task(plan, slots, thread_slots):
    """`_Plan.prepare` that leaves the whole tree as one task: a worker
    idles while the other counts it."""


@pytest.mark.parametrize(("checkpoint", "threads"), [(False, 1), (True, 1), (False, 2)])
def test_a_straggler_is_stopped_when_a_thread_pool_worker_idles(
    monkeypatch, tmp_path, checkpoint, threads
):
    # The whole tree as one task on a pool of two, tasks of 1000 s: only a
    # stop gets the tree shared, each time a worker runs out of work (also
    # a task of two threads, which stops them both); the total (and a
    # checkpoint's) stays exact.
    stops = []
    stop_task = _distributed._stop_task

    def spy(token, pieces):
        stops.append(pieces)
        stop_task(token, pieces)

    monkeypatch.setattr(_distributed._Plan, "prepare", _one_task)
    monkeypatch.setattr(_distributed, "_stop_task", spy)
    path = tmp_path / "count.ckpt" if checkpoint else None
    stats = {}
    with ThreadPoolExecutor(2) as pool:
        total = count_distributed(
            queens(14),
            executor=pool,
            threads=threads,
            task_seconds=1000,
            local_seconds=0,
            checkpoint=path,
            stats=stats,
        )
    assert (total, stats["solutions"]) == (365596, 365596)
    assert stops and set(stops) == {2 * _distributed._PIECES_PER_WORKER}
    assert stats["tasks"] > 1
    if checkpoint:
        assert count_distributed(queens(14), checkpoint=path) == 365596


@pytest.mark.parametrize("at_once", [None, 1])
def test_stragglers_stop_as_many_at_once_as_allowed(monkeypatch, at_once):
    # Two tasks of 1000 s on a pool of four. As many at once as workers
    # idle (None): both are asked to stop in the first round, their rests
    # cut into half as many pieces each as one straggler's would be, and
    # each shared out into half as many tasks (two each, four in all). One
    # at a time: the second only once the first's rest has come back, which
    # is shared out into four tasks. The total stays exact either way.
    asked = []
    stop_running = _distributed._stop_running

    def spy(tokens, pieces):
        asked.append((tokens, pieces))
        stop_running(tokens, pieces)

    def two_tasks(plan, slots, thread_slots):
        # Mirror images: the queen of the first row on its left half or on
        # its right half (options 0-13 put it on each square in turn).
        assert plan.spec[1][0][0] == plan.spec[1][13][0] == 0
        plan.todo = [[([], list(range(7)))], [([], list(range(7, 14)))]]

    monkeypatch.setattr(_distributed._Plan, "prepare", two_tasks)
    monkeypatch.setattr(_distributed, "_stop_running", spy)
    monkeypatch.setattr(_distributed, "_STOPS_AT_ONCE", at_once)
    monkeypatch.setattr(_distributed, "_STOP_PATIENCE", 60.0)  # no stop forgotten
    finished = _distributed._Plan.finished
    came_back = []
    spreads = []

    def spy_finished(plan, subtrees, found, rest, task, spread=1):
        came_back.append(len(asked))
        spreads.append(spread)
        finished(plan, subtrees, found, rest, task, spread)

    monkeypatch.setattr(_distributed._Plan, "finished", spy_finished)
    with ThreadPoolExecutor(4) as pool:
        total = count_distributed(queens(14), executor=pool, task_seconds=1000, local_seconds=0)
    assert total == 365596
    ([first], pieces), ([second], pieces_too) = asked[:2]
    assert first != second
    if at_once is None:
        assert pieces == pieces_too == 4 * _distributed._PIECES_PER_WORKER // 2
        assert came_back[0] == 2  # both asked before a rest came back
        assert spreads[:2] == [2, 2]
    else:
        assert pieces == pieces_too == 4 * _distributed._PIECES_PER_WORKER
        assert came_back[0] == 1  # the first rest came back before the next stop
        assert spreads[0] == 4


def test_a_dask_task_carries_its_subtrees_sealed():
    # Dask walks every list it is given for futures: a task's subtrees (its
    # option ids) travel sealed, and the task unseals them for
    # `count_subtrees`, whose answer it returns.
    import pickle

    submitted = []

    class Client:
        def publish_dataset(self, **datasets):
            pass

        def nthreads(self):
            return {"tcp://127.0.0.1:1": 1}

        def submit(self, function, *args, **kwargs):
            submitted.append((function, args))

    spec = _distributed._spec_of(queens(6))
    digest = _distributed.problem_digest(spec)
    backend = _distributed._dask_backend(Client(), digest, spec, 1, "run")
    subtrees = [([1], [2, 3]), ([4], [])]
    backend.submit(subtrees, 60.0, 1, "mrv", "")
    [(function, args)] = submitted
    sealed = args[1]
    assert isinstance(sealed, _distributed._Sealed)
    assert not any(isinstance(a, (list, tuple)) and a == subtrees for a in args)
    assert pickle.loads(pickle.dumps(sealed)).value == subtrees
    root = [(list(spec[4]), [])]
    rest = ((digest, spec), _distributed._Sealed(root), 60.0, 1, 1, "sealed")
    assert function(*rest)[0] == _distributed.count_subtrees((digest, spec), root, 60.0)[0] == 4


def test_a_straggler_is_stopped_when_a_dask_worker_idles(client, monkeypatch):
    # The same on Dask: the stop goes to the workers by `Client.run`. (Both
    # workers up, as no test kills one on this cluster: a count on one
    # worker has no worker to idle.)
    assert len(client.run(os.getpid)) == 2
    monkeypatch.setattr(_distributed._Plan, "prepare", _one_task)
    stats = {}
    total = count_distributed(
        queens(14), client=client, threads=1, task_seconds=1000, local_seconds=0, stats=stats
    )
    assert (total, stats["solutions"]) == (365596, 365596)
    assert stats["tasks"] > 1


def test_a_worker_that_joins_during_a_count_takes_part(monkeypatch):
    # A batch queue starts workers as it can: the count starts on one, the
    # whole tree as one task of 1000 s, and a second joins (asked for once
    # the tree is cut). Seen at the driver's next look at the cluster, it
    # idles, and the straggler is asked to share its work: more tasks than
    # one, the exact total, and the two workers in the figures. (Before,
    # the count kept the one worker it started with: one task.)
    monkeypatch.setattr(_distributed, "_WORKERS_EVERY", 0.05)
    with _cluster(1) as client:

        def one_task_then_a_worker(plan, slots, thread_slots):
            assert (slots, thread_slots) == (1, 1)
            client.cluster.scale(2)

        monkeypatch.setattr(_distributed._Plan, "prepare", one_task_then_a_worker)
        stats = {}
        total = count_distributed(
            queens(15), client=client, threads=1, task_seconds=1000, local_seconds=0, stats=stats
        )
        assert (total, stats["solutions"]) == (2279184, 2279184)
        assert stats["workers"] == 2
        assert stats["tasks"] > 1
        assert len(client.nthreads()) == 2


def test_a_count_on_a_cluster_without_workers_waits_for_the_first(monkeypatch):
    # No worker yet: the count waits for the first, and races the order for
    # its threads (the cores of its machine), not for one.
    assert _distributed._cores() >= 2, "needs a machine of 2 cores or more"
    raced, _ = _spy_on_the_race(monkeypatch)
    with _cluster(0) as client:
        timer = threading.Timer(0.5, client.cluster.scale, (1,))
        timer.start()
        try:
            stats = {}
            assert count_distributed(queens(10), client=client, local_seconds=0, stats=stats) == 724
            assert raced == [_distributed._cores()]
            assert stats["workers"] == 1
        finally:
            timer.join()


def test_a_swept_task_is_not_stopped_for_an_idle_worker(monkeypatch):
    # A swept task's memo is a dynamic program that another worker would
    # fill again: the whole tree as one task (half a second on one thread,
    # beside an idle worker) is not stopped, and the count is exact.
    stops = []
    monkeypatch.setattr(_distributed._Plan, "prepare", _one_task)
    monkeypatch.setattr(_distributed, "_stop_task", lambda token, pieces: stops.append(token))
    stats = {}
    with ThreadPoolExecutor(2) as pool:
        total = count_distributed(
            _pentominoes(6, 10),
            executor=pool,
            order="sweep",
            task_seconds=1000,
            local_seconds=0,
            stats=stats,
        )
    assert (total, stats["order"], stops) == (9356, "sweep", [])


_COUNT_ON_DEFAULTS = """
from exactcover.distributed import _cores, count_distributed
from exactcover.queens import queens

if __name__ == "__main__":
    stats = {}
    total = count_distributed(queens(9), local_seconds=0, stats=stats)
    print(_cores(), stats["workers"], total)
"""


def _count_on_defaults(tmp_path, preexec_fn):
    """`_cores()`, the workers and the total of a count of queens 9 on the
    workers started by default, in a process `preexec_fn` confines."""
    script = tmp_path / "count_on_defaults.py"
    script.write_text(_COUNT_ON_DEFAULTS)
    done = subprocess.run(
        [sys.executable, str(script)],
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=preexec_fn,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_the_cores_of_a_process_confined_to_one_cpu(tmp_path):
    # A process allowed one CPU (taskset): one core, one worker started.
    first = min(os.sched_getaffinity(0))
    confined = _count_on_defaults(tmp_path, lambda: os.sched_setaffinity(0, {first}))
    assert confined == ["1", "1", "352"]


@contextlib.contextmanager
def _cgroup(v1, v2):
    """A cgroup of these limits, as a container's (root only): `v1`, a
    cgroup v1 controller and its files' values, `v2` the files' values under
    cgroup v2. Yields a function that moves the calling process into it,
    or None where no such cgroup can be made here; removes it after, once
    its processes have ended."""
    name = f"exactcover-test-{os.getpid()}"
    group = None
    for directory, limits in ((f"/sys/fs/cgroup/{v1[0]}", v1[1]), ("/sys/fs/cgroup", v2)):
        try:
            os.mkdir(os.path.join(directory, name))
        except OSError:
            continue
        group = os.path.join(directory, name)
        try:
            for file, value in limits.items():
                with open(os.path.join(group, file), "w") as f:
                    f.write(value)
            break
        except OSError:
            os.rmdir(group)
            group = None

    def join():
        with open(os.path.join(group, "cgroup.procs"), "w") as f:
            f.write(str(os.getpid()))

    try:
        yield None if group is None else join
    finally:
        # A count's worker processes may end a moment after it.
        deadline = time.monotonic() + 30
        while group is not None:
            try:
                os.rmdir(group)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)


def test_the_cores_of_a_process_under_a_cpu_quota(tmp_path):
    # A container's CPU limit (a Kubernetes pod's, `docker run --cpus 1`)
    # is a cgroup quota, not an affinity: the process may run on every CPU
    # of the machine, a CPU's time in all. Its cores are the quota's, as the
    # core caps a count's threads: one worker started by default, not one
    # per CPU of the machine (nor tasks of as many threads).
    assert _distributed._cores() >= 2, "needs a machine of 2 cores or more"
    period = {"cpu.cfs_period_us": "100000", "cpu.cfs_quota_us": "100000"}
    with _cgroup(("cpu", period), {"cpu.max": "100000 100000"}) as join:
        if join is None:
            pytest.skip("no cgroup with a CPU quota can be made here (needs root)")
        assert _count_on_defaults(tmp_path, join) == ["1", "1", "352"]


def test_the_memos_of_a_process_under_a_memory_limit(tmp_path):
    # A container's memory limit (`docker run --memory 1g`) caps the memos
    # of a count on a process pool or here as a Dask worker's limit does
    # (half of it), not the machine's memory.
    gib = str(1 << 30)
    with _cgroup(("memory", {"memory.limit_in_bytes": gib}), {"memory.max": gib}) as join:
        if join is None:
            pytest.skip("no cgroup with a memory limit can be made here (needs root)")
        code = (
            "from exactcover.distributed import _memo_cap, _memory_room\n"
            "print(_memory_room(), _memo_cap((None, None), 64))"
        )
        done = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, preexec_fn=join
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.split() == [gib, str(1 << 29)]


def test_a_worker_of_another_version_refuses_the_count(monkeypatch):
    # The count's client and a worker process of another exactcover: the
    # task says so, and the count raises it, rather than count by other
    # code (the worker's own version here; the client's made another).
    monkeypatch.setattr(_distributed, "_VERSION", "0.0.0-other")
    with _cluster(1) as client:
        with pytest.raises(
            ImportError, match=r"the count's client 0\.0\.0-other: install the same"
        ):
            count_distributed(queens(9), client=client, local_seconds=0)


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a process group")
def test_cli_ctrl_c_on_dask_workers_is_one_line(tmp_path):
    # A terminal's Ctrl-C reaches every process of its group: each Dask
    # worker printed its KeyboardInterrupt traceback (67 lines for two).
    from exactcover import write_dlx

    dlx = tmp_path / "queens17.dlx"
    write_dlx(queens_cover(17), dlx)
    process = subprocess.Popen(
        [sys.executable, "-m", "exactcover", "solve", "--count", "--workers", "2"]
        + ["--progress", str(dlx)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        first = process.stderr.readline()  # the workers are counting
        assert "subtrees done" in first, first
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    *bar, last = err.splitlines()  # the bar's last figures, then the message
    assert all(line.startswith("counting: ") for line in bar), err
    assert re.fullmatch(r".*: interrupted after (\d+) solutions", last), err
    assert 0 < int(out) < 95815104
