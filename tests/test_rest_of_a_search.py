"""What a search that has started has still to explore: after solutions
taken by `next()` (on one thread, or on threads closed with solutions
waiting), a count stopped by its `limit` or `timeout`, or an exhausted
search, `count()`, `split()`, `estimate()` and `count_distributed()` all
work on exactly the solutions still to come, which a brute force judges,
on both engines, with initial choices, `restrict()`, colors and
multiplicities."""

from __future__ import annotations

import copy
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from conftest import brute_force, colored_brute_force, problems
from exactcover import ExactCover, MultiCover, SearchTimeout
from exactcover.distributed import count_distributed
from hypothesis import assume, given, note, settings
from hypothesis import strategies as st

_POOL = ThreadPoolExecutor(2)

COLORS = st.sampled_from([None, "red", "blue"])


@st.composite
def started_problems(draw: Any) -> tuple[Callable[[str], Any], set[frozenset[Any]]]:
    """A builder of a random problem (plain with secondary constraints,
    colored, or with multiplicities; with initial choices or restricted or
    neither), by engine, and its solutions by brute force."""
    universe, choices = draw(problems())
    secondary = draw(st.lists(st.sampled_from(universe), unique=True))
    used = {x for cons in choices.values() for x in cons}
    kind = draw(st.sampled_from(["plain", "colors", "multi"]))
    note((kind, choices, secondary))
    names = list(choices)
    initial: list[Any] = []
    if names and draw(st.booleans()):
        initial = draw(st.lists(st.sampled_from(names), max_size=1, unique=True))
    # restrict() forces its choices as initial ones are forced.
    forced: list[Any] = []
    excluded: list[Any] = []
    restricted = bool(names) and not initial and draw(st.booleans())
    if restricted:
        forced = draw(st.lists(st.sampled_from(names), max_size=1, unique=True))
        excluded = draw(st.lists(st.sampled_from(names), max_size=2, unique=True))
        excluded = [n for n in excluded if n not in forced]
        note(("restricted", forced, excluded))
    if kind == "plain":
        bounds = {x: ((0, 1) if x in secondary else (1, 1)) for x in used}
        whole = brute_force(choices, bounds, used - set(secondary), initial + forced)

        def build(engine: str) -> Any:
            return ExactCover(choices, initial, secondary=secondary, engine=engine)

    elif kind == "colors":
        # The colored brute force knows no initial choices: those forced
        # here must cover a primary constraint, as the others do.
        assume(all(set(choices[n]) - set(secondary) for n in initial + forced))
        colored = {
            name: {c: (draw(COLORS) if c in secondary else None) for c in cons}
            for name, cons in choices.items()
        }
        whole = {s for s in colored_brute_force(colored, secondary) if set(initial + forced) <= s}

        def build(engine: str) -> Any:
            # The bitset engine has no colors.
            return ExactCover(colored, initial, secondary=secondary, engine="dlx")

    else:
        counts = {x: draw(st.integers(1, 2)) for x in used}
        satisfy = [x for x in used if x not in secondary]
        bounds = {x: ((0, counts[x]) if x in secondary else (counts[x],) * 2) for x in used}
        whole = brute_force(choices, bounds, satisfy, initial + forced)

        def build(engine: str) -> Any:
            # Counts other than 1 do not fit the bitset engine.
            engine = "dlx" if any(n > 1 for n in counts.values()) else engine
            return MultiCover(choices, initial, counts=counts, satisfy=satisfy, engine=engine)

    whole = {s for s in whole if not set(excluded) & s}
    if draw(st.booleans()):
        # A sweep order, which count() may take for the rest.
        order = draw(st.permutations(sorted(used, key=repr)))
        unordered = build

        def build(engine: str) -> Any:
            return unordered(engine).sweep_order(order)

    if restricted:
        plain = build

        def build(engine: str) -> Any:
            return plain(engine).restrict((forced, excluded))

    return build, whole


def start(
    search: Any, how: str, k: int, memo: bool | None, threads: int | None
) -> tuple[set[frozenset[Any]], int]:
    """Starts `search` the way `how` says, `k` solutions deep (a count with
    `memo` on `threads`): the solutions taken (those known), and how many
    it yielded or counted."""
    if how == "next":
        taken = {frozenset(s) for s in search.first(k)}
        return taken, len(taken)
    if how == "threads":
        stream = search.solutions(threads=2)
        taken = {frozenset(s) for _, s in zip(range(k), stream, strict=False)}
        stream.close()
        return taken, len(taken)
    if how == "limit":
        return set(), search.count(limit=k, memo=memo, threads=threads)
    if how == "timeout":
        try:
            return set(), search.count(timeout=0, memo=memo, threads=threads)
        except SearchTimeout as stopped:
            return set(), stopped.count
    taken = {frozenset(s) for s in search}
    return taken, len(taken)


@settings(max_examples=300, deadline=None)
@given(
    started_problems(),
    st.sampled_from(["bitset", "dlx"]),
    st.sampled_from(["next", "threads", "limit", "timeout", "all"]),
    st.integers(1, 3),
    st.data(),
)
def test_the_rest_of_a_started_search_is_each_solution_still_to_come_once(
    problem, engine, how, k, data
):
    build, whole = problem
    search = build(engine)
    memo = data.draw(st.sampled_from([None, True, False]), label="memo of the start")
    threads = data.draw(st.sampled_from([None, 2]), label="threads of the start")
    taken, before = start(search, how, k, memo, threads)
    rest = [frozenset(s) for s in copy.copy(search)]
    assert len(set(rest)) == len(rest)
    assert set(rest) <= whole and not set(rest) & taken
    assert before + len(rest) == len(whole)
    # The remainder's subtrees hold exactly the rest.
    remainder = search._solver.remainder()
    assert remainder is not None
    found: list[frozenset[Any]] = []
    for forced, excluded in remainder:
        labels = search._labels
        part = build(engine).restrict(([labels[i] for i in forced], [labels[i] for i in excluded]))
        found += [frozenset(s) for s in part]
    assert sorted(found, key=sorted_key) == sorted(rest, key=sorted_key)
    # split() cuts the rest into subtrees that hold it, each solution once.
    n = data.draw(st.integers(1, 6), label="pieces")
    pieces = search.split(n)
    other = data.draw(st.sampled_from(["bitset", "dlx"]), label="engine of the pieces")
    found = []
    for piece in pieces:
        found += [frozenset(s) for s in build(other).restrict(piece)]
    assert sorted(found, key=sorted_key) == sorted(rest, key=sorted_key)
    # estimate(): nothing where nothing is left; never negative.
    estimate = search.estimate(200, seed=data.draw(st.integers(0, 9)))
    if not rest:
        assert estimate.solutions == 0
    assert estimate.solutions >= 0 and estimate.nodes >= 0
    # count() on every path, and count_distributed().
    memo = data.draw(st.sampled_from([None, True, False]), label="memo")
    threads = data.draw(st.sampled_from([None, 2]), label="threads")
    order = data.draw(st.sampled_from(["auto", "mrv", "sweep"]), label="order")
    counted = copy.copy(search).count(memo=memo, threads=threads, order=order)
    assert counted == len(rest), (memo, threads, order)
    assert count_distributed(search, executor=_POOL, task_seconds=1e-6) == len(rest)
    # Neither split(), estimate() nor count_distributed() moved the search.
    assert sorted((frozenset(s) for s in search), key=sorted_key) == sorted(rest, key=sorted_key)


def sorted_key(solution: frozenset[Any]) -> list[str]:
    """A key to sort solutions of mixed labels by."""
    return sorted(map(repr, solution))
