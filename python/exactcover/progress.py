"""Progress reports and time limits for long searches.

`count(progress=True, timeout=...)` and `solutions(progress=True,
timeout=...)` run the search in slices and report between them. The bar
shows the figures of the command line's progress line: solutions so far,
search-tree nodes, and Knuth's estimate of the fraction of the tree explored
(`progress_estimate()`). It is drawn by tqdm's `tqdm.auto`
(`pip install 'exactcover-dlx[progress]'`): a widget in Jupyter, a bar redrawn in
place in a terminal, and, when the output is a file or a pipe, plain lines
(`StatusLine`), one every `LINE_INTERVAL` seconds and the last when the
search ends, with no carriage returns or escape sequences. When neither a bar
nor a time limit is asked for, the search runs as before: one call into Rust,
which does not stop to report.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import IO, Any

from ._arguments import seconds as real_seconds

__all__ = [
    "SearchTimeout",
    "UPDATE_INTERVAL",
    "LINE_INTERVAL",
    "FIRST_LINE_AFTER",
    "StatusLine",
    "PlainBar",
    "task_bar",
    "progress_estimate",
]

#: Seconds between two updates of a progress bar (and at most the length of
#: one slice of the search when a bar or a time limit is asked for).
UPDATE_INTERVAL = 0.2
#: Seconds between two plain progress lines, written where the output is not
#: a terminal (a log file, a pipe); the first comes after `FIRST_LINE_AFTER`.
LINE_INTERVAL = 10.0
#: Seconds before the first plain progress line.
FIRST_LINE_AFTER = 1.0
#: Levels of the search tree that go into the estimate of the fraction done.
_LEVELS = 30


class SearchTimeout(TimeoutError):
    """A time limit ran out before the search did.

    The search is left where it stopped: calling `count()` again, or
    iterating, resumes it.

    Attributes:
        count: The number of solutions the call found (counted or yielded)
            before it stopped.
        seconds: The time limit, in seconds.
    """

    def __init__(self, count: int, seconds: float) -> None:
        noun = "solution" if count == 1 else "solutions"
        super().__init__(f"time limit of {seconds:g} s reached after {count} {noun}")
        self.count = count
        self.seconds = seconds


def check_timeout(timeout: Any) -> float | None:
    """Check a time limit.

    >>> check_timeout(10**400)
    inf
    >>> check_timeout(-0.0)
    0.0

    Args:
        timeout: Seconds (a non-negative real number: an int, a float, a
            NumPy number, a `Fraction` or a `Decimal`, not a bool), or None
            for no limit. `math.inf`, and any number too large for a float,
            is no limit either.

    Returns:
        The limit as a float, or None.

    Raises:
        TypeError: `timeout` is not a number.
        ValueError: `timeout` is negative or NaN.
    """
    if timeout is None:
        return None
    seconds = real_seconds("timeout", timeout, "a number of seconds or None")
    # Compare the number given too: a tiny negative Fraction rounds to -0.0.
    if math.isnan(seconds) or seconds < 0 or timeout < 0:
        raise ValueError(f"timeout must be a non-negative number of seconds, not {timeout}")
    # -0.0 (or Decimal('-0')) is 0: its SearchTimeout said "time limit of -0 s".
    return seconds + 0.0


def progress_estimate(positions: Sequence[tuple[int, int]]) -> float:
    """Knuth's estimate of the fraction of the search tree already explored.

    With the current branch at branch k1 of d1 at the top level, k2 of d2
    below it, and so on, the estimate is
    `(k1 - 1)/d1 + (k2 - 1)/(d1 d2) + ... + 1/(2 d1 ... dl)`.

    Args:
        positions: The position `(k, d)` of the current branch at each top
            level: branch k of d.

    Returns:
        The estimated fraction done, from 0 to 1.

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


def figures(solver: Any) -> tuple[dict[str, int], float]:
    """A native solver's figures for a progress report.

    Args:
        solver: The native solver between two slices of its search.

    Returns:
        Its stats, and the estimated fraction of the search tree done.
    """
    if solver.exhausted:
        fraction = 1.0
    else:
        fraction = progress_estimate(solver.choice_positions(_LEVELS))
    return solver.stats, fraction


def is_terminal(stream: Any) -> bool:
    """Whether `stream` is a terminal (False for anything without `isatty()`).

    Args:
        stream: A text stream such as `sys.stderr`.

    Returns:
        True if text written to it is shown on a terminal.
    """
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


class StatusLine:
    """One line of progress on a stream, written in a way that reads well there.

    On a terminal the line is redrawn in place (a carriage return, the text,
    and an escape that clears the rest of the line), as often as it is shown.
    Anywhere else (a file, a pipe, a CI log) the text goes out as plain
    lines, with no carriage return or escape: the first after
    `FIRST_LINE_AFTER` seconds, then one every `LINE_INTERVAL` seconds, and
    the latest text not yet written when the line is closed, so that a short
    search still leaves its final figures.

    Args:
        stream: Where the line goes (e.g. `sys.stderr`).
        terminal: Whether to redraw in place; by default, whether `stream`
            is a terminal.
    """

    def __init__(self, stream: IO[str], terminal: bool | None = None) -> None:
        self.stream = stream
        self.terminal = is_terminal(stream) if terminal is None else terminal
        self._drawn = False  # the terminal shows a line to clear
        self._pending: str | None = None  # the latest plain line not yet written
        self._next = time.monotonic() + FIRST_LINE_AFTER

    def show(self, text: str) -> None:
        """Show the latest progress.

        Args:
            text: One line of figures, without a line break.
        """
        if self.terminal:
            self.stream.write(f"\r{text}\x1b[K")
            self.stream.flush()
            self._drawn = True
            return
        now = time.monotonic()
        if now < self._next:
            self._pending = text
            return
        self._pending = None
        self._next = now + LINE_INTERVAL
        self.stream.write(text + "\n")
        self.stream.flush()

    def clear(self) -> None:
        """Make room for other output: on a terminal, erase the line."""
        if self._drawn:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self._drawn = False

    def close(self) -> None:
        """The search is over: erase the line on a terminal, elsewhere write
        the latest figures if they are not written yet."""
        self.clear()
        if self._pending is not None:
            self.stream.write(self._pending + "\n")
            self.stream.flush()
            self._pending = None


class Deadline:
    """When a call must stop, and how long its next slice may last.

    Args:
        timeout: Seconds the call may take; None for no limit.
        interval: The longest slice, in seconds (infinite for one slice).
    """

    def __init__(self, timeout: float | None, interval: float) -> None:
        self.end = None if timeout is None else time.monotonic() + timeout
        self.timeout = timeout
        self.interval = interval

    def slice(self) -> float:
        """Seconds for the next slice (at least one slice always runs).

        Returns:
            The slice's length: the interval, or less when the limit is near.
        """
        if self.end is None:
            return self.interval if math.isfinite(self.interval) else 1e9
        return max(0.0, min(self.interval, self.end - time.monotonic()))

    def passed(self) -> bool:
        """Whether the time limit has run out.

        Returns:
            True once the limit has passed; never without a limit.
        """
        return self.end is not None and time.monotonic() >= self.end


class Reporter:
    """Where a search in slices reports its progress: this one reports nothing.

    `Bar` draws a bar; the command line writes a line. Subclasses set
    `interval`, the seconds between two reports (the length of a slice).
    """

    #: Seconds between two reports (the length of a slice of the search).
    interval = math.inf

    def update(self, solver: Any) -> None:
        """Report the figures of a native solver between two slices.

        Args:
            solver: The native solver (see `figures()`); reading its figures
                costs a little, so this reporter does not.
        """

    def update_figures(self, figures: dict[str, Any]) -> None:
        """Report the figures of a count (or a search on threads) so far.

        Args:
            figures: Its `solutions`, `nodes`, `updates`, `subtrees_done`,
                `subtrees_pending` (on threads) and `fraction` (Knuth's
                estimate of the fraction of the tree done, or None).
        """

    def finish(self) -> None:
        """The search is complete: show 100% done."""

    def close(self) -> None:
        """The search is over (or stopped): clean up."""


class Bar(Reporter):
    """A tqdm bar over the fraction of the search tree done.

    In Jupyter the bar is tqdm's widget; on a terminal, tqdm's text bar.
    Where tqdm would write to a file or a pipe, the bar's figures go out as
    plain lines instead (see `StatusLine`).

    Args:
        description: The bar's label ("count", "solutions").

    Raises:
        ImportError: tqdm is not installed.
    """

    interval = UPDATE_INTERVAL

    def __init__(self, description: str) -> None:
        self.description = description
        self.start = time.monotonic()
        self.last: dict[str, Any] | None = None  # the figures shown last
        self.bar, stream = _tqdm_bar(
            "progress=True",
            total=100.0,
            desc=description,
            unit="%",
            bar_format="{desc}: {percentage:5.1f}%|{bar}| {elapsed}<{remaining}{postfix}",
        )
        self.lines = None if stream is None else StatusLine(stream, terminal=False)

    def update(self, solver: Any) -> None:
        """Show the solver's figures (as the command line's progress line).

        Args:
            solver: The native solver between two slices of its search.
        """
        stats, fraction = figures(solver)
        self.last = stats
        self._show(fraction, stats["solutions"], stats["nodes"])

    def update_figures(self, figures: dict[str, Any]) -> None:
        """Show a count's figures (see `Reporter.update_figures`).

        Args:
            figures: The count's figures so far.
        """
        self.last = figures
        fraction = figures.get("fraction") or 0.0
        self._show(fraction, figures["solutions"], figures["nodes"])

    def finish(self) -> None:
        """Show 100% done, with the last figures."""
        last = self.last or {"solutions": 0, "nodes": 0}
        self._show(1.0, last["solutions"], last["nodes"])

    def _show(self, fraction: float, solutions: int, nodes: int) -> None:
        postfix = f"{solutions} solution{'' if solutions == 1 else 's'}, {nodes} nodes"
        if self.lines is not None:
            elapsed = time.monotonic() - self.start
            self.lines.show(
                f"{self.description}: {100 * fraction:.1f}% done, {postfix}, {elapsed:.0f} s"
            )
            return
        self.bar.n = round(100 * fraction, 3)
        self.bar.set_postfix_str(postfix, refresh=False)
        self.bar.refresh()

    def close(self) -> None:
        """Leave the bar as it last was (or write the last plain line)."""
        if self.lines is not None:
            self.lines.close()
        self.bar.close()


def _tqdm_bar(asker: str, **options: Any) -> tuple[Any, IO[str] | None]:
    """A bar from `tqdm.auto`, and where it would draw if that is no terminal.

    A text bar starts hidden (an endless `delay`) until its stream is known:
    on a terminal it is then shown; elsewhere it stays hidden and its stream
    is returned, for plain lines.

    Args:
        asker: What asked for the bar, for the message when tqdm is missing.
        **options: tqdm's options.

    Returns:
        The bar, and its stream if the bar must stay hidden (else None).

    Raises:
        ImportError: tqdm is not installed.
    """
    try:
        import tqdm.auto  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError:
        raise ImportError(
            f"{asker} draws its bar with tqdm: pip install 'exactcover-dlx[progress]' "
            "(or pip install tqdm)"
        ) from None
    make = tqdm.auto.tqdm
    if any(k.__module__ == "tqdm.notebook" for k in getattr(make, "__mro__", ())):
        return make(**options), None  # Jupyter's widget
    bar = make(delay=math.inf, **options)
    if not is_terminal(bar.fp):
        return bar, bar.fp
    bar.delay = 0
    bar.refresh()
    return bar, None


class PlainBar:
    """What a tqdm bar of finished tasks shows, written as plain lines.

    For a bar whose stream is not a terminal (see `StatusLine`): it has the
    part of tqdm's interface that a count of tasks uses (`total`, `n`,
    `set_postfix()`, `refresh()`, `close()`) and writes lines such as
    `counting: 3/7 subtrees done, 217 solutions, 2 s`.

    Args:
        bar: The hidden tqdm bar (its label and unit are used).
        stream: Where the lines go.
    """

    def __init__(self, bar: Any, stream: IO[str]) -> None:
        self.bar = bar
        self.lines = StatusLine(stream, terminal=False)
        self.total = bar.total
        self.n = bar.n
        self.postfix = ""
        self.start = time.monotonic()

    def set_postfix(self, refresh: bool = True, **figures: object) -> None:
        """Set the figures shown after the count.

        Args:
            refresh: Whether to show them now.
            **figures: Each shown as its value then its name (`217 solutions`).
        """
        self.postfix = "".join(f", {value} {name}" for name, value in figures.items())
        if refresh:
            self.refresh()

    def refresh(self) -> None:
        """Show the count and the figures (a line when one is due)."""
        elapsed = time.monotonic() - self.start
        self.lines.show(
            f"{self.bar.desc}: {self.n}/{self.total} {self.bar.unit}s done{self.postfix}, "
            f"{elapsed:.0f} s"
        )

    def close(self) -> None:
        """Write the last line and close the hidden bar."""
        self.lines.close()
        self.bar.close()


def task_bar(description: str, unit: str) -> Any:
    """A bar counting finished tasks that reads well where it is drawn.

    Args:
        description: The bar's label ("counting").
        unit: What a task is ("subtree").

    Returns:
        A tqdm bar (a widget in Jupyter, a text bar on a terminal), or a
        `PlainBar` where the output is a file or a pipe.

    Raises:
        ImportError: tqdm is not installed.
    """
    bar, stream = _tqdm_bar(
        "progress=True", total=1, unit=unit, desc=description, dynamic_ncols=True
    )
    return bar if stream is None else PlainBar(bar, stream)


def reporter(progress: bool, description: str) -> Reporter | None:
    """The reporter for `progress=`.

    Args:
        progress: Whether a bar was asked for.
        description: The bar's label.

    Returns:
        A `Bar` if `progress`, else None (no reports: nothing slows the search).
    """
    return Bar(description) if progress else None
