"""SVG drawings, parsed as XML: what is drawn, not only that a file exists."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from itertools import product
from pathlib import Path

import matplotlib
import pytest
import resvg_py
from exactcover.polyomino import COLOURS, PENTOMINOES, encode_polyominoes, polyomino
from exactcover.queens import queen_squares
from exactcover.svg import (
    Board,
    Panel,
    Picture,
    Style,
    compose,
    draw_boards,
    polyomino_svg,
    solutions_svg,
)
from PIL import Image

SVG = "{http://www.w3.org/2000/svg}"
PENTA = encode_polyominoes(PENTOMINOES)


def parse(picture: Picture) -> ET.Element:
    return ET.fromstring(picture.tostring())


def piece_groups(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(SVG + "g") if g.get("fill")]


def border_length(root: ET.Element) -> float:
    """Total length of the thick border segments (each 'M x y l dx dy')."""
    total = 0.0
    for path in root.iter(SVG + "path"):
        words = path.get("d", "").replace(",", " ").split()
        for k, word in enumerate(words):
            if word == "l":
                total += abs(float(words[k + 1])) + abs(float(words[k + 2]))
    return total


def test_one_tiling() -> None:
    solution = next(polyomino(PENTA, product(range(6), range(10))))
    picture = polyomino_svg(solution, size=10, padding=5)
    root = parse(picture)
    assert root.tag == SVG + "svg"
    assert (picture.width, picture.height) == (110, 70)
    groups = piece_groups(root)
    assert len(groups) == 12  # one group per piece
    assert all(len(list(g.iter(SVG + "rect"))) == 5 for g in groups)
    assert {g.get("fill") for g in groups} == {COLOURS[name] for name in "FILNPTUVWXYZ"}
    # Borders: the outline (2 * (6 + 10) cells) plus the edges between
    # pieces: each piece's perimeter counted once per side.
    perimeters = 0
    cells = {c: name for name, tiles in solution for c in tiles}
    for (i, j), name in cells.items():
        for n in ((i - 1, j), (i + 1, j), (i, j - 1), (i, j + 1)):
            if cells.get(n) != name:
                perimeters += 1
    outline = 2 * (6 + 10)
    inner = (perimeters - outline) // 2
    assert border_length(root) == (outline + inner) * 10


def test_one_tiling_read_back_from_json_or_numpy_is_one_tiling() -> None:
    # Cells as lists (JSON) or of NumPy ints were taken for a list of
    # tilings: "each placement must be a pair (name, cells), not 'I'", and
    # "not enough values to unpack" from polyform_svg and polycube_svg.
    import json

    import numpy as np
    from exactcover.grids import HEXAGON
    from exactcover.svg import polycube_svg, polyform_svg

    solution = next(polyomino(PENTA, product(range(6), range(10))))
    as_json = json.loads(json.dumps(solution))
    as_numpy = [(name, np.array(cells)) for name, cells in solution]
    for same in (as_json, as_numpy):
        assert polyomino_svg(same).tostring() == polyomino_svg(solution).tostring()
        assert polyform_svg(HEXAGON, same).tostring() == polyform_svg(HEXAGON, solution).tostring()
    cubes = [("V", ((0, 0, 0), (1, 0, 0), (0, 1, 0))), ("I", ((0, 0, 1), (1, 0, 1)))]
    for same in (json.loads(json.dumps(cubes)), [(n, np.array(c)) for n, c in cubes]):
        assert polycube_svg(same).tostring() == polycube_svg(cubes).tostring()


def test_many_tilings_in_a_grid(tmp_path: Path) -> None:
    tilings = list(polyomino(PENTA, product(range(3), range(20))))
    picture = polyomino_svg(tilings, columns=3, size=10, padding=0)
    # 3 columns of 20 wide + 2 gaps; 3 rows of 3 high + 2 gaps.
    assert (picture.width, picture.height) == ((3 * 21 - 1) * 10, (3 * 4 - 1) * 10)
    root = parse(picture)
    assert len(piece_groups(root)) == 8 * 12
    assert len(list(root.iter(SVG + "rect"))) == 8 * 60
    # Every drawing is inside the picture.
    for rect in root.iter(SVG + "rect"):
        assert 0 <= float(rect.get("x")) <= picture.width - 10
        assert 0 <= float(rect.get("y")) <= picture.height - 10
    path = tmp_path / "tilings.svg"
    picture.save(path)
    assert ET.parse(path).getroot().tag == SVG + "svg"


def test_jupyter_repr() -> None:
    picture = polyomino_svg([[("A", ((0, 0),))]])
    assert picture._repr_svg_() == picture.tostring()
    assert ET.fromstring(picture._repr_svg_()).tag == SVG + "svg"


def test_duplicate_piece_names_are_separate_groups_with_a_border() -> None:
    dominoes = [("d", ((0, 0), (0, 1))), ("d", ((1, 0), (1, 1)))]
    root = parse(polyomino_svg(dominoes, size=10, colour={"d": "red"}))
    assert [g.get("fill") for g in piece_groups(root)] == ["red", "red"]
    assert border_length(root) == (8 + 2) * 10


def test_solutions_svg_is_white_by_default(tmp_path: Path) -> None:
    solutions = list(polyomino(PENTA, product(range(3), range(20))))[:2]
    solutions_svg(solutions, tmp_path / "two.svg", columns=2)
    root = ET.parse(tmp_path / "two.svg").getroot()
    assert {g.get("fill") for g in piece_groups(root)} == {"white"}
    solutions_svg(solutions, tmp_path / "two.svg", colour=COLOURS.get)
    root = ET.parse(tmp_path / "two.svg").getroot()
    assert len({g.get("fill") for g in piece_groups(root)}) == 12


def test_generic_board_text_and_regions() -> None:
    # A 4x4 Sudoku-like grid: one group, thick borders around 2x2 blocks, digits.
    cells = list(product(range(4), repeat=2))
    board = Board(
        [("cells", cells)],
        text={(i, j): str((i * 2 + i // 2 + j) % 4 + 1) for i, j in cells},
        regions={(i, j): (i // 2, j // 2) for i, j in cells},
    )
    root = parse(draw_boards([board], size=10, colour={"cells": "white"}))
    texts = [t.text for t in root.iter(SVG + "text")]
    assert len(texts) == 16 and sorted(texts) == sorted("1234" * 4)
    assert border_length(root) == (16 + 8) * 10  # outline + the two block lines
    # A chessboard with queens: two colour groups, only the outline is thick.
    squares = {"light": [], "dark": []}
    for i, j in product(range(4), repeat=2):
        squares["dark" if (i + j) % 2 else "light"].append((i, j))
    board = Board(list(squares.items()), text={(0, 1): "♛"}, regions={})
    root = parse(draw_boards([board], size=10, colour={"dark": "#888", "light": "#eee"}))
    assert [g.get("fill") for g in piece_groups(root)][:2] == ["#eee", "#888"]
    assert border_length(root) == 16 * 10
    assert [t.text for t in root.iter(SVG + "text")] == ["♛"]


def test_boards_at_negative_coordinates_are_drawn_inside_the_picture() -> None:
    # The origin stayed at row 0 and column 0: cells above or left of it were
    # drawn over the padding or the board before, and the box was too small.
    negative = Board([("a", [(-1, -2), (-1, -1)]), ("b", [(0, 0)])], text={(-1, -2): "x"})
    shifted = Board([("a", [(0, 0), (0, 1)]), ("b", [(1, 2)])], text={(0, 0): "x"})
    assert negative.bounds() == shifted.bounds() == (2, 3)
    for boards in ([negative], [negative, shifted]):
        assert draw_boards(boards).tostring() == draw_boards([shifted] * len(boards)).tostring()
    # The box starts at the least row and column where they are negative, and
    # at row 0 and column 0 otherwise (as it did).
    assert Board([("a", [(-3, -3)])]).bounds() == (1, 1)
    assert Board([("a", [(2, -1)])]).bounds() == (3, 1)
    corner = draw_boards([Board([("a", [(-3, -3)])])]).tostring()
    assert corner == draw_boards([Board([("a", [(0, 0)])])]).tostring()


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="columns"):
        draw_boards([], columns=0)
    # Every drawing's lengths are a Style's: size='a' repeated text, and a
    # negative size drew an empty picture.
    from exactcover import parse_sudoku, queens_svg, sudoku_svg

    grid = parse_sudoku("1.....2..3.....4")
    with pytest.raises(TypeError, match="size must be a number of pixels, not 'a'"):
        sudoku_svg(grid, size="a")  # type: ignore[arg-type]
    for bad in (0, -40, float("inf"), float("nan")):
        with pytest.raises(ValueError, match="size must be positive and finite"):
            queens_svg(4, [(0, 1), (1, 3), (2, 0), (3, 2)], size=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="stroke_width must be at least 0"):
        draw_boards([Board([("a", [(0, 0)])])], stroke_width=-1)
    with pytest.raises(TypeError, match="size must be a number"):
        draw_boards([Board([("a", [(0, 0)])])], size=True)
    with pytest.raises(TypeError, match="colour"):
        draw_boards([Board([("a", [(0, 0)])])], colour=3)  # type: ignore[arg-type]
    # polycube_svg's gap: -1 drew every cube in one place, 'a' failed in a sum.
    from exactcover.svg import polycube_svg

    cubes = [("V", ((0, 0, 0), (1, 0, 0), (0, 1, 0)))]
    for bad in (-1, -0.5, float("inf"), float("nan")):
        with pytest.raises(ValueError, match="gap must be at least 0 and finite"):
            polycube_svg(cubes, gap=bad)
    with pytest.raises(TypeError, match="gap must be a number of cube sides, not 'a'"):
        polycube_svg(cubes, gap="a")  # type: ignore[arg-type]
    assert polycube_svg(cubes, gap=0.5).width > polycube_svg(cubes, gap=0).width
    # compose's own padding and gap: -5 made a picture of negative size.
    from exactcover.svg import Panel, compose

    dot = Panel(10, 10, lambda d, left, top: None)
    for name in ("padding", "gap"):
        with pytest.raises(ValueError, match=f"{name} must be at least 0 and finite, not -5"):
            compose([dot], **{name: -5})
        with pytest.raises(TypeError, match=f"{name} must be a number of pixels, not 'a'"):
            compose([dot], **{name: "a"})
    assert (
        compose([dot, dot], padding=1, gap=2).width,
        compose([dot, dot], columns=2, gap=2).width,
    ) == (12, 22)


# One style and one layout for every picture ------------------------------------------


def test_every_picture_is_made_by_compose(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every drawing function of the package makes its picture through
    # svg.compose: count the calls.
    import exactcover.svg as svg
    from exactcover.dominoes import aztec_diamond, domino_tilings, dominoes_svg
    from exactcover.grids import HEXAGON
    from exactcover.queens import queens, queens_svg
    from exactcover.sudoku import parse_sudoku, sudoku_svg

    calls = []
    real = svg.compose

    def counting(*args, **kwargs):
        calls.append(args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(svg, "compose", counting)
    tiling = next(polyomino(PENTA, product(range(3), range(20))))
    pictures = [
        svg.polyomino_svg(tiling),
        svg.draw_boards([svg.tiling_board(tiling)]),
        svg.polyform_svg(HEXAGON, [("A", ((0, 0), (0, 1)))]),
        svg.polycube_svg([("V", ((0, 0, 0), (1, 0, 0)))]),
        queens_svg(4, next(queens(4))),
        sudoku_svg(parse_sudoku("1.....2..3.....4").solve()),
        dominoes_svg(next(domino_tilings(aztec_diamond(2)))),
    ]
    assert len(calls) == len(pictures) and all(len(panels) == 1 for panels in calls)
    assert all(isinstance(p, Picture) for p in pictures)


def test_compose_lays_panels_out_in_a_grid() -> None:
    corners = []
    panel = Panel(10, 20, lambda drawing, left, top: corners.append((left, top)))
    picture = compose([panel] * 5, columns=2, padding=3, gap=4)
    assert corners == [(3, 3), (17, 3), (3, 27), (17, 27), (3, 51)]
    assert (picture.width, picture.height) == (3 + 10 + 4 + 10 + 3, 3 + 3 * 20 + 2 * 4 + 3)
    assert parse(picture).get("viewBox") == "0,0,30,74"
    with pytest.raises(ValueError, match="columns must be a positive int, not 0"):
        compose([panel], columns=0)


def test_style_is_what_the_style_arguments_become() -> None:
    root = parse(
        polyomino_svg(
            [("A", ((0, 0),))], size=7, padding=2, colour={"A": "red"}, stroke_colour="blue"
        )
    )
    rect = next(root.iter(SVG + "rect"))
    assert (rect.get("x"), rect.get("y"), rect.get("width")) == ("2", "2", "7")
    assert piece_groups(root)[0].get("fill") == "red"
    assert next(root.iter(SVG + "g")).get("stroke") == "blue"
    assert Style(colour={"A": "red"}).fill()("B") == "white"
    assert Style(colour=str.lower).fill()("RED") == "red"


def test_dominoes_svg() -> None:
    from exactcover.dominoes import COLORS, aztec_diamond, domino_tilings, dominoes_svg

    tiling = next(domino_tilings(aztec_diamond(3)))
    picture = dominoes_svg(tiling, size=10)
    assert (picture.width, picture.height) == (62, 62)  # 6 cells and a 1 pixel margin
    rects = list(parse(picture).iter(SVG + "rect"))
    assert len(rects) == len(tiling) == 12
    assert {r.get("fill") for r in rects} <= set(COLORS)
    assert {(float(r.get("width")), float(r.get("height"))) for r in rects} <= {(10, 20), (20, 10)}
    with pytest.raises(ValueError, match="no domino"):
        dominoes_svg([])


# Text centred in a renderer that is not a browser ---------------------------------------

#: DejaVu Sans, the first font the pictures ask for, as matplotlib ships it:
#: the same glyphs on every machine, whatever fonts it has.
FONT = Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSans.ttf"


def render(svg_text: str) -> Image.Image:
    """The picture rendered by resvg with DejaVu Sans only, as SVG 1.1
    renderers see it: cairosvg and rsvg-convert do not inherit
    dominant-baseline from a group (and some renderers ignore it anywhere),
    so every dominant-baseline attribute is dropped first."""
    text = re.sub(r'\sdominant-baseline="[^"]*"', "", svg_text)
    png = resvg_py.svg_to_bytes(
        svg_string=text,
        skip_system_fonts=True,
        font_files=[str(FONT)],
        font_family="DejaVu Sans",
        sans_serif_family="DejaVu Sans",
        background="white",
    )
    return Image.open(io.BytesIO(bytes(png))).convert("RGB")


def ink_box(image: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int]):
    """The bounding box (left, top, right, bottom) of the pixels of about
    `colour` inside `box`, or None."""
    left, top, right, bottom = box
    pixels = image.load()
    found = [
        (x, y)
        for y in range(top, bottom)
        for x in range(left, right)
        if sum(abs(a - b) for a, b in zip(pixels[x, y], colour)) < 120
    ]
    if not found:
        return None
    xs, ys = [x for x, _ in found], [y for _, y in found]
    return min(xs), min(ys), max(xs) + 1, max(ys) + 1


def assert_centred(ink, cell: tuple[float, float, float, float], tolerance: float) -> None:
    left, top, right, bottom = cell
    assert ink is not None, f"nothing drawn in {cell}"
    assert left < ink[0] and ink[2] < right and top < ink[1] and ink[3] < bottom, (ink, cell)
    dx = (ink[0] + ink[2]) / 2 - (left + right) / 2
    dy = (ink[1] + ink[3]) / 2 - (top + bottom) / 2
    assert abs(dx) <= tolerance and abs(dy) <= tolerance, (ink, cell, dx, dy)


def test_font_has_the_glyphs() -> None:
    # The check below would pass vacuously on boxes for missing glyphs.
    assert FONT.exists()
    assert FONT.stat().st_size > 100_000


def test_queens_are_centred_on_their_squares_outside_browsers() -> None:
    from exactcover.queens import queens, queens_svg

    size = 40
    solution = next(queens(6))
    svg_text = queens_svg(6, solution, size=size, colour="#ff0000").tostring()
    image = render(svg_text)
    assert image.size == (6 * size, 6 * size)
    for i, j in queen_squares(solution):
        square = (j * size, i * size, (j + 1) * size, (i + 1) * size)
        ink = ink_box(image, square, (255, 0, 0))
        assert_centred(ink, square, tolerance=0.08 * size)
        # The glyph is a queen, not a missing-glyph box: a crown and a base
        # narrower than the square, more than half its height.
        assert ink[3] - ink[1] > 0.5 * size and ink[2] - ink[0] < 0.9 * size


def test_sudoku_symbols_are_centred_in_their_cells_outside_browsers() -> None:
    from exactcover.sudoku import parse_sudoku, sudoku_svg

    size, pad = 40, 2  # sudoku_svg leaves 2 pixels for the thick border
    puzzle = parse_sudoku("1.....2..3.....4")
    svg_text = sudoku_svg(
        puzzle.solve(), size=size, clue_colour="#ff0000", filled_colour="#0000ff"
    ).tostring()
    image = render(svg_text)
    for i, j in product(range(4), repeat=2):
        cell = (pad + j * size, pad + i * size, pad + (j + 1) * size, pad + (i + 1) * size)
        colour = (255, 0, 0) if puzzle.is_clue(i, j) else (0, 0, 255)
        assert_centred(ink_box(image, cell, colour), cell, tolerance=0.08 * size)


def test_board_text_is_centred_outside_browsers() -> None:
    size = 30
    board = Board([("cells", [(0, 0), (0, 1)])], text={(0, 0): "7", (0, 1): "A"})
    image = render(draw_boards([board], size=size, padding=0, text_colour="#00ff00").tostring())
    for j in range(2):
        cell = (j * size, 0, (j + 1) * size, size)
        assert_centred(ink_box(image, cell, (0, 255, 0)), cell, tolerance=0.08 * size)


def test_no_text_relies_on_an_inherited_baseline() -> None:
    from exactcover.queens import queens, queens_svg
    from exactcover.sudoku import parse_sudoku, sudoku_svg

    for picture in (queens_svg(4, next(queens(4))), sudoku_svg(parse_sudoku("1" + "." * 15))):
        root = parse(picture)
        assert all(g.get("dominant-baseline") is None for g in root.iter(SVG + "g"))
        assert all(t.get("dy") == "0.36em" for t in root.iter(SVG + "text"))
