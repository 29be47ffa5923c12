"""Griffe extension: the doctests in the package's docstrings (``>>>`` lines
and their output) are shown as Python console code blocks, not read as
Markdown (where ``[1, 2]`` would be a link)."""

from __future__ import annotations

from typing import Any

import griffe


def fence_doctests(text: str) -> str:
    """Wrap each run of doctest lines (a ``>>>`` line, then ``...`` lines and
    output up to a blank line) in a ```` ```pycon ```` fence."""
    out: list[str] = []
    lines = text.split("\n")
    k = 0
    while k < len(lines):
        line = lines[k]
        if line.lstrip().startswith(">>>"):
            indent = line[: len(line) - len(line.lstrip())]
            block = []
            while k < len(lines) and lines[k].strip():
                block.append(lines[k][len(indent) :] if lines[k].startswith(indent) else lines[k])
                k += 1
            out += ["", f"{indent}```pycon", *(indent + b for b in block), f"{indent}```", ""]
        else:
            out.append(line)
            k += 1
    return "\n".join(out)


class DoctestFences(griffe.Extension):
    """Fence the doctests of every docstring."""

    def on_object(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = fence_doctests(obj.docstring.value)
