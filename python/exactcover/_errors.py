"""The one place where errors about a problem are made or restated.

The native module raises `ExactCoverError` (and `DlxFormatError`) with
`kind`, `option` and `item` set from the core's error; the façade raises the
same classes with the same attributes, and restates native errors in terms of
the user's own objects.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from ._native import DlxFormatError, ExactCoverError


def describe(obj: object) -> str:
    """A short repr for error messages.

    Args:
        obj: Anything.

    Returns:
        `repr(obj)`, cut to 80 characters.
    """
    text = repr(obj)
    return text if len(text) <= 80 else text[:77] + "..."


def problem_error(
    message: str, kind: str | None, *, option: Any = None, item: Any = None
) -> ExactCoverError:
    """An `ExactCoverError` raised by the façade, with the attributes of the
    ones raised in Rust.

    Args:
        message: The message.
        kind: The kind of error, named as the core names its kinds
            (`"empty_option"`, `"invalid_bounds"`, ...).
        option: The user's choice at fault, if there is one.
        item: The user's constraint at fault, if there is one.

    Returns:
        The error, to be raised.
    """
    error = ExactCoverError(message)
    error.kind = kind
    error.option = option
    error.item = item
    return error


def format_error(
    message: str, line: int | None = None, *, option: Any = None, item: Any = None
) -> DlxFormatError:
    """A `DlxFormatError` with the attributes of the ones raised in Rust.

    Args:
        message: What is wrong; the error's `reason`.
        line: The line of the text at fault (None when not reading a text).
        option: The option at fault, if there is one.
        item: The item at fault, if there is one.

    Returns:
        The error, to be raised; its message starts with the line number.
    """
    error = DlxFormatError(f"line {line}: {message}" if line else message)
    error.kind = "dlx"
    error.option = option
    error.item = item
    error.line = line
    error.reason = message
    return error


def restate(
    error: ExactCoverError,
    options: Sequence[Any],
    items: Sequence[Hashable],
    colored: Mapping[Any, Sequence[tuple[Hashable, Hashable]]] | None = None,
) -> ExactCoverError:
    """A native error restated in the user's words.

    Args:
        error: The error the native module raised, whose `option` and `item`
            are ids.
        options: The user's choices, by id.
        items: The user's constraints, by id.
        colored: Each colored choice's `(constraint, color)` pairs, to name
            one where the bitset engine refuses colors.

    Returns:
        A new error whose `option` and `item` are the user's objects
        (`options[k]`, `items[i]`) and whose message names them.
    """
    kind = error.kind
    k, i = error.option, error.item
    option = options[k] if k is not None and k < len(options) else k
    item = items[i] if i is not None and i < len(items) else i
    message = str(error)
    if k is not None:
        choice = describe(option)
        constraint = describe(item)
        if kind == "empty_option":
            message = f"choice {choice} satisfies no constraints"
        elif kind == "duplicate_item":
            message = f"choice {choice} lists constraint {constraint} more than once"
        elif kind == "color_on_item":
            message = (
                f"choice {choice} gives a color to constraint {constraint}, which is not "
                "secondary: only constraints satisfied at most once (secondary=, or "
                "optional with count 1) can have colors"
            )
    elif kind == "engine_does_not_fit" and i is not None:
        message = (
            f"the problem does not fit the bitset engine: constraint {describe(item)} "
            "is to be satisfied a number of times other than once or at most once; "
            "use engine='auto' or engine='dlx'"
        )
    elif kind == "engine_does_not_fit" and colored and "color" in message:
        # The core says only that "some option gives an item a color".
        option, pairs = next(iter(colored.items()))
        item, color = pairs[0]
        message = (
            f"the problem does not fit the bitset engine, which has no colors: choice "
            f"{describe(option)} gives constraint {describe(item)} the color "
            f"{describe(color)}; use engine='auto' or engine='dlx'"
        )
    elif kind == "engine_does_not_fit" and " options, more than " in message:
        message = message.replace(" options, more than ", " choices, more than ")
    return problem_error(message, kind, option=option, item=item)


def busy(search: object, error: RuntimeError) -> RuntimeError:
    """PyO3's "Already borrowed" restated; other errors as they are.

    The native solver is in use by another thread, whose call runs without
    the GIL.

    Args:
        search: The iterator in use (None when unknown).
        error: The error the native call raised.

    Returns:
        The error to raise.
    """
    if "borrowed" not in str(error):
        return error
    return RuntimeError(
        f"this {type(search).__name__ if search is not None else 'iterator'} is busy in "
        "another thread: one iterator is one "
        "search, used by one thread at a time (make one iterator per thread, or use "
        "count(threads=N))"
    )


def started(search: Any) -> bool:
    """Whether a search has started: it has visited a node, or the threads
    of `solutions(threads=N)` hold it (their nodes reach `stats` only once
    they stop).

    Args:
        search: The iterator.

    Returns:
        True once the search has started.

    Raises:
        RuntimeError: If another thread is using the iterator.
    """
    solver = search._solver
    try:
        return solver.threads_progress is not None or solver.stats["nodes"] > 0
    except RuntimeError as error:
        raise busy(search, error) from None


def check_no_threads(search: Any, what: str) -> None:
    """Refuse a call that works on what a search has still to explore while
    the threads of `solutions(threads=N)` hold it.

    Args:
        search: The iterator.
        what: The call, as named in the message (e.g. `"estimate()"`).

    Raises:
        ValueError: If its threads are searching.
        RuntimeError: If another thread is using the iterator.
    """
    try:
        searching = search._solver.threads_progress is not None
    except RuntimeError as error:
        raise busy(search, error) from None
    if searching:
        raise ValueError(
            f"{what} cannot work on a search that the threads of solutions(threads=N) "
            "are searching: close that iterator first"
        )


def check_not_started(search: Any, what: str) -> None:
    """Refuse a call that works on the whole search tree once the search has started.

    Args:
        search: The iterator.
        what: The call, as named in the message (e.g. `"split()"`).

    Raises:
        ValueError: If the search has visited a node, or its threads are
            searching.
    """
    if started(search):
        raise ValueError(f"{what} needs an iterator that has not started searching")
