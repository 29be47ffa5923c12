"""Type stubs of the native module (the PyO3 binding of the Rust core).

Users should not need this module: use :class:`exactcover.ExactCover` and
:class:`exactcover.MultiCover`, which map hashable objects to these ids.
"""

__version__: str

class ExactCoverError(ValueError):
    """An exact cover problem is malformed (a ValueError)."""

    option: int | None
    item: int | None

class Solver:
    """A dancing-links search over options given as lists of item ids."""

    def __init__(
        self,
        items: list[tuple[bool, int, int]],
        options: list[list[int]],
        seed: int | None = None,
    ) -> None:
        """items: (primary, lo, hi) per item id; options: lists of item ids;
        seed: shuffle the search order reproducibly (None: input order)."""
    def force(self, option: int) -> bool:
        """Require an option in every solution; False if that contradicts the
        options forced before."""
    def next_solution(self) -> list[int] | None:
        """The next solution as option ids, or None when there are no more."""
    def count(self, limit: int | None = None) -> int:
        """Count (and consume) the remaining solutions, at most ``limit``."""
    @property
    def stats(self) -> dict[str, int]:
        """Search-tree nodes, link updates and solutions so far."""
    @property
    def exhausted(self) -> bool:
        """True once every solution has been visited."""
