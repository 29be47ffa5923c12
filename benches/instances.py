"""Benchmark instances for exactcover and its peers.

Every instance is built once as plain Python data, in the form exactcover's
own iterators take (a mapping from each choice to the constraints it
satisfies, plus the secondary constraints, or the counts and required
constraints of a multiplicity problem), and converts to what the other solvers
read: Knuth's DLX text (``to_dlx``) and a 0/1 matrix (``to_matrix``).

The counts are of ALL solutions, with no symmetry reduction.

    python benches/instances.py            # list the instances
    python benches/instances.py NAME       # print NAME's DLX text
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable

__all__ = [
    "Instance",
    "INSTANCES",
    "QUICK",
    "SUDOKU_PUZZLES",
    "build",
    "pentominoes",
    "queens",
    "two_queens",
    "langford",
    "sudoku",
    "sudoku_set",
]


@dataclass
class Instance:
    """One exact cover problem, solver-neutral.

    constraints -- choice -> list of constraints (items), every choice listing
        at least one primary constraint.
    secondary -- constraints covered at most once (or at most ``counts[c]``).
    counts -- multiplicities: a primary constraint c must be covered exactly
        ``counts.get(c, 1)`` times, a secondary one at most that many times.
        Empty for a plain exact cover problem.
    expected -- the number of solutions (or, with ``limit``, the count that
        ``count(limit)`` must give).
    """

    name: str
    constraints: dict[Hashable, list[Hashable]]
    secondary: list[Hashable] = field(default_factory=list)
    counts: dict[Hashable, int] = field(default_factory=dict)
    expected: int = 0
    limit: int | None = None
    note: str = ""
    #: The sweep order the instance's builder suggests (`sweep_order`), if any.
    order: list[Hashable] | None = None

    # --- the solver-neutral view: items numbered primary first -------------

    @property
    def multiplicities(self) -> bool:
        return any(k != 1 for k in self.counts.values())

    def items(self) -> tuple[list[Hashable], list[Hashable]]:
        """(primary, secondary) constraints, each in order of first appearance."""
        relaxed = set(self.secondary)
        primary: dict[Hashable, None] = {}
        for cons in self.constraints.values():
            for c in cons:
                if c not in relaxed:
                    primary[c] = None
        return list(primary), list(self.secondary)

    def numbered(self) -> tuple[int, int, list[list[int]]]:
        """(number of primary items, number of secondary items, options as
        lists of item numbers), primary items numbered first."""
        primary, secondary = self.items()
        index = {c: k for k, c in enumerate(primary + secondary)}
        options = [[index[c] for c in cons] for cons in self.constraints.values()]
        return len(primary), len(secondary), options

    # --- conversions ---------------------------------------------------------

    def to_dlx(self) -> str:
        """Knuth's DLX text. Items are named ``x0, x1, ...`` (primary) and
        ``y0, y1, ...`` (secondary; not ``p...``, which miniexact takes for
        its DIMACS-like format). Multiplicities use dlx3's bounds on
        primary items: ``v|x3`` for exactly v, and a secondary constraint with
        a count v > 1 becomes the primary item ``0:v|y3`` (DLX secondary items
        are covered at most once)."""
        primary, secondary = self.items()
        names: dict[Hashable, str] = {}
        head_primary: list[str] = []
        head_secondary: list[str] = []
        for k, c in enumerate(primary):
            names[c] = name = f"x{k}"
            v = self.counts.get(c, 1)
            head_primary.append(name if v == 1 else f"{v}|{name}")
        for k, c in enumerate(secondary):
            names[c] = name = f"y{k}"
            v = self.counts.get(c, 1)
            if v == 1:
                head_secondary.append(name)
            else:
                head_primary.append(f"0:{v}|{name}")
        # No comment line: miniexact's reader takes "| ..." on the first line
        # for the separator of the secondary items.
        lines = []
        head = " ".join(head_primary)
        if head_secondary:
            head += " | " + " ".join(head_secondary)
        lines.append(head)
        for cons in self.constraints.values():
            lines.append(" ".join(names[c] for c in cons))
        return "\n".join(lines) + "\n"

    def to_miniexact(self) -> str:
        """Input for miniexact's command line: the DLX text, except with
        multiplicities, which miniexact's DLX reader does not take (it reads
        ``2|x0`` as the bar before the secondary items): then its own format,
        ``< x0:2;2 ... y0:0;2 > [ secondary ]`` and options ending in ``;``."""
        if not self.counts:
            return self.to_dlx()
        primary, secondary = self.items()
        head, tail = [], []
        for k, c in enumerate(primary):
            v = self.counts.get(c, 1)
            head.append(f"x{k}:{v};{v}")
        names = {c: f"x{k}" for k, c in enumerate(primary)}
        for k, c in enumerate(secondary):
            names[c] = f"y{k}"
            v = self.counts.get(c, 1)
            if v == 1:
                tail.append(f"y{k}")
            else:
                head.append(f"y{k}:0;{v}")
        lines = ["< " + " ".join(head) + " >" + (" [ " + " ".join(tail) + " ]" if tail else "")]
        for cons in self.constraints.values():
            lines.append(" ".join(names[c] for c in cons) + ";")
        return "\n".join(lines) + "\n"

    def to_matrix(self) -> Any:
        """A NumPy boolean matrix: one row per choice, one column per item,
        primary items first (see :meth:`numbered`)."""
        import numpy as np

        n_primary, n_secondary, options = self.numbered()
        matrix = np.zeros((len(options), n_primary + n_secondary), dtype=bool)
        for r, option in enumerate(options):
            matrix[r, option] = True
        return matrix

    def solver(self, **kwargs: Any) -> Any:
        """An exactcover iterator over the solutions."""
        from exactcover import ExactCover, MultiCover

        if self.counts:
            required = [c for c in self.items()[0]]
            cover: Any = MultiCover(
                self.constraints, counts=self.counts, satisfy=required, **kwargs
            )
        else:
            cover = ExactCover(self.constraints, secondary=self.secondary or None, **kwargs)
        if self.order is not None:
            cover.sweep_order(self.order)
        return cover


# --- pentominoes ---------------------------------------------------------------

#: The twelve pentominoes, each in one orientation, as (row, column) cells.
PENTOMINOES = {
    "F": [(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)],
    "I": [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)],
    "L": [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1)],
    "N": [(0, 1), (1, 1), (2, 0), (2, 1), (3, 0)],
    "P": [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)],
    "T": [(0, 0), (0, 1), (0, 2), (1, 1), (2, 1)],
    "U": [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)],
    "V": [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)],
    "W": [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)],
    "X": [(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)],
    "Y": [(0, 1), (1, 0), (1, 1), (2, 1), (3, 1)],
    "Z": [(0, 0), (0, 1), (1, 1), (2, 1), (2, 2)],
}


def orientations(cells: list[tuple[int, int]]) -> list[tuple[tuple[int, int], ...]]:
    """The distinct rotations and reflections of a set of cells, normalized."""
    shapes = []
    for flip in (False, True):
        shape = [(j, i) if flip else (i, j) for i, j in cells]
        for _ in range(4):
            shape = [(j, -i) for i, j in shape]  # rotate a quarter turn
            # The first cell (in reading order) at the origin: placing that
            # cell on each cell of the region finds every placement.
            first_i, first_j = min(shape)
            normal = tuple(sorted((i - first_i, j - first_j) for i, j in shape))
            if normal not in shapes:
                shapes.append(normal)
    return shapes


def pentominoes(name: str, region: list[tuple[int, int]], expected: int) -> Instance:
    """Tile ``region`` with the twelve pentominoes, each used once: a choice is
    (piece, orientation, anchor cell), its constraints the piece and the five
    cells it covers."""
    cells = set(region)
    constraints: dict[Hashable, list[Hashable]] = {}
    for piece, shape in PENTOMINOES.items():
        for k, oriented in enumerate(orientations(shape)):
            for ai, aj in region:
                placed = [(ai + i, aj + j) for i, j in oriented]
                if all(c in cells for c in placed):
                    constraints[(piece, k, ai, aj)] = [piece, *placed]
    # Swept along the longer side, one cross-section at a time (as
    # exactcover.grids.sweep_order does for the builders).
    rows = max(i for i, _ in region) - min(i for i, _ in region)
    columns = max(j for _, j in region) - min(j for _, j in region)
    order: list[Hashable] = sorted(
        cells, key=(lambda c: (c[1], c[0])) if columns >= rows else (lambda c: c)
    )
    return Instance(name, constraints, expected=expected, order=order)


def rectangle(h: int, w: int) -> list[tuple[int, int]]:
    return [(i, j) for i in range(h) for j in range(w)]


def board_8x8_minus_centre() -> list[tuple[int, int]]:
    return [(i, j) for i, j in rectangle(8, 8) if not (i in (3, 4) and j in (3, 4))]


# --- queens --------------------------------------------------------------------


def queens(n: int, expected: int) -> Instance:
    """n-queens: rows and columns primary, diagonals secondary."""
    constraints = {
        (i, j): [("r", i), ("c", j), ("d", i - j), ("a", i + j)] for i in range(n) for j in range(n)
    }
    secondary = [("d", k) for k in range(-(n - 1), n)] + [("a", k) for k in range(2 * n - 1)]
    return Instance(f"queens-{n}", constraints, secondary=secondary, expected=expected)


def two_queens(n: int, expected: int) -> Instance:
    """2n queens on an n x n board (OEIS A225623): exactly two in every row and
    column, at most two on every diagonal."""
    base = queens(n, expected)
    counts: dict[Hashable, int] = {}
    for i in range(n):
        counts[("r", i)] = 2
        counts[("c", i)] = 2
    for d in base.secondary:
        counts[d] = 2
    return Instance(
        f"2n-queens-{n}",
        base.constraints,
        secondary=base.secondary,
        counts=counts,
        expected=expected,
    )


# --- Langford pairs -------------------------------------------------------------


def langford(n: int, expected: int) -> Instance:
    """Langford pairs: two copies of each k in 1..n in 2n slots, with k slots
    between them. Both a sequence and its reverse are counted (twice OEIS
    A014552)."""
    constraints: dict[Hashable, list[Hashable]] = {}
    for k in range(1, n + 1):
        for i in range(2 * n - k - 1):
            constraints[(k, i)] = [("v", k), ("s", i), ("s", i + k + 1)]
    # The natural order: the slots left to right.
    order: list[Hashable] = [("s", i) for i in range(2 * n)]
    return Instance(f"langford-{n}", constraints, expected=expected, order=order)


# --- Sudoku ----------------------------------------------------------------------

#: Hard 9x9 puzzles from published lists, each with a unique solution.
SUDOKU_PUZZLES = {
    # Arto Inkala's "world's hardest Sudoku" (2012)
    "inkala-2012": "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    # Arto Inkala's "AI Escargot" (2006)
    "ai-escargot": "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    # From the Sudoku Players' Forum hardest lists
    "easter-monster": "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
    "golden-nugget": ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....",
    "platinum-blonde": ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6...",
    # Built to defeat naive backtracking (Wikipedia, "Sudoku solving algorithms")
    "anti-backtracking": "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9",
    # Peter Norvig's hardest.txt
    "norvig-hardest-1": "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.",
    "norvig-hardest-2": "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
    "norvig-hardest-3": "12..4......5.69.1...9...5.........7.7...52.9..3......2.9.6...5.4..9..8.1..3...9.4",
    "norvig-hardest-4": "...57..3.1......2.7...234......8...4..7..4...49....6.5.42...3.....7..9....18.....",
    "norvig-hardest-5": "7..1523........92....3.....1....47.8.......6............9...5.6.4.9.7...8....6.1.",
    "norvig-hardest-7": "1...34.8....8..5....4.6..21.18......3..1.2..6......81.52..7.9....6..9....9.64...2",
    "norvig-hardest-8": "...92......68.3...19..7...623..4.1....1...7....8.3..297...8..91...5.72......64...",
    "norvig-hardest-9": ".6.5.4.3.1...9...8.........9...5...6.4.6.2.7.7...4...5.........4...8...1.5.2.3.4.",
    "norvig-hardest-10": "7.....4...2..7..8...3..8.799..5..3...6..2..9...1.97..6...3..9...3..4..6...9..1.35",
    "norvig-hardest-11": "....7..2.8.......6.1.2.5...9.54....8.........3....85.1...3.2.8.4.......9.7..6....",
    # Norvig's top95.txt, the first five
    "top95-1": "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "top95-2": "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    "top95-3": "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....",
    "top95-4": "48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....",
}


def sudoku(name: str, puzzle: str) -> Instance:
    """A 9x9 Sudoku with its givens applied: the choices are (row, column,
    digit) for the empty cells and the digits still allowed there, the
    constraints the cell, and the digit in the row, the column and the box
    (all primary). ``count(2)`` is 1 for a proper puzzle."""
    assert len(puzzle) == 81, name
    given = {(k // 9, k % 9): int(ch) for k, ch in enumerate(puzzle) if ch not in ".0"}
    used = set()
    for (r, c), d in given.items():
        used.update([("r", r, d), ("c", c, d), ("b", r // 3 * 3 + c // 3, d)])
    constraints: dict[Hashable, list[Hashable]] = {}
    for r in range(9):
        for c in range(9):
            if (r, c) in given:
                continue
            b = r // 3 * 3 + c // 3
            for d in range(1, 10):
                cons = [("x", r, c), ("r", r, d), ("c", c, d), ("b", b, d)]
                if not used.intersection(cons[1:]):
                    constraints[(r, c, d)] = cons
    return Instance(f"sudoku-{name}", constraints, expected=1, limit=2)


def sudoku_set() -> list[Instance]:
    return [sudoku(name, puzzle) for name, puzzle in SUDOKU_PUZZLES.items()]


# --- the catalogue ----------------------------------------------------------------

#: n-queens solutions (OEIS A000170): ``build("queens-N")`` for any of these N.
QUEENS = {12: 14200, 13: 73712, 14: 365596, 15: 2279184, 16: 14772512}

#: name -> (builder, quick?). The builders take no argument.
INSTANCES: dict[str, tuple[Callable[[], Any], bool]] = {
    "pentominoes-6x10": (lambda: pentominoes("pentominoes-6x10", rectangle(6, 10), 9356), False),
    "pentominoes-5x12": (lambda: pentominoes("pentominoes-5x12", rectangle(5, 12), 4040), False),
    "pentominoes-8x8-centre": (
        lambda: pentominoes("pentominoes-8x8-centre", board_8x8_minus_centre(), 520),
        True,
    ),
    "queens-12": (lambda: queens(12, QUEENS[12]), True),
    "queens-13": (lambda: queens(13, QUEENS[13]), False),
    "queens-14": (lambda: queens(14, QUEENS[14]), False),
    "langford-11": (lambda: langford(11, 35584), True),
    "langford-12": (lambda: langford(12, 216288), False),
    "2n-queens-7": (lambda: two_queens(7, 19448), True),
    "2n-queens-8": (lambda: two_queens(8, 477136), False),
    # A list of instances, timed together and reported in puzzles per second.
    "sudoku-hard": (sudoku_set, True),
}

QUICK = [name for name, (_, quick) in INSTANCES.items() if quick]


def build(name: str) -> Instance | list[Instance]:
    if name not in INSTANCES and name.startswith("queens-") and name[7:].isdigit():
        n = int(name[7:])
        if n in QUEENS:
            return queens(n, QUEENS[n])
    return INSTANCES[name][0]()


if __name__ == "__main__":
    if len(sys.argv) == 1:
        for name, (_, quick) in INSTANCES.items():
            print(name, "(quick)" if quick else "")
    else:
        built = build(sys.argv[1])
        for inst in built if isinstance(built, list) else [built]:
            sys.stdout.write(inst.to_dlx())
