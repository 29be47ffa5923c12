"""The ``exactcover`` command (also ``python -m exactcover``).

``exactcover solve FILE`` reads a problem in Knuth's DLX text format (``-``
for stdin) and prints its solutions; every other command line goes to the
puzzle demos (:func:`exactcover.demo.main`).

Exit status, the same for ``solve`` and the demos (:data:`EXIT_CODES`):
0 when there is at least one solution (or the demo ran), 1 when there is
none, 2 for bad input or a bad command line (with a message that names the
file and line, or the option), 130 when interrupted by Ctrl-C (after
printing the solutions or the count so far).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from typing import IO, Any

from ._native import DlxFormatError, ExactCoverError
from .dlx import MAX_DLX_BYTES, DlxProblem, _decode, _read_at_most, parse_dlx
from .progress import Reporter, figures, progress_estimate

__all__ = ["main", "progress_estimate", "EXIT_CODES"]

#: Seconds between progress updates (and the length of a search slice).
PROGRESS_INTERVAL = 0.2

EXIT_SOLVED = 0
EXIT_NO_SOLUTION = 1
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130

#: What each exit status of the ``exactcover`` command means.
EXIT_CODES = {
    EXIT_SOLVED: "a solution was found (or the demo ran)",
    EXIT_NO_SOLUTION: "there is no solution",
    EXIT_BAD_INPUT: "bad input or a bad command line (the message names the file, line or option)",
    EXIT_INTERRUPTED: "interrupted by Ctrl-C (what was found so far is printed first)",
}


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
        if args and args[0] in ("--version", "-V"):
            print(_version())
            status = EXIT_SOLVED
        elif args and args[0] == "solve":
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


def _version() -> str:
    from . import __version__

    return f"exactcover {__version__}"


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
            "Exit status: 0 if there is a solution, 1 if there is none, 2 for bad input "
            "or options, 130 if interrupted (the solutions or the count so far are printed "
            "first)."
        ),
    )
    parser.add_argument("--version", "-V", action="version", version=_version())
    parser.add_argument("file", metavar="FILE", help="the DLX file, or - for standard input")
    parser.add_argument(
        "--count",
        action="store_true",
        help='only count the solutions (with --json: {"count": n, "complete": true|false})',
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help=(
            'print each solution as a JSON line: {"solution": n, "options": [0-based indices '
            'among the options kept], "lines": [their lines], "text": [their text]}; with '
            "--count or --estimate, the result as one JSON object"
        ),
    )
    parser.add_argument("--limit", type=_positive, metavar="N", help="stop after N solutions")
    parser.add_argument(
        "--threads",
        type=_threads,
        default=1,
        metavar="N",
        help="with --count and without --limit: count on N threads (default 1)",
    )
    parser.add_argument(
        "--workers",
        type=_positive,
        metavar="N",
        help=(
            "with --count: count on N local worker processes (a Dask LocalCluster if Dask is "
            "installed, else a process pool)"
        ),
    )
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="with --count: count on the Dask cluster whose scheduler is at ADDRESS",
    )
    parser.add_argument(
        "--checkpoint",
        metavar="CKPT",
        help=(
            "with --count on workers or a cluster: record finished subtrees in CKPT and, if it "
            "exists, resume the count it records"
        ),
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


def _whole_number(text: str) -> int:
    """An option's value as an int; the message names what was expected
    (argparse would otherwise name this function)."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None


def _non_negative(text: str) -> int:
    value = _whole_number(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be non-negative, not {value}")
    return value


def _positive(text: str) -> int:
    value = _whole_number(text)
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


class _Progress(Reporter):
    """The progress line on stderr: solutions, nodes, updates per second and
    the estimated fraction of the search done. Disabled, it shows nothing,
    and the search still runs in slices of a second."""

    def __init__(self, stream: IO[str], enabled: bool) -> None:
        self.stream = stream
        self.enabled = enabled
        self.interval = PROGRESS_INTERVAL if enabled else 1.0
        self.start = time.monotonic()
        self.shown = False

    def update(self, solver: Any) -> None:
        """Show a search's figures."""
        if not self.enabled:
            return
        stats, fraction = figures(solver)
        elapsed = max(time.monotonic() - self.start, 1e-9)
        line = (
            f"{_plural(stats['solutions'], 'solution')}, {stats['nodes']} nodes, "
            f"{stats['updates'] / elapsed:.3g} updates/s, {100 * fraction:.2f}% done, "
            f"{elapsed:.0f}s"
        )
        self.stream.write(f"\r{line}\x1b[K")
        self.stream.flush()
        self.shown = True

    def update_parallel(self, figures: dict[str, int]) -> None:
        """The line for a count on threads: its figures so far, and the
        subtrees done and waiting (the threads hand subtrees around)."""
        if not self.enabled:
            return
        elapsed = max(time.monotonic() - self.start, 1e-9)
        line = (
            f"{figures['solutions']} solutions, {figures['nodes']} nodes, "
            f"{figures['updates'] / elapsed:.3g} updates/s, "
            f"{figures['subtrees_done']} subtrees done, {figures['subtrees_pending']} waiting, "
            f"{elapsed:.0f}s"
        )
        self.stream.write(f"\r{line}\x1b[K")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        """Clear the line."""
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False


def _plural(n: int, noun: str) -> str:
    """``1 solution``, ``2 solutions``."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _check_combinations(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse options that would be ignored (argparse's usage error: exit 2)."""
    if args.estimate is not None:
        ignored = [
            name
            for name, given in (
                ("--count", args.count),
                ("--limit", args.limit is not None),
                ("--threads", args.threads > 1),
                ("--stats", args.stats),
            )
            if given
        ]
        if ignored:
            parser.error(f"--estimate does not search: {', '.join(ignored)} cannot be used with it")
    if args.threads > 1 and not args.count:
        parser.error("--threads N counts on N threads: it needs --count")
    if args.threads > 1 and args.limit is not None:
        parser.error("--threads N counts every solution: it cannot be used with --limit")


def solve(argv: Sequence[str]) -> int:
    """``exactcover solve``: returns the exit status."""
    parser = _parser()
    args = parser.parse_args(argv)
    _check_combinations(parser, args)
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
    if args.estimate:
        try:
            e = solutions.estimate(args.estimate, seed=args.random)
        except KeyboardInterrupt:
            print("exactcover: interrupted", file=sys.stderr)
            return EXIT_INTERRUPTED
        caveat = e.caveat()
        if args.json:
            print(json.dumps({**e._asdict(), "reliable": caveat is None, "caveat": caveat}))
        else:
            print(
                f"{e.nodes:.4g} nodes (± {e.nodes_error:.2g}), "
                f"{e.solutions:.4g} solutions (± {e.solutions_error:.2g}), "
                f"mean depth {e.depth:.1f}, from {e.samples} probes"
            )
            if caveat is not None:
                print(f"Unreliable: {caveat}.")
        return EXIT_SOLVED
    enabled = args.progress if args.progress is not None else sys.stderr.isatty()
    progress = _Progress(sys.stderr, enabled)
    limit = args.limit
    found = 0
    interrupted = False
    lines = problem.lines
    start = time.monotonic()
    distributed = args.workers or args.scheduler or args.checkpoint
    if distributed and (not args.count or limit is not None):
        print(
            "exactcover: --workers, --scheduler and --checkpoint need --count and no --limit",
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    try:
        if distributed:
            found = _count_distributed(solutions, args, enabled)
        elif args.count:
            found = solutions._count(limit, args.threads, None, progress)
        else:
            for solution in solutions._solutions_in_slices(None, progress):
                found += 1
                progress.close()
                _print_solution(problem, lines, found, solution, args.json)
                if found == limit:
                    break
    except KeyboardInterrupt:
        interrupted = True
        found = solutions._found_before_interrupt()
    except (ValueError, OSError, ImportError) as error:
        if not distributed:
            raise
        progress.close()
        print(f"exactcover: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly.
        sys.stdout = open(os.devnull, "w")
        return EXIT_SOLVED if found else EXIT_NO_SOLUTION
    progress.close()
    if args.count and args.json:
        print(json.dumps({"count": found, "complete": not interrupted}))
    elif args.count:
        print(found)
    sys.stdout.flush()
    if interrupted:
        print(f"exactcover: interrupted after {_plural(found, 'solution')}", file=sys.stderr)
    if args.stats:
        stats = solutions.stats
        print(
            f"{_plural(stats['solutions'], 'solution')}, "
            f"{stats['nodes']} nodes, {stats['updates']} updates, "
            f"{time.monotonic() - start:.3f} s",
            file=sys.stderr,
        )
    if interrupted:
        return EXIT_INTERRUPTED
    return EXIT_SOLVED if found else EXIT_NO_SOLUTION


def _count_distributed(solutions: object, args: argparse.Namespace, progress: bool) -> int:
    """``--count`` on worker processes or a Dask cluster."""
    import importlib

    from .distributed import count_distributed

    try:
        importlib.import_module("tqdm")  # the progress bar
    except ImportError:
        progress = False
    client: Any = None
    if args.scheduler:
        try:
            dask_distributed: Any = importlib.import_module("distributed")
        except ImportError:
            raise ImportError(
                "--scheduler needs Dask: pip install 'exactcover-dlx[dask]'"
            ) from None
        client = dask_distributed.Client(args.scheduler)
    try:
        return count_distributed(
            solutions,
            client=client,
            workers=args.workers,
            checkpoint=args.checkpoint,
            progress=progress,
        )
    finally:
        if client is not None:
            client.close()


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
