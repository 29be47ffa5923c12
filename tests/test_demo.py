"""The puzzle demos (python -m exactcover): pentominoes by default, queens."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from exactcover import cli, demo

SVG = "{http://www.w3.org/2000/svg}"


def piece_groups(path: Path) -> list[ET.Element]:
    root = ET.parse(path).getroot()
    assert root.tag == SVG + "svg"
    return [g for g in root.iter(SVG + "g") if g.get("fill")]


def test_default_demo_in_a_subprocess(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "exactcover"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "The twelve pentominoes in a 6x10 rectangle, one tiling:"
    tiling = lines[1:7]
    assert all(len(row) == 10 for row in tiling)
    assert sorted("".join(tiling)) == sorted("FILNPTUVWXYZ" * 5)
    assert lines[7].startswith("2339 essentially different tilings (9356 counting")
    assert lines[8] == "Drew 8 of them in pentominoes-6x10.svg"
    groups = piece_groups(tmp_path / "pentominoes-6x10.svg")
    assert len(groups) == 8 * 12
    assert len({g.get("fill") for g in groups}) == 12


def test_pentominoes_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    output = tmp_path / "strip.svg"
    assert cli.main(["pentominoes", "--board", "3x20", "--output", str(output)]) == 0
    out = capsys.readouterr().out
    assert "2 essentially different tilings (8 counting" in out
    assert len(piece_groups(output)) == 2 * 12
    # Options without the puzzle name go to the default puzzle.
    assert cli.main(["--board", "4x15", "-o", str(output), "--drawings", "3"]) == 0
    assert "368 essentially different" in capsys.readouterr().out
    assert len(piece_groups(output)) == 3 * 12


def test_queens(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["queens", "-n", "8"]) == 0
    out = capsys.readouterr().out
    assert "8-queens: 92 solutions" in out
    assert "2n-queens on 8x8: 477136 solutions" in out  # OEIS A225623


def test_help_lists_the_puzzles(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit:
        cli.main(["--help"])
    assert exit.value.code == 0
    out = capsys.readouterr().out
    for name in ["pentominoes", "queens", "solve"]:
        assert name in out
    assert [p.name for p in demo.PUZZLES][:2] == ["pentominoes", "queens"]


def test_solve_is_a_subcommand_of_the_same_tree(capsys: pytest.CaptureFixture[str]) -> None:
    # Once a placeholder in the demos' parser; now one tree runs both.
    with pytest.raises(SystemExit) as exit:
        cli.main(["solve"])
    assert exit.value.code == 2
    err = capsys.readouterr().err
    assert "usage: exactcover solve " in err
    assert "exactcover solve: error: the following arguments are required: FILE" in err


def test_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit:
        cli.main(["--board", "7x7"])
    assert exit.value.code == 2
    assert "60 cells" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit:
        cli.main(["no-such-puzzle"])
    assert exit.value.code == 2
    assert "invalid choice" in capsys.readouterr().err


def test_queens_draws_its_board(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    output = tmp_path / "queens.svg"
    assert cli.main(["queens", "-n", "6", "-o", str(output)]) == 0
    assert "6-queens: 4 solutions" in capsys.readouterr().out
    ET.parse(output)  # well-formed SVG


def test_sudoku_solves_the_default_hard_puzzle(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = tmp_path / "sudoku.svg"
    assert cli.main(["sudoku", "-o", str(output)]) == 0
    out = capsys.readouterr().out
    assert "21 clues" in out
    assert "the only solution" in out
    # The first row of the solution of Inkala's puzzle.
    assert "8 1 2 | 7 5 3 | 6 4 9" in out
    texts = [t.text for t in ET.parse(output).iter(f"{SVG}text")]
    assert sorted(t for t in texts if t) == sorted(
        "812753649943682175675491283154237896369845721287169534521974368438526917796318452"
    )


def test_sudoku_generates_and_rejects(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["sudoku", "--generate", "5", "--size", "4"]) == 0
    out = capsys.readouterr().out
    assert "A 4x4 puzzle from seed 5" in out and "the only solution" in out
    # No solution: exit status 1.
    # A valid puzzle without a solution: 3 is needed in row 0, but its box has one.
    assert cli.main(["sudoku", "12....3........."]) == 1
    assert "No solution" in capsys.readouterr().out
    assert cli.main(["sudoku", "123"]) == 2
    assert "square number of cells" in capsys.readouterr().err


def test_one_exit_status_per_outcome(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # An output file that cannot be written: a message naming it, status 2.
    missing = str(tmp_path / "no-such-dir" / "x.svg")
    for argv in (["queens", "-n", "4", "-o", missing], ["sudoku", "-o", missing]):
        assert cli.main(argv) == 2
        err = capsys.readouterr().err
        assert f"cannot write {missing}" in err and "Traceback" not in err
    # A file name that is not there is not read as a puzzle's text.
    assert cli.main(["sudoku", str(tmp_path / "nosuchfile.txt")]) == 2
    assert "neither a file nor a puzzle (no such file" in capsys.readouterr().err
    puzzle = tmp_path / "puzzle.txt"
    puzzle.write_text("1.....2..3.....4\n")
    assert cli.main(["sudoku", str(puzzle)]) == 0
    # A file that is not UTF-8: the byte and its line, not the codec's words.
    puzzle.write_bytes(b"1.....2.\n.3..\xff..4\n")
    assert cli.main(["sudoku", str(puzzle)]) == 2
    assert f"{puzzle} is not UTF-8 text: byte 0xff on line 2" in capsys.readouterr().err
    # Bad option values: argparse's status 2, a message without internal names.
    with pytest.raises(SystemExit) as exit:
        cli.main(["queens", "-n", "25"])
    assert exit.value.code == 2
    assert "between 1 and 20, not 25" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit:
        cli.main(["queens", "-n", "x"])
    assert exit.value.code == 2
    assert "expected a whole number, not 'x'" in capsys.readouterr().err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    import exactcover
    from exactcover import cli

    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out == f"exactcover {exactcover.__version__}\n"
    with pytest.raises(SystemExit) as exit:
        cli.main(["solve", "--version"])
    assert exit.value.code == 0
    assert exactcover.__version__ in capsys.readouterr().out


def test_queens_says_which_counts_it_skips_and_why(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["queens", "-n", "12"]) == 0
    out = capsys.readouterr().out
    assert "12-queens: 14200 solutions" in out
    skipped = next(line for line in out.splitlines() if line.startswith("2n-queens on 12x12: "))
    assert "about" in skipped and "Knuth's estimate" in skipped
    assert "not counted above n = 9" in skipped and "add --count to count them" in skipped


def test_more_drawings_than_any_puzzle_has_draws_them_all(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # An N past sys.maxsize (islice's limit) asks for them all: the 3x20
    # rectangle's 2 tilings.
    output = tmp_path / "all.svg"
    argv = ["pentominoes", "--board", "3x20", "--drawings", str(10**30), "-o", str(output)]
    assert cli.main(argv) == 0
    assert "Drew 2 of them" in capsys.readouterr().out


def test_no_drawing_is_said(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    output = tmp_path / "none.svg"
    argv = ["pentominoes", "--board", "3x20", "--drawings", "0", "-o", str(output)]
    assert cli.main(argv) == 0
    assert "Drew none (--drawings 0): no SVG file written" in capsys.readouterr().out
    assert not output.exists()
    assert cli.main(["queens", "-n", "3", "-o", str(output)]) == 0
    assert f"No solution to draw: {output} not written" in capsys.readouterr().out
    assert not output.exists()


@pytest.mark.parametrize("board", ["2x30", "1x60"])
def test_a_pentomino_board_with_no_tiling_says_so(
    board: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = tmp_path / "none.svg"
    assert cli.main(["pentominoes", "--board", board, "-o", str(output)]) == 0
    out = capsys.readouterr().out
    assert "one tiling:\n(none)\n0 essentially different tilings" in out
    assert "Drew none (there is none to draw): no SVG file written" in out
    assert not output.exists()


@pytest.mark.parametrize(
    "argv, message",
    [
        (["pentominoes", "--drawings", "-1"], "argument --drawings: must be non-negative, not -1"),
        (["aztec", "--order", "17"], "argument --order/-n: the order must be between 1 and 16"),
        (["aztec", "--seed", "x"], "argument --seed: expected a whole number, not 'x'"),
        (
            ["sudoku", "--size", "4"],
            "--size is the size of a generated puzzle: it needs --generate",
        ),
        (["sudoku", "1...", "--generate", "3"], "--generate makes its own puzzle"),
        (
            ["sudoku", "--generate", "1", "--size", "0"],
            "argument --size: the grid size must be between 1 and 35, not 0",
        ),
        (
            ["sudoku", "--generate", "1", "--size", "36"],
            "argument --size: the grid size must be between 1 and 35, not 36",
        ),
    ],
)
def test_options_are_checked_before_a_demo_runs(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit:
        cli.main(argv)
    assert exit.value.code == 2
    assert f"exactcover {argv[0]}: error: {message}" in capsys.readouterr().err


def test_aztec_counts_and_draws(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    output = tmp_path / "aztec.svg"
    assert cli.main(["aztec", "-n", "4", "--seed", "1", "-o", str(output)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("The Aztec diamond of order 4 has 1024 domino tilings (2^10)")
    assert f"Drew a uniformly random one in {output}" in out
    ET.parse(output)  # well-formed SVG
    missing = str(tmp_path / "no-such-dir" / "x.svg")
    assert cli.main(["aztec", "-n", "2", "-o", missing]) == 2
    assert f"exactcover aztec: error: cannot write {missing}" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        ["pentominoes", "--board", "3x20", "-o", ""],
        ["queens", "-n", "4", "-o", ""],
        ["aztec", "-n", "2", "--output", ""],
        ["sudoku", "-o", ""],
        ["hexiamonds", "--output", ""],
        ["soma", "-o", ""],
    ],
)
def test_an_empty_output_name_is_refused(
    argv: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # An unset shell variable (`-o "$OUT"`) drew nothing (queens, sudoku),
    # wrote the default file (pentominoes, aztec, hexiamonds) or failed
    # after the count (soma): refused at once, as solve's --checkpoint "" is.
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exit:
        cli.main(argv)
    assert exit.value.code == 2
    err = capsys.readouterr().err
    assert f"exactcover {argv[0]}: error: argument --output/-o: " in err
    assert "needs a file name, not an empty one" in err
    assert list(tmp_path.iterdir()) == []


def test_every_demo_calls_its_output_file(capsys: pytest.CaptureFixture[str]) -> None:
    for puzzle in demo.PUZZLES:
        with pytest.raises(SystemExit):
            cli.main([puzzle.name, "--help"])
        assert "--output FILE, -o FILE" in capsys.readouterr().out, puzzle.name


def test_sudoku_without_a_solution_says_it_draws_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = tmp_path / "none.svg"
    assert cli.main(["sudoku", "12345678." + "........9" + "." * 63, "-o", str(output)]) == 1
    assert f"No solution to draw: {output} not written" in capsys.readouterr().out
    assert not output.exists()


def test_solve_refuses_an_empty_file_name(capsys: pytest.CaptureFixture[str]) -> None:
    # It said "exactcover solve: error: : No such file or directory".
    with pytest.raises(SystemExit) as exit:
        cli.main(["solve", ""])
    assert exit.value.code == 2
    assert "exactcover solve: error: argument FILE: needs a file name" in capsys.readouterr().err
