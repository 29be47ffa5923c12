//! `SolutionGraph` and its iterator `GraphSolutions`: the core's solution
//! graph over option ids.

use std::sync::Arc;

use exactcover::{GraphCursor, SolutionGraph};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::costs::{best_to_py, Costs};
use crate::solver::count_to_py;

/// All the solutions of a problem as a DAG over option ids (see
/// `exactcover.SolutionGraph`).
#[pyclass(name = "SolutionGraph", module = "exactcover._native", frozen)]
pub(crate) struct PyGraph {
    graph: Arc<SolutionGraph>,
}

impl PyGraph {
    pub(crate) fn new(graph: SolutionGraph) -> Self {
        PyGraph {
            graph: Arc::new(graph),
        }
    }
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

    /// Are these option ids, in any order, one of the solutions?
    fn contains(&self, py: Python<'_>, options: Vec<usize>) -> bool {
        let graph = &self.graph;
        py.detach(|| graph.contains(&options))
    }

    /// The `k` cheapest solutions: `(cost, option ids)` pairs, cheapest
    /// first (costs: one per option, all ints or all floats).
    fn cheapest<'py>(
        &self,
        py: Python<'py>,
        costs: Costs,
        k: usize,
    ) -> PyResult<Bound<'py, PyList>> {
        let graph = &self.graph;
        match costs {
            Costs::Ints(c) => {
                check_len(c.len(), graph.option_bound())?;
                best_to_py(py, py.detach(|| graph.cheapest(&c, k)))
            }
            Costs::Floats(c) => {
                check_len(c.len(), graph.option_bound())?;
                best_to_py(py, py.detach(|| graph.cheapest(&c, k)))
            }
        }
    }

    /// `(cost, count)` pairs by increasing total cost.
    fn counts_by_cost<'py>(
        &self,
        py: Python<'py>,
        costs: Vec<u64>,
    ) -> PyResult<Vec<(u64, Bound<'py, PyAny>)>> {
        check_len(costs.len(), self.graph.option_bound())?;
        let graph = &self.graph;
        let census = py.detach(|| graph.counts_by_cost(&costs));
        census
            .into_iter()
            .map(|(c, n)| Ok((c, count_to_py(py, &n)?)))
            .collect()
    }

    /// The number of solutions of each size (entry s: of s options).
    fn counts_by_size<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let graph = &self.graph;
        let census = py.detach(|| graph.counts_by_size());
        census.iter().map(|n| count_to_py(py, n)).collect()
    }

    /// `k` random solutions drawn with probability proportional to the
    /// product of their options' weights; None if all weigh 0.
    fn sample_weighted(
        &self,
        py: Python<'_>,
        weights: Vec<f64>,
        k: usize,
        seed: u64,
    ) -> PyResult<Option<Vec<Vec<usize>>>> {
        check_len(weights.len(), self.graph.option_bound())?;
        let graph = &self.graph;
        Ok(py.detach(|| graph.sample_weighted(&weights, k, seed)))
    }

    /// The graph in the text format of Knuth's ZDD tools.
    fn zdd_text(&self, py: Python<'_>) -> String {
        let graph = &self.graph;
        py.detach(|| graph.to_zdd_text())
    }

    /// An iterator over the solutions (lists of option ids).
    fn solutions(&self) -> PyGraphSolutions {
        PyGraphSolutions {
            graph: Arc::clone(&self.graph),
            cursor: GraphCursor::default(),
        }
    }
}

/// Refuses a list of costs or weights shorter than the options.
fn check_len(given: usize, options: usize) -> PyResult<()> {
    if given < options {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "{given} costs or weights for {options} options"
        )));
    }
    Ok(())
}

/// An iterator over the solutions of a SolutionGraph, as lists of option ids.
#[pyclass(name = "GraphSolutions", module = "exactcover._native")]
pub(crate) struct PyGraphSolutions {
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
