//! What every search engine shares with the [`crate::Solver`] above it: why
//! a slice of search returned ([`Step`]), the work done ([`Stats`]) and a
//! subtree of the search tree as plain data ([`Subtree`]). These sit below
//! both the engine ([`crate::dancing_links`]) and the solver, so that neither
//! borrows from the other.

#[cfg(doc)]
use crate::Solver;

/// Why [`Solver::step`] or [`Solver::count_step`] returned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Step {
    /// A solution was found ([`Solver::step`]), or `limit` solutions were
    /// counted ([`Solver::count_step`]). The search can be resumed.
    Solution,
    /// The search is over: there are no more solutions.
    Exhausted,
    /// The node budget ran out; call again to continue where it stopped.
    Paused,
}

/// Counters of the work done so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Stats {
    /// Nodes of the search tree visited (each solution counts as a node, as in
    /// Knuth's programs).
    pub nodes: u64,
    /// Link updates: nodes removed from an item list, plus one per cover
    /// (Knuth's measure). Divide by time for "updates per second".
    pub updates: u64,
    /// Solutions found so far.
    pub solutions: u64,
}

/// A subtree of the search tree as plain data: the solutions of the problem
/// that contain every option of `forced` and none of `excluded`.
///
/// [`Solver::split`] cuts the search tree into such subtrees; their solution
/// sets are disjoint and together they hold every solution, so they can be
/// counted independently: on several threads ([`Solver::count_parallel`]) or,
/// since they are just lists of option indices, on other machines with
/// [`Solver::restrict`].
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Subtree {
    /// Options every solution of the subtree contains.
    pub forced: Vec<usize>,
    /// Options no solution of the subtree contains.
    pub excluded: Vec<usize>,
}
