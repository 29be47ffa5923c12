"""The package's face: submodules that can be called and imported alike, and
the version."""

from __future__ import annotations

import exactcover


def test_queens_and_polyomino_can_be_called_and_imported() -> None:
    from exactcover import PENTOMINOES, encode_polyominoes, polyomino, queens

    assert queens(8).count() == 92
    import exactcover.queens

    assert exactcover.queens is queens
    assert exactcover.queens.queens(6).count() == 4  # the function, as before
    strip = [(i, j) for i in range(3) for j in range(20)]
    assert polyomino(encode_polyominoes(PENTOMINOES), strip).count() == 8  # 2 x 4 symmetries


def test_version() -> None:
    assert isinstance(exactcover.__version__, str) and exactcover.__version__.count(".") == 2
