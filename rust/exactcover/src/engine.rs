//! The seam between the [`crate::Solver`] and the search engines under it.
//!
//! An engine is one representation of a problem with its resumable search
//! ([`Engine`]); dancing links ([`crate::dancing_links`], Knuth's Algorithms
//! X, M and C) is the one there is. A second representation (dancing cells,
//! bitsets) is a module of its own implementing [`Engine`], constructed where
//! the solver chooses its engine; the layer that watches the search (the
//! memo of [`crate::memo`]) implements [`Hooks`] for every engine; the
//! bookkeeping above them (the root's restrictions, slices, parallel counts,
//! splitting, estimates, the solution graph) is written once, in the solver,
//! against this trait alone.
//!
//! Here too is what engines and solver both speak of: why a slice of search
//! returned ([`Step`]), the work done ([`Stats`]) and a subtree of the search
//! tree as plain data ([`Subtree`]). They sit below both, so that neither
//! borrows from the other.
//!
//! # Adding an engine
//!
//! 1. A module of its own (`src/<engine>/mod.rs`, helpers beside it) with a
//!    constructor from a [`Problem`](crate::Problem) and a seed.
//! 2. `impl Engine for` it, keeping the contract written on [`Engine`]. Its
//!    search loop is generic over `H: Hooks<Self>` and makes the calls of
//!    [`Hooks`] at its steps; [`Engine::search`] instantiates it with
//!    [`NoHooks`] (`memo == None`) or with the [`Memo`] it is given.
//! 3. Construct it in `solver::new_engine`, the one place where the engine
//!    is chosen (by the problem's size and kind, or by the caller's choice).
//!
//! Nothing else changes: the memo, counts on threads, splitting, estimates
//! and the solution graph talk to the engine through this trait alone, and
//! the oracle tests (`tests/oracle.rs`) run every path through the solver.

use crate::memo::Memo;
use crate::rng::SplitMix64;
#[cfg(doc)]
use crate::Solver;

/// A resumable search of one problem, as the [`Solver`] drives it: the seam
/// between the algorithm and everything written once above it (the root's
/// restrictions, slices, the memo, parallel counts, splitting, estimates,
/// the solution graph).
///
/// The solver holds its engine as a `Box<dyn Engine>` and calls it once per
/// slice of search, so a second engine costs the hot loop nothing: the loop
/// is the engine's own, monomorphic code. An engine is added by implementing
/// this trait in a module of its own and constructing it in
/// [`Solver`]'s one place where the engine is chosen (`solver::new_engine`).
/// The trait is crate-private, hence sealed: its contract can grow with the
/// engines without breaking users.
///
/// # The contract
///
/// * Options and items are the problem's own numbers (`0..num_options`).
/// * The engine's *root* is the problem with the options forced and excluded
///   so far ([`Engine::force`], [`Engine::exclude`], only before the first
///   node). Paths and subtrees it reports ([`Engine::current_path`],
///   [`Engine::remainder`], [`Engine::donate`]) are *below* that root: the
///   solver, which remembers the restrictions, makes them whole. A subtree
///   given back as `forced`/`excluded` options must, restricted on a fresh
///   engine of the same problem, hold exactly the solutions it stands for.
/// * Nodes are counted as Knuth's programs count them: every node entered,
///   solutions included; `budget` is in those nodes. A node that is a dead
///   end may be told from its parent without being entered, as long as the
///   node counts stay those of a search with the same branching.
/// * Between two calls of [`Engine::search`] the engine is *between nodes*:
///   a paused search resumes exactly where it stopped, and donating or
///   taking a remainder never changes which solutions are still to come.
pub(crate) trait Engine: std::fmt::Debug + Send + Sync {
    /// A copy of this search, at the same point (what the threads of a
    /// parallel count and the walks of a split start from).
    fn clone_box(&self) -> Box<dyn Engine>;
    /// The engine's name, as `stats` shows it (`"dlx"`, `"bitset"`).
    fn name(&self) -> &'static str;
    /// Number of options of the problem.
    fn num_options(&self) -> usize;
    /// How the search chooses the item to branch on, as `stats` shows it:
    /// `"mrv"` (the fewest options) or `"sweep"` (a static order).
    fn order_name(&self) -> &'static str {
        "mrv"
    }
    /// A new search of the same problem at its root, without this one's
    /// restrictions, branching by a static sweep in `order` (the problem's
    /// item numbers, each in range), or by MRV with `None`; `None` if this
    /// engine cannot (dancing links branches by MRV alone: it has no
    /// sweep).
    fn reordered(&self, _order: Option<&[usize]>) -> Option<Box<dyn Engine>> {
        None
    }
    /// Can this engine branch by a static sweep ([`Engine::reordered`]
    /// with an order, [`Engine::sweep_count`])?
    fn can_sweep(&self) -> bool {
        false
    }
    /// The fast memoized count of a sweep from its root, with a memo of
    /// about `max_bytes`; `None` if the engine does not sweep or its search
    /// has started.
    fn sweep_count(&self, _max_bytes: usize) -> Option<crate::bitset::SweepCount> {
        None
    }
    /// Makes `sweep` (a fast count of a sweep of this problem, in this
    /// engine's order) start again at this engine's root, a subtree of its
    /// own, keeping its memo; false if it cannot.
    fn sweep_restart(&self, _sweep: &mut crate::bitset::SweepCount) -> bool {
        false
    }

    /// Before the search: may `option` still be part of a solution, as far
    /// as the items it contains tell (not saturated, not purified with
    /// another color)? The solver remembers which options it forced or
    /// excluded, so an option restricted already may answer either way.
    fn is_available(&self, option: usize) -> bool;
    /// Before the search: makes the available `option` part of every
    /// solution below the root.
    fn force(&mut self, option: usize);
    /// Before the search: makes the available `option` part of no solution
    /// below the root.
    fn exclude(&mut self, option: usize);

    /// Searches until `limit` more solutions are found ([`Step::Solution`]),
    /// the search is over ([`Step::Exhausted`]) or `budget` nodes have been
    /// visited ([`Step::Paused`]); returns the solutions found by this call.
    /// With `memo`, the search tells it what it does through [`Hooks`]
    /// (monomorphized: the plain search pays nothing for it), and skips the
    /// subtrees the memo knows.
    fn search(&mut self, budget: u64, limit: u64, memo: Option<&mut Memo>) -> (u64, Step);
    /// Appends to `out` the options chosen along the current path (at a
    /// solution: its options below the root), shallowest first.
    fn choices_into(&self, out: &mut Vec<usize>);

    /// Work done so far: nodes, updates (the engine's own measure of work),
    /// solutions visited.
    fn stats(&self) -> Stats;
    /// Is the search over (or the root contradictory)?
    fn is_exhausted(&self) -> bool;
    /// Ends the search: its solutions were counted elsewhere, or the root is
    /// contradictory.
    fn end(&mut self);
    /// Depth of the search stack: the levels below the root on the current
    /// path.
    fn depth(&self) -> usize;

    /// The path from the root to the current node (at a solution: the path
    /// to it alone).
    fn current_path(&self) -> Subtree;
    /// The unexplored part of a paused search as disjoint subtrees below the
    /// root, in tree order; `None` if that takes more than `max_entries`
    /// options in all or the search is not paused between nodes. An
    /// exhausted search has none (`Some(vec![])`).
    fn remainder(&self, max_entries: usize) -> Option<Vec<Subtree>>;
    /// Work donation: gives away the branches still to come at the
    /// shallowest level that has any, and makes the levels down to it part
    /// of the root (the search ends when it backtracks to them). Returns the
    /// subtree given away and the path the root is now confined to, both
    /// below the root as it was; `None` if no level has branches to come or
    /// the search is not paused at a node. The memo's frames of the levels
    /// given up are let go by the solver ([`Memo::rebase`]), so the levels
    /// dropped must be the shallowest ones.
    fn donate(&mut self) -> Option<(Subtree, Subtree)>;
    /// See [`Solver::choice_positions`].
    fn choice_positions(&self, max_levels: usize) -> Vec<(u32, u32)>;
    /// One of Knuth's random probes from the root (before the search):
    /// `(nodes, solutions, depth)` estimates, unbiased for the tree that
    /// [`Engine::search`] walks, or `None` once `keep_going` (called at every
    /// node) said stop. The engine is left as it was.
    fn probe(
        &mut self,
        rng: &mut SplitMix64,
        keep_going: &mut dyn FnMut() -> bool,
    ) -> Option<(f64, f64, usize)>;

    /// Prepares [`Engine::state_key`] for this root (after the restrictions,
    /// before the memo's first lookup) and returns the key *format*: words
    /// that two searches of the same problem under different roots share
    /// exactly when their keys mean the same, so that a memo can be carried
    /// from one to the other ([`Solver::lend_memo`]). Its first word names
    /// the engine (keys of different engines never mean the same), and the
    /// problem's size belongs in it.
    fn prepare_keys(&mut self) -> Vec<u64>;
    /// Writes into `out` words that determine the sub-problem left at the
    /// current node, under any root with the same key format: two nodes
    /// with equal keys must have the same solutions below them (as sets of
    /// options). The memo compares keys whole, never by hash alone.
    fn state_key(&self, out: &mut Vec<u64>);
    /// The work done so far in the unit [`MemoMode::Auto`] weighs the memo
    /// in: about one dancing-links update (a few nanoseconds), nodes
    /// included.
    ///
    /// [`MemoMode::Auto`]: crate::MemoMode::Auto
    fn work(&self) -> u64;
    /// About the work of a copy of this search ([`Engine::clone_box`]),
    /// in the unit of [`Engine::work`]: what each subtree handed to a
    /// fresh search costs before its first node.
    fn copy_work(&self) -> u64;
    /// The branch of the top level being explored: its option, or `None`
    /// for a branch that takes no option (Algorithm M's null branch) or at
    /// the root. Labels the solution graph's edges.
    fn current_branch(&self) -> Option<usize>;

    /// Checks the engine's invariants; for tests and debug builds.
    fn check_invariants(&self) -> Result<(), String>;
}

impl Clone for Box<dyn Engine> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
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
/// the top level (if any) is the parent of the node concerned, and
/// [`Engine::current_branch`] tells which branch of it led here.
///
/// An engine's loop makes these calls at its own steps; what it must keep is
/// the nesting, that `enter` comes before anything else at a node that
/// branches (so that a skipped subtree costs nothing), and that
/// [`Engine::state_key`] and [`Engine::work`] can be read during every call.
pub(crate) trait Hooks<E: ?Sized> {
    /// False for [`NoHooks`]: the search loop skips every call.
    const ACTIVE: bool;
    /// The search is at a new node, before it chooses its item: the hooks
    /// may read the node's key and start loading what [`Hooks::enter`] will
    /// look at, so that the memory access overlaps the choice. Optional: an
    /// engine may skip it, and a node that turns out not to branch is never
    /// entered.
    #[inline(always)]
    fn prefetch(&mut self, _: &E) {}
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
/// counted independently: on several threads ([`Solver::count_with`]) or,
/// since they are just lists of option indices, on other machines with
/// [`Solver::restrict`].
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Subtree {
    /// Options every solution of the subtree contains.
    pub forced: Vec<usize>,
    /// Options no solution of the subtree contains.
    pub excluded: Vec<usize>,
}
