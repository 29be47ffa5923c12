"""The solution graph: every solution of a problem in one DAG, to count, list
and draw uniformly at random without searching again.

Made by `ExactCover(...).solution_graph()` (or `MultiCover`'s). The graph
is the memo of a memoized count kept whole: one node per distinct sub-problem
the search met, one edge per choice that leads to solutions, and the number of
solutions below every node (Knuth's ZDD of the solutions). Its size is the
number of distinct sub-problems, often far smaller than the number of
solutions: the 2,444,888,770,250,892,795,802,079,170,816 domino tilings of a
16 x 16 board fit in about 1.4 million nodes.

Memory: about 48 bytes per node and 8 per edge (`nbytes` says exactly);
building it takes as much again for the memo, freed afterwards.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from copy import deepcopy as _deepcopy
from typing import Any, Generic, TypeVar, overload

from . import _native
from ._arguments import U64_MAX, optional_whole, whole
from ._arguments import seed as _seed
from ._machine import memory as machine_memory
from .costs import Costs, cost_list, weight_list

__all__ = ["SolutionGraph"]

C = TypeVar("C")


#: The memory a sample takes at the peak of `sample(k)` (bytes): its
#: option ids in the core, then as a Python list of ints, then as the list
#: of its choices, each of these lists with its header, and each choice 32
#: bytes more (its id's int object where the id is past Python's cached
#: ints, 256). Measured peaks (ru_maxrss over k samples): 192 bytes a
#: sample of 1.5 choices, 494 of 12 (queens 12), 5,689 of 160 (dominoes
#: 8 x 40, 592 choices); this sizing is 10-70% above each.
_SAMPLE_BYTES = 160
_CHOICE_BYTES = 32
_INT_BYTES = 32
_CACHED_INTS = 257

#: The deepest recursion of graphillion's ZDD operations (SAPPOROBDD's
#: BDD_RecurLimit, 0x2000): one level per element, so the most distinct
#: choices a family may hold. Past it the C library exits the process.
_SETSET_DEPTH = 8192


class SolutionGraph(Generic[C]):
    """All the solutions of a problem as a DAG (see the module documentation).

    Made by `solution_graph()` of an `ExactCover` or a `MultiCover`, not
    built directly. A graph never changes: `copy.copy` and `copy.deepcopy`
    share its nodes (a deep copy copies the choices); it cannot be pickled.

    >>> from exactcover import ExactCover
    >>> # Domino tilings of a 2 x 3 board.
    >>> cells = [(r, c) for r in range(2) for c in range(3)]
    >>> dominoes = {(a, b): [a, b] for a in cells for b in cells
    ...             if a < b and abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1}
    >>> graph = ExactCover(dominoes).solution_graph()
    >>> graph.count
    3
    >>> sorted(sorted(s) for s in graph) == sorted(sorted(s) for s in ExactCover(dominoes))
    True
    >>> graph.sample(seed=1) in [s for s in graph]
    True

    Args:
        graph: The native graph.
        choices: The problem's choices, by option id.
    """

    __slots__ = ("_graph", "_choices", "_index")

    def __init__(self, graph: _native.SolutionGraph, choices: list[C]) -> None:
        self._graph = graph
        self._choices = choices
        # Each choice's option id, made by the first `in`.
        self._index: dict[Any, int] | None = None

    # The native graph is frozen (no method changes it: a sample takes its
    # seed, an iteration its own cursor), so copies share it.

    def __copy__(self) -> SolutionGraph[C]:
        """The same graph: the native graph and the choices are shared."""
        return SolutionGraph(self._graph, self._choices)

    def __deepcopy__(self, memo: dict[int, Any]) -> SolutionGraph[C]:
        """The same graph, with copies of the choices (the native graph,
        frozen, is shared)."""
        clone = SolutionGraph(self._graph, _deepcopy(self._choices, memo))
        memo[id(self)] = clone
        return clone

    def __reduce__(self) -> Any:
        raise TypeError(
            "a SolutionGraph cannot be pickled: pickle the problem and build its "
            "solution_graph() again (or to_zdd(), its text)"
        )

    @property
    def count(self) -> int:
        """The number of solutions (an exact int, of any size)."""
        return self._graph.count

    @property
    def num_nodes(self) -> int:
        """Number of nodes (distinct sub-problems with solutions), the sink
        included; 0 when there is no solution."""
        return self._graph.num_nodes

    @property
    def num_edges(self) -> int:
        """Number of edges (choices that lead to solutions)."""
        return self._graph.num_edges

    @property
    def nbytes(self) -> int:
        """Bytes the graph takes in memory."""
        return self._graph.nbytes

    def __iter__(self) -> Iterator[list[C]]:
        """Iterate over the solutions, each once, without searching again.

        Yields:
            Each solution as a list of choices (initial choices first), in
            the order of the search.
        """
        choices = self._choices
        for ids in self._graph.solutions():
            yield [choices[k] for k in ids]

    def __contains__(self, solution: object) -> bool:
        """Whether some choices, in any order, are one of the solutions
        (initial choices included): one walk of the graph along the edges
        of those choices, without listing the solutions.

        >>> from exactcover import ExactCover
        >>> graph = ExactCover({'A': [1, 2], 'B': [1], 'C': [2], 'D': [1, 2]}).solution_graph()
        >>> ['C', 'B'] in graph, ['B'] in graph, ['A', 'D'] in graph
        (True, False, False)

        Args:
            solution: The choices: an iterable other than a str.

        Returns:
            True if they are exactly the choices of one solution; False
            otherwise, as for a str, a choice repeated or an object that is
            not one of the choices.
        """
        if isinstance(solution, (str, bytes)) or not isinstance(solution, Iterable):
            return False
        if self._index is None:
            self._index = {choice: k for k, choice in enumerate(self._choices)}
        ids = []
        for choice in solution:
            try:
                k = self._index.get(choice)
            except TypeError:  # unhashable: no choice
                return False
            if k is None:
                return False
            ids.append(k)
        return self._graph.contains(ids)

    @overload
    def sample(
        self, k: None = None, *, seed: int | None = None, weights: Costs | None = None
    ) -> list[C]: ...
    @overload
    def sample(
        self, k: int, *, seed: int | None = None, weights: Costs | None = None
    ) -> list[list[C]]: ...
    def sample(
        self, k: int | None = None, *, seed: int | None = None, weights: Costs | None = None
    ) -> Any:
        """Random solutions: every solution equally likely (by default), or
        drawn with probability proportional to the product of its choices'
        `weights`.

        >>> from exactcover import ExactCover
        >>> graph = ExactCover({'A': [1, 2], 'B': [1], 'C': [2], 'D': [1, 2]}).solution_graph()
        >>> graph.sample(seed=7, weights={'A': 0, 'B': 1, 'C': 1, 'D': 0})
        ['B', 'C']

        Args:
            k: How many solutions to draw, independently (None: one).
            seed: Any int, to make the draw reproducible; without it the
                solutions differ from call to call.
            weights: Each choice's weight (nonnegative, finite): a mapping
                from every choice, or a function of the choice. The uniform
                draw is exact; the weighted one is exact up to the rounding
                of floats.

        Returns:
            With no `k`, one solution (a list of choices); with `k`, a list of
            `k` solutions.

        Raises:
            ValueError: If `k` is negative or its samples could not fit in
                the machine's memory, the problem has no solution, or every
                solution weighs 0.
            TypeError: If `k` or `seed` is not an integer, or a weight is
                not a number.
        """
        k = optional_whole("k", k, minimum=0)
        seed = _seed(True, optional_whole("seed", seed))
        assert seed is not None  # random=True always gives a seed
        if self.count == 0:
            raise ValueError("the problem has no solution to sample")
        if k is not None:
            self._check_room(k, weighted=weights is not None)
        choices = self._choices
        if weights is None:
            drawn = self._graph.sample(1 if k is None else k, seed)
        else:
            values = weight_list(weights, choices)
            # One draw at least: the core passes over the weights of the
            # initial choices (in every solution), so a draw that holds a
            # choice of weight 0 says that every solution weighs 0.
            weighted = self._graph.sample_weighted(values, max(1, 1 if k is None else k), seed)
            if weighted is None or any(values[i] == 0 for i in weighted[0]):
                raise ValueError("every solution weighs 0: there is none to sample")
            drawn = weighted[: 1 if k is None else k]
        solutions = [[choices[i] for i in ids] for ids in drawn]
        return solutions[0] if k is None else solutions

    def _check_room(self, k: int, *, weighted: bool) -> None:
        """Refuses `k` samples whose lists could not fit in the machine's
        memory: asked of the core, they would fail to allocate (a crash) or
        take the machine's memory (the kernel kills the process)."""
        room = machine_memory()
        if room is None or k * _SAMPLE_BYTES <= room // 64:
            return  # far from it: the sizes of the solutions need no census
        sizes = {s: n for s, n in enumerate(self._graph.counts_by_size()) if n}
        # Uniform samples are as long as the solutions on average; weighted
        # ones may all be of the longest.
        if weighted:
            length = float(max(sizes))
        else:
            length = sum(s * n for s, n in sizes.items()) / sum(sizes.values())
        options = len(self._choices)
        uncached = max(0, options - _CACHED_INTS) / options if options else 0.0
        each = _SAMPLE_BYTES + length * (_CHOICE_BYTES + _INT_BYTES * uncached)
        need = round(k * each)
        if need > room:
            raise ValueError(
                f"k of {k:,} samples would take about {need:,} bytes (about "
                f"{round(each):,} a sample of {length:.3g} choices), more than "
                f"the {room:,} of this machine"
            )

    def cheapest(self, costs: Costs, k: int | None = None) -> Any:
        """The cheapest solutions, each costing the sum of its choices' costs:
        a shortest path of the DAG, and for `k` of them a best-first walk
        whose estimate (the least cost below each node) is exact, without
        listing the other solutions.

        >>> from exactcover import ExactCover
        >>> graph = ExactCover({'A': [1, 2], 'B': [1], 'C': [2], 'D': [1, 2]}).solution_graph()
        >>> graph.cheapest({'A': 3, 'B': 1, 'C': 1.5, 'D': 2}, 2)
        [(2.0, ['D']), (2.5, ['B', 'C'])]

        Args:
            costs: Each choice's cost: a mapping from every choice, or a
                function of the choice; nonnegative ints (summed exactly) or
                floats.
            k: How many solutions (None: the cheapest one alone).

        Returns:
            With no `k`, `(cost, solution)` for a cheapest solution (None if
            there is none); with `k`, a list of at most `k` such pairs,
            cheapest first, equal costs in the order of `iter(graph)`.

        Raises:
            TypeError: If `costs` is not a mapping or a function, or a cost
                is not a number.
            ValueError: If a cost is negative or not finite, the costs add
                up past 2**64 - 1 (ints) or the largest float (floats) over
                all the choices, or `k` is negative.
        """
        # k beyond U64_MAX asks for more solutions than memory could hold: all
        # of them, as a smaller k beyond the count does (the native k is 64-bit).
        n = 1 if k is None else min(whole("k", k, minimum=0), U64_MAX)
        choices = self._choices
        best = self._graph.cheapest(cost_list(costs, choices), n)
        pairs = [(cost, [choices[i] for i in ids]) for cost, ids in best]
        if k is None:
            return pairs[0] if pairs else None
        return pairs

    def counts_by_cost(self, costs: Costs) -> dict[int, int]:
        """The number of solutions of each total cost, computed on the graph
        without listing them (the generating function of Knuth's
        `zddread -gf`), exactly.

        >>> from exactcover import ExactCover
        >>> graph = ExactCover({'A': [1, 2], 'B': [1], 'C': [2], 'D': [1, 2]}).solution_graph()
        >>> graph.counts_by_cost({'A': 2, 'B': 1, 'C': 1, 'D': 3})
        {2: 2, 3: 1}

        Args:
            costs: Each choice's cost, a nonnegative int: a mapping from
                every choice, or a function of the choice.

        Returns:
            A dict from each total cost that some solution has to the number
            of such solutions, by increasing cost.

        Raises:
            TypeError: If `costs` is not a mapping or a function, or a cost
                is not an int.
            ValueError: If a cost is negative, or the costs add up past
                2**64 - 1.
        """
        ints = cost_list(costs, self._choices, integers=True)
        return dict(self._graph.counts_by_cost(ints))

    def counts_by_size(self) -> dict[int, int]:
        """The number of solutions with each number of choices, computed on
        the graph without listing them, exactly.

        >>> from exactcover import ExactCover
        >>> graph = ExactCover({'A': [1, 2], 'B': [1], 'C': [2], 'D': [1, 2]}).solution_graph()
        >>> graph.counts_by_size()
        {1: 2, 2: 1}

        Returns:
            A dict from each size that some solution has (initial choices
            included) to the number of such solutions, by increasing size.
        """
        return {size: n for size, n in enumerate(self._graph.counts_by_size()) if n}

    def to_zdd(self) -> str:
        """The graph as a ZDD in the text format of Knuth's ZDD tools (what
        his `dlx6` writes and `zddread` reads): one line `id: (~v?lo:hi)` per
        node, ids in hexadecimal, `v` the choice's index (its position in
        the problem's choices), `lo` the family without it, `hi` the sets
        with it; ids 0 and 1 are the sinks (no set; the empty set). Lines
        come children first, the root last.

        Each node of this graph becomes a chain of ZDD nodes, one per branch.
        The diagram is not ordered in general (the search chose its
        constraints by the fewest choices, not in a fixed order): its paths
        are exactly the solutions, but tools that need an ordered ZDD must
        reorder it.

        Returns:
            The text (empty when there is no solution, or when the one
            solution takes no choice).
        """
        return self._graph.zdd_text()

    def to_setset(self) -> Any:
        """The solutions as a graphillion `setset` (a family of sets kept as
        a ZDD, with graphillion's algebra: unions, intersections, `supersets`,
        `min_iter` by weights, ...): each solution becomes the set of its
        choices. Needs graphillion (`pip install 'exactcover-dlx[graphillion]'`).

        Built from `to_zdd()` with graphillion's own operations, one union and
        one element added per line of that text, never by listing the
        solutions. graphillion keeps one universe of elements for the whole
        process: the choices not yet in it are added to it (after those
        already there), so they must be hashable objects that are not sets.

        >>> from exactcover import ExactCover
        >>> cover = ExactCover({'A': [1, 2], 'B': [1], 'C': [2]})
        >>> family = cover.solution_graph().to_setset()  # doctest: +SKIP
        >>> sorted(sorted(s) for s in family)  # doctest: +SKIP
        [['A'], ['B', 'C']]

        Returns:
            A `graphillion.setset` holding exactly the solutions.

        Raises:
            ImportError: If graphillion is not installed.
            TypeError: If a choice is a set or a frozenset (graphillion would
                take it for a set of elements).
            ValueError: If the solutions use more than 8,192 distinct
                choices: graphillion's ZDD operations recurse once per
                element, and past 8,192 levels its C library ends the
                process (exit status 1) instead of raising. Checked before
                graphillion's universe is touched.
        """
        try:
            from graphillion import setset  # type: ignore[import-untyped, import-not-found, unused-ignore]
        except ImportError as error:
            raise ImportError(
                "SolutionGraph.to_setset() needs graphillion: "
                "pip install 'exactcover-dlx[graphillion]'"
            ) from error
        choices = self._choices
        if any(isinstance(choice, (set, frozenset)) for choice in choices):
            raise TypeError("graphillion takes sets for families: choices must not be sets")
        nodes: list[tuple[int, int, int, int]] = []
        for line in self.to_zdd().splitlines():
            # `id: (~v?lo:hi)`: the sets of `lo`, and those of `hi` with v.
            ident, rest = line.split(": (~")
            v, rest = rest.split("?")
            without, with_ = rest.rstrip(")").split(":")
            nodes.append((int(ident, 16), int(v), int(without, 16), int(with_, 16)))
        # Every node leads to a solution, so its variables are the family's
        # elements, as many as the deepest recursion of a union of its parts.
        support = len({var for _, var, _, _ in nodes})
        if support > _SETSET_DEPTH:
            raise ValueError(
                f"the solutions use {support:,} distinct choices, more than the "
                f"{_SETSET_DEPTH:,} that graphillion's ZDD operations can recurse "
                "through (past that depth its C library ends the process)"
            )
        families: dict[int, Any] = {0: setset(), 1: setset([set()])}
        root = 0
        for root, var, lo, hi in nodes:
            with_v = families[hi].copy()
            with_v.add(choices[var])
            families[root] = families[lo] | with_v
        if root == 0 and self.count:
            # No line: the one solution takes no choice.
            return families[1]
        return families[root]

    def __repr__(self) -> str:
        return (
            f"<SolutionGraph: {self.count} solutions, {self.num_nodes} nodes, "
            f"{self.num_edges} edges, {self.nbytes} bytes>"
        )
