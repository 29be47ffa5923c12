"""The checkpoint file of `count_distributed`: it writes only to a file of
its own, and a count killed at any moment (SIGKILL, even in the middle of a
write) resumes from it to the exact total."""

import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from conftest import queens_problem
from exactcover import DlxProblem, cli, distributed
from exactcover.distributed import CheckpointError, count_distributed
from exactcover.queens import queens

# -- a checkpoint writes only to a file of its own ------------------------------------


def _count(path):
    with ThreadPoolExecutor(2) as pool:
        return count_distributed(queens(6), executor=pool, checkpoint=path)


def _header(problem=None):
    spec = distributed._spec_of(problem if problem is not None else queens(6))
    digest = distributed.problem_digest(spec)
    return json.dumps({"exactcover_checkpoint": 1, "problem": digest}, separators=(",", ":"))


def _records(path):
    lines = Path(path).read_bytes().split(b"\n")
    assert lines[-1] == b"", "a checkpoint ends with a whole line"
    return [json.loads(line) for line in lines[1:-1]]


def test_a_new_file_becomes_a_checkpoint(tmp_path):
    path = tmp_path / "count.ckpt"
    assert _count(path) == 4
    assert path.read_text().splitlines()[0] == _header()
    assert sum(r["count"] for r in _records(path)) == 4


def test_an_empty_file_becomes_a_checkpoint(tmp_path):
    path = tmp_path / "count.ckpt"
    path.write_bytes(b"")
    assert _count(path) == 4
    assert path.read_text().splitlines()[0] == _header()
    assert sum(r["count"] for r in _records(path)) == 4


def test_a_file_with_its_own_header_is_resumed(tmp_path):
    path = tmp_path / "count.ckpt"
    path.write_text(_header() + "\n")
    assert _count(path) == 4
    assert path.read_text().count(_header()) == 1
    assert sum(r["count"] for r in _records(path)) == 4
    # Finished: counting again reads the total and appends nothing.
    before = path.read_bytes()
    assert _count(path) == 4
    assert path.read_bytes() == before


def test_a_finished_count_resumed_starts_no_workers(tmp_path, monkeypatch):
    # The checkpoint of a finished count holds its total: counting again
    # starts no cluster (it started two worker processes, seconds, to count
    # nothing; on a scheduler of no workers yet it waited for the first).
    path = tmp_path / "count.ckpt"
    assert _count(path) == 4

    def no_cluster(name):
        raise AssertionError(f"{name} imported to count nothing")

    monkeypatch.setattr(distributed, "_optional", no_cluster)
    stats = {}
    assert count_distributed(queens(6), workers=2, checkpoint=path, stats=stats) == 4
    assert (stats["path"], stats["solutions"], stats["tasks"]) == ("local", 4, 1)


@pytest.mark.parametrize("torn", ['{"subtree": [[1, 2', "{", '{"subtree":[[],[]],"count":3}'])
def test_its_own_header_and_a_torn_line(tmp_path, torn):
    path = tmp_path / "count.ckpt"
    path.write_text(_header() + "\n" + torn)
    assert _count(path) == 4
    # Every line is whole again, and the torn record's count is not in the total.
    assert sum(r["count"] for r in _records(path)) == 4


def test_a_torn_line_whose_newline_reached_the_disk_is_dropped(tmp_path):
    path = tmp_path / "count.ckpt"
    path.write_text(_header() + '\n{"subtree": [[1\n')
    assert _count(path) == 4
    assert sum(r["count"] for r in _records(path)) == 4


def test_a_header_torn_by_a_crash_is_written_again(tmp_path):
    path = tmp_path / "count.ckpt"
    path.write_text(_header()[:40])
    assert _count(path) == 4
    assert path.read_text().splitlines()[0] == _header()


def test_a_bad_line_inside_a_checkpoint_is_refused(tmp_path):
    path = tmp_path / "count.ckpt"
    content = _header() + '\n{"subtree": [[1\n{"subtree":[[],[]],"count":4,"rest":[]}\n'
    path.write_text(content)
    with pytest.raises(CheckpointError, match=r"count\.ckpt:2: not a line"):
        _count(path)
    assert path.read_text() == content


@pytest.mark.parametrize(
    "record",
    [
        '{"subtrees":[],"count":5,"rest":[]}',
        '{"subtree":[[]],"count":5,"rest":[]}',
        '{"subtree":[[],[]],"count":5,"rest":[[1]]}',
        '{"subtree":[[],[]],"count":"5","rest":[]}',
        '{"subtree":[[],[]],"count":-5,"rest":[]}',
        '{"subtree":[[],[]],"count":true,"rest":[]}',
        '{"subtree":[[-1],[]],"count":5,"rest":[]}',
        '{"subtree":[[],[]],"count":5,"rest":[[["a"],[]]]}',
        '{"subtree":[[],[]],"count":5,"rest":[],"nodes":-1}',
        "[1, 2]",
        "null",
    ],
)
def test_a_line_that_is_json_but_no_record_is_refused(tmp_path, record):
    # JSON of another shape than a record (a task of no subtree, a subtree
    # not a pair, a count not a number or negative, an option id that is
    # none, negative figures, not an object): refused as a bad line, not a
    # Python error from reading it, nor counted.
    path = tmp_path / "count.ckpt"
    content = _header() + "\n" + record + '\n{"subtree":[[],[]],"count":4,"rest":[]}\n'
    path.write_text(content)
    with pytest.raises(CheckpointError, match=r"count\.ckpt:2: not a line"):
        _count(path)
    assert path.read_text() == content


# Files that are not this count's checkpoint: refused, left as they were.
FOREIGN = {
    "one line without a newline": b"remember the milk",
    "one JSON line without a newline": b'{"exactcover": 1}',
    "lines": b"hello\nworld\n",
    "binary": bytes(range(256)) * 4,
    "a prefix of the magic": b'{"exactcover_check',
}


@pytest.mark.parametrize("content", FOREIGN.values(), ids=FOREIGN.keys())
def test_a_foreign_file_is_refused_and_left_as_it_was(tmp_path, content):
    path = tmp_path / "notes.txt"
    path.write_bytes(content)
    with pytest.raises(CheckpointError, match=f"{path} is not an exactcover checkpoint"):
        _count(path)
    assert path.read_bytes() == content


def test_a_checkpoint_of_another_problem_or_format_is_refused(tmp_path):
    path = tmp_path / "count.ckpt"
    content = _header(queens(7)) + "\n"
    path.write_text(content)
    with pytest.raises(CheckpointError, match=f"{path} was written for a different problem"):
        _count(path)
    path.write_text(content[:-1])  # a whole header, not this problem's, without its newline
    with pytest.raises(CheckpointError, match="different problem"):
        _count(path)
    assert path.read_text() == content[:-1]
    path.write_text('{"exactcover_checkpoint":99,"problem":"x"}\n')
    with pytest.raises(CheckpointError, match="another format"):
        _count(path)


def test_a_directory_is_refused(tmp_path):
    with pytest.raises(CheckpointError, match=f"{tmp_path} is a directory"):
        _count(tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_a_fifo_is_refused(tmp_path):
    path = tmp_path / "pipe"
    os.mkfifo(path)
    with pytest.raises(CheckpointError, match="not a regular file"):
        _count(path)


def _unreadable(monkeypatch, path):
    """Makes `path` unreadable to the checkpoint (chmod is not enough for
    root, who runs the tests in some containers)."""
    path.chmod(0)
    real_open = open

    def guarded_open(name, mode="r", *args, **kwargs):
        # Creating it fails first as the kernel would: it exists.
        if os.fspath(name) == os.fspath(path) and "x" not in mode:
            raise PermissionError(13, "Permission denied", os.fspath(name))
        return real_open(name, mode, *args, **kwargs)

    monkeypatch.setattr(distributed, "open", guarded_open, raising=False)


def test_an_unreadable_file_is_refused(tmp_path, monkeypatch):
    path = tmp_path / "count.ckpt"
    path.write_text(_header() + "\n")
    _unreadable(monkeypatch, path)
    with pytest.raises(CheckpointError, match=f"cannot open {path}: Permission denied"):
        _count(path)


def test_a_file_in_a_missing_folder_is_refused(tmp_path):
    path = tmp_path / "no" / "count.ckpt"
    with pytest.raises(CheckpointError, match=f"cannot create {path}"):
        _count(path)


# The command line's --checkpoint: the same rules, exit status 2 and the path named.


def _queens_dlx(tmp_path):
    data, diagonals = queens_problem(6)
    path = tmp_path / "queens.dlx"
    path.write_text(DlxProblem.from_constraints(data, secondary=diagonals).to_dlx())
    return path


def _solve(dlx, checkpoint, capsys):
    status = cli.main(["solve", "--count", str(dlx), "--workers", "1", "--checkpoint", checkpoint])
    return status, capsys.readouterr()


@pytest.mark.parametrize("content", FOREIGN.values(), ids=FOREIGN.keys())
def test_the_cli_refuses_a_foreign_file(tmp_path, capsys, content):
    dlx = _queens_dlx(tmp_path)
    path = tmp_path / "notes.txt"
    path.write_bytes(content)
    status, out = _solve(dlx, str(path), capsys)
    assert status == 2
    assert out.out == ""
    assert f"{path} is not an exactcover checkpoint" in out.err
    assert path.read_bytes() == content


def test_the_cli_refuses_a_directory_and_an_unreadable_file(tmp_path, capsys, monkeypatch):
    dlx = _queens_dlx(tmp_path)
    status, out = _solve(dlx, str(tmp_path), capsys)
    assert status == 2
    assert f"{tmp_path} is a directory" in out.err
    path = tmp_path / "count.ckpt"
    path.write_text("")
    _unreadable(monkeypatch, path)
    status, out = _solve(dlx, str(path), capsys)
    assert status == 2
    assert f"cannot open {path}: Permission denied" in out.err


def test_the_cli_fills_an_empty_file_and_resumes_a_torn_one(tmp_path, capsys):
    dlx = _queens_dlx(tmp_path)
    path = tmp_path / "count.ckpt"
    path.write_bytes(b"")
    status, out = _solve(dlx, str(path), capsys)
    assert (status, out.out) == (0, "4\n")
    with open(path, "a") as f:
        f.write('{"subtree": [[')
    status, out = _solve(dlx, str(path), capsys)
    assert (status, out.out) == (0, "4\n")
    assert sum(r["count"] for r in _records(path)) == 4


# -- crash and resume ---------------------------------------------------------------

#: The counting process: `count_distributed` on a thread pool with a
#: checkpoint, each line of the checkpoint written in two halves with a pause
#: between them, so that a kill often lands in the middle of a write (the
#: line is then torn on the disk, as a crash tears it).
_CHILD = textwrap.dedent(
    """
    import sys, time
    from concurrent.futures import ThreadPoolExecutor
    from exactcover import distributed
    from exactcover.queens import queens

    whole = distributed._Checkpoint._append

    def in_halves(self, line):
        half = len(line) // 2
        self.file.write(line[:half])
        self.file.flush()
        time.sleep(float(sys.argv[3]))
        whole(self, line[half:])

    distributed._Checkpoint._append = in_halves
    with ThreadPoolExecutor(2) as pool:
        total = distributed.count_distributed(
            queens(int(sys.argv[2])),
            executor=pool,
            checkpoint=sys.argv[1],
            task_seconds=0.02,
            local_seconds=0,
            threads=1,
        )
    print(total)
    """
)


def _ends_torn(path):
    """Does the file end in the middle of a line (a write under way)?"""
    try:
        with open(path, "rb") as f:
            f.seek(0, os.SEEK_END)
            if f.tell() == 0:
                return False
            f.seek(-1, os.SEEK_END)
            return f.read(1) != b"\n"
    except FileNotFoundError:
        return False


class _Found:
    """The solutions counted so far by the finished tasks in a checkpoint
    file (its whole lines, read as they come)."""

    def __init__(self, path):
        self.path = path
        self.offset = 0
        self.total = 0

    def __call__(self):
        try:
            data = Path(self.path).read_bytes()[self.offset :]
        except FileNotFoundError:
            return 0
        end = data.rfind(b"\n") + 1
        for line in data[:end].splitlines():
            self.total += json.loads(line).get("count", 0)
        self.offset += end
        return self.total


def _whole_lines(path):
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        return b""
    return data[: data.rfind(b"\n") + 1]


def _kill_and_resume(tmp_path, n, expected, kills, seed):
    """Counts the n-queens in child processes killed `kills` times (SIGKILL)
    at random moments, each resuming from the checkpoint the last one left;
    returns the kills that landed in the middle of a write."""
    rng = random.Random(seed)
    path = tmp_path / "count.ckpt"
    command = [sys.executable, "-c", _CHILD, str(path), str(n), "0.01"]
    found = _Found(path)
    killed = torn = 0
    runs = 0
    while True:
        before = _whole_lines(path)
        resumed_with = before.count(b"\n")
        child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        runs += 1
        if killed == kills:
            out, err = child.communicate(timeout=300)
            assert child.returncode == 0, err.decode()
            break
        # Kill number k comes once about k/(kills + 1) of the solutions are
        # counted: the kills are spread over the whole count.
        target = expected * (killed + rng.uniform(0.2, 1)) / (kills + 1)
        moment = rng.random()
        deadline = time.monotonic() + 60
        if moment < 0.9:
            while found() < target and child.poll() is None and time.monotonic() < deadline:
                time.sleep(0.005)
            if moment < 0.45:
                # In the middle of writing a line.
                while not _ends_torn(path) and child.poll() is None:
                    if time.monotonic() > deadline:
                        break
                    time.sleep(0.001)
            else:
                time.sleep(rng.uniform(0, 0.05))
        else:
            # Anywhere, starting up included.
            time.sleep(rng.uniform(0, 0.5))
        child.send_signal(signal.SIGKILL)
        out, err = child.communicate(timeout=60)
        if child.returncode == 0:
            break  # it finished first: the count is done
        assert child.returncode == -signal.SIGKILL, err.decode()
        killed += 1
        torn += _ends_torn(path)
        # Nothing written before was lost.
        assert _whole_lines(path).startswith(before)
    assert int(out) == expected
    records = _records(path)
    assert sum(r["count"] for r in records) == expected
    keys = [json.dumps(s) for r in records for s in r.get("subtrees", [r.get("subtree")])]
    assert len(keys) == len(set(keys)), "a subtree was counted twice"
    # The kills were spread over the count: the last run found most of the
    # finished tasks in the file.
    assert resumed_with > len(records) / 2, (resumed_with, len(records))
    print(f"the last run resumed with {resumed_with} of {len(records)} finished tasks")
    return killed, torn, runs


def test_a_count_killed_again_and_again_resumes_to_the_exact_total(tmp_path):
    seed = int.from_bytes(os.urandom(4), "big")
    killed, torn, runs = _kill_and_resume(tmp_path, 15, 2279184, kills=24, seed=seed)
    print(f"seed {seed}: {killed} kills survived, {torn} in the middle of a write, {runs} runs")
    assert killed == 24, f"seed {seed}: the count ended after {killed} kills"
    assert torn >= 4, f"seed {seed}: only {torn} kills landed in a write"


def test_a_checkpoint_in_use_by_another_count_is_refused(tmp_path):
    path = tmp_path / "count.ckpt"
    digest = distributed.problem_digest(distributed._spec_of(queens(6)))
    holder = distributed._Checkpoint(path, digest)  # as a count in progress holds it
    try:
        before = path.read_bytes()
        with pytest.raises(CheckpointError, match=f"{path} is in use by another count"):
            _count(path)
        assert path.read_bytes() == before
    finally:
        holder.close()
    assert _count(path) == 4  # free again
