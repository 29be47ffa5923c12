"""exactcover against Knuth's programs on random problems: a standing
differential test.

Random problems of four families (primary and secondary items; colors;
multiplicities; both) are written in Knuth's DLX text and given to his
programs that accept them (dlx1: primary and secondary items; dlx2: colors;
dlx3: multiplicities and colors; dlx6, whose intro promises
multiplicities but whose input takes none: items and colors, counts only) and to exactcover's
`parse_dlx`. Every counting path of exactcover must give Knuth's count:

* `count()` (the default: the memo where it pays), `count(memo=True)`,
  `count(memo=False)`, `count(memo=True, memo_bytes=...)` with a tiny memo,
  `count(threads=2)` with and without the memo;
* iteration, whose solutions (as multisets of options) must be Knuth's;
* `count_distributed` on a thread pool, its tasks cut again and again.

`count(memo=False)` and iteration walk Knuth's search tree: their node
count must be dlx1's, dlx2's and dlx3's (exactcover breaks ties between items with
multiplicities in its own way, so with multiplicities the node counts are
reported, not required to agree; see RESULTS.md).

Run (Knuth's binaries built by `benches/build_knuth.sh`)::

    python benches/knuth_differential.py --knuth-dir DIR [--problems N] [--seed S]

It prints one line per family and exits with status 1 at the first
disagreement, printing the problem's DLX text. Not part of the test suite:
it needs Knuth's programs, which are never shipped.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from exactcover import parse_dlx
from exactcover.distributed import count_distributed

FAMILIES = ("secondary", "colors", "multiplicities", "both")
#: Which of Knuth's programs read each family (dlx6 counts only).
PROGRAMS = {
    "secondary": ("dlx1", "dlx2", "dlx3", "dlx6"),
    "colors": ("dlx2", "dlx3", "dlx6"),
    "multiplicities": ("dlx3",),
    "both": ("dlx3",),
}
#: Problems with more solutions than this are drawn again (all are listed).
MAX_SOLUTIONS = 5000
#: The closing report on stderr ("search nodes" for dlx6).
_ALTOGETHER = re.compile(
    r"Altogether (\d+) solutions?,.*? (\d+) updates,.*? (\d+) (?:search )?nodes", re.S
)


@dataclass
class Knuth:
    """What one of Knuth's programs said about a problem."""

    count: int
    nodes: int
    #: Each solution as the multiset of its options (each option a sorted
    #: tuple of its items, colors included); None for dlx6.
    solutions: Counter[tuple[tuple[str, ...], ...]] | None = None


@dataclass
class Tally:
    """Problems compared and what agreed, per family."""

    problems: int = 0
    solutions: int = 0
    runs: Counter[str] = field(default_factory=Counter)
    nodes_equal: Counter[str] = field(default_factory=Counter)


def random_problem(rng: random.Random, family: str) -> str:
    """A random problem of `family` in Knuth's DLX text: mostly small ones
    (2 to 7 primary items, 0 to 4 secondary ones, 1 to 16 options of 1 to 4
    items), and one in four bigger (5 to 14 primary items, 0 to 6 secondary
    ones, 10 to 60 options of 1 to 5 items: memos, threads and subtrees cut
    again and again get to work)."""
    colors = family in ("colors", "both")
    multiplicities = family in ("multiplicities", "both")
    big = rng.random() < 0.25
    primary = [f"p{k}" for k in range(rng.randint(5, 14) if big else rng.randint(2, 7))]
    secondary = [f"s{k}" for k in range(rng.randint(1 if colors else 0, 6 if big else 4))]
    options, width = (rng.randint(10, 60), 5) if big else (rng.randint(1, 16), 4)
    head = []
    for name in primary:
        if multiplicities and rng.random() < 0.6:
            low = rng.randint(0, 2)
            high = rng.randint(max(low, 1), 3)
            head.append(f"{low}:{high}|{name}" if low != high else f"{low}|{name}")
        else:
            head.append(name)
    lines = [" ".join(head) + (" | " + " ".join(secondary) if secondary else "")]
    for _ in range(options):
        items = rng.sample(
            primary + secondary, rng.randint(1, min(width, len(primary + secondary)))
        )
        if not any(item in primary for item in items) and rng.random() < 0.8:
            items[0] = rng.choice(primary)  # mostly, an option covers a primary item
        items = list(dict.fromkeys(items))
        tokens = []
        for item in items:
            if colors and item in secondary and rng.random() < 0.7:
                tokens.append(f"{item}:{rng.choice('abc')}")
            else:
                tokens.append(item)
        lines.append(" ".join(tokens))
    return "\n".join(lines) + "\n"


def _option(tokens: list[str]) -> tuple[str, ...]:
    return tuple(sorted(tokens))


def run_knuth(path: str, text: str) -> Knuth:
    """Runs one of Knuth's programs on a problem (solutions shown unless it
    is dlx6, whose output is a ZDD)."""
    zdd = os.path.basename(path) == "dlx6"
    done = subprocess.run(
        [path] if zdd else [path, "m1"],
        input=text.encode(),
        capture_output=True,
        timeout=60,
        check=False,
    )
    report = done.stderr.decode(errors="replace")
    found = _ALTOGETHER.search(report)
    if done.returncode != 0 or not found:
        raise RuntimeError(f"{path} failed (status {done.returncode}):\n{report}")
    count, _updates, nodes = (int(g) for g in found.groups())
    if zdd:
        return Knuth(count, nodes)
    # Each solution: "N:", then one line per choice, " a b:c (k of d)".
    solutions: Counter[tuple[tuple[str, ...], ...]] = Counter()
    current: list[tuple[str, ...]] | None = None
    for line in done.stdout.decode().splitlines():
        if re.fullmatch(r"\d+:", line):
            if current is not None:
                solutions[tuple(sorted(current))] += 1
            current = []
        elif line.startswith(" null "):
            pass  # dlx3's choice to cover an item no more times (no option)
        elif line.startswith(" ") and current is not None:
            current.append(_option(re.sub(r" \(\d+ of \d+\)$", "", line).split()))
        elif line.strip():
            raise RuntimeError(f"{path}: unexpected output line {line!r}")
    if current is not None:
        solutions[tuple(sorted(current))] += 1
    return Knuth(count, nodes, solutions)


def exactcover_paths(text: str, pool: ThreadPoolExecutor) -> tuple[dict[str, int], int, Counter]:
    """Every counting path of exactcover on a problem: the counts by path,
    the node count of `count(memo=False)`, and the solutions found by
    iterating (each as the multiset of its options)."""
    problem = parse_dlx(text)
    counts: dict[str, int] = {}
    for name, keywords in (
        ("count()", {}),
        ("count(memo=True)", {"memo": True}),
        ("count(memo=True, memo_bytes=1)", {"memo": True, "memo_bytes": 1}),
        ("count(memo=True, memo_bytes=4096)", {"memo": True, "memo_bytes": 4096}),
        ("count(threads=2)", {"threads": 2}),
        ("count(threads=2, memo=True)", {"threads": 2, "memo": True}),
        ("count(threads=2, memo=False)", {"threads": 2, "memo": False}),
    ):
        counts[name] = problem.solutions().count(**keywords)  # type: ignore[arg-type]
    plain = problem.solutions()
    counts["count(memo=False)"] = plain.count(memo=False)
    nodes = plain.stats["nodes"]
    options = problem.options
    solutions: Counter[tuple[tuple[str, ...], ...]] = Counter()
    iterator = problem.solutions()
    for solution in iterator:
        solutions[tuple(sorted(_option(options[k]) for k in solution))] += 1
    counts["iteration"] = sum(solutions.values())
    counts["iteration's stats"] = iterator.stats["solutions"]
    if iterator.stats["nodes"] != nodes:
        # Iterating walks the tree of count(memo=False): a count that cannot agree.
        counts["iteration's nodes equal count(memo=False)'s"] = -1
    stats: dict[str, int] = {}
    counts["count_distributed(executor)"] = count_distributed(
        problem, executor=pool, task_seconds=1e-4, stats=stats
    )
    counts["count_distributed's stats"] = stats["solutions"]
    return counts, nodes, solutions


def compare(
    text: str, family: str, programs: dict[str, str], pool: ThreadPoolExecutor, tally: Tally
) -> str | None:
    """Compares one problem; returns what disagreed, or None."""
    knuth = {name: run_knuth(programs[name], text) for name in PROGRAMS[family]}
    counts, nodes, solutions = exactcover_paths(text, pool)
    expected = knuth[PROGRAMS[family][0]].count
    for name, said in knuth.items():
        if said.count != expected:
            return f"{name} counts {said.count}, {PROGRAMS[family][0]} {expected}"
        if said.solutions is not None and said.solutions != solutions:
            return f"{name}'s solutions differ from exactcover's iteration"
        tally.runs[name] += 1
        if name != "dlx6" and said.nodes == nodes:
            tally.nodes_equal[name] += 1
        elif name != "dlx6" and family in ("secondary", "colors"):
            return f"{name} visits {said.nodes} nodes, count(memo=False) {nodes}"
    for path, count in counts.items():
        if count != expected:
            return f"{path} gives {count}, Knuth's programs {expected}"
    tally.problems += 1
    tally.solutions += expected
    return None


def _find(name: str, knuth_dir: str | None) -> str | None:
    if knuth_dir:
        path = os.path.join(knuth_dir, name)
        return path if os.access(path, os.X_OK) else None
    return shutil.which(name)


def main(argv: list[str] | None = None) -> int:
    """Compares exactcover with Knuth's programs; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--knuth-dir",
        default=os.environ.get("EXACTCOVER_KNUTH_DIR"),
        help="where dlx1, dlx2, dlx3 and dlx6 are (default: $EXACTCOVER_KNUTH_DIR, then PATH)",
    )
    parser.add_argument(
        "--problems", type=int, default=250, help="random problems per family (default 250)"
    )
    parser.add_argument("--seed", type=int, default=None, help="seed of the random problems")
    args = parser.parse_args(argv)
    programs = {name: _find(name, args.knuth_dir) for name in ("dlx1", "dlx2", "dlx3", "dlx6")}
    missing = [name for name, path in programs.items() if path is None]
    found = {name: path for name, path in programs.items() if path is not None}
    if missing:
        print(
            f"knuth_differential: {', '.join(missing)} not found in --knuth-dir, "
            "EXACTCOVER_KNUTH_DIR or PATH (build them with benches/build_knuth.sh)",
            file=sys.stderr,
        )
        return 2
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    print(f"seed {seed}, {args.problems} problems per family")
    rng = random.Random(seed)
    start = time.monotonic()
    total = 0
    with ThreadPoolExecutor(2) as pool:
        for family in FAMILIES:
            tally = Tally()
            for _ in range(args.problems):
                text = random_problem(rng, family)
                while parse_dlx(text).count(MAX_SOLUTIONS + 1) > MAX_SOLUTIONS:
                    text = random_problem(rng, family)  # too many to list: another
                trouble = compare(text, family, found, pool, tally)
                if trouble is not None:
                    print(f"DISAGREEMENT ({family}): {trouble}\n{text}", file=sys.stderr)
                    return 1
            total += tally.problems
            nodes = ", ".join(
                f"{name} {tally.nodes_equal[name]}/{tally.runs[name]}"
                for name in PROGRAMS[family]
                if name != "dlx6"
            )
            print(
                f"{family}: {tally.problems} problems ({tally.solutions} solutions) agree with "
                f"{', '.join(PROGRAMS[family])} on every path; equal node counts: {nodes}"
            )
    print(f"{total} problems compared, all agree ({time.monotonic() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
