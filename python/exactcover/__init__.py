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
from .cover import ExactCover, MultiCover
from .dlx import DlxProblem, DlxSolutions, parse_dlx, read_dlx, write_dlx
from .matrix import MatrixCover, from_matrix
# The function polyomino() stays in exactcover.polyomino: exporting it here
# would hide the submodule of the same name (import exactcover.polyomino).
from .polyomino import (
    PENTOMINOES,
    TETROMINOES,
    count_unique,
    decode_solution,
    encode_polyominoes,
    unique_tilings,
)
from .symmetry import canonical

__all__ = [
    "ExactCover",
    "MultiCover",
    "ExactCoverError",
    "DlxFormatError",
    "DlxProblem",
    "DlxSolutions",
    "parse_dlx",
    "read_dlx",
    "write_dlx",
    "MatrixCover",
    "from_matrix",
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
