"""0/1 matrices: lists, NumPy arrays, SciPy sparse matrices, pandas DataFrames."""

from __future__ import annotations

import subprocess
import sys
from itertools import product

import pytest
from exactcover import ExactCover, ExactCoverError, from_matrix

np = pytest.importorskip("numpy")

# The matrix of seed 004 (course notes): one exact cover, rows 1, 3, 5.
ROWS = [
    [1, 0, 0, 1, 0, 0, 1],
    [1, 0, 0, 1, 0, 0, 0],
    [0, 0, 0, 1, 1, 0, 1],
    [0, 0, 1, 0, 1, 1, 0],
    [0, 1, 1, 0, 0, 1, 1],
    [0, 1, 0, 0, 0, 0, 1],
]


def test_lists() -> None:
    assert list(from_matrix(ROWS)) == [[1, 3, 5]]
    assert from_matrix(ROWS).count() == 1
    assert sorted(from_matrix(ROWS, secondary=[4])) == [[1, 3, 5], [1, 4]]
    assert sorted(from_matrix(ROWS, secondary=[-3])) == [[1, 3, 5], [1, 4]]
    assert list(from_matrix([[True, False], [False, True]])) == [[0, 1]]


def test_numpy_dtypes() -> None:
    for dtype in (int, bool, float, np.uint8):
        a = np.array(ROWS, dtype=dtype)
        assert list(from_matrix(a)) == [[1, 3, 5]]
    assert from_matrix(np.array(ROWS), secondary=np.array([4])).count() == 2
    assert from_matrix(np.asfortranarray(np.array(ROWS))[:, ::-1]).count() == 1


def test_edge_cases() -> None:
    assert list(from_matrix(np.zeros((3, 0)))) == [[]]  # no columns: one empty cover
    assert list(from_matrix(np.zeros((0, 2)))) == []  # columns to cover, no rows
    assert list(from_matrix([[1, 0], [0, 0], [0, 1]])) == [[0, 2]]  # zero rows are skipped
    assert list(from_matrix([[1, 0], [0, 1]], secondary=[1])) == [[0]]


def test_errors() -> None:
    with pytest.raises(ExactCoverError, match=r"entry \(1, 2\) is 2"):
        from_matrix(np.array([[1, 0, 0], [0, 0, 2]]))
    with pytest.raises(ExactCoverError, match=r"entry \(0, 1\) is nan"):
        from_matrix(np.array([[1, np.nan]]))
    with pytest.raises(ExactCoverError, match=r"entry \(0, 0\) is -1"):
        from_matrix([[-1]])
    with pytest.raises(ValueError, match="2 dimensions"):
        from_matrix(np.array([1, 0]))
    with pytest.raises(ValueError, match="row 1 has 1 entries"):
        from_matrix([[1, 0], [1]])
    with pytest.raises(KeyError):
        from_matrix(ROWS, secondary=[7])
    with pytest.raises(TypeError):
        from_matrix("not a matrix")
    with pytest.raises(ValueError):
        from_matrix(ROWS).count(-1)


def test_scipy_sparse() -> None:
    sparse = pytest.importorskip("scipy.sparse")
    for convert in (sparse.csr_matrix, sparse.csc_matrix, sparse.coo_array, sparse.lil_matrix):
        m = convert(np.array(ROWS))
        assert list(from_matrix(m)) == [[1, 3, 5]]
        assert from_matrix(m, secondary=[4]).count() == 2
    # Explicit zeros are ignored; duplicates are summed (1 + 1 = 2 is not binary).
    m = sparse.coo_matrix(([1, 0, 1], ([0, 0, 1], [0, 1, 1])), shape=(2, 2))
    assert list(from_matrix(m)) == [[0, 1]]
    m = sparse.coo_matrix(([1, 1], ([0, 0], [0, 0])), shape=(1, 1))
    with pytest.raises(ExactCoverError, match="is 2"):
        from_matrix(m)


def test_pandas_labels() -> None:
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame(ROWS, index=[f"r{k}" for k in range(6)], columns=list("abcdefg"))
    assert list(from_matrix(frame)) == [["r1", "r3", "r5"]]
    assert sorted(from_matrix(frame, secondary=["e"])) == [["r1", "r3", "r5"], ["r1", "r4"]]
    with pytest.raises(KeyError):
        from_matrix(frame, secondary=[4])
    sparse_frame = frame.astype(pd.SparseDtype(int, 0))
    assert list(from_matrix(sparse_frame)) == [["r1", "r3", "r5"]]


def queens_matrix(n: int) -> tuple[list[list[int]], list[int]]:
    """n-queens as a 0/1 matrix (seed 004): rank, file, then the diagonals (secondary)."""
    rows = []
    for i, j in product(range(n), repeat=2):
        row = [0] * (6 * n - 2)
        row[i] = row[n + j] = row[2 * n + i + j] = row[4 * n - 1 + i - j + n - 1] = 1
        rows.append(row)
    return rows, list(range(2 * n, 6 * n - 2))


@pytest.mark.parametrize("n, expected", [(4, 2), (6, 4), (8, 92)])
def test_queens_matrix(n: int, expected: int) -> None:
    rows, diagonals = queens_matrix(n)
    assert from_matrix(np.array(rows), secondary=diagonals).count() == expected
    solution = next(from_matrix(rows, secondary=diagonals, seed=1))
    assert len(solution) == n


def test_pentominoes_8x8_minus_corners() -> None:
    """Seed 003: the 1915 x 72 pandas matrix of the clipped 8x8 board, 2170 covers."""
    pd = pytest.importorskip("pandas")
    shapes = [
        [[0, 1, 1], [1, 1, 0], [0, 1, 0]],
        [[1, 1, 1, 1, 1]],
        [[1, 1, 1, 1], [0, 0, 0, 1]],
        [[1, 1, 0, 0], [0, 1, 1, 1]],
        [[1, 1, 1], [0, 1, 1]],
        [[1, 1, 1], [0, 1, 0], [0, 1, 0]],
        [[1, 0, 1], [1, 1, 1]],
        [[1, 0, 0], [1, 0, 0], [1, 1, 1]],
        [[1, 0, 0], [1, 1, 0], [0, 1, 1]],
        [[0, 1, 0], [1, 1, 1], [0, 1, 0]],
        [[0, 0, 1, 0], [1, 1, 1, 1]],
        [[1, 1, 0], [0, 1, 0], [0, 1, 1]],
    ]
    rows = []
    for piece, shape in enumerate(shapes):
        base = np.array(shape)
        if piece == 0:
            orientations = [base]  # F in one orientation only: no symmetric copies
        else:
            seen: set[bytes] = set()
            orientations = []
            for a in (base, base.T):
                for b in (a, np.fliplr(a)):
                    for c in (b, np.flipud(b)):
                        key = repr(c.tolist()).encode()
                        if key not in seen:
                            seen.add(key)
                            orientations.append(c)
        for a in orientations:
            h, w = a.shape
            for i in range(9 - h):
                for j in range(9 - w):
                    board = np.zeros((8, 8), dtype=int)
                    board[i : i + h, j : j + w] = a
                    if board[0, 0] == board[0, 7] == board[7, 0] == board[7, 7] == 0:
                        cells = np.delete(board.reshape(64), [0, 7, 56, 63])
                        rows.append(list(cells) + [int(k == piece) for k in range(12)])
    frame = pd.DataFrame(rows)
    assert frame.shape == (1915, 72)
    assert from_matrix(frame).count() == 2170


def test_same_as_exact_cover() -> None:
    rows, diagonals = queens_matrix(5)
    constraints = {k: [j for j, v in enumerate(row) if v] for k, row in enumerate(rows)}
    assert sorted(from_matrix(rows, secondary=diagonals)) == sorted(
        sorted(s) for s in ExactCover(constraints, secondary=diagonals)
    )


def test_import_does_not_need_numpy() -> None:
    code = (
        "import sys; sys.modules['numpy'] = None; sys.modules['pandas'] = None; "
        "sys.modules['scipy'] = None; import exactcover; "
        "print(exactcover.from_matrix([[1, 0], [0, 1]]).count())"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "1"


def test_secondary_marks_every_column_of_a_repeated_dataframe_label():
    pd = pytest.importorskip("pandas")
    from exactcover import from_matrix

    frame = pd.DataFrame([[1, 1, 0], [0, 0, 1], [1, 0, 1]], columns=["p", "a", "a"])
    # Columns 1 and 2 are both secondary: row 0 alone, or row 2 alone, covers
    # column "p" (with column 2 primary, row 0 would need row 1).
    assert sorted(from_matrix(frame, secondary=["a"])) == [[0], [2]]
    assert sorted(from_matrix(frame.to_numpy(), secondary=[1, 2])) == [[0], [2]]


@pytest.mark.parametrize("bad", [None, "a", "", "1", 2, [1]], ids=repr)
def test_matrices_hold_only_0s_and_1s_in_arrays_and_lists_alike(bad):
    from exactcover import ExactCoverError, from_matrix

    rows = [[1, 0], [0, bad]]
    array = np.empty((2, 2), dtype=object)
    array[:] = [[1, 0], [0, 0]]
    array[1, 1] = bad
    for matrix in (rows, array):
        with pytest.raises(ExactCoverError, match=r"entry \(1, 1\) is"):
            from_matrix(matrix)
    # Object arrays of 0s and 1s (any numeric type) are fine.
    array[1, 1] = np.int8(1)
    assert list(from_matrix(array)) == [[0, 1]]


def test_odd_entries_and_shapes_are_errors_that_name_them() -> None:
    pd = pytest.importorskip("pandas")
    sparse = pytest.importorskip("scipy.sparse")
    # pandas' NA and an array in a cell have no truth value: "boolean value of
    # NA is ambiguous" or "The truth value of an array ... is ambiguous".
    frame = pd.DataFrame({"a": pd.array([1, None], dtype="Int64"), "b": [0, 1]})
    with pytest.raises(ExactCoverError, match=r"entry \(1, 0\) is <NA>"):
        from_matrix(frame)
    with pytest.raises(ExactCoverError, match=r"entry \(0, 0\) is array"):
        from_matrix([[np.array([1, 1]), 0]])
    # A 1-D sparse array: "not enough values to unpack (expected 2, got 1)".
    with pytest.raises(ValueError, match="must have 2 dimensions, not 1"):
        from_matrix(sparse.coo_array(np.array([1, 0, 1])))
    # One secondary column, not in a list: "'int' object is not iterable".
    with pytest.raises(TypeError, match=r"secondary must be an iterable of columns, not int"):
        from_matrix(ROWS, secondary=4)


def test_a_coo_matrix_is_left_as_it_was_given() -> None:
    # Its duplicates were summed in place, which sorted the user's arrays.
    sparse = pytest.importorskip("scipy.sparse")
    for make in (sparse.coo_matrix, sparse.coo_array):
        m = make(([1, 1, 1], ([1, 0, 0], [0, 1, 1])), shape=(2, 2))
        with pytest.raises(ExactCoverError, match=r"entry \(0, 1\) is 2"):
            from_matrix(m)
        assert m.row.tolist() == [1, 0, 0] and m.data.tolist() == [1, 1, 1]
        m = make(([1, 1], ([1, 0], [0, 1])), shape=(2, 2))
        assert list(from_matrix(m)) == [[0, 1]]
        assert m.row.tolist() == [1, 0] and m.col.tolist() == [0, 1]
