"""Word rectangles and Latin squares (exact covers with colors): brute force and OEIS."""

import time
from itertools import permutations, product

import pytest
from exactcover import (
    decode_latin_square,
    decode_word_rectangle,
    latin_squares,
    word_rectangles,
)
from hypothesis import given, settings
from hypothesis import strategies as st

A002860 = [1, 1, 2, 12, 576, 161280]  # Latin squares of order n = 0..5


# --- brute force, independent of the exact cover formulation ---------------------------


def brute_rectangles(across, down, distinct=False):
    """Every tuple of rows (across words) whose columns are down words."""
    down_set = set(down)
    m = len(down[0])
    found = set()
    for rows in product(dict.fromkeys(across), repeat=m):
        columns = ["".join(row[j] for row in rows) for j in range(len(across[0]))]
        unique = len(set(rows) | set(columns)) == len(rows) + len(columns)
        if all(c in down_set for c in columns) and (unique or not distinct):
            found.add(rows)
    return found


def brute_latin(n, symbols, grid):
    """Every completion of a partial grid (None for blanks), built row by row."""
    found = []

    def extend(rows):
        i = len(rows)
        if i == n:
            found.append(tuple(rows))
            return
        for p in permutations(symbols):
            if any(grid[i][j] is not None and grid[i][j] != p[j] for j in range(n)):
                continue
            if any(row[j] == p[j] for row in rows for j in range(n)):
                continue
            extend(rows + [p])

    extend([])
    return set(found)


def has_repeats(grid):
    n = len(grid)
    lines = [list(row) for row in grid] + [[grid[i][j] for i in range(n)] for j in range(n)]
    for line in lines:
        filled = [s for s in line if s is not None]
        if len(filled) != len(set(filled)):
            return True
    return False


# --- word rectangles --------------------------------------------------------------------


def words_of(length, alphabet="ab"):
    return st.lists(
        st.text(alphabet=alphabet, min_size=length, max_size=length), min_size=1, max_size=8
    )


@st.composite
def word_lists(draw):
    m = draw(st.integers(1, 3))
    n = draw(st.integers(1, 3))
    alphabet = draw(st.sampled_from(["ab", "abc"]))
    across = draw(words_of(n, alphabet))
    down = draw(words_of(m, alphabet))
    return across, down


@settings(max_examples=150, deadline=None)
@given(word_lists(), st.booleans())
def test_word_rectangles_match_brute_force(lists, distinct):
    across, down = lists
    cover = word_rectangles(across, down, distinct=distinct)
    solutions = [tuple(decode_word_rectangle(s)) for s in cover]
    assert len(solutions) == len(set(solutions))
    assert set(solutions) == brute_rectangles(across, down, distinct)
    assert word_rectangles(across, down, distinct=distinct).count() == len(solutions)


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 3).flatmap(lambda n: words_of(n, "abc")), st.booleans())
def test_word_squares_match_brute_force(words, distinct):
    solutions = {tuple(decode_word_rectangle(s)) for s in word_rectangles(words, distinct=distinct)}
    assert solutions == brute_rectangles(words, words, distinct)


def test_solutions_are_choices_and_colors_are_the_letters():
    across = ["ash", "toe", "she", "hoe", "tee"]
    down = ["at", "so", "he", "to", "be", "as", "ee", "sh", "ho"]
    cover = word_rectangles(across, down)
    count = 0
    for solution in cover:
        count += 1
        rows = decode_word_rectangle(solution)
        assert len(solution) == 2 + 3
        assert sorted(c for c in solution if c[0] == "down") == [
            ("down", j, rows[0][j] + rows[1][j]) for j in range(3)
        ]
        assert cover.colors(solution) == {
            ("cell", i, j): rows[i][j] for i in range(2) for j in range(3)
        }
    assert count == len(brute_rectangles(across, down)) > 1


def test_distinct_forbids_a_word_twice():
    # The only squares of these words are symmetric: each uses its words twice.
    words = ["bat", "ate", "tea", "ten", "net", "eat", "tan", "ant"]
    assert word_rectangles(words).count() == 7
    assert word_rectangles(words, distinct=True).count() == 0
    assert all(
        len(set(decode_word_rectangle(s))) == 2
        for s in word_rectangles(["ab", "cd", "ac", "bd"], distinct=True)
    )
    # Repeated words in the list count once.
    assert word_rectangles(["ab", "ab", "ba"]).count() == word_rectangles(["ab", "ba"]).count()


def test_random_order_is_reproducible_and_complete():
    words = ["".join(w) for w in product("abc", repeat=2)]
    first = [decode_word_rectangle(s) for s in word_rectangles(words, seed=3)]
    again = [decode_word_rectangle(s) for s in word_rectangles(words, seed=3)]
    assert first == again
    assert sorted(first) == sorted(decode_word_rectangle(s) for s in word_rectangles(words))
    assert len(first) == 3**4  # every 2 x 2 grid over three letters
    assert word_rectangles(words, random=True).count() == 81


def test_bad_word_lists():
    with pytest.raises(ValueError, match="no words"):
        word_rectangles([])
    with pytest.raises(ValueError, match="down has no words"):
        word_rectangles(["ab"], [])
    with pytest.raises(ValueError, match="same length"):
        word_rectangles(["ab", "abc"])
    with pytest.raises(ValueError, match="same length"):
        word_rectangles(["ab"], ["a", "bc"])
    with pytest.raises(ValueError, match="empty word"):
        word_rectangles([""])
    with pytest.raises(TypeError, match="strings, not int"):
        word_rectangles(["ab", 12])
    with pytest.raises(TypeError, match="iterable of strings"):
        word_rectangles("abc")
    with pytest.raises(TypeError, match="iterable of strings"):
        word_rectangles(7)


# --- Latin squares ----------------------------------------------------------------------


@pytest.mark.parametrize("n", range(5))
def test_latin_square_counts_are_A002860(n):
    assert latin_squares(n).count() == A002860[n]


def test_latin_squares_of_order_5_are_A002860():
    start = time.perf_counter()
    assert latin_squares(5).count() == 161280
    assert time.perf_counter() - start < 30  # about a second in a release build


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_latin_squares_are_valid_distinct_and_colored(n):
    symbols = list(range(10, 10 + n))
    cover = latin_squares(n, symbols)
    grids = []
    for solution in cover:
        grid = decode_latin_square(solution)
        assert cover.colors(solution) == {
            ("cell", i, j): grid[i][j] for i in range(n) for j in range(n)
        }
        grids.append(tuple(map(tuple, grid)))
    assert set(grids) == brute_latin(n, symbols, [[None] * n for _ in range(n)])
    assert len(grids) == A002860[n]


@st.composite
def partial_grids(draw):
    n = draw(st.integers(1, 4))
    symbols = "1234"[:n]
    cell = st.one_of(st.none(), st.none(), st.sampled_from(symbols))
    grid = [[draw(cell) for _ in range(n)] for _ in range(n)]
    return n, symbols, grid


@settings(max_examples=150, deadline=None)
@given(partial_grids())
def test_latin_completion_matches_brute_force(case):
    n, symbols, grid = case
    if has_repeats(grid):
        with pytest.raises(ValueError, match="twice"):
            latin_squares(n, given=grid)
        return
    solutions = [decode_latin_square(s) for s in latin_squares(n, given=grid)]
    found = {tuple(map(tuple, g)) for g in solutions}
    assert len(found) == len(solutions)
    assert found == brute_latin(n, symbols, grid)


@settings(max_examples=50, deadline=None)
@given(st.integers(1, 5), st.data())
def test_latin_completion_of_a_blanked_square(n, data):
    """Blank some cells of a Latin square: it is among the completions."""
    square = decode_latin_square(next(latin_squares(n, seed=data.draw(st.integers(0, 99)))))
    keep = data.draw(st.lists(st.booleans(), min_size=n * n, max_size=n * n))
    text = "\n".join(
        "".join(square[i][j] if keep[i * n + j] else "." for j in range(n)) for i in range(n)
    )
    completions = [decode_latin_square(s) for s in latin_squares(n, given=text)]
    assert square in completions
    assert all(
        c[i][j] == square[i][j]
        for c in completions
        for i in range(n)
        for j in range(n)
        if keep[i * n + j]
    )


def test_latin_completion_of_order_9_is_fast():
    # A 9 x 9 partial square (a Sudoku solution without its boxes, half blanked):
    # only the fillings consistent with the givens become choices.
    rows = [
        "534678912",
        "672195348",
        "198342567",
        "859761423",
        "426853791",
        "713924856",
        "961537284",
        "287419635",
        "345286179",
    ]
    given = [
        "".join(c if (i + j) % 2 else "." for j, c in enumerate(r)) for i, r in enumerate(rows)
    ]
    start = time.perf_counter()
    completions = [decode_latin_square(s) for s in latin_squares(9, given=given)]
    assert [list(r) for r in rows] in completions
    assert time.perf_counter() - start < 5


def test_bad_latin_squares():
    with pytest.raises(TypeError):
        latin_squares("3")
    with pytest.raises(ValueError, match="non-negative"):
        latin_squares(-1)
    with pytest.raises(ValueError, match="needs 3 symbols"):
        latin_squares(3, "ab")
    with pytest.raises(ValueError, match="distinct"):
        latin_squares(2, "aa")
    with pytest.raises(ValueError, match="give the symbols"):
        latin_squares(36)
    with pytest.raises(ValueError, match="rows"):
        latin_squares(3, given=["1..", "..."])
    with pytest.raises(ValueError, match="row 1 of given must have 3 cells"):
        latin_squares(3, given=["1..", "..", "..."])
    with pytest.raises(ValueError, match=r"cell \(0, 1\) of given holds 'x'"):
        latin_squares(3, given=["1x.", "...", "..."])
    with pytest.raises(ValueError, match="column 0 of given holds '2' twice"):
        latin_squares(3, given=["2..", "...", "2.."])
    # A partial square without a completion is no error: it has no solutions.
    assert latin_squares(2, given=["1.", ".2"]).count() == 0


def test_latin_completion_of_numpy_rows_and_other_iterables():
    # A 2-D NumPy array (or a generator of rows) was refused: "given must be a
    # sequence of rows, not ndarray".
    np = pytest.importorskip("numpy")
    rows = [[1, None, None], [None, None, None], [None, None, 2]]
    expected = latin_squares(3, [1, 2, 3], given=rows).count()
    assert expected == 1
    assert latin_squares(3, [1, 2, 3], given=np.array(rows, dtype=object)).count() == expected
    assert latin_squares(3, [1, 2, 3], given=(row for row in rows)).count() == expected
    letters = np.array([list("1.."), list("..."), list("..2")])
    assert latin_squares(3, given=letters).count() == expected
    with pytest.raises(TypeError, match="given must be a sequence of rows, not dict"):
        latin_squares(3, given={0: "1.."})
    with pytest.raises(ValueError, match="row 0 of given must have 3 cells"):
        latin_squares(3, given=[5, "...", "..."])


def test_a_given_cell_that_is_no_symbol_is_told_what_the_symbols_are() -> None:
    # The default symbols are strings, and Sudoku takes 1 for '1': a given
    # [[1, None], ...] said only "holds 1, not a symbol".
    with pytest.raises(ValueError) as raised:
        latin_squares(2, given=[[1, None], [None, None]])
    assert str(raised.value) == (
        "cell (0, 0) of given holds 1, which is neither a symbol ('1', '2') nor a blank "
        "(None or '.'); did you mean '1'?"
    )
    with pytest.raises(ValueError) as raised:
        latin_squares(9, given=["x" + "." * 8] + ["." * 9] * 8)
    assert str(raised.value) == (
        "cell (0, 0) of given holds 'x', which is neither a symbol ('1', '2', '3', '4', '5', "
        "'6', ...) nor a blank (None or '.')"
    )
    with pytest.raises(ValueError, match=r"cell \(1, 0\) of given holds \[\], which is neither"):
        latin_squares(2, symbols="ab", given=[["a", None], [[], None]])
