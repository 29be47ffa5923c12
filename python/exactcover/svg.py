"""SVG drawings of solved puzzles (with svgwrite).

The core is generic: a :class:`Board` is a grid of cells split into groups
(one SVG ``<g>`` each, filled with the group's colour), with thick borders
between cells of different regions and optional text in cells. Many boards
are laid out in a grid of drawings by :func:`draw_boards`, which returns a
:class:`Picture`: it shows itself in Jupyter and saves to a file. Polyomino
tilings are boards whose groups are the placed pieces
(:func:`polyomino_svg`, and seed 000's :func:`solutions_svg`); queens and
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

from .cover import _integer
from .symmetry import Cell, Placement

__all__ = ["Picture", "Board", "draw_boards", "tiling_board", "polyomino_svg", "solutions_svg"]

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
    (seed 000's interface; :func:`polyomino_svg` returns the picture instead).

    colour -- function (or mapping) from a piece name to its colour
        (default: white for every piece).

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), 'one.svg')
    >>> solutions_svg([[('I', ((0, 0), (0, 1)))]], path)
    >>> open(path).read().count('<rect')
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
