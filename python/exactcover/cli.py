"""The ``exactcover`` command (also ``python -m exactcover``).

``exactcover solve FILE`` reads a problem in Knuth's DLX text format (``-``
for stdin) and prints its solutions; every other command line goes to the
puzzle demos (:func:`exactcover.demo.main`).

Exit status of ``solve``: 0 when there is at least one solution, 1 when there
is none, 2 for bad input (with a message naming the line), 130 when
interrupted by Ctrl-C (after printing the solutions or the count so far).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from typing import IO

from ._native import DlxFormatError, ExactCoverError
from .dlx import MAX_DLX_BYTES, DlxProblem, _decode, _read_at_most, parse_dlx

__all__ = ["main", "progress_estimate"]

#: Seconds between progress updates (and the length of a search slice).
PROGRESS_INTERVAL = 0.2
#: Levels of the search tree that go into the progress estimate.
PROGRESS_LEVELS = 30

EXIT_SOLVED = 0
EXIT_NO_SOLUTION = 1
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    ``solve ...`` is handled here; anything else, including no arguments, is
    passed to the puzzle demos, :func:`exactcover.demo.main`. Output that
    cannot be written (a closed standard output, a full disk) is a message
    and exit status 2, never a traceback.
    """
    if sys.stderr is None:  # closed: messages go nowhere, but do not fail
        sys.stderr = open(os.devnull, "w")
    if sys.stdout is None:
        print("exactcover: standard output is closed", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        args = list(sys.argv[1:] if argv is None else argv)
        if args and args[0] == "solve":
            status = solve(args[1:])
        else:
            from . import demo

            status = demo.main(args)
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly.
        _discard_output()
        return EXIT_SOLVED
    except OSError as error:
        _discard_output()
        where = f"{error.filename}: " if error.filename else ""
        print(f"exactcover: {where}{error.strerror or error}", file=sys.stderr)
        return EXIT_BAD_INPUT


def _discard_output() -> None:
    """Send what is left of standard output to /dev/null, so that the
    interpreter's last flush does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        sys.stdout = open(os.devnull, "w")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="exactcover solve",
        description=(
            "Solve an exact cover problem written in Knuth's DLX text format (as read by "
            "dlx1/dlx2/dlx3): comment lines start with '|', the first other line lists the "
            "primary items, then '|' and the secondary items, and every later line is an "
            "option. Solutions are printed as their option lines."
        ),
        epilog=(
            "Exit status: 0 if there is a solution, 1 if there is none, 2 for bad input, "
            "130 if interrupted (the solutions or the count so far are printed first)."
        ),
    )
    parser.add_argument("file", metavar="FILE", help="the DLX file, or - for standard input")
    parser.add_argument("--count", action="store_true", help="only count the solutions")
    parser.add_argument(
        "--json",
        action="store_true",
        help=(
            'print each solution as a JSON line: {"solution": n, "options": [0-based indices '
            'among the options kept], "lines": [their lines], "text": [their text]}'
        ),
    )
    parser.add_argument("--limit", type=_non_negative, metavar="N", help="stop after N solutions")
    parser.add_argument(
        "--threads",
        type=_threads,
        default=1,
        metavar="N",
        help="with --count (and no --limit): count on N threads (default 1)",
    )
    parser.add_argument(
        "--random",
        type=_non_negative,
        metavar="SEED",
        help="search in a random order, reproducible from SEED",
    )
    parser.add_argument(
        "--estimate",
        type=_positive,
        metavar="N",
        help=(
            "do not solve: estimate the numbers of search-tree nodes and of solutions from "
            "N random probes (Knuth's Monte Carlo method; with --random SEED, reproducibly)"
        ),
    )
    parser.add_argument(
        "--strict",
        action="store_true",
        help="accept only what Knuth's programs accept (names of at most 8 bytes, etc.)",
    )
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show progress on stderr (default: when stderr is a terminal)",
    )
    parser.add_argument(
        "--stats", action="store_true", help="print nodes, updates, solutions and time at the end"
    )
    return parser


def _non_negative(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be non-negative, not {value}")
    return value


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


#: The most threads ``--threads`` takes.
MAX_THREADS = 1024


def _threads(text: str) -> int:
    value = _positive(text)
    if value > MAX_THREADS:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_THREADS}, not {value}")
    return value


def progress_estimate(positions: Sequence[tuple[int, int]]) -> float:
    """Knuth's estimate of the fraction of the search tree already explored,
    from the position ``(k, d)`` of the current branch at each top level
    (branch k of d): ``(k1 - 1)/d1 + (k2 - 1)/(d1 d2) + ... + 1/(2 d1 ... dl)``.

    >>> progress_estimate([(2, 4), (1, 2)])
    0.3125
    >>> progress_estimate([])
    0.5
    """
    fraction, scale = 0.0, 1.0
    for k, d in positions:
        scale /= max(d, 1)
        fraction += (k - 1) * scale
    return fraction + scale / 2


class _Progress:
    """The progress line on stderr: solutions, nodes, updates per second and
    the estimated fraction of the search done."""

    def __init__(self, stream: IO[str], enabled: bool) -> None:
        self.stream = stream
        self.enabled = enabled
        self.start = time.monotonic()
        self.shown = False

    def update(self, solver: object) -> None:
        if not self.enabled:
            return
        stats = solver.stats  # type: ignore[attr-defined]
        elapsed = max(time.monotonic() - self.start, 1e-9)
        if solver.exhausted:  # type: ignore[attr-defined]
            fraction = 1.0
        else:
            fraction = progress_estimate(solver.choice_positions(PROGRESS_LEVELS))  # type: ignore[attr-defined]
        line = (
            f"{stats['solutions']} solutions, {stats['nodes']} nodes, "
            f"{stats['updates'] / elapsed:.3g} updates/s, {100 * fraction:.2f}% done, "
            f"{elapsed:.0f}s"
        )
        self.stream.write(f"\r{line}\x1b[K")
        self.stream.flush()
        self.shown = True

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False


def solve(argv: Sequence[str]) -> int:
    """``exactcover solve``: returns the exit status."""
    args = _parser().parse_args(argv)
    name = "<stdin>" if args.file == "-" else args.file
    try:
        if args.file == "-":
            if sys.stdin is None:
                print("exactcover: standard input is closed", file=sys.stderr)
                return EXIT_BAD_INPUT
            text = _decode(_read_at_most(sys.stdin.buffer, MAX_DLX_BYTES))
        else:
            with open(args.file, "rb") as f:
                text = _decode(_read_at_most(f, MAX_DLX_BYTES))
        problem = parse_dlx(text, strict=args.strict)
    except DlxFormatError as error:
        line = getattr(error, "line", None)
        reason = getattr(error, "reason", None) or str(error)
        where = f"{name}:{line}" if line else name
        print(f"exactcover: {where}: {reason}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except OSError as error:
        print(f"exactcover: {name}: {error.strerror or error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if problem.dropped:
        listed = ", ".join(map(str, problem.dropped[:10])) + (
            ", ..." if len(problem.dropped) > 10 else ""
        )
        n = len(problem.dropped)
        print(
            f"exactcover: {name}: {n} option{'s' if n != 1 else ''} ignored "
            f"(no primary items): line{'s' if n != 1 else ''} {listed}",
            file=sys.stderr,
        )
    try:
        solutions = problem.solutions(seed=args.random)
    except ExactCoverError as error:
        print(f"exactcover: {name}: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    solver = solutions.native
    if args.estimate:
        try:
            e = solutions.estimate(args.estimate, seed=args.random)
        except KeyboardInterrupt:
            print("exactcover: interrupted", file=sys.stderr)
            return EXIT_INTERRUPTED
        print(
            f"{e.nodes:.4g} nodes (± {e.nodes_error:.2g}), "
            f"{e.solutions:.4g} solutions (± {e.solutions_error:.2g}), "
            f"mean depth {e.depth:.1f}, from {e.samples} probes"
        )
        return EXIT_SOLVED
    enabled = args.progress if args.progress is not None else sys.stderr.isatty()
    progress = _Progress(sys.stderr, enabled)
    interval = PROGRESS_INTERVAL if enabled else 1.0
    limit = args.limit
    found = 0
    interrupted = False
    lines = problem.lines
    start = time.monotonic()
    try:
        if args.count and args.threads > 1 and limit is None:
            progress.clear()
            found = solver.count_parallel(args.threads)
        elif args.count:
            done = limit == 0
            while not done:
                remaining = None if limit is None else limit - found
                n, done = solver.count_for(interval, remaining)
                found += n
                progress.update(solver)
        else:
            while limit is None or found < limit:
                ready, solution = solver.next_solution_for(interval)
                if not ready:
                    progress.update(solver)
                    continue
                if solution is None:
                    break
                found += 1
                progress.clear()
                _print_solution(problem, lines, found, solution, args.json)
                progress.update(solver)
    except KeyboardInterrupt:
        interrupted = True
        found = solver.stats["solutions"] or solver.interrupted_count
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly.
        sys.stdout = open(os.devnull, "w")
        return EXIT_SOLVED if found else EXIT_NO_SOLUTION
    progress.clear()
    if args.count:
        print(found)
    sys.stdout.flush()
    if interrupted:
        print(
            f"exactcover: interrupted after {found} solution{'s' if found != 1 else ''}",
            file=sys.stderr,
        )
    if args.stats:
        stats = solver.stats
        print(
            f"{stats['solutions']} solution{'s' if stats['solutions'] != 1 else ''}, "
            f"{stats['nodes']} nodes, {stats['updates']} updates, "
            f"{time.monotonic() - start:.3f} s",
            file=sys.stderr,
        )
    if interrupted:
        return EXIT_INTERRUPTED
    return EXIT_SOLVED if found else EXIT_NO_SOLUTION


def _print_solution(
    problem: DlxProblem, lines: list[int | None], number: int, solution: list[int], as_json: bool
) -> None:
    """One solution: Knuth's layout (``N:`` then one option per line, each
    with a leading space), or one JSON object per line."""
    if as_json:
        record = {
            "solution": number,
            "options": solution,
            "lines": [lines[k] for k in solution],
            "text": [problem.option_text(k) for k in solution],
        }
        sys.stdout.write(json.dumps(record) + "\n")
    else:
        sys.stdout.write(f"{number}:\n" + "".join(f" {problem.option_text(k)}\n" for k in solution))
