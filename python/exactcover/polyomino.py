"""Polyomino tiling puzzles as exact cover problems: the square grid's polyforms.

Pieces are drawn as ASCII pictures (each letter is a square of the piece of
that name); a region to tile is any set of cells `(i, j)` (row, column), or
an ASCII picture of the board. Each way to place a piece in the region is a
*choice* `(name, cells)`; the *constraints* are the cells (each covered
exactly once) and the pieces (each placed once, or as many times as asked).
A solution is a list of placements, in the same format as the output of
`encode_polyominoes`, so it is self-descriptive:

>>> from itertools import product
>>> region = set(product(range(3), range(7))) - {(1, 2)}
>>> tilings = sorted(map(decode_solution, polyomino(encode_polyominoes(TETROMINOES), region)))
>>> len(tilings)
8
>>> print(tilings[0])
IIIILLL
OO TZZL
OOTTTZZ

Essentially different tilings (not counting those that a symmetry of the
region maps onto each other) are counted directly, the solver visiting
about one tiling per class instead of listing every tiling to throw its
images away:

>>> board = set(product(range(8), repeat=2)) - set(product((3, 4), repeat=2))
>>> count_unique(encode_polyominoes(PENTOMINOES), board)
65

This module is `exactcover.polyform` on the `SQUARE` grid of
`exactcover.grids`, with its own pictures (piece pictures keep their rows and
columns; any character but white space is a tile) and its own words: pieces
are made of tiles, cells are `(row, column)` pairs with non-negative
coordinates in a region, and a piece given as tiles need not be connected.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping
from typing import Dict, Tuple, Union, cast

from . import grids
from ._arguments import MAX_TEXT_SIDE
from .cover import MultiCover
from .grids import SQUARE
from .polyform import (
    ORIENTATIONS,
    PENTOMINOES,
    TETROMINOES,
    SymmetryBreaking,
    Terms,
    TilingProblem,
    check_pieces,
    check_region,
    place,
    placement_symmetries,
)
from .symmetry import Cell, Placement, Symmetry, at_origin, checked_solution

__all__ = [
    "TETROMINOES",
    "PENTOMINOES",
    "COLOURS",
    "ORIENTATIONS",
    "encode_polyominoes",
    "encode_region",
    "polyomino",
    "placements",
    "decode_solution",
    "solution_bounds",
    "solution_tiles",
    "tiling_symmetries",
    "count_unique",
    "unique_tilings",
]

#: A colour for each pentomino (and tetromino) letter, for drawings.
COLOURS: Dict[str, str] = dict(
    I="#EEAAAA", F="#DDBB99", L="#CCCC88",
    P="#BBDD99", N="#AAEEAA", T="#99DDBB",
    U="#88CCCC", V="#99BBDD", W="#AAAAEE",
    X="#BB99DD", Y="#CC88CC", Z="#DD99BB",
    O="#CCCCCC",
)  # fmt: skip

_EMPTY = " "

#: A piece (name, cells) as returned by `encode_polyominoes`.
Piece = Tuple[Hashable, Tuple[Cell, ...]]
#: A region: cells, or an ASCII picture of them.
Region = Union[str, Iterable[Cell]]

#: This module's words and rules (see `exactcover.polyform.Terms`).
TERMS = Terms(
    tile="tile",
    cell="pairs of ints (row, column)",
    each="(row, column)",
    encode="encode_polyominoes(picture)",
    connected=False,
    non_negative=True,
)


def encode_polyominoes(picture: str) -> list[Piece]:
    """The pieces of an ASCII picture of polyominoes.

    Every character other than white space is a tile of the piece named by
    that character, at row i of the picture (counting every line) and
    column j. A piece must be connected (letters drawn in two places would
    be two pieces with the same name: a ValueError).

    Args:
        picture: The drawing.

    Returns:
        A list of pieces `(name, tiles)`, each tile `(i, j)`.

    Raises:
        TypeError: If `picture` is not a str.
        ValueError: If it has no pieces, or a piece is not connected.

    >>> sorted(encode_polyominoes(TETROMINOES))
    ... # doctest: +NORMALIZE_WHITESPACE
    [('I', ((1, 0), (1, 1), (1, 2), (1, 3))),
     ('L', ((1, 6), (1, 7), (1, 8), (2, 6))),
     ('O', ((1, 11), (1, 12), (2, 11), (2, 12))),
     ('T', ((1, 15), (1, 16), (1, 17), (2, 16))),
     ('Z', ((1, 20), (1, 21), (2, 21), (2, 22)))]
    >>> encode_polyominoes('AA  A')
    Traceback (most recent call last):
      ...
    ValueError: piece 'A' is not connected: is it drawn twice? (tiles (0, 0), (0, 1), (0, 4))
    """
    if not isinstance(picture, str):
        raise TypeError(f"picture must be a str, not {type(picture).__name__}")
    pieces: dict[str, list[Cell]] = {}
    for i, row in enumerate(picture.split("\n")):
        for j, c in enumerate(row):
            if not c.isspace():
                pieces.setdefault(c, []).append((i, j))
    if not pieces:
        raise ValueError("the picture has no pieces (it is empty or all spaces)")
    for c, tiles in pieces.items():
        if not SQUARE.connected(tiles):
            shown = ", ".join(map(str, tiles[:8])) + (", ..." if len(tiles) > 8 else "")
            raise ValueError(f"piece {c!r} is not connected: is it drawn twice? (tiles {shown})")
    return [(c, tuple(tiles)) for c, tiles in pieces.items()]


def encode_region(picture: str) -> set[Cell]:
    """The cells of a board drawn in ASCII art.

    Every character other than white space or a `.` is a cell. The cells
    are shifted so that the top row and the leftmost column of the drawing
    are row 0 and column 0.

    Args:
        picture: The drawing.

    Returns:
        The cells `(row, column)`.

    Raises:
        TypeError: If `picture` is not a str.
        ValueError: If it has no cells.

    >>> sorted(encode_region('''
    ...     ##
    ...     #.#
    ... '''))
    [(0, 0), (0, 1), (1, 0), (1, 2)]
    """
    if not isinstance(picture, str):
        raise TypeError(f"picture must be a str, not {type(picture).__name__}")
    cells = [
        (i, j)
        for i, row in enumerate(picture.split("\n"))
        for j, c in enumerate(row)
        if not c.isspace() and c != "."
    ]
    if not cells:
        raise ValueError("the region picture has no cells (it is empty, or all spaces and dots)")
    top = min(i for i, _ in cells)
    left = min(j for _, j in cells)
    return {(i - top, j - left) for i, j in cells}


def _cells(region: Region) -> set[grids.Cell]:
    """The region's cells, checked in this module's words."""
    picture = encode_region(region) if isinstance(region, str) else region
    return check_region(SQUARE, picture, TERMS)


def _problem(
    pieces: Iterable[Piece],
    region: Region,
    orientations: str,
    counts: int | Mapping[Hashable, int] | None,
    optional: bool | Iterable[Hashable],
) -> TilingProblem:
    """The tiling problem on the square grid, checked in this module's words."""
    checked = check_pieces(SQUARE, pieces, TERMS)
    return TilingProblem(SQUARE, checked, _cells(region), orientations, counts, optional)


def placements(
    pieces: Iterable[Piece], region: Region, orientations: str = "all"
) -> dict[Placement, tuple[Cell, ...]]:
    """Every way to place each piece in the region.

    Args:
        pieces: Pieces `(name, tiles)`, as `encode_polyominoes` returns them.
        region: Cells `(row, column)`, or a picture (see `encode_region`).
        orientations: `"all"` (rotations and reflections), `"rotations"` (no
            mirror images) or `"fixed"` (pieces placed as drawn, only moved).

    Returns:
        A map from each placement `(name, cells)` (cells sorted) to its cells.

    Raises:
        TypeError: If a piece or a cell is not of the right type.
        ValueError: If a piece or the region is malformed, or `orientations`
            is unknown.

    >>> L = [('L', ((0, 0), (1, 0), (1, 1)))]
    >>> len(placements(L, [(0, 0), (0, 1), (1, 0), (1, 1)]))
    4
    >>> list(placements(L, [(0, 0), (0, 1), (1, 0), (1, 1)], 'fixed'))
    [('L', ((0, 0), (1, 0), (1, 1)))]
    """
    cells = _cells(region)
    placed = place(SQUARE, check_pieces(SQUARE, pieces, TERMS), cells, orientations)
    return cast("dict[Placement, tuple[Cell, ...]]", placed)


def polyomino(
    pieces: Iterable[Piece],
    region: Region,
    random: bool = False,
    *,
    orientations: str = "all",
    counts: int | Mapping[Hashable, int] | None = None,
    optional: bool | Iterable[Hashable] = False,
    seed: int | None = None,
) -> MultiCover[Placement]:
    """An iterator over the solutions of a polyomino tiling problem.

    Every cell of the region is covered exactly once. A solution is a list
    of placements `(name, cells)` (cells sorted). The iterator is a
    `MultiCover`, with every method of a `Search` (`count()` with all its
    options, `solutions()`, `estimate()`, `split()`, ...).

    Args:
        pieces: Pieces, each a pair whose first element is the name of the
            piece and whose second is a sequence of the coordinates of its
            tiles (in any coordinate system), as `encode_polyominoes` returns them.
        region: The region to fill: an iterable of cells `(i, j)` with
            non-negative coordinates, or an ASCII picture of it (see `encode_region`).
        random: Yield the solutions in a random order.
        orientations: `"all"` (default: pieces may be turned and flipped),
            `"rotations"` (turned, not flipped) or `"fixed"` (as drawn).
        counts: How many times each piece is placed: an int for every piece,
            or a map from piece names to ints (default 1 each).
        optional: Pieces that may be placed fewer times than their count (as
            few as none): True for all, or an iterable of names.
        seed: Yield the solutions in a random order reproducible from this seed.

    Returns:
        A `MultiCover` over the tilings.

    Raises:
        TypeError: If a piece, a cell or an argument is not of the right type.
        ValueError: If a piece or the region is malformed, or a cell of the
            region is one that no piece can cover (there could be no solution).

    >>> from itertools import product
    >>> region = set(product(range(3), range(7))) - {(1, 2)}
    >>> tilings = polyomino(encode_polyominoes(TETROMINOES), region)
    >>> print(min(map(decode_solution, tilings)))
    IIIILLL
    OO TZZL
    OOTTTZZ
    >>> polyomino(encode_polyominoes(TETROMINOES), region, orientations='fixed').count()
    0
    >>> bars = [('I', ((0, 0), (0, 1), (0, 2))), ('o', ((0, 0),))]
    >>> polyomino(bars, '####', optional=True, counts=4).count()
    3
    """
    problem = _problem(pieces, region, orientations, counts, optional)
    return cast("MultiCover[Placement]", problem.cover(random=random, seed=seed))


def solution_tiles(solution: Iterable[Placement]) -> Iterator[Cell]:
    """All the tiles of a polyomino solution.

    Args:
        solution: Placements `(name, cells)`.

    Returns:
        An iterator over the cells.

    >>> list(solution_tiles([('A', ((0, 0), (0, 1))), ('B', ((1, 0),))]))
    [(0, 0), (0, 1), (1, 0)]
    """
    return (t for _, tiles in solution for t in tiles)


def solution_bounds(solution: Iterable[Placement]) -> tuple[int, int]:
    """The bounds of the region a polyomino solution covers.

    Args:
        solution: Placements `(name, cells)`.

    Returns:
        `(height, width)`, counting from row 0 and column 0.

    Raises:
        TypeError: If a placement or a cell is malformed (see
            `exactcover.symmetry.checked_solution`).
        ValueError: If the solution is empty.

    >>> solution_bounds([('A', ((0, 0), (0, 1))), ('B', ((1, 3),))])
    (2, 4)
    """
    tiles = list(solution_tiles(checked_solution(solution)))
    if not tiles:
        raise ValueError("an empty solution has no bounds")
    return max(i for i, _ in tiles) + 1, max(j for _, j in tiles) + 1


def decode_solution(solution: Iterable[Placement]) -> str:
    """A polyomino solution drawn as text.

    Each tile shows the name of its piece (the first character of
    `str(name)`), uncovered cells a space; the drawing is the smallest box
    around the tiles, wherever they are (negative coordinates too).

    Args:
        solution: Placements `(name, cells)`.

    Returns:
        The drawing, one line per row.

    Raises:
        TypeError: If a placement or a cell is malformed (see
            `exactcover.symmetry.checked_solution`).
        ValueError: If the solution is empty, or its box has more than
            `MAX_TEXT_SIDE**2` (10^8) cells.

    >>> print(decode_solution([('A', ((0, 0), (0, 1))), ('B', ((1, 1),))]))
    AA
     B
    >>> print(decode_solution([('A', ((10**6, -5), (10**6, -4)))]))
    AA
    """
    placed = at_origin(solution)
    h, w = solution_bounds(placed)
    # Refused before the grid is made: it takes h * w characters.
    if h * w > MAX_TEXT_SIDE**2:
        raise ValueError(
            f"a solution spanning {h} x {w} cells is too large to draw as text (at most "
            f"{MAX_TEXT_SIDE**2:,} cells); solution_tiles(solution) lists its tiles"
        )
    grid = [[_EMPTY] * w for _ in range(h)]
    for name, cells in placed:
        mark = str(name)[:1] or "?"
        for i, j in cells:
            grid[i][j] = mark
    return "\n".join("".join(row) for row in grid)


def tiling_symmetries(
    pieces: Iterable[Piece],
    region: Region,
    *,
    orientations: str = "all",
) -> list[Symmetry]:
    """The symmetries of the region that map tilings to tilings.

    Those map the region onto itself and every allowed placement of a piece
    to an allowed placement of the same piece (with
    `orientations="rotations"`, a reflection only if every piece's mirror
    image is one of its rotations).

    Args:
        pieces: The pieces (see `polyomino`).
        region: The region (see `polyomino`).
        orientations: `"all"`, `"rotations"` or `"fixed"`.

    Returns:
        The symmetries, the identity first.

    >>> from itertools import product
    >>> pieces = encode_polyominoes(PENTOMINOES)
    >>> len(tiling_symmetries(pieces, product(range(8), repeat=2)))
    8
    >>> len(tiling_symmetries(pieces, product(range(8), repeat=2), orientations='rotations'))
    4
    """
    cells = _cells(region)
    options = place(SQUARE, check_pieces(SQUARE, pieces, TERMS), cells, orientations)
    return placement_symmetries(SQUARE, cells, options)


def unique_tilings(
    pieces: Iterable[Piece],
    region: Region,
    random: bool = False,
    *,
    orientations: str = "all",
    counts: int | Mapping[Hashable, int] | None = None,
    optional: bool | Iterable[Hashable] = False,
    seed: int | None = None,
) -> Iterator[list[Placement]]:
    """One tiling of each class of essentially different tilings.

    Tilings are essentially the same when a symmetry of the region maps one
    onto the other (see `tiling_symmetries`). The symmetry is broken in the
    encoding (one piece placed once is restricted to one placement per orbit
    of the symmetries), so this does not enumerate all tilings; the tilings
    yielded are not necessarily in `exactcover.symmetry.canonical` form.
    The arguments are those of `polyomino`.

    Returns:
        An iterator over the tilings.

    >>> from itertools import product
    >>> from exactcover.symmetry import canonical
    >>> board = set(product(range(8), repeat=2)) - set(product((3, 4), repeat=2))
    >>> tilings = list(unique_tilings(encode_polyominoes(PENTOMINOES), board))
    >>> len(tilings), len({canonical(t) for t in tilings})
    (65, 65)
    """
    problem = _problem(pieces, region, orientations, counts, optional)
    tilings = SymmetryBreaking(problem).solutions(random=random, seed=seed)
    return cast("Iterator[list[Placement]]", tilings)


def count_unique(
    pieces: Iterable[Piece],
    region: Region,
    *,
    orientations: str = "all",
    counts: int | Mapping[Hashable, int] | None = None,
    optional: bool | Iterable[Hashable] = False,
    threads: int | None = None,
) -> int:
    """Count the essentially different tilings without enumerating all tilings.

    With the symmetry broken in the encoding (see `unique_tilings`), the
    solver counts about one tiling per class.

    The arguments are those of `polyomino`, and `threads` that of `count()`.

    Returns:
        The number of classes of tilings.

    >>> from itertools import product
    >>> count_unique(encode_polyominoes(PENTOMINOES), product(range(3), range(20)))
    2
    """
    problem = _problem(pieces, region, orientations, counts, optional)
    return SymmetryBreaking(problem).count(threads)
