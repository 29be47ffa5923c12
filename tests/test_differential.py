"""Differential test on medium problems: a problem made of independent
blocks (no constraint shared by two blocks) has the product of the blocks'
counts as its count, which a brute force finds block by block. Enough copies
of a few blocks pass the bitset engine's word boundaries (64, 128, 256
constraints and choices); every path (both engines, the memo on, off and
capped, threads, a count stopped by timeouts and resumed, solutions taken
one by one first, split and restrict, the solution graph) must find that
product."""

from collections.abc import Hashable
from typing import Any

from conftest import brute_force, problems
from exactcover import ExactCover, SearchTimeout
from hypothesis import given, settings
from hypothesis import strategies as st

#: Copies of blocks of several solutions are left out once the count would
#: pass this: the memo keys a node on all the constraints covered, so it
#: does not factor independent blocks, and the count may go solution by
#: solution.
MAX_COUNT = 50_000


@st.composite
def independent_blocks(
    draw: Any,
) -> tuple[dict[Hashable, list[Hashable]], list[Hashable], int]:
    """A few blocks of `problems()` with drawn secondary constraints, each
    copied a drawn number of times, the copies renamed apart (constraint `x`
    of copy `b` is `(b, x)`): (choices, secondary, count). Blocks without
    solutions are mostly dropped (the count is then 0 now and then), and
    copies of blocks of several solutions once the count passes `MAX_COUNT`."""
    choices: dict[Hashable, list[Hashable]] = {}
    secondary: list[Hashable] = []
    total = 1
    b = 0
    for _ in range(draw(st.integers(2, 8))):
        universe, block = draw(problems())
        relaxed = draw(st.lists(st.sampled_from(universe), unique=True))
        used = {x for constraints in block.values() for x in constraints}
        bounds = {x: ((0, 1) if x in relaxed else (1, 1)) for x in used}
        count = len(brute_force(block, bounds, used - set(relaxed)))
        if count == 0 and draw(st.integers(0, 10)) > 0:
            continue
        for _ in range(draw(st.integers(1, 40))):
            if count > 1 and total * count > MAX_COUNT:
                break
            total *= count
            for name, constraints in block.items():
                choices[b, name] = [(b, x) for x in constraints]
            secondary += [(b, x) for x in relaxed]
            b += 1
    return choices, secondary, total


def resumed(cover: ExactCover[Any], timeout: float, **options: Any) -> int:
    """The count of `cover`, stopped by `timeout` up to 20 times and resumed:
    the partial counts and the rest, summed."""
    total = 0
    for _ in range(20):
        try:
            return total + cover.count(timeout=timeout, **options)
        except SearchTimeout as stopped:
            total += stopped.count
    return total + cover.count(**options)


@settings(max_examples=150, deadline=None)
@given(independent_blocks(), st.data())
def test_independent_blocks_multiply_on_every_path(blocks, data):
    choices, secondary, expected = blocks

    def build(engine: str = "auto") -> ExactCover[Any]:
        return ExactCover(choices, secondary=secondary, engine=engine)

    engines = st.sampled_from(["auto", "bitset", "dlx"])
    threads = st.sampled_from([None, 2, 3])
    for engine in ["bitset", "dlx"]:
        for memo in (True, None, False):
            assert build(engine).count(memo=memo) == expected
    engine, thread_count = data.draw(engines), data.draw(threads)
    memo = data.draw(st.sampled_from([True, None, False]))
    assert build(engine).count(memo=memo, threads=thread_count) == expected
    memo_bytes = data.draw(st.sampled_from([4096, 1 << 14, 1 << 16]))
    assert build(data.draw(engines)).count(memo=True, memo_bytes=memo_bytes) == expected
    timeout = data.draw(st.sampled_from([0, 1e-5, 1e-4]))
    assert resumed(build(data.draw(engines)), timeout, memo=memo, threads=thread_count) == expected
    cover = build(data.draw(engines))
    taken = len(list(zip(range(data.draw(st.integers(1, 5))), cover, strict=False)))
    assert taken + cover.count(memo=data.draw(st.booleans())) == expected
    pieces = build().split(data.draw(st.integers(1, 30)))
    assert sum(build(data.draw(engines)).restrict(p).count() for p in pieces) == expected
    assert build(data.draw(engines)).solution_graph().count == expected
