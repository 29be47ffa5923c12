"""The static sweep order (`ExactCover.sweep_order`, `count(order=...)`):
on random small problems with secondary items every order mode counts the
brute force's solutions, swept in any order, with a tiny memo, stopped and
resumed, on threads; the builders give their board's order and count their
known numbers with it; the automatic order's race decides by work and
reports the winner's tree, for the rest of a search stepped by `next()`
too; bad orders are refused."""

import pytest
from conftest import swept_problems
from exactcover import ExactCover
from exactcover.dominoes import domino_tilings, rectangle
from exactcover.grids import sweep_order
from exactcover.polyomino import PENTOMINOES, encode_polyominoes, polyomino
from hypothesis import given, settings

PIECES = encode_polyominoes(PENTOMINOES)


@settings(max_examples=150, deadline=None)
@given(swept_problems())
def test_every_order_mode_counts_the_brute_force(problem):
    choices, secondary, order, expected = problem

    def build(engine="bitset"):
        return ExactCover(choices, secondary=secondary, engine=engine).sweep_order(order)

    for mode in ("auto", "mrv", "sweep"):
        for memo in (None, True, False):
            search = build()
            assert search.count(order=mode, memo=memo) == expected
            if mode != "auto":
                assert search.stats["order"] == mode
        assert build().count(order=mode, threads=2) == expected
        assert build().count(order=mode, memo_bytes=0) == expected
        assert build("dlx").count(order=mode) == expected
    # Stopped after every slice of a few nodes and resumed: the counts of
    # the calls add up.
    search = build()
    total = 0
    while True:
        found, outcome = search._solver.count(None, 1, None, None, 0.2, True, 64, 64, 3, "sweep")
        total += found
        if outcome == "complete":
            break
    assert total == expected
    # Iteration keeps the usual order and finds every solution.
    assert sum(1 for _ in build()) == expected


def test_builders_give_their_boards_order_and_count_known_numbers():
    # Pentominoes on 3 x 20 (8 = 2 x 4 symmetries) and 5 x 12 (4040 =
    # 1010 x 4), swept; domino tilings of 6 x 6 (6728).
    for (h, w), known in (((3, 20), 8), ((5, 12), 4040)):
        tilings = polyomino(PIECES, [(i, j) for i in range(h) for j in range(w)])
        assert tilings.count(order="sweep") == known
        assert tilings.stats["order"] == "sweep"
    tilings = domino_tilings(rectangle(6, 6))
    assert (
        ExactCover({d: list(d) for d in tilings._labels}, engine="bitset")
        .sweep_order(sweep_order(rectangle(6, 6)))
        .count(order="sweep")
        == 6728
    )
    assert tilings.count(order="sweep") == 6728


def test_pentominoes_6x10_through_the_sweep():
    tilings = polyomino(PIECES, [(i, j) for i in range(6) for j in range(10)])
    assert tilings.count(order="sweep") == 9356 == 2339 * 4


def _langford(n):
    """Langford pairs of order `n` and its slots left to right."""
    pairs = {
        (v, p): [("v", v), ("s", p), ("s", p + v + 1)]
        for v in range(1, n + 1)
        for p in range(2 * n - v - 1)
    }
    return ExactCover(pairs, engine="bitset").sweep_order([("s", p) for p in range(2 * n)])


def _figures(search):
    stats = search.stats
    return {k: stats[k] for k in ("nodes", "updates", "order", "race_nodes", "race_updates")}


def test_auto_races_by_work_and_reports_the_winners_tree():
    # Langford pairs of order 12 are raced (MRV's estimate is large enough)
    # and MRV wins; pentominoes on 4 x 15 are raced and the sweep wins. The
    # race weighs work, not time: two counts give the same figures, and
    # `nodes`/`updates` are those of the winner's count alone, the race's
    # other work apart.
    for build, known, winner in (
        (lambda: _langford(12), 216288, "mrv"),
        (lambda: polyomino(PIECES, [(i, j) for i in range(4) for j in range(15)]), 1472, "sweep"),
    ):
        raced, again, alone = build(), build(), build()
        assert raced.count() == again.count() == alone.count(order=winner) == known
        assert _figures(raced) == _figures(again)
        assert raced.stats["order"] == winner
        assert raced.stats["race_nodes"] > 0
        assert {k: raced.stats[k] for k in ("nodes", "updates")} == {
            k: alone.stats[k] for k in ("nodes", "updates")
        }
        assert alone.stats["race_nodes"] == alone.stats["race_updates"] == 0


def test_a_count_on_threads_that_sweeps_takes_the_fast_count_on_one_thread():
    # On threads the race is the same; the sweep, where it wins or is asked
    # for, counts by its fast memoized count on one thread: the very tree
    # (nodes, updates) of the one-thread count, not the threads' search in
    # the sweep's order (which `memo=False` still takes).
    board = [(i, j) for i in range(4) for j in range(15)]
    one, threaded = polyomino(PIECES, board), polyomino(PIECES, board)
    assert one.count() == threaded.count(threads=2) == 1472
    assert threaded.stats["order"] == "sweep"
    assert _figures(threaded) == _figures(one)
    forced, forced_one = polyomino(PIECES, board), polyomino(PIECES, board)
    assert forced.count(order="sweep", threads=2) == forced_one.count(order="sweep") == 1472
    assert forced.stats["nodes"] == forced_one.stats["nodes"]
    plain = polyomino(PIECES, board)
    assert plain.count(order="sweep", threads=2, memo=False) == 1472
    assert plain.stats["nodes"] != one.stats["nodes"]


def test_the_rest_after_next_is_raced_as_a_count_from_the_start():
    # Solutions taken one by one, then a count: the rest, handed to a fresh
    # search, is raced as a count from the start is (pentominoes on 4 x 15:
    # the sweep wins; Langford pairs of order 12: MRV), or counted in the
    # order asked for, on one thread or two: always exactly the rest.
    board = [(i, j) for i in range(4) for j in range(15)]
    for build, known, winner in (
        (lambda: polyomino(PIECES, board), 1472, "sweep"),
        (lambda: _langford(12), 216288, "mrv"),
    ):
        for order, threads in (("auto", 1), ("auto", 2), ("sweep", 1), ("mrv", 1)):
            search = build()
            taken = [next(search) for _ in range(3)]
            assert search.count(order=order, threads=threads) + len(taken) == known
            expected = winner if order == "auto" else order
            assert search.stats["order"] == expected, (known, order, threads)
            if order == "auto" and threads == 1:
                assert search.stats["race_nodes"] > 0


def test_the_rest_left_by_threads_or_memoized_is_raced_too():
    # The rest after solutions taken on threads (the iterator closed), and
    # the rest after next() counted with memo=True, were counted by MRV
    # whatever the race said (pentominoes 6x10: 2.1 s and 1.9 s, 0.5 s
    # swept): raced as a count from the start is, always exactly the rest.
    # (5 x 12: the race's estimate of the whole, 100 million units of work,
    # is well above the least it races, where the threads' lead may take
    # a tenth of it; 4 x 15's, 80 million, is not.)
    board = [(i, j) for i in range(5) for j in range(12)]
    for build, known, winner in (
        (lambda: polyomino(PIECES, board), 4040, "sweep"),
        (lambda: _langford(12), 216288, "mrv"),
    ):
        for how, memo, threads in (
            ("threads", None, 1),
            ("threads", True, 2),
            ("next", True, 1),
            ("next", True, 2),
        ):
            search = build()
            if how == "threads":
                iterator = search.solutions(threads=2)
                taken = [next(iterator) for _ in range(3)]
                iterator.close()
            else:
                taken = [next(search) for _ in range(3)]
            assert search.count(memo=memo, threads=threads) + len(taken) == known
            assert search.stats["order"] == winner, (known, how, memo, threads)
            assert search.stats["race_nodes"] > 0
        # Asked for, the sweep counts what threads left.
        search = build()
        iterator = search.solutions(threads=2)
        taken = [next(iterator) for _ in range(3)]
        iterator.close()
        assert search.count(order="sweep") + len(taken) == known
        assert search.stats["order"] == "sweep"


def test_a_small_count_is_not_raced():
    search = _langford(8)
    assert search.count() == 2 * 150
    assert (search.stats["order"], search.stats["race_nodes"]) == ("mrv", 0)


def test_sweep_order_of_a_region_goes_along_its_longest_side():
    assert sweep_order([(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]) == [
        (0, 0),
        (0, 1),
        (1, 0),
        (1, 1),
        (2, 0),
        (2, 1),
    ]
    assert sweep_order([]) == []


def test_bad_orders_are_refused():
    cover = ExactCover({"A": [1, 2], "B": [1], "C": [2]})
    with pytest.raises(KeyError, match="constraint 3"):
        cover.sweep_order([1, 3])
    with pytest.raises(TypeError, match="not hashable"):
        cover.sweep_order([[1]])
    # A string was iterated: "ab" stood for the constraints 'a' and 'b'.
    letters = ExactCover({"A": ["a", "b"], "B": ["a"], "C": ["b"]})
    with pytest.raises(TypeError, match="must be an iterable of constraints, not a str 'ab'"):
        letters.sweep_order("ab")
    assert letters.sweep_order(["b", "a"]).count(order="sweep") == 2
    with pytest.raises(ValueError, match="order must be"):
        cover.count(order="fast")
    with pytest.raises(TypeError, match="order must be a str"):
        cover.count(order=1)
