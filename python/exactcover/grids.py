"""The grids that polyforms live on: square, triangular, hexagonal and cubic.

A `Grid` names its cells (tuples of ints), knows which cells share a
side (or a face), reads pictures of cells, and has a finite group of
symmetries: the 8 of the square, the 12 of the triangle and of the hexagon,
the 48 of the cube (24 rotations). Cells are named as follows:

- `SQUARE`: `(row, column)`, as in `exactcover.polyomino`.
- `TRIANGLE`: `(row, column)`: row r is a strip of triangles side by side,
  pointing up and down in turn; `(r, c)` points up when `r + c` is even. An
  up triangle shares its base with `(r + 1, c)`, a down triangle its top
  side with `(r - 1, c)`; both share sides with `(r, c - 1)` and
  `(r, c + 1)`.
- `HEXAGON`: `(row, column)` on hexagons with a vertex at the top: rows are
  horizontal, and each row starts half a hexagon to the left of the row
  below it, so `(r, q)` touches `(r, q +- 1)`, `(r - 1, q)`,
  `(r - 1, q + 1)`, `(r + 1, q)` and `(r + 1, q - 1)`; a rhombus is
  `{(r, q): 0 <= r < h, 0 <= q < w}`.
- `CUBE`: `(x, y, z)`.

Inside, each grid works on *lattice points* where every symmetry is an
integer map `p -> M p + v` and every translation of the grid is adding a
vector: the square and cubic grids use their cells; the hexagonal grid uses
cube coordinates `(q, r, -q - r)` (the symmetries permute them, maybe all
negated); the triangular grid numbers the three strips (one per direction of
the grid lines) that hold a triangle, `(a, b, d)` with `a + b + d` 1 for
an up triangle and 0 for a down one (the symmetries permute them, maybe
subtracted from `(-1, 1, 1)`).

>>> [len(g.transforms) for g in GRIDS]
[8, 12, 12, 48]
>>> sorted(TRIANGLE.neighbours((0, 0)))
[(0, -1), (0, 1), (1, 0)]
>>> [s.name for s in HEXAGON.region_symmetries([(0, 0), (0, 1), (1, 0)])][:3]
['identity', 'rotate 120', 'rotate 240']
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from functools import lru_cache
from itertools import permutations, product
from typing import Any, NamedTuple, Tuple, cast

__all__ = [
    "Grid",
    "GridSymmetry",
    "Transform",
    "SQUARE_SYMMETRIES",
    "transform_solution",
    "SQUARE",
    "TRIANGLE",
    "HEXAGON",
    "CUBE",
    "GRIDS",
]

#: A cell of any grid: a tuple of ints.
Cell = Tuple[int, ...]
#: A point of a grid's lattice (see the module's docstring).
Point = Tuple[int, ...]


class Transform(NamedTuple):
    """A symmetry of a grid's lattice: `p -> matrix p + offset` on lattice points.

    Attributes:
        name: Its name (`"rotate 90"`, `"reflection 3"`, ...).
        matrix: The matrix, as a tuple of rows.
        offset: The vector added.
        is_rotation: True for the identity and the rotations.

    >>> SQUARE.transforms[1]
    Transform(name='rotate 90', matrix=((0, 1), (-1, 0)), offset=(0, 0), is_rotation=True)
    """

    name: str
    matrix: tuple[tuple[int, ...], ...]
    offset: tuple[int, ...]
    is_rotation: bool

    def apply(self, point: Point) -> Point:
        """The image of a lattice point.

        Args:
            point: The point.

        Returns:
            Its image.
        """
        return tuple(
            sum(m * x for m, x in zip(row, point)) + o for row, o in zip(self.matrix, self.offset)
        )


def _sign(perm: Sequence[int]) -> int:
    """+1 for an even permutation, -1 for an odd one."""
    sign = 1
    for i in range(len(perm)):
        for j in range(i + 1, len(perm)):
            if perm[i] > perm[j]:
                sign = -sign
    return sign


def _permutation_matrix(perm: Sequence[int], signs: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    n = len(perm)
    return tuple(tuple(signs[i] if perm[i] == j else 0 for j in range(n)) for i in range(n))


def _signed_permutations(
    n: int, names: Sequence[tuple[str, bool, bool, bool]] | None
) -> tuple[Transform, ...]:
    """All n x n signed permutation matrices: the symmetries of the square
    (n = 2, named and ordered by `names`) or of the cube (n = 3), rotations
    first."""
    found = []
    for perm in permutations(range(n)):
        for signs in product((1, -1), repeat=n):
            det = _sign(perm)
            for s in signs:
                det *= s
            found.append((det != 1, _permutation_matrix(perm, signs)))
    # Rotations first, the identity first of all (it comes first from the
    # loops above), then the reflections.
    zero = (0,) * n
    rotations = [m for reflection, m in found if not reflection]
    reflections = [m for reflection, m in found if reflection]
    result = [
        Transform("identity" if k == 0 else f"rotation {k}", m, zero, True)
        for k, m in enumerate(rotations)
    ]
    result += [Transform(f"reflection {k + 1}", m, zero, False) for k, m in enumerate(reflections)]
    if names is not None:
        by_matrix = {_square_matrix(*flips): name for name, *flips in names}
        order = [name for name, *_ in names]
        result = [t._replace(name=by_matrix[t.matrix]) for t in result]
        result.sort(key=lambda t: order.index(t.name))
    return tuple(result)


#: The eight symmetries of the square as (name, transpose, flip rows, flip
#: columns), in the order the square grid lists them: transpose swaps rows
#: and columns, then flip rows turns the picture upside down and flip
#: columns mirrors it left to right.
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


def _square_matrix(
    transpose: bool, flip_rows: bool, flip_columns: bool
) -> tuple[tuple[int, ...], ...]:
    """The matrix on `(row, column)` of a symmetry of `SQUARE_SYMMETRIES`."""
    r = -1 if flip_rows else 1
    c = -1 if flip_columns else 1
    return ((0, r), (c, 0)) if transpose else ((r, 0), (0, c))


def _hexagonal_transforms(offset: tuple[int, int, int]) -> tuple[Transform, ...]:
    """The 12 symmetries of a lattice of three coordinates permuted, maybe
    subtracted from `offset` (which is (0, 0, 0) for the hexagons, whose
    negation is a turn of 180 degrees)."""
    # Rotating by 60 degrees (clockwise on the screen) takes the cube
    # coordinates (q, r, s) to (-s, -q, -r), a negated cyclic permutation.
    turn = ((0, 0, -1), (-1, 0, 0), (0, -1, 0))
    result = []
    matrix: tuple[tuple[int, ...], ...] = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
    for k in range(6):
        sign = -1 if k % 2 else 1
        vector = tuple(o if sign < 0 else 0 for o in offset)
        result.append(Transform("identity" if k == 0 else f"rotate {60 * k}", matrix, vector, True))
        matrix = _multiply(turn, matrix)
    # Reflections: swap the first two coordinates, then turn.
    swap = ((0, 1, 0), (1, 0, 0), (0, 0, 1))
    for k in range(6):
        sign = -1 if k % 2 else 1
        vector = tuple(o if sign < 0 else 0 for o in offset)
        result.append(
            Transform(f"reflect {k + 1}", _multiply(_power(turn, k), swap), vector, False)
        )
    return tuple(result)


def _multiply(
    a: tuple[tuple[int, ...], ...], b: tuple[tuple[int, ...], ...]
) -> tuple[tuple[int, ...], ...]:
    return tuple(
        tuple(sum(a[i][k] * b[k][j] for k in range(len(b))) for j in range(len(b[0])))
        for i in range(len(a))
    )


def _power(a: tuple[tuple[int, ...], ...], k: int) -> tuple[tuple[int, ...], ...]:
    result: tuple[tuple[int, ...], ...] = tuple(
        tuple(int(i == j) for j in range(len(a))) for i in range(len(a))
    )
    for _ in range(k):
        result = _multiply(a, result)
    return result


class GridSymmetry(NamedTuple):
    """A symmetry of a region of a grid.

    One of the grid's transforms followed by the translation that maps the
    region back onto itself. Calling it maps one cell; it works with
    `Grid.canonical` and `transform_solution`.

    Attributes:
        name: The transform's name (`"rotate 90"`, `"flip rows"`, ...).
        grid: The grid.
        transform: The transform of the grid's lattice.
        shift: The translation after it, on lattice points.

    >>> s = HEXAGON.region_symmetries([(0, 0), (0, 1)])[1]
    >>> s.name, s((0, 0)), s((0, 1))
    ('rotate 180', (0, 1), (0, 0))
    """

    name: str
    grid: Grid
    transform: Transform
    shift: tuple[int, ...]

    @property
    def is_rotation(self) -> bool:
        """True for the identity and the rotations (no mirror image)."""
        return self.transform.is_rotation

    def __call__(self, cell: Cell) -> Cell:
        """The image of a cell.

        Args:
            cell: The cell.

        Returns:
            Its image.
        """
        p = self.transform.apply(self.grid.to_point(cell))
        return self.grid.to_cell(tuple(x + t for x, t in zip(p, self.shift)))


class Grid:
    """A grid of cells: see the module's docstring for each grid's coordinates.

    Use the instances `SQUARE`, `TRIANGLE`, `HEXAGON` and `CUBE`.

    Args:
        name: The grid's name.
        dimension: The number of coordinates of a cell (2 or 3).
        transforms: The symmetries of the grid's lattice, rotations first
            (the identity first of all).
        to_point: The lattice point of a cell.
        to_cell: The cell of a lattice point.
        neighbours: The cells that share a side with a cell.
        translation: Whether a vector is a translation of the lattice.

    Attributes:
        name: The grid's name.
        dimension: The number of coordinates of a cell.
        transforms: The symmetries of the grid's lattice.
    """

    def __init__(
        self,
        name: str,
        dimension: int,
        transforms: tuple[Transform, ...],
        to_point: Callable[[Cell], Point],
        to_cell: Callable[[Point], Cell],
        neighbours: Callable[[Cell], list[Cell]],
        translation: Callable[[Point], bool],
    ) -> None:
        self.name = name
        self.dimension = dimension
        self.transforms = transforms
        self._to_point = to_point
        self._to_cell = to_cell
        self._neighbours = neighbours
        self._translation = translation
        self._cache: dict[frozenset[Cell], list[GridSymmetry]] = {}

    def __repr__(self) -> str:
        return self.name

    def to_point(self, cell: Cell) -> Point:
        """The lattice point of a cell (see the module's docstring).

        Args:
            cell: The cell.

        Returns:
            Its point.

        >>> TRIANGLE.to_point((0, 0)), TRIANGLE.to_point((0, 1))
        ((0, 0, 1), (0, 0, 0))
        """
        return self._to_point(cell)

    def to_cell(self, point: Point) -> Cell:
        """The cell of a lattice point (the inverse of `to_point`).

        Args:
            point: The point.

        Returns:
            Its cell.

        >>> HEXAGON.to_cell(HEXAGON.to_point((2, 5)))
        (2, 5)
        """
        return self._to_cell(point)

    def neighbours(self, cell: Cell) -> list[Cell]:
        """The cells that share a side (a face, in 3-D) with a cell.

        Args:
            cell: The cell.

        Returns:
            Its neighbours.

        >>> len(HEXAGON.neighbours((0, 0))), len(CUBE.neighbours((0, 0, 0)))
        (6, 6)
        """
        return self._neighbours(cell)

    def is_translation(self, vector: Point) -> bool:
        """Whether adding a vector to lattice points is a translation of the grid.

        On the triangular and hexagonal lattices, the three coordinates of a
        translation add up to 0.

        Args:
            vector: The vector.

        Returns:
            True if it is a translation.
        """
        return self._translation(vector)

    def check_cell(self, cell: object, what: str) -> Cell:
        """A cell of this grid, checked, as a tuple of ints.

        Any integers are accepted (NumPy's too), and a list.

        Args:
            cell: The value given.
            what: Whose cell it is, as the message names it.

        Returns:
            The cell.

        Raises:
            TypeError: If it is not a sequence of ints.
            ValueError: If it has the wrong number of coordinates (a cell off the grid).

        >>> CUBE.check_cell([1, 2, 3], 'cells')
        (1, 2, 3)
        >>> CUBE.check_cell((1, 2), 'the cells of piece A')
        Traceback (most recent call last):
          ...
        ValueError: the cells of piece A must be cells of the cubic grid (3 ints), not (1, 2)
        """
        message = (
            f"{what} must be cells of the {self.name} grid ({self.dimension} ints), not {cell!r}"
        )
        try:
            if isinstance(cell, (str, bytes)):
                raise TypeError
            coords = tuple(cast("Iterable[Any]", cell))
            if any(isinstance(x, bool) for x in coords):
                raise TypeError
            ints = tuple(operator.index(x) for x in coords)
        except (TypeError, ValueError):
            raise TypeError(message) from None
        if len(ints) != self.dimension:
            raise ValueError(message)
        return ints

    def connected(self, cells: Iterable[Cell]) -> bool:
        """Whether cells are connected through shared sides (faces).

        Args:
            cells: The cells.

        Returns:
            True if they are connected (or none).

        >>> TRIANGLE.connected([(0, 0), (0, 1)]), TRIANGLE.connected([(0, 1), (1, 1)])
        (True, False)
        """
        cells = set(cells)
        if not cells:
            return True
        start = next(iter(cells))
        seen = {start}
        stack = [start]
        while stack:
            for n in self.neighbours(stack.pop()):
                if n in cells and n not in seen:
                    seen.add(n)
                    stack.append(n)
        return len(seen) == len(cells)

    def shape(self, points: Iterable[Point]) -> tuple[Point, ...]:
        """Lattice points up to translation.

        Two sets of points are translates of each other exactly when their
        shapes are equal.

        Args:
            points: The points (at least one).

        Returns:
            The points sorted, and moved so that the first is as close to
            the origin as a translation allows.
        """
        points = sorted(points)
        first = points[0]
        shift = [-x for x in first]
        if not self.is_translation(tuple(shift)):
            # Lattices whose coordinates add up to a type (triangles): keep
            # the sum of the first point.
            shift[-1] += sum(first)
        return tuple(tuple(x + s for x, s in zip(p, shift)) for p in points)

    def orientations(
        self, cells: Iterable[Cell], orientations: str = "all"
    ) -> list[tuple[Point, ...]]:
        """The distinct shapes (see `shape`) of a piece turned and flipped.

        Args:
            cells: The piece's cells.
            orientations: `"all"` (turned and reflected by the grid's
                transforms), `"rotations"` (turned) or `"fixed"` (as it is).

        Returns:
            The shapes, on lattice points.

        >>> len(HEXAGON.orientations([(0, 0), (0, 1), (0, 2), (1, 0)]))
        12
        >>> len(TRIANGLE.orientations([(0, 0), (0, 1)], 'rotations'))
        3
        """
        points = [self.to_point(c) for c in cells]
        result = []
        seen = set()
        for t in self.transforms:
            if orientations == "fixed" and t.name != "identity":
                continue
            if orientations == "rotations" and not t.is_rotation:
                continue
            shape = self.shape(t.apply(p) for p in points)
            if shape not in seen:
                seen.add(shape)
                result.append(shape)
        return result

    def region_symmetries(
        self, region: Iterable[Cell], *, rotations_only: bool = False
    ) -> list[GridSymmetry]:
        """The symmetries of the grid that map a region onto itself.

        Args:
            region: The region's cells.
            rotations_only: Leave out the reflections.

        Returns:
            The symmetries (each a transform and then a translation), the
            identity first.

        Raises:
            TypeError: If the region is a str, or a cell not a tuple of ints.
            ValueError: If the region is empty, or a cell has another number
                of coordinates than the grid's.

        >>> rhombus = [(r, q) for r in range(3) for q in range(3)]
        >>> [s.name for s in HEXAGON.region_symmetries(rhombus)]
        ['identity', 'rotate 180', 'reflect 1', 'reflect 4']
        >>> len(CUBE.region_symmetries(product(range(3), repeat=3), rotations_only=True))
        24
        """
        if isinstance(region, str):
            raise TypeError("region must be cells, not a str (encode a picture first)")
        cells = {self.check_cell(c, "region cells") for c in region}
        if not cells:
            raise ValueError("an empty region has no symmetries")
        points = {self.to_point(c) for c in cells}
        low = min(points)
        result = []
        for t in self.transforms:
            if rotations_only and not t.is_rotation:
                continue
            image = [t.apply(p) for p in points]
            shift = tuple(a - b for a, b in zip(low, min(image)))
            if not self.is_translation(shift):
                continue
            if all(tuple(x + s for x, s in zip(p, shift)) in points for p in image):
                result.append(GridSymmetry(t.name, self, t, shift))
        return result

    def _symmetries_of(self, cells: frozenset[Cell]) -> list[GridSymmetry]:
        """`region_symmetries`, remembered for the last few regions."""
        cache = self._cache
        if cells not in cache:
            if len(cache) >= 16:
                cache.pop(next(iter(cache)))
            cache[cells] = self.region_symmetries(cells)
        return cache[cells]

    def canonical(
        self,
        solution: Iterable[tuple[Hashable, Sequence[Cell]]],
        symmetries: Any = None,
        *,
        mirror_names: Mapping[Hashable, Hashable] | None = None,
    ) -> tuple[tuple[Hashable, tuple[Cell, ...]], ...]:
        """A canonical form of a tiling on this grid.

        Two tilings are essentially the same (a symmetry of the region they
        tile maps one onto the other) exactly when their canonical forms are
        equal.

        Args:
            solution: Placements `(name, cells)`.
            symmetries: The symmetries to use: by default those of the
                region the tiling covers (`region_symmetries`); pass others,
                e.g. rotations only.
            mirror_names: Renames pieces under reflections (see
                `exactcover.polyform.canonical`).

        Returns:
            The least image of the tiling (pieces sorted, cells sorted).

        Raises:
            TypeError: If `mirror_names` is neither a mapping nor None.

        >>> a = [('A', ((0, 0), (0, 1))), ('B', ((0, 2),))]
        >>> b = [('B', ((0, 0),)), ('A', ((0, 1), (0, 2)))]
        >>> HEXAGON.canonical(a) == HEXAGON.canonical(b)
        True
        """
        if mirror_names is not None and not isinstance(mirror_names, Mapping):
            raise TypeError(
                "mirror_names must be a mapping from a piece's name to its mirror image's, "
                f"not {type(mirror_names).__name__}"
            )
        solution = [(name, tuple(tuple(c) for c in cells)) for name, cells in solution]
        cells = frozenset(c for _, cells in solution for c in cells)
        if symmetries is None:
            symmetries = self._symmetries_of(cells)
        names = {name for name, _ in solution}
        if mirror_names is not None:
            names |= {mirror_names.get(name, name) for name in names}
        # Each image's placements are sorted as (rank of the name, name,
        # cells): names that cannot be compared are never compared.
        rank = _name_ranks(names)
        images = []
        for s, image in zip(symmetries, _cell_maps(tuple(symmetries), cells)):
            renamed = mirror_names is not None and not s.is_rotation
            placed = []
            for name, tiles in solution:
                if renamed:
                    name = mirror_names.get(name, name)  # type: ignore[union-attr]
                placed.append((rank[name], name, tuple(sorted(image[c] for c in tiles))))
            images.append(tuple(sorted(placed)))
        return tuple((name, cells) for _, name, cells in min(images))


@lru_cache(maxsize=16)
def _cell_maps(
    symmetries: tuple[Callable[[Cell], Cell], ...], cells: frozenset[Cell]
) -> list[dict[Cell, Cell]]:
    """The image of each cell under each symmetry (tilings of one region
    share them: canonical forms of many tilings map the cells once)."""
    return [{c: s(c) for c in cells} for s in symmetries]


def transform_solution(
    solution: Iterable[tuple[Hashable, Iterable[Cell]]], symmetry: Callable[[Cell], Cell]
) -> tuple[tuple[Hashable, tuple[Cell, ...]], ...]:
    """The image of a tiling under a symmetry, in sorted form.

    Args:
        solution: Placements `(name, cells)`.
        symmetry: A map from cells to cells, such as a `GridSymmetry`.

    Returns:
        The placed pieces, each one's cells sorted, then the pieces sorted.

    >>> s = SQUARE.region_symmetries([(0, 0), (0, 1), (0, 2)])[3]
    >>> s.name
    'flip columns'
    >>> transform_solution([('A', ((0, 0),)), ('B', ((0, 1), (0, 2)))], s)
    (('A', ((0, 2),)), ('B', ((0, 0), (0, 1))))
    """
    placed = [(name, tuple(sorted(symmetry(c) for c in cells))) for name, cells in solution]
    rank = _name_ranks({name for name, _ in placed})
    return tuple(sorted(placed, key=lambda p: (rank[p[0]], p[1])))


def _name_ranks(names: Iterable[Hashable]) -> dict[Hashable, int]:
    """The rank of each piece name in the order that sorted forms of tilings
    use: the names' own order, or, for names that cannot be compared with
    one another (`1` and `'a'`, complex numbers; names need only be
    hashable), the order of their types' names and their reprs."""
    distinct = list(set(names))
    try:
        ranked = sorted(distinct)  # type: ignore[type-var]
    except TypeError:
        ranked = sorted(distinct, key=lambda n: (type(n).__qualname__, repr(n)))
    return {name: k for k, name in enumerate(ranked)}


# The four grids -------------------------------------------------------------------


def _identity(cell: Cell) -> Point:
    return tuple(cell)


def _square_neighbours(cell: Cell) -> list[Cell]:
    i, j = cell
    return [(i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1)]


def _cube_neighbours(cell: Cell) -> list[Cell]:
    x, y, z = cell
    return [
        (x - 1, y, z),
        (x + 1, y, z),
        (x, y - 1, z),
        (x, y + 1, z),
        (x, y, z - 1),
        (x, y, z + 1),
    ]


def _any_vector(vector: Point) -> bool:
    return True


def _sum_zero(vector: Point) -> bool:
    return sum(vector) == 0


def _triangle_point(cell: Cell) -> Point:
    r, c = cell
    return (-r, (c + r) // 2, -((c - r - 1) // 2))


def _triangle_cell(point: Point) -> Cell:
    a, b, d = point
    if a + b + d not in (0, 1):
        raise ValueError(f"{point} is not a point of the triangular lattice")
    return (-a, b - d + 1)


def _triangle_neighbours(cell: Cell) -> list[Cell]:
    r, c = cell
    return [(r, c - 1), (r, c + 1), (r + 1, c) if (r + c) % 2 == 0 else (r - 1, c)]


def _hexagon_point(cell: Cell) -> Point:
    r, q = cell
    return (q, r, -q - r)


def _hexagon_cell(point: Point) -> Cell:
    q, r, s = point
    if q + r + s != 0:
        raise ValueError(f"{point} is not a point of the hexagonal lattice")
    return (r, q)


def _hexagon_neighbours(cell: Cell) -> list[Cell]:
    r, q = cell
    return [(r, q - 1), (r, q + 1), (r - 1, q), (r - 1, q + 1), (r + 1, q), (r + 1, q - 1)]


#: The square grid: cells `(row, column)`, 8 symmetries.
SQUARE = Grid(
    "square",
    2,
    _signed_permutations(2, SQUARE_SYMMETRIES),
    _identity,
    _identity,
    _square_neighbours,
    _any_vector,
)
#: The triangular grid: cells `(row, column)`, up when row + column is
#: even; 12 symmetries.
TRIANGLE = Grid(
    "triangular",
    2,
    _hexagonal_transforms((-1, 1, 1)),
    _triangle_point,
    _triangle_cell,
    _triangle_neighbours,
    _sum_zero,
)
#: The hexagonal grid: cells `(row, column)` (a rhombus is a rectangle of
#: them); 12 symmetries.
HEXAGON = Grid(
    "hexagonal",
    2,
    _hexagonal_transforms((0, 0, 0)),
    _hexagon_point,
    _hexagon_cell,
    _hexagon_neighbours,
    _sum_zero,
)
#: The cubic grid: cells `(x, y, z)`; 48 symmetries, 24 of them rotations.
CUBE = Grid(
    "cubic",
    3,
    _signed_permutations(3, None),
    _identity,
    _identity,
    _cube_neighbours,
    _any_vector,
)
#: The four grids.
GRIDS = (SQUARE, TRIANGLE, HEXAGON, CUBE)


def sweep_order(cells: Iterable[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """The cells of a region in the order a count may sweep them
    (`ExactCover.sweep_order`): along the longest side of the bounding box,
    one cross-section at a time (on a 5 x 12 board, column by column, each
    column top to bottom), so that the part of the board a partial tiling
    leaves ragged stays short and its sub-problems repeat.

    >>> sweep_order([(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)])
    [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2)]

    Args:
        cells: The region's cells (tuples of ints of one length).

    Returns:
        The cells, sorted by the coordinate of widest extent first, then
        by the others, widest first.
    """
    region = sorted(set(cells))
    if not region:
        return []
    dims = len(region[0])
    extents = [max(c[k] for c in region) - min(c[k] for c in region) for k in range(dims)]
    axes = sorted(range(dims), key=lambda k: -extents[k])
    return sorted(region, key=lambda c: tuple(c[k] for k in axes))
