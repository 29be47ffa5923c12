"""The rough edges found by trying the package as a new user (issue 14):
callable submodules, argument errors, one iterator shared by two threads,
time limits and progress bars from Python."""

from __future__ import annotations

import io
import threading
import time

import pytest
from exactcover import ExactCover, SearchTimeout, Sudoku
from exactcover.progress import Bar, Reporter, reporter


def test_queens_and_polyomino_can_be_called_and_imported() -> None:
    from exactcover import PENTOMINOES, encode_polyominoes, polyomino, queens

    assert queens(8).count() == 92
    import exactcover.queens

    assert exactcover.queens is queens
    assert exactcover.queens.queens(6).count() == 4  # the function, as before
    strip = [(i, j) for i in range(3) for j in range(20)]
    assert polyomino(encode_polyominoes(PENTOMINOES), strip).count() == 8  # 2 x 4 symmetries


@pytest.mark.parametrize(
    "call, error, message",
    [
        (lambda: ExactCover({"A": [1]}).first("3"), TypeError, "n must be an int, not str"),
        (lambda: ExactCover({"A": [1]}).first(-1), ValueError, "non-negative, not -1"),
        (lambda: Sudoku(2, 3).solve(123), TypeError, "a puzzle must be a str"),
        (lambda: Sudoku(2).solve([1, 2, 3, 4]), TypeError, "row 1 of a puzzle"),
        (lambda: ExactCover({"A": [1]}).count(timeout="1"), TypeError, "timeout must be"),
        (lambda: ExactCover({"A": [1]}).count(timeout=-1), ValueError, "timeout must be"),
    ],
)
def test_arguments_are_named(call, error, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(error, match=message):
        call()


def _queens(n: int) -> ExactCover[tuple[int, int]]:
    from exactcover import queens

    return queens(n)  # type: ignore[no-any-return]


def test_one_iterator_from_two_threads_says_it_is_busy() -> None:
    cover = _queens(14)  # counting takes about a second
    worker = threading.Thread(target=cover.count)
    worker.start()
    seen = None
    try:
        while worker.is_alive() and seen is None:
            for call in (lambda: cover.stats, lambda: next(cover), cover.count):
                try:
                    call()
                except RuntimeError as error:
                    seen = str(error)
                    break
            time.sleep(0.001)
    finally:
        worker.join()
    assert seen is not None and "busy in another thread" in seen
    assert "borrowed" not in seen
    assert cover.stats["solutions"] == 365596  # the worker's count was not disturbed


def test_timeout_raises_with_the_partial_count_and_resumes() -> None:
    cover = _queens(13)  # 73712 solutions
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
    cover = _queens(20)
    got: list[list[tuple[int, int]]] = []
    with pytest.raises(SearchTimeout) as stopped:
        for solution in cover.solutions(timeout=0.05):
            got.append(solution)
    assert stopped.value.count == len(got) > 0
    assert got[0] == next(iter(_queens(20)))
    # Without a limit, solutions() is iteration.
    assert list(_queens(6).solutions()) == list(_queens(6))


def test_progress_bar_shows_the_progress_line_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    import tqdm.auto

    stream = io.StringIO()
    original = tqdm.auto.tqdm
    monkeypatch.setattr(tqdm.auto, "tqdm", lambda **kw: original(file=stream, **kw))
    assert _queens(12).count(progress=True) == 14200
    text = stream.getvalue()
    assert "100.0%" in text and "14200 solutions" in text and " nodes" in text
    assert _queens(12).count(progress=True, limit=10) == 10
    stream.truncate(0)
    assert len(list(_queens(8).solutions(progress=True))) == 92
    assert "92 solutions" in stream.getvalue()


def test_no_progress_reports_nothing() -> None:
    assert reporter(False, "count") is None  # no reports: one call into Rust
    quiet = Reporter()
    quiet.update(None)  # never looks at the solver
    quiet.close()
    assert isinstance(reporter(True, "count"), Bar)


@pytest.mark.parametrize("token", ["12345678|A", "1:23456789|A", "00000001:2|A"])
def test_strict_bound_prefixes_are_dlx3s(token: str) -> None:
    from exactcover import DlxFormatError, parse_dlx

    with pytest.raises(DlxFormatError, match="bound prefix"):
        parse_dlx(f"{token}\nA\n", strict=True)
    lo = int(token.split("|")[0].split(":")[0])  # the permissive reader takes it
    assert parse_dlx(f"{token}\nA\n").count() == (1 if lo <= 1 else 0)
    assert parse_dlx("1234567:7654321|A\nA\n", strict=True).count() == 0
