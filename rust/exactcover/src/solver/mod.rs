//! The public solver API, written once above the search engines
//! ([`Engine`]): the root's restrictions (forced and excluded options), the
//! resumable steps, the memoized count and the memo's loan from one search
//! to the next. Beside it, each in a file of its own and each written
//! against the [`Engine`] trait alone: the one counting entry with options
//! ([`count`]), counts on threads ([`parallel`]), cutting the tree into
//! subtrees ([`split`]), Knuth's estimate ([`estimate`]) and the solution
//! graph ([`graph`]).
//!
//! The engine is chosen in one place, [`new_engine`]; the solver holds it
//! as a `Box<dyn Engine>` and calls it once per slice of search, so the
//! search loop itself is the engine's own monomorphic code.

use crate::bitset::{self, BitsetEngine};
use crate::count::Count;
use crate::dancing_links::DancingLinks;
use crate::engine::{Engine, Stats, Step, Subtree};
use crate::memo::{Memo, MemoMode, MemoOptions, MemoStats, AUTO_FIRST_CHECK, AUTO_TRIAL};
use crate::{Error, Problem};

mod count;
mod estimate;
mod graph;
mod memo_pool;
mod order;
mod parallel;
mod split;
mod swept;

pub use count::{CountOptions, Counted, Outcome, Progress, SliceBudget, FRACTION_EVERY};
pub use estimate::{Estimate, Estimator};
pub use graph::GraphBuilder;
pub use memo_pool::MemoPool;
pub use order::OrderMode;
pub use parallel::{max_threads, Next, SolutionThreads, ThreadedSolutions};
pub use split::Splitter;

/// Which engine searches a problem ([`Solver::with_engine`]).
///
/// * [`EngineChoice::DancingLinks`]: Knuth's dancing links (Algorithms X,
///   M and C). Takes every problem: multiplicities, colors, any size. Its
///   work per node is proportional to the options a choice removes, so it
///   is the one for sparse problems where a choice removes few options
///   (domino tilings, where an option conflicts with about 6 others), and
///   its memo keys make huge counts (10^23 domino tilings) possible.
/// * [`EngineChoice::Bitset`]: the bitset engine, for ordinary primary and
///   secondary items (no multiplicities, no colors) and at most a few
///   thousand options (see [`crate::bitset::fits`]). A node's state is a
///   few bit vectors copied on the way down, so nothing is undone; each
///   choice costs one AND per word of the option set. 1.5 to 3.4 times
///   faster than dancing links on packing problems (pentominoes), n-queens
///   and Langford pairs, where a choice removes dozens of options; slower
///   where it removes a handful (domino tilings: 0.5x on 8x8, 0.03x on
///   48x48). It searches the same tree in the same order (without a seed),
///   but does not count as nodes the children it finds dead while making
///   them, so [`Stats::nodes`] is lower, close to Knuth's `ssxcc`.
///   Forcing it on a problem that does not fit is
///   [`Error::EngineDoesNotFit`].
/// * [`EngineChoice::Auto`] (the default): the bitset engine when the
///   problem fits and a choice removes enough options to pay for the
///   copies (on average at least [`AUTO_MIN_CONFLICTS`] options per option
///   and at least one per word of the option set), else dancing links.
///   With a seed it takes dancing links, whose seeded orders of solutions
///   stay those of earlier releases (the bitset engine shuffles otherwise).
///
/// ```
/// use exactcover::{EngineChoice, Problem, Solver};
///
/// let mut p = Problem::with_items(3, 0);
/// for option in [&[0, 1][..], &[2], &[0], &[1, 2]] {
///     p.add_option(option.iter().copied()).unwrap();
/// }
/// for choice in [EngineChoice::Auto, EngineChoice::Bitset, EngineChoice::DancingLinks] {
///     let mut solver = Solver::with_engine(&p, choice, None).unwrap();
///     assert_eq!(solver.count(), 2);
/// }
/// let solver = Solver::with_engine(&p, EngineChoice::Bitset, None).unwrap();
/// assert_eq!(solver.engine_name(), "bitset");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum EngineChoice {
    /// The bitset engine where it fits and pays, else dancing links.
    #[default]
    Auto,
    /// The bitset engine; an error where the problem does not fit it.
    Bitset,
    /// Dancing links, for every problem.
    DancingLinks,
}

/// [`EngineChoice::Auto`] takes the bitset engine only when an option
/// conflicts with at least this many others on average (options sharing
/// an item with it, counted once per shared item). Domino tilings (about
/// 6) stay on dancing links; pentominoes (hundreds), n-queens (about 4n)
/// and Langford pairs (dozens) go to the bitset engine.
pub const AUTO_MIN_CONFLICTS: f64 = 12.0;

/// Does the bitset engine pay on `problem` (see [`EngineChoice::Auto`])?
/// The average conflicts of an option, counted from the items' list
/// lengths (an option sharing two items is counted twice), against the
/// words of the option set that every choice ANDs and copies.
fn bitset_pays(problem: &Problem) -> bool {
    let options = problem.num_options();
    if options == 0 {
        return false;
    }
    let mut per_item = vec![0u64; problem.num_items()];
    for k in 0..options {
        for i in problem.option(k) {
            per_item[i] += 1;
        }
    }
    let conflicts: u64 = (0..options)
        .map(|k| problem.option(k).map(|i| per_item[i] - 1).sum::<u64>())
        .sum();
    let average = conflicts as f64 / options as f64;
    average >= AUTO_MIN_CONFLICTS && average >= options.div_ceil(64) as f64
}

/// The engine of a search of `problem`: the one place where it is chosen.
/// `seed` shuffles the order of the options and items (each engine in its
/// own way).
fn new_engine(
    problem: &Problem,
    choice: EngineChoice,
    seed: Option<u64>,
) -> Result<Box<dyn Engine>, Error> {
    let bitset = match choice {
        EngineChoice::DancingLinks => false,
        EngineChoice::Bitset => true,
        EngineChoice::Auto => {
            seed.is_none() && bitset::fits(problem).is_ok() && bitset_pays(problem)
        }
    };
    if bitset {
        match BitsetEngine::new(problem, seed) {
            Ok(engine) => return Ok(Box::new(engine)),
            Err(why) => return Err(Error::EngineDoesNotFit { why }),
        }
    }
    Ok(Box::new(DancingLinks::new(problem, seed)))
}

/// A number no other solver of this process has (not even a clone).
#[derive(Debug)]
struct Identity(u64);

impl Identity {
    fn new() -> Identity {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        Identity(NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
    }
}

impl Clone for Identity {
    fn clone(&self) -> Identity {
        Identity::new()
    }
}

/// A resumable search for the solutions of one [`Problem`].
///
/// The solver walks the search tree with an explicit stack, so it can stop
/// after any solution, or after any number of nodes, and continue later. It is
/// `Send` and `Clone`.
///
/// ```
/// use exactcover::{Problem, Solver, Step};
///
/// // Knuth's example: items a..g, six options, one exact cover.
/// let mut p = Problem::with_items(7, 0);
/// for option in [&[2, 4][..], &[0, 3, 6], &[1, 2, 5], &[0, 3, 5], &[1, 6], &[3, 4, 6]] {
///     p.add_option(option.iter().copied()).unwrap();
/// }
/// let mut solver = Solver::new(&p);
/// assert_eq!(solver.step(u64::MAX), Step::Solution);
/// let mut solution = solver.solution();
/// solution.sort();
/// assert_eq!(solution, [0, 3, 4]);
/// assert_eq!(solver.step(u64::MAX), Step::Exhausted);
///
/// // Or iterate, or count:
/// assert_eq!(Solver::new(&p).solutions().collect::<Vec<_>>().len(), 1);
/// assert_eq!(Solver::new(&p).count(), 1);
/// ```
#[derive(Debug, Clone)]
pub struct Solver {
    engine: Box<dyn Engine>,
    /// What was forced and excluded at the engine's root.
    root: Root,
    /// The state of an exact (possibly memoized) count, once one started.
    exact: Option<Box<ExactCount>>,
    /// Solutions counted that this engine did not visit: skipped by memos
    /// since taken or dropped, or counted by the threads of a parallel
    /// count.
    extra: Count,
    /// Work done for this solver by the threads of a parallel count (its
    /// `solutions` unused: see `extra`).
    elsewhere: Stats,
    /// The work threads left when they stopped: while it is here, the
    /// engine stays at its root and every step, count or iteration goes on
    /// with it instead.
    parked: Option<Box<parallel::Parked>>,
    /// The problem's number of items.
    n_items: usize,
    /// Which solver this is: the threads it starts are its own alone
    /// ([`Solver::stop_threads`]); a clone is another solver.
    identity: Identity,
    /// The order of items a count may sweep in
    /// ([`Solver::set_sweep_order`]).
    sweep_order: Option<std::sync::Arc<[usize]>>,
    /// The fast count of a sweep, stopped between two calls of
    /// [`Solver::count_with`] (see [`order`]): the engine stays at its
    /// root, and the solutions are reported when the count completes.
    swept: Option<Box<crate::bitset::SweepCount>>,
    /// The memo figures of the last fast count of a sweep.
    swept_memo: Option<Box<MemoStats>>,
    /// The fast count of a sweep that counted the rest of a search handed
    /// over (see [`order`]), kept with its tables and memo between counts
    /// that stop (a count by slices with a short timeout each would
    /// otherwise make them again every time, and never end).
    rest_sweep: Option<Box<crate::bitset::SweepCount>>,
    /// The fast count of a sweep of the whole problem, from a fresh root,
    /// that counts the rest of a search that has started as the whole less
    /// the solutions counted so far (see `count_with`), kept between
    /// counts that stop.
    whole_sweep: Option<Box<crate::bitset::SweepCount>>,
    /// The root's restrictions went to the subtrees of a search handed
    /// over (`park_paused_search`): the root no longer holds them.
    root_handed_over: bool,
    /// Work done in place by the trials of counts that stopped before they
    /// handed the rest of a stepped search over (see `count_with`): the
    /// next count's trial goes on from it.
    trial_work: u64,
    /// Work of the race of [`OrderMode::Auto`] outside the tree that
    /// counted ([`Solver::race_stats`]; not in [`Solver::stats`]).
    race_work: Stats,
    /// The thresholds of the race ([`order`]).
    race_limits: &'static order::RaceLimits,
}

/// The restrictions of a solver's root: the options forced ("initial
/// choices") and excluded before the search, and the levels a donation made
/// part of the root ([`Solver::donate`]). The engine has applied them to its
/// links; the solver remembers them, to tell solutions and subtrees whole.
#[derive(Debug, Clone, Default)]
struct Root {
    /// Options forced, in the order given.
    forced: Vec<usize>,
    /// Options excluded, in the order given; never a forced one.
    excluded: Vec<usize>,
    /// `removed[k]`: option `k` is forced or excluded (empty until the first).
    removed: Vec<bool>,
}

impl Root {
    fn is_removed(&self, option: usize) -> bool {
        self.removed.get(option).copied().unwrap_or(false)
    }

    fn is_forced(&self, option: usize) -> bool {
        self.is_removed(option) && self.forced.contains(&option)
    }

    fn mark(&mut self, option: usize, num_options: usize) {
        if self.removed.is_empty() {
            self.removed = vec![false; num_options];
        }
        self.removed[option] = true;
    }

    /// Makes a path below the root part of the root.
    fn extend(&mut self, path: Subtree, num_options: usize) {
        for k in path.forced {
            self.forced.push(k);
            self.mark(k, num_options);
        }
        for k in path.excluded {
            if !self.is_removed(k) {
                self.excluded.push(k);
                self.mark(k, num_options);
            }
        }
    }

    /// A subtree below the root as a subtree of the whole problem.
    fn join(&self, path: Subtree) -> Subtree {
        Subtree {
            forced: self.forced.iter().copied().chain(path.forced).collect(),
            excluded: self.excluded.iter().copied().chain(path.excluded).collect(),
        }
    }
}

/// An exact count in progress ([`Solver::memo_step`]).
#[derive(Debug, Clone)]
struct ExactCount {
    /// The memo, while in use.
    memo: Option<Memo>,
    /// Has [`MemoMode::Auto`] still to decide whether to keep the memo?
    deciding: bool,
    /// The memo's figures when it was dropped (after a parallel count: the
    /// threads' memos, summed).
    dropped: MemoStats,
}

/// The memo of one search, on its way to another search of the same problem
/// ([`Solver::take_memo`], [`Solver::lend_memo`]): the sub-problems solved
/// so far with their counts. Opaque.
#[derive(Debug, Clone)]
pub struct LentMemo(Memo);

impl LentMemo {
    /// Figures of the memo (its entries, bytes, lookups and hits so far).
    pub fn stats(&self) -> MemoStats {
        self.0.stats()
    }
}

impl Solver {
    /// Prepares a search of `problem`, branching in the problem's own order:
    /// options in the order they were added, ties between items broken by item
    /// order.
    pub fn new(problem: &Problem) -> Solver {
        Solver::from_engine(
            new_engine(problem, EngineChoice::Auto, None).expect("Auto takes every problem"),
            problem,
        )
    }

    /// Like [`Solver::new`] but with every item's option list, and the order of
    /// the items, shuffled by a generator seeded with `seed`. The same seed gives
    /// the same order of solutions.
    pub fn with_seed(problem: &Problem, seed: u64) -> Solver {
        Solver::from_engine(
            new_engine(problem, EngineChoice::Auto, Some(seed)).expect("Auto takes every problem"),
            problem,
        )
    }

    /// Prepares a search of `problem` with the engine `choice` names (see
    /// [`EngineChoice`]), in the problem's own order, or shuffled by `seed`
    /// as [`Solver::with_seed`] does.
    ///
    /// # Errors
    ///
    /// [`Error::EngineDoesNotFit`] if `choice` is [`EngineChoice::Bitset`]
    /// and the problem does not fit the bitset engine (multiplicities,
    /// colors, too many options).
    pub fn with_engine(
        problem: &Problem,
        choice: EngineChoice,
        seed: Option<u64>,
    ) -> Result<Solver, Error> {
        Ok(Solver::from_engine(
            new_engine(problem, choice, seed)?,
            problem,
        ))
    }

    /// The engine searching: `"bitset"` or `"dlx"` (dancing links).
    pub fn engine_name(&self) -> &'static str {
        self.engine.name()
    }

    /// The order of items its counts may sweep in, as
    /// [`Solver::set_sweep_order`] gave it (`None`: none was given), so
    /// that another solver of the same problem (a distributed count's
    /// worker) can be given the same.
    pub fn sweep_order(&self) -> Option<&[usize]> {
        self.sweep_order.as_deref()
    }

    fn from_engine(engine: Box<dyn Engine>, problem: &Problem) -> Solver {
        Solver {
            n_items: problem.num_items(),
            identity: Identity::new(),
            sweep_order: None,
            swept: None,
            swept_memo: None,
            rest_sweep: None,
            whole_sweep: None,
            root_handed_over: false,
            trial_work: 0,
            race_work: Stats::default(),
            race_limits: &order::RaceLimits::DEFAULT,
            engine,
            root: Root::default(),
            exact: None,
            extra: Count::ZERO,
            elsewhere: Stats::default(),
            parked: None,
        }
    }

    /// Requires option `option` in every solution (an "initial choice").
    ///
    /// Returns `Ok(true)` if the option was compatible with the options forced so
    /// far, `Ok(false)` if it contradicts them, in which case the problem has no
    /// solutions any more. Forcing an option that is already forced changes
    /// nothing (so a subtree of [`Solver::split`], which repeats the options
    /// forced at the root, restricts a solver with those options forced).
    /// Fails if the option does not exist or the search has already started.
    pub fn force(&mut self, option: usize) -> Result<bool, Error> {
        self.check_restriction(option)?;
        if self.engine.is_exhausted() {
            // An earlier restriction left no solutions.
            return Ok(false);
        }
        if self.root.is_forced(option) {
            return Ok(true);
        }
        if self.root.is_removed(option) || !self.engine.is_available(option) {
            self.engine.end();
            return Ok(false);
        }
        self.root.forced.push(option);
        self.root.mark(option, self.engine.num_options());
        self.engine.force(option);
        Ok(true)
    }

    /// Removes option `option` from the problem: no solution will contain it.
    /// Excluding an option that is already unavailable does nothing;
    /// excluding a forced option leaves no solutions. Only before the search
    /// starts.
    pub fn exclude(&mut self, option: usize) -> Result<(), Error> {
        self.check_restriction(option)?;
        if self.engine.is_exhausted() {
            return Ok(());
        }
        if self.root.is_forced(option) {
            self.engine.end();
        } else if !self.root.is_removed(option) && self.engine.is_available(option) {
            self.root.excluded.push(option);
            self.root.mark(option, self.engine.num_options());
            self.engine.exclude(option);
        }
        Ok(())
    }

    /// Checks that `option` may be forced or excluded now.
    fn check_restriction(&self, option: usize) -> Result<(), Error> {
        if option >= self.engine.num_options() {
            return Err(Error::UnknownOption { option });
        }
        self.at_root()
    }

    /// The one check that the search has not started, for everything that
    /// works only at the root.
    fn at_root(&self) -> Result<(), Error> {
        if self.started() {
            Err(Error::SearchStarted)
        } else {
            Ok(())
        }
    }

    /// Has the search visited a node (here or on threads), or a sweep's
    /// count begun (stopped, it goes on in its own order: a restriction now
    /// would not reach it)?
    fn started(&self) -> bool {
        self.engine.stats().nodes > 0 || self.elsewhere.nodes > 0 || self.swept.is_some()
    }

    /// Can the next exact count memoize? Only a search at its root, or one
    /// whose memoized count was stopped between slices (with its memo), or
    /// one with nothing left to count.
    pub(super) fn can_memoize(&self) -> bool {
        if self.is_exhausted() {
            return true;
        }
        match &self.exact {
            None => !self.started(),
            Some(exact) => exact.memo.is_some(),
        }
    }

    /// A copy of this solver's search without the exact count's memo: what
    /// the threads of a parallel count and the walks of a split start from.
    fn copy_search(&self) -> Solver {
        Solver {
            n_items: self.n_items,
            identity: Identity::new(),
            sweep_order: self.sweep_order.clone(),
            swept: None,
            swept_memo: None,
            rest_sweep: None,
            whole_sweep: None,
            root_handed_over: self.root_handed_over,
            trial_work: 0,
            race_work: Stats::default(),
            race_limits: self.race_limits,
            engine: self.engine.clone(),
            root: self.root.clone(),
            exact: None,
            extra: Count::ZERO,
            elsewhere: Stats::default(),
            parked: None,
        }
    }

    /// [`Solver::copy_search`] made again at the root, by the sweep's order
    /// with `sweep` (else by MRV), with its root's restrictions: what the
    /// subtrees of the remainder of a search that has started restrict, to
    /// estimate or cut them.
    fn fresh_root(&self, sweep: bool) -> Solver {
        let mut root = self.copy_search();
        root.reorder(sweep);
        root
    }

    /// The path from the root of the problem to the current node (at a
    /// solution: the subtree of that solution alone).
    fn current_subtree(&self) -> Subtree {
        self.root.join(self.engine.current_path())
    }

    /// Restricts the search to `subtree` (forces and excludes its options).
    /// Returns `Ok(false)` if the subtree is contradictory (it has no solutions).
    /// Only before the search starts.
    pub fn restrict(&mut self, subtree: &Subtree) -> Result<bool, Error> {
        let mut consistent = true;
        for &k in &subtree.forced {
            consistent &= self.force(k)?;
        }
        for &k in &subtree.excluded {
            self.exclude(k)?;
        }
        Ok(consistent && !self.is_exhausted())
    }

    /// The unexplored part of a paused search (after [`Step::Paused`]) as
    /// disjoint subtrees that include the options forced and excluded on this
    /// solver: the solutions still to come are exactly theirs. After an
    /// exhausted search, none. `None` if they would take more than
    /// `max_entries` option ids in all (deep trees with siblings at every
    /// level), or if the search is not paused between nodes.
    ///
    /// A task with a time limit counts what it can and hands the rest back as
    /// new tasks; see [`Solver::count_with`] for threads.
    ///
    /// ```
    /// use exactcover::{Problem, Solver, Step};
    ///
    /// let n = 8;
    /// let mut p = Problem::with_items(2 * n, 4 * n - 2);
    /// for i in 0..n {
    ///     for j in 0..n {
    ///         p.add_option([i, n + j, 2 * n + i + j, 5 * n - 2 + i - j]).unwrap();
    ///     }
    /// }
    /// let mut solver = Solver::new(&p);
    /// let (found, step) = solver.count_step(300, u64::MAX);
    /// assert_eq!(step, Step::Paused);
    /// let rest: u64 = solver
    ///     .remainder(usize::MAX)
    ///     .unwrap()
    ///     .iter()
    ///     .map(|t| {
    ///         let mut s = Solver::new(&p);
    ///         s.restrict(t).unwrap();
    ///         s.count()
    ///     })
    ///     .sum();
    /// assert_eq!(found + rest, 92);
    /// ```
    pub fn remainder(&self, max_entries: usize) -> Option<Vec<Subtree>> {
        if let Some(parked) = &self.parked {
            return self.parked_remainder(parked, max_entries);
        }
        let parts = self.engine.remainder(max_entries)?;
        Some(parts.into_iter().map(|part| self.root.join(part)).collect())
    }

    /// Work donation: gives away the siblings still to come at the shallowest
    /// level of a paused search that has any, as a subtree that includes the
    /// options forced and excluded on this solver, and confines this search
    /// to the rest (the branch it is in at that level). `None` if there is
    /// nothing to give (or the search is not paused between nodes).
    pub fn donate(&mut self) -> Option<Subtree> {
        if self.parked.is_some() {
            return None;
        }
        let depth = self.engine.depth();
        let (given, kept) = self.engine.donate()?;
        if let Some(memo) = self.exact.as_mut().and_then(|e| e.memo.as_mut()) {
            memo.rebase(depth - self.engine.depth());
        }
        let given = self.root.join(given);
        self.root.extend(kept, self.engine.num_options());
        Some(given)
    }

    /// Runs the search until the next solution, the end of the search, or until
    /// `budget` search-tree nodes have been visited, whichever comes first.
    /// After [`Step::Solution`], [`Solver::solution`] tells which options were
    /// chosen.
    pub fn step(&mut self, budget: u64) -> Step {
        self.count_step(budget, 1).1
    }

    /// Counts solutions without stopping at each: runs until `limit` more
    /// solutions have been found ([`Step::Solution`]), the search is over
    /// ([`Step::Exhausted`]) or `budget` nodes have been visited
    /// ([`Step::Paused`]). Returns the number of solutions found by this call.
    /// A `limit` of 0 is taken as 1 (to count none, do not call; a count to
    /// a limit of 0 is [`CountOptions`]' `limit: Some(0)`).
    pub fn count_step(&mut self, budget: u64, limit: u64) -> (u64, Step) {
        if self.parked.is_some() {
            return self.parked_search(budget, limit);
        }
        if self.exact.as_ref().is_some_and(|e| e.memo.is_some()) {
            self.drop_memo();
        }
        self.engine.search(budget, limit, None)
    }

    /// Counts all the remaining solutions on this thread, visiting each, in
    /// one call: the plain engine loop, with nothing above it. For threads,
    /// the memo, a limit, progress or a way to stop, see
    /// [`Solver::count_with`].
    pub fn count(&mut self) -> u64 {
        self.count_step(u64::MAX, u64::MAX).0
    }

    /// Iterates over the remaining solutions. Dropping the iterator leaves the
    /// solver where it stopped: it can be resumed later.
    pub fn solutions(&mut self) -> Solutions<'_> {
        Solutions { solver: self }
    }

    /// The options of the current solution (valid right after
    /// [`Step::Solution`] from [`Solver::step`]): forced options first, then the
    /// choices in the order the search made them.
    pub fn solution(&self) -> Vec<usize> {
        let mut out = Vec::with_capacity(self.depth() + 8);
        self.solution_into(&mut out);
        out
    }

    /// Like [`Solver::solution`], reusing `out`'s allocation.
    pub fn solution_into(&self, out: &mut Vec<usize>) {
        out.clear();
        if let Some(parked) = &self.parked {
            out.extend(&parked.current);
            return;
        }
        out.extend(&self.root.forced);
        self.engine.choices_into(out);
    }

    /// The options chosen along the current path of the search tree (forced
    /// options not included); the null branches of Algorithm M are left out.
    pub fn current_choices(&self) -> Vec<usize> {
        let mut out = Vec::with_capacity(self.depth());
        self.engine.choices_into(&mut out);
        out
    }

    /// Work done so far. `solutions` counts those skipped by a memoized
    /// count too, saturating at `u64::MAX` ([`Solver::solutions_counted`] has
    /// the exact number).
    pub fn stats(&self) -> Stats {
        let here = self.engine.stats();
        let swept = self.swept.as_ref().map_or(0, |s| s.stats().nodes);
        Stats {
            nodes: here.nodes + self.elsewhere.nodes + swept,
            updates: here.updates + self.elsewhere.updates,
            solutions: self.solutions_counted().saturating_u64(),
        }
    }

    /// Work of the race of [`OrderMode::Auto`] that is not in
    /// [`Solver::stats`]: the check's counts of sub-problems, and the
    /// loser's search (MRV's start where the sweep won). Kept apart so that
    /// [`Solver::stats`] is the work of the tree that counted alone, the
    /// same from run to run (the race decides by work, not by the clock).
    pub fn race_stats(&self) -> Stats {
        self.race_work
    }

    /// The number of solutions this solver has found, counted or skipped
    /// (with a memo) so far, exactly.
    pub fn solutions_counted(&self) -> Count {
        let mut total = Count::from(self.engine.stats().solutions);
        total += &self.extra;
        if let Some(memo) = self.exact.as_ref().and_then(|e| e.memo.as_ref()) {
            total += memo.skipped();
        }
        total
    }

    /// Drops the memo of an exact count: the search goes on without it (the
    /// solutions it counted stay counted).
    fn drop_memo(&mut self) {
        if let Some(exact) = self.exact.as_mut() {
            if let Some(mut memo) = exact.memo.take() {
                self.extra += memo.skipped();
                memo.deactivate();
                exact.dropped = MemoStats {
                    entries: 0,
                    bytes: 0,
                    ..memo.stats()
                };
            }
        }
    }

    /// Runs an exact count for at most `budget` more nodes: returns
    /// [`Step::Exhausted`] once every solution is counted
    /// ([`Solver::solutions_counted`] grows by their number) or
    /// [`Step::Paused`]; call again to go on. `options` are read by the first
    /// call. The memo is used only from the root: a solver whose search has
    /// started counts its remaining solutions without it, and stepping the
    /// search otherwise ([`Solver::step`], [`Solver::count_step`]) drops the
    /// memo of a count in progress. The slices of [`Solver::count_with`].
    fn memo_step(&mut self, budget: u64, options: &MemoOptions) -> Step {
        if self.exact.is_none() {
            let memo = (options.mode != MemoMode::Never && !self.started()).then(|| {
                let mut memo = Memo::counting(&mut *self.engine, options.max_bytes);
                memo.set_hash_bits(options.hash_bits);
                memo.set_depth_base(self.root.forced.len());
                memo
            });
            self.exact = Some(Box::new(ExactCount {
                memo,
                deciding: options.mode == MemoMode::Auto,
                dropped: MemoStats::default(),
            }));
        }
        let mut budget = budget;
        loop {
            let exact = self.exact.as_mut().expect("set above");
            let engine = &mut self.engine;
            let Some(memo) = exact.memo.as_mut() else {
                return engine.search(budget, u64::MAX, None).1;
            };
            let looked = memo.stats().lookups;
            // Auto checks at 2^4, 2^5, ... lookups up to AUTO_TRIAL: from
            // AUTO_FIRST_CHECK on whether the memo pays, before that only whether it
            // swamps the search (see Memo::swamps).
            let checkpoint = (looked + 1).next_power_of_two().max(1 << 4);
            let slice = if exact.deciding {
                budget.min(checkpoint - looked)
            } else {
                budget
            };
            let before = engine.stats().nodes;
            let (_, step) = engine.search(slice, u64::MAX, Some(memo));
            if step == Step::Exhausted {
                return step;
            }
            budget = budget.saturating_sub(engine.stats().nodes - before);
            let lookups = memo.stats().lookups;
            if exact.deciding && lookups.is_power_of_two() && lookups < AUTO_FIRST_CHECK {
                if memo.swamps(&**engine) {
                    self.drop_memo();
                    continue;
                }
            } else if exact.deciding && lookups.is_power_of_two() {
                if lookups >= AUTO_TRIAL {
                    exact.deciding = false;
                }
                if std::env::var_os("EXACTCOVER_MEMO_DEBUG").is_some() {
                    eprintln!(
                        "memo after {lookups} lookups: benefit {:.3}",
                        memo.benefit()
                    );
                }
                if !memo.pays() {
                    // Sub-problems rarely repeat: count on without the memo.
                    self.drop_memo();
                    continue;
                }
            }
            if budget == 0 {
                return Step::Paused;
            }
        }
    }

    /// Lends this solver the memo of another search of the same problem
    /// ([`Solver::take_memo`]): its next memoized count
    /// ([`Solver::count_with`]) starts with the sub-problems that
    /// search solved already (under any root: a key holds the options
    /// removed at its root that could matter). Returns false, and drops the
    /// memo, if this search has started, if `options` say never to
    /// memoize, or if the memo is of a problem of another size or writes
    /// its keys otherwise (another engine, or other colors and bounds at the
    /// root).
    ///
    /// The problem must be the same (the same items and options): counts
    /// would be wrong with another problem's memo. This is how the tasks of
    /// a distributed count, each a subtree counted by a solver of its own,
    /// share what they learn within a process.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use exactcover::{CountOptions, Problem, Solver, Subtree};
    ///
    /// // Domino tilings of the 4 x 4 board (36), counted in two subtrees:
    /// // with option 0 and without it.
    /// let mut p = Problem::with_items(16, 0);
    /// for cell in 0..16 {
    ///     if cell % 4 < 3 {
    ///         p.add_option([cell, cell + 1]).unwrap();
    ///     }
    ///     if cell < 12 {
    ///         p.add_option([cell, cell + 4]).unwrap();
    ///     }
    /// }
    /// let options = CountOptions::default();
    /// let go_on = |_: &_| ControlFlow::Continue(());
    /// let mut with = Solver::new(&p);
    /// with.restrict(&Subtree { forced: vec![0], excluded: vec![] }).unwrap();
    /// let a = with.count_with(&options, go_on).unwrap().count;
    /// let mut without = Solver::new(&p);
    /// without.restrict(&Subtree { forced: vec![], excluded: vec![0] }).unwrap();
    /// if let Some(memo) = with.take_memo() {
    ///     assert!(without.lend_memo(memo, &options.memo));
    /// }
    /// let b = without.count_with(&options, go_on).unwrap().count;
    /// assert_eq!(a.to_u64().unwrap() + b.to_u64().unwrap(), 36);
    /// ```
    pub fn lend_memo(&mut self, memo: LentMemo, options: &MemoOptions) -> bool {
        if self.exact.is_some() || self.started() || options.mode == MemoMode::Never {
            return false;
        }
        let Some(mut memo) = memo.0.carry_to(&mut *self.engine) else {
            return false;
        };
        memo.set_depth_base(self.root.forced.len());
        self.exact = Some(Box::new(ExactCount {
            memo: Some(memo),
            deciding: options.mode == MemoMode::Auto,
            dropped: MemoStats::default(),
        }));
        true
    }

    /// Takes the memo of this solver's exact count (over, or paused), to lend
    /// to another solver of the same problem ([`Solver::lend_memo`]); the
    /// solutions it counted stay counted here. `None` if there is none (no
    /// exact count, or [`MemoMode::Auto`] dropped it).
    pub fn take_memo(&mut self) -> Option<LentMemo> {
        let exact = self.exact.as_mut()?;
        let memo = exact.memo.take()?;
        self.extra += memo.skipped();
        Some(LentMemo(memo))
    }

    /// Whether the exact count in progress memoizes for good: `Some(true)`
    /// once it keeps its memo (decided, or [`MemoMode::Always`]),
    /// `Some(false)` once it counts without one, `None` before an exact count
    /// or while [`MemoMode::Auto`] is still deciding. Other searches of the
    /// same problem can skip the trial: [`MemoMode::Always`] or
    /// [`MemoMode::Never`] accordingly.
    pub fn memo_verdict(&self) -> Option<bool> {
        let exact = self.exact.as_ref()?;
        match &exact.memo {
            None => Some(false),
            Some(_) if !exact.deciding => Some(true),
            Some(_) => None,
        }
    }

    /// Figures of the memo of the exact count (all zero before one started).
    pub fn memo_stats(&self) -> MemoStats {
        if let Some(swept) = &self.swept {
            return swept.memo_stats();
        }
        if let (Some(stats), None) = (&self.swept_memo, &self.exact) {
            return **stats;
        }
        let mut stats = match &self.exact {
            Some(exact) => match &exact.memo {
                Some(memo) => memo.stats(),
                None => exact.dropped,
            },
            None => MemoStats::default(),
        };
        if let Some(parked) = &self.parked {
            parked.memo_stats(&mut stats);
        }
        stats
    }

    /// Is the search over?
    pub fn is_exhausted(&self) -> bool {
        self.engine.is_exhausted()
    }

    /// Depth of the search stack.
    pub fn depth(&self) -> usize {
        self.engine.depth()
    }

    /// The position of the current branch at each of the first `max_levels`
    /// levels of the search stack, as `(k, d)`: the k-th (1-based) of the `d`
    /// branches of that level is being explored. Knuth's estimate of the
    /// fraction of the tree already explored is
    /// `(k1 - 1)/d1 + (k2 - 1)/(d1 d2) + ...` (dlx1's progress reports).
    ///
    /// At an ordinary level `d` is the length of the item's list (plus one for
    /// Algorithm M's null branch); at a level that tweaks an item of bound at
    /// least 2 it is an estimate (branches tried, plus options left, plus one).
    pub fn choice_positions(&self, max_levels: usize) -> Vec<(u32, u32)> {
        self.engine.choice_positions(max_levels)
    }

    /// Checks the engine's internal invariants. For tests; linear cost.
    #[doc(hidden)]
    pub fn check_invariants(&self) -> Result<(), String> {
        self.engine.check_invariants()
    }
}

/// An iterator over the remaining solutions of a [`Solver`], each as the list of
/// its options (see [`Solver::solution`]); made by [`Solver::solutions`].
///
/// Its `count()` is the solver's fast count: no solution is built.
#[derive(Debug)]
pub struct Solutions<'a> {
    solver: &'a mut Solver,
}

impl Iterator for Solutions<'_> {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        loop {
            match self.solver.step(u64::MAX) {
                Step::Solution => return Some(self.solver.solution()),
                Step::Exhausted => return None,
                Step::Paused => continue,
            }
        }
    }

    fn count(self) -> usize {
        self.solver.count() as usize
    }
}

/// Once exhausted, the search stays exhausted.
impl std::iter::FusedIterator for Solutions<'_> {}
