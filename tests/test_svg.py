"""SVG drawings, parsed as XML: what is drawn, not only that a file exists."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from itertools import product
from pathlib import Path

import pytest
from exactcover.polyomino import COLOURS, PENTOMINOES, encode_polyominoes, polyomino
from exactcover.svg import Board, Picture, draw_boards, polyomino_svg, solutions_svg

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


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="columns"):
        draw_boards([], columns=0)
    with pytest.raises(TypeError, match="colour"):
        draw_boards([Board([("a", [(0, 0)])])], colour=3)  # type: ignore[arg-type]
