"""Counting on a real Dask cluster: a `dask scheduler` and two `dask worker`
processes started on loopback as separate processes, as on a cluster of
machines (one worker process per machine, one Dask thread each). A count,
a worker killed mid-count, a worker that joins mid-count, and the command
line's `--scheduler` interrupted and resumed from its checkpoint."""

import json
import re
import signal
import socket
import subprocess
import sys
import time

import pytest
from conftest import count_in_background, queens_problem
from exactcover import DlxProblem
from exactcover import distributed as _distributed
from exactcover.distributed import count_distributed
from exactcover.queens import queens

distributed = pytest.importorskip("distributed")


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class _Cluster:
    """A scheduler and workers, each its own process; all ended on close."""

    def __init__(self, log_dir):
        self.log_dir = log_dir
        self.processes = []
        self.workers = []
        port = _free_port()
        self.address = f"tcp://127.0.0.1:{port}"
        self._start("scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard")

    def _start(self, *args):
        log = open(self.log_dir / f"{args[0]}-{len(self.processes)}.log", "wb")
        process = subprocess.Popen(
            [sys.executable, "-m", "dask", *args], stdout=log, stderr=subprocess.STDOUT
        )
        log.close()
        self.processes.append(process)
        return process

    def start_worker(self):
        worker = self._start(
            "worker",
            self.address,
            "--nworkers",
            "1",
            "--nthreads",
            "1",
            "--no-nanny",
            "--no-dashboard",
            "--host",
            "127.0.0.1",
        )
        self.workers.append(worker)
        return worker

    def close(self):
        for process in reversed(self.processes):
            if process.poll() is None:
                process.terminate()
        for process in self.processes:
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    cluster = _Cluster(tmp_path_factory.mktemp("cluster"))
    try:
        cluster.start_worker()
        cluster.start_worker()
        with distributed.Client(cluster.address, timeout=60) as client:
            client.wait_for_workers(2, timeout=60)
        yield cluster
    finally:
        cluster.close()


def test_a_count_on_a_real_cluster_survives_a_killed_worker(cluster):
    with distributed.Client(cluster.address, timeout=60) as client:
        client.wait_for_workers(2, timeout=60)
        victim = cluster.workers[-1]
        stats = {}
        thread, result, errors = count_in_background(
            queens(14), client=client, task_seconds=0.05, local_seconds=0, stats=stats
        )
        deadline = time.monotonic() + 60
        while stats.get("tasks", 0) < 4 and thread.is_alive() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert thread.is_alive(), "the count ended before a worker could be killed"
        victim.send_signal(signal.SIGKILL)
        victim.wait(10)
        thread.join(180)
        assert not errors, errors
        assert result == [365596]
        assert stats["path"] == "workers"
        assert stats["solutions"] == 365596
        assert stats["updates"] > stats["nodes"] > 0
        # The scheduler's CPU during the count is measured.
        assert stats["scheduler_cpu"] >= 0
        assert len(client.nthreads()) == 1
        # A worker joins again for the tests that follow.
        cluster.start_worker()
        client.wait_for_workers(2, timeout=60)
        # A short count does not go to the cluster at all.
        short = {}
        assert count_distributed(queens(8), client=client, stats=short) == 92
        assert short["path"] == "local"


def test_a_worker_that_joins_a_real_cluster_during_a_count_takes_part(tmp_path, monkeypatch):
    # A cluster of its own, of one worker: a batch queue starts the others
    # as it can. The whole tree as one task of 1000 s on that worker's
    # threads (the machine's cores), and a second worker process started
    # (and waited for) once the tree is cut. The driver sees it at its next
    # look, asks the new process for its machine's cores, and the straggler
    # shares its work with it: more tasks than one, both workers, the exact
    # total.
    monkeypatch.setattr(_distributed, "_WORKERS_EVERY", 0.05)
    cluster = _Cluster(tmp_path)
    try:
        cluster.start_worker()
        with distributed.Client(cluster.address, timeout=60) as client:
            client.wait_for_workers(1, timeout=60)

            def one_task_then_a_worker(plan, slots, thread_slots):
                assert (slots, thread_slots) == (1, _distributed._cores())
                cluster.start_worker()
                client.wait_for_workers(2, timeout=60)

            monkeypatch.setattr(_distributed._Plan, "prepare", one_task_then_a_worker)
            stats = {}
            total = count_distributed(
                queens(15), client=client, task_seconds=1000, local_seconds=0, stats=stats
            )
            assert (total, stats["solutions"]) == (2279184, 2279184)
            assert stats["workers"] == 2
            assert stats["tasks"] > 1
    finally:
        cluster.close()


def test_the_cli_on_a_real_cluster_resumes_its_checkpoint_after_ctrl_c(cluster, tmp_path):
    data, diagonals = queens_problem(14)
    problem = DlxProblem.from_constraints(data, secondary=diagonals)
    dlx = tmp_path / "queens.dlx"
    dlx.write_text(problem.to_dlx())
    ckpt = tmp_path / "queens.ckpt"
    # Every count sent to the workers, however short its estimate.
    command = [
        sys.executable,
        "-m",
        "exactcover",
        "solve",
        "--count",
        "--stats",
        "--no-progress",
        str(dlx),
        "--scheduler",
        cluster.address,
        "--checkpoint",
        str(ckpt),
        "--local-seconds",
        "0",
    ]
    first = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and first.poll() is None:
            if ckpt.exists() and ckpt.read_bytes().count(b"\n") >= 3:
                break
            time.sleep(0.01)
        assert first.poll() is None, first.communicate()
        first.send_signal(signal.SIGINT)
        _, err = first.communicate(timeout=60)
    finally:
        if first.poll() is None:
            first.kill()
    assert first.returncode == 130, err
    records = [json.loads(line) for line in ckpt.read_text().splitlines()[1:]]
    done = sum(r["count"] for r in records)
    assert done < 365596
    # The partial count of the finished tasks, as the checkpoint holds it.
    assert f"interrupted after {done} solution" in err
    second = subprocess.run(command, capture_output=True, text=True, timeout=180)
    assert second.returncode == 0, second.stderr
    assert second.stdout == "365596\n"
    assert "365596 solutions, " in second.stderr
    assert re.search(r", on [12] workers?$", second.stderr.rstrip()), second.stderr
    records = [json.loads(line) for line in ckpt.read_text().splitlines()[1:]]
    assert sum(r["count"] for r in records) == 365596
    keys = [json.dumps(s) for r in records for s in r.get("subtrees", [r.get("subtree")])]
    assert len(keys) == len(set(keys)), "a subtree was counted twice"
