//! The thin PyO3 binding of the `exactcover` crate: `Solver` over dense integer
//! ids, `DlxProblem` (Knuth's text format), the solution graph, and the one
//! function mapping core errors to Python. The Python façade (`python/exactcover`) maps the user's hashable
//! objects to ids and back, checks arguments and documents the API.
//!
//! The binding holds no algorithm. Its one job beyond conversion is to run the
//! search in bounded slices with the GIL released, and to call
//! `check_signals()` between slices so that Ctrl-C interrupts a long search.

use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use exactcover::dlx_format::{DlxEntry, DlxProblem, Syntax};
use exactcover::{
    Count, Error, GraphCursor, Item, LentMemo, MemoMode, MemoOptions, ParallelProgress, Problem,
    SolutionGraph, Solver, Step, Subtree,
};
use pyo3::create_exception;
use pyo3::exceptions::{PyIndexError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

create_exception!(
    exactcover,
    ExactCoverError,
    PyValueError,
    "An exact cover problem is malformed (a ValueError)."
);

create_exception!(
    exactcover,
    DlxFormatError,
    ExactCoverError,
    "A text in Knuth's DLX format is malformed; `line` is its 1-based line (None when \
     not reading a text), `reason` says why."
);

/// Node budgets of one chunk of search: the clock is read between chunks, and
/// the budget adapts so that a chunk lasts about `CHUNK`. The smallest budget
/// is one node: on a problem of a million items a node takes milliseconds.
const MIN_BUDGET: u64 = 1;
const MAX_BUDGET: u64 = 1 << 24;
/// The budget of a solver's first chunk.
const FIRST_BUDGET: u64 = 16;
/// The length of a chunk aimed at.
const CHUNK: Duration = Duration::from_millis(1);
/// How often a parallel count checks for Ctrl-C.
const SIGNAL_POLL: Duration = Duration::from_millis(10);
/// How long the search runs without the GIL between two checks for signals.
const SLICE: Duration = Duration::from_millis(20);

/// A subtree as Python sees it: (forced option ids, excluded option ids).
type PlainSubtree = (Vec<usize>, Vec<usize>);

/// The figures of a parallel count in progress, as a dict.
fn live_dict<'py>(py: Python<'py>, live: &ParallelProgress) -> PyResult<Bound<'py, PyDict>> {
    let stats = live.stats();
    let (done, pending) = live.subtrees();
    let d = PyDict::new(py);
    d.set_item("nodes", stats.nodes)?;
    d.set_item("updates", stats.updates)?;
    d.set_item("solutions", stats.solutions)?;
    d.set_item("subtrees_done", done)?;
    d.set_item("subtrees_pending", pending)?;
    Ok(d)
}

/// Runs `f` in chunks of `*budget` nodes until it reports something other
/// than `Step::Paused`, or until `SLICE` has passed (then `Step::Paused`);
/// adapts `*budget` so that a chunk lasts about `CHUNK`. Ctrl-C is thus seen
/// within a slice, whatever a node costs.
fn run_slice(
    solver: &mut Solver,
    budget: &mut u64,
    f: &mut impl FnMut(&mut Solver, u64) -> Step,
) -> Step {
    let start = Instant::now();
    loop {
        let chunk_start = Instant::now();
        let step = f(solver, *budget);
        if step != Step::Paused {
            return step;
        }
        let now = Instant::now();
        let took = now - chunk_start;
        if took < CHUNK / 2 {
            *budget = (*budget * 2).min(MAX_BUDGET);
        } else if took > CHUNK * 2 {
            *budget = (*budget / 2).max(MIN_BUDGET);
        }
        if now - start >= SLICE {
            return Step::Paused;
        }
    }
}

/// Maps a core error to `ExactCoverError` (`DlxFormatError` for a rejected
/// DLX text), with the core's `kind`, and the offending ids as `option` and
/// `item`, so that the façade can name the user's objects. The one place
/// where core errors become Python ones.
fn to_py_err(py: Python<'_>, err: &Error) -> PyErr {
    let py_err = match err {
        Error::Dlx { .. } => DlxFormatError::new_err(err.to_string()),
        _ => ExactCoverError::new_err(err.to_string()),
    };
    let value = py_err.value(py);
    // Setting attributes on a fresh exception instance cannot fail in practice;
    // if it did, the message alone is still right.
    let _ = value.setattr("kind", err.kind());
    let _ = value.setattr("option", err.option());
    let _ = value.setattr("item", err.item());
    if let Error::Dlx { reason, .. } = err {
        let _ = value.setattr("line", err.line());
        let _ = value.setattr("reason", reason.to_string());
    }
    py_err
}

/// A color given to an entry that does not exist: an `ExactCoverError` of
/// kind `"color_on_entry"` naming the option (the façade never gives one).
fn color_error(py: Python<'_>, message: String, option: usize) -> PyErr {
    let py_err = ExactCoverError::new_err(message);
    let value = py_err.value(py);
    let _ = value.setattr("kind", "color_on_entry");
    let _ = value.setattr("option", option);
    py_err
}

/// Runs `step` (given a node budget, `Ok(Some(result))` once done) in
/// slices without the GIL until it is done, adapting the budget so that a
/// slice lasts about `SLICE` and checking for signals between slices. `what`
/// names the work in the message of a panic.
fn in_slices<T: Send>(
    py: Python<'_>,
    mut budget: u64,
    what: &str,
    mut step: impl FnMut(u64) -> Result<Option<T>, Error> + Send,
) -> PyResult<T> {
    loop {
        let start = Instant::now();
        let outcome = py.detach(|| catch_unwind(AssertUnwindSafe(|| step(budget))));
        match outcome {
            Ok(Ok(Some(result))) => return Ok(result),
            Ok(Ok(None)) => {}
            Ok(Err(e)) => return Err(to_py_err(py, &e)),
            Err(_) => return Err(internal_error(&format!("panic while {what}"))),
        }
        let elapsed = start.elapsed();
        if elapsed < SLICE / 2 {
            budget = (budget * 2).min(MAX_BUDGET);
        } else if elapsed > SLICE * 2 {
            budget = (budget / 2).max(MIN_BUDGET);
        }
        py.check_signals()?;
    }
}

/// The core's memo options from Python's `memo` (None: decide, True, False).
fn memo_options(memo: Option<bool>, max_bytes: usize, hash_bits: u32) -> MemoOptions {
    MemoOptions {
        mode: match memo {
            None => MemoMode::Auto,
            Some(true) => MemoMode::Always,
            Some(false) => MemoMode::Never,
        },
        max_bytes,
        hash_bits,
    }
}

/// A count as a Python int, exact at any size.
fn count_to_py<'py>(py: Python<'py>, count: &Count) -> PyResult<Bound<'py, PyAny>> {
    if let Some(v) = count.to_u64() {
        return Ok(v.into_pyobject(py)?.into_any());
    }
    let bytes = pyo3::types::PyBytes::new(py, &count.to_le_bytes());
    py.get_type::<pyo3::types::PyInt>()
        .call_method1("from_bytes", (bytes, "little"))
}

/// A solver over `problem`, in its input order or shuffled by `seed`.
fn new_solver(py: Python<'_>, problem: &Problem, seed: Option<u64>) -> Solver {
    py.detach(|| match seed {
        Some(seed) => Solver::with_seed(problem, seed),
        None => Solver::new(problem),
    })
}

fn internal_error(what: &str) -> PyErr {
    PyRuntimeError::new_err(format!(
        "internal error in the exactcover solver ({what}); the solver can no longer be used. \
         Please report this as a bug."
    ))
}

/// A dancing-links search over options given as lists of item ids.
#[pyclass(name = "Solver", module = "exactcover._native")]
struct PySolver {
    solver: Solver,
    /// Nodes per chunk, adapted so that a chunk lasts about `CHUNK`.
    budget: u64,
    /// Set when a panic escaped the core: the links may be inconsistent.
    poisoned: bool,
    /// Solutions counted by the last parallel count before Ctrl-C stopped it.
    interrupted_count: Count,
    /// The options of the last solution (reused, to spare an allocation).
    buffer: Vec<usize>,
}

impl PySolver {
    /// Runs `f` on the solver in slices with the GIL released, checking for
    /// signals between slices, until `f` reports something other than
    /// `Step::Paused`, or, given `seconds`, until they have passed (after at
    /// least one slice; then `Step::Paused`), so that the caller can report
    /// progress between calls.
    fn run(
        &mut self,
        py: Python<'_>,
        seconds: Option<f64>,
        mut f: impl FnMut(&mut Solver, u64) -> Step + Send,
    ) -> PyResult<Step> {
        if self.poisoned {
            return Err(internal_error("a previous call failed"));
        }
        let deadline = seconds.map(|s| {
            let s = if s.is_finite() {
                s.clamp(0.0, 1e9)
            } else {
                1e9
            };
            Instant::now() + Duration::from_secs_f64(s)
        });
        loop {
            let solver = &mut self.solver;
            let budget = &mut self.budget;
            let f = &mut f;
            let outcome =
                py.detach(|| catch_unwind(AssertUnwindSafe(|| run_slice(solver, budget, f))));
            let Ok(step) = outcome else {
                self.poisoned = true;
                return Err(internal_error("panic during the search"));
            };
            if step != Step::Paused {
                return Ok(step);
            }
            py.check_signals()?;
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return Ok(Step::Paused);
            }
        }
    }

    fn from_solver(solver: Solver) -> Self {
        PySolver {
            solver,
            budget: FIRST_BUDGET,
            poisoned: false,
            interrupted_count: Count::ZERO,
            buffer: Vec::new(),
        }
    }
}

#[pymethods]
impl PySolver {
    /// Solver(items, options, seed=None, colors=None)
    ///
    /// items: list of (primary, lo, hi) triples, one per item id.
    /// options: list of lists of item ids.
    /// seed: shuffle option lists and item order reproducibly (None: input order).
    /// colors: (option, position, color) triples: entry `position` of option
    /// `option` gives its item the color id `color` (other entries: no color).
    #[new]
    #[pyo3(signature = (items, options, seed=None, colors=None))]
    fn new(
        py: Python<'_>,
        items: Vec<(bool, u32, u32)>,
        options: Vec<Vec<usize>>,
        seed: Option<u64>,
        colors: Option<Vec<(usize, usize, u32)>>,
    ) -> PyResult<Self> {
        let mut problem = Problem::new();
        for (primary, lo, hi) in items {
            problem
                .add_item(Item { primary, lo, hi })
                .map_err(|e| to_py_err(py, &e))?;
        }
        let mut colors = colors.unwrap_or_default();
        if colors.is_empty() {
            for option in options {
                problem.add_option(option).map_err(|e| to_py_err(py, &e))?;
            }
        } else {
            colors.sort_unstable();
            let mut next = colors.iter().peekable();
            let mut entries: Vec<(usize, Option<u32>)> = Vec::new();
            for (k, option) in options.into_iter().enumerate() {
                entries.clear();
                entries.extend(option.into_iter().map(|item| (item, None)));
                while let Some(&&(o, position, color)) = next.peek() {
                    if o != k {
                        break;
                    }
                    match entries.get_mut(position) {
                        Some(entry) => entry.1 = Some(color),
                        None => {
                            let message = format!(
                                "color given to entry {position} of option {k}, which has {} \
                                 entries",
                                entries.len()
                            );
                            return Err(color_error(py, message, k));
                        }
                    }
                    next.next();
                }
                problem
                    .add_colored_option(entries.iter().copied())
                    .map_err(|e| to_py_err(py, &e))?;
            }
            if let Some(&(o, _, _)) = next.next() {
                let message = format!("color given to option {o}, which does not exist");
                return Err(color_error(py, message, o));
            }
        }
        Ok(PySolver::from_solver(new_solver(py, &problem, seed)))
    }

    /// The solver of a DLX problem: option `k` is the problem's option `k`.
    #[staticmethod]
    #[pyo3(signature = (problem, seed=None))]
    fn from_dlx(py: Python<'_>, problem: &PyDlxProblem, seed: Option<u64>) -> PyResult<Self> {
        let problem = problem.dlx.to_problem().map_err(|e| to_py_err(py, &e))?;
        Ok(PySolver::from_solver(new_solver(py, &problem, seed)))
    }

    /// An independent copy of this solver, at the same point of the search.
    fn copy(&self) -> PyResult<Self> {
        if self.poisoned {
            return Err(internal_error("a previous call failed"));
        }
        Ok(PySolver {
            solver: self.solver.clone(),
            budget: self.budget,
            poisoned: false,
            interrupted_count: self.interrupted_count.clone(),
            buffer: Vec::new(),
        })
    }

    /// Cuts the search tree into at least `min_subtrees` subtrees (fewer if the
    /// tree is small), each as (forced option ids, excluded option ids); only
    /// before the search starts. Runs without the GIL, in slices, and raises
    /// KeyboardInterrupt on Ctrl-C.
    fn split(&mut self, py: Python<'_>, min_subtrees: usize) -> PyResult<Vec<PlainSubtree>> {
        if self.poisoned {
            return Err(internal_error("a previous call failed"));
        }
        let mut splitter = self
            .solver
            .splitter(min_subtrees)
            .map_err(|e| to_py_err(py, &e))?;
        let subtrees = in_slices(py, self.budget, "splitting", |budget| {
            Ok(splitter.run(budget))
        })?;
        Ok(subtrees
            .into_iter()
            .map(|s| (s.forced, s.excluded))
            .collect())
    }

    /// Counts for about `seconds`; returns (solutions found, remainder): the
    /// remainder is empty when the search is over, else the unexplored part as
    /// subtrees (forced ids, excluded ids) that hold exactly the solutions
    /// still to come. If describing them would take more than `max_entries`
    /// ids, counts on for another `seconds` and tries again. Memoizes as
    /// count_exact does (memo: None, True or False), with a memo lent by
    /// lend_memo if any; the count is an exact int.
    #[pyo3(signature = (seconds, max_entries=1_000_000, memo=None, memo_bytes=1073741824))]
    fn count_or_split<'py>(
        &mut self,
        py: Python<'py>,
        seconds: f64,
        max_entries: usize,
        memo: Option<bool>,
        memo_bytes: usize,
    ) -> PyResult<(Bound<'py, PyAny>, Vec<PlainSubtree>)> {
        let options = memo_options(memo, memo_bytes, 64);
        let before = self.solver.solutions_counted();
        loop {
            let step = self.run(py, Some(seconds), |s, budget| {
                s.count_exact_step(budget, &options)
            })?;
            let rest = match step {
                Step::Paused => match self.solver.remainder(max_entries) {
                    Some(parts) => parts.into_iter().map(|s| (s.forced, s.excluded)).collect(),
                    None => continue,
                },
                _ => Vec::new(),
            };
            let counted = self
                .solver
                .solutions_counted()
                .checked_sub(&before)
                .ok_or_else(|| internal_error("the count went down"))?;
            return Ok((count_to_py(py, &counted)?, rest));
        }
    }

    /// Takes the memo of this solver's exact count (see lend_memo), or None.
    fn take_memo(&mut self) -> Option<PyLentMemo> {
        self.solver
            .take_memo()
            .map(|memo| PyLentMemo { memo: Some(memo) })
    }

    /// Lends this solver (not started) the memo another solver of the same
    /// problem took (take_memo), for its next count_exact or count_or_split;
    /// returns False if it could not take it (the memo is then gone).
    #[pyo3(signature = (memo, mode=None))]
    fn lend_memo(&mut self, memo: &mut PyLentMemo, mode: Option<bool>) -> PyResult<bool> {
        let Some(lent) = memo.memo.take() else {
            return Err(PyValueError::new_err("this memo was lent already"));
        };
        Ok(self
            .solver
            .lend_memo(lent, &memo_options(mode, usize::MAX, 64)))
    }

    /// True once the exact count keeps its memo for good, False once it
    /// counts without one, None before or while deciding.
    #[getter]
    fn memo_verdict(&self) -> Option<bool> {
        self.solver.memo_verdict()
    }

    /// Restricts the search to one subtree of `split`: forces and excludes its
    /// options. Returns False if the subtree has no solutions.
    fn restrict(
        &mut self,
        py: Python<'_>,
        forced: Vec<usize>,
        excluded: Vec<usize>,
    ) -> PyResult<bool> {
        self.solver
            .restrict(&Subtree { forced, excluded })
            .map_err(|e| to_py_err(py, &e))
    }

    /// Requires an option in every solution; returns False if it contradicts the
    /// options forced before (the problem then has no solutions).
    fn force(&mut self, py: Python<'_>, option: usize) -> PyResult<bool> {
        self.solver.force(option).map_err(|e| to_py_err(py, &e))
    }

    /// Searches for the next solution, for about `seconds` if given:
    /// (True, solution) for the next solution as option ids, (True, None)
    /// when there are no more, (False, None) when time ran out.
    #[pyo3(signature = (seconds=None))]
    fn next_solution(
        &mut self,
        py: Python<'_>,
        seconds: Option<f64>,
    ) -> PyResult<(bool, Option<Vec<usize>>)> {
        let step = self.run(py, seconds, |s, budget| s.step(budget))?;
        Ok(match step {
            Step::Solution => (true, Some(self.solver.solution())),
            Step::Exhausted => (true, None),
            Step::Paused => (false, None),
        })
    }

    /// The next solution as a list of `choices[k]` for its option ids `k`, or
    /// None when there are no more: what the façade yields, built here in one
    /// pass instead of a list of ids and a comprehension.
    fn next_choices<'py>(
        &mut self,
        py: Python<'py>,
        choices: &Bound<'py, PyList>,
    ) -> PyResult<Option<Bound<'py, PyList>>> {
        let step = self.run(py, None, |s, budget| s.step(budget))?;
        if step != Step::Solution {
            return Ok(None);
        }
        self.solver.solution_into(&mut self.buffer);
        let items = self
            .buffer
            .iter()
            .map(|&k| choices.get_item(k))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(Some(PyList::new(py, items)?))
    }

    /// Counts the remaining solutions (at most `limit` of them), consuming
    /// them, for about `seconds` if given; returns (solutions found by this
    /// call, finished), finished meaning the search is over or the limit was
    /// reached.
    #[pyo3(signature = (limit=None, seconds=None))]
    fn count(
        &mut self,
        py: Python<'_>,
        limit: Option<u64>,
        seconds: Option<f64>,
    ) -> PyResult<(u64, bool)> {
        let mut remaining = limit.unwrap_or(u64::MAX);
        if remaining == 0 {
            return Ok((0, true));
        }
        let mut total = 0u64;
        let step = self.run(py, seconds, |s, budget| {
            let (found, step) = s.count_step(budget, remaining);
            total += found;
            remaining -= found;
            step
        })?;
        Ok((total, step != Step::Paused))
    }

    /// Counts the remaining solutions exactly (a Python int of any size),
    /// consuming them; memo: None (memoize when it pays), True or False;
    /// memo_bytes caps the memo's memory.
    #[pyo3(signature = (memo=None, memo_bytes=1073741824, hash_bits=64))]
    fn count_exact<'py>(
        &mut self,
        py: Python<'py>,
        memo: Option<bool>,
        memo_bytes: usize,
        hash_bits: u32,
    ) -> PyResult<Bound<'py, PyAny>> {
        let options = memo_options(memo, memo_bytes, hash_bits);
        let before = self.solver.solutions_counted();
        self.run(py, None, |s, budget| s.count_exact_step(budget, &options))?;
        let counted = self
            .solver
            .solutions_counted()
            .checked_sub(&before)
            .ok_or_else(|| internal_error("the count went down"))?;
        count_to_py(py, &counted)
    }

    /// The solutions found or counted so far, as an exact int.
    #[getter]
    fn solutions_counted<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        count_to_py(py, &self.solver.solutions_counted())
    }

    /// Figures of the memo of the exact count: a dict with keys active,
    /// lookups, hits, entries, bytes, peak_bytes, evictions.
    #[getter]
    fn memo_stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let m = self.solver.memo_stats();
        let d = PyDict::new(py);
        d.set_item("active", m.active)?;
        d.set_item("lookups", m.lookups)?;
        d.set_item("hits", m.hits)?;
        d.set_item("entries", m.entries)?;
        d.set_item("bytes", m.bytes)?;
        d.set_item("peak_bytes", m.peak_bytes)?;
        d.set_item("evictions", m.evictions)?;
        Ok(d)
    }

    /// The solution graph of all remaining solutions (only before the search
    /// starts), built in slices without the GIL; Ctrl-C raises
    /// KeyboardInterrupt; ExactCoverError (kind "memory_cap") if it needs
    /// more than max_bytes.
    fn solution_graph(&mut self, py: Python<'_>, max_bytes: usize) -> PyResult<PyGraph> {
        if self.poisoned {
            return Err(internal_error("a previous call failed"));
        }
        let mut builder = self
            .solver
            .graph_builder(max_bytes)
            .map_err(|e| to_py_err(py, &e))?;
        in_slices(py, self.budget, "building the graph", |budget| {
            Ok(builder.step(budget)?.then_some(()))
        })?;
        Ok(PyGraph {
            graph: Arc::new(builder.finish()),
        })
    }

    /// Counts all solutions on `threads` threads (only before the search has
    /// started; the solver is exhausted afterwards). `threads` is capped at the
    /// machine's parallelism. The workers run without the GIL; this thread
    /// wakes every few milliseconds to check for signals, and every `interval`
    /// seconds calls `progress` (if given) with a dict of the figures so far
    /// (nodes, updates, solutions, subtrees done, subtrees pending). On Ctrl-C
    /// (or an exception from `progress`) it stops the workers, adds their
    /// work to `stats` (the search itself stays at its start) and raises.
    /// Every thread memoizes as count_exact does (memo: None, True or False;
    /// memo_bytes shared among the threads); the count is an exact int.
    #[pyo3(signature = (threads, progress=None, interval=0.2, memo=None, memo_bytes=1073741824))]
    fn count_parallel<'py>(
        &mut self,
        py: Python<'py>,
        threads: usize,
        progress: Option<Bound<'py, PyAny>>,
        interval: f64,
        memo: Option<bool>,
        memo_bytes: usize,
    ) -> PyResult<Bound<'py, PyAny>> {
        if self.poisoned {
            return Err(internal_error("a previous call failed"));
        }
        let options = memo_options(memo, memo_bytes, 64);
        self.interrupted_count = Count::ZERO;
        let interval = if interval.is_finite() {
            Duration::from_secs_f64(interval.clamp(0.001, 1e6))
        } else {
            Duration::from_secs(1_000_000)
        };
        let stop = AtomicBool::new(false);
        let live = ParallelProgress::default();
        let solver = &mut self.solver;
        let interrupted_count = &mut self.interrupted_count;
        let outcome = std::thread::scope(|scope| {
            let stop = &stop;
            let live = &live;
            let (done, finished) = std::sync::mpsc::channel::<()>();
            // Behind a mutex so that the GIL-free closure below may borrow it.
            let finished = std::sync::Mutex::new(finished);
            let spawned = std::thread::Builder::new()
                .name("exactcover-parallel".into())
                .spawn_scoped(scope, move || {
                    let result = catch_unwind(AssertUnwindSafe(|| {
                        solver.count_parallel_exact(threads, stop, live, &options)
                    }));
                    // The receiver may be gone if the caller was interrupted.
                    let _ = done.send(());
                    result
                });
            let Ok(worker) = spawned else {
                // No thread to be had: count on this one, in slices.
                return Err(None);
            };
            let mut next_report = Instant::now() + interval;
            loop {
                let ready = py.detach(|| {
                    finished
                        .lock()
                        .map(|rx| rx.recv_timeout(SIGNAL_POLL).is_ok())
                        .unwrap_or(false)
                });
                if ready || worker.is_finished() {
                    return Ok(worker.join());
                }
                let mut signal = py.check_signals();
                if signal.is_ok() && Instant::now() >= next_report {
                    next_report = Instant::now() + interval;
                    if let Some(report) = &progress {
                        signal = live_dict(py, live).and_then(|d| report.call1((d,)).map(drop));
                    }
                }
                if let Err(interrupt) = signal {
                    stop.store(true, Ordering::Relaxed);
                    if let Ok(Ok(Ok((count, _)))) = worker.join() {
                        *interrupted_count = count;
                    }
                    return Err(Some(interrupt));
                }
            }
        });
        match outcome {
            Err(None) => self.count_exact(py, memo, memo_bytes, 64),
            Err(Some(interrupt)) => Err(interrupt),
            Ok(Ok(Ok(Ok((count, true))))) => count_to_py(py, &count),
            Ok(Ok(Ok(Ok((_, false))))) => {
                Err(internal_error("parallel count stopped without a signal"))
            }
            Ok(Ok(Ok(Err(e)))) => Err(to_py_err(py, &e)),
            Ok(Ok(Err(_))) | Ok(Err(_)) => {
                self.poisoned = true;
                Err(internal_error("panic during the parallel count"))
            }
        }
    }

    /// count_parallel(threads) with every thread started at once and
    /// donating after every node: slow; makes tiny searches go through every
    /// path of the parallel count. For tests.
    fn count_parallel_eager(&mut self, py: Python<'_>, threads: usize) -> PyResult<u64> {
        let solver = &mut self.solver;
        py.detach(|| catch_unwind(AssertUnwindSafe(|| solver.count_parallel_eager(threads))))
            .map_err(|_| internal_error("panic during the parallel count"))?
            .map_err(|e| to_py_err(py, &e))
    }

    /// Knuth's estimate of the search tree from `samples` random probes, as a
    /// dict (samples, nodes, solutions, nodes_error, solutions_error, depth).
    /// Only before the search starts; runs without the GIL, in slices, and
    /// raises KeyboardInterrupt on Ctrl-C.
    fn estimate<'py>(
        &mut self,
        py: Python<'py>,
        samples: u64,
        seed: u64,
    ) -> PyResult<Bound<'py, PyDict>> {
        if self.poisoned {
            return Err(internal_error("a previous call failed"));
        }
        let mut estimator = self.solver.estimator(seed).map_err(|e| to_py_err(py, &e))?;
        // The probes run without the GIL; every `SLICE` (read on the clock
        // every few nodes, since one probe of a big problem can take minutes)
        // they take it back for a moment to check for signals.
        let mut interrupt = None;
        let mut last_check = Instant::now();
        let mut calls = 0u32;
        let outcome = py.detach(|| {
            catch_unwind(AssertUnwindSafe(|| {
                estimator.probe_while(samples, || {
                    calls = calls.wrapping_add(1);
                    if calls % 16 != 0 || last_check.elapsed() < SLICE {
                        return true;
                    }
                    last_check = Instant::now();
                    match Python::attach(|py| py.check_signals()) {
                        Ok(()) => true,
                        Err(e) => {
                            interrupt = Some(e);
                            false
                        }
                    }
                })
            }))
        });
        if outcome.is_err() {
            return Err(internal_error("panic while estimating"));
        }
        if let Some(interrupt) = interrupt {
            return Err(interrupt);
        }
        let e = estimator.estimate();
        let dict = PyDict::new(py);
        dict.set_item("samples", e.samples)?;
        dict.set_item("nodes", e.nodes)?;
        dict.set_item("solutions", e.solutions)?;
        dict.set_item("nodes_error", e.nodes_error)?;
        dict.set_item("solutions_error", e.solutions_error)?;
        dict.set_item("depth", e.depth)?;
        Ok(dict)
    }

    /// Work done so far: a dict with keys nodes, updates, solutions.
    #[getter]
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let s = self.solver.stats();
        let d = PyDict::new(py);
        d.set_item("nodes", s.nodes)?;
        d.set_item("updates", s.updates)?;
        d.set_item("solutions", s.solutions)?;
        Ok(d)
    }

    /// Solutions counted by the last parallel count before Ctrl-C stopped it
    /// (the solver itself is left where it was).
    #[getter]
    fn interrupted_count<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        count_to_py(py, &self.interrupted_count)
    }

    /// True once every solution has been visited.
    #[getter]
    fn exhausted(&self) -> bool {
        self.solver.is_exhausted()
    }

    /// (k, d) for each of the first `levels` levels of the search: the k-th of
    /// d branches is being explored (for Knuth's progress estimate).
    fn choice_positions(&self, levels: usize) -> Vec<(u32, u32)> {
        self.solver.choice_positions(levels)
    }
}

/// The memo of one search, to lend to another of the same problem
/// (Solver.take_memo, Solver.lend_memo). Opaque; lent once.
#[pyclass(name = "LentMemo", module = "exactcover._native")]
struct PyLentMemo {
    memo: Option<LentMemo>,
}

#[pymethods]
impl PyLentMemo {
    /// Sub-problems stored (0 once lent).
    #[getter]
    fn entries(&self) -> u64 {
        self.memo.as_ref().map_or(0, |m| m.stats().entries)
    }
}

/// All the solutions of a problem as a DAG over option ids (see
/// `exactcover.SolutionGraph`).
#[pyclass(name = "SolutionGraph", module = "exactcover._native", frozen)]
struct PyGraph {
    graph: Arc<SolutionGraph>,
}

#[pymethods]
impl PyGraph {
    /// The number of solutions (an int of any size).
    #[getter]
    fn count<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        count_to_py(py, self.graph.count())
    }

    /// Number of nodes, the sink included.
    #[getter]
    fn num_nodes(&self) -> usize {
        self.graph.num_nodes()
    }

    /// Number of edges.
    #[getter]
    fn num_edges(&self) -> usize {
        self.graph.num_edges()
    }

    /// Bytes the graph takes.
    #[getter]
    fn nbytes(&self) -> usize {
        self.graph.memory_bytes()
    }

    /// `k` uniformly random solutions (lists of option ids), reproducible
    /// from `seed`.
    fn sample(&self, py: Python<'_>, k: usize, seed: u64) -> Vec<Vec<usize>> {
        let graph = &self.graph;
        py.detach(|| graph.sample_many(k, seed))
    }

    /// An iterator over the solutions (lists of option ids).
    fn solutions(&self) -> PyGraphSolutions {
        PyGraphSolutions {
            graph: Arc::clone(&self.graph),
            cursor: GraphCursor::default(),
        }
    }
}

/// An iterator over the solutions of a SolutionGraph, as lists of option ids.
#[pyclass(name = "GraphSolutions", module = "exactcover._native")]
struct PyGraphSolutions {
    graph: Arc<SolutionGraph>,
    cursor: GraphCursor,
}

#[pymethods]
impl PyGraphSolutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self) -> Option<Vec<usize>> {
        self.graph.next_solution(&mut self.cursor)
    }
}

/// A problem in Knuth's DLX format: named items, options whose entries are
/// an item and maybe a color (see `exactcover.DlxProblem`, the façade).
#[pyclass(name = "DlxProblem", module = "exactcover._native", frozen)]
struct PyDlxProblem {
    dlx: DlxProblem,
    /// Read from a text: the options' lines mean something.
    from_text: bool,
    /// The options dropped for want of a primary item: their lines when read
    /// from a text, else their positions among the options given.
    dropped: Vec<usize>,
}

#[pymethods]
impl PyDlxProblem {
    /// DlxProblem(items, options)
    ///
    /// items: (name, primary, lo, hi), primary ones first; options: lists of
    /// (item index, color or None). Names, colors and repeated items are
    /// checked as the reader checks them.
    #[new]
    fn new(
        py: Python<'_>,
        items: Vec<(String, bool, u32, u32)>,
        options: Vec<Vec<(usize, Option<String>)>>,
    ) -> PyResult<Self> {
        // The errors name the item (by its name) or the option (by its
        // position) at fault: no line tells where they are.
        let mut dlx = DlxProblem::new();
        for (name, primary, lo, hi) in items {
            dlx.add_item(&name, Item { primary, lo, hi }).map_err(|e| {
                let err = to_py_err(py, &e);
                let _ = err.value(py).setattr("item", name.as_str());
                err
            })?;
        }
        let mut dropped = Vec::new();
        for (k, option) in options.into_iter().enumerate() {
            let entries = option
                .into_iter()
                .map(|(item, color)| DlxEntry { item, color })
                .collect();
            let kept = dlx.add_option(0, entries).map_err(|e| {
                let err = to_py_err(py, &e);
                let _ = err.value(py).setattr("option", k);
                err
            })?;
            if !kept {
                dropped.push(k);
            }
        }
        Ok(PyDlxProblem {
            dlx,
            from_text: false,
            dropped,
        })
    }

    /// Reads DLX text (Knuth's syntax and limits exactly if `strict`).
    #[staticmethod]
    #[pyo3(signature = (text, strict=false))]
    fn parse(py: Python<'_>, text: &str, strict: bool) -> PyResult<Self> {
        let syntax = if strict {
            Syntax::Strict
        } else {
            Syntax::Permissive
        };
        let dlx = py
            .detach(|| DlxProblem::parse(text, syntax))
            .map_err(|e| to_py_err(py, &e))?;
        let dropped = dlx.dropped().to_vec();
        Ok(PyDlxProblem {
            dlx,
            from_text: true,
            dropped,
        })
    }

    /// The number of options kept.
    fn __len__(&self) -> usize {
        self.dlx.options().len()
    }

    /// The items as (name, primary, lo, hi), primary ones first.
    #[getter]
    fn items(&self) -> Vec<(&str, bool, u32, u32)> {
        self.dlx
            .items()
            .iter()
            .map(|i| (i.name.as_str(), i.item.primary, i.item.lo, i.item.hi))
            .collect()
    }

    /// The options kept, as lists of item indices.
    #[getter]
    fn options(&self) -> Vec<Vec<usize>> {
        self.dlx
            .options()
            .iter()
            .map(|o| o.entries.iter().map(|e| e.item).collect())
            .collect()
    }

    /// The colors: (option, position) -> color, for the colored entries.
    #[getter]
    fn colors(&self) -> HashMap<(usize, usize), &str> {
        let mut colors = HashMap::new();
        for (k, option) in self.dlx.options().iter().enumerate() {
            for (j, e) in option.entries.iter().enumerate() {
                if let Some(color) = &e.color {
                    colors.insert((k, j), color.as_str());
                }
            }
        }
        colors
    }

    /// The line of each option kept (None when not read from a text).
    #[getter]
    fn lines(&self) -> Vec<Option<usize>> {
        self.dlx
            .options()
            .iter()
            .map(|o| self.from_text.then_some(o.line))
            .collect()
    }

    /// The options dropped for want of a primary item: their lines when read
    /// from a text, else their positions among the options given.
    #[getter]
    fn dropped(&self) -> Vec<usize> {
        self.dropped.clone()
    }

    /// Does an option give an item a color?
    #[getter]
    fn uses_colors(&self) -> bool {
        self.dlx.uses_colors()
    }

    /// Option `k` as a line of the DLX format.
    fn option_text(&self, k: usize) -> PyResult<String> {
        if k >= self.dlx.options().len() {
            return Err(PyIndexError::new_err(format!("there is no option {k}")));
        }
        Ok(self.dlx.option_text(k))
    }

    /// The problem as DLX text, every line ending in a newline.
    fn to_dlx(&self) -> String {
        self.dlx.to_string()
    }

    /// The same items and options (lines and dropped options aside).
    fn same_as(&self, other: &PyDlxProblem) -> bool {
        self.dlx.same_as(&other.dlx)
    }
}

/// Reads DLX text into a `DlxProblem` (Knuth's syntax and limits exactly if
/// `strict`).
#[pyfunction]
#[pyo3(signature = (text, strict=false))]
fn parse_dlx(py: Python<'_>, text: &str, strict: bool) -> PyResult<PyDlxProblem> {
    PyDlxProblem::parse(py, text, strict)
}

/// The native core of exactcover (see the `exactcover` package for the API).
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PySolver>()?;
    m.add_class::<PyGraph>()?;
    m.add_class::<PyLentMemo>()?;
    m.add_class::<PyGraphSolutions>()?;
    m.add_class::<PyDlxProblem>()?;
    m.add_function(wrap_pyfunction!(parse_dlx, m)?)?;
    // Errors raised by the façade itself, or by users, carry the same
    // attributes, None where they do not apply.
    let error = m.py().get_type::<ExactCoverError>();
    for name in ["kind", "option", "item"] {
        error.setattr(name, m.py().None())?;
    }
    let dlx_error = m.py().get_type::<DlxFormatError>();
    dlx_error.setattr("kind", "dlx")?;
    for name in ["line", "reason"] {
        dlx_error.setattr(name, m.py().None())?;
    }
    m.add("ExactCoverError", error)?;
    m.add("DlxFormatError", dlx_error)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
