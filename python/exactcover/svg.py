"""SVG pictures of solved puzzles (with svgwrite): one style, one layout.

Every picture of the package is made here, the same way: a `Style` says how
it looks (the side of a cell, the padding, the colours, the strokes, the
font), and `compose` lays out one or more `Panel`s (drawings of one puzzle
each) in a grid, into a `Picture` that shows itself in Jupyter and saves to
a file. Text is centred on its cell by `centred_text`, with an explicit
offset that every renderer honours.

A `Board` is a grid of square cells split into groups (one SVG `<g>` each,
filled with the group's colour), with thick borders between cells of
different regions and optional text in cells; `draw_boards` draws boards.
Polyomino tilings are boards whose groups are the placed pieces
(`polyomino_svg`, and `solutions_svg`, which saves to a file);
`polyform_svg` and `polycube_svg` draw the other grids; queens, Sudoku and
domino pictures (`exactcover.queens.queens_svg`,
`exactcover.sudoku.sudoku_svg`, `exactcover.dominoes.dominoes_svg`) use the
same style, layout and text.

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
from dataclasses import dataclass
from functools import partial
from math import inf
from numbers import Real
from typing import Any, NamedTuple, Optional, Union

import svgwrite  # type: ignore[import-untyped]

from ._arguments import integer
from ._errors import describe
from .symmetry import Cell, Placement, at_origin

__all__ = [
    "Picture",
    "Style",
    "Panel",
    "compose",
    "centred_text",
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

#: How far below its anchor a line of text has its baseline, so that capitals
#: and digits are centred on the anchor: half their height in common
#: sans-serif fonts (0.73 em in DejaVu Sans). An explicit offset, not
#: `dominant-baseline`, which renderers that follow SVG 1.1 (cairosvg,
#: rsvg-convert) do not inherit from a group, and some do not know at all.
CENTRE_SHIFT = "0.36em"


class Picture:
    """An SVG picture, made by `compose`.

    `tostring()` gives the SVG text, `save(path)` writes it, and in
    Jupyter the picture displays itself (`_repr_svg_`).

    Args:
        drawing: The `svgwrite.Drawing`.

    Attributes:
        drawing: The `svgwrite.Drawing`.

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
        """The SVG text.

        Returns:
            The SVG document as a string.
        """
        return self.drawing.tostring()  # type: ignore[no-any-return]

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the SVG document to a file.

        Args:
            path: The file to write.
        """
        with open(path, "w", encoding="utf-8") as file:
            file.write('<?xml version="1.0" encoding="utf-8" ?>\n')
            file.write(self.tostring())
            file.write("\n")

    def _repr_svg_(self) -> str:
        return self.tostring()

    def __str__(self) -> str:
        """The SVG text.

        Returns:
            The SVG text, as `tostring()` (so `f.write(str(picture))` works).
        """
        return self.tostring()

    def __repr__(self) -> str:
        return f"<Picture {self.width}x{self.height}>"


@dataclass(frozen=True)
class Style:
    """How a picture looks: the one set of looks every drawing function takes.

    Attributes:
        size: The side of a cell, in pixels.
        padding: Space around the whole picture, in pixels.
        colour: The fill of each group by its label: a mapping, a function,
            or None (white); a None colour leaves the group unfilled.
        stroke_colour: The colour of the lines.
        stroke_width: The width of thick lines (borders between pieces or boxes).
        line_width: The width of thin lines (the outline of each cell).
        text_colour: The colour of text.
        font_family: The fonts of text, best first.

    >>> Style(size=10).fill()('any label')
    'white'

    Raises:
        TypeError: If a length is not a number.
        ValueError: If `size` is not positive and finite, or another
            length negative or not finite.
    """

    size: float = 25
    padding: float = 5
    colour: Colour = None
    stroke_colour: str = "black"
    stroke_width: float = 3
    line_width: float = 0.25
    text_colour: str = "black"
    font_family: str = "DejaVu Sans, Segoe UI Symbol, Helvetica, Arial, sans-serif"

    def __post_init__(self) -> None:
        # Every picture is drawn with a Style: its lengths are checked once,
        # here (size='a' repeated text, a negative size drew nothing).
        for name in ("size", "padding", "stroke_width", "line_width"):
            _pixels(name, getattr(self, name), positive=name == "size")

    def fill(self) -> Callable[[Any], Optional[str]]:
        """The colour of each label, as a function.

        Returns:
            A function from a label to its colour (None: no fill).

        Raises:
            TypeError: If `colour` is neither a mapping, a function nor None.
        """
        colour = self.colour
        if colour is None:
            return lambda _: "white"
        if isinstance(colour, Mapping):
            return lambda label: colour.get(label, "white")
        if callable(colour):
            return colour
        raise TypeError(
            f"colour must be a mapping, a function or None, not {type(colour).__name__}"
        )


class Panel(NamedTuple):
    """One drawing in a picture: its size, and how to draw it at a place.

    Attributes:
        width: Its width in pixels.
        height: Its height in pixels.
        draw: Draws it: called with the `svgwrite.Drawing` and the left and
            top of the panel's box.
    """

    width: float
    height: float
    draw: Callable[[Any, float, float], None]


def _pixels(name: str, value: Any, *, positive: bool = False, unit: str = "pixels") -> float:
    """A length in pixels (or another `unit`), checked.

    Raises:
        TypeError: If `value` is not a number (a bool is not).
        ValueError: If it is negative (or 0, with `positive`), NaN or infinite.
    """
    if isinstance(value, bool) or not isinstance(value, Real):
        raise TypeError(f"{name} must be a number of {unit}, not {describe(value)}")
    try:
        length = float(value)
    except OverflowError:  # an int or a Fraction past the floats
        length = inf
    if not (0 < length < inf if positive else 0 <= length < inf):
        least = "positive" if positive else "at least 0"
        raise ValueError(f"{name} must be {least} and finite, not {describe(value)}")
    return length


def compose(
    panels: Sequence[Panel], *, columns: int = 1, padding: float = 0, gap: float = 0
) -> Picture:
    """Lay panels out in a grid of drawings: the one place a picture is made.

    Every panel gets the space of the largest, `columns` to a row, `gap`
    pixels apart, with `padding` pixels around them all.

    Args:
        panels: The drawings.
        columns: How many to a row.
        padding: Space around the picture, in pixels.
        gap: Space between panels, in pixels.

    Returns:
        The picture.

    Raises:
        TypeError: If `padding` or `gap` is not a number.
        ValueError: If `columns` is not a positive int, or `padding` or
            `gap` is negative or infinite.

    >>> dot = Panel(10, 10, lambda d, left, top: d.add(d.circle((left + 5, top + 5), 5)))
    >>> picture = compose([dot, dot, dot], columns=2, padding=1, gap=2)
    >>> picture, picture.tostring().count('<circle')
    (<Picture 24x24>, 3)
    """
    given, columns = columns, integer(columns)  # type: ignore[assignment]
    if columns is None or columns < 1:
        raise ValueError(f"columns must be a positive int, not {given!r}")
    # A negative padding made a picture of negative size.
    _pixels("padding", padding)
    _pixels("gap", gap)
    w = max((p.width for p in panels), default=0)
    h = max((p.height for p in panels), default=0)
    columns = max(1, min(columns, len(panels)))
    rows = (len(panels) + columns - 1) // columns
    width = 2 * padding + max(0, columns * (w + gap) - gap)
    height = 2 * padding + max(0, rows * (h + gap) - gap)
    drawing = svgwrite.Drawing(size=(width, height), debug=False)
    drawing.viewbox(0, 0, width, height)
    for k, panel in enumerate(panels):
        y, x = divmod(k, columns)
        panel.draw(drawing, padding + x * (w + gap), padding + y * (h + gap))
    return Picture(drawing)


def centred_text(drawing: Any, text: str, x: float, y: float, **attributes: Any) -> Any:
    """A `<text>` centred on a point, in every renderer.

    The text is anchored in its middle (`text-anchor`) and shifted down by
    `CENTRE_SHIFT` from the point, on the element itself.

    Args:
        drawing: The `svgwrite.Drawing`.
        text: The text.
        x: The point's x.
        y: The point's y.
        **attributes: More SVG attributes (`class_`, `fill`, ...).

    Returns:
        The element, to add to a group.
    """
    return drawing.text(text, insert=(x, y), dy=[CENTRE_SHIFT], text_anchor="middle", **attributes)


# Boards of square cells -------------------------------------------------------------


class Board(NamedTuple):
    """One grid of cells to draw (cell `(i, j)` is row i, column j).

    Attributes:
        groups: A sequence of `(label, cells)`: each group is drawn as one
            SVG group of squares filled with the colour of its label. Labels
            need not be distinct (two copies of a piece are two groups).
        text: Text to write in cells (a mapping from cell to str).
        regions: A mapping from cell to a region label: thick borders are
            drawn between cells of different regions and around the board.
            By default (None) each group is a region (the pieces of a tiling).

    >>> Board([('A', [(0, 0), (0, 1)])]).cells()
    [(0, 0), (0, 1)]
    """

    groups: Sequence[tuple[Hashable, Iterable[Cell]]]
    text: Mapping[Cell, str] = {}
    regions: Optional[Mapping[Cell, Hashable]] = None

    def cells(self) -> list[Cell]:
        """All the cells of the board, in the order of the groups.

        Returns:
            The cells.
        """
        return [c for _, cells in self.groups for c in cells]

    def bounds(self) -> tuple[int, int]:
        """The box from row 0 and column 0 (or from the least row or column,
        where it is negative) to the last cell: the space the board is
        drawn in, that corner at the top left.

        >>> Board([('A', [(1, 2)])]).bounds(), Board([('A', [(-1, 2)])]).bounds()
        ((2, 3), (1, 3))

        Returns:
            `(height, width)` in cells.
        """
        top, left, bottom, right = self._box()
        return bottom - top, right - left

    def _box(self) -> tuple[int, int, int, int]:
        """The rows and columns `bounds()` spans: `(top, left, bottom,
        right)`, the last two past the end."""
        cells = self.cells() + list(self.text)
        if not cells:
            return 0, 0, 0, 0
        rows = [i for i, _ in cells]
        columns = [j for _, j in cells]
        return min(0, min(rows)), min(0, min(columns)), max(rows) + 1, max(columns) + 1


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
    """Draw boards in a grid of drawings, one empty cell apart.

    Each cell is a square with a thin outline; each group of cells is an
    SVG `<g>` filled with the colour of its label; regions are outlined by a
    path of thick strokes, one path per board. Every board gets the space of
    the largest.

    Args:
        boards: The boards; a board's cells may have negative rows or
            columns (it is drawn from its least ones: see `Board.bounds`).
        columns: How many boards to a row.
        size: The side of a cell, in pixels.
        padding: Space around the picture, in pixels.
        colour: The fill of each group by label (see `Style`).
        stroke_colour: The colour of the lines.
        stroke_width: The width of the borders between regions.
        line_width: The width of the cells' outlines.
        text_colour: The colour of the text.

    Returns:
        The picture.

    >>> board = Board([('light', [(0, 0), (1, 1)]), ('dark', [(0, 1), (1, 0)])],
    ...               text={(0, 1): 'Q'}, regions={})
    >>> svg = draw_boards([board], colour={'dark': 'grey'}).tostring()
    >>> svg.count('<rect'), svg.count('>Q</text>')
    (4, 1)
    """
    style = Style(
        size=size,
        padding=padding,
        colour=colour,
        stroke_colour=stroke_colour,
        stroke_width=stroke_width,
        line_width=line_width,
        text_colour=text_colour,
    )
    return _boards_picture(list(boards), columns, style)


def _boards_picture(boards: list[Board], columns: int, style: Style) -> Picture:
    """Boards laid out one cell apart, each as big as the largest."""
    h, w = (max(sizes) for sizes in zip((0, 0), *(b.bounds() for b in boards)))
    panels = [
        Panel(w * style.size, h * style.size, partial(_draw_board, board=b, style=style))
        for b in boards
    ]
    return compose(panels, columns=columns, padding=style.padding, gap=style.size)


def _draw_board(drawing: Any, left: float, top: float, *, board: Board, style: Style) -> None:
    """One board, the top left corner of its box (see `Board.bounds`) at
    (left, top)."""
    size = style.size
    # Negative rows and columns move the board's origin down and right.
    first_row, first_column, _, _ = board._box()
    left -= first_column * size
    top -= first_row * size
    fill = style.fill()
    group = drawing.g(
        stroke=style.stroke_colour, stroke_linecap="round", stroke_width=style.line_width
    )
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
    edges = drawing.path(stroke_width=style.stroke_width, fill="none")
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
            fill=style.text_colour,
            stroke="none",
            font_size=size * 0.7,
            font_family=style.font_family,
        )
        group.add(labels)
        for (i, j), text in sorted(board.text.items()):
            x, y = left + (j + 0.5) * size, top + (i + 0.5) * size
            labels.add(centred_text(drawing, str(text), x, y))


def tiling_board(solution: Iterable[Placement]) -> Board:
    """The board of a polyomino tiling, moved to the smallest box around its
    tiles (as `decode_solution` draws it): a tiling far from row 0 and
    column 0, or at negative coordinates, is drawn where it can be seen.

    Args:
        solution: Placements `(name, cells)`.

    Returns:
        A board with one group per placed piece, labelled with the piece's name.

    >>> tiling_board([('I', ((0, 0), (0, 1)))]).groups
    [('I', ((0, 0), (0, 1)))]
    >>> tiling_board([('I', ((5, -3), (5, -2)))]).groups
    [('I', ((0, 0), (0, 1)))]
    """
    return Board(at_origin(solution))


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
    """A picture of polyomino tilings (or of one tiling).

    Each piece is one group of squares filled with the colour of its name,
    with thick borders between pieces.

    Args:
        solutions: Tilings, or one tiling (a list of placements `(name, cells)`).
        columns: How many tilings to a row.
        size: The side of a cell, in pixels.
        padding: Space around the picture, in pixels.
        colour: The colour of each piece name: a mapping such as
            `exactcover.polyomino.COLOURS`, a function, or None (the COLOURS
            of the pentomino letters, white for others).
        stroke_colour: The colour of the lines.
        stroke_width: The width of the borders between pieces.

    Returns:
        The picture.

    >>> from exactcover.polyomino import PENTOMINOES, encode_polyominoes, polyomino
    >>> from itertools import product
    >>> tilings = polyomino(encode_polyominoes(PENTOMINOES), product(range(3), range(20)))
    >>> picture = polyomino_svg(tilings, columns=2)
    >>> picture, picture.tostring().count('<g fill=')
    (<Picture 1035x385>, 96)
    """
    items: list[Any] = list(solutions)
    if items and _is_placement(items[0], (2,)):
        items = [items]
    if colour is None:
        from .polyomino import COLOURS

        colour = COLOURS
    style = Style(
        size=size,
        padding=padding,
        colour=colour,
        stroke_colour=stroke_colour,
        stroke_width=stroke_width,
    )
    return _boards_picture([tiling_board(s) for s in items], columns, style)


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
    """Draw polyomino tilings as an SVG image and save it to a file.

    `polyomino_svg` returns the picture instead.

    Args:
        solutions: The tilings.
        filename: Where to save the picture.
        columns: How many tilings to a row.
        size: The side of a cell, in pixels.
        padding: Space around the picture, in pixels.
        colour: A function (or mapping) from a piece name to its colour
            (default: white for every piece).
        stroke_colour: The colour of the lines.
        stroke_width: The width of the borders between pieces.

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), 'one.svg')
    >>> solutions_svg([[('I', ((0, 0), (0, 1)))]], path)
    >>> with open(path) as f:
    ...     f.read().count('<rect')
    2
    """
    style = Style(
        size=size,
        padding=padding,
        colour=colour,
        stroke_colour=stroke_colour,
        stroke_width=stroke_width,
    )
    _boards_picture([tiling_board(s) for s in solutions], columns, style).save(filename)


def _is_placement(item: Any, dimensions: tuple[int, ...] | None) -> bool:
    """Whether an item is one placement (name, cells) rather than a tiling:
    its cells are sequences of whole numbers (tuples or lists, as JSON gives
    them; Python or NumPy ints) of one of `dimensions` lengths (None: any,
    for the grid to check), where a tiling's second item is a placement,
    whose name is no such cell."""
    try:
        _, cells = item
        return all(
            not isinstance(c, (str, bytes))
            and (dimensions is None or len(c) in dimensions)
            and all(integer(x) is not None for x in c)
            for c in cells
        )
    except (TypeError, ValueError):
        return False


# Polyforms on the other grids -------------------------------------------------------

#: Colours given to pieces without a colour of their own, in the order of
#: their names.
PALETTE = (
    "#EEAAAA", "#88CCCC", "#CCCC88", "#AAAAEE", "#AAEEAA", "#DD99BB",
    "#DDBB99", "#99BBDD", "#BBDD99", "#CC88CC", "#99DDBB", "#BB99DD",
    "#E0C0A0", "#A0C0E0", "#C0E0A0", "#E0A0C0",
)  # fmt: skip

_ROOT3 = 3**0.5

#: A placed piece on any grid: (name, cells), cells being tuples of ints.
AnyPlacement = tuple[Hashable, tuple[tuple[int, ...], ...]]


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


def _as_tilings(solutions: Any, grid: Any) -> list[list[AnyPlacement]]:
    """Tilings, or one tiling, as lists of placements `(name, cells)` whose
    cells are checked cells of `grid`.

    Raises:
        TypeError: If `solutions` is not an iterable of tilings or of
            placements, or a cell is not a sequence of ints.
        ValueError: If a cell has the wrong number of coordinates for `grid`.
    """
    items: list[Any] = list(_iterable("solutions", solutions))
    if items and _is_placement(items[0], None):
        items = [items]
    tilings = []
    for tiling in items:
        placements = []
        for placement in _iterable("a tiling", tiling):
            try:
                if isinstance(placement, (str, bytes)):
                    raise TypeError
                name, cells = placement
                cells = list(_iterable("cells", cells))
            except (TypeError, ValueError):
                raise TypeError(
                    f"a placement must be a pair (name, cells), not {describe(placement)}"
                ) from None
            what = f"the cells of piece {describe(name)}"
            placements.append((name, tuple(grid.check_cell(c, what) for c in cells)))
        tilings.append(placements)
    return tilings


def _iterable(name: str, value: Any) -> Iterable[Any]:
    """`value`, which must be an iterable other than a string.

    Raises:
        TypeError: If it is not (naming it `name`).
    """
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise TypeError(f"{name} must be an iterable, not {describe(value)}")
    return value


def _bounding_box(points: Sequence[tuple[float, float]]) -> tuple[float, float, float, float]:
    """(left, top, width, height) of some points (zero for none)."""
    xs, ys = zip(*points) if points else ((0.0,), (0.0,))
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


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
    """A picture of tilings (or of one tiling) on a 2-D grid.

    The grid is one of `exactcover.grids` (square, triangular or
    hexagonal; for the cubic grid see `polycube_svg`). Each piece is one
    `<g>` of polygons filled with the colour of its name, with thick borders
    between pieces and around the region.

    Args:
        grid: The grid.
        solutions: Tilings, or one tiling.
        columns: How many tilings to a row.
        size: The length of a cell's side, in pixels.
        padding: Space around the picture, in pixels.
        colour: The colour of each piece name: a mapping, a function, or
            None (a colour per name).
        stroke_colour: The colour of the lines.
        stroke_width: The width of the borders between pieces.
        line_width: The width of the cells' outlines.

    Returns:
        The picture.

    Raises:
        TypeError: If `grid` is not a `Grid`, `solutions` not tilings or a
            tiling (placements `(name, cells)`), or a cell not a sequence
            of ints.
        ValueError: If the grid is the cubic one, or a cell has the wrong
            number of coordinates.

    >>> from exactcover.grids import HEXAGON
    >>> tiling = [('A', ((0, 0), (0, 1))), ('B', ((1, 0),))]
    >>> svg = polyform_svg(HEXAGON, tiling).tostring()
    >>> svg.count('<g fill='), svg.count('<polygon')
    (2, 3)
    """
    from .grids import CUBE
    from .polyform import check_grid

    if check_grid(grid) is CUBE:
        raise ValueError("draw polycubes with polycube_svg (an isometric drawing)")
    tilings = _as_tilings(solutions, grid)
    style = Style(
        size=size,
        padding=padding,
        colour=_default_colours(tilings, colour),
        stroke_colour=stroke_colour,
        stroke_width=stroke_width,
        line_width=line_width,
    )

    def polygons(tiling: list[AnyPlacement]) -> list[tuple[int, list[tuple[float, float]]]]:
        return [
            (k, [(x * size, y * size) for x, y in _cell_polygon(grid, cell)])
            for k, (_, cells) in enumerate(tiling)
            for cell in cells
        ]

    return _polygon_picture(tilings, polygons, _draw_polygons, columns, style)


def _polygon_picture(
    tilings: list[list[AnyPlacement]],
    shapes_of: Callable[[list[AnyPlacement]], list[Any]],
    draw: Callable[..., None],
    columns: int,
    style: Style,
) -> Picture:
    """Tilings drawn as polygons, one panel each: `shapes_of(tiling)` lists
    them (each ending with its corners), `draw` draws them."""
    panels = []
    for tiling in tilings:
        shapes = shapes_of(tiling)
        x0, y0, w, h = _bounding_box([p for *_, poly in shapes for p in poly])
        panels.append(
            Panel(w, h, partial(draw, tiling=tiling, shapes=shapes, origin=(x0, y0), style=style))
        )
    return compose(panels, columns=columns, padding=style.padding, gap=style.size)


def _lines(drawing: Any, style: Style) -> Any:
    """A new group of the picture for one drawing's lines, thin and round-cornered."""
    group = drawing.g(
        stroke=style.stroke_colour, stroke_linejoin="round", stroke_width=style.line_width
    )
    drawing.add(group)
    return group


def _draw_polygons(
    drawing: Any,
    left: float,
    top: float,
    *,
    tiling: list[AnyPlacement],
    shapes: list[tuple[int, list[tuple[float, float]]]],
    origin: tuple[float, float],
    style: Style,
) -> None:
    """One tiling's cells as polygons, `origin` moved to (left, top), and its borders."""
    dx, dy = left - origin[0], top - origin[1]
    fill = style.fill()
    group = _lines(drawing, style)
    pieces = []
    for name, _ in tiling:
        f = fill(name)
        pieces.append(drawing.g(fill=f if f is not None else "none"))
        group.add(pieces[-1])
    # Each side is thick when the cells on its two sides belong to
    # different pieces (or one side is outside the region).
    owners: dict[tuple[tuple[float, float], tuple[float, float]], list[int]] = {}
    for k, poly in shapes:
        moved = [(round(x + dx, 3), round(y + dy, 3)) for x, y in poly]
        pieces[k].add(drawing.polygon(moved))
        for a, b in zip(moved, moved[1:] + moved[:1]):
            owners.setdefault((min(a, b), max(a, b)), []).append(k)
    edges = drawing.path(stroke_width=style.stroke_width, fill="none", stroke_linecap="round")
    drawn = False
    for (a, b), ks in sorted(owners.items()):
        if len(ks) == 1 or ks[0] != ks[1]:
            edges.push(["M", a[0], a[1], "L", b[0], b[1]])
            drawn = True
    if drawn:
        group.add(edges)


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
    """An isometric drawing of polycube solutions (or of one).

    Cells are `(x, y, z)` of `exactcover.grids.CUBE`: cubes are drawn from
    back to front, three faces each (the top in the colour of the piece, the
    two sides darker), each run of faces of one piece a `<g>` filled with
    its colour.

    Args:
        solutions: Solutions, or one solution.
        columns: How many solutions to a row.
        size: The side of a cube, in pixels.
        padding: Space around the picture, in pixels.
        gap: Space between neighbouring cubes, in cube sides: 0 draws the
            solid, 0.5 an exploded view that shows the inner cubes.
        layers: Draw each layer z = 0, 1, ... apart, left to right.
        colour: The colour of each piece name: a mapping, a function, or
            None (a colour per name).
        stroke_colour: The colour of the lines.
        line_width: The width of the lines.

    Returns:
        The picture.

    Raises:
        TypeError: If `gap` (or a length, see `Style`) is not a number,
            `solutions` not tilings or a tiling (placements `(name,
            cells)`), or a cell not a sequence of ints.
        ValueError: If a cell is not `(x, y, z)`, or `gap` is negative or
            not finite.

    >>> soma_v = [('V', ((0, 0, 0), (1, 0, 0), (0, 1, 0)))]
    >>> svg = polycube_svg(soma_v).tostring()
    >>> svg.count('<g fill='), svg.count('<polygon')
    (1, 9)
    """
    # A negative gap drew the cubes into one another (-1: all in one place).
    from .grids import CUBE

    _pixels("gap", gap, unit="cube sides")
    tilings = _as_tilings(solutions, CUBE)
    style = Style(
        size=size,
        padding=padding,
        colour=_default_colours(tilings, colour),
        stroke_colour=stroke_colour,
        line_width=line_width,
    )

    def faces(tiling: list[AnyPlacement]) -> list[tuple[int, float, list[tuple[float, float]]]]:
        return _cube_faces(tiling, size, gap, layers)

    return _polygon_picture(tilings, faces, _draw_faces, columns, style)


def _cube_faces(
    tiling: list[AnyPlacement], size: float, gap: float, layers: bool
) -> list[tuple[int, float, list[tuple[float, float]]]]:
    """The visible faces of a solution's cubes, back to front: (piece index,
    shade, corners on the page)."""
    step = 1 + gap
    cos30, sin30 = _ROOT3 / 2, 0.5

    def project(x: float, y: float, z: float) -> tuple[float, float]:
        return (x - y) * cos30 * size, ((x + y) * sin30 - z) * size

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
    return faces


def _draw_faces(
    drawing: Any,
    left: float,
    top: float,
    *,
    tiling: list[AnyPlacement],
    shapes: list[tuple[int, float, list[tuple[float, float]]]],
    origin: tuple[float, float],
    style: Style,
) -> None:
    """One solution's faces, `origin` moved to (left, top)."""
    dx, dy = left - origin[0], top - origin[1]
    fill = style.fill()
    group = _lines(drawing, style)
    # One <g> per piece, filled with its colour (the top faces); the sides
    # carry their own darker fill. Faces keep the back-to-front order, so a
    # piece's group holds a run of faces at a time.
    current: Any = None
    current_piece = -1
    for k, factor, poly in shapes:
        f = fill(tiling[k][0])
        if k != current_piece:
            current = drawing.g(fill=f if f is not None else "none")
            group.add(current)
            current_piece = k
        attributes = {} if factor == 1.0 else {"fill": _shade(f, factor)}
        current.add(
            drawing.polygon([(round(x + dx, 3), round(y + dy, 3)) for x, y in poly], **attributes)
        )
