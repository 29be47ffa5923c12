"""Memoized counting and the solution graph: against the brute-force oracle on
random problems (also with every hash colliding), against known counts (OEIS),
and their uniform sampler against a chi-square test."""

import copy
import itertools
import pickle
import time
from collections import Counter

import pytest
from conftest import brute_force, dominoes, problems, with_secondary
from exactcover import ExactCover, ExactCoverError, MultiCover, SearchTimeout
from hypothesis import given, settings
from hypothesis import strategies as st


def rectangle(m, n):
    return [(r, c) for r in range(m) for c in range(n)]


def aztec(n):
    """The Aztec diamond of order n: |x| + |y| <= n + 1 for cell centres."""
    return [
        (r, c)
        for r in range(2 * n)
        for c in range(2 * n)
        if abs(2 * r + 1 - 2 * n) + abs(2 * c + 1 - 2 * n) <= 2 * n
    ]


def all_ways(make):
    """Counts of a problem by every path: enumerating, memoized (also with one
    hash for every key, and with a memo so small it is emptied all the time),
    and the solution graph."""
    native = make()._solver
    return {
        "enumerated": make().count(memo=False),
        "auto": make().count(),
        "memo": make().count(memo=True),
        "colliding": native.count(memo=True, memo_bytes=2**20, hash_bits=0)[0],
        "tiny memo": make().count(memo=True, memo_bytes=700),
        "graph": make().solution_graph().count,
    }


def check_against(make, expected):
    counts = all_ways(make)
    assert set(counts.values()) == {len(expected)}, counts
    listed = [frozenset(s) for s in make().solution_graph()]
    assert len(listed) == len(set(listed)), "the graph lists a solution twice"
    assert set(listed) == expected
    if expected:
        assert frozenset(make().solution_graph().sample(seed=3)) in expected


@settings(max_examples=150, deadline=None)
@given(problems(), st.data())
def test_exact_cover_with_secondary(problem, data):
    choices, secondary, expected = with_secondary(problem, data)
    check_against(lambda: ExactCover(choices, secondary=secondary), expected)


@settings(max_examples=150, deadline=None)
@given(problems(), st.data())
def test_multiplicities_and_initial_choices(problem, data):
    universe, choices = problem
    counts = data.draw(st.dictionaries(st.sampled_from(universe), st.integers(0, 3)))
    initial = []
    if choices:
        initial = data.draw(st.lists(st.sampled_from(list(choices)), max_size=2, unique=True))
    used = {x for cons in choices.values() for x in cons}
    bounds = {x: (counts.get(x, 1),) * 2 for x in used | set(counts)}
    expected = brute_force(choices, bounds, set(bounds), initial)
    check_against(lambda: MultiCover(choices, counts=counts, initial=initial), expected)


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_colors_agree_with_the_enumerating_count(data):
    n = data.draw(st.integers(1, 8))
    choices = {}
    for k in range(n):
        cons = dict.fromkeys(data.draw(st.lists(st.integers(0, 4), min_size=1, unique=True)))
        for s in data.draw(st.lists(st.sampled_from("xyz"), unique=True)):
            cons[s] = data.draw(st.sampled_from(["red", "blue", None]))
        choices[k] = cons

    def make():
        return ExactCover(choices, secondary=["x", "y", "z"])

    assert len(set(all_ways(make).values())) == 1
    assert sorted(map(sorted, make())) == sorted(map(sorted, make().solution_graph()))


def test_domino_tilings_match_oeis_a099390():
    # Domino tilings of m x n rectangles (OEIS A099390, A004003).
    known = {(2, 10): 89, (3, 8): 153, (4, 7): 781, (6, 6): 6728, (8, 8): 12988816}
    known[(10, 10)] = 258584046368
    known[(12, 12)] = 53060477521960000
    for (m, n), expected in known.items():
        assert dominoes(rectangle(m, n)).count() == expected, (m, n)


def test_counts_past_two_to_the_64_are_exact_ints():
    # 14 x 14: A004003(7); 2 x 150 strips: Fibonacci numbers.
    cover = dominoes(rectangle(14, 14))
    assert cover.count() == 112202208776036178000000
    # stats are exact too (they saturated at 2**64 - 1 before the one counting entry).
    assert cover.stats["solutions"] == 112202208776036178000000
    a, b = 1, 1
    for _ in range(150):
        a, b = b, a + b
    assert dominoes(rectangle(2, 150)).count() == a
    assert dominoes(rectangle(2, 150)).solution_graph().count == a


def test_a_limit_past_two_to_the_64_with_the_memo_counts_everything():
    # 14 x 14: 112,202,208,776,036,178,000,000 tilings, within a limit of
    # 10**25: memo=True's count is the answer. The limit was capped at
    # 2**64 - 1, under the count, so the count went on tiling by tiling.
    total = 112202208776036178000000
    assert dominoes(rectangle(14, 14)).count(10**25, memo=True, timeout=60) == total
    assert dominoes(rectangle(14, 14)).count(10**20, memo=True, timeout=60) == 10**20
    # An iterator that has started goes on solution by solution, as before.
    cover = dominoes(rectangle(4, 4))
    next(cover)
    assert cover.count(10**25, memo=True) == 35


def test_aztec_diamonds_have_two_to_the_n_n_plus_1_over_2_tilings():
    for n in range(1, 9):
        graph = dominoes(aztec(n)).solution_graph()
        assert graph.count == 2 ** (n * (n + 1) // 2), n


def test_samples_are_uniform():
    # 36 tilings of the 4 x 4 board, 36,000 draws: chi-square with 35 degrees
    # of freedom, below its 99.99% point (about 72).
    graph = dominoes(rectangle(4, 4)).solution_graph()
    draws = Counter(frozenset(s) for s in graph.sample(36000, seed=2026))
    assert len(draws) == 36 == graph.count
    chi2 = sum((k - 1000) ** 2 / 1000 for k in draws.values())
    assert chi2 < 72, (chi2, draws)
    assert graph.sample(5, seed=1) == graph.sample(5, seed=1)
    assert graph.sample(5, seed=1) != graph.sample(5, seed=2)


def test_more_samples_than_memory_holds_are_refused_not_a_crash():
    # 2^40 samples would take 100 TB: the core failed to allocate them and
    # aborted the process; now a ValueError naming k, weighted or not.
    graph = dominoes(rectangle(2, 2)).solution_graph()
    for weights in (None, {c: 1 for s in graph for c in s}):
        with pytest.raises(ValueError, match=r"k of 1,099,511,627,776 samples would take"):
            graph.sample(2**40, weights=weights)
    assert len(graph.sample(1000, seed=1)) == 1000


def test_samples_are_sized_by_their_solutions_length(monkeypatch):
    # The check counted 96 bytes a sample whatever its length: measured
    # peaks are 494 bytes a sample of queens 12 and 1,732 of dominoes
    # 40 x 4, so a k that passed the check could take the machine's memory.
    # Sized by the solutions' mean length, with each id's int past 256.
    from exactcover import graph as graph_module

    room = 10_000_000
    monkeypatch.setattr(graph_module, "machine_memory", lambda: room)
    queens = ExactCover(
        {
            (i, j): [("r", i), ("c", j), ("d", i + j), ("a", i - j)]
            for i in range(8)
            for j in range(8)
        },
        secondary=[(d, k) for d in "da" for k in range(-7, 15)],
    ).solution_graph()
    k = 40_000  # 96 bytes a sample: 3.8 MB; 8 choices: about 13 MB
    with pytest.raises(ValueError, match=r"40,000 samples would take about .* of 8 choices"):
        queens.sample(k, seed=1)
    assert len(queens.sample(k // 10, seed=1)) == k // 10
    # Past 256 choices, the ids are ints of their own: 276 options here.
    tilings = dominoes(rectangle(40, 4)).solution_graph()
    assert len(tilings._choices) == 276
    with pytest.raises(ValueError, match=r"\(about 2,896 a sample of 80 choices\)"):
        tilings.sample(room // 2_000, seed=1)
    # Weighted samples may all be the longest solutions.
    mixed = ExactCover({"A": [1, 2, 3, 4], "B": [1], "C": [2], "D": [3], "E": [4]}).solution_graph()
    assert mixed.counts_by_size() == {1: 1, 4: 1}
    with pytest.raises(ValueError, match=r"of 2.5 choices"):
        mixed.sample(room // 200, seed=1)
    with pytest.raises(ValueError, match=r"of 4 choices"):
        mixed.sample(room // 200, seed=1, weights=dict.fromkeys("ABCDE", 1))


def test_auto_keeps_the_memo_on_packing_problems_and_drops_it_on_queens():
    tilings = dominoes(rectangle(10, 10))
    tilings.count()
    assert tilings.memo_stats["active"] and tilings.memo_stats["hits"] > 0
    board = {
        (i, j): [("r", i), ("c", j), ("d", i + j), ("a", i - j)]
        for i in range(12)
        for j in range(12)
    }
    diagonals = {c for cs in board.values() for c in cs if c[0] in "da"}
    queens = ExactCover(board, secondary=diagonals)
    assert queens.count() == 14200
    assert not queens.memo_stats["active"] and queens.memo_stats["entries"] == 0
    # On threads too: the first thread's trial drops it for all.
    queens = ExactCover(board, secondary=diagonals)
    assert queens.count(threads=2) == 14200
    stats = queens.memo_stats
    assert not stats["active"] and stats["entries"] == 0 and 0 < stats["lookups"] < 10_000


def test_a_small_memory_cap_evicts_and_stays_exact():
    cover = dominoes(rectangle(8, 8))
    assert cover.count(memo=True, memo_bytes=50_000) == 12988816
    stats = cover.memo_stats
    assert stats["evictions"] > 0 and stats["peak_bytes"] <= 50_000


def test_counting_resumes_after_iterating():
    cover = dominoes(rectangle(6, 6))
    first = [next(cover) for _ in range(10)]
    assert len(first) == 10
    # With a limit the count goes solution by solution anyway.
    assert cover.count(5, memo=True) == 5
    # The rest memoized (memo=True refused it), as subtrees of a fresh search.
    assert cover.count(memo=True) == 6728 - 15
    assert cover.memo_stats["hits"] > 0
    assert cover.stats["solutions"] == 6728
    assert cover.count() == 0
    assert cover.count(memo=True) == 0
    # A memoized count stopped by its timeout goes on memoizing.
    cover = dominoes(rectangle(12, 12))
    with pytest.raises(SearchTimeout) as stopped:
        cover.count(timeout=1e-4, memo=True)
    assert stopped.value.count + cover.count(memo=True) == 53060477521960000


def test_bad_arguments_and_limits():
    cover = dominoes(rectangle(4, 4))
    with pytest.raises(TypeError, match="memo must be"):
        cover.count(memo="yes")
    # A limit with the memo: exactly the limit (issue 30).
    assert dominoes(rectangle(4, 4)).count(3, memo=True) == 3
    with pytest.raises(ValueError, match="memo_bytes"):
        cover.count(memo_bytes=-1)
    with pytest.raises(ExactCoverError, match="memory cap") as info:
        dominoes(rectangle(8, 8)).solution_graph(max_bytes=10_000)
    assert info.value.kind == "memory_cap"
    next(cover)
    with pytest.raises(ValueError, match="not started"):
        cover.solution_graph()
    with pytest.raises(ValueError, match="no solution"):
        dominoes(rectangle(3, 3)).solution_graph().sample()
    assert dominoes(rectangle(3, 3)).solution_graph().num_nodes == 0
    with pytest.raises(TypeError, match="k must be"):
        dominoes(rectangle(2, 2)).solution_graph().sample("3")


def test_limit_counts_without_the_memo_and_threads_with_it():
    assert dominoes(rectangle(6, 6)).count(limit=100) == 100
    for memo in (None, True, False):
        assert dominoes(rectangle(6, 6)).count(threads=2, memo=memo) == 6728
    # Past 2^64 on threads: only a memo gets there, exactly.
    assert dominoes(rectangle(14, 14)).count(threads=2) == 112202208776036178000000
    # memo_stats after a count on threads: the threads' memos, summed.
    tilings = dominoes(rectangle(8, 8))
    assert tilings.count(threads=2) == 12988816
    stats = tilings.memo_stats
    assert stats["active"] and stats["lookups"] > stats["hits"] > 0 and stats["entries"] > 0
    # A cap so small that every thread's table is emptied again and again.
    assert dominoes(rectangle(8, 8)).count(threads=2, memo=True, memo_bytes=100_000) == 12988816


def test_stats_past_two_to_the_64_are_exact_on_threads():
    # Every thread's solutions are summed as exact counts: stats["solutions"] is
    # the same int as the count (it once read 2**64 - 3 or 2**64 - 5 here).
    cover = dominoes(rectangle(14, 14))
    assert cover.count(threads=2) == 112202208776036178000000
    assert cover.stats["solutions"] == 112202208776036178000000
    assert type(cover.stats["solutions"]) is int


def test_the_graph_cap_bounds_its_nodes_and_edges():
    # One item shared by 200,000 options: a memo table of one entry, but a
    # root with 200,000 edges (1.6 MB) does not fit 10,000 bytes.
    shared = ExactCover({k: ["x"] for k in range(200_000)})
    with pytest.raises(ExactCoverError, match="memory cap") as info:
        shared.solution_graph(max_bytes=10_000)
    assert info.value.kind == "memory_cap"
    graph = ExactCover({k: ["x"] for k in range(200_000)}).solution_graph(max_bytes=1 << 24)
    assert graph.count == 200_000 and graph.nbytes <= 1 << 24


def test_a_solution_graph_copies_and_deep_copies_sharing_its_frozen_native_graph():
    # copy.deepcopy raised "cannot pickle 'exactcover._native.SolutionGraph'".
    class Piece:
        def __init__(self, name):
            self.name = name

    a, b, c = Piece("a"), Piece("b"), Piece("c")
    graph = ExactCover({a: [1, 2], b: [1], c: [2]}).solution_graph()
    shallow, deep = copy.copy(graph), copy.deepcopy(graph)
    assert [[p.name for p in s] for s in shallow] == [["a"], ["b", "c"]]
    assert [[p.name for p in s] for s in deep] == [["a"], ["b", "c"]]
    assert all(p in (a, b, c) for s in shallow for p in s)
    # The deep copy's choices are copies (the native graph, never changed, is shared).
    assert not any(p in (a, b, c) for s in deep for p in s)
    assert deep.count == graph.count == 2 and deep.nbytes == graph.nbytes
    both = copy.deepcopy([graph, graph])
    assert both[0] is both[1]
    with pytest.raises(TypeError, match="a SolutionGraph cannot be pickled"):
        pickle.dumps(graph)


def test_progress_and_timeout_memoize_as_count_does():
    # Every counting path visits the nodes count() visits.
    # (By MRV: under order="auto" the paths that do not race, such as a
    # count stopped by its timeout, would take another tree.)
    plain = dominoes(rectangle(8, 8))
    assert plain.count(order="mrv") == 12988816
    nodes = plain.stats["nodes"]
    for kwargs in ({"timeout": 100}, {"progress": True}, {"timeout": 100, "memo": True}):
        cover = dominoes(rectangle(8, 8))
        assert cover.count(order="mrv", **kwargs) == 12988816, kwargs
        assert cover.stats["nodes"] == nodes, kwargs
        assert cover.memo_stats["hits"] == plain.memo_stats["hits"] > 0, kwargs


def test_a_count_stopped_by_its_timeout_goes_on_with_its_memo():
    # By MRV, so that the nodes do not depend on the clock (see above).
    plain = dominoes(rectangle(14, 14))
    start = time.perf_counter()
    assert plain.count(order="mrv") == 112202208776036178000000
    alone = time.perf_counter() - start
    cover = dominoes(rectangle(14, 14))
    with pytest.raises(SearchTimeout) as stopped:
        cover.count(timeout=alone / 10, order="mrv")
    assert cover.memo_stats["entries"] > 0
    rest = cover.count(order="mrv")
    assert stopped.value.count + rest == 112202208776036178000000
    # The memo was kept: no more nodes than in one go (enumerating would take
    # years), so the interrupted count costs what one count costs.
    assert cover.stats["nodes"] == plain.stats["nodes"]


def _dominoes_dlx(n: int) -> str:
    cells = [f"{r}_{c}" for r in range(n) for c in range(n)]
    lines = [" ".join(cells)]
    for r in range(n):
        for c in range(n):
            if c + 1 < n:
                lines.append(f"{r}_{c} {r}_{c + 1}")
            if r + 1 < n:
                lines.append(f"{r}_{c} {r + 1}_{c}")
    return "\n".join(lines) + "\n"


def test_dlx_problems_and_the_command_line_count_as_count_does(tmp_path, capsys):
    from exactcover import cli, parse_dlx

    problem = parse_dlx(_dominoes_dlx(8))
    assert problem.memo_stats["lookups"] == 0
    for kwargs in ({}, {"timeout": 100}, {"progress": True}, {"memo": True, "memo_bytes": 10**6}):
        assert problem.count(**kwargs) == 12988816, kwargs
        assert problem.memo_stats["hits"] > 0 and problem.memo_stats["active"], kwargs
    assert problem.count(memo=False, limit=5) == 5
    # The command line's count (with its progress line) memoizes too: the
    # nodes of count() (enumerating visits thousands of times more).
    search = problem.solutions()
    assert search.count() == 12988816
    nodes = search.stats["nodes"]
    path = tmp_path / "dominoes.dlx"
    path.write_text(_dominoes_dlx(8))
    capsys.readouterr()
    cli.main(["solve", "--count", "--stats", str(path)])
    out, err = capsys.readouterr()
    assert "12988816" in out and f" {nodes} nodes" in err


def test_the_command_line_count_on_workers_memoizes(tmp_path, capsys):
    from exactcover import cli

    # 14x14 dominoes: 1.1e23 tilings, which only a memoized count reaches.
    path = tmp_path / "dominoes.dlx"
    path.write_text(_dominoes_dlx(14))
    capsys.readouterr()
    assert cli.main(["solve", "--count", "--no-progress", str(path), "--workers", "1"]) == 0
    assert capsys.readouterr().out == "112202208776036178000000\n"


def test_in_tells_a_solution_in_any_order_without_listing_them():
    # `in` fell back on iteration: a solution in another order than the
    # graph's was not in it (['C', 'B'] in graph was False), and on the 2^55
    # tilings of an Aztec diamond `in` would never end.
    graph = ExactCover({"A": [1, 2], "B": [1], "C": [2], "D": [1, 2]}).solution_graph()
    assert ["B", "C"] in graph and ("C", "B") in graph and iter(["D"]) in graph
    for absent in (["B"], ["A", "D"], ["B", "C", "C"], ["Z"], [], [[]], "BC", 3):
        assert absent not in graph
    assert [] in ExactCover({}).solution_graph()
    assert [] not in ExactCover({"A": [1]}, primary=[2]).solution_graph()
    # The initial choices belong to every solution.
    started = ExactCover({"A": [1, 2], "B": [1], "C": [2], "D": [3]}, initial=["D"])
    assert ["B", "D", "C"] in started.solution_graph()
    assert ["B", "C"] not in started.solution_graph()
    tilings = dominoes(rectangle(12, 12)).solution_graph()
    assert tilings.count == 53060477521960000
    rows = [((r, c), (r, c + 1)) for r in range(12) for c in range(0, 12, 2)]
    assert rows in tilings and rows[1:] not in tilings
    assert rows[:-1] + [((11, 10), (11, 11)), ((11, 10), (11, 11))] not in tilings


@settings(max_examples=60, deadline=None)
@given(problems(), st.data())
def test_in_agrees_with_brute_force(problem, data):
    choices, secondary, expected = with_secondary(problem, data)
    graph = ExactCover(choices, secondary=secondary).solution_graph()
    for solution in expected:
        assert list(solution)[::-1] in graph
    names = list(choices)
    for k in range(min(len(names), 4) + 1):
        for subset in itertools.combinations(names, k):
            assert (subset in graph) == (frozenset(subset) in expected)
