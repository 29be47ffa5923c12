"""Progress output: redrawn in place on a terminal, plain lines anywhere else,
and the tqdm bar's text."""

from __future__ import annotations

import io
import re

import pytest
import tqdm.auto
from exactcover import progress, queens


class Terminal(io.StringIO):
    """A stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


class Clock:
    """`time.monotonic` under the test's control."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    clock = Clock()
    monkeypatch.setattr(progress.time, "monotonic", clock)
    return clock


def test_a_terminal_gets_one_line_redrawn_in_place(clock: Clock) -> None:
    stream = Terminal()
    line = progress.StatusLine(stream)
    assert line.terminal
    line.show("1 solution")
    line.show("2 solutions")
    line.clear()
    line.show("3 solutions")
    line.close()
    assert stream.getvalue() == (
        "\r1 solution\x1b[K\r2 solutions\x1b[K\r\x1b[K\r3 solutions\x1b[K\r\x1b[K"
    )


def test_elsewhere_plain_lines_at_an_interval_and_the_last_at_the_end(clock: Clock) -> None:
    stream = io.StringIO()
    line = progress.StatusLine(stream)
    assert not line.terminal
    line.show("a")  # before the first line is due: kept
    line.clear()  # nothing to erase in a file
    assert stream.getvalue() == ""
    clock.now += progress.FIRST_LINE_AFTER
    line.show("b")
    clock.now += progress.LINE_INTERVAL / 2
    line.show("c")  # not yet due
    clock.now += progress.LINE_INTERVAL / 2
    line.show("d")
    line.show("e")
    line.close()
    line.close()  # written once
    assert stream.getvalue() == "b\nd\ne\n"
    assert progress.LINE_INTERVAL >= 5 * progress.UPDATE_INTERVAL


def test_the_bar_postfix_has_no_stray_separator(monkeypatch: pytest.MonkeyPatch) -> None:
    stream = Terminal()
    original = tqdm.auto.tqdm
    monkeypatch.setattr(tqdm.auto, "tqdm", lambda **kw: original(file=stream, **kw))
    cover = queens(10)
    assert cover.count(progress=True) == 724
    last = stream.getvalue().split("\r")[-1]
    assert last.startswith("count: 100.0%|")
    postfix = f"724 solutions, {cover.stats['nodes']} nodes"
    assert re.search(rf"\| \d\d:\d\d<\d\d:\d\d, {postfix}\n$", last), last
    assert " , " not in stream.getvalue()


def test_the_bar_is_plain_lines_where_it_is_not_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stream = io.StringIO()
    original = tqdm.auto.tqdm
    monkeypatch.setattr(tqdm.auto, "tqdm", lambda **kw: original(file=stream, **kw))
    assert len(list(queens(8).solutions(progress=True))) == 92
    text = stream.getvalue()
    assert "\r" not in text and "\x1b" not in text
    assert text.startswith("solutions: 100.0% done, 92 solutions, ")
    assert text.count("\n") == 1


def test_a_distributed_count_writes_plain_lines_off_a_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from concurrent.futures import ThreadPoolExecutor

    from exactcover.distributed import count_distributed

    with ThreadPoolExecutor(2) as pool:
        assert count_distributed(queens(8), executor=pool, progress=True) == 92
    err = capsys.readouterr().err
    assert "\r" not in err and "\x1b" not in err
    assert re.fullmatch(r"counting: (\d+)/\1 subtrees done, 92 solutions, \d+ s\n", err), err


def test_a_task_bar_on_a_terminal_is_tqdms(monkeypatch: pytest.MonkeyPatch) -> None:
    stream = Terminal()
    original = tqdm.auto.tqdm
    monkeypatch.setattr(tqdm.auto, "tqdm", lambda **kw: original(file=stream, **kw))
    bar = progress.task_bar("counting", "subtree")
    assert not isinstance(bar, progress.PlainBar)
    bar.total, bar.n = 4, 3
    bar.set_postfix(solutions=217)
    bar.close()
    assert "counting:  75%|" in stream.getvalue() and "solutions=217" in stream.getvalue()


@pytest.mark.parametrize("threads", [1, 2])
def test_a_count_stopped_by_its_limit_shows_the_count_it_made(
    monkeypatch: pytest.MonkeyPatch, threads: int
) -> None:
    # The last line was the last slice's figures: fewer solutions than the
    # count returned.
    stream = io.StringIO()
    original = tqdm.auto.tqdm
    monkeypatch.setattr(tqdm.auto, "tqdm", lambda **kw: original(file=stream, **kw))
    search = queens(12)
    assert search.count(5000, threads=threads, progress=True) == 5000
    last = stream.getvalue().splitlines()[-1]
    assert re.match(r"count: \d+\.\d% done, 5000 solutions, ", last), last
    assert f", {search.stats['nodes']} nodes, " in last


def test_progress_is_true_or_false() -> None:
    # Any object was taken by its truth: progress="no" showed a bar, and a
    # NumPy array raised NumPy's "truth value of an array is ambiguous".
    from concurrent.futures import ThreadPoolExecutor

    import numpy as np
    from exactcover.distributed import count_distributed

    search = queens.queens(6)
    for bad in ("no", 1, np.array([True, False])):
        with pytest.raises(TypeError, match="progress must be True or False"):
            search.count(progress=bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="progress must be True or False"):
            search.solutions(progress=bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="progress must be True or False"):
            count_distributed(search, executor=ThreadPoolExecutor(1), progress=bad)  # type: ignore[arg-type]
    assert search.count(progress=np.bool_(False)) == 4
    assert queens.queens(6).count(progress=None) == 4
