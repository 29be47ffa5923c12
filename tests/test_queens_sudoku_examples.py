"""The queens and Sudoku examples of the original documentation (seeds
001-004), against exactcover.queens, exactcover.sudoku and 0/1 matrices.

Examples whose output does not depend on the search order run verbatim as
doctests. Where a seed shows "the first solution found", ours may be another
one: the test checks that it is a solution of the same problem.
"""

import doctest
from itertools import product

import pytest
from exactcover import ExactCover, Sudoku, decode_queens, from_matrix, queens_2n
from exactcover.queens import queens

# Seed 001, section 1 (ExactCover with gadgets) and section 3 (MultiCover):
# the counts of the n-queens problem, OEIS A000170. Verbatim but for one thing:
# the seed's second example says range(4, 13) but its output runs to n = 13
# (73712 solutions), so it must have been run with range(4, 14).
QUEENS_COUNTS = """
>>> [sum(1 for _ in queens(n)) for n in range(1, 11)]
[1, 0, 0, 2, 10, 4, 40, 92, 352, 724]
>>> [sum(1 for _ in queens(i)) for i in range(4, 14)]
[2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712]
"""

# Seed 001, section 3: the 2n-queens problem (the seed redefines `queens`),
# OEIS A225623. Verbatim.
TWO_N_QUEENS_COUNTS = """
>>> [sum(1 for _ in queens(i)) for i in range(2, 9)]
[1, 2, 11, 92, 1097, 19448, 477136]
"""


def run_doctest(text, name, globs):
    test = doctest.DocTestParser().get_doctest(text, dict(globs), name, None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    return runner.summarize(verbose=False)


def test_queens_counts_verbatim():
    result = run_doctest(QUEENS_COUNTS, "queens-counts", {"queens": queens})
    assert result.failed == 0 and result.attempted == 2


def test_2n_queens_counts_verbatim():
    result = run_doctest(TWO_N_QUEENS_COUNTS, "2n-queens-counts", {"queens": queens_2n})
    assert result.failed == 0 and result.attempted == 1


def read_board(text):
    """The queens of a board drawn by decode_queens, checked for shape."""
    lines = text.split("\n")
    n = len(lines)
    assert all(len(line) == n and set(line) <= {"+", "♛"} for line in lines)
    return n, [(i, j) for i, line in enumerate(lines) for j, ch in enumerate(line) if ch == "♛"]


def lines_of(squares):
    counts = {}
    for i, j in squares:
        for line in (("row", i), ("column", j), ("leading", i - j), ("trailing", i + j)):
            counts[line] = counts.get(line, 0) + 1
    return counts


def test_first_12_queens_solution_is_a_solution():
    # >>> print(decode_queens(12, next(queens(12))))
    n, squares = read_board(decode_queens(12, next(queens(12))))
    assert n == 12 and len(squares) == 12
    assert all(count == 1 for count in lines_of(squares).values())


def test_first_16_queens_solution_is_a_solution():
    # >>> print(decode_queens(8, next(queens(8))))   (the 2n-queens `queens`)
    n, squares = read_board(decode_queens(8, next(queens_2n(8))))
    assert n == 8 and len(squares) == 16
    counts = lines_of(squares)
    assert all(counts[kind, k] == 2 for kind in ("row", "column") for k in range(8))
    assert all(count <= 2 for count in counts.values())


def test_the_gadget_free_exact_cover_has_no_solution():
    # Every diagonal a primary constraint: 15 leading diagonals cannot all be
    # covered by 8 queens, so `next(queens())` raises StopIteration.
    squares = {
        ("queen", i, j): [("row", i), ("column", j), ("leading", i - j + 7), ("trailing", i + j)]
        for i, j in product(range(8), repeat=2)
    }
    with pytest.raises(StopIteration):
        next(ExactCover(squares))


def test_gadgets_give_the_same_counts():
    # One extra choice per diagonal covers it when no queen does.
    def with_gadgets(n):
        choices = {
            ("queen", i, j): [
                ("row", i),
                ("column", j),
                ("leading", i - j + n - 1),
                ("trailing", i + j),
            ]
            for i, j in product(range(n), repeat=2)
        }
        for kind, k in product(("leading", "trailing"), range(2 * n - 1)):
            choices[kind, k] = [(kind, k)]
        return ExactCover(choices)

    assert [sum(1 for _ in with_gadgets(n)) for n in range(1, 9)] == [1, 0, 0, 2, 10, 4, 40, 92]
    # The decoder ignores the gadgets.
    solution = next(with_gadgets(6))
    assert len(solution) > 6
    assert read_board(decode_queens(6, solution))[1] == sorted(
        (c[1], c[2]) for c in solution if c[0] == "queen"
    )


@pytest.mark.parametrize("box_rows, box_cols", [(2, 2), (2, 3), (3, 3)])
def test_matrix_dimensions_and_indices(box_rows, box_cols):
    # Rows: ni * nj * nv; columns: ni*nj + ni*nv + nj*nv + nb*nv, in the order
    # cell, row, column and block constraints; getRowIndex(i, j, v) = i*n*n + j*n + v.
    s = Sudoku(box_rows, box_cols)
    n = s.n
    m = s.matrix(numpy=False)
    assert len(m.array) == n * n * n
    assert all(len(row) == n * n + n * n + n * n + n * n for row in m.array)
    for i, j, v in product(range(n), repeat=3):
        row = m.array[i * n * n + j * n + v]
        b = (i // box_rows) * (n // box_cols) + j // box_cols
        expected = [i * n + j, n * n + i * n + v, 2 * n * n + j * n + v, 3 * n * n + b * n + v]
        assert [c for c, x in enumerate(row) if x] == expected
    # Every column is marked in exactly n rows.
    assert all(sum(row[c] for row in m.array) == n for c in range(4 * n * n))


PUZZLE = "010009000743002000000800102000000400000060050009001007005000060001000900000750801"


def test_sudoku_through_the_matrix():
    # 729 rows, minus the rows contradicted by the hints; 324 columns; four 1s a row.
    pytest.importorskip("numpy")
    s = Sudoku()
    m = s.matrix(PUZZLE)
    clues = sum(ch != "0" for ch in PUZZLE)
    assert m.array.shape == (729 - 8 * clues, 324)
    assert (m.array.sum(axis=1) == 4).all()
    (solution,) = list(from_matrix(m.array))
    grid = [[0] * 9 for _ in range(9)]
    for r in solution:
        i, j, v = m.rows[r]
        grid[i][j] = int(v)
    assert grid == [[int(v) for v in row] for row in s.solve(PUZZLE).rows()]
    assert s.has_unique_solution(PUZZLE)


def test_eight_queens_as_a_matrix_with_secondary_columns():
    # 16 primary columns (ranks and files), 30 secondary ones (up and down diagonals).
    rows = []
    for i, j in product(range(8), repeat=2):
        row = [0] * 46
        row[i] = row[8 + j] = row[16 + i + j] = row[31 + i - j + 7] = 1
        rows.append(row)
    assert from_matrix(rows, secondary=range(16, 46)).count() == 92 == queens(8).count()
