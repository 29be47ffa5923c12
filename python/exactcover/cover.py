"""The exact cover iterators: `ExactCover` and `MultiCover`.

Choices and constraints are any hashable Python objects. This module maps them
to dense integer ids, hands the ids to the Rust solver, and maps solutions back.
All argument checking happens here, so that errors name the user's own objects.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Iterator, Mapping
from itertools import count
from typing import Any, TypeVar

from ._arguments import U64_MAX, whole
from ._arguments import engine as _engine
from ._arguments import integer as _integer
from ._arguments import seed as _seed
from ._errors import busy as _busy
from ._errors import check_not_started as _check_not_started
from ._errors import describe as _describe
from ._errors import problem_error, restate
from ._native import ExactCoverError
from ._native import Solver as _Solver
from .graph import SolutionGraph
from .search import (
    DEFAULT_MEMO_BYTES,
    Estimate,
    Search,
    Subtree,
    check_not_one_choice,
    option_ids,
)
from .search import MAX_THREADS as MAX_THREADS  # the most count(threads=...) takes

__all__ = ["ExactCover", "MultiCover", "Cover", "ExactCoverError", "Estimate", "Subtree"]

C = TypeVar("C", bound=Hashable)
_CoverSelf = TypeVar("_CoverSelf", bound="Cover[Any]")

MAX_CHOICES = 10**6
"""The most choices a puzzle builder (`queens`, `latin_squares`, ...) makes
unless told otherwise (`max_choices=None`): a million take about a gigabyte
and seconds to build; far more cannot finish."""

#: Bounds and counts must fit the solver's 32-bit counters.
_MAX_COUNT = 2**32 - 1


class Cover(Search["list[C]"]):
    """What `ExactCover` and `MultiCover` share: a `Search` whose options are
    the user's choices, each a mapping to the constraints it satisfies (and
    maybe their colors).

    One iterator is one search: it may be passed between threads, but used
    by one thread at a time; a call while another thread's call runs raises
    `RuntimeError` saying that the iterator is busy.

    Args:
        constraints: A map from each choice to the constraints it satisfies.
        initial: Choices that every solution contains (None: none).
        random: Search in a random order.
        seed: The seed of that order (implies `random`).
        item_kinds: Makes each constraint's bounds, `(primary, lo, hi)`,
            from the numbering of the constraints (which it may extend).
        engine: The search engine: `"auto"`, `"bitset"` or `"dlx"`.

    Raises:
        TypeError: If `constraints` is not a mapping, a choice's constraints
            are not an iterable (or are a string), `initial` is not an
            iterable (or is a string that names one choice), `random` is not
            True or False (or None), `seed` is not an integer, or a
            constraint, a color or an initial choice is not hashable.
        KeyError: If an initial choice is not one of the choices.
        ExactCoverError: If the problem is malformed (see `ExactCover`).
    """

    # _labels (of Search) is the list of choices; _colored maps each colored
    # choice to its (constraint, color) pairs.
    __slots__ = ("_n_constraints", "_n_entries", "_colored")
    _deep = ("_labels", "_colored")

    def __init__(
        self,
        constraints: Mapping[C, Iterable[Hashable]],
        initial: Iterable[C] | None,
        random: bool,
        seed: int | None,
        item_kinds: Any,
        engine: str = "auto",
    ) -> None:
        if not isinstance(constraints, Mapping):
            raise TypeError(
                "constraints must be a mapping from each choice to the constraints it "
                f"satisfies, not {type(constraints).__name__}"
            )
        constraints = _reiterable(constraints)
        choices: list[C] = list(constraints)
        options, index = _map_constraints(constraints)
        colors, colored = _map_colors(constraints)
        items = item_kinds(index)
        seed = _seed(random, seed)
        try:
            engine = _engine(engine)
            solver = _Solver(items, options, seed, colors or None, engine)
        except ExactCoverError as e:
            raise restate(e, choices, list(index), colored) from None
        if initial is None:
            initial = ()
        elif not isinstance(initial, Iterable):
            raise TypeError(f"initial must be an iterable of choices, not {type(initial).__name__}")
        position: dict[C, int] = {}
        if isinstance(initial, str) and len(initial) > 1:
            position = {choice: k for k, choice in enumerate(choices)}
            if initial in position:
                # Its characters would be taken for the choices, and the
                # first one not found named instead of this one.
                raise TypeError(
                    f"initial must be an iterable of choices, not a str: pass "
                    f"[{_describe(initial)}] to start from the choice {_describe(initial)}"
                )
        initial = list(initial)
        forced: list[int] = []
        if initial:
            position = position or {choice: k for k, choice in enumerate(choices)}
            forced = option_ids(position, initial, "initial choice {}")
            for k in forced:
                # A contradictory initial choice leaves no solutions; not an error.
                solver.force(k)
        # What makes the problem's plain data again, when it is to be built
        # elsewhere (exactcover.distributed); keeping the data itself would
        # cost memory for every problem.
        super().__init__(solver, choices, (constraints, item_kinds, seed, forced, engine))
        self._n_constraints = len(index)
        # The (choice, constraint) pairs: a value list changed since (a
        # constraint added or removed) is seen when the data is made again.
        self._n_entries = sum(map(len, options))
        self._colored = colored

    @property
    def _spec(self) -> tuple[Any, ...]:
        """The problem as plain data (items, options, seed, colors, initial
        choices, engine), made again from the constraints it was built from."""
        constraints, item_kinds, seed, forced, engine = self._source
        if list(constraints) != self._labels:
            raise ValueError("the constraints mapping has changed since the problem was built")
        options, index = _map_constraints(constraints)
        items = item_kinds(index)  # (adds the constraints no choice lists)
        if (len(index), sum(map(len, options))) != (self._n_constraints, self._n_entries):
            raise ValueError(
                "the constraints mapping has changed since the problem was built "
                "(a choice's constraints)"
            )
        colors, _ = _map_colors(constraints)
        return (items, options, seed, colors or None, forced, engine)

    def __deepcopy__(self: _CoverSelf, memo: dict[int, Any]) -> _CoverSelf:
        """Like `copy.copy`, with copies of the user's choices (and colors)."""
        clone = super().__deepcopy__(memo)
        constraints, *rest = self._source
        if list(constraints) == self._labels:
            # The copy's problem is made again from its own choices: the
            # copied choices are not the mapping's keys, and choices equal
            # only to themselves (plain objects) were all "changed".
            clone._source = (dict(zip(clone._labels, constraints.values())), *rest)
        return clone

    def _names(self) -> tuple[list[Hashable], list[Hashable]]:
        """What the item ids and color ids of `_spec` stand for: the
        constraints and the colors, in the order of their ids (for
        `write_dlx` and `to_matrix`)."""
        constraints, item_kinds, _, _, _ = self._source
        _, index = _map_constraints(constraints)
        item_kinds(index)  # adds the constraints that no choice lists
        colors = (
            color
            for cons in constraints.values()
            if isinstance(cons, Mapping)
            for color in cons.values()
            if color is not None
        )
        return list(index), list(dict.fromkeys(colors))

    def __next__(self) -> list[C]:
        """The next solution: a list of choices (initial choices first)."""
        try:
            solution = self._solver.next_choices(self._labels)
        except RuntimeError as error:
            raise _busy(self, error) from None
        if solution is None:
            raise StopIteration
        return solution

    def solution_graph(self, *, max_bytes: int = DEFAULT_MEMO_BYTES) -> SolutionGraph[C]:
        """All the solutions as a `SolutionGraph`: a DAG of the distinct
        sub-problems of the search, to count, iterate and `sample()`
        uniformly at random without searching again.

        Only before the search starts; the iterator itself is left as it was.
        Ctrl-C interrupts the building.

        >>> cover = ExactCover({'A': [1, 2], 'B': [1], 'C': [2], 'D': [1, 2]})
        >>> graph = cover.solution_graph()
        >>> graph.count, sorted(sorted(s) for s in graph)
        (3, [['A'], ['B', 'C'], ['D']])

        Args:
            max_bytes: The most memory the graph may take while it is built:
                its nodes and edges, the memo table and the search's keys
                together (`DEFAULT_MEMO_BYTES`, 1 GiB, by default).

        Returns:
            The graph of all the solutions.

        Raises:
            ExactCoverError: If the graph would take more than `max_bytes`.
            TypeError: If `max_bytes` is not an integer.
            ValueError: If `max_bytes` is negative, or the search has started.
        """
        max_bytes = whole("max_bytes", max_bytes, minimum=0)
        _check_not_started(self, "solution_graph()")
        try:
            graph = self._solver.solution_graph(min(max_bytes, U64_MAX))
        except RuntimeError as error:
            raise _busy(self, error) from None
        return SolutionGraph(graph, self._labels)

    def sweep_order(self: _CoverSelf, constraints: Iterable[Hashable]) -> _CoverSelf:
        """Suggest an order of the constraints for `count()` to *sweep* in:
        branch at every step on the first constraint of this order not yet
        satisfied (trying only the choices whose first constraint in the
        order it is) rather than on the one with the fewest choices left.

        On packings swept along a board's short side the sub-problems of a
        sweep repeat, and the memo then counts several times faster (the
        polyomino, polyform and domino builders pass their board's order).
        `count()` takes the sweep only where a short race at the start says
        it beats the usual order (`count(order="auto")`, the default), or
        when told (`order="sweep"`); iteration and `solutions()` keep the
        usual order. Only the bitset engine sweeps (`stats["order"]` says
        `"sweep"` when it does); dancing links ignore the order.

        >>> cover = ExactCover({'A': [1, 2], 'B': [1], 'C': [2], 'D': [3]})
        >>> cover.sweep_order([3, 2, 1]).count(order="sweep")
        2

        Args:
            constraints: Constraints of the problem, each once; the required
                constraints it leaves out come after them, optional ones
                are passed over.

        Returns:
            This iterator.

        Raises:
            KeyError: If a constraint is not one of the problem's.
            TypeError: If `constraints` is a string (its characters are not
                taken for constraints), or a constraint is not hashable.
        """
        self._sweep_ids(constraints, strict=True)
        return self

    def _sweep_ids(self, constraints: Iterable[Hashable], *, strict: bool) -> None:
        """`sweep_order`, passing over the constraints that are not the
        problem's unless `strict` (for builders whose order may name cells
        no choice covers)."""
        if isinstance(constraints, (str, bytes)):
            raise TypeError(
                "the sweep order must be an iterable of constraints, not a "
                f"{type(constraints).__name__} {_describe(constraints)}"
            )
        names, _ = self._names()
        index = {c: k for k, c in enumerate(names)}
        ids: list[int] = []
        for c in constraints:
            try:
                k = index.get(c)
            except TypeError:
                raise TypeError(f"constraint {_describe(c)} is not hashable") from None
            if k is None:
                if strict:
                    raise KeyError(f"constraint {_describe(c)} is not one of the problem's")
                continue
            ids.append(k)
        try:
            self._solver.set_sweep_order(ids)
        except RuntimeError as error:
            raise _busy(self, error) from None

    def colors(self, solution: Iterable[C]) -> dict[Hashable, Hashable]:
        """The colors a solution gives its colored constraints.

        >>> cover = ExactCover({'a': {1: None, 'x': 'red'}, 'b': {2: None, 'x': 'red'},
        ...                     'c': {2: None, 'x': 'blue'}}, secondary=['x'])
        >>> [cover.colors(s) for s in cover]
        [{'x': 'red'}]

        Args:
            solution: A solution (or any choices) of this problem.

        Returns:
            A dict from each constraint that the choices color to its color.

        Raises:
            KeyError: If an element is not one of the choices (it gave no
                color, and so no sign of the mistake).
            TypeError: If an element is not hashable, or `solution` is a str
                that is one of the choices (pass `[choice]`).
        """
        out: dict[Hashable, Hashable] = {}
        colored = self._colored
        constraints = self._source[0]
        check_not_one_choice("solution", solution, constraints)
        for choice in solution:
            try:
                pairs = colored.get(choice)
                known = pairs is not None or choice in constraints
            except TypeError:
                raise TypeError(f"choice {_describe(choice)} is not hashable") from None
            if not known:
                raise KeyError(f"choice {_describe(choice)} is not one of the choices")
            if pairs:
                out.update(pairs)
        return out

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__}: {len(self._labels)} choices, "
            f"{self._n_constraints} constraints, {self._state()}>"
        )


# Another name of `Cover`, kept for code that imports it.
_Cover = Cover


def _map_constraints(
    constraints: Mapping[Any, Iterable[Hashable]],
) -> tuple[list[list[int]], dict[Hashable, int]]:
    """Map each choice's constraints to dense ids, numbered in order of first
    appearance.

    Returns:
        The options as lists of ids, and the numbering.

    Raises:
        TypeError: If a choice's constraints are not an iterable of hashable
            objects (the message names the choice).
    """
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


#: Iterables of constraints that are surely not mappings (so no colors).
_PLAIN = frozenset({list, tuple, set, frozenset})


def _reiterable(constraints: Mapping[C, Iterable[Hashable]]) -> Mapping[C, Iterable[Hashable]]:
    """`constraints`, or where a choice's constraints are a one-shot iterator
    (a generator, `iter(...)`, `map(...)`) a copy with those read into lists.

    The problem is made again from the mapping later (`verify()`, `to_cnf()`,
    `sweep_order()`, `cheapest()`, a distributed count), which an iterator
    read once already cannot give: they found no constraints, and said the
    mapping had changed.

    Raises:
        TypeError: If a choice's constraints are a string (or bytes), whose
            characters would be taken for its constraints.
    """
    # The types of the values, in C: a test per choice would cost more.
    kinds = set(map(type, constraints.values())) - _PLAIN
    if any(issubclass(kind, (str, bytes)) for kind in kinds):
        # A string would be iterated: 'xy' stood for the constraints 'x' and 'y'.
        choice, cons = next(
            (choice, cons) for choice, cons in constraints.items() if isinstance(cons, (str, bytes))
        )
        raise TypeError(
            f"the constraints of choice {_describe(choice)} must be an iterable of "
            f"constraints, not a {type(cons).__name__} {_describe(cons)}: pass "
            f"[{_describe(cons)}] for one constraint"
        )
    if not any(issubclass(kind, Iterator) for kind in kinds):
        return constraints
    return {
        choice: list(cons) if isinstance(cons, Iterator) else cons
        for choice, cons in constraints.items()
    }


def _map_colors(
    constraints: Mapping[C, Iterable[Hashable]],
) -> tuple[list[tuple[int, int, int]], dict[C, list[tuple[Hashable, Hashable]]]]:
    """Colors given by choices whose constraints are a mapping from constraint
    to color (None: no color).

    Returns:
        `(option, position, color id)` triples for the native solver, and
        each colored choice's `(constraint, color)` pairs.

    Raises:
        TypeError: If a color is not hashable.
        ExactCoverError: If there are too many distinct colors.
    """
    triples: list[tuple[int, int, int]] = []
    colored: dict[C, list[tuple[Hashable, Hashable]]] = {}
    color_ids: dict[Hashable, int] = {}
    for k, (choice, cons) in enumerate(constraints.items()):
        # The exact-type test first: isinstance against the Mapping ABC
        # costs a microsecond a choice, a third of building a problem.
        if type(cons) in _PLAIN or not isinstance(cons, Mapping):
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
        raise problem_error("too many distinct colors", "too_large")
    return triples, colored


def _constraint_set(name: str, constraints: Iterable[Hashable] | None) -> list[Hashable]:
    """Materialize a user's iterable of constraints (`name` is the argument),
    checking hashability.

    Raises:
        TypeError: If it is not an iterable (or is a string), or a constraint
            is not hashable.
    """
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
    """The count `given` for `constraint`, checked.

    Raises:
        ExactCoverError: If it is not a non-negative integer that fits 32 bits.
    """
    count = _integer(given)
    if count is None:
        raise problem_error(
            f"count for constraint {_describe(constraint)} must be a non-negative "
            f"integer, not {_describe(given)}",
            "invalid_bounds",
            item=constraint,
        )
    if count < 0:
        raise problem_error(
            f"count for constraint {_describe(constraint)} must be non-negative, not {count}",
            "invalid_bounds",
            item=constraint,
        )
    if count > _MAX_COUNT:
        raise problem_error(
            f"count for constraint {_describe(constraint)} is too large ({count} > {_MAX_COUNT})",
            "too_large",
            item=constraint,
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
    `secondary` are relaxed: they may be satisfied at most once (Knuth's
    secondary items, as in the generalized exact cover of the 8-queens
    problem, whose diagonals need not all be occupied).

    Solutions are lists of choices, initial choices first, then in the order
    the search made them. The search runs in Rust (Knuth's Dancing Links with
    the "minimum remaining values" heuristic, or a bitset engine where the
    problem fits it and it pays: see `engine`); it can be interrupted with
    Ctrl-C, and the iterator can be dropped at any point. For example:

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

    Constraints are otherwise only known from the choices, so a constraint
    that no choice satisfies would go unnoticed: list it in `primary` (e.g.
    the cells of a board), and there is no solution.

    >>> ExactCover({'A': [1], 'B': [2]}, primary=[1, 2, 3]).count()
    0

    Colors (Knuth's XCC): a choice's constraints may be given as a mapping
    from constraint to *color* (any hashable; None for no color) instead of a
    plain iterable. Choices that give a secondary constraint the same color
    are compatible, any number of them; a different color, or no color,
    conflicts. `colors(solution)` tells the colors a solution chose:

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

    Args:
        constraints: A map from each choice to an iterable of the constraints
            satisfied by that choice (or to a mapping from each of those
            constraints to its color); not a string, whose characters would
            pass for constraints: `['xy']` is the one constraint `'xy'`.
        initial: Choices that must appear in every solution (default, or
            None: none).
            Contradictory initial choices give no solutions.
        random: Generate solutions in a random order: True or False (None
            is False).
        secondary: Constraints that may be satisfied at most once instead of
            exactly once. A choice all of whose constraints are secondary is
            never chosen by the search (unless it is an initial choice).
        primary: Constraints that must be satisfied exactly once even if no
            choice lists them (then there is no solution).
        seed: An integer: generate solutions in a random order reproducible
            from this seed (implies `random=True`).
        engine: The search engine: `"auto"` (the default: the bitset engine
            where the problem fits it and it pays, else dancing links; see
            the README's "Engines"), `"bitset"` or `"dlx"` (dancing links).
            `stats["engine"]` tells which one searches.

    Raises:
        TypeError: If `constraints` is not a mapping, a choice's constraints
            are not an iterable (or are a string), `initial` is not an
            iterable (or is a string that names one choice), `random` is not
            True or False (or None), `seed` is not an integer, or a
            constraint, a color or an initial choice is not hashable.
        KeyError: If an initial choice is not one of the choices.
        ValueError: If `engine` is not `"auto"`, `"bitset"` or `"dlx"`.
        ExactCoverError: If `engine="bitset"` and the problem does not fit
            the bitset engine (counts other than 1, colors, too many
            choices), or the problem is malformed: a choice with no
            constraints, a choice that lists a constraint twice, a constraint
            both primary and secondary, a color on a constraint that is not
            secondary.
    """

    __slots__ = ()

    def __init__(
        self,
        constraints: Mapping[C, Iterable[Hashable]],
        initial: Iterable[C] | None = (),
        random: bool = False,
        *,
        secondary: Iterable[Hashable] | None = None,
        primary: Iterable[Hashable] | None = None,
        seed: int | None = None,
        engine: str = "auto",
    ) -> None:
        relaxed = _constraint_set("secondary", secondary)
        required = _constraint_set("primary", primary)
        if required:
            both = set(required).intersection(relaxed)
            if both:
                culprit = next(iter(both))
                raise problem_error(
                    f"constraint {_describe(culprit)} is both primary and secondary",
                    "invalid_bounds",
                    item=culprit,
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

        super().__init__(constraints, initial, random, seed, item_kinds, engine)


class MultiCover(Cover[C]):
    """An iterator that yields solutions to an EXACT COVER problem with
    multiplicity.

    Choices and constraints are any hashable Python objects, as for
    `ExactCover`. Some of the constraints are required (must be satisfied)
    and the others optional (may be satisfied). Each constraint c has a
    multiplicity `counts[c]` (default 1).

    A solution is a list of distinct choices such that each required
    constraint c is satisfied by exactly `counts[c]` of them, and each
    optional constraint by at most `counts[c]` of them. In Knuth's terms a
    required constraint is a primary item with bounds k..k and an optional one
    a secondary item with bounds 0..k; the search branches only on required
    constraints, so a choice that satisfies no required constraint never
    appears in a solution (unless it is an initial choice). For example:

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

    An empty `satisfy` requires no constraint (None, the default, requires
    them all): the one solution takes no choice but the initial ones, since
    the search branches only on required constraints.

    >>> list(MultiCover(data, satisfy=[])), list(MultiCover(data, ['E'], satisfy=[]))
    ([[]], [['E']])

    Args:
        constraints: A map from each choice to an iterable of constraints
            satisfied by that choice (or to a mapping from each of those
            constraints to its color, as for `ExactCover`).
        initial: Choices that must appear in every solution (default, or
            None: none).
        random: Generate solutions in a random order: True or False (None
            is False).
        counts: A map from constraint to the number of times that constraint
            must be satisfied (a non-negative integer; 0 forbids every choice
            that satisfies it). By default all constraints must be satisfied
            exactly once. Counts for constraints that no choice satisfies are
            allowed: a required one then has no solutions, an optional one
            is ignored.
        satisfy: The constraints that must be satisfied (default, or None:
            all constraints); the others are optional. An empty iterable
            requires none.
        seed: An integer: generate solutions in a random order reproducible
            from this seed (implies `random=True`).
        engine: The search engine: `"auto"` (the default: the bitset engine
            where the problem fits it and it pays, else dancing links; see
            the README's "Engines"), `"bitset"` or `"dlx"` (dancing links).
            `stats["engine"]` tells which one searches.

    Raises:
        TypeError: If `constraints` or `counts` is not a mapping, a choice's
            constraints are not an iterable (or are a string), `initial` is
            not an iterable (or is a string that names one choice), `random`
            is not True or False (or None), `seed` is not an integer, or a
            constraint, a color or an initial choice is not hashable.
        KeyError: If an initial choice is not one of the choices.
        ValueError: If `engine` is not `"auto"`, `"bitset"` or `"dlx"`.
        ExactCoverError: If `engine="bitset"` and the problem does not fit
            the bitset engine (counts other than 1, colors, too many
            choices), or the problem is malformed: a count that is not a
            non-negative integer (or does not fit 32 bits), a choice with no
            constraints, a choice that lists a constraint twice, a color on a
            constraint that is not optional with count 1.
    """

    __slots__ = ()

    def __init__(
        self,
        constraints: Mapping[C, Iterable[Hashable]],
        initial: Iterable[C] | None = (),
        random: bool = False,
        counts: Mapping[Any, int] | None = None,
        satisfy: Iterable[Hashable] | None = None,
        *,
        seed: int | None = None,
        engine: str = "auto",
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

        super().__init__(constraints, initial, random, seed, item_kinds, engine)
