"""Polyomino tiling puzzles as exact cover problems.

Pieces are drawn as ASCII pictures (each letter is a square of the piece of
that name); a region to tile is any set of cells ``(i, j)`` (row, column), or
an ASCII picture of the board. Each way to place a piece in the region is a
*choice* ``(name, cells)``; the *constraints* are the cells (each covered
exactly once) and the pieces (each placed once, or as many times as asked).
A solution is a list of placements, in the same format as the output of
:func:`encode_polyominoes`, so it is self-descriptive:

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
region maps onto each other) are counted directly, several times faster than
counting all tilings:

>>> board = set(product(range(8), repeat=2)) - set(product((3, 4), repeat=2))
>>> count_unique(encode_polyominoes(PENTOMINOES), board)
65
"""

from __future__ import annotations

import operator
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from typing import Any, Dict, Tuple, Union, cast

from ._arguments import integer as _integer
from .cover import MultiCover
from .symmetry import Cell, Placement, Symmetry, canonical, region_symmetries, transform_solution

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

#: A colour for each pentomino (and tetromino) letter, for drawings.
COLOURS: Dict[str, str] = dict(
    I="#EEAAAA", F="#DDBB99", L="#CCCC88",
    P="#BBDD99", N="#AAEEAA", T="#99DDBB",
    U="#88CCCC", V="#99BBDD", W="#AAAAEE",
    X="#BB99DD", Y="#CC88CC", Z="#DD99BB",
    O="#CCCCCC",
)  # fmt: skip

#: The placement modes of :func:`polyomino`: the orientations a piece may take.
ORIENTATIONS = ("all", "rotations", "fixed")

_EMPTY = " "

#: A piece (name, cells) as returned by :func:`encode_polyominoes`.
Piece = Tuple[Hashable, Tuple[Cell, ...]]
#: A region: cells, or an ASCII picture of them.
Region = Union[str, Iterable[Cell]]


def _connected(cells: set[Cell]) -> bool:
    """Whether cells are connected through shared edges."""
    start = next(iter(cells))
    seen = {start}
    stack = [start]
    while stack:
        i, j = stack.pop()
        for n in ((i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1)):
            if n in cells and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) == len(cells)


def encode_polyominoes(picture: str) -> list[Piece]:
    """Given a "picture" of some polyominoes (in ASCII-art form), return a
    list of tuples (name, tiles) for each polyomino, where tiles are the
    coordinates (i, j) of its tiles (row i of the picture, column j).

    Every character other than a space (or other whitespace) is a tile of
    the piece named by that character. A piece must be connected (letters drawn in two places would
    be two pieces with the same name: a ValueError).

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
        if not _connected(set(tiles)):
            shown = ", ".join(map(str, tiles[:8])) + (", ..." if len(tiles) > 8 else "")
            raise ValueError(f"piece {c!r} is not connected: is it drawn twice? (tiles {shown})")
    return [(c, tuple(tiles)) for c, tiles in pieces.items()]


def encode_region(picture: str) -> set[Cell]:
    """The cells of a board drawn in ASCII art: every character other than a
    space or a ``.`` is a cell. The cells are shifted so that the top row
    and the leftmost column of the drawing are row 0 and column 0.

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


def _check_cell(cell: object, what: str) -> Cell:
    """A cell as a pair of ints (any integers: NumPy's too; a list is
    accepted), or a clear TypeError."""
    try:
        if isinstance(cell, (str, bytes)):
            raise TypeError
        i, j = cast("Iterable[Any]", cell)
        if isinstance(i, bool) or isinstance(j, bool):
            raise TypeError
        return operator.index(i), operator.index(j)
    except (TypeError, ValueError):
        raise TypeError(f"{what} must be pairs of ints (row, column), not {cell!r}") from None


def _region_cells(region: Region) -> set[Cell]:
    if isinstance(region, str):
        return encode_region(region)
    if not isinstance(region, Iterable):
        raise TypeError(
            f"region must be an iterable of cells or a picture, not {type(region).__name__}"
        )
    cells = {_check_cell(c, "region cells") for c in region}
    if not cells:
        raise ValueError("the region is empty")
    negative = sorted(c for c in cells if c[0] < 0 or c[1] < 0)
    if negative:
        raise ValueError(f"region cells must have non-negative coordinates, not {negative[0]}")
    return cells


def _check_pieces(pieces: Iterable[Piece]) -> list[tuple[Hashable, tuple[Cell, ...]]]:
    if isinstance(pieces, str):
        raise TypeError(
            "pieces must be a list of (name, tiles); encode a picture first with "
            "encode_polyominoes(picture)"
        )
    result = []
    names: set[Hashable] = set()
    for piece in pieces:
        try:
            name, tiles = piece
        except (TypeError, ValueError):
            raise TypeError(f"each piece must be a pair (name, tiles), not {piece!r}") from None
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
        if isinstance(tiles, str) or not isinstance(tiles, Iterable):
            raise TypeError(f"the tiles of piece {name!r} must be an iterable of (row, column)")
        tiles = tuple(_check_cell(t, f"the tiles of piece {name!r}") for t in tiles)
        if not tiles:
            raise ValueError(f"piece {name!r} has no tiles")
        if len(set(tiles)) != len(tiles):
            raise ValueError(f"piece {name!r} lists a tile twice")
        result.append((name, tiles))
    return result


def _orientations(tiles: Sequence[Cell], mode: str) -> list[tuple[Cell, ...]]:
    """The distinct shapes of a piece in the given placement mode, each
    normalized: cells sorted, shifted so that the first is (0, 0)."""
    shapes = []
    seen = set()
    for transpose in (False, True):
        for si in (1, -1):
            for sj in (1, -1):
                if mode == "fixed" and (transpose or si < 0 or sj < 0):
                    continue
                # A rotation has an even number of mirrorings (transpose and signs).
                if mode == "rotations" and (transpose + (si < 0) + (sj < 0)) % 2:
                    continue
                cells = sorted(
                    (si * j, sj * i) if transpose else (si * i, sj * j) for i, j in tiles
                )
                oi, oj = cells[0]
                shape = tuple((i - oi, j - oj) for i, j in cells)
                if shape not in seen:
                    seen.add(shape)
                    shapes.append(shape)
    return shapes


def placements(
    pieces: Iterable[Piece], region: Region, orientations: str = "all"
) -> dict[Placement, tuple[Cell, ...]]:
    """Every way to place each piece in the region: a map from each
    placement ``(name, cells)`` (cells sorted) to its cells.

    ``orientations`` is ``"all"`` (rotations and reflections), ``"rotations"``
    (no mirror images) or ``"fixed"`` (pieces placed as drawn, only moved).

    >>> L = [('L', ((0, 0), (1, 0), (1, 1)))]
    >>> len(placements(L, [(0, 0), (0, 1), (1, 0), (1, 1)]))
    4
    >>> list(placements(L, [(0, 0), (0, 1), (1, 0), (1, 1)], 'fixed'))
    [('L', ((0, 0), (1, 0), (1, 1)))]
    """
    if orientations not in ORIENTATIONS:
        raise ValueError(f"orientations must be one of {ORIENTATIONS}, not {orientations!r}")
    cells = _region_cells(region)
    ordered = sorted(cells)
    result: dict[Placement, tuple[Cell, ...]] = {}
    for name, tiles in _check_pieces(pieces):
        for shape in _orientations(tiles, orientations):
            for oi, oj in ordered:
                placed = tuple((oi + i, oj + j) for i, j in shape)
                if all(c in cells for c in placed):
                    result[(name, placed)] = placed
    return result


def _counts(
    names: list[Hashable], counts: int | Mapping[Hashable, int] | None
) -> dict[Hashable, int]:
    if counts is None:
        return dict.fromkeys(names, 1)
    every = _integer(counts)
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
        k = _integer(given)
        if k is None or k < 0:
            raise ValueError(f"count of piece {n!r} must be a non-negative int, not {given!r}")
        result[n] = k
    return result


def _optional(names: list[Hashable], optional: bool | Iterable[Hashable]) -> set[Hashable]:
    if optional is True:
        return set(names)
    if optional is False or optional is None:
        return set()
    if isinstance(optional, str) and optional not in names:
        optional = list(optional)  # 'FLT': the pieces F, L and T
    elif isinstance(optional, str):
        optional = [optional]
    result = set(optional)
    unknown = [n for n in result if n not in set(names)]
    if unknown:
        raise ValueError(f"optional names {unknown[0]!r}, which is not one of the pieces")
    return result


class _Problem:
    """A tiling problem encoded as exact cover constraints."""

    def __init__(
        self,
        pieces: Iterable[Piece],
        region: Region,
        orientations: str,
        counts: int | Mapping[Hashable, int] | None,
        optional: bool | Iterable[Hashable],
    ) -> None:
        checked = _check_pieces(pieces)
        self.cells = _region_cells(region)
        self.orientations = orientations
        self.options = placements(checked, self.cells, orientations)
        names = [name for name, _ in checked]
        self.counts = _counts(names, counts)
        self.optional = _optional(names, optional)
        covered = {c for cells in self.options.values() for c in cells}
        uncovered = sorted(self.cells - covered)
        if uncovered:
            shown = ", ".join(map(str, uncovered[:5])) + (", ..." if len(uncovered) > 5 else "")
            raise ValueError(f"no placement of any piece covers the region's cell(s) {shown}")
        # Constraints: the cells, and ('piece', name) for each piece, so that
        # no piece name can be mistaken for a cell.
        self.constraints = {
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
        return MultiCover(
            self.constraints if constraints is None else constraints,
            initial,
            random,
            counts=self.piece_counts,
            satisfy=self.satisfy,
            seed=seed,
        )


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
    """Return an iterator that yields the solutions to a polyomino tiling
    problem.

    Required arguments:

    pieces -- an iterable of pieces, each being a tuple whose first element
        is the name of the piece and whose second element is a sequence of
        coordinates of the tiles in the piece (in an arbitrary coordinate
        system), as returned by :func:`encode_polyominoes`.
    region -- the region to fill: an iterable of cells (i, j) with
        non-negative coordinates, or an ASCII picture of it (see
        :func:`encode_region`).

    Optional argument:

    random -- Generate solutions in random order? (Default: False.)

    Keyword-only arguments:

    orientations -- ``"all"`` (default: pieces may be turned and flipped),
        ``"rotations"`` (turned, not flipped) or ``"fixed"`` (as drawn).
    counts -- how many times each piece is placed: an int for every piece,
        or a map from piece names to ints (default 1 each).
    optional -- pieces that may be placed fewer times than their count (as
        few as none): True for all, or an iterable of names.
    seed -- generate solutions in a random order reproducible from this seed.

    Every cell of the region is covered exactly once. A solution is a list
    of placements ``(name, cells)`` (cells sorted). The iterator has
    ``.count(limit=None, *, threads=None)``. A cell that no piece can cover
    is a ValueError (there could be no solution).

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
    problem = _Problem(pieces, region, orientations, counts, optional)
    return problem.cover(random=random, seed=seed)


def solution_tiles(solution: Iterable[Placement]) -> Iterator[Cell]:
    """Generate all the tiles in a polyomino solution.

    >>> list(solution_tiles([('A', ((0, 0), (0, 1))), ('B', ((1, 0),))]))
    [(0, 0), (0, 1), (1, 0)]
    """
    return (t for _, tiles in solution for t in tiles)


def solution_bounds(solution: Iterable[Placement]) -> tuple[int, int]:
    """Return the bounds (height, width) of the region covered by a
    polyomino solution, counting from row 0 and column 0.

    >>> solution_bounds([('A', ((0, 0), (0, 1))), ('B', ((1, 3),))])
    (2, 4)
    """
    tiles = list(solution_tiles(solution))
    if not tiles:
        raise ValueError("an empty solution has no bounds")
    return max(i for i, _ in tiles) + 1, max(j for _, j in tiles) + 1


def decode_solution(solution: Iterable[Placement]) -> str:
    """Format a polyomino solution as a string: each tile shows the name of
    its piece (the first character of ``str(name)``), uncovered cells a
    space; rows and columns count from 0.

    >>> print(decode_solution([('A', ((0, 0), (0, 1))), ('B', ((1, 1),))]))
    AA
     B
    """
    solution = list(solution)
    h, w = solution_bounds(solution)
    grid = [[_EMPTY] * w for _ in range(h)]
    for name, tiles in solution:
        mark = str(name)[:1] or "?"
        for i, j in tiles:
            if i < 0 or j < 0:
                raise ValueError(f"cannot draw a tile at negative coordinates {(i, j)}")
            grid[i][j] = mark
    return "\n".join("".join(row) for row in grid)


def tiling_symmetries(
    pieces: Iterable[Piece],
    region: Region,
    *,
    orientations: str = "all",
) -> list[Symmetry]:
    """The symmetries of the region that map tilings to tilings: those that
    map the region onto itself and every allowed placement of a piece to an
    allowed placement of the same piece (with ``orientations="rotations"``,
    a reflection only if every piece's mirror image is one of its
    rotations).

    >>> from itertools import product
    >>> pieces = encode_polyominoes(PENTOMINOES)
    >>> len(tiling_symmetries(pieces, product(range(8), repeat=2)))
    8
    >>> len(tiling_symmetries(pieces, product(range(8), repeat=2), orientations='rotations'))
    4
    """
    cells = _region_cells(region)
    options = placements(pieces, cells, orientations)
    return _tiling_symmetries(cells, options)


def _tiling_symmetries(
    cells: set[Cell], options: Mapping[Placement, tuple[Cell, ...]]
) -> list[Symmetry]:
    result = []
    for s in region_symmetries(cells):
        if all((name, tuple(sorted(s(c) for c in placed))) in options for name, placed in options):
            result.append(s)
    return result


def _image(choice: Placement, s: Symmetry) -> Placement:
    return choice[0], tuple(sorted(s(c) for c in choice[1]))


class _Breaking:
    """Symmetry breaking for counting essentially different tilings.

    Take a piece P placed exactly once in every tiling, and the group G of
    symmetries of the tilings. G acts on P's placements; keep one
    placement per orbit. If G moves each kept placement p freely (only the
    identity fixes it), then every class of tilings has exactly one member
    with P at a kept placement: the tilings with P at free kept placements
    are the essentially different ones, and one solver run counts them.
    A kept placement fixed by a subgroup H (only possible when P itself has
    a symmetry) is solved on its own: the tilings with P there are
    deduplicated under H by their canonical forms.
    """

    def __init__(self, problem: _Problem, group: Sequence[Symmetry] | None = None) -> None:
        # ``group``: the symmetries of the tilings, when the problem is not
        # on the square grid (exactcover.polyform computes them).
        self.problem = problem
        self.group = (
            list(group) if group is not None else _tiling_symmetries(problem.cells, problem.options)
        )
        self.piece: Hashable | None = None
        self.free: list[Placement] = []
        self.fixed: list[tuple[Placement, list[Symmetry]]] = []
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
    ) -> tuple[list[Placement], list[tuple[Placement, list[Symmetry]]]]:
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
        """The constraints with P's placements cut to the free kept ones."""
        keep = set(self.free)
        return {
            c: cons
            for c, cons in self.problem.constraints.items()
            if c[0] != self.piece or c in keep
        }

    def solutions(self, random: bool = False, seed: int | None = None) -> Iterator[list[Placement]]:
        problem = self.problem
        if len(self.group) == 1:
            yield from problem.cover(random=random, seed=seed)
            return
        if self.piece is None:
            # No piece placed exactly once: deduplicate every tiling.
            seen = set()
            for solution in problem.cover(random=random, seed=seed):
                key = canonical(solution, self.group)
                if key not in seen:
                    seen.add(key)
                    yield solution
            return
        if self.free:
            yield from problem.cover(self.restricted(), random=random, seed=seed)
        for choice, stabilizer in self.fixed:
            seen = set()
            for solution in problem.cover(initial=[choice], random=random, seed=seed):
                key = min(transform_solution(solution, s) for s in stabilizer)
                if key not in seen:
                    seen.add(key)
                    yield solution

    def count(self, threads: int | None) -> int:
        if len(self.group) == 1:
            return self.problem.cover().count(threads=threads)
        if self.piece is None:
            return sum(1 for _ in self.solutions())
        total = 0
        if self.free:
            total += self.problem.cover(self.restricted()).count(threads=threads)
        for choice, stabilizer in self.fixed:
            total += len(
                {
                    min(transform_solution(solution, s) for s in stabilizer)
                    for solution in self.problem.cover(initial=[choice])
                }
            )
        return total


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
    """Generate one tiling of each class of essentially different tilings
    (tilings that no symmetry of the region maps onto each other; see
    :func:`tiling_symmetries`). Arguments as for :func:`polyomino`.

    The symmetry is broken in the encoding (one piece placed once is
    restricted to one placement per orbit of the symmetries), so this does
    not enumerate all tilings; the tilings generated are not necessarily in
    :func:`~exactcover.symmetry.canonical` form.

    >>> from itertools import product
    >>> board = set(product(range(8), repeat=2)) - set(product((3, 4), repeat=2))
    >>> tilings = list(unique_tilings(encode_polyominoes(PENTOMINOES), board))
    >>> len(tilings), len({canonical(t) for t in tilings})
    (65, 65)
    """
    problem = _Problem(pieces, region, orientations, counts, optional)
    return _Breaking(problem).solutions(random=random, seed=seed)


def count_unique(
    pieces: Iterable[Piece],
    region: Region,
    *,
    orientations: str = "all",
    counts: int | Mapping[Hashable, int] | None = None,
    optional: bool | Iterable[Hashable] = False,
    threads: int | None = None,
) -> int:
    """Count the essentially different tilings (see :func:`unique_tilings`)
    without enumerating all tilings: with the symmetry broken in the
    encoding, the solver counts about one tiling per class. Arguments as
    for :func:`polyomino`; ``threads`` as for ``count``.

    >>> from itertools import product
    >>> count_unique(encode_polyominoes(PENTOMINOES), product(range(3), range(20)))
    2
    """
    problem = _Problem(pieces, region, orientations, counts, optional)
    return _Breaking(problem).count(threads)
