"""The puzzle demos: ``python -m exactcover [PUZZLE] [options]``.

With no puzzle named, ``pentominoes``: tile the 6x10 rectangle with the
twelve pentominoes, print one tiling, count the essentially different
tilings (2339) and draw a few of them in an SVG file. ``queens`` solves and
counts the n-queens and 2n-queens problems; ``sudoku`` solves a Sudoku (by
default a famously hard one) and proves its solution unique, or generates one.
``hexiamonds`` tiles a rhombus of triangles with the twelve hexiamonds and
``soma`` solves the Soma cube; both count and draw.

Each puzzle is a :class:`Puzzle` in :data:`PUZZLES`: a name, a line of help,
a function adding its options to an argparse parser, and a function running
it. Adding a puzzle is adding an entry.

Exit status as for ``exactcover solve`` (:data:`exactcover.cli.EXIT_CODES`):
0 when the demo ran, 1 when a puzzle has no solution, 2 for a bad command
line, a bad puzzle or an output file that cannot be written, 130 after
Ctrl-C.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable, Sequence
from itertools import islice, product
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .sudoku import SudokuGrid

__all__ = ["Puzzle", "PUZZLES", "main", "DemoError"]


class DemoError(Exception):
    """A demo cannot go on (a bad puzzle, an output file that cannot be
    written): :func:`main` prints the message and exits with status 2."""


def _save(path: str, svg: str) -> None:
    """Write an SVG file; DemoError (not a traceback) when it cannot be written."""
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(svg)
    except OSError as error:
        raise DemoError(f"cannot write {path}: {error.strerror or error}") from None


class Puzzle(NamedTuple):
    """A demo: ``python -m exactcover NAME [options]``.

    name -- the subcommand.
    help -- one line for ``--help``.
    add_arguments -- adds the puzzle's options to its parser.
    run -- runs the puzzle with the parsed options; returns the exit status.
    """

    name: str
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


def _default_threads() -> int:
    return max(1, min(4, os.cpu_count() or 1))


# Pentominoes --------------------------------------------------------------------


def _rectangle(text: str) -> tuple[int, int]:
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
        metavar="FILE",
        help="the SVG file to write (default: pentominoes-HxW.svg in the current directory)",
    )
    parser.add_argument(
        "--drawings",
        type=int,
        default=8,
        metavar="N",
        help="how many essentially different tilings to draw (default: 8)",
    )
    parser.add_argument(
        "--threads",
        type=int,
        default=_default_threads(),
        metavar="N",
        help="threads for counting (default: the number of cores, at most 4)",
    )


def _pentominoes(args: argparse.Namespace) -> int:
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
    print(decode_solution(next(polyomino(pieces, region))))
    start = time.perf_counter()
    unique = count_unique(pieces, region, threads=max(1, args.threads))
    elapsed = time.perf_counter() - start
    # No tiling of a rectangle by twelve different pieces is symmetric, so
    # each class holds one tiling per symmetry of the rectangle.
    total = unique * len(tiling_symmetries(pieces, region))
    print(
        f"{unique} essentially different tilings "
        f"({total} counting rotations and reflections; {elapsed:.2f} s)"
    )
    output = args.output or f"pentominoes-{h}x{w}.svg"
    drawings = list(islice(unique_tilings(pieces, region), max(0, args.drawings)))
    if drawings:
        columns = 4 if w <= h * 2 else 2 if w <= 15 else 1
        _save(output, polyomino_svg(drawings, columns=columns, size=20).tostring())
        print(f"Drew {len(drawings)} of them in {output}")
    return 0


# Queens ---------------------------------------------------------------------------


#: The largest n whose n-queens solutions the demo counts unasked (15: 2.3
#: million solutions in seconds; each size up takes about six times longer).
_QUEENS_COUNTED = 15


def _queens_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-n", type=_board_size, default=8, help="board size, 1 to 20 (default: 8)")
    parser.add_argument("-o", "--output", help="also draw the first solution in this SVG file")
    parser.add_argument(
        "--count",
        action="store_true",
        help=(
            f"count the n-queens solutions even for n > {_QUEENS_COUNTED} (hours: 20-queens "
            "has 39 billion); otherwise only Knuth's estimate is shown for those"
        ),
    )


def _board_size(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if not 1 <= n <= 20:
        raise argparse.ArgumentTypeError(f"the board size must be between 1 and 20, not {n}")
    return n


def _queens(args: argparse.Namespace) -> int:
    from .queens import decode_queens, queens, queens_2n, queens_svg

    n = args.n
    first = next(queens(n), None)
    print(f"{n}-queens, one solution:")
    print(decode_queens(n, first) if first is not None else "(none)")
    if first is not None and args.output:
        _save(args.output, queens_svg(n, first).tostring())
        print(f"Drew it in {args.output}")
    start = time.perf_counter()
    if n <= _QUEENS_COUNTED or args.count:
        total = queens(n).count()
        print(
            f"{n}-queens: {total} solution{'' if total == 1 else 's'} "
            f"({time.perf_counter() - start:.3f} s)\n"
        )
    else:
        e = queens(n).estimate(10_000, seed=n)
        print(
            f"{n}-queens: about {e.solutions:.2g} solutions (Knuth's estimate from "
            f"{e.samples} random probes; a count would search about {e.nodes:.2g} nodes, "
            "a few million a second: add --count to count them)\n"
        )

    first = next(queens_2n(n), None)
    print(f"2n-queens on {n}x{n}, one solution:")
    print(decode_queens(n, first) if first is not None else "(none)")
    if n <= 9:
        start = time.perf_counter()
        total = queens_2n(n).count()
        print(
            f"2n-queens on {n}x{n}: {total} solution{'' if total == 1 else 's'} "
            f"({time.perf_counter() - start:.3f} s)"
        )
    return 0


# Sudoku ---------------------------------------------------------------------------

#: Arto Inkala's puzzle (2012), often called the world's hardest Sudoku.
_INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


def _sudoku_arguments(parser: argparse.ArgumentParser) -> None:
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
        type=int,
        metavar="SEED",
        help="instead, generate a puzzle with a unique solution and no redundant clue",
    )
    parser.add_argument(
        "--size", type=int, default=9, help="grid size for --generate: 4, 6, 9... (default 9)"
    )
    parser.add_argument("-o", "--output", help="also draw the solved grid in this SVG file")


def _sudoku(args: argparse.Namespace) -> int:
    from .sudoku import Sudoku

    if args.generate is not None:
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
        return 1  # as `exactcover solve` when there is no solution
    unique = "the only solution" if count == 1 else "one of several solutions"
    print(f"\nSolved in {took * 1000:.1f} ms, {unique}:")
    print(solution)
    if args.output:
        _save(args.output, solution.svg().tostring())
        print(f"Drew it in {args.output}")
    return 0


# Hexiamonds and the Soma cube ---------------------------------------------------------


def _rhombus(text: str) -> tuple[int, int]:
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
        metavar="FILE",
        help="the SVG file to write (default: hexiamonds-HxW.svg in the current directory)",
    )
    parser.add_argument(
        "--drawings",
        type=int,
        default=4,
        metavar="N",
        help="how many essentially different tilings to draw (default: 4)",
    )


def _hexiamonds(args: argparse.Namespace) -> int:
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
    drawings = list(islice(unique_tilings(TRIANGLE, pieces, region), max(0, args.drawings)))
    if drawings:
        picture = polyform_svg(TRIANGLE, drawings, columns=2 if w <= 9 else 1, size=16)
        _save(output, picture.tostring())
        print(f"Drew {len(drawings)} of them in {output}")
    return 0


def _soma_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--output",
        "-o",
        metavar="FILE",
        default="soma.svg",
        help="the SVG file to write (default: soma.svg in the current directory)",
    )
    parser.add_argument(
        "--drawings",
        type=int,
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
    drawings = list(classes.values())[: max(0, args.drawings)]
    if drawings:
        options = {"layers": True, "gap": 0.3} if args.layers else {"gap": 0.6}
        picture = polycube_svg(drawings, columns=2, size=16, **options)  # type: ignore[arg-type]
        _save(args.output, picture.tostring())
        print(f"Drew {len(drawings)} of them in {args.output}")
    return 0


def _read_puzzle(given: str | None) -> SudokuGrid:
    """The puzzle named on the command line: a file if there is one of that
    name, else the puzzle's text; DemoError saying both when it is neither."""
    from .sudoku import parse_sudoku

    if given is None:
        return parse_sudoku(_INKALA)
    if os.path.exists(given):
        try:
            with open(given, encoding="utf-8") as f:
                text = f.read()
        except (OSError, UnicodeDecodeError) as error:
            raise DemoError(
                f"cannot read {given}: {getattr(error, 'strerror', None) or error}"
            ) from None
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


#: The demos, the first being the default.
def _aztec_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--order",
        "-n",
        type=int,
        default=10,
        metavar="N",
        help="the order of the Aztec diamond (default: 10; each more takes about 4x longer)",
    )
    parser.add_argument("--seed", type=int, default=None, help="seed of the random tiling")
    parser.add_argument(
        "--output",
        "-o",
        metavar="FILE",
        help="the SVG file to write (default: aztec-N.svg in the current directory)",
    )


def _aztec(args: argparse.Namespace) -> int:
    from .dominoes import aztec_diamond, domino_tilings, dominoes_svg

    n = args.order
    if not 1 <= n <= 14:
        raise SystemExit("exactcover aztec: --order must be between 1 and 14")
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
    dominoes_svg(tiling).save(output)
    print(f"Drew a uniformly random one in {output}")
    return 0


PUZZLES: list[Puzzle] = [
    Puzzle(
        "pentominoes",
        "tile a rectangle with the twelve pentominoes; count and draw the tilings (default)",
        _pentomino_arguments,
        _pentominoes,
    ),
    Puzzle(
        "queens",
        "n queens on an n x n board, and 2n queens (two per row, column and diagonal)",
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


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m exactcover",
        description="Puzzles solved as exact cover problems, by exactcover.",
        epilog=(
            "With no puzzle named, runs '%(prog)s pentominoes'. "
            "'%(prog)s PUZZLE --help' shows a puzzle's options; '%(prog)s solve --help' "
            "the solver for DLX files."
        ),
    )
    from ._native import __version__

    parser.add_argument("--version", "-V", action="version", version=f"exactcover {__version__}")
    commands = parser.add_subparsers(dest="puzzle", metavar="PUZZLE")
    for puzzle in PUZZLES:
        sub = commands.add_parser(puzzle.name, help=puzzle.help, description=puzzle.help)
        puzzle.add_arguments(sub)
        sub.set_defaults(run=puzzle.run, command=puzzle.name)
    # Listed for --help; the command line (exactcover.cli) runs it, not this module.
    commands.add_parser("solve", help="solve a problem in Knuth's DLX format (exactcover solve)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run a puzzle demo; returns the exit status.

    ``argv`` is the command line after the program name; when it is empty
    or starts with an option, the first puzzle (pentominoes) runs with it.
    ``solve`` is not a demo: the ``exactcover`` command
    (:func:`exactcover.cli.main`) runs it.
    """
    import sys

    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "solve":
        _parser().error("'solve' is run by the exactcover command: exactcover solve FILE")
    if not args or (args[0].startswith("-") and args[0] not in ("-h", "--help", "-V", "--version")):
        args.insert(0, PUZZLES[0].name)
    parsed = _parser().parse_args(args)
    try:
        return parsed.run(parsed)  # type: ignore[no-any-return]
    except DemoError as error:
        print(f"exactcover {parsed.command}: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"exactcover {parsed.command}: interrupted", file=sys.stderr)
        return 130
