"""The command line: `exactcover solve` in a subprocess (exit codes, output)."""

from __future__ import annotations

import json
import os
import re
import select
import signal
import subprocess
import sys
import time
from itertools import product
from pathlib import Path

import pytest
from conftest import DLX1
from exactcover import DlxProblem, cli, demo


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "exactcover", "solve", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def queens_dlx(n: int) -> str:
    constraints = {
        (i, j): [f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}"]
        for i, j in product(range(n), repeat=2)
    }
    diagonals = [f"{d}{k}" for d in "ab" for k in range(2 * n - 1)]
    return DlxProblem.from_constraints(constraints, secondary=diagonals).to_dlx()


@pytest.fixture
def example(tmp_path: Path) -> Path:
    path = tmp_path / "example.dlx"
    path.write_text(DLX1)
    return path


def test_solve_prints_option_lines(example: Path) -> None:
    result = run(str(example))
    assert result.returncode == 0
    assert result.stdout == "1:\n A D\n C E F\n B G\n"
    assert result.stderr == ""


def test_stdin_json_and_stats() -> None:
    result = run("-", "--json", "--stats", stdin=DLX1)
    assert result.returncode == 0
    record = json.loads(result.stdout)
    assert record == {
        "solution": 1,
        "options": [3, 0, 4],
        "lines": [6, 3, 7],
        "text": ["A D", "C E F", "B G"],
    }
    assert "1 solution, " in result.stderr and " nodes, " in result.stderr
    assert " updates, " in result.stderr and result.stderr.rstrip().endswith(" s")


def test_count_limit_random_threads(tmp_path: Path) -> None:
    path = tmp_path / "queens8.dlx"
    path.write_text(queens_dlx(8))
    assert run(str(path), "--count").stdout == "92\n"
    assert run(str(path), "--count", "--limit", "10").stdout == "10\n"
    assert json.loads(run(str(path), "--count", "--json").stdout) == {"count": 92, "complete": True}
    result = run(str(path), "--limit", "3", "--random", "7", "--json")
    assert result.returncode == 0
    assert [json.loads(line)["solution"] for line in result.stdout.splitlines()] == [1, 2, 3]
    again = run(str(path), "--limit", "3", "--random", "7", "--json")
    assert again.stdout == result.stdout


@pytest.mark.parametrize("threads", ["1", "2"])
def test_a_count_stopped_by_limit_is_not_complete(tmp_path: Path, threads: str) -> None:
    path = tmp_path / "emptylo.dlx"
    path.write_text(":2|A\nA\n")  # 2 solutions: no option, or the one option
    result = run("--count", "--json", "--limit", "1", "--threads", threads, str(path))
    assert json.loads(result.stdout) == {"count": 1, "complete": False}
    result = run("--count", "--json", "--limit", "2", "--threads", threads, str(path))
    assert json.loads(result.stdout) == {"count": 2, "complete": False}  # the limit stopped it
    result = run("--count", "--json", "--limit", "3", "--threads", threads, str(path))
    assert json.loads(result.stdout) == {"count": 2, "complete": True}
    result = run("--count", "--limit", "1", "--threads", threads, str(path))
    assert (result.returncode, result.stdout) == (0, "1\n")
    assert "stopped at --limit 1: there may be more solutions" in result.stderr
    assert run("--count", "--limit", "3", str(path)).stderr == ""


@pytest.mark.parametrize("threads", ["1", "2"])
def test_a_limit_past_64_bits_counts_everything(tmp_path: Path, threads: str) -> None:
    path = tmp_path / "queens6.dlx"
    path.write_text(queens_dlx(6))
    huge = str(10**30)
    result = run("--count", "--json", "--limit", huge, "--threads", threads, str(path))
    assert (result.returncode, result.stderr) == (0, "")
    assert json.loads(result.stdout) == {"count": 4, "complete": True}


def test_no_solution_exits_1() -> None:
    result = run("-", stdin="A B\nA\n")
    assert (result.returncode, result.stdout) == (1, "")
    result = run("-", "--count", stdin="A B\nA\n")
    assert (result.returncode, result.stdout) == (1, "0\n")


@pytest.mark.parametrize(
    "text, message",
    [
        ("A B\nA\nA C\n", '<stdin>:3: unknown item name "C"'),
        ("A | X\nA X:\n", "<stdin>:2: color must be a single character"),
        ("| nothing\n", "<stdin>:1: no item line"),
    ],
)
def test_bad_input_exits_2(text: str, message: str) -> None:
    result = run("-", stdin=text)
    assert result.returncode == 2
    assert message in result.stderr


def test_strict_and_missing_file(tmp_path: Path) -> None:
    assert run("-", stdin="LONG_NAME_1\nLONG_NAME_1\n").returncode == 0
    result = run("-", "--strict", stdin="LONG_NAME_1\nLONG_NAME_1\n")
    assert result.returncode == 2 and "<stdin>:1: " in result.stderr
    result = run(str(tmp_path / "missing.dlx"))
    assert result.returncode == 2 and "missing.dlx" in result.stderr
    assert run("-", "--limit", "-1", stdin=DLX1).returncode == 2  # argparse usage error


@pytest.mark.parametrize(
    "options, message",
    [
        (["--limit", "0"], "--limit: must be at least 1, not 0"),
        (["--limit", "x"], "--limit: expected a whole number, not 'x'"),
        (["--estimate", "10", "--count"], "--estimate does not search: --count"),
        (["--estimate", "10", "--progress"], "--estimate does not search: --progress"),
        (["--cheapest", "1", "--stats"], "--cheapest cannot be used with --stats"),
        (["--cheapest", "1", "--random", "3"], "--cheapest cannot be used with --random"),
        (["--cheapest", "1", "--engine", "dlx"], "--cheapest cannot be used with --engine"),
        (["--cheapest", "1", "--progress"], "--cheapest cannot be used with --progress"),
    ],
)
def test_options_that_would_be_ignored_are_refused(options: list[str], message: str) -> None:
    result = run("-", *options, stdin=DLX1)
    assert result.returncode == 2 and result.stdout == ""
    assert message in result.stderr and "_positive" not in result.stderr


def test_one_solution_is_singular(tmp_path: Path) -> None:
    result = run("-", "--count", "--stats", "--progress", stdin=DLX1)
    assert result.stdout == "1\n"
    assert "1 solutions" not in result.stderr and "1 solution, " in result.stderr


def test_dropped_options_are_reported() -> None:
    result = run("-", stdin="A | X\nX\nA\n")
    assert result.returncode == 0
    assert "1 option ignored (no primary items): line 2" in result.stderr


def test_progress_when_asked(tmp_path: Path) -> None:
    path = tmp_path / "queens.dlx"
    path.write_text(queens_dlx(9))
    quiet = run(str(path), "--count")
    assert quiet.stderr == ""  # stderr is not a terminal
    shown = run(str(path), "--count", "--progress")
    assert shown.stdout == "352\n"
    assert "nodes" in shown.stderr and "updates/s" in shown.stderr and "% done" in shown.stderr


def test_progress_estimate() -> None:
    assert cli.progress_estimate([(1, 2)]) == 0.25
    assert cli.progress_estimate([(2, 2), (3, 3)]) == 0.5 + 2 / 6 + 1 / 12


def test_other_commands_go_to_the_demo(monkeypatch: pytest.MonkeyPatch) -> None:
    import exactcover.demo

    seen = []
    first = exactcover.demo.PUZZLES[0]
    fake = first._replace(run=lambda args: seen.append((args.command, args.board)) or 0)
    monkeypatch.setattr(exactcover.demo, "PUZZLES", [fake, *exactcover.demo.PUZZLES[1:]])
    assert cli.main([]) == 0
    assert cli.main(["--board", "5x12"]) == 0
    assert seen == [("pentominoes", (6, 10)), ("pentominoes", (5, 12))]


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_ctrl_c_prints_the_count_so_far(tmp_path: Path) -> None:
    path = tmp_path / "queens16.dlx"
    path.write_text(queens_dlx(16))  # 14772512 solutions: far longer than the test
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "exactcover",
            "solve",
            str(path),
            "--count",
            "--stats",
            "--progress",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    # Wait until the search runs (the first progress line), then press Ctrl-C.
    assert process.stderr is not None
    seen = b""
    deadline = time.monotonic() + 30
    while b"nodes" not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([process.stderr], [], [], 1.0)
        if ready:
            seen += os.read(process.stderr.fileno(), 4096)
    assert b"nodes" in seen
    time.sleep(0.3)
    sent = time.monotonic()
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=10)
    stdout, stderr = out.decode(), (seen + err).decode()
    assert time.monotonic() - sent < 3
    assert process.returncode == 130
    count = int(stdout)
    assert 0 < count < 14772512
    assert f"interrupted after {count} solutions" in stderr
    assert f"{count} solutions, " in stderr  # --stats still printed


def test_estimate_prints_knuths_estimate_without_solving() -> None:
    result = run("-", "--estimate", "2000", "--random", "3", stdin=queens_dlx(8))
    assert result.returncode == 0, result.stderr
    words = result.stdout.split()
    nodes, solutions = float(words[0]), float(words[words.index("nodes") + 3])
    assert words[words.index("nodes") + 4] == "solutions"
    assert 50 < solutions < 150  # 92 in truth
    assert nodes > solutions
    assert "from 2000 probes" in result.stdout
    assert "Unreliable" not in result.stdout
    # Reproducible from the seed.
    assert (
        run("-", "--estimate", "2000", "--random", "3", stdin=queens_dlx(8)).stdout == result.stdout
    )


def test_colors_are_solved() -> None:
    text = "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nX:0 Y:1\nB X:1\nC Y:1\n"
    result = run("-", stdin=text)
    assert result.returncode == 0
    assert result.stdout.splitlines() == ["1:", " A C X:1 Y:1", " B X:1"]


def test_estimate_says_when_it_is_unreliable(tmp_path: Path) -> None:
    from exactcover.polyomino import PENTOMINOES, encode_polyominoes, placements

    region = set(product(range(6), range(10)))
    constraints = {
        (name, cells): [f"p{name}", *(f"r{i}c{j}" for i, j in cells)]
        for (name, cells) in placements(encode_polyominoes(PENTOMINOES), region)
    }
    path = tmp_path / "pentominoes.dlx"
    path.write_text(DlxProblem.from_constraints(constraints).to_dlx())
    # 9356 tilings in a 3.6-million-node tree, but 300 probes reach no solution.
    result = run(str(path), "--estimate", "300", "--random", "1")
    assert result.returncode == 0, result.stderr
    assert " 0 solutions (± 0)" in result.stdout
    assert "Unreliable: no probe reached a solution in 300 probes" in result.stdout
    record = json.loads(run(str(path), "--estimate", "300", "--random", "1", "--json").stdout)
    assert record["reliable"] is False and record["samples"] == 300


# -- one command line: every subcommand, one program name, one reading of each option ----


@pytest.mark.parametrize("command", ["solve", *(p.name for p in demo.PUZZLES)])
def test_every_subcommand_has_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit:
        cli.main([command, "--help"])
    assert exit.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: exactcover {command} [-h]")
    assert "Exit status: 0 if there is a solution" in out


def test_help_lists_every_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit:
        cli.main(["--help"])
    assert exit.value.code == 0
    out = capsys.readouterr().out
    listed = [line.split()[0] for line in out.splitlines() if re.match("    [a-z]", line)]
    assert listed == [
        "solve",
        "pentominoes",
        "queens",
        "aztec",
        "sudoku",
        "hexiamonds",
        "soma",
    ]
    assert "With no command, or only options, runs 'exactcover pentominoes'" in out


def script(*args: str, module: bool) -> subprocess.CompletedProcess[str]:
    """Run the command line as `python -m exactcover` or as the `exactcover`
    script does (the console script calls `exactcover.cli:main()`)."""
    how = (
        ["-m", "exactcover"]
        if module
        else ["-c", "import sys, exactcover.cli as c; sys.exit(c.main())"]
    )
    return subprocess.run(
        [sys.executable, *how, *args],
        input="A B\nA\nA C\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize("module, prog", [(True, "python -m exactcover"), (False, "exactcover")])
def test_messages_name_the_program_as_typed_and_the_subcommand(module: bool, prog: str) -> None:
    usage = script("pentominoes", "--board", "7x7", module=module)
    assert usage.returncode == 2
    assert f"usage: {prog} pentominoes " in usage.stderr
    assert f"{prog} pentominoes: error: argument --board: " in usage.stderr
    puzzle = script("sudoku", "123", module=module)
    assert puzzle.returncode == 2
    assert puzzle.stderr.startswith(f"{prog} sudoku: error: '123' is neither a file nor")
    bad_input = script("solve", "-", module=module)
    assert bad_input.returncode == 2
    assert bad_input.stderr == f'{prog} solve: error: <stdin>:3: unknown item name "C"\n'
    assert script("--version", module=module).stdout.startswith("exactcover ")
    for args, command in (
        (["solve", "-", "--bogus"], "solve"),
        (["queens", "-n", "3", "extra"], "queens"),
        (["--bogus"], "pentominoes"),  # options only: the default demo's
    ):
        extra = script(*args, module=module)
        assert extra.returncode == 2
        assert f"usage: {prog} {command} " in extra.stderr
        assert f"{prog} {command}: error: unrecognized arguments: {args[-1]}\n" in extra.stderr
    extra = script("--version", "--bogus", module=module)
    assert extra.returncode == 2
    assert f"{prog}: error: unrecognized arguments: --bogus\n" in extra.stderr


@pytest.mark.parametrize(
    "value, message",
    [
        ("0", "must be at least 1, not 0"),
        ("x", "expected a whole number, not 'x'"),
        ("5000", f"must be at most {cli.MAX_THREADS}, not 5000"),
    ],
)
def test_threads_are_read_the_same_by_solve_and_a_demo(
    value: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for argv in (["solve", "-", "--count"], ["pentominoes"]):
        with pytest.raises(SystemExit) as exit:
            cli.main([*argv, "--threads", value])
        assert exit.value.code == cli.EXIT_BAD_INPUT
        err = capsys.readouterr().err
        assert f"exactcover {argv[0]}: error: argument --threads: {message}\n" in err


def test_exit_codes_are_one_table() -> None:
    from exactcover import _command_line

    assert cli.EXIT_CODES is _command_line.EXIT_CODES
    assert sorted(cli.EXIT_CODES) == [0, 1, 2, 130]
    assert (cli.EXIT_SOLVED, cli.EXIT_NO_SOLUTION, cli.EXIT_BAD_INPUT) == (0, 1, 2)
    assert cli.EXIT_INTERRUPTED == 130


# -- progress where stderr is not a terminal ---------------------------------------------


@pytest.mark.parametrize("threads", ["1", "2"])
def test_progress_to_a_pipe_is_plain_lines(tmp_path: Path, threads: str) -> None:
    path = tmp_path / "queens.dlx"
    path.write_text(queens_dlx(12))
    result = run(str(path), "--count", "--progress", "--threads", threads)
    assert result.stdout == "14200\n"
    assert "\r" not in result.stderr and "\x1b" not in result.stderr
    if threads == "1":  # a count on threads may end before its first report
        last = result.stderr.splitlines()[-1]
        assert last.startswith("14200 solutions, ") and "100.00% done" in last


def test_progress_to_a_file_while_printing_solutions(tmp_path: Path) -> None:
    path = tmp_path / "queens.dlx"
    path.write_text(queens_dlx(6))
    log = tmp_path / "log.txt"
    with open(log, "w") as stderr:
        result = subprocess.run(
            [sys.executable, "-m", "exactcover", "solve", str(path), "--progress"],
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
            timeout=60,
            check=False,
        )
    assert result.stdout.count(":\n") == 4
    text = log.read_text()
    assert "\r" not in text and "\x1b" not in text
    assert text.splitlines() == [text.splitlines()[0]]  # one line: the last figures
    assert text.startswith("4 solutions, ") and "100.00% done" in text
