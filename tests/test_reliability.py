"""Regression tests of issue 15: no silent wrong answer, no hang, a clear
error whatever the input (the parallel-counting items live with issue 12)."""

import copy
import os
import pickle
import shlex
import subprocess
import sys
import time

import numpy as np
import pytest
from conftest import queens_cover
from exactcover import DlxFormatError, DlxProblem, ExactCover, MultiCover, parse_dlx
from exactcover.queens import queens

# Wrong answers --------------------------------------------------------------------


def test_split_and_restrict_keep_the_initial_choices_once():
    make = lambda: queens_cover(8, initial=[(0, 0)])  # noqa: E731
    assert make().count() == 4
    parts = make().split(6)
    assert len(parts) >= 6
    # Each subtree names the initial choice; restricting a problem built with
    # it forces it once, not twice.
    assert all((0, 0) in part.forced for part in parts)
    assert sum(make().restrict(part).count() for part in parts) == 4
    # Solutions name the initial choice once.
    for part in parts:
        for solution in make().restrict(part):
            assert solution.count((0, 0)) == 1


def test_split_and_restrict_with_initial_choices_and_multiplicities():
    data = {i: ["x", ("own", i)] for i in range(8)}
    data.update({("alone", i): [("own", i)] for i in range(8)})

    def make():
        return MultiCover(data, initial=[0], counts={"x": 3})

    total = make().count()
    assert total == 21  # choose the 2 others of the 3 among 7
    parts = make().split(5)
    assert sum(make().restrict(part).count() for part in parts) == total


def test_a_repeated_initial_choice_is_the_choice_once():
    data = {"A": [1], "B": [2], "C": [1, 2]}
    assert ExactCover(data, initial=["A", "A"]).count() == 1
    assert list(ExactCover(data, initial=["A", "A"])) == [["A", "B"]]
    assert ExactCover(data, initial=["A", "C", "A"]).count() == 0


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


def test_a_name_beginning_with_a_byte_order_mark_round_trips():
    problem = DlxProblem(["\ufeffA", "B"], [["\ufeffA"], ["B"], ["\ufeffA", "B"]])
    again = parse_dlx(problem.to_dlx())
    assert again == problem
    assert again.count() == problem.count() == 2
    assert parse_dlx(problem.to_dlx(), strict=True) == problem


# Clear errors ---------------------------------------------------------------------


def test_dlx_messages_show_no_rust_escapes():
    with pytest.raises(DlxFormatError) as info:
        parse_dlx("A B\nA\nA C\u0301\n")
    assert "u{" not in str(info.value)
    assert str(info.value) == 'line 3: unknown item name "C\\u0301"'


def test_numpy_integers_are_accepted_wherever_an_int_is():
    from exactcover import Sudoku, from_matrix, latin_squares
    from exactcover.polyomino import polyomino

    n = np.int64
    assert queens(n(6)).count(limit=n(2)) == 2
    assert queens(np.uint8(6), seed=n(3)).count() == 4
    assert len(queens(6).split(n(3))) >= 3
    assert queens(6).estimate(n(10), seed=n(1)).samples == 10
    assert queens(6).count(threads=n(1)) == 4
    assert MultiCover({"a": [1], "b": [1]}, counts={1: n(2)}).count() == 1
    assert latin_squares(n(3)).count() == 12
    assert from_matrix([[1]], seed=n(1)).count(limit=n(1)) == 1
    assert parse_dlx("A\nA\n").solutions(seed=n(2)).count(n(1)) == 1
    assert DlxProblem(["A"], [["A"], ["A"]], bounds={"A": n(2)}).count() == 1
    assert Sudoku.of_size(n(4)).random_grid(seed=n(5)).is_complete()
    domino = [("I", [(0, 0), (0, 1)])]
    assert polyomino(domino, {(0, 0), (0, 1), (0, 2), (0, 3)}, counts=n(2)).count() == 1
    assert polyomino(domino, {(0, 0), (0, 1)}, counts={"I": n(1)}).count() == 1
    # Booleans are still not integers here.
    with pytest.raises(TypeError, match="limit must be an int"):
        queens(6).count(limit=np.True_)


def test_a_lone_surrogate_is_a_dlx_format_error():
    with pytest.raises(DlxFormatError) as info:
        parse_dlx("A B\nA\nB \ud800\n")
    assert info.value.line == 3
    assert "U+D800" in info.value.reason
    with pytest.raises(DlxFormatError, match=r"U\+DC80"):
        DlxProblem(["A\udc80"], [["A\udc80"]])


def test_write_dlx_keeps_the_colors():
    from exactcover import write_dlx

    choices = {}
    for w in ["ab", "ba", "bb", "aa"]:  # 2x2 word squares: letters are colors
        for k in range(2):
            choices["row", k, w] = {("row", k): None, **{(k, j): c for j, c in enumerate(w)}}
            choices["col", k, w] = {("col", k): None, **{(i, k): c for i, c in enumerate(w)}}
    cells = [(i, j) for i in range(2) for j in range(2)]
    expected = ExactCover(choices, secondary=cells).count()
    text = write_dlx(choices, secondary=cells)
    assert ":a" in text and ":b" in text
    assert parse_dlx(text).count() == expected == 16
    # Colors that are not valid DLX names are numbered instead.
    colored = {"x": {1: None, "c": (0, "red")}, "y": {2: None, "c": (0, "red")}}
    text = write_dlx(colored, secondary=["c"])
    assert text.splitlines()[1:] == ["1 c:0", "2 c:0"]
    assert parse_dlx(text).count() == ExactCover(colored, secondary=["c"]).count() == 1
    # A color on a primary constraint is refused, as ExactCover refuses it.
    with pytest.raises(DlxFormatError, match="uncolored"):
        write_dlx({"x": {1: "red"}})


def test_secondary_marks_every_column_of_a_repeated_dataframe_label():
    pd = pytest.importorskip("pandas")
    from exactcover import from_matrix

    frame = pd.DataFrame([[1, 1, 0], [0, 0, 1], [1, 0, 1]], columns=["p", "a", "a"])
    # Columns 1 and 2 are both secondary: row 0 alone, or row 2 alone, covers
    # column "p" (with column 2 primary, row 0 would need row 1).
    assert sorted(from_matrix(frame, secondary=["a"])) == [[0], [2]]
    assert sorted(from_matrix(frame.to_numpy(), secondary=[1, 2])) == [[0], [2]]


@pytest.mark.parametrize("bad", [None, "a", "", "1", 2, [1]], ids=repr)
def test_matrices_hold_only_0s_and_1s_in_arrays_and_lists_alike(bad):
    from exactcover import ExactCoverError, from_matrix

    rows = [[1, 0], [0, bad]]
    array = np.empty((2, 2), dtype=object)
    array[:] = [[1, 0], [0, 0]]
    array[1, 1] = bad
    for matrix in (rows, array):
        with pytest.raises(ExactCoverError, match=r"entry \(1, 1\) is"):
            from_matrix(matrix)
    # Object arrays of 0s and 1s (any numeric type) are fine.
    array[1, 1] = np.int8(1)
    assert list(from_matrix(array)) == [[0, 1]]


# Sizes ----------------------------------------------------------------------------


def test_puzzles_too_big_to_build_are_refused_before_building():
    from exactcover import latin_squares
    from exactcover.queens import decode_queens, queens_2n, queens_svg

    with pytest.raises(ValueError, match=r"queens\(1000000\) has 1,000,000,000,000 choices"):
        queens(10**6)
    with pytest.raises(ValueError, match="max_choices=None"):
        queens_2n(2000)
    with pytest.raises(ValueError, match=r"latin_squares\(9\) has 6,531,840 choices"):
        latin_squares(9)
    blank = ["." * 9] * 9
    with pytest.raises(ValueError, match="more choices than max_choices=1,000"):
        latin_squares(9, given=["1" + "." * 8] + blank[1:], max_choices=1000)
    with pytest.raises(ValueError, match="too large to draw as SVG"):
        queens_svg(10**5, [])
    with pytest.raises(ValueError, match="too large to draw as text"):
        decode_queens(10**5, [])
    # The limit is a default that can be raised, or lifted.
    assert queens(20, max_choices=400).count(limit=1) == 1
    with pytest.raises(ValueError, match="more than max_choices=399"):
        queens(20, max_choices=399)
    assert latin_squares(3, max_choices=None).count() == 12
    assert latin_squares(4, given=["1...", ".2..", "..3.", "...4"], max_choices=100).count() == 2


def test_the_queens_demo_estimates_what_it_cannot_count(capsys):
    from exactcover import cli

    start = time.perf_counter()
    assert cli.main(["queens", "-n", "20"]) == 0
    assert time.perf_counter() - start < 30
    out = capsys.readouterr().out
    assert "20-queens: about" in out and "--count" in out


# The command line -----------------------------------------------------------------

posix = pytest.mark.skipif(sys.platform == "win32", reason="POSIX shell redirections")


def shell(command, *args):
    """Run ``python -m exactcover ARGS`` with a shell redirection."""
    line = " ".join([shlex.quote(sys.executable), "-m", "exactcover", *map(shlex.quote, args)])
    return subprocess.run(
        f"{line} {command}", shell=True, capture_output=True, text=True, timeout=60, check=False
    )


@pytest.fixture
def dlx_file(tmp_path):
    path = tmp_path / "p.dlx"
    path.write_text("A B\nA\nB\nA B\n")
    return str(path)


@posix
@pytest.mark.parametrize(
    ("redirect", "args", "message"),
    [
        ("<&-", ["solve", "-"], "standard input is closed"),
        (">&-", ["solve", "FILE"], "standard output is closed"),
        (">&-", ["queens", "-n", "5"], "standard output is closed"),
        (">/dev/full", ["solve", "FILE"], "No space left on device"),
        (">/dev/full", ["solve", "--count", "FILE"], "No space left on device"),
        (">/dev/full", ["queens", "-n", "5"], "No space left on device"),
    ],
)
def test_unusable_standard_streams_are_a_message_and_exit_2(redirect, args, message, dlx_file):
    if "full" in redirect and not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    result = shell(redirect, *[dlx_file if a == "FILE" else a for a in args])
    assert result.returncode == 2
    # The program as typed, the subcommand, and the message (the one command line's form).
    assert result.stderr.strip() == f"python -m exactcover {args[0]}: error: {message}"


@posix
def test_a_closed_standard_error_does_not_change_the_outcome(dlx_file):
    result = shell("2>&-", "solve", "--count", dlx_file)
    assert (result.returncode, result.stdout) == (0, "2\n")


def test_absurd_thread_counts_are_a_usage_error(dlx_file):
    result = shell("", "solve", "--count", "--threads", "99999999999999999999", dlx_file)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "--threads: must be at most" in result.stderr


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_endless_input_is_bounded(monkeypatch, capsys):
    from exactcover import cli, read_dlx

    monkeypatch.setattr(cli, "MAX_DLX_BYTES", 2**20)
    assert cli.main(["solve", "/dev/zero"]) == 2
    assert "longer than 1,048,576 bytes" in capsys.readouterr().err
    with pytest.raises(DlxFormatError, match="max_bytes=None"):
        read_dlx("/dev/zero", max_bytes=1000)
    with open("/dev/zero", "rb") as stream:
        with pytest.raises(DlxFormatError, match="longer than 10 bytes"):
            read_dlx(stream, max_bytes=10)


def test_huge_arguments_are_clear_errors():
    with pytest.raises(ValueError, match="n must be at most 1,000,000 subtrees"):
        queens(6).split(2**70)
    # Bounds beyond the solver's counters are clamped, not errors.
    assert queens(6).count(limit=2**70) == 4
    assert queens(6, seed=2**70 + 3).count() == 4
