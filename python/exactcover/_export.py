"""A built problem as plain data, for the writers of other formats.

`write_dlx` (Knuth's DLX text) and `to_matrix` (a 0/1 matrix) accept any
problem this package builds: `ExactCover`, `MultiCover`, the puzzles made by
the puzzle functions (which are one of those), the iterators over DLX problems
and matrices. Each iterator knows its problem as `_spec` (items, options,
seed, colors, initial choices by id, and engine) and names its items and colors by
`_names()`; this module turns that into an `Exported` problem, with the
initial choices already made.

The formats have no initial choices, so they are made here as the solver
makes them before its search (Knuth's `sudoku2dlx` writes a Sudoku's clues
the same way): the chosen options leave the problem, each of their items is
covered once more (an item that is full leaves the problem, with every option
that contains it), a colored item keeps only the options of the color chosen
(which no longer list it), and every other option that clashes is left out.
The search of the problem that remains walks the same tree as the solver's
search after its initial choices.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, NamedTuple


class Item(NamedTuple):
    """An item of an `Exported` problem."""

    #: What names it: the user's constraint, a DLX item name, a column index.
    name: Hashable
    #: Must it be covered (between `lo` and `hi` times), or only at most `hi` times?
    primary: bool
    #: The fewest times it must be covered (0 for a secondary item).
    lo: int
    #: The most times it may be covered (at least 1).
    hi: int


class Exported(NamedTuple):
    """A problem as plain data: items in the order of the solver's, options
    as lists of `(item index, color)` (color None: no color), what each
    option is called (`labels`), and a note on the initial choices made."""

    #: The items, in the solver's order (primary and secondary mixed).
    items: list[Item]
    #: Each option as `(index into items, color or None)` pairs.
    options: list[list[tuple[int, Hashable]]]
    #: What each option is to the user: a choice, an option index, a row.
    labels: list[Any]
    #: How many initial choices were made (and left out).
    initial: int
    #: Do the initial choices contradict each other? Then there is no solution,
    #: and the problem is one item that no option covers.
    contradictory: bool


def export(problem: Any) -> Exported:
    """The problem of an iterator of this package, its initial choices made.

    Args:
        problem: an iterator built by this package (a `Search`: `ExactCover`,
            `MultiCover`, `DlxSolutions`, `MatrixCover`).

    Returns:
        The problem's items, options and labels, as `Exported`.

    Raises:
        TypeError: if `problem` is not such an iterator.
    """
    names = getattr(problem, "_names", None)
    if names is None:
        raise TypeError(
            "the problem must be an ExactCover, a MultiCover (as the puzzle functions "
            "build), a DlxProblem or the iterator of a DLX problem or a matrix, not "
            f"{type(problem).__name__}"
        )
    # _spec first: it refuses a mapping that changed since the problem was built.
    kinds, options, _seed, colors, forced, _engine = problem._spec
    item_names, color_names = names()
    color_of = {(k, j): color_names[c] for k, j, c in colors or ()}
    items = [Item(name, *kind) for name, kind in zip(item_names, kinds)]
    rows = [
        [(i, color_of.get((k, j))) for j, i in enumerate(option)]
        for k, option in enumerate(options)
    ]
    return _make_initial_choices(items, rows, list(problem._labels), list(dict.fromkeys(forced)))


def _make_initial_choices(
    items: list[Item], rows: list[list[tuple[int, Hashable]]], labels: list[Any], forced: list[int]
) -> Exported:
    """The problem that remains once the options `forced` are chosen, and
    once items that no option may cover (`hi` 0, a count of 0) are gone, as
    the solver starts its search."""
    lo = [item.lo for item in items]
    hi = [item.hi for item in items]
    purified: dict[int, Hashable] = {}

    def available(row: list[tuple[int, Hashable]]) -> bool:
        for i, color in row:
            if hi[i] == 0 or (i in purified and color != purified[i]):
                return False
        return True

    for k in forced:
        if not available(rows[k]):
            # No solution: say so with an item that no option covers.
            return Exported([Item("contradiction", True, 1, 1)], [], [], len(forced), True)
        for i, color in rows[k]:
            if color is None:
                lo[i], hi[i] = max(lo[i] - 1, 0), hi[i] - 1
            else:
                purified[i] = color
    chosen = set(forced)
    kept = [k for k in range(len(rows)) if k not in chosen and available(rows[k])]
    # Items that are full, or purified (their options left list them no
    # more), leave the problem; the others keep their order.
    alive = [i for i in range(len(items)) if hi[i] > 0 and i not in purified]
    position = {i: p for p, i in enumerate(alive)}
    new_items = [items[i]._replace(lo=lo[i], hi=hi[i]) for i in alive]
    new_rows = [[(position[i], color) for i, color in rows[k] if i in position] for k in kept]
    return Exported(new_items, new_rows, [labels[k] for k in kept], len(chosen), False)
