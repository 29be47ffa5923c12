"""What the test modules share: known counts (OEIS), the brute-force oracles
and the random problems they judge, the n-queens problem, Knuth's dlx1
example. Test modules import these names (``from conftest import ...``)."""

from __future__ import annotations

import threading
from collections.abc import Hashable, Iterable, Mapping
from itertools import combinations, product
from typing import Any

from exactcover import ExactCover, MultiCover
from hypothesis import strategies as st

# Known counts -------------------------------------------------------------------

#: OEIS A000170: solutions of the n-queens problem, n = 1..12.
A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200]
#: OEIS A225623: 2n-queens (two queens on every row and column, at most two
#: on every diagonal), n = 2..7.
A225623 = [1, 2, 11, 92, 1097, 19448]

#: Knuth's example from dlx1 (one solution: A D, B G, C E F).
DLX1 = """\
| A simple example
A B C D E | F G
C E F
A D G
B C F
A D
B G
D E G
"""

# The n-queens problem -----------------------------------------------------------


def dominoes(cells: Iterable[tuple[int, int]]) -> ExactCover[Any]:
    """Domino tilings of a set of cells (row, column), the cells numbered
    row by row: cells are the constraints, dominoes the choices (not
    `exactcover.dominoes.domino_tilings`, which numbers them its own way)."""
    region = set(cells)
    return ExactCover(
        {
            (a, b): [a, b]
            for a in sorted(region)
            for b in ((a[0], a[1] + 1), (a[0] + 1, a[1]))
            if b in region
        },
        # A cell no domino reaches still needs one: no tiling.
        primary=sorted(region),
    )


def queens_problem(n: int) -> tuple[dict[tuple[int, int], list[tuple[str, int]]], set[Any]]:
    """The squares of an n x n board, each with its row, column and two
    diagonals, and the diagonals (secondary: at most one queen each)."""
    squares = {
        (i, j): [("row", i), ("col", j), ("diag", i - j), ("anti", i + j)]
        for i, j in product(range(n), repeat=2)
    }
    diagonals = {c for cs in squares.values() for c in cs if c[0] in ("diag", "anti")}
    return squares, diagonals


def queens_cover(n: int, **kwargs: Any) -> ExactCover[tuple[int, int]]:
    """The n-queens problem as an ExactCover (keyword arguments passed on)."""
    squares, diagonals = queens_problem(n)
    return ExactCover(squares, secondary=diagonals, **kwargs)


def two_queens_cover(n: int) -> MultiCover[tuple[int, int]]:
    """The 2n-queens problem as a MultiCover."""
    squares, diagonals = queens_problem(n)
    lines = [(d, k) for d in ("row", "col") for k in range(n)]
    counts = dict.fromkeys([*lines, *diagonals], 2)
    return MultiCover(squares, counts=counts, satisfy=lines)


# Oracles --------------------------------------------------------------------------

CONSTRAINTS = st.one_of(st.integers(0, 6), st.sampled_from(["a", "b", ("t", 1), frozenset({2})]))


@st.composite
def problems(draw: Any) -> tuple[list[Hashable], dict[Hashable, list[Hashable]]]:
    """A universe of constraints, and a dict choice -> list of distinct
    constraints (0..10 choices)."""
    universe = draw(st.lists(CONSTRAINTS, min_size=1, max_size=7, unique=True))
    n = draw(st.integers(0, 10))
    choices = {}
    for k in range(n):
        cons = draw(st.lists(st.sampled_from(universe), min_size=1, max_size=4, unique=True))
        choices[("choice", k) if k % 2 else f"c{k}"] = cons
    return universe, choices


def brute_force(
    choices: Mapping[Any, Iterable[Hashable]],
    bounds: Mapping[Hashable, tuple[int, int]],
    primary: Iterable[Hashable],
    initial: Iterable[Any] = (),
) -> set[frozenset[Any]]:
    """All sets of choices (as frozensets) that include `initial`, in which every
    non-initial choice satisfies a primary constraint, and every constraint c is
    satisfied between bounds[c][0] and bounds[c][1] times."""
    names = list(choices)
    primary = set(primary)
    initial = set(initial)
    result = set()
    for r in range(len(names) + 1):
        for subset in combinations(names, r):
            if not initial <= set(subset):
                continue
            if any(c not in initial and not any(x in primary for x in choices[c]) for c in subset):
                continue
            tally: dict[Hashable, int] = {}
            for c in subset:
                for x in choices[c]:
                    tally[x] = tally.get(x, 0) + 1
            if all(lo <= tally.get(x, 0) <= hi for x, (lo, hi) in bounds.items()):
                result.add(frozenset(subset))
    return result


def with_secondary(
    problem: tuple[list[Hashable], dict[Hashable, list[Hashable]]], data: Any
) -> tuple[dict[Hashable, list[Hashable]], list[Hashable], set[frozenset[Any]]]:
    """A drawn problem (see `problems`) with drawn secondary constraints
    (covered at most once, the others exactly once): its choices, the
    secondary constraints and its solutions by brute force."""
    universe, choices = problem
    secondary = data.draw(st.lists(st.sampled_from(universe), unique=True))
    used = {x for cons in choices.values() for x in cons}
    bounds = {x: ((0, 1) if x in secondary else (1, 1)) for x in used}
    return choices, secondary, brute_force(choices, bounds, used - set(secondary))


@st.composite
def swept_problems(
    draw: Any,
) -> tuple[dict[Hashable, list[Hashable]], list[Hashable], list[Hashable], int]:
    """A random problem of `problems()` with random secondary items and a
    random sweep order (a prefix of a permutation of the items used):
    (choices, secondary, order, the brute force's count)."""
    universe, choices = draw(problems())
    secondary = draw(st.lists(st.sampled_from(universe), unique=True))
    used = {x for cons in choices.values() for x in cons}
    bounds = {x: ((0, 1) if x in secondary else (1, 1)) for x in used}
    expected = len(brute_force(choices, bounds, used - set(secondary)))
    order = draw(st.permutations(sorted(used, key=repr)))
    order = order[: draw(st.integers(0, len(order)))]
    return choices, secondary, order, expected


def colored_brute_force(
    choices: Mapping[Any, Mapping[Hashable, Hashable]],
    secondary: Iterable[Hashable],
    counts: Mapping[Hashable, int] | None = None,
) -> set[frozenset[Any]]:
    """Solutions of a problem with colors (Knuth's XCC): every set of
    choices, each with a primary constraint, covering each primary
    constraint c exactly counts.get(c, 1) times and each secondary one at
    most once, unless all the choices containing it give it one same color
    (None is no color)."""
    counts = counts or {}
    secondary = set(secondary)
    used = {c for cons in choices.values() for c in cons}
    primary = used - secondary
    bounds = {c: ((0, len(choices)) if c in secondary else (counts.get(c, 1),) * 2) for c in used}
    found = set()
    for solution in brute_force({k: list(v) for k, v in choices.items()}, bounds, primary):
        given: dict[Hashable, set[Hashable]] = {c: set() for c in secondary & used}
        tally = dict.fromkeys(given, 0)
        for choice in solution:
            for c, color in choices[choice].items():
                if c in given:
                    given[c].add(color)
                    tally[c] += 1
        if all(tally[c] <= 1 or (len(given[c]) == 1 and None not in given[c]) for c in given):
            found.add(solution)
    return found


def count_in_background(
    problem: Any, **options: Any
) -> tuple[threading.Thread, list[int], list[BaseException]]:
    """Starts `count_distributed(problem, **options)` on a thread, for the
    tests that kill workers while it counts.

    Returns:
        The started thread, the list its total goes into and the list its
        error (if any) goes into.
    """
    from exactcover.distributed import count_distributed

    result: list[int] = []
    errors: list[BaseException] = []

    def count() -> None:
        try:
            result.append(count_distributed(problem, **options))
        except BaseException as error:
            errors.append(error)

    thread = threading.Thread(target=count)
    thread.start()
    return thread, result, errors
