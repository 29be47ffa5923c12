"""The command line when things go wrong: closed or full standard streams,
absurd thread counts, endless input; and a demo that cannot count in time
estimates instead."""

import os
import shlex
import subprocess
import sys
import time

import pytest
from exactcover import DlxFormatError

# The demos -------------------------------------------------------------------------


def test_the_queens_demo_estimates_what_it_cannot_count(capsys):
    from exactcover import cli

    start = time.perf_counter()
    assert cli.main(["queens", "-n", "20"]) == 0
    assert time.perf_counter() - start < 30
    out = capsys.readouterr().out
    assert "20-queens: about" in out and "--count" in out


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_ctrl_c_in_the_queens_count_prints_the_count_so_far():
    import select
    import signal

    env = dict(os.environ, PYTHONUNBUFFERED="1")
    process = subprocess.Popen(
        [sys.executable, "-m", "exactcover", "queens", "-n", "17", "--count"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    # Wait for the first solution's board (17 rows): the count comes next.
    seen = b""
    deadline = time.monotonic() + 30
    while seen.count(b"\n") < 18 and time.monotonic() < deadline:
        ready, _, _ = select.select([process.stdout], [], [], 1.0)
        if ready:
            seen += os.read(process.stdout.fileno(), 4096)
    time.sleep(0.5)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=10)
    stdout = (seen + out).decode()
    assert process.returncode == 130, err
    assert "queens: interrupted" in err.decode()
    line = stdout.splitlines()[-1]
    assert line.startswith("17-queens: ") and " solutions so far (interrupted after " in line
    assert 0 < int(line.split()[1]) < 95815104  # 17-queens has 95815104 solutions


# The command line -----------------------------------------------------------------

posix = pytest.mark.skipif(sys.platform == "win32", reason="POSIX shell redirections")


def shell(command, *args):
    """Run ``python -m exactcover ARGS`` with a shell redirection."""
    line = " ".join([shlex.quote(sys.executable), "-m", "exactcover", *map(shlex.quote, args)])
    return subprocess.run(
        f"{line} {command}", shell=True, capture_output=True, text=True, timeout=60, check=False
    )


@pytest.fixture
def dlx_file(tmp_path):
    path = tmp_path / "p.dlx"
    path.write_text("A B\nA\nB\nA B\n")
    return str(path)


@posix
@pytest.mark.parametrize(
    ("redirect", "args", "message"),
    [
        ("<&-", ["solve", "-"], "standard input is closed"),
        (">&-", ["solve", "FILE"], "standard output is closed"),
        (">&-", ["queens", "-n", "5"], "standard output is closed"),
        (">/dev/full", ["solve", "FILE"], "No space left on device"),
        (">/dev/full", ["solve", "--count", "FILE"], "No space left on device"),
        (">/dev/full", ["queens", "-n", "5"], "No space left on device"),
    ],
)
def test_unusable_standard_streams_are_a_message_and_exit_2(redirect, args, message, dlx_file):
    if "full" in redirect and not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    result = shell(redirect, *[dlx_file if a == "FILE" else a for a in args])
    assert result.returncode == 2
    # The program as typed, the subcommand, and the message (the one command line's form).
    assert result.stderr.strip() == f"python -m exactcover {args[0]}: error: {message}"


@posix
def test_a_closed_standard_error_does_not_change_the_outcome(dlx_file):
    result = shell("2>&-", "solve", "--count", dlx_file)
    assert (result.returncode, result.stdout) == (0, "2\n")


def test_absurd_thread_counts_are_a_usage_error(dlx_file):
    result = shell("", "solve", "--count", "--threads", "99999999999999999999", dlx_file)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "--threads: must be at most" in result.stderr


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_endless_input_is_bounded(monkeypatch, capsys):
    from exactcover import cli, read_dlx

    monkeypatch.setattr(cli, "MAX_DLX_BYTES", 2**20)
    assert cli.main(["solve", "/dev/zero"]) == 2
    assert "longer than 1,048,576 bytes" in capsys.readouterr().err
    with pytest.raises(DlxFormatError, match="max_bytes=None"):
        read_dlx("/dev/zero", max_bytes=1000)
    with open("/dev/zero", "rb") as stream:
        with pytest.raises(DlxFormatError, match="longer than 10 bytes"):
            read_dlx(stream, max_bytes=10)
