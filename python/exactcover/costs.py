"""Costs and checks: the cheapest solutions of a problem, and whether a
candidate is a solution at all.

A *cost* is given per choice (per option), as a mapping or a function, and
a solution costs the sum of its choices' costs. Costs are nonnegative
integers (summed exactly; a bool is 0 or 1, so that a predicate is a cost)
or floats (nonnegative and finite; a mix of ints and floats counts as
floats). All the choices' costs together must add up to at most 2**64 - 1
(ints) or the largest float (floats), so that no solution's cost overflows
(or is `inf`). `Search.cheapest()` finds the `k` cheapest
solutions, by one of two methods:

- `"graph"`: builds the `SolutionGraph` (every solution in one DAG) and
  walks it: the cheapest solution is a shortest path of the DAG, the `k`
  cheapest a best-first walk whose estimate (the least cost below each
  node) is exact. Equal costs come in the order of the graph's solutions
  (`iter(graph)`).
- `"branch"`: branch and bound in the manner of Knuth's dlx5: the primary
  constraints taxed one by one (each the least net cost of a choice through
  it, taken off those choices' net costs), the choices of every constraint
  tried by increasing net cost and cut at the `k`-th best cost found so far,
  covers that remove only the choices still under that cutoff, and the
  constraint with the fewest choices under it branched on (see the Rust
  `BranchAndBound`). Secondary constraints and colors are fine; counts other
  than 1 are not (an `ExactCoverError` of kind `"unsupported"`). Equal costs
  come in the order found.

`"auto"` (the default) tries the graph within `max_bytes`, and branches and
bounds when it does not fit (with counts other than 1, that is the same
error as `"branch"`'s).

>>> from exactcover import ExactCover
>>> cover = ExactCover({'A': [1, 2], 'B': [1], 'C': [2], 'D': [1, 2]})
>>> cover.cheapest({'A': 5, 'B': 1, 'C': 1, 'D': 3}, 2)
[(2, ['B', 'C']), (3, ['D'])]
>>> cover.cheapest(lambda choice: 1, method="branch")
(1, ['A'])
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any, Literal, Union, overload

from ._arguments import integer
from ._errors import describe

__all__ = ["Costs", "cost_list", "weight_list", "violation"]

#: Costs (or weights) of choices: a mapping from each choice to its cost, or
#: a function of the choice.
Costs = Union[Mapping[Any, Any], Callable[[Any], Any]]

_U64_MAX = 2**64 - 1


def check_names(costs: Mapping[Any, Any], labels: Iterable[Any], name: str) -> None:
    """Check that the mapping `costs` names only `labels`.

    Raises:
        ValueError: If it names a key that is not one of them.
    """
    known = set(labels)
    for key in costs:
        if key not in known:
            raise ValueError(f"{name} names {describe(key)}, which is not a choice")


def _values(costs: Costs, labels: Sequence[Any], name: str) -> list[Any]:
    """The value `costs` gives each label, in order.

    Raises:
        TypeError: If `costs` is neither a mapping nor callable.
        ValueError: If a mapping misses a label, or names one that is not.
    """
    if isinstance(costs, Mapping):
        values = []
        for label in labels:
            try:
                values.append(costs[label])
            except KeyError:
                raise ValueError(f"{name} gives no value for choice {describe(label)}") from None
        if len(costs) > len(labels):
            check_names(costs, labels, name)
        return values
    if callable(costs):
        return [costs(label) for label in labels]
    raise TypeError(
        f"{name} must be a mapping from each choice to a number, or a function of the "
        f"choice, not {type(costs).__name__}"
    )


@overload
def cost_list(costs: Costs, labels: Sequence[Any], *, integers: Literal[True]) -> list[int]: ...
@overload
def cost_list(
    costs: Costs, labels: Sequence[Any], *, integers: bool = False
) -> list[int] | list[float]: ...
def cost_list(
    costs: Costs, labels: Sequence[Any], *, integers: bool = False
) -> list[int] | list[float]:
    """Each option's cost, checked: all ints, or else all floats.

    >>> cost_list({'a': 1, 'b': 2}, ['a', 'b'])
    [1, 2]
    >>> cost_list(len, ['ab', 'c'])
    [2, 1]
    >>> cost_list({'a': 1, 'b': 0.5}, ['a', 'b'])
    [1.0, 0.5]
    >>> cost_list(lambda c: c == 'b', ['a', 'b'])
    [0, 1]

    Args:
        costs: A mapping from each choice to its cost, or a function of the
            choice.
        labels: The choices, by option id.
        integers: Take integer costs only (for the counts by cost).

    Returns:
        The costs by option id: ints if every cost is an integer or a bool
        (then their sum over all options fits 64 bits), else floats (then
        their sum over all options is a finite float, and so is every
        solution's cost).

    Raises:
        TypeError: If a cost is not a number (not an integer, with
            `integers`).
        ValueError: If a cost is negative, NaN or infinite, or the costs
            could add up past 2**64 - 1 (ints) or the largest float (floats).
    """
    values = _values(costs, labels, "costs")
    ints: list[int] = []
    for label, value in zip(labels, values):
        # A bool is an int to Python, 0 or 1: a predicate's costs are exact.
        n = int(value) if isinstance(value, bool) else integer(value)
        if n is None:
            if integers:
                raise TypeError(
                    f"the cost of choice {describe(label)} must be an int, not "
                    f"{type(value).__name__}"
                )
            floats = _floats(values, labels, "cost")
            try:
                total = math.fsum(floats)
            except OverflowError:
                total = math.inf
            if total > sys.float_info.max:
                # A solution's cost would be inf, sorted with the others.
                raise ValueError(
                    "float costs must add up to at most the largest float "
                    f"({sys.float_info.max:.3g}) over all the choices, not {total}"
                )
            return floats
        if n < 0:
            raise ValueError(f"the cost of choice {describe(label)} is negative ({n})")
        ints.append(n)
    if sum(ints) > _U64_MAX:
        raise ValueError("integer costs must add up to less than 2**64 over all the choices")
    return ints


def weight_list(weights: Costs, labels: Sequence[Any]) -> list[float]:
    """Each option's weight, checked (nonnegative finite numbers).

    Args:
        weights: A mapping from each choice to its weight, or a function of
            the choice.
        labels: The choices, by option id.

    Returns:
        The weights by option id, as floats.

    Raises:
        TypeError: If a weight is not a number.
        ValueError: If a weight is negative, NaN or infinite.
    """
    return _floats(_values(weights, labels, "weights"), labels, "weight")


def _floats(values: list[Any], labels: Sequence[Any], what: str) -> list[float]:
    out = []
    for label, value in zip(labels, values):
        try:
            # float() would read text ('5', 'nan') as a number: it is not one.
            if isinstance(value, (str, bytes, bytearray)):
                raise TypeError
            x = float(value)
        except OverflowError:  # an int or a Fraction past the floats
            x = math.inf  # refused as not finite below
        except (TypeError, ValueError):
            raise TypeError(
                f"the {what} of choice {describe(label)} must be a number, not "
                f"{type(value).__name__}"
            ) from None
        if not math.isfinite(x) or x < 0:
            raise ValueError(
                f"the {what} of choice {describe(label)} must be nonnegative and finite, "
                f"not {describe(value)}"
            )
        out.append(x)
    return out


def violation(
    spec: tuple[Any, ...],
    names: list[Hashable],
    ids: list[int],
    labels: Sequence[Any],
) -> str | None:
    """What keeps some options from being a solution, in words, or None if
    they are one.

    Args:
        spec: The problem as plain data (`Search._spec`).
        names: What each item id stands for (the user's constraints).
        ids: The candidate's option ids.
        labels: What each option is called, for the message.

    Returns:
        None for a solution; else a sentence naming the first constraint
        broken (or the initial choice missing).
    """
    items, options, _, colors, forced = spec[:5]
    if len(set(ids)) != len(ids):
        twice = next(k for k in ids if ids.count(k) > 1)
        return f"choice {describe(labels[twice])} is taken twice"
    chosen = set(ids)
    for k in forced:
        if k not in chosen:
            return f"initial choice {describe(labels[k])} is missing"
    color_of: dict[tuple[int, int], int] = {}
    for k, j, c in colors or ():
        color_of[k, j] = c
    covers: dict[int, list[int]] = {}
    # The colors given to each item: a color id, or None for no color.
    given: dict[int, set[int | None]] = {}
    for k in ids:
        for j, item in enumerate(options[k]):
            covers.setdefault(item, []).append(k)
            given.setdefault(item, set()).add(color_of.get((k, j)))
    for k in ids:
        if k not in forced and not any(items[i][0] for i in options[k]):
            return f"choice {describe(labels[k])} has no primary constraint, so no search takes it"
    for i, (primary, lo, hi) in enumerate(items):
        by = covers.get(i, [])
        tones = given.get(i, set())
        one_color = len(tones) == 1 and None not in tones
        who = ", ".join(describe(labels[k]) for k in by)
        # Options that all give the item one color may share it (Algorithm C).
        if len(by) > hi and not one_color:
            need = f"exactly {hi}" if primary and lo == hi else f"at most {hi}"
            return (
                f"constraint {describe(names[i])} is satisfied by {len(by)} choices ({who}), "
                f"not {need}"
            )
        if primary and len(by) < lo:
            need = f"exactly {lo}" if lo == hi else f"at least {lo}"
            return (
                f"constraint {describe(names[i])} is satisfied by {len(by)} choices"
                f"{f' ({who})' if by else ''}, not {need}"
            )
    return None
