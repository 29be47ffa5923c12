//! `SolutionGraph` and its iterator `GraphSolutions`: the core's solution
//! graph over option ids.

use std::sync::Arc;

use exactcover::{GraphCursor, SolutionGraph};
use pyo3::prelude::*;

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
