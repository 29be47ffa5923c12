"""Forced chains (issue 11): n items, item k in one choice, {k}.

    python benches/chain.py [N ...]     # default: 200,000 and 1,000,000

Every node of the search has one branch, so the whole count is n + 1 nodes; a
choice of item that scanned every item left (as Knuth's MRV rule does when
written naively) makes it quadratic: 29 s for 200,000 items before issue 11.
Prints the time to build the ExactCover, to count() it (memoizing when that
pays: here its trial gives up at once) and to count(memo=False).

Then one long option: n items all in choice A, item 0 also in B. Choosing A
covers its first item and empties the lists of all the others (A was their
only choice), which A then covers one by one; a check after each of those
covers that scanned the rest of the option for items still to come made it
quadratic: 3.7 s for 80,000 items before (dancing links; the bitset engine
declines a problem this wide).
"""

from __future__ import annotations

import sys
import time

from exactcover import ExactCover


def main(argv: list[str]) -> int:
    sizes = [int(a) for a in argv] or [200_000, 1_000_000]
    print("| items | ExactCover() | count() | count(memo=False) | nodes |")
    print("|---:|---:|---:|---:|---:|")
    for n in sizes:
        start = time.perf_counter()
        problem = ExactCover({k: [k] for k in range(n)})
        built = time.perf_counter() - start
        start = time.perf_counter()
        assert problem.count() == 1
        counted = time.perf_counter() - start
        problem = ExactCover({k: [k] for k in range(n)})
        start = time.perf_counter()
        assert problem.count(memo=False) == 1
        plain = time.perf_counter() - start
        nodes = problem.stats["nodes"]
        print(f"| {n:,} | {built:.2f} s | {counted:.3f} s | {plain:.3f} s | {nodes:,} |")
    print()
    print("| items in one option | ExactCover() | count() | count(memo=False) | engine |")
    print("|---:|---:|---:|---:|---|")
    for n in sizes:
        start = time.perf_counter()
        problem = ExactCover({"A": list(range(n)), "B": [0]})
        built = time.perf_counter() - start
        start = time.perf_counter()
        assert problem.count() == 1
        counted = time.perf_counter() - start
        engine = problem.stats["engine"]
        problem = ExactCover({"A": list(range(n)), "B": [0]})
        start = time.perf_counter()
        assert problem.count(memo=False) == 1
        plain = time.perf_counter() - start
        print(f"| {n:,} | {built:.2f} s | {counted:.3f} s | {plain:.3f} s | {engine} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
