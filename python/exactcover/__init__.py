"""exactcover: exact cover problems solved by Knuth's Dancing Links, in Rust.

The two iterators :class:`ExactCover` and :class:`MultiCover` take a mapping
from each *choice* to the *constraints* it satisfies (any hashable objects) and
yield solutions as lists of choices; ``.count()`` counts solutions without
leaving Rust.

>>> from exactcover import ExactCover
>>> sorted(next(ExactCover({'A': [1, 2], 'B': [3], 'C': [1, 3], 'D': [2]})))
['A', 'B']
"""

from ._native import DlxFormatError, ExactCoverError, __version__
from .cover import Estimate, ExactCover, MultiCover, Subtree
from .dlx import DlxProblem, DlxSolutions, parse_dlx, read_dlx, write_dlx
from .graph import SolutionGraph
from .matrix import MatrixCover, from_matrix
from .polyomino import (
    PENTOMINOES,
    TETROMINOES,
    count_unique,
    decode_solution,
    encode_polyominoes,
    unique_tilings,
)

# The functions queens() and polyomino() stay in their modules: exporting them
# here would hide the submodules of the same names (import exactcover.queens).
from .queens import QueensBoard, decode_queens, queen_squares, queens_2n, queens_svg
from .sudoku import Sudoku, SudokuGrid, SudokuMatrix, parse_sudoku, sudoku_svg
from .symmetry import canonical
from .wordsquares import (
    decode_latin_square,
    decode_word_rectangle,
    latin_squares,
    word_rectangles,
)

__all__ = [
    "ExactCover",
    "MultiCover",
    "Estimate",
    "Subtree",
    "SolutionGraph",
    "ExactCoverError",
    "DlxFormatError",
    "DlxProblem",
    "DlxSolutions",
    "parse_dlx",
    "read_dlx",
    "write_dlx",
    "MatrixCover",
    "from_matrix",
    "queens_2n",
    "decode_queens",
    "queen_squares",
    "QueensBoard",
    "queens_svg",
    "Sudoku",
    "SudokuGrid",
    "SudokuMatrix",
    "parse_sudoku",
    "sudoku_svg",
    "word_rectangles",
    "decode_word_rectangle",
    "latin_squares",
    "decode_latin_square",
    "encode_polyominoes",
    "decode_solution",
    "count_unique",
    "unique_tilings",
    "canonical",
    "PENTOMINOES",
    "TETROMINOES",
    "Picture",
    "polyomino_svg",
    "__version__",
]

#: Names imported from exactcover.svg on first use (svgwrite takes a while to import).
_SVG_NAMES = {"Picture", "polyomino_svg"}


def __getattr__(name: str) -> object:
    if name in _SVG_NAMES:
        from . import svg

        return getattr(svg, name)
    raise AttributeError(f"module 'exactcover' has no attribute {name!r}")
