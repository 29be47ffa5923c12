//! Costs from Python (integers or floats) and the cheapest solutions by
//! branch and bound, run in slices without the GIL.

use exactcover::{BranchAndBound, Cost, Item, Problem, Step};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::errors::to_py_err;
use crate::slices;

/// Option costs as Python gives them: all integers (exact), or floats.
#[derive(FromPyObject)]
pub(crate) enum Costs {
    Ints(Vec<u64>),
    Floats(Vec<f64>),
}

/// `(cost, option ids)` pairs as a Python list of tuples.
pub(crate) fn best_to_py<'py, C: Cost + IntoPyObject<'py>>(
    py: Python<'py>,
    best: Vec<(C, Vec<usize>)>,
) -> PyResult<Bound<'py, PyList>> {
    let items: Vec<(C, Vec<usize>)> = best;
    PyList::new(py, items)
}

fn run_bb<'py, C: Cost + IntoPyObject<'py>>(
    py: Python<'py>,
    mut bb: BranchAndBound<C>,
) -> PyResult<Bound<'py, PyList>> {
    let mut poisoned = false;
    let mut budget = slices::slice_budget();
    let ran = slices::run(
        py,
        &mut poisoned,
        "searching the cheapest solutions",
        None,
        None,
        |between| loop {
            let mut done = false;
            budget.run(|nodes| {
                done = bb.step(nodes);
                if done {
                    Step::Exhausted
                } else {
                    Step::Paused
                }
            });
            if done || between.check(None).is_break() {
                return bb;
            }
        },
    )?;
    let bb = ran.into_result()?;
    best_to_py(py, bb.best())
}

/// The `k` cheapest solutions of a problem without colors (items as
/// `(primary, lo, hi)`, options as lists of item ids) containing the
/// `forced` options, by branch and bound: `(cost, option ids)` pairs,
/// cheapest first. Ctrl-C raises KeyboardInterrupt.
#[pyfunction]
pub(crate) fn cheapest<'py>(
    py: Python<'py>,
    items: Vec<(bool, u32, u32)>,
    options: Vec<Vec<usize>>,
    forced: Vec<usize>,
    costs: Costs,
    k: usize,
) -> PyResult<Bound<'py, PyList>> {
    let mut problem = Problem::new();
    for (primary, lo, hi) in items {
        problem
            .add_item(Item { primary, lo, hi })
            .map_err(|e| to_py_err(py, &e))?;
    }
    for option in options {
        problem.add_option(option).map_err(|e| to_py_err(py, &e))?;
    }
    let short = |n: usize| {
        (n < problem.num_options())
            .then(|| pyo3::exceptions::PyValueError::new_err("fewer costs than options"))
    };
    match costs {
        Costs::Ints(costs) => {
            if let Some(e) = short(costs.len()) {
                return Err(e);
            }
            let bb =
                BranchAndBound::new(&problem, &costs, &forced, k).map_err(|e| to_py_err(py, &e))?;
            run_bb(py, bb)
        }
        Costs::Floats(costs) => {
            if let Some(e) = short(costs.len()) {
                return Err(e);
            }
            let bb =
                BranchAndBound::new(&problem, &costs, &forced, k).map_err(|e| to_py_err(py, &e))?;
            run_bb(py, bb)
        }
    }
}
