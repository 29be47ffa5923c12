"""Property tests: on random small problems, ExactCover and MultiCover find
exactly the solutions an independent brute-force enumerator finds, and count()
agrees with iteration."""

from conftest import brute_force, problems, with_secondary
from exactcover import ExactCover, MultiCover
from hypothesis import given, settings
from hypothesis import strategies as st


def solutions_of(solver):
    found = [frozenset(s) for s in solver]
    assert len(found) == len(set(found)), "a solution was yielded twice"
    return set(found)


@settings(max_examples=300, deadline=None)
@given(problems(), st.data())
def test_exact_cover_with_secondary_matches_brute_force(problem, data):
    choices, secondary, expected = with_secondary(problem, data)
    seed = data.draw(st.one_of(st.none(), st.integers(0, 2**64 - 1)))
    assert solutions_of(ExactCover(choices, secondary=secondary, seed=seed)) == expected
    assert ExactCover(choices, secondary=secondary, seed=seed).count() == len(expected)


@settings(max_examples=300, deadline=None)
@given(problems(), st.data())
def test_multicover_matches_brute_force(problem, data):
    universe, choices = problem
    counts = data.draw(st.dictionaries(st.sampled_from(universe), st.integers(0, 3)))
    satisfy = data.draw(st.one_of(st.none(), st.lists(st.sampled_from(universe), unique=True)))
    used = {x for cons in choices.values() for x in cons}
    required = set(used | set(counts)) if satisfy is None else set(satisfy)
    bounds = {}
    for x in used | set(counts) | required:
        k = counts.get(x, 1)
        bounds[x] = (k, k) if x in required else (0, k)
    expected = brute_force(choices, bounds, required)
    solver = MultiCover(choices, counts=counts, satisfy=satisfy)
    assert solutions_of(solver) == expected
    assert MultiCover(choices, counts=counts, satisfy=satisfy, random=True).count() == len(expected)


@settings(max_examples=200, deadline=None)
@given(problems(), st.data())
def test_initial_choices_match_brute_force(problem, data):
    universe, choices = problem
    if not choices:
        return
    initial = data.draw(st.lists(st.sampled_from(list(choices)), max_size=2, unique=True))
    counts = data.draw(st.dictionaries(st.sampled_from(universe), st.integers(1, 2)))
    used = {x for cons in choices.values() for x in cons}
    bounds = {x: (counts.get(x, 1),) * 2 for x in used | set(counts)}
    expected = brute_force(choices, bounds, set(bounds), initial)
    solver = MultiCover(choices, initial=initial, counts=counts)
    found = list(solver)
    for solution in found:
        assert solution[: len(initial)] == initial
    assert {frozenset(s) for s in found} == expected
    assert len(found) == len(expected)
