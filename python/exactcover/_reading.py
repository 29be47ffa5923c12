"""Reading DLX text from a file or a stream: a bounded read, then UTF-8.

`read_dlx` and the `exactcover solve` command read their input the same way:
at most so many bytes (a longer input is a `DlxFormatError` raised before the
rest is read), decoded as UTF-8 (an invalid byte is a `DlxFormatError` that
names its line).
"""

from __future__ import annotations

from typing import IO, Any

from ._arguments import optional_whole
from ._errors import format_error

#: The most bytes (characters) `read_at_most` reads at once.
_PIECE = 2**24


def read_at_most(stream: IO[Any], max_bytes: int | None, hint: str = "") -> Any:
    """The whole of a stream, refused if it is too long.

    Args:
        stream: An open file, binary or text.
        max_bytes: The most bytes (characters, for a text file) to read;
            None for no limit.
        hint: Words that end the error's message (how to read more).

    Returns:
        What the stream held: bytes or str.

    Raises:
        TypeError: If `max_bytes` is not an int or None.
        ValueError: If `max_bytes` is negative.
        DlxFormatError: If the stream holds more than `max_bytes`.
    """
    limit = optional_whole("max_bytes", max_bytes, minimum=0)
    if limit is None:
        return stream.read()
    # In pieces: a file's read(n) sets n bytes aside first, which a limit
    # far past the input (past the memory, past sys.maxsize) cannot have.
    pieces = []
    size = 0
    while True:
        piece = stream.read(min(_PIECE, limit + 1 - size))
        if not piece:
            break
        pieces.append(piece)
        size += len(piece)
        if size > limit:
            raise format_error(f"the input is longer than {limit:,} bytes{hint}")
    return pieces[0][:0].join(pieces) if pieces else stream.read(0)


def decode_utf8(data: bytes) -> str:
    """Bytes decoded as UTF-8.

    Args:
        data: The bytes read.

    Returns:
        The text.

    Raises:
        DlxFormatError: If the bytes are not valid UTF-8 (naming the line).
    """
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise format_error(f"not valid UTF-8 (byte {data[e.start]:#04x})", line) from None
