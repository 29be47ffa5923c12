"""Every counting option with every other, and solutions on threads: the
counts of `count()` under threads, time limits resumed, progress, limits and
the memo equal a brute force; the fraction done never goes back and ends
at 100%; solutions on threads are the one-thread set, each once, whether
the iterator runs out or is closed half-way."""

from __future__ import annotations

import subprocess
import sys
from itertools import product
from typing import Any

import pytest
from conftest import dominoes, problems, queens_cover, queens_problem, with_secondary
from exactcover import DlxProblem, ExactCover, MultiCover, SearchTimeout, from_matrix
from exactcover.dominoes import rectangle
from exactcover.progress import Reporter
from exactcover.queens import queens
from exactcover.sudoku import Sudoku
from hypothesis import given, settings
from hypothesis import strategies as st


class Figures(Reporter):
    """Keeps every report."""

    interval = 0.0

    def __init__(self) -> None:
        self.reports: list[dict[str, Any]] = []

    def update_figures(self, figures: dict[str, Any]) -> None:
        self.reports.append(figures)


def count_resumed(search: Any, limit: int | None, threads: int, stop: bool, memo: Any) -> int:
    """Counts to the end (or the limit), each call stopped after a few
    slices of one node when `stop` and the next going on; the total."""
    total = 0
    while True:
        wanted = None if limit is None else limit - total
        try:
            return total + search._count(
                wanted, threads, 1e-4 if stop else None, None, memo, nodes_per_slice=1
            )
        except SearchTimeout as stopped:
            total += stopped.count


@settings(max_examples=40, deadline=None)
@given(problems(), st.data())
def test_every_combination_of_count_options_matches_brute_force(problem, data):
    choices, secondary, solutions = with_secondary(problem, data)
    expected = len(solutions)
    for threads, stop, limit, memo in product(
        (1, 2, 4), (False, True), (None, expected // 2, expected + 1), (None, True, False)
    ):
        search = ExactCover(choices, secondary=secondary)
        wanted = expected if limit is None else min(limit, expected)
        what = f"threads={threads} stop={stop} limit={limit} memo={memo}"
        assert count_resumed(search, limit, threads, stop, memo) == wanted, what
        assert search.stats["solutions"] == wanted, what
        # Exactly the rest, each once.
        rest = [frozenset(s) for s in search]
        assert len(rest) == len(set(rest)) == expected - wanted, what


@pytest.mark.parametrize("threads", [1, 2, 4])
def test_progress_never_goes_back_and_ends_at_100(threads):
    figures = Figures()
    search = queens(12)
    assert search._count(None, threads, None, figures, memo=False) == 14200
    fractions = [r["fraction"] for r in figures.reports]
    assert len(fractions) > 5
    # Some report in between (not the middle one: the fraction is refreshed
    # every 10 ms, and on a loaded machine half the reports came before the
    # first refresh, at 0.0).
    assert any(0 < f < 1 for f in fractions)
    assert fractions == sorted(fractions)
    assert all(0 <= f < 1 for f in fractions[:-1])
    assert fractions[-1] == 1.0


@pytest.mark.parametrize("rest_how", ["count", "solutions"])
def test_a_count_then_a_count_on_threads_finds_none_more(rest_how):
    # The first count memoized (dominoes: the memo pays): its solutions stay
    # counted when threads settle (they raised an internal error, a panic).
    search = dominoes(rectangle(6, 6))
    assert search.count() == 6728
    if rest_how == "count":
        assert search.count(threads=2) == 0
    else:
        assert list(search.solutions(threads=2)) == []
    assert search.stats["solutions"] == 6728


@settings(max_examples=60, deadline=None)
@given(problems(), st.data())
def test_a_search_started_on_one_thread_goes_on_on_threads(problem, data):
    # It was refused ("needs an iterator that has not started searching"):
    # now either engine hands what is left to the threads, as subtrees of a
    # search made again at the root (dancing links refused until it kept its
    # problem for that).
    choices, secondary, solutions = with_secondary(problem, data)
    expected = len(solutions)
    engine = data.draw(st.sampled_from(["auto", "dlx"]))
    search = ExactCover(choices, secondary=secondary, engine=engine)
    how = data.draw(st.sampled_from(["next", "count(1)", "stopped"]))
    first = None
    if how == "next":
        first = next(search, None)
        done = 0 if first is None else 1
    elif how == "count(1)":
        done = search.count(1)
    else:
        done = count_resumed(search, 1, 1, True, None)
    started = search.stats["nodes"] > 0
    threads = data.draw(st.sampled_from([1, 2, 3]))
    if data.draw(st.booleans()):
        memo = data.draw(st.sampled_from([None, True, False]))
        rest = count_resumed(search, None, threads, data.draw(st.booleans()), memo)
    elif threads == 1:
        found = [frozenset(s) for s in search]
        rest = len(found)
    else:
        found = [frozenset(s) for s in search.solutions(threads=threads)]
        assert len(found) == len(set(found)), "a solution twice"
        if how == "next":
            # Exactly the others: none twice, none lost.
            assert set(found) | ({frozenset(first)} if first is not None else set()) == solutions
        rest = len(found)
    assert started or done == 0
    assert done + rest == expected == search.stats["solutions"]
    assert list(search) == []


def test_a_count_stopped_on_one_thread_goes_on_on_threads():
    search = queens(12)
    with pytest.raises(SearchTimeout) as stopped:
        search.count(timeout=0.005, order="mrv")
    nodes = search.stats["nodes"]
    assert search.stats["engine"] == "bitset" and nodes > 0
    assert stopped.value.count + search.count(threads=2) == 14200
    assert search.stats["solutions"] == 14200 and search.stats["nodes"] > nodes


def test_a_threaded_count_stopped_many_times_resumes_exactly():
    search = queens(13)
    total, stops = 0, 0
    for threads in [2, 1, 3] * 1000:
        try:
            total += search.count(threads=threads, timeout=0.01)
            break
        except SearchTimeout as stopped:
            total += stopped.count
            stops += 1
    assert stops > 3
    assert total == search.stats["solutions"] == 73712


@pytest.mark.parametrize("threads", [2, 3])
def test_solutions_on_threads_are_the_one_thread_set_each_once(threads):
    expected = {frozenset(s) for s in queens(8)}
    found = [frozenset(s) for s in queens(8).solutions(threads=threads)]
    assert len(found) == len(set(found)) == 92
    assert set(found) == expected
    # Closed half-way: the rest comes from iterating, from threads again, or a count.
    for rest_how in ("iterate", "threads", "count"):
        search = queens(8)
        first = search.solutions(threads=threads)
        head = [frozenset(next(first)) for _ in range(10)]
        first.close()
        assert search.stats["solutions"] == 10
        if rest_how == "iterate":
            rest = [frozenset(s) for s in search]
        elif rest_how == "threads":
            rest = [frozenset(s) for s in search.solutions(threads=threads)]
        else:
            assert search.count(threads=threads) == 82
            continue
        assert len(head + rest) == len(set(head + rest)) == 92
        assert set(head + rest) == expected


def test_solutions_on_threads_with_a_timeout_go_on_where_they_stopped():
    search = queens(10)
    found: list[frozenset[Any]] = []
    while True:
        try:
            found.extend(frozenset(s) for s in search.solutions(threads=2, timeout=0.002))
            break
        except SearchTimeout:
            pass
    assert len(found) == len(set(found)) == 724


@pytest.mark.parametrize("memo", [None, True])
def test_the_count_of_an_iterator_that_has_yielded_memoizes_the_rest(memo):
    # It went on without the memo (memo=True refused it): 2.7 s for the
    # domino tilings of 8 x 8 after one tiling, against 0.3 ms for all.
    search = dominoes(rectangle(8, 8))
    next(search)
    assert search.count(memo=memo) == 12988816 - 1
    assert search.memo_stats["hits"] > 0
    assert search.stats["solutions"] == 12988816


@pytest.mark.parametrize("memo", [None, True])
def test_the_count_after_solutions_on_threads_memoizes_the_rest(memo):
    # The threads' searches, parked when the iterator was closed, counted on
    # without the memo (memo=True too): hours where the memo takes a
    # millisecond (a fuzzing helper's find).
    search = dominoes(rectangle(8, 8))
    solutions = search.solutions(threads=2)
    first = [next(solutions) for _ in range(3)]
    solutions.close()
    assert len(first) + search.count(memo=memo) == 12988816
    assert search.memo_stats["hits"] > 0
    assert search.stats["solutions"] == 12988816


@pytest.mark.parametrize("engine", ["bitset", "dlx"])
def test_a_short_rest_is_counted_in_place(engine):
    # Handing the rest over costs a copy of the search per subtree: the rest
    # of a 16 x 16 Sudoku after its solution took 112 ms so, 63 ms in place.
    sudoku = Sudoku(3)
    grid = sudoku.generate(seed=1)
    clues = next(sudoku.solver(grid))[: grid.clues()]
    search = ExactCover(sudoku.constraints(), initial=clues, engine=engine)
    assert len(next(search)) == 81
    assert search.count() == 0
    assert search.memo_stats["lookups"] == 0
    assert search.stats["engine"] == engine


@pytest.mark.parametrize("engine", ["bitset", "dlx"])
def test_solutions_on_threads_of_a_started_iterator_are_the_rest(engine):
    # It was refused ("needs an iterator that has not started searching").
    search = queens_cover(8, engine=engine)
    first = frozenset(next(search))
    rest = {frozenset(s) for s in search.solutions(threads=2)}
    assert len(rest) == 91 and first not in rest
    assert search.stats["solutions"] == 92 and list(search) == []


def test_every_problem_type_counts_and_reports_alike():
    dlx = DlxProblem.from_constraints({"a": [1, 2], "b": [1], "c": [2]})
    searches = [
        ExactCover({"a": [1, 2], "b": [1], "c": [2]}),
        MultiCover({"a": [1, 2], "b": [1], "c": [2]}),
        dlx.solutions(),
        from_matrix([[1, 1], [1, 0], [0, 1]]),
    ]
    for search in searches:
        assert search.count(threads=2, limit=1, progress=False, memo=None) == 1
        assert search.count(threads=2, timeout=10) == 1
        assert search.stats["solutions"] == 2
    assert dlx.count(threads=2, limit=5) == 2
    assert dlx.stats["solutions"] == 2


def run_cli(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "exactcover", "solve", *args, "-"],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_command_line_combines_threads_limit_and_progress():
    text = DlxProblem.from_constraints(
        {
            (i, j): [f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + 6}"]
            for i, j in product(range(7), repeat=2)
        },
        secondary=[f"{d}{k}" for d in "ab" for k in range(13)],
    ).to_dlx()
    for threads, limit in product(("1", "2", "3"), (None, "5", "100")):
        args = ["--count", "--threads", threads, "--progress"]
        if limit is not None:
            args += ["--limit", limit]
        done = run_cli(*args, stdin=text)
        assert done.returncode == 0, done.stderr
        assert int(done.stdout) == (40 if limit is None else min(int(limit), 40))
        if limit != "5":  # complete: the last line says so
            assert "100.00% done" in done.stderr
        printed = run_cli(
            "--threads", threads, *([] if limit is None else ["--limit", limit]), stdin=text
        )
        assert printed.returncode == 0, printed.stderr
        numbers = [line for line in printed.stdout.splitlines() if line.endswith(":")]
        assert numbers == [f"{k}:" for k in range(1, len(numbers) + 1)]
        solutions = printed.stdout.split(":\n")[1:]
        assert len(numbers) == (40 if limit is None else min(int(limit), 40))
        assert len(set(solutions)) >= len(numbers) - 1  # each once (the last has no number after)


def test_a_dlx_problem_counts_with_every_option_a_search_takes():
    # DlxProblem.count() counts by a fresh iterator: it takes the options of
    # Search.count(), every one (order too), with the same defaults.
    import inspect

    from exactcover.search import Search

    ours = inspect.signature(DlxProblem.count).parameters
    theirs = inspect.signature(Search.count).parameters
    assert [(p.name, p.kind, p.default) for p in ours.values()] == [
        (p.name, p.kind, p.default) for p in theirs.values()
    ]
    constraints, diagonals = queens_problem(8)
    problem = DlxProblem.from_constraints(constraints, secondary=diagonals)
    for order in ("auto", "mrv", "sweep"):
        assert problem.count(order=order, threads=2, memo=False) == 92
    with pytest.raises(ValueError, match="order must be 'auto', 'mrv' or 'sweep', not 'x'"):
        problem.count(order="x")


@pytest.mark.parametrize("then", ["next", "count(1)"])
def test_a_swept_count_stopped_by_its_timeout_then_iterated_counts_the_rest(then: str) -> None:
    # The sweep keeps its memo, but a search that went on without it (by
    # iteration) can no longer memoize: the count it still owes is plain.
    from exactcover.polyomino import PENTOMINOES, encode_polyominoes, polyomino

    board = [(r, c) for r in range(3) for c in range(20)]
    search = polyomino(encode_polyominoes(PENTOMINOES), board)
    with pytest.raises(SearchTimeout):
        search.count(timeout=0, order="sweep")
    assert search.stats["order"] == "sweep"
    taken = len([next(search)]) if then == "next" else search.count(1)
    assert taken + search.count() == 8
