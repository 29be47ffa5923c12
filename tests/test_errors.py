"""Bad input gets a clear exception naming the culprit."""

import math
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
from exactcover import (
    DlxProblem,
    ExactCover,
    ExactCoverError,
    MultiCover,
    SearchTimeout,
    Sudoku,
    parse_dlx,
)
from exactcover.queens import queens

DATA = dict(A=[1, 4, 7], B=[1, 4], C=[4, 5, 7], D=[3, 5, 6], E=[2, 3, 6, 7], F=[2, 7])


def test_exact_cover_error_is_a_value_error():
    assert issubclass(ExactCoverError, ValueError)


@pytest.mark.parametrize("cls", [ExactCover, MultiCover])
def test_constraints_must_be_a_mapping(cls):
    with pytest.raises(TypeError, match=r"constraints must be a mapping.*list"):
        cls([("A", [1])])


@pytest.mark.parametrize("cls", [ExactCover, MultiCover])
def test_unhashable_constraint_is_named(cls):
    with pytest.raises(TypeError, match=r"constraint \[1, 2\] of choice 'B' is not hashable"):
        cls({"A": [1], "B": [[1, 2]]})


@pytest.mark.parametrize("cls", [ExactCover, MultiCover])
def test_constraints_of_a_choice_must_be_iterable(cls):
    with pytest.raises(TypeError, match="constraints of choice 'B' must be an iterable, not int"):
        cls({"A": [1], "B": 7})


@pytest.mark.parametrize("cls", [ExactCover, MultiCover])
@pytest.mark.parametrize("cons", ["xy", "x", b"xy"])
def test_constraints_of_a_choice_given_as_a_string_are_refused(cls, cons):
    # A string was iterated: 'xy' stood for the constraints 'x' and 'y'.
    kind = type(cons).__name__
    with pytest.raises(
        TypeError,
        match=rf"constraints of choice 'A' must be an iterable of constraints, not a {kind} ",
    ):
        cls({"A": cons, "B": ["x"]})
    assert cls({"A": ["xy"], "B": ("x", "y")}).count() == 1


@pytest.mark.parametrize("cls", [ExactCover, MultiCover])
def test_choice_without_constraints(cls):
    with pytest.raises(ExactCoverError, match="choice 'B' satisfies no constraints"):
        cls({"A": [1], "B": []})
    with pytest.raises(ValueError):
        cls({"A": [1], "B": ()})


@pytest.mark.parametrize("cls", [ExactCover, MultiCover])
def test_same_constraint_twice(cls):
    with pytest.raises(
        ExactCoverError, match=r"choice \('x', 2\) lists constraint 'c' more than once"
    ):
        cls({("x", 1): ["a"], ("x", 2): ["b", "c", "c"]})


@pytest.mark.parametrize("count", [-1, 1.5, "2", None])
def test_bad_counts(count):
    with pytest.raises(ValueError, match="count for constraint 7 must be"):
        MultiCover(DATA, counts={7: count})


def test_huge_count():
    with pytest.raises(ValueError, match="too large"):
        MultiCover(DATA, counts={7: 2**40})


def test_counts_must_be_a_mapping():
    with pytest.raises(TypeError, match="counts must be a mapping"):
        MultiCover(DATA, counts=[7, 2])


def test_unknown_initial_choice_is_a_key_error():
    with pytest.raises(KeyError, match="initial choice 'Z' is not one of the choices"):
        ExactCover(DATA, initial=["B", "Z"])


def test_unhashable_initial_choice():
    with pytest.raises(TypeError, match=r"initial choice \['B'\] is not hashable"):
        ExactCover(DATA, initial=[["B"]])


@pytest.mark.parametrize("cls", [ExactCover, MultiCover])
def test_initial_none_is_no_initial_choice_and_a_non_iterable_is_named(cls):
    # initial=None (as secondary=None, counts=None, satisfy=None) raised
    # "'NoneType' object is not iterable", naming no argument.
    assert cls(DATA, initial=None).count() == cls(DATA).count()
    with pytest.raises(TypeError, match="initial must be an iterable of choices, not int"):
        cls(DATA, initial=3)


def test_initial_given_as_the_name_of_one_choice_says_to_pass_a_list():
    # A string was iterated: "initial choice 'r' is not one of the choices".
    data = {"row": [1], "col": [2], "r": [1, 2]}
    with pytest.raises(TypeError, match=r"not a str: pass \['row'\]"):
        ExactCover(data, initial="row")
    assert list(ExactCover(data, initial=["row"])) == [["row", "col"]]
    assert list(ExactCover(data, initial="r")) == [["r"]]


def test_unhashable_secondary_and_satisfy():
    with pytest.raises(TypeError, match=r"secondary constraint \{1\} is not hashable"):
        ExactCover(DATA, secondary=[{1}])
    with pytest.raises(TypeError, match=r"satisfy constraint \[2\] is not hashable"):
        MultiCover(DATA, satisfy=[[2]])
    with pytest.raises(TypeError, match="secondary must be an iterable of constraints, not int"):
        ExactCover(DATA, secondary=3)


def test_bad_seed_and_limit():
    with pytest.raises(TypeError, match="seed must be an int"):
        ExactCover(DATA, seed="x")
    with pytest.raises(ValueError, match="limit must be non-negative"):
        ExactCover(DATA).count(-1)
    with pytest.raises(TypeError, match="limit must be an int"):
        ExactCover(DATA).count(2.0)


def _random_searches(random):
    """The iterators that take a `random` argument, made with this one."""
    from exactcover import from_matrix

    return [
        lambda: ExactCover(DATA, random=random),
        lambda: MultiCover(DATA, random=random),
        lambda: from_matrix([[1, 0], [0, 1]], random=random),
        lambda: parse_dlx("A\nA\n").solutions(random=random),
        lambda: queens(4, random=random),
    ]


@pytest.mark.parametrize("random", ["yes", "", 2.5, [], 0, 1, 7, np.int64(3)])
def test_random_must_be_true_or_false(random):
    # Any truthy value was taken for True: random="no" and random=[0] shuffled.
    for make in _random_searches(random):
        with pytest.raises(TypeError, match="random must be True or False, not "):
            make()
    if not isinstance(random, (str, float, list)):
        # An int was perhaps meant for the seed: the message says so.
        with pytest.raises(TypeError, match=f"pass seed={int(random)} for a reproducible"):
            ExactCover(DATA, random=random)


@pytest.mark.parametrize("random", [True, False, None, np.True_, np.False_])
def test_random_takes_bools_and_none(random):
    for make in _random_searches(random):
        assert make().count() >= 1


def test_zero_count_forbids_choices():
    # Constraint 5 must be satisfied zero times: C and D are out, and B + E
    # covers everything else exactly once.
    assert sorted(map(sorted, MultiCover(DATA, counts={5: 0}))) == [["B", "E"]]
    assert MultiCover(DATA, counts={5: 0}, initial=["D"]).count() == 0
    assert sorted(map(sorted, MultiCover(DATA, counts={5: 0}, satisfy=[1, 2, 3, 4, 6, 7]))) == [
        ["B", "E"]
    ]


def test_required_constraint_nobody_satisfies_gives_no_solutions():
    assert MultiCover(DATA, satisfy=[1, 99]).count() == 0
    assert MultiCover(DATA, counts={99: 1}).count() == 0
    # ...but optional ones, and counts of zero, are harmless.
    assert MultiCover(DATA, counts={99: 3}, satisfy=[1, 2, 3, 4, 5, 6, 7]).count() == 1
    assert MultiCover(DATA, counts={99: 0}).count() == 1
    assert ExactCover(DATA, secondary=[99]).count() == 1


def test_repr():
    solver = ExactCover(DATA)
    assert repr(solver) == "<ExactCover: 6 choices, 7 constraints, active>"
    solver.count()
    assert repr(solver).endswith("exhausted>")


def test_primary_constraints_that_no_choice_satisfies_leave_no_solutions() -> None:
    data = {"A": [1, 4], "B": [2], "C": [3]}
    assert ExactCover(data).count() == 1
    assert ExactCover(data, primary=[1, 2]).count() == 1
    assert ExactCover(data, primary=[5]).count() == 0
    assert list(ExactCover(data, primary=["cell"])) == []
    with pytest.raises(ValueError, match="constraint 5 is both primary and secondary"):
        ExactCover(data, primary=[5], secondary=[5])
    with pytest.raises(TypeError, match="primary must be an iterable of constraints"):
        ExactCover(data, primary=5)  # type: ignore[arg-type]


# What users catch: kind, option and item in their own objects ---------------------


def _caught(call):
    with pytest.raises(ExactCoverError) as info:
        call()
    error = info.value
    return error.kind, error.option, error.item


def test_errors_from_the_core_name_the_users_choice_and_constraint():
    assert _caught(lambda: ExactCover({"A": [1], "B": []})) == ("empty_option", "B", None)
    assert _caught(lambda: MultiCover({("x", 1): ["a"], ("x", 2): ["b", "c", "c"]})) == (
        "duplicate_item",
        ("x", 2),
        "c",
    )
    assert _caught(lambda: ExactCover({"a": {1: "red"}})) == ("color_on_item", "a", 1)
    assert _caught(
        lambda: MultiCover({"a": {1: None, "x": "red"}}, counts={"x": 2}, satisfy=[1])
    ) == ("color_on_item", "a", "x")
    big = ExactCover({(k, s): [k, ("s", s)] for k in range(6) for s in range(6)})
    assert _caught(lambda: big.solution_graph(max_bytes=0)) == ("memory_cap", None, None)


def test_errors_raised_by_the_facade_carry_the_same_attributes():
    assert _caught(lambda: MultiCover(DATA, counts={7: -1})) == ("invalid_bounds", None, 7)
    assert _caught(lambda: MultiCover(DATA, counts={7: 2**40})) == ("too_large", None, 7)
    assert _caught(lambda: ExactCover(DATA, primary=[5], secondary=[5])) == (
        "invalid_bounds",
        None,
        5,
    )
    from exactcover import from_matrix

    assert _caught(lambda: from_matrix([[1, 0], [0, 2]])) == ("not_binary", 1, 1)


def test_dlx_errors_carry_the_line_or_the_option_and_item():
    from exactcover import DlxFormatError, DlxProblem, parse_dlx

    with pytest.raises(DlxFormatError) as info:
        parse_dlx("A B\nA\nA C\n")
    error = info.value
    assert (error.kind, error.line, error.option, error.item) == ("dlx", 3, None, None)
    assert error.reason == 'unknown item name "C"'
    with pytest.raises(DlxFormatError) as info:
        DlxProblem(["A", "B"], [["A"], ["B", "Z"]])
    error = info.value
    assert (error.kind, error.line, error.option, error.item) == ("dlx", None, 1, "Z")
    with pytest.raises(DlxFormatError) as info:
        DlxProblem(["A", "B"], [["B"], ["A", "A"]])  # checked in Rust
    assert (info.value.kind, info.value.line, info.value.option) == ("dlx", None, 1)
    with pytest.raises(DlxFormatError) as info:
        DlxProblem(["A", "B C"], [])  # checked in Rust
    assert (info.value.kind, info.value.item) == ("dlx", "B C")


def test_an_error_made_by_hand_has_the_attributes_too():
    error = ExactCoverError("made by hand")
    assert (error.kind, error.option, error.item) == (None, None, None)


def test_colors_the_native_solver_cannot_place_are_exact_cover_errors():
    from exactcover._native import Solver

    with pytest.raises(ExactCoverError, match="entry 5 of option 0") as info:
        Solver([(True, 1, 1), (False, 0, 1)], [[0, 1]], None, [(0, 5, 0)])
    assert (info.value.kind, info.value.option) == ("color_on_entry", 0)
    with pytest.raises(ExactCoverError, match="option 3, which does not exist") as info:
        Solver([(True, 1, 1), (False, 0, 1)], [[0, 1]], None, [(3, 0, 0)])
    assert (info.value.kind, info.value.option) == ("color_on_entry", 3)


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


def test_huge_arguments_are_clear_errors():
    with pytest.raises(ValueError, match="n must be at most 1,000,000 subtrees"):
        queens(6).split(2**70)
    # Bounds beyond the solver's counters are clamped, not errors.
    assert queens(6).count(limit=2**70) == 4
    assert len(queens(6).first(2**63)) == len(queens(6).first(2**70)) == 4
    assert parse_dlx("A\nA\n").solutions().first(2**100) == [[0]]
    assert queens(6, seed=2**70 + 3).count() == 4


@pytest.mark.parametrize(
    "timeout", [10**400, Fraction(10**400), Decimal("1e400"), math.inf, 60, 2.5, np.float32(60)]
)
def test_a_timeout_is_any_real_number_and_one_too_large_for_a_float_is_none(timeout):
    assert queens(6).count(timeout=timeout) == 4
    assert len(list(queens(6).solutions(timeout=timeout))) == 4
    assert parse_dlx("A\nA\n").count(timeout=timeout) == 1


@pytest.mark.parametrize("zero", [0, -0.0, Decimal("-0"), Fraction(0)])
def test_a_timeout_of_zero_says_0_s(zero):
    # A negative zero is zero: its SearchTimeout said "time limit of -0 s".
    for run in (
        lambda: queens(12).count(timeout=zero),
        lambda: list(queens(12).solutions(timeout=zero)),
    ):
        with pytest.raises(SearchTimeout, match="time limit of 0 s reached") as stopped:
            run()
        assert str(stopped.value.seconds) == "0.0"


@pytest.mark.parametrize(
    "timeout, error",
    [
        (-(10**400), ValueError),
        (Fraction(-1, 10**400), ValueError),
        (Decimal("NaN"), ValueError),
        (Decimal("sNaN"), ValueError),
        (math.nan, ValueError),
        (True, TypeError),
        (np.True_, TypeError),
        ("1", TypeError),
    ],
)
def test_a_timeout_that_is_not_a_non_negative_number_is_refused(timeout, error):
    with pytest.raises(error, match="timeout must be"):
        queens(6).count(timeout=timeout)
    with pytest.raises(error, match="timeout must be"):
        queens(6).solutions(timeout=timeout)
