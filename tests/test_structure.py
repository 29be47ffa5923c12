"""The package's modules keep their private names to themselves.

A name with a leading underscore is private to the module that defines it: no
other module of `exactcover` imports it (`from .x import _name`) or reaches
for it (`x._name`). Helpers that several modules share live, under public
names, in a private module (`_arguments`, `_errors`, `_reading`, `_native`).
"""

from __future__ import annotations

import ast
from pathlib import Path

import exactcover

PACKAGE = Path(exactcover.__file__).parent


def is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def crossings(path: Path) -> list[str]:
    """Every private name that ``path`` takes from another module of the package."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []
    modules: set[str] = set()  # local names bound to a module of the package
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            relative = node.level > 0
            absolute = node.level == 0 and (node.module or "").split(".")[0] == "exactcover"
            if not (relative or absolute):
                continue
            for alias in node.names:
                if node.module is None or node.module == "exactcover":
                    # `from . import x`: x is a module (or a name of __init__).
                    modules.add(alias.asname or alias.name)
                    private_module = any(path.parent.glob(f"{alias.name}.*"))  # _native: a .so
                    if is_private(alias.name) and not private_module:
                        found.append(f"{path.name}:{node.lineno}: from . import {alias.name}")
                elif is_private(alias.name):
                    found.append(
                        f"{path.name}:{node.lineno}: from {'.' * node.level}{node.module} "
                        f"import {alias.name}"
                    )
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "exactcover":
                    modules.add(alias.asname or alias.name.split(".")[0])
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and is_private(node.attr):
            # `x._name` or `exactcover.x._name`, x a module of the package.
            base = node.value
            while isinstance(base, ast.Attribute):
                base = base.value
            if isinstance(base, ast.Name) and base.id in modules:
                found.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_private_name_crosses_a_module_boundary() -> None:
    modules = sorted(PACKAGE.glob("*.py"))
    assert len(modules) > 15  # the package's own files, not an empty folder
    found = [line for path in modules for line in crossings(path)]
    assert found == [], "private names used across modules:\n" + "\n".join(found)


def test_the_check_finds_crossings(tmp_path: Path) -> None:
    # The check above could pass by finding nothing; here it must find each form.
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from .cover import _check_choices, MAX_CHOICES\n"
        "from exactcover.search import _busy\n"
        "from . import polyomino\n"
        "from ._arguments import whole\n"
        "import exactcover.dlx\n"
        "polyomino._Problem\n"
        "exactcover.dlx._decode\n"
        "self._private\n",
        encoding="utf-8",
    )
    assert [line.split(": ", 1)[1] for line in crossings(sample)] == [
        "from .cover import _check_choices",
        "from exactcover.search import _busy",
        "polyomino._Problem",
        "exactcover.dlx._decode",
    ]
