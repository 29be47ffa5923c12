"""One iterator over the native solver: mappings, DLX problems and 0/1
matrices share what Search gives (counting on threads and in slices, limits,
estimates, subtrees, copies)."""

import copy

import pytest
from conftest import A000170, queens_problem
from exactcover import DlxProblem, ExactCover, Search, SearchTimeout, from_matrix


def _mapping(n):
    squares, diagonals = queens_problem(n)
    return ExactCover(squares, secondary=diagonals)


def _dlx(n):
    squares, diagonals = queens_problem(n)
    return DlxProblem.from_constraints(squares, secondary=diagonals).solutions()


def _matrix(n):
    squares, diagonals = queens_problem(n)
    columns = sorted({c for cs in squares.values() for c in cs})
    rows = [[int(c in cs) for c in columns] for cs in squares.values()]
    secondary = [j for j, c in enumerate(columns) if c in diagonals]
    return from_matrix(rows, secondary=secondary)


MAKERS = pytest.mark.parametrize("make", [_mapping, _dlx, _matrix], ids=["map", "dlx", "matrix"])


@MAKERS
def test_every_kind_of_problem_counts_the_same_ways(make):
    expected = A000170[7]
    assert isinstance(make(8), Search)
    assert make(8).count() == expected
    assert make(8).count(threads=2) == expected
    assert make(8).count(memo=False, timeout=60) == expected
    search = make(8)
    assert search.count(limit=5) == 5
    assert len(search.first(3)) == 3
    assert search.count() == expected - 8
    assert search.stats["solutions"] == expected


@MAKERS
def test_every_kind_of_problem_splits_estimates_and_copies(make):
    expected = A000170[7]
    parts = make(8).split(6)
    assert len(parts) >= 6
    assert sum(make(8).restrict(part).count() for part in parts) == expected
    assert make(8).estimate(200, seed=1).samples == 200
    search = make(8)
    next(search)
    twin = copy.copy(search)
    assert list(twin) == list(search)
    assert len(list(make(8).solutions(timeout=60))) == expected


@MAKERS
def test_every_kind_of_problem_stops_on_time(make):
    with pytest.raises(SearchTimeout) as stopped:
        make(22).count(timeout=0.05)
    assert stopped.value.count >= 0
