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

from collections.abc import Iterator
from typing import Any, Generic, TypeVar, overload

from . import _native
from ._arguments import optional_whole
from ._arguments import seed as _seed

__all__ = ["SolutionGraph"]

C = TypeVar("C")


class SolutionGraph(Generic[C]):
    """All the solutions of a problem as a DAG (see the module documentation).

    Made by `solution_graph()` of an `ExactCover` or a `MultiCover`, not
    built directly.

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

    __slots__ = ("_graph", "_choices")

    def __init__(self, graph: _native.SolutionGraph, choices: list[C]) -> None:
        self._graph = graph
        self._choices = choices

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

    @overload
    def sample(self, k: None = None, *, seed: int | None = None) -> list[C]: ...
    @overload
    def sample(self, k: int, *, seed: int | None = None) -> list[list[C]]: ...
    def sample(self, k: int | None = None, *, seed: int | None = None) -> Any:
        """Uniformly random solutions: every solution is equally likely.

        Args:
            k: How many solutions to draw, independently (None: one).
            seed: Any int, to make the draw reproducible; without it the
                solutions differ from call to call.

        Returns:
            With no `k`, one solution (a list of choices); with `k`, a list of
            `k` solutions.

        Raises:
            ValueError: If `k` is negative, or the problem has no solution.
            TypeError: If `k` or `seed` is not an integer.
        """
        k = optional_whole("k", k, minimum=0)
        seed = _seed(True, optional_whole("seed", seed))
        assert seed is not None  # random=True always gives a seed
        if self.count == 0:
            raise ValueError("the problem has no solution to sample")
        choices = self._choices
        drawn = self._graph.sample(1 if k is None else k, seed)
        solutions = [[choices[i] for i in ids] for ids in drawn]
        return solutions[0] if k is None else solutions

    def __repr__(self) -> str:
        return (
            f"<SolutionGraph: {self.count} solutions, {self.num_nodes} nodes, "
            f"{self.num_edges} edges, {self.nbytes} bytes>"
        )
