"""Built problems written out: `write_dlx` and `to_matrix` take any problem
the package builds (puzzles included), and what they write, read back, has
the same solutions and the same search tree."""

from __future__ import annotations

import re
import subprocess
import sys
from itertools import product
from pathlib import Path
from typing import Any

import pytest
from conftest import DLX1, problems
from exactcover import (
    PENTOMINOES,
    DlxFormatError,
    ExactCover,
    MultiCover,
    Search,
    Sudoku,
    encode_polyominoes,
    from_matrix,
    latin_squares,
    parse_dlx,
    parse_sudoku,
    polyomino,
    queens,
    queens_2n,
    read_dlx,
    to_matrix,
    word_rectangles,
    write_dlx,
)
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent

#: Arto Inkala's puzzle (the README's): 21 clues, one solution.
INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


def _pentominoes() -> MultiCover[Any]:
    """The twelve pentominoes in a 3x20 strip: 8 tilings (2 up to symmetry)."""
    strip = [(i, j) for i in range(3) for j in range(20)]
    return polyomino(encode_polyominoes(PENTOMINOES), strip)


def _search_figures(problem: Search[Any]) -> tuple[int, dict[str, int]]:
    """The count, and the nodes and updates of the search that made it (the
    solver's initial choices, made before, left out). By MRV: under
    ``order="auto"`` a builder's problem races MRV against its sweep order,
    and the race's nodes depend on the clock."""
    before = problem.stats
    count = problem.count(order="mrv")
    after = problem.stats
    return count, {k: after[k] - before[k] for k in ("nodes", "updates")}


BUILT = {
    "queens(8)": (lambda: queens(8), 92),
    "pentominoes 3x20": (_pentominoes, 8),
    "Inkala's Sudoku": (lambda: Sudoku().solver(INKALA), 1),
    "latin squares, colors and initial choices": (
        lambda: latin_squares(5, given=".42..\n43.5.\n5....\n.....\n1..24"),
        1,
    ),
    "word rectangles, colors": (
        lambda: word_rectangles(["ab", "ba", "bb", "aa"], ["ab", "ba", "bb", "aa"]),
        16,
    ),
    "four L tetrominoes, multiplicities": (
        lambda: polyomino(
            [("L", ((0, 0), (1, 0), (2, 0), (2, 1)))], product(range(4), repeat=2), counts=4
        ),
        10,
    ),
}


@pytest.mark.parametrize("name", list(BUILT))
def test_a_round_trip_through_the_file_searches_the_same_tree(name: str, tmp_path: Path) -> None:
    build, expected = BUILT[name]
    path = tmp_path / "problem.dlx"
    text = write_dlx(build(), path)
    assert path.read_text(encoding="utf-8") == text
    count, figures = _search_figures(build())
    assert count == expected
    assert _search_figures(read_dlx(path).solutions()) == (count, figures)
    assert figures["nodes"] > 0 and figures["updates"] > 0


def test_the_clues_of_a_sudoku_are_made_before_writing() -> None:
    text = write_dlx(Sudoku().solver(INKALA))
    assert text.startswith("| 21 initial choices made:")
    problem = parse_dlx(text, strict=True)  # Knuth's programs read it too
    # The 60 open cells, and the symbols each row, column and box lacks; the
    # options: the symbols that no clue forbids in each open cell.
    assert len(problem.primary) == 4 * (81 - 21) and not problem.secondary
    assert len(problem.options) == len(to_matrix(Sudoku().solver(INKALA), numpy=False).rows)
    assert [len(s) for s in problem] == [81 - 21]


def test_every_kind_of_built_problem_is_accepted() -> None:
    dlx = parse_dlx(DLX1)
    assert write_dlx(dlx) == dlx.to_dlx()
    assert write_dlx(dlx.solutions()) == dlx.to_dlx()
    matrix = from_matrix([[1, 0, 1], [0, 1, 0], [1, 1, 0]], secondary=[2])
    assert write_dlx(matrix) == "0 1 | 2\n0 2\n1\n0 1\n"
    assert write_dlx({"a": ["x", "y"], "b": ["y"]}, secondary=["y"]) == "x | y\nx y\n"
    cover = ExactCover({"a": [1, 2], "b": [2], "c": [1]})
    assert write_dlx(cover) == "1 2\n1 2\n2\n1\n"


@pytest.mark.parametrize("problem", [3, [["a"]], "A B\nA\n", Sudoku(), parse_sudoku(INKALA)])
def test_other_objects_are_refused_by_name(problem: Any) -> None:
    with pytest.raises(TypeError, match=f"not {type(problem).__name__}"):
        write_dlx(problem)
    with pytest.raises(TypeError, match=f"not {type(problem).__name__}"):
        to_matrix(problem)


def test_secondary_and_counts_only_go_with_a_mapping() -> None:
    with pytest.raises(TypeError, match="only apply when writing a mapping"):
        write_dlx(queens(4), secondary=[("row", 0)])
    with pytest.raises(TypeError, match="only apply when writing a mapping"):
        write_dlx(parse_dlx(DLX1), counts={"A": 2})


def test_an_optional_constraint_with_a_count_becomes_a_bounded_primary_item() -> None:
    # The diagonals of 2n-queens hold at most two queens: DLX's secondary
    # items hold one, so they are written as dlx3's 0:2|item.
    text = write_dlx(queens_2n(6))
    head = text.splitlines()[0]
    assert "|" not in head.replace("2|", "").replace("0:2|", "")
    assert head.count("0:2|") == 2 * (2 * 6 - 1) and head.count(" 2|") + 1 == 2 * 6
    assert parse_dlx(text).count() == queens_2n(6).count() == 1097


def test_options_without_a_primary_item_are_left_out() -> None:
    cover = MultiCover({"a": [1, 2], "b": [2], "c": [1]}, satisfy=[1])
    text = write_dlx(cover)
    assert text == "1 | 2\n1 2\n1\n"
    assert (
        parse_dlx(text).count()
        == MultiCover({"a": [1, 2], "b": [2], "c": [1]}, satisfy=[1]).count()
    )


def test_initial_choices_that_leave_nothing_or_contradict() -> None:
    done = ExactCover({"a": [1, 2], "b": [3], "c": [3]}, initial=["a", "b"])
    text = write_dlx(done)
    assert "no item must be covered" in text
    assert parse_dlx(text).count() == done.count() == 1
    clash = ExactCover({"a": [1, 2], "b": [2, 3], "c": [3]}, initial=["a", "b"])
    text = write_dlx(clash)
    assert "contradict" in text
    assert parse_dlx(text).count() == clash.count() == 0
    m = to_matrix(ExactCover({"a": [1, 2], "b": [2, 3], "c": [3]}, initial=["a", "b"]))
    assert m.array.shape == (0, 1)
    assert from_matrix(m.array, secondary=m.secondary).count() == 0


@settings(max_examples=300, deadline=None)
@given(problems(), st.data())
def test_random_problems_keep_their_count_through_the_file_and_the_matrix(
    problem: tuple[list[Any], dict[Any, list[Any]]], data: st.DataObject
) -> None:
    """Counts up to 3, optional constraints, colors, initial choices: the
    solver is the oracle (tests/test_oracle.py judges it by brute force)."""
    universe, choices = problem
    optional = data.draw(st.sets(st.sampled_from(universe)))
    counts = data.draw(st.dictionaries(st.sampled_from(universe), st.integers(0, 3)))
    if data.draw(st.booleans()):  # colors on some optional constraints
        colored = {
            choice: {
                c: data.draw(st.sampled_from([None, "red", "blue"])) if c in optional else None
                for c in cons
            }
            for choice, cons in choices.items()
        }
        counts = {c: k for c, k in counts.items() if c not in optional}
    else:
        colored = dict(choices)
    initial = (
        data.draw(st.lists(st.sampled_from(list(choices)), max_size=2, unique=True))
        if choices
        else []
    )

    def build() -> MultiCover[Any]:
        satisfy = [c for c in universe if c not in optional]
        return MultiCover(colored, initial=initial, counts=counts, satisfy=satisfy)

    expected = build().count()
    assert parse_dlx(write_dlx(build())).count() == expected
    try:
        m = to_matrix(build())
    except ValueError as error:
        assert "covered" in str(error) or "color" in str(error)
    else:
        assert from_matrix(m.array, secondary=m.secondary).count() == expected


def test_a_mapping_changed_since_the_problem_was_built_is_refused() -> None:
    constraints = {"a": [1], "b": [2]}
    cover = ExactCover(constraints)
    constraints["c"] = [3]
    with pytest.raises(ValueError, match="has changed since the problem was built"):
        write_dlx(cover)


def test_a_name_that_cannot_be_written_is_refused() -> None:
    with pytest.raises(DlxFormatError, match="U\\+D800"):
        write_dlx(ExactCover({"a": ["\ud800"]}))


# -- to_matrix ---------------------------------------------------------------


@pytest.mark.parametrize("name", ["queens(8)", "pentominoes 3x20", "Inkala's Sudoku"])
def test_a_round_trip_through_a_matrix_gives_the_same_count(name: str) -> None:
    build, expected = BUILT[name]
    m = to_matrix(build())
    assert m.array.shape == (len(m.rows), len(m.columns))
    assert set(m.array.ravel().tolist()) <= {0, 1}
    count, figures = _search_figures(build())
    again, figures_again = _search_figures(from_matrix(m.array, secondary=m.secondary))
    # A matrix row lists its items in column order, not in the choice's
    # order: the tree is the same, its link updates may come in another order.
    assert again == count == expected and figures_again["nodes"] == figures["nodes"]


def test_the_matrix_names_its_rows_and_columns() -> None:
    m = to_matrix(queens(4), numpy=False)
    assert m.rows == [("queen", i, j) for i in range(4) for j in range(4)]
    assert m.columns[:4] == [("row", 0), ("column", 0), ("leading", 3), ("trailing", 0)]
    assert [m.columns[c] for c in m.secondary] == [
        c for c in m.columns if c[0] in ("leading", "trailing")
    ]
    assert m.array[5] == [
        1 if c in (("row", 1), ("column", 1), ("leading", 3), ("trailing", 2)) else 0
        for c in m.columns
    ]
    dlx = to_matrix(parse_dlx(DLX1), numpy=False)
    assert dlx.columns == ["A", "B", "C", "D", "E", "F", "G"] and dlx.secondary == [5, 6]
    assert dlx.rows == list(range(6))


@pytest.mark.parametrize(
    "problem, message",
    [
        (lambda: queens_2n(4), r"constraint \('row', 0\) is to be covered exactly 2 times"),
        (
            lambda: MultiCover({"a": [1], "b": [1]}, counts={1: 3}, satisfy=[]),
            "constraint 1 is to be covered 0 to 3 times",
        ),
        (
            lambda: ExactCover({"a": {1: None, "x": "red"}}, secondary=["x"]),
            "choice 'a' gives constraint 'x' the color 'red'",
        ),
    ],
)
def test_what_a_matrix_cannot_hold_is_refused_by_name(problem: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        to_matrix(problem())


# -- the README's DLX file -------------------------------------------------------


def test_the_readmes_queens8_recipe_gives_its_figures(tmp_path: Path) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = next(b for b in readme.split("```sh\n") if "queens8.dlx --count --stats" in b)
    block = block.split("```", 1)[0]
    recipe = re.search(r'^\$ python -c "(.*)"$', block, re.M)
    assert recipe is not None and "write_dlx(queens(8), 'queens8.dlx')" in recipe.group(1)
    subprocess.run([sys.executable, "-c", recipe.group(1)], cwd=tmp_path, check=True)
    result = subprocess.run(
        [sys.executable, "-m", "exactcover", "solve", "queens8.dlx", "--count", "--stats"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    shown = block.split("--count --stats\n", 1)[1].strip()

    def without_time(text: str) -> str:
        return re.sub(r", [0-9.]+ s$", "", text.strip(), flags=re.M)

    assert without_time(result.stdout + result.stderr) == without_time(shown)
