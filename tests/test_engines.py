"""The search engines (`engine="auto" | "bitset" | "dlx"`): on random small
problems every path (iteration, count, limit, threads, split and restrict,
the estimate, the solution graph) finds the brute force's solutions with the
engine forced each way; known counts agree; bad names are refused."""

from concurrent.futures import ThreadPoolExecutor

import pytest
from conftest import problems, with_secondary
from exactcover import DlxProblem, ExactCover, ExactCoverError, MultiCover
from hypothesis import given, settings
from hypothesis import strategies as st

ENGINES = ["auto", "bitset", "dlx"]


def solution_set(solutions):
    found = [frozenset(s) for s in solutions]
    assert len(found) == len(set(found)), "a solution was found twice"
    return set(found)


@settings(max_examples=150, deadline=None)
@given(problems(), st.data())
def test_every_path_matches_brute_force_on_each_engine(problem, data):
    choices, secondary, expected = with_secondary(problem, data)
    engine = data.draw(st.sampled_from(ENGINES))

    def build():
        return ExactCover(choices, secondary=secondary, engine=engine)

    search = build()
    assert solution_set(search) == expected
    if engine != "auto":
        assert search.stats["engine"] == engine
    assert build().count() == len(expected)
    assert build().count(memo=True) == len(expected)
    limit = data.draw(st.integers(0, 3))
    assert build().count(limit) == min(limit, len(expected))
    assert build().count(threads=2) == len(expected)
    pieces = data.draw(st.integers(1, 6))
    seen = set()
    for subtree in build().split(pieces):
        part = solution_set(build().restrict(subtree))
        assert not part & seen, "a solution lies in two subtrees"
        seen |= part
    assert seen == expected
    estimate = build().estimate(20, seed=1)
    assert estimate.nodes >= 1
    if not expected:
        assert estimate.solutions == 0
    graph = build().solution_graph()
    assert graph.count == len(expected)
    assert solution_set(graph) == expected


@pytest.mark.parametrize("engine", ["bitset", "dlx"])
def test_known_counts_through_both_engines(engine):
    board = {
        (r, c): [("row", r), ("col", c), ("up", r + c), ("down", r - c)]
        for r in range(8)
        for c in range(8)
    }
    diagonals = [(d, k) for d in ("up", "down") for k in range(-7, 15)]
    assert ExactCover(board, secondary=diagonals, engine=engine).count() == 92
    board = {(r, c): [("row", r), ("col", c)] for r in range(6) for c in range(6)}
    # 6 rooks on a 6x6 board: 6! placements.
    rooks = ExactCover(board, engine=engine)
    assert rooks.count() == 720
    assert rooks.stats["engine"] == engine
    pairs = _langford(7)
    assert ExactCover(pairs, engine=engine).count() == 2 * 26


def _langford(n):
    """Langford pairs of order `n`: value `v` at positions `p` and `p + v + 1`."""
    return {
        (v, p): [("v", v), ("s", p), ("s", p + v + 1)]
        for v in range(1, n + 1)
        for p in range(2 * n - v - 1)
    }


def test_auto_takes_bitset_where_it_pays_and_dlx_elsewhere():
    assert ExactCover(_langford(7)).stats["engine"] == "bitset"
    # Domino tilings: an option conflicts with about 6 others.
    cells = [(r, c) for r in range(4) for c in range(4)]
    dominoes = {}
    for r, c in cells:
        if c + 1 < 4:
            dominoes[(r, c, "h")] = [(r, c), (r, c + 1)]
        if r + 1 < 4:
            dominoes[(r, c, "v")] = [(r, c), (r + 1, c)]
    tilings = ExactCover(dominoes)
    assert tilings.stats["engine"] == "dlx"
    assert tilings.count() == 36
    assert ExactCover(dominoes, engine="bitset").count() == 36
    # A seed keeps the dancing-links orders of earlier releases.
    assert ExactCover(_langford(7), seed=3).stats["engine"] == "dlx"


def test_multicover_and_dlx_problems_take_the_keyword():
    choices = {"a": ["x"], "b": ["y"], "c": ["x", "y"]}
    for engine in ENGINES:
        assert MultiCover(choices, engine=engine).count() == 2
    problem = DlxProblem(["x", "y"], [["x"], ["y"], ["x", "y"]])
    for engine in ENGINES:
        assert problem.solutions(engine=engine).count() == 2


@pytest.mark.parametrize("bad", ["fast", "DLX", "", None, 1])
def test_an_unknown_engine_is_a_value_error_naming_it(bad):
    with pytest.raises(ValueError, match=repr(bad).replace("(", r"\(")):
        ExactCover({"a": [1]}, engine=bad)
    with pytest.raises(ValueError, match="engine must be"):
        DlxProblem(["x"], [["x"]]).solutions(engine=bad)


def test_forcing_bitset_where_it_does_not_fit_says_why():
    with pytest.raises(ExactCoverError, match="does not fit the bitset engine") as caught:
        MultiCover({"a": ["x"]}, counts={"x": 2}, engine="bitset")
    assert caught.value.item == "x" and "'x'" in str(caught.value)
    colored = {"a": {"x": "red"}, "b": ["y"]}
    with pytest.raises(ExactCoverError, match="color") as caught:
        ExactCover(colored, secondary=["x"], engine="bitset")
    # The message named no choice: "some option gives an item a color".
    assert "choice 'a' gives constraint 'x' the color 'red'" in str(caught.value)
    assert "option" not in str(caught.value)
    assert (caught.value.kind, caught.value.option, caught.value.item) == (
        "engine_does_not_fit",
        "a",
        "x",
    )
    with pytest.raises(ExactCoverError, match="70000 choices, more than") as caught:
        ExactCover({k: [k] for k in range(70000)}, engine="bitset")
    assert MultiCover({"a": ["x"]}, counts={"x": 2}, engine="auto").stats["engine"] == "dlx"


def test_matrices_take_the_keyword():
    from exactcover import from_matrix

    rows = [[1, 0, 0], [0, 1, 1], [1, 1, 0], [0, 0, 1]]
    for engine in ["bitset", "dlx"]:
        problem = from_matrix(rows, engine=engine)
        assert problem.stats["engine"] == engine
        assert sorted(problem) == [[0, 1], [2, 3]]
    with pytest.raises(ValueError, match="engine must be"):
        from_matrix(rows, engine="fast")


@pytest.mark.parametrize("engine", ["bitset", "dlx"])
def test_the_engine_travels_with_the_problem(engine):
    """Workers of `count_distributed` build the problem from its plain data,
    on the engine it was given; the digest of a problem on the automatic
    choice is the one it had before problems named their engine."""
    from exactcover import distributed

    langford = ExactCover(_langford(7), engine=engine)
    spec = distributed._spec_of(langford)
    assert spec[5] == engine
    solver = distributed._built("test-" + engine, spec)
    assert solver.stats["engine"] == engine
    distributed._BUILT.pop("test-" + engine)
    auto = distributed._spec_of(ExactCover(_langford(7)))
    assert auto[5] == "auto"
    assert distributed.problem_digest(auto) == distributed.problem_digest(auto[:5])
    assert distributed.problem_digest(spec) != distributed.problem_digest(auto)
    with ThreadPoolExecutor(1) as executor:
        assert distributed.count_distributed(langford, executor=executor) == 52
    dlx = DlxProblem(["x", "y"], [["x"], ["y"], ["x", "y"]]).solutions(engine=engine)
    assert distributed._spec_of(dlx)[5] == engine


def test_the_command_line_takes_the_engine(tmp_path):
    import subprocess
    import sys

    path = tmp_path / "langford.dlx"
    path.write_text(DlxProblem.from_constraints(_langford(7)).to_dlx())
    for engine in ["auto", "bitset", "dlx"]:
        done = subprocess.run(
            [sys.executable, "-m", "exactcover", "solve", "--count", "--engine", engine, str(path)],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.split()[0] == "52"
    multi = tmp_path / "multi.dlx"
    multi.write_text("2:2|x\nx\n")
    done = subprocess.run(
        [sys.executable, "-m", "exactcover", "solve", "--count", "--engine", "bitset", str(multi)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode != 0 and "bitset engine" in done.stderr
