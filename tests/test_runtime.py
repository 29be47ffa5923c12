"""Run-time behaviour: Ctrl-C, the GIL, dropping iterators half-way."""

import os
import signal
import subprocess
import sys
import threading
import time
from itertools import product

import pytest
from conftest import queens_cover, two_queens_cover
from exactcover import ExactCover
from exactcover.queens import queens


class InterruptMain:
    """Sends SIGINT to the main thread after a delay, unless cancelled first."""

    def __init__(self, delay):
        self.cancelled = threading.Event()
        main = threading.main_thread().ident

        def fire():
            if not self.cancelled.wait(delay):
                signal.pthread_kill(main, signal.SIGINT)

        self.thread = threading.Thread(target=fire, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.cancelled.set()
        self.thread.join()
        return False


@pytest.mark.skipif(sys.platform == "win32", reason="pthread_kill is POSIX")
@pytest.mark.parametrize(
    "make", [lambda: queens_cover(20), lambda: two_queens_cover(12)], ids=["X", "M"]
)
def test_ctrl_c_interrupts_count_and_the_search_can_resume(make):
    solver = make()
    start = time.perf_counter()
    with InterruptMain(0.3), pytest.raises(KeyboardInterrupt):
        solver.count()  # would take hours
    elapsed = time.perf_counter() - start
    # Interrupted, not finished: generous bound for a loaded machine.
    assert elapsed < 10
    found = solver.stats["solutions"]
    assert found > 0
    # Nothing is lost: the search continues from where it stopped.
    assert solver.count(limit=5) == 5
    assert solver.stats["solutions"] == found + 5


@pytest.mark.skipif(sys.platform == "win32", reason="pthread_kill is POSIX")
def test_ctrl_c_interrupts_a_long_wait_for_the_next_solution():
    # Dominoes on a 10x10 board minus two opposite corners: no tiling exists
    # (colour argument), but Dancing Links takes practically forever to see it.
    cells = set(product(range(10), repeat=2)) - {(0, 0), (9, 9)}
    dominoes = {}
    for i, j in cells:
        for di, dj in ((0, 1), (1, 0)):
            if (i + di, j + dj) in cells:
                dominoes[(i, j, di, dj)] = [(i, j), (i + di, j + dj)]
    solver = ExactCover(dominoes)
    with InterruptMain(0.3), pytest.raises(KeyboardInterrupt):
        next(solver)
    assert solver.stats["nodes"] > 1000


def test_gil_is_released_while_counting():
    solver = queens_cover(13)
    ticks = 0
    done = threading.Event()
    result = []

    def count():
        result.append(solver.count())
        done.set()

    thread = threading.Thread(target=count)
    thread.start()
    while not done.is_set():
        ticks += 1
        time.sleep(0.001)
    thread.join()
    assert result == [73712]
    # The main thread kept running Python code while Rust counted.
    assert ticks > 10


def rss_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="needs /proc")
def test_dropping_half_consumed_iterators_does_not_leak():
    def churn():
        for _ in range(100):
            solver = queens_cover(10)
            next(solver)
            next(solver)
            del solver

    churn()
    before = rss_bytes()
    churn()
    churn()
    after = rss_bytes()
    # Each solver holds ~100 KB of links: a leak of 200 solvers would show.
    assert after - before < 5 * 2**20


def test_iterators_are_independent():
    a, b = queens_cover(6), queens_cover(6)
    first_a = next(a)
    assert list(b)[:1] == [first_a]
    assert len(list(a)) == 3


@pytest.mark.parametrize("threads", [2, 3])
def test_parallel_count_equals_serial_count(threads):
    assert queens_cover(9).count(threads=threads) == 352
    assert two_queens_cover(6).count(threads=threads) == 1097
    data = dict(A=[1, 4, 7], B=[1, 4], C=[4, 5, 7], D=[3, 5, 6], E=[2, 3, 6, 7], F=[2, 7])
    assert ExactCover(data, initial=["B"]).count(threads=threads) == 1
    assert ExactCover(data, initial=["A"]).count(threads=threads) == 0
    solver = queens_cover(8)
    assert solver.count(threads=threads) == 92
    assert list(solver) == []
    assert solver.stats["solutions"] == 92


def test_parallel_count_arguments():
    # Threads with a limit, then on one thread: the rest.
    assert queens_cover(6).count(limit=1, threads=2) == 1
    solver = queens_cover(6)
    assert solver.count(limit=1, threads=2) == 1
    assert solver.count() == 3
    solver = queens_cover(6)
    with pytest.raises(ValueError, match="threads must be at least 1"):
        solver.count(threads=0)
    with pytest.raises(TypeError, match="threads must be an int"):
        solver.count(threads="2")
    # Started on one thread: either engine hands the rest to threads (dancing
    # links refused, and went on on one thread only).
    next(solver)
    assert solver.stats["engine"] == "bitset"
    assert solver.count(threads=2) == 3
    solver = queens_cover(6, engine="dlx")
    next(solver)
    assert solver.count(threads=2) == 3
    assert solver.stats["engine"] == "dlx" and solver.stats["solutions"] == 4


@pytest.mark.skipif(sys.platform == "win32", reason="pthread_kill is POSIX")
def test_ctrl_c_interrupts_a_parallel_count():
    solver = queens_cover(20)
    start = time.perf_counter()
    with InterruptMain(0.3), pytest.raises(KeyboardInterrupt):
        solver.count(threads=2)
    assert time.perf_counter() - start < 10
    found = solver._solver.interrupted_count
    assert found > 0
    # The work done so far shows in stats (issues 14 and 15: it read all
    # zeros), the solutions found included ...
    stats = solver.stats
    assert stats["solutions"] == found
    assert stats["nodes"] >= found and stats["updates"] > 0
    # ... and the search keeps every thread's place: it goes on from there.
    assert len(solver.first(2)) == 2
    assert solver.stats["solutions"] == found + 2


@pytest.mark.skipif(sys.platform == "win32", reason="pthread_kill is POSIX")
def test_ctrl_c_interrupts_an_estimate():
    solver = queens_cover(30)
    start = time.perf_counter()
    with InterruptMain(0.3), pytest.raises(KeyboardInterrupt):
        solver.estimate(10**12)  # would take days
    assert time.perf_counter() - start < 10
    # The iterator is untouched: estimating is not searching.
    assert solver.stats["nodes"] == 0
    assert len(solver.first(1)) == 1


def test_estimate_runs_without_the_gil():
    solver = queens_cover(16)
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.005)

    ticker = threading.Thread(target=tick)
    ticker.start()
    try:
        start = time.perf_counter()
        solver.estimate(200_000, seed=1)
        elapsed = time.perf_counter() - start
    finally:
        done.set()
        ticker.join()
    # The other thread kept running while the probes ran.
    during = [t for t in ticks if start <= t <= start + elapsed]
    assert elapsed < 0.05 or len(during) >= 2


@pytest.mark.parametrize(
    "make", [lambda: queens_cover(8), lambda: two_queens_cover(6)], ids=["X", "M"]
)
def test_subtrees_partition_the_solutions_and_travel_as_plain_data(make):
    import pickle

    parts = make().split(10)
    assert len(parts) >= 10
    seen = set()
    total = 0
    for part in parts:
        part = pickle.loads(pickle.dumps(part))  # plain data: it can travel
        solver = make().restrict(part)
        for solution in solver:
            key = frozenset(solution)
            assert key not in seen
            seen.add(key)
            assert set(part.forced) <= key and not set(part.excluded) & key
        total += make().restrict(part).count()
    assert total == len(seen) == make().count()


def test_split_and_restrict_arguments():
    solver = queens_cover(6)
    with pytest.raises(ValueError, match="at least 1"):
        solver.split(0)
    with pytest.raises(
        KeyError, match="forced choice 'nope' of the subtree is not one of the choices"
    ):
        queens_cover(6).restrict((["nope"], []))
    # Once started, split() cuts the rest; restrict() is refused.
    next(solver)
    assert sum(queens_cover(6).restrict(p).count() for p in solver.split(2)) == 3
    with pytest.raises(ValueError, match="has not started"):
        solver.restrict(([], []))


def wide_and_hopeless(fillers):
    """Dominoes on a 10x10 board minus two opposite corners (no tiling, found
    only after a practically endless search), beside `fillers` items that
    stay in the item list all along: every node scans them all."""
    cells = set(product(range(10), repeat=2)) - {(0, 0), (9, 9)}
    choices = {}
    for i, j in cells:
        for di, dj in ((0, 1), (1, 0)):
            if (i + di, j + dj) in cells:
                choices[(i, j, di, dj)] = [(i, j), (i + di, j + dj)]
    # Each filler is in 5 options, more than any cell: never branched on.
    for k in range(fillers):
        choices["filler", k] = [("f", (k + d) % fillers) for d in range(5)]
    return ExactCover(choices)


@pytest.mark.skipif(sys.platform == "win32", reason="pthread_kill is POSIX")
def test_ctrl_c_is_seen_by_the_clock_when_nodes_are_slow():
    # A node takes about 0.3 ms here: a slice of a fixed 16,384 nodes took
    # 5 s before Ctrl-C was seen.
    solver = wide_and_hopeless(200_000)
    start = time.perf_counter()
    with InterruptMain(0.2), pytest.raises(KeyboardInterrupt):
        next(solver)
    assert time.perf_counter() - start < 0.2 + 2


@pytest.mark.skipif(sys.platform == "win32", reason="pthread_kill is POSIX")
def test_ctrl_c_is_seen_during_a_long_probe():
    # 20,000 levels, each scanning the items left: one probe takes about
    # 0.3 s (a first chunk of 64 probes took 20 s before Ctrl-C was seen).
    solver = ExactCover({(k, s): [k] for k in range(20_000) for s in range(2)})
    start = time.perf_counter()
    with InterruptMain(0.1), pytest.raises(KeyboardInterrupt):
        solver.estimate(1000)
    assert time.perf_counter() - start < 0.1 + 1
    assert solver.stats["nodes"] == 0


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a subprocess is POSIX")
def test_ctrl_c_interrupts_building_a_big_problem():
    # In a fresh interpreter: here hypothesis runs Python code in a gc
    # callback, and a KeyboardInterrupt raised there is lost ("Exception
    # ignored"), as it is in any finalizer.
    code = (
        "from exactcover.queens import queens\n"
        "print('building', flush=True)\n"
        "queens(1000)  # a million choices: seconds to build\n"
        "print('built', flush=True)\n"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout.readline() == "building\n"
        time.sleep(0.2)
        start = time.perf_counter()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
        assert time.perf_counter() - start < 2
    finally:
        process.kill()
    assert "built" not in out
    assert "KeyboardInterrupt" in err


def test_one_iterator_from_two_threads_says_it_is_busy() -> None:
    cover = queens(14)  # counting takes about a second
    worker = threading.Thread(target=cover.count)
    worker.start()
    seen = None
    try:
        while worker.is_alive() and seen is None:
            for call in (lambda: cover.stats, lambda: next(cover), cover.count):
                try:
                    call()
                except RuntimeError as error:
                    seen = str(error)
                    break
            time.sleep(0.001)
    finally:
        worker.join()
    assert seen is not None and "busy in another thread" in seen
    assert "borrowed" not in seen
    assert cover.stats["solutions"] == 365596  # the worker's count was not disturbed


def test_every_call_on_a_busy_iterator_says_it_is_busy() -> None:
    # estimate(), split(), restrict(), solution_graph(), cheapest() and
    # memo_stats raised PyO3's bare "Already borrowed", and repr() raised it
    # too (a repr shown by a debugger or a traceback must not raise).
    cover = queens(14)  # counting takes about a second
    calls = {
        "estimate": lambda: cover.estimate(10),
        "split": lambda: cover.split(2),
        "restrict": lambda: cover.restrict(([], [])),
        "solution_graph": cover.solution_graph,
        "cheapest": lambda: cover.cheapest(lambda choice: 1),
        "memo_stats": lambda: cover.memo_stats,
    }
    seen: dict[str, str] = {}
    reprs: set[str] = set()
    worker = threading.Thread(target=cover.count)
    worker.start()
    try:
        while worker.is_alive() and len(seen) < len(calls):
            reprs.add(repr(cover))
            for name, call in calls.items():
                if name not in seen:
                    try:
                        call()
                    except RuntimeError as error:
                        seen[name] = str(error)
            time.sleep(0.001)
    finally:
        worker.join()
    assert set(seen) == set(calls)
    for name, message in seen.items():
        assert "busy in another thread" in message, name
    assert "<ExactCover: 196 choices, 82 constraints, busy>" in reprs
    assert cover.stats["solutions"] == 365596
