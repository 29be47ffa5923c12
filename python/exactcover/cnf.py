"""A problem as DIMACS CNF, for SAT solvers and model counters.

The encoding (`Search.to_cnf()`): variable `k + 1` is option `k` (the
choice `labels[k]`), true when the option is in the solution. For every
constraint, with `x1..xn` the options that satisfy it:

- at most one: a clause `-xi -xj` for every pair (i < j): pairwise, no
  auxiliary variables, so that the models are exactly the solutions;
- at least one, for a primary constraint: the clause `x1 ... xn` (empty,
  hence unsatisfiable, when no option satisfies it);
- an option without a primary constraint is never taken by the search: a
  unit clause `-x`; an initial choice is always taken: a unit clause `x`;
- after `restrict()`, the subtree's forced choices are unit clauses `x` too,
  and its excluded ones unit clauses `-x`.

So the CNF has exactly one model per solution (of the subtree, after
`restrict()`): its number of models is `count()`. Comment lines (`c`) name
each variable's choice. Only plain exact cover encodes this way: constraints
counted other than once, and colors, raise `ValueError`.

>>> from exactcover import ExactCover
>>> print(ExactCover({'A': [1, 2], 'B': [1], 'C': [2]}).to_cnf(), end='')
c exactcover: one variable per choice, true when the solution takes it
c 1 'A'
c 2 'B'
c 3 'C'
p cnf 3 4
-1 -2 0
1 2 0
-1 -3 0
1 3 0
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from ._errors import describe

__all__ = ["to_cnf"]


def to_cnf(
    spec: tuple[Any, ...],
    labels: Sequence[Any],
    names: Sequence[Hashable] | None = None,
    subtree: tuple[Sequence[int], Sequence[int]] | None = None,
) -> str:
    """The problem `spec` (`Search._spec`) as DIMACS CNF text (see the module
    documentation for the encoding).

    Args:
        spec: The problem as plain data (items, options, seed, colors,
            initial option ids).
        labels: What each option is called, for the comments.
        names: What each item id stands for, for the errors (default: the
            item ids).
        subtree: The option ids forced (the initial ones among them) and
            excluded (`Search._subtree`); default: the initial ones forced,
            none excluded.

    Returns:
        The CNF text, every line ending in a newline.

    Raises:
        ValueError: If a constraint is counted other than exactly once
            (primary) or at most once (secondary), or an option has colors.
    """
    items, options, _, colors, initial = spec[:5]
    forced, excluded = (initial, ()) if subtree is None else subtree
    if colors:
        raise ValueError("a problem with colors has no CNF encoding here (only plain exact cover)")
    for i, (primary, lo, hi) in enumerate(items):
        if (lo, hi) != ((1, 1) if primary else (0, 1)):
            name = f"number {i}" if names is None else describe(names[i])
            raise ValueError(
                f"constraint {name} is counted between {lo} and {hi} times: the CNF "
                "encoding is for plain exact cover only"
            )
    by_item: list[list[int]] = [[] for _ in items]
    for k, option in enumerate(options):
        for i in option:
            by_item[i].append(k + 1)
    clauses: list[str] = []
    for i, (primary, _, _) in enumerate(items):
        xs = by_item[i]
        for a in range(len(xs)):
            for b in range(a + 1, len(xs)):
                clauses.append(f"-{xs[a]} -{xs[b]} 0")
        if primary:
            clauses.append(" ".join(map(str, xs + [0])))
    taken, left_out = set(forced), set(excluded)
    for k, option in enumerate(options):
        if k in taken:
            clauses.append(f"{k + 1} 0")
        # Forced and excluded: both unit clauses, no model (no solution).
        if k in left_out or (k not in taken and not any(items[i][0] for i in option)):
            clauses.append(f"-{k + 1} 0")
    lines = ["c exactcover: one variable per choice, true when the solution takes it"]
    lines += [f"c {k + 1} {' '.join(describe(label).split())}" for k, label in enumerate(labels)]
    lines.append(f"p cnf {len(options)} {len(clauses)}")
    lines += clauses
    return "".join(line + "\n" for line in lines)
