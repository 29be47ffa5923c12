"""The cheapest solutions with random costs: the solution graph's shortest
paths against branch and bound, beside Knuth's dlx5 where it is given.

    python benches/costs.py                       # every instance, k = 1 and 10
    python benches/costs.py --repeat 5 --markdown
    python benches/costs.py --only pentominoes-6x10 --k 1
    python benches/costs.py --knuth-dir ~/knuth/bin   # adds dlx5's column
    python benches/costs.py --knuth-dir ~/knuth/bin --differential 500

Every instance of ``instances.py`` named below gets random integer costs
(0..99, from ``--seed``), and each method finds the ``k`` cheapest
solutions: ``cheapest(costs, k, method="graph")`` (building the solution
graph included) and ``method="branch"`` (dlx5-style branch and bound), in
one process, interleaved run by run so that the noise of a shared machine
falls on all alike; the table gives medians and the ratio of branch and
bound's time to the graph's. The graph, once built, answers again for any
costs: ``walk`` times ``graph.cheapest(costs, k)`` on a graph built before
(the shortest-path walk alone), what each further query costs. Both must find the same costs (checked). With
``--knuth-dir DIR`` holding a ``dlx5`` binary (built from Knuth's CWEB
source by the user: ``benches/build_knuth.sh`` shows how; never shipped),
the instance is written as DLX text with dlx5's ``|n`` costs and timed by
dlx5 with its ``k`` parameter; the costs it reports must be ours, and the
table adds the ratio of branch and bound's time to dlx5's and both
search-tree node counts (ours from the native function behind
``method="branch"``, counted as dlx5 counts: nodes entered and solutions
reached). dlx5 runs as a separate process reading DLX text, so its time
includes reading the input, and ours includes building the problem from
Python objects.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import time
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import instances as I
from exactcover import ExactCover, write_dlx

NAMES = ["pentominoes-6x10", "pentominoes-5x12", "pentominoes-8x8-centre", "queens-12"]


def problem(inst: I.Instance) -> ExactCover[Any]:
    return ExactCover(inst.constraints, secondary=inst.secondary)


def dlx5(knuth_dir: str, text: str, k: int) -> tuple[float, list[int], int]:
    """Runs dlx5 on `text` keeping the `k` best: its wall time, the
    optimum costs it reports on stderr (`is $c`, ` $c`, or ` $c
    (repeated r times)`), cheapest first, and its search-tree nodes."""
    exe = os.path.join(knuth_dir, "dlx5")
    start = time.perf_counter()
    done = subprocess.run([exe, f"k{k}"], input=text, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    costs: list[int] = []
    for cost, repeated in re.findall(
        r"(?:^ |is )\$(\d+)(?: \(repeated (\d+) times\))?$", done.stderr, re.M
    ):
        costs += [int(cost)] * int(repeated or 1)
    nodes = re.search(r"(\d+) nodes", done.stderr)
    return seconds, costs, int(nodes.group(1)) if nodes else -1


def branch_nodes(cover: ExactCover[Any], costs: dict[Any, int], k: int) -> int:
    """The search-tree nodes our branch and bound visits (counted as dlx5
    counts them: nodes entered and solutions reached), from the native
    function behind `cheapest(method="branch")`."""
    from exactcover._native import cheapest

    items, options, _, colors, forced = cover._spec[:5]
    values = [costs[c] for c in cover._labels]
    return int(cheapest(items, options, forced, values, k, colors or None)[1])


def differential(knuth_dir: str, problems: int, seed: int) -> None:
    """Random small problems (`knuth_differential.random_problem`, with and
    without colors) with random costs 0..19 on every option: the `k`
    cheapest costs (k from 1 to 8) by branch and bound and by the graph
    must be dlx5's. Exits at the first disagreement, printing the text."""
    from exactcover import parse_dlx
    from knuth_differential import random_problem

    rng = random.Random(seed)
    for n in range(problems):
        family = rng.choice(["plain", "colors"])
        head, *options = random_problem(rng, family).splitlines()
        text = "\n".join([head] + [f"{line} |{rng.randrange(20)}" for line in options]) + "\n"
        k = rng.randint(1, 8)
        knuth = dlx5(knuth_dir, text, k)[1]
        for method in ("branch", "graph"):
            ours = [cost for cost, _ in parse_dlx(text).cheapest(k, method=method)]
            if ours != knuth:
                sys.exit(f"problem {n} ({family}), k={k}: {method} {ours} != dlx5 {knuth}\n{text}")
    print(f"{problems} random problems: branch and bound and the graph agree with dlx5")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", action="append", help="run only this instance")
    parser.add_argument("--k", type=int, action="append", help="how many cheapest (1 and 10)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--knuth-dir", default=os.environ.get("EXACTCOVER_KNUTH_DIR"))
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument(
        "--differential",
        type=int,
        metavar="N",
        help="instead, check the k cheapest costs against dlx5 on N random small problems",
    )
    args = parser.parse_args()
    if args.differential:
        if not args.knuth_dir:
            parser.error("--differential needs --knuth-dir")
        differential(args.knuth_dir, args.differential, args.seed)
        return
    ks = args.k or [1, 10]
    has_dlx5 = bool(args.knuth_dir) and os.path.exists(os.path.join(args.knuth_dir, "dlx5"))
    header = [
        "instance",
        "k",
        "best cost",
        "graph (s)",
        "walk (s)",
        "branch (s)",
        "branch / graph",
        "branch / walk",
        "branch nodes",
    ]
    if has_dlx5:
        header += ["dlx5 (s)", "dlx5 / graph", "branch / dlx5", "dlx5 nodes"]
    rows = []
    for name in args.only or NAMES:
        inst = I.build(name)
        assert isinstance(inst, I.Instance)
        rng = random.Random(args.seed)
        costs = {choice: rng.randrange(100) for choice in inst.constraints}
        text = write_dlx(problem(inst), costs=costs) if has_dlx5 else ""
        built = problem(inst).solution_graph()
        for k in ks:
            times: dict[str, list[float]] = {"graph": [], "walk": [], "branch": [], "dlx5": []}
            found: dict[str, list[int]] = {}
            knuth_nodes = -1
            for _ in range(args.repeat):
                for method in ("graph", "branch"):
                    cover = problem(inst)
                    start = time.perf_counter()
                    best = cover.cheapest(costs, k, method=method)
                    times[method].append(time.perf_counter() - start)
                    found[method] = [cost for cost, _ in best]
                start = time.perf_counter()
                walked = built.cheapest(costs, k)
                times["walk"].append(time.perf_counter() - start)
                assert [cost for cost, _ in walked] == found["graph"]
                if has_dlx5:
                    seconds, knuth_costs, knuth_nodes = dlx5(args.knuth_dir, text, k)
                    times["dlx5"].append(seconds)
                    if knuth_costs != found["graph"]:
                        sys.exit(f"{name}: dlx5's costs {knuth_costs} != ours {found['graph']}")
            if found["graph"] != found["branch"]:
                sys.exit(f"{name}, k={k}: graph {found['graph']} != branch {found['branch']}")
            graph = statistics.median(times["graph"])
            branch = statistics.median(times["branch"])
            walk = statistics.median(times["walk"])
            row = [name, str(k), str(found["graph"][0]), f"{graph:.3f}", f"{walk:.4f}"]
            row += [f"{branch:.3f}", f"{branch / graph:.2f}", f"{branch / walk:.0f}"]
            row.append(f"{branch_nodes(problem(inst), costs, k):,}")
            if has_dlx5:
                knuth = statistics.median(times["dlx5"])
                row += [f"{knuth:.3f}", f"{knuth / graph:.2f}", f"{branch / knuth:.2f}"]
                row.append(f"{knuth_nodes:,}")
            rows.append(row)
            print("  ".join(row), file=sys.stderr)
    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for row in rows:
            print("| " + " | ".join(row) + " |")
    else:
        width = [max(len(r[j]) for r in [header, *rows]) for j in range(len(header))]
        for r in [header, *rows]:
            print("  ".join(cell.rjust(w) for cell, w in zip(r, width)))


if __name__ == "__main__":
    main()
