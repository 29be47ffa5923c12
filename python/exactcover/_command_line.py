"""What every subcommand of the `exactcover` command shares.

`cli.py` builds the command line (one argparse tree, one `main`) and runs
`solve`; `demo.py` holds the puzzles. Both need the exit statuses and the
readers of option values, which live here, below both, so that neither
imports the other's private names and a value such as `--threads` is checked
the same way wherever it is taken.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

#: A solution was found, or the demo ran.
EXIT_SOLVED = 0
#: The problem has no solution.
EXIT_NO_SOLUTION = 1
#: Bad input, a bad command line or an output that cannot be written.
EXIT_BAD_INPUT = 2
#: Stopped by Ctrl-C (what was found so far is printed first).
EXIT_INTERRUPTED = 130

#: What each exit status of the `exactcover` command means.
EXIT_CODES = {
    EXIT_SOLVED: "a solution was found (or the demo ran)",
    EXIT_NO_SOLUTION: "there is no solution",
    EXIT_BAD_INPUT: "bad input or a bad command line (the message names the file, line or option)",
    EXIT_INTERRUPTED: "interrupted by Ctrl-C (what was found so far is printed first)",
}

#: The most threads `--threads` takes.
MAX_THREADS = 1024


class CommandError(Exception):
    """A subcommand cannot go on: the command line prints the message, naming
    the subcommand, and exits with status 2 (`EXIT_BAD_INPUT`)."""


def whole_number(text: str) -> int:
    """Read an option's value as an int.

    Args:
        text: The value as given on the command line.

    Returns:
        The whole number.

    Raises:
        argparse.ArgumentTypeError: `text` is not a whole number (the message
            says what was expected; argparse would otherwise name this function).
    """
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None


def file_name(text: str) -> str:
    """Read a file name (`FILE`, `--output`): any but an empty one.

    An empty one (an unset shell variable, `-o "$OUT"`) would otherwise be
    taken for no option at all (the default file written, or none), or fail
    only once the work is done.

    Args:
        text: The value as given on the command line.

    Returns:
        The file name.

    Raises:
        argparse.ArgumentTypeError: `text` is empty.
    """
    if not text:
        raise argparse.ArgumentTypeError("needs a file name, not an empty one")
    return text


def seconds(text: str) -> float:
    """Read a number of seconds, 0 or more (a decimal: ``0.5``).

    Raises:
        argparse.ArgumentTypeError: `text` is not a finite number of 0 or
            more.
    """
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, not {text!r}") from None
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be 0 or more seconds, not {text}")
    return value


def at_least(low: int) -> Callable[[str], int]:
    """A reader of whole numbers of at least `low`, for argparse's `type=`.

    Args:
        low: The smallest value accepted.

    Returns:
        A function from an option's text to its value that raises
        `argparse.ArgumentTypeError` naming the bound.
    """

    def read(text: str) -> int:
        value = whole_number(text)
        if value < low:
            bound = "non-negative" if low == 0 else f"at least {low}"
            raise argparse.ArgumentTypeError(f"must be {bound}, not {value}")
        return value

    return read


def between(low: int, high: int, what: str = "") -> Callable[[str], int]:
    """A reader of whole numbers from `low` to `high`, for argparse's `type=`.

    Args:
        low: The smallest value accepted.
        high: The largest value accepted.
        what: What the message calls the value ("the board size"); argparse
            names the option in any case.

    Returns:
        A function from an option's text to its value that raises
        `argparse.ArgumentTypeError` naming both bounds.
    """
    name = f"{what} " if what else ""

    def read(text: str) -> int:
        value = whole_number(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{name}must be between {low} and {high}, not {value}")
        return value

    return read


#: A count of at least 1 (`--limit`, `--workers`, `--estimate`).
positive = at_least(1)
#: A count that may be 0 (`--drawings`), or a seed (`--random`, `--seed`, `--generate`).
non_negative = at_least(0)


def threads(text: str) -> int:
    """Read `--threads`, the same for `solve` and the puzzles.

    Args:
        text: The value as given on the command line.

    Returns:
        The number of threads, from 1 to `MAX_THREADS`.

    Raises:
        argparse.ArgumentTypeError: The value is not a whole number in range.
    """
    value = positive(text)
    if value > MAX_THREADS:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_THREADS}, not {value}")
    return value
