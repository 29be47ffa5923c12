"""Side-by-side timing of exactcover and other exact cover solvers.

    python benches/compare.py                 # everything (10-15 minutes)
    python benches/compare.py --quick         # the small instances (smoke run)
    python benches/compare.py --quick --check # check the builders' counts, no timing
    python benches/compare.py --only queens-12 --solver count --solver xcover
    python benches/compare.py --markdown --repeat 5 --timeout 60

Each instance is built once; every solver then counts its solutions from its
own kind of input (prepared before the clock starts), each run in a forked
child so that a timeout can stop it. Runs are interleaved (all solvers, then
all solvers again, ...) so that the noise of a shared machine falls on all
of them alike; the table gives the median of ``--repeat`` runs and its ratio
to exactcover's ``count()`` (a ratio above 1 means exactcover is faster).
See benches/README.md for the columns.
"""

from __future__ import annotations

import argparse
import gc
import multiprocessing
import os
import platform
import random
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, Callable

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import instances as I

# --- solvers ----------------------------------------------------------------------


class NotApplicable(Exception):
    """The solver cannot express this instance (multiplicities, secondary items)."""


@dataclass
class Solver:
    name: str
    #: instance -> payload (untimed); raises NotApplicable.
    prepare: Callable[[I.Instance], Any]
    #: payload -> number of solutions (timed).
    run: Callable[[Any], int]
    #: True: run in the parent process (it starts its own subprocess).
    external: bool = False
    available: Callable[[], str | None] = lambda: None
    description: str = ""


def _ours_count(inst: I.Instance) -> int:
    return inst.solver().count(inst.limit)


def _prepare_engine(engine: str) -> Callable[[I.Instance], I.Instance]:
    """Checks (untimed) that the instance fits `engine`; the instance is the
    payload."""

    def prepare(inst: I.Instance) -> I.Instance:
        from exactcover import ExactCoverError

        try:
            inst.solver(engine=engine)
        except ExactCoverError as error:
            raise NotApplicable(str(error)) from None
        return inst

    return prepare


def _ours_count_on(engine: str) -> Callable[[I.Instance], int]:
    """`count()` with the engine forced."""

    def run(inst: I.Instance) -> int:
        return int(inst.solver(engine=engine).count(inst.limit))

    return run


def _prepare_order(inst: I.Instance) -> I.Instance:
    """Instances whose builder suggests a sweep order, on the bitset engine."""
    if inst.order is None:
        raise NotApplicable("no sweep order")
    return _prepare_engine("bitset")(inst)


def _ours_count_order(order: str) -> Callable[[I.Instance], int]:
    """`count(order=...)` on the bitset engine with the builder's order."""

    def run(inst: I.Instance) -> int:
        return int(inst.solver(engine="bitset").count(inst.limit, order=order))

    return run


def _ours_count_nomemo(inst: I.Instance) -> int:
    return inst.solver().count(inst.limit, memo=False)


def _ours_iterate(inst: I.Instance) -> int:
    solutions = inst.solver()
    if inst.limit is not None:
        solutions = islice(solutions, inst.limit)
    return sum(1 for _ in solutions)


def _ours_threads(inst: I.Instance) -> int:
    # count(threads=N) cannot take a limit; a Sudoku with one solution needs
    # the same search for count() as for count(2).
    return inst.solver().count(threads=2)


def _prepare_miniexact_cli(inst: I.Instance) -> tuple[str, str]:
    fd, path = tempfile.mkstemp(prefix=inst.name + "-", suffix=".dlx", dir=_TMP)
    with os.fdopen(fd, "w") as f:
        f.write(inst.to_miniexact())
    return ("-m" if inst.counts else "-x"), path


def _run_miniexact_cli(payloads: list[tuple[str, str]], timeout: float) -> list[int]:
    """One miniexact process for all the files (it solves each in turn)."""
    flag = payloads[0][0]
    paths = [p for _, p in payloads]
    with tempfile.TemporaryFile(dir=_TMP) as out:
        subprocess.run(
            [shutil.which("miniexact") or "miniexact", flag, "-e", *paths],
            stdout=out,
            stderr=subprocess.DEVNULL,
            timeout=timeout,
            check=False,
        )
        out.seek(0)
        text = out.read().decode(errors="replace")
    if len(paths) == 1:
        sections = [text]
    else:
        sections = re.split(r"^>>> .* <<<$", text, flags=re.M)[1:]
    counts = []
    for section in sections:
        found = re.findall(r"Found (\d+) solutions", section)
        counts.append(int(found[-1]) if found else 0)
    return counts


def _prepare_miniexact_py(inst: I.Instance) -> tuple[I.Instance, bool]:
    return inst, bool(inst.counts)


def _run_miniexact_py(payload: tuple[I.Instance, bool]) -> int:
    import miniexact

    inst, multi = payload
    s = miniexact.miniexacts_m() if multi else miniexact.miniexacts_x()
    _, _, options = inst.numbered()
    primary, secondary = inst.items()
    ids = []
    for k, c in enumerate(primary):
        v = inst.counts.get(c, 1)
        ids.append(s.primary(f"x{k}", v, v))
    for k, c in enumerate(secondary):
        v = inst.counts.get(c, 1)
        ids.append(s.primary(f"y{k}", 0, v) if v > 1 else s.secondary(f"y{k}"))
    for option in options:
        s.add([ids[i] for i in option])
    n = 0
    while s.solve() == 10:
        n += 1
    return n


def _prepare_xcover(inst: I.Instance) -> tuple[list[list[int]], list[int], list[int]]:
    if inst.multiplicities:
        raise NotApplicable
    n_primary, n_secondary, options = inst.numbered()
    return options, list(range(n_primary)), list(range(n_primary, n_primary + n_secondary))


def _run_xcover(payload: tuple[list[list[int]], list[int], list[int]]) -> int:
    import xcover

    options, primary, secondary = payload
    return sum(1 for _ in xcover.covers(options, primary=primary, secondary=secondary))


def _prepare_exact_cover(inst: I.Instance) -> Any:
    if inst.counts or inst.secondary:
        raise NotApplicable
    return inst.to_matrix()


def _run_exact_cover(matrix: Any) -> int:
    import exact_cover

    return int(exact_cover.get_solution_count(matrix))


def _prepare_pyxcc(inst: I.Instance) -> tuple[int, int, list[list[int]]]:
    if inst.multiplicities:
        raise NotApplicable
    return inst.numbered()


def _run_pyxcc(payload: tuple[int, int, list[list[int]]]) -> int:
    import pyxcc

    n_primary, n_secondary, options = payload
    names = [f"x{k}" for k in range(n_primary)] + [f"y{k}" for k in range(n_secondary)]
    opts = [
        pyxcc.Option(
            f"o{r}",
            [names[i] for i in option if i < n_primary],
            # No color: covered at most once.
            [(names[i], "") for i in option if i >= n_primary],
        )
        for r, option in enumerate(options)
    ]
    problem = pyxcc.Problem(names[:n_primary], names[n_primary:], opts)
    return pyxcc.solve(problem, True).count()


# --- Knuth's programs (never shipped: built by benches/build_knuth.sh) -------------

#: Where --knuth-dir / EXACTCOVER_KNUTH_DIR says Knuth's binaries are (else PATH).
_KNUTH_DIR: str | None = os.environ.get("EXACTCOVER_KNUTH_DIR")

#: (program, DLX file) -> (nodes, updates, mems) of the last run, from its report.
KNUTH_TREE: dict[tuple[str, str], tuple[int, int, int]] = {}

_ALTOGETHER = re.compile(
    r"Altogether (\d+) solutions?, (\d+)\+(\d+) mems, (\d+) updates,.*?(\d+) nodes"
)


def _knuth_program(name: str) -> str | None:
    if _KNUTH_DIR:
        path = os.path.join(_KNUTH_DIR, name)
        if os.access(path, os.X_OK):
            return path
    return shutil.which(name)


def _prepare_knuth(plain: str, multi: str) -> Callable[[I.Instance], tuple[str, str, int | None]]:
    """dlx1/ssxcc read Knuth's DLX text; dlx3/ssmcc, with bounds, take the
    instances with multiplicities."""

    def prepare(inst: I.Instance) -> tuple[str, str, int | None]:
        program = _knuth_program(multi if inst.counts else plain)
        if program is None:
            raise NotApplicable
        fd, path = tempfile.mkstemp(prefix=inst.name + "-", suffix=".dlx", dir=_TMP)
        with os.fdopen(fd, "w") as f:
            f.write(inst.to_dlx())
        return program, path, inst.limit

    return prepare


def _run_knuth(payloads: list[tuple[str, str, int | None]], timeout: float) -> list[int]:
    """One process per file; the count (and the tree's nodes and updates) are
    read from the program's closing report on stderr."""
    counts = []
    deadline = time.perf_counter() + timeout
    for program, path, limit in payloads:
        args = [program] + ([f"t{limit}"] if limit else [])
        with open(path, "rb") as stdin:
            done = subprocess.run(
                args,
                stdin=stdin,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                timeout=max(deadline - time.perf_counter(), 0.1),
                check=False,
            )
        found = _ALTOGETHER.search(done.stderr.decode(errors="replace"))
        if not found:
            counts.append(-1)
            continue
        solutions, mems0, mems1, updates, nodes = (int(g) for g in found.groups())
        KNUTH_TREE[(os.path.basename(program), path)] = (nodes, updates, mems0 + mems1)
        counts.append(solutions)
    return counts


def _knuth_available(plain: str, multi: str) -> Callable[[], str | None]:
    def check() -> str | None:
        if _knuth_program(plain) or _knuth_program(multi):
            return None
        return (
            f"{plain}/{multi} not found in --knuth-dir, EXACTCOVER_KNUTH_DIR or PATH "
            "(build them with benches/build_knuth.sh)"
        )

    return check


def _module(name: str) -> Callable[[], str | None]:
    def check() -> str | None:
        try:
            __import__(name)
        except ImportError:
            return f"module {name} not installed"
        return None

    return check


def _command(name: str) -> Callable[[], str | None]:
    return lambda: None if shutil.which(name) else f"command {name} not found"


SOLVERS = {
    s.name: s
    for s in [
        Solver(
            "count",
            lambda i: i,
            _ours_count,
            description="exactcover: ExactCover/MultiCover(...).count()",
        ),
        Solver(
            "count-bitset",
            _prepare_engine("bitset"),
            _ours_count_on("bitset"),
            description="exactcover: .count() with engine='bitset' (where it fits)",
        ),
        Solver(
            "count-dlx",
            _prepare_engine("dlx"),
            _ours_count_on("dlx"),
            description="exactcover: .count() with engine='dlx' (dancing links)",
        ),
        Solver(
            "count-sweep",
            _prepare_order,
            _ours_count_order("sweep"),
            description="exactcover: .count(order='sweep') on the bitset engine, the builder's order",
        ),
        Solver(
            "count-mrv",
            _prepare_order,
            _ours_count_order("mrv"),
            description="exactcover: .count(order='mrv') on the bitset engine (no sweep)",
        ),
        Solver(
            "count-nomemo",
            lambda i: i,
            _ours_count_nomemo,
            description="exactcover: .count(memo=False), every solution visited",
        ),
        Solver(
            "iterate",
            lambda i: i,
            _ours_iterate,
            description="exactcover: sum(1 for _ in ExactCover(...))",
        ),
        Solver("threads2", lambda i: i, _ours_threads, description="exactcover: .count(threads=2)"),
        Solver(
            "miniexact-cli",
            _prepare_miniexact_cli,
            _run_miniexact_cli,  # type: ignore[arg-type]
            external=True,
            available=_command("miniexact"),
            description="miniexact -x -e FILE (-m with multiplicities), as a subprocess",
        ),
        Solver(
            "dlx1/dlx3",
            _prepare_knuth("dlx1", "dlx3"),
            _run_knuth,  # type: ignore[arg-type]
            external=True,
            available=_knuth_available("dlx1", "dlx3"),
            description="Knuth's dlx1 (dlx3 with multiplicities), gcc -O3, as a subprocess",
        ),
        Solver(
            "ssxcc/ssmcc",
            _prepare_knuth("ssxcc", "ssmcc"),
            _run_knuth,  # type: ignore[arg-type]
            external=True,
            available=_knuth_available("ssxcc", "ssmcc"),
            description="Knuth's ssxcc (ssmcc with multiplicities), gcc -O3, as a subprocess",
        ),
        Solver(
            "miniexact-py",
            _prepare_miniexact_py,
            _run_miniexact_py,
            available=_module("miniexact"),
            description="miniexact's Python module: solve() until it returns 20",
        ),
        Solver(
            "xcover",
            _prepare_xcover,
            _run_xcover,
            available=_module("xcover"),
            description="xcover.covers (numba)",
        ),
        Solver(
            "exact_cover",
            _prepare_exact_cover,
            _run_exact_cover,
            available=_module("exact_cover"),
            description="exact_cover.get_solution_count(bool matrix) (C)",
        ),
        Solver(
            "pyxcc",
            _prepare_pyxcc,
            _run_pyxcc,
            available=_module("pyxcc"),
            description="pyxcc.solve(problem, True).count() (Rust)",
        ),
    ]
}

_TMP = tempfile.mkdtemp(prefix="exactcover-bench-")

# --- running one measurement -------------------------------------------------------


@dataclass
class Outcome:
    seconds: float | None = None  # wall-clock; None: did not finish
    cpu: float | None = None  # CPU time of the process (all its threads)
    counts: list[int] = field(default_factory=list)
    status: str = "ok"  # ok, WRONG, timeout, n/a, error
    detail: str = ""


def _child(run: Callable[[Any], int], payloads: list[Any], conn: Any) -> None:
    try:
        gc.collect()
        cpu = time.process_time()
        start = time.perf_counter()
        counts = [run(p) for p in payloads]
        seconds = time.perf_counter() - start
        cpu = time.process_time() - cpu
        conn.send(("ok", (seconds, cpu), counts))
    except BaseException as e:
        conn.send(("error", (0.0, 0.0), f"{type(e).__name__}: {e}"))
    finally:
        conn.close()


def measure(solver: Solver, payloads: list[Any], expected: list[int], timeout: float) -> Outcome:
    if solver.external:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        try:
            counts = solver.run(payloads, timeout)  # type: ignore[call-arg]
        except subprocess.TimeoutExpired:
            return Outcome(status="timeout")
        seconds = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    else:
        ctx = multiprocessing.get_context("fork")
        parent, child = ctx.Pipe(duplex=False)
        process = ctx.Process(target=_child, args=(solver.run, payloads, child))
        process.start()
        child.close()
        if not parent.poll(timeout):
            process.kill()
            process.join()
            return Outcome(status="timeout")
        try:
            status, (seconds, cpu), counts = parent.recv()
        except EOFError:
            status, seconds, cpu, counts = (
                "error",
                0.0,
                0.0,
                f"child died (exit code {process.exitcode})",
            )
        process.join()
        if status != "ok":
            return Outcome(status="error", detail=str(counts))
    if counts != expected:
        shown = (
            counts
            if len(counts) <= 3
            else f"{sum(c == e for c, e in zip(counts, expected))}/{len(expected)} right"
        )
        return Outcome(seconds, cpu, counts, "WRONG", f"got {shown}")
    return Outcome(seconds, cpu, counts)


# --- the release-build check -------------------------------------------------------


def _elf_has_debug_info(path: str) -> bool:
    """True if the shared library has a .debug_info section (a debug build, or
    a release build with debug = true)."""
    import struct

    try:
        with open(path, "rb") as f:
            data = f.read()
        if data[:4] != b"\x7fELF" or data[4] != 2:
            return False
        (e_shoff,) = struct.unpack_from("<Q", data, 0x28)
        e_shentsize, e_shnum, e_shstrndx = struct.unpack_from("<HHH", data, 0x3A)

        def section(k: int) -> tuple[int, int, int]:
            name, _, _, _, offset, size = struct.unpack_from(
                "<IIQQQQ", data, e_shoff + k * e_shentsize
            )
            return name, offset, size

        _, str_off, str_size = section(e_shstrndx)
        names = data[str_off : str_off + str_size]
        for k in range(e_shnum):
            name = section(k)[0]
            if names[name : names.index(b"\0", name)] == b".debug_info":
                return True
    except (OSError, struct.error, ValueError, IndexError):
        pass
    return False


def release_check() -> tuple[bool, str]:
    """Is the installed extension an optimized build? Counting 11-queens (2680
    solutions, about 140,000 search nodes) takes a few milliseconds optimized
    and about 10 times longer unoptimized; the time is compared with a fixed loop
    of Python bytecode, so that a slow or busy machine does not fail it."""
    import exactcover._native as native

    def python_loop() -> float:
        start = time.perf_counter()
        total = 0
        for k in range(300_000):
            total += k & 7
        return time.perf_counter() - start

    inst = I.queens(11, 2680)

    def ours() -> float:
        start = time.perf_counter()
        count = inst.solver().count()
        assert count == 2680, count
        return time.perf_counter() - start

    py = min(python_loop() for _ in range(5))
    rust = min(ours() for _ in range(5))
    ratio = rust / py
    debug_info = _elf_has_debug_info(native.__file__)
    text = (
        f"11-queens count {rust * 1e3:.1f} ms = {ratio:.2f} x a fixed Python loop "
        f"(optimized: below {RELEASE_RATIO}); {os.path.basename(native.__file__)} "
        f"{'has' if debug_info else 'has no'} debug info"
    )
    return ratio < RELEASE_RATIO, text


#: Measured on a 2-CPU AMD EPYC VM: the release wheel 0.65-1.05, a debug
#: wheel (`maturin build` without --release) 7.6-10.4.
RELEASE_RATIO = 3.0

# --- extra measurements ------------------------------------------------------------


def _rss() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def _malloc_in_use() -> int | None:
    import ctypes

    class Mallinfo2(ctypes.Structure):
        _fields_ = [
            (n, ctypes.c_size_t)
            for n in (
                "arena",
                "ordblks",
                "smblks",
                "hblks",
                "hblkhd",
                "usmblks",
                "fsmblks",
                "uordblks",
                "fordblks",
                "keepcost",
            )
        ]

    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallinfo2.restype = Mallinfo2
    except (OSError, AttributeError):
        return None
    info = libc.mallinfo2()
    return info.uordblks + info.hblkhd


def _random_problem(n_choices: int, per: int, n_constraints: int) -> dict[int, list[int]]:
    rng = random.Random(1)
    return {k: rng.sample(range(n_constraints), per) for k in range(n_choices)}


def _build_times(repeat: int) -> dict[str, float]:
    from exactcover import ExactCover

    rng = random.Random(1)
    out = {}
    for label, constraint in (
        ("int", lambda k: k),
        ("tuple", lambda k: ("cell", k // 100, k % 100)),
    ):
        data = {k: [constraint(c) for c in rng.sample(range(200_000), 5)] for k in range(100_000)}
        times = []
        for _ in range(repeat):
            gc.collect()
            start = time.perf_counter()
            ExactCover(data)
            times.append(time.perf_counter() - start)
        out[label] = statistics.median(times)
    return out


def _memory_child(conn: Any) -> None:
    from exactcover import ExactCover

    n_choices, per = 200_000, 5
    data = _random_problem(n_choices, per, 500_000)
    gc.collect()
    rss0, malloc0 = _rss(), _malloc_in_use()
    solver = ExactCover(data)
    gc.collect()
    rss1, malloc1 = _rss(), _malloc_in_use()
    entries = n_choices * per
    # What stays on the Python side: the list of choices (a pointer each).
    python_side = sys.getsizeof(solver._choices)
    conn.send(
        {
            "entries": entries,
            "rss": (rss1 - rss0) / entries,
            "malloc": None if malloc0 is None else (malloc1 - malloc0) / entries,
            "python": python_side / entries,
        }
    )
    conn.close()


def memory_per_entry() -> dict[str, Any]:
    ctx = multiprocessing.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    p = ctx.Process(target=_memory_child, args=(child,))
    p.start()
    result = parent.recv()
    p.join()
    return result


# --- the run --------------------------------------------------------------------------


def fmt_seconds(s: float) -> str:
    if s >= 100:
        return f"{s:.0f} s"
    if s >= 1:
        return f"{s:.2f} s"
    if s >= 1e-3:
        return f"{s * 1e3:.1f} ms"
    return f"{s * 1e6:.0f} µs"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "--quick", action="store_true", help="small instances only: " + ", ".join(I.QUICK)
    )
    ap.add_argument(
        "--only",
        action="append",
        metavar="NAME",
        help="this instance (repeatable; substring match)",
    )
    ap.add_argument(
        "--solver",
        action="append",
        metavar="NAME",
        choices=list(SOLVERS),
        help="this solver (repeatable)",
    )
    ap.add_argument(
        "--repeat",
        type=int,
        default=3,
        help="runs per solver and instance; the median is shown (default 3)",
    )
    ap.add_argument(
        "--timeout", type=float, default=60.0, help="seconds per run before giving up (default 60)"
    )
    ap.add_argument("--markdown", action="store_true", help="print the tables in markdown")
    ap.add_argument(
        "--check",
        action="store_true",
        help="check the builders' counts (ours, DLX text, matrix) and stop",
    )
    ap.add_argument(
        "--no-extras", action="store_true", help="skip build time, memory and ratio targets"
    )
    ap.add_argument(
        "--knuth-dir",
        metavar="DIR",
        help="where Knuth's dlx1, dlx3, ssxcc, ssmcc are (default: EXACTCOVER_KNUTH_DIR, "
        "then PATH; build them with benches/build_knuth.sh)",
    )
    ap.add_argument(
        "--allow-debug",
        action="store_true",
        help="run even on an unoptimized build (numbers meaningless)",
    )
    args = ap.parse_args(argv)
    global _KNUTH_DIR
    if args.knuth_dir:
        _KNUTH_DIR = args.knuth_dir

    names = list(I.INSTANCES)
    if args.quick:
        names = list(I.QUICK)
    if args.only:
        names = [n for n in names if any(o in n for o in args.only)]
        if not names:
            ap.error(f"no instance matches {args.only}; choose from {', '.join(I.INSTANCES)}")

    if args.check:
        return check(names)

    ok, text = release_check()
    print(f"# build check: {text}", flush=True)
    if not ok and not args.allow_debug:
        print(
            "error: exactcover's extension looks like an unoptimized (debug) build; timings would "
            "be meaningless. Install a release build: `pip install .` (or "
            "`maturin develop --release`), or pass --allow-debug.",
            file=sys.stderr,
        )
        return 2

    solvers = [SOLVERS[s] for s in (args.solver or list(SOLVERS))]
    missing = {s.name: s.available() for s in solvers}
    for name, why in missing.items():
        if why:
            print(f"# {name}: skipped ({why})", flush=True)
    solvers = [s for s in solvers if not missing[s.name]]
    if any(s.name == "xcover" for s in solvers):
        _warm_up_xcover()

    print(f"# {machine_line()}", flush=True)
    print(
        f"# median of {args.repeat} runs, timeout {args.timeout:g} s; ratio = time / exactcover count() time",
        flush=True,
    )
    results: dict[str, dict[str, Outcome | list[Outcome]]] = {}
    trees: dict[str, dict[str, tuple[int, int] | None]] = {}
    sizes: dict[str, int] = {}
    for name in names:
        built = I.build(name)
        batch = built if isinstance(built, list) else [built]
        sizes[name] = len(batch)
        expected = [inst.expected for inst in batch]
        prepared: dict[str, list[Any] | Outcome] = {}
        for s in solvers:
            try:
                prepared[s.name] = [s.prepare(inst) for inst in batch]
            except NotApplicable:
                prepared[s.name] = Outcome(status="n/a")
        runs: dict[str, list[Outcome]] = {s.name: [] for s in solvers}
        for _ in range(args.repeat):
            for s in solvers:
                payload = prepared[s.name]
                if isinstance(payload, Outcome):
                    continue
                if runs[s.name] and runs[s.name][-1].status != "ok":
                    continue  # a timeout, wrong count or error is not retried
                runs[s.name].append(measure(s, payload, expected, args.timeout))
        row = {}
        for s in solvers:
            payload = prepared[s.name]
            row[s.name] = payload if isinstance(payload, Outcome) else summarize(runs[s.name])
        results[name] = row
        if any(s.name in KNUTH_SOLVERS for s in solvers):
            trees[name] = tree_row(batch, prepared)
        print_row(name, row, sizes[name], args.timeout, markdown=False, progress=True)

    for clock, title in (
        ("wall", "Wall-clock time"),
        ("cpu", "CPU time (user + system, all threads)"),
    ):
        print()
        print(f"### {title}\n" if args.markdown else f"{title}:")
        print_table(results, sizes, solvers, args.timeout, args.markdown, clock)
    if trees:
        print()
        print_trees(trees, args.markdown)
    if not args.no_extras:
        print()
        extras(results, args, names)
    shutil.rmtree(_TMP, ignore_errors=True)
    return 0


KNUTH_SOLVERS = ("dlx1/dlx3", "ssxcc/ssmcc")


def tree_row(
    batch: list[I.Instance], prepared: dict[str, Any]
) -> dict[str, tuple[int, int] | None]:
    """Nodes and updates of the search trees: exactcover's enumerating search
    (count(memo=False), counted again here, untimed) and Knuth's programs (from
    their reports), summed over a batch."""
    row: dict[str, tuple[int, int] | None] = {}
    nodes = updates = 0
    for inst in batch:
        solver = inst.solver()
        solver.count(inst.limit, memo=False)
        nodes += solver.stats["nodes"]
        updates += solver.stats["updates"]
    row["exactcover"] = (nodes, updates)
    for name in KNUTH_SOLVERS:
        payloads = prepared.get(name)
        if not isinstance(payloads, list):
            row[name] = None
            continue
        trees = [KNUTH_TREE.get((os.path.basename(p), path)) for p, path, _ in payloads]
        row[name] = (
            None
            if any(t is None for t in trees)
            else (sum(t[0] for t in trees), sum(t[1] for t in trees))  # type: ignore[index]
        )
    return row


def print_trees(trees: dict[str, dict[str, tuple[int, int] | None]], markdown: bool) -> None:
    print(
        "### Search trees: nodes / updates\n"
        if markdown
        else "Search trees (nodes / updates; exactcover's with memo=False):"
    )
    header = ["instance", "exactcover", *KNUTH_SOLVERS]
    rows = [
        [name] + [f"{t[0]:,} / {t[1]:,}" if t else "n/a" for t in (row[h] for h in header[1:])]
        for name, row in trees.items()
    ]
    if markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "|".join(["---"] + ["---:"] * (len(header) - 1)) + "|")
        for r in rows:
            print("| " + " | ".join(r) + " |")
    else:
        widths = [max(len(r[k]) for r in rows + [header]) for k in range(len(header))]
        for r in [header] + rows:
            print(
                "  ".join(
                    c.ljust(w) if k == 0 else c.rjust(w) for k, (c, w) in enumerate(zip(r, widths))
                )
            )


def summarize(runs: list[Outcome]) -> Outcome:
    bad = [r for r in runs if r.status != "ok"]
    if bad:
        return bad[-1]
    return Outcome(
        statistics.median(r.seconds for r in runs),  # type: ignore[misc]
        statistics.median(r.cpu for r in runs),  # type: ignore[misc]
        runs[0].counts,
    )


def cell(
    o: Outcome,
    base: Outcome | None,
    size: int,
    timeout: float,
    ratio: bool = True,
    clock: str = "wall",
) -> str:
    if o.status == "n/a":
        return "n/a"
    if o.status == "timeout":
        return f">{timeout:g} s"
    if o.status == "error":
        return "error"
    if o.status == "WRONG":
        return f"WRONG ({o.detail})"
    seconds = o.seconds if clock == "wall" else o.cpu
    assert seconds is not None
    text = f"{size / seconds:,.0f}/s" if size > 1 else fmt_seconds(seconds)
    base_seconds = (
        None
        if base is None or base.status != "ok"
        else (base.seconds if clock == "wall" else base.cpu)
    )
    if ratio and base_seconds:
        text += f" ({seconds / base_seconds:.2f}x)"
    return text


def print_row(
    name: str, row: dict[str, Outcome], size: int, timeout: float, markdown: bool, progress: bool
) -> None:
    base = row.get("count")
    parts = [
        f"{s}: {cell(o, base, size, timeout, s != 'count')} [cpu {cell(o, base, size, timeout, s != 'count', 'cpu')}]"
        for s, o in row.items()
    ]
    print(f"{name}: " + "; ".join(parts), flush=True)
    for s, o in row.items():
        if o.status == "error":
            print(f"#   {s} failed: {o.detail}", flush=True)


def print_table(
    results: dict[str, dict[str, Outcome]],
    sizes: dict[str, int],
    solvers: list[Solver],
    timeout: float,
    markdown: bool,
    clock: str = "wall",
) -> None:
    header = ["instance"] + [s.name for s in solvers]
    rows = []
    for name, row in results.items():
        base = row.get("count")
        rows.append(
            [name + (f" ({sizes[name]} puzzles)" if sizes[name] > 1 else "")]
            + [
                cell(row[s.name], base, sizes[name], timeout, s.name != "count", clock)
                for s in solvers
            ]
        )
    if markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "|".join(["---"] + ["---:"] * len(solvers)) + "|")
        for r in rows:
            print("| " + " | ".join(r) + " |")
    else:
        widths = [max(len(r[k]) for r in rows + [header]) for k in range(len(header))]
        for r in [header] + rows:
            print(
                "  ".join(
                    c.ljust(w) if k == 0 else c.rjust(w) for k, (c, w) in enumerate(zip(r, widths))
                )
            )


def extras(
    results: dict[str, dict[str, Outcome]], args: argparse.Namespace, names: list[str]
) -> None:
    def ratio(name: str, a: str, b: str, clock: str = "wall") -> float | None:
        row = results.get(name, {})
        x, y = row.get(a), row.get(b)
        if x and y and x.status == y.status == "ok" and x.seconds and y.seconds:
            return x.seconds / y.seconds if clock == "wall" else x.cpu / y.cpu  # type: ignore[operator]
        return None

    def target(
        label: str, value: float | None, limit: float, unit: str = "x", fmt: str = "{:.2f}"
    ) -> None:
        if value is None:
            print(f"{label}: not measured")
            return
        verdict = "met" if value <= limit else f"MISSED by {value / limit:.2f}x"
        print(
            f"{label}: {fmt.format(value)}{unit} (target <= {fmt.format(limit)}{unit}: {verdict})"
        )

    print("Targets" if not args.markdown else "### Targets\n")
    queens = next((q for q in ("queens-14", "queens-13", "queens-12") if q in results), None)
    if queens:
        target(f"- iterate / count on {queens}, wall-clock", ratio(queens, "iterate", "count"), 1.5)
        target(
            f"- iterate / count on {queens}, CPU time",
            ratio(queens, "iterate", "count", "cpu"),
            1.5,
        )
    for name in ("pentominoes-6x10", "queens-14", "pentominoes-8x8-centre", "queens-12"):
        if name in results:
            target(f"- count(threads=2) / count() on {name}", ratio(name, "threads2", "count"), 0.6)
            # CPU time / wall-clock time of the 2-thread count: near 2 when
            # both threads had a core, near 1 when another process held one.
            p = results[name].get("threads2")
            if p is not None and p.status == "ok" and p.seconds and p.cpu:
                extra_cpu = ratio(name, "threads2", "count", "cpu")
                print(
                    f"  (parallelism achieved: {p.cpu / p.seconds:.2f} cores busy on average; "
                    f"2-thread CPU time / 1-thread CPU time: {extra_cpu:.2f})"
                )
    if "miniexact-cli" in next(iter(results.values()), {}):
        for name in results:
            r, c = (
                ratio(name, "miniexact-cli", "count"),
                ratio(name, "miniexact-cli", "count", "cpu"),
            )
            if r is not None and c is not None:
                verdict = "met" if min(r, c) >= 2 else "missed"
                print(
                    f"- 2x faster than miniexact's CLI on {name}: {verdict} (wall {r:.2f}x, CPU {c:.2f}x)"
                )
    rivals = [r for r in (*KNUTH_SOLVERS, "miniexact-cli") if r in next(iter(results.values()), {})]
    if rivals:
        print(f"- count() at most 0.5x the fastest of {', '.join(rivals)} (issue 11):")
        for name in results:
            best = [(ratio(name, "count", r), r) for r in rivals]
            known = [(x, r) for x, r in best if x is not None]
            if not known:
                continue
            worst, rival = max(known)
            verdict = "met" if worst <= 0.5 else f"MISSED by {worst / 0.5:.2f}x"
            print(f"  - {name}: {worst:.2f}x {rival} ({verdict})")
    if (
        "sudoku-hard" in results
        and results["sudoku-hard"].get("count", Outcome(status="n/a")).status == "ok"
    ):
        from exactcover import ExactCover

        puzzles = I.sudoku_set()
        times = []
        for _ in range(max(3, args.repeat)):
            start = time.perf_counter()
            for inst in puzzles:
                ExactCover(inst.constraints)
            times.append(time.perf_counter() - start)
        total = results["sudoku-hard"]["count"].seconds
        print(
            f"- Sudoku: building the {len(puzzles)} ExactCover objects takes {fmt_seconds(statistics.median(times))}, "
            f"{statistics.median(times) / total:.0%} of count()'s {fmt_seconds(total)}"
        )  # type: ignore[operator]
    builds = _build_times(max(3, args.repeat))
    for label, seconds in builds.items():
        target(
            f"- ExactCover() of 100,000 choices x 5 {label} constraints",
            seconds,
            0.5,
            " s",
            "{:.3f}",
        )
    mem = memory_per_entry()
    print(
        f"- memory per (option, item) entry, {mem['entries']:,} entries: RSS {mem['rss']:.1f} bytes, "
        f"malloc {mem['malloc']:.1f} bytes (of which Python's list of choices {mem['python']:.1f})"
        if mem["malloc"] is not None
        else f"- memory per entry: RSS {mem['rss']:.1f} bytes"
    )
    target(
        "  memory per entry (malloc'd, native + Python)",
        mem["malloc"] if mem["malloc"] is not None else mem["rss"],
        64,
        " bytes",
        "{:.1f}",
    )


def _warm_up_xcover() -> None:
    """Compile xcover's numba functions before forking, so that no run pays it."""
    import warnings

    warnings.filterwarnings("ignore")
    import xcover

    list(xcover.covers([[0, 1], [0], [1, 2]], primary=[0, 1], secondary=[2]))


def machine_line() -> str:
    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} logical CPUs, Python {platform.python_version()}, {platform.platform()}"


# --- --check: the builders give the known counts ----------------------------------------


def check(names: list[str]) -> int:
    """Count each instance with exactcover from its mapping, from its DLX
    text (exactcover.parse_dlx) and from its 0/1 matrix (exactcover.from_matrix,
    plain exact cover only), and with miniexact's CLI if installed."""
    from exactcover import from_matrix, parse_dlx

    failures = 0
    have_miniexact = shutil.which("miniexact") is not None
    for name in names:
        built = I.build(name)
        for inst in built if isinstance(built, list) else [built]:
            start = time.perf_counter()
            got = {"mapping": inst.solver().count(inst.limit)}
            got["dlx"] = parse_dlx(inst.to_dlx()).count(inst.limit)
            if not inst.secondary and not inst.counts:
                got["matrix"] = from_matrix(inst.to_matrix()).count(inst.limit)
            if have_miniexact and len(inst.constraints) < 5000 and inst.expected < 100_000:
                got["miniexact"] = _run_miniexact_cli([_prepare_miniexact_cli(inst)], 60)[0]
            bad = {k: v for k, v in got.items() if v != inst.expected}
            failures += bool(bad)
            print(
                f"{inst.name}: {len(inst.constraints)} options, expected {inst.expected}: "
                + ("ok" if not bad else f"WRONG {bad}")
                + f" ({', '.join(got)}; {time.perf_counter() - start:.2f} s)"
            )
    print("all counts right" if not failures else f"{failures} instances WRONG")
    shutil.rmtree(_TMP, ignore_errors=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
