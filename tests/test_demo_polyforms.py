"""The polyform demos: python -m exactcover hexiamonds / soma."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from exactcover import cli

SVG = "{http://www.w3.org/2000/svg}"


def test_hexiamonds(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    output = tmp_path / "rhombus.svg"
    assert cli.main(["hexiamonds", "--board", "4x9", "-o", str(output), "--drawings", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "The twelve hexiamonds in a 4x9 rhombus of triangles:"
    assert out[1].startswith("74 essentially different tilings (148 counting")
    assert out[2] == f"Drew 3 of them in {output}"
    root = ET.parse(output).getroot()
    groups = [g for g in root.iter(SVG + "g") if g.get("fill")]
    assert len(groups) == 3 * 12
    assert len(list(root.iter(SVG + "polygon"))) == 3 * 72


def test_soma_in_a_subprocess(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "exactcover", "soma", "--drawings", "2"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[1].startswith(
        "240 essentially different solutions (480 up to rotations, 11520 in all;"
    )
    assert lines[2] == "Drew 2 of them in soma.svg"
    root = ET.parse(tmp_path / "soma.svg").getroot()
    assert len(list(root.iter(SVG + "polygon"))) == 2 * 27 * 3


def test_polyform_demos_are_listed_and_check_their_board(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit:
        cli.main(["--help"])
    assert exit.value.code == 0
    out = capsys.readouterr().out
    assert "hexiamonds" in out and "soma" in out
    with pytest.raises(SystemExit) as exit:
        cli.main(["hexiamonds", "--board", "5x5"])
    assert exit.value.code == 2
    assert "36 pairs of triangles" in capsys.readouterr().err


def test_a_rhombus_with_no_tiling_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The 3x12 rhombus has no tiling: nothing to draw, though drawings were
    # asked for (the demo said '--drawings 0', which was not given).
    output = tmp_path / "none.svg"
    assert cli.main(["hexiamonds", "--board", "3x12", "-o", str(output)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith("0 essentially different tilings (0 counting")
    assert out[2] == "Drew none (there is none to draw): no SVG file written"
    assert not output.exists()
