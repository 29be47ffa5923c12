"""Bad input gets a clear exception naming the culprit."""

import pytest
from exactcover import ExactCover, ExactCoverError, MultiCover

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
