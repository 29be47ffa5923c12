"""Polyforms on the square, triangular, hexagonal and cubic grids: the groups,
the piece sets (counted against OEIS by an independent enumeration), known
counts (the Soma cube, hexiamonds, pentacubes), unique counts against
canonical() deduplication, and a naive tiler as an oracle on tiny regions.

The oracle and the enumeration turn pieces with geometry of their own: cell
centres in the plane, turned by 60 degrees about a lattice point and snapped
back to cells, not the lattice coordinates of exactcover.grids."""

from __future__ import annotations

import math
import random
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from itertools import permutations, product

import pytest
from exactcover.grids import CUBE, GRIDS, HEXAGON, SQUARE, TRIANGLE, Grid
from exactcover.polyform import (
    HEXIAMONDS,
    PENTACUBES,
    PENTIAMONDS,
    SOMA,
    SOMA_MIRRORS,
    TETRAHEXES,
    TETRIAMONDS,
    box,
    canonical,
    count_unique,
    encode_pieces,
    encode_region,
    placements,
    polyforms,
    tiling_symmetries,
    unique_tilings,
)
from exactcover.polyomino import PENTOMINOES, encode_polyominoes
from exactcover.polyomino import count_unique as square_count_unique
from exactcover.polyomino import placements as square_placements
from exactcover.svg import Picture, polycube_svg, polyform_svg
from exactcover.symmetry import region_symmetries

Cell = tuple[int, ...]
H = math.sqrt(3) / 2

# Independent geometry ---------------------------------------------------------------


def centre(grid: Grid, cell: Cell) -> tuple[float, ...]:
    if grid is TRIANGLE:
        r, c = cell
        up = (r + c) % 2 == 0
        return (c / 2 + 0.5, r * H + (2 * H / 3 if up else H / 3))
    if grid is HEXAGON:
        r, q = cell
        return (math.sqrt(3) * (q + r / 2), 1.5 * r)
    return tuple(float(x) for x in cell)


def from_centre(grid: Grid, point: tuple[float, ...]) -> Cell:
    if grid is TRIANGLE:
        x, y = point
        r = math.floor(y / H)
        c = round(2 * x - 1)
        cell = (r, c)
    elif grid is HEXAGON:
        x, y = point
        r = round(y / 1.5)
        cell = (r, round(x / math.sqrt(3) - r / 2))
    else:
        cell = tuple(round(x) for x in point)
    assert all(abs(a - b) < 1e-6 for a, b in zip(centre(grid, cell), point)), (grid, point)
    return cell


def plane_motions(grid: Grid, reflections: bool) -> list:
    """Maps of points: turns about a lattice point (a vertex of the triangles,
    the centre of a hexagon or square), then maybe the mirror x -> -x."""
    turns = 6 if grid in (TRIANGLE, HEXAGON) else 4
    cx = 0.5 if grid is TRIANGLE else 0.0
    result = []
    for k in range(turns):
        a = 2 * math.pi * k / turns
        for mirror in (False, True) if reflections else (False,):

            def motion(p, a=a, mirror=mirror):
                x, y = p[0] - cx, p[1]
                if mirror:
                    x = -x
                return (cx + x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a))

            result.append(motion)
    return result


def cube_motions(reflections: bool) -> list:
    return [m for rotation, m in cube_motions_named() if rotation or reflections]


def cube_motions_named() -> list:
    """(is a rotation, map) for the 48 signed permutations of coordinates."""
    result = []
    for perm in permutations(range(3)):
        for signs in product((1, -1), repeat=3):
            m = [[signs[i] if perm[i] == j else 0 for j in range(3)] for i in range(3)]
            det = (
                m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
            )
            result.append(
                (
                    det == 1,
                    lambda p, m=m: tuple(sum(m[i][j] * p[j] for j in range(3)) for i in range(3)),
                )
            )
    return result


def normalize(grid: Grid, cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """Cells moved so that the least is at the origin (on the triangles, at
    (0, 0) or (0, 1): a move keeps r + c even)."""
    cells = sorted(cells)
    first = cells[0]
    shift = list(first)
    if grid is TRIANGLE and sum(first) % 2:
        shift[1] -= 1
    return tuple(tuple(x - s for x, s in zip(c, shift)) for c in cells)


def my_orientations(grid: Grid, cells: Iterable[Cell], mode: str) -> set[tuple[Cell, ...]]:
    cells = list(cells)
    if mode == "fixed":
        return {normalize(grid, cells)}
    reflections = mode == "all"
    motions = cube_motions(reflections) if grid is CUBE else plane_motions(grid, reflections)
    return {
        normalize(grid, [from_centre(grid, m(centre(grid, c))) for c in cells]) for m in motions
    }


def my_neighbours(grid: Grid, cell: Cell) -> list[Cell]:
    """Cells whose centres are at the distance of a neighbour's."""
    if grid is CUBE:
        x, y, z = cell
        return [
            (x + a, y + b, z + c)
            for a, b, c in product((-1, 0, 1), repeat=3)
            if abs(a) + abs(b) + abs(c) == 1
        ]
    near = {TRIANGLE: 1 / math.sqrt(3), HEXAGON: math.sqrt(3), SQUARE: 1.0}[grid]
    p = centre(grid, cell)
    r, c = cell
    result = []
    for dr, dc in product(range(-2, 3), repeat=2):
        other = (r + dr, c + dc)
        if abs(math.dist(p, centre(grid, other)) - near) < 1e-6:
            result.append(other)
    return result


def free_polyforms(grid: Grid, n: int) -> set[frozenset]:
    """The free polyforms of n cells: each as the set of its orientations."""

    def key(cells):
        return frozenset(my_orientations(grid, cells, "all"))

    level = {key([(0,) * grid.dimension]): [(0,) * grid.dimension]}
    for _ in range(n - 1):
        grown = {}
        for cells in level.values():
            for c in cells:
                for m in my_neighbours(grid, c):
                    if m not in cells:
                        new = cells + [m]
                        grown.setdefault(key(new), new)
        level = grown
    return set(level)


def naive_count(grid, pieces, region, mode="all", counts=None, optional=()) -> int:
    """Count tilings by trying every piece at the first uncovered cell."""
    shapes = {name: sorted(my_orientations(grid, cells, mode)) for name, cells in pieces}
    left = {name: (counts or {}).get(name, 1) for name, _ in pieces}
    region = set(region)

    def solve(uncovered: set) -> int:
        if not uncovered:
            return int(all(k == 0 or name in optional for name, k in left.items()))
        target = min(uncovered)
        total = 0
        for name in left:
            if left[name] == 0:
                continue
            for shape in shapes[name]:
                # Put the shape's least cell on the target (the least cell
                # of any placement covering it, as the cells before are covered).
                shift = [t - s for t, s in zip(target, shape[0])]
                if grid is TRIANGLE and sum(shift) % 2:
                    continue
                placed = {tuple(x + s for x, s in zip(c, shift)) for c in shape}
                if placed <= uncovered:
                    left[name] -= 1
                    total += solve(uncovered - placed)
                    left[name] += 1
        return total

    return solve(region)


# The grids ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("grid", "size", "rotations"),
    [(SQUARE, 8, 4), (TRIANGLE, 12, 6), (HEXAGON, 12, 6), (CUBE, 48, 24)],
)
def test_groups(grid: Grid, size: int, rotations: int) -> None:
    assert len(grid.transforms) == size
    assert sum(t.is_rotation for t in grid.transforms) == rotations
    assert grid.transforms[0].name == "identity"
    cells = list(product(range(-2, 3), repeat=grid.dimension))
    for t in grid.transforms:
        # Each transform is a bijection of cells that keeps neighbours
        # (as the independent geometry sees them) neighbours.
        image = {c: grid.to_cell(t.apply(grid.to_point(c))) for c in cells}
        for c in cells:
            assert grid.to_cell(grid.to_point(c)) == c
            assert sorted(my_neighbours(grid, c)) == sorted(grid.neighbours(c))
            expected = sorted(grid.to_cell(t.apply(grid.to_point(n))) for n in grid.neighbours(c))
            assert expected == sorted(grid.neighbours(image[c]))
    # On a shape with no symmetry, the transforms give distinct images, the
    # same as the turns and mirrors of the other geometry.
    rng = random.Random(1)
    shape = blob(grid, 7, rng)
    while len(my_orientations(grid, shape, "all")) < size:
        shape = blob(grid, 7, rng)
    images = {
        normalize(grid, [grid.to_cell(t.apply(grid.to_point(c))) for c in shape])
        for t in grid.transforms
    }
    assert images == my_orientations(grid, shape, "all")
    assert len(grid.orientations(shape)) == size
    assert len(grid.orientations(shape, "rotations")) == rotations


# Piece sets -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("grid", "picture", "n", "count"),
    [
        (TRIANGLE, TETRIAMONDS, 4, 3),  # OEIS A000577
        (TRIANGLE, PENTIAMONDS, 5, 4),
        (TRIANGLE, HEXIAMONDS, 6, 12),
        (HEXAGON, TETRAHEXES, 4, 7),  # OEIS A000228
        (CUBE, PENTACUBES, 5, None),
    ],
)
def test_piece_sets_are_the_free_polyforms(grid, picture, n, count) -> None:
    pieces = encode_pieces(grid, picture)
    shapes = {frozenset(my_orientations(grid, cells, "all")) for _, cells in pieces}
    assert all(len(cells) == n for _, cells in pieces)
    assert len(shapes) == len(pieces)
    if count is not None:
        assert len(pieces) == count
        assert shapes == free_polyforms(grid, n)
    else:  # the flat pentacubes: the pentominoes, in the plane z = 0
        assert len(pieces) == 12
        assert all(z == 0 for _, cells in pieces for _, _, z in cells)


def test_soma_pieces() -> None:
    soma = dict(encode_pieces(CUBE, SOMA))
    assert sorted(soma) == sorted("VLTZABP")
    assert sum(map(len, soma.values())) == 27
    # Each piece is one of its kind, but A and B are mirror images.
    one_sided = {name: frozenset(my_orientations(CUBE, c, "rotations")) for name, c in soma.items()}
    free = {name: frozenset(my_orientations(CUBE, c, "all")) for name, c in soma.items()}
    assert len(set(one_sided.values())) == 7 and len(set(free.values())) == 6
    assert free["A"] == free["B"] and one_sided["A"] != one_sided["B"]


def test_pieces_from_coordinates_pictures_and_mappings() -> None:
    a = encode_pieces(HEXAGON, {"I": [(0, 0), (0, 1), (0, 2)]})
    b = encode_pieces(HEXAGON, "I I I")
    c = encode_pieces(HEXAGON, [("I", ((5, 1), (5, 2), (5, 3)))])
    assert a == b
    region = box(3, 3)
    assert placements(HEXAGON, a, region) == placements(HEXAGON, c, region)


# Known counts ---------------------------------------------------------------------


def test_soma_cube() -> None:
    """240 essentially different solutions, 11,520 in all (Conway and Guy)."""
    soma = encode_pieces(CUBE, SOMA)
    cube = box(3, 3, 3)
    solutions = list(polyforms(CUBE, soma, cube, orientations="rotations"))
    assert len(solutions) == 11520
    assert count_unique(CUBE, soma, cube, orientations="rotations") == 480
    # Classes of all 11,520, by a canonical form of our own: each solution
    # as the piece in each of the 27 cells, under the 48 symmetries of the
    # cube (a reflection swaps the mirror pieces A and B).
    order = sorted(cube)
    index = {c: k for k, c in enumerate(order)}
    maps = []
    for rotation, m in cube_motions_named():
        # Signs turn 0..2 into 0..-2: move back into the cube.
        image = [m(c) for c in order]
        low = [min(p[i] for p in image) for i in range(3)]
        moved = [tuple(x - lo for x, lo in zip(p, low)) for p in image]
        maps.append((rotation, [index[c] for c in moved]))
    assert len(maps) == 48
    rotations_only = set()
    with_mirrors = set()
    for solution in solutions:
        label = [""] * 27
        for name, cells in solution:
            for c in cells:
                label[index[c]] = name
        images = []
        for rotation, perm in maps:
            image = [""] * 27
            for k, target in enumerate(perm):
                image[target] = label[k] if rotation else SOMA_MIRRORS.get(label[k], label[k])
            images.append((rotation, "".join(image)))
        rotations_only.add(min(i for r, i in images if r))
        with_mirrors.add(min(i for _, i in images))
    assert len(rotations_only) == 480
    assert len(with_mirrors) == 240
    # The library's canonical forms agree, on one solution of each class.
    unique = list(unique_tilings(CUBE, soma, cube, orientations="rotations"))
    assert len({canonical(CUBE, s) for s in unique}) == 480
    assert len({canonical(CUBE, s, mirror_names=SOMA_MIRRORS) for s in unique}) == 240


def test_hexiamonds_in_a_rhombus() -> None:
    """The 12 hexiamonds tile the 6x6 rhombus in 156 essentially different
    ways (O'Beirne)."""
    pieces = encode_pieces(TRIANGLE, HEXIAMONDS)
    rhombus = {(r, c) for r in range(6) for c in range(6 - r, 18 - r)}
    assert len(tiling_symmetries(TRIANGLE, pieces, rhombus)) == 4
    assert count_unique(TRIANGLE, pieces, rhombus) == 156


def test_pentacubes_in_a_box() -> None:
    """The 12 flat pentacubes fill a 2x3x10 box in 12 ways, a 2x5x6 box in
    264 (the solid pentomino boxes)."""
    pieces = encode_pieces(CUBE, PENTACUBES)
    tilings = list(unique_tilings(CUBE, pieces, box(2, 3, 10)))
    assert len(tilings) == 12
    group = tiling_symmetries(CUBE, pieces, box(2, 3, 10))
    assert len(group) == 8
    assert len({canonical(CUBE, t, group) for t in tilings}) == 12
    every = list(polyforms(CUBE, pieces, box(2, 3, 10)))
    assert len(every) == 12 * 8
    assert len({canonical(CUBE, t, group) for t in every}) == 12
    assert count_unique(CUBE, pieces, box(2, 5, 6)) == 264


def test_square_grid_symmetries_are_the_square_modules() -> None:
    rng = random.Random(3)
    regions = [box(4, 4), box(3, 5), {(0, 0), (0, 1), (1, 0)}] + [
        blob(SQUARE, 5, rng) for _ in range(20)
    ]
    for region in regions:
        ours = SQUARE.region_symmetries(region)
        theirs = region_symmetries(region)
        assert [s.name for s in ours] == [s.name for s in theirs]
        for a, b in zip(ours, theirs):
            assert all(a(c) == b(c) for c in region)


def test_square_grid_agrees_with_polyomino() -> None:
    penta = encode_polyominoes(PENTOMINOES)
    for region in (box(3, 20), box(4, 15)):
        assert count_unique(SQUARE, penta, region) == square_count_unique(penta, region)
    f = [p for p in penta if p[0] == "F"]
    for mode in ("all", "rotations", "fixed"):
        assert placements(SQUARE, f, box(6, 6), mode) == square_placements(f, box(6, 6), mode)


# Cross-checks on random small regions -------------------------------------------------


def blob(grid: Grid, size: int, rng: random.Random) -> set[Cell]:
    cells = {(0,) * grid.dimension}
    while len(cells) < size:
        cells.add(rng.choice(grid.neighbours(rng.choice(sorted(cells)))))
    return cells


def symmetric_regions(grid: Grid) -> list[set[Cell]]:
    if grid is TRIANGLE:
        hexagon = {
            c
            for c in product(range(-2, 2), range(-3, 5))
            if math.dist(centre(TRIANGLE, c), (0.5, 0)) < 1.5
        }
        return [{(r, c) for r in range(2) for c in range(2 - r, 8 - r)}, hexagon]
    if grid is HEXAGON:
        return [box(3, 3), {(r, q) for r in range(-1, 2) for q in range(-1, 2) if abs(r + q) <= 1}]
    if grid is CUBE:
        return [box(2, 2, 3), box(2, 2, 2)]
    return [box(3, 4), box(4, 4)]


def random_pieces(grid: Grid, rng: random.Random) -> tuple[list, dict, set]:
    """One piece of 3 or 4 cells placed once, and small fillers placed up to
    4 times each (optional)."""
    big = blob(grid, rng.choice((3, 4)), rng)
    small = [blob(grid, 2, rng), blob(grid, 3, rng)]
    pieces = [
        ("big", tuple(sorted(big))),
        ("s2", tuple(sorted(small[0]))),
        ("s3", tuple(sorted(small[1]))),
    ]
    return pieces, {"s2": 4, "s3": 4}, {"s2", "s3"}


@pytest.mark.parametrize("grid", GRIDS)
def test_unique_counts_against_deduplication(grid: Grid) -> None:
    rng = random.Random(13)
    checked = 0
    for trial in range(12):
        regions = symmetric_regions(grid)
        region = regions[trial % len(regions)] if trial % 3 else blob(grid, rng.randint(6, 10), rng)
        pieces, counts, optional = random_pieces(grid, rng)
        mode = ("all", "rotations")[trial % 2]
        try:
            tilings = list(
                polyforms(grid, pieces, region, orientations=mode, counts=counts, optional=optional)
            )
        except ValueError:
            continue  # a cell no piece covers
        group = tiling_symmetries(grid, pieces, region, orientations=mode)
        classes = {canonical(grid, t, group) for t in tilings}
        unique = count_unique(
            grid, pieces, region, orientations=mode, counts=counts, optional=optional
        )
        assert unique == len(classes), (grid, trial)
        listed = list(
            unique_tilings(
                grid, pieces, region, orientations=mode, counts=counts, optional=optional
            )
        )
        assert len({canonical(grid, t, group) for t in listed}) == len(classes)
        checked += bool(tilings) and len(group) > 1
    assert checked >= 3


@pytest.mark.parametrize("grid", GRIDS)
def test_against_a_naive_tiler(grid: Grid) -> None:
    rng = random.Random(7)
    solved = 0
    for trial in range(24):
        region = blob(grid, rng.randint(4, 9), rng)
        pieces, counts, optional = random_pieces(grid, rng)
        mode = ("all", "rotations", "fixed")[trial % 3]
        expected = naive_count(grid, pieces, region, mode, counts, optional)
        try:
            got = polyforms(
                grid, pieces, region, orientations=mode, counts=counts, optional=optional
            ).count()
        except ValueError as error:
            assert "covers the region's cell" in str(error)
            got = 0
        assert got == expected, (grid, trial, mode)
        solved += expected > 0
    assert solved >= 3
    # The piece sets themselves, on a tiny board each.
    tetriamonds = encode_pieces(TRIANGLE, TETRIAMONDS)
    if grid is TRIANGLE:
        region = {(r, c) for r in range(2) for c in range(2 - r, 8 - r)}
        assert polyforms(grid, tetriamonds, region, counts=3, optional=True).count() == naive_count(
            grid, tetriamonds, region, counts=dict.fromkeys("ABC", 3), optional=set("ABC")
        )


# Pictures and bad input -------------------------------------------------------------


def test_region_pictures() -> None:
    rhombus = encode_region(TRIANGLE, "  ######\n ######")
    assert rhombus == {(r, c) for r in range(2) for c in range(2 - r, 8 - r)}
    # An even indent keeps the directions.
    assert encode_region(TRIANGLE, "    ######\n   ######") == rhombus
    assert encode_region(HEXAGON, "# # #\n # # #") == box(2, 3)
    layers = encode_region(CUBE, "##\n##\n---\n##\n#.")
    assert layers == box(2, 2, 2) - {(1, 1, 1)}


def test_bad_pictures_name_the_place() -> None:
    with pytest.raises(ValueError, match=r"'B' at line 2, column 1 of the hexagon picture"):
        encode_pieces(HEXAGON, "A A\nB")
    with pytest.raises(ValueError, match=r"line 1, column 2 of the hexagon picture"):
        encode_region(HEXAGON, "##")
    with pytest.raises(ValueError, match="a tab at line 1, column 2"):
        encode_region(TRIANGLE, "#\t#")
    with pytest.raises(ValueError, match="no cells"):
        encode_region(CUBE, "..\n---\n")


def test_disconnected_pieces() -> None:
    with pytest.raises(ValueError, match="'A' is not connected on the triangular grid"):
        encode_pieces(TRIANGLE, "A\n A")
    with pytest.raises(ValueError, match="'A' is not connected on the hexagonal grid"):
        encode_pieces(HEXAGON, {"A": [(0, 0), (1, 1)]})  # (1, 1) is two steps away
    with pytest.raises(ValueError, match="'Q' is not connected on the cubic grid"):
        encode_pieces(CUBE, {"Q": [(0, 0, 0), (1, 1, 0)]})


def test_cells_off_the_grid() -> None:
    with pytest.raises(
        ValueError, match=r"region cells must be cells of the cubic grid .* \(0, 0\)"
    ):
        polyforms(CUBE, {"a": [(0, 0, 0)]}, [(0, 0)])
    with pytest.raises(
        ValueError, match=r"piece 'a' must be cells of the hexagonal grid .* \(0, 0, 0\)"
    ):
        polyforms(HEXAGON, {"a": [(0, 0, 0)]}, box(2, 2))
    with pytest.raises(TypeError, match="cells of the triangular grid"):
        polyforms(TRIANGLE, {"a": [(0, 0.5)]}, box(2, 2))
    with pytest.raises(ValueError, match=r"covers the region's cell\(s\) \(0, 0\)"):
        # A lone up triangle: no domino of two triangles fits.
        polyforms(TRIANGLE, {"d": [(0, 0), (0, 1)]}, {(0, 0), (1, 1), (1, 2)})
    with pytest.raises(ValueError, match="orientations"):
        polyforms(HEXAGON, {"a": [(0, 0)]}, box(1, 1), orientations="mirror")
    with pytest.raises(TypeError, match="encode_pieces"):
        polyforms(HEXAGON, TETRAHEXES, box(4, 7))


@pytest.mark.parametrize(
    "call",
    [
        lambda grid: polyforms(grid, {"a": [(0, 0)]}, [(0, 0)]),
        lambda grid: count_unique(grid, {"a": [(0, 0)]}, [(0, 0)]),
        lambda grid: placements(grid, {"a": [(0, 0)]}, "#"),
        lambda grid: tiling_symmetries(grid, {"a": [(0, 0)]}, [(0, 0)]),
        lambda grid: encode_region(grid, "##"),
        lambda grid: canonical(grid, [("a", ((0, 0),))]),
    ],
)
@pytest.mark.parametrize("grid", [None, "square"])
def test_a_grid_that_is_not_one(call, grid) -> None:
    # None raised AttributeError ('NoneType' object has no attribute
    # 'check_cell'); "square" read a region as the square grid's.
    with pytest.raises(TypeError, match=f"grid must be a Grid .*, not {grid!r}"):
        call(grid)


# Drawings -------------------------------------------------------------------------

SVG = "{http://www.w3.org/2000/svg}"


def border_segments(grid: Grid, tiling) -> int:
    owner = {c: k for k, (_, cells) in enumerate(tiling) for c in cells}
    outline = inner = 0
    for c, k in owner.items():
        for n in my_neighbours(grid, c):
            if n not in owner:
                outline += 1
            elif owner[n] != k:
                inner += 1
    return outline + inner // 2


@pytest.mark.parametrize("grid", [TRIANGLE, HEXAGON])
def test_polyform_svg(grid: Grid) -> None:
    if grid is TRIANGLE:
        pieces, region = (
            encode_pieces(grid, TETRIAMONDS),
            {(r, c) for r in range(2) for c in range(2 - r, 8 - r)},
        )
        tiling = next(polyforms(grid, pieces, region, counts=3, optional=True))
    else:
        tiling = next(polyforms(grid, encode_pieces(grid, TETRAHEXES), box(4, 7)))
    picture = polyform_svg(grid, tiling)
    assert isinstance(picture, Picture) and picture._repr_svg_() == picture.tostring()
    root = ET.fromstring(picture.tostring())
    groups = [g for g in root.iter(SVG + "g") if g.get("fill")]
    assert len(groups) == len(tiling)
    assert [len(list(g.iter(SVG + "polygon"))) for g in groups] == [len(c) for _, c in tiling]
    assert len({g.get("fill") for g in groups}) == len({name for name, _ in tiling})
    path = next(root.iter(SVG + "path")).get("d", "")
    assert path.count("M") == border_segments(grid, tiling)
    # Many tilings in a grid of drawings.
    two = polyform_svg(grid, [tiling, tiling], columns=2)
    assert two.width > picture.width and two.height == picture.height


def test_polyform_svg_on_squares_with_colours() -> None:
    penta = encode_pieces(SQUARE, PENTACUBES.replace("\n---", ""))
    tiling = next(polyforms(SQUARE, penta, box(3, 20)))
    root = ET.fromstring(polyform_svg(SQUARE, tiling, colour={"X": "red"}).tostring())
    fills = [g.get("fill") for g in root.iter(SVG + "g") if g.get("fill")]
    assert len(fills) == 12 and fills.count("red") == 1 and fills.count("white") == 11
    assert len(list(root.iter(SVG + "polygon"))) == 60
    path = next(root.iter(SVG + "path")).get("d", "")
    assert path.count("M") == border_segments(SQUARE, tiling)


@pytest.mark.parametrize("grid", [SQUARE, TRIANGLE, HEXAGON])
def test_polyform_svg_refuses_cells_that_are_not_of_its_grid(grid: Grid) -> None:
    # The first two coordinates of a 3-D cell were drawn, the third dropped.
    pattern = rf"the cells of piece 'B' must be cells of the {grid.name} grid .*\(0, 1, 5\)"
    for tiling in ([("A", ((0, 0),)), ("B", ((0, 1, 5),))], [("B", ((0, 1, 5),))]):
        with pytest.raises(ValueError, match=pattern):
            polyform_svg(grid, tiling)
        with pytest.raises(ValueError, match=pattern):
            polyform_svg(grid, [[("A", ((0, 0),))], tiling])


def test_polycube_svg(tmp_path) -> None:
    soma = encode_pieces(CUBE, SOMA)
    solution = next(polyforms(CUBE, soma, box(3, 3, 3), orientations="rotations"))
    for options in ({}, {"gap": 0.5}, {"layers": True, "gap": 0.3}):
        picture = polycube_svg(solution, **options)
        assert picture._repr_svg_() == picture.tostring()
        root = ET.fromstring(picture.tostring())
        polygons = list(root.iter(SVG + "polygon"))
        assert len(polygons) == 3 * 27
        tops = {g.get("fill") for g in root.iter(SVG + "g") if g.get("fill")}
        assert len(tops) == 7
    picture.save(tmp_path / "soma.svg")
    ET.parse(tmp_path / "soma.svg")
    with pytest.raises(ValueError, match="polycube_svg"):
        polyform_svg(CUBE, solution)
    with pytest.raises(ValueError, match=r"cells of the cubic grid \(3 ints\), not \(0, 0\)"):
        polycube_svg([("a", ((0, 0),))])
