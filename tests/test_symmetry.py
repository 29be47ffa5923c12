"""Symmetries of regions and canonical forms of tilings."""

from __future__ import annotations

from itertools import product

import pytest
from exactcover.polyomino import (
    PENTOMINOES,
    count_unique,
    encode_polyominoes,
    polyomino,
    unique_tilings,
)
from exactcover.symmetry import (
    SQUARE_SYMMETRIES,
    box_symmetries,
    canonical,
    region_symmetries,
    transform_solution,
)

CENTRE = set(product(range(8), repeat=2)) - set(product((3, 4), repeat=2))


def names(symmetries) -> list[str]:
    return [s.name for s in symmetries]


def test_square_symmetries_form_a_group() -> None:
    box = box_symmetries(0, 0, 5, 5)
    assert len(box) == 8
    cells = list(product(range(5), repeat=2))
    images = {tuple(map(s, cells)) for s in box}
    assert len(images) == 8  # all different
    for a, b in product(box, repeat=2):
        composed = tuple(a(b(c)) for c in cells)
        assert composed in images  # closed under composition
    # Each is a permutation of the box; rotations are the even ones.
    for s in box:
        assert sorted(map(s, cells)) == cells
    assert names(s for s in box if s.is_rotation) == [
        "identity",
        "rotate 90",
        "rotate 180",
        "rotate 270",
    ]
    assert [name for name, *_ in SQUARE_SYMMETRIES] == names(box)


def test_rotate_90_is_clockwise() -> None:
    r = box_symmetries(0, 0, 3, 3)[1]
    assert r.name == "rotate 90"
    assert r((0, 0)) == (0, 2)  # top left to top right
    assert r((0, 2)) == (2, 2)


def test_region_symmetries() -> None:
    assert len(region_symmetries(CENTRE)) == 8
    assert names(region_symmetries(product(range(6), range(10)))) == [
        "identity",
        "rotate 180",
        "flip rows",
        "flip columns",
    ]
    # An L-shaped region: only the diagonal mirror.
    l_shape = {(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)}
    assert names(region_symmetries(l_shape)) == ["identity", "antitranspose"]
    # A pinwheel: rotations only.
    pinwheel = {(1, 1), (1, 2), (2, 1), (2, 2), (0, 1), (1, 3), (3, 2), (2, 0)}
    assert names(region_symmetries(pinwheel)) == names(box_symmetries(0, 0, 4, 4)[:4])
    assert names(region_symmetries(pinwheel, rotations_only=True)) == names(
        region_symmetries(pinwheel)
    )
    # Away from the origin: symmetric about its own bounding box.
    moved = {(i + 3, j + 5) for i, j in CENTRE}
    for s in region_symmetries(moved):
        assert {s(c) for c in moved} == moved
    assert len(region_symmetries(moved)) == 8
    with pytest.raises(ValueError):
        region_symmetries([])


def test_canonical_deduplicates_the_520_tilings_to_65() -> None:
    solutions = list(polyomino(encode_polyominoes(PENTOMINOES), CENTRE))
    assert len(solutions) == 520
    forms = {canonical(s) for s in solutions}
    assert len(forms) == 65
    # Each class has 8 members: no tiling of this board is symmetric.
    assert all(sum(canonical(s) == f for s in solutions) == 8 for f in list(forms)[:3])
    # Rotations only: each class splits in two (a tiling and its mirror image).
    rotations = region_symmetries(CENTRE, rotations_only=True)
    assert len({canonical(s, rotations) for s in solutions}) == 130


def test_canonical_is_invariant_and_a_member_of_the_orbit() -> None:
    solution = next(polyomino(encode_polyominoes(PENTOMINOES), CENTRE))
    form = canonical(solution)
    images = [transform_solution(solution, s) for s in region_symmetries(CENTRE)]
    assert form in images
    assert all(canonical(image) == form for image in images)
    # The order of pieces and of cells does not matter.
    shuffled = [(name, tuple(reversed(cells))) for name, cells in reversed(solution)]
    assert canonical(shuffled) == form


def test_piece_names_need_only_be_hashable() -> None:
    # Names of other types than one another (1 and 'a'), or that cannot be
    # ordered at all (complex numbers), still have canonical forms: sorting
    # the placements raised "'<' not supported", in count_unique too.
    dominoes = [(1, ((0, 0), (0, 1))), ("a", ((0, 0), (0, 1)))]
    tilings = list(polyomino(dominoes, set(product(range(2), repeat=2))))
    assert len(tilings) == 4
    forms = {canonical(t) for t in tilings}
    assert forms == {((1, ((0, 0), (0, 1))), ("a", ((1, 0), (1, 1))))}
    image = transform_solution(tilings[0], region_symmetries(CENTRE)[1])
    assert image == transform_solution(list(reversed(tilings[0])), region_symmetries(CENTRE)[1])
    assert count_unique(dominoes, set(product(range(2), repeat=2))) == 1
    complex_names = [(1j, ((0, 0), (0, 1))), (2j, ((0, 0), (0, 1)))]
    assert count_unique(complex_names, set(product(range(2), repeat=2))) == 1
    assert len(list(unique_tilings(complex_names, set(product(range(2), repeat=2))))) == 1
    # Names that can be ordered keep their own order.
    assert canonical([("B", ((0, 0),)), ("A", ((0, 1),))]) == (("A", ((0, 0),)), ("B", ((0, 1),)))


def test_malformed_regions_and_boxes_are_named() -> None:
    # A cell of one coordinate was taken (a region of the line, with the
    # square's symmetries); a picture failed adding ints and strs; a box of
    # 2.5 rows was taken, one of '2' rows failed comparing a str.
    with pytest.raises(ValueError, match=r"region cells must be cells of the square grid .*\(1,\)"):
        region_symmetries([(1,)])
    with pytest.raises(TypeError, match="region must be cells, not a str"):
        region_symmetries("##")
    with pytest.raises(TypeError, match="height must be an int, not float"):
        box_symmetries(0, 0, 2.5, 3)
    with pytest.raises(TypeError, match="width must be an int, not str"):
        box_symmetries(0, 0, 2, "3")
