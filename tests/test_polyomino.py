"""Polyomino tilings: encoding, placement modes, multiplicities, known counts,
and unique counts by symmetry breaking checked against deduplication."""

from __future__ import annotations

import random
from itertools import product

import pytest
from exactcover import polyomino as pm
from exactcover.grids import SQUARE
from exactcover.polyform import SymmetryBreaking, TilingProblem, check_pieces
from exactcover.polyomino import (
    PENTOMINOES,
    TETROMINOES,
    count_unique,
    decode_solution,
    encode_polyominoes,
    encode_region,
    placements,
    polyomino,
    solution_bounds,
    tiling_symmetries,
    unique_tilings,
)
from exactcover.symmetry import box_symmetries, canonical

PENTA = encode_polyominoes(PENTOMINOES)
TETRA = encode_polyominoes(TETROMINOES)
CENTRE = set(product(range(8), repeat=2)) - set(product((3, 4), repeat=2))
CORNERS = set(product(range(8), repeat=2)) - {(0, 0), (0, 7), (7, 0), (7, 7)}


def rectangle(h: int, w: int) -> set[tuple[int, int]]:
    return set(product(range(h), range(w)))


def shape(tiles) -> frozenset:
    """A piece's cells up to translation."""
    oi = min(i for i, _ in tiles)
    oj = min(j for _, j in tiles)
    return frozenset((i - oi, j - oj) for i, j in tiles)


def all_shapes(tiles) -> set[frozenset]:
    """Every rotation and reflection of a piece, up to translation."""
    result = set()
    for t, si, sj in product((False, True), (1, -1), (1, -1)):
        result.add(shape([(si * j, sj * i) if t else (si * i, sj * j) for i, j in tiles]))
    return result


def assert_valid_tiling(solution, pieces, region) -> None:
    """Each region cell covered once, each piece used once, in a legal shape."""
    cells = [c for _, tiles in solution for c in tiles]
    assert sorted(cells) == sorted(region)
    by_name = dict(pieces)
    assert sorted(name for name, _ in solution) == sorted(by_name)
    for name, tiles in solution:
        assert shape(tiles) in all_shapes(by_name[name])


# Encoding ------------------------------------------------------------------


def test_encode_pentominoes() -> None:
    assert sorted(name for name, _ in PENTA) == sorted("FILNPTUVWXYZ")
    assert all(len(tiles) == 5 for _, tiles in PENTA)
    assert len({frozenset(all_shapes(t).pop()) for _, t in PENTA}) == 12


def test_encode_region_picture() -> None:
    region = encode_region(
        """
        ........
        .######.
        .#....#.
        .######.
        """
    )
    assert min(region) == (0, 0)
    assert len(region) == 14
    assert (1, 1) not in region and (1, 0) in region


def test_region_as_picture_or_cells_give_the_same_tilings() -> None:
    picture = "\n".join("#" * 20 for _ in range(3))
    a = sorted(map(sorted, polyomino(PENTA, picture)))
    b = sorted(map(sorted, polyomino(PENTA, rectangle(3, 20))))
    assert a == b and len(a) == 8


def test_solution_bounds_and_decode() -> None:
    solution = next(polyomino(PENTA, rectangle(6, 10)))
    assert solution_bounds(solution) == (6, 10)
    rows = decode_solution(solution).split("\n")
    assert len(rows) == 6 and all(len(r) == 10 for r in rows)
    assert sorted("".join(rows)) == sorted("FILNPTUVWXYZ" * 5)


@pytest.mark.parametrize(
    "solution, error, message",
    [
        # Python's messages before: 'cannot unpack non-iterable int object',
        # 'too many values to unpack (expected 2)', 'not enough values to
        # unpack (expected 2, got 1)', ''NoneType' object is not iterable'.
        ([("A", (1, 2))], TypeError, r"the cells of piece 'A' must be .*, not 1"),
        ([("A", ((1, 2, 3),))], ValueError, r"the cells of piece 'A' must be .*, not \(1, 2, 3\)"),
        ([("A",)], TypeError, r"each placement must be a pair \(name, cells\), not \('A',\)"),
        (None, TypeError, "a solution must be an iterable of placements .*, not NoneType"),
    ],
)
def test_a_malformed_solution_is_named(solution, error, message) -> None:
    from exactcover.svg import polyomino_svg

    for call in (decode_solution, solution_bounds, lambda s: polyomino_svg([s])):
        with pytest.raises(error, match=message):
            call(solution)


# Bad input --------------------------------------------------------------------


@pytest.mark.parametrize("picture", ["", "   \n  \n"])
def test_empty_picture(picture: str) -> None:
    with pytest.raises(ValueError, match="no pieces"):
        encode_polyominoes(picture)
    with pytest.raises(ValueError, match="no cells"):
        encode_region(picture)


def test_piece_drawn_twice() -> None:
    with pytest.raises(ValueError, match="'L' is not connected"):
        encode_polyominoes("LL  L\n    L")


def test_piece_name_clash() -> None:
    with pytest.raises(ValueError, match="two pieces are named 'I'"):
        polyomino(TETRA + [("I", ((0, 0),))], rectangle(4, 4))


def test_unreachable_cell() -> None:
    # The corner cell (0, 0) is cut off from the rest: no tetromino covers it.
    region = rectangle(4, 5) - {(0, 1), (1, 0)}
    with pytest.raises(ValueError, match=r"covers the region's cell\(s\) \(0, 0\)"):
        polyomino(TETRA, region)


@pytest.mark.parametrize(
    "region", [[(0, 0), (0, 1.5)], [(0, 0), "a1"], [(0, 0), (0, 1, 2)], [(True, 0)]]
)
def test_non_cell_coordinates(region) -> None:
    with pytest.raises(TypeError, match="pairs of ints"):
        polyomino(TETRA, region)


def test_negative_coordinates_and_empty_region() -> None:
    with pytest.raises(ValueError, match="non-negative"):
        polyomino(TETRA, [(0, -1)])
    with pytest.raises(ValueError, match="empty"):
        polyomino(TETRA, [])


def test_bad_pieces_and_options() -> None:
    with pytest.raises(TypeError, match="encode_polyominoes"):
        polyomino(TETROMINOES, rectangle(4, 5))  # a picture, not pieces
    with pytest.raises(ValueError, match="no tiles"):
        polyomino([("A", ())], rectangle(1, 1))
    with pytest.raises(ValueError, match="orientations"):
        polyomino(TETRA, rectangle(4, 5), orientations="mirror")
    with pytest.raises(ValueError, match="not one of the pieces"):
        polyomino(TETRA, rectangle(4, 5), counts={"Q": 2})
    with pytest.raises(ValueError, match="not one of the pieces"):
        polyomino(TETRA, rectangle(4, 5), optional=["Q"])
    # Neither a bool nor names, or a name that no piece could have: the
    # messages were Python's ('int' object is not iterable, unhashable type).
    with pytest.raises(TypeError, match="optional must be True, False or piece names, not int"):
        polyomino(TETRA, rectangle(4, 5), optional=3)
    with pytest.raises(TypeError, match=r"optional names \[1\], which is not hashable"):
        polyomino(TETRA, rectangle(4, 5), optional=[[1]])


# Placement modes and multiplicities ----------------------------------------------


def test_placement_counts_by_mode() -> None:
    # On an 8x8 board, the F pentomino has 8 orientations of 6x7 positions each.
    f = [p for p in PENTA if p[0] == "F"]
    board = rectangle(8, 8)
    assert len(placements(f, board)) == 8 * 36
    assert len(placements(f, board, "rotations")) == 4 * 36
    assert len(placements(f, board, "fixed")) == 36
    # X has one orientation whatever the mode.
    x = [p for p in PENTA if p[0] == "X"]
    assert len(placements(x, board)) == len(placements(x, board, "fixed")) == 36


def test_rotations_only_and_fixed() -> None:
    # Tetrominoes in a 4x5 rectangle: no tiling (colouring argument, T).
    assert polyomino(TETRA, rectangle(4, 5)).count() == 0
    # Two L-trominoes tile a 2x3 rectangle in 2 ways with turning.
    l3 = [("a", ((0, 0), (1, 0), (1, 1))), ("b", ((0, 0), (1, 0), (1, 1)))]
    assert polyomino(l3, rectangle(2, 3)).count() == 4
    assert polyomino(l3, rectangle(2, 3), orientations="rotations").count() == 4
    # As drawn, no L covers the top right corner.
    with pytest.raises(ValueError, match=r"\(0, 2\)"):
        polyomino(l3, rectangle(2, 3), orientations="fixed")
    # A 3x2 box: the two Ls as drawn and turned 180 degrees.
    assert polyomino(l3, rectangle(3, 2), orientations="rotations").count() == 4


def test_rotations_only_counts_chiral_pentominoes_once() -> None:
    # One-sided: a 3x20 rectangle has 8 tilings (2 essentially different);
    # with mirror images forbidden, only those using each piece's drawn
    # chirality are left.
    total = polyomino(PENTA, rectangle(3, 20)).count()
    one_sided = polyomino(PENTA, rectangle(3, 20), orientations="rotations").count()
    assert total == 8
    assert 0 <= one_sided < total
    for solution in polyomino(PENTA, rectangle(3, 20), orientations="rotations"):
        assert_valid_tiling(solution, PENTA, rectangle(3, 20))


def test_multiplicities() -> None:
    domino = [("d", ((0, 0), (0, 1)))]
    # Domino tilings of a 2xn rectangle are Fibonacci numbers.
    for n, expected in [(1, 1), (2, 2), (3, 3), (4, 5), (8, 34)]:
        assert polyomino(domino, rectangle(2, n), counts=n).count() == expected
    # Wrong count: no tiling.
    assert polyomino(domino, rectangle(2, 4), counts=3).count() == 0
    # 8x8 by 32 dominoes: 12988816 tilings (OEIS A004003).
    assert polyomino(domino, rectangle(6, 6), counts=18).count() == 6728


def test_optional_pieces() -> None:
    pieces = [("I", ((0, 0), (0, 1), (0, 2))), ("o", ((0, 0),))]
    # A 1x4 strip: oooo, Iooo x2 positions.
    assert polyomino(pieces, [(0, j) for j in range(4)], counts=4, optional=True).count() == 3
    # Only the monomino optional: the bar must be placed once.
    solutions = list(polyomino(pieces, [(0, j) for j in range(4)], counts={"o": 4}, optional="o"))
    assert len(solutions) == 2
    assert all(sum(name == "I" for name, _ in s) == 1 for s in solutions)
    # The twelve pentominoes, any eleven of them, in a 5x11 rectangle.
    found = next(polyomino(PENTA, rectangle(5, 11), optional=True))
    assert len(found) == 11


def test_required_piece_that_fits_nowhere_gives_no_solution() -> None:
    pieces = [("o", ((0, 0),)), ("I", ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4)))]
    assert polyomino(pieces, rectangle(3, 3), counts={"o": 9}).count() == 0
    assert polyomino(pieces, rectangle(3, 3), counts={"o": 9}, optional="I").count() == 1


def test_random_order_is_reproducible() -> None:
    a = [sorted(s) for s in polyomino(PENTA, rectangle(3, 20), seed=7)]
    b = [sorted(s) for s in polyomino(PENTA, rectangle(3, 20), seed=7)]
    assert a == b and len(a) == 8
    assert sorted(a) == sorted(map(sorted, polyomino(PENTA, rectangle(3, 20))))


# Known counts --------------------------------------------------------------------


def test_8x8_minus_centre_520_and_65() -> None:
    solutions = list(polyomino(PENTA, CENTRE))
    assert len(solutions) == 520
    for solution in solutions[:20]:
        assert_valid_tiling(solution, PENTA, CENTRE)
    assert len(set(map(canonical, solutions))) == 65
    assert count_unique(PENTA, CENTRE) == 65
    unique = list(unique_tilings(PENTA, CENTRE))
    assert len({canonical(s) for s in unique}) == 65 == len(unique)


def test_6x10_2339_unique_of_9356() -> None:
    assert count_unique(PENTA, rectangle(6, 10), threads=2) == 2339
    assert polyomino(PENTA, rectangle(6, 10)).count(threads=2) == 9356


@pytest.mark.parametrize("h, w, unique", [(5, 12, 1010), (4, 15, 368), (3, 20, 2)])
def test_rectangles_unique(h: int, w: int, unique: int) -> None:
    assert count_unique(PENTA, rectangle(h, w), threads=2) == unique
    if h < 5:
        # Also turned (15x4, 20x3): the same count.
        assert count_unique(PENTA, rectangle(w, h), threads=2) == unique


def test_3x20_dedup_agrees() -> None:
    solutions = list(polyomino(PENTA, rectangle(3, 20)))
    assert len(solutions) == 8 and len(set(map(canonical, solutions))) == 2


def test_8x8_minus_corners_2170() -> None:
    # Seed 003: 2170 tilings with the F pentomino in one orientation, that is
    # one tiling per class under the square's 8 symmetries.
    assert count_unique(PENTA, CORNERS, threads=2) == 2170
    f_fixed = [p for p in PENTA if p[0] != "F"]
    constraints = pm.placements(f_fixed, CORNERS)
    constraints.update(pm.placements([p for p in PENTA if p[0] == "F"], CORNERS, "fixed"))
    from exactcover import ExactCover

    problem = {choice: (("piece", choice[0]),) + cells for choice, cells in constraints.items()}
    assert ExactCover(problem).count(threads=2) == 2170


# Symmetry breaking against deduplication --------------------------------------


def test_tiling_symmetries() -> None:
    assert len(tiling_symmetries(PENTA, rectangle(6, 10))) == 4
    assert len(tiling_symmetries(PENTA, CENTRE)) == 8
    assert len(tiling_symmetries(PENTA, CENTRE, orientations="rotations")) == 4
    assert len(tiling_symmetries(PENTA, CENTRE, orientations="fixed")) == 1
    # Symmetric pieces only: reflections still map placements to placements.
    xs = [p for p in PENTA if p[0] in "XI"]
    assert len(tiling_symmetries(xs, CENTRE, orientations="rotations")) == 8


def test_unique_with_symmetric_pieces_only() -> None:
    # No asymmetric piece to restrict: placements fixed by a symmetry are
    # deduplicated on their own.
    pieces = [("I", ((0, 0), (0, 1))), ("O", ((0, 0), (0, 1), (1, 0), (1, 1)))]
    region = rectangle(4, 4)
    counts = {"I": 6, "O": 1}
    solutions = list(polyomino(pieces, region, counts=counts))
    group = tiling_symmetries(pieces, region)
    expected = len({canonical(s, group) for s in solutions})
    assert count_unique(pieces, region, counts=counts) == expected
    assert len(list(unique_tilings(pieces, region, counts=counts))) == expected
    assert 0 < expected < len(solutions)


SMALL = encode_polyominoes(
    """
a bb c d  ee f
     c dd  e ff
     c     e f
"""
) + [(name + "4", tiles) for name, tiles in TETRA]


def _symmetric_region(rng: random.Random, n: int) -> set[tuple[int, int]]:
    """Random cells of an n x n box, closed under a random group of its symmetries."""
    box = box_symmetries(0, 0, n, n)
    group = rng.choice([box, box[:4], [box[0], box[2]], [box[0], box[4]], [box[0], box[6]]])
    cells: set[tuple[int, int]] = set()
    for c in rng.sample(list(product(range(n), repeat=2)), rng.randint(n * n // 2, n * n)):
        cells |= {s(c) for s in group}
    return cells


def test_unique_count_equals_dedup_on_random_boards() -> None:
    rng = random.Random(2024)
    checked = {"restricted": 0, "fixed placements": 0, "deduplicated": 0}
    for _ in range(400):
        region = _symmetric_region(rng, rng.randint(2, 5))
        pieces = rng.sample(SMALL, rng.randint(1, 4))
        orientations = rng.choice(["all", "all", "rotations", "fixed"])
        counts = {name: rng.choice([1, 1, 2]) for name, _ in pieces}
        optional: object = rng.choice([False, True, [pieces[0][0]]])
        if rng.random() < 0.7:
            fill = [p for p in SMALL[:3] if p[0] not in counts]
            pieces = pieces + fill
            counts.update({name: len(region) for name, _ in fill})
            optional = [name for name, _ in fill]
        kwargs = dict(orientations=orientations, counts=counts, optional=optional)
        try:
            everything = polyomino(pieces, region, **kwargs)
        except ValueError:
            continue  # a cell no piece covers
        if everything.count(limit=301) > 300:
            continue
        solutions = list(polyomino(pieces, region, **kwargs))
        group = tiling_symmetries(pieces, region, orientations=orientations)
        expected = len({canonical(s, group) for s in solutions})
        unique = list(unique_tilings(pieces, region, **kwargs))
        assert count_unique(pieces, region, **kwargs) == expected
        assert len(unique) == len({canonical(s, group) for s in unique}) == expected
        if solutions:
            own = check_pieces(SQUARE, pieces, pm.TERMS)
            problem = TilingProblem(SQUARE, own, region, orientations, counts, optional)
            breaking = SymmetryBreaking(problem)
            if breaking.piece is None:
                checked["deduplicated"] += 1
            elif breaking.fixed:
                checked["fixed placements"] += 1
            else:
                checked["restricted"] += 1
    # Every path of the symmetry breaking was exercised.
    assert min(checked.values()) >= 5, checked


def test_unique_is_faster_than_all() -> None:
    # The restricted problem explores a fraction of the search tree. Every
    # count branches by MRV, so that the two trees compare (order="auto"
    # races 4 x 15 and sweeps it).
    everything = polyomino(PENTA, rectangle(4, 15))
    assert everything.count(order="mrv") == 1472
    problem = TilingProblem(SQUARE, PENTA, rectangle(4, 15))
    breaking = SymmetryBreaking(problem)
    assert breaking.piece == "X"  # as in Knuth's pentomino programs
    restricted = problem.cover(breaking.restricted())
    # X on the middle line (fixed by a reflection) is solved apart.
    assert restricted.count(order="mrv") < 368 == breaking.count(None)
    nodes = restricted.stats["nodes"]
    for choice, _ in breaking.fixed:
        fixed = problem.cover(initial=[choice])
        fixed.count(order="mrv")
        nodes += fixed.stats["nodes"]
    assert nodes * 2 < everything.stats["nodes"]


def test_cells_as_lists_or_numpy_ints() -> None:
    np = pytest.importorskip("numpy")
    region = [[i, j] for i in range(3) for j in range(20)]
    assert polyomino(PENTA, region).count() == 8
    assert polyomino(PENTA, [tuple(c) for c in np.argwhere(np.ones((3, 20)))]).count() == 8


def test_pictures_ignore_carriage_returns_and_tabs() -> None:
    assert encode_polyominoes("AB\r\nAB\r\n") == [("A", ((0, 0), (1, 0))), ("B", ((0, 1), (1, 1)))]
    assert encode_region("#.#\r\n###\r\n") == {(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)}


def test_a_solution_far_from_the_origin_is_drawn_in_its_own_box() -> None:
    from exactcover.svg import polyomino_svg

    # (Checked first: before the box, this one raised; the far one ran out of memory.)
    moved = [("L", ((10**6, -5), (10**6 + 1, -5), (10**6 + 1, -4))), ("o", ((10**6, -4),))]
    assert decode_solution(moved) == "Lo\nLL"
    far = [("a", ((10**6, 10**6),))]
    assert decode_solution(far) == "a"
    assert polyomino_svg(far).tostring() == polyomino_svg([("a", ((0, 0),))]).tostring()
    near = [("L", ((0, 0), (1, 0), (1, 1))), ("o", ((0, 1),))]
    assert polyomino_svg(moved).tostring() == polyomino_svg(near).tostring()
    with pytest.raises(ValueError, match=r"1000001 x 1000001 cells is too large to draw as text"):
        decode_solution([("a", ((0, 0),)), ("b", ((10**6, 10**6),))])
    assert decode_solution([("a", [(0, k) for k in range(10**6)])]) == "a" * 10**6
