"""One iterator over the native solver: mappings, DLX problems and 0/1
matrices share what Search gives (counting on threads and in slices, limits,
estimates, subtrees, copies)."""

import copy
import io
import pickle

import pytest
from conftest import A000170, queens_problem
from exactcover import (
    DlxProblem,
    ExactCover,
    MultiCover,
    Search,
    SearchTimeout,
    from_matrix,
    parse_dlx,
)
from exactcover.progress import Bar, Reporter, reporter
from exactcover.queens import queens


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


def test_timeout_raises_with_the_partial_count_and_resumes() -> None:
    cover = queens(13)  # 73712 solutions
    total = 0
    stops = 0
    while True:
        try:
            total += cover.count(timeout=0.01)
            break
        except SearchTimeout as stopped:
            assert isinstance(stopped, TimeoutError) and stopped.seconds == 0.01
            total += stopped.count
            stops += 1
    assert stops > 0
    assert total == 73712 == cover.stats["solutions"]
    # Iterating with a time limit: the solutions yielded before it are kept.
    cover = queens(20)
    got: list[list[tuple[int, int]]] = []
    with pytest.raises(SearchTimeout) as stopped:
        for solution in cover.solutions(timeout=0.05):
            got.append(solution)
    assert stopped.value.count == len(got) > 0
    assert got[0] == next(iter(queens(20)))
    # Without a limit, solutions() is iteration.
    assert list(queens(6).solutions()) == list(queens(6))


def test_progress_bar_shows_the_progress_line_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    import tqdm.auto

    stream = io.StringIO()
    original = tqdm.auto.tqdm
    monkeypatch.setattr(tqdm.auto, "tqdm", lambda **kw: original(file=stream, **kw))
    assert queens(12).count(progress=True) == 14200
    text = stream.getvalue()
    assert "100.0%" in text and "14200 solutions" in text and " nodes" in text
    assert queens(12).count(progress=True, limit=10) == 10
    stream.truncate(0)
    assert len(list(queens(8).solutions(progress=True))) == 92
    assert "92 solutions" in stream.getvalue()


def test_no_progress_reports_nothing() -> None:
    assert reporter(False, "count") is None  # no reports: one call into Rust
    quiet = Reporter()
    quiet.update(None)  # never looks at the solver
    quiet.close()
    assert isinstance(reporter(True, "count"), Bar)


@pytest.mark.parametrize(
    "make",
    [
        lambda: queens(6),
        lambda: MultiCover({i: ["x", i] for i in range(5)}, counts={"x": 2}, satisfy=["x"]),
    ],
    ids=["ExactCover", "MultiCover"],
)
def test_copying_an_iterator_copies_the_search(make):
    original = make()
    first = next(original)
    clone = copy.copy(original)
    deep = copy.deepcopy(original)
    rest = list(original)
    assert rest and first not in rest
    # The copies were not advanced by the original, nor by each other.
    assert list(clone) == rest
    assert list(deep) == rest
    assert original.stats["solutions"] == clone.stats["solutions"] == 1 + len(rest)


def test_copying_matrix_and_dlx_iterators_copies_the_search():
    from exactcover import from_matrix

    for make in (
        lambda: from_matrix([[1, 0], [0, 1], [1, 1]]),
        lambda: parse_dlx("A B\nA\nB\nA B\n").solutions(),
    ):
        original = make()
        next(original)
        clone = copy.copy(original)
        assert list(original) == list(clone) == list(copy.deepcopy(make()))[1:]


def test_iterators_refuse_pickling_with_a_clear_message():
    with pytest.raises(TypeError, match="ExactCover iterators cannot be pickled"):
        pickle.dumps(queens(4))


@pytest.mark.parametrize("subtree", [None, 5, ([], [], []), ([],), (None, []), ([], 3)])
def test_restrict_names_a_subtree_that_is_not_a_pair_of_iterables(subtree):
    # Was Python's own "cannot unpack non-iterable NoneType object", "too
    # many values to unpack" or "'NoneType' object is not iterable".
    with pytest.raises(TypeError, match="subtree must be a Subtree or a pair"):
        queens(4).restrict(subtree)
    assert queens(4).restrict(([], [])).count() == 2


@pytest.mark.parametrize("subtree", ["ab", ("a", []), ([], "b"), (["a"], b"b")])
def test_restrict_refuses_a_string_for_a_subtree_or_its_choices(subtree):
    # A string was iterated: restrict("ab") forced 'a' and excluded 'b'.
    cover = ExactCover({"a": [1], "b": [1], "ab": [1]})
    with pytest.raises(TypeError, match="subtree must be a Subtree or a pair"):
        cover.restrict(subtree)
    assert cover.restrict((["ab"], ["a"])).count() == 1


def test_a_deep_copy_of_choices_equal_only_to_themselves_makes_its_problem_again() -> None:
    # The copy's choices are copies, which are not the keys of the mapping it
    # was built from: verify() and to_cnf() (and a distributed count) said
    # "the constraints mapping has changed since the problem was built".
    class Piece:
        def __init__(self, name: str) -> None:
            self.name = name

    a, b, c = Piece("a"), Piece("b"), Piece("c")
    cover = ExactCover({a: [1, 2], b: [1], c: [2]})
    clone = copy.deepcopy(cover)
    solutions = list(clone)
    assert [[p.name for p in s] for s in solutions] == [["a"], ["b", "c"]]
    assert all(p not in (a, b, c) for s in solutions for p in s)
    for solution in solutions:
        clone.verify(solution)
    assert clone.to_cnf() == cover.to_cnf()
    cost, cheapest = copy.deepcopy(cover).cheapest(lambda p: 1, method="branch")
    assert (cost, [p.name for p in cheapest]) == (1, ["a"])


def test_verify_and_colors_refuse_a_str_that_is_one_choice() -> None:
    # verify('AB') said "choice 'A' is not one of the choices": the str was
    # taken for its characters, where initial='AB' is refused with a hint.
    cover = ExactCover({"AB": [1, 2], "C": [1], "D": [2]})
    for method in (cover.verify, cover.colors):
        with pytest.raises(TypeError) as raised:
            method("AB")
        assert str(raised.value) == (
            "solution must be an iterable of choices, not a str: pass ['AB'] for the choice 'AB'"
        )
    cover.verify(["AB"])
    assert cover.colors(["AB"]) == {}
    single = ExactCover({"A": [1, 2], "B": [1], "C": [2]})
    single.verify("BC")  # one-letter choices: a str of them is still their iterable
