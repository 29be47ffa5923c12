"""Knuth's DLX text format: read it, solve it, write it.

The format is the input of Knuth's `dlx1`, `dlx2`, `dlx3` and `ssxcc`
programs (and of many other exact cover solvers):

```text
| comment lines start with a bar
A B C D E | F G          <- primary items | secondary items
C E F                    <- one option per line
A D G
```

Primary items may carry dlx3's bounds (`2|A`: exactly two options contain
A; `0:2|A`: at most two), and secondary items in options may carry dlx2's
colors (`X:1`). Options without a primary item are dropped, as Knuth's
programs drop them. The parsing is done in Rust (`exactcover::dlx_format`);
errors are `DlxFormatError` with the line number.

By default the reader is *permissive*: names of any length, colors of any
length, and a missing final newline are accepted. With `strict=True` it
accepts exactly what Knuth's programs accept (names of at most 8 bytes,
one-byte colors, every line ending in a newline, and their size limits).

>>> problem = parse_dlx('''\\
... | A simple example
... A B C D E | F G
... C E F
... A D G
... B C F
... A D
... B G
... D E G
... ''')
>>> problem.count()
1
>>> [problem.option_text(k) for k in sorted(next(iter(problem)))]
['C E F', 'A D', 'B G']
>>> print(problem.to_dlx(), end='')
A B C D E | F G
C E F
A D G
B C F
A D
B G
D E G

Colors (dlx2's `X:c`) are solved as Knuth's Algorithm C solves them:
options that give a secondary item the same color are compatible.

>>> colored = parse_dlx('A B C | X Y\\nA B X:0 Y:0\\nA C X:1 Y:1\\nX:0 Y:1\\nB X:1\\nC Y:1\\n')
>>> [[colored.option_text(k) for k in sorted(s)] for s in colored]
[['A C X:1 Y:1', 'B X:1']]
"""

from __future__ import annotations

import os
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import IO, Any, Callable, Union

from ._arguments import engine as _engine
from ._arguments import integer as _integer
from ._arguments import seed as _seed
from ._errors import format_error as _format_error
from ._export import Exported, export
from ._native import DlxFormatError, ExactCoverError
from ._native import DlxProblem as _NativeDlx
from ._native import Solver as _Solver
from ._native import parse_dlx as _parse_dlx
from ._reading import decode_utf8 as _decode
from ._reading import read_at_most as _read_at_most
from .costs import check_names as _check_names
from .costs import cost_list
from .search import DEFAULT_MEMO_BYTES, Estimate, Search

__all__ = [
    "DlxFormatError",
    "DlxProblem",
    "DlxSolutions",
    "parse_dlx",
    "read_dlx",
    "write_dlx",
    "MAX_DLX_BYTES",
]

#: A path, or an open file (text or binary).
Source = Union[str, "os.PathLike[str]", IO[str], IO[bytes]]

MAX_DLX_BYTES = 256 * 2**20
"""The most bytes (or characters) `read_dlx()` reads unless told otherwise:
256 MiB, far more than any published problem, and a bound on endless inputs
such as `/dev/zero`."""


class DlxSolutions(Search["list[int]"]):
    """An iterator over the solutions of a `DlxProblem`, each a list of
    option indices (positions in `DlxProblem.options`) in the order the
    search chose them.

    Made by `DlxProblem.solutions()`. It is a `Search`: `count()` counts the
    remaining ones in Rust (on threads, with a time limit or a progress bar),
    `estimate()` and `split()` work on the whole tree; subtrees name options
    by their indices.

    Args:
        solver: The native solver.
        labels: The option indices, `range(len(options))`.
        source: The native problem and the seed, to make the problem's plain
            data again.
    """

    # _source (of Search): the native DlxProblem, the seed and the engine.
    __slots__ = ()

    def _solution(self, ids: list[int]) -> list[int]:
        return ids

    @property
    def _spec(self) -> tuple[Any, ...]:
        """The problem as plain data, to build it again elsewhere
        (exactcover.distributed): colors numbered in order of appearance, as
        the solver numbers them. Made only when asked for."""
        dlx, seed, engine = self._source
        items = [(primary, lo, hi) for _, primary, lo, hi in dlx.items]
        colors = None
        if dlx.uses_colors:
            ids: dict[str, int] = {}
            colors = [
                (k, j, ids.setdefault(color, len(ids)))
                for (k, j), color in sorted(dlx.colors.items())
            ]
        return (items, dlx.options, seed, colors, [], engine)

    def _names(self) -> tuple[list[str], list[str]]:
        """What the item ids and color ids of `_spec` stand for: the item
        names and the colors, in the order of their ids."""
        dlx, _, _ = self._source
        colors = (color for _, color in sorted(dlx.colors.items()))
        return [name for name, *_ in dlx.items], list(dict.fromkeys(colors))

    def __repr__(self) -> str:
        return f"<DlxSolutions: {len(self._labels)} options, {self._state()}>"


class DlxProblem:
    """An exact cover problem with named items, as in Knuth's DLX format.

    Build one by reading text (`parse_dlx()`, `read_dlx()`), from item names
    and options, or from the constraint mapping of `ExactCover`
    (`from_constraints()`).

    Names are any non-empty strings without blanks, `:` or `|`. Options
    without a primary item are dropped (as Knuth's programs drop them); their
    positions are in `dropped`.

    >>> p = DlxProblem(['A', 'B'], [['A', 'X'], ['B', 'X'], ['A'], ['B'], ['X']], secondary=['X'])
    >>> p.count(), p.dropped
    (3, [4])
    >>> print(p.to_dlx(), end='')
    A B | X
    A X
    B X
    A
    B

    Args:
        primary: Names of the primary items (covered exactly once, or within
            their `bounds`).
        options: Each option an iterable of entries: an item name, or
            `"name:color"` for a secondary item with a color.
        secondary: Names of the secondary items (covered at most once).
        bounds: For some primary items, `v` (exactly v options contain it) or
            `(u, v)` (between u and v); the DLX file then needs dlx3.
        costs: The cost of each option given (nonnegative ints, dlx5's `|n`
            entries; as many as the options), or None for none.

    Raises:
        TypeError: If a name is not a string, an option is a string or not
            iterable, `primary`, `options` or `secondary` is not iterable,
            or `bounds` is not a mapping.
        ValueError: If `costs` is not as long as `options`, or a cost is
            negative.
        DlxFormatError: If a name is not valid, an option names an unknown
            item or an item twice, or bounds are given for an item that is
            not primary, or are not `v` or a pair `(lo, hi)` with `lo <= hi`,
            `hi >= 1`.
    """

    # The problem itself is the Rust crate's DlxProblem, which checks names,
    # colors and repeated items as its reader does.
    __slots__ = ("_dlx", "_counted")

    def __init__(
        self,
        primary: Iterable[str],
        options: Iterable[Iterable[str]],
        secondary: Iterable[str] = (),
        bounds: Mapping[str, int | tuple[int, int]] | None = None,
        costs: Sequence[int] | None = None,
    ) -> None:
        for what, given in (("primary", primary), ("options", options), ("secondary", secondary)):
            if not isinstance(given, Iterable):
                raise TypeError(f"{what} must be an iterable, not {type(given).__name__}")
        try:
            bounds = dict(bounds or {})
        except (TypeError, ValueError):
            raise TypeError(
                f"bounds must be a mapping from item names to bounds, not {type(bounds).__name__}"
            ) from None
        items: list[tuple[str, bool, int, int]] = []
        for name in primary:
            lo, hi = _bounds(name, bounds.pop(name, 1))
            items.append((_name(name), True, lo, hi))
        if bounds:
            name = next(iter(bounds))
            raise _format_error(
                f"bounds given for {name!r}, which is not a primary item", item=name
            )
        items.extend((_name(name), False, 0, 1) for name in secondary)
        index = {name: k for k, (name, *_) in enumerate(items)}
        rows: list[list[tuple[int, str | None]]] = []
        for k, option in enumerate(options):
            if isinstance(option, str):
                raise TypeError(
                    f"an option must be an iterable of entries, not the string {option!r}"
                )
            if not isinstance(option, Iterable):
                raise TypeError(
                    f"an option must be an iterable of entries, not {type(option).__name__} "
                    f"(option {k}: {option!r})"
                )
            row: list[tuple[int, str | None]] = []
            for entry in option:
                name, sep, color = _name(entry, f" in option {k}").partition(":")
                if name not in index:
                    raise _format_error(
                        f"unknown item name {name!r} in option {list(option)!r}",
                        option=k,
                        item=name,
                    )
                row.append((index[name], color if sep else None))
            rows.append(row)
        self._dlx = _NativeDlx(items, rows, _int_costs(costs, range(len(rows))))
        self._counted: DlxSolutions | None = None

    def __reduce__(self) -> Any:
        """Pickled as its items (names, kinds, bounds), options (colors
        included) and costs: the same problem, the same `to_dlx()` text.
        `lines` and `dropped` are not kept: the copy was not read from text
        and drops no option."""
        return (_rebuild, (self._dlx.items, self.options, self.costs))

    @classmethod
    def from_constraints(
        cls,
        constraints: Mapping[Any, Iterable[Hashable]],
        *,
        secondary: Iterable[Hashable] | None = None,
        counts: Mapping[Any, int | tuple[int, int]] | None = None,
        names: Callable[[Hashable], str] | None = None,
    ) -> DlxProblem:
        """The DLX problem of an `ExactCover` mapping (choice -> constraints).

        Option k is the k-th choice (choices with no primary constraint are
        dropped: see `dropped`). Colors are written too, as dlx2's
        `item:color`: a choice whose constraints map each to a color (None
        for none), as for `ExactCover`; the colors are named `str(color)`
        when those are all valid and distinct, else `0`, `1`, ...

        >>> p = DlxProblem.from_constraints(
        ...     {'a': {1: None, 'x': 'red'}, 'b': {2: None, 'x': 'red'}}, secondary=['x'])
        >>> print(p.to_dlx(), end='')
        1 2 | x
        1 x:red
        2 x:red
        >>> p.count()
        1

        >>> p = DlxProblem.from_constraints({'a': [1, 2], 'b': [1], 'c': [2]})
        >>> print(p.to_dlx(), end='')
        1 2
        1 2
        1
        2
        >>> p.count()
        2

        Args:
            constraints: A map from each choice to the constraints it
                satisfies (or to a mapping from each to its color).
            secondary: Constraints covered at most once.
            counts: As for `MultiCover`, the counts of primary constraints:
                `k` for exactly k, or `(lo, hi)` bounds as in dlx3. A count
                on a secondary constraint cannot be written in DLX format,
                but for 0. A count of 0 forbids the choices that satisfy the
                constraint: DLX bounds need `hi >= 1`, so they are dropped
                (see `dropped`) and the constraint is left out, as
                `write_dlx()` writes a `MultiCover`.
            names: Names each item: by default `str(constraint)` when those
                strings are all valid and distinct, else `c0`, `c1`, ... in
                order of first appearance.

        Returns:
            The problem.

        Raises:
            TypeError: If `constraints` is not a mapping.
            DlxFormatError: If a secondary constraint has a count other than
                0 or 1, or a name is not valid.
        """
        if not isinstance(constraints, Mapping):
            raise TypeError(
                "constraints must be a mapping from each choice to its constraints, "
                f"not {type(constraints).__name__}"
            )
        relaxed = set(secondary or ())
        counts = dict(counts or {})
        # A count of 0 forbids the choices that satisfy the constraint, as in
        # MultiCover. DLX bounds need hi >= 1, so, as write_dlx(MultiCover)
        # does, those choices become empty options, which are dropped (their
        # positions in `dropped`), and the constraint is left out.
        forbidden = {c for c, k in counts.items() if _is_zero(k)}
        order: dict[Hashable, None] = {}
        rows: list[list[Hashable]] = []
        # Colors as in ExactCover: a choice's constraints may map each one to
        # its color (None: no color). Colors keep their order of appearance.
        color_order: dict[Hashable, None] = {}
        row_colors: list[list[Hashable]] = []
        for cons in constraints.values():
            row = list(cons)
            if forbidden.intersection(row):
                rows.append([])
                row_colors.append([])
                continue
            for c in row:
                order.setdefault(c, None)
            rows.append(row)
            if isinstance(cons, Mapping):
                colors = [cons[c] for c in row]
                color_order.update((color, None) for color in colors if color is not None)
                row_colors.append(colors)
            else:
                row_colors.append([None] * len(row))
        for c in relaxed:
            order.setdefault(c, None)
        for c in forbidden:
            order.pop(c, None)
            del counts[c]
        for c in counts:
            order.setdefault(c, None)
        if names is None:
            name_of = dict(zip(order, _dlx_names(order, "c")))
        else:
            name_of = {c: names(c) for c in order}
        bounds: dict[str, int | tuple[int, int]] = {}
        for c, k in counts.items():
            if c in relaxed:
                if k not in (1, (0, 1)):
                    raise _format_error(
                        f"secondary constraint {c!r} has count {k}; the DLX format only has "
                        "secondary items covered at most once",
                        item=c,
                    )
            else:
                bounds[name_of[c]] = k
        # Colors are written as str(color) when those are all valid and
        # distinct, else as 0, 1, ... in order of appearance.
        color_of = dict(zip(color_order, _dlx_names(color_order, "")))
        primary = [name_of[c] for c in order if c not in relaxed]
        second = [name_of[c] for c in order if c in relaxed]
        options = (
            [
                name_of[c] if color is None else f"{name_of[c]}:{color_of[color]}"
                for c, color in zip(row, colors)
            ]
            for row, colors in zip(rows, row_colors)
        )
        return cls(primary, options, second, bounds)

    # -- what the problem is ------------------------------------------------

    @property
    def items(self) -> list[str]:
        """All item names, primary ones first."""
        return [name for name, *_ in self._dlx.items]

    @property
    def primary(self) -> list[str]:
        """Names of the primary items."""
        return [name for name, primary, _, _ in self._dlx.items if primary]

    @property
    def secondary(self) -> list[str]:
        """Names of the secondary items."""
        return [name for name, primary, _, _ in self._dlx.items if not primary]

    @property
    def bounds(self) -> dict[str, tuple[int, int]]:
        """`(lo, hi)` of every primary item (`(1, 1)`: exactly once)."""
        return {name: (lo, hi) for name, primary, lo, hi in self._dlx.items if primary}

    @property
    def options(self) -> list[list[str]]:
        """The options kept, each as its entries (`"X:c"` for a colored one)."""
        names = [name for name, *_ in self._dlx.items]
        colors = self._dlx.colors
        return [
            [
                names[i] if (k, j) not in colors else f"{names[i]}:{colors[k, j]}"
                for j, i in enumerate(option)
            ]
            for k, option in enumerate(self._dlx.options)
        ]

    @property
    def lines(self) -> list[int | None]:
        """The line of each option in the text it was read from (None if the
        problem was not read from text)."""
        return self._dlx.lines

    @property
    def dropped(self) -> list[int]:
        """Options dropped because they have no primary item: their line
        numbers when read from text, else their positions in the options given."""
        return self._dlx.dropped

    @property
    def costs(self) -> list[int]:
        """The cost of each option (dlx5's `|n` entries, summed; 0 without
        any), in the order of `options`: what `cheapest()` uses.

        >>> parse_dlx("A B\\nA B |3\\nA |1 |1\\nB\\n").costs
        [3, 2, 0]
        """
        return self._dlx.costs

    def cheapest(
        self,
        k: int | None = None,
        *,
        method: str = "auto",
        max_bytes: int = DEFAULT_MEMO_BYTES,
    ) -> Any:
        """The cheapest solutions by the options' `costs` (as Knuth's dlx5
        finds them): see `Search.cheapest()`.

        >>> p = parse_dlx("A B\\nA B |3\\nA |1\\nB |1\\n")
        >>> p.cheapest(2)
        [(2, [1, 2]), (3, [0])]

        Args:
            k: How many solutions (None: the cheapest one alone).
            method: `"auto"` (the solution graph if it fits in `max_bytes`,
                else branch and bound), `"graph"` or `"branch"`.
            max_bytes: The memory the solution graph may take.

        Returns:
            With no `k`, `(cost, option indices)` for a cheapest solution
            (None if there is none); with `k`, a list of at most `k` pairs,
            cheapest first.

        Raises:
            ValueError: If `k` is negative or `method` unknown.
            ExactCoverError: If `method="graph"` and the graph would take
                more than `max_bytes`, or branch and bound meets bounds
                other than 1 (dlx3's `u:v|`).
        """
        costs = self.costs
        return self.solutions().cheapest(costs.__getitem__, k, method=method, max_bytes=max_bytes)

    @property
    def uses_colors(self) -> bool:
        """Does an option give an item a color?"""
        return self._dlx.uses_colors

    def option_text(self, k: int) -> str:
        """Option `k` as a line of the DLX format.

        Args:
            k: The option's index.

        Returns:
            The option's entries as a line, e.g. `'A C X:1'`.

        Raises:
            IndexError: If there is no option `k`.
        """
        try:
            return self._dlx.option_text(k)
        except OverflowError:
            raise IndexError(f"there is no option {k}") from None

    # -- solving --------------------------------------------------------------

    def solutions(
        self, *, seed: int | None = None, random: bool = False, engine: str = "auto"
    ) -> DlxSolutions:
        """A fresh iterator over the solutions (lists of option indices).

        Args:
            seed: Shuffle the search order, reproducibly from this integer.
            random: Shuffle the search order with a fresh random seed.
            engine: The search engine: `"auto"`, `"bitset"` or `"dlx"` (see
                `ExactCover`).

        Returns:
            The iterator.

        Raises:
            TypeError: If `seed` is not an integer, or `random` is not True or
                False (or None).
            ValueError: If `engine` is not one of those names.
            ExactCoverError: If the solver refuses the problem (the error's
                `item` is then the item's name), or `engine="bitset"` and the
                problem does not fit the bitset engine.
        """
        seed = _seed(random, seed)
        dlx = self._dlx
        try:
            engine = _engine(engine)
            solver = _Solver.from_dlx(dlx, seed, engine)
        except ExactCoverError as error:
            raise _restate(error, self.items) from None
        return DlxSolutions(solver, range(len(dlx)), (dlx, seed, engine))

    def __iter__(self) -> DlxSolutions:
        """Iterate over the solutions, each a list of option indices."""
        return self.solutions()

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
        """The number of solutions, counted in Rust by a fresh iterator, as
        `Search.count()` counts (memoized unless `limit` is given; see
        `memo_stats`).

        Args:
            limit: Stop counting there (None: count them all).
            threads: Count on this many threads (with any of the other
                options).
            timeout: Seconds to count for (None: no limit).
            progress: Show a progress bar.
            memo: None (the default) memoizes while it pays, True always,
                False never (see `Search.count()` for a limit with it).
            memo_bytes: The memo's memory cap in bytes (`DEFAULT_MEMO_BYTES`,
                1 GiB, by default).
            order: Which item to branch on, as `Search.count()`'s `order`
                (`"auto"`, `"mrv"` or `"sweep"`, which a problem without a
                sweep order, as one read from DLX text, takes as MRV):
                accepted as everywhere else, for code that counts any
                problem alike.

        Returns:
            The number of solutions (at most `limit`).

        Raises:
            SearchTimeout: When `timeout` runs out (its `count` holds the
                solutions counted so far; the count is not resumable here: a
                fresh iterator from `solutions()` is, with `Search.count()`).
            TypeError: If an argument has the wrong type.
            ValueError: If an argument is out of range.
        """
        search = self.solutions()
        self._counted = search
        return search.count(
            limit,
            threads=threads,
            timeout=timeout,
            progress=progress,
            memo=memo,
            memo_bytes=memo_bytes,
            order=order,
        )

    @property
    def stats(self) -> dict[str, Any]:
        """The work of the last `count()` (see `Search.stats`): `nodes`,
        `updates`, `solutions` and the `engine`; all zero before the first
        `count()`."""
        if self._counted is None:
            return self.solutions().stats
        return self._counted.stats

    @property
    def memo_stats(self) -> dict[str, Any]:
        """What the memo of the last `count()` did (see `Search.memo_stats`);
        all zero before the first `count()`."""
        if self._counted is None:
            return self.solutions().memo_stats
        return self._counted.memo_stats

    def estimate(self, samples: int = 1000, *, seed: int | None = None) -> Estimate:
        """Knuth's Monte Carlo estimate of the search tree's nodes and
        solutions (see `Search.estimate()`).

        Args:
            samples: The number of random probes.
            seed: Any int, to make the estimate reproducible.

        Returns:
            The estimate.
        """
        return self.solutions().estimate(samples, seed=seed)

    # -- writing --------------------------------------------------------------

    def to_dlx(self) -> str:
        """The problem in DLX format.

        A problem with no primary item (its one solution chooses no option)
        is written as `write_dlx()` writes such a problem: the format needs
        a primary item, so one that may stay uncovered (`0:1|none`) is
        added, and a comment line says why; the file has the same solution.

        >>> print(DlxProblem([], [['X']], secondary=['X']).to_dlx(), end='')
        | no item must be covered: the one solution chooses no option
        0:1|none | X

        Returns:
            The text, in strict syntax if the names are at most 8 bytes and
            colors one byte, every line ending in a newline.
        """
        return self._dlx.to_dlx()

    def __eq__(self, other: object) -> bool:
        """Same items (names, kinds, bounds) and options; lines are ignored."""
        if not isinstance(other, DlxProblem):
            return NotImplemented
        return self._dlx.same_as(other._dlx)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        n_items, n_primary = len(self._dlx.items), len(self.primary)
        return f"<DlxProblem: {n_primary}+{n_items - n_primary} items, {len(self._dlx)} options>"


def _rebuild(
    items: list[tuple[str, bool, int, int]],
    options: list[list[str]],
    costs: list[int] | None = None,
) -> DlxProblem:
    """A DlxProblem from its pickled items, options and costs (None, as
    pickled by versions that did not keep them: none)."""
    primary = [name for name, is_primary, _, _ in items if is_primary]
    bounds = {name: (lo, hi) for name, is_primary, lo, hi in items if is_primary}
    secondary = [name for name, is_primary, _, _ in items if not is_primary]
    return DlxProblem(primary, options, secondary, bounds, costs)


def _is_zero(count: Any) -> bool:
    """Is `count` (`k` or `(lo, hi)`) a count of 0, which forbids its constraint?"""
    given = count if isinstance(count, tuple) else (count,)
    return 1 <= len(given) <= 2 and all(_integer(v) == 0 for v in given)


def _restate(error: ExactCoverError, names: list[str]) -> ExactCoverError:
    """A native error about item ids restated with the item's name."""
    if error.item is not None and error.item < len(names):
        error.item = names[error.item]
    return error


def _dlx_names(objects: Iterable[Hashable], prefix: str) -> list[str]:
    """DLX names of `objects`: `str(o)` for each when those are all valid
    names and distinct, else the `prefix` followed by 0, 1, 2, ..."""
    strings = [str(o) for o in objects]
    if len(set(strings)) == len(strings) and all(_is_name(s) for s in strings):
        return strings
    return [f"{prefix}{k}" for k in range(len(strings))]


def _is_name(name: str) -> bool:
    return bool(name) and not any(c in ":|" or c.isspace() for c in name)


def _name(name: object, where: str = "") -> str:
    """`name` checked as an item's name; `where` (" in option 3") says where
    it was given, for the errors."""
    if not isinstance(name, str):
        raise TypeError(f"item names must be strings, not {type(name).__name__} ({name!r}){where}")
    try:
        name.encode("utf-8")
    except UnicodeEncodeError as e:
        raise _format_error(f"{_not_unicode(name[e.start])} in {name!r}{where}") from None
    return name


def _bounds(name: str, bound: int | tuple[int, int]) -> tuple[int, int]:
    given = bound if isinstance(bound, tuple) else (bound, bound)
    if len(given) != 2:
        raise _format_error(
            f"bounds of {name!r} must be v or a pair (lo, hi), not {bound!r}", item=name
        )
    lo, hi = (_integer(v) for v in given)
    if lo is None or hi is None or not 0 <= lo < 2**32 or not 0 <= hi < 2**32:
        raise _format_error(
            f"bounds of {name!r} must be integers in 0..2**32-1, not {bound!r}", item=name
        )
    if hi == 0 or lo > hi:
        raise _format_error(
            f"bounds of {name!r} must satisfy lo <= hi and hi >= 1, not {bound!r}", item=name
        )
    return lo, hi


def parse_dlx(text: str, *, strict: bool = False) -> DlxProblem:
    """Read a problem from DLX text.

    >>> parse_dlx('A B\\nA\\nA C\\n')
    Traceback (most recent call last):
      ...
    exactcover.DlxFormatError: line 3: unknown item name "C"

    Args:
        text: The text.
        strict: Accept exactly what Knuth's programs accept (see the module
            documentation), not more.

    Returns:
        The problem.

    Raises:
        DlxFormatError: If the text is malformed (its `line` and `reason`
            say where and what).
        TypeError: If `text` is not a `str`.
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}; use read_dlx for files")
    try:
        native = _parse_dlx(text, strict)
    except UnicodeEncodeError as e:
        # A lone surrogate (say from bytes decoded with errors="surrogateescape").
        line = text.count("\n", 0, e.start) + 1
        raise _format_error(_not_unicode(text[e.start]), line) from None
    return _wrap(native)


def _not_unicode(character: str) -> str:
    return f"not valid Unicode (a lone surrogate, U+{ord(character):04X})"


def read_dlx(
    source: Source, *, strict: bool = False, max_bytes: int | None = MAX_DLX_BYTES
) -> DlxProblem:
    """Read a problem from a DLX file.

    Args:
        source: A path, or an open file (text or binary; bytes are decoded as
            UTF-8).
        strict: As for `parse_dlx()`.
        max_bytes: The most bytes (characters, for a text file) to read;
            None: no limit.

    Returns:
        The problem.

    Raises:
        DlxFormatError: If the text is malformed, not UTF-8, or longer than
            `max_bytes` (raised before reading more).
        TypeError: If `source` is neither a path nor an open file, or
            `max_bytes` is neither an int nor None.
        ValueError: If `max_bytes` is negative.
    """
    if isinstance(source, (str, os.PathLike)):
        with open(source, "rb") as f:
            data: str | bytes = _read_at_most(f, max_bytes, _HINT)
    elif callable(getattr(source, "read", None)):
        data = _read_at_most(source, max_bytes, _HINT)
    else:
        raise TypeError(
            f"source must be a path or an open file, not {type(source).__name__}"
            + ("; use parse_dlx for text" if isinstance(source, (bytes, bytearray)) else "")
        )
    if isinstance(data, bytes):
        data = _decode(data)
    return parse_dlx(data, strict=strict)


_HINT = " (max_bytes of read_dlx: pass max_bytes=None to read it all)"


def write_dlx(
    problem: DlxProblem | Search[Any] | Mapping[Any, Iterable[Hashable]],
    file: str | os.PathLike[str] | IO[str] | None = None,
    *,
    secondary: Iterable[Hashable] | None = None,
    counts: Mapping[Any, int | tuple[int, int]] | None = None,
    costs: Any = None,
) -> str:
    """Write a problem in Knuth's DLX format.

    Any problem this package builds can be written: a `DlxProblem`, an
    `ExactCover` or `MultiCover` (so every puzzle: `queens(8)`,
    `polyomino(...)`, `Sudoku().solver(puzzle)`, ...), the iterator of a DLX
    problem or of a matrix (`from_matrix`), or a mapping from choices to
    constraints as for `ExactCover`. Secondary items, multiplicities (dlx3's
    bounds) and colors (dlx2's `item:color`) are written; options are
    written in the order of the problem's choices, items in the order the
    solver takes them (primary ones first, as the format wants). Reading the
    file back (`read_dlx`) gives a problem with the same solutions and, but
    for the last two cases below, the same search tree: `count()` and
    `stats` agree.

    The format cannot say everything, so some things are written as what they
    amount to:

    - Initial choices (a Sudoku's clues) are made before writing, as Knuth's
      `sudoku2dlx` does: the file holds the problem that remains, and a
      comment line says how many were made. Its solutions lack them; the
      search of the file is the solver's search after them.
    - An optional constraint of a `MultiCover` with a count k > 1 (DLX's
      secondary items are covered at most once) becomes the primary item
      `0:k|name`, covered at most k times; the solutions are the same, but
      the search may branch on that item, and its tree differs.
    - Options that list no primary item are left out, as every reader of the
      format drops them: no solution contains them, but the solver's search
      counts the updates that hide them.
    - Items are named `str(constraint)` when those are all valid DLX names
      (no blanks, `:` or `|`) and distinct, else `c0`, `c1`, ...; colors
      likewise, else `0`, `1`, .... The problem is written as it was
      built: not the search order of a `seed`, nor how far an iterator has
      searched, nor a `restrict()`.

    Args:
        problem: the problem to write (see above).
        file: a path or an open text file to write to; None writes nothing.
        secondary: with a mapping only: its secondary constraints, as for
            `ExactCover` (see `DlxProblem.from_constraints`).
        counts: with a mapping only: counts of its constraints, as for
            `MultiCover` (`k`, or `(lo, hi)` bounds as in dlx3).
        costs: the cost of each choice (a mapping or a function of the
            choice; option indices for a DLX problem), nonnegative ints,
            written as dlx5's `|n` entries (a `DlxProblem`'s own costs are
            written without it); a mapping may also name the initial
            choices, and those they exclude (not written).

    Returns:
        The text written, each line ending in a newline.

    Raises:
        TypeError: if `problem` is none of the above, `secondary` or
            `counts` are given with something else than a mapping, or `file`
            is neither a path nor an open file.
        DlxFormatError: if a name or a color cannot be written (a lone
            surrogate), or a secondary constraint of a mapping has a count.

    >>> print(write_dlx({'a': ['x', 'y'], 'b': ['y']}, secondary=['y']), end='')
    x | y
    x y
    >>> from exactcover import queens
    >>> text = write_dlx(queens(4))
    >>> print(text.splitlines()[0])
    c0 c1 c4 c7 c10 c13 c16 c19 | c2 c3 c5 c6 c8 c9 c11 c12 c14 c15 c17 c18 c20 c21
    >>> parse_dlx(text).count()
    2
    """
    comments: list[str] = []
    if isinstance(problem, Mapping):
        choices = list(problem)
        problem = DlxProblem.from_constraints(problem, secondary=secondary, counts=counts)
        values = _int_costs(costs, choices)
        if values is not None:
            problem = _with_costs(problem, [values[k] for k in _kept(problem)])
    elif secondary is not None or counts is not None:
        raise TypeError("secondary and counts only apply when writing a mapping")
    elif isinstance(problem, (DlxSolutions, DlxProblem)):
        if isinstance(problem, DlxSolutions):
            problem = _wrap(problem._source[0])
        if costs is not None:
            problem = _with_costs(problem, _int_costs(costs, range(len(problem.options))))
    elif not isinstance(problem, DlxProblem):
        if not isinstance(problem, Search):
            raise TypeError(
                "problem must be a DlxProblem, an ExactCover or MultiCover (a puzzle), the "
                "iterator of a DLX problem or a matrix, or a mapping from choices to "
                f"constraints, not {type(problem).__name__}"
            )
        exported = export(problem)
        if isinstance(costs, Mapping):
            # A mapping may give every choice its cost, as cheapest() takes
            # them: the initial ones, and those they exclude, are not written.
            _check_names(costs, problem._labels, "costs")
            costs = {label: costs[label] for label in exported.labels if label in costs}
        problem, comments = _dlx_of(exported, costs)
    text = "".join(f"| {line}\n" for line in comments) + problem.to_dlx()
    if file is None:
        return text
    if isinstance(file, (str, os.PathLike)):
        with open(file, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    elif callable(getattr(file, "write", None)):
        file.write(text)
    else:
        raise TypeError(f"file must be a path or an open text file, not {type(file).__name__}")
    return text


def _wrap(native: _NativeDlx) -> DlxProblem:
    """A `DlxProblem` around a native one."""
    problem = DlxProblem.__new__(DlxProblem)
    problem._dlx = native
    problem._counted = None
    return problem


def _int_costs(costs: Any, labels: Sequence[Any]) -> list[int] | None:
    """The integer cost of each label (None for no costs).

    Raises:
        TypeError: If `costs` is neither a sequence, a mapping nor a
            function, or a cost is not an integer.
        ValueError: If a cost is negative, or a sequence of costs is not as
            long as `labels`.
    """
    if costs is None:
        return None
    if not isinstance(costs, Mapping) and not callable(costs):
        if isinstance(costs, (str, bytes)) or not isinstance(costs, Iterable):
            raise TypeError(
                "costs must be a sequence of one cost per option, a mapping or a function, "
                f"not {type(costs).__name__}"
            )
        # zip would drop the extra costs of a longer sequence unseen.
        costs = list(costs)
        if len(costs) != len(labels):
            raise ValueError(
                f"costs has {len(costs)} values, but there are {len(labels)} options: "
                "give one cost per option"
            )
        costs = dict(zip(labels, costs))
    values = cost_list(costs, labels)
    if values and isinstance(values[0], float):
        raise TypeError("costs in the DLX format are integers (dlx5's |n entries)")
    return values  # type: ignore[return-value]


def _kept(problem: DlxProblem) -> list[int]:
    """The positions, among the options given, of the options kept."""
    dropped = set(problem.dropped)
    return [k for k in range(len(problem.options) + len(dropped)) if k not in dropped]


def _with_costs(problem: DlxProblem, costs: list[int] | None) -> DlxProblem:
    """`problem` with these costs of its options (kept ones)."""
    bounds = {name: (lo, hi) for name, (lo, hi) in problem.bounds.items() if (lo, hi) != (1, 1)}
    return DlxProblem(problem.primary, problem.options, problem.secondary, bounds, costs)


def _dlx_of(exported: Exported, costs: Any = None) -> tuple[DlxProblem, list[str]]:
    """The `DlxProblem` of an exported problem (see `write_dlx`) with the
    `costs` of its choices (None: none), and the comment lines that say what
    was done to write it."""
    comments = []
    if exported.initial:
        made = f"{exported.initial} initial choice{'s' if exported.initial > 1 else ''}"
        comments.append(
            f"{made} made: the items they fill and the options they exclude are left out"
        )
    if exported.contradictory:
        comments.append("the initial choices contradict each other: there is no solution")
    items = exported.items
    # Options without a primary item are never chosen; readers drop them.
    kept = [k for k, row in enumerate(exported.options) if any(items[i].primary for i, _ in row)]
    options = [exported.options[k] for k in kept]
    values = _int_costs(costs, exported.labels)
    kept_costs = None if values is None else [values[k] for k in kept]
    # A secondary item covered at most hi > 1 times has no DLX form; as a
    # primary item with bounds 0..hi it allows the same solutions, now that
    # every option has a primary item.
    items = [item._replace(primary=item.primary or item.hi > 1) for item in items]
    names = _dlx_names((item.name for item in items), "c")
    colors = dict.fromkeys(color for row in options for _, color in row if color is not None)
    color_name = dict(zip(colors, _dlx_names(colors, "")))
    problem = DlxProblem(
        [name for name, item in zip(names, items) if item.primary],
        (
            [names[i] if color is None else f"{names[i]}:{color_name[color]}" for i, color in row]
            for row in options
        ),
        [name for name, item in zip(names, items) if not item.primary],
        {
            name: (item.lo, item.hi)
            for name, item in zip(names, items)
            if item.primary and (item.lo, item.hi) != (1, 1)
        },
        kept_costs,
    )
    return problem, comments
