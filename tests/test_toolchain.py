"""The Rust toolchain floors that the crates declare are true.

Each crate's `rust-version` must be at least what every locked dependency it
builds with declares (its own `rust-version`, or the edition it is written
in): normal and build dependencies, and theirs, on every platform. Cargo
never builds the dev-dependencies of a dependency, and a crate's own
dev-dependencies only build its tests and benchmarks: they are held to the
floor in `[package.metadata.exactcover] tests-rust-version` instead (the
crate's own floor when it declares none). The code itself is checked against
`rust-version` by clippy's `incompatible_msrv` lint (the README's test
command), and the release workflow builds each crate with its floor.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: The first Rust release that knows each edition.
EDITION_FLOOR = {"2015": "1.0", "2018": "1.31", "2021": "1.56", "2024": "1.85"}

Version = tuple[int, ...]


def _version(text: str) -> Version:
    """`"1.85"` or `"1.85.0"` as a tuple that compares as versions do."""
    parts = tuple(int(p) for p in text.split("."))
    return parts + (0,) * (3 - len(parts))


def _show(version: Version) -> str:
    return ".".join(map(str, version[:2] if version[2] == 0 else version))


@cache
def _metadata() -> dict[str, Any]:
    if shutil.which("cargo") is None:
        pytest.skip("cargo is not installed: the crates cannot be resolved")
    result = subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--locked"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-4000:]
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def _floor(package: dict[str, Any]) -> Version:
    """What a package needs: its rust-version, and at least its edition's."""
    declared = _version(package["rust_version"] or "1.0")
    return max(declared, _version(EDITION_FLOOR[package["edition"]]))


def _needs(member: str, first_kinds: set[str | None]) -> dict[str, Version]:
    """The floor of every package that building `member` builds: its
    dependencies of `first_kinds` (None: normal, "build", "dev"), then their
    normal and build dependencies, transitively; by package id."""
    metadata = _metadata()
    packages = {p["id"]: p for p in metadata["packages"]}
    nodes = {n["id"]: n for n in metadata["resolve"]["nodes"]}
    root = next(p["id"] for p in metadata["packages"] if p["name"] == member)

    def deps(node_id: str, kinds: set[str | None]) -> list[str]:
        return [
            d["pkg"]
            for d in nodes[node_id]["deps"]
            if any(k["kind"] in kinds for k in d["dep_kinds"])
        ]

    seen: dict[str, Version] = {}
    stack = deps(root, first_kinds)
    while stack:
        package_id = stack.pop()
        if package_id in seen:
            continue
        seen[package_id] = _floor(packages[package_id])
        stack.extend(deps(package_id, {None, "build"}))
    return seen


def _package(name: str) -> dict[str, Any]:
    return next(p for p in _metadata()["packages"] if p["name"] == name)


def _above(needs: dict[str, Version], floor: Version) -> list[str]:
    packages = {p["id"]: p for p in _metadata()["packages"]}
    return sorted(
        f"{packages[i]['name']} {packages[i]['version']} needs {_show(v)}"
        for i, v in needs.items()
        if v > floor
    )


@pytest.mark.parametrize("member", ["exactcover", "exactcover-py"])
def test_no_dependency_needs_more_than_the_crate_declares(member: str) -> None:
    package = _package(member)
    assert package["rust_version"], f"{member} declares no rust-version"
    declared = _version(package["rust_version"])
    assert _floor(package) <= declared, f"{member}'s edition needs more than {_show(declared)}"
    needs = _needs(member, {None, "build"})
    assert not _above(needs, declared), f"{member} declares {_show(declared)}, but " + ", ".join(
        _above(needs, declared)
    )


def test_the_bindings_floor_is_what_building_the_wheel_needs() -> None:
    """Not higher either: the binding's own code is thin, its floor is pyo3's."""
    declared = _version(_package("exactcover-py")["rust_version"])
    assert declared == max(_needs("exactcover-py", {None, "build"}).values())


def test_the_tests_floor_covers_the_dev_dependencies() -> None:
    package = _package("exactcover")
    declared = _version(package["rust_version"])
    tests = (package["metadata"] or {}).get("exactcover", {}).get("tests-rust-version")
    floor = _version(tests) if tests else declared
    needs = _needs("exactcover", {None, "build", "dev"})
    assert not _above(needs, floor), f"the tests of exactcover need more than {_show(floor)}: " + (
        ", ".join(_above(needs, floor))
    )
    # And no more than they need: the documented floor is the true one.
    assert floor == max(declared, *needs.values())


def test_the_readme_states_the_floors() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    core = _package("exactcover")
    binding = _show(_version(_package("exactcover-py")["rust_version"]))
    crate = _show(_version(core["rust_version"]))
    tests = _show(_version(core["metadata"]["exactcover"]["tests-rust-version"]))
    quick_start = " ".join(readme.split("## Quick start", 1)[1].split("\n## ", 1)[0].split())
    assert f"needs Rust {binding} or newer" in quick_start
    flat = " ".join(readme.split("## From Rust", 1)[1].split("\n## ", 1)[0].split())
    assert f"builds with Rust {crate} or newer" in flat
    assert f"need Rust {tests}" in flat
    assert f"building the Python package needs Rust {binding}" in flat
    # No other floor is claimed anywhere in the README.
    claimed = set(re.findall(r"Rust (1\.\d+)", " ".join(readme.split())))
    assert claimed <= {crate, binding, tests}, claimed
