"""The documentation site (mkdocs.yml, docs/) builds with warnings as errors:
every page's README section exists, every cross-reference resolves."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_site_builds_strictly(tmp_path: Path) -> None:
    pytest.importorskip("mkdocstrings_handlers.python")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-4000:]
    pages = {p.parent.name for p in tmp_path.glob("*/index.html")}
    assert {"tutorial", "puzzles", "dlx-format", "cli", "performance", "rust", "api"} <= pages
    api = (tmp_path / "api" / "index.html").read_text()
    assert "SearchTimeout" in api and "iterator is busy" in api  # from docstrings
    tutorial = (tmp_path / "tutorial" / "index.html").read_text()
    assert "count(threads=2)" in tutorial  # from the README
    rust = (tmp_path / "rust" / "index.html").read_text()
    assert "Problem::with_items" in rust  # the crate's README


def test_doctests_are_fenced() -> None:
    sys.path.insert(0, str(ROOT / "docs" / "hooks"))
    try:
        from doctest_fences import fence_doctests
    finally:
        sys.path.pop(0)
    text = "Example:\n\n    >>> f([1, 2])\n    [1, 2]\n\nAfter."
    assert fence_doctests(text) == (
        "Example:\n\n\n    ```pycon\n    >>> f([1, 2])\n    [1, 2]\n    ```\n\n\nAfter."
    )
