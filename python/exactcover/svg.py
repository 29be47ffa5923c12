"""SVG drawings of solved puzzles (with svgwrite).

The core is generic: a :class:`Board` is a grid of cells split into groups
(one SVG ``<g>`` each, filled with the group's colour), with thick borders
between cells of different regions and optional text in cells. Many boards
are laid out in a grid of drawings by :func:`draw_boards`, which returns a
:class:`Picture`: it shows itself in Jupyter and saves to a file. Polyomino
tilings are boards whose groups are the placed pieces
(:func:`polyomino_svg`, and :func:`solutions_svg`, which saves to a file); queens and
Sudoku boards use the same core.

>>> from exactcover.polyomino import COLOURS
>>> picture = polyomino_svg([[('L', ((0, 0), (1, 0), (1, 1))), ('I', ((0, 1),))]],
...                         colour=COLOURS)
>>> picture.width, picture.height
(60, 60)
>>> picture.tostring().count('<g fill=')
2
"""

from __future__ import annotations

import os
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any, NamedTuple, Optional, Union

import svgwrite  # type: ignore[import-untyped]

from ._arguments import integer as _integer
from .symmetry import Cell, Placement

__all__ = [
    "Picture",
    "Board",
    "draw_boards",
    "tiling_board",
    "polyomino_svg",
    "solutions_svg",
    "PALETTE",
    "polyform_svg",
    "polycube_svg",
]

#: A colour for each group label: a mapping, a function, or None (white).
Colour = Union[Mapping[Any, Optional[str]], Callable[[Any], Optional[str]], None]


class Picture:
    """An SVG picture: ``tostring()`` gives the SVG text, ``save(path)``
    writes it, and in Jupyter the picture displays itself (``_repr_svg_``).

    >>> p = draw_boards([Board([('x', [(0, 0)])])])
    >>> p.tostring().startswith('<svg')
    True
    """

    def __init__(self, drawing: svgwrite.Drawing) -> None:
        self.drawing = drawing

    @property
    def width(self) -> float:
        """Width in pixels."""
        return self.drawing["width"]  # type: ignore[no-any-return]

    @property
    def height(self) -> float:
        """Height in pixels."""
        return self.drawing["height"]  # type: ignore[no-any-return]

    def tostring(self) -> str:
        """The SVG document as a string."""
        return self.drawing.tostring()  # type: ignore[no-any-return]

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the SVG document to ``path``."""
        with open(path, "w", encoding="utf-8") as file:
            file.write('<?xml version="1.0" encoding="utf-8" ?>\n')
            file.write(self.tostring())
            file.write("\n")

    def _repr_svg_(self) -> str:
        return self.tostring()

    def __str__(self) -> str:
        """The SVG text, as ``tostring()`` (so ``f.write(str(picture))`` works)."""
        return self.tostring()

    def __repr__(self) -> str:
        return f"<Picture {self.width}x{self.height}>"


class Board(NamedTuple):
    """One grid of cells to draw (cell ``(i, j)`` is row i, column j).

    groups -- a sequence of ``(label, cells)``: each group is drawn as one
        SVG group of squares filled with the colour of its label. Labels need
        not be distinct (two copies of a piece are two groups).
    text -- optional text to write in cells (a mapping from cell to str).
    regions -- optional mapping from cell to a region label: thick borders
        are drawn between cells of different regions and around the board.
        By default each group is a region (the pieces of a tiling).

    >>> Board([('A', [(0, 0), (0, 1)])]).cells()
    [(0, 0), (0, 1)]
    """

    groups: Sequence[tuple[Hashable, Iterable[Cell]]]
    text: Mapping[Cell, str] = {}
    regions: Optional[Mapping[Cell, Hashable]] = None

    def cells(self) -> list[Cell]:
        """All the cells of the board, in the order of the groups."""
        return [c for _, cells in self.groups for c in cells]

    def bounds(self) -> tuple[int, int]:
        """(height, width): the box from row 0 and column 0 to the last cell."""
        cells = self.cells() + list(self.text)
        if not cells:
            return 0, 0
        return max(i for i, _ in cells) + 1, max(j for _, j in cells) + 1


def _colour_function(colour: Colour) -> Callable[[Any], Optional[str]]:
    if colour is None:
        return lambda _: "white"
    if isinstance(colour, Mapping):
        return lambda label: colour.get(label, "white")
    if callable(colour):
        return colour
    raise TypeError(f"colour must be a mapping, a function or None, not {type(colour).__name__}")


def draw_boards(
    boards: Iterable[Board],
    *,
    columns: int = 1,
    size: float = 25,
    padding: float = 5,
    colour: Colour = None,
    stroke_colour: str = "black",
    stroke_width: float = 3,
    line_width: float = 0.25,
    text_colour: str = "black",
) -> Picture:
    """Draw boards in a grid of drawings, ``columns`` to a row, one empty
    cell apart; every board gets the space of the largest.

    Each cell is a ``size`` x ``size`` square with a thin outline
    (``line_width``); each group of cells is an SVG ``<g>`` filled with
    ``colour(label)`` (a mapping, a function, or None for white; a None
    colour leaves the group unfilled); regions are outlined by a path of
    thick strokes (``stroke_width``), one path per board.

    >>> board = Board([('light', [(0, 0), (1, 1)]), ('dark', [(0, 1), (1, 0)])],
    ...               text={(0, 1): 'Q'}, regions={})
    >>> svg = draw_boards([board], colour={'dark': 'grey'}).tostring()
    >>> svg.count('<rect'), svg.count('>Q</text>')
    (4, 1)
    """
    boards = list(boards)
    given, columns = columns, _integer(columns)  # type: ignore[assignment]
    if columns is None or columns < 1:
        raise ValueError(f"columns must be a positive int, not {given!r}")
    fill = _colour_function(colour)
    h, w = (max(sizes) for sizes in zip((0, 0), *(b.bounds() for b in boards)))
    columns = max(1, min(columns, len(boards)))
    rows = (len(boards) + columns - 1) // columns
    width = 2 * padding + max(0, columns * (w + 1) - 1) * size
    height = 2 * padding + max(0, rows * (h + 1) - 1) * size
    drawing = svgwrite.Drawing(size=(width, height), debug=False)
    for k, board in enumerate(boards):
        y, x = divmod(k, columns)
        _draw_board(
            drawing,
            board,
            top=padding + y * (h + 1) * size,
            left=padding + x * (w + 1) * size,
            size=size,
            fill=fill,
            stroke_colour=stroke_colour,
            stroke_width=stroke_width,
            line_width=line_width,
            text_colour=text_colour,
        )
    return Picture(drawing)


def _draw_board(
    drawing: svgwrite.Drawing,
    board: Board,
    *,
    top: float,
    left: float,
    size: float,
    fill: Callable[[Any], Optional[str]],
    stroke_colour: str,
    stroke_width: float,
    line_width: float,
    text_colour: str,
) -> None:
    group = drawing.g(stroke=stroke_colour, stroke_linecap="round", stroke_width=line_width)
    drawing.add(group)
    region: dict[Cell, Hashable] = {}
    for k, (label, cells) in enumerate(board.groups):
        colour = fill(label)
        piece = drawing.g(fill=colour if colour is not None else "none")
        group.add(piece)
        for i, j in cells:
            region[(i, j)] = k
            piece.add(drawing.rect((left + j * size, top + i * size), (size, size)))
    if board.regions is not None:
        region = {c: board.regions.get(c, 0) for c in region}
    # Thick edges wherever the regions on the two sides differ (outside the
    # board counts as a region of its own).
    outside = object()
    edges = drawing.path(stroke_width=stroke_width, fill="none")
    drawn = False
    cells = set(region)
    for i, j in sorted(cells | {(i + 1, j) for i, j in cells}):
        if region.get((i - 1, j), outside) != region.get((i, j), outside):
            edges.push(["M", left + j * size, top + i * size, "l", size, 0])
            drawn = True
    for i, j in sorted(cells | {(i, j + 1) for i, j in cells}):
        if region.get((i, j - 1), outside) != region.get((i, j), outside):
            edges.push(["M", left + j * size, top + i * size, "l", 0, size])
            drawn = True
    if drawn:
        group.add(edges)
    if board.text:
        labels = drawing.g(
            fill=text_colour,
            stroke="none",
            font_size=size * 0.7,
            font_family="sans-serif",
            text_anchor="middle",
        )
        group.add(labels)
        for (i, j), text in sorted(board.text.items()):
            labels.add(
                drawing.text(
                    str(text),
                    insert=(left + (j + 0.5) * size, top + (i + 0.5) * size),
                    dominant_baseline="central",
                )
            )


def tiling_board(solution: Iterable[Placement]) -> Board:
    """The board of a polyomino tiling: one group per placed piece,
    labelled with the piece's name.

    >>> tiling_board([('I', ((0, 0), (0, 1)))]).groups
    [('I', ((0, 0), (0, 1)))]
    """
    return Board([(name, tuple(cells)) for name, cells in solution])


def _is_placement(item: Any) -> bool:
    """Whether an item is one placement (name, cells) rather than a tiling."""
    try:
        _, cells = item
        return all(
            isinstance(c, tuple) and len(c) == 2 and all(isinstance(x, int) for x in c)
            for c in cells
        )
    except (TypeError, ValueError):
        return False


def polyomino_svg(
    solutions: Iterable[Iterable[Placement]] | Iterable[Placement],
    *,
    columns: int = 1,
    size: float = 25,
    padding: float = 5,
    colour: Colour = None,
    stroke_colour: str = "black",
    stroke_width: float = 3,
) -> Picture:
    """A picture of polyomino tilings (or of one tiling), ``columns`` to a
    row: each piece one group of squares filled with ``colour`` of its name
    (a mapping such as :data:`~exactcover.polyomino.COLOURS`, a function,
    or None: the COLOURS of the pentomino letters, white for others), thick
    borders between pieces.

    >>> from exactcover.polyomino import PENTOMINOES, encode_polyominoes, polyomino
    >>> from itertools import product
    >>> tilings = polyomino(encode_polyominoes(PENTOMINOES), product(range(3), range(20)))
    >>> picture = polyomino_svg(tilings, columns=2)
    >>> picture, picture.tostring().count('<g fill=')
    (<Picture 1035x385>, 96)
    """
    items: list[Any] = list(solutions)
    if items and _is_placement(items[0]):
        items = [items]
    if colour is None:
        from .polyomino import COLOURS

        colour = COLOURS
    return _tilings_picture(
        items,
        columns=columns,
        size=size,
        padding=padding,
        colour=colour,
        stroke_colour=stroke_colour,
        stroke_width=stroke_width,
    )


def _tilings_picture(
    solutions: Iterable[Iterable[Placement]],
    *,
    columns: int,
    size: float,
    padding: float,
    colour: Colour,
    stroke_colour: str,
    stroke_width: float,
) -> Picture:
    return draw_boards(
        [tiling_board(s) for s in solutions],
        columns=columns,
        size=size,
        padding=padding,
        colour=colour,
        stroke_colour=stroke_colour,
        stroke_width=stroke_width,
    )


def solutions_svg(
    solutions: Iterable[Iterable[Placement]],
    filename: str | os.PathLike[str],
    columns: int = 1,
    size: float = 25,
    padding: float = 5,
    colour: Colour = lambda _: "white",
    stroke_colour: str = "black",
    stroke_width: float = 3,
) -> None:
    """Format polyomino tilings as an SVG image and save it to ``filename``
    (:func:`polyomino_svg` returns the picture instead).

    colour -- function (or mapping) from a piece name to its colour
        (default: white for every piece).

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), 'one.svg')
    >>> solutions_svg([[('I', ((0, 0), (0, 1)))]], path)
    >>> with open(path) as f:
    ...     f.read().count('<rect')
    2
    """
    _tilings_picture(
        solutions,
        columns=columns,
        size=size,
        padding=padding,
        colour=colour,
        stroke_colour=stroke_colour,
        stroke_width=stroke_width,
    ).save(filename)


# Polyforms on the other grids -------------------------------------------------------

#: Colours given to pieces without a colour of their own, in the order of
#: their names.
PALETTE = (
    "#EEAAAA", "#88CCCC", "#CCCC88", "#AAAAEE", "#AAEEAA", "#DD99BB",
    "#DDBB99", "#99BBDD", "#BBDD99", "#CC88CC", "#99DDBB", "#BB99DD",
    "#E0C0A0", "#A0C0E0", "#C0E0A0", "#E0A0C0",
)  # fmt: skip

_ROOT3 = 3**0.5


def _cell_polygon(grid: Any, cell: Sequence[int]) -> list[tuple[float, float]]:
    """The corners (x, y) of a cell of a 2-D grid, for sides of length 1,
    y pointing down."""
    from .grids import HEXAGON, SQUARE, TRIANGLE

    r, c = cell[0], cell[1]
    if grid is SQUARE:
        return [(c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1)]
    if grid is TRIANGLE:
        h = _ROOT3 / 2
        x = c / 2
        if (r + c) % 2 == 0:
            return [(x + 0.5, r * h), (x + 1, (r + 1) * h), (x, (r + 1) * h)]
        return [(x, r * h), (x + 1, r * h), (x + 0.5, (r + 1) * h)]
    if grid is HEXAGON:
        cx, cy = _ROOT3 * (c + r / 2), 1.5 * r
        half = _ROOT3 / 2
        return [
            (cx, cy - 1),
            (cx + half, cy - 0.5),
            (cx + half, cy + 0.5),
            (cx, cy + 1),
            (cx - half, cy + 0.5),
            (cx - half, cy - 0.5),
        ]
    raise ValueError(f"cannot draw cells of the {grid!r} grid in 2-D (use polycube_svg)")


def _default_colours(solutions: Sequence[Sequence[AnyPlacement]], colour: Colour) -> Colour:
    """The colour argument, or one colour per piece name (the pentomino
    COLOURS where they apply, the PALETTE in the order of the names)."""
    if colour is not None:
        return colour
    from .polyomino import COLOURS

    names = sorted({str(name) for tiling in solutions for name, _ in tiling})
    if all(n in COLOURS for n in names):
        return COLOURS
    by_name = {n: PALETTE[k % len(PALETTE)] for k, n in enumerate(names)}
    return lambda name: by_name.get(str(name), "white")


def _layout(
    sizes: Sequence[tuple[float, float]], columns: int, padding: float, gap: float
) -> tuple[list[tuple[float, float]], float, float]:
    """Top-left corners of drawings in a grid, and the total width and height."""
    if isinstance(columns, bool) or not isinstance(columns, int) or columns < 1:
        raise ValueError(f"columns must be a positive int, not {columns!r}")
    w = max((s[0] for s in sizes), default=0.0)
    h = max((s[1] for s in sizes), default=0.0)
    columns = max(1, min(columns, len(sizes)))
    rows = (len(sizes) + columns - 1) // columns
    corners = []
    for k in range(len(sizes)):
        y, x = divmod(k, columns)
        corners.append((padding + x * (w + gap), padding + y * (h + gap)))
    width = 2 * padding + max(0.0, columns * (w + gap) - gap)
    height = 2 * padding + max(0.0, rows * (h + gap) - gap)
    return corners, width, height


#: A placed piece on any grid: (name, cells), cells being tuples of ints.
AnyPlacement = tuple[Hashable, tuple[tuple[int, ...], ...]]


def _as_tilings(solutions: Any) -> list[list[AnyPlacement]]:
    items: list[Any] = list(solutions)
    if items and _is_cells_placement(items[0]):
        items = [items]
    return [[(name, tuple(tuple(c) for c in cells)) for name, cells in t] for t in items]


def _is_cells_placement(item: Any) -> bool:
    """Whether an item is one placement (name, cells) rather than a tiling."""
    try:
        _, cells = item
        return all(
            isinstance(c, tuple) and len(c) in (2, 3) and all(isinstance(x, int) for x in c)
            for c in cells
        )
    except (TypeError, ValueError):
        return False


def polyform_svg(
    grid: Any,
    solutions: Iterable[Iterable[AnyPlacement]] | Iterable[AnyPlacement],
    *,
    columns: int = 1,
    size: float = 20,
    padding: float = 5,
    colour: Colour = None,
    stroke_colour: str = "black",
    stroke_width: float = 2.5,
    line_width: float = 0.25,
) -> Picture:
    """A picture of tilings (or of one tiling) on a 2-D grid of
    :mod:`exactcover.grids` (square, triangular or hexagonal; for the cubic
    grid see :func:`polycube_svg`), ``columns`` to a row: each piece one
    ``<g>`` of polygons filled with ``colour`` of its name (a mapping, a
    function, or None: a colour per name), thick borders between pieces
    and around the region. ``size`` is the length of a cell's side.

    >>> from exactcover.grids import HEXAGON
    >>> tiling = [('A', ((0, 0), (0, 1))), ('B', ((1, 0),))]
    >>> svg = polyform_svg(HEXAGON, tiling).tostring()
    >>> svg.count('<g fill='), svg.count('<polygon')
    (2, 3)
    """
    from .grids import CUBE

    if grid is CUBE:
        raise ValueError("draw polycubes with polycube_svg (an isometric drawing)")
    tilings = _as_tilings(solutions)
    fill = _colour_function(_default_colours(tilings, colour))
    shapes = []
    for tiling in tilings:
        polygons = [
            (k, [(x * size, y * size) for x, y in _cell_polygon(grid, cell)])
            for k, (_, cells) in enumerate(tiling)
            for cell in cells
        ]
        xs = [x for _, poly in polygons for x, _ in poly] or [0.0]
        ys = [y for _, poly in polygons for _, y in poly] or [0.0]
        shapes.append((polygons, min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
    corners, width, height = _layout([(s[3], s[4]) for s in shapes], columns, padding, size)
    drawing = svgwrite.Drawing(size=(width, height), debug=False)
    for tiling, (polygons, x0, y0, _, _), (left, top) in zip(tilings, shapes, corners):
        group = drawing.g(stroke=stroke_colour, stroke_linejoin="round", stroke_width=line_width)
        drawing.add(group)
        pieces = []
        for name, _ in tiling:
            f = fill(name)
            pieces.append(drawing.g(fill=f if f is not None else "none"))
            group.add(pieces[-1])
        # Each side is thick when the cells on its two sides belong to
        # different pieces (or one side is outside the region).
        owners: dict[tuple[tuple[float, float], tuple[float, float]], list[int]] = {}
        for k, poly in polygons:
            moved = [(x - x0 + left, y - y0 + top) for x, y in poly]
            pieces[k].add(drawing.polygon([(round(x, 3), round(y, 3)) for x, y in moved]))
            for a, b in zip(moved, moved[1:] + moved[:1]):
                ka = (round(a[0], 3), round(a[1], 3))
                kb = (round(b[0], 3), round(b[1], 3))
                owners.setdefault((min(ka, kb), max(ka, kb)), []).append(k)
        edges = drawing.path(stroke_width=stroke_width, fill="none", stroke_linecap="round")
        drawn = False
        for (a, b), ks in sorted(owners.items()):
            if len(ks) == 1 or ks[0] != ks[1]:
                edges.push(["M", a[0], a[1], "L", b[0], b[1]])
                drawn = True
        if drawn:
            group.add(edges)
    return Picture(drawing)


def _shade(colour: str | None, factor: float) -> str:
    """A darker colour, for the sides of a cube (#rgb and #rrggbb colours;
    other colours are kept)."""
    if colour is None:
        return "none"
    text = colour.lstrip("#")
    if colour.startswith("#") and len(text) == 3:
        text = "".join(c * 2 for c in text)
    if not colour.startswith("#") or len(text) != 6:
        return colour
    try:
        rgb = [int(text[k : k + 2], 16) for k in (0, 2, 4)]
    except ValueError:
        return colour
    return "#" + "".join(f"{int(v * factor):02X}" for v in rgb)


def polycube_svg(
    solutions: Iterable[Iterable[AnyPlacement]] | Iterable[AnyPlacement],
    *,
    columns: int = 1,
    size: float = 20,
    padding: float = 5,
    gap: float = 0.0,
    layers: bool = False,
    colour: Colour = None,
    stroke_colour: str = "black",
    line_width: float = 0.5,
) -> Picture:
    """An isometric drawing of polycube solutions (or of one), ``columns``
    to a row, cells ``(x, y, z)`` of :data:`exactcover.grids.CUBE`: cubes
    drawn from back to front, three faces each (the top in the colour of the
    piece, the two sides darker), each run of faces of one piece a ``<g>``
    filled with its colour.

    gap -- space between neighbouring cubes, in cube sides: 0 draws the
        solid, 0.5 an exploded view that shows the inner cubes.
    layers -- draw each layer z = 0, 1, ... apart, left to right.

    >>> soma_v = [('V', ((0, 0, 0), (1, 0, 0), (0, 1, 0)))]
    >>> svg = polycube_svg(soma_v).tostring()
    >>> svg.count('<g fill='), svg.count('<polygon')
    (1, 9)
    """
    tilings = _as_tilings(solutions)
    for tiling in tilings:
        for name, cells in tiling:
            for c in cells:
                if len(c) != 3:
                    raise ValueError(f"piece {name!r} has a cell {c} that is not (x, y, z)")
    fill = _colour_function(_default_colours(tilings, colour))
    step = 1 + gap
    cos30, sin30 = _ROOT3 / 2, 0.5

    def project(x: float, y: float, z: float) -> tuple[float, float]:
        return (x - y) * cos30 * size, ((x + y) * sin30 - z) * size

    drawings = []
    for tiling in tilings:
        # (depth, piece index, corner (x, y, z) in space, shift on the page)
        cubes: list[tuple[tuple[int, int], int, tuple[float, float, float], float]] = []
        depth_all = [c for _, cells in tiling for c in cells]
        layer_shift = 0.0
        if layers and depth_all:
            span = max(x for x, _, _ in depth_all) + max(y for _, y, _ in depth_all) + 2
            layer_shift = (span + gap) * cos30 * size * step
        for k, (_, cells) in enumerate(tiling):
            for x, y, z in cells:
                if layers:
                    cubes.append(((z, x + y), k, (x * step, y * step, 0.0), z * layer_shift))
                else:
                    cubes.append(((0, x + y + z), k, (x * step, y * step, z * step), 0.0))
        cubes.sort(key=lambda item: item[0])
        faces: list[tuple[int, float, list[tuple[float, float]]]] = []
        for _, k, (cx, cy, cz), shift in cubes:
            face: tuple[tuple[int, int, int], ...]
            for face, factor in (
                (((0, 0, 1), (1, 0, 1), (1, 1, 1), (0, 1, 1)), 1.0),
                (((1, 0, 0), (1, 1, 0), (1, 1, 1), (1, 0, 1)), 0.8),
                (((0, 1, 0), (1, 1, 0), (1, 1, 1), (0, 1, 1)), 0.62),
            ):
                points = [project(cx + a, cy + b, cz + c) for a, b, c in face]
                faces.append((k, factor, [(px + shift, py) for px, py in points]))
        xs = [px for _, _, poly in faces for px, _ in poly] or [0.0]
        ys = [py for _, _, poly in faces for _, py in poly] or [0.0]
        drawings.append((faces, min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
    corners, width, height = _layout([(d[3], d[4]) for d in drawings], columns, padding, size)
    drawing = svgwrite.Drawing(size=(width, height), debug=False)
    for tiling, (faces, x0, y0, _, _), (left, top) in zip(tilings, drawings, corners):
        group = drawing.g(stroke=stroke_colour, stroke_linejoin="round", stroke_width=line_width)
        drawing.add(group)
        # One <g> per piece, filled with its colour (the top faces); the
        # sides carry their own darker fill. Faces keep the back-to-front
        # order, so a piece's group holds a run of faces at a time.
        current: Any = None
        current_piece = -1
        for k, factor, poly in faces:
            if k != current_piece:
                f = fill(tiling[k][0])
                current = drawing.g(fill=f if f is not None else "none")
                group.add(current)
                current_piece = k
            f = fill(tiling[k][0])
            attributes = {} if factor == 1.0 else {"fill": _shade(f, factor)}
            current.add(
                drawing.polygon(
                    [(round(x - x0 + left, 3), round(y - y0 + top, 3)) for x, y in poly],
                    **attributes,
                )
            )
    return Picture(drawing)
