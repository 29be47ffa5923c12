"""Hostile input to the public API: odd values of every type thrown at the
functions, methods and keyword arguments, and bad command lines and files.

Whatever comes in, the outcome is a result or a clear `TypeError`,
`ValueError` (`ExactCoverError`, `DlxFormatError` among them) or `KeyError`
naming the culprit: never a crash, a hang, a panic from Rust, or an
`AttributeError`, `IndexError`, `OverflowError` ... from our own insides."""

from __future__ import annotations

import io
from fractions import Fraction

import pytest
from exactcover import ExactCover, MultiCover, read_dlx
from exactcover.dominoes import dominoes_svg
from exactcover.grids import SQUARE
from exactcover.polyform import box, canonical
from exactcover.queens import queens, queens_svg


def test_read_dlx_takes_a_max_bytes_past_memory_as_no_limit(tmp_path):
    # read(max_bytes + 1) set that much memory aside first: a MemoryError
    # at 2**40, an OverflowError past sys.maxsize.
    path = tmp_path / "p.dlx"
    path.write_text("A B\nA\nB\n")
    for max_bytes in (2**40, 2**70):
        assert read_dlx(path, max_bytes=max_bytes).count() == 1
        assert read_dlx(io.BytesIO(b"A B\nA\nB\n"), max_bytes=max_bytes).count() == 1
        assert read_dlx(io.StringIO("A B\nA\nB\n"), max_bytes=max_bytes).count() == 1


def test_weights_and_costs_too_large_for_a_float_are_named():
    # float(10**400) raised OverflowError from the check of the weights.
    graph = ExactCover({"A": [1, 2], "B": [1], "C": [2]}).solution_graph()
    for huge in (10**400, Fraction(10**400)):
        with pytest.raises(ValueError, match="weight of choice 'B' must be nonnegative and finite"):
            graph.sample(seed=1, weights={"A": 1, "B": huge, "C": 1})
        # Float costs (one is a float): the same check.
        with pytest.raises(ValueError, match="cost of choice 'B' must be nonnegative and finite"):
            graph.cheapest({"A": 0.5, "B": huge, "C": 1})


@pytest.mark.parametrize(
    "draw",
    [
        lambda size: queens_svg(4, next(queens(4)), size=size),
        lambda size: dominoes_svg([((0, 0), (0, 1))], size=size),
    ],
)
def test_a_length_too_large_for_a_float_is_refused_by_name(draw):
    # float(10**400) raised OverflowError from the check of the lengths.
    with pytest.raises(ValueError, match="size must be positive and finite"):
        draw(10**400)


def test_mirror_names_must_be_a_mapping():
    # A list, a str, an int: AttributeError ('list' object has no attribute 'get').
    tiling = [("A", ((0, 0),)), ("B", ((0, 1),))]
    for bad in ([("A", "B")], "AB", 3):
        with pytest.raises(TypeError, match="mirror_names must be a mapping"):
            canonical(SQUARE, tiling, mirror_names=bad)


@pytest.mark.parametrize("sizes", [(2**70,), (2, 2**70), (10**5, 10**5)])
def test_a_box_too_large_to_list_is_refused_before_listing_it(sizes):
    # 2**70: OverflowError from itertools.product; 10**5 x 10**5: ten
    # billion tuples listed, until memory ran out.
    with pytest.raises(ValueError, match=r"box has .* cells, more than the 100,000,000"):
        box(*sizes)


@pytest.mark.parametrize(
    "tiling",
    [
        "ab",
        [((0, 0),)],
        [((0, 0), (0, 1), (0, 2))],
        [("x", ((0, 0), (0, 1)))],
        [((0, 0), (0, "a"))],
        [((0, 0), (0, 0))],
        [((0, 0), (2, 0))],
        [((0, 0), (1, 1))],
    ],
)
def test_dominoes_svg_refuses_what_is_not_a_domino(tiling):
    # IndexError, or a picture of rectangles over cells no domino covers.
    with pytest.raises((TypeError, ValueError), match="domino"):
        dominoes_svg(tiling)


def test_dominoes_svg_draws_a_tiling_given_once():
    # An iterator was read twice (rows, then columns): min() of nothing.
    tiling = [((0, 0), (0, 1)), ((1, 0), (1, 1))]
    assert dominoes_svg(iter(tiling)).tostring() == dominoes_svg(tiling).tostring()


@pytest.mark.parametrize(
    "make",
    [
        lambda: ExactCover({"A": [1, 2], "B": [1], "C": [2]}),
        lambda: MultiCover({"A": [1, 2], "B": [1], "C": [2]}, counts={1: 2}),
        lambda: queens(6),
    ],
)
def test_a_memoized_count_with_limit_0_leaves_the_search_to_threads(make):
    # count(limit=0, memo=True) counted everything on a copy first; its
    # work made the search look started, and count(threads=2) then raised
    # "cannot hand this search, stopped on one thread, to threads".
    total = make().count()
    search = make()
    assert search.count(limit=0, memo=True) == 0
    assert search.count(threads=2) == total
