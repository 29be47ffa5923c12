"""The command-line demo: solve and count a built-in problem.

``python -m exactcover`` places n queens on an n x n board (no two in a row,
column or diagonal), prints one solution and counts them all, then does the
same for the 2n-queens problem (two queens per row and column, at most two per
diagonal) with multiplicities.
"""

from __future__ import annotations

import argparse
import time
from itertools import product
from typing import Sequence

from .cover import ExactCover, MultiCover


def _queens_constraints(n: int) -> dict[tuple[int, int], tuple[tuple[str, int], ...]]:
    return {
        (i, j): (("row", i), ("column", j), ("leading", i - j + n - 1), ("trailing", i + j))
        for i, j in product(range(n), repeat=2)
    }


def _diagonals(n: int) -> list[tuple[str, int]]:
    return [(d, k) for d in ("leading", "trailing") for k in range(2 * n - 1)]


def _board(n: int, queens: Sequence[tuple[int, int]]) -> str:
    grid = [["."] * n for _ in range(n)]
    for i, j in queens:
        grid[i][j] = "Q"
    return "\n".join(" ".join(row) for row in grid)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the demo; returns the process exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m exactcover",
        description="Solve and count the n-queens and 2n-queens problems with exactcover.",
    )
    parser.add_argument("-n", type=int, default=8, help="board size (default: 8)")
    args = parser.parse_args(argv)
    n = args.n
    if not 1 <= n <= 20:
        parser.error("n must be between 1 and 20")

    constraints = _queens_constraints(n)
    first = next(ExactCover(constraints, secondary=_diagonals(n)), None)
    print(f"{n}-queens, one solution:")
    print(_board(n, first) if first is not None else "(none)")
    start = time.perf_counter()
    total = ExactCover(constraints, secondary=_diagonals(n)).count()
    print(f"{n}-queens: {total} solutions ({time.perf_counter() - start:.3f} s)\n")

    lines = [(d, k) for d in ("row", "column") for k in range(n)]
    counts = dict.fromkeys(lines + _diagonals(n), 2)
    first = next(MultiCover(constraints, counts=counts, satisfy=lines), None)
    print(f"2n-queens on {n}x{n}, one solution:")
    print(_board(n, first) if first is not None else "(none)")
    if n <= 9:
        start = time.perf_counter()
        total = MultiCover(constraints, counts=counts, satisfy=lines).count()
        print(f"2n-queens on {n}x{n}: {total} solutions ({time.perf_counter() - start:.3f} s)")
    return 0
