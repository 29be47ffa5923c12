"""The n-queens and 2n-queens puzzles: counts from the OEIS, valid solutions, pictures."""

import xml.etree.ElementTree as ET
from itertools import islice

import pytest
from conftest import A000170, A225623
from exactcover.queens import (
    QueensBoard,
    decode_queens,
    queen_squares,
    queens,
    queens_2n,
    queens_svg,
)
from exactcover.svg import Picture

SVG = "{http://www.w3.org/2000/svg}"


def line_counts(squares):
    counts = {}
    for i, j in squares:
        for line in (("row", i), ("column", j), ("leading", i - j), ("trailing", i + j)):
            counts[line] = counts.get(line, 0) + 1
    return counts


def is_valid(n, squares, per_line=1):
    """Brute-force check, independent of QueensBoard.is_solution."""
    counts = line_counts(squares)
    return (
        len(squares) == per_line * n
        and len(set(squares)) == len(squares)
        and all(0 <= i < n and 0 <= j < n for i, j in squares)
        and all(
            counts.get((kind, k), 0) == per_line for kind in ("row", "column") for k in range(n)
        )
        and all(c <= per_line for c in counts.values())
    )


@pytest.mark.parametrize("n, expected", list(enumerate(A000170, start=1)))
def test_queens_count_is_A000170(n, expected):
    assert queens(n).count() == expected


@pytest.mark.parametrize("n, expected", list(enumerate(A000170[:9], start=1)))
def test_queens_solutions_are_valid_and_distinct(n, expected):
    solutions = [tuple(queen_squares(s)) for s in queens(n)]
    assert len(solutions) == len(set(solutions)) == expected
    assert all(is_valid(n, list(s)) for s in solutions)
    # Solutions hold only queens: the diagonals are secondary, no gadgets.
    assert all(len(s) == n for s in queens(n))


@pytest.mark.parametrize("n, expected", list(enumerate(A225623, start=2)))
def test_queens_2n_count_is_A225623(n, expected):
    assert queens_2n(n).count() == expected


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_queens_2n_solutions_are_valid(n):
    solutions = [tuple(queen_squares(s)) for s in queens_2n(n)]
    assert len(set(solutions)) == len(solutions) == A225623[n - 2]
    assert all(is_valid(n, list(s), per_line=2) for s in solutions)
    assert all(QueensBoard(n, s).is_solution(per_line=2) for s in solutions)


def test_queens_2n_eight_first_solution_is_valid():
    board = QueensBoard.from_solution(8, next(queens_2n(8)))
    assert len(board.squares) == 16 and is_valid(8, list(board.squares), per_line=2)


def test_random_order_is_reproducible_and_complete():
    first = [queen_squares(s) for s in islice(queens(8, seed=7), 5)]
    again = [queen_squares(s) for s in islice(queens(8, seed=7), 5)]
    assert first == again
    assert sorted(map(tuple, (queen_squares(s) for s in queens(8, random=True)))) == sorted(
        tuple(queen_squares(s)) for s in queens(8)
    )
    assert queens_2n(5, seed=3).count() == 92


def test_decode_queens_draws_rows_top_to_bottom():
    text = decode_queens(3, [("queen", 0, 2), ("leading", 1), ("queen", 2, 0)])
    assert text == "++♛\n+++\n♛++"
    assert decode_queens(0, []) == ""


def test_bad_sizes_and_squares():
    with pytest.raises(TypeError):
        queens("8")
    with pytest.raises(ValueError):
        queens_2n(-1)
    with pytest.raises(ValueError, match=r"\(4, 0\)"):
        decode_queens(4, [("queen", 4, 0)])
    assert queens(0).count() == 1  # the empty board has one (empty) solution


def test_entries_that_are_not_choices_are_refused_not_ignored():
    with pytest.raises(ValueError, match="entry 'x' of the solution is not a choice"):
        decode_queens(4, ["x"])
    with pytest.raises(ValueError, match="entry 1 of the solution is not a choice"):
        queen_squares([1, 2])
    with pytest.raises(ValueError, match="entry 'x' of the solution is not a choice"):
        queens_svg(4, [("queen", 0, 1), "x"])
    with pytest.raises(ValueError, match=r"queen \('queen', 'a', 1\) of the solution must have"):
        queen_squares([("queen", "a", 1)])
    # Other tuples are gadgets of other formulations: still ignored.
    assert queen_squares([("queen", 1, 2), ("leading", 3), (True, 1)]) == [(1, 2)]


def test_board_is_solution_rejects_attacks():
    assert QueensBoard(4, [(0, 1), (1, 3), (2, 0), (3, 2)]).is_solution()
    assert not QueensBoard(4, [(0, 0), (1, 3), (2, 1), (3, 2)]).is_solution()  # (2,1)-(3,2)
    assert not QueensBoard(4, [(0, 1), (1, 3), (2, 0)]).is_solution()  # a row left empty
    assert QueensBoard(4, [(0, 1)]) == QueensBoard(4, [(0, 1)])
    assert "QueensBoard(4" in repr(QueensBoard(4, [(0, 1)]))


def svg_queens(svg_text, size):
    """The squares of the queens drawn in an SVG, read back from the XML."""
    root = ET.fromstring(svg_text)
    assert root.tag == SVG + "svg"
    squares = []
    for text in root.iter(SVG + "text"):
        if text.get("class") == "queen":
            assert text.text == "♛"
            x, y = float(text.get("x")), float(text.get("y"))
            squares.append((int(y // size), int(x // size)))
    return sorted(squares), root


@pytest.mark.parametrize("n", [1, 4, 8, 12])
def test_svg_draws_the_queens_on_their_squares(n):
    solution = next(queens(n))
    text = queens_svg(n, solution, size=30)
    assert isinstance(text, Picture) and str(text) == text.tostring()
    text = text.tostring()
    squares, root = svg_queens(text, 30)
    assert squares == queen_squares(solution)
    rects = [r for r in root.iter(SVG + "rect")]
    assert len(rects) == n * n
    assert {r.get("class") for r in rects} == ({"light", "dark"} if n > 1 else {"light"})
    assert root.get("width") == str(n * 30)


def test_svg_of_2n_queens_and_board_repr_svg():
    solution = next(queens_2n(6))
    board = QueensBoard.from_solution(6, solution)
    squares, _ = svg_queens(board._repr_svg_(), 40)
    assert squares == list(board.squares) and len(squares) == 12
    squares, _ = svg_queens(board.svg(size=10).tostring(), 10)
    assert squares == list(board.squares)


def test_board_squares_must_be_pairs_of_integers():
    # int() truncated (0.5, 1) to (0, 1) and read ('1', '2') as (1, 2); other
    # entries raised Python's unpacking errors.
    np = pytest.importorskip("numpy")
    assert QueensBoard(4, np.array([[0, 1], [1, 3]])).squares == ((0, 1), (1, 3))
    assert QueensBoard(4, [[2, 0]]).squares == ((2, 0),)
    for square in [(0.5, 1), ("1", "2"), (True, 0), (1, 2, 3), 1, "ab", None]:
        with pytest.raises(ValueError, match=r"is not a pair \(row, column\) of integers"):
            QueensBoard(4, [square])


def test_is_solution_checks_per_line():
    # per_line="2" compared counts with a string: False for every board.
    np = pytest.importorskip("numpy")
    board = QueensBoard(2, [(0, 0), (0, 1), (1, 0), (1, 1)])
    assert board.is_solution(2) and board.is_solution(per_line=np.int64(2))
    with pytest.raises(TypeError, match="per_line must be an int, not str"):
        board.is_solution("2")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="per_line must be non-negative, not -1"):
        board.is_solution(-1)
    assert QueensBoard(3, []).is_solution(0)
