"""The exact cover iterators: :class:`ExactCover` and :class:`MultiCover`.

Choices and constraints are any hashable Python objects. This module maps them
to dense integer ids, hands the ids to the Rust solver, and maps solutions back.
All argument checking happens here, so that errors name the user's own objects.
"""

from __future__ import annotations

import operator
import random as _random
from collections import defaultdict
from collections.abc import Hashable, Iterable, Iterator, Mapping
from copy import deepcopy as _deepcopy
from itertools import count, islice
from typing import Any, Generic, NamedTuple, TypeVar

from ._native import ExactCoverError
from ._native import Solver as _Solver
from .graph import SolutionGraph
from .progress import Bar, Deadline, SearchTimeout, check_timeout

__all__ = ["ExactCover", "MultiCover", "Cover", "ExactCoverError", "Estimate", "Subtree"]

C = TypeVar("C", bound=Hashable)
#: The type of the iterator itself (ExactCover or MultiCover), for methods returning it.
_Self = TypeVar("_Self", bound="Cover[Any]")

#: The most threads ``count(threads=...)`` accepts; fewer run, as many as the
#: machine runs at once.
MAX_THREADS = 65536
#: The most choices a puzzle builder (queens, latin_squares, ...) makes
#: unless told otherwise (``max_choices=None``): a million take about a
#: gigabyte and seconds to build; far more cannot finish.
MAX_CHOICES = 10**6

#: The most subtrees ``split()`` makes: each is a list of choices.
_MAX_SUBTREES = 10**6

#: Bounds and counts must fit the solver's 32-bit counters.
_MAX_COUNT = 2**32 - 1
_SEED_MASK = 2**64 - 1
#: Default memory cap of a memo or solution graph: 1 GiB.
_MEMO_BYTES = 2**30


def _integer(value: object) -> int | None:
    """``value`` as an int if it is an integer, a Python or a NumPy one
    (anything with ``__index__``) but not a bool; else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return int(value)
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def _max_choices(max_choices: int | None) -> int | None:
    """Check a ``max_choices`` argument (None: no limit)."""
    if max_choices is None:
        return None
    limit = _integer(max_choices)
    if limit is None:
        raise TypeError(f"max_choices must be an int or None, not {type(max_choices).__name__}")
    return limit


def _check_choices(what: str, choices: int | None, max_choices: int | None) -> None:
    """Refuse to build ``what``, with ``choices`` choices (None: too many to
    count), if that is more than ``max_choices`` (None: no limit); call it
    before building anything."""
    limit = _max_choices(max_choices)
    if limit is None or (choices is not None and choices <= limit):
        return
    how_many = "more choices than" if choices is None else f"{choices:,} choices, more than"
    raise ValueError(
        f"{what} has {how_many} max_choices={limit:,} (a million take about a gigabyte "
        "and seconds to build): pass max_choices=None, or a larger number, to build it "
        "anyway"
    )


def _describe(obj: object) -> str:
    """A short repr for error messages."""
    text = repr(obj)
    return text if len(text) <= 80 else text[:77] + "..."


class Estimate(NamedTuple):
    """Knuth's Monte Carlo estimate of a search tree (see ``estimate()``)."""

    #: Number of random probes.
    samples: int
    #: Estimated number of nodes of the search tree (as ``stats["nodes"]``
    #: counts them once the search is done).
    nodes: float
    #: Estimated number of solutions.
    solutions: float
    #: Standard error of ``nodes``.
    nodes_error: float
    #: Standard error of ``solutions``.
    solutions_error: float
    #: Mean depth of the probes.
    depth: float

    def caveat(self) -> str | None:
        """Why this estimate should not be trusted, or None when nothing
        says so.

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
    """A part of the search tree as plain data (see ``split()``): the
    solutions that contain every choice of ``forced`` and none of
    ``excluded``."""

    #: Choices every solution of the subtree contains.
    forced: list[Any]
    #: Choices no solution of the subtree contains.
    excluded: list[Any]


class Cover(Iterator["list[C]"], Generic[C]):
    """What :class:`ExactCover` and :class:`MultiCover` share: build the
    native solver, iterate over it, count, split, estimate.

    One iterator is one search: it may be passed between threads, but used
    by one thread at a time; a call while another thread's call runs raises
    RuntimeError saying that the iterator is busy.
    """

    __slots__ = ("_choices", "_solver", "_n_constraints", "_colored", "_source")

    def __init__(
        self,
        constraints: Mapping[C, Iterable[Hashable]],
        initial: Iterable[C],
        random: bool,
        seed: int | None,
        item_kinds: Any,
    ) -> None:
        if not isinstance(constraints, Mapping):
            raise TypeError(
                "constraints must be a mapping from each choice to the constraints it "
                f"satisfies, not {type(constraints).__name__}"
            )
        choices: list[C] = list(constraints)
        options, index = _map_constraints(constraints)
        colors, colored = _map_colors(constraints)
        items = item_kinds(index)
        seed = _resolve_seed(random, seed)
        try:
            solver = _Solver(items, options, seed, colors or None)
        except ExactCoverError as e:
            raise _rename_error(e, choices, index) from None
        initial = list(initial)
        forced: list[int] = []
        if initial:
            position = {choice: k for k, choice in enumerate(choices)}
            forced = _choice_ids(position, initial, "initial choice {}")
            for k in forced:
                # A contradictory initial choice leaves no solutions; not an error.
                solver.force(k)
        # What makes the problem's plain data again, when it is to be built
        # elsewhere (exactcover.distributed); keeping the data itself would
        # cost memory for every problem.
        self._source = (constraints, item_kinds, seed, forced)
        self._choices = choices
        self._solver = solver
        self._n_constraints = len(index)
        self._colored = colored

    def __iter__(self: _Self) -> _Self:
        return self

    @property
    def _spec(self) -> tuple[Any, ...]:
        """The problem as plain data (items, options, seed, colors, initial
        choices), made again from the constraints it was built from."""
        constraints, item_kinds, seed, forced = self._source
        if list(constraints) != self._choices:
            raise ValueError("the constraints mapping has changed since the problem was built")
        options, index = _map_constraints(constraints)
        colors, _ = _map_colors(constraints)
        return (item_kinds(index), options, seed, colors or None, forced)

    def __copy__(self) -> Cover[C]:
        """An independent iterator at the same point of the search:
        ``copy.copy(it)`` yields what ``it`` would yield, and advancing one
        leaves the other where it was. The choices are shared."""
        clone = object.__new__(type(self))
        clone._choices = self._choices
        clone._solver = self._solver.copy()
        clone._n_constraints = self._n_constraints
        clone._colored = self._colored
        clone._source = self._source
        return clone

    def __deepcopy__(self, memo: dict[int, Any]) -> Cover[C]:
        """Like ``copy.copy``, with copies of the choices."""
        clone = self.__copy__()
        clone._choices = _deepcopy(self._choices, memo)
        clone._colored = _deepcopy(self._colored, memo)
        return clone

    def __reduce__(self) -> Any:
        raise TypeError(
            f"{type(self).__name__} iterators cannot be pickled: pickle the constraints, "
            "or the subtrees of split(), and build the iterator again"
        )

    def __next__(self) -> list[C]:
        """The next solution: a list of choices (initial choices first)."""
        try:
            solution = self._solver.next_choices(self._choices)
        except RuntimeError as error:
            raise _busy(self, error) from None
        if solution is None:
            raise StopIteration
        return solution

    def count(
        self,
        limit: int | None = None,
        *,
        threads: int | None = None,
        timeout: float | None = None,
        progress: bool = False,
        memo: bool | None = None,
        memo_bytes: int = _MEMO_BYTES,
    ) -> int:
        """Count the solutions not yet yielded, without building them.

        This consumes them, like ``sum(1 for _ in self)`` but entirely in Rust
        with the GIL released. With ``limit``, stop after that many solutions
        (the iterator then resumes after them). Ctrl-C raises
        KeyboardInterrupt within a fraction of a second; ``stats["solutions"]``
        then tells how many solutions had been found.

        With ``threads=N`` (N > 1) the search runs on N threads (at most as
        many as the machine runs at once, and at most ``MAX_THREADS`` may be
        asked for): a thread that runs out of work takes part of another's.
        This needs an iterator that has not started and cannot be combined with
        ``limit``, ``timeout`` or ``progress``. Afterwards ``stats`` holds the
        work of all threads; after Ctrl-C it holds the work done so far, the
        solutions found included, and iterating starts again from the first
        solution.

        ``timeout`` (seconds): stop when it runs out and raise
        :class:`~exactcover.progress.SearchTimeout`, whose ``count`` holds
        the solutions counted so far; the search stays where it stopped, and
        a second ``count()`` goes on from there. ``progress=True`` shows a
        progress bar (tqdm: a text bar in a terminal, a widget in Jupyter)
        with the solutions, the nodes and Knuth's estimate of the fraction of
        the search tree done, as ``exactcover solve --progress`` does.

        Counts are exact ints of any size. Without ``limit`` or ``threads``,
        the count *memoizes*: a sub-problem met again (the same constraints
        left to satisfy, with the same bounds and colors) is not searched
        again; its number of solutions is remembered. That reaches counts no
        enumeration can (the 2.4 x 10^30 domino tilings of a 16 x 16 board).
        ``memo=None`` (the default) decides by itself: for the first few
        thousand nodes it weighs the work the memo saved against what it
        cost, and drops it at once where sub-problems rarely repeat (n-queens,
        Langford pairs); packing problems (polyominoes, dominoes) keep it.
        ``memo=True`` always memoizes, ``memo=False`` never does.
        ``memo_bytes`` caps the memo's memory (1 GiB by default): when full,
        it is emptied and refilled, and the count stays exact.
        ``memo_stats`` tells what the memo did. An iterator that has yielded
        solutions counts the rest without the memo.

        >>> ExactCover({'A': [1, 2], 'B': [1], 'C': [2]}).count()
        2
        >>> ExactCover({'A': [1, 2], 'B': [1], 'C': [2]}).count(threads=2)
        2
        >>> from exactcover.queens import queens
        >>> try:
        ...     queens(20).count(timeout=0.1)
        ... except TimeoutError as stopped:
        ...     print(0 < stopped.count < 39029188884)
        True
        """
        if memo is not None and not isinstance(memo, bool):
            raise TypeError(f"memo must be True, False or None, not {type(memo).__name__}")
        if isinstance(memo_bytes, bool) or not isinstance(memo_bytes, int):
            raise TypeError(f"memo_bytes must be an int, not {type(memo_bytes).__name__}")
        if memo_bytes < 0:
            raise ValueError(f"memo_bytes must be non-negative, not {memo_bytes}")
        if limit is not None:
            given, limit = limit, _integer(limit)
            if limit is None:
                raise TypeError(f"limit must be an int or None, not {type(given).__name__}")
            if limit < 0:
                raise ValueError(f"limit must be non-negative, not {limit}")
            limit = min(limit, 2**64 - 1)
        if threads is not None:
            given, threads = threads, _integer(threads)
            if threads is None:
                raise TypeError(f"threads must be an int or None, not {type(given).__name__}")
            if threads < 1:
                raise ValueError(f"threads must be at least 1, not {threads}")
            if threads > MAX_THREADS:
                raise ValueError(f"threads must be at most {MAX_THREADS}, not {threads}")
            if threads > 1:
                if limit is not None:
                    raise ValueError("count() takes limit or threads, not both")
                if memo:
                    raise ValueError(
                        "count(memo=True) counts on one thread; leave out threads or memo"
                    )
                if timeout is not None or progress:
                    raise ValueError("count(threads=...) takes no timeout or progress yet")
                _check_not_started(self._solver, "count(threads=...)")
                try:
                    return self._solver.count_parallel(threads)
                except RuntimeError as error:
                    raise _busy(self, error) from None
        seconds = check_timeout(timeout)
        if memo and (limit is not None or seconds is not None or progress):
            raise ValueError(
                "count(memo=True) counts every solution in one go: it takes no limit, "
                "timeout or progress"
            )
        try:
            if seconds is None and not progress:
                if limit is not None:
                    return self._solver.count(limit)
                return self._solver.count_exact(memo, min(memo_bytes, _SEED_MASK))
            return self._count_in_slices(limit, seconds, bool(progress))
        except RuntimeError as error:
            raise _busy(self, error) from None

    def _count_in_slices(self, limit: int | None, seconds: float | None, progress: bool) -> int:
        """count() with a time limit or a progress bar: slices of the search
        with a look at the clock and an update of the bar between them."""
        deadline = Deadline(seconds, progress)
        bar = Bar(progress, "count")
        solver = self._solver
        total = 0
        try:
            while True:
                remaining = None if limit is None else limit - total
                found, done = solver.count_for(deadline.slice(), remaining)
                total += found
                bar.update(solver)
                if done:
                    return total
                if deadline.passed():
                    assert seconds is not None
                    raise SearchTimeout(total, seconds)
        finally:
            bar.close()

    def solutions(
        self, *, timeout: float | None = None, progress: bool = False
    ) -> Iterator[list[C]]:
        """Iterate over the solutions, as iterating over the iterator itself
        does, with a time limit (``timeout`` seconds: then
        :class:`~exactcover.progress.SearchTimeout`, whose ``count`` is the
        number of solutions yielded) or a progress bar (``progress=True``, as
        for :meth:`count`).

        >>> cover = ExactCover({'A': [1, 2], 'B': [1], 'C': [2]})
        >>> list(cover.solutions(timeout=10))
        [['A'], ['B', 'C']]
        """
        seconds = check_timeout(timeout)
        deadline = Deadline(seconds, bool(progress))
        bar = Bar(bool(progress), "solutions")
        solver = self._solver
        choices = self._choices
        found = 0
        try:
            while True:
                try:
                    ready, solution = solver.next_solution_for(deadline.slice())
                except RuntimeError as error:
                    raise _busy(self, error) from None
                bar.update(solver)
                if ready:
                    if solution is None:
                        return
                    found += 1
                    yield [choices[k] for k in solution]
                if deadline.passed():
                    assert seconds is not None
                    raise SearchTimeout(found, seconds)
        finally:
            bar.close()

    def solution_graph(self, *, max_bytes: int = _MEMO_BYTES) -> SolutionGraph[C]:
        """All the solutions as a :class:`~exactcover.SolutionGraph`: a DAG of
        the distinct sub-problems of the search, to count, iterate and
        ``sample()`` uniformly at random without searching again.

        Only before the search starts; the iterator itself is left as it was.
        Raises ExactCoverError if the graph would take more than
        ``max_bytes`` (1 GiB by default). Ctrl-C interrupts the building.

        >>> cover = ExactCover({'A': [1, 2], 'B': [1], 'C': [2], 'D': [1, 2]})
        >>> graph = cover.solution_graph()
        >>> graph.count, sorted(sorted(s) for s in graph)
        (3, [['A'], ['B', 'C'], ['D']])
        """
        if isinstance(max_bytes, bool) or not isinstance(max_bytes, int):
            raise TypeError(f"max_bytes must be an int, not {type(max_bytes).__name__}")
        if max_bytes < 0:
            raise ValueError(f"max_bytes must be non-negative, not {max_bytes}")
        _check_not_started(self._solver, "solution_graph()")
        graph = self._solver.solution_graph(min(max_bytes, _SEED_MASK))
        return SolutionGraph(graph, self._choices)

    @property
    def memo_stats(self) -> dict[str, Any]:
        """What the memo of the last ``count()`` did: ``active`` (still in
        use), ``lookups`` and ``hits`` (sub-problems found again), ``entries``
        and ``bytes`` now, ``peak_bytes``, and ``evictions`` (times it was
        full and emptied)."""
        return self._solver.memo_stats

    def first(self, n: int) -> list[list[C]]:
        """The next ``n`` solutions (fewer if the search ends first).

        >>> ExactCover({'A': [1, 2], 'B': [1], 'C': [2]}).first(5)
        [['A'], ['B', 'C']]
        >>> ExactCover({'A': [1]}).first(-1)
        Traceback (most recent call last):
          ...
        ValueError: n must be non-negative, not -1
        """
        if isinstance(n, bool) or not isinstance(n, int):
            raise TypeError(f"n must be an int, not {type(n).__name__}")
        if n < 0:
            raise ValueError(f"n must be non-negative, not {n}")
        return list(islice(self, n))

    def split(self, n: int) -> list[Subtree]:
        """Cut the search tree into at least ``n`` subtrees (fewer if the tree
        is small) whose solutions, together, are this iterator's, each once.

        A subtree is plain data, lists of your own choices: pickle it, send it
        to another process or machine, build the same problem there and count
        ``restrict(subtree)``; the counts add up to ``count()``. Only before
        the search starts. Splitting walks each node at most once, so it never
        takes longer than counting; Ctrl-C interrupts it.

        >>> data = {'A': [1, 2], 'B': [1], 'C': [2], 'D': [1, 2, 3], 'E': [3]}
        >>> parts = ExactCover(data).split(2)
        >>> [ExactCover(data).restrict(p).count() for p in parts]
        [1, 2]
        >>> ExactCover(data).count()
        3
        """
        given, n = n, _integer(n)  # type: ignore[assignment]
        if n is None:
            raise TypeError(f"n must be an int, not {type(given).__name__}")
        if n < 1:
            raise ValueError(f"n must be at least 1, not {n}")
        if n > _MAX_SUBTREES:
            raise ValueError(f"n must be at most {_MAX_SUBTREES:,} subtrees, not {n:,}")
        _check_not_started(self._solver, "split()")
        choices = self._choices
        return [
            Subtree([choices[k] for k in forced], [choices[k] for k in excluded])
            for forced, excluded in self._solver.split(n)
        ]

    def restrict(self: _Self, subtree: Subtree | tuple[Iterable[Any], Iterable[Any]]) -> _Self:
        """Restrict the search to a subtree made by ``split()`` (on this
        problem, here or elsewhere): force its ``forced`` choices and exclude
        its ``excluded`` ones. Returns the iterator itself; only before the
        search starts."""
        forced, excluded = subtree
        _check_not_started(self._solver, "restrict()")
        position = {choice: k for k, choice in enumerate(self._choices)}
        self._solver.restrict(
            _choice_ids(position, forced, "forced choice {} of the subtree"),
            _choice_ids(position, excluded, "excluded choice {} of the subtree"),
        )
        return self

    def colors(self, solution: Iterable[C]) -> dict[Hashable, Hashable]:
        """The colors a solution gives its colored constraints: a dict from
        each constraint to the color that the solution's choices give it.

        >>> cover = ExactCover({'a': {1: None, 'x': 'red'}, 'b': {2: None, 'x': 'red'},
        ...                     'c': {2: None, 'x': 'blue'}}, secondary=['x'])
        >>> [cover.colors(s) for s in cover]
        [{'x': 'red'}]
        """
        out: dict[Hashable, Hashable] = {}
        colored = self._colored
        if colored:
            for choice in solution:
                pairs = colored.get(choice)
                if pairs:
                    out.update(pairs)
        return out

    def estimate(self, samples: int = 1000, *, seed: int | None = None) -> Estimate:
        """Estimate the size of the search tree before searching it.

        Knuth's Monte Carlo method: each of ``samples`` random probes walks
        from the root to a leaf, taking at every level one of the branches the
        search would take, chosen uniformly; the products of the numbers of
        branches along the way are unbiased estimates of the number of nodes
        and of solutions. A second of probes tells whether a count will take a
        second or a year (divide ``nodes`` by the nodes per second that
        ``stats`` shows on a short run). ``seed`` makes it reproducible.
        Only before the search starts; Ctrl-C interrupts it.

        >>> queens = {(i, j): [('row', i), ('col', j), ('diag', i + j), ('anti', i - j)]
        ...           for i in range(8) for j in range(8)}
        >>> diagonals = {c for cs in queens.values() for c in cs if c[0] in ('diag', 'anti')}
        >>> e = ExactCover(queens, secondary=diagonals).estimate(20000, seed=1)
        >>> 60 < e.solutions < 140    # 92 in truth
        True
        """
        return _estimate(self._solver, samples, seed)

    @property
    def stats(self) -> dict[str, int]:
        """Work done so far: search-tree ``nodes``, link ``updates`` and
        ``solutions`` found (counted or yielded)."""
        try:
            return self._solver.stats
        except RuntimeError as error:
            raise _busy(self, error) from None

    def __repr__(self) -> str:
        state = "exhausted" if self._solver.exhausted else "active"
        return (
            f"<{type(self).__name__}: {len(self._choices)} choices, "
            f"{self._n_constraints} constraints, {state}>"
        )


#: The short name of this class, for code that predates its public name.
_Cover = Cover


def _busy(cover: Cover[Any] | None, error: RuntimeError) -> RuntimeError:
    """PyO3's "Already borrowed" (the native solver is in use by another
    thread, whose call runs without the GIL) restated; other errors as they are."""
    if "borrowed" not in str(error):
        return error
    return RuntimeError(
        f"this {type(cover).__name__ if cover is not None else 'iterator'} is busy in "
        "another thread: one iterator is one "
        "search, used by one thread at a time (make one iterator per thread, or use "
        "count(threads=N))"
    )


def _map_constraints(
    constraints: Mapping[Any, Iterable[Hashable]],
) -> tuple[list[list[int]], dict[Hashable, int]]:
    """Map each choice's constraints to dense ids, numbered in order of first
    appearance; returns the options as lists of ids, and the numbering."""
    # A defaultdict numbering new keys does the lookup-or-insert in C: this
    # loop is most of the time it takes to build a problem.
    index: defaultdict[Hashable, int] = defaultdict(count().__next__)
    try:
        options = [[index[c] for c in cons] for cons in constraints.values()]
        return options, dict(index)
    except TypeError as error:
        failure = error
    # Slow path, only after a failure: find the culprit and say what it is.
    for choice, cons in constraints.items():
        if not isinstance(cons, Iterable):
            raise TypeError(
                f"the constraints of choice {_describe(choice)} must be an iterable, "
                f"not {type(cons).__name__}"
            ) from None
        for c in cons:
            try:
                hash(c)
            except TypeError:
                raise TypeError(
                    f"constraint {_describe(c)} of choice {_describe(choice)} is not "
                    f"hashable ({type(c).__name__})"
                ) from None
    raise failure


def _estimate(solver: _Solver, samples: int, seed: int | None) -> Estimate:
    """Check the arguments of ``estimate()`` and run it on a native solver."""
    given, samples = samples, _integer(samples)  # type: ignore[assignment]
    if samples is None:
        raise TypeError(f"samples must be an int, not {type(given).__name__}")
    if samples < 1:
        raise ValueError(f"samples must be at least 1, not {samples}")
    _check_not_started(solver, "estimate()")
    resolved = _resolve_seed(True, seed)
    assert resolved is not None  # random=True always gives a seed
    return Estimate(**solver.estimate(min(samples, 2**64 - 1), resolved))


def _check_not_started(solver: _Solver, what: str) -> None:
    """Raise ValueError if the search has started: ``what`` works on the
    whole search tree only."""
    try:
        nodes = solver.stats["nodes"]
    except RuntimeError as error:
        raise _busy(None, error) from None
    if nodes > 0:
        raise ValueError(f"{what} needs an iterator that has not started searching")


def _choice_ids(position: dict[Any, int], given: Iterable[Any], name: str) -> list[int]:
    """The positions of the ``given`` choices (``position`` maps each choice
    to its index); ``name``, with ``{}`` for the choice, names one in errors:
    TypeError if it is not hashable, KeyError if it is not a choice."""
    ids = []
    for choice in given:
        try:
            ids.append(position[choice])
        except TypeError:
            raise TypeError(f"{name.format(_describe(choice))} is not hashable") from None
        except KeyError:
            raise KeyError(f"{name.format(_describe(choice))} is not one of the choices") from None
    return ids


def _map_colors(
    constraints: Mapping[C, Iterable[Hashable]],
) -> tuple[list[tuple[int, int, int]], dict[C, list[tuple[Hashable, Hashable]]]]:
    """Colors given by choices whose constraints are a mapping from constraint
    to color (None: no color). Returns ``(option, position, color id)``
    triples for the native solver, and each colored choice's
    ``(constraint, color)`` pairs."""
    triples: list[tuple[int, int, int]] = []
    colored: dict[C, list[tuple[Hashable, Hashable]]] = {}
    color_ids: dict[Hashable, int] = {}
    for k, (choice, cons) in enumerate(constraints.items()):
        if not isinstance(cons, Mapping):
            continue
        pairs = []
        for j, (c, color) in enumerate(cons.items()):
            if color is None:
                continue
            try:
                color_id = color_ids.setdefault(color, len(color_ids))
            except TypeError:
                raise TypeError(
                    f"color {_describe(color)} of constraint {_describe(c)} of choice "
                    f"{_describe(choice)} is not hashable ({type(color).__name__})"
                ) from None
            triples.append((k, j, color_id))
            pairs.append((c, color))
        if pairs:
            colored[choice] = pairs
    if len(color_ids) >= 2**32 - 2:
        raise ValueError("too many distinct colors")
    return triples, colored


def _resolve_seed(random: bool, seed: int | None) -> int | None:
    if seed is not None:
        value = _integer(seed)
        if value is None:
            raise TypeError(f"seed must be an int, not {type(seed).__name__}")
        return value & _SEED_MASK
    if random:
        return _random.getrandbits(64)
    return None


def _rename_error(
    error: ExactCoverError, choices: list[Any], index: dict[Hashable, int]
) -> ExactCoverError:
    """Restate an error from the core in terms of the user's objects."""
    option = getattr(error, "option", None)
    item = getattr(error, "item", None)
    kind = getattr(error, "kind", None)
    message = str(error)
    if option is not None and option < len(choices):
        choice = _describe(choices[option])
        constraint = _describe(next((c for c, k in index.items() if k == item), item))
        if kind == "empty_option":
            message = f"choice {choice} satisfies no constraints"
        elif kind == "duplicate_item":
            message = f"choice {choice} lists constraint {constraint} more than once"
        elif kind == "color_on_item":
            message = (
                f"choice {choice} gives a color to constraint {constraint}, which is not "
                "secondary: only constraints satisfied at most once (secondary=, or "
                "optional with count 1) can have colors"
            )
    return ExactCoverError(message)


def _constraint_set(name: str, constraints: Iterable[Hashable] | None) -> list[Hashable]:
    """Materialize a user's iterable of constraints, checking hashability."""
    if constraints is None:
        return []
    if isinstance(constraints, (str, bytes)) or not isinstance(constraints, Iterable):
        raise TypeError(
            f"{name} must be an iterable of constraints, not {type(constraints).__name__}"
        )
    result = list(constraints)
    for c in result:
        try:
            hash(c)
        except TypeError:
            raise TypeError(f"{name} constraint {_describe(c)} is not hashable") from None
    return result


def _check_count(constraint: Hashable, given: Any) -> int:
    count = _integer(given)
    if count is None:
        raise ValueError(
            f"count for constraint {_describe(constraint)} must be a non-negative "
            f"integer, not {_describe(given)}"
        )
    if count < 0:
        raise ValueError(
            f"count for constraint {_describe(constraint)} must be non-negative, not {count}"
        )
    if count > _MAX_COUNT:
        raise ValueError(
            f"count for constraint {_describe(constraint)} is too large ({count} > {_MAX_COUNT})"
        )
    return int(count)


class ExactCover(Cover[C]):
    """An iterator that yields solutions to an EXACT COVER problem.

    An exact cover problem consists of a set of "choices". Each choice
    satisfies one or more "constraints". Choices and constraints may be any
    hashable Python objects; all choices must be distinct, as must all
    constraints.

    A solution is a list of choices such that each constraint is satisfied by
    exactly one of the choices in the solution. Constraints named in
    ``secondary`` are relaxed: they may be satisfied at most once (Knuth's
    secondary items, as in the generalized exact cover of the 8-queens
    problem, whose diagonals need not all be occupied).

    Required argument:

    constraints -- A map from each choice to an iterable of the constraints
        satisfied by that choice.

    Optional arguments:

    initial -- An iterable of choices that must appear in every solution
        (default: none). Contradictory initial choices give no solutions.
    random -- Generate solutions in random order? (Default: False.)

    Keyword-only arguments:

    secondary -- Constraints that may be satisfied at most once instead of
        exactly once. A choice all of whose constraints are secondary is never
        chosen by the search (unless it is an initial choice).
    primary -- Constraints that must be satisfied exactly once even if no
        choice lists them (then there is no solution). Constraints are
        otherwise only known from the choices, so a constraint that no choice
        satisfies would go unnoticed: list it here, e.g. the cells of a board.

        >>> ExactCover({'A': [1], 'B': [2]}, primary=[1, 2, 3]).count()
        0

    seed -- An integer: generate solutions in a random order reproducible from
        this seed (implies ``random=True``).

    Colors (Knuth's XCC): a choice's constraints may be given as a mapping
    from constraint to *color* (any hashable; None for no color) instead of a
    plain iterable. Choices that give a secondary constraint the same color
    are compatible, any number of them; a different color, or no color,
    conflicts. ``colors(solution)`` tells the colors a solution chose:

        >>> choices = {}
        >>> for w in ['ab', 'ba', 'bb']:     # 2x2 word squares
        ...     for k in range(2):
        ...         row = {(k, j): c for j, c in enumerate(w)}
        ...         col = {(i, k): c for i, c in enumerate(w)}
        ...         choices['row', k, w] = {('row', k): None, **row}
        ...         choices['col', k, w] = {('col', k): None, **col}
        >>> cells = [(i, j) for i in range(2) for j in range(2)]
        >>> ExactCover(choices, secondary=cells).count()
        7
        >>> square = ExactCover(choices, secondary=cells)
        >>> grid = square.colors(next(square))
        >>> [grid[i, 0] + grid[i, 1] for i in range(2)]
        ['ab', 'ba']

    Solutions are lists of choices, initial choices first, then in the order
    the search made them. The search runs in Rust (Knuth's Dancing Links, with
    the "minimum remaining values" heuristic); it can be interrupted with
    Ctrl-C, and the iterator can be dropped at any point.

    For example:

        >>> next(ExactCover(dict(A = [1, 4, 7],
        ...                      B = [1, 4],
        ...                      C = [4, 5, 7],
        ...                      D = [3, 5, 6],
        ...                      E = [2, 3, 6, 7],
        ...                      F = [2, 7])))
        ['B', 'D', 'F']

    Generalized exact cover: the 4-queens problem with the diagonals as
    secondary constraints.

        >>> squares = {(i, j): [('row', i), ('col', j), ('diag', i - j), ('anti', i + j)]
        ...            for i in range(4) for j in range(4)}
        >>> diagonals = [(d, k) for d in ('diag', 'anti') for k in range(-3, 7)]
        >>> sorted(map(sorted, ExactCover(squares, secondary=diagonals)))
        [[(0, 1), (1, 3), (2, 0), (3, 2)], [(0, 2), (1, 0), (2, 3), (3, 1)]]
    """

    __slots__ = ()

    def __init__(
        self,
        constraints: Mapping[C, Iterable[Hashable]],
        initial: Iterable[C] = (),
        random: bool = False,
        *,
        secondary: Iterable[Hashable] | None = None,
        primary: Iterable[Hashable] | None = None,
        seed: int | None = None,
    ) -> None:
        relaxed = _constraint_set("secondary", secondary)
        required = _constraint_set("primary", primary)
        if required:
            both = set(required).intersection(relaxed)
            if both:
                raise ValueError(
                    f"constraint {_describe(next(iter(both)))} is both primary and secondary"
                )

        def item_kinds(index: dict[Hashable, int]) -> list[tuple[bool, int, int]]:
            # A primary constraint that no choice satisfies leaves no solutions.
            for c in required:
                index.setdefault(c, len(index))
            items = [(True, 1, 1)] * len(index)
            for c in relaxed:
                k = index.get(c)
                if k is not None:
                    items[k] = (False, 0, 1)
            return items

        super().__init__(constraints, initial, random, seed, item_kinds)


class MultiCover(Cover[C]):
    """An iterator that yields solutions to an EXACT COVER problem with
    multiplicity.

    Choices and constraints are any hashable Python objects, as for
    :class:`ExactCover`. Some of the constraints are required (must be
    satisfied) and the others optional (may be satisfied). Each constraint c
    has a multiplicity ``counts[c]`` (default 1).

    A solution is a list of distinct choices such that each required
    constraint c is satisfied by exactly ``counts[c]`` of them, and each
    optional constraint by at most ``counts[c]`` of them. In Knuth's terms a
    required constraint is a primary item with bounds k..k and an optional one
    a secondary item with bounds 0..k; the search branches only on required
    constraints, so a choice that satisfies no required constraint never
    appears in a solution (unless it is an initial choice).

    Required argument:

    constraints -- A map from each choice to an iterable of constraints
        satisfied by that choice.

    Optional arguments:

    initial -- An iterable of choices that must appear in every solution.
        (Default: no choices.)
    random -- Generate solutions in random order? (Default: False.)
    counts -- Map from constraint to the number of times that constraint
        must be satisfied (a non-negative integer; 0 forbids every choice that
        satisfies it). By default all constraints must be satisfied exactly
        once. Counts for constraints that no choice satisfies are allowed: a
        required one then has no solutions, an optional one is ignored.
    satisfy -- Iterable of constraints that must be satisfied. (Default: all
        constraints.)

    Keyword-only argument:

    seed -- An integer: generate solutions in a random order reproducible from
        this seed (implies ``random=True``).

    For example:

        >>> data = dict(A = [1, 4, 7],
        ...             B = [1, 4],
        ...             C = [4, 5, 7],
        ...             D = [3, 5, 6],
        ...             E = [2, 3, 6, 7],
        ...             F = [2, 7])
        >>> sorted(next(MultiCover(data)))
        ['B', 'D', 'F']

    By passing a counts dictionary you can require that some
    constraints are satisfied multiple times. This example
    requires that constraint 7 is satisfied exactly twice:

        >>> sorted(next(MultiCover(data, counts={7: 2})))
        ['A', 'D', 'F']

    If only some constraints must be satisfied, these can be specified
    by the satisfy argument:

        >>> sorted(map(sorted, MultiCover(data, satisfy=[1, 2, 3, 4, 6, 7])))
        [['B', 'D', 'F'], ['B', 'E']]
    """

    __slots__ = ()

    def __init__(
        self,
        constraints: Mapping[C, Iterable[Hashable]],
        initial: Iterable[C] = (),
        random: bool = False,
        counts: Mapping[Any, int] | None = None,
        satisfy: Iterable[Hashable] | None = None,
        *,
        seed: int | None = None,
    ) -> None:
        if counts is None:
            counts = {}
        elif not isinstance(counts, Mapping):
            raise TypeError(
                f"counts must be a mapping from constraint to count, not {type(counts).__name__}"
            )
        checked = {c: _check_count(c, k) for c, k in counts.items()}
        required = None if satisfy is None else set(_constraint_set("satisfy", satisfy))

        def item_kinds(index: dict[Hashable, int]) -> list[tuple[bool, int, int]]:
            # Constraints that only appear in counts or satisfy still matter: a
            # required one that no choice satisfies leaves no solutions.
            for c in checked:
                if required is None or c in required:
                    index.setdefault(c, len(index))
            for c in required or ():
                index.setdefault(c, len(index))
            items = []
            for c in index:
                k = checked.get(c, 1)
                if required is None or c in required:
                    items.append((True, k, k))
                else:
                    items.append((False, 0, k))
            return items

        super().__init__(constraints, initial, random, seed, item_kinds)
