"""Costs and the algebra of the solution graph, against brute force on random
small problems: the k cheapest solutions (on the graph and by branch and
bound), counts by size and by cost, weighted draws (chi-square), verify(),
and the exports (ZDD text read back, DIMACS CNF counted by a small model
counter of this file)."""

import json
import math
import subprocess
import sys
import time
from collections import Counter
from decimal import Decimal
from fractions import Fraction

import pytest
from conftest import brute_force, colored_brute_force, problems, queens_cover, with_secondary
from exactcover import DlxProblem, ExactCover, ExactCoverError, MultiCover, parse_dlx, write_dlx
from exactcover.costs import cost_list
from exactcover.graph import SolutionGraph
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import chi2


def exact_cover_case(problem, data):
    """A random ExactCover with secondary constraints, its brute-force
    solutions and random integer costs."""
    choices, secondary, expected = with_secondary(problem, data)
    costs = {c: data.draw(st.integers(0, 5)) for c in choices}
    return ExactCover(choices, secondary=secondary), expected, costs


def check_k_best(found, expected, costs, k):
    """`found` holds distinct solutions with their true costs, and the costs
    are the k least of all solutions'."""
    totals = sorted(sum(costs[c] for c in s) for s in expected)[:k]
    assert [cost for cost, _ in found] == totals
    sets = [frozenset(s) for _, s in found]
    assert len(set(sets)) == len(sets)
    for cost, s in found:
        assert frozenset(s) in expected
        assert cost == sum(costs[c] for c in s)


@settings(max_examples=200, deadline=None)
@given(problems(), st.data(), st.integers(1, 6))
def test_k_cheapest_match_brute_force(problem, data, k):
    cover, expected, costs = exact_cover_case(problem, data)
    by_graph = cover.cheapest(costs, k, method="graph")
    check_k_best(by_graph, expected, costs, k)
    check_k_best(cover.cheapest(costs, k, method="branch"), expected, costs, k)
    check_k_best(cover.cheapest(costs.__getitem__, k), expected, costs, k)
    # Ties come in the order of the graph's solutions.
    graph = cover.solution_graph()
    order = {frozenset(s): n for n, s in enumerate(graph)}
    for (c1, s1), (c2, s2) in zip(by_graph, by_graph[1:]):
        if c1 == c2:
            assert order[frozenset(s1)] < order[frozenset(s2)]
    one = cover.cheapest(costs)
    if expected:
        assert one[0] == min(sum(costs[c] for c in s) for s in expected)
    else:
        assert one is None
    # Float costs give the same totals (halves add exactly).
    halves = {c: v / 2 for c, v in costs.items()}
    assert [c for c, _ in graph.cheapest(halves, k)] == [c / 2 for c, _ in by_graph]
    branch = cover.cheapest(halves, k, method="branch")
    assert [c for c, _ in branch] == [c / 2 for c, _ in by_graph]


@settings(max_examples=150, deadline=None)
@given(problems(), st.data(), st.integers(1, 4))
def test_the_cheapest_of_a_restricted_search_are_its_subtree_s(problem, data, k):
    # restrict() to a subtree: every method's cheapest solutions are the
    # subtree's (branch and bound rebuilds the problem: the subtree with it).
    universe, choices = problem
    secondary = data.draw(st.lists(st.sampled_from(universe), unique=True))
    names = list(choices)
    forced = data.draw(st.lists(st.sampled_from(names), unique=True)) if names else []
    excluded = data.draw(st.lists(st.sampled_from(names), unique=True)) if names else []
    costs = {c: data.draw(st.integers(0, 5)) for c in choices}
    used = {x for cons in choices.values() for x in cons}
    bounds = {x: ((0, 1) if x in secondary else (1, 1)) for x in used}
    # A forced choice is taken as an initial one is (also one that
    # satisfies no primary constraint).
    expected = brute_force(choices, bounds, used - set(secondary), initial=forced)
    subtree = {s for s in expected if not set(excluded) & s}
    for method in ("graph", "branch", "auto"):
        restricted = ExactCover(choices, secondary=secondary).restrict((forced, excluded))
        check_k_best(restricted.cheapest(costs, k, method=method), subtree, costs, k)


@settings(max_examples=150, deadline=None)
@given(problems(), st.data())
def test_multicover_cheapest_and_counts_match_brute_force(problem, data):
    universe, choices = problem
    counts = data.draw(st.dictionaries(st.sampled_from(universe), st.integers(0, 3)))
    initial = data.draw(st.lists(st.sampled_from(list(choices) or [None]), max_size=1))
    initial = [c for c in initial if c is not None]
    used = {x for cons in choices.values() for x in cons}
    bounds = {x: (counts.get(x, 1),) * 2 for x in used | set(counts)}
    expected = brute_force(choices, bounds, set(bounds), initial)
    cover = MultiCover(choices, initial=initial, counts=counts)
    costs = {c: data.draw(st.integers(0, 4)) for c in choices}
    check_k_best(cover.cheapest(costs, 4), expected, costs, 4)
    graph = cover.solution_graph()
    assert graph.counts_by_cost(costs) == dict(
        sorted(Counter(sum(costs[c] for c in s) for s in expected).items())
    )
    assert graph.counts_by_size() == dict(sorted(Counter(len(s) for s in expected).items()))
    zdd = read_zdd(graph.to_zdd())
    labels = list(choices)
    if expected == {frozenset()}:
        assert zdd == set()  # the one empty solution writes no line
    else:
        assert {frozenset(labels[v] for v in s) for s in zdd} == expected


def read_zdd(text):
    """The family of sets of a ZDD text (root on the last line)."""
    nodes = {}
    root = 0
    for line in text.splitlines():
        ident, rest = line.split(": (~")
        var, rest = rest.split("?")
        lo, hi = rest.rstrip(")").split(":")
        root = int(ident, 16)
        nodes[root] = (int(var), int(lo, 16), int(hi, 16))

    def family(p):
        if p <= 1:
            return [frozenset()] if p else []
        v, lo, hi = nodes[p]
        return family(lo) + [s | {v} for s in family(hi)]

    return set(family(root))


def test_counts_are_exact_past_64_bits():
    # Domino tilings of a 2 x n board are Fibonacci numbers; by size and by
    # cost (vertical dominoes cost 1) they are binomial coefficients.
    n = 100
    dominoes = {("v", c): [(0, c), (1, c)] for c in range(n)}
    for c in range(n - 1):
        for r in range(2):
            dominoes[("h", r, c)] = [(r, c), (r, c + 1)]
    graph = ExactCover(dominoes).solution_graph()
    by_cost = graph.counts_by_cost(lambda d: int(d[0] == "v"))
    # j vertical dominoes, (n - j) / 2 pairs of horizontal ones.
    expected = {j: math.comb(j + (n - j) // 2, j) for j in range(0, n + 1, 2)}
    assert by_cost == expected
    assert sum(by_cost.values()) == graph.count > 2**64
    # Every tiling has n dominoes (j vertical, n - j horizontal).
    assert graph.counts_by_size() == {n: graph.count}
    assert graph.cheapest(lambda d: int(d[0] == "v"))[0] == 0


@settings(max_examples=30, deadline=None)
@given(problems(), st.data())
def test_weighted_sampling_follows_the_weights(problem, data):
    _, choices = problem
    used = {x for cons in choices.values() for x in cons}
    expected = brute_force(choices, dict.fromkeys(used, (1, 1)), used)
    if len(expected) < 2:
        return
    weights = {c: data.draw(st.sampled_from([0.5, 1, 2, 3])) for c in choices}
    graph = ExactCover(choices).solution_graph()
    draws = 4000
    drawn = Counter(
        frozenset(s)
        for s in graph.sample(draws, seed=data.draw(st.integers(0, 99)), weights=weights)
    )
    assert set(drawn) <= expected
    mass = {s: math.prod(weights[c] for c in s) for s in expected}
    total = sum(mass.values())
    stat = sum((drawn[s] - draws * m / total) ** 2 / (draws * m / total) for s, m in mass.items())
    # A draw this far off the weights happens once in a million.
    assert stat < chi2.ppf(1 - 1e-6, len(expected) - 1)


def test_weighted_sampling_is_reproducible_and_refuses_zero_weights():
    choices = {"A": [1, 2], "B": [1], "C": [2], "D": [1, 2]}
    graph = ExactCover(choices).solution_graph()
    weights = {"A": 1, "B": 2, "C": 0.5, "D": 0}
    assert graph.sample(50, seed=3, weights=weights) == graph.sample(50, seed=3, weights=weights)
    assert all(s != ["D"] for s in graph.sample(200, seed=1, weights=weights))
    with pytest.raises(ValueError, match="weighs 0"):
        graph.sample(seed=1, weights=dict.fromkeys(choices, 0))
    with pytest.raises(ValueError, match="weight of choice 'A'"):
        graph.sample(weights={**weights, "A": -1})
    with pytest.raises(TypeError, match="weight of choice 'B'"):
        graph.sample(weights={**weights, "B": "x"})


def test_an_initial_choice_of_weight_zero_leaves_nothing_to_sample():
    # The initial choice is in every solution, so every solution weighs 0:
    # the draw went on regardless of its weight, and gave ['A', 'B'].
    choices = {"A": [1], "B": [2], "C": [2]}
    graph = ExactCover(choices, initial=["A"]).solution_graph()
    for k in (None, 0, 3):
        with pytest.raises(ValueError, match="weighs 0"):
            graph.sample(k, seed=1, weights={"A": 0, "B": 1, "C": 1})
    drawn = graph.sample(200, seed=1, weights={"A": 2, "B": 1, "C": 0})
    assert drawn == [["A", "B"]] * 200


def test_cost_arguments_are_checked():
    cover = ExactCover({"A": [1, 2], "B": [1], "C": [2]})
    with pytest.raises(ValueError, match="no value for choice 'C'"):
        cover.cheapest({"A": 1, "B": 1})
    with pytest.raises(ValueError, match="'Z', which is not a choice"):
        cover.cheapest({"A": 1, "B": 1, "C": 1, "Z": 2})
    with pytest.raises(ValueError, match="cost of choice 'B' is negative"):
        cover.cheapest({"A": 1, "B": -1, "C": 1})
    with pytest.raises(ValueError, match="nonnegative and finite"):
        cover.cheapest({"A": 1, "B": math.nan, "C": 1})
    with pytest.raises(ValueError, match="2\\*\\*64"):
        cover.cheapest(lambda c: 2**63)
    with pytest.raises(TypeError, match="mapping"):
        cover.cheapest([1, 2, 3])
    with pytest.raises(ValueError, match="method"):
        cover.cheapest(len, method="fast")
    with pytest.raises(TypeError, match="cost of choice 'A' must be an int, not float"):
        cover.solution_graph().counts_by_cost(lambda c: 0.5)
    # The message named no choice ("counts_by_cost() needs integer costs").
    with pytest.raises(TypeError, match="cost of choice 'C' must be an int, not float"):
        cover.solution_graph().counts_by_cost({"A": 1, "B": 2, "C": 1.0})
    # A bool is the int 0 or 1 (a predicate as costs).
    by_cost = cover.solution_graph().counts_by_cost({"A": 1, "B": True, "C": 1})
    assert by_cost == cover.solution_graph().counts_by_cost({"A": 1, "B": 1, "C": 1})
    assert cost_list({"a": True}, ["a"]) == [1]


def test_float_costs_that_add_up_past_the_largest_float_are_refused():
    # A solution of two choices of 1.5e308 cost inf, listed as any other.
    cover = ExactCover({"A": [1, 2], "B": [1], "C": [2], "D": [1, 2]})
    huge = {"A": 3.0, "B": 1.5e308, "C": 1.5e308, "D": 1.0}
    for method in ("graph", "branch"):
        with pytest.raises(ValueError, match="float costs must add up to at most"):
            cover.cheapest(huge, 4, method=method)
    with pytest.raises(ValueError, match="float costs must add up to at most"):
        cover.solution_graph().cheapest(huge, 4)
    # Up to the largest float, every sum is finite.
    large = {"A": 3.0, "B": 0.5e308, "C": 0.5e308, "D": 1.0}
    assert cover.cheapest(large, 4)[-1] == (1e308, ["B", "C"])


def test_bool_costs_are_the_ints_0_and_1():
    # A predicate as costs: True was read as the float 1.0, so the totals came
    # out as floats and counts_by_cost() said it needed integer costs.
    cover = ExactCover({"A": [1, 2], "B": [1], "C": [2], "D": [1, 2]})
    in_bc = "BC".__contains__
    assert cost_list(in_bc, list("ABCD")) == [0, 1, 1, 0]
    assert all(type(v) is int for v in cost_list(in_bc, list("ABCD")))
    for method in ("graph", "branch"):
        found = cover.cheapest(in_bc, 3, method=method)
        assert sorted(found) == [(0, ["A"]), (0, ["D"]), (2, ["B", "C"])]
        assert all(type(cost) is int for cost, _ in found)
    assert cover.solution_graph().counts_by_cost(in_bc) == {0: 2, 2: 1}
    # Beside a float they are floats, as ints are.
    assert cost_list({"a": True, "b": 0.5}, ["a", "b"]) == [1.0, 0.5]


def test_costs_and_weights_given_as_text_are_a_type_error():
    # float() read '5' as 5.0: the costs were "numbers" the docs say raise TypeError.
    cover = ExactCover({"A": [1, 2], "B": [1], "C": [2]})
    for text in ["5", b"5", bytearray(b"5"), "nan"]:
        with pytest.raises(TypeError, match="cost of choice 'A' must be a number"):
            cover.cheapest({"A": text, "B": 1, "C": 1})
        with pytest.raises(TypeError, match="weight of choice 'A' must be a number"):
            cover.solution_graph().sample(weights={"A": text, "B": 1, "C": 1})
    # Numbers of other types are still numbers.
    assert cover.cheapest({"A": Fraction(1, 2), "B": 1, "C": Decimal(1)}) == (0.5, ["A"])
    next(cover)
    with pytest.raises(ValueError, match="started"):
        cover.cheapest(len)


def test_auto_falls_back_to_branch_and_bound_when_the_graph_does_not_fit():
    cells = [(r, c) for r in range(4) for c in range(8)]
    dominoes = {
        (a, b): [a, b]
        for a in cells
        for b in cells
        if a < b and abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
    }
    costs = {d: (hash(d) % 7) for d in dominoes}
    exact = ExactCover(dominoes).cheapest(costs, 5, method="graph")
    assert ExactCover(dominoes).cheapest(costs, 5, max_bytes=1000) == ExactCover(dominoes).cheapest(
        costs, 5, method="branch"
    )
    assert [c for c, _ in ExactCover(dominoes).cheapest(costs, 5, max_bytes=1000)] == [
        c for c, _ in exact
    ]
    with pytest.raises(Exception, match="bytes"):
        ExactCover(dominoes).cheapest(costs, method="graph", max_bytes=1000)


def test_branch_and_bound_refuses_multiplicities_and_takes_colors():
    cover = MultiCover({"A": [1], "B": [1]}, counts={1: 2})
    assert cover.cheapest({"A": 1, "B": 2}) == (3, ["A", "B"])
    with pytest.raises(ExactCoverError, match="multiplicities") as caught:
        MultiCover({"A": [1], "B": [1]}, counts={1: 2}).cheapest(len, method="branch")
    assert caught.value.kind == "unsupported"
    # Auto falls back to branch and bound only when the graph does not fit;
    # with multiplicities that is the same clear error.
    with pytest.raises(ExactCoverError, match="multiplicities"):
        MultiCover({"A": [1], "B": [1]}, counts={1: 2}).cheapest(len, max_bytes=0)
    colored = {"a": {1: None, "x": "red"}, "b": {2: None, "x": "red"}, "c": {2: None}}
    costs = {"a": 1, "b": 5, "c": 2}
    for method in ("auto", "graph", "branch"):
        assert ExactCover(colored, secondary=["x"]).cheapest(costs, method=method) == (
            3,
            ["a", "c"],
        )
    clash = {"a": {1: None, "x": "red"}, "b": {2: None, "x": "blue"}, "c": {2: None}}
    assert ExactCover(clash, secondary=["x"]).cheapest(
        {"a": 1, "b": 0, "c": 2}, 2, method="branch"
    ) == [(3, ["a", "c"])]


@st.composite
def colored_costed(draw):
    """A random problem whose secondary constraints may take colors, some
    initial choices, and random integer costs."""
    universe = draw(st.lists(st.integers(0, 7), min_size=1, max_size=6, unique=True))
    secondary = set(draw(st.lists(st.sampled_from(universe), unique=True)))
    choices = {}
    for k in range(draw(st.integers(0, 10))):
        cons = draw(st.lists(st.sampled_from(universe), min_size=1, max_size=4, unique=True))
        colors = st.sampled_from([None, "red", "blue"])
        choices[f"c{k}"] = {c: (draw(colors) if c in secondary else None) for c in cons}
    # Initial choices with a primary constraint (the brute force below
    # knows no others).
    able = [c for c, cons in choices.items() if set(cons) - secondary]
    initial = draw(st.lists(st.sampled_from(able or ["-"]), max_size=1, unique=True))
    initial = [c for c in initial if c in choices]
    costs = {c: draw(st.integers(0, 6)) for c in choices}
    return choices, secondary, initial, costs


@settings(max_examples=300, deadline=None)
@given(colored_costed(), st.integers(1, 6))
def test_branch_and_bound_with_colors_matches_brute_force(case, k):
    choices, secondary, initial, costs = case
    expected = {s for s in colored_brute_force(choices, secondary) if set(initial) <= s}
    cover = ExactCover(choices, initial, secondary=secondary)
    check_k_best(cover.cheapest(costs, k, method="branch"), expected, costs, k)
    cover = ExactCover(choices, initial, secondary=secondary)
    check_k_best(cover.cheapest(costs, k, method="graph"), expected, costs, k)
    halves = {c: v / 2 for c, v in costs.items()}
    cover = ExactCover(choices, initial, secondary=secondary)
    totals = sorted(sum(costs[c] for c in s) for s in expected)[:k]
    assert [c for c, _ in cover.cheapest(halves, k, method="branch")] == [t / 2 for t in totals]


@settings(max_examples=200, deadline=None)
@given(problems(), st.data())
def test_verify_accepts_exactly_the_solutions(problem, data):
    choices, secondary, expected = with_secondary(problem, data)
    cover = ExactCover(choices, secondary=secondary)
    candidate = data.draw(st.lists(st.sampled_from(list(choices) or [None]), max_size=4))
    candidate = [c for c in candidate if c is not None]
    if len(set(candidate)) == len(candidate) and frozenset(candidate) in expected:
        cover.verify(candidate)
    else:
        with pytest.raises(ValueError, match="not a solution"):
            cover.verify(candidate)
    for s in expected:
        cover.verify(sorted(s, key=repr, reverse=True))


def test_verify_names_the_constraint_broken():
    cover = ExactCover(
        {"A": [1, 2], "B": [1], "C": [2], "D": ["x"]}, secondary=["x"], initial=["B"]
    )
    cover.verify(["B", "C"])
    with pytest.raises(ValueError, match="constraint 2 is satisfied by 0 choices, not exactly 1"):
        cover.verify(["B"])
    with pytest.raises(ValueError, match=r"constraint 1 is satisfied by 2 choices \('A', 'B'\)"):
        cover.verify(["A", "B"])
    with pytest.raises(ValueError, match="initial choice 'B' is missing"):
        cover.verify(["A"])
    with pytest.raises(ValueError, match="'C' is taken twice"):
        cover.verify(["B", "C", "C"])
    with pytest.raises(ValueError, match="'D' has no primary constraint"):
        cover.verify(["B", "C", "D"])
    with pytest.raises(KeyError, match="'Q'"):
        cover.verify(["Q"])
    colored = ExactCover(
        {"a": {1: None, "x": "red"}, "b": {2: None, "x": "red"}, "c": {2: None, "x": "blue"}},
        secondary=["x"],
    )
    colored.verify(["a", "b"])
    with pytest.raises(ValueError, match="constraint 'x' is satisfied by 2 choices"):
        colored.verify(["a", "c"])
    multi = MultiCover({"A": [1], "B": [1], "C": [1]}, counts={1: 2})
    multi.verify(["A", "C"])
    with pytest.raises(ValueError, match=r"constraint 1 is satisfied by 3 choices .*not exactly 2"):
        multi.verify(["A", "B", "C"])


def count_models(text):
    """The number of models of a DIMACS CNF, by a small DPLL that counts
    (independent of the package): unit propagation, then a split on the
    first variable left, free variables counted as factors of 2."""
    lines = [ln for ln in text.splitlines() if ln and not ln.startswith("c")]
    header = lines[0].split()
    assert header[:2] == ["p", "cnf"]
    n = int(header[2])
    clauses = [frozenset(int(x) for x in ln.split()[:-1]) for ln in lines[1:]]
    assert len(clauses) == int(header[3])

    def count(clauses, free):
        clauses = list(clauses)
        while True:
            if any(not c for c in clauses):
                return 0
            unit = next((c for c in clauses if len(c) == 1), None)
            if unit is None:
                break
            (lit,) = unit
            free = free - {abs(lit)}
            clauses = [c - {-lit} for c in clauses if lit not in c]
        if not clauses:
            return 2 ** len(free)
        v = abs(next(iter(clauses[0])))
        rest = free - {v}
        total = 0
        for lit in (v, -v):
            total += count([c - {-lit} for c in clauses if lit not in c] + [], rest)
        return total

    return count(clauses, frozenset(range(1, n + 1)))


@settings(max_examples=200, deadline=None)
@given(problems(), st.data())
def test_cnf_has_one_model_per_solution(problem, data):
    universe, choices = problem
    secondary = data.draw(st.lists(st.sampled_from(universe), unique=True))
    initial = data.draw(st.lists(st.sampled_from(list(choices) or [None]), max_size=1))
    initial = [c for c in initial if c is not None]
    cover = ExactCover(choices, secondary=secondary, initial=initial)
    assert count_models(cover.to_cnf()) == cover.count()


@settings(max_examples=200, deadline=None)
@given(problems(), st.data())
def test_the_cnf_of_a_restricted_search_has_one_model_per_solution_of_its_subtree(problem, data):
    # to_cnf() encoded the whole problem after restrict(): more models than
    # count(), which counts the subtree.
    universe, choices = problem
    secondary = data.draw(st.lists(st.sampled_from(universe), unique=True))
    names = list(choices) or [None]
    forced = [c for c in data.draw(st.lists(st.sampled_from(names), max_size=2)) if c is not None]
    excluded = [c for c in data.draw(st.lists(st.sampled_from(names), max_size=3)) if c is not None]

    def restricted():
        return ExactCover(choices, secondary=secondary).restrict((forced, excluded))

    assert count_models(restricted().to_cnf()) == restricted().count()


def test_cnf_refuses_what_it_cannot_encode():
    # The constraint is named as the user named it (it said "constraint number 0").
    with pytest.raises(ValueError, match="constraint 'y' is counted between 2 and 2 times"):
        MultiCover({"A": ["y"], "B": ["y"]}, counts={"y": 2}).to_cnf()
    with pytest.raises(ValueError, match="colors"):
        ExactCover({"a": {1: None, "x": "red"}}, secondary=["x"]).to_cnf()
    # A primary constraint no choice satisfies: an empty clause.
    cnf = ExactCover({"A": [1]}, primary=[1, 2]).to_cnf()
    assert "\n0\n" in cnf and count_models(cnf) == 0


def test_dlx_costs_round_trip_and_cheapest():
    text = "A B C\nA B |3\nA |1\nB |1 |0\nC |4\nC |2 |1\nA B C |9\n"
    p = parse_dlx(text)
    assert p.costs == [3, 1, 1, 4, 3, 9]
    assert parse_dlx(p.to_dlx()) == p and parse_dlx(p.to_dlx()).costs == p.costs
    assert [c for c, _ in p.cheapest(3)] == [5, 6, 6]
    assert p.cheapest() == (5, [1, 2, 4])
    assert p.cheapest(3, method="branch")[0] == (5, [1, 2, 4])
    built = DlxProblem(["A", "B"], [["A"], ["B"], ["A", "B"]], costs=[1, 2, 5])
    assert built.costs == [1, 2, 5]
    assert built.to_dlx() == "A B\nA |1\nB |2\nA B |5\n"
    text = write_dlx({"a": [1, 2], "b": [1], "c": [2]}, costs={"a": 5, "b": 1, "c": 2})
    assert parse_dlx(text).cheapest() == (3, [1, 2])
    cover = ExactCover({"a": [1, 2], "b": [1], "c": [2], "d": ["x"]}, secondary=["x"])
    written = parse_dlx(write_dlx(cover, costs=lambda c: ord(c)))
    assert written.costs == [ord("a"), ord("b"), ord("c")]
    with pytest.raises(TypeError, match="integers"):
        write_dlx(cover, costs=lambda c: 0.5)


def test_write_dlx_takes_the_costs_of_every_choice_initial_ones_too():
    # A mapping of every choice's cost, as cheapest() takes it, was refused:
    # "costs names 'A', which is not a choice" (A is an initial choice, made
    # before writing; E, which A excludes, was refused the same way).
    choices = {"A": [1], "B": [2, 3], "C": [2], "D": [3], "E": [1, 4], "F": [4]}
    costs = {"A": 10, "B": 5, "C": 1, "D": 1, "E": 0, "F": 2}
    cover = ExactCover(choices, initial=["A"])
    found = cover.cheapest(costs, 2)
    assert [(c, set(s)) for c, s in found] == [(14, set("ACDF")), (17, set("ABF"))]
    text = write_dlx(ExactCover(choices, initial=["A"]), costs=costs)
    assert write_dlx(ExactCover(choices, initial=["A"]), costs=costs.__getitem__) == text
    # The file's solutions lack the initial choice, and so do their costs.
    assert [c for c, _ in parse_dlx(text).cheapest(2)] == [4, 7]
    # The costs of the choices written are enough; a choice is still needed.
    without_a = {c: v for c, v in costs.items() if c != "A"}
    assert write_dlx(ExactCover(choices, initial=["A"]), costs=without_a) == text
    with pytest.raises(ValueError, match="no value for choice 'C'"):
        write_dlx(ExactCover(choices, initial=["A"]), costs={"B": 1, "D": 1, "F": 1})
    with pytest.raises(ValueError, match="costs names 'Z', which is not a choice"):
        write_dlx(ExactCover(choices, initial=["A"]), costs={**costs, "Z": 1})


def test_dlx_cheapest_takes_max_bytes():
    # DlxProblem.cheapest() had no max_bytes: the graph's cap could not be
    # raised, though the errors of a graph too large say to raise it.
    p = parse_dlx("2:2|A B\nA |1\nA |2\nA B |5\nB |0\n")
    assert p.cheapest(2, max_bytes=10**6) == [(3, [0, 1, 3]), (6, [0, 2])]
    with pytest.raises(ExactCoverError, match="memory cap of 0 bytes"):
        p.cheapest(method="graph", max_bytes=0)
    with pytest.raises(ExactCoverError, match="larger max_bytes") as caught:
        p.cheapest(max_bytes=0)
    assert caught.value.kind == "unsupported"
    assert parse_dlx("A B\nA |1\nB |2\nA B |4\n").cheapest(max_bytes=0) == (3, [0, 1])


def run_cli(*args, stdin=""):
    return subprocess.run(
        [sys.executable, "-m", "exactcover", "solve", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )


def test_cli_prints_the_k_cheapest():
    text = "A B C\nA B |3\nA |1\nB |1\nC |4\nC |2 |1\n"
    done = run_cli("--cheapest", "2", "-", stdin=text)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("cost: 5\n1:\n A\n B\n C\n")
    done = run_cli("--cheapest", "5", "--json", "-", stdin=text)
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["cost"] for r in records] == [5, 6, 6, 7]
    assert records[0]["options"] == [1, 2, 4] and records[0]["lines"] == [3, 4, 6]
    done = run_cli("--cheapest", "1", "--count", "-", stdin=text)
    assert done.returncode == 2 and "--cheapest cannot be used with --count" in done.stderr


@pytest.mark.parametrize("k", [2**64 - 1, 2**64, 10**30])
def test_a_k_past_64_bits_asks_for_all_the_solutions(k):
    cover = ExactCover({"A": [1, 2], "B": [1], "C": [2], "D": [1, 2]})
    costs = {"A": 3, "B": 1, "C": 1, "D": 2}
    everything = [(2, ["B", "C"]), (2, ["D"]), (3, ["A"])]
    for method in ("auto", "graph", "branch"):
        assert cover.cheapest(costs, k, method=method) == everything
    assert cover.solution_graph().cheapest(costs, k) == everything
    assert ExactCover({"A": [1]}).cheapest({"A": 1}, k) == [(1, ["A"])]
    problem = parse_dlx("A B\nA |5\nB |1\nA B |10\n")
    assert problem.cheapest(k) == [(6, [0, 1]), (10, [2])]
    done = run_cli("--cheapest", str(k), "-", stdin="A B\nA |5\nB |1\nA B |10\n")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("cost: 6\n")


@pytest.mark.skipif(sys.platform == "win32", reason="pthread_kill is POSIX")
def test_ctrl_c_interrupts_branch_and_bound():
    from test_runtime import InterruptMain

    cover = queens_cover(24)
    start = time.perf_counter()
    with InterruptMain(0.3), pytest.raises(KeyboardInterrupt):
        # Every one of the solutions ties: the search would list them all.
        cover.cheapest(lambda square: 0, 10**9, method="branch")
    assert time.perf_counter() - start < 10


@settings(max_examples=100, deadline=None)
@given(problems(), st.data())
def test_setset_holds_exactly_the_solutions(problem, data):
    from graphillion import setset

    cover, expected, _ = exact_cover_case(problem, data)
    family = cover.solution_graph().to_setset()
    assert isinstance(family, setset)
    assert {frozenset(s) for s in family} == expected
    assert family.len() == len(expected)


def test_setset_of_many_solutions_is_built_without_listing_them():
    # 12,988,816 domino tilings of 8 x 8 (OEIS A004003), and all their
    # supersets algebra: the ones with a given domino are counted too.
    cells = [(r, c) for r in range(8) for c in range(8)]
    dominoes = {
        (a, b): [a, b]
        for a in cells
        for b in cells
        if a < b and abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
    }
    graph = ExactCover(dominoes).solution_graph()
    family = graph.to_setset()
    assert family.len() == graph.count == 12988816
    corner = ((0, 0), (0, 1))
    with_corner = ExactCover(dominoes, [corner]).count()
    assert family.supersets(setset_of([[corner]])).len() == with_corner


def setset_of(sets):
    """A graphillion setset of `sets` (lists of elements)."""
    from graphillion import setset

    return setset([set(s) for s in sets])


def test_setset_refuses_what_graphillion_cannot_hold_as_its_docstring_says():
    pytest.importorskip("graphillion")
    doc = SolutionGraph.to_setset.__doc__
    raises = doc[doc.index("Raises:") :]
    # Choices that are sets: graphillion would take them for sets of elements.
    sets = ExactCover({frozenset("a"): [1], frozenset("b"): [1]}).solution_graph()
    with pytest.raises(TypeError, match="choices must not be sets"):
        sets.to_setset()
    assert "TypeError" in raises
    # 8,193 solutions of one choice each: graphillion's ZDD operations recurse
    # once per element, and past 8,192 its C library ended the process.
    wide = ExactCover({k: ["x"] for k in range(8193)}).solution_graph()
    with pytest.raises(ValueError, match="8,193 distinct choices, more than the 8,192"):
        wide.to_setset()
    assert "ValueError" in raises


def test_setset_without_graphillion_names_the_extra(monkeypatch):
    graph = ExactCover({"A": [1]}).solution_graph()
    monkeypatch.setitem(sys.modules, "graphillion", None)
    with pytest.raises(ImportError, match=r"exactcover-dlx\[graphillion\]"):
        graph.to_setset()
