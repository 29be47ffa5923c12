"""CPU caps for the benchmarks that emulate slower cores (``emulate.py``,
``stop_policy.py --throttle``): a process or a thread in a cgroup of its
own, capped at a share of a CPU by the cgroup v1 CPU controller (root
only)."""

from __future__ import annotations

import contextlib
import os
import sys

#: The cgroup v1 CPU controller.
CGROUP = "/sys/fs/cgroup/cpu"


def require(share: float, option: str) -> None:
    """Exits with a message naming `option` unless `share` is one `cap`
    takes (1 to 10) and the CPU controller can be written to."""
    if not 1 <= share <= 10:
        sys.exit(f"{option} takes 1 to 10 (the kernel's least quota is a tenth of its period)")
    if not os.access(CGROUP, os.W_OK):
        sys.exit(f"{option} needs the cgroup v1 CPU controller at {CGROUP}, writable (root)")


def cap(ident: int, share: float, name: str, thread: bool) -> str:
    """Puts a process (or, with `thread`, a thread: a kernel thread id) in a
    cgroup of its own capped at 1/`share` of a CPU (1 to 10: the kernel's
    least quota is a tenth of the 10 ms period); threads it starts later
    join it. Returns the cgroup."""
    path = os.path.join(CGROUP, f"exactcover-bench-{os.getpid()}-{name}")
    os.makedirs(path, exist_ok=True)
    for setting, value in (("cpu.cfs_period_us", 10000), ("cpu.cfs_quota_us", 10000 / share)):
        with open(os.path.join(path, setting), "w") as f:
            f.write(str(int(value)))
    with open(os.path.join(path, "tasks" if thread else "cgroup.procs"), "w") as f:
        f.write(str(ident))
    return path


def release(capped: list[str]) -> None:
    """Moves the threads left in the cgroups back to the root; removes them."""
    for path in capped:
        with open(os.path.join(path, "tasks")) as f:
            tids = f.read().split()
        for tid in tids:
            with contextlib.suppress(OSError), open(os.path.join(CGROUP, "tasks"), "w") as f:
                f.write(tid)
        with contextlib.suppress(OSError):
            os.rmdir(path)
