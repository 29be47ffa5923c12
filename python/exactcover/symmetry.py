"""Symmetries of regions of the square grid, and canonical forms of tilings.

A region (a set of cells ``(i, j)``) may be mapped onto itself by some of the
eight symmetries of the square: the identity, three rotations and four
reflections. Those that do form a group, the region's symmetry group; two
tilings of the region are *essentially the same* when one of these
symmetries maps one onto the other.

Each symmetry here maps cells to cells of the same bounding box: it turns or
reflects the region about the centre of its bounding box, so a region's
symmetries map it exactly onto itself (no translation needed).

>>> from itertools import product
>>> board = set(product(range(8), repeat=2)) - set(product((3, 4), repeat=2))
>>> [s.name for s in region_symmetries(board)]
['identity', 'rotate 90', 'rotate 180', 'rotate 270',
 'flip rows', 'flip columns', 'transpose', 'antitranspose']
>>> [s.name for s in region_symmetries(product(range(6), range(10)))]
['identity', 'rotate 180', 'flip rows', 'flip columns']
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import NamedTuple, Tuple

__all__ = [
    "Cell",
    "Placement",
    "Symmetry",
    "SQUARE_SYMMETRIES",
    "box_symmetries",
    "region_symmetries",
    "canonical",
    "transform_solution",
]

#: A cell of the grid: (row, column).
Cell = Tuple[int, int]
#: A piece placed on the grid: (name, cells).
Placement = Tuple[Hashable, Tuple[Cell, ...]]


class Symmetry(NamedTuple):
    """One of the eight symmetries of the square, placed on a bounding box.

    ``transpose`` says whether rows and columns swap (after which the image
    box has height ``width`` and width ``height``); ``flip_rows`` and
    ``flip_columns`` then reverse the rows or the columns of the image. The
    box is ``top``, ``left`` (its first cell) and ``height``, ``width``; the
    image keeps the same top-left cell. Calling a symmetry maps one cell.

    >>> r = Symmetry("rotate 90", True, False, True, 0, 0, 2, 3)
    >>> [r(c) for c in [(0, 0), (0, 2), (1, 0)]]
    [(0, 1), (2, 1), (0, 0)]
    """

    name: str
    transpose: bool
    flip_rows: bool
    flip_columns: bool
    top: int
    left: int
    height: int
    width: int

    def __call__(self, cell: Cell) -> Cell:
        """The image of ``cell``."""
        u, v = cell[0] - self.top, cell[1] - self.left
        h, w = self.height, self.width
        if self.transpose:
            u, v, h, w = v, u, w, h
        if self.flip_rows:
            u = h - 1 - u
        if self.flip_columns:
            v = w - 1 - v
        return u + self.top, v + self.left

    @property
    def is_rotation(self) -> bool:
        """True for the identity and the three rotations (no mirror image)."""
        return self.transpose != (self.flip_rows == self.flip_columns)


#: The eight symmetries of the square as (name, transpose, flip rows, flip
#: columns), in the order :func:`region_symmetries` lists them.
SQUARE_SYMMETRIES: tuple[tuple[str, bool, bool, bool], ...] = (
    ("identity", False, False, False),
    ("rotate 90", True, False, True),  # clockwise
    ("rotate 180", False, True, True),
    ("rotate 270", True, True, False),
    ("flip rows", False, True, False),  # upside down
    ("flip columns", False, False, True),  # mirror image
    ("transpose", True, False, False),
    ("antitranspose", True, True, True),
)


def _bounds(cells: Iterable[Cell]) -> tuple[int, int, int, int]:
    """(top, left, height, width) of the bounding box of some cells."""
    cells = list(cells)
    if not cells:
        raise ValueError("an empty region has no bounding box")
    rows = [i for i, _ in cells]
    columns = [j for _, j in cells]
    top, left = min(rows), min(columns)
    return top, left, max(rows) - top + 1, max(columns) - left + 1


def box_symmetries(
    top: int, left: int, height: int, width: int, *, rotations_only: bool = False
) -> list[Symmetry]:
    """The symmetries of a rectangular box (all eight if it is square).

    >>> [s.name for s in box_symmetries(0, 0, 2, 3)]
    ['identity', 'rotate 180', 'flip rows', 'flip columns']
    >>> len(box_symmetries(0, 0, 4, 4, rotations_only=True))
    4
    """
    result = []
    for name, transpose, flip_rows, flip_columns in SQUARE_SYMMETRIES:
        if transpose and height != width:
            continue
        s = Symmetry(name, transpose, flip_rows, flip_columns, top, left, height, width)
        if rotations_only and not s.is_rotation:
            continue
        result.append(s)
    return result


def region_symmetries(region: Iterable[Cell], *, rotations_only: bool = False) -> list[Symmetry]:
    """The symmetries of the square that map ``region`` onto itself.

    Always includes the identity (first). With ``rotations_only``, leave out
    the reflections.

    >>> [s.name for s in region_symmetries({(0, 0), (0, 1), (1, 0)})]
    ['identity', 'transpose']
    >>> pinwheel = {(1, 1), (1, 2), (2, 1), (2, 2), (0, 1), (1, 3), (3, 2), (2, 0)}
    >>> [s.name for s in region_symmetries(pinwheel)]
    ['identity', 'rotate 90', 'rotate 180', 'rotate 270']
    """
    cells = set(region)
    return [
        s
        for s in box_symmetries(*_bounds(cells), rotations_only=rotations_only)
        if all(s(c) in cells for c in cells)
    ]


def transform_solution(solution: Iterable[Placement], symmetry: Symmetry) -> tuple[Placement, ...]:
    """The image of a tiling under ``symmetry``, in sorted form: each piece's
    cells sorted, then the pieces sorted.

    >>> s = box_symmetries(0, 0, 1, 3)[3]
    >>> transform_solution([('A', ((0, 0),)), ('B', ((0, 1), (0, 2)))], s)
    (('A', ((0, 2),)), ('B', ((0, 0), (0, 1))))
    """
    return tuple(
        sorted((name, tuple(sorted(symmetry(c) for c in cells))) for name, cells in solution)
    )


def canonical(
    solution: Iterable[Placement], symmetries: Sequence[Symmetry] | None = None
) -> tuple[Placement, ...]:
    """A canonical form of a polyomino tiling: two tilings are essentially
    the same (one maps onto the other by a symmetry of the region they tile)
    exactly when their canonical forms are equal.

    The form is the smallest, in sorted form (see :func:`transform_solution`),
    of the tiling's images under the region's symmetries (those in
    ``symmetries`` if given, for example ``region_symmetries(region,
    rotations_only=True)`` when reflected tilings count as different).

    >>> a = [('A', ((0, 0), (0, 1))), ('B', ((0, 2),))]
    >>> b = [('B', ((0, 0),)), ('A', ((0, 1), (0, 2)))]
    >>> canonical(a) == canonical(b)
    True
    >>> canonical(b)
    (('A', ((0, 0), (0, 1))), ('B', ((0, 2),)))
    """
    solution = list(solution)
    if symmetries is None:
        symmetries = region_symmetries(c for _, cells in solution for c in cells)
    return min(transform_solution(solution, s) for s in symmetries)
