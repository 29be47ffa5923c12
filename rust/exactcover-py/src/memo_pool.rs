//! `MemoPool`: the core's [`MemoPool`], one memo for the subtree counts of
//! one problem in one process (the tasks of a distributed count).

use exactcover::{MemoMode, MemoOptions, MemoPool};
use pyo3::prelude::*;

use crate::solver::PySolver;

/// The memos of the subtree counts of one problem in this process, kept
/// between them (the core's MemoPool). Thread-safe.
#[pyclass(name = "MemoPool", module = "exactcover._native", frozen)]
pub(crate) struct PyMemoPool {
    pub(crate) pool: MemoPool,
}

#[pymethods]
impl PyMemoPool {
    #[new]
    fn new() -> Self {
        PyMemoPool {
            pool: MemoPool::new(),
        }
    }

    /// Lends `solver` (restricted, not started) a memo of the pool; returns
    /// the `memo` argument to count it with (None, True or False: the
    /// pool's verdict replaces None once a task reached one).
    #[pyo3(signature = (solver, memo=None))]
    fn lend(&self, mut solver: PyRefMut<'_, PySolver>, memo: Option<bool>) -> Option<bool> {
        let options = MemoOptions {
            mode: match memo {
                None => MemoMode::Auto,
                Some(true) => MemoMode::Always,
                Some(false) => MemoMode::Never,
            },
            ..MemoOptions::default()
        };
        match self.pool.lend(&mut solver.solver, &options).mode {
            MemoMode::Auto => None,
            MemoMode::Always => Some(true),
            MemoMode::Never => Some(false),
        }
    }

    /// Takes back the memo of `solver`'s count (finished or stopped) and its
    /// verdict.
    fn take_back(&self, mut solver: PyRefMut<'_, PySolver>) {
        self.pool.take_back(&mut solver.solver);
    }

    /// True or False once a task found whether the memo pays, else None.
    #[getter]
    fn verdict(&self) -> Option<bool> {
        self.pool.verdict()
    }

    /// Sub-problems stored in the memos not lent now.
    #[getter]
    fn entries(&self) -> u64 {
        self.pool.stats().entries
    }

    /// Bytes those memos take.
    #[getter]
    fn bytes(&self) -> u64 {
        self.pool.stats().bytes
    }

    /// Drops the memos and the verdict.
    fn clear(&self) {
        self.pool.clear();
    }
}
