"""Polyform tilings on every grid: polyominoes, polyiamonds (triangles),
polyhexes (hexagons) and polycubes.

The grid comes first (`SQUARE`, `TRIANGLE`, `HEXAGON` or `CUBE` of
`exactcover.grids`): each way to place a piece in the region is a choice
`(name, cells)` (cells sorted); each cell is covered once and each piece
placed once (or `counts=` times, or fewer when `optional=`). Pieces turn and
flip (`orientations="all"`), only turn (`"rotations"`) or stay as drawn
(`"fixed"`); in 3-D a flip is a mirror image, which no rigid motion makes.
`exactcover.polyomino` is the square grid's case, with its own pictures.

The Soma cube: 11,520 solutions with the seven pieces turned (not mirrored),
480 up to rotations of the cube (the symmetry is broken in the encoding), 240
up to rotations and reflections (a reflection swaps the two screw pieces A
and B):

>>> soma = encode_pieces(CUBE, SOMA)
>>> cube = box(3, 3, 3)
>>> count_unique(CUBE, soma, cube, orientations='rotations')
480
>>> solutions = unique_tilings(CUBE, soma, cube, orientations='rotations')
>>> len({canonical(CUBE, s, mirror_names=SOMA_MIRRORS) for s in solutions})
240

Pictures of pieces and regions follow each grid's convention
(`encode_pieces`, `encode_region`); here the twelve hexiamonds tile a 6x6
rhombus of triangles (6 rows of 12):

>>> hexiamonds = encode_pieces(TRIANGLE, HEXIAMONDS)
>>> sorted(name for name, _ in hexiamonds)
['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L']
>>> rhombus = {(r, c) for r in range(6) for c in range(6 - r, 18 - r)}
>>> tilings = polyforms(TRIANGLE, hexiamonds, rhombus)
>>> sorted(name for name, _ in next(tilings))
['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L']

The machinery under both front ends, `TilingProblem` (the exact cover
problem) and `SymmetryBreaking` (counting essentially different tilings), is
public for those who build their own.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping
from itertools import product
from math import prod
from typing import Any, Dict, NamedTuple, Tuple, Union

from ._arguments import check_cells, integer
from .cover import MultiCover
from .grids import CUBE, HEXAGON, TRIANGLE, Cell, Grid, GridSymmetry, sweep_order

__all__ = [
    "TETRIAMONDS",
    "PENTIAMONDS",
    "HEXIAMONDS",
    "TETRAHEXES",
    "SOMA",
    "SOMA_MIRRORS",
    "PENTACUBES",
    "encode_pieces",
    "encode_region",
    "box",
    "polyforms",
    "placements",
    "tiling_symmetries",
    "count_unique",
    "unique_tilings",
    "canonical",
]

#: A piece: (name, cells).
Piece = Tuple[Hashable, Tuple[Cell, ...]]
#: A placed piece: (name, cells sorted).
Placement = Tuple[Hashable, Tuple[Cell, ...]]
#: Pieces: a picture, a mapping from names to cells, or (name, cells) pairs.
Pieces = Union[str, Mapping[Hashable, Iterable[Cell]], Iterable[Tuple[Hashable, Iterable[Cell]]]]
#: A region: cells, or a picture of them.
Region = Union[str, Iterable[Cell]]
#: How many times each piece is placed: one int for all, or by name.
Counts = Union[int, Mapping[Hashable, int], None]
#: The pieces that may be left out: True for all, or their names.
OptionalPieces = Union[bool, Iterable[Hashable]]

#: The placement modes: the orientations a piece may take.
ORIENTATIONS = ("all", "rotations", "fixed")

# Piece sets ------------------------------------------------------------------------

#: The five free tetrominoes.
TETROMINOES = """
IIII  LLL  OO  TTT  ZZ
      L    OO   T    ZZ
"""

#: The twelve free pentominoes, with their usual (Conway's) letters.
PENTOMINOES = """
I
I     L      N                      Y
I  FF L  PP  N TTT       V   W  X  YY ZZ
I FF  L  PP NN  T  U U   V  WW XXX  Y  Z
I  F  LL P  N   T  UUU VVV WW   X   Y  ZZ
"""

#: The three tetriamonds, lettered A to C (triangle pictures: see
#: `encode_pieces`).
TETRIAMONDS = """
AAAA  B   CC
     BBB  CC
"""

#: The four pentiamonds, lettered A to D.
PENTIAMONDS = """
AAAA  BBBBB   C     DDD
  A           CCCC  DD
"""

#: The twelve hexiamonds, lettered A to L (G is the bar, L the hexagon).
HEXIAMONDS = """
  A   BBB   C     DDDD  EEEEE    FF
AAAA   BBB  CC      DD    E     FFFF
 A          CCC

GGGGGG  HHHHH   I   JJ      KKK   LLL
        H       II  JJJJ  KKK     LLL
                II
                I
"""

#: The seven tetrahexes, lettered A to G (a hexagon picture: hexagons in a
#: row two columns apart, each row shifted one column from the next).
TETRAHEXES = """
  A     B B B B   C       D D   E     F F     G   G
 A A A             C C C   D D   E E     F F   G G
                                E
"""

#: The seven Soma pieces (a cube picture: layer z = 0, a line of dashes,
#: layer z = 1): V, L, T, Z, the screws A and B (mirror images of each
#: other) and the branch P.
SOMA = """
VV LLL TTT ZZ  AA BB PP
V  L    T   ZZ A  B  P
---
                A    P
                  B
"""

#: The Soma pieces that are mirror images of each other (see `canonical`).
SOMA_MIRRORS: Dict[Hashable, Hashable] = {"A": "B", "B": "A"}

#: The twelve pentominoes as flat pentacubes (one layer of a cube picture).
PENTACUBES = PENTOMINOES

# Pictures --------------------------------------------------------------------------


def _positions(picture: str, grid: Grid) -> list[tuple[str, int, int, int]]:
    """(character, line, column, layer) of every non-space character of a
    picture; in a cube picture, lines of dashes separate the layers."""
    if not isinstance(picture, str):
        raise TypeError(f"picture must be a str, not {type(picture).__name__}")
    result = []
    layer = 0
    line = 0
    lines = picture.split("\n")
    if grid is CUBE:
        # Each layer's lines count from its first: the first layer's from
        # the first line that is not blank, the others' from the line after
        # their separator.
        while lines and not lines[0].strip():
            lines.pop(0)
    for text in lines:
        if grid is CUBE and text.strip() and set(text.strip()) == {"-"}:
            layer += 1
            line = 0
            continue
        for column, c in enumerate(text):
            if c == "\t":
                raise ValueError(
                    f"a tab at line {line + 1}, column {column + 1} of the picture: "
                    "draw with spaces"
                )
            if not c.isspace():
                result.append((c, line, column, layer))
        line += 1
    return result


def _picture_cells(picture: str, grid: Grid) -> list[tuple[str, Cell]]:
    """The characters of a picture and their cells (dots included), by the
    grid's convention (see `encode_pieces`)."""
    found = _positions(picture, grid)
    if not found:
        return []
    top = min(line for _, line, _, _ in found)
    left = min(column for _, _, column, _ in found)
    if grid is HEXAGON:
        c0, line0, column0, _ = found[0]
        for c, line, column, _ in found:
            if (line + column - line0 - column0) % 2:
                raise ValueError(
                    f"{c!r} at line {line + 1 - top}, column {column + 1} of the hexagon picture "
                    f"is between two hexagons: in a row, hexagons are two columns apart, and "
                    f"each row is shifted one column from the next (as {c0!r} at line "
                    f"{line0 + 1 - top}, column {column0 + 1} is)"
                )
        base = min(column - line for _, line, column, _ in found)
        return [(c, (line - top, (column - line - base) // 2)) for c, line, column, _ in found]
    if grid is CUBE:
        return [(c, (column - left, line - top, layer)) for c, line, column, layer in found]
    if grid is TRIANGLE:
        # Shift by an even number of columns: the directions stay.
        left -= left % 2
    return [(c, (line - top, column - left)) for c, line, column, _ in found]


def check_grid(grid: object) -> Grid:
    """A grid argument, checked.

    Args:
        grid: The value given.

    Returns:
        The grid.

    Raises:
        TypeError: If it is not a `Grid`.
    """
    if not isinstance(grid, Grid):
        raise TypeError(f"grid must be a Grid (SQUARE, TRIANGLE, HEXAGON, CUBE), not {grid!r}")
    return grid


class Terms(NamedTuple):
    """The words a front end uses in its error messages, and what it checks.

    `polyform`'s functions speak of cells; `exactcover.polyomino` speaks of
    tiles and `(row, column)` pairs, and lets a piece be disconnected.

    Attributes:
        tile: What a piece is made of, in the singular: `"cell"` or `"tile"`.
        cell: What each cell must be, in messages (e.g.
            `"pairs of ints (row, column)"`, a TypeError for any other
            value); None for the grid's own words (`Grid.check_cell`).
        each: What an iterable of cells holds, in messages.
        encode: The call that encodes a picture of pieces, in messages.
        connected: Whether each piece must be connected.
        non_negative: Whether region cells must have non-negative coordinates.
    """

    tile: str = "cell"
    cell: str | None = None
    each: str = "cells"
    encode: str = "encode_pieces(grid, picture)"
    connected: bool = True
    non_negative: bool = False

    def check_cell(self, grid: Grid, cell: object, what: str) -> Cell:
        """A cell of `grid`, checked, with the errors in these terms.

        Args:
            grid: The grid.
            cell: The value given.
            what: Whose cell it is, as the message names it.

        Returns:
            The cell as a tuple of ints.

        Raises:
            TypeError: If it is not a cell (in these terms' words, when they have some).
            ValueError: If it has the wrong number of coordinates (the grid's words).
        """
        if self.cell is None:
            return grid.check_cell(cell, what)
        try:
            return grid.check_cell(cell, what)
        except (TypeError, ValueError):
            raise TypeError(f"{what} must be {self.cell}, not {cell!r}") from None


#: The terms of this module's functions.
POLYFORM_TERMS = Terms()


def check_pieces(grid: Grid, pieces: Any, terms: Terms = POLYFORM_TERMS) -> list[Piece]:
    """Pieces given as a mapping from names to cells, or as pairs, checked.

    Args:
        grid: The grid.
        pieces: A mapping from names to cells, or pairs `(name, cells)`.
        terms: The words of the error messages, and whether pieces must be connected.

    Returns:
        The pieces `(name, cells)`, the cells as tuples of ints.

    Raises:
        TypeError: If `grid` is not a `Grid`, `pieces` is a picture (a str),
            or a piece, a name or a cell is not of the right type.
        ValueError: If two pieces have the same name, a piece has no cells or
            a cell twice, or (with `terms.connected`) is not connected.
    """
    check_grid(grid)
    tiles = f"{terms.tile}s"
    if isinstance(pieces, str):
        raise TypeError(
            f"pieces must be a list of (name, {tiles}); encode a picture first with {terms.encode}"
        )
    if isinstance(pieces, Mapping):
        pairs: Iterable[Any] = pieces.items()
    elif isinstance(pieces, Iterable):
        pairs = pieces
    else:
        raise TypeError(
            f"pieces must be a picture, a mapping or pairs, not {type(pieces).__name__}"
        )
    result: list[Piece] = []
    names: set[Hashable] = set()
    for piece in pairs:
        try:
            name, cells = piece
        except (TypeError, ValueError):
            raise TypeError(f"each piece must be a pair (name, {tiles}), not {piece!r}") from None
        try:
            hash(name)
        except TypeError:
            raise TypeError(f"piece name {name!r} is not hashable") from None
        if name in names:
            raise ValueError(
                f"two pieces are named {name!r}: give each piece its own name "
                "(use counts= to place a piece several times)"
            )
        names.add(name)
        what = f"the {tiles} of piece {name!r}"
        if isinstance(cells, str) or not isinstance(cells, Iterable):
            raise TypeError(f"{what} must be an iterable of {terms.each}")
        checked = tuple(terms.check_cell(grid, c, what) for c in cells)
        if not checked:
            raise ValueError(f"piece {name!r} has no {tiles}")
        if len(set(checked)) != len(checked):
            raise ValueError(f"piece {name!r} lists a {terms.tile} twice")
        if terms.connected and not grid.connected(checked):
            shown = ", ".join(map(str, checked[:8])) + (", ..." if len(checked) > 8 else "")
            raise ValueError(
                f"piece {name!r} is not connected on the {grid.name} grid: "
                f"is it drawn twice? (cells {shown})"
            )
        result.append((name, checked))
    return result


def encode_pieces(grid: Grid, pieces: Pieces) -> list[Piece]:
    """The pieces `(name, cells)` of a picture, of a mapping or of pairs, checked.

    Each piece is connected (on `grid`), with no cell twice, and names are
    distinct. In a picture, every character other than a space is a cell of
    the piece of that name. Line i of the picture is row i, character j
    column j:

    - square grid: cell `(i, j)`;
    - triangular grid: each character is a triangle, pointing up when
      `i + j` is even, where the lines i count from the first line that is
      not blank and the columns j from the start of the line (so two
      characters side by side are two triangles sharing a side, and the
      character below an up triangle is the down triangle under its base);
    - hexagonal grid: hexagons in a row are two columns apart, and each row
      is shifted one column from the next (a character at a column of the
      wrong parity is a ValueError); the top row is row 0;
    - cubic grid: layers z = 0, 1, ... are square pictures separated by
      lines of dashes (`---`); line y, column x is the cell `(x, y, z)`.

    Args:
        grid: The grid (`SQUARE`, `TRIANGLE`, `HEXAGON` or `CUBE`).
        pieces: A picture, a mapping from names to cells, or pairs `(name, cells)`.

    Returns:
        The pieces `(name, cells)`, the cells as tuples of ints.

    Raises:
        TypeError: If `grid` is not a `Grid`, or a piece, a name or a cell is
            not of the right type.
        ValueError: If the picture is empty or misdrawn, two pieces have the
            same name, or a piece is empty, lists a cell twice or is not connected.

    >>> encode_pieces(TRIANGLE, 'AAA B')
    [('A', ((0, 0), (0, 1), (0, 2))), ('B', ((0, 4),))]
    >>> encode_pieces(HEXAGON, '''
    ...  A A
    ... A
    ... ''')
    [('A', ((0, 1), (0, 2), (1, 0)))]
    >>> encode_pieces(TRIANGLE, 'A\\n A')
    Traceback (most recent call last):
      ...
    ValueError: piece 'A' is not connected on the triangular grid: is it drawn twice? ...
    """
    check_grid(grid)
    if not isinstance(pieces, str):
        return check_pieces(grid, pieces)
    drawn: dict[str, list[Cell]] = {}
    for c, cell in _picture_cells(pieces, grid):
        if c != ".":
            drawn.setdefault(c, []).append(cell)
    if not drawn:
        raise ValueError("the picture has no pieces (it is empty or all spaces)")
    return check_pieces(grid, drawn.items())


def encode_region(grid: Grid, picture: str) -> set[Cell]:
    """The cells of a region drawn by the convention of `encode_pieces`.

    Every character other than a space or a `.` is a cell. Regions are moved
    to the top of the picture and its left (by an even number of columns on
    the triangular grid, keeping the directions).

    Args:
        grid: The grid.
        picture: The drawing.

    Returns:
        The cells.

    Raises:
        TypeError: If `grid` is not a `Grid`, or `picture` not a str.
        ValueError: If the picture has no cells or is misdrawn.

    A rhombus of triangles, with sides of 2 and 3:

    >>> sorted(encode_region(TRIANGLE, '''
    ...   ######
    ...  ######
    ... '''))
    [(0, 2), (0, 3), (0, 4), (0, 5), (0, 6), (0, 7), (1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6)]
    """
    check_grid(grid)
    cells = {cell for c, cell in _picture_cells(picture, grid) if c != "."}
    if not cells:
        raise ValueError("the region picture has no cells (it is empty, or all spaces and dots)")
    return cells


def box(*sizes: int) -> set[Cell]:
    """The cells of a box.

    Args:
        *sizes: Its sizes: `box(3, 3, 3)` is the 3x3x3 cube of the cubic
            grid, `box(h, w)` a rectangle of the square grid.

    Returns:
        The cells.

    Raises:
        ValueError: If a size is not a positive int, or the box has more
            than `MAX_CELLS` (10^8) cells.

    >>> len(box(2, 3, 4)), min(box(2, 3, 4)), max(box(2, 3, 4))
    (24, (0, 0, 0), (1, 2, 3))
    """
    for s in sizes:
        if isinstance(s, bool) or not isinstance(s, int) or s < 1:
            raise ValueError(f"box sizes must be positive ints, not {s!r}")
    check_cells(f"a {' x '.join(map(str, sizes))} box", prod(sizes))
    return set(product(*(range(s) for s in sizes)))


def check_region(grid: Grid, region: Region, terms: Terms = POLYFORM_TERMS) -> set[Cell]:
    """A region given as cells or as a picture, checked.

    Args:
        grid: The grid.
        region: An iterable of cells, or a picture (see `encode_region`).
        terms: The words of the error messages, and whether cells must be
            non-negative.

    Returns:
        The cells.

    Raises:
        TypeError: If `grid` is not a `Grid`, or `region` or a cell is not
            of the right type.
        ValueError: If the region is empty (or, with `terms.non_negative`, a
            cell has a negative coordinate).
    """
    check_grid(grid)
    if isinstance(region, str):
        return encode_region(grid, region)
    if not isinstance(region, Iterable):
        raise TypeError(
            f"region must be an iterable of cells or a picture, not {type(region).__name__}"
        )
    cells = {terms.check_cell(grid, c, "region cells") for c in region}
    if not cells:
        raise ValueError("the region is empty")
    if terms.non_negative:
        negative = sorted(c for c in cells if min(c) < 0)
        if negative:
            raise ValueError(f"region cells must have non-negative coordinates, not {negative[0]}")
    return cells


# Problems --------------------------------------------------------------------------


def place(
    grid: Grid, pieces: Iterable[Piece], cells: set[Cell], orientations: str = "all"
) -> dict[Placement, tuple[Cell, ...]]:
    """Every way to place checked pieces in a checked region.

    Args:
        grid: The grid.
        pieces: Pieces `(name, cells)`, as `check_pieces` returns them.
        cells: The region's cells, as `check_region` returns them.
        orientations: `"all"`, `"rotations"` or `"fixed"`.

    Returns:
        A map from each placement `(name, cells)` (cells sorted) to its cells.

    Raises:
        ValueError: If `orientations` is not one of `ORIENTATIONS`.
    """
    if not isinstance(orientations, str) or orientations not in ORIENTATIONS:
        raise ValueError(f"orientations must be one of {ORIENTATIONS}, not {orientations!r}")
    points = {grid.to_point(c) for c in cells}
    ordered = sorted(points)
    result: dict[Placement, tuple[Cell, ...]] = {}
    for name, tiles in pieces:
        for shape in grid.orientations(tiles, orientations):
            first = shape[0]
            for target in ordered:
                shift = tuple(t - f for t, f in zip(target, first))
                if not grid.is_translation(shift):
                    continue
                placed = [tuple(x + s for x, s in zip(p, shift)) for p in shape]
                if all(p in points for p in placed):
                    cells_placed = tuple(sorted(grid.to_cell(p) for p in placed))
                    result[(name, cells_placed)] = cells_placed
    return result


def placements(
    grid: Grid, pieces: Pieces, region: Region, orientations: str = "all"
) -> dict[Placement, tuple[Cell, ...]]:
    """Every way to place each piece in the region on a grid.

    Args:
        grid: The grid.
        pieces: A mapping from names to cells, or pairs `(name, cells)`.
        region: An iterable of cells, or a picture.
        orientations: `"all"` (turned and flipped), `"rotations"` or `"fixed"`.

    Returns:
        Each placement `(name, cells)`, its cells sorted, mapped to those cells.

    Raises:
        TypeError: If the region, a piece or one of their cells is of a wrong type.
        ValueError: If the region or a piece is malformed, or if `orientations`
            is not one of `ORIENTATIONS`.

    >>> len(placements(TRIANGLE, [('d', ((0, 0), (0, 1)))], box(2, 4)))
    8
    >>> len(placements(CUBE, [('d', ((0, 0, 0), (1, 0, 0)))], box(2, 2, 2)))
    12
    """
    cells = check_region(grid, region)
    return place(grid, check_pieces(grid, pieces), cells, orientations)


def placement_symmetries(
    grid: Grid, cells: set[Cell], options: Mapping[Placement, tuple[Cell, ...]]
) -> list[GridSymmetry]:
    """The symmetries of a region that map every placement to a placement.

    Args:
        grid: The grid.
        cells: The region's cells.
        options: The placements, as `place` returns them.

    Returns:
        The symmetries that map the region onto itself and each placement
        to a placement of the same piece, the identity first.
    """
    return [
        s
        for s in grid.region_symmetries(cells)
        if all((name, tuple(sorted(s(c) for c in placed))) in options for name, placed in options)
    ]


def _piece_counts(names: list[Hashable], counts: Counts) -> dict[Hashable, int]:
    """How many times each piece is placed."""
    if counts is None:
        return dict.fromkeys(names, 1)
    every = integer(counts)
    if every is not None:
        if every < 0:
            raise ValueError(f"counts must be non-negative, not {every}")
        return dict.fromkeys(names, every)
    if not isinstance(counts, Mapping):
        raise TypeError(f"counts must be an int or a mapping, not {type(counts).__name__}")
    unknown = [n for n in counts if n not in set(names)]
    if unknown:
        raise ValueError(f"counts names {unknown[0]!r}, which is not one of the pieces")
    result = {}
    for n in names:
        given = counts.get(n, 1)
        k = integer(given)
        if k is None or k < 0:
            raise ValueError(f"count of piece {n!r} must be a non-negative int, not {given!r}")
        result[n] = k
    return result


def _optional_pieces(names: list[Hashable], optional: OptionalPieces) -> set[Hashable]:
    """The pieces that may be placed fewer times than their count."""
    if optional is True:
        return set(names)
    if optional is False or optional is None:
        return set()
    if isinstance(optional, str) and optional not in names:
        optional = list(optional)  # 'FLT': the pieces F, L and T
    elif isinstance(optional, str):
        optional = [optional]
    if not isinstance(optional, Iterable):
        raise TypeError(
            f"optional must be True, False or piece names, not {type(optional).__name__}"
        )
    result = set()
    for name in optional:
        try:
            hash(name)
        except TypeError:
            raise TypeError(f"optional names {name!r}, which is not hashable") from None
        result.add(name)
    unknown = [n for n in result if n not in set(names)]
    if unknown:
        raise ValueError(f"optional names {unknown[0]!r}, which is not one of the pieces")
    return result


class TilingProblem:
    """A tiling problem on a grid, encoded as exact cover constraints.

    The constraints of a placement are its cells and `("piece", name)`, so
    that no piece name can be mistaken for a cell; each cell is covered
    once, each piece placed `counts[name]` times (at most that many if it
    is optional).

    Args:
        grid: The grid.
        pieces: Checked pieces (`check_pieces`).
        cells: The region's checked cells (`check_region`).
        orientations: `"all"`, `"rotations"` or `"fixed"`.
        counts: How many times each piece is placed: an int for all, or a
            mapping from names (default 1 each).
        optional: The pieces that may be placed fewer times: True for all,
            or names (a str of one-letter names counts as its letters).

    Raises:
        ValueError: If no placement covers some cell of the region, or
            `counts`, `optional` or `orientations` is wrong.

    Attributes:
        grid: The grid.
        cells: The region's cells.
        options: Each placement `(name, cells)` and its cells.
        counts: Each piece's count.
        optional: The names of the optional pieces.
        constraints: Each placement and its constraints.
        satisfy: The constraints every tiling satisfies.
        piece_counts: The count of each `("piece", name)` constraint.
    """

    def __init__(
        self,
        grid: Grid,
        pieces: list[Piece],
        cells: set[Cell],
        orientations: str = "all",
        counts: Counts = None,
        optional: OptionalPieces = False,
    ) -> None:
        self.grid = grid
        self.cells = cells
        self.options = place(grid, pieces, cells, orientations)
        names = [name for name, _ in pieces]
        self.counts = _piece_counts(names, counts)
        self.optional = _optional_pieces(names, optional)
        covered = {c for cells in self.options.values() for c in cells}
        uncovered = sorted(self.cells - covered)
        if uncovered:
            shown = ", ".join(map(str, uncovered[:5])) + (", ..." if len(uncovered) > 5 else "")
            raise ValueError(f"no placement of any piece covers the region's cell(s) {shown}")
        self.constraints: dict[Placement, tuple[Hashable, ...]] = {
            choice: (("piece", choice[0]),) + cells for choice, cells in self.options.items()
        }
        self.satisfy = sorted(self.cells) + [("piece", n) for n in names if n not in self.optional]
        self.piece_counts: dict[Hashable, int] = {("piece", n): k for n, k in self.counts.items()}

    def cover(
        self,
        constraints: Mapping[Placement, tuple[Hashable, ...]] | None = None,
        initial: Iterable[Placement] = (),
        random: bool = False,
        seed: int | None = None,
    ) -> MultiCover[Placement]:
        """The iterator over the tilings.

        Args:
            constraints: The constraints to solve (default: all of them).
            initial: Placements every tiling holds.
            random: Yield the tilings in a random order.
            seed: Yield them in a random order reproducible from this seed.

        Returns:
            A `MultiCover` whose solutions are lists of placements, with
            the region's cells as its sweep order (`grids.sweep_order`).
        """
        cover = MultiCover(
            self.constraints if constraints is None else constraints,
            initial,
            random,
            counts=self.piece_counts,
            satisfy=self.satisfy,
            seed=seed,
        )
        cover._sweep_ids(sweep_order(self.cells), strict=False)
        return cover

    def group(self) -> list[GridSymmetry]:
        """The symmetries of the region that map placements to placements.

        Returns:
            The symmetries, the identity first.
        """
        return placement_symmetries(self.grid, self.cells, self.options)


def _image(choice: Placement, s: GridSymmetry) -> Placement:
    return choice[0], tuple(sorted(s(c) for c in choice[1]))


class SymmetryBreaking:
    """Symmetry breaking for counting essentially different tilings.

    Take a piece P placed exactly once in every tiling, and the group G of
    symmetries of the tilings. G acts on P's placements; keep one placement
    per orbit. If G moves each kept placement p freely (only the identity
    fixes it), then every class of tilings has exactly one member with P at a
    kept placement: the tilings with P at free kept placements are the
    essentially different ones, and one solver run counts them. A kept
    placement fixed by a subgroup H (only possible when P itself has a
    symmetry) is solved on its own: the tilings with P there are deduplicated
    under H by their canonical forms.

    Args:
        problem: The tiling problem.

    Attributes:
        problem: The tiling problem.
        group: The symmetries of its tilings (`TilingProblem.group`).
        piece: The name of P, or None when no piece is placed exactly once
            (then every tiling is enumerated and deduplicated).
        free: P's kept placements that only the identity fixes.
        fixed: P's kept placements that other symmetries fix, each with its
            stabilizer.
    """

    def __init__(self, problem: TilingProblem) -> None:
        self.problem = problem
        self.group = problem.group()
        self.piece: Hashable | None = None
        self.free: list[Placement] = []
        self.fixed: list[tuple[Placement, list[GridSymmetry]]] = []
        if len(self.group) == 1:
            return
        candidates = [n for n, k in problem.counts.items() if k == 1 and n not in problem.optional]
        best = None
        for name in candidates:
            own = [c for c in problem.options if c[0] == name]
            free, fixed = self._orbits(own)
            # The fewest placements left, the strongest restriction; but a
            # placement solved on its own enumerates its tilings in Python,
            # so it weighs as much as a few free ones. (On the pentomino
            # rectangles this picks X, as Knuth does.)
            key = (len(free) + 4 * len(fixed), len(fixed))
            if best is None or key < best[0]:
                best = key, name, free, fixed
        if best is not None:
            _, self.piece, self.free, self.fixed = best

    def _orbits(
        self, own: list[Placement]
    ) -> tuple[list[Placement], list[tuple[Placement, list[GridSymmetry]]]]:
        seen: set[Placement] = set()
        free = []
        fixed = []
        for choice in own:
            if choice in seen:
                continue
            orbit = {_image(choice, s) for s in self.group}
            seen |= orbit
            stabilizer = [s for s in self.group if _image(choice, s) == choice]
            if len(stabilizer) == 1:
                free.append(choice)
            else:
                fixed.append((choice, stabilizer))
        return free, fixed

    def restricted(self) -> dict[Placement, tuple[Hashable, ...]]:
        """The constraints with P's placements cut to the free kept ones.

        Returns:
            Each placement left and its constraints.
        """
        keep = set(self.free)
        return {
            c: cons
            for c, cons in self.problem.constraints.items()
            if c[0] != self.piece or c in keep
        }

    def _deduplicated(
        self, solutions: Iterable[list[Placement]], symmetries: list[GridSymmetry]
    ) -> Iterator[list[Placement]]:
        """The solutions whose canonical forms under `symmetries` are new."""
        seen = set()
        for solution in solutions:
            key = self.problem.grid.canonical(solution, symmetries)
            if key not in seen:
                seen.add(key)
                yield solution

    def solutions(self, random: bool = False, seed: int | None = None) -> Iterator[list[Placement]]:
        """One tiling of each class of essentially different tilings.

        Args:
            random: Yield them in a random order.
            seed: Yield them in a random order reproducible from this seed.

        Yields:
            Tilings: lists of placements.
        """
        problem = self.problem
        if len(self.group) == 1:
            yield from problem.cover(random=random, seed=seed)
            return
        if self.piece is None:
            # No piece placed exactly once: deduplicate every tiling.
            yield from self._deduplicated(problem.cover(random=random, seed=seed), self.group)
            return
        if self.free:
            yield from problem.cover(self.restricted(), random=random, seed=seed)
        for choice, stabilizer in self.fixed:
            tilings = problem.cover(initial=[choice], random=random, seed=seed)
            yield from self._deduplicated(tilings, stabilizer)

    def count(self, threads: int | None = None) -> int:
        """Count the essentially different tilings.

        Args:
            threads: Threads for the solver's count (see `Search.count`).

        Returns:
            The number of classes of tilings.
        """
        if len(self.group) == 1:
            return self.problem.cover().count(threads=threads)
        if self.piece is None:
            return sum(1 for _ in self.solutions())
        total = 0
        if self.free:
            total += self.problem.cover(self.restricted()).count(threads=threads)
        for choice, stabilizer in self.fixed:
            tilings = self.problem.cover(initial=[choice])
            total += sum(1 for _ in self._deduplicated(tilings, stabilizer))
        return total


def _problem(
    grid: Grid,
    pieces: Pieces,
    region: Region,
    orientations: str,
    counts: Counts,
    optional: OptionalPieces,
) -> TilingProblem:
    checked = check_pieces(grid, pieces)
    return TilingProblem(grid, checked, check_region(grid, region), orientations, counts, optional)


def polyforms(
    grid: Grid,
    pieces: Pieces,
    region: Region,
    random: bool = False,
    *,
    orientations: str = "all",
    counts: Counts = None,
    optional: OptionalPieces = False,
    seed: int | None = None,
) -> MultiCover[Placement]:
    """An iterator over the tilings of a region by pieces on a grid.

    Every cell of the region is covered exactly once. A tiling is a list of
    placements `(name, cells)` (cells sorted). The iterator has `count()`.

    Args:
        grid: The grid (`SQUARE`, `TRIANGLE`, `HEXAGON` or `CUBE`).
        pieces: As returned by `encode_pieces`, a mapping from names to
            cells, or pairs `(name, cells)`.
        region: An iterable of cells, or a picture (see `encode_region`).
        random: As for `exactcover.polyomino.polyomino`, the square grid's case.
        orientations: As for `exactcover.polyomino.polyomino`; in 3-D a flip
            is a mirror image.
        counts: As for `exactcover.polyomino.polyomino`.
        optional: As for `exactcover.polyomino.polyomino`.
        seed: As for `exactcover.polyomino.polyomino`.

    Returns:
        A `MultiCover` over the tilings.

    Raises:
        TypeError: If a piece, a cell or an argument is not of the right type.
        ValueError: If a piece or the region is malformed, or no piece can
            cover some cell of the region.

    >>> bars = {'I': [(0, 0), (0, 1), (0, 2)]}
    >>> polyforms(TRIANGLE, bars, box(2, 6), counts=4).count()
    3
    >>> tetrahexes = encode_pieces(HEXAGON, TETRAHEXES)
    >>> polyforms(HEXAGON, tetrahexes, box(4, 7)).count()
    18
    """
    problem = _problem(grid, pieces, region, orientations, counts, optional)
    return problem.cover(random=random, seed=seed)


def tiling_symmetries(
    grid: Grid, pieces: Pieces, region: Region, *, orientations: str = "all"
) -> list[GridSymmetry]:
    """The symmetries of the region that map tilings to tilings.

    Those are the symmetries that map the region onto itself and every
    allowed placement of a piece to an allowed placement of the same piece
    (with `orientations="rotations"`, a reflection only if every piece's
    mirror image is one of its rotations).

    Args:
        grid: The grid.
        pieces: The pieces (see `polyforms`).
        region: The region (see `polyforms`).
        orientations: `"all"`, `"rotations"` or `"fixed"`.

    Returns:
        The symmetries, the identity first.

    >>> len(tiling_symmetries(CUBE, encode_pieces(CUBE, SOMA), box(3, 3, 3)))
    48
    >>> len(tiling_symmetries(CUBE, encode_pieces(CUBE, SOMA), box(3, 3, 3),
    ...                       orientations='rotations'))
    24
    """
    cells = check_region(grid, region)
    options = place(grid, check_pieces(grid, pieces), cells, orientations)
    return placement_symmetries(grid, cells, options)


def unique_tilings(
    grid: Grid,
    pieces: Pieces,
    region: Region,
    random: bool = False,
    *,
    orientations: str = "all",
    counts: Counts = None,
    optional: OptionalPieces = False,
    seed: int | None = None,
) -> Iterator[list[Placement]]:
    """One tiling of each class of essentially different tilings on a grid.

    Tilings are essentially the same when a symmetry of the region maps one
    onto the other (see `tiling_symmetries`). The symmetry is broken in the
    encoding (one piece placed once is restricted to one placement per
    orbit of the symmetries: see `SymmetryBreaking`), so this does not
    enumerate all tilings; the tilings yielded are not necessarily in
    `canonical` form.

    Args:
        grid: The grid.
        pieces: The pieces (see `polyforms`).
        region: The region (see `polyforms`).
        random: Yield the tilings in a random order.
        orientations: As for `polyforms`.
        counts: As for `polyforms`.
        optional: As for `polyforms`.
        seed: Yield the tilings in a random order reproducible from this seed.

    Returns:
        An iterator over the tilings.

    >>> tilings = list(unique_tilings(CUBE, encode_pieces(CUBE, PENTACUBES), box(2, 3, 10)))
    >>> len(tilings), len({canonical(CUBE, t) for t in tilings})
    (12, 12)
    """
    problem = _problem(grid, pieces, region, orientations, counts, optional)
    return SymmetryBreaking(problem).solutions(random=random, seed=seed)


def count_unique(
    grid: Grid,
    pieces: Pieces,
    region: Region,
    *,
    orientations: str = "all",
    counts: Counts = None,
    optional: OptionalPieces = False,
    threads: int | None = None,
) -> int:
    """Count the essentially different tilings on a grid without enumerating all tilings.

    With the symmetry broken in the encoding (see `unique_tilings`), the
    solver counts about one tiling per class.

    Args:
        grid: The grid.
        pieces: The pieces (see `polyforms`).
        region: The region (see `polyforms`).
        orientations: As for `polyforms`.
        counts: As for `polyforms`.
        optional: As for `polyforms`.
        threads: Threads for counting, as for `count()`.

    Returns:
        The number of classes of tilings.

    >>> count_unique(CUBE, encode_pieces(CUBE, PENTACUBES), box(2, 3, 10))
    12
    """
    problem = _problem(grid, pieces, region, orientations, counts, optional)
    return SymmetryBreaking(problem).count(threads)


def canonical(
    grid: Grid,
    solution: Iterable[Placement],
    symmetries: Any = None,
    *,
    mirror_names: Mapping[Hashable, Hashable] | None = None,
) -> tuple[Placement, ...]:
    """A canonical form of a tiling on a grid (see `Grid.canonical`).

    Args:
        grid: The grid.
        solution: Placements `(name, cells)`.
        symmetries: The symmetries to use (default: those of the region the
            tiling covers).
        mirror_names: Renames pieces under the reflections, for sets of
            pieces closed under mirror images: with the Soma pieces turned
            only, a reflected solution is a solution with the screws A and B
            swapped (`SOMA_MIRRORS`).

    Returns:
        The least of the tiling's images, in sorted form.

    Raises:
        TypeError: If `grid` is not a `Grid`, or `mirror_names` is neither
            a mapping nor None.

    >>> canonical(CUBE, [('a', ((1, 0, 0),)), ('b', ((0, 0, 0),))])
    (('a', ((0, 0, 0),)), ('b', ((1, 0, 0),)))
    >>> canonical(CUBE, [('A', ((1, 0, 0),)), ('B', ((0, 0, 0),))], mirror_names=SOMA_MIRRORS)
    (('A', ((0, 0, 0),)), ('B', ((1, 0, 0),)))
    """
    return check_grid(grid).canonical(solution, symmetries, mirror_names=mirror_names)
