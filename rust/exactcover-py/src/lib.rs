//! The thin PyO3 binding of the `exactcover` crate, one file per class:
//! `Solver` over dense integer ids ([`solver`]), the memo its tasks share
//! ([`memo_pool`]), `DlxProblem` (Knuth's text format, [`dlx`]), the solution graph ([`graph`]), and the exceptions with
//! the one function mapping core errors to them ([`errors`]). The Python
//! façade (`python/exactcover`) maps the user's hashable objects to ids and
//! back, checks arguments and documents the API.
//!
//! The binding holds no algorithm. Its one job beyond conversion is the loop
//! of [`slices`]: every long call runs in bounded slices with the GIL
//! released, and checks for signals between them so that Ctrl-C interrupts
//! a long search.

use pyo3::prelude::*;

mod costs;
mod dlx;
mod errors;
mod graph;
mod memo_pool;
mod slices;
mod solver;

/// The threads a count runs on at most in this process: the CPUs it may run
/// on and its cgroup's CPU quota (a container's CPU limit), as the core caps
/// `count(threads=...)` ([`exactcover::max_threads`]).
#[pyfunction]
fn max_threads() -> usize {
    exactcover::max_threads()
}

/// The native core of exactcover (see the `exactcover` package for the API).
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<solver::PySolver>()?;
    m.add_class::<graph::PyGraph>()?;
    m.add_class::<solver::PyLentMemo>()?;
    m.add_class::<memo_pool::PyMemoPool>()?;
    m.add_class::<graph::PyGraphSolutions>()?;
    m.add_class::<dlx::PyDlxProblem>()?;
    m.add_function(wrap_pyfunction!(dlx::parse_dlx, m)?)?;
    m.add_function(wrap_pyfunction!(costs::cheapest, m)?)?;
    m.add_function(wrap_pyfunction!(max_threads, m)?)?;
    errors::register(m)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
