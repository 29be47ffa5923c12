"""Knuth's DLX text format from Python: reading, writing, round trips, errors."""

from __future__ import annotations

import io
from itertools import product

import pytest
from conftest import DLX1
from exactcover import (
    DlxFormatError,
    DlxProblem,
    ExactCover,
    MultiCover,
    parse_dlx,
    read_dlx,
    write_dlx,
)
from hypothesis import given, settings
from hypothesis import strategies as st

DLX2 = """\
| A simple example of color controls
A B C | X Y
A B X:0 Y:0
A C X:1 Y:1
X:0 Y:1
B X:1
C Y:1
"""

DLX3 = """\
| dlx3.w's example
A B 2:3|C | X Y
A B X:0 Y:0
A C X:1 Y:1
C X:0
B X:1
C Y:1
"""


def texts(problem: DlxProblem, solution: list[int]) -> list[str]:
    return sorted(problem.option_text(k) for k in solution)


def test_dlx1_example() -> None:
    p = parse_dlx(DLX1, strict=True)
    assert p.primary == list("ABCDE")
    assert p.secondary == ["F", "G"]
    assert p.lines == [3, 4, 5, 6, 7, 8]
    assert [texts(p, s) for s in p] == [["A D", "B G", "C E F"]]
    assert p.count() == 1
    assert parse_dlx(p.to_dlx()) == p


def test_colors_are_kept_and_solved() -> None:
    p = parse_dlx(DLX2, strict=True)
    assert p.dropped == [5]
    assert p.uses_colors
    assert p.options[1] == ["A", "C", "X:1", "Y:1"]
    assert parse_dlx(p.to_dlx(), strict=True) == p
    # DLX_FORMAT.md: the one solution is `A C X:1 Y:1` and `B X:1`.
    assert [texts(p, s) for s in p] == [["A C X:1 Y:1", "B X:1"]]
    assert p.count() == 1
    built = DlxProblem(
        ["A", "B"], [["A", "X:red"], ["B", "X:red"], ["B", "X:blue"]], secondary=["X"]
    )
    assert [texts(built, s) for s in built] == [["A X:red", "B X:red"]]


def test_dlx3_colors_with_bounds() -> None:
    p = parse_dlx(DLX3, strict=True)
    # DLX_FORMAT.md: `A C X:1 Y:1`, `B X:1`, `C Y:1` (dlx3 adds a null move).
    assert [texts(p, s) for s in p] == [["A C X:1 Y:1", "B X:1", "C Y:1"]]


def test_dlx3_bounds() -> None:
    p = parse_dlx(DLX3, strict=True)
    assert p.bounds == {"A": (1, 1), "B": (1, 1), "C": (2, 3)}
    assert p.to_dlx().splitlines()[0] == "A B 2:3|C | X Y"
    assert parse_dlx(p.to_dlx()) == p


def queens(n: int) -> dict[tuple[int, int], list[str]]:
    return {
        (i, j): [f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}"]
        for i, j in product(range(n), repeat=2)
    }


def diagonals(n: int) -> list[str]:
    return [f"{d}{k}" for d in "ab" for k in range(2 * n - 1)]


@pytest.mark.parametrize("n, expected", [(4, 2), (5, 10), (6, 4), (8, 92)])
def test_queens_encoded_written_and_read_back(n: int, expected: int) -> None:
    constraints = queens(n)
    problem = DlxProblem.from_constraints(constraints, secondary=diagonals(n))
    text = problem.to_dlx()
    back = parse_dlx(text, strict=True)
    assert back == problem
    assert (
        back.count() == problem.count() == ExactCover(constraints, secondary=diagonals(n)).count()
    )
    assert back.count() == expected


@pytest.mark.parametrize("n, expected", [(4, 11), (5, 92)])
def test_two_n_queens_with_bounds(n: int, expected: int) -> None:
    constraints = queens(n)
    counts: dict[str, int | tuple[int, int]] = {f"{rc}{i}": 2 for rc in "rc" for i in range(n)}
    counts.update(dict.fromkeys(diagonals(n), (0, 2)))
    problem = DlxProblem.from_constraints(constraints, counts=counts)
    back = parse_dlx(problem.to_dlx(), strict=True)
    assert "2|r0" in problem.to_dlx() and "0:2|a0" in problem.to_dlx()
    assert back.count() == expected
    multi = MultiCover(
        constraints, counts=dict.fromkeys(counts, 2), satisfy=[c for c in counts if c[0] in "rc"]
    )
    assert multi.count() == expected


def test_from_constraints_names() -> None:
    # Constraints whose str() cannot be names get generated names.
    p = DlxProblem.from_constraints({"x": [(0, 1), "a b"], "y": [(0, 1)], "z": ["a b"]})
    assert p.items == ["c0", "c1"]
    assert p.count() == 2
    p = DlxProblem.from_constraints({"x": [1]}, names=lambda c: f"item{c}")
    assert p.items == ["item1"]
    with pytest.raises(DlxFormatError, match="secondary constraint"):
        DlxProblem.from_constraints({"x": [1, 2]}, secondary=[2], counts={2: 2})


@pytest.mark.parametrize(
    "counts, secondary",
    [({1: 0}, None), ({3: 0, 2: 2}, None), ({1: 0}, [1]), ({1: 0}, [1, 3]), ({3: 0}, [3])],
)
def test_a_count_of_0_is_written_as_multicover_writes_it(counts, secondary) -> None:
    choices = {"a": [1, 2], "b": [2], "c": [1], "d": [2, 3]}
    satisfy = None if secondary is None else [c for c in (1, 2, 3) if c not in secondary]
    multi = MultiCover(choices, counts=counts, satisfy=satisfy)
    text = write_dlx(choices, counts=counts, secondary=secondary)
    assert text == write_dlx(multi)
    expected = multi.count()
    assert parse_dlx(text).count() == expected
    problem = DlxProblem.from_constraints(choices, counts=counts, secondary=secondary)
    assert problem.to_dlx() == text and problem.count() == expected
    # The forbidden choices are dropped: option k is still the k-th choice.
    forbidden = {c for c, k in counts.items() if k == 0}
    kept = [k for k, cons in enumerate(choices.values()) if not forbidden & set(cons)]
    assert problem.dropped == [k for k in range(len(choices)) if k not in kept]
    bounded = DlxProblem.from_constraints(choices, counts=dict.fromkeys(forbidden, (0, 0)))
    assert bounded.dropped == problem.dropped


def test_constructor_checks() -> None:
    with pytest.raises(DlxFormatError, match="unknown item name 'Z'") as info:
        DlxProblem(["A"], [["A", "Z"]])
    # An entry that is not a string names its option (the fuzz found it bare).
    with pytest.raises(TypeError, match=r"not int \(1\) in option 1$"):
        DlxProblem(["A"], [["A"], [1]])
    with pytest.raises(DlxFormatError, match=r"U\+DC80\) in 'A\\udc80' in option 0$"):
        DlxProblem(["A"], [["A\udc80"]])
    assert info.value.line is None and "unknown item name" in info.value.reason
    with pytest.raises(DlxFormatError, match="illegal character"):
        DlxProblem(["A B"], [])
    with pytest.raises(DlxFormatError, match="duplicate item name"):
        DlxProblem(["A"], [], secondary=["A"])
    with pytest.raises(DlxFormatError, match="twice in this option"):
        DlxProblem(["A"], [["A", "A"]])
    with pytest.raises(DlxFormatError, match="primary item must be uncolored"):
        DlxProblem(["A"], [["A:1"]])
    with pytest.raises(DlxFormatError, match="not a primary item"):
        DlxProblem(["A"], [], secondary=["X"], bounds={"X": 2})
    with pytest.raises(DlxFormatError, match="hi >= 1"):
        DlxProblem(["A"], [], bounds={"A": 0})
    for bound in [(1, 2, 3), (1,), ()]:
        with pytest.raises(DlxFormatError, match=r"bounds of 'A' must be v or a pair \(lo, hi\)"):
            DlxProblem(["A"], [["A"]], bounds={"A": bound})
    with pytest.raises(TypeError):
        DlxProblem(["A"], ["A"])
    for costs in ([1], [], [1, 2, 3]):
        with pytest.raises(ValueError, match=f"costs has {len(costs)} values, but there are 2"):
            DlxProblem(["A", "B"], [["A"], ["B"]], costs=costs)
        with pytest.raises(ValueError, match=f"costs has {len(costs)} values, but there are 2"):
            write_dlx(DlxProblem(["A", "B"], [["A"], ["B"]]), costs=costs)
    assert DlxProblem(["A"], [["A"], ["A"]], costs=iter([1, 2])).costs == [1, 2]


# Each malformed text, its line, and words of the documented reason.
MALFORMED = [
    ("", 1, "no item line"),
    ("| only a comment\n", 1, "no item line"),
    ("A B| X\nA\n", 1, "illegal character '|'"),
    ("A | X | Y\nA\n", 1, "contains '|' twice"),
    ("A B A\nA\n", 1, 'duplicate item name "A"'),
    ("A:2\nA\n", 1, "illegal bound spec"),
    ("2:A\nA\n", 1, "lower bound without upper bound"),
    ("0|A\nA\n", 1, "upper bound is zero"),
    ("3:2|A\nA\n", 1, "lower bound exceeds upper bound"),
    ("A | 2|X\nA\n", 1, "only allowed on primary items"),
    ("2| A\nA\n", 1, "empty item name"),
    ("A B\n\n| comment\nA C\n", 4, 'unknown item name "C"'),
    ("A B\nA B A\n", 2, "appears twice in this option"),
    ("A | X\nA:1\n", 2, "primary item must be uncolored"),
    ("A | X\nA X:\n", 2, "color must be a single character"),
    ("A\nA |3x\n", 2, "bad option cost"),
    ("A\nA |\n", 2, "bad option cost"),
]


@pytest.mark.parametrize("text, line, reason", MALFORMED)
@pytest.mark.parametrize("strict", [False, True])
def test_malformed(text: str, line: int, reason: str, strict: bool) -> None:
    with pytest.raises(DlxFormatError) as info:
        parse_dlx(text, strict=strict)
    assert info.value.line == line
    assert reason in info.value.reason
    assert str(info.value).startswith(f"line {line}: ")
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    "text, line, reason",
    [
        ("ABCDEFGHI\nABCDEFGHI\n", 1, "longer than 8 bytes"),
        ("A | X\nA X:ab\n", 2, "single character"),
        ("A\nA", 2, "newline"),
    ],
)
def test_strict_only(text: str, line: int, reason: str) -> None:
    parse_dlx(text)
    with pytest.raises(DlxFormatError) as info:
        parse_dlx(text, strict=True)
    assert (info.value.line, reason in info.value.reason) == (line, True)


def test_read_and_write_files(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "example.dlx"
    p = parse_dlx(DLX1)
    assert write_dlx(p, path) == p.to_dlx()
    assert read_dlx(path, strict=True) == p
    assert read_dlx(str(path)) == p
    with open(path) as f:
        assert read_dlx(f) == p
    assert read_dlx(io.BytesIO(DLX1.replace("\n", "\r\n").encode())) == p
    buffer = io.StringIO()
    write_dlx(p, buffer)
    assert buffer.getvalue() == p.to_dlx()
    with pytest.raises(DlxFormatError, match="line 3: not valid UTF-8") as info:
        read_dlx(io.BytesIO(b"A B\nA\n\xff B\n"))
    assert info.value.line == 3
    with pytest.raises(TypeError):
        parse_dlx(DLX1.encode())  # type: ignore[arg-type]


def test_solutions_iterator() -> None:
    p = parse_dlx("A B\nA\nB\nA B\n")
    solutions = p.solutions()
    assert sorted(map(sorted, solutions)) == [[0, 1], [2]]
    assert solutions.stats["solutions"] == 2
    assert p.count(limit=1) == 1
    assert sorted(map(sorted, p.solutions(seed=5))) == [[0, 1], [2]]
    assert repr(p) == "<DlxProblem: 2+0 items, 3 options>"
    with pytest.raises(ValueError):
        p.count(-1)


names = st.sampled_from(["A", "B", "C", "D", "é", "x_1", "#2"])


@st.composite
def problems(draw: st.DrawFn) -> DlxProblem:
    items = draw(st.lists(names, min_size=1, max_size=6, unique=True))
    n_primary = draw(st.integers(1, len(items)))
    primary, secondary = items[:n_primary], items[n_primary:]
    bounds = {}
    for name in primary:
        if draw(st.booleans()):
            hi = draw(st.integers(1, 3))
            bounds[name] = (draw(st.integers(0, hi)), hi)
    options = draw(
        st.lists(st.lists(st.sampled_from(items), min_size=1, max_size=4, unique=True), max_size=8)
    )
    return DlxProblem(primary, options, secondary, bounds)


@settings(max_examples=60, deadline=None)
@given(problems())
def test_round_trip(problem: DlxProblem) -> None:
    text = problem.to_dlx()
    back = parse_dlx(text, strict=True)
    assert back == problem
    assert back.to_dlx() == text
    assert back.count() == problem.count()


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.text(alphabet="AB XY|:0123\t#", max_size=12),
        max_size=6,
    ),
    st.booleans(),
)
def test_any_text_parses_or_raises_dlx_format_error(lines: list[str], strict: bool) -> None:
    """Arbitrary text never crashes the reader: it gives a problem (which then
    solves, colors and bounds included) or a DlxFormatError."""
    text = "\n".join(lines) + "\n"
    try:
        problem = parse_dlx(text, strict=strict)
    except DlxFormatError as error:
        assert str(error)
        return
    assert problem.count() == sum(1 for _ in problem)


@pytest.mark.parametrize("token", ["12345678|A", "1:23456789|A", "00000001:2|A"])
def test_strict_bound_prefixes_are_dlx3s(token: str) -> None:
    from exactcover import DlxFormatError, parse_dlx

    with pytest.raises(DlxFormatError, match="bound prefix"):
        parse_dlx(f"{token}\nA\n", strict=True)
    lo = int(token.split("|")[0].split(":")[0])  # the permissive reader takes it
    assert parse_dlx(f"{token}\nA\n").count() == (1 if lo <= 1 else 0)
    assert parse_dlx("1234567:7654321|A\nA\n", strict=True).count() == 0


def test_a_name_beginning_with_a_byte_order_mark_round_trips():
    problem = DlxProblem(["\ufeffA", "B"], [["\ufeffA"], ["B"], ["\ufeffA", "B"]])
    again = parse_dlx(problem.to_dlx())
    assert again == problem
    assert again.count() == problem.count() == 2
    assert parse_dlx(problem.to_dlx(), strict=True) == problem


def test_dlx_messages_show_no_rust_escapes():
    with pytest.raises(DlxFormatError) as info:
        parse_dlx("A B\nA\nA C\u0301\n")
    assert "u{" not in str(info.value)
    assert str(info.value) == 'line 3: unknown item name "C\\u0301"'


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


@pytest.mark.parametrize("how", ["pickle", "copy", "deepcopy"])
def test_a_copy_keeps_bounds_colors_secondary_items_and_costs(how: str) -> None:
    import copy
    import pickle

    p = parse_dlx("2:3|A B | X Y\nA X:1 |5\nX\nB |1\nA B Y:c |10\nA |2\n")
    if how == "pickle":
        again = pickle.loads(pickle.dumps(p))
    else:
        again = getattr(copy, how)(p)
    assert again == p
    assert again.to_dlx() == p.to_dlx()
    assert (again.costs, again.bounds, again.secondary) == ([5, 1, 10, 2], p.bounds, ["X", "Y"])
    assert again.options == p.options and again.uses_colors
    assert again.cheapest() == p.cheapest() == (8, [1, 0, 3])
    assert again.cheapest(3) == p.cheapest(3)


@pytest.mark.parametrize(
    "problem",
    [
        DlxProblem([], []),
        DlxProblem([], [["X"], ["X", "none"]], secondary=["X", "none"]),
        DlxProblem.from_constraints({"A": [1]}, secondary=[1]),
    ],
)
def test_a_problem_without_primary_items_is_written_with_one_that_may_stay_uncovered(problem):
    text = problem.to_dlx()
    assert text.startswith("| no item must be covered: the one solution chooses no option\n")
    again = parse_dlx(text, strict=True)
    assert again.count() == problem.count() == 1
    assert again.secondary == problem.secondary and again.bounds == {again.primary[0]: (0, 1)}
    assert again.primary[0] not in problem.secondary


def test_every_way_of_writing_a_problem_without_primary_items_agrees():
    text = write_dlx(ExactCover({"A": [1]}, secondary=[1]))
    assert write_dlx({"A": [1]}, secondary=[1]) == text
    assert DlxProblem.from_constraints({"A": [1]}, secondary=[1]).to_dlx() == text
    assert parse_dlx(text).count() == ExactCover({"A": [1]}, secondary=[1]).count() == 1


def test_read_and_write_refuse_what_is_not_a_path_or_a_file() -> None:
    # They raised AttributeError: "'bytes' object has no attribute 'read'".
    for source in (DLX1.encode(), None, 0):
        with pytest.raises(TypeError, match="source must be a path or an open file"):
            read_dlx(source)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="use parse_dlx for text"):
        read_dlx(DLX1.encode())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="file must be a path or an open text file, not int"):
        write_dlx(parse_dlx(DLX1), 3)  # type: ignore[arg-type]


def test_problems_of_the_wrong_type_are_type_errors_naming_them() -> None:
    # Python's "'NoneType' object is not iterable" and, for from_constraints,
    # "'list' object has no attribute 'values'".
    with pytest.raises(TypeError, match="options must be an iterable, not NoneType"):
        DlxProblem(["A"], None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="primary must be an iterable, not int"):
        DlxProblem(3, [])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="secondary must be an iterable, not NoneType"):
        DlxProblem(["A"], [], None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"not int \(option 1: 5\)"):
        DlxProblem(["A"], [["A"], 5])  # type: ignore[list-item]
    with pytest.raises(TypeError, match=r"constraints must be a mapping .* not list"):
        DlxProblem.from_constraints([["a"]])  # type: ignore[arg-type]
