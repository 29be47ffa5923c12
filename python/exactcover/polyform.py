"""Polyform tilings on every grid: polyominoes, polyiamonds (triangles),
polyhexes (hexagons) and polycubes.

The same model as :mod:`exactcover.polyomino`, with the grid as the first
argument (:data:`~exactcover.grids.SQUARE`, :data:`~exactcover.grids.TRIANGLE`,
:data:`~exactcover.grids.HEXAGON` or :data:`~exactcover.grids.CUBE`): each way
to place a piece in the region is a choice ``(name, cells)`` (cells sorted);
each cell is covered once and each piece placed once (or ``counts=`` times,
or fewer when ``optional=``). Pieces turn and flip (``orientations="all"``),
only turn (``"rotations"``) or stay as drawn (``"fixed"``); in 3-D a flip is
a mirror image, which no rigid motion makes.

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
(:func:`encode_pieces`, :func:`encode_region`); here the twelve hexiamonds
tile a 6x6 rhombus of triangles (6 rows of 12):

>>> hexiamonds = encode_pieces(TRIANGLE, HEXIAMONDS)
>>> sorted(name for name, _ in hexiamonds)
['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L']
>>> rhombus = {(r, c) for r in range(6) for c in range(6 - r, 18 - r)}
>>> tilings = polyforms(TRIANGLE, hexiamonds, rhombus)
>>> sorted(name for name, _ in next(tilings))
['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping
from itertools import product
from typing import Any, Dict, Tuple, Union, cast

from .cover import MultiCover
from .grids import CUBE, HEXAGON, TRIANGLE, Cell, Grid, GridSymmetry
from .polyomino import ORIENTATIONS, PENTOMINOES, _Breaking, _counts, _optional, _Problem
from .symmetry import Symmetry

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

# Piece sets ------------------------------------------------------------------------

#: The three tetriamonds, lettered A to C (triangle pictures: see
#: :func:`encode_pieces`).
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

#: The Soma pieces that are mirror images of each other (see :func:`canonical`).
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
    grid's convention (see :func:`encode_pieces`)."""
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


def encode_pieces(grid: Grid, pieces: Pieces) -> list[Piece]:
    """The pieces ``(name, cells)`` of a picture, of a mapping from names to
    cells, or of pairs (name, cells), checked: each piece is connected (on
    ``grid``), with no cell twice, and names are distinct.

    In a picture, every character other than a space is a cell of the piece
    of that name. Line i of the picture is row i, character j column j:

    - square grid: cell ``(i, j)``;
    - triangular grid: each character is a triangle, pointing up when
      ``i + j`` is even, where the lines i count from the first line that is
      not blank and the columns j from the start of the line (so two
      characters side by side are two triangles sharing a side, and the
      character below an up triangle is the down triangle under its base);
    - hexagonal grid: hexagons in a row are two columns apart, and each row
      is shifted one column from the next (a character at a column of the
      wrong parity is a ValueError); the top row is row 0;
    - cubic grid: layers z = 0, 1, ... are square pictures separated by
      lines of dashes (``---``); line y, column x is the cell ``(x, y, z)``.

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
    if not isinstance(grid, Grid):
        raise TypeError(f"grid must be a Grid (SQUARE, TRIANGLE, HEXAGON, CUBE), not {grid!r}")
    raw: list[tuple[Hashable, Any]]
    if isinstance(pieces, str):
        drawn: dict[str, list[Cell]] = {}
        for c, cell in _picture_cells(pieces, grid):
            if c != ".":
                drawn.setdefault(c, []).append(cell)
        if not drawn:
            raise ValueError("the picture has no pieces (it is empty or all spaces)")
        raw = list(drawn.items())
    elif isinstance(pieces, Mapping):
        raw = list(pieces.items())
    elif isinstance(pieces, Iterable):
        raw = []
        for piece in pieces:
            try:
                name, cells = piece
            except (TypeError, ValueError):
                raise TypeError(f"each piece must be a pair (name, cells), not {piece!r}") from None
            raw.append((name, cells))
    else:
        raise TypeError(
            f"pieces must be a picture, a mapping or pairs, not {type(pieces).__name__}"
        )
    result: list[Piece] = []
    names: set[Hashable] = set()
    for name, cells in raw:
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
        if isinstance(cells, str) or not isinstance(cells, Iterable):
            raise TypeError(f"the cells of piece {name!r} must be an iterable of cells")
        checked = tuple(grid.check_cell(c, f"the cells of piece {name!r}") for c in cells)
        if not checked:
            raise ValueError(f"piece {name!r} has no cells")
        if len(set(checked)) != len(checked):
            raise ValueError(f"piece {name!r} lists a cell twice")
        if not grid.connected(checked):
            shown = ", ".join(map(str, checked[:8])) + (", ..." if len(checked) > 8 else "")
            raise ValueError(
                f"piece {name!r} is not connected on the {grid.name} grid: "
                f"is it drawn twice? (cells {shown})"
            )
        result.append((name, checked))
    return result


def encode_region(grid: Grid, picture: str) -> set[Cell]:
    """The cells of a region drawn by the convention of
    :func:`encode_pieces`: every character other than a space or a ``.`` is
    a cell. Regions are moved to the top of the picture and its left (by an
    even number of columns on the triangular grid, keeping the directions).
    A rhombus of triangles, with sides of 2 and 3:

    >>> sorted(encode_region(TRIANGLE, '''
    ...   ######
    ...  ######
    ... '''))
    [(0, 2), (0, 3), (0, 4), (0, 5), (0, 6), (0, 7), (1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6)]
    """
    cells = {cell for c, cell in _picture_cells(picture, grid) if c != "."}
    if not cells:
        raise ValueError("the region picture has no cells (it is empty, or all spaces and dots)")
    return cells


def box(*sizes: int) -> set[Cell]:
    """The cells of a box: ``box(3, 3, 3)`` is the 3x3x3 cube of the cubic
    grid (``box(h, w)`` a rectangle of the square grid).

    >>> len(box(2, 3, 4)), min(box(2, 3, 4)), max(box(2, 3, 4))
    (24, (0, 0, 0), (1, 2, 3))
    """
    for s in sizes:
        if isinstance(s, bool) or not isinstance(s, int) or s < 1:
            raise ValueError(f"box sizes must be positive ints, not {s!r}")
    return set(product(*(range(s) for s in sizes)))


def _region_cells(grid: Grid, region: Region) -> set[Cell]:
    if isinstance(region, str):
        return encode_region(grid, region)
    if not isinstance(region, Iterable):
        raise TypeError(
            f"region must be an iterable of cells or a picture, not {type(region).__name__}"
        )
    cells = {grid.check_cell(c, "region cells") for c in region}
    if not cells:
        raise ValueError("the region is empty")
    return cells


# Problems --------------------------------------------------------------------------


def _as_pieces(grid: Grid, pieces: Pieces) -> list[Piece]:
    if isinstance(pieces, str):
        raise TypeError(
            "pieces must be a list of (name, cells); encode a picture first with "
            "encode_pieces(grid, picture)"
        )
    return encode_pieces(grid, pieces)


def placements(
    grid: Grid, pieces: Pieces, region: Region, orientations: str = "all"
) -> dict[Placement, tuple[Cell, ...]]:
    """Every way to place each piece in the region on ``grid``: a map from
    each placement ``(name, cells)`` (cells sorted) to its cells.

    >>> len(placements(TRIANGLE, [('d', ((0, 0), (0, 1)))], box(2, 4)))
    8
    >>> len(placements(CUBE, [('d', ((0, 0, 0), (1, 0, 0)))], box(2, 2, 2)))
    12
    """
    if orientations not in ORIENTATIONS:
        raise ValueError(f"orientations must be one of {ORIENTATIONS}, not {orientations!r}")
    cells = _region_cells(grid, region)
    points = {grid.to_point(c) for c in cells}
    ordered = sorted(points)
    result: dict[Placement, tuple[Cell, ...]] = {}
    for name, tiles in _as_pieces(grid, pieces):
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


class _PolyformProblem(_Problem):
    """A tiling problem on any grid, with the attributes of the square
    grid's problem (so that its symmetry breaking applies)."""

    def __init__(
        self,
        grid: Grid,
        pieces: Pieces,
        region: Region,
        orientations: str,
        counts: int | Mapping[Hashable, int] | None,
        optional: bool | Iterable[Hashable],
    ) -> None:
        checked = _as_pieces(grid, pieces)
        self.grid = grid
        self.cells = cast("set[tuple[int, int]]", _region_cells(grid, region))
        self.orientations = orientations
        self.options = cast(Any, placements(grid, checked, self.cells, orientations))
        names = [name for name, _ in checked]
        self.counts = _counts(names, counts)
        self.optional = _optional(names, optional)
        covered = {c for cells in self.options.values() for c in cells}
        uncovered = sorted(self.cells - covered)
        if uncovered:
            shown = ", ".join(map(str, uncovered[:5])) + (", ..." if len(uncovered) > 5 else "")
            raise ValueError(f"no placement of any piece covers the region's cell(s) {shown}")
        self.constraints = {
            choice: (("piece", choice[0]),) + cells for choice, cells in self.options.items()
        }
        self.satisfy = sorted(self.cells) + [("piece", n) for n in names if n not in self.optional]
        self.piece_counts = {("piece", n): k for n, k in self.counts.items()}

    def group(self) -> list[GridSymmetry]:
        """The symmetries of the region that map placements to placements."""
        options = self.options
        return [
            s
            for s in self.grid.region_symmetries(self.cells)
            if all(
                (name, tuple(sorted(s(c) for c in placed))) in options for name, placed in options
            )
        ]


def polyforms(
    grid: Grid,
    pieces: Pieces,
    region: Region,
    random: bool = False,
    *,
    orientations: str = "all",
    counts: int | Mapping[Hashable, int] | None = None,
    optional: bool | Iterable[Hashable] = False,
    seed: int | None = None,
) -> MultiCover[Placement]:
    """An iterator over the tilings of ``region`` by ``pieces`` on ``grid``
    (arguments as for :func:`exactcover.polyomino.polyomino`; pieces as
    returned by :func:`encode_pieces`, a mapping from names to cells, or
    pairs; a region as cells or a picture). It has ``.count()``.

    >>> bars = {'I': [(0, 0), (0, 1), (0, 2)]}
    >>> polyforms(TRIANGLE, bars, box(2, 6), counts=4).count()
    3
    >>> tetrahexes = encode_pieces(HEXAGON, TETRAHEXES)
    >>> polyforms(HEXAGON, tetrahexes, box(4, 7)).count()
    18
    """
    problem = _PolyformProblem(grid, pieces, region, orientations, counts, optional)
    return cast("MultiCover[Placement]", problem.cover(random=random, seed=seed))


def tiling_symmetries(
    grid: Grid, pieces: Pieces, region: Region, *, orientations: str = "all"
) -> list[GridSymmetry]:
    """The symmetries of the region that map tilings to tilings (those that
    map every allowed placement of a piece to an allowed placement of the
    same piece).

    >>> len(tiling_symmetries(CUBE, encode_pieces(CUBE, SOMA), box(3, 3, 3)))
    48
    >>> len(tiling_symmetries(CUBE, encode_pieces(CUBE, SOMA), box(3, 3, 3),
    ...                       orientations='rotations'))
    24
    """
    return _PolyformProblem(grid, pieces, region, orientations, None, False).group()


def unique_tilings(
    grid: Grid,
    pieces: Pieces,
    region: Region,
    random: bool = False,
    *,
    orientations: str = "all",
    counts: int | Mapping[Hashable, int] | None = None,
    optional: bool | Iterable[Hashable] = False,
    seed: int | None = None,
) -> Iterator[list[Placement]]:
    """One tiling of each class of essentially different tilings on
    ``grid`` (see :func:`tiling_symmetries`), with the symmetry broken in the
    encoding as :func:`exactcover.polyomino.unique_tilings` does.

    >>> tilings = list(unique_tilings(CUBE, encode_pieces(CUBE, PENTACUBES), box(2, 3, 10)))
    >>> len(tilings), len({canonical(CUBE, t) for t in tilings})
    (12, 12)
    """
    problem = _PolyformProblem(grid, pieces, region, orientations, counts, optional)
    group = cast("list[Symmetry]", problem.group())
    return cast(
        "Iterator[list[Placement]]", _Breaking(problem, group).solutions(random=random, seed=seed)
    )


def count_unique(
    grid: Grid,
    pieces: Pieces,
    region: Region,
    *,
    orientations: str = "all",
    counts: int | Mapping[Hashable, int] | None = None,
    optional: bool | Iterable[Hashable] = False,
    threads: int | None = None,
) -> int:
    """Count the essentially different tilings on ``grid`` (see
    :func:`unique_tilings`) without enumerating all tilings.

    >>> count_unique(CUBE, encode_pieces(CUBE, PENTACUBES), box(2, 3, 10))
    12
    """
    problem = _PolyformProblem(grid, pieces, region, orientations, counts, optional)
    group = cast("list[Symmetry]", problem.group())
    return _Breaking(problem, group).count(threads)


def canonical(
    grid: Grid,
    solution: Iterable[Placement],
    symmetries: Any = None,
    *,
    mirror_names: Mapping[Hashable, Hashable] | None = None,
) -> tuple[Placement, ...]:
    """A canonical form of a tiling on ``grid`` (see
    :meth:`exactcover.grids.Grid.canonical`): the least of its images under
    ``symmetries`` (default: those of the region it covers).

    ``mirror_names`` renames pieces under the reflections, for sets of
    pieces closed under mirror images: with the Soma pieces turned only,
    a reflected solution is a solution with the screws A and B swapped
    (:data:`SOMA_MIRRORS`).

    >>> canonical(CUBE, [('a', ((1, 0, 0),)), ('b', ((0, 0, 0),))])
    (('a', ((0, 0, 0),)), ('b', ((1, 0, 0),)))
    >>> canonical(CUBE, [('A', ((1, 0, 0),)), ('B', ((0, 0, 0),))], mirror_names=SOMA_MIRRORS)
    (('A', ((0, 0, 0),)), ('B', ((1, 0, 0),)))
    """
    return grid.canonical(solution, symmetries, mirror_names=mirror_names)
