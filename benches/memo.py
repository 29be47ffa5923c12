"""Memoized against enumerating count(), side by side, with peak memory.

    python benches/memo.py                  # every instance of instances.py, and the dominoes
    python benches/memo.py --repeat 5 --markdown
    python benches/memo.py --only pentominoes --only dominoes
    python benches/memo.py --cpu            # CPU time of each count, not wall clock
    python benches/memo.py --only capped    # the table under a cap (Aztec, an eighth)
    python benches/memo.py --only aztec     # the Aztec diamonds alone, both numberings
    python benches/memo.py --only auto --repeat 7   # Auto's trial against memo=False
    python benches/memo.py --only after-next        # the count of an iterator that has yielded

For every instance: ``count(memo=False)`` (enumerating: today's count),
``count()`` (the default, which decides by itself whether to memoize) and
``count(memo=True)``, interleaved run by run so that the noise of a shared
machine falls on all alike; each run in a forked child, so that its peak
memory (max RSS) is its own. The table gives medians and the ratio of the
enumerating time to the others (above 1: faster than enumerating). Then the
domino tilings of n x n boards, which only the memo can count.

Then (``capped``) the memo under its cap, where a full table is thinned:
domino tilings of the Aztec diamonds with the default ``memo_bytes``, as
``domino_tilings`` numbers their cells (along the diagonals: orders 10 to
14, with the ratio of order 12 to 11, the target of at most 4x) and row by
row (orders 10 to 12: order 12 takes a 600 MB table), and pentominoes 6x10 and
dominoes 12x12 and 16x16 with a cap of an eighth (and a half) of the bytes
the memo takes unbounded, against the unbounded count. A count that passes
``--limit`` seconds is stopped and shown as such.

``auto``: what ``count()``'s trial costs where it drops the memo (queens
12-14, Langford pairs 11-12, 2n-queens 7-8): ``count()`` against
``count(memo=False)``, interleaved, medians and their ratio (the target is at
most 1.03), with peak RSS. Wall clock on a shared machine is noisy at the
scale of a few percent; the instruction counts of ``valgrind --tool=callgrind``
on ``cargo run --profile profiling --example count_instances NAME --memo
auto|never`` are the steady measure (see RESULTS.md).

``after-next``: the count of an iterator that has yielded one solution.
``count()`` hands what the search has not explored to a fresh search, as
subtrees, and memoizes them (where the memo pays); ``count(memo=False)``
goes on in place without the memo, as every such count did before. Then
``count(memo=True)`` after ``next()``, and ``count()`` after one solution
taken from ``solutions(threads=2)`` (the iterator closed). The ratio is of
the first two.
Interleaved, medians; a count past ``--limit`` seconds is shown as such.
"""

from __future__ import annotations

import argparse
import functools
import multiprocessing
import os
import resource
import statistics
import sys
import time
from typing import Any, Callable

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import instances as I
from exactcover import ExactCover
from exactcover.dominoes import aztec_diamond, domino_tilings

MODES: dict[str, bool | None] = {"enumerate": False, "default": None, "memo": True}

#: Time each count by the CPU time of its process (``--cpu``) instead of the
#: wall clock: on a shared machine, what other load disturbs least.
CPU_TIME = False

#: A004003: domino tilings of the 2n x 2n board.
DOMINOES = {
    10: 258584046368,
    12: 53060477521960000,
    14: 112202208776036178000000,
    16: 2444888770250892795802079170816,
}


def row_by_row(cells: set[tuple[int, int]]) -> ExactCover[Any]:
    """The domino tilings of `cells`, the cells numbered row by row (as
    `domino_tilings` numbered them before it chose its order): the large
    tables of the memo."""
    return ExactCover(
        {
            (a, b): [a, b]
            for a in sorted(cells)
            for b in ((a[0], a[1] + 1), (a[0] + 1, a[1]))
            if b in cells
        }
    )


def dominoes(n: int) -> ExactCover[Any]:
    return row_by_row({(r, c) for r in range(n) for c in range(n)})


def _child(
    make: Callable[[], Any], memo: bool | None, conn: Any, memo_bytes: int | None = None
) -> None:
    cover = make()
    clock = time.process_time if CPU_TIME else time.perf_counter
    start = clock()
    extra = {} if memo_bytes is None else {"memo_bytes": memo_bytes}
    count = cover.count(memo=memo, **extra)
    seconds = clock() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    conn.send((count, seconds, peak, cover.memo_stats))


def run(
    make: Callable[[], Any],
    memo: bool | None,
    memo_bytes: int | None = None,
    limit: float | None = None,
) -> tuple[int, float, int, dict[str, Any]] | None:
    """(count, seconds, peak RSS in bytes, memo stats) of one count in a fork;
    None if it took more than `limit` seconds."""
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe()
    p = ctx.Process(target=_child, args=(make, memo, child, memo_bytes))
    p.start()
    if not parent.poll(limit):
        p.kill()
        p.join()
        return None
    result = parent.recv()
    p.join()
    return result  # type: ignore[no-any-return]


def aztec(order: int) -> ExactCover[Any]:
    return domino_tilings(aztec_diamond(order))


def aztec_rows(order: int) -> ExactCover[Any]:
    return row_by_row(set(aztec_diamond(order)))


#: The orders of the Aztec diamond counted: as `domino_tilings` numbers them
#: (along its diagonals), and row by row.
AZTEC_ORDERS = {"domino_tilings": (10, 11, 12, 13, 14), "row by row": (10, 11, 12)}


def capped(repeat: int, limit: float, caps: bool = True) -> None:
    """The tables of the memo under its cap (see the module docstring); the
    Aztec diamonds alone without `caps`."""

    def median(
        make: Callable[[], Any], expected: int, memo_bytes: int | None
    ) -> tuple[str, float | None]:
        """The table row's cells, and the median seconds (None: stopped)."""
        samples = []
        for _ in range(repeat):
            result = run(make, True, memo_bytes, limit)
            if result is None:
                return f"> {limit:.0f} s | | | | |", None
            count, seconds, peak, stats = result
            assert count == expected, (count, expected)
            samples.append((seconds, peak, stats))
        seconds = statistics.median(s[0] for s in samples)
        stats = samples[0][2]
        row = (
            f"{seconds:.3f} s | {stats['lookups']:,} | {stats['evictions']} "
            f"| {stats['evicted']:,} | {max(s[1] for s in samples) / 1e6:.0f} |"
        )
        return row, seconds

    print()
    print(
        "| Aztec diamond, default memo_bytes | count() time | lookups | thinnings "
        "| entries dropped | peak MB |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for numbering, build in (("domino_tilings", aztec), ("row by row", aztec_rows)):
        seconds: dict[int, float | None] = {}
        for order in AZTEC_ORDERS[numbering]:
            expected = 2 ** (order * (order + 1) // 2)
            row, seconds[order] = median(functools.partial(build, order), expected, None)
            print(f"| order {order}, {numbering} | {row}", flush=True)
        eleven, twelve = seconds[11], seconds[12]
        if eleven is not None and twelve is not None:
            print(
                f"| order 12 / order 11, {numbering} | **{twelve / eleven:.2f}x** "
                "(target at most 4x) |"
            )
    if not caps:
        return

    print()
    print(
        "| instance | memo_bytes | count() time | lookups | thinnings | entries dropped | peak MB |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    cases: list[tuple[str, Callable[[], Any], int]] = [
        ("pentominoes 6x10", I.build("pentominoes-6x10").solver, 9356),  # type: ignore[union-attr]
        ("dominoes 12x12", lambda: dominoes(12), DOMINOES[12]),
        ("dominoes 16x16", lambda: dominoes(16), DOMINOES[16]),
    ]
    for name, make, expected in cases:
        first = run(make, True, 1 << 40, limit)
        assert first is not None and first[0] == expected
        unbounded = first[3]["peak_bytes"]
        for label, cap in (("unbounded", None), ("1/2", unbounded // 2), ("1/8", unbounded // 8)):
            shown = f"{label} ({unbounded / 1e6:.1f} MB)" if cap is None else f"{label}"
            row, _ = median(make, expected, 1 << 40 if cap is None else cap)
            print(f"| {name} | {shown} | {row}", flush=True)


#: Where count() drops its memo: what its trial costs there.
AUTO_DROPS = (
    "queens-12",
    "queens-13",
    "queens-14",
    "langford-11",
    "langford-12",
    "2n-queens-7",
    "2n-queens-8",
)


def auto_cost(repeat: int) -> None:
    """count() against count(memo=False) where count() drops the memo."""
    print(
        "| instance | count(memo=False) | count() | ratio | memo kept | peak MB off | peak MB count() |"
    )
    print("|---|---:|---:|---:|:-:|---:|---:|")
    for name in AUTO_DROPS:
        inst = I.build(name)
        assert isinstance(inst, I.Instance)
        times: dict[bool | None, list[float]] = {False: [], None: []}
        peaks: dict[bool | None, list[int]] = {False: [], None: []}
        kept = False
        for k in range(repeat):
            # Alternate which goes first, so that neither always follows the other.
            for memo in (False, None) if k % 2 == 0 else (None, False):
                result = run(inst.solver, memo)
                assert result is not None
                count, seconds, peak, stats = result
                assert count == inst.expected, (name, memo, count)
                times[memo].append(seconds)
                peaks[memo].append(peak)
                kept |= memo is None and bool(stats["active"])
        off, auto = (statistics.median(times[m]) for m in (False, None))
        print(
            f"| {name} | {off:.3f} s | {auto:.3f} s | {auto / off:.3f} | {'yes' if kept else 'no'} "
            f"| {max(peaks[False]) / 1e6:.0f} | {max(peaks[None]) / 1e6:.0f} |",
            flush=True,
        )


#: The counts of `after_next`: (name, how to make the problem, its count).
AFTER_NEXT: tuple[tuple[str, Callable[[], Any], int], ...] = (
    ("dominoes 8x8", lambda: dominoes(8), 12988816),
    ("dominoes 10x10", lambda: dominoes(10), DOMINOES[10]),
    *(
        (name, lambda name=name: I.build(name).solver(), I.build(name).expected)  # type: ignore[misc, union-attr]
        for name in ("pentominoes-6x10", "queens-13", "langford-11", "2n-queens-7")
    ),
)


def _yielded_once(make: Callable[[], Any]) -> Any:
    """The problem of `make`, after one solution taken by `next()`."""
    cover = make()
    next(cover)
    return cover


def _taken_on_threads(make: Callable[[], Any]) -> Any:
    """The problem of `make`, after one solution taken from
    `solutions(threads=2)`, the iterator closed (its threads' work parked)."""
    cover = make()
    solutions = cover.solutions(threads=2)
    next(solutions)
    solutions.close()
    return cover


#: The columns of `after_next`: (heading, how the search started, `memo=`).
AFTER_NEXT_RUNS: tuple[tuple[str, Callable[[Callable[[], Any]], Any], bool | None], ...] = (
    ("in place, no memo (`memo=False`)", _yielded_once, False),
    ("`count()`", _yielded_once, None),
    ("`count(memo=True)`", _yielded_once, True),
    ("`count()` after threads", _taken_on_threads, None),
)


def after_next(repeat: int, limit: float) -> None:
    """count() against count(memo=False) after one solution taken, and
    count(memo=True), and count() of what threads left."""
    headings = [heading for heading, _, _ in AFTER_NEXT_RUNS]
    print(f"| instance | {' | '.join(headings)} | ratio | memo kept |")
    print(f"|---|{'---:|' * len(headings)}---:|:-:|")
    for name, make, expected in AFTER_NEXT:
        times: list[list[float]] = [[] for _ in AFTER_NEXT_RUNS]
        kept = False
        for k in range(repeat):
            # Each run in turn, from a different one each round.
            turns = list(range(len(AFTER_NEXT_RUNS)))
            for i in turns[k % len(turns) :] + turns[: k % len(turns)]:
                _, started, memo = AFTER_NEXT_RUNS[i]
                result = run(functools.partial(started, make), memo, limit=limit)
                if result is None:
                    times[i].append(float("inf"))
                    continue
                count, seconds, _, stats = result
                assert count + 1 == expected, (name, i, count)
                times[i].append(seconds)
                kept |= memo is None and i == 1 and bool(stats["active"])
        medians = [statistics.median(t) for t in times]
        shown = [f"> {limit:.0f} s" if t == float("inf") else f"{t:.4f} s" for t in medians]
        print(
            f"| {name} | {' | '.join(shown)} | {medians[0] / medians[1]:.3g} "
            f"| {'yes' if kept else 'no'} |",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--cpu", action="store_true", help="CPU time instead of wall-clock time")
    parser.add_argument(
        "--limit", type=float, default=120.0, help="seconds after which a capped count is stopped"
    )
    args = parser.parse_args()
    global CPU_TIME
    CPU_TIME = args.cpu
    wanted = lambda name: not args.only or any(w in name for w in args.only)  # noqa: E731

    rows = []
    if args.only == ["capped"]:
        capped(args.repeat, args.limit)
        return
    if args.only == ["aztec"]:
        capped(args.repeat, args.limit, caps=False)
        return
    if args.only == ["auto"]:
        auto_cost(args.repeat)
        return
    if args.only == ["after-next"]:
        after_next(args.repeat, args.limit)
        return
    for name in I.INSTANCES:
        if name.startswith("sudoku") or not wanted(name):
            continue
        inst = I.build(name)
        assert isinstance(inst, I.Instance)
        times: dict[str, list[float]] = {m: [] for m in MODES}
        peaks: dict[str, list[int]] = {m: [] for m in MODES}
        active = None
        for _ in range(args.repeat):
            for mode, memo in MODES.items():
                result = run(inst.solver, memo)
                assert result is not None
                count, seconds, peak, stats = result
                assert count == inst.expected, (name, mode, count)
                times[mode].append(seconds)
                peaks[mode].append(peak)
                if mode == "default":
                    active = stats["active"]
        med = {m: statistics.median(v) for m, v in times.items()}
        rows.append(
            (
                name,
                med["enumerate"],
                med["default"],
                med["enumerate"] / med["default"],
                "yes" if active else "no",
                med["memo"],
                med["enumerate"] / med["memo"],
                max(peaks["enumerate"]) / 1e6,
                max(peaks["memo"]) / 1e6,
            )
        )
        print(f"  {name}: {rows[-1]}", file=sys.stderr)

    header = (
        "| instance | enumerate | default | ratio | memo kept | memo=True | ratio "
        "| peak MB enumerate | peak MB memo |"
    )
    print(header)
    print("|---|---:|---:|---:|:-:|---:|---:|---:|---:|")
    for r in rows:
        print(
            f"| {r[0]} | {r[1]:.3f} s | {r[2]:.3f} s | {r[3]:.2f} | {r[4]} | {r[5]:.3f} s "
            f"| {r[6]:.2f} | {r[7]:.0f} | {r[8]:.0f} |"
        )

    if wanted("dominoes"):
        print()
        print("| domino tilings | count | count() time | sub-problems | peak MB |")
        print("|---|---:|---:|---:|---:|")
        for n, expected in DOMINOES.items():
            samples = []
            for _ in range(args.repeat):
                result = run(lambda n=n: dominoes(n), None)
                assert result is not None
                count, seconds, peak, stats = result
                assert count == expected, (n, count)
                samples.append((seconds, peak, stats["entries"]))
            seconds = statistics.median(s[0] for s in samples)
            print(
                f"| {n}x{n} | {expected:,} | {seconds:.2f} s | {samples[0][2]:,} "
                f"| {max(s[1] for s in samples) / 1e6:.0f} |"
            )

    if wanted("capped"):
        capped(args.repeat, args.limit)


if __name__ == "__main__":
    main()
