"""MkDocs hook: pages take their text from the README, so that the site and
the README (whose examples run as doctests) never disagree.

A line ``<!-- README: Heading -->`` in a page is replaced by the README's
section under ``## Heading`` (up to the next ``## ``); ``<!-- README: intro -->``
by the text before the first section. ``<!-- CRATE README -->`` is replaced by
the Rust crate's own README (the page crates.io shows), headings shifted one
level down.

The README shows its pictures from GitHub (PyPI has no copy of them); on the
site, a picture that is a file of docs/ is shown from the site's own copy.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent
MARKER = re.compile(r"^<!-- README: (.+?) -->$", re.M)
#: A picture of docs/ in the repository on GitHub, as the README links it.
PICTURE = re.compile(
    r"\(https://raw\.githubusercontent\.com/[^/\s]+/[^/\s]+/[^/\s]+/docs/([^/\s)]+)\)"
)


def _sections(text: str) -> dict[str, str]:
    parts = re.split(r"^## (.+)$", text, flags=re.M)
    # Drop the title line of the intro.
    sections = {"intro": parts[0].split("\n", 1)[1].strip()}
    for heading, body in zip(parts[1::2], parts[2::2]):
        sections[heading.strip()] = body.strip()
    return sections


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    """Fill the README markers of a page."""
    sections = _sections((ROOT / "README.md").read_text(encoding="utf-8"))

    page = kwargs.get("page")
    # The docs/ folder, relative to this page's file.
    up = "../" * page.file.src_uri.count("/") if page is not None else ""

    def picture(match: re.Match[str]) -> str:
        name = match.group(1)
        if not (ROOT / "docs" / name).is_file():
            return match.group(0)
        return f"({up}{name})"

    def section(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in sections:
            raise KeyError(f"the README has no section {name!r}")
        return PICTURE.sub(picture, sections[name])

    markdown = MARKER.sub(section, markdown)
    if "<!-- CRATE README -->" in markdown:
        crate = (ROOT / "rust" / "exactcover" / "README.md").read_text(encoding="utf-8")
        crate = re.sub(r"^# .*\n", "", crate, count=1)
        markdown = markdown.replace("<!-- CRATE README -->", crate)
    return markdown
