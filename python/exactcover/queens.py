"""The n-queens and 2n-queens problems as exact covers, and their pictures.

The n-queens problem places n queens on an n x n board so that no two share a
row, a column or a diagonal. As an exact cover problem the choices are the
squares, `('queen', i, j)`; each one satisfies four constraints: its row
`('row', i)`, its column `('column', j)`, its leading diagonal
`('leading', i - j + n - 1)` and its trailing diagonal `('trailing', i + j)`.
Every row and column must hold exactly one queen, but there are 2n - 1
diagonals of each kind and only n queens, so the diagonals are *secondary*
constraints: satisfied at most once (Knuth's generalized exact cover; no
gadgets needed).

>>> print(decode_queens(4, next(queens(4))))
+♛++
+++♛
♛+++
++♛+
>>> queens(8).count()
92

The 2n-queens problem puts two queens in every row and column and at most two
on any diagonal; `queens_2n` solves it with `MultiCover`
multiplicities:

>>> queens_2n(3).count(), queens_2n(4).count()
(2, 11)
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from itertools import chain, product
from typing import TYPE_CHECKING, Any

from ._arguments import MAX_TEXT_SIDE, check_choices, integer, whole
from ._errors import describe
from .cover import MAX_CHOICES, ExactCover, MultiCover

if TYPE_CHECKING:
    from .svg import Picture

__all__ = [
    "queens",
    "queens_2n",
    "decode_queens",
    "queen_squares",
    "QueensBoard",
    "queens_svg",
]

#: A choice of the queens problems: `('queen', row, column)`.
QueenChoice = tuple[str, int, int]

QUEEN = "\u265b"  # BLACK CHESS QUEEN
EMPTY = "+"

#: The largest boards drawn: as text (10^8 characters) and as SVG (10^6
#: squares, 80 MB, which no viewer shows usefully). Bigger ones are refused
#: before anything is built.
MAX_TEXT_BOARD = MAX_TEXT_SIDE
MAX_SVG_BOARD = 1_000


def _check_size(given: Any) -> int:
    return whole("the board size n", given, minimum=0)


def _queen_constraints(n: int) -> dict[QueenChoice, tuple[tuple[str, int], ...]]:
    """Each square ('queen', i, j) and the row, column and two diagonals it is on."""
    return {
        ("queen", i, j): (
            ("row", i),
            ("column", j),
            ("leading", i - j + n - 1),
            ("trailing", i + j),
        )
        for i, j in product(range(n), repeat=2)
    }


def _lines(n: int) -> list[tuple[str, int]]:
    """The rows and columns of the board: the constraints every solution fills."""
    return [(kind, k) for kind in ("row", "column") for k in range(n)]


def _diagonals(n: int) -> list[tuple[str, int]]:
    """The 2n - 1 leading and 2n - 1 trailing diagonals."""
    return [(kind, k) for kind in ("leading", "trailing") for k in range(2 * n - 1)]


def queens(
    n: int = 8,
    random: bool = False,
    *,
    seed: int | None = None,
    max_choices: int | None = MAX_CHOICES,
) -> ExactCover[QueenChoice]:
    """An iterator over the solutions of the n-queens problem.

    Each solution is a list of n choices `('queen', i, j)`: a queen in row
    `i` and column `j` (both from 0). The rows and columns are primary
    constraints (exactly one queen each), the diagonals secondary ones (at most
    one queen each). The iterator's `count()` counts the solutions in Rust.

    Args:
        n: The size of the board.
        random: Yield the solutions in a random order.
        seed: Yield them in a random order reproducible from this seed.
        max_choices: The most choices to build, n * n (default: a million,
            n = 1000); None for no limit.

    Returns:
        An `ExactCover` over the solutions.

    Raises:
        TypeError: If `n` or `seed` is not an int, or `random` is not True or
            False (or None).
        ValueError: If `n` is negative or the board has more than `max_choices` squares.

    The number of solutions is OEIS A000170:

    >>> [queens(n).count() for n in range(1, 11)]
    [1, 0, 0, 2, 10, 4, 40, 92, 352, 724]
    >>> sorted(next(queens(4)))
    [('queen', 0, 1), ('queen', 1, 3), ('queen', 2, 0), ('queen', 3, 2)]
    """
    n = _check_size(n)
    check_choices(f"queens({n})", n * n, max_choices)
    return ExactCover(_queen_constraints(n), random=random, secondary=_diagonals(n), seed=seed)


def queens_2n(
    n: int = 8,
    random: bool = False,
    *,
    seed: int | None = None,
    max_choices: int | None = MAX_CHOICES,
) -> MultiCover[QueenChoice]:
    """An iterator over the solutions of the 2n-queens problem.

    Place 2n queens on an n x n board so that every row and every column holds
    exactly two queens and no diagonal holds more than two (for n = 8: the
    sixteen queens problem, a simplification of Dudeney's puzzle 317). The
    rows and columns are required constraints with multiplicity 2, the
    diagonals optional ones with multiplicity 2. Solutions are lists of 2n
    choices `('queen', i, j)`.

    Args:
        n: The size of the board.
        random: Yield the solutions in a random order.
        seed: Yield them in a random order reproducible from this seed.
        max_choices: The most choices to build, n * n (default: a million,
            n = 1000); None for no limit.

    Returns:
        A `MultiCover` over the solutions.

    Raises:
        TypeError: If `n` is not an int.
        ValueError: If `n` is negative or the board has more than `max_choices` squares.

    The number of solutions is OEIS A225623:

    >>> [queens_2n(n).count() for n in range(2, 7)]
    [1, 2, 11, 92, 1097]
    >>> print(decode_queens(2, next(queens_2n(2))))
    ♛♛
    ♛♛
    """
    n = _check_size(n)
    check_choices(f"queens_2n({n})", n * n, max_choices)
    counts: dict[Hashable, int] = dict.fromkeys(chain(_lines(n), _diagonals(n)), 2)
    return MultiCover(
        _queen_constraints(n), random=random, counts=counts, satisfy=_lines(n), seed=seed
    )


def queen_squares(solution: Iterable[Any]) -> list[tuple[int, int]]:
    """The squares `(row, column)` of the queens in a solution, sorted.

    The solution is an iterable of choices: tuples `('queen', i, j, ...)`
    name a queen; any other tuple (such as the gadgets that cover an unused
    diagonal in a formulation without secondary constraints) is ignored. Plain
    `(i, j)` pairs of integers are accepted too. Every choice is a tuple, so
    anything else (a string, a number: `[1, 2]` for the square `(1, 2)`) is
    refused rather than ignored.

    Args:
        solution: The choices of a solution.

    Returns:
        The squares of its queens.

    Raises:
        ValueError: If an entry is not a tuple, or a queen's row or column
            is not an integer (the message names the entry).

    >>> queen_squares([('queen', 2, 0), ('leading', 3), ('queen', 0, 1), (1, 3)])
    [(0, 1), (1, 3), (2, 0)]
    >>> queen_squares([1, 2])
    Traceback (most recent call last):
      ...
    ValueError: entry 1 of the solution is not a choice (a tuple such as ('queen', i, j))
    """
    squares = []
    for choice in solution:
        if not isinstance(choice, tuple):
            raise ValueError(
                f"entry {describe(choice)} of the solution is not a choice (a tuple such as "
                "('queen', i, j))"
            )
        if len(choice) >= 3 and choice[0] == "queen":
            i, j = integer(choice[1]), integer(choice[2])
            if i is None or j is None:
                raise ValueError(
                    f"queen {describe(choice)} of the solution must have integer row and column"
                )
            squares.append((i, j))
        elif len(choice) == 2 and all(integer(k) is not None for k in choice):
            squares.append((choice[0], choice[1]))
    return sorted(squares)


def _check_drawable(n: int, largest: int, what: str) -> None:
    if n > largest:
        raise ValueError(
            f"a {n} x {n} board is too large to draw as {what} (at most {largest} x {largest}); "
            "queen_squares(solution) lists the queens of any board"
        )


def _check_squares(n: int, squares: Sequence[tuple[int, int]]) -> None:
    for i, j in squares:
        if not (0 <= i < n and 0 <= j < n):
            raise ValueError(f"queen at ({i}, {j}) is off the {n} x {n} board")


def _square(square: Any) -> tuple[int, int]:
    """A square `(row, column)` of a board, checked: a pair of integers
    (Python or NumPy ones, not bools)."""
    try:
        i, j = square
    except (TypeError, ValueError):
        raise ValueError(
            f"square {describe(square)} is not a pair (row, column) of integers"
        ) from None
    row, column = integer(i), integer(j)
    if row is None or column is None:
        raise ValueError(f"square {describe(square)} is not a pair (row, column) of integers")
    return row, column


def decode_queens(n: int, solution: Iterable[Any]) -> str:
    """A solution drawn as text: one line per row, `♛` for a queen, `+` for an empty square.

    Choices other than queens are ignored (see `queen_squares`).

    Args:
        n: The size of the board.
        solution: The choices of a solution (see `queen_squares`).

    Returns:
        The drawing.

    Raises:
        ValueError: If a queen is off the board, the board is too large to
            draw, or an entry is not a choice (see `queen_squares`).

    >>> print(decode_queens(5, [('queen', 0, 0), ('queen', 1, 2), ('queen', 2, 4),
    ...                         ('queen', 3, 1), ('queen', 4, 3)]))
    ♛++++
    ++♛++
    ++++♛
    +♛+++
    +++♛+
    """
    n = _check_size(n)
    _check_drawable(n, MAX_TEXT_BOARD, "text")
    squares = queen_squares(solution)
    _check_squares(n, squares)
    grid = [[EMPTY] * n for _ in range(n)]
    for i, j in squares:
        grid[i][j] = QUEEN
    return "\n".join(map("".join, grid))


def queens_svg(
    n: int,
    solution: Iterable[Any],
    *,
    size: int = 40,
    light: str = "#f0d9b5",
    dark: str = "#b58863",
    colour: str = "black",
) -> Picture:
    """A solution drawn as an SVG chessboard with its queens.

    Row 0 is at the top and column 0 at the left, as in `decode_queens`.
    Each square is a `<rect>` (class `light` or `dark`) of side `size`
    pixels; each queen is a `<text class="queen">` (the glyph `♛`)
    centred on its square. Choices other than queens are ignored.

    Args:
        n: The size of the board.
        solution: The choices of a solution (see `queen_squares`).
        size: The side of a square, in pixels.
        light: The colour of the light squares.
        dark: The colour of the dark squares.
        colour: The colour of the queens.

    Returns:
        A `exactcover.svg.Picture` (shown inline in Jupyter; `tostring()`
        gives the SVG text, `save(path)` writes it).

    Raises:
        ValueError: If a queen is off the board, the board is too large to
            draw, or an entry is not a choice (see `queen_squares`).

    >>> svg = queens_svg(4, next(queens(4))).tostring()
    >>> svg.startswith('<svg') and svg.count('class="queen"')
    4
    """
    # svg imports svgwrite: imported here so that `import exactcover` stays light.
    from .svg import Panel, Style, centred_text, compose

    n = _check_size(n)
    _check_drawable(n, MAX_SVG_BOARD, "SVG")
    squares = queen_squares(solution)
    _check_squares(n, squares)
    style = Style(size=size, padding=0, text_colour=colour)

    def draw(drawing: Any, left: float, top: float) -> None:
        board = drawing.add(drawing.g(id="board"))
        for i, j in product(range(n), repeat=2):
            dark_square = (i + j) % 2 == 1
            board.add(
                drawing.rect(
                    (left + j * size, top + i * size),
                    (size, size),
                    fill=dark if dark_square else light,
                    class_="dark" if dark_square else "light",
                )
            )
        pieces = drawing.add(
            drawing.g(
                id="queens",
                fill=style.text_colour,
                font_size=round(size * 0.8),
                font_family=style.font_family,
            )
        )
        for i, j in squares:
            x, y = left + (j + 0.5) * size, top + (i + 0.5) * size
            pieces.add(centred_text(drawing, QUEEN, x, y, class_="queen"))

    return compose([Panel(n * size, n * size, draw)], padding=style.padding)


class QueensBoard:
    """A board of size n with queens on it: a solution made readable.

    `str(board)` draws it as text (`decode_queens`) and Jupyter shows it
    as an SVG chessboard (`_repr_svg_`, `queens_svg`).

    Args:
        n: The size of the board.
        squares: The squares `(row, column)` holding a queen.

    Raises:
        ValueError: If a square is off the board, or is not a pair of
            integers (the message names it).

    Attributes:
        n: The size of the board.
        squares: The sorted tuple of the squares holding a queen.

    >>> board = QueensBoard.from_solution(4, next(queens(4)))
    >>> board.squares
    ((0, 1), (1, 3), (2, 0), (3, 2))
    >>> print(board)
    +♛++
    +++♛
    ♛+++
    ++♛+
    >>> board.is_solution()
    True
    """

    __slots__ = ("n", "squares")

    n: int
    squares: tuple[tuple[int, int], ...]

    def __init__(self, n: int, squares: Iterable[tuple[int, int]]) -> None:
        n = _check_size(n)
        cells = sorted({_square(square) for square in squares})
        _check_squares(n, cells)
        self.n = n
        self.squares = tuple(cells)

    @classmethod
    def from_solution(cls, n: int, solution: Iterable[Any]) -> QueensBoard:
        """The board of a solution: the squares of its `('queen', i, j)` choices.

        Args:
            n: The size of the board.
            solution: The choices of a solution.

        Returns:
            The board.
        """
        return cls(n, queen_squares(solution))

    def is_solution(self, per_line: int = 1) -> bool:
        """Whether the queens solve the problem.

        Args:
            per_line: The queens each row and column holds, and the most each
                diagonal holds (2 checks the 2n-queens rules).

        Returns:
            True if every row and column holds exactly `per_line` queens and
            every diagonal at most `per_line`.

        Raises:
            TypeError: If `per_line` is not an int.
            ValueError: If `per_line` is negative.
        """
        per_line = whole("per_line", per_line, minimum=0)
        lines: dict[Hashable, int] = {}
        for i, j in self.squares:
            for line in (("row", i), ("column", j), ("leading", i - j), ("trailing", i + j)):
                lines[line] = lines.get(line, 0) + 1
        full = all(
            lines.get((kind, k), 0) == per_line for kind in ("row", "column") for k in range(self.n)
        )
        return full and all(count <= per_line for count in lines.values())

    def __str__(self) -> str:
        return decode_queens(self.n, self.squares)

    def __repr__(self) -> str:
        return f"QueensBoard({self.n}, {list(self.squares)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, QueensBoard):
            return NotImplemented
        return self.n == other.n and self.squares == other.squares

    def __hash__(self) -> int:
        return hash((self.n, self.squares))

    def svg(self, **options: Any) -> Picture:
        """The board as a picture.

        Args:
            **options: As for `queens_svg`.

        Returns:
            The picture.
        """
        return queens_svg(self.n, self.squares, **options)

    def _repr_svg_(self) -> str:
        return self.svg().tostring()
