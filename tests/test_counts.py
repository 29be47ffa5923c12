"""Known counts from the OEIS, through both Python APIs."""

from itertools import chain, product

import pytest
from conftest import A000170, A225623
from exactcover import ExactCover, MultiCover

# n-queens, n = 1..10; 2n-queens, n = 2..6
A000170 = A000170[:10]
A225623 = A225623[:5]


def queen_constraints(n):
    return {
        ("queen", i, j): (
            ("row", i),
            ("column", j),
            ("leading", i - j + n - 1),
            ("trailing", i + j),
        )
        for i, j in product(range(n), repeat=2)
    }


@pytest.mark.parametrize("n, expected", list(enumerate(A000170, start=1)))
def test_n_queens_with_secondary_diagonals(n, expected):
    diagonals = product(("leading", "trailing"), range(2 * n - 1))
    assert ExactCover(queen_constraints(n), secondary=diagonals).count() == expected


@pytest.mark.parametrize("n, expected", list(enumerate(A000170, start=1)))
def test_n_queens_with_multicover_satisfy(n, expected):
    solver = MultiCover(queen_constraints(n), satisfy=product(("row", "column"), range(n)))
    assert solver.count() == expected


@pytest.mark.parametrize("n, expected", list(enumerate(A000170[:8], start=1)))
def test_n_queens_iteration_matches_count_and_solutions_are_valid(n, expected):
    solutions = list(MultiCover(queen_constraints(n), satisfy=product(("row", "column"), range(n))))
    assert len(solutions) == expected
    for solution in solutions:
        squares = [(i, j) for _, i, j in solution]
        assert len(squares) == n
        for lines in (
            [i for i, _ in squares],
            [j for _, j in squares],
            [i - j for i, j in squares],
            [i + j for i, j in squares],
        ):
            assert len(set(lines)) == n


@pytest.mark.parametrize("n, expected", list(enumerate(A225623, start=2)))
def test_2n_queens_with_counts_of_two(n, expected):
    # The seed's own construction, including counts for two diagonals that no
    # square lies on (k = 2n - 1 and 2n), which must be harmless.
    counts = dict.fromkeys(
        chain(
            product(("row", "column"), range(n)), product(("leading", "trailing"), range(2 * n + 1))
        ),
        2,
    )
    solver = MultiCover(
        queen_constraints(n), counts=counts, satisfy=product(("row", "column"), range(n))
    )
    assert solver.count() == expected


def test_2n_queens_solutions_have_two_per_line():
    n = 5
    counts = dict.fromkeys(
        chain(
            product(("row", "column"), range(n)), product(("leading", "trailing"), range(2 * n - 1))
        ),
        2,
    )
    solutions = list(
        MultiCover(
            queen_constraints(n), counts=counts, satisfy=product(("row", "column"), range(n))
        )
    )
    assert len(solutions) == 92
    assert len({frozenset(s) for s in solutions}) == 92
    for solution in solutions:
        assert len(solution) == 2 * n
        for f in (lambda i, j: i, lambda i, j: j):
            assert sorted(f(i, j) for _, i, j in solution) == sorted(list(range(n)) * 2)
        for f in (lambda i, j: i - j, lambda i, j: i + j):
            values = [f(i, j) for _, i, j in solution]
            assert max(values.count(v) for v in values) <= 2


def test_count_limit_and_resume():
    solver = ExactCover(queen_constraints(8), secondary=product(("leading", "trailing"), range(15)))
    first = solver.first(2)
    assert len(first) == 2
    assert solver.count(limit=10) == 10
    assert solver.count() == 80
    assert solver.count() == 0
    assert list(solver) == []
    assert solver.stats["solutions"] == 92


def test_random_order_is_reproducible_and_complete():
    def run(seed):
        return list(
            ExactCover(
                queen_constraints(6),
                secondary=product(("leading", "trailing"), range(11)),
                seed=seed,
            )
        )

    assert run(3) == run(3)
    assert sorted(map(sorted, run(3))) == sorted(map(sorted, run(None)))
    firsts = {
        tuple(
            next(
                ExactCover(
                    queen_constraints(8),
                    random=True,
                    secondary=product(("leading", "trailing"), range(15)),
                )
            )
        )
        for _ in range(20)
    }
    assert len(firsts) > 1
