"""exactcover: exact cover problems solved by Knuth's Dancing Links, in Rust.

The two iterators `ExactCover` and `MultiCover` take a mapping from each
*choice* to the *constraints* it satisfies (any hashable objects) and yield
solutions as lists of choices; `count()` counts solutions without leaving
Rust. The names most programs need are imported here from the submodules
(`from exactcover import ExactCover, DlxProblem, queens`); the submodules,
each documented on its own, hold the rest.

>>> from exactcover import ExactCover
>>> sorted(next(ExactCover({'A': [1, 2], 'B': [3], 'C': [1, 3], 'D': [2]})))
['A', 'B']
"""

from collections.abc import Callable
from types import ModuleType
from typing import Any

from . import polyomino as _polyomino_module
from . import queens as _queens_module
from ._native import DlxFormatError, ExactCoverError, __version__
from .cover import Cover, Estimate, ExactCover, MultiCover, Subtree
from .dlx import DlxProblem, DlxSolutions, parse_dlx, read_dlx, write_dlx
from .graph import SolutionGraph
from .grids import CUBE, HEXAGON, SQUARE, TRIANGLE, Grid
from .matrix import CoverMatrix, MatrixCover, from_matrix, to_matrix
from .polyform import (
    HEXIAMONDS,
    PENTACUBES,
    PENTIAMONDS,
    SOMA,
    TETRAHEXES,
    TETRIAMONDS,
    box,
    encode_pieces,
    polyforms,
)
from .polyomino import (
    PENTOMINOES,
    TETROMINOES,
    count_unique,
    decode_solution,
    encode_polyominoes,
    unique_tilings,
)
from .progress import SearchTimeout
from .queens import QueensBoard, decode_queens, queen_squares, queens_2n, queens_svg
from .search import Search
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
    "Cover",
    "Search",
    "SearchTimeout",
    "queens",
    "polyomino",
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
    "to_matrix",
    "CoverMatrix",
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
    "Grid",
    "SQUARE",
    "TRIANGLE",
    "HEXAGON",
    "CUBE",
    "polyforms",
    "encode_pieces",
    "box",
    "TETRIAMONDS",
    "PENTIAMONDS",
    "HEXIAMONDS",
    "TETRAHEXES",
    "SOMA",
    "PENTACUBES",
    "polyform_svg",
    "polycube_svg",
]


def _callable_module(module: ModuleType, function: Callable[..., Any]) -> None:
    """Let a submodule be called as its main function.

    `from exactcover import queens; queens(8)` calls `exactcover.queens.queens`,
    while `import exactcover.queens` and `exactcover.queens.decode_queens` go on
    working (the name is the module, which can also be called).

    Args:
        module: The submodule, whose class becomes a callable one.
        function: What calling the module calls.
    """

    class CallableModule(ModuleType):
        __doc__ = module.__doc__

        def __call__(self, *args: Any, **kwargs: Any) -> Any:
            return function(*args, **kwargs)

    module.__class__ = CallableModule


_callable_module(_queens_module, _queens_module.queens)
_callable_module(_polyomino_module, _polyomino_module.polyomino)
del _callable_module

# Names imported from exactcover.svg on first use (svgwrite takes a while to import).
_SVG_NAMES = {"Picture", "polyomino_svg", "polyform_svg", "polycube_svg"}


def __getattr__(name: str) -> object:
    """The names of `exactcover.svg`, imported on first use.

    Raises:
        AttributeError: For any other name.
    """
    if name in _SVG_NAMES:
        from . import svg

        return getattr(svg, name)
    raise AttributeError(f"module 'exactcover' has no attribute {name!r}")
