"""Type stubs of the native module (the PyO3 binding of the Rust core).

Users should not need this module: use :class:`exactcover.ExactCover` and
:class:`exactcover.MultiCover`, which map hashable objects to these ids.
"""

from typing import Any, Callable, final

__all__ = [
    "DlxFormatError",
    "DlxProblem",
    "ExactCoverError",
    "GraphSolutions",
    "LentMemo",
    "MemoPool",
    "SolutionGraph",
    "Solver",
    "__version__",
    "cheapest",
    "max_threads",
    "parse_dlx",
]

__version__: str

class ExactCoverError(ValueError):
    """An exact cover problem is malformed (a ValueError).

    ``kind`` names the kind of error (``"empty_option"``,
    ``"duplicate_item"``, ``"color_on_item"``, ``"dlx"``, ...), ``option`` and
    ``item`` the option and item at fault: ids when raised here, the user's
    own choice and constraint (or option index and item name) once the
    façade has restated the error; None where there is none."""

    kind: str | None
    option: Any
    item: Any

class DlxFormatError(ExactCoverError):
    """A text in Knuth's DLX format is malformed; ``line`` is its 1-based line
    (None when not reading a text), ``reason`` says why."""

    line: int | None
    reason: str | None

def max_threads() -> int:
    """The threads a count runs on at most in this process: the CPUs it may
    run on and its cgroup's CPU quota (a container's CPU limit)."""

def parse_dlx(text: str, strict: bool = False) -> DlxProblem:
    """Read DLX text (Knuth's syntax and limits exactly if ``strict``)."""

def cheapest(
    items: list[tuple[bool, int, int]],
    options: list[list[int]],
    forced: list[int],
    costs: list[int] | list[float],
    k: int,
    colors: list[tuple[int, int, int]] | None = None,
    excluded: list[int] = ...,
) -> tuple[list[tuple[Any, list[int]]], int]:
    """The ``k`` cheapest solutions containing the ``forced`` options and
    none of the ``excluded`` ones, by branch and bound: (cost, option ids),
    and the search-tree nodes visited."""

@final
class DlxProblem:
    """A problem in Knuth's DLX format: named items, options whose entries
    are an item and maybe a color."""

    def __new__(
        cls,
        items: list[tuple[str, bool, int, int]],
        options: list[list[tuple[int, str | None]]],
        costs: list[int] | None = None,
    ) -> DlxProblem:
        """items: (name, primary, lo, hi), primary ones first; options: lists
        of (item index, color or None), checked as the reader checks them."""
    @staticmethod
    def parse(text: str, strict: bool = False) -> DlxProblem:
        """Read DLX text (Knuth's syntax and limits exactly if ``strict``)."""
    def __len__(self) -> int:
        """The number of options kept."""
    @property
    def items(self) -> list[tuple[str, bool, int, int]]:
        """The items as (name, primary, lo, hi), primary ones first."""
    @property
    def options(self) -> list[list[int]]:
        """The options kept, as lists of item indices."""
    @property
    def colors(self) -> dict[tuple[int, int], str]:
        """(option, position) -> color, for the colored entries."""
    @property
    def lines(self) -> list[int | None]:
        """The line of each option kept (None when not read from a text)."""
    @property
    def dropped(self) -> list[int]:
        """The options dropped for want of a primary item: their lines, or
        their positions among the options given."""
    @property
    def uses_colors(self) -> bool:
        """Does an option give an item a color?"""
    @property
    def costs(self) -> list[int]:
        """The cost of each option kept (dlx5's ``|n`` entries, summed)."""
    def option_text(self, k: int) -> str:
        """Option ``k`` as a line of the DLX format."""
    def to_dlx(self) -> str:
        """The problem as DLX text, every line ending in a newline."""
    def same_as(self, other: DlxProblem) -> bool:
        """The same items and options (lines and dropped options aside)."""

@final
class Solver:
    """A dancing-links search over options given as lists of item ids."""

    def __new__(
        cls,
        items: list[tuple[bool, int, int]],
        options: list[list[int]],
        seed: int | None = None,
        colors: list[tuple[int, int, int]] | None = None,
        engine: str = "auto",
    ) -> Solver:
        """items: (primary, lo, hi) per item id; options: lists of item ids;
        seed: shuffle the search order reproducibly (None: input order);
        colors: (option, position, color id) for the colored entries;
        engine: "auto", "bitset" or "dlx" (ValueError for another value,
        ExactCoverError if "bitset" does not fit the problem)."""
    def copy(self) -> Solver:
        """An independent copy of this solver, at the same point of the search."""
    def split(self, min_subtrees: int) -> list[tuple[list[int], list[int]]]:
        """At least ``min_subtrees`` subtrees (fewer if the tree is small), each
        as (forced option ids, excluded option ids)."""
    def remainder(self) -> list[tuple[list[int], list[int]]] | None:
        """What is still to explore, as (forced ids, excluded ids) subtrees;
        None while threads hold the search."""
    def restrict(self, forced: list[int], excluded: list[int]) -> bool:
        """Force and exclude a subtree's options; False if it has no solutions."""
    def force(self, option: int) -> bool:
        """Require an option in every solution; False if that contradicts the
        options forced before."""
    @staticmethod
    def from_dlx(problem: DlxProblem, seed: int | None = None, engine: str = "auto") -> Solver:
        """The solver of a DLX problem: option k is the problem's option k;
        ``engine`` as for the constructor."""
    def next_solution(self, seconds: float | None = None) -> tuple[bool, list[int] | None]:
        """Search for the next solution, for about ``seconds`` if given:
        (True, option ids), (True, None) when there are no more, (False,
        None) when time ran out."""
    def next_choices(self, choices: list[Any]) -> list[Any] | None:
        """The next solution as ``[choices[k] for k in its option ids]``, or
        None when there are no more."""
    def count(
        self,
        limit: int | None = None,
        threads: int = 1,
        seconds: float | None = None,
        progress: Callable[[dict[str, Any]], object] | None = None,
        interval: float = 0.2,
        memo: bool | None = None,
        memo_bytes: int = 1073741824,
        hash_bits: int = 64,
        nodes_per_slice: int | None = None,
        order: str = "auto",
    ) -> tuple[int, str]:
        """The one count: the remaining solutions (at most ``limit``),
        consumed, on ``threads`` threads, for about ``seconds``, calling
        ``progress`` with the figures so far (nodes, updates, solutions,
        subtrees_done, subtrees_pending, fraction) every ``interval``
        seconds, memoizing as ``memo`` says (None: when it pays), branching
        as ``order`` says ("auto": the sweep order where a short race says
        it beats MRV, "mrv" or "sweep"); (the exact count, "complete",
        "limit" or "stopped")."""
    def set_sweep_order(self, order: list[int]) -> None:
        """Item ids in the order that counts may sweep in (see ``count``'s
        ``order``)."""
    def set_order(self, order: str) -> None:
        """Puts the solver (not started) in the order ``order`` names
        ("mrv" or "sweep"; "auto" keeps its order), so that ``split`` and
        ``estimate`` cut and weigh the tree as a count in that order
        branches."""
    @property
    def sweep_order(self) -> list[int] | None:
        """The item ids of ``set_sweep_order``, or None if it was not
        called."""
    def settle_order(
        self, order: str, threads: int, memo_bytes: int = 1073741824, memo: bool | None = None
    ) -> str:
        """The order (``"mrv"`` or ``"sweep"``) that a count of everything
        from the root on ``threads`` threads would branch in, settled now as
        that count would settle it (``order``: ``"auto"``, whose race runs
        here, ``"mrv"`` or ``"sweep"``); ``threads`` is not capped at this
        machine's cores; ``memo`` as ``count()``'s (False: no race, the
        order stays). On a copy: the solver is left as that count would
        begin."""
    def next_on_threads(
        self, threads: int, seconds: float | None = None
    ) -> tuple[bool, list[int] | None]:
        """The next solution found on ``threads`` threads, waiting about
        ``seconds``: (True, option ids), (True, None) when there are no
        more, (False, None) when time ran out."""
    @property
    def threads_progress(self) -> dict[str, Any] | None:
        """The figures of the threads of ``next_on_threads`` while they run."""
    def stop_threads(self) -> None:
        """Stop the threads of ``next_on_threads``, keeping their work."""
    def count_or_split(
        self,
        seconds: float,
        max_entries: int = 1000000,
        memo: bool | None = None,
        memo_bytes: int = 1073741824,
    ) -> tuple[int, list[tuple[list[int], list[int]]]]:
        """Count for about ``seconds``, memoizing as ``count`` does;
        (solutions found, the unexplored rest as subtrees, empty when the
        search is over)."""
    def count_subtrees(
        self,
        subtrees: list[tuple[list[int], list[int]]],
        seconds: float | None = None,
        threads: int = 1,
        pool: MemoPool | None = None,
        memo: bool | None = None,
        memo_bytes: int = 1073741824,
        max_entries: int = 1000000,
        order: str = "auto",
        stop: Callable[[], object] | None = None,
    ) -> tuple[int, list[tuple[list[int], list[int]]], BaseException | None]:
        """Count the solutions in disjoint ``subtrees`` as one count on
        ``threads`` threads sharing them by work donation, for about
        ``seconds``, each thread with a memo of ``pool``, branching as
        ``order`` says ("mrv", "sweep"; "auto" keeps the solver's order);
        (solutions found, the unexplored rest as subtrees, the exception that
        stopped the count or None). ``stop``, called every few milliseconds,
        ends the count early (as ``seconds`` would) once it returns true.
        Only on a solver that has not started."""
    def take_memo(self) -> LentMemo | None:
        """The memo of this solver's exact count, to lend to another solver
        of the same problem, or None."""
    def lend_memo(self, memo: LentMemo, mode: bool | None = None) -> bool:
        """Start the next exact count with ``memo`` (from ``take_memo`` on a
        solver of the same problem); False if it could not be used."""
    @property
    def memo_verdict(self) -> bool | None:
        """True once the exact count keeps its memo, False once it counts
        without one, None before or while deciding."""
    @property
    def solutions_counted(self) -> int:
        """Solutions found or counted so far, exactly."""
    @property
    def memo_stats(self) -> dict[str, Any]:
        """The memo's figures: active, lookups, hits, entries, bytes,
        peak_bytes, evictions, evicted."""
    def solution_graph(self, max_bytes: int) -> SolutionGraph:
        """The graph of all solutions (before the search starts)."""
    @property
    def stats(self) -> dict[str, Any]:
        """Search-tree nodes, link updates and solutions so far (the
        solutions exact at any size), the engine ("bitset" or "dlx"), its
        order ("mrv" or "sweep"), and race_nodes, race_updates (the work of
        order="auto"'s race outside the tree that counted)."""
    @property
    def interrupted_count(self) -> int:
        """Solutions counted by the last count before Ctrl-C stopped it."""
    @property
    def exhausted(self) -> bool:
        """True once every solution has been visited."""
    def estimate(self, samples: int, seed: int) -> dict[str, Any]:
        """Knuth's estimate from ``samples`` random probes: a dict with samples,
        nodes, solutions, nodes_error, solutions_error and depth."""
    def choice_positions(self, levels: int) -> list[tuple[int, int]]:
        """(k, d) for each of the first ``levels`` levels: branch k of d."""

@final
class LentMemo:
    """The memo of one search, lent to another of the same problem."""

    @property
    def entries(self) -> int:
        """Sub-problems stored (0 once lent)."""

@final
class MemoPool:
    """The memos of the subtree counts of one problem in this process,
    kept between them: ``lend`` one to each task's solver before its count,
    ``take_back`` after. Thread-safe."""

    def __init__(self) -> None: ...
    def lend(self, solver: Solver, memo: bool | None = None) -> bool | None:
        """Lend ``solver`` (restricted, not started) a memo of the pool;
        return the ``memo`` argument to count it with."""
    def take_back(self, solver: Solver) -> None:
        """Take back the memo of ``solver``'s count and its verdict."""
    @property
    def verdict(self) -> bool | None:
        """True or False once a task found whether the memo pays."""
    @property
    def entries(self) -> int:
        """Sub-problems stored in the memos not lent now."""
    @property
    def bytes(self) -> int:
        """Bytes those memos take."""
    def clear(self) -> None:
        """Drop the memos and the verdict."""

@final
class SolutionGraph:
    """All the solutions of a problem as a DAG over option ids."""

    @property
    def count(self) -> int:
        """The number of solutions."""
    @property
    def num_nodes(self) -> int:
        """Number of nodes, the sink included."""
    @property
    def num_edges(self) -> int:
        """Number of edges."""
    @property
    def nbytes(self) -> int:
        """Bytes the graph takes."""
    def sample(self, k: int, seed: int) -> list[list[int]]:
        """``k`` uniformly random solutions as lists of option ids."""
    def cheapest(self, costs: list[int] | list[float], k: int) -> list[tuple[Any, list[int]]]:
        """The ``k`` cheapest solutions: (cost, option ids), cheapest first."""
    def counts_by_cost(self, costs: list[int]) -> list[tuple[int, int]]:
        """(cost, count) pairs by increasing cost."""
    def counts_by_size(self) -> list[int]:
        """The number of solutions of each size."""
    def contains(self, options: list[int]) -> bool:
        """Whether these option ids, in any order, are one of the solutions."""
    def sample_weighted(self, weights: list[float], k: int, seed: int) -> list[list[int]] | None:
        """``k`` solutions drawn in proportion to their weights; None if all weigh 0."""
    def zdd_text(self) -> str:
        """The graph in the text format of Knuth's ZDD tools."""
    def solutions(self) -> GraphSolutions:
        """An iterator over the solutions as lists of option ids."""

@final
class GraphSolutions:
    """An iterator over the solutions of a SolutionGraph (option ids)."""

    def __iter__(self) -> GraphSolutions: ...
    def __next__(self) -> list[int]: ...
