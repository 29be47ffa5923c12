//! The seam between the [`crate::Solver`] and the search engines under it.
//!
//! An engine is one representation of a problem with its resumable search
//! ([`Engine`]); dancing links ([`crate::dancing_links`], Knuth's Algorithms
//! X, M and C) is the one there is. A second representation (dancing cells,
//! bitsets) would be a file of its own implementing [`Engine`], and a layer
//! that watches the search (the memo of [`crate::memo`]) implements
//! [`Hooks`]; the bookkeeping above them (the root's restrictions, slices,
//! parallel counts, splitting, estimates) is written once, in the solver.
//!
//! Here too is what engines and solver both speak of: why a slice of search
//! returned ([`Step`]), the work done ([`Stats`]) and a subtree of the search
//! tree as plain data ([`Subtree`]). They sit below both, so that neither
//! borrows from the other.

use crate::problem::Problem;
use crate::rng::SplitMix64;
#[cfg(doc)]
use crate::Solver;

/// A resumable search of one problem, as the [`Solver`] drives it.
///
/// Options and items are the problem's own numbers. The engine's *root* is
/// the problem with the options forced and excluded so far
/// ([`Engine::force`], [`Engine::exclude`]); paths and subtrees it reports
/// are below that root, and the solver, which remembers the restrictions,
/// makes them whole. The search runs in slices of at most a given number of
/// search-tree nodes ([`Engine::count_step`]).
pub(crate) trait Engine: Clone + std::fmt::Debug + Send + Sync + Sized {
    /// Prepares a search of `problem`, branching in the problem's own order,
    /// or with every list and the item order shuffled from `seed`.
    fn new(problem: &Problem, seed: Option<u64>) -> Self;
    /// Number of options of the problem.
    fn num_options(&self) -> usize;

    /// Before the search: may `option` still be part of a solution, as far
    /// as the items it contains tell (not saturated, not purified with
    /// another color)? The solver remembers which options it forced or
    /// excluded.
    fn is_available(&self, option: usize) -> bool;
    /// Before the search: makes the available `option` part of every
    /// solution below the root.
    fn force(&mut self, option: usize);
    /// Before the search: makes the available `option` part of no solution
    /// below the root.
    fn exclude(&mut self, option: usize);

    /// Counts solutions until `limit` more are found ([`Step::Solution`]),
    /// the search is over ([`Step::Exhausted`]) or `budget` nodes have been
    /// visited ([`Step::Paused`]); returns the solutions found by this call.
    fn count_step(&mut self, budget: u64, limit: u64) -> (u64, Step);
    /// Like [`Engine::count_step`], telling `hooks` what the search does.
    fn count_step_with<H: Hooks<Self>>(
        &mut self,
        budget: u64,
        limit: u64,
        hooks: &mut H,
    ) -> (u64, Step);
    /// Appends to `out` the options chosen along the current path (at a
    /// solution: its options below the root), shallowest first.
    fn choices_into(&self, out: &mut Vec<usize>);

    /// Work done so far.
    fn stats(&self) -> Stats;
    /// Adds work done elsewhere (by the threads of a parallel count).
    fn add_work(&mut self, work: Stats);
    /// Has the search visited a node?
    fn started(&self) -> bool;
    /// Is the search over (or the root contradictory)?
    fn is_exhausted(&self) -> bool;
    /// Ends the search: its solutions were counted elsewhere, or the root is
    /// contradictory.
    fn end(&mut self);
    /// Depth of the search stack.
    fn depth(&self) -> usize;

    /// The path from the root to the current node.
    fn current_path(&self) -> Subtree;
    /// Does the deepest level have branches still to come?
    fn top_has_siblings(&self) -> bool;
    /// The unexplored part of a paused search as disjoint subtrees below the
    /// root, in tree order; `None` if that takes more than `max_entries`
    /// options in all or the search is not paused between nodes.
    fn remainder(&self, max_entries: usize) -> Option<Vec<Subtree>>;
    /// Work donation: gives away the branches still to come at the
    /// shallowest level that has any, and makes the levels down to it part
    /// of the root. Returns the subtree given away and the path the root is
    /// now confined to, both below the root as it was.
    fn donate(&mut self) -> Option<(Subtree, Subtree)>;
    /// See [`Solver::choice_positions`].
    fn choice_positions(&self, max_levels: usize) -> Vec<(u32, u32)>;
    /// One of Knuth's random probes from the root: `(nodes, solutions,
    /// depth)` estimates, or `None` once `keep_going` said stop.
    fn probe(
        &mut self,
        rng: &mut SplitMix64,
        keep_going: &mut dyn FnMut() -> bool,
    ) -> Option<(f64, f64, usize)>;
    /// Checks the engine's invariants; for tests.
    fn check_invariants(&self) -> Result<(), String>;
}

/// What a layer above an engine `E` sees of its search: memoized counting
/// and the solution graph ([`crate::memo`]) are such layers. The search loop
/// calls these at its steps; with [`NoHooks`] (`ACTIVE == false`) the calls
/// compile away, so plain search pays nothing for the seam.
///
/// The calls nest like the search tree: every node is either found
/// [`Hooks::solved`], or a [`Hooks::dead_end`], or [`Hooks::enter`]ed; an
/// entered node is skipped (`enter` returned true) or it [`Hooks::branch`]es:
/// it becomes the top level,
/// its children are entered one after the other, and [`Hooks::leave`] is called
/// once the level has tried all its branches and been popped. During a call,
/// the top level (if any) is the parent of the node concerned (dancing links
/// tell which branch of it led here:
/// [`DancingLinks::current_branch`](crate::dancing_links::DancingLinks::current_branch)).
pub(crate) trait Hooks<E: ?Sized> {
    /// False for [`NoHooks`]: the search loop skips every call.
    const ACTIVE: bool;
    /// A node that branches is entered, after its item is chosen but before
    /// it is covered (solutions and dead ends are not entered). Returning
    /// true skips the node's subtree (the hooks accounted for its solutions).
    fn enter(&mut self, engine: &E) -> bool;
    /// The node just entered is a solution (no primary item is left).
    fn solved(&mut self, engine: &E);
    /// The node just entered is a dead end (an item cannot be covered).
    fn dead_end(&mut self, engine: &E);
    /// The node just entered branches: it is now the top level.
    fn branch(&mut self, engine: &E);
    /// The top level tried all its branches and was popped.
    fn leave(&mut self, engine: &E);
}

/// The hooks of the plain search: none.
pub(crate) struct NoHooks;

impl<E: ?Sized> Hooks<E> for NoHooks {
    const ACTIVE: bool = false;
    #[inline(always)]
    fn enter(&mut self, _: &E) -> bool {
        false
    }
    #[inline(always)]
    fn solved(&mut self, _: &E) {}
    #[inline(always)]
    fn dead_end(&mut self, _: &E) {}
    #[inline(always)]
    fn branch(&mut self, _: &E) {}
    #[inline(always)]
    fn leave(&mut self, _: &E) {}
}

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
