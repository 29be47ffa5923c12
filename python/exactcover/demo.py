"""The puzzle demos: ``python -m exactcover [PUZZLE] [options]``.

With no puzzle named, ``pentominoes``: tile the 6x10 rectangle with the
twelve pentominoes, print one tiling, count the essentially different
tilings (2339) and draw a few of them in an SVG file. ``queens`` solves and
counts the n-queens and 2n-queens problems; ``sudoku`` solves a Sudoku (by
default a famously hard one) and proves its solution unique, or generates one.

Each puzzle is a :class:`Puzzle` in :data:`PUZZLES`: a name, a line of help,
a function adding its options to an argparse parser, and a function running
it. Adding a puzzle is adding an entry.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable, Sequence
from itertools import islice, product
from typing import NamedTuple

__all__ = ["Puzzle", "PUZZLES", "main"]


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
        polyomino_svg(drawings, columns=columns, size=20).save(output)
        print(f"Drew {len(drawings)} of them in {output}")
    return 0


# Queens ---------------------------------------------------------------------------


def _queens_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-n", type=int, default=8, help="board size, 1 to 20 (default: 8)")
    parser.add_argument("-o", "--output", help="also draw the first solution in this SVG file")


def _queens(args: argparse.Namespace) -> int:
    from .queens import decode_queens, queens, queens_2n, queens_svg

    n = args.n
    if not 1 <= n <= 20:
        raise SystemExit("python -m exactcover queens: error: n must be between 1 and 20")
    first = next(queens(n), None)
    print(f"{n}-queens, one solution:")
    print(decode_queens(n, first) if first is not None else "(none)")
    if first is not None and args.output:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(queens_svg(n, first))
        print(f"Drew it in {args.output}")
    start = time.perf_counter()
    total = queens(n).count()
    print(f"{n}-queens: {total} solutions ({time.perf_counter() - start:.3f} s)\n")

    first = next(queens_2n(n), None)
    print(f"2n-queens on {n}x{n}, one solution:")
    print(decode_queens(n, first) if first is not None else "(none)")
    if n <= 9:
        start = time.perf_counter()
        total = queens_2n(n).count()
        print(f"2n-queens on {n}x{n}: {total} solutions ({time.perf_counter() - start:.3f} s)")
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
    from .sudoku import Sudoku, parse_sudoku

    if args.generate is not None:
        try:
            sudoku = Sudoku.of_size(args.size)
        except ValueError as error:
            raise SystemExit(f"python -m exactcover sudoku: error: {error}") from None
        start = time.perf_counter()
        puzzle = sudoku.generate(args.generate)
        took = time.perf_counter() - start
        print(f"A {args.size}x{args.size} puzzle from seed {args.generate} ({took:.3f} s):")
    else:
        text = args.puzzle or _INKALA
        if args.puzzle and os.path.exists(args.puzzle):
            with open(args.puzzle, encoding="utf-8") as f:
                text = f.read()
        try:
            puzzle = parse_sudoku(text)
        except ValueError as error:
            raise SystemExit(f"python -m exactcover sudoku: error: {error}") from None
        print("The puzzle:")
    print(puzzle)
    print(f"{puzzle.clues()} clues")
    start = time.perf_counter()
    solution = puzzle.solve()
    count = puzzle.count(limit=2)
    took = time.perf_counter() - start
    if solution is None:
        print("No solution.")
        return 1
    unique = "the only solution" if count == 1 else "one of several solutions"
    print(f"\nSolved in {took * 1000:.1f} ms, {unique}:")
    print(solution)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(solution.svg())
        print(f"Drew it in {args.output}")
    return 0


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
    commands = parser.add_subparsers(dest="puzzle", metavar="PUZZLE")
    for puzzle in PUZZLES:
        sub = commands.add_parser(puzzle.name, help=puzzle.help, description=puzzle.help)
        puzzle.add_arguments(sub)
        sub.set_defaults(run=puzzle.run)
    commands.add_parser("solve", help="solve a problem in Knuth's DLX format (exactcover solve)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run a puzzle demo; returns the exit status.

    ``argv`` is the command line after the program name; when it is empty
    or starts with an option, the first puzzle (pentominoes) runs with it.
    """
    import sys

    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "solve":
        from .cli import solve

        return solve(args[1:])
    if not args or (args[0].startswith("-") and args[0] not in ("-h", "--help")):
        args.insert(0, PUZZLES[0].name)
    parsed = _parser().parse_args(args)
    return parsed.run(parsed)  # type: ignore[no-any-return]
