"""Word rectangles and Latin squares: exact covers with colors (Knuth's XCC).

A *word rectangle* fills an m x n grid with letters so that every row reads a
word of length n (an *across* word) and every column a word of length m (a
*down* word). As an exact cover problem, each choice puts one word in one
line: `('across', i, word)` in row i, `('down', j, word)` in column j (from
0). The lines are primary constraints, `('across', i)` and `('down', j)`:
each gets exactly one word. The cells `('cell', i, j)` are secondary
constraints *colored* by letters: an across word and a down word that cross
must give their common cell the same color, that is, the same letter. Without
colors a cell could be satisfied only once, and no word could cross another.

>>> words = ['bat', 'ate', 'tea', 'ten', 'net', 'eat', 'tan', 'ant']
>>> squares = word_rectangles(words)
>>> for row in decode_word_rectangle(next(squares)):
...     print(row)
bat
ate
tea
>>> word_rectangles(words).count()
7

A *Latin square* of order n is an n x n grid of n symbols in which every row
and every column holds each symbol once: a word square whose words are the n!
permutations of the symbols. `latin_squares` solves it so, and with some
cells filled in, it completes a partial Latin square (a quasigroup completion
puzzle):

>>> grid = decode_latin_square(next(latin_squares(3, given=['1..', '...', '..2'])))
>>> print('\\n'.join(map(''.join, grid)))
123
231
312
>>> [latin_squares(n).count() for n in range(1, 5)]
[1, 2, 12, 576]
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any, Union

from ._arguments import check_choices, choices_limit, whole
from .cover import MAX_CHOICES, ExactCover, MultiCover

__all__ = [
    "word_rectangles",
    "decode_word_rectangle",
    "latin_squares",
    "decode_latin_square",
]

#: A choice of a word rectangle: `('across', row, word)` or `('down', column, word)`.
WordChoice = tuple[str, int, str]
#: A choice of a Latin square: `('row', i, symbols)` or `('column', j, symbols)`.
LatinChoice = tuple[str, int, tuple[Any, ...]]
#: A partial Latin square: rows of cells (a symbol, or None or '.' for a blank),
#: or text of one line per row (one character per cell).
PartialGrid = Union[str, Sequence[Sequence[Any]]]

#: The default symbols of a Latin square of order n: the first n of these.
DEFAULT_SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: A blank cell of a partial Latin square ('.' only when it is not a symbol).
BLANKS = (None, ".")


def _word_list(name: str, words: Iterable[str]) -> list[str]:
    """Check a list of words: strings, non-empty, all of one length; drop repeats."""
    if isinstance(words, str) or not isinstance(words, Iterable):
        raise TypeError(f"{name} must be an iterable of strings, not {type(words).__name__}")
    result = list(dict.fromkeys(_check_word(name, w) for w in words))
    if not result:
        raise ValueError(f"{name} has no words")
    length = len(result[0])
    for word in result:
        if len(word) != length:
            raise ValueError(
                f"{name} words must all have the same length: {result[0]!r} has "
                f"{length} letters, {word!r} has {len(word)}"
            )
    return result


def _check_word(name: str, word: Any) -> str:
    if not isinstance(word, str):
        raise TypeError(f"{name} words must be strings, not {type(word).__name__} ({word!r})")
    if not word:
        raise ValueError(f"{name} has an empty word")
    return word


def _line_choices(
    rows: Sequence[Sequence[Sequence[Hashable]]],
    columns: Sequence[Sequence[Sequence[Hashable]]],
    kinds: tuple[str, str],
    distinct: bool,
) -> tuple[dict[Any, dict[Hashable, Hashable]], list[Hashable]]:
    """The choices of a rectangle whose row i may read any word of `rows[i]`
    and column j any word of `columns[j]`: each choice is a mapping from its
    constraints to their colors (cells colored by letters). Returns the choices
    and the secondary constraints."""
    across, down = kinds
    choices: dict[Any, dict[Hashable, Hashable]] = {}
    for i, words in enumerate(rows):
        for word in words:
            cons: dict[Hashable, Hashable] = {(across, i): None}
            for j, letter in enumerate(word):
                cons["cell", i, j] = letter
            if distinct:
                cons["word", word] = None
            choices[across, i, word] = cons
    for j, words in enumerate(columns):
        for word in words:
            cons = {(down, j): None}
            for i, letter in enumerate(word):
                cons["cell", i, j] = letter
            if distinct:
                cons["word", word] = None
            choices[down, j, word] = cons
    secondary: list[Hashable] = [
        ("cell", i, j) for i in range(len(rows)) for j in range(len(columns))
    ]
    if distinct:
        secondary.extend(dict.fromkeys(("word", w) for words in (*rows, *columns) for w in words))
    return choices, secondary


def word_rectangles(
    across: Iterable[str],
    down: Iterable[str] | None = None,
    *,
    distinct: bool = False,
    random: bool = False,
    seed: int | None = None,
) -> ExactCover[WordChoice]:
    """An iterator over the word rectangles of the given words.

    The grid has n columns, n the length of the `across` words, and m rows,
    m the length of the `down` words; every row reads an across word and
    every column a down word. Without `down` the down words are the across
    words, and the rectangles are word squares. Each solution is a list of
    choices `('across', i, word)` (row i reads word) and
    `('down', j, word)` (column j reads word); `decode_word_rectangle` turns it into
    its rows. The cells are secondary constraints `('cell', i, j)` colored by
    their letters, so `colors(solution)` maps each cell to its letter.

    Args:
        across: The words the rows may read: strings, all of one length.
        down: The words the columns may read: strings, all of one length
            (default: the across words).
        distinct: Use no word twice, in two rows, two columns, or a row and
            a column (a word square that is its own transpose, such as
            `sator arepo tenet opera rotas`, uses every word twice).
        random: Yield the solutions in a random order.
        seed: Yield them in a random order reproducible from this seed.

    Returns:
        An `ExactCover` over the rectangles.

    Raises:
        TypeError: If the words are not strings.
        ValueError: If there are no words, or they have different lengths.

    >>> rect = word_rectangles(['ash', 'toe', 'she', 'hoe'], ['at', 'so', 'he', 'to', 'be', 'as'])
    >>> solution = next(rect)
    >>> decode_word_rectangle(solution)
    ['ash', 'toe']
    >>> sorted(solution)[:3]
    [('across', 0, 'ash'), ('across', 1, 'toe'), ('down', 0, 'at')]
    >>> rect.colors(solution)[('cell', 1, 2)]
    'e'

    Word squares, and double word squares (no word twice):

    >>> word_rectangles(['ab', 'cd', 'ac', 'bd']).count()
    4
    >>> for square in word_rectangles(['ab', 'cd', 'ac', 'bd'], distinct=True):
    ...     print(decode_word_rectangle(square))
    ['ab', 'cd']
    ['ac', 'bd']
    >>> word_rectangles(['tea', 'to'])
    Traceback (most recent call last):
      ...
    ValueError: across words must all have the same length: 'tea' has 3 letters, 'to' has 2
    """
    across_words = _word_list("across", across)
    down_words = across_words if down is None else _word_list("down", down)
    m, n = len(down_words[0]), len(across_words[0])
    choices, secondary = _line_choices(
        [across_words] * m, [down_words] * n, ("across", "down"), distinct
    )
    return ExactCover(choices, random=random, secondary=secondary, seed=seed)


def decode_word_rectangle(solution: Iterable[Any]) -> list[str]:
    """The rows of a word rectangle.

    Args:
        solution: The choices of a solution; those other than
            `('across', i, word)` are ignored.

    Returns:
        The words of the across choices, in order of i.

    >>> decode_word_rectangle([('down', 0, 'ab'), ('across', 1, 'ba'), ('across', 0, 'ab')])
    ['ab', 'ba']
    """
    rows = sorted(
        (choice[1], choice[2])
        for choice in solution
        if isinstance(choice, tuple) and len(choice) == 3 and choice[0] == "across"
    )
    return [word for _, word in rows]


def _symbols(n: int, symbols: Iterable[Hashable] | None) -> list[Hashable]:
    if symbols is None:
        if n > len(DEFAULT_SYMBOLS):
            raise ValueError(
                f"give the symbols of a Latin square of order {n} (the default symbols "
                f"run out at {len(DEFAULT_SYMBOLS)})"
            )
        return list(DEFAULT_SYMBOLS[:n])
    if isinstance(symbols, str):
        result: list[Hashable] = list(symbols)
    elif isinstance(symbols, Iterable):
        result = list(symbols)
    else:
        raise TypeError(f"symbols must be an iterable, not {type(symbols).__name__}")
    for s in result:
        try:
            hash(s)
        except TypeError:
            raise TypeError(f"symbol {s!r} is not hashable") from None
        if s is None:
            raise ValueError("None is a blank, not a symbol")
    if len(set(result)) != len(result):
        raise ValueError(f"the symbols must be distinct: {result!r}")
    if len(result) != n:
        raise ValueError(f"a Latin square of order {n} needs {n} symbols, not {len(result)}")
    return result


def _partial_grid(n: int, symbols: list[Hashable], given: PartialGrid) -> list[list[Any]]:
    """Check a partial Latin square; returns its rows with None for blanks."""
    given_rows: Any = given.split() if isinstance(given, str) else given
    # Any iterable of rows will do, a 2-D NumPy array too; not a mapping.
    if not isinstance(given_rows, Iterable) or isinstance(given_rows, (bytes, Mapping)):
        raise TypeError(f"given must be a sequence of rows, not {type(given).__name__}")
    rows = list(given_rows)
    if len(rows) != n:
        raise ValueError(f"given has {len(rows)} rows, not {n}")
    known = set(symbols)
    grid: list[list[Any]] = []
    for i, row in enumerate(rows):
        values = list(row) if isinstance(row, Iterable) and not isinstance(row, Mapping) else None
        if values is None or len(values) != n:
            raise ValueError(f"row {i} of given must have {n} cells: {row!r}")
        cells: list[Any] = []
        for j, cell in enumerate(values):
            try:
                hash(cell)
            except TypeError:
                raise _not_a_symbol((i, j), cell, symbols) from None
            if cell in known:
                cells.append(cell)
            elif cell in BLANKS:
                cells.append(None)
            else:
                raise _not_a_symbol((i, j), cell, symbols)
        grid.append(cells)
    for i in range(n):
        _check_line(f"row {i}", grid[i])
    for j in range(n):
        _check_line(f"column {j}", [grid[i][j] for i in range(n)])
    return grid


def _not_a_symbol(cell: tuple[int, int], value: Any, symbols: list[Hashable]) -> ValueError:
    """The error for a given cell that holds neither a symbol nor a blank:
    it shows the symbols, and where the value is a symbol's text (1 for the
    default '1', as `Sudoku` reads it), says so."""
    shown = ", ".join(map(repr, symbols[:6])) + (", ..." if len(symbols) > 6 else "")
    message = (
        f"cell {cell} of given holds {value!r}, which is neither a symbol ({shown}) "
        "nor a blank (None or '.')"
    )
    if not isinstance(value, str) and str(value) in symbols:
        message += f"; did you mean {str(value)!r}?"
    return ValueError(message)


def _check_line(name: str, cells: list[Any]) -> None:
    seen: dict[Hashable, int] = {}
    for k, s in enumerate(cells):
        if s is None:
            continue
        if s in seen:
            raise ValueError(f"{name} of given holds {s!r} twice (cells {seen[s]} and {k})")
        seen[s] = k


class _TooMany(Exception):
    """More fillings than allowed."""


def _fillings(allowed: list[list[Hashable]], cap: int | None) -> list[tuple[Hashable, ...]]:
    """Every way to fill a line whose cell k may hold the symbols `allowed[k]`,
    no symbol twice (permutations, when every cell allows every symbol).
    Raises _TooMany as soon as there are more than `cap` (None: no cap)."""
    out: list[tuple[Hashable, ...]] = []
    line: list[Hashable] = []
    used: set[Hashable] = set()

    def extend(k: int) -> None:
        if k == len(allowed):
            if cap is not None and len(out) >= cap:
                raise _TooMany
            out.append(tuple(line))
            return
        for s in allowed[k]:
            if s not in used:
                used.add(s)
                line.append(s)
                extend(k + 1)
                line.pop()
                used.remove(s)

    extend(0)
    return out


def latin_squares(
    n: int,
    symbols: Iterable[Hashable] | None = None,
    *,
    given: PartialGrid | None = None,
    random: bool = False,
    seed: int | None = None,
    max_choices: int | None = MAX_CHOICES,
) -> MultiCover[LatinChoice]:
    """An iterator over the Latin squares of order n, or over the completions of a partial one.

    A Latin square is a word square over the permutations of the symbols:
    each choice `('row', i, p)` writes the tuple of symbols `p` in row i,
    each choice `('column', j, p)` writes `p` down column j; the rows and
    columns are primary constraints, the cells `('cell', i, j)` secondary
    ones colored by their symbols, so that a row and a column agree where they
    cross. Each Latin square is one solution; `decode_latin_square`
    turns it into its grid. There are n! permutations, so the problem has
    2n * n! choices: building the 70,560 of order 7 takes under a second;
    counting the 161,280 squares of order 5 about a second. With `given` cells, a line only
    offers the fillings that keep them and repeat no given symbol of a
    crossing line, far fewer. The iterator is a `MultiCover` whose
    required constraints are the lines, so that a line no filling fits leaves
    no solutions.

    Args:
        n: The order: the number of rows, columns and symbols.
        symbols: The n symbols, any hashable objects but None (default: the
            first n characters of `'123456789ABC...Z'`).
        given: A partial Latin square to complete: n rows of n cells (lists,
            strings, the rows of a 2-D NumPy array), each a symbol or a blank
            (None or '.'); a string is read as lines of one character per
            cell (default: an empty grid).
        random: Yield the solutions in a random order.
        seed: Yield them in a random order reproducible from this seed.
        max_choices: The most choices to build (default: a million, every
            order up to 8; the 6.5 million of order 9 take 20 GB); None for
            no limit.

    Returns:
        A `MultiCover` over the squares.

    Raises:
        TypeError: If an argument is of the wrong type.
        ValueError: If the symbols or the given cells are malformed, or the
            problem has more than `max_choices` choices.

    The number of Latin squares of order n is OEIS A002860:

    >>> [latin_squares(n).count() for n in range(1, 5)]
    [1, 2, 12, 576]
    >>> decode_latin_square(next(latin_squares(2, symbols=['x', 'o'])))
    [['x', 'o'], ['o', 'x']]
    >>> latin_squares(4, given='''1...
    ...                           .2..
    ...                           ..3.
    ...                           ...4''').count()
    2
    >>> latin_squares(2, given=['11', '..'])
    Traceback (most recent call last):
      ...
    ValueError: row 0 of given holds '1' twice (cells 0 and 1)
    """
    n = whole("the order n", n, minimum=0)
    alphabet = _symbols(n, symbols)
    what = f"latin_squares({n})"
    limit = choices_limit(max_choices)
    if given is None:
        # n! permutations for each of the 2n lines, counted before building.
        check_choices(what, 2 * n * math.factorial(n) if n <= 1000 else None, limit)
        every = _fillings([alphabet] * n, None)
        rows, columns = [every] * n, [every] * n
    else:
        try:
            rows, columns = _completions(n, alphabet, given, limit)
        except _TooMany:
            check_choices(what, None, limit)
            raise
    choices, _ = _line_choices(rows, columns, ("row", "column"), False)
    # A MultiCover, not an ExactCover: a line that no filling fits must still
    # be required (and leave no solutions), and satisfy= names it even then.
    # Every other constraint, the cells, is then optional with count 1: secondary.
    lines = [(kind, k) for kind in ("row", "column") for k in range(n)]
    return MultiCover(choices, random=random, satisfy=lines, seed=seed)


def _completions(
    n: int, alphabet: list[Hashable], given: PartialGrid, limit: int | None
) -> tuple[list[list[tuple[Hashable, ...]]], list[list[tuple[Hashable, ...]]]]:
    """The fillings of each row and of each column of a partial Latin square;
    raises _TooMany as soon as there are more than `limit` in all (None:
    no limit)."""
    grid = _partial_grid(n, alphabet, given)
    # A blank cell may hold any symbol given neither in its row nor in its column.
    allowed = [
        [
            [grid[i][j]]
            if grid[i][j] is not None
            else [
                s for s in alphabet if s not in grid[i] and all(grid[k][j] != s for k in range(n))
            ]
            for j in range(n)
        ]
        for i in range(n)
    ]
    lines = [allowed[i] for i in range(n)] + [[allowed[i][j] for i in range(n)] for j in range(n)]
    fillings: list[list[tuple[Hashable, ...]]] = []
    left = limit
    for line in lines:
        fillings.append(_fillings(line, left))
        if left is not None:
            left -= len(fillings[-1])
    return fillings[:n], fillings[n:]


def decode_latin_square(solution: Iterable[Any]) -> list[list[Any]]:
    """The grid of a Latin square.

    Args:
        solution: The choices of a solution; those other than
            `('row', i, symbols)` are ignored.

    Returns:
        The symbols of the row choices, row by row.

    >>> decode_latin_square([('column', 0, ('a', 'b')), ('row', 1, ('b', 'a')),
    ...                      ('row', 0, ('a', 'b'))])
    [['a', 'b'], ['b', 'a']]
    """
    rows = sorted(
        (
            (choice[1], choice[2])
            for choice in solution
            if isinstance(choice, tuple) and len(choice) == 3 and choice[0] == "row"
        ),
        key=lambda pair: pair[0],
    )
    return [list(symbols) for _, symbols in rows]
