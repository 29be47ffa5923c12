"""One iterator over the native solver: `Search`, what `ExactCover`,
`MultiCover`, `DlxSolutions` and `MatrixCover` share.

A search yields solutions one by one, counts the rest without building
them (on threads, with a time limit or a progress bar), estimates its tree
before it starts, and cuts that tree into subtrees to count elsewhere. The
subclasses only say what a solution looks like to the user: choices,
option indices, or matrix rows.
"""

from __future__ import annotations

import sys
from collections.abc import Container, Generator, Iterable, Iterator
from copy import deepcopy as _deepcopy
from itertools import islice
from typing import Any, Generic, NamedTuple, TypeVar

from ._arguments import MEMO_BYTES, U64_MAX, flag, optional_whole, whole
from ._arguments import seed as _seed
from ._errors import busy as _busy
from ._errors import check_no_threads as _check_no_threads
from ._errors import check_not_started as _check_not_started
from ._errors import describe
from ._errors import started as _started
from ._native import Solver as _Solver
from .progress import (
    UPDATE_INTERVAL,
    Deadline,
    Reporter,
    SearchTimeout,
    check_timeout,
    reporter,
)

__all__ = ["Search", "Estimate", "Subtree", "MAX_THREADS", "DEFAULT_MEMO_BYTES"]

#: What one solution is to the user: a list of choices, of option indices, of rows.
S = TypeVar("S")
#: The type of the iterator itself, for methods returning it.
_Self = TypeVar("_Self", bound="Search[Any]")

MAX_THREADS = 65536
"""The most threads `count(threads=...)` accepts; fewer run, as many as the
machine runs at once."""
# The most subtrees `split()` makes: each is a list of choices.
_MAX_SUBTREES = 10**6
DEFAULT_MEMO_BYTES = MEMO_BYTES
"""The default memory cap of a memo (`count(memo_bytes=...)`) or a solution
graph (`solution_graph(max_bytes=...)`): 1 GiB."""


class Estimate(NamedTuple):
    """Knuth's Monte Carlo estimate of a search tree (see `Search.estimate()`).

    Attributes:
        samples: Number of random probes.
        nodes: Estimated number of nodes of the search tree (as
            `stats["nodes"]` counts them once the search is done); of a
            search that has started, of the subtrees it has still to
            explore, each searched from the start.
        solutions: Estimated number of solutions.
        nodes_error: Standard error of `nodes`.
        solutions_error: Standard error of `solutions`.
        depth: Mean depth of the probes.
    """

    samples: int
    nodes: float
    solutions: float
    nodes_error: float
    solutions_error: float
    depth: float

    def caveat(self) -> str | None:
        """Why this estimate should not be trusted.

        Knuth's estimates are unbiased but heavy-tailed: a few rare probes
        carry most of the weight, and until they are drawn the estimates
        (and their standard errors) are too low. Two signs of that are
        reported: no probe reached a solution (there may be none, or they
        are too rare for this many probes), and a standard error above half
        the estimate.

        >>> Estimate(1000, 2e6, 0.0, 3e5, 0.0, 4.0).caveat()[:48]
        'no probe reached a solution in 1000 probes: solu'
        >>> Estimate(1000, 2e6, 9e3, 3e5, 6e3, 4.0).caveat()[:41]
        'the standard error of solutions is more t'
        >>> Estimate(1000, 2e6, 9e3, 3e5, 1e3, 4.0).caveat() is None
        True

        Returns:
            What makes the estimate doubtful and how to do better, or None
            when nothing says so.
        """
        if self.solutions == 0:
            return (
                f"no probe reached a solution in {self.samples} probes: solutions may be "
                "absent or only rare, and the node estimate is then likely too low as well "
                "(try more probes)"
            )
        shaky = [
            name
            for name, value, error in (
                ("nodes", self.nodes, self.nodes_error),
                ("solutions", self.solutions, self.solutions_error),
            )
            if error > value / 2
        ]
        if shaky:
            return (
                f"the standard error of {' and '.join(shaky)} is more than half the estimate "
                f"after {self.samples} probes (try more probes)"
            )
        return None


class Subtree(NamedTuple):
    """A part of the search tree as plain data (see `Search.split()`): the
    solutions that contain every choice of `forced` and none of `excluded`."""

    forced: list[Any]
    """Choices every solution of the subtree contains."""
    excluded: list[Any]
    """Choices no solution of the subtree contains."""


class Search(Iterator[S], Generic[S]):
    """An iterator over the solutions of an exact cover problem, searched by
    the native solver: what every iterator of this package shares.

    Iterating yields solutions; `count()` counts the rest without building
    them; `estimate()` and `split()` work on the whole search tree before it
    is searched and on what is left of it once the search has started, and
    `restrict()` on the whole tree only. A subclass decides what a solution
    looks like and what its options are called in subtrees (`_labels`:
    option `k` is `_labels[k]`). Iterators are made by the subclasses (`ExactCover(...)`,
    `DlxProblem.solutions()`, `from_matrix(...)`), not directly.

    One iterator is one search: it may be passed between threads, but used
    by one thread at a time; a call while another thread's call runs raises
    `RuntimeError` saying that the iterator is busy.

    Args:
        solver: The native solver.
        labels: What each option is called in solutions and subtrees, by id.
        source: What makes the problem's plain data again (see `_spec`).
    """

    # _solver: the native solver. _labels: what each option is called in
    # subtrees. _source: what makes the problem's plain data again (see
    # _spec), for exactcover.distributed. _restricted: the option ids that
    # restrict() forced and excluded (see _subtree).
    __slots__ = ("_solver", "_labels", "_source", "_restricted")

    #: Attributes that `copy.deepcopy` copies (the others are shared).
    _deep: tuple[str, ...] = ()

    def __init__(self, solver: _Solver, labels: Any, source: Any) -> None:
        self._solver = solver
        self._labels = labels
        self._source = source
        self._restricted: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())

    def __iter__(self: _Self) -> _Self:
        return self

    def _solution(self, ids: list[int]) -> S:
        """A solution, from the option ids the solver found."""
        labels = self._labels
        return [labels[k] for k in ids]  # type: ignore[return-value]

    def __next__(self) -> S:
        """The next solution."""
        try:
            _, ids = self._solver.next_solution()
        except RuntimeError as error:
            raise _busy(self, error) from None
        if ids is None:
            raise StopIteration
        return self._solution(ids)

    @property
    def _spec(self) -> tuple[Any, ...]:
        """The problem as plain data: (items, options, seed, colors, initial
        option ids, engine)."""
        return self._source  # type: ignore[no-any-return]

    @property
    def _subtree(self) -> tuple[list[int], list[int]]:
        """The subtree this iterator searches, as option ids: forced (the
        initial choices, then those `restrict()` forced) and excluded (by
        `restrict()`). What rebuilds the problem from `_spec` (a
        distributed count, branch and bound) searches this subtree."""
        forced, excluded = self._restricted
        return [*self._spec[4], *forced], list(excluded)

    def __copy__(self: _Self) -> _Self:
        """An independent iterator at the same point of the search:
        `copy.copy(it)` yields what `it` would yield, and advancing one
        leaves the other where it was. The problem's data is shared."""
        clone = object.__new__(type(self))
        for cls in type(self).__mro__:
            for name in getattr(cls, "__slots__", ()):
                if hasattr(self, name):
                    setattr(clone, name, getattr(self, name))
        try:
            clone._solver = self._solver.copy()
        except RuntimeError as error:
            raise _busy(self, error) from None
        return clone

    def __deepcopy__(self: _Self, memo: dict[int, Any]) -> _Self:
        """Like `copy.copy`, with copies of the user's objects."""
        clone = self.__copy__()
        for name in self._deep:
            setattr(clone, name, _deepcopy(getattr(self, name), memo))
        return clone

    def __reduce__(self) -> Any:
        raise TypeError(
            f"{type(self).__name__} iterators cannot be pickled: pickle the problem, "
            "or the subtrees of split(), and build the iterator again"
        )

    # -- counting ---------------------------------------------------------------

    def count(
        self,
        limit: int | None = None,
        *,
        threads: int | None = None,
        timeout: float | None = None,
        progress: bool = False,
        memo: bool | None = None,
        memo_bytes: int = DEFAULT_MEMO_BYTES,
        order: str = "auto",
    ) -> int:
        """Count the solutions not yet yielded, without building them.

        This consumes them, like `sum(1 for _ in self)` but entirely in Rust
        with the GIL released. Every option goes with every other: on
        threads, with a time limit, a progress bar, a limit and the memo,
        alone or together. Ctrl-C raises `KeyboardInterrupt` within a
        fraction of a second; `stats["solutions"]` then tells how many
        solutions had been found, and the search keeps its place.

        With `threads=N` (N > 1) the search runs on N threads (at most as
        many as the machine runs at once): a thread that runs out of work
        takes part of another's. When a `timeout` (or Ctrl-C) stops them,
        every thread's unfinished work is kept, and the next `count()` (on
        any number of threads), iteration or `solutions()` goes on from
        there: the counts of the calls add up to one uninterrupted count,
        however many times it is stopped. `stats` holds the work of all
        threads.

        Counts are exact ints of any size. Without `limit`, the count
        *memoizes*: a sub-problem met again (the same constraints
        left to satisfy, with the same bounds and colors) is not searched
        again; its number of solutions is remembered. That reaches counts no
        enumeration can (the 2.4 x 10^30 domino tilings of a 16 x 16 board).
        With `timeout` or `progress` too: a count stopped by its `timeout`
        keeps its memo, and the next `count()` goes on with it. When the memo
        is full it makes room in place (half as many levels of the search
        are stored from then on where nodes have few children; otherwise
        each new sub-problem replaces the one of least work times hits near
        its slot),
        and the count stays exact.
        `memo_stats` tells what the memo did (after `threads=N`: the threads'
        memos, summed). With `threads=N` every thread memoizes the
        subtrees it counts, in a table of its own (`memo_bytes` is shared
        among them), and the first thread to find whether the memo pays
        decides for all. An iterator that has yielded solutions memoizes
        too: what its search has not explored is counted as subtrees of a
        fresh search. A count that went on without the memo (`memo=False`,
        or dropped by `memo=None`) goes on without it, unless `memo=True`.

        With a `limit` the count goes solution by solution (on threads too:
        exactly `min(limit, total)`), since the memo counts a sub-problem
        whole and cannot stop inside it: `memo=None` then does not memoize,
        and `memo=True` counts everything with the memo first, which is the
        answer when it stays within the limit (a limit of 2**64 or more,
        which no enumeration reaches, counts everything with the memo, and
        the count is at most the limit).

        >>> from exactcover import ExactCover
        >>> ExactCover({'A': [1, 2], 'B': [1], 'C': [2]}).count()
        2
        >>> ExactCover({'A': [1, 2], 'B': [1], 'C': [2]}).count(threads=2, limit=1)
        1
        >>> from exactcover.queens import queens
        >>> try:
        ...     queens(20).count(timeout=0.1, threads=2)
        ... except TimeoutError as stopped:
        ...     print(0 < stopped.count < 39029188884)
        True

        Args:
            limit: Stop after this many solutions (None: count them all); the
                iterator then resumes after them.
            threads: Search on this many threads (at most `MAX_THREADS`). A
                search stopped on one thread (a timeout, solutions taken one
                by one) goes on on threads too: what is left of it is handed
                to the threads, on either engine.
            timeout: Seconds to count for (None: no limit). When they run out
                the search stays where it stopped (every thread's work with
                it), and a second `count()` goes on from there, with the memo
                of the first.
            progress: Show a progress bar (tqdm: a text bar in a terminal, a
                widget in Jupyter) with the solutions, the nodes and Knuth's
                estimate of the fraction of the search tree done (on threads,
                each thread's part weighed by its share of the tree), as
                `exactcover solve --progress` does; it never goes back and
                ends at 100% when the count is complete.
            memo: None (the default) decides by itself: for the first few
                thousand nodes it weighs the work the memo saved against what
                it cost, and drops it at once where sub-problems rarely repeat
                (n-queens, Langford pairs); packing problems (polyominoes,
                dominoes) keep it. True always memoizes; False never does.
            memo_bytes: The memo's memory cap in bytes (`DEFAULT_MEMO_BYTES`,
                1 GiB, by default).
            order: Which constraint to branch on, where the problem has a
                sweep order (`ExactCover.sweep_order`; the puzzle builders
                give one) and the bitset engine searches: `"auto"` (the
                default) sweeps where a short race at the start says the
                sweep beats the usual order, for a memoized count of
                everything from the start (a count that the usual order's
                estimate puts under about 0.1 s is not raced; the race
                weighs work, not time, so it picks the same order on every
                run, and its cost is in `stats["race_nodes"]`, not in
                `stats["nodes"]`); `"mrv"` always takes the constraint with
                the fewest choices left; `"sweep"` always sweeps. A memoized
                count of everything that sweeps counts on one thread, even
                with `threads`, by the sweep's fast count (the threads'
                search in its order does several times its work), so with
                `threads` the race weighs the sweep against the usual
                order on them all (as many as the machine has cores):
                on 16 cores pentominoes 6x10 count 2.8 times as fast on
                16 threads by the usual order as by the sweep, which
                wins on one. `stats["order"]` tells which one counted. A
                count that goes on from an earlier count keeps its order;
                one after solutions were taken one by one (or counted with
                a `limit`), or taken from `solutions(threads=N)`, settles
                the order of what is left as a count from the start does,
                `memo=True` or not (pentominoes 6x10 after `next()`: its
                rest swept in 0.5 s, 1.9 s by the usual order).

        Returns:
            The number of solutions counted.

        Raises:
            SearchTimeout: When `timeout` runs out (a `TimeoutError`, whose
                `count` holds the solutions counted so far).
            TypeError: If an argument has the wrong type.
            ValueError: If an argument is out of range.
            RuntimeError: If another thread is using the iterator.
        """
        if memo is not None and not isinstance(memo, bool):
            raise TypeError(f"memo must be True, False or None, not {type(memo).__name__}")
        memo_bytes = whole("memo_bytes", memo_bytes, minimum=0)
        limit = optional_whole("limit", limit, minimum=0)
        beyond = None
        if limit is not None and limit > U64_MAX:
            # The native limit is 64-bit. No enumeration reaches 2**64
            # solutions, but the memo does: with memo=True (where it may
            # count, from the start) it counts them all, which is the answer
            # within such a limit (capped at U64_MAX, a count of more went
            # on solution by solution, for ever).
            if memo is True and not _started(self):
                beyond, limit = limit, None
            else:
                limit = U64_MAX
        threads = optional_whole("threads", threads, minimum=1, maximum=MAX_THREADS)
        seconds = check_timeout(timeout)
        progress = flag("progress", progress)
        if not isinstance(order, str):
            raise TypeError(f"order must be a str, not {type(order).__name__}")
        if order not in ("auto", "mrv", "sweep"):
            raise ValueError(f"order must be 'auto', 'mrv' or 'sweep', not {order!r}")
        if limit == 0:
            # Nothing to count, and nothing to touch: asked of the core with
            # memo=True, it counts everything first (on a copy, for as long
            # as that takes), to stop at once.
            return 0
        found = self._count(
            limit,
            threads or 1,
            seconds,
            reporter(progress, "count"),
            memo,
            memo_bytes,
            order=order,
        )
        return found if beyond is None else min(found, beyond)

    def _count(
        self,
        limit: int | None,
        threads: int,
        seconds: float | None,
        report: Reporter | None,
        memo: bool | None = None,
        memo_bytes: int = DEFAULT_MEMO_BYTES,
        nodes_per_slice: int | None = None,
        order: str = "auto",
    ) -> int:
        """`count()` with checked arguments: one call into Rust, which runs
        the count with the clock and reports to `report` (None: no
        reports) between slices. The command line counts through here, with
        its own progress line; tests pass `nodes_per_slice`."""
        callback = None if report is None else report.update_figures
        interval = UPDATE_INTERVAL if report is None else report.interval
        try:
            try:
                found, outcome = self._solver.count(
                    limit,
                    threads,
                    seconds,
                    callback,
                    interval,
                    memo,
                    min(memo_bytes, U64_MAX),
                    64,
                    nodes_per_slice,
                    order,
                )
            except ValueError as error:
                if getattr(error, "kind", None) != "search_started":
                    raise
                raise ValueError(
                    "count(threads=...) cannot hand this search, stopped on one thread, "
                    "to threads: count() goes on with it on one thread"
                ) from None
            if report is not None:
                # The count's own figures at its end: those of its last
                # slice fall short of a count stopped by a limit or a
                # timeout. The fraction done stays the last one shown then.
                stats = self._solver.stats
                last = getattr(report, "last", None) or {}
                report.update_figures(
                    {
                        **last,
                        "solutions": found,
                        "nodes": stats["nodes"],
                        "updates": stats["updates"],
                        "fraction": 1.0 if outcome == "complete" else last.get("fraction"),
                    }
                )
        except RuntimeError as error:
            raise _busy(self, error) from None
        finally:
            if report is not None:
                report.close()
        if outcome == "stopped":
            assert seconds is not None
            raise SearchTimeout(found, seconds)
        return found

    def _found_before_interrupt(self) -> int:
        """The solutions a count or a search found before Ctrl-C stopped it
        (a count on threads included)."""
        return self._solver.interrupted_count or self.stats["solutions"]

    # -- solutions ----------------------------------------------------------------

    def solutions(
        self,
        *,
        timeout: float | None = None,
        progress: bool = False,
        threads: int | None = None,
    ) -> Iterator[S]:
        """Iterate over the solutions, as iterating over the iterator itself
        does, with a time limit, a progress bar, or on threads.

        With `threads=N` (N > 1) the solutions are searched on N threads
        and come in the order the threads find them, which varies from run
        to run (one thread gives the order of iterating); every solution
        comes exactly once. Closing the returned iterator (or dropping it,
        or a `timeout`, or Ctrl-C) stops the threads and keeps their work:
        the solutions found and not yet yielded, and what each thread had
        still to search. Iterating, `count()` or `solutions()` then go on
        with exactly the solutions not yet yielded.

        >>> from exactcover import ExactCover
        >>> cover = ExactCover({'A': [1, 2], 'B': [1], 'C': [2]})
        >>> list(cover.solutions(timeout=10))
        [['A'], ['B', 'C']]
        >>> cover = ExactCover({'A': [1, 2], 'B': [1], 'C': [2]})
        >>> sorted(cover.solutions(threads=2))
        [['A'], ['B', 'C']]
        >>> cover = ExactCover({'A': [1, 2], 'B': [1], 'C': [2]})
        >>> next(cover), list(cover.solutions(threads=2))   # the rest, on threads
        (['A'], [['B', 'C']])

        Args:
            timeout: Seconds to search for (None: no limit).
            progress: Show a progress bar, as for `count()`.
            threads: Search on this many threads (at most `MAX_THREADS`). An
                iterator started on one thread goes on on threads: what is
                left of its search is handed to them.

        Returns:
            An iterator over the solutions.

        Raises:
            SearchTimeout: While iterating, when `timeout` runs out (its
                `count` is the number of solutions yielded).
            TypeError: If `timeout` is not a number, `threads` not an int
                or `progress` not True or False.
            ValueError: If `timeout` is negative or `threads` out of range.
        """
        seconds = check_timeout(timeout)
        threads = optional_whole("threads", threads, minimum=1, maximum=MAX_THREADS)
        report = reporter(flag("progress", progress), "solutions") or Reporter()
        return self._solution_stream(threads or 1, seconds, report)

    def _solution_stream(
        self, threads: int, seconds: float | None, report: Reporter
    ) -> Generator[S, None, None]:
        """The solutions, searched in slices (on `threads` threads when more
        than one) with a look at the clock and a report between them; the
        threads stop, keeping their work, when the iterator is closed (the
        command line prints through here)."""
        deadline = Deadline(seconds, report.interval)
        solver = self._solver
        on_threads = threads > 1
        found = 0
        try:
            while True:
                try:
                    if on_threads:
                        ready, ids = self._next_on_threads(threads, deadline.slice())
                    else:
                        ready, ids = solver.next_solution(deadline.slice())
                except RuntimeError as error:
                    raise _busy(self, error) from None
                if not on_threads:
                    report.update(solver)
                elif (figures := solver.threads_progress) is not None:
                    report.update_figures({**figures, "solutions": found})
                if ready:
                    if ids is None:
                        report.finish()
                        return
                    found += 1
                    yield self._solution(ids)
                if deadline.passed():
                    assert seconds is not None
                    raise SearchTimeout(found, seconds)
        finally:
            try:
                if on_threads:
                    solver.stop_threads()
            finally:
                report.close()

    def _next_on_threads(self, threads: int, seconds: float) -> tuple[bool, list[int] | None]:
        """The native solver's next solution on threads, with the message of
        an iterator started on one thread."""
        try:
            return self._solver.next_on_threads(threads, seconds)
        except ValueError as error:
            if getattr(error, "kind", None) != "search_started":
                raise
            raise ValueError(
                "solutions(threads=...) cannot hand this search, stopped on one thread, "
                "to threads: solutions() goes on with it on one thread"
            ) from None

    def first(self, n: int) -> list[S]:
        """The next `n` solutions (fewer if the search ends first).

        >>> from exactcover import ExactCover
        >>> ExactCover({'A': [1, 2], 'B': [1], 'C': [2]}).first(5)
        [['A'], ['B', 'C']]
        >>> ExactCover({'A': [1]}).first(-1)
        Traceback (most recent call last):
          ...
        ValueError: n must be non-negative, not -1

        Args:
            n: How many solutions to take.

        Returns:
            A list of at most `n` solutions.

        Raises:
            TypeError: If `n` is not an integer.
            ValueError: If `n` is negative.
        """
        # islice takes at most sys.maxsize; no list of more solutions fits
        # in memory, so a larger n asks for them all, as a smaller one beyond
        # the count does.
        return list(islice(self, min(whole("n", n, minimum=0), sys.maxsize)))

    # -- the whole tree, or what the search has left of it ----------------------

    def estimate(self, samples: int = 1000, *, seed: int | None = None) -> Estimate:
        """Estimate the size of the search tree (before searching it, or of
        what is left of it).

        Knuth's Monte Carlo method: each random probe walks from the root to
        a leaf, taking at every level one of the branches the search would
        take, chosen uniformly; the products of the numbers of branches along
        the way are unbiased estimates of the number of nodes and of
        solutions. A second of probes tells whether a count will take a
        second or a year (divide `nodes` by the nodes per second that `stats`
        shows on a short run). Once the search has started (solutions taken,
        a count stopped by its `timeout`), it estimates what is left: the
        subtrees the search has still to explore, probed in turn (in an
        order drawn at random), the estimate the sum of each one's mean (so
        with at least as many `samples` as subtrees; fewer extrapolate from
        those probed). Ctrl-C interrupts it.

        >>> from exactcover import ExactCover
        >>> queens = {(i, j): [('row', i), ('col', j), ('diag', i + j), ('anti', i - j)]
        ...           for i in range(8) for j in range(8)}
        >>> diagonals = {c for cs in queens.values() for c in cs if c[0] in ('diag', 'anti')}
        >>> e = ExactCover(queens, secondary=diagonals).estimate(20000, seed=1)
        >>> 60 < e.solutions < 140    # 92 in truth
        True

        Args:
            samples: The number of random probes.
            seed: Any int, to make the estimate reproducible (None: a fresh
                random seed).

        Returns:
            The estimates and their standard errors (see `Estimate.caveat()`
            for when not to trust them).

        Raises:
            TypeError: If `samples` or `seed` is not an integer.
            ValueError: If `samples` is below 1, or the threads of
                `solutions(threads=N)` are searching (close that iterator
                first).
        """
        samples = whole("samples", samples, minimum=1)
        _check_no_threads(self, "estimate()")
        resolved = _seed(True, seed)
        assert resolved is not None  # random=True always gives a seed
        try:
            return Estimate(**self._solver.estimate(min(samples, U64_MAX), resolved))
        except RuntimeError as error:
            raise _busy(self, error) from None

    def split(self, n: int) -> list[Subtree]:
        """Cut the search tree into subtrees whose solutions, together, are
        this iterator's, each once.

        A subtree is plain data, lists of your own choices: pickle it, send it
        to another process or machine, build the same problem there and count
        `restrict(subtree)`; the counts add up to `count()`. Once the search
        has started (solutions taken, a count stopped by its `timeout`), the
        subtrees are of what it has still to explore: their counts add up to
        what `count()` would count now. Splitting walks each node at most
        once, so it never takes longer than counting; Ctrl-C interrupts it.

        >>> from exactcover import ExactCover
        >>> data = {'A': [1, 2], 'B': [1], 'C': [2], 'D': [1, 2, 3], 'E': [3]}
        >>> parts = ExactCover(data).split(2)
        >>> [ExactCover(data).restrict(p).count() for p in parts]
        [1, 2]
        >>> ExactCover(data).count()
        3

        Args:
            n: The least number of subtrees to make (fewer if the tree is
                small), at most a million.

        Returns:
            The subtrees.

        Raises:
            TypeError: If `n` is not an integer.
            ValueError: If `n` is out of range, or the threads of
                `solutions(threads=N)` are searching (close that iterator
                first).
        """
        n = whole("n", n, minimum=1)
        if n > _MAX_SUBTREES:
            raise ValueError(f"n must be at most {_MAX_SUBTREES:,} subtrees, not {n:,}")
        _check_no_threads(self, "split()")
        labels = self._labels
        try:
            parts = self._solver.split(n)
        except RuntimeError as error:
            raise _busy(self, error) from None
        return [
            Subtree([labels[k] for k in forced], [labels[k] for k in excluded])
            for forced, excluded in parts
        ]

    def restrict(self: _Self, subtree: Subtree | tuple[Iterable[Any], Iterable[Any]]) -> _Self:
        """Restrict the search to a subtree made by `split()` (on this
        problem, here or elsewhere). Only before the search starts.

        Args:
            subtree: A `Subtree`, or a pair of iterables of choices: its
                `forced` choices are forced, its `excluded` ones excluded.

        Returns:
            The iterator itself.

        Raises:
            KeyError: If a choice of the subtree is not one of the problem's.
            TypeError: If `subtree` is not a pair of iterables (a string is
                not one, nor are its characters choices), or a choice of it is
                not hashable.
            ValueError: If the search has started.
        """
        try:
            # A string would be iterated: "ab" forced 'a' and excluded 'b'.
            if isinstance(subtree, (str, bytes)):
                raise TypeError
            forced, excluded = subtree
            iter(forced), iter(excluded)
            if isinstance(forced, (str, bytes)) or isinstance(excluded, (str, bytes)):
                raise TypeError
        except (TypeError, ValueError):
            raise TypeError(
                "subtree must be a Subtree or a pair (forced, excluded) of iterables of "
                f"choices (not strings), not {describe(subtree)}"
            ) from None
        _check_not_started(self, "restrict()")
        position = {label: k for k, label in enumerate(self._labels)}
        forced_ids = option_ids(position, forced, "forced choice {} of the subtree")
        excluded_ids = option_ids(position, excluded, "excluded choice {} of the subtree")
        try:
            self._solver.restrict(forced_ids, excluded_ids)
        except RuntimeError as error:
            raise _busy(self, error) from None
        before_forced, before_excluded = self._restricted
        self._restricted = (
            (*before_forced, *forced_ids),
            (*before_excluded, *excluded_ids),
        )
        return self

    # -- figures ------------------------------------------------------------------

    @property
    def stats(self) -> dict[str, Any]:
        """Work done so far: search-tree `nodes`, link `updates` and
        `solutions` found (counted or yielded), the `engine` searching
        (`"bitset"` or `"dlx"`, see the README's "Engines"), its `order`
        of branching (`"mrv"`, or `"sweep"`: see `count()`'s `order`), and
        the work of `order="auto"`'s race outside the tree that counted
        (`race_nodes`, `race_updates`; `nodes` and `updates` are that
        tree's alone). While `solutions(threads=N)` is under way, its
        threads' figures so far (`solutions`: those they found, yielded or
        not yet)."""
        try:
            stats = self._solver.stats
            figures = self._solver.threads_progress
        except RuntimeError as error:
            raise _busy(self, error) from None
        if figures is not None:
            # The threads hold the search: its own figures come back when
            # they stop.
            for key in ("nodes", "updates", "solutions"):
                stats[key] = figures[key]
        return stats

    @property
    def memo_stats(self) -> dict[str, Any]:
        """What the memo of the last `count()` did: `active` (still in use),
        `lookups` and `hits` (sub-problems found again), `entries` and `bytes`
        now, `peak_bytes` (the table's largest size, which `memo_bytes`
        bounds; `bytes` also counts the search's stack of keys, so it may be
        larger), `evictions` (times it was full and made room: a
        thinning by depth, or one entry replaced; see the README's "Counting
        without enumerating") and `evicted` (the entries so dropped, in
        all)."""
        try:
            return self._solver.memo_stats
        except RuntimeError as error:
            raise _busy(self, error) from None

    # -- costs, checks and exports (exactcover.costs, exactcover.cnf) ----------

    def cheapest(
        self,
        costs: Any,
        k: int | None = None,
        *,
        method: str = "auto",
        max_bytes: int = DEFAULT_MEMO_BYTES,
    ) -> Any:
        """The cheapest solutions, each solution costing the sum of its
        choices' costs (see `exactcover.costs` for the methods and the order
        of ties); after `restrict()`, the subtree's.

        Only before the search starts; the iterator is left as it was.
        Ctrl-C interrupts.

        >>> from exactcover import ExactCover
        >>> cover = ExactCover({'A': [1, 2], 'B': [1], 'C': [2], 'D': [1, 2]})
        >>> cover.cheapest({'A': 3, 'B': 1, 'C': 1, 'D': 2}, 3)
        [(2, ['B', 'C']), (2, ['D']), (3, ['A'])]

        Args:
            costs: Each choice's cost: a mapping from every choice, or a
                function of the choice; nonnegative ints (exact) or floats.
            k: How many solutions (None: the cheapest one alone).
            method: `"auto"` (the solution graph if it fits in `max_bytes`,
                else branch and bound), `"graph"` or `"branch"`.
            max_bytes: The memory the solution graph may take.

        Returns:
            With no `k`, `(cost, solution)` for a cheapest solution (None if
            there is no solution); with `k`, a list of at most `k` such
            pairs, cheapest first.

        Raises:
            TypeError: If `costs` is not a mapping or a function, or a cost
                not a number.
            ValueError: If a cost is negative or not finite, the costs
                add up past 2**64 - 1 (ints) or the largest float (floats)
                over all the choices, `k` is negative, `method` unknown, or
                the search has started.
            ExactCoverError: If `method="graph"` and the graph would take
                more than `max_bytes`, or `method="branch"` on a problem
                with multiplicities (counts other than 1; colors are fine).
        """
        from ._errors import problem_error
        from ._native import ExactCoverError
        from ._native import cheapest as _branch_and_bound
        from .costs import cost_list

        # k beyond U64_MAX asks for more solutions than memory could hold: all
        # of them, as a smaller k beyond the count does (the native k is 64-bit).
        n = 1 if k is None else min(whole("k", k, minimum=0), U64_MAX)
        if not isinstance(method, str) or method not in ("auto", "graph", "branch"):
            raise ValueError(f"method must be 'auto', 'graph' or 'branch', not {method!r}")
        max_bytes = whole("max_bytes", max_bytes, minimum=0)
        _check_not_started(self, "cheapest()")
        values = cost_list(costs, self._labels)
        best = None
        if method != "branch":
            try:
                native = self._solver.solution_graph(min(max_bytes, U64_MAX))
                best = native.cheapest(values, n)
            except ExactCoverError as error:
                if method == "graph" or getattr(error, "kind", None) != "memory_cap":
                    raise
            except RuntimeError as error:
                raise _busy(self, error) from None
        if best is None:
            items, options, _, colors = self._spec[:4]
            if any((lo, hi) != (1, 1) if primary else hi > 1 for primary, lo, hi in items):
                raise problem_error(
                    "branch and bound on a problem with multiplicities (constraints "
                    "counted other than exactly once, or secondary ones more than once) "
                    "is not supported: use method='graph' (with a larger max_bytes)",
                    "unsupported",
                )
            # Within the subtree restrict() left (and the initial choices).
            forced, excluded = self._subtree
            best, _ = _branch_and_bound(items, options, forced, values, n, colors or None, excluded)
        pairs = [(cost, self._solution(ids)) for cost, ids in best]
        if k is None:
            return pairs[0] if pairs else None
        return pairs

    def verify(self, solution: Iterable[Any]) -> None:
        """Checks that `solution` (any choices: ours, or anyone's) is a
        solution of this problem, and says why not.

        >>> from exactcover import ExactCover
        >>> cover = ExactCover({'A': [1, 2], 'B': [1], 'C': [2], 'D': [1, 2]})
        >>> cover.verify(['B', 'C'])
        >>> cover.verify(['A', 'B'])
        Traceback (most recent call last):
          ...
        ValueError: not a solution: constraint 1 is satisfied by 2 choices ('A', 'B'), not exactly 1

        Args:
            solution: The choices (option indices for a `DlxProblem`, rows
                for a matrix), in any order.

        Raises:
            ValueError: If it is not a solution: the message names the first
                constraint broken (or the choice taken twice, or the initial
                choice missing).
            KeyError: If an element is not one of the choices.
            TypeError: If an element is not hashable, or `solution` is a str
                that is one of the choices (pass `[choice]`).
        """
        from .costs import violation

        labels = self._labels
        position = {label: k for k, label in enumerate(labels)}
        check_not_one_choice("solution", solution, position)
        ids = option_ids(position, solution, "choice {}")
        names_of = getattr(self, "_names", None)
        spec = self._spec
        names = names_of()[0] if names_of else list(range(len(spec[0])))
        broken = violation(spec, names, ids, labels)
        if broken is not None:
            raise ValueError(f"not a solution: {broken}")

    def to_cnf(self) -> str:
        """The problem as DIMACS CNF: one variable per choice, one model per
        solution (see `exactcover.cnf` for the encoding); after `restrict()`,
        per solution of the subtree, as `count()` counts them.

        Returns:
            The CNF text.

        Raises:
            ValueError: If the problem has colors or constraints counted
                other than once (the message names the constraint).
        """
        from .cnf import to_cnf

        names_of = getattr(self, "_names", None)
        spec = self._spec
        names = names_of()[0] if names_of else None
        return to_cnf(spec, self._labels, names, self._subtree)

    def _state(self) -> str:
        """`active`, `exhausted` or `busy` (in another thread), for a repr."""
        try:
            return "exhausted" if self._solver.exhausted else "active"
        except RuntimeError:
            # A repr never raises: it is what a debugger or a traceback shows.
            return "busy"


def check_not_one_choice(name: str, given: object, choices: Container[Any]) -> None:
    """Refuse a str that is itself one of the choices where an iterable of
    choices is asked: its characters would be taken for the choices, and
    the first one not found named instead of it. (A str of one-character
    choices stays the iterable of its characters.)

    Raises:
        TypeError: If `given` is a str of more than one character that is a
            choice.
    """
    if isinstance(given, str) and len(given) > 1 and given in choices:
        raise TypeError(
            f"{name} must be an iterable of choices, not a str: pass "
            f"[{describe(given)}] for the choice {describe(given)}"
        )


def option_ids(position: dict[Any, int], given: Iterable[Any], name: str) -> list[int]:
    """The option ids of some labels (choices, option indices, rows).

    Args:
        position: Each label's option id.
        given: The labels.
        name: What a label is called in errors, with `{}` for the label.

    Returns:
        The option id of each label of `given`, in order.

    Raises:
        TypeError: If a label is not hashable.
        KeyError: If a label is not one of `position`'s.
    """
    ids = []
    for label in given:
        try:
            ids.append(position[label])
        except TypeError:
            raise TypeError(f"{name.format(describe(label))} is not hashable") from None
        except KeyError:
            raise KeyError(f"{name.format(describe(label))} is not one of the choices") from None
    return ids
