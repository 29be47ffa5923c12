"""Exact cover of a 0/1 matrix: rows are options, columns are items.

The classic textbook form of the problem: find sets of rows such that every
column has exactly one 1 in the chosen rows (and every *secondary* column at
most one). The matrix can be

* a NumPy array (any integer, boolean or float dtype holding 0s and 1s),
* a SciPy sparse matrix or sparse array (any format),
* a pandas DataFrame (solutions then use its row labels, and `secondary`
  its column labels),
* or simply a list of lists of 0s and 1s.

NumPy, SciPy and pandas are optional (`pip install exactcover-dlx[matrix]`):
this module never imports them itself unless it is handed an object that
needs them (an object with `__array__` of unknown type), and it only uses
their Python API, not their C ABI.

>>> rows = [[1, 0, 0, 1, 0, 0, 1],
...         [1, 0, 0, 1, 0, 0, 0],
...         [0, 0, 0, 1, 1, 0, 1],
...         [0, 0, 1, 0, 1, 1, 0],
...         [0, 1, 1, 0, 0, 1, 1],
...         [0, 1, 0, 0, 0, 0, 1]]
>>> list(from_matrix(rows))
[[1, 3, 5]]
>>> from_matrix(rows, secondary=[4]).count()
2
"""

from __future__ import annotations

import operator
from collections.abc import Hashable, Iterable
from typing import Any, NamedTuple

from ._arguments import engine as _engine
from ._arguments import seed as _seed
from ._errors import describe, problem_error
from ._export import export
from ._native import Solver as _Solver
from .dlx import DlxProblem
from .search import Search

__all__ = ["MatrixCover", "CoverMatrix", "from_matrix", "to_matrix"]


class MatrixCover(Search["list[Any]"]):
    """An iterator over the exact covers of a 0/1 matrix, made by
    `from_matrix()`.

    Each solution is a list of rows in increasing order: row indices, or a
    DataFrame's row labels. It is a `Search`: `count()` counts the remaining
    solutions without building them (on threads, with a time limit or a
    progress bar); subtrees of `split()` name rows.

    Args:
        options: The columns of the 1s of each row that has any.
        rows: The index of each of those rows.
        n_rows: The number of rows of the matrix.
        n_columns: The number of columns.
        secondary: The secondary columns.
        labels: The row labels of a DataFrame (None: rows are indices).
        seed: The seed of a random search order (None: the rows' order).
        engine: The search engine: `"auto"`, `"bitset"` or `"dlx"`.
    """

    # _labels (of Search): the row (index or label) of each option, in
    # increasing order of rows; _shape: the matrix's (rows, columns).
    __slots__ = ("_shape",)
    _deep = ("_labels",)

    def __init__(
        self,
        options: list[list[int]],
        rows: list[int],
        n_rows: int,
        n_columns: int,
        secondary: set[int],
        labels: list[Hashable] | None,
        seed: int | None,
        engine: str = "auto",
    ) -> None:
        items = [(False, 0, 1) if j in secondary else (True, 1, 1) for j in range(n_columns)]
        solver = _Solver(items, options, seed, None, engine)
        names = rows if labels is None else [labels[r] for r in rows]
        super().__init__(solver, names, (items, options, seed, None, [], engine))
        self._shape = (n_rows, n_columns)

    def _solution(self, ids: list[int]) -> list[Any]:
        """The chosen rows, in increasing order (options are in row order)."""
        labels = self._labels
        return [labels[k] for k in sorted(ids)]

    def __next__(self) -> list[Any]:
        """The next solution: the chosen rows, in increasing order."""
        return super().__next__()

    def _names(self) -> tuple[list[int], list[Any]]:
        """What the item ids of `_spec` stand for: the columns (indices);
        a matrix has no colors."""
        return list(range(self._shape[1])), []

    def __repr__(self) -> str:
        n_rows, n_columns = self._shape
        return f"<MatrixCover: {n_rows}x{n_columns} matrix, {len(self._labels)} nonzero rows>"


def from_matrix(
    matrix: Any,
    secondary: Iterable[Hashable] | None = None,
    *,
    seed: int | None = None,
    random: bool = False,
    engine: str = "auto",
) -> MatrixCover:
    """The exact covers of a 0/1 matrix whose rows are options and whose
    columns are items.

    Rows without a 1 are never part of a solution; a row whose 1s are all in
    secondary columns neither (the search branches on primary columns). A
    matrix without columns has one solution, the empty set of rows.

    >>> import numpy as np
    >>> list(from_matrix(np.array([[1, 0], [0, 1], [1, 1]])))
    [[0, 1], [2]]

    Args:
        matrix: A NumPy array, a SciPy sparse matrix, a pandas DataFrame, or
            a list of lists; every entry must be 0 or 1.
        secondary: The columns that may be covered at most once instead of
            exactly once: column indices, or labels for a DataFrame.
        seed: Search in a random order, reproducible from this integer.
        random: Search in a random order, from a fresh random seed.
        engine: The search engine: `"auto"` (the default: the bitset engine
            where it pays), `"bitset"` or `"dlx"` (dancing links), as for
            `ExactCover`.

    Returns:
        An iterator over the solutions.

    Raises:
        TypeError: If `matrix` is none of the above, `secondary` is a
            string or not iterable, `seed` is not an integer, or `random` is
            not True or False (or None).
        ValueError: If the rows have different lengths, an array does not
            have 2 dimensions, or `engine` is not one of the names above.
        ExactCoverError: If an entry is neither 0 nor 1 (a `ValueError`
            naming the entry), or `engine="bitset"` and the matrix has too
            many rows for the bitset engine.
        KeyError: If a secondary column is not a column index or label.
    """
    labels, column_labels, n_columns, entries = _read(matrix)
    if secondary is None:
        relaxed: set[int] = set()
    else:
        if isinstance(secondary, (str, bytes)):
            raise TypeError("secondary must be an iterable of columns, not a string")
        if not isinstance(secondary, Iterable):
            raise TypeError(
                f"secondary must be an iterable of columns, not {type(secondary).__name__} "
                f"({secondary!r}): write [{secondary!r}] for one column"
            )
        relaxed = set()
        for c in secondary:
            relaxed.update(_column_positions(c, column_labels, n_columns))
    options: list[list[int]] = []
    rows: list[int] = []
    for r, columns in entries:
        if columns:
            options.append(columns)
            rows.append(r)
    seed = _seed(random, seed)
    engine = _engine(engine)
    return MatrixCover(options, rows, len(entries), n_columns, relaxed, labels, seed, engine)


class CoverMatrix(NamedTuple):
    """A problem as a 0/1 matrix (made by `to_matrix`): rows are options,
    columns are items, with what each row and column stands for.

    `from_matrix(m.array, secondary=m.secondary)` is the same problem again.

    Attributes:
        array: The 0/1 matrix: a NumPy array of uint8, or a list of lists of
            ints.
        rows: What each row is: the choice, the option index of a DLX
            problem, the row.
        columns: What each column is: the constraint, the DLX item name, the
            column.
        secondary: The secondary columns (covered at most once), by index.
    """

    array: Any
    rows: list[Any]
    columns: list[Hashable]
    secondary: list[int]


def to_matrix(problem: Any, *, numpy: bool = True) -> CoverMatrix:
    """A problem as a 0/1 matrix whose rows are options and whose columns are items.

    Any problem this package builds can be made a matrix if it needs no more
    than a matrix says: an `ExactCover` (so `queens(8)`, a Sudoku's
    `Sudoku().solver(puzzle)`, ...), a `MultiCover` whose counts are all 1 (a
    polyomino puzzle), a `DlxProblem` or the iterator of one, or a
    `MatrixCover`. Columns are in the order the solver takes its items, rows
    in the order of the choices, so that `from_matrix(m.array,
    secondary=m.secondary)` has the same solutions and searches a tree of the
    same nodes (its `stats` may count other link updates: a row lists its
    items in column order, a choice in its own). Initial choices (a Sudoku's
    clues) are made first, as `write_dlx` makes them: the matrix is the
    problem that remains.

    Args:
        problem: the problem (see above).
        numpy: make a NumPy array of uint8 (True, the default), or a list of
            lists of ints (False: NumPy is not needed; a list without rows
            cannot tell `from_matrix` how many columns it has).

    Returns:
        A `CoverMatrix`: the `array`, what its `rows` and `columns` stand for,
        and which columns are `secondary`.

    Raises:
        TypeError: if `problem` is not a problem this package builds.
        ValueError: if it has what a 0/1 matrix cannot hold, naming it: a
            constraint with a count other than 1, or a color (`write_dlx`
            writes both).
        ImportError: if NumPy is asked for and not installed.

    >>> from exactcover import ExactCover
    >>> m = to_matrix(ExactCover({'a': [1, 2], 'b': [2, 'x']}, secondary=['x']), numpy=False)
    >>> m.array, m.rows, m.columns, m.secondary
    ([[1, 1, 0], [0, 1, 1]], ['a', 'b'], [1, 2, 'x'], [2])
    >>> from_matrix(m.array, secondary=m.secondary).count()
    1
    """
    if isinstance(problem, DlxProblem):
        problem = problem.solutions()
    exported = export(problem)
    for item in exported.items:
        if (item.lo, item.hi) != ((1, 1) if item.primary else (0, 1)):
            how = f"exactly {item.lo}" if item.lo == item.hi else f"{item.lo} to {item.hi}"
            raise ValueError(
                f"constraint {describe(item.name)} is to be covered {how} times: a 0/1 "
                "matrix only has columns covered once or at most once (write_dlx writes "
                "multiplicities)"
            )
    for option, label in zip(exported.options, exported.labels):
        for i, color in option:
            if color is not None:
                raise ValueError(
                    f"choice {describe(label)} gives constraint "
                    f"{describe(exported.items[i].name)} the color {describe(color)}: a 0/1 "
                    "matrix has no colors (write_dlx writes them)"
                )
    columns = [item.name for item in exported.items]
    secondary = [i for i, item in enumerate(exported.items) if not item.primary]
    ones = [[i for i, _ in option] for option in exported.options]
    if numpy:
        try:
            import numpy as np
        except ImportError:
            raise ImportError(
                "to_matrix() makes a NumPy array, but NumPy is not installed: pip install "
                "numpy, or pass numpy=False for a list of lists"
            ) from None
        array: Any = np.zeros((len(ones), len(columns)), dtype=np.uint8)
        rows = np.repeat(np.arange(len(ones)), [len(row) for row in ones])
        array[rows, np.array([i for row in ones for i in row], dtype=np.intp)] = 1
    else:
        array = []
        for row in ones:
            values = [0] * len(columns)
            for i in row:
                values[i] = 1
            array.append(values)
    return CoverMatrix(array, list(exported.labels), columns, secondary)


def _column_positions(c: Hashable, labels: list[Hashable] | None, n_columns: int) -> list[int]:
    """The columns that `c` names: every column with that label (a
    DataFrame may repeat labels), or the one with that index.

    Raises:
        KeyError: If `c` names no column.
    """
    if labels is not None:
        positions = [j for j, label in enumerate(labels) if label == c]
        if not positions:
            raise KeyError(f"secondary column {c!r} is not a column label")
        return positions
    try:
        j = None if isinstance(c, bool) else operator.index(c)  # type: ignore[arg-type]
    except TypeError:
        j = None
    if j is None or not -n_columns <= j < n_columns:
        raise KeyError(f"secondary column {c!r} is not a column index (0..{n_columns - 1})")
    return [j % n_columns]


def _not_binary(r: int, c: int, value: object) -> ValueError:
    """The error for entry `(r, c)`, which holds `value`, neither 0 nor 1."""
    return problem_error(
        f"the matrix must hold only 0s and 1s; entry ({r}, {c}) is {value!r}",
        "not_binary",
        option=r,
        item=c,
    )


def _read(
    matrix: Any,
) -> tuple[list[Hashable] | None, list[Hashable] | None, int, list[tuple[int, list[int]]]]:
    """(row labels, column labels, number of columns, [(row, [columns of its 1s])])."""
    module = type(matrix).__module__ or ""
    if module.startswith("pandas") and hasattr(matrix, "columns") and hasattr(matrix, "index"):
        _, _, _, entries = _read(_dataframe_values(matrix))
        return list(matrix.index), list(matrix.columns), len(matrix.columns), entries
    if module.startswith("scipy.sparse") or (hasattr(matrix, "tocoo") and hasattr(matrix, "nnz")):
        return (None, None, *_read_sparse(matrix))
    if hasattr(matrix, "__array__") or module.startswith("numpy"):
        return (None, None, *_read_array(matrix))
    if isinstance(matrix, (str, bytes)) or not isinstance(matrix, Iterable):
        raise TypeError(
            "matrix must be a NumPy array, a SciPy sparse matrix, a pandas DataFrame or a "
            f"list of lists, not {type(matrix).__name__}"
        )
    return (None, None, *_read_lists(matrix))


def _dataframe_values(frame: Any) -> Any:
    """A DataFrame's values as a sparse COO matrix (sparse frames) or an array."""
    try:
        if len(frame.columns) and all(str(t).startswith("Sparse") for t in frame.dtypes):
            return frame.sparse.to_coo()
    except (AttributeError, TypeError, ValueError):
        pass
    return frame.to_numpy()


def _read_lists(matrix: Iterable[Iterable[Any]]) -> tuple[int, list[tuple[int, list[int]]]]:
    """(number of columns, [(row, [columns of its 1s])]) of a list of lists."""
    entries: list[tuple[int, list[int]]] = []
    n_columns: int | None = None
    for r, row in enumerate(matrix):
        if isinstance(row, (str, bytes)) or not isinstance(row, Iterable):
            raise TypeError(
                f"row {r} of the matrix must be a list of 0s and 1s, not {type(row).__name__}"
            )
        values = list(row)
        if n_columns is None:
            n_columns = len(values)
        elif len(values) != n_columns:
            raise ValueError(f"row {r} has {len(values)} entries, row 0 has {n_columns}")
        columns = []
        for c, v in enumerate(values):
            try:
                if v == 1:
                    columns.append(c)
                    continue
                if v == 0:
                    continue
            except (TypeError, ValueError):
                pass  # no truth value: pandas' NA, an array in a cell
            raise _not_binary(r, c, v)
        entries.append((r, columns))
    return n_columns or 0, entries


def _read_array(matrix: Any) -> tuple[int, list[tuple[int, list[int]]]]:
    """(number of columns, [(row, [columns of its 1s])]) of a NumPy array."""
    import numpy as np

    a = np.asarray(matrix)
    if a.ndim != 2:
        raise ValueError(f"the matrix must have 2 dimensions, not {a.ndim}")
    if a.dtype == object:
        # Entries are Python objects: read them one by one, as a list of
        # lists is read (np.nonzero would take None, '' or [] for 0).
        return _read_lists(a.tolist())
    rows, cols = np.nonzero(a)
    values = a[rows, cols]
    bad = np.flatnonzero(values != 1)
    if bad.size:
        k = int(bad[0])
        raise _not_binary(int(rows[k]), int(cols[k]), values[k].item())
    return a.shape[1], _group(a.shape[0], rows.tolist(), cols.tolist())


def _read_sparse(matrix: Any) -> tuple[int, list[tuple[int, list[int]]]]:
    """(number of columns, [(row, [columns of its 1s])]) of a SciPy sparse
    matrix or array."""
    coo = matrix.tocoo()
    if len(coo.shape) != 2:
        raise ValueError(f"the matrix must have 2 dimensions, not {len(coo.shape)}")
    if coo is matrix:
        # Summing the duplicates sorts the user's own COO matrix: work on a copy.
        coo = coo.copy()
    coo.sum_duplicates()
    rows, cols, data = coo.row.tolist(), coo.col.tolist(), coo.data.tolist()
    keep_rows, keep_cols = [], []
    for r, c, v in zip(rows, cols, data):
        if v == 1:
            keep_rows.append(r)
            keep_cols.append(c)
        elif v != 0:
            raise _not_binary(r, c, v)
    order = sorted(range(len(keep_rows)), key=lambda k: (keep_rows[k], keep_cols[k]))
    n_rows, n_columns = coo.shape
    return n_columns, _group(n_rows, [keep_rows[k] for k in order], [keep_cols[k] for k in order])


def _group(n_rows: int, rows: list[int], cols: list[int]) -> list[tuple[int, list[int]]]:
    """Entries sorted by row -> one (row, columns) pair per row."""
    entries: list[tuple[int, list[int]]] = [(r, []) for r in range(n_rows)]
    for r, c in zip(rows, cols):
        entries[r][1].append(c)
    return entries
