"""One memo for the tasks of a distributed count (`_native.MemoPool`): the
subtrees of a problem, each counted by a solver of its own, lend each other
the sub-problems they solved, whatever their roots."""

from __future__ import annotations

from itertools import product

import pytest
from exactcover._native import MemoPool
from exactcover.dominoes import domino_tilings, rectangle
from exactcover.polyomino import PENTOMINOES, encode_polyominoes, polyomino
from exactcover.queens import queens


def pentominoes_8x8_minus_centre():  # type: ignore[no-untyped-def]
    board = set(product(range(8), repeat=2)) - set(product((3, 4), repeat=2))
    return polyomino(encode_polyominoes(PENTOMINOES), board)._solver


def test_tasks_through_one_pool_store_fewer_sub_problems_and_count_right() -> None:
    base = pentominoes_8x8_minus_centre()
    tasks = base.copy().split(64)
    assert len(tasks) >= 64
    pool = MemoPool()
    shared_total = alone_total = alone_entries = 0
    for forced, excluded in tasks:
        alone, shared = base.copy(), base.copy()
        if not alone.restrict(forced, excluded):
            assert not shared.restrict(forced, excluded)
            continue
        assert shared.restrict(forced, excluded)
        alone_total += alone.count(memo=True)[0]
        alone_entries += alone.memo_stats["entries"]
        memo = pool.lend(shared, True)
        assert memo is True
        shared_total += shared.count(memo=memo)[0]
        pool.take_back(shared)
    assert shared_total == alone_total == 520
    # Keys that held their task's root would store each sub-problem once per
    # task, as the tasks with a memo each do.
    assert 0 < pool.entries < alone_entries
    assert pool.bytes > 0
    pool.clear()
    assert pool.entries == 0 and pool.verdict is None


def test_tasks_stopped_early_hand_their_memo_on_and_their_rest_counts_right() -> None:
    base = domino_tilings(rectangle(10, 10))._solver
    pool = MemoPool()
    queue = [(list(f), list(e), 0) for f, e in base.copy().split(8)]
    total = 0
    while queue:
        forced, excluded, generation = queue.pop()
        solver = base.copy()
        if not solver.restrict(forced, excluded):
            continue
        memo = pool.lend(solver)
        seconds = 0.0005 if generation < 2 else 1e9
        found, rest = solver.count_or_split(seconds, memo=memo)
        pool.take_back(solver)
        total += found
        queue.extend((f, e, generation + 1) for f, e in rest)
    assert total == 258584046368  # A004003
    # Auto keeps the memo (its verdict comes after 2**17 lookups).
    assert pool.verdict is not False
    assert pool.entries > 0


def test_a_pool_refuses_another_problem_of_the_same_size() -> None:
    pool = MemoPool()
    wide = domino_tilings(rectangle(6, 8))._solver
    pool.lend(wide, True)
    wide.count(memo=True)
    pool.take_back(wide)
    assert pool.entries > 0
    tall = domino_tilings(rectangle(8, 6))._solver
    assert pool.lend(tall, True) is True
    assert tall.memo_stats["entries"] == 0
    assert tall.count(memo=True)[0] == 167089


@pytest.mark.parametrize("memo", [None, True, False])
def test_the_pool_passes_on_the_verdict(memo: bool | None) -> None:
    base = queens(9)._solver
    pool = MemoPool()
    total = 0
    for forced, excluded in base.copy().split(6):
        solver = base.copy()
        if solver.restrict(forced, excluded):
            mode = pool.lend(solver, memo)
            assert mode is memo or (memo is None and mode is pool.verdict)
            total += solver.count(memo=mode)[0]
            pool.take_back(solver)
    assert total == 352
    if memo is not None:
        assert pool.verdict is memo
