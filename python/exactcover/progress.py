"""Progress bars and time limits for long searches (``count(progress=True,
timeout=...)``, ``solutions(progress=True, timeout=...)``).

The bar shows the figures of the command line's progress line: solutions so
far, search-tree nodes, and Knuth's estimate of the fraction of the tree
explored (:func:`progress_estimate`). It is drawn by tqdm's
``tqdm.auto``, a text bar in a terminal and a widget in Jupyter
(``pip install 'exactcover-dlx[progress]'``). When neither a bar nor a time
limit is asked for, the search runs as before: one call into Rust, which does
not stop to report.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Any

__all__ = ["SearchTimeout", "UPDATE_INTERVAL", "progress_estimate"]

#: Seconds between two updates of a progress bar (and at most the length of
#: one slice of the search when a bar or a time limit is asked for).
UPDATE_INTERVAL = 0.2
#: Levels of the search tree that go into the estimate of the fraction done.
_LEVELS = 30


class SearchTimeout(TimeoutError):
    """A time limit ran out before the search did.

    ``count`` is the number of solutions the call found (counted or yielded)
    before it stopped, ``seconds`` the limit. The search is left where it
    stopped: calling ``count()`` again, or iterating, resumes it.
    """

    def __init__(self, count: int, seconds: float) -> None:
        noun = "solution" if count == 1 else "solutions"
        super().__init__(f"time limit of {seconds:g} s reached after {count} {noun}")
        self.count = count
        self.seconds = seconds


def check_timeout(timeout: Any) -> float | None:
    """A time limit in seconds (a non-negative number), or None."""
    if timeout is None:
        return None
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
        raise TypeError(
            f"timeout must be a number of seconds or None, not {type(timeout).__name__}"
        )
    if math.isnan(timeout) or timeout < 0:
        raise ValueError(f"timeout must be a non-negative number of seconds, not {timeout}")
    return float(timeout)


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


def figures(solver: Any) -> tuple[dict[str, int], float]:
    """A native solver's figures for a progress report: its stats, and the
    estimated fraction of the search tree done."""
    if solver.exhausted:
        fraction = 1.0
    else:
        fraction = progress_estimate(solver.choice_positions(_LEVELS))
    return solver.stats, fraction


class Deadline:
    """When a call must stop, and how long its next slice may last."""

    def __init__(self, timeout: float | None, interval: float) -> None:
        self.end = None if timeout is None else time.monotonic() + timeout
        self.timeout = timeout
        self.interval = interval

    def slice(self) -> float:
        """Seconds for the next slice (at least one slice always runs)."""
        if self.end is None:
            return self.interval if math.isfinite(self.interval) else 1e9
        return max(0.0, min(self.interval, self.end - time.monotonic()))

    def passed(self) -> bool:
        """Has the time limit run out?"""
        return self.end is not None and time.monotonic() >= self.end


class Reporter:
    """Where a search in slices reports its progress: this one reports
    nothing. :class:`Bar` draws a bar; the command line writes a line."""

    #: Seconds between two reports (the length of a slice of the search).
    interval = math.inf

    def update(self, solver: Any) -> None:
        """Report the figures of a native solver between two slices (see
        :func:`figures`); reading them costs a little, so this one does not."""

    def update_parallel(self, figures: dict[str, int]) -> None:
        """Report a count on threads: its stats and the subtrees done and
        waiting."""

    def close(self) -> None:
        """The search is over (or stopped): clean up."""


class Bar(Reporter):
    """A tqdm bar over the fraction of the search tree done."""

    interval = UPDATE_INTERVAL

    def __init__(self, description: str) -> None:
        try:
            from tqdm.auto import tqdm  # type: ignore[import-untyped, import-not-found, unused-ignore]
        except ImportError:
            raise ImportError(
                "progress=True draws its bar with tqdm: pip install 'exactcover-dlx[progress]' "
                "(or pip install tqdm)"
            ) from None
        self.bar: Any = tqdm(
            total=100.0,
            desc=description,
            unit="%",
            bar_format="{desc}: {percentage:5.1f}%|{bar}| {elapsed}<{remaining} {postfix}",
        )

    def update(self, solver: Any) -> None:
        """Show the solver's figures (as the command line's progress line)."""
        stats, fraction = figures(solver)
        self.bar.n = round(100 * fraction, 3)
        solutions = stats["solutions"]
        self.bar.set_postfix_str(
            f"{solutions} solution{'' if solutions == 1 else 's'}, {stats['nodes']} nodes",
            refresh=False,
        )
        self.bar.refresh()

    def close(self) -> None:
        """Leave the bar as it last was."""
        self.bar.close()


def reporter(progress: bool, description: str) -> Reporter | None:
    """A bar if ``progress``, else None (no reports: nothing slows the search)."""
    return Bar(description) if progress else None
