//! `Solver`: the core's solver over dense integer ids, and `LentMemo`. Every
//! long call goes through the one slice loop ([`slices::run`]).

use std::sync::Mutex;
use std::time::Duration;

use exactcover::{
    Count, CountOptions, Counted, EngineChoice, Item, LentMemo, MemoMode, MemoOptions, Next,
    OrderMode, Outcome, Problem, Progress, SliceBudget, SolutionThreads, Solver, Step, Subtree,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::dlx::PyDlxProblem;
use crate::errors::{color_error, internal_error, to_py_err};
use crate::graph::PyGraph;
use crate::memo_pool::PyMemoPool;
use crate::slices::{self, Report};

/// A subtree as Python sees it: (forced option ids, excluded option ids).
type PlainSubtree = (Vec<usize>, Vec<usize>);

/// What `count_subtrees` returns: the count, the rest, the exception that
/// stopped it (or None).
type CountedSubtrees<'py> = (Bound<'py, PyAny>, Vec<PlainSubtree>, Option<Py<PyAny>>);

/// A count as a Python int, exact at any size.
pub(crate) fn count_to_py<'py>(py: Python<'py>, count: &Count) -> PyResult<Bound<'py, PyAny>> {
    if let Some(v) = count.to_u64() {
        return Ok(v.into_pyobject(py)?.into_any());
    }
    let bytes = pyo3::types::PyBytes::new(py, &count.to_le_bytes());
    py.get_type::<pyo3::types::PyInt>()
        .call_method1("from_bytes", (bytes, "little"))
}

/// The work figures as a dict: nodes, updates, solutions (exact).
fn figures_dict<'py>(
    py: Python<'py>,
    nodes: u64,
    updates: u64,
    solutions: &Count,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("nodes", nodes)?;
    d.set_item("updates", updates)?;
    d.set_item("solutions", count_to_py(py, solutions)?)?;
    Ok(d)
}

/// The figures of a count in progress, for its progress callback.
fn progress_figures(py: Python<'_>, progress: &Progress) -> PyResult<Py<PyAny>> {
    let d = figures_dict(py, progress.nodes, progress.updates, &progress.solutions)?;
    d.set_item("subtrees_done", progress.subtrees_done)?;
    d.set_item("subtrees_pending", progress.subtrees_pending)?;
    d.set_item("fraction", progress.fraction)?;
    Ok(d.into_any().unbind())
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

/// The engine Python's `engine` names: "auto", "bitset" or "dlx".
fn engine_choice(engine: &str) -> PyResult<EngineChoice> {
    match engine {
        "auto" => Ok(EngineChoice::Auto),
        "bitset" => Ok(EngineChoice::Bitset),
        "dlx" => Ok(EngineChoice::DancingLinks),
        _ => Err(PyValueError::new_err(format!(
            "engine must be 'auto', 'bitset' or 'dlx', not {engine:?}"
        ))),
    }
}

/// The order of branching Python's `order` names: "auto", "mrv" or "sweep".
fn order_mode(order: &str) -> PyResult<OrderMode> {
    match order {
        "auto" => Ok(OrderMode::Auto),
        "mrv" => Ok(OrderMode::Mrv),
        "sweep" => Ok(OrderMode::Sweep),
        _ => Err(PyValueError::new_err(format!(
            "order must be 'auto', 'mrv' or 'sweep', not {order:?}"
        ))),
    }
}

/// A solver over `problem` on the engine `choice`, in its input order or shuffled by
/// `seed`.
fn new_solver(
    py: Python<'_>,
    problem: &Problem,
    seed: Option<u64>,
    choice: EngineChoice,
) -> PyResult<Solver> {
    py.detach(|| Solver::with_engine(problem, choice, seed))
        .map_err(|e| to_py_err(py, &e))
}

/// A dancing-links search over options given as lists of item ids.
#[pyclass(name = "Solver", module = "exactcover._native")]
pub(crate) struct PySolver {
    pub(crate) solver: Solver,
    /// Node budgets of the slices of `step`.
    slices: SliceBudget,
    /// Set when a panic escaped the core: the links may be inconsistent.
    poisoned: bool,
    /// Solutions counted by the last count before Ctrl-C stopped it.
    interrupted_count: Count,
    /// The options of the last solution (reused, to spare an allocation).
    buffer: Vec<usize>,
    /// The threads of `next_on_threads`, while they run.
    threads: Option<Mutex<SolutionThreads>>,
}

impl PySolver {
    fn from_solver(solver: Solver) -> Self {
        PySolver {
            solver,
            slices: slices::slice_budget(),
            poisoned: false,
            interrupted_count: Count::ZERO,
            buffer: Vec::new(),
            threads: None,
        }
    }

    /// Steps the search to its next solution, for about `seconds` if given
    /// (then `Step::Paused`).
    fn next_step(&mut self, py: Python<'_>, seconds: Option<f64>) -> PyResult<Step> {
        self.settle_threads();
        let (solver, budget) = (&mut self.solver, &mut self.slices);
        let ran = slices::run(
            py,
            &mut self.poisoned,
            "searching",
            slices::deadline(seconds),
            None,
            |between| loop {
                let step = budget.run(|nodes| solver.step(nodes));
                if step != Step::Paused || between.check(None).is_break() {
                    return step;
                }
            },
        )?;
        ran.into_result()
    }

    /// Counts as `options` say, for about `seconds` if given, reporting to
    /// `report`: what the core's one counting entry returned, or the error
    /// that stopped it (Ctrl-C, the callback's) with what it had counted.
    fn count_with(
        &mut self,
        py: Python<'_>,
        options: &CountOptions,
        seconds: Option<f64>,
        report: Option<Report>,
    ) -> PyResult<(Counted, Option<PyErr>)> {
        let solver = &mut self.solver;
        let ran = slices::run(
            py,
            &mut self.poisoned,
            "counting",
            slices::deadline(seconds),
            report,
            |between| solver.count_with(options, |progress| between.check(Some(progress))),
        )?;
        let counted = ran.value.map_err(|e| to_py_err(py, &e))?;
        Ok((counted, ran.error))
    }

    /// The options of a count with the slices of the loop.
    fn options(memo: MemoOptions) -> CountOptions {
        CountOptions {
            memo,
            slice: slices::SLICE,
            ..CountOptions::default()
        }
    }

    /// Stops the threads of `next_on_threads`, if any, keeping their work.
    fn settle_threads(&mut self) {
        if let Some(run) = self.threads.take() {
            let run = run.into_inner().unwrap_or_else(|e| e.into_inner());
            self.solver.stop_threads(run);
        }
    }
}

/// The problem of a spec: items as `(primary, lo, hi)`, options as lists of
/// item ids, colors as `(option, position, color)` triples (entry
/// `position` of option `option` gives its item the color id `color`).
pub(crate) fn problem_from_spec(
    py: Python<'_>,
    items: Vec<(bool, u32, u32)>,
    options: Vec<Vec<usize>>,
    colors: Option<Vec<(usize, usize, u32)>>,
) -> PyResult<Problem> {
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
    Ok(problem)
}

#[pymethods]
impl PySolver {
    /// Solver(items, options, seed=None, colors=None, engine="auto")
    ///
    /// items: list of (primary, lo, hi) triples, one per item id.
    /// options: list of lists of item ids.
    /// seed: shuffle option lists and item order reproducibly (None: input order).
    /// colors: (option, position, color) triples: entry `position` of option
    /// `option` gives its item the color id `color` (other entries: no color).
    /// engine: "auto", "bitset" or "dlx" (see `exactcover::EngineChoice`).
    #[new]
    #[pyo3(signature = (items, options, seed=None, colors=None, engine="auto"))]
    fn new(
        py: Python<'_>,
        items: Vec<(bool, u32, u32)>,
        options: Vec<Vec<usize>>,
        seed: Option<u64>,
        colors: Option<Vec<(usize, usize, u32)>>,
        engine: &str,
    ) -> PyResult<Self> {
        let choice = engine_choice(engine)?;
        let problem = problem_from_spec(py, items, options, colors)?;
        Ok(PySolver::from_solver(new_solver(
            py, &problem, seed, choice,
        )?))
    }

    /// The solver of a DLX problem: option `k` is the problem's option `k`.
    #[staticmethod]
    #[pyo3(signature = (problem, seed=None, engine="auto"))]
    fn from_dlx(
        py: Python<'_>,
        problem: &PyDlxProblem,
        seed: Option<u64>,
        engine: &str,
    ) -> PyResult<Self> {
        let choice = engine_choice(engine)?;
        let problem = problem.to_problem().map_err(|e| to_py_err(py, &e))?;
        Ok(PySolver::from_solver(new_solver(
            py, &problem, seed, choice,
        )?))
    }

    /// Gives the solver an order of item ids that its counts may sweep in
    /// (see `count`'s `order` and `exactcover::Solver::set_sweep_order`).
    fn set_sweep_order(&mut self, py: Python<'_>, order: Vec<usize>) -> PyResult<()> {
        self.solver
            .set_sweep_order(&order)
            .map_err(|e| to_py_err(py, &e))
    }

    /// Puts the solver (not started) in the order `order` names ("mrv" or
    /// "sweep"; "auto" keeps the order it has), so that `split` and
    /// `estimate` cut and weigh the tree as a count in that order branches.
    fn set_order(&mut self, py: Python<'_>, order: &str) -> PyResult<()> {
        self.settle_threads();
        self.solver
            .set_order(order_mode(order)?)
            .map_err(|e| to_py_err(py, &e))
    }

    /// The item ids of `set_sweep_order`, or None if it was not called.
    #[getter]
    fn sweep_order(&self) -> Option<Vec<usize>> {
        self.solver.sweep_order().map(<[usize]>::to_vec)
    }

    /// An independent copy of this solver, at the same point of the search.
    fn copy(&mut self) -> PyResult<Self> {
        slices::usable(self.poisoned)?;
        self.settle_threads();
        Ok(PySolver {
            solver: self.solver.clone(),
            slices: self.slices,
            poisoned: false,
            interrupted_count: self.interrupted_count.clone(),
            buffer: Vec::new(),
            threads: None,
        })
    }

    /// Cuts the search tree (of a search that has started, what it has still
    /// to explore) into at least `min_subtrees` subtrees (fewer if the tree
    /// is small), each as (forced option ids, excluded option ids). Runs
    /// without the GIL, in slices, and raises KeyboardInterrupt on Ctrl-C.
    fn split(&mut self, py: Python<'_>, min_subtrees: usize) -> PyResult<Vec<PlainSubtree>> {
        let (solver, mut budget) = (&self.solver, self.slices);
        let ran = slices::run(py, &mut self.poisoned, "splitting", None, None, |between| {
            let mut splitter = solver.splitter(min_subtrees)?;
            let mut subtrees = None;
            while subtrees.is_none() {
                budget.run(|nodes| {
                    subtrees = splitter.run(nodes);
                    if subtrees.is_some() {
                        Step::Exhausted
                    } else {
                        Step::Paused
                    }
                });
                if subtrees.is_none() && between.check(None).is_break() {
                    break;
                }
            }
            Ok(subtrees.unwrap_or_default())
        })?;
        Ok(ran
            .into_result()?
            .map_err(|e| to_py_err(py, &e))?
            .into_iter()
            .map(|s| (s.forced, s.excluded))
            .collect())
    }

    /// Counts for about `seconds`; returns (solutions found, remainder): the
    /// remainder is empty when the search is over, else the unexplored part as
    /// subtrees (forced ids, excluded ids) that hold exactly the solutions
    /// still to come. If describing them would take more than `max_entries`
    /// ids, counts on for another `seconds` and tries again. Memoizes as
    /// count(memo=...) does (memo: None, True or False), with a memo lent by
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
        let options = PySolver::options(memo_options(memo, memo_bytes, 64));
        self.settle_threads();
        let before = self.solver.solutions_counted();
        loop {
            let (counted, error) = self.count_with(py, &options, Some(seconds), None)?;
            if let Some(error) = error {
                return Err(error);
            }
            let rest = match counted.outcome {
                Outcome::Stopped => match self.solver.remainder(max_entries) {
                    Some(parts) => parts.into_iter().map(|s| (s.forced, s.excluded)).collect(),
                    None => continue,
                },
                Outcome::Complete | Outcome::Limit => Vec::new(),
            };
            let counted = self
                .solver
                .solutions_counted()
                .checked_sub(&before)
                .ok_or_else(|| internal_error("the count went down"))?;
            return Ok((count_to_py(py, &counted)?, rest));
        }
    }

    /// Counts the solutions in `subtrees` (each (forced ids, excluded ids),
    /// disjoint) as one count on `threads` threads that share them by work
    /// donation, for about `seconds` if given (None: to the end), each
    /// thread with a memo of `pool` if given (memo: None, True or False, as
    /// count(); memo_bytes for all threads together). Only on a solver that
    /// has not started. Returns (solutions found, remainder, error): the
    /// remainder is empty when every subtree is counted, else the unexplored
    /// part as subtrees (if describing it takes more than `max_entries` ids,
    /// counts on and tries again); error is the exception that stopped the
    /// count (Ctrl-C), None if none: the count and remainder are right
    /// either way, for the caller to keep before raising it. order: "mrv"
    /// or "sweep" searches the subtrees in that order (see
    /// `set_sweep_order`); "auto" keeps the solver's order (a race needs
    /// the whole tree: see `exactcover::Solver::count_subtrees_with`).
    /// stop: a callable, called without arguments every 5 milliseconds
    /// (with the GIL): once it returns true, the count stops as when
    /// `seconds` run out (the remainder handed back, no error).
    #[pyo3(signature = (
        subtrees, seconds=None, threads=1, pool=None, memo=None, memo_bytes=1073741824,
        max_entries=1_000_000, order="auto", stop=None,
    ))]
    #[allow(clippy::too_many_arguments)]
    fn count_subtrees<'py>(
        &mut self,
        py: Python<'py>,
        subtrees: Vec<PlainSubtree>,
        seconds: Option<f64>,
        threads: usize,
        pool: Option<PyRef<'py, PyMemoPool>>,
        memo: Option<bool>,
        memo_bytes: usize,
        max_entries: usize,
        order: &str,
        stop: Option<Py<PyAny>>,
    ) -> PyResult<CountedSubtrees<'py>> {
        self.settle_threads();
        let options = CountOptions {
            threads,
            order: order_mode(order)?,
            ..PySolver::options(memo_options(memo, memo_bytes, 64))
        };
        let subtrees: Vec<Subtree> = subtrees
            .into_iter()
            .map(|(forced, excluded)| Subtree { forced, excluded })
            .collect();
        let pool = pool.as_ref().map(|p| &p.pool);
        let before = self.solver.solutions_counted();
        let solver = &mut self.solver;
        let ran = slices::run_until(
            py,
            &mut self.poisoned,
            "counting",
            slices::deadline(seconds),
            stop,
            None,
            |between| {
                solver.count_subtrees_with(&subtrees, &options, pool, |progress| {
                    between.check(Some(progress))
                })
            },
        )?;
        let mut counted = ran.value.map_err(|e| to_py_err(py, &e))?;
        let mut error = ran.error;
        loop {
            let rest = match counted.outcome {
                Outcome::Stopped => match self.solver.remainder(max_entries) {
                    Some(parts) => parts.into_iter().map(|s| (s.forced, s.excluded)).collect(),
                    None if error.is_none() => {
                        (counted, error) = self.count_with(py, &options, seconds, None)?;
                        continue;
                    }
                    None => self
                        .solver
                        .remainder(usize::MAX)
                        .ok_or_else(|| internal_error("no remainder"))?
                        .into_iter()
                        .map(|s| (s.forced, s.excluded))
                        .collect(),
                },
                Outcome::Complete | Outcome::Limit => Vec::new(),
            };
            let found = self
                .solver
                .solutions_counted()
                .checked_sub(&before)
                .ok_or_else(|| internal_error("the count went down"))?;
            let error = error.map(|e| e.into_value(py).into_any());
            return Ok((count_to_py(py, &found)?, rest, error));
        }
    }

    /// Takes the memo of this solver's exact count (see lend_memo), or None.
    fn take_memo(&mut self) -> Option<PyLentMemo> {
        self.solver
            .take_memo()
            .map(|memo| PyLentMemo { memo: Some(memo) })
    }

    /// Lends this solver (not started) the memo another solver of the same
    /// problem took (take_memo), for its next count or count_or_split;
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
        Ok(match self.next_step(py, seconds)? {
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
        if self.next_step(py, None)? != Step::Solution {
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

    /// count(limit=None, threads=1, seconds=None, progress=None,
    /// interval=0.2, memo=None, memo_bytes=1073741824, hash_bits=64,
    /// nodes_per_slice=None)
    ///
    /// The one count: the remaining solutions (at most `limit`), consumed,
    /// on `threads` threads, for about `seconds` if given, calling
    /// `progress` with a dict of the figures so far (nodes, updates,
    /// solutions, subtrees_done, subtrees_pending, fraction) every
    /// `interval` seconds; memo: None (memoize when it pays), True or
    /// False, memo_bytes capping the memo (shared among the threads).
    /// Returns (solutions counted, an exact int; "complete", "limit" or
    /// "stopped" when the clock ran out: the next count goes on from
    /// there). Ctrl-C, or an exception from `progress`, raises, with the
    /// solutions counted so far in `interrupted_count` (the search keeps
    /// its place). nodes_per_slice: slices of that many nodes, every
    /// thread started at once (for tests).
    /// order: "auto" (the sweep order of `set_sweep_order` where a short race
    /// at the root says it beats MRV), "mrv" or "sweep" (see
    /// `exactcover::OrderMode`).
    #[pyo3(signature = (
        limit=None, threads=1, seconds=None, progress=None, interval=0.2, memo=None,
        memo_bytes=1073741824, hash_bits=64, nodes_per_slice=None, order="auto",
    ))]
    #[allow(clippy::too_many_arguments)]
    fn count<'py>(
        &mut self,
        py: Python<'py>,
        limit: Option<u64>,
        threads: usize,
        seconds: Option<f64>,
        progress: Option<Py<PyAny>>,
        interval: f64,
        memo: Option<bool>,
        memo_bytes: usize,
        hash_bits: u32,
        nodes_per_slice: Option<u64>,
        order: &str,
    ) -> PyResult<(Bound<'py, PyAny>, &'static str)> {
        let order = order_mode(order)?;
        self.settle_threads();
        self.interrupted_count = Count::ZERO;
        let interval = if interval.is_finite() {
            Duration::from_secs_f64(interval.clamp(0.001, 1e6))
        } else {
            Duration::from_secs(1_000_000)
        };
        let report = progress.map(|callback| Report {
            callback,
            interval,
            figures: progress_figures,
        });
        let options = CountOptions {
            threads,
            limit,
            nodes_per_slice,
            order,
            ..PySolver::options(memo_options(memo, memo_bytes, hash_bits))
        };
        let (counted, error) = self.count_with(py, &options, seconds, report)?;
        if let Some(error) = error {
            self.interrupted_count = counted.count;
            return Err(error);
        }
        let outcome = match counted.outcome {
            Outcome::Complete => "complete",
            Outcome::Limit => "limit",
            Outcome::Stopped => "stopped",
        };
        Ok((count_to_py(py, &counted.count)?, outcome))
    }

    /// The order ("mrv" or "sweep") that a count of everything from the
    /// root on `threads` threads would branch in, settled now as that count
    /// would settle it (`order`: "auto", whose race runs here without the
    /// GIL, "mrv" or "sweep"); `threads` not capped at this machine's cores
    /// (a distributed count races for its cluster's threads); `memo` as
    /// count()'s (False: no race, the order stays). On a copy: the solver
    /// is left as that count would begin.
    #[pyo3(signature = (order, threads, memo_bytes=1073741824, memo=None))]
    fn settle_order(
        &mut self,
        py: Python<'_>,
        order: &str,
        threads: usize,
        memo_bytes: usize,
        memo: Option<bool>,
    ) -> PyResult<&'static str> {
        let mode = order_mode(order)?;
        slices::usable(self.poisoned)?;
        self.settle_threads();
        let memo = memo_options(memo, memo_bytes, 64);
        let solver = &mut self.solver;
        Ok(py.detach(|| solver.settle_order_for(mode, &memo, threads)))
    }

    /// The next solution found on `threads` threads (started at the first
    /// call, or where threads stopped), waiting about `seconds` if given:
    /// (True, option ids), (True, None) when there are no more, (False,
    /// None) when time ran out. The threads run until `stop_threads`, or
    /// until another call needs the search (they then park their work).
    #[pyo3(signature = (threads, seconds=None))]
    fn next_on_threads(
        &mut self,
        py: Python<'_>,
        threads: usize,
        seconds: Option<f64>,
    ) -> PyResult<(bool, Option<Vec<usize>>)> {
        slices::usable(self.poisoned)?;
        if self.threads.is_none() {
            let run = self
                .solver
                .start_threads(threads)
                .map_err(|e| to_py_err(py, &e))?;
            self.threads = Some(Mutex::new(run));
        }
        let run = self.threads.as_mut().expect("started above");
        let run = run.get_mut().unwrap_or_else(|e| e.into_inner());
        let ran = slices::run(
            py,
            &mut self.poisoned,
            "searching on threads",
            slices::deadline(seconds),
            None,
            |between| loop {
                match run.next_within(Some(slices::SLICE * 20)) {
                    Next::Waiting if between.check(None).is_continue() => {}
                    next => return next,
                }
            },
        )?;
        Ok(match ran.into_result()? {
            Next::Solution(solution) => (true, Some(solution)),
            Next::Exhausted => {
                self.settle_threads();
                (true, None)
            }
            Next::Waiting => (false, None),
        })
    }

    /// The figures of the threads of next_on_threads while they run (a dict
    /// as count's progress gets), else None.
    #[getter]
    fn threads_progress(&mut self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        let Some(run) = self.threads.as_mut() else {
            return Ok(None);
        };
        let progress = run.get_mut().unwrap_or_else(|e| e.into_inner()).progress();
        progress_figures(py, &progress).map(Some)
    }

    /// Stops the threads of next_on_threads, if any: they park their work,
    /// and the solutions they found and nobody took, for the next call.
    fn stop_threads(&mut self, py: Python<'_>) {
        py.detach(|| self.settle_threads());
    }

    /// The solutions found or counted so far, as an exact int.
    #[getter]
    fn solutions_counted<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        count_to_py(py, &self.solver.solutions_counted())
    }

    /// Figures of the memo of the exact count: a dict with keys active,
    /// lookups, hits, entries, bytes, peak_bytes, evictions, evicted.
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
        d.set_item("evicted", m.evicted)?;
        Ok(d)
    }

    /// The solution graph of all remaining solutions (only before the search
    /// starts), built in slices without the GIL; Ctrl-C raises
    /// KeyboardInterrupt; ExactCoverError (kind "memory_cap") if it needs
    /// more than max_bytes.
    fn solution_graph(&mut self, py: Python<'_>, max_bytes: usize) -> PyResult<PyGraph> {
        let (solver, mut budget) = (&self.solver, self.slices);
        let ran = slices::run(
            py,
            &mut self.poisoned,
            "building the graph",
            None,
            None,
            |between| {
                let mut builder = solver.graph_builder(max_bytes)?;
                loop {
                    let mut done = Ok(false);
                    budget.run(|nodes| {
                        done = builder.step(nodes);
                        match done {
                            Ok(false) => Step::Paused,
                            _ => Step::Exhausted,
                        }
                    });
                    match done {
                        Ok(false) if between.check(None).is_continue() => {}
                        // Complete, or stopped by a signal (raised below).
                        Ok(_) => return Ok(builder),
                        Err(e) => return Err(e),
                    }
                }
            },
        )?;
        let builder = ran.into_result()?.map_err(|e| to_py_err(py, &e))?;
        Ok(PyGraph::new(builder.finish()))
    }

    /// Knuth's estimate of the search tree from `samples` random probes, as a
    /// dict (samples, nodes, solutions, nodes_error, solutions_error, depth).
    /// Of a search that has started, of what it has still to explore; runs
    /// without the GIL, in slices, and raises KeyboardInterrupt on Ctrl-C.
    fn estimate<'py>(
        &mut self,
        py: Python<'py>,
        samples: u64,
        seed: u64,
    ) -> PyResult<Bound<'py, PyDict>> {
        let solver = &self.solver;
        let ran = slices::run(
            py,
            &mut self.poisoned,
            "estimating",
            None,
            None,
            |between| {
                let mut estimator = solver.estimator(seed)?;
                // One probe of a big problem can take minutes: the checks come
                // every few nodes of it (the clock is read every 16).
                let mut calls = 0u32;
                estimator.probe_while(samples, || {
                    calls = calls.wrapping_add(1);
                    calls % 16 != 0 || between.check(None).is_continue()
                });
                Ok(estimator.estimate())
            },
        )?;
        let e = ran.into_result()?.map_err(|e| to_py_err(py, &e))?;
        let dict = PyDict::new(py);
        dict.set_item("samples", e.samples)?;
        dict.set_item("nodes", e.nodes)?;
        dict.set_item("solutions", e.solutions)?;
        dict.set_item("nodes_error", e.nodes_error)?;
        dict.set_item("solutions_error", e.solutions_error)?;
        dict.set_item("depth", e.depth)?;
        Ok(dict)
    }

    /// Work done so far: a dict with keys nodes, updates, solutions (an
    /// exact int at any size), engine ("bitset" or "dlx"), order ("mrv",
    /// or "sweep" where a count swept: see `set_sweep_order`) and
    /// race_nodes, race_updates (the work of order="auto"'s race outside
    /// the tree that counted, not in nodes and updates).
    #[getter]
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let s = self.solver.stats();
        let d = figures_dict(py, s.nodes, s.updates, &self.solver.solutions_counted())?;
        d.set_item("engine", self.solver.engine_name())?;
        d.set_item("order", self.solver.order_name())?;
        let race = self.solver.race_stats();
        d.set_item("race_nodes", race.nodes)?;
        d.set_item("race_updates", race.updates)?;
        Ok(d)
    }

    /// Solutions counted by the last count before Ctrl-C stopped it
    /// (the solver itself is left where it was).
    #[getter]
    fn interrupted_count<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        count_to_py(py, &self.interrupted_count)
    }

    /// What the search has still to explore, as subtrees (forced ids,
    /// excluded ids) of the whole problem whose solutions are exactly those
    /// not yet taken or counted (none once the search is over; the root's
    /// subtree before it starts): see `exactcover::Solver::remainder`. None
    /// while the threads of `next_on_threads` hold the search.
    fn remainder(&self) -> Option<Vec<PlainSubtree>> {
        if self.threads.is_some() {
            return None;
        }
        let parts = self.solver.remainder(usize::MAX)?;
        Some(parts.into_iter().map(|s| (s.forced, s.excluded)).collect())
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
pub(crate) struct PyLentMemo {
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
