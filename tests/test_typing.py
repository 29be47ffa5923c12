"""The typed API is checked mechanically: the native module's stub against the
runtime (mypy.stubtest), and the installed package under mypy --strict."""

import subprocess
import sys
from pathlib import Path

import pytest


@pytest.fixture
def run(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Run ``python -m ARGS`` in an empty directory, so that the installed
    package is checked (not the source tree, which has no compiled module)."""

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return _run(tmp_path, *args)

    return run


def _run(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def test_native_stub_matches_the_runtime(run) -> None:  # type: ignore[no-untyped-def]
    result = run("mypy.stubtest", "exactcover._native")
    assert result.returncode == 0, result.stdout + result.stderr


def test_package_passes_mypy_strict(run) -> None:  # type: ignore[no-untyped-def]
    result = run("mypy", "--strict", "--no-incremental", "-p", "exactcover")
    assert result.returncode == 0, result.stdout + result.stderr
