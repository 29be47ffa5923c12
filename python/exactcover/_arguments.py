"""Checking the arguments users pass: whole numbers, seconds and seeds,
written once.

An argument that should be a whole number may be a Python int or a NumPy
integer (anything with `__index__`), never a bool; a wrong type is a
`TypeError`, a value out of range a `ValueError`, each naming the argument.
"""

from __future__ import annotations

import math
import numbers
import operator
import random as _random
import sys
from typing import Any

U64_MAX = 2**64 - 1
"""The largest value of the solver's 64-bit counters and seeds: seeds are
taken modulo 2**64, limits and byte counts capped at it."""


def seconds(name: str, value: object, what: str = "a number") -> float:
    """A number of seconds as a float (not checked for sign or NaN).

    Args:
        name: The argument's name, for the error.
        value: Any real number: an int, a float, a NumPy number, a
            `Fraction` or a `Decimal`, not a bool.
        what: What it must be, for the error.

    Returns:
        `value` as a float: one too large for a float is `inf` (or `-inf`),
        a Decimal's signaling NaN is NaN.

    Raises:
        TypeError: If `value` is not a real number.
    """
    # Decimal is a real number too, though not registered as numbers.Real
    # (and a Decimal given means its module is loaded: not imported here,
    # where it would cost every import of the package 2 ms).
    decimal = sys.modules.get("decimal")
    real = isinstance(value, numbers.Real) or (
        decimal is not None and isinstance(value, decimal.Decimal)
    )
    if isinstance(value, bool) or not real:
        raise TypeError(f"{name} must be {what}, not {type(value).__name__}")
    try:
        return float(value)  # type: ignore[arg-type]
    except OverflowError:
        # An int or Fraction beyond floats: a length no search reaches.
        return math.inf if value > 0 else -math.inf  # type: ignore[operator]
    except ValueError:
        return math.nan  # a Decimal's signaling NaN


def integer(value: object) -> int | None:
    """An integer argument as an int.

    Args:
        value: Anything.

    Returns:
        `value` as an int if it is an integer, a Python or a NumPy one
        (anything with `__index__`) but not a bool; else None.
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return int(value)
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def whole(name: str, value: Any, *, minimum: int | None = None, maximum: int | None = None) -> int:
    """A whole-number argument, checked.

    >>> whole('n', 3, minimum=1)
    3
    >>> whole('n', 0, minimum=1)
    Traceback (most recent call last):
      ...
    ValueError: n must be at least 1, not 0
    >>> whole('limit', 2.0)
    Traceback (most recent call last):
      ...
    TypeError: limit must be an int, not float

    Args:
        name: The argument's name, for the error messages.
        value: The argument.
        minimum: The least value allowed (None: no least).
        maximum: The greatest value allowed (None: no greatest).

    Returns:
        `value` as an int.

    Raises:
        TypeError: If `value` is not an integer (a bool is not).
        ValueError: If it is below `minimum` or above `maximum`.
    """
    number = integer(value)
    if number is None:
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if minimum is not None and number < minimum:
        least = "non-negative" if minimum == 0 else f"at least {minimum}"
        raise ValueError(f"{name} must be {least}, not {number}")
    if maximum is not None and number > maximum:
        raise ValueError(f"{name} must be at most {maximum}, not {number}")
    return number


def optional_whole(
    name: str, value: Any, *, minimum: int | None = None, maximum: int | None = None
) -> int | None:
    """As `whole()`, with None allowed (and returned).

    Args:
        name: The argument's name, for the error messages.
        value: The argument, or None.
        minimum: The least value allowed (None: no least).
        maximum: The greatest value allowed (None: no greatest).

    Returns:
        `value` as an int, or None.

    Raises:
        TypeError: If `value` is neither an integer nor None.
        ValueError: If it is below `minimum` or above `maximum`.
    """
    if value is None:
        return None
    if integer(value) is None:
        raise TypeError(f"{name} must be an int or None, not {type(value).__name__}")
    return whole(name, value, minimum=minimum, maximum=maximum)


ENGINES = ("auto", "bitset", "dlx")


def engine(given: Any) -> str:
    """The search engine a caller asked for.

    Args:
        given: `"auto"`, `"bitset"` or `"dlx"`.

    Returns:
        `given`, checked.

    Raises:
        ValueError: If `given` is not one of those names (the error names it).
    """
    if not isinstance(given, str) or given not in ENGINES:
        raise ValueError(f"engine must be 'auto', 'bitset' or 'dlx', not {given!r}")
    return given


def flag(name: str, value: object) -> bool:
    """A yes-or-no argument as a bool.

    >>> flag('random', None)
    False
    >>> flag('random', 'yes')
    Traceback (most recent call last):
      ...
    TypeError: random must be True or False, not str 'yes'

    Args:
        name: The argument's name, for the error.
        value: True or False (a Python or a NumPy bool), or None (False).

    Returns:
        `value` as a bool.

    Raises:
        TypeError: If `value` is anything else: any other object is truthy
            or falsy too, and a number or a string passed there (a seed, a
            name) is surely a mistake.
    """
    if value is None:
        return False
    if isinstance(value, bool):
        return value
    numpy = sys.modules.get("numpy")  # a NumPy bool given means NumPy is loaded
    if numpy is not None and isinstance(value, numpy.bool_):
        return bool(value)
    raise TypeError(f"{name} must be True or False, not {type(value).__name__} {value!r:.80}")


def seed(random: object, given: Any) -> int | None:
    """The seed of a search.

    >>> seed(False, 2**64 + 5)
    5
    >>> seed(7, None)
    Traceback (most recent call last):
      ...
    TypeError: random must be True or False, not int 7: pass seed=7 for a reproducible random order

    Args:
        random: Whether the search runs in a random order: True or False
            (or None, False).
        given: The seed the user gave (any integer), or None.

    Returns:
        `given` modulo 2**64, else a fresh random seed if `random`, else
        None (the search keeps the input order).

    Raises:
        TypeError: If `random` is not True, False or None, or `given` is
            neither an integer nor None.
    """
    try:
        shuffled = flag("random", random)
    except TypeError as error:
        number = integer(random)
        if number is None:
            raise
        # random=7 was random=True with a fresh seed, not the seed 7.
        raise TypeError(f"{error}: pass seed={number} for a reproducible random order") from None
    if given is not None:
        return whole("seed", given) & U64_MAX
    if shuffled:
        return _random.getrandbits(64)
    return None


#: The longest side of a square board drawn as text (queens): 10_000, so 10^8
#: characters at most; a drawing of other shapes may hold as many cells.
MAX_TEXT_SIDE = 10_000

#: The most cells a region may list (`rectangle`, `aztec_diamond`, `box`):
#: 10^8 (as many as a drawing as text holds), about 10 GB of Python tuples.
MAX_CELLS = MAX_TEXT_SIDE**2


def check_cells(what: str, cells: int) -> None:
    """Refuse a region of more than `MAX_CELLS` cells before listing them.

    Args:
        what: The region, as named in the message (e.g. `"a 3 x 4 rectangle"`).
        cells: How many cells it has.

    Raises:
        ValueError: If it has more than `MAX_CELLS`.
    """
    if cells > MAX_CELLS:
        raise ValueError(
            f"{what} has {cells:,} cells, more than the {MAX_CELLS:,} a region may list"
        )


#: Default memory cap of a memo or solution graph: 1 GiB.
MEMO_BYTES = 2**30


def choices_limit(max_choices: Any) -> int | None:
    """Check a `max_choices` argument of a puzzle builder.

    Args:
        max_choices: The most choices to build, or None for no limit.

    Returns:
        The limit as an int, or None.

    Raises:
        TypeError: If it is neither an int nor None.
    """
    return optional_whole("max_choices", max_choices)


def check_choices(what: str, choices: int | None, max_choices: Any) -> None:
    """Refuse to build a problem with more choices than `max_choices`.

    Call it before building anything.

    Args:
        what: The problem, as named in the message (e.g. `"queens(2000)"`).
        choices: How many choices it would have (None: too many to count).
        max_choices: The most choices allowed (None: no limit).

    Raises:
        ValueError: If the problem has more choices than allowed.
    """
    limit = choices_limit(max_choices)
    if limit is None or (choices is not None and choices <= limit):
        return
    how_many = "more choices than" if choices is None else f"{choices:,} choices, more than"
    raise ValueError(
        f"{what} has {how_many} max_choices={limit:,} (a million take about a gigabyte "
        "and seconds to build): pass max_choices=None, or a larger number, to build it "
        "anyway"
    )
