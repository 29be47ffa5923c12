"""Release packaging: the sdist (with the tests), a manylinux2014 wheel made
by the README's command and checked by auditwheel, and the crate, end to end
by `ci/check_packaging.sh` (about 2-4 minutes on two cores: a fresh venv, one
Rust build without LTO, `cargo package`); the names and metadata that ship in
them; the release workflow."""

from __future__ import annotations

import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: The distribution's name on PyPI (`exactcover` there is an unrelated project).
DIST = "exactcover-dlx"


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


def _pyproject_name() -> str:
    name = re.search(r'^name = "(.*)"$', (ROOT / "pyproject.toml").read_text(), re.M)
    assert name is not None
    return name.group(1)


def test_the_distribution_name_is_one_name_everywhere() -> None:
    import exactcover

    assert _pyproject_name() == DIST
    # The installed distribution (this test runs against it) has that name
    # and the package's version.
    assert importlib.metadata.version(DIST) == exactcover.__version__
    assert importlib.metadata.metadata(DIST)["Name"] == DIST
    # Users of an index are told to install it under that name, and why
    # the module's name differs.
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick_start = " ".join(readme.split("## Quick start", 1)[1].split("\n## ", 1)[0].split())
    assert f"pip install {DIST}\n" in readme
    assert f"The distribution is called `{DIST}` because the name `exactcover` on PyPI" in (
        quick_start
    )
    assert "pip install exactcover\n" not in readme and "'exactcover[" not in readme
    # Messages that tell how to install an extra name the distribution too.
    for path in [ROOT / "README.md", *(ROOT / "python" / "exactcover").glob("*.py")]:
        for line in path.read_text(encoding="utf-8").splitlines():
            assert not re.search(r"(?<![\w.-])exactcover\[", line), f"{path.name}: {line}"
    # The release publishes it, and the packaging check reads it back.
    workflow = (ROOT / ".github" / "workflows" / "release.yml").read_text()
    assert f"url: https://pypi.org/p/{DIST}\n" in workflow
    script = (ROOT / "ci" / "check_packaging.sh").read_text()
    assert f"\nDIST={DIST}\n" in script
    # The crate and the module keep the name exactcover.
    crate = (ROOT / "rust" / "exactcover" / "Cargo.toml").read_text()
    assert re.search(r'^name = "exactcover"$', crate, re.M)
    assert 'module-name = "exactcover._native"' in (ROOT / "pyproject.toml").read_text()


def test_the_readmes_wheel_command_is_the_one_the_check_runs() -> None:
    script = (ROOT / "ci" / "check_packaging.sh").read_text()
    pins = dict(re.findall(r"^(MATURIN|ZIGLANG)=(\S+)$", script, re.M))
    command = re.search(r'^WHEEL_COMMAND="(.*)"$', script, re.M)
    assert command is not None and set(pins) == {"MATURIN", "ZIGLANG"}
    expanded = command.group(1).replace("$MATURIN", pins["MATURIN"])
    expanded = expanded.replace("$ZIGLANG", pins["ZIGLANG"])
    assert "--zig --compatibility manylinux2014" in expanded and "--release" in expanded
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    releasing = readme.split("## Releasing", 1)[1]
    assert f"```sh\n{expanded}\n```" in releasing
    assert 'bash -c "$WHEEL_COMMAND"' in script


def test_the_sdist_carries_the_tests() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text()
    for path in ("tests/**/*", "docs/**/*", "mkdocs.yml"):
        assert f'{{ path = "{path}", format = "sdist" }}' in pyproject
    # What ci/check_packaging.sh finds in the sdist it builds.
    script = (ROOT / "ci" / "check_packaging.sh").read_text()
    assert "tests/conftest.py tests/test_counts.py tests/test_packaging.py" in script


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


def test_release_workflow_builds_and_tests_every_platform() -> None:
    yaml = pytest.importorskip("yaml")
    text = (ROOT / ".github" / "workflows" / "release.yml").read_text()
    workflow = yaml.safe_load(text)
    jobs = workflow["jobs"]
    assert {"linux", "macos", "windows", "sdist", "msrv", "publish"} <= set(jobs)
    assert jobs["linux"]["strategy"]["matrix"]["target"] == ["x86_64", "aarch64"]
    assert [m["target"] for m in jobs["macos"]["strategy"]["matrix"]["include"]] == [
        "x86_64",
        "aarch64",
    ]
    assert text.count("PyO3/maturin-action@v1") == 4 and 'manylinux: "2014"' in text
    assert "abi3" in (ROOT / "rust" / "exactcover-py" / "Cargo.toml").read_text()
    # Every build is installed and the test suite run with it.
    for name in ("linux", "macos", "windows", "sdist"):
        runs = "\n".join(step.get("run", "") for step in jobs[name]["steps"])
        assert "[test]" in runs and "pytest $SKIP_PACKAGING" in runs, name
    # The toolchain floors are built with, and publishing waits for everything.
    msrv = "\n".join(step.get("run", "") for step in jobs["msrv"]["steps"])
    for floor in ("crate", "binding", "tests"):
        assert f"cargo +${{{{ steps.floors.outputs.{floor} }}}}" in msrv
    assert set(jobs["publish"]["needs"]) == {"linux", "macos", "windows", "sdist", "msrv"}
