//! Costs from Python (integers or floats) and the cheapest solutions by
//! branch and bound, run in slices without the GIL.

use exactcover::{BranchAndBound, Cost, Step, Subtree};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::errors::to_py_err;
use crate::slices;
use crate::solver::problem_from_spec;

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
) -> PyResult<(Bound<'py, PyList>, u64)> {
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
    Ok((best_to_py(py, bb.best())?, bb.nodes()))
}

/// The `k` cheapest solutions of a problem without multiplicities (items
/// as `(primary, lo, hi)`, options as lists of item ids, colors as
/// `(option, position, color)` triples) containing the `forced` options
/// and none of the `excluded` ones, by branch and bound: `(cost, option
/// ids)` pairs, cheapest first, and the search-tree nodes visited. Ctrl-C
/// raises KeyboardInterrupt.
#[pyfunction]
#[pyo3(signature = (items, options, forced, costs, k, colors=None, excluded=Vec::new()))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn cheapest<'py>(
    py: Python<'py>,
    items: Vec<(bool, u32, u32)>,
    options: Vec<Vec<usize>>,
    forced: Vec<usize>,
    costs: Costs,
    k: usize,
    colors: Option<Vec<(usize, usize, u32)>>,
    excluded: Vec<usize>,
) -> PyResult<(Bound<'py, PyList>, u64)> {
    let problem = problem_from_spec(py, items, options, colors)?;
    let subtree = Subtree { forced, excluded };
    let short = |n: usize| {
        (n < problem.num_options())
            .then(|| pyo3::exceptions::PyValueError::new_err("fewer costs than options"))
    };
    match costs {
        Costs::Ints(costs) => {
            if let Some(e) = short(costs.len()) {
                return Err(e);
            }
            let bb = BranchAndBound::within(&problem, &costs, &subtree, k)
                .map_err(|e| to_py_err(py, &e))?;
            run_bb(py, bb)
        }
        Costs::Floats(costs) => {
            if let Some(e) = short(costs.len()) {
                return Err(e);
            }
            let bb = BranchAndBound::within(&problem, &costs, &subtree, k)
                .map_err(|e| to_py_err(py, &e))?;
            run_bb(py, bb)
        }
    }
}
