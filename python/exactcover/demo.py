"""The puzzle demos: `exactcover PUZZLE [options]`.

With no puzzle named, `pentominoes`: tile the 6x10 rectangle with the
twelve pentominoes, print one tiling, count the essentially different
tilings (2339) and draw a few of them in an SVG file. `queens` solves and
counts the n-queens and 2n-queens problems; `aztec` counts the domino tilings
of an Aztec diamond and draws a random one; `sudoku` solves a Sudoku (by
default a famously hard one) and proves its solution unique, or generates one.
`hexiamonds` tiles a rhombus of triangles with the twelve hexiamonds and
`soma` solves the Soma cube; both count and draw. What a demo leaves out (a
count that would take too long, a drawing not asked for) it says, and why.

Each puzzle is a `Puzzle` in `PUZZLES`: a name, a line of help, a function
adding its options to an argparse parser, and a function running it. Adding
a puzzle is adding an entry: the command line (`exactcover.cli`) makes each
one a subcommand beside `solve`, with the same exit statuses
(`exactcover.cli.EXIT_CODES`): 0 when the demo ran (a count of 0, as of
3-queens, is a result), 1 when the Sudoku to solve has no solution, 2 for a
bad command line, a bad puzzle or an output file that cannot be written, 130
after Ctrl-C.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from itertools import islice, product
from typing import TYPE_CHECKING, Any, NamedTuple

from ._command_line import (
    EXIT_NO_SOLUTION,
    EXIT_SOLVED,
    CommandError,
    between,
    file_name,
    non_negative,
    threads,
    whole_number,
)

if TYPE_CHECKING:
    from .sudoku import SudokuGrid

__all__ = ["Puzzle", "PUZZLES", "DemoError"]


class DemoError(CommandError):
    """A demo cannot go on (a bad puzzle, an output file that cannot be
    written): the command line prints the message, naming the demo, and
    exits with status 2."""


def _save(path: str, svg: str) -> None:
    """Write an SVG file; DemoError (not a traceback) when it cannot be written."""
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(svg)
    except OSError as error:
        raise DemoError(f"cannot write {path}: {error.strerror or error}") from None


def _drew(drawn: int, path: str, asked: int) -> None:
    """Say what was drawn, or that nothing was and why: none asked for
    (`--drawings 0`), or none to draw (a board with no tiling)."""
    if drawn:
        print(f"Drew {drawn} of them in {path}")
    elif asked:
        print("Drew none (there is none to draw): no SVG file written")
    else:
        print("Drew none (--drawings 0): no SVG file written")


class Puzzle(NamedTuple):
    """A demo: `exactcover NAME [options]`.

    Attributes:
        name: The subcommand.
        help: One line for `--help`.
        add_arguments: Adds the puzzle's options to its parser.
        run: Runs the puzzle with the parsed options (which also hold
            `parser`, the puzzle's own parser, for usage errors); returns the
            exit status, or raises `DemoError`.
    """

    name: str
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


def _default_threads() -> int:
    """The default `--threads` of `pentominoes`: the number of cores, at most 4."""
    return max(1, min(4, os.cpu_count() or 1))


# Pentominoes --------------------------------------------------------------------


def _most(drawings: int) -> int:
    """`--drawings N` as the most to take: an N past `sys.maxsize` (more than
    any puzzle here has) asks for them all."""
    return min(drawings, sys.maxsize)


def _rectangle(text: str) -> tuple[int, int]:
    """Read `--board HxW` for the pentominoes: a rectangle of 60 cells."""
    try:
        h, w = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected HEIGHTxWIDTH, like 6x10, not {text!r}"
        ) from None
    if h < 1 or w < 1 or h * w != 60:
        raise argparse.ArgumentTypeError(f"the twelve pentominoes cover 60 cells, not {h}x{w}")
    return h, w


def _pentomino_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of `pentominoes`."""
    parser.add_argument(
        "--board",
        type=_rectangle,
        default=(6, 10),
        metavar="HxW",
        help="the rectangle to tile: 6x10 (default), 5x12, 4x15 or 3x20",
    )
    parser.add_argument(
        "--output",
        "-o",
        type=file_name,
        metavar="FILE",
        help="the SVG file to write (default: pentominoes-HxW.svg in the current directory)",
    )
    parser.add_argument(
        "--drawings",
        type=non_negative,
        default=8,
        metavar="N",
        help="how many essentially different tilings to draw (default: 8)",
    )
    parser.add_argument(
        "--threads",
        type=threads,
        default=_default_threads(),
        metavar="N",
        help="threads for counting, as for solve (default: the number of cores, at most 4)",
    )


def _pentominoes(args: argparse.Namespace) -> int:
    """Run `pentominoes`: one tiling, the count, and a few drawn."""
    from .polyomino import (
        PENTOMINOES,
        count_unique,
        decode_solution,
        encode_polyominoes,
        polyomino,
        tiling_symmetries,
        unique_tilings,
    )
    from .svg import polyomino_svg

    h, w = args.board
    pieces = encode_polyominoes(PENTOMINOES)
    region = set(product(range(h), range(w)))
    print(f"The twelve pentominoes in a {h}x{w} rectangle, one tiling:")
    first = next(polyomino(pieces, region), None)  # none for 2x30 or 1x60
    print(decode_solution(first) if first is not None else "(none)")
    start = time.perf_counter()
    unique = count_unique(pieces, region, threads=args.threads)
    elapsed = time.perf_counter() - start
    # No tiling of a rectangle by twelve different pieces is symmetric, so
    # each class holds one tiling per symmetry of the rectangle.
    total = unique * len(tiling_symmetries(pieces, region))
    print(
        f"{unique} essentially different tilings "
        f"({total} counting rotations and reflections; {elapsed:.2f} s)"
    )
    output = args.output or f"pentominoes-{h}x{w}.svg"
    drawings = list(islice(unique_tilings(pieces, region), _most(args.drawings)))
    if drawings:
        columns = 4 if w <= h * 2 else 2 if w <= 15 else 1
        _save(output, polyomino_svg(drawings, columns=columns, size=20).tostring())
    _drew(len(drawings), output, args.drawings)
    return EXIT_SOLVED


# Queens ---------------------------------------------------------------------------


#: The largest n whose n-queens solutions the demo counts unasked (15: 2.3
#: million solutions in seconds; each size up takes about six times longer).
_QUEENS_COUNTED = 15
#: The largest n whose 2n-queens solutions the demo counts unasked (9: 14
#: million solutions in about 30 s; Knuth's estimate gives 10 about 36 times
#: the nodes).
_QUEENS_2N_COUNTED = 9
#: Random probes behind the estimate shown for a count that is not made.
_PROBES = 10_000


def _queens_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of `queens`."""
    parser.add_argument(
        "-n",
        type=between(1, 20, "the board size"),
        default=8,
        help="board size, 1 to 20 (default: 8)",
    )
    parser.add_argument(
        "--output",
        "-o",
        type=file_name,
        metavar="FILE",
        help="also draw the first solution in this SVG file",
    )
    parser.add_argument(
        "--count",
        action="store_true",
        help=(
            f"count the n-queens solutions even for n > {_QUEENS_COUNTED}, and the 2n-queens "
            f"ones for n > {_QUEENS_2N_COUNTED} (hours: 20-queens has 39 billion); otherwise "
            "only Knuth's estimate is shown for those"
        ),
    )


def _count_or_estimate(
    title: str, problem: Any, counted: bool, count_above: int, seed: int
) -> None:
    """Print a puzzle's count, or Knuth's estimate and why it was not counted.

    Args:
        title: What the line counts ("8-queens").
        problem: The `ExactCover` to count.
        counted: Whether to count it.
        count_above: The size above which it is not counted unasked, for the
            message.
        seed: The seed of the estimate's random probes.
    """
    start = time.perf_counter()
    if counted:
        try:
            total = problem.count()
        except KeyboardInterrupt:
            # Ctrl-C: the count so far, as `solve --count` prints it.
            found = problem._found_before_interrupt()
            print(
                f"{title}: {found} solution{'' if found == 1 else 's'} so far "
                f"(interrupted after {time.perf_counter() - start:.3f} s)"
            )
            raise
        print(
            f"{title}: {total} solution{'' if total == 1 else 's'} "
            f"({time.perf_counter() - start:.3f} s)"
        )
        return
    e = problem.estimate(_PROBES, seed=seed)
    print(
        f"{title}: about {e.solutions:.2g} solutions (Knuth's estimate from {e.samples} "
        f"random probes; not counted above n = {count_above}: a count would search about "
        f"{e.nodes:.2g} nodes, a few million a second: add --count to count them)"
    )


def _queens(args: argparse.Namespace) -> int:
    """Run `queens`: one solution and the count of n queens, then of 2n queens."""
    from .queens import decode_queens, queens, queens_2n, queens_svg

    n = args.n
    first = next(queens(n), None)
    print(f"{n}-queens, one solution:")
    print(decode_queens(n, first) if first is not None else "(none)")
    if first is not None and args.output:
        _save(args.output, queens_svg(n, first).tostring())
        print(f"Drew it in {args.output}")
    elif args.output:
        print(f"No solution to draw: {args.output} not written")
    counted = n <= _QUEENS_COUNTED or args.count
    _count_or_estimate(f"{n}-queens", queens(n), counted, _QUEENS_COUNTED, seed=n)
    print()
    first = next(queens_2n(n), None)
    print(f"2n-queens on {n}x{n}, one solution:")
    print(decode_queens(n, first) if first is not None else "(none)")
    _count_or_estimate(
        f"2n-queens on {n}x{n}",
        queens_2n(n),
        n <= _QUEENS_2N_COUNTED or args.count,
        _QUEENS_2N_COUNTED,
        seed=n,
    )
    return EXIT_SOLVED


# Sudoku ---------------------------------------------------------------------------

#: Arto Inkala's puzzle (2012), often called the world's hardest Sudoku.
_INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


def _sudoku_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of `sudoku`."""
    parser.add_argument(
        "puzzle",
        nargs="?",
        help=(
            "the puzzle: 81 characters with . or 0 for blanks (or n*n for other sizes), "
            "or a file holding a grid; default: Arto Inkala's hard 9x9 puzzle"
        ),
    )
    parser.add_argument(
        "--generate",
        type=non_negative,
        metavar="SEED",
        help="instead, generate a puzzle with a unique solution and no redundant clue",
    )
    parser.add_argument(
        "--size",
        type=whole_number,
        help="grid size for --generate: 4, 6, 9... up to 35 (default 9)",
    )
    parser.add_argument(
        "--output",
        "-o",
        type=file_name,
        metavar="FILE",
        help="also draw the solved grid in this SVG file",
    )


def _sudoku(args: argparse.Namespace) -> int:
    """Run `sudoku`: solve the puzzle given (or generated) and check it is unique."""
    from .sudoku import DEFAULT_SYMBOLS, Sudoku

    if args.generate is None and args.size is not None:
        args.parser.error("--size is the size of a generated puzzle: it needs --generate")
    if args.size is not None and not 1 <= args.size <= len(DEFAULT_SYMBOLS):
        # The sizes that have symbols to write the grid with.
        args.parser.error(
            f"argument --size: the grid size must be between 1 and {len(DEFAULT_SYMBOLS)}, "
            f"not {args.size}"
        )
    if args.generate is not None and args.puzzle is not None:
        args.parser.error("--generate makes its own puzzle: give no PUZZLE with it")
    if args.generate is not None:
        args.size = 9 if args.size is None else args.size
        try:
            sudoku = Sudoku.of_size(args.size)
        except ValueError as error:
            raise DemoError(str(error)) from None
        start = time.perf_counter()
        puzzle = sudoku.generate(args.generate)
        took = time.perf_counter() - start
        print(f"A {args.size}x{args.size} puzzle from seed {args.generate} ({took:.3f} s):")
    else:
        puzzle = _read_puzzle(args.puzzle)
        print("The puzzle:")
    print(puzzle)
    print(f"{puzzle.clues()} clues")
    start = time.perf_counter()
    solution = puzzle.solve()
    count = puzzle.count(limit=2)
    took = time.perf_counter() - start
    if solution is None:
        print("No solution.")
        if args.output:
            print(f"No solution to draw: {args.output} not written")
        return EXIT_NO_SOLUTION  # as `exactcover solve` when there is no solution
    unique = "the only solution" if count == 1 else "one of several solutions"
    print(f"\nSolved in {took * 1000:.1f} ms, {unique}:")
    print(solution)
    if args.output:
        _save(args.output, solution.svg().tostring())
        print(f"Drew it in {args.output}")
    return EXIT_SOLVED


# Hexiamonds and the Soma cube ---------------------------------------------------------


def _rhombus(text: str) -> tuple[int, int]:
    """Read `--board HxW` for the hexiamonds: a rhombus of 36 pairs of triangles."""
    try:
        h, w = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected HEIGHTxWIDTH, like 6x6, not {text!r}") from None
    if h < 1 or w < 1 or h * w != 36:
        raise argparse.ArgumentTypeError(
            f"the twelve hexiamonds cover a rhombus of 36 pairs of triangles, not {h}x{w}"
        )
    return h, w


def _hexiamond_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of `hexiamonds`."""
    parser.add_argument(
        "--board",
        type=_rhombus,
        default=(6, 6),
        metavar="HxW",
        help="the rhombus to tile, H rows of 2W triangles: 6x6 (default), 4x9, 3x12 or 2x18",
    )
    parser.add_argument(
        "--output",
        "-o",
        type=file_name,
        metavar="FILE",
        help="the SVG file to write (default: hexiamonds-HxW.svg in the current directory)",
    )
    parser.add_argument(
        "--drawings",
        type=non_negative,
        default=4,
        metavar="N",
        help="how many essentially different tilings to draw (default: 4)",
    )


def _hexiamonds(args: argparse.Namespace) -> int:
    """Run `hexiamonds`: count the tilings of the rhombus and draw a few."""
    from .grids import TRIANGLE
    from .polyform import (
        HEXIAMONDS,
        count_unique,
        encode_pieces,
        tiling_symmetries,
        unique_tilings,
    )
    from .svg import polyform_svg

    h, w = args.board
    pieces = encode_pieces(TRIANGLE, HEXIAMONDS)
    region = {(r, c) for r in range(h) for c in range(h - r, h - r + 2 * w)}
    print(f"The twelve hexiamonds in a {h}x{w} rhombus of triangles:")
    start = time.perf_counter()
    unique = count_unique(TRIANGLE, pieces, region)
    elapsed = time.perf_counter() - start
    # No tiling by twelve different pieces is symmetric: each class holds
    # one tiling per symmetry of the rhombus.
    total = unique * len(tiling_symmetries(TRIANGLE, pieces, region))
    print(
        f"{unique} essentially different tilings "
        f"({total} counting rotations and reflections; {elapsed:.2f} s)"
    )
    output = args.output or f"hexiamonds-{h}x{w}.svg"
    drawings = list(islice(unique_tilings(TRIANGLE, pieces, region), _most(args.drawings)))
    if drawings:
        picture = polyform_svg(TRIANGLE, drawings, columns=2 if w <= 9 else 1, size=16)
        _save(output, picture.tostring())
    _drew(len(drawings), output, args.drawings)
    return EXIT_SOLVED


def _soma_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of `soma`."""
    parser.add_argument(
        "--output",
        "-o",
        type=file_name,
        metavar="FILE",
        default="soma.svg",
        help="the SVG file to write (default: soma.svg in the current directory)",
    )
    parser.add_argument(
        "--drawings",
        type=non_negative,
        default=4,
        metavar="N",
        help="how many essentially different solutions to draw (default: 4)",
    )
    parser.add_argument(
        "--layers",
        action="store_true",
        help="draw each solution layer by layer (default: an exploded view)",
    )


def _soma(args: argparse.Namespace) -> int:
    """Run `soma`: count the Soma cube's solutions and draw a few."""
    from .grids import CUBE
    from .polyform import (
        SOMA,
        SOMA_MIRRORS,
        box,
        canonical,
        count_unique,
        encode_pieces,
        polyforms,
        unique_tilings,
    )
    from .svg import polycube_svg

    pieces = encode_pieces(CUBE, SOMA)
    cube = box(3, 3, 3)
    print("The Soma cube: the seven pieces V L T Z A B P in a 3x3x3 cube.")
    start = time.perf_counter()
    total = polyforms(CUBE, pieces, cube, orientations="rotations").count()
    turned = count_unique(CUBE, pieces, cube, orientations="rotations")
    # A reflection of a solution is a solution with the mirror pieces A and B
    # swapped: classes under reflections too, from one solution per rotation class.
    solutions = list(unique_tilings(CUBE, pieces, cube, orientations="rotations"))
    classes: dict[object, list[tuple[object, tuple[tuple[int, ...], ...]]]] = {}
    for solution in solutions:
        classes.setdefault(canonical(CUBE, solution, mirror_names=SOMA_MIRRORS), solution)
    elapsed = time.perf_counter() - start
    print(
        f"{len(classes)} essentially different solutions ({turned} up to rotations, "
        f"{total} in all; {elapsed:.2f} s)"
    )
    drawings = list(classes.values())[: args.drawings]
    if drawings:
        options = {"layers": True, "gap": 0.3} if args.layers else {"gap": 0.6}
        picture = polycube_svg(drawings, columns=2, size=16, **options)  # type: ignore[arg-type]
        _save(args.output, picture.tostring())
    _drew(len(drawings), args.output, args.drawings)
    return EXIT_SOLVED


def _read_puzzle(given: str | None) -> SudokuGrid:
    """The puzzle named on the command line: a file if there is one of that
    name, else the puzzle's text; `DemoError` saying both when it is neither."""
    from .sudoku import parse_sudoku

    if given is None:
        return parse_sudoku(_INKALA)
    if os.path.exists(given):
        try:
            with open(given, encoding="utf-8") as f:
                text = f.read()
        except UnicodeDecodeError as error:
            line = error.object[: error.start].count(b"\n") + 1
            raise DemoError(
                f"{given} is not UTF-8 text: byte 0x{error.object[error.start]:02x} on line {line}"
            ) from None
        except OSError as error:
            raise DemoError(f"cannot read {given}: {error.strerror or error}") from None
        try:
            return parse_sudoku(text)
        except ValueError as error:
            raise DemoError(f"{given}: {error}") from None
    try:
        return parse_sudoku(given)
    except ValueError as error:
        raise DemoError(
            f"{given!r} is neither a file nor a puzzle (no such file; as a puzzle: {error})"
        ) from None


#: The largest Aztec diamond the demo counts (its memo grows about 2.2x an order).
_AZTEC_MAX = 16


def _aztec_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of `aztec`."""
    parser.add_argument(
        "--order",
        "-n",
        type=between(1, _AZTEC_MAX, "the order"),
        default=10,
        metavar="N",
        help=(
            f"the order of the Aztec diamond, 1 to {_AZTEC_MAX} (default: 10; each more takes "
            "about twice as long)"
        ),
    )
    parser.add_argument(
        "--seed", type=non_negative, default=None, metavar="SEED", help="seed of the random tiling"
    )
    parser.add_argument(
        "--output",
        "-o",
        type=file_name,
        metavar="FILE",
        help="the SVG file to write (default: aztec-N.svg in the current directory)",
    )


def _aztec(args: argparse.Namespace) -> int:
    """Run `aztec`: count the domino tilings by memoization and draw a random one."""
    from .dominoes import aztec_diamond, domino_tilings, dominoes_svg

    n = args.order
    start = time.perf_counter()
    graph = domino_tilings(aztec_diamond(n)).solution_graph()
    elapsed = time.perf_counter() - start
    print(
        f"The Aztec diamond of order {n} has {graph.count} domino tilings "
        f"(2^{n * (n + 1) // 2}), counted by memoization in {elapsed:.2f} s: "
        f"{graph.num_nodes} distinct sub-problems, {graph.nbytes / 1e6:.0f} MB."
    )
    tiling = graph.sample(seed=args.seed)
    output = args.output or f"aztec-{n}.svg"
    _save(output, dominoes_svg(tiling).tostring())
    print(f"Drew a uniformly random one in {output}")
    return EXIT_SOLVED


#: The demos, the first being the default.
PUZZLES: list[Puzzle] = [
    Puzzle(
        "pentominoes",
        "tile a rectangle with the twelve pentominoes; count and draw the tilings (default)",
        _pentomino_arguments,
        _pentominoes,
    ),
    Puzzle(
        "queens",
        "n queens on an n x n board, and 2n queens (two per row and column, at most two "
        "per diagonal)",
        _queens_arguments,
        _queens,
    ),
    Puzzle(
        "aztec",
        "count the domino tilings of an Aztec diamond and draw a uniformly random one",
        _aztec_arguments,
        _aztec,
    ),
    Puzzle(
        "sudoku",
        "solve a Sudoku of any size and prove its solution unique, or generate one",
        _sudoku_arguments,
        _sudoku,
    ),
    Puzzle(
        "hexiamonds",
        "tile a rhombus of triangles with the twelve hexiamonds; count and draw the tilings",
        _hexiamond_arguments,
        _hexiamonds,
    ),
    Puzzle(
        "soma",
        "the Soma cube: count its solutions (240 essentially different) and draw a few",
        _soma_arguments,
        _soma,
    ),
]
