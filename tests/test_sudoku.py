"""Sudoku of every size: parsing, solving, counting, the matrix, generating, drawing."""

import random
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from exactcover import Sudoku, SudokuGrid, from_matrix, parse_sudoku, sudoku_svg

# Well-known hard 9 x 9 puzzles, each with a unique solution.
HARD = {
    # Arto Inkala's "world's hardest Sudoku" (2012)
    "inkala": "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    # Arto Inkala's "AI Escargot" (2006)
    "ai_escargot": "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
    # "Golden Nugget" (tarek, 2007), zeros for blanks
    "golden_nugget": "000000039000001005003050800008090006070002000100400000009080050020000600400700000",
    # "Easter Monster" (champagne, 2007)
    "easter_monster": "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
}
INKALA_SOLUTION = (
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
)

# Wikipedia's example puzzle and its solution.
WIKIPEDIA = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
WIKIPEDIA_SOLUTION = (
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

# Norvig's "hard1": 17 clues, but more than one solution.
NOT_UNIQUE = ".....6....59.....82....8....45........3........6..3.54...325..6.................."

SVG = "{http://www.w3.org/2000/svg}"


def assert_valid_solution(grid, puzzle=None):
    """Brute-force check of a complete grid, independent of the solver."""
    s = grid.sudoku
    n = s.n
    rows = grid.rows()
    symbols = set(s.symbols)
    assert all(v is not None for row in rows for v in row)
    for i in range(n):
        assert set(rows[i]) == symbols
        assert {rows[k][i] for k in range(n)} == symbols
    for bi in range(0, n, s.box_rows):
        for bj in range(0, n, s.box_cols):
            box = {rows[bi + a][bj + b] for a in range(s.box_rows) for b in range(s.box_cols)}
            assert box == symbols
    if puzzle is not None:
        for i, row in enumerate(puzzle.rows()):
            for j, v in enumerate(row):
                if v is not None:
                    assert rows[i][j] == v and grid.is_clue(i, j)
                else:
                    assert not grid.is_clue(i, j)


# -- Solving ---------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(HARD))
def test_hard_puzzles_have_one_solution(name):
    puzzle = parse_sudoku(HARD[name])
    solution = puzzle.solve()
    assert_valid_solution(solution, puzzle)
    assert Sudoku().has_unique_solution(puzzle)
    assert puzzle.count() == 1
    if name == "inkala":
        assert solution.line() == INKALA_SOLUTION


def test_wikipedia_example():
    s = Sudoku()
    solution = s.solve(WIKIPEDIA)
    assert solution.line() == WIKIPEDIA_SOLUTION
    assert solution.puzzle().line() == WIKIPEDIA
    assert solution.clues() == 30 and solution.is_complete()
    # A solved grid is its own unique solution.
    assert s.count(solution) == 1


def test_a_puzzle_with_several_solutions():
    s = Sudoku()
    assert s.count(NOT_UNIQUE, limit=2) == 2
    assert not s.has_unique_solution(NOT_UNIQUE)
    solutions = [next(s.solutions(NOT_UNIQUE, seed=k)) for k in range(5)]
    for g in solutions:
        assert_valid_solution(g, parse_sudoku(NOT_UNIQUE))


def test_no_solution_gives_none():
    # Valid clues (no symbol twice in a unit), but row 1 column 9 can hold nothing.
    puzzle = "12345678." + "........9"
    puzzle += "." * (81 - len(puzzle))
    assert Sudoku().solve(puzzle) is None
    assert Sudoku().count(puzzle) == 0
    assert not Sudoku().has_unique_solution(puzzle)
    assert list(Sudoku().solutions(puzzle)) == []


def test_empty_4x4_grids_number_288():
    assert Sudoku(2).count("." * 16) == 288
    grids = {g.line() for g in Sudoku(2).solutions("." * 16)}
    assert len(grids) == 288
    for line in random.Random(0).sample(sorted(grids), 20):
        assert_valid_solution(parse_sudoku(line))


@pytest.mark.parametrize(
    "sudoku, seed",
    [
        (Sudoku(2), 1),
        (Sudoku(2, 3), 2),
        (Sudoku(3, 2), 3),
        (Sudoku(), 4),
        (Sudoku(4), 5),
        (Sudoku(5), 6),
    ],
)
def test_every_size_solves_a_thinned_random_grid(sudoku, seed):
    full = sudoku.random_grid(seed=seed)
    assert_valid_solution(full)
    rows = full.rows()
    rng = random.Random(seed)
    for row in rows:
        for j in range(len(row)):
            if rng.random() < 0.5:
                row[j] = None
    puzzle = sudoku.grid(rows)
    solution = sudoku.solve(puzzle)
    assert_valid_solution(solution, puzzle)


def test_boxes_are_numbered_left_to_right_top_to_bottom():
    s = Sudoku(2, 3)  # 6 x 6: boxes of 2 rows and 3 columns, 2 across and 3 down
    assert [s.box(i, j) for i in range(6) for j in (0, 3)] == [0, 1, 0, 1, 2, 3, 2, 3, 4, 5, 4, 5]
    t = Sudoku(3, 2)  # boxes of 3 rows and 2 columns, 3 across and 2 down
    assert [t.box(i, j) for i in (0, 3) for j in range(0, 6, 2)] == [0, 1, 2, 3, 4, 5]


def test_solver_choices_and_constraints():
    s = Sudoku()
    cons = s.constraints()
    assert len(cons) == 729
    assert {len(c) for c in cons.values()} == {4}
    assert len({c for cs in cons.values() for c in cs}) == 324
    solution = next(s.solver(WIKIPEDIA))
    assert len(solution) == 81
    assert solution[:30] == [
        (i, j, v)
        for i, row in enumerate(parse_sudoku(WIKIPEDIA).rows())
        for j, v in enumerate(row)
        if v is not None
    ]


# -- Reading and writing -----------------------------------------------------


BOXED = """
5 3 . | . 7 . | . . .
6 . . | 1 9 5 | . . .
. 9 8 | . . . | . 6 .
------+-------+------
8 . . | . 6 . | . . 3
4 . . | 8 . 3 | . . 1
7 . . | . 2 . | . . 6
------+-------+------
. 6 . | . . . | 2 8 .
. . . | 4 1 9 | . . 5
. . . | . 8 . | . 7 9
"""


def test_parse_the_common_forms():
    expected = parse_sudoku(WIKIPEDIA)
    assert parse_sudoku(WIKIPEDIA.replace(".", "0")) == expected
    assert parse_sudoku(WIKIPEDIA.replace(".", "_")) == expected
    assert parse_sudoku(BOXED) == expected
    assert parse_sudoku("\n".join(WIKIPEDIA[k : k + 9] for k in range(0, 81, 9))) == expected
    plus = BOXED.replace("|", "!")  # an unknown character is a cell: too many cells
    with pytest.raises(ValueError, match=r"81 cells|square number"):
        parse_sudoku(plus)
    assert str(expected) == BOXED.strip()
    assert expected.line() == WIKIPEDIA
    assert expected.line("0") == WIKIPEDIA.replace(".", "0")


def test_str_round_trips_for_every_shape():
    for s in (Sudoku(2), Sudoku(2, 3), Sudoku(3, 2), Sudoku(), Sudoku(4), Sudoku(5)):
        grid = s.random_grid(seed=11)
        assert s.parse(str(grid)) == grid
        assert s.parse(grid.line()) == grid
    text = str(Sudoku(2, 3).random_grid(seed=1)).splitlines()
    assert len(text) == 6 + 2 and text[2] == "------+------"


def test_grids_from_rows_of_numbers_symbols_and_blanks():
    rows = [[1, 0, None, "."], [0, 0, "2", 0], [0, 3, 0, 0], [0, 0, 0, 4]]
    grid = Sudoku(2).grid(rows)
    assert grid.line() == "1.....2..3.....4"
    assert SudokuGrid(rows) == grid  # size told by the number of rows
    assert SudokuGrid("1.....2..3.....4") == grid
    assert SudokuGrid(grid.line(), Sudoku(2)) == grid
    assert grid[1, 2] == "2" and grid[0, 1] is None
    with pytest.raises(IndexError):
        grid[4, 0]
    assert repr(grid) == "SudokuGrid('1.....2..3.....4')"
    assert hash(grid) == hash(Sudoku(2).parse(grid.line()))
    assert grid.count() == 1


def test_custom_symbols():
    letters = Sudoku(2, symbols="ABCD")
    solution = letters.solve("A.....B..C.....D")
    assert_valid_solution(solution)
    assert solution.line() == Sudoku(2).solve("1.....2..3.....4").line().translate(
        str.maketrans("1234", "ABCD")
    )
    assert "symbols=" in repr(letters)
    # 0 is a symbol here, so only '.' and '_' are blanks.
    hexadecimal = Sudoku(4, symbols="0123456789ABCDEF")
    full = hexadecimal.random_grid(seed=3)
    assert "0" in full.line() and hexadecimal.parse(full.line()) == full
    assert hexadecimal.grid([[1] + [0] * 15] + [[0] * 16] * 15)[0, 0] == "0"
    # Symbols of more than one character: cells separated by spaces.
    numbers = Sudoku(4, symbols=[str(k) for k in range(1, 17)])
    grid = numbers.random_grid(seed=4)
    assert numbers.parse(str(grid)) == grid
    assert numbers.parse(grid.line()) == grid
    assert len(grid.line().split()) == 256
    assert parse_sudoku(grid.line(), symbols=numbers.symbols) == grid


def test_bad_rules():
    with pytest.raises(ValueError, match="needs 4 symbols"):
        Sudoku(2, symbols="ABC")
    with pytest.raises(ValueError, match="distinct"):
        Sudoku(2, symbols="ABCA")
    with pytest.raises(ValueError, match="separator"):
        Sudoku(2, symbols="AB|D")
    with pytest.raises(ValueError, match="pass symbols"):
        Sudoku(6)
    with pytest.raises(ValueError):
        Sudoku(0)
    with pytest.raises(TypeError):
        Sudoku("3")


def test_invalid_puzzles_name_the_problem():
    s = Sudoku()
    with pytest.raises(ValueError, match="81 cells, but the text has 80"):
        s.parse(WIKIPEDIA[:-1])
    with pytest.raises(ValueError, match=r"row 1, column 3\) holds 'x'"):
        s.parse("53x" + WIKIPEDIA[3:])
    with pytest.raises(ValueError, match=r"two 5s in row 1 \(columns 1 and 3\)"):
        s.parse("535" + WIKIPEDIA[3:])
    with pytest.raises(ValueError, match=r"two 5s in column 1 \(rows 1 and 8\)"):
        s.parse(WIKIPEDIA[:63] + "5" + WIKIPEDIA[64:])
    # A 3 at row 3, column 1 shares only box 1 with the 3 at row 1, column 2.
    with pytest.raises(
        ValueError, match=r"two 3s in box 1 \(row 1, column 2 and row 3, column 1\)"
    ):
        s.parse(WIKIPEDIA[:18] + "3" + WIKIPEDIA[19:])
    with pytest.raises(ValueError, match="9 rows, not 2"):
        s.grid([[0] * 9, [0] * 9])
    with pytest.raises(ValueError, match="row 2 has 8 cells"):
        s.grid([[0] * 9, [0] * 8] + [[0] * 9] * 7)
    with pytest.raises(ValueError, match=r"holds 10"):
        s.grid([[10] + [0] * 8] + [[0] * 9] * 8)
    with pytest.raises(ValueError, match="is for Sudoku\\(2, 2\\)"):
        s.solve(parse_sudoku("." * 16))
    with pytest.raises(TypeError):
        s.parse(81)
    # ValueError, not a solver error, for every kind of problem: callers catch one type.
    with pytest.raises(ValueError):
        s.solve("1" * 81)


# -- The exact cover matrix ----------------------------------------------------


@pytest.mark.parametrize("sudoku", [Sudoku(2), Sudoku(2, 3), Sudoku()])
def test_matrix_layout(sudoku):
    np = pytest.importorskip("numpy")
    n = sudoku.n
    m = sudoku.matrix()
    assert m.array.shape == (n**3, 4 * n * n) == (len(m.rows), len(m.columns))
    assert (m.array.sum(axis=1) == 4).all()  # every move satisfies four constraints
    assert (m.array.sum(axis=0) == n).all()  # every constraint has n moves
    for i, j, k in [(0, 0, 0), (1, 2, 3 % n), (n - 1, n - 1, n - 1)]:
        v = sudoku.symbols[k]
        row = i * n * n + j * n + k
        assert m.rows[row] == (i, j, v)
        ones = [m.columns[c] for c in np.flatnonzero(m.array[row])]
        assert ones == [
            ("cell", i, j),
            ("row", i, v),
            ("column", j, v),
            ("box", sudoku.box(i, j), v),
        ]
    # Column blocks: cells, then rows, columns, boxes (seed 002's order).
    assert m.columns[: n * n] == [("cell", i, j) for i in range(n) for j in range(n)]
    assert m.columns[n * n] == ("row", 0, sudoku.symbols[0])
    assert m.columns[2 * n * n] == ("column", 0, sudoku.symbols[0])
    assert m.columns[3 * n * n] == ("box", 0, sudoku.symbols[0])
    assert sudoku.matrix(numpy=False).array == m.array.tolist()


def test_matrix_with_clues_solves_through_from_matrix():
    pytest.importorskip("numpy")
    s = Sudoku()
    m = s.matrix(WIKIPEDIA)
    assert m.array.shape == (729 - 30 * 8, 324)
    solutions = list(from_matrix(m.array))
    assert len(solutions) == 1
    cells = {(i, j): v for i, j, v in (m.rows[r] for r in solutions[0])}
    assert "".join(cells[i, j] for i in range(9) for j in range(9)) == WIKIPEDIA_SOLUTION


def test_matrix_without_numpy(monkeypatch):
    monkeypatch.setitem(sys.modules, "numpy", None)  # import numpy now fails
    with pytest.raises(ImportError, match="numpy=False"):
        Sudoku(2).matrix()
    m = Sudoku(2).matrix(numpy=False)
    assert len(m.array) == 64 and all(sum(row) == 4 for row in m.array)
    assert list(from_matrix(m.array))  # lists are a matrix too


# -- Generating puzzles --------------------------------------------------------


@pytest.mark.parametrize(
    "sudoku, seed", [(Sudoku(2), 1), (Sudoku(2, 3), 7), (Sudoku(), 42), (Sudoku(), 2024)]
)
def test_generated_puzzles_are_unique_and_minimal(sudoku, seed):
    puzzle = sudoku.generate(seed=seed)
    assert sudoku.count(puzzle, limit=2) == 1
    rows = puzzle.rows()
    for i, row in enumerate(rows):
        for j, v in enumerate(row):
            if v is not None:
                row[j] = None
                assert sudoku.count(rows, limit=2) == 2, f"clue at ({i}, {j}) is redundant"
                row[j] = v
    assert puzzle == sudoku.generate(seed=seed)
    assert_valid_solution(sudoku.solve(puzzle), puzzle)


def test_generated_puzzles_depend_on_the_seed():
    s = Sudoku()
    puzzles = {s.generate(seed=k).line() for k in range(4)}
    assert len(puzzles) == 4
    assert s.random_grid(seed=5) == s.random_grid(seed=5)
    assert s.has_unique_solution(s.generate())  # no seed: some random puzzle
    with pytest.raises(TypeError):
        s.generate(seed="x")


# -- Drawing -------------------------------------------------------------------


def svg_symbols(text, size):
    """{(row, column): (symbol, class)} of the symbols drawn in an SVG."""
    root = ET.fromstring(text)
    assert root.tag == SVG + "svg"
    drawn = {}
    for t in root.iter(SVG + "text"):
        x, y = float(t.get("x")), float(t.get("y"))
        cell = (int(y // size), int(x // size))
        assert cell not in drawn
        drawn[cell] = (t.text, t.get("class"), t.get("font-weight"), t.get("fill"))
    return drawn, root


@pytest.mark.parametrize("sudoku", [Sudoku(2), Sudoku(2, 3), Sudoku(), Sudoku(4)])
def test_svg_draws_clues_bold_and_filled_cells_blue(sudoku):
    puzzle = (
        sudoku.generate(seed=3)
        if sudoku.n <= 9
        else sudoku.parse(sudoku.random_grid(seed=3).line()[:100] + "." * 156)
    )
    solution = sudoku.solve(puzzle)
    drawn, root = svg_symbols(sudoku_svg(solution, size=30).tostring(), 30)
    n = sudoku.n
    assert len(drawn) == n * n
    for (i, j), (symbol, kind, weight, fill) in drawn.items():
        assert symbol == solution[i, j]
        if puzzle[i, j] is not None:
            assert (kind, weight, fill) == ("clue", "bold", "black")
        else:
            assert kind == "filled" and weight is None and fill == "#1f5fbf"
    # The puzzle alone: only its clues are drawn.
    drawn, _ = svg_symbols(puzzle._repr_svg_(), 40)
    assert {cell for cell in drawn} == {(i, j) for i in range(n) for j in range(n) if puzzle[i, j]}
    # Thick lines: n / box_cols + 1 vertical and n / box_rows + 1 horizontal ones.
    groups = {g.get("id"): g for g in root.iter(SVG + "g")}
    assert (
        len(groups["boxes"].findall(SVG + "line"))
        == n // sudoku.box_cols + n // sudoku.box_rows + 2
    )
    assert len(groups["cells"].findall(SVG + "line")) == 2 * (n + 1) - (
        n // sudoku.box_cols + n // sudoku.box_rows + 2
    )


def test_svg_of_text_and_multi_character_symbols():
    drawn, _ = svg_symbols(sudoku_svg(WIKIPEDIA).tostring(), 40)
    assert len(drawn) == 30 and drawn[0, 0][:2] == ("5", "clue")
    numbers = Sudoku(4, symbols=[str(k) for k in range(1, 17)])
    grid = numbers.random_grid(seed=1)
    drawn, _ = svg_symbols(grid.svg(size=30).tostring(), 30)
    assert {cell: s for cell, (s, *_) in drawn.items()} == {
        (i, j): grid[i, j] for i in range(16) for j in range(16)
    }


def test_importing_exactcover_needs_neither_numpy_nor_svgwrite():
    code = "import exactcover, sys; print('numpy' in sys.modules, 'svgwrite' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_numpy_rows_of_symbol_numbers():
    # A NumPy array's cells are NumPy integers: symbol numbers as Python ints
    # are ("holds np.int64(1), which is neither a symbol (1-4) nor a blank").
    np = pytest.importorskip("numpy")
    rows = [[1, 0, 0, 0], [0, 0, 2, 0], [0, 3, 0, 0], [0, 0, 0, 4]]
    grid = Sudoku(2).grid(rows)
    assert Sudoku(2).grid(np.array(rows)) == grid
    assert Sudoku(2).grid(np.array(rows, dtype=np.uint8)) == grid
    assert SudokuGrid(np.array(rows)) == grid
    assert Sudoku(2).solve(np.array(rows)) == grid.solve()
    with pytest.raises(ValueError, match=r"holds (np\.int64\()?5\b"):
        Sudoku(2).grid(np.array([[5, 0, 0, 0]] + rows[1:]))
    with pytest.raises(ValueError, match="holds True"):
        Sudoku(2).grid([[True, 0, 0, 0]] + rows[1:])


def test_is_clue_of_a_cell_off_the_grid_is_an_error():
    # is_clue(0, 4) of a 4 x 4 grid read the cell (1, 0); is_clue(1, -1) the cell (0, 3).
    grid = parse_sudoku("...1" + "2..." + "." * 8)
    assert grid.is_clue(0, 3) and grid.is_clue(1, 0)
    for i, j in [(0, 4), (1, -1), (4, 0), (-1, 0)]:
        with pytest.raises(IndexError, match=rf"cell \({i}, {j}\) is not in a 4 x 4 grid"):
            grid.is_clue(i, j)


def test_a_puzzle_of_the_wrong_type_is_a_type_error_naming_it():
    # SudokuGrid(5) raised "'int' object is not iterable"; sudoku_svg(5) an AttributeError.
    for puzzle in [5, None, b"1...", {0: [1]}]:
        with pytest.raises(TypeError, match=f"a puzzle must be .*not {type(puzzle).__name__}"):
            SudokuGrid(puzzle)
    for grid in [5, None, [[1, 0], [0, 2]]]:
        with pytest.raises(TypeError, match=f"grid must be .*not {type(grid).__name__}"):
            sudoku_svg(grid)


@pytest.mark.parametrize(
    "blank, error, message",
    [
        # A symbol for a blank wrote a line that reads back as another grid.
        ("1", ValueError, "blank '1' is one of the grid's symbols"),
        ("", ValueError, "blank must be one character, not ''"),
        ("..", ValueError, "blank must be one character, not '..'"),
        (" ", ValueError, "blank ' ' cannot be told from white space or a separator"),
        ("-", ValueError, "blank '-' cannot be told from white space or a separator"),
        (None, TypeError, "blank must be a str, not NoneType"),
        (0, TypeError, "blank must be a str, not int"),
    ],
)
def test_line_refuses_a_blank_that_would_not_read_back(
    blank: object, error: type[Exception], message: str
) -> None:
    grid = parse_sudoku("1.....2..3.....4")
    with pytest.raises(error) as raised:
        grid.line(blank)  # type: ignore[arg-type]
    assert str(raised.value) == message


def test_line_with_any_other_blank_reads_back() -> None:
    grid = parse_sudoku("1.....2..3.....4")
    for blank in ".0_":
        assert parse_sudoku(grid.line(blank)) == grid
    assert grid.line("x") == "1xxxxx2xx3xxxxx4"
    wide = Sudoku(4, symbols=[str(k) for k in range(10, 26)])
    wide_grid = wide.parse(" ".join(["10"] + ["."] * 255))
    assert wide_grid.line("..").split()[:2] == ["10", ".."]
    assert wide.parse(wide_grid.line("_")) == wide_grid
    with pytest.raises(ValueError, match="blank must not be empty"):
        wide_grid.line("")
