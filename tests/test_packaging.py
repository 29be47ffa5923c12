"""Release packaging: the sdist, a manylinux2014 wheel checked by auditwheel,
and the crate, end to end by ``ci/check_packaging.sh`` (about 1-2 minutes on
two cores: a fresh venv, one Rust build without LTO, ``cargo package``), and
the metadata that ships in them."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_license_is_one_text_everywhere() -> None:
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("MIT License")
    assert (ROOT / "rust" / "exactcover" / "LICENSE").read_text() == text


def test_metadata_names_the_real_repository() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text()
    cargo = (ROOT / "Cargo.toml").read_text()
    assert "example.invalid" not in pyproject + cargo
    assert 'repository = "https://github.com/exactcover/exactcover"' in cargo
    assert 'Repository = "https://github.com/exactcover/exactcover"' in pyproject
    assert 'license-files = ["LICENSE"]' in pyproject


def test_version_is_the_crates() -> None:
    import exactcover

    cargo = (ROOT / "Cargo.toml").read_text()
    version = re.search(r'^version = "(.*)"$', cargo, re.M)
    assert version is not None and exactcover.__version__ == version.group(1)


def test_readme_images_resolve_off_the_repository() -> None:
    readme = (ROOT / "README.md").read_text()
    images = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", readme)
    assert images
    for url in images:
        assert url.startswith("https://raw.githubusercontent.com/exactcover/exactcover/main/")
        assert (ROOT / url.split("/main/", 1)[1]).is_file()


@pytest.mark.skipif(
    sys.platform != "linux" or shutil.which("cargo") is None,
    reason="manylinux wheels are built and checked on Linux",
)
def test_sdist_wheel_and_crate_build_and_install_alone() -> None:
    result = subprocess.run(
        ["bash", str(ROOT / "ci" / "check_packaging.sh")],
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
        env={k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV"},
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output[-6000:]
    assert "manylinux_2_17" in output and "packaging: ok" in output


def test_release_workflow_builds_every_platform() -> None:
    yaml = pytest.importorskip("yaml")
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "release.yml").read_text())
    jobs = workflow["jobs"]
    assert {"linux", "macos", "windows", "sdist", "publish"} <= set(jobs)
    assert jobs["linux"]["strategy"]["matrix"]["target"] == ["x86_64", "aarch64"]
    text = (ROOT / ".github" / "workflows" / "release.yml").read_text()
    assert text.count("PyO3/maturin-action@v1") == 4 and 'manylinux: "2014"' in text
    assert "abi3" in (ROOT / "rust" / "exactcover-py" / "Cargo.toml").read_text()
