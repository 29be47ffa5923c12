"""Counting options together (issue 30): what progress, stopping and
resuming, and solutions on threads cost.

    python benches/options.py                       # 2 threads, 5 rounds
    python benches/options.py --threads 2 4 8 16    # a bigger machine
    python benches/options.py --rounds 3 --quick    # smaller instances

Three measurements, each as a ratio of medians over interleaved rounds (the
two sides of a ratio run one after the other in every round, so that a
noisy machine slows both):

1. `count(threads=N, progress=True)` against `count(threads=N)` on queens
   14 (365,596 solutions; the memo drops itself): the progress bar's cost,
   its figures computed by the threads and drawn every 0.2 s (the bar writes
   to a buffer here). Target: within 3%.
2. `count(threads=N)` stopped by a `timeout` at least ten times and resumed
   each time, against one uninterrupted `count(threads=N)`: the time of all
   calls together (the stops park every thread's work; the resumes start
   threads again). Target: within 10%. The timeout is a twelfth of the
   uninterrupted median.
3. `solutions(threads=N)` over the 9,356 tilings of the 6 x 10 rectangle
   by the twelve pentominoes (every solution built and handed to Python)
   against iterating on one thread.

Every count and every set of solutions is checked. Needs a release build
(`maturin develop --release`); no network, no other package.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from exactcover import SearchTimeout
from instances import INSTANCES


def timed(run: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = run()
    return time.perf_counter() - start, result


def count_with_progress(make: Callable[[], Any], threads: int) -> int:
    # The bar (tqdm, or plain lines where stderr is no terminal) writes here.
    with contextlib.redirect_stderr(io.StringIO()):
        return make().count(threads=threads, progress=True)  # type: ignore[no-any-return]


def count_interrupted(make: Callable[[], Any], threads: int, timeout: float) -> tuple[int, int]:
    """Counts to the end through stops every `timeout` seconds: (total, stops)."""
    search = make()
    total = stops = 0
    while True:
        try:
            return total + search.count(threads=threads, timeout=timeout), stops
        except SearchTimeout as stopped:
            total += stopped.count
            stops += 1


def measure(threads: int, rounds: int, queens_name: str, queens: Any, tiling: Any) -> None:
    """The three measurements on `threads` threads: one table row each."""
    # 1. progress
    plain, bar = [], []
    for _ in range(rounds):
        t, n = timed(lambda: queens.solver().count(threads=threads))
        assert n == queens.expected, n
        plain.append(t)
        t, n = timed(lambda: count_with_progress(queens.solver, threads))
        assert n == queens.expected, n
        bar.append(t)
    a, b = statistics.median(plain), statistics.median(bar)
    print(
        f"| {queens_name} count(progress=True) / count() | {threads} | "
        f"{a:.3f} s | {b:.3f} s | {b / a:.3f} |"
    )
    # 2. stopped and resumed
    timeout = a / 12
    whole, pieces, stops_seen = [], [], []
    for _ in range(rounds):
        t, n = timed(lambda: queens.solver().count(threads=threads))
        assert n == queens.expected, n
        whole.append(t)
        t, (n, stops) = timed(lambda: count_interrupted(queens.solver, threads, timeout))
        assert n == queens.expected, n
        pieces.append(t)
        stops_seen.append(stops)
    a, b = statistics.median(whole), statistics.median(pieces)
    print(
        f"| {queens_name} count(timeout={1000 * timeout:.0f} ms) resumed "
        f"({min(stops_seen)}-{max(stops_seen)} stops) / count() | {threads} | "
        f"{a:.3f} s | {b:.3f} s | {b / a:.3f} |"
    )
    # 3. solutions on threads
    one, many = [], []
    expected: set[frozenset[Any]] | None = None
    for _ in range(rounds):
        t, found = timed(lambda: [frozenset(s) for s in tiling.solver()])
        one.append(t)
        expected = set(found)
        assert len(found) == len(expected) == tiling.expected
        t, found = timed(lambda: [frozenset(s) for s in tiling.solver().solutions(threads=threads)])
        many.append(t)
        assert len(found) == tiling.expected and set(found) == expected
    a, b = statistics.median(one), statistics.median(many)
    print(
        f"| pentominoes-6x10 solutions(threads=N) / one thread | {threads} | "
        f"{a:.3f} s | {b:.3f} s | {b / a:.3f} |"
    )
    sys.stdout.flush()


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--threads", type=int, nargs="+", default=[2])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="queens 13 instead of 14")
    args = parser.parse_args(argv)
    queens_name = "queens-13" if args.quick else "queens-14"
    queens = INSTANCES[queens_name][0]()
    tiling = INSTANCES["pentominoes-6x10"][0]()

    print(f"| measure ({args.rounds} rounds, medians) | threads | baseline | with | ratio |")
    print("|---|---:|---:|---:|---:|")
    for threads in args.threads:
        measure(threads, args.rounds, queens_name, queens, tiling)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
