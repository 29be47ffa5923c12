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
