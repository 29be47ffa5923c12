"""The documentation site (mkdocs.yml, docs/) builds with warnings as errors,
shows no raw markup, documents every public module and every README section.

The site is built once (by the `site` fixture) and read as HTML: what a
reader sees is what is checked, whatever the docstrings or pages look like.
"""

from __future__ import annotations

import pkgutil
import re
import subprocess
import sys
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import exactcover
import pytest

ROOT = Path(__file__).resolve().parent.parent

#: The reST roles of Sphinx: written in a Google-style docstring or a page,
#: they reach the reader as literal text (":class:`ExactCover`").
ROLES = re.compile(r":(?:class|func|meth|attr|mod|data|exc|obj|ref|py:\w+):`?")
#: A parameter list in the old `name -- text` style, at the start of a line
#: of prose (one name, or several separated by commas).
DASH_LIST = re.compile(r"^\s*\w+(?:, \w+)* -- ", re.M)
#: A private name as a default value in a signature (`max_bytes=_MEMO_BYTES`).
PRIVATE_DEFAULT = re.compile(r"=\s*_\w")
#: Elements whose text is one piece of prose.
BLOCKS = frozenset(["p", "li", "dd", "dt", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "div"])
#: Elements with no end tag.
VOID = frozenset(["br", "hr", "img", "input", "meta", "link", "wbr"])


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built with `mkdocs build --strict` into a temporary folder."""
    pytest.importorskip("mkdocstrings_handlers.python")
    folder = tmp_path_factory.mktemp("site")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(folder)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-4000:]
    return folder


def pages(site: Path) -> Iterator[tuple[str, Path]]:
    """Every page of the site: its address (``api/puzzles``, ``""`` for the
    home page) and its HTML file."""
    for path in sorted(site.rglob("index.html")):
        yield path.parent.relative_to(site).as_posix().strip("."), path


class _Text(HTMLParser):
    """The text of a page, split the ways the checks need it: `prose` (text
    outside code blocks, one string per block element), `signatures` (the text
    of mkdocstrings' object headings and signatures)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.prose: list[str] = []
        self.signatures: list[str] = []
        self._pre = 0
        self._block: list[str] = []
        # One entry per open element: is it a heading or signature of an object?
        self._stack: list[bool] = []
        self._signature: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            return
        classes = (dict(attrs).get("class") or "").split()
        self._stack.append("doc-heading" in classes or "doc-signature" in classes)
        if tag == "pre":
            self._pre += 1
        if tag in BLOCKS:
            self._flush()

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if tag in BLOCKS:
            self._flush()
        if tag == "pre":
            self._pre -= 1
        if self._stack and self._stack.pop() and self._signature:
            self.signatures.append("".join(self._signature))
            self._signature = []

    def handle_data(self, data: str) -> None:
        if any(self._stack):
            self._signature.append(data)
        if not self._pre:
            self._block.append(data)

    def _flush(self) -> None:
        text = "".join(self._block).strip()
        if text:
            self.prose.append(text)
        self._block = []


def read(path: Path) -> _Text:
    """The text of the page at `path`."""
    parser = _Text()
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    return parser


def public_modules() -> list[str]:
    """The package's public modules: every module of `exactcover` whose name
    does not start with an underscore (nor `__main__`), and the package."""
    return ["exactcover"] + [
        f"exactcover.{module.name}"
        for module in pkgutil.iter_modules(exactcover.__path__)
        if not module.name.startswith("_")
    ]


def readme_sections() -> list[str]:
    """The `## ` headings of README.md (the sections a page can include)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    # Headings inside code blocks are not headings.
    text = re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)
    return [heading.strip() for heading in re.findall(r"^## (.+)$", text, flags=re.M)]


def test_site_builds_strictly(site: Path) -> None:
    found = {address for address, _ in pages(site)}
    assert {"tutorial", "puzzles", "dlx-format", "cli", "performance", "rust", "api"} <= found
    api = (site / "api" / "index.html").read_text()
    assert "SearchTimeout" in api and "iterator is busy" in api  # from docstrings
    tutorial = (site / "tutorial" / "index.html").read_text()
    assert "count(threads=2)" in tutorial  # from the README
    rust = (site / "rust" / "index.html").read_text()
    assert "Problem::with_items" in rust  # the crate's README


def test_site_shows_no_raw_markup(site: Path) -> None:
    """No reST role, no `name -- text` parameter list and no private default
    value in a signature reaches the reader."""
    found = []
    for address, path in pages(site):
        text = read(path)
        for block in text.prose:
            if ROLES.search(block):
                found.append(f"/{address}: role in {block[:200]!r}")
            if DASH_LIST.search(block):
                found.append(f"/{address}: `name -- text` list in {block[:200]!r}")
        for signature in text.signatures:
            if PRIVATE_DEFAULT.search(signature):
                found.append(f"/{address}: private default in {signature.strip()!r}")
    assert not found, f"{len(found)} pieces of raw markup on the site:\n" + "\n".join(found)


def test_the_markup_checks_catch_what_they_look_for(tmp_path: Path) -> None:
    """The checks above find each kind of raw markup in HTML as mkdocstrings
    renders it (so that a clean site is clean, not unread)."""
    page = tmp_path / "index.html"
    page.write_text(
        '<h2 id="x" class="doc doc-heading"><code><span class="n">count</span>'
        '<span class="p">(</span><span class="n">memo_bytes</span><span class="o">=</span>'
        '<span class="n">_MEMO_BYTES</span><span class="p">)</span></code></h2>'
        "<div><p>The iterators :class:<code>ExactCover</code> and more.</p>"
        "<p>matrix -- a NumPy array.\nseed, random -- a seed.</p>"
        "<pre><code>:func:`not prose` and\nname -- in code</code></pre></div>"
    )
    text = read(page)
    assert [s for s in text.signatures if PRIVATE_DEFAULT.search(s)] == [
        "count(memo_bytes=_MEMO_BYTES)"
    ]
    assert [b for b in text.prose if ROLES.search(b)] == [
        "The iterators :class:ExactCover and more."
    ]
    assert [b for b in text.prose if DASH_LIST.search(b)] == [
        "matrix -- a NumPy array.\nseed, random -- a seed."
    ]


def test_every_public_module_has_an_api_page(site: Path) -> None:
    """Each public module is rendered (its heading, `id="exactcover.x"`) on a
    page of the API reference (the pages under `api/`)."""
    rendered: dict[str, str] = {}
    for address, path in pages(site):
        if address == "api" or address.startswith("api/"):
            html = path.read_text(encoding="utf-8")
            for name in re.findall(r'<h\d id="(exactcover(?:\.\w+)?)"', html):
                rendered.setdefault(name, address)
    missing = [name for name in public_modules() if name not in rendered]
    assert not missing, f"public modules on no API page: {missing}"
    assert {"exactcover.polyform", "exactcover.grids", "exactcover.dominoes"} <= set(rendered)
    assert {"exactcover.distributed", "exactcover.graph"} <= set(rendered)


def test_every_readme_section_is_on_a_page(site: Path) -> None:
    """Each `## ` section of README.md is included in a page (by a
    `<!-- README: Heading -->` marker, which docs/hooks/readme.py fills, or
    the build fails), and no marker reaches the site unfilled."""
    markers: dict[str, list[str]] = {}
    for page in sorted((ROOT / "docs").rglob("*.md")):
        for name in re.findall(r"^<!-- README: (.+?) -->$", page.read_text(), flags=re.M):
            markers.setdefault(name, []).append(page.relative_to(ROOT / "docs").as_posix())
    sections = readme_sections()
    assert {"Counting without enumerating", "Counting on a cluster"} <= set(sections)
    missing = [name for name in ["intro", *sections] if name not in markers]
    assert not missing, f"README sections on no page of the site: {missing}"
    for address, path in pages(site):
        assert "<!-- README" not in path.read_text(encoding="utf-8"), address


def test_pictures_are_the_sites_own(site: Path) -> None:
    """The README's pictures, links to docs/ on GitHub, are shown on the site
    from its own copies (docs/hooks/readme.py rewrites them), and every
    picture a page shows is there."""
    shown = 0
    for address, path in pages(site):
        for source in re.findall(r'<img [^>]*src="([^"]+)"', path.read_text(encoding="utf-8")):
            assert "://" not in source, (address, source)
            assert (path.parent / source).resolve().is_file(), (address, source)
            shown += 1
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert shown >= len(re.findall(r"!\[[^]]*\]\(https://raw\.githubusercontent", readme)) > 0


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
