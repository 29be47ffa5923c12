"""The Python sources pass ruff's lints and formatting (configured in
pyproject.toml) and import each other without cycles; the Rust sources are
checked by cargo clippy and cargo fmt in the README's test command."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("command", [["check"], ["format", "--check"]])
def test_ruff(command: list[str]) -> None:
    folders = [d for d in ("python", "tests", "benches") if (ROOT / d).is_dir()]
    result = subprocess.run(
        [sys.executable, "-m", "ruff", *command, *folders],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def _imports(source: str) -> set[str]:
    """The package's own modules that a module imports (``from .x import``),
    lazily inside a function or not."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                found.add(node.module.split(".")[0])
            else:
                found.update(alias.name for alias in node.names)
    return found


def test_the_package_has_no_import_cycle() -> None:
    """Each module depends on the others one way only: entry points belong
    to the command line (cli.py), and what two modules need lies below both."""
    package = ROOT / "python" / "exactcover"
    graph = {f.stem: _imports(f.read_text(encoding="utf-8")) for f in package.glob("*.py")}

    def cycle_from(module: str, path: list[str]) -> list[str] | None:
        for dependency in sorted(graph.get(module, ())):
            if dependency in path:
                return path[path.index(dependency) :] + [dependency]
            found = cycle_from(dependency, [*path, dependency])
            if found:
                return found
        return None

    for module in sorted(graph):
        assert cycle_from(module, [module]) is None, " -> ".join(cycle_from(module, [module]) or [])
