"""The ExactCover and MultiCover iterators: the examples of the original
documentation (seeds 000 and 001), verbatim (the same examples are doctests in
exactcover.cover's docstrings); initial choices; the empty problem."""

import doctest

import exactcover

EXACT_COVER_EXAMPLE = """
>>> from exactcover import ExactCover
>>> next(ExactCover(dict(A = [1, 4, 7],
...                      B = [1, 4],
...                      C = [4, 5, 7],
...                      D = [3, 5, 6],
...                      E = [2, 3, 6, 7],
...                      F = [2, 7])))
['B', 'D', 'F']
"""

MULTICOVER_EXAMPLES = """
>>> from exactcover import MultiCover
>>> data = dict(A = [1, 4, 7],
...             B = [1, 4],
...             C = [4, 5, 7],
...             D = [3, 5, 6],
...             E = [2, 3, 6, 7],
...             F = [2, 7])
>>> sorted(next(MultiCover(data)))
['B', 'D', 'F']
>>> sorted(next(MultiCover(data, counts={7: 2})))
['A', 'D', 'F']
>>> sorted(map(sorted, MultiCover(data, satisfy=[1, 2, 3, 4, 6, 7])))
[['B', 'D', 'F'], ['B', 'E']]
"""


def run_doctest(text, name):
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, {}, name, None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    return runner.summarize(verbose=False)


def test_exact_cover_example():
    result = run_doctest(EXACT_COVER_EXAMPLE, "exact-cover-example")
    assert result.failed == 0 and result.attempted == 2


def test_multicover_examples():
    result = run_doctest(MULTICOVER_EXAMPLES, "multicover-examples")
    assert result.failed == 0 and result.attempted == 5


def test_initial_choices_and_contradictions():
    data = dict(A=[1, 4, 7], B=[1, 4], C=[4, 5, 7], D=[3, 5, 6], E=[2, 3, 6, 7], F=[2, 7])
    assert list(exactcover.ExactCover(data, initial=["B"])) == [["B", "D", "F"]]
    assert list(exactcover.ExactCover(data, initial=["A"])) == []
    assert list(exactcover.ExactCover(data, initial=["A", "B"])) == []  # contradictory
    # A repeated initial choice is the choice once (issue 15; the seed's code,
    # which chose B twice, found no solution).
    assert list(exactcover.ExactCover(data, initial=["B", "B"])) == [["B", "D", "F"]]
    assert exactcover.ExactCover(data, initial=["A", "B"]).count() == 0
    # Initial choices come first, in the order given.
    assert next(exactcover.ExactCover(data, initial=["F", "D"])) == ["F", "D", "B"]


def test_empty_problem_has_one_empty_solution():
    assert list(exactcover.ExactCover({})) == [[]]
    assert exactcover.MultiCover({}).count() == 1


def test_an_empty_satisfy_requires_no_constraint_as_documented():
    # The seed's docstring: satisfy is the constraints that must be satisfied
    # (default: all). Its code (`if satisfy:`) took an empty list for the
    # default; a generator, even an empty one, was always taken as given.
    data = dict(A=[1, 4, 7], B=[1, 4], C=[4, 5, 7], D=[3, 5, 6], E=[2, 3, 6, 7], F=[2, 7])
    for nothing in ([], (), set(), iter(())):
        assert list(exactcover.MultiCover(data, satisfy=nothing)) == [[]]
    assert list(exactcover.MultiCover(data, initial=["E"], satisfy=[])) == [["E"]]
    # The optional constraints keep their counts: A and B both satisfy 1.
    assert list(exactcover.MultiCover(data, initial=["A", "B"], satisfy=[])) == []
    assert exactcover.MultiCover(data, satisfy=None).count() == exactcover.MultiCover(data).count()
    doc = exactcover.MultiCover.__doc__
    assert "satisfy=[]" in doc and "requires no constraint" in doc


def test_a_repeated_initial_choice_is_the_choice_once():
    data = {"A": [1], "B": [2], "C": [1, 2]}
    assert exactcover.ExactCover(data, initial=["A", "A"]).count() == 1
    assert list(exactcover.ExactCover(data, initial=["A", "A"])) == [["A", "B"]]
    assert exactcover.ExactCover(data, initial=["A", "C", "A"]).count() == 0


def test_constraints_given_as_one_shot_iterators_are_read_once_and_kept():
    # A generator (or iter(), map()) per choice was read when the problem was
    # built, and found empty when it was made again: verify() and to_cnf()
    # said "the constraints mapping has changed", sweep_order() refused the
    # problem's own constraints.
    def data():
        return {"A": (c for c in [1, 2]), "B": iter([1]), "C": map(int, "2"), "D": [3]}

    plain = {"A": [1, 2], "B": [1], "C": [2], "D": [3]}
    cover = exactcover.ExactCover(data())
    cover.verify(["A", "D"])
    assert cover.to_cnf() == exactcover.ExactCover(plain).to_cnf()
    assert exactcover.ExactCover(data()).sweep_order([3, 2, 1]).count(order="sweep") == 2
    costs = {"A": 3, "B": 1, "C": 1, "D": 0}
    assert exactcover.ExactCover(data()).cheapest(costs, method="branch") == (2, ["D", "B", "C"])
    assert sorted(map(sorted, exactcover.MultiCover(data()))) == [["A", "D"], ["B", "C", "D"]]
