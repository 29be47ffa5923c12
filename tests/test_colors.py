"""Colors (Knuth's XCC) from Python, checked against a brute force; and
Knuth's Monte Carlo estimate of the search tree."""

import pytest
from conftest import colored_brute_force, queens_problem
from exactcover import Estimate, ExactCover, ExactCoverError, MultiCover, parse_dlx
from hypothesis import given, settings
from hypothesis import strategies as st

COLORS = st.sampled_from([None, "red", "blue", 3])


@st.composite
def colored_problems(draw):
    """Choices mapping constraints to colors (None: uncolored); some
    constraints secondary. Colors are only given to secondary constraints."""
    universe = draw(st.lists(st.integers(0, 7), min_size=1, max_size=6, unique=True))
    secondary = set(draw(st.lists(st.sampled_from(universe), unique=True)))
    choices = {}
    for k in range(draw(st.integers(0, 9))):
        cons = draw(st.lists(st.sampled_from(universe), min_size=1, max_size=4, unique=True))
        choices[f"c{k}"] = {c: (draw(COLORS) if c in secondary else None) for c in cons}
    return choices, secondary


@settings(max_examples=300, deadline=None)
@given(colored_problems(), st.one_of(st.none(), st.integers(0, 2**64 - 1)))
def test_colors_match_colored_brute_force(problem, seed):
    choices, secondary = problem
    expected = colored_brute_force(choices, secondary)
    cover = ExactCover(choices, secondary=secondary, seed=seed)
    found = []
    for solution in cover:
        found.append(frozenset(solution))
        # colors() reports exactly the colors the chosen choices give.
        given = {c: col for n in solution for c, col in choices[n].items() if col is not None}
        assert cover.colors(solution) == given
    assert len(found) == len(set(found))
    assert set(found) == expected
    assert ExactCover(choices, secondary=secondary, seed=seed).count() == len(expected)


def test_colors_of_a_choice_not_in_the_problem_is_an_error():
    # A misspelt choice gave no color, and so no sign of the mistake.
    cover = ExactCover({"a": {1: None, "x": "red"}, "b": {2: None}}, secondary=["x"])
    assert cover.colors(["a", "b"]) == {"x": "red"}
    with pytest.raises(KeyError, match="choice 'B' is not one of the choices"):
        cover.colors(["a", "B"])
    with pytest.raises(TypeError, match=r"choice \['a'\] is not hashable"):
        cover.colors([["a"]])
    plain = ExactCover({"a": [1], "b": [2]})
    assert plain.colors(["a", "b"]) == {}
    with pytest.raises(KeyError, match="choice 'c' is not one of the choices"):
        plain.colors(["c"])


@settings(max_examples=150, deadline=None)
@given(colored_problems())
def test_colors_with_multiplicities(problem):
    """MultiCover: required constraints covered exactly twice when counted so;
    colored constraints are optional with count 1."""
    choices, secondary = problem
    used = {c for cons in choices.values() for c in cons}
    primary = sorted(used - secondary)
    counts = dict.fromkeys(primary[:1], 2)
    expected = colored_brute_force(choices, secondary, counts)
    cover = MultiCover(choices, counts=counts, satisfy=primary)
    assert {frozenset(s) for s in cover} == expected


def test_dlx_files_with_colors_solve_as_documented() -> None:
    dlx2 = parse_dlx("A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n")
    assert [sorted(dlx2.option_text(k) for k in s) for s in dlx2] == [["A C X:1 Y:1", "B X:1"]]


def test_color_errors_name_the_culprit() -> None:
    with pytest.raises(
        ExactCoverError, match=r"choice 'a' gives a color to constraint 1, which is not secondary"
    ):
        ExactCover({"a": {1: "red"}})
    with pytest.raises(
        TypeError, match=r"color \[1\] of constraint 'x' of choice 'a' is not hashable"
    ):
        ExactCover({"a": {1: None, "x": [1]}}, secondary=["x"])
    # A constraint that may be satisfied twice cannot have colors.
    with pytest.raises(ExactCoverError, match="gives a color to constraint 'x'"):
        MultiCover({"a": {1: None, "x": "red"}}, counts={"x": 2}, satisfy=[1])
    # Colors may be any hashable; None means no color.
    cover = ExactCover(
        {"a": {1: None, "x": (0, "r")}, "b": {2: None, "x": (0, "r")}}, secondary=["x"]
    )
    assert [sorted(s) for s in cover] == [["a", "b"]]


def test_uncolored_mapping_is_like_a_list() -> None:
    as_lists = {"a": [1, 2], "b": [1], "c": [2]}
    as_maps = {k: dict.fromkeys(v) for k, v in as_lists.items()}
    assert sorted(map(sorted, ExactCover(as_maps))) == sorted(map(sorted, ExactCover(as_lists)))
    assert ExactCover(as_maps).colors(["a"]) == {}


# -- estimate ----------------------------------------------------------------


@pytest.mark.parametrize("n", [6, 8, 10])
def test_estimate_is_close_on_queens(n: int) -> None:
    squares, diagonals = queens_problem(n)
    e = ExactCover(squares, secondary=diagonals).estimate(10_000, seed=n)
    assert isinstance(e, Estimate) and e.samples == 10_000
    solver = ExactCover(squares, secondary=diagonals)
    solutions = solver.count()
    nodes = solver.stats["nodes"]
    assert 0.5 < e.nodes / nodes < 2
    assert abs(e.solutions - solutions) <= max(6 * e.solutions_error, 0.1 * solutions)


@settings(max_examples=100, deadline=None)
@given(colored_problems(), st.integers(0, 2**64 - 1))
def test_estimate_mean_converges(problem, seed):
    """The estimator is unbiased: on small problems the mean of many probes is
    within a few standard errors of the true counts."""
    choices, secondary = problem
    e = ExactCover(choices, secondary=secondary).estimate(3000, seed=seed)
    solver = ExactCover(choices, secondary=secondary)
    # The estimate is of the enumerating search tree: count without the memo.
    solutions = solver.count(memo=False)
    nodes = solver.stats["nodes"]
    assert abs(e.nodes - nodes) <= max(6 * e.nodes_error, 0.05 * nodes) + 1e-9
    assert abs(e.solutions - solutions) <= max(6 * e.solutions_error, 0.05 * solutions) + 1e-9


@settings(max_examples=60, deadline=None)
@given(colored_problems(), st.integers(0, 2**64 - 1), st.integers(1, 3))
def test_the_estimate_of_a_started_search_is_of_the_solutions_to_come(problem, seed, taken):
    """Solutions taken one by one, then the estimate: of those still to
    come, within a few standard errors."""
    choices, secondary = problem
    search = ExactCover(choices, secondary=secondary)
    for _ in zip(range(taken), search):
        pass
    e = search.estimate(3000, seed=seed)
    rest = search.count(memo=False)
    assert abs(e.solutions - rest) <= max(6 * e.solutions_error, 0.05 * rest) + 1e-9


def test_estimate_arguments_and_reproducibility() -> None:
    squares, diagonals = queens_problem(6)
    cover = ExactCover(squares, secondary=diagonals)
    assert cover.estimate(300, seed=5) == cover.estimate(300, seed=5)
    with pytest.raises(ValueError, match="samples must be at least 1"):
        cover.estimate(0)
    with pytest.raises(TypeError, match="samples must be an int"):
        cover.estimate(1.5)  # type: ignore[arg-type]
    # Of a search that has started, what it has left: nothing once over.
    next(cover)
    assert cover.estimate(300, seed=5) == cover.estimate(300, seed=5)
    list(cover)
    assert cover.estimate(10).nodes == cover.estimate(10).solutions == 0
    # Not while the threads of solutions(threads=N) search it.
    threaded = ExactCover(squares, secondary=diagonals)
    stream = threaded.solutions(threads=2)
    next(stream)
    with pytest.raises(ValueError, match="close that iterator") as refused:
        threaded.estimate(10)
    assert str(refused.value).startswith("estimate()")
    stream.close()
    two = MultiCover(
        squares,
        counts=dict.fromkeys(diagonals, 2),
        satisfy=[c for c in {c for cs in squares.values() for c in cs} if c not in diagonals],
    )
    assert two.estimate(100, seed=1).nodes > 0
