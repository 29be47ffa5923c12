//! Building the [`SolutionGraph`] of a search in slices ([`GraphBuilder`]):
//! the search of the engine with the memo in graph mode.

use super::Solver;
use crate::engine::{Engine, Stats, Step};
use crate::memo::{Memo, MemoStats, SolutionGraph};
use crate::Error;

/// Builds a [`SolutionGraph`] in slices; made by [`Solver::graph_builder`].
#[derive(Debug, Clone)]
pub struct GraphBuilder {
    /// A copy of the solver's engine at its root.
    pub(super) engine: Box<dyn Engine>,
    /// The options forced at the root, part of every solution.
    pub(super) forced: Vec<usize>,
    pub(super) memo: Memo,
    pub(super) max_bytes: usize,
}

impl GraphBuilder {
    /// Searches for at most `budget` more nodes; `Ok(true)` once the graph is
    /// complete. Fails with [`Error::MemoryCap`] when the graph outgrows its
    /// cap.
    pub fn step(&mut self, budget: u64) -> Result<bool, Error> {
        let (_, step) = self.engine.search(budget, u64::MAX, Some(&mut self.memo));
        if self.memo.overflowed() {
            return Err(Error::MemoryCap {
                max_bytes: self.max_bytes,
            });
        }
        Ok(step == Step::Exhausted)
    }

    /// Work done so far (search nodes, and the memo's figures).
    pub fn stats(&self) -> (Stats, MemoStats) {
        (self.engine.stats(), self.memo.stats())
    }

    /// The graph, once [`GraphBuilder::step`] returned `Ok(true)`.
    ///
    /// # Panics
    ///
    /// If the graph is not complete.
    pub fn finish(self) -> SolutionGraph {
        assert!(
            self.engine.is_exhausted(),
            "the solution graph is not complete"
        );
        self.memo.into_graph(self.forced)
    }
}

impl Solver {
    /// The [`SolutionGraph`] of all remaining solutions: the memo of an exact
    /// count kept whole. Fails with [`Error::MemoryCap`] if building it would
    /// take more than `max_bytes` (its nodes and edges, the memo table and
    /// the keys on the search's stack together), or once the search has
    /// started.
    pub fn solution_graph(&self, max_bytes: usize) -> Result<SolutionGraph, Error> {
        let mut builder = self.graph_builder(max_bytes)?;
        while !builder.step(u64::MAX)? {}
        Ok(builder.finish())
    }

    /// A [`GraphBuilder`], to build the solution graph in slices (say, to poll
    /// for cancellation between them). Fails once the search has started.
    pub fn graph_builder(&self, max_bytes: usize) -> Result<GraphBuilder, Error> {
        self.at_root()?;
        let mut engine = self.engine.clone();
        let memo = Memo::graph(&mut *engine, max_bytes);
        Ok(GraphBuilder {
            engine,
            forced: self.root.forced.clone(),
            memo,
            max_bytes,
        })
    }
}
