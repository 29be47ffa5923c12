"""`domino_tilings`: its counts against an independent brute force on random
regions, and the numbering of the cells it chooses (the front a count sweeps
along) as dancing links see it."""

from functools import cache

import numpy as np
import pytest
from conftest import dominoes as row_by_row
from exactcover.dominoes import aztec_diamond, domino_tilings, rectangle
from hypothesis import given, settings
from hypothesis import strategies as st


def brute_count(cells):
    """Tilings by covering the first free cell (in sorted order) with a
    domino to its right or below, every way."""

    @cache
    def count(free):
        if not free:
            return 1
        r, c = min(free)
        return sum(
            count(free - {(r, c), other}) for other in ((r, c + 1), (r + 1, c)) if other in free
        )

    return count(frozenset(cells))


def widest_edge(order):
    """The most cells, over the prefixes of `order`, outside the prefix and
    beside a cell of it."""
    region, numbered, edge, widest = set(order), set(), set(), 0
    for r, c in order:
        numbered.add((r, c))
        edge.discard((r, c))
        edge.update(
            n
            for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if n in region and n not in numbered
        )
        widest = max(widest, len(edge))
    return widest


def numbering(tilings):
    """The cells in the order of their ids in the engine."""
    names, _ = tilings._names()
    return names


@settings(max_examples=150, deadline=None)
@given(st.sets(st.tuples(st.integers(0, 4), st.integers(0, 5)), max_size=30))
def test_counts_and_tilings_match_a_brute_force_on_random_regions(cells):
    tilings = domino_tilings(sorted(cells))
    assert tilings.count() == brute_count(cells)
    found = [sorted(t) for t in domino_tilings(sorted(cells))]
    assert len(found) == brute_count(cells)
    for tiling in found:
        covered = [cell for domino in tiling for cell in domino]
        assert sorted(covered) == sorted(cells)
        for (r, c), other in tiling:
            assert other in ((r, c + 1), (r + 1, c))


def test_the_aztec_diamond_is_numbered_along_its_diagonals():
    for n in (3, 6, 9):
        cells = aztec_diamond(n)
        order = numbering(domino_tilings(cells))
        assert sorted(order) == sorted(cells)
        # Row by row the edge reaches 2n cells; along the diagonals n + 1.
        assert widest_edge(sorted(cells)) == 2 * n
        assert widest_edge(order) == n + 1


def test_a_wide_board_is_numbered_across_its_narrow_side():
    # 6 rows, 14 columns: row by row the edge is 14 cells wide.
    order = numbering(domino_tilings(rectangle(6, 14)))
    assert widest_edge(order) <= 7 < widest_edge(sorted(rectangle(6, 14))) == 14


def test_the_numbering_saves_nodes_and_keeps_the_count():
    for cells in (aztec_diamond(9), rectangle(6, 14), rectangle(12, 12)):
        chosen, rows = domino_tilings(cells), row_by_row(cells)
        assert chosen.count() == rows.count()
        assert chosen.stats["nodes"] < rows.stats["nodes"]
    # The Aztec diamond of order 9: 20,058 nodes against 341,516.
    chosen, rows = domino_tilings(aztec_diamond(9)), row_by_row(aztec_diamond(9))
    assert chosen.count() == rows.count() == 2**45
    assert chosen.stats["nodes"] * 10 < rows.stats["nodes"]


def test_regions_are_checked_and_huge_ones_refused():
    # aztec_diamond(10**9) ran for ever (4 * 10**18 cells looked at), a huge
    # rectangle filled the memory; a float or a negative side was Python's
    # error or an empty region.
    with pytest.raises(ValueError, match="order 1000000000 has 2,000,000,002,000,000,000 cells"):
        aztec_diamond(10**9)
    with pytest.raises(ValueError, match="a 100000 x 100000 rectangle has 10,000,000,000 cells"):
        rectangle(10**5, 10**5)
    with pytest.raises(TypeError, match="rows must be an int, not float"):
        rectangle(2.5, 2)
    with pytest.raises(ValueError, match="columns must be non-negative, not -1"):
        rectangle(2, -1)
    assert len(rectangle(10**4, 10)) == 10**5


def test_cells_are_any_pairs_of_whole_numbers():
    # NumPy's ints and lists read back from JSON were refused ("a cell must be
    # a pair of ints"), where the rest of the package takes them.
    cells = [[int(i), int(j)] for i, j in rectangle(4, 4)]
    assert domino_tilings(cells).count() == 36
    assert domino_tilings(np.array(rectangle(4, 4))).count() == 36
    tiling = next(domino_tilings(np.array(rectangle(2, 2))))
    assert all(type(x) is int for domino in tiling for cell in domino for x in cell)
    for bad in [(0, 1.5), (True, 0), "ab", (0, 1, 2), 3]:
        with pytest.raises(TypeError, match="a cell must be a pair of ints"):
            domino_tilings([bad])
