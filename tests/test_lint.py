"""The Python sources pass ruff's lints and formatting (configured in
pyproject.toml); the Rust sources are checked by cargo clippy and cargo fmt in
the README's test command."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("command", [["check"], ["format", "--check"]])
def test_ruff(command: list[str]) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "ruff", *command, "python", "tests", "benches"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
