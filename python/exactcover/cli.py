"""The `exactcover` command (also `python -m exactcover`): one argparse tree.

`exactcover solve FILE` reads a problem in Knuth's DLX text format (`-` for
standard input) and prints its solutions; every puzzle demo of
`exactcover.demo.PUZZLES` is a subcommand too (`exactcover queens -n 12`),
and `exactcover` alone, or followed by options only, runs the first demo,
`pentominoes`. `exactcover --help` lists the subcommands and
`exactcover COMMAND --help` shows one's options.

Messages name the program as it was typed (`exactcover` for the script,
`python -m exactcover` for the module) and the subcommand:
`exactcover sudoku: error: ...`. The exit status is the same for every
subcommand (`EXIT_CODES`): 0 when there is at least one solution (or the demo
ran), 1 when there is none, 2 for bad input or a bad command line (with a
message that names the file and line, or the option), 130 when interrupted by
Ctrl-C (after printing the solutions or the count so far).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import sys
import time
from collections.abc import Sequence
from contextlib import closing
from typing import IO, Any

from . import demo
from ._arguments import U64_MAX
from ._command_line import (
    EXIT_BAD_INPUT,
    EXIT_CODES,
    EXIT_INTERRUPTED,
    EXIT_NO_SOLUTION,
    EXIT_SOLVED,
    MAX_THREADS,
    CommandError,
    file_name,
    non_negative,
    positive,
    seconds,
    threads,
)
from ._native import DlxFormatError, ExactCoverError
from ._reading import decode_utf8, read_at_most
from .dlx import MAX_DLX_BYTES, DlxProblem, parse_dlx
from .progress import UPDATE_INTERVAL, Reporter, StatusLine, figures, progress_estimate

__all__ = [
    "main",
    "parser",
    "solve",
    "progress_estimate",
    "EXIT_CODES",
    "EXIT_SOLVED",
    "EXIT_NO_SOLUTION",
    "EXIT_BAD_INPUT",
    "EXIT_INTERRUPTED",
    "MAX_THREADS",
    "PROGRAM",
    "MODULE_PROGRAM",
]

#: The program's name when run as the `exactcover` script.
PROGRAM = "exactcover"
#: The program's name when run as `python -m exactcover`.
MODULE_PROGRAM = "python -m exactcover"

#: Seconds between progress updates (and the length of a search slice).
PROGRESS_INTERVAL = UPDATE_INTERVAL


def main(argv: Sequence[str] | None = None, *, prog: str = PROGRAM) -> int:
    """Run the command line.

    Output that cannot be written (a closed standard output, a full disk) is
    a message and exit status 2, never a traceback. A bad command line is
    argparse's usage message and `SystemExit(2)`; `--help` is
    `SystemExit(0)`.

    Args:
        argv: The arguments after the program's name; by default
            `sys.argv[1:]`. Empty, or starting with an option other than
            `--help` or `--version`, runs the first puzzle demo
            (`pentominoes`) with them.
        prog: The program's name in help and messages: `PROGRAM`, or
            `MODULE_PROGRAM` when run with `python -m`.

    Returns:
        The exit status (see `EXIT_CODES`).

    Raises:
        SystemExit: For `--help` and for a bad command line (argparse's
            usage errors, status 2).
    """
    if sys.stderr is None:  # closed: messages go nowhere, but do not fail
        sys.stderr = open(os.devnull, "w")
    stdout_closed = sys.stdout is None
    if stdout_closed:
        sys.stdout = open(os.devnull, "w")
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or (args[0].startswith("-") and args[0] not in _TOP_LEVEL_OPTIONS):
        args.insert(0, demo.PUZZLES[0].name)
    top = parser(prog)
    try:
        parsed, extra = top.parse_known_args(args)
        if extra:
            # parse_args would report them in the top level's name: the
            # subcommand's parser names the subcommand, as its other errors do.
            owner = getattr(parsed, "parser", None) or top
            owner.error(f"unrecognized arguments: {' '.join(extra)}")
    except SystemExit as exit:
        if stdout_closed and exit.code == 0:  # --help into a closed stdout
            _complain(prog, "standard output is closed")
            return EXIT_BAD_INPUT
        raise
    # Only --version and --help come without a command (see above).
    name = prog if parsed.version else f"{prog} {parsed.command}"
    parsed.program = name
    if stdout_closed:
        _complain(name, "standard output is closed")
        return EXIT_BAD_INPUT
    try:
        if parsed.version:
            print(_version())
            status = EXIT_SOLVED
        else:
            status = parsed.run(parsed)
        sys.stdout.flush()
        return status
    except CommandError as error:
        _complain(name, str(error))
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print(f"{name}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly.
        _discard_output()
        return EXIT_SOLVED
    except OSError as error:
        _discard_output()
        where = f"{error.filename}: " if error.filename else ""
        _complain(name, f"{where}{error.strerror or error}")
        return EXIT_BAD_INPUT


#: The options that the top level answers itself (the others go to the default demo).
_TOP_LEVEL_OPTIONS = ("-h", "--help", "-V", "--version")


def parser(prog: str = PROGRAM) -> argparse.ArgumentParser:
    """The command line's argparse tree: `solve` and every puzzle demo.

    Args:
        prog: The program's name in help and messages.

    Returns:
        The top-level parser. Each subcommand's defaults hold its name
        (`command`), the function that runs it with the parsed arguments and
        returns the exit status (`run`), and its own parser (`parser`, for
        usage errors found while running).
    """
    top = argparse.ArgumentParser(
        prog=prog,
        description=(
            "Exact cover problems solved with Knuth's Dancing Links: solve a problem in "
            "Knuth's DLX format, or run a puzzle demo."
        ),
        epilog=(
            f"With no command, or only options, runs '{prog} {demo.PUZZLES[0].name}'. "
            f"'{prog} COMMAND --help' shows a command's options. {_EXIT_STATUS}"
        ),
    )
    top.add_argument("--version", "-V", action="store_true", help="print the version and exit")
    commands = top.add_subparsers(dest="command", metavar="COMMAND", title="commands")
    solve_parser = commands.add_parser(
        "solve",
        help="solve a problem in Knuth's DLX format and print its solutions",
        description=(
            "Solve an exact cover problem written in Knuth's DLX text format (as read by "
            "dlx1/dlx2/dlx3): comment lines start with '|', the first other line lists the "
            "primary items, then '|' and the secondary items, and every later line is an "
            "option. Solutions are printed as their option lines."
        ),
        epilog=_EXIT_STATUS,
    )
    _solve_arguments(solve_parser)
    solve_parser.set_defaults(run=solve, parser=solve_parser)
    for puzzle in demo.PUZZLES:
        sub = commands.add_parser(
            puzzle.name, help=puzzle.help, description=puzzle.help, epilog=_EXIT_STATUS
        )
        puzzle.add_arguments(sub)
        sub.set_defaults(run=puzzle.run, parser=sub)
    return top


_EXIT_STATUS = (
    "Exit status: 0 if there is a solution (or the demo ran), 1 if there is none, 2 for bad "
    "input or options, 130 if interrupted (the solutions or the count so far are printed "
    "first)."
)


def _complain(name: str, message: str) -> None:
    """Print an error message that names the program and the subcommand."""
    print(f"{name}: error: {message}", file=sys.stderr)


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


def _solve_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of `solve`."""
    parser.add_argument("--version", "-V", action="version", version=_version())
    parser.add_argument(
        "file", type=file_name, metavar="FILE", help="the DLX file, or - for standard input"
    )
    parser.add_argument(
        "--count",
        action="store_true",
        help=(
            'only count the solutions (with --json: {"count": n, "complete": true|false}, '
            "complete false if Ctrl-C or --limit stopped the count)"
        ),
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
    parser.add_argument("--limit", type=positive, metavar="N", help="stop after N solutions")
    parser.add_argument(
        "--threads",
        type=threads,
        default=1,
        metavar="N",
        help=f"search on N threads, 1 to {MAX_THREADS} (default 1): with --count, count on "
        "them (with --limit, exactly the first N solutions counted); without, print every "
        "solution once, in the order the threads find them; with --workers or --scheduler, "
        "the threads of each worker (default: its machine's cores, shared among the workers "
        "there)",
    )
    parser.add_argument(
        "--workers",
        type=positive,
        metavar="N",
        help=(
            "with --count: count on N local worker processes (a Dask LocalCluster if Dask is "
            "installed, else a process pool); a count estimated to be short runs here on "
            "threads"
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
        "--local-seconds",
        type=seconds,
        metavar="S",
        help=(
            "with --workers, --scheduler or --checkpoint: a count that Knuth's estimate and a "
            "fraction of a second of counting here say would take less than S seconds on this "
            "machine's threads runs here (default 2; 0: always on the workers)"
        ),
    )
    parser.add_argument(
        "--engine",
        choices=("auto", "bitset", "dlx"),
        default="auto",
        help=(
            "the search engine: auto (the default: the bitset engine where it pays), bitset, "
            "or dlx (dancing links)"
        ),
    )
    parser.add_argument(
        "--random",
        type=non_negative,
        metavar="SEED",
        help="search in a random order, reproducible from SEED",
    )
    parser.add_argument(
        "--estimate",
        type=positive,
        metavar="N",
        help=(
            "do not solve: estimate the numbers of search-tree nodes and of solutions from "
            "N random probes (Knuth's Monte Carlo method; with --random SEED, reproducibly)"
        ),
    )
    parser.add_argument(
        "--cheapest",
        type=positive,
        metavar="K",
        help=(
            "print the K cheapest solutions by the options' costs (dlx5's |n entries), "
            'cheapest first, each after a line "cost: c" (with --json, a "cost" field)'
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
        help=(
            "show progress on stderr (default: when stderr is a terminal); on a terminal one "
            "line redrawn in place, elsewhere plain lines, one every 10 s and the last at the end"
        ),
    )
    parser.add_argument(
        "--stats", action="store_true", help="print nodes, updates, solutions and time at the end"
    )


class _Progress(Reporter):
    """The progress line on stderr: solutions, nodes, updates per second and
    the estimated fraction of the search done (see `StatusLine` for how it
    is written to a terminal and elsewhere). Disabled, it shows nothing, and
    the search still runs in slices of a second."""

    def __init__(self, stream: IO[str], enabled: bool) -> None:
        self.line = StatusLine(stream)
        self.enabled = enabled
        self.interval = PROGRESS_INTERVAL if enabled else 1.0
        self.start = time.monotonic()
        self.last: dict[str, Any] | None = None  # the figures shown last

    def update(self, solver: Any) -> None:
        """Show a search's figures."""
        if not self.enabled:
            return
        stats, fraction = figures(solver)
        elapsed = max(time.monotonic() - self.start, 1e-9)
        self.line.show(
            f"{_plural(stats['solutions'], 'solution')}, {stats['nodes']} nodes, "
            f"{stats['updates'] / elapsed:.3g} updates/s, {100 * fraction:.2f}% done, "
            f"{elapsed:.0f}s"
        )

    def update_figures(self, figures: dict[str, Any]) -> None:
        """The line for a count (or a search on threads): its figures so
        far, the fraction done and the time left at that pace, and on
        threads the pieces of work done and waiting."""
        self.last = figures
        if not self.enabled:
            return
        elapsed = max(time.monotonic() - self.start, 1e-9)
        fraction = figures.get("fraction")
        done = "" if fraction is None else f"{100 * fraction:.2f}% done, "
        if fraction is not None and 0 < fraction < 1:
            done += f"about {_duration(elapsed * (1 - fraction) / fraction)} left, "
        pieces = ""
        if figures.get("subtrees_done") or figures.get("subtrees_pending"):
            pieces = (
                f"{figures['subtrees_done']} subtrees done, {figures['subtrees_pending']} waiting, "
            )
        self.line.show(
            f"{_plural(figures['solutions'], 'solution')}, {figures['nodes']} nodes, "
            f"{figures['updates'] / elapsed:.3g} updates/s, {done}{pieces}{elapsed:.0f}s"
        )

    def finish(self) -> None:
        """The search is complete: the last line shows 100% done."""
        if self.last is not None:
            self.update_figures({**self.last, "fraction": 1.0})

    def clear(self) -> None:
        """Make room for a solution on standard output."""
        self.line.clear()

    def close(self) -> None:
        """The search is over: clear the line (or write the last figures)."""
        self.line.close()


def _duration(seconds: float) -> str:
    """`42s`, `17m`, `3.2h`, `5.1d`: a time left, roughly."""
    if seconds < 100:
        return f"{seconds:.0f}s"
    if seconds < 6000:
        return f"{seconds / 60:.0f}m"
    if seconds < 360000:
        return f"{seconds / 3600:.1f}h"
    return f"{seconds / 86400:.1f}d"


def _plural(n: int, noun: str) -> str:
    """`1 solution`, `2 solutions`."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _check_combinations(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse options that would be ignored (argparse's usage error: exit 2)."""
    # An empty one (an unset shell variable, `--checkpoint "$CKPT"`) would
    # be taken for no option at all: a count without its checkpoint.
    for name, value, what in (
        ("--scheduler", args.scheduler, "an address"),
        ("--checkpoint", args.checkpoint, "a file name"),
    ):
        if value == "":
            parser.error(f"{name} needs {what}, not an empty one")
    if args.estimate is not None:
        ignored = [
            name
            for name, given in (
                ("--count", args.count),
                ("--limit", args.limit is not None),
                ("--threads", args.threads > 1),
                ("--stats", args.stats),
                ("--progress", args.progress is True),
            )
            if given
        ]
        if ignored:
            parser.error(f"--estimate does not search: {', '.join(ignored)} cannot be used with it")
    if args.cheapest is not None:
        others = [
            name
            for name, given in (
                ("--count", args.count),
                ("--limit", args.limit is not None),
                ("--estimate", args.estimate is not None),
                ("--workers", args.workers),
                ("--scheduler", args.scheduler),
                ("--checkpoint", args.checkpoint),
                ("--threads", args.threads > 1),
                # Neither searches nor reports the search: the costs decide.
                ("--random", args.random is not None),
                ("--engine", args.engine != "auto"),
                ("--stats", args.stats),
                ("--progress", args.progress is True),
            )
            if given
        ]
        if others:
            parser.error(f"--cheapest cannot be used with {', '.join(others)}")
    if (args.workers or args.scheduler or args.checkpoint) and (
        not args.count or args.limit is not None
    ):
        parser.error("--workers, --scheduler and --checkpoint need --count and no --limit")
    if args.local_seconds is not None and not (args.workers or args.scheduler or args.checkpoint):
        parser.error("--local-seconds needs --workers, --scheduler or --checkpoint")


def _worker_deaths() -> tuple[type[BaseException], ...]:
    """The errors of a count whose worker processes died: a broken process
    pool, and Dask's `KilledWorker` (if Dask is imported: only a count on
    Dask raises it)."""
    deaths: tuple[type[BaseException], ...] = (concurrent.futures.BrokenExecutor,)
    if "distributed" in sys.modules:
        killed = getattr(sys.modules["distributed"], "KilledWorker", None)
        if isinstance(killed, type) and issubclass(killed, BaseException):
            deaths += (killed,)
    return deaths


def solve(args: argparse.Namespace) -> int:
    """Run `exactcover solve`.

    Args:
        args: The parsed command line (from `parser()`).

    Returns:
        The exit status.

    Raises:
        CommandError: The file cannot be read or is not a valid problem.
        SystemExit: Options that would be ignored (a usage error, status 2).
    """
    _check_combinations(args.parser, args)
    program = getattr(args, "program", f"{PROGRAM} solve")
    name = "<stdin>" if args.file == "-" else args.file
    try:
        if args.file == "-":
            if sys.stdin is None:
                raise CommandError("standard input is closed")
            text = decode_utf8(read_at_most(sys.stdin.buffer, MAX_DLX_BYTES))
        else:
            with open(args.file, "rb") as f:
                text = decode_utf8(read_at_most(f, MAX_DLX_BYTES))
        problem = parse_dlx(text, strict=args.strict)
    except DlxFormatError as error:
        line = getattr(error, "line", None)
        reason = getattr(error, "reason", None) or str(error)
        where = f"{name}:{line}" if line else name
        raise CommandError(f"{where}: {reason}") from None
    except OSError as error:
        raise CommandError(f"{name}: {error.strerror or error}") from None
    if problem.dropped:
        listed = ", ".join(map(str, problem.dropped[:10])) + (
            ", ..." if len(problem.dropped) > 10 else ""
        )
        n = len(problem.dropped)
        print(
            f"{program}: warning: {name}: {n} option{'s' if n != 1 else ''} ignored "
            f"(no primary items): line{'s' if n != 1 else ''} {listed}",
            file=sys.stderr,
        )
    try:
        solutions = problem.solutions(seed=args.random, engine=args.engine)
    except ExactCoverError as error:
        raise CommandError(f"{name}: {error}") from None
    if args.estimate:
        e = solutions.estimate(args.estimate, seed=args.random)
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
    if args.cheapest:
        return _print_cheapest(problem, args.cheapest, args.json)
    enabled = args.progress if args.progress is not None else sys.stderr.isatty()
    progress = _Progress(sys.stderr, enabled)
    limit = args.limit
    found = 0
    interrupted = False
    lines = problem.lines
    start = time.monotonic()
    distributed = args.workers or args.scheduler or args.checkpoint
    # A distributed count's figures, summed over its finished tasks.
    task_figures: dict[str, Any] = {}
    try:
        if distributed:
            found = _count_distributed(solutions, args, enabled, task_figures)
        elif args.count:
            # A limit past 64 bits is no limit (count() caps it the same way).
            capped = None if limit is None else min(limit, U64_MAX)
            found = solutions._count(capped, args.threads, None, progress)
        else:
            stream = solutions._solution_stream(args.threads, None, progress)
            # Closing it stops the threads at once (at --limit, Ctrl-C).
            with closing(stream):
                for solution in stream:
                    found += 1
                    progress.clear()
                    _print_solution(problem, lines, found, solution, args.json)
                    if found == limit:
                        break
    except KeyboardInterrupt:
        interrupted = True
        if distributed:
            found = task_figures.get("solutions", 0)
        elif args.count:
            found = solutions._found_before_interrupt()
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly.
        progress.close()
        _discard_output()
        return EXIT_SOLVED if found else EXIT_NO_SOLUTION
    except (ValueError, OSError, ImportError) as error:
        if not distributed:
            raise
        progress.close()
        raise CommandError(str(error)) from None
    except _worker_deaths() as error:
        # A worker process of the pool (--workers without Dask) died: killed,
        # or out of memory. The pool cannot count on. On Dask, a task that
        # took its workers down this way, again and again.
        progress.close()
        resume = (
            f"the finished subtrees are in {args.checkpoint}: the same command resumes the count"
            if args.checkpoint
            else "with --checkpoint FILE, the same command would resume the count"
        )
        raise CommandError(f"a worker process died ({str(error).rstrip('.')}); {resume}") from None
    progress.close()
    # A count that reached --limit stopped there: there may be more solutions.
    at_limit = limit is not None and found >= limit
    if args.count and args.json:
        print(json.dumps({"count": found, "complete": not (interrupted or at_limit)}))
    elif args.count:
        print(found)
    sys.stdout.flush()
    if interrupted:
        print(f"{program}: interrupted after {_plural(found, 'solution')}", file=sys.stderr)
    elif args.count and at_limit:
        print(
            f"{program}: stopped at --limit {limit}: there may be more solutions",
            file=sys.stderr,
        )
    if args.stats:
        stats = (
            {k: task_figures.get(k, 0) for k in ("solutions", "nodes", "updates")}
            if distributed
            else solutions.stats
        )
        where = ""
        if distributed and "path" in task_figures:
            # Where the count ran: a short one here, on threads; how many
            # counted at once on the workers.
            where = (
                ", here"
                if task_figures["path"] == "local"
                else f", on {_plural(task_figures.get('workers', 0), 'worker')}"
            )
        print(
            f"{_plural(stats['solutions'], 'solution')}, "
            f"{stats['nodes']} nodes, {stats['updates']} updates, "
            f"{time.monotonic() - start:.3f} s{where}",
            file=sys.stderr,
        )
    if interrupted:
        return EXIT_INTERRUPTED
    return EXIT_SOLVED if found else EXIT_NO_SOLUTION


def _count_distributed(
    solutions: object, args: argparse.Namespace, progress: bool, figures: dict[str, Any]
) -> int:
    """`--count` on worker processes or a Dask cluster.

    Args:
        solutions: The problem's iterator.
        args: The parsed command line.
        progress: Draw the progress bar.
        figures: Receives the count's figures (solutions, nodes, updates,
            tasks) summed over the finished tasks, also after Ctrl-C.

    Returns:
        The number of solutions.
    """
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
            # --threads N: each task counts on N threads (default: the
            # worker's machine's cores, shared among its workers).
            threads=args.threads if args.threads > 1 else None,
            checkpoint=args.checkpoint,
            progress=progress,
            stats=figures,
            local_seconds=args.local_seconds,
        )
    finally:
        if client is not None:
            client.close()


def _print_cheapest(problem: DlxProblem, k: int, as_json: bool) -> int:
    """`--cheapest K`: the K cheapest solutions, each after its cost.

    Returns:
        The exit status.
    """
    best = problem.cheapest(k)
    lines = problem.lines
    for number, (cost, solution) in enumerate(best, 1):
        _print_solution(problem, lines, number, solution, as_json, cost=cost)
    return EXIT_SOLVED if best else EXIT_NO_SOLUTION


def _print_solution(
    problem: DlxProblem,
    lines: list[int | None],
    number: int,
    solution: list[int],
    as_json: bool,
    cost: int | float | None = None,
) -> None:
    """Print one solution: Knuth's layout (`N:` then one option per line,
    each with a leading space), or one JSON object per line; a `cost` (from
    `--cheapest`) comes first, as a `cost: c` line or a `"cost"` field."""
    if as_json:
        record: dict[str, Any] = {"solution": number}
        if cost is not None:
            record["cost"] = cost
        record["options"] = solution
        record["lines"] = [lines[k] for k in solution]
        record["text"] = [problem.option_text(k) for k in solution]
        sys.stdout.write(json.dumps(record) + "\n")
    else:
        if cost is not None:
            sys.stdout.write(f"cost: {cost}\n")
        sys.stdout.write(f"{number}:\n" + "".join(f" {problem.option_text(k)}\n" for k in solution))
