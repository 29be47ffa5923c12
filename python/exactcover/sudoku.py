"""Sudoku of any size as an exact cover problem: solve, count, generate, draw.

An n x n Sudoku has boxes of r x c cells (n = r * c; 9 x 9 grids have 3 x 3
boxes, 6 x 6 grids 2 x 3 boxes) and n symbols. As an exact cover problem
(the rows of `Sudoku.matrix`) each choice `(i, j, v)` writes symbol `v` in row `i`,
column `j` (from 0) and satisfies four constraints:

* `('cell', i, j)`: the cell holds a symbol,
* `('row', i, v)`: row i holds v,
* `('column', j, v)`: column j holds v,
* `('box', b, v)`: box b holds v (boxes numbered from 0, left to right, top
  to bottom).

The clues of a puzzle are initial choices. `Sudoku` holds the rules of
one size and does the work; `SudokuGrid` is a grid (a puzzle or a
solution) that prints itself and draws itself as SVG.

>>> puzzle = parse_sudoku('''
... 53..7....
... 6..195...
... .98....6.
... 8...6...3
... 4..8.3..1
... 7...2...6
... .6....28.
... ...419..5
... ....8..79''')
>>> solution = puzzle.solve()
>>> print(solution)
5 3 4 | 6 7 8 | 9 1 2
6 7 2 | 1 9 5 | 3 4 8
1 9 8 | 3 4 2 | 5 6 7
------+-------+------
8 5 9 | 7 6 1 | 4 2 3
4 2 6 | 8 5 3 | 7 9 1
7 1 3 | 9 2 4 | 8 5 6
------+-------+------
9 6 1 | 5 3 7 | 2 8 4
2 8 7 | 4 1 9 | 6 3 5
3 4 5 | 2 8 6 | 1 7 9
>>> puzzle.count(limit=2)
1
"""

from __future__ import annotations

import math
import random as _random
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Union

from ._arguments import integer as _integer
from ._arguments import seed as _seed
from .cover import ExactCover

if TYPE_CHECKING:
    from .svg import Picture

__all__ = ["Sudoku", "SudokuGrid", "SudokuMatrix", "parse_sudoku", "sudoku_svg"]

#: A choice of the exact cover problem: `(row, column, symbol)`.
Choice = tuple[int, int, str]
#: What the solving methods accept as a puzzle: text, a grid, or rows of cells
#: (symbols, 1-based symbol numbers, or 0 / None / '.' for a blank).
Puzzle = Union[str, "SudokuGrid", Sequence[Sequence[Any]]]

#: The default symbols: 1-9, then A-Z (a 16 x 16 grid uses 1-9 and A-G).
DEFAULT_SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: Characters read as a blank cell ('0' only when it is not a symbol).
BLANKS = "._0"
#: Characters that only lay a grid out: ignored when parsing.
SEPARATORS = "|-+"


def _positive(name: str, given: Any) -> int:
    value = _integer(given)
    if value is None:
        raise TypeError(f"{name} must be an int, not {type(given).__name__}")
    if value < 1:
        raise ValueError(f"{name} must be positive, not {value}")
    return value


def _box_shape(n: int) -> tuple[int, int]:
    """The most nearly square r x c boxes with r * c = n and r <= c."""
    r = max(d for d in range(1, math.isqrt(n) + 1) if n % d == 0)
    return r, n // r


def _cell(i: int, j: int) -> str:
    """A cell named for people: rows and columns counted from 1."""
    return f"row {i + 1}, column {j + 1}"


class SudokuMatrix(NamedTuple):
    """The 0/1 exact cover matrix of a Sudoku (see `Sudoku.matrix`).

    Attributes:
        array: The matrix: a NumPy array, or a list of lists of ints.
        rows: One label `(i, j, v)` per row: write symbol v in cell (i, j).
        columns: One label per column: `('cell', i, j)`, `('row', i, v)`,
            `('column', j, v)` or `('box', b, v)`.
    """

    array: Any
    rows: list[Choice]
    columns: list[tuple[Any, ...]]


class Sudoku:
    """The rules of Sudoku of one size: solve, count and generate puzzles.

    Puzzles are text (see `parse`), `SudokuGrid` objects, or
    sequences of rows of cells, such as a 2-D NumPy array (symbols, 1-based
    symbol numbers, or `0`, `None` or `'.'` for a blank). Invalid puzzles (the wrong size, unknown
    symbols, a symbol twice in a row, column or box) raise `ValueError`
    naming the cell or unit (counted from 1); a valid puzzle without
    solutions just has none (`solve` returns None).

    Args:
        box_rows: The number of rows of a box.
        box_cols: The number of columns of a box (default: `box_rows`).
        symbols: The n = box_rows * box_cols symbols, as a string of distinct
            characters or a sequence of distinct strings (default: 1-9 then A-Z).

    Raises:
        TypeError: If a box size is not an int.
        ValueError: If a box size is not positive, or the symbols are too
            few, repeated, or look like blanks or separators.

    Attributes:
        box_rows: The number of rows of a box.
        box_cols: The number of columns of a box.
        n: The size of the grid, `box_rows * box_cols`.
        symbols: The symbols.

    >>> s = Sudoku(2, 3)   # 6 x 6 grids of 2 x 3 boxes
    >>> s.n, s.symbols
    (6, ('1', '2', '3', '4', '5', '6'))
    >>> puzzle = s.parse('..1.46 6....2 ....6. 2..5.4 4..... .1....')
    >>> s.has_unique_solution(puzzle)
    True
    >>> print(s.solve(puzzle))
    5 2 1 | 3 4 6
    6 3 4 | 1 5 2
    ------+------
    1 4 5 | 2 6 3
    2 6 3 | 5 1 4
    ------+------
    4 5 2 | 6 3 1
    3 1 6 | 4 2 5
    """

    __slots__ = ("_constraints", "_index", "box_cols", "box_rows", "n", "symbols")

    box_rows: int
    box_cols: int
    n: int
    symbols: tuple[str, ...]

    def __init__(
        self,
        box_rows: int = 3,
        box_cols: int | None = None,
        symbols: str | Sequence[str] | None = None,
    ) -> None:
        box_rows = _positive("box_rows", box_rows)
        box_cols = box_rows if box_cols is None else _positive("box_cols", box_cols)
        n = box_rows * box_cols
        if symbols is None:
            if n > len(DEFAULT_SYMBOLS):
                raise ValueError(
                    f"a {n} x {n} Sudoku needs {n} symbols; the default has only "
                    f"{len(DEFAULT_SYMBOLS)}: pass symbols=..."
                )
            chosen = tuple(DEFAULT_SYMBOLS[:n])
        else:
            chosen = tuple(symbols)
            if len(chosen) != n:
                raise ValueError(f"a {n} x {n} Sudoku needs {n} symbols, not {len(chosen)}")
            for s in chosen:
                if not isinstance(s, str) or not s:
                    raise ValueError(f"symbols must be non-empty strings, not {s!r}")
                if s in (".", "_") or any(ch.isspace() or ch in SEPARATORS for ch in s):
                    raise ValueError(f"symbol {s!r} cannot be told from a blank or a separator")
            if len(set(chosen)) != n:
                raise ValueError("the symbols must be distinct")
        self.box_rows = box_rows
        self.box_cols = box_cols
        self.n = n
        self.symbols = chosen
        self._index = {s: k for k, s in enumerate(chosen)}
        self._constraints: dict[Choice, tuple[tuple[Any, ...], ...]] | None = None

    @classmethod
    def of_size(cls, n: int, symbols: str | Sequence[str] | None = None) -> Sudoku:
        """The rules for n x n grids, with the most nearly square boxes.

        Boxes are r x c with r <= c: 2 x 3 for n = 6, 3 x 4 for n = 12.

        Args:
            n: The size of the grid.
            symbols: As for `Sudoku`.

        Returns:
            The rules.

        >>> Sudoku.of_size(6)
        Sudoku(2, 3)
        >>> Sudoku.of_size(16).symbols[-3:]
        ('E', 'F', 'G')
        """
        r, c = _box_shape(_positive("n", n))
        return cls(r, c, symbols)

    def __repr__(self) -> str:
        args = f"{self.box_rows}, {self.box_cols}"
        if self.symbols != tuple(DEFAULT_SYMBOLS[: self.n]):
            args += f", symbols={self.symbols!r}"
        return f"Sudoku({args})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sudoku):
            return NotImplemented
        return (self.box_rows, self.box_cols, self.symbols) == (
            other.box_rows,
            other.box_cols,
            other.symbols,
        )

    def __hash__(self) -> int:
        return hash((self.box_rows, self.box_cols, self.symbols))

    def box(self, i: int, j: int) -> int:
        """The box of cell (i, j), numbered from 0 left to right, top to bottom.

        Args:
            i: The row, from 0.
            j: The column, from 0.

        Returns:
            The box's number.

        >>> Sudoku().box(4, 8)
        5
        """
        return (i // self.box_rows) * self.box_rows + j // self.box_cols

    # -- Reading puzzles ---------------------------------------------------

    def parse(self, text: str) -> SudokuGrid:
        """Read a puzzle written as text.

        The common forms all work: one line of n * n characters (81 for 9 x 9)
        with `.`, `0` or `_` for a blank, or one line per row, with or
        without spaces and box separators such as `|`, `-` and `+`
        (whitespace and those characters are ignored). When a symbol is longer
        than one character, cells are separated by whitespace.

        Args:
            text: The puzzle.

        Returns:
            The grid.

        Raises:
            TypeError: If `text` is not a str.
            ValueError: If the text has the wrong number of cells, an unknown
                symbol, or a symbol twice in a row, column or box.

        >>> grid = Sudoku(2).parse('''
        ... 1 . | . .
        ... . . | 2 .
        ... ----+----
        ... . 3 | . .
        ... . . | . 4''')
        >>> grid[1, 2], grid[0, 1]
        ('2', None)
        >>> Sudoku(2).parse('1...') # doctest: +ELLIPSIS
        Traceback (most recent call last):
          ...
        ValueError: a 4 x 4 Sudoku has 16 cells, but the text has 4: '1...'
        """
        if not isinstance(text, str):
            raise TypeError(f"a puzzle's text must be a str, not {type(text).__name__}")
        if all(len(s) == 1 for s in self.symbols):
            tokens = [ch for ch in text if not (ch.isspace() or ch in SEPARATORS)]
        else:
            tokens = [
                t for t in re.split(r"[\s|]+", text) if t and not all(ch in SEPARATORS for ch in t)
            ]
        n = self.n
        if len(tokens) != n * n:
            shown = text.strip()
            shown = shown if len(shown) <= 40 else shown[:37] + "..."
            raise ValueError(
                f"a {n} x {n} Sudoku has {n * n} cells, but the text has {len(tokens)}: {shown!r}"
            )
        values: list[int | None] = []
        for k, token in enumerate(tokens):
            values.append(self._read_cell(divmod(k, n), token))
        return self._grid(values)

    def _read_cell(self, cell: tuple[int, int], value: Any) -> int | None:
        """A cell's symbol number (from 0), or None for a blank."""
        if value is None:
            return None
        if isinstance(value, str):
            k = self._index.get(value)
            if k is not None:
                return k
            if value in BLANKS:
                return None
        elif (number := _integer(value)) is not None:
            # A Python or a NumPy integer (the rows of an array), not a bool.
            if number == 0:
                return None
            if 1 <= number <= self.n:
                return number - 1
        blanks = "'.', '_'" if "0" in self._index else "'.', '0', '_'"
        raise ValueError(
            f"cell ({_cell(*cell)}) holds {value!r}, which is neither a symbol "
            f"({self._describe_symbols()}) nor a blank ({blanks})"
        )

    def _describe_symbols(self) -> str:
        if len(self.symbols) <= 3:
            return ", ".join(self.symbols)
        return f"{self.symbols[0]}-{self.symbols[-1]}"

    def grid(self, puzzle: Puzzle) -> SudokuGrid:
        """A puzzle as a `SudokuGrid` of these rules, checked.

        Args:
            puzzle: Text, a `SudokuGrid`, or rows of cells.

        Returns:
            The grid.

        Raises:
            ValueError: If the puzzle is malformed or has a symbol twice in a unit.

        >>> Sudoku(2).grid([[1, 0, 0, 0], [0, 0, 2, 0], [0, 3, 0, 0], [0, 0, 0, 4]]).line()
        '1.....2..3.....4'
        >>> Sudoku(2).grid('11..............')
        Traceback (most recent call last):
          ...
        ValueError: two 1s in row 1 (columns 1 and 2)
        """
        if isinstance(puzzle, SudokuGrid):
            if puzzle.sudoku != self:
                raise ValueError(f"the grid is for {puzzle.sudoku!r}, not {self!r}")
            return puzzle
        if isinstance(puzzle, str):
            return self.parse(puzzle)
        n = self.n
        if not isinstance(puzzle, Iterable) or isinstance(puzzle, (bytes, Mapping)):
            raise TypeError(
                "a puzzle must be a str, a SudokuGrid or a sequence of "
                f"{n} rows of {n} cells, not {type(puzzle).__name__}"
            )
        rows = list(puzzle)
        if len(rows) != n:
            raise ValueError(f"a {n} x {n} Sudoku has {n} rows, not {len(rows)}")
        values: list[int | None] = []
        for i, row in enumerate(rows):
            if not isinstance(row, Iterable):
                raise TypeError(
                    f"row {i + 1} of a puzzle must be a sequence of {n} cells, "
                    f"not {type(row).__name__}"
                )
            cells = list(row)
            if len(cells) != n:
                raise ValueError(f"row {i + 1} has {len(cells)} cells, not {n}")
            values.extend(self._read_cell((i, j), v) for j, v in enumerate(cells))
        return self._grid(values)

    def _grid(self, values: list[int | None]) -> SudokuGrid:
        grid = SudokuGrid._make(self, tuple(values), tuple(v is not None for v in values))
        self._check_units(grid)
        return grid

    def _check_units(self, grid: SudokuGrid) -> None:
        """Raise ValueError naming the first unit that holds a symbol twice."""
        n = self.n
        values = grid._values
        seen: dict[tuple[str, int, int], tuple[int, int]] = {}
        for i in range(n):
            for j in range(n):
                v = values[i * n + j]
                if v is None:
                    continue
                for unit, u in (("row", i), ("column", j), ("box", self.box(i, j))):
                    other = seen.setdefault((unit, u, v), (i, j))
                    if other != (i, j):
                        symbol = self.symbols[v]
                        if unit == "row":
                            where = f"columns {other[1] + 1} and {j + 1}"
                        elif unit == "column":
                            where = f"rows {other[0] + 1} and {i + 1}"
                        else:
                            where = f"{_cell(*other)} and {_cell(i, j)}"
                        raise ValueError(f"two {symbol}s in {unit} {u + 1} ({where})")

    # -- The exact cover problem ------------------------------------------

    def constraints(self) -> dict[Choice, tuple[tuple[Any, ...], ...]]:
        """The exact cover problem of an empty grid.

        Returns:
            Each choice `(i, j, v)` and the four constraints it satisfies (the
            mapping is shared: do not modify it).

        >>> Sudoku().constraints()[0, 4, '7']
        (('cell', 0, 4), ('row', 0, '7'), ('column', 4, '7'), ('box', 1, '7'))
        >>> len(Sudoku().constraints())
        729
        """
        if self._constraints is None:
            n = self.n
            self._constraints = {
                (i, j, v): (
                    ("cell", i, j),
                    ("row", i, v),
                    ("column", j, v),
                    ("box", self.box(i, j), v),
                )
                for i in range(n)
                for j in range(n)
                for v in self.symbols
            }
        return self._constraints

    def solver(
        self, puzzle: Puzzle, random: bool = False, *, seed: int | None = None
    ) -> ExactCover[Choice]:
        """The exact cover iterator of a puzzle.

        Args:
            puzzle: The puzzle (see `Sudoku`).
            random: Yield the solutions in a random order.
            seed: Yield them in a random order reproducible from this seed.

        Returns:
            An `ExactCover` whose solutions are lists of choices `(i, j, v)`,
            the clues first.

        >>> Sudoku(2).solver('12........4..3..').count()
        2
        >>> next(Sudoku(2).solver('1..4.........32.'))[:4]   # the clues come first
        [(0, 0, '1'), (0, 3, '4'), (3, 1, '3'), (3, 2, '2')]
        """
        grid = self.grid(puzzle)
        n = self.n
        clues = [
            (i, j, self.symbols[v])
            for i in range(n)
            for j in range(n)
            if (v := grid._values[i * n + j]) is not None
        ]
        return ExactCover(self.constraints(), initial=clues, random=random, seed=seed)

    def _decode(self, grid: SudokuGrid, solution: Iterable[Choice]) -> SudokuGrid:
        n = self.n
        values = list(grid._values)
        for i, j, v in solution:
            values[i * n + j] = self._index[v]
        return SudokuGrid._make(self, tuple(values), grid._given)

    def solutions(
        self, puzzle: Puzzle, random: bool = False, *, seed: int | None = None
    ) -> Iterator[SudokuGrid]:
        """The solutions of a puzzle, as grids.

        Args:
            puzzle: The puzzle (see `Sudoku`).
            random: Yield the solutions in a random order.
            seed: Yield them in a random order reproducible from this seed.

        Yields:
            The solutions, as grids (the clues marked as such).

        >>> sorted(g.line() for g in Sudoku(2).solutions('12........4..3..'))
        ['1234341221434321', '1234342121434312']
        """
        grid = self.grid(puzzle)
        for solution in self.solver(grid, random, seed=seed):
            yield self._decode(grid, solution)

    def solve(self, puzzle: Puzzle) -> SudokuGrid | None:
        """Solve a puzzle.

        Args:
            puzzle: The puzzle (see `Sudoku`).

        Returns:
            The first solution found, or None when the puzzle has none.

        >>> Sudoku(2).solve('1..4.........32.').line()
        '1234341221434321'
        >>> Sudoku(2).solve('12.........3...4') is None   # valid clues, no solution
        True
        """
        return next(self.solutions(puzzle), None)

    def count(self, puzzle: Puzzle, limit: int | None = None) -> int:
        """The number of solutions of a puzzle.

        Args:
            puzzle: The puzzle (see `Sudoku`).
            limit: Stop counting at this many (None: count them all).

        Returns:
            The number of solutions, at most `limit`.

        >>> Sudoku(2).count('................')
        288
        """
        return self.solver(puzzle).count(limit)

    def has_unique_solution(self, puzzle: Puzzle) -> bool:
        """Whether a puzzle has exactly one solution.

        Args:
            puzzle: The puzzle (see `Sudoku`).

        Returns:
            True if it has exactly one solution (the search stops at the second).

        >>> Sudoku(2).has_unique_solution('1..4.........32.')
        True
        >>> Sudoku(2).has_unique_solution('12........4..3..')
        False
        """
        return self.count(puzzle, limit=2) == 1

    def matrix(self, puzzle: Puzzle | None = None, *, numpy: bool = True) -> SudokuMatrix:
        """The 0/1 exact cover matrix, with row and column labels.

        Row `i * n * n + j * n + k` is the choice `(i, j, symbols[k])`.
        The columns are the n * n cell constraints, then the n * n row
        constraints `('row', i, v)`, the column constraints and the box
        constraints: 4 * n * n columns; every row has four 1s. Given a puzzle,
        the rows that write another symbol in a clue's cell are left out.

        The array is a NumPy array of uint8 (NumPy is optional: with
        `numpy=False` it is a list of lists of ints).

        Args:
            puzzle: A puzzle whose clues cut rows (None: the empty grid).
            numpy: Make a NumPy array (else a list of lists of ints).

        Returns:
            The matrix and its labels.

        >>> m = Sudoku(2).matrix(numpy=False)
        >>> len(m.array), len(m.array[0]), m.rows[5], m.columns[16], m.columns[-1]
        (64, 64, (0, 1, '2'), ('row', 0, '1'), ('box', 3, '4'))
        >>> [m.columns[c] for c, x in enumerate(m.array[5]) if x]
        [('cell', 0, 1), ('row', 0, '2'), ('column', 1, '2'), ('box', 0, '2')]
        >>> len(Sudoku(2).matrix('1...............', numpy=False).rows)
        61
        """
        n = self.n
        keep = None if puzzle is None else self.grid(puzzle)._values
        rows: list[Choice] = [
            (i, j, v)
            for i in range(n)
            for j in range(n)
            for k, v in enumerate(self.symbols)
            if keep is None or keep[i * n + j] in (None, k)
        ]
        columns: list[tuple[Any, ...]] = [("cell", i, j) for i in range(n) for j in range(n)]
        for kind in ("row", "column", "box"):
            columns.extend((kind, u, v) for u in range(n) for v in self.symbols)
        position = {c: k for k, c in enumerate(columns)}
        constraints = self.constraints()
        ones = [[position[c] for c in constraints[r]] for r in rows]
        if numpy:
            try:
                import numpy as np
            except ImportError:
                raise ImportError(
                    "Sudoku.matrix() makes a NumPy array, but NumPy is not installed: "
                    "pip install numpy, or pass numpy=False for a list of lists"
                ) from None
            array: Any = np.zeros((len(rows), len(columns)), dtype=np.uint8)
            if rows:
                array[np.repeat(np.arange(len(rows)), 4), np.array(ones).ravel()] = 1
        else:
            array = []
            for cols in ones:
                row = [0] * len(columns)
                for c in cols:
                    row[c] = 1
                array.append(row)
        return SudokuMatrix(array, rows, columns)

    # -- Making puzzles ----------------------------------------------------

    def random_grid(self, seed: int | None = None) -> SudokuGrid:
        """A full grid, taken from the solver's random order.

        Args:
            seed: The seed of the random order (None: a fresh one).

        Returns:
            A complete grid.

        >>> g = Sudoku(2).random_grid(seed=1)
        >>> g.is_complete() and Sudoku(2).count(g) == 1
        True
        """
        seed = _seed(True, seed)
        blank = self._grid([None] * (self.n * self.n))
        solution = next(self.solver(blank, seed=seed))
        full = self._decode(blank, solution)
        return SudokuGrid._make(self, full._values, (True,) * (self.n * self.n))

    def generate(self, seed: int | None = None) -> SudokuGrid:
        """A puzzle with a unique solution and no redundant clue.

        A random full grid (`random_grid`) loses its clues one at a
        time, in a random order, each for good as long as the solution stays
        unique. Every clue left is needed: removing one gave a second solution
        then, and removing it from the smaller final puzzle still does. Each
        step is a count stopped at 2; 9 x 9 puzzles take tens of milliseconds,
        16 x 16 ones several seconds.

        Args:
            seed: The seed of the random order (None: a fresh one).

        Returns:
            A puzzle: a grid of clues.

        >>> s = Sudoku()
        >>> puzzle = s.generate(seed=2024)
        >>> s.count(puzzle, limit=2), puzzle == s.generate(seed=2024)
        (1, True)
        """
        seed = _seed(True, seed)
        full = self.random_grid(seed)
        values: list[int | None] = list(full._values)
        order = list(range(len(values)))
        _random.Random(seed).shuffle(order)
        for k in order:
            kept = values[k]
            values[k] = None
            if self.count(self._grid(values), limit=2) != 1:
                values[k] = kept
        return self._grid(values)


class SudokuGrid:
    """A Sudoku grid: a puzzle, or a solution that remembers its clues.

    `SudokuGrid(puzzle, sudoku=None)` reads a puzzle (text, rows of cells or
    a grid) for the given rules, or for the size its number of cells or rows
    tells (`parse_sudoku`); `Sudoku.parse`, `Sudoku.grid`
    and the solving methods make grids too. Grids are immutable and hashable,
    and equal when their rules and cells are. `grid[i, j]` is the symbol in row
    `i`, column `j` (from 0), or None for a blank; `str(grid)` lays it
    out with box separators (and `Sudoku.parse` reads that back);
    `line` gives the one-line form; in Jupyter it shows as SVG, clues in
    bold black and the filled-in cells in blue.

    Args:
        puzzle: Text, another grid, or rows of cells (see `Sudoku`).
        sudoku: The rules (default: told by the puzzle's size).

    Raises:
        TypeError: If the puzzle is none of those.
        ValueError: If the puzzle is malformed or has a symbol twice in a unit.

    Attributes:
        sudoku: The rules of the grid.

    >>> g = parse_sudoku('1.....2..3.....4')
    >>> print(g)
    1 . | . .
    . . | 2 .
    ----+----
    . 3 | . .
    . . | . 4
    >>> g.clues(), g.is_complete()
    (4, False)
    >>> g.solve().is_clue(0, 0), g.solve().is_clue(0, 1)
    (True, False)
    """

    __slots__ = ("_given", "_values", "sudoku")

    sudoku: Sudoku
    _values: tuple[int | None, ...]
    _given: tuple[bool, ...]

    def __init__(self, puzzle: Puzzle, sudoku: Sudoku | None = None) -> None:
        grid = sudoku.grid(puzzle) if sudoku is not None else _infer_grid(puzzle)
        self.sudoku = grid.sudoku
        self._values = grid._values
        self._given = grid._given

    @classmethod
    def _make(
        cls, sudoku: Sudoku, values: tuple[int | None, ...], given: tuple[bool, ...]
    ) -> SudokuGrid:
        grid = cls.__new__(cls)
        grid.sudoku = sudoku
        grid._values = values
        grid._given = given
        return grid

    @property
    def n(self) -> int:
        """The size of the grid: n x n cells."""
        return self.sudoku.n

    def _position(self, i: int, j: int) -> int:
        """The index of cell (i, j) in the grid's cells, row by row.

        Raises:
            IndexError: If there is no such cell.
        """
        n = self.sudoku.n
        if not (0 <= i < n and 0 <= j < n):
            raise IndexError(f"cell ({i}, {j}) is not in a {n} x {n} grid")
        return i * n + j

    def __getitem__(self, cell: tuple[int, int]) -> str | None:
        i, j = cell
        v = self._values[self._position(i, j)]
        return None if v is None else self.sudoku.symbols[v]

    def rows(self) -> list[list[str | None]]:
        """The rows of the grid.

        Returns:
            The grid as a list of rows of symbols (None for a blank).

        >>> parse_sudoku('12..34..........').rows()[1]
        ['3', '4', None, None]
        """
        n = self.sudoku.n
        return [[self[i, j] for j in range(n)] for i in range(n)]

    def is_clue(self, i: int, j: int) -> bool:
        """Whether a cell was a clue.

        Args:
            i: The row, from 0.
            j: The column, from 0.

        Returns:
            True if the cell was given in the puzzle (rather than filled in).

        Raises:
            IndexError: If there is no cell (i, j), as for `grid[i, j]`.
        """
        return self._given[self._position(i, j)]

    def clues(self) -> int:
        """The number of clues.

        Returns:
            The number of cells given in the puzzle.
        """
        return sum(self._given)

    def is_complete(self) -> bool:
        """Whether every cell is filled.

        Returns:
            True if every cell is filled. A complete grid is a solution: grids
            are checked for repeated symbols when they are made.
        """
        return all(v is not None for v in self._values)

    def puzzle(self) -> SudokuGrid:
        """The puzzle this grid was solved from.

        Returns:
            The clues alone.

        >>> parse_sudoku('1.....2..3.....4').solve().puzzle().line()
        '1.....2..3.....4'
        """
        values = tuple(v if g else None for v, g in zip(self._values, self._given))
        return SudokuGrid._make(self.sudoku, values, self._given)

    def solve(self) -> SudokuGrid | None:
        """Solve the grid.

        Returns:
            The first solution found, or None (see `Sudoku.solve`).
        """
        return self.sudoku.solve(self)

    def count(self, limit: int | None = None) -> int:
        """The number of solutions of the grid.

        Args:
            limit: Stop counting at this many (None: count them all).

        Returns:
            The number of solutions (see `Sudoku.count`).
        """
        return self.sudoku.count(self, limit)

    def line(self, blank: str = ".") -> str:
        """The one-line form: the cells row by row, `blank` for a blank
        (separated by spaces when a symbol is longer than one character).

        Args:
            blank: The character of a blank cell (a string without white
                space when a symbol is longer than one character).

        Returns:
            The cells row by row.

        Raises:
            TypeError: If `blank` is not a str.
            ValueError: If `blank` is one of the symbols, holds white space
                or a separator (`|`, `-`, `+`), or is not one character
                (empty, where symbols are longer): the line would not tell
                the cells apart.

        >>> parse_sudoku('1.....2..3.....4').line(blank='0')
        '1000002003000004'
        """
        if not isinstance(blank, str):
            raise TypeError(f"blank must be a str, not {type(blank).__name__}")
        wide = any(len(s) > 1 for s in self.sudoku.symbols)
        if not wide and len(blank) != 1:
            raise ValueError(f"blank must be one character, not {blank!r}")
        if not blank:
            raise ValueError("blank must not be empty")
        if any(ch.isspace() or ch in SEPARATORS for ch in blank):
            raise ValueError(f"blank {blank!r} cannot be told from white space or a separator")
        if blank in self.sudoku.symbols:
            raise ValueError(f"blank {blank!r} is one of the grid's symbols")
        cells = [blank if v is None else self.sudoku.symbols[v] for v in self._values]
        return " ".join(cells) if wide else "".join(cells)

    def __str__(self) -> str:
        s = self.sudoku
        n, r, c = s.n, s.box_rows, s.box_cols
        width = max(len(x) for x in s.symbols)
        cells = ["." if v is None else s.symbols[v] for v in self._values]
        lines = []
        separator = ""
        for i in range(n):
            groups = [
                " ".join(cells[i * n + j].rjust(width) for j in range(b, b + c))
                for b in range(0, n, c)
            ]
            if i and i % r == 0:
                if not separator:
                    separator = "-+-".join("-" * len(g) for g in groups)
                lines.append(separator)
            lines.append(" | ".join(groups))
        return "\n".join(lines)

    def __repr__(self) -> str:
        default = self.sudoku == Sudoku.of_size(self.sudoku.n) if self.sudoku.n <= 35 else False
        extra = "" if default else f", {self.sudoku!r}"
        return f"SudokuGrid({self.line()!r}{extra})"

    def __eq__(self, other: object) -> bool:
        """Grids are equal when they have the same rules and the same cells
        (which cells were clues does not matter)."""
        if not isinstance(other, SudokuGrid):
            return NotImplemented
        return self.sudoku == other.sudoku and self._values == other._values

    def __hash__(self) -> int:
        return hash((self.sudoku, self._values))

    def svg(self, **options: Any) -> Picture:
        """The grid as a picture.

        Args:
            **options: As for `sudoku_svg`.

        Returns:
            The picture.
        """
        return sudoku_svg(self, **options)

    def _repr_svg_(self) -> str:
        return self.svg().tostring()


def _infer_grid(puzzle: Puzzle) -> SudokuGrid:
    """A puzzle as a grid, its size told by its number of rows or cells."""
    if isinstance(puzzle, SudokuGrid):
        return puzzle
    if isinstance(puzzle, str):
        return parse_sudoku(puzzle)
    if not isinstance(puzzle, Iterable) or isinstance(puzzle, (bytes, Mapping)):
        raise TypeError(
            "a puzzle must be a str, a SudokuGrid or a sequence of rows of cells, "
            f"not {type(puzzle).__name__}"
        )
    rows = list(puzzle)
    return Sudoku.of_size(max(len(rows), 1)).grid(rows)


def parse_sudoku(text: str, symbols: str | Sequence[str] | None = None) -> SudokuGrid:
    """Read a puzzle of any size, the size told by the number of cells.

    An n x n grid (n * n cells, counted as in `Sudoku.parse`) gets the
    most nearly square boxes (`Sudoku.of_size`): 4 x 4 grids 2 x 2
    boxes, 6 x 6 grids 2 x 3 boxes, 9 x 9 grids 3 x 3 boxes. For other box
    shapes use `Sudoku(box_rows, box_cols).parse(text)`.

    Args:
        text: The puzzle (see `Sudoku.parse`).
        symbols: The symbols (default: 1-9 then A-Z).

    Returns:
        The grid.

    Raises:
        ValueError: If the number of cells is not a square, or the puzzle is malformed.

    >>> parse_sudoku('12.... ..3... ...4.. ....5. .....6 ......').sudoku
    Sudoku(2, 3)
    >>> parse_sudoku('..3')
    Traceback (most recent call last):
      ...
    ValueError: a Sudoku has a square number of cells (16, 36, 81, ...), but the text has 3: '..3'
    """
    if not isinstance(text, str):
        raise TypeError(f"a puzzle's text must be a str, not {type(text).__name__}")
    multi = (
        symbols is not None and not isinstance(symbols, str) and any(len(s) > 1 for s in symbols)
    )
    if multi:
        cells = [
            t for t in re.split(r"[\s|]+", text) if t and not all(ch in SEPARATORS for ch in t)
        ]
        count = len(cells)
    else:
        count = sum(1 for ch in text if not (ch.isspace() or ch in SEPARATORS))
    n = math.isqrt(count)
    if n == 0 or n * n != count:
        shown = text.strip()
        shown = shown if len(shown) <= 40 else shown[:37] + "..."
        raise ValueError(
            "a Sudoku has a square number of cells (16, 36, 81, ...), "
            f"but the text has {count}: {shown!r}"
        )
    return Sudoku.of_size(n, symbols).parse(text)


def sudoku_svg(
    grid: SudokuGrid | str,
    *,
    size: int = 40,
    clue_colour: str = "black",
    filled_colour: str = "#1f5fbf",
    background: str = "white",
) -> Picture:
    """A grid drawn as SVG.

    Thin lines separate the cells and thick ones the boxes. Each symbol is a
    `<text>` centred on its cell: class `clue` (bold, `clue_colour`) for
    the puzzle's clues, class `filled` (`filled_colour`) for the cells
    filled in by solving. A text is read with `parse_sudoku`.

    Args:
        grid: The grid, or its text.
        size: The side of a cell, in pixels.
        clue_colour: The colour of the clues.
        filled_colour: The colour of the cells filled in by solving.
        background: The colour of the cells.

    Returns:
        A `exactcover.svg.Picture` (shown inline in Jupyter; `tostring()`
        gives the SVG text, `save(path)` writes it).

    Raises:
        TypeError: If `grid` is neither a grid nor text, or `size` is not a
            number.
        ValueError: If `size` is not positive and finite.

    >>> svg = sudoku_svg(parse_sudoku('1.....2..3.....4').solve()).tostring()
    >>> svg.count('class="clue"'), svg.count('class="filled"')
    (4, 12)
    """
    # svg imports svgwrite: imported here so that `import exactcover` stays light.
    from .svg import Panel, Style, centred_text, compose

    if isinstance(grid, str):
        grid = parse_sudoku(grid)
    elif not isinstance(grid, SudokuGrid):
        raise TypeError(f"grid must be a SudokuGrid or its text, not {type(grid).__name__}")
    s = grid.sudoku
    n = s.n
    # Room for the thick outer border. (The style checks the size.)
    style = Style(size=size, padding=2, stroke_width=3, line_width=1, text_colour=clue_colour)
    side = n * size
    width = max(len(x) for x in s.symbols)
    font_size = round(size * (0.6 if width == 1 else 1.1 / (width + 0.5)))

    def draw(drawing: Any, left: float, top: float) -> None:
        drawing.add(drawing.rect((left, top), (side, side), fill=background))
        thin = drawing.add(drawing.g(id="cells", stroke="#999", stroke_width=style.line_width))
        thick = drawing.add(
            drawing.g(
                id="boxes",
                stroke=style.stroke_colour,
                stroke_width=style.stroke_width,
                stroke_linecap="square",
            )
        )
        for k in range(n + 1):
            row_line = drawing.line((left, top + k * size), (left + side, top + k * size))
            column_line = drawing.line((left + k * size, top), (left + k * size, top + side))
            (thick if k % s.box_rows == 0 else thin).add(row_line)
            (thick if k % s.box_cols == 0 else thin).add(column_line)
        symbols = drawing.add(
            drawing.g(id="symbols", font_size=font_size, font_family=style.font_family)
        )
        for i in range(n):
            for j in range(n):
                symbol = grid[i, j]
                if symbol is None:
                    continue
                x, y = left + (j + 0.5) * size, top + (i + 0.5) * size
                if grid.is_clue(i, j):
                    look = {"fill": style.text_colour, "font_weight": "bold", "class_": "clue"}
                else:
                    look = {"fill": filled_colour, "class_": "filled"}
                symbols.add(centred_text(drawing, symbol, x, y, **look))

    return compose([Panel(side, side, draw)], padding=style.padding)
