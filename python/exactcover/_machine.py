"""What this process may use of its machine, written once: its memory,
within its container's limit (for the memos of a distributed count, and to
refuse what could never fit, such as a sample of 2^40 solutions)."""

from __future__ import annotations

import os


def memory() -> int | None:
    """The machine's memory in bytes, within this process's container limit
    (`cgroup_memory`); None if unknown."""
    try:
        machine: int | None = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):  # not a POSIX system
        machine = None
    known = [m for m in (machine, cgroup_memory()) if m is not None]
    return min(known) if known else None


def cgroup_memory(root: str = "/sys/fs/cgroup") -> int | None:
    """The memory limit of this process's cgroup (a container's: `docker run
    --memory`, a Kubernetes pod's), cgroup v1 or v2, as Linux reports it
    (None: none, or not Linux). The cgroup is looked for where
    /proc/self/cgroup names it and at the root of its hierarchy (a
    container that sees its own cgroup as the root)."""
    try:
        with open("/proc/self/cgroup") as f:
            lines = f.read().splitlines()
    except OSError:
        return None
    files = []
    for line in lines:
        _, controllers, path = line.split(":", 2)
        if controllers == "":  # v2: one hierarchy
            files += [f"{root}{path.rstrip('/')}/memory.max", f"{root}/memory.max"]
        elif "memory" in controllers.split(","):
            for base in (f"{root}/memory", f"{root}/{controllers}"):
                files += [f"{base}{path.rstrip('/')}/memory.limit_in_bytes"]
                files += [f"{base}/memory.limit_in_bytes"]
    limits = []
    for file in files:
        try:
            with open(file) as f:
                value = f.read().strip()
        except OSError:
            continue
        if value.isdigit():  # v2 says "max" where there is no limit
            limits.append(int(value))
    return min(limits, default=None)
