"""Symmetries of regions of the square grid, and canonical forms of tilings.

The square grid of `exactcover.grids` (`SQUARE`) does the work; this module
names its square case. A region (a set of cells `(i, j)`) may be mapped onto
itself by some of the eight symmetries of the square: the identity, three
rotations and four reflections, each followed by the translation that brings
the region back onto itself. Those that do form a group, the region's
symmetry group; two tilings of the region are *essentially the same* when one
of these symmetries maps one onto the other.

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
from typing import Tuple

from ._arguments import whole
from .grids import SQUARE, SQUARE_SYMMETRIES, GridSymmetry, transform_solution

__all__ = [
    "Cell",
    "Placement",
    "Symmetry",
    "SQUARE_SYMMETRIES",
    "box_symmetries",
    "region_symmetries",
    "canonical",
    "at_origin",
    "checked_solution",
    "transform_solution",
]

#: A cell of the grid: (row, column).
Cell = Tuple[int, int]
#: A piece placed on the grid: (name, cells).
Placement = Tuple[Hashable, Tuple[Cell, ...]]
#: A symmetry of a region of the square grid: a `GridSymmetry` of `SQUARE`
#: (called on a cell, it gives the cell's image; `name` and `is_rotation`
#: tell which of the eight it is).
Symmetry = GridSymmetry


def box_symmetries(
    top: int, left: int, height: int, width: int, *, rotations_only: bool = False
) -> list[Symmetry]:
    """The symmetries of a rectangular box: all eight if it is square.

    Args:
        top: The box's first row.
        left: The box's first column.
        height: Its number of rows.
        width: Its number of columns.
        rotations_only: Leave out the reflections.

    Returns:
        The symmetries, in the order of `SQUARE_SYMMETRIES`.

    Raises:
        TypeError: If a coordinate or a size is not an int.
        ValueError: If the box is empty.

    >>> [s.name for s in box_symmetries(0, 0, 2, 3)]
    ['identity', 'rotate 180', 'flip rows', 'flip columns']
    >>> len(box_symmetries(0, 0, 4, 4, rotations_only=True))
    4
    """
    top, left = whole("top", top), whole("left", left)
    height, width = whole("height", height), whole("width", width)
    if height < 1 or width < 1:
        raise ValueError(f"a box has a positive height and width, not {height} x {width}")
    # A symmetry maps the box onto itself exactly when it maps its corners
    # onto themselves.
    bottom, right = top + height - 1, left + width - 1
    corners = [(top, left), (top, right), (bottom, left), (bottom, right)]
    return SQUARE.region_symmetries(corners, rotations_only=rotations_only)


def region_symmetries(region: Iterable[Cell], *, rotations_only: bool = False) -> list[Symmetry]:
    """The symmetries of the square that map a region onto itself.

    Args:
        region: The cells `(row, column)`.
        rotations_only: Leave out the reflections.

    Returns:
        The symmetries, the identity first (`Grid.region_symmetries` of `SQUARE`).

    Raises:
        ValueError: If the region is empty.

    >>> [s.name for s in region_symmetries({(0, 0), (0, 1), (1, 0)})]
    ['identity', 'transpose']
    >>> pinwheel = {(1, 1), (1, 2), (2, 1), (2, 2), (0, 1), (1, 3), (3, 2), (2, 0)}
    >>> [s.name for s in region_symmetries(pinwheel)]
    ['identity', 'rotate 90', 'rotate 180', 'rotate 270']
    """
    return SQUARE.region_symmetries(region, rotations_only=rotations_only)


def canonical(
    solution: Iterable[Placement], symmetries: Sequence[Symmetry] | None = None
) -> tuple[Placement, ...]:
    """A canonical form of a polyomino tiling.

    Two tilings are essentially the same (one maps onto the other by a
    symmetry of the region they tile) exactly when their canonical forms are
    equal. The form is the smallest, in sorted form (see `transform_solution`),
    of the tiling's images under the region's symmetries.

    Args:
        solution: Placements `(name, cells)`.
        symmetries: The symmetries to use, for example
            `region_symmetries(region, rotations_only=True)` when reflected
            tilings count as different; by default all those of the region
            the tiling covers.

    Returns:
        The canonical form: placements, each one's cells sorted, then sorted.

    >>> a = [('A', ((0, 0), (0, 1))), ('B', ((0, 2),))]
    >>> b = [('B', ((0, 0),)), ('A', ((0, 1), (0, 2)))]
    >>> canonical(a) == canonical(b)
    True
    >>> canonical(b)
    (('A', ((0, 0), (0, 1))), ('B', ((0, 2),)))
    """
    return SQUARE.canonical(solution, symmetries)  # type: ignore[return-value]


def checked_solution(solution: Iterable[Placement]) -> list[Placement]:
    """A polyomino solution, checked: its placements as pairs `(name,
    cells)`, each cell a pair of ints.

    Args:
        solution: Placements `(name, cells)`.

    Returns:
        The placements, their cells as tuples of ints.

    Raises:
        TypeError: If the solution is not an iterable, a placement not a
            pair `(name, cells)`, or a cell not a pair of ints (the message
            names it).
        ValueError: If a cell has another number of coordinates than 2.
    """
    if not isinstance(solution, Iterable):
        raise TypeError(
            f"a solution must be an iterable of placements (name, cells), "
            f"not {type(solution).__name__}"
        )
    placed: list[Placement] = []
    for placement in solution:
        try:
            name, cells = placement
            tiles = list(cells)
        except (TypeError, ValueError):
            raise TypeError(
                f"each placement must be a pair (name, cells), not {placement!r}"
            ) from None
        what = f"the cells of piece {name!r}"
        placed.append((name, tuple(SQUARE.check_cell(c, what) for c in tiles)))  # type: ignore[misc]
    return placed


def at_origin(solution: Iterable[Placement]) -> list[Placement]:
    """A solution moved to the smallest box around its tiles: its least row
    and least column become 0 (as it is drawn, wherever it lies).

    >>> at_origin([('I', ((5, -3), (5, -2))), ('O', ((6, -3),))])
    [('I', ((0, 0), (0, 1))), ('O', ((1, 0),))]

    Args:
        solution: Placements `(name, cells)`.

    Returns:
        The placements, their cells moved (an empty solution as it is).

    Raises:
        TypeError, ValueError: As `checked_solution`, for a malformed solution.
    """
    placed = checked_solution(solution)
    tiles = [t for _, cells in placed for t in cells]
    if not tiles:
        return placed
    top, left = min(i for i, _ in tiles), min(j for _, j in tiles)
    return [(name, tuple((i - top, j - left) for i, j in cells)) for name, cells in placed]
